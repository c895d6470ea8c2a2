"""The games the generic tests run over: gamekit's own (the registry's one list of them) and
any game registered by a module named in ``GAMEKIT_TEST_GAMES`` (comma-separated module
names, imported first), so that a new game runs through the whole suite before it ships
(``tests/test_sixth_game.py`` does it with a throw-away game).

Games that some tests register for themselves (lesson variants, the outside game) are left
out: which tests are collected must not depend on which modules were imported first.
"""

from __future__ import annotations

import dataclasses
import importlib
import os

from gamekit.examples import example_rules, examples  # noqa: F401  (for the tests)
from gamekit.game import games, shipped_games


def _extra() -> tuple[str, ...]:
    names = []
    for module in filter(None, os.environ.get("GAMEKIT_TEST_GAMES", "").split(",")):
        before = set(games())
        importlib.import_module(module.strip())
        names += [g for g in games() if g not in before]
    return tuple(names)


def dealt(rules: object, seed: int = 1) -> object:
    """``rules`` with the deal fixed by ``seed`` where the game has chance (a ``seed``
    option), so that a board made from them is the same every run."""
    if "seed" in getattr(rules, "__dataclass_fields__", {}):
        return dataclasses.replace(rules, seed=seed)  # type: ignore[type-var]
    return rules


#: Every game the generic tests and benchmarks loop over, gamekit's own first.
GAMES: tuple[str, ...] = shipped_games() + _extra()
