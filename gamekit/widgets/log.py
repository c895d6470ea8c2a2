"""A board's move log: each move in words and notation (:class:`LogEntry`), worded only
when read (:class:`MoveLog`), and the short summaries a board says after an undo or a redo.

>>> from gamekit.widgets import CoffeeBoard
>>> board = CoffeeBoard()
>>> board.play_moves(["e5|", "e4|"])
>>> board.move_log
<move log: 2 moves>
>>> board.move_log[-1].notation, board.move_log[-1].seat
('e4|', 'orange')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, overload

if TYPE_CHECKING:
    from gamekit.widgets.base import GameBoard

__all__ = ["LogEntry", "MoveLog", "count", "some_moves"]


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One move in the board's log: its number (1 for the first), the seat that made it,
    the move in words and in notation, and whether the computer made it.

    >>> LogEntry(1, "black", "Black put a stone on e5.", "e5|", False).notation
    'e5|'
    """

    number: int
    seat: str | None
    words: str
    notation: str
    computer: bool


class MoveLog(Sequence[LogEntry]):
    """A board's move log, worded on demand (:meth:`GameBoard.move_log`)."""

    __slots__ = ("_board",)

    def __init__(self, board: GameBoard) -> None:
        self._board = board

    def __len__(self) -> int:
        return len(self._board._moves)

    @overload
    def __getitem__(self, i: int) -> LogEntry: ...

    @overload
    def __getitem__(self, i: slice) -> list[LogEntry]: ...

    def __getitem__(self, i: int | slice) -> LogEntry | list[LogEntry]:
        n = len(self)
        if isinstance(i, slice):
            return [self._board._log_entry(k) for k in range(*i.indices(n))]
        j = i + n if i < 0 else i
        if not 0 <= j < n:
            raise IndexError(f"move {i} of {n}")
        return self._board._log_entry(j)

    def __repr__(self) -> str:
        return f"<move log: {len(self)} moves>"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, list | tuple | MoveLog):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]


def some_moves(entries: Sequence[LogEntry], most: int = 3) -> str:
    """Moves in words, one after the other; past ``most``, the rest counted."""
    words = [lower_first(e.words.rstrip(".")) for e in entries[:most]]
    if len(entries) > most:
        words.append(f"and {count(len(entries) - most, 'more move')}")
    return "; ".join(words)


def lower_first(text: str) -> str:
    """ "You put …" -> "you put …" (but "Black put …" stays)."""
    for word in ("You ", "The computer "):
        if text.startswith(word):
            return text[:1].lower() + text[1:]
    return text


def count(k: int, word: str) -> str:
    return f"{k} {word}" + ("" if k == 1 else "s")
