"""A board picture in the browser that answers clicks and recolours itself in place.

:class:`BoardView` shows the SVG that matplotlib made of a :class:`~gamekit.render.board.
BoardDrawing` once, then only changes the fill, edge colour and edge width of its shapes when
the Python side sends new layer styles. A click is sent to Python as a point in the SVG's
own units; :func:`click_to_cell` (a pure function) turns it into a cell. All JavaScript is in
this file: nothing is fetched from the internet, so boards work in an offline classroom.

>>> from gamekit.grids import square
>>> from gamekit.render.board import BoardDrawing
>>> d = BoardDrawing(square(3), figsize=(3, 3))
>>> click_to_cell(d.grid, d.svg_transform(), *svg_point(d.svg_transform(), 1.0, 2.0))
'b3'
"""

from __future__ import annotations

import math
from collections.abc import Callable

import anywidget
import traitlets

from gamekit.grids import Grid

__all__ = ["BoardView", "click_to_cell", "svg_point"]

Transform = tuple[float, float, float, float]


def svg_point(transform: Transform, x: float, y: float) -> tuple[float, float]:
    """Drawing units to SVG user units (see ``BoardDrawing.svg_transform``)."""
    ax, bx, ay, by = transform
    return ax * x + bx, ay * y + by


def click_to_cell(grid: Grid, transform: Transform, sx: float, sy: float) -> str | None:
    """The label of the cell under an SVG point, or ``None`` off the board."""
    ax, bx, ay, by = transform
    i = grid.cell_at((sx - bx) / ax, (sy - by) / ay)
    return None if i is None else grid.label(i)


_ESM = r"""
function paint(layers, styles) {
  for (const [name, st] of Object.entries(styles)) {
    const shapes = layers[name];
    if (!shapes) continue;
    const n = Math.min(shapes.length, st.face.length);
    for (let i = 0; i < n; i++) {
      const s = shapes[i].style;
      s.fill = st.face[i];
      s.stroke = st.edge[i];
      s.strokeWidth = String(st.width[i]);
    }
  }
}

// Hover words: each layer listed in "tips" gets an SVG <title> on its shapes (the browser
// shows it when the pointer rests there); an empty text removes it.
function titles(layers, tips) {
  for (const [name, texts] of Object.entries(tips || {})) {
    const shapes = layers[name] || [];
    shapes.forEach((shape, i) => {
      const text = texts[i] || "";
      let t = shape.querySelector("title");
      if (!text) { if (t) t.remove(); return; }
      if (!t) {
        t = document.createElementNS("http://www.w3.org/2000/svg", "title");
        shape.appendChild(t);
      }
      t.textContent = text;
    });
  }
}

function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "gamekit-board";
  box.dataset.paints = "0";
  el.appendChild(box);
  let svg = null;
  let layers = {};
  let clickedAt = null;

  function mount() {
    box.innerHTML = model.get("svg");
    svg = box.querySelector("svg");
    if (!svg) return;
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.style.width = "100%";
    svg.style.height = "auto";
    svg.style.maxHeight = model.get("max_height");
    svg.setAttribute("role", "img");
    name();
    layers = {};
    for (const g of svg.querySelectorAll('g[id^="layer-"]')) {
      layers[g.id.slice(6)] = Array.from(g.querySelectorAll("path"));
    }
    svg.addEventListener("click", (ev) => {
      const ctm = svg.getScreenCTM();
      if (!ctm) return;
      const pt = svg.createSVGPoint();
      pt.x = ev.clientX;
      pt.y = ev.clientY;
      const p = pt.matrixTransform(ctm.inverse());
      clickedAt = performance.now();
      model.send({ type: "click", x: p.x, y: p.y });
    });
    update();
  }

  function update() {
    paint(layers, model.get("styles"));
    titles(layers, model.get("tips"));
    box.dataset.paints = String(Number(box.dataset.paints) + 1);
    if (clickedAt !== null) {
      box.dataset.latency = String(performance.now() - clickedAt);
      clickedAt = null;
    }
  }

  // Keys pressed while the board has the focus (click it first) go to Python too, for
  // boards that use them (turning a tile with the arrow keys); other boards let them pass.
  // JupyterLab's own single-key shortcuts (r, m, y …) must not fire while the board has
  // the focus, so the keys stop here (Tab and Escape still move on).
  box.tabIndex = 0;
  box.dataset.lmSuppressShortcuts = "true";
  box.addEventListener("keydown", (ev) => {
    if (!model.get("wants_keys")) return;
    if (ev.key === "Tab" || ev.key === "Escape" || ev.key.length > 12) return;
    ev.stopPropagation();
    ev.preventDefault();
    model.send({ type: "key", key: ev.key });
  });

  // Any click on the page (a board cell, a button of its controls) starts the clock that the
  // next repaint stops: data-latency is the click-to-redrawn-board time, for benchmarks.
  const onAnyClick = () => { clickedAt = performance.now(); };
  document.addEventListener("click", onAnyClick, true);

  box.style.maxWidth = model.get("width") + "px";
  model.on("change:svg", mount);
  model.on("change:styles", update);
  model.on("change:tips", () => titles(layers, model.get("tips")));
  model.on("change:width", () => { box.style.maxWidth = model.get("width") + "px"; });
  model.on("change:max_height", () => { if (svg) svg.style.maxHeight = model.get("max_height"); });
  // The board's name for a screen reader: what it is, then the position in words.
  function name() {
    if (!svg) return;
    const position = model.get("position");
    svg.setAttribute("aria-label", model.get("label") + (position ? ". " + position : ""));
  }
  model.on("change:label", name);
  model.on("change:position", name);
  mount();
  return () => {
    model.off("change:svg", mount);
    model.off("change:styles", update);
    document.removeEventListener("click", onAnyClick, true);
  };
}

export default { render };
"""

