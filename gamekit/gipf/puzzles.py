"""GIPF's puzzles: its goals (``row``, ``two-rows``, ``gift``, ``removal``, ``survive``,
``still-row``: take a row off and still have one to take; the cells goals ``pushed`` and
``removed``: the pieces a removal takes off the board) and the puzzles themselves, in teaching
order.

>>> PUZZLES[0].id
'gipf-legal-1'
"""

from __future__ import annotations

from typing import Any

from gamekit import gipf
from gamekit.puzzles import (
    CellGoal,
    MoveGoal,
    Puzzle,
    add_goals,
    cell_label,
    define,
    join_words,
    lost,
    other_seat,
    plural,
    who,
)

__all__ = ["PUZZLES"]


def _rows_after(s: Any, m: Any) -> tuple[Any, list[Any]]:
    after = s.play(m)
    return after, list(after.rows()) if after.outcome is None else []


def _row_words(rows: list[Any]) -> str:
    return join_words([f"{r.row[0]}–{r.row[-1]}" for r in rows])


def _row(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    me = s.to_move
    _, rows = _rows_after(s, m)
    mine = [r for r in rows if r.owner == me]
    if mine:
        return True, f"after {m}, {who(me)} has a row of four: {_row_words(mine)}"
    return False, f"after {m}, no row of four {me} pieces stands"


def _two_rows(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    me = s.to_move
    _, rows = _rows_after(s, m)
    mine = [r for r in rows if r.owner == me]
    if len(mine) >= 2:
        return True, f"after {m}, {who(me)} has two rows at once: {_row_words(mine)}"
    if mine:
        return False, f"after {m}, {who(me)} has one row ({_row_words(mine)}), not two"
    return False, f"after {m}, no row of four {me} pieces stands"


def _gift(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    me = s.to_move
    opp = other_seat(s, me)
    after, rows = _rows_after(s, m)
    theirs = [r for r in rows if r.owner == opp]
    if theirs:
        caught = {x for r in theirs for x in r.segment if after.piece_at(x).startswith(me)}
        capture = f", capturing {plural(len(caught), f'{me} piece')}" if caught else ""
        return True, (
            f"after {m}, {who(opp)} has a row ({_row_words(theirs)}), which {who(opp)} "
            f"removes{capture}"
        )
    return False, f"after {m}, no row of four {opp} pieces stands"


def _removal(p: Puzzle, s: Any, m: Any) -> tuple[float, str]:
    opp = other_seat(s, s.to_move)
    after = s.play(m)
    taken = after.captured(opp) - s.captured(opp)
    words = f"{m} captures {plural(taken, f'{opp} piece')}"
    if after.outcome is not None:
        words += f", and the game ends: {after.outcome.reason}"
    return taken, words


def _survive(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    me = s.to_move
    after = s.play(m)
    if lost(after, me):
        return False, f"after {m} the game is over: {after.outcome.reason}, so {who(me)} loses"
    return True, f"after {m} the game goes on for {who(me)}"


def _pushed_cells(p: Puzzle, s: Any) -> frozenset[str]:
    return frozenset(s.pushed_spots(p.focus[0]))


def _pushed_why_not(p: Puzzle, s: Any, cell: str) -> str:
    if not gipf.GRID.has(cell):
        return f"the board has no point {cell}"
    if cell in gipf.DOTS:
        return f"{cell} is a dot, where no piece stays"
    if s.piece_at(cell) is None:
        return f"{cell} is empty"
    return f"the piece on {cell} does not move: a push stops at the first empty spot"


def _still_row(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    """After the removal the mover still has a row of their own to take off."""
    me = s.to_move
    after, rows = _rows_after(s, m)
    mine = [r for r in rows if r.owner == me]
    if mine and after.to_move == me:
        return True, f"after {m}, {who(me)} still has a row to take off: {_row_words(mine)}"
    return False, f"after {m}, no row of {who(me)}'s is left: the other row is broken"


def _removed_cells(p: Puzzle, s: Any) -> frozenset[str]:
    """The spots the removal now due empties (a position with one removal only)."""
    (move,) = s.legal_moves()
    after = s.play(move)
    return frozenset(x for x in gipf.GRID.labels if s.piece_at(x) and not after.piece_at(x))


def _removed_why_not(p: Puzzle, s: Any, cell: str) -> str:
    if not gipf.GRID.has(cell):
        return f"the board has no point {cell}"
    if s.piece_at(cell) is None:
        return f"{cell} is empty"
    return (
        f"the piece on {cell} stays: it is neither in the row nor next to it along the row's "
        "own line"
    )


add_goals(
    move={
        "still-row": MoveGoal(_still_row),
        "row": MoveGoal(_row),
        "two-rows": MoveGoal(_two_rows),
        "gift": MoveGoal(_gift),
        "removal": MoveGoal(_removal, best=True),
        "survive": MoveGoal(_survive),
    },
    cells={
        "pushed": CellGoal(
            _pushed_cells,
            _pushed_why_not,
            cell_label,
            lambda s, c: bool(gipf.GRID.has(c)),
            needs=("focus",),
            noun="spot",
        ),
        "removed": CellGoal(
            _removed_cells,
            _removed_why_not,
            cell_label,
            lambda s, c: bool(gipf.GRID.has(c)),
            noun="spot",
        ),
    },
    game="gipf",
)


_GIPF_STANDARD = gipf.Rules(variant="standard")

#: gipf's puzzles, in teaching order (level 1 first).
PUZZLES: tuple[Puzzle, ...] = (
    define(
        "gipf-legal-1",
        1,
        "legal",
        gipf.Rules(variant="basic"),
        "b1-b2 b6-b5",
        task="Basic GIPF, White to push. Line b is full. Push a piece in from the dot b1.",
        hint="A dot on the edge has two lines into the board; a push into a full line is refused.",
        focus=("b1",),
        about="a push from b1",
    ),
    define(
        "gipf-pushed-1",
        1,
        "pushed",
        _GIPF_STANDARD,
        task="White pushes e1-e2. Click every spot whose piece moves.",
        hint="A push moves the pieces in front of it one spot on, as far as the first empty spot.",
        setup={
            "pieces": {
                "b5": "WG",
                "e2": "WG",
                "h5": "WG",
                "b2": "BG",
                "e8": "BG",
                "h2": "BG",
                "e3": "B",
                "e4": "W",
                "e6": "W",
                "e7": "B",
            }
        },
        focus=("e1-e2",),
        about="the push e1-e2",
    ),
    define(
        "gipf-pushed-2",
        1,
        "pushed",
        gipf.Rules(variant="basic"),
        task="Basic GIPF: White pushes e1-e2. Click every spot whose piece moves.",
        hint="Follow line e up from e2: every piece moves one spot on, until the first empty spot.",
        setup={
            "pieces": {
                "b5": "W",
                "h5": "W",
                "b2": "B",
                "h2": "B",
                "e2": "W",
                "e3": "B",
                "e4": "W",
                "e5": "B",
                "e7": "W",
                "e8": "B",
            }
        },
        focus=("e1-e2",),
        about="the push e1-e2",
    ),
    define(
        "gipf-legal-2",
        2,
        "legal",
        _GIPF_STANDARD,
        task="White to push a piece in from the dot d1. Find the push the rules allow.",
        hint="A dot that is not a corner has two lines into the board; count the empty spots "
        "on each.",
        setup={
            "pieces": {
                "b5": "WG",
                "e2": "WG",
                "h5": "WG",
                "b2": "BG",
                "e8": "BG",
                "h2": "BG",
                "d2": "W",
                "d3": "W",
                "d4": "B",
                "d5": "W",
                "d6": "B",
                "d7": "B",
                "f2": "B",
            }
        },
        focus=("d1",),
        about="a push from d1",
    ),
    define(
        "gipf-row-1",
        2,
        "row",
        _GIPF_STANDARD,
        task="White to push: make a row of four white pieces.",
        hint="A push shifts a whole line: look for a white piece that a push would move into "
        "place, not only for an empty spot to fill.",
        setup={
            "pieces": {
                "b5": "WG",
                "c5": "W",
                "d5": "W",
                "e2": "WG",
                "e3": "B",
                "e4": "W",
                "h5": "WG",
                "b2": "BG",
                "h2": "BG",
                "e8": "BG",
                "d4": "B",
                "c3": "W",
            }
        },
    ),
    define(
        "gipf-capture-1",
        2,
        "removal",
        _GIPF_STANDARD,
        "e1-e2",
        task="White has made a row on line e. Remove it so that White captures as many black "
        "pieces as possible.",
        hint="Black's pieces touching the row go too, but a GIPF piece among them stays if "
        "you say so.",
        setup={
            "pieces": {
                "b5": "WG",
                "h5": "WG",
                "b2": "BG",
                "h2": "BG",
                "e3": "W",
                "e4": "W",
                "e5": "W",
                "e6": "BG",
                "e7": "B",
                "e8": "B",
            }
        },
    ),
    define(
        "gipf-removed-1",
        2,
        "removed",
        gipf.Rules(variant="basic"),
        "e1-e2",
        task="Basic GIPF. White's push made a white row on line e and a black row from d5 to "
        "g6. White, who pushed, takes its row off first: click every piece that leaves the board "
        "with it, then press Check.",
        hint="A row takes along every piece that continues it on its own line, of either "
        "colour, up to the first empty spot.",
        setup={
            "pieces": {"e2": "W", "e3": "W", "e4": "W", "e5": "B", "d5": "B", "f6": "B"}
            | {"g6": "B"}
        },
        about="the pieces White's row takes",
    ),
    define(
        "gipf-gift-1",
        3,
        "gift",
        _GIPF_STANDARD,
        task="White to push. Find a push that would hand Black a row, so that you know to "
        "avoid it.",
        hint="Black has three in a line with a gap at the end: which push moves a black piece "
        "into that gap?",
        setup={
            "pieces": {
                "b3": "B",
                "c4": "B",
                "d5": "B",
                "e2": "WG",
                "e3": "W",
                "e4": "B",
                "e5": "B",
                "c6": "W",
                "d6": "B",
                "b2": "BG",
                "h2": "BG",
                "e8": "BG",
                "b5": "WG",
                "h5": "WG",
                "g4": "W",
            }
        },
    ),
    define(
        "gipf-two-rows-2",
        3,
        "two-rows",
        gipf.Rules(variant="basic"),
        task="Basic GIPF, White to push: make two rows of four at once. They need not touch.",
        hint="A push moves several pieces at once: which line carries two white pieces into "
        "the gaps of two lines of three?",
        setup={
            "pieces": {
                "h5": "W",
                "h2": "B",
                "g6": "B",
                "f2": "B",
                "e8": "W",
                "e7": "B",
                "e6": "W",
                "d6": "W",
                "c5": "W",
                "b4": "W",
                "d4": "W",
                "c3": "W",
                "b2": "W",
            }
        },
    ),
    define(
        "gipf-keep-1",
        3,
        "survive",
        _GIPF_STANDARD,
        "e1-e2",
        task="White has made a row, e2 to e5, that holds White's only GIPF piece. Remove it "
        "without losing the game.",
        hint="In the standard game a player with no GIPF piece on the board loses at once.",
        setup={
            "pieces": {
                "b2": "BG",
                "h2": "BG",
                "e8": "BG",
                "e3": "W",
                "e4": "W",
                "e5": "WG",
                "c5": "B",
            }
        },
    ),
    define(
        "gipf-keep-2",
        3,
        "still-row",
        _GIPF_STANDARD,
        "e1-e2",
        task="White's push made two white rows that cross on e5, where White's GIPF piece now "
        "stands. Take one row off so that the other one still stands, and White takes it off too.",
        hint="Taking a row takes the crossing spot with it, and three pieces are no row; but a "
        "GIPF piece may stay on the board.",
        setup={
            "pieces": {"e2": "W", "e3": "W", "e4": "WG", "f5": "W", "g5": "W", "h5": "W"}
            | {"b5": "WG", "b2": "BG", "e8": "BG", "h2": "BG"}
        },
        about="a removal",
    ),
    define(
        "gipf-gift-2",
        3,
        "gift",
        gipf.Rules(variant="basic"),
        "a5-b5",
        task="Basic GIPF. White's reserve is empty, so White loses if it must push. Black to "
        "push: one push would give White a row, and with it pieces to push again. Find that "
        "push, the one Black must avoid.",
        hint="White has three in a column on e; which push could shove a white piece into the "
        "spot that completes it?",
        setup={
            "pieces": {"e3": "W", "e4": "W", "e5": "W", "c6": "W", "d6": "W", "b2": "B"}
            | {"h2": "B", "e8": "B"},
            "captured": (9, 0),
        },
        about="a push",
    ),
    define(
        "gipf-cross-1",
        3,
        "removal",
        gipf.Rules(variant="basic"),
        "e1-e2",
        task="Basic GIPF. White's push made two rows that cross on e5. Taking one breaks the "
        "other: remove the one that captures more black pieces.",
        hint="Each row goes with every piece that touches it along its own line: count the "
        "black pieces at the ends of each.",
        setup={
            "pieces": {
                "b5": "W",
                "h5": "W",
                "h2": "B",
                "e2": "W",
                "e3": "W",
                "e4": "W",
                "f5": "W",
                "g5": "W",
                "e6": "B",
                "e7": "B",
                "b2": "B",
                "c3": "B",
                "d4": "B",
            }
        },
    ),
    define(
        "gipf-two-rows-1",
        4,
        "two-rows",
        _GIPF_STANDARD,
        task="White to push: make two rows of four at once.",
        hint="Find the empty spot where two lines of three white pieces meet.",
        setup={
            "pieces": {
                "b2": "W",
                "c2": "W",
                "d2": "W",
                "e3": "W",
                "e4": "W",
                "e5": "W",
                "h5": "WG",
                "b5": "WG",
                "h2": "BG",
                "e8": "BG",
                "c6": "BG",
                "f3": "B",
                "g4": "B",
            }
        },
    ),
    define(
        "gipf-win-1",
        4,
        "win",
        _GIPF_STANDARD,
        task="White to push: win this turn. Black has a single GIPF piece left.",
        hint="A row takes its extensions with it: pieces of either colour that touch it along "
        "the line.",
        setup={
            "pieces": {
                "b5": "WG",
                "h5": "WG",
                "c3": "W",
                "d4": "W",
                "e5": "W",
                "f5": "BG",
                "g5": "B",
                "e8": "B",
            }
        },
    ),
    define(
        "gipf-trap-1",
        5,
        "safe",
        gipf.Rules(variant="tournament"),
        task="Tournament GIPF, White to push. White's only GIPF piece stands on e5, and White "
        "may still bring in GIPF pieces. Push so that Black cannot win next turn.",
        hint="Look at what Black's push from e9 would do to e5; and remember that a single "
        "piece now ends your right to bring in GIPF pieces.",
        setup={
            "pieces": {"e5": "WG", "e6": "B", "e7": "B", "e8": "B", "b2": "BG", "c3": "W"},
            "may_place_gipf": ("white",),
        },
    ),
)
