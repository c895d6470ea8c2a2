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
  :data:`CLUB_SECONDS` a move; in GIPF, alpha-beta search two turns ahead
  (:data:`ALPHABETA_DEPTHS`), a few hundredths of a second; in Hex Tiles, one turn ahead
  judged by the figure's outlook (:data:`OUTLOOK_CLUB`), at once;
- ``"strong"``: the same Monte Carlo search for about :data:`STRONG_SECONDS` a move; in
  GIPF, alpha-beta three turns ahead (a few tenths of a second, at most
  :data:`STRONG_SECONDS`); in Hex Tiles, the club's best-liked moves played on a few turns
  by the club's judgement, the best kept (:class:`RolloutPlayer`, :data:`ROLLOUT_STRONG`).

Coffee Roaster is played alone, so there a level is a rule of play: ``beginner`` roasts
five rounds, ``club`` stops when the beans in the bag are roasted enough, ``strong`` weighs
the exact odds of the bag (:func:`gamekit.roaster.challenge.odds_player`).

The players
-----------
- :class:`SimplePlayer` looks one move ahead and judges the position with its game's own
  evaluation (:data:`EVALUATIONS`: GIPF counts pieces, Hex Tiles scores the figure).
- :class:`RandomPlayer` picks uniformly among the legal moves.
- :class:`GreedyPlayer` takes a win when it has one, and otherwise avoids a move after which
  the opponent can win at once (in Coffee: by a line, or by leaving it blocked).
- :class:`MCTSPlayer` is Monte Carlo tree search (UCT) with random playouts (in Hex Tiles
  the scores judge the positions it reaches instead), with a budget in iterations or in
  seconds. Where a game hides something (the order of Hex Tiles' pool), it searches
  positions redealt from what the player can see (``state.redeal(rng)``), so it never
  knows the draws to come.
- :class:`AlphaBetaPlayer` looks a fixed number of turns ahead (alpha-beta search) and
  judges where it arrives by its game's outlook (:data:`SEARCH_EVALUATIONS`).
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

For Coffee the players use a fast path (cell and axis numbers instead of notation); they
choose exactly among ``state.legal_moves()``.
"""

from __future__ import annotations

import copy
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from gamekit import coffee
from gamekit.errors import shown
from gamekit.game import FrozenMap, lineage, player_index

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
    "EVALUATIONS",
    "SEARCH_EVALUATIONS",
    "ALPHABETA_DEPTHS",
    "OUTLOOK_CLUB",
    "ROLLOUT_STRONG",
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
# Checking arguments (shared with gamekit.sim and gamekit.perft)
# ---------------------------------------------------------------------------------------


def _whole(value: Any, argument: str, least: int = 0) -> int:
    """``value`` as an ``int``, if it is a whole number of at least ``least``."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{argument} must be a whole number, not {shown(value)}")
    if value < least:
        raise ValueError(f"{argument} must be {least} or more, not {shown(value)}")
    return int(value)


def _real(value: Any, argument: str, least: float) -> float:
    """``value`` as a ``float``, if it is a finite number of at least ``least``."""
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise TypeError(f"{argument} must be a number, not {shown(value)}")
    try:
        number = float(value)
    except OverflowError:  # a whole number too large for a float
        number = math.inf
    if not math.isfinite(number) or number < least:
        raise ValueError(
            f"{argument} must be a finite number of at least {least}, not {shown(value)}"
        )
    return number


def _caps(count: Any, argument: str, seconds: Any) -> tuple[int | None, float | None]:
    """A search's budget, checked: ``count`` (named ``argument``) a whole number of at least
    1, ``seconds`` a number of at least :data:`MIN_SECONDS`; ``None`` means no cap."""
    if count is not None:
        count = _whole(count, argument, 1)
    if seconds is not None:
        seconds = _real(seconds, "seconds", MIN_SECONDS)
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


def _position(state: Any, argument: str = "state") -> None:
    """Refuse what is not a game position (it has no ``legal_moves`` and ``play``); the
    message names the argument."""
    if not (
        callable(getattr(state, "legal_moves", None)) and callable(getattr(state, "play", None))
    ):
        raise TypeError(f"{argument} must be a game position (a State), not {type(state).__name__}")


