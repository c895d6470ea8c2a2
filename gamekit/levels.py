"""The levels of play (random, beginner, club, strong), the same on every game, and the
players a board or a program makes from them (:func:`make_player`, :func:`make_opponent`);
a game's strategy may give a level its own recipe (:func:`alphabeta_level`,
:func:`outlook_level`, :func:`rollout_level`, :func:`policy_level`). Everything here is
importable from :mod:`gamekit.players` too.

>>> make_player("club", seed=1)
LevelPlayer('club', seed=1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gamekit.checks import check_state
from gamekit.errors import shown
from gamekit.game import FrozenMap, lineage, player_index
from gamekit.playing import (
    CLUB_ITERATIONS,
    CLUB_SECONDS,
    STRONG_ITERATIONS,
    STRONG_SECONDS,
    Budget,
    GreedyPlayer,
    LevelRecipe,
    Player,
    PolicyPlayer,
    RandomPlayer,
    Seed,
    SimplePlayer,
    Strategy,
    budget_caps,
    strategy,
)
from gamekit.search import AlphaBetaPlayer, MCTSPlayer, RolloutPlayer

__all__ = [
    "Level",
    "LevelPlayer",
    "LEVELS",
    "LEVEL_NAMES",
    "LEVEL_HELP",
    "DEFAULT_LEVEL",
    "OLD_LEVELS",
    "make_player",
    "make_opponent",
    "computer_seats",
    "plays_now",
    "policy_level",
    "alphabeta_level",
    "outlook_level",
    "rollout_level",
]


def policy_level(policy: Callable[..., Any], **options: Any) -> LevelRecipe:
    """A level recipe that follows a fixed rule of play (:class:`PolicyPlayer`): how a
    solo game's levels play."""

    def make(seed: Seed, budget: Budget) -> Player:
        return PolicyPlayer(policy, seed=seed, **options)

    return make


def alphabeta_level(depth: int) -> LevelRecipe:
    """A level recipe that looks ``depth`` turns ahead (:class:`AlphaBetaPlayer`): its
    moves depend on the seed only, unless the clock cuts a long search short; a budget of
    ``iterations`` caps the positions looked at instead of the clock."""

    def make(seed: Seed, budget: Budget) -> Player:
        nodes, clock = budget.iterations, budget.seconds
        if clock is None and nodes is None:
            clock = budget.clock
        return AlphaBetaPlayer(depth=depth, nodes=nodes, seconds=clock, seed=seed)

    return make


def outlook_level() -> LevelRecipe:
    """A level recipe that looks one move ahead and judges by the game's outlook
    (:class:`SimplePlayer` with ``outlook=True``)."""

    def make(seed: Seed, budget: Budget) -> Player:
        return SimplePlayer(safe=True, outlook=True, seed=seed)

    return make


