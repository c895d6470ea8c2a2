"""GIPF's moves and their notation: a push (``e1-e2``, ``Ge1-e2`` for a GIPF piece) and a
removal (``xe2-e5``, ``xe2-e5 keep e5``), and the rows they make.

>>> str(Move.parse("Ge1-e2"))
'Ge1-e2'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from gamekit.errors import InvalidNotationError, OffBoardError
from gamekit.errors import shown as _show
from gamekit.gipf.tables import (  # noqa: F401  (the package's names)
    _DOT,
    _SPOT,
    COLOURS,
    GRID,
    SPOTS,
    _label,
)
from gamekit.grids import HEX_DIRECTIONS

if TYPE_CHECKING:
    from gamekit.gipf import State

_PUSH = re.compile(r"^(g?)([a-z][0-9]{1,2})(?:-([a-z][0-9]{1,2}))?$")
_CELL = re.compile(r"^[a-z][0-9]{1,2}$")

#: The longest text read as a move or a whole ply (a push and its removals, as
#: :meth:`State.play` takes it). The longest real move, a removal of seven spots keeping
#: six GIPF pieces, has 46 characters; a ply has at most nine removals.
MAX_TEXT = 1000


def _check_length(text: str) -> None:
    """Refuse overlong text at once, quoting only its start."""
    if len(text) > MAX_TEXT:
        raise InvalidNotationError(
            f"{text[:20]!r}... is not a GIPF move: the text has {len(text):,} characters, "
            f"and a move, or a push with its removals, has at most {MAX_TEXT}"
        )


class Move:
    """A GIPF move: a :class:`Push` or a :class:`Removal`. ``Move.parse(text)`` reads either.

    >>> Move.parse("Ge1-e2"), Move.parse("xe2-e5 keep e5")
    (Move.parse('Ge1-e2'), Move.parse('xe2-e5 keep e5'))
    """

    __slots__ = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> Move:
        if cls is Move:
            raise TypeError(
                "Move is the common base of Push and Removal: build one of those, or read "
                "text with Move.parse('e1-e2')"
            )
        return super().__new__(cls)

    @classmethod
    def parse(cls, text: str | Move) -> Move:
        """Read a push (``e1-e2``, the official ``e1-e4``, a bare ``e2``, ``G`` for a GIPF
        piece) or a removal (``xe2-e7``, ``xe2-e7 keep e5``, ``xe2,e3,e4,e5``). A
        :class:`Push` or :class:`Removal` is returned as it is.

        Raises:
            InvalidNotationError: for anything else (also for text over
                ``MAX_TEXT`` characters); :class:`~gamekit.errors.OffBoardError`
                (one kind of it) for a point the board lacks.
        """
        if isinstance(text, (Push, Removal)):
            return text
        if not isinstance(text, str):
            what = f"a {type(text).__name__} object" if isinstance(text, Move) else _show(text)
            raise InvalidNotationError(
                f"{what} is not a GIPF move: give a Push, a Removal or text such as 'e1-e2' "
                "or 'xe2-e5'"
            )
        known = _PARSED.get(text)
        if known is not None:
            return known
        _check_length(text)
        clean = " ".join(text.strip().lower().split())
        move: Move
        if clean.startswith("x"):
            move = Removal._parse(text, clean[1:].strip())
        else:
            move = Push._parse(text, clean)
        if len(_PARSED) < _PARSED_MOST:  # a long record repeats its moves: read each once
            _PARSED[text] = move
        return move

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


#: Moves already read, by their text (moves are values: the same text, the same move).
_PARSED: dict[str, Move] = {}
_PARSED_MOST = 4096


def _bad(text: str, why: str) -> InvalidNotationError:
    return InvalidNotationError(f"{text!r} is not a GIPF move: {why}")


def _point(text: str, label: str) -> int:
    """Grid index of a point label; OffBoardError for labels the board lacks."""
    if not GRID.has(label):
        raise OffBoardError(
            f"{text.strip()} is not allowed: the GIPF board has no point {label} "
            "(columns a–i; a and i have 5 points, e has 9)"
        )
    return GRID.index(label)


def _labels(value: Any, name: str, who: str) -> tuple[str, ...]:
    """``value`` as a tuple of point labels (a tuple or list of at most 37 strings like
    ``"e2"``), else InvalidNotationError naming the field ``name`` of ``who``."""
    if (
        isinstance(value, (tuple, list))
        and len(value) <= len(SPOTS)
        and all(isinstance(v, str) and _CELL.match(v) for v in value)
    ):
        return tuple(value)
    raise InvalidNotationError(
        f"{who} is not a GIPF move: {name} must be a tuple of spots such as ('e2', 'e3'), "
        f"not {_show(value)}"
    )


def _trusted(cls: type, **fields: Any) -> Any:
    """A move built from fields the engine has already checked (no ``__post_init__``)."""
    move: Any = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(move, name, value)
    return move


class Position:
    """What the modules below the rules know of a GIPF position: :class:`State` inherits
    this, so a helper can tell a state from anything else without importing the rules."""

    __slots__ = ()


@dataclass(frozen=True, slots=True, repr=False)
class Push(Move):
    """A piece put on ``dot`` and pushed in at ``entry`` (a GIPF piece if ``gipf``).

    ``end`` is set when the move was written the official way: ``e1-e4`` says that the
    furthest piece moved reaches e4, and a bare ``e2`` (``end == entry``) that nothing but
    the new piece moves. That claim is checked when the push is played, so it is part of
    the move: ``Move.parse("e1-e4")`` is not the listed ``e1-e2``, though on a position
    where it holds both give the same state. A bare spot names no dot of its own (every dot
    entering there gives the same position): its ``dot`` is the first one in board order.

    >>> m = Move.parse("e1-e4")
    >>> m.dot, m.entry, m.end, str(m)
    ('e1', 'e2', 'e4', 'e1-e4')
    >>> m == Push("e1", "e2")
    False
    >>> Push("e1", "j2")
    Traceback (most recent call last):
    ...
    gamekit.errors.OffBoardError: e1-j2 is not allowed: the GIPF board has no point j2 (columns a–i; a and i have 5 points, e has 9)

    Raises:
        InvalidNotationError: for fields of the wrong type, or an ``end`` off the push's
            line; :class:`~gamekit.errors.OffBoardError` for a point the board lacks.
    """

    dot: str
    entry: str
    gipf: bool = False
    end: str | None = None

    def __post_init__(self) -> None:
        fields = (self.dot, self.entry, self.gipf, self.end)
        who = "Push(" + ", ".join(_show(v) for v in fields) + ")"
        if not all(isinstance(p, str) and _CELL.match(p) for p in (self.dot, self.entry)):
            raise InvalidNotationError(
                f"{who} is not a GIPF move: dot and entry are point labels such as 'e1' and 'e2'"
            )
        if not isinstance(self.gipf, bool):
            raise InvalidNotationError(f"{who} is not a GIPF move: gipf must be True or False")
        text = f"{self.dot}-{self.entry}"
        d, e = _point(text, self.dot), _point(text, self.entry)
        if self.end is None:
            return
        if not (isinstance(self.end, str) and _CELL.match(self.end)):
            raise InvalidNotationError(
                f"{who} is not a GIPF move: end is None or a point label such as 'e4'"
            )
        t = _point(text, self.end)
        line = _tables().entries.get((d, e))
        if line is None or t not in line:
            raise InvalidNotationError(
                f"{who} is not a GIPF move: the end {self.end} must be a spot on the line "
                f"pushed in from {self.dot} at {self.entry}"
            )
        if t == e:  # a bare spot: the canonical dot
            object.__setattr__(self, "dot", _label(_tables().bare[e]))

    @classmethod
    def _parse(cls, text: str, clean: str) -> Push:
        m = _PUSH.match(clean.replace(" ", ""))
        if not m:
            raise _bad(
                text,
                "a push is a dot and the spot its piece enters, like 'e1-e2' (or the official "
                "'e1-e4', or a bare spot 'e2'), with 'G' in front for a GIPF piece; a "
                "removal starts with 'x', like 'xe2-e5'",
            )
        gipf = m.group(1) == "g"
        first, second = m.group(2), m.group(3)
        if second is None:  # a bare spot: any dot that enters there (nothing else moves)
            s = _point(text, first)
            dot = _tables().bare.get(s)
            if dot is not None:
                return _trusted(cls, dot=_label(dot), entry=first, gipf=gipf, end=first)
            where = "a dot" if s in _DOT else "a spot away from the edge"
            raise InvalidNotationError(
                f"{text.strip()!r} is not a GIPF move: a bare spot means a piece pushed in "
                f"there with nothing else moving, but {first} is {where}, which no piece "
                "enters directly"
            )
        d, t = _point(text, first), _point(text, second)
        if d in _DOT and t in _SPOT:
            for e in _tables().dot_entries[d]:
                if t in _tables().entries[(d, e)]:
                    end = None if t == e else second
                    return _trusted(cls, dot=first, entry=_label(e), gipf=gipf, end=end)
        return _trusted(cls, dot=first, entry=second, gipf=gipf, end=None)

    def __str__(self) -> str:
        g = "G" if self.gipf else ""
        if self.end is None:
            return f"{g}{self.dot}-{self.entry}"
        if self.end == self.entry:
            return f"{g}{self.entry}"
        return f"{g}{self.dot}-{self.end}"

    @property
    def plain(self) -> Push:
        """The same push without the official form's ``end``: the move ``legal_moves()``
        lists.

        >>> Move.parse("e1-e4").plain
        Move.parse('e1-e2')
        """
        if self.end is None:
            return self
        return _tables().pushes[(GRID.index(self.dot), GRID.index(self.entry), self.gipf)]

    def official(self, state: State) -> str:
        """The official form on ``state``: ``dot-end`` (the spot the furthest moved piece
        reaches), or the bare spot when only the new piece moves; ``G`` for a GIPF piece.

        Raises:
            TypeError: if ``state`` is not a GIPF state.
            IllegalMoveError: if the push cannot be played on ``state`` (see
                :meth:`State.official`).
        """
        if not isinstance(state, Position):
            raise TypeError(f"state must be a gipf.State, not {type(state).__name__}")
        return state.official(self)


@dataclass(frozen=True, slots=True, repr=False)
class Removal(Move):
    """Taking a row off the board: the ``segment`` (the row and its extensions, spots in
    line order) less the GIPF pieces ``kept`` on the board.

    Written ``xe2-e7`` (every piece from e2 to e7) or ``xe2-e7 keep e5`` (all but the GIPF
    piece on e5). A list of the spots taken, ``xe2,e3,e4,e6,e7``, is read too; a state
    matches it with the removal that takes exactly those pieces. Spots are kept in board
    order, so ``Removal(("e3", "e2"))`` is ``Removal(("e2", "e3"))``.

    >>> m = Move.parse("xe2-e7 keep e5")
    >>> m.taken
    ('e2', 'e3', 'e4', 'e6', 'e7')
    >>> Move.parse("xe2,e3,e4,e6,e7")
    Move.parse('xe2,e3,e4,e6,e7')

    Raises:
        InvalidNotationError: for fields of the wrong type, a spot named twice, a kept spot
            outside the segment, or nothing taken; :class:`~gamekit.errors.OffBoardError`
            for a point the board lacks or a dot.
    """

    segment: tuple[str, ...]
    kept: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        who = f"Removal({_show(self.segment)}, {_show(self.kept)})"
        segment = _labels(self.segment, "segment", who)
        kept = _labels(self.kept, "kept", who)
        text = "x" + ",".join(segment) + (" keep " + ",".join(kept) if kept else "")
        seg, keep = _removal_spots(text, segment, kept)
        object.__setattr__(self, "segment", tuple(_label(s) for s in seg))
        object.__setattr__(self, "kept", tuple(_label(s) for s in keep))

    @property
    def taken(self) -> tuple[str, ...]:
        """The spots whose pieces leave the board, in line order."""
        return tuple(s for s in self.segment if s not in self.kept)

    @classmethod
    def _parse(cls, text: str, body: str) -> Removal:
        words = re.split(r"\s*keep\s*", body)
        if len(words) > 2 or not words[0].strip():
            raise _bad(
                text,
                "a removal is 'x' and the spots taken: 'xe2-e7' (from e2 to e7), "
                "'xe2-e7 keep e5' (all but the GIPF piece on e5) or 'xe2,e3,e4,e5'",
            )
        taken = words[0].replace(" ", "")
        if "-" in taken:
            ends = taken.split("-")
            if len(ends) != 2 or not all(_CELL.match(e) for e in ends):
                raise _bad(text, "a range of spots is written like 'e2-e7'")
            a, b = (_point(text, e) for e in ends)
            between = _between(a, b)
            if between is None:
                raise _bad(text, f"{ends[0]} and {ends[1]} are not on one line of spots")
            segment = tuple(_label(s) for s in between)
        else:
            cells = [c for c in taken.split(",") if c]
            if not cells or not all(_CELL.match(c) for c in cells):
                raise _bad(text, "the spots taken are written like 'xe2,e3,e4,e5'")
            segment = tuple(dict.fromkeys(cells))  # a spot written twice counts once
        kept: tuple[str, ...] = ()
        if len(words) == 2:
            names = [c for c in words[1].replace(",", " ").split() if c]
            names = [c if _CELL.match(c) else c[1:] if c.startswith("g") else c for c in names]
            if not names or not all(_CELL.match(c) for c in names):
                raise _bad(text, "after 'keep' come the GIPF pieces left, like 'keep e5'")
            kept = tuple(dict.fromkeys(names))
        seg, keep = _removal_spots(text, segment, kept)
        return _trusted(
            cls, segment=tuple(_label(s) for s in seg), kept=tuple(_label(s) for s in keep)
        )

    def __str__(self) -> str:
        idx = [GRID.index(s) for s in self.segment]
        if len(idx) == 1:
            text = f"x{self.segment[0]}"
        elif _between(idx[0], idx[-1]) == tuple(idx):
            text = f"x{self.segment[0]}-{self.segment[-1]}"
        else:
            text = "x" + ",".join(self.segment)
        return text + (" keep " + ",".join(self.kept) if self.kept else "")


def _removal_spots(
    text: str, segment: tuple[str, ...], kept: tuple[str, ...]
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The checked grid indices of a removal's segment and kept spots, in board order
    (which is the order along every line of spots); ``text`` names the move in errors."""
    seg = [_point(text, s) for s in segment]
    for s in seg:
        if s not in _SPOT:
            raise OffBoardError(
                f"{text.strip()} is not allowed: {_label(s)} is a dot, and pieces are "
                "only removed from the 37 spots of the play area"
            )
    if not seg:
        raise _bad(text, "a removal names the spots it takes, like 'xe2-e5'")
    if len(set(seg)) != len(seg):
        raise _bad(text, "a spot is named twice")
    keep = []
    for c in kept:
        k = _point(text, c)
        if k not in seg:
            raise _bad(text, f"{c} is kept but is not among the spots of the row")
        keep.append(k)
    if len(set(keep)) != len(keep):
        raise _bad(text, "a kept spot is named twice")
    if len(keep) == len(seg):
        raise _bad(text, "a removal takes at least one piece")
    return tuple(sorted(seg)), tuple(sorted(keep))