# ---------------------------------------------------------------------------------------
# Who won, by player (a pie-rule swap exchanges seats, not players)
# ---------------------------------------------------------------------------------------


def _winner(state) -> int | None:
    """The player (see :func:`gamekit.game.player_index`) who won ``state`` alone; ``None``
    if the game is not over, or ended with no single winner."""
    outcome = state.outcome
    if outcome is None or len(outcome.winners) != 1:
        return None
    return player_index(state, outcome.winners[0])


def _seat_of(state, player: int) -> str:
    """The seat that ``player`` (0 for whoever began in ``seats[0]``) plays in ``state``."""
    seats = state.rules.seats
    if state.swapped and len(seats) == 2:
        player = 1 - player
    return seats[player]


# ---------------------------------------------------------------------------------------
# How a player reads a game: the common API, or Coffee's fast internals
# ---------------------------------------------------------------------------------------


class _Generic:
    """Actions are the moves of ``legal_moves()``; playing one is ``state.play``."""

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
        winner = _winner(state)
        return None if winner is None else _seat_of(start, winner)

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
        return any(_winner(cls.apply(state, action)) == me for action in cls.actions(state))


class _Coffee(_Generic):
    """Coffee through (cell index, axis index) pairs, with Coffee's fast interface
    (:func:`gamekit.coffee.legal_pairs` and the rest); ``swap`` stays a :class:`Move`."""

    @staticmethod
    def actions(state) -> list:
        if state.outcome is not None:
            return []
        acts: list[Any] = coffee.legal_pairs(state)
        if state.swap_available:
            acts.append(coffee.Move.swap())
        return acts

    @staticmethod
    def apply(state, action):
        if isinstance(action, coffee.Move):
            return state.play(action)
        return coffee.play_pair(state, *action)

    @staticmethod
    def move(state, action):
        if isinstance(action, coffee.Move):
            return action
        return coffee.pair_move(state, *action)

    @staticmethod
    def rollout(state, rand: random.Random, max_plies: int):
        return coffee.random_rollout(state, rand)

    @staticmethod
    def opponent_can_win(state) -> bool:
        """The same question on bitmasks (:func:`gamekit.coffee.can_win_at_once`)."""
        return coffee.can_win_at_once(state)


class _Gipf(_Generic):
    """GIPF: a turn is a push and the row removals that follow it."""

    @staticmethod
    def turn_starts(state) -> bool:
        return state.phase == "push"


