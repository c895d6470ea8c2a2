"""Tests of gamekit.gipf.board without a browser: every control of the clickable GIPF
board, browser clicks as the front end sends them, and whole games played by clicks
(ipywidgets 8 runs its callbacks without a front end)."""

from __future__ import annotations

import random
import re

import pytest

from gamekit import gipf
from gamekit.gipf.board import _template
from gamekit.gipf.picture import _PUSH_INDEX, PALETTE
from gamekit.players import LEVEL_NAMES, Player, SimplePlayer
from gamekit.records import Record
from gamekit.render.board import HIDDEN
from gamekit.widgets import GipfBoard
from gamekit.widgets.view import svg_point

# Case 8 of docs/rules/gipf.md: White's own GIPF piece pushed into White's row e2-e5.
CASE_8 = ["e1-e2", "b6-b5", "e1-e2", "c7-c6", "e1-e2"]
# Case 1: the b-line full after these two pushes (basic game).
CASE_1 = ["b1-b2", "b6-b5"]
# Whole games by clicks: (variant, seed).
GAMES = [("basic", 1), ("standard", 2), ("standard", 3), ("tournament", 4), ("tournament", 5)]
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
INDEX = gipf.GRID.index


@pytest.fixture(autouse=True)
def no_swallowed_errors(caplog):
    """ipywidgets only logs an exception raised in a callback: such a log fails the test."""
    yield
    records = caplog.get_records("setup") + caplog.get_records("call")
    errors = [r.getMessage() for r in records if "Exception in callback" in r.getMessage()]
    assert not errors, errors[0]


def board_after(moves, variant="standard", **options) -> GipfBoard:
    board = GipfBoard(gipf.Rules(variant=variant), **options)
    board.play_moves(moves)
    assert board._ok, board.message
    return board


def browser_click(board: GipfBoard, point: str, dx: float = 0.0, dy: float = 0.0) -> None:
    """A click as the front end sends it: a custom message with the SVG point."""
    _, transform = _template()
    x, y = gipf.GRID.centres[INDEX(point)]
    sx, sy = svg_point(transform, x + dx, y + dy)
    msg = {
        "content": {"data": {"method": "custom", "content": {"type": "click", "x": sx, "y": sy}}}
    }
    board.view.comm.handle_msg({**msg, "buffers": []})


def shown(layer: dict, key: str = "face") -> set[int]:
    return {i for i, colour in enumerate(layer[key]) if colour != HIDDEN}


def click_move(board: GipfBoard, move: gipf.Move, rng: random.Random, browser: bool) -> None:
    """Make ``move`` with clicks, the way a learner would."""
    click = (
        (lambda p: browser_click(board, p, *(rng.uniform(-0.3, 0.3) for _ in "xy")))
        if (browser)
        else board.click
    )
    state = board.state
    if isinstance(move, gipf.Push):
        if not board.gipf_toggle.disabled:
            board.gipf_toggle.value = move.gipf
        click(move.dot)
        assert board.state == state and board.dot == move.dot, board.message
        line = gipf._tables().entries[(INDEX(move.dot), INDEX(move.entry))]
        click(gipf.GRID.label(rng.choice(line)))  # the entry, or further along the line
        return
    others = set()
    for row in state.rows():
        if row.segment != move.segment:
            others |= set(row.segment)
    click(next(s for s in move.segment if s not in others))
    if board.state == state:
        assert board.segment == move.segment
        for spot in board._gipfs():
            if (spot in move.kept) != (spot in board.keep):
                click(spot)
        board.remove_button.click()
        if board.confirming is not None:  # taking your last GIPF piece: say yes
            board.confirm_button.click()


# ---------------------------------------------------------------------------------------
# Pushing
# ---------------------------------------------------------------------------------------


def test_a_dot_then_its_entry_spot_pushes_a_piece():
    board = GipfBoard(gipf.Rules(variant="basic"))
    board.click("a2")
    assert board.dot == "a2" and board.message.startswith("Piece on a2: now click")
    assert PALETTE["chosen"] in board.view.styles["points"]["face"]
    arrows = shown(board.view.styles["arrows"])
    assert arrows == {_PUSH_INDEX[("a2", "b2")], _PUSH_INDEX[("a2", "b3")]}
    board.click("b3")
    assert board.record.moves == ("a2-b3",) and board.dot is None
    assert board.message == "White pushed a piece in from the dot a2 onto b3."


