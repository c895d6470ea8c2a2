"""Hex Tiles' examples for the kit's tests (see :mod:`gamekit.examples`).

>>> EXAMPLES.small
FrozenMap({'players': 2})
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from gamekit import hextiles
from gamekit.examples import Examples, Pick, Typed
from gamekit.players import LEVEL_NAMES


def variety(pick: Pick) -> dict[str, Any]:
    """Two to four players, any number of copies, any set of patterns, every way with the
    leftover tile and with marked contact."""
    from gamekit import hextiles

    names = list(hextiles.PATTERN_NAMES)
    count = pick((None, 1, 2, 3, 4))
    patterns = None
    if count is not None:
        patterns = tuple(dict.fromkeys(pick(names) for _ in range(count)))
    return {
        "players": pick((2, 3, 4)),
        "copies": pick((None, 1, 2, 3)),
        "patterns": patterns,
        "leftover": pick(("first", "pool", "discard")),
        "marked_contact": pick((False, True)),
    }


def invariants(state: Any, moves: Sequence[str]) -> None:
    """Every figure's score is a recount (tile values, border, doubling, total); the tiles
    in the pool, market, reserves and figures are the tile set (fewer with
    ``leftover="discard"``); the outcome's scores are the figures' totals."""
    from gamekit import hextiles

    rules = state.rules
    totals = []
    for fig in state.figures:
        s = hextiles.score(fig)
        values = sum(t.value for t in fig.tiles().values())
        assert s.tiles == values == fig.value, (s, values)
        assert s.tile_count == len(fig)
        assert s.total == s.tiles + s.border, s
        assert s.border == s.longest * (2 if s.closed else 1), s
        assert len(s.run) == s.longest
        assert all(fig.marked_edge(edge) for edge in s.run), f"an unmarked edge in {s.run}"
        outer_marked = all(fig.marked_edge(edge) for edge in s.outer)
        assert s.closed == (bool(s.outer) and outer_marked), (s.closed, outer_marked)
        if s.closed:
            assert s.longest == len(s.outer), (s.longest, len(s.outer))
        totals.append(s.total)
    placed = Counter(
        t.pattern.marks for fig in state.figures for t in fig.tiles().values() if t.value
    )
    have = Counter(state.pool) + Counter(state.market) + placed
    for reserve in state.reserves:
        have += Counter(reserve)
    tile_set = Counter(t.marks for t in rules.tile_set())
    if rules.leftover == "discard":
        assert not (have - tile_set), (have, tile_set)
    else:
        assert have == tile_set, (have, tile_set)
    outcome = state.outcome
    if outcome is not None:
        seats = rules.seats
        assert dict(outcome.scores) == dict(zip(seats, totals, strict=True)), (
            outcome.scores,
            totals,
        )
        recount = [hextiles.score(f) for f in state.figures]
        best = [seats[i] for i in hextiles.ranking(recount)]
        assert tuple(outcome.winners) == tuple(best), (outcome.winners, best)
        breakdown = getattr(outcome, "breakdown", ())
        if breakdown:
            assert [b.total for b in breakdown] == totals, (breakdown, totals)
            assert list(breakdown) == recount, (breakdown, recount)


def notation() -> tuple[str, ...]:
    """Taking, placing, turning, and every pattern's name."""
    from gamekit import hextiles

    words = ["take", "place", "at", "turn", "done", "(", ")", ",", "-", "000000", "111111"]
    return tuple(dict.fromkeys([*words, *hextiles.PATTERN_NAMES]))


def variant_rule(state: Any, move: Any) -> str | None:
    """A tile is never placed turned 3 times."""
    if move.kind == "place" and move.turn == 3:
        return f"{move} is not allowed: no turn 3"
    return None


def said(state: Any) -> list[str]:
    """Every placed tile's colour (the first tile of each figure aside)."""
    return [t.colour for f in state.figures for cell, t in f.tiles().items() if cell != (0, 0)]


def places(board: Any) -> list[str]:
    """The cells of the figure shown, and the free cells around it."""
    from gamekit import hextiles

    fig = board.state.figure(getattr(board, "shown_player", 0))
    return [hextiles.cell_text(c) for c in (*fig.cells(), *fig.frontier())]


def typed(
    rules: hextiles.Rules, state: hextiles.State, move: hextiles.Move, outcome: hextiles.Outcome
) -> Typed:
    """The game's classes as the contract's Protocols (mypy checks the hand-over)."""
    return hextiles.Rules, rules, state, move, outcome


EXAMPLES = Examples(
    small={"players": 2},
    board={"players": 2},
    variety=variety,
    invariants=invariants,
    notation=notation,
    prefer=("place", 0.7),
    seeded_levels=LEVEL_NAMES,
    boards={
        "": ({"players": 2}, {"opponent": None}),
        "3": ({"players": 3}, {"opponent": "beginner"}),
    },
    board_actions={
        "pick_market": "pattern",
        "pick_reserve": "pattern",
        "rotate": "turn",
        "key": "key",
        "keep": None,
        "end_turn": None,
        "show_player": "player",
        "next_score_step": None,
    },
    variant_rule=variant_rule,
    said=said,
    places=places,
    typed=typed,
)
