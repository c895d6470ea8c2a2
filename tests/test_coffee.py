"""Tests of gamekit.coffee: the Coffee rules engine, checked against the rules digest
(docs/rules/coffee.md), worked positions and a slow independent referee."""

from __future__ import annotations

import json
import pickle
from dataclasses import dataclass
from re import escape as re_escape

import numpy as np
import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from gamekit import (
    IllegalMoveError,
    InvalidNotationError,
    InvalidRecordError,
    Record,
    coffee,
    grids,
    register,
)
from gamekit.errors import OffBoardError
from gamekit.perft import perft

# ---------------------------------------------------------------------------------------
# Reference data
# ---------------------------------------------------------------------------------------

# Perft: legal move sequences of length d from the empty board, a move being cell + axis.
# From docs/rules/coffee.md, "Reference figures" (an independent engine).
PERFT = [
    ("square", 5, (96, 1_224, 14_528)),
    ("square", 7, (192, 3_728, 69_200)),
    ("hex", 4, (111, 1_494, 18_918)),
    ("hex", 5, (183, 3_312, 57_456)),
]

# Suggested n per board, from docs/rules/coffee.md, "End".
SUGGESTED_N = {
    ("hex", 3): 3,
    ("hex", 4): 4,
    ("hex", 5): 5,
    ("square", 4): 4,
    ("square", 5): 4,
    ("square", 6): 4,
    ("square", 7): 5,
}

# How random games end, from docs/rules/coffee.md, "Reference figures": on square 5 with
# n=4 about one game in four ends by blocking; with n=4 on hexhex 5 or square 7 almost every
# game ends with a line. (board, size, n, lowest and highest share of blocked games that we
# accept over the 100 seeded games of the test.)
BLOCKING_SHARE = [
    ("square", 5, 4, 0.15, 0.35),
    ("hex", 5, 4, 0.0, 0.05),
    ("square", 7, 4, 0.0, 0.05),
]

# Worked positions for the digest's "Cases worth teaching". Each was found by seeded random
# play on a small board, checked by hand against the digest, and is replayed here move by
# move from the empty board (so every move in it is legal). Diagrams: B black, O orange,
# . empty; rank 4 at the top.

# Case 1, the rod gives a whole line. Square 5: after c3- and e3- the rod on e3 lies along
# the row, so Black may play a3, two cells past Black's own stone on c3.
LONG_JUMP = (dict(board="square", size=5), ["c3-", "e3-"], "a3|", ["a3", "b3", "d3"])

# Case 2, a full row later in the game. Square 4 (n=4), Black to move, rod on a4 along |:
#   4 O . . B
#   3 . . . B     Row 1 is full but for a1, so a stone on a1 may not take the rod along
#   2 . . O B     '-' (nor along '\', the corner's one-cell diagonal); '|' and '/' are fine.
#   1 . B O O
#     a b c d
FULL_ROW = (
    dict(board="square", size=4, n=4),
    "d2/ c1- b1/ c2/ d3| d1| d4- a4|".split(),
    "a1",
    ["|", "/"],
)

# Case 3, blocking: (options, moves, the lone empty cell left by the last move, winner).
# Square 4 (n=4), after the moves (Black's d1| is the last):
#   4 . B O O
#   3 . . B O     The rod on d1 along '|' leaves Orange column d with one empty cell, d2.
#   2 O B B .     A stone on d2 fills its column, row 2, the diagonal c1-d2 and the
#   1 . B O B     diagonal b4-c3-d2, and makes no line of 4: Orange is blocked and loses.
#     a b c d
# Hexhex 3 (n=3): Black a1 a2 b3 c2 c5 e1, Orange a3 b1 c3 c4 d1 d4; Orange's d1/ leaves
# Black only c1 on the line d1 c1 b1 (b1 is Orange's), and every line through c1 is full
# once it is taken.
BLOCKING = [
    (
        dict(board="square", size=4, n=4),
        "b4- d4/ c3| c4| c2| c1\\ b2- a2\\ b1/ d3| d1|".split(),
        "d2",
        "black",
    ),
    (
        dict(board="hex", size=3, n=3),
        "a1| a3\\ e1\\ c3\\ b3| b1/ c2| c4| c5\\ d4/ a2\\ d1/".split(),
        "c1",
        "orange",
    ),
]

# Case 4, the winning exception: (options, moves, the winning cell, winner, winning line).
# Square 4 (n=4), Black to move, the rod on b2 along '/':
#   4 . B B B
#   3 B O . O     The rod's line a1 b2 c3 d4 leaves only c3, and every line through c3 is
#   2 B O B O     full once a stone is there; but Black's c3 completes c1-c4, so it wins
#   1 O O B O     and is legal with every axis.
#     a b c d
# Hexhex 3 (n=3), Black to move (Black a3 b1 c3 c4 d1 d4 e1 e2, Orange a1 b3 b4 c1 c2 c5
# d3 e3), the rod on d3 along '|': only d2 is left, it fills every line through it, and it
# completes Black's c3 d2 e1.
WINNING_EXCEPTION = [
    (
        dict(board="square", size=4, n=4),
        "c4/ b3/ a2| a1- c1- d1| d4| d2\\ b4| b1/ c2/ d3- a3\\ b2/".split(),
        "c3",
        "black",
        ("c1", "c2", "c3", "c4"),
    ),
    (
        dict(board="hex", size=3, n=3),
        "d4\\ c5/ a3| a1/ c3/ e3| e1\\ b3| b1\\ c1/ d1\\ c2| c4\\ b4\\ e2\\ d3|".split(),
        "d2",
        "black",
        ("c3", "d2", "e1"),
    ),
]

# Case 5, the rod laid back along the same axis. Square 4 (n=4), Black to move, the rod on
# a2 along '|':
#   4 . B . B
#   3 O . O B     Column a has two empty cells, a1 and a4. On a1 only '|' is possible
#   2 O O O B     (row 1 and the diagonal a1-d4 are full, a1's other diagonal is a1 alone),
#   1 . B B O     and it is legal: it gives Orange column a again, where a4 is still empty.
#     a b c d
SAME_AXIS = (
    dict(board="square", size=4, n=4),
    "b4/ a3- d3- c3\\ d2| d1| d4/ b2\\ c1| c2/ b1\\ a2|".split(),
    "a1|",
    "a4",
)

# The boards, sizes and n that the property tests draw from (the digest's boards).
BOARD_CHOICES = [("hex", 3), ("hex", 4), ("hex", 5), ("square", 4), ("square", 5)]
BOARD_CHOICES += [("square", 6), ("square", 7)]

PROPERTY_SETTINGS = settings(max_examples=50, deadline=None)


# ---------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------


def play(moves, **options) -> coffee.State:
    """The state after ``moves`` (notation strings or Moves) from the empty board."""
    state = coffee.Rules(**options).start()
    for move in moves:
        state = state.play(move)
    return state


def board_order(state: coffee.State):
    """Sort key of a move in board order: cell number, then axis in the board's order."""
    grid = state.grid

    def key(move: coffee.Move):
        if move.is_swap:
            return (len(grid), 0)
        return (grid.index(move.cell), grid.axes.index(move.axis))

    return key


