"""Every conclusion the design lessons (13 to 18) draw from an experiment holds at another
seed: each experiment is run again here exactly as the lesson runs it, on other games, and
must give the same verdict ("higher", "lower", "cannot tell", or the bound the lesson
states). A conclusion that comes from one lucky seed fails here.

The lessons' own classes (a variant, a game) are taken from the notebooks themselves.
"""

from __future__ import annotations

import json
import sys
import types
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from gamekit import coffee, design, gipf, hextiles, roaster
from gamekit.coffee.openings import opening_shares, play_openings
from gamekit.players import LEVELS, GreedyPlayer, PolicyPlayer, RandomPlayer
from gamekit.sim import ending, play_many
from gamekit.stats import Interval, head_to_head, share

pytestmark = pytest.mark.slow

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


@cache
def lesson(name: str, upto: str) -> dict[str, Any]:
    """The names a lesson's code cells define, run up to the cell holding ``upto``."""
    cells = json.loads((NOTEBOOKS / name).read_text())["cells"]
    # a module of its own, named as tests/test_contract.py names lesson 15's (a class
    # registered again from the same module and name replaces itself; dataclasses look
    # their module up)
    title = f"lesson{name[:2]}_variants"
    module = sys.modules.setdefault(title, types.ModuleType(title))
    namespace: dict[str, Any] = module.__dict__
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        exec(compile(source, name, "exec"), namespace)
        if upto in source:
            return namespace
    raise AssertionError(f"{name} has no cell with {upto!r}")


def _word(verdict: str) -> str:
    return "cannot tell" if verdict.startswith("cannot tell") else verdict.split()[2]


def _holds(interval: Interval, value: float) -> bool:
    return interval.low <= value <= interval.high


# ---------------------------------------------------------------------------------------
# Lesson 13: is the game fair, and how does it end?
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "board, size", [("hex", 3), ("hex", 4), ("hex", 5), ("square", 5), ("square", 7)]
)
def test_l13_black_wins_more_than_half_on_every_board(board: str, size: int) -> None:
    m = design.measure(
        coffee.Rules(board=board, size=size), "random", 40000, seed=22, progress=False
    )
    assert m.shares["black"].low > 0.5


def test_l13_the_best_openings_are_on_the_centre_and_the_pie_rule_turns_them() -> None:
    rules = coffee.Rules(board="hex", size=4)
    shares = opening_shares(rules, 1000, seed=44)
    ranked = sorted(shares, key=lambda move: shares[move].value)
    assert {move[:2] for move in ranked[-3:]} == {"d4"}
    pie = coffee.Rules(board="hex", size=4, pie_rule=True)
    strongest = ranked[-1]
    first = {
        "none": share(play_openings(rules, 1000, strongest, shares, seed=46).winner == 0),
        "swapped": share(play_openings(pie, 1000, strongest, shares, seed=47).winner == 0),
        "random": share(play_openings(pie, 1000, "random", shares, seed=48).winner == 0),
        "fairest": share(play_openings(pie, 1000, "fairest", shares, seed=49).winner == 0),
    }
    assert first["none"].low > 0.55 and first["swapped"].high < 0.45
    assert first["random"].high < 0.5
    assert _holds(first["fairest"], 0.5) and abs(first["fairest"].value - 0.5) < 0.04


def test_l13_the_suggested_n_leaves_both_endings_common() -> None:
    for board, size in [("hex", 4), ("hex", 5), ("square", 7)]:
        m = design.measure(
            coffee.Rules(board=board, size=size), "random", 2000, seed=33, progress=False
        )
        assert 0.1 < m.endings["blocked"].low and m.endings["blocked"].high < 0.4


def test_l13_white_wins_less_than_half_in_gipf() -> None:
    for variant in ("basic", "standard"):
        m = design.measure(gipf.Rules(variant=variant), "random", 1600, seed=55, progress=False)
        assert m.shares["white"].high < 0.5


