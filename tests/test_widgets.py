"""Tests of gamekit.widgets without a browser: the click mapping, the SVG template the browser
receives, the messages the browser sends, and every control of the clickable Coffee board.

The browser's only job is to send ``{"type": "click", "x": ..., "y": ...}`` in SVG units and
to repaint the layers from ``view.styles``; everything else is Python and is tested here
(ipywidgets 8 runs its callbacks without a front end)."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET

import ipywidgets as w
import numpy as np
import pytest
from suite import GAMES as SUITE
from suite import dealt, example_rules

from gamekit import coffee
from gamekit.coffee.board import _template
from gamekit.coffee.picture import LAYERS, PALETTE
from gamekit.errors import InvalidNotationError
from gamekit.players import LEVEL_NAMES, Player
from gamekit.records import Record
from gamekit.render.board import HIDDEN
from gamekit.widgets import BoardView, CoffeeBoard, board_for, click_to_cell
from gamekit.widgets.base import NOBODY
from gamekit.widgets.view import svg_point

# Boards with a template: cells are 3s(s-1)+1 on a hexhex board of side s and s² on a square
# board; axes are 3 on hex and 4 on square (docs/rules/coffee.md, "Lines and axes").
TEMPLATES = [
    # board, size, cells, axes
    ("hex", 3, 19, 3),
    ("hex", 4, 37, 3),
    ("hex", 5, 61, 3),
    ("square", 4, 16, 4),
    ("square", 5, 25, 4),
    ("square", 7, 49, 4),
]

# Hexhex 4, n=4 (also in test_render.py): Black's last move, c4, completes b4, c4, d4, e3.
WIN_HEX4 = "d4/ a1\\ d1/ e1| e3| e2\\ c3\\ b3/ a2\\ b2| b4\\ a4\\ c4\\".split()

SVG = "{http://www.w3.org/2000/svg}"
# The only URLs the SVG may hold: its own namespace names, which are never fetched.
NAMESPACES = {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"


@pytest.fixture(autouse=True)
def no_swallowed_errors(caplog):
    """ipywidgets catches an exception raised in a click or message callback and only logs
    it: such a log fails the test, as an exception would."""
    yield
    records = caplog.get_records("setup") + caplog.get_records("call")
    errors = [r.getMessage() for r in records if "Exception in callback" in r.getMessage()]
    assert not errors, errors[0]


def square5(**options) -> CoffeeBoard:
    return CoffeeBoard(coffee.Rules(board="square", size=5, **options))


def hex4(**options) -> CoffeeBoard:
    """A hex board of side 4; ``opponent=``, ``computer_plays=`` go to the board."""
    board_options = {k: options.pop(k) for k in ("opponent", "computer_plays") if k in options}
    return CoffeeBoard(coffee.Rules(board="hex", size=4, **options), **board_options)


def send(view: BoardView, content: object) -> None:
    """Deliver ``content`` the way the front end's ``model.send`` does: a custom message
    arriving on the widget's comm (ipywidgets routes it to the ``on_msg`` callbacks)."""
    msg = {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    view.comm.handle_msg(msg)


def cell_point(board: CoffeeBoard, cell: str, dx: float = 0.0, dy: float = 0.0):
    """The SVG point of ``cell``'s centre (moved by ``dx, dy`` drawing units)."""
    _, transform = _template(board.rules.board, board.rules.size)
    x, y = board.state.grid.centres[board.state.grid.index(cell)]
    return svg_point(transform, x + dx, y + dy)


def browser_click(board: CoffeeBoard, cell: str, dx: float = 0.0, dy: float = 0.0) -> None:
    sx, sy = cell_point(board, cell, dx, dy)
    send(board.view, {"type": "click", "x": sx, "y": sy})


def snapshot(board: CoffeeBoard) -> dict:
    """Everything a learner can see or save, to compare two ways of doing the same thing."""
    return {
        "state": board.state,
        "record": board.record,
        "pending": board.pending,
        "attempt": board.attempt,
        "message": board.message,
        "styles": board.view.styles,
        "svg": board.view.svg,
        "turn_line": board.turn_line.value,
        "message_line": board.message_line.value,
        "log": board.log_view.value,
        "disabled": {
            name: button.disabled
            for name, button in [
                *board.axis_buttons.items(),
                ("undo", board.undo_button),
                ("redo", board.redo_button),
                ("swap", board.swap_button),
            ]
        },
    }


def enabled_axes(board: CoffeeBoard) -> set[str]:
    return {axis for axis, button in board.axis_buttons.items() if not button.disabled}


def shown(layer: dict, key: str = "face") -> set[int]:
    """Indices of the elements of a layer (as sent to the browser) that are not hidden."""
    return {i for i, colour in enumerate(layer[key]) if colour != HIDDEN}


def button(board: CoffeeBoard, description: str):
    """A button of the board's controls found by its text (some are not attributes)."""
    stack = [board.widget]
    while stack:
        widget = stack.pop()
        if getattr(widget, "description", None) == description and hasattr(widget, "click"):
            return widget
        stack.extend(getattr(widget, "children", ()))
    raise LookupError(description)


def walk(widget) -> list:
    """Every widget in a widget tree, the root first."""
    out, stack = [], [widget]
    while stack:
        node = stack.pop()
        out.append(node)
        stack.extend(getattr(node, "children", ()))
    return out


def replay(rules: coffee.Rules, moves) -> coffee.State:
    state = rules.start()
    for move in moves:
        state = state.play(move)
    return state


# ---------------------------------------------------------------------------------------
# click_to_cell: SVG point -> cell
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("board, size, cells, axes", TEMPLATES)
def test_every_cell_centre_maps_back_to_its_cell(board, size, cells, axes) -> None:
    grid = coffee.Rules(board=board, size=size).grid
    _, transform = _template(board, size)
    assert len(grid) == cells
    for i, (x, y) in enumerate(grid.centres):
        assert click_to_cell(grid, transform, *svg_point(transform, x, y)) == grid.label(i)


@pytest.mark.parametrize("board, size, cells, axes", TEMPLATES)
def test_points_off_centre_inside_a_cell_map_to_that_cell(board, size, cells, axes) -> None:
    grid = coffee.Rules(board=board, size=size).grid
    _, transform = _template(board, size)
    rng = np.random.default_rng(size)
    # Up to 0.9 of the inscribed radius from the centre, in every direction.
    reach = 0.9 * grid.cell_radius
    for i, (x, y) in enumerate(grid.centres):
        for angle, r in zip(rng.uniform(0, 2 * np.pi, 8), rng.uniform(0, reach, 8), strict=True):
            sx, sy = svg_point(transform, x + r * np.cos(angle), y + r * np.sin(angle))
            assert click_to_cell(grid, transform, sx, sy) == grid.label(i)


@pytest.mark.parametrize("board, size, cells, axes", TEMPLATES)
def test_points_in_the_margin_map_to_no_cell(board, size, cells, axes) -> None:
    grid = coffee.Rules(board=board, size=size).grid
    svg, transform = _template(board, size)
    xmin, xmax, ymin, ymax = grid.bounds
    xmid, ymid = (xmin + xmax) / 2, (ymin + ymax) / 2
    outside = [(xmin - 0.1, ymid), (xmax + 0.1, ymid), (xmid, ymin - 0.1), (xmid, ymax + 0.1)]
    points = [svg_point(transform, x, y) for x, y in outside]
    # The corners of the SVG's own box, where a click can land but no board is.
    _, _, width, height = (float(v) for v in ET.fromstring(svg).get("viewBox").split())
    points += [(1.0, 1.0), (width - 1.0, 1.0), (1.0, height - 1.0), (width - 1.0, height - 1.0)]
    for sx, sy in points:
        assert click_to_cell(grid, transform, sx, sy) is None, (sx, sy)


# ---------------------------------------------------------------------------------------
# The SVG template the browser receives
# ---------------------------------------------------------------------------------------


def layer_groups(svg: str) -> dict[str, ET.Element]:
    root = ET.fromstring(svg)
    return {
        g.get("id")[len("layer-") :]: g
        for g in root.iter(f"{SVG}g")
        if g.get("id", "").startswith("layer-")
    }


def path_centre(d: str) -> tuple[float, float]:
    numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", d)]
    return float(np.mean(numbers[0::2])), float(np.mean(numbers[1::2]))


@pytest.mark.parametrize("board, size, cells, axes", TEMPLATES)
def test_the_template_has_one_path_per_element_in_every_layer(board, size, cells, axes) -> None:
    svg, _ = _template(board, size)
    layers = layer_groups(svg)
    assert tuple(layers) == LAYERS
    for name, group in layers.items():
        want = cells * axes if name == "rod" else cells
        assert len(group.findall(f"{SVG}path")) == want, name
        assert len(group) == want, name


@pytest.mark.parametrize("board, size, cells, axes", TEMPLATES)
def test_the_nth_cell_path_lies_under_the_nth_cell(board, size, cells, axes) -> None:
    # The browser paints path i with style i: the paths must be in the grid's cell order.
    grid = coffee.Rules(board=board, size=size).grid
    svg, transform = _template(board, size)
    for name in ("cells", "stones", "flags"):
        paths = layer_groups(svg)[name].findall(f"{SVG}path")
        labels = [click_to_cell(grid, transform, *path_centre(p.get("d"))) for p in paths]
        assert labels == list(grid.labels), name


@pytest.mark.parametrize("board, size, cells, axes", TEMPLATES)
def test_the_styles_sent_have_one_entry_per_path(board, size, cells, axes) -> None:
    board_ = CoffeeBoard(coffee.Rules(board=board, size=size), hints=True)
    layers = layer_groups(board_.view.svg)
    assert set(board_.view.styles) == set(LAYERS)
    for name, style in board_.view.styles.items():
        count = len(layers[name].findall(f"{SVG}path"))
        assert {key: len(values) for key, values in style.items()} == dict.fromkeys(
            ("face", "edge", "width"), count
        ), name


@pytest.mark.parametrize("board, size, cells, axes", TEMPLATES)
def test_the_template_works_offline_and_runs_no_script(board, size, cells, axes) -> None:
    svg, _ = _template(board, size)
    assert "<script" not in svg.lower()
    assert "javascript:" not in svg.lower()
    assert not re.search(r"\son\w+\s*=", svg)  # no onclick= or onload= handlers
    assert set(re.findall(r"https?://[^\s\"'<>)]+", svg)) <= NAMESPACES
    assert all(href.startswith("#") for href in re.findall(r'href="([^"]*)"', svg))


def test_the_template_is_an_svg_that_fills_its_box() -> None:
    svg, _ = _template("hex", 5)
    assert svg.startswith("<svg")
    assert not re.search(r"<svg[^>]* (width|height)=", svg)
    assert ET.fromstring(svg).get("viewBox")


# ---------------------------------------------------------------------------------------
# Messages from the browser
# ---------------------------------------------------------------------------------------


def test_a_browser_click_on_a_cell_acts_like_board_click() -> None:
    by_method, by_browser = square5(), square5()
    for cell in ("c3", "c5", "a1", "c1", "c1", "c5", "a5", "e5"):
        by_method.click(cell)
        browser_click(by_browser, cell)
        assert snapshot(by_browser) == snapshot(by_method), cell
    assert by_browser.record.moves == ("c3|", "c5-")
    assert by_browser.pending == "e5"


def test_a_browser_click_off_centre_still_hits_the_cell() -> None:
    board = hex4()
    browser_click(board, "d4", dx=0.5, dy=-0.5)
    assert board.pending == "d4"


def test_a_browser_click_in_the_margin_does_nothing() -> None:
    board = square5()
    board.click("c3")
    before = snapshot(board)
    send(board.view, {"type": "click", "x": 1.0, "y": 1.0})
    assert snapshot(board) == before


MALFORMED = [
    {},
    {"type": "click"},
    {"type": "click", "x": 200.0},
    {"type": "click", "y": 200.0},
    {"type": "hover", "x": 216.0, "y": 216.0},
    {"x": 216.0, "y": 216.0},
    {"type": "click", "x": "left", "y": 216.0},
    {"type": "click", "x": None, "y": 216.0},
    {"type": "click", "x": [216.0], "y": 216.0},
    {"type": "click", "x": {"v": 1}, "y": 216.0},
    {"type": "click", "x": "nan", "y": 216.0},
    {"type": "click", "x": 216.0, "y": float("inf")},
    {"type": "click", "x": "-inf", "y": 216.0},
    "click",
    None,
    [216.0, 216.0],
    42,
]


def test_malformed_messages_are_ignored_without_error() -> None:
    board = square5()
    board.click("c3")
    before = snapshot(board)
    for content in MALFORMED:
        send(board.view, content)
        assert snapshot(board) == before, content


def test_the_view_still_takes_state_updates_from_the_browser() -> None:
    # The click handler must not replace ipywidgets' own handler of comm messages.
    view = BoardView(width=300)
    update = {"method": "update", "state": {"width": 320}, "buffer_paths": []}
    view.comm.handle_msg({"content": {"data": update}, "buffers": []})
    assert view.width == 320


def test_a_board_view_passes_clicks_to_every_handler_as_floats() -> None:
    view = BoardView(label="test board")
    seen: list[tuple] = []
    view.on_click(lambda sx, sy: seen.append(("first", sx, sy)))
    view.on_click(lambda sx, sy: seen.append(("second", sx, sy)))
    send(view, {"type": "click", "x": 12, "y": "3.5"})
    assert seen == [("first", 12.0, 3.5), ("second", 12.0, 3.5)]
    assert all(isinstance(v, float) for _, *xy in seen for v in xy)
    assert repr(view) == "<BoardView test board>"


# ---------------------------------------------------------------------------------------
# Choosing a cell and an axis
# ---------------------------------------------------------------------------------------


def test_clicking_a_legal_cell_chooses_it_and_enables_exactly_its_axis_buttons() -> None:
    board = square5()
    board.click("a1")  # the corner's short diagonal is a one-cell line: never legal
    assert board.pending == "a1"
    assert board.record.moves == ()
    assert board.state == board.rules.start()
    assert enabled_axes(board) == set(board.state.legal_axes("a1")) == {"|", "-", "/"}
    assert board.axis_buttons["\\"].disabled
    assert board.message.startswith("Stone on a1: now choose the rod's direction")
    cells = board.view.styles["cells"]["face"]
    assert cells[board.state.grid.index("a1")] == PALETTE["mark"]


def test_a_hex_board_hides_and_disables_the_horizontal_axis_button() -> None:
    board = hex4()
    board.click("d4")
    assert enabled_axes(board) == {"|", "/", "\\"}
    assert board.axis_buttons["-"].layout.display == "none"
    assert all(board.axis_buttons[a].layout.display is None for a in ("|", "/", "\\"))


def test_no_axis_button_is_enabled_before_a_cell_is_chosen() -> None:
    board = square5()
    assert enabled_axes(board) == set()
    board.choose_axis("|")
    assert board.message == "First click the cell where your stone goes."
    assert board.record.moves == ()


def test_choosing_an_axis_plays_the_move_and_the_record_grows() -> None:
    board = square5()
    board.click("c3")
    board.choose_axis("-")
    assert board.record.moves == ("c3-",)
    assert board.state == board.rules.start().play("c3-")
    assert board.pending is None
    assert board.message == "Black put a stone on c3 and laid the rod horizontally."
    assert enabled_axes(board) == set()
    board.click("a3")
    board.choose_axis("|")
    assert board.record.moves == ("c3-", "a3|")
    assert board.message == "Orange put a stone on a3 and laid the rod vertically."


@pytest.mark.parametrize(
    "second, axis", [("c5", "|"), ("c1", "|"), ("a3", "-"), ("e5", "/"), ("a1", "/"), ("a5", "\\")]
)
def test_a_second_click_along_a_direction_plays_that_axis(second, axis) -> None:
    board = square5()
    board.click("c3")
    board.click(second)
    assert board.record.moves == (f"c3{axis}",)
    assert board.pending is None


def test_clicking_the_pending_cell_again_clears_it() -> None:
    board = square5()
    board.click("c3")
    board.click("c3")
    assert board.pending is None
    assert board.record.moves == ()
    assert board.message == "Choice cleared: click the cell for your stone."
    assert enabled_axes(board) == set()
    assert board.view.styles["cells"]["face"][board.state.grid.index("c3")] == PALETTE["cell"]


def test_a_second_click_off_every_line_chooses_that_cell_instead() -> None:
    board = square5()
    board.click("c3")
    board.click("d5")  # not on any line through c3
    assert board.pending == "d5"
    assert board.record.moves == ()


@pytest.mark.parametrize("cell", ["a1", "c3", "e5"])
def test_clicking_an_illegal_cell_explains_marks_it_and_changes_nothing(cell) -> None:
    board = square5()
    board.type_move("c3-")  # the next stone must go on row 3; c3 is taken
    state, record = board.state, board.record
    board.click(cell)
    assert board.message == state.why_cell_illegal(cell)
    assert board.attempt == cell
    assert board.pending is None
    assert board.state == state and board.record == record
    flags = board.view.styles["flags"]
    assert shown(flags) == {state.grid.index(cell)}
    assert flags["face"][state.grid.index(cell)] == PALETTE["attempt"]
    assert 'style="color:#b3261e' in board.message_line.value
    assert html.escape(board.message) in board.message_line.value


def test_the_attempt_mark_goes_away_on_the_next_click() -> None:
    board = square5()
    board.type_move("c3-")
    board.click("a1")
    board.click("a3")
    assert board.attempt is None
    assert shown(board.view.styles["flags"]) == set()


def test_clicking_a_cell_the_board_does_not_have_explains_without_a_mark() -> None:
    board = square5()
    board.click("z9")
    assert board.message == board.state.why_cell_illegal("z9")
    assert board.attempt is None
    assert shown(board.view.styles["flags"]) == set()


def test_a_cell_typed_in_capitals_or_with_spaces_is_the_same_cell() -> None:
    board = square5()
    board.click(" C3 ")
    assert board.pending == "c3"


@pytest.mark.parametrize(
    "moves, cell, axis",
    [
        ([], "a1", "\\"),  # a corner's short diagonal is the corner alone
        (["d5\\"], "e4", "\\"),  # e4's falling diagonal is e4 and d5, taken
    ],
)
def test_the_button_of_an_axis_the_rod_rule_forbids_is_disabled_and_says_why(
    moves, cell, axis
) -> None:
    board = square5()
    board.play_moves(moves)
    state = board.state
    board.click(cell)
    assert board.pending == cell
    assert board.axis_buttons[axis].disabled
    assert enabled_axes(board) == set(state.legal_axes(cell)) == set(state.grid.axes) - {axis}
    board.choose_axis(axis)
    assert board.message == state.why_illegal(f"{cell}{axis}")
    assert "would have no empty cell left" in board.message
    assert board.state == state and board.pending == cell


def test_choosing_an_axis_the_board_does_not_have_says_so() -> None:
    board = hex4()
    board.click("d4")
    board.choose_axis("-")
    assert "a hex board has no '-' axis" in board.message
    assert board.record.moves == () and board.pending == "d4"


def test_a_winning_cell_plays_at_once() -> None:
    rules = coffee.Rules(board="hex", size=4)
    board = CoffeeBoard(record=Record(rules, WIN_HEX4[:-1]))
    assert board.state.wins_at("c4")
    board.click("c4")
    assert board.pending is None
    assert board.record.moves[-1] == "c4|"  # every axis is legal; the first is taken
    outcome = board.state.outcome
    assert outcome is not None and outcome.winner == "black"
    assert board.message == (
        f"Black put a stone on c4 and laid the rod vertically, making a line of 4 "
        f"({', '.join(outcome.line)}): Black won."
    )
    assert "Game over" in board.turn_line.value
    assert "Black won" in board.banner.value
    assert enabled_axes(board) == set()
    assert repr(board) == "<CoffeeBoard hex4 n=4: 13 moves, black won>"


def test_clicks_after_the_end_change_nothing() -> None:
    rules = coffee.Rules(board="hex", size=4)
    board = CoffeeBoard(record=Record(rules, WIN_HEX4))
    before = board.state
    board.click("a3")
    assert board.message.startswith("The game is over: Black made a line of 4")
    assert board.state == before and board.pending is None


# ---------------------------------------------------------------------------------------
# Typing moves
# ---------------------------------------------------------------------------------------


def test_typing_a_legal_move_plays_it() -> None:
    board = square5()
    board.click("a1")
    board.type_move(" C3- ")
    assert board.record.moves == ("c3-",)
    assert board.pending is None


def test_typing_an_illegal_move_explains_and_marks_it() -> None:
    board = square5()
    board.type_move("c3-")
    state = board.state
    board.type_move("a1|")
    assert board.message == state.why_illegal("a1|")
    assert board.attempt == "a1"
    assert shown(board.view.styles["flags"]) == {state.grid.index("a1")}
    assert board.state == state


@pytest.mark.parametrize("text", ["c9?", "c3", "hello", "3c|"])
def test_typing_malformed_notation_gives_the_notation_error(text) -> None:
    board = square5()
    board.type_move("c3-")
    state = board.state
    with pytest.raises(InvalidNotationError) as err:
        coffee.Move.parse(text)
    board.type_move(text)
    assert str(err.value) in board.message
    assert board.state == state and board.attempt is None


def test_typing_a_cell_off_the_board_explains() -> None:
    board = square5()
    board.type_move("z9|")
    assert "this board has no cell z9" in board.message
    assert board.record.moves == ()


def test_typing_nothing_does_nothing() -> None:
    board = square5()
    board.click("c3")
    before = snapshot(board)
    board.type_move("   ")
    board.type_move("")
    assert snapshot(board) == before


def test_the_move_box_plays_on_enter_and_keeps_a_refused_move() -> None:
    board = square5()
    board.move_box.value = "c3-"
    assert board.record.moves == ("c3-",)
    assert board.move_box.value == ""
    board.move_box.value = "c9?"
    assert board.move_box.value == "c9?"
    assert "is not a Coffee move" in board.message
    board.message = ""
    board.play_button.click()
    assert "is not a Coffee move" in board.message
    board.move_box.value = "a3|"
    assert board.record.moves == ("c3-", "a3|")


# ---------------------------------------------------------------------------------------
# Buttons
# ---------------------------------------------------------------------------------------


def test_the_axis_buttons_work_like_choose_axis() -> None:
    by_method, by_button = square5(), square5()
    for board in (by_method, by_button):
        board.click("a1")
    by_method.choose_axis("\\")
    by_button.axis_buttons["\\"].click()  # disabled in the browser; refused here too
    assert snapshot(by_button) == snapshot(by_method)
    by_method.choose_axis("/")
    by_button.axis_buttons["/"].click()
    assert snapshot(by_button) == snapshot(by_method)
    assert by_button.record.moves == ("a1/",)


def test_undo_and_redo_buttons_work_like_the_methods() -> None:
    by_method, by_button = square5(), square5()
    for board in (by_method, by_button):
        board.play_moves(["c3-", "a3|", "a5\\"])
    steps = [
        ("undo", "undo_button"),
        ("undo", "undo_button"),
        ("redo", "redo_button"),
        ("undo", "undo_button"),
        ("undo", "undo_button"),
        ("undo", "undo_button"),
        ("redo", "redo_button"),
    ]
    for method, name in steps:
        getattr(by_method, method)()
        getattr(by_button, name).click()
        assert snapshot(by_button) == snapshot(by_method), method
    assert by_button.record.moves == ("c3-",)


def test_undo_and_redo_say_what_they_did_and_are_disabled_when_empty() -> None:
    board = square5()
    assert board.undo_button.disabled and board.redo_button.disabled
    board.undo()
    assert board.message == "Nothing to undo."
    board.play_moves(["c3-", "a3|"])
    assert not board.undo_button.disabled and board.redo_button.disabled
    board.undo()
    assert board.message == (
        "Took back 1 move: Orange put a stone on a3 and laid the rod vertically."
    )
    assert board.record.moves == ("c3-",)
    assert not board.redo_button.disabled
    board.redo()
    assert board.message == (
        "Played 1 move again: Orange put a stone on a3 and laid the rod vertically."
    )
    board.redo()
    assert board.message == "Nothing to redo."
    board.undo()
    board.type_move("e3|")  # a new move forgets what could be redone
    assert board.redo_button.disabled
    assert board.record.moves == ("c3-", "e3|")


def test_undo_clears_a_chosen_cell_and_an_attempt() -> None:
    board = square5()
    board.play_moves(["c3-"])
    board.click("a1")
    board.click("a3")
    board.undo()
    assert board.pending is None and board.attempt is None
    assert board.state == board.rules.start()


def test_hints_ring_exactly_the_legal_cells() -> None:
    board = square5()
    board.play_moves(["c3-", "a3|"])
    assert shown(board.view.styles["legal"], "edge") == set()
    board.hint_toggle.value = True
    assert board.hints
    legal = {board.state.grid.index(c) for c in board.state.legal_cells()}
    assert legal and shown(board.view.styles["legal"], "edge") == legal
    board.type_move(str(board.state.legal_moves()[0]))
    legal = {board.state.grid.index(c) for c in board.state.legal_cells()}
    assert shown(board.view.styles["legal"], "edge") == legal
    board.hints = False
    assert not board.hint_toggle.value
    assert shown(board.view.styles["legal"], "edge") == set()


def test_hints_can_be_on_from_the_start() -> None:
    board = CoffeeBoard(coffee.Rules(board="hex", size=4), hints=True)
    assert shown(board.view.styles["legal"], "edge") == set(range(37))


# ---------------------------------------------------------------------------------------
# New games and the pie rule
# ---------------------------------------------------------------------------------------


def test_a_new_game_on_another_board_changes_the_picture_and_the_controls() -> None:
    board = CoffeeBoard(coffee.Rules(board="hex", size=5))
    board.play_moves(["e5|", "e1/"])
    hex_svg = board.view.svg
    assert hex_svg == _template("hex", 5)[0]
    board.new_game(board="square", size=5)
    assert board.rules == coffee.Rules(board="square", size=5, n=4)
    assert board.view.svg == _template("square", 5)[0] != hex_svg
    assert board.view.label == "Coffee board: a 5 × 5 square board"
    assert (board.board_choice.value, board.size_choice.value, board.n_choice.value) == (
        "square",
        5,
        4,
    )
    assert board.size_choice.options == (4, 5, 6, 7, 8)
    assert board.record.moves == () and board.undo_button.disabled
    assert board.message == (
        "New game on a 5 × 5 square board, 4 in a row to win. Black starts anywhere."
    )
    browser_click(board, "e5")  # the clicks now map to the square board's cells
    assert board.pending == "e5"


def test_a_new_game_on_the_same_board_keeps_the_picture() -> None:
    board = square5()
    board.play_moves(["c3-"])
    svg = board.view.svg
    board.new_game(n=3, pie_rule=True)
    assert board.view.svg is svg
    assert board.rules == coffee.Rules(board="square", size=5, n=3, pie_rule=True)
    assert (board.n_choice.value, board.pie_choice.value) == (3, True)
    assert board.state == board.rules.start()


def test_the_new_game_button_starts_the_game_the_controls_describe() -> None:
    board = hex4()
    board.board_choice.value = "square"
    assert (board.size_choice.value, board.n_choice.value) == (5, 4)
    board.size_choice.value = 7
    board.n_choice.value = 4
    board.pie_choice.value = True
    assert board.rules.board == "hex"  # nothing changes until New game
    button(board, "New game").click()
    assert board.rules == coffee.Rules(board="square", size=7, n=4, pie_rule=True)
    assert board.view.svg == _template("square", 7)[0]


def test_impossible_options_in_the_controls_give_a_message_not_an_exception() -> None:
    board = square5()
    board.play_moves(["c3-"])
    before = board.state
    board.n_choice.value = 15  # the longest line of square 5 has 5 cells
    button(board, "New game").click()
    assert board.message.startswith("n=15 cannot be reached")
    assert "color:#b3261e" in board.message_line.value
    assert board.state == before and board.rules.n == 4


def test_the_swap_button_shows_only_with_the_pie_rule() -> None:
    assert square5().swap_button.layout.display == "none"
    assert square5().swap_button.disabled
    assert square5(pie_rule=True).swap_button.layout.display is None


def test_the_swap_button_is_enabled_only_right_after_blacks_first_move() -> None:
    board = square5(pie_rule=True)
    assert board.swap_button.disabled
    board.play_moves(["c3-"])
    assert not board.swap_button.disabled
    assert board.instruction().endswith(", or Swap (pie rule)")
    board.swap_button.click()
    assert board.record.moves == ("c3-", "swap")
    assert board.state.swapped and board.state.to_move == "orange"
    assert board.message == (
        "Orange used the pie rule: swapped colours and took Black's first stone."
    )
    assert board.swap_button.disabled
    board.undo()
    assert not board.swap_button.disabled
    board.type_move("a3|")  # Orange plays instead: no more swap
    assert board.swap_button.disabled
    board.swap()
    assert board.message.startswith("swap is not allowed")
    assert board.record.moves == ("c3-", "a3|")


def test_swap_without_the_pie_rule_explains() -> None:
    board = square5()
    board.play_moves(["c3-"])
    board.swap()
    assert board.message.startswith("swap is not allowed: the pie rule is off")


# ---------------------------------------------------------------------------------------
# Whole games by clicks
# ---------------------------------------------------------------------------------------

GAMES = [
    (board, size, seed, via, pie)
    for board, size in [("hex", 4), ("hex", 5), ("square", 5), ("square", 7)]
    for seed, via, pie in [(0, "method", False), (1, "browser", True)]
]


def play_by_clicks(board: CoffeeBoard, rng: np.random.Generator, via: str) -> int:
    """Play random legal moves until the game ends, the way a learner does; return the
    number of moves."""
    count = 0
    while board.state.outcome is None:
        state = board.state
        moves = state.legal_moves()
        move = moves[int(rng.integers(len(moves)))]
        if state.swap_available and rng.random() < 0.5:
            move = coffee.Move.swap()
        if move.is_swap:
            board.swap_button.click()
            assert board.state == state.play(move)
        elif state.wins_at(move.cell):
            if via == "browser":
                browser_click(board, move.cell)
            else:
                board.click(move.cell)
            assert board.state == state.play(f"{move.cell}{state.legal_axes(move.cell)[0]}")
        elif via == "browser":
            dx, dy = rng.uniform(-0.3, 0.3, 2)
            browser_click(board, move.cell, dx, dy)
            assert board.pending == move.cell
            assert enabled_axes(board) == set(state.legal_axes(move.cell))
            board.axis_buttons[move.axis].click()
            assert board.state == state.play(move)
        else:
            board.click(move.cell)
            assert board.pending == move.cell
            assert enabled_axes(board) == set(state.legal_axes(move.cell))
            board.choose_axis(move.axis)
            assert board.state == state.play(move)
        assert board.pending is None and board.attempt is None
        count += 1
    return count


@pytest.mark.parametrize("kind, size, seed, via, pie", GAMES)
def test_a_whole_game_by_clicks_is_the_game_its_record_replays(kind, size, seed, via, pie) -> None:
    rules = coffee.Rules(board=kind, size=size, pie_rule=pie)
    board = CoffeeBoard(rules)
    count = play_by_clicks(board, np.random.default_rng(seed), via)
    final = board.state
    assert len(board.record.moves) == count
    assert replay(rules, board.record.moves) == final
    assert final.outcome is not None
    assert "Game over" in board.turn_line.value
    winner = final.outcome.winner.capitalize()
    assert f"{winner} won: {html.escape(final.outcome.reason)}" in board.banner.value
    assert len(board.move_log) == count
    assert enabled_axes(board) == set()
    assert repr(board).endswith(f"{final.outcome.winner} won>")

    moves = board.record.moves
    while not board.undo_button.disabled:
        board.undo()
    assert board.state == rules.start() and board.record.moves == ()
    while not board.redo_button.disabled:
        board.redo()
    assert board.state == final and board.record.moves == moves


def test_a_saved_game_continues_where_it_stopped() -> None:
    rules = coffee.Rules(board="square", size=5)
    record = Record(rules, ["c3-", "a3|"])
    board = CoffeeBoard(record=record)
    assert board.record == record and board.state == record.final()
    board.undo()
    assert board.record.moves == ("c3-",)
    with pytest.raises(ValueError, match="either rules or a record"):
        CoffeeBoard(coffee.Rules(board="hex", size=4), record=record)


# ---------------------------------------------------------------------------------------
# Display
# ---------------------------------------------------------------------------------------


def test_repr_is_short_stable_and_has_no_address() -> None:
    board = square5()
    assert repr(board) == "<CoffeeBoard square5 n=4: 0 moves, black to move>"
    assert repr(board) == repr(square5())
    board.type_move("c3-")
    assert repr(board) == "<CoffeeBoard square5 n=4: 1 move, orange to move>"
    board.type_move("a3|")
    assert repr(board) == "<CoffeeBoard square5 n=4: 2 moves, black to move>"
    assert not re.search(r"0x[0-9a-f]+", repr(board))


def test_the_notebook_shows_the_widget_with_the_repr_as_text() -> None:
    board = hex4()
    bundle, alt = board._repr_mimebundle_()
    assert bundle["text/plain"] == repr(board)
    assert bundle[WIDGET_MIME]["model_id"] == board.widget.model_id
    assert board.view in walk(board.widget)


@pytest.mark.parametrize("kind", ["CoffeeBoard", "GipfBoard", "HexTilesBoard", "RoasterBoard"])
def test_every_board_carries_a_still_picture_for_static_viewers(kind: str) -> None:
    """Beside the live widget, the output holds a PNG of the position: what nbconvert's HTML,
    GitHub or any viewer without a kernel shows."""
    import base64
    import io

    from PIL import Image

    import gamekit.widgets

    board = getattr(gamekit.widgets, kind)()
    bundle, alt = board._repr_mimebundle_()
    assert bundle[WIDGET_MIME]["model_id"] == board.widget.model_id
    png = base64.b64decode(bundle["image/png"], validate=True)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(png))
    image.verify()
    width, height = image.size
    assert 300 <= width <= 1000 and 250 <= height <= 800, image.size
    assert len(png) < 60_000  # reduced to a palette like the notebooks' other pictures
    assert "image/png" not in board._repr_mimebundle_(exclude={"image/png"})


