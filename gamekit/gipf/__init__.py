"""GIPF, the abstract game by Kris Burm: rules engine.

Two players, White (moves first) and Black, push pieces from the 24 dots on the edge of the
board into the 37 spots of the play area. Four or more pieces of one colour in a line make a
*row*: the row and every piece touching it along that line (its *extensions*) leave the
board; the row's owner gets his own pieces back and captures the opponent's. A player who
must push with an empty reserve loses, and in the standard and tournament games so does a
player with no GIPF piece (two pieces stacked) left on the board. The rules follow
``docs/rules/gipf.md``.

Removals are decisions, and so they are moves too: after a push that makes a row, the state
is in the ``"remove"`` phase and ``legal_moves()`` lists every way to remove one row.

>>> from gamekit import gipf
>>> state = gipf.Rules(variant="standard").start()
>>> state
<gipf.State standard: white to push, reserves 12/12, captured 0/0>
>>> len(state.legal_moves())
42
>>> state = state.play("e1-e2").play("b6-b5").play("e1-e2").play("c7-c6").play("e1-e2")
>>> state.phase, state.to_move
('remove', 'white')
>>> [str(m) for m in state.legal_moves()]
['xe2-e5', 'xe2-e5 keep e5']
>>> state.play("xe2-e5 keep e5").reserve("white")
12
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from operator import itemgetter
from typing import Any, ClassVar

from gamekit.errors import IllegalMoveError, InvalidNotationError, OffBoardError
from gamekit.errors import shown as _show
from gamekit.game import register
from gamekit.grids import HEX_DIRECTIONS, hexhex
from gamekit.options import check_options
from gamekit.text import join_words
from gamekit.variants import BLOCKED, Variants

__all__ = [
    "Rules",
    "State",
    "Move",
    "Push",
    "Removal",
    "Row",
    "Outcome",
    "COLOURS",
    "VARIANTS",
    "ENDINGS",
    "SPOTS",
    "DOTS",
    "LINES",
    "ring",
]

GAME = "gipf"
COLOURS = ("white", "black")
VARIANTS = ("basic", "standard", "tournament")
_OTHER = {"white": "black", "black": "white"}
_SIGN = {"white": 1, "black": -1}

# ---------------------------------------------------------------------------------------
# The board: hexhex(5) points; the inner hexhex(4) are the spots, the outer ring the dots
# ---------------------------------------------------------------------------------------

GRID = hexhex(5)


def ring(spot: str) -> int:
    """How many steps ``spot`` lies from the centre: 0 for e5, 3 for the spots of the
    edge of the play area, 4 for the dots around it.

    >>> ring("e5"), ring("e4"), ring("b2"), ring("a1")
    (0, 1, 3, 4)

    Raises:
        TypeError: ``spot`` is not text.
        gamekit.grids.UnknownCellError: ``spot`` names no spot or dot.
    """
    return _ring(GRID.index(spot))


def _ring(i: int) -> int:
    q, r = GRID.coords[i]
    return max(abs(q), abs(r), abs(q + r))


#: The 37 spots of the play area and the 24 dots around it, as labels in board order.
SPOTS: tuple[str, ...] = tuple(GRID.label(i) for i in range(len(GRID)) if _ring(i) < 4)
DOTS: tuple[str, ...] = tuple(GRID.label(i) for i in range(len(GRID)) if _ring(i) == 4)
_SPOT = frozenset(GRID.index(s) for s in SPOTS)
_SPOT_LIST = tuple(sorted(_SPOT))
#: (kinds of piece, full lines as bits) -> the legal pushes
_PUSHES_BY_FULL: dict[tuple[tuple[bool, ...], int], list] = {}
#: the remover's row segments with the pieces on them -> the removals (see State._choices)
_CHOICES: dict[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], dict] = {}
_DOT = frozenset(GRID.index(d) for d in DOTS)


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


def _label(i: int) -> str:
    return GRID.label(i)


def _join(words: list[str], last: str = "or") -> str:
    return join_words(words, last)


def _colour_of(v: int) -> str:
    return "white" if v > 0 else "black"


# ---------------------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------------------

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
        _check_length(text)
        clean = " ".join(text.strip().lower().split())
        if clean.startswith("x"):
            return Removal._parse(text, clean[1:].strip())
        return Push._parse(text, clean)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


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
        if not isinstance(state, State):
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


#: The words of ``Outcome.ending`` (see :class:`Rules`).
ENDINGS = ("no-reserve", "last-gipf")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the ``winner`` (a colour), the ``reason`` in words and the
    ``ending`` in one word of :attr:`Rules.endings`, for programs.

    >>> Outcome("black", "White must push but has no piece left in reserve", "no-reserve")
    Outcome(winner='black', reason='White must push but has no piece left in reserve', ending='no-reserve')

    Raises:
        ValueError: for a winner that is not a colour or an ending not in ``Rules.endings``.
        TypeError: for a reason that is not text.
    """

    winner: str
    reason: str
    ending: str

    def __post_init__(self) -> None:
        if not (isinstance(self.winner, str) and self.winner in COLOURS):
            raise ValueError(f"winner must be 'white' or 'black', not {_show(self.winner)}")
        if not isinstance(self.reason, str):
            raise TypeError(f"reason must be text, not {type(self.reason).__name__}")
        if not (isinstance(self.ending, str) and self.ending in (*ENDINGS, BLOCKED)):
            raise ValueError(
                f"ending must be one of {', '.join(ENDINGS)} (or {BLOCKED!r}, in a variant); "
                f"not {_show(self.ending)}"
            )

    @property
    def winners(self) -> tuple[str, ...]:
        """The winner as a 1-tuple (GIPF has no draws and no shared wins)."""
        return (self.winner,)

    @property
    def loser(self) -> str:
        """The colour that lost."""
        return _OTHER[self.winner]

    @property
    def scores(self) -> None:
        """``None``: GIPF has no score, only a winner."""
        return None


