"""Clickable boards for Jupyter (ipywidgets + a small anywidget that shows matplotlib's SVG).

>>> from gamekit import coffee
>>> from gamekit.widgets import CoffeeBoard
>>> CoffeeBoard(coffee.Rules(board="hex", size=4))
<CoffeeBoard hex4 n=4: 0 moves, black to move>
"""

from typing import Any

from gamekit.game import facts, games, part
from gamekit.quiz import check_answer, check_cells  # pure Python; kept here for lessons
from gamekit.widgets.base import GameBoard, LogEntry
from gamekit.widgets.choice import ChoiceQuestion, ask
from gamekit.widgets.grid import GridBoard, board_for
from gamekit.widgets.puzzle import PuzzleLadder
from gamekit.widgets.view import BoardView, click_to_cell

__all__ = [
    "BoardView",
    "ChoiceQuestion",
    "CoffeeBoard",
    "GameBoard",
    "GipfBoard",
    "GridBoard",
    "HexTilesBoard",
    "LogEntry",
    "PuzzleLadder",
    "RoasterBoard",
    "ask",
    "board_for",
    "check_answer",
    "check_cells",
    "click_to_cell",
]


def __getattr__(name: str) -> Any:
    """A game's board by its class name (``CoffeeBoard``, ``GipfBoard`` …), found through
    the registry: each game's board lives in its own package (``gamekit.coffee.board``)."""
    for game in games():
        where = facts(game).board
        named = (
            where.rpartition(":")[2] if isinstance(where, str) else getattr(where, "__name__", "")
        )
        if named == name:
            return part(game, "board")
    raise AttributeError(f"module 'gamekit.widgets' has no attribute {name!r}")
