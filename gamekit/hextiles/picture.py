"""Pictures of Hex Tiles figures and games.

A tile is a hexagon tinted by its colour, with a thick bar in that colour along each marked
side (so the number of bars, not only the colour, tells the value). Highlights:

- ``hints=tile``: a blue dot on every cell where ``tile`` fits (in some turn); with
  ``turn=k`` as well, a blue dot where it fits turned ``k`` sixths clockwise (as the player
  holds it now) and a hollow blue ring where it would fit only if turned;
- ``recent=[cells]``: tiles just placed (the opponent's last turn), outlined in green;
- ``attempt=(q, r)``: a red cross on a cell where a placement was refused; given the whole
  placement (a ``place`` :class:`~gamekit.hextiles.Move`, its notation, or ``(tile, cell,
  turn)``), the tile that was tried is drawn there too, turned as it was, outlined in red,
  with a red dot on each edge where it breaks the placement rule (a mark against a tile);
- ``outer=True``: the outer border, a dark line just outside the figure;
- ``run=True``: the longest marked border run, a thick purple line outside it;
- ``scoring=True``: both, and the score in the caption;
- ``walk=True`` (a figure): each edge of the outline numbered along its loop, as
  :func:`gamekit.hextiles.words.outline_walk` walks it (marked edges' numbers in bold
  purple, blank ones' in grey).

:func:`draw` takes a :class:`~gamekit.hextiles.Figure` (one figure) or a
:class:`~gamekit.hextiles.State` (every player's figure, the market, the reserves and the
pool count). Figures have no edge, so a :class:`FigureView` draws a window of cells around
the starter; :func:`radius_for` says how large a window a figure needs.

>>> from gamekit import hextiles
>>> fig = hextiles.Figure.start().place("111110", (0, 1), 4)
>>> draw(fig, scoring=True).get_size_inches().tolist()
[5.0, 5.0]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, cast

import numpy as np
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure as MplFigure

from gamekit import hextiles
from gamekit.grids import Grid, hex_centre, hex_corners, hex_distance, hex_region
from gamekit.render import describe
from gamekit.render.board import (
    HIDDEN,
    NOTEBOOK_COLOURS,
    VERDICTS,
    LayerStyle,
    Picture,
    View,
    circle,
    figure_png,
    rgba,
)

__all__ = [
    "TILE_COLOURS",
    "PALETTE",
    "LAYERS",
    "FigureView",
    "radius_for",
    "styles",
    "hints_now",
    "attempted",
    "clashes",
    "caption",
    "draw",
    "png_bytes",
    "tile_svg",
    "figure_svg",
    "draw_tiles",
]

#: Tile colour -> (tint of the tile, colour of its marks). Okabe–Ito hues; the marks' number
#: is the second cue.
TILE_COLOURS = {
    "blank": ("#d3cfc6", "#d3cfc6"),  # the starter: grey, never read as an empty cell
    "red": ("#f7cdb9", "#d55e00"),
    "blue": ("#bcd9ef", "#0072b2"),
    "yellow": ("#f8f0a8", "#e0b800"),
    "green": ("#b5e3d2", "#009e73"),
    "brown": ("#e0ccb6", "#7a4a1e"),
    "white": ("#eeeeee", "#555555"),  # six marks: not in the game, but drawable
}
PALETTE = {
    "tile_edge": "#3d3d3d",
    "open": "#d9d4c7",
    "hint": "#0072b2",
    "attempt": "#d55e00",
    "outer": "#2b2b2b",
    "run": "#cc79a7",
    "run_edge": "#5a1f45",
    "mark_edge": "#2b2b2b",
    "chosen": "#cc79a7",
    "recent": "#009e73",
    "clash": "#000000",
}

#: Colours that mean different things side by side, by group (checked under simulated
#: colour-vision deficiencies by tests/test_palettes.py). A tile's colour is told by its
#: marks' colour; its pattern of marks tells it too, so colour never says it alone.
DISTINCT = {
    "tiles (their marks)": {
        k: v[1] for k, v in TILE_COLOURS.items() if k not in ("blank", "white")
    },
    "marks on the figure": {k: PALETTE[k] for k in ("hint", "attempt", "run", "recent")},
}
#: Layers from bottom to top: one element per cell, or per (cell, side) for the sides.
LAYERS = ("cells", "hints", "marks", "outer", "run", "clash", "flags")

_UNIT = hex_corners()
# Side i of a flat-topped hex runs between corners (1 - i) and (2 - i) (anticlockwise from
# east), so side 0 is the top and sides go clockwise.
_SIDE_ENDS = [((1 - i) % 6, (2 - i) % 6) for i in range(6)]


def _side_quad(x: float, y: float, side: int, inner: float, outer: float) -> np.ndarray:
    """A strip along ``side`` between radii ``inner`` and ``outer`` (1 = the side itself)."""
    a, b = _SIDE_ENDS[side]
    pa, pb = _UNIT[a], _UNIT[b]
    c = np.array([x, y])
    return np.array([c + pa * outer, c + pb * outer, c + pb * inner, c + pa * inner])


def _cross(x: float, y: float, size: float) -> np.ndarray:
    arm = np.array(
        [
            [-1.0, -0.75], [-0.75, -1.0], [0.0, -0.25], [0.75, -1.0], [1.0, -0.75], [0.25, 0.0],
            [1.0, 0.75], [0.75, 1.0], [0.0, 0.25], [-0.75, 1.0], [-1.0, 0.75], [-0.25, 0.0],
        ]
    )  # fmt: skip
    return arm * size + (x, y)


def _shapes(grid: Grid) -> dict[str, list[np.ndarray]]:
    cells, hints, marks, outer, run, clash, flags = [], [], [], [], [], [], []
    for x, y in grid.centres:
        cells.append(_UNIT + (x, y))
        hints.append(circle(x, y, 0.26, 20))
        flags.append(_cross(x, y, 0.45))
        for side in range(6):
            marks.append(
                _side_quad(x, y, side, 0.64, 0.97)
            )  # a third of the way in: readable small
            outer.append(_side_quad(x, y, side, 1.02, 1.12))
            run.append(_side_quad(x, y, side, 1.03, 1.26))
            a, b = _SIDE_ENDS[side]
            mx, my = (_UNIT[a] + _UNIT[b]) / 2
            clash.append(circle(x + mx, y + my, 0.24, 24))
    return {
        "cells": cells,
        "hints": hints,
        "marks": marks,
        "outer": outer,
        "run": run,
        "clash": clash,
        "flags": flags,
    }


def attempted(attempt: object) -> tuple[tuple[int, int], hextiles.Tile | None]:
    """The cell of a refused placement and the tile as it was tried (turned), or ``None``
    for the tile when only the cell is given: ``attempt`` is a cell ``(q, r)``, a ``place``
    move or its notation, or ``(tile, cell, turn)``.

    >>> attempted("place 100000 at (-1,1) turn 1")
    ((-1, 1), Tile.from_marks('010000'))
    >>> attempted((2, 0))
    ((2, 0), None)

    Raises:
        ValueError: ``attempt`` is none of these (a ``take`` or ``done`` move, say).
        InvalidNotationError: its cell, tile or turn is malformed.
    """
    if isinstance(attempt, hextiles.Move):
        move = attempt
    elif isinstance(attempt, str) and attempt.strip()[:1].isalpha():
        move = hextiles.Move.parse(attempt)
    elif isinstance(attempt, tuple | list) and len(attempt) == 3:
        move = hextiles.Move.place(*attempt)
    else:  # a cell alone: read the way a place move reads its cell
        cell = hextiles.Move.place("100000", attempt, 0).cell
        return cast(tuple[int, int], cell), None  # a place move has a cell
    if move.kind != "place":
        raise ValueError(f"attempt must be a cell or a placement (a place move), not {move}")
    return cast(tuple[int, int], move.cell), move.tile


def clashes(figure: hextiles.Figure, tile: hextiles.Tile, cell: tuple[int, int]) -> list[int]:
    """The sides of ``tile`` (as it lies) on ``cell`` where it would break the placement
    rule: its mark against a tile, or a neighbour's mark against it (with
    ``marked_contact``, a mark against a blank side only).

    >>> clashes(hextiles.Figure.start(), hextiles.Tile.from_marks("000100"), (0, 1))
    [3]
    """
    out = []
    for side in range(6):
        dq, dr = hextiles.HEX_DIRECTIONS[side]
        other = figure.tile_at((cell[0] + dq, cell[1] + dr))
        if other is None:
            continue
        mine, theirs = tile.marked(side), other.marked((side + 3) % 6)
        if (mine != theirs) if figure.marked_contact else (mine or theirs):
            out.append(side)
    return out


def radius_for(figure: hextiles.Figure, spare: int = 2, least: int = 3) -> int:
    """The window radius that shows ``figure`` with ``spare`` rings of empty cells round it
    (at least ``least``)."""
    far = max(hex_distance(c) for c in figure.cells())
    return max(least, far + spare)


def styles(
    grid: Grid,
    figure: hextiles.Figure,
    *,
    hints: hextiles.Tile | str | None = None,
    turn: int | None = None,
    attempt: tuple[int, int] | hextiles.Move | str | tuple | None = None,
    outer: bool = False,
    run: bool = False,
    scoring: bool = False,
    marks: tuple = (),
    recent: tuple = (),
    verdicts: Mapping[Any, str] | None = None,
) -> dict[str, LayerStyle]:
    """The colours of every layer of a window ``grid`` showing ``figure``.

    ``marks`` are cells to tint (a lesson pointing at them); ``hints``, ``turn`` and
    ``recent`` as in the module docstring; ``verdicts`` a puzzle's marks by cell (``(q, r)``
    or its text), each a tone of :data:`gamekit.render.board.VERDICTS`: the cell outlined
    in the tone's colour, with a disc of it in the middle (a ring for a chosen cell and
    the answer)."""
    p = PALETTE
    n = len(grid)
    tiles = figure.tiles()
    recent_cells = {tuple(c) for c in recent}
    cells = LayerStyle.build(n)
    for cell in figure.frontier():
        i = grid.at(cell)
        if i is not None:
            cells.face[i], cells.edge[i], cells.width[i] = "#fbfaf6", p["open"], 0.8
    for cell in marks:
        i = grid.at(tuple(cell))
        if i is not None:
            cells.face[i], cells.edge[i], cells.width[i] = "#efe0ea", p["chosen"], 1.6
    side_marks = LayerStyle.build(6 * n)
    for cell, tile in tiles.items():
        i = grid.at(cell)
        if i is None:
            continue
        tint, strong = TILE_COLOURS[tile.colour]
        cells.face[i], cells.edge[i], cells.width[i] = tint, p["tile_edge"], 1.2
        if cell in recent_cells:
            cells.edge[i], cells.width[i] = p["recent"], 3.0
        for side in range(6):
            if tile.marked(side):
                k = 6 * i + side
                side_marks.face[k] = strong
                side_marks.edge[k] = p["mark_edge"]
                side_marks.width[k] = 0.6
    ring = LayerStyle.build(n)
    for cell, tone in (verdicts or {}).items():
        # Outlined, with a disc (a ring for a chosen cell or the answer) in the middle: a
        # fill would read as a tile's colour (the red and green tiles use the same hues).
        i = grid.at(hextiles._as_cell(cell))
        if i is not None:
            edge = VERDICTS[tone][1]
            cells.edge[i], cells.width[i] = edge, 3.5
            if tone == "target":  # the cell a task names: its outline alone
                continue
            if tone in ("chosen", "answer"):
                ring.face[i], ring.edge[i], ring.width[i] = HIDDEN, edge, 3.0
            else:
                ring.face[i], ring.edge[i], ring.width[i] = edge, "#ffffff", 1.5
    if hints is not None:
        now = hints_now(figure, hints, turn)
        for cell in {c for c, _ in figure.legal_placements(hints)}:
            i = grid.at(cell)
            if i is None:
                continue
            if cell in now:
                ring.face[i], ring.edge[i], ring.width[i] = p["hint"], "#ffffff", 1.0
            else:  # fits only if turned: a hollow ring
                ring.face[i], ring.edge[i], ring.width[i] = HIDDEN, p["hint"], 2.0
    out_style, run_style = LayerStyle.build(6 * n), LayerStyle.build(6 * n)
    if outer or run or scoring:
        sc = hextiles.score(figure)
        if outer or scoring:
            for cell, side in sc.outer:
                i = grid.at(cell)
                if i is not None:
                    out_style.face[6 * i + side] = p["outer"]
        if run or scoring:
            for cell, side in sc.run:
                i = grid.at(cell)
                if i is not None:
                    k = 6 * i + side
                    run_style.face[k], run_style.edge[k] = p["run"], p["run_edge"]
                    run_style.width[k] = 0.8
    flags, clash = LayerStyle.build(n), LayerStyle.build(6 * n)
    if attempt is not None:
        where, tried = attempted(attempt)
        i = grid.at(where)
        if i is not None:
            flags.face[i], flags.edge[i] = p["attempt"], "#ffffff"
            if tried is not None and where not in tiles:  # the tile as it was tried
                tint, strong = TILE_COLOURS[tried.colour]
                cells.face[i], cells.edge[i], cells.width[i] = tint, p["attempt"], 2.6
                for side in range(6):
                    if tried.marked(side):
                        k = 6 * i + side
                        side_marks.face[k], side_marks.edge[k] = strong, p["mark_edge"]
                        side_marks.width[k] = 0.6
                for side in clashes(figure, tried, where):
                    k = 6 * i + side
                    clash.face[k], clash.edge[k], clash.width[k] = HIDDEN, p["clash"], 2.4
    return {
        "cells": cells.done(),
        "hints": ring.done(),
        "marks": side_marks.done(),
        "outer": out_style.done(),
        "run": run_style.done(),
        "clash": clash.done(),
        "flags": flags.done(),
    }


def hints_now(
    figure: hextiles.Figure, tile: hextiles.Tile | str, turn: int | None = None
) -> set[tuple[int, int]]:
    """The cells where ``tile`` fits turned ``turn`` sixths clockwise (every cell where it
    fits in some turn if ``turn`` is ``None``).

    >>> sorted(hints_now(hextiles.Figure.start(), "111110", 3))
    [(-1, 1)]

    Raises:
        InvalidNotationError: ``tile`` is malformed.
    """
    placements = figure.legal_placements(tile)
    if turn is None:
        return {c for c, _ in placements}
    tile = hextiles.Tile.from_marks(tile)
    held = tile.rotated(turn)
    return {c for c, k in placements if tile.rotated(k) == held}


def caption(figure: hextiles.Figure, scoring: bool = False) -> str:
    """Under a figure: its tiles and value, or its score."""
    if scoring:
        s = hextiles.score(figure)
        double = " doubled" if s.closed else ""
        return f"tiles {s.tiles} + border {s.border}{double} = {s.total}"
    n = len(figure)
    return f"{n} tile{'s' if n != 1 else ''}, tile value {figure.value}"


class FigureView(View):
    """A window of hex cells drawn once; :meth:`update` recolours it for any figure that
    fits (see :meth:`fits`).

    >>> FigureView(4)
    <FigureView radius 4>
    """

    def __init__(
        self,
        radius: int = 4,
        figsize: tuple[float, float] = (5.0, 5.0),
        show_caption: bool = True,
        centre: tuple[int, int] = (0, 0),
    ) -> None:
        """A window of ``radius`` rings of cells around ``centre`` (the starter by default)."""
        self.radius = radius
        self.centre = cast(tuple[int, int], tuple(centre))
        self.grid = hex_region(radius, self.centre)
        self.drawing = View.layered(
            self.grid, _shapes(self.grid), LAYERS, figsize=figsize, margin=0.4,
            caption_space=0.07 if show_caption else 0.0,
        )  # fmt: skip
        self.show_caption = show_caption

    def __repr__(self) -> str:
        return f"<FigureView radius {self.radius}>"

    def fits(self, figure: hextiles.Figure) -> bool:
        """Whether ``figure`` and the empty cells next to it are all inside the window."""
        return all(hex_distance(c, self.centre) <= self.radius for c in figure.frontier())

    def check(self, figure: hextiles.Figure, /) -> None:
        if not self.fits(figure):
            raise ValueError(
                f"this figure reaches beyond the window of radius {self.radius}; "
                f"use FigureView({radius_for(figure)})"
            )

    def styles(self, figure: hextiles.Figure, /, **highlight: Any) -> dict[str, LayerStyle]:
        """Highlights as in the module's :func:`styles`."""
        return styles(self.grid, figure, **highlight)

    def caption(self, figure: hextiles.Figure, /, **highlight: Any) -> str:
        return caption(figure, highlight.get("scoring", False))


