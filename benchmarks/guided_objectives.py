"""How often a stand-in learner reaches each objective of the guided first games, played on
the very boards the lessons show (``guide.first_game(game, seed=k)``: the guide's rules, the
beginner level at the board's other seats).

The learner is a computer level, which plays for the game and knows nothing of the
objectives: ``club`` in Coffee and Hex Tiles, ``beginner`` in GIPF (``club`` takes about a
minute a game there). In Coffee Roaster no level uses effects, so the learner is ``club``
plus one habit a learner following the objectives would have: when Preserve can save a
level-4 bean, it does. Roaster's guided game is one deal (seed 79, chosen so that a level-4
bean and Preserve come up before any smoke); the last lines show how rare that is over 100
other deals. Beside each, a random clicker's share on the same boards (a legal move at
random, each equally likely): an objective that takes understanding is reached by random
clicks in at most 60 % of games (marked ``OVER 60 %`` otherwise). Each share is printed with
its 95 % Wilson interval and its n.

Run: ``.venv/bin/python benchmarks/guided_objectives.py [games]`` (default 40 a game; about
two minutes).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

from gamekit import guide, roaster
from gamekit.game import facts, part, shipped_games
from gamekit.players import make_player
from gamekit.stats import wilson


def learner_for(game: str, seed: int) -> Callable[[Any], str]:
    """The stand-in learner of ``game``'s guided game: its guide's ``stand_in(seed)``, else
    the level its guide names (``STAND_IN``, else ``club``)."""
    module = part(game, "guide")
    own = getattr(module, "stand_in", None)
    if own is not None:
        return own(seed)
    player = make_player(getattr(module, "STAND_IN", "club"), seed)
    return lambda state: str(player.choose(state))


def random_clicker(_game: str, seed: int) -> Callable[[Any], str]:
    """A learner who clicks at random among the legal moves (every move the board would
    take, equally likely): what an objective must not be reached by, most of the time."""
    rng = random.Random(seed)

    def choose(state: Any) -> str:
        legal = state.legal_moves()
        return str(legal[rng.randrange(len(legal))])

    return choose


def guided_games(
    game: str, games: int, learner: Callable[[str, int], Callable[[Any], str]] = learner_for
) -> dict[str, int]:
    """Play ``games`` guided games on the board, ``learner(game, seed)`` at the learner's
    seat (the stand-in by default); how many reached each objective."""
    reached = {o.id: 0 for o in guide.objectives(game)}
    for k in range(games):
        board = guide.first_game(game, seed=k)
        play = learner(game, 1000 + k)
        for _ in range(2000):
            if board.state.outcome is not None:
                break
            board.type_move(play(board.state))
        for ident in board.guide.reached:
            reached[ident] += 1
    return reached


def roaster_deals(deals: int) -> int:
    """Over ``deals`` other deals of the guided card, how often Preserve can save a
    level-4 bean before any smoke is drawn (the same learner)."""
    found = 0
    for seed in range(deals):
        state = roaster.Rules(card="jamaica-blue-mountain", seed=seed).start()
        choose = learner_for("roaster", seed)
        smoke = False
        while state.outcome is None:
            smoke = smoke or bool(state.drawn.get("smoke"))
            if not smoke and any(
                m.action == "preserve" and "bean4" in m.tokens for m in state.legal_moves()
            ):
                found += 1
                break
            state = state.play(choose(state))
    return found


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    for game in [g for g in shipped_games() if facts(g).guide is not None]:
        dealt = getattr(guide.first_rules(game), "seed", None) is not None
        n = 1 if dealt else games  # one fixed deal: the stand-in plays it the same each time
        start = time.perf_counter()
        reached = guided_games(game, n)
        clicked = guided_games(game, games, random_clicker)  # its clicks differ each game
        took = time.perf_counter() - start
        stand_in = getattr(part(game, "guide"), "STAND_IN", "club")
        print(f"{game}: learner {stand_in} in {n} guided game{'s' if n != 1 else ''}, "
              f"random clicks in {games} ({took:.0f} s)")  # fmt: skip
        for o in guide.objectives(game):
            share = wilson(reached[o.id], n).percent() if n > 1 else str(reached[o.id])
            random_share = wilson(clicked[o.id], games)
            flag = "  OVER 60 %" if clicked[o.id] > 0.6 * games else ""
            print(
                f"  {o.id:12} learner {reached[o.id]:3d} of {n}: {share:24} random clicks "
                f"{clicked[o.id]:3d} of {games}: {random_share.percent()}{flag}"
            )
    deals = 100
    k = roaster_deals(deals)
    print(
        f"roaster, other deals: Preserve could save a level-4 bean before any smoke in {k} of "
        f"{deals}: {wilson(k, deals).percent()}"
    )


if __name__ == "__main__":
    main()
