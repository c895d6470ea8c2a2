"""A board's objectives in a guided first game (:class:`GuidedPlay`, which every
:class:`~gamekit.widgets.base.GameBoard` inherits): a checklist beside the board, each
objective ticked off as the game reaches it and said in the board's news.

>>> from gamekit import guide
>>> board = guide.first_game("coffee")
>>> board.guide.words()[:26]
'0 of 3 objectives reached.'
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gamekit.guide import Guide, Objective

_DONE, _TODO = "#1b5e20", "#1f2937"


class GuidedPlay:
    """The objectives of a board (none unless :meth:`set_guide` gives some)."""

    guide: Guide | None = None

    if TYPE_CHECKING:  # what the objectives read of the board (GameBoard defines it)
        _moves: list[str]
        _states: Sequence[Any]
        computer: Any

        @property
        def rules(self) -> Any: ...
        def _refresh(self) -> None: ...

    def set_guide(self, objectives: Sequence[Objective], seat: str | None = None) -> None:
        """Play for ``objectives`` (see :mod:`gamekit.guide`): a checklist beside the board,
        ticked off as the game reaches each one. ``seat`` is the learner's (default: the
        first seat the computer does not play). The moves already played count.

        Raises:
            TypeError, ValueError: as :class:`~gamekit.guide.Guide` (no objectives, a seat
                that is none of the game's).
        """
        seats = tuple(self.rules.seats)
        if seat is None:
            free = [s for s in seats if s not in self.computer.seats]
            seat = free[0] if free else seats[0]
        if seat not in seats:
            raise ValueError(f"seat must be one of {', '.join(seats)}, not {seat!r}")
        self.guide = Guide(objectives, seat)
        self._guide_news: list[str] = []
        self.guide.follow(self._states, self._moves, self._computer_flags())  # not news
        self._refresh()

    def _follow_guide(self) -> None:
        """Tick off what the moves since the last look reach, and keep it as news."""
        if self.guide is None:
            return
        for o in self.guide.follow(self._states, self._moves, self._computer_flags()):
            self._guide_news.append(f"Objective reached: {o.text.rstrip('.')}.")

    def _computer_flags(self) -> list[bool]:
        """Which of the moves the computer made (the board keeps one flag a move)."""
        return list(getattr(self, "_by_computer", []))

    def _take_guide_news(self) -> list[str]:
        """The objectives reached since the news was last told (once each)."""
        news, self._guide_news = getattr(self, "_guide_news", []), []
        return news

    def _objectives_html(self) -> str:
        """The checklist: each objective with a tick and "done", or a circle and "to do"
        (words, not colour alone), the next one's hint under it."""
        g = self.guide
        if g is None:
            return ""
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
        return (
            '<div style="font-size:13px;line-height:1.35;border:1px solid #cbd5e1;'
            'border-radius:6px;padding:4px 8px;background:#f8fafc;margin:2px 0">'
            f'{head}<ul style="margin:2px 0;padding:0">{"".join(rows)}</ul></div>'
        )
