"""Tests of gamekit.quiz: the "Check yourself" grades of the lessons. A grade is true
when the answer is right and shows in a notebook as its message."""

from __future__ import annotations

import pytest

from gamekit.quiz import Grade
from gamekit.widgets import check_answer, check_cells

ASK = "Write your answer in place of ... and run the cell again."


def test_a_right_answer_says_right_with_the_reason() -> None:
    grade = check_answer(4, 4, "Four stones.")
    assert grade == Grade(True, "Right! Four stones.")
    assert bool(grade) is True


def test_a_right_answer_without_a_reason_is_just_right() -> None:
    assert check_answer("c3", "c3").message == "Right!"


def test_a_wrong_answer_gives_the_right_one_and_the_reason() -> None:
    grade = check_answer(3, 4, "Count the stones in the row.")
    assert grade.message == "Not quite: the answer is 4, not 3. Count the stones in the row."
    assert bool(grade) is False


def test_a_wrong_text_answer_is_quoted() -> None:
    assert check_answer("c3", "c4").message == "Not quite: the answer is 'c4', not 'c3'."


@pytest.mark.parametrize("check", [check_answer, check_cells])
def test_an_answer_left_as_ellipsis_asks_for_one(check) -> None:
    grade = check(..., ["a1"])
    assert grade == Grade(False, ASK)
    assert not grade


def test_an_ellipsis_never_counts_as_an_answer() -> None:
    # `...` always means "not answered yet", even against an expected `...`.
    assert check_answer(..., ...) == Grade(False, ASK)


def test_right_cells_are_listed_in_board_order() -> None:
    grade = check_cells({"c3", "a10", "a9"}, ["a9", "c3", "a10"], "legal cells")
    assert grade == Grade(True, "Right! The legal cells: a9, a10, c3.")


def test_cells_are_compared_without_case_or_spaces() -> None:
    assert check_cells([" A1", "c3 "], ["a1", "c3"])
    assert check_cells(["a1", "a1", "c3"], ["c3", "a1"])  # a repeat is still the same set


def test_one_missing_cell_is_named() -> None:
    grade = check_cells(["a1"], ["a1", "c3"], "legal cells")
    assert grade == Grade(False, "Not quite. Missing: c3 (one of the legal cells).")


def test_several_missing_cells_are_named_in_order() -> None:
    grade = check_cells(["c3"], ["e5", "a1", "c3"], "legal cells")
    assert not grade
    assert grade.message.startswith("Not quite. Missing: a1, e5 (")
    assert "legal cells" in grade.message
    assert "Not one of them" not in grade.message


def test_extra_cells_are_named() -> None:
    grade = check_cells(["a1", "b2", "b1"], ["a1"])
    assert grade == Grade(False, "Not quite. Not one of them: b1, b2.")


def test_missing_and_extra_cells_are_both_named() -> None:
    grade = check_cells({"a1", "b2"}, ["a1", "c3"], "legal cells")
    assert grade.message == (
        "Not quite. Missing: c3 (one of the legal cells). Not one of them: b2."
    )


def test_an_empty_answer_is_right_only_when_no_cell_is_expected() -> None:
    assert check_cells([], [])
    assert not check_cells([], ["a1"])


@pytest.mark.parametrize("answer", ["c3 e5", "c3, e5", "E5,C3"])
def test_cells_written_as_one_text_are_read_as_cells(answer) -> None:
    assert check_cells(answer, ["c3", "e5"])


def test_one_cell_written_as_text_is_not_split_into_letters() -> None:
    grade = check_cells("b2", ["a1"])
    assert grade.message == "Not quite. Missing: a1 (one of the cells). Not one of them: b2."


@pytest.mark.parametrize(
    "grade",
    [
        check_answer(4, 4, "Four."),
        check_answer(3, 4),
        check_cells(["a1"], ["b1"]),
        check_cells(..., []),
    ],
)
def test_a_grade_shows_as_its_message(grade) -> None:
    assert repr(grade) == grade.message
    assert str(grade) == grade.message


def test_a_grade_cannot_be_changed() -> None:
    grade = check_answer(4, 4)
    with pytest.raises(AttributeError):
        grade.right = False  # type: ignore[misc]


# -- refusals shown the same way in every lesson ------------------------------------------------


def test_show_refusal_prints_the_rule_draws_the_attempt_and_changes_nothing(capsys) -> None:
    import matplotlib

    matplotlib.use("Agg")
    from gamekit import coffee, hextiles, roaster
    from gamekit.quiz import show_refusal

    state = coffee.Rules().replay(["e5|", "e3|"])
    show_refusal(state, "a1/", sentences=1)
    out = capsys.readouterr().out
    assert out.startswith("Figure(") and out.endswith("Refused: a1 is not on the rod's line.\n")
    assert state == coffee.Rules().replay(["e5|", "e3|"])
    show_refusal(state, "e4|", picture=False)
    assert capsys.readouterr().out == "e4| is allowed here.\n"
    figure = hextiles.Rules(seed=4).start().figure()
    show_refusal(figure, ("100000", (2, -1), 0), picture=False)
    assert "that cell touches none of its tiles" in capsys.readouterr().out
    rules = roaster.Rules(card="jamaica-blue-mountain", seed=1)
    used = rules.arrange({"aroma": 1, "bean1": 3}, bag={"bean0": 1})
    show_refusal(used, "more aroma", picture=False)
    assert capsys.readouterr().out.startswith("Refused: Two more tokens")


def test_an_illegal_move_error_carries_the_move_and_the_rule() -> None:
    import pytest

    from gamekit import IllegalMoveError, gipf

    with pytest.raises(IllegalMoveError) as caught:
        gipf.Rules().start().play("e2-e3")
    assert str(caught.value.move) == "e2-e3"
    assert caught.value.rule.startswith("e2 is a spot of the play area, not a dot")