# ---------------------------------------------------------------------------------------
# What a newcomer reads: goal, turn line, move log, highlight, banner, settings
# ---------------------------------------------------------------------------------------

LEVEL = LEVEL_NAMES[0]  # whatever the weakest level is called today


class FirstMove(Player):
    """A computer that plays the first legal move and notes what the turn line said."""

    def __init__(self, board_ref: list) -> None:
        super().__init__(seed=0)
        self.board_ref, self.seen = board_ref, []

    def choose(self, state):
        self.seen.append(self.board_ref[0].turn_line.value if self.board_ref else "")
        return state.legal_moves()[0]


def test_the_goal_line_says_how_to_win_with_this_games_number_in_a_row() -> None:
    board = CoffeeBoard(coffee.Rules(board="hex", size=5))
    goal = (
        "Make a line of 5 of your stones, or block your opponent: leave them only cells where "
        "no rod fits."
    )
    assert goal in board.goal_line.value
    assert 'href="../notebooks/03_coffee_endings.ipynb"' in board.goal_line.value
    assert "Blocking: lesson 03" in board.goal_line.value
    assert "How to play: lesson 01" in board.goal_line.value
    board.new_game(board="square", size=5, n=4)
    assert "Make a line of 4 of your stones" in board.goal_line.value


def test_the_lesson_link_points_to_the_first_lesson_from_apps_and_from_notebooks(
    tmp_path, monkeypatch
) -> None:
    board = hex4()
    monkeypatch.delenv("VOILA_KERNEL_ID", raising=False)
    (tmp_path / "apps").mkdir()
    (tmp_path / "notebooks").mkdir()
    monkeypatch.chdir(tmp_path / "apps")
    assert 'href="../notebooks/01_coffee_rules.ipynb"' in board.lesson_link()
    monkeypatch.chdir(tmp_path / "notebooks")
    assert 'href="01_coffee_rules.ipynb"' in board.lesson_link()
    monkeypatch.setenv("VOILA_KERNEL_ID", "x")  # Voila serves only the apps: no dead link
    assert "href" not in board.lesson_link() and "lesson 01" in board.lesson_link()


