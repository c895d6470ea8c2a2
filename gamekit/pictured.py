"""How a game's position shows itself in a notebook: as its picture, with its words.

Above the contract (which draws nothing) and below the games, whose states inherit
:class:`Pictured`; matplotlib is loaded only when a picture is first drawn.

>>> from gamekit import coffee
>>> isinstance(coffee.Rules(size=3).start(), Pictured)
True
"""

from __future__ import annotations

from typing import Any

__all__ = ["Pictured"]


class Pictured:
    """For a game's states: a notebook shows one as its game's picture
    (:func:`gamekit.render.png`: the game's own, or a board of pieces for a game on a
    grid) with the position in words as the picture's text alternative (the output's
    ``{"image/png": {"alt": ...}}`` metadata, which a screen reader and an exported page
    read). Every shipped game's ``State`` inherits it; so can a learner's.
    """

    __slots__ = ()

    def _repr_png_(self) -> bytes:
        from gamekit.render import png

        return png(self)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        from gamekit.render import png
        from gamekit.words import position_words

        data = {"image/png": png(self), "text/plain": repr(self)}
        return data, {"image/png": {"alt": position_words(self)}}
