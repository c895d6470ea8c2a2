"""Tests of gamekit.gipf: the GIPF rules engine, checked against the rules digest
(docs/rules/gipf.md), its "Cases worth teaching", and a slow independent referee."""

from __future__ import annotations

import pickle
import random
import time

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import gamekit
import gamekit.game
from gamekit import IllegalMoveError, InvalidNotationError, Record, gipf, grids
from gamekit.errors import OffBoardError

# ---------------------------------------------------------------------------------------
# Reference data
# ---------------------------------------------------------------------------------------

# Distinct positions after 1, 2 and 3 plies (a ply: one push and every removal decision
# after it). From docs/rules/gipf.md, "Reference figures" (two independent engines).
POSITIONS_PER_PLY = {
    "standard": (30, 876, 15_120),
    "basic": (24, 558, 7_476),
    "tournament": (18, 336, 10_392),
}

# Legal pushes from every start: 42 (dot, entry) pairs (digest, "Board" and "Reference
# figures"); the tournament start doubles none of them, since the first move must be a GIPF
# piece. Board sizes from the digest, "Board".
PUSHES_AT_START = 42
SPOT_COUNT, DOT_COUNT, LINE_COUNT = 37, 24, 21
CORNER_DOTS = {"a1", "a5", "e1", "e9", "i1", "i5"}

# Start material (digest, "Material and start"): spots of each colour, reserve, total.
START = {
    "basic": ({"b5", "e2", "h5"}, {"b2", "e8", "h2"}, "", 12, 15),
    "standard": ({"b5", "e2", "h5"}, {"b2", "e8", "h2"}, " gipf", 12, 18),
    "tournament": (set(), set(), "", 18, 18),
}

# A generous cap on pushes for random games; it is not a rule (digest, "End"). Random
# games last 31-37 plies on average (digest), the longest of 300 seeded ones here 83.
MOVE_CAP = 1000

PROPERTY_SETTINGS = settings(max_examples=20, deadline=None)


# ---------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------


def play(moves, variant="standard", state=None) -> gipf.State:
    """The state after ``moves`` from the start of ``variant`` (or from ``state``)."""
    state = gipf.Rules(variant=variant).start() if state is None else state
    for move in moves:
        state = state.play(move)
    return state


def plies(state: gipf.State) -> set[gipf.State]:
    """Every state one ply on: each push, then every sequence of removal decisions."""
    out = set()
    for push in state.legal_moves():
        stack = [state.play(push)]
        while stack:
            s = stack.pop()
            if s.phase == "remove" and s.outcome is None:
                stack.extend(s.play(m) for m in s.legal_moves())
            else:
                out.add(s)
    return out


def assert_refused(state: gipf.State, move, *words: str) -> str:
    """``move`` raises IllegalMoveError naming ``words``, ``why_illegal`` gives the same
    text, and ``state`` is unchanged."""
    copy = pickle.loads(pickle.dumps(state))
    before = hash(state), state.legal_moves()
    with pytest.raises(IllegalMoveError) as caught:
        state.play(move)
    message = str(caught.value)
    for word in words:
        assert word in message, (word, message)
    assert state.why_illegal(move) == message
    assert state == copy and (hash(state), state.legal_moves()) == before
    return message


def material(state: gipf.State, colour: str) -> int:
    """On the board (a GIPF piece as two) + reserve + captured."""
    return state.on_board(colour) + state.reserve(colour) + state.captured(colour)


def random_game(rules: gipf.Rules, seed: int):
    """Random legal moves until the game ends (or the test's cap): moves and states."""
    rng = random.Random(seed)
    state = rules.start()
    moves, states, pushes = [], [state], 0
    while state.outcome is None and pushes < MOVE_CAP:
        move = rng.choice(state.legal_moves())
        pushes += isinstance(move, gipf.Push)
        state = state.play(move)
        moves.append(move)
        states.append(state)
    return moves, states


@st.composite
def random_games(draw):
    variant = draw(st.sampled_from(gipf.VARIANTS))
    seed = draw(st.integers(0, 2**32 - 1))
    rules = gipf.Rules(variant=variant)
    moves, states = random_game(rules, seed)
    return rules, moves, states


# ---------------------------------------------------------------------------------------
# A slow, independent referee, written from the digest's text with only gamekit.grids
# ---------------------------------------------------------------------------------------

GRID = grids.hexhex(5)
DIRS = {"up": (0, 1), "up-right": (1, 0), "down-right": (1, -1)}


def is_spot(label: str) -> bool:
    """The digest's lattice: x = column, y = number - 1 (+ column - 4 right of e)."""
    c = "abcdefghi".index(label[0])
    r = int(label[1:])
    x, y = c, r - 1 + max(0, c - 4)
    return 1 <= x <= 7 and 1 <= y <= 7 and abs(x - y) < 4


class Referee:
    """GIPF's push and rows as the digest states them: pieces in a dict ``label ->
    (colour, gipf)``, lines from :meth:`gamekit.grids.Grid.line`. Slow and plain."""

    def __init__(self, state: gipf.State) -> None:
        self.pieces = {s: (p.split()[0], p.endswith("gipf")) for s, p in state.pieces().items()}

    def lines(self) -> list[list[str]]:
        out = []
        for label in GRID.labels:
            for axis in GRID.axes:
                line = [GRID.label(j) for j in GRID.line(GRID.index(label), axis)]
                spots = [s for s in line if is_spot(s)]
                if spots and spots[0] == label:
                    out.append(spots)
        return out

    def pushes(self) -> list[tuple[str, str]]:
        """(dot, entry) pairs whose line is not full."""
        out = []
        for dot in GRID.labels:
            if is_spot(dot):
                continue
            i = GRID.index(dot)
            for d in grids.HEX_DIRECTIONS:
                j = GRID.step(i, d)
                if j is None or not is_spot(GRID.label(j)):
                    continue
                run = []
                while j is not None and is_spot(GRID.label(j)):
                    run.append(GRID.label(j))
                    j = GRID.step(j, d)
                if any(s not in self.pieces for s in run):
                    out.append((dot, run[0]))
        return sorted(out, key=lambda p: (GRID.index(p[0]), GRID.index(p[1])))

    def push(self, dot: str, entry: str, piece: tuple[str, bool]) -> None:
        i, e = GRID.index(dot), GRID.index(entry)
        d = (GRID.coords[e][0] - GRID.coords[i][0], GRID.coords[e][1] - GRID.coords[i][1])
        carried, j = piece, e
        while carried is not None:
            label = GRID.label(j)
            carried, self.pieces[label] = self.pieces.get(label), carried
            j = GRID.step(j, d)

    def rows(self) -> set[tuple[str, tuple[str, ...]]]:
        """(owner, segment) of every run of four or more of one colour, the segment being
        every piece touching it along its line."""
        out = set()
        for line in self.lines():
            for k in range(len(line) - 3):
                four = line[k : k + 4]
                colours = {self.pieces.get(s, (None,))[0] for s in four}
                if len(colours) == 1 and None not in colours:
                    a, b = k, k + 3
                    while a > 0 and line[a - 1] in self.pieces:
                        a -= 1
                    while b < len(line) - 1 and line[b + 1] in self.pieces:
                        b += 1
                    out.add((colours.pop(), tuple(line[a : b + 1])))
        return out


