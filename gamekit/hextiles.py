"""Hex Tiles: each player grows a figure of hexagonal tiles whose marked sides must face
outward, then scores its tiles and its longest marked border. Rules engine.

The rules follow ``shared/rules/hextiles.md``; every choice the seed left open is an option
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

>>> from gamekit import hextiles
>>> tile = hextiles.Tile.from_marks("111000")
>>> tile.value, tile.colour, tile.rotated(1)
(3, 'yellow', Tile.from_marks('011100'))
>>> fig = hextiles.Figure.start().place(hextiles.Tile.from_marks("111110"), (0, 1), 4)
>>> hextiles.score(fig)
Score(tiles=5, border=5, closed=False, total=10)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np

from gamekit.errors import IllegalMoveError, InvalidNotationError
from gamekit.grids import HEX_DIRECTIONS
from gamekit.options import check_options

__all__ = [
    "Tile",
    "PATTERNS",
    "PATTERN_NAMES",
    "COLOURS",
    "BLANK",
    "SIDE_NAMES",
    "HEX_DIRECTIONS",
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
COLOURS = {0: "blank", 1: "red", 2: "blue", 3: "yellow", 4: "green", 5: "brown"}

Cell = tuple[int, int]


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


@dataclass(frozen=True, slots=True)
class Tile:
    """A hexagonal tile: which of its six sides are marked (``marks[i]`` is side ``i``).

    >>> t = Tile.from_marks("110100")
    >>> t.value, t.colour, t.marks, t.pattern
    (3, 'yellow', '110100', Tile.from_marks('110100'))
    >>> t.rotated(6) == t
    True
    """

    mask: int

    @classmethod
    def from_marks(cls, marks: str | Tile | Any) -> Tile:
        """A tile from six ``0``/``1`` digits (or six booleans), side 0 first."""
        if isinstance(marks, Tile):
            return marks
        if not isinstance(marks, str):
            try:
                marks = "".join("1" if bool(x) else "0" for x in marks)
            except TypeError:
                marks = str(marks)
        text = marks.strip()
        if len(text) != 6 or set(text) - {"0", "1"}:
            raise InvalidNotationError(
                f"{marks!r} is not a tile: write six digits 0 or 1, one per side clockwise "
                "from the top (side 0 up, 1 up-right, ... 5 up-left), like '111000'"
            )
        return cls(_mask_of(text))

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
        """Whether side ``side`` (0 up … 5 up-left) is marked."""
        return bool(self.mask >> (side % 6) & 1)

    def rotated(self, turns: int = 1) -> Tile:
        """This tile turned clockwise by ``turns`` sixths."""
        return Tile(_rot(self.mask, int(turns)))

    @property
    def pattern(self) -> Tile:
        """The standard turn of this tile's pattern (one of :data:`PATTERNS`)."""
        return Tile(_canonical(self.mask)[0])

    @property
    def name(self) -> str:
        """The pattern in words: ``"yellow, three in a row"``."""
        return f"{self.colour}, {PATTERN_NAMES.get(self.pattern.marks, 'no marks')}"

    def __repr__(self) -> str:
        return f"Tile.from_marks({self.marks!r})"

    def __str__(self) -> str:
        return self.marks


#: The blank starter tile.
BLANK = Tile(0)