def assert_refused(state: coffee.State, move, *words: str) -> str:
    """``move`` raises IllegalMoveError naming ``words``, ``why_illegal`` gives the same
    text, and ``state`` is unchanged (equal to a copy taken before, same hash)."""
    copy = pickle.loads(pickle.dumps(state))
    hash_before = hash(state)
    legal_before = state.legal_moves()
    with pytest.raises(IllegalMoveError) as caught:
        state.play(move)
    message = str(caught.value)
    for word in words:
        assert word in message, (word, message)
    assert state.why_illegal(move) == message
    assert state == copy
    assert hash(state) == hash(copy) == hash_before
    assert state.cells() == copy.cells()
    assert state.rod == copy.rod
    assert state.to_move == copy.to_move
    assert state.legal_moves() == legal_before
    return message


def random_game(rules: coffee.Rules, seed: int, swap_chance: float = 0.5):
    """Play random legal moves with a seeded generator until the game ends; return the
    moves and every state (the start, then one per move)."""
    rng = np.random.default_rng(seed)
    state = rules.start()
    moves, states = [], [state]
    while state.outcome is None:
        if state.swap_available and rng.random() < swap_chance:
            move = coffee.Move.swap()
        else:
            legal = state.legal_moves()
            move = legal[int(rng.integers(len(legal)))]
        state = state.play(move)
        moves.append(move)
        states.append(state)
    return moves, states


@st.composite
def random_games(draw):
    """A seeded random game on one of the digest's boards, with an n from 3 to one more
    than the suggested one, the pie rule on or off."""
    board, size = draw(st.sampled_from(BOARD_CHOICES))
    longest = grids.grid_for(board, size).longest_line
    n = draw(st.integers(3, min(longest, coffee.default_n(board, size) + 1)))
    pie_rule = draw(st.booleans())
    seed = draw(st.integers(0, 2**32 - 1))
    rules = coffee.Rules(board=board, size=size, n=n, pie_rule=pie_rule)
    moves, states = random_game(rules, seed)
    return rules, moves, states


# ---------------------------------------------------------------------------------------
# A slow, independent referee, written from the digest's text with only gamekit.grids
# ---------------------------------------------------------------------------------------


class Referee:
    """Coffee as the digest states it: stones in a dict ``label -> colour``, the rod as
    ``(label, axis)``, lines from :meth:`gamekit.grids.Grid.line`. Slow and plain."""

    def __init__(self, rules: coffee.Rules) -> None:
        self.grid = grids.grid_for(rules.board, rules.size)
        self.n = rules.n
        self.pie_rule = rules.pie_rule
        self.stones: dict[str, str] = {}
        self.rod: tuple[str, str] | None = None
        self.to_move = "black"
        self.swapped = False
        self.winner: str | None = None

    def line(self, cell: str, axis: str) -> list[str]:
        return [self.grid.label(j) for j in self.grid.line(self.grid.index(cell), axis)]

    def completes_line(self, cell: str, colour: str) -> bool:
        """Whether a stone of ``colour`` on ``cell`` makes an unbroken line of n or more."""
        for axis in self.grid.axes:
            line = self.line(cell, axis)
            k = line.index(cell)
            left = k
            while left > 0 and self.stones.get(line[left - 1]) == colour:
                left -= 1
            right = k
            while right < len(line) - 1 and self.stones.get(line[right + 1]) == colour:
                right += 1
            if right - left + 1 >= self.n:
                return True
        return False

    def given_line(self) -> list[str]:
        """The cells the player to move may choose from (rule 1 and rule 2)."""
        if self.rod is None:
            return list(self.grid.labels)
        return self.line(*self.rod)

    def placements(self) -> list[str]:
        """Every legal cell + axis, ignoring whether the game is over."""
        out = []
        for cell in self.given_line():
            if cell in self.stones:
                continue
            if self.completes_line(cell, self.to_move):  # rule 4, the winning exception
                out += [cell + axis for axis in self.grid.axes]
                continue
            for axis in self.grid.axes:  # rule 3, the rod rule
                if any(c != cell and c not in self.stones for c in self.line(cell, axis)):
                    out.append(cell + axis)
        grid = self.grid
        return sorted(out, key=lambda m: (grid.index(m[:-1]), grid.axes.index(m[-1])))

    def can_swap(self) -> bool:
        return (
            self.pie_rule
            and not self.swapped
            and self.to_move == "orange"
            and len(self.stones) == 1
        )

    def legal(self) -> list[str]:
        if self.winner is not None:
            return []
        return self.placements() + (["swap"] if self.can_swap() else [])

    def play(self, move: str) -> None:
        assert move in self.legal(), move
        if move == "swap":  # the board and rod stay, Orange moves again
            self.swapped = True
            return
        cell, axis = move[:-1], move[-1]
        mover = self.to_move
        self.stones[cell] = mover
        self.rod = (cell, axis)
        self.to_move = "orange" if mover == "black" else "black"
        if self.completes_line(cell, mover):
            self.winner = mover
        elif not self.placements():  # the player to move has no choice: blocked
            self.winner = mover


def lines_of(grid: grids.Grid, stones: dict[str, str], colour: str, n: int) -> list[tuple]:
    """Every unbroken straight run of ``n`` or more ``colour`` stones (as label tuples)."""
    runs = set()
    for i in range(len(grid)):
        for axis in grid.axes:
            run: list[str] = []
            for j in grid.line(i, axis) + (None,):
                label = None if j is None else grid.label(j)
                if label is not None and stones.get(label) == colour:
                    run.append(label)
                    continue
                if len(run) >= n:
                    runs.add(tuple(run))
                run = []
    return sorted(runs)


def stones_of(state: coffee.State) -> dict[str, str]:
    return {
        label: colour
        for label, colour in zip(state.grid.labels, state.cells(), strict=True)
        if colour
    }


# ---------------------------------------------------------------------------------------
# Reference figures
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [1, 2, 3])
@pytest.mark.parametrize("board, size, counts", PERFT, ids=[f"{b}{s}" for b, s, _ in PERFT])
def test_perft_matches_the_digest_table(board, size, counts, depth):
    state = coffee.Rules(board=board, size=size).start()
    assert perft(state, depth) == counts[depth - 1]


@pytest.mark.parametrize("board, size, counts", PERFT[:1] + PERFT[2:3])
def test_perft_does_not_depend_on_n(board, size, counts):
    longest = grids.grid_for(board, size).longest_line
    for n in (3, longest):
        state = coffee.Rules(board=board, size=size, n=n).start()
        assert [perft(state, d) for d in (1, 2, 3)] == list(counts)


@pytest.mark.parametrize("board, size, counts", PERFT[:1] + PERFT[2:3])
def test_the_pie_rule_adds_one_swap_after_each_first_move(board, size, counts):
    state = coffee.Rules(board=board, size=size, pie_rule=True).start()
    assert perft(state, 1) == counts[0]
    assert perft(state, 2) == counts[1] + counts[0]


