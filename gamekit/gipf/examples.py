"""GIPF's examples for the kit's tests (see :mod:`gamekit.examples`).

>>> EXAMPLES.small
FrozenMap({'variant': 'basic'})
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamekit import gipf
from gamekit.examples import Examples, Pick, Typed
from gamekit.players import LEVEL_NAMES


def variety(pick: Pick) -> dict[str, Any]:
    """The three variants."""
    return {"variant": pick(("basic", "standard", "tournament"))}


def invariants(state: Any, moves: Sequence[str]) -> None:
    """Per colour, pieces on the board + in reserve + captured = the pieces the variant
    gives; after a complete turn (push phase) no row of 4 stands."""
    for colour in ("white", "black"):
        total = state.on_board(colour) + state.reserve(colour) + state.captured(colour)
        assert total == state.rules.pieces, (colour, total, state.rules.pieces)
        assert state.reserve(colour) >= 0 and state.captured(colour) >= 0
    if state.phase == "push":
        assert state.rows() == [], f"rows stand after a complete turn: {state.rows()}"
    elif state.outcome is None:
        assert any(r.owner == state.to_move for r in state.rows())


def notation() -> tuple[str, ...]:
    """Pushes, removals and keeps, on spots on and off the board."""
    spots = [f"{c}{r}" for c in "abeghiz" for r in (0, 1, 2, 5, 9, 10, 99)]
    return tuple(dict.fromkeys(["G", "g", "x", "keep", ",", "-", " x", "keep g", *spots]))


def variant_rule(state: Any, move: Any) -> str | None:
    """No push from the dot the last push came from."""
    last = state.last
    dot = getattr(move, "dot", None)
    if dot is not None and last is not None and dot == getattr(last, "dot", None):
        return f"{move} is not allowed: {dot} was just used"
    return None


def said(state: Any) -> list[str]:
    """Every piece's spot."""
    return list(state.pieces())


def typed(rules: gipf.Rules, state: gipf.State, move: gipf.Move, outcome: gipf.Outcome) -> Typed:
    """The game's classes as the contract's Protocols (mypy checks the hand-over)."""
    return gipf.Rules, rules, state, move, outcome


EXAMPLES = Examples(
    small={"variant": "basic"},
    board={"variant": "standard"},
    variety=variety,
    invariants=invariants,
    notation=notation,
    max_plies=300,
    continues=lambda state, child: child.phase == "remove",
    seeded_levels=LEVEL_NAMES,
    boards={"tournament": ({"variant": "tournament"}, {"opponent": "random"})},
    board_actions={"toggle_keep": "cell", "remove": None, "confirm": None, "cancel": None},
    variant_rule=variant_rule,
    said=said,
    typed=typed,
)