def test_the_log_keeps_your_move_in_words_after_the_computer_replies() -> None:
    board = hex4(opponent=LEVEL)
    board.click("d4")
    board.choose_axis("|")
    first, second = board.move_log
    assert first.words == "You put a black stone on d4 and laid the rod vertically."
    assert (first.notation, first.computer, first.seat) == ("d4|", False, "black")
    assert second.computer and second.seat == "orange"
    assert second.words.startswith("The computer put an orange stone on ")
    assert second.notation == board.record.moves[1]
    log = board.log_view.value
    assert log.index(html.escape(second.words)) < log.index(html.escape(first.words))
    assert ">d4|</td>" in log  # the notation, in its own column
    assert board.message == second.words


def test_a_computer_game_can_be_followed_move_by_move_in_the_log() -> None:
    board = hex4(opponent=LEVEL, computer_plays=("black", "orange"))  # it plays both
    assert board.state.outcome is not None
    assert len(board.move_log) == len(board.record.moves)
    assert all(e.computer for e in board.move_log)
    assert board.move_log[0].words.startswith("The computer (Black) put a black stone on ")
    assert board.move_log[1].words.startswith("The computer (Orange) put an orange stone on ")
    assert [e.number for e in board.move_log] == list(range(1, len(board.record.moves) + 1))
    winner = board.state.outcome.winner.capitalize()
    assert board.move_log[-1].words.endswith(f"the computer ({winner}) won.")


