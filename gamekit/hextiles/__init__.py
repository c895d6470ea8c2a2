"""Hex Tiles: each player grows a figure of hexagonal tiles whose marked sides must face
outward, then scores its tiles and its longest marked border. Rules engine.

The rules follow ``docs/rules/hextiles.md``; every choice the seed left open is an option
of :class:`Rules` (see its docstring).

Sides and turns
---------------
Tiles are flat-topped hexagons on the axial grid of :mod:`gamekit.grids`. Side ``i`` of a tile
faces ``HEX_DIRECTIONS[i]``, counted **clockwise from the top**: 0 up, 1 up-right,
2 down-right, 3 down, 4 down-left, 5 up-left. A tile is written as six digits, digit ``i``
being ``1`` when side ``i`` is marked: ``"111000"`` has sides 0, 1 and 2 (up, up-right,
down-right) marked. Turning a tile by ``k`` moves
the mark on side ``i`` to side ``i + k`` (clockwise, mod 6); six turns give the tile back.

Cells are axial ``(q, r)``: ``q`` counts columns to the right, ``r`` counts up a column. Every
figure starts from a blank starter tile on ``(0, 0)``; in notation a cell is ``(q,r)``.

Players and chance
------------------
The players are the seats ``"player 1"``, ``"player 2"`` … (``Rules.seats``);
``State.to_move`` names one, and ``State.player`` is its number from 0. The pool is shuffled
with the rules' ``seed``; with ``seed=None`` (the default) every ``start()`` deals anew, and
the state's rules carry the seed that was used, so a record replays the same deal.

>>> from gamekit import hextiles
>>> tile = hextiles.Tile.from_marks("111000")
>>> tile.value, tile.colour, tile.rotated(1)
(3, 'yellow', Tile.from_marks('011100'))
>>> fig = hextiles.Figure.start().place(hextiles.Tile.from_marks("111110"), (0, 1), 4)
>>> hextiles.score(fig)
Score(tiles=5, border=5, closed=False, total=10)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from itertools import islice
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple, cast

import numpy as np

from gamekit.errors import IllegalMoveError, InvalidNotationError, shown
from gamekit.game import MAX_SEED, FrozenMap, register
from gamekit.grids import HEX_DIRECTIONS
from gamekit.options import check_options
from gamekit.text import join_words
from gamekit.variants import BLOCKED, Variants

__all__ = [
    "Conflict",
    "Tile",
    "PATTERNS",
    "PATTERN_NAMES",
    "COLOURS",
    "BLANK",
    "SIDE_NAMES",
    "HEX_DIRECTIONS",
    "LEFTOVER_RULES",
    "MAX_NOTATION_CHARS",
    "Figure",
    "Score",
    "score",
    "ranking",
    "Rules",
    "State",
    "Move",
    "Outcome",
    "cell_text",
]

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


def _whole(value: object, name: str) -> int:
    """``value`` as an ``int`` if it is a whole number (numpy's included, bools not), else
    ``TypeError`` naming ``name``."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise TypeError(f"{name} must be a whole number, not {_show(value)}")
    return int(value)


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
        return bool(self.mask >> (_whole(side, "side") % 6) & 1)

    def rotated(self, turns: int = 1) -> Tile:
        """This tile turned clockwise by ``turns`` sixths.

        Raises:
            TypeError: ``turns`` is not a whole number.
        """
        return _TILES_BY_MASK[_rot(self.mask, _whole(turns, "turns"))]

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


class Conflict(NamedTuple):
    """The rule a placement breaks (:meth:`Figure.conflict`): ``kind`` is ``"occupied"``
    (the cell holds a tile), ``"apart"`` (it touches no tile of the figure), ``"touches"``
    (a mark of the tile would touch a neighbour), ``"faces"`` (a neighbour shows a mark
    toward the cell), or, where marks may meet marks, ``"meets-blank"`` (a mark would meet
    a blank side), ``"blank-meets"`` (a blank side would meet a mark); ``side`` is the
    tile's side (0 up, clockwise; -1 for none), ``neighbour`` the cell on that side (the
    cell itself for none) and ``turns`` the turns of the tile that fit there."""

    kind: str
    side: int
    neighbour: tuple[int, int]
    turns: tuple[int, ...]


class Figure:
    """One player's figure: the tiles placed so far, by cell, as they lie (turned).

    Immutable and hashable; :meth:`place` returns a new figure. ``marked_contact=True`` is
    the option that lets a marked side touch a marked side (a mark may still never touch an
    unmarked side). ``Figure(tiles)`` builds any figure from ``{cell: tile}`` (no rule is
    checked: for lessons and tests); :meth:`start` is the one games begin with.

    A cell is a pair of whole numbers ``(q, r)`` or text ``"(q,r)"``; a tile is a
    :class:`Tile` or its six digits; a turn is a whole number of sixths, clockwise.

    >>> fig = Figure.start()
    >>> len(fig), fig.tile_at((0, 0))
    (1, Tile.from_marks('000000'))
    >>> fig.place(Tile.from_marks("100000"), (0, 1), 3)
    Traceback (most recent call last):
    ...
    gamekit.errors.IllegalMoveError: 100000 turned 3 on (0,1) is not allowed: its marked side 3 (down) would touch the tile on (0,0). No marked side may touch another tile. Turned 0, 1, 2, 4 or 5 it fits there.

    Raises:
        TypeError: ``tiles`` is not a mapping.
        ValueError: ``tiles`` is empty or names a cell twice, or ``marked_contact`` is not
            True or False.
        InvalidNotationError: a cell or a tile of ``tiles`` is malformed.
    """

    __slots__ = ("_tiles", "marked_contact", "_cache")

    #: The game a figure belongs to (its pictures are Hex Tiles pictures).
    game: ClassVar[str] = GAME
    _tiles: dict[Cell, int]
    marked_contact: bool
    _cache: dict[Any, Any]

    def __init__(
        self, tiles: Mapping[Any, Any] | None = None, marked_contact: bool = False
    ) -> None:
        contact = _flag(marked_contact, "marked_contact")
        if tiles is None:
            cells = {(0, 0): 0}
        else:
            if not isinstance(tiles, Mapping):
                raise TypeError(
                    "tiles must be a mapping cell -> tile, like {(0, 0): '000000', (0, 1): "
                    f"'100000'}}, not {_show(tiles)}"
                )
            cells = {}
            for cell, tile in tiles.items():
                where = _as_cell(cell, "a cell of tiles")
                if where in cells:
                    raise ValueError(f"tiles names the cell {cell_text(where)} twice")
                cells[where] = Tile.from_marks(tile).mask
            if not cells:
                raise ValueError("a figure holds at least one tile (its starter)")
        object.__setattr__(self, "_tiles", cells)
        object.__setattr__(self, "marked_contact", contact)
        object.__setattr__(self, "_cache", {})

    @classmethod
    def start(cls, marked_contact: bool = False) -> Figure:
        """A figure of one blank starter tile on ``(0, 0)``.

        Raises:
            ValueError: ``marked_contact`` is not True or False.
        """
        return cls(None, marked_contact)

    @classmethod
    def _of(cls, tiles: dict[Cell, int], marked_contact: bool) -> Figure:
        """A figure of checked parts (no copy)."""
        new = object.__new__(cls)
        object.__setattr__(new, "_tiles", tiles)
        object.__setattr__(new, "marked_contact", marked_contact)
        object.__setattr__(new, "_cache", {})
        return new

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a hextiles.Figure is immutable; place() returns a new figure")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a hextiles.Figure is immutable; place() returns a new figure")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Figure, (self.tiles(), self.marked_contact))

    def _key(self) -> tuple:
        key = self._cache.get("key")
        if key is None:
            key = self._cache["key"] = (frozenset(self._tiles.items()), self.marked_contact)
        return key

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Figure) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __len__(self) -> int:
        return len(self._tiles)

    def __repr__(self) -> str:
        n = len(self._tiles)
        return f"<hextiles.Figure {n} tile{'' if n == 1 else 's'}, value {self.value}>"

    def _repr_png_(self) -> bytes:
        from gamekit.render import png  # one picture format for every game

        return png(self)

    # -- reading ---------------------------------------------------------------------------
    def tiles(self) -> dict[Cell, Tile]:
        """``{cell: tile as it lies}``, cells sorted (a new dict, yours to change)."""
        return {c: _TILES_BY_MASK[m] for c, m in sorted(self._tiles.items())}

    def cells(self) -> list[Cell]:
        """The cells holding tiles, sorted (a new list)."""
        return sorted(self._tiles)

    def tile_at(self, cell: Any) -> Tile | None:
        """The tile on ``cell`` as it lies, or ``None``.

        Raises:
            InvalidNotationError: ``cell`` is not a cell.
        """
        m = self._tiles.get(_as_cell(cell))
        return None if m is None else _TILES_BY_MASK[m]

    def __contains__(self, cell: object) -> bool:
        try:
            return _as_cell(cell) in self._tiles
        except InvalidNotationError:
            return False

    @property
    def value(self) -> int:
        """The sum of the tiles' values."""
        return sum(m.bit_count() for m in self._tiles.values())

    def frontier(self) -> tuple[Cell, ...]:
        """The empty cells next to the figure, sorted."""
        if "frontier" not in self._cache:
            self._cache["frontier"] = tuple(sorted(self._need_map()))
        return self._cache["frontier"]

    def _need_map(self) -> dict[Cell, tuple[int, int, int]]:
        """Every empty cell next to the figure -> (sides with a neighbour, of those the
        sides facing a mark, the masks that fit there as bits: :func:`_fit_bits`). Kept up
        to date tile by tile by :meth:`_placed`."""
        need = self._cache.get("need")
        if need is None:
            need = {}
            tiles, contact = self._tiles, self.marked_contact
            for cell in tiles:
                for side in range(6):
                    n = _step(cell, side)
                    if n not in tiles and n not in need:
                        touching, facing, _ = self._needs(n)
                        need[n] = (touching, facing, _fit(touching, facing, contact))
            self._cache["need"] = need
        return need

    def _placed(self, cell: Cell, mask: int) -> Figure:
        """The figure with a tile lying as ``mask`` on ``cell``, which the caller has
        checked may go there; the cells' needs follow from this figure's.

        The same placement on the same figure gives the same (immutable) figure while it is
        remembered (:data:`_CHILDREN`), with what it has worked out already (its legal
        placements, its score): a search plays the same moves again and again."""
        key = (id(self), cell, mask)
        known = _CHILDREN.get(key)
        if known is not None and known[0] is self:
            return known[1]
        tiles = self._tiles.copy()
        tiles[cell] = mask
        contact = self.marked_contact
        new = Figure._of(tiles, contact)
        need = self._cache.get("need")
        if need is not None:
            need = need.copy()
            del need[cell]
            q, r = cell
            for dq, dr, side, back in _SIDES:
                n = (q + dq, r + dr)
                if n in tiles:
                    continue
                # ``back`` is the side of ``n`` that faces the new tile
                touching, facing, _ = need.get(n, _NO_NEED)
                touching |= back
                if mask >> side & 1:
                    facing |= back
                need[n] = (touching, facing, _fit(touching, facing, contact))
            new._cache["need"] = need
        if len(_CHILDREN) >= _CHILDREN_KEPT:
            try:  # forget the oldest
                del _CHILDREN[next(iter(_CHILDREN))]
            except (KeyError, RuntimeError, StopIteration):  # another thread was quicker
                pass
        _CHILDREN[key] = (self, new)  # holding ``self`` keeps its id from being reused
        return new

    def _allows(self, mask: int, cell: Cell) -> bool:
        """Whether a tile lying as ``mask`` may go on ``cell`` (the rule, without words)."""
        need = self._need_map().get(cell)
        return need is not None and bool(need[2] >> mask & 1)

    def _needs(self, cell: Cell) -> tuple[int, int, dict[int, Cell]]:
        """(sides with a neighbour, of those the sides facing a mark, neighbour by side)."""
        touching = facing_mark = 0
        by_side = {}
        for side in range(6):
            n = _step(cell, side)
            m = self._tiles.get(n)
            if m is not None:
                touching |= 1 << side
                by_side[side] = n
                if m >> ((side + 3) % 6) & 1:
                    facing_mark |= 1 << side
        return touching, facing_mark, by_side

    def _fits(self, mask: int, touching: int, facing_mark: int) -> bool:
        return bool(_fit_bits(touching, facing_mark, self.marked_contact) >> mask & 1)

    # -- placing ---------------------------------------------------------------------------
    def why_illegal(self, tile: Tile | str, cell: Any, rotation: int = 0) -> str | None:
        """``None`` if ``tile`` turned ``rotation`` may go on ``cell``, else why not (the
        sentence :meth:`place` raises).

        Raises:
            InvalidNotationError: ``tile``, ``cell`` or ``rotation`` is malformed.
        """
        tile = Tile.from_marks(tile)
        cell = _as_cell(cell)
        rotation = _turn(rotation, "rotation")
        what = f"{tile.marks} turned {rotation % 6} on {cell_text(cell)}"
        return self._problem(what, tile, cell, rotation)

    def conflict(self, tile: Tile | str, cell: Any, rotation: int = 0) -> Conflict | None:
        """What rule a placement breaks, as data (the engine's refusal and a board's words
        are both made from it): ``None`` if ``tile`` turned ``rotation`` may go on ``cell``.

        >>> fig = Figure({(0, 0): "000000", (0, 1): "100000"})
        >>> fig.conflict("100000", (0, 2), 3)
        Conflict(kind='touches', side=3, neighbour=(0, 1), turns=())

        Raises:
            InvalidNotationError: ``tile`` or ``cell`` is not one.
        """
        tile, cell = Tile.from_marks(tile), _as_cell(cell)
        mask = _rot(tile.mask, int(rotation) % 6)
        if cell in self._tiles:
            return Conflict("occupied", -1, cell, ())
        touching, facing, by_side = self._needs(cell)
        if not touching:
            return Conflict("apart", -1, cell, ())
        if self._fits(mask, touching, facing):
            return None
        turns = tuple(
            k for k in _turns(tile.mask) if self._fits(_rot(tile.mask, k), touching, facing)
        )
        if self.marked_contact:
            s = next(s for s in range(6) if ((mask ^ facing) & touching) >> s & 1)
            kind = "meets-blank" if mask >> s & 1 else "blank-meets"
            return Conflict(kind, s, by_side[s], turns)
        own = [s for s in range(6) if (mask & touching) >> s & 1]
        if own:
            return Conflict("touches", own[0], by_side[own[0]], turns)
        s = next(s for s in range(6) if facing >> s & 1)
        return Conflict("faces", s, by_side[s], turns)

    def _problem(self, what: str, tile: Tile, cell: Cell, rotation: int) -> str | None:
        found = self.conflict(tile, cell, rotation)
        if found is None:
            return None
        kind, s, other, turns = found
        if kind == "occupied":
            return f"{what} is not allowed: {cell_text(cell)} already holds a tile; placed tiles never move."
        if kind == "apart":
            return (
                f"{what} is not allowed: {cell_text(cell)} does not touch the figure. A tile "
                "must go on an empty cell next to at least one tile of your own figure."
                + self._elsewhere(tile)
            )
        if kind in ("meets-blank", "blank-meets"):
            mine, theirs = (
                ("marked", "unmarked") if kind == "meets-blank" else ("unmarked", "marked")
            )
            why = (
                f"its {mine} side {s} ({SIDE_NAMES[s]}) would meet a {theirs} side of the "
                f"tile on {cell_text(other)}. With marked contact allowed, marks may meet "
                "marks, but a mark may never touch an unmarked side."
            )
        elif kind == "touches":
            why = (
                f"its marked side {s} ({SIDE_NAMES[s]}) would touch the tile on "
                f"{cell_text(other)}. No marked side may touch another tile."
            )
        else:
            why = (
                f"the tile on {cell_text(other)} shows a marked side toward "
                f"{cell_text(cell)}. No marked side may touch another tile."
            )
        if turns:
            hint = f" Turned {_join([str(k) for k in turns], 'or')} it fits there."
        else:
            hint = f" No turn of this tile fits on {cell_text(cell)}." + self._elsewhere(tile)
        return f"{what} is not allowed: {why}{hint}"

    def _elsewhere(self, tile: Tile) -> str:
        cells = sorted({c for c, _ in self.legal_placements(tile)})
        if not cells:
            return " This tile fits nowhere on this figure."
        shown = [cell_text(c) for c in cells[:8]]
        more = "" if len(cells) <= 8 else f" (and {len(cells) - 8} more)"
        return f" It fits on {_join(shown, 'or')}{more}."

    def place(self, tile: Tile | str, cell: Any, rotation: int = 0) -> Figure:
        """A new figure with ``tile`` turned ``rotation`` on ``cell``.

        Raises:
            IllegalMoveError: the tile may not go there (the message names the rule).
            InvalidNotationError: ``tile``, ``cell`` or ``rotation`` is malformed.
        """
        tile = Tile.from_marks(tile)
        cell = _as_cell(cell)
        rotation = _turn(rotation, "rotation")
        what = f"{tile.marks} turned {rotation % 6} on {cell_text(cell)}"
        mask = _rot(tile.mask, rotation)
        if not self._allows(mask, cell):
            raise IllegalMoveError(self._problem(what, tile, cell, rotation) or what)
        return self._placed(cell, mask)

    def legal_placements(self, tile: Tile | str) -> list[tuple[Cell, int]]:
        """Every ``(cell, rotation)`` where ``tile`` may go, cells sorted, one rotation per
        distinct orientation (the smallest); a new list.

        Raises:
            InvalidNotationError: ``tile`` is malformed.
        """
        return list(self._placements(Tile.from_marks(tile).mask))

    def _placements(self, mask: int) -> tuple[tuple[Cell, int], ...]:
        key = ("legal", mask)
        found = self._cache.get(key)
        if found is None:
            need = self._need_map()
            turns = _orientations(mask)
            every = _every_turn_bits((mask,))
            out: list[tuple[Cell, int]] = []
            for cell in self.frontier():
                fit = need[cell][2]
                if fit & every:
                    out.extend([(cell, k) for k, lying in turns if fit >> lying & 1])
            found = self._cache[key] = tuple(out)
        return found

    def _place_moves(self, reserve: tuple[str, ...]) -> list[Move]:
        """The place moves of the reserve tiles ``reserve`` (patterns in standard turn) on
        this figure, by pattern, then cell, then turn (a new list)."""
        out: list[Move] = []
        cache = self._cache
        for p in dict.fromkeys(reserve):
            key = ("moves", p)
            moves = cache.get(key)
            if moves is None:
                make = Move._checked
                moves = cache[key] = tuple(
                    [make("place", p, cell, k) for cell, k in self._placements(_TILES[p].mask)]
                )
            out.extend(moves)
        return out

    def open_cells(self, patterns: Iterable[Tile | str] = PATTERNS) -> list[Cell]:
        """The empty cells where some tile of ``patterns`` fits (a new list).

        Raises:
            ValueError: ``patterns`` is not a sequence of tiles.
        """
        bits = _every_turn_bits(tuple(p.mask for p in _pattern_tuple(patterns)))
        need = self._need_map()
        return [c for c in self.frontier() if need[c][2] & bits]

    def has_room(self, patterns: Iterable[Tile | str] = PATTERNS) -> bool:
        """Whether some tile of ``patterns`` (default: all 12) could still be placed.

        Raises:
            ValueError: ``patterns`` is not a sequence of tiles.
        """
        return self._room(_every_turn_bits(tuple(p.mask for p in _pattern_tuple(patterns))))

    def _room(self, bits: int) -> bool:
        """Whether a tile lying as one of the masks in ``bits`` fits somewhere."""
        key = ("room", bits)
        room = self._cache.get(key)
        if room is None:
            room = any(n[2] & bits for n in self._need_map().values())
            self._cache[key] = room
        return room

    # -- borders -----------------------------------------------------------------------------
    def loops(self) -> tuple[tuple[tuple[Cell, int], ...], ...]:
        """The figure's outline as closed loops of edges ``(cell, side)`` (a figure tile's
        side that faces an empty cell), each in clockwise order around the tiles; the outer
        border comes first, then the border of each hole."""
        found = self._cache.get("loops")
        if found is not None:
            return found
        tiles = self._tiles
        top = max(tiles, key=_height)
        outer = _walk(tiles, top, 0)
        # every border edge faces one side of an empty neighbour that touches the figure
        if len(outer) == sum(n[0].bit_count() for n in self._need_map().values()):
            loops = [outer]  # no hole
        else:
            edges = [(c, s) for c in sorted(tiles) for s in range(6) if _step(c, s) not in tiles]
            seen = set(outer)
            loops = [outer]
            for start in edges:
                if start not in seen:
                    loop = _walk(tiles, *start)
                    seen.update(loop)
                    loops.append(loop)
        out = self._cache["loops"] = tuple(loops)
        return out

    def marked_edge(self, edge: tuple[Any, int]) -> bool:
        """Whether the edge ``(cell, side)`` of a figure tile is marked.

        Raises:
            ValueError: ``edge`` is not a pair (cell, side) of a tile of this figure.
        """
        if isinstance(edge, str | bytes) or not isinstance(edge, tuple | list) or len(edge) != 2:
            raise ValueError(f"edge must be a pair (cell, side), not {_show(edge)}")
        cell, side = _as_cell(edge[0], "the edge's cell"), edge[1]
        if cell not in self._tiles:
            raise ValueError(f"edge names {cell_text(cell)}, which holds no tile of this figure")
        if isinstance(side, bool) or not isinstance(side, int | np.integer) or not 0 <= side < 6:
            raise ValueError(
                f"the edge's side must be a whole number from 0 to 5, not {_show(side)}"
            )
        return bool(self._tiles[cell] >> int(side) & 1)


