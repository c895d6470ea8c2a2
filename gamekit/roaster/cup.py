"""The cup test as a table of moves: stopping, each drawn token into the cup or onto the
tray, Select's choice, and Exchange (see :mod:`gamekit.roaster.effects` for the table's
form).

>>> sorted(MOVES)
['cup', 'done', 'exchange', 'keep', 'stop', 'tray']
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, cast

from gamekit.game import FrozenMap
from gamekit.roaster.bag import ZERO, counts, draw, has, minus, names, plus, say
from gamekit.roaster.cards import TOKEN_NAMES
from gamekit.roaster.effects import (
    CHOICE_CHECKS,
    Action,
    _choice_candidates,
    _only,
    _plural,
    no_tokens,
)
from gamekit.roaster.notation import Move, token_order

if TYPE_CHECKING:
    from gamekit.roaster.game import State

__all__ = ["MOVES", "CANDIDATES"]


def _next_slot(s: State) -> int | None:
    for i, t in enumerate(s.cup):
        if t is None:
            return i
    return None


def next_cup_draw(s: State, events: list[str]) -> State:
    """Draw for the next empty cup slot (2 tokens for a Select slot), or end the game when
    the cup is full (after Exchange, if it is unlocked) or the bag is empty."""
    slot = _next_slot(s)
    if slot is None:
        if "exchange" in s.unlocked and not s.exchanged:
            events.append("The cup is full. Exchange is unlocked: return 2 cup tokens, or be done.")
            return s._with(phase="exchange", events=tuple(events))
        events.append("The cup is full: the game is over.")
        return s._with(phase="over", events=tuple(events))
    select = "select" in s.unlocked and (slot + 1) in s.board.select_slots
    d = draw(s._bag, 2 if select else 1, s._seed, s._draws, dry=True)
    removed = plus(s._removed, counts(["moisture"] * d.moisture))
    if d.moisture:
        events.append(f"{d.moisture} moisture drawn and removed.")
    if not d.kept:
        events.append("The bag is empty: the game is over.")
        return s._with(
            phase="over", bag=d.bag, draws=d.draws, removed=removed, events=tuple(events)
        )
    if select:
        events.append(f"Select (cup slot {slot + 1}): drew {say(d.kept)}; keep one.")
    else:
        events.append(f"Drew {say(d.kept)} for cup slot {slot + 1}: cup or tray?")
    return s._with(
        phase="select" if select else "cup",
        bag=d.bag,
        draws=d.draws,
        removed=removed,
        aside=counts(d.kept),
        events=tuple(events),
    )


def stop(s: State, m: Move) -> State:
    cup = list(s.cup)
    events = ["Roasting stopped: the cup test begins."]
    if s._reserve != ZERO:
        events.append(f"The reserve's {say(names(s._reserve))} went into the bag.")
    if "sweetness" in s.unlocked:
        cup[s.board.sweetness_slot - 1] = "sweetness"
        events.append(f"Sweetness fills cup slot {s.board.sweetness_slot}.")
    state = s._with(
        phase="cup",
        cup=tuple(cup),
        bag=plus(s._bag, s._reserve),
        reserve=ZERO,
        events=tuple(events),
    )
    return next_cup_draw(state, list(events))


def into_cup(s: State, m: Move) -> State:
    token = names(s._aside)[0]
    slot = cast(int, _next_slot(s))  # a token is aside only while a slot is empty
    cup = list(s.cup)
    cup[slot] = token
    state = s._with(cup=tuple(cup), aside=ZERO)
    return next_cup_draw(state, [f"{TOKEN_NAMES[token].capitalize()} into cup slot {slot + 1}."])


def token_waiting(s: State, m: Move) -> str | None:
    if sum(s._aside) != 1:
        return "no drawn token is waiting for the cup or the tray."
    return None


def cup_slot_free(s: State, m: Move) -> str | None:
    empty = s.cup.count(None)
    if not empty:
        return "the cup is full."
    if empty < len(m.tokens):
        return f"the cup has {_plural(empty, 'empty slot')}, not room for {say(m.tokens)}."
    return None


def tray_room(s: State, m: Move) -> str | None:
    if len(s.tray) >= s.tray_size:
        return f"the tray's {s.tray_size} slots are full, so the token goes in the cup."
    return None


def onto_tray(s: State, m: Move) -> State:
    token = names(s._aside)[0]
    state = s._with(tray=(*s.tray, token), aside=ZERO)
    return next_cup_draw(state, [f"{TOKEN_NAMES[token].capitalize()} onto the tray."])


def keep(s: State, m: Move) -> State:
    rest = minus(s._aside, counts(m.tokens))
    cup = list(s.cup)
    for t in m.tokens:
        cup[cup.index(None)] = t
    text = f"Kept {say(m.tokens)} for the cup; {say(names(rest))} went back into the bag."
    state = s._with(cup=tuple(cup), aside=ZERO, bag=plus(s._bag, rest))
    if s.phase == "exchange-choose":
        return state._with(phase="over", exchanged=True, events=(text, "The game is over."))
    return next_cup_draw(state, [text])


def _cup_tokens(s: State) -> Counter[str]:
    """The cup's tokens that Exchange may return (Sweetness stays in its slot)."""
    return Counter(t for t in s.cup if t not in (None, "sweetness"))