def test_suggested_n_follows_the_digest_table():
    assert coffee.DEFAULT_N == SUGGESTED_N
    for (board, size), n in SUGGESTED_N.items():
        assert coffee.Rules(board=board, size=size).n == n
        assert coffee.default_n(board, size) == n


@pytest.mark.parametrize("board, size, n, low, high", BLOCKING_SHARE)
def test_the_share_of_random_games_ended_by_blocking_is_as_the_digest_says(
    board, size, n, low, high
):
    rules = coffee.Rules(board=board, size=size, n=n)
    outcomes = [random_game(rules, seed)[1][-1].outcome for seed in range(100)]
    share = sum("blocked" in o.reason for o in outcomes) / len(outcomes)
    assert low <= share <= high


# ---------------------------------------------------------------------------------------
# Options
# ---------------------------------------------------------------------------------------


def test_rules_default_to_hexhex_5_with_n_5_and_no_pie_rule():
    rules = coffee.Rules()
    assert (rules.board, rules.size, rules.n, rules.pie_rule) == ("hex", 5, 5, False)
    assert rules == coffee.Rules(board="hex", size=5, n=5, pie_rule=False)
    assert repr(rules) == "coffee.Rules(board='hex', size=5, n=5, pie_rule=False)"
    assert rules.name == "hex5"
    assert rules.grid is grids.hexhex(5)


def test_rules_survive_a_trip_through_a_dict():
    rules = coffee.Rules(board="square", size=6, n=5, pie_rule=True)
    assert rules.to_dict() == {"board": "square", "size": 6, "n": 5, "pie_rule": True}
    assert coffee.Rules.from_dict(rules.to_dict()) == rules


@pytest.mark.parametrize(
    "options, words",
    [
        (dict(size=1), "side must be from 2 to 13, not 1"),
        (dict(board="square", size=2), "side must be from 3 to 26, not 2"),
        (dict(size="5"), "whole number"),
        (dict(board="round"), "board must be 'hex' or 'square', not 'round'"),
        (dict(n=0), "must be at least 2, not 0"),
        (dict(n=1), "must be at least 2"),
        (dict(n=10), "n=10 cannot be reached: the longest line"),
        (dict(board="square", size=5, n=6), "n=6 cannot be reached"),
        (dict(n=True), "must be a whole number, not True"),
        (dict(n=4.0), "must be a whole number"),
        (dict(pie_rule="yes"), "pie_rule must be True or False, not 'yes'"),
        (dict(pie_rule=1), "pie_rule must be True or False"),
    ],
)
def test_bad_options_raise_value_error_naming_the_option(options, words):
    with pytest.raises(ValueError) as caught:
        coffee.Rules(**options)
    assert words in str(caught.value)


def test_unknown_options_in_a_dict_raise_value_error_naming_them():
    with pytest.raises(ValueError, match="unknown Coffee option 'sise'"):
        coffee.Rules.from_dict({"board": "hex", "sise": 5})
    with pytest.raises(ValueError, match="must be a JSON object"):
        coffee.Rules.from_dict(["hex", 5])


# ---------------------------------------------------------------------------------------
# Notation
# ---------------------------------------------------------------------------------------


def test_a_move_is_a_cell_then_an_axis():
    move = coffee.Move.parse("c3/")
    assert (move.cell, move.axis) == ("c3", "/")
    assert str(move) == "c3/"
    assert repr(move) == "Move.parse('c3/')"
    assert coffee.Move.parse(move) is move
    assert not move.is_swap


@pytest.mark.parametrize("text", ["e5|", "c3/", "a1\\", "e1-", "z26|", "swap"])
def test_notation_round_trips_through_parse_str_and_repr(text):
    move = coffee.Move.parse(text)
    assert str(move) == text
    namespace: dict = {}
    exec("from gamekit.coffee import Move", namespace)
    assert eval(repr(move), namespace) == move


@pytest.mark.parametrize("text", ["E5|", " e5| ", "e5|\n", "\te5|"])
def test_notation_ignores_case_and_surrounding_space(text):
    assert str(coffee.Move.parse(text)) == "e5|"


def test_swap_is_written_swap_in_any_case():
    assert coffee.Move.parse("SWAP") == coffee.Move.swap()
    assert coffee.Move.swap().is_swap
    assert str(coffee.Move.swap()) == "swap"


@pytest.mark.parametrize("text", ["c9?", "", "e5", "5e|", "e5 |", "e05|", "e0|", "|", "e5||"])
def test_malformed_notation_raises_invalid_notation_error(text):
    with pytest.raises(InvalidNotationError, match="is not a Coffee move"):
        coffee.Move.parse(text)
    state = coffee.Rules().start()
    with pytest.raises(InvalidNotationError):
        state.play(text)
    with pytest.raises(InvalidNotationError):
        state.why_illegal(text)


@pytest.mark.parametrize("value", [42, None, b"e5|", ("e5", "|")])
def test_a_move_that_is_not_text_raises_invalid_notation_error(value):
    with pytest.raises(InvalidNotationError, match="is not a Coffee move"):
        coffee.Move.parse(value)
    with pytest.raises(InvalidNotationError):
        coffee.Rules().start().play(value)


@pytest.mark.parametrize(
    "options, text, words",
    [
        (dict(board="hex", size=5), "k1|", "no cell k1 (columns a–i)"),
        (dict(board="hex", size=5), "e10|", "no cell e10 (column e has e1–e9)"),
        (dict(board="hex", size=5), "a6/", "no cell a6 (column a has a1–a5)"),
        (dict(board="square", size=5), "f1|", "no cell f1 (columns a–e)"),
        (dict(board="square", size=5), "a6-", "no cell a6"),
        (dict(board="hex", size=5), "e5-", "a hex board has no '-' axis"),
    ],
)
def test_a_cell_or_axis_not_on_the_board_is_both_illegal_and_bad_notation(options, text, words):
    state = coffee.Rules(**options).start()
    with pytest.raises(OffBoardError) as caught:
        state.play(text)
    assert isinstance(caught.value, IllegalMoveError)
    assert isinstance(caught.value, InvalidNotationError)
    assert isinstance(caught.value, ValueError)
    assert words in str(caught.value)
    # why_illegal raises the same error rather than returning it (the notation names
    # nothing on this board).
    with pytest.raises(OffBoardError) as again:
        state.why_illegal(text)
    assert str(again.value) == str(caught.value)


# ---------------------------------------------------------------------------------------
# A state
# ---------------------------------------------------------------------------------------


def test_the_start_is_an_empty_board_with_black_to_move_and_no_rod():
    state = coffee.Rules().start()
    assert state.to_move == "black"
    assert state.rod is None
    assert state.outcome is None
    assert state.stone_count == 0
    assert state.cells() == [None] * 61
    assert repr(state) == "<coffee.State hex5 n=5, 0 stones, black to move>"


