"""The teacher's page's class experiments: set two settings of a game against each other,
deal rounds of games to the class, and read what the class's games say, beside what the
machines do in the same two settings.

A setting is written as the game's options, ``name=value`` separated by commas (the
game's own defaults to start from): ``board=square, size=4, n=3, pie_rule=true``.

>>> read_settings("board=square, size=4, pie_rule=true")
{'board': 'square', 'size': 4, 'pie_rule': True}
>>> read_settings("size")
Traceback (most recent call last):
...
gamekit.store.store.StoreError: write each option as name=value, not 'size'
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from gamekit.design import class_experiment
from gamekit.game import facts, games
from gamekit.store import Store, StoreError
from gamekit.store.experiments import deal_round, experiments_of, new_experiment
from gamekit.text import plural, upper_first
from gamekit.widgets.member import status_html

__all__ = ["ExperimentsPanel", "read_settings", "settings_text"]


def settings_text(options: dict[str, Any]) -> str:
    """A game's options as the teacher edits them: ``name=value, ...`` (None left out).

    >>> settings_text({"board": "square", "size": 4, "pie_rule": False, "seed": None})
    'board=square, size=4, pie_rule=false'
    """

    def word(v: Any) -> str:
        return json.dumps(v) if isinstance(v, (bool, int, float)) else str(v)

    return ", ".join(f"{k}={word(v)}" for k, v in options.items() if v is not None)


def read_settings(text: str) -> dict[str, Any]:
    """``name=value, ...`` as options: numbers, true and false read as such, the rest as
    words."""
    out: dict[str, Any] = {}
    for item in filter(None, (p.strip() for p in str(text).split(","))):
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise StoreError(f"write each option as name=value, not {item!r}")
        value = value.strip()
        try:
            out[name.strip()] = json.loads(
                value.lower() if value.lower() in ("true", "false") else value
            )
        except ValueError:
            out[name.strip()] = value
    return out


def _two_seat_games() -> list[tuple[str, str]]:
    found = []
    for name, made in games().items():
        try:
            seats = len(made().seats)
        except (TypeError, ValueError):
            continue
        if seats == 2:
            found.append((facts(name).title, name))
    return found


class ExperimentsPanel:
    """The experiments part of the teacher's room for ``store``; ``class_code()`` gives the
    class shown."""

    def __init__(self, store: Store, class_code: Callable[[], str | None]) -> None:
        self.store, self._class_code = store, class_code
        self._predicted: dict[int, str] = {}
        self._shown: Any = None
        #: Each experiment table's code -> its experiment and setting, in words.
        self.table_settings: dict[str, str] = {}
        wide = {"description_width": "110px"}
        self.game = w.Dropdown(options=_two_seat_games(), description="Game", style=wide,
                               layout=w.Layout(width="320px"))  # fmt: skip
        self.label_a = w.Text(description="Setting A", style=wide, layout=w.Layout(width="320px"))
        self.rules_a = w.Text(description="its options", style=wide, layout=w.Layout(width="640px"))
        self.label_b = w.Text(description="Setting B", style=wide, layout=w.Layout(width="320px"))
        self.rules_b = w.Text(description="its options", style=wide, layout=w.Layout(width="640px"))
        self.make_button = w.Button(description="Set up the experiment", button_style="primary",
                                    layout=w.Layout(width="auto"))  # fmt: skip
        self.chosen = w.Dropdown(
            description="Experiment", style=wide, layout=w.Layout(width="520px")
        )
        self.deal_button = w.Button(description="Deal the next round", layout=w.Layout(width="auto"),
                                    tooltip="pairs of classmates, each at a table made for them")  # fmt: skip
        self.predict_button = w.Button(description="What the machines do", layout=w.Layout(width="auto"),
                                       tooltip="random players and the beginner level, same settings")  # fmt: skip
        self.status = w.HTML()
        self.results = w.HTML()
        self.machines = w.HTML()
        self.game.observe(lambda _c: self._defaults(), names="value")
        self.make_button.on_click(lambda _b: self.set_up())
        self.deal_button.on_click(lambda _b: self.deal())
        self.predict_button.on_click(lambda _b: self.predict())
        self.chosen.observe(lambda _c: self.refresh(force=True), names="value")
        self.widget = w.VBox([
            w.HTML("<p style='margin:2px 0'>Two settings of a game, played by the class in "
                   "pairs: half the pairs on each setting in every round, seats swapped "
                   "between a student's games.</p>"),
            self.game,
            w.HBox([self.label_a, self.rules_a], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.label_b, self.rules_b], layout=w.Layout(flex_flow="row wrap")),
            w.HBox([self.make_button]),
            w.HBox([self.chosen, self.deal_button, self.predict_button],
                   layout=w.Layout(flex_flow="row wrap", align_items="center")),
            self.status, self.results, self.machines,
        ])  # fmt: skip
        self.widget.add_class("gamekit-experiments")
        self._defaults()
        self.fill()

    def _say(self, text: str, ok: bool = True) -> None:
        self.status.value = status_html(text, ok)

    def _defaults(self) -> None:
        """The game's default options in both settings, to change one thing in B."""
        name = self.game.value
        if name is None:
            return
        options = games()[name]().to_dict()
        self.rules_a.value = self.rules_b.value = settings_text(options)
        self.label_a.value, self.label_b.value = "setting A", "setting B"

    def fill(self, chosen: int | None = None) -> None:
        """List the class's experiments (the newest chosen, or ``chosen``)."""
        code = self._class_code()
        found = experiments_of(self.store, code) if code else []
        self.table_settings = {}
        for e in found:
            self._note_tables(e)
        self.chosen.options = [(f"{e.name} ({facts(e.game).title})", e.id) for e in found]
        ids = [e.id for e in found]
        if chosen in ids:
            self.chosen.value = chosen
        elif ids and self.chosen.value not in ids:
            self.chosen.value = ids[0]
        self.deal_button.disabled = self.predict_button.disabled = not ids
        self.refresh(force=True)

    def set_up(self) -> None:
        """Set up the experiment written in the boxes."""
        code = self._class_code()
        if code is None:
            return self._say("Make a class first.", False)
        try:
            settings = [(self.label_a.value, read_settings(self.rules_a.value)),
                        (self.label_b.value, read_settings(self.rules_b.value))]  # fmt: skip
            made = new_experiment(self.store, code, str(self.game.value), settings)
        except StoreError as error:
            return self._say(upper_first(str(error)) + ".", False)
        self.fill(made.id)
        self._say(f"Experiment set up: {made.name}. Deal a round when the class is in.")

    def deal(self) -> None:
        """Deal the chosen experiment's next round to the whole class."""
        code, chosen = self._class_code(), self.chosen.value
        if code is None or chosen is None:
            return
        try:
            dealt = deal_round(self.store, code, int(chosen))
        except StoreError as error:
            return self._say(upper_first(str(error)) + ".", False)
        seated = {n for g in dealt for n in g.seated}
        out = [n for n in self.store.students(code) if n not in seated]
        rest = f" {', '.join(out)} sits this round out." if out else ""
        self._say(
            f"Round dealt: {plural(len(dealt), 'game')}. Each student's page shows their next "
            f"game; they start it with one click.{rest}"
        )
        self.refresh(force=True)

    def _note_tables(self, experiment: Any) -> None:
        """Remember, for each of ``experiment``'s tables, its experiment and setting in
        words (the room's table cards say them)."""
        for g in experiment.games:
            label = experiment.settings[g.setting].label
            self.table_settings[g.table] = f"{experiment.name}, {label}"

    def refresh(self, force: bool = False) -> None:
        """Show the chosen experiment's result as the class's games stand."""
        code, chosen = self._class_code(), self.chosen.value
        if code is None or chosen is None:
            self.results.value = "<p>No experiment yet in this class.</p>"
            self.machines.value = ""
            return
        try:
            result = class_experiment(self.store, code, int(chosen))
        except StoreError as error:
            return self._say(upper_first(str(error)) + ".", False)
        self._note_tables(result.experiment)
        shown = (result.experiment.games, result.experiment.rounds)
        if not force and shown == self._shown:
            return
        self._shown = shown
        rows = "".join(
            f"<tr><th scope='row' style='text-align:left'>{html.escape(r.label)}</th>"
            f"<td>{r.games}</td><td>{r.first.percent() if r.first else '–'}</td>"
            f"<td>{r.second.percent() if r.second else '–'}</td><td>{r.draws}</td>"
            f"<td>{r.playing}</td></tr>"
            for r in result.results
        )
        self.results.value = (
            f"<p style='margin:4px 0'><b>{html.escape(result.name)}</b>, "
            f"{plural(result.experiment.rounds, 'round')} dealt.</p>"
            "<table cellpadding='4' style='border-collapse:collapse'><caption style='text-align:"
            "left'>The class's games, by setting (a share with its 95 % interval)</caption><tr>"
            "<th scope='col'>setting</th><th scope='col'>games ended</th><th scope='col'>first "
            "player won</th><th scope='col'>second player won</th><th scope='col'>draws</th>"
            f"<th scope='col'>going on</th></tr>{rows}</table>"
            f"<p role='status' style='margin:4px 0'><b>The class:</b> {html.escape(result.verdict)}.</p>"
        )
        self.machines.value = self._predicted.get(int(chosen), "")

    def predict(self, games: int = 1000, level_games: int = 100) -> None:
        """What random players and the beginner level do in the same two settings."""
        code, chosen = self._class_code(), self.chosen.value
        if code is None or chosen is None:
            return
        result = class_experiment(self.store, code, int(chosen))
        found = result.predict(games=games, level_games=level_games)
        lines = "".join(
            f"<li><b>{html.escape(who)} players</b>: A {c.a.percent()}, B {c.b.percent()} "
            f"first-player wins; {html.escape(c.verdict)}.</li>"
            for who, c in found.items()
        )
        self._predicted[int(chosen)] = (
            "<p style='margin:4px 0'>The machines, in the same two settings (paired games "
            f"on common seeds):</p><ul style='margin:2px 0'>{lines}</ul>"
        )
        self.machines.value = self._predicted[int(chosen)]
