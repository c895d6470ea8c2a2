"""The roast challenge: three games with cards of roast class I, II and III, the next card's
difficulty chosen by the last score, and a roaster title for the total.

>>> ch = Challenge()
>>> ch.next_card().id
'jamaica-blue-mountain'
>>> ch = ch.scored(12)
>>> ch.next_card().roast_class, ch.next_card().difficulty
(2, 'advanced')
>>> ch.scored(16).scored(20)
<roaster.Challenge 3 games: 12 + 16 + 20 = 48, Master roaster>
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from math import comb
from typing import TYPE_CHECKING, Any

import numpy as np

from gamekit.roaster.cards import (
    CARDS,
    FLAVOR_POINTS,
    SKILL_POINTS,
    TITLES,
    Card,
    _show,
    next_difficulty,
    title,
)

if TYPE_CHECKING:
    from gamekit.roaster.game import State

__all__ = ["Challenge", "challenge_card", "simple_player", "roast_level_player", "odds_player"]

_ORDER = ("beginner", "advanced", "expert")


def _whole(value: Any, what: str, low: int, high: int | None = None) -> int:
    """``value`` as an ``int`` if it is a whole number from ``low`` (to ``high``)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{what} must be a whole number, not {_show(value)}")
    value = int(value)
    if value < low or (high is not None and value > high):
        allowed = f"from {low} to {high}" if high is not None else f"{low} or more"
        raise ValueError(f"{what} must be {allowed}, not {_show(value)}")
    return int(value)


def _state(state: Any) -> Any:
    if not hasattr(state, "legal_moves") or not hasattr(state, "aside"):
        raise TypeError(f"state must be a roaster.State, not {_show(state)}")
    if state.outcome is not None:
        raise ValueError(f"the game is over ({state.outcome.reason}): no move to choose")
    return state


def challenge_card(roast_class: int, difficulty: str) -> Card:
    """The first shipped card of that roast class and difficulty (the nearest easier
    difficulty if none ships).

    Raises:
        TypeError: ``roast_class`` is not a whole number or ``difficulty`` not text.
        ValueError: ``roast_class`` is not 1, 2 or 3, or ``difficulty`` is not
            ``"beginner"``, ``"advanced"`` or ``"expert"``.

    >>> challenge_card(2, "expert").id
    'practice-ii-expert'
    """
    roast_class = _whole(roast_class, "roast_class", 1, 3)
    if not isinstance(difficulty, str):
        raise TypeError(f"difficulty must be text, not {_show(difficulty)}")
    if difficulty not in _ORDER:
        raise ValueError(
            f"difficulty must be 'beginner', 'advanced' or 'expert', not {_show(difficulty)}"
        )
    for diff in _ORDER[: _ORDER.index(difficulty) + 1][::-1]:
        for card in CARDS.values():
            if card.roast_class == roast_class and card.difficulty == diff:
                return card
    raise ValueError(f"no shipped card of roast class {roast_class} is {difficulty} or easier")


_BAD = {"hard", "burnt", "smoke", "defect"}


def simple_player(state: State, stop_round: int = 5) -> str:
    """A plain policy for demonstrations: no effects, roast until round ``stop_round`` (or
    the end of the thermometer), then put bad tokens on the tray while it has room, keep
    the first choice offered, and never exchange.

    >>> from gamekit.roaster import Rules
    >>> state = Rules(seed=3).start()
    >>> while state.outcome is None:
    ...     state = state.play(simple_player(state))
    >>> state.round, state.outcome.total
    (5, 10)

    Raises:
        TypeError: ``state`` is not a Coffee Roaster state, or ``stop_round`` not a whole
            number.
        ValueError: the game is over, or ``stop_round`` is below 0.
    """
    _state(state)
    stop_round = _whole(stop_round, "stop_round", 0)
    moves = [str(m) for m in state.legal_moves()]
    if "continue" in moves:
        return "continue" if state.round < stop_round else "stop"
    if "tray" in moves and set(state.aside) & _BAD:
        return "tray"
    for plain in ("draw", "roast", "stop", "cup", "done"):
        if plain in moves:
            return plain
    return moves[0]


_LEVELS = {"hard": 0, "bean0": 0, "bean1": 1, "bean2": 2, "bean3": 3, "bean4": 4, "burnt": 5}