def test_a_corner_dot_waits_for_its_entry_spot_like_every_other_dot():
    board = GipfBoard(gipf.Rules(variant="basic"))
    board.click("e1")
    assert board.record.moves == () and board.dot == "e1"
    assert (
        board.message == "Piece on e1: now click where it enters, e2 (a corner dot has one way in)."
    )
    assert shown(board.view.styles["arrows"]) == {_PUSH_INDEX[("e1", "e2")]}
    board.click("e2")
    assert board.record.moves == ("e1-e2",) and board._ok


def test_a_spot_further_along_the_line_also_pushes():
    board = GipfBoard()
    board.click("a2")
    board.click("e2")  # a2 b2 c2 d2 e2: the line entering at b2
    assert board.record.moves == ("a2-b2",)


def test_clicking_the_chosen_dot_again_clears_it():
    board = GipfBoard()
    board.click("a2")
    board.click("a2")
    assert board.dot is None and board.message.startswith("Choice cleared")


def test_a_spot_without_a_dot_explains():
    board = GipfBoard()
    board.click("e5")
    assert not board._ok and "Click a dot first" in board.message
    board.click("z9")
    assert board.message == "The GIPF board has no point z9."


def test_a_push_into_a_full_line_is_refused_with_the_rule_and_a_cross():
    board = board_after(CASE_1, "basic")
    state = board.state
    board.click("b1")
    board.click("b2")
    assert board.state == state and not board._ok
    assert "the line from b2 to b5 is full" in board.message
    assert shown(board.view.styles["flags"]) == {INDEX("b2")}
    assert board.dot == "b1"  # still chosen: try another entry
    board.click("c2")
    assert board.record.moves[-1] == "b1-c2"
    assert shown(board.view.styles["flags"]) == set()


def test_a_spot_not_on_a_line_from_the_chosen_dot_is_refused():
    board = GipfBoard()
    board.click("a2")
    board.click("f5")
    assert "f5 is not along a line from the dot a2" in board.message


# ---------------------------------------------------------------------------------------
# Removing rows
# ---------------------------------------------------------------------------------------


def test_rows_light_up_and_a_gipf_piece_can_be_kept():
    board = board_after(CASE_8)
    assert board.state.phase == "remove"
    tint = board.view.styles["tint"]["face"]
    assert {i for i, c in enumerate(tint) if c != HIDDEN} == set(
        map(INDEX, ["e2", "e3", "e4", "e5"])
    )
    board.click("e3")
    assert board.segment == ("e2", "e3", "e4", "e5")
    assert [b.description for b in board.keep_box.children] == ["Keep your GIPF piece on e5"]
    assert board.keep == {"e5"} and board.keep_box.children[0].value  # kept unless told
    assert board.view.styles["crowns"]["edge"][INDEX("e5")] == PALETTE["keep"]
    board.click("e5")  # a click on the piece: take it after all
    assert board.keep == set() and not board.keep_box.children[0].value
    board.click("e5")
    assert board.keep == {"e5"}
    board.remove_button.click()
    assert board.record.moves[-1] == "xe2-e5 keep e5"
    assert board.state.reserve("white") == 12 and board.state.phase == "push"


def test_the_keep_check_box_works_like_a_click_on_the_piece():
    board = board_after(CASE_8)
    board.click("e2")
    board.keep_box.children[0].value = False
    assert board.keep == set()
    board.remove()
    assert board.record.moves[-1] == "xe2-e5"


def test_a_row_without_gipf_pieces_goes_on_one_click():
    board = GipfBoard(gipf.Rules(variant="basic"))
    board.play_moves(["e1-e2", "a5-b5", "e1-e2", "i5-h5", "e1-e2"])
    assert board.state.phase == "remove"
    board.click("e4")
    assert board.record.moves[-1] == "xe2-e5" and board.state.phase == "push"


def test_a_spot_outside_the_rows_or_at_a_crossing_explains():
    board = board_after(CASE_8)
    board.click("a1")
    assert "not in a row White may take now" in board.message and "e2 to e5" in board.message
    crossing = GipfBoard(record=Record(gipf.Rules(), []))
    crossing._states = [
        gipf.Rules()
        .setup(
            {
                "e2": "W",
                "e3": "W",
                "e4": "WG",
                "f5": "W",
                "g5": "W",
                "h5": "W",
                "b5": "WG",
                "b2": "BG",
                "e8": "BG",
                "h2": "BG",
            }
        )
        .play("e1-e2")
    ]
    crossing.click("e5")
    assert "two rows cross" in crossing.message
    crossing.click("g5")
    assert crossing.segment == ("e5", "f5", "g5", "h5")


