"""The odds of the bag (what push-your-luck is about): exact odds of a draw, and the three
ways gamekit values a cup before it is filled, each for the player who uses it:

- :func:`cup_value`: exact, for a player who puts every bad token on the tray while it has
  room (the odds player's rule of thumb);
- :class:`CupTest` and :func:`expected_score`: exact expectimax, every token going where it
  is best (the puzzles' "expected score");
- :func:`cup_forecast`: a sample of cups, the bad tokens to the tray (the board's forecast,
  with its spread).

>>> bag = {"bean4": 3, "bean2": 7}
>>> next_token_odds(bag)
{'bean2': 0.7, 'bean4': 0.3}
>>> hit = draw_distribution(bag, "bean4", 4)
>>> [round(float(p), 4) for p in hit]
[0.1667, 0.5, 0.3, 0.0333, 0.0]
>>> round(chance_of_at_least(bag, "bean4", 4, 1), 4)
0.8333
"""

from __future__ import annotations

import numbers
from collections import Counter
from collections.abc import Iterable, Mapping
from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING, Any

import numpy as np

from gamekit.checks import whole
from gamekit.roaster.cards import (
    EMPTY_CUP_PENALTY,
    FLAVOR_POINTS,
    PENALTIES,
    ROASTS_TO,
    SKILL_POINTS,
    TOKENS,
    Card,
    _show,
    level,
    score,
)

if TYPE_CHECKING:
    from gamekit.roaster.game import State

__all__ = [
    "next_token_odds",
    "draw_distribution",
    "chance_of_at_least",
    "smoke_chance",
    "cup_value",
    "CupTest",
    "expected_score",
    "hypergeometric_draws",
    "token_counts",
    "cup_forecast",
]

#: The most tokens of one kind a bag may hold here (a real bag holds a few dozen in all).
MAX_COUNT = 999


def _bag(bag: Any) -> dict[str, int]:
    """A bag dict, or a state's bag, checked: token names to whole counts of 0 or more."""
    if not isinstance(bag, Mapping) and hasattr(bag, "bag") and hasattr(bag, "rules"):
        bag = bag.bag  # a State
    if not isinstance(bag, Mapping):
        raise TypeError(
            f"bag must map token names to counts (or be a roaster.State), not {_show(bag)}"
        )
    out: dict[str, int] = {}
    for t, k in bag.items():
        if not isinstance(t, str) or t not in TOKENS:
            raise ValueError(f"bag names {_show(t)}, which is not a token; they are {TOKENS}")
        if isinstance(k, bool) or not isinstance(k, numbers.Integral):
            raise ValueError(f"bag: the count of {t} must be a whole number, not {_show(k)}")
        if not 0 <= int(k) <= MAX_COUNT:
            raise ValueError(f"bag: the count of {t} must be from 0 to {MAX_COUNT}, not {_show(k)}")
        if k:
            out[t] = int(k)
    return out


def _token(token: Any) -> str:
    if not isinstance(token, str):
        raise TypeError(f"token must be a token name, not {_show(token)}")
    if token not in TOKENS:
        raise ValueError(f"token must be a token name ({', '.join(TOKENS)}), not {_show(token)}")
    return token


def next_token_odds(bag: Any) -> dict[str, float]:
    """The chance that the next token drawn is each kind (a bag dict or a state).

    Raises:
        TypeError: ``bag`` is neither a mapping nor a state.
        ValueError: a bag entry that is not a token name with a whole count of 0 or more.
    """
    counts = _bag(bag)
    total = sum(counts.values())
    if total == 0:
        return {}
    return {t: counts[t] / total for t in TOKENS if t in counts}


