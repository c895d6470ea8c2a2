"""Board geometry: hexhex boards and square boards.

Every board is a :class:`Grid`: a tuple of cells, each with a label, neighbours, the lines
through it along each axis, and a centre and polygon for drawing. Cells are numbered
``0 .. len(grid) - 1`` in label order (column ``a`` bottom to top, then ``b`` …).

A grid is shared by every game played on it (boards are cached, one object per kind and
size), so nothing in it can be changed: its mappings are read-only, its numpy arrays are not
writeable, and its attributes cannot be set or deleted.

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
>>> g.centres[0, 0] = 9.0
Traceback (most recent call last):
...
ValueError: assignment destination is read-only
"""

from __future__ import annotations

import math
import numbers
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from types import MappingProxyType
from typing import Any

import numpy as np

from gamekit.checks import whole

__all__ = [
    "HEX_DIRECTIONS",
    "HEX_AXES",
    "SQUARE_AXES",
    "AXIS_NAMES",
    "Grid",
    "UnknownCellError",
    "hexhex",
    "square",
    "hex_centre",
    "hex_corners",
    "grid_for",
    "hex_region",
    "hex_distance",
    "parse_label",
]

SQRT3 = math.sqrt(3.0)
#: The largest window :func:`hex_region` draws (3,003,001 cells).
MAX_REGION_RADIUS = 1000

#: The six hex directions ``(dq, dr)``, side ``i`` of a cell, clockwise from the top.
HEX_DIRECTIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1))
#: Hex axes and the direction that each one runs in (the other way is its negative).
HEX_AXES: Mapping[str, tuple[int, int]] = MappingProxyType(
    {"|": (0, 1), "/": (1, 0), "\\": (1, -1)}
)
#: Square axes: vertical, horizontal, rising and falling diagonals.
SQUARE_AXES: Mapping[str, tuple[int, int]] = MappingProxyType(
    {"|": (0, 1), "-": (1, 0), "/": (1, 1), "\\": (1, -1)}
)
#: Axis symbols in words, for messages.
AXIS_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "|": "vertical",
        "-": "horizontal",
        "/": "rising diagonal (/)",
        "\\": "falling diagonal (\\)",
    }
)

_LABEL = re.compile(r"([a-z])([1-9][0-9]?)")
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
_KINDS = ("hex", "square")


