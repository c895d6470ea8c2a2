"""Hex Tiles' tiles: the twelve marking patterns and their colours, turning a tile, and
cells written as ``(q,r)``.

>>> Tile.from_marks("111000").colour
'yellow'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from itertools import islice
from types import MappingProxyType
from typing import Any

import numpy as np

from gamekit.checks import whole
from gamekit.errors import InvalidNotationError, shown
from gamekit.grids import HEX_DIRECTIONS
from gamekit.text import join_words

GAME = "hextiles"

#: Side ``i`` in words (``HEX_DIRECTIONS[i]``).
SIDE_NAMES = ("up", "up-right", "down-right", "down", "down-left", "up-left")
#: Colour of a tile by its number of marked sides (0 is the blank starter tile).
COLOURS: Mapping[int, str] = MappingProxyType(
    {0: "blank", 1: "red", 2: "blue", 3: "yellow", 4: "green", 5: "brown"}
)
#: The longest text read as a move, a cell or a tile (a move is about 30 characters; spaces
#: around it are allowed). Longer text is refused at once, without being scanned.
MAX_NOTATION_CHARS = 200

Cell = tuple[int, int]


def _show(value: object, width: int = 40) -> str:
    """``repr(value)`` cut to ``width`` characters, for error messages about any input."""
    return shown(value, width)


def _turn(value: object, name: str) -> int:
    """A turn (any whole number of sixths, clockwise) as an ``int``; ``InvalidNotationError``
    naming ``name`` otherwise (a turn is part of a move's notation)."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise InvalidNotationError(
            f"{name} must be a whole number of sixths turned clockwise (0 to 5), not {_show(value)}"
        )
    return int(value)


def _mask_of(text: str) -> int:
    return sum(1 << i for i, ch in enumerate(text) if ch == "1")


def _rot(mask: int, k: int) -> int:
    """``mask`` turned clockwise by ``k`` sixths (side i -> side i + k)."""
    k %= 6
    return ((mask << k) | (mask >> (6 - k))) & 0b111111


def _text(mask: int) -> str:
    return "".join("1" if mask >> i & 1 else "0" for i in range(6))


@cache
def _canonical(mask: int) -> tuple[int, int]:
    """(pattern mask, turn) with ``_rot(pattern, turn) == mask``; the pattern is the turn
    whose text is largest (marks first: ``110100`` rather than ``011010``)."""
    best = max(range(6), key=lambda k: (_text(_rot(mask, k)), -k))
    pattern = _rot(mask, best)
    return pattern, (-best) % 6


@cache
def _turns(mask: int) -> tuple[int, ...]:
    """The turns 0..5 that give distinct orientations of ``mask`` (the first of each)."""
    seen, out = set(), []
    for k in range(6):
        m = _rot(mask, k)
        if m not in seen:
            seen.add(m)
            out.append(k)
    return tuple(out)


@cache
def _orientations(mask: int) -> tuple[tuple[int, int], ...]:
    """``(turn, mask as it lies)`` for each distinct orientation of ``mask``."""
    return tuple((k, _rot(mask, k)) for k in _turns(mask))


@cache
def _fit_bits(touching: int, facing: int, contact: bool) -> int:
    """Bit ``m`` is set when a tile lying as mask ``m`` may go on a cell whose neighbours
    are on the sides ``touching``, those showing a mark toward it being ``facing``: no
    marked side touches a tile (``contact``: marks meet marks only)."""
    if contact:
        fits = (m for m in range(64) if (m & touching) == facing)
    elif facing:
        return 0
    else:
        fits = (m for m in range(64) if not m & touching)
    return sum(1 << m for m in fits)


#: :func:`_fit_bits` by ``touching << 7 | facing << 1 | contact``, filled as asked.
_FIT: dict[int, int] = {}


def _fit(touching: int, facing: int, contact: bool) -> int:
    """:func:`_fit_bits`, looked up quicker."""
    key = touching << 7 | facing << 1 | contact
    bits = _FIT.get(key)
    if bits is None:
        bits = _FIT[key] = _fit_bits(touching, facing, contact)
    return bits


@cache
def _every_turn_bits(masks: tuple[int, ...]) -> int:
    """Bit ``m`` set for every orientation ``m`` of every mask in ``masks``."""
    return sum(1 << m for m in {_rot(mask, k) for mask in masks for k in range(6)})


def _is_flag(x: object) -> bool:
    """Whether ``x`` reads as one side's mark: a bool, or the whole number 0 or 1."""
    if isinstance(x, bool | np.bool_):
        return True
    return isinstance(x, int | np.integer) and x in (0, 1)


_TILE_HELP = (
    "write six digits 0 or 1, one per side clockwise from the top (side 0 up, 1 up-right, "
    "... 5 up-left), like '111000'"
)


