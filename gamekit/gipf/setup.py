"""A made-up GIPF position checked piece by piece (``Rules.setup``): the board, the reserves
and the tournament rights it implies, or a refusal that names what is wrong.

>>> from gamekit import gipf
>>> board, reserve, rights = checked_setup(gipf.Rules(variant="basic"), {"e5": "W"}, "white", (0, 0), ())
>>> reserve, rights
([14, 15], None)
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable, Mapping
from typing import Any

from gamekit.errors import shown as _show
from gamekit.gipf.rows import _find_rows
from gamekit.gipf.tables import _SIGN, _SPOT, COLOURS, GRID


def checked_setup(
    rules: Any,
    pieces: Mapping[str, str],
    to_move: str,
    captured: tuple[int, int],
    may_place_gipf: Iterable[str] | str,
) -> tuple[list[int], list[int], tuple[str, str] | None]:
    """The board (a value per grid index), the reserves and the tournament rights of the
    position ``rules.setup`` is asked for; each argument as :meth:`gipf.Rules.setup` takes
    it, checked (the errors are the ones it documents)."""
    if not isinstance(pieces, Mapping):
        raise TypeError(
            "pieces must be a mapping of spots to pieces such as {'e2': 'W', 'e5': 'BG'}, "
            f"not {type(pieces).__name__}"
        )
    if not isinstance(to_move, str) or to_move not in _SIGN:
        raise ValueError(f"to_move must be 'white' or 'black', not {_show(to_move)}")
    if (
        not isinstance(captured, (tuple, list))
        or len(captured) != 2
        or not all(isinstance(c, numbers.Integral) and not isinstance(c, bool) for c in captured)
        or not all(0 <= c <= rules.pieces for c in captured)
    ):
        raise ValueError(
            f"captured must be two whole numbers from 0 to {rules.pieces} (White's and "
            f"Black's pieces taken), not {_show(captured)}"
        )
    may = (may_place_gipf,) if isinstance(may_place_gipf, str) else may_place_gipf
    may = tuple(may) if isinstance(may, Iterable) else (None,)
    if not all(isinstance(c, str) and c in _SIGN for c in may):
        raise ValueError(
            "may_place_gipf must be colours such as ('white',) or ('white', 'black'), "
            f"not {_show(may_place_gipf)}"
        )
    if may and rules.variant != "tournament":
        raise ValueError(
            "may_place_gipf is for the tournament game: in the "
            f"{rules.variant} game no GIPF piece is ever placed"
        )
    board = [0] * len(GRID)
    names = {"w": 1, "white": 1, "b": -1, "black": -1}
    for spot, what in pieces.items():
        if not isinstance(spot, str):
            raise TypeError(f"pieces: a spot is a label such as 'e5', not {_show(spot)}")
        if not GRID.has(spot) or GRID.index(spot) not in _SPOT:
            raise ValueError(
                f"pieces: {_show(spot)} is not a spot of the play area (b2-b5, c2-c6, d2-d7, "
                "e2-e8, f2-f7, g2-g6, h2-h5)"
            )
        if not isinstance(what, str):
            raise TypeError(
                f"pieces: the piece on {spot} is text such as 'W' or 'white gipf', "
                f"not {_show(what)}"
            )
        words = what.lower().replace("gipf", "g").replace(" ", "")
        gipf = words.endswith("g") and len(words) > 1
        colour = words[:-1] if gipf else words
        if colour not in names:
            raise ValueError(
                f"pieces: {_show(what)} on {spot} is not a piece: use white, black, white gipf, "
                "black gipf (or W, B, WG, BG)"
            )
        if gipf and rules.variant == "basic":
            raise ValueError("pieces: the basic game has no GIPF pieces")
        board[GRID.index(spot)] = names[colour] * (2 if gipf else 1)
    reserve = []
    for k, colour in enumerate(COLOURS):
        left = rules.pieces - sum(abs(v) for v in board if v * _SIGN[colour] > 0) - captured[k]
        if left < 0:
            raise ValueError(
                f"{colour.capitalize()} has only {rules.pieces} pieces in all (a GIPF piece "
                "counts two), on the board, in reserve and captured"
            )
        reserve.append(left)
    rights = None
    if rules.variant != "basic":
        kinds = []
        for colour in COLOURS:
            gipfs = board.count(2 * _SIGN[colour])
            if rules.variant == "standard" and gipfs > 3:
                raise ValueError(
                    f"{colour.capitalize()} has {gipfs} GIPF pieces; in the standard game "
                    "each player has three, and no more are ever placed"
                )
            if gipfs == 0 and colour not in may:
                hint = ""
                if rules.variant == "tournament":
                    hint = " (name him in may_place_gipf if he has yet to place his first)"
                raise ValueError(
                    f"{colour.capitalize()} has no GIPF piece on the board, and so has lost "
                    f"already in the {rules.variant} game{hint}"
                )
            kinds.append("single" if colour not in may else "gipf" if gipfs else "first")
        if rules.variant == "tournament":
            rights = (kinds[0], kinds[1])
    if _find_rows(tuple(board)):
        raise ValueError("a row of four stands in this position; rows are removed at once")
    return board, reserve, rights
