"""Coffee, the abstract game by Néstor Romeral Andrés: rules engine.

Two players, Black (moves first) and Orange, place stones on a hexhex or square board. A
white rod lies on the last stone along an axis; the next stone must go on an empty cell of
that line, anywhere along it. The rod may never leave the opponent a line with no empty cell,
except that a stone completing a line of ``n`` wins at once. A player with no legal move
loses. The rules follow ``shared/rules/coffee.md``.

>>> from gamekit import coffee
>>> state = coffee.Rules(board="hex", size=5, n=5).start()
>>> state = state.play("e5|")
>>> state
<coffee.State hex5 n=5, 1 stone, orange to move>
>>> [str(m) for m in state.legal_moves()][:3]
['e1|', 'e1/', 'e1\\\\']
>>> print(state.why_illegal("a1/"))
a1/ is not allowed: a1 is not on the rod's line. The rod on e5 lies along '|' (vertical), so the stone must go on that line: e1, e2, e3, e4, e6, e7, e8 or e9.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from gamekit.errors import IllegalMoveError, InvalidNotationError, OffBoardError
from gamekit.grids import AXIS_NAMES, Grid, grid_for
from gamekit.options import check_options

__all__ = ["Rules", "State", "Move", "Outcome", "COLOURS", "DEFAULT_N", "default_n"]

GAME = "coffee"
COLOURS = ("black", "orange")
_OTHER = {"black": "orange", "orange": "black"}

#: Suggested ``n`` for each board (the digest's table); other sizes use :func:`default_n`.
DEFAULT_N: dict[tuple[str, int], int] = {
    ("hex", 3): 3,
    ("hex", 4): 4,
    ("hex", 5): 5,
    ("square", 4): 4,
    ("square", 5): 4,
    ("square", 6): 4,
    ("square", 7): 5,
}


def default_n(board: str, size: int) -> int:
    """The suggested line length to win: the digest's table, else the side on hex boards
    (``hex 6 -> 6``) and 3 / 5 on square boards smaller / larger than the table.

    >>> default_n("square", 5), default_n("hex", 2), default_n("square", 9)
    (4, 2, 5)
    """
    if (board, size) in DEFAULT_N:
        return DEFAULT_N[(board, size)]
    if board == "hex":
        return size
    return 3 if size < 4 else 5


# ---------------------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------------------

_MOVE = re.compile(r"^([a-z])([1-9][0-9]?)([|\-/\\])$")


@dataclass(frozen=True, slots=True)
class Move:
    """A stone on ``cell`` with the rod laid along ``axis``: ``Move.parse("c3/")``.

    The pie rule's swap is ``Move.parse("swap")`` (``cell`` and ``axis`` are ``None``).

    >>> m = Move.parse("c3/")
    >>> m.cell, m.axis, str(m)
    ('c3', '/', 'c3/')
    >>> m
    Move.parse('c3/')
    """

    cell: str | None
    axis: str | None

    @classmethod
    def parse(cls, text: str | Move) -> Move:
        """Read a move's notation: a cell then an axis (``e5|``, ``c3/``), or ``swap``."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise InvalidNotationError(
                f"{text!r} is not a Coffee move: give a Move or text such as 'c3/' or 'e5|'"
            )
        clean = text.strip().lower()
        if clean == "swap":
            return cls(None, None)
        m = _MOVE.match(clean)
        if not m:
            raise InvalidNotationError(
                f"{text!r} is not a Coffee move: a move is a cell and an axis, like 'c3/' "
                "or 'e5|' (axes: | vertical, - horizontal, / and \\ diagonals), or 'swap'"
            )
        return cls(m.group(1) + m.group(2), m.group(3))

    @classmethod
    def swap(cls) -> Move:
        """The pie rule's swap."""
        return cls(None, None)

    @property
    def is_swap(self) -> bool:
        return self.cell is None

    def __str__(self) -> str:
        return "swap" if self.cell is None else f"{self.cell}{self.axis}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winning colour, the reason in words, and the winning line's
    cells (empty when the game ended by blocking)."""

    winner: str
    reason: str
    line: tuple[str, ...] = ()

    @property
    def loser(self) -> str:
        return _OTHER[self.winner]


# ---------------------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rules:
    """The options of a Coffee game; ``start()`` gives the empty board.

    ``board`` is ``"hex"`` (a hexhex board, ``size`` cells a side, 2 to 13) or ``"square"``
    (3 to 26). ``n`` is the line length that wins (default: the suggested one for the board,
    see :data:`DEFAULT_N`). ``pie_rule`` lets Orange answer Black's first stone with ``swap``.

    >>> Rules(board="square", size=5)
    coffee.Rules(board='square', size=5, n=4, pie_rule=False)
    >>> Rules(size=1)
    Traceback (most recent call last):
    ...
    ValueError: a hexhex board's side must be from 2 to 13, not 1
    """

    board: str = "hex"
    size: int = 5
    n: int | None = None
    pie_rule: bool = False

    def __post_init__(self) -> None:
        if self.board not in ("hex", "square"):
            raise ValueError(f"board must be 'hex' or 'square', not {self.board!r}")
        for name in ("size", "n"):
            value = getattr(self, name)
            if isinstance(value, np.integer):
                object.__setattr__(self, name, int(value))
            elif value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise ValueError(f"{name} must be a whole number, not {value!r}")
        grid = grid_for(self.board, self.size)  # checks the size
        if self.n is None:
            object.__setattr__(self, "n", default_n(self.board, self.size))
        n = self.n
        if isinstance(n, bool) or not isinstance(n, int):
            raise ValueError(f"n (the line length that wins) must be a whole number, not {n!r}")
        if n < 2:
            raise ValueError(f"n (the line length that wins) must be at least 2, not {n}")
        if n > grid.longest_line:
            raise ValueError(
                f"n={n} cannot be reached: the longest line on a {self.board} board of size "
                f"{self.size} has {grid.longest_line} cells"
            )
        if not isinstance(self.pie_rule, bool):
            raise ValueError(f"pie_rule must be True or False, not {self.pie_rule!r}")

    def __repr__(self) -> str:
        return (
            f"coffee.Rules(board={self.board!r}, size={self.size}, n={self.n}, "
            f"pie_rule={self.pie_rule})"
        )

    @property
    def grid(self) -> Grid:
        """The board's geometry (:mod:`gamekit.grids`)."""
        return grid_for(self.board, self.size)

    @property
    def name(self) -> str:
        """Short name of the board: ``hex5``, ``square7``."""
        return f"{self.board}{self.size}"

    def start(self) -> State:
        """The empty board, Black to move."""
        return State._make(self, 0, 0, None, "black", False)

    def replay(self, moves: Iterable[Move | str]) -> State:
        """The position after playing ``moves`` one after the other from the empty board.

        >>> Rules(board="square", size=5).replay(["c3-", "a3|"])
        <coffee.State square5 n=4, 2 stones, black to move>
        """
        state = self.start()
        for move in moves:
            state = state.play(move)
        return state

    # -- saving -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"board": self.board, "size": self.size, "n": self.n, "pie_rule": self.pie_rule}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rebuild rules from :meth:`to_dict`; an unknown option is a ``ValueError``."""
        return cls(**check_options(data, ("board", "size", "n", "pie_rule"), "Coffee"))