# ---------------------------------------------------------------------------------------
# A whole game
# ---------------------------------------------------------------------------------------


def _add_layers(ax, look: dict[str, LayerStyle], shapes) -> None:
    for z, name in enumerate(LAYERS):
        st = look[name]
        ax.add_collection(
            PolyCollection(
                shapes[name],
                facecolors=rgba(st.face),
                edgecolors=rgba(st.edge),
                linewidths=list(st.width),
                zorder=1 + z,
                joinstyle="round",
            )
        )


def _tile_icon(ax, tile: hextiles.Tile, x: float, y: float, size: float) -> None:
    tint, strong = TILE_COLOURS[tile.colour]
    hexagon = _UNIT * size + (x, y)
    bars = [_side_quad(0, 0, s, 0.64, 0.97) * size + (x, y) for s in range(6) if tile.marked(s)]
    ax.add_collection(
        PolyCollection([hexagon], facecolors=tint, edgecolors=PALETTE["tile_edge"], linewidths=1)
    )
    if bars:
        ax.add_collection(
            PolyCollection(bars, facecolors=strong, edgecolors=PALETTE["mark_edge"], linewidths=0.5)
        )


def _box(figure: hextiles.Figure) -> tuple[float, float, float, float]:
    """(xmin, xmax, ymin, ymax) of a figure and the empty cells next to it."""
    pts = np.array([hex_centre(*c) for c in [*figure.cells(), *figure.frontier()]])
    x0, x1 = float(pts[:, 0].min()) - 1.2, float(pts[:, 0].max()) + 1.2
    y0, y1 = float(pts[:, 1].min()) - 1.1, float(pts[:, 1].max()) + 1.1
    # At least the size of a figure two rings wide, so a small figure is not drawn huge.
    grow_x, grow_y = max(0.0, 11.0 - (x1 - x0)) / 2, max(0.0, 11.0 - (y1 - y0)) / 2
    return x0 - grow_x, x1 + grow_x, y0 - grow_y, y1 + grow_y


