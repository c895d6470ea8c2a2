"""The class store (gamekit.store) on a real SQLite file and a real PostgreSQL server (started
here, tests/postgres.py): every test runs on both. The store decides who may move, a move is
stored before anything shows it, a restarted store goes on from where it stood, two moves at
the same moment for the same turn give exactly one, and every refusal or fault is words."""

from __future__ import annotations

import os
import sqlite3
import threading
from datetime import UTC, datetime, timedelta

import numpy as np
import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from outside_game import Lines
from postgres import binaries, fresh_database, server
from sqlalchemy import create_engine, update

from gamekit.store import ClassStore, StoreError
from gamekit.store.migrate import HEAD, version
from gamekit.store.schema import METADATA, game_tables

COFFEE = {"board": "square", "size": 4, "n": 3}


@pytest.fixture(scope="session")
def postgres_server():
    if binaries() is None:
        pytest.fail(
            "PostgreSQL is not installed (apt-get install postgresql): the store tests need it"
        )
    with server() as address:
        yield address


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'class.db'}"
    return fresh_database(request.getfixturevalue("postgres_server"))


@pytest.fixture
def store(url) -> ClassStore:
    made = ClassStore(url, seed=7)
    yield made
    made.close()


def a_class(store: ClassStore, *names: str):
    code = store.new_class("7B")
    return code, [store.join(code, n) for n in names]


def a_table(store: ClassStore, game: str = "coffee", options=COFFEE, players: int = 2):
    code, people = a_class(store, *["Ada", "Bo", "Cy", "Di"][:players])
    table = store.open_table(people[0], game, options)
    for k, student in enumerate(people[1:], start=1):
        assert store.sit(student, table.code) == k
    return code, people, table


def random_moves(rules, seed: int, plies: int = 400) -> list[str]:
    rng = np.random.default_rng(seed)
    state, out = rules.start(), []
    while state.outcome is None and len(out) < plies:
        legal = state.legal_moves()
        move = legal[rng.integers(len(legal))]
        out.append(str(move))
        state = state.play(move)
    return out


# -- the schema ---------------------------------------------------------------------------


def test_alembic_makes_exactly_the_schema_of_the_code(url) -> None:
    ClassStore(url).close()
    engine = create_engine(url)
    assert version(engine) == HEAD
    with engine.connect() as connection:
        assert compare_metadata(MigrationContext.configure(connection), METADATA) == []
    engine.dispose()


def test_a_store_opened_again_keeps_everything_and_upgrades_nothing(url) -> None:
    first = ClassStore(url, seed=1)
    code, (ada,) = a_class(first, "Ada")
    first.close()
    again = ClassStore(url)
    assert again.students(code) == ["Ada"]
    again.close()


# -- a whole game at a table --------------------------------------------------------------


def test_two_classmates_play_a_whole_coffee_game_and_the_store_replays_it(store) -> None:
    code, (ada, bo), table = a_table(store)
    rules = store.state(code, table.code).rules
    game = random_moves(rules, seed=3)
    for k, move in enumerate(game):
        who = (ada, bo)[store.state(code, table.code).rules.seats.index(
            store.state(code, table.code).to_move)]  # fmt: skip
        played = store.play(who, table.code, move)
        assert played.ply == k and played.move == move
    final = store.state(code, table.code)
    assert final.outcome is not None and final == rules.replay(game)
    stored = store.moves(code, table.code)
    assert [m.move for m in stored] == game and stored[-1].over
    assert [m.seat for m in stored] == [k % 2 for k in range(len(game))]
    assert store.moves(code, table.code, since=len(game) - 1)[0].ply == len(game) - 1
    with pytest.raises(StoreError, match="is over"):
        store.play((ada, bo)[len(game) % 2], table.code, "a1|")


def test_a_restarted_store_goes_on_from_where_the_game_stood(url) -> None:
    first = ClassStore(url, seed=2)
    code, (ada, bo), table = a_table(first)
    first.play(ada, table.code, "b2|")
    first.close()  # the server restarts: a new store on the same database
    second = ClassStore(url)
    assert [m.move for m in second.moves(code, table.code)] == ["b2|"]
    bo_again = second.back(code, "bo")
    assert bo_again == bo
    assert second.sit(bo_again, table.code) == 1  # the same seat
    second.play(bo_again, table.code, second.state(code, table.code).legal_moves()[0].__str__())
    assert second.table(code, table.code).moves == 2
    second.close()


