"""Class experiments in the class store: the teacher sets two settings of a game against each
other ("Coffee 4x4, pie rule off" and "on"), deals rounds of games to the class, and the
games the class plays become the experiment's data (:func:`gamekit.design.class_experiment`
reads them).

A round pairs the students given (all of the class by default) at random; half the pairs
play the first setting, half the second (pair by pair, alternating, and the other way round
in the next round), and at each table the student who sat first in their last game of the
experiment sits second this time, so that seats are swapped between games. Each pair gets a
table made for them, both seats theirs: the student's page shows it as their next game
(:func:`assignment`), and one click sits them down.

>>> import tempfile
>>> from gamekit.store import ClassStore
>>> store = ClassStore(folder=tempfile.mkdtemp(), seed=3)
>>> code = store.new_class("7B")
>>> people = [store.join(code, n) for n in ("Ada", "Bo", "Cy", "Di")]
>>> small = {"board": "square", "size": 4, "n": 3}
>>> made = new_experiment(store, code, "coffee",
...     [("pie rule off", small), ("pie rule on", {**small, "pie_rule": True})])
>>> [g.setting for g in deal_round(store, code, made.id)]
[0, 1]
>>> assignment(store, people[0]).words()
'Your next game: Coffee, pie rule off, you are Orange, against Bo (table ...).'
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import func, insert, select, update

from gamekit.errors import shown
from gamekit.game import player_index, rules_class
from gamekit.store.remote import HubStore
from gamekit.store.schema import experiment_games, experiments, game_tables, seats, students
from gamekit.store.store import (
    Assignment,
    ClassStore,
    Experiment,
    ExperimentGame,
    Setting,
    StoreError,
    Student,
    _now,
)

__all__ = [
    "Assignment",
    "Experiment",
    "ExperimentGame",
    "Setting",
    "assignment",
    "deal_round",
    "experiment",
    "experiments_of",
    "new_experiment",
]


def _settings(game: Any, given: Any) -> tuple[Setting, Setting]:
    if not isinstance(game, str):
        raise StoreError(
            f"an experiment is of a game, named as gamekit names it, not {shown(game)}"
        )
    try:
        made: Any = rules_class(game)
    except (TypeError, ValueError) as error:
        raise StoreError(str(error)) from None
    if not isinstance(given, Sequence) or isinstance(given, str) or len(given) != 2:
        raise StoreError(
            f"an experiment compares two settings of {game}, each a label and its rules, not "
            f"{shown(given)}"
        )
    out = []
    for label, options in given:
        if not isinstance(label, str) or not label.strip() or len(label) > 60:
            raise StoreError(f"a setting's label is a few words, not {shown(label)}")
        try:
            rules = made.from_dict(dict(options))
        except (TypeError, ValueError) as error:
            raise StoreError(f"the setting {label!r} is not rules of {game}: {error}") from None
        if len(rules.seats) != 2:
            raise StoreError(
                f"a class experiment seats two classmates at a table; {label!r} has "
                f"{len(rules.seats)} seats"
            )
        out.append(Setting(label.strip(), rules.to_dict()))
    if out[0].label.lower() == out[1].label.lower():
        raise StoreError("the two settings need labels of their own, to tell their results apart")
    return out[0], out[1]


def new_experiment(
    store: ClassStore | HubStore,
    class_code: str,
    game: str,
    settings: Sequence[tuple[str, Mapping[str, Any]]],
    name: str | None = None,
) -> Experiment:
    """Set up an experiment of ``game`` in the class: ``settings``, two (label, rules'
    settings) pairs; ``name``, what the class calls it (default: the two labels).

    Raises:
        StoreError: no such class, an unknown game, settings that are not two rules of it
            for two players, or labels alike.
    """
    if isinstance(store, HubStore):  # on a school's hub: the teacher, through the service
        return store.new_experiment(class_code, game, settings, name)
    first, second = _settings(game, settings)
    title = (name or f"{first.label} against {second.label}").strip()[:120]
    saved = json.dumps([{"label": s.label, "rules": dict(s.rules)} for s in (first, second)])
    with store._transaction() as db:
        class_id = store._class_id(db, class_code)
        made = db.execute(
            insert(experiments).values(
                class_id=class_id, name=title, game=game, settings=saved, rounds=0, opened=_now()
            )
        ).inserted_primary_key
    assert made is not None
    return experiment(store, class_code, int(made[0]))


def experiments_of(store: ClassStore | HubStore, class_code: str) -> list[Experiment]:
    """The class's experiments, the newest first."""
    if isinstance(store, HubStore):
        return store.experiments_of(class_code)
    with store._transaction(write=False) as db:
        class_id = store._class_id(db, class_code)
        ids = db.execute(
            select(experiments.c.id)
            .where(experiments.c.class_id == class_id)
            .order_by(experiments.c.id.desc())
        ).scalars()
        found = [int(i) for i in ids]
    return [experiment(store, class_code, i) for i in found]


