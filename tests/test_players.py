"""Computer players (gamekit.players) on every game, and the "play against the computer"
option of the boards."""

from __future__ import annotations

import dataclasses
import math
import random

import numpy as np
import pytest
from suite import GAMES, example_rules

import gamekit
from gamekit import coffee, gipf, hextiles, players, roaster
from gamekit.coffee.strategy import CoffeeReader as _Coffee
from gamekit.hextiles.strategy import HexTilesReader as _HexTiles
from gamekit.players import (
    CLUB_SECONDS,
    DEFAULT_ITERATIONS,
    DEFAULT_LEVEL,
    LEVEL_HELP,
    LEVEL_NAMES,
    LEVELS,
    OLD_LEVELS,
    STRONG_SECONDS,
    AlphaBetaPlayer,
    GreedyPlayer,
    LevelPlayer,
    MCTSPlayer,
    PolicyPlayer,
    RandomPlayer,
    RolloutPlayer,
    SimplePlayer,
    computer_seats,
    make_opponent,
    make_player,
    plays_now,
)
from gamekit.players import Reader as _Generic
from gamekit.roaster import challenge as roaster_challenge
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
    [
        SimplePlayer(seed=1),
        RandomPlayer(seed=1),
        GreedyPlayer(seed=1),
        MCTSPlayer(iterations=30, seed=1),
        AlphaBetaPlayer(depth=2, seed=1),
    ],
    ids=repr,
)
def test_every_player_chooses_a_legal_move(player):
    for state in midgame_positions(SQUARE5, 4) + [SQUARE5.start(), HEX5.start()]:
        move = player.choose(state)
        assert move in state.legal_moves()


@pytest.mark.parametrize("cls", [SimplePlayer, RandomPlayer, GreedyPlayer])
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


def test_make_player_knows_the_levels_and_the_old_names():
    # issue 15: four levels a learner understands, weakest first (they were simple,
    # random, greedy and mcts; those names still make their players)
    assert LEVEL_NAMES == tuple(LEVELS) == ("random", "beginner", "club", "strong")
    assert DEFAULT_LEVEL in LEVEL_NAMES
    for level in LEVEL_NAMES:
        assert repr(make_player(level, seed=1)) == f"LevelPlayer({level!r}, seed=1)"
    assert set(OLD_LEVELS) == {"simple", "greedy", "mcts"}
    assert isinstance(make_player("mcts", seed=1), MCTSPlayer)
    assert isinstance(make_player("simple", seed=1), SimplePlayer)
    assert isinstance(make_player("greedy", seed=1), GreedyPlayer)
    assert make_player("mcts", seed=1, iterations=7).iterations == 7
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
    rules = gipf.Rules(variant="basic")
    res = play_many(rules, [RandomPlayer(), RandomPlayer()], 3, seed=1, progress=False)
    assert set(res.ended) <= set(gipf.Rules.endings)
    state = rules.start()
    for move in ["e1-e2", "b6-b5", "e1-e2", "c7-c6", "e1-e2"]:
        state = state.play(move)
    assert state.phase == "remove"
    for player in (
        SimplePlayer(seed=1),
        RandomPlayer(seed=1),
        GreedyPlayer(seed=1),
        MCTSPlayer(iterations=5),
        AlphaBetaPlayer(depth=2, seed=1),
    ):
        assert player.choose(state) in state.legal_moves()
    assert GreedyPlayer(seed=1).choose(rules.start()) in rules.start().legal_moves()


def test_players_play_hextiles():
    rules = hextiles.Rules(players=3, seed=7)
    state = rules.start()
    for player in (
        SimplePlayer(seed=1),
        RandomPlayer(seed=1),
        GreedyPlayer(seed=1),
        MCTSPlayer(iterations=5),
    ):
        assert player.choose(state) in state.legal_moves()
    res = play_many(rules, [RandomPlayer()] * 3, 2, seed=1, progress=False)
    assert set(res.winner) <= {-1, 0, 1, 2}


# -- the Coffee board's computer opponent -----------------------------------------------------


def test_the_board_answers_with_the_computer_move():
    from gamekit.coffee.board import CoffeeBoard

    board = CoffeeBoard(SQUARE5, opponent="random", seed=1)
    board.click("c3")
    board.choose_axis("-")
    assert len(board.record.moves) == 2
    assert board.state.to_move == "black"
    assert "computer" in board.message.lower()


def test_the_board_opponent_can_be_chosen_and_switched_off():
    from gamekit.coffee.board import CoffeeBoard

    board = CoffeeBoard(SQUARE5)
    assert board.opponent is None
    assert board.opponent_choice.value == "nobody"
    board.opponent_choice.value = "beginner"
    assert board.opponent == "beginner"
    board.type_move("c3-")
    assert len(board.record.moves) == 2
    board.opponent = None
    board.type_move(str(board.state.legal_moves()[0]))
    assert len(board.record.moves) == 3


