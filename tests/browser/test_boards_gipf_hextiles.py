"""The GIPF and Hex Tiles apps in Voilà at 1280×800, played the way a newcomer plays them:
by clicking, reading the turn line, the message and the move log (issue #14).

Each game is played to its end. The opening decisions are clicks on the board's own shapes
(a dot, a spot, a lit row, a market tile's picture, a hinted cell); the rest of the game is
typed in the move box to keep the test short, its moves chosen here from the record the log
shows (the notation each row carries), so the page itself tells the test where the game stands.
Screenshots go to ``$GAMEKIT_SCREENSHOTS``.
"""

from __future__ import annotations

import re
import time

import pytest

from gamekit import gipf, hextiles
from gamekit.players import LEVEL_NAMES, make_player

VIEWPORT = {"width": 1280, "height": 800}
# Notation a newcomer should not have to read in the log's words.
GIPF_NOTATION = re.compile(r"\bx[a-i][0-9]|\b[a-i][0-9]-[a-i][0-9]|\bkeep [a-i][0-9]")
HEX_NOTATION = re.compile(r"[01]{6}|\(-?[0-9]+, ?-?[0-9]+\)|\bturn [0-9]")
LOG_ROWS = "() => document.querySelectorAll('.gamekit-log tr').length"
LOG_TEXT = "() => (document.querySelector('.gamekit-log') || {innerText: ''}).innerText"
# The font size of every text of the board, in screen pixels.
BOARD_TEXT_PX = """() => {
  const svg = document.querySelector('.gamekit-board svg');
  const scale = svg.getScreenCTM().a;
  return [...svg.querySelectorAll('text')]
    .map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
}"""


@pytest.fixture
def context(browser):
    """A window the size of a classroom laptop's screen (overrides conftest's tall one)."""
    ctx = browser.new_context(viewport=VIEWPORT)
    ctx.set_default_timeout(120_000)
    yield ctx
    ctx.close()


def open_app(page, voila_url, name: str) -> None:
    page.goto(f"{voila_url}/voila/render/{name}.ipynb")
    page.wait_for_selector(".gamekit-board[data-paints] svg", timeout=90_000)
    page.wait_for_selector(".gamekit-log")


def click_shape(page, layer: str, index: int) -> None:
    """Click the centre of the ``index``-th shape of a layer of the board's SVG."""
    box = page.locator(f".gamekit-board svg g#layer-{layer} path").nth(index).bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def log_rows(page) -> int:
    return page.evaluate(LOG_ROWS)


def wait_log(page, text: str) -> None:
    page.wait_for_function(f"() => ({LOG_TEXT})().includes({text!r})", timeout=90_000)


def wait_rows(page, more_than: int) -> None:
    page.wait_for_function(f"() => ({LOG_ROWS})() > {more_than}", timeout=90_000)


def notations(page) -> list[str]:
    """The moves so far, oldest first, read from the log rows' notation (their tooltip: Hex
    Tiles shows words only)."""
    titles = page.evaluate(
        "() => [...document.querySelectorAll('.gamekit-log tr[title]')].map(r => r.title)"
    )
    return [t.strip() for t in reversed(titles)]


def choose_computer(page, level: str) -> None:
    """Pick a level in the "computer" menu (it takes effect at once)."""
    menu = page.locator("select").filter(has=page.locator("option", has_text="nobody"))
    menu.select_option(label=level)


def turn_line(page) -> str:
    return page.locator(".gamekit-turn").inner_text()


def seat_to_move(page, rules, seat: str, seconds: float = 90.0):
    """The position the page's log leads to once it is ``seat``'s turn (``None``: the game
    is over). The turn line and the log are separate widgets: on a loaded machine the turn
    line can say "Your turn" a moment before the log shows the computer's move."""
    deadline = time.monotonic() + seconds
    while True:
        if "Game over" in turn_line(page):
            return None
        try:
            state = rules.replay(notations(page))
        except ValueError:  # a row caught half drawn
            state = None
        if state is not None and state.outcome is None and state.to_move == seat:
            return state
        assert time.monotonic() < deadline, (state, turn_line(page))
        page.wait_for_timeout(250)


