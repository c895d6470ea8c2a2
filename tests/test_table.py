"""Boards at a class table (gamekit.widgets.table): classmates play one game from their own
boards through the class store; a move shows only once stored, the others' moves arrive as
a computer's do (log line, message for a screen reader, last-move mark), and nobody moves
for anybody else."""

from __future__ import annotations

import numpy as np
import pytest
from outside_game import Lines

from gamekit.store import ClassStore, StoreError
from gamekit.widgets import CoffeeBoard, GridBoard, HexTilesBoard
from gamekit.widgets.table import sit_at

SMALL = {"board": "square", "size": 4, "n": 3}


@pytest.fixture
def store(tmp_path) -> ClassStore:
    made = ClassStore(folder=tmp_path, seed=5)
    yield made
    made.close()


def seated(store: ClassStore, game: str = "coffee", options=SMALL, players: int = 2):
    code = store.new_class("7B")
    people = [store.join(code, n) for n in ("Ada", "Bo", "Cy", "Di")[:players]]
    table = store.open_table(people[0], game, options)
    boards = [sit_at(store, p, table.code) for p in people]
    return code, people, table, boards


def whose(boards, state):
    """The board of the player to move."""
    return next(b for b in boards if b.table.mine(state.to_move, state))


def test_two_classmates_play_a_whole_coffee_game_from_two_boards(store) -> None:
    code, (ada, bo), table, (mine, theirs) = seated(store)
    assert isinstance(mine, CoffeeBoard) and mine.table.seat == 0 and theirs.table.seat == 1
    rng = np.random.default_rng(4)
    while mine.state.outcome is None:
        board = whose((mine, theirs), mine.state)
        legal = board.state.legal_moves()
        board.type_move(str(legal[rng.integers(len(legal))]))
        assert board._ok, board.message
        other = theirs if board is mine else mine
        assert other.table.poll() == 1
        assert other.state == board.state
        # the classmate's move arrives as a computer's would: its words in the message line
        # (the page's live region says it), the last-move mark, the log in their name
        assert other.message == other.move_log[-1].words
        assert other.last_computer_moves()[-1][1] == board.record.moves[-1]
    assert (
        mine.record.moves
        == theirs.record.moves
        == tuple(m.move for m in store.moves(code, table.code))
    )
    winners = mine.state.outcome.winners
    text, tone = (mine if mine.table.mine(winners[0]) else theirs).banner_text()
    assert text.startswith("You won") and tone == "win"
    text, tone = (theirs if mine.table.mine(winners[0]) else mine).banner_text()
    assert text.startswith(("Ada won", "Bo won")) and tone == "loss"


def test_a_board_never_moves_for_the_other_seat(store) -> None:
    code, (ada, bo), table, (mine, theirs) = seated(store)
    assert theirs.turn_text() == "It is Ada's turn: wait for their move."
    theirs.type_move("b2|")
    assert not theirs._ok and theirs.message == "It is Ada's turn: wait for their move."
    theirs.click("b2")
    assert theirs.record.moves == () and store.moves(code, table.code) == []
    assert mine.turn_text() == "Waiting for a classmate to sit down at table " + table.code + "."
    mine.table.poll()  # a board asks the store four times a second: Bo has sat down
    assert mine.turn_text() == "Your turn (Black)"


def test_a_second_tab_of_the_same_student_sees_the_move_first_then_waits(store) -> None:
    code, (ada, bo), table, (mine, theirs) = seated(store)
    again = sit_at(store, ada, table.code)  # Ada's other tab
    mine.type_move("b2|")
    again.type_move("c3|")  # stale: it reads the table first, then it is Bo's turn
    assert again.record.moves == ("b2|",)
    assert again.message == "It is Bo's turn: wait for their move."
    assert [m.move for m in store.moves(code, table.code)] == ["b2|"]


def test_a_refused_move_changes_nothing_and_says_the_rules_words(store) -> None:
    code, (ada, bo), table, (mine, theirs) = seated(store)
    mine.type_move("b2|")
    theirs.table.poll()
    theirs.type_move("b2|")
    assert not theirs._ok and "is not allowed" in theirs.message
    assert theirs.record.moves == ("b2|",) and len(store.moves(code, table.code)) == 1


def test_a_reloaded_board_sits_down_again_where_the_game_stood(store) -> None:
    code, (ada, bo), table, (mine, theirs) = seated(store)
    mine.type_move("b2|")
    theirs.table.poll()
    theirs.table.stop()  # Bo closes the tab
    assert "they have left the table" in (mine.table.poll() or mine.turn_text())
    back = store.back(code, "bo")
    reloaded = sit_at(store, back, table.code)
    assert reloaded.state == mine.state and reloaded.table.seat == 1
    assert reloaded.move_log[-1].words.startswith("Ada ")
    assert reloaded.turn_text() == "Your turn (Orange)"
    mine.table.poll()
    assert mine.turn_text() == "It is Bo's turn: wait for their move."


