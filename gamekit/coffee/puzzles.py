"""Coffee's puzzles: its goals (``block``, ``legal-cells``, ``pie``, ``verdict``) and the
puzzles themselves, in teaching order. The kit's own goals (``legal``, ``win``, ``safe``,
``perfect``) are in :mod:`gamekit.puzzles`.

>>> PUZZLES[0].id
'coffee-legal-cells-1'
"""

from __future__ import annotations

from typing import Any

from gamekit import coffee
from gamekit.game import player_index
from gamekit.puzzles import (
    CellGoal,
    ChoiceGoal,
    MoveGoal,
    Puzzle,
    add_goals,
    cell_label,
    define,
    first_sentence,
    perfect_winner,
    plural,
    who,
    winning_replies,
    won,
)

__all__ = ["PUZZLES"]


def _block(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    me = s.to_move
    after = s.play(m)
    o = after.outcome
    if o is not None and o.ending == "blocked" and won(after, me):
        return True, f"after {m}, {o.reason}"
    if o is not None:
        return False, f"{m} ends the game ({o.reason}), but not by leaving the opponent no move"
    k = len(after.legal_moves())
    return False, f"after {m}, {who(after.to_move)} still has {plural(k, 'legal move')}"


def _coffee_cells(p: Puzzle, s: Any) -> frozenset[str]:
    return frozenset(s.legal_cells())


def _coffee_why_not(p: Puzzle, s: Any, cell: str) -> str:
    if not s.grid.has(cell):
        return f"{cell} is not a cell of this board"
    return first_sentence(s.why_cell_illegal(cell) or f"{cell} is allowed")


def _pie(p: Puzzle, s: Any) -> dict[str, tuple[float, str]]:
    """Perfect play: the responder swaps when Black's first stone wins, and keeps Orange
    otherwise (Coffee has no draws)."""
    memo: dict[Any, str] = {}
    me = s.to_move
    responder = player_index(s, me)
    swapped = s.play(coffee.Move.swap())
    swap_wins = player_index(swapped, perfect_winner(swapped, memo)) == responder
    keep_wins = any(
        player_index(t, perfect_winner(t, memo)) == responder
        for m in s.legal_moves()
        if not m.is_swap
        for t in [s.play(m)]
    )
    first = s.rod
    return {
        "swap": (
            float(swap_wins),
            f"after a swap, the player who swaps takes over the stone on {first.cell} and "
            + ("wins" if swap_wins else "loses")
            + " with perfect play",
        ),
        "keep": (
            float(keep_wins),
            "playing on as Orange, the player who replies "
            + ("wins" if keep_wins else "loses")
            + " with perfect play",
        ),
    }


def _verdict(p: Puzzle, s: Any) -> dict[str, tuple[float, str]]:
    """Does the player to move win at once, or have they no legal move?"""
    me = s.to_move
    wins = winning_replies(s)
    legal = s.legal_moves()
    if wins:
        won = f"{who(me)} wins: {s.play(wins[0]).outcome.reason}"
    else:
        won = f"no move wins at once for {who(me)}"
    stuck = (
        f"{who(me)} has no legal move"
        if not legal
        else f"{who(me)} is not blocked: {plural(len(legal), 'legal move')}"
    )
    return {"wins": (float(bool(wins)), won), "blocked": (float(not legal), stuck)}


add_goals(
    move={
        "block": MoveGoal(_block),
    },
    cells={
        "legal-cells": CellGoal(
            _coffee_cells, _coffee_why_not, cell_label, lambda s, c: bool(s.grid.has(c))
        ),
    },
    choice={
        "pie": ChoiceGoal(_pie),
        "verdict": ChoiceGoal(_verdict),
    },
    game="coffee",
)


_SQ3 = coffee.Rules(board="square", size=3)

_SQ3_PIE = coffee.Rules(board="square", size=3, pie_rule=True)

_SQ5 = coffee.Rules(board="square", size=5)

_HEX4 = coffee.Rules(board="hex", size=4)

_HEX5 = coffee.Rules(board="hex", size=5)

#: coffee's puzzles, in teaching order (level 1 first).
PUZZLES: tuple[Puzzle, ...] = (
    define(
        "coffee-legal-cells-1",
        1,
        "legal-cells",
        _SQ5,
        "b3|",
        task="Orange to move. The rod lies along column b: click every cell where Orange may "
        "put a stone.",
        hint="The stone goes on an empty cell of the rod's line, on either side of the last stone.",
    ),
    define(
        "coffee-rod-1",
        1,
        "legal",
        _SQ5,
        r"b4| b2| b3- e3\ c5- d5/ a2| a4- d4- e4-",
        task="Black to move: put the stone on c4 and lay the rod along a direction that "
        "leaves Orange an empty cell to play.",
        hint="Look at each line through c4: after the stone, which lines still have an empty cell?",
        focus=("c4",),
        about="a stone on c4",
    ),
    define(
        "coffee-rod-2",
        2,
        "legal",
        _SQ5,
        r"c4/ b3| b1/ d3| d5| d2-",
        task="Black to move: put the stone on a2 and lay the rod along a direction that leaves "
        "Orange an empty cell to play.",
        hint="Follow each of the four lines through a2 to the edge: which still has an empty "
        "cell once a2 is taken?",
        focus=("a2",),
        about="a stone on a2",
    ),
    define(
        "coffee-legal-cells-2",
        2,
        "legal-cells",
        _HEX5,
        r"a5\ b5\ c5\ g3\ i1/ e1\ d1\ b1/ e4\ h1/ f1/ g1| g6|",
        task="Orange to move on column g, where three stones already stand: click every cell "
        "where Orange may put a stone.",
        hint="Stones in between do not block: the stone may land anywhere along the rod's line.",
    ),
    define(
        "coffee-gap-1",
        2,
        "win",
        _HEX5,
        r"d4\ e4/ h4| h3\ c6| c1| c3/ a1/ b2/ i5/ f5\ e6|",
        task="Black to move on the hexagon of 5, where five in a row wins: win at once.",
        hint="A winning row must be unbroken, and a stone may fill a gap in the middle of a row.",
    ),
    define(
        "coffee-win-1",
        2,
        "win",
        _SQ5,
        r"e2/ d1- e1| e4| e3/ c1\ a3- b3- d3| d5- b5/ a4-",
        task="Black to move: win at once with a line of four.",
        hint="Count Black's stones along each line through the empty cells of the rod's line.",
    ),
    define(
        "coffee-block-1",
        2,
        "block",
        _SQ5,
        r"a4| a1- b1- e1- d1| d3\ e2| e3- c3- b3\ c2- b2- d2\ b4/ c5/ a3| a2/",
        task="Orange to move: leave Black no legal move, and win. A player with no legal move "
        "loses: that happens when the rod's line has one empty cell left and a stone there "
        "would fill every line through it, so no rod could follow.",
        hint="Try each direction for your rod: which one leaves Black a single empty cell, with "
        "every line through it full?",
    ),
    define(
        "coffee-exception-1",
        3,
        "verdict",
        _SQ5,
        r"a2- d2- e2\ b5/ a4- d4\ c5- e5| e4\ d5- a5| a3- c3/ b2/ a1- e1| e3/ c1- b1- d1| "
        r"d3- b3| b4- c4|",
        task="Black to move. c2 is the only empty cell on the rod's line, and a stone there "
        "fills every line through it, so no rod could follow. Is Black blocked, or does Black "
        "win?",
        hint="A stone that completes a line of four wins at once, whatever the rod does.",
        choices=("blocked", "wins"),
    ),
    define(
        "coffee-safe-1",
        4,
        "safe",
        _SQ5,
        r"b4\ c3- b3- e3/ c1\ a3/ c5| c2/ b1/ d3| d4- a4\ d1/ e2- a2|",
        task="Orange to move. Orange cannot win now: play a move after which Black cannot win "
        "at once either.",
        hint="For each move, look at the line the rod gives Black: could a Black stone there "
        "complete four, or leave Orange stuck?",
    ),
    define(
        "coffee-win-2",
        4,
        "win",
        _HEX4,
        r"e4/ b2| b1| b4\ a4| a2| a3| a1\ c1/ d2| d6/ e6| e1/ g1\ d4/ c3| c6/ b5\ g2/ e2\ d3| "
        r"d7\ f5| f1\ b3/",
        task="Orange to move: win now. No line of four is in reach.",
        hint="The other way to win: leave Black a rod line with one empty cell that fills "
        "every line through it.",
    ),
    define(
        "coffee-perfect-1",
        5,
        "perfect",
        _SQ3,
        "a2/ b3|",  # a game under way: what it teaches says nothing of the pie puzzles' openings
        task="A 3×3 board where three in a row wins: Black opened on a2 with the rod along "
        "'/', and Orange answered on b3 with the rod along '|'. Black to move: find the move "
        "after which Black wins against any defence.",
        hint="Count the empty cells on each line your rod could give Orange: a line with one "
        "empty cell left forces Orange's stone there.",
    ),
    define(
        "coffee-pie-1",
        5,
        "pie",
        _SQ3_PIE,
        "b1/",
        task="A 3×3 board with the pie rule: Black opened on b1 with the rod along '/'. Orange "
        "may swap (take over Black's stone and seat) or keep Orange. Which wins with perfect "
        "play?",
        hint="Swap exactly when Black's first stone wins for Black against any defence.",
        choices=("swap", "keep"),
    ),
    define(
        "coffee-pie-2",
        5,
        "pie",
        _SQ3_PIE,
        "b2|",
        task="A 3×3 board with the pie rule: Black opened in the centre, b2, with the rod "
        "along '|'. Orange may swap or keep Orange. Which wins with perfect play?",
        hint="A centre stone looks strong; check what its rod leaves Orange.",
        choices=("swap", "keep"),
    ),
)
