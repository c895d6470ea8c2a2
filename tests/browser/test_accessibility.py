"""Every student: axe-core finds no serious or critical violation on the classroom apps, a
lesson per game in JupyterLab, and the exported pages; every game is played to its end with
the keyboard alone, and the board's live region says every move.

axe-core comes with ``axe-playwright-python`` (no download). In JupyterLab only the lesson's
outputs are checked (``.jp-OutputArea``): JupyterLab's own menus and panels are not ours.
"""

from __future__ import annotations

import json

import pytest
from conftest import KERNEL_IDLE, ROOT

from gamekit.export import export

SERIOUS = ("serious", "critical")


def axe_problems(page, context=None) -> list[str]:
    """The serious and critical violations axe-core finds on the page (or in ``context``,
    a CSS selector), one line each: rule, impact, how many elements, the first of them."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page, context=context).response["violations"]
    return [
        f"{v['id']} ({v['impact']}, {len(v['nodes'])}×): {v['nodes'][0]['target']} "
        f"{v['nodes'][0].get('failureSummary', '')[:200]}"
        for v in found
        if v["impact"] in SERIOUS
    ]


#: Every classroom page (apps/).
APPS = sorted(p.stem for p in (ROOT / "apps").glob("*.ipynb"))


@pytest.mark.parametrize("app", APPS)
def test_every_app_passes_axe(page, voila_url, screenshots, app):
    page.goto(f"{voila_url}/voila/render/{app}.ipynb")
    # a board; the teacher's page, without its secret, says it is the teacher's only
    page.wait_for_selector(".gamekit-board svg, .gamekit-teacher-closed", timeout=90_000)
    page.wait_for_timeout(500)
    problems = axe_problems(page)
    page.screenshot(path=str(screenshots / f"axe_app_{app}.png"))
    assert problems == [], "\n".join(problems)


#: Each game's first rules lesson.
LESSONS = sorted(p.stem for p in (ROOT / "notebooks").glob("*_rules.ipynb"))


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_lesson_per_game_passes_axe_in_jupyterlab(page, lab_url, screenshots, lesson):
    """Stored pictures included: JupyterLab draws them with their alt text through
    gamekit's small extension (``jupyterlab-alt-text/``; its own renderer ignores it)."""
    from test_lessons import open_and_run

    open_and_run(page, lab_url, f"{lesson}.ipynb")
    page.wait_for_selector(".gamekit-board svg", timeout=90_000)
    page.wait_for_function(KERNEL_IDLE, timeout=60_000)
    alts = page.evaluate(
        "() => [...document.querySelectorAll('.jp-OutputArea .jp-RenderedImage img')]"
        ".map(i => i.getAttribute('alt') || '')"
    )
    assert alts and all(len(a.split()) >= 5 for a in alts), alts
    # JupyterLab's one-key shortcuts (a: new cell above, b: below, m: markdown, d d: delete)
    # do nothing while a board has the focus; the keys are the board's.
    cells = "() => window.jupyterapp.shell.currentWidget.content.widgets.length"
    before = page.evaluate(cells)
    page.locator(".gamekit-board").first.focus()
    for key in ("a", "b", "m", "d", "d", "x"):
        page.keyboard.press(key)
    page.wait_for_timeout(300)
    assert page.evaluate(cells) == before
    assert page.evaluate(BOARD_FOCUSED)
    problems = axe_problems(page, ".jp-OutputArea")
    page.screenshot(path=str(screenshots / f"axe_lab_{lesson}.png"))
    assert problems == [], "\n".join(problems)


def test_every_exported_page_passes_axe(page, tmp_path, screenshots):
    """Every lesson as ``make html`` exports it (stored outputs), and the index."""
    lessons = sorted((ROOT / "notebooks").glob("[0-9][0-9]*_*.ipynb"))
    index = export(lessons, tmp_path / "html")
    failures = {}
    for html_page in [index, *sorted(p for p in index.parent.glob("*.html") if p != index)]:
        page.goto(html_page.as_uri())
        page.wait_for_load_state("load")
        problems = axe_problems(page)
        if problems:
            failures[html_page.name] = problems
    page.goto(index.as_uri())
    page.screenshot(path=str(screenshots / "axe_html_index.png"))
    assert failures == {}, json.dumps(failures, indent=1)[:4000]


