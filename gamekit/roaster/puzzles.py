"""Coffee Roaster's puzzles: its goals (``keep-out``, ``make``, ``expected-score``: the choice
with the better expected cup score, exact over the bag, each token to the cup or the tray as
is best; "roast again" means one more round with no effects, then a stop; and the scoring
questions ``cup-costs``, every cup token that costs points, and ``cup-score``, one part of a
finished cup's score or its total) and the puzzles themselves, in teaching order.

>>> PUZZLES[0].id
'roaster-roasting-1'
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from gamekit import roaster
from gamekit.puzzles import (
    CellGoal,
    ChoiceGoal,
    MoveGoal,
    Puzzle,
    add_goals,
    define,
    join_words,
    plural,
)
from gamekit.roaster.cards import (
    BEANS,
    FLAVOR_POINTS,
    PENALTIES,
    ROASTS_TO,
    SKILL_POINTS,
)
from gamekit.roaster.odds import expected_score
from gamekit.roaster.picture import slot_tokens
from gamekit.roaster.words import with_article

__all__ = ["PUZZLES", "SCORING_GOALS", "slot_words"]

#: The goals that ask about a finished cup's score: a board hides the score until answered.
SCORING_GOALS = ("cup-costs", "cup-score")


def _drawn_after(s: Any, m: Any) -> dict[str, int]:
    """The drawn tokens that roasting would roast after ``m``: roasting now roasts the
    tokens drawn now."""
    return s.drawn if m.action == "roast" else s.play(m).drawn


def _keep_out(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    left = {t: k for t, k in _drawn_after(s, m).items() if t in p.target}
    if not left:
        words = join_words([roaster.TOKEN_NAMES[t] for t in p.target], "or")
        return True, f"after {m} no {words} is left among the drawn tokens"
    listed = join_words([plural(k, roaster.TOKEN_NAMES[t]) for t, k in left.items()])
    return False, f"after {m} the drawn tokens still hold {listed}"


def _make(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    if m.action == "roast":
        return False, "roasting uses no effect, so it makes no new bean"
    before, after = Counter(s.created), Counter(s.play(m).created)
    made = after - before
    want = Counter(p.target)
    words = join_words([plural(k, roaster.TOKEN_NAMES[t]) for t, k in want.items()])
    if not want - made:
        return True, f"{m} makes {words}"
    got = join_words([plural(k, roaster.TOKEN_NAMES[t]) for t, k in made.items()]) or "no new bean"
    return False, f"{m} makes {got}, not {words}"


def _roaster_values(p: Puzzle, s: Any) -> dict[str, tuple[float, str]]:
    out: dict[str, tuple[float, str]] = {}
    for label, move in zip(p.choices, p.moves_of_choices, strict=True):
        value = expected_score(s, move)
        out[label] = (
            value,
            f"{_roaster_choice_words(move)} gives an expected cup score of {value:.2f}",
        )
    return out


def _roaster_choice_words(move: str) -> str:
    return {
        "cup": "putting the token in the cup",
        "tray": "putting the token on the tray",
        "stop": "stopping now",
        "continue": "roasting one more round (no effects) and then stopping",
    }[move]


#: The areas whose tokens a cells puzzle asks to click, as a player names one of them.
_SLOT_WORDS = {"cup": "cup slot", "drawn": "drawn token"}


def slot_words(slot: str) -> str:
    """A cup slot or a drawn token as a player reads it, counted from 1.

    >>> slot_words("cup:0"), slot_words("drawn:3")
    ('cup slot 1', 'drawn token 4')
    """
    area, k = slot.split(":")
    return f"{_SLOT_WORDS[area]} {int(k) + 1}"


def _slot_name(area: str) -> Any:
    """How a cells puzzle on ``area``'s tokens reads a click or typed text: ``cup:3`` as
    the board names a slot, or counted from 1 as a player says it (``c4``, ``cup 4``,
    ``cup slot 4``; ``d4``, ``drawn token 4``; ``4``)."""
    letter, words = area[0], _SLOT_WORDS[area]

    def name(given: Any) -> str | None:
        if not isinstance(given, str):
            return None
        text = " ".join(given.lower().split())
        if m := re.fullmatch(rf"{area}:(\d{{1,2}})", text):
            return f"{area}:{int(m[1])}"
        counted = re.fullmatch(rf"(?:{letter}|{area}|{words}) ?(\d{{1,2}})", text)
        if m := counted or re.fullmatch(r"(\d{1,2})", text):
            return f"{area}:{int(m[1]) - 1}" if int(m[1]) >= 1 else None
        return None

    return name


def _tokens_in(area: str, s: Any) -> dict[str, str]:
    """Each filled slot of ``area`` (the cup, the drawn tokens) and its token, as the
    board shows them."""
    return {slot: t for slot, t in slot_tokens(s).items() if slot.startswith(f"{area}:")}


def _cup_tokens(s: Any) -> dict[str, str]:
    return _tokens_in("cup", s)


def _costs(p: Puzzle, s: Any) -> frozenset[str]:
    """The cup slots whose token costs points (hard, burnt, smoke, defect)."""
    return frozenset(slot for slot, t in _cup_tokens(s).items() if t in PENALTIES)


def _costs_why_not(p: Puzzle, s: Any, slot: str) -> str:
    token = _cup_tokens(s).get(slot)
    if token is None:
        return f"{slot_words(slot)} is empty"
    return f"{slot_words(slot)} holds {with_article(token)}, which costs nothing"


def _on_cup(s: Any, slot: str) -> bool:
    return slot in _cup_tokens(s)


def _roasting(p: Puzzle, s: Any) -> frozenset[str]:
    """The drawn tokens that roasting changes: hard beans and beans of level 0 to 4."""
    return frozenset(slot for slot, t in _tokens_in("drawn", s).items() if t in ROASTS_TO)


def _roasting_why_not(p: Puzzle, s: Any, slot: str) -> str:
    token = _tokens_in("drawn", s).get(slot)
    if token is None:
        return f"{slot_words(slot)} is empty"
    why = "it stays burnt" if token == "burnt" else "roasting changes only beans"
    if token == "defect":
        why = "a defect bean never roasts"
    return f"{slot_words(slot)} is {with_article(token)}: {why}"


def _on_drawn(s: Any, slot: str) -> bool:
    return slot in _tokens_in("drawn", s)


def _next_draw(p: Puzzle, s: Any) -> dict[str, tuple[float, str]]:
    """A choice of counts: how many tokens the next round draws if the player roasts on
    (the marker's next space, the smoke it adds, and what the bag holds then)."""
    draw, smoke = s.board.track[s.space + 1]
    bag = s.bag_size + smoke
    right = min(draw, bag)
    now = s.board.track[s.space][0]
    out = {}
    for label in p.choices:
        k = int(label)
        if k == right:
            why = f"the next space draws {draw}"
            if smoke:
                why += f" and puts {plural(smoke, 'smoke token')} into the bag first"
            if bag < draw:
                why += f", but the bag holds only {bag} tokens then: all of them"
            out[label] = (1.0, why)
        elif k == now:
            out[label] = (
                0.0,
                f"{k} is what this round's space draws: the marker moves one space on first",
            )
        elif k == draw and bag < draw:
            out[label] = (0.0, f"the space asks for {draw}, but the bag holds only {bag} then")
        elif k == s.bag_size and smoke:
            out[label] = (0.0, f"the new space puts {plural(smoke, 'smoke token')} in first")
        else:
            out[label] = (0.0, f"the next round does not draw {k}")
    return out


#: A part of a cup's score as the puzzles ask for it, and its step in the score's words.
_PARTS = {"roast": 0, "flavor": 1, "skill": 2, "total": 4}
_PART_WORDS = {
    "roast": "roast points",
    "flavor": "flavor points",
    "skill": "skill points",
    "total": "points in all",
}


def _cup_score(p: Puzzle, s: Any) -> dict[str, tuple[float, str]]:
    """A choice of numbers for one part of a finished cup's score (``target``: roast,
    flavor, skill or total): the right one is the engine's, a wrong one that a common slip
    gives is named by the slip."""
    part = p.target[0]
    sc = s.score
    right = getattr(sc, part)
    step = sc.steps[_PARTS[part]].split(". ", 1)[1].rstrip(".")
    slips = _slips(s, part)
    name = _PART_WORDS[part]
    out = {}
    for label in p.choices:
        k = int(label)
        if k == right:
            out[label] = (1.0, f"the cup scores {_points(right, name)}: {step.split(': ', 1)[1]}")
        else:
            out[label] = (0.0, slips.get(k, f"the cup does not score {_points(k, name)}"))
    return out


def _points(k: int, name: str) -> str:
    """``"1 skill point"``, ``"3 points in all"``."""
    return f"{k} {name}" if k != 1 else f"1 {name.replace('points', 'point')}"


def _slips(s: Any, part: str) -> dict[int, str]:
    """The numbers a learner gets from the usual slips in one part of the score."""
    sc, card = s.score, s.rules.card
    cup = [t for t in s.cup if t is not None]
    out: dict[int, str] = {}
    if part == "total":
        out[sc.roast + sc.flavor + sc.skill] = "that leaves out the penalties"
        defects = cup.count("defect")
        if defects:
            out[sc.total + defects] = "a defect bean costs 2 points, not 1"
        out[sc.total - sc.flavor] = "that leaves out the flavor points"
    elif part == "roast":
        levels = sum(roaster.level(t) or 0 for t in cup if t in BEANS)
        extra = s.board.extra_bean if "extra-bean" in s.unlocked else 0
        out[levels + extra] = (
            f"{levels + extra} is the beans' total; the card's roast table turns it into points"
        )
        if extra:
            out[card.roast_table.get(levels, 0)] = (
                f"that leaves out the Extra bean, which adds {extra} to the total"
            )
    elif part == "flavor":
        matched = next(k for k, v in FLAVOR_POINTS.items() if v == sc.flavor)
        out[matched] = f"{matched} tokens match; the flavor table turns that into points"
        if "sweetness" in cup and matched:
            out[FLAVOR_POINTS[matched - 1]] = "Sweetness stands in for a missing flavor too"
        if matched < max(FLAVOR_POINTS):
            out[FLAVOR_POINTS[matched + 1]] = (
                "each flavor counts at most as often as the card lists it"
            )
    elif part == "skill":
        groups = sorted(Counter(roaster.level(t) or 0 for t in cup if t in BEANS).values())
        scoring = [SKILL_POINTS[min(g, 7)] for g in groups if g >= 3]
        if len(scoring) > 1:
            out[sum(scoring)] = "only the largest group of one level scores (our choice)"
    out.pop(getattr(sc, part), None)
    return out


add_goals(
    cells={
        "cup-costs": CellGoal(_costs, _costs_why_not, _slot_name("cup"), _on_cup, noun="token"),
        "roast-changes": CellGoal(
            _roasting, _roasting_why_not, _slot_name("drawn"), _on_drawn, noun="token"
        ),
    },
    move={
        "keep-out": MoveGoal(_keep_out, needs=("target",)),
        "make": MoveGoal(_make, needs=("target",)),
    },
    choice={
        "expected-score": ChoiceGoal(_roaster_values, needs=("moves_of_choices",)),
        "cup-score": ChoiceGoal(_cup_score, needs=("target",), compare=False),
        "next-draw": ChoiceGoal(_next_draw, compare=False),
    },
    game="roaster",
)


_JAMAICA = roaster.Rules(card="jamaica-blue-mountain", seed=1)

#: A finished cup with every kind of costly token but burnt: 1 + 2 + 2 + 3 + 3 = 11.
_COSTLY_CUP = [
    *("bean2", "bean2", "bean3", "smoke", "aroma"),
    *("bean1", "hard", "bean3", "acidity", "defect"),
]

_EIGHT_IN_THE_CUP = ["bean2", "bean2", "bean3", "bean1", "bean2", "aroma", "acidity", "bean3"]

#: roaster's puzzles, in teaching order (level 1 first).
PUZZLES: tuple[Puzzle, ...] = (
    define(
        "roaster-roasting-1",
        1,
        "roast-changes",
        _JAMAICA,
        task="Round 3, effects step: these are the tokens you drew. Which of them will change "
        "when you roast? Click each one, then press Check.",
        hint="Roasting moves every drawn bean one step darker, from hard to burnt; look at "
        "which tokens are on that line, and where the line ends.",
        setup={
            "drawn": {"hard": 1, "bean0": 2, "bean3": 1, "bean4": 1, "burnt": 1, "defect": 1}
            | {"aroma": 1},
            "round": 3,
            "space": 4,
        },
        about="the drawn tokens",
    ),
    define(
        "roaster-draws-1",
        1,
        "next-draw",
        _JAMAICA,
        task="Round 2 is roasted, and you decide to roast on. Each new round the round marker "
        "moves one space to the right on the thermometer, and the space it lands on says how "
        "many tokens that round draws. How many tokens will round 3 draw from the bag?",
        hint="Find the round marker on the thermometer, then read the draw printed on the "
        "space just to its right.",
        setup={
            "bag": {"bean1": 6, "bean2": 6, "aroma": 2, "hard": 2},
            "phase": "decide",
            "round": 2,
            "space": 3,
        },
        choices=("9", "10", "11"),
        about="the next draw",
    ),
    define(
        "roaster-keep-out-1",
        1,
        "keep-out",
        _JAMAICA,
        task="Round 1, effects step. You drew a level-4 bean, which burns when you roast. Use "
        "one effect so that no level-4 bean is left among the drawn tokens.",
        hint="Preserve puts two beans back unroasted; Spread splits a bean into two lower ones.",
        setup={"drawn": {"bean4": 1, "bean2": 2, "bean1": 1, "acidity": 1, "aroma": 1, "hard": 1}},
        target=("bean4",),
    ),
    define(
        "roaster-draws-2",
        2,
        "next-draw",
        _JAMAICA,
        task="Round 4 is roasted and you roast on. The bag holds only 8 tokens. How many "
        "tokens will round 5 draw?",
        hint="The marker's next space says how many to draw, and it may put tokens into the "
        "bag before you draw.",
        setup={
            "bag": {"bean1": 3, "bean2": 3, "aroma": 1, "hard": 1},
            "phase": "decide",
            "round": 4,
            "space": 5,
        },
        choices=("8", "10", "11"),
        about="the next draw",
    ),
    define(
        "roaster-remove-1",
        2,
        "keep-out",
        _JAMAICA,
        task="You drew a burnt bean, a smoke and a defect bean. Use one effect so that none of "
        "them goes back into the bag when you roast.",
        hint="One instant effect takes every burnt bean, smoke and defect bean you drew out "
        "of the game.",
        setup={"drawn": {"burnt": 1, "smoke": 1, "defect": 1, "bean3": 2, "body": 1, "aroma": 1}},
        target=("burnt", "smoke", "defect"),
    ),
    define(
        "roaster-keep-out-2",
        2,
        "keep-out",
        _JAMAICA,
        task="You drew two level-4 beans. Use one effect so that neither of them burns when "
        "you roast.",
        hint="Spread saves only one bean; which effect handles two?",
        setup={"drawn": {"bean4": 2, "bean3": 1, "bean0": 2, "acidity": 1, "aroma": 1}},
        target=("bean4",),
    ),
    define(
        "roaster-wild-1",
        2,
        "make",
        _JAMAICA,
        task="Round 1, effects step. Use the beans you drew to make the wild flavor token "
        "this round.",
        hint="Look at the wild flavor's two slots on the left of the roast board: which beans "
        "do they take?",
        setup={"drawn": {"bean0": 2, "bean1": 1, "bean2": 2, "aroma": 1}},
        target=("wild",),
    ),
    define(
        "roaster-costs-1",
        2,
        "cup-costs",
        _JAMAICA,
        task="The cup test is over on Jamaica Blue Mountain. Before you score the cup: click "
        "every token in it that costs points, then press Check.",
        hint="Penalties come from tokens that are no good in a cup: hard beans, burnt beans, "
        "smoke and defect beans. A bean of any level and a flavor token never cost points.",
        setup={"bag": {}, "phase": "over", "cup": _COSTLY_CUP},
        about="the tokens in the cup",
    ),
    define(
        "roaster-make-1",
        3,
        "make",
        _JAMAICA,
        task="Use one flavor effect to make a level-3 bean for the bag.",
        hint="Concentrate adds two levels together; Spread splits one level into two.",
        setup={"drawn": {"bean1": 1, "bean2": 1, "bean4": 1, "bean0": 2, "body": 1, "aroma": 1}},
        target=("bean3",),
    ),
    define(
        "roaster-slot-1",
        3,
        "keep-out",
        _JAMAICA,
        task="You drew a level-4 bean. On the right of the roast board the yellow pair and "
        "both grey pairs are full. Use one effect so that no level-4 bean is left among the "
        "drawn tokens.",
        hint="A flavor effect needs a free slot that takes its token's colour. Which of your "
        "flavor tokens still has one?",
        setup={
            "drawn": {"bean4": 1, "bean1": 2, "acidity": 1, "aroma": 1},
            "pairs": {
                "extra-bean": ["acidity", "acidity"],
                "select": ["body", "aroma"],
                "exchange": ["acidity", "body"],
            },
        },
        target=("bean4",),
    ),
    define(
        "roaster-score-1",
        3,
        "cup-score",
        _JAMAICA,
        task="The same cup on Jamaica Blue Mountain. What does it score in all?",
        hint="Go through the four parts: the roast table for the beans' total, the flavor "
        "table for the matching flavor tokens, skill for 3 or more beans of one level, then "
        "every penalty.",
        setup={"bag": {}, "phase": "over", "cup": _COSTLY_CUP},
        target=("total",),
        choices=("0", "3", "4", "7"),
        about="the cup's score",
    ),
    define(
        "roaster-flavor-1",
        3,
        "cup-score",
        _JAMAICA,
        task="Jamaica Blue Mountain asks for one acidity and two aroma. This cup holds one "
        "aroma, the wild flavor and Sweetness. How many flavor points does it score?",
        hint="Count the tokens that match the card, each flavor at most as often as the card "
        "lists it; the wild flavor and Sweetness each stand in for one missing flavor. Then "
        "read the flavor table.",
        setup={
            "bag": {},
            "phase": "over",
            "cup": [*["bean3"] * 2, "bean2", "bean4", "bean2", "aroma", "wild", "bean1", "bean2"]
            + ["sweetness"],
            "pairs": {"sweetness": ["aroma", "aroma"]},
        },
        target=("flavor",),
        choices=("3", "6", "10"),
        about="the flavor points",
    ),
    define(
        "roaster-skill-1",
        3,
        "cup-score",
        _JAMAICA,
        task="This cup holds four level-2 beans and three level-1 beans. How many skill points "
        "does it score?",
        hint="Skill counts the beans of one roast level: 3 of them score 1 point, 4 score 2, "
        "and so on. Look for the largest group.",
        setup={
            "bag": {},
            "phase": "over",
            "cup": [*["bean2"] * 4, *["bean1"] * 3, "aroma", "acidity", "burnt"],
        },
        target=("skill",),
        choices=("1", "2", "3", "5"),
        about="the skill points",
    ),
    define(
        "roaster-cup-1",
        3,
        "expected-score",
        _JAMAICA,
        task="Cup test on Jamaica Blue Mountain (best roast total 14). Eight cup slots are "
        "filled and a smoke token is drawn; the tray is empty. Cup or tray? Choose the better "
        "expected score, every later token going to the cup or the tray as is best.",
        hint="A smoke token costs a point in the cup; what could come out of the bag instead?",
        setup={
            "bag": {"bean2": 2, "bean3": 1, "aroma": 1, "smoke": 1},
            "phase": "cup",
            "cup": _EIGHT_IN_THE_CUP,
            "aside": {"smoke": 1},
        },
        choices=("cup", "tray"),
        moves_of_choices=("cup", "tray"),
    ),
    define(
        "roaster-cup-3",
        3,
        "expected-score",
        _JAMAICA,
        task="Cup test on Jamaica Blue Mountain. Eight cup slots are filled, a smoke token is "
        "drawn, and the bag holds one last token, a level-2 bean; the tray is empty. Cup or "
        "tray? Choose the better expected score.",
        hint="Count what each choice costs: a smoke token in the cup, or a cup with a slot "
        "left empty.",
        setup={
            "bag": {"bean2": 1},
            "phase": "cup",
            "cup": _EIGHT_IN_THE_CUP,
            "aside": {"smoke": 1},
        },
        choices=("cup", "tray"),
        moves_of_choices=("cup", "tray"),
    ),
    define(
        "roaster-roast-1",
        4,
        "cup-score",
        _JAMAICA,
        task="The Extra bean was unlocked during the roast (its pair of slots is full). How "
        "many roast points does this cup score on Jamaica Blue Mountain?",
        hint="Add up the levels of the beans in the cup, add the Extra bean's value, 2, and "
        "look the total up in the card's roast table.",
        setup={
            "bag": {},
            "phase": "over",
            "cup": [*["bean2"] * 3, *["bean1"] * 3, "bean3", "aroma", "aroma", "acidity"],
            "pairs": {"extra-bean": ["acidity", "acidity"]},
        },
        target=("roast",),
        choices=("4", "6", "10", "14"),
        about="the roast points",
    ),
    define(
        "roaster-cup-2",
        4,
        "expected-score",
        _JAMAICA,
        task="Cup test on Jamaica Blue Mountain (best roast total 14). Eight cup slots are "
        "filled, their beans adding up to 13, and a level-1 bean is drawn; the tray has 2 "
        "free slots. Cup or tray? Choose the better expected score.",
        hint="Add the bean's level to the cup's total and look at the roast table; then look "
        "at what else the bag holds.",
        setup={
            "bag": {"hard": 1, "burnt": 1, "bean4": 1, "bean2": 2},
            "phase": "cup",
            "cup": _EIGHT_IN_THE_CUP,
            "tray": ["smoke"],
            "aside": {"bean1": 1},
        },
        choices=("cup", "tray"),
        moves_of_choices=("cup", "tray"),
    ),
    define(
        "roaster-stop-1",
        5,
        "expected-score",
        _JAMAICA,
        task="Jamaica Blue Mountain (best roast total 14). The bag holds 11 tokens: four "
        "level-1 beans, three level-2 beans, a hard bean, two aroma and one acidity. The next "
        "round draws 10 of them. Stop now, or roast one more round (no effects) and then "
        "stop? Choose the better expected cup score.",
        hint="Add up the levels of the ten best tokens now, and again after one more roast.",
        setup={
            "bag": {"bean1": 4, "bean2": 3, "aroma": 2, "acidity": 1, "hard": 1},
            "phase": "decide",
            "space": 3,
        },
        choices=("stop", "roast again"),
        moves_of_choices=("stop", "continue"),
    ),
    define(
        "roaster-stop-2",
        5,
        "expected-score",
        _JAMAICA,
        task="Jamaica Blue Mountain (best roast total 14). The bag holds 11 tokens: two "
        "level-1, three level-2 and two level-3 beans, a hard bean, two aroma and one "
        "acidity. The next round draws 10 of them. Stop now, or roast one more round (no "
        "effects) and then stop? Choose the better expected cup score.",
        hint="Add up the levels now: is the total already where the roast table pays most?",
        setup={
            "bag": {"bean1": 2, "bean2": 3, "bean3": 2, "aroma": 2, "acidity": 1, "hard": 1},
            "phase": "decide",
            "space": 3,
        },
        choices=("stop", "roast again"),
        moves_of_choices=("stop", "continue"),
    ),
    define(
        "roaster-stop-3",
        5,
        "expected-score",
        _JAMAICA,
        task="Jamaica Blue Mountain (best roast total 14). The bag holds 11 tokens: one "
        "level-0, one level-1, four level-2 and two level-3 beans, two aroma and one acidity. "
        "The next space of the thermometer draws 11 tokens and brings 2 smoke. Stop now, or "
        "roast one more round (no effects) and then stop? Choose the better expected cup "
        "score.",
        hint="Add up the levels of the beans now; the cup holds 10 tokens, and the tray can "
        "keep one bean out. Then think what one more round adds.",
        setup={
            "bag": {"bean0": 1, "bean1": 1, "bean2": 4, "bean3": 2, "aroma": 2, "acidity": 1},
            "phase": "decide",
            "space": 5,
            "round": 4,
        },
        choices=("stop", "roast again"),
        moves_of_choices=("stop", "continue"),
    ),
)
