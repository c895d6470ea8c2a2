"""Coffee's openings, measured: Black's share after each first stone (with the batch engine),
and games where Black opens with a chosen stone and Orange may swap (the pie rule). Lesson 13
reads the first-player advantage and the pie rule from these.

>>> OPENINGS
('random', 'strongest', 'fairest')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import numpy as np

from gamekit import coffee
from gamekit.checks import whole
from gamekit.coffee.batch import play_random, supports
from gamekit.players import Player, Seed
from gamekit.sim import Results, play_many
from gamekit.stats import Z95, Interval, share

__all__ = ["OPENINGS", "opening_shares", "play_openings"]


def opening_shares(
    rules: coffee.Rules, games: int, seed: int | None = 0, z: float = Z95
) -> dict[str, Interval]:
    """Coffee: for every legal first move, Black's share of ``games`` random games played on
    from it (Wilson intervals; ``z`` as in :func:`wilson`), keyed by the move's notation,
    with the fast batch engine. A pie-rule swap changes who plays which colour, not the
    stones: the estimates are those of the game without it. The same ``seed`` plays the
    same games, whatever ``z``.

    >>> from gamekit import coffee
    >>> shares = opening_shares(coffee.Rules(board="hex", size=3), 200, seed=1)
    >>> len(shares), shares["c3|"]
    (57, Interval(0.607, 0.675, 0.736))

    Raises:
        TypeError: ``rules`` are not Coffee's, ``games`` or ``seed`` not a whole number.
        ValueError: ``games`` below 1, ``z`` not a positive number, or a board or variant
            the batch engine does not play (more than 64 cells).
    """
    if not isinstance(rules, coffee.Rules):
        raise TypeError(f"rules must be coffee.Rules, not {rules!r}")
    games = whole(games, "games")
    if games < 1:
        raise ValueError("games must be 1 or more")
    plain = replace(rules, pie_rule=False)
    if not supports(plain):
        raise ValueError(
            "opening_shares plays with the batch engine, which handles Coffee's own rules on "
            f"boards of at most 64 cells (hexhex up to size 5, square up to 8), not {plain!r}"
        )
    start = plain.start()
    moves = start.legal_moves()
    seeds = np.random.SeedSequence(seed).spawn(len(moves))
    return {
        str(move): share(play_random(start.play(move), games, seed=s).winner == 0, z)
        for move, s in zip(moves, seeds, strict=True)
    }


#: The ways :func:`play_openings` lets Black choose the first stone, besides a move.
OPENINGS = ("random", "strongest", "fairest")


class _OpeningPlayer(Player):
    """Coffee, random play but for two decisions: the first stone (``opening``, or random)
    and the pie-rule swap (when Black's estimated share after the opening is above
    ``swap_above``)."""

    name = "openings"

    def __init__(
        self,
        opening: str | None = None,
        shares: Mapping[str, Interval] | None = None,
        swap_above: float = 0.5,
        seed: Seed = None,
    ) -> None:
        super().__init__(seed)
        self.opening, self.shares, self.swap_above = opening, shares, swap_above

    def _options(self) -> dict[str, Any]:
        return {"opening": self.opening, "shares": self.shares, "swap_above": self.swap_above}

    def __repr__(self) -> str:
        return f"_OpeningPlayer(opening={self.opening!r}, swap_above={self.swap_above})"

    def choose(self, state: coffee.State) -> coffee.Move:
        self._check(state)
        if state.swap_available and self.shares is not None:
            if self.shares[str(state.rod)].value > self.swap_above:
                return coffee.Move.swap()
            move: coffee.Move = self._pick([m for m in state.legal_moves() if not m.is_swap])
            return move
        if state.rod is None and self.opening is not None:
            return coffee.Move.parse(self.opening)
        move = self._pick(state.legal_moves())
        return move


def play_openings(
    rules: coffee.Rules,
    games: int,
    opening: str = "random",
    shares: Mapping[str, Interval] | None = None,
    seed: int | None = 0,
    swap_above: float = 0.5,
) -> Results:
    """Coffee games played by the rules engine in which every move is random except two:
    Black's first stone is ``opening`` and, when ``rules.pie_rule`` is on, Orange swaps
    exactly when Black's estimated share after that stone (``shares``, from
    :func:`opening_shares`) is above ``swap_above``. ``opening`` is a move (``"d4|"``),
    ``"random"``, ``"strongest"`` (the best estimated share for Black) or ``"fairest"``
    (the estimate closest to 50 %: Black's best choice under the pie rule). In the
    :class:`~gamekit.sim.Results`, player 0 placed the first stone (and plays Orange
    after a swap).

    >>> from gamekit import coffee
    >>> rules = coffee.Rules(board="hex", size=3, pie_rule=True)
    >>> shares = opening_shares(rules, 100, seed=1)
    >>> play_openings(rules, 40, "strongest", shares, seed=2)
    <Results coffee hex3 n=3: 40 games, seats won 8/32, mean length 12.3>

    Raises:
        TypeError: ``rules`` are not Coffee's; ``games`` or ``seed`` not a whole number.
        InvalidNotationError: ``opening`` is not a move's notation.
        ValueError: ``opening`` is neither a legal first move nor one of ``OPENINGS``;
            ``shares`` missing (the pie rule, or ``"strongest"``/``"fairest"``) or without
            a legal first move; ``swap_above`` not between 0 and 1.
    """
    if not isinstance(rules, coffee.Rules):
        raise TypeError(f"rules must be coffee.Rules, not {rules!r}")
    if isinstance(swap_above, bool) or not isinstance(swap_above, (int, float)):
        raise ValueError(f"swap_above must be a number between 0 and 1, not {swap_above!r}")
    if not 0 <= swap_above <= 1:
        raise ValueError(f"swap_above must be between 0 and 1, not {swap_above!r}")
    start = rules.start()
    firsts = [str(m) for m in start.legal_moves()]
    if not isinstance(opening, str):
        raise TypeError(f"opening must be a move or one of {', '.join(OPENINGS)}, not {opening!r}")
    if shares is None and (rules.pie_rule or opening in ("strongest", "fairest")):
        raise ValueError("shares is needed (the estimates from opening_shares(rules, ...))")
    known: Mapping[str, Interval] = {} if shares is None else shares
    if shares is not None and not set(firsts) <= set(shares):
        missing = sorted(set(firsts) - set(shares))[:3]
        raise ValueError(f"shares must hold every legal first move; missing {missing}")
    choice: str | None
    if opening == "random":
        choice = None
    elif opening == "strongest":
        choice = max(firsts, key=lambda m: known[m].value)
    elif opening == "fairest":
        choice = min(firsts, key=lambda m: abs(known[m].value - 0.5))
    else:
        reason = start.why_illegal(opening)
        if reason is not None:
            raise ValueError(
                f"opening must be a legal first move or one of {', '.join(OPENINGS)}: {reason}"
            )
        choice = str(coffee.Move.parse(opening))
    players = [_OpeningPlayer(choice, shares, swap_above), _OpeningPlayer(None, shares, swap_above)]
    return play_many(rules, players, games, seed, progress=False)
