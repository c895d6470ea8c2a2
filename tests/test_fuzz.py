"""Fuzz and property tests of every registered game and the public functions (issue #12).

The strategies and checks live in ``tests/fuzzing.py``. ``make test`` runs a few
derandomized examples of each hypothesis target (the "ci" profile of ``tests/conftest.py``)
and the "classic" sweeps (every argument, record field and game tried with a fixed list of
junk: nan, inf, huge and 5,000-digit numbers, 100,000-deep nesting, non-UTF-8 bytes ...);
``make fuzz`` runs the hypothesis targets for minutes with random seeds and prints how
many inputs each tried.
"""

from __future__ import annotations

import functools
import json

import fuzzing
import fuzzing_boards
import fuzzing_hooks
import pytest
from hypothesis import given
from hypothesis import strategies as st

import gamekit

pytestmark = pytest.mark.fuzz

GAMES = fuzzing.game_names()
CALLS = fuzzing.calls()

# Findings still open (issue #12), each an id -> why. A strict xfail: the test fails again as
# soon as its finding is fixed, and then the entry goes. Empty: every finding is fixed.
OPEN_FINDINGS: dict[str, str] = {}


def _params(cases: list[tuple], ids: list[str]) -> list:
    """``pytest.param``s, with a strict xfail for the ids of :data:`OPEN_FINDINGS`."""
    out = []
    for case, id_ in zip(cases, ids, strict=True):
        marks = ()
        if id_ in OPEN_FINDINGS:
            marks = pytest.mark.xfail(strict=True, reason=OPEN_FINDINGS[id_])
        out.append(pytest.param(*case, id=id_, marks=marks))
    return out


@pytest.mark.parametrize("name", fuzzing.SHIPPED)
def test_every_shipped_game_is_in_the_registry_with_the_contract(name):
    assert name in gamekit.games(), f"{name} is not registered (gamekit.game.register)"
    cls = gamekit.games()[name]
    assert cls.game == name
    assert isinstance(cls.endings, tuple) and all(isinstance(e, str) for e in cls.endings)
    assert cls.endings, f"{name} names no endings"


@pytest.mark.parametrize("name", GAMES)
@fuzzing.examples(5)
@given(data=st.data())
def test_random_and_near_valid_notation_raise_only_gamekit_errors_and_change_nothing(name, data):
    rules, seed, plies, text = data.draw(fuzzing.notation_case(name), label="case")
    fuzzing.tried(f"notation/{name}")
    state = fuzzing.walk(rules, seed, plies)[0][-1]
    fuzzing.check_notation(state, text)