#: Figures made by :meth:`Figure._placed`, by ``(id(parent), cell, mask)``: ``(parent,
#: child)``; the oldest are forgotten beyond :data:`_CHILDREN_KEPT`.
_CHILDREN: dict[tuple[int, Cell, int], tuple[Figure, Figure]] = {}
_CHILDREN_KEPT = 2048
_NO_NEED = (0, 0, 0)


def _height(cell: Cell) -> tuple[int, int]:
    """Orders cells by height on the page, then right to left: the top cell is the
    largest."""
    return 2 * cell[1] + cell[0], -cell[0]


def _walk(tiles: dict[Cell, int], cell: Cell, side: int) -> tuple[tuple[Cell, int], ...]:
    """The border loop from the edge ``(cell, side)``, clockwise around the tiles, back to
    that edge."""
    loop: list[tuple[Cell, int]] = []
    append = loop.append
    start_cell, start_side = cell, side
    while True:
        append((cell, side))
        after, dq, dr, back = _TURN_ON[side]
        nxt = (cell[0] + dq, cell[1] + dr)
        if nxt in tiles:
            cell, side = nxt, back
        else:
            side = after
        if side == start_side and cell == start_cell:
            return tuple(loop)


# ---------------------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Score:
    """A figure's score, step by step.

    ``tiles`` is the sum of tile values; ``run`` is the longest run of consecutive marked
    border edges (``(cell, side)`` in order) over all loops, ``longest`` its length;
    ``closed`` says the whole outer border is marked, which doubles that run: ``border`` is
    what the border scores; ``total = tiles + border``. ``outer`` is the outer loop's edges
    and ``loops`` the number of loops (outer border plus holes).
    """

    tiles: int
    border: int
    closed: bool
    total: int
    longest: int = field(default=0, repr=False, compare=False)
    run: tuple[tuple[Cell, int], ...] = field(default=(), repr=False, compare=False)
    outer: tuple[tuple[Cell, int], ...] = field(default=(), repr=False, compare=False)
    loops: int = field(default=1, repr=False, compare=False)
    tile_count: int = field(default=1, repr=False, compare=False)

    def explain(self) -> str:
        """The count in words, one step per line."""
        holes = self.loops - 1
        lines = [
            f"1. Tiles: the {self.tile_count} tiles' values add up to {self.tiles}.",
            f"2. Border: the outline has {self.loops} loop{'s' if self.loops != 1 else ''} "
            f"(the outer border{'' if not holes else f' and {holes} hole' + ('s' if holes > 1 else '')})"
            f"; the longest run of marked edges is {self.longest}.",
        ]
        if self.closed:
            lines.append(
                f"3. The whole outer border is marked ({len(self.outer)} edges), so the run "
                f"counts double: {self.border}."
            )
        else:
            lines.append("3. The outer border is not wholly marked: no doubling.")
        lines.append(f"4. Total: {self.tiles} + {self.border} = {self.total}.")
        return "\n".join(lines)


