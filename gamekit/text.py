"""Small helpers for the sentences gamekit writes: a list in words, a count with its noun,
a capital first letter. Every module that words something uses these, so a list reads the
same everywhere ("a, b and c").

>>> join_words(["a1", "b2", "c3"]), join_words(["e1", "e2"], "or"), plural(2, "stone")
('a1, b2 and c3', 'e1 or e2', '2 stones')
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["a_or_an", "join_words", "plural", "upper_first"]


def a_or_an(phrase: str) -> str:
    """``phrase`` after "a", or "an" before a vowel's sound as gamekit's words begin:
    "an orange stone", "a black stone".

    >>> a_or_an("orange stone"), a_or_an("black stone"), a_or_an("aroma token")
    ('an orange stone', 'a black stone', 'an aroma token')
    """
    return ("an " if phrase[:1].lower() in "aeiou" else "a ") + phrase


def join_words(words: Sequence[str], last: str = "and") -> str:
    """``words`` as a list in a sentence: "a", "a and b", "a, b and c" (``last`` joins the
    last two: "and", "or")."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


def plural(k: int, word: str, words: str | None = None) -> str:
    """``k`` and its noun: "1 stone", "2 stones" (``words`` for an irregular plural)."""
    return f"{k} {word if k == 1 else (words or word + 's')}"


def upper_first(text: str) -> str:
    """``text`` with a capital first letter, the rest as it is."""
    return text[:1].upper() + text[1:]
