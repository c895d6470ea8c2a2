"""Hardening round 2 (issue #22): the boards, puzzles, variant hook and registry keep
working whatever a learner types or loads. One test (or a few) per finding; each failed
before its fix."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import pytest
from suite import GAMES

import gamekit
from gamekit import coffee, gipf, puzzles
from gamekit.errors import GamekitError, InvalidRecordError, VariantRuleError
from gamekit.game import shipped_games
from gamekit.players import Player
from gamekit.records import Record
from gamekit.widgets import CoffeeBoard, GipfBoard


def small(**options) -> CoffeeBoard:
    return CoffeeBoard(coffee.Rules(board="square", size=5), **options)


# -- a typo in a cells puzzle ------------------------------------------------------------


@pytest.mark.parametrize(
    "pid, typo",
    [
        ("coffee-legal-cells-1", "f1"),
        ("coffee-legal-cells-1", "(0,1)"),
        ("gipf-pushed-1", "g72"),
        ("gipf-pushed-1", "(0,1)"),
        ("hextiles-cells-1", "(40,-40)"),
    ],
)
def test_a_typed_cell_off_the_board_is_refused_and_chooses_nothing(pid, typo) -> None:
    p = puzzles.get(pid)
    board = p.board()
    board.type_move(typo)
    assert board.cells == frozenset()
    assert board.message.startswith(f"{typo} is not a {p.noun} of this board")  # a GIPF spot
    board.toggle_cell(typo)  # the public method checks too
    assert board.cells == frozenset()
    right = sorted(p.answers()[0])
    for cell in right:  # the board still answers: the right cells are accepted
        board.toggle_cell(cell)
    board.check()
    assert board.grade is not None and board.grade.right


def test_a_typed_line_with_one_off_board_cell_chooses_none_of_it() -> None:
    board = puzzles.get("coffee-legal-cells-1").board()
    board.type_move("b2 f1")
    assert board.cells == frozenset()
    assert "f1 is not a cell of this board" in board.message


def test_toggle_cell_refuses_what_is_not_a_cell_name() -> None:
    board = puzzles.get("coffee-legal-cells-1").board()
    with pytest.raises(TypeError, match="cell must be a cell name"):
        board.toggle_cell(5)
    assert board.cells == frozenset()


def test_a_huge_number_in_a_hex_tiles_cells_answer_is_graded_wrong() -> None:
    grade = puzzles.get("hextiles-cells-1").check([(10**5000, 0)])
    assert not grade.right and "is not a cell name" in grade.message


# -- redo into the computer's turn, and a person moving for the computer ---------------


def test_redo_into_the_computers_turn_hands_it_the_move() -> None:
    """Three moves by two people, taken back; then the computer plays Orange: redo plays
    Black's move again, and at Orange's turn the computer moves (a person's Orange move is
    not replayed for it)."""
    board = small()
    board.play_moves(board.state.legal_moves()[:1])
    for _ in range(2):
        board.play_moves([board.state.legal_moves()[0]])
    assert len(board.record.moves) == 3
    for _ in range(3):
        board.undo()
    board.opponent, board.computer_plays = "beginner", "orange"
    board.redo()  # Black's move; Orange's move was a person's, and the computer plays Orange now
    assert not board.computer.to_move(), "the computer was left to move"
    assert len(board.record.moves) == 2 and board._by_computer == [False, True]
    assert board._redo == []  # the computer's own answer replaced the rest
    board.redo()
    assert board.message == "Nothing to redo."
    assert board.turn_text() != "The computer is thinking…"


def test_a_person_never_moves_for_the_computer() -> None:
    board = small()
    board._built = True
    board.play_moves([board.state.legal_moves()[0]])
    board.computer.player = gamekit.players.make_opponent("beginner", 0)
    board.computer.level = "beginner"
    board.computer.seats = ("orange",)  # set behind the board's back: Orange is to move
    before = board.state
    move = before.legal_moves()[0]
    board.type_move(str(move))
    assert board.state.to_move == "black", "the computer has moved"
    assert board._by_computer[-1] is True  # the move is logged as the computer's
    assert "It was the computer's turn" in board.message


# -- a computer player that fails ----------------------------------------------------------


class Raising(Player):
    def choose(self, state):
        raise RuntimeError("out of ideas")


class Cheating(Player):
    def choose(self, state):
        return "a1|" if state.stone_at("a1") else "zz"


@pytest.mark.parametrize("player, words", [(Raising(), "out of ideas"), (Cheating(), "a1|")])
def test_a_computer_that_fails_stops_playing_and_the_board_goes_on(player, words) -> None:
    board = small(opponent=player, computer_plays="orange")
    board.type_move(str(board.state.legal_moves()[0]))
    assert len(board.record.moves) == 1  # the learner's move stands
    assert board.opponent is None and board.computer_player is None
    assert board.message.startswith("The computer could not move")
    assert words in board.message and "stops playing" in board.message
    board.type_move(str(board.state.legal_moves()[0]))  # a person plays Orange now
    assert len(board.record.moves) == 2


# -- the variant hook -------------------------------------------------------------------------


def variant(name: str, rule):
    @dataclass(frozen=True)
    class Variant(coffee.Rules):
        game = name

        def extra_rule(self, state, move):
            return rule(state, move)

    gamekit.register(Variant)
    return Variant(board="square", size=5)


def test_false_from_the_variant_rule_allows_the_move() -> None:
    rules = variant("coffee-falsy", lambda s, m: m.axis == "|" and "no vertical rods")
    state = rules.start()
    assert state.outcome is None
    assert state.why_illegal("c3|") == "no vertical rods"
    assert state.why_illegal("c3-") is None


@pytest.mark.parametrize("answer", ["", "   ", True, 5, ["no"]])
def test_a_variant_rule_answering_neither_none_nor_a_sentence_is_named(answer) -> None:
    rules = variant("coffee-odd-answer", lambda s, m: answer)
    with pytest.raises(VariantRuleError, match="extra_rule must return None") as err:
        rules.start().legal_moves()
    assert isinstance(err.value, TypeError) and isinstance(err.value, GamekitError)


def test_an_exception_in_the_variant_rule_is_named_and_records_refuse_cleanly() -> None:
    rules = variant("coffee-boom", lambda s, m: 1 / 0)
    with pytest.raises(VariantRuleError, match="extra_rule failed on .*ZeroDivisionError"):
        rules.start().why_illegal("c3|")
    text = Record(coffee.Rules(board="square", size=5), ["c3|"]).to_json()
    text = text.replace('"coffee"', '"coffee-boom"', 1)
    with pytest.raises(InvalidRecordError, match="ZeroDivisionError"):
        Record.from_json(text)


def test_a_variant_rule_asking_for_the_legal_moves_does_not_recurse() -> None:
    rules = variant("coffee-asks", lambda s, m: None if s.legal_moves() else None)
    with pytest.raises(VariantRuleError, match="asked for the legal moves"):
        rules.start().legal_moves()


def test_a_board_keeps_working_under_a_broken_variant() -> None:
    broken = variant("coffee-empty-now", lambda s, m: "")
    with pytest.raises(VariantRuleError, match="extra_rule"):  # at once, in words
        CoffeeBoard(broken)
    # a rule that breaks only once a stone stands on c3
    rules = variant("coffee-empty-later", lambda s, m: "" if s.stone_at("c3") else None)
    board = CoffeeBoard(rules)
    board.type_move("c3|")
    assert board.record.moves == () and not board._ok  # nothing half played
    assert "variant's rule failed" in board.message and "extra_rule" in board.message
    board.type_move("b2|")
    assert board.record.moves == ("b2|",)


# -- the registry ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", shipped_games())
def test_a_shipped_game_name_cannot_be_taken(name) -> None:
    @dataclass(frozen=True)
    class Rules(coffee.Rules):
        game = name

    with pytest.raises(ValueError, match="one of gamekit's own games"):
        gamekit.register(Rules)
    assert gamekit.games()[name].__module__.startswith(f"gamekit.{name}")
    Record.from_json(Record(gipf.Rules(), ["e1-e2"]).to_json())  # saved games still load


@pytest.mark.parametrize("name", ["COFFEE", " coffee", "coffee\x00", "my game", "a--b", "é"])
def test_look_alike_and_odd_names_are_refused(name) -> None:
    @dataclass(frozen=True)
    class Odd(coffee.Rules):
        game = name

    with pytest.raises(ValueError, match="lower-case words"):
        gamekit.register(Odd)


def test_registering_an_instance_says_so() -> None:
    with pytest.raises(TypeError, match="the class itself"):
        gamekit.register(coffee.Rules())


def test_another_class_of_the_same_name_cannot_replace_a_registered_game() -> None:
    @dataclass(frozen=True)
    class Rules(coffee.Rules):
        game = "coffee-taken"

    gamekit.register(Rules)
    gamekit.register(Rules)  # the same class again: fine
    first = Rules

    def again():
        @dataclass(frozen=True)
        class Rules(coffee.Rules):  # another function: another qualified name
            game = "coffee-taken"

        return Rules

    with pytest.raises(ValueError, match="registered as 'coffee-taken' already"):
        gamekit.register(again())
    assert gamekit.games()["coffee-taken"] is first


# -- puzzles: a frozen setup, no opponent by the back door ---------------------------------


def test_a_puzzles_setup_cannot_be_changed_by_anybody() -> None:
    p = puzzles.get("gipf-pushed-1")
    with pytest.raises(TypeError):
        p.setup["pieces"] = {}
    with pytest.raises(TypeError):
        p.setup["pieces"]["e3"] = "W"
    assert p.board().state == p.start()


@pytest.mark.parametrize("pid", ["coffee-win-1", "gipf-row-1", "hextiles-cells-1"])
def test_a_puzzle_board_refuses_an_opponent_through_the_setter_too(pid) -> None:
    board = puzzles.get(pid).board()
    with pytest.raises(ValueError, match="takes no opponent"):
        board.opponent = "random"
    assert board.opponent is None and board.computer_player is None
    board.opponent = None  # nobody is fine
    board.computer_plays = board.rules.seats[0]
    assert board._moves == []  # nobody plays on the puzzle


# -- a new game with another game's rules ------------------------------------------------------


@pytest.mark.parametrize(
    "board_class", ["CoffeeBoard", "GipfBoard", "HexTilesBoard", "RoasterBoard"]
)
def test_new_game_with_another_games_rules_keeps_the_game(board_class) -> None:
    import gamekit.widgets as widgets

    board = getattr(widgets, board_class)()
    board.type_move(str(board.state.legal_moves()[0]))
    before = board.record
    other = gipf.Rules() if board_class != "GipfBoard" else coffee.Rules()
    with pytest.raises(TypeError, match="the game on the board is kept"):
        board.new_game(other)
    assert board.record == before
    board.type_move(str(board.state.legal_moves()[0]))  # and it still plays
    assert len(board.record.moves) == len(before.moves) + 1


# -- public tables that nobody can change ----------------------------------------------------------


@pytest.mark.parametrize(
    "module, name",
    [
        ("gamekit.coffee", "DEFAULT_N"),
        ("gamekit.players", "LEVELS"),
        ("gamekit.players", "LEVEL_HELP"),
        ("gamekit.players", "OLD_LEVELS"),
        ("gamekit.render.board", "VERDICTS"),
    ],
)
def test_public_tables_are_read_only(module, name) -> None:
    import importlib

    table = getattr(importlib.import_module(module), name)
    key = next(iter(table))
    with pytest.raises(TypeError):
        table[key] = None
    with pytest.raises((TypeError, AttributeError)):
        table.clear()
    inner = table[key]
    if isinstance(inner, Mapping):
        with pytest.raises(TypeError):
            inner[next(iter(inner))] = 0


@pytest.mark.parametrize("game", GAMES)
def test_every_games_strategy_is_read_only(game) -> None:
    import dataclasses

    from gamekit.players import strategy

    plan = strategy(gamekit.rules_class(game)())
    with pytest.raises(dataclasses.FrozenInstanceError):
        plan.levels = {}  # type: ignore[misc]
    for table in (plan.levels, plan.search):
        with pytest.raises(TypeError):
            table["club"] = None  # type: ignore[index]


# -- board arguments checked before they are stored ---------------------------------------------


def test_show_player_checks_its_argument_and_keeps_the_board_working() -> None:
    from gamekit.widgets import HexTilesBoard

    board = HexTilesBoard()
    for bad, error in ((7, ValueError), (-1, ValueError), ("1", TypeError), (True, TypeError)):
        with pytest.raises(error, match="player must be"):
            board.show_player(bad)
        assert board.shown_player == 0
    board.type_move(str(board.state.legal_moves()[0]))  # take a tile: undo, rotate, hints work
    board.hints = True
    assert len(board.record.moves) == 1 and board._ok
    board.undo()
    assert board.record.moves == ()


@pytest.mark.parametrize("board_class", ["GipfBoard", "HexTilesBoard"])
@pytest.mark.parametrize("seed, error", [(-1, ValueError), ("x", TypeError), (1.5, TypeError)])
def test_a_bad_seed_is_refused_when_the_board_is_made(board_class, seed, error) -> None:
    import gamekit.widgets as widgets

    with pytest.raises(error, match="seed must be"):
        getattr(widgets, board_class)(seed=seed, opponent="club")


# -- statistics that refuse nonsense ----------------------------------------------------------------


@pytest.mark.parametrize(
    "values, z, error",
    [
        ([1, 2, 3], -1.0, ValueError),
        ([1, 2, 3], float("nan"), ValueError),
        ([1, 2, 3], 1j, TypeError),
        ([1, 2, 3], 10**400, ValueError),
        ([10**400, 1], 1.96, ValueError),
        ([1, float("inf")], 1.96, ValueError),
        ([[1, 2], [3, 4]], 1.96, ValueError),
    ],
)
def test_mean_interval_refuses_what_is_no_sample_or_no_z(values, z, error) -> None:
    from gamekit.stats import mean_interval

    with pytest.raises(error):
        mean_interval(values, z)


def test_mean_interval_refuses_deep_nesting_with_a_value_error() -> None:
    from gamekit.stats import mean_interval

    deep: list = []
    for _ in range(100_000):
        deep = [deep]
    with pytest.raises(ValueError, match="flat list of numbers"):
        mean_interval(deep)


@pytest.mark.parametrize(
    "digits, error",
    [(-1, ValueError), ("1", TypeError), (10**5000, ValueError), (1.5, TypeError)],
    ids=["negative", "text", "huge", "fraction"],
)
def test_percent_checks_its_digits(digits, error) -> None:
    from gamekit.stats import Interval

    with pytest.raises(error, match="digits must be"):
        Interval(0.1, 0.2, 0.3).percent(digits)
    assert Interval(0.1, 0.2, 0.3).percent(0) == "20 % (10–30 %)"


# -- play_many with odd executors and players ------------------------------------------------------


def test_an_executor_that_returns_no_future_is_named() -> None:
    from gamekit.players import RandomPlayer
    from gamekit.sim import play_many

    class NoFutures:
        def submit(self, fn, *args):
            return 5

    with pytest.raises(TypeError, match="executor.submit must return a future") as err:
        play_many(coffee.Rules(board="square", size=4), [RandomPlayer(), RandomPlayer()], 4,
                  seed=1, progress=False, executor=NoFutures())  # fmt: skip
    assert "0x" not in str(err.value)


def test_a_player_with_its_own_constructor_plays_in_play_many() -> None:
    from gamekit.players import RandomPlayer
    from gamekit.sim import play_many

    class FirstMove(Player):
        def __init__(self, label: str, seed=None) -> None:
            super().__init__(seed)
            self.label = label

        def choose(self, state):
            return state.legal_moves()[0]

    rules = coffee.Rules(board="square", size=4)
    results = play_many(rules, [FirstMove("mine"), RandomPlayer()], 6, seed=1, progress=False)
    assert len(results.winner) == 6
    again = play_many(rules, [FirstMove("mine"), RandomPlayer()], 6, seed=1, progress=False)
    assert list(again.winner) == list(results.winner)


# -- export of a notebook with odd cell metadata ------------------------------------------------------


@pytest.mark.parametrize("meta", ["text", None, 5])
def test_export_lesson_reads_a_cell_whose_jupyter_metadata_is_not_an_object(tmp_path, meta) -> None:
    import json

    from gamekit.export import export_lesson

    nb = {
        "cells": [
            {
                "cell_type": "code",
                "id": "a",
                "metadata": {"jupyter": meta},
                "source": "1 + 1",
                "outputs": [],
                "execution_count": None,
            }
        ],  # fmt: skip
        "metadata": {},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (tmp_path / "odd.ipynb").write_text(json.dumps(nb))
    title, page = export_lesson(tmp_path / "odd.ipynb", tmp_path / "out")
    assert page.exists() and '<span class="mi">1</span>' in page.read_text()  # the code shows


# -- a puzzle board's record ----------------------------------------------------------------------


@pytest.mark.parametrize("pid", [p.id for ps in puzzles.PUZZLES.values() for p in ps])
def test_a_puzzle_boards_record_replays_to_its_position_or_says_why_not(pid) -> None:
    p = puzzles.get(pid)
    board = p.board()
    if p.kind == "move":
        answer = p.answers()[0] if p.answers() else p.start().legal_moves()[0]
        board.type_move(str(answer))
    if p.setup is not None:
        with pytest.raises(ValueError, match="keep the puzzle's id"):
            _ = board.record
        return
    loaded = Record.from_json(board.record.to_json())
    assert loaded.final() == board.state


# -- a valid but enormous record --------------------------------------------------------------

#: Ten GIPF moves (basic game) that bring the start position back: each side pushes four
#: pieces along its own line, which makes a row of four that it takes back into its reserve.
CYCLE = ["a2-b3", "a1-b2", "a2-b3", "a1-b2", "a2-b3", "a1-b2", "xb2-e5", "a2-b3", "xb3-e6", "a1-b2"]


def test_the_cycle_brings_the_start_back() -> None:
    start = gipf.Rules(variant="basic").start()
    assert gipf.Rules(variant="basic").replay(CYCLE) == start


def test_a_100000_move_record_opens_on_a_board_that_keeps_little_and_sends_little() -> None:
    import json

    from gamekit.widgets.base import LOG_PAGE
    from gamekit.widgets.history import EVERY, RECENT

    moves = CYCLE * 10_000
    text = json.dumps(Record(gipf.Rules(variant="basic"), moves).to_dict())
    record = Record.from_json(text)
    board = GipfBoard(record=record)
    assert len(board._states) == 100_001 and board.state == gipf.Rules(variant="basic").start()
    assert len(board._states.kept()) <= 100_000 // EVERY + RECENT + 2  # not 100,001 states
    assert len(board._log_cache) <= LOG_PAGE  # only the page shown was put in words
    assert len(board.log_view.value) < 60_000  # one page of the log, not 31 MB
    assert "99,900 earlier moves" in board.log_view.value
    assert board.earlier_button.layout.display is None and board.later_button.disabled
    board.earlier_button.click()
    assert board.log_page == 1 and "99,800 earlier moves" in board.log_view.value
    assert "100 later moves" in board.log_view.value
    assert board._states[12_345] == gipf.Rules(variant="basic").replay(moves[:12_345])
    board.click("a3")
    board.click("b4")
    assert len(board.record.moves) == 100_001 and board.log_page == 0
    board.undo()
    assert len(board.record.moves) == 100_000 and board.state == record.final()
    assert len(board.move_log) == 100_000


def test_the_positions_of_a_board_rebuild_anywhere_after_undo_and_new_moves() -> None:
    from gamekit.widgets.history import States

    start = gipf.Rules(variant="basic").start()
    moves = CYCLE * 60
    states = States.replayed(start, moves)
    every = [start]
    for m in moves:
        every.append(every[-1].play(m))
    assert list(states) == every
    assert [states[k] for k in (0, 1, 255, 256, 257, 599, -1, -600)] == [
        every[k] for k in (0, 1, 255, 256, 257, 599, -1, -600)
    ]
    del states[300:], moves[299:]
    assert len(states) == 300 and states[-1] == every[299]
    assert states.pop() == every[299] and len(states) == 299
