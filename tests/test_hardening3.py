"""Hardening round 3 (issue #40): the design lab, puzzles on any game, make demo's settings
and the school hub refuse what is unsafe or cannot be answered, in words, and lose nothing.
One test (or a few) per finding; each failed before its fix."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from suite import GAMES

from gamekit import coffee, guide, puzzles
from gamekit.classroom import room_settings
from gamekit.game import facts
from gamekit.hub import hub_settings, keep_private, reachable, system_name

ROOT = Path(__file__).resolve().parents[1]
APPS = ROOT / "apps"
GB = 2**30


# -- a "perfect" puzzle the engine cannot answer ------------------------------------------


def test_a_perfect_puzzle_from_a_position_too_large_is_refused_in_words_and_soon() -> None:
    begin = time.perf_counter()
    with pytest.raises(ValueError, match="more than 200,000 positions.*nearer the end"):
        puzzles.puzzle(coffee.Rules(board="square", size=4).start(), "perfect", task="t", hint="h")
    assert time.perf_counter() - begin < 60  # bounded (a few seconds), not a search for minutes


def test_a_perfect_puzzle_on_a_game_with_draws_is_refused_in_words() -> None:
    from outside_game import Lines

    with pytest.raises(ValueError, match="end with one winner.*'win' or 'safe'"):
        puzzles.puzzle(Lines(shape="square", size=3, line=3).start(), "perfect", task="t", hint="h")


def test_a_perfect_puzzle_that_can_be_answered_answers_at_once() -> None:
    state = coffee.Rules(board="square", size=4, n=3).replay(["a3|", "a4|", "a2\\", "b1-"])
    p = puzzles.puzzle(state, "perfect", task="Black to win.", hint="Three in a row.")
    begin = time.perf_counter()
    answers = p.answers()
    assert answers and time.perf_counter() - begin < 5
    assert all(p.check(m).right for m in answers)


# -- make demo's settings -----------------------------------------------------------------


@pytest.mark.parametrize(
    "environ, words",
    [
        ({"DEMO_CLASS": "coffee:10000"}, "asks for 10000 students, more than the room holds"),
        ({"DEMO_POOL": "10000"}, "DEMO_POOL=10000: give a whole number from 0 to 10"),
        ({"DEMO_MAX": "-1"}, "DEMO_MAX=-1: give a whole number from 1 to 1000"),
        ({"DEMO_MAX": "many"}, "DEMO_MAX='many' is not a whole number"),
        ({"DEMO_CULL": "0"}, "DEMO_CULL=0: give a whole number from 10"),
        ({"DEMO_CULL": "nan"}, "DEMO_CULL='nan' is not a whole number"),
        ({"DEMO_REFILL": "nan"}, "DEMO_REFILL=nan: give seconds from 0 to 3600"),
        ({"DEMO_REFILL": "soon"}, "DEMO_REFILL='soon' is not a number"),
        ({"DEMO_MAX": "1000"}, "about 55 fit"),
        ({"DEMO_CLASS": "coffee:50", "DEMO_MAX": "50"}, "could start 105 kernels"),
    ],
)
def test_make_demo_refuses_settings_that_are_not_numbers_or_do_not_fit(environ, words) -> None:
    with pytest.raises(ValueError, match=words):
        room_settings(environ, APPS, free=8 * GB)


def test_make_demo_takes_settings_that_fit() -> None:
    room = room_settings({"DEMO_CLASS": "coffee:20", "DEMO_MAX": "20"}, APPS, free=8 * GB)
    assert room.room_class == ("coffee.ipynb", 20) and room.room_size == 20 and room.refill == 90


# -- the school hub -----------------------------------------------------------------------

STRONG = "x" * 32


@pytest.mark.parametrize(
    "environ, words",
    [
        ({"HUB_IP": "0.0.0.0"}, "without HUB_PASSWORD anyone could log in"),
        ({"HUB_IP": "10.1.2.3", "HUB_PASSWORD": "short"}, "8 characters or more"),
        ({"HUB_TEACHER": "ms-lee"}, "anyone who types the teacher's name"),
        ({"HUB_TEACHER": "ms-lee", "HUB_PASSWORD": "coffee-and-gipf"}, "HUB_TEACHER_PASSWORD"),
        (
            {
                "HUB_TEACHER": "ms-lee",
                "HUB_PASSWORD": "coffee-and-gipf",
                "HUB_TEACHER_PASSWORD": "short",
            },
            "32 characters or more",
        ),
        ({"HUB_PORT": "eighty"}, "HUB_PORT='eighty' is not a whole number"),
        ({"HUB_PORT": "-1"}, "HUB_PORT=-1: give a whole number from 1 to 65535"),
        ({"HUB_IDLE": "0"}, "HUB_IDLE=0: give a whole number from 60"),
    ],
)
def test_the_hub_refuses_settings_that_would_let_anyone_in(environ, words) -> None:
    with pytest.raises(ValueError, match=words):
        hub_settings(environ, root=True)


def test_a_hub_on_the_network_needs_an_account_per_student() -> None:
    network = {"HUB_IP": "0.0.0.0", "HUB_PASSWORD": "coffee-and-gipf"}
    with pytest.raises(ValueError, match="does not run as root.*hub's own account"):
        hub_settings(network, root=False)
    assert hub_settings(network, root=True).separate_accounts
    teacher = {**network, "HUB_TEACHER": "ms-lee", "HUB_TEACHER_PASSWORD": STRONG}
    assert hub_settings(teacher, root=True).teacher == "ms-lee"


def test_students_get_accounts_of_their_own_names() -> None:
    assert system_name("ada") == "gk-ada"
    assert system_name("a.b") != system_name("a-b")  # two names, two accounts
    assert all(len(system_name(n)) <= 32 for n in ("x" * 200, "Zoë", "ада"))


def test_the_hubs_state_is_its_own(tmp_path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    (state / "jupyterhub_cookie_secret").write_text("secret")
    keep_private(state)
    assert state.stat().st_mode & 0o777 == 0o700
    assert (state / "jupyterhub_cookie_secret").stat().st_mode & 0o777 == 0o600


def test_reachable_names_the_folder_closed_to_others() -> None:
    import shutil
    import tempfile

    top = Path(tempfile.mkdtemp())  # in /tmp, which every account may cross
    try:
        top.chmod(0o755)
        closed = top / "closed"
        inner = closed / "inner"
        inner.mkdir(parents=True)
        assert reachable(inner) is None
        closed.chmod(0o700)
        assert reachable(inner) == closed
    finally:
        shutil.rmtree(top)


# -- a class's game that breaks the contract, or never ends ------------------------------


def _broken(**changes):
    """A copy of the tests' Countdown game with one of its answers broken."""
    import dataclasses

    from design_games import Countdown, Outcome, _State

    import gamekit

    kind = changes.pop("kind")

    @gamekit.register
    @dataclasses.dataclass(frozen=True)
    class Broken(Countdown):
        game = f"broken-{kind}-test"

        def after(self, state, move):
            after = super().after(state, move)
            if after.outcome is None or kind == "moves":
                return after
            if kind == "winners":  # Outcome(me, ...): the tuple's comma forgotten
                won = after.outcome.winners
                return dataclasses.replace(
                    after, outcome=Outcome(won[0] if won else "", "total", "x")
                )
            return dataclasses.replace(after, outcome=Outcome(("a",), "knockout", "x"))

        def moves(self, state):
            if kind == "moves":
                return (str(i) for i in range(self.b))  # a generator, not a list
            return super().moves(state)

    del _State
    return Broken()


