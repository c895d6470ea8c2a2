"""The teacher's page (``apps/teacher.ipynb``): the room at a glance, the class's puzzles,
and the class's data to take away or erase.

It is the teacher's only: ``make demo`` makes a secret when it starts and prints the
teacher's address, which carries it (``.../teacher.ipynb?teacher=SECRET``); opened
without it, the page says "for the teacher only" and reads nothing of the class
(:func:`teacher_page`). Students' pages have no code to run in ``make demo``, so the
secret in the server's environment is never theirs to read.

:class:`TeacherRoom` shows, for the class chosen:

- who is in the class (nicknames) and who sits at which table, each table with a small
  picture of its position, its last moves in words, and where it stands (waiting, whose
  turn, who has left, the result, closed, abandoned);
- the puzzles: for each student how many they solved, tried and saw hints for, and a
  *stuck* mark on a puzzle with 3 or more wrong tries in a row; for each puzzle, how many
  solved it at the first try;
- class experiments (:mod:`gamekit.widgets.experiments`): two settings of a game, rounds
  dealt to the class, and what the class's games say beside what the machines do;
- a download of the whole class (CSV files a spreadsheet opens, every table's game as a
  gamekit record, and the experiments' results), and erasing the class, confirmed by
  typing its code.

It asks the store again every second while it is shown, and redraws only what changed.

>>> import tempfile
>>> from gamekit.store import ClassStore
>>> store = ClassStore(folder=tempfile.mkdtemp(), seed=4)
>>> code = store.new_class("7B")
>>> ada, bo = store.join(code, "Ada"), store.join(code, "Bo")
>>> room = TeacherRoom(store, code)
>>> room.students_text()
'2 students: Ada, Bo.'
"""

from __future__ import annotations

import asyncio
import base64
import csv
import hmac
import html
import io
import json
import os
import zipfile
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qs

import ipywidgets as w

from gamekit.classroom import TEACHER_SECRET
from gamekit.design.classroom import result_of
from gamekit.game import facts, part, player_index
from gamekit.records import Record
from gamekit.store import ClassStore, Store, StoreError, TableInfo
from gamekit.store.experiments import experiments_of
from gamekit.store.store import start_of
from gamekit.store.wire import to_json
from gamekit.text import plural, upper_first
from gamekit.widgets.experiments import ExperimentsPanel
from gamekit.widgets.member import class_store, status_html

__all__ = ["STUCK", "TeacherRoom", "teacher_allowed", "teacher_page"]

#: Wrong tries in a row at one puzzle that make a student *stuck* on it.
STUCK = 3
#: Seconds between two looks at the store while the page is shown.
REFRESH_SECONDS = 1.0
#: Pictures of positions drawn at most per look (about 0.15 s each): a table's words change
#: at once, its picture follows within a few looks when many tables move at the same time.
PICTURES_PER_LOOK = 3


def teacher_allowed(query: str | None, environ: Mapping[str, str] | None = None) -> bool:
    """Whether the page's address carries the teacher's secret (``?teacher=SECRET``):
    never when no secret was made.

    >>> teacher_allowed("teacher=abc", {"GAMEKIT_TEACHER_SECRET": "abc"})
    True
    >>> teacher_allowed("teacher=abd", {"GAMEKIT_TEACHER_SECRET": "abc"})
    False
    >>> teacher_allowed("", {})
    False
    """
    environ = os.environ if environ is None else environ
    secret = environ.get(TEACHER_SECRET, "")
    given = parse_qs(query or "").get("teacher", [""])[0]
    return bool(secret) and hmac.compare_digest(given.encode(), secret.encode())


def _query() -> str | None:
    """The page's query string as Voilà gives it (a page made ahead, from Voilà's pool,
    waits here until the teacher opens it); none in a notebook."""
    try:
        from voila.utils import get_query_string
    except ImportError:  # pragma: no cover (Voilà is one of gamekit's dependencies)
        return os.environ.get("QUERY_STRING")
    return get_query_string()