def ranking(scores: list[Score] | tuple[Score, ...]) -> tuple[int, ...]:
    """The winners (indices) among ``scores``: the highest total; on a tie the figure with
    fewer tiles; still tied, all of them share the win.

    >>> a = Score(tiles=8, border=2, closed=False, total=10, tile_count=4)
    >>> b = Score(tiles=7, border=3, closed=False, total=10, tile_count=3)
    >>> ranking([a, b]), ranking([a, a])
    ((1,), (0, 1))

    Raises:
        ValueError: ``scores`` is empty or holds something that is not a :class:`Score`.
    """
    if isinstance(scores, str | bytes) or not isinstance(scores, Iterable):
        raise ValueError(f"scores must be a sequence of Score objects, not {_show(scores)}")
    scores = tuple(scores)
    if not scores or not all(isinstance(s, Score) for s in scores):
        raise ValueError(
            f"scores must be one or more Score objects (see score()), not {_show(scores)}"
        )
    best = max((s.total, -s.tile_count) for s in scores)
    return tuple(i for i, s in enumerate(scores) if (s.total, -s.tile_count) == best)


def _longest_run(flags: list[bool]) -> tuple[int, int]:
    """(length, start index) of the longest circular run of True in ``flags``."""
    n = len(flags)
    if all(flags):
        return n, 0
    if not any(flags):
        return 0, 0
    start = flags.index(False) + 1  # begin just after an unmarked edge
    best, best_at, run, run_at = 0, 0, 0, 0
    for k in range(n):
        i = (start + k) % n
        if flags[i]:
            if run == 0:
                run_at = i
            run += 1
            if run > best:
                best, best_at = run, run_at
        else:
            run = 0
    return best, best_at


