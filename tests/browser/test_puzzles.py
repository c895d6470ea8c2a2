"""Puzzle mode in classroom mode (Voila's puzzles app), clicked like a learner: for each game
one puzzle answered wrong (the hint shows, the answer does not) and then right, with the
board's own clicks, cells and buttons. Screenshots: ``puzzle_<game>_wrong.png`` and
``puzzle_<game>_right.png``."""

from __future__ import annotations

import re

from gamekit import coffee, gipf, puzzles
from gamekit.game import facts
from gamekit.grids import hex_region
from gamekit.hextiles.board import _window
from gamekit.widgets.puzzle import PuzzleLadder

VERDICT = ".gamekit-puzzle-feedback .gamekit-verdict"


def open_puzzle(page, voila_url, puzzle_id: str) -> None:
    """Open the puzzles app and choose ``puzzle_id`` with its two menus."""
    p = puzzles.get(puzzle_id)
    page.goto(f"{voila_url}/voila/render/puzzles.ipynb")
    page.wait_for_selector(".gamekit-board[data-paints] svg", timeout=90_000)
    menus = page.locator(".gamekit-ladder select")
    if p.game != "coffee":
        menus.nth(0).select_option(label=facts(p.game).title)
        page.wait_for_function(
            "(name) => [...document.querySelectorAll('.gamekit-ladder select')][1]"
            ".selectedOptions[0].value.startsWith('1.')",
        )
    label = dict((v, k) for k, v in PuzzleLadder(p.game)._options(p.game))[p.id]
    menus.nth(1).select_option(label=label)
    page.locator(".gamekit-task").filter(has_text=p.task[:40]).wait_for(timeout=30_000)


def click_shape(page, layer: str, index: int) -> None:
    """Click the centre of the ``index``-th shape of a layer of the board's SVG."""
    shape = page.locator(f".gamekit-board svg g#layer-{layer} path").nth(index)
    box = shape.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def said(page, text: str) -> None:
    """Wait for the message line to say ``text``."""
    page.locator(".gamekit-message").filter(has_text=text).wait_for(timeout=30_000)


def verdict(page, kind: str) -> str:
    """Wait for the verdict box of a ``kind`` ("right" or "wrong") try; its words."""
    box = page.locator(f"{VERDICT}.gamekit-{kind}")
    box.wait_for(timeout=30_000)
    return box.inner_text()


def feedback(page) -> str:
    return page.locator(".gamekit-puzzle-feedback").inner_text()


def check_wrong_then(page, p, screenshots, game: str) -> None:
    """After the first wrong try: the hint shows, the answer does not."""
    text = feedback(page)
    assert p.hint in text, text
    assert "Answer." not in text and p.solution() not in text
    page.screenshot(path=str(screenshots / f"puzzle_{game}_wrong.png"))


def test_a_coffee_puzzle_by_clicks_wrong_then_right(page, voila_url, screenshots):
    p = puzzles.get("coffee-block-1")
    open_puzzle(page, voila_url, p.id)
    index = p.start().grid.index
    click_shape(page, "cells", index("c4"))
    said(page, "Stone on c4")
    page.get_by_role("button", name="-", exact=True).click()  # c4-: Black can still move
    assert "Black still has" in verdict(page, "wrong")
    check_wrong_then(page, p, screenshots, "coffee")
    click_shape(page, "cells", index("c4"))  # a new try: the start position comes back
    said(page, "Stone on c4")
    page.get_by_role("button", name="|", exact=True).click()
    assert verdict(page, "right").startswith("✔ Right!")
    page.screenshot(path=str(screenshots / "puzzle_coffee_right.png"))
    progress = "() => document.querySelector('.gamekit-progress').innerText"
    page.wait_for_function(f"() => ({progress})().includes('all games: 1 of')")
    # A reload (a new kernel) keeps the progress: the browser remembers the solved puzzles.
    page.reload()
    page.wait_for_selector(".gamekit-board[data-paints] svg", timeout=90_000)
    page.wait_for_function(f"() => ({progress})().includes('Coffee: 1 of')", timeout=30_000)
    assert "all games: 1 of" in page.evaluate(progress)
    page.screenshot(path=str(screenshots / "puzzle_progress_after_reload.png"))


def test_a_gipf_puzzle_by_clicks_wrong_then_right(page, voila_url, screenshots):
    p = puzzles.get("gipf-row-1")
    open_puzzle(page, voila_url, p.id)
    index = gipf.GRID.index
    click_shape(page, "points", index("b6"))
    said(page, "Piece on b6")
    click_shape(page, "points", index("b5"))  # legal, but no row
    assert "no row of four" in verdict(page, "wrong")
    check_wrong_then(page, p, screenshots, "gipf")
    click_shape(page, "points", index("a5"))
    said(page, "Piece on a5")
    click_shape(page, "points", index("b5"))
    assert "White has a row of four" in verdict(page, "right")
    page.screenshot(path=str(screenshots / "puzzle_gipf_right.png"))


def test_a_hextiles_cells_puzzle_by_clicks_and_check_wrong_then_right(page, voila_url, screenshots):
    p = puzzles.get("hextiles-cells-1")
    open_puzzle(page, voila_url, p.id)
    window = hex_region(*_window(p.start().figure()))
    right = sorted(p.answers()[0])
    for k, cell in enumerate(right[:-1], 1):
        click_shape(page, "cells", window.at(_pair(cell)))
        said(page, f"({k} cell")
    page.get_by_role("button", name="Check").click()
    assert "1 cell is missing" in verdict(page, "wrong")
    check_wrong_then(page, p, screenshots, "hextiles")
    click_shape(page, "cells", window.at(_pair(right[-1])))
    page.get_by_role("button", name="Check").click()
    assert verdict(page, "right").startswith("✔ Right! All")
    page.screenshot(path=str(screenshots / "puzzle_hextiles_right.png"))


