"""Checks of arguments that generic code shares: a whole number, a real number, a game
position. A refusal names the argument and shows what was given.

>>> whole(3, "games")
3
>>> whole(-1, "games")
Traceback (most recent call last):
...
ValueError: games must be 0 or more, not -1
"""

from __future__ import annotations

import math
import numbers
from typing import Any

import numpy as np

from gamekit.errors import shown

__all__ = ["whole", "real", "check_state"]


def whole(value: Any, argument: str, least: int | None = 0, most: int | None = None) -> int:
    """``value`` as an ``int``, if it is a whole number (numpy's too, not a bool) from
    ``least`` to ``most`` (``None``: no bound); the errors name ``argument``. The one
    whole-number check of gamekit: engines, players, simulations and statistics use it.

    >>> whole(3, "size", 2), whole(-4, "turns", None)
    (3, -4)
    >>> whole(9, "roast_class", 1, 3)
    Traceback (most recent call last):
    ...
    ValueError: roast_class must be from 1 to 3, not 9

    Raises:
        TypeError: ``value`` is not a whole number.
        ValueError: it lies outside ``least`` to ``most``.
    """
    if type(value) is not int:
        if isinstance(value, bool) or not isinstance(value, numbers.Integral):
            raise TypeError(f"{argument} must be a whole number, not {shown(value)}")
        value = int(value)
    if (least is not None and value < least) or (most is not None and value > most):
        if most is None:
            allowed = f"{least} or more"
        elif least is None:
            allowed = f"{most} or less"
        else:
            allowed = f"from {least} to {most}"
        raise ValueError(f"{argument} must be {allowed}, not {shown(value)}")
    return int(value)


def real(value: Any, argument: str, least: float) -> float:
    """``value`` as a ``float``, if it is a finite number of at least ``least``."""
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"{argument} must be a number, not {shown(value)}")
    try:
        number = float(value)
    except OverflowError:  # a whole number too large for a float
        number = math.inf
    if not math.isfinite(number) or number < least:
        raise ValueError(
            f"{argument} must be a finite number of at least {least}, not {shown(value)}"
        )
    return number


def check_state(state: Any, argument: str = "state") -> None:
    """Refuse what is not a game position (it has no ``legal_moves`` and ``play``); the
    message names the argument."""
    if not (
        callable(getattr(state, "legal_moves", None)) and callable(getattr(state, "play", None))
    ):
        raise TypeError(f"{argument} must be a game position (a State), not {type(state).__name__}")
