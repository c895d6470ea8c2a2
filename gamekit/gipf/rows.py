"""GIPF's rows: where four or more pieces of one colour stand in a line, and what each way
of removing a row takes (the removal decisions a state lists).

>>> from gamekit import gipf
>>> state = gipf.Rules(variant="basic").start()
>>> _find_rows(state.board)
[]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

from gamekit.gipf.moves import Removal, _tables, _trusted
from gamekit.gipf.tables import _label


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