def test_the_turn_line_says_whose_turn_in_words() -> None:
    board = hex4()
    assert board.turn_text() == "Black to move"  # two people
    assert "choose any empty cell for your stone" in board.turn_line.value
    board.opponent = LEVEL
    assert board.turn_text() == "Your turn (Black)"
    board.computer_plays = "black"  # takes effect at once: it plays Black's move now
    assert len(board.record.moves) == 1
    assert board.turn_text() == "Your turn (Orange)"
    done = CoffeeBoard(record=Record(coffee.Rules(board="hex", size=4), WIN_HEX4))
    assert done.turn_text() == "Game over"


def test_the_turn_line_says_the_computer_is_thinking_while_it_chooses() -> None:
    ref: list = []
    player = FirstMove(ref)
    board = hex4()
    ref.append(board)
    board.opponent = player
    board.type_move("d4|")
    assert player.seen and "The computer is thinking…" in player.seen[0]
    assert "Your turn (Black)" in board.turn_line.value


def test_choosing_a_computer_mid_game_plays_at_once_when_it_is_its_turn() -> None:
    board = square5()
    board.type_move("c3-")
    board.opponent_choice.value = LEVEL  # Orange (the default seat) is to move
    assert len(board.record.moves) == 2 and board.move_log[1].computer
    assert board.turn_text() == "Your turn (Black)"
    board.seats_choice.value = ("black",)  # now the computer plays Black: its turn
    assert len(board.record.moves) == 3 and board.move_log[2].computer
    assert board.turn_text() == "Your turn (Orange)"
    board.opponent_choice.value = NOBODY
    assert board.opponent is None and board.turn_text() == "Orange to move"


