"""Tests of gamekit.records: saving games as JSON, reading them back, refusing bad ones."""

from __future__ import annotations

import json

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit import IllegalMoveError, InvalidRecordError, Record, coffee
from gamekit.errors import GamekitError

# ---------------------------------------------------------------------------------------
# Reference data
# ---------------------------------------------------------------------------------------

# Finished games (worked positions of tests/test_coffee.py, found by seeded random play and
# checked by hand against shared/rules/coffee.md): rules, moves, winner.
FINISHED_GAMES = [
    # Orange is blocked: Black's d1| leaves only d2, whose lines are all full.
    (
        coffee.Rules(board="square", size=4, n=4),
        "b4- d4/ c3| c4| c2| c1\\ b2- a2\\ b1/ d3| d1|".split(),
        "black",
    ),
    # Black completes c1-c4 with c3 although every line through c3 is full.
    (
        coffee.Rules(board="square", size=4, n=4),
        "c4/ b3/ a2| a1- c1- d1| d4| d2\\ b4| b1/ c2/ d3- a3\\ b2/ c3\\".split(),
        "black",
    ),
]

# A short game with the pie rule's swap in it.
SWAP_GAME = (coffee.Rules(board="hex", size=5, pie_rule=True), ["e5|", "swap", "e1/", "f1|"])

# Records that cannot be read, and words their error must contain. The rules are the
# defaults (hexhex 5) and the moves legal unless the case says otherwise.
GOOD = {"format": 1, "game": "coffee", "rules": {"board": "hex", "size": 5}, "moves": ["e5|"]}
BAD_RECORDS = [
    ("not an object", [1, 2], "must be a JSON object"),
    ("no game", {k: v for k, v in GOOD.items() if k != "game"}, "no 'game' entry"),
    ("no rules", {k: v for k, v in GOOD.items() if k != "rules"}, "no 'rules' entry"),
    ("no moves", {k: v for k, v in GOOD.items() if k != "moves"}, "no 'moves' entry"),
    ("unknown game", {**GOOD, "game": "chess"}, "unknown game 'chess'"),
    ("game not text", {**GOOD, "game": ["coffee"]}, "unknown game ['coffee']"),
    ("game an object", {**GOOD, "game": {}}, "unknown game {}"),
    ("newer format", {**GOOD, "format": 2}, "record format 2 is not one this gamekit reads"),
    ("misspelt option", {**GOOD, "rules": {"sise": 5}}, "unknown Coffee option 'sise'"),
    ("rules not an object", {**GOOD, "rules": ["hex", 5]}, "must be a JSON object"),
    ("size 1", {**GOOD, "rules": {"size": 1}}, "side must be from 2 to 13, not 1"),
    ("size as text", {**GOOD, "rules": {"size": "5"}}, "must be a whole number"),
    ("round board", {**GOOD, "rules": {"board": "round"}}, "board must be 'hex' or 'square'"),
    ("n zero", {**GOOD, "rules": {"n": 0}}, "must be at least 2, not 0"),
    ("n too long", {**GOOD, "rules": {"n": 12}}, "n=12 cannot be reached"),
    ("n true", {**GOOD, "rules": {"n": True}}, "must be a whole number, not True"),
    ("pie rule as text", {**GOOD, "rules": {"pie_rule": "yes"}}, "pie_rule must be True or False"),
    ("moves as text", {**GOOD, "moves": "e5|"}, "must be a list of notation strings"),
    ("move not text", {**GOOD, "moves": ["e5|", 7]}, "must be a list of notation strings"),
]


def random_record(rules: coffee.Rules, seed: int) -> Record:
    """A seeded random game played to its end."""
    rng = np.random.default_rng(seed)
    state, moves = rules.start(), []
    while state.outcome is None:
        legal = state.legal_moves()
        move = legal[int(rng.integers(len(legal)))]
        state = state.play(move)
        moves.append(move)
    return Record(rules, moves)


# ---------------------------------------------------------------------------------------
# Round trips
# ---------------------------------------------------------------------------------------


def test_a_record_keeps_its_rules_and_moves_as_notation():
    rules = coffee.Rules(board="square", size=5)
    record = Record(rules, ["c3|", coffee.Move.parse("c1-")])
    assert record.rules == rules
    assert record.moves == ("c3|", "c1-")
    assert record.game == "coffee"
    assert repr(record) == (
        "Record(coffee.Rules(board='square', size=5, n=4, pie_rule=False), ['c3|', 'c1-'])"
    )
    assert eval(repr(record), {"coffee": coffee, "Record": Record}) == record


def test_a_record_survives_to_json_and_from_json():
    record = Record(coffee.Rules(board="square", size=5), ["c3|", "c1-"])
    text = record.to_json()
    assert json.loads(text) == {
        "format": 1,
        "game": "coffee",
        "rules": {"board": "square", "size": 5, "n": 4, "pie_rule": False},
        "moves": ["c3|", "c1-"],
    }
    again = Record.from_json(text)
    assert again == record
    assert hash(again) == hash(record)
    assert again.final() == record.final()


def test_an_empty_record_is_the_start_of_the_game():
    record = Record(coffee.Rules())
    assert Record.from_json(record.to_json()) == record
    assert record.states() == [coffee.Rules().start()]
    assert record.final() == coffee.Rules().start()


