"""Honest error bars for simulation results: intervals for shares and for means.

A share of games (first-player wins, games ended by blocking) gets a Wilson score interval,
which stays inside 0–100 % and is right even for small samples or shares near 0 or 1 (the
plain "p ± 2·SE" is not: 6 wins out of 6 games is not "100 % ± 0"). A mean (game length)
gets the normal interval ``mean ± z·s/√n``. Both are 95 % intervals by default.

For the design lessons: :func:`share` (the interval of a share of games), :func:`error_bars`
(a chart's error bars from those intervals), :func:`simultaneous_z` (many intervals at
once) and :func:`head_to_head` (two players, half of the games from each seat). The charts
and the experiment panel that use them are the design lab's (:mod:`gamekit.design.panel`).

>>> wilson(6, 6)
Interval(0.61, 1, 1)
>>> wilson(520, 1000)
Interval(0.489, 0.52, 0.551)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import Any

import numpy as np

from gamekit.checks import whole
from gamekit.errors import shown
from gamekit.playing import Player
from gamekit.sim import play_many

__all__ = [
    "Interval",
    "wilson",
    "mean_interval",
    "sample_mean",
    "share",
    "difference",
    "Difference",
    "paired_difference",
    "points_interval",
    "ratio_interval",
    "paired_ratio_difference",
    "bootstrap_interval",
    "error_bars",
    "simultaneous_z",
    "head_to_head",
]

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
        """``"52.0 % (48.9–55.1 %)"``: the value and its interval, as percentages, with
        ``digits`` (0 to 6) after the decimal point.

        Raises:
            TypeError: ``digits`` is not a whole number.
            ValueError: ``digits`` is below 0 or above 6.
        """
        digits = whole(digits, "digits")
        if digits > 6:
            raise ValueError(f"digits must be 0 to 6, not {shown(digits)}")
        f = f"{{:.{digits}f}}"
        return (
            f"{f.format(100 * self.value)} % "
            f"({f.format(100 * self.low)}–{f.format(100 * self.high)} %)"
        )

    def excludes(self, value: float) -> bool:
        """Whether ``value`` lies outside the interval (a difference the sample shows)."""
        return value < self.low or value > self.high


def _z(z: object) -> float:
    """``z`` checked: a finite number above 0 (1.96 for a 95 % interval)."""
    if isinstance(z, bool) or not isinstance(z, (int, float, np.integer, np.floating)):
        raise TypeError(f"z must be a number such as 1.96, not {shown(z)}")
    try:
        value = float(z)
    except OverflowError:
        value = math.inf
    if not (math.isfinite(value) and value > 0):
        raise ValueError(f"z must be a positive number such as 1.96, not {shown(z)}")
    return value


def wilson(successes: int, n: int, z: float = Z95) -> Interval:
    """The Wilson score interval of a share: ``successes`` out of ``n``.

    Raises ``ValueError`` if ``n`` is 0 (no games, no share) or ``successes > n``, and
    ``TypeError`` for counts that are not whole numbers.

    >>> wilson(0, 10).percent()
    '0.0 % (0.0–27.8 %)'
    """
    k, n = whole(successes, "successes"), whole(n, "n", 0, 10**15)
    if n == 0:
        raise ValueError("a share needs at least one game: n is 0")
    if k > n:
        raise ValueError(f"successes ({shown(k)}) cannot exceed n ({shown(n)})")
    z = _z(z)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # rounding may put an end a hair past the share at k = 0 or k = n
    return Interval(min(p, max(0.0, centre - half)), p, max(p, min(1.0, centre + half)))


def mean_interval(
    values: Sequence[float] | np.ndarray, z: float = Z95, skew: bool = False
) -> Interval:
    """The mean of ``values`` with its normal interval (``mean ± z·s/√n``), or with
    ``skew=True`` Hall's (1992) interval, which corrects the normal one for the skewness of
    the values (game lengths are skewed: a few long games; the normal interval then lies
    too low too often) and is the normal one for symmetric values.

    Raises ``ValueError`` for fewer than two values, values that are not a flat list of
    finite numbers, or a ``z`` that is not a positive number.

    >>> mean_interval([10, 12, 14, 16])
    Interval(10.5, 13, 15.5)
    >>> mean_interval([1, 1, 1, 2, 2, 3, 9], skew=True)
    Interval(1.22, 2.71, 11.1)
    """
    z = _z(z)
    try:
        x = np.asarray(values, dtype=float)
    except (TypeError, ValueError, OverflowError, RecursionError):
        raise ValueError(f"values must be a flat list of numbers, not {shown(values)}") from None
    if x.ndim != 1:
        raise ValueError(f"values must be a flat list of numbers, not {shown(values)}")
    if len(x) < 2:
        raise ValueError("a mean's interval needs at least two values")
    if not np.isfinite(x).all():
        raise ValueError("values must be finite numbers (no nan or inf)")
    mean = float(x.mean())
    sd = float(x.std(ddof=1))
    se = sd / math.sqrt(len(x))
    if not skew or sd == 0.0:
        return Interval(mean - z * se, mean, mean + z * se)
    # Hall's transformation of the studentised mean, g(t) = ((1 + a t)^3 - 1) / (3 a) + c,
    # with a = skewness / (3 √n) and c = skewness / (6 √n), inverted at ±z.
    gamma = float(((x - mean) ** 3).mean()) / float(x.std(ddof=0)) ** 3
    a = gamma / (3 * math.sqrt(len(x)))
    c = gamma / (6 * math.sqrt(len(x)))

    def inverse(q: float) -> float:
        if abs(a) < 1e-12:
            return q - c
        return (float(np.cbrt(1 + 3 * a * (q - c))) - 1) / a

    return Interval(mean - inverse(z) * se, mean, mean - inverse(-z) * se)


def sample_mean(values: Sequence[float] | np.ndarray, z: float = Z95) -> Interval:
    """The mean of a sample of games with its interval, as the design lab reports it: every
    value the same gives the value exactly (no width); a single value has no interval
    (infinite ends); otherwise :func:`mean_interval` corrected for skewness (``skew=True``:
    game lengths, scores and margins are rarely symmetric).

    >>> sample_mean([4, 4, 4]), sample_mean([7])
    (Interval(4, 4, 4), Interval(-inf, 7, inf))
    """
    try:
        x = np.asarray(values, dtype=float)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"values must be a flat list of numbers, not {shown(values)}") from None
    if x.ndim != 1 or not len(x):
        raise ValueError("a mean needs a flat list of at least one number")
    if not np.isfinite(x).all():
        raise ValueError("values must be finite numbers (no nan or inf)")
    if len(x) < 2:
        v = float(x.mean())
        return Interval(-math.inf, v, math.inf)
    if float(np.ptp(x)) == 0.0:
        v = float(x[0])
        return Interval(v, v, v)
    return mean_interval(x, z, skew=True)


# ---------------------------------------------------------------------------------------
# Shares of games, error bars, many intervals at once
# ---------------------------------------------------------------------------------------


def share(hits: Sequence[bool] | np.ndarray, z: float = Z95) -> Interval:
    """The Wilson interval of the share of ``True`` in ``hits`` (one entry per game), for
    example ``share(results.winner == 0)``: the first player's wins.

    >>> share(np.array([True, True, False, True]))
    Interval(0.301, 0.75, 0.954)

    Raises:
        ValueError: ``hits`` is empty or not one flag per game (a flat list of booleans).
    """
    x = np.asarray(hits)
    if x.ndim != 1 or (x.size and x.dtype != bool):
        raise ValueError("hits must be a flat list of True/False, one per game")
    return wilson(int(x.sum()), len(x), z)


@dataclass(frozen=True)
class Difference:
    """How much a share changed from sample ``a`` to sample ``b`` (``b − a``), with its
    interval, and the games behind each share. ``words()`` says it as a class should read
    it: the change in points with its interval, and "cannot tell at N games" when the
    interval holds 0."""

    low: float
    value: float
    high: float
    n_a: int
    n_b: int

    def __repr__(self) -> str:
        return (
            f"Difference({100 * self.value:+.1f} points, {100 * self.low:+.1f} to "
            f"{100 * self.high:+.1f}; n={self.n_a} and {self.n_b})"
        )

    @property
    def known(self) -> bool:
        """Whether the sample shows a change: the interval does not hold 0."""
        return self.low > 0 or self.high < 0

    def words(self, what: str = "the share") -> str:
        """The change in words, e.g. "+12.5 points (+8.1 to +16.8), from 1,000 games each:
        the share rose" or "+0.8 points (−3.6 to +5.2): cannot tell at 1,000 games each
        whether the share changed"."""
        games = (
            f"{self.n_a:,} games each"
            if self.n_a == self.n_b
            else f"{self.n_a:,} and {self.n_b:,} games"
        )
        head = f"{100 * self.value:+.1f} points ({100 * self.low:+.1f} to {100 * self.high:+.1f})"
        if not self.known:
            return f"{head}: cannot tell at {games} whether {what} changed"
        head += f", from {games}"
        return f"{head}: {what} {'rose' if self.value > 0 else 'fell'}"


