"""Reading a game's saved options back (``Rules.from_dict``), the same way for every game.

>>> check_options({"size": 5}, ("board", "size"), "Coffee")
{'size': 5}
>>> check_options({"sise": 5}, ("board", "size"), "Coffee")
Traceback (most recent call last):
...
ValueError: unknown Coffee option 'sise'; the options are board, size
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["check_options"]


def check_options(data: Any, known: Sequence[str], game: str) -> dict[str, Any]:
    """A copy of ``data`` after checking that it is a JSON object of known options only;
    ``game`` names the game in the error messages."""
    if not isinstance(data, dict):
        raise ValueError(f"{game} rules must be a JSON object, not {data!r}")
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise ValueError(
            f"unknown {game} option {unknown[0]!r}; the options are " + ", ".join(known)
        )
    return dict(data)
