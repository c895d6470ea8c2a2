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
<coffee_batch hex5 n=5: 1000 random games, black won 515, 63% by a line>
>>> batch.moves(0)[:3]
['f3\\\\', 'g2\\\\', 'e4\\\\']

Boards of up to 64 cells (hexhex up to side 5, square up to 8), with or without the pie
rule, and a variant's ``extra_rule`` (asked about every move Coffee allows, as the rules
engine asks it: a variant's games cost about as much more as its rule takes to answer).
Game ``k`` draws its choices from numbers of its own (a hash of the seed, the game and the
decision), so two settings played from one seed are paired games.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from gamekit import coffee
from gamekit.checks import whole
from gamekit.variants import ask_many

if TYPE_CHECKING:
    from gamekit.sim import Results

__all__ = ["BatchGames", "play_random", "supports"]


def supports(rules: coffee.Rules | coffee.State) -> bool:
    """Whether the batch engine can play these rules: boards of 64 cells at most, with or
    without the pie rule, Coffee's own rules or a variant that changes them only through
    its ``extra_rule`` (asked about every move, as the rules engine asks it).

    >>> supports(coffee.Rules(board="hex", size=5)), supports(coffee.Rules(board="hex", size=6))
    (True, False)

    Raises:
        TypeError: ``rules`` is not Coffee's rules (or a Coffee state).
    """
    rules = _rules_of(rules)
    return len(rules.grid) <= 64 and _only_a_rule(type(rules))


def _only_a_rule(cls: type) -> bool:
    """Whether a subclass of Coffee's rules changes nothing but ``extra_rule`` (its data
    and words aside): a method of its own could change what the batch engine plays."""
    for base in cls.__mro__:
        if base is coffee.Rules:
            return True
        for name, value in vars(base).items():
            if name == "extra_rule" or (name.startswith("__") and name.endswith("__")):
                continue
            if callable(value) or hasattr(value, "__get__"):
                return False
    return True


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


_ROWS = ("winner", "length", "line", "swapped")


@dataclass(frozen=True, eq=False)
class BatchGames:
    """Random games from :func:`play_random`, one row per game.

    ``winner``: the colour that won, 0 Black, 1 Orange; ``length``: decisions (stones
    placed, and the pie rule's swap); ``line``: ``True`` when the game ended with a line,
    ``False`` when a player was blocked; ``branching``: the number of legal moves before
    each decision (0 after the end); ``cell`` and ``axis``: the moves played (indices into
    ``rules.grid`` and ``rules.grid.axes``; -2 a swap, -1 after the end); ``swapped``:
    whether the players exchanged colours by the pie rule (so the first player played
    Orange); ``pairing``: how the games were drawn from the seed
    (:attr:`gamekit.sim.Results.pairing`).
    """

    rules: coffee.Rules
    winner: np.ndarray
    length: np.ndarray
    line: np.ndarray
    branching: np.ndarray
    cell: np.ndarray
    axis: np.ndarray
    swapped: np.ndarray | None = None
    pairing: str | None = None

    def __post_init__(self) -> None:
        if self.swapped is None:
            object.__setattr__(self, "swapped", np.zeros(len(self.winner), dtype=bool))
        if not isinstance(self.rules, coffee.Rules):
            raise TypeError(f"rules must be coffee.Rules, not {type(self.rules).__name__}")
        games = None
        for name in ("winner", "length", "line", "branching", "cell", "axis", "swapped"):
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
            "swap" if c == -2 else f"{grid.label(int(c))}{grid.axes[int(a)]}"
            for c, a in zip(self.cell[game, :end], self.axis[game, :end], strict=True)
            if c >= 0 or c == -2
        ]

    def results(self) -> Results:
        """The same games as :class:`gamekit.sim.Results`."""
        from gamekit.sim import Results

        width = int(self.length.max(initial=0)) + 1
        swapped = cast(np.ndarray, self.swapped)  # __post_init__ fills it in
        # Stones never leave the board: the cells that held a stone are the stones at the
        # end. Every decision here places one, but a swap, which keeps the position.
        placed = (self.cell[:, : width - 1] >= 0).sum(axis=1)
        swaps = (self.cell[:, : width - 1] == -2).sum(axis=1)
        stones = self.length - swapped
        first = stones - placed
        # positions from here: first .. stones stones, and the swap's one more of 1 stone
        pieces = ((first + stones) * (placed + 1) / 2 + swaps) / (placed + swaps + 1)
        return Results(
            game=self.rules.game,
            rules=self.rules,
            winner=(self.winner ^ swapped).astype(np.int64),
            winner_colour=np.array(self.rules.seats)[self.winner],
            length=self.length.astype(np.int64),
            ended=np.where(self.line, "line", "blocked").astype("<U12"),
            branching=self.branching[:, :width].astype(np.int32),
            coverage=stones / len(self.rules.grid),
            pieces=pieces,
            turns=(placed + swaps).astype(float),
            pairing=self.pairing,
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
        (0.66, ['d6\\\\', 'f4\\\\'])

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
            "the batch engine plays boards of at most 64 cells, with Coffee's own rules or a "
            "variant that changes only extra_rule; "
            f"use gamekit.sim.play_many for {rules!r}"
        )
    key = _key(seed)
    parts = [
        _play_batch(rules, min(batch, games - begin), key, begin, state)
        for begin in range(0, max(games, 1), batch)
    ]
    winner, length, line, branching, cell, axis, swapped = (
        np.concatenate(arrays) for arrays in zip(*parts, strict=True)
    )
    return BatchGames(
        rules,
        winner,
        length,
        line,
        branching,
        cell,
        axis,
        swapped,
        pairing=f"{_PAIRING} {seed}" if isinstance(seed, int) else None,
    )


