"""Hex Tiles' guided first game: two players, you against the beginner level, three
objectives: make a run of 8 marked edges along your figure's border, score 45 or more, and
win. Each takes a plan: a learner clicking legal moves at random reaches them in about 17 %,
3 % and 7 % of games (``make bench-guided``); placing a three-mark tile or growing ten tiles
(reached at random in nearly every game) are no objectives. The board says how many rounds
remain and where the leftover tile goes, so a learner can plan.

>>> [o.id for o in OBJECTIVES]
['run', 'score', 'win']
"""

from __future__ import annotations

from gamekit import hextiles
from gamekit.guide import Objective, Step

__all__ = ["OBJECTIVES", "RULES", "RUN", "SCORE"]

RULES = hextiles.Rules(players=2)

#: The level that stands in for a learner when ``make bench-guided`` plays this guided game.
STAND_IN = "club"

#: The run of marked border edges the first objective asks for.
RUN = 8
#: The score the second objective asks for, at the end of the game.
SCORE = 45


def _seat_index(step: Step) -> int:
    return list(step.start.rules.seats).index(step.seat)


def _figure(step: Step) -> hextiles.Figure:
    return step.after.figure(_seat_index(step))


def _run(step: Step) -> bool:
    return step.mine and hextiles.score(_figure(step)).border >= RUN


def _score(step: Step) -> bool:
    """The game ended (on anyone's move) with the learner's figure scoring ``SCORE`` or more."""
    return step.after.outcome is not None and hextiles.score(_figure(step)).total >= SCORE


OBJECTIVES = (
    Objective(
        "run",
        f"Make a run of {RUN} marked edges along your figure's outer border.",
        _run,
        "Turn each new tile so that its marks continue the marks already on the border.",
    ),
    Objective(
        "score",
        f"Score {SCORE} or more: your tiles' marks plus your longest marked run.",
        _score,
        "Marks facing outward count once each; a long run counts again: take the tiles "
        "that lengthen it, and keep room around your figure.",
    ),
    Objective(
        "win",
        "Win the game: the higher score when the tiles run out.",
        lambda step: step.won,
        "Watch the rounds left and where the leftover tile goes: the last tiles decide.",
    ),
)
