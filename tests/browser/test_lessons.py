"""Every lesson, run in a real JupyterLab and clicked in headless Chromium.

For each notebook: open it, wait for its kernel, run all cells, check that no cell shows an
error and that every board widget drew itself. On every free-play Coffee board (a fresh game):
click a cell and check that the board repaints and the message line changes, then click an
occupied cell and check that the reason is shown. A screenshot per lesson is saved. Nothing
may come from outside this computer (conftest blocks and records it). One lesson alone:
``pytest tests/browser/test_lessons.py -k 01_coffee``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import ALL_RAN, KERNEL_IDLE, ROOT, WIDGET_MIME

from gamekit import coffee
from gamekit.coffee.board import _template
from gamekit.widgets.view import svg_point

LESSONS = sorted(p.name for p in (ROOT / "notebooks").glob("[0-9][0-9]*_*.ipynb"))  # 05b_ too


def _is_board(data: dict) -> bool:
    """A gamekit board's output (not a lesson's panel of plain controls)."""
    return WIDGET_MIME in data and "".join(data.get("text/plain", "")).startswith("<")


def stored_boards(name: str) -> tuple[int, int]:
    """(code cells, cells whose stored output is a widget) of a lesson."""
    nb = json.loads((ROOT / "notebooks" / name).read_text())
    code = [c for c in nb["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]
    widgets = sum(any(_is_board(o.get("data", {})) for o in c.get("outputs", [])) for c in code)
    return len(code), widgets


def open_and_run(page, lab_url, name: str) -> None:
    base, token = lab_url
    workspace = re.sub(r"\W", "", Path(name).stem)  # one fresh workspace per lesson
    page.goto(f"{base}/lab/workspaces/{workspace}/tree/{name}?reset&token={token}")
    page.wait_for_selector(".jp-Notebook", timeout=90_000)
    page.wait_for_function(KERNEL_IDLE, timeout=90_000)
    cells, _ = stored_boards(name)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(ALL_RAN, arg=cells, timeout=300_000)  # design lessons simulate
    page.wait_for_function(KERNEL_IDLE, timeout=60_000)


# A board's outermost box (boards laid out by the board base nest boxes inside it).
BOARD_AREA = ".widget-vbox:has(.gamekit-board):not(.widget-vbox *)"


def board_area(page, k: int):
    """The k-th board widget (board plus its controls) on the page."""
    return page.locator(BOARD_AREA).nth(k)


def choice(area, label: str):
    """The menu of a board's controls named ``label``."""
    return area.locator(f".widget-dropdown:has(label:text-is('{label}')) select")


def paints(area) -> int:
    return int(area.locator(".gamekit-board").get_attribute("data-paints"))


def click_cell(page, area, board: str, size: int, label: str) -> None:
    """Click the centre of a cell, computed from the board's drawing geometry."""
    _svg, transform = _template(board, size)
    grid = coffee.Rules(board=board, size=size).grid
    svg = area.locator(".gamekit-board svg")
    svg.scroll_into_view_if_needed()
    view_box = [float(v) for v in svg.get_attribute("viewBox").split()]
    box = svg.bounding_box()
    sx, sy = svg_point(transform, *grid.centres[grid.index(label)])
    page.mouse.click(
        box["x"] + (sx - view_box[0]) * box["width"] / view_box[2],
        box["y"] + (sy - view_box[1]) * box["height"] / view_box[3],
    )


