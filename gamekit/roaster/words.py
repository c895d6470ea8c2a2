"""A Coffee Roaster position in words: the card, the round and the step, the drawn tokens,
the bag, the cup and the tray, the effects unlocked; or the score at the end. Short enough
to read aloud.

>>> from gamekit import roaster
>>> print(position_words(roaster.Rules(card="jamaica-blue-mountain", seed=1).start().play("draw")))
Coffee Roaster, Jamaica Blue Mountain No.1, round 1: use drawn tokens for effects, then roast. Drawn: 1 hard bean, 4 level-0 beans and 2 body. The bag holds 18 tokens. The cup is empty (10 slots); the tray is empty (3 places).
"""

from __future__ import annotations

from gamekit import roaster
from gamekit.roaster.cards import TOKEN_NAMES
from gamekit.roaster.notation import PHASES

__all__ = ["position_words"]


def _listed(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _count(token: str, k: int) -> str:
    name = TOKEN_NAMES.get(token, token)
    plural = name if k == 1 or not name.endswith("bean") else name + "s"
    return f"{k} {plural}"


def _tokens(tokens: list[str]) -> str:
    counted: dict[str, int] = {}
    for t in tokens:
        counted[t] = counted.get(t, 0) + 1
    return _listed([_count(t, k) for t, k in counted.items()])


def position_words(state: roaster.State) -> str:
    """The whole position in a few sentences (see the module's example)."""
    card = state.rules._card
    outcome = state.outcome
    head = f"Coffee Roaster, {card.name}, round {state.round}"
    if outcome is not None:
        return f"{head}: the game is over: {outcome.reason}."
    parts = [f"{head}: {PHASES[state.phase]}."]
    drawn = [t for t, k in state.drawn.items() for _ in range(k)]
    if drawn:
        parts.append(f"Drawn: {_tokens(drawn)}.")
    parts.append(f"The bag holds {state.bag_size} tokens.")
    cup = [t for t in state.cup if t is not None]
    slots = len(state.cup)
    cup_words = (
        f"the cup holds {_tokens(cup)} ({slots} slots)"
        if cup
        else f"the cup is empty ({slots} slots)"
    )
    tray = list(state.tray)
    tray_words = (
        f"the tray holds {_tokens(tray)}"
        if tray
        else f"the tray is empty ({state.tray_size} places)"
    )
    parts.append(f"{cup_words[0].upper()}{cup_words[1:]}; {tray_words}.")
    if state.unlocked:
        names = [TOKEN_NAMES.get(u, u) for u in state.unlocked]
        parts.append(f"Cup effects unlocked: {_listed(names)}.")
    return " ".join(parts)
