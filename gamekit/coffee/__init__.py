"""Coffee, the abstract game by Néstor Romeral Andrés: rules engine.

Two players, Black (moves first) and Orange, place stones on a hexhex or square board. A
white rod lies on the last stone along an axis; the next stone must go on an empty cell of
that line, anywhere along it. The rod may never leave the opponent a line with no empty cell,
except that a stone completing a line of ``n`` wins at once. A player with no legal move
loses. The rules follow ``docs/rules/coffee.md``.

>>> from gamekit import coffee
>>> state = coffee.Rules(board="hex", size=5, n=5).start()
>>> state = state.play("e5|")
>>> state
<coffee.State hex5 n=5, 1 stone, orange to move>
>>> [str(m) for m in state.legal_moves()][:3]
['e1|', 'e1/', 'e1\\\\']
>>> print(state.why_illegal("a1/"))
a1/ is not allowed: a1 is not on the rod's line. The rod on e5 lies along '|' (vertical), so the stone must go on that line: e1, e2, e3, e4, e6, e7, e8 or e9.

The fast interface (for players and simulations) names a move by numbers, a *pair* (cell
index in ``rules.grid``, axis index in ``rules.grid.axes``): :func:`legal_pairs`,
:func:`play_pair`, :func:`pair_move`, :func:`random_rollout`, :func:`can_win_at_once`, and
the boards' bitmask tables :func:`board_tables` and :func:`windows` (with
``State.masks`` and ``State.rod_pair``). It agrees exactly with ``legal_moves()`` and
``play()``, which stay the reference.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, cast

import numpy as np

from gamekit.checks import whole
from gamekit.coffee.moves import (  # noqa: F401  (the package's names)
    _OTHER,
    _SWAP,
    COLOURS,
    MAX_NOTATION_CHARS,
    Move,
    Outcome,
    Position,
)
from gamekit.coffee.tables import (  # noqa: F401  (the package's names)
    BoardTables,
    _bits,
    _board_tables,
    _or_all,
    _reach,
    _windows,
    board_tables,
)
from gamekit.errors import IllegalMoveError, InvalidNotationError, OffBoardError  # noqa: F401
from gamekit.errors import shown as _show
from gamekit.game import FrozenMap, register
from gamekit.grids import AXIS_NAMES, Grid, grid_for
from gamekit.options import check_options
from gamekit.pictured import Pictured
from gamekit.text import join_words
from gamekit.values import Value
from gamekit.variants import Variants

__all__ = [
    "Rules",
    "State",
    "Move",
    "Outcome",
    "COLOURS",
    "DEFAULT_N",
    "MAX_NOTATION_CHARS",
    "default_n",
    "BoardTables",
    "board_tables",
    "windows",
    "legal_pairs",
    "play_pair",
    "pair_move",
    "random_rollout",
    "can_win_at_once",
]

GAME = "coffee"

#: Suggested ``n`` for each board (the digest's table); other sizes use :func:`default_n`.
DEFAULT_N: FrozenMap[tuple[str, int], int] = FrozenMap(
    {
        ("hex", 3): 3,
        ("hex", 4): 4,
        ("hex", 5): 5,
        ("square", 4): 4,
        ("square", 5): 4,
        ("square", 6): 4,
        ("square", 7): 5,
    }
)


def default_n(board: str, size: int) -> int:
    """The suggested line length to win: the digest's table, else the side on hex boards
    (``hex 6 -> 6``) and 3 / 5 on square boards smaller / larger than the table.

    >>> default_n("square", 5), default_n("hex", 2), default_n("square", 9)
    (4, 2, 5)

    Raises:
        ValueError: ``board`` is not ``"hex"`` or ``"square"``, or ``size`` is not a side
            such a board can have (hex 2 to 13, square 3 to 26).
    """
    grid_for(board, size)  # checks the board and the size
    size = int(size)
    if (board, size) in DEFAULT_N:
        return DEFAULT_N[(board, size)]
    if board == "hex":
        return size
    return 3 if size < 4 else 5


# ---------------------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------------------


def _occupancy(state: State) -> tuple[int, int]:
    """The cells holding a stone (a bitmask) and the board's number of cells."""
    black, orange = state.masks
    return black | orange, len(state.rules.grid)


