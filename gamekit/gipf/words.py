"""A GIPF position in words: the game, whose turn and what to do, each player's reserve,
captures and pieces on the board (single pieces and GIPF pieces), the rows waiting to be
removed, and the last push; or how the game ended. Short enough to read aloud.

>>> from gamekit import gipf
>>> print(position_words(gipf.Rules(variant="basic").start().play("e1-e2")))
GIPF, basic game. Black to push. White: 11 in reserve, 0 captured; single pieces on b5, e2, e3 and h5. Black: 12 in reserve, 0 captured; single pieces on b2, e8 and h2. Last push: White from e1 into e2.
"""

from __future__ import annotations

from gamekit import gipf

__all__ = ["position_words"]


def _listed(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def position_words(state: gipf.State) -> str:
    """The whole position in a few sentences (see the module's example)."""
    parts = [f"GIPF, {state.rules.variant} game."]
    outcome = state.outcome
    if outcome is not None:
        parts.append(f"The game is over: {outcome.reason}.")
    elif state.phase == "remove":
        parts.append(f"{str(state.to_move).capitalize()} to remove a row.")
    else:
        parts.append(f"{str(state.to_move).capitalize()} to push.")
    pieces = state.pieces()
    for colour in ("white", "black"):
        singles = sorted(s for s, p in pieces.items() if p == colour)
        doubles = sorted(s for s, p in pieces.items() if p == f"{colour} gipf")
        on = []
        if singles:
            on.append(f"single pieces on {_listed(singles)}")
        if doubles:
            on.append(f"GIPF pieces on {_listed(doubles)}")
        board = "; ".join(on) if on else "nothing on the board"
        parts.append(
            f"{colour.capitalize()}: {state.reserve(colour)} in reserve, "
            f"{state.captured(colour)} captured; {board}."
        )
    if outcome is None and state.phase == "remove":
        rows = [f"{r.row[0]} to {r.row[-1]} ({r.owner})" for r in state.rows()]
        parts.append(f"Rows to remove: {_listed(rows)}.")
    last = state.last
    if last is not None:
        pusher = state.pusher
        if pusher is None and state.to_move is not None:
            pusher = "black" if state.to_move == "white" else "white"
        who = f"{pusher.capitalize()} " if pusher else ""
        parts.append(f"Last push: {who}from {last.dot} into {last.entry}.")
    return " ".join(parts)