@pytest.mark.parametrize("rules, moves, winner", FINISHED_GAMES, ids=["blocking", "line"])
def test_a_finished_game_survives_save_and_load(tmp_path, rules, moves, winner):
    record = Record(rules, moves)
    path = tmp_path / "game.json"
    record.save(path)
    assert path.read_text(encoding="utf-8").endswith("}\n")
    loaded = Record.load(path)
    assert loaded == record
    assert loaded.final().outcome == record.final().outcome
    assert loaded.final().outcome.winner == winner
    loaded_again = Record.load(str(path))  # a path as text works too
    assert loaded_again == record


def test_a_game_with_a_swap_survives_save_and_load(tmp_path):
    rules, moves = SWAP_GAME
    record = Record(rules, moves)
    record.save(tmp_path / "swap.json")
    loaded = Record.load(tmp_path / "swap.json")
    assert loaded == record
    state = loaded.final()
    assert state.swapped
    assert state.stone_count == 3


def test_states_replay_the_record_move_by_move():
    rules, moves = SWAP_GAME
    states = Record(rules, moves).states()
    assert len(states) == len(moves) + 1
    state = rules.start()
    assert states[0] == state
    for move, expected in zip(moves, states[1:], strict=True):
        state = state.play(move)
        assert state == expected


def test_played_adds_a_checked_move():
    record = Record(coffee.Rules(board="square", size=5), ["c3|"])
    longer = record.played("c1-")
    assert longer.moves == ("c3|", "c1-")
    assert record.moves == ("c3|",)  # records are values; the old one is unchanged
    with pytest.raises(IllegalMoveError, match="not on the rod's line"):
        record.played("a1-")


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from([("hex", 3), ("hex", 5), ("square", 4), ("square", 5), ("square", 7)]),
    st.booleans(),
    st.integers(0, 2**32 - 1),
)
def test_random_finished_games_survive_json(board_size, pie_rule, seed):
    board, size = board_size
    record = random_record(coffee.Rules(board=board, size=size, pie_rule=pie_rule), seed)
    again = Record.from_json(record.to_json())
    assert again == record
    assert again.final() == record.final()
    assert again.final().outcome is not None


# ---------------------------------------------------------------------------------------
# Refusing bad records
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("where", [0, 3, 6])
def test_a_tampered_record_names_the_illegal_move_and_why(where):
    rules, moves, _ = FINISHED_GAMES[0]
    tampered = moves[:where] + ["b4|" if where else "a1\\"] + moves[where:]
    record = Record(rules, tampered)
    text = record.to_json()
    with pytest.raises(InvalidRecordError) as caught:
        Record.from_json(text)
    message = str(caught.value)
    bad = tampered[where]
    assert message.startswith(f"move {where + 1} of the record, {bad!r}, is illegal: ")
    # the reason is the rule engine's own sentence for that move in that position
    position = Record(rules, moves[:where]).final()
    reason = position.why_illegal(bad)
    assert reason is not None
    assert message.endswith(reason)
    assert ("already holds" if where else "no empty cell") in reason


def test_a_tampered_record_says_a_stone_is_off_the_rods_line():
    record = Record(coffee.Rules(), ["e5|", "a1/"])
    with pytest.raises(InvalidRecordError, match="move 2 of the record, 'a1/', is illegal") as e:
        record.states()
    assert "a1 is not on the rod's line" in str(e.value)


def test_a_record_that_plays_on_after_the_end_is_refused():
    rules, moves, _ = FINISHED_GAMES[0]
    record = Record(rules, [*moves, "d2|"])
    with pytest.raises(InvalidRecordError) as caught:
        Record.from_json(record.to_json())
    assert f"move {len(moves) + 1} of the record" in str(caught.value)
    assert "the game is over" in str(caught.value)


@pytest.mark.parametrize(
    "move, words", [("zz", "is not a Coffee move"), ("k1|", "this board has no cell k1")]
)
def test_a_record_with_bad_notation_names_the_move(move, words):
    with pytest.raises(InvalidRecordError) as caught:
        Record(coffee.Rules(), ["e5|", move]).states()
    assert f"move 2 of the record, {move!r}, is illegal" in str(caught.value)
    assert words in str(caught.value)


def test_reading_without_checking_keeps_an_illegal_record_until_replayed():
    data = {**GOOD, "moves": ["e5|", "a1/"]}
    record = Record.from_dict(data, check=False)
    assert record.moves == ("e5|", "a1/")
    with pytest.raises(InvalidRecordError, match="move 2"):
        record.final()


@pytest.mark.parametrize("text", ["", "{", "not json", '{"game": "coffee",}', "[1, 2"])
def test_corrupt_json_is_an_invalid_record(text):
    with pytest.raises(InvalidRecordError, match="not valid JSON"):
        Record.from_json(text)


def test_a_missing_or_corrupt_file_content_is_an_invalid_record(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"game": "coffee", "rules": {}, "moves": ["e5|"', encoding="utf-8")
    with pytest.raises(InvalidRecordError, match="not valid JSON"):
        Record.load(path)


@pytest.mark.parametrize("case, data, words", BAD_RECORDS, ids=[c for c, _, _ in BAD_RECORDS])
def test_a_record_with_bad_structure_or_options_is_an_invalid_record(case, data, words):
    with pytest.raises(InvalidRecordError) as caught:
        Record.from_json(json.dumps(data))
    assert words in str(caught.value)


def test_invalid_records_are_value_errors():
    assert issubclass(InvalidRecordError, GamekitError)
    assert issubclass(InvalidRecordError, ValueError)


def test_a_good_record_from_the_table_reads_back():
    record = Record.from_json(json.dumps(GOOD))
    assert record.rules == coffee.Rules(board="hex", size=5)
    assert record.moves == ("e5|",)
