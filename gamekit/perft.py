"""Perft: count the legal move sequences of a given length, the standard check of a rules
engine against reference numbers.

>>> from gamekit import coffee
>>> perft(coffee.Rules(board="square", size=5).start(), 2)
1224
"""

from __future__ import annotations

from typing import Any

from gamekit.checks import check_state, whole

__all__ = ["perft"]


def perft(state: Any, depth: int) -> int:
    """Number of legal move sequences of length ``depth`` from ``state`` (a sequence whose
    game ends earlier is not counted; ``depth`` 0 counts the empty sequence, 1). Works on
    the position of any game, and on games of any length (no recursion).

    >>> from gamekit import coffee
    >>> perft(coffee.Rules(board="hex", size=5).start(), 1)
    183
    >>> perft(coffee.Rules().start(), -1)
    Traceback (most recent call last):
    ...
    ValueError: depth must be 0 or more, not -1

    Raises:
        TypeError: ``state`` is not a game position, or ``depth`` not a whole number.
        ValueError: ``depth`` is negative.
    """
    check_state(state)
    depth = whole(depth, "depth", 0)
    if depth == 0:
        return 1
    total = 0
    stack = [(state, depth)]
    while stack:
        position, left = stack.pop()
        if position.outcome is not None:
            continue
        moves = position.legal_moves()
        if left == 1:
            total += len(moves)
        else:
            stack.extend((position.play(m), left - 1) for m in moves)
    return total