def difference(
    hits_a: Sequence[bool] | np.ndarray, hits_b: Sequence[bool] | np.ndarray, z: float = Z95
) -> Difference:
    """The change of a share from games ``a`` to games ``b`` (each a list of True/False,
    one per game), with Newcombe's interval for the difference of two independent shares
    (built from their Wilson intervals; right for small samples and shares near 0 or 1).
    Compare two settings by this difference, never by whether their intervals overlap.

    >>> difference([True] * 60 + [False] * 40, [True] * 40 + [False] * 60)
    Difference(-20.0 points, -32.8 to -6.1; n=100 and 100)
    >>> difference([True, False] * 50, [True, False] * 50).words("Black's share")
    "+0.0 points (-13.6 to +13.6): cannot tell at 100 games each whether Black's share changed"

    Raises:
        ValueError: either list is empty or not one flag per game.
    """
    a, b = share(hits_a, z), share(hits_b, z)
    d = b.value - a.value
    low = d - math.sqrt((b.value - b.low) ** 2 + (a.high - a.value) ** 2)
    high = d + math.sqrt((b.high - b.value) ** 2 + (a.value - a.low) ** 2)
    return Difference(
        max(-1.0, low), d, min(1.0, high), len(np.asarray(hits_a)), len(np.asarray(hits_b))
    )


