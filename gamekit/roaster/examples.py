"""Coffee Roaster's examples for the kit's tests (see :mod:`gamekit.examples`).

>>> EXAMPLES.variety(lambda options: sorted(options)[0])
{'card': 'jamaica-blue-mountain', 'side': 'beginner'}
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from gamekit import roaster
from gamekit.examples import Examples, Pick, Typed


def variety(pick: Pick) -> dict[str, Any]:
    """Every card, on either side."""
    from gamekit import roaster

    return {"card": pick(sorted(roaster.CARDS)), "side": pick(("standard", "beginner"))}


def _lump(counts: Mapping[str, int]) -> Counter[str]:
    """Token counts with every bean (hard to burnt) as one kind: roasting changes levels."""
    out: Counter[str] = Counter()
    for t, k in counts.items():
        out["bean" if t in ("hard", "burnt") or t.startswith("bean") else t] += k
    return out


def invariants(state: Any, moves: Sequence[str]) -> None:
    """Tokens are conserved: in the bag + drawn + aside + reserve + on the board + cup +
    tray + removed = the card's bag + the tokens the rules created; the legal moves are the
    phase's actions."""
    from gamekit import roaster

    expected = _lump(dict(state.rules.card.bag)) + _lump(state.created)
    assert _lump(state.token_count()) == expected, (state.token_count(), expected)
    assert state.phase in roaster.PHASES
    allowed = roaster.ACTIONS[state.phase]
    assert all(m.action in allowed for m in state.legal_moves()), state.phase
    assert len(state.cup) == state.board.cup_slots


def notation() -> tuple[str, ...]:
    """Every action, token and cup effect."""
    from gamekit import roaster

    actions = sorted({a for acts in roaster.ACTIONS.values() for a in acts})
    words = [*actions, *roaster.TOKENS, *roaster.CUP_EFFECTS, "for", "->", "-"]
    return tuple(dict.fromkeys(words))


def variant_rule(state: Any, move: Any) -> str | None:
    """No Preserve effect."""
    if move.action == "preserve":
        return f"{move} is not allowed: Preserve is off"
    return None


def said(state: Any) -> list[str]:
    """Every token on the table, by its name."""
    from gamekit.roaster.cards import TOKEN_NAMES
    from gamekit.roaster.picture import slot_tokens

    return [TOKEN_NAMES.get(t, t) for t in slot_tokens(state).values()]


def places(board: Any) -> list[str]:
    """The slots of the beans, the three taste tracks, the cup and the tray."""
    return [f"bean{k}" for k in range(5)] + ["body", "acidity", "aroma", "cup", "tray"]


def typed(
    rules: roaster.Rules, state: roaster.State, move: roaster.Move, outcome: roaster.Outcome
) -> Typed:
    """The game's classes as the contract's Protocols (mypy checks the hand-over)."""
    return roaster.Rules, rules, state, move, outcome


EXAMPLES = Examples(
    variety=variety,
    invariants=invariants,
    notation=notation,
    prefer=("continue", 0.8),
    boards={"": ({"seed": 3}, {})},
    board_actions={"press": "button", "choose": "index", "clear": None, "next_step": None},
    variant_rule=variant_rule,
    said=said,
    places=places,
    typed=typed,
)
