"""A row of Hex Tiles tiles as buttons (the market, a reserve): each tile drawn as it is,
clicked or chosen with the keyboard; the board reads which one was picked.

>>> row = TileRow()
>>> row
<TileRow 0 tiles>
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import anywidget
import traitlets

from gamekit import hextiles
from gamekit.hextiles.picture import tile_svg
from gamekit.hextiles.words import tile_words

_TILES_ESM = r"""
function render({ model, el }) {
  const row = document.createElement("div");
  row.className = "gamekit-tiles";
  el.appendChild(row);
  function draw() {
    row.innerHTML = "";
    const tiles = model.get("tiles");
    if (!tiles.length) {
      const none = document.createElement("span");
      none.className = "gamekit-tiles-empty";
      none.textContent = model.get("empty");
      row.appendChild(none);
    }
    tiles.forEach((t, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "gamekit-tile" + (model.get("dim") ? " dim" : "");
      b.title = t.label;
      b.setAttribute("aria-label", t.label);
      b.setAttribute("aria-pressed", i === model.get("selected") ? "true" : "false");
      b.innerHTML = t.svg + '<span class="gamekit-tile-caption"></span>';
      b.querySelector(".gamekit-tile-caption").textContent = t.caption;
      b.addEventListener("click", () => model.send({ type: "pick", index: i }));
      row.appendChild(b);
    });
  }
  model.on("change:tiles", draw);
  model.on("change:selected", draw);
  model.on("change:dim", draw);
  draw();
  return () => {
    model.off("change:tiles", draw);
    model.off("change:selected", draw);
    model.off("change:dim", draw);
  };
}
export default { render };
"""

_TILES_CSS = """
.gamekit-tiles { display: flex; flex-wrap: wrap; gap: 4px; min-height: 62px;
  align-items: center; }
.gamekit-tiles-empty { color: #6b7280; font-size: 13px; }
.gamekit-tile { display: flex; flex-direction: column; align-items: center; width: 62px;
  padding: 2px 2px 3px; border: 1px solid #c9c2b4; border-radius: 6px; background: #fff;
  cursor: pointer; font: 12px/1.1 sans-serif; color: #222; }
.gamekit-tile:hover { border-color: #0072b2; background: #f1f7fc; }
.gamekit-tile:focus-visible { outline: 2px solid #0072b2; }
.gamekit-tile[aria-pressed="true"] { border: 2px solid #cc79a7; background: #fbeef5; }
.gamekit-tile.dim { opacity: 0.5; }
.gamekit-tile svg { display: block; }
/* The board's "figure in words" (an accordion next to the rows): a title that reads well. */
.gamekit-reading-box .jupyter-widget-Collapse-header { color: #222; }
"""


class TileRow(anywidget.AnyWidget):
    """A row of tiles drawn as pictures, each one a button: a click on a picture calls
    the handlers given to :meth:`on_pick` with its index. ``selected`` rings one tile;
    ``dim`` greys the row (the tiles still answer, so a click can explain why not).

    >>> row = TileRow()
    >>> row.show(["100000", "110000"], captions=["red", "blue"])
    >>> [t["caption"] for t in row.tiles], row
    (['red', 'blue'], <TileRow 2 tiles>)
    """

    _esm = _TILES_ESM
    _css = _TILES_CSS
    tiles: Any = traitlets.List([]).tag(sync=True)
    selected = traitlets.Int(-1).tag(sync=True)
    dim = traitlets.Bool(False).tag(sync=True)
    empty = traitlets.Unicode("(none)").tag(sync=True)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._handlers: list[Callable[[int], None]] = []
        self.patterns: list[str] = []
        self.on_msg(self._on_custom_msg)

    def __repr__(self) -> str:
        return f"<TileRow {len(self.patterns)} tiles>"

    def show(
        self,
        patterns: Iterable[str | hextiles.Tile],
        captions: list[str] | None = None,
        selected: int = -1,
        dim: bool = False,
    ) -> None:
        """Show ``patterns`` (tiles as six digits), each with a caption under it (its
        colour unless given).

        Raises:
            InvalidNotationError: a pattern is not a tile.
            ValueError: ``captions`` is not as long as ``patterns``.
        """
        marks = [hextiles.Tile.from_marks(p).marks for p in patterns]
        captions = captions or [hextiles.Tile.from_marks(p).colour for p in marks]
        tiles = [
            {"svg": tile_svg(p, 40), "label": tile_words(p), "caption": c}
            for p, c in zip(marks, captions, strict=True)
        ]
        self.patterns = marks
        if tiles != self.tiles:
            self.tiles = tiles
        self.selected, self.dim = selected, dim

    def on_pick(self, handler: Callable[[int], None]) -> None:
        """Register ``fn(index)``, called when a tile's picture is clicked."""
        self._handlers.append(handler)

    def pick(self, index: int) -> None:
        """What a click on the ``index``-th picture does."""
        if isinstance(index, int) and 0 <= index < len(self.patterns):
            for handler in self._handlers:
                handler(index)

    def _on_custom_msg(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("type") == "pick":
            index = content.get("index")
            if isinstance(index, int) and not isinstance(index, bool):
                self.pick(index)
