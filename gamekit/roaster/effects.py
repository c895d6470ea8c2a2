"""The roasting rounds as a table of moves: drawing, the instant and flavor effects, the two
choices they lead to, roasting, and raising the temperature.

Each move is an :class:`Action`: a row of small checks, each saying in words what is wrong
with the move here (or ``None``), and the change it makes. :class:`~gamekit.roaster.game.State`
runs the checks in order and applies the first move that passes them all; the cup test's
moves are in :mod:`gamekit.roaster.cup`.

>>> [check.__name__ for check in MOVES["more"].checks]
['unused', 'before_flavor', 'cost_size', 'cost_fits', 'can_pay', 'bag_holds_2']
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, NamedTuple, cast

from gamekit.game import FrozenMap
from gamekit.roaster.bag import (
    ZERO,
    Counts,
    Draw,
    as_dict,
    counts,
    draw,
    has,
    join_or,
    minus,
    names,
    plus,
    say,
)
from gamekit.roaster.cards import BEANS, FLAVORS, INSTANT_EFFECTS, ROASTS_TO, TOKEN_NAMES, level
from gamekit.roaster.notation import FLAVOR_EFFECTS, Move, token_order
from gamekit.text import join_words

if TYPE_CHECKING:
    from gamekit.roaster.game import State

__all__ = [
    "Action",
    "Check",
    "MOVES",
    "CANDIDATES",
    "EFFECT_NAMES",
    "EFFECT_WORDS",
    "EFFECT_RULES",
    "fits",
    "splits",
]

#: A check: what is wrong with ``move`` in ``state``, in words, or ``None``.
Check = Callable[["State", Move], "str | None"]


class Action(NamedTuple):
    """One kind of move: the checks it must pass, in order, and the change it makes."""

    checks: tuple[Check, ...]
    apply: Callable[[State, Move], State]

    def __repr__(self) -> str:
        names = ", ".join(c.__name__ for c in self.checks)
        return f"Action(checks=({names}), apply={self.apply.__name__})"


#: The effects' names in messages.
#: The effects' names as titles (pictures, boards, the move log).
EFFECT_NAMES: FrozenMap[str, str] = FrozenMap(
    {
        "wild": "Wild flavor",
        "more": "Two more tokens",
        "new": "Two new tokens",
        "five": "Two of five",
        "remove": "Remove",
        "concentrate": "Concentrate",
        "preserve": "Preserve",
        "spread": "Spread",
    }
)
EFFECT_WORDS: FrozenMap[str, str] = EFFECT_NAMES | {"wild": "wild flavor"}
#: Each effect in one line, for a player: what it costs and what it does.
EFFECT_RULES: FrozenMap[str, str] = FrozenMap(
    {
        "wild": "place a level-0 and a level-1 bean here (over several rounds if you like): "
        "together they become the wild flavor token",
        "more": "pay a flavor token: draw 2 more tokens",
        "new": "pay a flavor token: put 2 drawn tokens back in the bag and draw 2 new ones",
        "five": "pay a flavor token: draw 5 tokens aside, take 2 of them out of the game and "
        "put the other 3 back",
        "remove": "pay a flavor token: the drawn burnt beans, smoke and defect beans leave "
        "the game",
        "concentrate": "two roasted beans (level 1–3) become one bean of their total level "
        "(at most 4), straight into the bag",
        "preserve": "two beans (level 0–4) go straight back into the bag, unroasted",
        "spread": "one bean of level 2–4 becomes two lower beans with the same total, "
        "straight into the bag",
        "extra-bean": "adds 2 to the cup's roast total",
        "sweetness": "fills a cup slot and counts as a flavor token, so one token fewer is drawn",
        "select": "for two cup slots, draw 2 tokens and keep the better one",
        "exchange": "once the cup is full, send 2 cup tokens back and keep 2 of 3 new ones",
        "tray": "the tray holds 2 more tokens",
    }
)


# ---------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------


def fits(tokens: tuple[str, ...], slots: tuple[str, ...]) -> bool:
    """Whether the flavor tokens fill the slots one each: a slot of one colour takes that
    flavor or the wild flavor, an ``"any"`` slot takes every flavor token. A count
    comparison (flavor tokens fill their own colour's slots first, the rest need ``any``
    slots, wild tokens fit whatever is left), so any number of slots is quick.

    >>> fits(("aroma", "wild"), ("body", "any")), fits(("aroma", "aroma"), ("body", "any"))
    (True, False)
    """
    if len(tokens) != len(slots):
        return False
    if any(t not in (*FLAVORS, "wild") for t in tokens):
        return False
    have, room = Counter(tokens), Counter(slots)
    overflow = sum(max(0, have[f] - room[f]) for f in FLAVORS)
    return overflow <= room["any"]


def splits(lvl: int) -> list[tuple[str, str]]:
    """The ways Spread splits a bean of level ``lvl`` into two lower ones (each 1 or more)."""
    return [(f"bean{a}", f"bean{lvl - a}") for a in range(1, lvl // 2 + 1) if lvl >= 2]


def pay_from(drawn: Counts, tokens: tuple[str, ...]) -> Counts:
    """The part of ``tokens`` that comes out of the drawn tokens (the rest is the reserve's)."""
    left = dict(as_dict(drawn))
    out = []
    for t in tokens:
        if left.get(t):
            left[t] -= 1
            out.append(t)
    return counts(out)


def _pay(s: State, tokens: tuple[str, ...]) -> tuple[Counts, Counts]:
    """The drawn tokens and the reserve after paying ``tokens``: drawn tokens first."""
    from_drawn = pay_from(s._drawn, tokens)
    return minus(s._drawn, from_drawn), minus(s._reserve, minus(counts(tokens), from_drawn))


def _place(s: State, effect: str, tokens: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    """The instant effects' slots after placing ``tokens`` on ``effect``'s."""
    i = INSTANT_EFFECTS.index(effect)
    slots = list(s._instant)
    slots[i] = tuple(sorted((*slots[i], *tokens), key=token_order))
    return tuple(slots)


def _moisture_out(s: State, d: Draw) -> Counts:
    """The removed tokens after a draw's moisture left the game."""
    return plus(s._removed, counts(["moisture"] * d.moisture))


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# ---------------------------------------------------------------------------------------
# Checks shared by several moves
# ---------------------------------------------------------------------------------------


def no_tokens(s: State, m: Move) -> str | None:
    return f"'{m.action}' takes no tokens." if m.tokens else None


_CHOICES = {
    "select": (1, "keep 1 of the 2 drawn tokens for this Select slot"),
    "exchange-choose": (2, "keep 2 of the new tokens"),
    "two-of-five": (2, "remove exactly 2 of the tokens set aside"),
    "return-two": (2, "put exactly 2 drawn tokens back in the bag"),
}


def _pool(s: State) -> Counts:
    """The tokens a choice is made from: the drawn ones (Two new tokens) or those aside."""
    return s._drawn if s.phase == "return-two" else s._aside


def chooses_enough(s: State, m: Move) -> str | None:
    want, what = _CHOICES[s.phase]
    k = min(want, sum(_pool(s)))
    if len(m.tokens) != k:
        return f"you must {what}, so the move names {_plural(k, 'token')}."
    return None


def chooses_from_the_pool(s: State, m: Move) -> str | None:
    pool = _pool(s)
    if not has(pool, counts(m.tokens)):
        return f"the tokens to choose from are {say(names(pool))}."
    return None


CHOICE_CHECKS: tuple[Check, ...] = (chooses_enough, chooses_from_the_pool)


# ---------------------------------------------------------------------------------------
# Instant effects
# ---------------------------------------------------------------------------------------


def unused(s: State, m: Move) -> str | None:
    if s.used(m.action):
        return (
            f"{EFFECT_WORDS[m.action]} has been used already, and each instant effect is used "
            "at most once a game."
        )
    return None


def before_flavor(s: State, m: Move) -> str | None:
    if s._flavor_round:
        return (
            "instant effects come before flavor effects, and a flavor effect was already "
            "used this round."
        )
    return None


def names_beans(s: State, m: Move) -> str | None:
    return None if m.tokens else "name the bean(s) to place on the wild flavor's slots."


def wild_slots_free(s: State, m: Move) -> str | None:
    free = Counter(s._cost("wild"))
    free.subtract(s._instant[0])
    need = Counter(m.tokens)
    if any(need[t] > free[t] for t in need):
        return f"the wild flavor's free slots take {say(free.elements())}, not {say(m.tokens)}."
    return None


def beans_drawn(s: State, m: Move) -> str | None:
    if not has(s._drawn, counts(m.tokens)):
        return f"you drew {say(names(s._drawn))}: no {say(m.tokens)} to place."
    return None


def cost_size(s: State, m: Move) -> str | None:
    cost = s._cost(m.action)
    if len(m.tokens) != len(cost):
        return (
            f"{EFFECT_WORDS[m.action]} is paid with {_plural(len(cost), 'flavor token')} "
            f"({', '.join(cost)}), named after the effect."
        )
    return None


def cost_fits(s: State, m: Move) -> str | None:
    cost = s._cost(m.action)
    if not fits(m.tokens, cost):
        take = "s take" if len(cost) > 1 else " takes"
        wanted = join_or(["any flavor" if c == "any" else c for c in cost])
        return (
            f"{EFFECT_WORDS[m.action]}'s slot{take} {wanted} (the wild flavor counts as any), "
            f"not {say(m.tokens)}."
        )
    return None


def can_pay(s: State, m: Move) -> str | None:
    have = plus(s._drawn, s._reserve)
    if not has(have, counts(m.tokens)):
        return f"you have {say(names(have))} to pay with, not {say(m.tokens)}."
    return None


def _bag_holds(n: int) -> Check:
    def check(s: State, m: Move) -> str | None:
        if s.bag_size < n:
            return (
                f"{EFFECT_WORDS[m.action]} needs at least {n} tokens in the bag, and it holds "
                f"{s.bag_size}."
            )
        return None

    check.__name__ = check.__qualname__ = f"bag_holds_{n}"
    return check


def two_left_to_return(s: State, m: Move) -> str | None:
    rest = sum(minus(s._drawn, pay_from(s._drawn, m.tokens)))
    if rest < 2:
        return (
            "Two new tokens puts 2 drawn tokens back, and after paying you would have "
            f"{_plural(rest, 'drawn token')}."
        )
    return None


_INSTANT_CHECKS = (unused, before_flavor)
_PAID_CHECKS = (*_INSTANT_CHECKS, cost_size, cost_fits, can_pay)


def place_wild(s: State, m: Move) -> State:
    drawn = minus(s._drawn, counts(m.tokens))
    instant = _place(s, "wild", m.tokens)
    created = s._created
    events = [f"{say(m.tokens)} placed on the wild flavor's slots."]
    if len(instant[0]) >= len(s._cost("wild")):
        drawn = plus(drawn, counts(["wild"]))
        created = plus(created, counts(["wild"]))
        events.append("Both slots are full: the wild flavor token joins your drawn tokens.")
    return s._with(drawn=drawn, instant=instant, created=created, events=tuple(events))


def two_more(s: State, m: Move) -> State:
    drawn, reserve = _pay(s, m.tokens)
    d = draw(s._bag, 2, s._seed, s._draws)
    events = [f"Two more tokens: drew {say(d.picked)}."]
    if d.moisture:
        events.append(f"{d.moisture} moisture removed and not replaced.")
    return s._with(
        drawn=plus(drawn, counts(d.kept)),
        reserve=reserve,
        bag=d.bag,
        draws=d.draws,
        removed=_moisture_out(s, d),
        instant=_place(s, "more", m.tokens),
        events=tuple(events),
    )


def two_new(s: State, m: Move) -> State:
    drawn, reserve = _pay(s, m.tokens)
    return s._with(
        drawn=drawn,
        reserve=reserve,
        phase="return-two",
        instant=_place(s, "new", m.tokens),
        events=("Two new tokens: choose 2 drawn tokens to put back in the bag.",),
    )


def put_back(s: State, m: Move) -> State:
    bag = plus(s._bag, counts(m.tokens))
    drawn = minus(s._drawn, counts(m.tokens))
    d = draw(bag, 2, s._seed, s._draws)
    events = [f"Put back {say(m.tokens)}, shook the bag and drew {say(d.picked)}."]
    if d.moisture:
        events.append(f"{d.moisture} moisture removed and not replaced.")
    return s._with(
        phase="effects",
        bag=d.bag,
        drawn=plus(drawn, counts(d.kept)),
        draws=d.draws,
        removed=_moisture_out(s, d),
        events=tuple(events),
    )


def two_of_five(s: State, m: Move) -> State:
    drawn, reserve = _pay(s, m.tokens)
    d = draw(s._bag, 5, s._seed, s._draws)
    events = [f"Two of five: set aside {say(d.picked)}."]
    if d.moisture:
        events.append(f"{d.moisture} moisture removed and not replaced.")
    return s._with(
        drawn=drawn,
        reserve=reserve,
        bag=d.bag,
        draws=d.draws,
        aside=counts(d.kept),
        removed=_moisture_out(s, d),
        instant=_place(s, "five", m.tokens),
        phase="two-of-five" if d.kept else "effects",
        events=tuple(events),
    )


def discard(s: State, m: Move) -> State:
    rest = minus(s._aside, counts(m.tokens))
    return s._with(
        phase="effects",
        aside=ZERO,
        bag=plus(s._bag, rest),
        removed=plus(s._removed, counts(m.tokens)),
        events=(
            f"Removed {say(m.tokens)} from the game; {say(names(rest))} went back into the bag.",
        ),
    )


def remove(s: State, m: Move) -> State:
    drawn, reserve = _pay(s, m.tokens)
    gone = counts(t for t in names(drawn) if t in ("burnt", "smoke", "defect"))
    return s._with(
        drawn=minus(drawn, gone),
        reserve=reserve,
        removed=plus(s._removed, gone),
        instant=_place(s, "remove", m.tokens),
        events=(f"Remove: {say(names(gone))} left the game.",),
    )


# ---------------------------------------------------------------------------------------
# Flavor effects
# ---------------------------------------------------------------------------------------


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


def _flavor(m: Move) -> str:
    return FLAVOR_EFFECTS[m.action]


def names_payer(s: State, m: Move) -> str | None:
    if not m.tokens:
        return (
            f"name the flavor token that pays for {EFFECT_WORDS[m.action]} first "
            f"({_flavor(m)} or wild)."
        )
    return None


def payer_matches(s: State, m: Move) -> str | None:
    payer = m.tokens[0]
    if payer not in (_flavor(m), "wild"):
        return (
            f"{EFFECT_WORDS[m.action]} is paid with {_article(_flavor(m))} {_flavor(m)} token "
            "(or the wild flavor), "
            f"not {TOKEN_NAMES.get(payer, payer)}."
        )
    return None


def has_payer(s: State, m: Move) -> str | None:
    payer = m.tokens[0]
    if not has(plus(s._drawn, s._reserve), counts([payer])):
        return f"you have no {TOKEN_NAMES[payer]} token to pay with."
    return None


def slot_free(s: State, m: Move) -> str | None:
    flavor = _flavor(m)
    if not s.free_pairs(flavor):
        taking = [TOKEN_NAMES.get(e, e) for e, colour, _ in s.pairs if colour in (flavor, "any")]
        which = f" ({join_words(taking)}: all full)" if taking else ""
        return (
            f"no free slot on the right of the roast board takes {flavor}{which}, so "
            f"{EFFECT_WORDS[m.action]} cannot be used."
        )
    return None


def pair_named(s: State, m: Move) -> str | None:
    if m.pair is None:
        free = s.free_pairs(_flavor(m))
        return (
            f"say which cup effect's slots take the {_flavor(m)} token: 'for "
            + "' or 'for ".join(free)
            + "'."
        )
    return None


def pair_free(s: State, m: Move) -> str | None:
    free = s.free_pairs(_flavor(m))
    pair = m.pair
    if pair is not None and pair not in free:  # None: pair_named says what to do
        colour = {e: c for e, c, _ in s.pairs}[pair]
        taken = len({e: t for e, _, t in s.pairs}[pair])
        why = "are full" if taken >= 2 else f"take {colour}, not {_flavor(m)}"
        return (
            f"the slots of {TOKEN_NAMES[pair]} {why}; free ones for {_flavor(m)}: "
            + ", ".join(free)
            + "."
        )
    return None


def two_beans_into_one(s: State, m: Move) -> str | None:
    if len(m.tokens) != 3 or m.into:
        return (
            "Concentrate turns exactly two beans into one: 'concentrate body bean1 bean2 for ...'."
        )
    return None


def levels_1_to_3(s: State, m: Move) -> str | None:
    if any(b not in ("bean1", "bean2", "bean3") for b in m.tokens[1:]):
        return "Concentrate takes only beans of roast level 1 to 3."
    return None


def sum_at_most_4(s: State, m: Move) -> str | None:
    beans = m.tokens[1:]
    total = sum(level(b) or 0 for b in beans)
    if total > 4:
        summed = " + ".join(b[-1] for b in beans)
        return f"Concentrate works only if the two levels sum to at most 4, and {summed} = {total}."
    return None


def two_beans_back(s: State, m: Move) -> str | None:
    if len(m.tokens) != 3 or m.into:
        return "Preserve puts exactly two beans back in the bag, unroasted."
    return None


def roasted_beans_only(s: State, m: Move) -> str | None:
    for b in m.tokens[1:]:
        if b not in BEANS:
            return (
                f"Preserve never takes hard, defect or burnt beans ({TOKEN_NAMES.get(b, b)} "
                "given): only beans of level 0 to 4."
            )
    return None


def one_bean(s: State, m: Move) -> str | None:
    if len(m.tokens) != 2:
        return "Spread splits exactly one bean: 'spread aroma bean4 -> bean2 bean2 for ...'."
    return None


def levels_2_to_4(s: State, m: Move) -> str | None:
    if m.tokens[1] not in ("bean2", "bean3", "bean4"):
        return "Spread takes only a bean of roast level 2 to 4."
    return None


def splits_right(s: State, m: Move) -> str | None:
    b = m.tokens[1]
    options = [" ".join(p) for p in splits(level(b) or 0)]
    if " ".join(m.into) not in options:
        return (
            f"Spread turns a {TOKEN_NAMES[b]} into two beans of lower levels that sum to "
            f"{level(b)}: -> " + " or -> ".join(options) + "."
        )
    return None


def beans_there(s: State, m: Move) -> str | None:
    payer, beans = m.tokens[0], m.tokens[1:]
    after_pay = minus(s._drawn, pay_from(s._drawn, (payer,)))
    if not has(after_pay, counts(beans)):
        drawn = [t for t in names(after_pay) if t in BEANS or t in ("hard", "burnt", "defect")]
        return f"the drawn beans are {say(drawn) if drawn else 'none'}: no {say(beans)} among them."
    return None


_FLAVOR_CHECKS = (names_payer, payer_matches, has_payer, slot_free, pair_named, pair_free)


def _flavor_effect(
    s: State, m: Move, bag_add: list[str], boxed: list[str], made: list[str], text: str
) -> State:
    payer, beans = m.tokens[0], m.tokens[1:]
    drawn, reserve = _pay(s, (payer,))
    drawn = minus(drawn, counts(beans))
    pair = cast(str, m.pair)  # pair_named has checked that the move names one
    pairs = tuple((e, (*toks, payer) if e == pair else toks) for e, toks in s._pairs)
    events = [text]
    if len(dict(pairs)[pair]) >= 2:
        events.append(
            f"Both slots of {TOKEN_NAMES[pair]} are full: it is unlocked for the cup test."
        )
    return s._with(
        drawn=drawn,
        reserve=reserve,
        bag=plus(s._bag, counts(bag_add)),
        removed=plus(s._removed, counts(boxed)),
        created=plus(s._created, counts(made)),
        pairs=pairs,
        flavor_round=True,
        events=tuple(events),
    )


def concentrate(s: State, m: Move) -> State:
    beans = list(m.tokens[1:])
    made = f"bean{sum(level(b) or 0 for b in beans)}"
    text = f"Concentrate: {say(beans)} became one {TOKEN_NAMES[made]}, now in the bag."
    return _flavor_effect(s, m, [made], beans, [made], text)


def preserve(s: State, m: Move) -> State:
    beans = list(m.tokens[1:])
    text = f"Preserve: {say(beans)} went back into the bag unroasted."
    return _flavor_effect(s, m, beans, [], [], text)


def spread(s: State, m: Move) -> State:
    b = m.tokens[1]
    text = f"Spread: the {TOKEN_NAMES[b]} became {say(m.into)}, now in the bag."
    return _flavor_effect(s, m, list(m.into), [b], list(m.into), text)


# ---------------------------------------------------------------------------------------
# The round: draw, roast, raise the temperature
# ---------------------------------------------------------------------------------------


def draw_round(s: State, m: Move) -> State:
    n = s.marker[0]
    d = draw(s._bag, n, s._seed, s._draws)
    events = [f"Round {s.round}: drew {len(d.picked)} of {n} tokens: {say(d.picked)}."]
    if d.moisture:
        events.append(f"{d.moisture} moisture removed from the game.")
    return s._with(
        phase="effects",
        bag=d.bag,
        drawn=counts(d.kept),
        removed=_moisture_out(s, d),
        draws=d.draws,
        events=tuple(events),
    )


def roast(s: State, m: Move) -> State:
    before = names(s._drawn)
    after = [ROASTS_TO.get(t, t) for t in before]
    roasted = sum(1 for t in before if t in ROASTS_TO)
    return s._with(
        phase="decide",
        drawn=ZERO,
        bag=plus(s._bag, counts(after)),
        flavor_round=False,
        events=(
            f"Roast: {_plural(roasted, 'bean')} went up one level; every drawn token went "
            "back into the bag.",
        ),
    )


def not_last_space(s: State, m: Move) -> str | None:
    if s.space >= len(s.board.track) - 1:
        return (
            "the round marker is on the last space of the thermometer, so the roasting must stop."
        )
    return None


def raise_temperature(s: State, m: Move) -> State:
    space = s.space + 1
    smoke = s.board.track[space][1]
    events = [f"The round marker moves to space {space + 1}."]
    if smoke:
        events.append(f"It lands on {_plural(smoke, 'smoke token')}: into the bag.")
    return s._with(
        phase="draw",
        round=s.round + 1,
        space=space,
        bag=plus(s._bag, counts(["smoke"] * smoke)),
        created=plus(s._created, counts(["smoke"] * smoke)),
        events=tuple(events),
    )


#: The moves of the roasting rounds.
MOVES: FrozenMap[str, Action] = FrozenMap(
    {
        "draw": Action((no_tokens,), draw_round),
        "wild": Action((*_INSTANT_CHECKS, names_beans, wild_slots_free, beans_drawn), place_wild),
        "more": Action((*_PAID_CHECKS, _bag_holds(2)), two_more),
        "new": Action((*_PAID_CHECKS, two_left_to_return), two_new),
        "return": Action(CHOICE_CHECKS, put_back),
        "five": Action((*_PAID_CHECKS, _bag_holds(5)), two_of_five),
        "discard": Action(CHOICE_CHECKS, discard),
        "remove": Action(_PAID_CHECKS, remove),
        "concentrate": Action(
            (*_FLAVOR_CHECKS, two_beans_into_one, levels_1_to_3, sum_at_most_4, beans_there),
            concentrate,
        ),
        "preserve": Action(
            (*_FLAVOR_CHECKS, two_beans_back, roasted_beans_only, beans_there), preserve
        ),
        "spread": Action(
            (*_FLAVOR_CHECKS, one_bean, levels_2_to_4, splits_right, beans_there), spread
        ),
        "roast": Action((no_tokens,), roast),
        "continue": Action((no_tokens, not_last_space), raise_temperature),
    }
)


# ---------------------------------------------------------------------------------------
# Candidate moves (legal_moves keeps those that pass their checks)
# ---------------------------------------------------------------------------------------


def _kinds(c: Counts) -> list[str]:
    return sorted(set(names(c)), key=token_order)


def _multisets(kinds: list[tuple[str, int]], n: int) -> Iterator[tuple[str, ...]]:
    """Every way to take ``n`` tokens from ``kinds`` (token, how many there are)."""
    if n == 0:
        yield ()
        return
    if not kinds:
        return
    (token, have), rest = kinds[0], kinds[1:]
    for k in range(min(have, n), -1, -1):
        for tail in _multisets(rest, n - k):
            yield (token,) * k + tail


def _effect_candidates(s: State) -> Iterator[Move]:
    yield Move("roast")
    drawn = _kinds(s._drawn)
    payers = [t for t in _kinds(plus(s._drawn, s._reserve)) if t in (*FLAVORS, "wild")]
    beans = [t for t in drawn if t in BEANS]
    for k in (1, 2):
        for combo in itertools.combinations_with_replacement(
            [t for t in drawn if t in (*BEANS, "hard")], k
        ):
            yield Move("wild", combo)
    have = as_dict(plus(s._drawn, s._reserve))
    for effect in ("more", "new", "five", "remove"):
        if not s.used(effect):
            for combo in _multisets([(t, have[t]) for t in payers], len(s._cost(effect))):
                yield Move(effect, combo)
    pairs = [e for e, _ in s._pairs]
    for effect in FLAVOR_EFFECTS:
        for payer in payers:
            for pair in pairs:
                if effect == "spread":
                    for b in beans:
                        for parts in splits(level(b) or 0):
                            yield Move(effect, (payer, b), parts, pair)
                else:
                    for combo in itertools.combinations_with_replacement(beans, 2):
                        yield Move(effect, (payer, *combo), (), pair)


def _choice_candidates(action: str) -> Callable[[State], Iterator[Move]]:
    def candidates(s: State) -> Iterator[Move]:
        pool = _pool(s)
        k = min(_CHOICES[s.phase][0], sum(pool))
        for combo in itertools.combinations_with_replacement(_kinds(pool), k):
            yield Move(action, combo)

    return candidates


def _only(*actions: str) -> Callable[[State], Iterator[Move]]:
    def candidates(s: State) -> Iterator[Move]:
        for a in actions:
            yield Move(a)

    return candidates


#: The moves worth checking in each phase of the roasting rounds.
CANDIDATES: FrozenMap[str, Callable[[State], Iterator[Move]]] = FrozenMap(
    {
        "draw": _only("draw"),
        "effects": _effect_candidates,
        "return-two": _choice_candidates("return"),
        "two-of-five": _choice_candidates("discard"),
        "decide": _only("continue", "stop"),
    }
)