def finish_by_typing(page, rules, seat: str, player) -> None:
    """Play ``seat`` to the end of the game by typing moves in the move box, each chosen
    by ``player`` in the position the page's log leads to."""
    box = page.get_by_placeholder("or type a move")
    for _ in range(400):
        state = seat_to_move(page, rules, seat)
        if state is None:
            return
        rows = log_rows(page)
        box.fill(str(player.choose(state)))
        box.press("Enter")
        wait_rows(page, rows)
        page.wait_for_function(
            "() => !document.querySelector('.gamekit-turn').innerText.includes('thinking')"
        )
    raise AssertionError("the game did not end")


def button(page, text: str):
    """The button that reads ``text`` (its icon aside)."""
    return page.locator("button").filter(has_text=re.compile(rf"^\s*{re.escape(text)}\s*$"))


def assert_main_controls_in_view(page, buttons: list[str]) -> None:
    """The board, the turn line, the message line, the log and the main buttons are all
    inside the 1280×800 window, with nothing scrolled."""
    assert page.evaluate("() => window.scrollY") == 0
    for selector in (".gamekit-board svg", ".gamekit-turn", ".gamekit-message", ".gamekit-log"):
        box = page.locator(selector).first.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= VIEWPORT["height"], selector
        assert box["x"] + box["width"] <= VIEWPORT["width"], selector
    for name in buttons:
        box = button(page, name).bounding_box()
        assert box and box["y"] + box["height"] <= VIEWPORT["height"], name


def test_gipf_a_whole_game_by_clicks_keeps_your_gipf_piece_and_logs_the_computer(
    page, voila_url, screenshots
):
    open_app(page, voila_url, "gipf")
    assert_main_controls_in_view(page, ["Undo", "Redo", "Hints"])
    sizes = page.evaluate(BOARD_TEXT_PX)
    assert len(sizes) > 61 and min(sizes) >= 10, min(sizes)  # every label legible
    index = gipf.GRID.index
    # The app starts against the computer (club): "a friend" makes it two people.
    button(page, "a friend").click()
    page.wait_for_function("() => !document.querySelector('.gamekit-turn').innerText"
                           ".includes('computer')")  # fmt: skip
    # Two people first: White makes a row of four that ends on White's own GIPF piece.
    for k, (dot, spot) in enumerate(
        [("e1", "e2"), ("b6", "b5"), ("e1", "e2"), ("c7", "c6"), ("e1", "e2")]
    ):
        click_shape(page, "points", index(dot))
        page.wait_for_function(
            f"() => document.querySelector('.gamekit-message').innerText"
            f".includes('Piece on {dot}: now click where it enters')"
        )
        click_shape(page, "points", index(spot))
        wait_rows(page, k)
    wait_log(page, "That makes a row for White (e2 to e5)")
    click_shape(page, "points", index("e3"))  # choose the lit row
    keep = page.get_by_role("checkbox", name="Keep your GIPF piece on e5")
    keep.wait_for()
    assert keep.is_checked()  # your own GIPF piece is kept unless you say otherwise
    page.screenshot(path=str(screenshots / "gipf_1_keep_your_gipf_piece.png"))
    button(page, "Remove row").click()
    wait_log(page, "White took its row of four from e2 to e5 and kept its GIPF piece on e5.")
    # A computer chosen now plays Black at once: its push is in the log, in words.
    choose_computer(page, LEVEL_NAMES[0])
    wait_rows(page, 6)
    page.wait_for_function("() => document.querySelector('.gamekit-turn').innerText"
                           ".includes('Your turn (White)')")  # fmt: skip
    assert "The computer pushed a piece in from the dot" in page.evaluate(LOG_TEXT)
    page.screenshot(path=str(screenshots / "gipf_2_computer_in_the_log.png"))
    finish_by_typing(page, gipf.Rules(), "white", make_player(LEVEL_NAMES[1], seed=1))
    banner = page.locator(".gamekit-banner").inner_text()
    assert banner.startswith(("You won", "The computer won")), banner
    words = page.locator(".gamekit-log tr td:nth-child(2)").all_inner_texts()
    assert sum(w.startswith("The computer") for w in words) >= 10
    assert not any(GIPF_NOTATION.search(w) for w in words)
    page.screenshot(path=str(screenshots / "gipf_3_game_over.png"))