# ---------------------------------------------------------------------------------------
# Paired samples (common seeds), ratios, points and the bootstrap
# ---------------------------------------------------------------------------------------


def _flags(hits: Any, name: str) -> np.ndarray:
    x = np.asarray(hits)
    if x.ndim != 1 or not x.size or x.dtype != bool:
        raise ValueError(f"{name} must be a non-empty flat list of True/False, one per game")
    return x


def paired_difference(
    hits_a: Sequence[bool] | np.ndarray, hits_b: Sequence[bool] | np.ndarray, z: float = Z95
) -> Interval:
    """The change of a share from ``a`` to ``b`` (``b − a``) when game ``k`` of ``a`` and
    game ``k`` of ``b`` were played from the same seed (paired), with the adjusted Wald
    interval of Bonett and Price (2012): one game added to each kind of disagreement (``a``
    only, ``b`` only) before the usual paired formula. Only the pairs that disagree carry
    the change, so the interval is narrower than for independent games. Its coverage was
    checked where the usual intervals fail: few disagreements, all of them one way (a
    variant that only ever adds wins), at 50 to 1,000 games (``tests/test_coverage.py``).

    >>> a = [True] * 50 + [False] * 50
    >>> paired_difference(a, [True] * 60 + [False] * 40)
    Interval(0.0343, 0.1, 0.162)
    >>> paired_difference(a, a)  # the same result in every pair: small, but not nothing
    Interval(-0.0272, 0, 0.0272)

    Raises:
        ValueError: the lists are empty, not flags, or of different lengths.
    """
    a, b = _flags(hits_a, "hits_a"), _flags(hits_b, "hits_b")
    if len(a) != len(b):
        raise ValueError(f"paired lists must be as long: {len(a)} and {len(b)} games")
    z = _z(z)
    n = len(a)
    only_a, only_b = int((a & ~b).sum()), int((~a & b).sum())
    d = (only_b - only_a) / n
    p_a, p_b = (only_a + 1) / (n + 2), (only_b + 1) / (n + 2)
    centre = p_b - p_a
    half = z * math.sqrt(max(0.0, p_a + p_b - centre * centre) / (n + 2))
    low, high = max(-1.0, centre - half), min(1.0, centre + half)
    return Interval(min(low, d), d, max(high, d))


def points_interval(points: Sequence[float] | np.ndarray, z: float = Z95) -> Interval:
    """The mean share of ``points`` (one number from 0 to 1 per game: 1 a win, 0 a loss,
    a part for a draw or a shared win) with its interval: Wilson's when every game is a
    whole win or loss, else the normal interval of the mean, kept within 0 and 1.

    >>> points_interval([1, 1, 0, 1])
    Interval(0.301, 0.75, 0.954)
    >>> points_interval([1, 0.5, 0, 1, 0.5, 0.5])
    Interval(0.282, 0.583, 0.884)

    Raises:
        ValueError: ``points`` is empty, or holds a number outside 0–1.
    """
    x = np.asarray(points, dtype=float)
    if x.ndim != 1 or not x.size:
        raise ValueError("points must be a non-empty flat list of numbers from 0 to 1")
    if not ((x >= 0) & (x <= 1)).all():
        raise ValueError("points must lie between 0 and 1 (1: a win, 0: a loss)")
    if np.isin(x, (0.0, 1.0)).all():
        return wilson(int(x.sum()), len(x), z)
    if len(x) == 1:
        return Interval(0.0, float(x[0]), 1.0)
    m = mean_interval(x, z)
    return Interval(max(0.0, m.low), m.value, min(1.0, m.high))


