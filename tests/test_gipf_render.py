"""Tests of gamekit.gipf.picture: the layers of a GIPF picture, its highlights, in-place
updates, the SVG the clickable board uses, and the notebook display of a state."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from matplotlib.figure import Figure
from matplotlib.path import Path
from PIL import Image

from gamekit import gipf
from gamekit.gipf.picture import LAYERS, PALETTE, TALLY, GipfView, caption, draw, styles
from gamekit.render import show
from gamekit.render.board import HIDDEN

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
    from gamekit.gipf.picture import _PUSHES

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


def test_the_last_push_arrow_goes_once_a_removal_empties_its_entry_spot():
    state = play(CASE_8)  # White pushed e1-e2 and must take e2-e5
    assert arrow_pushes(styles(state)["arrows"]) == {"e1-e2"}
    after = state.play("xe2-e5")
    assert after.last is not None and after.piece_at("e2") is None
    assert arrow_pushes(styles(after)["arrows"]) == set()


def test_spots_a_removal_emptied_are_marked_while_they_stay_empty():
    after = play(CASE_8).play("xe2-e5 keep e5")
    look = styles(after, removed=["e2", "e3", "e4", "e5"])
    marked = {
        gipf.GRID.label(i) for i, c in enumerate(look["tint"].face) if c == PALETTE["removed"]
    }
    assert marked == {"e2", "e3", "e4"}  # e5 holds the GIPF piece White kept


def test_no_text_on_the_board_is_under_10_pixels_when_it_is_shown_560_pixels_wide():
    view = GipfView(show_caption=False)
    view.update(play(CASE_8))
    width_pt = view.figsize[0] * 72  # the SVG's width in points
    texts = [t for t in view.figure.axes[0].texts if t.get_text()]
    assert len(texts) > 61  # every point's name, the players, the tallies and their counts
    smallest = min(t.get_fontsize() for t in texts) * 560 / width_pt
    assert smallest >= 10


def test_rows_of_both_colours_are_tinted_the_movers_filled_and_the_others_ringed():
    # White's push makes White's e2-e5 and Black's d5-g6 (e6 is both Black's row and
    # White's extension): White removes first, Black's row waits.
    rules = gipf.Rules(variant="basic")
    both = rules.setup(
        {"e2": "W", "e3": "W", "e4": "W", "e5": "B", "d5": "B", "f6": "B", "g6": "B"}
    ).play("e1-e2")
    tint = styles(both)["tint"]
    filled = {gipf.GRID.label(i) for i, f in enumerate(tint.face) if f == PALETTE["row"]}
    ringed = {gipf.GRID.label(i) for i, e in enumerate(tint.edge) if e == PALETTE["waiting_row"]}
    assert filled == {"e2", "e3", "e4", "e5"}
    assert ringed == {"d5", "e6", "f6", "g6"}
    assert tint.face[INDEX("e6")] == PALETTE["segment"]  # White's extension, Black's row


def test_a_refused_push_is_drawn_as_the_piece_on_its_dot_with_a_red_arrow_and_a_cross():
    full = play(["b1-b2", "b6-b5"], "basic")  # line b is full: b1-b2 is refused
    look = styles(full, attempt="b1-b2", last=False)
    assert labels(shown(look["flags"])) == {"b2"}
    assert look["pieces"].face[INDEX("b1")] == PALETTE["ghost_white"]
    assert look["pieces"].edge[INDEX("b1")] == PALETTE["attempt"]
    assert arrow_pushes(look["arrows"]) == {"b1-b2"}
    k = sorted(gipf._tables().entries).index((INDEX("b1"), INDEX("b2")))
    assert look["arrows"].face[k] == PALETTE["attempt_arrow"]


def test_a_refused_gipf_piece_is_drawn_stacked_and_a_push_with_no_line_has_no_arrow():
    start = gipf.Rules().start()
    look = styles(start, attempt="Ge1-e2", last=False)
    assert look["under"].face[INDEX("e1")] == PALETTE["ghost_white"]
    assert look["crowns"].edge[INDEX("e1")] != HIDDEN
    stray = styles(start, attempt="e1-f2", last=False)  # f2 is not on a line from e1
    assert arrow_pushes(stray["arrows"]) == set()
    assert labels(shown(stray["flags"])) == {"f2"}
    assert stray["pieces"].face[INDEX("e1")] == PALETTE["ghost_white"]


def test_a_push_from_a_spot_crosses_that_spot_and_a_removal_the_spots_it_takes():
    start = gipf.Rules().start()
    assert labels(shown(styles(start, attempt="e2-e3")["flags"])) == {"e2"}
    assert labels(shown(styles(start, attempt="xe2-e4")["flags"])) == {"e2", "e3", "e4"}
    assert labels(shown(styles(start, attempt=" e5 ")["flags"])) == {"e5"}


def test_an_attempt_that_is_no_point_and_no_move_is_refused_naming_the_argument():
    for bad in ("z9-z8", "hello", 12):
        with pytest.raises(ValueError, match="attempt must be a point"):
            styles(gipf.Rules().start(), attempt=bad)


def test_the_last_push_arrow_stays_green_in_the_pictures_notebooks_store():
    state = gipf.Rules(variant="basic").start().play("e1-e2")
    green = tuple(int(PALETTE["last"][k : k + 2], 16) for k in (1, 3, 5))
    blue = tuple(int(PALETTE["arrow"][k : k + 2], 16) for k in (1, 3, 5))

    def near(pixels, colour):
        return int((np.abs(pixels - np.array(colour)).max(axis=2) <= 6).sum())

    for png in (state._repr_png_(), show(state)._repr_png_(), show(state, legal=True)._repr_png_()):
        pixels = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=int)
        assert near(pixels, green) >= 100  # the arrow e1-e2 keeps its own colour
    assert near(pixels, blue) >= 1000  # and the legal pushes beside it stay blue


def test_dot_names_sit_outside_the_board_edge_and_inside_the_picture():
    from gamekit.gipf.picture import _shapes, label_positions

    hexagon = _shapes()["board"][0]
    edge = Path(hexagon)
    view = GipfView()
    (x0, x1), (y0, y1) = view.drawing.ax.get_xlim(), view.drawing.ax.get_ylim()
    for dot in gipf.DOTS:
        x, y = label_positions()[INDEX(dot)]
        assert not edge.contains_point((x, y)), dot
        gaps = []
        for (ax_, ay), (bx, by) in zip(hexagon, list(hexagon[1:]) + [hexagon[0]], strict=True):
            t = max(0, min(1, ((x - ax_) * (bx - ax_) + (y - ay) * (by - ay))
                           / ((bx - ax_) ** 2 + (by - ay) ** 2)))  # fmt: skip
            gaps.append(((x - ax_ - t * (bx - ax_)) ** 2 + (y - ay - t * (by - ay)) ** 2) ** 0.5)
        assert min(gaps) >= 0.3, dot  # clear of the edge line by more than half a letter
        assert x0 + 0.3 <= x <= x1 - 0.3 and y0 + 0.3 <= y <= y1 - 0.3, dot


def test_a_spots_name_sits_clear_of_a_piece_standing_on_it():
    from gamekit.gipf.picture import _shapes, label_positions

    piece = _shapes()["pieces"]
    for spot in gipf.SPOTS:
        i = INDEX(spot)
        x, y = label_positions()[i]
        disc = piece[i]
        cx, cy = disc.mean(axis=0)
        radius = float(np.hypot(*(disc[0] - (cx, cy))))
        assert np.hypot(x - cx, y - cy) >= radius + 0.2, spot  # half a letter clear of it


def test_a_spots_name_is_nearer_its_own_spot_than_any_other_point():
    """So that the name nearest a piece is its own: each spot's name is clearly nearer its
    spot than any neighbour (a spot or a dot), not halfway between (issue 42: "b5" was
    written against the c5 piece)."""
    from gamekit.gipf.picture import label_positions

    centres = np.asarray(gipf.GRID.centres, dtype=float)
    for spot in gipf.SPOTS:
        i = INDEX(spot)
        gaps = np.hypot(*(centres - label_positions()[i]).T)
        own, others = gaps[i], np.delete(gaps, i)
        assert own <= 0.9 * others.min(), (spot, own, others.min())
