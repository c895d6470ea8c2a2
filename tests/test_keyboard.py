"""Boards by keyboard and screen reader: the places the ring moves over, the arrows between
them, what each place says, Enter as a click, and the news said once in the live region.

The page's side (the ring drawn, the keys read) is checked in the browser
(``tests/browser/test_accessibility.py``); here is everything Python decides.
"""

from __future__ import annotations

import pytest
from outside_game import Lines
from suite import GAMES, dealt, example_rules

from gamekit import coffee, gipf, hextiles
from gamekit.game import facts, games, part
from gamekit.widgets import CoffeeBoard, GipfBoard, HexTilesBoard
from gamekit.widgets.grid import board_for
from gamekit.widgets.keys import ARROWS, arrow_map

BACK = {"ArrowUp": "ArrowDown", "ArrowDown": "ArrowUp", "ArrowLeft": "ArrowRight"}
BACK["ArrowRight"] = "ArrowLeft"


def every_board():
    """A fresh board of every registered game with a board, and a grid game's GridBoard."""
    boards = [part(game, "board")() for game in games() if facts(game).board is not None]
    boards.append(board_for(Lines(size=4)))
    boards.append(board_for(Lines(shape="hex", size=3)))
    return boards


def reachable(keymap: dict, start: str) -> set[str]:
    seen, todo = {start}, [start]
    while todo:
        place = todo.pop()
        for to in keymap[place].values():
            if to not in seen:
                seen.add(to)
                todo.append(to)
    return seen


@pytest.mark.parametrize("board", every_board(), ids=lambda b: type(b).__name__)
def test_every_place_of_every_board_is_reached_by_the_arrows_and_says_what_is_there(board):
    view = board.view
    places = [name for name, _x, _y in view.targets]
    assert len(places) >= 7 and view.start in places
    for place in places:  # from anywhere, everywhere
        assert reachable(view.keymap, place) == set(places), place
    for place in places:
        words = view.target_words[place]
        assert words.strip() and len(words) < 200, (place, words)
    assert "arrows" in board.keys_help() and "Enter" in board.keys_help()


@pytest.mark.parametrize(
    "board",
    [
        CoffeeBoard(coffee.Rules(board="hex", size=5)),
        CoffeeBoard(coffee.Rules(board="square", size=6)),
        GipfBoard(),
        HexTilesBoard(),
    ],
    ids=lambda b: repr(b)[:18],
)
def test_on_a_grid_the_opposite_arrow_comes_back(board):
    """With or without Shift (at an edge, where one of two tied neighbours is missing)."""
    keymap = board.view.keymap
    for place, ways in keymap.items():
        for key in ARROWS:
            for shift in ("", "Shift+"):
                to = ways.get(shift + key)
                if to is not None:
                    back = {keymap[to].get(BACK[key]), keymap[to].get("Shift+" + BACK[key])}
                    assert place in back, (place, shift + key, to)


def test_shift_takes_the_other_of_two_tied_neighbours_on_a_hexagonal_board():
    keymap = CoffeeBoard(coffee.Rules(board="hex", size=5)).view.keymap
    differ = [
        p for p, ways in keymap.items() if ways.get("ArrowRight") != ways.get("Shift+ArrowRight")
    ]
    assert len(differ) > 30  # both diagonals of the grid are reached from the keyboard
    square = CoffeeBoard(coffee.Rules(board="square", size=5)).view.keymap
    assert all(w.get("ArrowUp") == w.get("Shift+ArrowUp") for w in square.values())


def test_arrow_map_of_a_line_and_of_nothing():
    keys = arrow_map({"a": (0, 0), "b": (1, 0), "c": (2, 0)})
    assert keys["a"] == {"ArrowRight": "b", "Shift+ArrowRight": "b"}
    assert keys["b"]["ArrowLeft"] == "a" and "ArrowUp" not in keys["b"]
    assert arrow_map({}) == {}


def test_enter_on_a_place_does_what_a_click_there_does():
    board, clicked = CoffeeBoard(coffee.Rules(board="hex", size=5)), CoffeeBoard()
    board.view._on_custom_msg(board.view, {"type": "pick", "target": "e5"}, [])
    clicked.click("e5")
    assert board.pending == clicked.pending == "e5" and board.message == clicked.message
    for junk in ({"type": "pick", "target": "z9"}, {"type": "pick", "target": 5}, {"type": "pick"}):
        board.view._on_custom_msg(board.view, junk, [])  # no such place: nothing happens
    assert board.pending == "e5" and board.record.moves == ()


def test_the_words_of_a_place_follow_the_game():
    board = CoffeeBoard(coffee.Rules(board="hex", size=5), hints=True)
    board.play_moves(["e5|"])
    words = board.view.target_words
    assert words["e5"] == "e5: a black stone, the rod lies here"
    assert "a stone may go here" in words["e6"] and "may go" not in words["a1"]
    g = GipfBoard(gipf.Rules(variant="standard"))
    said = g.view.target_words
    assert said["a1"].startswith("a1: a dot") and said["b5"] == "b5: a white GIPF piece"
    h = HexTilesBoard(hextiles.Rules(seed=3))
    assert h.view.target_words["0,0"] == "The starter, no side marked; touching no tile"