# -- keyboard only ---------------------------------------------------------------------------

LISTEN = """() => {
  window.__said = [];
  const live = document.querySelector('.gamekit-live');
  new MutationObserver((records) => {
    for (const r of records) for (const n of r.addedNodes) window.__said.push(n.textContent);
  }).observe(live, {childList: true});
}"""

NEWEST_ROWS = """() => [...document.querySelectorAll('.gamekit-log tr[title]')].map(r => [
  parseInt(r.cells[0].innerText), r.getAttribute('title'), r.cells[1].innerText])"""


BOARD_FOCUSED = "() => document.activeElement.classList.contains('gamekit-board')"
THINKING = "() => !document.querySelector('.gamekit-turn').innerText.includes('thinking')"


def tab_until(page, predicate: str, what: str, most: int = 120) -> None:
    """Press Tab until ``predicate`` (JavaScript) holds (no mouse)."""
    for _ in range(most):
        page.keyboard.press("Tab")
        if page.evaluate(predicate):
            return
    raise AssertionError(f"Tab never reached {what}")


def tab_to_board(page) -> None:
    if not page.evaluate(BOARD_FOCUSED):
        tab_until(page, BOARD_FOCUSED, "the board")


def ring_to(page, target: str, keymap: dict | None = None) -> None:
    """Move the keyboard's ring to ``target`` by the shortest run of arrow keys (the map as
    the page shows it, unless given)."""
    tab_to_board(page)
    if keymap is None:
        keymap = json.loads(
            page.evaluate("() => document.querySelector('.gamekit-board').dataset.keymap")
        )
    here = page.evaluate("() => document.querySelector('.gamekit-board').dataset.cursor")
    paths = {here: []}
    todo = [here]
    while todo and target not in paths:
        nxt = []
        for place in todo:
            for key, to in keymap[place].items():
                if to not in paths:
                    paths[to] = [*paths[place], key]
                    nxt.append(to)
        todo = nxt
    for key in paths[target]:
        page.keyboard.press(key)
    assert page.evaluate("() => document.querySelector('.gamekit-board').dataset.cursor") == target


def new_rows(page, words: dict) -> list[tuple[int, str]]:
    """The log's rows not seen yet, oldest first, as (number, notation); their words are
    added to ``words``."""
    out = []
    for number, notation, text in page.evaluate(NEWEST_ROWS)[::-1]:
        if number not in words:
            words[number] = text
            out.append((number, notation))
    return out


def wait_for_row(page, number: int) -> None:
    page.wait_for_function(
        "(n) => { const r = document.querySelector('.gamekit-log tr[title]');"
        " return !!r && parseInt(r.cells[0].innerText) >= n; }",
        arg=number,
        timeout=120_000,
    )


def all_said(page, words: dict) -> None:
    """The live region said every move of the log and the result in the banner (who won,
    said once: by the last move's words or the banner's)."""
    banner = page.locator(".gamekit-banner").inner_text().strip()
    head = banner.split(":", 1)[0].lower()  # "you won", "the computer won", "a draw"
    page.wait_for_function("(h) => window.__said.some(t => t.toLowerCase().includes(h))", arg=head)
    said = " ".join(page.evaluate("() => window.__said"))
    missing = [n for n, text in words.items() if text not in said]
    assert missing == [], (missing, said[-500:])


def open_app(page, voila_url, app: str) -> None:
    page.goto(f"{voila_url}/voila/render/{app}.ipynb")
    # a board; the teacher's page, without its secret, says it is the teacher's only
    page.wait_for_selector(".gamekit-board svg, .gamekit-teacher-closed", timeout=90_000)
    page.evaluate(LISTEN)
    tab_to_board(page)


