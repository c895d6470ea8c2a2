"""What every clickable board shares: the game so far, the record, the hint toggle, and how
a board shows itself in a notebook.

A board keeps the states of its game (``_states``, the start first) and the moves that led
to them (``_moves``), plus the moves taken back (``_redo``); the rules decide everything
else. A subclass builds its controls into ``self.widget`` and defines ``__repr__``,
``type_move(text)`` and ``_refresh()`` (redraw everything from ``self.state``).
"""

from __future__ import annotations

import base64
from typing import Any

import ipywidgets as w

from gamekit.records import Record

__all__ = ["GameBoard"]


class GameBoard:
    """Base of the game boards: history, record, hints and notebook display."""

    _states: list
    _moves: list[str]
    _redo: list[str]

    def _load(self, rules: Any, record: Record | None, default_rules: type) -> None:
        """Start from ``rules`` (a new game) or ``record`` (a saved one, replayed)."""
        if record is None:
            record = Record(rules if rules is not None else default_rules(), [])
        elif rules is not None and rules != record.rules:
            raise ValueError("give either rules or a record, or a record with the same rules")
        self._states = record.states()
        self._moves = list(record.moves)
        self._redo = []

    def _restart(self, rules: Any) -> None:
        """A new game with ``rules``: no moves, nothing to redo."""
        self._states = [rules.start()]
        self._moves, self._redo = [], []

    def _take_back(self) -> str:
        """Undo one move (it can be redone); returns it."""
        move = self._moves.pop()
        self._states.pop()
        self._redo.append(move)
        return move

    def _replay(self) -> str:
        """Redo the last move taken back; returns it."""
        move = self._redo.pop()
        self._states.append(self.state.play(move))
        self._moves.append(move)
        return move

    def _history_buttons(self) -> None:
        """The Undo and Redo buttons (``self.undo_button``, ``self.redo_button``)."""
        self.undo_button = w.Button(description="Undo", icon="undo", layout=w.Layout(width="90px"))
        self.redo_button = w.Button(
            description="Redo", icon="repeat", layout=w.Layout(width="90px")
        )
        self.undo_button.on_click(lambda _b: self.undo())
        self.redo_button.on_click(lambda _b: self.redo())

    def play_moves(self, moves) -> None:
        """Play several moves in a row, as if typed (a lesson's way to set up a position);
        stops at the first refused one, whose reason is in the message line."""
        for move in moves:
            self.type_move(str(move))
            if not self._ok:
                break

    def _say(self, text: str, ok: bool) -> None:
        """Show ``text`` in the message line (green if ``ok``, red if refused) and redraw."""
        self.message, self._ok = text, ok
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
        """The game so far, ready to save (``board.record.save("game.json")``)."""
        return Record(self.rules, self._moves)

    @property
    def hints(self) -> bool:
        """Whether the board shows where the player to move may play."""
        return self.hint_toggle.value

    @hints.setter
    def hints(self, on: bool) -> None:
        self.hint_toggle.value = bool(on)

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
        return bundle
