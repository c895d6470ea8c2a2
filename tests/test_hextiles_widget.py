"""Tests of gamekit.hextiles.board, headless: the clickable Hex Tiles board driven by its
methods, its buttons and simulated browser clicks."""

from __future__ import annotations

import html
import re

import pytest

from gamekit import Record, hextiles
from gamekit.grids import hex_centre, hex_region
from gamekit.hextiles.board import _template
from gamekit.hextiles.picture import PALETTE, radius_for
from gamekit.hextiles.words import tile_reading, tile_words, turn_words, where_words
from gamekit.players import LEVEL_NAMES, SimplePlayer
from gamekit.text import upper_first
from gamekit.widgets import HexTilesBoard
from gamekit.widgets.view import svg_point

# Rules(players=2, seed=7) deals the market 101000, 101010, 111010 (see test_hextiles).
RULES = hextiles.Rules(players=2, seed=7)


def board(**kw) -> HexTilesBoard:
    return HexTilesBoard(RULES, **kw)


def browser_click(b: HexTilesBoard, cell) -> None:
    """What the front end sends for a click on the centre of ``cell``."""
    x, y = hex_centre(*cell)
    sx, sy = svg_point(b._transform, x, y)
    b.view._on_custom_msg(b.view, {"type": "click", "x": sx, "y": sy}, [])


