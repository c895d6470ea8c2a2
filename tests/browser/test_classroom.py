"""``make demo`` for a room (apps/.jupyter/voila.py): Voilà started as make demo starts it
(``python -m gamekit.classroom serve``) with the room's settings (here the idle time before a
kernel is freed shortened to 10 seconds, and the culler looking every second, so the test is
quick and sees the culler's decisions at once).

A page opened from the pool of started kernels answers a move; a student's kernel is kept while the page
stays open, however idle; once the page is closed it is freed; the pool's waiting kernels are
never culled, and a page that takes one keeps it while its scripts load, however long the
kernel waited. A full room says so at once, and lets the student in once a seat is free.
Kernels are counted as the server's child processes."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import served
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_accessibility import axe_problems

APPS = sorted(p.stem for p in (Path(__file__).resolve().parents[2] / "apps").glob("*.ipynb"))
CULL = 10  # seconds idle, with no page, before a kernel is freed (60 in make demo)
INTERVAL = 1  # the culler looks this often (every 10 s in make demo)
BOARD = ".gamekit-board[data-paints] svg"  # a page whose board has painted
FULL = "h1:has-text('The room is full')"  # the room-full page
MOVE_BOX = "input[placeholder*='type a move']"  # the box a move is typed in
SCRIPT = re.compile(r"\.js(\?|$)")  # a script the page loads
# make demo's server, on a copy of apps/ (it finds the room's settings in apps/.jupyter)
ROOM = [
    sys.executable,
    "-m",
    "gamekit.classroom",
    "serve",
    "{dir}",
    "--no-browser",
    "--port={port}",
    f"--MappingKernelManager.cull_idle_timeout={CULL}",
    f"--MappingKernelManager.cull_interval={INTERVAL}",
]


def kernels(base: str) -> int:
    """The kernels of the Voilà serving ``base``: its child processes running ipykernel."""
    port = base.rsplit(":", 1)[1]
    server = subprocess.run(
        ["pgrep", "-f", f"gamekit.classroom serve .*--port={port}"], capture_output=True, text=True
    ).stdout.split()
    found = 0
    for pid in server:
        children = subprocess.run(
            ["pgrep", "-P", pid, "-f", "ipykernel"], capture_output=True, text=True
        )
        found += len(children.stdout.split())
    return found


def wait_for(base: str, count: int, seconds: float, what: str) -> None:
    """Wait until the server has ``count`` kernels, looking ten times a second."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if kernels(base) == count:
            return
        time.sleep(0.1)
    raise AssertionError(f"{what}: {kernels(base)} kernels after {seconds} s, not {count}")


def board_painted(page) -> None:
    """Wait (90 s at most) for the page's board to paint; if it does not, fail with what the
    page says instead (a fault bar, the room-full page), which is all a CI log shows."""
    try:
        page.wait_for_selector(BOARD, timeout=90_000)
    except PlaywrightTimeout:
        said = " ".join(page.inner_text("body").split())[:400]
        raise AssertionError(f"no board after 90 s on {page.url}; the page says: {said}") from None


@pytest.fixture(scope="module")
def room_url():
    with served("apps", ROOM, "/", env={"DEMO_IP": "127.0.0.1"}) as base:
        yield base


def test_a_closed_page_frees_its_kernel_and_an_open_one_keeps_it(room_url, page, screenshots):
    pool = len(APPS)  # one started kernel waiting per app
    wait_for(room_url, pool, 120, "the pool at start")
    page.goto(f"{room_url}/voila/render/coffee.ipynb")
    board_painted(page)
    box = page.locator(MOVE_BOX).first
    box.fill("e5|")  # the page's kernel, taken from the pool, answers
    box.press("Enter")
    page.locator(".gamekit-log").filter(has_text="e5").wait_for(timeout=30_000)
    wait_for(room_url, pool + 1, 60, "the page's kernel and the pool refilled")
    time.sleep(CULL + 5)  # idle, but the page is open: kept
    assert kernels(room_url) == pool + 1
    page.screenshot(path=str(screenshots / "classroom_page_open.png"))
    page.goto("about:blank")  # the student leaves
    wait_for(room_url, pool, CULL + 30, "the kernel of the closed page freed")
    time.sleep(CULL + 5)  # the pool's waiting kernels are not culled
    assert kernels(room_url) == pool


def test_a_page_from_a_pool_older_than_the_idle_time_keeps_its_kernel_while_it_loads(
    room_url, page
):
    time.sleep(CULL + 2)  # the pool's kernels have waited longer than a kernel may sit idle
    opened = time.monotonic()

    def slowly(route):  # a slow network: the page's scripts arrive 3 s late
        time.sleep(max(0.0, opened + 3 - time.monotonic()))
        route.fallback()

    page.route(SCRIPT, slowly)
    page.goto(f"{room_url}/voila/render/roaster.ipynb", wait_until="commit")
    board_painted(page)  # the culler looked 3 times while it loaded
    page.unroute(SCRIPT)
    box = page.locator(MOVE_BOX).first
    assert box.is_visible() and page.locator(".gamekit-lost").count() == 0


def page_kernel(page) -> str:
    return page.evaluate(
        "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
    )


