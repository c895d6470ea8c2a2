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
    "VariantRuleError",
    "shown",
]


def shown(value: object, width: int = 40) -> str:
    """``repr(value)`` cut to ``width`` characters, for error messages about any input: a
    huge number is described, and a value whose ``repr`` fails (nested too deeply) named.

    >>> shown("x" * 100, 12), shown(10**5000), shown([1, 2]), shown(object())
    ("'xxxxxxxx...", 'a whole number of about 5000 digits', '[1, 2]', 'a object object')
    """
    if isinstance(value, int) and value.bit_length() > 256:
        return f"a whole number of about {int(value.bit_length() * 0.30103)} digits"
    try:
        text = repr(value)
    except Exception:  # RecursionError for deep nesting, ValueError for huge numbers
        return f"a {type(value).__name__} that cannot be shown"
    if " at 0x" in text:  # an object with no repr of its own: its address says nothing
        return f"a {type(value).__name__} object"
    return text if len(text) <= width else text[: width - 3] + "..."


class GamekitError(ValueError):
    """Base class of every error gamekit raises on purpose."""


class IllegalMoveError(GamekitError):
    """A well-formed move that the rules forbid here; the message names the rule.

    The state it was played on is unchanged. Besides the sentence, the error carries its two
    parts: ``move`` (the move as written) and ``rule`` (the rule it breaks, in words), read
    from the sentence "<move> is not allowed: <rule>" unless given (an engine gives the
    ``Move`` it read; from a sentence, ``move`` is its notation as written).

    >>> err = IllegalMoveError("e5/ is not allowed: e5 already holds a Black stone.")
    >>> err.move, err.rule
    ('e5/', 'e5 already holds a Black stone.')
    >>> IllegalMoveError("no room", move="a1").rule
    'no room'
    """

    #: What every refusal says between the move and the rule.
    SEPARATOR = " is not allowed: "

    def __init__(self, message: str = "", *, move: object = None, rule: str | None = None):
        super().__init__(message)
        text = str(message)
        head, sep, tail = text.partition(self.SEPARATOR)
        self.move: object = move if move is not None else (head if sep else None)
        self.rule: str = rule if rule is not None else (tail if sep else text)


class InvalidNotationError(GamekitError):
    """Text that is not a move in the game's notation (``"c9?"``, ``""``, ``42``)."""


class OffBoardError(IllegalMoveError, InvalidNotationError):
    """A move naming a cell or an axis that this board does not have (``"k1|"`` or ``"e5-"``
    on a hexhex board of side 5).

    It is both: the notation is well formed, but it names nothing on this board. Catch it as
    either :class:`IllegalMoveError` or :class:`InvalidNotationError`.
    """


class InvalidRecordError(GamekitError):
    """A saved game that cannot be read back: text that is too long, not UTF-8 or not JSON,
    an entry missing, unknown or of the wrong kind, an unknown game or option, or an
    illegal move. The message is a sentence saying which (see :mod:`gamekit.records`)."""


class VariantRuleError(GamekitError, TypeError):
    """A variant's own rule (the ``extra_rule`` of a ``Rules`` subclass) that did not
    answer as a rule must: it raised an exception, returned something that is neither
    ``None``/``False`` (allow) nor a sentence (refuse), or asked for the legal moves it is
    deciding. The message names the hook and what went wrong; the state it was asked about is
    unchanged. It is both a :class:`GamekitError` (a board shows it and keeps working) and a
    :class:`TypeError` (the hook's answer is of the wrong kind).
    """


class ContractError(GamekitError, TypeError):
    """A game breaks gamekit's contract: ``problems`` lists each broken promise in words."""

    def __init__(self, game: str, problems: list[str]) -> None:
        self.problems = list(problems)
        lines = "\n".join(f"- {p}" for p in self.problems)
        word = "promise" if len(problems) == 1 else "promises"
        super().__init__(f"{game} breaks {len(problems)} {word} of the contract:\n{lines}")
