"""Pictures of GIPF positions.

:func:`draw` returns a matplotlib ``Figure`` of a state: the 37 spots and the 24 dots joined
by the 21 lines of the board, the pieces (a GIPF piece drawn as two stacked discs with a ring
on top), each player's reserve and the pieces the opponent captured as columns of small
discs beside the board, and optional highlights:

- the last push (on by default): an arrow from its dot, drawn only while the piece it
  pushed in still stands (a removal that empties its entry spot takes the arrow away);
- ``pushes=[...]``: arrows for the given pushes (``legal=True``: every legal push);
- ``dot="e1"``: a chosen dot, ringed, with arrows for its pushes that are legal;
- the rows in the remove phase (on by default): every row that stands, of both colours.
  The rows the player to move removes now are tinted orange with their extensions (every
  segment that may be taken) lighter; the other player's rows, which wait their turn, are
  ringed in orange. ``segment=[...]`` picks one, ``keep=[...]`` rings the GIPF pieces left
  on the board;
- ``attempt=...``: a move someone tried that the rules refuse. A push (``"b1-b2"``) is
  drawn as what was tried: the piece on its dot, see-through with a red edge, a red arrow
  into the board and a red cross on the spot it would enter (on the starting point when
  that is not a dot). A removal (``"xe2-e3"``) crosses the spots it would take, and a bare
  point (``"e2"``) gets a cross of its own;
- ``removed=[...]``: spots just emptied by a removal (the opponent's last turn), tinted
  see-through red until the next move;
- ``marks=[...]``: spots a lesson points at, tinted violet;
- ``verdicts={"e2": "right", ...}``: a puzzle's marks (:data:`gamekit.render.board.VERDICTS`:
  a chosen spot, a right or wrong answer, the answer shown).

White pieces are light with a dark edge, Black ones dark: they differ in lightness, not
only in hue. GIPF pieces carry a second cue, a ring on the top disc.

>>> from gamekit import gipf
>>> fig = draw(gipf.Rules().start().play("e1-e2"))
>>> fig.get_size_inches().tolist()
[8.0, 6.0]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any, NamedTuple

import numpy as np
from matplotlib.figure import Figure

from gamekit import gipf
from gamekit.errors import InvalidNotationError
from gamekit.render.board import (
    NOTEBOOK_COLOURS,
    VERDICTS,
    LayerStyle,
    View,
    circle,
    figure_png,
)

__all__ = ["PALETTE", "TEXT_SIZES", "LAYERS", "GipfView", "draw", "png_bytes", "styles", "caption"]

#: Colours (Okabe–Ito based, safe for the common colour-vision deficiencies).
PALETTE = {
    "board": "#f4ecdc",
    "board_edge": "#a89a7e",
    "line": "#9c8f74",
    "spot": "#6b6250",
    "dot": "#ffffff",
    "dot_edge": "#6b6250",
    "chosen": "#0072b2",
    "segment": "#fbe3b0",
    "row": "#f0b44c",
    "chosen_segment": "#9fd3f5",
    "mark": "#e4d2f0",
    "arrow": "#0072b2",
    "last": "#009e73",
    "white": "#fbfaf6",
    "white_edge": "#3a3a3a",
    "black": "#1d1d1d",
    "black_edge": "#000000",
    "crown_white": "#3a3a3a",
    "crown_black": "#d9d9d9",
    "keep": "#009e73",
    "attempt": "#d55e00",
    "attempt_arrow": "#d55e00",
    "ghost_white": "#fbfaf6a0",  # the piece someone tried to push in: see-through
    "ghost_black": "#1d1d1da0",
    "waiting_row": "#f0b44c",  # a ring: the other player's row, removed after the mover's
    "captured_edge": "#d55e00",
    "removed": "#d55e0038",  # see-through, so the spot's label still shows
    "removed_edge": "#d55e00",
    "label": "#5a5242",
}

#: Colours that mean different things side by side on a board, by group (checked under
#: simulated colour-vision deficiencies by tests/test_palettes.py). A white piece is told
#: from the board by its dark outline (``white_edge``), not by its fill.
DISTINCT = {
    "pieces": {k: PALETTE[k] for k in ("white", "black")},
    "outlines on the board": {k: PALETTE[k] for k in ("board", "white_edge")},
    "marks on the board": {
        k: PALETTE[k] for k in ("chosen", "attempt", "last", "row", "segment", "chosen_segment")
    },
}

#: Text sizes in points: large enough that an 8-inch picture shown 560 pixels wide (the
#: board in an app) has no text under 10 pixels.
TEXT_SIZES = {"label": 10.5, "caption": 10.5, "count": 11.0, "name": 12.0}

#: Layers from bottom to top and what one element of each is.
LAYERS = (
    "board",  # 1: the hexagon of the board
    "lines",  # 21: the lines, from dot to dot
    "tint",  # 61: a soft disc per point (rows, marks)
    "points",  # 61: a small disc per spot, a ring per dot
    "arrows",  # 42: one per (dot, entry) push
    "under",  # 61: the lower disc of a GIPF piece
    "pieces",  # 61: the piece (the top disc of a GIPF piece)
    "crowns",  # 61: the ring on a GIPF piece
    "flags",  # 61: a cross on an illegal attempt
    "tally",  # 72: reserve and captured pieces, 18 slots each
)

_T = gipf._tables()
_PUSHES = sorted(_T.entries)  # (dot, entry) grid indices, the order of the arrows layer
_PUSH_INDEX = {(gipf._label(d), gipf._label(e)): k for k, (d, e) in enumerate(_PUSHES)}
_LINE_ENDS = []  # the 21 lines as (first dot, last dot)
for _line in _T.lines:
    _ends = []
    for _s in (_line[0], _line[-1]):
        _other = _line[1] if _s == _line[0] else _line[-2]
        _d = (
            gipf.GRID.coords[_s][0] - gipf.GRID.coords[_other][0],
            gipf.GRID.coords[_s][1] - gipf.GRID.coords[_other][1],
        )
        _ends.append(gipf.GRID.step(_s, _d))
    _LINE_ENDS.append(tuple(_ends))
TALLY = 18  # slots per column: a reserve or a captured tally


def _arrow(x0: float, y0: float, x1: float, y1: float, width: float) -> np.ndarray:
    """An arrow from (x0, y0) to (x1, y1) as one polygon."""
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    head = 2.6 * width
    bx, by = x1 - ux * head, y1 - uy * head
    w, hw = width / 2, 1.3 * width
    pts = [
        (x0 + nx * w, y0 + ny * w),
        (bx + nx * w, by + ny * w),
        (bx + nx * hw, by + ny * hw),
        (x1, y1),
        (bx - nx * hw, by - ny * hw),
        (bx - nx * w, by - ny * w),
        (x0 - nx * w, y0 - ny * w),
    ]
    return np.array(pts)


def _bar(x0: float, y0: float, x1: float, y1: float, width: float) -> np.ndarray:
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy)
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    return np.array(
        [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)]
    )


def tally_position(k: int) -> tuple[float, float]:
    """Centre of slot ``k`` of the tally layer: White's reserve, the White pieces Black
    captured, Black's reserve, the Black pieces White captured (18 slots each, bottom up)."""
    column, slot = divmod(k, TALLY)
    x = (-9.7, -8.0, 8.0, 9.7)[column]
    return x, -7.0 + 0.75 * slot


