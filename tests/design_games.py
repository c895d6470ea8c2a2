"""Tiny games whose measures are known exactly, for ``tests/test_design.py``: written
against the contract only, as a class would write them.

- ``FirstWins``: the first player has ``k`` moves, and every one of them wins at once;
- ``CoinFlip``: the deal (the seed) tosses a coin; one move, ``flip``, shows who won;
- ``Countdown``: ``plies`` moves in turn, each a number from 0 to ``b - 1``; the higher
  total wins, equal totals draw. Its strategy judges a position by the totals so far.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

import gamekit
from gamekit.errors import IllegalMoveError
from gamekit.players import Evaluation, Strategy


@dataclass(frozen=True)
class Outcome:
    winners: tuple[str, ...]
    ending: str
    reason: str
    scores: None = None


class _Base:
    """start/replay/to_dict/from_dict for frozen dataclass rules."""

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
class _State:
    rules: object
    to_move: str | None
    outcome: Outcome | None
    history: tuple[int, ...] = ()
    coin: int = 0
    swapped = False

    def why_illegal(self, move):
        if self.outcome is not None:
            return "the game is over"
        if str(move) not in self.legal_moves():
            return f"{move} is not a move here"
        return None

    def legal_moves(self):
        return [] if self.outcome is not None else self.rules.moves(self)

    def play(self, move):
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(reason)
        return self.rules.after(self, str(move))


@gamekit.register
@dataclass(frozen=True)
class FirstWins(_Base):
    game = "first-wins-test"
    seats = ("a", "b")
    endings = ("won",)
    k: int = 3

    def start(self, seed=None):
        return _State(self, "a", None)

    def moves(self, state):
        return [f"m{i}" for i in range(self.k)]

    def after(self, state, move):
        return _State(self, None, Outcome(("a",), "won", "a won"))


@gamekit.register
@dataclass(frozen=True)
class CoinFlip(_Base):
    game = "coin-flip-test"
    seats = ("a", "b")
    endings = ("coin",)
    seed: int | None = None

    def start(self, seed=None):
        seed = self.seed if self.seed is not None else seed
        coin = int(np.random.default_rng(seed).integers(2))
        return _State(dataclasses.replace(self, seed=seed), "a", None, coin=coin)

    def moves(self, state):
        return ["flip"]

    def after(self, state, move):
        winner = self.seats[state.coin]
        return _State(self, None, Outcome((winner,), "coin", f"the coin chose {winner}"))


def _totals(state) -> tuple[int, int]:
    return sum(state.history[0::2]), sum(state.history[1::2])


def _value(state, seat: str) -> float:
    mine, theirs = _totals(state)
    return float(mine - theirs) if seat == "a" else float(theirs - mine)


@gamekit.register(strategy=Strategy(evaluation=Evaluation(_value)))
@dataclass(frozen=True)
class Countdown(_Base):
    game = "countdown-test"
    seats = ("a", "b")
    endings = ("total", "tie")
    b: int = 4
    plies: int = 6

    def start(self, seed=None):
        return _State(self, "a", None)

    def moves(self, state):
        return [str(i) for i in range(self.b)]

    def after(self, state, move):
        history = (*state.history, int(move))
        if len(history) < self.plies:
            return _State(self, self.seats[len(history) % 2], None, history)
        a, b = _totals(_State(self, None, None, history))
        if a == b:
            return _State(self, None, Outcome((), "tie", "equal totals"), history)
        winner = "a" if a > b else "b"
        return _State(self, None, Outcome((winner,), "total", f"{winner} has more"), history)


# ---------------------------------------------------------------------------------------
# Known: a game drawn from stated chances, for the coverage of every interval
# ---------------------------------------------------------------------------------------


def _known_games(rules, games, seed):
    """Random games of :class:`Known` straight from its chances (its strategy's faster
    way to play random games, which the design lab uses as it uses Coffee's batch engine)."""
    from gamekit.sim import Results

    if not isinstance(rules, Known):
        return None
    rng = np.random.default_rng(seed)
    draw = rng.random(games)
    winner = np.where(draw < rules.a, 0, np.where(draw < rules.a + rules.b, 1, -1))
    length = rules.lengths(rng, games)
    width = int(length.max())
    ply = np.arange(width)
    branching = np.where(ply[None, :] < length[:, None], 1 + ply % 4, 0).astype(np.int32)
    return Results(
        game=rules.game,
        rules=rules,
        winner=winner.astype(np.int64),
        winner_colour=np.array(rules.seats + ("",))[winner],
        length=length.astype(np.int64),
        ended=np.where(winner >= 0, "won", "drawn").astype("<U12"),
        branching=branching,
        coverage=rng.beta(2.0, 3.0, games),
        pieces=10 * rng.beta(2.0, 3.0, games),
        pairing=f"known {seed}",
    )


@gamekit.register(strategy=Strategy(random_games=_known_games))
@dataclass(frozen=True)
class Known(_Base):
    """Seat a wins with chance ``a``, seat b with ``b``, else a draw; a game lasts
    1 + Geometric(``stop``) plies (at most ``longest``); at ply ``j`` the mover has
    ``1 + j % 4`` moves; the board's coverage is Beta(2, 3), its pieces 10 times that.
    Played for real, the first move decides the winner as the chances say (so the game
    also runs through the contract), but the lab's random games come from ``_known_games``.
    """

    game = "known-test"
    seats = ("a", "b")
    endings = ("won", "drawn")
    a: float = 0.45
    b: float = 0.45
    stop: float = 0.25
    longest: int = 40

    def lengths(self, rng, games):
        return 1 + np.minimum(rng.geometric(self.stop, games) - 1, self.longest - 1)

    def length_chances(self) -> np.ndarray:
        """P(length = 1 + k) for k = 0 .. longest - 1."""
        k = np.arange(self.longest)
        p = self.stop * (1 - self.stop) ** k
        p[-1] = (1 - self.stop) ** (self.longest - 1)
        return p

    def truth(self) -> dict[str, float]:
        """Every measure's true value, from the chances."""
        p = self.length_chances()
        lengths = 1 + np.arange(self.longest)
        moves = np.array([sum(1 + j % 4 for j in range(n)) for n in lengths])
        choices = np.array([sum(1 for j in range(n) if j % 4) for n in lengths])
        mean = float(p @ lengths)
        draws = 1 - self.a - self.b
        return {
            "a": self.a,
            "b": self.b,
            "advantage": self.a + draws / 2,
            "balance": 1 - abs(self.a - self.b),
            "seat_gap": self.a - self.b,
            "draws": draws,
            "completion": 1.0,
            "length": mean,
            "branching": float(p @ moves) / mean,
            "decisions": float(p @ choices) / mean,
            "coverage": 0.4,
            "pieces": 4.0,
        }

    def start(self, seed=None):
        return _State(self, "a", None)

    def moves(self, state):
        return ["a", "b", "draw"]

    def after(self, state, move):
        won = () if move == "draw" else (move,)
        return _State(self, None, Outcome(won, "drawn" if move == "draw" else "won", move))