def draw_distribution(bag: Any, token: str, draws: int) -> np.ndarray:
    """``p[k]``: the chance that exactly ``k`` of ``draws`` tokens drawn at once are
    ``token`` (the hypergeometric distribution), for ``k = 0 … draws`` (a draw takes at
    most the tokens there are).

    Raises:
        TypeError: ``bag``, ``token`` or ``draws`` of the wrong type.
        ValueError: a bad bag entry, an unknown token, or ``draws`` below 0.

    >>> draw_distribution({"aroma": 1}, "aroma", 3).tolist()
    [0.0, 1.0]
    """
    counts = _bag(bag)
    token = _token(token)
    draws = whole(draws, "draws")
    total = sum(counts.values())
    have = counts.get(token, 0)
    draws = min(draws, total)
    rest = total - have
    out = np.zeros(draws + 1)
    ways = comb(total, draws)
    # exact whole numbers: ways(k) = C(have, k) C(rest, draws - k), each from the last
    low, high = max(0, draws - rest), min(have, draws)
    term = comb(have, low) * comb(rest, draws - low)
    for k in range(low, high + 1):
        out[k] = term / ways
        term = term * (have - k) * (draws - k) // ((k + 1) * (rest - draws + k + 1))
    return out


def chance_of_at_least(bag: Any, token: str, draws: int, at_least: int = 1) -> float:
    """The chance that ``draws`` tokens drawn at once include ``at_least`` of ``token``
    (``at_least=0`` is certain).

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: a bad bag entry, an unknown token, or ``draws`` / ``at_least`` below 0.

    >>> chance_of_at_least({"aroma": 1, "body": 1}, "aroma", 1, at_least=0)
    1.0
    """
    at_least = whole(at_least, "at_least")
    p = draw_distribution(bag, token, draws)
    return float(min(1.0, max(0.0, p[at_least:].sum())))


def smoke_chance(state: State) -> float | None:
    """The chance that one more roast draws at least one smoke token: the marker moves on
    (putting that space's smoke into the bag), then its number of tokens is drawn. ``None``
    when roasting on is not allowed (not the time to decide, or the last space).

    >>> from gamekit.roaster import Rules
    >>> s = Rules(seed=3).arrange({}, bag={"bean2": 19, "smoke": 1}, phase="decide", space=2)
    >>> round(smoke_chance(s), 3), smoke_chance(s.play("stop"))  # 9 of 20 drawn next
    (0.45, None)
    """
    if state.why_illegal("continue") is not None:
        return None
    hotter = state.play("continue")
    if not hotter.bag.get("smoke"):
        return 0.0
    return chance_of_at_least(hotter.bag, "smoke", min(hotter.marker[0], hotter.bag_size), 1)


# -- a cup valued exactly, bad tokens to the tray -----------------------------------------

#: What a token in the cup adds to the roast total (tokens not listed add nothing).
_LEVEL = {"bean0": 0, "bean1": 1, "bean2": 2, "bean3": 3, "bean4": 4}
#: A token after a round of roasting.
_FLAVOR_TOKENS = ("body", "acidity", "aroma", "wild", "sweetness")


def _poly(groups: list[tuple[int, int, int]], draws: int, top: int) -> np.ndarray:
    """``ways[k, v]``: the ways to draw ``k`` tokens (``k`` up to ``draws``) from groups of
    ``(n, w, cap)`` (``n`` tokens, ``j`` of them worth ``min(j * w, cap)``) worth ``v`` in
    all (``v`` up to ``top``): a product of polynomials, one per group."""
    ways = np.zeros((draws + 1, top + 1))
    ways[0, 0] = 1.0
    for n, w, cap in groups:
        if not n:
            continue
        grown = np.zeros_like(ways)
        for j in range(min(n, draws) + 1):
            v = min(j * w, cap)
            if v > top:
                break
            grown[j:, v:] += comb(n, j) * ways[: draws + 1 - j, : top + 1 - v]
        ways = grown
    return ways


