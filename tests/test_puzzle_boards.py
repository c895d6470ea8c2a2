"""Tests of puzzle mode (gamekit.widgets.puzzle) on every game's board, without a browser:
every puzzle's board is built, answered right with each of its answers made the way a
learner makes them (clicks, buttons, typed text), answered wrong (the hint first, the answer
only after three wrong tries or on request), and put back with Try again."""

from __future__ import annotations

import re

import pytest

from gamekit import coffee, gipf, hextiles, puzzles
from gamekit.gipf.picture import PALETTE
from gamekit.puzzles import PUZZLES, Puzzle
from gamekit.render.board import VERDICTS

ALL = [p for ladder in PUZZLES.values() for p in ladder]
IDS = [p.id for p in ALL]


@pytest.fixture(autouse=True)
def no_swallowed_errors(caplog):
    """ipywidgets only logs an exception raised in a callback: such a log fails the test."""
    yield
    records = caplog.get_records("setup") + caplog.get_records("call")
    errors = [r.getMessage() for r in records if "Exception in callback" in r.getMessage()]
    assert not errors, errors[0]


# ---------------------------------------------------------------------------------------
# Answering on the board as a learner does
# ---------------------------------------------------------------------------------------


def _one_row_spot(state: gipf.State, segment: tuple[str, ...]) -> str:
    """A spot of ``segment`` in no other row the mover may take (a click chooses the row)."""
    others = [r.segment for r in state.rows() if r.segment != tuple(segment)]
    return next(s for s in segment if not any(s in o for o in others))


def make_move(board, move) -> None:
    """Make ``move`` with the board's clicks and buttons."""
    game = board.puzzle.game
    if game == "coffee":
        m = coffee.Move.parse(move)
        if m.is_swap:
            return board.swap()
        if board.pending != m.cell:  # a refused move leaves its stone chosen (a click drops it)
            board.click(m.cell)
        if board.pending is not None:
            board.axis_buttons[m.axis].click()
    elif game == "gipf":
        m = gipf.Move.parse(move)
        if isinstance(m, gipf.Push):
            board.gipf_toggle.value = m.gipf
            if board.dot != m.dot:  # a refused push leaves its dot chosen (a click drops it)
                board.click(m.dot)
            board.click(m.entry)
        else:
            board.click(_one_row_spot(board.state, m.segment))
            if board.segment is not None:  # a row with GIPF pieces: say which stay
                for spot in m.kept:
                    board.toggle_keep(spot)
                board.remove_button.click()
    elif game == "hextiles":
        m = hextiles.Move.parse(move)
        # the tile is on the figure: click the board first
        if board.puzzle_mode.graded and board._moves:
            board.click((0, 0))
        if m.kind == "take":
            board.market_row.pick(board.market_row.patterns.index(m.pattern))
        elif m.kind == "place":
            if board.chosen != m.pattern:  # a refused placement leaves its tile chosen
                board.reserve_row.pick(board.reserve_row.patterns.index(m.pattern))
            board.rotate((m.turn - board.turn) % 6)
            board.click(m.cell)
        else:
            board.end_button.click()
    else:  # Coffee Roaster: typed (its clicks have a test of their own)
        board.type_move(str(move))


def finish_turn(board, right: bool) -> None:
    """While the learner's turn goes on (GIPF's removals after the push of a win or safe
    puzzle), make a removal that keeps the whole turn ``right`` (or spoils it), if any."""
    while board.puzzle_mode.turn_moves:
        done = list(board.puzzle_mode.turn_moves)
        moves = board.state.legal_moves()
        good = [m for m in moves if board.puzzle.check([*map(str, done), str(m)]).right == right]
        make_move(board, (good or moves)[0])


def answer(board, given) -> None:
    """Give ``given`` (a move, a set of cells or a choice) on the board."""
    p: Puzzle = board.puzzle
    if p.kind == "cells":
        for cell in sorted(set(given) ^ board.cells):  # a click chooses a cell or lets it go
            board.click(cell)
        board.check_button.click()
    elif p.kind == "choice":
        board.choice_buttons[given].click()
    else:
        make_move(board, given)
        finish_turn(board, right=True)


def _refused_moves(state):
    """Moves of the game that the rules may refuse in ``state`` (and legal ones)."""
    if isinstance(state, coffee.State):
        return [coffee.Move(c, a) for c in state.grid.labels for a in state.grid.axes]
    if isinstance(state, gipf.State):
        label = gipf.GRID.label
        return [gipf.Push(label(d), label(e)) for d, e in sorted(gipf._tables().entries)]
    if isinstance(state, hextiles.State):
        figure = state.figure()
        return [
            hextiles.Move.place(t, c, k)
            for t in dict.fromkeys(state.reserve())
            for c in figure.frontier()
            for k in range(6)
        ]
    return []