def _between(a: int, b: int) -> tuple[int, ...] | None:
    """The spots from ``a`` to ``b`` on one line, in the line's order; ``None`` if ``a``
    and ``b`` are not on a common line of spots."""
    if a == b:
        return (a,) if a in _SPOT else None
    for line in _tables().lines:
        if a in line and b in line:
            i, j = sorted((line.index(a), line.index(b)))
            return line[i : j + 1]
    return None


@dataclass(frozen=True, slots=True)
class Row:
    """A row to remove: its ``owner``, the ``segment`` that leaves (the row and its
    extensions, spots in line order), the ``row`` itself and the ``gipf`` pieces in the
    segment (which the owner may keep).

    Raises:
        ValueError: for an owner that is not ``"white"`` or ``"black"``, or fields that are
            not tuples of point labels.
    """

    owner: str
    segment: tuple[str, ...]
    row: tuple[str, ...]
    gipf: tuple[str, ...]

    def __post_init__(self) -> None:
        if not (isinstance(self.owner, str) and self.owner in COLOURS):
            raise ValueError(f"owner must be 'white' or 'black', not {_show(self.owner)}")
        for name in ("segment", "row", "gipf"):
            value = getattr(self, name)
            if not (isinstance(value, tuple) and all(isinstance(v, str) for v in value)):
                raise ValueError(f"{name} must be a tuple of spots such as ('e2', 'e3')")


