"""Clickable boards for Jupyter (ipywidgets + a small anywidget that shows matplotlib's SVG).

>>> from gamekit import coffee
>>> from gamekit.widgets import CoffeeBoard
>>> CoffeeBoard(coffee.Rules(board="hex", size=4))
<CoffeeBoard hex4 n=4: 0 moves, black to move>
"""

from gamekit.quiz import check_answer, check_cells  # pure Python; kept here for lessons
from gamekit.widgets.base import GameBoard, LogEntry
from gamekit.widgets.choice import ChoiceQuestion, ask
from gamekit.widgets.coffee import CoffeeBoard
from gamekit.widgets.gipf import GipfBoard
from gamekit.widgets.hextiles import HexTilesBoard
from gamekit.widgets.puzzle import PuzzleLadder
from gamekit.widgets.roaster import RoasterBoard
from gamekit.widgets.view import BoardView, click_to_cell

__all__ = [
    "BoardView",
    "ChoiceQuestion",
    "CoffeeBoard",
    "GameBoard",
    "GipfBoard",
    "HexTilesBoard",
    "LogEntry",
    "PuzzleLadder",
    "RoasterBoard",
    "ask",
    "check_answer",
    "check_cells",
    "click_to_cell",
]
