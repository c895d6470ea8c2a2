"""Two settings compared on common seeds: the difference and its interval, in words.

Two variants of a game (or two line-ups of players) play the same ``games`` games: game
``k`` of each starts from the same seed, so both see the same deals and the same random
choices wherever they agree. The difference of a quantity (``b − a``) then has a much
narrower interval than two separate samples would give, and it is read by itself: a class
never decides "no difference" because two intervals overlap.

>>> from gamekit import coffee
>>> c = compare(coffee.Rules(board="square", size=4), coffee.Rules(board="square", size=5),
...             measure="length", games=200, progress=False)
>>> c.verdict
'B is higher by 6.1 plies (5.6–6.6), from 200 paired games'
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, cast, overload

import numpy as np

from gamekit.checks import whole
from gamekit.design.arguments import checked_rules, checked_seed, game_count, is_random, seated
from gamekit.errors import shown
from gamekit.game import game_of
from gamekit.players import Player, strategy
from gamekit.sim import Results, play_many
from gamekit.stats import (
    Interval,
    paired_difference,
    paired_ratio_difference,
    ratio_interval,
    sample_mean,
    wilson,
)

__all__ = ["Comparison", "Comparisons", "compare", "compare_results", "QUANTITIES"]

#: What :func:`compare` can compare, and its unit (a share's change is in percentage
#: points).
QUANTITIES = {
    "first": "points",
    "draws": "points",
    "length": "plies",
    "branching": "moves",
    "decisions": "points",
    "score": "score points",
}
#: The quantities that are shares of games or of decisions.
_SHARES = ("first", "draws", "decisions")


@dataclass(frozen=True)
class Comparison:
    """``a`` and ``b`` (each an :class:`~gamekit.stats.Interval` of the ``measure``), the
    ``difference`` ``b − a`` with its interval from the paired games, their number, the
    ``verdict`` in words, and the games played (``results``: a's and b's
    :class:`~gamekit.sim.Results`, for other measures with :func:`compare_results`)."""

    measure: str
    a: Interval
    b: Interval
    difference: Interval
    games: int
    verdict: str
    results: tuple[Results, Results] | None = field(default=None, compare=False, repr=False)

    def __repr__(self) -> str:
        return f"<Comparison of {self.measure}: {self.verdict}>"


class Comparisons(Mapping[str, Comparison]):
    """Several measures compared on the same paired games (:func:`compare` with a list of
    measures): measure -> :class:`Comparison`, in the order asked, and ``results``, the
    games played.

    >>> from gamekit import coffee
    >>> both = compare(coffee.Rules(board="square", size=4), coffee.Rules(board="square", size=5),
    ...                measure=("first", "length"), games=200, progress=False)
    >>> list(both), both["length"].verdict
    (['first', 'length'], 'B is higher by 6.1 plies (5.6–6.6), from 200 paired games')
    """

    def __init__(self, items: Mapping[str, Comparison], results: tuple[Results, Results]):
        self._items = dict(items)
        self.results = results

    def __getitem__(self, measure: str) -> Comparison:
        return self._items[measure]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __repr__(self) -> str:
        lines = [f"  {m}: {c.verdict}" for m, c in self._items.items()]
        return "<Comparisons\n" + "\n".join(lines) + ">"


def _is_rules(x: Any) -> bool:
    try:
        game_of(x)
    except TypeError:
        return False
    return True


@overload
def compare(
    a: Any,
    b: Any,
    measure: str = "first",
    games: int = 1000,
    seed: int = 0,
    rules: Any = None,
    players: Any = "random",
    executor: Any = None,
    progress: bool = True,
    max_plies: int = 10_000,
) -> Comparison: ...


@overload
def compare(
    a: Any,
    b: Any,
    measure: tuple[str, ...] | list[str],
    games: int = 1000,
    seed: int = 0,
    rules: Any = None,
    players: Any = "random",
    executor: Any = None,
    progress: bool = True,
    max_plies: int = 10_000,
) -> Comparisons: ...


def compare(
    a: Any,
    b: Any,
    measure: str | tuple[str, ...] | list[str] = "first",
    games: int = 1000,
    seed: int = 0,
    rules: Any = None,
    players: Any = "random",
    executor: Any = None,
    progress: bool = True,
    max_plies: int = 10_000,
) -> Comparison | Comparisons:
    """Compare ``a`` with ``b`` on common seeds. Either both are rules (two variants,
    each played by ``players``), or both are line-ups of players (a level name for every
    seat, or a list per seat) playing ``rules``.

    ``measure``: ``"first"`` (the share of games the first seat's player wins),
    ``"draws"`` (games without a single winner), ``"length"`` (plies),
    ``"branching"`` (legal moves per decision), ``"decisions"`` (decisions with a
    choice), ``"score"`` (the first seat's final score: a game played alone, its score) or
    ``"ending:WORD"`` (the share of games that ended in that way, a word of the rules'
    ``endings``). The verdict says which is higher and by how much with the interval, or
    "cannot tell at N games" where the interval holds 0, or that every pair of games gave
    the same result. A list of measures compares them all on the same games and returns
    :class:`Comparisons`. Every :class:`Comparison` keeps the games (``results``).

    Random players play with the game's own faster engine when both settings have one
    (Coffee's batch engine, variants and the pie rule included): it draws game ``k`` of
    both from the same numbers, so the games are paired there too.

    Raises:
        TypeError: ``a`` and ``b`` are neither two rules nor two line-ups; ``rules``
            missing for two line-ups; ``games`` or ``seed`` not a whole number.
        ValueError: an unknown ``measure``; ``games`` below 2; as :func:`measure` for
            players.
    """
    games = game_count(games)
    seed = checked_seed(seed)
    if _is_rules(a) and _is_rules(b):
        checked_rules(a, "a")
        pairs = [(a, seated(a, players)), (b, seated(b, players))]
    elif _is_rules(a) or _is_rules(b):
        raise TypeError("a and b must both be rules (two variants) or both line-ups of players")
    else:
        if rules is None:
            raise TypeError("to compare two line-ups of players, give the game: rules=...")
        checked_rules(rules)
        pairs = [(rules, seated(rules, a, "a")), (rules, seated(rules, b, "b"))]
    measures = _measures(measure)
    for m in measures:
        _check_measure(m, pairs[0][0])
    fast = [_fast(r, p, games, seed, max_plies) for r, p in pairs]
    if fast[0] is not None and fast[1] is not None:
        played = (fast[0], fast[1])
    else:
        one, two = (
            play_many(r, p, games, seed, executor=executor, progress=progress, max_plies=max_plies)
            for r, p in pairs
        )
        played = (one, two)
    if isinstance(measure, str):
        return _compared(measure, *played)
    return Comparisons({m: _compared(m, *played) for m in measures}, played)


def _measures(measure: Any) -> tuple[str, ...]:
    """``measure`` as a tuple of measures (one name, or a list of them)."""
    if isinstance(measure, (list, tuple)):
        if not measure:
            raise ValueError("measure: give at least one measure to compare")
        return tuple(measure)
    return (measure,)


def _fast(rules: Any, players: list[Player], games: int, seed: int, plies: int) -> Any:
    """Random games from the game's own faster engine, or ``None`` where it has none."""
    faster = strategy(rules).random_games
    if faster is None or not is_random(players) or plies < 10_000:
        return None
    return faster(rules, games, seed)


def compare_results(a: Results, b: Results, measure: str = "first") -> Comparison:
    """:func:`compare` for games already played: ``a`` and ``b`` are
    :class:`~gamekit.sim.Results` of the same number of games drawn from the same seed in
    the same way (their ``pairing`` is the same: game ``k`` of each from the ``k``-th
    seed), so that several measures are read from one run. Results that are not paired
    games are refused: their difference would need another interval.

    >>> from gamekit import coffee
    >>> from gamekit.sim import play_many
    >>> from gamekit.players import RandomPlayer
    >>> two = [RandomPlayer(), RandomPlayer()]
    >>> a = play_many(coffee.Rules(size=3), two, 100, seed=1, progress=False)
    >>> b = play_many(coffee.Rules(size=4), two, 100, seed=1, progress=False)
    >>> compare_results(a, b, "length").verdict
    'B is higher by 15.8 plies (14.4–17.0), from 100 paired games'

    Raises:
        TypeError: ``a`` or ``b`` is not a Results.
        ValueError: an unknown ``measure``; ``a`` and ``b`` of different numbers of
            games, or not paired games.
    """
    for name, res in (("a", a), ("b", b)):
        if not isinstance(res, Results):
            raise TypeError(
                f"{name} must be the Results of gamekit.sim.play_many, not {shown(res)}"
            )
    if a.games != b.games or a.games < 2:
        raise ValueError(
            f"a and b must hold the same games, 2 or more, from one seed: {a.games} and {b.games}"
        )
    if a.pairing is None or a.pairing != b.pairing:
        raise ValueError(
            "a and b are not paired games, so their difference cannot be read game by game: "
            f"a's games were drawn as {_drawn(a)}, b's as {_drawn(b)}. Play both settings "
            "with gamekit.sim.play_many from one seed, or use design.compare, which plays "
            "paired games"
        )
    _check_measure(measure, a.rules)
    return _compared(measure, a, b)


def _drawn(res: Results) -> str:
    return "(unknown)" if res.pairing is None else f"'{res.pairing}'"


def _check_measure(measure: Any, rules: Any) -> None:
    if isinstance(measure, str) and measure.startswith("ending:"):
        word = measure.removeprefix("ending:")
        endings = tuple(getattr(rules, "endings", ()) or ())
        if word not in (*endings, "unfinished"):
            raise ValueError(
                f"{shown(word)} is not a way this game ends; its endings are "
                + ", ".join((*endings, "unfinished"))
            )
        return
    if measure not in QUANTITIES:
        raise ValueError(
            f"measure must be one of {', '.join(QUANTITIES)} or 'ending:' and an ending, "
            f"not {shown(measure)}"
        )


def _is_share(measure: str) -> bool:
    return measure in _SHARES or measure.startswith("ending:")


def _flags(res: Results, measure: str) -> np.ndarray:
    if measure == "first":
        return res.winner == 0
    if measure.startswith("ending:"):
        return res.ended == measure.removeprefix("ending:")
    return (res.ended != "unfinished") & (res.winner < 0)


def _compared(measure: str, ra: Results, rb: Results) -> Comparison:
    n = ra.games
    if measure in ("first", "draws") or measure.startswith("ending:"):
        fa, fb = _flags(ra, measure), _flags(rb, measure)
        one, two = wilson(int(fa.sum()), n), wilson(int(fb.sum()), n)
        diff = paired_difference(fa, fb)
        same = bool((fa == fb).all())
    elif measure in ("length", "score"):
        la, lb = _values(ra, measure), _values(rb, measure)
        one, two = sample_mean(la), sample_mean(lb)
        d = lb - la
        diff = sample_mean(d)
        same = bool((d == 0).all())
    else:
        counts_a, counts_b = ra.length.astype(float), rb.length.astype(float)
        if measure == "branching":
            ta, tb = ra.branching.sum(axis=1), rb.branching.sum(axis=1)
        else:
            ta, tb = (ra.branching > 1).sum(axis=1), (rb.branching > 1).sum(axis=1)
        one, two = ratio_interval(ta, counts_a), ratio_interval(tb, counts_b)
        diff = paired_ratio_difference((ta, counts_a), (tb, counts_b))
        same = bool((ta == tb).all() and (counts_a == counts_b).all())
    return Comparison(measure, one, two, diff, n, verdict(diff, measure, n, same), (ra, rb))


def _values(res: Results, measure: str) -> np.ndarray:
    if measure == "length":
        return res.length.astype(float)
    scores = cast(np.ndarray, res.scores)[:, 0]
    if not np.isfinite(scores).all():
        raise ValueError(f"{res.game} keeps no scores: compare another measure")
    return scores


def verdict(diff: Interval, measure: str, games: int, same: bool = False) -> str:
    """The difference ``b − a`` in words, for a class.

    >>> verdict(Interval(0.024, 0.045, 0.066), "first", 1000)
    'B is higher by 4.5 points (2.4–6.6), from 1,000 paired games'
    >>> verdict(Interval(-0.012, 0.009, 0.03), "first", 1000)
    'cannot tell at 1,000 games: the difference lies between −1.2 and +3.0 points'
    """
    if not isinstance(diff, Interval):
        raise TypeError(f"diff must be an Interval (a difference and its ends), not {shown(diff)}")
    if not isinstance(measure, str) or not (measure in QUANTITIES or measure.startswith("ending:")):
        raise ValueError(
            f"measure must be one of {', '.join(QUANTITIES)} or 'ending:' and an ending, "
            f"not {shown(measure)}"
        )
    games = whole(games, "games", 1)
    unit = "points" if measure.startswith("ending:") else QUANTITIES[measure]
    scale = 100.0 if _is_share(measure) else 1.0
    if same:
        return f"A and B gave the same result in every one of the {games:,} paired games"
    low, value, high = (scale * v for v in (diff.low, diff.value, diff.high))
    digits = 1 if _is_share(measure) or measure == "length" else 2
    if diff.low > 0 or diff.high < 0:
        word = "higher" if value > 0 else "lower"
        lo, hi = sorted((abs(low), abs(high)))
        return (
            f"B is {word} by {abs(value):.{digits}f} {unit} ({lo:.{digits}f}–{hi:.{digits}f}), "
            f"from {games:,} paired games"
        )
    return (
        f"cannot tell at {games:,} games: the difference lies between "
        f"{_signed(low, digits)} and {_signed(high, digits)} {unit}"
    )


def _signed(x: float, digits: int = 1) -> str:
    if math.isclose(x, 0.0, abs_tol=0.5 * 10**-digits):
        return f"{0:.{digits}f}"
    return f"{x:+.{digits}f}".replace("-", "−")
