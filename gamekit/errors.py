"""The exceptions gamekit raises. All are :class:`ValueError` subclasses.

>>> from gamekit import IllegalMoveError
>>> issubclass(IllegalMoveError, ValueError)
True
"""

from __future__ import annotations

__all__ = [
    "GamekitError",
    "IllegalMoveError",
    "InvalidNotationError",
    "OffBoardError",
    "InvalidRecordError",
]


class GamekitError(ValueError):
    """Base class of every error gamekit raises on purpose."""


class IllegalMoveError(GamekitError):
    """A well-formed move that the rules forbid here; the message names the rule.

    The state it was played on is unchanged.
    """


class InvalidNotationError(GamekitError):
    """Text that is not a move in the game's notation (``"c9?"``, ``""``, ``42``)."""


class OffBoardError(IllegalMoveError, InvalidNotationError):
    """A move naming a cell or an axis that this board does not have (``"k1|"`` or ``"e5-"``
    on a hexhex board of side 5).

    It is both: the notation is well formed, but it names nothing on this board. Catch it as
    either :class:`IllegalMoveError` or :class:`InvalidNotationError`.
    """


class InvalidRecordError(GamekitError):
    """A saved game that cannot be read back: bad JSON, unknown options, or an illegal move."""
