"""Tests of gamekit.records: saving games as JSON, reading them back, refusing bad ones."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from suite import GAMES as SUITE_GAMES

import gamekit
from gamekit import IllegalMoveError, InvalidRecordError, Record, coffee
from gamekit.errors import GamekitError
from gamekit.records import GAMES, MAX_MOVE_CHARS, MAX_MOVES

# ---------------------------------------------------------------------------------------
# Reference data
# ---------------------------------------------------------------------------------------

# Finished games (worked positions of tests/test_coffee.py, found by seeded random play and
# checked by hand against docs/rules/coffee.md): rules, moves, winner.
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


# ---------------------------------------------------------------------------------------
# Corrupt records never escape as Python's own errors
# ---------------------------------------------------------------------------------------

GOOD_TEXT = json.dumps(GOOD)
CORRUPT_TEXTS = [
    ("nested lists", "[" * 100_000 + "]" * 100_000, "nested more than 32 levels"),
    ("nested objects", '{"a":' * 50_000 + "1" + "}" * 50_000, "nested more than 32 levels"),
    (
        "nested in the rules",
        GOOD_TEXT.replace('"size": 5', '"size": ' + "[" * 40 + "]" * 40),
        "nested more than 32 levels",
    ),
    ("5,000 digits", GOOD_TEXT.replace('"size": 5', '"size": ' + "9" * 5000), "5,000 digits"),
    ("5,000 digit format", GOOD_TEXT.replace('"format": 1', '"format": ' + "1" * 5000), "digits"),
    ("NaN", GOOD_TEXT.replace('"format": 1', '"format": NaN'), "NaN"),
    ("infinity", GOOD_TEXT.replace('"size": 5', '"size": 1e999'), "too large"),
    (
        "over a megabyte",
        " " * 1_000_001 + GOOD_TEXT,
        "long; gamekit reads records of at most 1,000,000",
    ),
    ("an entry twice", GOOD_TEXT[:-1] + ', "moves": []}', "the entry 'moves' twice"),
    ("unknown entry", GOOD_TEXT[:-1] + ', "players": 2}', "an entry 'players' that records"),
    ("format as text", GOOD_TEXT.replace('"format": 1', '"format": "1"'), "record format '1'"),
    ("format true", GOOD_TEXT.replace('"format": 1', '"format": true'), "record format True"),
    ("format 1.0", GOOD_TEXT.replace('"format": 1', '"format": 1.0'), "record format 1.0"),
    ("rules a number", GOOD_TEXT.replace('{"board": "hex", "size": 5}', "5"), "JSON object"),
    ("options named 1", GOOD_TEXT.replace('"board"', '"1"'), "unknown Coffee option '1'"),
    ("long move", GOOD_TEXT.replace('"e5|"', '"' + "e5|" * 20_000 + '"'), "60,000 characters"),
    ("move null", GOOD_TEXT.replace('"e5|"', "null"), "list of notation strings"),
    ("game null", GOOD_TEXT.replace('"coffee"', "null"), "unknown game None"),
    ("long game", GOOD_TEXT.replace('"coffee"', '"' + "x" * 10_000 + '"'), "unknown game 'xxx"),
]


@pytest.mark.parametrize("case, text, words", CORRUPT_TEXTS, ids=[c for c, _, _ in CORRUPT_TEXTS])
def test_corrupt_record_text_is_an_invalid_record_with_a_short_sentence(case, text, words):
    with pytest.raises(InvalidRecordError) as caught:
        Record.from_json(text)
    assert words in str(caught.value)
    assert len(str(caught.value)) < 300
    with pytest.raises(InvalidRecordError, match=re.escape(words)):
        Record.from_json(text.encode("utf-8"))


@pytest.mark.parametrize(
    "raw, words",
    [
        (b"\xff\xfe{}", "not UTF-8 text: byte 0"),
        (GOOD_TEXT.encode("utf-8")[:20] + b"\xc3\x28" + GOOD_TEXT.encode()[20:], "byte 20"),
        (GOOD_TEXT.encode("utf-16"), "not UTF-8 text"),
        (b" " * 1_000_001, "over 1,000,000 bytes"),
    ],
)
def test_a_file_that_is_not_utf8_or_too_big_is_an_invalid_record(tmp_path, raw, words):
    path = tmp_path / "game.json"
    path.write_bytes(raw)
    with pytest.raises(InvalidRecordError, match=re.escape(words)):
        Record.load(path)
    with pytest.raises(InvalidRecordError, match=re.escape(words)):
        Record.from_json(raw)


def test_a_record_saved_with_a_byte_order_mark_reads_back(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(b"\xef\xbb\xbf" + GOOD_TEXT.encode("utf-8"))
    assert Record.load(path).moves == ("e5|",)


def deep_list(depth: int) -> list:
    """A list inside a list ... ``depth`` times (more than ``repr`` can show)."""
    out: list = []
    for _ in range(depth):
        out = [out]
    return out


@pytest.mark.parametrize(
    "data, words",
    [
        ({**GOOD, 1: 2}, "an entry 1 that records do not have"),
        ({**GOOD, "moves": ("e5|",) * (MAX_MOVES + 1)}, "at most 100,000"),
        ({**GOOD, "rules": {1: 2}}, "Coffee options are named by text, not 1"),
        ({**GOOD, "rules": {"size": 10**50}}, "side must be from 2 to 13"),
        ({**GOOD, "moves": ["x" * (MAX_MOVE_CHARS + 1)]}, "201 characters long"),
        ({**GOOD, "game": ["coffee"] * 1000}, "unknown game ['coffee', 'coffee'"),
        ({**GOOD, "format": 10**5000}, "record format a whole number of about 5000 digits"),
        ({**GOOD, "game": deep_list(100_000)}, "unknown game a list that cannot be shown"),
        ({**GOOD, "rules": {"size": 10**5000}}, "not a whole number of about 5000 digits"),
    ],
)
def test_a_record_dict_is_checked_entry_by_entry(data, words):
    with pytest.raises(InvalidRecordError) as caught:
        Record.from_dict(data)
    assert words in str(caught.value)
    assert len(str(caught.value)) < 300


@settings(max_examples=150, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
        max_leaves=12,
    ),
    st.sampled_from(["format", "game", "rules", "moves", "board", "size", "n", "pie_rule"]),
)
def test_any_value_in_any_entry_is_read_or_refused_as_an_invalid_record(value, entry):
    if entry in GOOD:
        data = {**GOOD, entry: value}
    else:
        data = {**GOOD, "rules": {**GOOD["rules"], entry: value}}
    try:
        record = Record.from_dict(data)
    except InvalidRecordError as err:
        assert str(err)
    else:
        assert Record.from_json(record.to_json()) == record


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=64) | st.text(max_size=64).map(lambda t: GOOD_TEXT[: len(t)] + t))
def test_any_bytes_or_text_are_read_or_refused_as_an_invalid_record(raw):
    try:
        Record.from_json(raw)
    except InvalidRecordError as err:
        assert str(err)


@pytest.mark.parametrize("value", [None, 42, {"game": "coffee"}])
def test_from_json_wants_text_or_bytes(value):
    with pytest.raises(TypeError, match="text must be a record's JSON text"):
        Record.from_json(value)


def test_records_refuse_arguments_of_the_wrong_kind(tmp_path):
    with pytest.raises(TypeError, match="rules must be a game's rules"):
        Record("coffee", ["e5|"])
    with pytest.raises(TypeError, match="rules must be a game's rules"):
        Record(coffee.Rules, ["e5|"])
    with pytest.raises(TypeError, match="moves must be a sequence of moves"):
        Record(coffee.Rules(), "e5|")
    with pytest.raises(TypeError, match="moves must be a sequence of moves"):
        Record(coffee.Rules(), 5)
    with pytest.raises(TypeError, match="check must be True or False"):
        Record.from_dict(GOOD, check="no")
    with pytest.raises(TypeError, match="path must be a file's path"):
        Record(coffee.Rules()).save(42)
    with pytest.raises(TypeError, match="path must be a file's path"):
        Record.load(None)
    with pytest.raises(FileNotFoundError):
        Record.load(tmp_path / "missing.json")


def test_a_record_cannot_be_changed():
    record = Record(coffee.Rules(), ["e5|"])
    with pytest.raises(AttributeError):
        record.moves = ()
    with pytest.raises(AttributeError):
        del record.rules
    assert record.moves == ("e5|",)


# ---------------------------------------------------------------------------------------
# Every registered game, through the registry
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", SUITE_GAMES)
def test_a_random_game_of_every_game_survives_json(name):
    rules = gamekit.rules_class(name)()
    state = rules.start(seed=11)
    begun = state.rules  # a game with chance carries its deal's seed here
    rng = np.random.default_rng(11)
    moves = []
    while state.outcome is None and len(moves) < 80:
        legal = state.legal_moves()
        move = legal[int(rng.integers(len(legal)))]
        state = state.play(move)
        moves.append(str(move))
    record = Record(begun, moves)
    assert record.game == name
    again = Record.from_json(record.to_json())
    assert again == record
    assert again.final() == state
    assert json.loads(record.to_json())["game"] == name


def test_the_games_a_record_may_name_are_the_registered_ones():
    assert set(GAMES) == set(gamekit.games())
    assert GAMES["coffee"] == "gamekit.coffee"
    with pytest.raises(TypeError):
        GAMES["chess"] = "chess"  # type: ignore[index]
    with pytest.raises(InvalidRecordError, match="gamekit knows coffee"):
        Record.from_dict({**GOOD, "game": "chess"})


@dataclass(frozen=True)
class SeededCoffee(coffee.Rules):
    """A Coffee variant with a (pretend) deal: a ``seed`` that ``start`` fixes, as every
    game with chance does."""

    game = "coffee-seeded"
    seed: int | None = None

    def start(self, seed: int | None = None) -> coffee.State:
        if self.seed is None:
            chosen = seed if seed is not None else int(np.random.SeedSequence().entropy)
            return replace(self, seed=chosen).start()
        return super().start()

    def to_dict(self) -> dict:
        return {**super().to_dict(), "seed": self.seed}

    @classmethod
    def from_dict(cls, data) -> SeededCoffee:
        options = dict(data)
        seed = options.pop("seed", None)
        return replace(super().from_dict(options), seed=seed)


@pytest.fixture
def registry(monkeypatch):
    """A private copy of the registry, so the games registered here vanish afterwards."""
    from gamekit import game

    monkeypatch.setattr(game, "_GAMES", dict(game._GAMES))
    return game


def test_a_registered_variant_saves_and_loads_through_the_registry(registry):
    registry.register(SeededCoffee)
    rules = SeededCoffee(board="square", size=5, seed=4)
    record = Record(rules, ["c3-", "a3|"])
    assert record.game == "coffee-seeded"
    data = json.loads(record.to_json())
    assert data["game"] == "coffee-seeded" and data["rules"]["seed"] == 4
    again = Record.from_json(record.to_json())
    assert type(again.rules) is SeededCoffee and again == record


def test_rules_that_leave_the_deal_to_chance_are_fixed_or_refused(registry):
    registry.register(SeededCoffee)
    empty = Record(SeededCoffee(board="square", size=5))
    assert isinstance(empty.rules.seed, int)  # fixed once, so the record replays one deal
    assert Record.from_json(empty.to_json()) == empty
    assert empty.states()[0].rules == empty.rules
    with pytest.raises(ValueError, match="leave the deal to chance"):
        Record(SeededCoffee(board="square", size=5), ["c3-"])
    with pytest.raises(InvalidRecordError, match="leave the deal to chance"):
        Record.from_dict({**GOOD, "game": "coffee-seeded", "rules": {"seed": None}})
    state = SeededCoffee(board="square", size=5).start(seed=9).play("c3-")
    assert Record(state.rules, ["c3-"]).final() == state
