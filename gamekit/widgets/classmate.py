""" "Play a classmate": the part of a board that takes it to a class table.

Every free board of a game with more than one seat has it (:class:`ClassmatePanel`, built
into the board's side panel): the student types the class code their teacher gave and a
nickname, then opens a table (its code shown in large letters, to tell a classmate) or
joins one from the list of open tables, or by its code. The board itself then becomes the
table's board (:func:`gamekit.widgets.table.seat_board`): no page to reload, nothing else to
learn. A student who comes back (a reloaded page, another computer) types the same
nickname and the table's code, and sits down again where the game stood.

The store is the class's (:class:`gamekit.store.ClassStore`: ``CLASS_DB``, else
``class.db`` in the folder the page runs in), opened once per kernel.

>>> import tempfile
>>> from gamekit.store import ClassStore
>>> from gamekit.widgets import CoffeeBoard
>>> store = ClassStore(folder=tempfile.mkdtemp(), seed=3)
>>> code = store.new_class("7B")
>>> board = CoffeeBoard(width=400)
>>> panel = ClassmatePanel(board, store)
>>> panel.join(code, "Ada"); panel.open_table()
>>> board.table.code == panel.seated_code, board.turn_text()
(True, 'Waiting for a classmate to sit down at table VARJ.')
"""

from __future__ import annotations

import asyncio
import html
from typing import Any

import ipywidgets as w

from gamekit.errors import shown
from gamekit.game import facts
from gamekit.store import Store, StoreError, Student, TableInfo
from gamekit.text import upper_first
from gamekit.widgets.member import class_boxes, class_store, joined_as, status_html
from gamekit.widgets.table import seat_board

__all__ = ["ClassmatePanel", "class_store"]


def _table_words(info: TableInfo) -> str:
    options = ", ".join(f"{k} {v}" for k, v in info.options.items() if v is not None)
    who = " and ".join(n for n in info.seated if n) or "nobody"
    free = sum(n is None for n in info.seated)
    seats = f"{free} free seat{'s' if free != 1 else ''}"
    return f"{info.code}: {info.game} ({options}), {who} waiting, {seats}"