def test_playing_places_a_stone_lays_the_rod_and_passes_the_turn():
    start = coffee.Rules().start()
    state = start.play("e5|")
    assert state.to_move == "orange"
    assert state.stone_at("e5") == "black"
    assert state.stones("black") == ["e5"]
    assert state.rod == coffee.Move.parse("e5|")
    assert state.rod_line() == [f"e{k}" for k in range(1, 10)]
    assert repr(state) == "<coffee.State hex5 n=5, 1 stone, orange to move>"
    assert start.stone_count == 0  # the old state is untouched
    assert state == start.play(coffee.Move.parse("e5|")) == start.play(" E5| ")


def test_a_state_is_immutable():
    state = coffee.Rules().start()
    with pytest.raises(AttributeError, match="immutable"):
        state.to_move = "orange"


def test_why_illegal_is_none_for_every_legal_move():
    state = play(["c3-", "e3-"], board="square", size=5)
    for move in state.legal_moves():
        assert state.why_illegal(move) is None
        assert state.why_illegal(str(move)) is None


def test_a_stone_off_the_rods_line_is_refused_with_the_cells_that_are_allowed():
    state = coffee.Rules(board="hex", size=5).start().play("e5|")
    message = assert_refused(state, "a1/", "not on the rod's line")
    assert message == (
        "a1/ is not allowed: a1 is not on the rod's line. The rod on e5 lies along '|' "
        "(vertical), so the stone must go on that line: e1, e2, e3, e4, e6, e7, e8 or e9."
    )


def test_a_stone_on_an_occupied_cell_is_refused():
    state = coffee.Rules(board="hex", size=5).start().play("e5|").play("e1/")
    assert_refused(state, "e5|", "e5 already holds a Black stone")
    assert_refused(state, "e1|", "e1 already holds an Orange stone")


# ---------------------------------------------------------------------------------------
# Cases worth teaching
# ---------------------------------------------------------------------------------------


def test_the_first_stone_may_go_on_any_cell_with_any_axis_on_a_hexhex_board():
    for size in (3, 4, 5):
        state = coffee.Rules(board="hex", size=size).start()
        grid = state.grid
        expected = [coffee.Move(label, axis) for label in grid.labels for axis in grid.axes]
        assert state.legal_moves() == expected


@pytest.mark.parametrize("size", [4, 5, 6, 7])
def test_the_first_rod_may_not_lie_along_a_corners_one_cell_diagonal(size):
    state = coffee.Rules(board="square", size=size).start()
    last = "abcdefg"[size - 1]
    corners = {"a1\\", f"a{size}/", f"{last}1/", f"{last}{size}\\"}
    assert len(state.legal_moves()) == 4 * size * size - 4
    assert {str(m) for m in state.legal_moves()}.isdisjoint(corners)
    for move in corners:
        diagonal = "rising diagonal" if move.endswith("/") else "falling diagonal"
        assert_refused(state, move, f"the {diagonal} line through", "would have no empty cell")
    assert state.legal_axes("a1") == ["|", "-", "/"]


def test_the_rod_gives_a_whole_line_and_the_stone_may_go_past_other_stones():
    options, moves, jump, cells = LONG_JUMP
    state = play(moves, **options)
    assert state.legal_cells() == cells
    assert "c3" in state.rod_line()  # Black's own stone lies between e3 and a3
    after = state.play(jump)
    assert after.stone_at("a3") == "black"
    assert after.rod == coffee.Move.parse(jump)


def test_any_empty_cell_of_the_line_may_be_taken_at_any_distance():
    state = coffee.Rules(board="hex", size=5).start().play("e5|")
    assert state.legal_cells() == ["e1", "e2", "e3", "e4", "e6", "e7", "e8", "e9"]
    assert state.play("e1|").stone_at("e1") == "orange"
    assert state.play("e9\\").stone_at("e9") == "orange"


def test_rod_along_a_full_line_is_illegal():
    options, moves, cell, axes = FULL_ROW
    state = play(moves, **options)
    assert state.to_move == "black"
    row = [state.stone_at(c) for c in ("b1", "c1", "d1")]
    assert None not in row  # the rest of row 1 is full
    assert not state.wins_at(cell)
    assert state.legal_axes(cell) == axes
    message = assert_refused(
        state, f"{cell}-", "the horizontal line through a1 would have no empty cell left"
    )
    assert message.endswith("so Orange could not move. Lay the rod along | or / instead.")
    assert_refused(state, f"{cell}\\", "the falling diagonal line through a1")
    assert state.play(f"{cell}|").rod == coffee.Move.parse(f"{cell}|")


@pytest.mark.parametrize("options, moves, cell, winner", BLOCKING, ids=["square4", "hex3"])
def test_a_rod_that_leaves_one_cell_whose_lines_are_all_full_blocks_the_opponent(
    options, moves, cell, winner
):
    before = play(moves[:-1], **options)
    assert coffee.Move.parse(moves[-1]) in before.legal_moves()
    state = before.play(moves[-1])
    loser = {"black": "orange", "orange": "black"}[before.to_move]  # the next to play
    assert loser != winner
    assert state.to_move is None  # the game is over
    # the rod leaves exactly one empty cell ...
    empty = [c for c in state.rod_line() if state.stone_at(c) is None]
    assert empty == [cell]
    # ... every line through it is full once a stone is there, and it makes no line
    grid = state.grid
    for axis in grid.axes:
        others = [grid.label(j) for j in grid.line(grid.index(cell), axis) if grid.label(j) != cell]
        assert all(state.stone_at(c) is not None for c in others), axis
    assert not state.wins_at(cell)
    # so the player to move loses
    outcome = state.outcome
    assert outcome is not None
    assert outcome.winner == winner
    assert outcome.loser == loser
    assert outcome.line == ()
    assert outcome.reason.startswith(f"{loser.capitalize()} is blocked and loses")
    assert f"the only empty cell on the rod's line is {cell}" in outcome.reason
    assert state.legal_moves() == []
    assert state.legal_cells() == []
    assert repr(state).endswith(f"{winner} won>")
    assert_refused(state, f"{cell}|", "the game is over", "blocked")


def test_the_same_hexhex_3_position_is_a_block_when_n_is_one_longer():
    options, moves, cell, winner, _ = WINNING_EXCEPTION[1]
    state = play(moves, **{**options, "n": options["n"] + 1})
    assert state.outcome is not None
    assert state.outcome.winner == "orange"
    assert f"the only empty cell on the rod's line is {cell}" in state.outcome.reason


@pytest.mark.parametrize(
    "options, moves, cell, winner, line", WINNING_EXCEPTION, ids=["square4", "hex3"]
)
def test_a_stone_that_completes_n_wins_even_though_every_line_through_it_is_full(
    options, moves, cell, winner, line
):
    state = play(moves, **options)
    assert state.to_move == winner
    assert state.outcome is None
    grid = state.grid
    for axis in grid.axes:
        others = [grid.label(j) for j in grid.line(grid.index(cell), axis) if grid.label(j) != cell]
        assert all(state.stone_at(c) is not None for c in others), axis
    assert state.wins_at(cell)
    # legal with every axis, counted once per axis (and nothing else is legal here)
    assert state.legal_axes(cell) == list(grid.axes)
    assert state.legal_moves() == [coffee.Move(cell, axis) for axis in grid.axes]
    for axis in grid.axes:
        after = state.play(cell + axis)
        assert after.outcome is not None
        assert after.outcome.winner == winner
        assert after.outcome.line == line
        assert after.outcome.reason == (
            f"{winner.capitalize()} made a line of {len(line)}: " + ", ".join(line)
        )
        assert after.legal_moves() == []
        # the win stands although the next player would be blocked too
        assert [c for c in after.rod_line() if after.stone_at(c) is None] == []


