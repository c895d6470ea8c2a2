"""A game's puzzles in order, one board at a time, with the learner's progress kept in the
browser (:class:`PuzzleLadder`).

>>> ladder = PuzzleLadder("coffee")
>>> ladder.puzzle.id
'coffee-legal-cells-1'
"""

from __future__ import annotations

from typing import Any

import anywidget
import ipywidgets as w
import traitlets

from gamekit.errors import shown
from gamekit.game import facts
from gamekit.puzzles import PUZZLES, Puzzle, get
from gamekit.widgets.member import JoinClass

__all__ = ["PuzzleLadder", "ProgressStore"]


def _title(game: str) -> str:
    """A game's name as a player reads it (its registered title)."""
    try:
        return facts(game).title
    except (TypeError, ValueError):
        return game


_PROGRESS_ESM = r"""
const KEY = "gamekit-puzzles-solved";
function render({ model, el }) {
  el.style.display = "none";
  let stored = [];
  try { stored = JSON.parse(localStorage.getItem(KEY) || "[]"); } catch (e) { stored = []; }
  if (!Array.isArray(stored)) stored = [];
  const mine = model.get("solved");
  const all = [...new Set([...stored.filter(x => typeof x === "string"), ...mine])];
  if (all.length !== mine.length) { model.set("solved", all); model.save_changes(); }
  const save = () => {
    try { localStorage.setItem(KEY, JSON.stringify(model.get("solved"))); } catch (e) {}
  };
  save();
  model.on("change:solved", save);
  return () => model.off("change:solved", save);
}
export default { render };
"""


class ProgressStore(anywidget.AnyWidget):
    """The ids of the puzzles a learner solved, kept in the browser's storage (one browser,
    one learner: a reload or another day in the same browser keeps them). Invisible; its
    ``solved`` list joins what the browser remembers with what this kernel saw solved."""

    _esm = _PROGRESS_ESM
    solved: Any = traitlets.List([]).tag(sync=True)

    def __repr__(self) -> str:
        return f"<ProgressStore {len(self.solved)} solved>"