def score(figure: Figure) -> Score:
    """Score a figure: tile values, the longest marked border run, doubled when the whole
    outer border is marked.

    >>> ring = Figure({(0, 0): "000000", (0, 1): "111000"})
    >>> s = score(ring)
    >>> s.tiles, s.longest, s.closed, s.total
    (3, 3, False, 6)

    Raises:
        TypeError: ``figure`` is not a :class:`Figure`.
    """
    if not isinstance(figure, Figure):
        raise TypeError(f"figure must be a hextiles.Figure, not {_show(figure)}")
    cached = figure._cache.get("score")
    if cached is not None:
        return cached
    loops = figure.loops()
    tiles_by_cell = figure._tiles
    best_len, best_value = 0, 0
    best_run: tuple[tuple[Cell, int], ...] = ()
    closed = False
    for k, loop in enumerate(loops):
        flags = [bool(tiles_by_cell[c] >> s & 1) for c, s in loop]
        length, at = _longest_run(flags)
        value = length
        if k == 0 and length == len(loop):
            closed = True
            value = 2 * length
        if value > best_value:
            best_value, best_len = value, length
            best_run = tuple(loop[(at + j) % len(loop)] for j in range(length))
    tiles = figure.value
    result = figure._cache["score"] = Score(
        tiles=tiles,
        border=best_value,
        closed=closed,
        total=tiles + best_value,
        longest=best_len,
        run=best_run,
        outer=loops[0],
        loops=len(loops),
        tile_count=len(figure),
    )
    return result


# ---------------------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------------------

_TAKE = re.compile(r"take ([01]{6})")
_PLACE = re.compile(r"place ([01]{6}) at \(? ?(-?[0-9]+) ?, ?(-?[0-9]+) ?\)? turn ([0-9]+)")
_KINDS = ("take", "place", "done")
_MOVE_HELP = (
    "a move is 'take P', 'place P at (q,r) turn k' or 'done', where P is six digits 0/1 "
    "(the marked sides, clockwise from the top), like 'take 111000' or "
    "'place 111000 at (0,1) turn 3'"
)


def _move_tile(pattern: Any) -> Tile:
    """The tile a move names: 1 to 5 marked sides."""
    try:
        tile = Tile.from_marks(pattern)
    except InvalidNotationError as err:
        raise InvalidNotationError(f"a move's pattern: {err}") from None
    if tile.value == 0:
        raise InvalidNotationError(
            f"a move's pattern cannot be {tile.marks}: the pool holds no blank tiles, and "
            "blank tiles are never placed"
        )
    if tile.value == 6:
        raise InvalidNotationError(
            f"a move's pattern cannot be {tile.marks}: no tile has six marked sides"
        )
    return tile


