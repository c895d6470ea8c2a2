"""A newcomer in classroom mode (Voila, 1280×800): the Coffee and Coffee Roaster apps played
to the end by clicking only, a game against the computer followed in the move log, and the
main controls in view without scrolling.

The test reads the moves back from the page's log (its notation column) to know the position,
then clicks like a learner: a cell of the board's SVG, a button. Screenshots go to
``$GAMEKIT_SCREENSHOTS``: ``newcomer_coffee_midgame.png``, ``newcomer_coffee_end.png``,
``newcomer_roaster_card.png``, ``newcomer_roaster_end.png``, ``newcomer_layout_*.png``.
"""

from __future__ import annotations

import random

import pytest

from gamekit import coffee, roaster
from gamekit.players import LEVEL_NAMES
from gamekit.roaster.board import _template as roaster_template
from gamekit.roaster.picture import layout
from gamekit.widgets.view import svg_point

VIEWPORT = {"width": 1280, "height": 800}
RING = "rgb(204, 121, 167)"  # the computer's last stone (render.coffee PALETTE["last"])
LOG_NOTATION = """() => [...document.querySelectorAll('.gamekit-log tr[title]')]
    .map(r => r.getAttribute('title')).reverse()"""  # an app keeps notation in tooltips
LOG_WORDS = """() => [...document.querySelectorAll('.gamekit-log tr')]
    .map(r => r.children[1].innerText.trim()).reverse()"""
ROWS = "() => document.querySelectorAll('.gamekit-log tr').length"
OVER = "() => !!document.querySelector('.gamekit-banner b')"


@pytest.fixture
def small_page(context, outside_requests, screenshots, request):
    """A page of the size of a classroom laptop's screen."""
    pg = context.new_page()
    pg.set_viewport_size(VIEWPORT)
    yield pg
    call = getattr(request.node, "rep_call", None)
    if call is not None and call.failed:
        pg.screenshot(path=str(screenshots / f"FAILED-{request.node.name}.png"))
    pg.close()
    if call is not None and call.passed and outside_requests:
        pytest.fail(f"the page asked for outside URLs: {outside_requests}")


def open_app(page, voila_url, name: str) -> None:
    page.goto(f"{voila_url}/voila/render/{name}.ipynb")
    page.wait_for_selector(".gamekit-board[data-paints] svg", timeout=90_000)
    page.wait_for_selector(".gamekit-turn b", timeout=30_000)


def click_svg(page, sx: float, sy: float) -> None:
    """Click the board's SVG at the point (sx, sy) of its own units."""
    svg = page.locator(".gamekit-board svg").first
    x0, y0, width, height = (float(v) for v in svg.get_attribute("viewBox").split())
    box = svg.bounding_box()
    scale = min(box["width"] / width, box["height"] / height)  # the picture keeps its shape
    left = box["x"] + (box["width"] - width * scale) / 2
    top = box["y"] + (box["height"] - height * scale) / 2
    page.mouse.click(left + (sx - x0) * scale, top + (sy - y0) * scale)


def click_cell(page, state: coffee.State, cell: str) -> None:
    """Click a Coffee cell: the centre of its hexagon in the page."""
    shape = page.locator(".gamekit-board svg g#layer-cells path").nth(state.grid.index(cell))
    box = shape.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def wait_rows(page, n: int) -> None:
    page.wait_for_function(f"() => ({ROWS})() >= {n} || ({OVER})()", timeout=30_000)


def rod_button(page, axis: str):
    return page.locator(".gamekit-board-column").get_by_role("button", name=axis, exact=True)


def choose_coffee_move(state: coffee.State, rand: random.Random) -> coffee.Move:
    """A fair beginner: win if it can, else avoid handing over a win, else anything."""
    moves = [m for m in state.legal_moves() if not m.is_swap]
    for m in moves:
        if state.wins_at(m.cell):
            return m
    safe = [m for m in moves if not coffee.can_win_at_once(state.play(m))]
    return rand.choice(safe or moves)