def test_the_computer_moves_first_when_it_is_its_turn():
    from gamekit.coffee.board import CoffeeBoard

    board = CoffeeBoard(SQUARE5, opponent="mcts", seed=3, computer_plays="black")
    assert len(board.record.moves) == 1
    assert board.state.to_move == "orange"
    assert "computer" in board.message.lower()


def test_undo_takes_back_the_computer_move_and_yours():
    from gamekit.coffee.board import CoffeeBoard

    board = CoffeeBoard(SQUARE5, opponent="random", seed=1)
    board.type_move("c3-")
    assert len(board.record.moves) == 2
    board.undo()
    assert list(board.record.moves) == []


def test_the_opponent_level_must_be_known():
    from gamekit.coffee.board import CoffeeBoard

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
    from gamekit.coffee.board import CoffeeBoard
    from gamekit.players import PolicyPlayer

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


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_gipf_and_hextiles_boards_play_against_the_computer_at_each_level(level):
    from gamekit.widgets import GipfBoard, HexTilesBoard

    board = GipfBoard(gipf.Rules(variant="basic"), opponent=level, seed=2)
    assert board.computer_plays == ("black",)
    board.type_move("e1-e2")
    assert len(board.record.moves) >= 2  # the computer answered
    assert board.state.to_move == "white" or board.state.outcome is not None
    assert board.message.startswith("The computer")  # the computer's move is shown

    tiles = HexTilesBoard(hextiles.Rules(players=2, seed=1), opponent=level)
    assert tiles.computer_plays == ("player 2",)
    tiles.type_move(str(next(m for m in tiles.state.legal_moves() if m.kind == "take")))
    tiles.end_turn()
    assert tiles.state.to_move == "player 1" or tiles.state.outcome is not None
    assert "The computer ended its turn" in tiles.message or tiles.state.outcome is not None


def test_every_board_takes_the_opponent_the_same_way():
    from gamekit.widgets import CoffeeBoard, GipfBoard, HexTilesBoard

    greedy = GreedyPlayer(seed=4)
    boards = [
        CoffeeBoard(SQUARE5, opponent=greedy, computer_plays="black"),
        GipfBoard(gipf.Rules(variant="basic"), opponent=greedy, computer_plays="white"),
        HexTilesBoard(
            hextiles.Rules(players=2, seed=1), opponent=greedy, computer_plays=("player 1",)
        ),
    ]
    for board in boards:
        assert board.opponent is greedy
        assert len(board.computer_plays) == 1
        assert len(board.record.moves) >= 1  # the computer began
        board.opponent = None
        moves = len(board.record.moves)
        board.type_move(str(board.state.legal_moves()[0]))
        assert len(board.record.moves) == moves + 1  # nobody answered


def test_the_old_keywords_of_the_gipf_and_hextiles_boards_still_work():
    from gamekit.widgets import GipfBoard, HexTilesBoard

    board = GipfBoard(computer="white", level="greedy")
    assert board.opponent == "greedy" and board.computer_plays == ("white",)
    assert len(board.record.moves) == 1
    assert GipfBoard(computer="black").opponent == "simple"
    tiles = HexTilesBoard(hextiles.Rules(players=3, seed=1), computer=(1, 2))
    assert tiles.opponent == "simple"
    assert tiles.computer_plays == ("player 2", "player 3")
    with pytest.raises(ValueError, match="computer must be a tuple of player numbers"):
        HexTilesBoard(hextiles.Rules(players=2, seed=1), computer=(5,))


def test_a_board_refuses_an_unknown_opponent_or_seat():
    from gamekit.widgets import CoffeeBoard, GipfBoard, HexTilesBoard

    with pytest.raises(ValueError, match="unknown opponent 'expert'"):
        GipfBoard(opponent="expert")
    with pytest.raises(TypeError, match="opponent must be None, a level"):
        HexTilesBoard(opponent=3)
    with pytest.raises(ValueError, match="computer_plays must be a seat of this game"):
        CoffeeBoard(SQUARE5, opponent="random", computer_plays="white")
    with pytest.raises(ValueError, match="computer_plays must be a seat"):
        GipfBoard(opponent="random", computer_plays=("black", "orange"))
    with pytest.raises(TypeError, match="computer_plays must be a seat"):
        GipfBoard(opponent="random", computer_plays=1)


def test_the_levels_of_the_boards_are_the_players_levels():
    from gamekit.widgets import CoffeeBoard, GipfBoard, HexTilesBoard

    for board in (CoffeeBoard(), GipfBoard(), HexTilesBoard()):
        offered = [value for _, value in board.opponent_choice.options]
        assert offered[1:] == list(LEVEL_NAMES)  # after "nobody"
    assert make_opponent(None) is None
    assert make_opponent("mcts", seed=1, iterations=100).iterations == 100


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