@dataclass(frozen=True, slots=True)
class Move:
    """One decision in a turn: ``take P`` (a market tile of pattern ``P``), ``place P at
    (q,r) turn k`` (a reserve tile of pattern ``P``, turned clockwise ``k`` sixths from its
    standard turn, on cell ``(q, r)``) or ``done`` (end the turn).

    The pattern is always written in its standard turn (as in :data:`PATTERNS`) and the turn
    is the smallest that gives the same orientation, so equal placements read the same; a
    move built directly (``Move("place", "011100", (1, -1), 0)``) is checked and put in that
    form too.

    >>> Move.parse("place 011100 at (1,-1) turn 0")
    Move.parse('place 111000 at (1,-1) turn 1')
    >>> str(Move.parse("take 101010")), str(Move.parse(" DONE "))
    ('take 101010', 'done')
    >>> Move("place", "101000", None, None)
    Traceback (most recent call last):
    ...
    gamekit.errors.InvalidNotationError: a place move needs a cell and a turn, not cell=None, turn=None

    Raises:
        InvalidNotationError: ``kind`` is not ``"take"``, ``"place"`` or ``"done"``; the
            pattern is not a tile with 1 to 5 marks; a ``place`` lacks a whole-number cell or
            turn; or a field is given that the kind does not have.
    """

    kind: str
    pattern: str | None = None
    cell: Cell | None = None
    turn: int | None = None

    def __post_init__(self) -> None:
        kind = self.kind
        if kind == "done":
            if (self.pattern, self.cell, self.turn) != (None, None, None):
                raise InvalidNotationError("a done move has no pattern, cell or turn")
            return
        if not isinstance(kind, str) or kind not in _KINDS:
            raise InvalidNotationError(
                f"a move's kind is 'take', 'place' or 'done', not {_show(kind)}"
            )
        tile = _move_tile(self.pattern)
        if kind == "take":
            if self.cell is not None or self.turn is not None:
                raise InvalidNotationError(
                    "a take move has only a pattern: the tile is placed by a later place move"
                )
            object.__setattr__(self, "pattern", _text(_canonical(tile.mask)[0]))
            return
        if self.cell is None or self.turn is None:
            raise InvalidNotationError(
                f"a place move needs a cell and a turn, not cell={_show(self.cell)}, "
                f"turn={_show(self.turn)}"
            )
        cell = _as_cell(self.cell, "a place move's cell")
        target = _rot(tile.mask, _turn(self.turn, "a place move's turn"))
        pattern = _canonical(tile.mask)[0]
        k = next(k for k in range(6) if _rot(pattern, k) == target)
        object.__setattr__(self, "pattern", _text(pattern))
        object.__setattr__(self, "cell", cell)
        object.__setattr__(self, "turn", k)

    @classmethod
    def _checked(cls, kind: str, pattern: str | None, cell: Cell | None, turn: int | None) -> Move:
        """A move from parts already in standard form (the engine's own, unchecked)."""
        move = object.__new__(cls)
        set_kind, set_pattern, set_cell, set_turn = _MOVE_SET
        set_kind(move, kind)
        set_pattern(move, pattern)
        set_cell(move, cell)
        set_turn(move, turn)
        return move

    @classmethod
    def take(cls, pattern: Tile | str) -> Move:
        """Take a market tile of ``pattern`` (any turn of it).

        Raises:
            InvalidNotationError: ``pattern`` is not a tile with 1 to 5 marks.
        """
        return cls("take", cast(str, pattern))  # __post_init__ reads a Tile too

    @classmethod
    def place(cls, tile: Tile | str, cell: Any, turn: int = 0) -> Move:
        """Place ``tile`` turned ``turn`` on ``cell`` (normalised to the standard form).

        Raises:
            InvalidNotationError: ``tile``, ``cell`` or ``turn`` is malformed.
        """
        return cls("place", cast(str, tile), cell, turn)  # __post_init__ reads a Tile too

    @classmethod
    def done(cls) -> Move:
        """End the turn."""
        return _DONE

    @classmethod
    def parse(cls, text: str | Move) -> Move:
        """Read a move's notation (spaces and capitals do not matter); a :class:`Move` is
        returned as it is.

        Raises:
            InvalidNotationError: ``text`` is not a move's notation, or is longer than
                :data:`MAX_NOTATION_CHARS`.
        """
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise InvalidNotationError(
                f"{_show(text)} is not a Hex Tiles move: give a Move or text such as "
                "'take 111000', 'place 111000 at (0,1) turn 3' or 'done'"
            )
        if len(text) > MAX_NOTATION_CHARS:
            raise InvalidNotationError(
                f"{_show(text)} is not a Hex Tiles move: {len(text)} characters is too long "
                f"for one (at most {MAX_NOTATION_CHARS}); {_MOVE_HELP}"
            )
        clean = " ".join(text.lower().split())
        if clean == "done":
            return _DONE
        m = _TAKE.fullmatch(clean)
        if m:
            try:
                return cls("take", m.group(1))
            except InvalidNotationError as err:
                raise InvalidNotationError(f"{text!r}: {err}") from None
        m = _PLACE.fullmatch(clean)
        if m:
            cell = (int(m.group(2)), int(m.group(3)))
            try:
                return cls("place", m.group(1), cell, int(m.group(4)))
            except InvalidNotationError as err:
                raise InvalidNotationError(f"{text!r}: {err}") from None
        raise InvalidNotationError(f"{text!r} is not a Hex Tiles move: {_MOVE_HELP}")

    @property
    def tile(self) -> Tile | None:
        """The tile as it lies after the move (``place``), or the pattern (``take``)."""
        if self.pattern is None:
            return None
        return _TILES[self.pattern].rotated(self.turn or 0)

    def __str__(self) -> str:
        if self.kind == "take":
            return f"take {self.pattern}"
        if self.kind == "place":
            return f"place {self.pattern} at {cell_text(cast(Cell, self.cell))} turn {self.turn}"
        return "done"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


_MOVE_SET = tuple(Move.__dict__[name].__set__ for name in ("kind", "pattern", "cell", "turn"))
_DONE = Move("done")


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    ``winners`` are seat names (``"player 1"`` …; more than one for a shared win),
    ``reason`` says it in words, ``ending`` is the way it ended (a word of
    ``Rules.endings``: ``"pool-empty"`` or ``"no-room"``), ``scores`` is each seat's total
    and ``breakdown`` each player's :class:`Score`, step by step.

    >>> o = Outcome(("player 2",), "Player 2 wins", "no-room",
    ...             FrozenMap({"player 1": 3, "player 2": 5}))
    >>> o.winner, o.scores["player 2"], o.breakdown
    ('player 2', 5, ())

    Raises:
        ValueError: ``winners`` is not a sequence of seat names, ``reason`` is not text,
            ``ending`` is not one of ``Rules.endings``, or ``scores`` is not a mapping seat
            -> total that holds every winner.
    """

    winners: tuple[str, ...]
    reason: str
    ending: str
    scores: FrozenMap[str, int]
    breakdown: tuple[Score, ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.winners, str) or not isinstance(self.winners, Iterable):
            raise ValueError(f"winners must be a sequence of seat names, not {_show(self.winners)}")
        winners = tuple(self.winners)
        if not all(isinstance(w, str) for w in winners):
            raise ValueError(f"winners must be seat names like 'player 1', not {_show(winners)}")
        if not isinstance(self.reason, str):
            raise ValueError(f"reason must be a sentence (text), not {_show(self.reason)}")
        if self.ending not in (*Rules.endings, BLOCKED):
            raise ValueError(
                f"ending must be one of {', '.join(Rules.endings)} (or {BLOCKED!r}, in a "
                f"variant), not {_show(self.ending)}"
            )
        if not isinstance(self.scores, Mapping) or not set(winners) <= set(self.scores):
            raise ValueError(
                f"scores must be a mapping seat -> total naming every winner, not "
                f"{_show(self.scores)}"
            )
        breakdown = tuple(self.breakdown)
        if not all(isinstance(s, Score) for s in breakdown):
            raise ValueError("breakdown must hold one Score per player")
        object.__setattr__(self, "winners", winners)
        object.__setattr__(self, "scores", FrozenMap(self.scores))
        object.__setattr__(self, "breakdown", breakdown)

    @property
    def winner(self) -> str | None:
        """The single winner's seat, or ``None`` for a shared win."""
        return self.winners[0] if len(self.winners) == 1 else None


# ---------------------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------------------

LEFTOVER_RULES = ("first", "pool", "discard")


def _seed(value: object, name: str = "seed") -> int | None:
    """A seed: ``None`` or a whole number, 0 or more."""
    if value is None:
        return None
    seed = _whole(value, name)
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"{name} must be from 0 to 2**128 - 1, not {_show(seed)}")
    return seed


