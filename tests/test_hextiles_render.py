"""Tests of gamekit.render.hextiles: which elements each highlight lights up, in-place
updates, the SVG a clickable board uses, and the pictures of figures and whole games."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from matplotlib.figure import Figure as MplFigure

from gamekit import hextiles
from gamekit.grids import HEX_DIRECTIONS, hex_region
from gamekit.render import show
from gamekit.render.board import HIDDEN
from gamekit.render.hextiles import (
    LAYERS,
    PALETTE,
    TILE_COLOURS,
    FigureView,
    caption,
    draw,
    radius_for,
    styles,
    tile_svg,
)

# Elements per layer of a window of radius R: 3R(R+1)+1 cells, six sides each.
WINDOWS = [(2, 19), (3, 37), (4, 61)]

SVG = "{http://www.w3.org/2000/svg}"


def worked() -> hextiles.Figure:
    """The digest's worked example: the starter and a brown tile above it."""
    return hextiles.Figure.start().place("111110", (0, 1), 4)


def ring() -> hextiles.Figure:
    """Six yellow tiles round the starter, every outward side marked (closed outline)."""
    fig = hextiles.Figure.start()
    for i in range(6):
        fig = fig.place(hextiles.Tile.from_marks("111000").rotated(i - 1), HEX_DIRECTIONS[i], 0)
    return fig


def midgame(players: int = 2) -> hextiles.State:
    rng = np.random.default_rng(1)
    state = hextiles.Rules(players=players, seed=5).start()
    for _ in range(30):
        moves = state.legal_moves()
        state = state.play(moves[int(rng.integers(len(moves)))])
    return state


def shown(style) -> list[int]:
    return [
        i
        for i, (f, e) in enumerate(zip(style.face, style.edge, strict=True))
        if (f, e) != (HIDDEN, HIDDEN)
    ]


def test_windows_have_one_element_per_cell_and_six_per_cell_for_the_sides():
    for radius, cells in WINDOWS:
        grid = hex_region(radius)
        look = styles(grid, worked())
        assert tuple(look) == LAYERS
        for name, style in look.items():
            want = 6 * cells if name in ("marks", "outer", "run") else cells
            assert len(style.face) == want, name


def test_tiles_are_tinted_by_colour_and_each_marked_side_has_a_bar():
    grid = hex_region(3)
    look = styles(grid, worked())
    brown = grid.at((0, 1))
    assert look["cells"].face[brown] == TILE_COLOURS["brown"][0]
    assert look["cells"].face[grid.at((0, 0))] == TILE_COLOURS["blank"][0]
    bars = shown(look["marks"])
    assert sorted(bars) == [6 * brown + s for s in (0, 1, 2, 4, 5)]
    assert {look["marks"].face[k] for k in bars} == {TILE_COLOURS["brown"][1]}
    # Empty cells next to the figure are drawn faintly; the others not at all.
    frontier = {grid.at(c) for c in worked().frontier()}
    drawn = set(shown(look["cells"]))
    assert drawn == frontier | {brown, grid.at((0, 0))}


def test_hints_mark_exactly_the_cells_where_the_tile_fits():
    grid = hex_region(3)
    fig = worked()
    look = styles(grid, fig, hints="111110")
    want = {grid.at(c) for c, _ in fig.legal_placements("111110")}
    assert set(shown(look["hints"])) == want
    assert not shown(styles(grid, fig)["hints"])


def test_the_attempt_cross_is_on_the_attempted_cell_only():
    grid = hex_region(3)
    look = styles(grid, worked(), attempt=(1, 0))
    assert shown(look["flags"]) == [grid.at((1, 0))]
    assert look["flags"].face[grid.at((1, 0))] == PALETTE["attempt"]


def test_scoring_lights_the_outer_border_and_the_longest_run():
    grid = hex_region(3)
    fig = worked()
    sc = hextiles.score(fig)
    look = styles(grid, fig, scoring=True)
    assert set(shown(look["outer"])) == {6 * grid.at(c) + s for c, s in sc.outer}
    assert set(shown(look["run"])) == {6 * grid.at(c) + s for c, s in sc.run}
    assert len(shown(look["run"])) == 5 and len(shown(look["outer"])) == 10
    only_run = styles(grid, fig, run=True)
    assert shown(only_run["outer"]) == [] and len(shown(only_run["run"])) == 5
    assert caption(fig, scoring=True) == "tiles 5 + border 5 = 10"
    assert caption(ring(), scoring=True) == "tiles 18 + border 36 doubled = 54"