def shown_cells(b: HexTilesBoard, layer: str, key: str = "face", colour: str | None = None) -> set:
    grid = hex_region(*b._window)
    style = b.view.styles[layer]
    per = len(style[key]) // len(grid)  # 1 per cell, or 6 per cell for the sides
    return {
        grid.coords[i // per]
        for i, f in enumerate(style[key])
        if (f != "none" if colour is None else f == colour)
    }


def test_a_new_board_shows_the_market_and_asks_to_take():
    b = board()
    assert repr(b) == "<HexTilesBoard 2 players, seed 7: 0 moves, Player 1 to take>"
    assert b.market_row.patterns == list(b.state.market)
    assert b.turn_text() == "Player 1 to move"
    assert b.instruction() == "take a tile from the market (its picture, or its number key)"
    assert b.end_button.disabled and b.keep_button.disabled
    assert b._repr_mimebundle_()[0]["text/plain"] == repr(b)


def test_pick_turn_and_click_places_the_tile():
    b = board()
    b.pick_market("101000")
    assert b.chosen == "101000" and b.record.moves == ("take 101000",)
    b.rotate(2)
    b.rotate(-1)
    assert b.turn == 1
    b.click((0, 1))  # turn 1 marks sides 1 and 3: side 3 would touch the starter
    assert b.attempt == (0, 1) and "its marked bottom side would touch your starter" in b.message
    assert "It fits there turned once more anticlockwise" in b.message
    assert shown_cells(b, "flags") == {(0, 1)}
    assert b.record.moves == ("take 101000",)
    b.rotate(-1)
    b.click("0,1")
    assert b.record.moves == ("take 101000", "place 101000 at (0,1) turn 0")
    assert b.chosen is None and b.attempt is None
    assert (0, 1) in b.state.figure(0)


def test_a_browser_click_acts_like_click():
    b = board()
    b.pick_market("101000")
    browser_click(b, (0, 1))
    assert b.record.moves[-1] == "place 101000 at (0,1) turn 0"
    # A click in the empty margin of the SVG does nothing.
    before = b.record
    b.view._on_custom_msg(b.view, {"type": "click", "x": 0.5, "y": 0.5}, [])
    assert b.record == before


def test_buttons_do_what_the_methods_do():
    b = board()
    b.market_row.pick(0)  # a click on the first market tile's picture
    assert b.record.moves == (f"take {RULES.start().market[0]}",)
    b.keep_button.click()
    assert b.chosen is None and "stays in the reserve" in b.message
    b.reserve_row.pick(0)
    assert b.chosen == RULES.start().market[0]
    b.end_button.click()
    assert b.state.to_move == "player 2" and b.record.moves[-1] == "done"
    b.undo_button.click()
    assert b.state.to_move == "player 1"
    b.redo_button.click()
    assert b.state.to_move == "player 2"


def test_taking_twice_or_ending_before_taking_is_refused_with_the_rule():
    b = board()
    b.end_turn()
    assert not b._ok and "Taking a tile is compulsory each turn" in b.message
    b.pick_market("101000")
    b.pick_market("101010")
    assert "has taken a tile this turn already" in b.message
    assert b.record.moves == ("take 101000",)


def test_clicking_without_a_tile_or_far_from_the_figure_explains():
    b = board()
    b.click((0, 1))
    assert "Pick a tile" in b.message and "Take a market tile first" in b.message
    b.pick_market("111010")
    b.click((3, 0))
    assert "must go next to your own figure" in b.message


def test_hints_dot_the_cells_where_the_tile_fits_as_turned_and_ring_those_if_turned():
    b = board(hints=True)
    assert shown_cells(b, "hints") == set()
    b.pick_market("111010")
    anywhere = {c for c, _ in b.state.figure().legal_placements("111010")}
    for turn in range(6):
        now = {c for c in anywhere if b.state.figure().why_illegal("111010", c, turn) is None}
        assert shown_cells(b, "hints", colour=PALETTE["hint"]) == now
        rings = shown_cells(b, "hints", key="edge", colour=PALETTE["hint"])
        assert rings == anywhere - now and now  # every turn of it fits somewhere here
        b.rotate(1)
    b.hints = False
    assert shown_cells(b, "hints") == set()


def test_the_leftover_goes_to_the_first_player_and_the_board_says_so():
    b = board()
    b.play_moves(["take 101000", "done", "take 101010", "done"])
    assert b.state.leftover_step and b.state.to_move == "player 1"
    assert "leftover" in b.status_text()
    assert b.reserve_row.patterns == ["101000", "111010"]
    assert b.instruction().startswith("place tiles from your reserve (the leftover is there)")


def test_typed_moves_play_or_explain():
    b = board()
    b.type_move("take 101000")
    assert b.record.moves == ("take 101000",)
    b.type_move("place 101000 at (0,0) turn 0")
    assert "already holds a tile" in b.message
    # a refused typed placement is told in words, as a click's would be: no digits
    b.type_move("place 101000 at (2,2) turn 0")
    assert "touches none of its tiles" in b.message and "(2,2)" not in b.message
    b.type_move("place 101000 at (0,1) turn 3")
    assert "marked" in b.message and "101000" not in b.message
    b.type_move("place 111000 at (0,1) turn 0")
    assert b.message.startswith("Player 1's reserve holds no yellow tile (three marks in a row)")
    assert b.record.moves == ("take 101000",) and not b._ok
    b.type_move("put it somewhere")
    assert "is not a Hex Tiles move" in b.message
    b.move_box.value = "done"
    assert b.record.moves[-1] == "done" and b.move_box.value == ""


def test_other_figures_can_be_viewed_and_scored_step_by_step():
    b = board()
    b.play_moves(["take 101000", "place 101000 at (0,1) turn 0", "done"])
    b.show_player(0)
    assert b.shown_player == 0 and (0, 1) in shown_cells(b, "cells")
    steps = []
    for _ in range(4):
        b.next_score_step()
        steps.append(b.message)
    assert steps[0].startswith("1. Tiles") and "4. Total: 2 + 1 = 3" in steps[3]
    assert shown_cells(b, "outer") and shown_cells(b, "run")
    b.click((1, 0))  # clicking someone else's figure brings back the mover's
    assert b.shown_player == 1
    assert b.message == "That was Player 1's figure; here is Player 2's again. Click again."


def test_the_computer_player_plays_whole_turns_and_games_end():
    b = board(opponent=LEVEL_NAMES[0])
    b.play_moves(["take 101000", "done"])
    assert b.state.to_move == "player 1"  # Player 2 (computer) played, then the leftover step
    entries = [e for e in b.move_log if e.computer]
    assert len(entries) >= 2 and entries[-1].words.startswith("The computer ended its turn.")
    assert entries[-1].words in b.message
    rules = hextiles.Rules(players=3, seed=2)
    state = rules.start()
    for _ in range(3000):
        if state.outcome is not None:
            break
        state = state.play(SimplePlayer(seed=0).choose(state))
    assert state.outcome is not None


def test_the_window_grows_when_a_figure_reaches_its_edge():
    b = board()
    first = b._window[0]
    # Player 1 builds a line of "two opposite" tiles straight up; everyone else only takes.
    b.new_game(hextiles.Rules(players=2, seed=7, patterns=("100100",), copies=20))
    top = 0
    for _ in range(200):
        state = b.state
        if top == 6 or state.outcome is not None:
            break
        if state.must_take:
            b.type_move("take 100100")
        elif state.to_move == "player 1" and state.reserve():
            top += 1
            b.type_move(f"place 100100 at (0,{top}) turn 1")
        else:
            b.end_turn()
        assert b._ok, b.message
    assert (0, 6) in b.state.figure(0)
    assert b._window[0] > first
    assert _template(*b._window)[0] == b.view.svg


def test_a_board_continues_a_record_and_new_game_resets():
    rec = Record(RULES, ["take 101000", "done"])
    b = HexTilesBoard(record=rec)
    assert b.state.to_move == "player 2" and b.record == rec
    with pytest.raises(ValueError):
        HexTilesBoard(hextiles.Rules(players=3), record=rec)
    b.new_game(players=3, seed=1)
    assert b.rules.players == 3 and b.rules.copies == 3 and b.record.moves == ()
    b.players_choice.value = 4
    b._new_from_controls()
    b.opponent_choice.value = LEVEL_NAMES[0]
    assert b.rules.players == 4 and b.opponent == LEVEL_NAMES[0]
    assert b.computer_plays == ("player 2", "player 3", "player 4")
    assert b.seats_choice.value == ("player 2", "player 3", "player 4")


def test_keys_on_the_board_turn_keep_and_end():
    b = board()
    b.pick_market("101000")
    for key in ("r", "R", "l", "ArrowRight"):  # the arrows move the keyboard's ring instead
        b.view._on_custom_msg(b.view, {"type": "key", "key": key}, [])
    assert b.turn == 1
    b.view._on_custom_msg(b.view, {"type": "key", "key": "x" * 40}, [])  # ignored
    b.view._on_custom_msg(b.view, {"type": "key", "key": 5}, [])  # ignored
    assert b.turn == 1
    b.key("k")
    assert b.chosen is None
    b.key("Enter")  # Enter places the tile where the ring is (the page sends a pick)
    assert b.record.moves == ("take 101000",)
    b.key("e")
    assert b.record.moves == ("take 101000", "done")


def test_rules_without_a_seed_get_a_deal_from_the_boards_own_generator():
    a, b = HexTilesBoard(hextiles.Rules()), HexTilesBoard(hextiles.Rules())
    assert a.rules.seed is not None and a.rules == b.rules and a.state == b.state
    other = HexTilesBoard(hextiles.Rules(), seed=1)
    assert other.rules.seed != a.rules.seed
    assert HexTilesBoard().rules == a.rules  # no rules at all: the default ones, dealt
    assert repr(a).startswith(f"<HexTilesBoard 2 players, seed {a.rules.seed}: 0 moves")
    assert a.record.rules == a.rules and a.seed_choice.value == a.rules.seed


def test_a_new_game_is_a_new_deal_unless_a_seed_is_given():
    b = board()
    b.new_game()
    first = b.rules.seed
    assert first != RULES.seed and b.seed_choice.value == first
    b.new_game()
    assert b.rules.seed != first
    b.new_game(seed=7)
    assert b.rules.seed == 7 and b.state == RULES.start()
    b.new_game(hextiles.Rules(players=3))
    assert b.rules.players == 3 and b.rules.seed is not None


def test_the_new_game_button_deals_anew_or_uses_the_seed_typed():
    b = board()
    b._new_from_controls()  # the seed box still shows this game's seed: a new deal
    dealt = b.rules.seed
    assert dealt != RULES.seed and b.seed_choice.value == dealt
    b.seed_choice.value = 7  # a seed typed in the box: that deal
    b._new_from_controls()
    assert b.rules.seed == 7 and b.state.market == RULES.start().market
    b._new_from_controls()
    assert b.rules.seed not in (7, dealt)
    # The same board, built again, deals the same games: tests and lessons can rely on it.
    again = board()
    again._new_from_controls()
    assert again.rules.seed == dealt


# ---------------------------------------------------------------------------------------
# Plain words, clickable market pictures, the slips, scores, the computer's turn (#14)
# ---------------------------------------------------------------------------------------

# What a newcomer should never have to read: tiles as digits, cells as (q,r), "turn 2".
NOTATION = re.compile(r"[01]{6}|\(-?[0-9]+, ?-?[0-9]+\)|\bturn [0-9]")


def test_a_whole_computer_game_is_logged_in_words_without_notation():
    b = HexTilesBoard(RULES, opponent=LEVEL_NAMES[0], computer_plays=("player 1", "player 2"))
    log = b.move_log
    assert b.state.outcome is not None and len(log) == len(b.record.moves) > 20
    kinds = {e.notation.split()[0] for e in log}
    assert kinds == {"take", "place", "done"}
    for entry in log:
        assert entry.computer and not NOTATION.search(entry.words), entry
    assert b.banner.layout.display is None and "won" in b.banner.value
    text, tone = b.banner_text()
    totals = b.state.outcome.scores
    assert text.endswith(
        "the pool could not fill a market. Scores: the computer (Player 1) "
        f"{totals['player 1']}, the computer (Player 2) {totals['player 2']}."
    )
    assert tone == "neutral"  # nobody to cheer: the computer played both


def test_tiles_cells_and_turns_are_named_in_words():
    assert tile_words("110110") == "a green tile (four marks, the blank sides opposite)"
    assert tile_words("010000") == "a red tile (one mark)"
    assert turn_words("110000", 1) == "turned once clockwise"
    assert turn_words("110000", 3) == "turned half round"
    assert turn_words("101010", 2) == ""  # it looks the same as drawn
    fig = hextiles.Figure.start().place("100000", (0, 1), 0)
    assert where_words(fig, (0, 2)) == "above its red tile"
    assert where_words(fig, (1, 0), "your") == "to the upper right of your starter"
    assert where_words(fig, (1, 1), "your") == "to the upper right of your red tile"
    b = board()
    b.pick_market("101000")
    b.rotate(2)
    assert b.message == "The tile is turned twice clockwise."
    b.rotate(-2)
    b.click((0, 1))
    assert b.move_log[-1].words == (
        "Player 1 placed a blue tile (two marks one side apart) above its starter "
        "(+2 marks, longest border 0 → 1; score 3)."
    )
    assert b.move_log[-1].notation == "place 101000 at (0,1) turn 0"


def test_market_tiles_are_pictures_that_take_the_tile_on_a_click():
    b = board()
    row = b.market_row
    assert [t["label"] for t in row.tiles] == [tile_words(p) for p in b.state.market]
    assert all(t["svg"].startswith("<svg") for t in row.tiles)
    row._on_custom_msg(row, {"type": "pick", "index": 1}, [])  # what the browser sends
    assert b.record.moves == (f"take {RULES.start().market[1]}",)
    assert b.reserve_row.selected == 0 and b.chosen == RULES.start().market[1]
    assert row.dim  # taken for this turn: the market waits for the next player
    row._on_custom_msg(row, {"type": "pick", "index": 0}, [])
    assert "has taken a tile this turn already" in b.message
    row._on_custom_msg(row, {"type": "pick", "index": 9}, [])  # no such picture: nothing
    row._on_custom_msg(row, {"type": "pick", "index": True}, [])
    assert len(b.record.moves) == 1


def test_the_window_follows_the_figure_and_its_label_names_the_window_shown():
    b = board()
    b.new_game(hextiles.Rules(players=2, seed=7, patterns=("100100",), copies=20))
    top = 0
    while top < 6:
        state = b.state
        if state.must_take:
            b.type_move("take 100100")
        elif state.to_move == "player 1" and state.reserve():
            top += 1
            b.type_move(f"place 100100 at (0,{top}) turn 1")
        else:
            b.end_turn()
    radius, centre = b._window
    assert centre[1] >= 2  # centred on the column of tiles, not on the starter
    assert radius < radius_for(b.state.figure(0), spare=2)  # so the tiles are drawn larger
    cells = 3 * radius * (radius + 1) + 1
    assert b.view.label.endswith(f"a window of {cells} cells")


def test_the_score_panel_shows_every_players_score_now_and_their_figures():
    b = board()
    b.play_moves(["take 101000", "place 101000 at (0,1) turn 0", "done"])
    panel = b.score_panel.value
    assert b.score_panel.layout.display is None
    assert "Player 1" in panel and "Player 2" in panel
    assert "2 + 1 = <b>3</b>" in panel  # two marks, a border run of one
    assert panel.count("<svg") == 2


def test_the_computers_turn_is_logged_move_by_move_and_its_new_tiles_outlined():
    b = board(opponent=LEVEL_NAMES[0])
    b.pick_market("101000")
    b.end_turn()
    mine = [e for e in b.move_log if not e.computer]
    theirs = [e for e in b.move_log if e.computer]
    assert [e.notation.split()[0] for e in mine] == ["take", "done"]
    assert theirs and all(e.words.startswith("The computer") for e in theirs)
    placed = [
        hextiles.Move.parse(e.notation).cell for e in theirs if e.notation.startswith("place")
    ]
    assert placed  # seed 7: the computer places a green tile next to its starter
    assert f'stroke="{PALETTE["recent"]}"' in b.score_panel.value
    b.show_player(1)
    assert set(placed) == shown_cells(b, "cells", key="edge", colour=PALETTE["recent"])
    b.show_player(None)
    b.end_turn()  # you move: the outline goes
    assert f'stroke="{PALETTE["recent"]}"' not in b.score_panel.value or b.move_log[-1].computer


def test_choosing_a_computer_mid_game_lets_it_play_when_it_is_its_turn():
    b = board()
    b.play_moves(["take 101000", "done"])
    assert b.state.to_move == "player 2" and b.opponent is None
    b.opponent_choice.value = LEVEL_NAMES[0]  # Player 2 is the computer, at once
    assert b.state.to_move == "player 1" and b.move_log[-1].computer
    assert b.turn_text() == "Your turn (Player 1)"


def test_every_setting_explains_itself_and_says_when_it_takes_effect():
    b = board()
    for control in (b.players_choice, b.seed_choice, b.leftover_choice, b.contact_choice):
        assert "New game" in control.tooltip, control
    assert dict(b.leftover_choice.options) == {
        "to the first player": "first",
        "back to the pool": "pool",
        "out of the game": "discard",
    }
    assert b.opponent_choice.tooltip and b.seats_choice.tooltip and b.hint_toggle.tooltip
    assert [label for label, _ in HexTilesBoard(hextiles.Rules(players=3, seed=1))
            .seats_choice.options][0] == "Players 2–3"  # fmt: skip


def test_the_goal_line_says_how_to_win_and_links_the_first_lesson():
    b = board()
    assert "longest marked border" in b.goal_line.value and "lesson 08" in b.goal_line.value


def test_a_new_round_says_you_take_first_in_the_second_person():
    """The review read "the market holds …; you takes first"."""
    from gamekit.hextiles.words import describe_move

    rules = hextiles.Rules(players=2, seed=3)
    state = rules.start()
    while True:
        move = state.legal_moves()[0]
        after = state.play(move)
        if after.round_no > state.round_no:
            break
        state = after
    words = describe_move(state, move, after, person=lambda seat: "you")
    assert "you take first." in words and "you takes" not in words


def test_the_chosen_tile_caption_has_a_fixed_size_so_the_turn_buttons_never_move():
    """The review's second click on ⟳ landed on ⟲ when the caption grew."""
    board = HexTilesBoard(hextiles.Rules(players=2, seed=1))
    layout = board.chosen_html.layout
    assert layout.width == layout.min_width == "200px" and layout.height == "52px"


def test_free_play_keeps_the_longest_run_drawn_and_says_what_a_placement_added():
    """The review: no help toward the score while playing (borders stuck at 6 against 23)."""
    b = board()
    b.pick_market("101000")
    b.click((0, 1))
    assert "longest marked border: 1 (drawn in pink)" in b.info_line.value
    assert any(face != "none" for face in b.view.styles["run"]["face"])
    assert "(+2 marks, longest border 0 → 1; score 3)" in b.message


def test_a_cell_where_the_chosen_tile_fits_tells_on_hover_what_it_would_add():
    """The review asked for "+4 marks, border 6→9" before placing: each cell where the chosen
    tile fits as turned carries those words (a tooltip); other cells, and puzzles, none."""
    b = board()
    b.pick_market("101000")
    tips = b.view.tips["cells"]
    fits = [t for t in tips if t]
    assert fits and all(t.startswith("Here: +2 marks, longest border 0 → ") for t in fits)
    figure = b.state.figure(b.state.player)
    legal_as_turned = [c for c in figure.frontier() if figure.why_illegal("101000", c, 0) is None]
    assert len(fits) == len(legal_as_turned)
    from gamekit import puzzles

    puzzle_board = puzzles.get("hextiles-best-1").board()
    assert not any(puzzle_board.view.tips.get("cells", []))


@pytest.mark.parametrize("leftover", ["first", "pool", "discard"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_board_says_how_many_rounds_remain_and_where_the_leftover_goes(leftover, players):
    """So a learner can plan (issue 39): at every step of a game the line under the board
    counts the rounds still to come exactly (when the pool ends the game) and names where
    the tile nobody takes goes."""
    import numpy as np

    rules = hextiles.Rules(players=players, seed=4, leftover=leftover)
    board = HexTilesBoard(rules)
    rng = np.random.default_rng(players)
    predicted = []
    state = rules.start()
    while state.outcome is None:
        board._states.append(state)  # the board shows the game as it goes
        board._moves.append("")
        words = board.rounds_words()
        more = 0 if words.startswith("this is the last") else int(words.split()[2])
        predicted.append(state.round_no + more)
        legal = state.legal_moves()
        last = state.round_no
        state = state.play(legal[rng.integers(len(legal))])
    if state.outcome.ending == "pool-empty":
        assert set(predicted) == {last}
    where = {"first": "goes to Player", "pool": "back into the pool", "discard": "leaves the game"}
    assert where[leftover] in words and words in board.status_text()


def test_the_computers_tile_is_seen_on_its_figure_until_the_learners_next_action():
    """Issue 42: after the computer's turn the board shows the figure it placed on, its new
    tile ringed, instead of leaving it behind the computer's tab; taking a tile brings the
    learner's own figure back."""
    b = HexTilesBoard(hextiles.Rules(players=2, seed=5), opponent="beginner")
    me = b.state.player
    while not b.last_computer_moves():  # the learner's whole turn, then the computer's
        b.type_move(str(b.state.legal_moves()[0]))
    assert b.state.player == me and b.state.outcome is None
    placed = b._recent_cells()
    assert placed and b.shown_player != me and b.shown_player in placed
    assert PALETTE["recent"] in str(b.view.styles) and "(the computer)" in b.status_text()
    b.pick_reserve(b.state.reserve()[0])  # the learner's next action: their own figure
    assert b.shown_player == me


def test_the_turn_line_offers_the_reserve_before_taking_as_the_rules_allow() -> None:
    """Hex Tiles' fourth puzzle asks to place a reserve tile before taking: the line under
    the board says that may be done, where it said only "take a tile" (the task and the
    turn line contradicted each other)."""
    from gamekit import puzzles

    board = puzzles.get("hextiles-reserve-1").board()
    assert board.state.must_take and board.state.reserve()
    assert board.instruction().endswith("or first place a tile from your reserve")
    fresh = HexTilesBoard(hextiles.Rules(seed=3))
    assert fresh.instruction() == "take a tile from the market (its picture, or its number key)"


def test_a_puzzle_board_never_shows_the_score_another_puzzle_asks_for() -> None:
    """Hex Tiles 5 (room) showed "19 + 9 = 28" for the very figure Hex Tiles 6 asks to
    score: a board hides the scores of a figure that a scoring puzzle asks about."""
    from gamekit import puzzles

    room, score = puzzles.get("hextiles-room-1"), puzzles.get("hextiles-score-1")
    assert room.start().figures == score.start().figures
    board = room.board()
    total = str(hextiles.score(board.state.figure(0)).total)
    assert board.score_hidden and board.score_html() == ""
    assert total not in board.position_text()
    assert not puzzles.get("hextiles-cells-1").board().score_hidden  # nobody asks there


def test_the_figure_is_read_tile_by_tile_and_its_border_walked():
    board = HexTilesBoard(hextiles.Rules(players=2, seed=1), opponent="simple")
    assert board.reading_box.selected_index is None  # closed until asked for
    board.key("1")
    tile = board.chosen
    figure = board.state.figure(0)
    cell, turn = next(
        (c, t)
        for c in figure.frontier()
        for t in range(6)
        if figure.why_illegal(tile, c, t) is None
    )
    board.turn = turn
    board.click(cell)
    text = board.reading.value
    placed = board.state.figure(0)
    assert "Your figure" in text and "Outer border, 10 edges" in text
    assert html.escape(tile_reading(placed, cell)) in text  # its marked sides and neighbours
    assert html.escape(tile_reading(placed, (0, 0))) in text
    words = board.view.target_words[f"{cell[0]},{cell[1]}"]
    assert words == upper_first(tile_reading(placed, cell))  # the ring says the same


def test_a_scoring_puzzle_reads_the_tiles_but_not_the_border_it_asks_about():
    from gamekit.hextiles.puzzles import PUZZLES, SCORING_GOALS

    puzzle = next(p for p in PUZZLES if p.goal in SCORING_GOALS)
    board = HexTilesBoard(puzzle=puzzle)
    assert board.score_hidden
    text = board.reading.value
    assert "Tile 1:" in text and "longest run" not in text and "a run of" not in text
    assert "left out here" in text


def test_each_figure_keeps_its_window_so_its_cells_stay_put() -> None:
    """Going to the other figure and back shows the same window; a window the figure grew
    out of is replaced by one with a ring to spare; over a game a figure's window moves
    far less often than a tile is placed."""
    import random

    from gamekit.hextiles.board import _window

    board = HexTilesBoard(hextiles.Rules(players=2, seed=3))
    mine = board._window
    board.show_player(1)
    board.show_player(0)
    assert board._window == mine
    rng, seen, moved, placed = random.Random(3), {}, 0, 0
    while board.state.outcome is None:
        move = rng.choice(board.state.legal_moves())
        board.type_move(str(move))
        placed += getattr(move, "kind", "") == "place"
        who = board.shown_player
        if who in seen and seen[who] != board._window:
            moved += 1
            needed, _centre = _window(board.state.figure(who))
            assert board._window[0] in (needed, needed + 1)
        seen[who] = board._window
    assert placed >= 15 and moved <= placed // 3, (moved, placed)