def test_a_third_student_is_refused_a_seat_in_words(store) -> None:
    code, (ada, bo), table, boards = seated(store)
    cy = store.join(code, "Cy")
    with pytest.raises(StoreError, match="is full: its 2 seats are taken"):
        sit_at(store, cy, table.code)
    with pytest.raises(TypeError, match="takes no opponent"):
        sit_at(store, ada, table.code, opponent="club")


def test_undo_at_a_table_asks_the_classmate_who_accepts_or_refuses(store) -> None:
    from gamekit.widgets.classmate import ClassmatePanel

    code = store.new_class("7B")
    mine, theirs = CoffeeBoard(), CoffeeBoard()
    ada, bo = ClassmatePanel(mine, store), ClassmatePanel(theirs, store)
    ada.join(code, "Ada")
    ada.open_table()
    bo.join(code, "Bo")
    bo.sit(ada.seated_code)
    mine.undo()
    assert not mine._ok and "you have made no move at this table yet" in mine.message.lower()
    mine.type_move("e5|")
    theirs.table.poll()
    mine.undo()
    assert mine._ok and mine.message == (
        "You asked Bo to take back your last move (1 move): waiting for an answer."
    )
    assert mine.record.moves == ("e5|",)  # nothing taken back until Bo answers
    theirs.table.poll()
    assert "Ada asks to take back their last move" in theirs.message
    assert bo.undo_row.layout.display is None  # Accept and Refuse show
    bo.refuse_button.click()
    assert theirs.message == "You refused: the moves stay." and bo.undo_row.layout.display == "none"
    mine.table.poll()
    assert "refused" in mine.message and mine.record.moves == ("e5|",)
    mine.undo()
    theirs.table.poll()
    bo.accept_button.click()
    assert theirs.record.moves == () and theirs.message.startswith("1 move taken back.")
    mine.table.poll()
    assert mine.record.moves == () and mine.turn_text() == "Your turn (Black)"
    mine.type_move("d4|")  # the game goes on from there, for both
    theirs.table.poll()
    assert (
        theirs.record.moves == ("d4|",) == tuple(m.move for m in store.moves(code, ada.seated_code))
    )
    mine.redo()
    assert "a move taken back is gone" in mine.message


def test_hex_tiles_is_played_at_a_table_of_three(store) -> None:
    code, people, table, boards = seated(store, "hextiles", {"players": 3, "seed": 4}, 3)
    assert all(isinstance(b, HexTilesBoard) for b in boards)
    for _ in range(6):
        board = whose(boards, boards[0].state)
        board.type_move(str(board.state.legal_moves()[0]))
        assert board._ok, board.message
        for other in boards:
            other.table.poll()
        assert len({b.state for b in boards}) == 1


def test_a_game_written_outside_the_kit_is_played_at_a_table(store) -> None:
    code, (ada, bo), table, (mine, theirs) = seated(store, "lines-test", {"size": 3})
    assert isinstance(mine, GridBoard) and isinstance(Lines(), type(mine.rules))
    mine.click("a1")
    theirs.table.poll()
    theirs.click("b1")
    mine.table.poll()
    assert mine.state.pieces == {"a1": "black", "b1": "white"}
    assert mine.move_log[-1].words.startswith("Bo ")


# -- "Play a classmate" on every board ----------------------------------------------------


def test_every_free_board_of_a_game_for_two_or_more_offers_a_classmate() -> None:
    from suite import GAMES, example_rules

    from gamekit import puzzles
    from gamekit.widgets import board_for

    for game in GAMES:
        board = board_for(example_rules(game, "board"))
        has = board.classmate is not None
        assert has == (len(board.rules.seats) > 1), game
    assert puzzles.get("coffee-win-1").board().classmate is None


