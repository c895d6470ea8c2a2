"""A board at a class table: two (or more) classmates play one game from their own screens.

:func:`sit_at` gives a student the board of a table of the class store
(:mod:`gamekit.store`): the game's own board (through the registry: every game with more
than one seat, a learner's included), showing the table's game as it stands. The board
keeps everything it does (clicks, keys, words, the fault bar) and adds the table
(:class:`AtTable`):

- a move made on this board is sent to the store first, which decides (the student's seat,
  the turn, the rules); only a stored move is shown, and a refused one is said in words;
- the others' moves come from the store (:meth:`AtTable.poll`, every quarter second in a
  notebook or Voilà page) and show as a computer's move does: the log line, the sentence
  for a screen reader, the last-move mark;
- who is at the table and who has left is said on the turn line.

>>> import tempfile
>>> from gamekit.store import ClassStore
>>> store = ClassStore(folder=tempfile.mkdtemp(), seed=2)
>>> code = store.new_class("7B")
>>> ada, bo = store.join(code, "Ada"), store.join(code, "Bo")
>>> table = store.open_table(ada, "coffee", {"board": "square", "size": 4, "n": 3})
>>> mine, theirs = sit_at(store, ada, table.code), sit_at(store, bo, table.code)
>>> mine.type_move("b2|"); theirs.table.poll()
1
>>> theirs.move_log[-1].words
'Ada put a black stone on b2 and laid the rod vertically.'
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from gamekit.errors import shown
from gamekit.game import part, player_index
from gamekit.store import ABANDONED, Store, StoreError, Student

__all__ = ["AtTable", "sit_at", "seat_board", "POLL_SECONDS"]

#: How often a board at a table asks the store whether anything happened there.
POLL_SECONDS = 0.25
#: How often it reads the whole table even if nothing happened (a table left alone for
#: ten minutes says so).
REREAD_SECONDS = 15.0


class AtTable:
    """The table a board is at: the store, the student and their seat (see the module's
    description). Made by :func:`sit_at`."""

    def __init__(self, board: Any, store: Store, student: Student, code: str) -> None:
        self.board, self.store, self.student = board, store, student
        self.code = code.strip().upper()
        self.seat = store.sit(student, self.code)
        self.info = store.table(student.class_code, self.code)
        self._task: Any = None
        #: True while :meth:`poll` shows stored moves (which are not sent again).
        self.relaying = False
        #: Called with the table's news after every poll (the "Play a classmate" panel).
        self.on_news: Any = None
        self._version: tuple[int, Any] | None = None
        self._read = 0.0

    def __repr__(self) -> str:
        return f"AtTable({self.code}, {self.student.nickname}, seat {self.seat})"

    # -- who -------------------------------------------------------------------------------
    def nickname(self, seat: str | None, state: Any = None) -> str | None:
        """The nickname of who plays ``seat`` in ``state`` (``None``: a free seat)."""
        if seat is None:
            return None
        state = self.board.state if state is None else state
        return self.info.seated[player_index(state, seat)]

    def mine(self, seat: str | None, state: Any = None) -> bool:
        """Whether ``seat`` is this student's in ``state`` (after a pie-rule swap the
        players have exchanged colours)."""
        if seat is None:
            return False
        state = self.board.state if state is None else state
        return player_index(state, seat) == self.seat

    def waiting_for(self) -> str:
        """Why this student cannot move now, in words ("" if they can)."""
        state = self.board.state
        if self.info.closed:
            return f"Table {self.code} is closed."
        if state.outcome is not None:
            return ""
        if self.info.abandoned() and not self.mine(state.to_move, state):
            return (
                f"Nobody has moved at table {self.code} for "
                f"{int(ABANDONED.total_seconds() // 60)} minutes: you may close it "
                "(Close the table, under Play a classmate)."
            )
        if None in self.info.seated:
            return f"Waiting for a classmate to sit down at table {self.code}."
        if not self.mine(state.to_move, state):
            who = self.nickname(state.to_move, state)
            away = (
                ""
                if self.info.present[player_index(state, state.to_move)]
                else " (they have left the table)"
            )
            return f"It is {who}'s turn: wait for their move{away}."
        return ""

    # -- moves -----------------------------------------------------------------------------
    def send(self, move: Any) -> None:
        """Store this student's ``move`` (it is shown only once stored).

        Raises:
            StoreError: the store refused it (the words say why); nothing changed.
        """
        self.store.play(self.student, self.code, str(move))

    def poll(self) -> int:
        """Bring the board up to the table: its classmates' new moves, who sits and who has
        left. Returns how many moves came."""
        board = self.board
        before = self.info
        try:
            version = self.store.version(self.student.class_code, self.code)
            now = time.monotonic()
            if version == self._version and now - self._read < REREAD_SECONDS:
                return 0  # nothing happened at the table
            self._version, self._read = version, now
            self.info = self.store.table(self.student.class_code, self.code)
            new = self.store.moves(self.student.class_code, self.code, since=len(board._moves))
        except StoreError as error:
            board._say(str(error), False)
            return 0
        news = self._news(before, self.info)
        if self.info.moves < len(board._moves):  # moves taken back, for everyone
            taken = len(board._moves) - self.info.moves
            while len(board._moves) > self.info.moves:
                board._take_back()
            board._redo, board._redo_by_computer = [], []
            board._clear_choice()
            news.insert(0, f"{taken} move{'s' if taken != 1 else ''} taken back.")
            new = self.store.moves(self.student.class_code, self.code, since=len(board._moves))
        came = self._show(new)
        if came:
            board._clear_choice()
            entries = board.move_log[-came:]
            board._say(" ".join([*(e.words for e in entries[-3:]), *news]), True)
        elif news:
            board._say(" ".join(news), True)
        elif board._built:
            board._refresh()
        return came

    def _show(self, stored: list[Any]) -> int:
        """Put stored moves (the next ones, in order) on the board, each marked as this
        student's or another's, without sending them again; returns how many."""
        board, came = self.board, 0
        self.relaying = True
        try:
            for played in stored:
                if played.ply != len(board._moves):
                    break
                move = part(board.state, "move").parse(played.move)
                board._push(move, computer=played.seat != self.seat)
                came += 1
        finally:
            self.relaying = False
        return came

    def _news(self, before: Any, now: Any) -> list[str]:
        """Who sat down, left or came back since ``before``, in words (not this student)."""
        out = []
        for seat, (was, who) in enumerate(zip(before.seated, now.seated, strict=True)):
            if seat == self.seat or who is None:
                continue
            if was is None:
                out.append(f"{who} sat down at table {self.code}.")
            elif before.present[seat] and not now.present[seat]:
                out.append(f"{who} has left the table.")
            elif not before.present[seat] and now.present[seat]:
                out.append(f"{who} is back at the table.")
        if now.closed and not before.closed:
            out.append(f"Table {self.code} is closed.")
        asked = now.undo_asked
        if asked is not None and asked != before.undo_asked and asked[0] != self.seat:
            who = now.seated[asked[0]]
            out.append(
                f"{who} asks to take back their last move: Accept or Refuse, under Play a "
                "classmate."
            )
        was = before.undo_asked
        if was is not None and asked is None and was[0] == self.seat and now.moves > was[1]:
            out.append("Your request was refused: your move stays.")
        if self.on_news is not None:
            self.on_news(now)
        return out

    def ask_undo(self) -> str:
        """Ask the others to take back this student's last move; the words to show."""
        count = self.store.ask_undo(self.student, self.code)
        self.info = self.store.table(self.student.class_code, self.code)
        others = " and ".join(n for k, n in enumerate(self.info.seated) if n and k != self.seat)
        moves = f"{count} move{'s' if count != 1 else ''}"
        return f"You asked {others} to take back your last move ({moves}): waiting for an answer."

    def answer_undo(self, accept: bool) -> None:
        """Accept or refuse a classmate's request to take moves back."""
        self.store.answer_undo(self.student, self.code, accept)
        if not accept:
            self.board._say("You refused: the moves stay.", True)
        self.poll()

    def start(self) -> None:
        """Ask the store every :data:`POLL_SECONDS` while the board lives (in a running
        event loop: a notebook's or Voilà's kernel); nothing to do without one."""
        try:
            loop = asyncio.get_running_loop()  # a kernel runs one while it runs a cell
        except RuntimeError:
            return  # plain Python: poll() by hand
        if self._task is None:
            self._task = loop.create_task(self._run())

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(POLL_SECONDS)
            try:
                self.poll()
            except Exception as error:  # keep the board alive: say it, try again later
                self.board._say(f"The table could not be read: {shown(str(error), 120)}", False)

    def stop(self) -> None:
        """Stop asking the store (the student leaves the table for now)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self.store.leave(self.student, self.code)


def seat_board(board: Any, store: Store, student: Student, code: str) -> AtTable:
    """Make ``board`` the board of table ``code`` for ``student``, in place: no computer,
    the table's rules, its moves so far (the others' marked as theirs), and the store asked
    for news from now on. Returns the table.

    Raises:
        StoreError: no such table, a full one or a closed one; the board is unchanged.
    """
    state = store.state(student.class_code, code)
    table = AtTable(board, store, student, code)  # sits down first: a refusal changes nothing
    stored = store.moves(student.class_code, code)
    if board.table is not None:
        board.table.stop()
    board.table = None
    board.opponent = None
    board.new_game(state.rules)
    board.table = table
    table._show(stored)
    board._log_cache = {}
    if board._built:
        board._refresh()
    table.start()
    return table


def sit_at(store: Store, student: Student, code: str, **options: Any) -> Any:
    """The board of table ``code`` for ``student``, seated there (the seat they had, else a
    free one) and showing the table's game as it stands; ``options`` go to the board
    (``width=``).

    Raises:
        StoreError: no such table, a full one, a closed one (in words).
        TypeError: the table's game has no board (neither its own nor a grid).
    """
    if "opponent" in options or "rules" in options or "record" in options:
        raise TypeError("a board at a table takes no opponent, rules or record: the table decides")
    rules = store.state(student.class_code, code).rules
    board = part(rules, "board")(rules, **options)
    seat_board(board, store, student, code)
    return board
