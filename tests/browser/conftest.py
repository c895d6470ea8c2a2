"""A real JupyterLab in headless Chromium, for the browser tests (``make test-browser``).

JupyterLab serves a temporary copy of ``notebooks/`` (it autosaves what it runs) with a
throw-away workspace; Playwright drives Debian's Chromium (``/usr/bin/chromium``, no browser
download). Every wait has a timeout, so a hung browser fails a test instead of hanging CI.
Screenshots go to ``$GAMEKIT_SCREENSHOTS`` (default: a temporary folder, printed).
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def pytest_collection_modifyitems(config, items):
    if CHROMIUM.exists():
        return
    if os.environ.get("CI"):
        raise pytest.UsageError("CI needs /usr/bin/chromium for the browser tests")
    skip = pytest.mark.skip(reason="no /usr/bin/chromium (apt-get install chromium)")
    for item in items:
        item.add_marker(skip)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_http(url: str, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"{url} did not answer within {seconds:.0f} s")


@pytest.fixture(scope="session")
def screenshots() -> Path:
    folder = Path(
        os.environ.get("GAMEKIT_SCREENSHOTS") or tempfile.mkdtemp(prefix="gamekit-shots-")
    )
    folder.mkdir(parents=True, exist_ok=True)
    print(f"\nscreenshots: {folder}")
    return folder


@contextlib.contextmanager
def served(folder: str, command: list[str], ready_path: str):
    """Copy ``folder`` to a temporary place, run ``command`` (with ``{dir}`` and ``{port}``
    filled in) on 127.0.0.1, wait until ``ready_path`` answers; yield the base URL."""
    work = Path(tempfile.mkdtemp(prefix=f"gamekit-{folder}-"))
    shutil.copytree(ROOT / folder, work / folder)
    port = free_port()
    args = [a.format(dir=work / folder, work=work, port=port) for a in command]
    with open(work / "server.log", "w") as log:
        proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, cwd=work)
        try:
            base = f"http://127.0.0.1:{port}"
            wait_for_http(base + ready_path, 90)
            yield base
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
    shutil.rmtree(work, ignore_errors=True)


@pytest.fixture(scope="session")
def lab_url():
    """Start ``jupyter lab`` serving a copy of notebooks/; yield (base URL, token)."""
    token = secrets.token_hex(16)
    jupyter = str(Path(sys.executable).with_name("jupyter"))
    command = [
        jupyter, "lab", "--no-browser", "--ip=127.0.0.1", "--port={port}",
        f"--IdentityProvider.token={token}", "--ServerApp.root_dir={dir}",
        "--LabApp.workspaces_dir={work}/workspaces", "--LabApp.expose_app_in_browser=True",
        "--ServerApp.allow_root=True",
    ]  # fmt: skip
    with served("notebooks", command, f"/api/status?token={token}") as base:
        yield base, token


@pytest.fixture(scope="session")
def voila_url():
    """Start Voila (what ``make demo`` runs) serving a copy of apps/; yield its base URL."""
    voila = str(Path(sys.executable).with_name("voila"))
    command = [voila, "{dir}", "--no-browser", "--Voila.ip=127.0.0.1", "--port={port}"]
    with served("apps", command, "/") as base:
        yield base


def offline(page) -> list[str]:
    """Block every request that leaves this computer; return the list of blocked URLs."""
    blocked: list[str] = []

    def route(r):
        url = r.request.url
        if url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")):
            r.continue_()
        else:
            blocked.append(url)
            r.abort()

    page.route("**/*", route)
    return blocked


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=LAUNCH_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser, lab_url, screenshots, request):
    """A fresh browser page; on failure its screenshot is saved; afterwards every kernel the
    page started is shut down, so tests do not pile up kernels."""
    context = browser.new_context(viewport={"width": 1300, "height": 2000})
    context.set_default_timeout(60_000)
    pg = context.new_page()
    yield pg
    if getattr(request.node, "rep_call", None) is not None and request.node.rep_call.failed:
        pg.screenshot(path=str(screenshots / f"FAILED-{request.node.name}.png"))
    context.close()
    base, token = lab_url
    with urllib.request.urlopen(f"{base}/api/sessions?token={token}", timeout=10) as r:
        sessions = json.load(r)
    for s in sessions:
        req = urllib.request.Request(
            f"{base}/api/sessions/{s['id']}?token={token}", method="DELETE"
        )
        urllib.request.urlopen(req, timeout=30)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)
