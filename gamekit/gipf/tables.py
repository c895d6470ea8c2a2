"""GIPF's board as tables: the spots, the dots and rings, every line and push, worked out
once.

>>> len(SPOTS), len(DOTS)
(37, 24)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from gamekit.grids import HEX_DIRECTIONS, hexhex
from gamekit.text import join_words

if TYPE_CHECKING:
    from gamekit.gipf.moves import Push

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
    from gamekit.gipf.moves import Push, _trusted  # the moves are built on these tables

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
