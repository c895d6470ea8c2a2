"""A real JupyterLab in headless Chromium, for the browser tests (``make test-browser``).

JupyterLab serves a temporary copy of ``notebooks/`` (it autosaves what it runs) with a
throw-away workspace; Playwright drives Debian's Chromium (``/usr/bin/chromium``, no browser
download). Every wait has a timeout, so a hung browser fails a test instead of hanging CI.
Screenshots go to ``$GAMEKIT_SCREENSHOTS`` (default: a temporary folder, printed).
"""

from __future__ import annotations

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


@pytest.fixture(scope="session")
def lab_url():
    """Start ``jupyter lab`` on 127.0.0.1 serving a copy of notebooks/; yield its base URL."""
    work = Path(tempfile.mkdtemp(prefix="gamekit-lab-"))
    shutil.copytree(ROOT / "notebooks", work / "notebooks")
    port, token = free_port(), secrets.token_hex(16)
    jupyter = Path(sys.executable).with_name("jupyter")
    log = open(work / "lab.log", "w")
    proc = subprocess.Popen(
        [
            str(jupyter), "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={work / 'notebooks'}",
            f"--LabApp.workspaces_dir={work / 'workspaces'}",
            "--LabApp.expose_app_in_browser=True",
            "--ServerApp.allow_root=True",
        ],
        stdout=log,
        stderr=subprocess.STDOUT,
        cwd=work,
    )  # fmt: skip
    try:
        wait_for_http(f"http://127.0.0.1:{port}/api/status?token={token}", 90)
        yield f"http://127.0.0.1:{port}", token
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
        shutil.rmtree(work, ignore_errors=True)


@pytest.fixture(scope="session")
def voila_url():
    """Start Voila (what ``make demo`` runs) on 127.0.0.1 serving a copy of apps/."""
    work = Path(tempfile.mkdtemp(prefix="gamekit-voila-"))
    shutil.copytree(ROOT / "apps", work / "apps")
    port = free_port()
    voila = Path(sys.executable).with_name("voila")
    log = open(work / "voila.log", "w")
    proc = subprocess.Popen(
        [str(voila), str(work / "apps"), "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}"],
        stdout=log,
        stderr=subprocess.STDOUT,
        cwd=work,
    )
    try:
        wait_for_http(f"http://127.0.0.1:{port}/", 90)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()
        shutil.rmtree(work, ignore_errors=True)


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