def _moves_in(move: Move | str) -> list[Move]:
    """The moves that :meth:`State.play` and :meth:`State.why_illegal` take ``move`` for:
    the move itself, or each move of a ply written as one text (``"e1-e2 xe2-e5"``)."""
    if isinstance(move, str):
        _check_length(move)
        if " x" in " ".join(move.lower().split()):
            return [Move.parse(part) for part in split_ply(move)]
    return [Move.parse(move)]


def split_ply(text: str) -> list[str]:
    """``"e1-e2 xe2-e7 keep e5 xb2-e5"`` -> ``["e1-e2", "xe2-e7 keep e5", "xb2-e5"]``."""
    parts: list[str] = []
    for word in text.replace(";", " ").split():
        if word.lower().startswith("x") or not parts:
            parts.append(word)
        else:
            parts[-1] += " " + word
    return parts


# ---------------------------------------------------------------------------------------
# Every line and push of the board, worked out once (the moves are built on them)
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Tables:
    # (dot, entry) -> the spots from the entry to the far end of the line, in push order
    entries: dict[tuple[int, int], tuple[int, ...]]
    # dot -> its entry spots
    dot_entries: dict[int, tuple[int, ...]]
    # the 21 lines of spots, each in the grid's axis order
    lines: tuple[tuple[int, ...], ...]
    # spot -> the lines through it (indices into ``lines``)
    lines_at: dict[int, tuple[int, ...]]
    # entry spot -> the first dot (in board order) entering there: a bare spot's dot
    bare: dict[int, int]
    # (dot, entry, gipf) -> the plain Push, built once
    pushes: dict[tuple[int, int, bool], Push]
    # every (dot, entry) in board order, with the index in ``lines`` of the line it pushes
    # along (each entry's run is a whole line of spots, from the edge to the far edge)
    entry_lines: tuple[tuple[int, int, int], ...]
    # line index -> a function giving the values of that line's spots from a board
    getters: tuple[Any, ...]
    # (dot label, entry label) -> (the spots in push order, the index of their line)
    by_label: dict[tuple[str, str], tuple[tuple[int, ...], int]]
    # line index -> the bits (1 << spot) of its spots
    line_bits: tuple[int, ...]
    # id of a Push of ``pushes`` -> (index of its line, whether it is a GIPF piece)
    push_info: dict[int, tuple[int, bool]]
    # (spot, line index) -> the spots of that line before it (nearest first) and after it
    around: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]]]
    # spot -> (line index, the spots before, the spots after) for each line through it
    cross: dict[int, tuple[tuple[int, tuple[int, ...], tuple[int, ...]], ...]]
    # id of a Push of ``pushes`` -> (that Push, the spots in push order, its line index)
    push_run: dict[int, tuple[Push, tuple[int, ...], int]]
    # the kinds of piece a player may push (False single, True GIPF) -> every push of those
    # kinds in board order, with the index of the line it pushes along
    by_kinds: dict[tuple[bool, ...], tuple[tuple[int, Push], ...]]


