"""The clickable Hex Tiles board.

Click a tile of the market to take it (its picture is the button); it goes to your reserve,
chosen to place. Turn it with the buttons (or the keys r and l or the arrows, once the board
has the focus), then click a cell of your figure to place it. With Hints on, a blue dot
marks every cell where the tile fits as it is turned now, and a hollow ring every cell where
it would fit if turned. A refused placement is marked with a red cross and the message says
which rule forbids it, in words. "Keep" leaves the chosen tile in the reserve; "End turn"
passes on. "Score step" counts the figure shown step by step.

Beside the board: the goal, whose turn it is, the message, the move log in words (each of
the computer's decisions too), and a score panel with every player's score now and a small
picture of each figure (the computer's newest tiles outlined in green).

The widget only translates clicks into moves: :mod:`gamekit.hextiles` decides what is legal.
Everything a mouse can do has a method (``pick_market``, ``pick_reserve``, ``rotate``,
``click``, ``keep``, ``end_turn``, ``type_move``, ``undo`` …), so lessons and tests drive the
board the same way a learner does.

>>> board = HexTilesBoard(hextiles.Rules(players=2, seed=7))
>>> board.pick_market("101000"); board.click((0, 1))
>>> board.message
'Player 1 placed a blue tile (two marks one side apart) above its starter (+2 marks, longest border 0 → 1; score 3).'
>>> board
<HexTilesBoard 2 players, seed 7: 2 moves, Player 1 to place or end the turn>
"""

from __future__ import annotations

import html
import numbers
from functools import cache
from typing import Any, ClassVar, cast

import ipywidgets as w

from gamekit import hextiles
from gamekit.errors import GamekitError
from gamekit.errors import shown as _shown
from gamekit.grids import hex_distance, hex_region
from gamekit.hextiles import Cell, controls
from gamekit.hextiles.picture import FigureView, figure_svg, styles, tile_svg
from gamekit.hextiles.puzzles import PUZZLES, SCORING_GOALS
from gamekit.hextiles.tilerow import TileRow
from gamekit.hextiles.words import (
    CELL_TEXT,
    ENDING_WORDS,
    describe_move,
    figure_reading,
    gain_words,
    notation_words,
    refusal_words,
    tile_reading,
    tile_words,
    turn_words,
    where_words,
)
from gamekit.hextiles.words import position_words as hextiles_words
from gamekit.players import Player
from gamekit.puzzles import Puzzle
from gamekit.records import Record
from gamekit.text import plural, upper_first
from gamekit.widgets.base import MAX_DEAL, GameBoard
from gamekit.widgets.keys import grid_places
from gamekit.widgets.puzzle import capitalise_sentences
from gamekit.widgets.view import click_to_cell

__all__ = [
    "HexTilesBoard",
    "TileRow",
    "describe_move",
    "tile_words",
    "turn_words",
    "where_words",
]


@cache
def _template(
    radius: int, centre: tuple[int, int]
) -> tuple[str, tuple[float, float, float, float]]:
    """The SVG of an empty window of cells and its drawing-to-SVG transform."""
    view = FigureView(radius, show_caption=False, centre=centre)
    return view.drawing.svg(), view.drawing.svg_transform()


def _window(figure: hextiles.Figure, least: int = 2) -> tuple[int, tuple[int, int]]:
    """The smallest window (radius, centre) that shows ``figure`` and the empty cells
    next to it, centred on the figure (at least ``least`` rings)."""
    shown = [*figure.cells(), *figure.frontier()]
    q = round(sum(c[0] for c in shown) / len(shown))
    r = round(sum(c[1] for c in shown) / len(shown))
    best: tuple[tuple[int, int], int, Cell] | None = None
    for dq in (-1, 0, 1):
        for dr in (-1, 0, 1):
            centre = (q + dq, r + dr)
            radius = max(least, max(hex_distance(c, centre) for c in shown))
            key = (radius, abs(dq) + abs(dr))
            if best is None or key < best[0]:
                best = (key, radius, centre)
    assert best is not None  # nine candidates were tried
    return best[1], best[2]


def _mover(state: hextiles.State) -> int:
    """The player to move (from 0); once the game is over, the last first player."""
    return state.player if state.player is not None else state.first


