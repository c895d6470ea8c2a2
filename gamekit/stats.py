"""Honest error bars for simulation results: intervals for shares and for means.

A share of games (first-player wins, games ended by blocking) gets a Wilson score interval,
which stays inside 0–100 % and is right even for small samples or shares near 0 or 1 (the
plain "p ± 2·SE" is not: 6 wins out of 6 games is not "100 % ± 0"). A mean (game length)
gets the normal interval ``mean ± z·s/√n``. Both are 95 % intervals by default.

>>> wilson(6, 6)
Interval(0.61, 1, 1)
>>> wilson(520, 1000)
Interval(0.489, 0.52, 0.551)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

__all__ = ["Interval", "wilson", "mean_interval"]

#: z for a two-sided 95 % interval.
Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Interval:
    """An estimate with its interval: ``low <= value <= high``."""

    low: float
    value: float
    high: float

    def __repr__(self) -> str:
        return f"Interval({self.low:.3g}, {self.value:.3g}, {self.high:.3g})"

    def percent(self, digits: int = 1) -> str:
        """``"52.0 % (48.9–55.1 %)"``: the value and its interval, as percentages."""
        f = f"{{:.{digits}f}}"
        return (
            f"{f.format(100 * self.value)} % "
            f"({f.format(100 * self.low)}–{f.format(100 * self.high)} %)"
        )

    def excludes(self, value: float) -> bool:
        """Whether ``value`` lies outside the interval (a difference the sample shows)."""
        return value < self.low or value > self.high


def _count(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be a whole number, not {value!r}")
    if value < 0:
        raise ValueError(f"{name} must be 0 or more, not {value}")
    return int(value)


def wilson(successes: int, n: int, z: float = Z95) -> Interval:
    """The Wilson score interval of a share: ``successes`` out of ``n``.

    Raises ``ValueError`` if ``n`` is 0 (no games, no share) or ``successes > n``, and
    ``TypeError`` for counts that are not whole numbers.

    >>> wilson(0, 10).percent()
    '0.0 % (0.0–27.8 %)'
    """
    k, n = _count(successes, "successes"), _count(n, "n")
    if n == 0:
        raise ValueError("a share needs at least one game: n is 0")
    if k > n:
        raise ValueError(f"successes ({k}) cannot exceed n ({n})")
    if not (isinstance(z, (int, float)) and math.isfinite(z) and z > 0):
        raise ValueError(f"z must be a positive number, not {z!r}")
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # rounding may put an end a hair past the share at k = 0 or k = n
    return Interval(min(p, max(0.0, centre - half)), p, max(p, min(1.0, centre + half)))


def mean_interval(values: Sequence[float] | np.ndarray, z: float = Z95) -> Interval:
    """The mean of ``values`` with its normal interval (``mean ± z·s/√n``).

    Raises ``ValueError`` for fewer than two values.

    >>> mean_interval([10, 12, 14, 16])
    Interval(10.5, 13, 15.5)
    """
    x = np.asarray(values, dtype=float)
    if x.ndim != 1 or len(x) < 2:
        raise ValueError("a mean's interval needs at least two values")
    mean = float(x.mean())
    half = z * float(x.std(ddof=1)) / math.sqrt(len(x))
    return Interval(mean - half, mean, mean + half)
