"""The clickable GIPF board.

Click a dot, then the spot where its piece enters (or any spot further along that line): the
piece is pushed in. Every dot works the same way, the six corner dots too (they have only
one way in). When a push makes a row, the rows that may be taken light up: click a spot of
one of them. If its segment holds GIPF pieces, each gets a check box that says whose piece
it is: your own GIPF pieces are kept and your opponent's captured unless you change it (a
click on the piece changes it too); *Remove row* takes the row. A removal that would lose
the game (your last GIPF piece taken) waits for you to confirm it. A refused move is marked
with a red cross and the message line says which rule forbids it.

Beside the board: the goal, whose turn it is, the message line, the move log in words (the
computer's decisions included, one line each), a panel with each player's reserve, lost
pieces and GIPF pieces, and the settings: the computer (``opponent="simple"`` … or a
:class:`~gamekit.players.Player`, playing ``computer_plays``, Black unless told), which
take effect at once, and new games of any variant. A box takes typed moves (``e1-e2``,
``Ge1-e2``, ``xe2-e5 keep e5``).

The widget only translates clicks into moves: :mod:`gamekit.gipf` decides what is legal.
Everything a mouse can do has a method (``click``, ``toggle_keep``, ``remove``,
``confirm``, ``type_move`` …), so lessons and tests drive the board the way a learner does.

>>> board = GipfBoard(gipf.Rules(variant="basic"))
>>> board.click("e1"); board.click("e2")
>>> board
<GipfBoard basic: 1 move, black to push>
>>> board.message
'White pushed a piece in from the dot e1 onto e2, moving 1 piece one spot along (up to e3).'
>>> board.click("e5"); board.message
'e5 is a spot of the play area: a push starts on one of the 24 dots around the edge. Click a dot first.'
"""

from __future__ import annotations

import html
from functools import cache
from typing import Any, ClassVar, cast

import ipywidgets as w

from gamekit import gipf
from gamekit.errors import GamekitError, shown
from gamekit.gipf.moves import split_ply
from gamekit.gipf.picture import GipfView, styles
from gamekit.gipf.tables import _OTHER, DOTS
from gamekit.gipf.words import describe_move, gipf_on, notation_words
from gamekit.players import Player, computer_seats
from gamekit.puzzles import Puzzle
from gamekit.records import Record
from gamekit.text import join_words as _join
from gamekit.text import upper_first as _upper_first
from gamekit.widgets.base import GameBoard
from gamekit.widgets.keys import grid_places
from gamekit.widgets.puzzle import quoted
from gamekit.widgets.view import click_to_cell

__all__ = ["GipfBoard", "describe_move"]

_VARIANT_HELP = (
    "basic: single pieces only; standard: each player starts with three GIPF pieces "
    "(a GIPF piece is two pieces stacked); tournament: the board starts empty and you "
    "bring in your GIPF pieces yourself. Takes effect at New game."
)


@cache
def _template() -> tuple[str, tuple[float, float, float, float]]:
    """The SVG of the board and its drawing-to-SVG transform (made once)."""
    view = GipfView(show_caption=False)
    return view.drawing.svg(), view.drawing.svg_transform()


_DOT_SET = frozenset(DOTS)


