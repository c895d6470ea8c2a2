"""Class experiments (gamekit.store.experiments, gamekit.design.class_experiment) on a real
SQLite file and a real PostgreSQL server: two settings of a game, rounds dealt to the class
in pairs at tables made for them (half of the pairs on each setting, seats swapped between a
student's games), each student's next game in words, and the class's games read back as a
design-lab result whose verdict says "cannot tell" when the games cannot tell."""

from __future__ import annotations

import random

import pytest
from test_store import postgres_server, url  # noqa: F401  (the store fixtures, both databases)

from gamekit.design import class_experiment
from gamekit.game import player_index
from gamekit.stats import difference
from gamekit.store import ClassStore, StoreError
from gamekit.store.experiments import assignment, deal_round, experiment, new_experiment

SMALL = {"board": "square", "size": 4, "n": 3}
PIE = [("pie rule off", SMALL), ("pie rule on", {**SMALL, "pie_rule": True})]
NAMES = ("Ada", "Bo", "Cy", "Di", "Ed", "Fay", "Gus")


@pytest.fixture
def store(url) -> ClassStore:  # noqa: F811
    made = ClassStore(url, seed=21)
    yield made
    made.close()


def a_class(store: ClassStore, names=NAMES):
    code = store.new_class("7B")
    return code, {n: store.join(code, n) for n in names}


def play_out(store, code, games, people, rng) -> None:
    for g in games:
        while (state := store.state(code, g.table)).outcome is None:
            who = people[g.seated[player_index(state, state.to_move)]]
            legal = state.legal_moves()
            store.play(who, g.table, str(legal[rng.randrange(len(legal))]))


def test_a_round_pairs_the_class_half_on_each_setting_at_tables_made_for_them(store) -> None:
    code, people = a_class(store)
    made = new_experiment(store, code, "coffee", PIE)
    games = deal_round(store, code, made.id)
    assert len(games) == 3  # seven students: three pairs, one sits out
    seated = [n for g in games for n in g.seated]
    assert len(set(seated)) == 6 and set(seated) <= set(NAMES)
    assert sorted(g.setting for g in games) in ([0, 0, 1], [0, 1, 1])
    for g in games:  # both seats are theirs: nobody else sits there, it is in no open list
        info = store.table(code, g.table)
        assert info.seated == g.seated and not info.waiting
        assert store.state(code, g.table).rules.pie_rule == (g.setting == 1)
        stranger = next(p for n, p in people.items() if n not in g.seated)
        with pytest.raises(StoreError, match="is full"):
            store.sit(stranger, g.table)
    first = people[games[0].seated[0]]
    found = assignment(store, first)
    assert found is not None and found.table == games[0].table
    assert found.words().startswith("Your next game: Coffee, pie rule o")
    assert f"you are Black, against {games[0].seated[1]}" in found.words()
    assert store.sit(first, games[0].table) == 0  # one click: their seat


def test_seats_are_swapped_between_a_students_games(store) -> None:
    code, people = a_class(store, NAMES[:4])
    made = new_experiment(store, code, "coffee", PIE)
    rng = random.Random(2)
    firsts = {n: 0 for n in people}
    for _ in range(6):
        games = deal_round(store, code, made.id)
        play_out(store, code, games, people, rng)
        for g in games:
            firsts[g.seated[0]] += 1
    assert all(2 <= k <= 4 for k in firsts.values()), firsts  # six games each, about half first
    done = experiment(store, code, made.id)
    assert done.rounds == 6 and len(done.games) == 12
    assert sorted(sum(g.setting == s for g in done.games) for s in (0, 1)) == [6, 6]
    assert assignment(store, people["Ada"]) is None  # every game has ended


def test_the_class_result_is_the_games_by_setting_with_the_difference_of_independent_samples(
    store,
) -> None:
    code, people = a_class(store)
    made = new_experiment(store, code, "coffee", PIE, name="Does the pie rule help?")
    assert class_experiment(store, code).verdict.startswith("no game has ended yet")
    rng = random.Random(5)
    for _ in range(4):
        play_out(store, code, deal_round(store, code, made.id), people, rng)
    result = class_experiment(store, code, made.id)
    done = experiment(store, code, made.id)
    flags = [[g.winners == (0,) for g in done.finished(s)] for s in (0, 1)]
    assert [r.games for r in result.results] == [len(f) for f in flags] and sum(
        map(len, flags)
    ) == 12
    assert result.results[0].first.value == pytest.approx(sum(flags[0]) / len(flags[0]))
    assert result.difference == difference(flags[0], flags[1])
    assert "cannot tell at 6 games each" in result.verdict  # twelve games tell nothing here
    assert result.words().splitlines()[0].startswith("pie rule off: The first player won")
    machines = result.predict(games=200, level_games=20)
    assert set(machines) == {"random", "beginner"}
    assert machines["random"].games == 200 and machines["beginner"].games == 20


def test_bad_experiments_are_refused_in_words(store) -> None:
    code, people = a_class(store, NAMES[:1])
    with pytest.raises(StoreError, match="compares two settings"):
        new_experiment(store, code, "coffee", PIE[:1])
    with pytest.raises(StoreError, match="labels of their own"):
        new_experiment(store, code, "coffee", [("a", SMALL), ("A", SMALL)])
    with pytest.raises(StoreError, match="is not rules of coffee"):
        new_experiment(store, code, "coffee", [("a", SMALL), ("b", {"size": "huge"})])
    with pytest.raises(StoreError, match="two classmates at a table; 'three' has 3 seats"):
        new_experiment(
            store, code, "hextiles", [("two", {"players": 2}), ("three", {"players": 3})]
        )
    made = new_experiment(store, code, "coffee", PIE)
    with pytest.raises(StoreError, match="two students or more"):
        deal_round(store, code, made.id)
    with pytest.raises(StoreError, match="nobody is called 'Zed'"):
        deal_round(store, code, made.id, ["Ada", "Zed"])
    with pytest.raises(StoreError, match="has no experiment 99"):
        experiment(store, code, 99)
    assert experiment(store, code, made.id).rounds == 0  # nothing dealt by the refusals