#: How a run of the batch engine draws game ``k`` from its seed (see :func:`_uniform`).
_PAIRING = "Coffee's batch engine, games from seed"


def _key(seed: int | np.random.Generator | np.random.SeedSequence | None) -> tuple[int, int]:
    """The two 64-bit numbers a run's games are drawn from."""
    words: np.ndarray
    if isinstance(seed, np.random.Generator):
        words = seed.integers(0, 2**64, size=2, dtype=np.uint64)
    else:
        sequence = (
            seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
        )
        words = sequence.generate_state(2, np.uint64)
    return int(words[0]), int(words[1])


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


#: The odd constants of SplitMix64 (Steele, Lea and Flood 2014), for the games' own numbers.
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1, _MIX2 = np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB)


def _mix(x: np.ndarray) -> np.ndarray:
    """SplitMix64's finaliser: every bit of ``x`` stirred into every bit of the result."""
    x = (x ^ (x >> np.uint64(30))) * _MIX1
    x = (x ^ (x >> np.uint64(27))) * _MIX2
    return cast(np.ndarray, x ^ (x >> np.uint64(31)))


def _uniform(key: tuple[int, int], game: np.ndarray, decision: np.ndarray) -> np.ndarray:
    """The random number in [0, 1) of decision ``decision`` of game ``game``: a hash of
    the run's key, the game and the decision. Game ``k`` of two runs with the same key
    draws the same numbers, whatever the other games do, so two settings measured from one
    seed play paired games (the same choices wherever they offer the same moves)."""
    with np.errstate(over="ignore"):
        x = _mix(np.uint64(key[0]) + game.astype(np.uint64) * _GOLDEN)
        x = _mix(x ^ (np.uint64(key[1]) + decision.astype(np.uint64) * _GOLDEN))
    return cast(np.ndarray, (x >> np.uint64(11)).astype(np.float64) * 2.0**-53)


@cache
def _move_table(board: str, size: int) -> tuple[tuple[Any, ...], ...]:
    """Coffee's :class:`~gamekit.coffee.Move` of every (cell, axis) pair of a board."""
    grid = coffee.board_tables(board, size).grid
    return tuple(
        tuple(coffee.Move._of(grid.label(i), ax) for ax in grid.axes) for i in range(len(grid))
    )


