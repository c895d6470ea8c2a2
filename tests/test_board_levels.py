"""A board's computer is the level itself: the player the strength tables measure.

The boards once passed a playout budget to every level (GIPF's "club" and "strong" then
searched 100 positions and fell for a three-push trap). Here each board's computer is made
by :func:`gamekit.players.make_opponent` exactly, chooses the same moves as that player on
fixed positions of each game, and GIPF's strong level on the board defends the trap.
"""

from __future__ import annotations

import numpy as np
import pytest
from suite import GAMES as SUITE
from suite import example_rules, examples

from gamekit import gipf
from gamekit.game import part
from gamekit.players import LEVEL_NAMES, make_opponent
from gamekit.records import Record
from gamekit.widgets import GipfBoard

#: Every game with a computer opponent (more than one seat): its board, on its board example.
GAMES = {
    game: (part(game, "board"), rules)
    for game in SUITE
    if len((rules := example_rules(game, "board")).seats) > 1
}

#: The levels whose moves only the seed decides (Coffee's club and strong levels think on
#: the clock, so two runs of them may differ; their players are compared as made instead).
SEEDED = {game: examples(game).seeded_levels for game in GAMES}


def position(rules, plies: int, seed: int) -> Record:
    """A record of ``plies`` random legal moves from the start, or fewer on a small game:
    never a move that ends it (the position is one a computer still moves in)."""
    rng = np.random.default_rng(seed)
    state, moves = rules.start(seed=seed), []
    start = state
    while len(moves) < plies:
        legal = state.legal_moves()
        going_on = [m for m in legal if state.play(m).outcome is None]
        if not going_on:
            break
        move = going_on[rng.integers(len(going_on))]
        moves.append(str(move))
        state = state.play(move)
    return Record(start.rules, moves)  # the rules that carry the deal


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_the_board_makes_its_computer_with_make_opponent(game, level) -> None:
    board_class, rules = GAMES[game]
    board = board_class(rules, opponent=level, seed=5)
    made = make_opponent(level, 5)
    assert repr(board.computer_player) == repr(made)
    state = rules.start()
    # the player the level is on this game: same kind, same settings (no budget of its own)
    assert repr(board.computer_player.player_for(state)) == repr(made.player_for(state))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("plies", [6, 17])
def test_the_board_computer_chooses_the_levels_move(game, plies) -> None:
    board_class, rules = GAMES[game]
    record = position(rules, plies, seed=plies)
    state, k = record.states()[-1], len(record.moves)
    assert state.outcome is None
    for level in SEEDED[game]:
        board = board_class(record=record, opponent=level, computer_plays=state.to_move, seed=2)
        assert len(board.record.moves) > k, f"{level}: the computer did not move"
        expected = make_opponent(level, 2).choose(state)
        assert board.record.moves[k] == str(expected), level


def test_gipf_strong_on_the_board_does_not_fall_for_the_three_push_trap() -> None:
    """A newcomer pushing from e1 onto e2 three times made a row of four through Black's
    GIPF piece against the old capped levels; the real club and strong levels block it."""
    for level in ("club", "strong"):
        board = GipfBoard(gipf.Rules(variant="standard"), opponent=level, computer_plays="black")
        for _ in range(3):
            board.type_move("e1-e2")
        state = board.state
        assert state.outcome is None, level
        assert len(state.gipf_pieces("black")) == 3, level  # no GIPF piece lost
        assert state.captured("white") == 0, level