# -- every level plays every game through the contract ---------------------------------------

EVERY_GAME = [pytest.param(example_rules(game), id=game) for game in GAMES] + [
    pytest.param(coffee.Rules(board="square", size=4, n=3, pie_rule=True), id="coffee-pie"),
]
AT_EACH_LEVEL = {
    "simple": SimplePlayer(),
    "random": RandomPlayer(),
    "greedy": GreedyPlayer(),
    "mcts": MCTSPlayer(iterations=4, max_playout=40),
    # the levels, with a small fixed budget (a test never waits for a clock)
    **{level: make_player(level, iterations=4) for level in LEVEL_NAMES},
}


@pytest.mark.parametrize("level", sorted(AT_EACH_LEVEL))
@pytest.mark.parametrize("rules", EVERY_GAME)
def test_every_level_plays_a_whole_game_of_every_game(rules, level):
    players = [AT_EACH_LEVEL[level]] * len(rules.seats)
    res = play_many(rules, players, 1, seed=3, progress=False)
    assert res.games == 1
    assert res.ended[0] in type(rules).endings  # the game ended, as the rules say it may
    assert -1 <= res.winner[0] < len(rules.seats)


def test_the_simple_player_takes_a_win_when_it_has_one():
    found = 0
    for seed in range(200):
        state = random_position(SQUARE4, seed, 4 + seed % 8)
        if state.outcome is not None:
            continue
        me = state.to_move
        winning = [m for m in state.legal_moves() if state.play(m).outcome is not None]
        winning = [m for m in winning if state.play(m).outcome.winners == (me,)]
        if winning:
            found += 1
            assert SimplePlayer(seed=seed).choose(state) in winning
    assert found >= 10


def test_the_simple_player_beats_random_play_at_gipf():
    res = play_many(
        gipf.Rules(variant="basic"),
        [SimplePlayer(), RandomPlayer()],
        6,
        seed=1,
        progress=False,
    )
    assert (res.winner == 0).sum() >= 5


def test_the_simple_player_places_the_hextiles_tile_that_raises_its_score_most():
    state = hextiles.Rules(players=2, seed=7).start().play("take 101000")
    places = [m for m in state.legal_moves() if m.kind == "place"]
    assert places
    figure = state.figure()

    def gain(move):
        return hextiles.score(figure.place(move.pattern, move.cell, move.turn)).total

    best = max(gain(m) for m in places)
    for seed in range(5):
        move = SimplePlayer(seed=seed).choose(state)
        assert move.kind == "place" and gain(move) == best


def test_the_simple_player_takes_a_market_tile_that_fits():
    state = hextiles.Rules(players=2, seed=7).start()
    move = SimplePlayer(seed=1).choose(state)
    assert move.kind == "take"
    assert state.figure().legal_placements(move.pattern)


def test_each_game_declares_its_strategy_where_it_registers_and_a_variant_inherits_it():
    assert repr(players.strategy(gipf.Rules()).evaluation) == "Evaluation(_gipf_value, settle=True)"
    assert (
        repr(players.strategy(hextiles.Rules()).evaluation)
        == "Evaluation(_hextiles_value, settle=False)"
    )
    assert players.strategy(coffee.Rules()).evaluation is None  # judged by the outcome
    assert players.strategy(roaster.Rules()).reader is _Generic
    assert set(players.strategy(roaster.Rules()).levels) == {"beginner", "club", "strong"}

    @gamekit.register
    @dataclasses.dataclass(frozen=True)
    class Mine(gipf.Rules):
        game = "gipf-strategy-test"

    assert players.strategy(Mine()) is players.strategy(gipf.Rules())


# -- seeds --------------------------------------------------------------------------------------


def test_a_numpy_generator_seeds_a_player_and_shows_in_a_stable_repr():
    a = RandomPlayer(seed=np.random.default_rng(5))
    b = RandomPlayer(seed=np.random.default_rng(5))
    states = midgame_positions(SQUARE5, 4)
    assert [a.choose(s) for s in states] == [b.choose(s) for s in states]
    assert repr(a) == "RandomPlayer(seed=Generator(PCG64))"
    assert repr(MCTSPlayer(iterations=9, seed=np.random.default_rng(1))) == (
        "MCTSPlayer(iterations=9, seed=Generator(PCG64))"
    )


@pytest.mark.parametrize("cls", [SimplePlayer, RandomPlayer, GreedyPlayer, MCTSPlayer])
def test_every_player_refuses_a_bad_seed(cls):
    with pytest.raises(ValueError, match="seed must be 0 or more"):
        cls(seed=-1)
    with pytest.raises(TypeError, match="seed must be a whole number"):
        cls(seed="1")
    with pytest.raises(TypeError, match="seed must be a whole number"):
        cls(seed=1.5)