def test_coffee_against_the_computer_by_clicks_to_the_end_followed_in_the_log(
    small_page, voila_url, screenshots
):
    page = small_page
    open_app(page, voila_url, "coffee")
    level = "random" if "random" in LEVEL_NAMES else LEVEL_NAMES[0]
    page.locator(".gamekit-side select").first.select_option(level)
    page.wait_for_function("() => document.body.innerText.includes('Your turn (Black)')")
    rules = coffee.Rules(board="hex", size=5)
    rand = random.Random(3)
    exchanges = 0
    while not page.evaluate(OVER):
        moves = page.evaluate(LOG_NOTATION)
        state = rules.replay(moves)
        move = choose_coffee_move(state, rand)
        click_cell(page, state, move.cell)
        if not state.wins_at(move.cell):  # a winning stone plays at once
            page.wait_for_function("() => document.body.innerText.includes('now choose')")
            rod_button(page, move.axis).click()
        # your move's row first (a winning move shows the banner, a separate widget, at the
        # same time as its row: wait for the row itself), then the computer's answer's
        page.wait_for_function(f"() => ({ROWS})() >= {len(moves) + 1}", timeout=30_000)
        wait_rows(page, len(moves) + 2)
        exchanges += 1
        notation, words = page.evaluate(LOG_NOTATION), page.evaluate(LOG_WORDS)
        k = len(moves)
        assert notation[k] == str(move)  # your move stays in the log ...
        assert words[k].startswith(f"You put a black stone on {move.cell} and laid the rod")
        if len(notation) > k + 1:  # ... with the computer's answer after it, in words
            reply = coffee.Move.parse(notation[k + 1])
            assert words[k + 1].startswith(f"The computer put an orange stone on {reply.cell}")
            if not page.evaluate(OVER):
                index = rules.grid.index(reply.cell)
                stroke = page.locator(".gamekit-board svg g#layer-stones path").nth(index)
                assert stroke.evaluate("p => p.style.stroke") == RING  # ringed till you move
                assert "Your turn (Black)" in page.locator(".gamekit-turn").inner_text()
        if exchanges == 3:
            page.screenshot(path=str(screenshots / "newcomer_coffee_midgame.png"))
        assert exchanges < 40
    banner = page.locator(".gamekit-banner").inner_text()
    final = rules.replay(page.evaluate(LOG_NOTATION))
    assert final.outcome is not None
    head = "You won: " if final.outcome.winner == "black" else "The computer won: "
    assert banner.startswith(head)
    assert page.locator(".gamekit-turn").inner_text().startswith("Game over")
    page.screenshot(path=str(screenshots / "newcomer_coffee_end.png"))


def roaster_click(page, rules: roaster.Rules, slot: str) -> None:
    _svg, transform = roaster_template(rules)
    lay = layout(rules)
    if slot in ("cup", "tray"):
        x0, y0, x1, y1 = lay.cup_box if slot == "cup" else lay.tray_box
        x, y = (x0 + x1) / 2, (y0 + y1) / 2
    else:
        x, y = lay.centres[lay.index(slot)]
    click_svg(page, *svg_point(transform, x, y))


def press(page, name: str) -> None:
    page.locator(".gamekit-side").get_by_role("button", name=name, exact=True).click()


