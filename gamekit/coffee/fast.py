"""Coffee's fast interface, for the computer players and simulations: moves as (cell, axis)
numbers, a move played on the bitmasks, a random game to its end, and whether the player to
move can win at once. It knows Coffee's own rules only (a variant's extra rule is refused).

>>> from gamekit import coffee
>>> len(legal_pairs(coffee.Rules(board="square", size=5).start()))
96
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

import numpy as np

from gamekit.checks import whole
from gamekit.coffee.moves import COLOURS, Move, Position
from gamekit.coffee.tables import BoardTables, _bits, _reach, _windows
from gamekit.errors import IllegalMoveError

if TYPE_CHECKING:
    from gamekit.coffee import State


def _check_state(state: object) -> State:
    if not isinstance(state, Position):
        raise TypeError(f"state must be a coffee.State, not {type(state).__name__}")
    return cast("State", state)


def _check_plain(state: object) -> State:
    """``state``, if it plays Coffee's own rules: the shortcuts below know no variant."""
    checked = _check_state(state)
    if not checked.rules.plain:
        raise ValueError(
            f"{type(checked.rules).__name__} adds a rule of its own, which this shortcut does not "
            "know: play it through legal_moves() and play()"
        )
    return checked


def legal_pairs(state: State) -> list[tuple[int, int]]:
    """The legal moves as (cell index, axis index) pairs, in the order of
    ``state.legal_moves()``, without the swap (empty once the game is over).

    >>> from gamekit import coffee
    >>> state = coffee.Rules(board="square", size=5).start()
    >>> legal_pairs(state)[:3], [pair_move(state, *p) for p in legal_pairs(state)[:2]]
    ([(0, 0), (0, 1), (0, 2)], [Move.parse('a1|'), Move.parse('a1-')])

    Raises:
        TypeError: ``state`` is not a :class:`State`.
    """
    if _check_state(state).outcome is not None:
        return []
    return list(state._legal())


def _pair(state: State, cell: object, axis: object) -> tuple[int, int]:
    i, a = whole(cell, "cell", None), whole(axis, "axis", None)
    if not 0 <= i < len(state.grid):
        raise ValueError(f"cell must be a cell index from 0 to {len(state.grid) - 1}, not {i}")
    if not 0 <= a < len(state._t.axes):
        raise ValueError(f"axis must be an axis index from 0 to {len(state._t.axes) - 1}, not {a}")
    return i, a


def pair_move(state: State, cell: int, axis: int) -> Move:
    """The :class:`Move` that the pair (cell index, axis index) names on ``state``'s board.

    Raises:
        TypeError: ``state`` is not a :class:`State`, or an index is not a whole number.
        ValueError: an index is not one of this board's.
    """
    i, a = _pair(_check_state(state), cell, axis)
    return Move._of(state.grid.label(i), state._t.axes[a])


def play_pair(state: State, cell: int, axis: int) -> State:
    """``state.play(pair_move(state, cell, axis))``, without going through notation.

    >>> from gamekit import coffee
    >>> play_pair(coffee.Rules(board="square", size=5).start(), 12, 1)
    <coffee.State square5 n=4, 1 stone, orange to move>

    Raises:
        IllegalMoveError: the move is not legal here (the message names the rule).
        TypeError, ValueError: as :func:`pair_move`.
    """
    pair = _pair(_check_state(state), cell, axis)
    if state.outcome is None:
        legal = state._cache.get("legal_set")
        if legal is None:
            legal = state._cache["legal_set"] = frozenset(state._legal())
        if pair in legal:
            return state._play_unchecked(*pair)
    reason = state._problem(pair_move(state, *pair))
    raise IllegalMoveError(reason or f"{pair_move(state, *pair)} is not allowed here")


