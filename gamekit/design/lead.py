"""Who leads a game, position by position: by the game's own judgement of positions (its
strategy's evaluation) or, for any game, by a search, as Ludii judges positions with UCT.

:class:`Behaviour` watches every position of a game (see :func:`gamekit.sim.play_many`'s
``watch``) and returns one row of numbers: gamekit's lead measures (lead changes, won from
behind, how early the winner took the lead for good) and the per-game values of Ludii's
metrics that need positions (:data:`gamekit.design.ludii.EVALUATED` and the multi-metrics
of :data:`gamekit.design.ludii.EVALUATED_SERIES`). The final position is judged by its
result: the winner leads it alone, and a game without a single winner ends with everyone
level.

>>> from gamekit import coffee
>>> from gamekit.sim import play_many
>>> from gamekit.players import RandomPlayer
>>> res = play_many(coffee.Rules(size=3), [RandomPlayer(), RandomPlayer()], 3, seed=1,
...                 progress=False, watch=Behaviour(SearchJudge(iterations=16)))
>>> res.watched.shape
(3, 76)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from gamekit.design.ludii import AGGREGATES, EVALUATED, EVALUATED_SERIES, aggregates
from gamekit.game import State, occupancy_of, player_index
from gamekit.players import Evaluation

__all__ = ["SearchJudge", "Behaviour", "Lead", "OWN"]

#: gamekit's own lead measures, first in a watched row: lead changes, whether the winner
#: was behind at some position, the share of the game before the winner led for good.
OWN = ("lead_changes", "drama", "decisiveness")


@dataclass(frozen=True)
class SearchJudge:
    """Judges a position by a Monte Carlo tree search of ``iterations`` playouts from it,
    as Ludii judges positions with UCT: each player's value is its mean worth over the
    playouts (a win 1, a game without a single winner ½ each), and each move searched gets
    its mean worth to the player who makes it. Works for any game; a position is searched
    from the same seed whenever it comes at the same ply, so the numbers repeat.

    >>> SearchJudge()
    SearchJudge(iterations=64)
    """

    iterations: int = 64

    def judge(self, state: State, ply: int) -> tuple[list[float], list[float], Any]:
        """(each player's value by player index, each searched move's value to the mover,
        the moves' states by move) for the position ``state`` at ``ply``."""
        from gamekit.search import MCTSPlayer

        search = MCTSPlayer(iterations=self.iterations, seed=1_000_003 * ply + 7)
        worth, moves = search.analyse(state)
        return list(worth), [value for _, _, value in moves], [m for m, _, _ in moves]


def _result(state: State) -> list[float]:
    """A final position judged by its result: 1 for the sole winner, 0 for the others; ½
    each when nobody wins alone."""
    seats = tuple(state.rules.seats)
    won = () if state.outcome is None else tuple(state.outcome.winners)
    if len(won) != 1:
        return [0.5] * len(seats)
    winner = player_index(state, won[0])
    return [1.0 if k == winner else 0.0 for k in range(len(seats))]


def _leaders(values: list[float]) -> frozenset[int]:
    best = max(values)
    return frozenset(k for k, v in enumerate(values) if v == best)


@dataclass(frozen=True)
class Behaviour:
    """The watch of :func:`gamekit.design.measure` (``lead=...``): given a game's
    positions, one row of numbers (see the module's doc). ``judge`` is an
    :class:`~gamekit.players.Evaluation` (the game's own, whose values have the game's own
    scale) or a :class:`SearchJudge` (values are chances to win, as Ludii's); Ludii's
    evaluation metrics are given only with a search, the others always."""

    judge: Evaluation | SearchJudge | None = None

    def __call__(self, positions: list[State]) -> np.ndarray:
        row = np.full(len(OWN) + len(EVALUATED) + len(EVALUATED_SERIES) * len(AGGREGATES), np.nan)
        first = positions[0]
        seats = tuple(first.rules.seats)
        last = positions[-1]
        won = () if last.outcome is None else tuple(last.outcome.winners)
        winner = player_index(last, won[0]) if len(won) == 1 else None
        searched = isinstance(self.judge, SearchJudge)
        values: list[list[float]] = []
        move_values: list[float] = []  # the value, to its mover, of each move played
        clarity: list[tuple[float, float]] = []
        series = {name: [] for name in EVALUATED_SERIES}  # type: dict[str, list[float]]
        for ply, state in enumerate(positions):
            if state.outcome is not None or self.judge is None:
                judged = _result(state) if state.outcome is not None else None
                if judged is not None:
                    values.append(judged)
                continue
            if isinstance(self.judge, SearchJudge):
                worth, moved, moves = self.judge.judge(state, ply)
                values.append(worth)
                if len(moved) >= 2:
                    mean = sum(moved) / len(moved)
                    top = max(moved)
                    narrow = sum(1 for v in moved if v > mean + 0.75 * (top - mean))
                    variance = sum((v - mean) ** 2 for v in moved) / len(moved)
                    clarity.append((narrow / len(moved), variance))
                if ply + 1 < len(positions):
                    move_values.append(_played(state, positions[ply + 1], moves, moved))
            else:
                by_player = [0.0] * len(seats)
                for seat in seats:
                    by_player[player_index(state, seat)] = float(self.judge.value(state, seat))
                values.append(by_player)
        # gamekit's own lead measures
        leaders = [_leaders(v) for v in values]
        single = [next(iter(x)) if len(x) == 1 else None for x in leaders]
        led = [x for x in single if x is not None]
        row[0] = sum(1 for a, b in zip(led, led[1:], strict=False) if a != b)
        if winner is not None and values:
            row[1] = float(any(x is not None and x != winner for x in single))
            since = len(single) - 1
            while since > 0 and single[since - 1] == winner:
                since -= 1
            plies = max(len(single) - 1, 1)
            row[2] = min(since, plies) / plies
        base = len(OWN)
        moves_made = max(len(positions) - 1, 1)
        if searched and values:
            row[base + 0] = sum(1 for a, b in zip(leaders, leaders[1:], strict=False) if a != b) / (
                moves_made
            )
            table = np.array(values)
            row[base + 1] = float(table.var(axis=0).mean())
            if winner is not None:
                others = np.delete(table, winner, axis=1)
                threshold = float(others.max()) if others.size else math.nan
                row[base + 3] = threshold
                above = np.flatnonzero(table[:, winner] > threshold)
                first_above = int(above[0]) if above.size else len(values) - 1
                row[base + 2] = first_above / moves_made
                series["Drama"] = list(table.max(axis=1) - table[:, winner])
            if clarity:
                row[base + 4] = float(np.mean([c[0] for c in clarity]))
                row[base + 5] = float(np.mean([c[1] for c in clarity]))
            series["MoveEvaluation"] = move_values
            ordered = np.sort(table, axis=1)
            if table.shape[1] > 1:
                series["StateEvaluationDifference"] = list(ordered[:, -1] - ordered[:, -2])
        row[base + 6] = 1.0 - len(set(positions)) / len(positions)
        reader = occupancy_of(first.rules)
        if reader is not None:
            try:
                occupied = [reader(state) for state in positions]
            except (TypeError, AttributeError, ValueError):
                occupied = []
            if occupied:
                counts = [float(_count(o)) for o, _ in occupied]
                series["PieceNumber"] = counts
                series["BoardSitesOccupied"] = [
                    c / cells for c, (_, cells) in zip(counts, occupied, strict=True)
                ]
        scores = [_scores(state) for state in positions]
        known = [s for s in scores if s is not None and len(s) > 1]
        if len(known) == len(scores):
            series["ScoreDifference"] = [float(np.sort(s)[-1] - np.sort(s)[-2]) for s in known]
        start = base + len(EVALUATED)
        for k, name in enumerate(EVALUATED_SERIES):
            values_of = series[name]
            if values_of:
                found = aggregates(np.array([values_of], dtype=float))[0]
                row[start + k * len(AGGREGATES) : start + (k + 1) * len(AGGREGATES)] = found
        return row


def _played(state: State, after: State, moves: list[Any], values: list[float]) -> float:
    """The searched value of the move that led from ``state`` to ``after``, where the
    search tried it; else the mover's value of ``after`` is not known: NaN."""
    for move, value in zip(moves, values, strict=True):
        try:
            if state.play(move) == after:
                return value
        except Exception:  # a move of a redealt position may not be legal in this one
            continue
    return math.nan


def _count(occupied: Any) -> int:
    return occupied.bit_count() if isinstance(occupied, int) else len(occupied)


def _scores(state: State) -> list[float] | None:
    """Each player's score in ``state`` where the game keeps a running score
    (``state.scores()``, or the outcome's scores at the end); else ``None``."""
    own = getattr(state, "scores", None)
    try:
        table = own() if callable(own) else None
    except Exception:
        table = None
    if table is None and state.outcome is not None:
        table = state.outcome.scores
    if not table:
        return None
    try:
        return [float(v) for v in dict(table).values()]
    except (TypeError, ValueError):
        return None


@dataclass(frozen=True)
class Lead:
    """gamekit's three lead measures of one game by ``evaluation`` (a judge as
    :class:`Behaviour` takes): (lead changes, winner was behind, share of the game before
    the winner led for good); the last two are NaN without a single winner."""

    evaluation: Evaluation | SearchJudge

    def __call__(self, positions: list[State]) -> tuple[float, float, float]:
        row = Behaviour(self.evaluation)(positions)
        return float(row[0]), float(row[1]), float(row[2])