class _HexTiles(_Generic):
    """Hex Tiles: random playouts say little about a move (random placements ruin a
    figure), so the search judges the positions it reaches by their outlook
    (:meth:`outlook`): each figure's score, plus :attr:`run_weight` of the second longest
    run of marked edges on its outer border (a run that may join the longest later), plus
    :attr:`reserve_weight` of the marks of the reserve tiles that fit it, less
    :attr:`dead_weight` for each unmarked edge of the outer border that faces a cell no tile
    can ever fill (:func:`_dead_edges`: it breaks every run through it for good); a lead of
    :attr:`scale` points is worth about three wins in four.

    A turn is several decisions (take a tile, place tiles, say ``done``), so before a leaf
    is judged the player who reached it ends its turn, the move the outlook likes best each
    time (:attr:`settle`): every leaf is judged at the end of a turn, whether it was
    reached by a take or by a placement; then the players play :attr:`turns` more turns the
    same way (on the redealt pool: by default the opponent answers once) before the outlook
    decides. The search tries the untried moves best-liked first (:attr:`prior`).

    With :attr:`depth` above 0 a playout goes on that many moves by a rule of thumb
    (:func:`_hextiles_habit`): place the reserve tile with the most marks, else take the
    market tile with the most marks that fits, else end the turn."""

    #: Playouts go on this many moves by the rule of thumb before the outlook decides.
    depth = 0
    #: A lead of this many points is worth about three wins in four.
    scale = 5.0
    #: A reserve tile that fits the figure counts for this share of its marks.
    reserve_weight = 0.8
    #: The second longest marked run of the outer border counts for this share of its length.
    run_weight = 0.5
    #: Each unmarked edge of the outer border facing a cell that no tile can fill costs this.
    dead_weight = 0.75
    #: Before a leaf is judged, the player who reached it ends its turn greedily.
    settle = True
    #: Then the players play on this many turns, each its own best-liked moves.
    turns = 1
    #: The search first tries the untried move whose position the outlook likes best.
    prior = True

    @classmethod
    def outlook(cls, state, k: int) -> float:
        """Player ``k``'s figure score, plus :attr:`run_weight` of its second longest
        marked run, plus :attr:`reserve_weight` of the marks of its reserve tiles that fit,
        less :attr:`dead_weight` for each dead edge of its outer border (:func:`_dead_edges`).

        >>> from gamekit import hextiles
        >>> state = hextiles.Rules(seed=7).start().play("take 101000")
        >>> _HexTiles.outlook(state, 0)  # the blank starter, and a tile of two marks
        1.6
        """
        from gamekit import hextiles

        figure = state.figures[k]
        fitting = sum(_marks(p) for p in state.reserves[k] if figure.legal_placements(p))
        return (
            hextiles.score(figure).total
            + cls.run_weight * _second_run(figure)
            + cls.reserve_weight * fitting
            - cls.dead_weight * _dead_edges(figure, state.rules.tile_patterns)
        )

    @classmethod
    def _judged(cls, state, me: int) -> tuple[int, float]:
        return _standing(state, me), cls.outlook(state, me)

    @classmethod
    def expand(cls, state, untried: list, rand: random.Random):
        if not cls.prior:
            return untried[rand.randrange(len(untried))]
        me = player_index(state, state.to_move)
        best: list = []
        top = None
        for action in untried:
            key = cls._judged(state.play(action), me)
            if top is None or key > top:
                best, top = [action], key
            elif key == top:
                best.append(action)
        return best[rand.randrange(len(best))] if len(best) > 1 else best[0]

    @classmethod
    def end_turn(cls, state, me: int):
        """``state`` after player ``me``'s further decisions in a row (the rest of its
        turn), the one whose position the outlook likes best each time."""
        return _settle(cls, state, me, lambda child: cls._judged(child, me))

    @classmethod
    def leaf(cls, state, mover: int | None, rand: random.Random, max_plies: int):
        if cls.settle and mover is not None:
            state = cls.end_turn(state, mover)
            for _ in range(cls.turns):
                if state.outcome is not None:
                    break
                state = cls.end_turn(state, player_index(state, state.to_move))
        return cls.playout(state, rand, max_plies)

    @staticmethod
    def rollout(state, rand: random.Random, max_plies: int):
        start = state
        for _ in range(max_plies):
            if state.outcome is not None:
                break
            state = state.play(_hextiles_habit(state, state.legal_moves(), rand))
        winner = _winner(state)
        return None if winner is None else _seat_of(start, winner)

    @classmethod
    def playout(cls, state, rand: random.Random, max_plies: int) -> tuple[float, ...]:
        for _ in range(min(cls.depth, max_plies)):
            if state.outcome is not None:
                break
            state = state.play(_hextiles_habit(state, state.legal_moves(), rand))
        if state.outcome is not None:
            return _Generic.playout(state, rand, 0)
        totals = [cls.outlook(state, k) for k in range(len(state.figures))]
        out = []
        for k, mine in enumerate(totals):
            lead = mine - max(t for j, t in enumerate(totals) if j != k)
            out.append(1.0 / (1.0 + math.exp(-lead / cls.scale)))
        return tuple(out)


#: What the search worked out lately about a figure, by ``(work, id(figure))``:
#: ``(figure, args, answer)`` (holding the figure keeps its ``id`` in use); see
#: :func:`_remembered`.
_FIGURE_FACTS: dict[tuple[Any, int], tuple[Any, tuple, int]] = {}
_FIGURE_FACTS_KEPT = 8192