def test_the_computers_last_stone_is_ringed_until_you_move() -> None:
    board = hex4(opponent=LEVEL)
    board.type_move("d4|")
    reply = coffee.Move.parse(board.record.moves[1]).cell
    edges = board.view.styles["stones"]["edge"]
    index = board.state.grid.index
    assert edges[index(reply)] == PALETTE["last"]
    assert edges[index("d4")] != PALETTE["last"]
    board.type_move(str(board.state.legal_moves()[0]))
    edges = board.view.styles["stones"]["edge"]
    assert edges[index(reply)] != PALETTE["last"]  # your move: its old stone is plain again
    newest = coffee.Move.parse(board.record.moves[3]).cell
    assert edges[index(newest)] == PALETTE["last"]


def test_nothing_is_ringed_between_two_people() -> None:
    board = hex4()
    board.play_moves(["d4|", "d7|"])
    assert PALETTE["last"] not in board.view.styles["stones"]["edge"]


def test_undo_against_the_computer_takes_back_both_moves_and_says_them_in_words() -> None:
    board = hex4(opponent=LEVEL)
    board.type_move("d4|")
    board.undo()
    assert board.record.moves == ()
    assert board.message.startswith("Took back 2 moves: you put a black stone on d4")
    assert "the computer put an orange stone" in board.message
    assert board.move_log == []
    board.redo()
    assert len(board.record.moves) == 2 and board.move_log[1].computer


