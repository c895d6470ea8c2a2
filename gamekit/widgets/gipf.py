"""The clickable GIPF board.

Click a dot, then the spot where its piece enters (or any spot further along that line, or
the arrow): the piece is pushed in. When a push makes a row, the rows that may be taken
light up: click a spot of one of them. If its segment holds GIPF pieces, each gets a
keep/take toggle (a click on the piece toggles it too), and the *Remove* button takes the
row. A refused move is marked with a red cross and the message line says which rule forbids
it. Undo, redo, a hint toggle that shows every legal push as an arrow, a box to type moves
(``e1-e2``, ``Ge1-e2``, ``xe2-e5 keep e5``), new games of any variant and an optional
computer opponent (``opponent="simple"``, ``"random"``, ``"greedy"`` or ``"mcts"``, playing
``computer_plays``, Black unless told).

The widget only translates clicks into moves: :mod:`gamekit.gipf` decides what is legal.
Everything a mouse can do has a method (``click``, ``toggle_keep``, ``remove``,
``type_move`` …), so lessons and tests drive the board the way a learner does.

>>> board = GipfBoard(gipf.Rules(variant="basic"))
>>> board.click("e1"); board.click("e2")
>>> board
<GipfBoard basic: 1 move, black to push>
>>> board.click("e5"); board.message
'e5 is a spot of the play area: a push starts on one of the 24 dots around the edge. Click a dot first.'
"""

from __future__ import annotations

import html
from functools import cache

import ipywidgets as w

from gamekit import gipf
from gamekit.errors import GamekitError
from gamekit.players import LEVEL_NAMES, Player, computer_seats, make_opponent, plays_now
from gamekit.records import Record
from gamekit.render.gipf import GipfView, caption, styles
from gamekit.widgets.base import GameBoard
from gamekit.widgets.view import BoardView, click_to_cell

__all__ = ["GipfBoard"]

#: Playouts a move for the "mcts" level: a move takes about a second.
_MCTS_ITERATIONS = 100


@cache
def _template() -> tuple[str, tuple[float, float, float, float]]:
    """The SVG of the board and its drawing-to-SVG transform (made once)."""
    view = GipfView(show_caption=False)
    return view.drawing.svg(), view.drawing.svg_transform()


