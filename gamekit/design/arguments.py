"""What every measurement of :mod:`gamekit.design` checks first: the rules, the players
(a level name for every seat, or one per seat, or players), the number of games and the
seed, each refused in words that name the argument.

>>> from gamekit import coffee
>>> seated(coffee.Rules(size=3), "random")
[LevelPlayer('random', seed=None), LevelPlayer('random', seed=None)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamekit.checks import whole
from gamekit.errors import shown
from gamekit.game import game_of
from gamekit.players import LEVELS, LevelPlayer, Player, RandomPlayer, make_player

__all__ = ["checked_rules", "seated", "level_player", "game_count", "checked_seed", "is_random"]


def checked_rules(rules: Any, argument: str = "rules") -> str:
    """The game name of ``rules``, or a ``TypeError`` naming ``argument``."""
    try:
        return game_of(rules)
    except TypeError:
        raise TypeError(
            f"{argument} must be the rules of a registered game (the Rules of a game in "
            f"gamekit.games()), not {shown(rules)}"
        ) from None


def level_player(level: str, argument: str = "players") -> Player:
    """The player of a level, playing by its playout cap and not the clock (so a
    measurement gives the same numbers on every machine)."""
    if level not in LEVELS:
        raise ValueError(
            f"{argument}: unknown level {shown(level)}; the levels are " + ", ".join(LEVELS)
        )
    cap = LEVELS[level].cap
    return make_player(level, iterations=cap) if cap else make_player(level)


def seated(rules: Any, players: Any, argument: str = "players") -> list[Player]:
    """One player per seat of ``rules``: ``players`` is a level name (every seat plays at
    that level), a :class:`~gamekit.players.Player` (every seat), or a list with a level
    name or a player for each seat. A player that is not a level is tried on the opening
    position first, so that one that cannot play this game is refused before any game."""
    seats = tuple(rules.seats)
    if isinstance(players, (str, Player)):
        players = [players] * len(seats)
    if not isinstance(players, Sequence) or isinstance(players, bytes):
        raise TypeError(
            f"{argument} must be a level name, a Player, or a list with one of them per seat, "
            f"not {shown(players)}"
        )
    if len(players) != len(seats):
        raise ValueError(
            f"{argument}: give one player per seat: {game_of(rules)} has {len(seats)} "
            f"({', '.join(seats)}), not {len(players)}"
        )
    out: list[Player] = []
    for k, item in enumerate(players):
        if isinstance(item, str):
            out.append(level_player(item, argument))
        elif isinstance(item, Player):
            _try(rules, item, f"{argument}[{k}]")
            out.append(item)
        else:
            raise TypeError(f"{argument}[{k}] must be a level name or a Player, not {shown(item)}")
    return out


def _try(rules: Any, player: Player, argument: str) -> None:
    """Refuse a player that cannot choose a legal move in the opening position."""
    if isinstance(player, (LevelPlayer, RandomPlayer)):
        return
    state = rules.start(seed=0)
    if state.outcome is not None:
        return
    try:
        move = player.with_seed(0).choose(state)
        reason = state.why_illegal(move)
    except Exception as error:  # a player of another game fails in its own way
        raise ValueError(
            f"{argument} ({player!r}) cannot play {game_of(rules)}: in the opening position "
            f"it failed with {type(error).__name__}: {error}"
        ) from None
    if reason is not None:
        raise ValueError(
            f"{argument} ({player!r}) cannot play {game_of(rules)}: in the opening position "
            f"it chose {move!s}, which is not a legal move ({reason})"
        )


def is_random(players: Sequence[Player]) -> bool:
    """Whether every player draws uniformly among the legal moves."""
    return all(
        type(p) is RandomPlayer or (isinstance(p, LevelPlayer) and p.level == "random")
        for p in players
    )


def game_count(games: Any, least: int = 2, argument: str = "games") -> int:
    """``games`` checked: a whole number of at least ``least`` (an interval needs several
    games) and at most 100 million (more would take days)."""
    return whole(games, argument, least, 10**8)


def checked_seed(seed: Any) -> int:
    """``seed`` checked: a whole number of at least 0 (the same seed, the same numbers)."""
    return whole(seed, "seed", 0)