def test_hextiles_a_whole_game_by_clicks_with_hints_pictures_and_the_computers_turn(
    page, voila_url, screenshots
):
    open_app(page, voila_url, "hextiles")
    assert_main_controls_in_view(page, ["Undo", "Hints", "End turn", "Keep"])
    choose_computer(page, LEVEL_NAMES[0])  # it plays Player 2; Player 1 (you) begins
    page.wait_for_function("() => document.querySelector('.gamekit-turn').innerText"
                           ".includes('Your turn (Player 1)')")  # fmt: skip
    market = page.locator(".gamekit-tile")
    label = market.first.get_attribute("aria-label")
    assert label.startswith("a ") and " tile (" in label  # named in words, not digits
    market.first.click()  # the tile's picture is the button
    wait_log(page, "You took " + label)
    button(page, "Hints").click()
    page.wait_for_function(
        """() => [...document.querySelectorAll('.gamekit-board svg g#layer-hints path')]
                 .some(p => p.style.fill && p.style.fill !== 'none')"""
    )
    dots = page.evaluate(
        """() => [...document.querySelectorAll('.gamekit-board svg g#layer-hints path')]
                 .map((p, i) => [i, p.style.fill !== 'none', p.style.stroke !== 'none'])"""
    )
    filled = [i for i, fill, _ in dots if fill]
    # Where the tile fits as turned, a pointer resting on the cell reads what it would add.
    tips = page.evaluate(
        """() => [...document.querySelectorAll('.gamekit-board svg g#layer-cells path')]
                 .map(p => (p.querySelector('title') || {}).textContent || '')"""
    )
    assert all(tips[i].startswith("Here: +") and "longest border" in tips[i] for i in filled)
    assert sum(bool(t) for t in tips) == len(filled)
    page.screenshot(path=str(screenshots / "hextiles_1_hints_as_turned.png"))
    click_shape(page, "hints", filled[0])  # a blue dot: the tile fits as it is turned now
    wait_log(page, "You placed " + label)
    rows = log_rows(page)
    button(page, "End turn").click()
    wait_rows(page, rows + 2)  # your "done", then the computer's turn, move by move
    page.wait_for_function(f"() => ({LOG_TEXT})().includes('The computer ended its turn')")
    log = page.evaluate(LOG_TEXT)
    assert "The computer took a" in log and "from the market" in log
    page.screenshot(path=str(screenshots / "hextiles_2_computers_turn_in_the_log.png"))
    # Clicking the board while it shows the computer's figure brings yours back.
    button(page, "Player 2").click()
    page.wait_for_function("() => document.body.innerText.includes('showing Player 2')")
    cells = page.locator(".gamekit-board svg g#layer-cells path")
    click_shape(page, "cells", cells.count() // 2)
    page.wait_for_function(
        "() => document.querySelector('.gamekit-message').innerText"
        '.includes("That was Player 2\'s figure; here is your figure again")'
    )
    aria = page.locator(".gamekit-board svg").get_attribute("aria-label")
    # the board's name: what it shows (the window), then the position in words
    assert f"a window of {cells.count()} cells. Hex Tiles, 2 players" in aria, aria
    finish_by_typing(
        page, hextiles.Rules(players=2, seed=1), "player 1", make_player(LEVEL_NAMES[1], seed=1)
    )
    banner = page.locator(".gamekit-banner").inner_text()
    assert banner.startswith(("You won", "The computer won", "A draw")), banner
    assert "Player 1" in page.locator(".gamekit-score").inner_text()
    words = page.locator(".gamekit-log tr td:nth-child(2)").all_inner_texts()
    assert len(words) > 30 and not any(HEX_NOTATION.search(w) for w in words)
    page.screenshot(path=str(screenshots / "hextiles_3_game_over.png"))
