"""The parts a board holds, and what it shows of them as its own: the computer
(``board.computer``, a :class:`~gamekit.widgets.computer.Computer`), the side panel
(``board.panel``, a :class:`~gamekit.widgets.panel.Panel`), a puzzle
(``board.puzzle_mode``, a :class:`~gamekit.widgets.puzzle.PuzzleMode`) and a guided game's
objectives (``board.checklist``, a :class:`~gamekit.widgets.objectives.Checklist`).

:class:`BoardParts` is the base of :class:`~gamekit.widgets.base.GameBoard`: it keeps no
state but the parts themselves, each made with its own ``__init__``, and forwards to them
the names a board has always had (``board.opponent``, ``board.banner``, ``board.check()``…).

>>> from gamekit.widgets import CoffeeBoard
>>> board = CoffeeBoard(opponent="beginner")
>>> board.computer, board.panel, board.puzzle_mode, board.checklist
(<Computer: beginner, plays orange>, <Panel of CoffeeBoard: log page 0>, None, None)
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, cast

import ipywidgets as w

from gamekit.guide import Guide, Objective
from gamekit.players import Player
from gamekit.puzzles import Attempts, Grade, Puzzle
from gamekit.widgets.computer import Computer
from gamekit.widgets.objectives import Checklist
from gamekit.widgets.panel import _LOG_HEIGHT, Panel, in_an_app
from gamekit.widgets.puzzle import PuzzleMode

if TYPE_CHECKING:
    from gamekit.widgets.base import GameBoard

__all__ = ["BoardParts"]


class BoardParts:
    """A board's parts, and their settings, widgets and actions as the board's own."""

    #: The computer opponent, made with the board's seed when the board begins.
    computer: Computer
    #: A guided game's objectives beside the board (:meth:`set_guide`), or None.
    checklist: Checklist | None = None
    #: The side panel, once the board is laid out (:meth:`_assemble`).
    panel: Panel | None = None
    #: The puzzle the board shows, or None (a free board).
    puzzle_mode: PuzzleMode | None = None
    if TYPE_CHECKING:  # the game on the board (GameBoard)
        _built: bool
        lesson: ClassVar[str]

        @property
        def rules(self) -> Any: ...
        def _say(self, text: str, ok: bool) -> None: ...
        def _refresh(self) -> None: ...
        def _align_flags(self, n: int | None = None) -> None: ...

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

    def _computer_moved(self) -> None:
        """After the computer's decisions, before they are said: show what a player must
        see of them (hook: the board shows them already)."""

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
        self.checklist = Checklist(cast("GameBoard", self), Guide(objectives, seat))
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
        self.panel = Panel(cast("GameBoard", self))
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
        """Redraw the side panel from the game, and a puzzle's answer panel (a board's
        ``_refresh`` calls it last)."""
        if self.panel is not None:
            self.panel.refresh()
            if self.puzzle_mode is not None:
                self.puzzle_mode.refresh()

    def _goal_html(self) -> str:
        """The goal line's HTML (a puzzle shows its task there)."""
        if self.puzzle_mode is not None:
            return self.puzzle_mode.goal_html()
        return self._laid_out().goal_html()

    def _turn_html(self) -> str:
        """The turn line's HTML (a puzzle shows what to do there)."""
        if self.puzzle_mode is not None:
            return self.puzzle_mode.turn_html()
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
        if in_an_app():
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

    # -- a puzzle (``self.puzzle_mode``), shown as the board's own ------------------------------
    @property
    def puzzle(self) -> Puzzle | None:
        """The :class:`~gamekit.puzzles.Puzzle` the board shows, or None (a free board)."""
        return None if self.puzzle_mode is None else self.puzzle_mode.puzzle

    @property
    def attempts(self) -> Attempts | None:
        """The puzzle's :class:`~gamekit.puzzles.Attempts` (None without a puzzle)."""
        return None if self.puzzle_mode is None else self.puzzle_mode.attempts

    @property
    def grade(self) -> Grade | None:
        """The last :class:`~gamekit.puzzles.Grade` (None before a try, or without a puzzle)."""
        return None if self.puzzle_mode is None else self.puzzle_mode.grade

    @property
    def cells(self) -> frozenset[str]:
        """The cells chosen for a cells puzzle's answer (none without one)."""
        return frozenset() if self.puzzle_mode is None else self.puzzle_mode.cells

    @property
    def solved(self) -> bool:
        """Whether the learner's last try was right (the board then takes no more tries
        until :meth:`try_again`)."""
        return self.puzzle_mode is not None and self.puzzle_mode.locked

    @property
    def answering(self) -> bool:
        """Whether a cells puzzle waits for the learner's answer (not yet checked, the
        answer not shown): a board then draws nothing that would give it away."""
        return self.puzzle_mode is not None and self.puzzle_mode.answering

    def puzzle_instruction(self) -> str:
        """What to do now in the puzzle, as the turn line says it (HTML; "" without one)."""
        return "" if self.puzzle_mode is None else self.puzzle_mode.instruction()

    def feedback_text(self) -> str:
        """The answer panel's words, one line each: the verdict, the hint (after a wrong
        try), the answer (once shown) and the tries ("" before anything happened)."""
        return "" if self.puzzle_mode is None else self.puzzle_mode.feedback_text()

    def puzzle_marks(self) -> dict[str, str]:
        """What the board draws for the puzzle, by cell (the names its puzzles use): a
        tone of :data:`gamekit.render.board.VERDICTS` ("chosen", "right", "wrong",
        "answer", "target"); ``{}`` without a puzzle."""
        return {} if self.puzzle_mode is None else self.puzzle_mode.marks()

    def check(self) -> None:
        """Grade the chosen cells (a cells puzzle); a move is graded as soon as it is made,
        a choice as soon as it is chosen."""
        if self.puzzle_mode is None:
            return self._say("This board shows no puzzle: there is nothing to check.", False)
        self.puzzle_mode.check()

    def choose_answer(self, choice: str) -> None:
        """Answer a choice puzzle with one of its ``choices`` (what its buttons do).

        Raises:
            TypeError: ``choice`` is not text.
        """
        if self.puzzle_mode is None:
            return self._say("This board shows no puzzle to answer.", False)
        self.puzzle_mode.choose_answer(choice)

    def toggle_cell(self, cell: str) -> None:
        """Choose ``cell`` for a cells puzzle's answer, or let it go if chosen. A name that
        is no cell of the board is refused in the message line, and nothing is chosen.

        Raises:
            TypeError: ``cell`` is not text (nor, in Hex Tiles, a pair of whole numbers).
        """
        if self.puzzle_mode is None:
            return self._say("This board shows no puzzle whose cells to choose.", False)
        self.puzzle_mode.toggle_cell(cell)

    def show_answer(self) -> None:
        """Show the answer: in words below the board, and outlined on the start position."""
        if self.puzzle_mode is None:
            return self._say("This board shows no puzzle.", False)
        self.puzzle_mode.show_answer()

    def try_again(self) -> None:
        """Put the puzzle's position back for another go (the tries so far still count)."""
        if self.puzzle_mode is None:
            return self._say("This board shows no puzzle.", False)
        self.puzzle_mode.try_again()

    def on_grade(self, listener: Callable[[Any], None]) -> None:
        """Call ``listener(board)`` after each graded try of the board's puzzle (a progress
        display, say).

        Raises:
            ValueError: the board shows no puzzle.
        """
        if self.puzzle_mode is None:
            raise ValueError("this board shows no puzzle: there are no tries to follow")
        self.puzzle_mode.on_grade(listener)

    @property
    def check_button(self) -> Any:
        """The puzzle's Check button (an ``AttributeError`` on a board without a puzzle)."""
        if self.puzzle_mode is None:
            raise AttributeError(f"the {type(self).__name__} shows no puzzle")
        return self.puzzle_mode.check_button

    @property
    def answer_button(self) -> Any:
        """The puzzle's Show answer button (an ``AttributeError`` on a board without a puzzle)."""
        if self.puzzle_mode is None:
            raise AttributeError(f"the {type(self).__name__} shows no puzzle")
        return self.puzzle_mode.answer_button

    @property
    def again_button(self) -> Any:
        """The puzzle's Try again button (an ``AttributeError`` on a board without a puzzle)."""
        if self.puzzle_mode is None:
            raise AttributeError(f"the {type(self).__name__} shows no puzzle")
        return self.puzzle_mode.again_button

    @property
    def choice_buttons(self) -> Any:
        """The puzzle's answer buttons, by choice (an ``AttributeError`` on a board without a puzzle)."""
        if self.puzzle_mode is None:
            raise AttributeError(f"the {type(self).__name__} shows no puzzle")
        return self.puzzle_mode.choice_buttons

    @property
    def feedback(self) -> Any:
        """The puzzle's verdict, hint and answer (an ``AttributeError`` on a board without a puzzle)."""
        if self.puzzle_mode is None:
            raise AttributeError(f"the {type(self).__name__} shows no puzzle")
        return self.puzzle_mode.feedback

    # What a game's board calls (it hands moves and typed text to the puzzle, if any).
    def _puzzle_gate(self) -> bool:
        """Whether an action that makes a move may go on (always, without a puzzle)."""
        return self.puzzle_mode is None or self.puzzle_mode.gate()

    def _puzzle_typed(self, text: str) -> bool:
        """Whether typed text was a cells or choice puzzle's answer (and taken as such)."""
        return self.puzzle_mode is not None and self.puzzle_mode.typed(text)

    def _puzzle_answer(self, move: Any, attempt: Any = None) -> None:
        """A complete move made on a puzzle's board: graded (see :class:`PuzzleMode
        <gamekit.widgets.puzzle.PuzzleMode>`)."""
        cast(PuzzleMode, self.puzzle_mode).answer(move, attempt)

    def _puzzle_panel(self) -> list[w.Widget]:
        """The puzzle's answer panel (choices, Check, Show answer, Try again, verdict)."""
        return cast(PuzzleMode, self.puzzle_mode).panel()

    def _puzzle_repr(self) -> str:
        """``", puzzle gipf-row-1 (2 tries, solved)"`` for a board's repr ("" without one)."""
        if self.puzzle_mode is None:
            return ""
        return f", puzzle {self.puzzle_mode.puzzle.id}{self.puzzle_mode.repr_part()}"

    def _rule_words(self, reason: str) -> str:
        """A refusal as the board shows it: in a puzzle its first sentence only (the free
        board goes on to list what is possible, which may answer the puzzle)."""
        return reason if self.puzzle_mode is None else self.puzzle_mode.rule_words(reason)

    # The hooks a puzzle asks its board.
    def _move_cells(self, move: Any) -> tuple[str, ...]:
        """The cells a move is drawn on (the puzzle marks). Hook: none by default."""
        return ()

    def _in_words(self, text: str) -> str:
        """``text`` from :mod:`gamekit.puzzles` (a task, a verdict, an answer) as the
        learner reads it on this board: a game whose notation says nothing to a player
        (Hex Tiles' cells and marks) puts moves and cells in words. Hook: as it is."""
        return text

    def _focus_cells(self) -> tuple[str, ...]:
        """The cells the task names (outlined on the board). Hook: none by default."""
        return ()

    def _cell_name(self, text: str) -> str | None:
        """A typed cell name as the puzzle names cells (``None`` if it names none). Hook."""
        text = text.strip().lower()
        return text or None
