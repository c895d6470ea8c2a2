"""Many games at once (gamekit.sim): results as arrays, seeds, executors."""

from __future__ import annotations

import concurrent.futures as cf
import math

import numpy as np
import pytest
from suite import GAMES, dealt, example_rules

from gamekit import coffee, gipf, hextiles, roaster
from gamekit.game import player_index
from gamekit.players import GreedyPlayer, PolicyPlayer, RandomPlayer
from gamekit.sim import Results, ending, play_many, play_one, random_games

SQUARE5 = coffee.Rules(board="square", size=5, n=4)
RANDOMS = [RandomPlayer(), RandomPlayer()]


def test_results_are_arrays_one_entry_per_game():
    res = play_many(SQUARE5, RANDOMS, 30, seed=1, progress=False)
    assert res.games == 30
    for name in ("winner", "winner_colour", "length", "ended"):
        assert isinstance(getattr(res, name), np.ndarray)
        assert getattr(res, name).shape == (30,)
    assert res.branching.shape == (30, res.length.max())
    assert set(res.winner) <= {0, 1}
    assert set(res.ended) <= {"line", "blocked"}
    assert set(res.winner_colour) <= {"black", "orange"}
    # Coffee without the pie rule: seat 0 is Black.
    assert np.array_equal(res.winner == 0, res.winner_colour == "black")


def test_branching_rows_are_the_legal_move_counts_then_zeros():
    res = play_many(SQUARE5, RANDOMS, 10, seed=2, progress=False)
    assert (res.branching[:, 0] == 96).all()  # the first move on square 5
    for k in range(10):
        row = res.branching[k]
        assert (row[: res.length[k]] > 0).all()
        assert (row[res.length[k] :] == 0).all()
    assert res.mean_branching().shape == (10,)


def test_a_game_replayed_gives_the_same_counts():
    state, counts = play_one(SQUARE5, [RandomPlayer(seed=5), RandomPlayer(seed=6)])
    assert state.outcome is not None
    assert counts[0] == 96 and len(counts) == state.stone_count


def test_the_same_seed_gives_the_same_games():
    a = play_many(SQUARE5, RANDOMS, 25, seed=9, progress=False)
    b = play_many(SQUARE5, RANDOMS, 25, seed=9, progress=False, chunk=7)
    c = play_many(SQUARE5, RANDOMS, 25, seed=10, progress=False)
    assert np.array_equal(a.length, b.length) and np.array_equal(a.branching, b.branching)
    assert not np.array_equal(a.length, c.length)


def test_a_thread_pool_gives_the_same_games():
    serial = play_many(SQUARE5, RANDOMS, 20, seed=3, progress=False)
    with cf.ThreadPoolExecutor(2) as pool:
        parallel = play_many(SQUARE5, RANDOMS, 20, seed=3, executor=pool, progress=False)
    assert np.array_equal(serial.winner, parallel.winner)
    assert np.array_equal(serial.branching, parallel.branching)


def test_a_process_pool_gives_the_same_games():
    serial = play_many(SQUARE5, RANDOMS, 12, seed=4, progress=False)
    with cf.ProcessPoolExecutor(2) as pool:
        parallel = play_many(SQUARE5, RANDOMS, 12, seed=4, executor=pool, chunk=6, progress=False)
    assert np.array_equal(serial.length, parallel.length)
    assert np.array_equal(serial.ended, parallel.ended)


def test_a_local_dask_cluster_gives_the_same_games():
    """Two worker processes, as on a real cluster: every game comes back exactly as the
    in-process run plays it, whichever worker played it."""
    import distributed  # the cluster extra, part of the test extra

    games = 1_200
    serial = play_many(SQUARE5, RANDOMS, games, seed=4, progress=False)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        client.wait_for_workers(2, timeout=60)
        res = play_many(SQUARE5, RANDOMS, games, seed=4, executor=client, progress=False)
        workers = len(client.scheduler_info()["workers"])
    assert workers == 2
    assert res.games == games
    for name in ("winner", "winner_colour", "length", "ended", "branching"):
        assert np.array_equal(getattr(res, name), getattr(serial, name)), name


