"""Tests of gamekit.grids: hexhex and square boards, labels, neighbours, lines, clicks."""

from __future__ import annotations

import itertools
import math
import re

import numpy as np
import pytest

from gamekit import grids
from gamekit.grids import hexhex, square

# ---------------------------------------------------------------------------------------
# Reference data
# ---------------------------------------------------------------------------------------

# Cells of a hexhex board of side s: 3s(s-1)+1 (centred hexagonal numbers; 61 on side 5,
# 37 on side 4, as on the GIPF board and in docs/rules/coffee.md).
HEXHEX_CELLS = {2: 7, 3: 19, 4: 37, 5: 61, 6: 91, 13: 469}

# Column lengths of hexhex 5, counted on the GIPF board's naming (docs/rules/coffee.md,
# "Notation": columns a… left to right, each numbered from 1 at its bottom cell).
HEXHEX5_COLUMN_LENGTHS = {"a": 5, "b": 6, "c": 7, "d": 8, "e": 9, "f": 8, "g": 7, "h": 6, "i": 5}

# Lines worked out by hand on paper boards (the first one is the module's own docstring
# example): (board, size, cell, axis, the whole line in order).
LINES = [
    ("hex", 5, "e5", "/", "a1 b2 c3 d4 e5 f5 g5 h5 i5"),
    ("hex", 5, "e5", "|", "e1 e2 e3 e4 e5 e6 e7 e8 e9"),
    ("hex", 5, "e5", "\\", "a5 b5 c5 d5 e5 f4 g3 h2 i1"),
    ("hex", 5, "a1", "\\", "a1 b1 c1 d1 e1"),
    ("hex", 5, "c3", "\\", "a3 b3 c3 d3 e3 f2 g1"),
    ("hex", 5, "e9", "/", "a5 b6 c7 d8 e9"),
    ("hex", 3, "c3", "/", "a1 b2 c3 d3 e3"),
    ("square", 5, "c3", "|", "c1 c2 c3 c4 c5"),
    ("square", 5, "c3", "-", "a3 b3 c3 d3 e3"),
    ("square", 5, "c3", "/", "a1 b2 c3 d4 e5"),
    ("square", 5, "c3", "\\", "a5 b4 c3 d2 e1"),
    ("square", 5, "a3", "/", "a3 b4 c5"),
    # The corner short diagonals of the square board (the digest's rod rule example).
    ("square", 5, "a1", "\\", "a1"),
    ("square", 5, "e5", "\\", "e5"),
    ("square", 5, "a5", "/", "a5"),
    ("square", 5, "e1", "/", "e1"),
]

# Neighbour counts: (board, size, cell, count). Hex cells touch by edges (6 inside, 4 on an
# edge, 3 at a corner); square cells by edges and corners (8 inside, 5 on an edge, 3 at a
# corner).
NEIGHBOUR_COUNTS = [
    ("hex", 5, "e5", 6),
    ("hex", 5, "c3", 6),
    ("hex", 5, "a3", 4),
    ("hex", 5, "a1", 3),
    ("hex", 5, "a5", 3),
    ("hex", 5, "e1", 3),
    ("hex", 5, "e9", 3),
    ("hex", 5, "i1", 3),
    ("hex", 5, "i5", 3),
    ("square", 5, "c3", 8),
    ("square", 5, "a3", 5),
    ("square", 5, "a1", 3),
    ("square", 5, "e5", 3),
    ("square", 7, "d4", 8),
    ("square", 7, "g1", 3),
]

# How each axis symbol looks on the drawing: the step between consecutive cells of a line
# (docs/rules/coffee.md, "Notation": | vertical, - horizontal, / up-right, \ down-right;
# flat-topped hexes of corner radius 1, square cells of side 1).
SQRT3 = math.sqrt(3.0)
AXIS_STEPS = {
    "hex": {"|": (0.0, SQRT3), "/": (1.5, SQRT3 / 2), "\\": (1.5, -SQRT3 / 2)},
    "square": {"|": (0.0, 1.0), "-": (1.0, 0.0), "/": (1.0, 1.0), "\\": (1.0, -1.0)},
}