def _draw_state(
    state: hextiles.State, figsize, scoring: bool, hints_for_mover=None, scores: bool = True
) -> MplFigure:
    players = state.rules.players
    radius = max(radius_for(f, spare=1) for f in state.figures)
    grid = hex_region(radius)
    shapes = _shapes(grid)
    fw, fh = figsize
    fig = Picture(figsize=figsize, dpi=100)  # shows itself in a notebook
    fig.patch.set_facecolor("white")
    bottom = min(0.4, (players + 1) * 0.42 / fh)  # the market and reserves strip
    title = 0.55 / fh
    width = 1.0 / players
    outcome = state.outcome
    scoring = scoring or outcome is not None
    boxes = [_box(f) for f in state.figures]
    # One scale for every figure (drawing units per inch), each centred in its own panel.
    w_in, h_in = width * fw, (1.0 - bottom - title) * fh
    scale = max(max((b[1] - b[0]) / w_in, (b[3] - b[2]) / h_in) for b in boxes)
    for p in range(players):
        ax = fig.add_axes((p * width, bottom, width, 1.0 - bottom - title))
        ax.set_axis_off()
        x0, x1, y0, y1 = boxes[p]
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        ax.set_xlim(cx - w_in * scale / 2, cx + w_in * scale / 2)
        ax.set_ylim(cy - h_in * scale / 2, cy + h_in * scale / 2)
        figure = state.figures[p]
        hints = hints_for_mover if p == state.player else None
        _add_layers(ax, styles(grid, figure, scoring=scoring, hints=hints), shapes)
        name = state.player_name(p)
        if outcome is not None:
            star = " - wins" if state.rules.seats[p] in outcome.winners else ""
        else:
            star = " - to move" if p == state.player else ""
        sc = hextiles.score(figure)
        counted = f"{len(figure)} tile{'s' if len(figure) != 1 else ''}"
        detail = (
            caption(figure, True)
            if scoring
            else f"{counted}, score now {sc.total}"
            if scores
            else counted
        )
        ax.set_title(f"{name}{star}\n{detail}", fontsize=10, color="#222222")
    ax = fig.add_axes((0.0, 0.0, 1.0, bottom))
    ax.set_axis_off()
    rows = players + 1
    per_inch = rows / (bottom * fh)
    ax.set_xlim(0, fw * per_inch)
    ax.set_ylim(0, rows)
    tiles_rows = [("Market", state.market)] + [
        (f"{state.player_name(p)} reserve", state.reserves[p]) for p in range(players)
    ]
    x_first = 1.45 * per_inch
    fit = int((fw * per_inch - x_first - 2.0) // 1.0)
    for k, (label, tiles) in enumerate(tiles_rows):
        y = rows - 0.5 - k
        ax.text(0.1 * per_inch, y, label, fontsize=9, va="center", color="#222222")
        if not tiles:
            ax.text(x_first - 0.45, y, "(none)", fontsize=8, va="center", color="#777777")
        for j, marks in enumerate(tiles[:fit]):
            _tile_icon(ax, hextiles.Tile.from_marks(marks), x_first + 1.0 * j, y, 0.45)
        if len(tiles) > fit:
            ax.text(x_first + fit, y, f"+{len(tiles) - fit}", fontsize=8, va="center")
    phase = f"round {state.round_no}, pool: {len(state.pool)} tiles"
    if outcome is not None:
        phase += " (game over)"
    ax.text(fw * per_inch - 0.2, rows - 0.5, phase, fontsize=9, va="center", ha="right")
    return fig


def draw(
    thing: hextiles.Figure | hextiles.State,
    *,
    figsize: tuple[float, float] | None = None,
    show_caption: bool = True,
    coords: bool = True,
    **highlight,
) -> MplFigure:
    """A new picture of a figure (highlights as in :func:`styles`; ``coords`` writes each
    cell's ``q,r``) or of a whole game state (``scoring=True`` shows every border run;
    ``hints=tile`` the mover's fitting cells; ``scores=False`` leaves the scores out of the
    titles, for a puzzle that asks for one)."""
    if isinstance(thing, hextiles.State):
        size = figsize or (4.0 * thing.rules.players, 5.6)
        return _draw_state(
            thing,
            size,
            highlight.get("scoring", False),
            highlight.get("hints"),
            scores=highlight.get("scores", True),
        )
    if not isinstance(thing, hextiles.Figure):
        raise TypeError(f"cannot draw {type(thing).__name__} as Hex Tiles")
    # A window centred on the figure, just large enough for it and its empty neighbours
    # (and a refused cell, wherever it is).
    shown = [*thing.cells(), *thing.frontier()]
    if highlight.get("attempt") is not None:
        tried = attempted(highlight["attempt"])[0]
        shown += [] if tried in shown else [tried]
    q = round(sum(c[0] for c in shown) / len(shown))
    r = round(sum(c[1] for c in shown) / len(shown))
    radius = max(2, max(hex_distance(c, (q, r)) for c in shown))
    view = FigureView(
        radius, figsize=figsize or (5.0, 5.0), show_caption=show_caption, centre=(q, r)
    )
    walk = highlight.pop("walk", False)
    picture = view.update(thing, **highlight)
    if walk:
        _number_edges(view.drawing.ax, thing)
    if coords:
        ax = view.drawing.ax
        for cell in shown:
            x, y = hex_centre(*cell)
            ax.text(
                x,
                y - 0.45,
                f"{cell[0]},{cell[1]}",
                fontsize=6.5,
                color="#7d7566",
                ha="center",
                va="center",
                zorder=1.5,
            )
    return picture


def _number_edges(ax: Any, figure: hextiles.Figure) -> None:
    """Write each outline edge's number along its loop just outside it."""
    for k, loop in enumerate(figure.loops()):
        away = 1.28 if k == 0 else 1.33  # a hole's numbers a little nearer its middle
        for i, (cell, side) in enumerate(loop, 1):
            a, b = _SIDE_ENDS[side]
            x, y = np.array(hex_centre(*cell)) + (_UNIT[a] + _UNIT[b]) / 2 * away
            marked = figure.marked_edge((cell, side))
            ax.text(
                x,
                y,
                str(i),
                fontsize=7,
                ha="center",
                va="center",
                color="#7a2262" if marked else "#5b5446",  # both 4.5:1 or more on the cells
                fontweight="bold" if marked else "normal",
                zorder=6,
            )


def draw_sides(figsize: tuple[float, float] = (5.5, 5.5)) -> MplFigure:
    """The starter and its six neighbours, labelled: each side of the starter by its name
    (top, upper right, ... as every message says it) and each neighbouring cell by where it
    lies and its coordinates ``q,r``.

    >>> draw_sides().get_size_inches().tolist()
    [5.5, 5.5]
    """
    from gamekit.hextiles.words import _SIDE_WORDS, _TOWARDS

    view = FigureView(1, figsize=figsize, show_caption=False)
    view.update(hextiles.Figure.start())
    ax = view.drawing.ax
    for side, (dq, dr) in enumerate(hextiles.HEX_DIRECTIONS):
        a, b = _SIDE_ENDS[side]
        x, y = (_UNIT[a] + _UNIT[b]) / 2 * 0.68  # inside the starter, by its side
        ax.text(x, y, _SIDE_WORDS[side], fontsize=7.5, ha="center", va="center",
                color="#3d3a33", zorder=6)  # fmt: skip
        cx, cy = hex_centre(dq, dr)
        where = _TOWARDS[side].replace("to the ", "").replace(" of", "")
        ax.text(cx, cy + 0.12, where, fontsize=8, ha="center", va="center",
                color="#3d3a33", zorder=6)  # fmt: skip
        ax.text(cx, cy - 0.3, f"{dq},{dr}", fontsize=7.5, ha="center", va="center",
                color="#5b5446", zorder=6)  # fmt: skip
    ax.text(0, -0.05, "starter\n0,0", fontsize=8, ha="center", va="center", color="#3d3a33",
            zorder=6)  # fmt: skip
    describe(view.drawing.figure, SIDES_WORDS)
    return view.drawing.figure


#: What :func:`draw_sides` shows, in words (its alt text).
SIDES_WORDS = (
    "The starter tile in the middle, its six sides named top, upper right, lower right, "
    "bottom, lower left and upper left, and its six neighbouring cells: above (0,1), upper "
    "right (1,0), lower right (1,-1), below (0,-1), lower left (-1,0) and upper left (-1,1)."
)


def png_bytes(thing, dpi: int = 72, **highlight) -> bytes:
    """A figure or state as PNG bytes: what a notebook shows for it."""
    return figure_png(draw(thing, **highlight), dpi, colours=NOTEBOOK_COLOURS)


def draw_tiles(
    tiles,
    labels=None,
    *,
    numbers: bool = False,
    per_row: int = 6,
    figsize: tuple[float, float] | None = None,
) -> MplFigure:
    """A picture of loose tiles in rows, each with a label under it (default: its marks);
    ``numbers=True`` writes the side numbers 0-5 inside each tile.

    >>> draw_tiles(hextiles.PATTERNS[:3]).get_size_inches().tolist()
    [6.0, 1.6]
    """
    tiles = [hextiles.Tile.from_marks(t) for t in tiles]
    labels = [t.marks for t in tiles] if labels is None else [str(x) for x in labels]
    cols = min(per_row, max(1, len(tiles)))
    rows = -(-len(tiles) // cols)
    size = figsize or (max(6.0, 1.0 * cols), 1.6 * rows)
    fig = Picture(figsize=size, dpi=100)
    fig.patch.set_facecolor("white")
    ax = fig.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_axis_off()
    height = 2.9 * rows
    per_inch = height / size[1]
    width = size[0] * per_inch
    ax.set_xlim(0, width)
    ax.set_ylim(0, height)
    step = width / cols
    r = min(1.0, 0.42 * step)
    for k, (tile, label) in enumerate(zip(tiles, labels, strict=True)):
        x = step * (k % cols + 0.5)
        y = height - 2.9 * (k // cols) - 1.25
        _tile_icon(ax, tile, x, y, r)
        ax.text(x, y - 1.35, label, ha="center", va="center", fontsize=9, color="#222222")
        if numbers:
            for side in range(6):
                a, b = _SIDE_ENDS[side]
                mx, my = (_UNIT[a] + _UNIT[b]) / 2 * 0.55 * r
                ax.text(x + mx, y + my, str(side), ha="center", va="center", fontsize=8)
    from gamekit.hextiles.words import tile_words

    said = []
    for k, tile in enumerate(tiles):
        words = tile_words(tile)
        label = str(labels[k]) if labels and k < len(labels) else ""
        marks = hextiles.Tile.from_marks(tile).marks
        said.append(f"{words} ({label})" if label and label != marks else words)
    return describe(fig, "Tiles: " + "; ".join(said) + ".")


def tile_svg(tile: hextiles.Tile | str, size: int = 44, selected: bool = False) -> str:
    """A small stand-alone SVG of one tile (for buttons and tables in a page).

    >>> tile_svg("100000").startswith("<svg")
    True
    """
    tile = hextiles.Tile.from_marks(tile)
    tint, strong = TILE_COLOURS[tile.colour]
    r = size / 2.0 - 3

    def pts(poly: np.ndarray) -> str:
        return " ".join(f"{size / 2 + x * r:.1f},{size / 2 - y * r:.1f}" for x, y in poly)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}">',
        f'<polygon points="{pts(_UNIT)}" fill="{tint}" stroke="'
        f'{PALETTE["chosen"] if selected else PALETTE["tile_edge"]}" '
        f'stroke-width="{3 if selected else 1}"/>',
    ]
    for s in range(6):
        if tile.marked(s):
            quad = _side_quad(0.0, 0.0, s, 0.64, 0.97)
            parts.append(
                f'<polygon points="{pts(quad)}" fill="{strong}" stroke="#2b2b2b" '
                'stroke-width="0.5"/>'
            )
    parts.append("</svg>")
    return "".join(parts)


def figure_svg(
    figure: hextiles.Figure,
    size: int = 120,
    recent: Iterable[tuple[int, int]] = (),
    label: str = "",
) -> str:
    """A small stand-alone SVG of a whole figure, scaled to fit a ``size`` pixel square
    (for a score panel); tiles in ``recent`` are outlined in green. Pure text, no
    matplotlib: cheap enough to draw on every move.

    >>> svg = figure_svg(hextiles.Figure.start().place("100000", (0, 1), 0))
    >>> svg.count("<polygon") >= 3
    True
    """
    cells = figure.cells()
    centres = np.array([hex_centre(*c) for c in cells])
    lo, hi = centres.min(axis=0) - 1.05, centres.max(axis=0) + 1.05
    span = float(max(hi[0] - lo[0], hi[1] - lo[1], 5.0))
    scale = (size - 4) / span
    mid = (lo + hi) / 2
    tiles = figure.tiles()
    recent_cells = {tuple(c) for c in recent}

    def pts(poly: np.ndarray, x: float, y: float) -> str:
        return " ".join(
            f"{size / 2 + (x + px - mid[0]) * scale:.1f},{size / 2 - (y + py - mid[1]) * scale:.1f}"
            for px, py in poly
        )

    title = f"<title>{label}</title>" if label else ""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}" role="img" aria-label="{label or "a Hex Tiles figure"}">'
        + title
    ]
    later: list[str] = []
    for cell in cells:
        x, y = hex_centre(*cell)
        tile = tiles[cell]
        tint, strong = TILE_COLOURS[tile.colour]
        edge = PALETTE["recent"] if cell in recent_cells else PALETTE["tile_edge"]
        width = 2.5 if cell in recent_cells else 0.8
        polygon = f'<polygon points="{pts(_UNIT, x, y)}" fill="{tint}" stroke="{edge}" ' + (
            f'stroke-width="{width}"/>'
        )
        (later if cell in recent_cells else parts).append(polygon)
        for side in range(6):
            if tile.marked(side):
                quad = _side_quad(0.0, 0.0, side, 0.64, 0.97)
                (later if cell in recent_cells else parts).append(
                    f'<polygon points="{pts(quad, x, y)}" fill="{strong}"/>'
                )
    parts.extend(later)  # recent tiles on top, so their outline is whole
    parts.append("</svg>")
    return "".join(parts)
