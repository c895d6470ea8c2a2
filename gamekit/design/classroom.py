"""A class experiment read as a design-lab result: the class's own games, by setting.

The teacher sets two settings of a game against each other and deals rounds of games to the
class (:mod:`gamekit.store.experiments`); :func:`class_experiment` reads what the class
played: for each setting, how many games ended, and the share of them the first seat won
and the second seat won, each with its interval and n; then the change of the first seat's
share from the first setting to the second with Newcombe's interval (different pairs of
classmates played each setting: two independent samples), and the verdict in words, which
says "cannot tell at N games" when that is true. :meth:`ClassExperiment.predict` sets the
class's result beside what random players and the beginner level do in the same two
settings (:func:`gamekit.design.compare`, on common seeds).

>>> import tempfile
>>> from gamekit.store import ClassStore
>>> from gamekit.store.experiments import new_experiment
>>> store = ClassStore(folder=tempfile.mkdtemp(), seed=3)
>>> code = store.new_class("7B")
>>> small = {"board": "square", "size": 4, "n": 3}
>>> made = new_experiment(store, code, "coffee",
...     [("pie rule off", small), ("pie rule on", {**small, "pie_rule": True})])
>>> class_experiment(store, code).verdict
'no game has ended yet under pie rule off and pie rule on'
"""

from __future__ import annotations

import json
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from gamekit.design.arguments import level_player
from gamekit.design.compare import Comparison, compare
from gamekit.errors import shown
from gamekit.game import player_index, rules_class
from gamekit.stats import Difference, Interval, difference, wilson
from gamekit.store import ClassStore, HubStore, StoreError
from gamekit.store.experiments import (
    Experiment,
    ExperimentGame,
    Setting,
    deal_round,
    experiment,
    experiments_of,
)
from gamekit.store.wire import from_json
from gamekit.text import plural, upper_first

__all__ = [
    "ClassExperiment",
    "SettingResult",
    "class_experiment",
    "read_experiment",
    "simulate_round",
]


@dataclass(frozen=True)
class SettingResult:
    """A setting's games as the class played them: its ``label``, how many ``games``
    ended, the share of them the first player (who moved first) and the second won
    (``first``, ``second``: Wilson intervals) and ``draws``, and the games still going on
    (``playing``)."""

    label: str
    games: int
    first: Interval | None
    second: Interval | None
    draws: int
    playing: int

    def words(self, seats: tuple[str, str]) -> str:
        """The setting's result in words: each seat's share with its interval and n."""
        if not self.games:
            return f"{self.label}: no game has ended yet ({plural(self.playing, 'game')} going on)"
        assert self.first is not None and self.second is not None
        return (
            f"{self.label}: {upper_first(seats[0])} won {self.first.percent()} and {seats[1]} "
            f"{self.second.percent()} of {plural(self.games, 'game')}"
            + (f" ({plural(self.draws, 'draw')})" if self.draws else "")
        )


@dataclass(frozen=True)
class ClassExperiment:
    """A class experiment's result (see the module's description): ``results`` for each
    setting, the ``difference`` of the first seat's share (second setting minus first, None
    until both have a finished game) and the ``verdict``."""

    name: str
    game: str
    settings: tuple[Setting, Setting]
    seats: tuple[str, str]
    results: tuple[SettingResult, SettingResult]
    difference: Difference | None
    verdict: str
    experiment: Experiment

    def __repr__(self) -> str:
        return f"<ClassExperiment {self.name!r}: {self.verdict}>"

    def words(self) -> str:
        """Each setting's result, then the verdict, a line each."""
        return "\n".join([*(r.words(self.seats) for r in self.results), self.verdict])

    def rules(self) -> tuple[Any, Any]:
        """The two settings as the game's rules."""
        made: Any = rules_class(self.game)
        return made.from_dict(dict(self.settings[0].rules)), made.from_dict(
            dict(self.settings[1].rules)
        )

    def predict(
        self, games: int = 1000, level_games: int = 100, level: str = "beginner", seed: int = 0
    ) -> dict[str, Comparison]:
        """What the machines do in the same two settings: ``"random"`` players over
        ``games`` paired games and ``level`` players over ``level_games``, each a
        :class:`~gamekit.design.Comparison` of the first seat's share."""
        a, b = self.rules()
        return {
            "random": compare(a, b, "first", games=games, seed=seed, progress=False),
            level: compare(
                a, b, "first", games=level_games, seed=seed, players=level, progress=False
            ),  # fmt: skip
        }


