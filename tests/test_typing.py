"""Every game keeps the contract's Protocols (:mod:`gamekit.game`).

Each game's examples (``gamekit/<game>/examples.py``) have a ``typed`` function that hands the
game's ``Rules``, ``State``, ``Outcome`` and ``Move`` on as the Protocols ``game.Rules``,
``game.State``, ``game.Outcome`` and ``game.Move``: ``make lint`` runs mypy on it, which
accepts it only if every class has the contract's attributes and methods with the right
types. The tests here run it on real objects of every game and check them with
``isinstance`` (the Protocols are runtime-checkable, which looks at the names only)."""

from __future__ import annotations

import numpy as np
import pytest
from suite import GAMES, example_rules, examples

from gamekit import coffee, game
from gamekit.coffee import batch as coffee_batch
from gamekit.players import RandomPlayer
from gamekit.sim import play_one


@pytest.mark.parametrize("name", [g for g in GAMES if examples(g).typed is not None])
def test_each_games_classes_are_the_contracts_protocols_at_run_time(name: str) -> None:
    rules = example_rules(name)
    typed = examples(name).typed
    assert typed is not None
    start = rules.start(seed=3)
    players = [RandomPlayer(seed=k) for k in range(len(rules.seats))]
    final, _ = play_one(rules, players, max_plies=2_000, seed=3)
    assert final.outcome is not None, f"a random game of {name} did not end"
    cls, rules_, state, move, outcome = typed(rules, start, start.legal_moves()[0], final.outcome)
    assert cls is game.rules_class(name)
    assert isinstance(rules_, game.Rules)
    assert isinstance(state, game.State)
    assert isinstance(final, game.State)
    assert isinstance(move, game.Move)
    assert isinstance(outcome, game.Outcome)


def test_every_shipped_game_gives_mypy_its_classes() -> None:
    assert all(examples(g).typed is not None for g in game.shipped_games())


# -- what mypy found: the types now say what the code does --------------------------------


def test_the_batch_engine_takes_a_seed_sequence_as_its_annotation_says() -> None:
    rules = coffee.Rules(board="square", size=4, n=3)
    by_sequence = coffee_batch.play_random(rules, 20, seed=np.random.SeedSequence(5))
    again = coffee_batch.play_random(rules, 20, seed=np.random.SeedSequence(5))
    assert (by_sequence.winner == again.winner).all()
