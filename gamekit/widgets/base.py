"""What every clickable board shares: the game so far, the record, the computer opponent,
the words a player reads (goal, turn line, move log, game-over banner, score panel), the
layout, and how a board shows itself in a notebook.

A board keeps the states of its game (``_states``, the start first) and the moves that led
to them (``_moves``), plus the moves taken back (``_redo``); the rules decide everything
else. A subclass builds its controls, hands them to :meth:`GameBoard._assemble` (which puts
the board and a side panel side by side), and defines ``__repr__``, ``type_move(text)`` and
``_refresh()`` (redraw everything from ``self.state``; it ends with
``self._refresh_panel()``, which redraws the side panel).

The hooks a board defines (all optional, with defaults):

- ``goal`` (one line: how to win) or ``goal_text()`` when it depends on the rules;
- ``lesson``: the file name of the game's first lesson, linked beside the goal;
- ``describe(before, move, after)``: one move in plain words for the log (the default says
  "Black played e5|"); :meth:`GameBoard.actor` and :meth:`GameBoard.person` name the
  players as the viewer knows them ("You", "The computer", "Black");
- ``score_html()``: a score panel ("" for none);
- ``instruction()``: what to do now, after the turn line ("click a cell for your stone");
- ``banner_text()``: the game-over words and their tone, if the default (who won, the
  reason, the scores) does not fit;
- ``_clear_choice()``: forget a half-made move (undo, redo and new games call it);
- ``_computer_choice(state)``: the computer's move (default: its player's choice).

A board holds its computer opponent as an object, ``board.computer`` (a
:class:`~gamekit.widgets.computer.Computer`: its level, seats and menus), and shows its
settings as its own ``opponent`` and ``computer_plays``. The computer moves through
``board.computer.turn()``; a move goes into the history with :meth:`GameBoard._push`
(``computer=True`` for the computer's), which also feeds the log. A board lists the public
methods by which a person makes (part of) a move in ``person_actions``; while the computer
is to move, each of them is refused in one place (``board.computer.owes_a_move()``), and the
computer moves first. A computer player
that raises or returns an illegal move is stopped (the menu goes back to nobody) and the
message line says why: the board never waits for ever.
"""

from __future__ import annotations

import base64
import dataclasses
import functools
import numbers
import os
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import ipywidgets as w
import numpy as np

from gamekit.checks import whole
from gamekit.errors import GamekitError, VariantRuleError, shown
from gamekit.game import facts, lineage, part
from gamekit.records import Record
from gamekit.store import StoreError
from gamekit.text import join_words as _join
from gamekit.text import upper_first as _upper_first
from gamekit.widgets.computer import NOBODY, Computer  # noqa: F401  (NOBODY: its old path)
from gamekit.widgets.history import States
from gamekit.widgets.log import LogEntry, MoveLog, count, some_moves
from gamekit.widgets.panel import _LOG_HEIGHT, LOG_PAGE, Panel  # noqa: F401  (LOG_PAGE: its old path)
from gamekit.widgets.parts import BoardParts
from gamekit.widgets.puzzle import PuzzleMode
from gamekit.widgets.view import BoardView

__all__ = ["GameBoard", "LogEntry", "board_seed", "folding"]

#: New deals are numbers below this (what a board's seed box can show).
MAX_DEAL = 10**9


def board_seed(seed: Any) -> int | None:
    """A board's ``seed`` checked: ``None`` or a whole number of 0 or more.

    >>> board_seed(3), board_seed(None)
    (3, None)

    Raises:
        TypeError: ``seed`` is not a whole number (or ``None``).
        ValueError: ``seed`` is negative.
    """
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise TypeError(f"seed must be a whole number or None, not {shown(seed)}")
    if seed < 0:
        raise ValueError(f"seed must be 0 or more, not {seed}")
    return int(seed)


def folding(title: str, body: w.Widget) -> w.VBox:
    """``body`` under a button that shows or hides it (hidden at first): a part of a board
    that folds away, reached and opened by keyboard too (Tab, then Enter or Space), which
    ipywidgets' Accordion header is not.

    >>> box = folding("More", w.HTML("hello"))
    >>> toggle, body = box.children
    >>> body.layout.display, toggle.value
    ('none', False)
    >>> toggle.value = True
    >>> body.layout.display is None, toggle.icon
    (True, 'caret-down')
    """
    toggle = w.ToggleButton(
        value=False,
        description=title,
        icon="caret-right",
        tooltip=f"show or hide: {title}",
        layout=w.Layout(width="100%"),
    )
    toggle.add_class("gamekit-folding")
    body.layout.display = "none"

    def flip(change: dict[str, Any]) -> None:
        body.layout.display = None if change["new"] else "none"
        toggle.icon = "caret-down" if change["new"] else "caret-right"

    toggle.observe(flip, names="value")
    return w.VBox([toggle, body])


