"""Hex Tiles' figures: where a tile may go (and, as data, why not: :class:`Conflict`), and
how a figure scores (:func:`score`).

>>> score(Figure.start())
Score(tiles=0, border=0, closed=False, total=0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

import numpy as np

from gamekit.errors import IllegalMoveError, InvalidNotationError
from gamekit.hextiles.fitting import placement_words
from gamekit.hextiles.notation import Move
from gamekit.hextiles.tiles import (  # noqa: F401  (the package's names)
    _SIDES,
    _TILES,
    _TILES_BY_MASK,
    _TURN_ON,
    GAME,
    PATTERNS,
    SIDE_NAMES,
    Cell,
    Tile,
    _as_cell,
    _every_turn_bits,
    _fit,
    _fit_bits,
    _flag,
    _join,
    _orientations,
    _pattern_tuple,
    _rot,
    _show,
    _step,
    _turn,
    _turns,
    cell_text,
)
from gamekit.values import Value


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


class Figure(Value):
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
    gamekit.errors.IllegalMoveError: 100000 turned 3 on (0,1) is not allowed: this tile does not fit there as it is turned now: its marked bottom side would touch your starter. Marks must face outward: no mark may touch another tile. It fits there turned once more anticlockwise.

    Raises:
        TypeError: ``tiles`` is not a mapping.
        ValueError: ``tiles`` is empty or names a cell twice, or ``marked_contact`` is not
            True or False.
        InvalidNotationError: a cell or a tile of ``tiles`` is malformed.
    """

    _immutable = "a hextiles.Figure is immutable; place() returns a new figure"
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

    def __reduce__(self) -> tuple[Any, ...]:
        return (Figure, (self.tiles(), self.marked_contact))

    def _key(self) -> tuple:
        key = self._cache.get("key")
        if key is None:
            key = self._cache["key"] = (frozenset(self._tiles.items()), self.marked_contact)
        return key

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
        """The refusal of a placement that :meth:`conflict` finds, in words a player reads
        (the tile by its colour, its sides and the neighbour in words, the turn that fits):
        ``"<what> is not allowed: <the rule>"``; ``None`` if it may go there."""
        words = placement_words(self, tile, cell, rotation)
        if words is None:
            return None
        return f"{what} is not allowed: {words[:1].lower()}{words[1:]}"

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

    def play(self, move: tuple[Tile | str, Any, int] | tuple[Tile | str, Any]) -> Figure:
        """A figure alone plays a placement: ``move`` is ``(tile, cell, rotation)`` (or
        ``(tile, cell)``), as :meth:`place` takes them; so code that shows what the rules say
        to a move (:func:`gamekit.quiz.show_refusal`) treats a figure like a position.

        >>> from gamekit import hextiles
        >>> len(hextiles.Figure().play(("100000", (0, 1), 0)))
        2

        Raises:
            IllegalMoveError, InvalidNotationError: as :meth:`place`; InvalidNotationError
                also for a ``move`` that is not such a tuple.
        """
        if not isinstance(move, tuple) or len(move) not in (2, 3):
            raise InvalidNotationError(
                f"a placement on a figure is (tile, cell, rotation), such as ('100000', (0, 1), 3), "
                f"not {_show(move)}"
            )
        return self.place(*move)

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
