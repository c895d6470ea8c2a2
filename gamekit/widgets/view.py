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
from gamekit.widgets.keys import arrow_map, cursor_radius, start_target

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
    drawRing();
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

  // The keyboard. Arrow keys move a ring over the board's places ("targets", with the place
  // each arrow leads to in "keymap"; Shift+arrow takes the other of two tied neighbours on a
  // hexagonal board); Enter or Space acts there as a click would. Other keys go to Python
  // for boards that use them (turning a tile). JupyterLab's own single-key shortcuts (r, m,
  // y …) must not fire while the board has the focus, so the keys stop here; Tab and Escape
  // still move on, so the focus is never trapped.
  box.tabIndex = 0;
  box.dataset.lmSuppressShortcuts = "true";
  let cursor = null;
  const NS = "http://www.w3.org/2000/svg";

  function targetAt(name) {
    for (const t of model.get("targets") || []) if (t[0] === name) return t;
    return null;
  }

  function drawRing() {
    if (!svg) return;
    let ring = svg.querySelector("g.gamekit-cursor");
    const t = cursor === null ? null : targetAt(cursor);
    if (!t) { if (ring) ring.remove(); return; }
    if (!ring) {
      ring = document.createElementNS(NS, "g");
      ring.setAttribute("class", "gamekit-cursor");
      ring.setAttribute("pointer-events", "none");
      ring.setAttribute("aria-hidden", "true");
      for (const [colour, width] of [["#ffffff", 6], ["#000000", 3]]) {
        const c = document.createElementNS(NS, "circle");
        c.setAttribute("fill", "none");
        c.setAttribute("stroke", colour);
        c.setAttribute("stroke-width", String(width));
        c.setAttribute("stroke-dasharray", colour === "#000000" ? "7 4" : "none");
        ring.appendChild(c);
      }
      svg.appendChild(ring);
    }
    for (const c of ring.querySelectorAll("circle")) {
      c.setAttribute("cx", String(t[1]));
      c.setAttribute("cy", String(t[2]));
      c.setAttribute("r", String(model.get("cursor_radius")));
    }
  }

  // What is under the ring, said at once (a place's words come from Python).
  const where = document.createElement("div");
  where.className = "gamekit-sr gamekit-where";
  where.setAttribute("aria-live", "polite");
  where.setAttribute("aria-atomic", "true");
  el.appendChild(where);

  function sayWhere() {
    if (cursor === null) return;
    const words = (model.get("target_words") || {})[cursor];
    where.textContent = words || cursor;
    box.dataset.cursor = cursor;
  }

  function place(name) {
    if (name === null || !targetAt(name)) return;
    cursor = name;
    drawRing();
    sayWhere();
  }

  // The ring shows for the keyboard only: a board focused by a mouse click (not
  // :focus-visible) draws none until an arrow key asks for it, so no dashed ring hides the
  // start place's label after a click.
  function ringOnKeyboardFocus() {
    let keyboard = true;
    try { keyboard = box.matches(":focus-visible"); } catch (e) { keyboard = true; }
    if (keyboard && (cursor === null || !targetAt(cursor))) place(model.get("start"));
  }
  box.addEventListener("focus", ringOnKeyboardFocus);
  box.addEventListener("blur", () => {
    const ring = svg && svg.querySelector("g.gamekit-cursor");
    if (ring) ring.remove();
  });
  box.addEventListener("keydown", (ev) => {
    if (ev.key === "Tab" || ev.key === "Escape" || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const targets = model.get("targets") || [];
    const arrow = ev.key.startsWith("Arrow");
    if (targets.length && (arrow || ev.key === "Enter" || ev.key === " ")) {
      ev.stopPropagation();
      ev.preventDefault();
      if (cursor === null || !targetAt(cursor)) { place(model.get("start")); return; }
      if (arrow) {
        const ways = (model.get("keymap") || {})[cursor] || {};
        const to = ways[(ev.shiftKey ? "Shift+" : "") + ev.key];
        if (to) place(to);
        return;
      }
      clickedAt = performance.now();
      model.send({ type: "pick", target: cursor });
      return;
    }
    if (!model.get("wants_keys")) return;
    if (ev.key.length > 12) return;
    ev.stopPropagation();
    ev.preventDefault();
    model.send({ type: "key", key: ev.key });
  });

  // What changed on the board (a move, the computer's answer, a refusal, the end), said once:
  // each piece of news is a new line of a polite log region, so a screen reader reads it
  // when it is free, the same words twice are said twice, and news that comes quickly (your
  // move, then the computer's) is not cut short. The last few lines are kept.
  const live = document.createElement("div");
  live.className = "gamekit-sr gamekit-live";
  live.setAttribute("role", "log");
  live.setAttribute("aria-live", "polite");
  el.appendChild(live);
  function announce() {
    const line = document.createElement("p");
    line.textContent = model.get("announcement");
    live.appendChild(line);
    while (live.childNodes.length > 6) live.removeChild(live.firstChild);
  }
  model.on("change:announced", announce);
  model.on("change:targets", drawRing);
  // Python asks for the focus (a piece chosen elsewhere goes on the board next).
  function onCustom(msg) {
    if (!msg || msg.type !== "focus") return;
    if (!el.isConnected) return;
    box.focus({ preventScroll: true });
    ringOnKeyboardFocus();  // the focus event does not fire when the board had it already
  }
  model.on("msg:custom", onCustom);
  // The arrows' map on the page too (data-keymap), for tools and tests that walk the ring.
  function showMap() { box.dataset.keymap = JSON.stringify(model.get("keymap") || {}); }
  model.on("change:keymap", showMap);
  showMap();

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
    model.off("change:announced", announce);
    model.off("msg:custom", onCustom);
    model.off("change:targets", drawRing);
    model.off("change:keymap", showMap);
    document.removeEventListener("click", onAnyClick, true);
  };
}

