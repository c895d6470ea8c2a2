"""The immutable values of the games: a position or a figure that nobody can change, equal
to another exactly when their keys are equal, and hashable, so that undo is a list and a
search can remember positions.

A class gives its ``__slots__``, its :meth:`Value._key` (what makes two values the same) and
the sentence a refused change says (``_immutable``); every game's ``State`` (and Hex Tiles'
``Figure``) is one.

>>> class Point(Value):
...     __slots__ = ("x", "y")
...     _immutable = "a Point is immutable"
...     def __init__(self, x, y):
...         object.__setattr__(self, "x", x)
...         object.__setattr__(self, "y", y)
...     def _key(self):
...         return (self.x, self.y)
>>> Point(1, 2) == Point(1, 2), len({Point(1, 2), Point(1, 2)})
(True, 1)
>>> Point(1, 2).x = 5
Traceback (most recent call last):
...
AttributeError: a Point is immutable
"""

from __future__ import annotations

from typing import Any, ClassVar

__all__ = ["Value"]


class Value:
    """Base of an immutable, hashable value: changes refused, equality and hash by
    :meth:`_key`. Values compare equal only with values of the class that defines the key
    (or of its subclasses: a variant's states)."""

    __slots__ = ()
    #: What a refused change says.
    _immutable: ClassVar[str] = "this value is immutable"
    #: The class that defines the key: only its instances compare equal.
    _root: ClassVar[type] = object

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "_key" in cls.__dict__:
            cls._root = cls

    def _key(self) -> tuple[Any, ...]:
        raise NotImplementedError  # pragma: no cover - every value defines it

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(self._immutable)

    def __delattr__(self, name: str) -> None:
        raise AttributeError(self._immutable)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, self._root) and self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._key())