# Boards the geometry checks run over.
BOARDS = [("hex", 2), ("hex", 3), ("hex", 4), ("hex", 5), ("square", 4), ("square", 5)]
BOARDS += [("square", 7), ("hex", 9), ("square", 12)]

LABEL = re.compile(r"^[a-z][1-9][0-9]?$")


def board(kind: str, size: int) -> grids.Grid:
    return grids.grid_for(kind, size)


BOARD_IDS = [f"{kind}{size}" for kind, size in BOARDS]


# ---------------------------------------------------------------------------------------
# Sizes and labels
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("side, cells", sorted(HEXHEX_CELLS.items()))
def test_hexhex_of_side_s_has_3s_s_minus_1_plus_1_cells(side, cells):
    assert len(hexhex(side)) == cells == 3 * side * (side - 1) + 1


@pytest.mark.parametrize("side", [3, 4, 5, 7, 26])
def test_square_of_side_s_has_s_squared_cells(side):
    assert len(square(side)) == side * side


@pytest.mark.parametrize("kind, size", BOARDS, ids=BOARD_IDS)
def test_every_label_names_its_own_cell_and_labels_are_unique(kind, size):
    g = board(kind, size)
    assert len(set(g.labels)) == len(g)
    for i, label in enumerate(g.labels):
        assert LABEL.match(label), label
        assert g.label(i) == label
        assert g.index(label) == i
        assert g.has(label)
        assert g.at(g.coords[i]) == i


@pytest.mark.parametrize("kind, size", BOARDS, ids=BOARD_IDS)
def test_cells_are_numbered_column_by_column_bottom_to_top(kind, size):
    g = board(kind, size)
    keys = [(label[0], int(label[1:])) for label in g.labels]
    assert keys == sorted(keys)
    assert g.labels[0] == "a1"


def test_e5_is_the_centre_of_hexhex_5():
    g = hexhex(5)
    i = g.index("e5")
    assert g.coords[i] == (0, 0)
    assert np.allclose(g.centres[i], (0.0, 0.0))
    assert len(g.neighbours(i)) == 6


def test_hexhex_5_columns_have_the_gipf_board_lengths():
    g = hexhex(5)
    assert g.columns == "abcdefghi"
    lengths = {c: sum(label[0] == c for label in g.labels) for c in g.columns}
    assert lengths == HEXHEX5_COLUMN_LENGTHS


@pytest.mark.parametrize("side", [2, 3, 4, 5, 8])
def test_each_hexhex_column_is_numbered_from_1_without_gaps(side):
    g = hexhex(side)
    for column in g.columns:
        numbers = [int(label[1:]) for label in g.labels if label[0] == column]
        assert numbers == list(range(1, len(numbers) + 1))
        assert side <= len(numbers) <= 2 * side - 1


def test_labels_not_on_the_board_are_unknown():
    g = hexhex(5)
    for label in ("k1", "a6", "e10", "i6", "j1", "a0", "E5"):
        assert not g.has(label)
        with pytest.raises(KeyError):
            g.index(label)
    assert g.at((5, 0)) is None
    assert not square(5).has("f1")
    assert not square(5).has("a6")


def test_parse_label_splits_a_label_and_rejects_other_text():
    assert grids.parse_label("e5") == ("e", 5)
    assert grids.parse_label("z26") == ("z", 26)
    for text in ("5e", "e", "e0", "e05", "E5", "ee5", "e5|", ""):
        assert grids.parse_label(text) is None, text


def test_boards_are_cached_so_one_kind_and_size_is_one_object():
    assert hexhex(5) is hexhex(5)
    assert square(7) is square(7)
    assert grids.grid_for("hex", 4) is hexhex(4)
    assert grids.grid_for("square", 5) is square(5)
    assert repr(hexhex(5)) == "gamekit.grids.hexhex(5)"
    assert repr(square(5)) == "gamekit.grids.square(5)"


