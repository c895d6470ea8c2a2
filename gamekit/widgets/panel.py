"""A board's side panel: the goal line with its lesson links, whose turn it is, the banner
at the end, the move log in pages, the message line, and the layout of the whole board
(:class:`Panel`, which every :class:`~gamekit.widgets.base.GameBoard` holds as
``board.panel`` once laid out).

>>> from gamekit.widgets import CoffeeBoard
>>> board = CoffeeBoard()
>>> board.panel
<Panel of CoffeeBoard: log page 0>
>>> "<b>Goal:</b> Make a line of 5" in board.goal_line.value
True
"""

from __future__ import annotations

import html
import numbers
import os
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from gamekit.errors import shown
from gamekit.text import upper_first
from gamekit.widgets.view import svg_point

if TYPE_CHECKING:
    from gamekit.widgets.base import GameBoard

#: The tones of the game-over banner: (text colour, background, border).
_TONES = {
    "win": ("#1b5e20", "#e8f5e9", "#2e7d32"),
    "loss": ("#8c1d18", "#fdecea", "#b3261e"),
    "neutral": ("#1f2937", "#eef2f7", "#64748b"),
}
_OK, _REFUSED, _PLAIN = "#1b6e3a", "#b3261e", "#374151"
#: Moves in one page of the log (the newest page shows unless the learner pages back).
LOG_PAGE = 100
#: Heights that keep the side panel still (a new message never pushes anything down).
_MESSAGE_HEIGHT = "4.6em"
_LOG_HEIGHT = "210px"


def in_an_app() -> bool:
    """Whether this kernel serves an app page (Voilà), where only the apps are served and a
    player reads words: not a lesson in JupyterLab."""
    return bool(os.environ.get("VOILA_KERNEL_ID"))


def _not_yet_said(banner: str, said: str) -> list[str]:
    """What the end banner adds to ``said`` (the last move's words may tell who won and
    how): all of it, its reason alone if its head ("The computer won") was said, or nothing
    if the reason's cells and numbers were said too.

    >>> _not_yet_said("Black won: a line of 3: a1, b1, c1.", "Black laid c1, making a line of 3 (a1, b1, c1): black won.")
    []
    >>> _not_yet_said("Black won: White is blocked at c2.", "Black laid c3: black won.")
    ['White is blocked at c2.']
    >>> _not_yet_said("A draw: the board is full.", "White laid d4.")
    ['A draw: the board is full.']
    """
    head, _, reason = banner.partition(":")
    low = said.lower()
    if head.lower() not in low:
        return [banner]
    tokens = re.findall(r"[a-z]+\d+|\d+", reason.lower())
    if reason and (not tokens or not all(t in low for t in tokens)):
        return [upper_first(reason.strip())]
    return []


def _log_note(text: str) -> str:
    return (
        '<tr><td></td><td colspan="2" style="color:#6b7280;padding:1px 4px;font-style:italic">'
        f"{html.escape(text)}</td></tr>"
    )


