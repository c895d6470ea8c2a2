"""A batch engine for Coffee: thousands of random games at once with numpy.

Each position is two 64-bit bitboards (Black's and Orange's stones) and the rod; one step
of the loop plays one move in every unfinished game. A move is drawn uniformly among the
legal (cell, axis) pairs, exactly as a :class:`~gamekit.players.RandomPlayer` draws among
``state.legal_moves()``, so the games follow the same distribution as the rules engine's.
The tests replay games from here through :mod:`gamekit.coffee` and compare every count of
legal moves and every winner.

>>> from gamekit import coffee
>>> batch = play_random(coffee.Rules(board="hex", size=5, n=5), games=1000, seed=1)
>>> batch
<coffee_batch hex5 n=5: 1000 random games, black won 532, 67% by a line>
>>> batch.moves(0)[:3]
['e3\\\\', 'b3/', 'g6/']

Boards of up to 64 cells (hexhex up to side 5, square up to 8), without the pie rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, cast

import numpy as np

from gamekit import coffee
from gamekit.checks import whole

if TYPE_CHECKING:
    from gamekit.sim import Results

__all__ = ["BatchGames", "play_random", "supports"]


def supports(rules: coffee.Rules | coffee.State) -> bool:
    """Whether the batch engine can play these rules (Coffee's own, with no variant rule; 64
    cells at most; no pie rule).

    >>> supports(coffee.Rules(board="hex", size=5)), supports(coffee.Rules(board="hex", size=6))
    (True, False)

    Raises:
        TypeError: ``rules`` is not Coffee's rules (or a Coffee state).
    """
    rules = _rules_of(rules)
    return len(rules.grid) <= 64 and not rules.pie_rule and rules.plain


def _rules_of(rules: object) -> coffee.Rules:
    if isinstance(rules, coffee.State):
        return rules.rules
    if not isinstance(rules, coffee.Rules):
        raise TypeError(f"rules must be coffee.Rules or a coffee.State, not {type(rules).__name__}")
    return rules


@dataclass(frozen=True)
class _BatchTables:
    cells: int
    axes: int
    line_cells: np.ndarray  # (cells, axes, L) cell indices along the line, padded with `cells`
    line_valid: np.ndarray  # (cells, axes, L) bool
    line_mask: np.ndarray  # (cells + 1, axes) uint64; the padding cell has 0
    cellbit: np.ndarray  # (cells + 1,) uint64; the padding cell has 0
    windows: np.ndarray  # (cells + 1, W) uint64, padded with a mask no player can fill
    first_pairs: np.ndarray  # (k, 2) legal (cell, axis) pairs on the empty board
    lines: np.ndarray  # (K,) uint64: every line of the board, grouped by axis
    line_ends: tuple[int, ...]  # lines of axis a: lines[line_ends[a]:line_ends[a + 1]]
    full_mask: int


@cache
def _tables(board: str, size: int, n: int) -> _BatchTables:
    t = coffee.board_tables(board, size)
    grid = t.grid
    cells, axes = len(grid), len(t.axes)
    if cells > 64:
        raise ValueError(f"the batch engine handles boards of 64 cells at most, not {cells}")
    lines = [[grid.line(i, ax) for ax in t.axes] for i in range(cells)]
    length = max(len(line) for per in lines for line in per)
    line_cells = np.full((cells, axes, length), cells, dtype=np.int64)
    for i in range(cells):
        for a in range(axes):
            line_cells[i, a, : len(lines[i][a])] = lines[i][a]
    line_valid = line_cells < cells
    cellbit = np.zeros(cells + 1, dtype=np.uint64)
    cellbit[:cells] = np.left_shift(np.uint64(1), np.arange(cells, dtype=np.uint64))
    line_mask = np.zeros((cells + 1, axes), dtype=np.uint64)
    for i in range(cells):
        for a in range(axes):
            line_mask[i, a] = np.uint64(t.line_mask[i][a])
    wins = coffee.windows(board, size, n)
    width = max(1, max(len(w) for w in wins))
    impossible = np.uint64(t.full)  # nobody owns every cell
    windows = np.full((cells + 1, width), impossible, dtype=np.uint64)
    for i, ws in enumerate(wins):
        windows[i, : len(ws)] = [np.uint64(w) for w in ws]
    first = coffee.legal_pairs(coffee.Rules(board=board, size=size, n=n).start())
    all_lines, ends = [], [0]
    for a in range(axes):
        all_lines.extend(sorted({t.line_mask[i][a] for i in range(cells)}))
        ends.append(len(all_lines))
    return _BatchTables(
        cells=cells,
        axes=axes,
        line_cells=line_cells,
        line_valid=line_valid,
        line_mask=line_mask,
        cellbit=cellbit,
        windows=windows,
        first_pairs=np.array(first, dtype=np.int64),
        lines=np.array(all_lines, dtype=np.uint64),
        line_ends=tuple(ends),
        full_mask=t.full,
    )


_ROWS = ("winner", "length", "line")


@dataclass(frozen=True, eq=False)
class BatchGames:
    """Random games from :func:`play_random`, one row per game.

    ``winner``: 0 Black, 1 Orange; ``length``: stones placed; ``line``: ``True`` when the
    game ended with a line, ``False`` when a player was blocked; ``branching``: the number of
    legal moves before each move (0 after the end); ``cell`` and ``axis``: the moves played
    (indices into ``rules.grid`` and ``rules.grid.axes``, -1 after the end).
    """

    rules: coffee.Rules
    winner: np.ndarray
    length: np.ndarray
    line: np.ndarray
    branching: np.ndarray
    cell: np.ndarray
    axis: np.ndarray

    def __post_init__(self) -> None:
        if not isinstance(self.rules, coffee.Rules):
            raise TypeError(f"rules must be coffee.Rules, not {type(self.rules).__name__}")
        games = None
        for name in ("winner", "length", "line", "branching", "cell", "axis"):
            value = getattr(self, name)
            if not isinstance(value, np.ndarray) or value.ndim != (1 if name in _ROWS else 2):
                shape = "one row per game" if name in _ROWS else "a row per game"
                raise TypeError(f"{name} must be a numpy array with {shape}")
            if games is None:
                games = len(value)
            elif len(value) != games:
                raise ValueError(f"{name} has {len(value)} rows; winner has {games} (one per game)")

    def __len__(self) -> int:
        return len(self.winner)

    def __repr__(self) -> str:
        games = len(self)
        lines = int(self.line.sum())
        share = f"{100 * lines / games:.0f}%" if games else "-"
        return (
            f"<coffee_batch {self.rules.name} n={self.rules.n}: {games} random games, "
            f"black won {int((self.winner == 0).sum())}, {share} by a line>"
        )

    def moves(self, game: int) -> list[str]:
        """The moves of one game in notation, ready for ``rules.replay`` (when the games
        began from a position, only the moves played from there).

        Raises:
            TypeError: ``game`` is not a whole number.
            ValueError: ``game`` is not a game's number (from 0 to ``len(self) - 1``).
        """
        game = whole(game, "game", 0)
        if game >= len(self):
            raise ValueError(
                f"game must be a game's number, from 0 to {len(self) - 1}, not {game}"
                if len(self)
                else "there are no games"
            )
        grid = self.rules.grid
        end = self.length[game]
        return [
            f"{grid.label(int(c))}{grid.axes[int(a)]}"
            for c, a in zip(self.cell[game, :end], self.axis[game, :end], strict=True)
            if c >= 0
        ]

    def results(self) -> Results:
        """The same games as :class:`gamekit.sim.Results`."""
        from gamekit.sim import Results

        width = int(self.length.max(initial=0)) + 1
        # stones never leave the board and every move here places one: the board's cells
        # that held a stone are the stones at the end, and the stones grow by one a move
        placed = (self.cell[:, : width - 1] >= 0).sum(axis=1)
        return Results(
            game=self.rules.game,
            rules=self.rules,
            winner=self.winner.astype(np.int64),
            winner_colour=np.array(self.rules.seats)[self.winner],
            length=self.length.astype(np.int64),
            ended=np.where(self.line, "line", "blocked").astype("<U12"),
            branching=self.branching[:, :width].astype(np.int32),
            coverage=self.length / len(self.rules.grid),
            pieces=self.length - placed / 2,
        )


def play_random(
    rules: coffee.Rules | coffee.State,
    games: int,
    seed: int | np.random.Generator | np.random.SeedSequence | None = 0,
    batch: int = 4096,
) -> BatchGames:
    """Play ``games`` random Coffee games (every legal move equally likely), ``batch`` at a
    time, from a numpy generator seeded with ``seed``.

    Give a :class:`~gamekit.coffee.State` instead of rules to play every game on from that
    position (``length`` then counts its stones too, and ``moves`` lists only the moves
    played here)::

        >>> from gamekit import coffee
        >>> after = coffee.Rules(board="hex", size=4).start().play("d4|")
        >>> games = play_random(after, 400, seed=1)
        >>> round(float((games.winner == 0).mean()), 2), games.moves(0)[:2]
        (0.69, ['d5/', 'f5\\\\'])

    Raises:
        TypeError: ``rules`` is not Coffee's rules or state, or ``games``, ``seed`` or
            ``batch`` is not a whole number (``seed`` may also be ``None``, a numpy
            ``Generator`` or a ``SeedSequence``).
        ValueError: ``games`` or ``seed`` is negative, ``batch`` is below 1, the state's
            game is over, or the board is one the batch engine does not play.
    """
    state = rules if isinstance(rules, coffee.State) else None
    rules = _rules_of(rules)
    games = whole(games, "games", 0)
    batch = whole(batch, "batch", 1)
    if seed is not None and not isinstance(seed, np.random.Generator | np.random.SeedSequence):
        seed = whole(seed, "seed", 0)
    if state is not None and state.outcome is not None:
        raise ValueError(f"the game is over ({state.outcome.reason})")
    if not supports(rules):
        raise ValueError(
            "the batch engine plays boards of at most 64 cells without the pie rule; "
            f"use gamekit.sim.play_many for {rules!r}"
        )
    rng = np.random.default_rng(seed)
    parts = [
        _play_batch(rules, min(batch, games - begin), rng, state)
        for begin in range(0, max(games, 1), batch)
    ]
    return BatchGames(rules, *(np.concatenate(arrays) for arrays in zip(*parts, strict=True)))


def _all_threats(t: _BatchTables, rules: coffee.Rules, mine: int) -> int:
    """Every cell that would complete a line of ``mine``'s stones (Python integers)."""
    out = 0
    n = cast(int, rules.n)  # coffee.Rules fills in n
    for ws in coffee.windows(rules.board, rules.size, n):
        for w in ws:
            missing = w & ~mine
            if missing and not missing & (missing - 1):
                out |= missing
    return out