def read_experiment(path: str | Path, name: str | None = None) -> Experiment:
    """A class experiment from the teacher's download: the zip itself or its
    ``experiments.json``; ``name``: which experiment (the newest if None).

    Raises:
        StoreError: no such file, not a download of the teacher's page, or no experiment
            of that name in it.
    """
    path = Path(path)
    try:
        if path.suffix == ".zip":
            with zipfile.ZipFile(path) as bundle:
                data = json.loads(bundle.read("experiments.json"))
        else:
            data = json.loads(path.read_text(encoding="utf-8"))
        found = [
            Experiment(
                k,
                str(e["name"]),
                str(e["game"]),
                tuple(Setting(str(s["label"]), dict(s["rules"])) for s in e["settings"]),  # type: ignore[arg-type]
                int(e["rounds"]),
                tuple(_game(from_json(g)) for g in e["games"]),
            )  # fmt: skip
            for k, e in enumerate(data)
        ]
    except (OSError, KeyError, TypeError, ValueError, zipfile.BadZipFile) as error:
        raise StoreError(
            f"{path} is not a class experiment saved by the teacher's page ({error})"
        ) from None
    chosen = [e for e in found if name is None or e.name == name]
    if not chosen:
        raise StoreError(f"{path} holds no experiment called {shown(name)}")
    return chosen[0]


def _game(found: Any) -> ExperimentGame:
    if not isinstance(found, ExperimentGame):
        raise ValueError(f"a game of an experiment, not {shown(found)}")
    return found


def class_experiment(
    store: Any, class_code: str | None = None, experiment_id: int | None = None
) -> ClassExperiment:
    """The class experiment ``experiment_id`` of class ``class_code`` (its newest if None),
    read from ``store``: a :class:`gamekit.store.ClassStore` (or a SQLAlchemy address or a
    folder of one), or the teacher's download (a ``.zip`` or its ``experiments.json``, see
    :func:`read_experiment`; then ``class_code`` is not needed).

    Raises:
        StoreError: no such class or experiment, or a class with no experiment.
    """
    if isinstance(store, (str, Path)) and str(store).endswith((".json", ".zip")):
        return result_of(read_experiment(store))
    if isinstance(store, str):
        store = ClassStore(store) if "://" in store else ClassStore(folder=store)
    if not isinstance(store, (ClassStore, HubStore)):
        raise StoreError(f"a class experiment is read from a class store, not {shown(store)}")
    if class_code is None:
        raise StoreError("name the class whose experiment to read: class_code=...")
    if experiment_id is None:
        found = experiments_of(store, class_code)
        if not found:
            raise StoreError(f"class {class_code} has no experiment yet")
        made = found[0]
    else:
        made = experiment(store, class_code, experiment_id)
    return result_of(made)


def result_of(made: Experiment) -> ClassExperiment:
    """An experiment's games read as its result (see the module's description)."""
    # by seat at the table: who moved first (a pie rule's swap changes colours, not that)
    seats = ("the first player", "the second player")
    results, flags = [], []
    for k, setting in enumerate(made.settings):
        ended = made.finished(k)
        playing = sum(1 for g in made.games if g.setting == k and g.winners is None)
        first = [g.winners == (0,) for g in ended]
        second = [g.winners == (1,) for g in ended]
        n = len(ended)
        results.append(
            SettingResult(
                setting.label,
                n,
                wilson(sum(first), n) if n else None,
                wilson(sum(second), n) if n else None,
                n - sum(first) - sum(second),
                playing,
            )  # fmt: skip
        )
        flags.append(first)
    labels = f"{made.settings[0].label} and {made.settings[1].label}"
    if not flags[0] and not flags[1]:
        diff, verdict = None, f"no game has ended yet under {labels}"
    elif not flags[0] or not flags[1]:
        empty = made.settings[0 if not flags[0] else 1].label
        diff, verdict = None, f"no game has ended yet under {empty}: nothing to compare"
    else:
        diff = difference(flags[0], flags[1])
        what = f"{seats[0]}'s share of wins"
        verdict = f"From {made.settings[0].label} to {made.settings[1].label}: {diff.words(what)}"
    return ClassExperiment(made.name, made.game, made.settings, seats, (results[0], results[1]),
                           diff, verdict, made)  # fmt: skip


def simulate_round(
    store: ClassStore, class_code: str, experiment_id: int, level: str = "beginner",
    seed: int = 0,
) -> list[ExperimentGame]:  # fmt: skip
    """Deal the experiment's next round and play every game of it to its end with the
    computer at ``level`` in both seats, standing in for the students (to try the teacher's
    page, or to see what a class of such players would find); returns the round's games as
    they ended.

    Raises:
        StoreError: as :func:`gamekit.store.experiments.deal_round`; ValueError: an unknown
            level.
    """
    rng = np.random.default_rng(seed)
    dealt = deal_round(store, class_code, experiment_id)
    for game in dealt:
        players = [level_player(level).with_seed(int(rng.integers(2**32))) for _ in range(2)]
        people = {n: store.back(class_code, n) for n in game.seated}
        while (state := store.state(class_code, game.table)).outcome is None:
            seat = player_index(state, state.to_move)
            move = players[seat].choose(state)
            store.play(people[game.seated[seat]], game.table, str(move))
    tables = {g.table for g in dealt}
    return [g for g in experiment(store, class_code, experiment_id).games if g.table in tables]
