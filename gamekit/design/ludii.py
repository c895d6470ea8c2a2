"""Ludii's metrics of a game's behaviour, with Ludii's definitions, each with its interval.

Ludii (Browne, Piette, Stephenson and others) measures a game from many playouts ("trials")
with a list of metrics; most of them are computed for each trial and averaged over trials.
gamekit computes those that apply to its games the same way, and adds what Ludii prints
without: the 95 % interval over the games and their number. ``docs/design.md`` gives each
definition and where gamekit's own measures differ.

A multi-metric (Ludii's ``MultiMetricFramework``) turns one number per move of a trial (the
legal moves, the pieces on the board …) into eleven: :data:`AGGREGATES`.

>>> series = np.array([[3.0, 5.0, 4.0, 4.0, np.nan]])
>>> dict(zip(AGGREGATES, aggregates(series)[0].round(3).tolist()))["ChangeNumTimes"]
0.333
"""

from __future__ import annotations

import math
import warnings
from typing import cast

import numpy as np

from gamekit.sim import Results
from gamekit.stats import Z95, Interval, sample_mean, wilson

__all__ = [
    "AGGREGATES",
    "aggregates",
    "ludii_metrics",
    "evaluation_metrics",
    "EVALUATED",
    "utilities",
]

#: Ludii's eleven ways to sum up a per-move series within one trial (then averaged over
#: trials): the series' average, median, maximum, minimum and variance (over its n
#: values), the mean change from one move to the next, the mean sign of those changes,
#: the slope of the least-squares line through the series, how often the series turns
#: (the share of changes whose direction is the reverse of the last change that had one),
#: and the largest rise and the largest fall (a size, 0 if there is none) between two
#: moves. A series of one value has no change: its changes are 0.
AGGREGATES = (
    "Average",
    "Median",
    "Maximum",
    "Minimum",
    "Variance",
    "ChangeAverage",
    "ChangeSign",
    "ChangeLineBestFit",
    "ChangeNumTimes",
    "MaxIncrease",
    "MaxDecrease",
)


def _left(series: np.ndarray) -> np.ndarray:
    """Each row's values (not NaN) moved to the front, in their order; NaN after."""
    order = np.argsort(np.isnan(series), axis=1, kind="stable")
    return np.take_along_axis(series, order, axis=1)


