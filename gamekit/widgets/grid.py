"""A clickable board for any game on a grid, and :func:`board_for`, which finds every game's.

A registered game whose rules have a ``grid`` and whose states have ``pieces`` (see
:mod:`gamekit.render.grid`) plays here with no board code of its own. A click on a cell
plays the legal move whose notation is that cell's label; if several legal moves start on
it (``a1-b2``, ``a1-c3``), the board offers them as buttons, and a click on a cell a
pending move reaches plays that one. A move the rules refuse is not played: the message line
shows the rules' own words (``why_illegal``). The log, undo and redo, the move box, hints,
every computer level and the game-over banner are the ones every board has; a puzzle of the
game is shown and graded on it too.

>>> from gamekit import gipf
>>> board_for(gipf.Rules()).__class__.__name__
'GipfBoard'
"""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar

import ipywidgets as w

from gamekit.errors import shown
from gamekit.game import facts, game_of, part
from gamekit.grids import Grid
from gamekit.players import Player, computer_seats, make_opponent
from gamekit.puzzles import Puzzle
from gamekit.records import Record
from gamekit.render import grid as picture
from gamekit.widgets.base import GameBoard
from gamekit.widgets.keys import grid_places
from gamekit.widgets.view import click_to_cell

__all__ = ["GridBoard", "board_for"]


def board_for(rules: Any = None, **options: Any) -> Any:
    """The board of the game ``rules`` belong to (:func:`gamekit.game.part`: the game's
    own, or the kit's :class:`GridBoard` for a game on a grid); ``options`` go to the board
    (``opponent="club"``, ``width=...``). Given a ``puzzle=`` and no rules, the board of the
    puzzle's game, set to that puzzle.

    Raises:
        TypeError: ``rules`` are no registered game's, or the game has neither a board of
            its own nor a grid and pieces (the message says what it lacks).
    """
    if rules is None and options.get("puzzle") is not None:
        return options["puzzle"].board(**{k: v for k, v in options.items() if k != "puzzle"})
    game_of(rules)
    return part(rules, "board")(rules, **options)


@cache
def _template(grid: Grid) -> tuple[str, tuple[float, float, float, float]]:
    """The SVG of an empty board and its drawing-to-SVG transform (one per grid)."""
    view = picture.GridView(grid, show_caption=False)
    return view.drawing.svg(), view.drawing.svg_transform()