class GipfBoard(GameBoard):
    """A GIPF game on a clickable board, with its controls.

    ``GipfBoard(rules)`` starts a new game (``gipf.Rules(variant=...)``);
    ``GipfBoard(record=rec)`` continues a saved one; ``GipfBoard(puzzle=p)`` (what
    ``p.board()`` gives) shows a GIPF puzzle in puzzle mode (see
    :mod:`gamekit.widgets.puzzle`): pushes and removals made as in a game are the answer,
    a cells puzzle's spots are clicked. Display it as the last line of a notebook cell.

    The computer, as on every board: ``opponent`` is ``None`` (nobody), a level name
    (:data:`gamekit.players.LEVEL_NAMES`) or a :class:`~gamekit.players.Player`;
    ``computer_plays`` is the seat it plays (``"white"`` or ``"black"``, the default), or a
    tuple of seats; ``seed`` seeds it. The old names still work: ``computer="black"`` is
    ``computer_plays="black"`` with ``opponent=level`` (``"simple"`` unless given).

    Raises:
        TypeError, ValueError: ``opponent`` is not ``None``, a level or a player;
            ``computer_plays`` (or ``computer``) names no seat of the game; ``puzzle`` is
            not a GIPF puzzle, or comes with ``rules``, ``record`` or an opponent.
    """

    lesson: ClassVar[str] = "04_gipf_rules.ipynb"
    extra_keys: ClassVar[tuple[tuple[str, str], ...]] = (
        ("G", "switches the next push between a single piece and a GIPF piece"),
    )

    #: What a person does to move (refused while the computer is to move).
    person_actions: ClassVar[tuple[str, ...]] = (
        "click",
        "toggle_keep",
        "remove",
        "confirm",
        "type_move",
    )

    def __init__(
        self,
        rules: gipf.Rules | None = None,
        *,
        record: Record | None = None,
        hints: bool = False,
        opponent: str | Player | None = None,
        computer_plays: str | tuple[str, ...] = "black",
        seed: int | None = 0,
        width: int = 600,
        computer: str | None = None,
        level: str | None = None,
        puzzle: Puzzle | None = None,
    ) -> None:
        puzzled = self._begin(
            rules, record, puzzle, seed, gipf.Rules, opponent=opponent, computer=computer
        )
        hints = hints and not puzzled  # on a puzzle, the hints would show the answer
        if computer is not None:  # the old names: computer="black", level="greedy"
            computer_plays = computer_seats(self.rules, computer, "computer")
            if opponent is None:
                opponent = level or "simple"
        self.computer_plays = computer_plays
        self.opponent = opponent
        self.dot: str | None = None
        self.segment: tuple[str, ...] | None = None
        self.keep: set[str] = set()
        self.attempt: str | None = None
        self.confirming: gipf.Removal | None = None
        self._keep_key: tuple | None = None
        self._board_view(width, "GIPF board")
        self.view.on_key(self.key)
        self._history_buttons()
        self._hint_control(hints, "show every push you may make as a blue arrow")
        self._move_controls(
            "or type a move: e1-e2, Ge1-e2, xe2-e5 (Enter)",
            "the moves in GIPF notation, for those who know it",
            "300px",
        )
        self._push_controls()
        self.view.svg, self._transform = _template()
        self.widget = self._layout(width)
        self._refresh()
        self.computer.turn()

    def key(self, name: str) -> None:
        """A key pressed on the board: ``g`` switches the next push between a single piece
        and a GIPF piece (as the "GIPF piece" button does); other keys do nothing."""
        if name in ("g", "G"):
            self.gipf_toggle.value = not self.gipf_toggle.value
            kind = "a GIPF piece" if self.gipf_toggle.value else "a single piece"
            self._say(f"The next push is {kind}.", True)

    def _push_controls(self) -> None:
        """The GIPF-piece toggle, the removal's buttons (remove, keep, confirm) and the
        new game's choice of game."""
        self.gipf_toggle = w.ToggleButton(
            value=False,
            description="GIPF piece",
            tooltip="push a GIPF piece (two pieces stacked) instead of a single one; "
            "allowed until your first single piece (tournament game)",
        )
        self.gipf_toggle.observe(lambda _c: self._refresh(), names="value")
        self.keep_box = w.VBox([])
        self.remove_button = w.Button(
            description="Remove row",
            button_style="warning",
            tooltip="take the chosen row off the board (the ticked GIPF pieces as said)",
        )
        self.remove_button.on_click(lambda _b: self.remove())
        self.confirm_button = w.Button(
            description="Take it and lose",
            button_style="danger",
            tooltip="go ahead: this removal takes your last GIPF piece and loses the game",
        )
        self.cancel_button = w.Button(
            description="Cancel",
            button_style="success",
            tooltip="do not remove the row yet; your GIPF pieces are kept again",
        )
        self.confirm_button.on_click(lambda _b: self.confirm())
        self.cancel_button.on_click(lambda _b: self.cancel())
        self.confirm_box = w.HBox([self.confirm_button, self.cancel_button])
        self.variant_choice = w.Dropdown(
            options=list(gipf.VARIANTS),
            value=self.rules.variant,
            description="game",
            tooltip=_VARIANT_HELP,
            layout=w.Layout(width="190px"),
            style={"description_width": "45px"},
        )
        self._new_game_button("start again with the game chosen beside it")

    def _layout(self, width: int) -> w.Box:
        """The board with the move box under it; beside it the puzzle's panel or the
        moves, then the computer and the new game's choice."""
        typing = w.HBox([self.move_box, self.play_button])
        moves = [w.HBox([self.gipf_toggle, self.remove_button]), self.keep_box, self.confirm_box]
        self.legend = w.HTML(
            '<div style="font-size:12px;line-height:1.3;color:#374151">White pieces are '
            "light, Black's dark; a GIPF piece is two pieces stacked, drawn with a ring on "
            "top. The green arrow marks the last push; with Hints on, blue arrows show every "
            "push allowed.</div>"
        )
        if self.puzzle is not None:
            return self._assemble(
                [self.view, self.legend, typing], [*self._puzzle_panel(), *moves], width=width
            )
        return self._assemble(
            [self.view, self.legend, typing],
            [*moves, w.HBox([self.undo_button, self.redo_button, self.hint_toggle])],
            [self.computer.controls(), w.HBox([self.variant_choice, self.new_button])],
            width=width,
        )

    # -- reading -------------------------------------------------------------------------
    def __repr__(self) -> str:
        k = len(self._moves)
        moves = f"{k} move" + ("" if k == 1 else "s")
        o = self.state.outcome
        tail = f"{o.winner} won" if o else f"{self.state.to_move} to {self.state.phase}"
        return f"<GipfBoard {self.rules.variant}: {moves}, {tail}{self._puzzle_repr()}>"

    def goal_text(self) -> str:
        """How to win this variant, in one line."""
        if self.rules.variant == "basic":
            return "Leave your opponent no piece to push: capture their pieces with rows of four."
        return (
            "Leave your opponent no piece to push, or take their last GIPF piece off the "
            "board; rows of four capture."
        )

    def describe(self, before: gipf.State, move: Any, after: gipf.State) -> str:
        """One decision in plain words (see :func:`describe_move`), naming the players
        as the viewer knows them ("you", "the computer", "Black").

        Raises:
            InvalidNotationError: ``move`` is not a GIPF move's notation.
        """
        return describe_move(before, move, after, lambda seat: self.person(seat, before))

    def score_html(self) -> str:
        """Each player's reserve, lost pieces and GIPF pieces on the board."""
        state = self.state
        rows = []
        for seat in state.rules.seats:
            name = html.escape(self.seat_label(seat))
            who = self.person(seat)
            if who in ("you", "the computer"):
                name += f" <small>({who})</small>"
            gipfs = state.gipf_pieces(seat)
            gipf_cell = str(len(gipfs)) if state.rules.variant != "basic" else "–"
            mark = ' style="font-weight:bold"' if seat == state.to_move else ""
            rows.append(
                f"<tr{mark}><td>{name}</td><td>{state.reserve(seat)}</td>"
                f"<td>{state.captured(seat)}</td><td>{gipf_cell}</td></tr>"
            )
        head = (
            '<tr style="color:#555"><th></th><th title="pieces left to push">reserve</th>'
            '<th title="pieces the opponent captured">lost</th>'
            '<th title="GIPF pieces on the board: lose the last one and you lose">'
            "GIPF pieces</th></tr>"
        )
        return (
            '<table style="border-collapse:collapse;font-size:13px;text-align:center" '
            f'cellpadding="3">{head}{"".join(rows)}</table>'
        )

    def instruction(self) -> str:
        """What to do now, in a few words."""
        state = self.state
        if self.confirming is not None:
            return "confirm the removal or cancel it"
        if state.phase == "remove":
            if self.segment is None:
                return "choose a lit row to take it off the board"
            return "choose which GIPF pieces stay, then press Remove row"
        if self.dot is not None:
            if self.puzzle is not None:  # listing the ways in would answer some puzzles
                return "choose the spot where the piece enters"
            entries = [m.entry for m in state.legal_moves() if m.dot == self.dot]
            return f"choose where the piece enters: {_join(list(dict.fromkeys(entries)), 'or')}"
        return "choose a dot on the edge, then the spot where the piece enters"

    # -- actions (what the mouse and keyboard do) ----------------------------------------
    def click(self, point: str) -> None:
        """A click on a point: choose a dot, push from the chosen dot, choose a row to
        remove, or keep/take a GIPF piece of the chosen row.

        Raises:
            TypeError: ``point`` is not text.
        """
        if not isinstance(point, str):
            raise TypeError(f"point must be a point's name such as 'e5', not {shown(point)}")
        point = point.strip().lower()
        self.attempt = None
        if not gipf.GRID.has(point):
            return self._say(f"The GIPF board has no point {quoted(point)}.", False)
        if self.puzzle is not None:
            if self.puzzle.kind == "cells":
                return self.toggle_cell(point)
            if not self._puzzle_gate():
                return
        state = self.state
        if state.outcome is not None:
            return self._say(
                f"The game is over: {state.outcome.reason}. Undo, or start a new game.", False
            )
        if self.computer.to_move():
            return self._say("Wait: it is the computer's turn.", False)
        if self.confirming is not None:
            return self._say("First confirm the removal (Take it and lose) or cancel it.", False)
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
        assert isinstance(move, gipf.Push)  # the text is a push's notation
        # A click further along the line means the same push (the spot is not an "end").
        self._try(gipf.Push(move.dot, move.entry, move.gipf), point)

    def toggle_keep(self, spot: str) -> None:
        """Change whether the GIPF piece on ``spot`` of the chosen row stays on the board.

        Raises:
            TypeError: ``spot`` is not text.
        """
        if not isinstance(spot, str):
            raise TypeError(f"spot must be a spot's name such as 'e5', not {shown(spot)}")
        spot = spot.strip().lower()
        if self.segment is None or spot not in self._gipfs():
            return self._say(f"{quoted(spot)} holds no GIPF piece of the chosen row.", False)
        self.keep ^= {spot}
        self._say(self._removal_hint(), True)

    def remove(self) -> None:
        """Take the chosen row, keeping the GIPF pieces marked to keep. If that loses the
        game (your last GIPF piece taken), ask first: :meth:`confirm` or :meth:`cancel`."""
        if self.puzzle is not None and not self._puzzle_gate():
            return
        if self.segment is None:
            return self._say("First click a spot of a lit row to choose it.", False)
        kept = tuple(s for s in self.segment if s in self.keep)
        try:
            move = gipf.Removal(self.segment, kept)
        except GamekitError as err:
            return self._say(str(err), False)
        reason = self.state.why_illegal(move)
        if reason is not None:
            return self._say(reason, False)
        state = self.state
        after = state.play(move)
        lost = after.outcome is not None and after.outcome.winner != state.to_move
        if lost and self.puzzle is None:  # a puzzle's removal is its answer: no warning
            self.confirming = move
            own = [s for s in move.taken if state.piece_at(s) == f"{state.to_move} gipf"]
            return self._say(
                f"Careful: taking your {gipf_on(own)} loses the "
                "game, because no GIPF piece of yours would be left on the board. "
                "Press Take it and lose to go ahead, or Cancel.",
                False,
            )
        self._try(move, None)

    def confirm(self) -> None:
        """Play the removal waiting for confirmation (it loses the game)."""
        move = self.confirming
        if move is None:
            return self._say("No removal is waiting to be confirmed.", False)
        self.confirming = None
        self._try(move, None)

    def cancel(self) -> None:
        """Drop the removal waiting for confirmation: the row stays chosen, with your own
        GIPF pieces kept again."""
        if self.confirming is None:
            return self._say("No removal is waiting to be confirmed.", False)
        self.confirming = None
        if self.segment is not None:
            self.keep = self._default_keep(self.segment)
        self._say("Cancelled. " + self._removal_hint(), True)

    def new_game(self, rules: gipf.Rules | None = None, *, variant: str | None = None) -> None:
        """Start again: ``new_game(variant="tournament")`` or with ``Rules``; with neither,
        the same rules as now.

        Raises:
            ValueError: ``variant`` is not one of :data:`gamekit.gipf.VARIANTS`.
        """
        if self.puzzle is not None:
            return self._say("This board shows a puzzle: Try again starts it anew.", False)
        if rules is not None:
            self._check_new_rules(rules)
        if rules is None:
            rules = gipf.Rules(variant=variant or self.rules.variant)
        self._restart(rules)
        self._clear_choice()
        self.variant_choice.value = rules.variant
        self._say(f"New {rules.variant} game. White pushes first.", True)
        self.computer.turn()

    # -- internals -----------------------------------------------------------------------
    def _clear_choice(self) -> None:
        self.dot = self.attempt = self.segment = self.confirming = None
        self.keep = set()

    def _typed_parts(self, text: str) -> list[str]:
        """A whole ply typed at once (``"e1-e2 xe2-e5"``): the push, then each removal."""
        return split_ply(text)

    def _typed_move(self, move: gipf.Move) -> None:
        self.confirming = None
        self._try(move, move.entry if isinstance(move, gipf.Push) else None)

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
        if self.puzzle is not None:  # which ways in are open is part of some answers
            self.dot = dot
            return self._say(f"Piece on {dot}: now click the spot where it enters.", True)
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
        self.dot = dot
        entries = _join([m.entry for m in options], "or")
        corner = " (a corner dot has one way in)" if len(options) == 1 else ""
        self._say(f"Piece on {dot}: now click where it enters, {entries}{corner}.", True)

    def _click_remove(self, spot: str) -> None:
        state = self.state
        mine = [r for r in state.rows() if r.owner == state.to_move]
        if self.segment is not None and spot in self.segment:
            if spot in self._gipfs():
                return self.toggle_keep(spot)
            return self.remove()
        holding = [r for r in mine if spot in r.segment]
        if not holding:
            rows = ", ".join(f"{r.row[0]} to {r.row[-1]}" for r in mine)
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
        self.segment, self.keep = row.segment, self._default_keep(row.segment)
        if not row.gipf:
            return self.remove()
        self._say(self._removal_hint(), True)

    def _default_keep(self, segment: tuple[str, ...]) -> set[str]:
        """The remover's own GIPF pieces of ``segment`` (kept unless told otherwise), as
        many of them as the rules allow to stay."""
        state = self.state
        if self.puzzle is not None:  # what stays is part of the answer: nothing by default
            return set()
        mine = [s for s in segment if state.piece_at(s) == f"{state.to_move} gipf"]
        while mine:
            try:
                if state.why_illegal(gipf.Removal(segment, tuple(mine))) is None:
                    break
            except GamekitError:
                pass
            mine.pop()
        return set(mine)

    def _gipfs(self) -> list[str]:
        if self.segment is None:
            return []
        pieces = self.state.pieces()
        return [s for s in self.segment if pieces.get(s, "").endswith("gipf")]

    def _mine(self, spot: str) -> bool:
        state = self.state
        return state.piece_at(spot) == f"{state.to_move} gipf"

    def _removal_hint(self) -> str:
        state = self.state
        own, other = "your", f"{self.seat_label(_OTHER[state.to_move])}'s"
        gipfs = self._gipfs()
        parts = []
        keep_own = [s for s in gipfs if self._mine(s) and s in self.keep]
        take_own = [s for s in gipfs if self._mine(s) and s not in self.keep]
        take_theirs = [s for s in gipfs if not self._mine(s) and s not in self.keep]
        keep_theirs = [s for s in gipfs if not self._mine(s) and s in self.keep]

        def verb(spots: list[str], one: str, many: str) -> str:
            return one if len(spots) == 1 else many

        if keep_own:
            parts.append(f"{own} {gipf_on(keep_own)} {verb(keep_own, 'stays', 'stay')}")
        if take_own:
            go = verb(take_own, "goes", "go")
            parts.append(f"{own} {gipf_on(take_own)} {go} back to the reserve")
        if take_theirs:
            taken = verb(take_theirs, "is", "are")
            parts.append(f"{other} {gipf_on(take_theirs)} {taken} captured")
        if keep_theirs:
            stay = verb(keep_theirs, "stays", "stay")
            parts.append(f"{other} {gipf_on(keep_theirs)} {stay} on the board")
        segment = cast(tuple[str, ...], self.segment)  # a row is chosen
        text = f"Row {segment[0]} to {segment[-1]} chosen: "
        text += _upper_first(_join(parts)) if parts else ""
        return text + ". Change it with the boxes (or a click on the piece), then Remove row."

    def _try(self, move: gipf.Move, mark: str | None) -> None:
        try:
            reason = self.state.why_illegal(move)
        except GamekitError as err:
            return self._say(str(err), False)
        if self.puzzle is not None:
            return self._puzzle_answer(self._listed(move) if reason is None else move)
        if reason is not None:
            self.attempt = mark if mark and gipf.GRID.has(mark) else None
            return self._say(reason, False)
        self._play(move)

    def _listed(self, move: gipf.Move) -> gipf.Move:
        """A legal move as ``legal_moves()`` lists it (not another spelling: e1-e4 for
        e1-e2, xe2,e3,e4 …)."""
        before = self.state
        if move in before.legal_moves():
            return move
        after = before.play(move)
        return next(m for m in before.legal_moves() if before.play(m) == after)

    def _move_cells(self, move: Any) -> tuple[str, ...]:
        """The points a puzzle mark shows a move on: a push's dot and entry, a removal's
        segment."""
        m = gipf.Move.parse(move)
        if isinstance(m, gipf.Push):
            return (m.dot, m.entry)
        return tuple(m.segment) if isinstance(m, gipf.Removal) else ()

    def _play(self, move: gipf.Move) -> None:
        """Play a person's legal ``move`` as ``legal_moves()`` lists it, say it (with what
        to click next while a row waits), and let the computer answer."""
        before = self.state
        after = before.play(move)
        move = self._listed(move)  # another spelling is recorded as the listed move
        self._push(move)
        self._clear_choice()
        if isinstance(move, gipf.Push):
            self.gipf_toggle.value = False  # each push starts as a single again
        text = self.describe(before, move, after)
        if after.outcome is None and after.phase == "remove" and not self.computer.to_move():
            text += " Click a lit spot to take the row."
        self._say(text, True)
        self.computer.turn()

    def _new_from_controls(self) -> None:
        """New game with the variant chosen in the menu."""
        self.new_game(variant=self.variant_choice.value)

    def _on_svg_click(self, sx: float, sy: float) -> None:
        point = click_to_cell(gipf.GRID, self._transform, sx, sy)
        if point is not None:
            self.click(point)

    def _removed_lately(self) -> list[str]:
        """The spots the computer's last decisions emptied (shown until you move)."""
        out: list[str] = []
        for _before, notation, _after in self.last_computer_moves():
            m = gipf.Move.parse(notation)
            if isinstance(m, gipf.Removal):
                out.extend(m.taken)
        return out

    def _key_targets(self) -> dict[str, tuple[float, float]]:
        """Every dot and spot of the board, for the keyboard's ring."""
        grid = gipf.GRID
        return grid_places(grid)

    def _target_words(self) -> dict[str, str]:
        """Each point and what is on it ("e5: a white GIPF piece", "a1: a dot")."""
        pieces = self.state.pieces()
        out = {}
        for point in self._key_targets():
            if point in _DOT_SET:
                text = "a dot (a push starts here)"
            elif point in pieces:
                colour, _, kind = pieces[point].partition(" ")
                text = f"a {colour} {'GIPF piece' if kind else 'piece'}"
            else:
                text = "empty"
            if point == self.dot:
                text += ", chosen"
            out[point] = f"{point}: {text}"
        return out

    def _hexagonal(self) -> bool:
        return True

    def _in_words(self, text: str) -> str:
        """A puzzle's words with each removal and GIPF-piece push said in words, its
        notation after it for the move box (:func:`gamekit.gipf.words.notation_words`)."""
        return notation_words(text)

    def _picture_highlight(self) -> dict:
        return {
            "show_caption": False,
            "removed": self._removed_lately(),
            "rows": not self.answering,  # which pieces a row takes may be the question
        }

    def _keep_boxes(self) -> None:
        """One check box per GIPF piece of the chosen row, saying whose piece it is."""
        gipfs = self._gipfs()
        key = (self.segment, tuple(gipfs), frozenset(self.keep), self.state)
        if key == self._keep_key:
            return
        self._keep_key = key
        state = self.state
        boxes = []
        for spot in gipfs:
            if self._mine(spot):
                text = f"Keep your GIPF piece on {spot}"
                value = spot in self.keep
            else:
                owner = self.seat_label(_OTHER[state.to_move])
                text = f"Capture {owner}'s GIPF piece on {spot}"
                value = spot not in self.keep
            box = w.Checkbox(
                value=value,
                description=text,
                indent=False,
                tooltip="ticked: as it says; unticked: the other way round",
                layout=w.Layout(width="auto"),
            )
            box.observe(lambda _c, s=spot: self.toggle_keep(s), names="value")
            boxes.append(box)
        self.keep_box.children = boxes

    def _refresh(self) -> None:
        state = self.state
        puzzle = self.puzzle is not None
        look = styles(
            state,
            legal=self.hints and self.dot is None,
            dot=None if puzzle else self.dot,  # its arrows would show the open ways in
            marks=[self.dot] if puzzle and self.dot else (),
            segment=self.segment,
            keep=self.keep,
            attempt=self.attempt,
            removed=self._removed_lately(),
            verdicts=self.puzzle_marks(),
            rows=not self.answering,  # which pieces a row takes may be the question
        )
        self.view.styles = {name: s.to_json() for name, s in look.items()}
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
        self._keep_boxes()
        choosing = self.segment is not None and self.confirming is None
        self.remove_button.layout.display = None if choosing else "none"
        self.keep_box.layout.display = None if choosing and self._gipfs() else "none"
        self.confirm_box.layout.display = None if self.confirming is not None else "none"
        self.undo_button.disabled = not self._moves
        self.redo_button.disabled = not self._redo
        self._refresh_panel()
