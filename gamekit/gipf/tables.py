"""GIPF's board as tables: the spots, the dots and rings, every line and push, worked out
once.

>>> len(SPOTS), len(DOTS)
(37, 24)
"""

from __future__ import annotations

from gamekit.grids import hexhex
from gamekit.text import join_words

GAME = "gipf"
COLOURS = ("white", "black")
VARIANTS = ("basic", "standard", "tournament")
_OTHER = {"white": "black", "black": "white"}
_SIGN = {"white": 1, "black": -1}

# ---------------------------------------------------------------------------------------
# The board: hexhex(5) points; the inner hexhex(4) are the spots, the outer ring the dots
# ---------------------------------------------------------------------------------------

GRID = hexhex(5)


def ring(spot: str) -> int:
    """How many steps ``spot`` lies from the centre: 0 for e5, 3 for the spots of the
    edge of the play area, 4 for the dots around it.

    >>> ring("e5"), ring("e4"), ring("b2"), ring("a1")
    (0, 1, 3, 4)

    Raises:
        TypeError: ``spot`` is not text.
        gamekit.grids.UnknownCellError: ``spot`` names no spot or dot.
    """
    return _ring(GRID.index(spot))


def _ring(i: int) -> int:
    q, r = GRID.coords[i]
    return max(abs(q), abs(r), abs(q + r))


#: The 37 spots of the play area and the 24 dots around it, as labels in board order.
SPOTS: tuple[str, ...] = tuple(GRID.label(i) for i in range(len(GRID)) if _ring(i) < 4)
DOTS: tuple[str, ...] = tuple(GRID.label(i) for i in range(len(GRID)) if _ring(i) == 4)
_SPOT = frozenset(GRID.index(s) for s in SPOTS)
_SPOT_LIST = tuple(sorted(_SPOT))
#: (kinds of piece, full lines as bits) -> the legal pushes
_PUSHES_BY_FULL: dict[tuple[tuple[bool, ...], int], list] = {}
#: the remover's row segments with the pieces on them -> the removals (see State._choices)
_CHOICES: dict[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], dict] = {}
_DOT = frozenset(GRID.index(d) for d in DOTS)


def _label(i: int) -> str:
    return GRID.label(i)


def _join(words: list[str], last: str = "or") -> str:
    return join_words(words, last)


def _colour_of(v: int) -> str:
    return "white" if v > 0 else "black"


# ---------------------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------------------