@pytest.mark.parametrize(
    "make, size",
    [
        (hexhex, 1),
        (hexhex, 0),
        (hexhex, 14),
        (hexhex, -5),
        (hexhex, True),
        (hexhex, 5.0),
        (hexhex, "5"),
        (square, 2),
        (square, 27),
        (square, False),
        (square, 5.5),
        (square, None),
    ],
)
def test_sizes_out_of_range_or_not_whole_numbers_raise_value_error(make, size):
    with pytest.raises(ValueError, match="side must be"):
        make(size)


def test_an_unknown_board_kind_raises_value_error():
    with pytest.raises(ValueError, match="board must be 'hex' or 'square'"):
        grids.grid_for("round", 5)


# ---------------------------------------------------------------------------------------
# Axes, neighbours and lines
# ---------------------------------------------------------------------------------------


def test_hex_boards_have_three_axes_and_square_boards_four():
    assert hexhex(5).axes == ("|", "/", "\\")
    assert square(5).axes == ("|", "-", "/", "\\")


@pytest.mark.parametrize("kind, size, cell, count", NEIGHBOUR_COUNTS)
def test_neighbour_counts_inside_on_edges_and_at_corners(kind, size, cell, count):
    g = board(kind, size)
    assert len(g.neighbours(g.index(cell))) == count


@pytest.mark.parametrize("kind, size", BOARDS, ids=BOARD_IDS)
def test_neighbours_are_mutual_distinct_and_at_one_cell_spacing(kind, size):
    g = board(kind, size)
    spacing = SQRT3 if kind == "hex" else 1.0
    for i in range(len(g)):
        ns = g.neighbours(i)
        assert len(set(ns)) == len(ns)
        assert i not in ns
        for j in ns:
            assert i in g.neighbours(j)
            distance = float(np.hypot(*(g.centres[j] - g.centres[i])))
            if kind == "hex":
                assert distance == pytest.approx(spacing)
            else:
                assert distance == pytest.approx(1.0) or distance == pytest.approx(math.sqrt(2))


@pytest.mark.parametrize("kind, size, cell, axis, expected", LINES)
def test_line_through_a_cell_along_an_axis(kind, size, cell, axis, expected):
    g = board(kind, size)
    line = [g.label(j) for j in g.line(g.index(cell), axis)]
    assert line == expected.split()


def test_the_corner_short_diagonal_of_square_5_has_length_1():
    g = square(5)
    assert g.line(g.index("a1"), "\\") == (g.index("a1"),)
    assert len(g.line(g.index("e1"), "/")) == 1


@pytest.mark.parametrize("kind, size", BOARDS, ids=BOARD_IDS)
def test_every_cell_of_a_line_has_that_same_line(kind, size):
    g = board(kind, size)
    for i in range(len(g)):
        for axis in g.axes:
            line = g.line(i, axis)
            assert i in line
            assert len(set(line)) == len(line)
            for j in line:
                assert g.line(j, axis) == line


@pytest.mark.parametrize("kind, size", BOARDS, ids=BOARD_IDS)
def test_lines_run_straight_in_the_direction_the_axis_symbol_shows(kind, size):
    g = board(kind, size)
    for i in range(len(g)):
        for axis in g.axes:
            line = g.line(i, axis)
            dx, dy = AXIS_STEPS[kind][axis]
            for a, b in itertools.pairwise(line):
                assert b in g.neighbours(a)
                (xa, ya), (xb, yb) = g.centres[a].tolist(), g.centres[b].tolist()
                assert math.isclose(xb - xa, dx, abs_tol=1e-9)
                assert math.isclose(yb - ya, dy, abs_tol=1e-9)


