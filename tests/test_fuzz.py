"""Fuzz and property tests of every registered game and the public functions (issue #12).

The strategies and checks live in ``tests/fuzzing.py``. ``make test`` runs a few
derandomized examples of each target (the "ci" profile of ``tests/conftest.py``);
``make fuzz`` runs the same targets for minutes with random seeds and prints how many
inputs each tried.
"""

from __future__ import annotations

import json

import fuzzing
import pytest
from hypothesis import given
from hypothesis import strategies as st

import gamekit

pytestmark = pytest.mark.fuzz

GAMES = fuzzing.game_names()
CALLS = fuzzing.calls()


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


@pytest.mark.parametrize("call", CALLS, ids=[c.name for c in CALLS])
@fuzzing.examples(2)
@given(data=st.data())
def test_bad_arguments_raise_only_value_or_type_errors_quickly(call, data):
    recipes = data.draw(fuzzing.bad_arguments(call), label="arguments")
    fuzzing.tried(f"arguments/{call.name}")
    fuzzing.check_call(call, recipes)
