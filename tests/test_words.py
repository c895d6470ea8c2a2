"""Every position of every game in words: short enough to read aloud, saying whose turn it
is (or that the game is over) and where the pieces are, along whole random games."""

from __future__ import annotations

import numpy as np
import pytest
from outside_game import Lines
from suite import GAMES, example_rules, examples

from gamekit.words import position_words

#: A position said aloud takes well under a minute (about 150 words).
MOST_WORDS = 150


def every_piece(state) -> list[str]:
    """What the words of ``state`` must name, one entry per piece (or kind of token)."""
    said = examples(state).said
    return list(said(state)) if said is not None else [cell for cell in state.pieces]


@pytest.mark.parametrize("game", [*GAMES, "lines-test"])
def test_every_position_of_a_random_game_is_said_in_a_few_sentences(game) -> None:
    """... and names every piece on the board (every token on the table, every tile's
    colour)."""
    rules = Lines() if game == "lines-test" else example_rules(game)
    rng = np.random.default_rng(3)
    state = rules.start(seed=3)
    for _ in range(120):
        text = position_words(state)
        assert text.endswith(".") and len(text.split()) <= MOST_WORDS, text
        assert "over" in text if state.outcome is not None else True
        if state.outcome is None:
            for piece in every_piece(state):
                assert piece in text, (piece, text)
        if state.outcome is not None:
            break
        moves = state.legal_moves()
        state = state.play(moves[rng.integers(len(moves))])


def test_a_grid_game_without_words_of_its_own_is_said_cell_by_cell() -> None:
    state = Lines().replay(["a1", "b2", "a2"])
    assert position_words(state) == (
        "lines-test. White to move. Black: a1 and a2. White: b2. Last move: a2."
    )


def test_each_game_names_its_pieces_and_turn() -> None:
    from gamekit import coffee, gipf

    said = position_words(coffee.Rules(board="square", size=5).replay(["c3-", "e3|"]))
    assert "Black to move" in said and "Orange stones: e3" in said and "e1, e2, e4 or e5" in said
    said = position_words(gipf.Rules(variant="basic").start())
    assert "White to push" in said and "single pieces on b5, e2 and h5" in said
    with pytest.raises(TypeError):
        position_words("e5")
