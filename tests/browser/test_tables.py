"""Classmates at a table, as `make demo` serves it (Voilà, offline): two students on two
browsers find each other through "Play a classmate" on the Coffee app and play a whole game,
each move appearing on the other's page by itself; one reloads in the middle and sits down
again; a third student is refused the table in words."""

from __future__ import annotations

import json
import re
import sys
import uuid
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from conftest import keep_offline, served

from gamekit import coffee
from gamekit.store import ClassStore


@pytest.fixture(scope="module")
def class_voila():
    """Voilà serving a copy of apps/ with a class store of its own; yields (base URL, the
    class code, the store's address)."""
    voila = str(Path(sys.executable).with_name("voila"))
    command = [
        voila, "{dir}", "--no-browser", "--template=gamekit", "--Voila.ip=127.0.0.1",
        "--port={port}",
    ]  # fmt: skip
    made: dict[str, str] = {}

    def setup(work: Path) -> None:
        url = f"sqlite:///{work / 'class.db'}"
        store = ClassStore(url, seed=11)
        made["code"], made["url"] = store.new_class("7B"), url
        store.close()

    env = {"JUPYTER_PATH": "{dir}/.jupyter", "CLASS_DB": "sqlite:///{work}/class.db"}
    with served("apps", command, "/", env=env, setup=setup) as base:
        yield base, made["code"], made["url"]


def open_coffee(browser, base: str):
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(60_000)
    keep_offline(ctx)
    page = ctx.new_page()
    page.goto(f"{base}/voila/render/coffee.ipynb")
    page.wait_for_selector(".gamekit-board svg", timeout=90_000)
    return ctx, page


def join(page, class_code: str, nickname: str, table: str = "") -> None:
    panel = page.locator(".gamekit-classmate")
    panel.get_by_label("Class code").fill(class_code)
    panel.get_by_label("Nickname").fill(nickname)
    if table:
        panel.get_by_label("Table code").fill(table)
    panel.get_by_role("button", name="Join the class").click()


def status(page) -> str:
    return page.locator(".gamekit-classmate [role=status]").inner_text()


def play(page, move: str) -> None:
    box = page.get_by_placeholder("type a move")
    box.fill(move)
    box.press("Enter")


def my_turn_or_over(page) -> None:
    """Wait until the page says it is this student's turn, or that the game is over: the
    classmate's move has arrived by itself."""
    page.wait_for_function(
        "() => { const t = document.querySelector('.gamekit-side').innerText;"
        " return t.includes('Your turn') || t.includes('Game over'); }",
        timeout=20_000,
    )


def test_two_classmates_play_a_whole_coffee_game_from_two_browsers(
    browser, class_voila, screenshots
) -> None:
    base, class_code, url = class_voila
    contexts = []
    try:
        ctx_a, ada = open_coffee(browser, base)
        ctx_b, bo = open_coffee(browser, base)
        contexts += [ctx_a, ctx_b]
        join(ada, class_code.lower(), "Ada")
        ada.wait_for_function("() => document.body.innerText.includes('You are Ada in class')")
        ada.locator(".gamekit-classmate").get_by_role("button", name="Open a table").click()
        code_el = ada.locator(".gamekit-table-code")
        code_el.wait_for()
        table = code_el.inner_text().strip()
        assert len(table) == 4
        ada.screenshot(path=str(screenshots / "table_opened.png"))
        join(bo, class_code, "Bo")
        bo.wait_for_function("() => document.body.innerText.includes('You are Bo in class')")
        bo.locator(".gamekit-classmate").get_by_label("Table code").fill(table)
        bo.locator(".gamekit-classmate").get_by_role("button", name="Sit down").click()
        bo.wait_for_function("() => document.body.innerText.includes('It is Ada\\'s turn')")
        ada.wait_for_function("() => document.body.innerText.includes('Your turn (Black)')")

        store = ClassStore(url)
        rules = store.state(class_code, table).rules
        assert rules == coffee.Rules(board="hex", size=5)
        rng = np.random.default_rng(8)
        state, k, pages = rules.start(), 0, {"black": ada, "orange": bo}
        while state.outcome is None:
            legal = state.legal_moves()
            move = legal[rng.integers(len(legal))]
            mover = pages[state.to_move]
            if k == 6:  # Bo reloads the page in the middle of the game and sits down again
                bo.reload()
                bo.wait_for_selector(".gamekit-board svg", timeout=90_000)
                join(bo, class_code, "Bo", table)
                bo.wait_for_function("() => document.body.innerText.includes('You sit at table')")
                pages["orange"] = bo
                mover = pages[state.to_move]
            play(mover, str(move))
            state = state.play(move)
            k += 1
            other = ada if mover is bo else bo
            my_turn_or_over(other)  # the classmate's page shows the move by itself
        for p in (ada, bo):
            p.wait_for_function("() => document.body.innerText.includes('Game over')")
        assert len(store.moves(class_code, table)) == k
        assert store.state(class_code, table) == state
        winner = state.outcome.winners[0] if state.outcome.winners else None
        if winner:
            won = pages[winner]
            assert "You won" in won.locator("body").inner_text()
        ada.screenshot(path=str(screenshots / "table_game_over_ada.png"))
        bo.screenshot(path=str(screenshots / "table_game_over_bo.png"))

        # a third student: refused the full table in words
        ctx_c, cy = open_coffee(browser, base)
        contexts.append(ctx_c)
        join(cy, class_code, "Cy")
        cy.wait_for_function("() => document.body.innerText.includes('You are Cy in class')")
        cy.locator(".gamekit-classmate").get_by_label("Table code").fill(table)
        cy.locator(".gamekit-classmate").get_by_role("button", name="Sit down").click()
        cy.wait_for_function("() => document.body.innerText.includes('is full')")
        assert "its 2 seats are taken" in status(cy)
        store.close()
    finally:
        for c in contexts:
            c.close()