@pytest.mark.parametrize(
    "plays, opponent, head, colour",
    [
        ("orange", LEVEL, "You won: Black made a line of 4", "#1b5e20"),
        ("black", LEVEL, "The computer won: Black made a line of 4", "#8c1d18"),
        ("orange", None, "Black won: Black made a line of 4", "#1f2937"),
    ],
)
def test_the_game_over_banner_says_who_won_in_words_and_a_loss_is_not_green(
    plays, opponent, head, colour
) -> None:
    board = CoffeeBoard(
        record=Record(coffee.Rules(board="hex", size=4), WIN_HEX4),
        opponent=opponent,
        computer_plays=plays,
    )
    assert board.banner.layout.display is None
    text, tone = board.banner_text()
    assert text.startswith(head)
    assert html.escape(head) in board.banner.value
    assert f"color:{colour}" in board.banner.value
    if head.startswith("The computer"):
        assert tone == "loss" and "#1b5e20" not in board.banner.value
    board.undo()
    assert board.banner.layout.display == "none"


def test_every_setting_and_button_says_what_it_does() -> None:
    board = square5(pie_rule=True)
    controls = [
        x
        for x in walk(board.widget)
        if isinstance(x, (w.Dropdown, w.Checkbox, w.BoundedIntText, w.ToggleButton, w.Button))
    ]
    assert len(controls) > 10
    missing = [getattr(x, "description", "?") for x in controls if not x.tooltip]
    assert missing == []
    assert board.n_choice.description == "in a row"
    assert "stones in a row" in board.n_choice.tooltip
    assert "Orange may take it as its own" in board.pie_choice.tooltip