def test_l13_club_games_last_longer_and_the_rest_cannot_be_told() -> None:
    rules = coffee.Rules(board="hex", size=4)
    club = LEVELS["club"](iterations=100)
    assert head_to_head(rules, club, LEVELS["beginner"](), 100, seed=24).low > 0.8
    random_moves = [LEVELS["random"](), LEVELS["random"]()]
    random_play = play_many(rules, random_moves, 100, seed=23, progress=False)
    club_play = play_many(rules, [club, club], 100, seed=23, progress=False)
    verdicts = {
        what: _word(design.compare_results(random_play, club_play, what).verdict)
        for what in ("first", "ending:blocked", "length")
    }
    assert verdicts == {"first": "cannot tell", "ending:blocked": "cannot tell", "length": "higher"}


# ---------------------------------------------------------------------------------------
# Lesson 14: four games side by side
# ---------------------------------------------------------------------------------------


def test_l14_the_first_seat_is_within_a_few_points_of_half_except_in_gipf() -> None:
    coffee_m = design.measure(
        coffee.Rules(board="hex", size=5), "random", 2000, seed=11, progress=False
    )
    tiles = design.measure(hextiles.Rules(players=2), "random", 400, seed=11, progress=False)
    gipf_m = design.measure(gipf.Rules(variant="basic"), "random", 400, seed=11, progress=False)
    assert 0.46 < coffee_m.advantage.low and coffee_m.advantage.high < 0.57
    assert _holds(tiles.advantage, 0.5)
    assert gipf_m.advantage.high < 0.5


def test_l14_luck_decides_a_fair_part_of_hex_tiles_and_little_of_the_roaster() -> None:
    tiles = design.luck(
        hextiles.Rules(players=2), players="beginner", games=200, seed=12, progress=False
    )
    bag = design.luck(roaster.Rules(), players="random", games=200, seed=12, progress=False)
    assert tiles.share.low > 0.05
    assert bag.share.high < 0.3


def test_l14_the_second_seat_has_a_small_edge_with_a_fixed_plan() -> None:
    def first_move(state):
        return state.legal_moves()[0]

    fixed = PolicyPlayer(first_move)
    seats = design.measure(
        hextiles.Rules(players=2), [fixed, fixed], 20000, seed=12, progress=False
    )
    gap = seats.seat_gap
    assert gap is not None and gap.high < 0 and gap.low > -0.06


def test_l14_the_beginner_beats_random_moves() -> None:
    for rules in (coffee.Rules(board="hex", size=5), hextiles.Rules(players=2)):
        step = design.skill_trace(rules, ("random", "beginner"), 200, seed=13, progress=False)[0]
        assert step.share.low > 0.6


def test_l14_watching_the_bag_helps_a_little() -> None:
    watching = design.compare(
        "beginner",
        "club",
        rules=roaster.Rules(),
        measure="score",
        games=200,
        seed=16,
        progress=False,
    )
    assert _word(watching.verdict) == "higher" and watching.difference.high < 2


# ---------------------------------------------------------------------------------------
# Lesson 15: change one rule, then measure what it does
# ---------------------------------------------------------------------------------------


def test_l15_the_variant_makes_blocks_common_and_moves_black_by_two_points_at_most() -> None:
    code = lesson("15_design_a_variant.ipynb", "variant = NoRepeatRod")
    found = design.compare(
        code["original"],
        code["variant"],
        measure=("first", "ending:blocked", "length"),
        games=10000,
        seed=25,
        progress=False,
    )
    first = found["first"].difference
    assert _word(found["first"].verdict) == "cannot tell"
    assert -0.03 < first.low and first.high < 0.03
    assert _word(found["ending:blocked"].verdict) == "higher"
    assert _word(found["length"].verdict) == "higher"


def test_l15_a_hundred_greedy_games_are_too_few() -> None:
    code = lesson("15_design_a_variant.ipynb", "variant = NoRepeatRod")
    found = design.compare(
        code["original"],
        code["variant"],
        measure=("first", "ending:blocked"),
        players=[GreedyPlayer(), GreedyPlayer()],
        games=100,
        seed=26,
        progress=False,
    )
    assert _word(found["first"].verdict) == "cannot tell"
    blocked = found["ending:blocked"].difference
    assert blocked.high - blocked.low > 0.2  # too wide to be sure of either verdict


# ---------------------------------------------------------------------------------------
# Lesson 17: design a game
# ---------------------------------------------------------------------------------------