# ---------------------------------------------------------------------------------------
# The board and the starts
# ---------------------------------------------------------------------------------------


def test_the_board_has_37_spots_24_dots_and_21_lines():
    assert len(gipf.SPOTS) == SPOT_COUNT and len(gipf.DOTS) == DOT_COUNT
    assert set(gipf.SPOTS) == {s for s in GRID.labels if is_spot(s)}
    assert len(Referee(gipf.Rules().start()).lines()) == LINE_COUNT
    assert "e5" in gipf.SPOTS and "e1" in gipf.DOTS and "e9" in gipf.DOTS


@pytest.mark.parametrize("variant", gipf.VARIANTS)
def test_every_start_has_its_pieces_and_reserves_and_white_pushes_first(variant):
    whites, blacks, kind, reserve, total = START[variant]
    state = gipf.Rules(variant=variant).start()
    assert state.to_move == "white" and state.phase == "push" and state.outcome is None
    assert state.pieces("white") == {s: "white" + kind for s in sorted(whites)}
    assert state.pieces("black") == {s: "black" + kind for s in sorted(blacks)}
    for colour in gipf.COLOURS:
        assert state.reserve(colour) == reserve
        assert state.captured(colour) == 0
        assert material(state, colour) == total


@pytest.mark.parametrize("variant", gipf.VARIANTS)
def test_there_are_42_pushes_from_every_start(variant):
    state = gipf.Rules(variant=variant).start()
    moves = state.legal_moves()
    assert len(moves) == PUSHES_AT_START
    assert all(m.gipf == (variant == "tournament") for m in moves)
    assert [(m.dot, m.entry) for m in moves] == Referee(state).pushes()


def test_corner_dots_have_one_entry_and_the_others_two():
    state = gipf.Rules(variant="basic").start()
    per_dot = {}
    for m in state.legal_moves():
        per_dot.setdefault(m.dot, []).append(m.entry)
    assert set(per_dot) == set(gipf.DOTS)
    assert {d for d, e in per_dot.items() if len(e) == 1} == CORNER_DOTS


@pytest.mark.parametrize("ply", [1, 2, 3])
@pytest.mark.parametrize("variant", list(POSITIONS_PER_PLY))
def test_distinct_positions_per_ply_match_the_digest(variant, ply):
    level = {gipf.Rules(variant=variant).start()}
    for _ in range(ply):
        level = set().union(*(plies(s) for s in level if s.outcome is None))
    assert len(level) == POSITIONS_PER_PLY[variant][ply - 1]


# ---------------------------------------------------------------------------------------
# Rules and notation
# ---------------------------------------------------------------------------------------


def test_rules_default_to_the_standard_game_and_survive_a_dict():
    assert gipf.Rules() == gipf.Rules(variant="standard")
    for variant in gipf.VARIANTS:
        rules = gipf.Rules(variant=variant)
        assert gipf.Rules.from_dict(rules.to_dict()) == rules
        assert eval(repr(rules), {"gipf": gipf}) == rules


@pytest.mark.parametrize(
    "data, words",
    [({"variant": "blitz"}, "variant must be"), ({"size": 5}, "unknown GIPF option 'size'")],
)
def test_bad_options_raise_value_error_naming_them(data, words):
    with pytest.raises(ValueError, match=words):
        gipf.Rules.from_dict(data)


@pytest.mark.parametrize(
    "text, dot, entry, gipf_piece",
    [
        ("e1-e2", "e1", "e2", False),
        ("Ge1-e2", "e1", "e2", True),
        ("ge1-e2", "e1", "e2", True),
        (" E1-E2 ", "e1", "e2", False),
        ("e1-e4", "e1", "e2", False),  # the official dot-end form
        ("Gi3-f3", "i3", "h3", True),
        ("g1-g2", "g1", "g2", False),  # column g is not a GIPF prefix
        ("Gg1-g2", "g1", "g2", True),
    ],
)
def test_a_push_is_a_dot_and_an_entry_in_any_of_its_forms(text, dot, entry, gipf_piece):
    move = gipf.Move.parse(text)
    assert isinstance(move, gipf.Push)
    assert (move.dot, move.entry, move.gipf) == (dot, entry, gipf_piece)


def test_a_bare_spot_is_a_push_from_some_dot_that_enters_there():
    move = gipf.Move.parse("b2")
    assert move.entry == "b2" and move.dot in gipf.DOTS and move.end == "b2"
    state = gipf.Rules(variant="tournament").start().play("Gb2")
    assert state.piece_at("b2") == "white gipf"


@pytest.mark.parametrize(
    "text",
    [
        "e1-e2",
        "Ge1-e2",
        "e1-e4",  # the official form keeps its end
        "Ge1-e4",
        "b2",  # a bare spot
        "Gb2",
        "xe2-e5",
        "xe2-e5 keep e5",
        "xe2-e7 keep e3,e5",
        "xb4-e4",
        "xe3",
        "xe2,e3,e5",
    ],
)
def test_notation_round_trips_through_parse_str_and_repr(text):
    move = gipf.Move.parse(text)
    assert str(move) == text
    assert gipf.Move.parse(str(move)) == move
    assert eval(repr(move), {"Move": gipf.Move}) == move


def test_a_removal_written_as_a_list_of_spots_reads_back():
    move = gipf.Move.parse("xe2, e3, e4, e6,e7")
    assert move.taken == ("e2", "e3", "e4", "e6", "e7")
    assert gipf.Move.parse("xe2-e7 keep Ge5").taken == move.taken


@pytest.mark.parametrize(
    "text", ["", "e1", "e1e2", "e1--e2", "x", "xe2-", "xe2-e7 keep", "xb2-c4", "e1-e2-e3", "Gx"]
)
def test_malformed_notation_raises_invalid_notation_error(text):
    with pytest.raises(InvalidNotationError):
        gipf.Move.parse(text)


@pytest.mark.parametrize("value", [None, 12, ("e1", "e2")])
def test_a_move_that_is_not_text_raises_invalid_notation_error(value):
    with pytest.raises(InvalidNotationError, match="is not a GIPF move"):
        gipf.Move.parse(value)


@pytest.mark.parametrize("text", ["j1-j2", "e1-e10", "a6-b6"])
def test_a_point_the_board_lacks_is_both_illegal_and_bad_notation(text):
    with pytest.raises(OffBoardError, match="the GIPF board has no point"):
        gipf.Rules().start().play(text)


def test_the_official_form_names_the_furthest_spot_reached_or_the_bare_spot():
    state = gipf.Rules().start()  # White's GIPF piece on e2
    assert state.official("e1-e2") == "e1-e3"
    assert state.official("d1-d2") == "d2"
    state = state.play("e1-e2").play("b6-b5")  # e2 single, e3 GIPF
    assert state.official("e1-e2") == "e1-e4"
    assert state.play("e1-e4") == state.play("e1-e2")
    assert gipf.Move.parse("e1-e2").official(state) == "e1-e4"


