"""The GIPF and Hex Tiles free-play boards in classroom mode (Voila), clicked like a learner.

Clicks land on the centre of a shape of the board's own SVG (found in the page), so the test
needs no geometry of its own: a legal click must repaint the board and change the message
line, an illegal one must show the reason.
"""

from __future__ import annotations

import json

from gamekit import gipf

MESSAGE = "() => [...document.querySelectorAll('.widget-html')].map(e => e.innerText).join(' | ')"


def open_app(page, voila_url, name: str):
    page.goto(f"{voila_url}/voila/render/{name}.ipynb")
    page.wait_for_selector(".gamekit-board[data-paints] svg", timeout=90_000)
    return page.locator(".gamekit-board").first


def click_shape(page, layer: str, index: int) -> None:
    """Click the centre of the ``index``-th shape of a layer of the board's SVG."""
    shape = page.locator(f".gamekit-board svg g#layer-{layer} path").nth(index)
    box = shape.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def wait_text(page, text: str) -> None:
    page.wait_for_function(f"() => ({MESSAGE})().includes({text!r})", timeout=30_000)


def look(page) -> list[str]:
    """The fill of every cell of the board, as the page shows it now."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.gamekit-board svg g#layer-cells path')]
                 .map(p => p.style.fill)"""
    )


def paints(board) -> int:
    return int(board.get_attribute("data-paints"))


def test_gipf_app_pushes_on_clicks_and_refuses_a_push_from_a_spot(page, voila_url, screenshots):
    board = open_app(page, voila_url, "gipf")
    index = gipf.GRID.index
    click_shape(page, "points", index("e5"))  # a spot, not a dot
    wait_text(page, "Click a dot first")
    before = paints(board)
    click_shape(page, "points", index("b1"))  # a dot (not a corner: those push at once)
    wait_text(page, "now click where it enters")
    click_shape(page, "points", index("b2"))  # one of its two entry spots
    wait_text(page, "pushed a piece in from the dot b1 onto b2")
    assert paints(board) > before
    # a screen reader names the board by the position, and the name follows the move
    page.wait_for_function(
        "() => (document.querySelector('.gamekit-board svg').getAttribute('aria-label') || '')"
        ".includes('White: 11 in reserve')",
        timeout=30_000,
    )
    name = page.locator(".gamekit-board svg").first.get_attribute("aria-label")
    assert name.startswith("GIPF board. GIPF, standard game.") and "single pieces on b2" in name
    page.screenshot(path=str(screenshots / "demo_gipf.png"))


def test_hextiles_app_takes_and_places_a_tile_and_refuses_an_occupied_cell(
    page, voila_url, screenshots
):
    open_app(page, voila_url, "hextiles")
    market = page.locator("button.gamekit-tile")  # the market tiles' pictures
    market.first.click()
    wait_text(page, "took")
    cells = page.locator(".gamekit-board svg g#layer-cells path")
    click_shape(page, "cells", cells.count() // 2)  # the starter tile in the middle
    page.wait_for_function(
        f"() => ({MESSAGE})().includes('not allowed') || ({MESSAGE})().includes('already')",
        timeout=30_000,
    )
    page.get_by_role("button", name="Hints").click()
    page.wait_for_function(
        """() => [...document.querySelectorAll('.gamekit-board svg g#layer-hints path')]
                 .some(p => p.style.fill && p.style.fill !== 'none')"""
    )
    hinted = page.evaluate(
        """() => [...document.querySelectorAll('.gamekit-board svg g#layer-hints path')]
                 .findIndex(p => p.style.fill && p.style.fill !== 'none')"""
    )
    before = look(page)
    click_shape(page, "hints", hinted)
    wait_text(page, "placed")
    # The message and the new colours arrive separately: wait for the board to change.
    page.wait_for_function(
        """(before) => JSON.stringify([...document.querySelectorAll(
               '.gamekit-board svg g#layer-cells path')].map(p => p.style.fill)) !== before""",
        arg=json.dumps(before, separators=(",", ":")),
        timeout=30_000,
    )
    page.screenshot(path=str(screenshots / "demo_hextiles.png"))


def test_roaster_app_draws_on_a_click_and_refuses_an_action_out_of_turn(
    page, voila_url, screenshots
):
    board = open_app(page, voila_url, "roaster")
    # Buttons of actions not allowed now are disabled; a typed one is refused with the reason.
    assert page.get_by_role("button", name="Cup", exact=True).is_disabled()
    page.get_by_placeholder("type a move").fill("cup")
    page.keyboard.press("Enter")
    wait_text(page, "cup is not allowed")
    before = paints(board)
    page.get_by_role("button", name="Draw", exact=True).click()
    page.wait_for_function(
        "([el, n]) => Number(el.dataset.paints) > n",
        arg=[board.element_handle(), before],
        timeout=30_000,
    )
    page.wait_for_function(f"() => !({MESSAGE})().includes('cup is not allowed')")
    page.screenshot(path=str(screenshots / "demo_roaster.png"))
