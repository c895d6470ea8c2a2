"""Coffee's board as bitmask tables: for each board, every cell's lines along each axis and
the windows of ``n`` cells a line can be made in, worked out once per board.

>>> board_tables("square", 5).axes
('|', '-', '/', '\\\\')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache

from gamekit.grids import Grid, grid_for


@dataclass(frozen=True)
class BoardTables:
    """A board's lines as bitmasks (bit ``i`` is cell ``i`` of ``grid``), for fast code.

    ``axes``: the board's axes (``grid.axes``); ``line_mask[i][a]``: every cell of the line
    through cell ``i`` along axis ``a`` (``i`` included); ``rays[i][a]``: the cells after
    ``i`` and the cells before ``i`` going outwards along axis ``a``; ``full``: every cell.

    >>> t = board_tables("square", 3)
    >>> t.axes, bin(t.line_mask[0][0]), bin(t.full)
    (('|', '-', '/', '\\\\'), '0b111', '0b111111111')
    """

    grid: Grid
    axes: tuple[str, ...]
    line_mask: tuple[tuple[int, ...], ...]
    rays: tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], ...]
    full: int

    def __repr__(self) -> str:
        return f"coffee.board_tables({self.grid.kind!r}, {self.grid.size})"


def board_tables(board: str, size: int) -> BoardTables:
    """The :class:`BoardTables` of a board (made once per board, then shared).

    Raises:
        ValueError: ``board`` or ``size`` is not a board Coffee has (see :class:`Rules`).
    """
    grid_for(board, size)  # checks the arguments before they reach the cache
    return _board_tables(board, int(size))


@cache
def _board_tables(board: str, size: int) -> BoardTables:
    grid = grid_for(board, size)
    axes = grid.axes
    line_mask, rays = [], []
    for i in range(len(grid)):
        masks, cell_rays = [], []
        for axis in axes:
            line = grid.line(i, axis)
            k = line.index(i)
            mask = 0
            for j in line:
                mask |= 1 << j
            masks.append(mask)
            cell_rays.append((line[k + 1 :], tuple(reversed(line[:k]))))
        line_mask.append(tuple(masks))
        rays.append(tuple(cell_rays))
    return BoardTables(
        grid=grid,
        axes=axes,
        line_mask=tuple(line_mask),
        rays=tuple(rays),
        full=(1 << len(grid)) - 1,
    )


@cache
def _windows(board: str, size: int, n: int) -> tuple[tuple[int, ...], ...]:
    grid = grid_for(board, size)
    out: list[list[int]] = [[] for _ in range(len(grid))]
    for i in range(len(grid)):
        for axis in grid.axes:
            line = grid.line(i, axis)
            k = line.index(i)
            for start in range(max(0, k - n + 1), min(k, len(line) - n) + 1):
                mask = 0
                for j in line[start : start + n]:
                    mask |= 1 << j
                out[i].append(mask)
    return tuple(tuple(w) for w in out)


@cache
def _reach(board: str, size: int, n: int) -> tuple[int, ...]:
    """For each cell, every cell of its windows together: a stone there cannot win unless
    the mover has ``n - 1`` stones in this mask."""
    return tuple(_or_all(ws) for ws in _windows(board, size, n))


def _or_all(masks: Iterable[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
