"""Computer players that play every game through the contract of :mod:`gamekit.game`.

A player has one method, ``player.choose(state) -> move``. It reads only what every game
keeps: ``state.to_move``, ``state.legal_moves()``, ``state.play(move)`` and ``state.outcome``
(its ``winners`` and ``scores``), with :func:`gamekit.game.player_index` to tell the players
apart after a pie-rule swap. So every player plays Coffee, GIPF (removal decisions included:
they are moves too), Hex Tiles and Coffee Roaster alike. Every player takes a ``seed`` (a
whole number or a numpy ``Generator``): the same seed gives the same moves.

Levels
------
The boards offer four levels, the same on every game (:data:`LEVELS`, described for
learners in :data:`LEVEL_HELP`), each meant to be stronger than the one before
(``benchmarks/strength.py`` measures how often it is; ``docs/levels.md`` has the tables):

- ``"random"``: any legal move, each as likely;
- ``"beginner"``: one move ahead: takes a win, avoids handing one over, else the move its
  game's evaluation likes best (:class:`SimplePlayer` with ``safe=True``); at once;
- ``"club"`` (the default, :data:`DEFAULT_LEVEL`): Monte Carlo tree search for about
  :data:`CLUB_SECONDS` a move;
- ``"strong"``: the same search for about :data:`STRONG_SECONDS` a move.

A game changes how it is played where it registers, with a :class:`Strategy` (its
``strategy`` fact): a :class:`Reader` (a faster path, whole turns), an evaluation and an
outlook, and a recipe for any level it plays in its own way (:func:`alphabeta_level`,
:func:`outlook_level`, :func:`rollout_level`, :func:`policy_level`). Each game's
``strategy`` module says what it chose and why.

The players
-----------
- :class:`SimplePlayer` looks one move ahead and judges the position with its game's own
  evaluation (the strategy's; without one, by the outcome).
- :class:`RandomPlayer` picks uniformly among the legal moves.
- :class:`GreedyPlayer` takes a win when it has one, and otherwise avoids a move after which
  the opponent can win at once.
- :class:`MCTSPlayer` is Monte Carlo tree search (UCT) with random playouts (or the game's
  own judgement of the leaves), with a budget in iterations or in seconds. Where a game
  hides something (the order of a pool of tiles), it searches positions redealt from what
  the player can see (``state.redeal(rng)``), so it never knows the draws to come.
- :class:`AlphaBetaPlayer` looks a fixed number of turns ahead (alpha-beta search) and
  judges where it arrives by its game's outlook.
- :class:`RolloutPlayer` plays its most promising moves on a few turns, several times
  each, every player by the club's judgement, and keeps the move that fared best.
- :class:`PolicyPlayer` follows a fixed rule of play given as a function.
- :class:`LevelPlayer` is a level: on each game, the player that level stands for.

>>> from gamekit import coffee
>>> state = coffee.Rules(board="square", size=5).start()
>>> RandomPlayer(seed=1).choose(state)
Move.parse('c2\\\\')
>>> make_player("club", seed=1)
LevelPlayer('club', seed=1)
>>> make_player("mcts", seed=1, iterations=50)
MCTSPlayer(iterations=50, seed=1)
"""

from __future__ import annotations

import copy
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from gamekit.checks import check_state, real, whole
from gamekit.errors import shown
from gamekit.game import FrozenMap, lineage, part, player_index