def test_remove_without_a_chosen_row_explains():
    board = board_after(CASE_8)
    board.remove()
    assert board.message == "First click a spot of a lit row to choose it."
    board.click("e1")
    assert "no one pushes until the rows are removed" not in board.message


# ---------------------------------------------------------------------------------------
# The tournament game
# ---------------------------------------------------------------------------------------


def test_in_the_tournament_the_first_push_is_a_gipf_piece_and_then_the_toggle_decides():
    board = GipfBoard(gipf.Rules(variant="tournament"))
    assert board.gipf_toggle.layout.display is None and board.gipf_toggle.value
    board.click("e1"), board.click("e2")
    assert board.record.moves == ("Ge1-e2",)
    board.click("e9"), board.click("e8")
    assert board.record.moves[-1] == "Ge9-e8"
    board.click("a1"), board.click("b2")  # a single: the toggle is off
    assert board.record.moves[-1] == "a1-b2"
    assert board.state.to_move == "black"
    board.gipf_toggle.value = True
    board.click("i5"), board.click("h5")
    assert board.record.moves[-1] == "Gi5-h5"
    assert board.gipf_toggle.disabled  # White placed a single: no more GIPF pieces
    board.click("a5"), board.click("b5")  # White placed a single, so the toggle is off
    assert board.record.moves[-1] == "a5-b5"


def test_the_gipf_toggle_is_hidden_outside_the_tournament_game():
    assert GipfBoard().gipf_toggle.layout.display == "none"


# ---------------------------------------------------------------------------------------
# Typing, undo, hints, new games, the computer
# ---------------------------------------------------------------------------------------


def test_typed_moves_play_and_bad_ones_explain():
    board = GipfBoard()
    board.type_move("e1-e4")
    assert "does not describe this push" in board.message and not board.record.moves
    board.type_move("e1-e3")
    assert board.record.moves == ("e1-e2",)
    board.type_move("e1-e2?")
    assert "is not a GIPF move" in board.message
    board.type_move("Ge9-e8")
    assert "only in the tournament game" in board.message
    assert shown(board.view.styles["flags"]) == {INDEX("e8")}


def test_a_whole_ply_can_be_typed():
    board = board_after(CASE_8[:-1])
    board.type_move("e1-e2 xe2-e5 keep e5")
    assert board.record.moves[-2:] == ("e1-e2", "xe2-e5 keep e5")


def test_the_move_box_plays_on_enter_and_keeps_a_refused_move():
    board = GipfBoard()
    board.move_box.value = "e1-e2"
    assert board.record.moves == ("e1-e2",) and board.move_box.value == ""
    board.move_box.value = "e2-e3"
    assert board.move_box.value == "e2-e3" and "not a dot" in board.message


def test_undo_and_redo():
    board = board_after(CASE_8 + ["xe2-e5"])
    final = board.state
    board.undo_button.click()
    assert board.state.phase == "remove"
    assert (
        board.message
        == "Took back 1 move: White took its row of four from e2 to e5 and took back its own GIPF piece on e5."
    )
    while not board.undo_button.disabled:
        board.undo()
    assert board.state == gipf.Rules().start()
    board.undo()
    assert board.message == "Nothing to undo."
    while not board.redo_button.disabled:
        board.redo_button.click()
    assert board.state == final


def test_hints_show_every_legal_push_as_an_arrow():
    board = GipfBoard(hints=True)
    assert len(shown(board.view.styles["arrows"])) == 42
    board.hints = False
    assert shown(board.view.styles["arrows"]) == set()


def test_a_new_game_of_another_variant():
    board = board_after(["e1-e2"])
    board.new_game(variant="tournament")
    assert board.rules.variant == "tournament" and board.record.moves == ()
    assert board.variant_choice.value == "tournament"
    board.variant_choice.value = "basic"
    assert board.rules.variant == "tournament"  # the variant waits for New game
    board.new_button.click()
    assert board.rules.variant == "basic"


