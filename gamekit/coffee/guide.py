"""Coffee's guided first game: on the hexagonal board of side 4 (a line of 4 wins) against
the beginner level, three objectives: steer the computer with the rod, stop a line of the
computer's, then win by a line of your own.

>>> [o.text for o in OBJECTIVES][0]
'Steer the computer: lay the rod so that it has only one or two cells to choose from.'
"""

from __future__ import annotations

from typing import cast

from gamekit import coffee
from gamekit.guide import Objective, Step

__all__ = ["OBJECTIVES", "RULES", "winning_cells"]

#: A smaller board than the lessons' (side 4, a line of 4 wins): a first game ends sooner.
RULES = coffee.Rules(size=4)

#: The level that stands in for a learner when ``make bench-guided`` plays this guided game.
STAND_IN = "club"


def winning_cells(state: coffee.State, colour: str) -> set[str]:
    """The empty cells where a stone of ``colour`` would complete a line of ``n``, wherever
    the rod points.

    >>> s = RULES.replay(["g3/", "d3|", "d6/", "e6|", "e5|"])
    >>> s.stones("black"), winning_cells(s, "black")
    (['d6', 'e5', 'g3'], {'f4'})
    """
    grid = state.grid
    n = cast(int, state.rules.n)
    mine = set(state.stones(colour))
    out = set()
    for label in grid.labels:
        if state.stone_at(label) is not None:
            continue
        i = grid.index(label)
        for axis in grid.axes:
            line = [grid.label(j) for j in grid.line(i, axis)]
            k = line.index(label)
            run = 1
            for step in (-1, 1):
                j = k + step
                while 0 <= j < len(line) and line[j] in mine:
                    run, j = run + 1, j + step
            if run >= n:
                out.add(label)
                break
    return out


def _few_cells(step: Step) -> bool:
    after = step.after
    return step.mine and after.outcome is None and len(after.legal_cells()) <= 2


def _block(step: Step) -> bool:
    """The computer had a cell that would complete its line; after the learner's move it
    cannot play there (the cell is taken, or the rod's line misses it)."""
    if not step.mine or step.after.outcome is not None:
        return False
    other = step.after.to_move
    threats = winning_cells(step.before, other)
    return bool(threats) and not threats & set(step.after.legal_cells())


def _win_line(step: Step) -> bool:
    return step.won and step.after.outcome.ending == "line"


OBJECTIVES = (
    Objective(
        "few-cells",
        "Steer the computer: lay the rod so that it has only one or two cells to choose from.",
        _few_cells,
        "The rod's line is the computer's choice: point it along a line that is nearly full.",
    ),
    Objective(
        "block",
        "Stop a line: when the computer has a cell that would finish its line of 4, take that "
        "cell, or lay the rod so that its line misses it.",
        _block,
        "Before you lay the rod, look along its line: does it reach a cell where the "
        "computer would finish a line?",
    ),
    Objective(
        "win-line",
        "Win by a line: four of your stones in a row.",
        _win_line,
        "A line grows where the rod lets you play: keep a line open at both ends.",
    ),
)