class ClassmatePanel:
    """The "Play a classmate" controls of ``board`` (see the module's description);
    ``store``: the class store (default :func:`class_store`, opened on first use)."""

    def __init__(self, board: Any, store: Store | None = None) -> None:
        self.board = board
        self._store = store
        self.student: Student | None = None
        self.seated_code: str | None = None
        narrow = {"description_width": "90px"}
        self.class_box, self.nick_box = class_boxes()
        self.join_button = w.Button(
            description="Join the class",
            tooltip="join your class with this nickname (or come back as it)",
            layout=w.Layout(width="auto"),
        )
        self.open_button = w.Button(
            description="Open a table",
            button_style="primary",
            tooltip="a table of this game for you and a classmate: tell them its code",
            layout=w.Layout(width="auto"),
            disabled=True,
        )
        self.tables = w.Select(
            options=[], description="Open tables", rows=4, style=narrow,
            layout=w.Layout(width="100%"), disabled=True,
        )  # fmt: skip
        self.code_box = w.Text(
            description="Table code",
            placeholder="four letters",
            style=narrow,
            layout=w.Layout(width="200px"),
        )
        self.sit_button = w.Button(
            description="Sit down",
            tooltip="sit at the table chosen in the list, or at the table of this code",
            layout=w.Layout(width="auto"),
            disabled=True,
        )
        self.refresh_button = w.Button(
            description="Refresh the list",
            tooltip="look again for the open tables of this game in your class",
            layout=w.Layout(width="auto"),
            disabled=True,
        )
        self.leave_button = w.Button(
            description="Leave the table",
            tooltip="stand up: your seat stays yours, and the board is yours again",
            layout=w.Layout(width="auto", display="none"),
        )
        self.accept_button = w.Button(
            description="Accept", tooltip="take the moves back, for everyone at the table"
        )
        self.refuse_button = w.Button(description="Refuse", tooltip="the moves stay")
        self.undo_row = w.HBox(
            [w.HTML("Your classmate asks to take back a move:"), self.accept_button,
             self.refuse_button],
            layout=w.Layout(display="none", flex_flow="row wrap", align_items="center"),
        )  # fmt: skip
        self.accept_button.on_click(lambda _b: self._act(lambda: self._answer(True)))
        self.refuse_button.on_click(lambda _b: self._act(lambda: self._answer(False)))
        self.close_button = w.Button(
            description="Close the table",
            tooltip="once the game is over, or when nobody has moved for 10 minutes",
            layout=w.Layout(width="auto", display="none"),
        )
        self.status = w.HTML(
            '<div role="status" aria-live="polite" style="font-size:14px">'
            "Type your class's code and a nickname, then join.</div>"
        )
        self.big_code = w.HTML("")
        #: The student's next game in a class experiment the teacher dealt, and its button.
        self.next_game = w.HTML("")
        self.start_button = w.Button(
            description="Start my next game",
            button_style="primary",
            tooltip="sit down at the table your teacher made for you and your classmate",
            layout=w.Layout(width="auto", display="none"),
        )
        self.start_button.on_click(lambda _b: self._act(self.start_next))
        self._next_table: str | None = None
        self._watching: asyncio.Task[None] | None = None
        self.join_button.on_click(lambda _b: self._act(self._on_join))
        self.open_button.on_click(lambda _b: self._act(self.open_table))
        self.sit_button.on_click(lambda _b: self._act(self._on_sit))
        self.refresh_button.on_click(lambda _b: self._act(self.refresh))
        self.leave_button.on_click(lambda _b: self._act(self.leave))
        self.close_button.on_click(lambda _b: self._act(self.close))
        self.widget = w.VBox(
            [
                w.HTML('<b style="font-size:15px">Play a classmate</b>'),
                w.HBox([self.class_box, self.nick_box], layout=w.Layout(flex_flow="row wrap")),
                w.HBox(
                    [self.join_button, self.open_button, self.refresh_button],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                self.tables,
                w.HBox(
                    [self.code_box, self.sit_button, self.leave_button, self.close_button],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                w.HBox(
                    [self.next_game, self.start_button],
                    layout=w.Layout(flex_flow="row wrap", align_items="center"),
                ),  # fmt: skip
                self.big_code,
                self.undo_row,
                self.status,
            ],  # fmt: skip
            layout=w.Layout(border="1px solid #d1d5db", padding="6px", margin="10px 0 0 0"),
        )
        self.widget.add_class("gamekit-classmate")

    @property
    def store(self) -> Store:
        if self._store is None:
            self._store = class_store()
        return self._store

    def _say(self, text: str, ok: bool = True) -> None:
        self.status.value = status_html(text, ok)

    def _act(self, action: Any) -> None:
        """Run a button's action: a refusal or a fault is said in the status line."""
        try:
            action()
        except StoreError as error:
            self._say(upper_first(str(error)) + ".", False)
        except (TypeError, ValueError) as error:
            self._say(f"That did not work: {shown(str(error), 200)}", False)

    # -- actions ---------------------------------------------------------------------------
    def _on_join(self) -> None:
        self.join(self.class_box.value, self.nick_box.value)

    def join(self, class_code: str, nickname: str) -> None:
        """Join the class as ``nickname``; one already taken is refused, unless the table
        code is given too and that nickname sits there (coming back: it sits down again).

        Raises:
            StoreError: a wrong class code, a nickname that is not one or is taken.
        """
        try:
            self.student = self.store.join(class_code, nickname)
        except StoreError as error:
            code = self.code_box.value.strip()
            if "is taken" not in str(error) or not code:
                raise
            student = self.store.back(class_code, nickname)
            info = self.store.table(student.class_code, code)
            if student.nickname not in info.seated:
                raise
            self.student = student
            self._joined()
            self.sit(code)
            return
        self._joined()
        self.refresh()
        self._say(
            f"You are {self.student.nickname} in class {self.student.class_code}. Open a table, "
            "or sit at a classmate's."
        )

    def _joined(self) -> None:
        joined_as(self._need_student(), self.store)  # this page's puzzles count for them too
        self.open_button.disabled = self.sit_button.disabled = False
        self.refresh_button.disabled = self.tables.disabled = False
        self.class_box.disabled = self.nick_box.disabled = True
        self.check_next_game()
        self._watch()

    def check_next_game(self) -> None:
        """Show the student's next game in a class experiment, if the teacher dealt one
        (with *Start my next game* when it is this board's game)."""
        student = self.student
        found = None if student is None else self.store.assignment(student)
        at = self.board.table.code if self.board.table is not None else None
        if found is None or found.table == at:
            self.next_game.value, self._next_table = "", None
            self.start_button.layout.display = "none"
            return
        here = found.game == self.board.rules.game
        where = "" if here else f" Open the {facts(found.game).title} app to play it."
        self.next_game.value = (
            f'<div role="status" aria-live="polite" style="font-size:15px;font-weight:600">'
            f"{html.escape(found.words() + where)}</div>"
        )
        self._next_table = found.table if here else None
        self.start_button.layout.display = None if here else "none"

    def start_next(self) -> None:
        """Sit down at the table of the student's next game."""
        if self._next_table is None:
            raise StoreError("your teacher has dealt you no game of this board yet")
        if self.board.table is not None:
            self.leave()
        self.sit(self._next_table)
        self.check_next_game()

    def _watch(self) -> None:
        """Look for a next game every 2 seconds while the board lives (in a kernel's event
        loop; nothing to do without one)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        if self._watching is None:
            self._watching = loop.create_task(self._look())

    async def _look(self) -> None:
        while True:
            await asyncio.sleep(2.0)
            try:
                self.check_next_game()
            except Exception:  # noqa: BLE001 - a fault here never stops the board; looked at again
                continue

    def _need_student(self) -> Student:
        if self.student is None:
            raise StoreError("join your class first: its code and a nickname")
        return self.student

    def refresh(self) -> None:
        """List the class's open tables of this game."""
        student = self._need_student()
        game = self.board.rules.game
        found = [t for t in self.store.open_tables(student.class_code) if t.game == game]
        self.tables.options = [(_table_words(t), t.code) for t in found]
        if not found:
            self.tables.options = [("No open table of this game yet: open one.", "")]

    def open_table(self) -> None:
        """Open a table of this game, with the board's rules, and sit the student at it."""
        student = self._need_student()
        rules = self.board.rules.to_dict()
        info = self.store.open_table(student, self.board.rules.game, rules)
        self.sit(info.code)

    def _on_sit(self) -> None:
        code = self.code_box.value.strip() or (self.tables.value or "")
        if not code:
            raise StoreError("choose a table in the list, or type its code")
        self.sit(code)

    def sit(self, code: str) -> None:
        """Sit at table ``code``: the board becomes that table's board."""
        student = self._need_student()
        seat_board(self.board, self.store, student, code)
        self.seated_code = self.board.table.code
        self.big_code.value = (
            '<div style="font-size:15px">Your table: <span class="gamekit-table-code" '
            'style="font-size:40px;font-weight:700;letter-spacing:6px">'
            f"{html.escape(self.seated_code)}</span><br>Tell your classmate this code.</div>"
        )
        self.open_button.disabled = True
        self.leave_button.layout.display = self.close_button.layout.display = None
        self.board.table.on_news = self._on_news
        self._say(
            f"You sit at table {self.seated_code} as {student.nickname} "
            f"({self.board.seat_label(self.board.rules.seats[self.board.table.seat])})."
        )

    def leave(self) -> None:
        """Stand up from the table (the seat stays the student's: they may sit down again);
        the board starts a game of its own."""
        table = self.board.table
        if table is None:
            raise StoreError("you are not at a table")
        table.stop()
        self.board.table = None
        self.board.new_game(self.board.rules)
        self.board._log_cache = {}
        self.big_code.value = ""
        self.leave_button.layout.display = self.close_button.layout.display = "none"
        self.open_button.disabled = False
        self.seated_code = None
        self._say(f"You left table {table.code}. Its code sits you down there again.")

    def close(self) -> None:
        """Close the table (once its game is over, or after 10 minutes without a move):
        it leaves the list for good, and the board is the student's own again.

        Raises:
            StoreError: a game still going on at a live table, or no table.
        """
        table = self.board.table
        if table is None:
            raise StoreError("you are not at a table")
        self.store.close_table(self._need_student(), table.code)
        self.leave()
        self._say(f"Table {table.code} is closed.")

    def _on_news(self, info: TableInfo) -> None:
        """Show Accept and Refuse while a classmate's request to take moves back waits."""
        table = self.board.table
        asked = info.undo_asked
        waiting = asked is not None and table is not None and asked[0] != table.seat
        self.undo_row.layout.display = None if waiting else "none"

    def _answer(self, accept: bool) -> None:
        table = self.board.table
        if table is None:
            raise StoreError("you are not at a table")
        table.answer_undo(accept)
        self.undo_row.layout.display = "none"
