"""Perft: count the legal move sequences of a given length, the standard check of a rules
engine against reference numbers.

>>> from gamekit import coffee
>>> perft(coffee.Rules(board="square", size=5).start(), 2)
1224
"""

from __future__ import annotations

__all__ = ["perft"]


def perft(state, depth: int) -> int:
    """Number of legal move sequences of length ``depth`` from ``state`` (games that end
    earlier stop counting there)."""
    if depth == 0:
        return 1
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(state.play(m), depth - 1) for m in moves)
