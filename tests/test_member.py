"""A page in a class: the puzzles it grades count for its student in the class store
(tries, wrong tries in a row, hints seen, solved at the first try), whichever way the page
joined; a page in no class counts nothing, and a store that fails never stops a puzzle."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

import pytest

from gamekit import puzzles
from gamekit.puzzles import PUZZLES
from gamekit.store import ClassStore
from gamekit.widgets.member import JoinClass, count_try, join_class, joined, leave_class


@pytest.fixture
def store(tmp_path) -> Iterator[ClassStore]:
    made = ClassStore(folder=tmp_path, seed=5)
    yield made
    leave_class()
    made.close()


def test_a_page_in_no_class_counts_nothing(store: ClassStore) -> None:
    code = store.new_class("7B")
    ada = store.join(code, "Ada")
    board = puzzles.get("coffee-win-1").board()
    board.type_move("a1|")
    assert board.grade is not None and not board.grade.right
    assert store.progress(ada) == {} and count_try("coffee-win-1", True) == ""


def test_tries_hints_and_a_solve_are_counted_for_the_student(store: ClassStore) -> None:
    code = store.new_class("7B")
    ada = join_class(code, "Ada", store=store)
    puzzle = puzzles.get("coffee-win-1")
    board = puzzle.board()
    for _ in range(2):  # two wrong tries: the hint shows once, at the first
        board.type_move("a1|")
        board.try_again()
    right = next(iter(puzzle.answers()))
    board.type_move(str(right))
    assert board.solved
    assert store.progress(ada)["coffee-win-1"] == {
        "tries": 3, "wrong_in_a_row": 0, "hints": 1, "solved": True, "first_try": False,
    }  # fmt: skip
    other = puzzles.get("coffee-win-2").board()
    other.show_answer()  # the answer shown is a hint seen, not a try
    assert store.progress(ada)["coffee-win-2"]["hints"] == 1
    assert store.progress(ada)["coffee-win-2"]["tries"] == 0


def test_three_wrong_tries_in_a_row_are_what_the_teacher_sees_as_stuck(store: ClassStore) -> None:
    code = store.new_class("7B")
    bo = join_class(code, "Bo", store=store)
    board = puzzles.get("gipf-row-1").board()
    for _ in range(3):
        board.click("b6")
        board.click("b5")
        board.try_again()
    assert store.progress(bo)["gipf-row-1"]["wrong_in_a_row"] == 3


def test_a_cells_and_a_choice_puzzle_count_too(store: ClassStore) -> None:
    code = store.new_class("7B")
    cy = join_class(code, "Cy", store=store)
    every = [p for listed in PUZZLES.values() for p in listed]
    cells = next(p for p in every if p.kind == "cells").board()
    cells.check()  # nothing chosen: no try
    cells.toggle_cell(sorted(cells.puzzle.answers()[0])[0])
    cells.check()
    choice = next(p for p in every if p.kind == "choice")
    board = choice.board()
    board.choose_answer(choice.choices[0])
    progress = store.progress(cy)
    assert progress[cells.puzzle.id]["tries"] == 1 and progress[choice.id]["tries"] == 1


def test_joining_by_play_a_classmate_counts_the_pages_puzzles(store: ClassStore) -> None:
    from gamekit.widgets import CoffeeBoard
    from gamekit.widgets.classmate import ClassmatePanel

    code = store.new_class("7B")
    panel = ClassmatePanel(CoffeeBoard(width=400), store)
    panel.join(code, "Di")
    assert joined() == panel.student
    puzzles.get("coffee-win-1").board().type_move("a1|")
    assert store.progress(panel.student)["coffee-win-1"]["tries"] == 1


def test_the_puzzle_apps_join_row_joins_comes_back_and_refuses_in_words(
    store: ClassStore,
) -> None:
    code = store.new_class("7B")
    row = JoinClass(store)
    row.join("ZZZZZZ", "Ed")
    assert "no class" in row.said.lower() and joined() is None
    row.join(code, "Ed")
    assert joined() is not None and joined().nickname == "Ed" and row.class_box.disabled
    again = JoinClass(store)  # a reloaded page
    again.join(code, "Ed")
    assert "is taken" in again.said
    again.join(code, "Ed", back=True)
    assert "You are Ed" in again.said


def test_a_store_that_fails_never_stops_the_puzzle_and_says_so(store: ClassStore) -> None:
    code = store.new_class("7B")
    join_class(code, "Fay", store=store)
    store.close()
    with sqlite3.connect(store.url.removeprefix("sqlite:///")) as db:
        db.execute("DROP TABLE puzzle_progress")  # a damaged file
    board = puzzles.get("coffee-win-1").board()
    board.type_move("a1|")
    assert board.grade is not None and not board.grade.right  # graded all the same
    assert "not counted for your class" in board.feedback_text()


def test_a_hub_page_opens_no_database_it_asks_the_hubs_service_as_its_login(monkeypatch) -> None:
    from gamekit.store import HubStore
    from gamekit.widgets import CoffeeBoard, member

    monkeypatch.setenv("JUPYTERHUB_USER", "ada")
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "the-server-token")
    monkeypatch.setenv("GAMEKIT_CLASS_SERVICE", "http://127.0.0.1:10101/services/class-store/")
    monkeypatch.setenv("CLASS_DB", "sqlite:////nowhere/class.db")  # never opened on a hub
    member._hub_store.cache_clear()
    try:
        store = member.class_store()
        assert isinstance(store, HubStore) and store.url.endswith("/services/class-store/")
        panel = CoffeeBoard(width=400).classmate
        assert panel.nick_box.value == "ada" and panel.nick_box.disabled
    finally:
        member._hub_store.cache_clear()


def test_a_hub_without_its_class_store_service_offers_none(monkeypatch) -> None:
    from gamekit.store import StoreError
    from gamekit.widgets import CoffeeBoard
    from gamekit.widgets.member import class_store

    monkeypatch.setenv("JUPYTERHUB_USER", "ada")
    monkeypatch.delenv("GAMEKIT_CLASS_SERVICE", raising=False)
    with pytest.raises(StoreError, match="no class store"):
        class_store()
    board = CoffeeBoard(width=400)
    panel = board.classmate
    panel.class_box.value, panel.nick_box.value = "ABCDEF", "Ada"
    panel.join_button.click()  # the panel's own store: refused in words
    assert "no class store" in panel.status.value and panel.student is None
    row = JoinClass()
    row.join("ABCDEF", "Ada")
    assert "no class store" in row.said and joined() is None