@pytest.mark.parametrize("kind, size", BOARDS, ids=BOARD_IDS)
def test_lines_reach_the_edge_both_ways(kind, size):
    g = board(kind, size)
    for i in range(len(g)):
        for axis, direction in g.directions.items():
            line = g.line(i, axis)
            assert g.step(line[-1], direction) is None
            assert g.step(line[0], (-direction[0], -direction[1])) is None


@pytest.mark.parametrize("side", [2, 3, 5, 9])
def test_the_longest_line_crosses_the_board(side):
    assert hexhex(side).longest_line == 2 * side - 1
    assert square(side + 2).longest_line == side + 2


def test_a_line_along_an_axis_the_board_lacks_raises_value_error():
    g = hexhex(5)
    with pytest.raises(ValueError, match="not an axis of a hex board"):
        g.line(g.index("e5"), "-")


# ---------------------------------------------------------------------------------------
# Drawing geometry and clicks
# ---------------------------------------------------------------------------------------


def test_hex_centres_and_corners_have_unit_corner_radius():
    assert hexhex(5).cell_radius == pytest.approx(SQRT3 / 2)
    assert square(5).cell_radius == 0.5
    corners = grids.hex_corners(2.0, -1.0)
    assert corners.shape == (6, 2)
    assert np.allclose(np.hypot(corners[:, 0] - 2.0, corners[:, 1] + 1.0), 1.0)
    assert np.allclose(corners[0], (3.0, -1.0))  # flat-topped: a corner points east
    assert grids.hex_centre(0, 1) == pytest.approx((0.0, SQRT3))
    assert grids.hex_centre(1, 0) == pytest.approx((1.5, SQRT3 / 2))


@pytest.mark.parametrize("kind, size", BOARDS, ids=BOARD_IDS)
def test_polygons_surround_their_centres_and_fit_in_the_bounds(kind, size):
    g = board(kind, size)
    k = 6 if kind == "hex" else 4
    assert g.centres.shape == (len(g), 2)
    assert g.polygons.shape == (len(g), k, 2)
    assert np.allclose(g.polygons.mean(axis=1), g.centres)
    xmin, xmax, ymin, ymax = g.bounds
    assert xmin < g.centres[:, 0].min() and g.centres[:, 0].max() < xmax
    assert ymin < g.centres[:, 1].min() and g.centres[:, 1].max() < ymax


@pytest.mark.parametrize("kind, size", BOARDS, ids=BOARD_IDS)
def test_a_click_on_a_cell_centre_finds_that_cell(kind, size):
    g = board(kind, size)
    for i, (x, y) in enumerate(g.centres):
        assert g.cell_at(float(x), float(y)) == i


@pytest.mark.parametrize("kind, size", BOARDS, ids=BOARD_IDS)
def test_a_click_just_inside_a_cell_near_a_corner_or_side_finds_that_cell(kind, size):
    g = board(kind, size)
    for i in range(len(g)):
        centre = g.centres[i]
        corners = g.polygons[i]
        sides = (corners + np.roll(corners, -1, axis=0)) / 2
        for point in np.concatenate([corners, sides]):
            x, y = centre + 0.97 * (point - centre)
            assert g.cell_at(float(x), float(y)) == i, (g.label(i), x, y)


@pytest.mark.parametrize("kind, size", BOARDS, ids=BOARD_IDS)
def test_a_click_far_outside_the_board_finds_nothing(kind, size):
    g = board(kind, size)
    xmin, xmax, ymin, ymax = g.bounds
    far = [(100.0, 0.0), (-100.0, -100.0), (0.0, 1e6), (xmax + 0.6, ymax + 0.6)]
    far += [(xmin - 0.6, ymin - 0.6), (xmin - 0.6, (ymin + ymax) / 2)]
    for x, y in far:
        assert g.cell_at(x, y) is None, (x, y)


def test_a_click_just_outside_an_edge_cell_finds_nothing():
    g = hexhex(5)
    x, y = g.centres[g.index("e9")]
    assert g.cell_at(float(x), float(y) + 0.9) is None
    s = square(5)
    assert s.cell_at(4.6, 2.0) is None
    assert s.cell_at(-0.6, 2.0) is None


