"""Puzzle mode: a game's own board as the answer sheet of a :class:`~gamekit.puzzles.Puzzle`.

``puzzles.get("gipf-row-1").board()`` (the same as ``GipfBoard(puzzle=...)``) shows the
puzzle's position on the game's board, the task on top and an answer panel beside it, in
the words of the game's free board:

- a **move** puzzle: make the move on the board as in a game (click it, or type it); it is
  checked as soon as it is complete. In GIPF, when the goal is judged at the end of the
  turn (win this turn, leave no win to the opponent), the removals that follow the push
  belong to the answer: the turn is checked once it is over. The move stays on the board,
  its cells tinted green (right) or red (wrong); a refused move is tinted red where it was
  tried and not played.
- a **cells** puzzle: clicks (or typed names) choose cells, tinted blue; **Check** grades
  the set: the chosen cells turn green or red.
- a **choice** puzzle: the board shows the position; one button per choice answers.

The first wrong try brings the puzzle's hint; the answer (its words, and its cells
outlined in green on the start position) comes only with **Show answer** or after three
wrong tries (:class:`~gamekit.puzzles.Attempts`). **Try again** puts the start position
back; so does the next click on the board after a graded move. There is no computer
opponent, no undo and no new game in puzzle mode: the puzzle decides the position.

:class:`PuzzleMode` is what every board shares (the answer panel, the tries, the marks,
the words): a board showing a puzzle holds one as ``board.puzzle_mode``; the rules engine
and :mod:`gamekit.puzzles` decide what is right. A board adds only what is its own: it asks
``board._puzzle_gate()`` before an action that makes a move, hands a complete move to
``board._puzzle_answer`` and a clicked cell to ``board.toggle_cell``, says which cells a
move is drawn on (its ``_move_cells`` hook), and draws ``board.puzzle_marks()``.

>>> from gamekit import puzzles
>>> board = puzzles.get("gipf-row-1").board()
>>> board.click("b6"); board.click("b5")
>>> board.grade.right, board.attempts.wrong
(False, 1)
>>> print(board.feedback_text())
After b6-b5, no row of four white pieces stands.
Hint: A push shifts a whole line: look for a white piece that a push would move into place, not only for an empty spot to fill.
Tries: 1, 1 wrong. The answer shows after 2 more wrong tries, or with Show answer.
>>> board.click("a5"); board.click("b5")
>>> board.grade.message
'Right! After a5-b5, White has a row of four: b5–e5.'
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import ipywidgets as w

from gamekit.errors import GamekitError, shown
from gamekit.game import lineage
from gamekit.puzzles import Attempts, Grade, Puzzle, cell_order, first_sentence, join_words
from gamekit.text import plural
from gamekit.widgets.history import States
from gamekit.widgets.member import count_try

if TYPE_CHECKING:
    from gamekit.widgets.base import GameBoard

__all__ = ["PuzzleLadder", "PuzzleMode"]

#: The look of the verdict box: (text colour, background, border, sign).
_BOX = {
    True: ("#1b5e20", "#e8f5e9", "#2e7d32", "✔"),
    False: ("#8c1d18", "#fdecea", "#b3261e", "✘"),
}
_SOLVED = "Solved! Press Try again to play it once more, or go on to the next puzzle."
#: A right try made with the answer in sight (:class:`~gamekit.puzzles.Attempts`): no solve.
_RIGHT_SHOWN = (
    "Right, with the answer in sight: press Try again, or go on to the next puzzle and "
    "come back to this one another day."
)
#: Cell names in typed text: ``c3`` or ``(1,-1)``.
_CELL_WORDS = re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)|[A-Za-z]\d{1,2}")


def quoted(text: Any) -> str:
    """What a learner typed, as a message quotes it: short plain text as it is, anything
    else shown (cut, and described if huge)."""
    if isinstance(text, str) and len(text) <= 24 and text.isprintable():
        return text.strip()
    return shown(text)


#: A sentence's first letter, where a move put in words may have left it lower case.
_SENTENCE_START = re.compile(r"(^|[.!?] )([a-z])")


def capitalise_sentences(text: str) -> str:
    """``text`` with each sentence's first letter upper case (what a board's ``_in_words``
    does last, after it put moves in words).

    >>> capitalise_sentences("placing the red tile fits. after it, yes!")
    'Placing the red tile fits. After it, yes!'
    """
    return _SENTENCE_START.sub(lambda m: m.group(1) + m.group(2).upper(), text)


def _is_are(items: list[Any]) -> str:
    return "is" if len(items) == 1 else "are"


class PuzzleMode:
    """A board's puzzle: the :class:`~gamekit.puzzles.Puzzle` it shows (``puzzle``), its
    :class:`~gamekit.puzzles.Attempts` (``attempts``), the last
    :class:`~gamekit.puzzles.Grade` (``grade``, ``None`` before a try), the chosen cells of
    a cells puzzle (``cells``), the answer panel's widgets, and the actions :meth:`check`,
    :meth:`show_answer`, :meth:`try_again`, :meth:`choose_answer` and :meth:`toggle_cell`.

    A board holds one as ``board.puzzle_mode`` when it shows a puzzle (``None`` when it
    does not) and shows its state and actions as its own (``board.grade``,
    ``board.check()`` …). It plays on the board through the board's own history and words.
    """

    def __init__(self, board: GameBoard, puzzle: Any, game: str, **others: Any) -> None:
        """Start ``board`` on ``puzzle``'s position (a puzzle of ``game``); ``others`` are
        the board's arguments that a puzzle replaces (``rules``, ``record`` …), which must
        not be given.

        Raises:
            TypeError: ``puzzle`` is not a :class:`~gamekit.puzzles.Puzzle`.
            ValueError: a puzzle of another game, or given with what it replaces.
        """
        if not isinstance(puzzle, Puzzle):
            raise TypeError(
                f"puzzle must be a Puzzle (see gamekit.puzzles.get), not {type(puzzle).__name__}"
            )
        if game not in lineage(puzzle.rules):
            raise ValueError(
                f"puzzle {puzzle.id!r} is a {puzzle.game} puzzle: show it on its own board "
                f"(puzzle.board()), not on a {game} board"
            )
        given = [name for name, value in others.items() if value is not None]
        if given:
            raise ValueError(
                f"a board that shows a puzzle takes no {' or '.join(given)}: the puzzle "
                "decides the position, and nobody plays against the learner"
            )
        self.board = board
        self.puzzle: Puzzle = puzzle
        self.attempts = Attempts(puzzle)
        self.grade: Grade | None = None
        self.cells: frozenset[str] = frozenset()
        #: The moves of the last graded try (what the marks show).
        self.tried: tuple[Any, ...] | None = None
        #: The moves of a turn that goes on (GIPF's push, before its removals).
        self.turn_moves: tuple[Any, ...] = ()
        self.graded = False
        self.locked = False
        self.listeners: list[Callable[[Any], None]] = []
        #: Why the last try was not counted for the learner's class ("" if it was, or if
        #: the page joined no class: :mod:`gamekit.widgets.member`).
        self.class_note = ""
        self.feedback: w.HTML | None = None
        self.choice_buttons: dict[str, w.Button] = {}
        self.start_at(puzzle.start())

    def __repr__(self) -> str:
        return f"<PuzzleMode {self.puzzle.id}{self.repr_part()}>"

    # -- set-up ----------------------------------------------------------------------------
    def start_at(self, state: Any) -> None:
        """The board's history: ``state`` alone (the puzzle's position)."""
        self.board._history(States(state, []), [])

    def panel(self) -> list[w.Widget]:
        """The answer panel's widgets (made once): the choice buttons, Check, Show answer,
        Try again, and the verdict with the hint and the answer."""
        p = self.puzzle
        self.choice_buttons = {}
        for label in p.choices:
            b = w.Button(
                description=label[:1].upper() + label[1:],
                tooltip=f"answer: {label}",
                layout=w.Layout(width="auto", min_width="90px"),
            )
            b.on_click(lambda _b, c=label: self.choose_answer(c))
            b.add_class("gamekit-puzzle-choice")
            self.choice_buttons[label] = b
        self.check_button = w.Button(
            description="Check",
            icon="check",
            button_style="primary",
            tooltip="grade the cells you chose",
            layout=w.Layout(width="90px"),
        )
        self.check_button.on_click(lambda _b: self.check())
        self.answer_button = w.Button(
            description="Show answer",
            icon="eye",
            tooltip="show the answer on the board and in words",
            layout=w.Layout(width="125px"),
        )
        self.answer_button.on_click(lambda _b: self.show_answer())
        self.again_button = w.Button(
            description="Try again",
            icon="refresh",
            tooltip="put the puzzle's position back and have another go",
            layout=w.Layout(width="105px"),
        )
        self.again_button.on_click(lambda _b: self.try_again())
        self.check_button.layout.display = None if p.kind == "cells" else "none"
        self.check_button.tooltip = f"grade the {p.noun}s you chose"
        self.feedback = w.HTML(layout=w.Layout(min_height="2.4em", margin="2px 0 4px 0"))
        self.feedback.add_class("gamekit-puzzle-feedback")
        buttons = w.HBox([self.check_button, self.answer_button, self.again_button])
        buttons.add_class("gamekit-puzzle-buttons")
        widgets: list[w.Widget] = []
        if self.choice_buttons:
            choices = w.HBox(
                list(self.choice_buttons.values()), layout=w.Layout(flex_flow="row wrap")
            )
            choices.add_class("gamekit-puzzle-choices")
            widgets.append(choices)
        return [*widgets, buttons, self.feedback]

    # -- reading -------------------------------------------------------------------------
    @property
    def solved(self) -> bool:
        """Whether the learner's last try was right (the board then takes no more tries
        until :meth:`try_again`)."""
        return self.locked

    def repr_part(self) -> str:
        """``"(2 tries, solved)"``: the tries and where the puzzle stands."""
        a = self.attempts
        state = "solved" if self.locked else "revealed" if a.revealed else "open"
        tries = f"{a.tries} tr{'y' if a.tries == 1 else 'ies'}"
        return f" ({tries}, {state})"

    def seat_words(self) -> str:
        """`` (White)`` after "Your move" in a game of several seats; "" in a solo game."""
        start = self.puzzle.start()
        seat = start.to_move
        if seat is None or len(start.rules.seats) < 2:
            return ""
        return f" ({self.board.seat_label(seat)})"

    @property
    def answering(self) -> bool:
        """Whether a cells puzzle waits for the learner's answer (not yet checked, the
        answer not shown): a board then draws nothing that would give it away."""
        if self.puzzle.kind != "cells":
            return False
        return not (self.graded or self.attempts.revealed)

    def done_words(self) -> str:
        """What the board says to a try once the puzzle was answered right: solved, or
        right with the answer in sight (no solve)."""
        return _SOLVED if self.attempts.solved else _RIGHT_SHOWN

    def instruction(self) -> str:
        """What to do now in the puzzle, as the turn line says it (HTML)."""
        p = self.puzzle
        if self.locked:
            if not self.attempts.solved:
                return "<b>Right, with the answer shown.</b> Try again, or go on"
            return "<b>Solved!</b> Try again to play it once more"
        if p.kind == "cells":
            return self.board._in_words(
                f"<b>Click the {p.noun}s</b> of your answer, then press Check"
            )
        if p.kind == "choice":
            return "<b>Choose your answer</b> with a button below"
        if self.graded:
            return "<b>Another try?</b> Click the board: it goes back to the puzzle's position"
        head = "Finish your turn" if self.turn_moves else "Your move"
        hint = self.board.instruction()
        text = f"<b>{head}{html.escape(self.seat_words())}</b>"
        return text + (f": {html.escape(hint)}" if hint else "")

    def feedback_text(self) -> str:
        """The answer panel's words, one line each: the verdict, the hint (after a wrong
        try), the answer (once shown) and the tries ("" before anything happened)."""
        return "\n".join(text for _kind, text in self.feedback_lines())

    def feedback_lines(self) -> list[tuple[str, str]]:
        p, a = self.puzzle, self.attempts
        lines = []
        if self.grade is not None:
            message = self.grade.message
            if a.revealed:  # the third wrong try's message ends with the answer: shown below
                message = message.removesuffix(" " + p.solution())
            lines.append(("right" if self.grade.right else "wrong", self.board._in_words(message)))
        if a.wrong and not self.locked:
            lines.append(("hint", f"Hint: {self.board._in_words(p.hint)}"))
        if a.revealed:
            lines.append(("answer", self.board._in_words(p.solution())))
        if a.tries:
            text = f"Tries: {a.tries}, {a.wrong} wrong."
            if not a.revealed and not a.solved:
                left = a.reveal_after - a.wrong
                text += (
                    f" The answer shows after {left} more wrong "
                    f"{'try' if left == 1 else 'tries'}, or with Show answer."
                )
            lines.append(("tries", text))
        if self.class_note:
            lines.append(("tries", self.class_note))
        return lines

    def feedback_html(self) -> str:
        parts = []
        for kind, text in self.feedback_lines():
            words = html.escape(text)
            if kind in ("right", "wrong"):
                colour, background, border, sign = _BOX[kind == "right"]
                parts.append(
                    f'<div class="gamekit-verdict gamekit-{kind}" style="color:{colour};'
                    f"background:{background};border:2px solid {border};border-radius:6px;"
                    f'padding:4px 8px;margin-bottom:3px"><b>{sign}</b> {words}</div>'
                )
            elif kind == "hint":
                parts.append(
                    '<div class="gamekit-hint" style="background:#fff8e1;border-left:4px '
                    f'solid #e69f00;padding:2px 8px;margin-bottom:3px">{words}</div>'
                )
            elif kind == "answer":
                parts.append(
                    '<div class="gamekit-answer" style="border-left:4px solid #009e73;'
                    f'padding:2px 8px;margin-bottom:3px"><b>Answer.</b> {words}</div>'
                )
            else:
                parts.append(f'<div style="color:#6b7280;font-size:12px">{words}</div>')
        return f'<div style="font-size:14px;line-height:1.35">{"".join(parts)}</div>'

    def marks(self) -> dict[str, str]:
        """What the board draws for the puzzle, by cell (the names its puzzles use): a
        tone of :data:`gamekit.render.board.VERDICTS` ("chosen", "right", "wrong",
        "answer"); ``{}`` without a puzzle."""
        p = self.puzzle
        out: dict[str, str] = {}
        revealed = self.attempts.revealed
        if p.kind == "cells":
            right = p.answers()[0]
            if revealed:
                out.update(dict.fromkeys(right - self.cells, "answer"))
            for cell in self.cells:
                out[cell] = ("right" if cell in right else "wrong") if self.graded else "chosen"
        elif p.kind == "move":
            out.update(dict.fromkeys(self.board._focus_cells(), "target"))
            if self.graded and self.tried:
                tone = "right" if self.grade is not None and self.grade.right else "wrong"
                for move in self.tried:
                    out.update(dict.fromkeys(self.board._move_cells(move), tone))
            if revealed and not self.board._moves:  # the answers: moves from the start position
                for answer in p.answers():
                    out.update(dict.fromkeys(self.board._move_cells(answer), "answer"))
        return out

    # -- the side panel: the task, what to do, the verdict ------------------------------------
    def goal_html(self) -> str:
        """The task, where a free board shows its goal."""
        p = self.puzzle
        return (
            '<div class="gamekit-task" style="font-size:15px;line-height:1.4;'
            'background:#f1f5fb;border-left:4px solid #0072b2;padding:4px 10px">'
            f'<b>Puzzle</b> <span style="color:#4b5563">(level {p.level})</span>: '
            f"{html.escape(self.board._in_words(p.task))}</div>"
        )

    def turn_html(self) -> str:
        """What to do now, where a free board says whose turn it is."""
        return f'<div style="font-size:16px;line-height:1.35">{self.instruction()}</div>'

    def refresh(self) -> None:
        """The answer panel and its buttons from the tries (after the side panel's)."""
        if self.feedback is None:
            return
        self.board.banner.layout.display = "none"  # a game the answer ends: the verdict says it
        self.feedback.value = self.feedback_html()
        a = self.attempts
        self.check_button.disabled = self.locked
        self.answer_button.disabled = a.revealed
        self.again_button.disabled = not (
            self.board._moves or self.cells or self.graded or self.grade is not None
        )
        tried = self.tried[0] if self.puzzle.kind == "choice" and self.tried else None
        answers = set(self.puzzle.answers()) if a.revealed else set()
        for label, button in self.choice_buttons.items():
            if label == tried and self.grade is not None:
                button.button_style = "success" if self.grade.right else "danger"
            elif label in answers:
                button.button_style = "success"
            else:
                button.button_style = ""
            button.disabled = self.locked

    # -- actions -------------------------------------------------------------------------
    def check(self) -> None:
        """Grade the chosen cells (a cells puzzle); a move is graded as soon as it is made,
        a choice as soon as it is chosen."""
        p = self.puzzle
        if self.locked:
            return self.board._say(self.done_words(), True)
        if p.kind == "move":
            if self.turn_moves:
                return self.board._say(
                    "Finish your turn first: it is checked once it is over.", False
                )
            return self.board._say(
                "Make your move on the board: it is checked as soon as it is complete.", False
            )
        if p.kind == "choice":
            return self.board._say("Answer with one of the buttons.", False)
        if not self.cells:
            return self.board._say(
                self.board._in_words(
                    f"Click the {p.noun}s of your answer first, then press Check."
                ),
                False,
            )
        self.graded_try(sorted(self.cells), (frozenset(self.cells),))
        self.board._say(
            self.board._in_words(
                f"Checked: the chosen {p.noun}s are green where right, red where wrong."
            ),
            True,
        )

    def choose_answer(self, choice: str) -> None:
        """Answer a choice puzzle with one of its ``choices`` (what its buttons do).

        Raises:
            TypeError: ``choice`` is not text.
        """
        if not isinstance(choice, str):
            raise TypeError(f"choice must be one of the answers as text, not {shown(choice)}")
        p = self.puzzle
        if p.kind != "choice":
            return self.board._say("This puzzle is not answered with a choice.", False)
        if self.locked:
            return self.board._say(self.done_words(), True)
        label = " ".join(str(choice).lower().split())
        if label not in p.choices and label in p.moves_of_choices:  # the board's own move
            label = p.choices[p.moves_of_choices.index(label)]
        if label not in p.choices:
            listed = " or ".join(p.choices)
            return self.board._say(f"That is not one of the answers: choose {listed}.", False)
        self.graded_try(label, (label,))
        self.board._say(f"You answered: {label}.", True)

    def toggle_cell(self, cell: str) -> None:
        """Choose ``cell`` for a cells puzzle's answer, or let it go if chosen. A name that
        is no cell of the board is refused in the message line, and nothing is chosen.

        Raises:
            TypeError: ``cell`` is not text (nor, in Hex Tiles, a pair of whole numbers).
        """
        if not isinstance(cell, str | tuple | list):
            raise TypeError(f"cell must be a cell name such as 'c3', not {shown(cell)}")
        p = self.puzzle
        if p.kind != "cells":
            return self.board._say("This puzzle is not answered with cells.", False)
        if self.locked:
            return self.board._say(self.done_words(), True)
        name = p.cell(cell)
        if name is None:
            return self.board._say(f"{quoted(cell)} is not a {p.noun} of this board.", False)
        self.graded = False  # the marks go back to "chosen" until the next Check
        self.cells = self.cells ^ {name}
        chosen = sorted(self.cells, key=cell_order)
        if not chosen:
            return self.board._say(f"No {p.noun} chosen.", True)
        k = len(chosen)
        self.board._say(
            self.board._in_words(
                f"Chosen: {', '.join(chosen)} ({plural(k, p.noun)}). Press Check "
                "when your answer is complete."
            ),
            True,
        )

    def show_answer(self) -> None:
        """Show the answer: in words below the board, and outlined on the start position
        (for a class, a hint seen)."""
        if not self.attempts.revealed:
            self.class_note = count_try(self.puzzle.id, False, hint=True)
        self.attempts.reveal()
        if self.board._moves:
            self.back_to_start(keep_marks=self.graded)
        self.board._say("Here is the answer, in green.", True)

    def try_again(self) -> None:
        """Put the puzzle's position back for another go (the tries so far still count)."""
        self.back_to_start()
        self.board._clear_choice()
        self.cells = frozenset()
        self.grade, self.tried, self.locked = None, None, False
        self.board._say("Back to the puzzle's position: have another go.", True)

    # -- what a board calls ----------------------------------------------------------------
    def gate(self) -> bool:
        """Called first by a board action that makes a move: whether it may go on. After a
        graded try the puzzle's position comes back first; a solved puzzle, or one not
        answered by a move, refuses (with the reason in the message line)."""
        p = self.puzzle
        if self.locked:
            self.board._say(self.done_words(), True)
            return False
        if p.kind == "cells":
            self.board._say("Click the cells of your answer on the board, then press Check.", False)
            return False
        if p.kind == "choice" and not p.moves_of_choices:
            self.board._say("This puzzle is answered with the buttons beside the board.", False)
            return False
        if self.graded:
            self.back_to_start()
        return True

    def rule_words(self, reason: str) -> str:
        """A board's refusal as a puzzle shows it: its first sentence, the move and the rule
        it breaks (the free board goes on to list what is possible, which may answer the
        puzzle)."""
        return first_sentence(reason)

    def typed(self, text: str) -> bool:
        """Typed text in a cells or choice puzzle: cell names toggle cells (``check``
        checks), a choice answers. Whether the text was handled (a move puzzle's moves are
        the board's)."""
        p = self.puzzle
        if p.kind == "move":
            return False
        text = (text or "").strip()
        if not text:
            return True
        if p.kind == "choice":
            self.choose_answer(text)
            return True
        if text.lower() == "check":
            self.check()
            return True
        words = _CELL_WORDS.findall(text)
        if not words or _CELL_WORDS.sub("", text).strip(" ,;") != "":
            self.board._say(
                f"{quoted(text)} names no cell. Type cells such as c3, or check.", False
            )
            return True
        names = [p.cell(self.board._cell_name(m) or m) for m in words]
        off = [m for m, n in zip(words, names, strict=True) if n is None]
        if off:  # nothing is chosen: a typo never half-changes the answer
            self.board._say(f"{join_words([quoted(m) for m in off])} {_is_are(off)} not a {p.noun} "
                      "of this board.", False)  # fmt: skip
            return True
        for name in dict.fromkeys(cast(list[str], names)):
            self.toggle_cell(name)
        return True

    def answer(self, move: Any, attempt: Any = None) -> None:
        """A complete move made on the board: graded at once (or, while the learner's turn
        goes on and the goal judges its end, played and kept until the turn is over). A
        legal move is played; a refused one is not, and ``attempt`` becomes the board's
        ``attempt`` (what it draws where the move was tried). A move of another kind than
        the task asks for (outside the puzzle's focus) is not counted as a try."""
        p = self.puzzle
        if p.kind == "choice":  # the board's own move for a choice (Roaster's cup or tray)
            if str(move) in p.moves_of_choices:
                return self.choose_answer(str(move))
            return self.board._say(
                "This puzzle is answered with the buttons beside the board.", False
            )
        if p.kind == "cells":
            return self.board._say(
                "Click the cells of your answer on the board, then Check.", False
            )
        if not self.turn_moves and not p.in_focus(move):
            return self.board._say(
                self.board._in_words(
                    f"The task asks for {p.about}: {move} does not count as a try."
                ),
                False,
            )
        before = self.board.state
        try:
            legal = before.why_illegal(move) is None
        except GamekitError:
            legal = False
        turn = (*self.turn_moves, move)
        words = ""
        if legal:  # played (a refused move is not: the choices made for it stay)
            self.board._push(move)
            words = self.board.move_log[-1].words
            self.board._clear_choice()
            if p.turn_goes_on(self.board.state):
                self.turn_moves = turn
                return self.board._say(f"{words} Now finish your turn.", True)
        self.turn_moves = ()
        answer = [str(m) for m in turn] if len(turn) > 1 else move
        self.graded_try(answer, turn)
        if not legal:
            self.board.attempt = attempt
            words = self.board._in_words(
                f"{move} was not played: it breaks a rule (see why below)."
            )
        elif self.attempts.revealed and self.grade is not None and not self.grade.right:
            self.back_to_start(keep_marks=True)
            words += " Back at the start: the answer is outlined in green."
        self.board._say(words, legal)

    # -- internals -------------------------------------------------------------------------
    def graded_try(self, answer: Any, tried: tuple[Any, ...]) -> None:
        self.grade = self.attempts.check(answer)
        self.tried = tried
        self.graded = True
        self.locked = self.grade.right
        # a right try with the answer in sight is a try, not a solve
        self.class_note = count_try(self.puzzle.id, self.grade.right and self.attempts.solved)
        if not self.grade.right and self.attempts.wrong == 1:  # its hint shows now
            self.class_note = self.class_note or count_try(self.puzzle.id, False, hint=True)
        for listener in list(self.listeners):
            listener(self.board)

    def on_grade(self, listener: Callable[[Any], None]) -> None:
        """Call ``listener(board)`` after each graded try (a progress display, say)."""
        self.listeners.append(listener)

    def back_to_start(self, keep_marks: bool = False) -> None:
        """The puzzle's position again (a choice made on it, such as a chosen tile, stays
        if nothing was played); ``keep_marks`` keeps the last try's marks, drawn on it,
        until the next action."""
        if self.board._moves or self.turn_moves:
            self.start_at(self.puzzle.start())
            self.turn_moves = ()
            self.board._clear_choice()
        if not keep_marks:
            self.graded = False


# The ladder of a game's puzzles lives in its own module; its old path still works.
from gamekit.widgets.ladder import ProgressStore, PuzzleLadder  # noqa: E402, F401