export default { render };
"""

_CSS = """
.gamekit-board { width: 100%; line-height: 0; }
.gamekit-board:focus { outline: none; }
.gamekit-board:focus-visible { outline: 3px solid #0072b2; outline-offset: 2px; }
/* Words for a screen reader only (the live regions): kept off the screen, never hidden. */
.gamekit-sr {
  position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; border: 0;
  overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap;
}
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
/* In a Voila page there is no cell to run: its own bar says what to do (reload). */
body[data-voila] .gamekit-app.jupyter-widgets-disconnected::before { content: none; display: none; }
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
    #: The places the keyboard's ring moves over: ``[name, x, y]`` in SVG units.
    targets: traitlets.List = traitlets.List([]).tag(sync=True)
    #: Place -> key -> place (:func:`gamekit.widgets.keys.arrow_map`).
    keymap = traitlets.Dict({}).tag(sync=True)
    #: Place -> what is there, in words (said when the ring comes to it).
    target_words = traitlets.Dict({}).tag(sync=True)
    #: Where the ring starts, and its size in SVG units.
    start = traitlets.Unicode("").tag(sync=True)
    cursor_radius = traitlets.Float(10.0).tag(sync=True)
    #: The last news said in the live region, and how many have been said.
    announcement = traitlets.Unicode("").tag(sync=True)
    announced = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._click_handlers: list[Callable[[float, float], None]] = []
        self._key_handlers: list[Callable[[str], None]] = []
        self._pick_handlers: list[Callable[[str], None]] = []
        self._points: dict[str, tuple[float, float]] = {}
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

    def on_pick(self, handler: Callable[[str], None]) -> None:
        """Register ``fn(place)``, called when Enter or Space is pressed with the ring on a
        place (one of the names given to :meth:`set_targets`)."""
        self._pick_handlers.append(handler)

    def set_targets(
        self, points: dict[str, tuple[float, float]], words: dict[str, str] | None = None
    ) -> None:
        """The places the ring moves over (name -> centre in SVG units, y downwards) and
        what is on each, in words; the arrows' map is worked out once per set of places."""
        points = {str(n): (round(float(x), 3), round(float(y), 3)) for n, (x, y) in points.items()}
        with self.hold_sync():
            if points != self._points:
                self._points = points
                self.targets = [[n, x, y] for n, (x, y) in points.items()]
                self.keymap = arrow_map(points)
                self.cursor_radius = cursor_radius(points)
                self.start = start_target(points) or ""
            if words is not None and words != self.target_words:
                self.target_words = dict(words)

    def focus(self) -> None:
        """Move the page's focus to the board (the keyboard's ring shows at its start place
        when the focus came from the keyboard)."""
        self.send({"type": "focus"})

    def say(self, text: str) -> None:
        """Say ``text`` once in the board's live region (a screen reader reads it when it is
        free): a move, the computer's answer, a refusal, the end of the game."""
        with self.hold_sync():
            self.announcement = str(text)
            self.announced += 1

    def _on_custom_msg(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("type") == "pick":
            target = content.get("target")
            if isinstance(target, str) and target in self._points:
                for pick_handler in self._pick_handlers:
                    pick_handler(target)
            return
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
        except (KeyError, TypeError, ValueError, OverflowError):  # a number past a float too
            return
        if not (math.isfinite(sx) and math.isfinite(sy)):
            return
        for handler in self._click_handlers:
            handler(sx, sy)
