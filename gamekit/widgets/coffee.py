"""The clickable Coffee board.

Click a cell to put a stone there, then choose the rod's direction with a button, or with a
second click on any cell along that direction. A refused move is marked with a red cross and
the message line says which rule forbids it. Undo, redo, a hint toggle that rings every legal
cell, a box to type moves (``e5|``), and new games with any board, size, ``n`` and pie rule.
An optional computer opponent (``opponent="simple"``, ``"random"``, ``"greedy"`` or
``"mcts"``, or a :class:`~gamekit.players.Player`; or the "computer" dropdown) plays the seats
in ``computer_plays`` (Orange unless told) and answers each move; the message line says what
it played.

The widget only translates clicks into moves: :mod:`gamekit.coffee` decides what is legal.
Everything a mouse can do has a method (``click``, ``choose_axis``, ``type_move``, ``undo``
…), so lessons and tests drive the board the same way a learner does.

>>> board = CoffeeBoard(coffee.Rules(board="square", size=5))
>>> board.click("c3"); board.choose_axis("-")
>>> board
<CoffeeBoard square5 n=4: 1 move, orange to move>
>>> board.click("a1"); board.message
"a1 is not allowed: a1 is not on the rod's line. The rod on c3 lies along '-' (horizontal), so the stone must go on that line: a3, b3, d3 or e3."
"""

from __future__ import annotations

import html
from functools import cache

import ipywidgets as w

from gamekit import coffee
from gamekit.errors import GamekitError
from gamekit.grids import AXIS_NAMES
from gamekit.players import LEVELS, Player, computer_seats, make_opponent, plays_now
from gamekit.records import Record
from gamekit.render.coffee import CoffeeView, caption, styles
from gamekit.widgets.base import GameBoard
from gamekit.widgets.view import BoardView, click_to_cell

__all__ = ["CoffeeBoard"]

_SIZES = {"hex": (3, 4, 5, 6), "square": (4, 5, 6, 7, 8)}
_NOBODY = "nobody"


@cache
def _template(board: str, size: int) -> tuple[str, tuple[float, float, float, float]]:
    """The SVG of an empty board and its drawing-to-SVG transform (one per board)."""
    view = CoffeeView(coffee.Rules(board=board, size=size, n=2), show_caption=False)
    return view.drawing.svg(), view.drawing.svg_transform()