def test_the_computer_answers_and_undo_goes_back_to_your_own_move():
    board = GipfBoard(opponent=LEVEL_NAMES[0])
    board.click("e1"), board.click("e2")
    assert len(board.record.moves) == 2 and board.state.to_move == "white"
    board.undo()
    assert board.record.moves == ()
    with pytest.raises(ValueError, match="computer must be"):
        GipfBoard(computer="red")  # the old keyword
    with pytest.raises(ValueError, match="computer_plays must be"):
        GipfBoard(opponent=LEVEL_NAMES[0], computer_plays="red")


def test_undo_against_a_computer_playing_white_goes_back_to_your_own_push():
    board = GipfBoard(opponent=LEVEL_NAMES[0], computer_plays="white")
    board.play_moves(["b6-b5"])
    before = board.record.moves
    board.type_move("c7-c6")
    assert len(board.record.moves) > len(before) + 1  # the computer answered
    board.undo()
    assert board.record.moves == before


def test_the_simple_computer_player_beats_random_play_most_of_the_time():
    wins = 0
    for seed in range(6):
        rng = random.Random(seed)
        player = SimplePlayer(seed=seed)
        state = gipf.Rules(variant="basic").start()
        while state.outcome is None:
            if state.to_move == "white":
                state = state.play(player.choose(state))
            else:
                state = state.play(rng.choice(state.legal_moves()))
        wins += state.outcome.winners == ("white",)
    assert wins >= 5


def test_a_computer_playing_white_makes_the_first_push():
    board = GipfBoard(opponent=LEVEL_NAMES[0], computer_plays="white")
    assert len(board.record.moves) == 1
    board.new_game()
    assert len(board.record.moves) == 1 and board.state.to_move == "black"


def test_the_computer_menus_take_effect_at_once_in_the_game_being_played():
    board = GipfBoard()
    assert board.opponent is None and board.opponent_choice.value == "nobody"
    board.seats_choice.value = ("white",)
    board.opponent_choice.value = LEVEL_NAMES[-2]
    assert board.opponent == LEVEL_NAMES[-2] and board.computer_plays == ("white",)
    assert len(board.record.moves) == 1  # the computer, White, pushed at once
    assert board.move_log[0].computer and board.move_log[0].words.startswith("The computer")
    board.opponent_choice.value = "nobody"
    board.type_move("b6-b5")
    assert board.opponent is None and len(board.record.moves) == 2  # nobody answers
    board.opponent_choice.value = LEVEL_NAMES[0]  # White to push: the computer's seat
    assert len(board.record.moves) == 3 and board.move_log[-1].computer
    board.seats_choice.value = ("black",)  # Black to push: the computer changes sides
    assert len(board.record.moves) == 4 and board.move_log[-1].computer
    assert board.state.to_move == "white" and board.turn_text() == "Your turn (White)"


# ---------------------------------------------------------------------------------------
# Whole games by clicks, display
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("variant, seed", GAMES)
def test_a_whole_game_by_clicks_is_the_game_its_record_replays(variant, seed):
    rules = gipf.Rules(variant=variant)
    board = GipfBoard(rules)
    rng = random.Random(seed)
    moves = 0
    while board.state.outcome is None and moves < 600:
        state = board.state
        move = rng.choice(state.legal_moves())
        click_move(board, move, rng, browser=moves % 2 == 1)
        assert board.state == state.play(move), (move, board.message)
        moves += 1
    assert board.state.outcome is not None
    assert Record(rules, board.record.moves).final() == board.state
    assert repr(board).endswith(f"{board.state.outcome.winner} won>")
    board.click("e1")
    assert board.message.startswith("The game is over")
    assert board.banner.layout.display is None and "won" in board.banner.value


def test_a_saved_game_continues_where_it_stopped():
    record = Record(gipf.Rules(), CASE_8)
    board = GipfBoard(record=record)
    assert board.state == record.final() and board.state.phase == "remove"
    with pytest.raises(ValueError, match="either rules or a record"):
        GipfBoard(gipf.Rules(variant="basic"), record=record)


def test_repr_is_short_stable_and_the_notebook_shows_the_widget():
    board = GipfBoard()
    assert repr(board) == "<GipfBoard standard: 0 moves, white to push>"
    board.play_moves(CASE_8)
    assert repr(board) == "<GipfBoard standard: 5 moves, white to remove>"
    assert not re.search(r"0x[0-9a-f]+", repr(board))
    bundle, alt = board._repr_mimebundle_()
    assert bundle["text/plain"] == repr(board)
    assert bundle[WIDGET_MIME]["model_id"] == board.widget.model_id


