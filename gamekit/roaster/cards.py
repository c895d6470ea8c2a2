"""Coffee Roaster's tokens, coffee cards, boards and cup scoring (no randomness, no drawing).

The printed numbers of the real boards are data files in ``gamekit/roaster/data``, loaded and
checked when this module is imported.

>>> cup = ["bean2"] * 3 + ["bean3", "bean4", "bean4", "burnt", "aroma", "aroma", "sweetness"]
>>> s = score(cup, CARDS["zambia-kasama-aa"])
>>> s.roast, s.flavor, s.skill, s.penalty, s.total
(6, 6, 1, -1, 12)
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

__all__ = [
    "TOKENS",
    "BEANS",
    "FLAVORS",
    "CUP_EFFECTS",
    "TOKEN_NAMES",
    "Card",
    "Board",
    "Score",
    "score",
    "CARDS",
    "BOARDS",
    "TITLES",
    "title",
    "next_difficulty",
    "FLAVOR_POINTS",
    "SKILL_POINTS",
    "level",
]

#: Every token, in the order gamekit keeps counts (``bag`` tuples follow it).
TOKENS = (
    "hard",
    "bean0",
    "bean1",
    "bean2",
    "bean3",
    "bean4",
    "burnt",
    "defect",
    "moisture",
    "smoke",
    "body",
    "acidity",
    "aroma",
    "wild",
    "sweetness",
)
BEANS = ("bean0", "bean1", "bean2", "bean3", "bean4")
FLAVORS = ("body", "acidity", "aroma")
#: The five cup-effect tokens.
CUP_EFFECTS = ("extra-bean", "sweetness", "select", "exchange", "tray")
#: Plain names for the learner.
TOKEN_NAMES = {
    "hard": "hard bean",
    "bean0": "level-0 bean",
    "bean1": "level-1 bean",
    "bean2": "level-2 bean",
    "bean3": "level-3 bean",
    "bean4": "level-4 bean",
    "burnt": "burnt bean",
    "defect": "defect bean",
    "moisture": "moisture",
    "smoke": "smoke",
    "body": "body",
    "acidity": "acidity",
    "aroma": "aroma",
    "wild": "wild flavor",
    "sweetness": "Sweetness",
    "extra-bean": "Extra bean",
    "select": "Select",
    "exchange": "Exchange",
    "tray": "Cardboard tray",
}

#: Matching flavor tokens -> flavor points (the rulebook's table).
FLAVOR_POINTS = {0: 0, 1: 1, 2: 3, 3: 6, 4: 10}
#: Largest group of beans of one roast level -> skill points (7 or more: 5).
SKILL_POINTS = {3: 1, 4: 2, 5: 3, 6: 4, 7: 5}
_PENALTY = {"hard": 1, "burnt": 1, "smoke": 1, "defect": 2}
_DIFFICULTIES = ("beginner", "advanced", "expert")


def level(token: str) -> int | None:
    """The roast level of a roasted bean (``"bean3"`` -> 3), else ``None``."""
    return int(token[4]) if token in BEANS else None


class _Frozen(dict):
    """A dict that cannot change and can be hashed (cards and boards are dict-like values)."""

    def __hash__(self) -> int:  # type: ignore[override]
        return hash(tuple(sorted(self.items(), key=lambda kv: str(kv[0]))))

    def _refuse(self, *_a, **_k):
        raise TypeError("this table is part of a card or board and cannot change")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _refuse  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(dict(self))

    def __reduce__(self):
        return (_Frozen, (dict(self),))


def _whole(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise ValueError(f"{what} must be from {low} to {high}, not {value}")
    return value


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


# ---------------------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    """A coffee card: what goes in the bag, what scores in the cup, the roast table.

    ``flavors`` are the scoring flavor tokens (1 to 4 in all); a card that lists Sweetness
    itself has ``needs_sweetness=True`` (``flavors`` may then name ``"sweetness": 1``, which
    is added if missing). ``roast_table`` maps a total roast level to roast points.

    >>> Card(name="Mine", difficulty="easy", roast_class=1, bag={"bean0": 9},
    ...      flavors={"aroma": 1}, roast_table={10: 10})
    Traceback (most recent call last):
    ...
    ValueError: difficulty must be 'beginner', 'advanced' or 'expert', not 'easy'
    """

    name: str
    difficulty: str
    roast_class: int
    bag: Mapping[str, int]
    flavors: Mapping[str, int]
    roast_table: Mapping[int, int]
    needs_sweetness: bool = False
    id: str = ""
    ours: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        if not isinstance(self.name, str) or not self.name.strip():
            raise ValueError(f"a card needs a name, not {self.name!r}")
        if self.difficulty not in _DIFFICULTIES:
            raise ValueError(
                f"difficulty must be 'beginner', 'advanced' or 'expert', not {self.difficulty!r}"
            )
        _whole(self.roast_class, "roast_class", 1, 3)
        if not isinstance(self.needs_sweetness, bool):
            raise ValueError(f"needs_sweetness must be True or False, not {self.needs_sweetness!r}")
        bag = _counts(self.bag, "the bag", allowed=[t for t in TOKENS if t != "sweetness"])
        if sum(bag.values()) == 0:
            raise ValueError("the bag must hold at least one token")
        flavors = _counts(self.flavors, "flavors", allowed=[*FLAVORS, "sweetness"])
        if flavors.get("sweetness", 0) and not self.needs_sweetness:
            raise ValueError(
                "flavors lists sweetness: set needs_sweetness=True for a card that scores "
                "Sweetness itself"
            )
        if self.needs_sweetness and not flavors.get("sweetness"):
            flavors["sweetness"] = 1
        if flavors.get("sweetness", 0) > 1:
            raise ValueError("a card can list Sweetness at most once (there is one token)")
        if not 1 <= sum(flavors.values()) <= 4:
            raise ValueError(
                f"a card lists 1 to 4 scoring flavor tokens, not {sum(flavors.values())}"
            )
        if not isinstance(self.roast_table, Mapping) or not self.roast_table:
            raise ValueError("roast_table must map total roast levels to points, e.g. {14: 10}")
        table = {}
        for k, v in self.roast_table.items():
            key = int(k) if isinstance(k, str) and k.strip().isdigit() else k
            table[_whole(key, "a roast table level", 0, 50)] = _whole(
                v, f"the roast points for level {key}", 0, 10
            )
        set_(self, "bag", _Frozen(sorted(bag.items(), key=lambda kv: TOKENS.index(kv[0]))))
        set_(self, "flavors", _Frozen(flavors))
        set_(self, "roast_table", _Frozen(sorted(table.items())))
        set_(self, "id", self.id or _slug(self.name))
        set_(self, "ours", tuple(self.ours))

    def __repr__(self) -> str:
        return f"<roaster.Card {self.id!r}: {self.difficulty}, class {self.roast_class}>"

    @property
    def moisture(self) -> int:
        """How many moisture tokens the bag starts with (it sets the thermometer's start)."""
        return self.bag.get("moisture", 0)

    @property
    def optimum(self) -> int:
        """The total roast level that scores most (the lowest if several tie)."""
        best = max(self.roast_table.values())
        return min(k for k, v in self.roast_table.items() if v == best)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "difficulty": self.difficulty,
            "roast_class": self.roast_class,
            "bag": dict(self.bag),
            "flavors": dict(self.flavors),
            "roast_table": {str(k): v for k, v in self.roast_table.items()},
            "needs_sweetness": self.needs_sweetness,
            "ours": list(self.ours),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Card:
        if not isinstance(data, Mapping):
            raise ValueError(f"a card must be a JSON object, not {data!r}")
        known = {f for f in cls.__dataclass_fields__}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(
                f"unknown card field {unknown[0]!r}; the fields are " + ", ".join(sorted(known))
            )
        return cls(**data)


def _counts(data: Any, what: str, allowed: Iterable[str]) -> dict[str, int]:
    if not isinstance(data, Mapping):
        raise ValueError(f"{what} must map token names to counts, not {data!r}")
    allowed = list(allowed)
    out: dict[str, int] = {}
    for k, v in data.items():
        if k not in allowed:
            raise ValueError(f"{what} cannot hold {k!r}; it takes " + ", ".join(allowed))
        n = _whole(v, f"the count of {k} in {what}", 0, 99)
        if n:
            out[k] = n
    return out


# ---------------------------------------------------------------------------------------
# Boards (one per side)
# ---------------------------------------------------------------------------------------

INSTANT_EFFECTS = ("wild", "more", "new", "five", "remove")


@dataclass(frozen=True)
class Board:
    """One side of the roast board and thermometer, as numbers (see ``data/boards.json``).

    ``track``: per thermometer space, ``(draw, smoke)``; ``start``: moisture count -> start
    space (0-based); ``instant_costs``: per instant effect, the tokens its slots take
    (``"any"`` is any flavor token); ``pairs``: the colour of each pair of flavor slots
    (``"any"`` takes every colour); ``extra_bean``: Extra bean's roast value; ``tray`` and
    ``tray_extra``: tray slots without and added by the Cardboard tray; ``reserve``: whether
    one flavor token of each kind starts beside the board (beginner side); cup slots are
    numbered from 1.
    """

    name: str
    track: tuple[tuple[int, int], ...]
    start: Mapping[int, int]
    instant_costs: Mapping[str, tuple[str, ...]]
    pairs: tuple[str, ...]
    extra_bean: int = 2
    tray: int = 3
    tray_extra: int = 2
    reserve: bool = False
    cup_slots: int = 10
    sweetness_slot: int = 10
    select_slots: tuple[int, ...] = (3, 4)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        track = []
        for k, space in enumerate(self.track):
            if isinstance(space, Mapping):
                space = (space.get("draw"), space.get("smoke", 0))
            draw, smoke = space
            track.append(
                (
                    _whole(draw, f"draw on space {k + 1}", 0, 40),
                    _whole(smoke, f"smoke on space {k + 1}", 0, 9),
                )
            )
        if not track:
            raise ValueError("the thermometer track needs at least one space")
        set_(self, "track", tuple(track))
        start = {}
        for m, s in dict(self.start).items():
            m = int(m) if isinstance(m, str) and m.isdigit() else m
            start[_whole(m, "a moisture count", 0, 20)] = _whole(
                s, f"the start space for {m} moisture", 0, len(track) - 1
            )
        set_(self, "start", _Frozen(start))
        costs = {}
        for effect in INSTANT_EFFECTS:
            if effect == "wild":
                continue
            slots = dict(self.instant_costs).get(effect)
            if not slots:
                raise ValueError(f"the board gives no cost for the instant effect {effect!r}")
            for s in slots:
                if s not in (*FLAVORS, "any"):
                    raise ValueError(f"an instant effect's slot takes a flavor or 'any', not {s!r}")
            costs[effect] = tuple(slots)
        wild = tuple(dict(self.instant_costs).get("wild", ("bean0", "bean1")))
        for s in wild:
            if s not in (*BEANS, "hard"):
                raise ValueError(f"the wild flavor's slots take beans, not {s!r}")
        costs["wild"] = wild
        set_(self, "instant_costs", _Frozen(costs))
        pairs = tuple(self.pairs)
        if len(pairs) != len(CUP_EFFECTS) or any(p not in (*FLAVORS, "any") for p in pairs):
            raise ValueError(
                f"pairs lists the colour of the {len(CUP_EFFECTS)} pairs of flavor slots "
                f"(body, acidity, aroma or any), not {list(pairs)}"
            )
        set_(self, "pairs", pairs)
        _whole(self.extra_bean, "extra_bean", 0, 9)
        _whole(self.tray, "tray", 0, 10)
        _whole(self.tray_extra, "tray_extra", 0, 10)
        _whole(self.cup_slots, "cup_slots", 1, 20)
        _whole(self.sweetness_slot, "sweetness_slot", 1, self.cup_slots)
        sel = tuple(self.select_slots)
        for s in sel:
            _whole(s, "a select slot", 1, self.cup_slots)
        if self.sweetness_slot in sel:
            raise ValueError("the Sweetness slot cannot be one of the Select slots")
        set_(self, "select_slots", sel)
        if not isinstance(self.reserve, bool):
            raise ValueError(f"reserve must be True or False, not {self.reserve!r}")

    def __repr__(self) -> str:
        return f"<roaster.Board {self.name!r}: {len(self.track)} thermometer spaces>"

    def start_space(self, moisture: int) -> int:
        """The thermometer space (0-based) where the round marker starts."""
        if moisture in self.start:
            return self.start[moisture]
        known = sorted(self.start)
        if not known:
            return 0
        nearest = min(known, key=lambda m: (abs(m - moisture), m))
        return self.start[nearest]

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "track": [{"draw": d, "smoke": s} for d, s in self.track],
            "start": {str(k): v for k, v in self.start.items()},
            "instant_costs": {k: list(v) for k, v in self.instant_costs.items()},
            "pairs": list(self.pairs),
            "extra_bean": self.extra_bean,
            "tray": self.tray,
            "tray_extra": self.tray_extra,
            "reserve": self.reserve,
            "cup_slots": self.cup_slots,
            "sweetness_slot": self.sweetness_slot,
            "select_slots": list(self.select_slots),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], name: str | None = None) -> Board:
        if not isinstance(data, Mapping):
            raise ValueError(f"a board must be a JSON object, not {data!r}")
        data = dict(data)
        if name is not None:
            data.setdefault("name", name)
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(
                f"unknown board field {unknown[0]!r}; the fields are " + ", ".join(sorted(known))
            )
        if "wild_cost" in data:
            raise ValueError("give the wild flavor's cost as instant_costs['wild']")
        return cls(**data)