def roast_level_player(state: State, target: float = 2.0) -> str:
    """A policy that watches the bag: roast another round while the beans in the bag have an
    average roast level below ``target`` (hard beans count 0, burnt ones 5), then stop; after
    that it plays like :func:`simple_player`.

    >>> from gamekit.roaster import Rules
    >>> state = Rules(seed=3).start()
    >>> while state.outcome is None:
    ...     state = state.play(roast_level_player(state, target=2.0))
    >>> state.round, state.outcome.total
    (6, 12)

    Raises:
        TypeError: ``state`` is not a Coffee Roaster state, or ``target`` not a number.
        ValueError: the game is over, or ``target`` is not a finite number.
    """
    _state(state)
    if isinstance(target, bool) or not isinstance(target, numbers.Real):
        raise TypeError(f"target must be a number, not {_show(target)}")
    if not -1e9 < target < 1e9:
        raise ValueError(f"target must be a finite number, not {_show(target)}")
    moves = [str(m) for m in state.legal_moves()]
    if "continue" in moves:
        beans = {t: n for t, n in state.bag.items() if t in _LEVELS}
        count = sum(beans.values())
        level = sum(_LEVELS[t] * n for t, n in beans.items()) / count if count else target
        return "continue" if level < target else "stop"
    return simple_player(state, stop_round=0)


# -- a policy that weighs the exact odds of the bag ---------------------------------------

#: What a token in the cup adds to the roast total (tokens not listed add nothing).
_LEVEL = {"bean0": 0, "bean1": 1, "bean2": 2, "bean3": 3, "bean4": 4}
#: A token after a round of roasting.
_ROASTED = {"hard": "bean0", "bean0": "bean1", "bean1": "bean2", "bean2": "bean3"}
_ROASTED |= {"bean3": "bean4", "bean4": "burnt"}
_PENALTY = {"hard": 1, "burnt": 1, "smoke": 1, "defect": 2}
_FLAVOR_TOKENS = ("body", "acidity", "aroma", "wild", "sweetness")


def _cup_odds(bag: Mapping[str, int], draws: int, worth: Mapping[str, int]) -> np.ndarray:
    """``p[v]``: the chance that ``draws`` tokens drawn at once from ``bag`` are worth
    ``v`` in all, token ``t`` being worth ``worth[t]`` (0 to 4; 0 if not listed): the exact
    odds, from the number of ways to draw each mix of tokens (a product of binomials, as
    in :mod:`gamekit.roaster.odds`), found as one polynomial product."""
    groups: dict[int, int] = {}
    for token, n in bag.items():
        if n:
            w = worth.get(token, 0)
            groups[w] = groups.get(w, 0) + n
    width = 4 * draws + 1  # the most a draw can be worth, plus one
    size = (draws + 1) * width
    # ways[k * width + v]: the ways to draw k tokens of the groups so far, worth v in all
    ways = np.zeros(size)
    ways[0] = 1.0
    for w, n in groups.items():
        grown = np.zeros(size)
        for k in range(min(n, draws) + 1):
            shift = k * (width + w)  # k more tokens, worth w * k more
            grown[shift:] += comb(n, k) * ways[: size - shift]
        ways = grown
    last = ways[draws * width : size]
    total = last.sum()
    return last / total if total else last


