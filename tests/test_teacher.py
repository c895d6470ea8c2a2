"""The teacher's room (gamekit.widgets.teacher) on a real class store: who is in the class,
where each table stands, each student's puzzles with the stuck mark, the download (CSV files
and records that load again), erasing only when the class code is typed, and the page that
shows nothing of the class without the teacher's secret."""

from __future__ import annotations

import csv
import html
import io
import json
import zipfile

import pytest

from gamekit.classroom import teacher_secret
from gamekit.records import Record
from gamekit.render import alt_text
from gamekit.store import ClassStore
from gamekit.widgets.teacher import PICTURES_PER_LOOK, TeacherRoom, teacher_allowed, teacher_page

SMALL = {"board": "square", "size": 4, "n": 3}


@pytest.fixture
def store(tmp_path) -> ClassStore:
    made = ClassStore(folder=tmp_path, seed=9)
    yield made
    made.close()


def a_class(store: ClassStore):
    code = store.new_class("7B")
    ada, bo, cy = (store.join(code, n) for n in ("Ada", "Bo", "Cy"))
    table = store.open_table(ada, "coffee", SMALL)
    store.sit(bo, table.code)
    return code, (ada, bo, cy), table


def play_to_the_end(store: ClassStore, code: str, table: str, people) -> None:
    while (state := store.state(code, table)).outcome is None:
        mover = people[0] if state.to_move == state.rules.seats[0] else people[1]
        store.play(mover, table, str(state.legal_moves()[0]))


def test_the_room_says_who_is_there_and_where_each_table_stands(store) -> None:
    code, (ada, bo, cy), table = a_class(store)
    room = TeacherRoom(store, code)
    assert room.students_text() == "3 students: Ada, Bo, Cy."
    assert room.table_text(store.table(code, table.code)) == (
        "Coffee, 0 moves: Ada (Black), Bo (Orange). Ada's turn."
    )
    store.play(ada, table.code, "b2|")
    store.leave(bo, table.code)
    info = store.table(code, table.code)
    assert room.table_text(info) == "Coffee, 1 move: Ada (Black), Bo (Orange, has left). Bo's turn."
    assert room.last_moves(info) == ["Ada: Black put a stone on b2 and laid the rod vertically."]
    waiting = store.open_table(cy, "coffee", SMALL)
    assert room.table_text(waiting).endswith("Cy (Black), Orange free. Waiting for a player.")
    assert room.refresh() is True and f"Table {waiting.code}" in room.tables_html
    assert room.refresh() is False  # nothing changed: nothing redrawn
    play_to_the_end(store, code, table.code, (ada, bo))
    text = room.table_text(store.table(code, table.code))
    assert "Game over:" in text and (" won." in text or "a draw" in text)


def test_every_tables_words_change_in_one_look_and_the_pictures_follow(store) -> None:
    code = store.new_class("7B")
    pairs = []
    for k in range(5):  # more tables than pictures drawn in one look
        a, b = store.join(code, f"A{k}"), store.join(code, f"B{k}")
        table = store.open_table(a, "coffee", SMALL)
        store.sit(b, table.code)
        pairs.append((a, b, table.code))
    room = TeacherRoom(store, code)
    while room.draw_pictures():
        pass
    for a, _b, table in pairs:
        store.play(a, table, "b2|")
    assert room.refresh(pictures=False) is True
    for _a, _b, table in pairs:  # every table's words at once, its old picture kept
        assert f"Table {table}</b>: Coffee, 1 move:" in room.tables_html
    assert len(room.behind()) == 5
    assert room.draw_pictures() == PICTURES_PER_LOOK
    assert len(room.behind()) == 5 - PICTURES_PER_LOOK
    assert room.refresh() is True  # nothing new: the pictures behind are drawn
    assert room.behind() == [] and room.refresh() is False
    for _a, _b, table in pairs:  # each picture is of the position now
        alt = html.escape(alt_text(store.state(code, table)), quote=True)
        assert f'alt="{alt}"' in room._cards[table].value


def test_a_tables_last_moves_follow_a_move_taken_back(store) -> None:
    code, (ada, bo, _cy), table = a_class(store)
    room = TeacherRoom(store, code)
    store.play(ada, table.code, "b2|")
    store.play(bo, table.code, str(store.state(code, table.code).legal_moves()[0]))
    room.refresh()
    store.ask_undo(bo, table.code)
    store.answer_undo(ada, table.code, True)
    other = [m for m in store.state(code, table.code).legal_moves() if str(m) != "b2|"]
    info = store.table(code, table.code)
    room.refresh()
    assert room.last_moves(info) == TeacherRoom(store, code).last_moves(info)
    assert len(room.last_moves(info)) == info.moves
    store.play(bo if info.moves % 2 else ada, table.code, str(other[-1]))
    info = store.table(code, table.code)
    room.refresh()
    assert room.last_moves(info) == TeacherRoom(store, code).last_moves(info)
    assert room._state(info) == store.state(code, table.code)


def test_puzzles_show_each_students_counts_and_who_is_stuck(store) -> None:
    code, (ada, bo, cy), _ = a_class(store)
    room = TeacherRoom(store, code)
    assert "No puzzle tried yet" in room.puzzles.value
    store.record_try(ada, "coffee-win-1", True)
    for _ in range(3):
        store.record_try(bo, "coffee-win-1", False)
    store.record_try(cy, "coffee-win-1", False)
    store.record_try(cy, "coffee-win-1", False)
    room.refresh()
    rows = room.puzzles.value.split("<tr>")
    bo_row = next(r for r in rows if ">Bo<" in r)
    cy_row = next(r for r in rows if ">Cy<" in r)
    assert "stuck</b> on coffee-win-1" in bo_row and "stuck" not in cy_row  # 2 is not 3
    assert "<td>1 of 3</td>" in room.puzzles.value  # first try: Ada, of the three who tried
    store.record_try(bo, "coffee-win-1", True)  # a right try ends the wrong ones in a row
    room.refresh()
    assert "stuck</b>" not in room.puzzles.value


