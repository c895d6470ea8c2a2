"""The numpy batch engine for Coffee agrees exactly with the rules engine: every game it
plays is replayed through gamekit.coffee, comparing each count of legal moves, how the game
ended and the winner."""

from __future__ import annotations

import numpy as np
import pytest

from gamekit import coffee
from gamekit.coffee.batch import play_random, supports

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
#: Legal moves on the empty board (docs/rules/coffee.md, "Reference figures", d=1).
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


@pytest.mark.parametrize(
    "options, error, words",
    [
        (dict(batch=0), ValueError, "batch must be 1 or more, not 0"),
        (dict(batch=-5), ValueError, "batch must be 1 or more, not -5"),
        (dict(batch=2.5), TypeError, "batch must be a whole number, not 2.5"),
        (dict(batch="64"), TypeError, "batch must be a whole number, not '64'"),
        (dict(batch=True), TypeError, "batch must be a whole number, not True"),
        (dict(games=-1), ValueError, "games must be 0 or more, not -1"),
        (dict(games=10.0), TypeError, "games must be a whole number, not 10.0"),
        (dict(games=None), TypeError, "games must be a whole number, not None"),
        (dict(seed=-3), ValueError, "seed must be 0 or more, not -3"),
        (dict(seed="abc"), TypeError, "seed must be a whole number, not 'abc'"),
        (dict(rules="hex5"), TypeError, "rules must be coffee.Rules or a coffee.State, not str"),
    ],
)
def test_bad_arguments_to_play_random_are_refused_naming_them(options, error, words):
    arguments = {"rules": coffee.Rules(), "games": 10, **options}
    with pytest.raises(error) as caught:
        play_random(**arguments)
    assert words in str(caught.value)


def test_seeds_may_be_numpy_numbers_and_generators():
    rules = coffee.Rules(board="square", size=5)
    a = play_random(rules, 50, seed=np.int64(3), batch=np.int32(16))
    b = play_random(rules, 50, seed=np.random.default_rng(3), batch=16)
    assert np.array_equal(a.cell, b.cell)
    assert len(play_random(rules, 5, seed=None)) == 5


def test_supports_wants_coffee_rules():
    assert supports(coffee.Rules().start())
    with pytest.raises(TypeError, match="rules must be coffee.Rules"):
        supports("hex5")


def test_moves_of_a_game_that_is_not_there_are_refused():
    games = play_random(coffee.Rules(board="square", size=5), 3, seed=1)
    assert games.moves(np.int64(2)) == games.moves(2)
    with pytest.raises(ValueError, match="game must be a game's number, from 0 to 2, not 3"):
        games.moves(3)
    with pytest.raises(ValueError, match="game must be 0 or more, not -1"):
        games.moves(-1)
    with pytest.raises(TypeError, match="game must be a whole number"):
        games.moves("0")
    with pytest.raises(ValueError, match="there are no games"):
        play_random(coffee.Rules(), 0).moves(0)


def test_batch_games_check_their_arrays():
    from gamekit.coffee.batch import BatchGames

    games = play_random(coffee.Rules(board="square", size=5), 4, seed=1)
    arrays = [games.winner, games.length, games.line, games.branching, games.cell, games.axis]
    assert len(BatchGames(games.rules, *arrays)) == 4
    with pytest.raises(ValueError, match="length has 3 rows; winner has 4"):
        BatchGames(games.rules, arrays[0], arrays[1][:3], *arrays[2:])
    with pytest.raises(TypeError, match="winner must be a numpy array"):
        BatchGames(games.rules, [0, 1, 0, 1], *arrays[1:])
    with pytest.raises(TypeError, match="rules must be coffee.Rules"):
        BatchGames("square5", *arrays)


def test_results_name_the_seats_and_the_game_by_the_contract():
    rules = coffee.Rules(board="square", size=5)
    res = play_random(rules, 20, seed=2).results()
    assert res.game == rules.game == "coffee"
    assert set(res.winner_colour) <= set(rules.seats)
