"""Pictures of game states, drawn with matplotlib.

``show(state, **highlight)`` returns a ``Figure`` for any game's state; the game modules
(:mod:`gamekit.coffee.picture` …) hold the details and the highlight options.

>>> from gamekit import coffee
>>> from gamekit.render import show
>>> show(coffee.Rules().start())
<Figure size 600x600 with 1 Axes>
"""

from __future__ import annotations

from typing import Any

from matplotlib.figure import Figure

from gamekit.game import game_of, part
from gamekit.render.board import (
    NOTEBOOK_COLOURS,
    NOTEBOOK_DPI,
    BoardDrawing,
    LayerStyle,
    figure_png,
)

__all__ = ["show", "png", "BoardDrawing", "LayerStyle", "NOTEBOOK_DPI", "NOTEBOOK_COLOURS"]


def show(state: Any, **highlight: Any) -> Figure:
    """A figure of any game's ``state``, drawn by its game's renderer (a variant of a game is
    drawn as that game). Highlights for Coffee: ``legal=True``, ``attempt="c3"``,
    ``marks=[...]``, ``line=False``, ``figsize=(w, h)``; see each game's ``picture`` module.

    Raises ``TypeError`` for an object of no registered game."""
    figure: Figure = _picture(state).draw(state, **highlight)
    return figure


def png(thing: Any, **highlight: Any) -> bytes:
    """``thing`` (a state, or anything its renderer draws) as the PNG a notebook shows: the
    one picture format every ``_repr_png_`` uses."""
    module = _picture(thing)
    drawer = getattr(module, "png_bytes", None)
    if drawer is not None:
        picture: bytes = drawer(thing, **highlight)
        return picture
    return figure_png(module.draw(thing, **highlight), NOTEBOOK_DPI, colours=NOTEBOOK_COLOURS)


def _picture(thing: Any) -> Any:
    """The picture module of the game ``thing`` belongs to: its own, or for a game on a
    grid that declares none, :mod:`gamekit.render.grid`.

    Raises:
        TypeError: ``thing`` belongs to no registered game, or to one with neither a
            picture nor a grid and pieces.
    """
    name = game_of(thing)  # "str objects belong to no registered game", not a game's name
    own = part(thing, "picture", None)
    if own is not None:
        return own
    from gamekit.render import grid

    if grid.looks_like_grid_game(thing):
        return grid
    raise TypeError(
        f"the game {name!r} has no picture: declare one when it registers "
        "(register(picture=...)), or give its rules a grid (gamekit.grids) and its states "
        "pieces (cell label -> seat) to be drawn as a board of pieces"
    )
