"""Lessons opened again: before their first run, and after a run, a save and the end of the
kernel (a teacher opening yesterday's lesson). Each board must show a picture, never "Error
displaying widget: model not found" nor the board's text.

JupyterLab here runs as ``make lab`` sets it up: with the settings override
``notebooks/.jupyter/lab/settings/overrides.json`` (the widget manager's ``saveState``), so
saving a lesson stores its widgets' state and a reopened lesson draws its boards from it.
Screenshots: ``reopen_fresh_board_1.png`` and ``_2.png`` (stored pictures, before any run),
``reopen_saved_board.png`` (the board drawn from the saved state, its kernel gone).
"""

from __future__ import annotations

import json
import secrets
import sys
import urllib.request
from pathlib import Path

import pytest
from conftest import ALL_RAN, KERNEL_IDLE, ROOT, WIDGET_MIME, served, shut_down_kernels

STATE_MIME = "application/vnd.jupyter.widget-state+json"


@pytest.fixture(scope="module")
def lab_saving_state():
    """A JupyterLab as ``make lab`` starts it (the settings override included), serving a
    copy of notebooks/; yields (base URL, token)."""
    token = secrets.token_hex(16)
    jupyter = str(Path(sys.executable).with_name("jupyter"))
    command = [
        jupyter, "lab", "--no-browser", "--ip=127.0.0.1", "--port={port}",
        f"--IdentityProvider.token={token}", "--ServerApp.root_dir={dir}",
        "--LabApp.workspaces_dir={work}/workspaces", "--LabApp.expose_app_in_browser=True",
        "--ServerApp.allow_root=True", "--LabApp.app_settings_dir={dir}/.jupyter/lab/settings",
    ]  # fmt: skip
    with served("notebooks", command, f"/api/status?token={token}") as base:
        yield base, token


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
    page.goto(f"{base}/lab/workspaces/{workspace}/tree/{name}?reset&token={token}")
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
                        "data": board._repr_mimebundle_(),
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
        f"{base}/api/contents/{name}?token={token}",
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


def test_a_lesson_reopened_after_its_kernel_is_gone_still_shows_its_boards(
    context, lab_saving_state, screenshots, outside_requests
):
    base, token = lab_saving_state
    name = "01_coffee_rules.ipynb"
    boards, code = board_cells(name)
    page = context.new_page()
    open_lesson(page, base, token, name, "first")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(ALL_RAN, arg=code, timeout=120_000)
    page.wait_for_function(KERNEL_IDLE, timeout=60_000)
    page.wait_for_function(
        "(n) => document.querySelectorAll('.gamekit-board[data-paints] svg').length >= n",
        arg=len(boards),
        timeout=60_000,
    )
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    page.wait_for_function(
        "() => !document.querySelector('.jp-mod-dirty')", timeout=30_000
    )  # saved
    url = f"{base}/api/contents/{name}?token={token}"
    with urllib.request.urlopen(url, timeout=30) as r:
        saved = json.load(r)["content"]
    assert STATE_MIME in saved["metadata"].get("widgets", {})  # the override took effect
    page.close()
    shut_down_kernels(base, token)  # yesterday's kernel is gone

    page = context.new_page()
    open_lesson(page, base, token, name, "next-day")
    page.wait_for_function(
        "(n) => document.querySelectorAll('.gamekit-board svg').length >= n",
        arg=len(boards),
        timeout=60_000,
    )
    notebook = page.locator(".jp-Notebook")
    assert "Error displaying widget" not in notebook.inner_text()
    out = output_of(page, boards[0])
    assert out.locator(".gamekit-board svg").count() == 1
    page.wait_for_function(  # the turn line is its own widget, drawn from the saved state too
        "(el) => el.innerText.trim() !== ''",
        arg=out.locator(".gamekit-turn").element_handle(),
        timeout=30_000,
    )
    out.screenshot(path=str(screenshots / "reopen_saved_board.png"))
    page.close()
    shut_down_kernels(base, token)
    assert outside_requests == []
