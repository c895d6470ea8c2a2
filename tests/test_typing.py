"""Every game keeps the contract's Protocols (:mod:`gamekit.game`).

``make lint`` runs mypy on this file too: the functions below hand each game's ``Rules``,
``State``, ``Outcome`` and ``Move`` on as the Protocols ``game.Rules``, ``game.State``,
``game.Outcome`` and ``game.Move``, which mypy accepts only if every class has the
contract's attributes and methods with the right types. The tests run the same functions on
real objects and check them with ``isinstance`` (the Protocols are runtime-checkable, which
looks at the names only)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from gamekit import coffee, game, gipf, hextiles, roaster
from gamekit.coffee import batch as coffee_batch
from gamekit.players import RandomPlayer
from gamekit.sim import play_one

Contract = tuple[type[game.Rules], game.Rules, game.State, game.Move, game.Outcome]


def coffee_contract(
    rules: coffee.Rules, state: coffee.State, move: coffee.Move, outcome: coffee.Outcome
) -> Contract:
    return coffee.Rules, rules, state, move, outcome


def gipf_contract(
    rules: gipf.Rules, state: gipf.State, move: gipf.Move, outcome: gipf.Outcome
) -> Contract:
    return gipf.Rules, rules, state, move, outcome


def hextiles_contract(
    rules: hextiles.Rules, state: hextiles.State, move: hextiles.Move, outcome: hextiles.Outcome
) -> Contract:
    return hextiles.Rules, rules, state, move, outcome


def roaster_contract(
    rules: roaster.Rules, state: roaster.State, move: roaster.Move, outcome: roaster.Outcome
) -> Contract:
    return roaster.Rules, rules, state, move, outcome


#: Small rules, so that a random game to the end is quick, and each game's check.
GAMES: dict[str, tuple[Any, Callable[..., Contract]]] = {
    "coffee": (coffee.Rules(board="square", size=4, n=3), coffee_contract),
    "gipf": (gipf.Rules(variant="basic"), gipf_contract),
    "hextiles": (hextiles.Rules(players=2), hextiles_contract),
    "roaster": (roaster.Rules(seed=1), roaster_contract),
}


@pytest.mark.parametrize("name", list(GAMES))
def test_each_games_classes_are_the_contracts_protocols_at_run_time(name: str) -> None:
    rules, contract = GAMES[name]
    start = rules.start(seed=3)
    players = [RandomPlayer(seed=k) for k in range(len(rules.seats))]
    final, _ = play_one(rules, players, max_plies=2_000, seed=3)
    assert final.outcome is not None, f"a random game of {name} did not end"
    cls, rules_, state, move, outcome = contract(
        rules, start, start.legal_moves()[0], final.outcome
    )
    assert cls is game.rules_class(name)
    assert isinstance(rules_, game.Rules)
    assert isinstance(state, game.State)
    assert isinstance(final, game.State)
    assert isinstance(move, game.Move)
    assert isinstance(outcome, game.Outcome)


# -- what mypy found: the types now say what the code does --------------------------------


def test_the_batch_engine_takes_a_seed_sequence_as_its_annotation_says() -> None:
    rules = coffee.Rules(board="square", size=4, n=3)
    by_sequence = coffee_batch.play_random(rules, 20, seed=np.random.SeedSequence(5))
    again = coffee_batch.play_random(rules, 20, seed=np.random.SeedSequence(5))
    assert (by_sequence.winner == again.winner).all()