class CoffeeBoard(GameBoard):
    """A Coffee game on a clickable board, with its controls.

    ``CoffeeBoard(rules)`` starts a new game; ``CoffeeBoard(record=rec)`` continues a saved
    one. Display it as the last line of a notebook cell.

    The computer, as on every board: ``opponent`` is ``None`` (nobody), a level name
    (:data:`gamekit.players.LEVEL_NAMES`) or a :class:`~gamekit.players.Player`;
    ``computer_plays`` is the seat it plays (``"black"`` or ``"orange"``, the default), or a
    tuple of seats; ``seed`` seeds it. After a pie-rule swap it goes on as the same player,
    in the other colour.

    Raises:
        TypeError, ValueError: ``opponent`` is not ``None``, a level or a player;
            ``computer_plays`` names no seat of the game.
    """

    def __init__(
        self,
        rules: coffee.Rules | None = None,
        *,
        record: Record | None = None,
        hints: bool = False,
        width: int = 460,
        opponent: str | Player | None = None,
        computer_plays: str | tuple[str, ...] = "orange",
        seed: int | None = 0,
    ) -> None:
        self._load(rules, record, coffee.Rules)
        self.pending: str | None = None
        self.attempt: str | None = None
        self.message = ""
        self._ok = True
        self.computer_plays = computer_seats(self.rules, computer_plays)
        make_opponent(opponent, seed)  # refused before the board is built
        self._seed = seed
        self._player: Player | None = None
        self._level: str | Player | None = None

        self.view = BoardView(width=width)
        self.view.on_click(self._on_svg_click)
        self.status = w.HTML()
        self.message_line = w.HTML()
        self.axis_buttons = {}
        for axis in ("|", "-", "/", "\\"):
            b = w.Button(
                description=axis,
                tooltip=f"lay the rod {AXIS_NAMES[axis]}",
                layout=w.Layout(width="48px"),
            )
            b.on_click(lambda _b, a=axis: self.choose_axis(a))
            self.axis_buttons[axis] = b
        self._history_buttons()
        self.swap_button = w.Button(description="Swap", tooltip="pie rule: take Black's stone")
        self.hint_toggle = w.ToggleButton(value=hints, description="Hints", icon="lightbulb-o")
        self.swap_button.on_click(lambda _b: self.swap())
        self.hint_toggle.observe(lambda _c: self._refresh(), names="value")
        self.move_box = w.Text(
            placeholder="type a move: e5| or c3/ (Enter)",
            continuous_update=False,
            layout=w.Layout(width="230px"),
        )
        self.move_box.observe(self._on_typed, names="value")
        self.play_button = w.Button(description="Play", layout=w.Layout(width="70px"))
        self.play_button.on_click(lambda _b: self._on_typed({"new": self.move_box.value}))

        r = self.rules
        self.board_choice = w.Dropdown(
            options=["hex", "square"], value=r.board, description="board"
        )
        self.size_choice = w.Dropdown(
            options=_SIZES[r.board] if r.size in _SIZES[r.board] else (*_SIZES[r.board], r.size),
            value=r.size,
            description="size",
        )
        self.n_choice = w.BoundedIntText(value=r.n, min=2, max=51, description="n")
        self.pie_choice = w.Checkbox(value=r.pie_rule, description="pie rule")
        self.board_choice.observe(self._on_board_kind, names="value")
        self.opponent_choice = w.Dropdown(
            options=[_NOBODY, *LEVELS],
            value=_NOBODY,
            description="computer",
            tooltip="play against the computer: it answers each of your moves",
            layout=w.Layout(width="190px"),
            style={"description_width": "65px"},
        )
        self.opponent_choice.observe(self._on_opponent, names="value")
        new_button = w.Button(description="New game", button_style="primary")
        new_button.on_click(lambda _b: self._new_from_controls())
        for c in (self.board_choice, self.size_choice, self.n_choice):
            c.layout = w.Layout(width="170px")
            c.style = {"description_width": "45px"}

        self.widget = w.VBox(
            [
                self.status,
                self.view,
                w.HBox([w.Label("rod:"), *self.axis_buttons.values(), self.swap_button]),
                self.message_line,
                w.HBox([self.undo_button, self.redo_button, self.hint_toggle]),
                w.HBox([self.move_box, self.play_button]),
                w.HBox([self.board_choice, self.size_choice, self.n_choice]),
                w.HBox([self.pie_choice, new_button]),
                w.HBox([self.opponent_choice]),
            ],
            layout=w.Layout(max_width=f"{width + 20}px"),
        )
        self._mount()
        if opponent is not None:
            self.opponent = opponent

    # -- reading -------------------------------------------------------------------------
    @property
    def opponent(self) -> str | Player | None:
        """The computer opponent: ``None``, a level (``"simple"``, ``"random"``,
        ``"greedy"``, ``"mcts"``) or a :class:`~gamekit.players.Player`. Setting it lets the
        computer move at once if it is its turn."""
        return self._level

    @opponent.setter
    def opponent(self, level: str | Player | None) -> None:
        if level == _NOBODY:
            level = None
        self._player = make_opponent(level, self._seed)
        self._level = level
        shown = level if isinstance(level, str) else _NOBODY
        if self.opponent_choice.value != shown:
            self.opponent_choice.unobserve(self._on_opponent, names="value")
            self.opponent_choice.value = shown
            self.opponent_choice.observe(self._on_opponent, names="value")
        self._computer_turn()

    def __repr__(self) -> str:
        k = len(self._moves)
        moves = f"{k} move" + ("" if k == 1 else "s")
        o = self.state.outcome
        tail = f"{o.winner} won" if o else f"{self.state.to_move} to move"
        return f"<CoffeeBoard {self.rules.name} n={self.rules.n}: {moves}, {tail}>"

    # -- actions (what the mouse and keyboard do) ----------------------------------------
    def click(self, cell: str) -> None:
        """A click on ``cell``: choose where the stone goes, or (with a stone chosen) the
        direction of the rod."""
        if isinstance(cell, str):
            cell = cell.strip().lower()
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
            return self._say(reason, False)
        axes = state.legal_axes(cell)
        if state.wins_at(cell):
            return self._play(coffee.Move(cell, axes[0]))
        self.pending = cell
        if len(axes) == 1:
            hint = f"only {axes[0]} leaves your opponent a free cell here"
        else:
            hint = "possible: " + " ".join(axes)
        self._say(
            f"Stone on {cell}: now choose the rod's direction with a button, or click a "
            f"cell in that direction ({hint}).",
            True,
        )

    def choose_axis(self, axis: str) -> None:
        """Lay the rod along ``axis`` on the chosen cell (this plays the move)."""
        if self.pending is None:
            return self._say("First click the cell where your stone goes.", False)
        move = coffee.Move(self.pending, axis)
        try:
            reason = self.state.why_illegal(move)
        except GamekitError as err:  # an axis this board does not have
            return self._say(str(err), False)
        if reason is not None:
            return self._say(reason, False)
        self._play(move)

    def type_move(self, text: str) -> None:
        """Play a typed move (``"e5|"``, ``"swap"``); a bad one is refused with the reason."""
        text = (text or "").strip()
        if not text:
            return
        try:
            move = coffee.Move.parse(text)
            reason = self.state.why_illegal(move)
        except GamekitError as err:
            return self._say(str(err), False)
        if reason is not None:
            self.attempt = move.cell if move.cell and self.state.grid.has(move.cell) else None
            return self._say(reason, False)
        self.pending = None
        self._play(move)

    def swap(self) -> None:
        """The pie rule's swap (Orange's first reply)."""
        self.type_move("swap")

    def undo(self) -> None:
        """Take back the last move (with a computer opponent: its move and yours)."""
        if not self._moves:
            return self._say("Nothing to undo.", False)
        taken = []
        while self._moves:
            self._take_back()
            taken.append(self._redo[-1])
            if not self._computer_to_move():
                break
        self.pending = self.attempt = None
        self._say(f"Took back {', '.join(reversed(taken))}.", True)

    def redo(self) -> None:
        """Play again the last move taken back."""
        if not self._redo:
            return self._say("Nothing to redo.", False)
        again = []
        while self._redo:
            move = self._replay()
            again.append(move)
            if not self._computer_to_move():
                break
        self.pending = self.attempt = None
        self._say(f"Played {', '.join(again)} again.", True)

    def new_game(self, rules: coffee.Rules | None = None, **options) -> None:
        """Start again: ``new_game(board="square", size=5, n=4, pie_rule=True)`` or with a
        ``Rules``; with neither, the same rules as now."""
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
        self._say(f"New game on {rules.name} with n={rules.n}. Black starts anywhere.", True)
        self._computer_turn()

    # -- internals -----------------------------------------------------------------------
    def _computer_to_move(self) -> bool:
        """Whether the computer plays the side to move (a swap exchanges the sides)."""
        return self._player is not None and plays_now(self.state, self.computer_plays)

    def _computer_turn(self) -> None:
        """Let the computer play while it is its turn (once, unless it swapped)."""
        before = self.message if self._moves else ""
        said = []
        while self._computer_to_move():
            move = self._player.choose(self.state)
            self._play(move, quiet=True)
            name = self._level if isinstance(self._level, str) else repr(self._level)
            text = f"Computer ({name}) played {move}."
            if move.is_swap:
                text = f"Computer ({name}) swapped colours: Black's first stone is its own now."
            outcome = self.state.outcome
            if outcome is not None:
                text += f" {outcome.reason}."
            said.append(text)
        if said:
            self._say(" ".join([before, *said]).strip(), True)

    def _on_opponent(self, change) -> None:
        self.opponent = change["new"]

    def _play(self, move: coffee.Move, quiet: bool = False) -> None:
        before = self.state
        self._states.append(before.play(move))
        self._moves.append(str(move))
        self._redo = []
        self.pending = self.attempt = None
        who = before.to_move.capitalize()
        outcome = self.state.outcome
        text = f"{who} played {move}." if not move.is_swap else "Orange swapped colours."
        if outcome is not None:
            text += f" {outcome.reason}."
        if quiet:
            return
        self._say(text, True)
        self._computer_turn()

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

    def _on_typed(self, change) -> None:
        text = change["new"]
        if not text:
            return
        try:
            legal = self.state.why_illegal(text) is None
        except GamekitError:
            legal = False
        if legal:
            # Cleared before the board changes, so a learner who types on loses nothing.
            self.move_box.value = ""
        self.type_move(text)  # a refused move stays in the box, to be corrected

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
        self.view.label = f"Coffee board {self.rules.name}"
        self.view.svg = svg
        self._refresh()

    def _refresh(self) -> None:
        state = self.state
        marks = [self.pending] if self.pending else []
        look = styles(state, legal=self.hints, attempt=self.attempt, marks=marks)
        self.view.styles = {name: s.to_json() for name, s in look.items()}
        self.status.value = f"<b>{html.escape(caption(state))}</b>"
        colour = "#1b6e3a" if self._ok else "#b3261e"
        self.message_line.value = (
            f'<span style="color:{colour}">{html.escape(self.message)}</span>'
            if self.message
            else ""
        )
        axes = state.grid.axes
        legal = set(state.legal_axes(self.pending)) if self.pending else set()
        for axis, button in self.axis_buttons.items():
            button.layout.display = None if axis in axes else "none"
            button.disabled = axis not in legal
            button.button_style = "info" if axis in legal else ""
        self.swap_button.layout.display = None if self.rules.pie_rule else "none"
        self.swap_button.disabled = not state.swap_available
        self.undo_button.disabled = not self._moves
        self.redo_button.disabled = not self._redo