@pytest.mark.parametrize("name", LESSONS)
def test_lesson_runs_in_jupyterlab_and_its_boards_answer_clicks(
    page, lab_url, screenshots, outside_requests, name
):
    open_and_run(page, lab_url, name)
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, errors.first.inner_text()
    _, expected_boards = stored_boards(name)
    page.wait_for_function(
        "(n) => document.querySelectorAll('.gamekit-board[data-paints] svg').length >= n",
        arg=expected_boards,
        timeout=60_000,
    )
    boards = page.locator(BOARD_AREA)
    assert boards.count() == expected_boards
    for k in range(expected_boards):
        assert paints(board_area(page, k)) >= 1  # styles reached the SVG

    for k in range(expected_boards):
        area = board_area(page, k)
        turn = area.locator(".gamekit-turn")
        status = (turn if turn.count() else area.locator(".widget-html").first).inner_text()
        if "any empty cell" not in status:
            continue  # not a fresh game: the lesson set up a position
        if choice(area, "board").count() == 0:
            continue  # a puzzle's board has no menus; tests/browser/test_puzzles.py clicks those
        if area.locator(".gamekit-objectives").is_visible():
            continue  # a guided game answers with the computer: see the test below
        kind = "square" if choice(area, "board").input_value() == "square" else "hex"
        size = int(choice(area, "size").input_value())
        grid = coffee.Rules(board=kind, size=size).grid
        centre = grid.labels[len(grid) // 2]  # the middle cell: legal on an empty board
        before = paints(area)
        click_cell(page, area, kind, size, centre)
        page.wait_for_function(
            "([el, n]) => Number(el.dataset.paints) > n",
            arg=[area.locator(".gamekit-board").element_handle(), before],
            timeout=15_000,
        )
        message = area.locator(".gamekit-message")
        page.wait_for_function(
            "(el) => el.innerText.includes('choose the rod')", arg=message.element_handle()
        )
        area.get_by_role("button", name="|", exact=True).click()
        page.wait_for_function(
            "(el) => el.innerText.includes('laid the rod')", arg=message.element_handle()
        )
        assert re.search(
            r"Black put a stone on \w+ and laid the rod vertically", message.inner_text()
        )
        # Now an illegal click: the stone just placed.
        click_cell(page, area, kind, size, centre)
        page.wait_for_function(
            "(el) => el.innerText.includes('is not allowed')", arg=message.element_handle()
        )
        assert "already holds a Black stone" in message.inner_text()
    page.screenshot(path=str(screenshots / f"{Path(name).stem}.png"), full_page=False)
    assert outside_requests == []  # JupyterLab and the boards ask nothing of the internet


def test_lesson_12_sliders_redraw_the_odds(page, lab_url, screenshots):
    """The odds of smoke in one draw: moving a slider (here with the keyboard) works the
    bars and the chances out again, in place."""
    open_and_run(page, lab_url, "12_roaster_push_your_luck.ipynb")
    said = page.get_by_text(re.compile(r"^Drawing 12 of \d+ tokens with \d+ smoke: at least 1"))
    said.wait_for(timeout=60_000)
    page.locator(".widget-slider:has-text('tokens drawn') .noUi-handle").first.focus()
    page.keyboard.press("ArrowRight")
    page.get_by_text(re.compile(r"^Drawing 13 of \d+ tokens")).wait_for(timeout=60_000)
    alt = page.locator(".jp-OutputArea-output img[alt*='among 13 drawn']")
    alt.first.wait_for(timeout=60_000)
    panel = page.locator(".jp-OutputArea-output:has(.widget-slider)").first
    panel.screenshot(path=str(screenshots / "lesson12_sliders.png"))


def test_lesson_03_guided_game_ticks_an_objective_off(page, lab_url, screenshots):
    """The guided first game at the end of lesson 03, played by typing moves: four moves of
    Black's (the beginner answering each) make two threats at once, and the checklist ticks
    "Make two threats at once" off and the live region says so."""
    open_and_run(page, lab_url, "03_coffee_endings.ipynb")
    area = page.locator(BOARD_AREA).filter(has=page.locator(".gamekit-objectives:visible"))
    area.wait_for(timeout=60_000)
    checklist = area.locator(".gamekit-objectives")
    checklist.scroll_into_view_if_needed()
    assert "0 of 3 reached" in checklist.inner_text()
    box = area.locator("input[placeholder*='type a move']")
    for k, move in enumerate(("e2\\", "f3\\", "e3\\", "d3|")):  # the beginner answers each
        box.fill(move)
        box.press("Enter")
        page.wait_for_function(
            "([el, n]) => el.querySelectorAll('tr').length >= n",
            arg=[area.locator(".gamekit-log").element_handle(), 2 * k + 2],
            timeout=30_000,
        )
    page.wait_for_function(
        "(el) => el.innerText.includes('1 of 3 reached')",
        arg=checklist.element_handle(),
        timeout=30_000,
    )
    text = checklist.inner_text()
    assert "(done)" in text and "Make two threats at once" in text
    live = area.locator("[role=log]")
    assert "Objective reached: Make two threats at once" in live.inner_text()
    area.screenshot(path=str(screenshots / "guided_coffee_objective.png"))


def test_an_experiment_runs_again_with_a_new_seed_by_keyboard(page, lab_url, screenshots):
    """Lesson 17's experiment panel: from the seed box, Tab to "Run again with a new seed"
    (its words not clipped), Enter: the seed becomes 1 and the games are played again."""
    open_and_run(page, lab_url, "17_design_a_game.ipynb")
    seed = page.locator(".widget-inline-hbox:has-text('seed') input").last
    seed.scroll_into_view_if_needed()
    seed.focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    again = page.locator("button:has-text('Run again with a new seed')").last
    assert again.evaluate("b => b === document.activeElement")
    assert again.evaluate("b => b.scrollWidth <= b.clientWidth")  # its words are not clipped
    page.keyboard.press("Enter")
    page.wait_for_function("(el) => el.value === '1'", arg=seed.element_handle(), timeout=30_000)
    page.get_by_text("seed 1 (95 % intervals)").last.wait_for(timeout=120_000)
    page.screenshot(path=str(screenshots / "17_new_seed.png"))
