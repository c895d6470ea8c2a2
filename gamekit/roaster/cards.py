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
import numbers
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, cast

from gamekit.checks import whole
from gamekit.errors import shown
from gamekit.game import FrozenMap

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
    "PENALTIES",
    "ROASTS_TO",
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
TOKEN_NAMES: FrozenMap[str, str] = FrozenMap(
    {
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
)

#: Matching flavor tokens -> flavor points (the rulebook's table).
FLAVOR_POINTS: FrozenMap[int, int] = FrozenMap({0: 0, 1: 1, 2: 3, 3: 6, 4: 10})
#: Largest group of beans of one roast level -> skill points (7 or more: 5).
SKILL_POINTS: FrozenMap[int, int] = FrozenMap({3: 1, 4: 2, 5: 3, 6: 4, 7: 5})
#: What a cup with at least one empty slot loses, once however many slots are empty.
EMPTY_CUP_PENALTY = 5
#: The tokens that cost points in the cup, and how many each.
PENALTIES: FrozenMap[str, int] = FrozenMap({"hard": 1, "burnt": 1, "smoke": 1, "defect": 2})
#: What one round of roasting makes of each token it roasts: hard, then levels 0 to 4, then
#: burnt (the other tokens stay as they are).
ROASTS_TO: FrozenMap[str, str] = FrozenMap(
    {
        "hard": "bean0",
        "bean0": "bean1",
        "bean1": "bean2",
        "bean2": "bean3",
        "bean3": "bean4",
        "bean4": "burnt",
    }
)
_DIFFICULTIES = ("beginner", "advanced", "expert")
#: The longest name or id a card or board may have.
_MAX_NAME = 80


def level(token: str) -> int | None:
    """The roast level of a roasted bean (``"bean3"`` -> 3), else ``None``.

    >>> level("bean3"), level("burnt")
    (3, None)
    """
    return int(token[4]) if isinstance(token, str) and token in BEANS else None


def _show(value: Any) -> str:
    """A bad value as a Roaster message quotes it (:func:`gamekit.errors.shown`, a little
    longer: card data holds long names)."""
    return shown(value, 60)


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{what} must be text, not {_show(value)}")
    if len(value) > _MAX_NAME:
        raise ValueError(f"{what} must be at most {_MAX_NAME} characters, not {len(value)}")
    return value


def _sequence(value: Any, what: str) -> tuple[Any, ...]:
    """A JSON list (a list or tuple here) as a tuple; text or a mapping is refused."""
    if not isinstance(value, (list, tuple)):
        raise ValueError(f"{what} must be a list, not {_show(value)}")
    return tuple(value)


def _key(value: Any) -> Any:
    """A JSON object's key as a whole number where it is one (``"14"`` -> 14)."""
    if isinstance(value, str) and value.isascii() and value.strip().isdigit():
        return int(value)
    return value


def _number(value: Any, what: str) -> float:
    """``value`` if it is a real number (not a bool, not NaN), else a ``TypeError``."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or value != value:
        raise TypeError(f"{what} must be a number, not {_show(value)}")
    return cast(float, value)  # any real number: an int stays an int


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _fields(cls: type, data: Any, what: str, required: Iterable[str]) -> dict[str, Any]:
    """``data`` as keyword arguments for ``cls``: a mapping of its fields, none unknown and
    none of the ``required`` ones missing."""
    if not isinstance(data, Mapping):
        raise ValueError(f"a {what} must be a JSON object, not {_show(data)}")
    known = set(cls.__dataclass_fields__)  # type: ignore[attr-defined]
    for k in data:
        if k not in known:
            raise ValueError(
                f"unknown {what} field {_show(k)}; the fields are " + ", ".join(sorted(known))
            )
    for k in required:
        if k not in data:
            raise ValueError(f"a {what} needs the field {_show(k)}")
    return dict(data)


# ---------------------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Card:
    """A coffee card: what goes in the bag, what scores in the cup, the roast table.

    ``flavors`` are the scoring flavor tokens (1 to 4 in all); a card that lists Sweetness
    itself has ``needs_sweetness=True`` (``flavors`` may then name ``"sweetness": 1``, which
    is added if missing). ``roast_table`` maps a total roast level to roast points. ``id``
    (default: made from the name) names the card in records; ``ours`` lists the fields whose
    values are gamekit's own choice rather than the printed card's. The tables are read-only
    (:class:`~gamekit.game.FrozenMap`), so a card never changes.

    Raises:
        ValueError: a field of the wrong type or out of range, naming the field.

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
        _text(self.name, "a card's name")
        if not isinstance(self.difficulty, str) or self.difficulty not in _DIFFICULTIES:
            raise ValueError(
                f"difficulty must be 'beginner', 'advanced' or 'expert', not {_show(self.difficulty)}"
            )
        set_(self, "roast_class", whole(self.roast_class, "roast_class", 1, 3))
        if not isinstance(self.needs_sweetness, bool):
            raise ValueError(
                f"needs_sweetness must be True or False, not {_show(self.needs_sweetness)}"
            )
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
            key = _key(k)
            table[whole(key, "a roast table level", 0, 50)] = whole(
                v, f"the roast points for level {key}", 0, 10
            )
        ident = self.id
        if ident == "":
            ident = _slug(self.name)
        if not isinstance(ident, str) or not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", ident):
            raise ValueError(
                "id must be a card id: lower-case letters and digits joined by '-', such as "
                f"'jamaica-blue-mountain', not {_show(ident)}"
            )
        _text(ident, "id")
        ours = _sequence(self.ours, "ours")
        for f in ours:
            _text(f, "an entry of ours")
        order = TOKENS.index
        set_(self, "bag", FrozenMap(sorted(bag.items(), key=lambda kv: order(kv[0]))))
        set_(self, "flavors", FrozenMap(sorted(flavors.items(), key=lambda kv: order(kv[0]))))
        set_(self, "roast_table", FrozenMap(sorted(table.items())))
        set_(self, "id", ident)
        set_(self, "ours", ours)

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
        """The card as JSON-ready data; :meth:`from_dict` reads it back."""
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
        """A card from :meth:`to_dict`'s data.

        Raises:
            ValueError: not a JSON object, an unknown or missing field, or a bad value
                (the message names the field).

        >>> Card.from_dict({"name": "Mine", "id": {}})
        Traceback (most recent call last):
        ...
        ValueError: a card needs the field 'difficulty'
        """
        required = ("name", "difficulty", "roast_class", "bag", "flavors", "roast_table")
        return cls(**_fields(cls, data, "card", required))


def _counts(data: Any, what: str, allowed: Iterable[str]) -> dict[str, int]:
    if not isinstance(data, Mapping):
        raise ValueError(f"{what} must map token names to counts, not {_show(data)}")
    allowed = list(allowed)
    out: dict[str, int] = {}
    for k, v in data.items():
        if k not in allowed:
            raise ValueError(f"{what} cannot hold {_show(k)}; it takes " + ", ".join(allowed))
        n = whole(v, f"the count of {k} in {what}", 0, 99)
        if n:
            out[k] = n
    return out


# ---------------------------------------------------------------------------------------
# Boards (one per side)
# ---------------------------------------------------------------------------------------

INSTANT_EFFECTS = ("wild", "more", "new", "five", "remove")
#: The most spaces a thermometer track may have, and the most slots an instant effect's
#: cost may have (the printed board has 10 spaces and 1 or 2 slots per effect).
MAX_TRACK = 30
MAX_COST = 20


@dataclass(frozen=True)
class Board:
    """One side of the roast board and thermometer, as numbers (see ``data/boards.json``).

    ``track``: per thermometer space, ``(draw, smoke)`` (1 to 30 spaces); ``start``:
    moisture count -> start space (0-based); ``instant_costs``: per instant effect, the
    tokens its slots take (1 to 20 slots; ``"any"`` is any flavor token); ``pairs``: the
    colour of each pair of flavor slots (``"any"`` takes every colour); ``extra_bean``:
    Extra bean's roast value; ``tray`` and ``tray_extra``: tray slots without and added by
    the Cardboard tray; ``reserve``: whether one flavor token of each kind starts beside the
    board (beginner side); cup slots are numbered from 1.

    Raises:
        ValueError: a field of the wrong type or out of range, naming the field.
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
        _text(self.name, "a board's name")
        spaces = _sequence(self.track, "track")
        if not 1 <= len(spaces) <= MAX_TRACK:
            raise ValueError(
                f"the thermometer track has 1 to {MAX_TRACK} spaces, not {len(spaces)}"
            )
        track = []
        for k, space in enumerate(spaces):
            track.append(_space(space, k + 1))
        set_(self, "track", tuple(track))
        if not isinstance(self.start, Mapping):
            raise ValueError(f"start must map moisture counts to spaces, not {_show(self.start)}")
        start = {}
        for m, s in self.start.items():
            m = _key(m)
            start[whole(m, "a moisture count in start", 0, 20)] = whole(
                s, f"the start space for {m} moisture", 0, len(track) - 1
            )
        set_(self, "start", FrozenMap(sorted(start.items())))
        if not isinstance(self.instant_costs, Mapping):
            raise ValueError(
                f"instant_costs must map instant effects to slots, not {_show(self.instant_costs)}"
            )
        for effect in self.instant_costs:
            if effect not in INSTANT_EFFECTS:
                raise ValueError(
                    f"instant_costs names {_show(effect)}, which is not an instant effect; they are "
                    + ", ".join(INSTANT_EFFECTS)
                )
        costs = {}
        for effect in INSTANT_EFFECTS[1:]:
            slots = self.instant_costs.get(effect)
            if not slots:
                raise ValueError(f"the board gives no cost for the instant effect {_show(effect)}")
            costs[effect] = _slots(slots, effect, (*FLAVORS, "any"), "a flavor or 'any'")
        wild = self.instant_costs.get("wild", ("bean0", "bean1"))
        costs["wild"] = _slots(wild, "wild", (*BEANS, "hard"), "beans")
        set_(self, "instant_costs", FrozenMap(costs))
        pairs = _sequence(self.pairs, "pairs")
        if len(pairs) != len(CUP_EFFECTS) or any(p not in (*FLAVORS, "any") for p in pairs):
            raise ValueError(
                f"pairs lists the colour of the {len(CUP_EFFECTS)} pairs of flavor slots "
                f"(body, acidity, aroma or any), not {list(pairs)}"
            )
        set_(self, "pairs", pairs)
        for name, low, high in (
            ("extra_bean", 0, 9),
            ("tray", 0, 10),
            ("tray_extra", 0, 10),
            ("cup_slots", 1, 20),
            ("sweetness_slot", 1, self.cup_slots),
        ):
            set_(self, name, whole(getattr(self, name), name, low, high))
        sel = tuple(
            whole(s, "a slot in select_slots", 1, self.cup_slots)
            for s in _sequence(self.select_slots, "select_slots")
        )
        if len(set(sel)) != len(sel):
            raise ValueError(f"select_slots names a cup slot twice: {list(sel)}")
        if self.sweetness_slot in sel:
            raise ValueError("the Sweetness slot cannot be one of the Select slots")
        set_(self, "select_slots", sel)
        if not isinstance(self.reserve, bool):
            raise ValueError(f"reserve must be True or False, not {_show(self.reserve)}")

    def __repr__(self) -> str:
        return f"<roaster.Board {self.name!r}: {len(self.track)} thermometer spaces>"

    def start_space(self, moisture: int) -> int:
        """The thermometer space (0-based) where the round marker starts for a card with
        ``moisture`` moisture tokens (the nearest listed count's space if it is not listed).

        Raises:
            ValueError: ``moisture`` is not a whole number of 0 or more.

        >>> BOARDS["standard"].start_space(3)
        2
        """
        whole(moisture, "moisture", 0, 10_000)
        if moisture in self.start:
            return self.start[moisture]
        known = sorted(self.start)
        if not known:
            return 0
        nearest = min(known, key=lambda m: (abs(m - moisture), m))
        return self.start[nearest]

    def to_dict(self) -> dict[str, Any]:
        """The board as JSON-ready data; :meth:`from_dict` reads it back."""
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
        """A board from :meth:`to_dict`'s data; ``name`` is the default name.

        Raises:
            ValueError: not a JSON object, an unknown or missing field, or a bad value
                (the message names the field).
        """
        if isinstance(data, Mapping) and "wild_cost" in data:
            raise ValueError("give the wild flavor's cost as instant_costs['wild']")
        data = _fields(cls, data, "board", ())
        if name is not None:
            data.setdefault("name", name)
        for k in ("name", "track", "start", "instant_costs", "pairs"):
            if k not in data:
                raise ValueError(f"a board needs the field {_show(k)}")
        return cls(**data)


def _space(space: Any, number: int) -> tuple[int, int]:
    """A thermometer space, ``{"draw": 9, "smoke": 0}`` or ``(9, 0)``, as ``(draw, smoke)``."""
    if isinstance(space, Mapping):
        unknown = sorted(str(k) for k in space if k not in ("draw", "smoke"))
        if unknown or "draw" not in space:
            raise ValueError(
                f"space {number} of the track gives 'draw' (and 'smoke'), not {dict(space)!r}"
            )
        draw, smoke = space["draw"], space.get("smoke", 0)
    elif isinstance(space, (list, tuple)) and len(space) == 2:
        draw, smoke = space
    else:
        raise ValueError(
            f"space {number} of the track must be {{'draw': n, 'smoke': n}}, not {_show(space)}"
        )
    return (
        whole(draw, f"draw on space {number} of the track", 0, 40),
        whole(smoke, f"smoke on space {number} of the track", 0, 9),
    )


def _slots(value: Any, effect: str, allowed: tuple[str, ...], words: str) -> tuple[str, ...]:
    """An instant effect's cost: 1 to MAX_COST slots, each one of ``allowed``."""
    what = f"instant_costs[{_show(effect)}]"
    slots = _sequence(value, what)
    if not 1 <= len(slots) <= MAX_COST:
        raise ValueError(f"{what} has 1 to {MAX_COST} slots, not {len(slots)}")
    for s in slots:
        if not isinstance(s, str) or s not in allowed:
            if effect == "wild":
                raise ValueError(f"the wild flavor's slots take beans, not {_show(s)}")
            raise ValueError(f"an instant effect's slot takes {words}, not {_show(s)} ({what})")
    return slots


# ---------------------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Score:
    """A cup's score: the four parts, the total and the explanation, one step a line.

    ``penalty`` is what the penalties add, a negative number or 0 (one burnt bean: -1; a cup
    with empty slots: -5 once, however many), so ``total = roast + flavor + skill + penalty``.
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
    slots) against ``card``. ``extra_bean`` is the unlocked Extra bean's roast value. A cup
    with any empty slot loses 5 points once, however many slots are empty.

    Raises:
        TypeError: ``card`` is not a :class:`Card`, or ``cup`` is not a list of token names.
        ValueError: a token that cannot be in a cup, more tokens than ``slots``, or
            ``extra_bean`` / ``slots`` out of range (the message names which).

    >>> print(score(["bean2", "bean2", "bean2"], CARDS["jamaica-blue-mountain"]))
    1. Roast: beans 2 + 2 + 2 = 6; the card's roast table has no 6, so 0 roast points.
    2. Flavor: no flavor token in the cup, 0 flavor points.
    3. Skill: 3 beans of level 2, 1 skill point.
    4. Penalties: no flavor token in the cup -3; 7 empty slots -5: -8 in all.
    5. Total: 0 + 0 + 1 - 8 = -7.
    """
    if not isinstance(card, Card):
        raise TypeError(f"card must be a roaster.Card, not {type(card).__name__}")
    if isinstance(cup, (str, Mapping)) or not isinstance(cup, Iterable):
        raise TypeError(f"cup must be a list of token names, not {_show(cup)}")
    whole(extra_bean, "extra_bean", 0, 9)
    whole(slots, "slots", 1, 20)
    tokens = list(cup)
    for t in tokens:
        if not isinstance(t, str) or t not in TOKENS:
            raise ValueError(f"{_show(t)} is not a token name; they are " + ", ".join(TOKENS))
    if t_moist := [t for t in tokens if t == "moisture"]:
        raise ValueError(f"moisture never stays in a cup ({len(t_moist)} given)")
    if len(tokens) > slots:
        raise ValueError(f"a cup has {slots} slots, not room for {len(tokens)} tokens")
    if tokens.count("sweetness") > 1:
        raise ValueError("there is only one Sweetness token")
    count = Counter(tokens)
    steps = []

    # 1. roast
    levels = [level(t) or 0 for t in tokens if t in BEANS]
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
    for t, cost in PENALTIES.items():
        if count[t]:
            penalty -= cost * count[t]
            words.append(
                f"{count[t]} {TOKEN_NAMES[t]}{'' if count[t] == 1 else 's'} -{cost * count[t]}"
            )
    if not any(count[t] for t in (*FLAVORS, "wild", "sweetness")):
        penalty -= 3
        words.append("no flavor token in the cup -3")
    empty = slots - len(tokens)
    if empty:  # once, however many slots are empty (the rulebook)
        penalty -= EMPTY_CUP_PENALTY
        words.append(f"{empty} empty slot{'' if empty == 1 else 's'} -{EMPTY_CUP_PENALTY}")
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
            raise RuntimeError(f"roaster/data/cards.json: two cards have the id {_show(card.id)}")
        out[card.id] = card
    if not out:
        raise RuntimeError("roaster/data/cards.json holds no cards")
    return out


def _load_boards() -> dict[str, Board]:
    data = _load("boards.json")
    out = {}
    for side in ("standard", "beginner"):
        if side not in data:
            raise RuntimeError(f"roaster/data/boards.json has no {_show(side)} side")
        entry = dict(data[side])
        entry["instant_costs"] = {
            **entry.get("instant_costs", {}),
            "wild": entry.pop("wild_cost", ["bean0", "bean1"]),
        }
        try:
            out[side] = Board.from_dict(entry, name=side)
        except (TypeError, ValueError) as err:
            raise RuntimeError(f"roaster/data/boards.json, side {_show(side)}: {err}") from None
    return out


def _load_titles() -> tuple[tuple[int, str, bool], ...]:
    rows = []
    for entry in _load("titles.json").get("titles", []):
        try:
            rows.append(
                (
                    whole(entry["min"], "a title's minimum", -1000, 1000),
                    str(entry["title"]),
                    bool(entry.get("intermediate", False)),
                )
            )
        except (KeyError, TypeError, ValueError) as err:
            raise RuntimeError(
                f"roaster/data/titles.json: bad title {_show(entry)}: {err}"
            ) from None
    if not rows or sorted(rows) != rows:
        raise RuntimeError("roaster/data/titles.json must list titles from the lowest minimum up")
    return tuple(rows)


#: The shipped cards, by id (``CARDS["jamaica-blue-mountain"]``); read-only.
CARDS: FrozenMap[str, Card] = FrozenMap(_load_cards())
#: The two sides: ``BOARDS["standard"]``, ``BOARDS["beginner"]``; read-only.
BOARDS: FrozenMap[str, Board] = FrozenMap(_load_boards())
#: The title table: (lowest total, title, whether it is the intermediate title).
TITLES = _load_titles()


def title(total: int) -> str:
    """The roaster title for a roast challenge's total (the table is our own but for the
    top title, Meister).

    Raises:
        TypeError: ``total`` is not a number.

    >>> title(12), title(60)
    ('Roasting apprentice', 'Roast Meister')
    """
    _number(total, "total")
    name = TITLES[0][1]  # also for a total below the first minimum
    for low, text, _ in TITLES:
        if total >= low:
            name = text
    return name


def next_difficulty(last_score: int) -> str:
    """The difficulty of the next card in a roast challenge: 9 or less beginner, 10–14
    advanced, 15 or more expert.

    Raises:
        TypeError: ``last_score`` is not a number.

    >>> next_difficulty(9), next_difficulty(10), next_difficulty(15)
    ('beginner', 'advanced', 'expert')
    """
    _number(last_score, "last_score")
    if last_score <= 9:
        return "beginner"
    if last_score <= 14:
        return "advanced"
    return "expert"
