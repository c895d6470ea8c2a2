"""The computer at a board: which level it plays, which seats it takes, when it moves, and
the menus that set it. Every :class:`~gamekit.widgets.base.GameBoard` holds one
(``board.computer``, a :class:`Computer`) and shows its settings as the board's own
``opponent``, ``computer_plays`` and ``computer_player``.

>>> from gamekit.widgets import CoffeeBoard
>>> board = CoffeeBoard(opponent="beginner")
>>> board.opponent, board.computer_plays, board.computer
('beginner', ('orange',), <Computer: beginner, plays orange>)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from gamekit.errors import shown
from gamekit.game import player_index
from gamekit.players import DEFAULT_LEVEL, LEVEL_NAMES, Player, computer_seats, make_opponent
from gamekit.text import upper_first

if TYPE_CHECKING:
    from gamekit.widgets.base import GameBoard

#: What the "computer" menu shows for no computer.
NOBODY = "nobody"


class Computer:
    """The computer opponent of one board: its level (``level``: ``None``, a level name or
    a :class:`~gamekit.players.Player`), the player that moves for it (``player``), the
    seats it takes (``seats``), and its menus once made (:meth:`controls`).

    It reads the board's position and history, and moves on it through the board's own
    ``_push`` (``computer=True``), as a person's click does; the board asks it whose seat
    is whose (:meth:`plays`, :meth:`human_seats`) and lets it move (:meth:`turn`).
    """

    def __init__(self, board: GameBoard, seed: int | None = 0) -> None:
        self.board = board
        #: The seed a level's player is made with (the board's).
        self.seed = seed
        self.player: Player | None = None
        self.level: str | Player | None = None
        self.last_level: str | Player | None = None
        self.seats: tuple[str, ...] = ()
        self.thinking = False
        self.opponent_choice: w.Dropdown | None = None
        self.seats_choice: w.Dropdown | None = None
        self.play_against: w.ToggleButtons | None = None
        self.against_row: w.HBox | None = None
        self._syncing = False

    def __repr__(self) -> str:
        if self.level is None:
            return f"<Computer: {NOBODY}>"
        level = self.level if isinstance(self.level, str) else repr(self.level)
        return f"<Computer: {level}, plays {', '.join(self.seats) or 'no seat'}>"

    # -- its settings ----------------------------------------------------------------------
    def set_level(self, level: str | Player | None) -> None:
        """Play at ``level`` (``None`` or ``"nobody"``: nobody), at once: if it is the
        computer's turn, it plays.

        Raises:
            TypeError, ValueError: not ``None``, a level or a player; any opponent on a board
                at a class table or showing a puzzle.
        """
        board = self.board
        if level == NOBODY:
            level = None
        if level is not None and board.table is not None:
            raise ValueError(
                "at a class table your classmate plays the other seat: leave the table to "
                "play against the computer"
            )
        if level is not None and board.puzzle is not None:
            raise ValueError(
                "a board that shows a puzzle takes no opponent: the puzzle decides the "
                "position, and nobody plays against the learner"
            )
        self.player = make_opponent(level, self.seed)  # the level exactly as measured
        self.level = level
        if level is not None:
            self.last_level = level
        self._changed()

    def set_seats(self, seats: str | tuple[str, ...]) -> None:
        """Play ``seats`` (a seat's name or a tuple of them), at once.

        Raises:
            TypeError, ValueError: not a seat of the game or a tuple of them.
        """
        self.seats = computer_seats(self.board.rules, seats)
        self._changed()

    def _changed(self) -> None:
        """The menus, the log's names ("You", "the computer") and the board follow a new
        setting; the computer moves if it is its turn."""
        board = self.board
        board._log_cache = {}
        self.sync()
        if board._built:
            board._refresh()
            self.turn()

    def stop(self, why: str) -> None:
        """Stop playing (nobody in the menu) and say ``why`` on the board."""
        self.player, self.level = None, None
        self.sync()
        self.board._clear_choice()
        self.board._say(f"The computer could not move, so it stops playing: {why}", False)

    # -- whose seat is whose ---------------------------------------------------------------
    def plays(self, seat: str | None, state: Any = None) -> bool:
        """Whether the computer plays ``seat`` in ``state`` (the board's now by default;
        after a pie-rule swap the players have exchanged colours)."""
        if self.player is None or seat is None:
            return False
        state = self.board.state if state is None else state
        seats = tuple(state.rules.seats)
        return player_index(state, seat) in {seats.index(s) for s in self.seats if s in seats}

    def to_move(self) -> bool:
        """Whether the computer plays the side to move now."""
        state = self.board.state
        return state.outcome is None and self.plays(state.to_move, state)

    def human_seats(self) -> tuple[str, ...]:
        """The seats people play (all of them with no computer)."""
        state = self.board.state
        return tuple(s for s in state.rules.seats if not self.plays(s, state))

    # -- moving ------------------------------------------------------------------------------
    def owes_a_move(self) -> bool:
        """Asked before a person's action (the board's ``person_actions``): if the computer
        is to move, it moves now and the action is refused (``True``); a person never moves
        for the computer."""
        board = self.board
        if self.thinking or not board._built or not self.to_move():
            return False
        self.turn()
        if board._ok:
            board.message = "It was the computer's turn. " + board.message
            board._refresh()
        return True

    def turn(self) -> None:
        """Play while it is the computer's turn; each of its decisions goes into the log.
        The turn line says "The computer is thinking…" meanwhile. A player that raises, or
        chooses a move the rules refuse, stops the computer (:meth:`stop`)."""
        if self.thinking:
            return
        board = self.board
        played = 0
        failure = None
        self.thinking = True
        try:
            while self.to_move() and played < 1000:
                board._show_thinking()
                try:
                    move = board._computer_choice(board.state)
                except Exception as err:  # a player is anybody's code
                    failure = f"its player raised {type(err).__name__}: {shown(str(err), 120)}."
                    break
                try:  # play checks the move once; a refused one changes nothing
                    board._push(move, computer=True)
                except (ValueError, TypeError) as err:  # GamekitError is a ValueError
                    failure = f"it chose {shown(str(move))}, and the rules refuse it. {err}"
                    break
                played += 1
        finally:
            self.thinking = False
        if failure is not None:
            return self.stop(failure)
        if played:
            board._clear_choice()
            board._computer_moved()
            entries = board.move_log[-played:]
            board._say(" ".join(e.words for e in entries[-3:]), True)

    # -- its menus ---------------------------------------------------------------------------
    def controls(self, seat_options: Sequence[tuple[str, Any]] | None = None) -> w.HBox:
        """The "computer" menu (nobody or a level) and the "plays" menu (the seats), both
        taking effect at once, and the "Play against" toggle (:attr:`against_row`);
        ``seat_options`` are (label, seats) pairs, one per seat by default."""
        board = self.board
        levels = ", ".join(LEVEL_NAMES)
        self.opponent_choice = w.Dropdown(
            options=[(f"{NOBODY} (two people)", NOBODY), *((n, n) for n in LEVEL_NAMES)],
            value=NOBODY,
            description="computer",
            tooltip=f"play against the computer; its levels, weakest first: {levels}",
            layout=w.Layout(width="205px"),
            style={"description_width": "65px"},
        )
        if seat_options is None:
            seat_options = [(board.seat_label(s), (s,)) for s in board.rules.seats]
        self.seats_choice = w.Dropdown(
            options=list(seat_options),
            description="plays",
            tooltip="the side the computer plays; it moves as soon as it is its turn",
            layout=w.Layout(width="175px"),
            style={"description_width": "40px"},
        )
        self.play_against = w.ToggleButtons(
            options=[("the computer", "computer"), ("a friend", "friend")],
            value="friend",
            tooltips=[
                "the computer plays the other side (its level is in the settings below)",
                "two people take turns at this board",
            ],
            style={"button_width": "110px"},
        )
        self.play_against.add_class("gamekit-play-against")
        self.against_row = w.HBox(
            [
                w.HTML(
                    '<span style="font-size:14px">Play against</span>',
                    layout=w.Layout(margin="0 8px 0 0"),
                ),
                self.play_against,
            ],
            layout=w.Layout(align_items="center"),
        )
        self.sync()
        self.opponent_choice.observe(self._on_opponent_choice, names="value")
        self.seats_choice.observe(self._on_seats_choice, names="value")
        self.play_against.observe(self._on_play_against, names="value")
        return w.HBox([self.opponent_choice, self.seats_choice])

    def set_seat_options(self, seat_options: Sequence[tuple[str, Any]]) -> None:
        """New choices for the "plays" menu (a game with another number of players), the
        seats played now chosen if they are one of them."""
        menu = self.seats_choice
        if menu is None:
            return
        self._syncing = True
        try:
            menu.options = list(seat_options)
            if self.seats in [v for _, v in menu.options]:
                menu.value = self.seats
        finally:
            self._syncing = False

    def _on_opponent_choice(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self._chosen_level(change["new"])

    def _chosen_level(self, level: str | None) -> None:
        """The menus' choice of opponent; a refusal (at a class table) is said, and the
        menus show the opponent there is."""
        try:
            self.set_level(level)
        except ValueError as err:
            self.sync()
            self.board._say(upper_first(str(err)) + ".", False)

    def _on_play_against(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        if change["new"] == "friend":
            self._chosen_level(None)
        else:
            level = self.last_level if isinstance(self.last_level, str) else DEFAULT_LEVEL
            self._chosen_level(level)

    def _on_seats_choice(self, change: dict[str, Any]) -> None:
        if not self._syncing and change["new"] is not None:
            self.set_seats(change["new"])

    def sync(self) -> None:
        """Show the level and its seats in the menus (without acting on them)."""
        if self.opponent_choice is None or self.seats_choice is None:
            return
        self._syncing = True
        try:
            chosen = self.level if isinstance(self.level, str) else NOBODY
            if chosen not in [v for _, v in self.opponent_choice.options]:
                chosen = NOBODY
            self.opponent_choice.value = chosen
            if self.play_against is not None:
                self.play_against.value = "friend" if self.level is None else "computer"
            if self.seats in [v for _, v in self.seats_choice.options]:
                self.seats_choice.value = self.seats
        finally:
            self._syncing = False