def _cells(state) -> list[str]:
    """Cells of the board, named as its puzzles name them."""
    if isinstance(state, hextiles.State):
        return [hextiles.cell_text(c) for c in state.figure().frontier()]
    grid = gipf.GRID if isinstance(state, gipf.State) else state.grid
    return list(grid.labels)


def wrong_answer(p: Puzzle):
    """An answer that does not meet the goal: a legal move of the task's kind when there is
    one (else a refused one), a set of cells with one missing, another choice."""
    if p.kind == "cells":
        right = sorted(p.answers()[0])
        if len(right) > 1:
            return set(right[1:])
        return {*right, next(c for c in _cells(p.start()) if c not in right)}
    if p.kind == "choice":
        return next(c for c in p.choices if c not in p.answers())
    start = p.start()
    for m in [*start.legal_moves(), *_refused_moves(start)]:
        if not p.in_focus(m) or p.check(m).right:
            continue
        if start.why_illegal(m) is None and p.turn_goes_on(start.play(m)):
            continue
        return m
    raise AssertionError(f"{p.id}: no wrong answer found")


# ---------------------------------------------------------------------------------------
# Every puzzle
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("p", ALL, ids=IDS)
def test_every_puzzle_board_shows_the_task_on_the_start_position(p: Puzzle) -> None:
    board = p.board()
    assert type(board).__name__.lower().startswith(p.game.replace("hextiles", "hextiles"))
    assert board.puzzle is p and board.state == p.start()
    assert board.opponent is None and not getattr(getattr(board, "hint_toggle", None), "value", 0)
    assert "Puzzle" in board.goal_line.value and board.grade is None
    assert board.feedback_text() == ""
    assert set(board.puzzle_marks().values()) <= {"target"}  # only the cell a task names
    assert f"puzzle {p.id} (0 tries, open)" in repr(board) and "0x" not in repr(board)


@pytest.mark.parametrize("p", ALL, ids=IDS)
def test_each_answer_made_on_the_board_grades_right(p: Puzzle) -> None:
    board = p.board()
    for given in p.answers():
        answer(board, given)
        assert board.grade is not None and board.grade.right, (given, board.feedback_text())
        assert board.solved and board.feedback_text().startswith("Right!")
        assert "Hint" not in board.feedback_text()
        board.again_button.click()
        assert board.state == p.start() and not board.solved and board.grade is None
    assert board.attempts.wrong == 0


@pytest.mark.parametrize("p", ALL, ids=IDS)
def test_a_wrong_answer_gets_the_hint_first_and_the_answer_after_three(p: Puzzle) -> None:
    """The hint after a first wrong try, the answer after the third; a question of two
    choices shows its answer at the first wrong try (a second guess would pass it)."""
    board = p.board()
    reveal = board.attempts.reveal_after
    assert reveal == (1 if p.kind == "choice" and len(p.choices) == 2 else 3)
    given = wrong_answer(p)
    for k in range(1, reveal):  # the same mistake again (a click first puts the start back)
        answer(board, given)
        grade = board.grade
        assert grade is not None and not grade.right, board.feedback_text()
        text = board.feedback_text()
        assert f"Hint: {board._in_words(p.hint)}" in text
        assert board._in_words(p.solution()) not in text
        assert board.attempts.wrong == k and not board.attempts.revealed
        assert "answer" not in board.puzzle_marks().values()
    answer(board, given)
    assert board.attempts.revealed and board._in_words(p.solution()) in board.feedback_text()
    marks = board.puzzle_marks()
    if p.kind == "cells":  # the cells missing from the answer are outlined green
        assert {c for c, tone in marks.items() if tone == "answer"} == p.answers()[0] - set(given)
    elif p.kind == "move" and any(board._move_cells(a) for a in p.answers()):
        assert "answer" in marks.values()
    board.try_again()
    assert board.state == p.start() and board.cells == frozenset() and board.grade is None
    assert board.attempts.wrong == reveal  # the tries still count


TWO_CHOICES = [p for p in ALL if p.kind == "choice" and len(p.choices) == 2]


@pytest.mark.parametrize("p", TWO_CHOICES, ids=[p.id for p in TWO_CHOICES])
def test_a_question_of_two_choices_is_not_passed_by_guessing_twice(p: Puzzle) -> None:
    """The wrong guess shows the answer; the other button then is right, but not a solve:
    the ladder does not tick it, and the learner is told why."""
    board = p.board()
    board.choose_answer(wrong_answer(p))
    assert board.attempts.revealed
    board.try_again()
    board.choose_answer(p.answers()[0])
    assert board.grade.right and not board.attempts.solved
    assert "find it yourself another day" in board.feedback_text()