# ---------------------------------------------------------------------------------------
# Nothing in a grid can be changed (one grid object is shared by every game on a board)
# ---------------------------------------------------------------------------------------


def every_kind_of_grid() -> list[grids.Grid]:
    from gamekit import coffee, gipf

    return [
        hexhex(5),
        square(5),
        grids.hex_region(2, (1, -1)),
        gipf.Rules().start().grid,
        coffee.Rules(board="square", size=5).grid,
    ]


PUBLIC_ATTRIBUTES = ["kind", "size", "coords", "directions", "labels", "centres", "polygons"]
PUBLIC_ATTRIBUTES += ["columns", "bounds", "cell_radius", "longest_line"]


@pytest.mark.parametrize("grid", every_kind_of_grid(), ids=repr)
def test_no_public_attribute_of_a_grid_can_be_set_or_deleted(grid):
    for name in PUBLIC_ATTRIBUTES:
        getattr(grid, name)  # computed ones too
        with pytest.raises(AttributeError):
            setattr(grid, name, None)
        with pytest.raises(AttributeError):
            delattr(grid, name)


@pytest.mark.parametrize("grid", every_kind_of_grid(), ids=repr)
def test_a_grids_arrays_and_mappings_are_read_only(grid):
    before = grid.centres.copy()
    for array in (grid.centres, grid.polygons):
        assert not array.flags.writeable
        with pytest.raises(ValueError, match="read-only"):
            array[:] = 0
    assert np.array_equal(grid.centres, before)
    with pytest.raises(TypeError):
        grid.directions["x"] = (1, 1)
    with pytest.raises(TypeError):
        grid._index[(99, 99)] = 0
    assert isinstance(grid.coords, tuple) and isinstance(grid.labels, tuple)
    assert all(isinstance(c, tuple) for c in grid.coords)
    assert isinstance(grid.neighbours(0), tuple) and isinstance(grid.line(0, grid.axes[0]), tuple)


def test_the_shared_axis_tables_are_read_only():
    for table in (grids.HEX_AXES, grids.SQUARE_AXES, grids.AXIS_NAMES):
        with pytest.raises(TypeError):
            table["x"] = (1, 1)
    assert isinstance(grids.HEX_DIRECTIONS, tuple)


def test_a_changed_copy_of_a_grid_array_leaves_the_grid_alone():
    g = hexhex(4)
    mine = g.centres.copy()
    mine[:] = 0
    corners = grids.hex_corners()  # a new array each time: the caller's to change
    corners[:] = 0
    assert not np.allclose(g.centres, 0) and not np.allclose(grids.hex_corners(), 0)


def test_a_pickled_grid_comes_back_as_the_same_cached_board():
    import pickle

    for g in (hexhex(5), square(7), grids.hex_region(3, (2, -1))):
        assert pickle.loads(pickle.dumps(g)) is g
    by_hand = grids.Grid("hex", 1, ((0, 0),), {"|": (0, 1)}, ("x",))
    back = pickle.loads(pickle.dumps(by_hand))
    assert back.labels == ("x",) and back.coords == ((0, 0),)


def test_boards_of_the_same_size_are_one_object_whatever_the_number_type():
    assert hexhex(np.int64(5)) is hexhex(5) and hexhex(5).size == 5
    assert square(np.int32(4)) is square(4)
    assert grids.hex_region(2, [1, 0]) is grids.hex_region(2, (1, 0))
    assert repr(grids.hex_region(2, (1, 0))) == "gamekit.grids.hex_region(2, (1, 0))"


# ---------------------------------------------------------------------------------------
# Bad arguments are refused up front, naming the argument
# ---------------------------------------------------------------------------------------

G5 = hexhex(5)

