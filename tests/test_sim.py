"""Many games at once (gamekit.sim): results as arrays, seeds, executors."""

from __future__ import annotations

import concurrent.futures as cf

import numpy as np
import pytest

from gamekit import coffee
from gamekit.players import GreedyPlayer, RandomPlayer
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


@pytest.mark.optional
def test_a_local_dask_cluster_runs_the_games():
    """Optional: runs only where ``dask[distributed]`` is installed (not a dependency)."""
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        res = play_many(SQUARE5, RANDOMS, 10, seed=4, executor=client, chunk=5, progress=False)
    serial = play_many(SQUARE5, RANDOMS, 10, seed=4, progress=False)
    assert np.array_equal(res.length, serial.length)


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


def test_with_the_pie_rule_a_swap_changes_which_seat_plays_which_colour():
    rules = coffee.Rules(board="square", size=5, n=4, pie_rule=True)
    res = play_many(rules, RANDOMS, 40, seed=1, progress=False)
    assert set(res.winner) <= {0, 1}
    state = rules.start().play("c3-").play("swap")
    # After the swap seat 0 (who placed c3 as Black) plays Orange.
    from gamekit.sim import _seat_of

    assert _seat_of(state, "orange", coffee.COLOURS) == 0
    assert _seat_of(state, "black", coffee.COLOURS) == 1


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
    gipf = pytest.importorskip("gamekit.gipf")
    res = play_many(gipf.Rules(variant="basic"), RANDOMS, 3, seed=1, progress=False)
    assert set(res.ended) <= {"reserve", "gipf"}
    assert set(res.winner_colour) <= {"white", "black"}
    assert np.array_equal(res.winner == 0, res.winner_colour == "white")


def test_hextiles_games_give_results():
    hextiles = pytest.importorskip("gamekit.hextiles")
    res = random_games(hextiles.Rules(players=3, seed=2), 2, seed=1)
    assert res.games == 2 and set(res.ended) <= {"score", "shared"}


def test_roaster_games_give_scores():
    roaster = pytest.importorskip("gamekit.roaster")
    from gamekit.players import PolicyPlayer

    player = PolicyPlayer(roaster.simple_player, stop_round=4)
    res = play_many(roaster.Rules(seed=3), [player], 3, seed=1, progress=False)
    assert res.game == "roaster" and set(res.ended) == {"cup"}
    assert not np.isnan(res.score).any()
    assert repr(player) == "PolicyPlayer(simple_player, stop_round=4)"


def test_one_rules_object_per_game_can_be_given():
    rules = [coffee.Rules(board="square", size=s) for s in (4, 5, 4, 5, 6)]
    res = play_many(rules, RANDOMS, 5, seed=1, progress=False, chunk=2)
    assert list(res.branching[:, 0]) == [len(r.start().legal_moves()) for r in rules]
    with pytest.raises(ValueError, match="one rules object per game"):
        play_many(rules, RANDOMS, 4)
