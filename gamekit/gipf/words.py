"""A GIPF position in words: the game, whose turn and what to do, each player's reserve,
captures and pieces on the board (single pieces and GIPF pieces), the rows waiting to be
removed, and the last push; or how the game ended. Short enough to read aloud.

>>> from gamekit import gipf
>>> print(position_words(gipf.Rules(variant="basic").start().play("e1-e2")))
GIPF, basic game. Black to push. White: 11 in reserve, 0 captured; single pieces on b5, e2, e3 and h5. Black: 12 in reserve, 0 captured; single pieces on b2, e8 and h2. Last push: White from e1 into e2.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import cast

from gamekit import gipf
from gamekit.text import join_words
from gamekit.text import upper_first as _upper_first

__all__ = ["describe_move", "notation_words", "position_words", "push_words"]

_SPOT = r"[a-i][1-9]"
#: A removal (``xe2-e5``, ``xe2-e5 keep e5``, ``xb2-h5 keep b2 e5``) or a GIPF piece's push
#: (``Ge1-e2``) in a sentence.
_NOTATION = re.compile(
    rf"(?<![\w-])(?:x{_SPOT}-{_SPOT}(?: keep {_SPOT}(?:(?:, | and | ){_SPOT})*)?|G{_SPOT}-{_SPOT})"
    r"(?![\w-])"
)

_OTHER = {"white": "black", "black": "white"}
_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}


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
            on.append(f"single pieces on {join_words(singles)}")
        if doubles:
            on.append(f"GIPF pieces on {join_words(doubles)}")
        board = "; ".join(on) if on else "nothing on the board"
        parts.append(
            f"{colour.capitalize()}: {state.reserve(colour)} in reserve, "
            f"{state.captured(colour)} captured; {board}."
        )
    if outcome is None and state.phase == "remove":
        rows = [f"{r.row[0]} to {r.row[-1]} ({r.owner})" for r in state.rows()]
        parts.append(f"Rows to remove: {join_words(rows)}.")
    last = state.last
    if last is not None:
        pusher = state.pusher
        if pusher is None and state.to_move is not None:
            pusher = "black" if state.to_move == "white" else "white"
        who = f"{pusher.capitalize()} " if pusher else ""
        parts.append(f"Last push: {who}from {last.dot} into {last.entry}.")
    return " ".join(parts)


def _pieces(k: int) -> str:
    return f"{k} piece" + ("" if k == 1 else "s")


def gipf_on(spots: list[str]) -> str:
    """ "GIPF piece on e4" or "GIPF pieces on e4 and e6"."""
    return ("GIPF piece on " if len(spots) == 1 else "GIPF pieces on ") + join_words(spots)


def describe_move(
    before: gipf.State,
    move: gipf.Move | str,
    after: gipf.State,
    person: Callable[[str], str] | None = None,
) -> str:
    """One GIPF decision in plain words, from the mover's point of view: every piece
    pushed along, every row taken, every GIPF piece kept or captured and every loss.
    ``person(seat)`` names a seat as the reader knows it (``"you"``, ``"the computer"``;
    by default the colour).

    >>> state = gipf.Rules().start()
    >>> describe_move(state, "a2-b3", state.play("a2-b3"))
    'White pushed a piece in from the dot a2 onto b3.'

    Raises:
        InvalidNotationError: ``move`` is not a GIPF move's notation.
    """
    m = gipf.Move.parse(move)
    name = person or (lambda seat: seat.capitalize())
    me = cast(str, before.to_move)  # the game goes on in ``before``
    who = _upper_first(name(me))
    own = "your" if who == "You" else "its"
    other = _OTHER[me]
    them = name(other)
    theirs = "your" if them == "you" else f"{them}'s"
    if isinstance(m, gipf.Push):
        text = f"{who} {push_words(m, 'pushed')}"
        moved = before.pushed_spots(m)
        if moved:
            line = gipf._tables().entries[(gipf.GRID.index(m.dot), gipf.GRID.index(m.entry))]
            reached = gipf.GRID.label(line[len(moved)])
            text += f", moving {_pieces(len(moved))} one spot along (up to {reached})"
        text += "."
        if after.outcome is None and after.phase == "remove":
            rows = [f"a row for {name(r.owner)} ({r.row[0]} to {r.row[-1]})" for r in after.rows()]
            text += f" That makes {join_words(rows)}."
    elif isinstance(m, gipf.Removal):
        row = next(
            (r for r in before.rows() if r.owner == me and set(m.taken) <= set(r.segment)),
            None,
        )
        segment = row.segment if row is not None else m.segment
        size = len(row.row) if row is not None else len(segment)
        text = (
            f"{who} took {own} row of {_NUMBERS.get(size, str(size))} "
            f"from {segment[0]} to {segment[-1]}"
        )
        mine = f"{me} gipf"
        kept_own = [s for s in m.kept if before.piece_at(s) == mine]
        kept_theirs = [s for s in m.kept if before.piece_at(s) != mine]
        gave_up = [s for s in m.taken if before.piece_at(s) == mine]
        captured = [s for s in m.taken if before.piece_at(s) == f"{other} gipf"]
        clauses = []
        if kept_own:
            clauses.append(f"kept {own} {gipf_on(kept_own)}")
        if gave_up:
            clauses.append(f"took back {own} own {gipf_on(gave_up)}")
        if captured:
            clauses.append(f"captured {theirs} {gipf_on(captured)}")
        if kept_theirs:
            clauses.append(f"left {theirs} {gipf_on(kept_theirs)} on the board")
        if len(clauses) == 1:
            text += " and " + clauses[0]
        elif clauses:
            text += ", " + join_words(clauses)
        lost = after.captured(other) - before.captured(other)
        if lost:
            text += f"; {them} lost {_pieces(lost)}"
        text += "."
    if after.outcome is not None:
        text += f" {_upper_first(after.outcome.reason)}."
    return text


def push_words(m: gipf.Push, verb: str = "push") -> str:
    """A push in words, with ``verb`` in the tense the sentence needs.

    >>> push_words(gipf.Move.parse("Ge1-e2"))
    'push a GIPF piece in from the dot e1 onto e2'
    >>> push_words(gipf.Move.parse("a2-b3"), "pushed")
    'pushed a piece in from the dot a2 onto b3'
    """
    piece = "a GIPF piece" if m.gipf else "a piece"
    return f"{verb} {piece} in from the dot {m.dot} onto {m.entry}"


def notation_words(text: str) -> str:
    """``text`` with each removal and each GIPF piece's push said in words, its notation
    after it in brackets, for the move box (plain pushes, ``e1-e2``, are taught as they are).

    >>> notation_words("Every right answer: xe2-e5 keep e5 or Ge1-e2.")
    'Every right answer: take the row e2 to e5 and keep the GIPF piece on e5 (xe2-e5 keep e5) or push a GIPF piece in from the dot e1 onto e2 (Ge1-e2).'
    """
    from gamekit.gipf.refusals import removal_words

    def said(found: re.Match[str]) -> str:
        notation = found.group(0)
        try:
            m = gipf.Move.parse(notation)
        except ValueError:
            return notation
        if isinstance(m, gipf.Removal):
            return f"{removal_words(m)} ({notation})"
        return f"{push_words(cast(gipf.Push, m))} ({notation})"

    return _NOTATION.sub(said, text)