def test_the_news_is_said_once_move_by_move():
    board = CoffeeBoard(coffee.Rules(board="hex", size=5), opponent=None)
    view = board.view
    assert view.announced == 0  # a new board has no news
    board.type_move("e5|")
    assert view.announced == 1 and view.announcement.startswith("Black put a stone on e5")
    board.hints = True  # a redraw with nothing new: nothing said
    assert view.announced == 1
    board.click("e5")  # a refusal, said; the same refusal again, said again
    first = view.announcement
    board.click("e5")
    assert view.announced == 3 and view.announcement == first and "e5" in first
    board.undo()
    assert view.announcement.startswith("Took back 1 move")


def test_the_computers_answer_and_the_end_are_said():
    board = CoffeeBoard(coffee.Rules(board="square", size=4, n=3), opponent="beginner")
    board.type_move("b2|")  # yours, then the computer's answer: two pieces of news
    assert board.view.announced == 2 and board.view.announcement.startswith("The computer put")
    while board.state.outcome is None:
        board.type_move(str(board.state.legal_moves()[0]))
    said = board.view.announcement
    head, _, reason = board.banner_text()[0].partition(": ")
    assert head.lower() in said.lower() and reason[:1].upper() + reason[1:] in said
    assert said.lower().count(head.lower()) == 1  # the end said once, not twice


@pytest.mark.parametrize("game", GAMES)
def test_news_of_several_moves_is_said_once_each(game):
    """The computer's turn of several decisions (a Hex Tiles take and placement, a GIPF push
    and its removal), said once: each move's words once in what the live region reads."""
    import numpy as np

    from gamekit.widgets import board_for

    rules = dealt(example_rules(game, "board"), 3)
    if len(rules.seats) < 2:
        pytest.skip(f"{game} has no opponent")
    board = board_for(rules, opponent="beginner", seed=1)
    rng = np.random.default_rng(5)
    said = []
    board.view.observe(lambda change: said.append(board.view.announcement), names="announced")
    for _ in range(40):
        if board.state.outcome is not None:
            break
        legal = board.state.legal_moves()
        before = len(board.move_log)
        board.type_move(str(legal[rng.integers(len(legal))]))
        for entry in board.move_log[before:]:
            text = said[-1] if said else ""
            assert text.count(entry.words) <= 1, text
    assert said


def test_the_keys_help_lists_each_boards_own_keys():
    assert "G switches the next push" in GipfBoard().keys_help()
    help_line = HexTilesBoard().keys_help()
    assert "R and L turn the chosen tile" in help_line and "E ends the turn" in help_line
    assert "1, 2, 3 take that market tile" in help_line
    assert "Shift+arrow" in CoffeeBoard(coffee.Rules(board="hex")).keys_help()
    assert "Shift+arrow" not in CoffeeBoard(coffee.Rules(board="square", size=5)).keys_help()


def test_a_hextiles_tile_is_taken_by_its_number_and_the_ring_steps_where_it_fits():
    board = HexTilesBoard(hextiles.Rules(players=2, seed=1))
    every = set(board.view.keymap)
    sent = []
    board.view.send = lambda content, buffers=None: sent.append(content)
    state = board.state
    board.key("9")  # no ninth tile: said, nothing taken
    assert "no tile 9" in board.message and board.state == state and sent == []
    board.key("2")
    taken = hextiles.Tile.from_marks(state.market[1]).marks
    assert board.chosen == taken and board.state.market == tuple(
        t for k, t in enumerate(state.market) if k != 1
    )
    assert sent == [{"type": "focus"}]  # the page's focus goes to the board
    figure = board.state.figure(board.state.player)
    fits = {
        f"{q},{r}"
        for q, r in figure.frontier()
        if any(figure.why_illegal(taken, (q, r), t) is None for t in range(6))
    }
    assert fits and set(board.view.keymap) == fits < every
    board.keep()  # nothing chosen: the ring goes over every cell again, to read the figure
    assert set(board.view.keymap) == every
    board.key("1")  # taken already: the digits choose from the reserve
    assert board.chosen == taken and set(board.view.keymap) == fits


def test_a_hextiles_puzzles_ring_goes_over_every_cell():
    from gamekit.hextiles.puzzles import PUZZLES

    puzzle = next(p for p in PUZZLES if p.kind == "move" and p.start().reserve())
    board = HexTilesBoard(puzzle=puzzle)
    every = set(board.view.keymap)
    board.pick_reserve(board.state.reserve()[0])
    assert board.chosen is not None
    assert set(board.view.keymap) == every  # where it fits may be the question


def test_g_switches_the_gipf_piece():
    board = GipfBoard(gipf.Rules(variant="standard"))
    board.view._on_custom_msg(board.view, {"type": "key", "key": "g"}, [])
    assert board.gipf_toggle.value and board.view.announcement == "The next push is a GIPF piece."
    board.key("G")
    assert not board.gipf_toggle.value


def test_the_rod_keys_lay_the_rod_once_a_cell_is_chosen():
    board = CoffeeBoard(coffee.Rules(board="hex", size=5), opponent=None)
    board.view._on_custom_msg(board.view, {"type": "key", "key": "/"}, [])  # no cell yet
    assert board.record.moves == ()
    board.click("e5")
    board.view._on_custom_msg(board.view, {"type": "key", "key": "/"}, [])
    assert board.record.moves == ("e5/",)
    board.click("e6")
    board.key("-")  # not an axis of the hexagonal board: refused in words, nothing played
    assert board.record.moves == ("e5/",) and not board._ok
    assert "| - / \\ lay the rod" in board.keys_help()