# -- bad arguments are refused up front ---------------------------------------------------------


@pytest.mark.parametrize(
    "options, error, words",
    [
        ({"c": -5}, ValueError, "c must be a finite number of at least 0.0, not -5"),
        ({"c": math.nan}, ValueError, "c must be a finite number"),
        ({"c": math.inf}, ValueError, "c must be a finite number"),
        ({"c": "1.4"}, TypeError, "c must be a number"),
        ({"seconds": math.nan}, ValueError, "seconds must be a finite number"),
        ({"seconds": 1e-9}, ValueError, "seconds must be a finite number of at least 0.001"),
        ({"seconds": -1}, ValueError, "seconds must be"),
        ({"iterations": 0}, ValueError, "iterations must be 1 or more"),
        ({"iterations": 2.5}, TypeError, "iterations must be a whole number"),
        ({"iterations": "10"}, TypeError, "iterations must be a whole number"),
        ({"iterations": True}, TypeError, "iterations must be a whole number"),
        ({"max_playout": 0}, ValueError, "max_playout must be 1 or more"),
    ],
)
def test_mcts_refuses_bad_options_when_made(options, error, words):
    with pytest.raises(error, match=words):
        MCTSPlayer(**options)


def test_mcts_with_the_shortest_time_budget_still_chooses_a_move():
    player = MCTSPlayer(seconds=0.001, seed=1)
    state = HEX5.start()
    assert player.choose(state) in state.legal_moves()
    assert player.last_iterations >= 1


def test_make_player_and_make_opponent_refuse_what_is_not_a_level():
    with pytest.raises(TypeError, match="level must be a level name or a Player"):
        make_player(5)
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        make_player("expert")
    with pytest.raises(ValueError, match="iterations must be 1 or more"):
        make_player("mcts", iterations=0)
    with pytest.raises(ValueError, match="unknown opponent 'expert'; choose None, a Player"):
        make_opponent("expert")
    with pytest.raises(TypeError, match="opponent must be None, a level"):
        make_opponent(1)


def test_a_policy_must_be_a_function():
    with pytest.raises(TypeError, match="policy must be a function of the state"):
        PolicyPlayer("first")


@pytest.mark.parametrize("player", [SimplePlayer(), RandomPlayer(), GreedyPlayer()], ids=repr)
def test_choose_refuses_what_is_not_a_position(player):
    with pytest.raises(TypeError, match="state must be a game position"):
        player.choose(SQUARE5)
    with pytest.raises(TypeError, match="state must be a game position"):
        player.choose(None)


# -- the computer's seats on a board ------------------------------------------------------------


def test_computer_seats_are_seat_names_of_the_game():
    assert computer_seats(gipf.Rules(), "black") == ("black",)
    assert computer_seats(hextiles.Rules(players=3), ("player 2", "player 3")) == (
        "player 2",
        "player 3",
    )
    with pytest.raises(ValueError, match="'white', 'black'"):
        computer_seats(gipf.Rules(), "red")
    with pytest.raises(TypeError, match="computer_plays must be a seat"):
        computer_seats(gipf.Rules(), None)


def test_after_a_swap_the_computer_is_the_same_player_in_the_other_colour():
    state = coffee.Rules(board="square", size=5, pie_rule=True).start().play("c3-")
    assert plays_now(state, ("orange",)) and not plays_now(state, ("black",))
    swapped = state.play("swap")
    assert swapped.swapped
    assert plays_now(swapped, ("black",)) == (swapped.to_move == "orange")
    assert plays_now(swapped, ("orange",)) == (swapped.to_move == "black")


# -- the levels (issue 15) ------------------------------------------------------------------


def test_every_level_has_one_line_for_learners_and_a_default():
    assert list(LEVEL_HELP) == list(LEVEL_NAMES)
    for text in LEVEL_HELP.values():
        assert 20 < len(text) < 200 and "\n" not in text
    assert f"{CLUB_SECONDS:g} s" in LEVEL_HELP["club"]
    assert f"{STRONG_SECONDS:g} s" in LEVEL_HELP["strong"]
    assert DEFAULT_LEVEL == "club"
    assert repr(LEVELS["beginner"]) == "Level('beginner')"
    assert isinstance(LEVELS["strong"](seed=2), LevelPlayer)