def test_laying_the_rod_back_along_the_same_axis_is_legal():
    state = play(["c3-"], board="square", size=5)
    assert coffee.Move.parse("e3-") in state.legal_moves()
    after = state.play("e3-")
    assert after.rod == coffee.Move.parse("e3-")
    assert after.legal_cells() == ["a3", "b3", "d3"]


def test_one_free_cell_too_many_is_never_a_block():
    options, moves, move, spare = SAME_AXIS
    state = play(moves, **options)
    rod_axis = state.rod.axis
    empty = [c for c in state.rod_line() if state.stone_at(c) is None]
    assert len(empty) == 2 and spare in empty
    cell = move[:-1]
    assert state.legal_axes(cell) == [rod_axis]  # only the same axis again works
    assert move.endswith(rod_axis)
    after = state.play(move)
    assert after.outcome is None
    assert [c for c in after.rod_line() if after.stone_at(c) is None] == [spare]
    assert after.legal_cells() == [spare]


def test_with_the_pie_rule_orange_may_swap_right_after_blacks_first_move():
    rules = coffee.Rules(board="hex", size=5, pie_rule=True)
    start = rules.start()
    assert not start.swap_available
    assert_refused(start, "swap", "pie rule", "only as the very first reply")
    first = start.play("e5|")
    assert first.swap_available
    assert first.legal_moves()[-1] == coffee.Move.swap()
    assert first.why_illegal("swap") is None
    swapped = first.play("swap")
    # the board and the rod stay; it is Orange's turn again, played by the other player
    assert swapped.cells() == first.cells()
    assert swapped.stones("black") == ["e5"]
    assert swapped.rod == first.rod
    assert swapped.to_move == "orange"
    assert swapped.swapped
    assert swapped.stone_count == 1
    assert swapped != first
    assert swapped.legal_moves() == first.legal_moves()[:-1]
    # a second swap is refused
    assert not swapped.swap_available
    assert_refused(swapped, "swap", "pie rule", "only as the very first reply")


def test_the_swap_is_not_available_later_in_the_game():
    state = play(["e5|", "e1/"], board="hex", size=5, pie_rule=True)
    assert coffee.Move.swap() not in state.legal_moves()
    assert_refused(state, "swap", "pie rule")
    state = state.play("f1|")
    assert state.to_move == "orange"
    assert_refused(state, "swap", "pie rule")


def test_swap_is_illegal_when_the_pie_rule_is_off():
    state = coffee.Rules(board="hex", size=5, pie_rule=False).start().play("e5|")
    assert coffee.Move.swap() not in state.legal_moves()
    assert not state.swap_available
    assert_refused(state, "swap", "the pie rule is off")


def test_swap_after_the_game_is_over_is_refused_as_game_over():
    options, moves, _, _ = BLOCKING[0]
    state = play(moves, **{**options, "pie_rule": True})
    assert_refused(state, "swap", "the game is over")


# ---------------------------------------------------------------------------------------
# Properties over random games
# ---------------------------------------------------------------------------------------


@PROPERTY_SETTINGS
@given(random_games())
def test_random_games_agree_move_by_move_with_the_independent_referee(game):
    rules, moves, states = game
    referee = Referee(rules)
    for state, move in zip(states[:-1], moves, strict=True):
        legal = state.legal_moves()
        assert [str(m) for m in legal] == referee.legal()
        assert move in legal
        referee.play(str(move))
    final = states[-1]
    assert stones_of(final) == referee.stones
    assert final.outcome is not None
    assert final.outcome.winner == referee.winner
    assert referee.legal() == []


