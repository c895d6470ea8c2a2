"""A computer player and what a game tells it: the :class:`Player` base, the players that
need no search (:class:`RandomPlayer`, :class:`SimplePlayer`, :class:`GreedyPlayer`,
:class:`PolicyPlayer`), a game's :class:`Strategy` (its :class:`Reader`, evaluation and
outlook) and the budgets the levels give a search.

The lowest of the three player modules: :mod:`gamekit.search` (the searching players) and
:mod:`gamekit.levels` (the levels) build on it, and :mod:`gamekit.players` gathers all
three, where programs find them.

>>> from gamekit import coffee
>>> RandomPlayer(seed=1).choose(coffee.Rules(board="square", size=5).start())
Move.parse('c2\\\\')
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from gamekit.checks import check_state, real, whole
from gamekit.errors import shown
from gamekit.game import FrozenMap, part, player_index

__all__ = [
    "Player",
    "SimplePlayer",
    "RandomPlayer",
    "GreedyPlayer",
    "PolicyPlayer",
    "Evaluation",
    "Reader",
    "Strategy",
    "Budget",
    "Seed",
    "sole_winner",
    "seat_of",
    "standing_of",
    "settle",
    "strategy",
    "DEFAULT_ITERATIONS",
    "CLUB_SECONDS",
    "STRONG_SECONDS",
]

#: The MCTS budget of :class:`MCTSPlayer` given no budget (iterations per move).
DEFAULT_ITERATIONS = 400
#: The shortest time budget an :class:`MCTSPlayer` accepts, in seconds.
MIN_SECONDS = 0.001
#: The time the ``"club"`` level thinks about a move, in seconds (at most).
CLUB_SECONDS = 0.4
#: The time the ``"strong"`` level thinks about a move, in seconds (at most).
STRONG_SECONDS = 1.5
#: The most playouts a move at each search level (so a fast machine does not make it
#: stronger than measured, and a game with few choices answers sooner).
CLUB_ITERATIONS = 3000
STRONG_ITERATIONS = 12000

#: What a player's ``seed`` may be: a whole number, a numpy ``Generator`` or
#: ``SeedSequence``, or ``None`` (fresh entropy).
Seed = int | np.integer | np.random.Generator | np.random.SeedSequence | None


# ---------------------------------------------------------------------------------------
# Checking arguments
# ---------------------------------------------------------------------------------------


def budget_caps(count: Any, argument: str, seconds: Any) -> tuple[int | None, float | None]:
    """A search's budget, checked: ``count`` (named ``argument``) a whole number of at least
    1, ``seconds`` a number of at least :data:`MIN_SECONDS`; ``None`` means no cap."""
    if count is not None:
        count = whole(count, argument, 1)
    if seconds is not None:
        seconds = real(seconds, "seconds", MIN_SECONDS)
    return count, seconds


def checked_seed(value: Any, argument: str = "seed") -> Seed:
    """``value`` if it can seed numpy: ``None``, a whole number of 0 or more, a
    ``Generator`` or a ``SeedSequence``."""
    if value is None or isinstance(value, (np.random.Generator, np.random.SeedSequence)):
        return value
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(
            f"{argument} must be a whole number, a numpy Generator or None, not {shown(value)}"
        )
    if value < 0:
        raise ValueError(f"{argument} must be 0 or more, not {shown(value)}")
    if value >= MAX_PLAYER_SEED:
        raise ValueError(f"{argument} must be below 2**128, not {shown(value)}")
    return int(value)


#: Seeds are whole numbers below this (numpy takes more, but a seed is for repeating a run,
#: and one of thousands of digits cannot even be printed).
MAX_PLAYER_SEED = 2**128


# ---------------------------------------------------------------------------------------
# Who won, by player (a pie-rule swap exchanges seats, not players)
# ---------------------------------------------------------------------------------------


def sole_winner(state) -> int | None:
    """The player (see :func:`gamekit.game.player_index`) who won ``state`` alone; ``None``
    if the game is not over, or ended with no single winner."""
    outcome = state.outcome
    if outcome is None or len(outcome.winners) != 1:
        return None
    return player_index(state, outcome.winners[0])


def seat_of(state, player: int) -> str:
    """The seat that ``player`` (0 for whoever began in ``seats[0]``) plays in ``state``."""
    seats = state.rules.seats
    if state.swapped and len(seats) == 2:
        player = 1 - player
    return seats[player]


# ---------------------------------------------------------------------------------------
# How a player reads a game: the common API, or Coffee's fast internals
# ---------------------------------------------------------------------------------------


class Reader:
    """How a player reads a game: actions are the moves of ``legal_moves()``, playing one
    is ``state.play``. A game's strategy may give a subclass (a faster path, a playout that
    knows the game, a judgement of the leaves of a search).
    """

    @staticmethod
    def fits(state) -> bool:
        """Whether this reader plays ``state`` right (a fast path may know a game's own
        rules only, not a variant's extra rule); else the players read the contract."""
        return True

    @staticmethod
    def actions(state) -> list:
        return list(state.legal_moves()) if state.outcome is None else []

    @staticmethod
    def apply(state, action):
        return state.play(action)

    @staticmethod
    def move(state, action):
        return action

    @staticmethod
    def rollout(state, rand: random.Random, max_plies: int):
        """The seat (as ``state`` names it) of the player who wins alone after random play
        from ``state``; ``None``: no single winner, or no end in ``max_plies``."""
        start = state
        for _ in range(max_plies):
            if state.outcome is not None:
                break
            moves = state.legal_moves()
            state = state.play(moves[rand.randrange(len(moves))])
        winner = sole_winner(state)
        return None if winner is None else seat_of(start, winner)

    @classmethod
    def playout(cls, state, rand: random.Random, max_plies: int) -> tuple[float, ...]:
        """What a playout from ``state`` is worth to each player (by
        :func:`gamekit.game.player_index`): 1 to the one who wins alone, 0 to the others;
        ½ each with no single winner."""
        seat = cls.rollout(state, rand, max_plies)
        count = len(state.rules.seats)
        if seat is None:
            return (0.5,) * count
        won = player_index(state, seat)
        return tuple(1.0 if k == won else 0.0 for k in range(count))

    @staticmethod
    def expand(state, untried: list, rand: random.Random):
        """The action of ``untried`` (legal in ``state``) that the search tries first."""
        return untried[rand.randrange(len(untried))]

    @classmethod
    def leaf(cls, state, mover: int | None, rand: random.Random, max_plies: int):
        """What ``state``, a leaf of the search reached by a decision of player ``mover``,
        is worth to each player: a playout's (:meth:`playout`)."""
        return cls.playout(state, rand, max_plies)

    @staticmethod
    def hidden(state) -> bool:
        """Whether ``state`` hides something a player cannot see (it can be redealt)."""
        return callable(getattr(state, "redeal", None))

    @staticmethod
    def turn_starts(state) -> bool:
        """Whether the decision in ``state`` begins a turn (a search counts its depth in
        turns; the other decisions finish the turn they belong to)."""
        return True

    @classmethod
    def opponent_can_win(cls, state) -> bool:
        """Whether the player to move in ``state`` has a move that wins at once."""
        if state.outcome is not None:
            return False
        me = player_index(state, state.to_move)
        return any(sole_winner(cls.apply(state, action)) == me for action in cls.actions(state))


def reader_for(state):
    """The game's reader (its strategy's), where it fits ``state``, else :class:`Reader`."""
    reader = strategy(state).reader
    return reader if reader.fits(state) else Reader


# ---------------------------------------------------------------------------------------
# Players
# ---------------------------------------------------------------------------------------


class Player:
    """Base class: a seeded numpy ``Generator`` in ``self.rng`` and a stable ``repr``.

    ``seed``: a whole number, a numpy ``Generator`` (used as it is, so players can share
    one) or ``SeedSequence``, or ``None`` for fresh entropy.

    Raises:
        TypeError: ``seed`` is of another type.
        ValueError: ``seed`` is a negative number.
    """

    name = "player"

    def __init__(self, seed: Seed = None) -> None:
        self.seed = checked_seed(seed)
        self.rng = np.random.default_rng(self.seed)

    def _options(self) -> dict[str, Any]:
        return {}

    def with_seed(self, seed: Seed) -> Player:
        """The same player (same options) with a fresh generator from ``seed``.

        Raises:
            TypeError, ValueError: ``seed`` is not a seed (see :class:`Player`).
        """
        if type(self).__init__ is not Player.__init__ or type(self)._options is not Player._options:
            try:
                return type(self)(**self._options(), seed=seed)
            except TypeError:
                pass  # a subclass whose constructor takes other arguments: copy it instead
        clone = copy.copy(self)
        Player.__init__(clone, seed)  # same settings, a generator of its own
        return clone

    def choose(self, state: Any) -> Any:  # pragma: no cover - abstract
        """The move to play in ``state``."""
        raise NotImplementedError

    def _seed_text(self) -> list[str]:
        seed = self.seed
        if isinstance(seed, np.random.SeedSequence):
            return []  # a game's seed inside play_many: not the player's own option
        if isinstance(seed, np.random.Generator):
            return [f"seed=Generator({type(seed.bit_generator).__name__})"]
        return [f"seed={seed!r}"]

    def __repr__(self) -> str:
        args = [f"{k}={v!r}" for k, v in self._options().items()] + self._seed_text()
        return f"{type(self).__name__}({', '.join(args)})"

    def _pick(self, items: Sequence):
        return items[int(self.rng.integers(len(items)))]

    @staticmethod
    def _check(state) -> None:
        check_state(state)
        if state.outcome is not None:
            raise ValueError(f"the game is over ({state.outcome.reason}): no move to choose")


class RandomPlayer(Player):
    """Picks uniformly among ``state.legal_moves()``.

    >>> from gamekit import coffee
    >>> RandomPlayer(seed=1).choose(coffee.Rules(board="square", size=5).start())
    Move.parse('c2\\\\')
    """

    name = "random"

    def choose(self, state: Any) -> Any:
        """A legal move of ``state``, each as likely as the others.

        Raises:
            TypeError: ``state`` is not a game position.
            ValueError: the game is over.
        """
        self._check(state)
        return self._pick(state.legal_moves())


@dataclass(frozen=True)
class Evaluation:
    """How :class:`SimplePlayer` judges a position of one game.

    ``value(state, seat)``: how good ``state`` is for the player in ``seat`` (higher is
    better), read from the state's public API. ``settle``: before judging a move, play the
    player's own further decisions of the same turn, the best one each time (in GIPF the
    rows a push makes are removed by the same player before the other pushes).

    >>> Evaluation(lambda state, seat: 0.0, settle=True)
    Evaluation(<lambda>, settle=True)
    """

    value: Callable[[Any, str], float]
    settle: bool = False

    def __repr__(self) -> str:
        name = getattr(self.value, "__name__", type(self.value).__name__)
        return f"Evaluation({name}, settle={self.settle})"


def _outcome_value(state, seat: str) -> float:
    """Any game: 0 while it goes on; at its end, the seat's score ahead of the best other
    seat's (a solo game: its score), if the game keeps scores."""
    outcome = state.outcome
    scores = None if outcome is None else outcome.scores
    if not scores or seat not in scores:
        return 0.0
    others = [float(v) for s, v in scores.items() if s != seat]
    return float(scores[seat]) - (max(others) if others else 0.0)


_BY_OUTCOME = Evaluation(_outcome_value)
#: At most this many own decisions in a row are settled after a move.
_SETTLE_LIMIT = 64


def evaluation_of(state) -> Evaluation:
    """The game's evaluation (its strategy's), else the outcome alone."""
    return strategy(state).evaluation or _BY_OUTCOME


def outlook_of(state) -> Evaluation:
    """The game's outlook for a search (its strategy's), else its evaluation."""
    return strategy(state).outlook or evaluation_of(state)


def standing_of(state, me: int) -> int:
    """3: player ``me`` won alone; 2: a shared win; 1: the game goes on, or nobody won;
    0: ``me`` lost."""
    outcome = state.outcome
    if outcome is None or not outcome.winners:
        return 1
    won = {player_index(state, seat) for seat in outcome.winners}
    if me not in won:
        return 0
    return 3 if len(won) == 1 else 2


def judged(state, me: int, evaluation: Evaluation) -> tuple[int, float]:
    return standing_of(state, me), float(evaluation.value(state, seat_of(state, me)))


def settle(ad, state, me: int, judge: Callable[[Any], Any]):
    """Play player ``me``'s further decisions in a row, the one whose position ``judge``
    rates highest each time."""
    for _ in range(_SETTLE_LIMIT):
        if state.outcome is not None or player_index(state, state.to_move) != me:
            break
        children = [ad.apply(state, action) for action in ad.actions(state)]
        state = max(children, key=judge)
    return state


class SimplePlayer(Player):
    """Looks one move ahead: plays the move after which its game's evaluation
    (its strategy's) likes the position best. A win comes first, then a shared win,
    then the highest value, a loss last; ties are broken at random. Where the evaluation
    settles (GIPF), the player's own further decisions of the same turn (the row removals
    after a push) are made, the best one each time, before the position is judged.

    In GIPF it counts pieces (reserve, captures and GIPF pieces); in Hex Tiles it scores
    its figure (so it places the tile that raises its score most, and otherwise takes a
    market tile that fits); in other games it wins when it can.

    ``safe=True`` (the ``"beginner"`` level) also looks at the opponent's answers: after a
    win, it prefers the moves after which the opponent cannot win at once (as
    :class:`GreedyPlayer` does), and judges only those. ``outlook=True`` judges by the
    game's outlook for a search instead (its strategy's; in Hex Tiles, what the
    figure's border and reserve promise besides its score: the club level there).

    >>> from gamekit import gipf
    >>> state = gipf.Rules(variant="basic").start()
    >>> SimplePlayer(seed=2).choose(state) in state.legal_moves()
    True
    >>> SimplePlayer(safe=True, seed=2)
    SimplePlayer(safe=True, seed=2)

    Raises:
        TypeError: ``safe`` is not True or False, or ``seed`` not a seed.
        ValueError: ``seed`` is negative.
    """

    name = "simple"

    def __init__(self, safe: bool = False, outlook: bool = False, seed: Seed = None) -> None:
        for name, flag in (("safe", safe), ("outlook", outlook)):
            if not isinstance(flag, (bool, np.bool_)):
                raise TypeError(f"{name} must be True or False, not {shown(flag)}")
        super().__init__(seed)
        self.safe = bool(safe)
        self.outlook = bool(outlook)

    def _options(self) -> dict[str, Any]:
        return {name: True for name in ("safe", "outlook") if getattr(self, name)}

    def choose(self, state: Any) -> Any:
        """The best-judged legal move of ``state``.

        Raises:
            TypeError: ``state`` is not a game position.
            ValueError: the game is over.
        """
        self._check(state)
        ad = reader_for(state)
        evaluation = outlook_of(state) if self.outlook else evaluation_of(state)
        best = best_of(keyed_moves(ad, state, evaluation, self.safe))
        return ad.move(state, self._pick(best))


def keyed_moves(ad, state, evaluation: Evaluation, safe: bool) -> list[tuple[tuple, Any]]:
    """Each action of ``state`` with the key :class:`SimplePlayer` ranks it by (highest
    best): the standing and value of the position after it (after the rest of the turn,
    where ``evaluation`` settles), and with ``safe`` whether it hands the opponent no win."""
    me = player_index(state, state.to_move)
    keyed = []
    for action in ad.actions(state):
        child = ad.apply(state, action)
        if evaluation.settle:
            child = settle(ad, child, me, lambda c: judged(c, me, evaluation))
        standing, value = judged(child, me, evaluation)
        key = (standing, _safe(ad, child, me), value) if safe else (standing, value)
        keyed.append((key, action))
    return keyed


def best_of(keyed: list[tuple[tuple, Any]]) -> list:
    """The actions of ``keyed`` (from :func:`keyed_moves`) with the highest key, in order."""
    top = max(key for key, _ in keyed)
    return [action for key, action in keyed if key == top]


def _safe(ad, child, me: int) -> bool:
    """Whether the opponent cannot win at once in ``child`` (over, or ``me`` to move: safe)."""
    if child.outcome is not None or player_index(child, child.to_move) == me:
        return True
    return not ad.opponent_can_win(child)


class GreedyPlayer(Player):
    """Looks one move ahead, and at the opponent's answers.

    It takes a winning move when it has one (uniformly among them). Otherwise it prefers
    moves after which the opponent has no move that wins at once; among those it picks at
    random. A move that is a decision inside its own turn (the same player moves next, as
    in GIPF's removals) counts as safe. If every move loses, any move will do.

    >>> GreedyPlayer(seed=3)
    GreedyPlayer(seed=3)
    """

    name = "greedy"

    def choose(self, state: Any) -> Any:
        """A winning move if there is one, else a move that hands no win at once.

        Raises:
            TypeError: ``state`` is not a game position.
            ValueError: the game is over.
        """
        self._check(state)
        ad = reader_for(state)
        me = player_index(state, state.to_move)
        wins: list[Any] = []
        safe: list[Any] = []
        rest: list[Any] = []
        for action in ad.actions(state):
            child = ad.apply(state, action)
            if child.outcome is not None:
                (wins if sole_winner(child) == me else rest).append(action)
            elif player_index(child, child.to_move) == me or not ad.opponent_can_win(child):
                safe.append(action)
            else:
                rest.append(action)
        return ad.move(state, self._pick(wins or safe or rest))


class PolicyPlayer(Player):
    """A fixed rule of play, for solo games such as Coffee Roaster: ``policy(state,
    **options)`` returns the move. ``PolicyPlayer(roaster.simple_player, stop_round=6)``
    roasts until round 6 and then stops.

    >>> def first(state):
    ...     return state.legal_moves()[0]
    >>> PolicyPlayer(first)
    PolicyPlayer(first)

    Raises:
        TypeError: ``policy`` is not callable, or ``seed`` not a seed.
        ValueError: ``seed`` is negative.
    """

    name = "policy"

    def __init__(self, policy: Callable[..., Any], seed: Seed = None, **options: Any) -> None:
        if not callable(policy):
            raise TypeError(f"policy must be a function of the state, not {shown(policy)}")
        super().__init__(seed)
        self.policy = policy
        self.options = options

    def with_seed(self, seed: Seed) -> PolicyPlayer:
        return PolicyPlayer(self.policy, seed=seed, **self.options)

    def choose(self, state: Any) -> Any:
        """The policy's move for ``state``.

        Raises:
            TypeError: ``state`` is not a game position.
            ValueError: the game is over.
        """
        self._check(state)
        return self.policy(state, **self.options)

    def __repr__(self) -> str:
        args = [getattr(self.policy, "__name__", type(self.policy).__name__)]
        args += [f"{k}={v!r}" for k, v in self.options.items()]
        return f"PolicyPlayer({', '.join(args)})"


# ---------------------------------------------------------------------------------------
# Levels, and the computer on a board
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Budget:
    """What a level may spend on a move: ``iterations`` and ``seconds`` as the player was
    given them (``None``: not given), and the level's own ``clock`` (seconds a move) and
    ``cap`` (the most playouts a move)."""

    iterations: int | None
    seconds: float | None
    clock: float
    cap: int


#: How a level makes its player for a game: ``make(seed, budget)``.
LevelRecipe = Callable[[Seed, Budget], Player]


@dataclass(frozen=True)
class Strategy:
    """What a game tells the computer players, declared once where the game registers
    (its ``strategy`` fact): its :class:`Reader`; the ``evaluation`` the beginner judges a
    position by (``None``: by the outcome alone); the ``outlook`` a search judges its
    horizon by (``None``: the evaluation); ``search``, the options of its Monte Carlo
    search levels (``c=0.35``); ``levels``, a recipe for each level that plays this game
    in its own way (a level not listed plays as on every game); and ``random_games(rules,
    games, seed)``, a faster way to play random games (:func:`gamekit.sim.random_games`),
    returning ``None`` for rules it does not handle.

    >>> Strategy()
    Strategy()
    """

    reader: type[Reader] = Reader
    evaluation: Evaluation | None = None
    outlook: Evaluation | None = None
    search: Mapping[str, Any] = FrozenMap()
    levels: Mapping[str, LevelRecipe] = FrozenMap()
    random_games: Callable[[Any, int, int | None], Any] | None = None

    def __repr__(self) -> str:
        parts = []
        if self.reader is not Reader:
            parts.append(f"reader={self.reader.__name__}")
        for name in ("evaluation", "outlook"):
            if getattr(self, name) is not None:
                parts.append(f"{name}={getattr(self, name)!r}")
        if self.search:
            parts.append(f"search={dict(self.search)!r}")
        if self.levels:
            parts.append(f"levels={list(self.levels)!r}")
        if self.random_games is not None:
            parts.append(f"random_games={self.random_games.__name__}")
        return f"Strategy({', '.join(parts)})"


#: The kit's strategy for a game that declares none: it is played through the contract alone.
PLAIN_STRATEGY = Strategy()


def strategy(state: Any) -> Strategy:
    """The strategy of the game ``state`` (or rules) belongs to, or of the game it extends;
    a game that declares none is played through the contract alone (:class:`Strategy`)."""
    try:
        found = part(state, "strategy")
    except (TypeError, ValueError):
        return PLAIN_STRATEGY
    return found if isinstance(found, Strategy) else PLAIN_STRATEGY