def test_an_official_form_that_does_not_match_the_push_is_refused():
    state = gipf.Rules().start()
    assert_refused(state, "e1-e5", "e1-e5 does not describe this push", "up to e3")
    assert_refused(state, "e2", "e2 does not describe this push", "write")


def test_a_whole_ply_can_be_played_as_one_line():
    state = play(["e1-e2", "b6-b5", "e1-e2", "c7-c6"])
    assert state.play("e1-e2 xe2-e5 keep e5") == state.play("e1-e2").play("xe2-e5 keep e5")


def test_why_illegal_judges_a_whole_ply_as_play_plays_it():
    state = play(["e1-e2", "b6-b5", "e1-e2", "c7-c6"])
    assert state.why_illegal("e1-e2 xe2-e5 keep e5") is None
    assert_refused(state, "e1-e2 xe2-e3", "xe2-e3 is not allowed", "White may take the row")
    assert_refused(state, "e2-e3 xe2-e5", "e2 is a spot of the play area")


# ---------------------------------------------------------------------------------------
# State basics
# ---------------------------------------------------------------------------------------


def test_a_state_is_immutable_and_pickles():
    state = gipf.Rules().start()
    with pytest.raises(AttributeError):
        state.to_move = "black"
    assert pickle.loads(pickle.dumps(state)) == state


def test_repr_is_short_and_stable():
    state = gipf.Rules(variant="basic").start().play("e1-e2")
    assert repr(state) == "<gipf.State basic: black to push, reserves 11/12, captured 0/0>"


def test_states_reached_by_different_move_orders_are_equal_and_hash_equal():
    a = play(["a1-b2", "i5-h5", "e1-e2", "e9-e8"], "basic")
    b = play(["e1-e2", "e9-e8", "a1-b2", "i5-h5"], "basic")
    assert a == b and hash(a) == hash(b) and a.last != b.last


def test_the_tournament_rights_are_part_of_the_position():
    # Both put a GIPF piece on e2/e8 in two plies; then one pushes a single and the
    # other a GIPF piece at the same place: the pieces differ, so do the states.
    rules = gipf.Rules(variant="tournament")
    a = rules.setup({"e2": "WG", "e8": "BG", "b2": "W"}, may_place_gipf=("white", "black"))
    b = rules.setup({"e2": "WG", "e8": "BG", "b2": "W"}, may_place_gipf=("black",))
    assert a != b and a.may_place_gipf("white") and not b.may_place_gipf("white")


def test_colour_arguments_are_checked():
    state = gipf.Rules().start()
    with pytest.raises(ValueError, match="colour must be"):
        state.reserve("red")


# ---------------------------------------------------------------------------------------
# Cases worth teaching (digest), one test or more each
# ---------------------------------------------------------------------------------------


def test_case_1_a_full_line_forbids_that_push_but_not_the_other_direction():
    state = play(["b1-b2", "b6-b5"], "basic")
    assert state.pieces() == {
        "b2": "white",
        "b3": "black",
        "b4": "white",
        "b5": "black",
        "e2": "white",
        "e8": "black",
        "h2": "black",
        "h5": "white",
    }
    assert_refused(state, "b1-b2", "the line from b2 to b5 is full", "off the board", "b1-c2")
    assert state.why_illegal("b1-c2") is None and state.why_illegal("a1-b2") is None


@pytest.mark.parametrize("variant, results", [("standard", 30), ("basic", 24)])
def test_case_2_42_pushes_give_fewer_different_results(variant, results):
    state = gipf.Rules(variant=variant).start()
    after = {state.play(m) for m in state.legal_moves()}
    assert len(state.legal_moves()) == 42 and len(after) == results


def test_case_3_a_push_stops_at_the_first_gap():
    state = gipf.Rules(variant="basic").setup({"e2": "W", "e3": "B", "e5": "B"})
    after = state.play("e1-e2")
    assert {s: after.piece_at(s) for s in ("e2", "e3", "e4", "e5", "e6")} == {
        "e2": "white",
        "e3": "white",
        "e4": "black",
        "e5": "black",
        "e6": None,
    }
    assert state.pushed_spots("e1-e2") == ["e2", "e3"]


def test_case_4_a_row_takes_its_extensions_of_both_colours():
    state = gipf.Rules(variant="basic").setup(
        {"e2": "W", "e3": "W", "e4": "W", "e5": "B", "e6": "W"}
    )
    state = state.play("e1-e2")  # W W W W B W _ on e2..e8
    assert (state.phase, state.to_move) == ("remove", "white")
    assert [str(m) for m in state.legal_moves()] == ["xe2-e7"]
    row = state.rows()[0]
    assert row.row == ("e2", "e3", "e4", "e5") and row.segment[-1] == "e7"
    after = state.play("xe2-e7")
    assert after.pieces() == {}
    assert after.reserve("white") == 15 and after.captured("black") == 1
    assert after.reserve("black") == 14


def test_case_4_a_piece_beyond_a_gap_stays():
    state = gipf.Rules(variant="basic").setup({"e2": "W", "e3": "W", "e4": "W", "e7": "B"})
    state = state.play("e1-e2")  # W W W W _ B
    assert [str(m) for m in state.legal_moves()] == ["xe2-e5"]
    after = state.play("xe2-e5")
    assert after.pieces() == {"e7": "black"} and after.captured("black") == 0


def test_case_5_a_push_can_hand_the_opponent_a_row_with_your_pieces_in_it():
    state = gipf.Rules(variant="basic").setup(
        {"e2": "B", "e4": "B", "e5": "B", "e6": "B", "e7": "W"}
    )
    state = state.play("e1-e2")
    assert (state.phase, state.to_move, state.pusher) == ("remove", "black", "white")
    assert [str(m) for m in state.legal_moves()] == ["xe2-e7"]
    after = state.play("xe2-e7")
    assert after.captured("white") == 2 and after.reserve("black") == 15
    assert (after.phase, after.to_move) == ("push", "black")


def case_6_state() -> gipf.State:
    # e2 W e3 W e4 W e5 B, and Black on d5 f6 g6 (the / line b3 c4 d5 e6 f6 g6). White's
    # e1-e2 makes White's e2-e5 (with e6 B touching it) and Black's d5-g6 at once.
    return gipf.Rules(variant="basic").setup(
        {"e2": "W", "e3": "W", "e4": "W", "e5": "B", "d5": "B", "f6": "B", "g6": "B"}
    )


def test_case_6_when_both_get_rows_the_mover_removes_first_and_may_break_the_other():
    state = case_6_state().play("e1-e2")
    assert sorted((r.owner, r.segment[0], r.segment[-1]) for r in state.rows()) == [
        ("black", "d5", "g6"),
        ("white", "e2", "e6"),
    ]
    assert state.to_move == "white"
    assert [str(m) for m in state.legal_moves()] == ["xe2-e6"]
    assert_refused(state, "xd5-g6", "Black's row", "xe2-e6")
    after = state.play("xe2-e6")
    assert after.phase == "push" and after.to_move == "black"
    assert after.captured("black") == 1 and after.rows() == []


