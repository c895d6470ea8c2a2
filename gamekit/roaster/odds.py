"""Exact odds of a draw from the bag (what push-your-luck is about).

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
from collections.abc import Mapping
from math import comb
from typing import Any

import numpy as np

from gamekit.roaster.cards import TOKENS, _show

__all__ = ["next_token_odds", "draw_distribution", "chance_of_at_least"]

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


def _count(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{what} must be a whole number, not {_show(value)}")
    if value < 0:
        raise ValueError(f"{what} must be 0 or more, not {_show(value)}")
    return int(value)


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
    draws = _count(draws, "draws")
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
    at_least = _count(at_least, "at_least")
    p = draw_distribution(bag, token, draws)
    return float(min(1.0, max(0.0, p[at_least:].sum())))