def test_the_side_panel_keeps_its_height_when_a_message_appears() -> None:
    board = square5()
    height = board.message_line.layout.height
    board.click("a1")
    board.click("z9")  # a long refusal
    assert board.message and board.message_line.layout.height == height == "4.6em"
    assert board.message_line.layout.overflow == "auto"


def test_the_computer_menu_lists_the_levels_of_gamekit_players() -> None:
    board = square5()
    values = [v for _, v in board.opponent_choice.options]
    assert values == [NOBODY, *LEVEL_NAMES]
    assert [v for _, v in board.seats_choice.options] == [("black",), ("orange",)]


def test_moves_a_board_appends_by_itself_are_logged_as_a_persons() -> None:
    board = hex4()
    after = board.state.play("d4|")
    board._states.append(after)  # the old way, without the base's _push
    board._moves.append("d4|")
    assert [(e.notation, e.computer) for e in board.move_log] == [("d4|", False)]
    board.type_move("d7|")
    assert [e.computer for e in board.move_log] == [False, False]


@pytest.mark.parametrize("seed, error", [(-1, ValueError), (2.5, TypeError)])
def test_a_bad_computer_seed_is_refused_before_any_computer_is_chosen(seed, error) -> None:
    with pytest.raises(error, match="seed must be"):
        CoffeeBoard(coffee.Rules(), seed=seed)