def _remembered(work: Callable[..., int], figure, *args) -> int:
    """``work(figure, *args)``, worked out once for a figure while it is remembered: a
    search judges the same (immutable) figures again and again."""
    key = (work, id(figure))
    known = _FIGURE_FACTS.get(key)
    if known is not None and known[0] is figure and known[1] == args:
        return known[2]
    answer = work(figure, *args)
    if len(_FIGURE_FACTS) >= _FIGURE_FACTS_KEPT:
        _FIGURE_FACTS.clear()
    _FIGURE_FACTS[key] = (figure, args, answer)
    return answer


def _second_run(figure) -> int:
    """The length of the second longest run of marked edges on ``figure``'s outer border
    (0 if it has fewer than two).

    >>> from gamekit import hextiles
    >>> figure = hextiles.Figure({(0, 0): "000000", (0, 1): "111000", (0, -1): "000110"})
    >>> hextiles.score(figure).border, _second_run(figure)  # runs of 3 and 2 marked edges
    (3, 2)
    """
    return _remembered(_count_second_run, figure)


def _count_second_run(figure) -> int:
    from gamekit import hextiles

    flags = [figure.marked_edge(edge) for edge in hextiles.score(figure).outer]
    runs = [0, 0]
    if not all(flags):
        start = flags.index(False)
        run = 0
        for flag in flags[start + 1 :] + flags[: start + 1]:
            if flag:
                run += 1
            elif run:
                runs.append(run)
                run = 0
    return sorted(runs)[-2]


def _dead_edges(figure, patterns) -> int:
    """How many unmarked edges of ``figure``'s outer border face a cell where no tile of
    ``patterns`` can ever go (a mark of the figure faces that cell, or it is walled in): no
    marked run can pass such an edge, now or later.

    >>> from gamekit import hextiles
    >>> figure = hextiles.Figure({(0, 0): "000000", (0, 1): "011000"})
    >>> _dead_edges(figure, hextiles.PATTERNS)  # (1,0) faces a mark: the starter's edge to it
    1
    """
    return _remembered(_count_dead_edges, figure, patterns)


def _count_dead_edges(figure, patterns) -> int:
    from gamekit import hextiles

    fillable = set(figure.open_cells(patterns))
    dead = 0
    for edge in hextiles.score(figure).outer:
        if not figure.marked_edge(edge):
            (q, r), side = edge
            dq, dr = hextiles.HEX_DIRECTIONS[side]
            if (q + dq, r + dr) not in fillable:
                dead += 1
    return dead


def _marks(pattern: str) -> int:
    return pattern.count("1")


def _hextiles_habit(state, moves: list, rand: random.Random):
    """The playout move of :class:`_HexTiles` among ``moves``."""
    best: list = []
    top = 0
    for m in moves:
        if m.kind == "place":
            value = _marks(m.pattern)
            if value > top:
                best, top = [m], value
            elif value == top:
                best.append(m)
    if best:
        return best[rand.randrange(len(best))]
    takes = [m for m in moves if m.kind == "take"]
    if takes:
        figure = state.figure()
        keys = [(bool(figure.legal_placements(m.pattern)), _marks(m.pattern)) for m in takes]
        high = max(keys)
        takes = [m for m, k in zip(takes, keys, strict=True) if k == high]
        return takes[rand.randrange(len(takes))]
    return moves[-1]  # done


def _adapter(state):
    # Coffee's shortcuts know Coffee's own rules only, not a variant's extra rule
    if isinstance(state, coffee.State):
        return _Coffee if state.rules.plain else _Generic
    try:
        names = lineage(state)
    except TypeError:
        return _Generic
    return _ADAPTERS.get(next((n for n in names if n in _ADAPTERS), ""), _Generic)


#: Games whose players read them in their own way (by game name; a variant uses the one of
#: the game it extends).
_ADAPTERS: dict[str, type[_Generic]] = {"hextiles": _HexTiles, "gipf": _Gipf}


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
        _position(state)
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

    >>> EVALUATIONS["gipf"]
    Evaluation(_gipf_value, settle=True)
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