def test_a_whole_coffee_game_by_keyboard_against_the_computer(page, voila_url, screenshots):
    """No mouse: Tab to the board, arrows and Enter for every stone and rod, until the game
    ends; the live region said every move (yours and the computer's) and the result."""
    import numpy as np

    from gamekit import coffee

    rules = coffee.Rules(board="hex", size=5)  # as apps/coffee.ipynb
    rng = np.random.default_rng(7)
    open_app(page, voila_url, "coffee")
    state, words, mine = rules.start(), {}, 0
    me = state.to_move
    for _ in range(400):
        page.wait_for_function(THINKING, timeout=120_000)
        for _number, notation in new_rows(page, words):
            state = state.play(notation)
        if state.outcome is not None:
            break
        if state.to_move != me:  # read before the computer began: wait for its move
            wait_for_row(page, len(words) + 1)
            continue
        moves = [m for m in state.legal_moves() if str(m) != "swap"]
        move = coffee.Move.parse(str(moves[int(rng.integers(len(moves)))]))
        ring_to(page, move.cell)
        page.keyboard.press("Enter")
        if not state.wins_at(move.cell):
            page.wait_for_function("() => document.body.innerText.includes('Stone on')")
            grid = state.grid
            i = grid.index(move.cell)
            ring_to(page, next(grid.label(j) for j in grid.line(i, move.axis) if j != i))
            page.keyboard.press("Enter")
        mine += 1
        wait_for_row(page, len(words) + 1)
    assert state.outcome is not None and mine >= 3
    all_said(page, words)
    page.screenshot(path=str(screenshots / "keyboard_coffee_game.png"))


def test_a_whole_gipf_game_by_keyboard_against_the_computer(page, voila_url, screenshots):
    """Pushes by the ring (Enter on a dot, Enter on the spot to push into); a row to take
    typed in the move box (Tab to it, type, Enter): no mouse."""
    import numpy as np

    from gamekit import gipf

    rules = gipf.Rules(variant="standard")  # as apps/gipf.ipynb
    rng = np.random.default_rng(5)
    open_app(page, voila_url, "gipf")
    state, words, mine = rules.start(), {}, 0
    me = state.to_move
    for _ in range(400):
        page.wait_for_function(THINKING, timeout=120_000)
        for _number, notation in new_rows(page, words):
            state = state.play(notation)
        if state.outcome is not None:
            break
        if state.to_move != me:  # read before the computer began: wait for its move
            wait_for_row(page, len(words) + 1)
            continue
        moves = state.legal_moves()
        move = moves[int(rng.integers(len(moves)))]
        if isinstance(move, gipf.Push) and not move.gipf:
            ring_to(page, move.dot)
            page.keyboard.press("Enter")
            ring_to(page, move.entry)
            page.keyboard.press("Enter")
        else:  # a row to take, or a GIPF piece's push: in notation, typed
            tab_until(
                page,
                "() => document.activeElement.placeholder?.includes('type a move')",
                "the move box",
            )
            page.keyboard.type(str(move))
            page.keyboard.press("Enter")
        mine += 1
        wait_for_row(page, len(words) + 1)
    assert state.outcome is not None and mine >= 5
    all_said(page, words)
    page.screenshot(path=str(screenshots / "keyboard_gipf_game.png"))