def test_case_6_the_opponent_then_removes_his_rows_that_still_stand():
    # e1-e2 pushes e2 W to e3 and e3 B to e4: White's e3 f3 g3 h3 and Black's e4 f4 g4 h4
    # (two parallel / lines) appear at once and do not touch.
    state = gipf.Rules(variant="basic").setup(
        {"e2": "W", "e3": "B", "f3": "W", "g3": "W", "h3": "W", "f4": "B", "g4": "B", "h4": "B"}
    )
    state = state.play("e1-e2")
    assert (state.to_move, [str(m) for m in state.legal_moves()]) == ("white", ["xe3-h3"])
    state = state.play("xe3-h3")
    assert (state.phase, state.to_move) == ("remove", "black")
    assert [str(m) for m in state.legal_moves()] == ["xe4-h4"]
    state = state.play("xe4-h4")
    assert (state.phase, state.to_move) == ("push", "black")
    assert state.pieces() == {"e2": "white"}
    assert state.reserve("white") == 14 and state.reserve("black") == 15


def case_7_state() -> gipf.State:
    # Standard: White's GIPF piece on e4 and singles e2 e3, f5 g5 h5 on the / line b2..h5.
    # e1-e2 pushes the GIPF piece to e5: White's e2-e5 and e5-h5 cross on it.
    return gipf.Rules().setup(
        {
            "e2": "W",
            "e3": "W",
            "e4": "WG",
            "f5": "W",
            "g5": "W",
            "h5": "W",
            "b5": "WG",
            "b2": "BG",
            "e8": "BG",
            "h2": "BG",
        }
    )


def test_case_7_crossing_rows_with_a_gipf_piece_at_the_crossing():
    state = case_7_state().play("e1-e2")
    assert [str(m) for m in state.legal_moves()] == [
        "xe2-e5",
        "xe2-e5 keep e5",
        "xe5-h5",
        "xe5-h5 keep e5",
    ]
    # Taking the crossing GIPF piece with one row breaks the other.
    after = state.play("xe2-e5")
    assert after.phase == "push" and after.piece_at("f5") == "white"
    # Leaving it, the other row still stands and must be taken too.
    after = state.play("xe2-e5 keep e5")
    assert (after.phase, after.to_move) == ("remove", "white")
    assert [str(m) for m in after.legal_moves()] == ["xe5-h5", "xe5-h5 keep e5"]
    assert_refused(after, "e1-e2", "no one pushes until the rows are removed")
    final = after.play("xe5-h5 keep e5")
    assert final.phase == "push" and final.pieces("white") == {
        "b5": "white gipf",
        "e5": "white gipf",
    }
    assert material(final, "white") == 18


def test_case_8_white_pushes_its_own_gipf_piece_into_a_row_and_may_keep_it():
    state = play(["e1-e2", "b6-b5", "e1-e2", "c7-c6", "e1-e2"])
    assert state.piece_at("e5") == "white gipf"
    assert [str(m) for m in state.legal_moves()] == ["xe2-e5", "xe2-e5 keep e5"]
    keep, take = state.play("xe2-e5 keep e5"), state.play("xe2-e5")
    assert keep.piece_at("e5") == "white gipf" and take.piece_at("e5") is None
    assert (keep.reserve("white"), take.reserve("white")) == (12, 14)


def test_case_8_a_removal_that_is_not_on_offer_is_refused():
    state = play(["e1-e2", "b6-b5", "e1-e2", "c7-c6", "e1-e2"])
    assert_refused(
        state,
        "xe2-e3",
        "White may take the row e2 to e5; or take the row e2 to e5 and keep the GIPF piece on e5 (in notation: xe2-e5, xe2-e5 keep e5)",
    )
    # The official list of the pieces taken names the same choice as "keep e5".
    assert state.play("xe2,e3,e4") == state.play("xe2-e5 keep e5")
    assert_refused(state, "xb2-b5", "White may take the row")


def case_9_state() -> gipf.State:
    # Basic: White has one piece left in reserve (nine captured).
    return gipf.Rules(variant="basic").setup(
        {"e3": "W", "e4": "W", "e5": "W", "c6": "W", "d6": "W", "b2": "B", "h2": "B", "e8": "B"},
        captured=(9, 0),
    )


def test_case_9_an_empty_reserve_is_not_yet_a_loss():
    state = case_9_state()
    assert state.reserve("white") == 1
    state = state.play("a5-b5")
    assert state.reserve("white") == 0 and state.outcome is None
    # Black's b6-c6 pushes d6 on to e6: White's e3-e6 is a row, and it refills the reserve.
    handed = state.play("b6-c6")
    assert (handed.phase, handed.to_move) == ("remove", "white")
    handed = handed.play("xe3-e6")
    assert handed.reserve("white") == 4 and handed.outcome is None
    assert handed.to_move == "white"
    # Otherwise White must push and cannot: Black wins.
    lost = state.play("i5-h5")
    assert lost.outcome is not None and lost.outcome.winner == "black"
    assert "White must push but has no piece left in reserve" in lost.outcome.reason
    assert lost.legal_moves() == []
    assert_refused(lost, "e1-e2", "the game is over", "no piece left in reserve")


def test_case_10_the_tournament_opening():
    state = gipf.Rules(variant="tournament").start()
    assert_refused(state, "e1-e2", "first move must", "GIPF piece", "Ge1-e2")
    state = state.play("Ge1-e2")
    assert state.reserve("white") == 16 and state.piece_at("e2") == "white gipf"
    assert_refused(state, "e9-e8", "first move must")
    state = state.play("Ge9-e8")
    moves = state.legal_moves()
    assert len(moves) == 2 * 42 and {m.gipf for m in moves} == {True, False}
    state = state.play("Ga1-b2").play("e9-e8")  # White a second GIPF; Black a single
    assert not state.may_place_gipf("black") and state.may_place_gipf("white")
    state = state.play("a5-b5")  # White's first single
    assert_refused(state, "Gi5-h5", "already placed a single piece", "no more GIPF")
    assert not any(m.gipf for m in state.legal_moves())
    state = state.play("i5-h5")
    assert_refused(state, "Gi1-h2", "already placed a single piece")


def test_gipf_pieces_are_placed_only_in_the_tournament_game():
    assert_refused(gipf.Rules().start(), "Ge1-e2", "only in the tournament game", "stand on")
    assert_refused(gipf.Rules(variant="basic").start(), "Ge1-e2", "no GIPF pieces at all")


def test_a_gipf_piece_needs_two_pieces_in_reserve():
    state = gipf.Rules(variant="tournament").setup(
        {"e2": "WG", "e8": "BG"}, captured=(15, 0), may_place_gipf=("white", "black")
    )
    assert state.reserve("white") == 1
    assert_refused(state, "Gi5-h5", "takes two pieces from the reserve", "only 1")
    assert all(not m.gipf for m in state.legal_moves())