def _gipf_value(state, seat: str) -> float:
    """GIPF: pieces in the reserve, the opponent's pieces captured (twice) and GIPF pieces
    on the board, each for the player and against the opponent."""
    other = next(s for s in state.rules.seats if s != seat)
    return (
        state.reserve(seat)
        - state.reserve(other)
        + 2 * (state.captured(other) - state.captured(seat))
        + len(state.gipf_pieces(seat))
        - len(state.gipf_pieces(other))
    )


@lru_cache(maxsize=1)
def _gipf_tables() -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, ...], ...]]:
    """GIPF's spots with their nearness to the centre (3 the centre spot .. 0 the edge
    spots), and its lines."""
    from gamekit import gipf

    near = tuple((gipf.GRID.index(spot), 3 - gipf.ring(spot)) for spot in gipf.SPOTS)
    return near, gipf.LINES


#: What the GIPF outlook gives a piece for each step nearer the centre, and a run of
#: exactly three pieces of one colour along a line (one push from a row).
GIPF_CENTRE_WEIGHT = 0.1
GIPF_THREE_WEIGHT = 0.3


def _gipf_outlook(state, seat: str) -> float:
    """GIPF, for a search: :func:`_gipf_value` (the pieces), plus a little for pieces near
    the centre (they lie on longer lines, and are harder to push away) and for runs of
    three pieces of one colour in a line (a row in waiting), each for the player and
    against the opponent."""
    near, lines = _gipf_tables()
    board = state.board
    centre = 0
    for spot, weight in near:
        v = board[spot]
        if v:
            centre += weight if v > 0 else -weight
    threes = 0
    for line in lines:
        run = last = 0
        for spot in line:
            v = board[spot]
            sign = (v > 0) - (v < 0)
            if sign and sign == last:
                run += 1
            else:
                if run == 3:
                    threes += last
                run, last = (1 if sign else 0), sign
        if run == 3:
            threes += last
    shape = GIPF_CENTRE_WEIGHT * centre + GIPF_THREE_WEIGHT * threes
    return _gipf_value(state, seat) + (shape if seat == "white" else -shape)


def _hextiles_outlook(state, seat: str) -> float:
    """Hex Tiles, for a search: the outlook of the seat's figure (:meth:`_HexTiles.outlook`:
    its score, and what its border and reserve promise)."""
    return _HexTiles.outlook(state, player_index(state, seat))


def _fits(figure, marks: str) -> bool:
    return bool(figure.legal_placements(marks))


def _hextiles_value(state, seat: str) -> float:
    """Hex Tiles: the score of the player's figure; then, by far less, the marks of its
    reserve tiles that fit the figure now (so it takes a market tile it can place), then
    the marks of the others."""
    from gamekit import hextiles

    figure = state.figure(seat)
    fitting = other = 0
    for marks in state.reserve(seat):
        if _fits(figure, marks):
            fitting += marks.count("1")
        else:
            other += marks.count("1")
    return hextiles.score(figure).total + 1e-3 * fitting + 1e-6 * other


#: The simple player's evaluation of each game, by game name (a variant uses the one of the
#: game it extends). A game not listed is judged by its outcome alone: a win if there is one.
EVALUATIONS: FrozenMap[str, Evaluation] = FrozenMap(
    {
        "gipf": Evaluation(_gipf_value, settle=True),
        "hextiles": Evaluation(_hextiles_value),
    }
)
#: The evaluation a search (:class:`AlphaBetaPlayer`) judges its horizon by, where it is
#: not the simple player's: a game's outlook, which also weighs what may come.
SEARCH_EVALUATIONS: FrozenMap[str, Evaluation] = FrozenMap(
    {
        "gipf": Evaluation(_gipf_outlook),
        "hextiles": Evaluation(_hextiles_outlook, settle=True),
    }
)
_BY_OUTCOME = Evaluation(_outcome_value)
#: At most this many own decisions in a row are settled after a move.
_SETTLE_LIMIT = 64