def random_rollout(state: State, rand: random.Random | np.random.Generator | int) -> str:
    """The winner of a game played on from ``state`` with uniformly random moves (each legal
    (cell, axis) pair equally likely, as ``legal_moves()`` without swaps). ``rand`` is a
    ``random.Random`` (fastest), a numpy ``Generator`` or a seed. Works on plain integers,
    with no ``State`` made on the way.

    >>> from gamekit import coffee
    >>> random_rollout(coffee.Rules(board="square", size=5).start(), 1)
    'black'

    Raises:
        TypeError: ``state`` is not a :class:`State`, or ``rand`` is none of the above.
    """
    outcome = _check_plain(state).outcome
    if outcome is not None:
        return outcome.winner
    randrange: Callable[[int], int]
    if isinstance(rand, random.Random):
        randrange = rand.randrange
    elif isinstance(rand, np.random.Generator):
        generator = rand

        def randrange(k: int) -> int:
            return int(generator.integers(k))
    else:
        randrange = random.Random(
            whole(rand, "rand (a random.Random, Generator or seed)", None)
        ).randrange
    t = state._t
    rules = state.rules
    wins_of = _windows(rules.board, rules.size, rules.n)
    reach = _reach(rules.board, rules.size, rules.n)
    need = cast(int, rules.n) - 1  # Rules.__post_init__ fills in n
    cell_axes = tuple(tuple(enumerate(masks)) for masks in t.line_mask)
    line_mask, full = t.line_mask, t.full
    movers = [state._black, state._orange]
    who = 0 if state._mover == "black" else 1
    rod = state._rod
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
                for w in wins_of[i]:
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
            pairs = _pairs_with_wins(t, mine, occupied, rod, wins_of)
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


def _pairs_with_wins(
    t: BoardTables,
    mine: int,
    occupied: int,
    rod: tuple[int, int] | None,
    wins_of: tuple[tuple[int, ...], ...],
) -> list[tuple[int, int]]:
    """All legal pairs when some cell wins; a winning pair is marked by ``-1 - cell``."""
    empty = t.full & ~occupied
    targets = empty if rod is None else t.line_mask[rod[0]][rod[1]] & empty
    pairs: list[tuple[int, int]] = []
    n_axes = len(t.axes)
    while targets:
        low = targets & -targets
        targets ^= low
        i = low.bit_length() - 1
        grown = mine | low
        if any(grown & w == w for w in wins_of[i]):
            pairs.extend((-1 - i, a) for a in range(n_axes))
            continue
        after = occupied | low
        masks = t.line_mask[i]
        pairs.extend((i, a) for a in range(n_axes) if masks[a] & ~after)
    return pairs


def can_win_at_once(state: State) -> bool:
    """Whether the player to move has a move that wins at once: a stone that completes a
    line, or a rod that leaves the next player exactly one empty cell on which they are
    stuck (and do not win). ``False`` once the game is over.

    >>> from gamekit import coffee
    >>> can_win_at_once(coffee.Rules(board="square", size=5).start())
    False

    Raises:
        TypeError: ``state`` is not a :class:`State`.
    """
    if _check_plain(state).outcome is not None:
        return False
    t = state._t
    rules = state.rules
    wins_of = _windows(rules.board, rules.size, rules.n)
    if state._mover == "black":
        mine, theirs = state._black, state._orange
    else:
        mine, theirs = state._orange, state._black
    occupied = mine | theirs
    line_mask, n_axes = t.line_mask, len(t.axes)
    targets = state._targets()
    for j in _bits(targets):
        grown = mine | (1 << j)
        if any(grown & w == w for w in wins_of[j]):
            return True
    for j in _bits(targets):
        after = occupied | (1 << j)
        for b in range(n_axes):
            rest = line_mask[j][b] & ~after
            if not rest or rest & (rest - 1):
                continue  # illegal rod, or two or more empty cells: never a block
            k = rest.bit_length() - 1
            grown = theirs | rest
            if any(grown & w == w for w in wins_of[k]):
                continue  # the stuck player would win there
            full = after | rest
            if not any(line_mask[k][c] & ~full for c in range(n_axes)):
                return True
    return False
