"""The clickable Coffee board.

Click a cell to put a stone there, then choose the rod's direction with a button, or with a
second click on any cell along that direction. A refused move is marked with a red cross and
the message line says which rule forbids it. Beside the board: the turn line, the message
line, the move log in words (the notation in a second column), undo and redo, a hint toggle
that rings every legal cell, a box to type moves (``e5|``), the computer opponent, and new
games with any board, size, number in a row and pie rule.

The computer (``opponent="simple"``, … a level of :data:`gamekit.players.LEVEL_NAMES`, or a
:class:`~gamekit.players.Player`; or the "computer" menu) plays the seats in
``computer_plays`` (Orange unless told) as soon as it is their turn; its last stone is ringed
until you move.

The widget only translates clicks into moves: :mod:`gamekit.coffee` decides what is legal.
Everything a mouse can do has a method (``click``, ``choose_axis``, ``type_move``, ``undo``
…), so lessons and tests drive the board the same way a learner does.

>>> board = CoffeeBoard(coffee.Rules(board="square", size=5))
>>> board.click("c3"); board.choose_axis("-")
>>> board
<CoffeeBoard square5 n=4: 1 move, orange to move>
>>> board.move_log[-1].words
'Black put a stone on c3 and laid the rod horizontally.'
>>> board.click("a1"); board.message
"a1 is not allowed: a1 is not on the rod's line. The rod on c3 lies along '-' (horizontal), so the stone must go on that line: a3, b3, d3 or e3."
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar

import ipywidgets as w

from gamekit import coffee
from gamekit.coffee.picture import CoffeeView, styles
from gamekit.coffee.words import position_words as coffee_words
from gamekit.errors import GamekitError, shown
from gamekit.grids import AXIS_NAMES
from gamekit.players import Player, computer_seats, make_opponent
from gamekit.puzzles import Puzzle
from gamekit.records import Record
from gamekit.text import a_or_an
from gamekit.widgets.base import GameBoard
from gamekit.widgets.keys import grid_places
from gamekit.widgets.view import click_to_cell

__all__ = ["CoffeeBoard"]

_SIZES = {"hex": (3, 4, 5, 6), "square": (4, 5, 6, 7, 8)}
#: How the log says the rod was laid.
_ROD_WORDS = {
    "|": "vertically",
    "-": "horizontally",
    "/": "along the rising diagonal (/)",
    "\\": "along the falling diagonal (\\)",
}


@cache
def _template(board: str, size: int) -> tuple[str, tuple[float, float, float, float]]:
    """The SVG of an empty board and its drawing-to-SVG transform (one per board)."""
    view = CoffeeView(coffee.Rules(board=board, size=size, n=2), show_caption=False)
    return view.drawing.svg(), view.drawing.svg_transform()


def _board_words(rules: coffee.Rules) -> str:
    """``"a hexagonal board, 5 cells a side"`` or ``"a 5 × 5 square board"``."""
    if rules.board == "hex":
        return f"a hexagonal board, {rules.size} cells a side"
    return f"a {rules.size} × {rules.size} square board"


class CoffeeBoard(GameBoard):
    """A Coffee game on a clickable board, with its controls.

    ``CoffeeBoard(rules)`` starts a new game; ``CoffeeBoard(record=rec)`` continues a saved
    one; ``CoffeeBoard(puzzle=p)`` (what ``p.board()`` gives) shows a Coffee puzzle in
    puzzle mode (see :mod:`gamekit.widgets.puzzle`): a stone and its rod played as in a
    game are the answer, a cells puzzle's cells are clicked. Display it as the last line
    of a notebook cell.

    The computer, as on every board: ``opponent`` is ``None`` (nobody), a level name
    (:data:`gamekit.players.LEVEL_NAMES`) or a :class:`~gamekit.players.Player`;
    ``computer_plays`` is the seat it plays (``"black"`` or ``"orange"``, the default), or a
    tuple of seats; ``seed`` seeds it. After a pie-rule swap it goes on as the same player,
    in the other colour. Both can be changed at any time (``board.opponent = "mcts"``) and
    take effect at once.

    >>> board = CoffeeBoard(coffee.Rules(board="hex", size=3), opponent="simple")
    >>> board.turn_text()
    'Your turn (Black)'

    Raises:
        TypeError, ValueError: ``opponent`` is not ``None``, a level or a player;
            ``computer_plays`` names no seat of the game; ``seed`` is not a whole number
            of 0 or more (or ``None``); ``puzzle`` is not a Coffee puzzle, or comes with
            ``rules``, ``record`` or an opponent.
    """

    lesson = "01_coffee_rules.ipynb"
    extra_keys: ClassVar[tuple[tuple[str, str], ...]] = (
        ("| - / \\", "lay the rod that way, once a cell is chosen"),
    )

    goal_lessons: ClassVar[tuple[tuple[str, str], ...]] = (
        ("03_coffee_endings.ipynb", "Blocking: lesson 03"),
    )
    #: What a person does to move (refused while the computer is to move).
    person_actions: ClassVar[tuple[str, ...]] = ("click", "choose_axis", "type_move", "swap")

    def __init__(
        self,
        rules: coffee.Rules | None = None,
        *,
        record: Record | None = None,
        hints: bool = False,
        width: int = 560,
        opponent: str | Player | None = None,
        computer_plays: str | tuple[str, ...] = "orange",
        seed: int | None = 0,
        puzzle: Puzzle | None = None,
    ) -> None:
        puzzled = self._begin(rules, record, puzzle, seed, coffee.Rules, opponent=opponent)
        hints = hints and not puzzled  # on a puzzle, the rings would show the answer
        self.pending: str | None = None
        self.attempt: str | coffee.Move | None = None
        self.computer_plays = computer_seats(self.rules, computer_plays)
        make_opponent(opponent, self._seed)  # refused before the board is built
        self._board_view(width)
        self.view.on_key(self.key)
        self._history_buttons()
        self._hint_control(
            hints,
            "ring every cell where the player to move may put a stone: on the rod's tinted "
            "line, with a direction left for the next rod",
            description="Show legal cells",
        )
        self._move_controls(
            "or type a move: e5| or c3/ (Enter)",
            "a cell and the rod's direction: | - / \\ ; or swap",
            "250px",
        )
        self._rod_controls()
        settings = self._settings()
        self.widget = self._layout(width, settings)
        self._mount()
        if opponent is not None and self.puzzle is None:
            self.opponent = opponent

    def _rod_controls(self) -> None:
        """The rod's four direction buttons and Swap (the pie rule)."""
        self.axis_buttons = {}
        for axis in ("|", "-", "/", "\\"):
            b = w.Button(
                description=axis,
                tooltip=f"lay the rod {AXIS_NAMES[axis]}",
                layout=w.Layout(width="48px"),
            )
            b.on_click(lambda _b, a=axis: self.choose_axis(a))
            self.axis_buttons[axis] = b
        self.swap_button = w.Button(
            description="Swap",
            tooltip="pie rule: instead of playing, take Black's first stone as your own "
            "(you become Black)",
        )
        self.swap_button.on_click(lambda _b: self.swap())

    def _settings(self) -> list[w.Widget]:
        """The new game's choices: board, size, stones in a row, pie rule."""
        r = self.rules
        self.board_choice = w.Dropdown(
            options=[("hexagonal", "hex"), ("square", "square")],
            value=r.board,
            description="board",
            tooltip="the shape of the board (for a new game)",
        )
        self.size_choice = w.Dropdown(
            options=_SIZES[r.board] if r.size in _SIZES[r.board] else (*_SIZES[r.board], r.size),
            value=r.size,
            description="size",
            tooltip="cells along a side (for a new game)",
        )
        self.n_choice = w.BoundedIntText(
            value=r.n,
            min=2,
            max=51,
            description="in a row",
            tooltip="n: how many stones in a row win (for a new game)",
        )
        self.pie_choice = w.Checkbox(
            value=r.pie_rule,
            description="pie rule",
            tooltip="after Black's first stone, Orange may take it as its own instead of "
            "playing: this keeps a strong first move fair",
            indent=False,
            layout=w.Layout(width="auto"),
        )
        self.board_choice.observe(self._on_board_kind, names="value")
        for c in (self.board_choice, self.size_choice, self.n_choice):
            c.layout = w.Layout(width="190px")
            c.style = {"description_width": "60px"}
        options_help = w.HTML(
            '<div style="color:#555;font-size:12px;line-height:1.3">"in a row": stones in a '
            'row to win. "pie rule": Orange may answer Black\'s first stone by taking it '
            "(Swap).</div>"
        )
        return [
            w.HTML("<b>New game</b>"),
            w.HBox([self.board_choice, self.size_choice]),
            w.HBox([self.n_choice, self.pie_choice]),
            options_help,
            self._new_game_button("start again with the options above"),
        ]

    def _layout(self, width: int, settings: list[w.Widget]) -> w.Box:
        """The board with the rod's buttons and the legend; beside it the puzzle's panel,
        or the moves, the computer and the new game's choices."""
        rod_row = w.HBox([w.Label("Rod:"), *self.axis_buttons.values(), self.swap_button])
        self.legend = w.HTML(
            '<div style="font-size:12px;line-height:1.3;color:#374151">Black stones are plain; orange stones '
            "carry a dot, so the two differ by more than colour. The white bar is the rod, on "
            "the last stone: the next stone goes on its tinted line. Against the computer, its "
            "newest stone is ringed in pink and yours before it in sky blue.</div>"
        )
        typing = w.HBox([self.move_box, self.play_button])
        if self.puzzle is not None:
            # answered by clicking cells, or by the panel's buttons: no rod to lay (and no
            # second Swap button beside the answer's)
            no_rod = self.puzzle.kind in ("cells", "choice")
            board = [self.view, self.legend] if no_rod else [self.view, rod_row, self.legend]
            return self._assemble(board, [*self._puzzle_panel(), typing], width=width)
        return self._assemble(
            [self.view, rod_row, self.legend],
            [
                w.HBox([self.undo_button, self.redo_button, self.hint_toggle]),
                typing,
                self.computer.controls(),
            ],
            settings,
            width=width,
        )

    # -- reading -------------------------------------------------------------------------
    def __repr__(self) -> str:
        k = len(self._moves)
        moves = f"{k} move" + ("" if k == 1 else "s")
        o = self.state.outcome
        tail = f"{o.winner} won" if o else f"{self.state.to_move} to move"
        return (
            f"<CoffeeBoard {self.rules.name} n={self.rules.n}: {moves}, {tail}"
            f"{self._puzzle_repr()}>"
        )

    def goal_text(self) -> str:
        """How to win, with this game's number in a row.

        >>> CoffeeBoard(coffee.Rules(board="hex", size=5)).goal_text()
        'Make a line of 5 of your stones, or block your opponent: leave them only cells where no rod fits.'
        """
        return (
            f"Make a line of {self.rules.n} of your stones, or block your opponent: leave them "
            "only cells where no rod fits."
        )

    def describe(self, before: coffee.State, move: coffee.Move, after: coffee.State) -> str:
        """One move in words: "You put a black stone on e5 and laid the rod vertically."

        >>> board = CoffeeBoard(coffee.Rules(board="hex", size=4))
        >>> s = board.state
        >>> board.describe(s, coffee.Move("d4", "|"), s.play("d4|"))
        'Black put a stone on d4 and laid the rod vertically.'
        """
        who = self.actor(before)
        colour = before.to_move
        if isinstance(move, str):
            move = coffee.Move.parse(move)
        if move.cell is None or move.axis is None:  # the swap
            text = f"{who} used the pie rule: swapped colours and took Black's first stone"
        else:
            stone = "a stone" if who.lower() == colour else a_or_an(f"{colour} stone")
            rod = _ROD_WORDS.get(move.axis, f"along {move.axis}")
            text = f"{who} put {stone} on {move.cell} and laid the rod {rod}"
        outcome = after.outcome
        if outcome is not None:
            winner = self.person(outcome.winner, after)
            if outcome.line:
                text += f", making a line of {len(outcome.line)} ({', '.join(outcome.line)})"
            else:
                loser = self.person(outcome.loser, after)
                verb = "have" if loser == "you" else "has"
                text += f"; {loser} {verb} no move left"
            text += f": {winner} won"
        return text + "."

    def instruction(self) -> str:
        """What to do now, in words."""
        state = self.state
        if self.pending is not None:
            return f"choose the rod's direction for your stone on {self.pending}"
        if state.rod is None:
            return "choose any empty cell for your stone"
        text = "choose a free cell on the tinted line"
        if state.swap_available:
            text += ", or Swap (pie rule)"
        return text

    # -- actions (what the mouse and keyboard do) ----------------------------------------
    def click(self, cell: str) -> None:
        """A click on ``cell``: choose where the stone goes, or (with a stone chosen) the
        direction of the rod.

        Raises:
            TypeError: ``cell`` is not text.
        """
        if not isinstance(cell, str):
            raise TypeError(f"cell must be a cell's name such as 'e5', not {shown(cell)}")
        cell = cell.strip().lower()
        if self.puzzle is not None:
            if self.puzzle.kind == "cells":
                return self.toggle_cell(cell)  # it refuses a name that is no cell here
            if not self._puzzle_gate():
                return
        state = self.state
        self.attempt = None
        if state.outcome is not None:
            return self._say(
                f"The game is over: {state.outcome.reason}. Undo, or start a new game.", False
            )
        if self.pending is not None:
            if cell == self.pending:
                self.pending = None
                return self._say("Choice cleared: click the cell for your stone.", True)
            axis = self._axis_towards(self.pending, cell)
            if axis is not None:
                return self.choose_axis(axis)
        reason = state.why_cell_illegal(cell)
        if reason is not None:
            self.pending = None
            self.attempt = cell if state.grid.has(cell) else None
            return self._say(self._rule_words(reason), False)
        axes = state.legal_axes(cell)
        if state.wins_at(cell):
            return self._play(coffee.Move(cell, axes[0]))
        self.pending = cell
        if self.puzzle is not None:  # which directions are open is part of some answers
            return self._say(
                f"Stone on {cell}: now choose the rod's direction with a button, or click a "
                "cell in that direction.",
                True,
            )
        if len(axes) == 1:
            hint = f"only {AXIS_NAMES[axes[0]]} leaves your opponent a free cell here"
        else:
            hint = "possible: " + ", ".join(AXIS_NAMES[a] for a in axes)
        self._say(
            f"Stone on {cell}: now choose the rod's direction with a button, or click a "
            f"cell in that direction ({hint}).",
            True,
        )

    def key(self, name: str) -> None:
        """A key pressed on the board: with a cell chosen, ``|``, ``-``, ``/`` or ``\\``
        lays the rod that way (as the direction buttons do); other keys do nothing."""
        if name in AXIS_NAMES and self.pending is not None:
            self.choose_axis(name)

    def choose_axis(self, axis: str) -> None:
        """Lay the rod along ``axis`` on the chosen cell (this plays the move)."""
        if self.pending is None:
            return self._say("First click the cell where your stone goes.", False)
        move = coffee.Move(self.pending, axis)
        try:
            reason = self.state.why_illegal(move)
        except GamekitError as err:  # an axis this board does not have
            return self._say(str(err), False)
        if self.puzzle is not None:
            return self._puzzle_answer(move, attempt=move)  # drawn as tried: stone and rod
        if reason is not None:
            self.attempt = move
            return self._say(reason, False)
        self._play(move)

    def swap(self) -> None:
        """The pie rule's swap (Orange's first reply)."""
        self.type_move("swap")

    def new_game(self, rules: coffee.Rules | None = None, **options) -> None:
        """Start again: ``new_game(board="square", size=5, n=4, pie_rule=True)`` or with a
        ``Rules``; with neither, the same rules as now. If the computer plays Black, it
        begins at once.

        Raises:
            TypeError, ValueError: options the rules refuse.
        """
        if self.puzzle is not None:
            return self._say("This board shows a puzzle: Try again starts it anew.", False)
        if rules is not None:
            self._check_new_rules(rules)
        if rules is None:
            opts = self.rules.to_dict()
            if "board" in options or "size" in options:
                opts["n"] = None  # the suggested n for the new board unless given
            opts.update(options)
            rules = coffee.Rules(**opts)
        old = (self.rules.board, self.rules.size)
        self._restart(rules)
        self.pending = self.attempt = None
        self._sync_controls()
        if (rules.board, rules.size) != old:
            self._mount()
        self._say(
            f"New game on {_board_words(rules)}, {rules.n} in a row to win. Black starts anywhere.",
            True,
        )
        self.computer.turn()

    # -- internals -----------------------------------------------------------------------
    def _clear_choice(self) -> None:
        self.pending = self.attempt = None

    def _attempt_at(self, move: coffee.Move) -> str | None:
        """A refused move's cell, marked on the board (none for a swap or a cell off it)."""
        return move.cell if move.cell and self.state.grid.has(move.cell) else None

    def _move_cells(self, move) -> tuple[str, ...]:
        """The cell a puzzle mark shows a move on: its stone's (none for a swap)."""
        m = coffee.Move.parse(move)
        return () if m.cell is None else (m.cell,)  # none for the swap

    def _axis_towards(self, origin: str, cell: str) -> str | None:
        grid = self.state.grid
        if not grid.has(cell):
            return None
        i, j = grid.index(origin), grid.index(cell)
        for axis in grid.axes:
            if j in grid.line(i, axis):
                return axis
        return None

    def _on_svg_click(self, sx: float, sy: float) -> None:
        cell = click_to_cell(self.state.grid, self._transform, sx, sy)
        if cell is not None:
            self.click(cell)

    def _on_board_kind(self, change) -> None:
        sizes = _SIZES[change["new"]]
        self.size_choice.options = sizes
        self.size_choice.value = 5 if 5 in sizes else sizes[0]
        self.n_choice.value = coffee.default_n(change["new"], self.size_choice.value)

    def _new_from_controls(self) -> None:
        try:
            rules = coffee.Rules(
                board=self.board_choice.value,
                size=self.size_choice.value,
                n=self.n_choice.value,
                pie_rule=self.pie_choice.value,
            )
        except ValueError as err:
            return self._say(str(err), False)
        self.new_game(rules)

    def _sync_controls(self) -> None:
        r = self.rules
        self.board_choice.unobserve(self._on_board_kind, names="value")
        self.board_choice.value = r.board
        self.board_choice.observe(self._on_board_kind, names="value")
        sizes = _SIZES[r.board]
        self.size_choice.options = sizes if r.size in sizes else (*sizes, r.size)
        self.size_choice.value = r.size
        self.n_choice.value = r.n
        self.pie_choice.value = r.pie_rule

    def _mount(self) -> None:
        svg, self._transform = _template(self.rules.board, self.rules.size)
        self.view.label = f"Coffee board: {_board_words(self.rules)}"
        self.view.svg = svg
        self._refresh()

    def _key_targets(self) -> dict[str, tuple[float, float]]:
        """Every cell of the board, for the keyboard's ring."""
        grid = self.state.grid
        return grid_places(grid)

    def _target_words(self) -> dict[str, str]:
        """Each cell and what is on it ("e5: a black stone, the rod lies here"); with hints
        on, where a stone may go."""
        state = self.state
        owner = {c: colour for colour in ("black", "orange") for c in state.stones(colour)}
        rod = state.rod.cell if state.rod is not None else None
        open_cells = set()
        if self.hints and state.outcome is None and rod is not None:
            open_cells = set(state.legal_cells())
        out = {}
        for cell in self._key_targets():
            text = a_or_an(f"{owner[cell]} stone") if cell in owner else "empty"
            if cell == rod:
                text += ", the rod lies here"
            if cell in open_cells:
                text += ", a stone may go here"
            out[cell] = f"{cell}: {text}"
        return out

    def _hexagonal(self) -> bool:
        return self.rules.board == "hex"

    def _last_stone(self) -> str | None:
        """The cell of the computer's last stone, while you have not moved since."""
        for _before, notation, _after in reversed(self.last_computer_moves()):
            move = coffee.Move.parse(notation)
            if not move.is_swap:
                return move.cell
        return None

    def _your_stone(self) -> str | None:
        """The cell of the stone you played just before the computer's answer (while that
        answer is ringed): your own move does not vanish when the computer replies."""
        answers = len(self.last_computer_moves())
        k = len(self._moves) - answers - 1
        if not answers or k < 0:
            return None
        move = coffee.Move.parse(self._moves[k])
        return None if move.is_swap else move.cell

    def position_text(self) -> str:
        """The position in words; while a cells puzzle waits for its answer, without where
        the next stone may go (its picture leaves that line untinted too)."""
        return coffee_words(self.state, line=not self.answering)

    def _picture_highlight(self) -> dict:
        return {
            "legal": self.hints,
            "line": not self.answering,  # the rod's line would be the answer
            "last": self._last_stone(),
            "yours": self._your_stone(),
        }

    def _refresh(self) -> None:
        state = self.state
        marks = [self.pending] if self.pending else []
        look = styles(
            state,
            legal=self.hints,
            line=not self.answering,  # in "click every cell where …" the tint is the answer
            attempt=self.attempt,
            marks=marks,
            last=self._last_stone(),
            yours=self._your_stone(),
            verdicts=self.puzzle_marks(),
        )
        self.view.styles = {name: s.to_json() for name, s in look.items()}
        axes = state.grid.axes
        legal = set(state.legal_axes(self.pending)) if self.pending else set()
        if self.puzzle is not None and self.pending:  # every direction may be tried
            legal = set(axes)
        for axis, button in self.axis_buttons.items():
            button.layout.display = None if axis in axes else "none"
            button.disabled = axis not in legal
            button.button_style = "primary" if axis in legal else ""
        self.swap_button.layout.display = None if self.rules.pie_rule else "none"
        self.swap_button.disabled = not state.swap_available
        self._refresh_panel()