def _names(state) -> tuple[str, ...]:
    """The names of the game of ``state`` and of the games it extends (none if unknown)."""
    try:
        return lineage(state)
    except TypeError:
        return ()


def _evaluation(state) -> Evaluation:
    return next((EVALUATIONS[n] for n in _names(state) if n in EVALUATIONS), _BY_OUTCOME)


def _search_evaluation(state) -> Evaluation:
    """The game's outlook for a search (:data:`SEARCH_EVALUATIONS`), else its evaluation."""
    names = _names(state)
    found = next((SEARCH_EVALUATIONS[n] for n in names if n in SEARCH_EVALUATIONS), None)
    return found if found is not None else _evaluation(state)


def _standing(state, me: int) -> int:
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
    return _standing(state, me), float(evaluation.value(state, _seat_of(state, me)))


def _settle(ad, state, me: int, judge: Callable[[Any], Any]):
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
    (:data:`EVALUATIONS`) likes the position best. A win comes first, then a shared win,
    then the highest value, a loss last; ties are broken at random. Where the evaluation
    settles (GIPF), the player's own further decisions of the same turn (the row removals
    after a push) are made, the best one each time, before the position is judged.

    In GIPF it counts pieces (reserve, captures and GIPF pieces); in Hex Tiles it scores
    its figure (so it places the tile that raises its score most, and otherwise takes a
    market tile that fits); in other games it wins when it can.

    ``safe=True`` (the ``"beginner"`` level) also looks at the opponent's answers: after a
    win, it prefers the moves after which the opponent cannot win at once (as
    :class:`GreedyPlayer` does), and judges only those. ``outlook=True`` judges by the
    game's outlook for a search instead (:data:`SEARCH_EVALUATIONS`; in Hex Tiles, what the
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
            child = _settle(ad, child, me, lambda c: _judge(c, me, evaluation))
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
                (wins if _winner(child) == me else rest).append(action)
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
        c = _real(c, "c", 0.0)
        max_playout = _whole(max_playout, "max_playout", 1)
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
    (:data:`SEARCH_EVALUATIONS`, else :data:`EVALUATIONS`). A win found in the search is
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
        depth = _whole(depth, "depth", 1)
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
        self._seat = [_seat_of(state, k) for k in range(2)]
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
        standing = _standing(state, self._me) if state.outcome is not None else 1
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
        candidates = _whole(candidates, "candidates", 1)
        rollouts = _whole(rollouts, "rollouts", 1)
        if seconds is not None:
            seconds = _real(seconds, "seconds", MIN_SECONDS)
        if turns is not None:
            turns = _whole(turns, "turns", 1)
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


def _roaster_policy(name: str) -> Callable[..., Any]:
    from gamekit.roaster import challenge

    return getattr(challenge, name)


def _random_level(game: tuple[str, ...], seed: Seed, budget: dict[str, Any]) -> Player:
    return RandomPlayer(seed=seed)


def _beginner_level(game: tuple[str, ...], seed: Seed, budget: dict[str, Any]) -> Player:
    if "roaster" in game:
        return PolicyPlayer(_roaster_policy("simple_player"), seed=seed)
    return SimplePlayer(safe=True, seed=seed)


#: The search levels' settings that differ by game (a variant uses its game's): Hex Tiles'
#: playouts end in an evaluation, whose values lie close together, so its search explores
#: less (a smaller ``c``).
SEARCH_OPTIONS: FrozenMap[str, FrozenMap[str, Any]] = FrozenMap({"hextiles": FrozenMap(c=0.35)})


#: The games whose search levels look a fixed number of turns ahead
#: (:class:`AlphaBetaPlayer`), with each level's depth: in GIPF a random game says little
#: about a position (its result is close to a coin toss), so Monte Carlo search learns little
#: from its playouts, while a look two or three turns ahead, judged by the pieces and the
#: shape of the board, plays far better (``docs/levels.md``).
ALPHABETA_DEPTHS: FrozenMap[str, FrozenMap[str, int]] = FrozenMap(
    {"gipf": FrozenMap(club=2, strong=3)}
)


