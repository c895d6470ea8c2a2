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

from collections.abc import Mapping
from math import comb

import numpy as np

from gamekit.roaster.cards import TOKENS

__all__ = ["next_token_odds", "draw_distribution", "chance_of_at_least"]


def _bag(bag) -> dict[str, int]:
    if hasattr(bag, "bag") and not isinstance(bag, Mapping):
        bag = bag.bag  # a State
    return {t: int(k) for t, k in dict(bag).items() if k}


def next_token_odds(bag) -> dict[str, float]:
    """The chance that the next token drawn is each kind (a bag dict or a state)."""
    counts = _bag(bag)
    total = sum(counts.values())
    if total == 0:
        return {}
    return {t: counts[t] / total for t in TOKENS if t in counts}


def draw_distribution(bag, token: str, draws: int) -> np.ndarray:
    """``p[k]``: the chance that exactly ``k`` of ``draws`` tokens drawn at once are
    ``token`` (the hypergeometric distribution), for ``k = 0 … draws``."""
    counts = _bag(bag)
    total = sum(counts.values())
    have = counts.get(token, 0)
    draws = min(int(draws), total)
    if draws < 0:
        raise ValueError("draws must be 0 or more")
    out = np.zeros(draws + 1)
    ways = comb(total, draws)
    for k in range(draws + 1):
        out[k] = comb(have, k) * comb(total - have, draws - k) / ways if ways else float(k == 0)
    return out


def chance_of_at_least(bag, token: str, draws: int, at_least: int = 1) -> float:
    """The chance that ``draws`` tokens drawn at once include ``at_least`` of ``token``."""
    return float(draw_distribution(bag, token, draws)[at_least:].sum())
