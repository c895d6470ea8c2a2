"""The numpy batch engine for Coffee agrees exactly with the rules engine: every game it
plays is replayed through gamekit.coffee, comparing each count of legal moves, how the game
ended and the winner."""

from __future__ import annotations

import numpy as np
import pytest

from gamekit import coffee
from gamekit.coffee_batch import play_random, supports

#: (board, size, n, games) replayed move by move through gamekit.coffee.
REPLAYED = [
    ("hex", 5, 5, 150),
    ("hex", 4, 4, 150),
    ("hex", 3, 3, 150),
    ("hex", 5, 3, 100),
    ("square", 5, 4, 150),
    ("square", 7, 5, 100),
    ("square", 4, 2, 100),
    ("square", 8, 5, 50),
]
#: Legal moves on the empty board (shared/rules/coffee.md, "Reference figures", d=1).
FIRST_MOVES = {("square", 5): 96, ("square", 7): 192, ("hex", 4): 111, ("hex", 5): 183}


@pytest.mark.parametrize(("board", "size", "n", "games"), REPLAYED)
def test_every_batch_game_replays_through_the_rules_engine(board, size, n, games):
    rules = coffee.Rules(board=board, size=size, n=n)
    batch = play_random(rules, games, seed=size * 10 + n, batch=64)
    for g in range(games):
        state = rules.start()
        moves = batch.moves(g)
        assert len(moves) == batch.length[g]
        for k, move in enumerate(moves):
            assert len(state.legal_moves()) == batch.branching[g, k], (g, k)
            state = state.play(move)
        outcome = state.outcome
        assert outcome is not None
        assert outcome.winner == coffee.COLOURS[batch.winner[g]]
        assert bool(outcome.line) == bool(batch.line[g])
        assert (batch.branching[g, len(moves) :] == 0).all()


@pytest.mark.parametrize(("board", "size"), list(FIRST_MOVES))
def test_the_first_move_counts_match_the_reference(board, size):
    batch = play_random(coffee.Rules(board=board, size=size), 20, seed=1)
    assert (batch.branching[:, 0] == FIRST_MOVES[(board, size)]).all()


def test_the_same_seed_gives_the_same_games():
    rules = coffee.Rules(board="hex", size=5, n=5)
    a, b = play_random(rules, 500, seed=4), play_random(rules, 500, seed=4)
    assert np.array_equal(a.cell, b.cell) and np.array_equal(a.axis, b.axis)
    c = play_random(rules, 500, seed=5)
    assert not np.array_equal(a.cell, c.cell)


def test_game_lengths_agree_with_the_rules_engine_in_distribution():
    """Both engines draw uniformly among legal moves: the mean game lengths on square 5
    agree within a few standard errors (2000 batch games against 300 engine games)."""
    from gamekit.players import RandomPlayer
    from gamekit.sim import play_many

    rules = coffee.Rules(board="square", size=5, n=4)
    batch = play_random(rules, 2000, seed=1)
    slow = play_many(rules, [RandomPlayer(), RandomPlayer()], 300, seed=1, progress=False)
    diff = batch.length.mean() - slow.length.mean()
    se = np.sqrt(batch.length.var() / 2000 + slow.length.var() / 300)
    assert abs(diff) < 4 * se


def test_results_convert_to_sim_results():
    rules = coffee.Rules(board="square", size=5)
    res = play_random(rules, 100, seed=2).results()
    assert res.games == 100 and res.game == "coffee"
    assert set(res.ended) <= {"line", "blocked"}
    assert res.branching.shape[1] == res.length.max() + 1


def test_boards_over_64_cells_and_the_pie_rule_are_refused():
    assert not supports(coffee.Rules(board="hex", size=6))
    assert not supports(coffee.Rules(pie_rule=True))
    with pytest.raises(ValueError, match="64 cells"):
        play_random(coffee.Rules(board="square", size=9), 10)


def test_zero_games():
    assert len(play_random(coffee.Rules(), 0)) == 0
