"""A lesson's question answered with buttons (:data:`gamekit.quiz.QUESTIONS`).

A wrong choice says "Not quite" and gives the hint; the answer and why it is right come with
a right choice, after three wrong tries, or with *Show answer*. No cell of the lesson holds
the answer: the question lives in :mod:`gamekit.quiz`.

>>> board = ask("13-pie-opening")
>>> board.choose("the 70 % stone"); print(board.feedback_text())
Not quite.
Hint: After Black's first stone, Orange may take it as its own. Which side would Orange leave to Black after each opening?
Tries: 1, 1 wrong. The answer shows after 2 more wrong tries, or with Show answer.
>>> board.choose("the 52 % stone"); board.solved
True
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from gamekit.errors import shown
from gamekit.quiz import QUESTIONS, REVEAL_AFTER, Grade, Question, ask_graded

__all__ = ["ChoiceQuestion", "ask"]


class ChoiceQuestion:
    """The buttons and verdict of one :class:`~gamekit.quiz.Question`."""

    def __init__(self, question: Question, answer: str | None = None) -> None:
        if answer is not None and answer not in question.choices:
            raise ValueError(
                f"answer must be one of {', '.join(question.choices)}, not {shown(answer)}"
            )
        if answer is None and question.answer is None:
            raise ValueError(f"question {question.id!r} needs the answer the lesson measured")
        self.question = question
        self._answer = answer
        self.grade: Grade | None = None
        self._last: str | None = None
        self.tries = self.wrong = 0
        self.revealed = False
        self.buttons = {}
        for label in question.choices:
            button = w.Button(description=label, layout=w.Layout(width="auto"))
            button.on_click(lambda _b, c=label: self.choose(c))
            self.buttons[label] = button
        self.answer_button = w.Button(description="Show answer", layout=w.Layout(width="auto"))
        self.answer_button.on_click(lambda _b: self.show_answer())
        self.feedback = w.HTML()
        self.feedback.add_class("gamekit-feedback")
        self.widget = w.VBox(
            [
                w.HTML(
                    f'<div style="font-size:15px"><b>Check yourself.</b> '
                    f"{html.escape(question.question)}</div>"
                ),  # fmt: skip
                w.HBox([*self.buttons.values(), self.answer_button]),
                self.feedback,
            ]
        )
        self.widget.add_class("gamekit-question")
        self._refresh()

    def __repr__(self) -> str:
        state = "solved" if self.solved else "open"
        return f"<ChoiceQuestion {self.question.id}: {self.tries} tries, {state}>"

    @property
    def solved(self) -> bool:
        return self.grade is not None and self.grade.right

    @property
    def answer(self) -> str:
        return self._answer if self._answer is not None else str(self.question.answer)

    def choose(self, choice: str) -> None:
        """Answer with ``choice`` (what its button does).

        Raises:
            TypeError, ValueError: ``choice`` is not one of the choices.
        """
        grade = ask_graded(self.question, choice, self.answer)
        if self.solved:
            return
        self._last = choice
        self.grade = grade
        self.tries += 1
        if not grade.right:
            self.wrong += 1
            self.revealed = self.revealed or self.wrong >= REVEAL_AFTER
        self._refresh()

    def show_answer(self) -> None:
        """Show the answer and why."""
        self.revealed = True
        self._refresh()

    def feedback_text(self) -> str:
        """The verdict, the hint, the answer (once shown) and the tries, a line each."""
        lines = []
        if self.grade is not None:
            lines.append(self.grade.message)
        if self.wrong and not self.solved:
            lines.append(f"Hint: {self.question.hint}")
        if self.revealed and not self.solved:
            why = self.question.why.format(answer=self.answer)
            lines.append(f"The answer: {self.answer}. {why}")
        if self.tries:
            text = f"Tries: {self.tries}, {self.wrong} wrong."
            if not self.revealed and not self.solved:
                left = REVEAL_AFTER - self.wrong
                text += (f" The answer shows after {left} more wrong "
                         f"{'try' if left == 1 else 'tries'}, or with Show answer.")  # fmt: skip
            lines.append(text)
        return "\n".join(lines)

    def _refresh(self) -> None:
        for label, button in self.buttons.items():
            tried = self.grade is not None and label == self._last
            button.button_style = ""
            if self.solved and label == self.answer or self.revealed and label == self.answer:
                button.button_style = "success"
            elif tried and not self.solved:
                button.button_style = "danger"
            button.disabled = self.solved
        self.answer_button.disabled = self.revealed or self.solved
        text = self.feedback_text()
        self.feedback.value = "".join(
            f'<div style="font-size:14px;line-height:1.35">{html.escape(line)}</div>'
            for line in text.split("\n")
            if line
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> dict:
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            bundle = bundle[0]
        bundle = dict(bundle or {})
        bundle["text/plain"] = (
            f"Check yourself. {self.question.question} ({', '.join(self.question.choices)})"
        )
        return bundle


def ask(question_id: str, answer: str | None = None) -> ChoiceQuestion:
    """The buttons of the lesson question ``question_id``; ``answer``: the right choice when
    the lesson measures it (the question has none of its own).

    Raises:
        ValueError: no question has that id; ``answer`` is not one of its choices.
    """
    if not isinstance(question_id, str) or question_id not in QUESTIONS:
        raise ValueError(
            f"no question {shown(question_id)}; the questions are {', '.join(QUESTIONS)}"
        )
    return ChoiceQuestion(QUESTIONS[question_id], answer)
