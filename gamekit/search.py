"""The computer players that search: Monte Carlo tree search (:class:`MCTSPlayer`),
alpha-beta search a fixed number of turns ahead (:class:`AlphaBetaPlayer`) and rollouts of
the best-liked moves (:class:`RolloutPlayer`). Each reads a game through the contract and its
strategy (:mod:`gamekit.players`: its reader, evaluation and outlook); they are importable
from :mod:`gamekit.players` too.

>>> MCTSPlayer(iterations=50, seed=1)
MCTSPlayer(iterations=50, seed=1)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any

from gamekit.checks import real, whole
from gamekit.game import player_index
from gamekit.playing import (
    DEFAULT_ITERATIONS,
    MIN_SECONDS,
    Evaluation,
    Player,
    Seed,
    best_of,
    budget_caps,
    keyed_moves,
    outlook_of,
    reader_for,
    seat_of,
    standing_of,
)

__all__ = ["MCTSPlayer", "AlphaBetaPlayer", "RolloutPlayer"]


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
        iterations, seconds = budget_caps(iterations, "iterations", seconds)
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
        self._totals: list[float] = []
        self._root: Any = None

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
        ad = reader_for(state)
        actions = ad.actions(state)
        if len(actions) == 1:
            self.last_iterations = 0
            return ad.move(state, actions[0])
        if ad.hidden(state):
            return ad.move(state, self._search_unseen(state, ad))
        return ad.move(state, self._search(state, ad))

    def analyse(self, state: Any) -> tuple[tuple[float, ...], list[tuple[Any, int, float]]]:
        """What the search makes of ``state`` (its budget of playouts), as Ludii reads a
        UCT search to judge positions: each player's mean worth over the playouts (by
        :func:`gamekit.game.player_index`; a win 1, no single winner ½), and for each move
        searched (move, playouts through it, its mean worth to the player who makes it).

        >>> from gamekit import coffee
        >>> worth, moves = MCTSPlayer(iterations=40, seed=1).analyse(coffee.Rules(size=3).start())
        >>> round(sum(worth), 6), len(moves) <= 40
        (1.0, True)

        Raises:
            TypeError: ``state`` is not a game position.
            ValueError: the game is over.
        """
        self._check(state)
        ad = reader_for(state)
        count = len(state.rules.seats)
        self._totals = [0.0] * count
        if ad.hidden(state):
            self._search_unseen(state, ad)
            root = self._root
            moves = [(ad.move(state, a), ch.n, ch.w / ch.n) for a, ch in root.children.items()]
        else:
            self._search(state, ad)
            root = self._root
            moves = [(ad.move(state, ch.action), ch.n, ch.w / ch.n) for ch in root.children]
        done = max(self.last_iterations, 1)
        return tuple(t / done for t in self._totals), moves

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
            if self._totals:
                for k, w in enumerate(worth):
                    self._totals[k] += w
            # back-propagation
            while node.parent is not None:
                node.n += 1
                node.w += worth[node.mover]
                node = node.parent
            node.n += 1
            done += 1
        self.last_iterations = done
        self._root = root
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
            if self._totals:
                for k, w in enumerate(worth):
                    self._totals[k] += w
            root.n += 1
            for node in path[1:]:
                node.n += 1
                node.w += worth[node.mover]
            done += 1
        self.last_iterations = done
        self._root = root
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
        nodes, seconds = budget_caps(nodes, "nodes", seconds)
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
        ad = reader_for(state)
        if ad.hidden(state):
            raise ValueError("the alpha-beta player needs a game where nothing is hidden")
        self._ad = ad
        self._me = player_index(state, state.to_move)
        self._value = outlook_of(state).value
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
        ad = reader_for(state)
        evaluation = outlook_of(state)
        keyed = keyed_moves(ad, state, evaluation, True)
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
            best = best_of(keyed_moves(ad, state, evaluation, True))
            state = ad.apply(state, best[rand.randrange(len(best))] if len(best) > 1 else best[0])
            if state.to_move != mover:
                mover, turns = state.to_move, turns + 1
        return state
