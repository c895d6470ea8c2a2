"""Coffee's examples for the kit's tests (see :mod:`gamekit.examples`).

>>> EXAMPLES.small
FrozenMap({'board': 'square', 'size': 4, 'n': 3})
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamekit import coffee
from gamekit.examples import Examples, Pick, Typed


def variety(pick: Pick) -> dict[str, Any]:
    """Every board shape, sizes from the smallest up to the lessons', with and without the
    pie rule."""
    board = pick(("hex", "square"))
    size = pick(range(2, 6) if board == "hex" else range(3, 7))
    return {"board": board, "size": size, "pie_rule": pick((False, True))}


def invariants(state: Any, moves: Sequence[str]) -> None:
    """Stones on board = plies less the swap (a swap is a ply without a stone); Black has
    as many stones as Orange or one more; Black moves when the count is even."""
    swaps = sum(1 for m in moves if m == "swap")
    assert swaps == (1 if state.swapped else 0), (swaps, state.swapped)
    assert state.stone_count == len(moves) - swaps, (state.stone_count, moves)
    black, orange = len(state.stones("black")), len(state.stones("orange"))
    assert black - orange in (0, 1), (black, orange)
    if state.outcome is None:
        assert state.to_move == ("black" if state.stone_count % 2 == 0 else "orange")


def notation() -> tuple[str, ...]:
    """The rod's signs, the swap, and cells on and off every board."""
    cells = [f"{c}{r}" for c in "aegimz" for r in (1, 5, 9, 13, 26, 99)]
    return tuple(dict.fromkeys(["|", "-", "/", "\\", "swap", "Swap", *cells]))


def variant_rule(state: Any, move: Any) -> str | None:
    """No rod laid upright (along ``|``)."""
    if getattr(move, "axis", None) == "|":
        return f"{move} is not allowed: no rod is laid along |"
    return None


def said(state: Any) -> list[str]:
    """Every stone's cell."""
    return [c for colour in ("black", "orange") for c in state.stones(colour)]


def typed(
    rules: coffee.Rules, state: coffee.State, move: coffee.Move, outcome: coffee.Outcome
) -> Typed:
    """The game's classes as the contract's Protocols (mypy checks the hand-over)."""
    return coffee.Rules, rules, state, move, outcome


EXAMPLES = Examples(
    small={"board": "square", "size": 4, "n": 3},
    board={"board": "hex", "size": 5, "n": 5},
    variety=variety,
    invariants=invariants,
    notation=notation,
    max_plies=200,
    boards={
        "hex": ({"board": "hex", "size": 4}, {}),
        "pie": ({"board": "square", "size": 5, "pie_rule": True}, {"opponent": "random"}),
    },
    board_actions={"choose_axis": "axis", "swap": None},
    variant_rule=variant_rule,
    said=said,
    typed=typed,
)