#: How far a dot's name sits from the dot, outward: beyond the board's edge, on white.
DOT_LABEL_OFFSET = 0.8
#: Where a spot's name sits, from the spot: straight to the right, just clear of a piece
#: standing there, in the gap between the two neighbours to the right (so the name is
#: nearer its own spot than any other, and the name next to a piece is its own).
SPOT_LABEL_OFFSET = (0.92, 0.0)
_CORNERS = ("a1", "a5", "e1", "e9", "i1", "i5")


@cache
def label_positions() -> tuple[tuple[float, float], ...]:
    """Where each point's name is written, in grid order: to the right of a spot,
    and straight outward from a dot (away from the side of the board it sits on; a corner
    dot away from the centre), so that no name sits on the board's edge line.

    >>> x, y = label_positions()[gipf.GRID.index("i3")]
    >>> float(x), float(y)
    (6.8, 0.0)
    """
    dots = set(gipf.DOTS)
    out = []
    for (x, y), label in zip(gipf.GRID.centres, gipf.GRID.labels, strict=True):
        x, y = float(x), float(y)
        if label not in dots:
            out.append((x + SPOT_LABEL_OFFSET[0], y + SPOT_LABEL_OFFSET[1]))
            continue
        # The sides face 0°, 60°, ... 300° on this board (columns a and i are upright);
        # the corners lie in between, at 30°, 90°, ...
        angle = math.atan2(y, x)
        direction = angle if label in _CORNERS else math.pi / 3 * round(angle / (math.pi / 3))
        out.append(
            (
                round(x + DOT_LABEL_OFFSET * math.cos(direction), 6),
                round(y + DOT_LABEL_OFFSET * math.sin(direction), 6),
            )
        )
    return tuple(out)