@register(
    title="Hex Tiles",
    move=Move,
    picture="gamekit.hextiles.picture",
    board="gamekit.hextiles.board:HexTilesBoard",
    strategy="gamekit.hextiles.strategy:STRATEGY",
    puzzles="gamekit.hextiles.puzzles:PUZZLES",
    words="gamekit.hextiles.words",
)
@dataclass(frozen=True)
class Rules(Variants):
    """The options of a Hex Tiles game; ``start()`` deals the first market.

    - ``players``: 2 to 4; the seats are ``"player 1"`` … ``"player N"`` (:attr:`seats`).
    - ``seed``: the pool is shuffled with ``numpy.random.default_rng(seed)``. ``None``
      (default): each :meth:`start` deals anew, from ``start(seed=...)`` or fresh entropy,
      and the state's ``rules`` carry the seed used. A whole number fixes the deal.
    - ``copies``: copies of each pattern in the pool (default 2 for 2 players, 3 for 3–4).
    - ``patterns``: which patterns the tile set holds (six-digit strings; default all 12).
    - ``leftover``: where the market's leftover tile goes: ``"first"`` (to the first player,
      default), ``"pool"`` (back into the pool, which is then reshuffled) or ``"discard"``.
    - ``marked_contact``: ``False`` (default): every shared edge is unmarked on both sides;
      ``True``: a marked side may touch a marked side (never an unmarked one).

    A game ends (``Outcome.ending``, the words of :attr:`endings`) with ``"pool-empty"``
    when the pool cannot fill a market (after the last, short market is played out), or
    with ``"no-room"`` when no player's figure has room for another tile of the set.

    >>> Rules(players=2, seed=7)
    hextiles.Rules(players=2, seed=7, copies=2, patterns=None, leftover='first', marked_contact=False)
    >>> len(Rules(players=3).tile_set()), Rules(players=3).seats
    (36, ('player 1', 'player 2', 'player 3'))
    >>> Rules().start(seed=5).rules.seed, Rules().start(seed=5) == Rules(seed=5).start()
    (5, True)

    Raises:
        ValueError: an option's value is not allowed (the message names the option and
            what it may be).
    """

    game: ClassVar[str] = "hextiles"
    endings: ClassVar[tuple[str, ...]] = ("pool-empty", "no-room")

    players: int = 2
    seed: int | None = None
    copies: int | None = None
    patterns: tuple[str, ...] | None = None
    leftover: str = "first"
    marked_contact: bool = False

    def __post_init__(self) -> None:
        for name in ("players", "seed", "copies"):
            value = getattr(self, name)
            if value is None and name != "players":
                continue
            if isinstance(value, bool) or not isinstance(value, int | np.integer):
                raise ValueError(f"{name} must be a whole number, not {_show(value)}")
            object.__setattr__(self, name, int(value))
        if not 2 <= self.players <= 4:
            raise ValueError(f"players must be from 2 to 4, not {_show(self.players)}")
        if self.seed is not None:
            _seed(self.seed)
        copies = self.copies
        if copies is None:
            copies = 2 if self.players == 2 else 3
            object.__setattr__(self, "copies", copies)
        if not 1 <= copies <= 20:
            raise ValueError(f"copies (of each pattern) must be from 1 to 20, not {_show(copies)}")
        if self.patterns is not None:
            chosen = []
            for t in _pattern_tuple(self.patterns):
                if not 1 <= t.value <= 5:
                    raise ValueError(
                        f"patterns must be tiles with 1 to 5 marked sides (the tile set has "
                        f"no blank tile and no tile with six marks), not {t.marks}"
                    )
                if t.pattern.marks not in chosen:
                    chosen.append(t.pattern.marks)
            if not chosen:
                raise ValueError("patterns must name at least one pattern")
            object.__setattr__(self, "patterns", tuple(sorted(chosen, key=_pattern_key)))
        if not isinstance(self.leftover, str) or self.leftover not in LEFTOVER_RULES:
            raise ValueError(
                f"leftover must be 'first', 'pool' or 'discard', not {_show(self.leftover)}"
            )
        object.__setattr__(self, "marked_contact", _flag(self.marked_contact, "marked_contact"))

    def __repr__(self) -> str:
        return (
            f"hextiles.Rules(players={self.players}, seed={self.seed}, copies={self.copies}, "
            f"patterns={self.patterns!r}, leftover={self.leftover!r}, "
            f"marked_contact={self.marked_contact})"
        )

    @property
    def seats(self) -> tuple[str, ...]:
        """The players in turn order: ``("player 1", "player 2", ...)``."""
        return _SEATS[self.players]

    @property
    def tile_patterns(self) -> tuple[Tile, ...]:
        """The patterns in the tile set."""
        if self.patterns is None:
            return PATTERNS
        return tuple(_TILES[p] for p in self.patterns)

    def tile_set(self) -> list[Tile]:
        """Every tile of the pool before shuffling (a new list)."""
        return [p for p in self.tile_patterns for _ in range(cast(int, self.copies))]

    @property
    def market_size(self) -> int:
        """Tiles in a full market: one more than the players."""
        return self.players + 1

    def start(self, seed: int | None = None) -> State:
        """The pool shuffled, the first market drawn, Player 1 first to take.

        The deal comes from the rules' ``seed``; if that is ``None``, from ``seed`` here, or
        with no seed at all from fresh entropy. The state's ``rules`` carry the seed used.

        >>> Rules(players=2, seed=7).start().market
        ('101000', '101010', '111010')

        Raises:
            TypeError: ``seed`` is neither ``None`` nor a whole number.
            ValueError: ``seed`` is below 0.
        """
        seed = _seed(seed)
        rules = self
        if self.seed is None:
            if seed is None:
                seed = int(cast(int, np.random.SeedSequence().entropy))
            rules = dataclasses.replace(self, seed=seed)
        bag = [t.marks for t in rules.tile_set()]
        order = np.random.default_rng(rules.seed).permutation(len(bag))
        pool = tuple(bag[i] for i in order)
        figure = Figure.start(rules.marked_contact)
        return State._new_round(
            rules,
            figures=(figure,) * rules.players,
            reserves=((),) * rules.players,
            pool=pool,
            first=0,
            round_no=1,
        )

    def replay(self, moves: Iterable[Move | str], seed: int | None = None) -> State:
        """The position after playing ``moves`` one after the other from :meth:`start`
        (``seed`` as there: give the seed of the deal the moves were played on).

        >>> Rules(seed=7).replay(["take 101000", "done"])
        <hextiles.State 2 players, round 1, pool 21, Player 2 to take>

        Raises:
            TypeError: ``moves`` is not a sequence of moves (a single text is not), or
                ``seed`` is not a whole number.
            IllegalMoveError, InvalidNotationError: as :meth:`State.play`, for the first
                move that fails.
        """
        if isinstance(moves, str | bytes) or not isinstance(moves, Iterable):
            raise TypeError(
                "moves must be a sequence of moves, such as ['take 111000', 'done'], not "
                f"{_show(moves)}"
            )
        state = self.start(seed)
        for move in moves:
            state = state.play(move)
        return state

    # -- saving -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready dict (:meth:`from_dict` reads it back)."""
        return {
            "players": self.players,
            "seed": self.seed,
            "copies": self.copies,
            "patterns": None if self.patterns is None else list(self.patterns),
            "leftover": self.leftover,
            "marked_contact": self.marked_contact,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rebuild rules from :meth:`to_dict`.

        >>> Rules.from_dict({"players": 3, "seed": 1}).copies
        3

        Raises:
            ValueError: ``data`` is not a mapping of option names, names an unknown option,
                or an option's value is not allowed.
        """
        known = ("players", "seed", "copies", "patterns", "leftover", "marked_contact")
        return cls(**check_options(data, known, "Hex Tiles"))


_SEATS = {n: tuple(f"player {i + 1}" for i in range(n)) for n in range(2, 5)}


@cache
def _set_bits(patterns: tuple[str, ...] | None) -> int:
    """Every orientation of the patterns of a tile set (``Rules.patterns``) as bits."""
    tiles = PATTERNS if patterns is None else [_TILES[p] for p in patterns]
    return _every_turn_bits(tuple(t.mask for t in tiles))


def _pattern_key(p: str) -> int:
    return _PATTERN_ORDER[p]


def _reseeded(rules: Rules, seed: int) -> Rules:
    """``rules`` with the seed ``seed`` (0 to 2**63 - 1: nothing to check)."""
    if type(rules) is not Rules:  # a variant may check more
        return dataclasses.replace(rules, seed=seed)
    new = object.__new__(Rules)
    new.__dict__.update(rules.__dict__)
    new.__dict__["seed"] = seed
    return new


@lru_cache(maxsize=4096)
def _take_moves(market: tuple[str, ...]) -> tuple[Move, ...]:
    """The take moves of a market, in its order."""
    return tuple(Move._checked("take", p, None, None) for p in dict.fromkeys(market))


# ---------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------


def _display(seat: str) -> str:
    """A seat as a sentence shows it: ``"Player 1"``."""
    return seat[:1].upper() + seat[1:]


class State:
    """A Hex Tiles position: every figure and reserve, the pool, the market, whose turn.

    Immutable and hashable; build one with :meth:`Rules.start`. A round: the first player
    has filled the market; each player in turn (from the first) takes one tile (compulsory
    while the market has tiles), may place reserve tiles before or after, and says
    ``done``. Taken tiles go to the reserve, so "place it or keep it" is a ``place`` move or
    nothing. Then the leftover tile goes to the first player, who gets one more step to
    place tiles (rule ``leftover="first"``).

    Players are numbered from 0 in ``figures``, ``reserves``, ``first`` and :attr:`player`;
    :attr:`to_move` and the outcome name them by seat (``"player 1"`` …).

    >>> state = Rules(players=2, seed=7).start()
    >>> state
    <hextiles.State 2 players, round 1, pool 21, Player 1 to take>
    >>> state.market, state.to_move, state.player
    (('101000', '101010', '111010'), 'player 1', 0)
    """

    __slots__ = (
        "rules",
        "figures",
        "reserves",
        "pool",
        "market",
        "first",
        "round_no",
        "step",
        "taken",
        "short",
        "over",
        "_cache",
    )

    rules: Rules
    figures: tuple[Figure, ...]
    reserves: tuple[tuple[str, ...], ...]
    pool: tuple[str, ...]
    market: tuple[str, ...]
    first: int
    round_no: int
    step: int
    taken: bool
    short: bool
    over: bool
    _cache: dict[str, Any]

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise TypeError("a hextiles.State comes from Rules(...).start(), then play()")

    @classmethod
    def _make(cls, **fields: Any) -> State:
        return _state(*[fields[name] for name in _FIELDS], cls=cls)

    @classmethod
    def _new_round(
        cls,
        rules: Rules,
        figures: tuple[Figure, ...],
        reserves: tuple[tuple[str, ...], ...],
        pool: tuple[str, ...],
        first: int,
        round_no: int,
    ) -> State:
        n = rules.market_size
        drawn = tuple(sorted(pool[:n], key=_pattern_key))
        return _state(
            rules, figures, reserves, pool[n:], drawn, first, round_no, 0, False,
            len(drawn) < n, not drawn, cls=cls,
        )  # fmt: skip

    def _replace(self, **changes: Any) -> State:
        return _state(*[changes.get(name, getattr(self, name)) for name in _FIELDS])

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a hextiles.State is immutable; play() returns a new state")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a hextiles.State is immutable; play() returns a new state")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, ({name: getattr(self, name) for name in _FIELDS},))

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in _FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        head = f"<hextiles.State {self.rules.players} players, round {self.round_no}, pool {len(self.pool)}"
        o = self.outcome
        if o is not None:
            if o.winner is None:
                tail = "shared win: " + _join([_display(w) for w in o.winners])
            else:
                tail = f"{_display(o.winner)} won"
        else:
            doing = "to take" if self.must_take else "to place or end the turn"
            tail = f"{self.player_name(self._mover)} {doing}"
        return f"{head}, {tail}>"

    def _repr_png_(self) -> bytes:
        from gamekit.render import png  # one picture format for every game

        return png(self)

    # -- reading -------------------------------------------------------------------------
    @staticmethod
    def player_name(i: int) -> str:
        """Player number ``i`` (from 0) as sentences show it: ``"Player 1"``.

        Raises:
            TypeError: ``i`` is not a whole number.
        """
        return f"Player {_whole(i, 'i') + 1}"

    @property
    def _mover(self) -> int:
        """The player whose turn it is, or was when the game ended (0 = player 1)."""
        n = self.rules.players
        return (self.first + self.step) % n if self.step < n else self.first

    @property
    def to_move(self) -> str | None:
        """The seat whose turn it is (``"player 1"`` …); ``None`` once the game is over."""
        return None if self.outcome is not None else self.rules.seats[self._mover]

    @property
    def player(self) -> int | None:
        """The number (from 0) of the player whose turn it is; ``None`` once the game is
        over."""
        return None if self.outcome is not None else self._mover

    @property
    def swapped(self) -> bool:
        """Always ``False``: Hex Tiles has no pie rule."""
        return False

    @property
    def leftover_step(self) -> bool:
        """Whether this is the first player's extra step with the leftover tile."""
        return self.step >= self.rules.players

    @property
    def must_take(self) -> bool:
        """Whether the player to move still has to take a market tile."""
        return not self.leftover_step and not self.taken and bool(self.market)

    def _index(self, player: int | str | None) -> int:
        """A player given by number (from 0) or seat name; ``None`` is the player to move
        (once the game is over, the last first player)."""
        if player is None:
            return self._mover
        seats = self.rules.seats
        if isinstance(player, str):
            if player in seats:
                return seats.index(player)
        elif isinstance(player, int | np.integer) and not isinstance(player, bool):
            if 0 <= player < len(seats):
                return int(player)
        raise ValueError(
            f"player must be a number from 0 to {len(seats) - 1} or a seat name "
            f"({', '.join(map(repr, seats))}), not {_show(player)}"
        )

    def figure(self, player: int | str | None = None) -> Figure:
        """The figure of ``player`` (a number from 0 or a seat name; default the player to
        move).

        Raises:
            ValueError: ``player`` names no player of this game.
        """
        return self.figures[self._index(player)]

    def reserve(self, player: int | str | None = None) -> tuple[str, ...]:
        """The reserve tiles of ``player`` (as :meth:`figure`).

        Raises:
            ValueError: ``player`` names no player of this game.
        """
        return self.reserves[self._index(player)]

    def scores(self) -> list[Score]:
        """Every player's score now (a new list)."""
        return [score(f) for f in self.figures]

    def redeal(self, rng: np.random.Generator | int | None = None) -> State:
        """This position as the players see it, with what nobody can see dealt anew.

        The tiles still in the pool are shuffled into a new order with ``rng`` (a numpy
        ``Generator`` or a seed), and the rules get a new ``seed`` drawn from it (the seed
        decides the pool's order and its later reshuffles). Everything a player sees stays:
        figures, reserves, market, round, whose turn, and which tiles are in the pool; the
        new order depends on nothing else (not on the old order).
        A computer player that searches ahead plays on from redealt positions, so it
        cannot know which tiles the next markets will hold (determinization).

        >>> state = Rules(seed=7).start()
        >>> other = state.redeal(1)
        >>> other.market == state.market, sorted(other.pool) == sorted(state.pool)
        (True, True)
        >>> other.pool == state.pool
        False

        Raises:
            TypeError: ``rng`` is not a numpy ``Generator``, a whole number or ``None``.
            ValueError: ``rng`` is a negative number.
        """
        if not isinstance(rng, np.random.Generator):
            if rng is not None and (isinstance(rng, bool) or not isinstance(rng, int | np.integer)):
                raise TypeError(
                    f"rng must be a numpy Generator, a whole number or None, not {_show(rng)}"
                )
            rng = np.random.default_rng(_seed(rng, "rng"))
        pool = sorted(self.pool, key=_pattern_key)  # what anyone knows of it: its tiles
        order = rng.permutation(len(pool)).tolist()
        rules = _reseeded(self.rules, int(rng.integers(2**63)))
        new = _state(
            rules, self.figures, self.reserves, tuple([pool[i] for i in order]), self.market,
            self.first, self.round_no, self.step, self.taken, self.short, self.over,
        )  # fmt: skip
        if "outcome" in self._cache:  # the order of the pool does not end a game
            new._cache["outcome"] = self._cache["outcome"]
        return new

    # -- rules -----------------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        cache = self._cache
        if "outcome" not in cache:
            cache["outcome"] = found = self._compute_outcome()
            if found is None and not self.rules.plain:  # while asked, the game goes on
                cache["outcome"] = self._blocked()
        outcome: Outcome | None = cache["outcome"]
        return outcome

    def _blocked(self) -> Outcome | None:
        """The end of a variant's game whose rule refuses every move Hex Tiles allows here:
        the player to move loses, the others share the win."""
        refusals = [self.rules._variant(self, m) for m in self._base_legal()]
        if any(r is None for r in refusals):
            return None
        p = self._mover
        seats = self.rules.seats
        totals = [s.total for s in self.scores()]
        why = f"for example {refusals[0]}" if refusals else "none is left"
        return Outcome(
            winners=tuple(s for i, s in enumerate(seats) if i != p),
            reason=f"{self.player_name(p)} has no move this variant allows ({why}), and loses",
            ending=BLOCKED,
            scores=FrozenMap(zip(seats, totals, strict=True)),
        )

    def _compute_outcome(self) -> Outcome | None:
        bits = _set_bits(self.rules.patterns)
        if not self.over:
            for f in self.figures:
                if f._room(bits):
                    return None
        if self.over:
            why, ending = "the pool could not fill a market", "pool-empty"
        elif not any(f._room(bits) for f in self.figures):
            why, ending = "no player's figure has room for another tile", "no-room"
        else:
            return None
        seats = self.rules.seats
        scores = tuple(self.scores())
        winners = ranking(scores)
        table = "; ".join(f"{self.player_name(i)} {s.total}" for i, s in enumerate(scores))
        if len(winners) == 1:
            w = winners[0]
            tops = [i for i, s in enumerate(scores) if s.total == scores[w].total]
            res = f"{self.player_name(w)} wins"
            if len(tops) > 1:
                res += f" on the tie-break (fewer tiles: {scores[w].tile_count})"
        else:
            res = "shared win for " + _join([self.player_name(i) for i in winners])
        return Outcome(
            winners=tuple(seats[i] for i in winners),
            reason=f"The game is over: {why}. Scores: {table}. {res}",
            ending=ending,
            scores=FrozenMap(zip(seats, (s.total for s in scores), strict=True)),
            breakdown=scores,
        )

    def _legal(self) -> list[Move]:
        cache = self._cache
        out: list[Move] | None = cache.get("legal")
        if out is not None:
            return out
        out = []
        if self.outcome is None:
            out = self._base_legal()
            if not self.rules.plain:
                out = [m for m in out if self.rules._variant(self, m) is None]
        cache["legal"] = out
        return out

    def _base_legal(self) -> list[Move]:
        """The moves Hex Tiles' own rules allow (the game going on)."""
        p = self._mover
        out = list(self.figures[p]._place_moves(self.reserves[p]))
        if self.step < self.rules.players and not self.taken:  # may take
            out.extend(_take_moves(self.market) if self.market else [_DONE])
        else:
            out.append(_DONE)
        return out

    def legal_moves(self) -> list[Move]:
        """Every legal move: placements (by pattern, then cell, then turn), then takes,
        then ``done`` (a new list; empty once the game is over)."""
        return list(self._legal())

    def why_illegal(self, move: Move | str) -> str | None:
        """``None`` if ``move`` is legal here, else the sentence :meth:`play` would raise.

        Raises:
            InvalidNotationError: ``move`` is not a move's notation.
        """
        return self._problem(Move.parse(move))

    def _problem(self, m: Move) -> str | None:
        """Why ``m`` is refused here: by Hex Tiles' rules, then by a variant's own rule."""
        reason = self._base_problem(m)
        if reason is None and not self.rules.plain:
            reason = self.rules._variant(self, m)
        return reason

    def _base_problem(self, m: Move) -> str | None:
        outcome = self.outcome
        if outcome is not None:
            return f"{m} is not allowed: {outcome.reason[0].lower()}{outcome.reason[1:]}"
        if m.kind == "place":
            # a place move: its pattern, cell and turn are set
            pattern, cell, turn = cast(str, m.pattern), cast(Cell, m.cell), cast(int, m.turn)
            p = self._mover
            reserve = self.reserves[p]
            if pattern in reserve:
                figure = self.figures[p]
                if figure._allows(_rot(_TILES[pattern].mask, turn), cell):
                    return None
                return figure._problem(str(m), _TILES[pattern], cell, turn)
            held = _join(list(dict.fromkeys(reserve))) if reserve else "nothing"
            return (
                f"{m} is not allowed: {self.player_name(p)}'s reserve holds no {pattern} tile "
                f"(it holds {held}). Take a tile from the market first; taken tiles wait in the "
                "reserve."
            )
        if m.kind == "take":
            if self.step < self.rules.players and not self.taken and m.pattern in self.market:
                return None
            who = self.player_name(self._mover)
            if self.leftover_step:
                return (
                    f"{m} is not allowed: this is {who}'s step with the leftover tile (now in "
                    "the reserve): place tiles or say done."
                )
            if self.taken:
                return (
                    f"{m} is not allowed: {who} has already taken a tile this turn (one tile "
                    "per turn); place reserve tiles or say done."
                )
            if m.pattern not in self.market:
                if not self.market:
                    return f"{m} is not allowed: the market is empty."
                return f"{m} is not allowed: the market holds {_join(list(self.market))}."
            return None
        # done
        if self.must_take:
            who = self.player_name(self._mover)
            return (
                f"done is not allowed: taking a tile is compulsory; {who} must take one "
                f"of {_join(list(dict.fromkeys(self.market)), 'or')} first."
            )
        return None

    def play(self, move: Move | str) -> State:
        """The state after ``move``.

        >>> Rules(seed=7).start().play("take 101000").reserve(0)
        ('101000',)

        Raises:
            IllegalMoveError: the rules forbid ``move`` here (the message names the rule).
            InvalidNotationError: ``move`` is not a move's notation.
        """
        m = Move.parse(move)
        reason = self._problem(m)
        if reason is not None:
            raise IllegalMoveError(reason, move=m)
        return self._apply(m)

    def _apply(self, m: Move) -> State:
        new = self._next(m)
        if new.figures is self.figures and not new.over and "outcome" in self._cache:
            if self._cache["outcome"] is None:  # and nothing that ends a game has changed
                new._cache["outcome"] = None
        return new

    def _next(self, m: Move) -> State:
        p = self._mover
        kind = m.kind
        if kind == "place":
            pattern = cast(str, m.pattern)
            reserves = list(self.reserves)
            held = list(reserves[p])
            held.remove(pattern)
            reserves[p] = tuple(held)
            figures = list(self.figures)
            mask = _rot(_TILES[pattern].mask, cast(int, m.turn))
            figures[p] = figures[p]._placed(cast(Cell, m.cell), mask)
            return _state(
                self.rules, tuple(figures), tuple(reserves), self.pool, self.market, self.first,
                self.round_no, self.step, self.taken, self.short, self.over,
            )  # fmt: skip
        if kind == "take":
            pattern = cast(str, m.pattern)
            market = list(self.market)
            market.remove(pattern)
            reserves = list(self.reserves)
            reserves[p] = tuple(sorted((*reserves[p], pattern), key=_pattern_key))
            return _state(
                self.rules, self.figures, tuple(reserves), self.pool, tuple(market), self.first,
                self.round_no, self.step, True, self.short, self.over,
            )  # fmt: skip
        # done
        n = self.rules.players
        if self.step < n - 1:
            return _state(
                self.rules, self.figures, self.reserves, self.pool, self.market, self.first,
                self.round_no, self.step + 1, False, self.short, self.over,
            )  # fmt: skip
        if self.step == n - 1 and self.market:
            leftover = self.rules.leftover
            if leftover == "first":
                reserves = list(self.reserves)
                f = self.first
                reserves[f] = tuple(sorted((*reserves[f], *self.market), key=_pattern_key))
                return self._replace(step=n, market=(), reserves=tuple(reserves), taken=True)
            if leftover == "pool":
                pool = list(self.pool) + list(self.market)
                seed = cast(int, self.rules.seed)  # start() always sets it
                order = np.random.default_rng([seed, self.round_no]).permutation(len(pool))
                return self._end_round(pool=tuple(pool[i] for i in order))
            return self._end_round(pool=self.pool)
        return self._end_round(pool=self.pool)

    def _end_round(self, pool: tuple[str, ...]) -> State:
        if self.short:
            return self._replace(market=(), pool=pool, over=True, step=0, taken=False)
        return State._new_round(
            self.rules,
            self.figures,
            self.reserves,
            pool,
            (self.first + 1) % self.rules.players,
            self.round_no + 1,
        )


def _rebuild(fields: dict[str, Any]) -> State:
    return State._make(**fields)


#: The fields of a :class:`State` (its slots but the cache), in order.
_FIELDS: tuple[str, ...] = State.__slots__[:-1]
_SET = tuple(State.__dict__[name].__set__ for name in State.__slots__)


def _state(
    rules: Rules,
    figures: tuple[Figure, ...],
    reserves: tuple[tuple[str, ...], ...],
    pool: tuple[str, ...],
    market: tuple[str, ...],
    first: int,
    round_no: int,
    step: int,
    taken: bool,
    short: bool,
    over: bool,
    *,
    cls: type[State] = State,
) -> State:
    """A state of these fields (checked by the caller), with an empty cache."""
    new = object.__new__(cls)
    s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11 = _SET
    s0(new, rules)
    s1(new, figures)
    s2(new, reserves)
    s3(new, pool)
    s4(new, market)
    s5(new, first)
    s6(new, round_no)
    s7(new, step)
    s8(new, taken)
    s9(new, short)
    s10(new, over)
    s11(new, {})
    return new