@pytest.mark.parametrize("rules", EVERY_GAME)
def test_each_level_is_the_player_it_says_on_every_game(rules):
    state = rules.start(seed=1)
    made = {level: make_player(level, seed=1).player_for(state) for level in LEVEL_NAMES}
    assert isinstance(made["random"], RandomPlayer)
    if rules.game == "roaster":  # a solo game: the levels are rules of play
        assert [made[k].policy for k in ("beginner", "club", "strong")] == [
            roaster.simple_player,
            roaster.roast_level_player,
            roaster_challenge.odds_player,
        ]
        return
    assert isinstance(made["beginner"], SimplePlayer) and made["beginner"].safe
    if rules.game == "hextiles":  # one turn ahead by the outlook; rollouts of it above it
        assert isinstance(made["club"], SimplePlayer)
        assert made["club"].safe and made["club"].outlook
        strong = made["strong"]
        assert isinstance(strong, RolloutPlayer) and strong.seconds == STRONG_SECONDS
        assert (strong.candidates, strong.rollouts, strong.turns) == (4, 8, 5)  # docs/levels.md
        return
    for level, seconds in (("club", CLUB_SECONDS), ("strong", STRONG_SECONDS)):
        if rules.game == "gipf":  # a look a few turns ahead: deeper for the stronger level
            assert isinstance(made[level], AlphaBetaPlayer)
            assert made[level].depth == {"club": 2, "strong": 3}[level]
            assert made[level].seconds == seconds and made[level].nodes is None
            continue
        assert isinstance(made[level], MCTSPlayer)
        assert made[level].seconds == seconds and made[level].iterations >= 1000
    if rules.game == "gipf":
        assert made["club"].depth < made["strong"].depth


def test_a_search_level_given_iterations_alone_needs_no_clock_and_repeats_itself():
    state = midgame_positions(HEX5, 1)[0]
    a, b = make_player("club", seed=5, iterations=40), make_player("club", seed=5, iterations=40)
    assert a.choose(state) == b.choose(state)
    search = a.player_for(state)
    assert (search.iterations, search.seconds) == (40, None)
    assert a.last_iterations == 40
    timed = make_player("strong", seed=5, seconds=0.05).player_for(state)
    assert timed.seconds == 0.05 and timed.iterations >= 1000


def test_a_level_player_keeps_its_options_when_reseeded_and_shows_them():
    player = LevelPlayer("strong", seed=1, iterations=20)
    assert repr(player) == "LevelPlayer('strong', iterations=20, seed=1)"
    again = player.with_seed(4)
    assert repr(again) == "LevelPlayer('strong', iterations=20, seed=4)"
    assert repr(make_player("club", seed=np.random.default_rng(1))) == (
        "LevelPlayer('club', seed=Generator(PCG64))"
    )
    assert LevelPlayer("random").last_iterations == 0


def test_levels_refuse_what_is_not_a_level_or_a_budget():
    with pytest.raises(ValueError, match="unknown level 'expert'; the levels are random"):
        LevelPlayer("expert")
    with pytest.raises(TypeError, match="level must be a level name"):
        LevelPlayer(3)
    with pytest.raises(ValueError, match="seconds must be a finite number of at least"):
        make_player("club", seconds=0)
    with pytest.raises(TypeError, match="iterations must be a whole number"):
        make_player("strong", iterations=1.5)
    with pytest.raises(TypeError, match="state must be a game position"):
        LevelPlayer("club").choose("e1-e2")


def test_the_beginner_takes_a_win_and_never_hands_one_over_when_it_can_help_it():
    checked = 0
    for seed in range(300):
        state = random_position(SQUARE4, seed, 3 + seed % 8)
        if state.outcome is not None:
            continue
        me = state.to_move
        children = {m: state.play(m) for m in state.legal_moves()}
        wins = [m for m, c in children.items() if c.outcome and c.outcome.winners == (me,)]
        safe = [
            m for m, c in children.items() if c.outcome is None and not _Generic.opponent_can_win(c)
        ]
        move = make_player("beginner", seed=seed).choose(state)
        if wins:
            assert move in wins
        elif safe:
            assert move in safe
            checked += len(safe) < len(children)
    assert checked >= 10


# -- the search never sees what is hidden (determinization) ----------------------------------


def hextiles_midgame(seed: int = 3, plies: int = 14) -> hextiles.State:
    state = hextiles.Rules(players=2, seed=seed).start()
    beginner = make_player("beginner", seed=seed)
    for _ in range(plies):
        state = state.play(beginner.choose(state))
    return state


def test_the_hextiles_search_plays_the_same_whatever_the_hidden_order_of_the_pool():
    for seed in (3, 4, 5):
        state = hextiles_midgame(seed)
        if len(state.legal_moves()) < 2:
            continue
        other = state.redeal(99)  # the same position as the players see it
        assert other.pool != state.pool and sorted(other.pool) == sorted(state.pool)
        assert MCTSPlayer(iterations=80, seed=3).choose(state) == MCTSPlayer(
            iterations=80, seed=3
        ).choose(other)


