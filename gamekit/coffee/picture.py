"""Pictures of Coffee positions.

:func:`draw` returns a matplotlib ``Figure`` of a state, with optional highlights:

- the rod's line (on by default): the cells where the next stone may go, tinted blue;
- ``legal=True``: a blue ring on every cell where the player to move may play;
- ``attempt="c3"``: a red cross on a cell someone tried to play illegally; given the whole
  move (``attempt="a1\\"`` or a ``Move``) on an empty cell, the picture shows what was
  tried: a see-through stone of the mover's colour with a red rim, the rod laid along its
  axis in red, and, when that rod's line would have no empty cell left, the line tinted
  light red (on a taken cell, only the cross);
- ``marks=["e5", ...]``: cells a lesson wants to point at, tinted violet;
- ``verdicts={"c4": "right", ...}``: a puzzle's marks, tinted and ringed
  (:data:`gamekit.render.board.VERDICTS`: a chosen cell, a right or wrong answer, the
  answer shown);
- ``last="f5"``: the stone just played (the computer's last move on a board), with a thick
  reddish-purple rim;
- a finished game's winning line, tinted green with green rims on its stones.

Black stones are plain and dark; orange stones are light with a dark centre dot, so the two
differ in lightness and shape as well as hue. The rod is a white bar across the last stone.

>>> from gamekit import coffee
>>> state = coffee.Rules(board="hex", size=4).start().play("d4|")
>>> fig = draw(state, legal=True)
>>> fig.get_size_inches().tolist()
[6.0, 6.0]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any, cast

import numpy as np
from matplotlib.figure import Figure

from gamekit.coffee import Move, Rules, State
from gamekit.errors import InvalidNotationError
from gamekit.grids import Grid
from gamekit.render.board import (
    NOTEBOOK_COLOURS,
    VERDICTS,
    LayerStyle,
    View,
    circle,
    figure_png,
    rectangle,
)

__all__ = ["PALETTE", "CoffeeView", "draw", "png_bytes", "styles", "caption", "LAYERS"]

#: Colours (Okabe–Ito based, safe for the common colour-vision deficiencies).
PALETTE = {
    "cell": "#f4ecdc",
    "cell_edge": "#a89a7e",
    "line": "#cfe3f4",
    "mark": "#e4d2f0",
    "win": "#c6ead6",
    "legal": "#0072b2",
    "black": "#1d1d1d",
    "black_edge": "#000000",
    "orange": "#e69f00",
    "orange_edge": "#6b4300",
    "orange_dot": "#6b4300",
    "win_edge": "#009e73",
    "attempt": "#d55e00",
    "attempt_line": "#f6d2bd",
    "ghost_black": "#1d1d1d80",  # the stone someone tried to play: see-through
    "ghost_orange": "#e69f0080",
    "ghost_dot": "#6b430080",
    "rod": "#ffffff",
    "rod_edge": "#2b2b2b",
    "last": "#cc79a7",
    "yours": "#56b4e9",
}

#: Colours that mean different things side by side on a board, by group: every two of a
#: group stay apart for every colour vision (checked under simulated protanopia,
#: deuteranopia and tritanopia by tests/test_palettes.py). Stones differ by a dot as well.
DISTINCT = {
    "stones on their cells": {k: PALETTE[k] for k in ("cell", "black", "orange")},
    "marks on the board": {
        k: PALETTE[k] for k in ("legal", "attempt", "last", "yours", "win_edge", "orange")
    },
}

#: Layers from bottom to top; ``rod`` has one element per (cell, axis), the others one per cell.
LAYERS = ("cells", "legal", "stones", "dots", "flags", "rod")


@cache
def _shapes(board: str, size: int) -> dict[str, list[np.ndarray]]:
    """Polygons of every layer's elements for one board (computed once)."""
    grid = Rules(board=board, size=size, n=2).grid
    ri = grid.cell_radius
    centres = grid.centres
    stone_r = 0.68 * ri
    cross_arm = np.array(
        [
            [-1.0, -0.75], [-0.75, -1.0], [0.0, -0.25], [0.75, -1.0], [1.0, -0.75], [0.25, 0.0],
            [1.0, 0.75], [0.75, 1.0], [0.0, 0.25], [-0.75, 1.0], [-1.0, 0.75], [-0.25, 0.0],
        ]
    ) * (0.55 * ri)  # fmt: skip
    shapes: dict[str, list[np.ndarray]] = {
        "cells": list(grid.polygons),
        "legal": [circle(x, y, 0.30 * ri) for x, y in centres],
        "stones": [circle(x, y, stone_r) for x, y in centres],
        "dots": [circle(x, y, 0.26 * stone_r, 16) for x, y in centres],
        "flags": [cross_arm + (x, y) for x, y in centres],
        "rod": [],
    }
    for x, y in centres:
        for axis in grid.axes:
            shapes["rod"].append(rectangle(x, y, 2.05 * ri, 0.2 * ri, _axis_angle(grid, axis)))
    return shapes