class PuzzleLadder:
    """Pick a game and a puzzle of its ladder (:data:`gamekit.puzzles.PUZZLES`, level 1
    first) and solve it on the board: the puzzles app. Each puzzle keeps its board, so
    its tries and a solve stay when the learner comes back to it; the puzzle menu ticks
    the solved ones. Display it as the last line of a notebook cell.

    >>> ladder = PuzzleLadder("gipf")
    >>> ladder
    <PuzzleLadder gipf: gipf-legal-1>
    >>> ladder.next(); ladder.puzzle.id
    'gipf-pushed-1'

    Raises:
        TypeError, ValueError: ``game`` is not a game with puzzles, or ``puzzle_id`` is
            not one of its puzzles (see :func:`gamekit.puzzles.get`).
    """

    def __init__(self, game: str | None = None, puzzle_id: str | None = None) -> None:
        if game is None:  # the first game with puzzles
            game = next(iter(PUZZLES))
        if not isinstance(game, str) or game not in PUZZLES:
            raise ValueError(f"game must be one of {', '.join(PUZZLES)}, not {shown(game)}")
        first = get(puzzle_id) if puzzle_id is not None else PUZZLES[game][0]
        self._boards: dict[str, Any] = {}
        self._syncing = False
        self.game_choice = w.Dropdown(
            options=[(_title(g), g) for g in PUZZLES],
            value=first.game,
            description="Game",
            layout=w.Layout(width="220px"),
            style={"description_width": "50px"},
        )
        self.puzzle_choice = w.Dropdown(
            description="Puzzle",
            layout=w.Layout(width="520px"),
            style={"description_width": "55px"},
        )
        self.next_button = w.Button(
            description="Next puzzle",
            icon="arrow-right",
            tooltip="the next puzzle of the ladder",
            layout=w.Layout(width="130px"),
        )
        self.progress = w.HTML()
        self.progress.add_class("gamekit-progress")
        self.store = ProgressStore()
        self.store.observe(lambda _c: self._update(), names="solved")
        self.holder = w.VBox([])
        self.game_choice.observe(self._on_game, names="value")
        self.puzzle_choice.observe(self._on_puzzle, names="value")
        self.next_button.on_click(lambda _b: self.next())
        controls = w.HBox(
            [self.game_choice, self.puzzle_choice, self.next_button, self.progress],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        controls.add_class("gamekit-ladder")
        #: *Your class*: a class code and a nickname count the puzzles for the teacher.
        self.classroom = JoinClass()
        self.widget = w.VBox([controls, self.holder, self.store, self.classroom.widget])
        self.show(first.id)

    def __repr__(self) -> str:
        return f"<PuzzleLadder {self.puzzle.game}: {self.puzzle.id}>"

    @property
    def puzzle(self) -> Puzzle:
        """The puzzle shown."""
        return get(self.puzzle_choice.value)

    @property
    def board(self) -> Any:
        """The board of the puzzle shown (in puzzle mode)."""
        return self._board_of(self.puzzle)

    def show(self, puzzle_id: str) -> None:
        """Show the puzzle ``puzzle_id`` on its board.

        Raises:
            TypeError, ValueError: no puzzle has that id.
        """
        p = get(puzzle_id)
        self._syncing = True
        try:
            self.game_choice.value = p.game
            self.puzzle_choice.options = self._options(p.game)
            self.puzzle_choice.value = p.id
        finally:
            self._syncing = False
        self.holder.children = [self._board_of(p).widget]
        self._update()

    def next(self) -> None:
        """The next puzzle of the ladder (after the last, the first of the next game)."""
        ids = [q.id for q in PUZZLES[self.puzzle.game]]
        k = ids.index(self.puzzle.id)
        if k + 1 < len(ids):
            return self.show(ids[k + 1])
        games = list(PUZZLES)
        game = games[(games.index(self.puzzle.game) + 1) % len(games)]
        self.show(PUZZLES[game][0].id)

    def _board_of(self, p: Puzzle) -> Any:
        board = self._boards.get(p.id)
        if board is None:
            board = self._boards[p.id] = p.board()
            board.on_grade(lambda _board: self._solved_now(_board))
        return board

    def _solved_now(self, board: Any) -> None:
        """A graded try: a solve is remembered (here and in the browser)."""
        if board.attempts.solved and board.puzzle.id not in self.store.solved:
            self.store.solved = [*self.store.solved, board.puzzle.id]  # redraws the counts
        else:
            self._update()

    @property
    def solved(self) -> frozenset[str]:
        """The ids of the puzzles solved: on this page, or before in this browser."""
        here = {i for i, b in self._boards.items() if b.attempts.solved}
        known = {i for i in self.store.solved if isinstance(i, str)}
        return frozenset(here | known)

    def _options(self, game: str) -> list[tuple[str, str]]:
        out = []
        solved = self.solved
        for k, p in enumerate(PUZZLES[game], 1):
            tick = "✓ " if p.id in solved else ""
            task = p.task if len(p.task) <= 60 else p.task[:57].rstrip() + "…"
            out.append((f"{tick}{k}. level {p.level}: {task}", p.id))
        return out

    def _update(self) -> None:
        """Tick the solved puzzles and count them."""
        game = self.puzzle.game
        value = self.puzzle_choice.value
        self._syncing = True
        try:
            self.puzzle_choice.options = self._options(game)
            self.puzzle_choice.value = value
        finally:
            self._syncing = False
        ladder = PUZZLES[game]
        done = self.solved
        solved = sum(1 for p in ladder if p.id in done)
        every = [p.id for ps in PUZZLES.values() for p in ps]
        total = sum(1 for i in every if i in done)
        self.progress.value = (
            f'<span style="font-size:13px;color:#4b5563;margin-left:8px">'
            f"{_title(game)}: {solved} of {len(ladder)} solved · all games: "
            f"{total} of {len(every)}</span>"
        )

    def _on_game(self, change) -> None:
        if not self._syncing:
            self.show(PUZZLES[change["new"]][0].id)

    def _on_puzzle(self, change) -> None:
        if not self._syncing and change["new"] is not None:
            self.show(change["new"])

    def _repr_mimebundle_(self, **kwargs):
        """The widget, with this object's short text instead of the widget tree (so a
        stored notebook output is stable) and, as a board does, a PNG of the puzzle's
        position for where the live widget cannot run."""
        bundle = self.widget._repr_mimebundle_(**kwargs)
        if isinstance(bundle, tuple):
            bundle = bundle[0]
        bundle = dict(bundle or {})
        bundle["text/plain"] = repr(self)
        include, exclude = kwargs.get("include"), kwargs.get("exclude") or ()
        if (include is None or "image/png" in include) and "image/png" not in exclude:
            bundle["image/png"] = self.board._picture_png()
            words = f"{self.puzzle.task} {self.board.picture_words()}"
            return bundle, {"image/png": {"alt": words}}
        return bundle