class UnknownCellError(KeyError, ValueError):
    """A label that names no cell of the board (both a ``KeyError``, as a missing key, and a
    ``ValueError``, as a bad argument)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


# ---------------------------------------------------------------------------------------
# Checking arguments
# ---------------------------------------------------------------------------------------


def _pair(value: Any, name: str) -> tuple[int, int]:
    """``value`` as a pair of whole numbers, else ``TypeError`` naming ``name``."""
    if type(value) is tuple and len(value) == 2 and type(value[0]) is int is type(value[1]):
        return value
    if isinstance(value, str | bytes) or not hasattr(value, "__len__") or len(value) != 2:
        raise TypeError(f"{name} must be a pair of whole numbers like (1, -1), not {value!r}")
    a, b = value
    for x in (a, b):
        if isinstance(x, bool) or not isinstance(x, int | np.integer):
            raise TypeError(f"{name} must be a pair of whole numbers like (1, -1), not {value!r}")
    return int(a), int(b)


def _real(value: Any, name: str) -> float:
    """``value`` as a finite ``float``; ``TypeError`` for a non-number, ``ValueError`` for
    infinity or NaN."""
    if type(value) is not float:
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise TypeError(f"{name} must be a number, not {value!r}")
        value = float(value)
    number: float = value
    if not math.isfinite(number):
        raise ValueError(f"{name} must be a finite number, not {number!r}")
    return number


# ---------------------------------------------------------------------------------------
# Drawing units
# ---------------------------------------------------------------------------------------


def hex_centre(q: float, r: float) -> tuple[float, float]:
    """Centre of hex ``(q, r)`` for drawing, with a corner radius of 1.

    Raises ``TypeError`` if ``q`` or ``r`` is not a number, ``ValueError`` if it is not
    finite.

    >>> hex_centre(0, 1)
    (0.0, 1.7320508075688772)
    """
    q, r = _real(q, "q"), _real(r, "r")
    return 1.5 * q, SQRT3 * (r + q / 2.0)


def hex_corners(x: float = 0.0, y: float = 0.0, radius: float = 1.0) -> np.ndarray:
    """The 6 corners of a flat-topped hexagon centred on ``(x, y)``, anticlockwise from east
    (a new array, yours to change).

    Raises ``TypeError`` for an argument that is not a number, ``ValueError`` for one that
    is not finite or a radius that is not above 0.

    >>> hex_corners().shape
    (6, 2)
    """
    x, y, radius = _real(x, "x"), _real(y, "y"), _real(radius, "radius")
    if radius <= 0:
        raise ValueError(f"radius must be above 0, not {radius!r}")
    angles = np.deg2rad(np.arange(0, 360, 60))
    return np.column_stack([x + radius * np.cos(angles), y + radius * np.sin(angles)])


def _frozen_array(values: Any, dtype: Any = float) -> np.ndarray:
    array = np.array(values, dtype=dtype)
    array.flags.writeable = False
    return array


# ---------------------------------------------------------------------------------------
# Grids
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Grid:
    """A board: its cells, labels, axes, lines and drawing geometry. Nothing in it changes.

    Build one with :func:`hexhex`, :func:`square` or :func:`hex_region` (they are cached, so
    a board of a given kind and size is one object). Building one by hand checks every
    argument: ``kind`` is ``"hex"`` or ``"square"``, ``coords`` distinct pairs of whole
    numbers, ``directions`` axis symbol -> step, ``labels`` one distinct text per cell;
    ``ValueError`` or ``TypeError`` names the one that is wrong.

    >>> g = Grid("hex", 1, ((0, 0),), {"|": (0, 1)}, ("x",))
    >>> g, g.label(0), g.at((0, 0)), g.at((0, 1))
    (<gamekit.grids.Grid hex, 1 cell>, 'x', 0, None)
    >>> g.directions["-"] = (1, 0)
    Traceback (most recent call last):
    ...
    TypeError: 'mappingproxy' object does not support item assignment
    """

    kind: str  # "hex" or "square"
    size: int
    coords: tuple[tuple[int, int], ...]
    directions: Mapping[str, tuple[int, int]] = field(repr=False)
    labels: tuple[str, ...] = field(repr=False)
    _index: Mapping[tuple[int, int], int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or self.kind not in _KINDS:
            raise ValueError(f"kind must be 'hex' or 'square', not {self.kind!r}")
        size = whole(self.size, "size", None)
        if size < 1:
            raise ValueError(f"size must be 1 or more, not {size}")
        if isinstance(self.coords, str | bytes) or not hasattr(self.coords, "__iter__"):
            raise TypeError(f"coords must be a sequence of (q, r) pairs, not {self.coords!r}")
        coords = tuple(_pair(c, "each of coords") for c in self.coords)
        index = {c: i for i, c in enumerate(coords)}
        if len(index) != len(coords):
            raise ValueError("coords must be distinct: a cell appears twice")
        if not isinstance(self.directions, Mapping):
            raise TypeError(
                f"directions must be a mapping axis -> (dq, dr), not {self.directions!r}"
            )
        directions = {}
        for axis, step in self.directions.items():
            if not isinstance(axis, str):
                raise TypeError(f"an axis must be a text symbol like '|', not {axis!r}")
            directions[axis] = _pair(step, f"the direction of axis {axis!r}")
        if isinstance(self.labels, str | bytes) or not hasattr(self.labels, "__iter__"):
            raise TypeError(f"labels must be a sequence of texts, not {self.labels!r}")
        labels = tuple(self.labels)
        if len(labels) != len(coords) or not all(isinstance(x, str) for x in labels):
            raise ValueError(f"labels must be {len(coords)} texts, one per cell")
        if len(set(labels)) != len(labels):
            raise ValueError("labels must be distinct: a label names two cells")
        for name, value in (
            ("size", size),
            ("coords", coords),
            ("directions", MappingProxyType(directions)),
            ("labels", labels),
            ("_index", MappingProxyType(index)),
        ):
            object.__setattr__(self, name, value)

    def __reduce__(self) -> tuple[Any, ...]:
        recipe = self.__dict__.get("_recipe")
        if recipe is not None:
            return (_remake, recipe)
        return (Grid, (self.kind, self.size, self.coords, dict(self.directions), self.labels))

    # -- naming -------------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self.coords)

    def __repr__(self) -> str:
        recipe = self.__dict__.get("_recipe")
        if recipe is not None:
            make, *args = recipe
            return f"gamekit.grids.{make}({', '.join(map(repr, args))})"
        n = len(self.coords)
        return f"<gamekit.grids.Grid {self.kind}, {n} cell{'' if n == 1 else 's'}>"

    @property
    def axes(self) -> tuple[str, ...]:
        """The axis symbols of this board, in a fixed order."""
        return tuple(self.directions)

    @cached_property
    def columns(self) -> str:
        """The column letters, left to right (``'abcdefghi'`` on hexhex 5)."""
        n = 2 * self.size - 1 if self.kind == "hex" else self.size
        return _LETTERS[:n]

    def _cell(self, i: Any, name: str = "i") -> int:
        """``i`` checked as a cell number of this board."""
        n = len(self.coords)
        if type(i) is int and 0 <= i < n:
            return i
        cell = whole(i, name, None)
        if not 0 <= cell < n:
            raise ValueError(f"{name} must be a cell number from 0 to {n - 1}, not {cell}")
        return cell

    def label(self, i: int) -> str:
        """The label of cell ``i``: ``grid.label(0) == 'a1'``.

        Raises ``TypeError`` if ``i`` is not a whole number, ``ValueError`` if it is not a
        cell number of this board."""
        return self.labels[self._cell(i)]

    @cached_property
    def _label_index(self) -> Mapping[str, int]:
        return MappingProxyType({lab: i for i, lab in enumerate(self.labels)})

    def index(self, label: str) -> int:
        """The cell number of a label.

        Raises :class:`UnknownCellError` (a ``KeyError`` and a ``ValueError``) if this board
        has no such cell, ``TypeError`` if ``label`` is not a text."""
        if not isinstance(label, str):
            raise TypeError(f"label must be a text like 'e5', not {label!r}")
        try:
            return self._label_index[label]
        except KeyError:
            raise UnknownCellError(
                f"{label!r} is not a cell of {self!r} (its cells are {self.labels[0]} to "
                f"{self.labels[-1]})"
            ) from None

    def has(self, label: str) -> bool:
        """Whether this board has a cell with that label (``False`` for anything but a
        text)."""
        return isinstance(label, str) and label in self._label_index

    def at(self, coord: tuple[int, int]) -> int | None:
        """The cell at axial (hex) or (file, rank) (square) coordinates, or ``None``.

        Raises ``TypeError`` if ``coord`` is not a pair of whole numbers."""
        return self._index.get(_pair(coord, "coord"))

    # -- structure ----------------------------------------------------------------------
    def step(self, i: int, direction: tuple[int, int]) -> int | None:
        """The cell one step from ``i`` in ``direction``, or ``None`` off the board.

        Raises ``TypeError``/``ValueError`` for a bad cell number or direction."""
        a, b = self.coords[self._cell(i)]
        dx, dy = _pair(direction, "direction")
        return self._index.get((a + dx, b + dy))

    @cached_property
    def _neighbours(self) -> tuple[tuple[int, ...], ...]:
        dirs = HEX_DIRECTIONS if self.kind == "hex" else _square_directions()
        out = []
        for i in range(len(self)):
            out.append(tuple(j for d in dirs if (j := self.step(i, d)) is not None))
        return tuple(out)

    def neighbours(self, i: int) -> tuple[int, ...]:
        """Cells touching cell ``i`` (edges on hex; edges and corners on square).

        Raises ``TypeError``/``ValueError`` for a bad cell number."""
        return self._neighbours[self._cell(i)]

    @cached_property
    def _lines(self) -> tuple[Mapping[str, tuple[int, ...]], ...]:
        out = []
        for i in range(len(self)):
            per_axis = {}
            for axis, (dx, dy) in self.directions.items():
                back: list[int] = []
                j = self.step(i, (-dx, -dy))
                while j is not None:
                    back.append(j)
                    j = self.step(j, (-dx, -dy))
                fwd: list[int] = []
                j = self.step(i, (dx, dy))
                while j is not None:
                    fwd.append(j)
                    j = self.step(j, (dx, dy))
                per_axis[axis] = tuple(reversed(back)) + (i,) + tuple(fwd)
            out.append(MappingProxyType(per_axis))
        return tuple(out)

    def line(self, i: int, axis: str) -> tuple[int, ...]:
        """Every cell on the straight line through ``i`` along ``axis``, ``i`` included,
        ordered along the axis's direction (bottom to top, left to right).

        Raises ``ValueError`` for an axis this board lacks, ``TypeError``/``ValueError``
        for a bad cell number."""
        if not isinstance(axis, str) or axis not in self.directions:
            raise ValueError(
                f"{axis!r} is not an axis of a {self.kind} board; its axes are "
                + " ".join(self.axes)
            )
        return self._lines[self._cell(i)][axis]

    @cached_property
    def longest_line(self) -> int:
        """The number of cells in the longest straight line of the board."""
        return max(len(line) for per_axis in self._lines for line in per_axis.values())

    # -- drawing geometry ---------------------------------------------------------------
    @cached_property
    def centres(self) -> np.ndarray:
        """``(N, 2)`` array of cell centres in drawing units (cell radius 1 on hex, side 1
        on square); read-only."""
        if self.kind == "hex":
            return _frozen_array([hex_centre(q, r) for q, r in self.coords])
        return _frozen_array(self.coords)

    @cached_property
    def polygons(self) -> np.ndarray:
        """``(N, k, 2)`` array of cell outlines (k = 6 on hex, 4 on square); read-only."""
        if self.kind == "hex":
            unit = hex_corners()
        else:
            unit = np.array([[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]])
        return _frozen_array(self.centres[:, None, :] + unit[None, :, :])

    @cached_property
    def cell_radius(self) -> float:
        """Distance from a centre to the middle of a side (the inscribed radius)."""
        return SQRT3 / 2.0 if self.kind == "hex" else 0.5

    def cell_at(self, x: float, y: float) -> int | None:
        """The cell under the point ``(x, y)`` in drawing units, or ``None`` outside.

        This is the whole click mapping of the clickable boards. Raises ``TypeError`` if
        ``x`` or ``y`` is not a number, ``ValueError`` if it is not finite.

        >>> g = hexhex(5)
        >>> g.label(g.cell_at(*g.centres[g.index("c3")]))
        'c3'
        >>> g.cell_at(100.0, 0.0) is None
        True
        """
        x, y = _real(x, "x"), _real(y, "y")
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


def _made_by(grid: Grid, *recipe: Any) -> Grid:
    """Note which factory call builds ``grid`` (for its repr, and so that unpickling gives
    the cached object back)."""
    object.__setattr__(grid, "_recipe", recipe)
    return grid


def _remake(make: str, *args: Any) -> Grid:
    makers: dict[str, Callable[..., Grid]] = {
        "hexhex": hexhex,
        "square": square,
        "hex_region": hex_region,
    }
    return makers[make](*args)


def hexhex(size: int) -> Grid:
    """The hexhex board with ``size`` cells a side (2 to 13); one object per size.

    Raises ``ValueError`` if ``size`` is not a whole number from 2 to 13.

    >>> len(hexhex(4)), hexhex(4).labels[:4]
    (37, ('a1', 'a2', 'a3', 'a4'))
    """
    return _hexhex(_check_size(size, 2, 13, "a hexhex board's side"))


@cache
def _hexhex(size: int) -> Grid:
    s = size - 1
    coords, labels = [], []
    for q in range(-s, s + 1):
        rmin, rmax = max(-s, -s - q), min(s, s - q)
        for r in range(rmin, rmax + 1):
            coords.append((q, r))
            labels.append(f"{_LETTERS[q + s]}{r - rmin + 1}")
    grid = Grid(
        kind="hex", size=size, coords=tuple(coords), directions=HEX_AXES, labels=tuple(labels)
    )
    return _made_by(grid, "hexhex", size)


def square(size: int) -> Grid:
    """The square board with ``size`` cells a side (3 to 26); one object per size.

    Raises ``ValueError`` if ``size`` is not a whole number from 3 to 26.

    >>> square(5).label(24)
    'e5'
    """
    return _square(_check_size(size, 3, 26, "a square board's side"))


@cache
def _square(size: int) -> Grid:
    coords = [(f, r) for f in range(size) for r in range(size)]
    labels = [f"{_LETTERS[f]}{r + 1}" for f, r in coords]
    grid = Grid(
        kind="square",
        size=size,
        coords=tuple(coords),
        directions=SQUARE_AXES,
        labels=tuple(labels),
    )
    return _made_by(grid, "square", size)


def hex_distance(a: tuple[int, int], b: tuple[int, int] = (0, 0)) -> int:
    """Steps between two hex cells (axial coordinates).

    Raises ``TypeError`` if ``a`` or ``b`` is not a pair of whole numbers.

    >>> hex_distance((2, -1)), hex_distance((1, 1), (-1, 0))
    (2, 3)
    """
    (aq, ar), (bq, br) = _pair(a, "a"), _pair(b, "b")
    dq, dr = aq - bq, ar - br
    return max(abs(dq), abs(dr), abs(dq + dr))


def hex_region(radius: int, centre: tuple[int, int] = (0, 0)) -> Grid:
    """A hexagonal window of hex cells, ``radius`` steps around ``centre`` (for drawings of
    unbounded figures, like Hex Tiles). Cells are labelled ``q,r``; windows are cached, so
    one radius and centre give one object.

    Raises ``ValueError`` if ``radius`` is not a whole number from 0 to
    :data:`MAX_REGION_RADIUS`, ``TypeError`` if ``centre`` is not a pair of whole numbers.

    >>> g = hex_region(1)
    >>> len(g), g.label(g.at((0, 0))), g
    (7, '0,0', gamekit.grids.hex_region(1, (0, 0)))
    """
    if isinstance(radius, bool) or not isinstance(radius, int | np.integer):
        raise ValueError(f"radius must be a whole number, 0 or more, not {radius!r}")
    if not 0 <= radius <= MAX_REGION_RADIUS:
        raise ValueError(
            f"radius must be a whole number from 0 to {MAX_REGION_RADIUS}, not {radius!r}"
        )
    return _hex_region(int(radius), _pair(centre, "centre"))


@cache
def _hex_region(radius: int, centre: tuple[int, int]) -> Grid:
    cq, cr = centre
    coords = [
        (cq + q, cr + r)
        for q in range(-radius, radius + 1)
        for r in range(max(-radius, -radius - q), min(radius, radius - q) + 1)
    ]
    grid = Grid(
        kind="hex",
        size=radius + 1,
        coords=tuple(coords),
        directions=HEX_AXES,
        labels=tuple(f"{q},{r}" for q, r in coords),
    )
    return _made_by(grid, "hex_region", radius, centre)


def grid_for(board: str, size: int) -> Grid:
    """``grid_for("hex", 5)`` is ``hexhex(5)``; ``grid_for("square", 7)`` is ``square(7)``.

    Raises ``ValueError`` for another board kind or a size the board does not come in."""
    if board == "hex":
        return hexhex(size)
    if board == "square":
        return square(size)
    raise ValueError(f"board must be 'hex' or 'square', not {board!r}")


def _check_size(size: object, low: int, high: int, what: str) -> int:
    if isinstance(size, bool) or not isinstance(size, int | np.integer):
        raise ValueError(f"{what} must be a whole number, not {size!r}")
    if not low <= size <= high:
        raise ValueError(f"{what} must be from {low} to {high}, not {size}")
    return int(size)


def parse_label(text: str) -> tuple[str, int] | None:
    """Split a cell label into its column letter and number, or ``None`` if it is not one.

    Raises ``TypeError`` if ``text`` is not a text.

    >>> parse_label("e5"), parse_label("5e")
    (('e', 5), None)
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a text like 'e5', not {text!r}")
    m = _LABEL.fullmatch(text) if len(text) <= 3 else None
    return (m.group(1), int(m.group(2))) if m else None