@pytest.mark.parametrize(
    "kind, words",
    [
        ("winners", "Outcome.winners must be a tuple of seats.*mind the comma"),
        ("ending", "Outcome.ending is 'knockout', which is not one of the rules' endings"),
        ("moves", "legal_moves\\(\\) must return a list of moves, not generator"),
    ],
)
def test_the_design_lab_checks_a_class_game_as_it_plays(kind, words) -> None:
    from gamekit import design

    with pytest.raises((TypeError, ValueError), match=words):
        design.measure(_broken(kind=kind), games=20, progress=False)


def test_a_game_that_never_ends_is_refused_before_hours_of_play() -> None:
    import dataclasses

    from design_games import Countdown, _State

    import gamekit
    from gamekit import design

    @gamekit.register
    @dataclasses.dataclass(frozen=True)
    class Endless(Countdown):
        game = "endless-test"

        def after(self, state, move):
            return _State(self, self.seats[(len(state.history) + 1) % 2], None, (*state.history, 0))

    begin = time.perf_counter()
    for run in (
        lambda: design.skill_trace(
            Endless(), levels=("random", "beginner"), games=10, progress=False
        ),
        lambda: design.restricted(Endless(), lambda s, ms: ms, games=10, progress=False),
    ):
        with pytest.raises(ValueError, match="no game of endless-test ended within 10,000 plies"):
            run()
    assert time.perf_counter() - begin < 120


# -- puzzles on any game -----------------------------------------------------------------


def test_a_game_whose_name_holds_a_digit_can_have_a_puzzle() -> None:
    import dataclasses

    from outside_game import Lines

    import gamekit

    @gamekit.register
    @dataclasses.dataclass(frozen=True)
    class Connect4(Lines):
        game = "connect4"

    p = puzzles.puzzle(
        Connect4(shape="square", size=3, line=3).start(), "legal", task="t", hint="h"
    )
    assert p.id == "connect4-legal-1"