@pytest.mark.parametrize("game", SUITE)
def test_a_typed_legal_move_leaves_the_box_empty_before_the_board_changes(game):
    # so a learner (or a browser test) who types the next move at once loses nothing
    board = board_for(dealt(example_rules(game, "board")))
    seen = []
    original = board._push

    def push(move, **kw):
        seen.append(board.move_box.value)
        return original(move, **kw)

    board._push = push
    move = str(board.state.legal_moves()[0])
    board.move_box.value = move
    assert seen and seen[0] == "" and board.move_box.value == ""
    assert board.record.moves[0] == move


def test_your_stone_stays_marked_when_the_computer_answers() -> None:
    """The review: your own move vanished 0.4 s later, when the computer answered."""
    from gamekit.coffee.picture import PALETTE

    board = hex4(opponent="beginner")
    board.type_move("d4|")
    reply = board.record.moves[-1]
    stones = board.view.styles["stones"]
    index = board.state.grid.index
    assert stones["edge"][index("d4")] == PALETTE["yours"]
    assert stones["edge"][index(coffee.Move.parse(reply).cell)] == PALETTE["last"]
    assert "yours before it in sky blue" in board.legend.value


def test_play_again_sits_in_the_end_banner_and_starts_a_new_game():
    board = CoffeeBoard(coffee.Rules(board="square", size=4, n=3), opponent="beginner")
    again = board.panel.play_again
    assert again.layout.display == "none"  # while the game goes on
    while board.state.outcome is None:
        board.type_move(str(board.state.legal_moves()[0]))
    assert again.layout.display is None and board.banner.layout.display is None
    again.click()
    assert board.state.outcome is None and len(board.move_log) <= 1  # the computer may open
    assert again.layout.display == "none" and board.banner.layout.display == "none"


def test_a_puzzle_ended_by_its_answer_offers_no_play_again():
    from gamekit import puzzles

    board = puzzles.get("coffee-win-1").board()
    answer = next(iter(board.puzzle.answers()))
    board.type_move(str(answer))
    assert board.solved and board.panel.play_again.layout.display == "none"


def test_an_apps_log_keeps_the_notation_in_its_tooltips_only(monkeypatch):
    board = CoffeeBoard()
    board.type_move("e5|")
    assert "font-family:monospace" in board.log_view.value  # a lesson's log: both
    monkeypatch.setenv("VOILA_KERNEL_ID", "an-app")
    board.type_move("e4|")
    assert "font-family:monospace" not in board.log_view.value
    assert 'title="e4|"' in board.log_view.value and "Orange put" in board.log_view.value


def test_the_move_that_loses_the_learner_the_game_is_not_said_in_well_done_green() -> None:
    import random

    from gamekit.widgets.panel import _OK, _PLAIN

    rules = coffee.Rules(board="square", size=4, n=3)
    for seed in range(50):  # a random game that Orange wins
        rng, state, played = random.Random(seed), rules.start(), []
        while state.outcome is None:
            move = rng.choice(state.legal_moves())
            played.append(str(move))
            state = state.play(move)
        if "orange" in state.outcome.winners:
            break
    board = CoffeeBoard(rules)
    board.play_moves(played)
    assert f"color:{_OK}" in board.panel.message_html()  # between friends: a move, in green
    board.opponent = "beginner"  # Orange was the computer's: the learner lost
    assert board.banner_text()[1] == "loss"
    assert f"color:{_PLAIN}" in board.panel.message_html()