#: The longest message line a board shows, in characters.
MESSAGE_CHARS = 1000


class GameBoard(BoardParts):
    """Base of the game boards: history, record, computer opponent, side panel, display.

    Not used alone: each game's board (:class:`~gamekit.widgets.CoffeeBoard` …) builds on
    it and defines the hooks listed in this module's description.
    """

    #: One line: how to win, in plain words (or override :meth:`goal_text`).
    goal: ClassVar[str] = ""
    #: The file name of the game's first lesson (``"01_coffee_rules.ipynb"``), or "".
    lesson: ClassVar[str] = ""
    #: Other lessons the goal line links: (file name, the words of the link).
    goal_lessons: ClassVar[tuple[tuple[str, str], ...]] = ()
    #: Whether the log shows each move's notation beside its words (a game whose notation
    #: says nothing to a player, Hex Tiles', keeps it in the row's tooltip only).
    log_notation: ClassVar[bool] = True
    #: The public methods by which a person makes (part of) a move: while the computer is
    #: to move, each is refused and the computer moves first.
    person_actions: ClassVar[tuple[str, ...]] = ("click", "type_move")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name in cls.person_actions:
            method = getattr(cls, name, None)
            if callable(method) and not getattr(method, "_person_action", False):
                setattr(cls, name, _person_action(method))

    _states: States
    _moves: list[str]
    _redo: list[str]
    # Made by each game's board (the hooks in this module's description):
    widget: Any
    hint_toggle: Any
    move_box: Any
    if TYPE_CHECKING:  # made by each game's board
        attempt: Any

        def _refresh(self) -> None: ...

    #: The picture's transform (drawing units to the SVG's), once drawn.
    _transform: Any = None
    # Until the board is built and has said something:
    _built: bool = False
    _message_serial: int = 0
    _ok: bool = True
    message: str = ""
    #: The class table the board is at (:class:`gamekit.widgets.table.AtTable`), or None.
    table: Any = None

    def __repr__(self) -> str:
        k = len(self._moves)
        return f"<{type(self).__name__} {self.rules.game}: {count(k, 'move')}>"

    # -- history -------------------------------------------------------------------------
    def _load(self, rules: Any, record: Record | None, default_rules: type) -> None:
        """Start from ``rules`` (a new game) or ``record`` (a saved one, replayed)."""
        if record is None:
            record = Record(rules if rules is not None else default_rules(), [])
        elif rules is not None and rules != record.rules:
            raise ValueError("give either rules or a record, or a record with the same rules")
        kept = record._replay()  # checked, and only the positions a board keeps
        moves = list(record.moves)
        self._history(States.replayed(kept[0], moves, kept), moves)

    def _check_new_rules(self, rules: Any) -> None:
        """Refuse ``rules`` that are not this board's game (or a variant of it) before the
        game on the board is touched.

        Raises:
            TypeError: ``rules`` are not rules of this board's game.
        """
        game = lineage(self.rules)[-1]
        if isinstance(rules, type) or game not in _lineage_or_none(rules):
            raise TypeError(
                f"rules must be {game} rules (or a variant's) for this board, not "
                f"{shown(rules)}; the game on the board is kept"
            )

    def _restart(self, rules: Any) -> None:
        """A new game with ``rules``: no moves, nothing to redo.

        Raises:
            ValueError: the board is at a class table (the game there is the table's).
        """
        if self.table is not None:
            raise ValueError(self._at_table_words())
        self._check_new_rules(rules)
        moves: list[str] = []
        self._history(States(rules.start(), moves), moves)

    def _history(self, states: States, moves: list[str]) -> None:
        """The game on the board from now: ``states`` (the start first) and the ``moves``
        between them, played by people; nothing to redo, nothing worded yet."""
        self._moves, self._states, self._redo = moves, states, []
        self._by_computer: list[bool] = [False] * len(moves)
        self._redo_by_computer: list[bool] = []
        self._log_cache: dict[int, tuple[Any, Any, LogEntry]] = {}

    def _push(self, move: Any, *, computer: bool = False) -> Any:
        """Play ``move`` (legal: check first) into the history; forgets the moves taken
        back. ``computer`` marks the computer's moves (for the log and the highlight).
        Returns the new state."""
        after = self.state.play(move)
        if self.table is not None and not computer and not self.table.relaying:
            self.table.send(move)  # stored first (the store may refuse): then shown
        self.log_page = 0  # the log shows the newest moves again
        self._states.append(after)
        self._moves.append(str(move))
        self._align_flags(len(self._moves) - 1)
        self._by_computer.append(computer)
        self._redo, self._redo_by_computer = [], []
        return after

    def _back_to(self, moves: int, redo: list[str], redo_flags: list[bool]) -> None:
        """The history as it was with ``moves`` moves and that redo list (an action that
        failed half-way leaves nothing behind)."""
        del self._states[moves + 1 :], self._moves[moves:]
        self._align_flags(moves)
        self._redo, self._redo_by_computer = redo, redo_flags
        self._clear_choice()

    def _align_flags(self, n: int | None = None) -> None:
        """Make the computer flags ``n`` long (default: as many as the moves); a board that
        appends moves itself gets its moves counted as a person's."""
        flags = self._by_computer
        n = len(self._moves) if n is None else n
        del flags[n:]
        flags.extend([False] * (n - len(flags)))

    def _take_back(self) -> str:
        """Undo one move (it can be redone); returns it."""
        move = self._moves.pop()
        self._states.pop()
        flags = self._by_computer
        computer = flags.pop() if len(flags) > len(self._moves) else False
        del flags[len(self._moves) :]
        self._redo.append(move)
        del self._redo_by_computer[len(self._redo) - 1 :]
        self._redo_by_computer.append(computer)
        return move

    def _replay(self) -> str:
        """Redo the last move taken back; returns it."""
        move = self._redo.pop()
        redo_flags = self._redo_by_computer
        computer = redo_flags.pop() if len(redo_flags) > len(self._redo) else False
        self._states.append(self.state.play(move))
        self._moves.append(move)
        self._align_flags(len(self._moves) - 1)
        self._by_computer.append(computer)
        return move

    # -- building a board: the shared controls ---------------------------------------------
    def _begin(
        self,
        rules: Any,
        record: Record | None,
        puzzle: Any,
        seed: Any,
        default_rules: Callable[[], Any],
        *,
        deal: bool = False,
        **given: Any,
    ) -> bool:
        """The first step of every board's constructor: ``seed`` checked, then the game to
        show: ``puzzle`` (given with no ``rules``, ``record`` or other ``given`` argument),
        a saved ``record``, or ``rules`` (``default_rules()`` if none; with ``deal``, rules
        that leave the deal open get one from the board's generator, seeded by ``seed``).
        Returns whether the board shows a puzzle (then it shows no hints)."""
        self._seed = board_seed(seed)
        self.computer = Computer(self, self._seed)
        self._default_rules = default_rules
        record = _record_of(record)
        game = lineage(default_rules)[-1]
        for what, given_rules in (("rules", rules), ("record", getattr(record, "rules", None))):
            if given_rules is not None and game not in _lineage_or_none(given_rules):
                raise TypeError(
                    f"{type(self).__name__} plays {game}: {what} must be {game}'s (or a variant "
                    f"of them), not {shown(given_rules)}"
                )
        if deal:
            self._rng = np.random.default_rng(self._seed)
        self.message, self._ok = "", True
        if puzzle is not None:
            game = lineage(default_rules)[-1]
            self.puzzle_mode = PuzzleMode(self, puzzle, game, rules=rules, record=record, **given)
            return True
        if deal and record is None:
            rules = self._dealt(rules)
        self._load(rules, record, default_rules)  # type: ignore[arg-type]
        return False

    def _dealt(self, rules: Any) -> Any:
        """``rules`` (the game's default rules if ``None``) with a deal: if they leave it
        open, a new one from the board's own generator (a number a seed box can show)."""
        rules = self._default_rules() if rules is None else rules
        if rules.seed is None:
            rules = dataclasses.replace(rules, seed=int(self._rng.integers(MAX_DEAL)))
        return rules

    def _board_view(self, width: int, label: str = "game board") -> BoardView:
        """The clickable picture (``self.view``), its clicks sent to ``_on_svg_click``."""
        width = whole(width, "width (the board's size in pixels)", 120, 4000)
        self.view = BoardView(width=width, label=label)
        self.view.on_click(self._on_svg_click)  # type: ignore[attr-defined]
        self.view.on_pick(self._on_pick)
        return self.view

    def _on_pick(self, place: str) -> None:
        """Enter or Space with the keyboard's ring on ``place``: what a click there does."""
        self.click(place)  # type: ignore[attr-defined]

    def _key_targets(self) -> dict[str, tuple[float, float]]:
        """The places the keyboard's ring moves over, name -> centre in drawing units
        (before the picture's transform). Hook: the default is none."""
        return {}

    def _target_words(self) -> dict[str, str]:
        """What is on each place, in words, said when the ring comes to it ("e5: a black
        stone"). Hook: the default says the place's name."""
        return {name: name for name in self._key_targets()}

    #: A board's own keys, beside the arrows, Enter and Space: ``(keys, what they do)``.
    extra_keys: ClassVar[tuple[tuple[str, str], ...]] = ()

    def keys_help(self) -> str:
        """The help line under the board: every key it answers, in words."""
        parts = [
            "Keys (Tab to the board): the arrows move the ring over the board"
            + (", Shift+arrow the other way on a hexagonal board" if self._hexagonal() else ""),
            "Enter or Space clicks where the ring is",
            *(f"{keys} {what}" for keys, what in self.extra_keys),
            "Tab goes on to the buttons",
        ]
        return "; ".join(parts) + "."

    def _hexagonal(self) -> bool:
        """Whether the board's places lie on a hexagonal grid (hook)."""
        return False

    def _hint_control(
        self, hints: bool, tip: str, description: str = "Hints", width: str | None = None
    ) -> w.ToggleButton:
        """The hint toggle (``self.hint_toggle``): redraws the board when switched."""
        layout = w.Layout(width=width) if width else w.Layout()
        self.hint_toggle = w.ToggleButton(
            value=hints, description=description, icon="lightbulb-o", tooltip=tip, layout=layout
        )
        self.hint_toggle.observe(lambda _c: self._refresh(), names="value")
        return self.hint_toggle

    def _move_controls(self, placeholder: str, tip: str, width: str) -> w.HBox:
        """The move box (``self.move_box``: a move typed and Enter) and its Play button
        (``self.play_button``), side by side."""
        self.move_box = w.Text(
            placeholder=placeholder,
            description="Move",  # its label, for a screen reader and on the screen
            style={"description_width": "initial"},
            continuous_update=False,
            tooltip=tip,
            layout=w.Layout(width=width),
        )
        self.move_box.observe(self._on_typed, names="value")
        self.play_button = w.Button(
            description="Play",
            tooltip="play the move typed in the box",
            layout=w.Layout(width="70px"),
        )
        self.play_button.on_click(lambda _b: self._on_typed({"new": self.move_box.value}))
        return w.HBox([self.move_box, self.play_button])

    def _new_game_button(self, tip: str) -> w.Button:
        """The New game button (``self.new_button``): a game from the board's settings."""
        self.new_button = w.Button(description="New game", button_style="primary", tooltip=tip)
        self.new_button.on_click(lambda _b: self._on_new_button())
        return self.new_button

    def _at_table_words(self) -> str:
        code = getattr(self.table, "code", "")
        return (
            f"You are at table {code}: the game there goes on. Leave the table (under Play a "
            "classmate) to start a game of your own."
        )

    def _on_new_button(self) -> None:
        if self.table is not None:
            return self._say(self._at_table_words(), False)
        self._new_from_controls()  # type: ignore[attr-defined]

    def _history_buttons(self) -> None:
        """The Undo and Redo buttons (``self.undo_button``, ``self.redo_button``)."""
        self.undo_button = w.Button(
            description="Undo",
            icon="undo",
            tooltip="take back your last move (and the computer's answer)",
            layout=w.Layout(width="90px"),
        )
        self.redo_button = w.Button(
            description="Redo",
            icon="repeat",
            tooltip="play again the move you took back",
            layout=w.Layout(width="90px"),
        )
        self.undo_button.on_click(lambda _b: self.undo())
        self.redo_button.on_click(lambda _b: self.redo())

    def undo(self) -> None:
        """Take back the last move; against the computer, its answer and your move."""
        if self.puzzle_mode is not None:
            return self._say("In a puzzle, Try again puts the start position back.", False)
        if self.table is not None:  # at a class table: the others decide
            try:
                return self._say(self.table.ask_undo(), True)
            except StoreError as err:
                return self._say(_upper_first(str(err)) + ".", False)
        if not self._moves:
            return self._say("Nothing to undo.", False)
        log = self.move_log
        taken: list[LogEntry] = []
        while self._moves:
            taken.append(log[len(self._moves) - 1])
            self._take_back()
            if not self.computer.to_move():
                break
        self._clear_choice()
        words = some_moves(list(reversed(taken)))
        self._say(f"Took back {count(len(taken), 'move')}: {words}.", True)
        if self.computer.to_move():  # back to the start, the computer opening
            self.computer.turn()

    def redo(self) -> None:
        """Play again the last move taken back (and the computer's answer to it)."""
        if self.puzzle_mode is not None:
            return self._say("In a puzzle, Try again puts the start position back.", False)
        if self.table is not None:
            return self._say("At a class table a move taken back is gone: play it again.", False)
        if not self._redo:
            return self._say("Nothing to redo.", False)
        again = 0
        while self._redo:
            self._replay()
            again += 1
            if not self.computer.to_move():
                break
            flags = self._redo_by_computer
            if not (flags and len(flags) == len(self._redo) and flags[-1]):
                break  # a person's move at the computer's turn: the computer plays instead
        self._clear_choice()
        words = some_moves(self.move_log[-again:])
        self._say(f"Played {count(again, 'move')} again: {words}.", True)
        if self.computer.to_move():  # the moves taken back did not include its answer
            self.computer.turn()

    def _clear_choice(self) -> None:
        """Forget a half-made move (a chosen cell, selected tokens …). Hook."""

    # -- a typed move ----------------------------------------------------------------------
    def type_move(self, text: str) -> None:
        """Play a typed move, read by the game's own move part (``game.part(rules, "move")``);
        a move the rules refuse is not played, and their words say why. In a puzzle, the
        typed answer is the puzzle's (cells, a choice, or a move graded).

        >>> from gamekit.widgets import CoffeeBoard
        >>> board = CoffeeBoard()
        >>> board.type_move("e5|"); board.move_log[-1].words
        'Black put a stone on e5 and laid the rod vertically.'
        """
        text = (text or "").strip()
        if not text or self._puzzle_typed(text):
            return
        parts = self._typed_parts(text)
        if len(parts) > 1:
            for piece in parts:
                self.type_move(piece)
                if not self._ok or (self.puzzle_mode is not None and self.puzzle_mode.graded):
                    break
            return
        if not self._puzzle_gate():
            return
        try:
            move = self._read_move(text)
        except GamekitError as err:
            return self._say(str(err), False)
        self._typed_move(move)

    def _typed_parts(self, text: str) -> list[str]:
        """The moves one typed text holds, in order (hook: one; a GIPF push and its removals
        are several)."""
        return [text]

    def _read_move(self, text: str) -> Any:
        """``text`` as the game's move (its ``move`` part's ``parse``; the kit's reads the
        text as it is).

        Raises:
            GamekitError: the text is no move of the game's notation (the words say why).
        """
        return part(self.state, "move").parse(text)

    def _typed_move(self, move: Any) -> None:
        """A typed move, read: in a puzzle, the answer (graded); else played if the rules
        allow it, or refused in their words. Hook, for a board whose moves are made in
        steps."""
        if self.puzzle is not None:
            return self._puzzle_answer(move, attempt=self._attempt_at(move))
        try:
            reason = self.state.why_illegal(move)
        except GamekitError as err:
            return self._say(str(err), False)
        if reason is not None:
            self.attempt = self._attempt_at(move)
            return self._say(self._refusal(move, reason), False)
        self._play(move)

    def _attempt_at(self, move: Any) -> Any:
        """What the picture marks where a refused ``move`` was tried (hook: nothing)."""
        return None

    def _refusal(self, move: Any, reason: str) -> str:
        """The rules' refusal of ``move`` as the board says it (hook: their own words)."""
        return reason

    def _play(self, move: Any) -> None:
        """Play a person's legal ``move`` (in a puzzle: the answer, graded), say it, and let
        the computer answer. Hook, for a board with more to reset after a move."""
        if self.puzzle is not None:
            return self._puzzle_answer(move)
        self._push(move)
        self._clear_choice()
        self._say(self.move_log[-1].words, True)
        self.computer.turn()

    def _on_typed(self, change) -> None:
        """A move typed in the move box (on Enter): played, or refused with the reason. A
        legal move's text is cleared before the board changes, so a learner who types on
        loses nothing; a refused one stays in the box, to be corrected."""
        text = change["new"]
        if not text:
            return
        try:
            legal = self.state.why_illegal(text) is None
        except GamekitError:
            legal = False  # not one move: a GIPF push with its removals, a puzzle's answer …
        if legal:
            self.move_box.value = ""
        self.type_move(text)
        if not legal and self._ok:
            self.move_box.value = ""

    def play_moves(self, moves) -> None:
        """Play several moves in a row, as if typed (a lesson's way to set up a position);
        stops at the first refused one, whose reason is in the message line.

        Raises:
            TypeError: ``moves`` is not a list (or other sequence) of moves.
        """
        if isinstance(moves, str | bytes) or not isinstance(moves, Iterable):
            raise TypeError(f"moves must be a list of moves, such as ['e5|'], not {shown(moves)}")
        for move in moves:
            self.type_move(str(move))
            if not self._ok:
                break

    def _say(self, text: str, ok: bool) -> None:
        """Show ``text`` in the message line (green if ``ok``, red if refused) and redraw.
        A sentence longer than :data:`MESSAGE_CHARS` (a game's refusal that repeats a huge
        typed text) is cut there, so the line stays a line."""
        if len(text) > MESSAGE_CHARS:
            text = text[: MESSAGE_CHARS - 1].rstrip() + "…"
        self.message, self._ok = text, ok
        self._message_serial += 1  # news to say once
        self._refresh()

    @property
    def state(self):
        """The position on the board now."""
        return self._states[-1]

    @property
    def rules(self):
        """The rules of the game on the board."""
        return self._states[0].rules

    @property
    def record(self) -> Record:
        """The game so far, ready to save (``board.record.save("game.json")``). On a
        puzzle's board: the puzzle's own moves, then the learner's, so the record replays to
        the position on the board anywhere.

        Raises:
            ValueError: the board shows a puzzle whose position is set up rather than played
                from the opening: a record of moves cannot hold it (the message says to keep
                the puzzle's id instead).
        """
        puzzle = self.puzzle
        if puzzle is None:
            return Record(self.rules, self._moves)
        if puzzle.setup is not None or puzzle.position is not None:
            raise ValueError(
                f"this board shows the puzzle {puzzle.id!r}, whose position is set up rather "
                "than played from the opening, so a record of moves cannot hold it; keep the "
                f"puzzle's id to come back to it: gamekit.puzzles.get({puzzle.id!r}).board()"
            )
        return Record(puzzle.start().rules, [*puzzle.moves, *self._moves])

    @property
    def hints(self) -> bool:
        """Whether the board shows where the player to move may play (``False`` on a board
        without hints).

        Raises:
            TypeError: set to something other than ``True`` or ``False``.
            ValueError: set to ``True`` on a board that has no hints (Coffee Roaster's).
        """
        toggle = getattr(self, "hint_toggle", None)
        return bool(toggle.value) if toggle is not None else False

    @hints.setter
    def hints(self, on: bool) -> None:
        if not isinstance(on, bool):
            raise TypeError(f"hints must be True or False, not {shown(on)}")
        toggle = getattr(self, "hint_toggle", None)
        if toggle is None:
            if on:
                raise ValueError(f"the {type(self).__name__} has no hints to show")
            return
        toggle.value = on

    # -- words -----------------------------------------------------------------------------
    def goal_text(self) -> str:
        """How to win, in one line (the class's ``goal`` unless a board says more)."""
        return self.goal

    def seat_label(self, seat: str) -> str:
        """A seat's name as a player reads it: ``"black"`` -> ``"Black"``."""
        return seat[:1].upper() + seat[1:] if seat else ""

    def person(self, seat: str | None, state: Any = None) -> str:
        """Who plays ``seat``, as the viewer says it: ``"you"`` (the one person against the
        computer, or the only player), ``"the computer"`` (``"the computer (Black)"`` when
        it plays several seats), or the seat's name."""
        if seat is None:
            return "nobody"
        if self.table is not None:
            if self.table.mine(seat, state):
                return "you"
            return self.table.nickname(seat, state) or f"a classmate ({self.seat_label(seat)})"
        if self.computer.plays(seat, state):
            seats = self.rules.seats
            if sum(self.computer.plays(s, state) for s in seats) > 1:
                return f"the computer ({self.seat_label(seat)})"
            return "the computer"
        if len(self.computer.human_seats()) == 1:
            return "you"
        return self.seat_label(seat)

    def possessive(self, seat: str | None, state: Any = None) -> str:
        """``"your"``, ``"the computer's"`` or ``"Black's"``."""
        who = self.person(seat, state)
        return "your" if who == "you" else f"{who}'s"

    def actor(self, before: Any) -> str:
        """The name of who made the move from ``before``, capitalized, for the log:
        ``"You"``, ``"The computer"`` or ``"Black"``."""
        return _upper_first(self.person(before.to_move, before))

    def describe(self, before: Any, move: Any, after: Any) -> str:
        """One move in plain words, for the log. Hook: the default names the player and
        the notation."""
        return f"{self.actor(before)} played {move}."

    def score_html(self) -> str:
        """The score panel's HTML ("" for none). Hook."""
        return ""

    def instruction(self) -> str:
        """What to do now, in a few words, shown after the turn line ("" for nothing).
        Hook."""
        return ""

    def turn_text(self) -> str:
        """Whose turn it is, in words: "Your turn (Black)", "The computer is thinking…",
        "Black to move" (two people), "Your turn" (a solo game) or "Game over"."""
        state = self.state
        if state.outcome is not None:
            return "Game over"
        seat = state.to_move
        if self.table is not None:
            waiting = self.table.waiting_for()
            return waiting or f"Your turn ({self.seat_label(seat)})"
        if self.computer.plays(seat, state):
            return "The computer is thinking…"
        if len(self.computer.human_seats()) == 1:
            if len(state.rules.seats) == 1:
                return "Your turn"
            return f"Your turn ({self.seat_label(seat)})"
        return f"{self.seat_label(seat)} to move"

    def banner_text(self) -> tuple[str, str]:
        """The game-over words and their tone (``"win"``, ``"loss"`` or ``"neutral"``):
        "You won: …" / "The computer won: …" against the computer, "Black won: …" between
        people; then the scores if the game has them. Hook."""
        outcome = self.state.outcome
        if outcome is None:
            return "", "neutral"
        winners = tuple(outcome.winners)
        reason = _upper_first(str(outcome.reason).rstrip("."))
        if not winners:
            head, tone = "A draw", "neutral"
        else:
            names = [self.person(s) for s in winners]
            humans = [s for s in winners if not self.computer.plays(s)]
            against_computer = self.computer.player is not None and self.computer.human_seats()
            if self.table is not None:
                tone = "win" if any(self.table.mine(s) for s in winners) else "loss"
            elif against_computer and len(self.computer.human_seats()) == 1:
                tone = "win" if humans else "loss"
            else:
                tone = "neutral"
            head = _upper_first(_join(names)) + " won"
        text = f"{head}: {reason}."
        scores = getattr(outcome, "scores", None)
        if scores:
            text += " Score: " + ", ".join(
                f"{self.seat_label(s)} {_number(v)}" for s, v in scores.items()
            )
            text += "."
        return text, tone

    # -- the move log --------------------------------------------------------------------
    @property
    def move_log(self) -> Sequence[LogEntry]:
        """Every move so far, in words (``entry.words``) and notation, oldest first: a
        sequence (index it, slice it, take its ``len``) whose entries are put in words when
        first read, so a board opened on a long record words only what it shows."""
        self._align_flags()
        return MoveLog(self)

    def _log_entry(self, i: int) -> LogEntry:
        """Entry ``i`` of the log (0 for the first move), worded once per position."""
        cache = self._log_cache
        before, after = self._states[i], self._states[i + 1]
        computer = self._by_computer[i]
        known = cache.get(i)
        if known is not None:
            b, a, entry = known
            if b is before and a is after and entry.computer == computer:
                return entry
        notation = self._moves[i]
        entry = LogEntry(
            i + 1, before.to_move, self._words(before, notation, after), notation, computer
        )
        cache[i] = (before, after, entry)
        return entry

    def _words(self, before: Any, notation: str, after: Any) -> str:
        """``describe`` of one move, given the game's Move (read from its notation)."""
        move: Any = notation
        try:
            move_class = part(before, "move")
        except (TypeError, ValueError):
            move_class = None
        parse = getattr(move_class, "parse", None)
        if parse is not None:
            try:
                move = parse(notation)
            except ValueError:
                move = notation
        return self.describe(before, move, after)

    def last_computer_moves(self) -> list[tuple[Any, str, Any]]:
        """The computer's decisions since the last move a person made, as
        (before, notation, after), oldest first: what a board highlights until you move."""
        self._align_flags()
        out = []
        i = len(self._moves) - 1
        while i >= 0 and self._by_computer[i]:
            out.append((self._states[i], self._moves[i], self._states[i + 1]))
            i -= 1
        return out[::-1]

    # -- the picture in a notebook -------------------------------------------------------
    def _picture_highlight(self) -> dict:
        """Highlight options for the still picture (``gamekit.render.show``'s keywords); a
        board may override this to match what its live view shows."""
        return {}

    def _picture_png(self) -> str:
        """A still picture of the position, as base64 PNG text (the state's figure, reduced
        like every notebook picture): what a reader sees where the live board cannot run."""
        from gamekit.render import NOTEBOOK_COLOURS, NOTEBOOK_DPI, show
        from gamekit.render.board import figure_png

        figure = show(self.state, **self._picture_highlight())
        png = figure_png(figure, NOTEBOOK_DPI, colours=NOTEBOOK_COLOURS)
        return base64.b64encode(png).decode("ascii")

    def _repr_mimebundle_(self, **kwargs):
        """The ipywidgets view, with the board's own short text instead of the widget tree
        (so a stored notebook output is stable) and a PNG of the position, drawn once per
        display. JupyterLab shows the live board for trusted output (its renderer ranks
        above images) and the picture for untrusted stored output (a lesson fresh from git,
        before it runs); a static viewer, or ``jupyter nbconvert --to html``, shows the
        picture. nbval does not compare PNGs, so stored outputs stay stable."""
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            bundle = bundle[0]
        bundle = dict(bundle or {})
        bundle["text/plain"] = repr(self)
        include, exclude = kwargs.get("include"), kwargs.get("exclude") or ()
        if (include is None or "image/png" in include) and "image/png" not in exclude:
            bundle["image/png"] = self._picture_png()
            return bundle, {"image/png": {"alt": self.picture_words()}}
        return bundle

    def position_text(self) -> str:
        """The position in words as the board shows it (:func:`gamekit.words.position_words`;
        a board whose picture hides something, a puzzle's answer, hides it in words too).
        Hook."""
        from gamekit.words import position_words

        return position_words(self.state)

    def picture_words(self) -> str:
        """The board's picture in words, its text alternative: the game and the position
        (:func:`gamekit.words.position_words`).

        >>> from gamekit.widgets import CoffeeBoard
        >>> CoffeeBoard().picture_words()[:28]
        'A Coffee board. Coffee on a '
        """
        from gamekit.render import highlight_words

        shown = highlight_words(self._picture_highlight())
        said = f"A {facts(self.state).title} board. {self.position_text()}"
        return f"{said} {shown}" if shown else said


