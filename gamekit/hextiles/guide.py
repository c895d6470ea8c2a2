"""Hex Tiles' guided first game: two players, you against the beginner level, four
objectives: place a tile with three marked sides, make a run of marked border edges, grow a
figure of ten tiles, and win.

>>> [o.id for o in OBJECTIVES]
['three-marks', 'run', 'ten-tiles', 'win']
"""

from __future__ import annotations

from gamekit import hextiles
from gamekit.guide import Objective, Step

__all__ = ["OBJECTIVES", "RULES", "RUN"]

RULES = hextiles.Rules(players=2)

#: The level that stands in for a learner when ``make bench-guided`` plays this guided game.
STAND_IN = "club"

#: The run of marked border edges the second objective asks for.
RUN = 6


def _seat_index(step: Step) -> int:
    return list(step.start.rules.seats).index(step.seat)


def _figure(step: Step) -> hextiles.Figure:
    return step.after.figure(_seat_index(step))


def _three_marks(step: Step) -> bool:
    move = step.move
    return (
        step.mine and getattr(move, "kind", None) == "place" and str(move.pattern).count("1") >= 3
    )


def _run(step: Step) -> bool:
    return step.mine and hextiles.score(_figure(step)).border >= RUN


def _ten_tiles(step: Step) -> bool:
    return step.mine and len(_figure(step)) >= 10


OBJECTIVES = (
    Objective(
        "three-marks",
        "Place a tile with three or more marked sides in your figure.",
        _three_marks,
        "Take such a tile from the market; its marks must face empty cells or the edge.",
    ),
    Objective(
        "run",
        f"Make a run of {RUN} marked edges along your figure's outer border.",
        _run,
        "Turn each new tile so that its marks continue the marks already on the border.",
    ),
    Objective(
        "ten-tiles",
        "Grow your figure to ten tiles.",
        _ten_tiles,
        "A tile fits only where no mark touches another tile: keep room around your figure.",
    ),
    Objective(
        "win",
        "Win the game: the higher score when the tiles run out.",
        lambda step: step.won,
        "Marks on tiles count once each; the longest marked run along the border adds to them.",
    ),
)