__all__ = [
    "Player",
    "SimplePlayer",
    "RandomPlayer",
    "GreedyPlayer",
    "MCTSPlayer",
    "AlphaBetaPlayer",
    "RolloutPlayer",
    "PolicyPlayer",
    "LevelPlayer",
    "Level",
    "Evaluation",
    "Reader",
    "Strategy",
    "sole_winner",
    "seat_of",
    "standing_of",
    "settle",
    "Budget",
    "strategy",
    "policy_level",
    "alphabeta_level",
    "outlook_level",
    "rollout_level",
    "LEVELS",
    "LEVEL_NAMES",
    "LEVEL_HELP",
    "DEFAULT_LEVEL",
    "OLD_LEVELS",
    "make_player",
    "make_opponent",
    "computer_seats",
    "plays_now",
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


def _caps(count: Any, argument: str, seconds: Any) -> tuple[int | None, float | None]:
    """A search's budget, checked: ``count`` (named ``argument``) a whole number of at least
    1, ``seconds`` a number of at least :data:`MIN_SECONDS`; ``None`` means no cap."""
    if count is not None:
        count = whole(count, argument, 1)
    if seconds is not None:
        seconds = real(seconds, "seconds", MIN_SECONDS)
    return count, seconds


def _seed(value: Any, argument: str = "seed") -> Seed:
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


def _adapter(state):
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
        self.seed = _seed(seed)
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


def _evaluation(state) -> Evaluation:
    """The game's evaluation (its strategy's), else the outcome alone."""
    return strategy(state).evaluation or _BY_OUTCOME


def _search_evaluation(state) -> Evaluation:
    """The game's outlook for a search (its strategy's), else its evaluation."""
    return strategy(state).outlook or _evaluation(state)


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


def _judge(state, me: int, evaluation: Evaluation) -> tuple[int, float]:
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
        ad = _adapter(state)
        evaluation = _search_evaluation(state) if self.outlook else _evaluation(state)
        best = _best(_keyed(ad, state, evaluation, self.safe))
        return ad.move(state, self._pick(best))


def _keyed(ad, state, evaluation: Evaluation, safe: bool) -> list[tuple[tuple, Any]]:
    """Each action of ``state`` with the key :class:`SimplePlayer` ranks it by (highest
    best): the standing and value of the position after it (after the rest of the turn,
    where ``evaluation`` settles), and with ``safe`` whether it hands the opponent no win."""
    me = player_index(state, state.to_move)
    keyed = []
    for action in ad.actions(state):
        child = ad.apply(state, action)
        if evaluation.settle:
            child = settle(ad, child, me, lambda c: _judge(c, me, evaluation))
        standing, value = _judge(child, me, evaluation)
        key = (standing, _safe(ad, child, me), value) if safe else (standing, value)
        keyed.append((key, action))
    return keyed


def _best(keyed: list[tuple[tuple, Any]]) -> list:
    """The actions of ``keyed`` (from :func:`_keyed`) with the highest key, in order."""
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
        ad = _adapter(state)
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


class _Node:
    __slots__ = ("state", "parent", "action", "mover", "children", "untried", "n", "w")

    def __init__(self, state, parent, action, mover, untried) -> None:
        self.state = state
        self.parent = parent
        self.action = action
        self.mover = mover  # the player (not seat) who chose the action leading here
        self.children: list[_Node] = []
        self.untried = untried
        self.n = 0
        self.w = 0.0


class _InfoNode:
    """A node of the search over what a player can see: children by action; ``avail``
    counts the visits of the parent in which the action was legal."""

    __slots__ = ("mover", "children", "n", "w", "avail")

    def __init__(self, mover) -> None:
        self.mover = mover
        self.children: dict[Any, _InfoNode] = {}
        self.n = 0
        self.w = 0.0
        self.avail = 1


class MCTSPlayer(Player):
    """Monte Carlo tree search with UCT selection and uniformly random playouts.

    ``iterations`` playouts per move (default :data:`DEFAULT_ITERATIONS`), or a time budget
    of ``seconds`` per move (then ``iterations`` is a cap, unlimited if not given; at least
    one playout is made whatever the clock says). ``c`` is the exploration constant. A
    playout scores 1 for the player who wins alone, ½ each when nobody does (a draw, a
    shared win, or a game not over after ``max_playout`` moves). Each node keeps the score
    of the player who chose the move leading to it, so the search also works when one
    player makes several decisions in a row (GIPF's removals), with more than two players
    (Hex Tiles) and across a pie-rule swap. The move played is the one searched most. In
    Hex Tiles a playout is replaced by the scores of the position reached, once the player
    who reached it has ended its turn (random play ruins a figure): a lead in points is
    worth a share of a win.

    A game that hides something from the players (Hex Tiles: the order of the pool) has
    ``state.redeal(rng)``: each playout then starts from the position redealt with the
    player's own generator, and the tree holds moves, not positions (information-set
    MCTS), so the search cannot see the tiles to come.

    With a time budget the moves depend on the machine's speed; give ``iterations`` alone
    for moves that only the seed decides. ``last_iterations`` is the number of playouts of
    the last move.

    >>> MCTSPlayer(iterations=50, seed=1)
    MCTSPlayer(iterations=50, seed=1)
    >>> MCTSPlayer(c=-5)
    Traceback (most recent call last):
    ...
    ValueError: c must be a finite number of at least 0.0, not -5

    Raises:
        TypeError: ``iterations`` or ``max_playout`` is not a whole number, ``seconds`` or
            ``c`` not a number, ``seed`` not a seed.
        ValueError: ``iterations`` or ``max_playout`` below 1, ``seconds`` below
            :data:`MIN_SECONDS` or not finite, ``c`` negative or not finite, ``seed``
            negative.
    """

    name = "mcts"

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float = 1.4,
        max_playout: int = 2000,
        seed: Seed = None,
    ) -> None:
        iterations, seconds = _caps(iterations, "iterations", seconds)
        c = real(c, "c", 0.0)
        max_playout = whole(max_playout, "max_playout", 1)
        super().__init__(seed)
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.max_playout = max_playout
        self._rand = random.Random(int(self.rng.integers(2**63)))
        self.last_iterations = 0

    def _options(self) -> dict[str, Any]:
        opts: dict[str, Any] = {}
        if self.iterations is not None and not (
            self.seconds is None and self.iterations == DEFAULT_ITERATIONS
        ):
            opts["iterations"] = self.iterations
        if self.seconds is not None:
            opts["seconds"] = self.seconds
        if self.c != 1.4:
            opts["c"] = self.c
        if self.max_playout != 2000:
            opts["max_playout"] = self.max_playout
        return opts

    def _untried(self, ad, state) -> list:
        acts = ad.actions(state)
        self._rand.shuffle(acts)
        return acts

    def _budget(self) -> Callable[[int], bool]:
        """``more(done)``: whether to make another playout after ``done`` of them."""
        cap = self.iterations if self.iterations is not None else math.inf
        if self.seconds is None:
            return lambda done: done < cap
        deadline = time.perf_counter() + self.seconds
        clock = time.perf_counter
        return lambda done: done == 0 or (done < cap and clock() < deadline)

    def choose(self, state: Any) -> Any:
        """The move searched most after the budget of playouts.

        Raises:
            TypeError: ``state`` is not a game position.
            ValueError: the game is over.
        """
        self._check(state)
        ad = _adapter(state)
        actions = ad.actions(state)
        if len(actions) == 1:
            self.last_iterations = 0
            return ad.move(state, actions[0])
        if ad.hidden(state):
            return ad.move(state, self._search_unseen(state, ad))
        return ad.move(state, self._search(state, ad))

    def _search(self, state, ad):
        """UCT over positions (nothing hidden): the action searched most."""
        root = _Node(state, None, None, None, self._untried(ad, state))
        more = self._budget()
        rand, c, log, sqrt = self._rand, self.c, math.log, math.sqrt
        done = 0
        while more(done):
            node = root
            # selection
            while not node.untried and node.children:
                scale = c * sqrt(log(node.n))
                best, best_value = None, -1.0
                for child in node.children:
                    value = child.w / child.n + scale / sqrt(child.n)
                    if value > best_value:
                        best, best_value = child, value
                assert best is not None  # a node with children has a best one
                node = best
            # expansion
            if node.untried:
                action = node.untried.pop()
                child_state = ad.apply(node.state, action)
                mover = player_index(node.state, node.state.to_move)
                child = _Node(child_state, node, action, mover, self._untried(ad, child_state))
                node.children.append(child)
                node = child
            # playout
            worth = ad.playout(node.state, rand, self.max_playout)
            # back-propagation
            while node.parent is not None:
                node.n += 1
                node.w += worth[node.mover]
                node = node.parent
            node.n += 1
            done += 1
        self.last_iterations = done
        return max(root.children, key=lambda ch: ch.n).action

    def _search_unseen(self, state, ad):
        """Information-set UCT: each playout redeals what nobody can see, walks the tree
        by the actions legal in that deal, and adds one node; the action searched most."""
        root = _InfoNode(None)
        more = self._budget()
        rng, rand, c, log, sqrt = self.rng, self._rand, self.c, math.log, math.sqrt
        done = 0
        while more(done):
            position = state.redeal(rng)
            node, path = root, [root]
            while position.outcome is None:
                acts = ad.actions(position)
                children = node.children
                untried = [a for a in acts if a not in children]
                if untried:  # expansion
                    action = ad.expand(position, untried, rand)
                    child = children[action] = _InfoNode(player_index(position, position.to_move))
                    position = ad.apply(position, action)
                    path.append(child)
                    break
                best, best_action, best_value = None, None, -1.0
                for action in acts:  # selection among the actions legal in this deal
                    child = children[action]
                    child.avail += 1
                    value = child.w / child.n + c * sqrt(log(child.avail) / child.n)
                    if value > best_value:
                        best, best_action, best_value = child, action, value
                assert best is not None  # the deal leaves at least one legal action
                position = ad.apply(position, best_action)
                node = best
                path.append(node)
            worth = ad.leaf(position, path[-1].mover, rand, self.max_playout)
            root.n += 1
            for node in path[1:]:
                node.n += 1
                node.w += worth[node.mover]
            done += 1
        self.last_iterations = done
        return max(root.children.items(), key=lambda item: item[1].n)[0]


