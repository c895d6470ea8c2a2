"""Tests of gamekit.widgets.hextiles, headless: the clickable Hex Tiles board driven by its
methods, its buttons and simulated browser clicks."""

from __future__ import annotations

import pytest

from gamekit import Record, hextiles
from gamekit.grids import hex_centre, hex_region
from gamekit.players import SimplePlayer
from gamekit.widgets import HexTilesBoard
from gamekit.widgets.hextiles import _template
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


def shown_cells(b: HexTilesBoard, layer: str) -> set:
    grid = hex_region(b._radius)
    style = b.view.styles[layer]
    per = len(style["face"]) // len(grid)  # 1 per cell, or 6 per cell for the sides
    return {grid.coords[i // per] for i, f in enumerate(style["face"]) if f != "none"}


def test_a_new_board_shows_the_market_and_asks_to_take():
    b = board()
    assert repr(b) == "<HexTilesBoard 2 players, seed 7: 0 moves, Player 1 to take>"
    assert [c.children[1].description for c in b.market_box.children] == list(b.state.market)
    assert "Player 1 to take a market tile" in b.status_text()
    assert b.end_button.disabled and b.keep_button.disabled
    assert b._repr_mimebundle_()["text/plain"] == repr(b)


def test_pick_turn_and_click_places_the_tile():
    b = board()
    b.pick_market("101000")
    assert b.chosen == "101000" and b.record.moves == ("take 101000",)
    b.rotate(2)
    b.rotate(-1)
    assert b.turn == 1
    b.click((0, 1))  # turn 1 marks sides 1 and 3: side 3 would touch the starter
    assert b.attempt == (0, 1) and "marked side 3 (down)" in b.message
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
    b.market_box.children[0].children[1].click()  # take the first market tile
    assert b.record.moves == (f"take {RULES.start().market[0]}",)
    b.keep_button.click()
    assert b.chosen is None and "stays in the reserve" in b.message
    b.reserve_box.children[0].children[1].click()
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
    assert not b._ok and "taking a tile is compulsory" in b.message
    b.pick_market("101000")
    b.pick_market("101010")
    assert "already taken a tile this turn" in b.message
    assert b.record.moves == ("take 101000",)


def test_clicking_without_a_tile_or_far_from_the_figure_explains():
    b = board()
    b.click((0, 1))
    assert "Pick a tile" in b.message and "Take a market tile first" in b.message
    b.pick_market("111010")
    b.click((3, 0))
    assert "next to at least one tile of your own figure" in b.message


def test_hints_dot_every_cell_where_the_chosen_tile_fits():
    b = board(hints=True)
    assert shown_cells(b, "hints") == set()
    b.pick_market("111010")
    want = {c for c, _ in b.state.figure().legal_placements("111010")}
    assert shown_cells(b, "hints") == want
    b.hints = False
    assert shown_cells(b, "hints") == set()


def test_the_leftover_goes_to_the_first_player_and_the_board_says_so():
    b = board()
    b.play_moves(["take 101000", "done", "take 101010", "done"])
    assert b.state.leftover_step and b.state.to_move == "player 1"
    assert "leftover" in b.status_text()
    assert [c.children[1].description for c in b.reserve_box.children] == ["101000", "111010"]


def test_typed_moves_play_or_explain():
    b = board()
    b.type_move("take 101000")
    assert b.record.moves == ("take 101000",)
    b.type_move("place 101000 at (0,0) turn 0")
    assert "already holds a tile" in b.message
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


def test_the_computer_player_plays_whole_turns_and_games_end():
    b = board(opponent="simple")
    b.play_moves(["take 101000", "done"])
    assert b.state.to_move == "player 1"  # Player 2 (computer) played, then the leftover step
    assert "The computer played" in b.message
    rules = hextiles.Rules(players=3, seed=2)
    state = rules.start()
    for _ in range(3000):
        if state.outcome is not None:
            break
        state = state.play(SimplePlayer(seed=0).choose(state))
    assert state.outcome is not None


def test_the_window_grows_when_a_figure_reaches_its_edge():
    b = board()
    first = b._radius
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
    assert b._radius > first
    assert _template(b._radius)[0] == b.view.svg


def test_a_board_continues_a_record_and_new_game_resets():
    rec = Record(RULES, ["take 101000", "done"])
    b = HexTilesBoard(record=rec)
    assert b.state.to_move == "player 2" and b.record == rec
    with pytest.raises(ValueError):
        HexTilesBoard(hextiles.Rules(players=3), record=rec)
    b.new_game(players=3, seed=1)
    assert b.rules.players == 3 and b.rules.copies == 3 and b.record.moves == ()
    b.players_choice.value = 4
    b.computer_choice.value = True
    b._new_from_controls()
    assert b.rules.players == 4 and b.opponent == "simple"
    assert b.computer_plays == ("player 2", "player 3", "player 4")


def test_keys_on_the_board_turn_keep_and_end():
    b = board()
    b.pick_market("101000")
    for key in ("r", "ArrowRight", "l"):
        b.view._on_custom_msg(b.view, {"type": "key", "key": key}, [])
    assert b.turn == 1
    b.view._on_custom_msg(b.view, {"type": "key", "key": "x" * 40}, [])  # ignored
    b.view._on_custom_msg(b.view, {"type": "key", "key": 5}, [])  # ignored
    assert b.turn == 1
    b.key("k")
    assert b.chosen is None
    b.key("Enter")
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
