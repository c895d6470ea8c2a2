"""A game's behaviour measured from many games, each number with its interval and its n.

:func:`measure` plays ``games`` games of any registered game (a variant or a learner's own
game too: it reads only the contract) and returns :class:`Measures`: who wins from each seat,
draws, how games end and how long they last, how many moves a player has to choose from,
how much of the board a game uses, and, where the game's strategy judges positions, how
often the lead changes hands. Ludii computes most of these for its games; its names are
given in :data:`LUDII` and in ``docs/design.md``.

>>> from gamekit import coffee
>>> m = measure(coffee.Rules(board="square", size=4), games=200, seed=1, progress=False)
>>> m.games, m.shares["black"]
(200, Interval(0.633, 0.7, 0.759))
>>> m.branching
Interval(9.27, 9.39, 9.52)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html import escape
from statistics import NormalDist
from typing import Any, cast

import numpy as np

from gamekit.checks import whole
from gamekit.design.arguments import checked_rules, checked_seed, game_count, is_random, seated
from gamekit.design.lead import OWN, Behaviour, Lead, SearchJudge
from gamekit.design.ludii import evaluation_metrics, ludii_metrics
from gamekit.errors import shown
from gamekit.game import FrozenMap
from gamekit.players import LevelPlayer, Player, strategy
from gamekit.sim import Results, play_many
from gamekit.stats import (
    Z95,
    Interval,
    mean_interval,
    points_interval,
    ratio_interval,
    sample_mean,
    simultaneous_z,
    wilson,
)

__all__ = [
    "Measures",
    "measure",
    "LUDII",
    "LUDII_WORDS",
    "Lead",
    "SearchJudge",
    "clear_cache",
    "balance_interval",
]

#: gamekit's measures that are exactly one of Ludii's metrics, and its name there. The
#: others differ (``docs/design.md`` says how); Ludii's own metrics are in
#: :attr:`Measures.ludii`, by Ludii's names.
LUDII: FrozenMap[str, str] = FrozenMap(
    balance="Balance",
    draws="Drawishness",
    length="DurationMoves",
    coverage="BoardCoverageDefault",
    pieces="PieceNumberAverage",
)

#: Ludii's metrics in words, as the table prints them (the multi-metrics by their average;
#: every aggregate is in :attr:`Measures.ludii`).
LUDII_WORDS: FrozenMap[str, str] = FrozenMap(
    AdvantageP1="first seat wins (a draw counts 0)",
    Completion="games with a winner",
    Timeouts="games stopped unfinished",
    OutcomeUniformity="outcome uniformity",
    DurationTurns="length (turns)",
    DurationTurnsStdDev="spread of length (turns)",
    DecisionMoves="decisions with a choice, per game",
    BranchingFactorAverage="legal moves per move, per game",
    DecisionFactorAverage="legal moves where there is a choice",
    GameTreeComplexity="game tree complexity (log10)",
    LeadChange="changes of leader per move",
    Stability="stability (variance of the judgement)",
    DecisivenessThreshold="decisiveness threshold",
    DecisivenessMoves="share of moves before it is decided",
    DramaAverage="drama (the winner's gap to the leader)",
    MoveEvaluationAverage="value of the moves played",
    StateEvaluationDifferenceAverage="gap between the two best judged",
    ClarityNarrowness="clarity: few moves stand out",
    ClarityVariance="clarity: spread of the moves' values",
    SituationalRepetition="positions seen before",
    BoardSitesOccupiedAverage="board sites occupied",
    ScoreDifferenceAverage="gap between the two best scores",
)

#: The most measurements kept for a lesson run again in the same session.
_CACHE_SIZE = 64
_CACHE: dict[tuple, Measures] = {}


def clear_cache() -> None:
    """Forget every measurement kept (the next :func:`measure` plays its games again)."""
    _CACHE.clear()


@dataclass(frozen=True, eq=False)
class Measures:
    """What :func:`measure` found. Every number is an :class:`~gamekit.stats.Interval`
    (its value and interval, 95 % unless :meth:`simultaneous` widened them) over ``games``
    games, or ``None`` where the game has no such thing. ``rows()`` lists them for a
    table; a notebook shows that table.

    - ``shares``: seat -> the share of games the player who began in that seat won alone;
    - ``advantage``: the first seat's points (a win 1, a game without a single winner ½);
      ``balance``: 1 minus the largest gap between two seats' shares (1: even; Ludii's
      Balance); ``seat_gap``: the first seat's share of wins minus the second's, from the
      same games (its interval says which seat the sample favours, if it can tell);
    - ``draws``: games that ended without a single winner; ``completion``: games that
      ended within ``max_plies``; ``endings``: ending -> share of games;
    - ``length``: the mean number of plies (moves, each decision counts; Ludii's
      DurationMoves); ``lengths`` every game's, ``length_spread`` their standard deviation;
    - ``branching``: the mean number of legal moves per decision, pooled over all
      decisions; ``branching_curve``: the mean at each ply, over the games still going;
      ``decisions``: the share of decisions with more than one legal move (both pooled;
      Ludii averages each game's instead: ``ludii``);
    - ``coverage``: the share of the board's cells that held a piece during a game, and
      ``pieces``: pieces on the board, averaged over a game's positions (board games);
    - ``scores``: seat -> mean final score, ``margin``: the winner's mean lead over the
      next best, and ``score_spread``: the standard deviation of the score (a game played
      alone) or of the margin (games with scores);
    - ``lead_changes``, ``drama`` (the share of won games in which the winner was behind
      at some point) and ``decisiveness`` (the share of the game played before the winner
      took the lead for good), where asked (``lead=...``), judged as ``judge`` says;
    - ``ludii``: Ludii's metrics that apply, by Ludii's name, with Ludii's definitions
      (``docs/design.md``), each with its interval;
    - ``z``: how wide the intervals are (1.96: each a 95 % interval).
    """

    game: str
    rules: Any
    players: tuple[str, ...]
    seed: int
    games: int
    shares: FrozenMap[str, Interval]
    advantage: Interval
    balance: Interval | None
    seat_gap: Interval | None
    draws: Interval
    completion: Interval
    endings: FrozenMap[str, Interval]
    length: Interval
    length_spread: float
    lengths: np.ndarray = field(repr=False)
    branching: Interval
    branching_curve: np.ndarray = field(repr=False)
    decisions: Interval
    coverage: Interval | None = None
    pieces: Interval | None = None
    scores: FrozenMap[str, Interval] | None = None
    margin: Interval | None = None
    score_spread: float | None = None
    lead_changes: Interval | None = None
    drama: Interval | None = None
    decisiveness: Interval | None = None
    results: Results | None = field(default=None, repr=False)
    ludii: FrozenMap[str, Interval] = field(default_factory=FrozenMap, repr=False)
    judge: str = ""
    z: float = Z95

    @property
    def label(self) -> str:
        """The game and its options in a few words (``"coffee hex5 n=5"``)."""
        name = getattr(self.rules, "name", "")
        n = getattr(self.rules, "n", None)
        return " ".join(
            str(x) for x in (self.game, name, f"n={n}" if isinstance(n, int) else "") if x
        )

    def rows(self) -> list[tuple[str, str, str]]:
        """The table: (what, Ludii's name where it is exactly Ludii's metric, value with
        its interval); gamekit's measures first, then Ludii's that differ from them."""
        seats = tuple(self.shares)
        rows: list[tuple[str, str, str]] = []
        for k, seat in enumerate(seats if len(seats) > 1 else ()):
            place = "first" if k == 0 else "second" if k == 1 else f"seat {k + 1}"
            rows.append((f"{place} seat ({seat}) wins", "", self.shares[seat].percent()))
        if len(seats) > 1:
            rows.append(("first seat's points (a draw ½)", "", self.advantage.percent()))
            rows.append(("balance", LUDII["balance"], cast(Interval, self.balance).percent()))
            gap = cast(Interval, self.seat_gap)
            rows.append(("first seat's wins minus second's", "", _points(gap)))
            rows.append(("games without a single winner", LUDII["draws"], self.draws.percent()))
        rows.append(("games that ended", "", self.completion.percent()))
        for ending, share in self.endings.items():
            rows.append((f"ended: {ending}", "", share.percent()))
        rows.append(("length (plies)", LUDII["length"], _number(self.length)))
        rows.append(("spread of length (plies)", "", f"{self.length_spread:.1f}"))
        rows.append(("legal moves per decision", "", _number(self.branching)))
        rows.append(("decisions with a choice", "", self.decisions.percent()))
        if self.coverage is not None:
            rows.append(("board cells used", LUDII["coverage"], self.coverage.percent()))
        if self.pieces is not None:
            rows.append(("pieces on the board", LUDII["pieces"], _number(self.pieces)))
        for seat, score in (self.scores or {}).items():
            rows.append((f"score ({seat})", "", _number(score)))
        if self.margin is not None:
            rows.append(("winner's margin", "", _number(self.margin)))
        if self.score_spread is not None:
            rows.append(
                (
                    "spread of the " + ("score" if len(seats) == 1 else "margin"),
                    "",
                    f"{self.score_spread:.2f}",
                )
            )
        for name, what in (
            ("lead_changes", "lead changes per game"),
            ("drama", "won from behind"),
            ("decisiveness", "share of game before the lead is for good"),
        ):
            value = getattr(self, name)
            if value is not None:
                shown_value = _number(value) if name == "lead_changes" else value.percent()
                rows.append((what, "", shown_value))
        for name, what in LUDII_WORDS.items():
            value = self.ludii.get(name)
            if value is not None:
                shares = ("AdvantageP1", "Completion", "Timeouts", "DecisionMoves")
                rows.append((what, name, value.percent() if name in shares else _number(value)))
        return rows

    @property
    def intervals(self) -> int:
        """How many intervals the table prints (each misses its true value 1 time in 20
        at 95 %: of 40, about 2 miss, and nobody knows which)."""
        return sum(1 for _, _, value in self.rows() if "(" in value)

    def simultaneous(self, count: int | None = None) -> Measures:
        """The same games with intervals wide enough to hold all at once 95 times in 100
        (Bonferroni's z for ``count`` intervals: by default every interval of the table),
        for reading many numbers of one table together.

        Raises:
            ValueError: the games are not kept (``results`` is None), or ``count`` is
                below 1.
        """
        if self.results is None:
            raise ValueError("these measurements kept no games to widen their intervals from")
        count = self.intervals if count is None else whole(count, "count", 1)
        return _measures(
            self.rules,
            self.game,
            self.players,
            self.seed,
            self.results,
            self.judge,
            simultaneous_z(count),
        )

    def _title(self) -> str:
        who = " v ".join(self.players)
        if abs(self.z - Z95) < 1e-9:
            width = "95 % intervals"
        else:
            width = f"intervals that hold all at once 95 times in 100, z = {self.z:.2f}"
        judged = f"; lead judged by {self.judge}" if self.judge else ""
        return f"{self.label}: {who}, {self.games:,} games, seed {self.seed} ({width}){judged}"

    def __repr__(self) -> str:
        rows = self.rows()
        width = max(len(r[0]) for r in rows)
        lines = [self._title()]
        for what, ludii, value in rows:
            lines.append(f"  {what:<{width}}  {value}" + (f"  [{ludii}]" if ludii else ""))
        more = len(self.ludii) - sum(1 for _, lu, _ in rows if lu in self.ludii)
        if more > 0:
            lines.append(f"  (and {more} more of Ludii's metrics in .ludii)")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        body = "".join(
            f"<tr><td style='text-align:left'>{escape(w)}</td><td>{escape(v)}</td>"
            f"<td style='text-align:left'>{escape(lu)}</td></tr>"
            for w, lu, v in self.rows()
        )
        return (
            f"<table><caption>{escape(self._title())}</caption>"
            "<thead><tr><th>measure</th><th>value (interval)</th><th>Ludii's metric</th></tr>"
            f"</thead><tbody>{body}</tbody></table>"
        )


def _points(interval: Interval) -> str:
    """A difference of shares in points: ``"-4.5 points (-6.6 to -2.4)"``."""
    low, value, high = (100 * x for x in (interval.low, interval.value, interval.high))
    return f"{value:+.1f} points ({low:+.1f} to {high:+.1f})".replace("-", "−")


def _number(interval: Interval) -> str:
    digits = 2 if abs(interval.value) < 10 else 1
    f = f"{{:.{digits}f}}"
    if not math.isfinite(interval.low):
        return f"{f.format(interval.value)} (one game: no interval)"
    return f"{f.format(interval.value)} ({f.format(interval.low)}–{f.format(interval.high)})"


def measure(
    rules: Any,
    players: Any = "random",
    games: int = 1000,
    seed: int = 0,
    executor: Any = None,
    progress: bool = True,
    lead: bool | str = False,
    max_plies: int = 10_000,
    playouts: int = 64,
) -> Measures:
    """Play ``games`` games of ``rules`` and measure them (see :class:`Measures`).

    ``players``: a level name for every seat (``"random"``, ``"beginner"``, ``"club"``,
    ``"strong"``; a search level plays by its playout cap, not the clock, so the numbers
    are the same on every machine), a list with a level or a
    :class:`~gamekit.players.Player` per seat. ``seed``: the same seed gives the same
    numbers (game ``k`` is played from the ``k``-th seed of ``seed``, as
    :func:`gamekit.sim.play_many` does, with or without an ``executor``; random play uses
    the game's own faster engine where it has one, which draws game ``k`` from the seed in
    its own way: see ``Results.pairing``).

    ``lead``: follow the lead through every game and measure Ludii's metrics of positions.
    ``True`` judges positions by the game's own evaluation where its strategy has one,
    else by a search; ``"search"`` always by a search of ``playouts`` playouts at every
    position (as Ludii judges with UCT: it costs that many playouts a position; Ludii's
    evaluation metrics need it). The final position is judged by its result. A game played
    alone has no lead: refused. A measurement is kept: asking again with the same
    arguments is instant.

    Raises:
        TypeError: ``rules`` are not a registered game's rules, ``players`` neither a
            level, a player nor a list of them, ``games``, ``seed``, ``max_plies`` or
            ``playouts`` not a whole number, ``lead`` not True, False or "search".
        ValueError: ``games`` below 2, an unknown level, not one player per seat, a player
            that cannot play this game, ``lead`` for a game played alone.
    """
    game = checked_rules(rules)
    games = game_count(games)
    seed = checked_seed(seed)
    max_plies = whole(max_plies, "max_plies", 1)
    playouts = whole(playouts, "playouts", 1)
    if not (isinstance(lead, bool) or lead == "search"):
        raise TypeError(f"lead must be True, False or 'search', not {shown(lead)}")
    seats = seated(rules, players)
    judge: Any = None
    judged = ""
    if lead:
        if len(tuple(rules.seats)) < 2:
            raise ValueError(
                f"{game} is played alone: nobody leads it, so lead=... has nothing to follow"
            )
        own = strategy(rules).evaluation
        if lead is True and own is not None:
            judge, judged = own, "the game's own evaluation"
        else:
            judge, judged = SearchJudge(playouts), f"a search of {playouts} playouts"
    key = _key(rules, seats, games, seed, lead, max_plies, playouts)
    if key is not None and key in _CACHE:
        return _CACHE[key]
    results = _play(
        rules,
        seats,
        games,
        seed,
        executor,
        progress,
        cast(Callable[[list[Any]], Sequence[float]], Behaviour(judge)) if lead else None,
        max_plies,
    )
    found = _measures(rules, game, tuple(_name(p) for p in seats), seed, results, judged)
    if key is not None:
        if len(_CACHE) >= _CACHE_SIZE:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = found
    return found


def _key(
    rules: Any,
    players: list[Player],
    games: int,
    seed: int,
    lead: bool | str,
    plies: int,
    playouts: int,
) -> tuple | None:
    """The key a measurement is kept under, or ``None`` to keep nothing: only gamekit's own
    games (and their options) played by its levels are kept. A class's game or player can
    change while its class name and repr stay (a cell run again, a method fixed), and then
    the kept numbers would be those of the old code."""
    if not type(rules).__module__.startswith("gamekit."):
        return None
    if not all(isinstance(p, LevelPlayer) for p in players):
        return None
    try:
        hash(rules)
    except TypeError:
        return None
    return (type(rules), rules, tuple(map(repr, players)), games, seed, lead, plies, playouts)


def _play(
    rules: Any,
    players: list[Player],
    games: int,
    seed: int,
    executor: Any,
    progress: bool,
    watch: Callable[[list[Any]], Sequence[float]] | None,
    max_plies: int,
) -> Results:
    faster = strategy(rules).random_games
    if faster is not None and watch is None and is_random(players) and max_plies >= 10_000:
        played = faster(rules, games, seed)
        if played is not None:
            return cast(Results, played)
    return play_many(
        rules,
        players,
        games,
        seed,
        executor=executor,
        progress=progress,
        max_plies=max_plies,
        watch=watch,
        board=True,
    )


def _measures(
    rules: Any,
    game: str,
    players: tuple[str, ...],
    seed: int,
    res: Results,
    judged: str = "",
    z: float = Z95,
) -> Measures:
    n = res.games
    seats = tuple(rules.seats)
    final_scores, coverage_of, pieces_of = (
        cast(np.ndarray, x) for x in (res.scores, res.coverage, res.pieces)
    )
    ended = res.ended != "unfinished"
    single = res.winner >= 0
    shares = FrozenMap((s, wilson(int((res.winner == k).sum()), n, z)) for k, s in enumerate(seats))
    points = (res.winner == 0) + 0.5 * (ended & ~single)
    balance = seat_gap = None
    if len(seats) > 1:
        # +1 a game the first seat won, -1 one the second won: the gap in the same games
        seat_gap = sample_mean((res.winner == 0).astype(float) - (res.winner == 1), z)
        balance = balance_interval(res.winner, len(seats), z)
    endings = {e: wilson(int((res.ended == e).sum()), n, z) for e in type(rules).endings}
    if (~ended).any():
        endings["unfinished"] = wilson(int((~ended).sum()), n, z)
    decisions_made = res.length.astype(float)
    totals = res.branching.sum(axis=1).astype(float)
    choices = (res.branching > 1).sum(axis=1).astype(float)
    curve_n = (res.branching > 0).sum(axis=0)
    curve = res.branching.sum(axis=0) / np.maximum(curve_n, 1)
    coverage = pieces = None
    if np.isfinite(coverage_of).all() and n:
        coverage = _clip(sample_mean(coverage_of, z))
        pieces = sample_mean(pieces_of, z)
    scores = margin = spread = None
    if np.isfinite(final_scores).all() and n:
        scores = FrozenMap((s, sample_mean(final_scores[:, k], z)) for k, s in enumerate(seats))
        spread = float(final_scores[:, 0].std(ddof=1))
        if len(seats) > 1:
            ordered = np.sort(final_scores, axis=1)
            margin = sample_mean(ordered[:, -1] - ordered[:, -2], z)
            spread = float((ordered[:, -1] - ordered[:, -2]).std(ddof=1))
    lead_changes = drama = decisiveness = None
    ludii = ludii_metrics(res, balance, z)
    if judged and res.watched is not None and res.watched.size:
        changes, behind, since = res.watched[:, : len(OWN)].T
        lead_changes = sample_mean(changes, z)
        won = np.isfinite(behind)
        if won.any():
            drama = wilson(int(behind[won].sum()), int(won.sum()), z)
            decisiveness = _clip(sample_mean(since[won], z))
        ludii.update(evaluation_metrics(res.watched[:, len(OWN) :], z))
    return Measures(
        game=game,
        rules=rules,
        players=players,
        seed=seed,
        games=n,
        shares=shares,
        advantage=points_interval(points, z),
        balance=balance,
        seat_gap=seat_gap,
        draws=wilson(int((ended & ~single).sum()), n, z),
        completion=wilson(int(ended.sum()), n, z),
        endings=FrozenMap(endings),
        length=sample_mean(res.length.astype(float), z),
        length_spread=float(res.length.std(ddof=1)) if n > 1 else 0.0,
        lengths=res.length.copy(),
        branching=_ratio(totals, decisions_made, z),
        branching_curve=curve,
        decisions=_clip(_ratio(choices, decisions_made, z)),
        coverage=coverage,
        pieces=pieces,
        scores=scores,
        margin=margin,
        score_spread=spread,
        lead_changes=lead_changes,
        drama=drama,
        decisiveness=decisiveness,
        results=res,
        ludii=FrozenMap(ludii),
        judge=judged,
        z=z,
    )


def balance_interval(winner: np.ndarray, seats: int, z: float = Z95) -> Interval:
    """Balance, 1 minus the largest gap between two seats' shares of wins, with an interval
    built from the gaps themselves: each pair of seats' gap (its games' +1, -1 or 0) gets
    its interval, all of them at once (Bonferroni's z over the pairs; with two seats, the
    plain 95 % one), and the largest gap lies between the largest lower end of a gap's size
    (0 where a gap's interval holds 0) and the largest upper end. So whenever the seat gaps'
    intervals hold their truths, the balance's holds its truth too: it covers a perfectly
    even game as often as the gap covers 0 (a bootstrap of the balance does not: near 1 it
    misses more often as games are added).

    >>> balance_interval(np.array([0, 1] * 100), 2)
    Interval(0.861, 1, 1)
    >>> balance_interval(np.array([0] * 150 + [1] * 50), 2)
    Interval(0.38, 0.5, 0.62)
    """
    n = len(winner)
    wins = [winner == k for k in range(seats)]
    pairs = [(i, j) for i in range(seats) for j in range(i + 1, seats)]
    level = 1 - 2 * (1 - NormalDist().cdf(z))  # 95 % for z = 1.96
    z = simultaneous_z(len(pairs), level)
    largest = max(abs(float(wins[i].mean() - wins[j].mean())) for i, j in pairs)
    low_gap = high_gap = 0.0
    for i, j in pairs:
        gap = wins[i].astype(float) - wins[j]
        if n < 2:
            low, high = -1.0, 1.0
        elif float(np.ptp(gap)) == 0.0:
            low = high = float(gap[0])
        else:
            iv = mean_interval(gap, z)
            low, high = max(-1.0, iv.low), min(1.0, iv.high)
        size_low = 0.0 if low <= 0.0 <= high else min(abs(low), abs(high))
        low_gap = max(low_gap, size_low)
        high_gap = max(high_gap, abs(low), abs(high))
    value = 1.0 - largest
    return Interval(min(value, 1.0 - high_gap), value, max(value, 1.0 - low_gap))


def _ratio(totals: np.ndarray, counts: np.ndarray, z: float = Z95) -> Interval:
    if counts.sum() <= 0:
        return Interval(0.0, 0.0, 0.0)
    return ratio_interval(totals, counts, z)


def _clip(interval: Interval) -> Interval:
    return Interval(max(0.0, interval.low), interval.value, min(1.0, interval.high))


def _name(player: Player) -> str:
    level = getattr(player, "level", None)
    return level if isinstance(level, str) else repr(player)