def _state(
    rules: coffee.Rules,
    stones: np.ndarray,
    cell: np.ndarray,
    axis: np.ndarray,
    ply: int,
    swapped: np.ndarray,
    g: int,
) -> coffee.State:
    """Column ``g``'s position as the rules engine's own :class:`~gamekit.coffee.State`."""
    rod = None if cell[g] < 0 else (int(cell[g]), int(axis[g]))
    mover = "black" if ply % 2 == 0 else "orange"
    return coffee.State._make(
        rules, int(stones[0, g]), int(stones[1, g]), rod, mover, bool(swapped[g])
    )


def _variant_legal(
    rules: coffee.Rules,
    legal: np.ndarray,
    stones: np.ndarray,
    cell: np.ndarray,
    axis: np.ndarray,
    ply: int,
    swapped: np.ndarray,
) -> np.ndarray:
    """``legal`` (axes x games bitmasks of the moves Coffee's own rules allow) less every
    move the variant's rule refuses: the rule is asked, as the rules engine asks it, about
    each of those moves, in the very position (a :class:`~gamekit.coffee.State`)."""
    moves = _flat_moves(rules.board, rules.size)
    make = coffee.State._make
    mover = "black" if ply % 2 == 0 else "orange"
    axes, games = legal.shape
    # every (game, axis, cell) of a legal move, game by game: the bits of each mask
    bits = np.unpackbits(legal.T.copy().view(np.uint8), bitorder="little").reshape(games, axes, 64)
    game, ax, at = np.nonzero(bits)
    asked = moves[at * axes + ax]
    cuts = np.searchsorted(game, np.arange(1, games))
    refused = np.zeros(len(game), dtype=bool)
    start = 0
    columns = zip(
        stones[0].tolist(),
        stones[1].tolist(),
        cell.tolist(),
        axis.tolist(),
        swapped.tolist(),
        [*cuts.tolist(), len(game)],
        strict=True,
    )
    for black, orange, c, a, swap, stop in columns:
        if stop > start:
            state = make(rules, black, orange, None if c < 0 else (c, a), mover, swap)
            answers = ask_many(rules, state, asked[start:stop].tolist())
            if answers.count(None) != len(answers):
                refused[start:stop] = [why is not None for why in answers]
        start = stop
    out = legal.copy()
    if refused.any():
        drop = np.zeros((axes, games), dtype=np.uint64)
        np.bitwise_or.at(
            drop, (ax[refused], game[refused]), np.uint64(1) << at[refused].astype(np.uint64)
        )
        out &= ~drop
    return out


@cache
def _flat_moves(board: str, size: int) -> np.ndarray:
    """:func:`_move_table` as one array: the move of (cell ``i``, axis ``a``) at
    ``i * axes + a``."""
    table = _move_table(board, size)
    flat = np.empty(sum(len(row) for row in table), dtype=object)
    flat[:] = [move for row in table for move in row]
    return flat