@PROPERTY_SETTINGS
@given(random_games(), st.integers(0, 2**32 - 1))
def test_illegal_moves_in_random_games_raise_and_leave_the_state_unchanged(game, seed):
    rules, moves, states = game
    rng = np.random.default_rng(seed)
    grid = rules.grid
    for state in states[:-1][:: max(1, len(states) // 8)]:
        stones = stones_of(state)
        targets = [c for c in state.rod_line() if c not in stones]
        off_line = [c for c in grid.labels if c not in stones and c not in targets]
        legal = {str(m) for m in state.legal_moves()}
        bad_axis = [c + a for c in targets for a in grid.axes if c + a not in legal]
        axis = grid.axes[int(rng.integers(len(grid.axes)))]
        if stones:
            cell = sorted(stones)[int(rng.integers(len(stones)))]
            assert_refused(state, cell + axis, f"{cell} already holds a")
        if off_line:
            cell = off_line[int(rng.integers(len(off_line)))]
            assert_refused(state, cell + axis, f"{cell} is not on the rod's line")
        if bad_axis:
            move = bad_axis[int(rng.integers(len(bad_axis)))]
            assert_refused(state, move, "would have no empty cell", "could not move")
        if not state.swap_available:
            assert_refused(state, "swap", "swap is not allowed", "pie rule")
    final = states[-1]
    for cell in [c for c in grid.labels if final.stone_at(c) is None][:3]:
        assert_refused(final, cell + "|", "the game is over")


@PROPERTY_SETTINGS
@given(random_games())
def test_every_random_game_ends_with_a_winner_by_a_line_or_by_blocking(game):
    rules, moves, states = game
    final = states[-1]
    outcome = final.outcome
    event("won by a line" if outcome.line else "won by blocking")
    event("with a swap" if any(m.is_swap for m in moves) else "without a swap")
    assert outcome is not None
    assert outcome.winner in coffee.COLOURS
    assert outcome.loser == ({"black", "orange"} - {outcome.winner}).pop()
    assert final.legal_moves() == []
    assert final.legal_cells() == []
    assert "line" in outcome.reason or "blocked" in outcome.reason
    stones = stones_of(final)
    if outcome.line:
        assert "made a line of" in outcome.reason
        assert final.rod.cell in outcome.line  # the last stone made it
        assert all(stones[c] == outcome.winner for c in outcome.line)
        runs = lines_of(final.grid, stones, outcome.winner, rules.n)
        assert any(set(outcome.line) <= set(run) for run in runs)
        assert final.to_move is None
        assert states[-2].to_move == outcome.winner
    else:
        assert "blocked" in outcome.reason
        assert final.to_move is None
        assert states[-2].to_move == outcome.winner  # who left the loser blocked
        # blocking happens only when the rod leaves exactly one empty cell
        empty = [c for c in final.rod_line() if c not in stones]
        assert len(empty) == 1
        assert lines_of(final.grid, stones, outcome.winner, rules.n) == []


@PROPERTY_SETTINGS
@given(random_games())
def test_no_line_of_n_stands_before_the_move_that_ends_the_game(game):
    rules, moves, states = game
    assert all(state.outcome is None for state in states[:-1])
    # Stones are never taken away, so a line standing at any earlier point would still
    # stand just before the last move: checking that one position is enough.
    before_last = stones_of(states[-2])
    for colour in coffee.COLOURS:
        assert lines_of(rules.grid, before_last, colour, rules.n) == []
    # and at the end the loser has no line either
    loser = states[-1].outcome.loser
    assert lines_of(rules.grid, stones_of(states[-1]), loser, rules.n) == []


@PROPERTY_SETTINGS
@given(random_games())
def test_stones_on_the_board_equal_the_plies_played_not_counting_the_swap(game):
    rules, moves, states = game
    swaps = 0
    for k, (state, move) in enumerate(zip(states[1:], moves, strict=True), start=1):
        swaps += move.is_swap
        assert swaps <= 1
        assert state.stone_count == k - swaps
        assert len(stones_of(state)) == k - swaps
        assert state.swapped == (swaps == 1)
        if not move.is_swap:
            assert state.rod == move
            assert state.to_move != states[k - 1].to_move
        else:
            assert rules.pie_rule and k == 2
            assert state.to_move == "orange"


@PROPERTY_SETTINGS
@given(random_games())
def test_states_are_hashable_and_equal_states_hash_equal(game):
    rules, moves, states = game
    replayed = play(moves, **rules.to_dict())
    assert replayed == states[-1]
    assert hash(replayed) == hash(states[-1])
    assert len(set(states)) == len(states)  # every move changes the state
    for state in states[:: max(1, len(states) // 5)]:
        copy = pickle.loads(pickle.dumps(state))
        assert copy == state and hash(copy) == hash(state)
        assert copy.legal_moves() == state.legal_moves()
    other = coffee.Rules(**{**rules.to_dict(), "pie_rule": not rules.pie_rule})
    assert other.start() != rules.start()


@PROPERTY_SETTINGS
@given(random_games())
def test_legal_moves_come_once_each_in_board_order_with_swap_last(game):
    rules, moves, states = game
    for state in states:
        legal = state.legal_moves()
        keys = [board_order(state)(m) for m in legal]
        assert keys == sorted(keys)
        assert len(set(keys)) == len(keys)
        assert state.legal_moves() == legal  # stable when asked again
        assert state.legal_cells() == list(dict.fromkeys(m.cell for m in legal if m.cell))
        assert (coffee.Move.swap() in legal) == state.swap_available


@PROPERTY_SETTINGS
@given(random_games())
def test_every_legal_move_of_a_random_game_survives_its_notation(game):
    rules, moves, states = game
    namespace: dict = {}
    exec("from gamekit.coffee import Move", namespace)
    for state in states[:: max(1, len(states) // 4)]:
        for move in state.legal_moves():
            text = str(move)
            assert str(coffee.Move.parse(text)) == text
            assert coffee.Move.parse(text) == move
            assert coffee.Move.parse(f" {text.upper()}\n") == move
            assert eval(repr(move), namespace) == move


# ---------------------------------------------------------------------------------------
# The contract every game keeps (gamekit.game)
# ---------------------------------------------------------------------------------------


def test_coffee_rules_are_registered_with_their_seats_and_endings():
    import gamekit
    from gamekit.game import Rules as RulesProtocol
    from gamekit.game import State as StateProtocol
    from gamekit.game import game_of

    rules = coffee.Rules()
    assert gamekit.rules_class("coffee") is coffee.Rules
    assert coffee.Rules.game == "coffee" == game_of(rules) == coffee.GAME
    assert coffee.Rules.endings == ("line", "blocked")
    assert rules.seats == ("black", "orange") == coffee.COLOURS
    assert isinstance(rules, RulesProtocol)
    assert isinstance(rules.start(), StateProtocol)
    assert "game" not in rules.to_dict()  # class attributes, not options


def test_coffee_has_no_chance_so_start_ignores_the_seed():
    rules = coffee.Rules(board="square", size=5)
    assert rules.start(seed=7) == rules.start() == rules.start(seed=None)
    assert rules.start(seed=np.int64(3)).rules is rules
    with pytest.raises(TypeError, match="seed must be a whole number"):
        rules.start(seed="7")


def test_replay_refuses_a_single_text_instead_of_a_list_of_moves():
    rules = coffee.Rules(board="square", size=5)
    assert rules.replay(("c3-", coffee.Move.parse("a3|"))) == play(
        ["c3-", "a3|"], **rules.to_dict()
    )
    with pytest.raises(TypeError, match="moves must be a sequence of moves"):
        rules.replay("c3-")
    with pytest.raises(TypeError, match="moves must be a sequence of moves"):
        rules.replay(42)


@pytest.mark.parametrize("options, moves, cell, winner", BLOCKING, ids=["square4", "hex3"])
def test_a_blocked_player_loses_with_the_ending_blocked(options, moves, cell, winner):
    state = play(moves, **options)
    outcome = state.outcome
    assert outcome.winners == (winner,)
    assert outcome.ending == "blocked" and outcome.ending in coffee.Rules.endings
    assert outcome.scores is None
    assert state.to_move is None


@pytest.mark.parametrize(
    "options, moves, cell, winner, line", WINNING_EXCEPTION, ids=["square4", "hex3"]
)
def test_a_line_wins_with_the_ending_line(options, moves, cell, winner, line):
    state = play(moves, **options).play(cell + "|")
    outcome = state.outcome
    assert (outcome.winner, outcome.winners, outcome.line) == (winner, (winner,), line)
    assert outcome.ending == "line"
    assert outcome.scores is None
    assert state.to_move is None
    assert not state.wins_at(cell) and state.legal_axes(cell) == []


def test_the_player_to_move_is_named_until_the_game_ends():
    moves = BLOCKING[0][1]
    states = [coffee.Rules(**BLOCKING[0][0]).start()]
    for move in moves:
        states.append(states[-1].play(move))
    assert [s.to_move for s in states[:3]] == ["black", "orange", "black"]
    assert all(s.to_move in coffee.COLOURS for s in states[:-1])
    assert states[-1].to_move is None
    copy = pickle.loads(pickle.dumps(states[-1]))
    assert copy == states[-1] and copy.to_move is None


def test_an_outcome_checks_its_fields():
    with pytest.raises(ValueError, match="winner must be 'black' or 'orange'"):
        coffee.Outcome("purple", "a reason")
    with pytest.raises(ValueError, match="reason must be a sentence"):
        coffee.Outcome("black", 42)
    with pytest.raises(TypeError, match="line must be a sequence of cell labels"):
        coffee.Outcome("black", "a line", "a1a2a3")
    assert coffee.Outcome("black", "a line", ["a1", "a2"]).line == ("a1", "a2")


@pytest.mark.parametrize("what", ["state", "move", "outcome", "rules"])
def test_no_attribute_can_be_set_or_deleted(what):
    state = play(BLOCKING[0][1], **BLOCKING[0][0])
    thing = {
        "state": state,
        "move": coffee.Move.parse("c3/"),
        "outcome": state.outcome,
        "rules": state.rules,
    }[what]
    name = {"state": "rules", "move": "cell", "outcome": "winner", "rules": "board"}[what]
    before = getattr(thing, name)
    with pytest.raises(AttributeError):
        delattr(thing, name)
    with pytest.raises(AttributeError):
        setattr(thing, name, before)
    assert getattr(thing, name) == before
    if what == "state":
        for slot in ("swapped", "_black", "_cache"):
            with pytest.raises(AttributeError, match="immutable"):
                delattr(state, slot)
        assert state.outcome is not None and state.swapped is False


# ---------------------------------------------------------------------------------------
# Refusing bad arguments
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cell, axis, words",
    [
        (5, "|", "5 is not a cell"),
        ("c3", 5, "5 is not an axis"),
        ("c3", "?", "'?' is not an axis"),
        ("3c", "/", "'3c' is not a cell"),
        ("c3", None, "None is not an axis"),
        (None, "/", "None is not a cell"),
        ("c" * 40_000, "/", "is not a cell"),
    ],
)
def test_a_move_made_by_hand_checks_its_cell_and_axis(cell, axis, words):
    with pytest.raises(InvalidNotationError, match=re_escape(words)) as caught:
        coffee.Move(cell, axis)
    assert len(str(caught.value)) < 200


def test_a_move_made_by_hand_is_the_same_as_its_notation():
    assert coffee.Move(" C3", "/") == coffee.Move.parse("c3/")
    assert coffee.Move(None, None) == coffee.Move.swap()
    state = coffee.Rules().start()
    assert state.play(coffee.Move("e5", "|")) == state.play("e5|")
    with pytest.raises(OffBoardError, match="no cell z9"):
        state.play(coffee.Move("z9", "|"))


def test_very_long_notation_is_refused_at_once_with_a_short_message():
    import time

    state = coffee.Rules().start()
    for text in ("e" * 40_000 + "5|", " " * 40_000 + "e5|", "swap" * 10_000):
        begin = time.perf_counter()
        with pytest.raises(InvalidNotationError, match="is not a Coffee move") as caught:
            coffee.Move.parse(text)
        with pytest.raises(InvalidNotationError):
            state.play(text)
        assert time.perf_counter() - begin < 0.05
        assert "40,000" not in str(caught.value) and len(str(caught.value)) < 200
    assert str(coffee.Move.parse(" " * 20 + "e5|")) == "e5|"  # spaces within the limit


@pytest.mark.parametrize("cell", ["x" * 40_000, 17, None, ["e5"]])
def test_a_cell_that_is_not_on_the_board_gets_a_short_message(cell):
    state = coffee.Rules().start().play("e5|")
    for ask in (state.stone_at, state.legal_axes, state.wins_at):
        with pytest.raises(OffBoardError) as caught:
            ask(cell)
        assert len(str(caught.value)) < 200
    reason = state.why_cell_illegal(cell)
    assert reason is not None and len(reason) < 200
    with pytest.raises(ValueError, match="is not an axis"):
        state.line("e5", ["|"])


@pytest.mark.parametrize(
    "data, words",
    [
        ({1: 2, "a": 3}, "Coffee options are named by text, not 1"),
        ({"size": 5, None: 3}, "not None"),
        ({"a": 3, "b": 1}, "unknown Coffee option 'a'; the options are board, size, n, pie_rule"),
        ("board=hex", "must be a JSON object"),
    ],
)
def test_options_named_by_anything_but_known_text_are_value_errors(data, words):
    with pytest.raises(ValueError) as caught:
        coffee.Rules.from_dict(data)
    assert words in str(caught.value)


def test_rules_read_from_any_mapping():
    from gamekit.game import FrozenMap

    rules = coffee.Rules(board="square", size=6)
    assert coffee.Rules.from_dict(FrozenMap(rules.to_dict())) == rules


@pytest.mark.parametrize(
    "options, words",
    [
        (dict(board=["hex"]), "board must be 'hex' or 'square', not ['hex']"),
        (dict(board=None), "board must be 'hex' or 'square', not None"),
        (dict(size=5.0), "size must be a whole number, not 5.0"),
        (dict(n="x" * 1000), "n must be a whole number"),
        (dict(size=10**5000), "side must be from 2 to 13, not a whole number of about 5000 digits"),
        (dict(n=-(10**5000)), "at least 2, not a whole number of about 5000 digits"),
    ],
)
def test_rules_of_the_wrong_kind_are_refused_with_short_messages(options, words):
    with pytest.raises(ValueError) as caught:
        coffee.Rules(**options)
    assert words in str(caught.value)
    assert len(str(caught.value)) < 200


def test_rules_take_numpy_numbers_as_plain_ones():
    rules = coffee.Rules(board="square", size=np.int64(5), n=np.int32(4), pie_rule=np.True_)
    assert rules == coffee.Rules(board="square", size=5, n=4, pie_rule=True)
    assert type(rules.size) is int and type(rules.pie_rule) is bool


@pytest.mark.parametrize(
    "board, size, words",
    [
        ("round", 5, "board must be 'hex' or 'square'"),
        ("hex", 1, "side must be from 2 to 13, not 1"),
        ("square", 30, "side must be from 3 to 26, not 30"),
        ("hex", "5", "must be a whole number"),
    ],
)
def test_default_n_refuses_boards_coffee_does_not_have(board, size, words):
    with pytest.raises(ValueError, match=re_escape(words)):
        coffee.default_n(board, size)


# ---------------------------------------------------------------------------------------
# The fast interface (numbers instead of notation) agrees with the rules
# ---------------------------------------------------------------------------------------


@PROPERTY_SETTINGS
@given(random_games())
def test_legal_pairs_are_the_legal_moves_and_playing_one_is_playing_the_move(game):
    rules, moves, states = game
    for state in states[:: max(1, len(states) // 4)]:
        pairs = coffee.legal_pairs(state)
        legal = [m for m in state.legal_moves() if not m.is_swap]
        assert [coffee.pair_move(state, *p) for p in pairs] == legal
        for pair, move in list(zip(pairs, legal, strict=True))[:5]:
            assert coffee.play_pair(state, *pair) == state.play(move)
    assert coffee.legal_pairs(states[-1]) == []


def test_play_pair_refuses_an_illegal_pair_with_the_rules_sentence():
    state = coffee.Rules(board="square", size=5).start().play("c3-")
    illegal = (0, 0)  # a1 is not on the rod's line
    with pytest.raises(IllegalMoveError) as caught:
        coffee.play_pair(state, *illegal)
    assert str(caught.value) == state.why_illegal("a1|")
    finished = play(BLOCKING[0][1], **BLOCKING[0][0])
    with pytest.raises(IllegalMoveError, match="the game is over"):
        coffee.play_pair(finished, 0, 0)


@pytest.mark.parametrize(
    "cell, axis, error, words",
    [
        (25, 0, ValueError, "cell must be a cell index from 0 to 24, not 25"),
        (-1, 0, ValueError, "cell must be a cell index from 0 to 24, not -1"),
        (0, 4, ValueError, "axis must be an axis index from 0 to 3, not 4"),
        ("a1", 0, TypeError, "cell must be a whole number"),
        (0, 1.0, TypeError, "axis must be a whole number"),
        (True, 0, TypeError, "cell must be a whole number"),
    ],
)
def test_pairs_of_the_wrong_kind_are_refused(cell, axis, error, words):
    state = coffee.Rules(board="square", size=5).start()
    for ask in (coffee.play_pair, coffee.pair_move):
        with pytest.raises(error, match=re_escape(words)):
            ask(state, cell, axis)
    assert coffee.play_pair(state, np.int64(12), np.int8(1)) == state.play("c3-")


@pytest.mark.parametrize(
    "ask",
    [
        coffee.legal_pairs,
        coffee.can_win_at_once,
        lambda s: coffee.random_rollout(s, 1),
        lambda s: coffee.play_pair(s, 0, 0),
    ],
)
def test_the_fast_interface_wants_a_coffee_state(ask):
    with pytest.raises(TypeError, match="state must be a coffee.State, not Rules"):
        ask(coffee.Rules())


def test_random_rollouts_are_deterministic_for_every_kind_of_seed():
    import random

    state = coffee.Rules(board="square", size=5).start().play("c3-")
    assert coffee.random_rollout(state, 5) == coffee.random_rollout(state, random.Random(5))
    runs = [coffee.random_rollout(state, np.random.default_rng(k)) for k in range(40)]
    assert runs == [coffee.random_rollout(state, np.random.default_rng(k)) for k in range(40)]
    assert set(runs) == {"black", "orange"}
    with pytest.raises(TypeError, match="rand"):
        coffee.random_rollout(state, "seed")
    finished = play(BLOCKING[0][1], **BLOCKING[0][0])
    assert coffee.random_rollout(finished, 1) == finished.outcome.winner


def test_can_win_at_once_agrees_with_trying_every_move():
    rng = np.random.default_rng(4)
    checked = {True: 0, False: 0}
    for k in range(150):
        rules = coffee.Rules(board="square", size=4, n=3 + k % 2)
        moves, states = random_game(rules, int(rng.integers(2**32)), swap_chance=0)
        for state in states[-4:-1]:
            me = state.to_move
            outcomes = [state.play(m).outcome for m in state.legal_moves()]
            wins = any(o is not None and o.winner == me for o in outcomes)
            assert coffee.can_win_at_once(state) == wins
            checked[wins] += 1
        assert coffee.can_win_at_once(states[-1]) is False
    assert min(checked.values()) >= 20


def test_board_tables_and_windows_check_their_arguments():
    assert coffee.board_tables("square", 5) is coffee.board_tables("square", np.int64(5))
    assert repr(coffee.board_tables("hex", 5)) == "coffee.board_tables('hex', 5)"
    assert len(coffee.windows("hex", 5, 5)) == 61
    with pytest.raises(ValueError, match="board must be 'hex' or 'square'"):
        coffee.board_tables("round", 5)
    with pytest.raises(ValueError, match="n=9 cannot be reached"):
        coffee.windows("square", 5, 9)
    with pytest.raises(ValueError, match="must be a whole number"):
        coffee.windows("square", [5], 4)


def test_no_other_module_uses_a_private_name_of_coffee():
    """The fast interface is public: players and the batch engine use nothing else."""
    import pathlib
    import re

    import gamekit

    root = pathlib.Path(gamekit.__file__).parent
    private = re.compile(r"\bcoffee\._[a-z]")
    for path in root.rglob("*.py"):
        if path.name != "coffee.py" or path.parent != root:
            text = path.read_text(encoding="utf-8")
            assert not private.search(text), path


def test_a_state_is_made_by_the_rules_not_by_hand():
    with pytest.raises(TypeError, match=re_escape("Rules(...).start()")):
        coffee.State()
    state = coffee.Rules().start()
    assert copy_of(state) == state and copy_of(state).to_move == "black"


def copy_of(state: coffee.State) -> coffee.State:
    import copy

    return copy.deepcopy(copy.copy(state))


# ---------------------------------------------------------------------------------------
# Variants: Rules.extra_rule
# ---------------------------------------------------------------------------------------


@register
@dataclass(frozen=True)
class _NoRepeatRod(coffee.Rules):
    """A variant for the tests: the rod may not lie along the same axis twice in a row."""

    game = "coffee-test-no-repeat"

    def extra_rule(self, state, move):
        rod = state.rod
        if rod is None or move.is_swap or move.axis != rod.axis:
            return None
        return f"{move} is not allowed: the rod may not keep its direction ({rod.axis})"


def test_a_variant_rule_removes_moves_and_explains_itself():
    plain = coffee.Rules(board="hex", size=4).replay(["d4|", "d2/", "g2|"])
    variant = _NoRepeatRod(board="hex", size=4).replay(["d4|", "d2/", "g2|"])
    assert plain.rules.plain and not variant.rules.plain
    removed = {str(m) for m in plain.legal_moves()} - {str(m) for m in variant.legal_moves()}
    assert removed == {f"{c}|" for c in plain.legal_cells()}
    reason = variant.why_illegal("g3|")
    assert reason == "g3| is not allowed: the rod may not keep its direction (|)"
    with pytest.raises(IllegalMoveError, match="may not keep its direction"):
        variant.play("g3|")
    assert variant.play("g3/").rod == coffee.Move.parse("g3/")
    # Coffee's own reasons come first: a cell off the rod's line is refused for that
    assert "not on the rod's line" in variant.why_illegal("a1|")
    assert variant.legal_axes("g3") == ["/", "\\"]


def test_a_player_whom_the_variant_leaves_no_move_is_blocked():
    rules = _NoRepeatRod(board="square", size=4, n=4)
    rng = np.random.default_rng(3)
    endings = set()
    for _ in range(60):
        state = rules.start()
        while state.outcome is None:
            moves = state.legal_moves()
            state = state.play(moves[rng.integers(len(moves))])
        endings.add(state.outcome.ending)
        assert state.legal_moves() == []
    assert "blocked" in endings


def test_the_fast_paths_refuse_a_variant_and_players_use_the_rules():
    state = _NoRepeatRod(board="hex", size=4).replay(["d4|"])
    with pytest.raises(ValueError, match="adds a rule of its own"):
        coffee.random_rollout(state, 1)
    with pytest.raises(ValueError, match="adds a rule of its own"):
        coffee.can_win_at_once(state)
    from gamekit.players import MCTSPlayer

    move = MCTSPlayer(iterations=30, seed=2).choose(state)
    assert state.why_illegal(move) is None and move.axis != "|"


def test_a_variant_names_itself_and_its_records_replay_under_its_rules():
    rules = _NoRepeatRod(board="hex", size=4)
    assert repr(rules) == "_NoRepeatRod(board='hex', size=4, n=4, pie_rule=False)"
    record = Record(rules, ["d4|", "d2/", "g2|", "g3/"])
    again = Record.from_json(record.to_json())
    assert type(again.rules) is _NoRepeatRod and again.final() == record.final()
    bad = json.loads(record.to_json())
    bad["moves"][-1] = "g3|"
    with pytest.raises(InvalidRecordError, match="may not keep its direction"):
        Record.from_dict(bad)
