"""Computer players (gamekit.players) and the "play against the computer" option of the
Coffee board."""

from __future__ import annotations

import random

import numpy as np
import pytest

from gamekit import coffee
from gamekit.players import (
    DEFAULT_ITERATIONS,
    LEVELS,
    GreedyPlayer,
    MCTSPlayer,
    RandomPlayer,
    _Coffee,
    _Generic,
    make_player,
)
from gamekit.sim import play_many

HEX5 = coffee.Rules(board="hex", size=5, n=5)
SQUARE5 = coffee.Rules(board="square", size=5, n=4)
SQUARE4 = coffee.Rules(board="square", size=4, n=3)


def random_position(rules, seed: int, plies: int) -> coffee.State:
    """A position after up to ``plies`` random moves (fewer if the game ends)."""
    rng = random.Random(seed)
    state = rules.start()
    for _ in range(plies):
        moves = state.legal_moves()
        if not moves:
            break
        state = state.play(rng.choice(moves))
    return state


def midgame_positions(rules, count: int, plies: int = 10):
    out = []
    seed = 0
    while len(out) < count:
        state = random_position(rules, seed, plies)
        if state.outcome is None:
            out.append(state)
        seed += 1
    return out


# -- every player ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "player",
    [RandomPlayer(seed=1), GreedyPlayer(seed=1), MCTSPlayer(iterations=30, seed=1)],
    ids=repr,
)
def test_every_player_chooses_a_legal_move(player):
    for state in midgame_positions(SQUARE5, 4) + [SQUARE5.start(), HEX5.start()]:
        move = player.choose(state)
        assert move in state.legal_moves()


@pytest.mark.parametrize("cls", [RandomPlayer, GreedyPlayer])
def test_the_same_seed_gives_the_same_moves(cls):
    states = midgame_positions(SQUARE5, 5)
    a = [cls(seed=7).choose(s) for s in states]
    b = [cls(seed=7).choose(s) for s in states]
    assert a == b


def test_mcts_with_the_same_seed_gives_the_same_moves():
    state = midgame_positions(HEX5, 1)[0]
    assert MCTSPlayer(iterations=60, seed=3).choose(state) == MCTSPlayer(
        iterations=60, seed=3
    ).choose(state)


def test_players_have_stable_reprs():
    assert repr(RandomPlayer(seed=1)) == "RandomPlayer(seed=1)"
    assert repr(GreedyPlayer()) == "GreedyPlayer(seed=None)"
    assert repr(MCTSPlayer(seed=2)) == "MCTSPlayer(seed=2)"
    assert repr(MCTSPlayer(iterations=50, seed=2)) == "MCTSPlayer(iterations=50, seed=2)"
    assert repr(MCTSPlayer(seconds=0.5, c=2.0)) == "MCTSPlayer(seconds=0.5, c=2.0, seed=None)"


def test_with_seed_keeps_the_options():
    p = MCTSPlayer(iterations=12, c=0.7, seed=1).with_seed(5)
    assert (p.iterations, p.c, p.seed) == (12, 0.7, 5)


def test_a_finished_game_has_no_move_to_choose():
    state = random_position(SQUARE4, 0, 100)
    assert state.outcome is not None
    with pytest.raises(ValueError, match="game is over"):
        RandomPlayer().choose(state)


def test_make_player_knows_the_levels():
    assert set(LEVELS) == {"random", "greedy", "mcts"}
    assert isinstance(make_player("mcts", seed=1), MCTSPlayer)
    p = RandomPlayer()
    assert make_player(p) is p
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        make_player("expert")


def test_mcts_budget_in_seconds_stops_in_time():
    player = MCTSPlayer(seconds=0.05, seed=1)
    player.choose(HEX5.start())
    assert player.last_iterations >= 1


def test_mcts_rejects_an_empty_budget():
    with pytest.raises(ValueError):
        MCTSPlayer(iterations=0)
    with pytest.raises(ValueError):
        MCTSPlayer(seconds=0)
    assert MCTSPlayer().iterations == DEFAULT_ITERATIONS


# -- Coffee fast paths agree with the rules ---------------------------------------------------


def test_coffee_actions_are_the_legal_moves():
    for state in midgame_positions(SQUARE5, 10, plies=8):
        moves = [_Coffee.move(state, a) for a in _Coffee.actions(state)]
        assert moves == state.legal_moves()


def test_coffee_actions_include_the_swap():
    state = coffee.Rules(board="square", size=5, pie_rule=True).start().play("c3-")
    acts = _Coffee.actions(state)
    assert coffee.Move.swap() in acts
    assert _Coffee.apply(state, coffee.Move.swap()).swapped