@pytest.mark.parametrize("pid", ["coffee-block-1", "gipf-pushed-1", "roaster-cup-1"])
def test_show_answer_reveals_the_answer_at_once(pid: str) -> None:
    p = puzzles.get(pid)
    board = p.board()
    board.answer_button.click()
    assert board.attempts.revealed and board.attempts.tries == 0
    assert board.feedback_text() == board._in_words(p.solution())
    assert board.answer_button.disabled


# ---------------------------------------------------------------------------------------
# How a try goes
# ---------------------------------------------------------------------------------------


def test_a_wrong_move_stays_on_the_board_tinted_red_until_the_next_click() -> None:
    p = puzzles.get("gipf-row-1")
    board = p.board()
    board.click("b6")
    board.click("b5")  # legal, and no row
    assert board.state == p.start().play("b6-b5") and not board.grade.right
    assert board.puzzle_marks() == {"b6": "wrong", "b5": "wrong"}
    tint = board.view.styles["tint"]
    assert tint["edge"][gipf.GRID.index("b5")] == VERDICTS["wrong"][1]
    board.click("a5")  # a new try: the puzzle's position comes back first
    assert board.state == p.start() and board.dot == "a5" and board.puzzle_marks() == {}
    board.click("b5")
    assert board.grade.right and board.puzzle_marks() == {"a5": "right", "b5": "right"}


def test_a_solved_puzzle_takes_no_more_tries_until_try_again() -> None:
    p = puzzles.get("gipf-row-1")
    board = p.board()
    board.click("a5")
    board.click("b5")
    board.click("e1")
    assert board.message.startswith("Solved!") and board.attempts.tries == 1
    board.try_again()
    board.click("e1")
    assert board.dot == "e1"


def test_a_move_the_task_does_not_ask_for_is_not_counted() -> None:
    board = puzzles.get("gipf-legal-1").board()
    board.click("e1")
    board.click("e2")
    assert board.attempts.tries == 0 and board.state == board.puzzle.start()
    assert board.message == "The task asks for a push from b1: e1-e2 does not count as a try."


def test_the_board_keeps_the_answer_to_itself_while_the_learner_tries() -> None:
    board = puzzles.get("gipf-legal-1").board()
    board.click("b1")
    assert board.message == "Piece on b1: now click the spot where it enters."
    assert "c2" not in board.turn_line.value
    arrows = board.view.styles["arrows"]
    assert PALETTE["arrow"] not in arrows["face"]  # no blue arrow shows the open way in
    assert board.hint_toggle not in _all_widgets(board.widget)


def _all_widgets(widget) -> list:
    out = [widget]
    for child in getattr(widget, "children", ()):
        out += _all_widgets(child)
    return out


def test_a_gipf_win_is_the_whole_turn_push_and_removal() -> None:
    p = puzzles.get("gipf-win-1")
    board = p.board()
    board.click("a1")
    board.click("b2")
    assert (
        board.grade is None
        and board.puzzle_mode.turn_moves
        and "Finish your turn" in board.turn_line.value
    )
    board.click("c3")  # the row b2-h5, with Black's GIPF piece f5 among its extensions
    board.toggle_keep("f5")  # ... left on the board: no win
    board.remove()
    assert not board.grade.right and "the game goes on" in board.grade.message
    board.click("a1")
    board.click("b2")
    board.click("c3")
    board.remove()
    assert board.grade.right and board.state.outcome.winner == "white"
    assert board.grade.message == (
        "Right! After a1-b2 xb2-h5, White wins: Black has no GIPF piece left on the board."
    )


def test_a_gipf_removal_puzzle_starts_with_nothing_kept_and_asks_no_confirmation() -> None:
    board = puzzles.get("gipf-keep-1").board()
    board.click("e3")
    assert board.keep == set()
    board.remove()
    assert board.confirming is None and not board.grade.right
    assert board.grade.message.startswith("After xe2-e5 the game is over")


def test_a_refused_placement_keeps_the_tile_chosen_and_draws_it_where_tried() -> None:
    board = puzzles.get("hextiles-turn-1").board()
    board.pick_reserve("111000")
    board.click((0, -1))
    assert not board.grade.right and board.chosen == "111000"
    assert board.state == board.puzzle.start() and board.attempt is not None
    assert board.puzzle_marks() == {"(0,-1)": "wrong"}
    board.rotate(2)
    board.click((0, -1))
    assert board.grade.right and board.attempts.tries == 2


