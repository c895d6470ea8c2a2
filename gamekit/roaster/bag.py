"""The bag and drawing from it.

A state keeps every group of tokens (the bag, the tokens drawn, those set aside ...) as a
count per token, a tuple in :data:`~gamekit.roaster.cards.TOKENS` order, so a state stays
immutable and hashable. Drawing is seeded: draw number ``k`` of a game takes its tokens with
``numpy.random.default_rng([seed, k])`` from the bag's tokens in that order, so the same
seed and moves give the same game.

>>> bag = counts(["bean0", "bean0", "moisture", "aroma"])
>>> as_dict(bag)
{'bean0': 2, 'moisture': 1, 'aroma': 1}
>>> d = draw(bag, 4, seed=1, draws=1)
>>> d.moisture, sorted(d.kept), as_dict(d.bag), d.draws
(1, ['aroma', 'bean0', 'bean0'], {}, 2)
>>> say(d.picked)
'2 level-0 beans, 1 moisture, 1 aroma'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import NamedTuple

import numpy as np

from gamekit.roaster.cards import TOKEN_NAMES, TOKENS

__all__ = ["Counts", "ZERO", "Draw", "counts", "plus", "minus", "has", "names", "as_dict"]
__all__ += ["draw", "say", "join_or"]

#: A count per token, in TOKENS order.
Counts = tuple[int, ...]
_INDEX = {t: i for i, t in enumerate(TOKENS)}
ZERO: Counts = (0,) * len(TOKENS)


def counts(tokens: Iterable[str]) -> Counts:
    """The counts of a list of token names."""
    out = [0] * len(TOKENS)
    for t in tokens:
        out[_INDEX[t]] += 1
    return tuple(out)


def plus(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def minus(a: Counts, b: Counts) -> Counts:
    """``a`` less ``b``; taking a token that is not there is a bug in the caller (the
    rules check every move before it changes anything)."""
    out = tuple(x - y for x, y in zip(a, b, strict=True))
    if min(out, default=0) < 0:
        raise RuntimeError(f"took {say(names(b))} from {say(names(a))}: a gamekit bug")
    return out


def has(a: Counts, b: Counts) -> bool:
    """Whether ``a`` holds every token of ``b``."""
    return all(x >= y for x, y in zip(a, b, strict=True))


def names(c: Counts) -> list[str]:
    """The token names, one per token, in TOKENS order."""
    return [t for t, k in zip(TOKENS, c, strict=True) for _ in range(k)]


def as_dict(c: Counts) -> dict[str, int]:
    """``{token: count}`` of the tokens there are, in TOKENS order."""
    return {t: k for t, k in zip(TOKENS, c, strict=True) if k}


class Draw(NamedTuple):
    """What a draw did: the bag after it, every token drawn (``picked``, moisture included),
    the tokens that stay in play (``kept``: moisture leaves the game), how many moisture
    tokens left, and the draw counter after it."""

    bag: Counts
    picked: tuple[str, ...]
    kept: tuple[str, ...]
    moisture: int
    draws: int


def draw(bag: Counts, n: int, seed: int, draws: int, *, dry: bool = False) -> Draw:
    """Draw ``n`` tokens at once (all there are if fewer). Moisture drawn leaves the game;
    with ``dry=True`` (the cup test) another token is drawn for each, until ``n`` tokens
    that are not moisture are drawn or the bag is empty. Each time tokens come out of the
    bag, the draw counter ``draws`` goes up by one."""
    picked: list[str] = []
    kept: list[str] = []
    moisture = 0
    want = n
    while want > 0:
        pool = names(bag)
        k = min(want, len(pool))
        if k == 0:
            break
        rng = np.random.default_rng([seed, draws])
        taken = [pool[i] for i in rng.permutation(len(pool))[:k]]
        bag = minus(bag, counts(taken))
        draws += 1
        picked += taken
        for t in taken:
            if t == "moisture":
                moisture += 1
            else:
                kept.append(t)
        want = n - len(kept) if dry else 0
    return Draw(bag, tuple(picked), tuple(kept), moisture, draws)


_UNCOUNTED = ("moisture", "smoke", "acidity", "body", "aroma")


def say(tokens: Iterable[str]) -> str:
    """Tokens in words: ``"2 level-0 beans, 1 aroma"`` (``"nothing"`` for none)."""
    c = Counter(tokens)
    if not c:
        return "nothing"
    parts = []
    for t in TOKENS:
        if c[t]:
            name = TOKEN_NAMES[t]
            plural = c[t] > 1 and not name.endswith("s") and t not in _UNCOUNTED
            parts.append(f"{c[t]} {name}" + ("s" if plural else ""))
    return ", ".join(parts)


def join_or(words: list[str]) -> str:
    """``["a", "b", "c"]`` -> ``"a, b or c"``."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]
