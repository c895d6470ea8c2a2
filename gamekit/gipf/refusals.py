"""Why GIPF refuses a move, in words: a push from a spot that is no dot, along no line, into
a full line, without a piece in reserve, a GIPF piece where none may be placed, a removal
of a row that is not the mover's (:class:`Refusals`, which :class:`gamekit.gipf.State`
inherits).

>>> from gamekit import gipf
>>> print(gipf.Rules().start().why_illegal("e5-e6"))
e5-e6 is not allowed: e5 is a spot of the play area, not a dot. A piece is put on one of the 24 dots around the edge and pushed in from there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamekit.gipf.moves import Move, Push, Removal, _point, _tables
from gamekit.gipf.tables import _DOT, GRID, _join, _label

if TYPE_CHECKING:
    from gamekit.gipf import Row


def removal_words(m: Removal) -> str:
    """A removal as a player says it: "take the row e2 to e5", "take the row e2 to e5 and
    keep the GIPF piece on e5" (the notation, ``xe2-e5 keep e5``, is for the move box)."""
    seg = m.segment
    text = f"take the row {seg[0]} to {seg[-1]}"
    if m.kept:
        pieces = "GIPF piece" if len(m.kept) == 1 else "GIPF pieces"
        text += f" and keep the {pieces} on {_join(list(m.kept))}"
    return text


def _choices_words(choices: Any) -> str:
    """The removals to choose from, in words, then their notation for the move box."""
    listed = [removal_words(c) for c in choices]
    notation = ", ".join(str(c) for c in choices)
    return f"{'; or '.join(listed)} (in notation: {notation})"


class Refusals:
    """The refusals of a GIPF position: the rule a move breaks, in a sentence (``None``
    for a move GIPF's own rules allow)."""

    __slots__ = ()
    _outcome: Any
    _reserve: tuple[int, int]
    _rights: tuple[str, str] | None
    _board: tuple[int, ...]
    rules: Any
    to_move: str | None
    phase: str

    if TYPE_CHECKING:

        def _choices(self) -> dict[Removal, tuple[int, ...]]: ...
        def _resolve(self, m: Removal) -> Removal | None: ...
        def _idx(self, colour: str) -> int: ...
        def pushed_spots(self, move: Push | str) -> list[str]: ...
        def official(self, move: Push | str) -> str: ...
        def rows(self) -> list[Row]: ...

    def _base_problem(self, m: Move) -> str | None:
        if self._outcome is not None:
            return f"{m} is not allowed: the game is over ({self._outcome.reason})."
        assert self.to_move is not None  # set while the game goes on
        who = self.to_move.capitalize()
        if isinstance(m, Removal):
            return self._removal_problem(m)
        assert isinstance(m, Push)
        if self.phase == "remove":
            return (
                f"{m} is not allowed: no one pushes until the rows are removed. {who} must "
                f"first choose which row to take off the board: "
                f"{_choices_words(self._choices())}."
            )
        d, e = _point(str(m), m.dot), _point(str(m), m.entry)
        if d not in _DOT:
            return (
                f"{m} is not allowed: {m.dot} is a spot of the play area, not a dot. A piece "
                "is put on one of the 24 dots around the edge and pushed in from there."
            )
        line = _tables().entries.get((d, e))
        if line is None:
            entries = [_label(s) for s in _tables().dot_entries[d]]
            froms = _join([f"{m.dot}-{s}" for s in entries])
            where = "only at " + entries[0] if len(entries) == 1 else "at " + _join(entries)
            return (
                f"{m} is not allowed: {m.entry} is not along a line from the dot {m.dot}. "
                f"A piece on {m.dot} enters the play area {where} ({froms})."
            )
        colour = self.to_move
        reserve = self._reserve[self._idx(colour)]
        rights = self._rights[self._idx(colour)] if self._rights is not None else None
        if reserve == 0:
            return f"{m} is not allowed: {who} has no piece left in reserve to push."
        if m.gipf:
            if rights is None:
                return (
                    f"{m} is not allowed: GIPF pieces are put on the board only in the "
                    f"tournament game; in the {self.rules.variant} game "
                    + (
                        "each player's three GIPF pieces stand on the board from the start."
                        if self.rules.variant == "standard"
                        else "there are no GIPF pieces at all."
                    )
                    + f" Push a single piece in from {m.dot} onto {m.entry} (in notation, {m.dot}-{m.entry})."
                )
            if rights == "single":
                return (
                    f"{m} is not allowed: {who} has already placed a single piece, and after "
                    f"the first single no more GIPF pieces may be placed: push a single piece "
                    f"in from {m.dot} onto {m.entry} (in notation, {m.dot}-{m.entry})."
                )
            if reserve < 2:
                return (
                    f"{m} is not allowed: a GIPF piece takes two pieces from the reserve and "
                    f"{who} has only 1 left: push a single piece in from {m.dot} onto {m.entry} "
                    f"(in notation, {m.dot}-{m.entry})."
                )
        elif rights == "first":
            return (
                f"{m} is not allowed: in the tournament game each player's first move must "
                f"place a GIPF piece (two pieces stacked): push a GIPF piece in from {m.dot} "
                f"onto {m.entry} (in notation, G{m.dot}-{m.entry})."
            )
        if all(self._board[s] for s in line):
            ends = f"from {_label(line[0])} to {_label(line[-1])}"
            others = [
                f"{'G' if m.gipf else ''}{_label(dd)}-{_label(ee)}"
                for (dd, ee), ln in sorted(_tables().entries.items())
                if (dd == d or ee == e)
                and (dd, ee) != (d, e)
                and not all(self._board[s] for s in ln)
            ]
            text = (
                f"{m} is not allowed: the line {ends} is full, so pushing in at {m.entry} "
                "would force a piece off the board."
            )
            if others:
                text += " Still possible from here: " + _join(others) + "."
            return text
        if m.end is not None:
            moved = self.pushed_spots(m)
            reached = m.entry if not moved else _label(line[len(moved)])
            if m.end != reached:
                official = self.official(m)
                what = "moves nothing else" if not moved else f"moves pieces up to {reached}"
                return (
                    f"{m} does not describe this push: a piece pushed in at {m.entry} "
                    f"{what} here (write {official} or {m.plain})."
                )
        return None

    def _removal_problem(self, m: Removal) -> str | None:
        assert self.to_move is not None  # _problem returned first once the game was over
        who = self.to_move.capitalize()
        if self.phase == "push":
            return (
                f"{m} is not allowed: there is no row to remove now; {who} must push a piece "
                "in from a dot (like e1-e2)."
            )
        if self._resolve(m) is not None:
            return None
        options = _choices_words(self._choices())
        theirs = [r for r in self.rows() if r.owner != self.to_move]
        text = (
            f"{m} is not allowed: a removal takes one of {who}'s rows with every piece "
            "touching it along that line, leaving only GIPF pieces the remover keeps"
        )
        taken = {GRID.index(s) for s in m.taken}
        for r in theirs:
            if taken <= {GRID.index(s) for s in r.segment}:
                text += f"; {r.row[0]}-{r.row[-1]} is {r.owner.capitalize()}'s row, removed after"
                break
        return text + f". {who} may {options}."
