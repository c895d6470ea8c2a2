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

from gamekit.roaster.cards import CARDS, TITLES, Card, _show, next_difficulty, title

if TYPE_CHECKING:
    from gamekit.roaster.game import State

__all__ = ["Challenge", "challenge_card", "simple_player", "roast_level_player"]

_ORDER = ("beginner", "advanced", "expert")


def _whole(value: Any, what: str, low: int, high: int | None = None) -> int:
    """``value`` as an ``int`` if it is a whole number from ``low`` (to ``high``)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{what} must be a whole number, not {_show(value)}")
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
