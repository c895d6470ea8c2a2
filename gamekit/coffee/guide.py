"""Coffee's guided first game: on the hexagonal board of side 4 (a line of 4 wins) against
the beginner level, three objectives: stop a line of the computer's with the rod, make two
threats at once, then win by a line of your own. Each takes a plan: a learner clicking legal
moves at random reaches them in about 47 %, 47 % and 23 % of games (``make bench-guided``).
When the computer could finish a line, the board says so (:func:`threat`).

>>> [o.id for o in OBJECTIVES]
['block', 'two-threats', 'win-line']
"""

from __future__ import annotations

from typing import cast

from gamekit import coffee
from gamekit.goals import other_seat
from gamekit.guide import Objective, Step
from gamekit.text import a_or_an

__all__ = ["OBJECTIVES", "RULES", "threat", "winning_cells"]

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


def _block(step: Step) -> bool:
    """The computer had a cell that would finish its line; the learner's stone is not on it,
    and the rod they laid leaves the computer's line off it, where another way of laying it
    (the same stone) would have offered it: a block made by choosing the rod."""
    if not step.mine or step.after.outcome is not None:
        return False
    threats = winning_cells(step.before, other_seat(step.before, step.seat))
    cell = step.move.cell
    if not threats or cell in threats or threats & set(step.after.legal_cells()):
        return False
    for other in step.before.legal_moves():
        if other.cell == cell and other.axis != step.move.axis:
            if threats & set(step.before.play(other).legal_cells()):
                return True
    return False


def _two_threats(step: Step) -> bool:
    """After the learner's move (the game going on), two different cells would each finish
    a line of theirs."""
    return (
        step.mine and step.after.outcome is None and len(winning_cells(step.after, step.seat)) >= 2
    )


def threat(state: coffee.State, seat: str) -> str:
    """What the computer threatens, in words, when ``seat`` (the learner) is to move: the
    cells where a stone of the computer's would finish its line ("" if none).

    >>> s = RULES.replay(["g3/", "d3|", "d6/", "e6|", "e5|"])
    >>> threat(s, "orange")
    'Watch out: a black stone on f4 would finish a line of 4. Take f4 if your line reaches it, or lay your rod so that its line misses it.'
    """
    if state.outcome is not None or state.to_move != seat:
        return ""
    other = other_seat(state, seat)
    cells = sorted(winning_cells(state, other))
    if not cells:
        return ""
    where = " or ".join(cells)
    them = "it" if len(cells) == 1 else "them"
    return (
        f"Watch out: {a_or_an(other)} stone on {where} would finish a line of {state.rules.n}. "
        f"Take {where} if your line reaches {them}, or lay your rod so that its line "
        f"misses {them}."
    )


def _win_line(step: Step) -> bool:
    return step.won and step.after.outcome.ending == "line"


OBJECTIVES = (
    Objective(
        "block",
        "Stop a line with the rod: when the computer could finish its line of 4, lay your "
        "rod so that its line misses that cell, where another way would have offered it.",
        _block,
        "Before you lay the rod, look along each of its three lines: which one reaches the "
        "cell the computer needs?",
    ),
    Objective(
        "two-threats",
        "Make two threats at once: after your move, two different cells would each finish "
        "a line of 4 of yours.",
        _two_threats,
        "The computer can stop only one of them: grow two lines that cross, or one line "
        "with a gap.",
    ),
    Objective(
        "win-line",
        "Win by a line: four of your stones in a row.",
        _win_line,
        "A line grows where the rod lets you play: keep a line open at both ends.",
    ),
)