def test_coffee_threat_check_agrees_with_the_generic_one():
    checked = 0
    for rules in (SQUARE4, SQUARE5):
        for seed in range(60):
            state = random_position(rules, seed, 6 + seed % 9)
            if state.outcome is None:
                assert _Coffee.opponent_can_win(state) == _Generic.opponent_can_win(state)
                checked += 1
    assert checked > 80


def test_coffee_rollouts_play_until_the_end():
    rand = random.Random(1)
    winners = [_Coffee.rollout(SQUARE5.start(), rand, 1000) for _ in range(200)]
    assert set(winners) == {"black", "orange"}


# -- greedy ---------------------------------------------------------------------------------


def test_greedy_always_wins_when_it_can():
    found = 0
    for seed in range(300):
        state = random_position(SQUARE4, seed, 4 + seed % 8)
        if state.outcome is not None:
            continue
        me = state.to_move
        winning = [m for m in state.legal_moves() if state.play(m).outcome is not None]
        winning = [m for m in winning if state.play(m).outcome.winner == me]
        if winning:
            found += 1
            assert GreedyPlayer(seed=seed).choose(state) in winning
    assert found >= 10


def test_greedy_avoids_handing_the_opponent_a_win():
    checked = 0
    for seed in range(300):
        state = random_position(SQUARE4, seed, 3 + seed % 8)
        if state.outcome is not None:
            continue
        me = state.to_move
        children = {m: state.play(m) for m in state.legal_moves()}
        if any(c.outcome is not None and c.outcome.winner == me for c in children.values()):
            continue
        safe = [
            m for m, c in children.items() if c.outcome is None and not _Generic.opponent_can_win(c)
        ]
        if safe and len(safe) < len(children):
            checked += 1
            assert GreedyPlayer(seed=seed).choose(state) in safe
    assert checked >= 10


# -- strength (small, seeded samples; the lessons and the benchmark measure more) -------------


def test_greedy_beats_random_on_square5():
    res = play_many(SQUARE5, [GreedyPlayer(), RandomPlayer()], 40, seed=1, progress=False)
    assert (res.winner == 0).mean() >= 0.75


def test_mcts_beats_random_on_square5():
    res = play_many(
        SQUARE5, [MCTSPlayer(iterations=100), RandomPlayer()], 10, seed=2, progress=False
    )
    assert (res.winner == 0).mean() >= 0.8


# -- other games (only when their modules are there) -----------------------------------------


def test_players_play_gipf_with_removal_decisions():
    gipf = pytest.importorskip("gamekit.gipf")
    rules = gipf.Rules(variant="basic")
    res = play_many(rules, [RandomPlayer(), RandomPlayer()], 3, seed=1, progress=False)
    assert set(res.ended) <= {"reserve", "gipf"}
    state = rules.start()
    for move in ["e1-e2", "b6-b5", "e1-e2", "c7-c6", "e1-e2"]:
        state = state.play(move)
    if getattr(state, "phase", None) == "remove":
        for player in (RandomPlayer(seed=1), GreedyPlayer(seed=1), MCTSPlayer(iterations=5)):
            assert player.choose(state) in state.legal_moves()
    assert GreedyPlayer(seed=1).choose(rules.start()) in rules.start().legal_moves()


def test_players_play_hextiles():
    hextiles = pytest.importorskip("gamekit.hextiles")
    rules = hextiles.Rules(players=3, seed=7)
    state = rules.start()
    for player in (RandomPlayer(seed=1), GreedyPlayer(seed=1), MCTSPlayer(iterations=5)):
        assert player.choose(state) in state.legal_moves()
    res = play_many(rules, [RandomPlayer()] * 3, 2, seed=1, progress=False)
    assert set(res.winner) <= {-1, 0, 1, 2}


# -- the Coffee board's computer opponent -----------------------------------------------------


def test_the_board_answers_with_the_computer_move():
    from gamekit.widgets.coffee import CoffeeBoard

    board = CoffeeBoard(SQUARE5, opponent="random", seed=1)
    board.click("c3")
    board.choose_axis("-")
    assert len(board.record.moves) == 2
    assert board.state.to_move == "black"
    reply = board.record.moves[1]
    assert f"Computer (random) played {reply}" in board.message
    assert "Black played c3-" in board.message