# ---------------------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Score:
    """A cup's score: the four parts, the total and the explanation, one step a line.

    ``penalty`` is what the penalties add, a negative number or 0 (one burnt bean: -1), so
    ``total = roast + flavor + skill + penalty``.
    """

    roast: int
    flavor: int
    skill: int
    penalty: int
    total: int
    steps: tuple[str, ...]

    def __repr__(self) -> str:
        return (
            f"<roaster.Score {self.total}: roast {self.roast} + flavor {self.flavor} + "
            f"skill {self.skill} - penalty {-self.penalty}>"
        )

    def __str__(self) -> str:
        return "\n".join(self.steps)


def score(cup: Iterable[str], card: Card, extra_bean: int = 0, slots: int = 10) -> Score:
    """Score a cup (token names, one per filled slot; fewer than ``slots`` leaves empty
    slots) against ``card``. ``extra_bean`` is the unlocked Extra bean's roast value.

    >>> print(score(["bean2", "bean2", "bean2"], CARDS["jamaica-blue-mountain"]))
    1. Roast: beans 2 + 2 + 2 = 6; the card's roast table has no 6, so 0 roast points.
    2. Flavor: no flavor token in the cup, 0 flavor points.
    3. Skill: 3 beans of level 2, 1 skill point.
    4. Penalties: no flavor token in the cup -3; 7 empty slots -35: -38 in all.
    5. Total: 0 + 0 + 1 - 38 = -37.
    """
    tokens = list(cup)
    for t in tokens:
        if t not in TOKENS:
            raise ValueError(f"{t!r} is not a token name; they are " + ", ".join(TOKENS))
    if t_moist := [t for t in tokens if t == "moisture"]:
        raise ValueError(f"moisture never stays in a cup ({len(t_moist)} given)")
    if len(tokens) > slots:
        raise ValueError(f"a cup has {slots} slots, not room for {len(tokens)} tokens")
    if tokens.count("sweetness") > 1:
        raise ValueError("there is only one Sweetness token")
    count = Counter(tokens)
    steps = []

    # 1. roast
    levels = [level(t) for t in tokens if t in BEANS]
    total_level = sum(levels) + extra_bean
    parts = [str(v) for v in sorted(levels)] + ([f"Extra bean {extra_bean}"] if extra_bean else [])
    roast = card.roast_table.get(total_level, 0)
    where = (
        f"the card gives {roast} roast point" + ("" if roast == 1 else "s")
        if total_level in card.roast_table
        else f"the card's roast table has no {total_level}, so 0 roast points"
    )
    summed = " + ".join(parts) if parts else "none"
    steps.append(f"1. Roast: beans {summed} = {total_level}; {where}.")

    # 2. flavor
    need = dict(card.flavors)
    need_sweet = need.pop("sweetness", 0)
    matched_words = []
    matched = 0
    for f in FLAVORS:
        k = min(count[f], need.get(f, 0))
        if k:
            matched += k
            matched_words.append(f"{k} {f}")
    missing = sum(need.values()) - matched
    wild_used = min(count["wild"], missing)
    if wild_used:
        matched += wild_used
        missing -= wild_used
        matched_words.append(f"wild flavor for {wild_used}")
    sweet = count["sweetness"]
    if need_sweet:
        if sweet:
            matched += 1
            matched_words.append("Sweetness (the card lists it)")
    elif sweet and missing:
        matched += 1
        matched_words.append("Sweetness standing in for a missing flavor")
    flavor = FLAVOR_POINTS[matched]
    if matched:
        steps.append(
            f"2. Flavor: {', '.join(matched_words)}: {matched} matching, {flavor} flavor "
            f"point{'' if flavor == 1 else 's'}."
        )
    else:
        any_flavor = any(count[t] for t in (*FLAVORS, "wild", "sweetness"))
        why = "none matches the card" if any_flavor else "no flavor token in the cup"
        steps.append(f"2. Flavor: {why}, 0 flavor points.")

    # 3. skill
    groups = Counter(levels)
    if groups:
        lvl, size = max(groups.items(), key=lambda kv: (kv[1], kv[0]))
    else:
        lvl, size = None, 0
    skill = SKILL_POINTS[min(size, 7)] if size >= 3 else 0
    if size >= 3:
        steps.append(
            f"3. Skill: {size} beans of level {lvl}, {skill} skill point{'' if skill == 1 else 's'}."
        )
    else:
        steps.append(
            "3. Skill: no 3 beans of the same level, 0 skill points."
            if size
            else "3. Skill: no roasted beans, 0 skill points."
        )

    # 4. penalties
    penalty = 0
    words = []
    for t, cost in _PENALTY.items():
        if count[t]:
            penalty -= cost * count[t]
            words.append(
                f"{count[t]} {TOKEN_NAMES[t]}{'' if count[t] == 1 else 's'} -{cost * count[t]}"
            )
    if not any(count[t] for t in (*FLAVORS, "wild", "sweetness")):
        penalty -= 3
        words.append("no flavor token in the cup -3")
    empty = slots - len(tokens)
    if empty:
        penalty -= 5 * empty
        words.append(f"{empty} empty slot{'' if empty == 1 else 's'} -{5 * empty}")
    if words:
        steps.append(f"4. Penalties: {'; '.join(words)}: {penalty} in all.")
    else:
        steps.append("4. Penalties: none.")
    total = roast + flavor + skill + penalty
    steps.append(f"5. Total: {roast} + {flavor} + {skill} - {-penalty} = {total}.")
    return Score(roast, flavor, skill, penalty, total, tuple(steps))


