"""Lessons opened again: before their first run, and after a run, a save and the end of the
kernel (a teacher opening yesterday's lesson), then saved again by JupyterLab's autosave and
reopened once more. Each board must show a picture, never "Error displaying widget: model not
found" nor the board's text, and a saved lesson must hold no widget state (it grew the file
5–8 times and kept a learner's solved puzzles).

JupyterLab here runs as ``make lab`` starts it: with the server configuration
``notebooks/.jupyter/jupyter_server_config.py`` (its pre-save hook keeps only each board's
picture, :func:`gamekit.lab.strip_live_views`) and the settings override
``notebooks/.jupyter/lab/settings/overrides.json`` (no widget state saved), plus an autosave
every few seconds so that the test sees one. Screenshots: ``reopen_fresh_board_1.png`` and
``_2.png`` (stored pictures, before any run), ``reopen_saved_board.png`` and
``reopen_autosaved_board.png`` (the picture of a board after a save, its kernel gone).
"""

from __future__ import annotations

import json
import secrets
import shutil
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from conftest import ALL_RAN, KERNEL_IDLE, ROOT, WIDGET_MIME, served, shut_down_kernels


@pytest.fixture(scope="module")
def lab_saving_state():
    """A JupyterLab as ``make lab`` starts it (at the repository's root, with its server
    configuration and settings override), serving a copy of notebooks/ and docs/ and
    autosaving every 3 s; yields (base URL, token)."""
    token = secrets.token_hex(16)
    jupyter = str(Path(sys.executable).with_name("jupyter"))
    command = [
        jupyter, "lab", "--no-browser", "--ip=127.0.0.1", "--port={port}",
        f"--IdentityProvider.token={token}", "--ServerApp.root_dir={work}",
        "--LabApp.workspaces_dir={work}/workspaces", "--LabApp.expose_app_in_browser=True",
        "--ServerApp.allow_root=True", "--LabApp.app_settings_dir={work}/settings",
        "--config={dir}/.jupyter/jupyter_server_config.py",
    ]  # fmt: skip
    with served("notebooks", command, f"/api/status?token={token}", setup=_settings) as base:
        yield base, token


def _settings(work: Path) -> None:
    """The rules sheets beside the lessons, and the lessons' settings override with an
    autosave every 3 s (Lab's default: 2 min)."""
    shutil.copytree(ROOT / "docs", work / "docs")
    settings = json.loads((ROOT / "notebooks/.jupyter/lab/settings/overrides.json").read_text())
    settings["@jupyterlab/docmanager-extension:plugin"] = {"autosaveInterval": 3}
    (work / "settings").mkdir()
    (work / "settings/overrides.json").write_text(json.dumps(settings))


def board_cells(name: str) -> tuple[list[int], int]:
    """(the indices of the cells whose stored output is a board, the code cells) of a
    lesson."""
    nb = json.loads((ROOT / "notebooks" / name).read_text())
    boards = [
        i
        for i, c in enumerate(nb["cells"])
        if any(WIDGET_MIME in o.get("data", {}) for o in c.get("outputs", []))
    ]
    code = sum(c["cell_type"] == "code" and "".join(c["source"]).strip() != "" for c in nb["cells"])
    return boards, code


def open_lesson(page, base: str, token: str, name: str, workspace: str) -> None:
    """Open lesson ``name`` (a file of notebooks/) in a fresh workspace; wait for its kernel."""
    page.goto(f"{base}/lab/workspaces/{workspace}/tree/notebooks/{name}?reset&token={token}")
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
    page.wait_for_function(KERNEL_IDLE, timeout=90_000)


def output_of(page, cell: int):
    out = page.locator(".jp-Notebook .jp-Cell").nth(cell).locator(".jp-OutputArea-output")
    out.first.scroll_into_view_if_needed()
    return out.first


def stored_lesson(boards) -> dict:
    """A lesson as git stores it (run by nbconvert, no widget state): one cell per board,
    its output the bundle the board gives a notebook."""
    cells = [{"cell_type": "markdown", "metadata": {}, "source": "# A lesson fresh from git"}]
    for k, board in enumerate(boards, start=1):
        cells.append(
            {
                "cell_type": "code",
                "execution_count": k,
                "metadata": {},
                "source": "board",
                "outputs": [
                    {
                        "output_type": "execute_result",
                        "execution_count": k,
                        "metadata": {},
                        "data": board._repr_mimebundle_()[0],
                    }
                ],
            }
        )
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def put_notebook(base: str, token: str, name: str, nb: dict) -> None:
    body = json.dumps({"type": "notebook", "format": "json", "content": nb}).encode()
    req = urllib.request.Request(
        f"{base}/api/contents/notebooks/{name}?token={token}",
        data=body,
        method="PUT",
        headers={"Content-Type": "application/json"},
    )
    urllib.request.urlopen(req, timeout=30)


