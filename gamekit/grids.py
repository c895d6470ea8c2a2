"""Board geometry: hexhex boards and square boards.

Every board is a :class:`Grid`: a tuple of cells, each with a label, neighbours, the lines
through it along each axis, and a centre and polygon for drawing. Cells are numbered
``0 .. len(grid) - 1`` in label order (column ``a`` bottom to top, then ``b`` …).

Hex conventions (shared by Coffee, the GIPF board and Hex Tiles)
-----------------------------------------------------------------
Cells are flat-topped hexagons standing in vertical columns. A cell has axial coordinates
``(q, r)``: ``q`` counts columns left to right, ``r`` counts up a column. The six neighbour
directions, in the order used everywhere (``HEX_DIRECTIONS[i]`` is side ``i`` of a cell,
counted clockwise from the top side):

====  ==========  =========  ==========
side  direction   (dq, dr)   axis
====  ==========  =========  ==========
0     up          (0, +1)    ``|``
1     up-right    (+1, 0)    ``/``
2     down-right  (+1, -1)   ``\\``
3     down        (0, -1)    ``|``
4     down-left   (-1, 0)    ``/``
5     up-left     (-1, +1)   ``\\``
====  ==========  =========  ==========

A hexhex board of side ``s`` holds the cells with ``max(|q|, |r|, |q + r|) < s``, centred on
``(0, 0)``. Its columns are lettered ``a …`` from the left and each column is numbered from
``1`` at its bottom cell, so on side 5 the centre is ``e5`` (the GIPF board's naming).

Square boards use ``(file, rank)`` from ``(0, 0)`` at the bottom left: files ``a …`` left to
right, ranks ``1 …`` bottom to top, axes ``|`` ``-`` ``/`` ``\\``.

>>> g = hexhex(5)
>>> len(g), g.label(g.index("e5")), g.axes
(61, 'e5', ('|', '/', '\\\\'))
>>> [g.label(i) for i in g.line(g.index("e5"), "/")]
['a1', 'b2', 'c3', 'd4', 'e5', 'f5', 'g5', 'h5', 'i5']
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import cache, cached_property

import numpy as np

__all__ = [
    "HEX_DIRECTIONS",
    "HEX_AXES",
    "SQUARE_AXES",
    "AXIS_NAMES",
    "Grid",
    "hexhex",
    "square",
    "hex_centre",
    "hex_corners",
    "grid_for",
    "hex_region",
    "hex_distance",
]

SQRT3 = math.sqrt(3.0)

#: The six hex directions ``(dq, dr)``, side ``i`` of a cell, clockwise from the top.
HEX_DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1))
#: Hex axes and the direction that each one runs in (the other way is its negative).
HEX_AXES: dict[str, tuple[int, int]] = {"|": (0, 1), "/": (1, 0), "\\": (1, -1)}
#: Square axes: vertical, horizontal, rising and falling diagonals.
SQUARE_AXES: dict[str, tuple[int, int]] = {"|": (0, 1), "-": (1, 0), "/": (1, 1), "\\": (1, -1)}
#: Axis symbols in words, for messages.
AXIS_NAMES: dict[str, str] = {
    "|": "vertical",
    "-": "horizontal",
    "/": "rising diagonal (/)",
    "\\": "falling diagonal (\\)",
}

_LABEL = re.compile(r"^([a-z])([1-9][0-9]?)$")
_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def hex_centre(q: float, r: float) -> tuple[float, float]:
    """Centre of hex ``(q, r)`` for drawing, with a corner radius of 1.

    >>> hex_centre(0, 1)
    (0.0, 1.7320508075688772)
    """
    return 1.5 * q, SQRT3 * (r + q / 2.0)


def hex_corners(x: float = 0.0, y: float = 0.0, radius: float = 1.0) -> np.ndarray:
    """The 6 corners of a flat-topped hexagon centred on ``(x, y)``, anticlockwise from east.

    >>> hex_corners().shape
    (6, 2)
    """
    angles = np.deg2rad(np.arange(0, 360, 60))
    return np.column_stack([x + radius * np.cos(angles), y + radius * np.sin(angles)])


@dataclass(frozen=True, eq=False)
class Grid:
    """A board: its cells, labels, axes, lines and drawing geometry.

    Build one with :func:`hexhex` or :func:`square` (they are cached, so a board of a given
    kind and size is one object).
    """

    kind: str  # "hex" or "square"
    size: int
    coords: tuple[tuple[int, int], ...]
    directions: dict[str, tuple[int, int]] = field(repr=False)
    _index: dict[tuple[int, int], int] = field(repr=False)
    labels: tuple[str, ...] = field(repr=False)

    # -- naming -------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.coords)

    def __repr__(self) -> str:
        name = "hexhex" if self.kind == "hex" else "square"
        return f"gamekit.grids.{name}({self.size})"

    @property
    def axes(self) -> tuple[str, ...]:
        """The axis symbols of this board, in a fixed order."""
        return tuple(self.directions)

    @cached_property
    def columns(self) -> str:
        """The column letters, left to right (``'abcdefghi'`` on hexhex 5)."""
        n = 2 * self.size - 1 if self.kind == "hex" else self.size
        return _LETTERS[:n]

    def label(self, i: int) -> str:
        """The label of cell ``i``: ``grid.label(0) == 'a1'``."""
        return self.labels[i]

    @cached_property
    def _label_index(self) -> dict[str, int]:
        return {lab: i for i, lab in enumerate(self.labels)}

    def index(self, label: str) -> int:
        """The cell number of a label; ``KeyError`` if this board has no such cell."""
        return self._label_index[label]

    def has(self, label: str) -> bool:
        """Whether this board has a cell with that label."""
        return label in self._label_index

    def at(self, coord: tuple[int, int]) -> int | None:
        """The cell at axial (hex) or (file, rank) (square) coordinates, or ``None``."""
        return self._index.get(coord)

    # -- structure ----------------------------------------------------------------------
    def step(self, i: int, direction: tuple[int, int]) -> int | None:
        """The cell one step from ``i`` in ``direction``, or ``None`` off the board."""
        a, b = self.coords[i]
        return self._index.get((a + direction[0], b + direction[1]))

    @cached_property
    def _neighbours(self) -> tuple[tuple[int, ...], ...]:
        dirs = HEX_DIRECTIONS if self.kind == "hex" else _square_directions()
        out = []
        for i in range(len(self)):
            out.append(tuple(j for d in dirs if (j := self.step(i, d)) is not None))
        return tuple(out)

    def neighbours(self, i: int) -> tuple[int, ...]:
        """Cells touching cell ``i`` (edges on hex; edges and corners on square)."""
        return self._neighbours[i]

    @cached_property
    def _lines(self) -> tuple[dict[str, tuple[int, ...]], ...]:
        out = []
        for i in range(len(self)):
            per_axis = {}
            for axis, (dx, dy) in self.directions.items():
                back, j = [], i
                while (j := self.step(j, (-dx, -dy))) is not None:
                    back.append(j)
                fwd, j = [], i
                while (j := self.step(j, (dx, dy))) is not None:
                    fwd.append(j)
                per_axis[axis] = tuple(reversed(back)) + (i,) + tuple(fwd)
            out.append(per_axis)
        return tuple(out)

    def line(self, i: int, axis: str) -> tuple[int, ...]:
        """Every cell on the straight line through ``i`` along ``axis``, ``i`` included,
        ordered along the axis's direction (bottom to top, left to right)."""
        if axis not in self.directions:
            raise ValueError(
                f"{axis!r} is not an axis of a {self.kind} board; its axes are "
                + " ".join(self.axes)
            )
        return self._lines[i][axis]

    @cached_property
    def longest_line(self) -> int:
        """The number of cells in the longest straight line of the board."""
        return max(len(line) for per_axis in self._lines for line in per_axis.values())

    # -- drawing geometry ---------------------------------------------------------------
    @cached_property
    def centres(self) -> np.ndarray:
        """``(N, 2)`` array of cell centres in drawing units (cell radius 1 on hex, side 1
        on square)."""
        if self.kind == "hex":
            return np.array([hex_centre(q, r) for q, r in self.coords])
        return np.array(self.coords, dtype=float)

    @cached_property
    def polygons(self) -> np.ndarray:
        """``(N, k, 2)`` array of cell outlines (k = 6 on hex, 4 on square)."""
        if self.kind == "hex":
            unit = hex_corners()
        else:
            unit = np.array([[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]])
        return self.centres[:, None, :] + unit[None, :, :]

    @cached_property
    def cell_radius(self) -> float:
        """Distance from a centre to the middle of a side (the inscribed radius)."""
        return SQRT3 / 2.0 if self.kind == "hex" else 0.5

    def cell_at(self, x: float, y: float) -> int | None:
        """The cell under the point ``(x, y)`` in drawing units, or ``None`` outside.

        This is the whole click mapping of the clickable boards.

        >>> g = hexhex(5)
        >>> g.label(g.cell_at(*g.centres[g.index("c3")]))
        'c3'
        >>> g.cell_at(100.0, 0.0) is None
        True
        """
        if self.kind == "hex":
            fq = x / 1.5
            fr = y / SQRT3 - fq / 2.0
            coord = _hex_round(fq, fr)
        else:
            coord = (int(math.floor(x + 0.5)), int(math.floor(y + 0.5)))
        return self._index.get(coord)

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        """``(xmin, xmax, ymin, ymax)`` of all cell polygons."""
        pts = self.polygons.reshape(-1, 2)
        return (
            float(pts[:, 0].min()),
            float(pts[:, 0].max()),
            float(pts[:, 1].min()),
            float(pts[:, 1].max()),
        )


