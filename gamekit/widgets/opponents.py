"""The computer levels a board offers: ``"simple"`` (the board's own one-ply player),
``"random"``, ``"greedy"`` and ``"mcts"`` (from :mod:`gamekit.players`).

>>> computer_player("greedy", seed=1)
GreedyPlayer(seed=1)
>>> computer_player("simple") is None
True
"""

from __future__ import annotations

from gamekit.players import LEVELS, MCTSPlayer, Player, make_player

__all__ = ["LEVEL_NAMES", "computer_player"]

#: The levels in the order a board's menu lists them.
LEVEL_NAMES = ("simple", *LEVELS)


def computer_player(level: str | Player, seed: int | None = None, mcts_iterations: int = 100):
    """The player for ``level``, or ``None`` for the board's own simple player. Monte Carlo
    tree search gets ``mcts_iterations`` playouts a move, so a move takes about a second."""
    if level == "simple":
        return None
    if level == "mcts":
        return MCTSPlayer(iterations=mcts_iterations, seed=seed)
    return make_player(level, seed=seed)
