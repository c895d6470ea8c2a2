"""Every app's end of a game on screen at 1280x800 (issue 42): the learner types the last
move of a game into the app's own move box, and the page is measured, not looked at.

Each app is served by Voila as ``make demo`` serves it, from a copy of its notebook whose
board starts from a saved record one learner's move before the end (a random game of the
app's own rules, seeded); everything else (the board's class, its width, the computer) is
the app's own line. Then, at 1280x800:

- the end banner and its *Play again* button are inside the window, with no scrolling;
- no box of words clips its words (a box whose content is wider or taller than the box,
  with its overflow hidden or scrolled), but the move log, which scrolls by design;
- nothing but the page itself and the move log scrolls;
- no box of words or control lies over another (a message hidden behind the next row).
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from conftest import served

ROOT = Path(__file__).resolve().parents[2]


def _a_game(path: Path) -> bool:
    """Whether an app is a game's board: its last line makes a ``...Board(game.Rules(...``."""
    cell = json.loads(path.read_text())["cells"][-1]
    return bool(re.search(r"Board\(\w+\.Rules\(", "".join(cell["source"])))


#: Every app that is a game's board (apps/).
APPS = sorted(p.stem for p in (ROOT / "apps").glob("*.ipynb") if _a_game(p))

MEASURE = """() => {
  const out = {clipped: [], scrolls: []};
  for (const e of document.querySelectorAll('.gamekit-app *')) {
    if (e.closest('.gamekit-log') || e.closest('.gamekit-sr')) continue;
    const cs = getComputedStyle(e);
    const text = (e.innerText || '').trim().slice(0, 60);
    if (!text) continue;
    const wide = e.scrollWidth > e.clientWidth + 4 && cs.overflowX !== 'visible';
    const tall = e.scrollHeight > e.clientHeight + 4 && cs.overflowY !== 'visible';
    if (wide || tall) out.clipped.push(text);
    if (e.scrollHeight > e.clientHeight + 1 && /auto|scroll/.test(cs.overflowY))
      out.scrolls.push(text);
  }
  const again = [...document.querySelectorAll('.gamekit-app button')]
    .find(b => b.innerText.trim() === 'Play again');
  const banner = document.querySelector('.gamekit-banner');
  const box = el => { if (!el) return null; const r = el.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom]; };
  // Boxes of words and controls that overlap: a message hidden behind the next row.
  const parts = [...document.querySelectorAll(
    '.gamekit-app .widget-html, .gamekit-app button, .gamekit-app .widget-label,'
    + ' .gamekit-app select, .gamekit-app input')]
    .filter(e => !e.closest('.gamekit-sr') && e.getClientRects().length
            && getComputedStyle(e).visibility !== 'hidden');
  out.overlaps = [];
  for (let i = 0; i < parts.length; i++) for (let j = i + 1; j < parts.length; j++) {
    const a = parts[i], b = parts[j];
    if (a.contains(b) || b.contains(a)) continue;
    const r = a.getBoundingClientRect(), q = b.getBoundingClientRect();
    const x = Math.min(r.right, q.right) - Math.max(r.left, q.left);
    const y = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
    if (x > 2 && y > 2) out.overlaps.push([(a.innerText || a.value || a.tagName).slice(0, 40),
                                           (b.innerText || b.value || b.tagName).slice(0, 40)]);
  }
  out.again = box(again);
  out.banner = box(banner);
  out.bannerText = banner ? banner.innerText : '';
  return out;
}"""


def near_end(rules, seed: int) -> tuple[list[str], str]:
    """A random game of ``rules`` (seeded): its moves before the first seat's last move,
    and that move (the computer, playing the other seats, may answer it with the end)."""
    rng = random.Random(seed)
    state, played, movers = rules.start(), [], []
    learner = state.rules.seats[0]
    while state.outcome is None:
        legal = state.legal_moves()
        move = legal[rng.randrange(len(legal))]
        movers.append(state.to_move)
        played.append(str(move))
        state = state.play(move)
    last = max(k for k, who in enumerate(movers) if who == learner)
    return played[:last], played[last]


def ends(work) -> None:
    """Next to each app, ``end-APP.ipynb``: the app's board one learner's move before the
    end of a game, and that move in ``end-APP.json``."""
    apps = work / "apps"
    for app in APPS:
        notebook = json.loads((apps / f"{app}.ipynb").read_text())
        cell = notebook["cells"][-1]
        *imports, call = [line for line in "".join(cell["source"]).splitlines() if line.strip()]
        found = re.fullmatch(r"(\w+)\((\w+\.Rules\(.*?\)), (.*)\)", call)
        assert found, f"the {app} app's last line is not Board(game.Rules(...), ...): {call}"
        board, rules, rest = found.groups()
        names: dict = {}
        exec("\n".join(imports), names)
        before, last = near_end(eval(rules, names), seed=1)
        cell["source"] = "\n".join(
            [*imports, "from gamekit.records import Record",
             f"{board}(record=Record({rules}, {before!r}), {rest})"]
        )  # fmt: skip
        cell["outputs"] = []
        (apps / f"end-{app}.ipynb").write_text(json.dumps(notebook))
        (apps / f"end-{app}.json").write_text(json.dumps(last))


@pytest.fixture(scope="module")
def ends_url():
    import sys

    voila = str(Path(sys.executable).with_name("voila"))
    command = [
        voila, "{dir}", "--no-browser", "--template=gamekit", "--Voila.ip=127.0.0.1",
        "--port={port}",
    ]  # fmt: skip
    where: dict = {}

    def setup(work):
        ends(work)
        where["apps"] = work / "apps"

    with served("apps", command, "/", env={"JUPYTER_PATH": "{dir}/.jupyter"}, setup=setup) as base:
        yield base, where["apps"]


@pytest.mark.parametrize("app", APPS)
def test_the_end_of_a_game_is_on_screen_with_play_again(browser, ends_url, screenshots, app):
    base, apps = ends_url
    last = json.loads((apps / f"end-{app}.json").read_text())
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto(f"{base}/voila/render/end-{app}.ipynb", timeout=120_000)
        page.wait_for_selector(".gamekit-board[data-paints] svg", timeout=120_000)
        box = page.locator(".gamekit-app input[type=text]").first
        box.fill(last)
        box.press("Enter")
        page.wait_for_function(
            "() => [...document.querySelectorAll('.gamekit-app button')]"
            ".some(b => b.innerText.trim() === 'Play again')",
            timeout=60_000,
        )
        page.wait_for_timeout(500)  # the last repaint
        page.screenshot(path=str(screenshots / f"end-{app}.png"))
        seen = page.evaluate(MEASURE)
        left, top, right, bottom = seen["again"]
        assert 0 <= left and right <= 1280 and 0 <= top and bottom <= 800, seen
        assert seen["banner"] is not None and seen["banner"][3] <= 800, seen
        assert seen["clipped"] == [], seen
        assert seen["scrolls"] == [], seen  # the log is left out: it scrolls by design
        assert seen["overlaps"] == [], seen
    finally:
        context.close()