def test_a_lesson_opened_before_its_first_run_shows_each_board_as_a_picture(
    page, lab_saving_state, screenshots, outside_requests
):
    from gamekit import coffee, roaster
    from gamekit.widgets import CoffeeBoard, RoasterBoard

    base, token = lab_saving_state
    coffee_board = CoffeeBoard(coffee.Rules(board="hex", size=5))
    coffee_board.play_moves(["e5|", "e8/"])
    roaster_board = RoasterBoard(roaster.Rules(seed=1))
    roaster_board.press("draw")
    put_notebook(base, token, "fresh.ipynb", stored_lesson([coffee_board, roaster_board]))
    open_lesson(page, base, token, "fresh.ipynb", "fresh")
    for k in (1, 2):
        out = output_of(page, k)
        out.locator("img").wait_for(timeout=30_000)  # the stored picture of the position
        text = out.inner_text()
        assert "Error displaying widget" not in text and "Board " not in text
        out.screenshot(path=str(screenshots / f"reopen_fresh_board_{k}.png"))
    shut_down_kernels(base, token)
    assert outside_requests == []


def saved_notebook(base: str, token: str, name: str) -> tuple[dict, int]:
    """(lesson ``name`` as stored on the server's disk, its size in bytes)."""
    url = f"{base}/api/contents/notebooks/{name}?token={token}"
    with urllib.request.urlopen(url, timeout=30) as r:
        model = json.load(r)
    return model["content"], model["size"]


def widget_views(nb: dict) -> int:
    return sum(WIDGET_MIME in o.get("data", {}) for c in nb["cells"] for o in c.get("outputs", []))


def reopened_shows_pictures(page, base, token, name, boards, shot) -> None:
    """Open ``name`` with no kernel behind its outputs: every board a picture, no error."""
    open_lesson(page, base, token, name, f"w{secrets.token_hex(4)}")
    for cell in boards:
        out = output_of(page, cell)
        out.locator("img").first.wait_for(timeout=30_000)
    text = page.locator(".jp-Notebook").inner_text()
    assert "Error displaying widget" not in text
    output_of(page, boards[0]).screenshot(path=str(shot))


def test_a_lesson_saved_reopened_and_autosaved_still_shows_its_boards(
    context, lab_saving_state, screenshots, outside_requests
):
    base, token = lab_saving_state
    name = "01_coffee_rules.ipynb"
    boards, code = board_cells(name)
    _, size_before = saved_notebook(base, token, name)
    page = context.new_page()
    open_lesson(page, base, token, name, "first")
    time.sleep(4)  # an autosave would have come
    assert page.locator(".jp-mod-dirty").count() == 0, "opening the lesson changed it"
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(ALL_RAN, arg=code, timeout=120_000)
    page.wait_for_function(KERNEL_IDLE, timeout=60_000)
    page.wait_for_function(
        "(n) => document.querySelectorAll('.gamekit-board[data-paints] svg').length >= n",
        arg=len(boards),
        timeout=60_000,
    )
    first = output_of(page, boards[0])
    first.locator(".gamekit-board svg").click(position={"x": 200, "y": 200})  # a learner plays
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function("() => !document.querySelector('.jp-mod-dirty')", timeout=30_000)
    saved, size = saved_notebook(base, token, name)
    assert "widgets" not in saved["metadata"]  # no widget state: no learner's answers
    assert widget_views(saved) == 0  # each board kept as its picture
    assert size < 1.5 * size_before, (size, size_before)  # it once grew 5-8 times
    page.close()
    shut_down_kernels(base, token)  # yesterday's kernel is gone

    page = context.new_page()
    reopened_shows_pictures(page, base, token, name, boards, screenshots / "reopen_saved_board.png")
    time.sleep(8)  # autosaves come and go
    assert page.locator(".jp-mod-dirty").count() == 0, "opening the lesson changed it"
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")  # as autosave
    page.close()
    shut_down_kernels(base, token)
    again, _ = saved_notebook(base, token, name)
    assert "widgets" not in again["metadata"] and widget_views(again) == 0

    page = context.new_page()
    shot = screenshots / "reopen_autosaved_board.png"
    reopened_shows_pictures(page, base, token, name, boards, shot)
    page.close()
    shut_down_kernels(base, token)
    assert outside_requests == []


def test_the_rules_sheet_links_open_the_sheet(
    page, lab_saving_state, screenshots, outside_requests
):
    """The start page links each game's printable rules (``../docs/rules/…``): with Lab
    started at the repository's root, as ``make lab`` does, a click opens the sheet."""
    base, token = lab_saving_state
    open_lesson(page, base, token, "00_start_here.ipynb", "start")
    link = page.locator(".jp-RenderedMarkdown a", has_text="Coffee Roaster").first
    link.click()
    page.wait_for_function(
        "() => window.jupyterapp.shell.currentWidget?.title.label === 'coffee_roaster.md'",
        timeout=30_000,
    )
    sheet = page.locator(".jp-MainAreaWidget:visible").last
    sheet.wait_for(timeout=30_000)
    page.wait_for_function(
        "() => document.body.innerText.includes('Coffee Roaster')", timeout=30_000
    )
    page.screenshot(path=str(screenshots / "rules_link_from_start_page.png"))
    shut_down_kernels(base, token)
    assert outside_requests == []