@cache
def _shapes() -> dict[str, list[np.ndarray]]:
    grid = gipf.GRID
    c = grid.centres
    dots = {grid.index(d) for d in gipf.DOTS}
    radius = 0.62
    corners = [c[grid.index(d)] for d in ("a1", "e1", "i1", "i5", "e9", "a5")]
    hexagon = np.array(corners) * 1.06
    ring = []
    for i in range(len(grid)):
        x, y = c[i]
        r = 0.28 if i in dots else 0.12
        ring.append(circle(x, y, r, 20))
    arrows = []
    for d, e in _PUSHES:
        (x0, y0), (x1, y1) = c[d], c[e]
        arrows.append(
            _arrow(x0 + 0.22 * (x1 - x0), y0 + 0.22 * (y1 - y0), x0 + 0.78 * (x1 - x0),
                   y0 + 0.78 * (y1 - y0), 0.16)
        )  # fmt: skip
    cross = np.array(
        [
            [-1.0, -0.75], [-0.75, -1.0], [0.0, -0.25], [0.75, -1.0], [1.0, -0.75], [0.25, 0.0],
            [1.0, 0.75], [0.75, 1.0], [0.0, 0.25], [-0.75, 1.0], [-1.0, 0.75], [-0.25, 0.0],
        ]
    ) * 0.5  # fmt: skip
    return {
        "board": [hexagon],
        "lines": [_bar(c[a][0], c[a][1], c[b][0], c[b][1], 0.05) for a, b in _LINE_ENDS],
        "tint": [circle(x, y, 0.86, 32) for x, y in c],
        "points": ring,
        "arrows": arrows,
        "under": [circle(x + 0.10, y - 0.16, radius, 32) for x, y in c],
        "pieces": [circle(x, y + 0.06, radius, 32) for x, y in c],
        "crowns": [circle(x, y + 0.06, 0.33, 24) for x, y in c],
        "flags": [cross + (x, y) for x, y in c],
        "tally": [circle(*tally_position(k), 0.34, 16) for k in range(4 * TALLY)],
    }


def _indices(labels: Iterable[str]) -> list[int]:
    return [gipf.GRID.index(s) for s in labels]


class _Attempt(NamedTuple):
    """What a picture draws for a refused move: the crossed points, the dot that holds the
    piece someone tried to push in (``None`` if none), whether that piece is a GIPF piece,
    and the push's arrow (its index in the arrows layer, ``None`` if the push has none)."""

    crosses: tuple[str, ...] = ()
    dot: str | None = None
    gipf: bool = False
    arrow: int | None = None


