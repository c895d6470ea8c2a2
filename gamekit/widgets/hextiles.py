"""The clickable Hex Tiles board.

Pick a tile (a market tile is taken at once; a reserve tile is simply chosen), turn it with
the buttons (or the keys r and l or the arrows, once the board has the focus), then
click a cell of your figure's picture to place it. A refused placement is
marked with a red cross and the message line says which rule forbids it. "Keep" leaves the
chosen tile in the reserve; "End turn" passes on. Hints put a dot on every cell where the
chosen tile fits; at the end (or any time) "Score step" counts a figure step by step.

The widget only translates clicks into moves: :mod:`gamekit.hextiles` decides what is legal.
Everything a mouse can do has a method (``pick_market``, ``pick_reserve``, ``rotate``,
``click``, ``keep``, ``end_turn``, ``type_move``, ``undo`` …), so lessons and tests drive the
board the same way a learner does.

>>> board = HexTilesBoard(hextiles.Rules(players=2, seed=7))
>>> board.pick_market("101000"); board.click((0, 1))
>>> board.message
'Player 1 placed 101000 on (0,1) (turn 0).'
>>> board
<HexTilesBoard 2 players, seed 7: 2 moves, Player 1 to place or end the turn>
"""

from __future__ import annotations

import dataclasses
import html
from functools import cache

import ipywidgets as w
import numpy as np

from gamekit import hextiles
from gamekit.errors import GamekitError
from gamekit.grids import hex_region
from gamekit.players import LEVEL_NAMES, Player, computer_seats, make_opponent, plays_now
from gamekit.records import Record
from gamekit.render.hextiles import FigureView, caption, radius_for, styles, tile_svg
from gamekit.widgets.base import GameBoard
from gamekit.widgets.view import BoardView, click_to_cell

__all__ = ["HexTilesBoard"]

#: Playouts a move for the "mcts" level (a turn is several moves).
_MCTS_ITERATIONS = 30
#: New deals are seeds below this (what the board's seed box can show).
_MAX_SEED = 10**9


def _mover(state: hextiles.State) -> int:
    """The player to move (from 0); once the game is over, the last first player."""
    return state.player if state.player is not None else state.first


@cache
def _template(radius: int) -> tuple[str, tuple[float, float, float, float]]:
    """The SVG of an empty window of cells and its drawing-to-SVG transform."""
    view = FigureView(radius, show_caption=False)
    return view.drawing.svg(), view.drawing.svg_transform()