def _hex_round(fq: float, fr: float) -> tuple[int, int]:
    """Nearest hex to fractional axial coordinates (cube rounding)."""
    fs = -fq - fr
    q, r, s = round(fq), round(fr), round(fs)
    dq, dr, ds = abs(q - fq), abs(r - fr), abs(s - fs)
    if dq > dr and dq > ds:
        q = -r - s
    elif dr > ds:
        r = -q - s
    return int(q), int(r)


def _square_directions() -> tuple[tuple[int, int], ...]:
    return ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


@cache
def hexhex(size: int) -> Grid:
    """The hexhex board with ``size`` cells a side (2 to 13).

    >>> len(hexhex(4)), hexhex(4).labels[:4]
    (37, ('a1', 'a2', 'a3', 'a4'))
    """
    _check_size(size, 2, 13, "a hexhex board's side")
    s = size - 1
    coords, labels = [], []
    for q in range(-s, s + 1):
        rmin, rmax = max(-s, -s - q), min(s, s - q)
        for r in range(rmin, rmax + 1):
            coords.append((q, r))
            labels.append(f"{_LETTERS[q + s]}{r - rmin + 1}")
    return Grid(
        kind="hex",
        size=size,
        coords=tuple(coords),
        directions=dict(HEX_AXES),
        _index={c: i for i, c in enumerate(coords)},
        labels=tuple(labels),
    )