class Panel:
    """The side panel of one board: its widgets (``goal_line``, ``turn_line``, ``banner``,
    ``message_line``, ``log_view`` with its ``earlier_button`` and ``later_button``,
    ``score_panel``, ``objectives_panel``), the page of the log on show (``log_page``) and
    what the live region has told. The board makes it when it lays itself out
    (:meth:`layout`) and redraws it with :meth:`refresh`; it reads the board's words (goal,
    turn, instruction, banner, score, log) and never changes the game.
    """

    def __init__(self, board: GameBoard) -> None:
        self.board = board
        #: The page of the log on show (0: the newest).
        self.log_page = 0
        # What the live region has told: the moves, the message (by its serial), the end
        # (``None`` until the first refresh, which tells nothing of a game not played now).
        self._told_moves: int | None = None
        self._told_serial = 0
        self._told_over: bool | None = None
        self.keys_line: w.HTML | None = None
        self.classmate: Any = None

        self.goal_line = w.HTML(layout=w.Layout(margin="0 0 4px 0"))
        self.turn_line = w.HTML(layout=w.Layout(height="46px", overflow="hidden"))
        self.turn_line.add_class("gamekit-turn")
        self.banner = w.HTML(layout=w.Layout(display="none"))
        self.banner.add_class("gamekit-banner")
        # "Play again" in the end banner, as a game site keeps it: a new game with the
        # board's settings (not at a class table, nor in a puzzle).
        self.play_again = w.Button(
            description="Play again",
            button_style="primary",
            tooltip="a new game with the settings chosen below",
            layout=w.Layout(display="none", width="auto", margin="4px 0 0 0"),
        )
        self.play_again.add_class("gamekit-play-again")
        self.play_again.on_click(lambda _b: self.board._on_new_button())
        self.message_line = w.HTML(
            layout=w.Layout(height=_MESSAGE_HEIGHT, overflow="auto", margin="2px 0")
        )
        self.message_line.add_class("gamekit-message")
        # A least width: in Roaster's cup test the log was squeezed to a 90-px column.
        self.log_view = w.HTML(
            layout=w.Layout(height=_LOG_HEIGHT, overflow="auto", min_width="280px")
        )
        self.log_view.add_class("gamekit-log")
        self.earlier_button = w.Button(
            description="Earlier moves",
            tooltip=f"show the {LOG_PAGE} moves before these in the log",
            layout=w.Layout(width="auto", display="none"),
        )
        self.later_button = w.Button(
            description="Later moves",
            tooltip=f"show the {LOG_PAGE} moves after these in the log",
            layout=w.Layout(width="auto", display="none"),
        )
        self.earlier_button.on_click(lambda _b: self.page_log(1))
        self.later_button.on_click(lambda _b: self.page_log(-1))
        self.score_panel = w.HTML(layout=w.Layout(display="none"))
        self.score_panel.add_class("gamekit-score")
        self.objectives_panel = w.HTML(layout=w.Layout(display="none"))
        self.objectives_panel.add_class("gamekit-objectives")

    def __repr__(self) -> str:
        return f"<Panel of {type(self.board).__name__}: log page {self.log_page}>"

    # -- the layout ------------------------------------------------------------------------
    def layout(
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
        """The board's layout: the goal line on top; the board (with ``board``'s other
        widgets under it) on the left; on the right the turn line, the game-over banner,
        the message line, ``actions`` (the main buttons), the log, the score panel and
        ``settings``. The two columns wrap when there is no room side by side; the board
        scales with its column."""
        self.log_view.layout.height = log_height
        under_board = [self.score_panel] if score_beside_board else []
        keys = []
        if getattr(self.board, "view", None) is not None:
            self.keys_line = w.HTML(
                f'<div style="font-size:12px;line-height:1.3;color:#4b5563">'
                f"{html.escape(self.board.keys_help())}</div>",
                layout=w.Layout(margin="2px 0 0 0"),
            )
            self.keys_line.add_class("gamekit-keys")
            keys = [self.keys_line]
        left = w.VBox(
            [*board, *keys, *under_board],
            # The board takes the room first (up to ``width``), the side panel what is left.
            layout=w.Layout(flex="100 1 360px", max_width=f"{width}px", min_width="280px"),
        )
        left.add_class("gamekit-board-column")
        free = self.board.puzzle is None
        row = self.board.computer.against_row
        against = [row] if free and row is not None else []
        if free and len(self.board.state.rules.seats) > 1:
            from gamekit.widgets.classmate import ClassmatePanel

            self.classmate = ClassmatePanel(self.board)
            settings = [*settings, self.classmate.widget]
        right = w.VBox(
            [
                self.turn_line,
                *against,
                self.banner,
                self.play_again,
                self.objectives_panel,
                self.message_line,
                *actions,
                w.HBox(
                    [
                        w.HTML("<b>Moves</b> <small>(newest first)</small>"),
                        self.earlier_button,
                        self.later_button,
                    ]
                ),
                self.log_view,
                *([] if score_beside_board else [self.score_panel]),
                *settings,
            ],
            layout=w.Layout(
                flex=f"1 1 {panel_width}px",
                min_width="300px",
                max_width=f"{panel_width + 140}px",
                padding="0 0 0 14px",
            ),
        )
        right.add_class("gamekit-side")
        box = w.VBox(
            [
                self.goal_line,
                w.HBox([left, right], layout=w.Layout(flex_flow="row wrap", width="100%")),
            ],
            layout=w.Layout(width="100%"),
        )
        box.add_class("gamekit-app")
        return box

    def goal_html(self) -> str:
        goal = self.board.goal_text()
        link = self.board.lesson_link()
        for lesson, words in self.board.goal_lessons:  # a lesson a word of the goal points to
            link += " &nbsp;·&nbsp; " + self.board.lesson_link(lesson, words)
        parts = []
        if goal:
            parts.append(f"<b>Goal:</b> {html.escape(goal)}")
        if link:
            parts.append(link)
        return f'<div style="font-size:14px">{" &nbsp;·&nbsp; ".join(parts)}</div>'

    def turn_html(self) -> str:
        if self.board.computer.thinking or self.board.computer.to_move():
            return '<div style="font-size:16px;line-height:1.35"><b>The computer is thinking…</b></div>'
        text = f"<b>{html.escape(self.board.turn_text())}</b>"
        hint = self.board.instruction() if self.board.state.outcome is None else ""
        if hint:
            text += f": {html.escape(hint)}"
        return f'<div style="font-size:16px;line-height:1.35">{text}</div>'

    def banner_html(self) -> str:
        text, tone = self.board.banner_text()
        colour, background, border = _TONES.get(tone, _TONES["neutral"])
        return (
            f'<div style="color:{colour};background:{background};border:2px solid {border};'
            f'border-radius:6px;padding:6px 10px;font-size:15px;line-height:1.35">'
            f"<b>{html.escape(text)}</b></div>"
        )

    def log_html(self) -> str:
        """The log's HTML: one page of :data:`LOG_PAGE` moves, newest first (the newest page
        unless ``log_page`` says how many pages back), with a line for the moves left out."""
        log = self.board.move_log
        n = len(log)
        if not n:
            return '<div style="color:#6b7280;font-size:13px">No moves yet.</div>'
        page = min(max(self.log_page, 0), self.last_log_page())
        top = n - page * LOG_PAGE
        bottom = max(0, top - LOG_PAGE)
        rows = []
        if top < n:
            rows.append(_log_note(f"… {n - top:,} later moves (press “Later moves”)"))
        # The notation column is for the lessons' readers; an app (served by Voilà) keeps
        # it in each row's tooltip only, so the moves' words have the room.
        with_notation = self.board.log_notation and not in_an_app()
        for entry in reversed(log[bottom:top]):
            shade = "background:#f1f5fb;" if entry.computer else ""
            notation = (
                f'<td style="color:#7b8794;padding:1px 4px;font-family:monospace;'
                f'white-space:nowrap">{html.escape(entry.notation)}</td>'
                if with_notation
                else ""
            )
            rows.append(
                f'<tr style="{shade}vertical-align:top" title="{html.escape(entry.notation)}">'
                f'<td style="color:#6b7280;padding:1px 4px;text-align:right">{entry.number}.</td>'
                f'<td style="padding:1px 4px">{html.escape(entry.words)}</td>{notation}</tr>'
            )
        if bottom:
            rows.append(_log_note(f"… {bottom:,} earlier moves (press “Earlier moves”)"))
        return (
            '<table style="border-collapse:collapse;font-size:13px;line-height:1.3;'
            f'width:100%">{"".join(rows)}</table>'
        )

    def page_log(self, pages: int) -> None:
        """Show the log ``pages`` pages further back (negative: towards the newest), as the
        "Earlier moves" and "Later moves" buttons do; the newest page is page 0.

        Raises:
            TypeError: ``pages`` is not a whole number.
        """
        if isinstance(pages, bool) or not isinstance(pages, numbers.Integral):
            raise TypeError(f"pages must be a whole number, not {shown(pages)}")
        self.log_page = min(max(self.log_page + int(pages), 0), self.last_log_page())
        self.refresh()

    def last_log_page(self) -> int:
        """The page of the log that holds the first move (0 while one page holds them all)."""
        return max(0, len(self.board._moves) - 1) // LOG_PAGE

    def message_html(self) -> str:
        """The message line: green for a move taken, red for a refusal, and a plain dark
        grey for the move that lost the learner the game (no "well done" green for it)."""
        if not self.board.message:
            return ""
        colour = _OK if self.board._ok else _REFUSED
        if self.board._ok and self.board.state.outcome is not None:
            if self.board.banner_text()[1] == "loss":
                colour = _PLAIN
        return (
            f'<div style="color:{colour};line-height:1.35;padding-top:2px">'
            f"{html.escape(self.board.message)}</div>"
        )

    def keyboard(self, view: Any) -> None:
        """The keyboard's places and their words (from the board's hooks, in SVG units),
        and the news of this refresh said once in the live region."""
        transform = self.board._transform
        if transform is None:
            view.set_targets({}, {})
        else:
            points = self.board._key_targets()
            view.set_targets(
                {name: svg_point(transform, x, y) for name, (x, y) in points.items()},
                self.board._target_words() if points else {},
            )
        news = self.news()
        if news:
            view.say(news)

    def news(self) -> str:
        """What changed since the last refresh, in words: each new move of the log (yours
        and the computer's), a new message (a refusal, "Took back …"), the end of the game.
        The first refresh of a game says nothing: its moves were not made just now."""
        n = len(self.board._moves)
        told = n if self._told_moves is None else self._told_moves
        parts: list[str] = []
        if n > told:
            log = self.board.move_log
            parts = [log[i].words for i in range(told, n)]
        serial = self.board._message_serial
        message = self.board.message
        if serial != self._told_serial and message:
            if parts and all(p in message for p in parts):
                parts = [message]  # the moves' words, joined (and what to do next)
            elif parts and message.startswith(parts[-1]):
                parts[-1] = message  # the move's words and what to do next
            elif not any(message in p for p in parts):
                parts.append(message)
        if self.board.checklist is not None:
            parts += self.board.checklist.take_news()
        over = self.board.state.outcome is not None
        if over and self._told_over is False:
            parts += _not_yet_said(self.board.banner_text()[0], " ".join(parts))
        self._told_moves, self._told_serial, self._told_over = n, serial, over
        return " ".join(p for p in parts if p)

    def refresh(self) -> None:
        """Redraw the side panel from the game: goal, turn line, banner, message, log,
        score panel, undo and redo. A board's ``_refresh`` calls it last."""
        if self.board.checklist is not None:
            self.board.checklist.follow()
        checklist = "" if self.board.checklist is None else self.board.checklist.html()
        self.objectives_panel.value = checklist
        self.objectives_panel.layout.display = None if checklist else "none"
        view = getattr(self.board, "view", None)
        if view is not None:  # a screen reader names the board by the position, move by move
            view.position = self.board.position_text()
            self.keyboard(view)
        self.goal_line.value = self.board._goal_html()
        self.turn_line.value = self.board._turn_html()
        over = self.board.state.outcome is not None
        self.banner.value = self.banner_html() if over else ""
        self.banner.layout.display = None if over else "none"
        again = over and self.board.puzzle is None and self.board.table is None
        self.play_again.layout.display = None if again else "none"
        self.message_line.value = self.message_html()
        self.log_view.value = self.log_html()
        paged = len(self.board._moves) > LOG_PAGE
        page = self.log_page
        for button, off in ((self.earlier_button, page >= self.last_log_page()),
                            (self.later_button, page == 0)):  # fmt: skip
            button.layout.display = None if paged else "none"
            button.disabled = off
        score = self.board.score_html()
        self.score_panel.value = score
        self.score_panel.layout.display = None if score else "none"
        if hasattr(self.board, "undo_button"):
            self.board.undo_button.disabled = not self.board._moves
            self.board.redo_button.disabled = not self.board._redo