def test_roaster_played_to_the_end_by_clicks_with_the_card_in_view(
    small_page, voila_url, screenshots
):
    from gamekit.roaster.picture import slot_tokens

    page = small_page
    open_app(page, voila_url, "roaster")
    panel = page.locator(".gamekit-score")
    assert "Roast table" in panel.inner_text() and "Flavors wanted" in panel.inner_text()
    assert "If the cup test began now" in panel.inner_text()
    rules = roaster.Rules(card="jamaica-blue-mountain", seed=1)
    used_effect = False
    expected = 0
    for _ in range(80):
        if page.evaluate(OVER):
            break
        moves = page.evaluate(LOG_NOTATION)
        state = rules.replay(moves)
        legal = state.legal_moves()
        actions = {m.action for m in legal}
        phase = state.phase
        if phase == "draw":
            press(page, "Draw")
        elif phase == "effects":
            more = [m for m in legal if m.action == "more"]
            if more and not used_effect:  # one effect, by clicks: its token, then its slot
                token = more[0].tokens[0]
                slot = next(s for s, t in slot_tokens(state).items() if t == token)
                roaster_click(page, rules, slot)
                page.wait_for_function("() => document.body.innerText.includes('Chosen:')")
                roaster_click(page, rules, "instant:more:0")
                used_effect = True
            else:
                press(page, "Roast")
        elif phase == "decide":
            if state.round == 3:
                page.screenshot(path=str(screenshots / "newcomer_roaster_card.png"))
            press(page, "Continue" if "continue" in actions and state.round < 4 else "Stop")
        elif phase == "cup":
            drawn = next(iter(state.aside), None)
            bad = drawn in ("hard", "burnt", "smoke", "defect")
            roaster_click(page, rules, "tray" if bad and "tray" in actions else "cup")
        elif phase == "exchange":
            press(page, "Done")
        else:  # select, exchange-choose, return-two, two-of-five: click tokens
            move = legal[0]
            area = "drawn" if phase == "return-two" else "aside"
            chosen: list[str] = []
            for t in move.tokens:
                slot = next(
                    s
                    for s, tok in slot_tokens(state).items()
                    if tok == t and s.startswith(area) and s not in chosen
                )
                chosen.append(slot)
                roaster_click(page, rules, slot)
        wait_rows(page, len(moves) + 1)
        expected = len(moves) + 1
    assert page.evaluate(OVER)
    assert used_effect
    # the banner may show a moment before the last move's row: wait for that row too
    page.wait_for_function(f"() => ({ROWS})() >= {expected}", timeout=30_000)
    final = rules.replay(page.evaluate(LOG_NOTATION))
    total = final.outcome.total
    banner = page.locator(".gamekit-banner").inner_text()
    assert banner.startswith(f"Your cup scores {total}: {roaster.title(total)}.")
    words = " ".join(page.evaluate(LOG_WORDS))
    assert "You use Two more tokens (pay" in words
    assert "bean0" not in words and "bean1" not in words
    page.screenshot(path=str(screenshots / "newcomer_roaster_end.png"))


MAIN = {
    "coffee": ["Undo", "Redo", "Show legal cells", "|", "/", "\\"],
    "roaster": ["Draw", "Roast", "Continue", "Stop", "Cup", "Tray", "Undo"],
}


@pytest.mark.parametrize("name", sorted(MAIN))
def test_the_main_controls_fit_a_1280x800_screen_without_scrolling(
    small_page, voila_url, screenshots, name
):
    page = small_page
    open_app(page, voila_url, name)
    parts = {
        "board": page.locator(".gamekit-board svg").first,
        "goal": page.locator(".gamekit-app > .widget-html").first,
        "turn line": page.locator(".gamekit-turn"),
        "message": page.locator(".gamekit-message"),
        "log": page.locator(".gamekit-log"),
        "computer": page.locator(".gamekit-side select").first,
    }
    for label in MAIN[name]:
        exact = label not in ("Undo", "Redo", "Hints", "Show legal cells")  # with an icon
        parts[label] = page.get_by_role("button", name=label, exact=exact).first
    if name == "roaster":
        parts["card"] = page.locator(".gamekit-score")
        del parts["computer"]
    for what, part in parts.items():
        box = part.bounding_box()
        assert box is not None, what
        assert box["x"] >= 0 and box["x"] + box["width"] <= VIEWPORT["width"] + 0.5, what
        assert box["y"] >= 0 and box["y"] + box["height"] <= VIEWPORT["height"] + 0.5, what
    board, log = parts["board"].bounding_box(), parts["log"].bounding_box()
    assert log["x"] >= board["x"] + board["width"] - 1  # side by side
    # No text on the board under 10 px at this size.
    smallest = page.evaluate(
        """() => {
          const svg = document.querySelector('.gamekit-board svg');
          const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
          const sizes = [...svg.querySelectorAll('text')]
            .filter(t => t.textContent.trim())
            .map(t => parseFloat(getComputedStyle(t).fontSize) * scale);
          return Math.min(...sizes);
        }"""
    )
    assert smallest >= 10, smallest
    # Nothing jumps when a message appears: a refused action writes one.
    undo = page.get_by_role("button", name="Undo").first
    before = undo.bounding_box()["y"]
    if name == "coffee":
        click_cell(page, coffee.Rules(board="hex", size=5).start(), "e5")
        page.wait_for_function("() => document.body.innerText.includes('Stone on e5')")
    else:
        roaster_click(page, roaster.Rules(card="jamaica-blue-mountain", seed=1), "cup:0")
        page.wait_for_function("() => document.body.innerText.includes('Use the buttons')")
    assert undo.bounding_box()["y"] == before
    assert page.evaluate("() => document.scrollingElement.scrollTop") == 0
    page.screenshot(path=str(screenshots / f"newcomer_layout_{name}.png"))
