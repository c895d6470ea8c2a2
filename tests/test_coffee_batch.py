"""The numpy batch engine for Coffee agrees exactly with the rules engine: every game it
plays is replayed through gamekit.coffee, comparing each count of legal moves, how the game
ended and the winner."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest

from gamekit import coffee
from gamekit.coffee.batch import play_random, supports
from gamekit.errors import VariantRuleError


@dataclass(frozen=True)
class _NoCentre(coffee.Rules):
    """Nobody may play on the centre cell, nor lay the rod across (-) on a stone's turn
    number divisible by 3: a rule that refuses many moves all game long."""

    game = "coffee-no-centre-batch-test"

    def extra_rule(self, state, move):
        if move.cell is None:
            return None
        if move.cell == state.grid.label(len(state.grid) // 2):
            return "nobody plays on the centre"
        return state.stone_count % 3 == 0 and move.axis == "-" and "no - rod now"


@dataclass(frozen=True)
class _Cramped(coffee.Rules):
    """Only the lowest row of each column may be played after the fourth stone: players
    are soon left without a move (the variant's block)."""

    game = "coffee-cramped-batch-test"

    def extra_rule(self, state, move):
        return state.stone_count > 4 and move.cell is not None and move.axis != "|" and "only |"


@dataclass(frozen=True)
class _NoSwap(coffee.Rules):
    game = "coffee-no-swap-batch-test"

    def extra_rule(self, state, move):
        return move.cell is None and "no swap in this variant"


@dataclass(frozen=True)
class _Broken(coffee.Rules):
    game = "coffee-broken-batch-test"

    def extra_rule(self, state, move):
        return state.stone_count > 2 and 1 / 0


def _replays(rules, games, seed):
    """Every game the batch engine plays, replayed move by move through the rules engine."""
    batch = play_random(rules, games, seed=seed, batch=64)
    for g in range(games):
        state = rules.start()
        moves = batch.moves(g)
        assert len(moves) == batch.length[g]
        for k, move in enumerate(moves):
            assert len(state.legal_moves()) == batch.branching[g, k], (g, k)
            state = state.play(move)
        assert state.outcome is not None
        assert state.outcome.winner == coffee.COLOURS[batch.winner[g]]
        assert bool(state.outcome.line) == bool(batch.line[g])
        assert bool(state.swapped) == bool(batch.swapped[g])
    return batch


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


def test_boards_over_64_cells_and_rules_changed_beyond_extra_rule_are_refused():
    assert not supports(coffee.Rules(board="hex", size=6))
    assert supports(coffee.Rules(pie_rule=True)) and supports(_NoCentre())

    @dataclass(frozen=True)
    class OwnMoves(coffee.Rules):
        game = "coffee-own-moves-test"

        def start(self, seed=None):  # a method of its own: the batch engine cannot know it
            return super().start(seed)

    assert not supports(OwnMoves())
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
    b = play_random(rules, 50, seed=3, batch=50)
    assert np.array_equal(a.cell, b.cell)  # the same games, however they are batched
    c = play_random(rules, 50, seed=np.random.default_rng(3), batch=16)
    d = play_random(rules, 50, seed=np.random.default_rng(3), batch=16)
    assert np.array_equal(c.cell, d.cell)
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


@pytest.mark.parametrize(
    "rules",
    [
        coffee.Rules(board="hex", size=4, pie_rule=True),
        coffee.Rules(board="square", size=4, n=3, pie_rule=True),
        _NoCentre(board="hex", size=4),
        _NoCentre(board="square", size=5, pie_rule=True),
        _Cramped(board="square", size=5),
        _NoSwap(board="hex", size=3, pie_rule=True),
    ],
    ids=repr,
)
def test_the_pie_rule_and_variants_replay_through_the_rules_engine(rules):
    batch = _replays(rules, 200, seed=7)
    results = batch.results()
    # the player who began won: the colour that won, exchanged after a swap
    assert np.array_equal(results.winner, batch.winner ^ batch.swapped)
    if rules.pie_rule and not isinstance(rules, _NoSwap):
        assert 0 < batch.swapped.mean() < 0.2
    else:
        assert not batch.swapped.any()
    if isinstance(rules, _Cramped):
        assert (~batch.line).any()  # some players were left without a move


def test_a_variant_rule_that_fails_is_named():
    with pytest.raises(VariantRuleError, match="extra_rule failed on .*ZeroDivisionError"):
        play_random(_Broken(board="hex", size=4), 20, seed=1)


def test_game_k_is_the_same_game_whatever_else_is_played():
    rules = coffee.Rules(board="hex", size=4)
    few = play_random(rules, 10, seed=5)
    many = play_random(rules, 300, seed=5, batch=7)
    assert np.array_equal(few.cell, many.cell[:10, : few.cell.shape[1]])
    # a variant whose rule never refuses plays the very same games: paired
    same = play_random(_NoSwap(board="hex", size=4), 10, seed=5)
    assert np.array_equal(few.cell, same.cell)
    assert (
        few.results().pairing
        == same.results().pairing
        == "Coffee's batch engine, games from seed 5"
    )


def test_results_count_pieces_coverage_and_turns_with_a_swap():
    rules = coffee.Rules(board="hex", size=3, pie_rule=True)
    batch = play_random(rules, 300, seed=2)
    res = batch.results()
    for g in np.flatnonzero(batch.swapped)[:5]:
        state, stones = rules.start(), [0]
        for move in batch.moves(g):
            state = state.play(move)
            stones.append(len(state.stones("black")) + len(state.stones("orange")))
        assert res.pieces[g] == pytest.approx(np.mean(stones))
        assert res.coverage[g] == pytest.approx(stones[-1] / len(rules.grid))
        assert res.turns[g] == res.length[g] == len(stones) - 1