@pytest.mark.parametrize(
    "move, words",
    [
        ("e2-e3", ("e2 is a spot of the play area, not a dot",)),
        ("e1-f2", ("f2 is not along a line from the dot e1", "only at e2")),
        ("a2-a3", ("a3 is not along a line from the dot a2", "b2 or b3")),
        ("xe2-e5", ("there is no row to remove now",)),
    ],
)
def test_illegal_pushes_name_the_rule(move, words):
    assert_refused(gipf.Rules().start(), move, *words)


# ---------------------------------------------------------------------------------------
# Game end
# ---------------------------------------------------------------------------------------


def test_losing_the_last_gipf_piece_loses_at_once_in_the_standard_game():
    # White's row e2-e5 takes Black's last GIPF piece on e6 as an extension.
    rules = gipf.Rules()
    state = rules.setup({"e2": "W", "e3": "W", "e4": "W", "e5": "BG", "b5": "WG"})
    state = state.play("e1-e2")
    after = state.play("xe2-e6")
    assert after.outcome is not None and after.outcome.winner == "white"
    assert "Black has no GIPF piece left" in after.outcome.reason
    assert after.legal_moves() == []


def own_gipf_row(variant: str = "standard", **options) -> gipf.State:
    # White's GIPF piece goes from e4 to e5 in White's own row e2-e5 (in the tournament
    # game White pushes in a second GIPF piece, on e2).
    rules = gipf.Rules(variant=variant)
    push = "Ge1-e2" if variant == "tournament" else "e1-e2"
    return rules.setup({"e2": "W", "e3": "W", "e4": "WG", "b2": "BG"}, **options).play(push)


@pytest.mark.parametrize("variant", ["standard", "tournament"])
def test_taking_your_own_last_gipf_piece_loses_and_keeping_it_does_not(variant):
    options = {"may_place_gipf": ("white",)} if variant == "tournament" else {}
    state = own_gipf_row(variant, **options)
    expected = ["xe2-e5", "xe2-e5 keep e5"]
    if variant == "tournament":
        expected = ["xe2-e5", "xe2-e5 keep e2", "xe2-e5 keep e2,e5", "xe2-e5 keep e5"]
    assert [str(m) for m in state.legal_moves()] == expected
    assert state.play("xe2-e5 keep e5").outcome is None
    lost = state.play("xe2-e5")
    assert lost.outcome.winner == "black"
    assert lost.outcome.reason == "White has no GIPF piece left on the board"
    # In the tournament game the right to place more does not save him.
    assert lost.may_place_gipf("white") == (variant == "tournament")


def test_keeping_gipf_pieces_that_would_still_make_the_row_is_not_a_choice():
    # Tournament: four white GIPF pieces in a row. Keeping all four would leave the row
    # standing for ever; every other keep/take combination is a move of its own.
    rules = gipf.Rules(variant="tournament")
    state = rules.setup(
        {"e2": "WG", "e3": "WG", "e4": "WG", "b2": "BG"}, may_place_gipf=("white",)
    ).play("Ge1-e2")
    moves = [str(m) for m in state.legal_moves()]
    assert len(moves) == 2**4 - 1 and "xe2-e5" in moves
    assert "xe2-e5 keep e2,e3,e4" in moves
    with pytest.raises(InvalidNotationError, match="takes at least one piece"):
        state.play("xe2-e5 keep e2,e3,e4,e5")


def test_when_one_removal_takes_the_last_gipf_pieces_of_both_the_remover_wins():
    # White's e2-e5 with extensions e6 (White's last GIPF) and e7 (Black's last GIPF).
    state = gipf.Rules().setup({"e2": "W", "e3": "W", "e4": "W", "e6": "WG", "e7": "BG"})
    state = state.play("e1-e2")  # e2..e5 W, then e6 WG and e7 BG touching the row
    moves = [str(m) for m in state.legal_moves()]
    assert "xe2-e7" in moves
    after = state.play("xe2-e7")
    assert after.outcome.winner == "white"
    assert "last GIPF pieces of both players" in after.outcome.reason


def test_in_the_tournament_game_no_gipf_piece_is_a_loss_only_after_placing_one():
    state = gipf.Rules(variant="tournament").start()
    assert state.outcome is None and state.gipf_pieces("white") == []
    state = state.play("Ge1-e2")
    assert state.outcome is None and state.gipf_pieces("black") == []


# ---------------------------------------------------------------------------------------
# Properties over random games
# ---------------------------------------------------------------------------------------


@PROPERTY_SETTINGS
@given(random_games())
def test_random_games_agree_ply_by_ply_with_the_independent_referee(game):
    rules, moves, states = game
    for state, move, after in zip(states[:-1], moves, states[1:], strict=True):
        referee = Referee(state)
        if state.phase == "push":
            legal = [(m.dot, m.entry) for m in state.legal_moves()]
            assert sorted(set(legal), key=legal.index) == referee.pushes()
            referee.push(move.dot, move.entry, (state.to_move, move.gipf))
            assert after.pieces() == {
                s: c + (" gipf" if g else "") for s, (c, g) in referee.pieces.items()
            }
        rows = {(r.owner, r.segment) for r in after.rows()}
        assert rows == Referee(after).rows()
        if after.phase == "remove" and after.outcome is None:
            owners = {o for o, _ in rows}
            pusher = after.pusher
            assert after.to_move == (
                pusher if pusher in owners else gipf.COLOURS[1 - gipf.COLOURS.index(pusher)]
            )


@PROPERTY_SETTINGS
@given(random_games())
def test_pieces_are_conserved_counting_a_gipf_piece_as_two(game):
    rules, moves, states = game
    for state in states:
        for colour in gipf.COLOURS:
            assert material(state, colour) == rules.pieces
            assert state.reserve(colour) >= 0


@PROPERTY_SETTINGS
@given(random_games())
def test_no_row_of_four_stands_when_someone_must_push(game):
    _rules, _moves, states = game
    for state in states:
        if state.phase == "push":
            assert state.rows() == []
        elif state.outcome is None:
            assert state.rows() and state.legal_moves()


@PROPERTY_SETTINGS
@given(random_games())
def test_every_random_game_ends_with_a_winner_within_the_cap(game):
    rules, moves, states = game
    final = states[-1]
    assert final.outcome is not None, f"no winner after {len(moves)} moves"
    outcome = final.outcome
    event(outcome.ending)
    assert outcome.winner in gipf.COLOURS and final.legal_moves() == []
    assert outcome.winners == (outcome.winner,) and final.to_move is None
    if outcome.ending == "no-reserve":
        assert final.reserve(outcome.loser) == 0 and final.phase == "push"
        assert "no piece left in reserve" in outcome.reason
    else:
        assert outcome.ending == "last-gipf" and rules.variant != "basic"
        assert final.gipf_pieces(outcome.loser) == [] or "both" in outcome.reason


