"""The computer at a board: which level it plays, which seats it takes, when it moves, and
the controls that set it (:class:`ComputerSeats`, which every
:class:`~gamekit.widgets.base.GameBoard` inherits).

>>> from gamekit.widgets import CoffeeBoard
>>> board = CoffeeBoard(opponent="beginner")
>>> board.opponent, board.computer_plays
('beginner', ('orange',))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import ipywidgets as w

from gamekit.errors import shown
from gamekit.game import player_index
from gamekit.players import DEFAULT_LEVEL, LEVEL_NAMES, Player, computer_seats, make_opponent
from gamekit.text import upper_first

if TYPE_CHECKING:
    pass

#: What the "computer" menu shows for no computer.
NOBODY = "nobody"


class ComputerSeats:
    """The computer opponent of a board (see :class:`~gamekit.widgets.base.GameBoard`)."""

    # Defaults, so that a board that sets none of these still works.
    _player: Player | None = None
    _level: str | Player | None = None
    _last_level: str | Player | None = None
    _seed: int | None = 0
    _computer_seats: tuple[str, ...] = ()
    _syncing: bool = False
    _thinking: bool = False

    if TYPE_CHECKING:  # what the computer uses of the board (GameBoard defines it)
        _built: bool
        _ok: bool
        _log_cache: dict[Any, Any]
        message: str

        @property
        def state(self) -> Any: ...
        @property
        def rules(self) -> Any: ...
        @property
        def move_log(self) -> Sequence[Any]: ...
        def _refresh(self) -> None: ...
        def _turn_html(self) -> str: ...
        def _push(self, move: Any, *, computer: bool = False) -> Any: ...
        def _clear_choice(self) -> None: ...
        def _say(self, text: str, ok: bool) -> None: ...
        def seat_label(self, seat: str) -> str: ...

    # -- the computer --------------------------------------------------------------------
    @property
    def opponent(self) -> str | Player | None:
        """The computer opponent: ``None``, a level name (:data:`gamekit.players.LEVEL_NAMES`)
        or a :class:`~gamekit.players.Player`. Setting it takes effect at once: if it is the
        computer's turn, it plays.

        Raises:
            TypeError, ValueError: not ``None``, a level or a player.
        """
        return self._level

    @opponent.setter
    def opponent(self, level: str | Player | None) -> None:
        if level == NOBODY:
            level = None
        if level is not None and getattr(self, "table", None) is not None:
            raise ValueError(
                "at a class table your classmate plays the other seat: leave the table to "
                "play against the computer"
            )
        if level is not None and getattr(self, "puzzle", None) is not None:
            raise ValueError(
                "a board that shows a puzzle takes no opponent: the puzzle decides the "
                "position, and nobody plays against the learner"
            )
        self._player = make_opponent(level, self._seed)  # the level exactly as measured
        self._level = level
        if level is not None:
            self._last_level = level
        self._log_cache = {}  # "You" and "the computer" may name other players now
        self._sync_computer_controls()
        if self._built:
            self._refresh()
            self._computer_turn()

    @property
    def computer_player(self) -> Player | None:
        """The :class:`~gamekit.players.Player` that moves for the computer (``None``: nobody):
        for a level name, exactly :func:`gamekit.players.make_opponent` of that level and the
        board's seed, the player the strength tables measure.

        >>> from gamekit.widgets import CoffeeBoard
        >>> CoffeeBoard(opponent="strong", seed=3).computer_player
        LevelPlayer('strong', seed=3)
        """
        return self._player

    @property
    def computer_plays(self) -> tuple[str, ...]:
        """The seats the computer plays (when there is an opponent). Setting it (a seat
        name or a tuple of them) takes effect at once.

        Raises:
            TypeError, ValueError: not a seat of the game or a tuple of them.
        """
        return self._computer_seats

    @computer_plays.setter
    def computer_plays(self, seats: str | tuple[str, ...]) -> None:
        self._computer_seats = computer_seats(self.rules, seats)
        self._log_cache = {}
        self._sync_computer_controls()
        if self._built:
            self._refresh()
            self._computer_turn()

    def _is_computer(self, seat: str | None, state: Any = None) -> bool:
        """Whether the computer plays ``seat`` in ``state`` (after a pie-rule swap the
        players have exchanged colours)."""
        if self._player is None or seat is None:
            return False
        state = self.state if state is None else state
        seats = tuple(state.rules.seats)
        return player_index(state, seat) in {
            seats.index(s) for s in self.computer_plays if s in seats
        }

    def _computer_to_move(self) -> bool:
        """Whether the computer plays the side to move now."""
        state = self.state
        return state.outcome is None and self._is_computer(state.to_move, state)

    def _human_seats(self) -> tuple[str, ...]:
        """The seats people play (all of them with no computer)."""
        state = self.state
        return tuple(s for s in state.rules.seats if not self._is_computer(s, state))

    def _computer_choice(self, state: Any) -> Any:
        """The computer's move in ``state``. Hook."""
        return cast(Player, self._player).choose(state)  # there is a computer player

    def _computer_owes_a_move(self) -> bool:
        """Called before a person's action (:attr:`person_actions`): if the computer is to
        move, it moves now and the action is refused (returns ``True``); a person never
        moves for the computer."""
        if self._thinking or not self._built or not self._computer_to_move():
            return False
        self._computer_turn()
        if self._ok:
            self.message = "It was the computer's turn. " + self.message
            self._refresh()
        return True

    def _computer_turn(self) -> None:
        """Let the computer play while it is its turn; each of its decisions goes into the
        log. The turn line says "The computer is thinking…" meanwhile. A computer player
        that raises, or chooses a move the rules refuse, stops playing: the menu goes back
        to nobody and the message line says why."""
        if self._thinking:
            return
        played = 0
        failure = None
        self._thinking = True
        try:
            while self._computer_to_move() and played < 1000:
                if hasattr(self, "turn_line"):
                    self.turn_line.value = self._turn_html()
                try:
                    move = self._computer_choice(self.state)
                except Exception as err:  # a player is anybody's code
                    failure = f"its player raised {type(err).__name__}: {shown(str(err), 120)}."
                    break
                try:  # play checks the move once; a refused one changes nothing
                    self._push(move, computer=True)
                except (ValueError, TypeError) as err:  # GamekitError is a ValueError
                    failure = f"it chose {shown(str(move))}, and the rules refuse it. {err}"
                    break
                played += 1
        finally:
            self._thinking = False
        if failure is not None:
            self._player, self._level = None, None
            self._sync_computer_controls()
            self._clear_choice()
            self._say(f"The computer could not move, so it stops playing: {failure}", False)
            return
        if played:
            self._clear_choice()
            entries = self.move_log[-played:]
            self._say(" ".join(e.words for e in entries[-3:]), True)

    def _computer_controls(self, seat_options: Sequence[tuple[str, Any]] | None = None) -> w.HBox:
        """The "computer" menu (nobody or a level) and the "plays" menu (the seats), both
        taking effect at once; ``seat_options`` are (label, seats) pairs, one per seat by
        default. Sets ``self.opponent_choice`` and ``self.seats_choice``."""
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
            seat_options = [(self.seat_label(s), (s,)) for s in self.rules.seats]
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
        self._against_row = w.HBox(
            [
                w.HTML(
                    '<span style="font-size:14px">Play against</span>',
                    layout=w.Layout(margin="0 8px 0 0"),
                ),
                self.play_against,
            ],
            layout=w.Layout(align_items="center"),
        )
        self._menus = True
        self._sync_computer_controls()
        self.opponent_choice.observe(self._on_opponent_choice, names="value")
        self.seats_choice.observe(self._on_seats_choice, names="value")
        self.play_against.observe(self._on_play_against, names="value")
        return w.HBox([self.opponent_choice, self.seats_choice])

    def _on_opponent_choice(self, change) -> None:
        if not self._syncing:
            self._set_opponent(change["new"])

    def _set_opponent(self, level: str | None) -> None:
        """The menus' choice of opponent; a refusal (at a class table) is said, and the
        menus show the opponent there is."""
        try:
            self.opponent = level
        except ValueError as err:
            self._sync_computer_controls()
            self._say(upper_first(str(err)) + ".", False)

    def _on_play_against(self, change) -> None:
        if self._syncing:
            return
        if change["new"] == "friend":
            self._set_opponent(None)
        else:
            level = self._last_level if isinstance(self._last_level, str) else DEFAULT_LEVEL
            self._set_opponent(level)

    def _on_seats_choice(self, change) -> None:
        if not self._syncing and change["new"] is not None:
            self.computer_plays = change["new"]

    def _sync_computer_controls(self) -> None:
        """Show the opponent and its seats in the menus (without acting on it)."""
        if not self._menus:
            return
        self._syncing = True
        try:
            shown = self._level if isinstance(self._level, str) else NOBODY
            if shown not in [v for _, v in self.opponent_choice.options]:
                shown = NOBODY
            self.opponent_choice.value = shown
            if hasattr(self, "play_against"):
                self.play_against.value = "friend" if self._level is None else "computer"
            if self.computer_plays in [v for _, v in self.seats_choice.options]:
                self.seats_choice.value = self.computer_plays
        finally:
            self._syncing = False