def test_update_recolours_in_place_and_refuses_a_figure_outside_the_window():
    view = FigureView(3)
    artists = len(view.figure.axes[0].get_children())
    view.update(hextiles.Figure.start())
    view.update(worked(), scoring=True, hints="100000")
    assert len(view.figure.axes[0].get_children()) == artists
    want = styles(view.grid, worked(), scoring=True)
    assert view.drawing.current("run") == view.drawing.current("run")
    assert [f != HIDDEN for f in view.drawing.current("run").face] == [
        f != HIDDEN for f in want["run"].face
    ]
    far = hextiles.Figure({(0, 0): "000000", (3, 0): "100000"})
    assert not FigureView(3).fits(far)
    with pytest.raises(ValueError, match="FigureView"):
        FigureView(3).update(far)
    assert radius_for(far) == 5


def svg_layers(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {
        g.get("id")[len("layer-") :]: g
        for g in root.iter(f"{SVG}g")
        if g.get("id", "").startswith("layer-")
    }


@pytest.mark.parametrize("radius, cells", WINDOWS)
def test_the_svg_has_every_element_of_every_layer(radius, cells):
    view = FigureView(radius)
    view.update(hextiles.Figure.start())
    layers = svg_layers(view.drawing.svg())
    assert tuple(layers) == LAYERS
    for name, group in layers.items():
        want = 6 * cells if name in ("marks", "outer", "run") else cells
        assert len(group.findall(f"{SVG}path")) == want, name


def test_the_svg_is_the_same_every_time_and_has_no_date():
    view = FigureView(3)
    view.update(worked(), scoring=True)
    a, b = view.drawing.svg(), view.drawing.svg()
    assert a == b and "dc:date" not in a
    assert not re.search(r"<svg[^>]* width=", a)


def test_a_figure_and_a_state_show_themselves_as_png_the_same_every_time():
    for thing in (worked(), midgame()):
        png = thing._repr_png_()
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        assert png == thing._repr_png_()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_picture_has_a_panel_per_player_and_the_market_strip(players):
    state = midgame(players)
    fig = show(state)
    assert isinstance(fig, MplFigure)
    assert len(fig.axes) == players + 1
    texts = [t.get_text() for t in fig.axes[-1].texts]
    assert "Market" in texts
    assert any(t.startswith("round ") and f"pool: {len(state.pool)} tiles" in t for t in texts)
    titles = [ax.get_title() for ax in fig.axes[:-1]]
    assert sum("to move" in t for t in titles) == 1


def test_a_finished_game_picture_names_the_winner_and_shows_scores():
    state = hextiles.Rules(
        players=2, seed=2, copies=1, patterns=("100000", "110000", "111000")
    ).start()
    for _ in range(2):
        state = state.play(hextiles.Move.take(state.market[0])).play("done")
    state = state.play("done")
    assert state.outcome is not None
    titles = [ax.get_title() for ax in draw(state).axes[:-1]]
    assert sum("wins" in t for t in titles) == len(state.outcome.winners)
    assert all("tiles 0 + border 0 = 0" in t for t in titles)


def test_show_draws_a_figure_at_the_size_asked_for():
    assert show(worked(), figsize=(4.0, 3.0)).get_size_inches().tolist() == [4.0, 3.0]
    with pytest.raises(TypeError):
        draw("111000")


def test_a_tile_icon_is_a_small_svg_with_one_bar_per_mark():
    svg = tile_svg("111000")
    root = ET.fromstring(svg)
    assert len(root.findall(f"{SVG}polygon")) == 1 + 3
    assert TILE_COLOURS["yellow"][1] in svg


def test_loose_tiles_are_drawn_in_rows_with_their_labels():
    from gamekit.render.hextiles import draw_tiles

    fig = draw_tiles(hextiles.PATTERNS, [p.colour for p in hextiles.PATTERNS], numbers=True)
    texts = [t.get_text() for t in fig.axes[0].texts]
    assert texts.count("yellow") == 4 and texts.count("brown") == 1
    assert texts.count("0") == 12  # one side number 0 per tile
    assert fig.get_size_inches().tolist() == [6.0, 3.2]


def test_a_figure_picture_names_its_cells_and_is_centred_on_the_figure():
    fig = worked()
    texts = {t.get_text() for t in draw(fig).axes[0].texts}
    want = {f"{q},{r}" for q, r in [*fig.cells(), *fig.frontier()]}
    assert want <= texts
    assert not want & {t.get_text() for t in draw(fig, coords=False).axes[0].texts}
    # A figure far from the starter is still drawn whole.
    far = hextiles.Figure.start()
    for r in range(1, 6):
        far = far.place("100100", (0, r), 1)
    assert {f"0,{r}" for r in range(7)} <= {t.get_text() for t in draw(far).axes[0].texts}