def test_hex_tiles_tables_seat_three_and_four_and_roaster_has_none(store) -> None:
    for players in (3, 4):
        code, people, table = a_table(store, "hextiles", {"players": players}, players)
        info = store.table(code, table.code)
        assert len(info.seated) == players and not info.waiting
        state = store.state(code, table.code)
        store.play(people[0], table.code, str(state.legal_moves()[0]))
    code, (ada,) = a_class(store, "Ann")
    with pytest.raises(StoreError, match="played alone: it has no table"):
        store.open_table(ada, "roaster")


def test_a_game_written_outside_the_kit_has_tables_through_the_contract(store) -> None:
    code, (ada, bo), table = a_table(store, "lines-test", {"size": 4})
    assert isinstance(Lines(), type(store.state(code, table.code).rules))
    store.play(ada, table.code, "a1")
    with pytest.raises(StoreError, match="already holds a black stone"):
        store.play(bo, table.code, "a1")
    store.play(bo, table.code, "b1")
    assert store.state(code, table.code).pieces == {"a1": "black", "b1": "white"}


# -- who may move -------------------------------------------------------------------------


def count(store: ClassStore, code: str, table: str) -> int:
    return len(store.moves(code, table))


def test_nobody_moves_for_another_seat_out_of_turn_or_at_another_table(store) -> None:
    code, (ada, bo), table = a_table(store)
    cy = store.join(code, "Cy")
    with pytest.raises(StoreError, match="it is Ada's turn .*not yours"):
        store.play(bo, table.code, "b2|")
    with pytest.raises(StoreError, match="not seated at table"):
        store.play(cy, table.code, "b2|")
    with pytest.raises(StoreError, match="is full: its 2 seats are taken"):
        store.sit(cy, table.code)
    store.play(ada, table.code, "b2|")
    with pytest.raises(StoreError, match="is not allowed"):
        store.play(bo, table.code, "b2|")  # the rules' own words
    assert count(store, code, table.code) == 1
    with pytest.raises(StoreError, match="it is Bo's turn"):
        store.play(ada, table.code, "c3|")
    assert count(store, code, table.code) == 1


def test_a_table_waits_until_every_seat_is_taken(store) -> None:
    code, (ada,) = a_class(store, "Ada")
    table = store.open_table(ada, "coffee", COFFEE)
    assert [t.code for t in store.open_tables(code)] == [table.code]
    with pytest.raises(StoreError, match="waits for a classmate"):
        store.play(ada, table.code, "b2|")
    bo = store.join(code, "Bo")
    store.sit(bo, table.code)
    assert store.open_tables(code) == []  # no free seat: no longer listed
    store.play(ada, table.code, "b2|")


def test_a_student_of_another_class_is_a_stranger_everywhere(store) -> None:
    code, (ada, bo), table = a_table(store)
    other = store.new_class("8C")
    eve = store.join(other, "Eve")
    with pytest.raises(StoreError, match="no table has the code"):
        store.sit(eve, table.code)
    with pytest.raises(StoreError, match="no table has the code"):
        store.play(eve, table.code, "b2|")
    with pytest.raises(StoreError, match="no table has the code"):
        store.moves(other, table.code)


