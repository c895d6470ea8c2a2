"""Hex Tiles' puzzles: its goals (``best-score``, ``closed``, ``best-take``, ``tile-cells``,
and the scoring questions ``figure-score`` and ``border-run``) and the puzzles themselves, in
teaching order.

>>> PUZZLES[0].id
'hextiles-cells-1'
"""

from __future__ import annotations

from typing import Any

from gamekit import hextiles
from gamekit.puzzles import (
    PAIR_CELL,
    CellGoal,
    ChoiceGoal,
    MoveGoal,
    Puzzle,
    add_goals,
    define,
    plural,
)

__all__ = ["PUZZLES", "SCORING_GOALS"]


def _score_words(sc: hextiles.Score) -> str:
    doubled = ", doubled because the whole outer border is marked" if sc.closed else ""
    return f"{sc.total} (tiles {sc.tiles} + border {sc.border}{doubled})"


def _best_score(p: Puzzle, s: Any, m: Any) -> tuple[float, str]:
    after = s.play(m)
    sc = hextiles.score(after.figure(s.player))
    return sc.total, f"after {m} the figure scores {_score_words(sc)}"


def _closed(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    after = s.play(m)
    fig = after.figure(s.player)
    sc = hextiles.score(fig)
    if sc.closed:
        return True, f"after {m} every edge of the outer border is marked: {_score_words(sc)}"
    open_edges = sum(1 for edge in sc.outer if not fig.marked_edge(edge))
    return False, (
        f"after {m}, {plural(open_edges, 'edge')} of the outer border "
        f"{'is' if open_edges == 1 else 'are'} still unmarked"
    )


def _best_reach(figure: Any, pattern: str) -> int:
    """The best total ``figure`` can reach by placing one tile of ``pattern`` (its own
    total if the tile fits nowhere)."""
    best = hextiles.score(figure).total
    for cell, turn in figure.legal_placements(pattern):
        best = max(best, hextiles.score(figure.place(pattern, cell, turn)).total)
    return best


def _best_take(p: Puzzle, s: Any, m: Any) -> tuple[float, str]:
    value = _best_reach(s.figure(), m.pattern)
    tile = hextiles.Tile.from_marks(m.pattern)
    return value, (
        f"with the {tile.colour} tile {m.pattern}, the best the figure can score after placing "
        f"it is {value}"
    )


def _tile_cell(cell: Any) -> str | None:
    """A Hex Tiles cell as ``(q,r)`` text, from text or a pair of whole numbers."""
    if isinstance(cell, str) and len(cell) <= 40:
        m = PAIR_CELL.fullmatch(cell.strip())
        return f"({int(m.group(1))},{int(m.group(2))})" if m else None
    if isinstance(cell, tuple | list) and len(cell) == 2:
        if all(isinstance(x, int) and not isinstance(x, bool) and abs(x) < 10**4 for x in cell):
            return hextiles.cell_text((int(cell[0]), int(cell[1])))
    return None


def _near_figure(s: Any, cell: str) -> bool:
    """A Hex Tiles cell of the figure or touching it: the cells its board draws."""
    fig = s.figure()
    near = set(fig.cells()) | set(fig.frontier())
    return cell in {hextiles.cell_text(c) for c in near}


def _tile_cells(p: Puzzle, s: Any) -> frozenset[str]:
    fig = s.figure()
    return frozenset(hextiles.cell_text(c) for c, _ in fig.legal_placements(p.focus[0]))


def _tile_why_not(p: Puzzle, s: Any, cell: str) -> str:
    fig = s.figure()
    tile = hextiles.Tile.from_marks(p.focus[0])
    if cell in fig:
        return f"{cell} already holds a tile"
    if cell not in {hextiles.cell_text(c) for c in fig.frontier()}:
        return f"{cell} does not touch the figure"
    return (
        f"no turn of the {tile.colour} tile fits on {cell}: a marked side would touch a tile, "
        "or a neighbour shows a mark toward it"
    )


#: The goals that ask what a figure scores: a board hides the scores until they are answered.
SCORING_GOALS = ("figure-score", "border-run", "doubled")


def _figure_score(p: Puzzle, s: Any) -> dict[str, tuple[float, str]]:
    """A choice of totals for the figure of the player to move: the right one is its score."""
    sc = hextiles.score(s.figure())
    out = {}
    for label in p.choices:
        k = int(label)
        if k == sc.total:
            out[label] = (1.0, f"the figure scores {_score_words(sc)}")
        elif k == sc.tiles:
            out[label] = (0.0, f"{label} is the tiles' marks alone: add the border")
        elif k == sc.border:
            out[label] = (0.0, f"{label} is the border alone: add the tiles' marks")
        elif k == sc.tiles + 2 * sc.border and not sc.closed:
            out[label] = (
                0.0,
                f"{label} counts the border twice, but the outline is not all marked",
            )
        else:
            out[label] = (0.0, f"the figure does not score {label}")
    return out


def _border_run(p: Puzzle, s: Any) -> dict[str, tuple[float, str]]:
    """A choice of lengths: the right one is the longest run of marked edges along the outer
    border of the figure of the player to move."""
    fig = s.figure()
    sc = hextiles.score(fig)
    marked = sum(1 for edge in sc.outer if fig.marked_edge(edge))
    out = {}
    for label in p.choices:
        if int(label) == sc.border:
            out[label] = (
                1.0,
                f"the longest unbroken run of marked outer edges is {sc.border} long",
            )
        elif int(label) == marked:
            out[label] = (0.0, f"{label} edges of the outline are marked, but not in one run")
        elif int(label) == len(sc.outer):
            out[label] = (0.0, f"{label} is the whole outline, marked edges and blank ones")
        else:
            out[label] = (0.0, f"the longest run of marked outer edges is not {label} long")
    return out


def _doubled(p: Puzzle, s: Any) -> dict[str, tuple[float, str]]:
    """Yes or no: does the border of the figure of the player to move count double (every
    edge of its outer border marked)?"""
    fig = s.figure()
    sc = hextiles.score(fig)
    blank = sum(1 for edge in sc.outer if not fig.marked_edge(edge))
    if sc.closed:
        why = f"all {len(sc.outer)} edges of the outer border are marked, so the run counts double"
    else:
        verb = "is" if blank == 1 else "are"
        why = f"{plural(blank, 'edge')} of the outer border {verb} blank, so the run counts once"
    return {label: (1.0 if (label == "yes") == sc.closed else 0.0, why) for label in p.choices}


add_goals(
    choice={
        "doubled": ChoiceGoal(_doubled, compare=False),
        "figure-score": ChoiceGoal(_figure_score, compare=False),
        "border-run": ChoiceGoal(_border_run, compare=False),
    },
    move={
        "best-score": MoveGoal(_best_score, best=True),
        "closed": MoveGoal(_closed),
        "best-take": MoveGoal(_best_take, best=True),
    },
    cells={
        "tile-cells": CellGoal(
            _tile_cells, _tile_why_not, _tile_cell, _near_figure, needs=("focus",)
        ),
    },
    game="hextiles",
)


#: The opening moves of a Hex Tiles game (seed 4) that the first puzzles stop in.
_HEX_ROUND_1 = "take 111100; place 111100 at (0,1) turn 4; done; take 110110; done"

_HEX_ROUND_2 = (
    f"{_HEX_ROUND_1}; place 100000 at (1,-1) turn 2; done; take 110100; done; take 111000"
)

_HEX_ROUND_4 = (
    f"{_HEX_ROUND_2}; place 111000 at (1,0) turn 0; done; done; take 111100; "
    "place 111100 at (1,-2) turn 2; done; take 111000; done; done; take 110100; done; "
    "take 111110"
)

_HEX_SEED_4 = hextiles.Rules(players=2, seed=4)

#: A Hex Tiles game (seed 80) played on to round 5, where Player 1 must take a tile.
_HEX_ROUND_5 = (
    "take 110010; place 110010 at (-1,0) turn 2; done; take 110000; "
    "place 110000 at (-1,0) turn 2; done; place 100000 at (-2,0) turn 2; done; "
    "take 111100; place 111100 at (-2,0) turn 2; done; take 110100; "
    "place 110100 at (-2,-1) turn 1; done; place 100000 at (-2,1) turn 4; done; "
    "take 111010; place 111010 at (-2,-2) turn 1; done; take 101010; "
    "place 101010 at (-3,2) turn 1; done; place 100100 at (-3,-2) turn 2; done; "
    "take 111110; place 111110 at (-4,2) turn 2; done; take 111100; "
    "place 111100 at (-3,-3) turn 1; done; place 110010 at (-3,3) turn 4; done"
)

_HEX_SEED_80 = hextiles.Rules(players=2, seed=80)

#: A practice game with red, blue and yellow tiles only, played to where five yellow tiles
#: ring Player 1's starter and one gap is left.
_PRACTICE = hextiles.Rules(players=2, seed=0, patterns=("100000", "110000", "111000"), copies=8)
_PRACTICE_RING = (
    "take 111000; place 111000 at (0,1) turn 5; done; take 100000; done; "
    "place 111000 at (1,0) turn 0; done; take 100000; done; take 110000; done; done; "
    "take 111000; place 111000 at (1,-1) turn 1; done; take 100000; done; "
    "place 111000 at (0,-1) turn 2; done; take 100000; done; take 111000; "
    "place 111000 at (-1,0) turn 3; done; done; take 111000"
)

#: Seed 4 again: Player 1 keeps the leftover red tile of round 1 and is to take in round 2.
_HEX_KEPT = f"{_HEX_ROUND_1}; done; take 110100; done"

#: A Hex Tiles game (seed 32) in round 4: Player 1's figure has one cell left with room.
_HEX_SEED_32 = hextiles.Rules(players=2, seed=32)

_HEX_ROOM = (
    "take 110110; place 110110 at (-1,0) turn 2; done; take 111010; "
    "place 111010 at (1,0) turn 1; done; place 110100 at (-2,0) turn 5; done; take 111110; "
    "place 111110 at (1,1) turn 4; done; take 111110; place 111110 at (-3,0) turn 2; done; "
    "place 110010 at (-1,1) turn 0; done; take 111100; place 111100 at (1,-1) turn 0; done; "
    "take 111000; place 111000 at (-2,2) turn 5; done; place 110100 at (0,1) turn 4; done; "
    "take 111100; place 111100 at (0,-1) turn 1; done"
)

#: hextiles's puzzles, in teaching order (level 1 first).
PUZZLES: tuple[Puzzle, ...] = (
    define(
        "hextiles-cells-1",
        1,
        "tile-cells",
        _HEX_SEED_4,
        _HEX_ROUND_1,
        task="Player 1 has a red tile (one marked side). Click every cell of Player 1's "
        "figure where it fits.",
        hint="A cell is dead for good when a neighbouring tile shows a marked side toward it.",
        focus=("100000",),
        about="the red tile",
    ),
    define(
        "hextiles-cells-2",
        2,
        "tile-cells",
        _HEX_SEED_4,
        _HEX_ROUND_4,
        task="Player 1 has taken a brown tile (five marked sides). Click every cell of "
        "Player 1's figure where it fits.",
        hint="A brown tile has one blank side, so it needs a cell with a single neighbour.",
        focus=("111110",),
        about="the brown tile",
    ),
    define(
        "hextiles-turn-1",
        2,
        "legal",
        _HEX_SEED_4,
        _HEX_ROUND_2,
        task="Player 1 to place the yellow tile (three marks in a row) on (0,-1), outlined in "
        "orange: turn it so that it fits.",
        hint="Every side that touches a tile must be blank; the marks face empty cells.",
        focus=("111000", "(0,-1)"),
        about="the yellow tile on (0,-1)",
    ),
    define(
        "hextiles-reserve-1",
        2,
        "legal",
        _HEX_SEED_4,
        _HEX_KEPT,
        task="Player 1 kept the red tile left over from round 1 and has not taken a tile yet "
        "this turn. Place the red tile on the figure now, before taking.",
        hint="Reserve tiles may be placed at any moment of your own turn: choose the red "
        "tile in your reserve, turn it, and click a cell where it fits.",
        focus=("place",),
        about="placing the red tile from the reserve",
    ),
    define(
        "hextiles-room-1",
        2,
        "tile-cells",
        _HEX_SEED_32,
        _HEX_ROOM,
        task="Player 1's figure is filling up. Does it still have room (cells where some "
        "tile could still go)? Click every cell where a red tile (one marked side) could "
        "still go: a red tile fits wherever any tile fits.",
        hint="Look at each empty cell next to the figure: it is room if no neighbour shows "
        "a mark toward it and at least one of its sides is free for the red tile's mark.",
        focus=("100000",),
        about="the red tile",
    ),
    define(
        "hextiles-score-1",
        2,
        "figure-score",
        _HEX_SEED_32,
        _HEX_ROOM,
        task="What does Player 1's figure score now? Count the marks on its tiles, then add "
        "the longest run of marked edges along its outer border.",
        hint="Every marked side of a tile counts 1, wherever it faces. Then follow the outline "
        "and count the longest run of marked edges with no blank edge in it; it counts twice "
        "only when the whole outline is marked.",
        choices=("9", "19", "28", "37"),
        about="the figure's score",
    ),
    define(
        "hextiles-run-1",
        2,
        "border-run",
        _HEX_SEED_80,
        _HEX_ROUND_5,
        task="How long is the longest run of marked edges along the outer border of Player "
        "1's figure? Follow the outline round the figure: a blank edge ends a run.",
        hint="Count edges of the outline, not tiles; a marked side that faces another tile of "
        "the figure is not on the outline.",
        choices=("10", "13", "17", "30"),
        about="the longest marked run",
    ),
    define(
        "hextiles-best-1",
        3,
        "best-score",
        _HEX_SEED_4,
        _HEX_ROUND_2,
        task="Player 1 to place the yellow tile: put it where the figure scores most.",
        hint="The score is the tiles' marks plus the longest unbroken run of marked border "
        "edges: make a run longer.",
        focus=("place",),
        about="a placement",
    ),
    define(
        "hextiles-doubled-1",
        3,
        "doubled",
        _PRACTICE,
        _PRACTICE_RING,
        task="A practice set of red, blue and yellow tiles. Five yellow tiles stand round "
        "Player 1's starter, their marks facing out. Does the border of Player 1's figure "
        "count double now?",
        hint="The run doubles only when every edge of the outer border is marked: walk round "
        "the outline and look for a blank edge.",
        choices=("yes", "no"),
        about="the doubling",
    ),
    define(
        "hextiles-best-2",
        4,
        "best-score",
        _HEX_SEED_4,
        _HEX_ROUND_4,
        task="Player 1 holds a yellow and a brown tile: place one of them where the figure "
        "scores most.",
        hint="Count both parts: the tile's marks, and how the longest marked run of the "
        "border grows.",
        focus=("place",),
        about="a placement",
    ),
    define(
        "hextiles-closed-1",
        4,
        "closed",
        _PRACTICE,
        _PRACTICE_RING,
        task="A practice set of red, blue and yellow tiles. Player 1 to move: place a tile so "
        "that every edge of the figure's outer border is marked (the border then counts "
        "double).",
        hint="Fill the gap in the ring around the starter with a tile whose marks all face "
        "outward.",
    ),
    define(
        "hextiles-take-1",
        5,
        "best-take",
        _HEX_SEED_80,
        _HEX_ROUND_5,
        task="Player 1 must take a market tile. Take the one that lets the figure score most "
        "once it is placed.",
        hint="A tile's marks count only where it fits: try each tile on the figure.",
        focus=("take",),
        about="taking a market tile",
    ),
    define(
        "hextiles-best-3",
        5,
        "best-score",
        _HEX_SEED_80,
        f"{_HEX_ROUND_5}; take 111000",
        task="Player 1 has taken the yellow tile: place it where the figure scores most.",
        hint="The border scores only its longest run of marked edges: find the one place "
        "where a tile makes that run longer.",
        focus=("place",),
        about="a placement",
    ),
)
