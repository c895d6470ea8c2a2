"""Click-to-redraw latency of the clickable boards, measured in the page.

Serves apps/ with Voila (as ``make demo`` does), opens each board in headless Chromium
(Debian's /usr/bin/chromium) and clicks a cell again and again. The board's script stamps
``performance.now()`` at the click and again when the new colours are painted, and stores
the difference on the board (``data-latency``): that is what is reported.

Run: ``make bench-browser`` (or ``.venv/bin/python benchmarks/browser_latency.py [clicks]``).
"""

from __future__ import annotations

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
from gamekit.widgets.coffee import _template  # noqa: E402
from gamekit.widgets.view import svg_point  # noqa: E402

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


def measure_coffee(page, base: str, clicks: int) -> list[float]:
    page.goto(f"{base}/voila/render/coffee.ipynb")
    page.wait_for_selector(".gamekit-board svg", timeout=90_000)
    time.sleep(1.0)
    board = page.locator(".gamekit-board")
    svg = board.locator("svg")
    view_box = [float(v) for v in svg.get_attribute("viewBox").split()]
    _svg, transform = _template("hex", 5)
    grid = coffee.Rules().grid
    out = []
    for k in range(clicks + 2):  # the first two warm up
        # Alternate: choose e5 for the stone, then click it again to clear the choice.
        box = svg.bounding_box()
        sx, sy = svg_point(transform, *grid.centres[grid.index("e5")])
        before = board.get_attribute("data-paints")
        page.mouse.click(
            box["x"] + (sx - view_box[0]) * box["width"] / view_box[2],
            box["y"] + (sy - view_box[1]) * box["height"] / view_box[3],
        )
        page.wait_for_function(
            f"() => document.querySelector('.gamekit-board').dataset.paints !== '{before}'",
            timeout=20_000,
        )
        if k >= 2:
            out.append(float(board.get_attribute("data-latency")))
        time.sleep(0.05)
    return out


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
            results = {"coffee hex5": measure_coffee(page, base, clicks)}
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