def test_a_dot_with_no_possible_push_says_why():
    # Tournament, White may place GIPF pieces but has one piece left in reserve.
    state = gipf.Rules(variant="tournament").setup(
        {"e2": "WG", "e8": "BG"}, captured=(15, 0), may_place_gipf=("white", "black")
    )
    board = GipfBoard(gipf.Rules(variant="tournament"))
    board._states = [state]
    board.gipf_toggle.value = True
    board.click("a2")
    assert "takes two pieces from the reserve" in board.message and board.dot is None
    assert shown(board.view.styles["flags"]) == {INDEX("a2")}


# ---------------------------------------------------------------------------------------
# Plain words, the removal trap, the computer's turn followed (issue #14)
# ---------------------------------------------------------------------------------------

# Notation a newcomer does not read: a removal (xe2-e5), a push (e1-e2, Ge1-e2), "keep e5".
NOTATION = re.compile(r"\bx[a-i][0-9]|\b[a-i][0-9]-[a-i][0-9]|\bG[a-i][0-9]|\bkeep [a-i][0-9]")
# White's row e2-e5 (after the push e1-e2) runs on into Black's GIPF piece on e6.
TWO_GIPFS = {"e3": "W", "e4": "W", "e5": "WG", "e6": "BG", "b5": "WG", "b2": "BG", "h2": "BG"}
# The same, but e5 is White's only GIPF piece: taking it loses the game.
LAST_GIPF = {"e3": "W", "e4": "W", "e5": "WG", "e6": "BG", "b2": "BG", "h2": "BG"}


class Scripted(Player):
    """A computer that plays the moves it is given, in order."""

    def __init__(self, moves) -> None:
        super().__init__(seed=0)
        self.moves = list(moves)

    def choose(self, state):
        return gipf.Move.parse(self.moves.pop(0))


def board_at(pieces, **options) -> GipfBoard:
    """A board whose game starts from a set-up position (as lessons show them)."""
    board = GipfBoard(**options)
    board._states = [gipf.Rules().setup(pieces)]
    board._refresh()
    return board


def test_every_move_of_a_whole_game_is_logged_in_words_without_notation():
    board = GipfBoard(opponent=LEVEL_NAMES[0], computer_plays=("white", "black"), seed=1)
    log = board.move_log
    assert board.state.outcome is not None and len(log) == len(board.record.moves) > 20
    assert any("took its row" in e.words and "lost 1 piece" in e.words for e in log)
    for entry in log:
        assert entry.computer and entry.words and not NOTATION.search(entry.words), entry
        assert entry.notation == board.record.moves[entry.number - 1]


def test_a_push_says_where_the_piece_went_what_it_moved_and_the_row_it_made():
    board = board_after(CASE_8[:-1])
    board.click("e1"), board.click("e2")
    assert board.move_log[-1].words == (
        "White pushed a piece in from the dot e1 onto e2, moving 3 pieces one spot along "
        "(up to e5). That makes a row for White (e2 to e5)."
    )
    assert board.instruction() == "choose a lit row to take it off the board"


def test_by_default_your_gipf_pieces_stay_and_your_opponents_are_captured():
    board = board_at(TWO_GIPFS)
    board.click("e1"), board.click("e2")
    board.click("e3")
    assert [(b.description, b.value) for b in board.keep_box.children] == [
        ("Keep your GIPF piece on e5", True),
        ("Capture Black's GIPF piece on e6", True),
    ]
    assert board.keep == {"e5"}
    assert "Your GIPF piece on e5 stays" in board.message
    assert "Black's GIPF piece on e6 is captured" in board.message
    board.remove_button.click()
    assert board.record.moves[-1] == "xe2-e6 keep e5"
    assert board.move_log[-1].words == (
        "White took its row of four from e2 to e6, kept its GIPF piece on e5 and captured "
        "Black's GIPF piece on e6; Black lost 2 pieces."
    )
    board.undo()
    board.click("e3")
    board.keep_box.children[1].value = False  # untick "Capture": Black's piece stays
    board.remove()
    assert board.record.moves[-1] == "xe2-e6 keep e5,e6"
    assert "left Black's GIPF piece on e6 on the board" in board.move_log[-1].words