def cup_value(
    state: State, bag: Mapping[str, int], cup: list[str], room: int | None = None
) -> float:
    """The expected score of the cup once its empty slots are filled from ``bag`` by a
    player who puts each bad token (hard, burnt, smoke, defect) on the tray while it has
    ``room`` (default: the state's free tray slots) and every other token in the cup.

    The odds are exact for that way of playing: of the next ``empty + room`` tokens drawn,
    ``b`` are bad (a hypergeometric chance); if ``b`` fills the tray, the cup takes the
    other ``b - room`` of them and the good tokens drawn, else ``empty`` good tokens. Given
    how many good tokens come, the chances of each roast total, of each number of matching
    flavors (each flavor counting up to what the card asks) and of each largest group of
    one roast level are counted exactly (products of binomials, as in
    :mod:`gamekit.roaster.odds`)."""
    card = state.rules._card
    if room is None:
        room = max(0, state.tray_size - len(state.tray))
    need = len(state.cup) - len(cup)
    value = -float(sum(PENALTIES.get(t, 0) for t in cup))
    good = {t: n for t, n in bag.items() if n > 0 and t != "moisture" and t not in PENALTIES}
    bad = {t: n for t, n in bag.items() if n > 0 and t in PENALTIES}
    ng, nb = sum(good.values()), sum(bad.values())
    # chance of g good and k bad tokens in the cup
    chance: dict[int, float] = {}
    bad_in = 0.0
    short = 0.0
    if need <= 0:
        chance[0] = 1.0
    else:
        draws = min(need + room, ng + nb)
        total = comb(ng + nb, draws)
        for b in range(max(0, draws - ng), min(nb, draws) + 1):
            p = comb(nb, b) * comb(ng, draws - b) / total
            if b >= room:
                g, k = draws - b, b - room
            elif ng >= need:
                g, k = need, 0
            else:
                g, k = ng, max(0, nb - room)
            chance[g] = chance.get(g, 0.0) + p
            bad_in += p * k
            if g + k < need:
                short += p
    if nb:
        value -= bad_in * sum(PENALTIES[t] * n for t, n in bad.items()) / nb
    value -= EMPTY_CUP_PENALTY * short
    most = max(chance)
    ways_of = [comb(ng, g) for g in range(most + 1)]
    # roast: the levels of the beans drawn, on top of those in the cup
    extra = state.board.extra_bean if "extra-bean" in state.unlocked else 0
    base = sum(_LEVEL.get(t, 0) for t in cup) + extra
    beans = [(good.get(t, 0), w, 4 * most) for t, w in _LEVEL.items()]
    others = ng - sum(n for n, _, _ in beans)
    roast = _poly([*beans, (others, 0, 0)], most, 4 * most)
    table = card.roast_table
    points = np.array([table.get(base + v, 0) for v in range(4 * most + 1)], dtype=float)
    by_g = roast @ points
    # flavor: each of the card's flavors counts up to what the card asks, wild for any
    wanted = {f: k for f, k in card.flavors.items() if f != "sweetness"}
    have = {f: min(cup.count(f), k) for f, k in wanted.items()}
    missing = sum(wanted.values()) - sum(have.values())
    wild_have = min(cup.count("wild"), missing)
    missing -= wild_have
    sweet = 0
    if "sweetness" in cup and (card.needs_sweetness or missing > 0):
        sweet = 1
    flavor_groups = [(good.get(f, 0), 1, k - have[f]) for f, k in wanted.items()]
    flavor_groups.append((good.get("wild", 0), 1, missing))
    counted = sum(n for n, _, _ in flavor_groups)
    flavor_groups.append((ng - counted, 0, 0))
    matched = _poly(flavor_groups, most, 2 * missing)
    now = sum(have.values()) + wild_have
    fpoints = np.zeros(2 * missing + 1)
    for v in range(2 * missing + 1):
        m = now + min(v, missing)
        if sweet and (card.needs_sweetness or m < sum(wanted.values())):
            m += 1
        fpoints[v] = FLAVOR_POINTS[min(m, 4)]
    by_g = by_g + matched @ fpoints
    # the penalty for a cup without any flavor token
    if not any(t in _FLAVOR_TOKENS for t in cup):
        plain = ng - sum(good.get(t, 0) for t in _FLAVOR_TOKENS)
        by_g = by_g - 3.0 * np.array([comb(plain, g) for g in range(most + 1)])
    # skill: the chance that the largest group of one roast level reaches 3, 4 … 7 (the
    # ways to draw g tokens with every group below that size, counted exactly)
    level_count = {t: cup.count(t) for t in _LEVEL}
    biggest = max(level_count.values())
    skill = [0] * (most + 1)
    for size in range(3, 8):
        step = SKILL_POINTS[size] - SKILL_POINTS.get(size - 1, 0)
        if biggest >= size:
            skill = [x + step * w for x, w in zip(skill, ways_of, strict=True)]
            continue
        capped = [
            (good.get(t, 0), size - c - 1)
            for t, c in level_count.items()
            if good.get(t, 0) > size - c - 1
        ]
        if not capped:  # no group can reach this size, nor a larger one
            break
        free = ng - sum(n for n, _ in capped)
        under = np.array([comb(free, j) for j in range(most + 1)], dtype=float)
        for n, top in capped:
            coeff = [comb(n, j) for j in range(min(top, most) + 1)]
            under = np.convolve(under, coeff)[: most + 1]
        skill = [x + step * (w - u) for x, w, u in zip(skill, ways_of, under, strict=True)]
    for g, p in chance.items():
        if ways_of[g]:
            value += p * (float(by_g[g]) + skill[g]) / ways_of[g]
    return float(value)


