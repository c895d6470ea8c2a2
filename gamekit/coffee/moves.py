"""Coffee's moves and outcomes: a move is a cell and the direction the rod is laid in
(``"d4|"``), or the pie rule's ``swap``; an outcome names the winner and how the game ended.

>>> Move.parse("d4|"), str(Move.swap())
(Move.parse('d4|'), 'swap')
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from gamekit.errors import InvalidNotationError
from gamekit.errors import shown as _show

#: The colours, in turn order (Black moves first).
COLOURS = ("black", "orange")
_OTHER = {"black": "orange", "orange": "black"}

#: The longest text :meth:`Move.parse` reads (a move is 3 or 4 characters; spaces around
#: it are allowed). Longer text is refused at once, without being scanned.
MAX_NOTATION_CHARS = 32


# ---------------------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------------------

_MOVE = re.compile(r"^([a-z])([1-9][0-9]?)([|\-/\\])$")
_CELL = re.compile(r"^[a-z][1-9][0-9]?$")
_AXES = ("|", "-", "/", "\\")


class Position:
    """What the modules below the rules know of a Coffee position: :class:`State` inherits
    this, so a helper can tell a state from anything else without importing the rules."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Move:
    """A stone on ``cell`` with the rod laid along ``axis``: ``Move.parse("c3/")`` or
    ``Move("c3", "/")``.

    The pie rule's swap is ``Move.parse("swap")`` (``cell`` and ``axis`` are ``None``).
    A move checks its fields when made: a cell is a letter and a number, an axis one of
    ``| - / \\``.

    >>> m = Move.parse("c3/")
    >>> m.cell, m.axis, str(m)
    ('c3', '/', 'c3/')
    >>> m
    Move.parse('c3/')
    >>> Move(5, "|")
    Traceback (most recent call last):
    ...
    gamekit.errors.InvalidNotationError: 5 is not a cell: a Coffee cell is a letter and a number, like 'c3'

    Raises:
        InvalidNotationError: the cell or the axis is not one (only the swap has neither).
    """

    cell: str | None
    axis: str | None

    def __post_init__(self) -> None:
        cell, axis = self.cell, self.axis
        if cell is None and axis is None:
            return
        short = isinstance(cell, str) and len(cell) <= MAX_NOTATION_CHARS
        clean = cell.strip().lower() if isinstance(cell, str) and short else None
        if clean is None or not _CELL.match(clean):
            raise InvalidNotationError(
                f"{_show(cell)} is not a cell: a Coffee cell is a letter and a number, like 'c3'"
            )
        if not isinstance(axis, str) or len(axis) > MAX_NOTATION_CHARS or axis.strip() not in _AXES:
            raise InvalidNotationError(
                f"{_show(axis)} is not an axis: a Coffee axis is one of | - / \\"
            )
        object.__setattr__(self, "cell", clean)
        object.__setattr__(self, "axis", axis.strip())

    @classmethod
    def _of(cls, cell: str | None, axis: str | None) -> Move:
        """A move from fields known to be good (the engine's own), without the checks."""
        move = object.__new__(cls)
        object.__setattr__(move, "cell", cell)
        object.__setattr__(move, "axis", axis)
        return move

    @classmethod
    def parse(cls, text: str | Move) -> Move:
        """Read a move's notation: a cell then an axis (``e5|``, ``c3/``), or ``swap``;
        a :class:`Move` is returned as it is.

        Raises:
            InvalidNotationError: ``text`` is not text, is longer than
                :data:`MAX_NOTATION_CHARS`, or is not a move's notation.
        """
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise InvalidNotationError(
                f"{_show(text)} is not a Coffee move: give a Move or text such as 'c3/' or 'e5|'"
            )
        if len(text) > MAX_NOTATION_CHARS:
            raise InvalidNotationError(
                f"{_show(text)} is not a Coffee move: a move is a few characters, like 'c3/' "
                f"(at most {MAX_NOTATION_CHARS} with spaces), not {len(text)}"
            )
        clean = text.strip().lower()
        if clean == "swap":
            return _SWAP
        m = _MOVE.match(clean)
        if not m:
            raise InvalidNotationError(
                f"{_show(text)} is not a Coffee move: a move is a cell and an axis, like 'c3/' "
                "or 'e5|' (axes: | vertical, - horizontal, / and \\ diagonals), or 'swap'"
            )
        return cls._of(m.group(1) + m.group(2), m.group(3))

    @classmethod
    def swap(cls) -> Move:
        """The pie rule's swap."""
        return _SWAP

    @property
    def is_swap(self) -> bool:
        """Whether this is the pie rule's swap."""
        return self.cell is None

    def __str__(self) -> str:
        return "swap" if self.cell is None else f"{self.cell}{self.axis}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


_SWAP = Move(None, None)


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winning colour, the reason in words, and the winning line's
    cells (empty when the game ended by blocking).

    ``winners`` is ``(winner,)``; ``ending`` is ``"line"`` or ``"blocked"`` (the words of
    ``Rules.endings``); ``scores`` is ``None`` (Coffee has no score).

    >>> o = Outcome("black", "Black made a line of 3: a1, a2, a3", ("a1", "a2", "a3"))
    >>> o.winners, o.loser, o.ending, o.scores
    (('black',), 'orange', 'line', None)

    Raises:
        ValueError: ``winner`` is not a colour, or ``reason`` is not text.
        TypeError: ``line`` is not a sequence of cell labels.
    """

    winner: str
    reason: str
    line: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.winner not in COLOURS:
            raise ValueError(f"winner must be 'black' or 'orange', not {_show(self.winner)}")
        if not isinstance(self.reason, str):
            raise ValueError(f"reason must be a sentence (text), not {_show(self.reason)}")
        if isinstance(self.line, str) or not isinstance(self.line, Iterable):
            raise TypeError(f"line must be a sequence of cell labels, not {_show(self.line)}")
        line = tuple(self.line)
        if not all(isinstance(cell, str) for cell in line):
            raise TypeError(f"line must hold cell labels (text), not {_show(line)}")
        object.__setattr__(self, "line", line)

    @property
    def loser(self) -> str:
        """The colour that lost."""
        return _OTHER[self.winner]

    @property
    def winners(self) -> tuple[str, ...]:
        """The winning seats: ``(winner,)`` (Coffee has no draws)."""
        return (self.winner,)

    @property
    def ending(self) -> str:
        """``"line"`` (the winner made a line) or ``"blocked"`` (the loser had no move)."""
        return "line" if self.line else "blocked"

    @property
    def scores(self) -> None:
        """``None``: Coffee has no score."""
        return None