#: The games whose club level looks one turn ahead and judges by the game's outlook
#: (:class:`SimplePlayer` with ``outlook=True``): in Hex Tiles that judgement does most of
#: the work, and a Monte Carlo search over it was barely stronger (``docs/levels.md``).
OUTLOOK_CLUB: frozenset[str] = frozenset({"hextiles"})

#: The games whose strong level is a :class:`RolloutPlayer` that plays the club's judgement
#: on from its best moves, with its settings: in Hex Tiles, the four best-liked moves played
#: on eight times each, five turns deep (about two rounds), on redealt pools.
ROLLOUT_STRONG: FrozenMap[str, FrozenMap[str, int]] = FrozenMap(
    {"hextiles": FrozenMap(candidates=4, rollouts=8, turns=5)}
)


def _search_level(level: str, seconds: float, cap: int, roaster_policy: str):
    def make(game: tuple[str, ...], seed: Seed, budget: dict[str, Any]) -> Player:
        if "roaster" in game:
            return PolicyPlayer(_roaster_policy(roaster_policy), seed=seed)
        if level == "club" and OUTLOOK_CLUB.intersection(game):
            return SimplePlayer(safe=True, outlook=True, seed=seed)
        rollout = next((ROLLOUT_STRONG[n] for n in game if n in ROLLOUT_STRONG), None)
        if level == "strong" and rollout is not None:
            settings = dict(rollout)
            count, clock = budget.get("iterations"), budget.get("seconds")
            if count is not None:  # rollouts in all: so many for each candidate
                settings["rollouts"] = -(-count // settings["candidates"])
            elif clock is None:
                clock = seconds
            return RolloutPlayer(**settings, seconds=clock, seed=seed)
        depths = next((ALPHABETA_DEPTHS[n] for n in game if n in ALPHABETA_DEPTHS), None)
        if depths is not None:
            # its moves depend on the seed only, unless the clock cuts a long search short
            nodes, clock = budget.get("iterations"), budget.get("seconds")
            if clock is None and nodes is None:
                clock = seconds
            return AlphaBetaPlayer(depth=depths[level], nodes=nodes, seconds=clock, seed=seed)
        options: Mapping[str, Any] = next(
            (SEARCH_OPTIONS[n] for n in game if n in SEARCH_OPTIONS), FrozenMap()
        )
        iterations = budget.get("iterations") or cap
        if budget.get("seconds") is None and budget.get("iterations") is not None:
            # a fixed budget: no clock, so only the seed decides the moves
            return MCTSPlayer(iterations=iterations, seed=seed, **options)
        clock = budget.get("seconds") or seconds
        return MCTSPlayer(iterations=iterations, seconds=clock, seed=seed, **options)

    return make


@dataclass(frozen=True)
class Level:
    """A level of play: its ``name``, a line for learners (``help``), and how it plays
    each game (``make(game, seed, budget)``, ``game`` being the names of
    :func:`gamekit.game.lineage`). Calling a level gives its :class:`LevelPlayer`.

    >>> LEVELS["club"](seed=1)
    LevelPlayer('club', seed=1)
    >>> LEVELS["beginner"]
    Level('beginner')
    """

    name: str
    help: str
    make: Callable[[tuple[str, ...], Seed, dict[str, Any]], Player]

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
            _search_level("club", CLUB_SECONDS, CLUB_ITERATIONS, "roast_level_player"),
        ),
        Level(
            "strong",
            f"thinks up to {STRONG_SECONDS:g} s a move: searches further ahead than the "
            "club, through your answers; in Coffee Roaster it weighs the exact odds of the bag",
            _search_level("strong", STRONG_SECONDS, STRONG_ITERATIONS, "odds_player"),
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
        _position(state)
        try:
            game = lineage(state)
        except TypeError:
            game = ()
        player = self._players.get(game)
        if player is None:
            budget = {"iterations": self.iterations, "seconds": self.seconds}
            player = LEVELS[self.level].make(game, self.rng, budget)
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
