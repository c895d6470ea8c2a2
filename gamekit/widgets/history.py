"""The positions of a game on a board, kept sparingly: a board opened on a 100,000-move
record holds a few hundred states, not 100,001 (GIPF games can cycle, so such records are
legal).

:class:`States` is a list-like sequence of a game's states, the start first: it keeps the
start, every :data:`EVERY`-th state and the last :data:`RECENT`; any other is rebuilt on
demand from the nearest kept one by replaying the board's moves, which it reads from the
list the board keeps (the same list object). Undo, redo and the log only ever look near the
end, where every state is kept.

>>> from gamekit import coffee
>>> start = coffee.Rules(board="square", size=4).start()
>>> moves = ["a1|", "a2-", "b2|"]
>>> states = States.replayed(start, moves)
>>> len(states), states[-1] == start.play("a1|").play("a2-").play("b2|")
(4, True)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload

from gamekit.records import KEEP_EVERY

__all__ = ["EVERY", "RECENT", "States"]

#: Every this many moves a state is kept for good (as a checked record keeps them).
EVERY = KEEP_EVERY
#: The states of the last this many moves are all kept (more than the log shows at once).
RECENT = 128


class States(Sequence[Any]):
    """The states of a game: the start, then one per move of ``moves`` (the board's own
    list, read when a state is rebuilt). Supports ``len``, indexing and slicing (negative
    indices too), ``append``, ``pop`` and deleting a tail (``del states[k:]``)."""

    __slots__ = ("_kept", "_moves", "_n")

    def __init__(self, start: Any, moves: list[str]) -> None:
        self._kept: dict[int, Any] = {0: start}
        self._moves = moves
        self._n = 1

    @classmethod
    def replayed(cls, start: Any, moves: list[str], kept: dict[int, Any] | None = None) -> States:
        """The states of ``moves`` played from ``start``: from ``kept`` (index -> state,
        the start and the last state among them, as :meth:`gamekit.records.Record` keeps
        them when it checks a record) without replaying, else by playing every move once.
        """
        out = cls(start, moves)
        if kept is not None and len(moves) in kept:
            out._kept = dict(kept)
            out._n = len(moves) + 1
            return out
        state = start
        for move in moves:
            state = state.play(move)
            out.append(state)
        return out

    def __len__(self) -> int:
        return self._n

    def __repr__(self) -> str:
        return f"<States: {self._n} positions, {len(self._kept)} kept>"

    def _index(self, i: int) -> int:
        if isinstance(i, bool) or not isinstance(i, int):
            raise TypeError(f"a position's index is a whole number, not {type(i).__name__}")
        j = i + self._n if i < 0 else i
        if not 0 <= j < self._n:
            raise IndexError(f"position {i} of {self._n}")
        return j

    @overload
    def __getitem__(self, i: int) -> Any: ...

    @overload
    def __getitem__(self, i: slice) -> list[Any]: ...

    def __getitem__(self, i: int | slice) -> Any:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self._n))]
        j = self._index(i)
        known = self._kept.get(j)
        if known is not None:
            return known
        base = max(k for k in self._kept if k < j)
        state = self._kept[base]
        for k in range(base, j):
            state = state.play(self._moves[k])
            if k + 1 >= self._n - RECENT:
                self._kept[k + 1] = state  # near the end: kept, as if appended
        return state

    def __iter__(self) -> Iterator[Any]:
        state = self._kept[0]
        yield state
        for k in range(1, self._n):
            known = self._kept.get(k)
            state = known if known is not None else state.play(self._moves[k - 1])
            yield state

    def append(self, state: Any) -> None:
        """Add the state after the next move."""
        self._kept[self._n] = state
        self._n += 1
        old = self._n - 1 - RECENT
        if old > 0 and old % EVERY:
            self._kept.pop(old, None)

    def pop(self) -> Any:
        """Remove and return the last state (there is always the start left)."""
        if self._n <= 1:
            raise IndexError("the start position stays")
        state = self[-1]
        self._n -= 1
        self._kept.pop(self._n, None)
        return state

    def __delitem__(self, i: slice) -> None:
        if not isinstance(i, slice) or i.step not in (None, 1) or i.stop is not None:
            raise TypeError("only a tail of the positions can be deleted: del states[k:]")
        start = max(1, i.indices(self._n)[0])
        for k in [k for k in self._kept if k >= start]:
            del self._kept[k]
        self._n = min(self._n, start)

    def kept(self) -> dict[int, Any]:
        """The states kept now, by index (a new dict)."""
        return dict(self._kept)
