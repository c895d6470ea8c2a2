"""How the computer plays Coffee Roaster, a game played alone: each level is a rule of play.
``beginner`` roasts five rounds, ``club`` stops when the beans in the bag are roasted enough,
``strong`` weighs the exact odds of the bag (:mod:`gamekit.roaster.challenge`).

>>> STRATEGY
Strategy(levels=['beginner', 'club', 'strong'])
"""

from __future__ import annotations

from gamekit.game import FrozenMap
from gamekit.players import Strategy, policy_level
from gamekit.roaster.challenge import odds_player, roast_level_player, simple_player

__all__ = ["STRATEGY"]

#: Coffee Roaster's strategy: a policy per level.
STRATEGY = Strategy(
    levels=FrozenMap(
        beginner=policy_level(simple_player),
        club=policy_level(roast_level_player),
        strong=policy_level(odds_player),
    )
)
