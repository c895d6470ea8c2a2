"""The picture of any game played on a grid: what a game gamekit has never seen gets for free.

A registered game whose rules have a ``grid`` (a :class:`gamekit.grids.Grid`) and whose
states have ``pieces`` (a mapping from a cell's label to the seat whose piece stands there)
is drawn here when it declares no picture of its own: the cells, a piece of each seat's
colour (the first seat dark, the second light, the others in Okabe–Ito colours with a dot,
so no two seats differ by colour alone), the last move ringed, and a caption that says
whose turn it is or how the game ended. A game chooses its own seat colours with a
``seat_colours`` mapping on its rules (seat -> colour).

>>> from gamekit.grids import square
>>> looks_like_grid_game(object())
False
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

import numpy as np
from matplotlib.figure import Figure

from gamekit.game import on_grid
from gamekit.grids import Grid
from gamekit.render.board import (
    NOTEBOOK_COLOURS,
    VERDICTS,
    LayerStyle,
    View,
    circle,
    figure_png,
)

__all__ = [
    "PALETTE",
    "LAYERS",
    "SEAT_COLOURS",
    "GridView",
    "caption",
    "draw",
    "looks_like_grid_game",
    "move_cells",
    "png_bytes",
    "seat_colours",
    "styles",
]

#: The board's own colours.
PALETTE = {
    "cell": "#f1ece2",
    "cell_edge": "#8c8273",
    "legal": "#0072b2",
    "last": "#cc79a7",
    "mark": "#e4d2f0",
    "attempt": "#d55e00",
    "dot": "#ffffff",
}
#: Pieces by seat, in seat order: dark and light stones first (they differ in lightness,
#: not only in hue), then Okabe–Ito colours, which carry a white dot as well.
SEAT_COLOURS = ("#1d1d1d", "#f7f7f7", "#e69f00", "#56b4e9", "#009e73", "#d55e00", "#0072b2")
#: The edge of each seat's pieces (a light piece needs a dark rim).
_EDGES = ("#000000", "#3a3a3a", "#6b4300", "#1f5f84", "#00573f", "#7a3600", "#00395a")
#: Layers from bottom to top, one element per cell each.
LAYERS = ("cells", "legal", "pieces", "dots", "flags")


def looks_like_grid_game(obj: Any) -> bool:
    """Whether ``obj`` (a state, or rules) is of a game this module can draw: its rules
    have a ``grid`` (a :class:`~gamekit.grids.Grid`) and its states have ``pieces``
    (:func:`gamekit.game.on_grid`).

    >>> looks_like_grid_game(3)
    False
    """
    return on_grid(obj)


def seat_colours(rules: Any) -> dict[str, str]:
    """Each seat's colour: the rules' own ``seat_colours`` where given, else dark, light,
    then Okabe–Ito colours in seat order."""
    own = getattr(rules, "seat_colours", None) or {}
    seats = tuple(rules.seats)
    return {s: own.get(s, SEAT_COLOURS[k % len(SEAT_COLOURS)]) for k, s in enumerate(seats)}


_LABEL = re.compile(r"[A-Za-z]+[0-9]+|\(-?[0-9]+,-?[0-9]+\)")


def move_cells(grid: Grid, move: Any) -> tuple[str, ...]:
    """The cells a move is drawn on: the labels of ``grid`` its notation names, in order.

    >>> from gamekit.grids import square
    >>> move_cells(square(3), "a1-b2"), move_cells(square(3), "pass")
    (('a1', 'b2'), ())
    """
    if move is None:
        return ()
    found = [m for m in _LABEL.findall(str(move)) if grid.has(m.lower())]
    return tuple(dict.fromkeys(m.lower() for m in found))


def _last_move(state: Any) -> Any:
    """The move that led to ``state``, if the state says (``last_move``), else ``None``."""
    return getattr(state, "last_move", None)


def styles(
    state: Any,
    *,
    last: Any = None,
    legal: bool | Iterable[str] = False,
    marks: Iterable[str] = (),
    attempt: str | None = None,
    verdicts: Mapping[str, str] | None = None,
) -> dict[str, LayerStyle]:
    """Every layer's look for ``state``: ``last`` a move (or its cells) ringed as the last
    one (default: the state's ``last_move``, if it has one); ``legal`` rings the cells
    where a legal move starts (``True``) or the cells given; ``marks`` tints cells;
    ``attempt`` crosses a cell someone tried; ``verdicts`` are a puzzle's marks by cell
    (:data:`gamekit.render.board.VERDICTS`).
    """
    grid: Grid = state.rules.grid
    n = len(grid)
    colours = seat_colours(state.rules)
    seats = tuple(state.rules.seats)
    cells = LayerStyle.build(n)
    ring = LayerStyle.build(n)
    pieces = LayerStyle.build(n)
    dots = LayerStyle.build(n)
    flags = LayerStyle.build(n)
    tinted = set(marks)
    for i in range(n):
        label = grid.label(i)
        cells.face[i] = PALETTE["mark"] if label in tinted else PALETTE["cell"]
        cells.edge[i] = PALETTE["cell_edge"]
    for label, seat in state.pieces.items():
        if not grid.has(label):
            continue
        i = grid.index(label)
        k = seats.index(seat) if seat in seats else len(seats)
        pieces.face[i] = colours.get(seat, SEAT_COLOURS[k % len(SEAT_COLOURS)])
        pieces.edge[i] = _EDGES[k % len(_EDGES)]
        pieces.width[i] = 1.2
        if k >= 2:  # a third seat and on: a dot as well as a colour
            dots.face[i] = PALETTE["dot"]
    if legal is True:
        ringed = set(_legal_cells(state))
    elif legal:
        ringed = set(legal)
    else:
        ringed = set()
    for label in ringed:
        if grid.has(label):
            i = grid.index(label)
            ring.edge[i] = PALETTE["legal"]
            ring.width[i] = 2.0
    shown = last if last is not None else _last_move(state)
    shown_cells = shown if isinstance(shown, tuple) else move_cells(grid, shown)
    for label in shown_cells:
        if grid.has(label):
            i = grid.index(label)
            cells.edge[i] = PALETTE["last"]
            cells.width[i] = 3.0
    for label, tone in (verdicts or {}).items():
        if grid.has(label) and tone in VERDICTS:
            fill, edge = VERDICTS[tone]
            i = grid.index(label)
            if fill is not None:
                cells.face[i] = fill
            cells.edge[i] = edge
            cells.width[i] = 3.0
    if attempt is not None and grid.has(attempt):
        i = grid.index(attempt)
        flags.face[i] = PALETTE["attempt"]
    return {
        "cells": cells.done(),
        "legal": ring.done(),
        "pieces": pieces.done(),
        "dots": dots.done(),
        "flags": flags.done(),
    }


def _legal_cells(state: Any) -> list[str]:
    """The cells where a legal move of ``state`` starts."""
    if state.outcome is not None:
        return []
    grid = state.rules.grid
    out = []
    for move in state.legal_moves():
        cells = move_cells(grid, move)
        if cells:
            out.append(cells[0])
    return out


def caption(state: Any) -> str:
    """Whose turn it is, or how the game ended (its outcome's reason).

    >>> caption(type("S", (), {"outcome": None, "to_move": "red"})())
    'Red to move'
    """
    outcome = state.outcome
    if outcome is not None:
        reason = str(outcome.reason)
        return reason[:1].upper() + reason[1:]
    seat = str(state.to_move)
    return f"{seat[:1].upper()}{seat[1:]} to move"


@cache
def _shapes(grid: Grid) -> dict[str, list[np.ndarray]]:
    """The polygons of every layer (one per cell), for one grid."""
    r = grid.cell_radius
    cross = np.array(
        [
            [-1.0, -0.75], [-0.75, -1.0], [0.0, -0.25], [0.75, -1.0], [1.0, -0.75], [0.25, 0.0],
            [1.0, 0.75], [0.75, 1.0], [0.0, 0.25], [-0.75, 1.0], [-1.0, 0.75], [-0.25, 0.0],
        ]
    ) * (0.5 * r)  # fmt: skip
    return {
        "cells": list(grid.polygons),
        "legal": [circle(x, y, 0.3 * r) for x, y in grid.centres],
        "pieces": [circle(x, y, 0.66 * r) for x, y in grid.centres],
        "dots": [circle(x, y, 0.16 * r, 16) for x, y in grid.centres],
        "flags": [cross + (x, y) for x, y in grid.centres],
    }


class GridView(View):
    """A grid drawn once; :meth:`update` recolours it for any state on that grid.

    >>> from gamekit.grids import square
    >>> GridView(square(3))
    <GridView square3>
    """

    def __init__(
        self,
        grid: Grid,
        figsize: tuple[float, float] = (6.0, 6.0),
        labels: bool = True,
        show_caption: bool = True,
    ) -> None:
        self.grid = grid
        self.drawing = View.layered(
            grid, _shapes(grid), LAYERS, figsize=figsize, margin=0.25,
            caption_space=0.07 if show_caption else 0.0,
        )  # fmt: skip
        if labels:
            self.drawing.add_labels(
                grid.labels, (0.0, -0.84 * grid.cell_radius), fontsize=7.5, color="#4d4434"
            )
        self.show_caption = show_caption

    def __repr__(self) -> str:
        return f"<GridView {self.grid.kind}{self.grid.size}>"

    def check(self, state: Any, /) -> None:
        if state.rules.grid != self.grid:
            raise ValueError(f"this view draws {self.grid!r}, not {state.rules.grid!r}")

    def styles(self, state: Any, /, **highlight: Any) -> dict[str, LayerStyle]:
        """See the module's :func:`styles` for the highlights."""
        return styles(state, **highlight)

    def caption(self, state: Any, /, **highlight: Any) -> str:
        return caption(state)


def draw(
    state: Any,
    *,
    figsize: tuple[float, float] = (6.0, 6.0),
    labels: bool = True,
    show_caption: bool = True,
    **highlight: Any,
) -> Figure:
    """A new figure of ``state``; ``highlight`` as in :func:`styles`."""
    view = GridView(state.rules.grid, figsize=figsize, labels=labels, show_caption=show_caption)
    return view.update(state, **highlight)


def png_bytes(state: Any, dpi: int = 72, **highlight: Any) -> bytes:
    """``state`` as PNG bytes: what a notebook shows for a bare state."""
    view = GridView(state.rules.grid, figsize=(5.0, 5.0))
    view.update(state, **highlight)
    return figure_png(view.drawing.figure, dpi, colours=NOTEBOOK_COLOURS)