class GridBoard(GameBoard):
    """Any game on a grid on a clickable board: ``GridBoard(rules)`` starts a game,
    ``GridBoard(record=rec)`` goes on with a saved one, ``GridBoard(puzzle=p)`` shows a
    puzzle of the game. The computer as on every board: ``opponent`` a level name or a
    :class:`~gamekit.players.Player` (``None``: nobody), ``computer_plays`` its seat (the
    last seat unless told), ``seed``.

    Raises:
        TypeError, ValueError: no rules, record or puzzle; an opponent, seat or seed the
            boards refuse; a puzzle given with rules, a record or an opponent.
    """

    person_actions: ClassVar[tuple[str, ...]] = ("click", "type_move", "choose")

    def __init__(
        self,
        rules: Any = None,
        *,
        record: Record | None = None,
        hints: bool = False,
        width: int = 520,
        opponent: str | Player | None = None,
        computer_plays: str | tuple[str, ...] | None = None,
        seed: int | None = 0,
        puzzle: Puzzle | None = None,
    ) -> None:
        if rules is None and record is None and puzzle is None:
            raise TypeError("GridBoard needs the rules of a game (or a record, or a puzzle)")
        shown = puzzle.rules if puzzle is not None else rules if rules is not None else record
        game = type(getattr(shown, "rules", shown))
        puzzled = self._begin(rules, record, puzzle, seed, game, opponent=opponent)
        hints = hints and not puzzled  # on a puzzle, the rings would show the answer
        self.pending: str | None = None
        self.attempt: str | None = None
        seats = self.rules.seats
        self.computer_plays = computer_seats(self.rules, computer_plays or seats[-1])
        make_opponent(opponent, self._seed)  # refused before the board is built
        self._board_view(width)
        self.choices = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._history_buttons()
        self._hint_control(hints, "ring every cell where a legal move starts", "Show legal cells")
        self._move_controls("or type a move (Enter)", "a move in the game's notation", "230px")
        self._new_game_button("start again with the same rules")
        self.widget = self._layout(width)
        self._mount()
        if opponent is not None and self.puzzle is None:
            self.opponent = opponent

    def _layout(self, width: int) -> w.Box:
        typing = w.HBox([self.move_box, self.play_button])
        if self.puzzle is not None:
            return self._assemble([self.view, self.choices], [*self._puzzle_panel(), typing],
                                  width=width)  # fmt: skip
        return self._assemble(
            [self.view, self.choices],
            [w.HBox([self.undo_button, self.redo_button, self.hint_toggle]), typing,
             self.computer.controls()],
            [self.new_button],
            width=width,
        )  # fmt: skip

    # -- reading -------------------------------------------------------------------------
    def __repr__(self) -> str:
        k = len(self._moves)
        o = self.state.outcome
        tail = o.reason if o is not None else f"{self.state.to_move} to move"
        moves = f"{k} move" + ("" if k == 1 else "s")
        return f"<GridBoard {self.rules.game}: {moves}, {tail}{self._puzzle_repr()}>"

    def goal_text(self) -> str:
        """The game's own goal line, if its rules have one (``goal``), else its title."""
        goal = getattr(self.rules, "goal", "")
        return goal if isinstance(goal, str) and goal else f"{facts(self.rules).title}."

    def instruction(self) -> str:
        if self.pending is not None:
            return f"choose a move from {self.pending} (buttons under the board)"
        return "click a cell to play there"

    # -- actions -------------------------------------------------------------------------
    def click(self, cell: str) -> None:
        """A click on ``cell``: plays the legal move that is that cell (or the one move that
        starts there), offers the moves that start there, or finishes a pending move.

        Raises:
            TypeError: ``cell`` is not text.
        """
        if not isinstance(cell, str):
            raise TypeError(f"cell must be a cell's label such as 'b2', not {shown(cell)}")
        cell = cell.strip().lower()
        if self.puzzle is not None:
            if self.puzzle.kind == "cells":
                return self.toggle_cell(cell)
            if not self._puzzle_gate():
                return
        state = self.state
        self.attempt = None
        if state.outcome is not None:
            return self._say(
                f"The game is over: {state.outcome.reason}. Undo, or start a new game.", False
            )
        grid = state.rules.grid
        legal = list(state.legal_moves())
        if self.pending is not None:
            reaching = [m for m in self._from(self.pending, legal) if cell in self._cells(m)[1:]]
            if reaching:
                return self._play(reaching[0])
            self.pending = None
        exact = [m for m in legal if str(m).strip().lower() == cell]
        if exact:
            return self._play(exact[0])
        starting = self._from(cell, legal)
        if len(starting) == 1:
            return self._play(starting[0])
        if starting:
            self.pending = cell
            return self._say(f"From {cell}: choose one of {len(starting)} moves below.", True)
        self.attempt = cell if grid.has(cell) else None
        if self.puzzle is not None and grid.has(cell):
            return self._puzzle_answer(cell, attempt=cell)  # graded: the rules' refusal
        self._say(self._refusal_of(cell), False)

    def choose(self, move: str) -> None:
        """Play one of the moves offered under the board (by its notation).

        Raises:
            TypeError: ``move`` is not text.
        """
        if not isinstance(move, str):
            raise TypeError(f"move must be a move's notation, not {shown(move)}")
        self.type_move(move)

    def new_game(self, rules: Any = None, **options: Any) -> None:
        """Start again, with ``rules`` or these rules changed by ``options`` (through the
        rules' ``to_dict`` and ``from_dict``); the game on the board is kept if they are
        refused.

        Raises:
            TypeError, ValueError: rules of another game, or options the rules refuse.
        """
        if self.puzzle is not None:
            return self._say("This board shows a puzzle: Try again starts it anew.", False)
        if rules is None:
            rules = type(self.rules).from_dict({**self.rules.to_dict(), **options})
        old = self.rules.grid
        self._restart(rules)
        self.pending = self.attempt = None
        if rules.grid is not old:
            self._mount()
        self._say("New game.", True)
        self.computer.turn()

    # -- internals -----------------------------------------------------------------------
    def _new_from_controls(self) -> None:
        self.new_game()

    def _cells(self, move: Any) -> tuple[str, ...]:
        return picture.move_cells(self.rules.grid, move)

    def _from(self, cell: str, legal: list[Any]) -> list[Any]:
        """The legal moves whose first cell is ``cell`` (not the move that is the cell)."""
        return [m for m in legal if self._cells(m)[:1] == (cell,) and str(m).lower() != cell]

    def _refusal_of(self, text: str) -> str:
        """The rules' own words on ``text`` as a move (or why it is none)."""
        try:
            reason = self.state.why_illegal(text)
        except (ValueError, TypeError) as err:  # not a move of the game at all
            return str(err) or f"{text} is not a move of this game."
        if reason is None:
            return f"No legal move is {text} now."
        return str(reason)

    def _clear_choice(self) -> None:
        self.pending = self.attempt = None

    def _read_move(self, text: str) -> str:
        """Typed text as it is: :func:`_typed` finds the legal move it means."""
        return text

    def _typed_move(self, move: Any) -> None:
        legal = _typed(self.state, move)
        if legal is not None:
            return self._play(legal)
        self.attempt = None
        if self.puzzle is not None:
            return self._puzzle_answer(move)
        self._say(self._refusal_of(move), False)

    def _move_cells(self, move: Any) -> tuple[str, ...]:
        return self._cells(move)

    def _on_svg_click(self, sx: float, sy: float) -> None:
        cell = click_to_cell(self.rules.grid, self._transform, sx, sy)
        if cell is not None:
            self.click(cell)

    def _last_move(self) -> Any:
        """The computer's last move, while you have not moved since; else the last move."""
        answers = self.last_computer_moves()
        if answers:
            return answers[-1][1]
        return self._moves[-1] if self._moves else None

    def _picture_highlight(self) -> dict[str, Any]:
        return {"legal": self.hints, "last": self._last_move()}

    def _key_targets(self) -> dict[str, tuple[float, float]]:
        """Every cell of the grid, for the keyboard's ring."""
        grid = self.rules.grid
        return grid_places(grid)

    def _target_words(self) -> dict[str, str]:
        """Each cell and whose piece is on it ("b2: Black's piece", "c3: empty")."""
        pieces = getattr(self.state, "pieces", {})
        out = {}
        for cell in self._key_targets():
            owner = pieces.get(cell) if hasattr(pieces, "get") else None
            out[cell] = f"{cell}: {self.possessive(owner)} piece" if owner else f"{cell}: empty"
        return out

    def _hexagonal(self) -> bool:
        return self.rules.grid.kind == "hex"

    def _mount(self) -> None:
        svg, self._transform = _template(self.rules.grid)
        title = facts(self.rules).title
        grid = self.rules.grid
        self.view.label = f"{title} board: {grid.kind} grid of {len(grid)} cells"
        self.view.svg = svg
        self._refresh()

    def _refresh(self) -> None:
        look = picture.styles(
            self.state,
            last=self._last_move(),
            legal=self.hints,
            marks=[self.pending] if self.pending else [],
            attempt=self.attempt,
            verdicts=self.puzzle_marks(),
        )
        self.view.styles = {name: s.to_json() for name, s in look.items()}
        options = self._from(self.pending, list(self.state.legal_moves())) if self.pending else []
        buttons = []
        for m in options:
            b = w.Button(description=str(m), tooltip=f"play {m}", layout=w.Layout(width="auto"))
            b.on_click(lambda _b, text=str(m): self.choose(text))
            buttons.append(b)
        self.choices.children = buttons
        self._refresh_panel()


def _typed(state: Any, text: str) -> Any:
    """The legal move ``text`` means: its notation as written, in either case, or any
    text the game's own rules accept for a legal move (``why_illegal`` says ``None``), as
    the move that leads to the same position; ``None`` if none."""
    legal = state.legal_moves()
    for same in (lambda m: str(m) == text, lambda m: str(m).lower() == text.lower()):
        move = next((m for m in legal if same(m)), None)
        if move is not None:
            return move
    try:
        if state.why_illegal(text) is not None:
            return None
        after = state.play(text)
    except Exception:  # not a move of this game at all: the refusal says so
        return None
    return next((m for m in legal if state.play(m) == after), None)