def test_another_games_goal_is_refused_in_words() -> None:
    from outside_game import Lines

    with pytest.raises(ValueError, match="'block' is a goal of coffee's puzzles"):
        puzzles.puzzle(Lines().start(), "block", task="t", hint="h")


# -- boards -------------------------------------------------------------------------------


def test_the_grid_board_takes_a_move_the_game_accepts_in_capitals() -> None:
    from outside_game import Lines

    from gamekit.widgets.grid import GridBoard

    board = GridBoard(Lines(shape="square", size=3, line=3))
    board.type_move("C3")
    assert board.state.pieces == {"c3": "black"}
    board.type_move("zz9")
    assert "no such cell" in board.message and len(board.state.pieces) == 1


def test_boards_refuse_junk_in_words() -> None:
    from gamekit import gipf
    from gamekit.widgets import CoffeeBoard, GipfBoard, RoasterBoard

    with pytest.raises(ValueError, match="no saved game can be read at 'game.json'"):
        CoffeeBoard(record="game.json")
    with pytest.raises(TypeError, match="width .* must be a whole number, not 'wide'"):
        CoffeeBoard(width="wide")
    with pytest.raises(TypeError, match="GipfBoard plays gipf: rules must be gipf's"):
        GipfBoard(coffee.Rules())
    assert GipfBoard(gipf.Rules(variant="basic")).state is not None
    board = RoasterBoard()
    while board.state.phase != "effects":
        board.type_move(str(board.state.legal_moves()[0]))
    before = board.state
    board.click("instant")
    assert "Click one of the instant effects' slots" in board.message and board.state == before


def test_a_click_message_with_a_huge_number_is_ignored_on_every_board() -> None:
    from gamekit.widgets import CoffeeBoard, GipfBoard, HexTilesBoard, RoasterBoard

    for board in (CoffeeBoard(), GipfBoard(), HexTilesBoard(), RoasterBoard()):
        before = board.state
        board.view._on_custom_msg(board.view, {"type": "click", "x": 10**400, "y": 1}, [])
        assert board.state == before


def test_a_saved_game_opens_from_its_path(tmp_path) -> None:
    from gamekit.widgets import CoffeeBoard

    path = tmp_path / "game.json"
    first = CoffeeBoard()
    first.type_move("e5|")
    first.record.save(path)
    assert len(CoffeeBoard(record=str(path)).record.moves) == 1


# -- the guided first games count the learner's own moves only ---------------------------


@pytest.mark.parametrize(
    "game",
    [g for g in GAMES if facts(g).guide is not None and len(guide.first_rules(g).seats) > 1],
)
def test_objectives_do_not_tick_for_moves_the_computer_makes_in_the_learners_seat(game) -> None:
    from gamekit import guide

    board = guide.first_game(game)
    board.computer_plays = tuple(board.rules.seats)  # the learner hands their seat over
    assert len(board.record.moves) > 3
    assert board.guide.reached == []


def test_keeping_the_computers_gipf_piece_is_not_keeping_ones_own() -> None:
    from types import SimpleNamespace

    from gamekit import gipf, guide
    from gamekit.guide import Step

    keep = puzzles.get("gipf-keep-1").start()
    seat = keep.to_move
    other = "black" if seat == "white" else "white"
    theirs = keep.gipf_pieces(other)[0]
    fake = SimpleNamespace(kept=(theirs,))  # a removal that keeps only their GIPF piece
    step = Step(keep, fake, keep, seat, [keep, keep], 0)
    keep_gipf = next(o for o in guide.objectives("gipf") if o.id == "keep-gipf")
    assert not keep_gipf.reached(step)
    mine = gipf.Move.parse("xe2-e5 keep e5")
    assert keep_gipf.reached(Step(keep, mine, keep.play(mine), seat, [keep, keep.play(mine)], 0))


# -- a very long GIPF record --------------------------------------------------------------


def test_a_long_cycling_record_loads_checked_and_a_late_bad_move_is_still_caught() -> None:
    import json
    import sys

    from gamekit import gipf
    from gamekit.errors import InvalidRecordError
    from gamekit.records import Record

    sys.path.insert(0, str(ROOT / "benchmarks"))
    from run import GIPF_CYCLE

    moves = (GIPF_CYCLE * 3000)[:30_000]
    record = Record.from_json(json.dumps(Record(gipf.Rules(variant="basic"), moves).to_dict()))
    short = len(GIPF_CYCLE) * 2
    assert record.final() == Record(gipf.Rules(variant="basic"), moves[: 30_000 - short]).final()
    bad = [*moves[:29_990], "a1-b2", "a1-b2", "zz"]
    with pytest.raises(InvalidRecordError, match="move 2999[1-3] of the record"):
        Record.from_json(json.dumps({**record.to_dict(), "moves": bad}))
