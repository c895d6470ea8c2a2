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
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from gamekit.checks import whole
from gamekit.roaster.cards import (
    CARDS,
    PENALTIES,
    ROASTS_TO,
    TITLES,
    Card,
    _show,
    next_difficulty,
    title,
)
from gamekit.roaster.odds import _FLAVOR_TOKENS, _LEVEL, cup_value

if TYPE_CHECKING:
    from gamekit.roaster.game import State

__all__ = ["Challenge", "challenge_card", "simple_player", "roast_level_player", "odds_player"]
__all__ += ["card_target"]

_ORDER = ("beginner", "advanced", "expert")


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
    roast_class = whole(roast_class, "roast_class", 1, 3)
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
    stop_round = whole(stop_round, "stop_round", 0)
    moves = [str(m) for m in state.legal_moves()]
    if "continue" in moves:
        return "continue" if state.round < stop_round else "stop"
    if "tray" in moves and set(state.aside) & set(PENALTIES):
        return "tray"
    for plain in ("draw", "roast", "stop", "cup", "done"):
        if plain in moves:
            return plain
    return moves[0]


_LEVELS = {"hard": 0, "bean0": 0, "bean1": 1, "bean2": 2, "bean3": 3, "bean4": 4, "burnt": 5}


def card_target(state: State) -> float:
    """The average roast level of the bag's beans at which :func:`roast_level_player` stops
    by default, from the card: the roast total that scores most spread over the beans a cup
    is expected to hold (its slots times the beans' share of the beans and flavor tokens;
    hard beans go on the tray), on the scale of the bag's average, where hard beans count
    0. If that asks more than level 3 of each bean in the cup (level 4 is one round from
    burnt), the roast points are out of reach: 0, stop at once and play for the flavors and
    the skill points of a large group of one level.

    >>> from gamekit.roaster import Rules
    >>> round(card_target(Rules(card="jamaica-blue-mountain").start(seed=1)), 2)
    1.75
    >>> card_target(Rules(card="practice-iii-expert").start(seed=1))
    0.0

    Raises:
        TypeError: ``state`` is not a Coffee Roaster state.
    """
    if not hasattr(state, "legal_moves") or not hasattr(state, "aside"):
        raise TypeError(f"state must be a roaster.State, not {_show(state)}")
    card = state.rules._card
    beans = sum(n for t, n in card.bag.items() if t in _LEVEL)
    hard = card.bag.get("hard", 0)
    flavors = sum(n for t, n in card.bag.items() if t in _FLAVOR_TOKENS)
    if not beans:
        return 2.0
    in_cup = state.board.cup_slots * beans / (beans + flavors)
    if card.optimum > 3 * in_cup:
        return 0.0
    return card.optimum / in_cup * beans / (beans + hard)


def roast_level_player(state: State, target: float | None = None) -> str:
    """A policy that watches the bag: roast another round while the beans in the bag have an
    average roast level below ``target`` (hard beans count 0, burnt ones 5), then stop; after
    that it plays like :func:`simple_player`. The default target is the card's
    (:func:`card_target`).

    >>> from gamekit.roaster import Rules
    >>> state = Rules(seed=3).start()
    >>> while state.outcome is None:
    ...     state = state.play(roast_level_player(state, target=2.0))
    >>> state.round, state.outcome.total
    (6, 12)

    With the card's target: on Practice card III-E the roast points are out of reach
    (:func:`card_target` is 0), so it stops after the first round.

    >>> state = Rules(card="practice-iii-expert", seed=3).start()
    >>> while state.outcome is None:
    ...     state = state.play(roast_level_player(state))
    >>> state.round, state.outcome.total
    (1, 3)

    Raises:
        TypeError: ``state`` is not a Coffee Roaster state, or ``target`` not a number.
        ValueError: the game is over, or ``target`` is not a finite number.
    """
    _state(state)
    if target is None:
        target = card_target(state)
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
            up = ROASTS_TO.get(t, t)
            bag[up] = bag.get(up, 0) + 1
    return bag


def odds_player(state: State, samples: int = 16, seed: int = 0) -> str:
    """A policy that weighs the exact odds of the bag (the counting of
    :mod:`gamekit.roaster.odds`): after each round it works out the cup's expected score
    if it stops now (exact odds of each roast total, of each number of matching flavors
    and of each largest group of one roast level in the tokens drawn next, for a cup test
    that puts bad tokens on the tray while there is room), and the same after one, two …
    more rounds (the mean over ``samples`` roundings drawn at random with ``seed``); it
    roasts on while some number of rounds more is expected to score higher. In the cup
    test it puts each drawn token in the cup or on the tray, whichever leaves the higher
    expected score (worked out the same way), and keeps the better of Select's two tokens.
    It uses no effects.

    >>> from gamekit.roaster import Rules
    >>> state = Rules(seed=3).start()
    >>> while state.outcome is None:
    ...     state = state.play(odds_player(state))
    >>> state.round, state.outcome.total
    (5, 11)

    Raises:
        TypeError: ``state`` is not a Coffee Roaster state, ``samples`` or ``seed`` not a
            whole number.
        ValueError: the game is over, ``samples`` below 1 or ``seed`` negative.
    """
    _state(state)
    samples = whole(samples, "samples", 1, 10_000)
    seed = whole(seed, "seed", 0)
    moves = [str(m) for m in state.legal_moves()]
    if "continue" in moves:
        bag = state.bag
        cup = ["sweetness"] if "sweetness" in state.unlocked else []
        room = state.tray_size
        now = cup_value(state, bag, cup, room)
        track = state.board.track
        rounds = min(len(track) - 1 - state.space, _HORIZON)
        rng = np.random.default_rng([seed, state.round, sum(bag.values())])
        paths = []
        for _ in range(samples):
            future, path = bag, []
            for k in range(rounds):
                draws, smoke = track[state.space + 1 + k]
                future = _after_a_round(future, draws, smoke, rng)
                path.append(future)
            paths.append(path)
        # roast on as soon as some number of rounds more is expected to score higher
        for k in range(rounds):
            later = sum(cup_value(state, path[k], cup, room) for path in paths) / samples
            if later > now:
                return "continue"
        return "stop"
    if state.phase == "cup" and "cup" in moves:
        token = next(iter(state.aside))
        if "tray" not in moves:
            return "cup"
        cup = state.cup_tokens()
        room = state.tray_size - len(state.tray)
        keep = cup_value(state, state.bag, [*cup, token], room)
        skip = cup_value(state, state.bag, cup, room - 1)
        if abs(keep - skip) < 1e-9:  # a tie: the plain rule
            return "tray" if token in PENALTIES else "cup"
        return "tray" if skip > keep else "cup"
    if state.phase == "select":
        cup = state.cup_tokens()
        offered = state.aside
        room = state.tray_size - len(state.tray)
        best, best_value = moves[0], -np.inf
        for move in moves:
            kept = move.split()[1]
            back = dict(state.bag)
            for t, n in offered.items():
                back[t] = back.get(t, 0) + n - (t == kept)
            value = cup_value(state, back, [*cup, kept], room)
            if value > best_value + 1e-9:
                best, best_value = move, value
        return best
    return simple_player(state, stop_round=0)


#: How many rounds ahead :func:`odds_player` looks.
_HORIZON = 6


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
        scores = tuple(whole(s, "a score", -10_000, 10_000) for s in self.scores)
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
        total = whole(total, "total", -10_000, 10_000)
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
        seed = whole(seed, "seed", 0)
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
        total = whole(total, "total", -10_000, 10_000)
        return total >= min(low for low, _, inter in TITLES if inter)