class _OutOfBudget(Exception):
    """The search's budget ran out in the middle of a depth."""


#: A win or a loss at the horizon, beyond any evaluation's values.
_DECIDED = 1e9


class AlphaBetaPlayer(Player):
    """Looks ``depth`` turns ahead (its own and the opponent's in turn) with alpha-beta
    search, and judges the positions it reaches by its game's evaluation for a search
    (the strategy's outlook, else its evaluation). A win found in the search is
    taken, a loss avoided while a move can. For two-player games where nothing is hidden.

    A turn holds every decision of one player in a row (in GIPF: a push and the rows it
    makes the player remove); the horizon is always the start of a turn, so no position is
    judged with a row still waiting. It searches depth 1, then 2, up to ``depth``, each
    time trying first the moves the last depth liked best; ``nodes`` (positions looked at)
    and ``seconds`` cap the search: when either runs out, the deepest finished depth
    decides. Equal moves are split by the seed. With ``nodes`` and without ``seconds``, the
    moves depend on the seed only.

    >>> from gamekit import gipf
    >>> state = gipf.Rules(variant="standard").start()
    >>> AlphaBetaPlayer(depth=2, seed=1).choose(state) in state.legal_moves()
    True
    >>> AlphaBetaPlayer(depth=0)
    Traceback (most recent call last):
    ...
    ValueError: depth must be 1 or more, not 0

    Raises:
        TypeError: ``depth`` or ``nodes`` is not a whole number, ``seconds`` not a number,
            ``seed`` not a seed.
        ValueError: ``depth`` or ``nodes`` below 1, ``seconds`` below :data:`MIN_SECONDS`
            or not finite, ``seed`` negative; (``choose``) a game of more than two players,
            or one that hides something.
    """

    name = "alphabeta"

    def __init__(
        self,
        depth: int = 2,
        nodes: int | None = None,
        seconds: float | None = None,
        seed: Seed = None,
    ) -> None:
        depth = whole(depth, "depth", 1)
        nodes, seconds = _caps(nodes, "nodes", seconds)
        super().__init__(seed)
        self.depth = depth
        self.nodes = nodes
        self.seconds = seconds
        #: The deepest depth finished for the last move, and the positions looked at.
        self.last_depth = 0
        self.last_nodes = 0

    def _options(self) -> dict[str, Any]:
        opts: dict[str, Any] = {"depth": self.depth}
        if self.nodes is not None:
            opts["nodes"] = self.nodes
        if self.seconds is not None:
            opts["seconds"] = self.seconds
        return opts

    def choose(self, state: Any) -> Any:
        """The move the deepest finished search rates best.

        Raises:
            TypeError: ``state`` is not a game position.
            ValueError: the game is over, has more than two players, or hides something.
        """
        self._check(state)
        if len(state.rules.seats) != 2:
            raise ValueError(
                f"the alpha-beta player plays two-player games, not one of "
                f"{len(state.rules.seats)} players"
            )
        ad = _adapter(state)
        if ad.hidden(state):
            raise ValueError("the alpha-beta player needs a game where nothing is hidden")
        self._ad = ad
        self._me = player_index(state, state.to_move)
        self._value = _search_evaluation(state).value
        self._seat = [seat_of(state, k) for k in range(2)]
        self._count = 0
        self._deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        order = ad.actions(state)
        self.rng.shuffle(order)  # equal moves: the seed decides
        children = [ad.apply(state, action) for action in order]
        self.last_depth = 0
        if len(order) > 1:
            for depth in range(1, self.depth + 1):
                deeper = depth - ad.turn_starts(state)
                scores: list[float] = []
                alpha = -math.inf
                try:
                    for child in children:
                        # a move no better than the best so far gets a bound, not a value
                        scores.append(self._search(child, deeper, alpha))
                        alpha = max(alpha, scores[-1])
                except _OutOfBudget:
                    break
                ranked = sorted(range(len(order)), key=lambda k: -scores[k])  # stable
                order = [order[k] for k in ranked]
                children = [children[k] for k in ranked]
                self.last_depth = depth
        self.last_nodes = self._count
        return ad.move(state, order[0])

    def _judge(self, state) -> float:
        """What ``state`` is worth to the searching player."""
        standing = standing_of(state, self._me) if state.outcome is not None else 1
        if standing != 1:
            return _DECIDED if standing >= 2 else -_DECIDED
        return float(self._value(state, self._seat[self._me]))

    def _search(self, state, depth: int, alpha: float = -math.inf, beta: float = math.inf) -> float:
        self._count += 1
        count = self._count
        if self.nodes is not None and count > self.nodes:
            raise _OutOfBudget
        if self._deadline is not None and count % 64 == 0 and time.perf_counter() > self._deadline:
            raise _OutOfBudget
        ad = self._ad
        starts = ad.turn_starts(state)
        if state.outcome is not None or (depth <= 0 and starts):
            return self._judge(state)
        mine = player_index(state, state.to_move) == self._me
        deeper = depth - starts
        children = [ad.apply(state, action) for action in ad.actions(state)]
        if deeper > 0 or not starts:
            children.sort(key=self._judge, reverse=mine)  # likely best first: more cut-offs
        if mine:
            best = -math.inf
            for child in children:
                value = self._search(child, deeper, alpha, beta)
                if value > best:
                    best = value
                    if best > alpha:
                        alpha = best
                        if alpha >= beta:
                            break
            return best
        best = math.inf
        for child in children:
            value = self._search(child, deeper, alpha, beta)
            if value < best:
                best = value
                if best < beta:
                    beta = best
                    if alpha >= beta:
                        break
        return best