class GipfBoard(GameBoard):
    """A GIPF game on a clickable board, with its controls.

    ``GipfBoard(rules)`` starts a new game (``gipf.Rules(variant=...)``);
    ``GipfBoard(record=rec)`` continues a saved one. Display it as the last line of a
    notebook cell.

    The computer, as on every board: ``opponent`` is ``None`` (nobody), a level name
    (:data:`gamekit.players.LEVEL_NAMES`) or a :class:`~gamekit.players.Player`;
    ``computer_plays`` is the seat it plays (``"white"`` or ``"black"``, the default), or a
    tuple of seats; ``seed`` seeds it. The old names still work: ``computer="black"`` is
    ``computer_plays="black"`` with ``opponent=level`` (``"simple"`` unless given).

    Raises:
        TypeError, ValueError: ``opponent`` is not ``None``, a level or a player;
            ``computer_plays`` (or ``computer``) names no seat of the game.
    """

    def __init__(
        self,
        rules: gipf.Rules | None = None,
        *,
        record: Record | None = None,
        hints: bool = False,
        opponent: str | Player | None = None,
        computer_plays: str | tuple[str, ...] = "black",
        seed: int | None = 0,
        width: int = 560,
        computer: str | None = None,
        level: str | None = None,
    ) -> None:
        self._load(rules, record, gipf.Rules)
        if computer is not None:  # the old names: computer="black", level="greedy"
            computer_plays = computer_seats(self.rules, computer, "computer")
            if opponent is None:
                opponent = level or "simple"
        self.computer_plays = computer_seats(self.rules, computer_plays)
        self._seed = seed
        self._player = make_opponent(opponent, seed, iterations=_MCTS_ITERATIONS)
        self._level = opponent
        self.dot: str | None = None
        self.segment: tuple[str, ...] | None = None
        self.keep: set[str] = set()
        self.attempt: str | None = None
        self.message = ""
        self._ok = True

        self.view = BoardView(width=width, label="GIPF board")
        self.view.on_click(self._on_svg_click)
        self.status = w.HTML()
        self.message_line = w.HTML()
        self.gipf_toggle = w.ToggleButton(
            value=False, description="GIPF piece", tooltip="push a GIPF piece (tournament)"
        )
        self.gipf_toggle.observe(lambda _c: self._refresh(), names="value")
        self.keep_box = w.HBox([])
        self.remove_button = w.Button(description="Remove row", button_style="warning")
        self.remove_button.on_click(lambda _b: self.remove())
        self._history_buttons()
        self.hint_toggle = w.ToggleButton(value=hints, description="Hints", icon="lightbulb-o")
        self.hint_toggle.observe(lambda _c: self._refresh(), names="value")
        self.move_box = w.Text(
            placeholder="type a move: e1-e2, Ge1-e2, xe2-e5 (Enter)",
            continuous_update=False,
            layout=w.Layout(width="300px"),
        )
        self.move_box.observe(self._on_typed, names="value")
        self.play_button = w.Button(description="Play", layout=w.Layout(width="70px"))
        self.play_button.on_click(lambda _b: self.type_move(self.move_box.value))
        self.variant_choice = w.Dropdown(
            options=list(gipf.VARIANTS),
            value=self.rules.variant,
            description="game",
            layout=w.Layout(width="200px"),
        )
        new_button = w.Button(description="New game", button_style="primary")
        new_button.on_click(lambda _b: self._new_from_controls())
        self.computer_choice = w.Dropdown(
            options=[
                ("no computer", ""),
                ("computer: black", "black"),
                ("computer: white", "white"),
            ],
            value=self.computer_plays[0] if opponent is not None else "",
            description="play",
            layout=w.Layout(width="210px"),
        )
        self.level_choice = w.Dropdown(
            options=LEVEL_NAMES,
            value=opponent if isinstance(opponent, str) else level or LEVEL_NAMES[0],
            description="level",
            layout=w.Layout(width="170px"),
        )

        self.widget = w.VBox(
            [
                self.status,
                self.view,
                w.HBox([self.gipf_toggle, self.keep_box, self.remove_button]),
                self.message_line,
                w.HBox([self.undo_button, self.redo_button, self.hint_toggle]),
                w.HBox([self.move_box, self.play_button]),
                w.HBox([self.computer_choice, self.level_choice]),
                w.HBox([self.variant_choice, new_button]),
            ],
            layout=w.Layout(max_width=f"{width + 20}px"),
        )
        svg, self._transform = _template()
        self.view.svg = svg
        self._refresh()
        self._computer_turn()

    # -- reading -------------------------------------------------------------------------
    def __repr__(self) -> str:
        k = len(self._moves)
        moves = f"{k} move" + ("" if k == 1 else "s")
        o = self.state.outcome
        tail = f"{o.winner} won" if o else f"{self.state.to_move} to {self.state.phase}"
        return f"<GipfBoard {self.rules.variant}: {moves}, {tail}>"

    # -- actions (what the mouse and keyboard do) ----------------------------------------
    def click(self, point: str) -> None:
        """A click on a point: choose a dot, push from the chosen dot, choose a row to
        remove, or toggle keeping a GIPF piece of the chosen row."""
        point = point.strip().lower() if isinstance(point, str) else point
        state = self.state
        self.attempt = None
        if not isinstance(point, str) or not gipf.GRID.has(point):
            return self._say(f"The GIPF board has no point {point}.", False)
        if state.outcome is not None:
            return self._say(
                f"The game is over: {state.outcome.reason}. Undo, or start a new game.", False
            )
        if state.phase == "remove":
            return self._click_remove(point)
        if point in gipf.DOTS:
            return self._click_dot(point)
        if self.dot is None:
            return self._say(
                f"{point} is a spot of the play area: a push starts on one of the 24 dots "
                "around the edge. Click a dot first.",
                False,
            )
        move = gipf.Move.parse(f"{'G' if self._gipf_wanted() else ''}{self.dot}-{point}")
        # A click further along the line means the same push (the spot is not an "end").
        self._try(gipf.Push(move.dot, move.entry, move.gipf), point)

    def toggle_keep(self, spot: str) -> None:
        """Keep (or take again) the GIPF piece on ``spot`` of the chosen row."""
        if self.segment is None or spot not in self._gipfs():
            return self._say(f"{spot} holds no GIPF piece of the chosen row.", False)
        self.keep ^= {spot}
        self._say(self._removal_hint(), True)

    def remove(self) -> None:
        """Take the chosen row, keeping the GIPF pieces marked to keep."""
        if self.segment is None:
            return self._say("First click a spot of a lit row to choose it.", False)
        kept = tuple(s for s in self.segment if s in self.keep)
        self._try(gipf.Removal(self.segment, kept), None)

    def type_move(self, text: str) -> None:
        """Play a typed move (``"e1-e2"``, ``"Ge1-e2"``, ``"xe2-e5 keep e5"``, or a whole
        ply ``"e1-e2 xe2-e5"``); a bad one is refused with the reason."""
        text = (text or "").strip()
        if not text:
            return
        parts = gipf._split_ply(text)
        if len(parts) > 1:
            for part in parts:
                self.type_move(part)
                if not self._ok:
                    break
            return
        try:
            move = gipf.Move.parse(text)
        except GamekitError as err:
            return self._say(str(err), False)
        self._try(move, move.entry if isinstance(move, gipf.Push) else None)

    def undo(self) -> None:
        """Take back the last move (a push or one removal); against the computer, back to
        your own last decision."""
        if not self._moves:
            return self._say("Nothing to undo.", False)
        while self._moves:
            computer_moved = self._computer_plays(self._states[-2])
            self._take_back()
            if not computer_moved:
                break
        self._clear()
        self._say(f"Took back {self._redo[-1]}.", True)

    def redo(self) -> None:
        """Play again the last move taken back."""
        if not self._redo:
            return self._say("Nothing to redo.", False)
        move = self._replay()
        self._clear()
        self._say(f"Played {move} again.", True)

    def new_game(self, rules: gipf.Rules | None = None, *, variant: str | None = None) -> None:
        """Start again: ``new_game(variant="tournament")`` or with ``Rules``; with neither,
        the same rules as now."""
        if rules is None:
            rules = gipf.Rules(variant=variant or self.rules.variant)
        self._restart(rules)
        self._clear()
        self.variant_choice.value = rules.variant
        self._say(f"New {rules.variant} game. White pushes first.", True)
        self._computer_turn()

    # -- internals -----------------------------------------------------------------------
    def _clear(self) -> None:
        self.dot = self.attempt = self.segment = None
        self.keep = set()

    def _gipf_wanted(self) -> bool:
        state = self.state
        if self.rules.variant != "tournament" or not state.may_place_gipf(state.to_move):
            return False
        if state.reserve(state.to_move) >= 2 and not any(not m.gipf for m in state.legal_moves()):
            return True  # the first move: a GIPF piece is the only choice
        return bool(self.gipf_toggle.value)

    def _click_dot(self, dot: str) -> None:
        if dot == self.dot:
            self.dot = None
            return self._say("Choice cleared: click a dot to push from.", True)
        state = self.state
        g = self._gipf_wanted()
        options = [m for m in state.legal_moves() if m.dot == dot and m.gipf == g]
        if not options:
            self.dot, self.attempt = None, dot
            reasons = [
                state.why_illegal(gipf.Push(dot, gipf.GRID.label(e), g))
                for e in gipf._tables().dot_entries[gipf.GRID.index(dot)]
            ]
            text = " ".join(r for r in reasons if r) or f"No push from {dot} is possible now."
            return self._say(text, False)
        if len(gipf._tables().dot_entries[gipf.GRID.index(dot)]) == 1:
            return self._try(options[0], None)  # a corner dot: one way in
        self.dot = dot
        entries = " or ".join(m.entry for m in options)
        self._say(f"Piece on {dot}: now click where it enters, {entries}.", True)

    def _click_remove(self, spot: str) -> None:
        state = self.state
        mine = [r for r in state.rows() if r.owner == state.to_move]
        if self.segment is not None and spot in self.segment:
            if spot in self._gipfs():
                return self.toggle_keep(spot)
            return self.remove()
        holding = [r for r in mine if spot in r.segment]
        if not holding:
            rows = ", ".join(f"{r.row[0]}-{r.row[-1]}" for r in mine)
            self.attempt = spot if spot in gipf.SPOTS else None
            return self._say(
                f"{spot} is not in a row {state.to_move.capitalize()} may take now. "
                f"Click a spot of a lit row: {rows}.",
                False,
            )
        if len(holding) > 1:
            return self._say(
                f"{spot} is where two rows cross: click a spot that is in only one of them.",
                False,
            )
        row = holding[0]
        self.segment, self.keep = row.segment, set()
        if not row.gipf:
            return self.remove()
        self._say(self._removal_hint(), True)

    def _gipfs(self) -> list[str]:
        if self.segment is None:
            return []
        pieces = self.state.pieces()
        return [s for s in self.segment if pieces.get(s, "").endswith("gipf")]

    def _removal_hint(self) -> str:
        gipfs = self._gipfs()
        kept = [s for s in gipfs if s in self.keep]
        taken = [s for s in gipfs if s not in self.keep]
        text = f"Row {self.segment[0]}-{self.segment[-1]} chosen. "
        if kept:
            text += "Keeping " + ", ".join(kept) + ". "
        if taken:
            text += (
                "Taking the GIPF piece"
                + ("s " if len(taken) > 1 else " ")
                + ", ".join(taken)
                + ". "
            )
        return text + "Click a GIPF piece to keep or take it, then Remove row."

    def _try(self, move: gipf.Move, mark: str | None) -> None:
        try:
            reason = self.state.why_illegal(move)
        except GamekitError as err:
            return self._say(str(err), False)
        if reason is not None:
            self.attempt = mark if mark and gipf.GRID.has(mark) else None
            return self._say(reason, False)
        self._play(move)
        self._computer_turn()

    def _play(self, move: gipf.Move) -> None:
        before = self.state
        after = before.play(move)
        if move not in before.legal_moves():  # another spelling (e1-e4, xe2,e3,e4): record
            move = next(m for m in before.legal_moves() if before.play(m) == after)  # the listed
        self._states.append(after)
        self._moves.append(str(move))
        self._redo = []
        self._clear()
        if isinstance(move, gipf.Push):
            self.gipf_toggle.value = False  # each push starts as a single again
        who = before.to_move.capitalize()
        verb = "removed" if isinstance(move, gipf.Removal) else "played"
        text = f"{who} {verb} {move}."
        if after.outcome is not None:
            text += f" {after.outcome.reason}: {after.outcome.winner.capitalize()} wins."
        elif after.phase == "remove":
            text += f" {after.to_move.capitalize()} must remove a row: click a lit spot."
        self._say(text, True)

    def _computer_plays(self, state: gipf.State) -> bool:
        """Whether the computer makes the next decision in ``state``."""
        return self._player is not None and plays_now(state, self.computer_plays)

    def _computer_turn(self) -> None:
        while self._computer_plays(self.state):
            self._play(self._player.choose(self.state))

    @property
    def opponent(self) -> str | Player | None:
        """The computer opponent: ``None``, a level or a :class:`~gamekit.players.Player`.
        Setting it lets the computer move at once if it is its turn."""
        return self._level

    @opponent.setter
    def opponent(self, level: str | Player | None) -> None:
        self._player = make_opponent(level, self._seed, iterations=_MCTS_ITERATIONS)
        self._level = level
        self._computer_turn()

    def _new_from_controls(self) -> None:
        """New game with the variant, the computer's side and its level from the controls."""
        seat = self.computer_choice.value
        if seat:
            self.computer_plays = (seat,)
        level = self.level_choice.value if seat else None
        self._player = make_opponent(level, self._seed, iterations=_MCTS_ITERATIONS)
        self._level = level
        self.new_game(variant=self.variant_choice.value)

    def _on_svg_click(self, sx: float, sy: float) -> None:
        point = click_to_cell(gipf.GRID, self._transform, sx, sy)
        if point is not None:
            self.click(point)

    def _on_typed(self, change) -> None:
        if change["new"]:
            self.type_move(change["new"])
            if self._ok:
                self.move_box.value = ""

    def _refresh(self) -> None:
        state = self.state
        look = styles(
            state,
            legal=self.hints and self.dot is None,
            dot=self.dot,
            segment=self.segment,
            keep=self.keep,
            attempt=self.attempt,
        )
        self.view.styles = {name: s.to_json() for name, s in look.items()}
        counts = (
            f"reserves: White {state.reserve('white')}, Black {state.reserve('black')}"
            f" · lost: White {state.captured('white')}, Black {state.captured('black')}"
        )
        self.status.value = f"<b>{html.escape(caption(state))}</b> · {counts}"
        colour = "#1b6e3a" if self._ok else "#b3261e"
        self.message_line.value = (
            f'<span style="color:{colour}">{html.escape(self.message)}</span>'
            if self.message
            else ""
        )
        tournament = self.rules.variant == "tournament"
        may = (
            tournament
            and state.to_move is not None  # None once the game is over
            and state.phase == "push"
            and state.may_place_gipf(state.to_move)
        )
        self.gipf_toggle.layout.display = None if tournament else "none"
        self.gipf_toggle.disabled = not may
        if may and not self.gipf_toggle.value and not any(not m.gipf for m in state.legal_moves()):
            self.gipf_toggle.value = True  # the first move: a GIPF piece is a must
        gipfs = self._gipfs()
        buttons = []
        for spot in gipfs:
            b = w.ToggleButton(
                value=spot in self.keep,
                description=f"keep {spot}",
                layout=w.Layout(width="100px"),
            )
            b.observe(lambda _c, s=spot: self.toggle_keep(s), names="value")
            buttons.append(b)
        self.keep_box.children = buttons
        self.remove_button.layout.display = None if self.segment else "none"
        self.undo_button.disabled = not self._moves
        self.redo_button.disabled = not self._redo
