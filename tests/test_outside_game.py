"""A game gamekit has never seen, written here against the documented contract only (as a
learner writes one in lesson 17), gets a picture, a board, every computer level, play_many,
records and puzzles: nothing in gamekit names it."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from outside_game import Lines

import gamekit
from gamekit import puzzles, render
from gamekit.players import LEVEL_NAMES, make_player
from gamekit.records import Record
from gamekit.sim import play_many
from gamekit.widgets import GridBoard, board_for

# -- what it gets ------------------------------------------------------------------------------


def test_it_is_registered_and_keeps_the_contract() -> None:
    assert gamekit.rules_class("lines-test") is Lines
    assert gamekit.game.facts("lines-test").title == "lines-test"
    state = Lines().start()
    assert isinstance(state, gamekit.game.State) and isinstance(Lines(), gamekit.game.Rules)


def test_it_gets_a_picture() -> None:
    state = Lines().replay(["a1", "b2", "a2"])
    png = render.png(state)
    assert png.startswith(b"\x89PNG") and state._repr_png_() == png
    figure = render.show(state, legal=True)
    assert figure.get_size_inches().tolist() == [6.0, 6.0]
    # its pieces in two colours, the last move ringed
    from gamekit.render.grid import PALETTE, SEAT_COLOURS, styles

    look = styles(state)  # the state's last_move
    grid = state.rules.grid
    assert look["pieces"].face[grid.index("a1")] == SEAT_COLOURS[0]
    assert look["pieces"].face[grid.index("b2")] == SEAT_COLOURS[1]
    assert look["cells"].edge[grid.index("a2")] == PALETTE["last"]


def test_a_game_with_neither_picture_nor_grid_is_told_what_it_lacks() -> None:
    @gamekit.register
    @dataclass(frozen=True)
    class Gridless(Lines):
        game = "lines-test-gridless"

        @property
        def grid(self):
            return None

    with pytest.raises(TypeError, match="has no picture"):
        render.png(Gridless().start())
    with pytest.raises(TypeError, match="has no board.*no grid"):
        board_for(Gridless())


def test_it_plays_on_a_board_by_clicks_with_refusals_in_the_rules_words() -> None:
    board = board_for(Lines())
    assert isinstance(board, GridBoard)
    board.click("a1")
    assert board.state.pieces == {"a1": "black"}
    board.click("a1")
    assert board.message == "a1 is not allowed: a1 already holds a black stone"
    assert len(board.move_log) == 1 and board.attempt == "a1"
    board.type_move("z9")
    assert "no such cell" in board.message
    for cell in ("b1", "a2", "b2", "a3"):
        board.click(cell)
    assert board.state.outcome.winners == ("black",)
    assert "Black won" in board.banner.value
    board.undo()
    assert board.state.outcome is None and len(board.move_log) == 4
    assert board.record.moves == ("a1", "b1", "a2", "b2")


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_every_level_plays_it_on_the_board(level) -> None:
    board = board_for(Lines(size=3), opponent=level, seed=1)
    while board.state.outcome is None:
        board.click(board.state.legal_moves()[0])
    assert sum(e.computer for e in board.move_log) >= 1


def test_it_plays_many_games_and_records_replay() -> None:
    rules = Lines(shape="hex", size=3)
    results = play_many(rules, [make_player("random"), make_player("beginner")], 20, seed=3)
    assert results.games == 20
    state = rules.replay(["a1", "c3", "b2"])
    record = Record(rules, ["a1", "c3", "b2"])
    again = Record.from_json(record.to_json())
    assert again.rules == rules and again.final() == state


def test_a_puzzle_on_it_is_graded_by_the_engine_on_its_board() -> None:
    state = Lines().replay(["a1", "b1", "a2", "b2"])
    p = puzzles.puzzle(state, "win", task="Black to play and win.", hint="Finish the column.")
    assert [str(m) for m in p.answers()] == ["a3"]
    assert p.check("a3").right and not p.check("c4").right
    assert "already holds" in p.check("a1").message
    board = p.board()
    assert isinstance(board, GridBoard)
    board.click("c4")
    assert board.grade is not None and not board.grade.right
    board.try_again()
    board.click("a3")
    assert board.grade.right
    with pytest.raises(ValueError, match="set up rather than played"):
        board.record  # noqa: B018
    played = puzzles.puzzle(state, "safe", task="Stop White.", hint="b3.",
                            moves=["a1", "b1", "a2", "b2"])  # fmt: skip
    assert played.board().record.moves == ("a1", "b1", "a2", "b2")