#: The 12 marking patterns up to rotation, in their standard turn, by value.
PATTERN_NAMES: dict[str, str] = {
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
PATTERNS: tuple[Tile, ...] = tuple(Tile.from_marks(m) for m in PATTERN_NAMES)


def cell_text(cell: Cell) -> str:
    """A cell as text: ``(1,-1)``."""
    return f"({cell[0]},{cell[1]})"


def _as_cell(cell: Any) -> Cell:
    if isinstance(cell, str):
        m = re.fullmatch(r"\s*\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?\s*", cell)
        if not m:
            raise InvalidNotationError(
                f"{cell!r} is not a cell: write it as two whole numbers q,r like '(1,-1)'"
            )
        return int(m.group(1)), int(m.group(2))
    try:
        q, r = cell
        if isinstance(q, bool) or isinstance(r, bool):
            raise TypeError
        return int(q), int(r)
    except (TypeError, ValueError):
        raise InvalidNotationError(
            f"{cell!r} is not a cell: give axial coordinates (q, r) like (1, -1)"
        ) from None


def _step(cell: Cell, side: int) -> Cell:
    dq, dr = HEX_DIRECTIONS[side % 6]
    return cell[0] + dq, cell[1] + dr


def _join(words: list[str], last: str = "and") -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


# ---------------------------------------------------------------------------------------
# Figures
# ---------------------------------------------------------------------------------------


class Figure:
    """One player's figure: the tiles placed so far, by cell, as they lie (turned).

    Immutable and hashable; :meth:`place` returns a new figure. ``marked_contact=True`` is
    the option that lets a marked side touch a marked side (a mark may still never touch an
    unmarked side).

    >>> fig = Figure.start()
    >>> len(fig), fig.tile_at((0, 0))
    (1, Tile.from_marks('000000'))
    >>> fig.place(Tile.from_marks("100000"), (0, 1), 3)
    Traceback (most recent call last):
    ...
    gamekit.errors.IllegalMoveError: 100000 turned 3 on (0,1) is not allowed: its marked side 3 (down) would touch the tile on (0,0). No marked side may touch another tile. Turned 0, 1, 2, 4 or 5 it fits there.
    """

    __slots__ = ("_tiles", "marked_contact", "_cache")

    _tiles: dict[Cell, int]
    marked_contact: bool

    def __init__(self, tiles: dict | None = None, marked_contact: bool = False) -> None:
        cells = {(0, 0): 0} if tiles is None else {}
        if tiles is not None:
            for cell, tile in dict(tiles).items():
                cells[_as_cell(cell)] = Tile.from_marks(tile).mask
            if not cells:
                raise ValueError("a figure holds at least one tile (its starter)")
        object.__setattr__(self, "_tiles", cells)
        object.__setattr__(self, "marked_contact", bool(marked_contact))
        object.__setattr__(self, "_cache", {})

    @classmethod
    def start(cls, marked_contact: bool = False) -> Figure:
        """A figure of one blank starter tile on ``(0, 0)``."""
        return cls(None, marked_contact)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a hextiles.Figure is immutable; place() returns a new figure")

    def __reduce__(self):
        return (Figure, (self.tiles(), self.marked_contact))

    def _key(self) -> tuple:
        return (frozenset(self._tiles.items()), self.marked_contact)

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
        from gamekit.render.hextiles import png_bytes

        return png_bytes(self)

    # -- reading ---------------------------------------------------------------------------
    def tiles(self) -> dict[Cell, Tile]:
        """``{cell: tile as it lies}``, cells sorted."""
        return {c: Tile(m) for c, m in sorted(self._tiles.items())}

    def cells(self) -> list[Cell]:
        return sorted(self._tiles)

    def tile_at(self, cell: Any) -> Tile | None:
        m = self._tiles.get(_as_cell(cell))
        return None if m is None else Tile(m)

    def __contains__(self, cell: object) -> bool:
        try:
            return _as_cell(cell) in self._tiles
        except InvalidNotationError:
            return False

    @property
    def value(self) -> int:
        """The sum of the tiles' values."""
        return sum(m.bit_count() for m in self._tiles.values())

    def frontier(self) -> list[Cell]:
        """The empty cells next to the figure, sorted."""
        if "frontier" not in self._cache:
            out = set()
            for cell in self._tiles:
                for side in range(6):
                    n = _step(cell, side)
                    if n not in self._tiles:
                        out.add(n)
            self._cache["frontier"] = sorted(out)
        return self._cache["frontier"]

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
        if self.marked_contact:
            return (mask & touching) == facing_mark
        return not (mask & touching) and not facing_mark

    # -- placing ---------------------------------------------------------------------------
    def why_illegal(self, tile: Tile | str, cell: Any, rotation: int = 0) -> str | None:
        """``None`` if ``tile`` turned ``rotation`` may go on ``cell``, else why not (the
        sentence :meth:`place` raises)."""
        tile = Tile.from_marks(tile)
        cell = _as_cell(cell)
        what = f"{tile.marks} turned {int(rotation) % 6} on {cell_text(cell)}"
        return self._problem(what, tile, cell, int(rotation))

    def _problem(self, what: str, tile: Tile, cell: Cell, rotation: int) -> str | None:
        mask = _rot(tile.mask, rotation)
        if cell in self._tiles:
            return f"{what} is not allowed: {cell_text(cell)} already holds a tile; placed tiles never move."
        touching, facing, by_side = self._needs(cell)
        if not touching:
            return (
                f"{what} is not allowed: {cell_text(cell)} does not touch the figure. A tile "
                "must go on an empty cell next to at least one tile of your own figure."
                + self._elsewhere(tile)
            )
        if self._fits(mask, touching, facing):
            return None
        if self.marked_contact:
            bad = [s for s in range(6) if ((mask ^ facing) & touching) >> s & 1]
            s = bad[0]
            mine = "marked" if mask >> s & 1 else "unmarked"
            theirs = "marked" if facing >> s & 1 else "unmarked"
            why = (
                f"its {mine} side {s} ({SIDE_NAMES[s]}) would meet a {theirs} side of the "
                f"tile on {cell_text(by_side[s])}. With marked contact allowed, marks may meet "
                "marks, but a mark may never touch an unmarked side."
            )
        else:
            own = [s for s in range(6) if (mask & touching) >> s & 1]
            if own:
                s = own[0]
                why = (
                    f"its marked side {s} ({SIDE_NAMES[s]}) would touch the tile on "
                    f"{cell_text(by_side[s])}. No marked side may touch another tile."
                )
            else:
                s = [s for s in range(6) if facing >> s & 1][0]
                why = (
                    f"the tile on {cell_text(by_side[s])} shows a marked side toward "
                    f"{cell_text(cell)}. No marked side may touch another tile."
                )
        turns = [k for k in _turns(tile.mask) if self._fits(_rot(tile.mask, k), touching, facing)]
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
        """A new figure with ``tile`` turned ``rotation`` on ``cell``; ``IllegalMoveError``
        naming the rule if it may not go there."""
        reason = self.why_illegal(tile, cell, rotation)
        if reason is not None:
            raise IllegalMoveError(reason)
        tiles = dict(self._tiles)
        tiles[_as_cell(cell)] = _rot(Tile.from_marks(tile).mask, int(rotation))
        new = object.__new__(Figure)
        object.__setattr__(new, "_tiles", tiles)
        object.__setattr__(new, "marked_contact", self.marked_contact)
        object.__setattr__(new, "_cache", {})
        return new

    def legal_placements(self, tile: Tile | str) -> list[tuple[Cell, int]]:
        """Every ``(cell, rotation)`` where ``tile`` may go, cells sorted, one rotation per
        distinct orientation (the smallest)."""
        mask = Tile.from_marks(tile).mask
        key = ("legal", mask)
        if key not in self._cache:
            out = []
            for cell in self.frontier():
                touching, facing, _ = self._needs(cell)
                for k in _turns(mask):
                    if self._fits(_rot(mask, k), touching, facing):
                        out.append((cell, k))
            self._cache[key] = out
        return list(self._cache[key])

    def open_cells(self, patterns: tuple[Tile, ...] = PATTERNS) -> list[Cell]:
        """The empty cells where some tile of ``patterns`` fits."""
        out = []
        for cell in self.frontier():
            touching, facing, _ = self._needs(cell)
            if any(
                self._fits(_rot(p.mask, k), touching, facing)
                for p in patterns
                for k in _turns(p.mask)
            ):
                out.append(cell)
        return out

    def has_room(self, patterns: tuple[Tile, ...] = PATTERNS) -> bool:
        """Whether some tile of ``patterns`` (default: all 12) could still be placed."""
        key = ("room", tuple(p.mask for p in patterns))
        if key not in self._cache:
            self._cache[key] = bool(self.open_cells(patterns))
        return self._cache[key]

    # -- borders -----------------------------------------------------------------------------
    def loops(self) -> list[list[tuple[Cell, int]]]:
        """The figure's outline as closed loops of edges ``(cell, side)`` (a figure tile's
        side that faces an empty cell), each in clockwise order around the tiles; the outer
        border comes first, then the border of each hole."""
        if "loops" in self._cache:
            return self._cache["loops"]
        tiles = self._tiles
        top = max(tiles, key=lambda c: (2 * c[1] + c[0], -c[0]))
        edges = [(c, s) for c in sorted(tiles) for s in range(6) if _step(c, s) not in tiles]
        seen: set[tuple[Cell, int]] = set()
        loops = []
        for start in [(top, 0)] + edges:
            if start in seen:
                continue
            loop, edge = [], start
            while edge not in seen:
                seen.add(edge)
                loop.append(edge)
                cell, side = edge
                nxt = _step(cell, side + 1)
                edge = (nxt, (side - 1) % 6) if nxt in tiles else (cell, (side + 1) % 6)
            loops.append(loop)
        self._cache["loops"] = loops
        return loops

    def marked_edge(self, edge: tuple[Cell, int]) -> bool:
        cell, side = edge
        return bool(self._tiles[cell] >> side & 1)


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
    """
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
    """
    loops = figure.loops()
    best_len, best_run, best_value = 0, (), 0
    closed = False
    for k, loop in enumerate(loops):
        flags = [figure.marked_edge(e) for e in loop]
        length, at = _longest_run(flags)
        value = length
        if k == 0 and length == len(loop):
            closed = True
            value = 2 * length
        if value > best_value:
            best_value, best_len = value, length
            best_run = tuple(loop[(at + j) % len(loop)] for j in range(length))
    tiles = figure.value
    return Score(
        tiles=tiles,
        border=best_value,
        closed=closed,
        total=tiles + best_value,
        longest=best_len,
        run=best_run,
        outer=tuple(loops[0]),
        loops=len(loops),
        tile_count=len(figure),
    )


# ---------------------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------------------

_TAKE = re.compile(r"^take\s+([01]{6})$")
_PLACE = re.compile(r"^place\s+([01]{6})\s+at\s+\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?\s+turn\s+(\d+)$")


@dataclass(frozen=True, slots=True)
class Move:
    """One decision in a turn: ``take P`` (a market tile of pattern ``P``), ``place P at
    (q,r) turn k`` (a reserve tile of pattern ``P``, turned clockwise ``k`` sixths from its
    standard turn, on cell ``(q, r)``) or ``done`` (end the turn).

    The pattern is always written in its standard turn (as in :data:`PATTERNS`) and the turn
    is the smallest that gives the same orientation, so equal placements read the same.

    >>> Move.parse("place 011100 at (1,-1) turn 0")
    Move.parse('place 111000 at (1,-1) turn 1')
    >>> str(Move.parse("take 101010")), str(Move.parse(" DONE "))
    ('take 101010', 'done')
    """

    kind: str
    pattern: str | None = None
    cell: Cell | None = None
    turn: int | None = None

    @classmethod
    def take(cls, pattern: Tile | str) -> Move:
        return cls("take", Tile.from_marks(pattern).pattern.marks)

    @classmethod
    def place(cls, tile: Tile | str, cell: Any, turn: int = 0) -> Move:
        """Place ``tile`` turned ``turn`` on ``cell`` (normalised to the standard form)."""
        tile = Tile.from_marks(tile)
        pattern = _canonical(tile.mask)[0]
        target = _rot(tile.mask, int(turn))
        k = next(k for k in range(6) if _rot(pattern, k) == target)
        return cls("place", _text(pattern), _as_cell(cell), k)

    @classmethod
    def done(cls) -> Move:
        return cls("done")

    @classmethod
    def parse(cls, text: str | Move) -> Move:
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise InvalidNotationError(
                f"{text!r} is not a Hex Tiles move: give a Move or text such as "
                "'take 111000', 'place 111000 at (0,1) turn 3' or 'done'"
            )
        clean = " ".join(text.strip().lower().split())
        if clean == "done":
            return cls.done()
        m = _TAKE.match(clean)
        if m:
            if m.group(1) == "000000":
                raise InvalidNotationError(f"{text!r}: the pool holds no blank tiles")
            return cls.take(m.group(1))
        m = _PLACE.match(clean)
        if m:
            if m.group(1) == "000000":
                raise InvalidNotationError(f"{text!r}: blank tiles are never placed")
            return cls.place(m.group(1), (int(m.group(2)), int(m.group(3))), int(m.group(4)))
        raise InvalidNotationError(
            f"{text!r} is not a Hex Tiles move: a move is 'take P', 'place P at (q,r) turn k' "
            "or 'done', where P is six digits 0/1 (the marked sides, clockwise from the top), "
            "like 'take 111000' or 'place 111000 at (0,1) turn 3'"
        )

    @property
    def tile(self) -> Tile | None:
        """The tile as it lies after the move (``place``), or the pattern (``take``)."""
        if self.pattern is None:
            return None
        return Tile.from_marks(self.pattern).rotated(self.turn or 0)

    def __str__(self) -> str:
        if self.kind == "take":
            return f"take {self.pattern}"
        if self.kind == "place":
            assert self.cell is not None
            return f"place {self.pattern} at {cell_text(self.cell)} turn {self.turn}"
        return "done"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


@dataclass(frozen=True)
class Outcome:
    """How a game ended: the winners (player numbers from 0; more than one for a shared
    win), the reason in words and every player's :class:`Score`."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[Score, ...]

    @property
    def winner(self) -> int | None:
        """The single winner, or ``None`` for a shared win."""
        return self.winners[0] if len(self.winners) == 1 else None


# ---------------------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------------------

LEFTOVER_RULES = ("first", "pool", "discard")


@dataclass(frozen=True)
class Rules:
    """The options of a Hex Tiles game; ``start()`` deals the first market.

    - ``players``: 2 to 4.
    - ``seed``: the pool is shuffled with ``numpy.random.default_rng(seed)``.
    - ``copies``: copies of each pattern in the pool (default 2 for 2 players, 3 for 3–4).
    - ``patterns``: which patterns the tile set holds (six-digit strings; default all 12).
    - ``leftover``: where the market's leftover tile goes: ``"first"`` (to the first player,
      default), ``"pool"`` (back into the pool, which is then reshuffled) or ``"discard"``.
    - ``marked_contact``: ``False`` (default): every shared edge is unmarked on both sides;
      ``True``: a marked side may touch a marked side (never an unmarked one).

    >>> Rules(players=2, seed=7)
    hextiles.Rules(players=2, seed=7, copies=2, patterns=None, leftover='first', marked_contact=False)
    >>> len(Rules(players=3).tile_set())
    36
    """

    players: int = 2
    seed: int = 0
    copies: int | None = None
    patterns: tuple[str, ...] | None = None
    leftover: str = "first"
    marked_contact: bool = False

    def __post_init__(self) -> None:
        for name in ("players", "seed", "copies"):
            value = getattr(self, name)
            if isinstance(value, np.integer):
                object.__setattr__(self, name, int(value))
            elif (value is not None or name != "copies") and (
                isinstance(value, bool) or not isinstance(value, int)
            ):
                raise ValueError(f"{name} must be a whole number, not {value!r}")
        if not 2 <= self.players <= 4:
            raise ValueError(f"players must be from 2 to 4, not {self.players}")
        if self.seed < 0:
            raise ValueError(f"seed must be 0 or more, not {self.seed}")
        if self.copies is None:
            object.__setattr__(self, "copies", 2 if self.players == 2 else 3)
        if not 1 <= self.copies <= 20:
            raise ValueError(f"copies (of each pattern) must be from 1 to 20, not {self.copies}")
        if self.patterns is not None:
            if isinstance(self.patterns, str) or not hasattr(self.patterns, "__iter__"):
                raise ValueError(
                    f"patterns must be a list of tiles like '111000', not {self.patterns!r}"
                )
            chosen = []
            for p in self.patterns:
                t = Tile.from_marks(p)
                if t.value == 0:
                    raise ValueError("patterns cannot include the blank tile")
                if t.pattern.marks not in chosen:
                    chosen.append(t.pattern.marks)
            if not chosen:
                raise ValueError("patterns must name at least one pattern")
            order = list(PATTERN_NAMES)
            object.__setattr__(self, "patterns", tuple(sorted(chosen, key=order.index)))
        if self.leftover not in LEFTOVER_RULES:
            raise ValueError(
                f"leftover must be 'first', 'pool' or 'discard', not {self.leftover!r}"
            )
        if not isinstance(self.marked_contact, bool):
            raise ValueError(f"marked_contact must be True or False, not {self.marked_contact!r}")

    def __repr__(self) -> str:
        return (
            f"hextiles.Rules(players={self.players}, seed={self.seed}, copies={self.copies}, "
            f"patterns={self.patterns!r}, leftover={self.leftover!r}, "
            f"marked_contact={self.marked_contact})"
        )

    @property
    def tile_patterns(self) -> tuple[Tile, ...]:
        """The patterns in the tile set."""
        if self.patterns is None:
            return PATTERNS
        return tuple(Tile.from_marks(p) for p in self.patterns)

    def tile_set(self) -> list[Tile]:
        """Every tile of the pool before shuffling."""
        return [p for p in self.tile_patterns for _ in range(self.copies)]

    @property
    def market_size(self) -> int:
        return self.players + 1

    def start(self) -> State:
        """The pool shuffled, the first market drawn, Player 1 first to take."""
        bag = [t.marks for t in self.tile_set()]
        order = np.random.default_rng(self.seed).permutation(len(bag))
        pool = tuple(bag[i] for i in order)
        figure = Figure.start(self.marked_contact)
        return State._new_round(
            self,
            figures=(figure,) * self.players,
            reserves=((),) * self.players,
            pool=pool,
            first=0,
            round_no=1,
        )

    # -- saving -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "seed": self.seed,
            "copies": self.copies,
            "patterns": None if self.patterns is None else list(self.patterns),
            "leftover": self.leftover,
            "marked_contact": self.marked_contact,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        known = ("players", "seed", "copies", "patterns", "leftover", "marked_contact")
        data = check_options(data, known, "Hex Tiles")
        if data.get("patterns") is not None:
            data["patterns"] = tuple(data["patterns"])
        return cls(**data)


def _pattern_key(p: str) -> int:
    return list(PATTERN_NAMES).index(p)


# ---------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------


class State:
    """A Hex Tiles position: every figure and reserve, the pool, the market, whose turn.

    Immutable and hashable. A round: the first player has filled the market; each player in
    turn (from the first) takes one tile (compulsory while the market has tiles), may place
    reserve tiles before or after, and says ``done``. Taken tiles go to the reserve, so
    "place it or keep it" is a ``place`` move or nothing. Then the leftover tile goes to the
    first player, who gets one more step to place tiles (rule ``leftover="first"``).

    >>> state = Rules(players=2, seed=7).start()
    >>> state
    <hextiles.State 2 players, round 1, pool 21, Player 1 to take>
    >>> state.market
    ('101000', '101010', '111010')
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

    @classmethod
    def _make(cls, **fields) -> State:
        self = object.__new__(cls)
        for name in cls.__slots__[:-1]:
            object.__setattr__(self, name, fields[name])
        object.__setattr__(self, "_cache", {})
        return self

    @classmethod
    def _new_round(cls, rules, figures, reserves, pool, first, round_no) -> State:
        n = rules.market_size
        drawn = tuple(sorted(pool[:n], key=_pattern_key))
        return cls._make(
            rules=rules,
            figures=figures,
            reserves=reserves,
            pool=pool[n:],
            market=drawn,
            first=first,
            round_no=round_no,
            step=0,
            taken=False,
            short=len(drawn) < n,
            over=not drawn,
        )

    def _replace(self, **changes) -> State:
        fields = {name: getattr(self, name) for name in State.__slots__[:-1]}
        fields.update(changes)
        return State._make(**fields)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a hextiles.State is immutable; play() returns a new state")

    def __reduce__(self):
        return (_rebuild, ({name: getattr(self, name) for name in State.__slots__[:-1]},))

    def _key(self) -> tuple:
        return tuple(getattr(self, name) for name in State.__slots__[:-1])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        head = f"<hextiles.State {self.rules.players} players, round {self.round_no}, pool {len(self.pool)}"
        o = self.outcome
        if o is not None:
            if o.winner is None:
                tail = "shared win: " + _join([self.player_name(i) for i in o.winners])
            else:
                tail = f"{self.player_name(o.winner)} won"
        else:
            doing = "to take" if self.must_take else "to place or end the turn"
            tail = f"{self.player_name(self.to_move)} {doing}"
        return f"{head}, {tail}>"

    def _repr_png_(self) -> bytes:
        from gamekit.render.hextiles import png_bytes

        return png_bytes(self)

    # -- reading -------------------------------------------------------------------------
    @staticmethod
    def player_name(i: int) -> str:
        return f"Player {i + 1}"

    @property
    def to_move(self) -> int:
        """The player whose turn it is (0 = Player 1)."""
        n = self.rules.players
        return (self.first + self.step) % n if self.step < n else self.first

    @property
    def leftover_step(self) -> bool:
        """Whether this is the first player's extra step with the leftover tile."""
        return self.step >= self.rules.players

    @property
    def must_take(self) -> bool:
        """Whether the player to move still has to take a market tile."""
        return not self.leftover_step and not self.taken and bool(self.market)

    def figure(self, player: int | None = None) -> Figure:
        return self.figures[self.to_move if player is None else player]

    def reserve(self, player: int | None = None) -> tuple[str, ...]:
        return self.reserves[self.to_move if player is None else player]

    def scores(self) -> list[Score]:
        """Every player's score now."""
        return [score(f) for f in self.figures]

    # -- rules -----------------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        if "outcome" not in self._cache:
            self._cache["outcome"] = self._compute_outcome()
        return self._cache["outcome"]

    def _compute_outcome(self) -> Outcome | None:
        patterns = self.rules.tile_patterns
        if self.over:
            why = "the pool could not fill a market"
        elif not any(f.has_room(patterns) for f in self.figures):
            why = "no player's figure has room for another tile"
        else:
            return None
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
        return Outcome(winners, f"The game is over: {why}. Scores: {table}. {res}", scores)

    def _legal(self) -> list[Move]:
        if "legal" in self._cache:
            return self._cache["legal"]
        out: list[Move] = []
        if self.outcome is None:
            fig = self.figure()
            for p in dict.fromkeys(self.reserve()):
                for cell, k in fig.legal_placements(p):
                    out.append(Move("place", p, cell, k))
            if not self.leftover_step and not self.taken:
                out.extend(Move("take", p) for p in dict.fromkeys(self.market))
            if not self.must_take:
                out.append(Move.done())
        self._cache["legal"] = out
        return out

    def legal_moves(self) -> list[Move]:
        """Every legal move: placements (by pattern, then cell, then turn), then takes,
        then ``done``."""
        return list(self._legal())

    def why_illegal(self, move: Move | str) -> str | None:
        m = Move.parse(move)
        return self._problem(m)

    def _problem(self, m: Move) -> str | None:
        who = self.player_name(self.to_move)
        if self.outcome is not None:
            return f"{m} is not allowed: {self.outcome.reason[0].lower()}{self.outcome.reason[1:]}"
        if m.kind == "take":
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
        if m.kind == "done":
            if self.must_take:
                return (
                    f"done is not allowed: taking a tile is compulsory; {who} must take one "
                    f"of {_join(list(dict.fromkeys(self.market)), 'or')} first."
                )
            return None
        reserve = self.reserve()
        if m.pattern not in reserve:
            held = _join(list(dict.fromkeys(reserve))) if reserve else "nothing"
            return (
                f"{m} is not allowed: {who}'s reserve holds no {m.pattern} tile (it holds "
                f"{held}). Take a tile from the market first; taken tiles wait in the reserve."
            )
        tile = Tile.from_marks(m.pattern)
        assert m.cell is not None and m.turn is not None
        return self.figure()._problem(str(m), tile, m.cell, m.turn)

    def play(self, move: Move | str) -> State:
        """The state after ``move``; ``IllegalMoveError`` naming the rule otherwise."""
        m = Move.parse(move)
        reason = self._problem(m)
        if reason is not None:
            raise IllegalMoveError(reason)
        return self._apply(m)

    def _apply(self, m: Move) -> State:
        p = self.to_move
        if m.kind == "take":
            market = list(self.market)
            market.remove(m.pattern)
            reserves = list(self.reserves)
            reserves[p] = tuple(sorted((*reserves[p], m.pattern), key=_pattern_key))
            return self._replace(market=tuple(market), reserves=tuple(reserves), taken=True)
        if m.kind == "place":
            reserves = list(self.reserves)
            held = list(reserves[p])
            held.remove(m.pattern)
            reserves[p] = tuple(held)
            figures = list(self.figures)
            figures[p] = self.figures[p].place(m.pattern, m.cell, m.turn)
            return self._replace(figures=tuple(figures), reserves=tuple(reserves))
        # done
        n = self.rules.players
        if self.step < n - 1:
            return self._replace(step=self.step + 1, taken=False)
        if self.step == n - 1 and self.market:
            leftover = self.rules.leftover
            if leftover == "first":
                reserves = list(self.reserves)
                f = self.first
                reserves[f] = tuple(sorted((*reserves[f], *self.market), key=_pattern_key))
                return self._replace(step=n, market=(), reserves=tuple(reserves), taken=True)
            if leftover == "pool":
                pool = list(self.pool) + list(self.market)
                order = np.random.default_rng([self.rules.seed, self.round_no]).permutation(
                    len(pool)
                )
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


def _rebuild(fields: dict) -> State:
    return State._make(**fields)