# ---------------------------------------------------------------------------------------
# Data files
# ---------------------------------------------------------------------------------------


def _load(name: str) -> Any:
    try:
        text = resources.files("gamekit.roaster").joinpath("data", name).read_text("utf-8")
    except FileNotFoundError:
        raise RuntimeError(f"gamekit's data file roaster/data/{name} is missing") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise RuntimeError(
            f"gamekit's data file roaster/data/{name} is not valid JSON: {err}"
        ) from None


def _load_cards() -> dict[str, Card]:
    out: dict[str, Card] = {}
    for k, entry in enumerate(_load("cards.json").get("cards", [])):
        try:
            card = Card.from_dict(entry)
        except (TypeError, ValueError) as err:
            raise RuntimeError(f"roaster/data/cards.json, card {k + 1}: {err}") from None
        if card.id in out:
            raise RuntimeError(f"roaster/data/cards.json: two cards have the id {card.id!r}")
        out[card.id] = card
    if not out:
        raise RuntimeError("roaster/data/cards.json holds no cards")
    return out


def _load_boards() -> dict[str, Board]:
    data = _load("boards.json")
    out = {}
    for side in ("standard", "beginner"):
        if side not in data:
            raise RuntimeError(f"roaster/data/boards.json has no {side!r} side")
        entry = dict(data[side])
        entry["instant_costs"] = {
            **entry.get("instant_costs", {}),
            "wild": entry.pop("wild_cost", ["bean0", "bean1"]),
        }
        try:
            out[side] = Board.from_dict(entry, name=side)
        except (TypeError, ValueError) as err:
            raise RuntimeError(f"roaster/data/boards.json, side {side!r}: {err}") from None
    return out


