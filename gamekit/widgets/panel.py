"""A board's side panel: the goal line with its lesson links, whose turn it is, the banner
at the end, the move log in pages, the message line, and the layout of the whole board
(:class:`SidePanel`, which every :class:`~gamekit.widgets.base.GameBoard` inherits).

>>> from gamekit.widgets import CoffeeBoard
>>> "<b>Goal:</b> Make a line of 5" in CoffeeBoard()._goal_html()
True
"""

from __future__ import annotations

import html
import numbers
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

import ipywidgets as w

from gamekit.errors import shown
from gamekit.widgets.view import svg_point

#: The tones of the game-over banner: (text colour, background, border).
_TONES = {
    "win": ("#1b5e20", "#e8f5e9", "#2e7d32"),
    "loss": ("#8c1d18", "#fdecea", "#b3261e"),
    "neutral": ("#1f2937", "#eef2f7", "#64748b"),
}
_OK, _REFUSED = "#1b6e3a", "#b3261e"
#: Moves in one page of the log (the newest page shows unless the learner pages back).
LOG_PAGE = 100
#: Heights that keep the side panel still (a new message never pushes anything down).
_MESSAGE_HEIGHT = "4.6em"
_LOG_HEIGHT = "210px"


def _log_note(text: str) -> str:
    return (
        '<tr><td></td><td colspan="2" style="color:#6b7280;padding:1px 4px;font-style:italic">'
        f"{html.escape(text)}</td></tr>"
    )