@PROPERTY_SETTINGS
@given(random_games())
def test_every_legal_move_survives_its_notation_and_is_not_refused(game):
    _rules, _moves, states = game
    for state in states[:: max(1, len(states) // 10)]:
        legal = state.legal_moves()
        assert len(set(legal)) == len(legal)
        for move in legal:
            assert gipf.Move.parse(str(move)) == move
            assert state.why_illegal(str(move)) is None
        for move in legal[:3]:
            after = state.play(move)
            assert state.play(str(move)) == after
            if isinstance(move, gipf.Push):
                assert state.play(state.official(move)) == after


@PROPERTY_SETTINGS
@given(random_games())
def test_states_are_hashable_and_equal_states_hash_equal(game):
    _rules, _moves, states = game
    for state in states:
        copy = pickle.loads(pickle.dumps(state))
        assert copy == state and hash(copy) == hash(state)


@settings(max_examples=10, deadline=None)
@given(random_games())
def test_random_games_round_trip_through_a_record(game):
    rules, moves, states = game
    record = Record(rules, moves)
    again = Record.from_json(record.to_json())
    assert again == record and again.game == "gipf"
    assert again.final() == states[-1]


def test_random_games_last_about_as_long_as_the_digest_says():
    lengths = []
    for seed in range(30):
        moves, states = random_game(gipf.Rules(), seed)
        lengths.append(sum(isinstance(m, gipf.Push) for m in moves))
    assert 20 <= sum(lengths) / len(lengths) <= 45


@settings(max_examples=10, deadline=None)
@given(random_games())
def test_every_push_not_offered_is_refused_with_a_rule_and_the_state_unchanged(game):
    _rules, _moves, states = game
    entries = sorted(gipf._tables().entries)
    for state in states[:: max(1, len(states) // 6)]:
        offered = {str(m) for m in state.legal_moves()}
        for d, e in entries:
            for g in ("", "G"):
                text = f"{g}{GRID.label(d)}-{GRID.label(e)}"
                if text in offered:
                    continue
                reason = state.why_illegal(text)
                assert reason is not None and reason.startswith(f"{text} is not allowed: ")
                if state.outcome is not None:
                    assert "the game is over" in reason
                elif state.phase == "remove":
                    assert "no one pushes until the rows are removed" in reason
                elif not g:
                    assert "is full" in reason or "first move must" in reason
                else:
                    assert "GIPF piece" in reason or "is full" in reason
        if state.outcome is None and state.phase == "push":
            assert_refused(state, "e5-e6", "e5 is a spot of the play area, not a dot")


# ---------------------------------------------------------------------------------------
# Moves: a listed move plays, a hand-built one is checked, overlong text is refused
# ---------------------------------------------------------------------------------------


def test_a_move_equal_to_a_listed_one_plays_and_one_that_is_refused_is_not_listed():
    state = gipf.Rules().start()
    written = gipf.Move.parse("a1-e5")  # an official form that does not hold here
    assert state.why_illegal(written) is not None
    assert written not in state.legal_moves() and written != gipf.Push("a1", "b2")
    for move in state.legal_moves():
        assert state.why_illegal(move) is None
        assert gipf.Move.parse(str(move)) in state.legal_moves()


def test_an_official_form_that_holds_plays_the_listed_push_it_stands_for():
    state = gipf.Rules().start()
    official = gipf.Move.parse(state.official("e1-e2"))  # e1-e3
    assert str(official) == "e1-e3" and official.plain == gipf.Push("e1", "e2")
    assert official.plain in state.legal_moves()
    assert state.play(official) == state.play("e1-e2")
    assert state.play(official).last == gipf.Push("e1", "e2")  # the listed form


def test_a_bare_spot_names_the_first_dot_entering_there_however_it_is_built():
    assert gipf.Push("b1", "b2", end="b2") == gipf.Move.parse("b2")
    assert gipf.Push("a2", "b2", True, "b2") == gipf.Move.parse("Gb2")


def test_the_official_form_of_a_push_that_cannot_be_played_is_refused_with_the_rule():
    state = play(["b1-b2", "b6-b5"], "basic")  # case 1: the b-line is full
    with pytest.raises(IllegalMoveError) as caught:
        state.official("b1-b2")
    assert str(caught.value) == state.why_illegal("b1-b2")
    assert "is full" in str(caught.value)
    with pytest.raises(IllegalMoveError, match="is full"):
        gipf.Push("b1", "b2").official(state)
    with pytest.raises(TypeError, match="state must be a gipf.State"):
        gipf.Push("b1", "b2").official("b1-b2")


@pytest.mark.parametrize(
    "fields, words",
    [
        ((5, "e2"), "dot and entry are point labels"),
        (("e1", None), "dot and entry are point labels"),
        (("E1", "E2"), "dot and entry are point labels"),
        (("e1", "e2", 1), "gipf must be True or False"),
        (("e1", "e2", False, 4), "end is None or a point label"),
        (("e1", "e2", False, "a1"), "must be a spot on the line"),
        (("e2", "e3", False, "e4"), "must be a spot on the line"),
    ],
)
def test_a_push_built_with_wrong_fields_is_refused_as_bad_notation(fields, words):
    with pytest.raises(InvalidNotationError, match=words):
        gipf.Push(*fields)


def test_a_push_built_with_a_point_the_board_lacks_is_off_the_board():
    with pytest.raises(OffBoardError, match="the GIPF board has no point j2"):
        gipf.Push("e1", "j2")


@pytest.mark.parametrize(
    "fields, words",
    [
        (("e2",), "segment must be a tuple of spots"),
        ((("e2", 3),), "segment must be a tuple of spots"),
        (((),), "names the spots it takes"),
        ((("e2", "e2"),), "named twice"),
        ((("e2", "e3"), "e2"), "kept must be a tuple of spots"),
        ((("e2", "e3"), ("e4",)), "e4 is kept but is not among the spots"),
        ((("e2", "e3"), ("e2", "e3")), "takes at least one piece"),
        ((("e2",) * 100,), "segment must be a tuple of spots"),
    ],
)
def test_a_removal_built_with_wrong_fields_is_refused_as_bad_notation(fields, words):
    with pytest.raises(InvalidNotationError, match=words):
        gipf.Removal(*fields)


def test_a_removal_built_on_a_dot_or_off_the_board_is_off_the_board():
    with pytest.raises(OffBoardError, match="e1 is a dot"):
        gipf.Removal(("e1", "e2"))
    with pytest.raises(OffBoardError, match="no point j5"):
        gipf.Removal(("j5",))


def test_a_removal_keeps_its_spots_in_board_order_however_it_is_built():
    built = gipf.Removal(["e5", "e3", "e4", "e2"], ["e5"])
    assert built == gipf.Move.parse("xe2-e5 keep e5") and hash(built) == hash(
        gipf.Move.parse("xe2-e5 keep e5")
    )
    state = play(["e1-e2", "b6-b5", "e1-e2", "c7-c6", "e1-e2"])
    assert built in state.legal_moves()
    assert state.play(built) == state.play("xe2-e5 keep e5")


def test_only_pushes_and_removals_are_moves():
    with pytest.raises(TypeError, match="common base of Push and Removal"):
        gipf.Move()

    class Odd(gipf.Move):
        __slots__ = ()

    state = gipf.Rules().start()
    for call in (gipf.Move.parse, state.play, state.why_illegal):
        with pytest.raises(InvalidNotationError, match="an? Odd object is not a GIPF move"):
            call(Odd())


@pytest.mark.parametrize("text", ["x" * 40_000, "e1-e2 " * 7_000, " " * 40_000 + "e1-e2"])
def test_overlong_notation_is_refused_at_once_with_the_same_sentence_everywhere(text):
    state = gipf.Rules().start()
    started = time.perf_counter()
    with pytest.raises(InvalidNotationError, match="characters, and a move") as parsed:
        gipf.Move.parse(text)
    with pytest.raises(InvalidNotationError) as played:
        state.play(text)
    with pytest.raises(InvalidNotationError) as asked:
        state.why_illegal(text)
    assert str(parsed.value) == str(played.value) == str(asked.value)
    assert len(str(parsed.value)) < 200
    assert time.perf_counter() - started < 0.1


def test_parsing_time_grows_linearly_with_the_text():
    # A removal listing many spots, just under the limit, parses as fast as a short one.
    text = "x" + ",".join(["e2"] * 300)
    started = time.perf_counter()
    for _ in range(100):
        gipf.Move.parse(text)
    assert time.perf_counter() - started < 1.0


# ---------------------------------------------------------------------------------------
# Nothing is ever changed or lost: states and values refuse setattr and delattr
# ---------------------------------------------------------------------------------------


def game_values():
    state = play(["e1-e2", "b6-b5", "e1-e2", "c7-c6", "e1-e2"])
    lost = own_gipf_row().play("xe2-e5")
    return [
        (state, "rules"),
        (state, "to_move"),
        (state, "_board"),
        (state.rules, "variant"),
        (gipf.Move.parse("e1-e4"), "end"),
        (gipf.Move.parse("xe2-e5 keep e5"), "kept"),
        (state.rows()[0], "owner"),
        (lost.outcome, "ending"),
    ]


def test_no_state_or_value_of_the_game_can_lose_or_change_an_attribute():
    for obj, name in game_values():
        before = getattr(obj, name)
        with pytest.raises(AttributeError):
            delattr(obj, name)
        with pytest.raises(AttributeError):
            setattr(obj, name, None)
        assert getattr(obj, name) == before


def test_a_state_is_not_built_directly():
    with pytest.raises(TypeError, match="Rules\\(\\).start\\(\\)"):
        gipf.State()


# ---------------------------------------------------------------------------------------
# Setting up a position: every argument is checked
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "variant, args, options, error, words",
    [
        ("standard", ({},), {"captured": (-5, 0)}, ValueError, "captured must be two whole"),
        ("basic", ({},), {"captured": (16, 0)}, ValueError, "captured must be two whole"),
        ("basic", ({},), {"captured": (1,)}, ValueError, "captured must be two whole"),
        ("basic", ({},), {"captured": (1.5, 0)}, ValueError, "captured must be two whole"),
        ("basic", ({},), {"captured": (True, 0)}, ValueError, "captured must be two whole"),
        ("basic", ({},), {"captured": "00"}, ValueError, "captured must be two whole"),
        ("basic", ({},), {"to_move": "red"}, ValueError, "to_move must be 'white' or 'black'"),
        ("basic", ({},), {"to_move": ["white"]}, ValueError, "to_move must be"),
        ("basic", (["e2"],), {}, TypeError, "pieces must be a mapping"),
        ("basic", ({5: "W"},), {}, TypeError, "pieces: a spot is a label"),
        ("basic", ({"e1": "W"},), {}, ValueError, "'e1' is not a spot of the play area"),
        ("basic", ({"E2": "W"},), {}, ValueError, "'E2' is not a spot of the play area"),
        ("basic", ({"e2": 1},), {}, TypeError, "the piece on e2 is text"),
        ("basic", ({"e2": "red"},), {}, ValueError, "'red' on e2 is not a piece"),
        ("basic", ({"e2": "WG"},), {}, ValueError, "the basic game has no GIPF pieces"),
        ("basic", ({},), {"captured": (10, 0)}, None, None),
        ("basic", ({},), {"may_place_gipf": ("white",)}, ValueError, "for the tournament game"),
        (
            "tournament",
            ({"e2": "WG", "e8": "BG"},),
            {"may_place_gipf": ("red",)},
            ValueError,
            "may_place_gipf must be colours",
        ),
        (
            "tournament",
            ({"e2": "WG", "e8": "BG"},),
            {"may_place_gipf": 5},
            ValueError,
            "may_place_gipf must be colours",
        ),
        ("standard", ({"e2": "WG"},), {}, ValueError, "Black has no GIPF piece on the board"),
        ("tournament", ({"e2": "WG"},), {}, ValueError, "name him in may_place_gipf"),
        (
            "standard",
            ({s: "WG" for s in ("b2", "c3", "d4", "f2")} | {"e8": "BG"},),
            {},
            ValueError,
            "White has 4 GIPF pieces",
        ),
        ("basic", ({"e2": "W", "e3": "W", "e4": "W", "e5": "W"},), {}, ValueError, "row of four"),
    ],
)
def test_setup_refuses_every_bad_argument_naming_it(variant, args, options, error, words):
    rules = gipf.Rules(variant=variant)
    if error is None:
        rules.setup(*args, **options)
        return
    with pytest.raises(error, match=words):
        rules.setup(*args, **options)


def test_setup_reads_one_colour_for_may_place_gipf_and_lets_a_newcomer_place_his_first():
    rules = gipf.Rules(variant="tournament")
    state = rules.setup({"e2": "WG", "b2": "W"}, to_move="black", may_place_gipf="black")
    assert state.may_place_gipf("black") and not state.may_place_gipf("white")
    assert_refused(state, "e9-e8", "first move must place a GIPF piece")
    assert state.play("Ge9-e8").outcome is None


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda s: s.reserve(["white"]), ValueError, "colour must be 'white' or 'black'"),
        (lambda s: s.on_board(None), ValueError, "colour must be"),
        (lambda s: s.gipf_pieces(2), ValueError, "colour must be"),
        (lambda s: s.may_place_gipf("White"), ValueError, "colour must be"),
        (lambda s: s.pieces("red"), ValueError, "colour must be"),
        (lambda s: s.piece_at(5), TypeError, "spot must be a point label"),
        (lambda s: s.piece_at("j9"), OffBoardError, "no point 'j9'"),
        (lambda s: s.pushed_spots("xe2-e5"), IllegalMoveError, "is not a push"),
        (lambda s: gipf.Rules(variant=["standard"]), ValueError, "variant must be"),
        (lambda s: gipf.Rules(variant=[[[[[[[[1]]]]]]]]), ValueError, "variant must be"),
    ],
)
def test_every_other_argument_is_checked_with_a_sentence_naming_it(call, error, words):
    with pytest.raises(error, match=words):
        call(gipf.Rules().start())


