"""A throw-away sixth game for ``tests/test_sixth_game.py``: registered with its examples, it
runs through the generic suite (``GAMEKIT_TEST_GAMES=sixth_game``) as a shipped game would.

Corners: two players place stones on a square board; whoever holds three corners wins, a
full board is a draw. It keeps the contract with the outside game's positions and declares
only its title and its examples: the kit gives it the rest.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from outside_game import Position

import gamekit
from gamekit.checks import whole
from gamekit.errors import IllegalMoveError, InvalidRecordError
from gamekit.examples import Examples
from gamekit.game import FrozenMap
from gamekit.grids import square


@dataclass(frozen=True)
class Corner(Position):
    """A position of Corners: the outside game's, with its own way to win."""

    def _makes_line(self, cell: str, pieces: Any) -> bool:
        size = self.rules.size
        corners = ["a1", f"a{size}", f"{chr(96 + size)}1", f"{chr(96 + size)}{size}"]
        return sum(pieces.get(c) == pieces[cell] for c in corners) >= 3

    def why_illegal(self, move: Any) -> str | None:
        if not isinstance(move, str):
            return "that is not allowed: a move is the label of a cell, such as 'b2'"
        if len(move) > 10:
            return "that is not allowed: a move is the label of a cell, such as 'b2'"
        return super().why_illegal(move)

    def play(self, move: Any) -> Any:
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        after = super().play(move)
        return Corner(after.rules, after.pieces, after.to_move, after.outcome, after.last_move)


def invariants(state: Any, moves: Sequence[str]) -> None:
    """One stone a move, Black first; a winner holds three corners."""
    assert len(state.pieces) == len(moves)
    black = sum(1 for s in state.pieces.values() if s == "black")
    assert black - (len(moves) - black) in (0, 1)
    if state.outcome is not None and state.outcome.winners:
        size = state.rules.size
        corners = ["a1", f"a{size}", f"{chr(96 + size)}1", f"{chr(96 + size)}{size}"]
        (winner,) = state.outcome.winners
        assert sum(state.pieces.get(c) == winner for c in corners) >= 3


@gamekit.register(
    title="Corners",
    examples=Examples(
        small={"size": 3},
        board={"size": 4},
        variety=lambda pick: {"size": pick((3, 4, 5))},
        invariants=invariants,
        said=lambda state: list(state.pieces),
    ),
)
@dataclass(frozen=True)
class Corners:
    game = "corners-sixth"
    endings = ("line", "full")
    seats = ("black", "white")
    size: int = 4
    line: int = 3

    def __post_init__(self) -> None:
        object.__setattr__(self, "size", whole(self.size, "size", 3, 8))
        object.__setattr__(self, "line", whole(self.line, "line", 3, 3))

    @property
    def grid(self) -> Any:
        return square(self.size)

    def start(self, seed: int | None = None) -> Corner:
        return Corner(self, FrozenMap(), "black", None)

    def replay(self, moves: Any) -> Any:
        if isinstance(moves, str) or not isinstance(moves, list | tuple):
            raise TypeError("moves must be a list of cells' labels, such as ['b2', 'c3']")
        state: Any = self.start()
        for move in moves:
            state = state.play(move)
        return state

    def to_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Corners:
        if not isinstance(data, dict) or set(data) - {"size", "line"}:
            raise InvalidRecordError("a Corners game's options are its size and line")
        try:
            return cls(**data)
        except (TypeError, ValueError) as error:
            raise InvalidRecordError(f"a Corners game's options: {error}") from None
