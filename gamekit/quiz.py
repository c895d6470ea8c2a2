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

from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["Grade", "check_answer", "check_cells"]


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
