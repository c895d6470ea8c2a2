"""Pictures of game states, drawn with matplotlib.

``show(state, **highlight)`` returns a ``Figure`` for any game's state; the game modules
(:mod:`gamekit.render.coffee` …) hold the details and the highlight options.

>>> from gamekit import coffee
>>> from gamekit.render import show
>>> show(coffee.Rules().start())
<Figure size 600x600 with 1 Axes>
"""

from __future__ import annotations

import importlib

from matplotlib.figure import Figure

from gamekit.render.board import BoardDrawing, LayerStyle

__all__ = ["show", "BoardDrawing", "LayerStyle"]

#: Resolution of figures shown in a notebook (a 6-inch figure is 432 pixels wide).
NOTEBOOK_DPI = 72
#: Pictures in notebooks use a palette of this many colours (a quarter of the bytes).
NOTEBOOK_COLOURS = 128


def _figure_png(fig: Figure) -> bytes:
    from gamekit.render.board import figure_png

    return figure_png(fig, NOTEBOOK_DPI, colours=NOTEBOOK_COLOURS)


def _register_notebook_display() -> None:
    """Let a notebook show a bare ``Figure`` as a picture even when pyplot was never
    imported (gamekit draws without pyplot, so the inline backend never hooks itself in)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return
    ip = get_ipython()
    if ip is None or not hasattr(ip, "display_formatter"):
        return
    formatter = ip.display_formatter.formatters["image/png"]
    formatter.for_type(Figure, _figure_png)


_register_notebook_display()


def show(state, **highlight) -> Figure:
    """A figure of any game's ``state``, drawn by ``gamekit.render.<game>.draw`` (for Coffee:
    ``legal=True``, ``attempt="c3"``, ``marks=[...]``, ``line=False``, ``figsize=(w, h)``)."""
    game = getattr(importlib.import_module(type(state).__module__), "GAME", None)
    if game is None:
        raise TypeError(f"gamekit cannot draw {type(state).__name__} objects")
    return importlib.import_module(f"gamekit.render.{game}").draw(state, **highlight)
