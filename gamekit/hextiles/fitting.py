"""Why a Hex Tiles tile may not go where it was put, in the words a player reads: the
tile's side by name, the neighbour by its colour, and the turn that would fit. The
engine's refusals (:meth:`Figure.place`) and the boards' messages both say it this way.

>>> from gamekit import hextiles
>>> figure = hextiles.Figure.start()
>>> print(placement_words(figure, hextiles.Tile.from_marks("100000"), (0, 1), 3))
This tile does not fit there as it is turned now: its marked bottom side would touch your starter. Marks must face outward: no mark may touch another tile. It fits there turned once more anticlockwise.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gamekit.hextiles.figure import Figure
    from gamekit.hextiles.tiles import Tile

#: A tile's six sides by name (side 0 up, clockwise).
_SIDE_WORDS = ("top", "upper right", "lower right", "bottom", "lower left", "upper left")


def placement_words(figure: Figure, tile: Tile, cell: tuple[int, int], turn: int) -> str | None:
    """Why ``tile`` turned ``turn`` may not go on ``cell`` of ``figure``, in words (no cell
    coordinates, no digits of marks); ``None`` if it may."""
    found = figure.conflict(tile, cell, turn)
    if found is None:
        return None
    if found.kind == "occupied":
        return "That cell already holds a tile: placed tiles never move."
    if found.kind == "apart":
        return (
            "A tile must go next to your own figure, and that cell touches none of its tiles."
            + _elsewhere(figure, tile)
        )
    side, neighbour = found.side, found.neighbour
    other = figure.tiles()[neighbour]
    name = "starter" if neighbour == (0, 0) else f"{other.colour} tile"
    if found.kind in ("meets-blank", "blank-meets"):
        mine, theirs = ("marked", "blank") if found.kind == "meets-blank" else ("blank", "marked")
        why = (
            f"its {mine} {_SIDE_WORDS[side]} side would meet a {theirs} side of your {name}. "
            "With marks allowed to meet, a mark may touch only a mark."
        )
    elif found.kind == "touches":
        why = (
            f"its marked {_SIDE_WORDS[side]} side would touch your {name}. Marks must face "
            "outward: no mark may touch another tile."
        )
    else:
        why = (
            f"your {name} shows a mark toward that cell. Marks must face outward: no mark may "
            "touch another tile."
        )
    fits = [k for k in range(6) if figure.conflict(tile, cell, k) is None]
    if fits:
        best = min(fits, key=lambda k: (min((k - turn) % 6, (turn - k) % 6), k))
        step = (best - turn) % 6
        turn_hint = {
            1: "turned once more clockwise",
            2: "turned twice more clockwise",
            3: "turned half round",
            4: "turned twice more anticlockwise",
            5: "turned once more anticlockwise",
        }[step]
        hint = f" It fits there {turn_hint}."
    else:
        hint = " No turn of this tile fits there." + _elsewhere(figure, tile)
    return f"This tile does not fit there as it is turned now: {why}{hint}"


def _elsewhere(figure: Figure, tile: Tile) -> str:
    """Where else ``tile`` fits on ``figure``, counted (the board's hints show the cells)."""
    cells = {c for c, _ in figure.legal_placements(tile)}
    if not cells:
        return " This tile fits nowhere on the figure."
    return f" It fits on {len(cells)} other cell{'s' if len(cells) != 1 else ''} of the figure."
