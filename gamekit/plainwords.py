"""The kit's ``words`` part, for a game that declares none (see ``KIT_PARTS`` in
:mod:`gamekit.game`): a game on a grid said cell by cell (whose turn, each seat's pieces,
the last move); any other game, whose turn it is or how it ended.

>>> from gamekit import coffee
>>> position_words(coffee.Rules(size=3).start())
'Coffee. Black to move.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamekit.game import facts
from gamekit.grids import Grid
from gamekit.text import join_words, upper_first

__all__ = ["position_words"]


def position_words(state: Any, **shown: Any) -> str:
    """``state`` said plainly, from the contract alone (``shown`` is for the games' own
    words, which may leave out what their picture hides; plain words show everything)."""
    title = facts(state).title
    outcome = state.outcome
    if outcome is not None:
        turn = f"The game is over: {outcome.reason}."
    else:
        turn = f"{upper_first(str(state.to_move))} to move."
    parts = [f"{title}.", turn]
    grid = getattr(state.rules, "grid", None)
    pieces = getattr(state, "pieces", None)
    if isinstance(grid, Grid) and isinstance(pieces, Mapping):
        for seat in state.rules.seats:
            cells = [c for c in grid.labels if pieces.get(c) == seat]
            parts.append(f"{upper_first(seat)}: {join_words(cells) if cells else 'no pieces'}.")
        last = getattr(state, "last_move", None)
        if last is not None:
            parts.append(f"Last move: {last}.")
    return " ".join(parts)