def test_bad_codes_nicknames_and_moves_are_refused_in_words(store) -> None:
    code, (ada, bo), table = a_table(store)
    for bad, words in [
        ("ZZZZZZ", "no class has the code"),
        ("", "a class code is the word your teacher gives"),
        (None, "a class code is the word your teacher gives"),
    ]:
        with pytest.raises(StoreError, match=words):
            store.join(bad, "Zed")
    with pytest.raises(StoreError, match="the nickname Ada is taken"):
        store.join(code, "ada")
    for nickname in ("", "   ", "x" * 25, "<script>", 42):
        with pytest.raises(StoreError, match="a nickname is 1 to 24"):
            store.join(code, nickname)
    for move in ("", "x" * 500, None, 3):
        with pytest.raises(StoreError, match="a move is written as text"):
            store.play(ada, table.code, move)
    with pytest.raises(StoreError, match="no table has the code"):
        store.sit(bo, "QQQQ")
    with pytest.raises(StoreError, match="not allowed|no such|not a"):
        store.play(ada, table.code, "z9|")
    assert count(store, code, table.code) == 0
    with pytest.raises(StoreError, match="a table of 'chess' cannot be opened"):
        store.open_table(ada, "chess")
    with pytest.raises(StoreError, match="cannot be opened"):
        store.open_table(ada, "coffee", {"size": 99})
    with pytest.raises(StoreError, match="a student is one that joined"):
        store.play("Ada", table.code, "b2|")


