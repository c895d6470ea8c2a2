"""Questions answered with buttons (lesson 13's "check yourself"): no cell shows the
answer, a wrong try brings the hint, the answer comes after three wrong tries."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamekit.quiz import QUESTIONS
from gamekit.widgets import ask

LESSONS = Path(__file__).resolve().parents[1] / "notebooks"


def test_a_wrong_choice_says_not_quite_and_gives_the_hint_not_the_answer() -> None:
    board = ask("13-pie-opening")
    board.buttons["the 70 % stone"].click()
    text = board.feedback_text()
    assert text.startswith("Not quite.") and "Hint:" in text
    assert "52 %" not in text.replace("the 52 % stone", "") and "30 %" not in text
    assert board.buttons["the 70 % stone"].button_style == "danger"


def test_the_answer_comes_after_three_wrong_tries_or_show_answer() -> None:
    board = ask("13-longest-games", answer="6")
    for choice in ("3", "4", "5"):
        board.choose(choice)
    assert board.revealed and "The answer: 6. With n = 6 a line is hardest" in board.feedback_text()
    other = ask("13-longest-games", answer="6")
    other.answer_button.click()
    assert other.revealed and other.buttons["6"].button_style == "success"


def test_a_right_choice_explains_and_locks() -> None:
    board = ask("13-pie-opening")
    board.choose("the 52 % stone")
    assert board.solved and board.feedback_text().startswith("Right! After any opening")
    assert all(b.disabled for b in board.buttons.values())
    board.choose("the 70 % stone")  # solved: nothing changes
    assert board.solved and board.tries == 1


@pytest.mark.parametrize("bad", ["7", 7, None])
def test_a_choice_that_is_not_offered_is_refused(bad) -> None:
    board = ask("13-longest-games", answer="6")
    with pytest.raises((TypeError, ValueError)):
        board.choose(bad)
    assert board.tries == 0
    with pytest.raises(ValueError, match="no question"):
        ask("13-nothing")
    with pytest.raises(ValueError, match="answer must be one of"):
        ask("13-longest-games", answer="9")


def test_no_lesson_cell_writes_a_questions_answer() -> None:
    """The review found lesson 13's cell `check_answer(my_answer, 52, ...)`: the answers
    live in gamekit.quiz now, and every "check yourself" is a question with buttons."""
    for path in sorted(LESSONS.glob("*.ipynb")):
        nb = json.loads(path.read_text())
        for cell in nb["cells"]:
            source = "".join(cell["source"])
            assert "check_answer(" not in source, path.name
            for q in QUESTIONS.values():
                if q.answer is not None:
                    assert q.why not in source, (path.name, q.id)