class SidePanel:
    """The side panel of a board (see :class:`~gamekit.widgets.base.GameBoard`)."""

    #: The page of the log on show (0: the newest).
    log_page: int = 0
    #: The picture's transform (drawing units to the SVG's), once drawn.
    _transform: Any = None
    #: What the live region has told: the moves, the message (by its serial), the end
    #: (``None`` until the first refresh, which tells nothing of a game not played just now).
    _told_moves: int | None = None
    _told_serial: int = 0
    _told_over: bool | None = None

    if TYPE_CHECKING:  # what the panel shows of the board (GameBoard defines it)
        lesson: ClassVar[str]
        goal_lessons: ClassVar[tuple[tuple[str, str], ...]]
        log_notation: ClassVar[bool]
        message: str
        redo_button: w.Button
        computer: Any
        _message_serial: int
        checklist: Any
        _ok: bool
        _moves: list[str]
        _redo: list[str]

        @property
        def state(self) -> Any: ...
        @property
        def move_log(self) -> Sequence[Any]: ...
        def goal_text(self) -> str: ...
        def turn_text(self) -> str: ...
        def instruction(self) -> str: ...
        def banner_text(self) -> tuple[str, str]: ...
        def score_html(self) -> str: ...
        def picture_words(self) -> str: ...
        def keys_help(self) -> str: ...
        def position_text(self) -> str: ...
        def _key_targets(self) -> dict[str, tuple[float, float]]: ...
        def _target_words(self) -> dict[str, str]: ...

    # -- the side panel ------------------------------------------------------------------
    def _panel(self) -> None:
        """The widgets of the side panel (made once): ``goal_line``, ``turn_line``,
        ``banner``, ``message_line``, ``log_view`` and ``score_panel``."""
        if hasattr(self, "log_view"):
            return
        self.goal_line = w.HTML(layout=w.Layout(margin="0 0 4px 0"))
        self.turn_line = w.HTML(layout=w.Layout(height="46px", overflow="hidden"))
        self.turn_line.add_class("gamekit-turn")
        self.banner = w.HTML(layout=w.Layout(display="none"))
        self.banner.add_class("gamekit-banner")
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
        """The board's layout: the goal line on top; the board (with ``board``'s other
        widgets under it) on the left; on the right the turn line, the game-over banner,
        the message line, ``actions`` (the main buttons), the log, the score panel and
        ``settings``. The two columns wrap when there is no room side by side; the board
        scales with its column. Marks the board as built."""
        self._panel()
        self.log_view.layout.height = log_height
        under_board = [self.score_panel] if score_beside_board else []
        keys = []
        if getattr(self, "view", None) is not None:
            self.keys_line = w.HTML(
                f'<div style="font-size:12px;line-height:1.3;color:#4b5563">'
                f"{html.escape(self.keys_help())}</div>",
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
        free = getattr(self, "puzzle", None) is None
        row = self.computer.against_row
        against = [row] if free and row is not None else []
        if free and len(self.state.rules.seats) > 1:
            from gamekit.widgets.classmate import ClassmatePanel

            self.classmate = ClassmatePanel(self)
            settings = [*settings, self.classmate.widget]
        right = w.VBox(
            [
                self.turn_line,
                *against,
                self.banner,
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
        self._built = True
        return box

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

    def _goal_html(self) -> str:
        goal = self.goal_text()
        link = self.lesson_link()
        for lesson, words in self.goal_lessons:  # a lesson a word of the goal points to
            link += " &nbsp;·&nbsp; " + self.lesson_link(lesson, words)
        parts = []
        if goal:
            parts.append(f"<b>Goal:</b> {html.escape(goal)}")
        if link:
            parts.append(link)
        return f'<div style="font-size:14px">{" &nbsp;·&nbsp; ".join(parts)}</div>'

    def _turn_html(self) -> str:
        if self.computer.thinking or self.computer.to_move():
            return '<div style="font-size:16px;line-height:1.35"><b>The computer is thinking…</b></div>'
        text = f"<b>{html.escape(self.turn_text())}</b>"
        hint = self.instruction() if self.state.outcome is None else ""
        if hint:
            text += f": {html.escape(hint)}"
        return f'<div style="font-size:16px;line-height:1.35">{text}</div>'

    def _banner_html(self) -> str:
        text, tone = self.banner_text()
        colour, background, border = _TONES.get(tone, _TONES["neutral"])
        return (
            f'<div style="color:{colour};background:{background};border:2px solid {border};'
            f'border-radius:6px;padding:6px 10px;font-size:15px;line-height:1.35">'
            f"<b>{html.escape(text)}</b></div>"
        )

    def _log_html(self) -> str:
        """The log's HTML: one page of :data:`LOG_PAGE` moves, newest first (the newest page
        unless ``log_page`` says how many pages back), with a line for the moves left out."""
        log = self.move_log
        n = len(log)
        if not n:
            return '<div style="color:#6b7280;font-size:13px">No moves yet.</div>'
        page = min(max(self.log_page, 0), self._last_log_page())
        top = n - page * LOG_PAGE
        bottom = max(0, top - LOG_PAGE)
        rows = []
        if top < n:
            rows.append(_log_note(f"… {n - top:,} later moves (press “Later moves”)"))
        for entry in reversed(log[bottom:top]):
            shade = "background:#f1f5fb;" if entry.computer else ""
            notation = (
                f'<td style="color:#7b8794;padding:1px 4px;font-family:monospace;'
                f'white-space:nowrap">{html.escape(entry.notation)}</td>'
                if self.log_notation
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
        self.log_page = min(max(self.log_page + int(pages), 0), self._last_log_page())
        self._refresh_panel()

    def _last_log_page(self) -> int:
        """The page of the log that holds the first move (0 while one page holds them all)."""
        return max(0, len(self._moves) - 1) // LOG_PAGE

    def _message_html(self) -> str:
        if not self.message:
            return ""
        colour = _OK if self._ok else _REFUSED
        return (
            f'<div style="color:{colour};line-height:1.35;padding-top:2px">'
            f"{html.escape(self.message)}</div>"
        )

    def _keyboard(self, view: Any) -> None:
        """The keyboard's places and their words (from the board's hooks, in SVG units),
        and the news of this refresh said once in the live region."""
        transform = self._transform
        if transform is None:
            view.set_targets({}, {})
        else:
            points = self._key_targets()
            view.set_targets(
                {name: svg_point(transform, x, y) for name, (x, y) in points.items()},
                self._target_words() if points else {},
            )
        news = self._news()
        if news:
            view.say(news)

    def _news(self) -> str:
        """What changed since the last refresh, in words: each new move of the log (yours
        and the computer's), a new message (a refusal, "Took back …"), the end of the game.
        The first refresh of a game says nothing: its moves were not made just now."""
        n = len(self._moves)
        told = n if self._told_moves is None else self._told_moves
        parts: list[str] = []
        if n > told:
            log = self.move_log
            parts = [log[i].words for i in range(told, n)]
        serial = self._message_serial
        if serial != self._told_serial and self.message:
            if parts and self.message.startswith(parts[-1]):
                parts[-1] = self.message  # the move's words and what to do next
            elif self.message not in parts:
                parts.append(self.message)
        if self.checklist is not None:
            parts += self.checklist.take_news()
        over = self.state.outcome is not None
        if over and self._told_over is False:
            parts.append(self.banner_text()[0])
        self._told_moves, self._told_serial, self._told_over = n, serial, over
        return " ".join(p for p in parts if p)

    def _refresh_panel(self) -> None:
        """Redraw the side panel from the game: goal, turn line, banner, message, log,
        score panel, undo and redo. A board's ``_refresh`` calls it last."""
        if not hasattr(self, "log_view"):
            return
        if self.checklist is not None:
            self.checklist.follow()
        checklist = "" if self.checklist is None else self.checklist.html()
        self.objectives_panel.value = checklist
        self.objectives_panel.layout.display = None if checklist else "none"
        view = getattr(self, "view", None)
        if view is not None:  # a screen reader names the board by the position, move by move
            view.position = self.position_text()
            self._keyboard(view)
        self.goal_line.value = self._goal_html()
        self.turn_line.value = self._turn_html()
        over = self.state.outcome is not None
        self.banner.value = self._banner_html() if over else ""
        self.banner.layout.display = None if over else "none"
        self.message_line.value = self._message_html()
        self.log_view.value = self._log_html()
        paged = len(self._moves) > LOG_PAGE
        page = self.log_page
        for button, off in ((self.earlier_button, page >= self._last_log_page()),
                            (self.later_button, page == 0)):  # fmt: skip
            button.layout.display = None if paged else "none"
            button.disabled = off
        score = self.score_html()
        self.score_panel.value = score
        self.score_panel.layout.display = None if score else "none"
        if hasattr(self, "undo_button"):
            self.undo_button.disabled = not self._moves
            self.redo_button.disabled = not self._redo
