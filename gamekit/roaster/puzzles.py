"""Coffee Roaster's puzzles: its goals (``keep-out``, ``make``, ``expected-score``: the choice
with the better expected cup score, exact over the bag, each token to the cup or the tray as
is best; "roast again" means one more round with no effects, then a stop) and the puzzles
themselves, in teaching order.

>>> PUZZLES[0].id
'roaster-keep-out-1'
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from gamekit import roaster
from gamekit.puzzles import (
    ChoiceGoal,
    MoveGoal,
    Puzzle,
    add_goals,
    define,
    join_words,
    plural,
)
from gamekit.roaster.odds import expected_score

__all__ = ["PUZZLES"]


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


add_goals(
    move={
        "keep-out": MoveGoal(_keep_out, needs=("target",)),
        "make": MoveGoal(_make, needs=("target",)),
    },
    choice={
        "expected-score": ChoiceGoal(_roaster_values, needs=("moves_of_choices",)),
    },
)


_JAMAICA = roaster.Rules(card="jamaica-blue-mountain", seed=1)

_EIGHT_IN_THE_CUP = ["bean2", "bean2", "bean3", "bean1", "bean2", "aroma", "acidity", "bean3"]

#: roaster's puzzles, in teaching order (level 1 first).
PUZZLES: tuple[Puzzle, ...] = (
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