def test_the_board_opponent_can_be_chosen_and_switched_off():
    from gamekit.widgets.coffee import CoffeeBoard

    board = CoffeeBoard(SQUARE5)
    assert board.opponent is None
    assert board.opponent_choice.value == "nobody"
    board.opponent_choice.value = "greedy"
    assert board.opponent == "greedy"
    board.type_move("c3-")
    assert len(board.record.moves) == 2
    board.opponent = None
    board.type_move(str(board.state.legal_moves()[0]))
    assert len(board.record.moves) == 3


def test_the_computer_moves_first_when_it_is_its_turn():
    from gamekit.widgets.coffee import CoffeeBoard

    board = CoffeeBoard(SQUARE5, opponent="mcts", seed=3, computer_plays="black")
    assert len(board.record.moves) == 1
    assert board.state.to_move == "orange"
    assert "Computer (mcts) played" in board.message


def test_undo_takes_back_the_computer_move_and_yours():
    from gamekit.widgets.coffee import CoffeeBoard

    board = CoffeeBoard(SQUARE5, opponent="random", seed=1)
    board.type_move("c3-")
    assert len(board.record.moves) == 2
    board.undo()
    assert list(board.record.moves) == []


def test_the_opponent_level_must_be_known():
    from gamekit.widgets.coffee import CoffeeBoard

    with pytest.raises(ValueError, match="opponent"):
        CoffeeBoard(SQUARE5, opponent="expert")


def test_a_policy_player_follows_its_rule():
    from gamekit.players import PolicyPlayer

    def last(state, k=1):
        return state.legal_moves()[-k]

    player = PolicyPlayer(last, k=2)
    state = SQUARE5.start()
    assert player.choose(state) == state.legal_moves()[-2]
    assert repr(player.with_seed(3)) == "PolicyPlayer(last, k=2)"


def test_rng_is_numpy_generator():
    assert isinstance(RandomPlayer(seed=1).rng, np.random.Generator)


def test_after_the_computer_swaps_it_is_the_learners_turn_with_orange():
    from gamekit.players import PolicyPlayer
    from gamekit.widgets.coffee import CoffeeBoard

    def swap_if_you_can(state):
        return coffee.Move.swap() if state.swap_available else state.legal_moves()[0]

    rules = coffee.Rules(board="square", size=5, pie_rule=True)
    board = CoffeeBoard(rules, opponent=PolicyPlayer(swap_if_you_can))
    board.type_move("c3-")
    assert list(board.record.moves) == ["c3-", "swap"]
    assert "swapped colours" in board.message
    assert board.state.to_move == "orange"  # the learner, now playing Orange
    board.type_move(str(board.state.legal_moves()[0]))
    assert len(board.record.moves) == 4  # and the computer (now Black) answered


@pytest.mark.parametrize("level", ["random", "greedy", "mcts"])
def test_gipf_and_hextiles_boards_play_against_the_computer_at_each_level(level):
    from gamekit import gipf, hextiles
    from gamekit.widgets import GipfBoard, HexTilesBoard

    board = GipfBoard(gipf.Rules(variant="basic"), computer="black", level=level, seed=2)
    board.type_move("e1-e2")
    assert len(board.record.moves) >= 2  # the computer answered
    assert board.state.to_move == "white" or board.state.outcome is not None
    assert "Black played" in board.message  # the computer's move is shown

    tiles = HexTilesBoard(hextiles.Rules(players=2, seed=1), computer=(1,), level=level)
    tiles.type_move(str(next(m for m in tiles.state.legal_moves() if m.kind == "take")))
    tiles.end_turn()
    assert tiles.state.to_move == 0 or tiles.state.outcome is not None
    assert "computer played" in tiles.message


def test_the_board_levels_are_simple_and_the_players_levels():
    from gamekit.widgets.opponents import LEVEL_NAMES, computer_player

    assert LEVEL_NAMES == ("simple", "random", "greedy", "mcts")
    assert computer_player("simple") is None
    assert computer_player("mcts", seed=1).iterations == 100


def test_a_roaster_policy_that_watches_the_bag_plays_whole_games():
    from gamekit import roaster
    from gamekit.players import PolicyPlayer

    for target in (1.0, 2.0, 3.0):
        player = PolicyPlayer(roaster.roast_level_player, target=target)
        state = roaster.Rules(seed=5).start()
        while state.outcome is None:
            move = player.choose(state)
            assert state.why_illegal(move) is None
            state = state.play(move)
        assert isinstance(state.outcome.total, int)
    assert "roast_level_player" in repr(PolicyPlayer(roaster.roast_level_player, target=2.0))
