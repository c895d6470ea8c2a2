"""Tests of gamekit.render: figure sizes, the per-layer styles of a Coffee picture, in-place
updates, the SVG the clickable boards use, and the notebook display of a state."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from matplotlib.figure import Figure

from gamekit import coffee
from gamekit.coffee.picture import LAYERS, PALETTE, CoffeeView, caption, draw, styles
from gamekit.render import BoardDrawing, LayerStyle, show
from gamekit.render.board import HIDDEN

# Elements per layer: one per cell, and one per (cell, axis) for the rod. Cell counts are
# 3s(s-1)+1 for a hexhex board of side s and s² for a square board; axes are 3 on hex, 4 on
# square (docs/rules/coffee.md, "Lines and axes").
BOARDS = [
    # board, size, cells, axes
    ("hex", 4, 37, 3),
    ("hex", 5, 61, 3),
    ("square", 5, 25, 4),
    ("square", 7, 49, 4),
]

# Fixed positions (move lists) used below.
MIDGAME_HEX5 = "e2| e6| e5/ c3\\ g1\\ b3\\ e3/ f3| f5| f8\\ e9\\ h6\\ g7\\ i5/".split()
# Square 5, n=4: Black is to move, the rod on c4 leaves only c1, and c1 has no open line.
BLOCKED_SQUARE5 = (
    "d2- c2/ d3/ b1\\ a2| a4| a1/ c3| c5\\ e3- a3\\ b2/ e5/ d4| d1- e1\\ b4- c4|".split()
)
# Hexhex 4, n=4: Black's c4 completes b4, c4, d4, e3.
WIN_HEX4 = "d4/ a1\\ d1/ e1| e3| e2\\ c3\\ b3/ a2\\ b2| b4\\ a4\\ c4\\".split()

SVG = "{http://www.w3.org/2000/svg}"


def play(rules: coffee.Rules, moves: list[str]) -> coffee.State:
    state = rules.start()
    for move in moves:
        state = state.play(move)
    return state


def midgame() -> coffee.State:
    return play(coffee.Rules(board="hex", size=5, n=5), MIDGAME_HEX5)


def blocked() -> coffee.State:
    return play(coffee.Rules(board="square", size=5, n=4), BLOCKED_SQUARE5)


def won() -> coffee.State:
    return play(coffee.Rules(board="hex", size=4, n=4), WIN_HEX4)


def shown(style: LayerStyle) -> list[int]:
    """Indices of the elements of a layer that are drawn at all."""
    return [
        i
        for i, (f, e) in enumerate(zip(style.face, style.edge, strict=True))
        if (f, e) != (HIDDEN, HIDDEN)
    ]


def labels_where(state: coffee.State, values: tuple[str, ...], colour: str) -> set[str]:
    return {state.grid.label(i) for i, v in enumerate(values) if v == colour}


# ---------------------------------------------------------------------------------------
# the positions themselves
# ---------------------------------------------------------------------------------------


def test_the_fixed_positions_are_what_the_tests_say() -> None:
    assert midgame().outcome is None
    state = blocked()
    assert state.outcome is not None and state.outcome.line == ()
    assert state.outcome.loser == "black"
    assert state.to_move is None  # the game is over
    state = won()
    assert state.outcome is not None
    assert state.outcome.winner == "black"
    assert set(state.outcome.line) == {"b4", "c4", "d4", "e3"}


# ---------------------------------------------------------------------------------------
# figure size
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("board, size, cells, axes", BOARDS)
def test_a_picture_has_the_same_size_whatever_the_position(board, size, cells, axes) -> None:
    rules = coffee.Rules(board=board, size=size)
    for state in (rules.start(), rules.start().play(rules.start().legal_moves()[7])):
        fig = draw(state, legal=True)
        assert fig.get_size_inches().tolist() == [6.0, 6.0]


def test_the_figsize_asked_for_is_the_figsize_given_and_the_png_size() -> None:
    view = CoffeeView(coffee.Rules(board="square", size=5), figsize=(4.0, 3.0))
    view.update(blocked())
    assert view.figure.get_size_inches().tolist() == [4.0, 3.0]
    png = view.drawing.png(dpi=50)
    width, height = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
    assert (width, height) == (200, 150)


def test_updating_does_not_change_the_figure_size() -> None:
    view = CoffeeView(coffee.Rules(board="hex", size=5), figsize=(5.0, 5.0))
    before = view.figure.get_size_inches().tolist()
    view.update(midgame(), legal=True)
    view.drawing.svg()
    view.drawing.svg_transform()
    assert view.figure.get_size_inches().tolist() == before
    assert view.figure.dpi == 100


# ---------------------------------------------------------------------------------------
# styles(): what each layer shows
# ---------------------------------------------------------------------------------------


def test_styles_have_one_element_per_cell_and_one_per_cell_and_axis_for_the_rod() -> None:
    for board, size, cells, axes in BOARDS:
        s = styles(coffee.Rules(board=board, size=size).start())
        assert tuple(s) == LAYERS
        for name in LAYERS:
            want = cells * axes if name == "rod" else cells
            assert len(s[name].face) == len(s[name].edge) == len(s[name].width) == want


def test_the_rods_line_cells_are_tinted_and_no_others() -> None:
    state = midgame()
    cells = styles(state)["cells"]
    assert labels_where(state, cells.face, PALETTE["line"]) == set(state.rod_line())
    assert set(state.rod_line()) == {"a1", "b2", "c3", "d4", "e5", "f5", "g5", "h5", "i5"}
    others = set(state.grid.labels) - set(state.rod_line())
    assert labels_where(state, cells.face, PALETTE["cell"]) == others


def test_line_false_leaves_every_cell_plain() -> None:
    state = midgame()
    cells = styles(state, line=False)["cells"]
    assert set(cells.face) == {PALETTE["cell"]}


def test_the_empty_board_has_no_rod_line_and_no_rod() -> None:
    state = coffee.Rules(board="square", size=5).start()
    s = styles(state)
    assert set(s["cells"].face) == {PALETTE["cell"]}
    assert shown(s["rod"]) == []
    assert shown(s["stones"]) == []


def test_legal_rings_sit_exactly_on_the_legal_cells() -> None:
    for state in (midgame(), coffee.Rules(board="square", size=5).start().play("c3/")):
        ring = styles(state, legal=True)["legal"]
        ringed = labels_where(state, ring.edge, PALETTE["legal"])
        assert ringed == set(state.legal_cells())
        assert len(shown(ring)) == len(state.legal_cells())
        assert set(ring.face) == {HIDDEN}  # rings, not discs


def test_every_cell_is_ringed_at_the_start_and_none_once_the_game_is_over() -> None:
    # On the first move even a square board's corners are playable (along | or -).
    start = coffee.Rules(board="square", size=5).start()
    assert len(shown(styles(start, legal=True)["legal"])) == 25
    state = blocked()
    assert shown(styles(state, legal=True)["legal"]) == []  # the game is over


def test_no_rings_without_legal_true() -> None:
    assert shown(styles(midgame())["legal"]) == []


def test_the_attempt_cross_is_on_the_attempted_cell_only() -> None:
    state = midgame()
    flags = styles(state, attempt="a5")["flags"]
    assert shown(flags) == [state.grid.index("a5")]
    assert flags.face[state.grid.index("a5")] == PALETTE["attempt"]
    assert shown(styles(state)["flags"]) == []


def rod_index(state: coffee.State, cell: str, axis: str) -> int:
    return state.grid.index(cell) * len(state.grid.axes) + state.grid.axes.index(axis)


def test_an_attempted_move_draws_its_rod_in_red_along_its_axis() -> None:
    state = coffee.Rules(board="square", size=5).start()
    rod = styles(state, attempt="a1\\")["rod"]
    assert shown(rod) == [rod_index(state, "a1", "\\")]
    assert rod.face[rod_index(state, "a1", "\\")] == PALETTE["attempt"]


def test_an_attempted_move_is_drawn_beside_the_real_rod() -> None:
    state = midgame()
    rod = styles(state, attempt=coffee.Move("a5", "/"))["rod"]
    real = rod_index(state, state.rod.cell, state.rod.axis)
    assert shown(rod) == sorted([real, rod_index(state, "a5", "/")])
    assert rod.face[real] == PALETTE["rod"]


def test_an_attempted_move_on_an_empty_cell_shows_a_see_through_stone_of_the_mover() -> None:
    state = coffee.Rules(board="hex", size=5).replay(["e5|"])  # Orange to move
    s = styles(state, attempt="a5/")
    i = state.grid.index("a5")
    assert s["stones"].face[i] == PALETTE["ghost_orange"]
    assert s["stones"].edge[i] == PALETTE["attempt"]
    assert s["dots"].face[i] == PALETTE["ghost_dot"]  # the orange stone's second cue
    assert shown(s["flags"]) == []  # the stone and the red rod say it; no cross on top


def test_an_attempted_move_on_a_taken_cell_is_only_a_cross_on_the_stone() -> None:
    state = coffee.Rules(board="hex", size=5).replay(["e5|", "e3|"])
    s = styles(state, attempt="e5/")
    i = state.grid.index("e5")
    assert s["stones"].face[i] == PALETTE["black"]
    assert shown(s["flags"]) == [i]
    assert shown(s["rod"]) == [rod_index(state, "e3", "|")]  # the real rod only


def test_the_line_a_refused_rod_would_fill_is_tinted() -> None:
    # docs/rules/coffee.md, "Illegal moves": a1-d1 are taken, so a rod along \ on e1
    # leaves the line a1-e1 without an empty cell.
    state = coffee.Rules(board="hex", size=5).replay(["h3/", "c1\\", "d1\\", "b1\\", "a1/", "e5|"])
    cells = styles(state, attempt="e1\\")["cells"]
    assert labels_where(state, cells.face, PALETTE["attempt_line"]) == {
        "a1",
        "b1",
        "c1",
        "d1",
        "e1",
    }


def test_a_line_with_room_left_is_not_tinted_as_refused() -> None:
    state = coffee.Rules(board="hex", size=5).replay(["e5|", "e3|"])
    cells = styles(state, attempt="a1/")["cells"]  # off the rod's line, but a1/ has room
    assert labels_where(state, cells.face, PALETTE["attempt_line"]) == set()


def test_an_attempt_after_the_end_is_drawn_in_the_colour_that_would_come_next() -> None:
    state = won()  # Black's c4 won
    stones = styles(state, attempt="a3|")["stones"]
    assert stones.face[state.grid.index("a3")] == PALETTE["ghost_orange"]


def test_an_attempted_swap_draws_nothing_on_the_board() -> None:
    state = coffee.Rules(board="hex", size=5).replay(["e5|"])
    s = styles(state, attempt="swap")
    assert shown(s["flags"]) == []
    assert s == styles(state)


@pytest.mark.parametrize("bad", ["zz", "k1|", "e5-", "c3?"])
def test_an_attempt_that_is_no_cell_or_move_of_the_board_is_refused_with_its_name(bad) -> None:
    state = coffee.Rules(board="hex", size=5).start()
    with pytest.raises(ValueError, match="attempt"):
        styles(state, attempt=bad)


def test_marks_tint_the_marked_cells() -> None:
    state = blocked()
    cells = styles(state, marks=["c1", "e4"])["cells"]
    assert labels_where(state, cells.face, PALETTE["mark"]) == {"c1", "e4"}


def test_the_winning_line_is_tinted_and_its_stones_rimmed() -> None:
    state = won()
    s = styles(state)
    line = set(state.outcome.line)
    assert labels_where(state, s["cells"].face, PALETTE["win"]) == line
    assert labels_where(state, s["stones"].edge, PALETTE["win_edge"]) == line
    # the game is over, so the rod's line is no longer tinted
    assert labels_where(state, s["cells"].face, PALETTE["line"]) == set()


def test_winning_false_hides_the_winning_line() -> None:
    state = won()
    s = styles(state, winning=False)
    assert labels_where(state, s["cells"].face, PALETTE["win"]) == set()
    assert labels_where(state, s["stones"].edge, PALETTE["win_edge"]) == set()


def test_a_blocked_finish_shows_no_winning_line() -> None:
    state = blocked()
    s = styles(state)
    assert labels_where(state, s["cells"].face, PALETTE["win"]) == set()
    assert caption(state) == "Black is blocked: Orange wins"


def test_stones_have_their_colour_and_orange_ones_a_dot() -> None:
    state = midgame()
    s = styles(state)
    assert labels_where(state, s["stones"].face, PALETTE["black"]) == set(state.stones("black"))
    assert labels_where(state, s["stones"].face, PALETTE["orange"]) == set(state.stones("orange"))
    dotted = labels_where(state, s["dots"].face, PALETTE["orange_dot"])
    assert dotted == set(state.stones("orange"))


def test_the_rod_is_one_bar_on_the_last_stone_along_its_axis() -> None:
    state = midgame()
    rod = styles(state)["rod"]
    axes = state.grid.axes
    k = state.grid.index("i5") * len(axes) + axes.index("/")
    assert shown(rod) == [k]
    assert rod.face[k] == PALETTE["rod"]


def test_captions_say_whose_turn_or_how_it_ended() -> None:
    assert caption(midgame()) == "Black to move: a cell on the line of the rod (i5 /)"
    assert caption(won()) == "Black won with a line of 4"
    assert caption(coffee.Rules().start()) == "Black to move: any empty cell"
    pie = coffee.Rules(pie_rule=True).start().play("e5|")
    assert caption(pie).endswith(", or swap")


def test_the_caption_right_after_a_swap_says_the_first_player_now_plays_orange() -> None:
    # docs/rules/coffee.md, "Pie rule": the board and the rod stay, and it is still Orange's
    # turn, now played by the player who moved first.
    swapped = coffee.Rules(pie_rule=True).start().play("e5|").play("swap")
    assert caption(swapped) == "Swapped: Orange to move, played by the first player (e5 |)"
    assert not caption(swapped.play("e1|")).startswith("Swapped")  # only right after the swap


# ---------------------------------------------------------------------------------------
# CoffeeView: updates in place
# ---------------------------------------------------------------------------------------


def test_update_recolours_in_place_without_adding_artists() -> None:
    rules = coffee.Rules(board="hex", size=5, n=5)
    view = CoffeeView(rules)
    ax = view.drawing.ax
    collections, texts = list(ax.collections), list(ax.texts)
    assert len(collections) == len(LAYERS)
    assert len(texts) == 61 + 1  # cell labels and the caption

    state = rules.start()
    seen = []
    for move in MIDGAME_HEX5:
        view.update(state, legal=True)
        seen.append(view.drawing.layers["cells"].get_facecolors().copy())
        assert view.drawing.current("cells").face == styles(state)["cells"].face
        state = state.play(move)
    view.update(state, attempt="a5", marks=["e1"])
    view.update(state)

    assert list(ax.collections) == collections  # the very same artists
    assert list(ax.texts) == texts
    # … whose colours did change: the rod's line moves around the board
    distinct = {a.tobytes() for a in seen}
    assert len(distinct) >= 5


def test_update_gives_the_same_colours_as_styles() -> None:
    state = midgame()
    view = CoffeeView(state.rules)
    view.update(coffee.Rules().start())  # something else first
    view.update(state, legal=True, attempt="a5")
    want = styles(state, legal=True, attempt="a5")
    for name in LAYERS:
        now = view.drawing.current(name)
        assert now.face == want[name].face, name
        assert now.edge == want[name].edge, name
        assert now.width == pytest.approx(want[name].width), name


def test_a_view_refuses_a_state_of_another_board() -> None:
    view = CoffeeView(coffee.Rules(board="hex", size=5))
    with pytest.raises(ValueError, match="hex5"):
        view.update(coffee.Rules(board="square", size=5).start())


# ---------------------------------------------------------------------------------------
# SVG for the browser
# ---------------------------------------------------------------------------------------


def svg_layers(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {
        g.get("id")[len("layer-") :]: g
        for g in root.iter(f"{SVG}g")
        if g.get("id", "").startswith("layer-")
    }


@pytest.mark.parametrize("board, size, cells, axes", BOARDS)
def test_svg_has_a_group_per_layer_with_one_path_per_element(board, size, cells, axes) -> None:
    rules = coffee.Rules(board=board, size=size)
    view = CoffeeView(rules)
    view.update(rules.start())  # nothing shown on most layers: still every element in the SVG
    layers = svg_layers(view.drawing.svg())
    assert tuple(layers) == LAYERS
    for name, group in layers.items():
        want = cells * axes if name == "rod" else cells
        assert len(group.findall(f"{SVG}path")) == want, name
        assert len(group) == want, name


def test_svg_has_no_date_and_is_the_same_every_time() -> None:
    view = CoffeeView(midgame().rules)
    view.update(midgame(), legal=True)
    first, second = view.drawing.svg(), view.drawing.svg()
    assert first == second
    assert "Date" not in first and "dc:date" not in first
    assert not re.search(r"<svg[^>]* width=", first)  # scales to the browser's box


def test_svg_leaves_the_picture_as_it_was() -> None:
    state = midgame()
    view = CoffeeView(state.rules)
    view.update(state, legal=True)
    before = {name: view.drawing.current(name) for name in LAYERS}
    view.drawing.svg()
    assert {name: view.drawing.current(name) for name in LAYERS} == before


def path_centre(path: ET.Element) -> tuple[float, float]:
    numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", path.get("d"))]
    pts = np.array(numbers).reshape(-1, 2)
    return float(pts[:, 0].mean()), float(pts[:, 1].mean())


@pytest.mark.parametrize("board, size, cells, axes", BOARDS)
def test_svg_transform_puts_each_cell_centre_on_its_svg_path(board, size, cells, axes) -> None:
    view = CoffeeView(coffee.Rules(board=board, size=size), figsize=(5.0, 4.0))
    drawing = view.drawing
    ax_, bx, ay, by = drawing.svg_transform()
    paths = svg_layers(drawing.svg())["cells"].findall(f"{SVG}path")
    for i in (0, cells // 2, cells - 1):
        x, y = drawing.grid.centres[i]
        assert path_centre(paths[i]) == pytest.approx((ax_ * x + bx, ay * y + by), abs=1e-3)


@pytest.mark.parametrize("board, size, cells, axes", BOARDS)
def test_svg_to_data_undoes_svg_transform(board, size, cells, axes) -> None:
    drawing = CoffeeView(coffee.Rules(board=board, size=size)).drawing
    ax_, bx, ay, by = drawing.svg_transform()
    grid = drawing.grid
    for i in range(len(grid)):
        x, y = grid.centres[i]
        back = drawing.svg_to_data(ax_ * x + bx, ay * y + by)
        assert back == pytest.approx((x, y), abs=1e-9)
        assert grid.cell_at(*back) == i


def test_a_bare_board_drawing_has_the_layers_it_was_given() -> None:
    from gamekit.grids import square

    d = BoardDrawing(square(3), figsize=(3, 3))
    d.add_layer("cells", square(3).polygons)
    d.apply({"cells": LayerStyle.uniform(9, face="#ffffff", edge="#000000")})
    assert repr(d) == "<BoardDrawing square3: cells>"
    assert len(svg_layers(d.svg())["cells"]) == 9


# ---------------------------------------------------------------------------------------
# notebook display and show()
# ---------------------------------------------------------------------------------------


def test_a_state_shows_itself_as_png() -> None:
    png = midgame()._repr_png_()
    assert isinstance(png, bytes)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")


def test_pngs_are_the_same_every_time() -> None:
    assert midgame()._repr_png_() == midgame()._repr_png_()
    assert b"Software" not in midgame()._repr_png_()


def test_show_returns_a_figure_of_the_size_asked_for() -> None:
    fig = show(midgame(), legal=True, figsize=(4.0, 3.5))
    assert isinstance(fig, Figure)
    assert fig.get_size_inches().tolist() == [4.0, 3.5]
    assert show(coffee.Rules().start()).get_size_inches().tolist() == [6.0, 6.0]


def test_show_refuses_what_it_cannot_draw() -> None:
    with pytest.raises(TypeError, match="str objects belong to no registered game"):
        show("e5|")


# ---------------------------------------------------------------------------------------
# A refused rod on the clickable board is drawn as tried, like in the pictures
# ---------------------------------------------------------------------------------------


def test_a_refused_rod_on_the_board_is_drawn_as_tried_with_its_stone_and_rod() -> None:
    from gamekit.widgets import CoffeeBoard

    board = CoffeeBoard(coffee.Rules(board="square", size=5))
    board.click("a1")
    board.choose_axis("\\")  # the corner's one-cell diagonal: refused
    state = board.state
    look = board.view.styles
    assert board.record.moves == () and "would have no empty cell left" in board.message
    assert look["rod"]["face"][rod_index(state, "a1", "\\")] == PALETTE["attempt"]
    assert look["stones"]["face"][state.grid.index("a1")] == PALETTE["ghost_black"]


def test_a_refused_rod_in_a_puzzle_is_drawn_as_tried() -> None:
    from gamekit import puzzles

    board = puzzles.get("coffee-rod-2").board()
    board.click("a2")
    board.choose_axis("/")  # a2's rising diagonal is full once a2 is taken
    state = board.state
    assert not board.grade.right
    assert board.view.styles["rod"]["face"][rod_index(state, "a2", "/")] == PALETTE["attempt"]