def _axis_angle(grid: Grid, axis: str) -> float:
    dq, dr = grid.directions[axis]
    if grid.kind == "hex":
        dx, dy = 1.5 * dq, math.sqrt(3.0) * (dr + dq / 2.0)
    else:
        dx, dy = dq, dr
    return math.atan2(dy, dx)


def _attempt(state: State, attempt: str | Move | None) -> tuple[str | None, str | None]:
    """``attempt`` (a cell, a move or its notation) as ``(cell, axis)``: the axis is ``None``
    for a bare cell, both are ``None`` for nothing to draw (no attempt, or a swap).

    Raises:
        ValueError: ``attempt`` is neither a cell of this board nor a move on one.
    """
    if attempt is None:
        return None, None
    grid = state.grid
    if isinstance(attempt, str) and grid.has(attempt.strip().lower()):
        return attempt.strip().lower(), None
    try:
        move = Move.parse(attempt)
    except InvalidNotationError as err:
        raise ValueError(
            f"attempt must be a cell such as 'c3' or a Coffee move such as 'c3/', not {attempt!r}"
        ) from err
    if move.cell is None or move.axis is None:  # the swap
        return None, None
    if not grid.has(move.cell) or move.axis not in grid.axes:
        raise ValueError(
            f"attempt {str(move)!r} is not on this board: its cells are like "
            f"{grid.labels[0]!r} and its axes are {' '.join(grid.axes)}"
        )
    return move.cell, move.axis


def _next_colour(state: State) -> str:
    """The colour of the next stone: the player to move's, or after the end the colour
    that would have come next."""
    if state.to_move is not None:
        return state.to_move
    rod = state.rod
    last = state.stone_at(rod.cell) if rod is not None and rod.cell is not None else None
    return "black" if last in (None, "orange") else "orange"


def styles(
    state: State,
    *,
    legal: bool = False,
    line: bool = True,
    attempt: str | Move | None = None,
    marks: Iterable[str] = (),
    winning: bool = True,
    last: str | None = None,
    yours: str | None = None,
    verdicts: Mapping[str, str] | None = None,
) -> dict[str, LayerStyle]:
    """The colours of every layer for ``state`` and the given highlights (``last``: the
    computer's newest stone, ringed in pink; ``yours``: the stone you played before it,
    ringed in sky blue).

    This is the whole look of a Coffee picture; :class:`CoffeeView` applies it to the
    matplotlib figure, and the clickable board sends it to the browser.

    >>> from gamekit import coffee
    >>> look = styles(coffee.Rules(board="square", size=5).start(), attempt="a1\\\\")
    >>> [i for i, c in enumerate(look["rod"].face) if c != "none"]  # a1 is cell 0; \\ is axis 3
    [3]

    Raises:
        ValueError: ``attempt`` is neither a cell of this board nor a move on one.
    """
    tried, tried_axis = _attempt(state, attempt)
    if tried is not None and state.stone_at(tried) is not None:
        tried_axis = None  # a taken cell: the cross says it all, the rod does not matter
    grid = state.grid
    n, axes = len(grid), grid.axes
    p = PALETTE
    index = grid.index

    cells = LayerStyle.build(n)
    for i in range(n):
        cells.face[i], cells.edge[i], cells.width[i] = p["cell"], p["cell_edge"], 1.0
    outcome = state.outcome
    # The rod's line stays tinted after a block: it is what explains the loss.
    if line and state.rod is not None and (outcome is None or not outcome.line):
        for label in state.rod_line():
            cells.face[index(label)] = p["line"]
    for label in marks:
        cells.face[index(label)] = p["mark"]
    if tried is not None and tried_axis is not None:
        # The line the refused rod would give, when no empty cell would be left on it.
        dead = state.line(tried, tried_axis)
        if all(c == tried or state.stone_at(c) is not None for c in dead):
            for label in dead:
                cells.face[index(label)] = p["attempt_line"]
    win_cells = set(outcome.line) if (winning and outcome is not None) else set()
    for label in win_cells:
        cells.face[index(label)] = p["win"]

    ring = LayerStyle.build(n)
    if legal:
        for label in state.legal_cells():
            i = index(label)
            ring.edge[i], ring.width[i] = p["legal"], 2.5
    for label, tone in (verdicts or {}).items():
        face, edge = VERDICTS[tone]
        i = index(label)
        cells.face[i] = face or cells.face[i]
        ring.edge[i], ring.width[i] = edge, 3.5

    stones, dots = LayerStyle.build(n), LayerStyle.build(n)
    for i, colour in enumerate(state.cells()):
        if colour is None:
            continue
        won = grid.label(i) in win_cells
        stones.face[i] = p[colour]
        stones.edge[i] = p["win_edge"] if won else p[f"{colour}_edge"]
        stones.width[i] = 3.5 if won else 1.2
        if grid.label(i) == last and not won:
            stones.edge[i], stones.width[i] = p["last"], 4.5
        elif grid.label(i) == yours and not won:
            stones.edge[i], stones.width[i] = p["yours"], 3.5
        if colour == "orange":
            dots.face[i] = p["orange_dot"]

    flags = LayerStyle.build(n)
    if tried is not None:
        i = index(tried)
        if tried_axis is None:
            flags.face[i], flags.edge[i], flags.width[i] = p["attempt"], "#ffffff", 1.0
        else:  # the stone as tried: see-through, with a red rim
            colour = _next_colour(state)
            stones.face[i], stones.edge[i], stones.width[i] = (
                p[f"ghost_{colour}"],
                p["attempt"],
                2.5,
            )
            if colour == "orange":
                dots.face[i] = p["ghost_dot"]

    rod = LayerStyle.build(n * len(axes))
    placed = state.rod
    if placed is not None and placed.cell is not None and placed.axis is not None:
        k = index(placed.cell) * len(axes) + axes.index(placed.axis)
        rod.face[k], rod.edge[k], rod.width[k] = p["rod"], p["rod_edge"], 1.5
    if tried is not None and tried_axis is not None:
        k = index(tried) * len(axes) + axes.index(tried_axis)
        rod.face[k], rod.edge[k], rod.width[k] = p["attempt"], "#ffffff", 1.2

    return {
        "cells": cells.done(),
        "legal": ring.done(),
        "stones": stones.done(),
        "dots": dots.done(),
        "flags": flags.done(),
        "rod": rod.done(),
    }