def _cup_value(state: State, bag: Mapping[str, int], cup: list[str]) -> float:
    """The expected score of the cup once its empty slots are filled from ``bag`` by the
    tokens drawn next (moisture is drawn again; the tray is not counted): exact odds for
    the roast total and the matching flavors, expected counts for the penalties."""
    card = state.rules._card
    slots = len(state.cup)
    bag = {t: n for t, n in bag.items() if n and t != "moisture"}
    # the tray takes bad tokens while it has room: about as many as come with the draws
    room = state.tray_size - len(state.tray)
    left = sum(bag.values())
    bad = sum(n for t, n in bag.items() if t in _PENALTY)
    if room > 0 and bad and left:
        trayed = min(room, round((slots - len(cup) + room) * bad / left), bad)
        for t in ("defect", "burnt", "smoke", "hard"):
            off = min(trayed, bag.get(t, 0))
            if off:
                bag[t] -= off
                trayed -= off
        left = sum(bag.values())
    need = min(slots - len(cup), left)
    extra = state.board.extra_bean if "extra-bean" in state.unlocked else 0
    base = sum(_LEVEL.get(t, 0) for t in cup) + extra
    table = card.roast_table
    roast_odds = _cup_odds(bag, need, _LEVEL)
    value = sum(p * table.get(base + v, 0) for v, p in enumerate(roast_odds) if p)
    # flavor: the tokens of the card's flavors (each up to what the card asks) and wild
    wanted = dict(card.flavors)
    have = {f: min(cup.count(f), k) for f, k in wanted.items()}
    short = {f: k - have[f] for f, k in wanted.items()}
    matched_now = sum(have.values())
    flavor_worth = {f: 1 for f, k in short.items() if k > 0}
    if "sweetness" not in wanted:
        flavor_worth["wild"] = 1
    most = sum(short.values())
    flavor_odds = _cup_odds(bag, need, flavor_worth)
    points = FLAVOR_POINTS
    value += sum(
        p * points[min(matched_now + v, len(points) - 1, matched_now + most)]
        for v, p in enumerate(flavor_odds)
        if p
    )
    # penalties: expected counts, and the chance of no flavor token at all
    share = need / left if left else 0.0
    value -= sum(_PENALTY.get(t, 0) * (cup.count(t) + n * share) for t, n in bag.items())
    value -= sum(_PENALTY.get(t, 0) for t in cup if t not in bag)
    if not any(t in _FLAVOR_TOKENS for t in cup):
        none_odds = _cup_odds(bag, need, dict.fromkeys(_FLAVOR_TOKENS, 1))
        value -= 3 * float(none_odds[0])
    if len(cup) + need < slots:
        value -= 5
    # skill: the biggest group of one roast level, as expected
    groups = [cup.count(t) + bag.get(t, 0) * share for t in _LEVEL]
    biggest = int(round(max(groups))) if groups else 0
    value += SKILL_POINTS[min(biggest, 7)] if biggest >= 3 else 0
    return float(value)


def _after_a_round(bag: dict[str, int], draws: int, smoke: int, rng) -> dict[str, int]:
    """The bag after one more round with no effects: ``smoke`` tokens in, ``draws`` tokens
    drawn (at random with ``rng``), moisture out, the rest roasted a level and put back."""
    bag = dict(bag)
    if smoke:
        bag["smoke"] = bag.get("smoke", 0) + smoke
    tokens = [t for t, n in bag.items() for _ in range(n)]
    if not tokens:
        return bag
    picked = rng.choice(len(tokens), size=min(draws, len(tokens)), replace=False)
    for i in picked:
        t = tokens[int(i)]
        bag[t] -= 1
        if t != "moisture":
            up = _ROASTED.get(t, t)
            bag[up] = bag.get(up, 0) + 1
    return bag


def odds_player(state: State, samples: int = 16, seed: int = 0) -> str:
    """A policy that weighs the exact odds of the bag (the counting of
    :mod:`gamekit.roaster.odds`): after each round it works out the cup's expected score
    if it stops now, from the exact chances of each roast total and of each number of
    matching flavors in the tokens drawn next, and the same after one, two … more rounds
    (the mean over ``samples`` roundings drawn at random with ``seed``); it roasts on
    while some number of rounds more is expected to score higher. In the cup test it puts
    a bad token (hard, burnt, smoke, defect) on the tray while there is room, and a bean
    too when the cup is expected to score clearly more without it. It uses no effects.

    >>> from gamekit.roaster import Rules
    >>> state = Rules(seed=3).start()
    >>> while state.outcome is None:
    ...     state = state.play(odds_player(state))
    >>> state.round, state.outcome.total
    (6, 16)

    Raises:
        TypeError: ``state`` is not a Coffee Roaster state, ``samples`` or ``seed`` not a
            whole number.
        ValueError: the game is over, ``samples`` below 1 or ``seed`` negative.
    """
    _state(state)
    samples = _whole(samples, "samples", 1, 10_000)
    seed = _whole(seed, "seed", 0)
    moves = [str(m) for m in state.legal_moves()]
    if "continue" in moves:
        bag = state.bag
        now = _cup_value(state, bag, [])
        track = state.board.track
        rounds = min(len(track) - 1 - state.space, _HORIZON)
        rng = np.random.default_rng([seed, state.round, sum(bag.values())])
        later = np.zeros(rounds)
        for _ in range(samples):
            future = bag
            for k in range(rounds):
                draws, smoke = track[state.space + 1 + k]
                future = _after_a_round(future, draws, smoke, rng)
                later[k] += _cup_value(state, future, [])
        return "continue" if later.max() / samples > now else "stop"
    if "tray" in moves and "cup" in moves:
        token = next(iter(state.aside))
        if token in _PENALTY:
            return "tray"
        if token in _LEVEL:
            cup = state.cup_tokens()
            keep = _cup_value(state, state.bag, [*cup, token])
            skip = _cup_value(state, state.bag, cup)
            return "tray" if skip > keep + _TRAY_MARGIN else "cup"
        return "cup"
    return simple_player(state, stop_round=0)