def _load_titles() -> tuple[tuple[int, str, bool], ...]:
    rows = []
    for entry in _load("titles.json").get("titles", []):
        try:
            rows.append(
                (
                    _whole(entry["min"], "a title's minimum", -1000, 1000),
                    str(entry["title"]),
                    bool(entry.get("intermediate", False)),
                )
            )
        except (KeyError, TypeError, ValueError) as err:
            raise RuntimeError(f"roaster/data/titles.json: bad title {entry!r}: {err}") from None
    if not rows or sorted(rows) != rows:
        raise RuntimeError("roaster/data/titles.json must list titles from the lowest minimum up")
    return tuple(rows)


#: The shipped cards, by id (``CARDS["jamaica-blue-mountain"]``).
CARDS: dict[str, Card] = _load_cards()
#: The two sides: ``BOARDS["standard"]``, ``BOARDS["beginner"]``.
BOARDS: dict[str, Board] = _load_boards()
#: The title table: (lowest total, title, whether it is the intermediate title).
TITLES = _load_titles()


def title(total: int) -> str:
    """The roaster title for a roast challenge's total (the table is our own but for the
    top title, Meister).

    >>> title(12), title(60)
    ('Roasting apprentice', 'Roast Meister')
    """
    name = TITLES[0][1]  # also for a total below the first minimum
    for low, text, _ in TITLES:
        if total >= low:
            name = text
    return name


def next_difficulty(last_score: int) -> str:
    """The difficulty of the next card in a roast challenge: 9 or less beginner, 10–14
    advanced, 15 or more expert.

    >>> next_difficulty(9), next_difficulty(10), next_difficulty(15)
    ('beginner', 'advanced', 'expert')
    """
    if last_score <= 9:
        return "beginner"
    if last_score <= 14:
        return "advanced"
    return "expert"