# ---------------------------------------------------------------------------------------
# The contract every game keeps (gamekit.game)
# ---------------------------------------------------------------------------------------


def test_the_rules_are_registered_with_their_seats_and_endings():
    assert gamekit.games()["gipf"] is gipf.Rules
    assert gipf.Rules.game == "gipf" and gipf.Rules().seats == ("white", "black")
    assert gipf.Rules.endings == ("no-reserve", "last-gipf")
    assert isinstance(gipf.Rules(), gamekit.game.Rules)
    assert isinstance(gipf.Rules().start(), gamekit.game.State)


def test_gipf_has_no_chance_so_start_ignores_a_seed_but_checks_it():
    rules = gipf.Rules()
    assert rules.start(seed=3) == rules.start() == rules.start(None)
    with pytest.raises(TypeError, match="seed must be a whole number or None"):
        rules.start(seed="3")


def test_replay_plays_the_moves_from_the_start():
    moves = ["e1-e2", "b6-b5", "e1-e2", "c7-c6", "e1-e2", "xe2-e5 keep e5"]
    assert gipf.Rules().replay(moves) == play(moves)
    assert gipf.Rules().replay([]) == gipf.Rules().start()
    with pytest.raises(TypeError, match="moves must be a sequence of moves"):
        gipf.Rules().replay("e1-e2")
    with pytest.raises(IllegalMoveError, match="e2 is a spot of the play area"):
        gipf.Rules().replay(["e1-e2", "e2-e3"])