# ---------------------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------------------

_START = {"white": ("b5", "e2", "h5"), "black": ("b2", "e8", "h2")}


@register(
    title="GIPF",
    move=Move,
    turn_starts=lambda state: state.phase == "push",
    setup="setup",
    picture="gamekit.gipf.picture",
    board="gamekit.gipf.board:GipfBoard",
    strategy="gamekit.gipf.strategy:STRATEGY",
    puzzles="gamekit.gipf.puzzles:PUZZLES",
    words="gamekit.gipf.words",
)
@dataclass(frozen=True)
class Rules(Variants):
    """The options of a GIPF game: ``variant`` is ``"basic"``, ``"standard"`` (the default)
    or ``"tournament"``; ``start()`` gives the opening position. The seats are ``"white"``
    (who pushes first) and ``"black"``. GIPF has no chance: ``start(seed=...)`` ignores
    the seed.

    A game ends in one of two ways, the ``ending`` of its :class:`Outcome`:

    - ``"no-reserve"``: after a push and its removals, the player to push has no piece
      left in reserve, and loses;
    - ``"last-gipf"`` (standard and tournament games): a removal leaves a player with no
      GIPF piece on the board, and he loses at once (in the tournament game only once he
      has placed one). When one removal takes the last GIPF pieces of both players, the
      player who removed wins (a project decision, ``docs/rules/gipf.md``).

    >>> Rules(variant="basic")
    gipf.Rules(variant='basic')
    >>> Rules.game, Rules.seats, Rules.endings
    ('gipf', ('white', 'black'), ('no-reserve', 'last-gipf'))
    >>> Rules(variant="blitz")
    Traceback (most recent call last):
    ...
    ValueError: variant must be 'basic', 'standard' or 'tournament', not 'blitz'

    Raises:
        ValueError: for an unknown variant.
    """

    game: ClassVar[str] = "gipf"
    endings: ClassVar[tuple[str, ...]] = ENDINGS
    seats: ClassVar[tuple[str, ...]] = COLOURS

    variant: str = "standard"

    def __post_init__(self) -> None:
        if not (isinstance(self.variant, str) and self.variant in VARIANTS):
            raise ValueError(
                "variant must be 'basic', 'standard' or 'tournament', not " + _show(self.variant)
            )

    def __repr__(self) -> str:
        return f"gipf.Rules(variant={self.variant!r})"

    @property
    def name(self) -> str:
        return self.variant

    @property
    def pieces(self) -> int:
        """Pieces per player (a GIPF piece counts two): 15 in the basic game, else 18."""
        return 15 if self.variant == "basic" else 18

    def start(self, seed: int | None = None) -> State:
        """The opening position, White to push. GIPF has no chance: ``seed`` is accepted
        (as every game's ``start`` accepts it) and not used.

        >>> Rules().start(seed=7) == Rules().start()
        True

        Raises:
            TypeError: if ``seed`` is neither ``None`` nor a whole number.
        """
        if seed is not None and not isinstance(seed, numbers.Integral):
            raise TypeError(
                f"seed must be a whole number or None (GIPF has no chance and does not use "
                f"it), not {_show(seed)}"
            )
        board = [0] * len(GRID)
        if self.variant != "tournament":
            size = 2 if self.variant == "standard" else 1
            for colour, spots in _START.items():
                for s in spots:
                    board[GRID.index(s)] = size * _SIGN[colour]
        reserve = 18 if self.variant == "tournament" else 12
        rights = ("first", "first") if self.variant == "tournament" else None
        return State._make(
            self, tuple(board), (reserve, reserve), (0, 0), "white", "push", None, rights, None
        )

    def replay(self, moves: Iterable[Move | str]) -> State:
        """The position after playing ``moves`` one after the other from the start (each a
        :class:`Move` or its notation, as :meth:`State.play` takes them).

        >>> Rules(variant="basic").replay(["e1-e2", "e9-e8"])
        <gipf.State basic: white to push, reserves 11/11, captured 0/0>

        Raises:
            TypeError: if ``moves`` is one move or text rather than a sequence of moves.
            IllegalMoveError, InvalidNotationError: for the first move that cannot be
                played, as :meth:`State.play` raises them.
        """
        if isinstance(moves, (str, bytes, Move)) or not isinstance(moves, Iterable):
            raise TypeError(
                "moves must be a sequence of moves such as ['e1-e2', 'b6-b5'], not "
                f"{type(moves).__name__} {moves!r:.40}"
            )
        state = self.start()
        for move in moves:
            state = state.play(move)
        return state

    def setup(
        self,
        pieces: Mapping[str, str],
        *,
        to_move: str = "white",
        captured: tuple[int, int] = (0, 0),
        may_place_gipf: Iterable[str] | str = (),
    ) -> State:
        """A position to push from, for lessons and tests: ``pieces`` maps spots to
        ``"white"``, ``"black"``, ``"white gipf"`` or ``"black gipf"`` (or ``W``, ``B``,
        ``WG``, ``BG``); ``to_move`` pushes next. Each reserve holds what is neither on the
        board nor in ``captured`` (White's and Black's pieces taken by the opponent, a GIPF
        piece counting two). In the tournament game the colours in ``may_place_gipf`` may
        still place GIPF pieces (one of them with none on the board has yet to place his
        first, and must); in the other games ``may_place_gipf`` stays empty.

        >>> state = Rules(variant="basic").setup({"e2": "B", "e4": "B", "e5": "B", "e6": "B"})
        >>> state.reserve("white"), state.reserve("black")
        (15, 11)
        >>> Rules().setup({}, captured=(-5, 0))
        Traceback (most recent call last):
        ...
        ValueError: captured must be two whole numbers from 0 to 18 (White's and Black's pieces taken), not (-5, 0)

        Raises:
            TypeError: if ``pieces`` is not a mapping, or a spot or piece is not text.
            ValueError: for a spot outside the play area, an unknown piece, a GIPF piece in
                the basic game, more pieces than a player has, a row of four standing, a
                standard or tournament player with no GIPF piece (he has lost already) or
                more than the three of the standard game, or a bad ``to_move``,
                ``captured`` or ``may_place_gipf``.
        """
        if not isinstance(pieces, Mapping):
            raise TypeError(
                "pieces must be a mapping of spots to pieces such as {'e2': 'W', 'e5': 'BG'}, "
                f"not {type(pieces).__name__}"
            )
        if not isinstance(to_move, str) or to_move not in _SIGN:
            raise ValueError(f"to_move must be 'white' or 'black', not {_show(to_move)}")
        if (
            not isinstance(captured, (tuple, list))
            or len(captured) != 2
            or not all(
                isinstance(c, numbers.Integral) and not isinstance(c, bool) for c in captured
            )
            or not all(0 <= c <= self.pieces for c in captured)
        ):
            raise ValueError(
                f"captured must be two whole numbers from 0 to {self.pieces} (White's and "
                f"Black's pieces taken), not {_show(captured)}"
            )
        may = (may_place_gipf,) if isinstance(may_place_gipf, str) else may_place_gipf
        may = tuple(may) if isinstance(may, Iterable) else (None,)
        if not all(isinstance(c, str) and c in _SIGN for c in may):
            raise ValueError(
                "may_place_gipf must be colours such as ('white',) or ('white', 'black'), "
                f"not {_show(may_place_gipf)}"
            )
        if may and self.variant != "tournament":
            raise ValueError(
                "may_place_gipf is for the tournament game: in the "
                f"{self.variant} game no GIPF piece is ever placed"
            )
        board = [0] * len(GRID)
        names = {"w": 1, "white": 1, "b": -1, "black": -1}
        for spot, what in pieces.items():
            if not isinstance(spot, str):
                raise TypeError(f"pieces: a spot is a label such as 'e5', not {_show(spot)}")
            if not GRID.has(spot) or GRID.index(spot) not in _SPOT:
                raise ValueError(
                    f"pieces: {_show(spot)} is not a spot of the play area (b2-b5, c2-c6, d2-d7, "
                    "e2-e8, f2-f7, g2-g6, h2-h5)"
                )
            if not isinstance(what, str):
                raise TypeError(
                    f"pieces: the piece on {spot} is text such as 'W' or 'white gipf', "
                    f"not {_show(what)}"
                )
            words = what.lower().replace("gipf", "g").replace(" ", "")
            gipf = words.endswith("g") and len(words) > 1
            colour = words[:-1] if gipf else words
            if colour not in names:
                raise ValueError(
                    f"pieces: {_show(what)} on {spot} is not a piece: use white, black, white gipf, "
                    "black gipf (or W, B, WG, BG)"
                )
            if gipf and self.variant == "basic":
                raise ValueError("pieces: the basic game has no GIPF pieces")
            board[GRID.index(spot)] = names[colour] * (2 if gipf else 1)
        reserve = []
        for k, colour in enumerate(COLOURS):
            left = self.pieces - sum(abs(v) for v in board if v * _SIGN[colour] > 0) - captured[k]
            if left < 0:
                raise ValueError(
                    f"{colour.capitalize()} has only {self.pieces} pieces in all (a GIPF piece "
                    "counts two), on the board, in reserve and captured"
                )
            reserve.append(left)
        rights = None
        if self.variant != "basic":
            kinds = []
            for colour in COLOURS:
                gipfs = board.count(2 * _SIGN[colour])
                if self.variant == "standard" and gipfs > 3:
                    raise ValueError(
                        f"{colour.capitalize()} has {gipfs} GIPF pieces; in the standard game "
                        "each player has three, and no more are ever placed"
                    )
                if gipfs == 0 and colour not in may:
                    hint = ""
                    if self.variant == "tournament":
                        hint = " (name him in may_place_gipf if he has yet to place his first)"
                    raise ValueError(
                        f"{colour.capitalize()} has no GIPF piece on the board, and so has lost "
                        f"already in the {self.variant} game{hint}"
                    )
                kinds.append("single" if colour not in may else "gipf" if gipfs else "first")
            if self.variant == "tournament":
                rights = (kinds[0], kinds[1])
        if _find_rows(tuple(board)):
            raise ValueError("a row of four stands in this position; rows are removed at once")
        return _settle(
            self,
            tuple(board),
            (reserve[0], reserve[1]),
            (captured[0], captured[1]),
            _OTHER[to_move],
            rights,
            None,
        )

    # -- saving -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"variant": self.variant}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rebuild rules from :meth:`to_dict`; an unknown option is a ``ValueError``."""
        return cls(**check_options(data, ("variant",), "GIPF"))


