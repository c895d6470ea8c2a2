"""Hex Tiles' moves and their notation: ``take P``, ``place P at (q,r) turn k``, ``done``.

>>> str(Move.parse("take 111000"))
'take 111000'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, cast

from gamekit.errors import InvalidNotationError
from gamekit.hextiles.tiles import (  # noqa: F401  (the package's names)
    _TILES,
    MAX_NOTATION_CHARS,
    PATTERNS,
    Cell,
    Tile,
    _as_cell,
    _canonical,
    _rot,
    _show,
    _text,
    _turn,
    cell_text,
)

_TAKE = re.compile(r"take ([01]{6})")
_PLACE = re.compile(r"place ([01]{6}) at \(? ?(-?[0-9]+) ?, ?(-?[0-9]+) ?\)? turn ([0-9]+)")
_KINDS = ("take", "place", "done")
_MOVE_HELP = (
    "a move is 'take P', 'place P at (q,r) turn k' or 'done', where P is six digits 0/1 "
    "(the marked sides, clockwise from the top), like 'take 111000' or "
    "'place 111000 at (0,1) turn 3'"
)


def _move_tile(pattern: Any) -> Tile:
    """The tile a move names: 1 to 5 marked sides."""
    try:
        tile = Tile.from_marks(pattern)
    except InvalidNotationError as err:
        raise InvalidNotationError(f"a move's pattern: {err}") from None
    if tile.value == 0:
        raise InvalidNotationError(
            f"a move's pattern cannot be {tile.marks}: the pool holds no blank tiles, and "
            "blank tiles are never placed"
        )
    if tile.value == 6:
        raise InvalidNotationError(
            f"a move's pattern cannot be {tile.marks}: no tile has six marked sides"
        )
    return tile


@dataclass(frozen=True, slots=True)
class Move:
    """One decision in a turn: ``take P`` (a market tile of pattern ``P``), ``place P at
    (q,r) turn k`` (a reserve tile of pattern ``P``, turned clockwise ``k`` sixths from its
    standard turn, on cell ``(q, r)``) or ``done`` (end the turn).

    The pattern is always written in its standard turn (as in :data:`PATTERNS`) and the turn
    is the smallest that gives the same orientation, so equal placements read the same; a
    move built directly (``Move("place", "011100", (1, -1), 0)``) is checked and put in that
    form too.

    >>> Move.parse("place 011100 at (1,-1) turn 0")
    Move.parse('place 111000 at (1,-1) turn 1')
    >>> str(Move.parse("take 101010")), str(Move.parse(" DONE "))
    ('take 101010', 'done')
    >>> Move("place", "101000", None, None)
    Traceback (most recent call last):
    ...
    gamekit.errors.InvalidNotationError: a place move needs a cell and a turn, not cell=None, turn=None

    Raises:
        InvalidNotationError: ``kind`` is not ``"take"``, ``"place"`` or ``"done"``; the
            pattern is not a tile with 1 to 5 marks; a ``place`` lacks a whole-number cell or
            turn; or a field is given that the kind does not have.
    """

    kind: str
    pattern: str | None = None
    cell: Cell | None = None
    turn: int | None = None

    def __post_init__(self) -> None:
        kind = self.kind
        if kind == "done":
            if (self.pattern, self.cell, self.turn) != (None, None, None):
                raise InvalidNotationError("a done move has no pattern, cell or turn")
            return
        if not isinstance(kind, str) or kind not in _KINDS:
            raise InvalidNotationError(
                f"a move's kind is 'take', 'place' or 'done', not {_show(kind)}"
            )
        tile = _move_tile(self.pattern)
        if kind == "take":
            if self.cell is not None or self.turn is not None:
                raise InvalidNotationError(
                    "a take move has only a pattern: the tile is placed by a later place move"
                )
            object.__setattr__(self, "pattern", _text(_canonical(tile.mask)[0]))
            return
        if self.cell is None or self.turn is None:
            raise InvalidNotationError(
                f"a place move needs a cell and a turn, not cell={_show(self.cell)}, "
                f"turn={_show(self.turn)}"
            )
        cell = _as_cell(self.cell, "a place move's cell")
        target = _rot(tile.mask, _turn(self.turn, "a place move's turn"))
        pattern = _canonical(tile.mask)[0]
        k = next(k for k in range(6) if _rot(pattern, k) == target)
        object.__setattr__(self, "pattern", _text(pattern))
        object.__setattr__(self, "cell", cell)
        object.__setattr__(self, "turn", k)

    @classmethod
    def _checked(cls, kind: str, pattern: str | None, cell: Cell | None, turn: int | None) -> Move:
        """A move from parts already in standard form (the engine's own, unchecked)."""
        move = object.__new__(cls)
        set_kind, set_pattern, set_cell, set_turn = _MOVE_SET
        set_kind(move, kind)
        set_pattern(move, pattern)
        set_cell(move, cell)
        set_turn(move, turn)
        return move

    @classmethod
    def take(cls, pattern: Tile | str) -> Move:
        """Take a market tile of ``pattern`` (any turn of it).

        Raises:
            InvalidNotationError: ``pattern`` is not a tile with 1 to 5 marks.
        """
        return cls("take", cast(str, pattern))  # __post_init__ reads a Tile too

    @classmethod
    def place(cls, tile: Tile | str, cell: Any, turn: int = 0) -> Move:
        """Place ``tile`` turned ``turn`` on ``cell`` (normalised to the standard form).

        Raises:
            InvalidNotationError: ``tile``, ``cell`` or ``turn`` is malformed.
        """
        return cls("place", cast(str, tile), cell, turn)  # __post_init__ reads a Tile too

    @classmethod
    def done(cls) -> Move:
        """End the turn."""
        return _DONE

    @classmethod
    def parse(cls, text: str | Move) -> Move:
        """Read a move's notation (spaces and capitals do not matter); a :class:`Move` is
        returned as it is.

        Raises:
            InvalidNotationError: ``text`` is not a move's notation, or is longer than
                :data:`MAX_NOTATION_CHARS`.
        """
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise InvalidNotationError(
                f"{_show(text)} is not a Hex Tiles move: give a Move or text such as "
                "'take 111000', 'place 111000 at (0,1) turn 3' or 'done'"
            )
        if len(text) > MAX_NOTATION_CHARS:
            raise InvalidNotationError(
                f"{_show(text)} is not a Hex Tiles move: {len(text)} characters is too long "
                f"for one (at most {MAX_NOTATION_CHARS}); {_MOVE_HELP}"
            )
        clean = " ".join(text.lower().split())
        if clean == "done":
            return _DONE
        m = _TAKE.fullmatch(clean)
        if m:
            try:
                return cls("take", m.group(1))
            except InvalidNotationError as err:
                raise InvalidNotationError(f"{text!r}: {err}") from None
        m = _PLACE.fullmatch(clean)
        if m:
            cell = (int(m.group(2)), int(m.group(3)))
            try:
                return cls("place", m.group(1), cell, int(m.group(4)))
            except InvalidNotationError as err:
                raise InvalidNotationError(f"{text!r}: {err}") from None
        raise InvalidNotationError(f"{text!r} is not a Hex Tiles move: {_MOVE_HELP}")

    @property
    def tile(self) -> Tile | None:
        """The tile as it lies after the move (``place``), or the pattern (``take``)."""
        if self.pattern is None:
            return None
        return _TILES[self.pattern].rotated(self.turn or 0)

    def __str__(self) -> str:
        if self.kind == "take":
            return f"take {self.pattern}"
        if self.kind == "place":
            return f"place {self.pattern} at {cell_text(cast(Cell, self.cell))} turn {self.turn}"
        return "done"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


_MOVE_SET = tuple(Move.__dict__[name].__set__ for name in ("kind", "pattern", "cell", "turn"))
_DONE = Move("done")
