"""Tests of gamekit.hextiles.picture: which elements each highlight lights up, in-place
updates, the SVG a clickable board uses, and the pictures of figures and whole games."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from matplotlib.figure import Figure as MplFigure

from gamekit import hextiles
from gamekit.grids import HEX_DIRECTIONS, hex_region
from gamekit.hextiles.picture import (
    LAYERS,
    PALETTE,
    TILE_COLOURS,
    FigureView,
    attempted,
    caption,
    clashes,
    draw,
    radius_for,
    styles,
    tile_svg,
)
from gamekit.render import show
from gamekit.render.board import HIDDEN

# Elements per layer of a window of radius R: 3R(R+1)+1 cells, six sides each.
WINDOWS = [(2, 19), (3, 37), (4, 61)]
# The layers with one element per side of a cell (the others have one per cell).
SIDE_LAYERS = ("marks", "outer", "run", "clash")

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
            want = 6 * cells if name in SIDE_LAYERS else cells
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
        want = 6 * cells if name in SIDE_LAYERS else cells
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
    from gamekit.hextiles.picture import draw_tiles

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


def test_hints_for_a_turn_dot_where_it_fits_as_turned_and_ring_where_it_fits_if_turned():
    grid = hex_region(3)
    fig = worked()
    anywhere = {c for c, _ in fig.legal_placements("110000")}
    look = styles(grid, fig, hints="110000", turn=1)
    now = {c for c in anywhere if fig.why_illegal("110000", c, 1) is None}
    dots = {grid.coords[i] for i, f in enumerate(look["hints"].face) if f == PALETTE["hint"]}
    rings = {
        grid.coords[i]
        for i, (f, e) in enumerate(zip(look["hints"].face, look["hints"].edge, strict=True))
        if f == HIDDEN and e == PALETTE["hint"]
    }
    assert dots == now and rings == anywhere - now and now and rings


def test_tiles_just_placed_are_outlined():
    grid = hex_region(3)
    look = styles(grid, worked(), recent=[(0, 1)])
    outlined = [grid.coords[i] for i, e in enumerate(look["cells"].edge) if e == PALETTE["recent"]]
    assert outlined == [(0, 1)]


def test_a_figure_thumbnail_is_an_svg_with_a_hexagon_per_tile_and_a_bar_per_mark():
    from gamekit.hextiles.picture import figure_svg

    svg = figure_svg(worked(), 90, recent=[(0, 1)], label="Player 1's figure")
    root = ET.fromstring(svg)
    assert root.get("width") == "90" and root.get("aria-label") == "Player 1's figure"
    assert len(root.findall(f"{SVG}polygon")) == 2 + 5  # two tiles, five marks
    assert svg.count(PALETTE["recent"]) == 1


# A refused placement, drawn: (the attempt, the tile as it lies, the sides where it breaks
# the rule), on the starter with a blue tile above it (marks up and down-right).
REFUSED = [
    # The red tile turned 1: its mark (up-right) would touch the blue tile.
    ("place 100000 at (-1,1) turn 1", "010000", [1]),
    # The brown tile, unturned: a mark against the starter, and the blue tile's mark facing it.
    ("place 111110 at (1,0) turn 0", "111110", [4, 5]),
    # The red tile turned 3 above the blue tile: mark against mark.
    ("place 100000 at (0,2) turn 3", "000100", [3]),
]


def blue_above() -> hextiles.Figure:
    return hextiles.Figure.start().place("101000", (0, 1), 0)


@pytest.mark.parametrize("move, lies, sides", REFUSED)
def test_a_refused_placement_shows_the_tile_turned_as_tried_and_rings_where_it_breaks_the_rule(
    move, lies, sides
):
    fig = blue_above()
    cell, tile = attempted(move)
    assert tile.marks == lies and fig.tile_at(cell) is None
    assert fig.why_illegal(tile, cell) is not None
    grid = hex_region(3)
    look = styles(grid, fig, attempt=move)
    i = grid.at(cell)
    # The tile as tried: its colour, a red outline, a bar on each of its marked sides.
    assert look["cells"].face[i] == TILE_COLOURS[tile.colour][0]
    assert look["cells"].edge[i] == PALETTE["attempt"]
    bars = {k - 6 * i for k in shown(look["marks"]) if k // 6 == i}
    assert bars == {s for s in range(6) if tile.marked(s)}
    # A ring on each edge where the rule is broken, and the cross on the cell.
    assert shown(look["clash"]) == [6 * i + s for s in sides]
    assert clashes(fig, tile, cell) == sides
    assert shown(look["flags"]) == [i]
    # The figure itself is unchanged, and without an attempt nothing of it is drawn.
    assert fig == blue_above()
    plain = styles(grid, fig)
    assert not shown(plain["clash"]) and not shown(plain["flags"])
    assert plain["cells"].face[i] != TILE_COLOURS[tile.colour][0]


def test_an_attempt_given_as_a_move_a_text_or_a_tile_cell_and_turn_draws_the_same():
    grid, fig = hex_region(3), blue_above()
    ways = [
        "place 100000 at (-1,1) turn 1",
        hextiles.Move.place("100000", (-1, 1), 1),
        ("100000", (-1, 1), 1),
        ("010000", "(-1,1)", 0),
    ]
    looks = [styles(grid, fig, attempt=a) for a in ways]
    assert all(look == looks[0] for look in looks)


def test_an_attempt_given_as_a_cell_alone_shows_only_the_cross():
    grid, fig = hex_region(3), blue_above()
    for cell in [(-1, 1), "(-1,1)", [-1, 1]]:
        look = styles(grid, fig, attempt=cell)
        assert shown(look["flags"]) == [grid.at((-1, 1))]
        assert not shown(look["clash"])
        assert look["cells"].face == styles(grid, fig)["cells"].face
    assert attempted((2, 0)) == ((2, 0), None)


def test_a_tile_tried_on_a_taken_cell_does_not_hide_the_tile_there():
    grid, fig = hex_region(3), blue_above()
    look = styles(grid, fig, attempt="place 111110 at (0,1) turn 0")
    i = grid.at((0, 1))
    assert look["cells"].face[i] == TILE_COLOURS["blue"][0]
    assert shown(look["flags"]) == [i] and not shown(look["clash"])


def test_an_attempt_that_is_not_a_placement_is_refused_with_a_clear_error():
    grid, fig = hex_region(3), blue_above()
    with pytest.raises(ValueError, match="attempt must be a cell or a placement"):
        styles(grid, fig, attempt="take 100000")
    with pytest.raises(ValueError, match="attempt must be a cell or a placement"):
        styles(grid, fig, attempt=hextiles.Move.done())
    with pytest.raises(hextiles.InvalidNotationError):
        styles(grid, fig, attempt=("100000", (0, 1)))
    with pytest.raises(hextiles.InvalidNotationError):
        styles(grid, fig, attempt="place 1111111 at (0,1) turn 0")


def test_with_marks_allowed_to_touch_marks_the_rings_sit_where_a_mark_meets_a_blank_side():
    fig = hextiles.Figure.start(marked_contact=True).place("101000", (0, 1), 0)
    down = hextiles.Tile.from_marks("000100")  # above the blue tile: its mark on the blue mark
    assert clashes(fig, down, (0, 2)) == [] and fig.why_illegal(down, (0, 2)) is None
    up = hextiles.Tile.from_marks("100000")  # the blue tile's mark against a blank side
    assert clashes(fig, up, (0, 2)) == [3] and fig.why_illegal(up, (0, 2)) is not None


def test_a_refused_cell_away_from_the_figure_is_inside_the_picture():
    fig = blue_above()
    texts = {t.get_text() for t in draw(fig, attempt=("100000", (4, 0), 0)).axes[0].texts}
    assert "4,0" in texts


@pytest.mark.parametrize("move, lies, sides", REFUSED)
def test_the_rings_are_exactly_the_sides_the_engine_refuses(move, lies, sides):
    fig = blue_above()
    cell, tile = attempted(move)
    for turn in range(6):
        turned = tile.rotated(turn)
        assert (clashes(fig, turned, cell) == []) == (fig.why_illegal(turned, cell) is None)


def _pixels(png: bytes) -> np.ndarray:
    from io import BytesIO

    from PIL import Image

    return np.array(Image.open(BytesIO(png)).convert("RGB")).reshape(-1, 3).astype(int)


def _rgb(colour: str) -> np.ndarray:
    return np.array([int(colour[i : i + 2], 16) for i in (1, 3, 5)])


def test_the_picture_a_notebook_shows_keeps_every_colour_that_carries_meaning():
    # Every tile colour, its marks, the hint dots, the border and its run, a refused tile:
    # each colour is still there in the notebook's PNG (a palette reduction may shift a
    # colour by a few levels, never merge one into another).
    fig = hextiles.Figure.start()
    for tile, cell, turn in [
        ("100000", (-1, 0), 0),
        ("110000", (-2, 0), 2),
        ("111000", (-3, 0), 2),
        ("111100", (-4, 1), 3),
        ("111110", (0, 1), 4),
    ]:
        fig = fig.place(tile, cell, turn)
    colours = [
        TILE_COLOURS[c][k] for c in ("red", "blue", "yellow", "green", "brown") for k in (0, 1)
    ]
    colours += [PALETTE[k] for k in ("hint", "run", "attempt", "outer")]
    picture = show(fig, scoring=True, hints="100000", attempt=("110000", (-1, 1), 3))
    pixels = _pixels(picture._repr_png_())
    for colour in colours:
        near = np.abs(pixels - _rgb(colour)).max(axis=1)
        assert (near <= 6).sum() >= 20, colour
    # Colours that mean different things are far apart: no two of them within 20 levels.
    for a, b in itertools.combinations(set(colours), 2):
        assert np.abs(_rgb(a) - _rgb(b)).max() > 20, (a, b)


def test_the_pictures_of_a_game_and_of_loose_tiles_show_themselves_in_a_notebook():
    # A notebook shows a picture through its _repr_png_ (no pyplot, no inline backend).
    from gamekit.hextiles.picture import draw_tiles

    for picture in (show(midgame()), draw_tiles(hextiles.PATTERNS)):
        png = picture._repr_png_()
        assert png.startswith(b"\x89PNG\r\n\x1a\n") and png == picture._repr_png_()
