"""Small graded exercises for the lessons: the learner writes an answer, the notebook says
"Right!" or "Not quite, because …".

A check returns a :class:`Grade`, which shows as its message in a notebook and is true when
the answer is right.

>>> check_answer(4, 4, "Four stones.")
Right! Four stones.
>>> bool(check_answer(3, 4))
False
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from gamekit.errors import IllegalMoveError, shown
from gamekit.game import FrozenMap

__all__ = [
    "Grade",
    "Question",
    "QUESTIONS",
    "ask_graded",
    "check_answer",
    "check_cells",
    "show_refusal",
]


@dataclass(frozen=True)
class Grade:
    """The verdict on one answer: ``right`` and the message for the learner."""

    right: bool
    message: str

    def __bool__(self) -> bool:
        return self.right

    def __repr__(self) -> str:
        return self.message


def check_answer(answer: object, expected: object, why: str = "") -> Grade:
    """Whether ``answer`` equals ``expected``, with the explanation ``why``.

    An answer left as ``...`` asks the learner to write one."""
    if answer is Ellipsis:
        return Grade(False, _ASK)
    if answer == expected:
        return Grade(True, f"Right! {why}".rstrip())
    return Grade(False, f"Not quite: the answer is {expected!r}, not {answer!r}. {why}".rstrip())


def check_cells(answer: Iterable[str], expected: Iterable[str], what: str = "cells") -> Grade:
    """Compare a learner's set of cells with the right one and say what is missing or extra.

    >>> check_cells({"a1", "b2"}, ["a1", "c3"], "legal cells")
    Not quite. Missing: c3 (one of the legal cells). Not one of them: b2.
    """
    if answer is Ellipsis:
        return Grade(False, _ASK)
    if isinstance(answer, str):  # "c3" or "c3, e5": cells, not letters
        answer = answer.replace(",", " ").split()
    given = {str(c).strip().lower() for c in answer}
    right = {str(c) for c in expected}
    if given == right:
        return Grade(True, f"Right! The {what}: " + ", ".join(sorted(right, key=_order)) + ".")
    parts = ["Not quite."]
    missing = sorted(right - given, key=_order)
    extra = sorted(given - right, key=_order)
    if missing:
        one = "one of" if len(missing) == 1 else "also"
        parts.append(f"Missing: {', '.join(missing)} ({one} the {what}).")
    if extra:
        parts.append(f"Not one of them: {', '.join(extra)}.")
    return Grade(False, " ".join(parts))


_ASK = "Write your answer in place of ... and run the cell again."


def _order(label: str) -> tuple:
    return (label[:1], int(label[1:]) if label[1:].isdigit() else 0, label)


# ---------------------------------------------------------------------------------------
# Questions answered with a button (the design lessons' "check yourself")
# ---------------------------------------------------------------------------------------

#: Wrong tries before a question shows its answer.
REVEAL_AFTER = 3


@dataclass(frozen=True)
class Question:
    """A question a learner answers by choosing one of ``choices``. ``answer`` is the right
    choice (``None``: the lesson gives it, from its own experiment); ``hint`` comes after a
    wrong try, ``why`` (which may name ``{answer}``) with the answer. Kept here, not in the
    lesson, so that no cell a learner reads shows the answer.
    """

    id: str
    question: str
    choices: tuple[str, ...]
    hint: str
    why: str
    answer: str | None = None
    _checked: bool = field(default=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.choices) < 2 or len(set(self.choices)) != len(self.choices):
            raise ValueError(f"{self.id}: a question has two or more different choices")
        if self.answer is not None and self.answer not in self.choices:
            raise ValueError(f"{self.id}: the answer must be one of the choices")


#: The questions of the lessons, by id.
QUESTIONS: FrozenMap[str, Question] = FrozenMap(
    {
        q.id: q
        for q in (
            Question(
                "13-pie-opening",
                "With the pie rule on, Black can open with a stone that wins 70 % of random "
                "games, or one that wins 52 %. Which should Black choose?",
                ("the 70 % stone", "the 52 % stone"),
                hint="After Black's first stone, Orange may take it as its own. Which side "
                "would Orange leave to Black after each opening?",
                why="After any opening Orange takes the better side, so Black ends up with the "
                "smaller share: 30 % after the 70 % opening (Orange swaps), 48 % after the 52 % "
                "one. The fairer opening is the better choice for Black.",
                answer="the 52 % stone",
            ),
            Question(
                "13-longest-games",
                "On hexhex 5, which n (stones in a row to win) gives the longest games?",
                ("3", "4", "5", "6"),
                hint="Read the chart of section 3 again: which n makes a line hardest to "
                "complete, so that the most stones go down first?",
                why="With n = {answer} a line is hardest to make, so games run longest.",
            ),
        )
    }
)


def ask_graded(question: Question, choice: str, answer: str | None = None) -> Grade:
    """The verdict on ``choice`` for ``question`` (``answer`` given when the question has
    none of its own). Nothing of the answer is said when it is wrong.

    >>> ask_graded(QUESTIONS["13-pie-opening"], "the 70 % stone").message
    'Not quite.'

    Raises:
        ValueError: ``choice`` is not one of the choices, or there is no answer.
        TypeError: ``choice`` is not text.
    """
    if not isinstance(choice, str):
        raise TypeError(f"choice must be one of the choices as text, not {shown(choice)}")
    if choice not in question.choices:
        raise ValueError(
            f"{shown(choice)} is not one of the choices: {', '.join(question.choices)}"
        )
    right = answer if answer is not None else question.answer
    if right is None:
        raise ValueError(f"{question.id}: give the answer the lesson measured")
    if choice == right:
        return Grade(True, "Right! " + question.why.format(answer=right))
    return Grade(False, "Not quite.")


_SENTENCES = re.compile(r"(?<=[.!?]) (?=[A-Z(])")


def show_refusal(
    state: Any,
    move: Any,
    *,
    picture: bool = True,
    sentences: int | None = None,
    **highlight: Any,
) -> None:
    """Show what the rules say to ``move`` on ``state``: its game's picture with the move
    drawn as tried (``attempt=move``, and any other ``highlight``), then "Refused: " and
    the rule it breaks (:attr:`gamekit.IllegalMoveError.rule`, its first ``sentences``
    sentences if given). A move the rules allow is said to be allowed, and not played: the
    state never changes (a Hex Tiles figure plays a placement ``(tile, cell, rotation)``
    like a position plays a move). It returns nothing, so a
    lesson's cell shows only the picture and the words (``state.why_illegal(move)`` gives
    the sentence to a program).

    >>> from gamekit import coffee
    >>> show_refusal(coffee.Rules().replay(["e5|"]), "e5/", picture=False)
    Refused: e5 already holds a Black stone.

    Raises:
        InvalidNotationError: ``move`` is not a move of the game at all.
    """
    if picture:
        from IPython.display import display

        from gamekit.render import show

        display(show(state, attempt=move, **highlight))
    try:
        state.play(move)
    except IllegalMoveError as err:
        rule = err.rule
        if sentences is not None:
            rule = " ".join(_SENTENCES.split(rule)[:sentences])
        print("Refused:", rule)
        return
    print(f"{move} is allowed here.")