def ratio_interval(
    totals: Sequence[float] | np.ndarray, counts: Sequence[float] | np.ndarray, z: float = Z95
) -> Interval:
    """The pooled ratio ``sum(totals) / sum(counts)`` over games (for example legal moves
    over decisions: the mean branching factor) with its interval, the games taken as the
    sample (each game's ``totals`` and ``counts`` go together; the delta method, as for a
    cluster sample).

    >>> ratio_interval([10, 10, 10], [4, 4, 4])  # every game the same: no spread
    Interval(2.5, 2.5, 2.5)

    Raises:
        ValueError: the lists differ in length, hold fewer than two games, or the counts
            add up to 0.
    """
    y, x = _numbers(totals, "totals"), _numbers(counts, "counts")
    if y.shape != x.shape or y.ndim != 1 or len(y) < 2:
        raise ValueError("totals and counts must be two lists of numbers, one per game, 2 or more")
    if x.sum() <= 0:
        raise ValueError("the counts add up to 0: there is nothing to take a ratio over")
    r = float(y.sum() / x.sum())
    residual = (y - r * x) / x.mean()
    half = z * float(residual.std(ddof=1)) / math.sqrt(len(y))
    return Interval(r - half, r, r + half)


def _numbers(values: Any, name: str) -> np.ndarray:
    """``values`` as a flat array of finite numbers, or a ``ValueError`` naming ``name``."""
    try:
        x = np.asarray(values, dtype=float)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"{name} must be a list of numbers, not {shown(values)}") from None
    if not np.isfinite(x).all():
        raise ValueError(f"{name} must be finite numbers (no nan or inf)")
    return x


def paired_ratio_difference(
    a: tuple[Sequence[float] | np.ndarray, Sequence[float] | np.ndarray],
    b: tuple[Sequence[float] | np.ndarray, Sequence[float] | np.ndarray],
    z: float = Z95,
) -> Interval:
    """The change of a pooled ratio (see :func:`ratio_interval`) from paired games ``a`` to
    ``b`` (each ``(totals, counts)``, game ``k`` of both from the same seed): ``b − a``
    with the delta-method interval of the paired difference.

    >>> paired_ratio_difference(([10, 12], [4, 4]), ([12, 14], [4, 4]))
    Interval(0.5, 0.5, 0.5)
    """
    if not (isinstance(a, tuple | list) and isinstance(b, tuple | list) and len(a) == len(b) == 2):
        raise ValueError("a and b must each be (totals, counts): two lists, one number per game")
    ya, xa = (_numbers(v, "a") for v in a)
    yb, xb = (_numbers(v, "b") for v in b)
    if not (ya.shape == xa.shape == yb.shape == xb.shape) or ya.ndim != 1 or len(ya) < 2:
        raise ValueError("a and b must be (totals, counts) of the same games, 2 or more")
    if xa.sum() <= 0 or xb.sum() <= 0:
        raise ValueError("the counts add up to 0: there is nothing to take a ratio over")
    ra, rb = ya.sum() / xa.sum(), yb.sum() / xb.sum()
    linear = (yb - rb * xb) / xb.mean() - (ya - ra * xa) / xa.mean()
    half = z * float(linear.std(ddof=1)) / math.sqrt(len(ya))
    d = float(rb - ra)
    return Interval(d - half, d, d + half)


def bootstrap_interval(
    statistic: Callable[[np.ndarray], float],
    rows: int,
    seed: int = 0,
    resamples: int = 1000,
    level: float = 0.95,
) -> Interval:
    """The percentile bootstrap interval of ``statistic(indices)`` (a number computed from
    the sample rows ``indices``): ``resamples`` draws of ``rows`` rows with replacement,
    from a generator seeded with ``seed`` (so the same seed gives the same interval).

    >>> x = np.array([1.0, 2, 3, 4])
    >>> bootstrap_interval(lambda i: float(x[i].mean()), 4, seed=1)
    Interval(1.5, 2.5, 3.51)
    """
    rows = whole(rows, "rows", 1, 10**8)
    resamples = whole(resamples, "resamples", 1, 10**7)
    if not callable(statistic):
        raise TypeError(f"statistic must be a function of the rows, not {shown(statistic)}")
    if isinstance(level, bool) or not isinstance(level, (int, float)) or not 0 < level < 1:
        raise ValueError(f"level must be a number between 0 and 1, not {shown(level)}")
    rng = np.random.default_rng(seed)
    value = float(statistic(np.arange(rows)))
    if not math.isfinite(value):
        raise ValueError(f"the statistic of the whole sample is not a finite number: {value}")
    draws = np.array([statistic(rng.integers(0, rows, rows)) for _ in range(resamples)])
    draws = draws[np.isfinite(draws)]
    if not draws.size:
        return Interval(value, value, value)
    tail = 100 * (1 - level) / 2
    low, high = np.percentile(draws, [tail, 100 - tail])
    return Interval(min(value, float(low)), value, max(value, float(high)))