class HexTilesBoard(GameBoard):
    """A Hex Tiles game on a clickable board, with its controls.

    ``HexTilesBoard(rules)`` starts a new game; ``HexTilesBoard(record=rec)`` continues a
    saved one.

    The computer, as on every board: ``opponent`` is ``None`` (nobody), a level name
    (:data:`gamekit.players.LEVEL_NAMES`) or a :class:`~gamekit.players.Player`;
    ``computer_plays`` is the seat it plays (``"player 2"``) or a tuple of seats, by default
    every seat but the first; ``seed`` seeds it. The old names still work: ``computer=(1,)``
    (player numbers from 0) is ``computer_plays=("player 2",)`` with ``opponent=level``
    (``"simple"`` unless given).

    Raises:
        TypeError, ValueError: ``opponent`` is not ``None``, a level or a player;
            ``computer_plays`` (or ``computer``) names no seat of the game.
    """

    def __init__(
        self,
        rules: hextiles.Rules | None = None,
        *,
        record: Record | None = None,
        opponent: str | Player | None = None,
        computer_plays: str | tuple[str, ...] | None = None,
        seed: int | None = 0,
        hints: bool = False,
        width: int = 420,
        computer: tuple[int, ...] | None = None,
        level: str | None = None,
    ) -> None:
        # Rules without a seed get their deal from the board's own generator (seeded by
        # ``seed``): the same board gives the same games, and each new game a new deal.
        self._rng = np.random.default_rng(seed)
        if record is None:
            rules = self._dealt(rules)
        self._load(rules, record, hextiles.Rules)
        if computer:  # the old names: computer=(1,), level="greedy"
            computer_plays = self._seats_numbered(computer)
            if opponent is None:
                opponent = level or "simple"
        self._plays = None if computer_plays is None else computer_seats(self.rules, computer_plays)
        self._seed = seed
        self._player = make_opponent(opponent, seed, iterations=_MCTS_ITERATIONS)
        self._level = opponent
        self.chosen: str | None = None
        self.turn = 0
        self.attempt: tuple[int, int] | None = None
        self.viewing: int | None = None
        self.score_step = 0
        self.message = ""
        self._ok = True
        self._radius = 0

        self.view = BoardView(width=width)
        self.view.on_click(self._on_svg_click)
        self.view.on_key(self.key)
        self.status = w.HTML()
        self.message_line = w.HTML()
        self.market_box = w.HBox()
        self.reserve_box = w.HBox()
        self.chosen_html = w.HTML()
        self.player_tabs = w.ToggleButtons(options=[], description="figure:")
        self.player_tabs.observe(self._on_tab, names="value")
        left = w.Button(
            description="⟲", tooltip="turn anticlockwise", layout=w.Layout(width="44px")
        )
        right = w.Button(description="⟳", tooltip="turn clockwise", layout=w.Layout(width="44px"))
        left.on_click(lambda _b: self.rotate(-1))
        right.on_click(lambda _b: self.rotate(1))
        self.keep_button = w.Button(description="Keep", tooltip="keep the tile in the reserve")
        self.end_button = w.Button(description="End turn", button_style="info")
        self.keep_button.on_click(lambda _b: self.keep())
        self.end_button.on_click(lambda _b: self.end_turn())
        self._history_buttons()
        self.hint_toggle = w.ToggleButton(value=hints, description="Hints", icon="lightbulb-o")
        self.hint_toggle.observe(lambda _c: self._refresh(), names="value")
        self.score_button = w.Button(description="Score step", tooltip="count the figure shown")
        self.score_button.on_click(lambda _b: self.next_score_step())
        self.move_box = w.Text(
            placeholder="type a move: take 111000, place 111000 at (0,1) turn 3, done",
            continuous_update=False,
            layout=w.Layout(width="360px"),
        )
        self.move_box.observe(self._on_typed, names="value")
        r = self.rules
        self.players_choice = w.Dropdown(options=[2, 3, 4], value=r.players, description="players")
        self.seed_choice = w.BoundedIntText(
            value=min(r.seed, _MAX_SEED), min=0, max=_MAX_SEED, description="seed"
        )
        self._shown_seed = self.seed_choice.value
        self.leftover_choice = w.Dropdown(
            options=list(hextiles.LEFTOVER_RULES), value=r.leftover, description="leftover"
        )
        self.contact_choice = w.Checkbox(value=r.marked_contact, description="marks may meet")
        self.computer_choice = w.Checkbox(
            value=opponent is not None, description="computer plays 2+"
        )
        self.level_choice = w.Dropdown(
            options=LEVEL_NAMES,
            value=opponent if isinstance(opponent, str) else level or LEVEL_NAMES[0],
            description="level",
            layout=w.Layout(width="170px"),
        )
        new_button = w.Button(description="New game", button_style="primary")
        new_button.on_click(lambda _b: self._new_from_controls())
        for c in (self.players_choice, self.seed_choice, self.leftover_choice):
            c.layout = w.Layout(width="170px")
            c.style = {"description_width": "60px"}

        self.widget = w.VBox(
            [
                self.status,
                w.HBox([w.Label("market:"), self.market_box]),
                self.player_tabs,
                self.view,
                w.HBox([w.Label("reserve:"), self.reserve_box]),
                w.HBox([self.chosen_html, left, right, self.keep_button, self.end_button]),
                self.message_line,
                w.HBox([self.undo_button, self.redo_button, self.hint_toggle, self.score_button]),
                self.move_box,
                w.HBox([self.players_choice, self.seed_choice, self.leftover_choice]),
                w.HBox([self.contact_choice, self.computer_choice, new_button]),
                self.level_choice,
            ],
            layout=w.Layout(max_width=f"{width + 220}px"),
        )
        self._auto()
        self._refresh()

    # -- reading -------------------------------------------------------------------------
    @property
    def shown_player(self) -> int:
        """Whose figure the board shows (the player to move unless another was chosen)."""
        return _mover(self.state) if self.viewing is None else self.viewing

    def __repr__(self) -> str:
        k = len(self._moves)
        moves = f"{k} move" + ("" if k == 1 else "s")
        tail = repr(self.state).split(", ", 3)[-1].rstrip(">")
        return (
            f"<HexTilesBoard {self.rules.players} players, seed {self.rules.seed}: {moves}, {tail}>"
        )

    # -- actions ---------------------------------------------------------------------------
    def pick_market(self, pattern: str) -> None:
        """Take a market tile (taking is compulsory, once a turn) and choose it to place."""
        try:
            move = hextiles.Move.take(pattern)
        except GamekitError as err:
            return self._say(str(err), False)
        if self._refused(move):
            return
        self._play(move)
        self.chosen, self.turn = move.pattern, 0
        self._say(
            f"{self._who()} took {move.pattern}. Turn it, then click a cell to place it, or "
            "Keep it in the reserve.",
            True,
        )

    def pick_reserve(self, pattern: str) -> None:
        """Choose a reserve tile to place (clicking the chosen one again lets it go)."""
        try:
            tile = hextiles.Tile.from_marks(pattern).pattern
        except GamekitError as err:
            return self._say(str(err), False)
        if tile.marks not in self.state.reserve():
            held = ", ".join(dict.fromkeys(self.state.reserve())) or "nothing"
            return self._say(f"The reserve holds no {tile.marks} tile (it holds {held}).", False)
        if self.chosen == tile.marks:
            return self.keep()
        self.chosen, self.turn, self.attempt = tile.marks, 0, None
        self._say(f"{tile.marks} chosen ({tile.name}): turn it, then click a cell.", True)

    def rotate(self, k: int = 1) -> None:
        """Turn the chosen tile ``k`` sixths clockwise (negative: anticlockwise)."""
        if self.chosen is None:
            return self._say("Pick a tile first.", False)
        self.turn = (self.turn + int(k)) % 6
        self._say(f"{self.chosen} turned {self.turn}.", True)

    def key(self, name: str) -> None:
        """A key pressed on the board: ``r`` or → turns the chosen tile clockwise, ``l``
        or ← anticlockwise, ``k`` keeps it, Enter ends the turn; other keys do nothing."""
        if name in ("r", "R", "ArrowRight"):
            self.rotate(1)
        elif name in ("l", "L", "ArrowLeft"):
            self.rotate(-1)
        elif name in ("k", "K"):
            self.keep()
        elif name == "Enter":
            self.end_turn()

    def click(self, cell) -> None:
        """A click on a cell of the figure shown: place the chosen tile there."""
        self.attempt = None
        state = self.state
        if state.outcome is not None:
            return self._say(f"{state.outcome.reason}. Undo, or start a new game.", False)
        if self.viewing is not None and self.viewing != state.player:
            self.viewing = None
            return self._say(
                f"That was {state.player_name(self.shown_player)}'s figure; here is "
                f"{self._who()}'s. Click again.",
                False,
            )
        if self.chosen is None:
            hint = " Take a market tile first." if state.must_take else ""
            return self._say(
                "Pick a tile (market or reserve) before clicking a cell." + hint, False
            )
        try:
            move = hextiles.Move.place(self.chosen, cell, self.turn)
        except GamekitError as err:
            return self._say(str(err), False)
        if self._refused(move, cell=move.cell):
            return
        self._play(move)
        self._say(
            f"{self._who(-2)} placed {self.chosen} on {hextiles.cell_text(move.cell)} "
            f"(turn {self.turn}).",
            True,
        )
        self.chosen, self.turn = None, 0
        self._after_human()

    def keep(self) -> None:
        """Leave the chosen tile in the reserve."""
        if self.chosen is None:
            return self._say("No tile is chosen.", False)
        tile, self.chosen, self.turn = self.chosen, None, 0
        self._say(f"{tile} stays in the reserve. Place another tile or end the turn.", True)

    def end_turn(self) -> None:
        """Say ``done`` (after taking a tile)."""
        move = hextiles.Move.done()
        if self._refused(move):
            return
        who = self._who()
        self._play(move)
        self.chosen, self.turn = None, 0
        self._say(f"{who} ended the turn.", True)
        self._after_human()

    def type_move(self, text: str) -> None:
        """Play a typed move; a bad one is refused with the reason."""
        text = (text or "").strip()
        if not text:
            return
        try:
            move = hextiles.Move.parse(text)
        except GamekitError as err:
            return self._say(str(err), False)
        if self._refused(move, cell=move.cell):
            return
        who = self._who()
        self._play(move)
        self.chosen, self.turn = None, 0
        self._say(f"{who} played {move}.", True)
        self._after_human()

    def undo(self) -> None:
        """Take back the last move (and the computer's moves before it)."""
        if not self._moves:
            return self._say("Nothing to undo.", False)
        self._undo_one()
        while self._moves and self._computer_plays(self.state):
            self._undo_one()
        self._say(f"Took back {self._redo[-1]}.", True)

    def redo(self) -> None:
        if not self._redo:
            return self._say("Nothing to redo.", False)
        move = self._replay()
        self.chosen, self.attempt, self.turn = None, None, 0
        self._say(f"Played {move} again.", True)

    def show_player(self, player: int | None) -> None:
        """Show another player's figure (``None``: the player to move)."""
        self.viewing = player
        self.score_step = 0
        self._refresh()

    def next_score_step(self) -> None:
        """Count the figure shown one step further: tiles, border loops, longest run, total."""
        self.score_step = self.score_step % 4 + 1
        sc = hextiles.score(self.state.figure(self.shown_player))
        lines = sc.explain().split("\n")
        self._say(" ".join(lines[: self.score_step]), True)

    def new_game(self, rules: hextiles.Rules | None = None, **options) -> None:
        """Start again with ``rules`` or changed options (``players=3, seed=4`` …). Without
        a seed (in ``rules`` or the options) it is a new deal, from the board's generator.

        Raises:
            ValueError: an option's value is not allowed.
        """
        if rules is None:
            opts = self.rules.to_dict()
            opts["seed"] = None
            if "players" in options:
                opts["copies"] = None
            opts.update(options)
            rules = hextiles.Rules(**opts)
        rules = self._dealt(rules)
        self._restart(rules)
        self.seed_choice.value = min(rules.seed, _MAX_SEED)
        self._shown_seed = self.seed_choice.value
        self.chosen, self.attempt, self.viewing, self.turn, self.score_step = None, None, None, 0, 0
        self._say(f"New game: {rules.players} players, seed {rules.seed}.", True)
        self._auto()
        self._refresh()

    # -- internals -----------------------------------------------------------------------
    def _who(self, back: int = -1) -> str:
        state = self._states[back] if len(self._states) >= -back else self.state
        return state.player_name(_mover(state))

    def _dealt(self, rules: hextiles.Rules | None) -> hextiles.Rules:
        """``rules`` (default ones if ``None``) with a seed: if they have none, a new deal
        from the board's own generator."""
        rules = hextiles.Rules() if rules is None else rules
        if rules.seed is None:
            rules = dataclasses.replace(rules, seed=int(self._rng.integers(_MAX_SEED)))
        return rules

    def _refused(self, move: hextiles.Move, cell=None) -> bool:
        reason = self.state.why_illegal(move)
        if reason is None:
            return False
        self.attempt = cell
        self._say(reason, False)
        return True

    def _play(self, move: hextiles.Move) -> None:
        self._states.append(self.state.play(move))
        self._moves.append(str(move))
        self._redo = []
        self.attempt = None
        self.viewing = None
        self.score_step = 0

    def _undo_one(self) -> None:
        self._take_back()
        self.chosen, self.attempt, self.turn, self.viewing = None, None, 0, None

    def _after_human(self) -> None:
        played = self._auto()
        if played:
            self.message += f" The computer played {played} move{'s' if played > 1 else ''}."
        outcome = self.state.outcome
        if outcome is not None:
            self.message += f" {outcome.reason}."
        self._refresh()

    def _auto(self) -> int:
        """Let the computer play its turns; how many moves it made."""
        count = 0
        while self._computer_plays(self.state) and count < 500:
            self._play(self._player.choose(self.state))
            count += 1
        return count

    @property
    def computer_plays(self) -> tuple[str, ...]:
        """The seats the computer plays (when there is an opponent): those given, or every
        seat but the first."""
        seats = self.rules.seats
        if self._plays is None:
            return tuple(seats[1:])
        return tuple(s for s in self._plays if s in seats)

    @property
    def opponent(self) -> str | Player | None:
        """The computer opponent: ``None``, a level or a :class:`~gamekit.players.Player`.
        Setting it lets the computer play at once if it is its turn."""
        return self._level

    @opponent.setter
    def opponent(self, level: str | Player | None) -> None:
        self._player = make_opponent(level, self._seed, iterations=_MCTS_ITERATIONS)
        self._level = level
        self._after_human()

    def _computer_plays(self, state: hextiles.State) -> bool:
        """Whether the computer makes the next decision in ``state``."""
        return self._player is not None and plays_now(state, self.computer_plays)

    def _seats_numbered(self, numbers) -> tuple[str, ...]:
        """The seats of the old ``computer=`` numbers (0 for the first player)."""
        seats = self.rules.seats
        numbers = (numbers,) if isinstance(numbers, int) else numbers
        if not isinstance(numbers, (tuple, list)) or not all(
            isinstance(k, int) and not isinstance(k, bool) and 0 <= k < len(seats) for k in numbers
        ):
            raise ValueError(
                f"computer must be a tuple of player numbers from 0 to {len(seats) - 1}, "
                f"not {numbers!r}"
            )
        return tuple(seats[k] for k in numbers)

    def _on_svg_click(self, sx: float, sy: float) -> None:
        cell = click_to_cell(hex_region(self._radius), self._transform, sx, sy)
        if cell is not None:
            self.click(cell)

    def _on_typed(self, change) -> None:
        if change["new"]:
            self.type_move(change["new"])
            if self._ok:
                self.move_box.value = ""

    def _on_tab(self, change) -> None:
        if change["new"] is None or getattr(self, "_syncing", False):
            return
        self.show_player(int(change["new"]))

    def _new_from_controls(self) -> None:
        """The "New game" button: a new deal, unless a seed was typed in the seed box."""
        typed = self.seed_choice.value
        try:
            rules = hextiles.Rules(
                players=self.players_choice.value,
                seed=typed if typed != self._shown_seed else None,  # else a new deal
                leftover=self.leftover_choice.value,
                marked_contact=self.contact_choice.value,
            )
        except ValueError as err:
            return self._say(str(err), False)
        level = self.level_choice.value if self.computer_choice.value else None
        if level is not None:
            self._plays = None  # every seat but the first
        self._player = make_opponent(level, self._seed, iterations=_MCTS_ITERATIONS)
        self._level = level
        self.new_game(rules)

    def _mount_if_needed(self) -> None:
        radius = max(radius_for(f, spare=2, least=3) for f in self.state.figures)
        if radius != self._radius:
            self._radius = radius
            svg, self._transform = _template(radius)
            self.view.svg = svg
            self.view.label = f"Hex Tiles figure, window of radius {radius}"

    def _tile_button(self, pattern: str, action, selected: bool, disabled: bool) -> w.VBox:
        icon = w.HTML(tile_svg(pattern, 40, selected))
        button = w.Button(
            description=pattern,
            disabled=disabled,
            button_style="info" if selected else "",
            layout=w.Layout(width="72px"),
            tooltip=hextiles.Tile.from_marks(pattern).name,
        )
        button.on_click(lambda _b, p=pattern: action(p))
        return w.VBox([icon, button])

    def _refresh(self) -> None:
        self._mount_if_needed()
        state = self.state
        shown = self.shown_player
        figure = state.figure(shown)
        scoring = state.outcome is not None
        look = styles(
            hex_region(self._radius),
            figure,
            hints=self.chosen if (self.hints and self.chosen and shown == state.player) else None,
            attempt=self.attempt,
            outer=scoring or self.score_step >= 2,
            run=scoring or self.score_step >= 3,
        )
        self.view.styles = {name: s.to_json() for name, s in look.items()}
        self.status.value = f"<b>{html.escape(self.status_text())}</b>"
        colour = "#1b6e3a" if self._ok else "#b3261e"
        self.message_line.value = (
            f'<span style="color:{colour}">{html.escape(self.message)}</span>'
            if self.message
            else ""
        )
        over = state.outcome is not None
        # Rebuild the tile buttons only when what they show changes (it costs a round trip).
        market_key = (state.market, over or not state.must_take)
        if market_key != getattr(self, "_market_key", None):
            self._market_key = market_key
            self.market_box.children = [
                self._tile_button(p, self.pick_market, False, market_key[1]) for p in state.market
            ]
        mover_reserve = tuple(dict.fromkeys(state.reserve())) if not over else ()
        reserve_key = (mover_reserve, self.chosen, over)
        if reserve_key != getattr(self, "_reserve_key", None):
            self._reserve_key = reserve_key
            self.reserve_box.children = [
                self._tile_button(p, self.pick_reserve, p == self.chosen, over)
                for p in mover_reserve
            ]
        if self.chosen:
            tile = hextiles.Tile.from_marks(self.chosen).rotated(self.turn)
            self.chosen_html.value = tile_svg(tile, 44, True) + f" turn {self.turn}"
        else:
            self.chosen_html.value = "<i>no tile chosen</i>"
        self._syncing = True
        tabs = tuple((state.player_name(i), i) for i in range(state.rules.players))
        if tuple(self.player_tabs.options) != tabs:
            self.player_tabs.options = tabs
        if self.player_tabs.value != shown:
            self.player_tabs.value = shown
        self._syncing = False
        self.keep_button.disabled = self.chosen is None
        self.end_button.disabled = over or state.must_take
        self.undo_button.disabled = not self._moves
        self.redo_button.disabled = not self._redo

    def status_text(self) -> str:
        """The line above the board: round, pool, whose turn and what to do; or the end."""
        state = self.state
        shown = state.player_name(self.shown_player)
        head = f"Round {state.round_no}, pool {len(state.pool)}. "
        if state.outcome is not None:
            return head + state.outcome.reason.replace("The game is over: ", "Game over: ")
        who = state.player_name(_mover(state))
        if state.leftover_step:
            doing = "place tiles (the leftover is in the reserve) or end the turn"
        elif state.must_take:
            doing = "take a market tile"
        else:
            doing = "place reserve tiles or end the turn"
        tail = f" Showing {shown}: {caption(state.figure(self.shown_player))}."
        return head + f"{who} to {doing}." + tail
