"""The class store as a hub service (gamekit.store.service, gamekit.store.remote): a real web
server started here, on a real store, called over HTTP as a student's kernel calls it on a
school's hub. The hub's part (who owns a token) is played by a table of tokens; everything
else is the service's own: a student acts as their login name only, moves only for their
seat, reads only their tables and their puzzles, whatever their Python sends. The whole
hub (JupyterHub, its students' servers and kernels) is tried in tests/browser/test_hub.py."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import urllib.error
import urllib.request

import numpy as np
import pytest

from gamekit.store import ClassStore, HubStore, StoreError, Student
from gamekit.store.service import Caller, make_app
from gamekit.widgets.table import sit_at


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


SMALL = {"board": "square", "size": 4, "n": 3}
#: token -> who the hub says owns it
TOKENS = {
    "t-ada": Caller("ada"),
    "t-bo": Caller("bo"),
    "t-cy": Caller("cy"),
    "t-teacher": Caller("teacher", admin=True),
}


@pytest.fixture
def service(tmp_path):
    """(the service's address, the store behind it), served from a thread of its own."""
    store = ClassStore(folder=tmp_path, seed=11)

    async def identify(token: str) -> Caller | None:
        return TOKENS.get(token)

    port, started, stop = free_port(), threading.Event(), {}

    def serve() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        server = make_app(store, identify, "/services/class-store/").listen(
            port, address="127.0.0.1"
        )
        stop["loop"], stop["server"] = loop, server
        started.set()
        loop.run_forever()
        server.stop()
        loop.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    assert started.wait(10)
    yield f"http://127.0.0.1:{port}/services/class-store/", store
    stop["loop"].call_soon_threadsafe(stop["loop"].stop)
    thread.join(10)
    store.close()


def as_(url: str, who: str) -> HubStore:
    return HubStore(url, token=f"t-{who}")


def a_class(service) -> tuple[str, HubStore, HubStore, HubStore]:
    url, store = service
    code = store.new_class("7B")
    return code, as_(url, "ada"), as_(url, "bo"), as_(url, "cy")


def test_classmates_play_a_whole_game_through_the_service_from_two_boards(service) -> None:
    code, ada_store, bo_store, _ = a_class(service)
    ada, bo = ada_store.join(code), bo_store.join(code, "Bo")  # any capitals: it is "bo"
    assert (ada.nickname, bo.nickname) == ("ada", "bo")
    table = ada_store.open_table(ada, "coffee", SMALL)
    assert [t.code for t in bo_store.open_tables(code)] == [table.code]
    mine, theirs = sit_at(ada_store, ada, table.code), sit_at(bo_store, bo, table.code)
    rng = np.random.default_rng(3)
    while mine.state.outcome is None:
        board = mine if mine.table.mine(mine.state.to_move, mine.state) else theirs
        legal = board.state.legal_moves()
        board.type_move(str(legal[rng.integers(len(legal))]))
        assert board._ok, board.message
        other = theirs if board is mine else mine
        assert other.table.poll() == 1 and other.state == board.state
    _, store = service
    assert mine.record.moves == tuple(m.move for m in store.moves(code, table.code))
    # coming back (a reload, another computer) is joining again: the hub knows who it is
    assert ada_store.join(code) == ada_store.back(code) == ada
    mine.table.stop()


def test_a_student_acts_as_their_login_name_and_nobody_else(service) -> None:
    code, ada_store, bo_store, _ = a_class(service)
    with pytest.raises(StoreError, match="you play as ada, your login name, not as 'bo'"):
        ada_store.join(code, "bo")
    ada, bo = ada_store.join(code), bo_store.join(code)
    table = bo_store.open_table(bo, "coffee", SMALL)
    ada_store.sit(ada, table.code)
    _, store = service
    # Python in ada's kernel names bo, with bo's very number: refused, nothing stored
    for forged in (bo, Student(bo.id, code, "bo"), Student(ada.id, code, "bo")):
        with pytest.raises(StoreError, match="you play as ada"):
            ada_store.play(forged, table.code, "b2|")
        with pytest.raises(StoreError, match="you play as ada"):
            ada_store.progress(forged)
        with pytest.raises(StoreError, match="you play as ada"):
            ada_store.record_try(forged, "coffee-win-1", True)
    # as herself she may not move for bo's seat either: it is bo's turn (bo opened the table)
    with pytest.raises(StoreError, match="it is bo's turn"):
        ada_store.play(ada, table.code, "b2|")
    assert store.moves(code, table.code) == []
    assert store.progress(bo) == {}


def test_a_student_reads_only_their_tables_and_their_class(service) -> None:
    code, ada_store, bo_store, cy_store = a_class(service)
    url, store = service
    _, bo, cy = ada_store.join(code), bo_store.join(code), cy_store.join(code)
    table = bo_store.open_table(bo, "coffee", SMALL)
    assert ada_store.table(code, table.code).waiting  # waiting for a player: the class sees it
    cy_store.sit(cy, table.code)
    for read in (
        lambda: ada_store.table(code, table.code),
        lambda: ada_store.moves(code, table.code),
        lambda: ada_store.version(code, table.code),
        lambda: ada_store.state(code, table.code),
    ):
        with pytest.raises(StoreError, match=f"table {table.code} is not yours to see"):
            read()
    # another class is another world: its tables, and joining it under another's name
    other = store.new_class("8C")
    di = store.join(other, "di")
    far = store.open_table(di, "coffee", SMALL)
    with pytest.raises(StoreError, match="have not joined class"):
        ada_store.moves(other, far.code)
    with pytest.raises(StoreError, match="have not joined class"):
        ada_store.open_tables(other)
    # the teacher's calls are the teacher's
    with pytest.raises(StoreError, match="only the teacher"):
        ada_store.students(code)
    with pytest.raises(StoreError, match="only the teacher"):
        ada_store.new_class("9D")
    assert as_(url, "teacher").students(code) == ["ada", "bo", "cy"]


def post(url: str, call: str, body: bytes, token: str | None = "t-ada") -> tuple[int, dict]:
    headers = {"Content-Type": "application/json"}
    if token is not None:
        headers["Authorization"] = f"token {token}"
    request = urllib.request.Request(url + "api/" + call, data=body, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_a_call_by_hand_is_refused_in_words_whatever_it_sends(service) -> None:
    url, store = service
    code = store.new_class("7B")
    assert post(url, "join", json.dumps({"class_code": code}).encode(), token=None) == (
        403,
        {"error": "the hub does not know who you are: log in to the hub again"},
    )
    assert post(url, "join", b"{}", token="stolen")[0] == 403
    status, body = post(url, "join", b"not json")
    assert (status, body["error"]) == (400, "a call to the class store is a JSON object")
    status, body = post(url, "drop_tables", b"{}")
    assert (status, body["error"]) == (400, "the class store has no call named 'drop_tables'")
    status, body = post(url, "join", b"[1, 2]")
    assert status == 400 and body["error"].startswith("a call's arguments are names and values")
    status, body = post(url, "join", json.dumps({"class_code": code, "as": "bo"}).encode())
    assert status == 400 and body["error"].startswith("the call join does not take those")
    status, body = post(url, "answer_undo", json.dumps(
        {"class_code": code, "nickname": "ada", "code": "ABCD", "accept": "yes"}).encode())  # fmt: skip
    assert status == 400 and body["error"].startswith("an answer is yes or no")
    assert post(url, "join", json.dumps({"class_code": code}).encode())[0] == 200
    assert store.students(code) == ["ada"]


def test_a_service_that_cannot_be_reached_is_said_in_words() -> None:
    store = HubStore(f"http://127.0.0.1:{free_port()}/services/class-store/", token="t")
    with pytest.raises(StoreError, match="the hub's class store cannot be reached"):
        store.join("ABCDEF")


def test_on_the_hub_the_teachers_page_is_the_admins_and_runs_an_experiment(
    service, monkeypatch
) -> None:
    from gamekit.design import class_experiment
    from gamekit.widgets.teacher import TeacherRoom, teacher_page

    code, ada_store, bo_store, _ = a_class(service)
    url, store = service
    monkeypatch.setenv("JUPYTERHUB_USER", "ada")
    page = teacher_page(ada_store)  # a student: only the refusal, nothing of the class
    assert "For the teacher only" in page.value and "only the teacher" in page.value
    for call in (lambda: ada_store.classes(), lambda: ada_store.class_progress(code),
                 lambda: ada_store.tables(code), lambda: ada_store.erase_class(code)):  # fmt: skip
        with pytest.raises(StoreError, match="only the teacher"):
            call()
    ada, _ = ada_store.join(code), bo_store.join(code)
    teacher = as_(url, "teacher")
    monkeypatch.setenv("JUPYTERHUB_USER", "teacher")
    assert "gamekit-teacher" in teacher_page(teacher)._dom_classes
    room = TeacherRoom(teacher, code)
    assert room.students_text() == "2 students: ada, bo."
    panel = room.experiments
    panel.game.value = "coffee"
    panel.rules_a.value = "board=square, size=4, n=3, pie_rule=false"
    panel.rules_b.value = "board=square, size=4, n=3, pie_rule=true"
    panel.label_a.value, panel.label_b.value = "off", "on"
    panel.set_up()
    panel.deal()
    assert "Round dealt: 1 game" in panel.status.value, panel.status.value
    mine = ada_store.assignment(ada)
    assert mine is not None and mine.against == "bo" and mine.label == "off"
    room.refresh(force=True)
    assert f"Table {mine.table}" in room.tables_html  # the teacher reads every table
    result = class_experiment(teacher, code)
    assert result.verdict == "no game has ended yet under off and on"
    assert store.students(code) == ["ada", "bo"]
