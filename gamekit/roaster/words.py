"""A Coffee Roaster position in words: the card, the round and the step, the drawn tokens,
the bag, the cup and the tray, the effects unlocked; or the score at the end. Short enough
to read aloud.

>>> from gamekit import roaster
>>> print(position_words(roaster.Rules(card="jamaica-blue-mountain", seed=1).start().play("draw")))
Coffee Roaster, Jamaica Blue Mountain No.1, round 1: use drawn tokens for effects, then roast. Drawn: a hard bean, 4 level-0 beans and 2 body tokens. The bag holds 18 tokens. The round marker is on space 3 of 10 (draw 9); the next space draws 9. The cup is empty (10 slots); the tray is empty (3 places).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from gamekit import roaster
from gamekit.roaster.cards import TOKEN_NAMES
from gamekit.roaster.effects import EFFECT_NAMES
from gamekit.roaster.notation import PHASES
from gamekit.text import a_or_an, join_words

__all__ = ["move_words", "position_words", "tokens_words", "with_article", "gerund"]


def position_words(state: roaster.State, score: bool = True) -> str:
    """The whole position in a few sentences (see the module's example); at the end, what
    the cup holds, and its score unless ``score`` is false (a puzzle asks for it)."""
    card = state.rules._card
    outcome = state.outcome
    head = f"Coffee Roaster, {card.name}, round {state.round}"
    if outcome is not None:
        cup = [t for t in state.cup if t is not None]
        empty = len(state.cup) - len(cup)
        held = f"The cup holds {tokens_words(cup)}" if cup else "The cup is empty"
        held += f", {empty} slot{'s' if empty != 1 else ''} empty." if empty and cup else "."
        if state.unlocked:
            held += f" {_unlocked_words(state)}"
        if not score:
            return f"{head}: the cup test is over. {held}"
        return f"{head}: the game is over: {outcome.reason}. {held}"
    parts = [f"{head}: {PHASES[state.phase]}."]
    drawn = [t for t, k in state.drawn.items() for _ in range(k)]
    if drawn:
        parts.append(f"Drawn: {tokens_words(drawn)}.")
    aside = [t for t, k in state.aside.items() for _ in range(k)]
    if aside:
        parts.append(f"Set aside: {tokens_words(aside)}.")
    reserve = [t for t, k in state.reserve.items() for _ in range(k)]
    if reserve:
        parts.append(f"In reserve: {tokens_words(reserve)}.")
    paid = [
        f"{tokens_words(toks)} on {EFFECT_NAMES.get(effect, TOKEN_NAMES.get(effect, effect.capitalize()))}"
        for effect, toks in [*state.instant_slots.items(), *((e, t) for e, _, t in state.pairs)]
        if toks
    ]
    if paid:
        parts.append(f"Paid into effects: {join_words(paid, 'and')}.")
    parts.append(f"The bag holds {state.bag_size} tokens.")
    parts.append(_thermometer(state))
    cup = [t for t in state.cup if t is not None]
    slots = len(state.cup)
    cup_words = (
        f"the cup holds {tokens_words(cup)} ({slots} slots)"
        if cup
        else f"the cup is empty ({slots} slots)"
    )
    tray = list(state.tray)
    tray_words = (
        f"the tray holds {tokens_words(tray)}"
        if tray
        else f"the tray is empty ({state.tray_size} places)"
    )
    parts.append(f"{cup_words[0].upper()}{cup_words[1:]}; {tray_words}.")
    if state.unlocked:
        parts.append(_unlocked_words(state))
    return " ".join(parts)


def _unlocked_words(state: roaster.State) -> str:
    """The cup effects unlocked, in a sentence."""
    names = [TOKEN_NAMES.get(u, u) for u in state.unlocked]
    return f"Cup effects unlocked: {join_words(names)}."


def _thermometer(state: roaster.State) -> str:
    """Where the round marker stands and what the next space brings, in a sentence."""
    track = state.board.track
    draw = track[state.space][0]
    here = f"The round marker is on space {state.space + 1} of {len(track)} (draw {draw})"
    if state.space + 1 >= len(track):
        return here + ", the last: the roasting must stop there."
    nxt, smoke = track[state.space + 1]
    brings = f" and brings {smoke} smoke token{'s' if smoke != 1 else ''}" if smoke else ""
    return f"{here}; the next space draws {nxt}{brings}."


_GERUNDS = {"use": "using", "put": "putting", "draw": "drawing", "roast": "roasting",
            "stop": "stopping", "keep": "keeping", "take": "taking", "send": "sending",
            "end": "ending"}  # fmt: skip


def gerund(words: str) -> str:
    """``"use Preserve …"`` -> ``"using Preserve …"`` (a move as the subject of a sentence)."""
    verb, _, rest = words.partition(" ")
    return f"{_GERUNDS.get(verb, verb)} {rest}".strip()


def with_article(token: str) -> str:
    """``"a level-0 bean"``, ``"an aroma token"``."""
    name = roaster.TOKEN_NAMES.get(token, token)
    if token in ("body", "acidity", "aroma", "moisture", "smoke"):
        name += " token"
    return a_or_an(name)


def tokens_words(tokens: Iterable[str]) -> str:
    """Tokens as a player lists them: "a level-1 bean and a level-4 bean", "2 level-4
    beans", "an acidity token" ("nothing" for none): the one way Roaster's words list
    tokens (the position, the moves, the board's messages).

    >>> tokens_words(["bean4", "aroma", "bean4"])
    '2 level-4 beans and an aroma token'
    """
    counts = Counter(tokens)
    parts = []
    for token, k in counts.items():
        if k == 1:
            parts.append(with_article(token))
        else:
            name = roaster.TOKEN_NAMES.get(token, token)
            name += " tokens" if token in ("body", "acidity", "aroma", "moisture", "smoke") else "s"
            parts.append(f"{k} {name}")
    return join_words(parts) if parts else "nothing"


def move_words(move: roaster.Move) -> str:
    """A move in words, as the player would say it ("use Preserve: pay an acidity token
    to put back 2 level-0 beans unroasted").

    >>> move_words(roaster.Move.parse("preserve acidity bean0 bean0 for select"))
    'use Preserve (pay an acidity token into the Select pair) on 2 level-0 beans'
    >>> move_words(roaster.Move.parse("cup"))
    'put the token in the cup'
    """
    a, toks = move.action, tuple(move.tokens)
    if a in ("concentrate", "preserve", "spread"):
        payer, beans = (toks[0], toks[1:]) if toks else ("", ())
        pair = roaster.TOKEN_NAMES.get(move.pair, move.pair) if move.pair else "a"
        text = f"use {EFFECT_NAMES[a]} (pay {with_article(payer)} into the {pair} pair) on {tokens_words(beans)}"
        if move.into:
            text += f", making {tokens_words(move.into)}"
        return text
    if a == "wild":
        return f"put {tokens_words(toks)} on the wild flavor's slots"
    if a in EFFECT_NAMES:
        return f"use {EFFECT_NAMES[a]} (pay {tokens_words(toks)})"
    return {
        "draw": "draw",
        "roast": "roast",
        "continue": "roast another round",
        "stop": "stop roasting",
        "cup": "put the token in the cup",
        "tray": "put the token on the tray",
        "done": "end the cup test without an exchange",
        "keep": f"keep {tokens_words(toks)}",
        "discard": f"take {tokens_words(toks)} out of the game",
        "return": f"put back {tokens_words(toks)}",
        "exchange": f"send {tokens_words(toks)} back from the cup",
    }.get(a, str(move))