@dataclass(frozen=True, slots=True)
class Tile:
    """A hexagonal tile: which of its six sides are marked (``marks[i]`` is side ``i``).

    ``Tile(mask)`` takes the marks as bits (bit ``i`` for side ``i``, 0 to 63);
    :meth:`from_marks` reads them as text.

    >>> t = Tile.from_marks("110100")
    >>> t.value, t.colour, t.marks, t.pattern
    (3, 'yellow', '110100', Tile.from_marks('110100'))
    >>> t.rotated(6) == t
    True

    Raises:
        TypeError: ``mask`` is not a whole number.
        ValueError: ``mask`` is not from 0 to 63.
    """

    mask: int

    def __post_init__(self) -> None:
        mask = self.mask
        if type(mask) is not int:
            if isinstance(mask, bool) or not isinstance(mask, int | np.integer):
                raise TypeError(
                    f"mask must be a whole number from 0 to 63 (bit i for side i), not "
                    f"{_show(mask)}"
                )
            mask = int(mask)
            object.__setattr__(self, "mask", mask)
        if not 0 <= mask <= 63:
            raise ValueError(f"mask must be from 0 to 63 (bit i for side i), not {mask}")

    @classmethod
    def from_marks(cls, marks: str | Tile | Iterable[bool | int]) -> Tile:
        """A tile from six ``0``/``1`` digits, or six booleans (or 0/1 numbers), side 0
        first.

        >>> Tile.from_marks("100100"), Tile.from_marks([True, False, False, True, 0, 0])
        (Tile.from_marks('100100'), Tile.from_marks('100100'))

        Raises:
            InvalidNotationError: ``marks`` is not six digits 0/1 (spaces around them are
                allowed) nor six booleans; bytes are refused too.
        """
        if isinstance(marks, Tile):
            return marks
        known = _TILES.get(marks) if isinstance(marks, str) else None
        if known is not None:
            return known
        if isinstance(marks, str):
            text = marks.strip() if len(marks) <= MAX_NOTATION_CHARS else ""
        elif isinstance(marks, bytes | bytearray | memoryview) or not isinstance(marks, Iterable):
            raise InvalidNotationError(f"{_show(marks)} is not a tile: {_TILE_HELP}")
        else:
            items = list(islice(iter(marks), 7))
            if len(items) != 6 or not all(_is_flag(x) for x in items):
                raise InvalidNotationError(
                    f"{_show(marks)} is not a tile: give six booleans (or 0/1), one per side, "
                    f"or {_TILE_HELP}"
                )
            text = "".join("1" if x else "0" for x in items)
        if len(text) != 6 or set(text) - {"0", "1"}:
            raise InvalidNotationError(f"{_show(marks)} is not a tile: {_TILE_HELP}")
        return _TILES[text]

    @property
    def marks(self) -> str:
        """Six digits, ``1`` for a marked side, side 0 (up) first, clockwise."""
        return _text(self.mask)

    @property
    def value(self) -> int:
        """The number of marked sides (what the tile scores)."""
        return self.mask.bit_count()

    @property
    def colour(self) -> str:
        """red 1, blue 2, yellow 3, green 4, brown 5 marked sides (``blank`` for 0)."""
        return COLOURS.get(self.value, "white")

    def marked(self, side: int) -> bool:
        """Whether side ``side`` (0 up … 5 up-left; counted mod 6) is marked.

        Raises:
            TypeError: ``side`` is not a whole number.
        """
        return bool(self.mask >> (whole(side, "side", None) % 6) & 1)

    def rotated(self, turns: int = 1) -> Tile:
        """This tile turned clockwise by ``turns`` sixths.

        Raises:
            TypeError: ``turns`` is not a whole number.
        """
        return _TILES_BY_MASK[_rot(self.mask, whole(turns, "turns", None))]

    @property
    def pattern(self) -> Tile:
        """The standard turn of this tile's pattern (one of :data:`PATTERNS`)."""
        return _TILES_BY_MASK[_canonical(self.mask)[0]]

    @property
    def name(self) -> str:
        """The pattern in words: ``"yellow, three in a row"``."""
        return f"{self.colour}, {PATTERN_NAMES.get(self.pattern.marks, 'no marks')}"

    def __repr__(self) -> str:
        return f"Tile.from_marks({self.marks!r})"

    def __str__(self) -> str:
        return self.marks


#: Every tile by mask, and by its six digits (what :meth:`Tile.from_marks` looks up).
_TILES_BY_MASK: tuple[Tile, ...] = tuple(Tile(m) for m in range(64))
_TILES: Mapping[str, Tile] = MappingProxyType({t.marks: t for t in _TILES_BY_MASK})

#: The blank starter tile.
BLANK = _TILES_BY_MASK[0]

