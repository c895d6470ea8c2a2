"""Click-to-redraw latency of the clickable boards, measured in the page.

Serves apps/ with Voila (as ``make demo`` does), opens each game's board in headless
Chromium (Debian's /usr/bin/chromium) and clicks shapes of the board again and again. The board's script stamps
``performance.now()`` at the click and again when the new colours are painted, and stores
the difference on the board (``data-latency``): that is what is reported.

Run: ``make bench-browser`` (or ``.venv/bin/python benchmarks/browser_latency.py [clicks]``).
"""

from __future__ import annotations

import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gamekit import coffee  # noqa: E402

ARGS = [
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--disable-gpu",
    "--disable-background-networking",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _click_shape(page, layer: str, index) -> None:
    if layer == "button":  # a button of the board's controls, by its name
        page.get_by_role("button", name=index).first.click()
        return
    shape = page.locator(f".gamekit-board svg g#layer-{layer} path").nth(index)
    box = shape.bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def measure(page, base: str, app: str, targets, clicks: int, setup=None) -> list[float]:
    """Open ``app`` and click the shapes ``targets`` (``(layer, index)``, or ``("button",
    name)``, in turn) ``clicks`` times; each click must repaint the board. Returns the
    latencies in ms (for a button: from the press to the repaint)."""
    page.goto(f"{base}/voila/render/{app}.ipynb")
    page.wait_for_selector(".gamekit-board[data-paints] svg", timeout=90_000)
    time.sleep(1.0)
    if setup is not None:
        setup(page)
        time.sleep(0.5)
    board = page.locator(".gamekit-board").first
    out = []
    for k in range(clicks + 2):  # the first two warm up
        before = board.get_attribute("data-paints")
        _click_shape(page, *targets[k % len(targets)])
        page.wait_for_function(
            f"() => document.querySelector('.gamekit-board').dataset.paints !== '{before}'",
            timeout=20_000,
        )
        if k >= 2:
            out.append(float(board.get_attribute("data-latency")))
        time.sleep(0.05)
    return out


def _take_a_market_tile(page) -> None:
    page.locator("button").filter(has_text=re.compile(r"^[01]{6}$")).first.click()
    page.wait_for_function("() => document.body.innerText.includes('took')", timeout=20_000)


def boards() -> dict:
    """For each app: the shapes to click in turn (each click changes the picture)."""
    from gamekit import gipf

    centre = coffee.Rules().grid.index("e5")
    window = 7  # cells of Hex Tiles' smallest window: the starter and its ring
    return {
        # choose e5 for the stone, then click it again to clear the choice
        "coffee": ([("cells", centre), ("cells", centre)], None),
        # choose the dot b1, then click it again to clear the choice
        "gipf": ([("points", gipf.GRID.index("b1"))] * 2, None),
        # with a tile in hand: the starter (occupied) and a ring cell, refused in turn with
        # a red cross, or placed
        "hextiles": ([("cells", window // 2), ("cells", 0)], _take_a_market_tile),
        # draw a round's tokens, then take the draw back
        "roaster": ([("button", "Draw"), ("button", "Undo")], None),
    }


def main(clicks: int = 40) -> None:
    from playwright.sync_api import sync_playwright

    work = Path(tempfile.mkdtemp(prefix="gamekit-bench-"))
    shutil.copytree(ROOT / "apps", work / "apps")
    port = free_port()
    voila = Path(sys.executable).with_name("voila")
    proc = subprocess.Popen(
        [str(voila), str(work / "apps"), "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(180):
            try:
                urllib.request.urlopen(base, timeout=2)
                break
            except OSError:
                time.sleep(0.5)
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path="/usr/bin/chromium", headless=True, args=ARGS
            )
            page = browser.new_page(viewport={"width": 1000, "height": 1200})
            results = {
                app: measure(page, base, app, targets, clicks, setup)
                for app, (targets, setup) in boards().items()
                if (ROOT / "apps" / f"{app}.ipynb").exists()
            }
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        shutil.rmtree(work, ignore_errors=True)
    print(f"Click to redrawn board, in the page (Voila, headless Chromium), {clicks} clicks:")
    print(
        f"  {'board':<14}{'median ms':>10}{'p95 ms':>9}{'max ms':>9}   target: median <= 50, p95 <= 120"
    )
    for name, values in results.items():
        arr = np.array(values)
        print(
            f"  {name:<14}{statistics.median(values):>10.1f}{np.percentile(arr, 95):>9.1f}"
            f"{arr.max():>9.1f}"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 40)
