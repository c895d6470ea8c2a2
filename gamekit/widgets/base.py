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
import html
import numbers
import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast, overload

import ipywidgets as w
import numpy as np

from gamekit.checks import whole
from gamekit.errors import GamekitError, VariantRuleError, shown
from gamekit.game import facts, lineage, part
from gamekit.guide import Guide, Objective
from gamekit.players import Player
from gamekit.records import Record
from gamekit.store import StoreError
from gamekit.text import join_words as _join
from gamekit.text import upper_first as _upper_first
from gamekit.widgets.computer import NOBODY, Computer  # noqa: F401  (NOBODY: its old path)
from gamekit.widgets.history import States
from gamekit.widgets.objectives import Checklist
from gamekit.widgets.panel import _LOG_HEIGHT, LOG_PAGE, Panel  # noqa: F401  (LOG_PAGE: its old path)
from gamekit.widgets.view import BoardView

__all__ = ["GameBoard", "LogEntry", "board_seed", "folding"]

#: New deals are numbers below this (what a board's seed box can show).
MAX_DEAL = 10**9


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One move in the board's log: its number (1 for the first), the seat that made it,
    the move in words and in notation, and whether the computer made it.

    >>> LogEntry(1, "black", "Black put a stone on e5.", "e5|", False).notation
    'e5|'
    """

    number: int
    seat: str | None
    words: str
    notation: str
    computer: bool


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


def _count(k: int, word: str) -> str:
    return f"{k} {word}" + ("" if k == 1 else "s")


#: The longest message line a board shows, in characters.
MESSAGE_CHARS = 1000


class GameBoard:
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
    if TYPE_CHECKING:  # puzzle mode (``widgets.puzzle.PuzzleMode``), in every game's board
        puzzle: Any
        attempt: Any
        _graded: bool

        def _puzzle_typed(self, text: str) -> bool: ...
        def _puzzle_gate(self) -> bool: ...
        def _puzzle_answer(self, move: Any, attempt: Any = None) -> None: ...
        def _refresh(self) -> None: ...

    #: The computer opponent (:class:`~gamekit.widgets.computer.Computer`), made with the
    #: board's seed by :meth:`_begin`.
    computer: Computer
    #: A guided game's objectives beside the board (:meth:`set_guide`), or None.
    checklist: Checklist | None = None
    #: The side panel (:class:`~gamekit.widgets.panel.Panel`), once the board is laid out.
    panel: Panel | None = None
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
        return f"<{type(self).__name__} {self.rules.game}: {_count(k, 'move')}>"

    # -- the computer (``self.computer``), shown as the board's own settings -----------------

    @property
    def opponent(self) -> str | Player | None:
        """The computer opponent: ``None``, a level name (:data:`gamekit.players.LEVEL_NAMES`)
        or a :class:`~gamekit.players.Player`. Setting it takes effect at once: if it is the
        computer's turn, it plays.

        Raises:
            TypeError, ValueError: not ``None``, a level or a player; any opponent at a class
                table or on a puzzle.
        """
        return self.computer.level

    @opponent.setter
    def opponent(self, level: str | Player | None) -> None:
        self.computer.set_level(level)

    @property
    def computer_player(self) -> Player | None:
        """The :class:`~gamekit.players.Player` that moves for the computer (``None``: nobody):
        for a level name, exactly :func:`gamekit.players.make_opponent` of that level and the
        board's seed, the player the strength tables measure.

        >>> from gamekit.widgets import CoffeeBoard
        >>> CoffeeBoard(opponent="strong", seed=3).computer_player
        LevelPlayer('strong', seed=3)
        """
        return self.computer.player

    @property
    def computer_plays(self) -> tuple[str, ...]:
        """The seats the computer plays (when there is an opponent). Setting it (a seat
        name or a tuple of them) takes effect at once.

        Raises:
            TypeError, ValueError: not a seat of the game or a tuple of them.
        """
        return self.computer.seats

    @computer_plays.setter
    def computer_plays(self, seats: str | tuple[str, ...]) -> None:
        self.computer.set_seats(seats)

    @property
    def opponent_choice(self) -> w.Dropdown | None:
        """The "computer" menu: nobody or a level (``None`` on a board without it)."""
        return self.computer.opponent_choice

    @property
    def seats_choice(self) -> w.Dropdown | None:
        """The "plays" menu: the seats the computer takes (``None`` on a board without it)."""
        return self.computer.seats_choice

    @property
    def play_against(self) -> w.ToggleButtons | None:
        """The "Play against: the computer / a friend" toggle (``None`` without menus)."""
        return self.computer.play_against

    def _computer_choice(self, state: Any) -> Any:
        """The computer's move in ``state``. Hook: its player's choice."""
        return cast(Player, self.computer.player).choose(state)  # there is a computer player

    def _show_thinking(self) -> None:
        """The turn line says the computer is thinking (while it chooses)."""
        if self.panel is not None:
            self.turn_line.value = self._turn_html()

    # -- a guided game's objectives (``self.checklist``) --------------------------------------
    @property
    def guide(self) -> Guide | None:
        """The objectives the board plays for (a :class:`~gamekit.guide.Guide`), or None."""
        return None if self.checklist is None else self.checklist.guide

    def set_guide(self, objectives: Sequence[Objective], seat: str | None = None) -> None:
        """Play for ``objectives`` (see :mod:`gamekit.guide`): a checklist beside the board,
        ticked off as the game reaches each one. ``seat`` is the learner's (default: the
        first seat the computer does not play). The moves already played count.

        Raises:
            TypeError, ValueError: as :class:`~gamekit.guide.Guide` (no objectives, a seat
                that is none of the game's).
        """
        seats = tuple(self.rules.seats)
        if seat is None:
            free = [s for s in seats if s not in self.computer.seats]
            seat = free[0] if free else seats[0]
        if seat not in seats:
            raise ValueError(f"seat must be one of {', '.join(seats)}, not {seat!r}")
        self._align_flags()
        self.checklist = Checklist(self, Guide(objectives, seat))
        self._refresh()

    # -- the side panel (``self.panel``) -----------------------------------------------------
    def _assemble(
        self,
        board: Sequence[w.Widget],
        actions: Sequence[w.Widget],
        settings: Sequence[w.Widget] = (),
        *,
        width: int = 460,
        panel_width: int = 400,
        log_height: str = _LOG_HEIGHT,
        score_beside_board: bool = False,
    ) -> w.Box:
        """The board's layout, with its side panel (:meth:`Panel.layout
        <gamekit.widgets.panel.Panel.layout>`: ``board``'s widgets on the left; the turn,
        the banner, the message, ``actions``, the log, the score and ``settings`` on the
        right). Marks the board as built."""
        self.panel = Panel(self)
        box = self.panel.layout(
            board, actions, settings, width=width, panel_width=panel_width,
            log_height=log_height, score_beside_board=score_beside_board,
        )  # fmt: skip
        self._built = True
        return box

    def _laid_out(self) -> Panel:
        """The side panel (an ``AttributeError`` before the board is laid out)."""
        if self.panel is None:
            raise AttributeError(
                f"the {type(self).__name__} has no side panel before it is laid out"
            )
        return self.panel

    def _refresh_panel(self) -> None:
        """Redraw the side panel from the game (a board's ``_refresh`` calls it last)."""
        if self.panel is not None:
            self.panel.refresh()

    def _goal_html(self) -> str:
        """The goal line's HTML (a puzzle shows its task there)."""
        return self._laid_out().goal_html()

    def _turn_html(self) -> str:
        """The turn line's HTML (a puzzle shows what to do there)."""
        return self._laid_out().turn_html()

    def lesson_link(self, lesson: str | None = None, text: str | None = None) -> str:
        """The HTML of a link to a lesson (default: the game's first, "How to play: lesson
        01"; "" if none): relative to ``apps/`` or ``notebooks/`` in JupyterLab; in Voilà,
        where only the apps are served, the lesson is named without a link."""
        lesson = lesson or self.lesson
        if not lesson:
            return ""
        number = lesson.split("_", 1)[0]
        text = html.escape(text or f"How to play: lesson {number}")
        if os.environ.get("VOILA_KERNEL_ID"):
            return f'<span title="{html.escape(lesson)} in the lessons">{text}</span>'
        here = Path.cwd().name
        href = lesson if here == "notebooks" else f"../notebooks/{lesson}"
        return f'<a href="{html.escape(href)}" target="_blank" style="color:#0b5cad">{text}</a>'

    @property
    def log_page(self) -> int:
        """Which page of the log shows: 0 the newest, 1 the one before … (:meth:`page_log`)."""
        return 0 if self.panel is None else self.panel.log_page

    @log_page.setter
    def log_page(self, page: int) -> None:
        if self.panel is not None:
            self.panel.log_page = page

    def page_log(self, pages: int) -> None:
        """Show the log ``pages`` pages further back (negative: towards the newest), as the
        "Earlier moves" and "Later moves" buttons do; the newest page is page 0.

        Raises:
            TypeError: ``pages`` is not a whole number.
        """
        self._laid_out().page_log(pages)

    @property
    def goal_line(self) -> Any:
        """The goal line (a puzzle's task): a widget of the side panel."""
        return self._laid_out().goal_line

    @property
    def turn_line(self) -> Any:
        """Whose turn it is, and what to do: a widget of the side panel."""
        return self._laid_out().turn_line

    @property
    def banner(self) -> Any:
        """The game-over banner: a widget of the side panel."""
        return self._laid_out().banner

    @property
    def message_line(self) -> Any:
        """The message line (what a move did, or why it was refused): a widget of the side panel."""
        return self._laid_out().message_line

    @property
    def log_view(self) -> Any:
        """The move log, newest first: a widget of the side panel."""
        return self._laid_out().log_view

    @property
    def earlier_button(self) -> Any:
        """The log's Earlier moves button: a widget of the side panel."""
        return self._laid_out().earlier_button

    @property
    def later_button(self) -> Any:
        """The log's Later moves button: a widget of the side panel."""
        return self._laid_out().later_button

    @property
    def score_panel(self) -> Any:
        """The score panel (hidden for a game without one): a widget of the side panel."""
        return self._laid_out().score_panel

    @property
    def objectives_panel(self) -> Any:
        """A guided game's objectives: a widget of the side panel."""
        return self._laid_out().objectives_panel

    @property
    def keys_line(self) -> Any:
        """The keys the board answers, in words (None without a clickable picture): a widget of the side panel."""
        return self._laid_out().keys_line

    @property
    def classmate(self) -> Any:
        """The Play a classmate panel (None where a board has none): a widget of the side panel."""
        return self._laid_out().classmate

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
            self._load_puzzle(puzzle, game, rules=rules, record=record, **given)  # type: ignore[attr-defined]
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
        words = _some_moves(list(reversed(taken)))
        self._say(f"Took back {_count(len(taken), 'move')}: {words}.", True)
        if self.computer.to_move():  # back to the start, the computer opening
            self.computer.turn()

    def redo(self) -> None:
        """Play again the last move taken back (and the computer's answer to it)."""
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
        words = _some_moves(self.move_log[-again:])
        self._say(f"Played {_count(again, 'move')} again: {words}.", True)
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
                if not self._ok or self._graded:
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
        puzzle = getattr(self, "puzzle", None)
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
        return _Log(self)

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


class _Log(Sequence[LogEntry]):
    """A board's move log, worded on demand (:meth:`GameBoard.move_log`)."""

    __slots__ = ("_board",)

    def __init__(self, board: GameBoard) -> None:
        self._board = board

    def __len__(self) -> int:
        return len(self._board._moves)

    @overload
    def __getitem__(self, i: int) -> LogEntry: ...

    @overload
    def __getitem__(self, i: slice) -> list[LogEntry]: ...

    def __getitem__(self, i: int | slice) -> LogEntry | list[LogEntry]:
        n = len(self)
        if isinstance(i, slice):
            return [self._board._log_entry(k) for k in range(*i.indices(n))]
        j = i + n if i < 0 else i
        if not 0 <= j < n:
            raise IndexError(f"move {i} of {n}")
        return self._board._log_entry(j)

    def __repr__(self) -> str:
        return f"<move log: {len(self)} moves>"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, list | tuple | _Log):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]


def _some_moves(entries: Sequence[LogEntry], most: int = 3) -> str:
    """Moves in words, one after the other; past ``most``, the rest counted."""
    words = [_lower_first(e.words.rstrip(".")) for e in entries[:most]]
    if len(entries) > most:
        words.append(f"and {_count(len(entries) - most, 'more move')}")
    return "; ".join(words)


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


def _lower_first(text: str) -> str:
    """ "You put …" -> "you put …" (but "Black put …" stays)."""
    for word in ("You ", "The computer "):
        if text.startswith(word):
            return text[:1].lower() + text[1:]
    return text


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