def test_a_progress_bar_can_be_shown(capsys):
    play_many(SQUARE5, RANDOMS, 5, seed=1, progress=True)
    assert "5/5" in capsys.readouterr().err


def test_zero_games_give_empty_results():
    res = play_many(SQUARE5, RANDOMS, 0, seed=1, progress=False)
    assert res.games == 0 and res.branching.shape[0] == 0
    with pytest.raises(ValueError):
        play_many(SQUARE5, RANDOMS, -1)


def test_win_rate_and_share_come_with_standard_errors():
    res = play_many(SQUARE5, [GreedyPlayer(), RandomPlayer()], 20, seed=1, progress=False)
    p, se = res.win_rate(0)
    assert 0.5 < p <= 1 and 0 < se < 0.2
    q, _ = res.share("line")
    assert 0 <= q <= 1
    assert repr(res).startswith("<Results coffee square5 n=4: 20 games, seats won ")


def swap_if_you_can(state):
    return coffee.Move.swap() if state.swap_available else state.legal_moves()[0]


def test_with_the_pie_rule_a_swap_changes_which_seat_plays_which_colour():
    rules = coffee.Rules(board="square", size=5, n=4, pie_rule=True)
    res = play_many(rules, RANDOMS, 40, seed=1, progress=False)
    assert set(res.winner) <= {0, 1}
    state = rules.start().play("c3-").play("swap")
    # After the swap player 0 (who placed c3 as Black) plays Orange.
    assert player_index(state, "orange") == 0
    assert player_index(state, "black") == 1
    # Player 1 always swaps: then player 0 wins exactly when Orange does.
    swapper = PolicyPlayer(swap_if_you_can)
    res = play_many(rules, [RandomPlayer(), swapper], 20, seed=2, progress=False)
    assert set(res.winner_colour) <= {"black", "orange"}
    assert np.array_equal(res.winner == 0, res.winner_colour == "orange")


def test_ending_names_how_a_game_ended():
    assert ending(SQUARE5.start()) == "unfinished"
    state, _ = play_one(SQUARE5, RANDOMS)
    assert ending(state) == ("line" if state.outcome.line else "blocked")


def test_random_games_use_the_batch_engine_for_coffee():
    res = random_games(coffee.Rules(board="hex", size=4, n=4), 200, seed=1)
    assert isinstance(res, Results) and res.games == 200
    assert (res.branching[:, 0] == 111).all()


def test_unfinished_games_are_stopped_and_counted():
    res = play_many(SQUARE5, RANDOMS, 3, seed=1, progress=False, max_plies=3)
    assert (res.ended == "unfinished").all() and (res.winner == -1).all()


def test_gipf_games_give_results():
    res = play_many(gipf.Rules(variant="basic"), RANDOMS, 3, seed=1, progress=False)
    assert set(res.ended) <= set(gipf.Rules.endings)
    assert set(res.winner_colour) <= {"white", "black"}
    assert np.array_equal(res.winner == 0, res.winner_colour == "white")


def test_hextiles_games_give_results():
    res = random_games(hextiles.Rules(players=3, seed=2), 2, seed=1)
    assert res.games == 2 and set(res.ended) <= set(hextiles.Rules.endings)
    assert res.scores.shape == (2, 3) and not np.isnan(res.scores).any()
    assert np.isnan(res.score).all()  # no score independent of the winner


def test_roaster_games_give_scores():
    player = PolicyPlayer(roaster.simple_player, stop_round=4)
    res = play_many(roaster.Rules(seed=3), [player], 3, seed=1, progress=False)
    assert res.game == "roaster" and set(res.ended) <= set(roaster.Rules.endings)
    assert not np.isnan(res.score).any()
    assert np.array_equal(res.scores[:, 0], res.score)
    assert len(set(res.score)) == 1  # a fixed seed: the same bag, the same plan, every game
    assert repr(player) == "PolicyPlayer(simple_player, stop_round=4)"


