"""A Coffee position in words: whose turn, where the stones are, where the rod lies and
where the next stone may go; or how the game ended. Short enough to read aloud.

>>> from gamekit import coffee
>>> print(position_words(coffee.Rules(board="square", size=5).replay(["c3-", "e3|"])))
Coffee on a 5 × 5 square board, 4 in a row wins. Black to move. Black stones: c3. Orange stones: e3. The rod lies on e3, vertical: the next stone goes on e1, e2, e4 or e5.
"""

from __future__ import annotations

from gamekit import coffee
from gamekit.grids import AXIS_NAMES
from gamekit.text import join_words

__all__ = ["position_words"]


def _board(rules: coffee.Rules) -> str:
    if rules.board == "hex":
        return f"a hexagonal board, {rules.size} cells a side"
    return f"a {rules.size} × {rules.size} square board"


def position_words(state: coffee.State, line: bool = True) -> str:
    """The whole position in a few sentences (see the module's example); with
    ``line=False``, not where the next stone may go (a puzzle's answer, untinted)."""
    rules = state.rules
    parts = [f"Coffee on {_board(rules)}, {rules.n} in a row wins."]
    outcome = state.outcome
    if outcome is None:
        who = str(state.to_move).capitalize()
        parts.append(
            f"{who} to move{' (the players have swapped colours)' if state.swapped else ''}."
        )
    else:
        parts.append(f"The game is over: {outcome.reason}.")
    for colour in ("black", "orange"):
        stones = state.stones(colour)
        parts.append(f"{colour.capitalize()} stones: {', '.join(stones) if stones else 'none'}.")
    rod = state.rod
    if rod is None:
        if outcome is None:
            parts.append("The board is empty: the first stone may go on any cell.")
    else:
        assert rod.axis is not None  # a rod always lies along an axis
        direction = AXIS_NAMES[rod.axis].split(" (")[0]
        text = f"The rod lies on {rod.cell}, {direction}"
        if outcome is None and line:
            cells = state.legal_cells()
            where = join_words(cells, "or") if len(cells) <= 8 else f"one of {len(cells)} cells"
            text += f": the next stone goes on {where}" if cells else ""
        if outcome is None and state.swap_available:
            text += ", or Orange may swap" if line else "; Orange may swap"
        parts.append(text + ".")
    return " ".join(parts)
