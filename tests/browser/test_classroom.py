"""``make demo`` for a room (apps/.jupyter/voila.py): Voilà started with the room's settings
(here the idle time before a kernel is freed shortened to 5 seconds, so the test is quick).

A page opened from the pool of started kernels answers a move; a student's kernel is kept while the page
stays open, however idle; once the page is closed it is freed; the pool's waiting kernels are
never culled. Kernels are counted as the server's child processes."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import served

APPS = sorted(p.stem for p in (Path(__file__).resolve().parents[2] / "apps").glob("*.ipynb"))
CULL = 5  # seconds idle, with no page, before a kernel is freed (60 in make demo)
INTERVAL = 10  # the culler looks this often (as in apps/.jupyter/voila.py)


def kernels(base: str) -> int:
    """The kernels of the Voilà serving ``base``: its child processes running ipykernel."""
    port = base.rsplit(":", 1)[1]
    server = subprocess.run(
        ["pgrep", "-f", f"voila .*--port={port}"], capture_output=True, text=True
    ).stdout.split()
    found = 0
    for pid in server:
        children = subprocess.run(
            ["pgrep", "-P", pid, "-f", "ipykernel"], capture_output=True, text=True
        )
        found += len(children.stdout.split())
    return found


def wait_for(base: str, count: int, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if kernels(base) == count:
            return
        time.sleep(1)
    raise AssertionError(f"{what}: {kernels(base)} kernels after {seconds} s, not {count}")


@pytest.fixture(scope="module")
def room_url():
    voila = str(Path(sys.executable).with_name("voila"))
    command = [
        voila, "{dir}", "--no-browser", "--template=gamekit", "--port={port}",
        "--Voila.config_file_paths={dir}/.jupyter",
        f"--MappingKernelManager.cull_idle_timeout={CULL}",
    ]  # fmt: skip
    env = {"JUPYTER_PATH": "{dir}/.jupyter", "DEMO_IP": "127.0.0.1"}
    with served("apps", command, "/", env=env) as base:
        yield base


def test_a_closed_page_frees_its_kernel_and_an_open_one_keeps_it(room_url, page, screenshots):
    pool = len(APPS)  # one started kernel waiting per app
    wait_for(room_url, pool, 120, "the pool at start")
    page.goto(f"{room_url}/voila/render/coffee.ipynb")
    page.wait_for_selector(".gamekit-board[data-paints] svg", timeout=90_000)
    box = page.locator("input[placeholder*='type a move']").first
    box.fill("e5|")  # the page's kernel, taken from the pool, answers
    box.press("Enter")
    page.locator(".gamekit-log").filter(has_text="e5").wait_for(timeout=30_000)
    wait_for(room_url, pool + 1, 60, "the page's kernel and the pool refilled")
    time.sleep(CULL + 2 * INTERVAL)  # idle, but the page is open: kept
    assert kernels(room_url) == pool + 1
    page.screenshot(path=str(screenshots / "classroom_page_open.png"))
    page.goto("about:blank")  # the student leaves
    wait_for(room_url, pool, CULL + 3 * INTERVAL, "the kernel of the closed page freed")
    time.sleep(2 * INTERVAL)  # the pool's waiting kernels are not culled
    assert kernels(room_url) == pool


def page_kernel(page) -> str:
    return page.evaluate(
        "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
    )


def test_a_page_whose_kernel_dies_says_so_and_offers_to_reload(room_url, page, screenshots):
    page.goto(f"{room_url}/voila/render/gipf.ipynb")
    page.wait_for_selector(".gamekit-board[data-paints] svg", timeout=90_000)
    kernel = page_kernel(page)
    subprocess.run(["pkill", "-9", "-f", f"kernel-{kernel}.json"], check=True)  # out of memory
    alert = page.locator(".gamekit-lost[role=alert]")
    alert.wait_for(timeout=30_000)
    assert "Python kernel died" in alert.inner_text()
    assert alert.get_by_role("button", name="Reload the page").is_visible()
    page.screenshot(path=str(screenshots / "classroom_kernel_died.png"))
    alert.get_by_role("button", name="Reload the page").click()
    page.wait_for_selector(".gamekit-board[data-paints] svg", timeout=90_000)
    assert page.locator(".gamekit-lost").count() == 0 and page_kernel(page) != kernel


def test_a_page_whose_server_stops_says_so(page, screenshots):
    voila = str(Path(sys.executable).with_name("voila"))
    command = [
        voila, "{dir}", "--no-browser", "--template=gamekit", "--port={port}",
        "--Voila.config_file_paths={dir}/.jupyter",
    ]  # fmt: skip
    env = {"JUPYTER_PATH": "{dir}/.jupyter", "DEMO_IP": "127.0.0.1", "DEMO_POOL": "0"}
    with served("apps", command, "/", env=env) as base:
        page.goto(f"{base}/voila/render/hextiles.ipynb")
        page.wait_for_selector(".gamekit-board[data-paints] svg", timeout=90_000)
        port = base.rsplit(":", 1)[1]
        subprocess.run(["pkill", "-f", f"voila .*--port={port}"], check=True)  # the server stops
        alert = page.locator(".gamekit-lost[role=alert]")
        alert.wait_for(timeout=30_000)
        assert "lost its server" in alert.inner_text()
        page.screenshot(path=str(screenshots / "classroom_server_stopped.png"))