def caption(state: State) -> str:
    """One line under the picture: whose turn and where, or how the game ended (and, right
    after a pie-rule swap, that the players have changed colours).

    >>> from gamekit import coffee
    >>> caption(coffee.Rules(pie_rule=True).start().play("e5|").play("swap"))
    'Swapped: Orange to move, played by the first player (e5 |)'
    """
    outcome = state.outcome
    if outcome is not None:
        if outcome.line:
            return f"{outcome.winner.capitalize()} won with a line of {len(outcome.line)}"
        return f"{outcome.loser.capitalize()} is blocked: {outcome.winner.capitalize()} wins"
    who = cast(str, state.to_move).capitalize()  # the game goes on
    if state.rod is None:
        return f"{who} to move: any empty cell"
    text = f"{who} to move: a cell on the line of the rod ({state.rod.cell} {state.rod.axis})"
    if state.swap_available:
        text += ", or swap"
    if state.swapped and state.stone_count == 1:  # right after the pie rule's swap
        rod = f"{state.rod.cell} {state.rod.axis}"
        text = f"Swapped: {who} to move, played by the first player ({rod})"
    return text


class CoffeeView(View):
    """A Coffee board drawn once; :meth:`update` recolours it for any state of the same
    rules.

    >>> from gamekit import coffee
    >>> view = CoffeeView(coffee.Rules(board="square", size=5))
    >>> view
    <CoffeeView square5 n=4>
    """

    def __init__(
        self,
        rules: Rules,
        figsize: tuple[float, float] = (6.0, 6.0),
        labels: bool = True,
        show_caption: bool = True,
    ) -> None:
        self.rules = rules
        grid = rules.grid
        self.drawing = View.layered(
            grid, _shapes(rules.board, rules.size), LAYERS, figsize=figsize, margin=0.25,
            caption_space=0.07 if show_caption else 0.0,
        )  # fmt: skip
        if labels:
            self.drawing.add_labels(
                grid.labels, (0.0, -0.84 * grid.cell_radius), fontsize=7.5, color="#4d4434"
            )
        self.show_caption = show_caption

    def __repr__(self) -> str:
        return f"<CoffeeView {self.rules.name} n={self.rules.n}>"

    def check(self, state: State, /) -> None:
        if state.rules.board != self.rules.board or state.rules.size != self.rules.size:
            raise ValueError(f"this view draws {self.rules.name} boards, not {state.rules.name}")

    def styles(self, state: State, /, **highlight: Any) -> dict[str, LayerStyle]:
        """See the module's :func:`styles` for the highlights."""
        return styles(state, **highlight)

    def caption(self, state: State, /, **highlight: Any) -> str:
        return caption(state)


def draw(
    state: State,
    *,
    figsize: tuple[float, float] = (6.0, 6.0),
    labels: bool = True,
    show_caption: bool = True,
    **highlight,
) -> Figure:
    """A new figure of ``state``; ``highlight`` as in :func:`styles` (``legal=True``,
    ``attempt="c3"`` or ``attempt="c3/"``, ``marks=[...]``, ``line=False``,
    ``winning=False``, ``last="f5"``).

    Raises:
        ValueError: ``attempt`` is neither a cell of this board nor a move on one.
    """
    view = CoffeeView(state.rules, figsize=figsize, labels=labels, show_caption=show_caption)
    return view.update(state, **highlight)


def png_bytes(state: State, dpi: int = 72, **highlight) -> bytes:
    """``state`` as PNG bytes: what a notebook shows for a bare state."""
    view = CoffeeView(state.rules, figsize=(5.0, 5.0))
    view.update(state, **highlight)
    return figure_png(view.drawing.figure, dpi, colours=NOTEBOOK_COLOURS)