def test_l17_black_wins_more_than_half_and_skill_pays() -> None:
    code = lesson("17_design_a_game.ipynb", "class TwoStones")
    first = design.measure(code["Rules"](), "random", games=2000, seed=11, progress=False)
    assert first.shares["black"].low > 0.5
    step = design.skill_trace(code["Rules"](), ("random", "beginner"), 200, seed=12, progress=False)
    assert step[0].share.low > 0.85


def test_l17_two_stones_a_turn_take_the_first_players_edge_away() -> None:
    code = lesson("17_design_a_game.ipynb", "class TwoStones")
    two = code["TwoStones"]
    verdict = design.compare(
        code["Rules"](), two(), measure="first", games=2000, seed=7, progress=False
    )
    assert _word(verdict.verdict) == "lower"
    many = design.measure(two(), "random", games=20000, seed=8, progress=False)
    assert _holds(many.shares["black"], 0.5) and abs(many.shares["black"].value - 0.5) < 0.01


# ---------------------------------------------------------------------------------------
# Lesson 18: the design lab
# ---------------------------------------------------------------------------------------


def test_l18_the_four_games_side_by_side() -> None:
    games = {"coffee": coffee.Rules(), "gipf": gipf.Rules(), "hextiles": hextiles.Rules()}
    m = {
        name: design.measure(rules, games=1000, seed=3, progress=False)
        for name, rules in games.items()
    }
    assert m["gipf"].advantage.high < 0.5
    for name in ("coffee", "hextiles"):
        assert 0.44 < m[name].advantage.low and m[name].advantage.high < 0.58


def test_l18_the_pie_rule_acts_only_through_players_who_use_it() -> None:
    code = lesson("18_design_lab.ipynb", "class AlwaysSwaps")
    random_orange = design.compare(
        coffee.Rules(),
        coffee.Rules(pie_rule=True),
        measure="first",
        games=20000,
        seed=9,
        progress=False,
    )
    assert _word(random_orange.verdict) == "cannot tell"
    assert -0.015 < random_orange.difference.low and random_orange.difference.high < 0.015
    swapping = design.compare(
        coffee.Rules(size=4),
        coffee.Rules(size=4, pie_rule=True),
        players=[RandomPlayer(), code["AlwaysSwaps"]()],
        measure="first",
        games=2000,
        seed=9,
        progress=False,
    )
    assert _word(swapping.verdict) == "lower"


def test_l18_a_bigger_board_with_the_same_n_makes_longer_games() -> None:
    verdict = design.compare(
        coffee.Rules(size=4, n=4),
        coffee.Rules(size=5, n=4),
        measure="length",
        games=500,
        seed=9,
        progress=False,
    )
    assert _word(verdict.verdict) == "higher"
    assert 6 < verdict.difference.value < 11


def test_l18_skill_luck_and_a_freedom() -> None:
    small = coffee.Rules(board="square", size=4)
    step = design.skill_trace(
        small, levels=("random", "beginner"), games=400, seed=9, progress=False
    )[0]
    assert step.share.low > 0.5
    deal = design.luck(hextiles.Rules(), players="random", games=300, seed=9, progress=False)
    assert deal.share.high < 0.35

    def never_blocks(state, moves):
        keep = [move for move in moves if ending(state.play(move)) != "blocked"]
        return keep or moves

    freedom = design.restricted(small, never_blocks, games=2000, seed=9, progress=False)
    assert freedom.share.high < 0.5


# ---------------------------------------------------------------------------------------
# Lesson 19 (for the teacher): what can a class's own games tell?
# ---------------------------------------------------------------------------------------


def _simulated_class(seed: int) -> Any:
    """The lesson's class at another seed: thirty students (the beginner level), two rounds
    of Coffee 4 x 4, three in a row, pie rule off against on."""
    import tempfile

    from gamekit.design.classroom import class_experiment, simulate_round
    from gamekit.store import ClassStore
    from gamekit.store.experiments import new_experiment

    store = ClassStore(folder=tempfile.mkdtemp(), seed=seed)
    code = store.new_class("7B")
    for k in range(30):
        store.join(code, f"Student {k + 1}")
    small = {"board": "square", "size": 4, "n": 3}
    made = new_experiment(
        store,
        code,
        "coffee",
        [("pie rule off", small), ("pie rule on", {**small, "pie_rule": True})],
    )
    for k in range(2):
        simulate_round(store, code, made.id, level="beginner", seed=seed * 100 + k)
    return class_experiment(store, code)


