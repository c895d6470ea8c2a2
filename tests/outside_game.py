"""A game gamekit has never seen, written against the documented contract only (as a learner
writes one in lesson 17): place a stone on any empty cell; a line of ``line`` stones wins, a
full board is a draw. ``tests/test_outside_game.py`` checks what it gets from gamekit, and
``tests/test_contract.py`` runs it through the contract with every shipped game."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import gamekit
from gamekit.errors import IllegalMoveError
from gamekit.game import FrozenMap, Pictured
from gamekit.grids import hexhex, square


@dataclass(frozen=True)
class Outcome:
    winners: tuple[str, ...]
    ending: str
    reason: str
    scores: None = None


@gamekit.register
@dataclass(frozen=True)
class Lines:
    game = "lines-test"
    endings = ("line", "full")
    seats = ("black", "white")
    shape: str = "square"
    size: int = 4
    line: int = 3

    @property
    def grid(self):
        return square(self.size) if self.shape == "square" else hexhex(self.size)

    def start(self, seed=None):
        return Position(self, FrozenMap(), "black", None)

    def replay(self, moves):
        state = self.start()
        for move in moves:
            state = state.play(move)
        return state

    def to_dict(self):
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data):
        return cls(**data)


@dataclass(frozen=True)
class Position(Pictured):
    rules: Lines
    pieces: FrozenMap
    to_move: str | None
    outcome: Outcome | None
    last_move: str | None = None
    swapped = False

    def legal_moves(self):
        if self.outcome is not None:
            return []
        return [c for c in self.rules.grid.labels if c not in self.pieces]

    def why_illegal(self, move):
        cell = str(move).strip().lower()
        if self.outcome is not None:
            return f"{cell} is not allowed: the game is over"
        if not self.rules.grid.has(cell):
            return f"{cell} is not allowed: the board has no such cell"
        if cell in self.pieces:
            return f"{cell} is not allowed: {cell} already holds a {self.pieces[cell]} stone"
        return None

    def play(self, move):
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        cell, me = str(move).strip().lower(), self.to_move
        pieces = self.pieces | {cell: me}
        other = "white" if me == "black" else "black"
        if self._makes_line(cell, pieces):
            won = Outcome((me,), "line", f"{me} made a line")
            return Position(self.rules, pieces, None, won, cell)
        if len(pieces) == len(self.rules.grid):
            full = Outcome((), "full", "the board is full")
            return Position(self.rules, pieces, None, full, cell)
        return Position(self.rules, pieces, other, None, cell)

    def _makes_line(self, cell, pieces):
        grid = self.rules.grid
        i = grid.index(cell)
        for axis in grid.axes:
            run = 0
            for j in grid.line(i, axis):
                run = run + 1 if pieces.get(grid.label(j)) == pieces[cell] else 0
                if run >= self.rules.line:
                    return True
        return False