def test_the_hextiles_search_redeals_the_pool_before_every_playout(monkeypatch):
    state = hextiles_midgame()
    seen = []
    real = hextiles.State.redeal

    def counted(self, rng=None):
        seen.append(self)
        return real(self, rng)

    monkeypatch.setattr(hextiles.State, "redeal", counted)
    player = MCTSPlayer(iterations=25, seed=1)
    assert player.choose(state) in state.legal_moves()
    assert len(seen) == player.last_iterations == 25 and all(s is state for s in seen)


def test_a_redealt_position_depends_only_on_what_players_see_and_the_generator():
    state = hextiles_midgame()
    shuffled = state.redeal(5)
    assert state.redeal(np.random.default_rng(8)) == shuffled.redeal(np.random.default_rng(8))


# -- Coffee Roaster: the policy that weighs the odds -----------------------------------------


def test_the_exact_cup_odds_agree_with_counting_every_draw():
    import itertools
    from collections import Counter

    from gamekit.roaster.odds import _LEVEL, _poly

    bag = {"bean0": 3, "bean2": 2, "bean4": 1, "body": 2, "burnt": 1}
    tokens = [t for t, n in bag.items() for _ in range(n)]
    for draws in (1, 3, 5):
        counted = Counter(
            sum(_LEVEL.get(tokens[i], 0) for i in pick)
            for pick in itertools.combinations(range(len(tokens)), draws)
        )
        total = sum(counted.values())
        top = 4 * draws  # the most a draw can be worth
        groups = [(n, _LEVEL.get(t, 0), top) for t, n in bag.items()]
        ways = _poly(groups, draws, top)[draws]
        odds = ways / ways.sum()
        assert len(odds) == 4 * draws + 1
        assert odds == pytest.approx([counted[v] / total for v in range(len(odds))])


@pytest.mark.parametrize("card", sorted(roaster.CARDS))
def test_the_odds_policy_plays_whole_games_on_every_card(card):
    state = roaster.Rules(card=card, seed=2).start()
    while state.outcome is None:
        move = roaster_challenge.odds_player(state, samples=4)
        assert state.why_illegal(move) is None
        state = state.play(move)
    assert state.outcome.ending in roaster.Rules.endings


def test_the_odds_policy_refuses_bad_options():
    state = roaster.Rules(seed=1).start()
    with pytest.raises(ValueError, match="samples must be from 1"):
        roaster_challenge.odds_player(state, samples=0)
    with pytest.raises(TypeError, match="seed must be a whole number"):
        roaster_challenge.odds_player(state, seed="x")


# -- the Hex Tiles search: leaves judged at the end of a turn, and it plays well -------------


def test_ending_a_hextiles_turn_places_what_fits_and_hands_the_turn_over():
    state = hextiles.Rules(players=2, seed=7).start().play("take 101000")
    ended = _HexTiles.end_turn(state, 0)
    assert ended.to_move == "player 2" and ended.reserve(0) == ()
    assert hextiles.score(ended.figure(0)).total > hextiles.score(state.figure(0)).total
    assert _HexTiles.outlook(ended, 0) > _HexTiles.outlook(state.play("done"), 0)
    assert _HexTiles.end_turn(ended, 0) is ended  # not player 1's turn: nothing to do


@pytest.mark.parametrize("settle", [True, False])
def test_the_hextiles_search_judges_its_leaves_at_the_end_of_a_turn(monkeypatch, settle):
    judged = []
    real = _HexTiles.playout.__func__

    def recorded(cls, state, rand, max_plies):
        judged.append(state)
        return real(cls, state, rand, max_plies)

    monkeypatch.setattr(_HexTiles, "playout", classmethod(recorded))
    monkeypatch.setattr(_HexTiles, "settle", settle)
    state = hextiles.Rules(players=2, seed=3).start()
    MCTSPlayer(iterations=60, seed=1, **players.strategy(state).search).choose(state)
    assert len(judged) == 60
    # in the middle of a turn: a tile taken, and not the leftover step that follows a round
    mid_turn = [s for s in judged if s.outcome is None and s.taken and not s.leftover_step]
    assert bool(mid_turn) is not settle


def test_the_hextiles_search_with_a_small_budget_beats_random_play():
    rules = hextiles.Rules(players=2)
    search = MCTSPlayer(iterations=40, seed=1, **players.strategy(rules).search)
    first = play_many(rules, [search, RandomPlayer(seed=2)], 2, seed=4, progress=False)
    second = play_many(rules, [RandomPlayer(seed=2), search], 2, seed=4, progress=False)
    assert list(first.winner) == [0, 0] and list(second.winner) == [1, 1]
    assert (first.scores[:, 0] > first.scores[:, 1]).all()


# -- alpha-beta search (GIPF's club and strong levels) ---------------------------------------