@pytest.mark.parametrize("seed", [2, 3])
def test_l19_thirty_games_of_a_class_cannot_tell_the_pie_rule(seed: int) -> None:
    result = _simulated_class(seed)
    assert [r.games for r in result.results] == [15, 15]
    assert "cannot tell at 15 games each" in result.verdict


def test_l19_the_machines_see_a_small_change_from_the_pie_rule_at_another_seed() -> None:
    result = design.class_experiment(str(NOTEBOOKS / "data" / "pie-rule-class.json"))
    found = result.predict(games=20000, level_games=400, seed=7)
    randomly, beginner = found["random"], found["beginner"]
    assert randomly.verdict.startswith("B is lower") and -0.04 < randomly.difference.value < -0.01
    assert beginner.difference.high - beginner.difference.low < 0.12  # about ten points wide
    for compared in found.values():  # both give the first player about 60 %
        assert 0.5 < compared.a.value < 0.7


def test_l19_the_games_a_class_needs_hold_at_another_seed(monkeypatch) -> None:
    monkeypatch.chdir(NOTEBOOKS)  # the lesson reads data/pie-rule-class.json from there
    code = lesson("19_teacher_class_experiment.ipynb", "def chance")
    code["rng"] = np.random.default_rng(1919)
    chance = code["chance"]
    assert chance(0.20, 15) < 0.25 and chance(0.10, 15) < 0.15  # rarely seen at 15 games
    assert chance(0.20, 120) > 0.8 and chance(0.10, 480) > 0.85  # about 9 in 10 there
    assert chance(0.10, 120) < 0.5


def test_l17_every_suggestion_of_your_turn_works() -> None:
    """Each idea of lesson 17's "Your turn", written as the lesson says, plays whole games
    with no illegal move offered (the centre rule lives in why_illegal only: legal_moves
    follows it), and the design lab measures it."""
    import gamekit
    from gamekit.grids import square

    code = lesson("17_design_a_game.ipynb", "class TwoStones")
    Rules, State = code["Rules"], code["State"]

    class CentreState(State):
        def why_illegal(self, move):
            cell = str(move).strip().lower()
            centre = self.rules.grid.labels[len(self.rules.grid) // 2]
            if not self.pieces and cell == centre:
                return f"{cell} is not allowed: Black's first stone may not go on the centre cell"
            return super().why_illegal(move)

    @gamekit.register(title="Hex lines, no centre start")
    class NoCentre(Rules):
        game = "hex-lines-no-centre"

        def start(self, seed=None):
            return CentreState(self, code["FrozenMap"](), "black")

    @gamekit.register(title="Square lines")
    class SquareLines(Rules):
        game = "square-lines"

        @property
        def grid(self):
            return square(self.size)

    class TurnState(State):  # a stone turns the enemy stones next to it
        def play(self, move):
            after = super().play(move)
            if after.outcome is not None:
                return after
            grid, cell = self.rules.grid, str(move).strip().lower()
            me = self.to_move
            turned = {grid.label(j): me for j in grid.neighbours(grid.index(cell))
                      if after.pieces.get(grid.label(j)) not in (None, me)}  # fmt: skip
            return type(self)(self.rules, after.pieces | turned, after.to_move, None, cell)

    @gamekit.register(title="Hex lines, turning stones")
    class Turning(Rules):
        game = "hex-lines-turning"

        def start(self, seed=None):
            return TurnState(self, code["FrozenMap"](), "black")

    start = NoCentre().start()
    assert "c3" not in start.legal_moves() and "centre" in start.why_illegal("c3")
    assert "c3" in start.play("a1").legal_moves()  # the second stone may go there
    for rules in (NoCentre(), SquareLines(size=4), Rules(size=5, line=4), Turning()):
        measured = design.measure(rules, "random", games=200, seed=17, progress=False)
        assert measured.completion.value == 1.0, rules  # every game ends, no move refused
