"""A real JupyterLab in headless Chromium, for the browser tests (``make test-browser``).

JupyterLab serves a temporary copy of ``notebooks/`` (it autosaves what it runs) with a
throw-away workspace; Playwright drives Debian's Chromium (``/usr/bin/chromium``, no browser
download). Every wait has a timeout, so a hung browser fails a test instead of hanging CI.
Screenshots go to ``$GAMEKIT_SCREENSHOTS`` (default: a temporary folder, printed).

Every page is offline: a request that would leave this computer (anything but 127.0.0.1 or
localhost, ``data:``, ``blob:``, ``about:`` and ``file:``) is blocked and recorded in the
``outside_requests`` list, and a test that passed fails if the list is not empty.
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
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"

KERNEL_IDLE = """() => {
  const app = window.jupyterapp;
  const w = app && app.shell.currentWidget;
  const s = w && w.sessionContext && w.sessionContext.session;
  const k = s && s.kernel;
  return !!k && k.connectionStatus === 'connected' && k.status === 'idle';
}"""

# A lesson has run: counted from the cells' models, since a rules lesson hides its code and
# with it the prompts.
ALL_RAN = """(n) => {
  // from the cells' models: a rules lesson hides its code, and with it the prompts
  const w = window.jupyterapp.shell.currentWidget;
  if (!w || !w.content || !w.content.widgets) return false;
  const code = w.content.widgets.filter(
    c => c.model.type === 'code' && c.model.sharedModel.getSource().trim());
  const done = code.filter(c => c.model.executionCount !== null).length;
  const busy = code.some(c => {
    const p = c.inputArea && c.inputArea.promptNode;
    return !!p && p.textContent.includes('*');
  });
  return !busy && done >= n;
}"""

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
def served(
    folder: str,
    command: list[str],
    ready_path: str,
    env: dict[str, str] | None = None,
    setup=None,
):
    """Copy ``folder`` to a temporary place, run ``command`` (with ``{dir}`` and ``{port}``
    filled in, and the variables ``env`` added to its environment, filled in the same way)
    on 127.0.0.1, wait until ``ready_path`` answers; yield the base URL. ``setup(work)``, if
    given, prepares the temporary place first."""
    work = Path(tempfile.mkdtemp(prefix=f"gamekit-{folder}-"))
    shutil.copytree(ROOT / folder, work / folder)
    if setup is not None:
        setup(work)
    port = free_port()
    args = [a.format(dir=work / folder, work=work, port=port) for a in command]
    extra = {k: v.format(dir=work / folder, work=work, port=port) for k, v in (env or {}).items()}
    with open(work / "server.log", "w") as log:
        proc = subprocess.Popen(
            args, stdout=log, stderr=subprocess.STDOUT, cwd=work, env={**os.environ, **extra}
        )
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
    """Start Voila as ``make demo`` does (its page template from apps/.jupyter, which links
    nothing on a CDN) serving a copy of apps/, without the room's settings (no pool, no
    culling: ``test_classroom.py`` tests those); yield its base URL."""
    voila = str(Path(sys.executable).with_name("voila"))
    command = [
        voila, "{dir}", "--no-browser", "--template=gamekit", "--Voila.ip=127.0.0.1",
        "--port={port}",
    ]  # fmt: skip
    with served("apps", command, "/", env={"JUPYTER_PATH": "{dir}/.jupyter"}) as base:
        yield base


LOCAL_SCHEMES = {"data", "blob", "about", "file"}
LOCAL_HOSTS = {"127.0.0.1", "localhost"}


def is_local(url: str) -> bool:
    """Whether a request for ``url`` stays on this computer."""
    parts = urlsplit(url)
    if parts.scheme in LOCAL_SCHEMES:
        return True
    return parts.scheme in {"http", "https", "ws", "wss"} and parts.hostname in LOCAL_HOSTS


def keep_offline(context) -> list[str]:
    """Block every request of the browser ``context`` that would leave this computer, web
    sockets included; return the list of their URLs (it grows while the pages run)."""
    outside: list[str] = []

    def route(r):
        if is_local(r.request.url):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    def socket(ws):
        if not is_local(ws.url):
            outside.append(ws.url)
            ws.close()

    context.route("**/*", route)
    context.route_web_socket(lambda url: not is_local(url), socket)
    return outside


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=LAUNCH_ARGS)
        yield b
        b.close()


@pytest.fixture
def context(browser):
    """A fresh browser context (a private window), tall enough for a notebook."""
    ctx = browser.new_context(viewport={"width": 1300, "height": 2000})
    ctx.set_default_timeout(60_000)
    yield ctx
    ctx.close()


@pytest.fixture
def outside_requests(context) -> list[str]:
    """The URLs outside this computer that the test's pages asked for (all blocked)."""
    return keep_offline(context)


@pytest.fixture
def page(context, outside_requests, screenshots, request):
    """A fresh, offline browser page; on failure its screenshot is saved; a test that passed
    but asked for anything outside this computer fails; afterwards every kernel a JupyterLab
    page started is shut down, so tests do not pile up kernels."""
    pg = context.new_page()
    yield pg
    call = getattr(request.node, "rep_call", None)
    if call is not None and call.failed:
        pg.screenshot(path=str(screenshots / f"FAILED-{request.node.name}.png"))
    pg.close()
    if "lab_url" in request.fixturenames:
        shut_down_kernels(*request.getfixturevalue("lab_url"))
    if call is not None and call.passed and outside_requests:
        pytest.fail(f"the page asked for {len(outside_requests)} outside URLs: {outside_requests}")


def shut_down_kernels(base: str, token: str) -> None:
    """End every session (and its kernel) of the JupyterLab at ``base``."""
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