def test_one_rules_object_per_game_can_be_given():
    rules = [coffee.Rules(board="square", size=s) for s in (4, 5, 4, 5, 6)]
    res = play_many(rules, RANDOMS, 5, seed=1, progress=False, chunk=2)
    assert list(res.branching[:, 0]) == [len(r.start().legal_moves()) for r in rules]
    with pytest.raises(ValueError, match="one rules object per game"):
        play_many(rules, RANDOMS, 4)


def test_a_game_of_chance_with_no_seed_deals_anew_each_game():
    res = play_many(hextiles.Rules(players=2), RANDOMS, 8, seed=5, progress=False)
    firsts = _first_states(hextiles.Rules(players=2), 8, 5)
    assert len({state.market for state in firsts}) > 1
    # Each game was dealt from its own seed, as if its rules had carried it.
    dealt = play_many([s.rules for s in firsts], RANDOMS, 8, seed=5, progress=False)
    assert all(s.rules.seed is not None for s in firsts)
    for name in ("length", "winner", "ended", "branching"):
        assert np.array_equal(getattr(res, name), getattr(dealt, name)), name
    assert np.array_equal(res.scores, dealt.scores)
    again = play_many(hextiles.Rules(players=2), RANDOMS, 8, seed=5, progress=False)
    assert np.array_equal(res.length, again.length)
    assert np.array_equal(res.scores, again.scores)


def _first_states(rules, games, seed):
    """The opening position of each game ``play_many`` plays with this seed."""
    from gamekit.sim import _game_seed

    return [rules.start(seed=_game_seed(s)) for s in np.random.SeedSequence(seed).spawn(games)]


def test_the_deal_a_game_got_is_in_its_rules():
    rules = hextiles.Rules(players=2)
    state = rules.start(seed=123)
    assert state.rules.seed == 123
    assert state.rules.start() == state  # the record replays the same deal


@pytest.mark.parametrize("rules", [hextiles.Rules(players=2), roaster.Rules()], ids=repr)
def test_games_of_chance_give_the_same_results_whatever_the_chunks_and_executor(rules):
    players = (
        [RandomPlayer(), RandomPlayer()]
        if len(rules.seats) == 2
        else [PolicyPlayer(roaster.simple_player, stop_round=4)]
    )
    serial = play_many(rules, players, 6, seed=7, progress=False)
    chunked = play_many(rules, players, 6, seed=7, progress=False, chunk=4)
    with cf.ThreadPoolExecutor(2) as pool:
        threads = play_many(rules, players, 6, seed=7, executor=pool, chunk=1, progress=False)
    with cf.ProcessPoolExecutor(2) as pool:
        processes = play_many(rules, players, 6, seed=7, executor=pool, chunk=3, progress=False)
    for other in (chunked, threads, processes):
        for name in ("winner", "winner_colour", "length", "ended", "branching"):
            assert np.array_equal(getattr(serial, name), getattr(other, name)), name
        assert np.array_equal(serial.scores, other.scores, equal_nan=True)
        assert np.array_equal(serial.score, other.score, equal_nan=True)


def test_a_fixed_seed_in_the_rules_replays_one_deal_on_purpose():
    res = play_many(hextiles.Rules(players=2, seed=3), RANDOMS, 4, seed=1, progress=False)
    firsts = _first_states(hextiles.Rules(players=2, seed=3), 4, 1)
    assert len({s.market for s in firsts}) == 1
    assert res.games == 4


def test_ending_is_the_outcome_word_or_unfinished():
    state, _ = play_one(gipf.Rules(variant="basic"), RANDOMS, seed=1)
    assert ending(state) == state.outcome.ending in gipf.Rules.endings
    assert ending(gipf.Rules().start()) == "unfinished"
    with pytest.raises(TypeError, match="state must be a game position"):
        ending(gipf.Rules())


# -- bad arguments are refused up front ---------------------------------------------------------