def _pair(cell: str) -> tuple[int, int]:
    q, r = cell.strip("()").split(",")
    return int(q), int(r)


def test_a_roaster_choice_puzzle_by_buttons_wrong_then_right(page, voila_url, screenshots):
    p = puzzles.get("roaster-cup-1")
    open_puzzle(page, voila_url, p.id)
    wrong = next(c for c in p.choices if c not in p.answers())
    choices = page.locator("button.gamekit-puzzle-choice")
    choices.filter(has_text=wrong.capitalize()).click()
    assert "expected cup score" in verdict(page, "wrong")
    # A question of two choices shows its answer at the first wrong try (a second guess
    # would pass it otherwise); the other button is then right, but not a solve.
    text = feedback(page)
    assert p.hint in text and "Answer." in text, text
    page.screenshot(path=str(screenshots / "puzzle_roaster_wrong.png"))
    page.get_by_role("button", name="Try again").click()
    choices.filter(has_text=p.answers()[0].capitalize()).click()
    assert verdict(page, "right").startswith("✔ Right!")
    assert "find it yourself another day" in feedback(page)
    page.screenshot(path=str(screenshots / "puzzle_roaster_right.png"))


def test_a_puzzle_is_answered_with_the_keyboard_alone(page, voila_url):
    p = puzzles.get("coffee-win-1")
    open_puzzle(page, voila_url, p.id)
    box = page.get_by_placeholder("type a move")
    box.focus()
    page.keyboard.type(str(coffee.Move("a1", "|")))  # taken: refused, and counted
    page.keyboard.press("Enter")
    verdict(page, "wrong")
    assert p.hint in feedback(page)
    page.keyboard.press("Control+a")  # the refused move stays in the box: type over it
    page.keyboard.type(str(p.answers()[0]))
    page.keyboard.press("Enter")
    assert verdict(page, "right").startswith("✔ Right!")


def test_the_roaster_scoring_puzzles_tokens_by_keyboard_then_the_total(
    page, voila_url, screenshots
):
    """Click (here: ring and Enter) every cup token that costs points, one missing first;
    the cup's score stays hidden until the answer is right. Then the same cup's total:
    a slip first, then the right number."""
    from test_accessibility import ring_to

    p = puzzles.get("roaster-costs-1")
    open_puzzle(page, voila_url, p.id)
    score = page.locator(".gamekit-score")
    assert "shows here once you have answered" in score.inner_text()
    right = sorted(p.answers()[0])
    for k, slot in enumerate(right[:-1], 1):
        ring_to(page, slot)
        page.keyboard.press("Enter")
        said(page, f"({k} token")
    page.get_by_role("button", name="Check").click()
    assert "1 token is missing" in verdict(page, "wrong")
    check_wrong_then(page, p, screenshots, "roaster_costs")
    ring_to(page, right[-1])
    page.keyboard.press("Enter")
    page.get_by_role("button", name="Check").click()
    assert verdict(page, "right").startswith("✔ Right! All 3 tokens")
    page.wait_for_function(
        "() => document.querySelector('.gamekit-score').innerText.includes('step by step')"
    )
    page.screenshot(path=str(screenshots / "puzzle_roaster_costs_right.png"))

    q = puzzles.get("roaster-score-1")
    open_puzzle(page, voila_url, q.id)
    choices = page.locator("button.gamekit-puzzle-choice")
    choices.filter(has_text=re.compile(r"^\s*7\s*$")).click()
    assert "leaves out the penalties" in verdict(page, "wrong")
    choices.filter(has_text=re.compile(r"^\s*3\s*$")).click()
    assert verdict(page, "right").startswith("✔ Right! The cup scores 3 points in all")
    page.screenshot(path=str(screenshots / "puzzle_roaster_score_right.png"))


def test_a_hextiles_scoring_puzzle_wrong_then_right(page, voila_url, screenshots):
    p = puzzles.get("hextiles-score-1")
    open_puzzle(page, voila_url, p.id)
    choices = page.locator("button.gamekit-puzzle-choice")
    choices.filter(has_text=re.compile(r"^\s*19\s*$")).click()
    assert "the tiles' marks alone" in verdict(page, "wrong")
    check_wrong_then(page, p, screenshots, "hextiles_score")
    choices.filter(has_text=re.compile(r"^\s*28\s*$")).click()
    assert verdict(page, "right").startswith("✔ Right! The figure scores 28")
    page.screenshot(path=str(screenshots / "puzzle_hextiles_score_right.png"))


def test_the_gipf_removal_puzzle_by_spots_wrong_then_right(page, voila_url, screenshots):
    """Which pieces leave with White's row (lesson 05): the row alone first, then with the
    black piece that extends it."""
    p = puzzles.get("gipf-removed-1")
    open_puzzle(page, voila_url, p.id)
    index = gipf.GRID.index
    for k, spot in enumerate(["e2", "e3", "e4", "e5"], 1):
        click_shape(page, "points", index(spot))
        said(page, f"({k} spot")
    page.get_by_role("button", name="Check").click()
    assert "1 spot is missing" in verdict(page, "wrong")
    check_wrong_then(page, p, screenshots, "gipf_removed")
    click_shape(page, "points", index("e6"))
    page.get_by_role("button", name="Check").click()
    assert verdict(page, "right").startswith("✔ Right! All 5")
    page.screenshot(path=str(screenshots / "puzzle_gipf_removed_right.png"))