BAD_CALLS = [
    (lambda: G5.label(-1), ValueError, "i must be a cell number from 0 to 60"),
    (lambda: G5.label(61), ValueError, "from 0 to 60"),
    (lambda: G5.label(1.5), TypeError, "i must be a whole number"),
    (lambda: G5.label(True), TypeError, "i must be a whole number"),
    (lambda: G5.neighbours(99), ValueError, "cell number"),
    (lambda: G5.line("a", "|"), TypeError, "whole number"),
    (lambda: G5.line(0, ["|"]), ValueError, "is not an axis"),
    (lambda: G5.step(0, (0.5, 0)), TypeError, "direction must be a pair of whole numbers"),
    (lambda: G5.step(0, "up"), TypeError, "direction"),
    (lambda: G5.at([0]), TypeError, "coord must be a pair"),
    (lambda: G5.at((0.7, 0.2)), TypeError, "coord must be a pair"),
    (lambda: G5.index(["e5"]), TypeError, "label must be a text"),
    (lambda: G5.index("zz"), grids.UnknownCellError, "'zz' is not a cell of"),
    (lambda: G5.cell_at(float("nan"), 0.0), ValueError, "x must be a finite number"),
    (lambda: G5.cell_at(0.0, float("inf")), ValueError, "y must be a finite number"),
    (lambda: G5.cell_at("1", 0.0), TypeError, "x must be a number"),
    (lambda: grids.hex_centre("a", 0), TypeError, "q must be a number"),
    (lambda: grids.hex_centre(0, float("inf")), ValueError, "r must be a finite number"),
    (lambda: grids.hex_corners(radius=0), ValueError, "radius must be above 0"),
    (lambda: grids.hex_distance((0.5, 0)), TypeError, "a must be a pair"),
    (lambda: grids.hex_distance((0, 0), "ab"), TypeError, "b must be a pair"),
    (lambda: grids.hex_region(-1), ValueError, "radius must be a whole number"),
    (lambda: grids.hex_region(10**6), ValueError, "from 0 to 1000"),
    (lambda: grids.hex_region(2.0), ValueError, "radius must be a whole number"),
    (lambda: grids.hex_region(2, (0.5, 0)), TypeError, "centre must be a pair"),
    (lambda: grids.hex_region(2, [[0], 0]), TypeError, "centre must be a pair"),
    (lambda: hexhex([5]), ValueError, "side must be a whole number"),
    (lambda: grids.parse_label(5), TypeError, "text must be a text"),
    (lambda: grids.Grid("round", 1, ((0, 0),), {}, ("x",)), ValueError, "kind must be"),
    (lambda: grids.Grid("hex", 0, ((0, 0),), {}, ("x",)), ValueError, "size must be 1 or more"),
    (lambda: grids.Grid("hex", 1, ((0, 0), (0, 0)), {}, ("x", "y")), ValueError, "distinct"),
    (lambda: grids.Grid("hex", 1, ((0, 0),), {}, ("x", "y")), ValueError, "1 texts"),
    (lambda: grids.Grid("hex", 1, ((0, 0),), {"|": "up"}, ("x",)), TypeError, "axis '|'"),
    (lambda: grids.Grid("hex", 1, "ab", {}, ("x",)), TypeError, "coords must be"),
]


@pytest.mark.parametrize("call, error, words", BAD_CALLS, ids=[w for _, _, w in BAD_CALLS])
def test_bad_arguments_are_refused_naming_the_argument(call, error, words):
    with pytest.raises(error) as caught:
        call()
    assert words in str(caught.value)


def test_an_unknown_label_is_both_a_key_error_and_a_value_error():
    with pytest.raises(KeyError):
        G5.index("k1")
    with pytest.raises(ValueError, match="its cells are a1 to i5"):
        G5.index("k1")
    assert not G5.has(["e5"]) and not G5.has(None)


def test_a_label_with_a_trailing_newline_is_not_a_label():
    assert grids.parse_label("e5\n") is None
    assert grids.parse_label("e5" + " " * 10_000) is None
