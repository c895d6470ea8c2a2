"""Skill, luck and restricted play: how much a better player, the deal, or a freedom of
choice is worth in a game, each with its interval.

- :func:`skill_trace`: each level against the one below it, seats alternated (Ludii's
  SkillTrace, with error bars);
- :func:`luck`: each deal played twice (seats swapped, or by another draw of the player's
  own choices in a game played alone): how much of the result the deal decides;
- :func:`restricted`: a player kept from some moves against the same player free to make
  them (Jaffe et al., "Evaluating competitive game balance with restricted play", 2012).

>>> from gamekit import coffee
>>> trace = skill_trace(coffee.Rules(board="square", size=4), levels=("random", "beginner"),
...                     games=100, progress=False)
>>> trace[0].higher, trace[0].lower, trace[0].share.value > 0.5
('beginner', 'random', True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from gamekit.checks import whole
from gamekit.design.arguments import (
    checked_rules,
    checked_seed,
    game_count,
    level_player,
    seated,
)
from gamekit.errors import shown
from gamekit.game import facts, game_of
from gamekit.players import (
    LEVELS,
    Player,
    best_of,
    evaluation_of,
    keyed_moves,
    reader_for,
    strategy,
)
from gamekit.sim import play_many
from gamekit.stats import Interval, bootstrap_interval, points_interval, sample_mean

__all__ = [
    "SkillStep",
    "skill_trace",
    "Luck",
    "luck",
    "Restricted",
    "restricted",
    "RestrictedPlayer",
    "allow",
]


@dataclass(frozen=True)
class SkillStep:
    """One step of a skill trace: the ``higher`` level's ``share`` of the points against the
    ``lower`` (a win 1, a game without a single winner 1 / seats; in a game played alone,
    the share of deals on which it scored more, a tie ½), over ``games`` games."""

    higher: str
    lower: str
    share: Interval
    games: int
    unfinished: int = 0

    def __repr__(self) -> str:
        stopped = f", {self.unfinished:,} stopped unfinished" if self.unfinished else ""
        return (
            f"SkillStep({self.higher} over {self.lower}: {self.share.percent()}, "
            f"{self.games:,} games{stopped})"
        )


def _ends(rules: Any, max_plies: int, seed: int) -> None:
    """Refuse, in words and at once, a game whose random games do not end within
    ``max_plies`` (three tries): its skill or restricted play cannot be scored, and the
    levels would play it for hours."""
    from gamekit.players import RandomPlayer

    players = [RandomPlayer() for _ in rules.seats]
    res = play_many(rules, players, 3, seed, progress=False, max_plies=max_plies)
    if (res.ended == "unfinished").all():
        raise ValueError(
            f"no game of {game_of(rules)} ended within {max_plies:,} plies of random moves: "
            "a game that does not end cannot be scored (does its outcome come? a longer game "
            "needs a larger max_plies)"
        )


def _split(games: int, seats: int) -> list[int]:
    return [games // seats + (k < games % seats) for k in range(seats)]


def _duel(
    rules: Any,
    hero: Player,
    other: Player,
    games: int,
    seed: int,
    progress: bool,
    executor: Any,
    max_plies: int,
) -> tuple[np.ndarray, int]:
    """``hero``'s points against ``other`` (every other seat), the seats taken in turn; in
    a game played alone, deal by deal against ``other`` on the same deals; and how many
    games were stopped unfinished at ``max_plies``."""
    seats = len(rules.seats)
    options = {"executor": executor, "progress": progress, "max_plies": max_plies}
    if seats == 1:
        mine, theirs = _same_deals(rules, hero, other, games, seed, options)
        return _deal_points(mine, theirs), 0
    points = []
    stopped = 0
    for k, count in enumerate(_split(games, seats)):
        if count == 0:
            continue
        lineup = [other] * seats
        lineup[k] = hero
        res = play_many(rules, lineup, count, seed, **options)
        stopped += int((res.ended == "unfinished").sum())
        points.append(np.where(res.winner == k, 1.0, np.where(res.winner < 0, 1.0 / seats, 0.0)))
    return np.concatenate(points), stopped


def _same_deals(
    rules: Any, one: Player, two: Player, games: int, seed: int, options: dict[str, Any]
) -> tuple[np.ndarray, np.ndarray]:
    """A game played alone: the final scores of ``one`` and of ``two`` on the same deals."""
    mine = play_many(rules, [one], games, seed, **options).scores[:, 0]  # type: ignore[index]
    theirs = play_many(rules, [two], games, seed, **options).scores[:, 0]  # type: ignore[index]
    if not (np.isfinite(mine).all() and np.isfinite(theirs).all()):
        raise ValueError(f"{game_of(rules)} is played alone and keeps no score to compare")
    return mine, theirs


def _deal_points(mine: np.ndarray, theirs: np.ndarray) -> np.ndarray:
    """1 a deal scored more, ½ the same, 0 less."""
    return np.where(mine > theirs, 1.0, np.where(mine == theirs, 0.5, 0.0))


def skill_trace(
    rules: Any,
    levels: Sequence[str] = ("random", "beginner", "club", "strong"),
    games: int = 200,
    seed: int = 0,
    progress: bool = True,
    executor: Any = None,
    max_plies: int = 10_000,
) -> list[SkillStep]:
    """Each level of ``levels`` (weakest first) against the one below it, ``games`` games a
    step, the seats taken in turn: one :class:`SkillStep` per step. A search level plays
    by its playout cap (the same moves on every machine).

    Raises:
        TypeError: ``rules`` not a game's rules; ``levels`` not a list of level names.
        ValueError: fewer than two levels, an unknown level; ``games`` below 2.
    """
    checked_rules(rules)
    if isinstance(levels, str) or not isinstance(levels, Sequence):
        raise TypeError(f"levels must be a list of level names, weakest first, not {shown(levels)}")
    if len(levels) < 2:
        raise ValueError("levels must name two levels or more, weakest first")
    players = [level_player(level, "levels") for level in levels]
    games = game_count(games)
    seed = checked_seed(seed)
    max_plies = whole(max_plies, "max_plies", 1)
    _ends(rules, max_plies, seed)
    steps = []
    for k in range(1, len(levels)):
        points, stopped = _duel(
            rules, players[k], players[k - 1], games, seed, progress, executor, max_plies
        )
        steps.append(SkillStep(levels[k], levels[k - 1], points_interval(points), games, stopped))
    return steps


# ---------------------------------------------------------------------------------------
# Luck
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Luck:
    """How much of the result the deal decides: ``share`` is the part of the variation of
    the result (who wins from the first seat, or the score of a game played alone) that
    lies between deals rather than between two plays of one deal (the intraclass
    correlation; 0: the deal decides nothing, 1: everything), over ``deals`` deals each
    played twice; ``verdict`` says it in words."""

    share: Interval
    deals: int
    result: str
    verdict: str

    def __repr__(self) -> str:
        return f"<Luck: {self.verdict}>"


def _icc(pairs: np.ndarray) -> Callable[[np.ndarray], float]:
    def icc(rows: np.ndarray) -> float:
        y = pairs[rows]
        grand = y.mean()
        between = 2 * float(((y.mean(axis=1) - grand) ** 2).sum()) / max(len(y) - 1, 1)
        within = float(((y[:, 0] - y[:, 1]) ** 2).sum()) / (2 * len(y))
        if between + within == 0:
            return 0.0
        return max(0.0, (between - within) / (between + within))

    return icc


def luck(
    rules: Any,
    players: Any = "beginner",
    games: int = 200,
    seed: int = 0,
    progress: bool = True,
    executor: Any = None,
    max_plies: int = 10_000,
) -> Luck:
    """Play ``games`` deals twice each: with the seats turned round (each player in the
    other's seat), or in a game played alone by the same player drawing its choices anew,
    and tell how much of the result the deal decides (see :class:`Luck`).

    Raises:
        TypeError: ``rules`` not a game's rules.
        ValueError: a game without chance (no ``seed`` option), rules that fix one deal
            (``seed`` set), ``games`` below 2; as :func:`measure` for players.
    """
    game = checked_rules(rules)
    names = (
        {f.name for f in dataclasses.fields(rules)} if dataclasses.is_dataclass(rules) else set()
    )
    if "seed" not in names:
        title = facts(game).title
        raise ValueError(f"{title} has no chance (its rules have no seed): every deal is the same")
    if rules.seed is not None:
        raise ValueError(
            f"these rules fix one deal (seed={rules.seed}); give seed=None to measure luck "
            "over many deals"
        )
    games = game_count(games)
    seed = checked_seed(seed)
    lineup = seated(rules, players)
    deals = np.random.SeedSequence(seed).generate_state(games, np.uint32)
    decks = [dataclasses.replace(rules, seed=int(d)) for d in deals]
    other_seed = int(np.random.SeedSequence([seed, 1]).generate_state(1, np.uint32)[0])
    options = {"executor": executor, "progress": progress, "max_plies": max_plies}
    seats = tuple(rules.seats)
    if len(seats) == 1:
        first = play_many(decks, lineup, games, seed, **options).scores[:, 0]  # type: ignore[index]
        second = play_many(decks, lineup, games, other_seed, **options).scores[:, 0]  # type: ignore[index]
        result = "the score"
    else:
        turned = lineup[1:] + lineup[:1]
        one = play_many(decks, lineup, games, seed, **options)
        two = play_many(decks, turned, games, other_seed, **options)
        first = (one.winner_colour == seats[0]).astype(float)
        second = (two.winner_colour == seats[0]).astype(float)
        result = f"whether the first seat ({seats[0]}) wins"
    pairs = np.stack([first, second], axis=1)
    if not np.isfinite(pairs).all():
        raise ValueError(f"{game} is played alone and keeps no score: luck needs a result")
    share = bootstrap_interval(_icc(pairs), games, seed=seed)
    share = Interval(max(0.0, share.low), share.value, min(1.0, share.high))
    if float(np.ptp(pairs)) == 0.0:
        words = f"every game ended the same way over {games:,} deals: the deal decides nothing"
    else:
        words = (
            f"the deal decides about {100 * share.value:.0f} % of {result} "
            f"({100 * share.low:.0f}–{100 * share.high:.0f} %), from {games:,} deals "
            "each played twice"
        )
    return Luck(share, games, result, words)


# ---------------------------------------------------------------------------------------
# Restricted play
# ---------------------------------------------------------------------------------------


def allow(keep: Callable[[Any, Any], bool]) -> Callable[[Any, list], list]:
    """A restriction from a rule about one move: ``keep(state, move)`` is True for a move
    the restricted player may make.

    >>> only_first = allow(lambda state, move: str(move).startswith("a"))
    >>> only_first(None, ["a1", "b2", "a3"])
    ['a1', 'a3']
    """
    if not callable(keep):
        raise TypeError(f"keep must be a function of (state, move), not {shown(keep)}")

    def restriction(state: Any, moves: list) -> list:
        return [m for m in moves if keep(state, m)]

    restriction.__name__ = getattr(keep, "__name__", "restriction")
    return restriction


class RestrictedPlayer(Player):
    """A level (``"random"``, or ``"beginner"`` where the game has no beginner of its own)
    that may only make the moves ``restriction(state, moves)`` leaves it.

    Raises:
        TypeError: ``restriction`` is not callable.
        ValueError: ``level`` is not ``"random"`` or ``"beginner"``.
    """

    name = "restricted"

    def __init__(
        self, restriction: Callable[[Any, list], list], level: str = "random", seed: Any = None
    ) -> None:
        if not callable(restriction):
            raise TypeError(
                f"restriction must be a function of (state, moves) returning the moves "
                f"allowed, not {shown(restriction)}"
            )
        if level not in ("random", "beginner"):
            raise ValueError(
                f"restricted play is measured with the random or the beginner level, not {shown(level)}"
            )
        super().__init__(seed)
        self.restriction = restriction
        self.level = level

    def with_seed(self, seed: Any) -> RestrictedPlayer:
        return RestrictedPlayer(self.restriction, self.level, seed)

    def __repr__(self) -> str:
        name = getattr(self.restriction, "__name__", "restriction")
        return f"RestrictedPlayer({name}, {self.level!r})"

    def choose(self, state: Any) -> Any:
        """The level's move among those the restriction allows.

        Raises:
            ValueError: the restriction allows no legal move, or a move that is not legal.
        """
        self._check(state)
        moves = list(state.legal_moves())
        allowed = self.restriction(state, list(moves))
        if isinstance(allowed, (str, bytes)) or not isinstance(allowed, Sequence):
            raise TypeError(
                f"the restriction must return a list of the moves allowed, not {shown(allowed)}"
            )
        if not allowed:
            raise ValueError(
                "the restriction leaves no legal move in a position (with "
                f"{len(moves)} legal moves, {state.to_move} to play): a restricted player "
                "must always have a move"
            )
        legal = {str(m) for m in moves}
        for m in allowed:
            if str(m) not in legal:
                raise ValueError(f"the restriction allows {m!s}, which is not a legal move here")
        if self.level == "random":
            return self._pick(list(allowed))
        ad = reader_for(state)
        chosen = {str(m) for m in allowed}
        keyed = [
            (key, action)
            for key, action in keyed_moves(ad, state, evaluation_of(state), True)
            if str(ad.move(state, action)) in chosen
        ]
        if not keyed:
            return self._pick(list(allowed))
        return ad.move(state, self._pick(best_of(keyed)))


@dataclass(frozen=True)
class Restricted:
    """What a restriction costs: ``share`` is the restricted player's share of the points
    against the same level free to choose (a game played alone: of the deals on which it
    scored more), ``score_difference`` (a game played alone) its mean score minus the
    free player's on the same deals, over ``games`` games; ``verdict`` in words."""

    share: Interval
    games: int
    score_difference: Interval | None
    verdict: str

    def __repr__(self) -> str:
        return f"<Restricted: {self.verdict}>"


def restricted(
    rules: Any,
    restriction: Callable[[Any, list], list],
    player: str = "random",
    games: int = 400,
    seed: int = 0,
    progress: bool = True,
    executor: Any = None,
    max_plies: int = 10_000,
) -> Restricted:
    """Jaffe's restricted play: ``player`` (a level) kept to the moves
    ``restriction(state, moves)`` allows, against the same level free to choose, seats
    taken in turn (in a game played alone: on the same deals). Build a restriction from a
    rule about one move with :func:`allow`.

    Raises:
        TypeError: ``rules`` not a game's rules, ``restriction`` not callable.
        ValueError: ``player`` not ``"random"`` or ``"beginner"`` (or a beginner of the
            game's own), ``games`` below 2, a restriction that leaves no legal move.
    """
    game = checked_rules(rules)
    if player not in LEVELS:
        raise ValueError(f"player must be a level ({', '.join(LEVELS)}), not {shown(player)}")
    if player == "beginner" and "beginner" in strategy(rules).levels:
        raise ValueError(
            f"{game}'s beginner plays by a rule of its own, which cannot be restricted; "
            "use player='random'"
        )
    hero = RestrictedPlayer(restriction, player)
    games = game_count(games)
    seed = checked_seed(seed)
    max_plies = whole(max_plies, "max_plies", 1)
    _ends(rules, max_plies, seed)
    free = level_player(player)
    seats = len(rules.seats)
    difference = None
    if seats == 1:
        options = {"executor": executor, "progress": progress, "max_plies": max_plies}
        mine, theirs = _same_deals(rules, hero, free, games, seed, options)
        share = points_interval(_deal_points(mine, theirs))
        difference = sample_mean(mine - theirs)
        words = (
            f"restricted, the score changes by {difference.value:+.2f} "
            f"({difference.low:+.2f} to {difference.high:+.2f}) on the same {games:,} deals"
        ).replace("-", "−")
    else:
        points, stopped = _duel(rules, hero, free, games, seed, progress, executor, max_plies)
        share = points_interval(points)
        fair = 1.0 / seats
        words = (
            f"restricted, it takes {share.percent()} of the points against the same player "
            f"unrestricted (an even share is {100 * fair:.0f} %), over {games:,} games"
        )
        if share.high < fair:
            words += f": the freedom is worth {100 * (fair - share.value):.1f} points"
        elif share.low > fair:
            words += ": the restriction helps"
        else:
            words += f": cannot tell at {games:,} games whether the freedom is worth anything"
        if stopped:
            words += f" ({stopped:,} games stopped unfinished at {max_plies:,} plies, counted even)"
    return Restricted(share, games, difference, words)