def _comm_updates(frames: list, value: str) -> list[tuple[Any, str, list[bytes]]]:
    """The page's messages to its kernel that set a widget's ``value`` to ``value``: (the
    socket it went by, the channel, the message's parts), as Jupyter's v1 websocket
    protocol carries them."""
    from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1

    found = []
    for socket, frame in frames:
        if not isinstance(frame, bytes):
            continue
        channel, parts = deserialize_msg_from_ws_v1(frame)
        content = json.loads(parts[3])
        state = content.get("data", {}).get("state", {})
        if content.get("comm_id") and state.get("value") == value:
            found.append((socket, channel, parts))
    return found


def _forged(channel: str, parts: list[bytes], value: str) -> bytes:
    """The message ``parts`` again, a new message setting the widget's value to ``value``."""
    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    header, parent, metadata, content = (json.loads(p) for p in parts[:4])
    header["msg_id"] = uuid.uuid4().hex
    content["data"]["state"]["value"] = value
    packed = [json.dumps(x).encode() for x in (header, parent, metadata, content)]
    return serialize_msg_to_ws_v1([*packed, *parts[4:]], channel)


def test_a_page_cannot_move_for_the_other_seat_even_by_a_message_sent_by_hand(
    browser, class_voila
) -> None:
    """Bo's browser sends his kernel, by hand on the page's own websocket, the message that
    types Ada's move into the move box while it is Ada's turn: the board refuses it in words,
    the store keeps no move, and Ada's page still waits for her move."""
    base, class_code, url = class_voila
    contexts = []
    sent: list = []

    def proxy(ws) -> None:  # between Bo's page and his kernel: keeps what the page sends
        server = ws.connect_to_server()

        def from_page(message) -> None:
            sent.append((server, message))
            server.send(message)

        ws.on_message(from_page)

    try:
        ctx_a, ada = open_coffee(browser, base)
        contexts.append(ctx_a)
        ctx_b = browser.new_context(viewport={"width": 1280, "height": 800})
        contexts.append(ctx_b)
        ctx_b.set_default_timeout(60_000)
        keep_offline(ctx_b)
        ctx_b.route_web_socket(re.compile(r".*/api/kernels/.*/channels.*"), proxy)
        bo = ctx_b.new_page()
        bo.goto(f"{base}/voila/render/coffee.ipynb")
        bo.wait_for_selector(".gamekit-board svg", timeout=90_000)

        join(ada, class_code, "Ada2")
        ada.wait_for_function("() => document.body.innerText.includes('You are Ada2 in class')")
        ada.locator(".gamekit-classmate").get_by_role("button", name="Open a table").click()
        ada.locator(".gamekit-table-code").wait_for()
        table = ada.locator(".gamekit-table-code").inner_text().strip()
        play(bo, "zz")  # before sitting: the page's own message for the move box, learnt
        bo.wait_for_function("() => document.body.innerText.includes('zz')")
        join(bo, class_code, "Bo2")
        bo.wait_for_function("() => document.body.innerText.includes('You are Bo2 in class')")
        bo.locator(".gamekit-classmate").get_by_label("Table code").fill(table)
        bo.locator(".gamekit-classmate").get_by_role("button", name="Sit down").click()
        bo.wait_for_function("() => document.body.innerText.includes('It is Ada2\\'s turn')")

        learnt = _comm_updates(sent, "zz")
        assert learnt, "the page sent no message setting the move box (protocol changed?)"
        socket, channel, parts = learnt[-1]
        socket.send(_forged(channel, parts, "e5|"))  # Ada's first move, into Bo's board
        bo.wait_for_function(
            "() => document.querySelector('.gamekit-message').innerText"
            '.includes("It is Ada2\'s turn: wait for their move")'
        )
        bo.wait_for_timeout(1500)  # time for a move to reach the store, were it taken
        store = ClassStore(url)
        assert store.moves(class_code, table) == []
        assert "Your turn (Black)" in ada.locator(".gamekit-side").inner_text()
        play(ada, "e5|")  # the table goes on: Ada moves, and Bo sees it
        bo.wait_for_function("() => document.body.innerText.includes('Your turn (Orange)')")
        assert [p.move for p in store.moves(class_code, table)] == ["e5|"]
        store.close()
    finally:
        for c in contexts:
            c.close()