def test_two_classmates_find_each_other_through_the_panel_and_play(store) -> None:
    from gamekit.widgets.classmate import ClassmatePanel

    code = store.new_class("7B")
    ada_board, bo_board = CoffeeBoard(), CoffeeBoard()
    ada, bo = ClassmatePanel(ada_board, store), ClassmatePanel(bo_board, store)
    bo._act(bo.open_table)
    assert "join your class first" in bo.status.value.lower()
    ada.class_box.value, ada.nick_box.value = code.lower(), "Ada"
    ada.join_button.click()
    assert "You are Ada in class" in ada.status.value
    ada.open_button.click()
    table = ada.seated_code
    assert table in ada.big_code.value and "Tell your classmate this code" in ada.big_code.value
    bo.class_box.value, bo.nick_box.value = code, "ada"
    bo.join_button.click()
    assert "is taken" in bo.status.value and bo.student is None
    bo.nick_box.value = "Bo"
    bo.join_button.click()
    assert [v for _, v in bo.tables.options] == [table]
    assert "Ada waiting, 1 free seat" in bo.tables.options[0][0]
    bo.tables.value = table
    bo.sit_button.click()
    assert bo_board.table.seat == 1 and "Orange" in bo.status.value
    ada_board.type_move("c3|")
    bo_board.table.poll()
    assert bo_board.record.moves == ("c3|",) and bo_board.rules == ada_board.rules
    # Bo reloads the page: a new board, the same nickname and the table's code
    again = CoffeeBoard()
    panel = ClassmatePanel(again, store)
    panel.class_box.value, panel.nick_box.value, panel.code_box.value = code, "bo", table
    panel.join_button.click()
    assert again.table is not None and again.table.seat == 1
    assert again.record.moves == ("c3|",) and again.turn_text() == "Your turn (Orange)"
    # the wrong code is refused in words, the board untouched
    other = ClassmatePanel(CoffeeBoard(), store)
    other.class_box.value, other.nick_box.value = "NOSUCH", "Cy"
    other.join_button.click()
    assert "No class has the code" in other.status.value and other.board.table is None


def test_at_a_table_no_computer_and_no_new_game_and_leaving_gives_the_board_back(store) -> None:
    from gamekit.widgets.classmate import ClassmatePanel

    code = store.new_class("7B")
    board = CoffeeBoard(opponent="club")
    panel = ClassmatePanel(board, store)
    panel.join(code, "Ada")
    panel.open_table()
    assert board.opponent is None and board.table is not None
    with pytest.raises(ValueError, match="your classmate plays the other seat"):
        board.opponent = "club"
    board.play_against.value = "computer"  # the page's toggle: refused in words
    assert board.opponent is None and board.play_against.value == "friend"
    assert "your classmate plays the other seat" in board.message
    board.new_button.click()
    assert "the game there goes on" in board.message and board.table is not None
    with pytest.raises(ValueError, match="the game there goes on"):
        board.new_game()
    table = board.table.code
    panel.leave_button.click()
    assert board.table is None and "You left table" in panel.status.value
    assert store.table(code, table).present == (False, False)
    board.opponent = "random"  # the board is the student's own again
    panel.code_box.value = table
    panel.sit_button.click()
    assert board.table is not None and board.table.code == table and board.opponent is None


def test_the_board_says_who_sat_down_left_and_came_back(store) -> None:
    code = store.new_class("7B")
    ada, bo = store.join(code, "Ada"), store.join(code, "Bo")
    table = store.open_table(ada, "coffee", SMALL)
    mine = sit_at(store, ada, table.code)
    theirs = sit_at(store, bo, table.code)
    mine.table.poll()
    assert mine.message == f"Bo sat down at table {table.code}."
    theirs.table.stop()
    mine.table.poll()
    assert mine.message == "Bo has left the table."
    sit_at(store, bo, table.code)
    mine.table.poll()
    assert mine.message == "Bo is back at the table."


def test_a_finished_or_abandoned_table_is_closed_from_the_panel(store, tmp_path) -> None:
    from datetime import UTC, datetime, timedelta

    from sqlalchemy import update

    from gamekit.store.schema import game_tables
    from gamekit.widgets.classmate import ClassmatePanel

    code = store.new_class("7B")
    board, other = CoffeeBoard(), CoffeeBoard()
    ada, bo = ClassmatePanel(board, store), ClassmatePanel(other, store)
    ada.join(code, "Ada")
    ada.open_table()
    bo.join(code, "Bo")
    bo.sit(ada.seated_code)
    board.type_move("e5|")
    bo.close_button.click()
    assert "still going on" in bo.status.value and other.table is not None
    with store.engine.begin() as db:
        db.execute(update(game_tables).values(touched=datetime.now(UTC) - timedelta(minutes=11)))
    other.table.poll()
    assert other.turn_text() == "Your turn (Orange)"  # Bo may still move, or close
    board.table.poll()
    assert board.turn_text().startswith("Nobody has moved at table")
    ada.close_button.click()
    assert board.table is None and "is closed" in ada.status.value
    other.table.poll()
    assert "is closed" in other.message
    assert store.open_tables(code) == []