@cache
def _tables() -> _Tables:
    entries: dict[tuple[int, int], tuple[int, ...]] = {}
    dot_entries: dict[int, list[int]] = {}
    for d in sorted(_DOT):
        for direction in HEX_DIRECTIONS:
            j = GRID.step(d, direction)
            if j is None or j not in _SPOT:
                continue
            run = []
            while j is not None and j in _SPOT:
                run.append(j)
                j = GRID.step(j, direction)
            entries[(d, run[0])] = tuple(run)
            dot_entries.setdefault(d, []).append(run[0])
    lines = []
    for axis in GRID.axes:
        seen = set()
        for s in sorted(_SPOT):
            line = tuple(j for j in GRID.line(s, axis) if j in _SPOT)
            if line not in seen:
                seen.add(line)
                lines.append(line)
    lines_at: dict[int, list[int]] = {s: [] for s in _SPOT}
    for k, line in enumerate(lines):
        for s in line:
            lines_at[s].append(k)
    bare: dict[int, int] = {}
    pushes: dict[tuple[int, int, bool], Push] = {}
    line_of = {frozenset(line): k for k, line in enumerate(lines)}
    entry_lines = tuple((d, e, line_of[frozenset(entries[(d, e)])]) for d, e in sorted(entries))
    for d, e in sorted(entries):
        bare.setdefault(e, d)
        for g in (False, True):
            pushes[(d, e, g)] = _trusted(Push, dot=_label(d), entry=_label(e), gipf=g, end=None)
    getters = tuple(_getter(line) for line in lines)
    all_kinds: tuple[tuple[bool, ...], ...] = ((False,), (True,), (False, True))
    by_kinds = {
        kinds: tuple((k, pushes[(d, e, g)]) for d, e, k in entry_lines for g in kinds)
        for kinds in all_kinds
    }
    line_index = {(d, e): k for d, e, k in entry_lines}
    around = {
        (s, k): (line[: line.index(s)][::-1], line[line.index(s) + 1 :])
        for k, line in enumerate(lines)
        for s in line
    }
    by_label = {
        (_label(d), _label(e)): (run, line_index[(d, e)]) for (d, e), run in entries.items()
    }
    return _Tables(
        entries=entries,
        dot_entries={d: tuple(sorted(e)) for d, e in dot_entries.items()},
        lines=tuple(lines),
        lines_at={s: tuple(v) for s, v in lines_at.items()},
        bare=bare,
        pushes=pushes,
        entry_lines=entry_lines,
        getters=getters,
        by_label=by_label,
        by_kinds=by_kinds,
        line_bits=tuple(sum(1 << s for s in line) for line in lines),
        push_info={id(push): (k, push.gipf) for k, push in by_kinds[(False, True)]},
        around=around,
        cross={s: tuple((k, *around[(s, k)]) for k in v) for s, v in lines_at.items()},
        push_run={
            id(push): (push, entries[(d, e)], line_index[(d, e)])
            for (d, e, _g), push in pushes.items()
        },
    )


def _getter(line: tuple[int, ...]) -> Callable[[tuple[int, ...]], tuple[int, ...]]:
    """``board -> the values on line`` (always a tuple, even for a line of one spot)."""
    get = itemgetter(*line)
    return get if len(line) > 1 else lambda board: (get(board),)