#: The 12 marking patterns up to rotation, in their standard turn, by value.
PATTERN_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "100000": "one mark",
        "110000": "two adjacent",
        "101000": "two, one apart",
        "100100": "two opposite",
        "111000": "three in a row",
        "110100": "three, mirror pair (left)",
        "110010": "three, mirror pair (right)",
        "101010": "three alternating",
        "111100": "four (two adjacent blank)",
        "111010": "four (blank sides one apart)",
        "110110": "four (blank sides opposite)",
        "111110": "five (one blank side)",
    }
)
PATTERNS: tuple[Tile, ...] = tuple(Tile.from_marks(m) for m in PATTERN_NAMES)
_PATTERN_ORDER: Mapping[str, int] = MappingProxyType({p: k for k, p in enumerate(PATTERN_NAMES)})

_INTEGER = re.compile(r"-?[0-9]+")
_CELL_HELP = "write it as two whole numbers q,r like '(1,-1)'"


def cell_text(cell: Cell) -> str:
    """A cell as text: ``(1,-1)``.

    >>> cell_text((1, -1)), cell_text(" 2 , 0 ")
    ('(1,-1)', '(2,0)')

    Raises:
        InvalidNotationError: ``cell`` is not a cell (see :class:`Figure`).
    """
    q, r = _as_cell(cell)
    return f"({q},{r})"


def _parse_cell(text: str, name: str) -> Cell:
    """``q,r`` with optional brackets and spaces, read in one linear pass."""
    if len(text) > MAX_NOTATION_CHARS:
        raise InvalidNotationError(
            f"{name} text of {len(text)} characters is too long for a cell (at most "
            f"{MAX_NOTATION_CHARS}); {_CELL_HELP}"
        )
    inner = text.strip()
    inner = inner.removeprefix("(").removesuffix(")")
    parts = inner.split(",")
    if len(parts) == 2:
        q, r = parts[0].strip(), parts[1].strip()
        if _INTEGER.fullmatch(q) and _INTEGER.fullmatch(r):
            return int(q), int(r)
    raise InvalidNotationError(f"{name} {_show(text)} is not a cell: {_CELL_HELP}")


def _as_cell(cell: Any, name: str = "cell") -> Cell:
    """``cell`` as a pair of ints: from a pair of whole numbers or text like ``(1,-1)``."""
    if type(cell) is tuple and len(cell) == 2 and type(cell[0]) is int is type(cell[1]):
        return cell
    if isinstance(cell, str):
        return _parse_cell(cell, name)
    if (
        not isinstance(cell, bytes | bytearray | memoryview)
        and hasattr(cell, "__len__")
        and hasattr(cell, "__getitem__")
        and len(cell) == 2
    ):
        q, r = cell[0], cell[1]
        if all(
            isinstance(x, int | np.integer) and not isinstance(x, bool | np.bool_) for x in (q, r)
        ):
            return int(q), int(r)
    raise InvalidNotationError(
        f"{name} {_show(cell)} is not a cell: give axial coordinates (q, r) as two whole "
        "numbers, like (1, -1) or '(1,-1)'"
    )


def _step(cell: Cell, side: int) -> Cell:
    dq, dr = HEX_DIRECTIONS[side % 6]
    return cell[0] + dq, cell[1] + dr


#: By side ``s``: ``(dq, dr, s, bit of the side of that neighbour facing back)``.
_SIDES = tuple((dq, dr, s, 1 << (s + 3) % 6) for s, (dq, dr) in enumerate(HEX_DIRECTIONS))
#: By side ``s`` of a border edge: the next side clockwise ``s + 1``, its direction, and
#: ``s - 1`` (the side of that neighbour that continues the border when it holds a tile).
_TURN_ON = tuple(((s + 1) % 6, *HEX_DIRECTIONS[(s + 1) % 6], (s - 1) % 6) for s in range(6))


def _join(words: list[str], last: str = "and") -> str:
    return join_words(words, last)


# ---------------------------------------------------------------------------------------
# Figures
# ---------------------------------------------------------------------------------------


def _flag(value: object, name: str) -> bool:
    """``value`` as a ``bool`` (numpy's included); ``ValueError`` naming ``name`` else."""
    if isinstance(value, bool | np.bool_):
        return bool(value)
    raise ValueError(f"{name} must be True or False, not {_show(value)}")


def _pattern_tuple(patterns: object, name: str = "patterns") -> tuple[Tile, ...]:
    """``patterns`` (a sequence of tiles or their texts) as a tuple of tiles."""
    if isinstance(patterns, str | bytes | Tile) or not isinstance(patterns, Iterable):
        raise ValueError(
            f"{name} must be a sequence of tiles like ['111000', '100000'], not {_show(patterns)}"
        )
    out = []
    for p in patterns:
        try:
            out.append(Tile.from_marks(p))
        except InvalidNotationError as err:
            raise ValueError(f"{name}: {err}") from None
    return tuple(out)