def test_cells_are_chosen_by_click_and_graded_green_and_red() -> None:
    p = puzzles.get("gipf-pushed-1")
    board = p.board()
    for spot in ("e2", "e3", "e5"):
        board.click(spot)
    assert board.puzzle_marks() == dict.fromkeys(("e2", "e3", "e5"), "chosen")
    board.check()
    assert not board.grade.right
    assert board.puzzle_marks() == {"e2": "right", "e3": "right", "e5": "wrong"}
    tint = board.view.styles["tint"]
    assert tint["face"][gipf.GRID.index("e5")] == VERDICTS["wrong"][0]
    board.click("e5")
    board.click("e4")
    assert set(board.puzzle_marks().values()) == {"chosen"}
    board.check()
    assert board.grade.right and board.grade.message == "Right! All 3 spots."  # GIPF's word


def test_cells_and_choices_can_be_typed() -> None:
    board = puzzles.get("hextiles-cells-1").board()
    board.move_box.value = "(1,-1) (-1,0), (0,-1)  (1,0)"
    board.move_box.value = "check"
    assert board.grade.right
    board = puzzles.get("roaster-cup-1").board()
    board.type_move("Tray")
    assert board.grade.right and board.choice_buttons["tray"].button_style == "success"
    board = puzzles.get("gipf-win-1").board()
    board.type_move("a1-b2 xb2-h5")
    assert board.grade.right


def test_check_on_a_move_puzzle_says_how_it_is_answered() -> None:
    board = puzzles.get("gipf-row-1").board()
    board.check()
    assert board.message == "Make your move on the board: it is checked as soon as it is complete."
    assert board.attempts.tries == 0
    board.undo()
    assert board.message == "In a puzzle, Try again puts the start position back."


def test_a_puzzle_board_refuses_rules_an_opponent_or_another_game() -> None:
    p = puzzles.get("gipf-row-1")
    from gamekit.widgets import GipfBoard, HexTilesBoard

    with pytest.raises(ValueError, match="takes no rules"):
        GipfBoard(gipf.Rules(), puzzle=p)
    with pytest.raises(ValueError, match="takes no opponent"):
        GipfBoard(puzzle=p, opponent="simple")
    with pytest.raises(ValueError, match="is a gipf puzzle"):
        HexTilesBoard(puzzle=p)
    with pytest.raises(TypeError, match="puzzle must be a Puzzle"):
        GipfBoard(puzzle="gipf-row-1")


def test_puzzle_board_options_reach_the_board() -> None:
    board = puzzles.get("hextiles-best-1").board(width=400)
    assert board.view.width == 400


def test_a_coffee_stone_offers_every_direction_in_a_puzzle() -> None:
    board = puzzles.get("coffee-rod-1").board()
    board.click("c4")
    assert board.message == (
        "Stone on c4: now choose the rod's direction with a button, or click a cell in "
        "that direction."
    )
    assert not any(b.disabled for b in board.axis_buttons.values())  # no button tells
    board.axis_buttons["-"].click()  # refused: it leaves Orange no cell
    assert not board.grade.right and board.grade.message.startswith("c4- is not allowed")
    assert board.pending == "c4" and board.puzzle_marks() == {"c4": "wrong"}
    board.axis_buttons["|"].click()
    assert board.grade.right


def test_a_coffee_refusal_in_a_puzzle_names_the_rule_and_lists_nothing() -> None:
    board = puzzles.get("coffee-block-1").board()
    board.click("a1")
    assert board.message == "a1 is not allowed: a1 already holds an Orange stone."
    assert board.attempts.tries == 0  # a cell alone is not a move


def test_a_roaster_effect_is_answered_by_clicking_its_token_and_its_slot() -> None:
    from gamekit.roaster.picture import slot_tokens

    board = puzzles.get("roaster-remove-1").board()
    tokens = slot_tokens(board.state)
    aroma = next(s for s, t in tokens.items() if t == "aroma" and s.startswith("drawn"))
    board.click(aroma)
    board.click("instant:remove:0")
    assert board.grade.right, board.feedback_text()
    assert set(board.puzzle_marks().values()) == {"right"}
    assert "instant:remove:0" in board.puzzle_marks()


def test_a_roaster_choice_is_answered_by_the_tables_own_buttons_too() -> None:
    p = puzzles.get("roaster-stop-1")
    board = p.board()
    board.press("stop")
    assert not board.grade.right and board.choice_buttons["stop"].button_style == "danger"
    board.press("continue")  # the table's Continue: "roast again"
    assert board.grade.right and board.choice_buttons["roast again"].button_style == "success"
    assert board.state == p.start()  # a choice is not played