#: How many rounds ahead :func:`odds_player` looks; a bean goes on the tray only if the cup
#: is expected to score this many points more without it (a tray slot is worth keeping).
_HORIZON = 6
_TRAY_MARGIN = 1.0


@dataclass(frozen=True)
class Challenge:
    """A roast challenge so far: the scores of the games played (at most 3).

    ``expert_start=True`` is for a player who has earned the intermediate title: the first
    card may then be an expert card of class I.

    Raises:
        TypeError: ``scores`` is not a list of whole numbers, or ``expert_start`` not a bool.
        ValueError: more than 3 scores.
    """

    scores: tuple[int, ...] = ()
    expert_start: bool = False

    def __post_init__(self) -> None:
        if isinstance(self.scores, (str, bytes)) or not isinstance(self.scores, (tuple, list)):
            raise TypeError(f"scores must be a list of whole numbers, not {_show(self.scores)}")
        scores = tuple(_whole(s, "a score", -10_000, 10_000) for s in self.scores)
        if len(scores) > 3:
            raise ValueError(f"a roast challenge has 3 games, not {len(scores)} scores")
        if not isinstance(self.expert_start, bool):
            raise TypeError(f"expert_start must be True or False, not {_show(self.expert_start)}")
        object.__setattr__(self, "scores", scores)

    def __repr__(self) -> str:
        if not self.scores:
            return "<roaster.Challenge 0 games>"
        total = " + ".join(str(s) for s in self.scores) + f" = {self.total}"
        tail = f", {self.title}" if self.done else ""
        return f"<roaster.Challenge {len(self.scores)} games: {total}{tail}>"

    @property
    def done(self) -> bool:
        return len(self.scores) >= 3

    @property
    def total(self) -> int:
        return sum(self.scores)

    @property
    def title(self) -> str | None:
        """The roaster title once the three games are played."""
        return title(self.total) if self.done else None

    def next_difficulty(self) -> str:
        if not self.scores:
            return "expert" if self.expert_start else "beginner"
        return next_difficulty(self.scores[-1])

    def next_card(self) -> Card:
        """The card of the next game (roast class I, II, III in turn)."""
        if self.done:
            raise ValueError("the challenge is over: three games have been played")
        return challenge_card(len(self.scores) + 1, self.next_difficulty())

    def scored(self, total: int) -> Challenge:
        """The challenge after a game that scored ``total``.

        Raises:
            TypeError: ``total`` is not a whole number.
            ValueError: the challenge is over.
        """
        total = _whole(total, "total", -10_000, 10_000)
        if self.done:
            raise ValueError("the challenge is over: three games have been played")
        return Challenge((*self.scores, total), self.expert_start)

    def run(self, player: Callable, side: str = "standard", seed: int = 0) -> Challenge:
        """Play the remaining games with ``player(state) -> move``, seeds ``seed``,
        ``seed + 1`` …

        Raises:
            TypeError: ``player`` is not callable, or ``seed`` not a whole number.
            ValueError: a bad ``side``, or a move the player chose that the rules refuse.
        """
        from gamekit.roaster.game import Rules

        if not callable(player):
            raise TypeError(f"player must be a function state -> move, not {_show(player)}")
        seed = _whole(seed, "seed", 0)
        ch = self
        k = 0
        while not ch.done:
            state = Rules(card=ch.next_card(), side=side, seed=seed + k).start()
            while state.outcome is None:
                state = state.play(player(state))
            ch = ch.scored(state.outcome.total)
            k += 1
        return ch

    @staticmethod
    def intermediate_title(total: int) -> bool:
        """Whether a total earns the intermediate title or better (expert start allowed).

        Raises:
            TypeError: ``total`` is not a whole number.
        """
        total = _whole(total, "total", -10_000, 10_000)
        return total >= min(low for low, _, inter in TITLES if inter)
