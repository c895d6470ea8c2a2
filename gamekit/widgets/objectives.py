"""A board's objectives in a guided first game: a checklist beside the board
(:class:`Checklist`, which a board holds once :meth:`GameBoard.set_guide
<gamekit.widgets.base.GameBoard.set_guide>` gives it objectives), each objective ticked off
as the game reaches it and said in the board's news.

>>> from gamekit import guide
>>> board = guide.first_game("coffee")
>>> board.guide.words()[:26]
'0 of 3 objectives reached.'
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from gamekit.game import part
from gamekit.guide import Guide

if TYPE_CHECKING:
    from gamekit.widgets.base import GameBoard

_DONE, _TODO = "#1b5e20", "#1f2937"


class Checklist:
    """A guided game's objectives beside one board: the :class:`~gamekit.guide.Guide`
    following the board's game (the learner's own moves only), the news of objectives
    reached since the board last told it, and the list shown beside the board."""

    def __init__(self, board: GameBoard, guide: Guide) -> None:
        self.board = board
        self.guide = guide
        self.news: list[str] = []
        guide.follow(board._states, board._moves, list(board._by_computer))  # not news
        self._warned: int | None = None  # the move count when the last threat was said
        #: What the computer threatens in the position followed last ("" if nothing).
        self.warning = self.threat()

    def __repr__(self) -> str:
        return f"<Checklist: {len(self.guide.reached)} of {len(self.guide.objectives)} reached>"

    def follow(self) -> None:
        """Tick off what the moves since the last look reach, and keep it as news; so is the
        computer's threat (:meth:`threat`), once a position."""
        board = self.board
        for o in self.guide.follow(board._states, board._moves, list(board._by_computer)):
            self.news.append(f"Objective reached: {o.text.rstrip('.')}.")
        self.warning = self.threat()
        if self.warning and self._warned != len(board._moves):
            self.news.append(self.warning)
        self._warned = len(board._moves) if self.warning else None

    def threat(self) -> str:
        """What the computer threatens now, in words, when the learner is to move (the
        game's guide says, with its ``threat(state, seat)``; "" if none or no such hook)."""
        said = getattr(part(self.board.state, "guide", None), "threat", None)
        return said(self.board.state, self.guide.seat) if said is not None else ""

    def take_news(self) -> list[str]:
        """The objectives reached since the news was last told (once each)."""
        news, self.news = self.news, []
        return news

    def html(self) -> str:
        """The checklist: each objective with a tick and "done", or a circle and "to do"
        (words, not colour alone), the next one's hint under it, and the threat found when
        the game was last followed (:meth:`follow`)."""
        g = self.guide
        rows = []
        hinted = False
        for o in g.objectives:
            done = o.id in g.reached
            mark, state, colour = ("✔", "done", _DONE) if done else ("○", "to do", _TODO)
            hint = ""
            if not done and not hinted and o.hint:
                hinted = True
                hint = (
                    '<div style="font-size:12px;color:#4b5563;margin-left:1.4em">'
                    f"Tip: {html.escape(o.hint)}</div>"
                )
            rows.append(
                f'<li style="list-style:none;color:{colour};margin:2px 0">'
                f'<span aria-hidden="true" style="display:inline-block;width:1.3em">{mark}</span>'
                f"{html.escape(o.text)} <small>({state})</small>{hint}</li>"
            )
        n, k = len(g.objectives), len(g.reached)
        head = f"<b>Objectives</b> <small>({k} of {n} reached)</small>"
        if g.done:
            head += " — <b>all reached, well played!</b>"
        danger = (
            '<div class="gamekit-threat" style="margin:4px 0 2px;padding:2px 6px;'
            'border-left:4px solid #b45309;background:#fff7ed;color:#7c2d12">'
            f"⚠ {html.escape(self.warning)}</div>"
            if self.warning
            else ""
        )
        return (
            '<div style="font-size:13px;line-height:1.35;border:1px solid #cbd5e1;'
            'border-radius:6px;padding:4px 8px;background:#f8fafc;margin:2px 0">'
            f'{head}<ul style="margin:2px 0;padding:0">{"".join(rows)}</ul>{danger}</div>'
        )
