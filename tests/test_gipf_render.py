"""Tests of gamekit.render.gipf: the layers of a GIPF picture, its highlights, in-place
updates, the SVG the clickable board uses, and the notebook display of a state."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from matplotlib.figure import Figure

from gamekit import gipf
from gamekit.render import show
from gamekit.render.board import HIDDEN
from gamekit.render.gipf import LAYERS, PALETTE, TALLY, GipfView, caption, draw, styles

# Elements per layer (docs/rules/gipf.md, "Board": 61 points, 21 lines, 42 entries),
# plus 4 tally columns of 18 slots (the most pieces a player has).
COUNTS = {
    "board": 1,
    "lines": 21,
    "tint": 61,
    "points": 61,
    "arrows": 42,
    "under": 61,
    "pieces": 61,
    "crowns": 61,
    "flags": 61,
    "tally": 72,
}

# Case 8 of the digest: White's GIPF piece pushed to e5 in White's row e2-e5.
CASE_8 = ["e1-e2", "b6-b5", "e1-e2", "c7-c6", "e1-e2"]

SVG = "{http://www.w3.org/2000/svg}"
INDEX = gipf.GRID.index


def play(moves, variant="standard") -> gipf.State:
    state = gipf.Rules(variant=variant).start()
    for move in moves:
        state = state.play(move)
    return state


def shown(style) -> set[int]:
    return {
        i
        for i, (f, e) in enumerate(zip(style.face, style.edge, strict=True))
        if f != e or f != HIDDEN
    }


def labels(indices) -> set[str]:
    return {gipf.GRID.label(i) for i in indices}


def arrow_pushes(style) -> set[str]:
    from gamekit.render.gipf import _PUSHES

    return {
        f"{gipf.GRID.label(d)}-{gipf.GRID.label(e)}"
        for k, (d, e) in enumerate(_PUSHES)
        if k in shown(style)
    }


def test_every_layer_has_one_element_per_thing_it_draws():
    look = styles(gipf.Rules().start())
    assert tuple(look) == LAYERS
    assert {name: len(s.face) for name, s in look.items()} == COUNTS


def test_pieces_have_their_colour_and_gipf_pieces_a_lower_disc_and_a_ring():
    state = gipf.Rules().start()
    look = styles(state)
    assert labels(shown(look["pieces"])) == set(state.pieces())
    assert labels(shown(look["under"])) == labels(shown(look["crowns"])) == set(state.pieces())
    assert look["pieces"].face[INDEX("e2")] == PALETTE["white"]
    assert look["pieces"].face[INDEX("e8")] == PALETTE["black"]
    basic = styles(gipf.Rules(variant="basic").start())
    assert shown(basic["under"]) == set() == shown(basic["crowns"])
    assert len(shown(basic["pieces"])) == 6


def test_the_last_push_has_its_arrow_and_legal_true_shows_every_push():
    state = gipf.Rules().start().play("e1-e2")
    assert arrow_pushes(styles(state)["arrows"]) == {"e1-e2"}
    assert arrow_pushes(styles(state, last=False)["arrows"]) == set()
    legal = arrow_pushes(styles(state, legal=True, last=False)["arrows"])
    assert legal == {str(m) for m in state.legal_moves()} and len(legal) == 42


def test_a_chosen_dot_is_ringed_with_arrows_for_its_legal_pushes():
    state = play(["b1-b2", "b6-b5"], "basic")  # b2..b5 full: b1-b2 is illegal
    look = styles(state, dot="b1", last=False)
    assert look["points"].face[INDEX("b1")] == PALETTE["chosen"]
    assert arrow_pushes(look["arrows"]) == {"b1-c2"}


def test_rows_to_remove_are_tinted_and_the_chosen_segment_and_kept_pieces_marked():
    state = play(CASE_8)
    look = styles(state)
    tinted = labels(shown(look["tint"]))
    assert tinted == {"e2", "e3", "e4", "e5"}
    assert look["tint"].face[INDEX("e3")] == PALETTE["row"]
    look = styles(state, segment=["e2", "e3", "e4", "e5"], keep=["e5"])
    assert look["tint"].face[INDEX("e3")] == PALETTE["chosen_segment"]
    assert look["crowns"].edge[INDEX("e5")] == PALETTE["keep"]
    assert shown(styles(state, rows=False)["tint"]) == set()


def test_the_attempt_cross_and_marks_sit_on_their_points():
    look = styles(gipf.Rules().start(), attempt="e5", marks=["d4", "f4"])
    assert labels(shown(look["flags"])) == {"e5"}
    assert labels(shown(look["tint"])) == {"d4", "f4"}


def test_the_tally_shows_reserves_and_captured_pieces():
    state = gipf.Rules(variant="basic").setup({"e2": "W", "e8": "B"}, captured=(3, 1))
    look = styles(state)["tally"]
    filled = shown(look)
    columns = [len([k for k in filled if k // TALLY == c]) for c in range(4)]
    assert columns == [11, 3, 13, 1]


def test_captions_say_whose_turn_and_what_to_do_or_who_won():
    assert caption(gipf.Rules().start()) == "White to push"
    assert caption(play(CASE_8)) == "White to remove a row"
    lost = play(CASE_8).play("xe2-e5")
    assert caption(lost) == "Black to push"


def test_update_recolours_in_place_without_adding_artists():
    view = GipfView()
    before = len(view.figure.axes[0].get_children())
    collections = dict(view.drawing.layers)
    view.update(play(CASE_8))
    view.update(gipf.Rules().start(), legal=True)
    assert len(view.figure.axes[0].get_children()) == before
    assert view.drawing.layers == collections
    assert view.counts[0].get_text() == "12"


def test_svg_has_a_group_per_layer_with_one_path_per_element():
    svg = GipfView().drawing.svg()
    root = ET.fromstring(svg)
    for name, count in COUNTS.items():
        group = root.find(f".//{SVG}g[@id='layer-{name}']")
        assert group is not None, name
        assert len(group.findall(f".//{SVG}path")) == count, name


def test_svg_transform_puts_each_point_on_its_click_target():
    from gamekit.widgets.view import click_to_cell, svg_point

    drawing = GipfView(show_caption=False).drawing
    t = drawing.svg_transform()
    for label in ("e5", "a1", "i5", "e9", "c3"):
        x, y = gipf.GRID.centres[INDEX(label)]
        assert click_to_cell(gipf.GRID, t, *svg_point(t, x, y)) == label


def test_a_state_shows_itself_as_a_png_the_same_every_time():
    state = play(CASE_8)
    png = state._repr_png_()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png == play(CASE_8)._repr_png_()


def test_show_draws_a_gipf_state_at_the_size_asked_for():
    fig = show(gipf.Rules().start(), figsize=(6.0, 4.5))
    assert isinstance(fig, Figure) and fig.get_size_inches().tolist() == [6.0, 4.5]
    assert draw(gipf.Rules().start()).get_size_inches().tolist() == [8.0, 6.0]