def _attempt(attempt: str | gipf.Move | None) -> _Attempt:
    """``attempt`` (a point, a move or its notation) as what to draw (see :func:`styles`)."""
    if attempt is None:
        return _Attempt()
    if isinstance(attempt, str) and gipf.GRID.has(attempt.strip()):
        return _Attempt(crosses=(attempt.strip(),))
    try:
        move = gipf.Move.parse(attempt)
    except (InvalidNotationError, TypeError) as err:
        raise ValueError(
            f"attempt must be a point of the board such as 'e2' or a GIPF move such as "
            f"'b1-b2' or 'xe2-e5', not {attempt!r}"
        ) from err
    if isinstance(move, gipf.Removal):  # the spots it would take
        return _Attempt(crosses=move.taken)
    if not isinstance(move, gipf.Push):  # GIPF has no third kind of move
        return _Attempt()
    if move.dot not in gipf.DOTS:  # not a dot: no piece could wait there
        return _Attempt(crosses=(move.dot,))
    return _Attempt(
        crosses=(move.entry,),
        dot=move.dot,
        gipf=move.gipf,
        arrow=_PUSH_INDEX.get((move.dot, move.entry)),
    )


def styles(
    state: gipf.State,
    *,
    last: bool = True,
    legal: bool = False,
    pushes: Iterable[gipf.Push | str] = (),
    dot: str | None = None,
    rows: bool = True,
    segment: Iterable[str] | None = None,
    keep: Iterable[str] = (),
    attempt: str | gipf.Move | None = None,
    marks: Iterable[str] = (),
    removed: Iterable[str] = (),
    verdicts: Mapping[str, str] | None = None,
) -> dict[str, LayerStyle]:
    """The colours of every layer for ``state`` and the given highlights (see the module
    docstring). This is the whole look of a GIPF picture.

    >>> look = styles(gipf.Rules().start(), attempt="e1-f2")
    >>> [gipf.GRID.label(i) for i, c in enumerate(look["flags"].face) if c != "none"]
    ['f2']

    Raises:
        ValueError: ``attempt`` is neither a point of the board nor a GIPF move.
    """
    grid = gipf.GRID
    n = len(grid)
    p = PALETTE
    dots = set(_indices(gipf.DOTS))

    board = LayerStyle.build(1)
    board.face[0], board.edge[0], board.width[0] = p["board"], p["board_edge"], 1.5
    lines = LayerStyle.uniform(len(_LINE_ENDS), face=p["line"], edge=p["line"], width=0.3)

    tint = LayerStyle.build(n)
    board_now = state.pieces()
    for spot in removed:
        if grid.has(spot) and spot not in board_now:
            i = grid.index(spot)
            tint.face[i], tint.edge[i], tint.width[i] = p["removed"], p["removed_edge"], 1.2
    if rows and state.phase == "remove" and state.outcome is None:
        chosen = set(_indices(segment)) if segment is not None else set()
        standing = state.rows()
        # The other player's rows first, so that the mover's (removed now) win a shared spot.
        for row in sorted(standing, key=lambda r: r.owner == state.to_move):
            if row.owner != state.to_move:
                for i in _indices(row.row):
                    tint.edge[i], tint.width[i] = p["waiting_row"], 3.0
                continue
            for i in _indices(row.segment):
                if tint.face[i] == "none":
                    tint.face[i] = p["segment"]
            for i in _indices(row.row):
                tint.face[i] = p["row"]
        for i in chosen:
            tint.face[i] = p["chosen_segment"]
    for i in _indices(marks):
        tint.face[i] = p["mark"]
    for spot, tone in (verdicts or {}).items():
        face, edge = VERDICTS[tone]
        i = grid.index(spot)
        tint.face[i] = face or tint.face[i]
        tint.edge[i], tint.width[i] = edge, 2.5

    points = LayerStyle.build(n)
    for i in range(n):
        if i in dots:
            points.face[i], points.edge[i], points.width[i] = p["dot"], p["dot_edge"], 1.0
        else:
            points.face[i] = p["spot"]
    if dot is not None and gipf.GRID.has(dot) and gipf.GRID.index(dot) in dots:
        i = grid.index(dot)
        points.face[i], points.edge[i], points.width[i] = p["chosen"], p["chosen"], 2.0

    arrows = LayerStyle.build(len(_PUSHES))
    shown: list[str] = [str(m) for m in pushes]
    if legal and state.phase == "push":
        shown += [str(m) for m in state.legal_moves()]
    if dot is not None and state.phase == "push":
        shown += [str(m) for m in state.legal_moves() if isinstance(m, gipf.Push) and m.dot == dot]
    for text in shown:
        m = gipf.Move.parse(text)
        if not isinstance(m, gipf.Push):
            continue  # only pushes have arrows
        k = _PUSH_INDEX.get((m.dot, m.entry))
        if k is not None:
            arrows.face[k], arrows.edge[k], arrows.width[k] = p["arrow"], p["arrow"], 0.5
    if last and state.last is not None and state.last.entry in board_now:
        # Only while the pushed piece stands: no arrow into a spot a removal emptied. Its
        # edge in its own colour makes it bolder than the thin blue arrows of legal pushes.
        k = _PUSH_INDEX[(state.last.dot, state.last.entry)]
        arrows.face[k], arrows.edge[k], arrows.width[k] = p["last"], p["last"], 2.0
    tried = _attempt(attempt)
    if tried.arrow is not None:
        k = tried.arrow
        arrows.face[k], arrows.edge[k], arrows.width[k] = p["attempt_arrow"], p["attempt"], 2.0

    under, pieces, crowns = LayerStyle.build(n), LayerStyle.build(n), LayerStyle.build(n)
    kept = set(_indices(keep))
    for spot, what in board_now.items():
        i = grid.index(spot)
        colour = what.split()[0]
        pieces.face[i], pieces.edge[i], pieces.width[i] = p[colour], p[f"{colour}_edge"], 1.2
        if what.endswith("gipf"):
            under.face[i], under.edge[i], under.width[i] = p[colour], p[f"{colour}_edge"], 1.2
            crowns.edge[i], crowns.width[i] = p[f"crown_{colour}"], 1.6
            if i in kept:
                crowns.edge[i], crowns.width[i] = p["keep"], 3.5
    if tried.dot is not None and tried.dot not in board_now:
        colour = state.to_move or state.pusher or "white"
        i = grid.index(tried.dot)
        ghost = (p[f"ghost_{colour}"], p["attempt"], 1.5)
        pieces.face[i], pieces.edge[i], pieces.width[i] = ghost
        if tried.gipf:
            under.face[i], under.edge[i], under.width[i] = ghost
            crowns.edge[i], crowns.width[i] = p[f"crown_{colour}"], 1.6

    flags = LayerStyle.build(n)
    for i in _indices(tried.crosses):
        flags.face[i], flags.edge[i], flags.width[i] = p["attempt"], "#ffffff", 1.0

    tally = LayerStyle.build(4 * TALLY)
    counts = (
        state.reserve("white"),
        state.captured("white"),
        state.reserve("black"),
        state.captured("black"),
    )
    for column, count in enumerate(counts):
        colour = "white" if column < 2 else "black"
        for slot in range(min(count, TALLY)):
            k = column * TALLY + slot
            tally.face[k] = p[colour]
            captured_column = column in (1, 3)
            tally.edge[k] = p["captured_edge"] if captured_column else p[f"{colour}_edge"]
            tally.width[k] = 1.6 if captured_column else 0.8

    return {
        "board": board.done(),
        "lines": lines,
        "tint": tint.done(),
        "points": points.done(),
        "arrows": arrows.done(),
        "under": under.done(),
        "pieces": pieces.done(),
        "crowns": crowns.done(),
        "flags": flags.done(),
        "tally": tally.done(),
    }


