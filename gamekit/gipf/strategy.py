"""How the computer plays GIPF: a turn is a push and the removals after it; the beginner
counts pieces (reserve, captures, GIPF pieces); club and strong look two and three turns
ahead (alpha-beta) and judge by the pieces and the shape of the board. A random game says
little about a GIPF position (its result is close to a coin toss), so Monte Carlo search
learns little from its playouts; ``docs/levels.md`` has the measurements.

>>> STRATEGY
Strategy(reader=GipfReader, evaluation=Evaluation(_gipf_value, settle=True), outlook=Evaluation(_gipf_outlook, settle=False), levels=['club', 'strong'])
"""

from __future__ import annotations

from functools import lru_cache

from gamekit import gipf
from gamekit.game import FrozenMap
from gamekit.players import Evaluation, Reader, Strategy, alphabeta_level

__all__ = ["GipfReader", "STRATEGY", "GIPF_CENTRE_WEIGHT", "GIPF_THREE_WEIGHT"]


class GipfReader(Reader):
    """GIPF: a turn is a push and the row removals that follow it."""

    @staticmethod
    def turn_starts(state) -> bool:
        return state.phase == "push"


def _gipf_value(state, seat: str) -> float:
    """GIPF: pieces in the reserve, the opponent's pieces captured (twice) and GIPF pieces
    on the board, each for the player and against the opponent."""
    other = next(s for s in state.rules.seats if s != seat)
    return (
        state.reserve(seat)
        - state.reserve(other)
        + 2 * (state.captured(other) - state.captured(seat))
        + len(state.gipf_pieces(seat))
        - len(state.gipf_pieces(other))
    )


@lru_cache(maxsize=1)
def _gipf_tables() -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, ...], ...]]:
    """GIPF's spots with their nearness to the centre (3 the centre spot .. 0 the edge
    spots), and its lines."""
    near = tuple((gipf.GRID.index(spot), 3 - gipf.ring(spot)) for spot in gipf.SPOTS)
    return near, gipf.LINES


#: What the GIPF outlook gives a piece for each step nearer the centre, and a run of
#: exactly three pieces of one colour along a line (one push from a row).
GIPF_CENTRE_WEIGHT = 0.1
GIPF_THREE_WEIGHT = 0.3


def _gipf_outlook(state, seat: str) -> float:
    """GIPF, for a search: :func:`_gipf_value` (the pieces), plus a little for pieces near
    the centre (they lie on longer lines, and are harder to push away) and for runs of
    three pieces of one colour in a line (a row in waiting), each for the player and
    against the opponent."""
    near, lines = _gipf_tables()
    board = state.board
    centre = 0
    for spot, weight in near:
        v = board[spot]
        if v:
            centre += weight if v > 0 else -weight
    threes = 0
    for line in lines:
        run = last = 0
        for spot in line:
            v = board[spot]
            sign = (v > 0) - (v < 0)
            if sign and sign == last:
                run += 1
            else:
                if run == 3:
                    threes += last
                run, last = (1 if sign else 0), sign
        if run == 3:
            threes += last
    shape = GIPF_CENTRE_WEIGHT * centre + GIPF_THREE_WEIGHT * threes
    return _gipf_value(state, seat) + (shape if seat == "white" else -shape)


#: GIPF's strategy: whole turns, pieces counted, and alpha-beta search for club (two turns
#: ahead) and strong (three).
STRATEGY = Strategy(
    reader=GipfReader,
    evaluation=Evaluation(_gipf_value, settle=True),
    outlook=Evaluation(_gipf_outlook),
    levels=FrozenMap(club=alphabeta_level(2), strong=alphabeta_level(3)),
)