def error_bars(intervals: Sequence[Interval], scale: float = 100.0) -> np.ndarray:
    """The ``yerr`` (or ``xerr``) matplotlib wants for ``intervals``: shape ``(2, k)``, the
    distance from each value down to its low end and up to its high end, times ``scale``
    (100: percentages).

    >>> error_bars([Interval(0.4, 0.5, 0.7)])
    array([[10.],
           [20.]])

    Raises:
        TypeError: an item of ``intervals`` is not an :class:`Interval`.
    """
    items = list(intervals)
    for item in items:
        if not isinstance(item, Interval):
            raise TypeError(f"intervals must hold Interval objects, not {item!r}")
    low = [scale * (i.value - i.low) for i in items]
    high = [scale * (i.high - i.value) for i in items]
    return np.array([low, high], dtype=float).reshape(2, len(items))


def simultaneous_z(comparisons: int, level: float = 0.95) -> float:
    """The ``z`` that makes ``comparisons`` intervals hold *all at once* with probability at
    least ``level`` (Bonferroni: each one at level ``1 - (1 - level) / comparisons``). One
    95 % interval misses its true value 1 time in 20; of 100 such intervals about 5 miss.

    >>> round(simultaneous_z(1), 2), round(simultaneous_z(111), 2)
    (1.96, 3.51)

    Raises:
        TypeError: ``comparisons`` is not a whole number.
        ValueError: ``comparisons`` is below 1, or ``level`` not between 0 and 1.
    """
    k = whole(comparisons, "comparisons", 1, 10**12)
    if isinstance(level, bool) or not isinstance(level, (int, float)) or not 0 < level < 1:
        raise ValueError(f"level must be a number between 0 and 1, not {level!r}")
    return NormalDist().inv_cdf(1 - (1 - level) / (2 * k))


# ---------------------------------------------------------------------------------------
# Experiments: two players from both seats; Coffee's openings and the pie rule
# ---------------------------------------------------------------------------------------


def head_to_head(
    rules: Any, player: Player, opponent: Player, games: int, seed: int | None = 0
) -> Interval:
    """The share of games ``player`` wins against ``opponent`` (Wilson interval), playing
    half of the ``games`` from each seat, so that the first player's advantage cancels out.
    With a ``seed``, both halves play the same deals: in a game of chance each deal is
    played from both seats. A draw or a shared win is not a win.

    >>> from gamekit import coffee
    >>> from gamekit.players import RandomPlayer
    >>> head_to_head(coffee.Rules(board="square", size=4), RandomPlayer(), RandomPlayer(), 20)
    Interval(0.299, 0.5, 0.701)

    Raises:
        TypeError, ValueError: as :func:`gamekit.sim.play_many` does; ``ValueError`` also
            for a game that is not for two, or fewer than 2 games.
    """
    if len(getattr(rules, "seats", ())) != 2:
        raise ValueError(f"head_to_head needs a game for two players, not {rules!r}")
    games = whole(games, "games")
    if games < 2:
        raise ValueError(f"games must be 2 or more (half from each seat), not {games}")
    half = games // 2
    first = play_many(rules, [player, opponent], half, seed, progress=False)
    second = play_many(rules, [opponent, player], games - half, seed, progress=False)
    return wilson(int((first.winner == 0).sum() + (second.winner == 1).sum()), games)


#: Moved to the design lab (:mod:`gamekit.design.panel`): this module computes and draws
#: nothing. Programs written before still find them here.
_MOVED = {"plot_shares", "experiment_panel"}


def __getattr__(name: str) -> Any:
    if name in _MOVED:
        import importlib

        return getattr(importlib.import_module("gamekit.design.panel"), name)
    raise AttributeError(f"module 'gamekit.stats' has no attribute {name!r}")