def caption(state: gipf.State) -> str:
    """One line under the picture: whose turn and what to do, or how the game ended."""
    outcome = state.outcome
    if outcome is not None:
        return f"{outcome.winner.capitalize()} wins: {outcome.reason}"
    who = (state.to_move or "").capitalize()
    if state.phase == "remove":
        return f"{who} to remove a row"
    return f"{who} to push"


class GipfView(View):
    """A GIPF board drawn once; :meth:`update` recolours it for any state.

    >>> GipfView()
    <GipfView 8.0x6.0>
    """

    def __init__(
        self,
        figsize: tuple[float, float] = (8.0, 6.0),
        labels: bool = True,
        show_caption: bool = True,
    ) -> None:
        grid = gipf.GRID
        self.drawing = View.layered(
            grid, _shapes(), LAYERS, figsize=figsize, margin=0.35,
            caption_space=0.06 if show_caption else 0.0,
        )  # fmt: skip
        ax = self.drawing.ax
        size = TEXT_SIZES
        if labels:
            # Above the lines and the tints (a name stays legible on a tinted point), below
            # the points and the pieces.
            above_tint = 1 + LAYERS.index("tint") + 0.5
            for (x, y), text in zip(label_positions(), grid.labels, strict=True):
                ax.text(
                    x, y, text, zorder=above_tint, ha="center", va="center",
                    fontsize=size["label"], color=PALETTE["label"],
                )  # fmt: skip
        for who, x in (("White", -8.85), ("Black", 8.85)):
            ax.text(x, 7.35, who, ha="center", va="center", fontsize=size["name"], color="#222222")
        for k, word in enumerate(("reserve", "lost", "reserve", "lost")):
            x, _y = tally_position(k * TALLY)
            ax.text(
                x, -7.6, word, ha="center", va="center", fontsize=size["caption"],
                color=PALETTE["label"],
            )  # fmt: skip
        self.counts = [
            ax.text(tally_position(k * TALLY)[0], 6.55, "", ha="center", va="center",
                    fontsize=size["count"], color="#222222")
            for k in range(4)
        ]  # fmt: skip
        self.show_caption = show_caption
        self.figsize = figsize

    def __repr__(self) -> str:
        w, h = self.figsize
        return f"<GipfView {float(w)}x{float(h)}>"

    def styles(self, state: gipf.State, /, **highlight: Any) -> dict[str, LayerStyle]:
        """See the module's :func:`styles` for the highlights."""
        return styles(state, **highlight)

    def caption(self, state: gipf.State, /, **highlight: Any) -> str:
        return caption(state)

    def texts(self, state: gipf.State, /, **highlight: Any) -> None:
        """Each player's pieces in reserve and lost, counted above the tallies."""
        counts = (
            state.reserve("white"),
            state.captured("white"),
            state.reserve("black"),
            state.captured("black"),
        )
        for text, count in zip(self.counts, counts, strict=True):
            text.set_text(str(count))


def draw(
    state: gipf.State,
    *,
    figsize: tuple[float, float] = (8.0, 6.0),
    labels: bool = True,
    show_caption: bool = True,
    **highlight,
) -> Figure:
    """A new figure of ``state``; ``highlight`` as in :func:`styles` (``legal=True``,
    ``dot="e1"``, ``pushes=[...]``, ``segment=[...]``, ``keep=[...]``, ``attempt="e2"``,
    ``marks=[...]``, ``removed=[...]``, ``last=False``, ``rows=False``)."""
    view = GipfView(figsize=figsize, labels=labels, show_caption=show_caption)
    return view.update(state, **highlight)


def png_bytes(state: gipf.State, dpi: int = 72, **highlight) -> bytes:
    """``state`` as PNG bytes: what a notebook shows for a bare state."""
    view = GipfView(figsize=(8.0, 6.0))
    view.update(state, **highlight)
    return figure_png(view.drawing.figure, dpi, colours=NOTEBOOK_COLOURS)