@pytest.mark.parametrize(
    "options, error, words",
    [
        ({"games": "10"}, TypeError, "games must be a whole number, not '10'"),
        ({"games": 2.5}, TypeError, "games must be a whole number, not 2.5"),
        ({"games": -1}, ValueError, "games must be 0 or more, not -1"),
        ({"chunk": -1}, ValueError, "chunk must be 1 or more, not -1"),
        ({"chunk": 0}, ValueError, "chunk must be 1 or more, not 0"),
        ({"chunk": 1.5}, TypeError, "chunk must be a whole number"),
        ({"seed": -3}, ValueError, "seed must be 0 or more"),
        ({"seed": "x"}, TypeError, "seed must be a whole number"),
        ({"max_plies": 0}, ValueError, "max_plies must be 1 or more"),
        ({"progress": "yes"}, ValueError, "progress must be True, False or 'auto'"),
        ({"executor": object()}, TypeError, "executor must have a submit"),
        ({"players": [RandomPlayer()]}, ValueError, "give one player per seat: coffee has 2"),
        ({"players": [RandomPlayer()] * 3}, ValueError, "give one player per seat"),
        ({"players": ["random", "random"]}, TypeError, "players must be gamekit.players.Player"),
        ({"players": RandomPlayer()}, TypeError, "players must be a list of players"),
        ({"rules": "coffee"}, TypeError, "rules must be the rules of a game"),
        ({"rules": [SQUARE5, gipf.Rules()]}, ValueError, "rules must all be of one game"),
    ],
)
def test_play_many_refuses_bad_arguments_up_front(options, error, words):
    arguments = {"rules": SQUARE5, "players": RANDOMS, "games": 2, "progress": False}
    arguments.update(options)
    with pytest.raises(error, match=words):
        play_many(**arguments)


def test_play_one_and_random_games_refuse_bad_arguments():
    with pytest.raises(ValueError, match="give one player per seat"):
        play_one(SQUARE5, [RandomPlayer()])
    with pytest.raises(ValueError, match="max_plies must be 1 or more"):
        play_one(SQUARE5, RANDOMS, max_plies=-1)
    with pytest.raises(TypeError, match="games must be a whole number"):
        random_games(SQUARE5, "10")
    with pytest.raises(TypeError, match="rules must be the rules of a game"):
        random_games(None, 10)


def test_win_rate_and_share_of_no_games_say_there_are_none():
    res = play_many(SQUARE5, RANDOMS, 0, progress=False)
    with pytest.raises(ValueError, match="there are no games"):
        res.win_rate(0)
    with pytest.raises(ValueError, match="there are no games"):
        res.share("line")
    assert repr(res) == "<Results coffee square5 n=4: 0 games, seats won 0/0, mean length ->"


def test_win_rate_and_share_refuse_a_seat_or_ending_the_game_does_not_have():
    res = play_many(SQUARE5, RANDOMS, 4, seed=1, progress=False)
    with pytest.raises(ValueError, match="seat must be a player from 0 to 1, not 2"):
        res.win_rate(2)
    with pytest.raises(TypeError, match="seat must be a whole number"):
        res.win_rate("black")
    with pytest.raises(ValueError, match="coffee games end in one of line, blocked, unfinished"):
        res.share("gipf")
    assert res.share("unfinished") == (0.0, 0.0)
    assert not math.isnan(res.win_rate(1)[0])


def test_results_of_nothing_cannot_be_joined():
    with pytest.raises(ValueError, match="at least one Results"):
        Results.concat([])


def test_perft_refuses_a_negative_or_fractional_depth():
    from gamekit.perft import perft

    state = SQUARE5.start()
    with pytest.raises(ValueError, match="depth must be 0 or more, not -1"):
        perft(state, -1)
    with pytest.raises(TypeError, match="depth must be a whole number"):
        perft(state, 1.5)
    with pytest.raises(TypeError, match="state must be a game position"):
        perft(SQUARE5, 1)
    assert perft(state, 0) == 1


@pytest.mark.parametrize(
    "rules",
    [dealt(example_rules(game)) for game in GAMES],
    ids=repr,
)
def test_perft_counts_any_games_moves(rules):
    from gamekit.perft import perft

    state = rules.start()
    assert perft(state, 1) == len(state.legal_moves())
    assert perft(state, 2) == sum(len(state.play(m).legal_moves()) for m in state.legal_moves())