# -- a cup valued by expectimax, every token where it is best ------------------------------


def token_counts(tokens: Mapping[str, int]) -> tuple[int, ...]:
    return tuple(tokens.get(t, 0) for t in TOKENS)


class CupTest:
    """The expected score of a cup test, every token going to the cup or the tray as is
    best: an exact expectimax over the bag's tokens, remembered across the positions of
    one question. The game's Select and Exchange are not modelled (a puzzle that uses
    this keeps them locked)."""

    def __init__(self, s: Any) -> None:
        self.card = s.rules.card
        self.slots = len(s.cup)
        self.extra = s.board.extra_bean if "extra-bean" in s.unlocked else 0
        self.memo: dict[tuple[Any, ...], float] = {}
        self.scores: dict[tuple[int, ...], float] = {}
        self.moisture = TOKENS.index("moisture")

    def score(self, cup: tuple[int, ...]) -> float:
        known = self.scores.get(cup)
        if known is None:
            tokens = [t for t, k in zip(TOKENS, cup, strict=True) for _ in range(k)]
            s = score(tokens, self.card, extra_bean=self.extra, slots=self.slots)
            known = self.scores[cup] = float(s.total)
        return known

    def value(self, bag: tuple[int, ...], cup: tuple[int, ...], tray_left: int) -> float:
        """From a bag, a cup (counts by token) and the tray's free slots."""
        key = (bag, cup, tray_left)
        known = self.memo.get(key)
        if known is not None:
            return known
        dry = sum(bag) - bag[self.moisture]
        if sum(cup) >= self.slots or dry == 0:
            result = self.score(cup)
        else:
            result = 0.0
            for i, k in enumerate(bag):
                if not k or i == self.moisture:
                    continue  # moisture leaves the game and another token is drawn
                rest = bag[:i] + (k - 1,) + bag[i + 1 :]
                best = self.value(rest, cup[:i] + (cup[i] + 1,) + cup[i + 1 :], tray_left)
                if tray_left:
                    best = max(best, self.value(rest, cup, tray_left - 1))
                result += k / dry * best
        self.memo[key] = result
        return result


def hypergeometric_draws(bag: tuple[int, ...], n: int) -> Iterable[tuple[tuple[int, ...], float]]:
    """Every multiset of ``n`` tokens drawn at once from ``bag`` (all of it if it holds
    fewer), with its chance."""
    total = sum(bag)
    n = min(n, total)
    ways = comb(total, n)
    kinds = [i for i, k in enumerate(bag) if k]

    def rec(j: int, left: int, taken: list[int], weight: int) -> Iterable[tuple[Any, int]]:
        if j == len(kinds):
            if left == 0:
                yield tuple(taken), weight
            return
        i = kinds[j]
        rest = sum(bag[x] for x in kinds[j + 1 :])
        for k in range(max(0, left - rest), min(bag[i], left) + 1):
            taken[i] = k
            yield from rec(j + 1, left - k, taken, weight * comb(bag[i], k))
        taken[i] = 0

    for drawn, weight in rec(0, n, [0] * len(bag), 1):
        yield drawn, weight / ways