@register(
    title="Coffee",
    move=Move,
    occupancy=_occupancy,
    picture="gamekit.coffee.picture",
    board="gamekit.coffee.board:CoffeeBoard",
    strategy="gamekit.coffee.strategy:STRATEGY",
    puzzles="gamekit.coffee.puzzles:PUZZLES",
    words="gamekit.coffee.words",
    guide="gamekit.coffee.guide",
    examples="gamekit.coffee.examples:EXAMPLES",
)
@dataclass(frozen=True)
class Rules(Variants):
    """The options of a Coffee game; ``start()`` gives the empty board.

    ``board`` is ``"hex"`` (a hexhex board, ``size`` cells a side, 2 to 13) or ``"square"``
    (3 to 26). ``n`` is the line length that wins (default: the suggested one for the board,
    see :data:`DEFAULT_N`). ``pie_rule`` lets Orange answer Black's first stone with ``swap``.

    The seats are ``("black", "orange")``, Black moving first. A game ends (``endings``)
    with a ``"line"`` of ``n`` stones, or when the player to move is ``"blocked"`` (has no
    legal move) and loses. Coffee has no chance: ``start(seed=...)`` ignores the seed.

    >>> Rules(board="square", size=5)
    coffee.Rules(board='square', size=5, n=4, pie_rule=False)
    >>> Rules().seats, Rules.endings
    (('black', 'orange'), ('line', 'blocked'))
    >>> Rules(size=1)
    Traceback (most recent call last):
    ...
    ValueError: a hexhex board's side must be from 2 to 13, not 1

    Raises:
        ValueError: an option is not one Coffee has (its message names the option).
    """

    game: ClassVar[str] = "coffee"
    endings: ClassVar[tuple[str, ...]] = ("line", "blocked")

    board: str = "hex"
    size: int = 5
    n: int | None = None
    pie_rule: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.board, str) or self.board not in ("hex", "square"):
            raise ValueError(f"board must be 'hex' or 'square', not {_show(self.board)}")
        object.__setattr__(self, "board", str(self.board))
        for name in ("size", "n"):
            value = getattr(self, name)
            if isinstance(value, np.integer):
                object.__setattr__(self, name, int(value))
            elif (value is not None or name == "size") and (
                isinstance(value, bool) or not isinstance(value, int)
            ):
                raise ValueError(f"{name} must be a whole number, not {_show(value)}")
        if not 0 < self.size < 100:  # grids checks the rest; this keeps huge numbers short
            kind, limits = ("hexhex", "2 to 13") if self.board == "hex" else ("square", "3 to 26")
            raise ValueError(f"a {kind} board's side must be from {limits}, not {_show(self.size)}")
        grid = grid_for(self.board, self.size)  # checks the size
        n = self.n
        if n is None:
            n = default_n(self.board, self.size)
            object.__setattr__(self, "n", n)
        if n < 2:
            raise ValueError(f"n (the line length that wins) must be at least 2, not {_show(n)}")
        if n > grid.longest_line:
            raise ValueError(
                f"n={_show(n)} cannot be reached: the longest line on a {self.board} board of size "
                f"{self.size} has {grid.longest_line} cells"
            )
        if isinstance(self.pie_rule, np.bool_):
            object.__setattr__(self, "pie_rule", bool(self.pie_rule))
        if not isinstance(self.pie_rule, bool):
            raise ValueError(f"pie_rule must be True or False, not {_show(self.pie_rule)}")

    def __repr__(self) -> str:
        name = "coffee.Rules" if type(self) is Rules else type(self).__name__
        return (
            f"{name}(board={self.board!r}, size={self.size}, n={self.n}, pie_rule={self.pie_rule})"
        )

    # -- variants ------------------------------------------------------------------------
    def extra_rule(self, state: State, move: Move) -> str | None:
        """A variant's own rule: the sentence that refuses ``move`` in ``state``, or
        ``None`` to allow it. Coffee itself has none; a variant subclasses :class:`Rules`
        (with its own ``game`` name, see :func:`gamekit.register`) and overrides this.

        The engine asks it only about moves the rules of Coffee allow, whenever it lists,
        checks or plays a move; a player whom the variant leaves no move is blocked and
        loses, as in Coffee. Lesson 15 writes one. ``False`` allows too (so ``return
        move.axis == "|" and "no vertical rods"`` works); any other answer (``""``, ``True``,
        a number), an exception in the rule, or a rule that asks the state for its legal
        moves raises :class:`~gamekit.errors.VariantRuleError`, which names the hook.

        >>> from dataclasses import dataclass
        >>> @dataclass(frozen=True)
        ... class NoVertical(Rules):
        ...     game = "coffee-no-vertical"
        ...     def extra_rule(self, state, move):
        ...         return f"{move} is not allowed: no vertical rods" if move.axis == "|" else None
        >>> NoVertical(board="square", size=5).start().why_illegal("c3|")
        'c3| is not allowed: no vertical rods'
        """
        return None

    extra_rule._the_games_own = True  # type: ignore[attr-defined]

    @property
    def seats(self) -> tuple[str, ...]:
        """The players' colours in turn order: ``("black", "orange")``."""
        return COLOURS

    @property
    def grid(self) -> Grid:
        """The board's geometry (:mod:`gamekit.grids`)."""
        return grid_for(self.board, self.size)

    @property
    def name(self) -> str:
        """Short name of the board: ``hex5``, ``square7``."""
        return f"{self.board}{self.size}"

    def start(self, seed: int | None = None) -> State:
        """The empty board, Black to move. Coffee has no chance: ``seed`` is accepted (as
        every game's ``start`` takes one) and ignored.

        >>> Rules(board="square", size=5).start(seed=3)
        <coffee.State square5 n=4, 0 stones, black to move>

        Raises:
            TypeError: ``seed`` is neither ``None`` nor a whole number.
        """
        if seed is not None:
            whole(seed, "seed", None)
        return State._make(self, 0, 0, None, "black", False)

    def replay(self, moves: Iterable[Move | str]) -> State:
        """The position after playing ``moves`` one after the other from the empty board.

        >>> Rules(board="square", size=5).replay(["c3-", "a3|"])
        <coffee.State square5 n=4, 2 stones, black to move>

        Raises:
            TypeError: ``moves`` is not a sequence of moves (a single text is not).
            IllegalMoveError, InvalidNotationError: as :meth:`State.play`, for the first
                move that fails.
        """
        if isinstance(moves, str | bytes) or not isinstance(moves, Iterable):
            raise TypeError(
                f"moves must be a sequence of moves, such as ['e5|', 'e1/'], not {_show(moves)}"
            )
        state = self.start()
        for move in moves:
            state = state.play(move)
        return state

    # -- saving -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready dict (:meth:`from_dict` reads it back)."""
        return {"board": self.board, "size": self.size, "n": self.n, "pie_rule": self.pie_rule}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rebuild rules from :meth:`to_dict`.

        >>> Rules.from_dict({"board": "square", "size": 5})
        coffee.Rules(board='square', size=5, n=4, pie_rule=False)

        Raises:
            ValueError: ``data`` is not a mapping of option names, names an unknown option,
                or an option's value is not allowed.
        """
        return cls(**check_options(data, ("board", "size", "n", "pie_rule"), "Coffee"))


# ---------------------------------------------------------------------------------------
# Precomputed tables per board
# ---------------------------------------------------------------------------------------


def _join(words: list[str]) -> str:
    return join_words(words, "or")


# ---------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------


class State(Pictured, Value, Position):
    """A Coffee position: stones, the rod, whose turn it is. Immutable and hashable.

    Make one with ``Rules(...).start()`` and ``state.play(move)``. ``to_move`` is the
    colour to play, ``None`` once the game is over; ``swapped`` is ``True`` after the pie
    rule's swap (the player who began with Black plays Orange).

    >>> state = Rules(board="square", size=5).start().play("c3-")
    >>> state.to_move, state.swapped
    ('orange', False)
    >>> del state.rules
    Traceback (most recent call last):
    ...
    AttributeError: a coffee.State is immutable; play() returns a new state
    """

    _immutable = "a coffee.State is immutable; play() returns a new state"
    __slots__ = ("rules", "_black", "_orange", "_rod", "_mover", "swapped", "_t", "_cache")

    rules: Rules
    swapped: bool
    _black: int  # bitmask of Black's stones
    _orange: int
    _rod: tuple[int, int] | None
    _mover: str
    _t: BoardTables
    _cache: dict[str, Any]

    @classmethod
    def _make(
        cls,
        rules: Rules,
        black: int,
        orange: int,
        rod: tuple[int, int] | None,
        mover: str,
        swapped: bool,
    ) -> State:
        self = object.__new__(cls)
        set_ = object.__setattr__
        set_(self, "rules", rules)
        set_(self, "_black", black)
        set_(self, "_orange", orange)
        set_(self, "_rod", rod)
        set_(self, "_mover", mover)
        set_(self, "swapped", swapped)
        set_(self, "_t", _board_tables(rules.board, rules.size))
        set_(self, "_cache", {})
        return self

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("make a coffee.State with Rules(...).start() and state.play(move)")

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            State._make,
            (self.rules, self._black, self._orange, self._rod, self._mover, self.swapped),
        )

    # -- identity -----------------------------------------------------------------------
    def _key(self) -> tuple[Any, ...]:
        return (self.rules, self._black, self._orange, self._rod, self._mover, self.swapped)

    def __repr__(self) -> str:
        n = self.stone_count
        stones = f"{n} stone" + ("" if n == 1 else "s")
        if self.outcome is not None:
            tail = f"{self.outcome.winner} won"
        else:
            tail = f"{self._mover} to move"
        return f"<coffee.State {self.rules.name} n={self.rules.n}, {stones}, {tail}>"

    # -- reading the position ------------------------------------------------------------
    @property
    def to_move(self) -> str | None:
        """The colour to play (``"black"`` or ``"orange"``); ``None`` once the game is
        over."""
        return None if self.outcome is not None else self._mover

    @property
    def grid(self) -> Grid:
        """The board's geometry (the same as ``rules.grid``)."""
        return self._t.grid

    @property
    def masks(self) -> tuple[int, int]:
        """Black's and Orange's stones as bitmasks (bit ``i`` is cell ``i`` of the grid),
        for the fast interface."""
        return (self._black, self._orange)

    @property
    def rod_pair(self) -> tuple[int, int] | None:
        """Where the rod lies as (cell index, axis index), ``None`` before the first move
        (:attr:`rod` as numbers)."""
        return self._rod

    @property
    def stone_count(self) -> int:
        """How many stones are on the board."""
        return (self._black | self._orange).bit_count()

    def stone_at(self, cell: str) -> str | None:
        """``"black"``, ``"orange"`` or ``None`` for the cell with that label.

        Raises:
            OffBoardError: this board has no such cell.
        """
        bit = 1 << self._cell_index(cell)
        if self._black & bit:
            return "black"
        if self._orange & bit:
            return "orange"
        return None

    def stones(self, colour: str) -> list[str]:
        """Labels of the cells holding ``colour``'s stones, in board order.

        Raises:
            ValueError: ``colour`` is not ``"black"`` or ``"orange"``.
        """
        mask = self._mask_of(colour)
        return [self.grid.label(i) for i in _bits(mask)]

    def cells(self) -> list[str | None]:
        """The colour on every cell, in the grid's cell order (``None`` for empty)."""
        out: list[str | None] = []
        for i in range(len(self.grid)):
            bit = 1 << i
            out.append("black" if self._black & bit else "orange" if self._orange & bit else None)
        return out

    @property
    def rod(self) -> Move | None:
        """Where the rod lies: the last stone placed and its axis (``None`` before the
        first move)."""
        if self._rod is None:
            return None
        i, a = self._rod
        return Move._of(self.grid.label(i), self._t.axes[a])

    @property
    def swap_available(self) -> bool:
        """Whether Orange may swap now (pie rule, right after Black's first stone)."""
        return (
            self.rules.pie_rule
            and not self.swapped
            and self._mover == "orange"
            and self.stone_count == 1
            and self.outcome is None
        )

    def rod_line(self) -> list[str]:
        """Every cell of the line the rod gives the player to move (stones included);
        every cell of the board before the first move."""
        if self._rod is None:
            return list(self.grid.labels)
        i, a = self._rod
        return [self.grid.label(j) for j in self.grid.line(i, self._t.axes[a])]

    def line(self, cell: str, axis: str) -> list[str]:
        """Every cell on the straight line through ``cell`` along ``axis`` (``cell``
        included), in order: ``state.line("e5", "/")`` on hexhex 5 is a1, b2, … i5.

        Raises:
            OffBoardError: this board has no such cell.
            ValueError: ``axis`` is not an axis of this board.
        """
        i = self._cell_index(cell)
        if not isinstance(axis, str) or axis not in self._t.axes:
            raise ValueError(
                f"{_show(axis)} is not an axis of a {self.rules.board} board; its axes are "
                + " ".join(self._t.axes)
            )
        return [self.grid.label(j) for j in self.grid.line(i, axis)]

    def _mask_of(self, colour: str) -> int:
        if colour == "black":
            return self._black
        if colour == "orange":
            return self._orange
        raise ValueError(f"colour must be 'black' or 'orange', not {_show(colour)}")

    def _cell_index(self, cell: str) -> int:
        if not isinstance(cell, str) or not self.grid.has(cell):
            raise OffBoardError(self._no_cell(cell))
        return self.grid.index(cell)

    def _no_cell(self, cell: object) -> str:
        if not isinstance(cell, str) or len(cell) > MAX_NOTATION_CHARS:
            return f"{_show(cell)} is not a cell of this board (cells are like 'a1')"
        cols = self.grid.columns
        col = cell[:1]
        if col and col in cols:
            cells = [lab for lab in self.grid.labels if lab[0] == col]
            return f"this board has no cell {cell} (column {col} has {cells[0]}–{cells[-1]})"
        return f"this board has no cell {cell} (columns {cols[0]}–{cols[-1]})"

    # -- rules ---------------------------------------------------------------------------
    def _targets(self) -> int:
        """Bitmask of the empty cells where the stone may go."""
        empty = self._t.full & ~(self._black | self._orange)
        if self._rod is None:
            return empty
        i, a = self._rod
        return self._t.line_mask[i][a] & empty

    def _run(self, mask: int, i: int) -> tuple[int, ...]:
        """The longest line of ``mask``'s stones through ``i`` (``i`` counted as a stone),
        as cell indices; empty if shorter than ``n``."""
        n = cast(int, self.rules.n)  # Rules.__post_init__ fills in n
        for fwd, back in self._t.rays[i]:
            run = [i]
            for j in fwd:
                if not mask >> j & 1:
                    break
                run.append(j)
            for j in back:
                if not mask >> j & 1:
                    break
                run.insert(0, j)
            if len(run) >= n:
                return tuple(run)
        return ()

    def _axes_for(self, i: int, mover_mask: int, occupied: int) -> tuple[bool, list[int]]:
        """(wins, legal axis indices) for a stone of the mover on empty cell ``i``."""
        if self._run(mover_mask, i):
            return True, list(range(len(self._t.axes)))
        after = occupied | (1 << i)
        masks = self._t.line_mask[i]
        return False, [a for a in range(len(masks)) if masks[a] & ~after]

    @property
    def outcome(self) -> Outcome | None:
        """``None`` while the game goes on; else who won and why."""
        if "outcome" not in self._cache:
            self._cache["outcome"] = self._compute_outcome()
        outcome: Outcome | None = self._cache["outcome"]
        return outcome

    def _compute_outcome(self) -> Outcome | None:
        if self._rod is not None:
            i = self._rod[0]
            colour = "black" if self._black >> i & 1 else "orange"
            run = self._run(self._mask_of(colour), i)
            if run:
                cells = tuple(self.grid.label(j) for j in run)
                return Outcome(
                    colour,
                    f"{colour.capitalize()} made a line of {len(run)}: " + ", ".join(cells),
                    cells,
                )
        if not self._legal() and not self.swap_available:
            mover = self._mover
            line = self._targets()
            if self._base_legal():
                m = Move._of(*self._labels(self._base_legal()[0]))
                why = (
                    "this variant's rule refuses every move the rod's line allows, for example: "
                    + str(self.rules._variant(self, m))
                )
            elif line.bit_count() == 1:
                cell = self.grid.label(line.bit_length() - 1)
                why = (
                    f"the only empty cell on the rod's line is {cell}, and a stone there would "
                    "leave no empty cell along any direction for the rod"
                )
            else:
                why = "no empty cell on the rod's line can take a stone and a rod"
            return Outcome(_OTHER[mover], f"{mover.capitalize()} is blocked and loses: {why}", ())
        return None

    def _base_legal(self) -> list[tuple[int, int]]:
        """(cell index, axis index) pairs that Coffee's own rules allow, ignoring a
        finished game's end."""
        if "base" in self._cache:
            known: list[tuple[int, int]] = self._cache["base"]
            return known
        mover = self._black if self._mover == "black" else self._orange
        occupied = self._black | self._orange
        out: list[tuple[int, int]] = []
        for i in _bits(self._targets()):
            _, axes = self._axes_for(i, mover, occupied)
            out.extend((i, a) for a in axes)
        self._cache["base"] = out
        return out

    def _labels(self, pair: tuple[int, int]) -> tuple[str, str]:
        return self.grid.label(pair[0]), self._t.axes[pair[1]]

    def _legal(self) -> list[tuple[int, int]]:
        """Legal (cell index, axis index) pairs (a variant's rule included), ignoring a
        finished game's end."""
        if "legal" in self._cache:
            known: list[tuple[int, int]] = self._cache["legal"]
            return known
        out = self._base_legal()
        if not self.rules.plain:
            rule = self.rules._variant
            out = [p for p in out if rule(self, Move._of(*self._labels(p))) is None]
        self._cache["legal"] = out
        return out

    def legal_moves(self) -> list[Move]:
        """Every legal move, in board order (columns, then rows, then axes ``| - / \\``);
        a winning cell appears once per axis, and ``swap`` comes last when allowed.

        >>> len(Rules(board="square", size=5).start().legal_moves())
        96
        """
        if self.outcome is not None:
            return []
        labels, axes = self.grid.labels, self._t.axes
        moves = [Move._of(labels[i], axes[a]) for i, a in self._legal()]
        if self.swap_available and (self.rules.plain or self.rules._variant(self, _SWAP) is None):
            moves.append(_SWAP)
        return moves

    def legal_cells(self) -> list[str]:
        """The cells where a stone may go now (with at least one legal axis)."""
        if self.outcome is not None:
            return []
        seen = dict.fromkeys(i for i, _ in self._legal())
        return [self.grid.label(i) for i in seen]

    def legal_axes(self, cell: str) -> list[str]:
        """The axes the rod may take after a stone on ``cell`` (empty if the cell is not
        playable now).

        Raises:
            OffBoardError: this board has no such cell.
        """
        i = self._cell_index(cell)
        if self.outcome is not None:
            return []
        return [self._t.axes[a] for j, a in self._legal() if j == i]

    def wins_at(self, cell: str) -> bool:
        """Whether a stone of the player to move on ``cell`` would complete a winning line
        (``False`` once the game is over).

        Raises:
            OffBoardError: this board has no such cell.
        """
        i = self._cell_index(cell)
        if (self._black | self._orange) >> i & 1 or self.outcome is not None:
            return False
        return bool(self._run(self._mask_of(self._mover), i))

    def why_illegal(self, move: Move | str) -> str | None:
        """``None`` if ``move`` is legal, else the reason in plain words (the same sentence
        :meth:`play` raises).

        Raises:
            InvalidNotationError: ``move`` is not a move's notation (``OffBoardError``, a
                kind of it, when it names a cell or an axis this board does not have).
        """
        m = Move.parse(move)
        return self._problem(m)

    def why_cell_illegal(self, cell: str) -> str | None:
        """``None`` if a stone may go on ``cell`` with some rod direction, else why not."""
        if not isinstance(cell, str) or not self.grid.has(cell.strip().lower()):
            if isinstance(cell, str) and len(cell) <= MAX_NOTATION_CHARS:
                return f"{cell} is not allowed: {self._no_cell(cell)}."
            return f"{self._no_cell(cell)}."
        cell = cell.strip().lower()
        reason = self._cell_problem(cell, cell)
        if reason is not None:
            return reason
        if not self.legal_axes(cell):
            i = self.grid.index(cell)
            base = [p for p in self._base_legal() if p[0] == i]
            if base:  # Coffee allows it; the variant's rule refuses every direction
                return self.rules._variant(self, Move._of(*self._labels(base[0])))
            opp = _OTHER[self._mover].capitalize()
            return (
                f"{cell} is not allowed: a stone there would leave {opp} no empty cell along "
                "any direction of the rod (and it does not complete a winning line)."
            )
        return None

    def _cell_problem(self, what: str, cell: str) -> str | None:
        """Reasons that depend on the cell only: game over, occupied, off the rod's line."""
        if self.outcome is not None:
            return f"{what} is not allowed: the game is over ({self.outcome.reason})."
        i = self.grid.index(cell)
        colour = self.stone_at(cell)
        if colour is not None:
            article = "an" if colour == "orange" else "a"
            return f"{what} is not allowed: {cell} already holds {article} {colour.capitalize()} stone."
        if not self._targets() >> i & 1:
            rod = self._rod
            assert rod is not None  # on an empty board every empty cell is a target
            rod_cell, rod_axis = self.grid.label(rod[0]), self._t.axes[rod[1]]
            empty = [self.grid.label(j) for j in _bits(self._targets())]
            return (
                f"{what} is not allowed: {cell} is not on the rod's line. The rod on "
                f"{rod_cell} lies along '{rod_axis}' ({AXIS_NAMES[rod_axis].split(' (')[0]}), "
                f"so the stone must go on that line: {_join(empty)}."
            )
        return None

    def _problem(self, m: Move) -> str | None:
        opp = _OTHER[self._mover].capitalize()
        cell, axis = m.cell, m.axis
        if cell is None or axis is None:  # the swap (only it has neither)
            if self.outcome is not None:
                return f"swap is not allowed: the game is over ({self.outcome.reason})."
            if not self.rules.pie_rule:
                return (
                    "swap is not allowed: the pie rule is off in this game "
                    "(Rules(pie_rule=True) turns it on)."
                )
            if self.swap_available:
                return None if self.rules.plain else self.rules._variant(self, m)
            return (
                "swap is not allowed: with the pie rule, Orange may swap only as the very "
                "first reply, right after Black's first stone."
            )
        if not self.grid.has(cell):
            raise OffBoardError(f"{m} is not allowed: {self._no_cell(cell)}.")
        if axis not in self._t.axes:
            raise OffBoardError(
                f"{m} is not allowed: a {self.rules.board} board has no '{axis}' axis; "
                "its axes are " + " ".join(self._t.axes) + "."
            )
        reason = self._cell_problem(str(m), cell)
        if reason is not None:
            return reason
        i = self.grid.index(cell)
        axes = [self._t.axes[a] for j, a in self._base_legal() if j == i]
        if axis in axes:
            return None if self.rules.plain else self.rules._variant(self, m)
        words = AXIS_NAMES[axis].split(" (")[0]
        text = (
            f"{m} is not allowed: the {words} line through {cell} would have no empty "
            f"cell left, so {opp} could not move."
        )
        if axes:
            return text + " Lay the rod along " + _join(axes) + " instead."
        return text + f" No direction works on {cell}, so no stone may go there."

    def play(self, move: Move | str) -> State:
        """The state after ``move`` (a :class:`Move` or its notation); this state is never
        changed.

        >>> Rules(board="square", size=5).start().play("e1/")
        Traceback (most recent call last):
        ...
        gamekit.errors.IllegalMoveError: e1/ is not allowed: the rising diagonal line through e1 would have no empty cell left, so Orange could not move. Lay the rod along |, - or \\ instead.

        Raises:
            IllegalMoveError: the rules forbid the move here (the message names the rule).
            InvalidNotationError: ``move`` is not a move's notation (``OffBoardError``, a
                kind of both, when it names a cell or an axis this board does not have).
        """
        m = Move.parse(move)
        reason = self._problem(m)
        if reason is not None:
            raise IllegalMoveError(reason, move=m)
        if m.cell is None or m.axis is None:  # the swap
            return State._make(self.rules, self._black, self._orange, self._rod, self._mover, True)
        return self._play_unchecked(self.grid.index(m.cell), self._t.axes.index(m.axis))

    def _play_unchecked(self, i: int, a: int) -> State:
        """Play the legal pair (cell index, axis index), unchecked."""
        bit = 1 << i
        if self._mover == "black":
            return State._make(
                self.rules, self._black | bit, self._orange, (i, a), "orange", self.swapped
            )
        return State._make(
            self.rules, self._black, self._orange | bit, (i, a), "black", self.swapped
        )


def windows(board: str, size: int, n: int) -> tuple[tuple[int, ...], ...]:
    """For each cell, the bitmasks of every run of ``n`` cells in a straight line through
    it: a stone on the cell wins when the mover then owns one whole window.

    >>> [bin(w) for w in windows("square", 3, 3)[0]]
    ['0b111', '0b1001001', '0b100010001']

    Raises:
        ValueError: the board, its size or ``n`` is not allowed (as in :class:`Rules`).
    """
    rules = Rules(board=board, size=size, n=n)
    return _windows(rules.board, rules.size, rules.n)  # Rules checked every argument


# ---------------------------------------------------------------------------------------
# The fast interface: moves as (cell index, axis index) pairs, for players and simulations
# ---------------------------------------------------------------------------------------


# The fast interface lives in its own module; its names stay importable from here.
from gamekit.coffee.fast import (  # noqa: E402
    can_win_at_once,
    legal_pairs,
    pair_move,
    play_pair,
    random_rollout,
)