GIPF_BASIC = gipf.Rules(variant="basic")


def gipf_positions(count: int, seed: int = 0) -> list:
    """Positions of random GIPF games, pushes and removal decisions alike."""
    rand, out = random.Random(seed), []
    while len(out) < count:
        state = GIPF_BASIC.start()
        for _ in range(rand.randrange(8, 40)):
            if state.outcome is not None:
                break
            state = state.play(rand.choice(state.legal_moves()))
        if state.outcome is None:
            out.append(state)
    return out


def minimax(state, depth: int, me: str) -> float:
    """Plain minimax over whole turns, with no pruning: what alpha-beta must agree with."""
    if state.outcome is not None:
        return math.inf if me in state.outcome.winners else -math.inf
    push = state.phase == "push"
    if depth <= 0 and push:
        return players.strategy(state).outlook.value(state, me)
    values = [minimax(state.play(m), depth - push, me) for m in state.legal_moves()]
    return max(values) if state.to_move == me else min(values)


def test_alphabeta_plays_a_move_plain_minimax_rates_best():
    for state in gipf_positions(6):
        me = state.to_move
        move = AlphaBetaPlayer(depth=2, seed=1).choose(state)
        push = state.phase == "push"
        values = {m: minimax(state.play(m), 2 - push, me) for m in state.legal_moves()}
        assert values[move] == max(values.values())


def test_alphabeta_makes_a_row_when_it_can():
    # e1-e2 slides the three White pieces up the e line and makes a row of four
    state = GIPF_BASIC.setup({"e2": "W", "e3": "W", "e4": "W", "c3": "B"})
    for seed in range(4):
        move = AlphaBetaPlayer(depth=1, seed=seed).choose(state)
        assert str(move) == "e1-e2"
        assert state.play(move).phase == "remove"


def test_alphabeta_repeats_itself_and_respects_its_budget():
    state = gipf_positions(1, seed=4)[0]
    a = [AlphaBetaPlayer(depth=3, nodes=500, seed=9).choose(s) for s in gipf_positions(3, 4)]
    b = [AlphaBetaPlayer(depth=3, nodes=500, seed=9).choose(s) for s in gipf_positions(3, 4)]
    assert a == b
    full = AlphaBetaPlayer(depth=3, seed=1)
    full.choose(state)
    assert full.last_depth == 3
    cap = full.last_nodes // 2
    capped = AlphaBetaPlayer(depth=3, nodes=cap, seed=1)
    assert capped.choose(state) in state.legal_moves()
    assert 1 <= capped.last_depth < 3 and capped.last_nodes <= cap + 1
    timed = AlphaBetaPlayer(depth=30, seconds=0.05, seed=1)
    assert timed.choose(state) in state.legal_moves()
    assert 1 <= timed.last_depth < 30


def test_alphabeta_shows_its_options_and_refuses_what_it_cannot_play():
    assert repr(AlphaBetaPlayer(seed=2)) == "AlphaBetaPlayer(depth=2, seed=2)"
    assert repr(AlphaBetaPlayer(depth=3, nodes=10).with_seed(1)) == (
        "AlphaBetaPlayer(depth=3, nodes=10, seed=1)"
    )
    with pytest.raises(ValueError, match="depth must be 1 or more, not 0"):
        AlphaBetaPlayer(depth=0)
    with pytest.raises(TypeError, match="nodes"):
        AlphaBetaPlayer(nodes=2.5)
    with pytest.raises(ValueError, match="seconds"):
        AlphaBetaPlayer(seconds=0)
    with pytest.raises(ValueError, match="nothing is hidden"):
        AlphaBetaPlayer().choose(hextiles.Rules(players=2).start(seed=1))
    with pytest.raises(ValueError, match="two-player games, not one of 3 players"):
        AlphaBetaPlayer().choose(hextiles.Rules(players=3).start(seed=1))


def test_alphabeta_takes_a_win_in_coffee():
    # any game: with no evaluation of its own, it judges by wins alone
    for state in midgame_positions(SQUARE5, 6, plies=12):
        move = AlphaBetaPlayer(depth=1, seed=1).choose(state)
        wins = [
            m
            for m in state.legal_moves()
            if state.play(m).outcome is not None and state.to_move in state.play(m).outcome.winners
        ]
        if wins:
            assert move in wins


def test_gipf_club_and_strong_levels_search_two_and_three_turns_ahead():
    state = gipf.Rules(variant="standard").start()
    club = make_player("club", seed=1, iterations=100_000)
    strong = make_player("strong", seed=1, iterations=100_000)
    assert club.choose(state) in state.legal_moves()
    strong.choose(state)
    assert (club.player_for(state).last_depth, strong.player_for(state).last_depth) == (2, 3)
    assert club.player_for(state).seconds is None  # a fixed budget: no clock


