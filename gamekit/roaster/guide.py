"""Coffee Roaster's guided first game: a solo game on Jamaica Blue Mountain, four objectives:
save a level-4 bean with Preserve, unlock a cup effect, stop roasting when the odds say so
(before any smoke has come out of the bag, once one more roast would more likely than not
draw one), and score 8 points or more. The deal is chosen (seed 79) so that a level-4 bean
and an acidity token to pay Preserve with come up together before any smoke is drawn, if you
roast on to round 5. A learner clicking legal moves at random reaches them in about 0 %,
20 %, 7 % and 7 % of games (``make bench-guided``); stopping before any smoke, whatever the
odds (80 % at random), is no objective.

>>> [o.id for o in OBJECTIVES]
['preserve-4', 'unlock', 'stop-odds', 'score']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gamekit import roaster
from gamekit.guide import Objective, Step
from gamekit.roaster.odds import smoke_chance

__all__ = ["OBJECTIVES", "RULES", "SCORE", "STOP_ODDS"]

RULES = roaster.Rules(card="jamaica-blue-mountain", seed=79)

#: Who stands in for a learner when ``make bench-guided`` plays this guided game: no level
#: uses effects, so the club level plus one habit a learner following the objectives would
#: have (:func:`stand_in`).
STAND_IN = "club, saving a level-4 bean with Preserve when it can"


def stand_in(seed: int) -> Callable[[Any], str]:
    """The club level, which also saves a level-4 bean with Preserve when it can."""
    from gamekit.players import make_player

    club = make_player("club", seed)

    def choose(state: Any) -> str:
        for m in state.legal_moves():
            if m.action == "preserve" and "bean4" in m.tokens:
                return str(m)
        return str(club.choose(state))

    return choose


#: The score the last objective asks for.
SCORE = 8


def _preserve_4(step: Step) -> bool:
    move = step.move
    return move.action == "preserve" and "bean4" in move.tokens


def _unlock(step: Step) -> bool:
    return len(step.after.unlocked) > len(step.before.unlocked)


#: The chance of smoke in the next roast above which the odds say stop.
STOP_ODDS = 0.5


def _stop_odds(step: Step) -> bool:
    """The learner stopped roasting before any smoke token came out of the bag, when one
    more roast would have drawn one with a chance of :data:`STOP_ODDS` or more."""
    if step.move.action != "stop":
        return False
    if any(state.drawn.get("smoke", 0) for state in step.states):
        return False
    chance = smoke_chance(step.before)
    return chance is not None and chance >= STOP_ODDS


def _score(step: Step) -> bool:
    o = step.after.outcome
    return o is not None and o.score.total >= SCORE


OBJECTIVES = (
    Objective(
        "preserve-4",
        "Save a level-4 bean: when you draw one, use Preserve so that it goes back into the "
        "bag unroasted.",
        _preserve_4,
        "Preserve is a flavor effect: pay for it with an acidity token, then choose the beans.",
    ),
    Objective(
        "unlock",
        "Unlock a cup effect: fill both slots of one pair on the right of the roast board.",
        _unlock,
        "Each flavor effect you use puts its token on a free slot of a pair that takes its colour.",
    ),
    Objective(
        "stop-odds",
        "Stop when the odds say so: before any smoke token has come out of the bag, stop "
        "roasting when one more roast would more likely than not draw one.",
        _stop_odds,
        "Read the line 'If you roast on' beside the card: it gives the chance of smoke in "
        "the next draw. Stopping far earlier leaves points in the bag.",
    ),
    Objective(
        "score",
        f"Score {SCORE} points or more with your cup.",
        _score,
        "A roast total the card likes, the flavors it asks for, and no bad tokens in the cup.",
    ),
)