def _lineage_or_none(rules: Any) -> tuple[str, ...]:
    """The games ``rules`` belong to (:func:`gamekit.game.lineage`), none for what is no
    game's rules."""
    try:
        return tuple(lineage(rules))
    except (TypeError, ValueError):
        return ()


def _person_action(method: Callable[..., Any]) -> Callable[..., Any]:
    """``method`` refused while the computer is to move (it moves first instead)."""

    typed = method.__name__ == "type_move"

    @functools.wraps(method)
    def action(self: GameBoard, *args: Any, **kwargs: Any) -> Any:
        if typed and args and not isinstance(args[0], str):
            raise TypeError(f"text must be a move's notation as text, not {shown(args[0])}")
        if self.computer.owes_a_move():
            return None
        if self.table is not None:
            self.table.poll()  # the classmates' moves first: the board is the table's
            waiting = self.table.waiting_for()
            if waiting:
                self._say(waiting, False)
                return None
        kept = len(self._moves), list(self._redo), list(self._redo_by_computer)
        try:
            return method(self, *args, **kwargs)
        except VariantRuleError as err:  # the variant's own rule failed: nothing half done
            self._back_to(*kept)
            self._say(f"The variant's rule failed, so nothing was played: {err}", False)
            return None
        except StoreError as err:  # the table refused it: nothing shown, words say why
            self._back_to(*kept)
            self._say(str(err), False)
            return None

    action._person_action = True  # type: ignore[attr-defined]
    return action


def _number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _record_of(record: Any) -> Record | None:
    """A board's ``record`` argument: a :class:`Record`, or the path of a saved one (read
    and checked), or ``None``; anything else, or a file that cannot be read, in words."""
    if record is None or isinstance(record, Record):
        return record
    if isinstance(record, str | os.PathLike):
        try:
            return Record.load(record)
        except OSError as error:
            raise ValueError(
                f"record: no saved game can be read at {shown(str(record))} "
                f"({error.strerror or error})"
            ) from None
    raise TypeError(
        f"record must be a gamekit Record (board.record, Record.load(path)) or a saved game's "
        f"path, not {shown(record)}"
    )
