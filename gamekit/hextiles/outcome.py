"""How a Hex Tiles game ended: the winners (several for a shared win), the reason in words,
the ending in one word and every player's score.

>>> ENDINGS
('pool-empty', 'no-room')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from gamekit.errors import shown as _show
from gamekit.game import FrozenMap
from gamekit.hextiles.figure import Score
from gamekit.variants import BLOCKED

#: The words of ``Outcome.ending``: the pool ran out, or no figure had room left.
ENDINGS: tuple[str, ...] = ("pool-empty", "no-room")


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    ``winners`` are seat names (``"player 1"`` …; more than one for a shared win),
    ``reason`` says it in words, ``ending`` is the way it ended (a word of
    ``Rules.endings``: ``"pool-empty"`` or ``"no-room"``), ``scores`` is each seat's total
    and ``breakdown`` each player's :class:`Score`, step by step.

    >>> o = Outcome(("player 2",), "Player 2 wins", "no-room",
    ...             FrozenMap({"player 1": 3, "player 2": 5}))
    >>> o.winner, o.scores["player 2"], o.breakdown
    ('player 2', 5, ())

    Raises:
        ValueError: ``winners`` is not a sequence of seat names, ``reason`` is not text,
            ``ending`` is not one of ``Rules.endings``, or ``scores`` is not a mapping seat
            -> total that holds every winner.
    """

    winners: tuple[str, ...]
    reason: str
    ending: str
    scores: FrozenMap[str, int]
    breakdown: tuple[Score, ...] = ()

    def __post_init__(self) -> None:
        if isinstance(self.winners, str) or not isinstance(self.winners, Iterable):
            raise ValueError(f"winners must be a sequence of seat names, not {_show(self.winners)}")
        winners = tuple(self.winners)
        if not all(isinstance(w, str) for w in winners):
            raise ValueError(f"winners must be seat names like 'player 1', not {_show(winners)}")
        if not isinstance(self.reason, str):
            raise ValueError(f"reason must be a sentence (text), not {_show(self.reason)}")
        if self.ending not in (*ENDINGS, BLOCKED):
            raise ValueError(
                f"ending must be one of {', '.join(ENDINGS)} (or {BLOCKED!r}, in a "
                f"variant), not {_show(self.ending)}"
            )
        if not isinstance(self.scores, Mapping) or not set(winners) <= set(self.scores):
            raise ValueError(
                f"scores must be a mapping seat -> total naming every winner, not "
                f"{_show(self.scores)}"
            )
        breakdown = tuple(self.breakdown)
        if not all(isinstance(s, Score) for s in breakdown):
            raise ValueError("breakdown must hold one Score per player")
        object.__setattr__(self, "winners", winners)
        object.__setattr__(self, "scores", FrozenMap(self.scores))
        object.__setattr__(self, "breakdown", breakdown)

    @property
    def winner(self) -> str | None:
        """The single winner's seat, or ``None`` for a shared win."""
        return self.winners[0] if len(self.winners) == 1 else None
