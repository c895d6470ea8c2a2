"""Coffee Roaster (Saashi), the solo bag-building game: rules engine, cards and scoring.

Rules follow ``docs/rules/coffee_roaster.md``. Numbers printed on the real boards that our
sources lack are data files (``gamekit/roaster/data``); :data:`CARDS` marks which card values
are our own, and ``data/boards.json`` says the same of the boards.

The parts: :mod:`~gamekit.roaster.cards` (tokens, cards, boards, scoring),
:mod:`~gamekit.roaster.bag` (token counts and the seeded draw),
:mod:`~gamekit.roaster.notation` (moves and their text), :mod:`~gamekit.roaster.effects`
and :mod:`~gamekit.roaster.cup` (the moves as tables of small checks and changes),
:mod:`~gamekit.roaster.game` (``Rules`` and ``State``), :mod:`~gamekit.roaster.odds` and
:mod:`~gamekit.roaster.challenge`.

>>> from gamekit import roaster
>>> roaster.CARDS["jamaica-blue-mountain"].optimum
14
>>> roaster.score(["bean4"] * 3 + ["aroma"], roaster.CARDS["jamaica-blue-mountain"]).total
1
"""

from gamekit.roaster.cards import (
    BEANS,
    BOARDS,
    CARDS,
    CUP_EFFECTS,
    FLAVOR_POINTS,
    FLAVORS,
    SKILL_POINTS,
    TITLES,
    TOKEN_NAMES,
    TOKENS,
    Board,
    Card,
    Score,
    level,
    next_difficulty,
    score,
    title,
)
from gamekit.roaster.challenge import (
    Challenge,
    challenge_card,
    roast_level_player,
    simple_player,
)
from gamekit.roaster.game import ACTIONS, ENDINGS, GAME, PHASES, Move, Outcome, Rules, State
from gamekit.roaster.odds import chance_of_at_least, draw_distribution, next_token_odds

__all__ = [
    "ACTIONS",
    "BEANS",
    "BOARDS",
    "CARDS",
    "CUP_EFFECTS",
    "Challenge",
    "ENDINGS",
    "FLAVORS",
    "FLAVOR_POINTS",
    "GAME",
    "Board",
    "Card",
    "Move",
    "Outcome",
    "PHASES",
    "Rules",
    "SKILL_POINTS",
    "Score",
    "State",
    "TITLES",
    "TOKENS",
    "TOKEN_NAMES",
    "challenge_card",
    "chance_of_at_least",
    "draw_distribution",
    "level",
    "next_difficulty",
    "next_token_odds",
    "score",
    "roast_level_player",
    "simple_player",
    "title",
]