def test_the_simple_player_judging_by_the_outlook_plays_otherwise_than_by_the_score():
    rules = hextiles.Rules(players=2, seed=3)
    state, differ = rules.start(), 0
    by_score, by_outlook = SimplePlayer(seed=1), SimplePlayer(outlook=True, seed=1)
    assert repr(by_outlook) == "SimplePlayer(outlook=True, seed=1)"
    assert repr(by_outlook.with_seed(2)) == "SimplePlayer(outlook=True, seed=2)"
    while state.outcome is None:
        move = by_outlook.choose(state)
        assert move in state.legal_moves()
        differ += move != by_score.choose(state)
        state = state.play(move)
    assert differ > 0
    with pytest.raises(TypeError, match="outlook must be True or False, not 'yes'"):
        SimplePlayer(outlook="yes")


def hextiles_positions(count: int, plies: int = 9) -> list:
    """Hex Tiles positions a few decisions into games between club players, each with
    three moves or more to choose from."""
    states = []
    for seed in range(count):
        state, club = hextiles.Rules(players=2, seed=seed).start(), make_player("club", seed=seed)
        for _ in range(plies + seed % 4):
            state = state.play(club.choose(state))
        while len(state.legal_moves()) < 3:  # a real choice
            state = state.play(club.choose(state))
        states.append(state)
    return states


def test_rollouts_choose_among_the_clubs_best_liked_moves_and_repeat_themselves():
    for state in hextiles_positions(4):
        keyed = players.keyed_moves(
            players.reader_for(state), state, players.outlook_of(state), True
        )
        ranked = sorted({key for key, _ in keyed}, reverse=True)
        best = {move for key, move in keyed if key == ranked[0]}
        # one candidate: nothing to compare, so the club's own choice
        assert RolloutPlayer(candidates=1, rollouts=1, seed=3).choose(state) in best
        # three: one of the club's three best-liked moves
        top3 = {move for key, move in keyed if key >= ranked[min(2, len(ranked) - 1)]}
        a = RolloutPlayer(candidates=3, rollouts=2, turns=3, seed=7)
        b = RolloutPlayer(candidates=3, rollouts=2, turns=3, seed=7)
        move = a.choose(state)
        assert move in top3 and move == b.choose(state)
        assert a.last_iterations == 2 * min(3, len(keyed))


def test_rollouts_never_see_the_pool():
    # positions that differ only in the order of the pool, which no player can see
    for state in hextiles_positions(3):
        seen = {
            RolloutPlayer(candidates=3, rollouts=3, seed=5).choose(state.redeal(k))
            for k in range(3)
        }
        assert len(seen) == 1


def test_rollouts_keep_to_their_clock_and_take_a_win_at_once():
    state = hextiles_positions(1)[0]
    timed = RolloutPlayer(candidates=2, rollouts=1000, seconds=0.001, seed=1)
    assert timed.choose(state) in state.legal_moves()
    assert timed.last_iterations == 2  # one round, however short the clock
    # any game: in Coffee, which has no outlook, a win at once is played at once
    for state in midgame_positions(SQUARE5, 6, plies=12):
        move = RolloutPlayer(candidates=2, rollouts=1, turns=2, seed=1).choose(state)
        wins = [
            m
            for m in state.legal_moves()
            if players.sole_winner(state.play(m)) is not None
            and state.to_move in state.play(m).outcome.winners
        ]
        if wins:
            assert move in wins


def test_rollout_player_shows_its_options_and_refuses_bad_ones():
    assert repr(RolloutPlayer(seed=2)) == "RolloutPlayer(candidates=4, rollouts=8, seed=2)"
    assert repr(RolloutPlayer(turns=None, seconds=1.0).with_seed(1)) == (
        "RolloutPlayer(candidates=4, rollouts=8, turns=None, seconds=1.0, seed=1)"
    )
    with pytest.raises(ValueError, match="candidates must be 1 or more, not 0"):
        RolloutPlayer(candidates=0)
    with pytest.raises(ValueError, match="turns must be 1 or more, not 0"):
        RolloutPlayer(turns=0)
    with pytest.raises(TypeError, match="rollouts"):
        RolloutPlayer(rollouts=2.5)
    with pytest.raises(ValueError, match="seconds"):
        RolloutPlayer(seconds=0)


def test_hextiles_strong_level_given_iterations_alone_plays_so_many_rollouts_without_a_clock():
    state = hextiles_positions(1)[0]
    strong = make_player("strong", seed=4, iterations=8)
    rollout = strong.player_for(state)
    assert isinstance(rollout, RolloutPlayer) and rollout.seconds is None
    assert rollout.rollouts == 2  # 8 in all over 4 candidates
    assert strong.choose(state) == make_player("strong", seed=4, iterations=8).choose(state)