def _play_batch(
    rules: coffee.Rules,
    games: int,
    key: tuple[int, int],
    first_game: int,
    state: coffee.State | None = None,
) -> tuple[np.ndarray, ...]:
    """Play games ``first_game`` .. ``first_game + games - 1`` of a run (their numbers
    come from ``key``, see :func:`_uniform`)."""
    t = _tables(rules.board, rules.size, rules.n)
    axes_n = t.axes
    longest = t.cells + 2  # every stone and the pie rule's swap
    winner = np.full(games, -1, dtype=np.int8)
    length = np.zeros(games, dtype=np.int16)
    line = np.zeros(games, dtype=bool)
    branching = np.zeros((longest, games), dtype=np.int16)
    cell_out = np.full((longest, games), -1, dtype=np.int8)
    axis_out = np.full((longest, games), -1, dtype=np.int8)
    swapped = np.zeros(games, dtype=bool)
    if games == 0:
        return winner, length, line, branching.T, cell_out.T, axis_out.T, swapped
    variant = not rules.plain
    pie = rules.pie_rule
    game_id = np.arange(first_game, first_game + games, dtype=np.int64)

    # Per game: stones[0] Black, stones[1] Orange; threat[p]: cells that would complete a
    # line for player p (kept up to date as p places stones; may hold occupied cells).
    ones = np.ones(games, dtype=np.uint64)
    if state is not None:
        ply = state.stone_count
        black, orange = state.masks
        stones = np.stack([ones * np.uint64(black), ones * np.uint64(orange)])
        threat = np.stack([ones * np.uint64(_all_threats(t, rules, m)) for m in (black, orange)])
        rod_cell, rod_axis = state.rod_pair if state.rod_pair is not None else (-1, -1)
        cell = np.full(games, rod_cell, dtype=np.int64)
        axis = np.full(games, rod_axis, dtype=np.int64)
        swapped[:] = state.swapped
        done = ply + int(state.swapped)  # decisions before this position
    else:
        ply = done = 0
        stones = np.zeros((2, games), dtype=np.uint64)
        threat = np.zeros((2, games), dtype=np.uint64)
        cell = np.full(games, -1, dtype=np.int64)
        axis = np.full(games, -1, dtype=np.int64)
    length[:] = done
    # the decisions this run has taken in each game (a swap is one more than the stones)
    decided = np.zeros(games, dtype=np.int64)
    idx = np.arange(games)  # the game each active column belongs to
    line_mask, cellbit, full = t.line_mask, t.cellbit, np.uint64(t.full_mask)
    lines = t.lines[:, None]  # (K, 1): every line of the board
    ends = t.line_ends  # lines of axis a are lines[ends[a]:ends[a + 1]]
    first_legal = np.zeros((axes_n, 1), dtype=np.uint64)
    for c, a in t.first_pairs:
        first_legal[a, 0] |= t.cellbit[c]
    two = np.uint8(2)
    while idx.size:
        who = ply & 1
        if ply == 0:  # no rod yet: the empty board's moves, and no line to complete
            legal = np.repeat(first_legal, len(idx), axis=1)
            wins = np.zeros(len(idx), dtype=np.uint64)
        else:
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
        if variant:
            legal = _variant_legal(rules, legal, stones, cell, axis, ply, swapped[idx])
        per_axis = np.bitwise_count(legal)
        cum = np.cumsum(per_axis, axis=0, dtype=np.int64)
        count = cum[-1]
        u = _uniform(key, game_id[idx], done + decided[idx])
        r = (u * count).astype(np.int64)
        if pie and ply == 1:
            # Orange may answer Black's first stone with swap (listed last, as legal_moves
            # lists it). The number picks among the stones and the swap; a game that swaps
            # keeps the position, exchanges the players and decides again, without swap.
            can = ~swapped[idx]
            if variant:
                swap = coffee.Move(None, None)
                for j in np.flatnonzero(can):
                    position = _state(rules, stones, cell, axis, ply, swapped[idx], int(j))
                    can[j] = ask_many(rules, position, [swap])[0] is None
            options = count + can
            branching[decided[idx], idx] = options
            r = (u * options).astype(np.int64)
            takes = can & (r == count)
            if takes.any():
                gone = idx[takes]
                cell_out[decided[gone], gone] = axis_out[decided[gone], gone] = -2
                swapped[gone] = True
                decided[gone] += 1
                length[gone] += 1
                again = _uniform(key, game_id[gone], done + decided[gone])
                r[takes] = (again * count[takes]).astype(np.int64)
                branching[decided[gone], gone] = count[takes]
        else:
            branching[decided[idx], idx] = count
        blocked = count == 0
        if blocked.any():
            winner[idx[blocked]] = 1 - who
            keep = ~blocked
            idx, legal, cum, count, wins, r = (
                idx[keep],
                legal[:, keep],
                cum[:, keep],
                count[keep],
                wins[keep],
                r[keep],
            )
            stones, threat = stones[:, keep], threat[:, keep]
            if not idx.size:
                break
        axis = (cum <= r).sum(axis=0)
        rows = np.arange(len(idx))
        before = np.where(axis > 0, cum[np.maximum(axis - 1, 0), rows], 0)
        cell = _select(legal[axis, rows], r - before)
        bit = cellbit[cell]
        won = (wins & bit) != 0
        cell_out[decided[idx], idx], axis_out[decided[idx], idx] = cell, axis
        decided[idx] += 1
        length[idx] += 1
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
    return winner, length, line, branching.T, cell_out.T, axis_out.T, swapped
