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

from gamekit.levels import (
    DEFAULT_LEVEL,
    LEVEL_HELP,
    LEVEL_NAMES,
    LEVELS,
    OLD_LEVELS,
    Level,
    LevelPlayer,
    alphabeta_level,
    computer_seats,
    make_opponent,
    make_player,
    outlook_level,
    plays_now,
    policy_level,
    rollout_level,
)
from gamekit.playing import (
    CLUB_ITERATIONS,
    CLUB_SECONDS,
    DEFAULT_ITERATIONS,
    MAX_PLAYER_SEED,
    MIN_SECONDS,
    STRONG_ITERATIONS,
    STRONG_SECONDS,
    Budget,
    Evaluation,
    GreedyPlayer,
    LevelRecipe,
    Player,
    PolicyPlayer,
    RandomPlayer,
    Reader,
    Seed,
    SimplePlayer,
    Strategy,
    best_of,
    budget_caps,
    checked_seed,
    evaluation_of,
    judged,
    keyed_moves,
    outlook_of,
    reader_for,
    seat_of,
    settle,
    sole_winner,
    standing_of,
    strategy,
)
from gamekit.search import AlphaBetaPlayer, MCTSPlayer, RolloutPlayer

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
    "CLUB_ITERATIONS",
    "MAX_PLAYER_SEED",
    "MIN_SECONDS",
    "STRONG_ITERATIONS",
    "LevelRecipe",
    "Seed",
    "best_of",
    "budget_caps",
    "checked_seed",
    "evaluation_of",
    "judged",
    "keyed_moves",
    "outlook_of",
    "reader_for",
]