def teacher_page(store: Any = None, query: str | None = None) -> w.Widget:
    """What ``apps/teacher.ipynb`` shows: the teacher's room when the address carries the
    teacher's secret (``query``: the page's query string, read from Voilà if not given),
    else a page that says it is for the teacher only and reads nothing. On a school's
    JupyterHub there is no secret: the hub's class-store service shows the class to the
    hub's admin (the teacher) only."""
    if os.environ.get("JUPYTERHUB_USER"):  # on a school's hub: the hub says who the teacher is
        try:
            hub = store if store is not None else class_store()
            hub.classes()  # the class store's service answers the hub's admin only
        except StoreError as error:
            return _closed(
                f"On the school's hub this page is the teacher's, the hub's admin, only ({error})."
            )
        return TeacherRoom(hub).start().widget
    query = _query() if query is None else query
    if not teacher_allowed(query):
        return _closed(
            "This page shows a class's games and puzzles to its teacher. Open it from the "
            "teacher's address that make demo printed when it started."
        )
    try:
        return TeacherRoom(store if store is not None else ClassStore()).start().widget
    except StoreError as error:
        return _closed(upper_first(str(error)) + ".")


def _closed(words: str) -> w.HTML:
    page = w.HTML(
        f'<h3>For the teacher only</h3><p role="status">{html.escape(words)}</p>',
        layout=w.Layout(max_width="720px"),
    )
    page.add_class("gamekit-teacher-closed")
    return page


