"""The one grid drawer every board picture is built on.

A :class:`BoardDrawing` draws a :class:`~gamekit.grids.Grid` once, as *layers*: each layer is
one matplotlib ``PolyCollection`` holding one shape per element (per cell for most layers).
Changing a picture only changes colours and line widths of those shapes
(:meth:`BoardDrawing.apply`), so redrawing is cheap, and the same per-element styles can be
sent to a browser that updates the SVG in place (see :mod:`gamekit.widgets.view`).

>>> from gamekit.grids import square
>>> d = BoardDrawing(square(3), figsize=(3, 3))
>>> d.add_layer("cells", square(3).polygons)
>>> d.apply({"cells": LayerStyle.uniform(9, face="#ffffff", edge="#000000")})
>>> d
<BoardDrawing square3: cells>
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import matplotlib
import numpy as np
from matplotlib.collections import PolyCollection
from matplotlib.colors import to_hex, to_rgba_array
from matplotlib.figure import Figure

from gamekit.game import FrozenMap

__all__ = [
    "BoardDrawing",
    "View",
    "LayerStyle",
    "Picture",
    "HIDDEN",
    "NOTEBOOK_DPI",
    "NOTEBOOK_COLOURS",
    "VERDICTS",
    "circle",
    "figure_png",
    "polygon_around",
    "rectangle",
]

#: Colour of an element that is not shown.
HIDDEN = "none"

#: A puzzle's marks on any board, as (fill, outline): a cell the learner chose, the
#: learner's answer right or wrong, the answer once shown and the cell a task names (outlines
#: only, ``None`` keeps the fill). Okabe–Ito blue, bluish green, vermillion and orange: apart
#: for the common colour-vision deficiencies, and the words beside the board say the same.
VERDICTS: FrozenMap[str, tuple[str | None, str]] = FrozenMap(
    {
        "chosen": ("#cfe3f7", "#0072b2"),
        "right": ("#b5e4cf", "#009e73"),
        "wrong": ("#f7cdb5", "#d55e00"),
        "answer": (None, "#009e73"),
        "target": (None, "#e69f00"),
    }
)


@dataclass(frozen=True)
class LayerStyle:
    """Per-element colours and edge widths of one layer (``"none"`` hides a colour)."""

    face: tuple[str, ...]
    edge: tuple[str, ...]
    width: tuple[float, ...]

    @classmethod
    def uniform(
        cls, count: int, face: str = HIDDEN, edge: str = HIDDEN, width: float = 1.0
    ) -> LayerStyle:
        return cls((face,) * count, (edge,) * count, (width,) * count)

    @classmethod
    def build(cls, count: int) -> _StyleBuilder:
        """A mutable builder, all elements hidden: set ``face[i]``, ``edge[i]``, ``width[i]``."""
        return _StyleBuilder([HIDDEN] * count, [HIDDEN] * count, [1.0] * count)

    def to_json(self) -> dict[str, list[Any]]:
        """The form the browser side reads: ``{"face": [...], "edge": [...], "width": [...]}``."""
        return {"face": list(self.face), "edge": list(self.edge), "width": list(self.width)}


@dataclass
class _StyleBuilder:
    face: list[str]
    edge: list[str]
    width: list[float]

    def done(self) -> LayerStyle:
        return LayerStyle(tuple(self.face), tuple(self.edge), tuple(self.width))


def circle(x: float, y: float, radius: float, points: int = 32) -> np.ndarray:
    """A circle as a polygon (so every stone is its own path in an SVG)."""
    t = np.linspace(0.0, 2.0 * np.pi, points, endpoint=False)
    points_xy: np.ndarray = np.column_stack([x + radius * np.cos(t), y + radius * np.sin(t)])
    return points_xy


def rectangle(x: float, y: float, length: float, width: float, angle: float) -> np.ndarray:
    """A ``length`` × ``width`` rectangle centred on ``(x, y)``, turned by ``angle`` radians."""
    hl, hw = length / 2.0, width / 2.0
    base = np.array([[-hl, -hw], [hl, -hw], [hl, hw], [-hl, hw]])
    c, s = np.cos(angle), np.sin(angle)
    corners: np.ndarray = base @ np.array([[c, s], [-s, c]]) + np.array([x, y])
    return corners


def polygon_around(x: float, y: float, shape: np.ndarray) -> np.ndarray:
    """``shape`` (points around the origin) moved to ``(x, y)``."""
    moved: np.ndarray = np.asarray(shape, dtype=float) + np.array([x, y])
    return moved


def rgba(colours: Sequence[str]) -> np.ndarray:
    return to_rgba_array(["#00000000" if c == HIDDEN else c for c in colours])


#: Resolution of pictures shown in a notebook (a 6-inch figure is 432 pixels wide).
NOTEBOOK_DPI = 72
#: Pictures in notebooks use a palette of at most this many colours (a quarter of the bytes).
NOTEBOOK_COLOURS = 256


def figure_png(figure: Figure, dpi: int = 80, colours: int | None = None) -> bytes:
    """A figure as PNG bytes, with no metadata that changes between runs.

    With ``colours``, the picture is reduced to a palette of that many colours (no dithering):
    board pictures have few colours, and this makes them about four times smaller, which
    keeps notebooks that store many pictures small."""
    buf = io.BytesIO()
    figure.savefig(buf, format="png", dpi=dpi, metadata={"Software": None})
    if colours is None:
        return buf.getvalue()
    from PIL import Image  # a dependency of matplotlib

    buf.seek(0)
    image = Image.open(buf).convert("RGB")
    # Octree keeps every distinct hue a board uses (median cut merged a green arrow into the
    # blue ones beside it); only the shades of anti-aliased edges are merged.
    small = image.quantize(
        colors=colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
    )
    out = io.BytesIO()
    small.save(out, format="PNG", optimize=True)
    return out.getvalue()


class Picture(Figure):
    """A matplotlib ``Figure`` that shows itself in a notebook as a PNG, without pyplot and
    without changing any global matplotlib or IPython setting. Every gamekit picture is one.

    >>> Picture(figsize=(2, 1))._repr_png_()[:4]
    b'\\x89PNG'
    """

    def _repr_png_(self) -> bytes:
        return figure_png(self, NOTEBOOK_DPI, colours=NOTEBOOK_COLOURS)

    def __repr__(self) -> str:
        return "<Figure " + super().__repr__().partition(" ")[2]


class Area(Protocol):
    """What :class:`BoardDrawing` reads of what it draws: a :class:`~gamekit.grids.Grid`,
    or any area with a kind, a size, cell centres and bounds (a table with no cells)."""

    @property
    def kind(self) -> str: ...

    @property
    def size(self) -> int: ...

    @property
    def centres(self) -> Iterable[Any]: ...

    @property
    def bounds(self) -> tuple[float, float, float, float]: ...


class BoardDrawing:
    """A figure of a grid, made of named layers whose styles change in place.

    ``figsize`` is fixed (inches); the board fills it, keeping its proportions.
    """

    def __init__(
        self,
        grid: Area,
        figsize: tuple[float, float] = (6.0, 6.0),
        margin: float = 0.3,
        caption_space: float = 0.0,
    ) -> None:
        """``margin`` is in drawing units around the board; ``caption_space`` is the
        fraction of the figure's height kept free under the board for the caption."""
        self.grid = grid
        self.figure = Picture(figsize=figsize, dpi=100)
        self.figure.patch.set_facecolor("white")
        self.ax = self.figure.add_axes((0.0, 0.0, 1.0, 1.0))
        self.ax.set_axis_off()
        xmin, xmax, ymin, ymax = grid.bounds
        x0, x1 = xmin - margin, xmax + margin
        y0, y1 = ymin - margin, ymax + margin
        band = caption_space * (y1 - y0) / (1.0 - caption_space)
        y0 -= band
        # Widen the shorter side so one drawing unit is as long across as up: the limits
        # then stay exactly as set (no aspect adjustment at draw time).
        want = figsize[0] / figsize[1]
        if (x1 - x0) / (y1 - y0) < want:
            extra = (want * (y1 - y0) - (x1 - x0)) / 2.0
            x0, x1 = x0 - extra, x1 + extra
        else:
            extra = ((x1 - x0) / want - (y1 - y0)) / 2.0
            y0, y1 = y0 - extra, y1 + extra
        self.ax.set_xlim(x0, x1)
        self.ax.set_ylim(y0, y1)
        self.layers: dict[str, PolyCollection] = {}
        self.caption = self.ax.text(
            (xmin + xmax) / 2.0,
            ymin - margin / 2.0 - band / 2.0,
            "",
            ha="center",
            va="center",
            fontsize=11,
            color="#222222",
        )

    def __repr__(self) -> str:
        name = f"{self.grid.kind}{self.grid.size}"
        return f"<BoardDrawing {name}: {', '.join(self.layers)}>"

    def add_layer(self, name: str, polygons: np.ndarray | Sequence[np.ndarray]) -> None:
        """Add a layer above the existing ones: one shape per element."""
        coll = PolyCollection(
            list(polygons),
            facecolors="#000000",
            edgecolors="#000000",
            linewidths=1.0,
            zorder=1 + len(self.layers),
            joinstyle="round",
        )
        coll.set_gid(f"layer-{name}")
        self.ax.add_collection(coll)
        self.layers[name] = coll

    def add_labels(self, texts: Sequence[str], offset: tuple[float, float], **kw: Any) -> None:
        """Small text per cell (cell names), drawn just above the ``cells`` layer."""
        kw = {"fontsize": 7, "color": "#6b6250", "ha": "center", "va": "center", **kw}
        dx, dy = offset
        for (x, y), text in zip(self.grid.centres, texts, strict=True):
            self.ax.text(x + dx, y + dy, text, zorder=1.5, **kw)

    def apply(self, styles: dict[str, LayerStyle]) -> None:
        """Set the colours and widths of the named layers (others are left as they are)."""
        for name, style in styles.items():
            coll = self.layers[name]
            # matplotlib's stubs leave out the (N, 4) RGBA arrays that collections take
            coll.set_facecolor(rgba(style.face))  # type: ignore[arg-type]
            coll.set_edgecolor(rgba(style.edge))  # type: ignore[arg-type]
            coll.set_linewidth(list(style.width))

    def current(self, name: str) -> LayerStyle:
        """The style a layer has now (colours as ``#rrggbb``/``#rrggbbaa`` hex)."""
        coll = self.layers[name]

        def hexes(rgba: np.ndarray) -> tuple[str, ...]:
            return tuple(HIDDEN if c[3] == 0 else to_hex(c, keep_alpha=c[3] < 1) for c in rgba)

        return LayerStyle(
            hexes(np.asarray(coll.get_facecolor())),
            hexes(np.asarray(coll.get_edgecolor())),
            tuple(float(w) for w in np.atleast_1d(coll.get_linewidth())),
        )

    # -- output ------------------------------------------------------------------------------
    def png(self, dpi: int = 80) -> bytes:
        """The picture as PNG bytes (deterministic for a given matplotlib)."""
        return figure_png(self.figure, dpi)

    def svg(self) -> str:
        """The picture as SVG text, every element of every layer present (so a browser can
        restyle them in place), with text as text and no random ids or dates."""
        saved = {name: self.current(name) for name in self.layers}
        # Every element drawn opaque, so none is left out of the file.
        self.apply(
            {
                name: LayerStyle.uniform(len(s.face), "#000000", "#000000")
                for name, s in saved.items()
            }
        )
        try:
            with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "gamekit"}):
                buf = io.StringIO()
                self.figure.savefig(buf, format="svg", metadata={"Date": None, "Creator": None})
        finally:
            self.apply(saved)
        text = buf.getvalue()
        # Only the <svg> element, ready to sit inside a page: no DOCTYPE (its DTD URL), no RDF
        # metadata (more URLs), no page-wide <style> rule (the widget scopes its own), and no
        # fixed size (the browser scales the picture to its box).
        text = text[text.index("<svg") :]
        text = re.sub(r"\s*<metadata>.*?</metadata>", "", text, count=1, flags=re.S)
        text = re.sub(r"\s*<style[^>]*>.*?</style>", "", text, count=1, flags=re.S)
        return re.sub(r'<svg([^>]*?) width="[^"]*" height="[^"]*"', r"<svg\1", text, count=1)

    def svg_transform(self) -> tuple[float, float, float, float]:
        """``(ax, bx, ay, by)`` such that drawing units ``(x, y)`` map to SVG user units
        ``(ax * x + bx, ay * y + by)`` in :meth:`svg`'s document."""
        fig = self.figure
        old_dpi = fig.dpi
        fig.set_dpi(72)  # the SVG backend works in points
        try:
            trans = self.ax.transData
            (x0, y0), (x1, y1) = trans.transform([(0.0, 0.0), (1.0, 1.0)])
            height = fig.get_figheight() * 72
        finally:
            fig.set_dpi(old_dpi)
        return (x1 - x0, x0, -(y1 - y0), height - y0)

    def svg_to_data(self, sx: float, sy: float) -> tuple[float, float]:
        """Inverse of :meth:`svg_transform`: a click in the SVG to drawing units."""
        ax_, bx, ay, by = self.svg_transform()
        return (sx - bx) / ax_, (sy - by) / ay