def _threats(t: _BatchTables, mine: np.ndarray, cell: np.ndarray) -> np.ndarray:
    """Cells that would complete a line of ``mine``'s stones, among the windows through the
    stone just placed on ``cell`` (each such window lacks exactly one cell)."""
    win_w = t.windows[cell].T  # (W, B)
    missing = win_w & ~mine
    single = np.bitwise_count(missing) == 1
    threats: np.ndarray = np.bitwise_or.reduce(np.where(single, missing, np.uint64(0)), axis=0)
    return threats


def _select(x: np.ndarray, k: np.ndarray) -> np.ndarray:
    """The index of the ``k``-th set bit (from 0, lowest first) of each ``x``."""
    pos = np.zeros(x.shape, dtype=np.int64)
    k = k.astype(np.uint8)
    for width in (32, 16, 8, 4, 2, 1):
        low = np.bitwise_count(x & np.uint64((1 << width) - 1))
        high = k >= low
        k = np.where(high, k - low, k)
        pos += np.where(high, width, 0)
        x = np.where(high, x >> np.uint64(width), x)
    return pos


def _play_batch(
    rules: coffee.Rules, games: int, rng: np.random.Generator, state: coffee.State | None = None
) -> tuple[np.ndarray, ...]:
    t = _tables(rules.board, rules.size, rules.n)
    axes_n = t.axes
    longest = t.cells + 1
    winner = np.full(games, -1, dtype=np.int8)
    length = np.zeros(games, dtype=np.int16)
    line = np.zeros(games, dtype=bool)
    branching = np.zeros((longest, games), dtype=np.int16)
    cell_out = np.full((longest, games), -1, dtype=np.int8)
    axis_out = np.full((longest, games), -1, dtype=np.int8)
    if games == 0:
        return winner, length, line, branching.T, cell_out.T, axis_out.T

    # Per game: stones[0] Black, stones[1] Orange; threat[p]: cells that would complete a
    # line for player p (kept up to date as p places stones; may hold occupied cells).
    if state is not None and state.rod_pair is not None:
        ply = state.stone_count
        black, orange = state.masks
        rod_cell, rod_axis = state.rod_pair
        ones = np.ones(games, dtype=np.uint64)
        stones = np.stack([ones * np.uint64(black), ones * np.uint64(orange)])
        threat = np.stack([ones * np.uint64(_all_threats(t, rules, m)) for m in (black, orange)])
        cell = np.full(games, rod_cell, dtype=np.int64)
        axis = np.full(games, rod_axis, dtype=np.int64)
        length[:] = ply
    else:
        # First move: the same choices in every game, and no line yet.
        first = t.first_pairs
        pick = first[rng.integers(len(first), size=games)]
        cell, axis = pick[:, 0], pick[:, 1]
        branching[0] = len(first)
        cell_out[0], axis_out[0] = cell, axis
        length[:] = ply = 1
        zero = np.zeros(games, dtype=np.uint64)
        first_stone = t.cellbit[cell]
        stones = np.stack([first_stone, zero])
        threat = np.stack([_threats(t, first_stone, cell), zero])
    idx = np.arange(games)  # the game each active column belongs to
    line_mask, cellbit, full = t.line_mask, t.cellbit, np.uint64(t.full_mask)
    lines = t.lines[:, None]  # (K, 1): every line of the board
    ends = t.line_ends  # lines of axis a are lines[ends[a]:ends[a + 1]]
    two = np.uint8(2)
    while idx.size:
        who = ply & 1
        occupied = stones[0] | stones[1]
        empty = full & ~occupied
        targets = line_mask[cell, axis] & empty
        # Cells whose line along each axis has another empty cell: lines with 2+ empties.
        open_lines = np.where(np.bitwise_count(lines & empty) >= two, lines, np.uint64(0))
        wins = targets & threat[who]
        legal = np.stack(
            [
                np.bitwise_or.reduce(open_lines[ends[a] : ends[a + 1]], axis=0) & targets | wins
                for a in range(axes_n)
            ]
        )  # (A, B): legal cells for each axis
        per_axis = np.bitwise_count(legal)
        cum = np.cumsum(per_axis, axis=0, dtype=np.int64)
        count = cum[-1]
        branching[ply, idx] = count
        blocked = count == 0
        if blocked.any():
            winner[idx[blocked]] = 1 - who
            keep = ~blocked
            idx, legal, cum, count, wins = (
                idx[keep],
                legal[:, keep],
                cum[:, keep],
                count[keep],
                wins[keep],
            )
            stones, threat = stones[:, keep], threat[:, keep]
            if not idx.size:
                break
        r = (rng.random(len(idx)) * count).astype(np.int64)
        axis = (cum <= r).sum(axis=0)
        rows = np.arange(len(idx))
        before = np.where(axis > 0, cum[np.maximum(axis - 1, 0), rows], 0)
        cell = _select(legal[axis, rows], r - before)
        bit = cellbit[cell]
        won = (wins & bit) != 0
        cell_out[ply, idx], axis_out[ply, idx] = cell, axis
        length[idx] = ply + 1
        if won.any():
            gone = idx[won]
            winner[gone] = who
            line[gone] = True
            keep = ~won
            idx, cell, axis, bit = idx[keep], cell[keep], axis[keep], bit[keep]
            stones, threat = stones[:, keep], threat[:, keep]
        stones[who] |= bit
        threat[who] |= _threats(t, stones[who], cell)
        ply += 1
    return winner, length, line, branching.T, cell_out.T, axis_out.T
