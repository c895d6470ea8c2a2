"""gamekit: board games you can click on, with rules engines, pictures and lessons.

>>> from gamekit import coffee
>>> state = coffee.Rules(board="hex", size=5).start()
>>> state.play("e5|").to_move
'orange'
"""

from __future__ import annotations

from gamekit import coffee, grids
from gamekit.contract import ContractError, check_game
from gamekit.errors import (
    GamekitError,
    IllegalMoveError,
    InvalidNotationError,
    InvalidRecordError,
    OffBoardError,
)
from gamekit.game import games, register, rules_class
from gamekit.records import Record

__version__ = "0.1.0"

__all__ = [
    "ContractError",
    "check_game",
    "GamekitError",
    "IllegalMoveError",
    "InvalidNotationError",
    "InvalidRecordError",
    "OffBoardError",
    "Record",
    "coffee",
    "games",
    "grids",
    "register",
    "rules_class",
    "__version__",
]