def test_the_ladder_app_picks_a_game_and_a_puzzle_and_ticks_the_solved_ones() -> None:
    from gamekit.widgets.puzzle import PuzzleLadder

    ladder = PuzzleLadder()
    assert repr(ladder) == f"<PuzzleLadder coffee: {PUZZLES['coffee'][0].id}>"
    ladder.game_choice.value = "gipf"
    assert ladder.puzzle.id == PUZZLES["gipf"][0].id
    assert ladder.holder.children == (ladder.board.widget,)
    ladder.puzzle_choice.value = "gipf-row-1"
    board = ladder.board
    board.click("a5")
    board.click("b5")
    label = dict((v, k) for k, v in ladder.puzzle_choice.options)["gipf-row-1"]
    assert label.startswith("✓ ") and ladder.puzzle_choice.value == "gipf-row-1"
    assert f"GIPF: 1 of {len(PUZZLES['gipf'])} solved" in ladder.progress.value
    ladder.next()
    ladder.show("gipf-row-1")
    assert ladder.board is board and board.solved  # a puzzle keeps its board and its tries
    ladder.show(PUZZLES["gipf"][-1].id)
    ladder.next_button.click()
    assert ladder.puzzle.id == PUZZLES["hextiles"][0].id  # on to the next game's ladder
    with pytest.raises(ValueError, match="game must be one of"):
        PuzzleLadder("chess")


# ---------------------------------------------------------------------------------------
# What the boards read from gamekit.puzzles: whole turns, the focus
# ---------------------------------------------------------------------------------------


def test_a_whole_turn_is_right_only_when_its_end_meets_the_goal() -> None:
    p = puzzles.get("gipf-win-1")
    assert p.check(["a1-b2", "xb2-h5"]).right
    assert p.check(("a1-b2", gipf.Move.parse("xb2-h5 keep h5"))).right
    spoiled = p.check(["a1-b2", "xb2-h5 keep f5"])
    assert not spoiled.right and spoiled.hint == p.hint
    assert p.check(["e1-e2", "xe2-e5"]).message == (
        "After e1-e2 the game goes on: Black still has 42 legal moves."
    )  # a wrong push is graded alone


def test_a_whole_turn_with_a_move_from_outside_the_turn_is_wrong_in_words() -> None:
    p = puzzles.get("gipf-win-1")
    grade = p.check(["a1-b2", "xb2-h5", "e1-e2"])
    assert not grade.right
    assert grade.message == "e1-e2 is not part of White's turn: it is over after a1-b2."
    refused = p.check(["a1-b2", "xe2-e5"])
    assert not refused.right and "not allowed" in refused.message


def test_a_whole_turn_of_the_wrong_type_is_refused() -> None:
    p = puzzles.get("gipf-win-1")
    with pytest.raises(TypeError, match="or a whole turn as a list of them"):
        p.check([])
    with pytest.raises(TypeError, match="or a whole turn as a list of them"):
        p.check(["a1-b2", 3])


def test_only_goals_judged_at_the_end_of_the_turn_let_the_turn_go_on() -> None:
    win, row = puzzles.get("gipf-win-1"), puzzles.get("gipf-row-1")
    assert win.turn_goes_on(win.start().play("a1-b2"))
    assert not row.turn_goes_on(row.start().play("a5-b5"))  # a row stands: graded at once
    assert not puzzles.get("coffee-win-1").turn_goes_on(puzzles.get("coffee-win-1").start())


def test_the_focus_says_which_moves_a_task_asks_for() -> None:
    p = puzzles.get("gipf-legal-1")
    assert p.in_focus("b1-c2") and p.in_focus(gipf.Move.parse("b1-b2"))
    assert not p.in_focus("e1-e2")
    assert puzzles.get("gipf-row-1").in_focus("e1-e2")  # no focus: every move


HEX_NOTATION = re.compile(r"\(-?\d+, ?-?\d+\)|\b[01]{6}\b|\bturn \d")