class TeacherRoom:
    """The teacher's room for ``store``: the class ``class_code`` (the newest class if
    ``None``); see the module's description."""

    def __init__(self, store: Store, class_code: str | None = None) -> None:
        self.store = store
        self._task: asyncio.Task[None] | None = None
        self._seen: dict[str, Any] = {}
        self._pictures: dict[str, tuple[int, str]] = {}  # table -> (moves drawn, <img>)
        self._replays: dict[str, tuple[Any, Any]] = {}  # table -> (its key, moves, positions)
        self._shown: list[TableInfo] = []
        self._boards: dict[str, Any] = {}
        self.classes = w.Dropdown(description="Class", layout=w.Layout(width="320px"))
        self.new_name = w.Text(description="New class", placeholder="its name, such as 7B",
                               style={"description_width": "80px"}, layout=w.Layout(width="280px"))  # fmt: skip
        self.new_button = w.Button(description="Make the class", layout=w.Layout(width="auto"))
        self.status = w.HTML()
        self.students = w.HTML()
        #: A card per table (its picture, where it stands, its last moves), newest first.
        self.tables = w.VBox()
        self._cards: dict[str, w.HTML] = {}
        self._words: dict[str, tuple[Any, str]] = {}
        self.puzzles = w.HTML()
        self.export_button = w.Button(description="Prepare the download", layout=w.Layout(width="auto"),
                                      tooltip="the class as CSV files and its games as records")  # fmt: skip
        self.download = w.HTML()
        self.erase_button = w.Button(description="Erase this class…", button_style="danger",
                                     layout=w.Layout(width="auto"))  # fmt: skip
        self.erase_box = w.Text(description="Class code", style={"description_width": "80px"},
                                layout=w.Layout(width="240px"))  # fmt: skip
        self.erase_confirm = w.Button(description="Erase for good", button_style="danger",
                                      layout=w.Layout(width="auto"))  # fmt: skip
        self.erase_words = w.HTML()
        self.erase_row = w.VBox([self.erase_words, w.HBox([self.erase_box, self.erase_confirm])])
        self.erase_row.layout.display = "none"
        self.new_button.on_click(lambda _b: self.make_class(self.new_name.value))
        self.export_button.on_click(lambda _b: self.prepare_download())
        self.erase_button.on_click(lambda _b: self.ask_erase())
        self.erase_confirm.on_click(lambda _b: self.erase(self.erase_box.value))
        self.experiments = ExperimentsPanel(store, lambda: self.class_code)
        self.classes.observe(lambda _c: self._class_changed(), names="value")
        self.widget = w.VBox(
            [
                w.HBox(
                    [self.classes, self.new_name, self.new_button],
                    layout=w.Layout(flex_flow="row wrap", align_items="center"),
                ),  # fmt: skip
                self.status,
                w.HTML("<h3 style='margin:8px 0 2px'>Students</h3>"),
                self.students,
                w.HTML("<h3 style='margin:8px 0 2px'>Tables</h3>"),
                self.tables,
                w.HTML("<h3 style='margin:8px 0 2px'>Puzzles</h3>"),
                self.puzzles,
                w.HTML("<h3 style='margin:8px 0 2px'>Class experiments</h3>"),
                self.experiments.widget,
                w.HTML("<h3 style='margin:8px 0 2px'>The class's data</h3>"),
                w.HBox(
                    [self.export_button, self.download, self.erase_button],
                    layout=w.Layout(flex_flow="row wrap", align_items="center"),
                ),  # fmt: skip
                self.erase_row,
            ],
            layout=w.Layout(max_width="1200px"),
        )
        self.widget.add_class("gamekit-teacher")
        self._fill_classes(class_code)
        self.refresh(force=True)

    def __repr__(self) -> str:
        return f"<TeacherRoom: class {self.class_code or 'none'}>"

    @property
    def class_code(self) -> str | None:
        """The code of the class shown (None: the store has no class yet)."""
        value = self.classes.value
        return str(value) if value else None

    def _fill_classes(self, chosen: str | None = None) -> None:
        found = self.store.classes()
        self.classes.options = [(f"{name} ({code})", code) for code, name in found]
        codes = [code for code, _ in found]
        if chosen is not None and chosen.strip().upper() in codes:
            self.classes.value = chosen.strip().upper()
        elif codes and self.classes.value not in codes:
            self.classes.value = codes[0]

    def _say(self, text: str, ok: bool = True) -> None:
        self.status.value = status_html(text, ok)

    def _class_changed(self) -> None:
        self._cards, self._words, self._pictures, self._replays = {}, {}, {}, {}  # per class
        self._shown = []
        self.refresh(force=True)
        self.experiments.fill()

    # -- what the room shows ---------------------------------------------------------------
    def refresh(self, force: bool = False, pictures: bool = True) -> bool:
        """Read the class again and redraw what changed; whether anything did. The words
        of every table change first; then, if ``pictures``, at most
        :data:`PICTURES_PER_LOOK` pictures are drawn (:meth:`draw_pictures`)."""
        code = self.class_code
        if code is None:
            self.students.value = (
                "<p>No class yet: make one above, and give its code to the students.</p>"
            )
            self.tables.children = ()
            self._shown = []
            self.puzzles.value = ""
            return False
        try:
            tables = self.store.tables(code)
            progress = self.store.class_progress(code)
        except StoreError as error:
            self._say(upper_first(str(error)) + ".", False)
            return False
        seen = {"code": code, "tables": tables, "progress": progress}
        if not force and seen == self._seen:  # only pictures may be behind
            return bool(pictures and self.draw_pictures())
        self._seen = seen
        self.students.value = f"<p>{html.escape(self.students_text(list(progress)))}</p>"
        self._show_tables(tables)
        self.puzzles.value = self._puzzles_html(progress)
        self.experiments.refresh()
        if pictures:
            self.draw_pictures()
        return True

    @property
    def tables_html(self) -> str:
        """The tables' cards as the page shows them, one after the other."""
        return "".join(card.value for card in self.tables.children)

    def students_text(self, names: list[str] | None = None) -> str:
        """Who is in the class (``names``, else read from the store), in words."""
        code = self.class_code
        if names is None:
            names = list(self.store.class_progress(code)) if code else []
        if not names:
            return "Nobody has joined yet: students type the class code under Play a classmate."
        return f"{plural(len(names), 'student')}: {', '.join(names)}."

    def table_text(self, info: TableInfo) -> str:
        """Where a table stands, in words: its players and seats, then waiting, whose turn
        (and who has left), the result, closed or abandoned."""
        state = self._state(info)
        seats = [str(s) for s in state.rules.seats] if state is not None else []
        people = []
        for k, name in enumerate(info.seated):
            seat = seats[k].title() if k < len(seats) else f"seat {k + 1}"
            if name is None:
                people.append(f"{seat} free")
            else:
                away = "" if info.present[k] or info.closed else ", has left"
                people.append(f"{name} ({seat}{away})")
        title = facts(info.game).title
        where = f"{title}, {plural(info.moves, 'move')}: {', '.join(people)}."
        setting = self.experiments.table_settings.get(info.code)
        if setting:
            where += f" Class experiment: {setting}."
        if info.closed:
            return f"{where} Closed."
        if info.waiting:
            return f"{where} Waiting for a player."
        if state is None:
            return where
        if state.outcome is not None:
            winners = [info.seated[player_index(state, s)] for s in state.outcome.winners]
            result = f"{' and '.join(str(n) for n in winners)} won" if winners else "a draw"
            return f"{where} Game over: {result}."
        turn = info.seated[player_index(state, state.to_move)]
        lost = " Abandoned: nothing for 10 minutes." if info.abandoned() else ""
        return f"{where} {turn}'s turn.{lost}"

    def _state(self, info: TableInfo) -> Any:
        """The table's position now (``None`` if the store cannot say)."""
        try:
            return self._replayed(info)[2][-1]
        except StoreError:
            return None

    def _replayed(self, info: TableInfo) -> tuple[tuple[str, ...], list[int], list[Any]]:
        """The table's moves, their seats and every position they pass through, read once
        per change of the table: a new move is played on the position already known (moves
        taken back are seen, and the game replayed from its start)."""
        known = self._replays.get(info.code)
        if known is not None and known[0] == self._key(info):
            return known[1]
        played = self.store.moves(str(self.class_code), info.code)
        notation = tuple(p.move for p in played)
        seats = [p.seat for p in played]
        old = known[1] if known is not None else None
        if old is not None and notation[: len(old[0])] == old[0]:
            states = list(old[2])
        else:  # the table's start, from the rules it stored (its deal included)
            states = [start_of(info.game, info.options)]
        for move in notation[len(states) - 1 :]:
            states.append(states[-1].play(move))
        self._replays[info.code] = (self._key(info), (notation, seats, states))
        return notation, seats, states

    @staticmethod
    def _key(info: TableInfo) -> Any:
        """What tells that a table changed."""
        return (info.moves, info.seated, info.present, info.closed, info.touched)

    def last_moves(self, info: TableInfo, count: int = 3) -> list[str]:
        """The table's last ``count`` moves in words, the newest last."""
        notation, seats, states = self._replayed(info)
        if not notation:
            return []
        board = self._board(info.game, states[0].rules)
        out = []
        for k in range(max(0, len(notation) - count), len(notation)):
            words = board._words(states[k], notation[k], states[k + 1])
            name = info.seated[seats[k]] or "someone"
            out.append(f"{name}: {words}")
        return out

    def _board(self, game: str, rules: Any) -> Any:
        """A board of ``game`` that is never shown, whose words name each move."""
        if game not in self._boards:
            self._boards[game] = part(rules, "board")(rules)
        return self._boards[game]

    def _picture(self, info: TableInfo, draw: bool) -> str:
        """The table's picture: drawn again if it is behind and ``draw``, else the last one
        drawn (a position a few moves old, its alt text saying it)."""
        drawn = self._pictures.get(info.code)
        if drawn is not None and (drawn[0] == info.moves or not draw):
            return drawn[1]
        if not draw:
            return drawn[1] if drawn is not None else ""
        from gamekit.render import alt_text, png

        state = self._state(info)
        if state is None:
            return ""
        data = base64.b64encode(png(state)).decode()
        words = html.escape(alt_text(state), quote=True)
        self._pictures[info.code] = (
            info.moves,
            f'<img src="data:image/png;base64,{data}" alt="{words}" '
            'style="width:150px;height:auto;border:1px solid #d1d5db">',
        )
        return self._pictures[info.code][1]

    def _show_tables(self, tables: list[TableInfo]) -> None:
        """A card per table, each redrawn only when its table changed; at most
        :data:`PICTURES_PER_LOOK` pictures drawn (the oldest behind first)."""
        self._shown = tables
        if not tables:
            self.tables.children = (
                w.HTML("<p>No table yet: students open one under Play a classmate.</p>"),
            )
            return
        for info in tables:
            key = self._key(info)
            known = self._words.get(info.code)
            if known is None or known[0] != key:
                moves = "".join(f"<li>{html.escape(m)}</li>" for m in self.last_moves(info))
                last = f"<ol style='margin:2px 0;padding-left:18px'>{moves}</ol>" if moves else ""
                words = (
                    f"<div><b>Table {html.escape(info.code)}</b>: "
                    f"{html.escape(self.table_text(info))}{last}</div>"
                )
                self._words[info.code] = (key, words)
            self._card(info, draw=False)
        order = tuple(self._cards[t.code] for t in tables)
        if self.tables.children != order:
            self.tables.children = order

    def _card(self, info: TableInfo, draw: bool) -> None:
        """Set the table's card: its picture (drawn again only if ``draw``) and its words."""
        card = self._cards.setdefault(info.code, w.HTML())
        value = (
            '<div class="gamekit-teacher-table" style="display:flex;gap:10px;'
            'align-items:flex-start;border:1px solid #d1d5db;padding:6px;margin:4px 0">'
            f"{self._picture(info, draw)}{self._words[info.code][1]}</div>"
        )
        if card.value != value:
            card.value = value

    def behind(self) -> list[TableInfo]:
        """The tables shown whose picture is older than their words, the longest waiting
        first."""
        return sorted(
            (t for t in self._shown if self._pictures.get(t.code, (-1, ""))[0] != t.moves),
            key=lambda t: t.touched,
        )

    def draw_pictures(self, count: int = PICTURES_PER_LOOK) -> int:
        """Draw the pictures of at most ``count`` tables that are behind; how many."""
        drawn = 0
        for info in self.behind()[:count]:
            self._card(info, draw=True)
            drawn += 1
        return drawn

    def _puzzles_html(self, progress: Mapping[str, Mapping[str, Mapping[str, Any]]]) -> str:
        if not any(progress.values()):
            return "<p>No puzzle tried yet in this class.</p>"
        rows = []
        for name, puzzles in progress.items():
            solved = sum(p["solved"] for p in puzzles.values())
            tries = sum(p["tries"] for p in puzzles.values())
            hints = sum(p["hints"] for p in puzzles.values())
            stuck = [k for k, p in puzzles.items() if p["wrong_in_a_row"] >= STUCK]
            mark = (
                f"<b>stuck</b> on {html.escape(', '.join(stuck))} (3 or more wrong tries in a row)"
                if stuck
                else ""
            )
            rows.append(
                f"<tr><th scope='row' style='text-align:left'>{html.escape(name)}</th>"
                f"<td>{solved}</td><td>{tries}</td><td>{hints}</td><td>{mark}</td></tr>"
            )
        by_puzzle: dict[str, list[int]] = {}
        for puzzles in progress.values():
            for puzzle, p in puzzles.items():
                counts = by_puzzle.setdefault(puzzle, [0, 0])
                counts[0] += bool(p["first_try"])
                counts[1] += 1
        firsts = "".join(
            f"<tr><th scope='row' style='text-align:left'>{html.escape(k)}</th>"
            f"<td>{n} of {tried}</td></tr>"
            for k, (n, tried) in sorted(by_puzzle.items())
        )
        style = "border-collapse:collapse;margin:4px 0"
        return (
            f"<table style='{style}' cellpadding='4'><caption style='text-align:left'>Each "
            "student's puzzles</caption><tr><th scope='col'>Student</th><th scope='col'>"
            "solved</th><th scope='col'>tries</th><th scope='col'>hints seen</th>"
            f"<th scope='col'>stuck</th></tr>{''.join(rows)}</table>"
            f"<table style='{style}' cellpadding='4'><caption style='text-align:left'>Solved at "
            "the first try, of the students who tried it</caption><tr><th scope='col'>puzzle"
            f"</th><th scope='col'>first try</th></tr>{firsts}</table>"
        )

    # -- making a class, the download, erasing ---------------------------------------------
    def make_class(self, name: str) -> None:
        """Make a class called ``name`` and show it; its code is said, to give to students."""
        try:
            code = self.store.new_class(name)
        except StoreError as error:
            return self._say(upper_first(str(error)) + ".", False)
        self.new_name.value = ""
        self._fill_classes(code)
        self.refresh(force=True)
        self._say(f"Class {name.strip()} made: its code is {code}. Give it to the students.")

    def export(self) -> bytes:
        """The class as a zip: ``students.csv`` (each student's totals), ``puzzles.csv``
        (each student and puzzle), ``games.csv`` (each table) and ``games/TABLE.json`` (each
        table's game as a gamekit record, :meth:`gamekit.records.Record.load` reads it)."""
        code = str(self.class_code)
        progress = self.store.class_progress(code)
        tables = self.store.tables(code)
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as bundle:
            bundle.writestr("students.csv", _csv(
                ["nickname", "puzzles tried", "solved", "solved at the first try", "tries",
                 "hints seen", "stuck on"],
                [[name, len(ps), sum(p["solved"] for p in ps.values()),
                  sum(p["first_try"] for p in ps.values()), sum(p["tries"] for p in ps.values()),
                  sum(p["hints"] for p in ps.values()),
                  " ".join(k for k, p in ps.items() if p["wrong_in_a_row"] >= STUCK)]
                 for name, ps in progress.items()],
            ))  # fmt: skip
            bundle.writestr("puzzles.csv", _csv(
                ["nickname", "puzzle", "tries", "wrong in a row", "hints seen", "solved",
                 "solved at the first try"],
                [[name, k, p["tries"], p["wrong_in_a_row"], p["hints"], p["solved"], p["first_try"]]
                 for name, ps in progress.items() for k, p in ps.items()],
            ))  # fmt: skip
            rows = []
            for info in tables:
                state = self._state(info)
                record = Record(state.rules, [p.move for p in self.store.moves(code, info.code)])
                bundle.writestr(f"games/{info.code}.json", record.to_json())
                rows.append([info.code, info.game, json.dumps(dict(info.options), sort_keys=True),
                             " ".join(n or "-" for n in info.seated), info.moves,
                             self.table_text(info)])  # fmt: skip
            found = []
            for made in experiments_of(self.store, code):
                result = result_of(made)
                found.append({
                    "name": result.name, "game": result.game,
                    "settings": [{"label": x.label, "rules": dict(x.rules)} for x in result.settings],
                    "rounds": made.rounds, "verdict": result.verdict,
                    "results": [{"label": r.label, "games": r.games, "draws": r.draws,
                                 "first player won": r.first.percent() if r.first else None,
                                 "second player won": r.second.percent() if r.second else None,
                                 "going on": r.playing} for r in result.results],
                    "games": [to_json(g) for g in made.games],
                })  # fmt: skip
            bundle.writestr("experiments.json", json.dumps(found, indent=1))
            bundle.writestr("games.csv", _csv(
                ["table", "game", "rules", "players by seat", "moves", "where it stands"], rows))  # fmt: skip
        return out.getvalue()

    def prepare_download(self) -> None:
        """Make the export and show a link that saves it."""
        try:
            data = self.export()
        except StoreError as error:
            return self._say(upper_first(str(error)) + ".", False)
        stamp = datetime.now(UTC).strftime("%Y-%m-%d")
        name = f"class-{self.class_code}-{stamp}.zip"
        link = base64.b64encode(data).decode()
        self.download.value = (
            f'<a download="{name}" href="data:application/zip;base64,{link}" '
            f'style="margin:0 10px">Save {name} ({len(data) // 1024 + 1} KB)</a>'
        )

    def ask_erase(self) -> None:
        """Show what erasing the class would remove, and the box to confirm it."""
        code = self.class_code
        if code is None:
            return
        students = len(self.store.class_progress(code))
        tables = len(self.store.tables(code))
        self.erase_words.value = status_html(
            f"Erasing class {code} removes its {plural(students, 'student')}, its "
            f"{plural(tables, 'table')} with their games, and every puzzle count, for good. "
            "Download the class first if you want to keep it. To erase it, type the class "
            "code and press Erase for good.",
            False,
        )
        self.erase_box.value = ""
        self.erase_row.layout.display = None

    def erase(self, typed: str) -> None:
        """Erase the class shown if ``typed`` is its code; else say why not."""
        code = self.class_code
        if code is None:
            return
        if typed.strip().upper() != code:
            return self._say(
                f"Not erased: type the class code {code} exactly to erase the class.", False
            )
        try:
            self.store.erase_class(code)
        except StoreError as error:
            return self._say(upper_first(str(error)) + ".", False)
        self.erase_row.layout.display = "none"
        self.download.value = ""
        self._fill_classes()
        if not self.store.classes():
            self.classes.value = None
        self.refresh(force=True)
        self._say(f"Class {code} is erased.")

    # -- keeping up ------------------------------------------------------------------------
    def start(self) -> TeacherRoom:
        """Look at the store every :data:`REFRESH_SECONDS` while shown (in a kernel's event
        loop; nothing to do without one)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return self
        if self._task is None:
            self._task = loop.create_task(self._run())
        return self

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(REFRESH_SECONDS)
            try:  # the words go out first; each picture after, between other messages
                self.refresh(pictures=False)
                for _ in range(PICTURES_PER_LOOK):
                    await asyncio.sleep(0)
                    if not self.draw_pictures(1):
                        break
            except Exception as error:  # keep the page alive: say it, look again later
                self._say(f"The class could not be read: {error}", False)

    def stop(self) -> None:
        """Stop looking at the store."""
        if self._task is not None:
            self._task.cancel()
            self._task = None


def _csv(header: list[str], rows: list[list[Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()