def test_a_whole_hextiles_game_by_keyboard_against_the_computer(page, voila_url, screenshots):
    """Take a market tile (the first turn: Tab to the market and Enter, and the focus moves
    to the board; later turns: its number key on the board), turn it with R, step the ring
    between the cells where it fits and press Enter, end the turn with E: no mouse. A
    placement, from the start of the turn, takes 10 keys or fewer (the median)."""
    import statistics

    from gamekit import hextiles

    rules = hextiles.Rules(players=2, seed=1)  # as apps/hextiles.ipynb
    open_app(page, voila_url, "hextiles")
    state, words, mine = rules.start(), {}, 0
    me = state.player
    counted = {"keys": 0}
    press = page.keyboard.press

    def counting(key: str) -> None:
        counted["keys"] += 1
        press(key)

    page.keyboard.press = counting  # every key below is counted
    placements: list[int] = []
    for _ in range(600):
        page.wait_for_function(THINKING, timeout=120_000)
        for _number, notation in new_rows(page, words):
            state = state.play(notation)
        if state.outcome is not None:
            break
        if state.player != me:  # read before the computer began: wait for its move
            wait_for_row(page, len(words) + 1)
            continue
        if state.must_take:
            counted["keys"] = 0
            k = next(  # a tile that fits somewhere, else the first
                (i for i, t in enumerate(state.market) if spots_for(state.figure(me), t)), 0
            )
            tile = state.market[k]
            if not placements:  # the market by Tab, then Enter: the focus goes to the board
                tab_until(
                    page,
                    "() => document.querySelectorAll('.gamekit-tiles')[0]"
                    ".contains(document.activeElement)",
                    "the market",
                )
                for _ in range(k):
                    page.keyboard.press("Tab")
                page.keyboard.press("Enter")
                page.wait_for_function(BOARD_FOCUSED, timeout=30_000)
            else:
                tab_to_board(page)
                page.keyboard.press(str(k + 1))
            wait_for_row(page, len(words) + 1)
            for _number, notation in new_rows(page, words):
                state = state.play(notation)
            spots = spots_for(state.figure(me), tile)
            if spots:
                cell, turn = spots[0]
                keymap = json.loads(
                    page.evaluate("() => document.querySelector('.gamekit-board').dataset.keymap")
                )
                fits = {f"{c[0]},{c[1]}" for c, _t in spots}
                assert set(keymap) == fits, (sorted(keymap), sorted(fits))  # only where it fits
                for _ in range(min(turn, 6 - turn)):  # R clockwise, L the other way
                    page.keyboard.press("r" if turn <= 3 else "l")
                ring_to(page, f"{cell[0]},{cell[1]}", keymap)
                page.keyboard.press("Enter")
                wait_for_row(page, len(words) + 1)
                placements.append(counted["keys"])
                continue
        tab_to_board(page)
        page.keyboard.press("e")  # end the turn
        mine += 1
        wait_for_row(page, len(words) + 1)
    assert state.outcome is not None and mine >= 3
    assert len(placements) >= 5 and statistics.median(placements) <= 10, placements
    all_said(page, words)
    page.screenshot(path=str(screenshots / "keyboard_hextiles_game.png"))
    print(f"keys a placement: median {statistics.median(placements)}, {placements}")


def spots_for(figure, tile) -> list:
    """Where ``tile`` may go on ``figure``: (cell, turn), the fewest turns first."""
    found = [
        (cell, turn)
        for cell in figure.frontier()
        for turn in range(6)
        if figure.why_illegal(tile, cell, turn) is None
    ]
    return sorted(found, key=lambda s: min(s[1], 6 - s[1]))


def test_a_whole_roaster_game_by_keyboard(page, voila_url, screenshots):
    """Draw and Roast with the buttons (Tab, Enter), an effect paid with the ring (Enter on
    the token, Enter on the effect), each drawn token put in the cup with the ring on the
    cup; other choices typed in the move box: no mouse."""
    from gamekit import roaster
    from gamekit.roaster.picture import slot_tokens

    rules = roaster.Rules(card="jamaica-blue-mountain", seed=1)  # as apps/roaster.ipynb
    open_app(page, voila_url, "roaster")
    state, words, effects = rules.start(), {}, 0

    def button(name: str) -> None:
        tab_until(
            page,
            f"() => document.activeElement.innerText?.trim() === {name!r}"
            " && !document.activeElement.disabled",
            f"the {name} button",
        )
        page.keyboard.press("Enter")

    for _ in range(300):
        for _number, notation in new_rows(page, words):
            state = state.play(notation)
        if state.outcome is not None:
            break
        legal = [str(m) for m in state.legal_moves()]
        more = [m for m in legal if m.startswith("more ")]
        if state.phase == "draw":
            button("Draw")
        elif state.phase == "effects" and more and effects < 2:
            token = more[0].split()[1]
            slot = next(
                s for s, t in slot_tokens(state).items() if t == token and s.startswith("drawn:")
            )
            ring_to(page, slot)
            page.keyboard.press("Enter")
            ring_to(page, "instant:more:0")
            page.keyboard.press("Enter")
            effects += 1
        elif state.phase == "effects":
            button("Roast")
        elif state.phase == "decide":
            button("Continue" if "continue" in legal and state.round < 4 else "Stop")
        elif state.phase == "cup" and "cup" in legal:
            ring_to(page, "cup")
            page.keyboard.press("Enter")
        else:
            tab_until(
                page,
                "() => document.activeElement.placeholder?.includes('type a move')",
                "the move box",
            )
            page.keyboard.type(legal[0])
            page.keyboard.press("Enter")
        wait_for_row(page, len(words) + 1)
    assert state.outcome is not None and effects >= 1
    all_said(page, words)
    page.screenshot(path=str(screenshots / "keyboard_roaster_game.png"))