@pytest.mark.parametrize("pid", [p.id for p in puzzles.PUZZLES["hextiles"]])
def test_a_hex_tiles_puzzle_speaks_in_words_never_in_notation(pid: str) -> None:
    """Task, verdicts (right, wrong, refused), hint, answer and chosen cells: cells named by
    the tiles beside them, tiles by colour, turns in words (the review found "(0,-1)",
    "place 111000 at (0,-1) turn 0" and "Chosen: (-1,0), (0,-1)")."""
    p = puzzles.get(pid)
    board = p.board()
    texts = [board.goal_line.value, board._in_words(p.solution()), board._in_words(p.hint)]
    if p.kind == "cells":
        for cell in sorted(p.answers()[0])[:2]:
            board.toggle_cell(cell)
            texts.append(board.message)
        board.toggle_cell(sorted(p.answers()[0])[0])
        board.check()
        texts += [board.message, board.feedback_text()]
    elif p.kind == "choice":
        state = p.start()
        board.type_move(str(state.legal_moves()[0]))  # a move typed where a button answers
        texts.append(board.message)
        for choice in (*[c for c in p.choices if c not in p.answers()][:1], *p.answers()[:1]):
            board.choose_answer(choice)
            texts += [board.message, board.feedback_text()]
    else:
        state = p.start()
        wrong = [m for m in state.legal_moves() if m not in p.answers() and p.in_focus(m)]
        for move in (*p.answers()[:1], *wrong[:1]):
            board.try_again()
            board.type_move(str(move))
            texts += [board.message, board.feedback_text()]
        board.try_again()
        focus = [f for f in p.focus if f.startswith("(")]
        for turn in range(6):  # a placement the rules refuse, typed
            if focus and p.check(f"place 111000 at {focus[0]} turn {turn}").right is False:
                board.type_move(f"place 111000 at {focus[0]} turn {turn}")
                texts += [board.message, board.feedback_text()]
                break
    for text in texts:
        assert not HEX_NOTATION.search(text), text