class RolloutPlayer(Player):
    """Tries its most promising moves by playing each on a few times, and plays the one
    that fares best (a rollout search: it improves on the club level's judgement by
    seeing where that judgement leads).

    The ``candidates`` moves that a one-turn look ahead likes best (the club's judgement:
    :class:`SimplePlayer` with ``safe=True, outlook=True``) are each played on ``rollouts``
    times, every player then playing by that same judgement for ``turns`` turns (a turn
    ends when the player to move changes; ``None``: to the end of the game). Where the
    game hides something (Hex Tiles' pool), each rollout starts from the position redealt
    (``state.redeal``), so the player never sees the tiles to come. What a rollout is worth
    is its result if the game ended, else what a search makes of the position reached (in
    Hex Tiles the lead in outlook, as a share of a win; in Coffee a random game played to
    the end; elsewhere a draw). All
    candidates are tried on the same deals and the same tie-breaks, so they differ by the
    move, not by luck. A move that wins at once is played at once.

    ``seconds`` caps the time: the rollouts go in rounds, one per candidate, and stop
    after the round in which the clock ran out (at least one round). Without ``seconds``
    the moves depend on the seed only. ``last_iterations`` is the rollouts of the last
    move.

    >>> from gamekit import hextiles
    >>> state = hextiles.Rules(seed=7).start()
    >>> RolloutPlayer(candidates=2, rollouts=2, turns=2, seed=1).choose(state)
    Move.parse('take 111010')
    >>> RolloutPlayer(candidates=0)
    Traceback (most recent call last):
    ...
    ValueError: candidates must be 1 or more, not 0

    Raises:
        TypeError: ``candidates``, ``rollouts`` or ``turns`` is not a whole number,
            ``seconds`` not a number, ``seed`` not a seed.
        ValueError: ``candidates``, ``rollouts`` or ``turns`` below 1, ``seconds`` below
            :data:`MIN_SECONDS` or not finite, ``seed`` negative.
    """

    name = "rollout"

    def __init__(
        self,
        candidates: int = 4,
        rollouts: int = 8,
        turns: int | None = 5,
        seconds: float | None = None,
        seed: Seed = None,
    ) -> None:
        candidates = whole(candidates, "candidates", 1)
        rollouts = whole(rollouts, "rollouts", 1)
        if seconds is not None:
            seconds = real(seconds, "seconds", MIN_SECONDS)
        if turns is not None:
            turns = whole(turns, "turns", 1)
        super().__init__(seed)
        self.candidates = candidates
        self.rollouts = rollouts
        self.turns = turns
        self.seconds = seconds
        self.last_iterations = 0

    def _options(self) -> dict[str, Any]:
        opts: dict[str, Any] = {"candidates": self.candidates, "rollouts": self.rollouts}
        if self.turns != 5:
            opts["turns"] = self.turns
        if self.seconds is not None:
            opts["seconds"] = self.seconds
        return opts

    def choose(self, state: Any) -> Any:
        """The candidate move whose rollouts fared best.

        Raises:
            TypeError: ``state`` is not a game position.
            ValueError: the game is over.
        """
        self._check(state)
        ad = _adapter(state)
        evaluation = _search_evaluation(state)
        keyed = _keyed(ad, state, evaluation, True)
        keyed.sort(key=lambda item: item[0], reverse=True)  # stable: ties keep their order
        self.last_iterations = 0
        if len(keyed) == 1 or keyed[0][0][0] == 3:  # one move, or a win at once
            return ad.move(state, keyed[0][1])
        moves = [action for _, action in keyed[: self.candidates]]
        me = player_index(state, state.to_move)
        hidden = ad.hidden(state)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        worth = [0.0] * len(moves)
        for done in range(self.rollouts):
            if done and deadline is not None and time.perf_counter() > deadline:
                break
            luck = int(self.rng.integers(2**63))
            start = state.redeal(luck) if hidden else state
            for k, action in enumerate(moves):
                end = self._play_on(ad, ad.apply(start, action), evaluation, random.Random(luck))
                worth[k] += ad.playout(end, random.Random(luck), 0)[me]
                self.last_iterations += 1
        best = max(range(len(moves)), key=lambda k: (worth[k], -k))
        return ad.move(state, moves[best])

    def _play_on(self, ad, state, evaluation: Evaluation, rand: random.Random):
        """``state`` played on by the club's judgement for every player, until the player to
        move has changed ``turns`` times (or the game is over)."""
        mover = state.to_move
        turns = 0
        while state.outcome is None and (self.turns is None or turns < self.turns):
            best = _best(_keyed(ad, state, evaluation, True))
            state = ad.apply(state, best[rand.randrange(len(best))] if len(best) > 1 else best[0])
            if state.to_move != mover:
                mover, turns = state.to_move, turns + 1
        return state


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


_NO_STRATEGY = Strategy()


def strategy(state: Any) -> Strategy:
    """The strategy of the game ``state`` (or rules) belongs to, or of the game it extends;
    a game that declares none is played through the contract alone (:class:`Strategy`)."""
    try:
        found = part(state, "strategy", None)
    except (TypeError, ValueError):
        return _NO_STRATEGY
    return found if isinstance(found, Strategy) else _NO_STRATEGY


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
        iterations, seconds = _caps(iterations, "iterations", seconds)
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
    iterations, seconds = _caps(iterations, "iterations", seconds)
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