def test_a_page_whose_kernel_dies_says_so_and_offers_to_reload(room_url, page, screenshots):
    page.goto(f"{room_url}/voila/render/gipf.ipynb")
    board_painted(page)
    kernel = page_kernel(page)
    subprocess.run(["pkill", "-9", "-f", f"kernel-{kernel}.json"], check=True)  # out of memory
    alert = page.locator(".gamekit-lost[role=alert]")
    alert.wait_for(timeout=30_000)
    assert "Python kernel died" in alert.inner_text()
    assert alert.get_by_role("button", name="Reload the page").is_visible()
    page.wait_for_selector(".gamekit-app.jupyter-widgets-disconnected", timeout=30_000)
    note = page.evaluate(  # a notebook's "run the cell again" has no place on a page with no cells
        "() => getComputedStyle(document.querySelector('.gamekit-app'), '::before').content"
    )
    assert note in ("none", "normal", ""), note
    page.screenshot(path=str(screenshots / "classroom_kernel_died.png"))
    alert.get_by_role("button", name="Reload the page").click()
    board_painted(page)
    assert page.locator(".gamekit-lost").count() == 0 and page_kernel(page) != kernel


def test_a_page_whose_server_stops_says_so(page, screenshots):
    env = {"DEMO_IP": "127.0.0.1", "DEMO_POOL": "0"}
    with served("apps", ROOM, "/", env=env) as base:
        page.goto(f"{base}/voila/render/hextiles.ipynb")
        board_painted(page)
        port = base.rsplit(":", 1)[1]
        # the server stops
        subprocess.run(["pkill", "-f", f"gamekit.classroom serve .*--port={port}"], check=True)
        alert = page.locator(".gamekit-lost[role=alert]")
        alert.wait_for(timeout=30_000)
        assert "lost its server" in alert.inner_text()
        page.screenshot(path=str(screenshots / "classroom_server_stopped.png"))


def test_a_full_room_says_so_at_once_and_lets_the_student_in_once_a_seat_is_free(
    browser, screenshots
):
    env = {"DEMO_IP": "127.0.0.1", "DEMO_MAX": "1"}
    with served("apps", ROOM, "/", env=env) as base:
        pool = len(APPS)
        wait_for(base, pool, 120, "the pool at start")
        first, second = (browser.new_context(viewport={"width": 1280, "height": 800}) for _ in "ab")
        for ctx in (first, second):  # as every other page of these tests: a busy machine
            ctx.set_default_timeout(60_000)
        try:
            ada = first.new_page()
            ada.goto(f"{base}/voila/render/coffee.ipynb")
            board_painted(ada)
            wait_for(base, pool + 1, 60, "the page's kernel and the pool refilled")

            blaise = second.new_page()
            started = time.monotonic()
            answer = blaise.goto(f"{base}/voila/render/gipf.ipynb")
            assert answer is not None and answer.status == 503
            assert answer.headers["retry-after"] == "60"
            assert time.monotonic() - started < 5  # at once, not a page that hangs
            heading = blaise.get_by_role("heading", level=1)
            assert heading.inner_text() == "The room is full — try again in a minute"
            assert "holds 1 open game at once" in blaise.inner_text("main")
            assert axe_problems(blaise) == []
            blaise.screenshot(path=str(screenshots / "classroom_room_full.png"))
            assert kernels(base) == pool + 1  # the full room started no kernel

            ada.close()  # a seat frees up once the closed page's kernel is culled
            wait_for(base, pool, CULL + 30, "the kernel of the closed page freed")
            # The seat is free once the culler lets the kernel go, before its process has
            # ended: the first click lets the student in. (Only a refill of the pool still
            # being started also counts, on a slow machine: then the student clicks again.)
            tries, deadline = 0, time.monotonic() + 30
            while True:
                tries += 1
                with blaise.expect_navigation(wait_until="commit"):
                    blaise.get_by_role("link", name="Try again").click()
                blaise.wait_for_selector(f"{BOARD}, {FULL}", timeout=90_000)
                if blaise.locator(BOARD).count():
                    break
                assert time.monotonic() < deadline, f"still full after {tries} tries in 30 s"
                time.sleep(2)
            assert blaise.title() == "gipf"  # the app, not the full room
        finally:
            first.close()
            second.close()


# The loading spinner's animation, read the moment the page's parser puts it in (a page
# from the pool replaces it at once, before a test could look at it).
SPINNER_WATCH = """
window.__spinner = null;
new MutationObserver((_, watch) => {
  const spinner = document.querySelector('#loading .spinner');
  if (spinner) {
    window.__spinner = getComputedStyle(spinner).animationName;
    watch.disconnect();
  }
}).observe(document, {childList: true, subtree: true});
"""


def test_a_student_who_asks_for_less_motion_gets_a_still_loading_line(room_url, browser):
    names = {}
    for motion in ("reduce", "no-preference"):
        ctx = browser.new_context(reduced_motion=motion)
        try:
            ctx.add_init_script(SPINNER_WATCH)
            page = ctx.new_page()
            page.goto(f"{room_url}/voila/render/hextiles.ipynb", wait_until="commit")
            board_painted(page)
            names[motion] = page.evaluate("() => window.__spinner")
        finally:
            ctx.close()
    assert names == {"reduce": "none", "no-preference": "rotation"}