# ---------------------------------------------------------------------------------------
# Precomputed tables per board
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Tables:
    grid: Grid
    axes: tuple[str, ...]
    # line_mask[i][a]: bitmask of the whole line through cell i along axis a (i included)
    line_mask: tuple[tuple[int, ...], ...]
    # rays[i][a]: (cells after i, cells before i going outwards) along axis a
    rays: tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], ...]
    full: int


@cache
def _tables(board: str, size: int) -> _Tables:
    grid = grid_for(board, size)
    axes = grid.axes
    line_mask, rays = [], []
    for i in range(len(grid)):
        masks, cell_rays = [], []
        for axis in axes:
            line = grid.line(i, axis)
            k = line.index(i)
            mask = 0
            for j in line:
                mask |= 1 << j
            masks.append(mask)
            cell_rays.append((line[k + 1 :], tuple(reversed(line[:k]))))
        line_mask.append(tuple(masks))
        rays.append(tuple(cell_rays))
    return _Tables(
        grid=grid,
        axes=axes,
        line_mask=tuple(line_mask),
        rays=tuple(rays),
        full=(1 << len(grid)) - 1,
    )


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _join(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


# ---------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------


class State:
    """A Coffee position: stones, the rod, whose turn it is. Immutable and hashable.

    Make one with ``Rules(...).start()`` and ``state.play(move)``.
    """

    __slots__ = ("rules", "_black", "_orange", "_rod", "to_move", "swapped", "_t", "_cache")

    rules: Rules
    to_move: str
    swapped: bool

    @classmethod
    def _make(
        cls,
        rules: Rules,
        black: int,
        orange: int,
        rod: tuple[int, int] | None,
        to_move: str,
        swapped: bool,
    ) -> State:
        self = object.__new__(cls)
        set_ = object.__setattr__
        set_(self, "rules", rules)
        set_(self, "_black", black)
        set_(self, "_orange", orange)
        set_(self, "_rod", rod)
        set_(self, "to_move", to_move)
        set_(self, "swapped", swapped)
        set_(self, "_t", _tables(rules.board, rules.size))
        set_(self, "_cache", {})
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a coffee.State is immutable; play() returns a new state")

    def __reduce__(self):
        return (
            State._make,
            (self.rules, self._black, self._orange, self._rod, self.to_move, self.swapped),
        )

    # -- identity -----------------------------------------------------------------------
    def _key(self) -> tuple:
        return (self.rules, self._black, self._orange, self._rod, self.to_move, self.swapped)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        n = self.stone_count
        stones = f"{n} stone" + ("" if n == 1 else "s")
        if self.outcome is not None:
            tail = f"{self.outcome.winner} won"
        else:
            tail = f"{self.to_move} to move"
        return f"<coffee.State {self.rules.name} n={self.rules.n}, {stones}, {tail}>"

    def _repr_png_(self) -> bytes:
        from gamekit.render.coffee import png_bytes

        return png_bytes(self)

    # -- reading the position ------------------------------------------------------------
    @property
    def grid(self) -> Grid:
        return self._t.grid

    @property
    def stone_count(self) -> int:
        """How many stones are on the board."""
        return (self._black | self._orange).bit_count()

    def stone_at(self, cell: str) -> str | None:
        """``"black"``, ``"orange"`` or ``None`` for the cell with that label."""
        bit = 1 << self._cell_index(cell)
        if self._black & bit:
            return "black"
        if self._orange & bit:
            return "orange"
        return None

    def stones(self, colour: str) -> list[str]:
        """Labels of the cells holding ``colour``'s stones, in board order."""
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
        return Move(self.grid.label(i), self._t.axes[a])

    @property
    def swap_available(self) -> bool:
        """Whether Orange may swap now (pie rule, right after Black's first stone)."""
        return (
            self.rules.pie_rule
            and not self.swapped
            and self.to_move == "orange"
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
        included), in order: ``state.line("e5", "/")`` on hexhex 5 is a1, b2, … i5."""
        i = self._cell_index(cell)
        if axis not in self._t.axes:
            raise ValueError(
                f"{axis!r} is not an axis of a {self.rules.board} board; its axes are "
                + " ".join(self._t.axes)
            )
        return [self.grid.label(j) for j in self.grid.line(i, axis)]

    def _mask_of(self, colour: str) -> int:
        if colour == "black":
            return self._black
        if colour == "orange":
            return self._orange
        raise ValueError(f"colour must be 'black' or 'orange', not {colour!r}")

    def _cell_index(self, cell: str) -> int:
        if not isinstance(cell, str) or not self.grid.has(cell):
            raise OffBoardError(self._no_cell(str(cell)))
        return self.grid.index(cell)

    def _no_cell(self, cell: str) -> str:
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
        n = self.rules.n
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
        return self._cache["outcome"]

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
        if not self._legal():
            mover = self.to_move
            line = self._targets()
            if line.bit_count() == 1:
                cell = self.grid.label(line.bit_length() - 1)
                why = (
                    f"the only empty cell on the rod's line is {cell}, and a stone there would "
                    "leave no empty cell along any direction for the rod"
                )
            else:
                why = "no empty cell on the rod's line can take a stone and a rod"
            return Outcome(_OTHER[mover], f"{mover.capitalize()} is blocked and loses: {why}", ())
        return None

    def _legal(self) -> list[tuple[int, int]]:
        """Legal (cell index, axis index) pairs, ignoring a finished game's end."""
        if "legal" in self._cache:
            return self._cache["legal"]
        mover = self._black if self.to_move == "black" else self._orange
        occupied = self._black | self._orange
        out = []
        for i in _bits(self._targets()):
            _, axes = self._axes_for(i, mover, occupied)
            out.extend((i, a) for a in axes)
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
        moves = [Move(labels[i], axes[a]) for i, a in self._legal()]
        if self.swap_available:
            moves.append(Move.swap())
        return moves

    def legal_cells(self) -> list[str]:
        """The cells where a stone may go now (with at least one legal axis)."""
        if self.outcome is not None:
            return []
        seen = dict.fromkeys(i for i, _ in self._legal())
        return [self.grid.label(i) for i in seen]

    def legal_axes(self, cell: str) -> list[str]:
        """The axes the rod may take after a stone on ``cell`` (empty if the cell is not
        playable now)."""
        i = self._cell_index(cell)
        if self.outcome is not None:
            return []
        return [self._t.axes[a] for j, a in self._legal() if j == i]

    def wins_at(self, cell: str) -> bool:
        """Whether a stone of the player to move on ``cell`` would complete a winning line."""
        i = self._cell_index(cell)
        if (self._black | self._orange) >> i & 1:
            return False
        return bool(self._run(self._mask_of(self.to_move), i))

    def why_illegal(self, move: Move | str) -> str | None:
        """``None`` if ``move`` is legal, else the reason in plain words (the same sentence
        :meth:`play` raises). Malformed notation raises ``InvalidNotationError``."""
        m = Move.parse(move)
        return self._problem(m)

    def why_cell_illegal(self, cell: str) -> str | None:
        """``None`` if a stone may go on ``cell`` with some rod direction, else why not."""
        if not isinstance(cell, str) or not self.grid.has(cell.strip().lower()):
            return f"{cell} is not allowed: {self._no_cell(str(cell))}."
        cell = cell.strip().lower()
        reason = self._cell_problem(cell, cell)
        if reason is not None:
            return reason
        if not self.legal_axes(cell):
            opp = _OTHER[self.to_move].capitalize()
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
            rod = self.rod
            assert rod is not None  # on an empty board every empty cell is a target
            empty = [self.grid.label(j) for j in _bits(self._targets())]
            return (
                f"{what} is not allowed: {cell} is not on the rod's line. The rod on "
                f"{rod.cell} lies along '{rod.axis}' ({AXIS_NAMES[rod.axis].split(' (')[0]}), "
                f"so the stone must go on that line: {_join(empty)}."
            )
        return None

    def _problem(self, m: Move) -> str | None:
        opp = _OTHER[self.to_move].capitalize()
        if m.is_swap:
            if self.outcome is not None:
                return f"swap is not allowed: the game is over ({self.outcome.reason})."
            if not self.rules.pie_rule:
                return (
                    "swap is not allowed: the pie rule is off in this game "
                    "(Rules(pie_rule=True) turns it on)."
                )
            if self.swap_available:
                return None
            return (
                "swap is not allowed: with the pie rule, Orange may swap only as the very "
                "first reply, right after Black's first stone."
            )
        if not self.grid.has(m.cell):
            raise OffBoardError(f"{m} is not allowed: {self._no_cell(m.cell)}.")
        if m.axis not in self._t.axes:
            raise OffBoardError(
                f"{m} is not allowed: a {self.rules.board} board has no '{m.axis}' axis; "
                "its axes are " + " ".join(self._t.axes) + "."
            )
        reason = self._cell_problem(str(m), m.cell)
        if reason is not None:
            return reason
        axes = self.legal_axes(m.cell)
        if m.axis in axes:
            return None
        words = AXIS_NAMES[m.axis].split(" (")[0]
        text = (
            f"{m} is not allowed: the {words} line through {m.cell} would have no empty "
            f"cell left, so {opp} could not move."
        )
        if axes:
            return text + " Lay the rod along " + _join(axes) + " instead."
        return text + f" No direction works on {m.cell}, so no stone may go there."

    def play(self, move: Move | str) -> State:
        """The state after ``move`` (a :class:`Move` or its notation). Raises
        ``IllegalMoveError`` naming the rule, and never changes this state.

        >>> Rules(board="square", size=5).start().play("e1/")
        Traceback (most recent call last):
        ...
        gamekit.errors.IllegalMoveError: e1/ is not allowed: the rising diagonal line through e1 would have no empty cell left, so Orange could not move. Lay the rod along |, - or \\ instead.
        """
        m = Move.parse(move)
        reason = self._problem(m)
        if reason is not None:
            raise IllegalMoveError(reason)
        if m.is_swap:
            return State._make(self.rules, self._black, self._orange, self._rod, self.to_move, True)
        i, a = self.grid.index(m.cell), self._t.axes.index(m.axis)
        bit = 1 << i
        black, orange = self._black, self._orange
        if self.to_move == "black":
            black |= bit
        else:
            orange |= bit
        return State._make(self.rules, black, orange, (i, a), _OTHER[self.to_move], self.swapped)

    def _play_unchecked(self, i: int, a: int) -> State:
        """Fast path for searches: play the legal pair (cell index, axis index)."""
        bit = 1 << i
        if self.to_move == "black":
            return State._make(
                self.rules, self._black | bit, self._orange, (i, a), "orange", self.swapped
            )
        return State._make(
            self.rules, self._black, self._orange | bit, (i, a), "black", self.swapped
        )


# ---------------------------------------------------------------------------------------
# Fast paths for simulations (private; the rules above are the reference)
# ---------------------------------------------------------------------------------------


@cache
def _windows(board: str, size: int, n: int) -> tuple[tuple[int, ...], ...]:
    """For each cell, the bitmasks of every run of ``n`` cells in a straight line through
    it: a stone on the cell wins when the mover then owns one whole window."""
    grid = grid_for(board, size)
    out: list[list[int]] = [[] for _ in range(len(grid))]
    for i in range(len(grid)):
        for axis in grid.axes:
            line = grid.line(i, axis)
            k = line.index(i)
            for start in range(max(0, k - n + 1), min(k, len(line) - n) + 1):
                mask = 0
                for j in line[start : start + n]:
                    mask |= 1 << j
                out[i].append(mask)
    return tuple(tuple(w) for w in out)


@cache
def _reach(board: str, size: int, n: int) -> tuple[int, ...]:
    """For each cell, every cell of its windows (:func:`_windows`) together: a stone there
    cannot win unless the mover has ``n - 1`` stones in this mask."""
    return tuple(_or_all(ws) for ws in _windows(board, size, n))


def _or_all(masks) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def _rollout(state: State, rand) -> str:
    """The winner of a game played on from ``state`` with uniformly random moves (each legal
    (cell, axis) pair equally likely, as ``legal_moves()`` without swaps). ``rand`` is a
    ``random.Random``. Works on plain integers, with no ``State`` made on the way."""
    if state.outcome is not None:
        return state.outcome.winner
    t = state._t
    rules = state.rules
    windows = _windows(rules.board, rules.size, rules.n)
    reach = _reach(rules.board, rules.size, rules.n)
    need = rules.n - 1
    cell_axes = tuple(tuple(enumerate(masks)) for masks in t.line_mask)
    line_mask, full = t.line_mask, t.full
    movers = [state._black, state._orange]
    who = 0 if state.to_move == "black" else 1
    rod = state._rod
    randrange = rand.randrange
    while True:
        mine = movers[who]
        occupied = movers[0] | movers[1]
        empty = full & ~occupied
        targets = empty if rod is None else line_mask[rod[0]][rod[1]] & empty
        pairs = []
        wins = False
        while targets:
            low = targets & -targets
            targets ^= low
            i = low.bit_length() - 1
            if (mine & reach[i]).bit_count() >= need:
                grown = mine | low
                for w in windows[i]:
                    if grown & w == w:
                        wins = True
                        break
                if wins:
                    break
            after = occupied | low
            for a, m in cell_axes[i]:
                if m & ~after:
                    pairs.append((i, a))
        if wins:
            # Some cell wins: count every pair again, a winning cell giving one per axis.
            pairs = _pairs_with_wins(state, mine, occupied, rod, windows)
            i, a = pairs[randrange(len(pairs))]
            if i < 0:
                return COLOURS[who]
        elif not pairs:
            return COLOURS[1 - who]
        else:
            i, a = pairs[randrange(len(pairs))]
        movers[who] = mine | (1 << i)
        rod = (i, a)
        who = 1 - who


def _pairs_with_wins(state: State, mine: int, occupied: int, rod, windows) -> list:
    """All legal pairs when some cell wins; a winning pair is marked by ``-1 - cell``."""
    t = state._t
    empty = t.full & ~occupied
    targets = empty if rod is None else t.line_mask[rod[0]][rod[1]] & empty
    pairs = []
    n_axes = len(t.axes)
    while targets:
        low = targets & -targets
        targets ^= low
        i = low.bit_length() - 1
        grown = mine | low
        if any(grown & w == w for w in windows[i]):
            pairs.extend((-1 - i, a) for a in range(n_axes))
            continue
        after = occupied | low
        masks = t.line_mask[i]
        pairs.extend((i, a) for a in range(n_axes) if masks[a] & ~after)
    return pairs