class View:
    """A picture drawn once and recoloured for each position: the base of every game's
    view (``CoffeeView``, ``GipfView``, Hex Tiles' ``FigureView``, ``RoasterView`` and the
    kit's ``GridView``), which the boards and each game's ``draw`` share.

    A view's constructor makes ``self.drawing`` (a :class:`BoardDrawing` and its layers;
    :meth:`layered` does the usual part) and anything else it writes on; the view then
    says what it draws (:meth:`check`), the styles of a position (:meth:`styles`), its
    caption (:meth:`caption`) and its own texts (:meth:`texts`). :meth:`update` does the
    rest.

    >>> from gamekit.grids import square
    >>> class Plain(View):
    ...     def __init__(self):
    ...         self.drawing = View.layered(square(3), {"cells": square(3).polygons}, ["cells"])
    ...     def styles(self, thing, **highlight):
    ...         return {"cells": LayerStyle.uniform(9, face="#ffffff", edge="#000000")}
    ...     def caption(self, thing, **highlight):
    ...         return f"{thing}, drawn"
    >>> view = Plain()
    >>> view.update("an empty board") is view.figure, view.drawing.caption.get_text()
    (True, 'an empty board, drawn')
    """

    drawing: BoardDrawing
    #: Whether :meth:`update` writes :meth:`caption` under the board.
    show_caption: bool = True

    @staticmethod
    def layered(
        area: Area,
        shapes: Any,
        layers: Sequence[str],
        figsize: tuple[float, float] = (6.0, 6.0),
        margin: float = 0.3,
        caption_space: float = 0.0,
    ) -> BoardDrawing:
        """A :class:`BoardDrawing` of ``area`` with ``layers`` (bottom first), each made of
        the shapes ``shapes[name]``."""
        drawing = BoardDrawing(area, figsize=figsize, margin=margin, caption_space=caption_space)
        for name in layers:
            drawing.add_layer(name, shapes[name])
        return drawing

    @property
    def figure(self) -> Figure:
        """The matplotlib figure the view draws on."""
        return self.drawing.figure

    def update(self, thing: Any, /, **highlight: Any) -> Figure:
        """Recolour the picture for ``thing`` (a position, or what the view draws) with the
        view's ``highlight`` keywords; returns the figure.

        Raises:
            ValueError: the view cannot draw ``thing`` (:meth:`check` says why).
        """
        self.check(thing)
        self.drawing.apply(self.styles(thing, **highlight))
        self.texts(thing, **highlight)
        if self.show_caption:
            self.drawing.caption.set_text(self.caption(thing, **highlight))
        return self.drawing.figure

    def check(self, thing: Any, /) -> None:
        """Refuse, with a ``ValueError`` in words, what this view cannot draw (hook: all)."""

    def styles(self, thing: Any, /, **highlight: Any) -> dict[str, LayerStyle]:
        """The layers' styles for ``thing`` (each view says its own)."""
        raise NotImplementedError(f"{type(self).__name__} gives no styles")

    def caption(self, thing: Any, /, **highlight: Any) -> str:
        """The line under the board (hook: none)."""
        return ""

    def texts(self, thing: Any, /, **highlight: Any) -> None:
        """Write the view's own texts for ``thing`` beside its layers (hook: none)."""