def test_two_moves_at_the_same_moment_for_the_same_turn_store_exactly_one(url) -> None:
    """Two kernels (two stores on one database) send Ada's first move at once."""
    first, second = ClassStore(url, seed=3), ClassStore(url)
    code, (ada, bo), table = a_table(first)
    start = threading.Barrier(2)
    results: list[object] = []

    def send(store: ClassStore, move: str) -> None:
        start.wait()
        try:
            results.append(store.play(ada, table.code, move))
        except StoreError as error:
            results.append(error)

    threads = [
        threading.Thread(target=send, args=(first, "b2|")),
        threading.Thread(target=send, args=(second, "c3|")),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    refused = [r for r in results if isinstance(r, StoreError)]
    assert len(refused) == 1, results
    assert "came first" in str(refused[0]) or "it is Bo's turn" in str(refused[0])
    assert len(first.moves(code, table.code)) == 1
    first.close()
    second.close()


def test_an_abandoned_table_says_so_and_can_be_closed(store, url) -> None:
    code, (ada, bo), table = a_table(store)
    store.play(ada, table.code, "b2|")
    with pytest.raises(StoreError, match="still going on"):
        store.close_table(bo, table.code)
    store.leave(bo, table.code)
    assert store.table(code, table.code).present == (True, False)
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(
            update(game_tables).values(touched=datetime.now(UTC) - timedelta(minutes=11))
        )
    engine.dispose()
    assert store.table(code, table.code).abandoned()
    store.close_table(bo, table.code)
    assert store.table(code, table.code).closed
    with pytest.raises(StoreError, match="is closed"):
        store.play(bo, table.code, "c3|")


def test_puzzle_progress_counts_tries_wrong_in_a_row_and_hints(store) -> None:
    code, (ada,) = a_class(store, "Ada")
    store.record_try(ada, "coffee-win-1", right=False)
    store.record_try(ada, "coffee-win-1", right=False)
    store.record_try(ada, "coffee-win-1", right=False, hint=True)
    assert store.progress(ada)["coffee-win-1"] == {
        "tries": 2, "wrong_in_a_row": 2, "hints": 1, "solved": False, "first_try": False
    }  # fmt: skip
    store.record_try(ada, "coffee-win-1", right=True)
    store.record_try(ada, "gipf-row-1", right=True)
    got = store.progress(ada)
    assert got["coffee-win-1"]["solved"] and got["coffee-win-1"]["wrong_in_a_row"] == 0
    assert got["gipf-row-1"]["first_try"]
    with pytest.raises(StoreError, match="a puzzle is named by its id"):
        store.record_try(ada, "", right=True)


# -- faults: words at start, nothing lost ---------------------------------------------------


def test_a_store_in_a_missing_folder_says_so(tmp_path) -> None:
    with pytest.raises(StoreError, match="its folder does not exist"):
        ClassStore(folder=tmp_path / "nowhere")


def test_a_damaged_file_is_named_not_a_traceback(tmp_path) -> None:
    (tmp_path / "class.db").write_bytes(b"this is not a database at all " * 200)
    with pytest.raises(StoreError, match="damaged or is not a class store"):
        ClassStore(folder=tmp_path)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes read-only files")
def test_a_read_only_store_says_so(tmp_path) -> None:
    ClassStore(folder=tmp_path).close()
    for p in tmp_path.iterdir():
        p.chmod(0o444)
    tmp_path.chmod(0o555)
    try:
        store = ClassStore(folder=tmp_path)
        with pytest.raises(StoreError, match="read-only"):
            store.new_class("7B")
    finally:
        tmp_path.chmod(0o755)


def test_a_locked_store_says_it_is_busy_and_loses_nothing(tmp_path) -> None:
    store = ClassStore(folder=tmp_path, seed=4, timeout=0.3)
    code, (ada, bo), table = a_table(store)
    holder = sqlite3.connect(tmp_path / "class.db", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StoreError, match="is busy"):
            store.play(ada, table.code, "b2|")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    store.play(ada, table.code, "b2|")
    assert len(store.moves(code, table.code)) == 1


def test_an_unreachable_server_is_named_without_its_password() -> None:
    with pytest.raises(StoreError) as caught:
        ClassStore("postgresql+psycopg://teacher:secret@127.0.0.1:1/class")
    assert "secret" not in str(caught.value) and "cannot be reached" in str(caught.value)


def test_the_store_reads_class_db_from_the_environment(monkeypatch, tmp_path) -> None:
    from gamekit.store import store_url

    monkeypatch.setenv("CLASS_DB", f"sqlite:///{tmp_path / 'elsewhere.db'}")
    assert store_url(tmp_path) == f"sqlite:///{tmp_path / 'elsewhere.db'}"
    ClassStore().close()
    assert (tmp_path / "elsewhere.db").exists()


def test_the_teacher_makes_a_class_from_the_command_line(tmp_path, capsys) -> None:
    from gamekit.store.__main__ import main

    assert main(["--folder", str(tmp_path), "new-class", "7B"]) == 0
    code = capsys.readouterr().out.strip()
    store = ClassStore(folder=tmp_path)
    ada = store.join(code, "Ada")
    store.open_table(ada, "gipf")
    store.close()
    assert main(["--folder", str(tmp_path), "students", code]) == 0
    assert capsys.readouterr().out.strip() == "Ada"
    assert main(["--folder", str(tmp_path), "tables", code]) == 0
    assert "gipf  Ada" in capsys.readouterr().out
    assert main(["--folder", str(tmp_path), "students", "NOPE"]) == 2
    assert "no class has the code 'NOPE'" in capsys.readouterr().err


def test_moves_are_taken_back_only_when_a_classmate_accepts(store) -> None:
    code, (ada, bo), table = a_table(store)
    with pytest.raises(StoreError, match="no move at this table yet"):
        store.ask_undo(ada, table.code)
    store.play(ada, table.code, "b2|")
    store.play(bo, table.code, "b3|")
    assert store.ask_undo(ada, table.code) == 2  # her move and Bo's answer
    assert store.table(code, table.code).undo_asked == (0, 0)
    with pytest.raises(StoreError, match="already waits"):
        store.ask_undo(bo, table.code)
    with pytest.raises(StoreError, match="answers your own request"):
        store.answer_undo(ada, table.code, True)
    assert store.answer_undo(bo, table.code, False) == 0
    assert len(store.moves(code, table.code)) == 2
    store.ask_undo(ada, table.code)
    assert store.answer_undo(bo, table.code, True) == 2
    assert store.moves(code, table.code) == [] and store.table(code, table.code).undo_asked is None
    store.play(ada, table.code, "d4|")  # a different game from there: the store replays it
    assert store.state(code, table.code).rules.replay(["d4|"]) == store.state(code, table.code)
    with pytest.raises(StoreError, match="nobody has asked"):
        store.answer_undo(bo, table.code, True)


def test_a_table_of_a_game_with_chance_is_dealt_once_for_every_kernel(url) -> None:
    first, second = ClassStore(url, seed=6), ClassStore(url)
    code, (ada, bo), table = a_table(first, "hextiles", {"players": 2})
    assert table.options["seed"] is not None  # the deal the table keeps
    assert first.state(code, table.code) == second.state(code, table.code)
    move = str(first.state(code, table.code).legal_moves()[0])
    second.play(ada, table.code, move)  # played through one kernel, legal in the other's deal
    assert first.state(code, table.code) == second.state(code, table.code)
    first.close()
    second.close()
