"""How the computer plays Hex Tiles: random placements ruin a figure, so a search judges the
positions it reaches by their outlook (the figure's score, and what its border and reserve
promise); the beginner scores its figure; club looks one turn ahead by the outlook; strong
plays the club's best-liked moves on a few turns (``docs/levels.md`` has the measurements).

>>> STRATEGY.levels["strong"]  # doctest: +ELLIPSIS
<function rollout_level.<locals>.make at ...>
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from gamekit import hextiles
from gamekit.game import FrozenMap, player_index
from gamekit.players import (
    Evaluation,
    Reader,
    Strategy,
    outlook_level,
    rollout_level,
    seat_of,
    settle,
    sole_winner,
    standing_of,
)

__all__ = ["HexTilesReader", "STRATEGY"]


class HexTilesReader(Reader):
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

            >>> state = hextiles.Rules(seed=7).start().play("take 101000")
        >>> HexTilesReader.outlook(state, 0)  # the blank starter, and a tile of two marks
        1.6
        """
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
        return standing_of(state, me), cls.outlook(state, me)

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
        return settle(cls, state, me, lambda child: cls._judged(child, me))

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
        winner = sole_winner(state)
        return None if winner is None else seat_of(start, winner)

    @classmethod
    def playout(cls, state, rand: random.Random, max_plies: int) -> tuple[float, ...]:
        for _ in range(min(cls.depth, max_plies)):
            if state.outcome is not None:
                break
            state = state.play(_hextiles_habit(state, state.legal_moves(), rand))
        if state.outcome is not None:
            return Reader.playout(state, rand, 0)
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

    >>> figure = hextiles.Figure({(0, 0): "000000", (0, 1): "111000", (0, -1): "000110"})
    >>> hextiles.score(figure).border, _second_run(figure)  # runs of 3 and 2 marked edges
    (3, 2)
    """
    return _remembered(_count_second_run, figure)


def _count_second_run(figure) -> int:
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

    >>> figure = hextiles.Figure({(0, 0): "000000", (0, 1): "011000"})
    >>> _dead_edges(figure, hextiles.PATTERNS)  # (1,0) faces a mark: the starter's edge to it
    1
    """
    return _remembered(_count_dead_edges, figure, patterns)


def _count_dead_edges(figure, patterns) -> int:
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
    """The playout move of :class:`HexTilesReader` among ``moves``."""
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


def _hextiles_outlook(state, seat: str) -> float:
    """Hex Tiles, for a search: the outlook of the seat's figure (:meth:`HexTilesReader.outlook`:
    its score, and what its border and reserve promise)."""
    return HexTilesReader.outlook(state, player_index(state, seat))


def _fits(figure, marks: str) -> bool:
    return bool(figure.legal_placements(marks))


def _hextiles_value(state, seat: str) -> float:
    """Hex Tiles: the score of the player's figure; then, by far less, the marks of its
    reserve tiles that fit the figure now (so it takes a market tile it can place), then
    the marks of the others."""
    figure = state.figure(seat)
    fitting = other = 0
    for marks in state.reserve(seat):
        if _fits(figure, marks):
            fitting += marks.count("1")
        else:
            other += marks.count("1")
    return hextiles.score(figure).total + 1e-3 * fitting + 1e-6 * other


#: Hex Tiles' strategy: its reader, the figure's score for the beginner, the outlook for a
#: search; club one turn ahead by the outlook, strong the four best-liked moves played on
#: eight times each, five turns deep (about two rounds), on redealt pools. A Monte Carlo
#: search of Hex Tiles (``MCTSPlayer(**STRATEGY.search)``; no level plays one) explores
#: less, as the outlook's values lie close together.
STRATEGY = Strategy(
    reader=HexTilesReader,
    evaluation=Evaluation(_hextiles_value),
    outlook=Evaluation(_hextiles_outlook, settle=True),
    search=FrozenMap(c=0.35),
    levels=FrozenMap(club=outlook_level(), strong=rollout_level(candidates=4, rollouts=8, turns=5)),
)