def rollout_level(candidates: int, rollouts: int, turns: int) -> LevelRecipe:
    """A level recipe that plays the ``candidates`` best-liked moves on ``turns`` turns,
    ``rollouts`` times each (:class:`RolloutPlayer`); a budget of ``iterations`` is the
    rollouts in all."""

    def make(seed: Seed, budget: Budget) -> Player:
        count, clock = budget.iterations, budget.seconds
        played = rollouts if count is None else -(-count // candidates)
        if count is None and clock is None:
            clock = budget.clock
        return RolloutPlayer(
            candidates=candidates, rollouts=played, turns=turns, seconds=clock, seed=seed
        )

    return make


def _random_level(strategy: Strategy, seed: Seed, budget: Budget) -> Player:
    return RandomPlayer(seed=seed)


def _beginner_level(strategy: Strategy, seed: Seed, budget: Budget) -> Player:
    return SimplePlayer(safe=True, seed=seed)


def _search_level(strategy: Strategy, seed: Seed, budget: Budget) -> Player:
    """Monte Carlo search with the game's options; a budget of ``iterations`` alone
    means no clock, so only the seed decides the moves."""
    iterations = budget.iterations or budget.cap
    if budget.seconds is None and budget.iterations is not None:
        return MCTSPlayer(iterations=iterations, seed=seed, **strategy.search)
    clock = budget.seconds or budget.clock
    return MCTSPlayer(iterations=iterations, seconds=clock, seed=seed, **strategy.search)


@dataclass(frozen=True)
class Level:
    """A level of play: its ``name``, a line for learners (``help``), how it plays a game
    whose strategy has no recipe for it (``make(strategy, seed, budget)``), and its own
    budget (``clock`` seconds and ``cap`` playouts a move). Calling a level gives its
    :class:`LevelPlayer`.

    >>> LEVELS["club"](seed=1)
    LevelPlayer('club', seed=1)
    >>> LEVELS["beginner"]
    Level('beginner')
    """

    name: str
    help: str
    make: Callable[[Strategy, Seed, Budget], Player]
    clock: float = 0.0
    cap: int = 0

    def __call__(
        self, seed: Seed = None, *, iterations: int | None = None, seconds: float | None = None
    ) -> LevelPlayer:
        return LevelPlayer(self.name, seed=seed, iterations=iterations, seconds=seconds)

    def __repr__(self) -> str:
        return f"Level({self.name!r})"


#: The levels, weakest first: the order a board's menu lists them, the same on every game.
LEVELS: FrozenMap[str, Level] = FrozenMap(
    (level.name, level)
    for level in (
        Level(
            "random",
            "plays any legal move, each as likely: for learning the rules",
            _random_level,
        ),
        Level(
            "beginner",
            "looks one move ahead: takes a win, never hands you one at once, otherwise "
            "plays the move that scores best now; answers at once",
            _beginner_level,
        ),
        Level(
            "club",
            f"thinks up to {CLUB_SECONDS:g} s a move: looks ahead, judges where each move "
            "leads by its prospects, not only the score, and plays the best",
            _search_level,
            CLUB_SECONDS,
            CLUB_ITERATIONS,
        ),
        Level(
            "strong",
            f"thinks up to {STRONG_SECONDS:g} s a move: searches further ahead than the "
            "club, through your answers (in a game played alone, the odds of what comes next)",
            _search_level,
            STRONG_SECONDS,
            STRONG_ITERATIONS,
        ),
    )
)
#: The level names, in menu order (weakest first).
LEVEL_NAMES = tuple(LEVELS)
#: One line per level, for learners: what the computer does at that level.
LEVEL_HELP: FrozenMap[str, str] = FrozenMap({name: level.help for name, level in LEVELS.items()})
#: The level a board starts with.
DEFAULT_LEVEL = "club"
#: The earlier level names, still understood by :func:`make_player`: ``"simple"``
#: (:class:`SimplePlayer`), ``"greedy"`` (:class:`GreedyPlayer`), ``"mcts"``
#: (:class:`MCTSPlayer`, ``iterations`` playouts a move).
OLD_LEVELS: FrozenMap[str, type[Player]] = FrozenMap(
    simple=SimplePlayer, greedy=GreedyPlayer, mcts=MCTSPlayer
)


class LevelPlayer(Player):
    """A level of :data:`LEVELS` (``"random"``, ``"beginner"``, ``"club"``, ``"strong"``):
    on each game it plays as the level says (an :class:`MCTSPlayer` with the level's time
    budget, a Coffee Roaster policy …), drawing from its own generator.

    ``iterations`` and ``seconds`` change the budget of the search levels: ``iterations``
    alone makes a fixed number of playouts a move (moves that only the seed decides, on
    any machine; in GIPF, whose levels search a fixed depth, it caps the positions looked
    at instead, and no clock is used), ``seconds`` another time limit; the other levels have
    no budget.

    >>> from gamekit import gipf
    >>> state = gipf.Rules(variant="basic").start()
    >>> LevelPlayer("beginner", seed=1).choose(state) in state.legal_moves()
    True
    >>> LevelPlayer("club", seed=1, iterations=50)
    LevelPlayer('club', iterations=50, seed=1)

    Raises:
        TypeError: ``level`` is not text; ``iterations`` not a whole number; ``seconds``
            not a number; ``seed`` not a seed.
        ValueError: ``level`` is not one of :data:`LEVEL_NAMES`; ``iterations`` below 1;
            ``seconds`` below :data:`MIN_SECONDS`; ``seed`` negative.
    """

    name = "level"

    def __init__(
        self,
        level: str,
        seed: Seed = None,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
    ) -> None:
        if not isinstance(level, str):
            raise TypeError(f"level must be a level name ({', '.join(LEVELS)}), not {shown(level)}")
        if level not in LEVELS:
            raise ValueError(f"unknown level {shown(level)}; the levels are " + ", ".join(LEVELS))
        iterations, seconds = budget_caps(iterations, "iterations", seconds)
        super().__init__(seed)
        self.level = level
        self.iterations = iterations
        self.seconds = seconds
        self._players: dict[tuple[str, ...], Player] = {}
        self._last: Player | None = None

    def _options(self) -> dict[str, Any]:
        opts: dict[str, Any] = {"level": self.level}
        if self.iterations is not None:
            opts["iterations"] = self.iterations
        if self.seconds is not None:
            opts["seconds"] = self.seconds
        return opts

    def __repr__(self) -> str:
        args = [repr(self.level)] + [
            f"{k}={v!r}" for k, v in self._options().items() if k != "level"
        ]
        return f"LevelPlayer({', '.join(args + self._seed_text())})"

    def player_for(self, state: Any) -> Player:
        """The player this level is on the game of ``state`` (made once per game; it
        draws from this player's generator).

        Raises:
            TypeError: ``state`` is not a game position.
        """
        check_state(state)
        try:
            game = lineage(state)
        except TypeError:
            game = ()
        player = self._players.get(game)
        if player is None:
            level = LEVELS[self.level]
            budget = Budget(self.iterations, self.seconds, level.clock, level.cap)
            plan = strategy(state)
            own = plan.levels.get(self.level)
            player = own(self.rng, budget) if own else level.make(plan, self.rng, budget)
            self._players[game] = player
        return player

    @property
    def last_iterations(self) -> int:
        """Playouts made for the last move (0 for a level that does not search)."""
        return getattr(self._last, "last_iterations", 0)

    def choose(self, state: Any) -> Any:
        """The level's move in ``state``.

        Raises:
            TypeError: ``state`` is not a game position.
            ValueError: the game is over.
        """
        self._check(state)
        self._last = self.player_for(state)
        return self._last.choose(state)


def make_player(
    level: str | Player,
    seed: Seed = None,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
) -> Player:
    """A player from a level name, or the player itself if one is given (then ``seed`` is
    not used).

    The levels are :data:`LEVEL_NAMES` (``"random"``, ``"beginner"``, ``"club"``,
    ``"strong"``): a :class:`LevelPlayer`, whose search budget ``iterations`` and
    ``seconds`` change. The earlier names still work (:data:`OLD_LEVELS`): ``"simple"``,
    ``"greedy"`` and ``"mcts"`` (an :class:`MCTSPlayer` of ``iterations`` playouts, default
    :data:`DEFAULT_ITERATIONS`, or ``seconds``).

    >>> make_player("strong", seed=3)
    LevelPlayer('strong', seed=3)
    >>> make_player("greedy", seed=3)
    GreedyPlayer(seed=3)
    >>> make_player("mcts", seed=1, iterations=100)
    MCTSPlayer(iterations=100, seed=1)

    Raises:
        TypeError: ``level`` is neither text nor a :class:`Player`; ``seed``,
            ``iterations`` or ``seconds`` of a wrong type.
        ValueError: ``level`` is not a level; ``seed`` negative; ``iterations`` below 1;
            ``seconds`` below :data:`MIN_SECONDS`.
    """
    if isinstance(level, Player):
        return level
    if not isinstance(level, str):
        raise TypeError(f"level must be a level name or a Player, not {shown(level)}")
    if level not in LEVELS and level not in OLD_LEVELS:
        raise ValueError(f"unknown level {shown(level)}; the levels are " + ", ".join(LEVELS))
    iterations, seconds = budget_caps(iterations, "iterations", seconds)
    if level in LEVELS:
        return LevelPlayer(level, seed, iterations=iterations, seconds=seconds)
    if level == "mcts":
        return MCTSPlayer(iterations=iterations, seconds=seconds, seed=seed)
    return OLD_LEVELS[level](seed=seed)


def make_opponent(
    opponent: str | Player | None,
    seed: Seed = None,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
) -> Player | None:
    """A board's computer opponent: ``None`` (nobody), a level name or a :class:`Player`
    (see :func:`make_player`).

    >>> make_opponent("beginner", seed=0)
    LevelPlayer('beginner', seed=0)
    >>> make_opponent(None) is None
    True

    Raises:
        TypeError: ``opponent`` is of another type.
        ValueError: ``opponent`` is not a level.
    """
    if opponent is None:
        return None
    levels = ", ".join(LEVELS)
    if not isinstance(opponent, (str, Player)):
        raise TypeError(
            f"opponent must be None, a level ({levels}) or a Player, not {shown(opponent)}"
        )
    if isinstance(opponent, str) and opponent not in LEVELS and opponent not in OLD_LEVELS:
        raise ValueError(
            f"unknown opponent {shown(opponent)}; choose None, a Player or one of {levels}"
        )
    return make_player(opponent, seed, iterations=iterations, seconds=seconds)


def computer_seats(
    rules: Any, plays: str | Sequence[str], argument: str = "computer_plays"
) -> tuple[str, ...]:
    """The seats the computer plays on a board: ``plays`` is one seat name of ``rules``
    or a tuple of them; ``argument`` names it in the error messages.

    >>> from gamekit import coffee
    >>> computer_seats(coffee.Rules(), "orange")
    ('orange',)

    Raises:
        TypeError: ``plays`` is neither text nor a tuple or list.
        ValueError: a name is not a seat of the game.
    """
    seats = tuple(rules.seats)
    names = (plays,) if isinstance(plays, str) else plays
    allowed = ", ".join(repr(s) for s in seats)
    if not isinstance(names, (tuple, list)):
        raise TypeError(
            f"{argument} must be a seat ({allowed}) or a tuple of seats, not {shown(plays)}"
        )
    for name in names:
        if not isinstance(name, str) or name not in seats:
            raise ValueError(
                f"{argument} must be a seat of this game ({allowed}) or a tuple of them, "
                f"not {shown(name)}"
            )
    return tuple(dict.fromkeys(names))


def plays_now(state: Any, seats: Sequence[str]) -> bool:
    """Whether the player to move in ``state`` is one who began in one of ``seats``: the
    computer that began as Orange plays Black after a pie-rule swap. ``False`` once the
    game is over.

    >>> from gamekit import coffee
    >>> state = coffee.Rules(pie_rule=True).start().play("e5|")
    >>> plays_now(state, ("orange",)), plays_now(state.play("swap"), ("orange",))
    (True, False)
    """
    if state.outcome is not None or state.to_move is None:
        return False
    begun = tuple(state.rules.seats)
    return player_index(state, state.to_move) in {begun.index(s) for s in seats if s in begun}