_CSS = """
.gamekit-board { width: 100%; line-height: 0; }
.gamekit-board:focus { outline: none; }
.gamekit-board:focus-visible { outline: 2px solid #0072b2; }
.gamekit-board svg { cursor: pointer; user-select: none; display: block; }
.gamekit-board svg * { stroke-linejoin: round; stroke-linecap: butt; }
/* A board drawn from a notebook's saved widget state (its kernel gone): one plain note on
   top instead of a broken-link icon on every control. */
.gamekit-app .jupyter-widgets-disconnected::before { content: none; display: none; }
.gamekit-app.jupyter-widgets-disconnected::before {
  content: "A picture of the board as it was saved. Run the cell again to play.";
  display: block;
  font: 13px/1.4 var(--jp-ui-font-family, sans-serif);
  color: #6b6250;
  background: #fff8e6;
  border: 1px solid #e3cfa1;
  border-radius: 4px;
  padding: 3px 8px;
  margin-bottom: 4px;
  align-self: stretch;
}
"""


class BoardView(anywidget.AnyWidget):
    """The clickable picture: ``svg`` once, ``styles`` on every change.

    ``on_click(fn)`` registers ``fn(sx, sy)``, called with the SVG point of each click.
    """

    _esm = _ESM
    _css = _CSS
    svg = traitlets.Unicode("").tag(sync=True)
    styles = traitlets.Dict({}).tag(sync=True)
    #: Hover words by layer: one text per shape ("" for none), shown as a tooltip.
    tips = traitlets.Dict({}).tag(sync=True)
    width = traitlets.Int(460).tag(sync=True)
    #: The tallest the picture may be (CSS): it shrinks, keeping its shape, to fit a screen.
    max_height = traitlets.Unicode("calc(100vh - 160px)").tag(sync=True)
    label = traitlets.Unicode("game board").tag(sync=True)
    #: The position in words, read after the label (the board's accessible name).
    position = traitlets.Unicode("").tag(sync=True)
    wants_keys = traitlets.Bool(False).tag(sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._click_handlers: list[Callable[[float, float], None]] = []
        self._key_handlers: list[Callable[[str], None]] = []
        self.on_msg(self._on_custom_msg)

    def __repr__(self) -> str:
        return f"<BoardView {self.label}>"

    def on_click(self, handler: Callable[[float, float], None]) -> None:
        self._click_handlers.append(handler)

    def on_key(self, handler: Callable[[str], None]) -> None:
        """Register ``fn(key)``, called with the name of each key pressed on the board
        (``"ArrowLeft"``, ``"r"`` …)."""
        self._key_handlers.append(handler)
        self.wants_keys = True

    def _on_custom_msg(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("type") == "key":
            key = content.get("key")
            if isinstance(key, str) and 0 < len(key) <= 12:
                for key_handler in self._key_handlers:
                    key_handler(key)
            return
        if not isinstance(content, dict) or content.get("type") != "click":
            return
        try:
            sx, sy = float(content["x"]), float(content["y"])
        except (KeyError, TypeError, ValueError):
            return
        if not (math.isfinite(sx) and math.isfinite(sy)):
            return
        for handler in self._click_handlers:
            handler(sx, sy)
