"""How the computer reads Coffee: the moves as (cell, axis) numbers through Coffee's fast
interface, so a search plays many more games a second. No evaluation of its own: the
beginner judges by the outcome (a win), and the search levels play Monte Carlo search with
random playouts.

>>> from gamekit import coffee
>>> STRATEGY.reader.fits(coffee.Rules().start())
True
"""

from __future__ import annotations

import random
from typing import Any

from gamekit import coffee
from gamekit.players import Reader, Strategy

__all__ = ["CoffeeReader", "STRATEGY"]


class CoffeeReader(Reader):
    """Coffee through (cell index, axis index) pairs, with Coffee's fast interface
    (:func:`gamekit.coffee.legal_pairs` and the rest); ``swap`` stays a :class:`Move`.
    It knows Coffee's own rules only, so a variant with an extra rule is read through the
    contract."""

    @staticmethod
    def fits(state) -> bool:
        return isinstance(state, coffee.State) and bool(state.rules.plain)

    @staticmethod
    def actions(state) -> list:
        if state.outcome is not None:
            return []
        acts: list[Any] = coffee.legal_pairs(state)
        if state.swap_available:
            acts.append(coffee.Move.swap())
        return acts

    @staticmethod
    def apply(state, action):
        if isinstance(action, coffee.Move):
            return state.play(action)
        return coffee.play_pair(state, *action)

    @staticmethod
    def move(state, action):
        if isinstance(action, coffee.Move):
            return action
        return coffee.pair_move(state, *action)

    @staticmethod
    def rollout(state, rand: random.Random, max_plies: int):
        return coffee.random_rollout(state, rand)

    @staticmethod
    def opponent_can_win(state) -> bool:
        """The same question on bitmasks (:func:`gamekit.coffee.can_win_at_once`)."""
        return coffee.can_win_at_once(state)


def batch_random_games(rules: Any, games: int, seed: int | None) -> Any:
    """Random games with the batch engine (:mod:`gamekit.coffee.batch`), for boards of up
    to 64 cells, with or without the pie rule, and variants that change only
    ``extra_rule``; ``None`` for other rules."""
    from gamekit.coffee import batch

    if not isinstance(rules, coffee.Rules) or not batch.supports(rules):
        return None
    return batch.play_random(rules, games, seed=seed).results()


#: Coffee's strategy: its fast reader and batch engine; every level plays as on every game.
STRATEGY = Strategy(reader=CoffeeReader, random_games=batch_random_games)