def test_nobody_is_to_move_once_the_game_is_over_and_nobody_ever_swaps():
    state = case_9_state().play("a5-b5")
    assert state.to_move == "black" and state.swapped is False
    lost = state.play("i5-h5")
    assert lost.to_move is None and lost.swapped is False
    assert repr(lost) == "<gipf.State basic: black won, reserves 0/11, captured 9/0>"


def test_each_way_a_game_ends_has_its_word():
    reserve = case_9_state().play("a5-b5").play("i5-h5").outcome
    gipf_lost = own_gipf_row().play("xe2-e5").outcome
    both = (
        gipf.Rules()
        .setup({"e2": "W", "e3": "W", "e4": "W", "e6": "WG", "e7": "BG"})
        .play("e1-e2 xe2-e7")
        .outcome
    )
    assert (reserve.ending, reserve.winners, reserve.scores) == ("no-reserve", ("black",), None)
    assert (gipf_lost.ending, gipf_lost.winners, gipf_lost.loser) == (
        "last-gipf",
        ("black",),
        "white",
    )
    assert (both.ending, both.winners) == ("last-gipf", ("white",))
    assert isinstance(reserve, gamekit.game.Outcome)


@pytest.mark.parametrize(
    "fields, error, words",
    [
        (("red", "x", "no-reserve"), ValueError, "winner must be"),
        (("white", 5, "no-reserve"), TypeError, "reason must be text"),
        (("white", "x", "resigned"), ValueError, "ending must be one of no-reserve, last-gipf"),
    ],
)
def test_an_outcome_is_checked_when_built(fields, error, words):
    with pytest.raises(error, match=words):
        gipf.Outcome(*fields)


# ---------------------------------------------------------------------------------------
# The engine's shortcuts (#15) agree with the plain computation they replace
# ---------------------------------------------------------------------------------------


def plain_rows(state: gipf.State) -> set:
    """Every row of the position, every line scanned (no remembered line)."""
    return set(gipf._find_rows(state._board))


@PROPERTY_SETTINGS
@given(random_games())
def test_the_engine_shortcuts_agree_with_a_full_scan_at_every_ply(game):
    _rules, _moves, states = game
    spots = [gipf.GRID.index(s) for s in gipf.SPOTS]
    tables = gipf._tables()
    for state in states:
        # spots kept up to date move by move, as counted afresh
        assert state._occupied() == sum(1 << i for i in spots if state._board[i])
        full = [k for k, line in enumerate(tables.lines) if all(state._board[s] for s in line)]
        assert state._full() == sum(1 << k for k in full)
        # rows found along and across the push only, as every line scanned
        found = {(sign, seg, row) for _k, sign, seg, row in state._rows()}
        assert found == plain_rows(state)
        if state.outcome is None:
            assert (state.phase == "remove") == bool(found)
        # the quick legality of a listed push, as the full check with its sentences
        listed = set(state.legal_moves())
        for push in tables.pushes.values():
            k, is_gipf = tables.push_info[id(push)]
            quick = state._may_push(k, is_gipf)
            assert quick == (state._problem(push) is None) == (push in listed)


def test_a_push_equal_to_a_listed_one_but_built_anew_is_checked_and_played_alike():
    state = play(["e1-e2", "b6-b5", "e1-e2"])
    built = gipf.Push(dot="e1", entry="e2")  # not the engine's own object
    listed = next(m for m in state.legal_moves() if str(m) == "e1-e2")
    assert built == listed and built is not listed
    assert state.play(built) == state.play(listed) == state.play("e1-e2")


@PROPERTY_SETTINGS
@given(random_games())
def test_listed_moves_play_as_their_notation_does_and_removals_shared_are_exact(game):
    _rules, _moves, states = game
    for state in states:
        for move in state.legal_moves():
            # the listed object takes the quick path, its text the full check
            quick, checked = state.play(move), state.play(str(move))
            assert quick == checked and quick.last == checked.last
            assert quick.legal_moves() == checked.legal_moves()
        if state.phase == "remove" and state.outcome is None:
            # the removals shared between states with the same segments, as computed afresh
            shared = list(state._choices().items())
            gipf._CHOICES.clear()
            fresh = pickle.loads(pickle.dumps(state))
            assert list(fresh._choices().items()) == shared


def test_a_listed_move_played_where_it_is_not_open_is_refused_as_its_text_is():
    pushing = play(["e1-e2", "b6-b5", "e1-e2", "c7-c6"])
    removing = pushing.play("e1-e2")
    assert removing.phase == "remove"
    for state, move in (
        (removing, pushing.legal_moves()[0]),  # a push while a row waits
        (pushing, removing.legal_moves()[0]),  # a removal with no row standing
        (removing.play(removing.legal_moves()[0]), removing.legal_moves()[0]),  # taken already
    ):
        with pytest.raises(IllegalMoveError) as quick:
            state.play(move)
        with pytest.raises(IllegalMoveError) as written:
            state.play(str(move))
        assert str(quick.value) == str(written.value)


def test_every_dot_of_an_empty_board_pushes_along_its_lines_as_lesson_04_draws_them():
    """Lesson 04's picture of every push of an empty board: 42 arrows, one line from each
    corner dot and two from each of the other 18."""
    empty = gipf.Rules(variant="basic").setup({})
    pushes = [str(m) for m in empty.legal_moves()]
    assert len(pushes) == 42 == 6 + 2 * 18
    by_dot: dict[str, int] = {}
    for p in pushes:
        by_dot[p.split("-")[0]] = by_dot.get(p.split("-")[0], 0) + 1
    corners = {"a1", "a5", "e1", "e9", "i1", "i5"}
    assert {d for d, k in by_dot.items() if k == 1} == corners
    assert all(k == 2 for d, k in by_dot.items() if d not in corners) and len(by_dot) == 24
    start = gipf.Rules(variant="basic").start()  # the lesson's three forms of one push
    assert start.play("e1-e2") == start.play("e1-e3")
    assert empty.play("e2") == empty.play("e1-e2")  # only the new piece moves: a bare spot