@pytest.mark.parametrize("name", GAMES)
def test_every_game_refuses_the_classic_junk_notation_with_gamekit_errors(name):
    rules = fuzzing.rules_class(name)()
    states = fuzzing.walk(rules, 0, 30)[0]
    for state in (states[0], states[len(states) // 2], states[-1]):
        for text in fuzzing.CLASSIC_NOTATION:
            fuzzing.tried(f"notation/{name}")
            fuzzing.check_notation(state, text)


@pytest.mark.parametrize("name", GAMES)
@fuzzing.examples(1, deadline=None)
@given(data=st.data())
def test_random_legal_games_keep_the_contract_and_the_game_invariants(name, data):
    rules = data.draw(fuzzing.adapter(name).rules(fuzzing.rules_class(name)), label="rules")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    fuzzing.tried(f"games/{name}")
    fuzzing.check_game(name, rules, seed)


@pytest.mark.parametrize("name", GAMES)
@fuzzing.examples(4, deadline=None)
@given(data=st.data())
def test_tampered_records_raise_only_invalid_record_error(name, data):
    rules = data.draw(fuzzing.adapter(name).rules(fuzzing.rules_class(name)), label="rules")
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    plies = data.draw(st.integers(0, 30), label="plies")
    base = fuzzing.record_of(name, rules, seed, plies)
    tree, done = data.draw(fuzzing.tampered(base), label="tampered")
    fuzzing.tried(f"records/{name}")
    payload = fuzzing.build_tree(tree)
    for what, load in fuzzing.record_loaders(payload):
        fuzzing.check_record_load(load, f"{what} after {done}")
    try:
        text = json.dumps(payload, indent=1)
    except (TypeError, ValueError, RecursionError):  # junk JSON cannot hold
        return
    edit = data.draw(st.sampled_from(fuzzing.TEXT_EDITS), label="text edit")
    at = data.draw(st.integers(0, len(text)), label="at")
    char = data.draw(st.characters(codec=None), label="char")
    raw = fuzzing.text_record(text, edit, at, char)
    for what, load in fuzzing.record_loaders(raw):
        fuzzing.check_record_load(load, f"{what} after {done} and {edit!r} at {at}")


@pytest.mark.parametrize("name", _params([(n,) for n in GAMES], [f"records-{n}" for n in GAMES]))
def test_every_classic_tampering_of_a_saved_game_raises_only_invalid_record_error(name):
    rules = fuzzing.rules_class(name)()
    base = fuzzing.record_of(name, rules, 0, 12)
    text = json.dumps(base, indent=1)
    cases = []
    for edit in fuzzing.TEXT_EDITS:
        raw = fuzzing.text_record(text, edit, len(text) // 2, "\x00")
        cases += [(f"{what} after {edit!r}", load) for what, load in fuzzing.record_loaders(raw)]
    for key in [*base, *(f"rules/{k}" for k in base["rules"])]:
        for value in fuzzing.CLASSIC_JUNK:
            data = json.loads(text)
            where, _, inner = key.partition("/")
            if inner:
                data[where][inner] = fuzzing.build(value)
            else:
                data[where] = fuzzing.build(value)
            load = functools.partial(gamekit.Record.from_dict, data)
            cases.append((f"Record.from_dict with {key} = {value!r}", load))
    failures = []
    for what, load in cases:
        fuzzing.tried(f"records/{name}")
        try:
            fuzzing.check_record_load(load, what)
        except AssertionError as err:
            failures.append(str(err).splitlines()[0])
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("call", CALLS, ids=[c.name for c in CALLS])
@fuzzing.examples(2)
@given(data=st.data())
def test_bad_arguments_raise_only_value_or_type_errors_quickly(call, data):
    recipes = data.draw(fuzzing.bad_arguments(call), label="arguments")
    fuzzing.tried(f"arguments/{call.name}")
    fuzzing.check_call(call, recipes)


SWEEP = [(call, arg) for call in CALLS for arg in call.args]


@pytest.mark.parametrize(("call", "arg"), _params(SWEEP, [f"{c.name}-{a}" for c, a in SWEEP]))
def test_every_argument_refuses_the_classic_junk_with_a_value_or_type_error(call, arg):
    failures = []
    for value in call.classic(arg):
        fuzzing.tried(f"arguments/{call.name}")
        try:
            fuzzing.check_call(call, {arg: value})
        except AssertionError as err:
            failures.append(str(err).splitlines()[0])
    assert not failures, "\n".join(failures)


# -- the boards (issue #22) ---------------------------------------------------------------------

BOARDS = [*fuzzing_boards.FREE_BOARDS, *fuzzing_boards.PUZZLE_IDS]


@pytest.mark.parametrize("name", BOARDS)
@fuzzing.examples(0.5, deadline=None)
@given(data=st.data())
def test_random_walks_of_actions_keep_every_board_working(name, data):
    board = fuzzing_boards.make_board(name)
    steps = data.draw(st.integers(1, 25), label="steps")
    try:
        for _ in range(steps):
            act = data.draw(fuzzing_boards.action(board, data), label="action")
            fuzzing.tried(f"boards/{name.split('-')[0]}")
            fuzzing_boards.run(board, act)
    finally:
        fuzzing_boards.close(board)


@pytest.mark.parametrize(
    "name",
    [
        *fuzzing_boards.FREE_BOARDS,
        "coffee-legal-cells-1",
        "gipf-row-1",
        "hextiles-cells-1",
        "roaster-keep-out-1",
    ],
)
def test_every_board_method_refuses_junk_and_keeps_working(name):
    board = fuzzing_boards.make_board(name)
    failures = []
    for act in fuzzing_boards.junk_actions(board):
        fuzzing.tried(f"boards/{name.split('-')[0]}")
        try:
            fuzzing_boards.run(board, act)
        except AssertionError as err:
            failures.append(str(err).splitlines()[0])
    fuzzing_boards.close(board)
    assert not failures, "\n".join(failures)


# -- the variant hook and the registry (issue #22) ------------------------------------------------


@fuzzing.examples(3, deadline=None)
@given(case=fuzzing_hooks.variant_case())
def test_a_variant_rule_answering_anything_leaves_only_gamekit_errors(case):
    fuzzing.tried("hooks/variant")
    fuzzing_hooks.check_variant(*case)


@fuzzing.examples(2, deadline=None)
@given(case=fuzzing_hooks.registry_case())
def test_the_registry_refuses_what_is_not_a_new_game_and_keeps_the_shipped_ones(case):
    fuzzing.tried("hooks/registry")
    fuzzing_hooks.check_registry(*case)