def test_the_download_holds_the_class_as_csv_and_its_games_as_records(store) -> None:
    code, (ada, bo, cy), table = a_class(store)
    play_to_the_end(store, code, table.code, (ada, bo))
    store.record_try(cy, "coffee-win-1", False)
    room = TeacherRoom(store, code)
    bundle = zipfile.ZipFile(io.BytesIO(room.export()))
    students = list(csv.DictReader(io.StringIO(bundle.read("students.csv").decode())))
    assert [s["nickname"] for s in students] == ["Ada", "Bo", "Cy"]
    assert students[2]["tries"] == "1" and students[2]["solved"] == "0"
    games = list(csv.DictReader(io.StringIO(bundle.read("games.csv").decode())))
    assert [g["table"] for g in games] == [table.code] and games[0]["players by seat"] == "Ada Bo"
    record = Record.from_json(bundle.read(f"games/{table.code}.json"))
    assert list(record.moves) == [m.move for m in store.moves(code, table.code)]
    assert record.final().outcome is not None
    room.prepare_download()
    assert 'download="class-' in room.download.value and "base64," in room.download.value


def test_a_class_is_erased_only_when_its_code_is_typed(store) -> None:
    code, _, _ = a_class(store)
    other = store.new_class("8C")
    room = TeacherRoom(store, code)
    room.ask_erase()
    assert "removes its 3 students, its 1 table" in room.erase_words.value
    room.erase("7B")  # the name is not the code
    assert "Not erased" in room.status.value and store.students(code) == ["Ada", "Bo", "Cy"]
    room.erase(code.lower())
    assert f"Class {code} is erased" in room.status.value
    assert store.classes() == [(other, "8C")] and room.class_code == other


def test_without_the_teachers_secret_the_page_reads_nothing() -> None:
    class Untouchable:
        def __getattr__(self, name):
            raise AssertionError(f"the page read the store ({name}) without the secret")

    page = teacher_page(Untouchable(), query="teacher=a-guess")
    assert "For the teacher only" in page.value
    assert not teacher_allowed("teacher=", {"GAMEKIT_TEACHER_SECRET": ""})
    assert teacher_allowed(
        "teacher=s3cret-s3cret-s3cret", {"GAMEKIT_TEACHER_SECRET": "s3cret-s3cret-s3cret"}
    )
    assert teacher_secret({}) != teacher_secret({})  # a new one each time the room starts
    with pytest.raises(ValueError, match="16 characters or more"):
        teacher_secret({"GAMEKIT_TEACHER_SECRET": "short"})


def test_with_the_secret_the_page_is_the_room(store, monkeypatch) -> None:
    code, _, _ = a_class(store)
    monkeypatch.setenv("GAMEKIT_TEACHER_SECRET", "s3cret-s3cret-s3cret")
    page = teacher_page(store, query="teacher=s3cret-s3cret-s3cret")
    assert "gamekit-teacher" in page._dom_classes
    room = TeacherRoom(store)
    room.make_class("9D")
    assert room.status.value.count("its code is") == 1 and room.students_text().startswith(
        "Nobody has joined yet"
    )


def test_the_teacher_sets_up_an_experiment_deals_a_round_and_students_start_with_one_click(
    store,
) -> None:
    from gamekit.widgets import CoffeeBoard, GipfBoard
    from gamekit.widgets.experiments import read_settings

    code = store.new_class("7B")
    boards = {}
    for name in ("Ada", "Bo"):
        board = CoffeeBoard(width=400)
        board.classmate._store = store
        board.classmate.join(code, name)
        assert board.classmate.next_game.value == ""  # nothing dealt yet
        boards[name] = board
    room = TeacherRoom(store, code)
    panel = room.experiments
    assert "No experiment yet" in panel.results.value and panel.deal_button.disabled
    panel.game.value = "coffee"
    panel.rules_b.value = panel.rules_a.value.replace("pie_rule=false", "pie_rule=true")
    panel.set_up()
    assert "labels of their own" not in panel.status.value
    panel.label_b.value = panel.label_a.value  # two settings called alike: refused in words
    panel.set_up()
    assert "labels of their own" in panel.status.value
    assert read_settings(panel.rules_b.value)["pie_rule"] is True
    panel.deal()
    assert "Round dealt: 1 game" in panel.status.value
    for name, board in boards.items():
        board.classmate.check_next_game()
        words = board.classmate.next_game.value
        assert "Your next game: Coffee, setting A, you are" in words and name not in words
        board.classmate.start_next()
        assert board.table is not None and board.classmate.next_game.value == ""
    assert boards["Ada"].table.code == boards["Bo"].table.code
    assert "<td>1</td></tr>" in panel.results.value  # one game going on under setting A
    room.refresh()  # the room's card of that table says which setting it plays
    card = room.table_text(store.table(code, boards["Ada"].table.code))
    assert "Class experiment: setting A against setting B, setting A." in card, card
    # a board of another game says where to play it, and offers no button
    other = GipfBoard(width=400)
    other.classmate._store = store
    panel.deal()
    other.classmate.student = store.back(code, "Ada")
    other.classmate.check_next_game()
    assert "Open the Coffee app to play it" in other.classmate.next_game.value
    assert other.classmate.start_button.layout.display == "none"
    bundle = zipfile.ZipFile(io.BytesIO(room.export()))
    saved = json.loads(bundle.read("experiments.json"))
    assert saved[0]["rounds"] == 2 and len(saved[0]["games"]) == 2