def experiment(store: ClassStore | HubStore, class_code: str, experiment_id: int) -> Experiment:
    """The experiment ``experiment_id`` of the class, with its games as they stand.

    Raises:
        StoreError: no such class, or no such experiment in it.
    """
    if isinstance(store, HubStore):
        return store.experiment(class_code, experiment_id)
    with store._transaction(write=False) as db:
        class_id = store._class_id(db, class_code)
        row = db.execute(
            select(experiments).where(
                experiments.c.id == experiment_id, experiments.c.class_id == class_id
            )
        ).first()
        if row is None:
            raise StoreError(f"class {class_code} has no experiment {shown(experiment_id)}")
        made = [Setting(s["label"], s["rules"]) for s in json.loads(row.settings)]
        tables = db.execute(
            select(game_tables, experiment_games.c.setting, experiment_games.c.round)
            .join(experiment_games, experiment_games.c.table_id == game_tables.c.id)
            .where(experiment_games.c.experiment_id == row.id)
            .order_by(game_tables.c.id)
        ).all()
        games = []
        for t in tables:
            info = store._info(db, t)
            state = store._state(db, t)
            outcome = state.outcome
            winners = (
                None
                if outcome is None
                else tuple(sorted(player_index(state, s) for s in outcome.winners))
            )
            games.append(
                ExperimentGame(
                    info.code,
                    int(t.setting),
                    int(t.round),
                    tuple(n or "" for n in info.seated),
                    info.moves,
                    winners,
                )  # fmt: skip
            )
    return Experiment(int(row.id), str(row.name), str(row.game), (made[0], made[1]),
                      int(row.rounds), tuple(games))  # fmt: skip


def deal_round(
    store: ClassStore | HubStore,
    class_code: str,
    experiment_id: int,
    nicknames: Sequence[str] | None = None,
) -> list[ExperimentGame]:
    """Deal the experiment's next round to ``nicknames`` (every student of the class by
    default): pairs drawn at random, each at a table made for them (see the module's
    description). Returns the round's games; with an odd number of students, one sits
    this round out (the one who played most in the experiment).

    Raises:
        StoreError: no such experiment, fewer than two students, a nickname not in the
            class, or a student named twice.
    """
    if isinstance(store, HubStore):
        return store.deal_round(class_code, experiment_id, nicknames)
    current = experiment(store, class_code, experiment_id)
    with store._transaction() as db:
        class_id = store._class_id(db, class_code)
        rows = db.execute(
            select(students.c.id, students.c.nickname).where(students.c.class_id == class_id)
        ).all()
        by_name = {str(r.nickname).lower(): (int(r.id), str(r.nickname)) for r in rows}
        wanted = [r.nickname for r in rows] if nicknames is None else list(nicknames)
        if len({str(n).strip().lower() for n in wanted}) != len(wanted):
            raise StoreError("a student is named twice for the round")
        people = []
        for name in wanted:
            found = by_name.get(str(name).strip().lower())
            if found is None:
                raise StoreError(f"nobody is called {shown(name)} in class {class_code}")
            people.append(found)
        if len(people) < 2:
            raise StoreError("a round needs two students or more: they play in pairs")
        played = {name: 0 for _, name in people}
        last_seat: dict[str, int] = {}
        for g in current.games:
            for seat, name in enumerate(g.seated):
                if name in played:
                    played[name] += 1
                    last_seat[name] = seat
        store._codes.shuffle(people)
        if len(people) % 2:
            out = max(people, key=lambda p: (played[p[1]], p[1]))
            people.remove(out)
        round_ = current.rounds
        made: list[tuple[str, int]] = []
        for k in range(0, len(people), 2):
            x, y = people[k], people[k + 1]
            if last_seat.get(x[1]) == 0 or last_seat.get(y[1]) == 1:
                x, y = y, x  # who sat first last time sits second now
            setting = (k // 2 + round_) % 2
            code = _open_for(store, db, class_id, current, setting, (x[0], y[0]))
            db.execute(
                insert(experiment_games).values(
                    table_id=code[1], experiment_id=current.id, setting=setting, round=round_
                )
            )
            made.append((code[0], setting))
        db.execute(
            update(experiments).where(experiments.c.id == current.id).values(rounds=round_ + 1)
        )
    dealt = {code for code, _ in made}
    return [g for g in experiment(store, class_code, experiment_id).games if g.table in dealt]


def _open_for(
    store: ClassStore, db: Any, class_id: int, current: Experiment, setting: int,
    who: tuple[int, int],
) -> tuple[str, int]:  # fmt: skip
    """A table of the setting with both seats taken by ``who`` (not there yet); its code and
    id."""
    made: Any = rules_class(current.game)
    rules = made.from_dict(dict(current.settings[setting].rules))
    rules = rules.start(seed=store._codes.randrange(2**63)).rules
    now = _now()
    for _ in range(50):
        code = store._code(4)
        taken = db.execute(
            select(func.count()).where(
                game_tables.c.class_id == class_id, game_tables.c.code == code
            )
        ).scalar()
        if taken:
            continue
        table_id = db.execute(
            insert(game_tables).values(
                class_id=class_id,
                code=code,
                game=current.game,
                rules=json.dumps(rules.to_dict(), sort_keys=True),
                seats=2,
                opened=now,
                touched=now,
            )  # fmt: skip
        ).inserted_primary_key
        assert table_id is not None
        for seat, student_id in enumerate(who):
            db.execute(
                insert(seats).values(
                    table_id=table_id[0],
                    seat=seat,
                    student_id=student_id,
                    present=False,
                    since=now,
                )  # fmt: skip
            )
        return code, int(table_id[0])
    raise StoreError("no free table code was found: close old tables")  # pragma: no cover


def assignment(store: ClassStore, student: Student) -> Assignment | None:
    """``student``'s next game in the class's experiments (see
    :meth:`gamekit.store.ClassStore.assignment`)."""
    return store.assignment(student)