class HexTilesBoard(GameBoard):
    """A Hex Tiles game on a clickable board, with its controls.

    ``HexTilesBoard(rules)`` starts a new game; ``HexTilesBoard(record=rec)`` continues a
    saved one; ``HexTilesBoard(puzzle=p)`` (what ``p.board()`` gives) shows a Hex Tiles
    puzzle in puzzle mode (see :mod:`gamekit.widgets.puzzle`): a tile taken or placed as
    in a game is the answer, a cells puzzle's cells are clicked.

    The computer, as on every board: ``opponent`` is ``None`` (nobody), a level name
    (:data:`gamekit.players.LEVEL_NAMES`) or a :class:`~gamekit.players.Player`;
    ``computer_plays`` is the seat it plays (``"player 2"``) or a tuple of seats, by default
    every seat but the first; ``seed`` seeds it. The old names still work: ``computer=(1,)``
    (player numbers from 0) is ``computer_plays=("player 2",)`` with ``opponent=level``
    (``"simple"`` unless given).

    Raises:
        TypeError, ValueError: ``opponent`` is not ``None``, a level or a player;
            ``computer_plays`` (or ``computer``) names no seat of the game; ``puzzle`` is
            not a Hex Tiles puzzle, or comes with ``rules``, ``record`` or an opponent.
    """

    goal: ClassVar[str] = (
        "Grow your figure with its marks facing outward: your score is the marks of its "
        "tiles plus its longest marked border. The highest score wins."
    )
    lesson: ClassVar[str] = "08_hextiles_rules.ipynb"
    extra_keys: ClassVar[tuple[tuple[str, str], ...]] = (
        ("1, 2, 3", "take that market tile (once taken: choose that reserve tile)"),
        ("R and L", "turn the chosen tile clockwise and anticlockwise"),
        ("K", "keeps it"),
        ("E", "ends the turn"),
        ("Tab", "reaches the market's and the reserve's tiles (Enter takes one)"),
    )

    log_notation: ClassVar[bool] = False  # cells and marks in numbers say nothing here
    _syncing_tabs = False  # the figure tabs follow the game (not a learner's choice)
    # The widgets gamekit.hextiles.controls makes for the board (the constructor calls it):
    info_line: w.HTML
    market_row: TileRow
    reserve_row: TileRow
    market_label: w.HTML
    reserve_label: w.HTML
    reading: w.HTML
    reading_box: w.Accordion
    chosen_html: w.HTML
    player_tabs: w.ToggleButtons
    rotate_buttons: tuple[w.Button, w.Button]
    keep_button: w.Button
    end_button: w.Button
    score_button: w.Button
    players_choice: w.Dropdown
    seed_choice: w.BoundedIntText
    leftover_choice: w.Dropdown
    contact_choice: w.Checkbox
    #: What a person does to move (refused while the computer is to move).
    person_actions: ClassVar[tuple[str, ...]] = (
        "pick_market",
        "pick_reserve",
        "rotate",
        "key",
        "click",
        "keep",
        "end_turn",
        "type_move",
    )

    def __init__(
        self,
        rules: hextiles.Rules | None = None,
        *,
        record: Record | None = None,
        opponent: str | Player | None = None,
        computer_plays: str | tuple[str, ...] | None = None,
        seed: int | None = 0,
        hints: bool = False,
        width: int = 460,
        computer: tuple[int, ...] | None = None,
        level: str | None = None,
        puzzle: Puzzle | None = None,
    ) -> None:
        # Rules without a seed get their deal from the board's own generator (seeded by
        # ``seed``): the same board gives the same games, and each new game a new deal.
        puzzled = self._begin(
            rules, record, puzzle, seed, hextiles.Rules, deal=True, opponent=opponent,
            computer=computer,
        )  # fmt: skip
        hints = hints and not puzzled  # on a puzzle, the hints would show the answer
        if computer:  # the old names: computer=(1,), level="greedy"
            computer_plays = self._seats_numbered(computer)
            if opponent is None:
                opponent = level or "simple"
        self._all_but_first = computer_plays is None
        self.computer_plays = self.rules.seats[1:] if computer_plays is None else computer_plays
        self.opponent = opponent
        self.chosen: str | None = None
        self.turn = 0
        self.attempt: tuple[int, int] | None = None
        self.viewing: int | None = None
        self.score_step = 0
        self._window: tuple[int, tuple[int, int]] | None = None
        self._windows: dict[int, tuple[int, tuple[int, int]]] = {}  # each figure's own
        self._board_view(width)
        self.view.on_key(self.key)
        controls.tile_controls(self)
        self._history_buttons()
        self._hint_control(
            hints,
            "blue dots: the chosen tile fits there as it is turned now; hollow rings: it "
            "fits there if turned",
            width="80px",
        )
        self._move_controls(
            "or type a move in notation (lesson 16 explains it)",
            "moves in the game's notation, for those who know it",
            "100%",
        )
        self.widget = controls.layout(self, width, controls.settings(self))
        self._refresh()
        self.computer.turn()

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
            f"<HexTilesBoard {self.rules.players} players, seed {self.rules.seed}: {moves}, "
            f"{tail}{self._puzzle_repr()}>"
        )

    def describe(self, before: hextiles.State, move: Any, after: hextiles.State) -> str:
        """One decision in plain words (see :func:`describe_move`), naming the players as
        the viewer knows them.

        Raises:
            InvalidNotationError: ``move`` is not a Hex Tiles move's notation.
        """
        text = describe_move(before, move, after, lambda seat: self.person(seat, before))
        m = hextiles.Move.parse(move)
        if m.kind == "place":  # what the placement added to the score
            mover = before._mover
            was, now = hextiles.score(before.figure(mover)), hextiles.score(after.figure(mover))
            text = text.rstrip(".") + f" ({gain_words(was, now)}; score {now.total})."
        return text

    def instruction(self) -> str:
        """What to do now, in a few words."""
        state = self.state
        if self.chosen is not None:
            return "turn the tile, then choose a cell of your figure"
        if state.must_take and state.reserve():
            # a reserve tile may be placed at any moment of one's own turn, before taking too
            return (
                "take a tile from the market (its picture, or its number key), or first place a tile from "
                "your reserve"
            )
        if state.must_take:
            return "take a tile from the market (its picture, or its number key)"
        if state.leftover_step:
            return "place tiles from your reserve (the leftover is there) or end the turn"
        return "choose a reserve tile to place, or end the turn"

    @property
    def score_hidden(self) -> bool:
        """Whether the board hides the scores: a puzzle asks for one and waits for the
        answer (the score panel, the words and the score steps would give it away), or its
        figure is one another puzzle asks to score (shown here, it would answer that one)."""
        p = self.puzzle
        if p is None or self.attempts is None:
            return False
        if p.goal not in SCORING_GOALS:
            return _scored_elsewhere(p.id)
        return not (self.solved or self.attempts.revealed)

    def _picture_highlight(self) -> dict:
        """The still picture hides the scores too while a puzzle asks for one."""
        return {} if not self.score_hidden else {"scores": False}

    def position_text(self) -> str:
        """The position in words, without the scores while a puzzle asks for one."""
        return hextiles_words(self.state, scores=not self.score_hidden)

    def score_html(self) -> str:
        """Every player's score now (tiles + longest marked border) and a small picture of
        each figure, the computer's newest tiles outlined ("" while a puzzle asks for a
        score)."""
        if self.score_hidden:
            return ""
        state = self.state
        recent = self._recent_cells()
        over = state.outcome is not None
        cells = []
        size = 64 if len(state.figures) <= 2 else 52
        for i, figure in enumerate(state.figures):
            seat = state.rules.seats[i]
            sc = hextiles.score(figure)
            who = self.person(seat)
            name = html.escape(state.player_name(i))
            if who in ("you", "the computer"):
                name += f" ({who})"
            double = " ×2" if sc.closed else ""
            label = f"{state.player_name(i)}'s figure: {len(figure)} tiles, score {sc.total}"
            bold = "font-weight:bold;" if i == state.player else ""
            cells.append(
                f'<div style="display:flex;align-items:center;gap:4px;{bold}">'
                f"{figure_svg(figure, size * 3 // 2 if recent.get(i) else size, recent.get(i, ()), label)}"
                f"<div>{name}<br>"
                f'<span title="tile marks + longest marked border{double}">'
                f"{sc.tiles} + {sc.border}{double} = <b>{sc.total}</b></span></div></div>"
            )
        return (
            f'<div style="font-size:13px"><b>{"Final scores" if over else "Scores now"}</b> '
            '<small style="color:#555">(tile marks + longest marked border)</small>'
            '<div style="display:flex;flex-wrap:wrap;gap:2px 14px">'
            f"{''.join(cells)}</div></div>"
        )

    def banner_text(self) -> tuple[str, str]:
        """Who won, by how much and why: "You won 61 to 19: the pool could not fill a
        market." (the tone as the base board decides it)."""
        outcome = self.state.outcome
        if outcome is None:
            return "", "neutral"
        _text, tone = super().banner_text()
        names = [self.person(seat) for seat in outcome.winners]
        head = " and ".join(names) if len(names) <= 2 else ", ".join(names)
        head = head[:1].upper() + head[1:] + (" won" if len(names) == 1 else " share the win")
        scores = ", ".join(f"{self.person(seat)} {total}" for seat, total in outcome.scores.items())
        why = ENDING_WORDS.get(outcome.ending, outcome.ending)
        tie = " (fewer tiles break the tie)" if "tie-break" in outcome.reason else ""
        return f"{head}: {why}. Scores: {scores}{tie}.", tone

    def status_text(self) -> str:
        """The line under the board: the round, the pool, and whose figure is shown."""
        state = self.state
        shown = self.shown_player
        owner = self.person(state.rules.seats[shown])
        whose = "your figure" if owner == "you" else f"{state.player_name(shown)}'s figure"
        if owner == "the computer":
            whose += " (the computer)"
        head = f"Round {state.round_no} · {len(state.pool)} tiles left in the pool"
        if state.outcome is not None:
            return f"{head} · game over · showing {whose}"
        head += f" · {self.rounds_words()}"
        if state.leftover_step:
            head += " · the leftover step"
        run = hextiles.score(state.figure(shown)).border
        if self.puzzle is None and run:
            head += f" · longest marked border: {run} (drawn in pink)"
        if self.hints and self.chosen:
            head += " · a filled blue dot: the tile fits there as turned now; a ring: if turned"
        return f"{head} · showing {whose}"

    def rounds_words(self) -> str:
        """How many rounds remain (at most: a game also ends when no figure has room) and
        where the tile nobody takes goes, so a player can plan: "at most 2 more rounds after
        this one; the leftover tile goes to Player 1".

        >>> HexTilesBoard(hextiles.Rules(players=2, seed=2)).rounds_words()
        'at most 7 more rounds after this one; the leftover tile goes to Player 1'
        """
        state = self.state
        rules = state.rules
        n = rules.market_size  # each round fills the market from the pool
        back = max(0, n - rules.players) if rules.leftover == "pool" else 0  # comes back
        pool, more = len(state.pool) + back, 0
        # A round fills the market; a short round (the pool could not fill it) is the last.
        while pool > 0 and not state.short:
            more += 1
            if pool < n:
                break
            pool -= n - back
        rounds = "this is the last round" if not more else (
            f"at most {more} more round{'s' if more != 1 else ''} after this one"
        )  # fmt: skip
        where = {
            "first": f"goes to {state.player_name(state.first)}",
            "pool": "goes back into the pool",
            "discard": "leaves the game",
        }.get(state.rules.leftover, "")
        return f"{rounds}; the leftover tile {where}" if where else rounds

    # -- actions ---------------------------------------------------------------------------
    def pick_market(self, pattern: str) -> None:
        """Take a market tile (taking is compulsory, once a turn) and choose it to place."""
        if not self._puzzle_gate():
            return
        try:
            move = hextiles.Move.take(pattern)
        except GamekitError as err:
            return self._say(str(err), False)
        if self.puzzle is not None:
            return self._puzzle_answer(move)
        if self._refused(move):
            return
        self._push_and_reset(move)
        self.chosen, self.turn = move.pattern, 0
        self._say(
            f"{self._actor(-2)} took {tile_words(cast(str, move.pattern))}. Turn it, then click a cell "
            "to place it, or Keep it in the reserve.",
            True,
        )
        self.view.focus()  # the tile goes on the board next: the arrows step where it fits

    def pick_reserve(self, pattern: str) -> None:
        """Choose a reserve tile to place (clicking the chosen one again lets it go)."""
        if not self._puzzle_gate():
            return
        try:
            tile = hextiles.Tile.from_marks(pattern).pattern
        except GamekitError as err:
            return self._say(str(err), False)
        if self.state.outcome is not None:
            return self._say("The game is over. Undo, or start a new game.", False)
        if tile.marks not in self.state.reserve():
            return self._say(f"Your reserve holds no such tile ({tile_words(tile)}).", False)
        if self.chosen == tile.marks:
            return self.keep()
        self.chosen, self.turn, self.attempt = tile.marks, 0, None
        self.viewing = None  # the tile goes on the player's own figure: show it
        self._say(f"You chose {tile_words(tile)}: turn it, then click a cell.", True)
        self.view.focus()

    def rotate(self, k: int = 1) -> None:
        """Turn the chosen tile ``k`` sixths clockwise (negative: anticlockwise)."""
        if self.chosen is None:
            return self._say("Pick a tile first.", False)
        self.turn = (self.turn + int(k)) % 6
        turned = turn_words(self.chosen, self.turn) or "back as drawn in the reserve"
        self._say(f"The tile is {turned}.", True)

    def key(self, name: str) -> None:
        """A key pressed on the board: a digit takes that market tile (counted from 1; once
        a tile is taken, chooses that reserve tile), ``r`` turns the chosen tile clockwise,
        ``l`` anticlockwise, ``k`` keeps it, ``e`` ends the turn; other keys do nothing (the
        arrows move the keyboard's ring, Enter places the tile where it is)."""
        if len(name) == 1 and name in "123456789":
            self._pick_by_number(int(name))
        elif name in ("r", "R"):
            self.rotate(1)
        elif name in ("l", "L"):
            self.rotate(-1)
        elif name in ("k", "K"):
            self.keep()
        elif name in ("e", "E"):
            self.end_turn()

    def _pick_by_number(self, number: int) -> None:
        """The digit keys: the ``number``-th market tile while one must be taken, else the
        ``number``-th tile of the reserve."""
        state = self.state
        if state.must_take:
            row, where = list(state.market), "the market"
        else:
            row, where = list(state.reserve()), "your reserve"
        if state.outcome is not None:
            return self._say("The game is over. Undo, or start a new game.", False)
        if not 1 <= number <= len(row):
            held = plural(len(row), "tile") if row else "no tile"
            return self._say(
                f"{upper_first(where)} holds {held}: there is no tile {number}.", False
            )
        pattern = hextiles.Tile.from_marks(row[number - 1]).marks
        if state.must_take:
            self.pick_market(pattern)
        else:
            self.pick_reserve(pattern)

    def click(self, cell) -> None:
        """A click on a cell of the figure shown: place the chosen tile there (in a cells
        puzzle: choose the cell, or let it go)."""
        self.attempt = None
        if self.puzzle is not None and self.puzzle.kind == "cells":
            try:
                return self.toggle_cell(hextiles.cell_text(cell))
            except GamekitError as err:
                return self._say(str(err), False)
        if not self._puzzle_gate():
            return
        state = self.state
        if state.outcome is not None:
            return self._say("The game is over. Undo, or start a new game.", False)
        if self.viewing is not None and self.viewing != state.player:
            shown = state.player_name(self.viewing)
            self.viewing = None
            mover = self.person(state.to_move)
            whose = "your figure" if mover == "you" else f"{state.player_name(state.player)}'s"
            return self._say(
                f"That was {shown}'s figure; here is {whose} again. Click again.", False
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
        if self.puzzle is not None:  # the answer: graded, with the engine's words
            return self._puzzle_answer(move, attempt=move)
        if self._refused(move, cell=move.cell):  # told in words (_plain)
            return
        before = state
        self._push_and_reset(move)
        self.chosen, self.turn = None, 0
        self._say(self.describe(before, move, self.state), True)
        self.computer.turn()

    def keep(self) -> None:
        """Leave the chosen tile in the reserve."""
        if self.chosen is None:
            return self._say("No tile is chosen.", False)
        tile, self.chosen, self.turn = self.chosen, None, 0
        self._say(
            f"{tile_words(tile)[:1].upper()}{tile_words(tile)[1:]} stays in the reserve. "
            "Place another tile or end the turn.",
            True,
        )

    def end_turn(self) -> None:
        """Say ``done`` (after taking a tile)."""
        if not self._puzzle_gate():
            return
        move = hextiles.Move.done()
        if self.puzzle is not None:
            return self._puzzle_answer(move)
        if self._refused(move):
            return
        before = self.state
        self._push_and_reset(move)
        self.chosen, self.turn = None, 0
        self._say(self.describe(before, move, self.state), True)
        self.computer.turn()

    def show_player(self, player: int | None) -> None:
        """Show another player's figure (``None``: the player to move).

        Raises:
            TypeError: ``player`` is not a whole number or ``None``.
            ValueError: no player has that number (players count from 0).
        """
        if player is not None:
            if isinstance(player, bool) or not isinstance(player, numbers.Integral):
                raise TypeError(f"player must be a player's number or None, not {_shown(player)}")
            if not 0 <= player < self.rules.players:
                raise ValueError(
                    f"player must be 0 to {self.rules.players - 1} in a game of "
                    f"{self.rules.players} players, not {_shown(player)}"
                )
            player = int(player)
        self.viewing = player
        self.score_step = 0
        self._refresh()

    def next_score_step(self) -> None:
        """Count the figure shown one step further: tiles, border loops, longest run, total
        (not while a puzzle asks for the score: answer first)."""
        if self.score_hidden:
            return self._say("Answer first: the score steps come after your answer.", False)
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
        if self.puzzle is not None:
            return self._say("This board shows a puzzle: Try again starts it anew.", False)
        if rules is not None:
            self._check_new_rules(rules)
        if rules is None:
            opts = self.rules.to_dict()
            opts["seed"] = None
            if "players" in options:
                opts["copies"] = None
            opts.update(options)
            rules = hextiles.Rules(**opts)
        rules = self._dealt(rules)
        self._windows = {}  # a new game's figures start small again
        self._restart(rules)
        seats = rules.seats
        kept = tuple(s for s in self.computer_plays if s in seats)
        self.computer.seats = seats[1:] if self._all_but_first or not kept else kept
        self._set_seat_menu()
        self.seed_choice.value = min(cast(int, rules.seed), MAX_DEAL)  # dealt: it has one
        self._shown_seed = self.seed_choice.value
        self.players_choice.value = rules.players
        self._clear_choice()
        self._say(f"New game: {rules.players} players, deal number {rules.seed}.", True)
        self.computer.turn()

    # -- internals -----------------------------------------------------------------------
    def _typed_move(self, move: hextiles.Move) -> None:
        if self.puzzle is not None:
            return self._puzzle_answer(move, attempt=move if move.kind == "place" else None)
        if self._refused(move, cell=move.cell):
            return
        before = self.state
        self._push_and_reset(move)
        self.chosen, self.turn = None, 0
        self._say(self.describe(before, move, self.state), True)
        self.computer.turn()

    def _clear_choice(self) -> None:
        self.chosen, self.attempt, self.viewing, self.turn, self.score_step = None, None, None, 0, 0

    def _move_cells(self, move: Any) -> tuple[str, ...]:
        """The cell a puzzle mark shows a move on: a placement's (none for the others)."""
        m = hextiles.Move.parse(move)
        return (hextiles.cell_text(m.cell),) if m.kind == "place" and m.cell else ()

    def _placement_tips(self, grid, figure: hextiles.Figure) -> list[str]:
        """For each cell of the window, what placing the chosen tile there, as it is turned
        now, would add to the score ("" where it does not fit, or with no tile chosen; none
        in a puzzle, where it would give answers away): the words a pointer resting on the
        cell shows."""
        tips = [""] * len(grid)
        state = self.state
        if not self.chosen or self.puzzle is not None or self.shown_player != state.player:
            return tips
        if state.outcome is not None:
            return tips
        was = hextiles.score(figure)
        for cell in figure.frontier():
            i = grid.at(cell)
            if i is None or figure.why_illegal(self.chosen, cell, self.turn) is not None:
                continue
            now = hextiles.score(figure.place(self.chosen, cell, self.turn))
            tips[i] = f"Here: {gain_words(was, now)} (score {was.total} → {now.total})"
        return tips

    def _focus_cells(self) -> tuple[str, ...]:
        """The cell a placement task names (``hextiles-turn-1``: the yellow tile on one
        cell), outlined on the board."""
        p = self.puzzle
        if p is None:
            return ()
        return tuple(f for f in p.focus if CELL_TEXT.fullmatch(f))

    def _in_words(self, text: str) -> str:
        """A puzzle's words with Hex Tiles' notation put in words, as the log says it
        (:func:`gamekit.hextiles.words.notation_words`)."""
        p = self.puzzle
        if p is None:
            return text
        start = p.start()
        return capitalise_sentences(notation_words(text, start.figure(start.player)))

    def _cell_name(self, text: str) -> str | None:
        """A typed cell, ``(1,-1)``, as the puzzles name it (``None`` if it is none)."""
        try:
            return hextiles.cell_text(hextiles._as_cell(text))
        except GamekitError:
            return None

    def _actor(self, back: int = -1) -> str:
        """Who moved from ``self._states[back]``, as the log names them."""
        state = self._states[back] if len(self._states) >= -back else self.state
        return self.actor(state)

    def _refused(self, move: hextiles.Move, cell=None) -> bool:
        reason = self.state.why_illegal(move)
        if reason is None:
            return False
        self.attempt = cell
        self._say(self._plain(move, reason), False)
        return True

    def _plain(self, move: hextiles.Move, reason: str) -> str:
        """A refusal in words a player reads (:func:`gamekit.hextiles.words.refusal_words`)."""
        return refusal_words(self.state, move, reason)

    def _push_and_reset(self, move: hextiles.Move) -> None:
        self._push(move)
        self.attempt = None
        self.viewing = None
        self.score_step = 0

    def _computer_moved(self) -> None:
        """The computer's tile is seen (issue 42): the board shows the figure it placed on,
        the new tile ringed, until the learner's next action (taking a tile, or a tab)."""
        last = None
        for before, notation, _after in self.last_computer_moves():
            if hextiles.Move.parse(notation).kind == "place":
                last = before._mover  # the figure the computer placed on last
        if last is not None and self.puzzle is None:
            self.viewing = last

    def _recent_cells(self) -> dict[int, list[tuple[int, int]]]:
        """The cells the computer's last decisions filled, by player."""
        out: dict[int, list[tuple[int, int]]] = {}
        for before, notation, _after in self.last_computer_moves():
            m = hextiles.Move.parse(notation)
            if m.kind == "place":
                out.setdefault(before._mover, []).append(cast(Cell, m.cell))
        return out

    def _seat_options(self) -> list[tuple[str, tuple[str, ...]]]:
        seats = self.rules.seats
        options = []
        if len(seats) > 2:
            options.append((f"Players 2–{len(seats)}", tuple(seats[1:])))
        options += [(self.seat_label(s), (s,)) for s in seats]
        return options

    def _set_seat_menu(self) -> None:
        """The "plays" menu for the players of the game now."""
        self.computer.set_seat_options(self._seat_options())

    def _on_seats_choice(self, change) -> None:
        """A seat chosen in the "plays" menu: whether it is every player but the first (a
        new game with more players keeps that)."""
        if change["new"] is not None:
            self._all_but_first = tuple(change["new"]) == tuple(self.rules.seats[1:])

    def _seats_numbered(self, numbers) -> tuple[str, ...]:
        """The seats of the old ``computer=`` numbers (0 for the first player)."""
        seats = self.rules.seats
        numbers = (numbers,) if isinstance(numbers, int) else numbers
        if not isinstance(numbers, (tuple, list)) or not all(
            isinstance(k, int) and not isinstance(k, bool) and 0 <= k < len(seats) for k in numbers
        ):
            raise ValueError(
                f"computer must be a tuple of player numbers from 0 to {len(seats) - 1}, "
                f"not {_shown(numbers)}"
            )
        return tuple(seats[k] for k in numbers)

    def _on_svg_click(self, sx: float, sy: float) -> None:
        radius, centre = cast(tuple[int, Cell], self._window)  # a click comes once shown
        cell = click_to_cell(hex_region(radius, centre), self._transform, sx, sy)
        if cell is not None:
            self.click(cell)

    def _on_tab(self, change) -> None:
        if change["new"] is None or self._syncing_tabs:
            return
        self.show_player(int(change["new"]))

    def _new_from_controls(self) -> None:
        """The "New game" button: a new deal, unless a number was typed in the deal box."""
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
        self.new_game(rules)

    def _key_targets(self) -> dict[str, tuple[float, float]]:
        """The cells for the keyboard's ring: with a tile chosen in a game, the cells where
        it may go (turned some way), so the arrows step between those; else every cell of
        the window shown (to read the figure). A puzzle's ring goes over every cell: which
        cells fit may be its question."""
        if self._window is None:
            return {}
        places = grid_places(hex_region(*self._window))
        fitting = self._fitting_cells()
        return {n: xy for n, xy in places.items() if n in fitting} if fitting else places

    def _fitting_cells(self) -> set[str]:
        """With a tile chosen in a game (not a puzzle) and the mover's figure shown, the
        cells (``"q,r"``) where the chosen tile may go, turned some way."""
        state = self.state
        if (
            self.chosen is None
            or self.puzzle is not None
            or state.outcome is not None
            or self.shown_player != state.player
        ):
            return set()
        return {
            f"{q},{r}" for (q, r), _turn in state.figure(state.player).legal_placements(self.chosen)
        }

    def _target_words(self) -> dict[str, str]:
        """Each cell of the window in words: the tile on it, or where it lies from the
        figure; with hints on, what the chosen tile would add there."""
        if self._window is None:
            return {}
        grid = hex_region(*self._window)
        state = self.state
        shown = self.shown_player
        figure = state.figure(shown)
        own = "your" if self.person(state.rules.seats[shown]) == "you" else "the"
        tips = self._placement_tips(grid, figure) if self.hints else [""] * len(grid)
        out = {}
        for i in range(len(grid)):
            cell = grid.coords[i]
            tile = figure.tile_at(cell)
            if tile is not None:
                text = tile_reading(figure, cell)
            else:
                text = "empty, " + where_words(figure, cell, own)
            if tips[i]:
                text += ". " + tips[i]
            out[grid.label(i)] = text[:1].upper() + text[1:]
        return out

    def reading_html(self) -> str:
        """The figure shown, read without the picture: whose it is, each tile with its
        marked sides and the tiles it touches, then its border walked round, run by run. A
        board that hides the scores (a puzzle asking for one) leaves the walk out: its runs
        would give the answer."""
        state = self.state
        shown = self.shown_player
        figure = state.figure(shown)
        who = self.person(state.rules.seats[shown])
        whose = "Your figure" if who == "you" else f"{upper_first(who)}'s figure"
        lines = figure_reading(figure)
        if self.score_hidden:
            lines = lines[: len(figure.tiles())] + [
                "The border's walk is left out here: the puzzle asks about it."
            ]
        items = "".join(
            f"<li style='margin-left:{16 if line.startswith('  ') else 0}px'>"
            f"{html.escape(line.strip())}</li>"
            for line in lines
        )
        return (
            f"<div style='font-size:13px;line-height:1.4'><b>{html.escape(whose)}</b>"
            f"<ul style='margin:2px 0;padding-left:18px'>{items}</ul></div>"
        )

    def _hexagonal(self) -> bool:
        return True

    def _mount_if_needed(self) -> None:
        """Show a window that fits the figure shown, centred on it; keep the one shown
        while the figure still fits it well (a new window costs a round trip, and moves
        every cell on the screen). Each figure keeps its own window, so going from one
        figure to the other and back shows the same cells in the same places; a window the
        figure grew out of is replaced by one with a ring to spare."""
        figure = self.state.figure(self.shown_player)
        radius, centre = _window(figure)
        kept = self._windows.get(self.shown_player)
        if kept is not None:
            old_radius, old_centre = kept
            inside = all(
                hex_distance(c, old_centre) <= old_radius
                for c in [*figure.cells(), *figure.frontier()]
            )
            if inside and old_radius <= radius + 1:
                radius, centre = kept
            elif not inside:  # the figure grew out of it: a ring to spare
                radius += 1
        self._windows[self.shown_player] = (radius, centre)
        if self._window == (radius, centre):
            return
        self._window = (radius, centre)
        svg, self._transform = _template(radius, centre)
        # The label first: the picture reads it when the new SVG arrives.
        self.view.label = (
            "Hex Tiles figure (click a cell to place the chosen tile): "
            f"a window of {3 * radius * (radius + 1) + 1} cells"
        )
        self.view.svg = svg

    def _tile_rows(self) -> None:
        state = self.state
        over = state.outcome is not None
        mover = state.player_name(_mover(state))
        who = self.person(state.rules.seats[_mover(state)])
        whose = "Your" if who == "you" else f"{mover}'s"
        self.market_label.value = (
            '<div style="width:70px;font-size:13px"><b>Market</b><br>'
            '<small style="color:#555">take one</small></div>'
        )
        self.reserve_label.value = (
            f'<div style="width:70px;font-size:13px"><b>{html.escape(whose)}</b><br>'
            '<small style="color:#555">reserve</small></div>'
        )
        self.market_row.show(state.market, dim=over or not state.must_take)
        reserve = [] if over else list(state.reserve())
        distinct = list(dict.fromkeys(reserve))
        captions = [
            hextiles.Tile.from_marks(p).colour
            + (f" ×{reserve.count(p)}" if reserve.count(p) > 1 else "")
            for p in distinct
        ]
        selected = distinct.index(self.chosen) if self.chosen in distinct else -1
        self.reserve_row.show(distinct, captions, selected=selected)

    def _refresh(self) -> None:
        self._mount_if_needed()
        radius, centre = cast(tuple[int, Cell], self._window)  # mounted just now
        state = self.state
        shown = self.shown_player
        figure = state.figure(shown)
        scoring = state.outcome is not None
        mine_shown = shown == state.player
        look = styles(
            hex_region(radius, centre),
            figure,
            hints=self.chosen if (self.hints and self.chosen and mine_shown) else None,
            turn=self.turn,
            attempt=self.attempt,
            outer=scoring or self.score_step >= 2,
            # in free play the longest marked run stays drawn: what the score rewards
            run=scoring or self.score_step >= 3 or self.puzzle is None,
            recent=tuple(self._recent_cells().get(shown, ())),
            verdicts=self.puzzle_marks() if mine_shown or self.puzzle is None else None,
        )
        self.view.styles = {name: s.to_json() for name, s in look.items()}
        self.view.tips = {"cells": self._placement_tips(hex_region(radius, centre), figure)}
        self.info_line.value = (
            f'<span style="font-size:13px;color:#333">{html.escape(self.status_text())}</span>'
        )
        reading = self.reading_html()
        if self.reading.value != reading:
            self.reading.value = reading
        self._tile_rows()
        if self.chosen:
            tile = hextiles.Tile.from_marks(self.chosen).rotated(self.turn)
            turned = turn_words(self.chosen, self.turn) or "as drawn"
            self.chosen_html.value = (
                f'<div style="display:flex;align-items:center;gap:4px;font-size:12px">'
                f"{tile_svg(tile, 44, True)}<span style='line-height:1.15'>chosen,<br>"
                f"{html.escape(turned)}</span></div>"
            )
        else:
            self.chosen_html.value = '<i style="font-size:12px">no tile chosen</i>'
        self._syncing_tabs = True
        tabs = tuple((state.player_name(i), i) for i in range(state.rules.players))
        if tuple(self.player_tabs.options) != tabs:
            self.player_tabs.options = tabs
        if self.player_tabs.value != shown:
            self.player_tabs.value = shown
        self._syncing_tabs = False
        self.keep_button.disabled = self.chosen is None
        for b in self.rotate_buttons:
            b.disabled = self.chosen is None
        self.end_button.disabled = scoring or state.must_take
        self.end_button.button_style = "" if self.end_button.disabled else "primary"
        self._refresh_panel()


@cache
def _scored_elsewhere(puzzle_id: str) -> bool:
    """Whether another of Hex Tiles' puzzles asks to score the figures of ``puzzle_id``'s
    position (the same figures, drawn for another question)."""
    found = {p.id: p for p in PUZZLES}
    me = found.get(puzzle_id)
    if me is None:
        return False
    figures = me.start().figures
    return any(
        p.goal in SCORING_GOALS and p.id != puzzle_id and p.start().figures == figures
        for p in PUZZLES
    )
