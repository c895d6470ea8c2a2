"""Reading a game's saved options back (``Rules.from_dict``), the same way for every game.

>>> check_options({"size": 5}, ("board", "size"), "Coffee")
{'size': 5}
>>> check_options({"sise": 5}, ("board", "size"), "Coffee")
Traceback (most recent call last):
...
ValueError: unknown Coffee option 'sise'; the options are board, size
>>> check_options({1: 2, "a": 3}, ("board", "size"), "Coffee")
Traceback (most recent call last):
...
ValueError: Coffee options are named by text, not 1; the options are board, size
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamekit.errors import shown as _show

__all__ = ["check_options"]


def check_options(data: Any, known: Sequence[str], game: str) -> dict[str, Any]:
    """A copy of ``data`` (as a ``dict``) after checking that it is a mapping of known
    option names only; ``game`` names the game in the error messages.

    Raises:
        ValueError: ``data`` is not a mapping (a JSON object), a key is not text, or a key
            is not one of ``known`` (the message names it and lists the options).
    """
    if not isinstance(data, Mapping):
        raise ValueError(f"{game} rules must be a JSON object, not {_show(data)}")
    options = ", ".join(known)
    for key in data:
        if not isinstance(key, str):
            raise ValueError(
                f"{game} options are named by text, not {_show(key)}; the options are {options}"
            )
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise ValueError(f"unknown {game} option {_show(unknown[0])}; the options are {options}")
    return dict(data)
