"""Pictures of game states, drawn with matplotlib.

``show(state, **highlight)`` returns a ``Figure`` for any game's state; the game modules
(:mod:`gamekit.render.coffee` …) hold the details and the highlight options.

>>> from gamekit import coffee
>>> from gamekit.render import show
>>> show(coffee.Rules().start())
<Figure size 600x600 with 1 Axes>
"""

from __future__ import annotations

from matplotlib.figure import Figure

from gamekit.render.board import BoardDrawing, LayerStyle

__all__ = ["show", "BoardDrawing", "LayerStyle"]


def show(state, **highlight) -> Figure:
    """A figure of ``state`` with the game's highlights (for Coffee: ``legal=True``,
    ``attempt="c3"``, ``marks=[...]``, ``line=False``, ``figsize=(w, h)``)."""
    from gamekit import coffee

    if isinstance(state, coffee.State):
        from gamekit.render.coffee import draw

        return draw(state, **highlight)
    raise TypeError(f"gamekit cannot draw {type(state).__name__} objects")