def aggregates(series: np.ndarray) -> np.ndarray:
    """The eleven :data:`AGGREGATES` of each row of ``series`` (one trial per row, a value
    per move, NaN where the trial has no value), shape ``(rows, 11)``; a row without values
    gives NaN."""
    x = _left(np.asarray(series, dtype=float))
    rows = x.shape[0]
    out = np.full((rows, len(AGGREGATES)), np.nan)
    n = (~np.isnan(x)).sum(axis=1)
    has = n > 0
    if not has.any() or x.shape[1] == 0:
        return out
    with np.errstate(invalid="ignore", divide="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # a row of NaN gives NaN
        out[has, 0] = np.nanmean(x[has], axis=1)
        out[has, 1] = np.nanmedian(x[has], axis=1)
        out[has, 2] = np.nanmax(x[has], axis=1)
        out[has, 3] = np.nanmin(x[has], axis=1)
        out[has, 4] = np.nanvar(x[has], axis=1)
        change = x[:, 1:] - x[:, :-1]  # NaN past each row's end
        steps = (~np.isnan(change)).sum(axis=1)
        moved = steps > 0
        out[has, 5:] = 0.0
        if moved.any():
            c = change[moved]
            out[moved, 5] = np.nanmean(c, axis=1)
            out[moved, 6] = np.nanmean(np.sign(c), axis=1)
            t = np.where(np.isnan(x[moved]), np.nan, np.arange(x.shape[1], dtype=float))
            tm = np.nanmean(t, axis=1, keepdims=True)
            xm = np.nanmean(x[moved], axis=1, keepdims=True)
            cov = np.nansum((t - tm) * (x[moved] - xm), axis=1)
            var = np.nansum((t - tm) ** 2, axis=1)
            out[moved, 7] = cov / var
            out[moved, 8] = _turns(np.sign(c)) / steps[moved]
            out[moved, 9] = np.maximum(0.0, np.nanmax(c, axis=1))
            out[moved, 10] = np.maximum(0.0, np.nanmax(-c, axis=1))
    return out


def _turns(signs: np.ndarray) -> np.ndarray:
    """For each row of change signs (+1, -1, 0, NaN past the end): how many changes run
    against the direction of the last change that had one."""
    s = np.where(np.isnan(signs), 0.0, signs)
    index = np.where(s != 0, np.arange(s.shape[1]), -1)
    last = np.maximum.accumulate(index, axis=1)  # the last change with a direction so far
    previous = np.concatenate([np.full((s.shape[0], 1), -1), last[:, :-1]], axis=1)
    before = np.take_along_axis(s, np.maximum(previous, 0), axis=1)
    turned = (s != 0) & (previous >= 0) & (s != before)
    return cast(np.ndarray, turned.sum(axis=1).astype(float))


def utilities(res: Results) -> np.ndarray:
    """Each player's utility in each game, as Ludii ranks players: rank 1 (first) is
    worth 1, the last rank -1, and players who tie share the mean of their ranks. A sole
    winner gets 1 and the others tie behind; a game without a single winner (a draw, a
    shared win, a game stopped unfinished) counts as all tied, 0 each (the results do not
    say who shared a win). Shape ``(games, players)``."""
    players = max(len(res.seats), 1)
    out = np.zeros((res.games, players))
    if players == 1:
        return out
    for g in range(res.games):
        k = int(res.winner[g])
        if k >= 0:
            out[g, :] = 1 - 2 * ((2 + players) / 2 - 1) / (players - 1)
            out[g, k] = 1.0
    return out


def _share(flags: np.ndarray, z: float = Z95) -> Interval:
    return wilson(int(np.sum(flags)), len(flags), z)


def _mean(values: np.ndarray, z: float = Z95) -> Interval | None:
    v = np.asarray(values, dtype=float)
    v = v[np.isfinite(v)]
    return sample_mean(v, z) if len(v) else None


def _uniformity(u: np.ndarray, z: float = Z95) -> Interval:
    """OutcomeUniformity, 1 minus the players' mean variance of utility over the games,
    with its delta-method interval (each game's influence on the statistic)."""
    n = len(u)
    m1, m2 = u.mean(axis=0), (u**2).mean(axis=0)
    value = 1.0 - float((m2 - m1**2).mean())
    influence = -((u**2 - m2) - 2 * m1 * (u - m1)).mean(axis=1)
    if n < 2 or float(influence.std()) == 0.0:
        return Interval(value, value, value)
    half = z * float(influence.std(ddof=1)) / math.sqrt(n)
    return Interval(max(0.0, value - half), value, min(1.0, value + half))


def ludii_metrics(res: Results, balance: Interval | None, z: float = Z95) -> dict[str, Interval]:
    """Ludii's metrics that the games' results alone give, by Ludii's name, each with its
    interval (``z``: 1.96 for 95 %)."""
    n = res.games
    seats = len(res.seats)
    ended = res.ended != "unfinished"
    won = res.winner >= 0
    out: dict[str, Interval] = {}
    if seats > 1:
        out["AdvantageP1"] = _share(res.winner == 0, z)
        if balance is not None:
            out["Balance"] = balance
        out["Completion"] = _share(won, z)
        out["Drawishness"] = _share(ended & ~won, z)
        out["OutcomeUniformity"] = _uniformity(utilities(res), z)
    out["Timeouts"] = _share(~ended, z)
    lengths = res.length.astype(float)
    out["DurationMoves"] = cast(Interval, _mean(lengths, z))
    turns = cast(np.ndarray, res.turns)
    if np.isfinite(turns).all() and n:
        out["DurationTurns"] = cast(Interval, _mean(turns, z))
        out["DurationTurnsStdDev"] = _spread(turns, z)
    width = res.branching.shape[1]
    inside = np.arange(width)[None, :] < res.length[:, None]
    branching = np.where(inside, res.branching, np.nan).astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        out["DecisionMoves"] = cast(
            Interval, _mean(np.nansum(branching > 1, axis=1) / np.maximum(lengths, 1), z)
        )
        per_game = np.nansum(branching, axis=1) / lengths
        complexity = lengths * np.log10(np.where(per_game > 0, per_game, np.nan))
    tree = _mean(np.where(lengths > 0, complexity, np.nan), z)
    if tree is not None:
        out["GameTreeComplexity"] = tree
    _multi(out, "BranchingFactor", branching, z)
    _multi(out, "DecisionFactor", np.where(branching > 1, branching, np.nan), z)
    coverage, pieces = cast(np.ndarray, res.coverage), cast(np.ndarray, res.pieces)
    if np.isfinite(coverage).all() and n:
        out["BoardCoverageDefault"] = cast(Interval, _mean(coverage, z))
    if np.isfinite(pieces).all() and n:
        out["PieceNumberAverage"] = cast(Interval, _mean(pieces, z))
    return out


def _spread(values: np.ndarray, z: float = Z95) -> Interval:
    """The standard deviation over the games with a delta-method interval."""
    x = np.asarray(values, dtype=float)
    if len(x) < 2 or float(x.std()) == 0.0:
        sd = float(x.std(ddof=1)) if len(x) > 1 else 0.0
        return Interval(sd, sd, sd)
    sd = float(x.std(ddof=1))
    m4 = float(((x - x.mean()) ** 4).mean())
    se = math.sqrt(max(m4 - sd**4, 0.0) / (4 * sd * sd * len(x)))
    half = z * se
    return Interval(max(0.0, sd - half), sd, sd + half)


def _multi(out: dict[str, Interval], name: str, series: np.ndarray, z: float = Z95) -> None:
    """Add the eleven aggregates of a multi-metric, each averaged over the trials."""
    table = aggregates(series)
    for k, how in enumerate(AGGREGATES):
        found = _mean(table[:, k], z)
        if found is not None:
            out[name + how] = found


#: What :func:`evaluation_metrics` reads from each game's watched row (see
#: :class:`gamekit.design.lead.Behaviour`): single numbers, then the multi-metrics.
EVALUATED = (
    "LeadChange",
    "Stability",
    "DecisivenessMoves",
    "DecisivenessThreshold",
    "ClarityNarrowness",
    "ClarityVariance",
    "SituationalRepetition",
)
#: The multi-metrics a watch of every position gives, each as its eleven aggregates.
EVALUATED_SERIES = (
    "Drama",
    "MoveEvaluation",
    "StateEvaluationDifference",
    "BoardSitesOccupied",
    "PieceNumber",
    "ScoreDifference",
)


def evaluation_metrics(rows: np.ndarray, z: float = Z95) -> dict[str, Interval]:
    """Ludii's metrics from the watched rows (one per game, laid out as
    :data:`EVALUATED` then each of :data:`EVALUATED_SERIES`' eleven aggregates); a metric
    without a value in any game is left out."""
    out: dict[str, Interval] = {}
    for k, name in enumerate(EVALUATED):
        found = _mean(rows[:, k], z)
        if found is not None:
            out[name] = found
    base = len(EVALUATED)
    for s, name in enumerate(EVALUATED_SERIES):
        for a, how in enumerate(AGGREGATES):
            found = _mean(rows[:, base + s * len(AGGREGATES) + a], z)
            if found is not None:
                out[name + how] = found
    return out


def width() -> int:
    """How many numbers a watched row holds for Ludii's metrics."""
    return len(EVALUATED) + len(EVALUATED_SERIES) * len(AGGREGATES)