def test_a_removal_that_takes_your_last_gipf_piece_asks_before_it_loses_the_game():
    board = board_at(LAST_GIPF)
    board.click("e1"), board.click("e2")
    board.click("e3")
    assert board.keep == {"e5"}
    board.keep_box.children[0].value = False  # take your own last GIPF piece
    before = board.state
    board.remove_button.click()
    assert board.state == before and board.confirming is not None and not board._ok
    assert board.message.startswith("Careful: taking your GIPF piece on e5 loses the game")
    assert board.confirm_box.layout.display is None
    assert board.remove_button.layout.display == "none"
    assert board.instruction() == "confirm the removal or cancel it"
    board.click("e4")  # the board waits for the answer
    assert board.state == before and "First confirm" in board.message
    board.cancel_button.click()
    assert board.confirming is None and board.keep == {"e5"}  # kept again
    assert board.confirm_box.layout.display == "none"
    board.keep_box.children[0].value = False
    board.remove()
    board.confirm_button.click()
    assert board.state.outcome.winner == "black"
    assert board.record.moves[-1] == "xe2-e6"
    assert board.state.outcome.reason in board.move_log[-1].words


def test_removals_that_keep_a_gipf_piece_ask_nothing():
    board = board_at(LAST_GIPF)
    board.click("e1"), board.click("e2")
    board.click("e3")
    board.remove()
    assert board.confirming is None and board.record.moves[-1] == "xe2-e6 keep e5"


def test_the_computers_turn_is_in_the_log_decision_by_decision_with_your_losses():
    pieces = {"e5": "B", "e6": "B", "e7": "B", "e4": "W", "e3": "W"}
    pieces |= {"b5": "WG", "h5": "WG", "b2": "BG", "h2": "BG"}
    board = board_at(pieces, opponent=Scripted(["e9-e8", "xe3-e8", "e9-e8"]))
    board.click("a2"), board.click("b3")
    log = board.move_log
    assert [e.computer for e in log] == [False, True, True]
    assert log[0].words == "You pushed a piece in from the dot a2 onto b3."
    assert log[1].words == (
        "The computer pushed a piece in from the dot e9 onto e8. That makes a row for "
        "the computer (e5 to e8)."
    )
    assert log[2].words == "The computer took its row of four from e3 to e8; you lost 2 pieces."
    assert "you lost 2 pieces" in board.message
    assert board.turn_text() == "Your turn (White)"
    # The spots it emptied stay marked until you move; its push arrow is gone with the piece.
    tint = board.view.styles["tint"]["face"]
    emptied = {gipf.GRID.label(i) for i, c in enumerate(tint) if c == PALETTE["removed"]}
    assert emptied == {"e3", "e4", "e5", "e6", "e7", "e8"}
    assert shown(board.view.styles["arrows"]) == set()
    assert "Black" in board.score_html() and "(the computer)" in board.score_html()
    board.click("a3"), board.click("b4")
    tint = board.view.styles["tint"]["face"]
    assert PALETTE["removed"] not in tint


def test_the_goal_line_says_how_to_win_and_links_the_first_lesson():
    board = GipfBoard()
    assert "GIPF piece" in board.goal_text() and "GIPF piece" in board.goal_line.value
    assert "GIPF piece" not in GipfBoard(gipf.Rules(variant="basic")).goal_text()
    assert board.lesson == "04_gipf_rules.ipynb" and "lesson 04" in board.goal_line.value


def test_every_setting_explains_itself():
    board = GipfBoard()
    for control in (board.variant_choice, board.opponent_choice, board.seats_choice,
                    board.hint_toggle, board.gipf_toggle, board.new_button):  # fmt: skip
        assert control.tooltip, control


def test_two_gipf_pieces_kept_are_said_in_the_plural():
    """The review read "Your GIPF pieces on e5 and f5 stays"."""
    board = board_at({"e3": "WG", "e4": "WG", "e5": "W", "b5": "WG", "b2": "BG", "h2": "BG"})
    board.click("e1"), board.click("e2")
    board.click("e3")
    assert "Your GIPF pieces on e3 and e4 stay." in board.message
    board.toggle_keep("e3"), board.toggle_keep("e4")
    assert "Your GIPF pieces on e3 and e4 go back to the reserve" in board.message
