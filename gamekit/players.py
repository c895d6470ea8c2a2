"""Computer players that work on every game through the common state API.

A player has one method, ``player.choose(state) -> move``: it reads ``state.to_move``,
``state.legal_moves()``, ``state.play(move)`` and ``state.outcome`` (with its ``winner``),
and nothing else, so it plays Coffee, GIPF (removal decisions included: they are moves
too) and Hex Tiles alike. Every player takes a ``seed``: the same seed gives the same moves.

- :class:`RandomPlayer` picks uniformly among the legal moves.
- :class:`GreedyPlayer` takes a win when it has one, and otherwise avoids a move after which
  the opponent can win at once (in Coffee: by a line, or by leaving it blocked).
- :class:`MCTSPlayer` is Monte Carlo tree search (UCT) with random playouts, with a budget in
  iterations or in seconds.

>>> from gamekit import coffee
>>> state = coffee.Rules(board="square", size=5).start()
>>> RandomPlayer(seed=1).choose(state)
Move.parse('c2\\\\')
>>> MCTSPlayer(iterations=50, seed=1)
MCTSPlayer(iterations=50, seed=1)

For Coffee the players use private fast paths of :mod:`gamekit.coffee` (cell and axis
numbers instead of notation); they choose exactly among ``state.legal_moves()``.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

import numpy as np

from gamekit import coffee

__all__ = [
    "Player",
    "RandomPlayer",
    "GreedyPlayer",
    "MCTSPlayer",
    "PolicyPlayer",
    "LEVELS",
    "make_player",
    "DEFAULT_ITERATIONS",
]

#: The MCTS budget at the default level (iterations per move).
DEFAULT_ITERATIONS = 400


# ---------------------------------------------------------------------------------------
# How a player reads a game: the common API, or Coffee's fast internals
# ---------------------------------------------------------------------------------------


class _Generic:
    """Actions are the moves of ``legal_moves()``; playing one is ``state.play``."""

    @staticmethod
    def actions(state) -> list:
        return state.legal_moves() if state.outcome is None else []

    @staticmethod
    def apply(state, action):
        return state.play(action)

    @staticmethod
    def move(state, action):
        return action

    @staticmethod
    def rollout(state, rand: random.Random, max_plies: int):
        """The winner after random play from ``state`` (``None``: draw or no end in
        ``max_plies``)."""
        for _ in range(max_plies):
            outcome = state.outcome
            if outcome is not None:
                return outcome.winner
            moves = state.legal_moves()
            state = state.play(moves[rand.randrange(len(moves))])
        outcome = state.outcome
        return None if outcome is None else outcome.winner

    @classmethod
    def opponent_can_win(cls, state) -> bool:
        """Whether the player to move in ``state`` has a move that wins at once."""
        me = state.to_move
        for action in cls.actions(state):
            outcome = cls.apply(state, action).outcome
            if outcome is not None and outcome.winner == me:
                return True
        return False


class _Coffee(_Generic):
    """Coffee through (cell index, axis index) pairs; ``swap`` stays a :class:`Move`."""

    @staticmethod
    def actions(state) -> list:
        if state.outcome is not None:
            return []
        acts: list[Any] = list(state._legal())
        if state.swap_available:
            acts.append(coffee.Move.swap())
        return acts

    @staticmethod
    def apply(state, action):
        if isinstance(action, coffee.Move):
            return state.play(action)
        return state._play_unchecked(*action)

    @staticmethod
    def move(state, action):
        if isinstance(action, coffee.Move):
            return action
        i, a = action
        return coffee.Move(state.grid.label(i), state._t.axes[a])

    @staticmethod
    def rollout(state, rand: random.Random, max_plies: int):
        return coffee._rollout(state, rand)

    @staticmethod
    def opponent_can_win(state) -> bool:
        """The same question on bitmasks: a cell on the given line that completes a line,
        or a reply whose rod leaves exactly one empty cell on which the next player is
        stuck (and does not win)."""
        if state.outcome is not None:
            return state.outcome.winner == state.to_move
        t = state._t
        rules = state.rules
        windows = coffee._windows(rules.board, rules.size, rules.n)
        if state.to_move == "black":
            mine, theirs = state._black, state._orange
        else:
            mine, theirs = state._orange, state._black
        occupied = mine | theirs
        line_mask, n_axes = t.line_mask, len(t.axes)
        targets = state._targets()
        for j in coffee._bits(targets):
            grown = mine | (1 << j)
            if any(grown & w == w for w in windows[j]):
                return True
        for j in coffee._bits(targets):
            after = occupied | (1 << j)
            for b in range(n_axes):
                rest = line_mask[j][b] & ~after
                if not rest or rest & (rest - 1):
                    continue  # illegal rod, or two or more empty cells: never a block
                k = rest.bit_length() - 1
                grown = theirs | rest
                if any(grown & w == w for w in windows[k]):
                    continue  # the stuck player would win there
                full = after | rest
                if not any(line_mask[k][c] & ~full for c in range(n_axes)):
                    return True
        return False


def _adapter(state):
    return _Coffee if isinstance(state, coffee.State) else _Generic


# ---------------------------------------------------------------------------------------
# Players
# ---------------------------------------------------------------------------------------


class Player:
    """Base class: a seeded numpy ``Generator`` in ``self.rng`` and a stable ``repr``."""

    name = "player"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = np.random.default_rng(seed)

    def _options(self) -> dict[str, Any]:
        return {}

    def with_seed(self, seed) -> Player:
        """The same player (same options) with a fresh generator from ``seed``."""
        return type(self)(**self._options(), seed=seed)

    def choose(self, state):  # pragma: no cover - abstract
        raise NotImplementedError

    def __repr__(self) -> str:
        opts = dict(self._options())
        if not isinstance(self.seed, np.random.SeedSequence):
            opts["seed"] = self.seed
        args = ", ".join(f"{k}={v!r}" for k, v in opts.items())
        return f"{type(self).__name__}({args})"

    def _pick(self, items: list):
        return items[int(self.rng.integers(len(items)))]

    @staticmethod
    def _check(state) -> None:
        if state.outcome is not None:
            raise ValueError(f"the game is over ({state.outcome.reason}): no move to choose")


class RandomPlayer(Player):
    """Picks uniformly among ``state.legal_moves()``."""

    name = "random"

    def choose(self, state):
        self._check(state)
        return self._pick(state.legal_moves())


class GreedyPlayer(Player):
    """Looks one move ahead, and at the opponent's answers.

    It takes a winning move when it has one (uniformly among them). Otherwise it prefers
    moves after which the opponent has no move that wins at once; among those it picks at
    random. A move that is a decision inside its own turn (the same player moves next, as
    in GIPF's removals) counts as safe. If every move loses, any move will do.
    """

    name = "greedy"

    def choose(self, state):
        self._check(state)
        ad = _adapter(state)
        me = state.to_move
        wins, safe, rest = [], [], []
        for action in ad.actions(state):
            child = ad.apply(state, action)
            outcome = child.outcome
            if outcome is not None:
                (wins if outcome.winner == me else rest).append(action)
            elif child.to_move == me or not ad.opponent_can_win(child):
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
        self.mover = mover  # who chose the action leading here
        self.children: list[_Node] = []
        self.untried = untried
        self.n = 0
        self.w = 0.0


class MCTSPlayer(Player):
    """Monte Carlo tree search with UCT selection and uniformly random playouts.

    ``iterations`` playouts per move (default :data:`DEFAULT_ITERATIONS`), or a time budget
    of ``seconds`` per move (then ``iterations`` is a cap, unlimited if not given). ``c`` is
    the exploration constant. A playout scores 1 for the winner, ½ each for a draw or a
    game not over after ``max_playout`` moves. Each node keeps the score of the player who
    chose the move leading to it, so the search also works when one player makes several
    decisions in a row (GIPF's removals) and with more than two players (Hex Tiles).
    The move played is the one searched most.
    """

    name = "mcts"

    def __init__(
        self,
        iterations: int | None = None,
        seconds: float | None = None,
        c: float = 1.4,
        max_playout: int = 2000,
        seed: int | None = None,
    ) -> None:
        super().__init__(seed)
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be positive, not {seconds}")
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

    def choose(self, state):
        self._check(state)
        ad = _adapter(state)
        root = _Node(state, None, None, None, self._untried(ad, state))
        if len(root.untried) == 1:
            self.last_iterations = 0
            return ad.move(state, root.untried[0])
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        cap = self.iterations if self.iterations is not None else math.inf
        rand, c, log = self._rand, self.c, math.log
        done = 0
        while done < cap and (deadline is None or time.perf_counter() < deadline):
            node = root
            # selection
            while not node.untried and node.children:
                scale = c * math.sqrt(log(node.n))
                best, best_value = None, -1.0
                for child in node.children:
                    value = child.w / child.n + scale / math.sqrt(child.n)
                    if value > best_value:
                        best, best_value = child, value
                node = best
            # expansion
            if node.untried:
                action = node.untried.pop()
                child_state = ad.apply(node.state, action)
                child = _Node(
                    child_state, node, action, node.state.to_move, self._untried(ad, child_state)
                )
                node.children.append(child)
                node = child
            # playout
            winner = ad.rollout(node.state, rand, self.max_playout)
            # back-propagation
            while node is not None:
                node.n += 1
                if winner is None:
                    node.w += 0.5
                elif winner == node.mover:
                    node.w += 1.0
                node = node.parent
            done += 1
        self.last_iterations = done
        best = max(root.children, key=lambda ch: ch.n)
        return ad.move(state, best.action)


class PolicyPlayer(Player):
    """A fixed rule of play, for solo games such as Coffee Roaster: ``policy(state,
    **options)`` returns the move. ``PolicyPlayer(roaster.simple_player, stop_round=6)``
    roasts until round 6 and then stops.

    >>> def first(state):
    ...     return state.legal_moves()[0]
    >>> PolicyPlayer(first)
    PolicyPlayer(first)
    """

    name = "policy"

    def __init__(self, policy, seed: int | None = None, **options) -> None:
        super().__init__(seed)
        self.policy = policy
        self.options = options

    def with_seed(self, seed) -> PolicyPlayer:
        return PolicyPlayer(self.policy, seed=seed, **self.options)

    def choose(self, state):
        self._check(state)
        return self.policy(state, **self.options)

    def __repr__(self) -> str:
        args = [getattr(self.policy, "__name__", repr(self.policy))]
        args += [f"{k}={v!r}" for k, v in self.options.items()]
        return f"PolicyPlayer({', '.join(args)})"


#: The levels offered by the boards' "play against the computer" option.
LEVELS = {"random": RandomPlayer, "greedy": GreedyPlayer, "mcts": MCTSPlayer}


def make_player(level: str | Player, seed: int | None = None) -> Player:
    """A player from a level name (``"random"``, ``"greedy"``, ``"mcts"``), or the player
    itself if one is given.

    >>> make_player("greedy", seed=3)
    GreedyPlayer(seed=3)
    """
    if isinstance(level, Player):
        return level
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; the levels are " + ", ".join(LEVELS))
    return LEVELS[level](seed=seed)