def expected_score(s: Any, move: str) -> float:
    """The expected cup score after ``move`` ("cup", "tray", "stop" or "continue"), the
    engine playing each step it can: a "continue" is one more round with no effects, then
    a stop."""
    if set(s.unlocked) & {"select", "exchange"}:
        raise ValueError("the expected score does not model Select or Exchange")
    test = CupTest(s)
    tray_left = s.tray_size - len(s.tray)
    if move in ("cup", "tray"):
        in_cup = Counter(s.cup_tokens())
        if move == "cup":
            in_cup += Counter(s.aside)
        else:
            tray_left -= 1
        return test.value(token_counts(s.bag), token_counts(in_cup), tray_left)
    cup = token_counts({"sweetness": 1} if "sweetness" in s.unlocked else {})
    if move == "stop":
        return test.value(token_counts(Counter(s.bag) + Counter(s.reserve)), cup, tray_left)
    hotter = s.play("continue")  # the engine moves the marker and adds its smoke
    bag = token_counts(hotter.bag)
    expected = 0.0
    for drawn, chance in hypergeometric_draws(bag, hotter.marker[0]):
        kept = {t: k for t, k in zip(TOKENS, drawn, strict=True) if k and t != "moisture"}
        left = {t: b - d for t, b, d in zip(TOKENS, bag, drawn, strict=True) if b - d}
        roasted = s.rules.arrange(kept, left, phase="effects", space=hotter.space).play("roast")
        after = token_counts(Counter(roasted.bag) + Counter(s.reserve))
        expected += chance * test.value(after, cup, tray_left)
    return expected


# -- a cup forecast from a sample of cups --------------------------------------------------


def _pool(state: State) -> tuple[Counter[str], list[str]]:
    """What the bag would hold, and the cup so far, if the cup test began now (this
    round's drawn beans roasted, the beginner side's flavor tokens added)."""
    pool = Counter(state.bag)
    if state.phase in ("effects", "return-two", "two-of-five"):
        for t, k in state.drawn.items():
            pool[ROASTS_TO.get(t, t)] += k
        for t, k in state.aside.items():
            pool[t] += k
    if state.phase in ("draw", "effects", "return-two", "two-of-five", "decide"):
        pool.update(state.reserve)
        cup = []
    else:
        cup = state.cup_tokens()
        pool.update(state.aside)
    return pool, cup


@lru_cache(maxsize=64)
def _forecast(
    card: Card,
    pool: tuple[tuple[str, int], ...],
    cup: tuple[str, ...],
    slots: int,
    tray: int,
    extra: int,
    sweet: bool,
    samples: int,
) -> tuple[float, int, int, float]:
    tokens = [t for t, k in pool for _ in range(k) if t != "moisture"]
    cup = tuple(cup)
    if sweet and "sweetness" not in cup:
        cup += ("sweetness",)
    rng = np.random.default_rng(0)
    totals, levels = [], []
    for _ in range(samples):
        filled, on_tray = list(cup), 0
        for j in rng.permutation(len(tokens)):
            if len(filled) >= slots:
                break
            t = tokens[j]
            if t in PENALTIES and on_tray < tray:
                on_tray += 1
            else:
                filled.append(t)
        s = score(filled, card, extra_bean=extra, slots=slots)
        totals.append(s.total)
        levels.append(sum(level(t) or 0 for t in filled) + extra)
    low, high = np.percentile(totals, [10, 90])
    return float(np.mean(totals)), int(round(low)), int(round(high)), float(np.mean(levels))


def cup_forecast(state: State, samples: int = 300) -> tuple[float, int, int, float]:
    """What the cup would score if the cup test began now: (average score, a low and a
    high score that 8 cups in 10 fall between, the beans' average roast total). The cups are
    drawn at random from the bag as it would be (a fixed sample, so the same state always
    gives the same forecast); hard, burnt, smoke and defect beans go on the tray while it
    has room, everything else into the cup.

    >>> from gamekit import roaster
    >>> state = roaster.Rules(seed=3).start()
    >>> mean, low, high, beans = cup_forecast(state)
    >>> low <= mean <= high
    True

    Raises:
        ValueError: the game is over (read ``state.outcome`` instead).
    """
    if state.outcome is not None:
        raise ValueError("the game is over: its cup has a score, state.outcome.total")
    pool, cup = _pool(state)
    unlocked = state.unlocked
    board = state.board
    return _forecast(
        state.rules.card,
        tuple(sorted((t, k) for t, k in pool.items() if k)),
        tuple(cup),
        board.cup_slots,
        state.tray_size - len(state.tray),
        board.extra_bean if "extra-bean" in unlocked else 0,
        "sweetness" in unlocked,
        samples,
    )
