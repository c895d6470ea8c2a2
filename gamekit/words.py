"""Any position in words: a few plain sentences, short enough to read aloud, for a screen
reader, a picture's text alternative, or a learner who wants it said.

A game says its own positions through its ``words`` part (a module with
``position_words(state)``, declared where it registers); a game on a grid that declares none
is said cell by cell (whose turn, each seat's pieces, the last move); any other game says
whose turn it is, or how it ended.

>>> from gamekit import coffee
>>> position_words(coffee.Rules(board="square", size=4, n=3).replay(["b2|"]))[:52]
'Coffee on a 4 × 4 square board, 3 in a row wins. Ora'
"""

from __future__ import annotations

from typing import Any

from gamekit.game import game_of, part

__all__ = ["position_words"]


def position_words(state: Any, **shown: Any) -> str:
    """``state`` in a few sentences (see the module's description): its game's ``words``
    part, or the kit's (:mod:`gamekit.plainwords`). ``shown`` goes to the game's own words,
    for what its picture shows or hides (Coffee: ``line=False`` leaves out where the next
    stone may go, as its picture leaves the rod's line untinted).

    Raises:
        TypeError: ``state`` is no position of a registered game.
    """
    game_of(state)
    return str(part(state, "words").position_words(state, **shown))