@cache
def square(size: int) -> Grid:
    """The square board with ``size`` cells a side (3 to 26).

    >>> square(5).label(24)
    'e5'
    """
    _check_size(size, 3, 26, "a square board's side")
    coords = [(f, r) for f in range(size) for r in range(size)]
    labels = [f"{_LETTERS[f]}{r + 1}" for f, r in coords]
    return Grid(
        kind="square",
        size=size,
        coords=tuple(coords),
        directions=dict(SQUARE_AXES),
        _index={c: i for i, c in enumerate(coords)},
        labels=tuple(labels),
    )


def hex_distance(a: tuple[int, int], b: tuple[int, int] = (0, 0)) -> int:
    """Steps between two hex cells (axial coordinates).

    >>> hex_distance((2, -1)), hex_distance((1, 1), (-1, 0))
    (2, 3)
    """
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


@cache
def hex_region(radius: int, centre: tuple[int, int] = (0, 0)) -> Grid:
    """A hexagonal window of hex cells, ``radius`` steps around ``centre``, of any size (for
    drawings of unbounded figures, like Hex Tiles). Cells are labelled ``q,r``; windows are
    cached, so one radius and centre give one object.

    >>> g = hex_region(1)
    >>> len(g), g.label(g.at((0, 0)))
    (7, '0,0')
    """
    if isinstance(radius, bool) or not isinstance(radius, int) or radius < 0:
        raise ValueError(f"radius must be a whole number, 0 or more, not {radius!r}")
    cq, cr = centre
    coords = [
        (cq + q, cr + r)
        for q in range(-radius, radius + 1)
        for r in range(max(-radius, -radius - q), min(radius, radius - q) + 1)
    ]
    return Grid(
        kind="hex",
        size=radius + 1,
        coords=tuple(coords),
        directions=dict(HEX_AXES),
        _index={c: i for i, c in enumerate(coords)},
        labels=tuple(f"{q},{r}" for q, r in coords),
    )


def grid_for(board: str, size: int) -> Grid:
    """``grid_for("hex", 5)`` is ``hexhex(5)``; ``grid_for("square", 7)`` is ``square(7)``."""
    if board == "hex":
        return hexhex(size)
    if board == "square":
        return square(size)
    raise ValueError(f"board must be 'hex' or 'square', not {board!r}")


def _check_size(size: object, low: int, high: int, what: str) -> None:
    if isinstance(size, bool) or not isinstance(size, int | np.integer):
        raise ValueError(f"{what} must be a whole number, not {size!r}")
    if not low <= size <= high:
        raise ValueError(f"{what} must be from {low} to {high}, not {size}")


def parse_label(text: str) -> tuple[str, int] | None:
    """Split a cell label into its column letter and number, or ``None`` if it is not one.

    >>> parse_label("e5"), parse_label("5e")
    (('e', 5), None)
    """
    m = _LABEL.match(text)
    return (m.group(1), int(m.group(2))) if m else None