def _descendants(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _descendants(child)


def test_a_hex_tiles_cells_puzzle_shows_no_tile_controls_it_does_not_use() -> None:
    """Clicking cells needs no market, no turn buttons, no Keep or End turn (the review)."""
    cells = puzzles.get("hextiles-cells-1").board()
    shown = set(map(id, _descendants(cells.widget)))
    for control in (cells.market_row, cells.keep_button, cells.end_button, *cells.rotate_buttons):
        assert id(control) not in shown
    move = puzzles.get("hextiles-turn-1").board()
    assert id(move.end_button) in set(map(id, _descendants(move.widget)))
    coffee_cells = puzzles.get("coffee-legal-cells-1").board()
    shown = set(map(id, _descendants(coffee_cells.widget)))
    assert not any(id(b) in shown for b in coffee_cells.axis_buttons.values())


def test_the_ladder_counts_every_game_and_remembers_what_the_browser_stored() -> None:
    """Progress was lost on reload and had no total (the review): the ladder joins what the
    browser remembers (its ProgressStore) with what is solved on the page."""
    from gamekit.widgets import PuzzleLadder

    ladder = PuzzleLadder("coffee")
    assert "Coffee: 0 of" in ladder.progress.value and "all games: 0 of 62" in ladder.progress.value
    ladder.store.solved = ["gipf-legal-1", "coffee-legal-cells-1"]  # as a reload brings back
    assert "Coffee: 1 of" in ladder.progress.value and "all games: 2 of 62" in ladder.progress.value
    assert ladder.puzzle_choice.options[0][0].startswith("✓ 1.")
    p = puzzles.get("coffee-win-1")
    ladder.show(p.id)
    ladder.board.type_move(str(p.answers()[0]))
    assert ladder.board.solved and "coffee-win-1" in ladder.store.solved  # sent to the browser
    assert "all games: 3 of 62" in ladder.progress.value


def test_a_cells_puzzle_shows_no_answer_before_check_neither_drawn_nor_said() -> None:
    """Lesson 01's "click every cell where Orange may play": the rod's line, tinted in free
    play, is the answer; it is tinted only once the answer is checked (or shown), and the
    board's words leave out where the next stone may go until then."""
    from gamekit.coffee.picture import PALETTE

    p = puzzles.get("coffee-legal-cells-1")
    board = p.board()
    answer = sorted(p.answers()[0])
    assert board.answering and PALETTE["line"] not in board.view.styles["cells"]["face"]
    for words in (board.view.position, board.picture_words()):
        assert not any(cell in words for cell in answer if cell != "b3"), words
    for cell in answer:
        board.toggle_cell(cell)
    board.check()
    assert not board.answering and PALETTE["line"] in board.view.styles["cells"]["face"]
    assert "the next stone goes on" in board.view.position


@pytest.mark.parametrize("pid", ["hextiles-score-1", "hextiles-run-1", "hextiles-doubled-1"])
def test_a_scoring_question_hides_the_scores_until_it_is_answered(pid: str) -> None:
    """Neither the score panel, nor the words, nor the still picture's titles, nor the
    score steps give the answer away; once answered, all come back."""
    from gamekit.hextiles.words import position_words

    p = puzzles.get(pid)
    board = p.board()
    total = str(hextiles.score(p.start().figure()).total)
    assert board.score_hidden and board.score_html() == ""
    assert "scoring" not in board.view.position and "scoring" not in board.picture_words()
    assert board._picture_highlight() == {"scores": False}
    board.next_score_step()
    assert not board._ok and board.score_step == 0
    wrong = next(c for c in p.choices if c not in p.answers())
    board.choose_answer(wrong)
    if board.attempts.revealed:  # a question of two choices: its answer, and the scores, show
        assert not board.score_hidden
        board.try_again()
    else:
        assert board.score_hidden  # a wrong answer: still hidden
    board.choose_answer(p.answers()[0])
    assert not board.score_hidden and total in board.score_html()
    assert "scoring" in board.view.position
    assert board.view.position == position_words(board.state)
    board.next_score_step()
    assert board._ok and board.score_step == 1


ROASTER_SCORING = ["roaster-costs-1", "roaster-score-1", "roaster-flavor-1", "roaster-skill-1"]


@pytest.mark.parametrize("pid", [*ROASTER_SCORING, "roaster-roast-1"])
def test_a_roaster_scoring_question_hides_the_cups_score_until_it_is_answered(pid: str) -> None:
    """The banner, the score steps, the words, the still picture's caption and the
    score-step rings stay silent about the score until the learner has answered."""
    from gamekit.roaster.picture import draw

    p = puzzles.get(pid)
    board = p.board()
    total = p.start().score.total
    said = f"scores {total}"
    assert board.score_hidden and board.banner_text()[0] == ""
    assert "step by step" not in board.score_html()
    assert said not in board.view.position and said not in board.picture_words()
    assert (
        board.view.position.startswith("Coffee Roaster") and "The cup holds" in board.view.position
    )
    figure = draw(board.state, **board._picture_highlight())
    texts = [t.get_text() for ax in figure.axes for t in ax.texts]
    assert not any(said in t or "Total" in t for t in texts), texts
    board.next_step()
    assert not board._ok and board.score_step == 0
    if p.kind == "cells":
        board.click("cup:0")  # a level-2 bean: costs nothing
        board.check()
        assert board.score_hidden
        board.click("cup:0")
        for slot in p.answers()[0]:
            board.click(slot)
        board.check()
    else:
        board.choose_answer(next(c for c in p.choices if c not in p.answers()))
        assert board.score_hidden  # a wrong answer: still hidden
        board.choose_answer(p.answers()[0])
    assert board.solved and not board.score_hidden
    assert said in board.view.position and "step by step" in board.score_html()
    board.next_step()
    assert board._ok and board.score_step == 1


def test_the_costly_tokens_are_clicked_in_the_cup_and_named_as_a_player_counts_them() -> None:
    board = puzzles.get("roaster-costs-1").board()
    assert "Click the tokens" in board.puzzle_instruction()
    board.click("drawn:0")
    assert not board._ok and board.message == "Click the tokens in the cup." and not board.cells
    board.click("cup:3")
    assert board.cells == {"cup:3"} and "cup slot 4 (1 token)" in board.message
    board.type_move("c7, c10")  # typed as a player counts, from 1
    assert board.cells == {"cup:3", "cup:6", "cup:9"}
    board.show_answer()
    assert "cup slot 4, cup slot 7 and cup slot 10" in board.feedback.value
    assert "cup:" not in board.feedback.value


def test_a_scoring_choice_explains_the_right_answer_by_itself_and_each_slip_by_name() -> None:
    """A right answer is explained by its own words (not every slip's); a wrong one by the
    slip that gives that number, never by the right number."""
    p = puzzles.get("roaster-score-1")
    right = p.check("3")
    assert (
        right.right and right.message == "Right! The cup scores 3 points in all: 4 + 3 + 0 - 4 = 3."
    )
    assert p.check("7").message == "Not quite: that leaves out the penalties."
    assert p.check("4").message == "Not quite: a defect bean costs 2 points, not 1."
    for pid in ("roaster-flavor-1", "roaster-skill-1", "roaster-roast-1", "hextiles-score-1"):
        q = puzzles.get(pid)
        (answer,) = q.answers()
        assert q.check(answer).message.count(";") <= 1, q.check(answer).message
        for c in q.choices:
            if c != answer:
                assert f" {answer} " not in q.check(c).message + " "


def test_the_roasting_puzzle_is_answered_on_the_drawn_tokens() -> None:
    board = puzzles.get("roaster-roasting-1").board()
    board.click("cup:0")
    assert not board._ok and board.message == "Click the drawn tokens." and not board.cells
    board.type_move("d1 d2 d3 d4")
    board.click("drawn:7")  # the aroma token
    board.check()
    assert not board.solved
    assert "drawn token 8 is an aroma token: roasting changes only beans" in board.feedback.value
    board.click("drawn:7")
    board.click("drawn:4")
    board.check()
    assert board.solved and "Right! All 5 tokens." in board.feedback.value


def test_every_puzzles_words_read_as_written_on_its_board() -> None:
    """Moves are put in words, never sentences: no puzzle's task, hint or answer, as its
    board shows them, turns prose into a garble ("Eight putting the token in the cup slots",
    "the putting the token on the tray"), nor says a word twice in a row."""
    from gamekit.puzzles import PUZZLES

    garbled = re.compile(r"\b(?:the|a|an|eight|in) (?:putting|using|taking|roasting|placing)\b")
    twice = re.compile(r"\b([A-Za-z]{3,}) \1\b")
    for listed in PUZZLES.values():
        for p in listed:
            board = p.board()
            for text in (p.task, p.hint, p.solution()):
                shown = board._in_words(text)
                assert not garbled.search(shown), (p.id, shown)
                assert not twice.search(shown), (p.id, shown)


@pytest.mark.parametrize("puzzle_id", ["roaster-remove-1", "roaster-keep-out-1", "roaster-wild-1"])
def test_clicking_an_effect_with_nothing_chosen_is_a_question_not_a_try(puzzle_id) -> None:
    """Exploring costs no try (issue 39): a click on an instant effect's slot before any
    token is chosen says what the effect does, and the tries stay at none."""
    from gamekit import puzzles

    board = puzzles.get(puzzle_id).board()
    for effect in ("remove", "more", "new", "five", "wild"):
        board.click(f"instant:{effect}")
        assert board.attempts.tries == 0 and board.grade is None, board.message
        assert "A question costs no try" in board.message
    assert board.effects_help is not None  # what the effects do, beside the puzzle too


def test_a_cells_puzzle_of_one_cell_says_it_in_words_a_learner_uses() -> None:
    from gamekit import puzzles

    p = puzzles.get("hextiles-room-1")
    board = p.board()
    board.toggle_cell(next(iter(p.answers()[0])))
    board.check()
    assert board.grade.right and "All 1" not in board.feedback_text()
    assert board.feedback_text().startswith("Right! The one cell: the cell ")


def test_a_gipf_puzzle_asking_what_leaves_with_a_row_does_not_tint_it_before_the_try() -> None:
    """E18: gipf-removed-1 asks which pieces leave with White's row; its board tints no row
    (the task names them in words) until the answer is checked or shown."""
    from gamekit import gipf, puzzles
    from gamekit.gipf.picture import PALETTE

    p = puzzles.get("gipf-removed-1")
    board = p.board()
    answer = p.answers()[0]
    row_tints = {PALETTE["row"], PALETTE["segment"]}

    def tinted() -> set[str]:
        face = board.view.styles["tint"]["face"]
        return {gipf.GRID.label(i) for i, c in enumerate(face) if c in row_tints}

    assert not tinted() & answer
    assert board._picture_highlight()["rows"] is False
    board.show_answer()
    assert answer <= tinted() | set(board.puzzle_marks())


def test_a_right_try_with_the_answer_shown_is_not_called_solved() -> None:
    p = TWO_CHOICES[0]
    board = p.board()
    board.choose_answer(wrong_answer(p))
    board.choose_answer(p.answers()[0])
    assert board.grade.right and not board.attempts.solved
    assert "Solved" not in board.puzzle_instruction() and "answer shown" in board.turn_line.value
    board.choose_answer(p.answers()[0])  # a try more: the board says what stands
    assert "answer in sight" in board.message and "Solved" not in board.message


CHOICE_PUZZLES = [p for game in PUZZLES for p in PUZZLES[game] if p.kind == "choice"]


@pytest.mark.parametrize("p", CHOICE_PUZZLES, ids=[p.id for p in CHOICE_PUZZLES])
def test_a_choice_puzzles_answers_are_the_only_buttons_of_their_names(p: Puzzle) -> None:
    """A screen reader hears each answer once: no other button on the puzzle's board (an
    action of the game's own, such as Roaster's Cup or Coffee's Swap) has an answer's name."""
    import ipywidgets as w

    board = p.board()

    def shown_buttons(widget) -> list:
        if getattr(getattr(widget, "layout", None), "display", None) == "none":
            return []
        found = [widget] if isinstance(widget, w.Button) else []
        for child in getattr(widget, "children", ()):
            found += shown_buttons(child)
        return found

    answers = {b.description.lower(): b for b in board.choice_buttons.values()}
    for button in shown_buttons(board.widget):
        same = answers.get(button.description.strip().lower())
        assert same is None or same is button, (p.id, button.description)