# ---------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------


class State:
    """A GIPF position: the spots, both reserves, the captured pieces, who acts and in which
    phase, and (tournament) who may still place GIPF pieces. Immutable and hashable; two
    states are equal exactly when these are equal (the moves that led there do not count).
    States come from :meth:`Rules.start`, :meth:`Rules.setup` and :meth:`play`.

    ``to_move`` is the colour to act (push, or remove a row in the ``"remove"`` phase), and
    ``None`` once the game is over; ``swapped`` is always ``False`` (GIPF has no pie rule).
    """

    __slots__ = (
        "rules",
        "_board",
        "_reserve",
        "_captured",
        "to_move",
        "phase",
        "_pusher",
        "_rights",
        "_outcome",
        "last",
        "_cache",
    )

    rules: Rules
    _board: tuple[int, ...]
    _reserve: tuple[int, int]
    _captured: tuple[int, int]
    to_move: str | None
    phase: str
    _pusher: str | None
    _rights: tuple[str, str] | None
    _outcome: Outcome | None
    last: Push | None
    _cache: dict[str, Any]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError(
            "a gipf.State is not built directly: use Rules().start(), Rules().setup(...) or "
            "state.play(move)"
        )

    @classmethod
    def _make(
        cls,
        rules: Rules,
        board: tuple[int, ...],
        reserve: tuple[int, int],
        captured: tuple[int, int],
        to_move: str | None,
        phase: str,
        pusher: str | None,
        rights: tuple[str, str] | None,
        outcome: Outcome | None,
        last: Push | None = None,
    ) -> State:
        if outcome is not None:
            to_move = None  # nobody acts once the game is over
        self = object.__new__(cls)
        # the slots' own setters: quicker than object.__setattr__ by name
        s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10 = _SLOT_SETTERS
        s0(self, rules)
        s1(self, board)
        s2(self, reserve)
        s3(self, captured)
        s4(self, to_move)
        s5(self, phase)
        s6(self, pusher)
        s7(self, rights)
        s8(self, outcome)
        s9(self, last)
        s10(self, {})
        if outcome is None and not rules.plain:  # a variant may leave the mover no move
            blocked = self._blocked()
            if blocked is not None:
                s4(self, None)
                s8(self, blocked)
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a gipf.State is immutable; play() returns a new state")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a gipf.State is immutable; play() returns a new state")

    def __reduce__(self) -> tuple[Any, ...]:
        return (State._make, self._key()[:9] + (self.last,))

    @property
    def swapped(self) -> bool:
        """``False``: GIPF has no pie rule, so nobody ever changes seats."""
        return False

    # -- identity -----------------------------------------------------------------------
    def _key(self) -> tuple:
        return (
            self.rules,
            self._board,
            self._reserve,
            self._captured,
            self.to_move,
            self.phase,
            self._pusher,
            self._rights,
            self._outcome,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        w, b = self._reserve
        cw, cb = self._captured
        if self._outcome is not None:
            tail = f"{self._outcome.winner} won"
        else:
            tail = f"{self.to_move} to {self.phase}"
        return f"<gipf.State {self.rules.variant}: {tail}, reserves {w}/{b}, captured {cw}/{cb}>"

    def _repr_png_(self) -> bytes:
        from gamekit.render import png  # one picture format for every game

        return png(self)

    # -- reading the position ------------------------------------------------------------
    @property
    def grid(self):
        """The 61 points of the board (:func:`gamekit.grids.hexhex` of side 5)."""
        return GRID

    @property
    def board(self) -> tuple[int, ...]:
        """The board as numbers, one per point of :attr:`grid` in its order: 0 empty (every
        dot is), 1 a White piece, 2 a White GIPF piece, -1 and -2 Black's (a quick read for
        players; :meth:`pieces` names them).

        >>> board = Rules(variant="basic").start().board
        >>> board[GRID.index("b5")], board[GRID.index("b2")], board[GRID.index("e5")]
        (1, -1, 0)
        """
        return self._board

    @staticmethod
    def _idx(colour: str) -> int:
        """0 for White, 1 for Black; a ValueError for anything else."""
        if isinstance(colour, str):
            if colour == "white":
                return 0
            if colour == "black":
                return 1
        raise ValueError(f"colour must be 'white' or 'black', not {_show(colour)}")

    def reserve(self, colour: str) -> int:
        """How many pieces ``colour`` has left to push in.

        >>> Rules().start().reserve("white")
        12

        Raises:
            ValueError: if ``colour`` is not ``"white"`` or ``"black"`` (so for the other
                colour methods).
        """
        return self._reserve[self._idx(colour)]

    def captured(self, colour: str) -> int:
        """How many of ``colour``'s pieces the opponent has captured (out of the game; a
        GIPF piece counts two)."""
        return self._captured[self._idx(colour)]

    def piece_at(self, spot: str) -> str | None:
        """What stands on ``spot``: ``None``, ``"white"``, ``"black"``, ``"white gipf"`` or
        ``"black gipf"``.

        >>> Rules().start().piece_at("e2")
        'white gipf'

        Raises:
            TypeError: if ``spot`` is not text; :class:`~gamekit.errors.OffBoardError` (a
                ValueError) for a point the board lacks.
        """
        if not isinstance(spot, str):
            raise TypeError(f"spot must be a point label such as 'e5', not {_show(spot)}")
        if not GRID.has(spot):
            raise OffBoardError(f"the GIPF board has no point {_show(spot)}")
        v = self._board[GRID.index(spot)]
        if v == 0:
            return None
        return _colour_of(v) + (" gipf" if abs(v) == 2 else "")

    def pieces(self, colour: str | None = None) -> dict[str, str]:
        """Every occupied spot and what stands there (see :meth:`piece_at`), in board
        order; only ``colour``'s if given."""
        if colour is not None:
            self._idx(colour)
        out = {}
        for i, v in enumerate(self._board):
            if v and (colour is None or _colour_of(v) == colour):
                out[_label(i)] = _colour_of(v) + (" gipf" if abs(v) == 2 else "")
        return out

    def on_board(self, colour: str) -> int:
        """``colour``'s pieces on the board, a GIPF piece counted as two."""
        s = 1 - 2 * self._idx(colour)
        return sum(abs(v) for v in self._board if v * s > 0)

    def gipf_pieces(self, colour: str) -> list[str]:
        """The spots of ``colour``'s GIPF pieces."""
        s = 1 - 2 * self._idx(colour)
        return [_label(i) for i, v in enumerate(self._board) if v == 2 * s]

    def may_place_gipf(self, colour: str) -> bool:
        """Whether ``colour`` may still put a GIPF piece on the board (tournament game,
        until his first single piece)."""
        k = self._idx(colour)
        return self._rights is not None and self._rights[k] != "single"

    @property
    def pusher(self) -> str | None:
        """In the remove phase, the player whose push made the rows."""
        return self._pusher

    # -- rows -----------------------------------------------------------------------------
    def rows(self) -> list[Row]:
        """The rows standing now (in the remove phase: the ones the player to act may
        take, then the others), each with its segment and GIPF pieces."""
        found = [(sign, seg, row) for _k, sign, seg, row in self._rows()]
        out = []
        for sign, seg, row in found:
            out.append(
                Row(
                    owner=_colour_of(sign),
                    segment=tuple(_label(s) for s in seg),
                    row=tuple(_label(s) for s in row),
                    gipf=tuple(_label(s) for s in seg if abs(self._board[s]) == 2),
                )
            )
        out.sort(key=lambda r: (r.owner != self.to_move, [GRID.index(s) for s in r.segment]))
        return out

    def _occupied(self) -> int:
        """The spots that hold a piece, as bits (``1 << spot``)."""
        found = self._cache.get("occupied")
        if found is None:
            board = self._board
            found = 0
            for i in _SPOT_LIST:
                if board[i]:
                    found |= 1 << i
            self._cache["occupied"] = found
        return found

    def _rows(self) -> list[tuple[int, int, tuple[int, ...], tuple]]:
        """The rows standing (as :func:`_rows_on` gives them), found once."""
        found = self._cache.get("rows")
        if found is None:
            lines = self._cache.get("row_lines")
            found = _rows_on(self._board, range(len(_tables().lines)) if lines is None else lines)
            self._cache["rows"] = found
        return found

    def _choices(self) -> dict[Removal, tuple[int, ...]]:
        """The removal moves open now, each with the grid indices it takes. Keep/take
        combinations that take the same pieces (possible only where rows cross) come once."""
        found: dict[Removal, tuple[int, ...]] | None = self._cache.get("choices")
        if found is not None:
            return found
        out: dict[Removal, tuple[int, ...]] = {}
        if self.phase == "remove" and self._outcome is None:
            assert self.to_move is not None  # set while the game goes on
            sign = _SIGN[self.to_move]
            board = self._board
            # the choices follow from the player's segments and the pieces on them alone
            mine = tuple(
                (seg, tuple([board[s] for s in seg]))
                for _k, owner, seg, _row in self._rows()
                if owner == sign
            )
            known = _CHOICES.get(mine)
            if known is None:
                known = _removal_choices(board, mine)
                if len(_CHOICES) > 100_000:
                    _CHOICES.clear()
                _CHOICES[mine] = known
            out = known
        self._cache["choices"] = out
        return out

    def _resolve(self, m: Removal) -> Removal | None:
        """The legal removal ``m`` stands for (the same one, or the one taking the same
        pieces when ``m`` was written as a list of spots), or ``None``."""
        choices = self._choices()
        if m in choices:
            return m
        want = {GRID.index(s) for s in m.taken}
        for move, taken in choices.items():
            if set(taken) == want:
                return move
        return None

    # -- pushes ---------------------------------------------------------------------------
    @staticmethod
    def _push_line(m: Push) -> tuple[int, ...] | None:
        return _tables().entries.get((GRID.index(m.dot), GRID.index(m.entry)))

    def pushed_spots(self, move: Push | str) -> list[str]:
        """The spots whose pieces a push moves on (the entry spot up to the first gap, the
        gap not included); empty when the entry spot is free.

        >>> Rules().start().pushed_spots("e1-e2")
        ['e2']

        Raises:
            IllegalMoveError: if ``move`` is not a push from a dot into the play area;
            InvalidNotationError: for malformed notation.
        """
        m = Move.parse(move)
        line = self._push_line(m) if isinstance(m, Push) else None
        if line is None:
            raise IllegalMoveError(f"{m} is not a push from a dot into the play area")
        out = []
        for s in line:
            if not self._board[s]:
                break
            out.append(_label(s))
        return out

    def official(self, move: Push | str) -> str:
        """A push in the official notation: ``dot-end`` (``e1-e4``: the furthest moved
        piece reaches e4), or the bare entry spot when nothing else moves (``e2``). A
        removal is written as it is.

        >>> Rules().start().official("e1-e2"), Rules().start().official("d1-d2")
        ('e1-e3', 'd2')

        Raises:
            IllegalMoveError: if the push cannot be played here (the sentence
                :meth:`why_illegal` gives): a push that is not played has no official form.
            InvalidNotationError: for malformed notation.
        """
        m = Move.parse(move)
        if not isinstance(m, Push):
            return str(m)
        m = m.plain  # the official form is computed, not checked
        reason = self._problem(m)
        if reason is not None:
            raise IllegalMoveError(reason, move=m)
        moved = self.pushed_spots(m)
        g = "G" if m.gipf else ""
        if not moved:
            return f"{g}{m.entry}"
        line = self._push_line(m)
        assert line is not None  # _problem refused every push without a line
        end = line[len(moved)]  # the line is not full (_problem refused that too)
        return f"{g}{m.dot}-{_label(end)}"

    def _push_key(self) -> tuple[tuple[bool, ...], int]:
        """(the kinds of piece the player to move may push now: False single, True GIPF;
        the full lines as bits). A push is legal when its kind is allowed and its line is
        not full (and the game is in the push phase)."""
        found = self._cache.get("push_key")
        if found is not None:
            return found
        c = 0 if self.to_move == "white" else 1
        reserve = self._reserve[c]
        rights = None if self._rights is None else self._rights[c]
        kinds: tuple[bool, ...] = ()
        if rights is not None and rights != "single":
            if rights == "gipf" and reserve >= 1:
                kinds = (False,)
            if reserve >= 2:
                kinds += (True,)
        elif reserve >= 1:
            kinds = (False,)
        found = self._cache["push_key"] = (kinds, self._full() if kinds else 0)
        return found

    def _full(self) -> int:
        """The full lines (no empty spot), as bits (``1 << line index``)."""
        found = self._cache.get("full")
        if found is None:
            occupied = self._occupied()
            found = 0
            for k, bits in enumerate(_tables().line_bits):
                if occupied & bits == bits:
                    found |= 1 << k
            self._cache["full"] = found
        return found

    def _pushes(self) -> list[Push]:
        """The legal pushes (a list shared by the states with the same key: not to change)."""
        found = self._cache.get("pushes")
        if found is None:
            key = self._push_key()
            found = _PUSHES_BY_FULL.get(key)
            if found is None:
                kinds, full = key
                pushes = _tables().by_kinds[kinds] if kinds else ()
                found = [push for k, push in pushes if not full >> k & 1]
                if len(_PUSHES_BY_FULL) > 100_000:
                    _PUSHES_BY_FULL.clear()
                _PUSHES_BY_FULL[key] = found
            self._cache["pushes"] = found
        return found

    # -- moves ----------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move: pushes in board order (dot, then entry; a single before a GIPF
        piece) in the push phase, removals sorted by notation in the remove phase; nothing
        once the game is over."""
        if self._outcome is not None:
            return []
        if self.rules.plain:
            return list(self._base_moves())
        return [m for m in self._base_moves() if self.rules._variant(self, m) is None]

    def _base_moves(self) -> list[Move]:
        """The moves GIPF's own rules allow (the game going on)."""
        if self.phase == "remove":
            return list(self._choices())
        return list(self._pushes())

    @property
    def outcome(self) -> Outcome | None:
        """``None`` while the game goes on; else who won and why (in a variant, also a
        player whom its rule leaves no move: that player loses)."""
        return self._outcome

    def _blocked(self) -> Outcome | None:
        """The end of a variant's game whose rule refuses every move GIPF allows here."""
        moves = self._base_moves()
        refusals = [self.rules._variant(self, m) for m in moves]
        if any(r is None for r in refusals):
            return None
        assert self.to_move is not None
        why = f"for example {refusals[0]}" if refusals else "none is left"
        return Outcome(
            _OTHER[self.to_move],
            f"{self.to_move.capitalize()} has no move this variant allows ({why}), and loses",
            BLOCKED,
        )

    def why_illegal(self, move: Move | str) -> str | None:
        """``None`` if ``move`` is legal, else the reason in plain words (the same sentence
        :meth:`play` raises).

        >>> Rules().start().why_illegal("e1-e2") is None
        True

        Raises:
            InvalidNotationError: for malformed notation (OffBoardError for a point the
                board lacks).
        """
        state = self
        for m in _moves_in(move):
            reason = state._problem(m)
            if reason is not None:
                return reason
            state = state._apply(m)
        return None

    def _problem(self, m: Move) -> str | None:
        """Why ``m`` is refused here: by GIPF's rules, then by a variant's own rule."""
        reason = self._base_problem(m)
        if reason is None and not self.rules.plain:
            reason = self.rules._variant(self, m)
        return reason

    def _base_problem(self, m: Move) -> str | None:
        if self._outcome is not None:
            return f"{m} is not allowed: the game is over ({self._outcome.reason})."
        assert self.to_move is not None  # set while the game goes on
        who = self.to_move.capitalize()
        if isinstance(m, Removal):
            return self._removal_problem(m)
        assert isinstance(m, Push)
        if self.phase == "remove":
            options = ", ".join(str(c) for c in self._choices())
            return (
                f"{m} is not allowed: no one pushes until the rows are removed. {who} must "
                f"first choose which row to take off the board: {options}."
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
                    + f" Push a single piece: {m.dot}-{m.entry}."
                )
            if rights == "single":
                return (
                    f"{m} is not allowed: {who} has already placed a single piece, and after "
                    f"the first single no more GIPF pieces may be placed. Push {m.dot}-{m.entry}."
                )
            if reserve < 2:
                return (
                    f"{m} is not allowed: a GIPF piece takes two pieces from the reserve and "
                    f"{who} has only 1 left. Push a single: {m.dot}-{m.entry}."
                )
        elif rights == "first":
            return (
                f"{m} is not allowed: in the tournament game each player's first move must "
                f"place a GIPF piece (two pieces stacked). Write G{m.dot}-{m.entry}."
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
        options = ", ".join(str(c) for c in self._choices())
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
        return text + f". {who} may play: {options}."

    def play(self, move: Move | str) -> State:
        """The state after ``move`` (a :class:`Move` or its notation; a push followed by
        its removals, like ``"e1-e2 xe2-e7"``, plays them all). Never changes this state.

        Raises:
            IllegalMoveError: naming the rule the move breaks.
            InvalidNotationError: for malformed notation (and text over ``MAX_TEXT``
                characters); OffBoardError, both kinds at once, for a point the board lacks.

        >>> Rules(variant="basic").start().play("e2-e3")
        Traceback (most recent call last):
        ...
        gamekit.errors.IllegalMoveError: e2-e3 is not allowed: e2 is a spot of the play area, not a dot. A piece is put on one of the 24 dots around the edge and pushed in from there.
        """
        fast = _tables().push_run.get(id(move)) if self.rules.plain else None
        if fast is not None:  # one of the pushes legal_moves() lists (the very object)
            push, run, along = fast
            if self._may_push(along, push.gipf):
                return self._apply_push(push, run, along)
        elif (
            type(move) is Removal
            and self.rules.plain
            and self._outcome is None
            and self.phase == "remove"
        ):
            taken = self._choices().get(move)
            if taken is not None:  # one of the removals legal_moves() lists
                return self._apply_removal(taken)
        state = self
        info = _tables().push_info
        for m in _moves_in(move):
            known = info.get(id(m)) if self.rules.plain else None  # a push legal_moves() lists
            if known is None or not state._may_push(*known):
                reason = state._problem(m)
                if reason is not None:
                    raise IllegalMoveError(reason, move=m)
            state = state._apply(m)
        return state

    def _may_push(self, line: int, gipf: bool) -> bool:
        """Whether a push along line ``line`` (an index) of a GIPF piece or not is legal."""
        if self._outcome is not None or self.phase != "push":
            return False
        kinds, full = self._push_key()
        return gipf in kinds and not full >> line & 1

    def _apply(self, m: Move) -> State:
        """The state after ``m``, which :meth:`_problem` has found legal."""
        if isinstance(m, Removal):
            chosen = self._resolve(m)
            assert chosen is not None  # _problem refused every removal not open now
            return self._apply_removal(self._choices()[chosen])
        assert isinstance(m, Push)  # Move.parse returns nothing else
        return self._apply_push(m)

    def _apply_push(self, m: Push, line: tuple[int, ...] = (), along: int = -1) -> State:
        """The state after the legal push ``m``; ``line`` (its spots in push order) and
        ``along`` (the index of its line) are looked up when not given."""
        t = _tables()
        if not line:
            line, along = t.by_label[(m.dot, m.entry)]
        old = self._board
        board = list(old)
        k = 0
        while old[line[k]]:
            k += 1
        for j in range(k, 0, -1):
            board[line[j]] = old[line[j - 1]]
        colour = self.to_move
        assert colour is not None  # nobody pushes once the game is over
        sign = _SIGN[colour]
        board[line[0]] = sign * (2 if m.gipf else 1)
        # No row stood before the push (rows are removed at once): a new one lies along the
        # push, or across it through a spot that changed colour.
        found = _row_signs(board, (along,))
        cross = t.cross
        for j in range(k + 1):
            spot = line[j]
            v = board[spot]
            was = old[spot]
            if was and (v > 0) == (was > 0):
                continue  # the same colour as before
            for n, back, ahead in cross[spot]:
                if n == along or n in found:
                    continue
                run = 1
                for other in back:
                    if board[other] * v > 0:
                        run += 1
                    else:
                        break
                for other in ahead:
                    if board[other] * v > 0:
                        run += 1
                    else:
                        break
                if run >= 4:
                    found[n] = 1 if v > 0 else -1
        w, b = self._reserve
        if sign > 0:
            w -= 2 if m.gipf else 1
        else:
            b -= 2 if m.gipf else 1
        rights = self._rights
        if rights is not None:
            kind = "gipf" if m.gipf else "single"
            rights = (kind, rights[1]) if sign > 0 else (rights[0], kind)
        after = _settle(
            self.rules, tuple(board), (w, b), self._captured, colour, rights, m.plain, found=found
        )
        # the spots and full lines follow from this state's: the gap is filled
        gap = line[k]
        occupied = self._occupied() | 1 << gap
        full = self._full()
        for n in t.lines_at[gap]:
            bits = t.line_bits[n]
            if occupied & bits == bits:
                full |= 1 << n
        after._cache["occupied"] = occupied
        after._cache["full"] = full
        return after

    def _apply_removal(self, taken: tuple[int, ...]) -> State:
        board = list(self._board)
        reserve, captured = list(self._reserve), list(self._captured)
        assert self.to_move is not None and self._pusher is not None  # the remove phase
        me = self._idx(self.to_move)
        sign = _SIGN[self.to_move]
        for s in taken:
            v = board[s]
            board[s] = 0
            if v * sign > 0:
                reserve[me] += abs(v)
            else:
                captured[1 - me] += abs(v)
        board_t = tuple(board)
        # A player with no GIPF piece left loses at once (not in the basic game).
        if self.rules.variant != "basic":
            lost = []
            for colour in COLOURS:
                c = self._idx(colour)
                if self._rights is not None and self._rights[c] == "first":
                    continue
                if 2 * _SIGN[colour] not in board_t:
                    lost.append(colour)
            if lost:
                if len(lost) == 2:
                    winner = self.to_move
                    reason = (
                        f"{self.to_move.capitalize()} took the last GIPF pieces of both "
                        f"players in one removal, and so wins"
                    )
                else:
                    winner = _OTHER[lost[0]]
                    reason = f"{lost[0].capitalize()} has no GIPF piece left on the board"
                outcome = Outcome(winner, reason, "last-gipf")
                return State._make(
                    self.rules,
                    board_t,
                    (reserve[0], reserve[1]),
                    (captured[0], captured[1]),
                    self.to_move,
                    self.phase,
                    self._pusher,
                    self._rights,
                    outcome,
                    self.last,
                )
        # Removing pieces makes no new row: only the lines that held rows can hold them.
        after = _settle(
            self.rules,
            board_t,
            (reserve[0], reserve[1]),
            (captured[0], captured[1]),
            self._pusher,
            self._rights,
            self.last,
            {k for k, _sign, _seg, _row in self._rows()},
        )
        after._cache["occupied"] = self._occupied() & ~sum(1 << s for s in taken)
        lines_at = _tables().lines_at
        after._cache["full"] = self._full() & ~sum({1 << n for s in taken for n in lines_at[s]})
        return after


#: The setters of State's slots, in the order of ``State._make``'s arguments (the order of
#: ``__slots__``).
_SLOT_SETTERS: tuple[Callable[[State, Any], None], ...] = tuple(
    State.__dict__[name].__set__ for name in State.__slots__
)


def _find_rows(board: tuple[int, ...]) -> list[tuple[int, tuple[int, ...], tuple]]:
    """Every row standing: (owner sign, segment, row) with spots as grid indices."""
    return [(sign, seg, row) for _k, sign, seg, row in _rows_on(board, range(21))]


def _row_signs(board: Sequence[int], lines: Iterable[int]) -> dict[int, int]:
    """The lines among ``lines`` (indices) where a row stands (four pieces of one colour one
    after the other), each with the owner's sign (one of them, if both have a row there)."""
    getters = _tables().getters
    signs = {}
    for k in lines:
        run, sign = 0, 0
        for v in getters[k](board):
            if v > 0:
                if sign > 0:
                    run += 1
                else:
                    sign, run = 1, 1
            elif v < 0:
                if sign < 0:
                    run += 1
                else:
                    sign, run = -1, 1
            else:
                sign, run = 0, 0
            if run == 4:
                signs[k] = sign
    return signs


def _rows_on(
    board: tuple[int, ...], lines: Iterable[int]
) -> list[tuple[int, int, tuple[int, ...], tuple]]:
    """The rows standing on ``lines``: (line index, owner sign, segment, row), spots as
    grid indices, in the order of the lines."""
    out = []
    all_lines = _tables().lines
    for index in lines:
        line = all_lines[index]
        n = len(line)
        k = 0
        while k < n:
            if not board[line[k]]:
                k += 1
                continue
            start = k
            while k < n and board[line[k]]:
                k += 1
            seg = line[start:k]
            if len(seg) < 4:
                continue
            run, sign, best = 0, 0, None
            for j, s in enumerate(seg):
                sg = 1 if board[s] > 0 else -1
                if sg == sign:
                    run += 1
                else:
                    sign, run = sg, 1
                if run >= 4:
                    first = j - run + 1
                    best = (sign, first, j)
            if best is not None:
                sign, first, last = best
                out.append((index, sign, seg, seg[first : last + 1]))
    return out


def _removal_choices(
    board: tuple[int, ...], segments: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
) -> dict[Removal, tuple[int, ...]]:
    """The removals of the rows standing on ``segments`` (each with the values on it, all
    the remover's rows), each with the grid indices it takes, sorted by notation (see
    :meth:`State._choices`; a dict shared by the states with the same segments: not to
    change)."""
    out: dict[Removal, tuple[int, ...]] = {}
    seen = set()
    for seg, _values in segments:
        gipfs = [s for s in seg if abs(board[s]) == 2]
        for k in range(len(gipfs) + 1):
            for kept in combinations(gipfs, k):
                taken = tuple(s for s in seg if s not in kept)
                if frozenset(taken) in seen or (kept and _still_a_row(board, seg, taken)):
                    continue
                seen.add(frozenset(taken))
                # lines run in board order, so seg and kept are canonical
                move = _trusted(
                    Removal,
                    segment=tuple(_label(s) for s in seg),
                    kept=tuple(_label(s) for s in kept),
                )
                out[move] = taken
    return dict(sorted(out.items(), key=lambda kv: str(kv[0])))


def _still_a_row(board: tuple[int, ...], seg: tuple[int, ...], taken: tuple[int, ...]) -> bool:
    """Whether four or more pieces of one colour would still stand in a row in ``seg``
    after ``taken`` leave (the kept GIPF pieces alone making a row)."""
    run, sign = 0, 0
    for s in seg:
        v = 0 if s in taken else board[s]
        sg = (v > 0) - (v < 0)
        if sg and sg == sign:
            run += 1
        else:
            sign, run = sg, 1 if sg else 0
        if run >= 4:
            return True
    return False


def _settle(
    rules: Rules,
    board: tuple[int, ...],
    reserve: tuple[int, int],
    captured: tuple[int, int],
    pusher: str,
    rights: tuple[str, str] | None,
    last: Push | None,
    lines: Iterable[int] | None = None,
    found: dict[int, int] | None = None,
) -> State:
    """After a push or a removal: the next decision (the pusher's rows first, then the
    opponent's), or the opponent's push, or the end of the game. ``lines``: the only
    lines where a row may stand (all of them if not given); ``found``: the rows (line ->
    sign of an owner), if the caller has found them already."""
    if found is None:
        found = _row_signs(board, range(len(_tables().lines)) if lines is None else lines)
    if found:
        decider = pusher if _SIGN[pusher] in found.values() else _OTHER[pusher]
        state = State._make(
            rules, board, reserve, captured, decider, "remove", pusher, rights, None, last
        )
        state._cache["row_lines"] = sorted(found)  # every row stands on one of these
        return state
    nxt = _OTHER[pusher]
    outcome = None
    if reserve[0 if nxt == "white" else 1] == 0:
        outcome = Outcome(
            pusher, f"{nxt.capitalize()} must push but has no piece left in reserve", "no-reserve"
        )
    return State._make(rules, board, reserve, captured, nxt, "push", None, rights, outcome, last)


def _moves_in(move: Move | str) -> list[Move]:
    """The moves that :meth:`State.play` and :meth:`State.why_illegal` take ``move`` for:
    the move itself, or each move of a ply written as one text (``"e1-e2 xe2-e5"``)."""
    if isinstance(move, str):
        _check_length(move)
        if " x" in " ".join(move.lower().split()):
            return [Move.parse(part) for part in _split_ply(move)]
    return [Move.parse(move)]


def _split_ply(text: str) -> list[str]:
    """``"e1-e2 xe2-e7 keep e5 xb2-e5"`` -> ``["e1-e2", "xe2-e7 keep e5", "xb2-e5"]``."""
    parts: list[str] = []
    for word in text.replace(";", " ").split():
        if word.lower().startswith("x") or not parts:
            parts.append(word)
        else:
            parts[-1] += " " + word
    return parts


#: The 21 lines of spots (pieces slide and rows form along them), each a tuple of indices
#: into :data:`GRID` in the grid's axis order.
LINES: tuple[tuple[int, ...], ...] = _tables().lines