def two_cup_tokens(s: State, m: Move) -> str | None:
    if len(m.tokens) != 2:
        return "Exchange always returns exactly 2 cup tokens."
    return None


def in_the_cup(s: State, m: Move) -> str | None:
    cup = _cup_tokens(s)
    if not has(counts(cup.elements()), counts(m.tokens)):
        stays = " (Sweetness stays in its slot)" if "sweetness" in s.cup else ""
        return f"the cup holds {say(cup.elements())}{stays}, not {say(m.tokens)}."
    return None


def exchange(s: State, m: Move) -> State:
    cup = list(s.cup)
    for t in m.tokens:
        # the last slot holding that token is emptied
        i = len(cup) - 1 - cup[::-1].index(t)
        cup[i] = None
    bag = plus(s._bag, counts(m.tokens))
    d = draw(bag, 3, s._seed, s._draws, dry=True)
    events = [f"Exchange: returned {say(m.tokens)} and drew {say(d.kept)}."]
    if d.moisture:
        events.append(f"{d.moisture} moisture drawn and removed.")
    return s._with(
        phase="exchange-choose",
        cup=tuple(cup),
        bag=d.bag,
        draws=d.draws,
        removed=plus(s._removed, counts(["moisture"] * d.moisture)),
        aside=counts(d.kept),
        exchanged=True,
        events=tuple(events),
    )


def done(s: State, m: Move) -> State:
    return s._with(phase="over", events=("No exchange: the game is over.",))


#: The moves of the cup test.
MOVES: FrozenMap[str, Action] = FrozenMap(
    {
        "stop": Action((no_tokens,), stop),
        "cup": Action((no_tokens, token_waiting, cup_slot_free), into_cup),
        "tray": Action((no_tokens, tray_room, token_waiting), onto_tray),
        "keep": Action((*CHOICE_CHECKS, cup_slot_free), keep),
        "exchange": Action((two_cup_tokens, in_the_cup), exchange),
        "done": Action((no_tokens,), done),
    }
)


def _exchange_candidates(s: State) -> Iterator[Move]:
    yield Move("done")
    kinds = sorted(_cup_tokens(s), key=token_order)
    for a, b in itertools.combinations_with_replacement(kinds, 2):
        yield Move("exchange", (a, b))


#: The moves worth checking in each phase of the cup test.
CANDIDATES: FrozenMap[str, Callable[[State], Iterator[Move]]] = FrozenMap(
    {
        "cup": _only("cup", "tray"),
        "select": _choice_candidates("keep"),
        "exchange": _exchange_candidates,
        "exchange-choose": _choice_candidates("keep"),
        "over": _only(),
    }
)
