"""gamekit.design: every measure checked on games where its true value is known exactly.

Exact games (tests/design_games.py): the first player always wins; a coin decides; a fixed
number of moves to choose from. Tic-tac-toe (the outside game "lines" on a 3 x 3 board,
lines of 3) is solved here for random play by full search: each 95 % interval must hold
the true value (with a fixed seed, so the test is the same every run).
"""

from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from functools import cache

import numpy as np
import pytest
from design_games import CoinFlip, Countdown, FirstWins
from outside_game import Lines

from gamekit import coffee, design, gipf
from gamekit.design import Lead, compare, luck, measure, restricted, skill_trace
from gamekit.players import PolicyPlayer, RandomPlayer
from gamekit.stats import Interval

TIC_TAC_TOE = Lines(shape="square", size=3, line=3)
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


@cache
def _random_play(board: tuple[int, ...]) -> tuple[float, float, float, float]:
    """Exact (P first wins, P second wins, P draw, E plies to come) under random play."""
    mover = 1 if board.count(1) == board.count(2) else 2
    empty = [i for i, v in enumerate(board) if v == 0]
    first = second = draw = plies = 0.0
    for i in empty:
        child = board[:i] + (mover,) + board[i + 1 :]
        p = 1 / len(empty)
        if any(all(child[j] == mover for j in line) for line in LINES):
            first, second = first + p * (mover == 1), second + p * (mover == 2)
            plies += p
        elif len(empty) == 1:
            draw += p
            plies += p
        else:
            f, s, d, n = _random_play(child)
            first, second, draw, plies = (
                first + p * f,
                second + p * s,
                draw + p * d,
                plies + p * (1 + n),
            )
    return first, second, draw, plies


def _holds(interval: Interval, value: float) -> bool:
    return interval.low - 1e-12 <= value <= interval.high + 1e-12


@pytest.fixture(autouse=True)
def _fresh() -> None:
    design.clear_cache()


# ---------------------------------------------------------------------------------------
# measure: exact values
# ---------------------------------------------------------------------------------------


def test_a_game_the_first_player_always_wins() -> None:
    m = measure(FirstWins(k=3), games=50, progress=False)
    assert m.games == 50
    assert m.shares["a"].value == 1.0 and m.shares["b"].value == 0.0
    assert m.shares["a"].low > 0.9  # Wilson: 50 of 50 is not "100 % ± 0"
    assert m.advantage.value == 1.0 and m.draws.value == 0.0 and m.completion.value == 1.0
    assert m.branching == Interval(3.0, 3.0, 3.0)
    assert m.length == Interval(1.0, 1.0, 1.0)
    assert m.decisions.value == 1.0
    assert m.balance is not None and m.balance.value == 0.0
    assert m.seat_gap == Interval(1.0, 1.0, 1.0)  # every game: the first seat, not the second
    assert dict(m.endings) == {"won": m.completion}
    assert m.coverage is None and m.pieces is None  # no board of cells


def test_a_fixed_branching_factor_is_measured_exactly() -> None:
    m = measure(Countdown(b=4, plies=6), games=40, progress=False)
    assert m.branching == Interval(4.0, 4.0, 4.0)
    assert list(m.branching_curve) == [4.0] * 6
    assert m.length == Interval(6.0, 6.0, 6.0) and m.length_spread == 0.0
    assert m.decisions == Interval(1.0, 1.0, 1.0)
    one = measure(Countdown(b=1, plies=4), games=10, progress=False)
    assert one.decisions.value == 0.0  # one legal move is no decision
    assert one.draws.value == 1.0  # totals are always 0 = 0


def test_a_coin_flip_is_even_and_all_luck() -> None:
    m = measure(CoinFlip(), games=400, seed=3, progress=False)
    assert _holds(m.shares["a"], 0.5) and _holds(m.shares["b"], 0.5)
    assert m.shares["a"].value + m.shares["b"].value == 1.0
    assert _holds(m.advantage, 0.5)
    assert m.decisions.value == 0.0
    found = luck(CoinFlip(), players="random", games=100, progress=False)
    assert found.share.value == 1.0  # the deal decides everything
    assert found.deals == 100 and "100 %" in found.verdict


def test_random_tic_tac_toe_matches_full_search() -> None:
    first, second, draw, plies = _random_play((0,) * 9)
    assert round(first, 3) == 0.585 and round(second, 3) == 0.288 and round(draw, 3) == 0.127
    m = measure(TIC_TAC_TOE, games=2000, seed=11, progress=False)
    assert _holds(m.shares["black"], first)
    assert _holds(m.shares["white"], second)
    assert _holds(m.draws, draw) and _holds(m.endings["full"], draw)
    assert _holds(m.length, plies)
    assert _holds(m.advantage, first + draw / 2)
    # branching: 9, 8, 7, ... legal moves in turn; the pooled mean must be inside these
    assert 5 < m.branching.value < 9
    assert m.results is not None
    # no piece leaves the board: the cells used are the stones at the end, and the
    # stones grow by one a move (positions 0..L hold 0..L stones: mean L / 2)
    res = m.results
    assert np.allclose(res.coverage, res.length / 9)
    assert np.allclose(res.pieces, res.length / 2)
    assert m.coverage is not None and _holds(m.coverage, plies / 9)


def test_intervals_shrink_with_more_games() -> None:
    small = measure(TIC_TAC_TOE, games=100, seed=1, progress=False).shares["black"]
    large = measure(TIC_TAC_TOE, games=1600, seed=1, progress=False).shares["black"]
    assert (large.high - large.low) < (small.high - small.low) / 3


def test_coffee_batch_and_generic_play_measure_the_same_board() -> None:
    rules = coffee.Rules(board="square", size=4)
    fast = measure(rules, games=800, seed=2, progress=False)  # the batch engine
    slow = measure(
        rules, players=[RandomPlayer(), RandomPlayer()], games=800, seed=2, progress=False
    )
    assert fast.coverage is not None and slow.coverage is not None
    for name in ("coverage", "branching", "length"):
        a, b = getattr(fast, name), getattr(slow, name)
        spread = max(a.high - a.value, b.high - b.value)
        assert abs(a.value - b.value) < 3 * spread, name


# ---------------------------------------------------------------------------------------
# The same seed, the same numbers; an executor changes nothing; a cache
# ---------------------------------------------------------------------------------------


def test_same_seed_same_numbers_with_or_without_an_executor() -> None:
    rules = gipf.Rules(variant="basic")
    a = measure(rules, games=30, seed=5, progress=False)
    design.clear_cache()
    with ThreadPoolExecutor(2) as pool:
        b = measure(rules, games=30, seed=5, progress=False, executor=pool)
    assert repr(a) == repr(b)
    design.clear_cache()
    c = measure(rules, games=30, seed=6, progress=False)
    assert repr(c) != repr(a)


def test_a_measurement_asked_again_is_kept() -> None:
    small = coffee.Rules(board="square", size=4)
    a = measure(small, games=50, progress=False)
    assert measure(small, games=50, progress=False) is a
    assert measure(small, games=50, seed=1, progress=False) is not a


def test_a_class_game_or_player_is_measured_anew_after_a_fix() -> None:
    # a learner's game (its class may be fixed and its cell run again under the same name)
    # and a learner's player (its function fixed, its repr the same) are never kept
    a = measure(TIC_TAC_TOE, games=50, progress=False)
    assert measure(TIC_TAC_TOE, games=50, progress=False) is not a

    def first(state):
        return state.legal_moves()[0]

    small = coffee.Rules(board="square", size=4)
    before = measure(small, [PolicyPlayer(first), "random"], games=30, progress=False)

    def first(state):  # noqa: F811  (fixed: now the last move)
        return state.legal_moves()[-1]

    after = measure(small, [PolicyPlayer(first), "random"], games=30, progress=False)
    assert repr(before.players) == repr(after.players)
    assert not np.array_equal(before.lengths, after.lengths)


def test_the_table_names_ludii_metrics_and_every_n() -> None:
    m = measure(TIC_TAC_TOE, games=100, progress=False)
    text = repr(m)
    assert "100 games" in text and "95 % intervals" in text
    for ludii in (
        "AdvantageP1",
        "Balance",
        "Drawishness",
        "BranchingFactorAverage",
        "BoardCoverageDefault",
    ):
        assert f"[{ludii}]" in text
    assert "0x" not in text  # no addresses: nbval compares it
    assert "<table>" in m._repr_html_()


# ---------------------------------------------------------------------------------------
# Lead and drama
# ---------------------------------------------------------------------------------------


def test_lead_changes_drama_and_decisiveness_from_positions() -> None:
    rules = Countdown(b=4, plies=6)
    states = [rules.start()]
    for move in ["1", "0", "0", "2", "0", "0"]:  # a leads 1-0, then b 2-1 for good
        states.append(states[-1].play(move))
    changes, behind, since = Lead(Evaluation_of(rules))(states)
    assert states[-1].outcome is not None and states[-1].outcome.winners == ("b",)
    assert changes == 1.0  # a led, then b (ties lead nobody)
    assert behind == 1.0  # the winner b was behind after the first move
    assert since == pytest.approx(4 / 6)  # b leads from ply 4 on


def Evaluation_of(rules):  # noqa: N802
    from gamekit.players import strategy

    found = strategy(rules).evaluation
    assert found is not None
    return found


def test_measure_follows_the_lead_where_asked() -> None:
    m = measure(Countdown(b=3, plies=6), games=200, seed=2, progress=False, lead=True)
    assert m.lead_changes is not None and m.drama is not None and m.decisiveness is not None
    assert 0 < m.drama.value < 1 and 0 <= m.decisiveness.value <= 1
    assert measure(Countdown(), games=20, progress=False).drama is None
    assert m.judge == "the game's own evaluation"


def test_a_game_without_an_evaluation_is_judged_by_a_search() -> None:
    m = measure(TIC_TAC_TOE, games=40, seed=1, progress=False, lead=True, playouts=16)
    assert m.judge == "a search of 16 playouts"
    assert m.lead_changes is not None and m.drama is not None
    for name in (
        "LeadChange",
        "Stability",
        "DramaAverage",
        "ClarityNarrowness",
        "MoveEvaluationAverage",
    ):
        assert name in m.ludii, name
    coffee_lead = measure(coffee.Rules(size=3), games=10, progress=False, lead=True, playouts=8)
    assert coffee_lead.judge == "a search of 8 playouts" and coffee_lead.lead_changes is not None
    from gamekit import roaster

    with pytest.raises(ValueError, match="played alone: nobody leads"):
        measure(roaster.Rules(), games=10, progress=False, lead=True)


class _Scripted(design.SearchJudge):
    """A judge whose values are given ply by ply (to check Ludii's formulas by hand)."""

    def __init__(self, values, moves):
        object.__setattr__(self, "iterations", 1)
        object.__setattr__(self, "_values", values)
        object.__setattr__(self, "_moves", moves)

    def judge(self, state, ply):
        return list(self._values[ply]), list(self._moves[ply]), [None] * len(self._moves[ply])


def test_ludii_evaluation_metrics_by_hand() -> None:
    from gamekit.design.lead import OWN, Behaviour
    from gamekit.design.ludii import AGGREGATES, EVALUATED, EVALUATED_SERIES

    rules = Countdown(b=4, plies=4)
    states = [rules.start()]
    for move in ["1", "0", "0", "2"]:  # b wins 2-1
        states.append(states[-1].play(move))
    values = [(0.5, 0.5), (0.7, 0.3), (0.6, 0.4), (0.4, 0.6)]  # then the end: b 1, a 0
    moves = [(0.2, 0.6, 0.4), (0.5, 0.5), (0.1, 0.9, 0.3, 0.3), (0.6, 0.2)]
    row = Behaviour(_Scripted(values, moves))(states)
    got = dict(zip(EVALUATED, row[len(OWN) : len(OWN) + len(EVALUATED)], strict=True))
    # leaders: {a,b}, {a}, {a}, {b}, {b}: the set changes twice in 4 moves
    assert got["LeadChange"] == pytest.approx(2 / 4)
    a, b = [0.5, 0.7, 0.6, 0.4, 0.0], [0.5, 0.3, 0.4, 0.6, 1.0]
    assert got["Stability"] == pytest.approx((np.var(a) + np.var(b)) / 2)
    assert got["DecisivenessThreshold"] == pytest.approx(0.7)  # a's best
    assert got["DecisivenessMoves"] == pytest.approx(4 / 4)  # b passes 0.7 only at the end
    narrow = [1 / 3, 0.0, 1 / 4, 1 / 2]  # moves above mean + 0.75 (max - mean)
    assert got["ClarityNarrowness"] == pytest.approx(np.mean(narrow))
    assert got["ClarityVariance"] == pytest.approx(np.mean([np.var(m) for m in moves]))
    start = len(OWN) + len(EVALUATED)
    drama = row[start : start + len(AGGREGATES)]
    gaps = [0.0, 0.4, 0.2, 0.0, 0.0]  # the leader's value minus the winner's
    assert drama[0] == pytest.approx(np.mean(gaps)) and drama[2] == pytest.approx(0.4)
    k = EVALUATED_SERIES.index("StateEvaluationDifference")
    diff = row[start + k * len(AGGREGATES)]
    assert diff == pytest.approx(np.mean([0.0, 0.4, 0.2, 0.2, 1.0]))


def test_ludii_metrics_of_games_known_exactly() -> None:
    first = measure(FirstWins(k=3), games=30, progress=False).ludii
    assert first["AdvantageP1"].value == 1 and first["Completion"].value == 1
    assert first["Balance"].value == 0 and first["DurationMoves"].value == 1
    assert first["BranchingFactorAverage"].value == 3 and first["DurationTurns"].value == 1
    count = measure(Countdown(b=4, plies=6), games=30, progress=False).ludii
    assert count["GameTreeComplexity"].value == pytest.approx(6 * math.log10(4))
    assert count["DecisionFactorAverage"].value == 4 and count["DecisionMoves"].value == 1
    assert count["DurationTurns"].value == 6 and count["BranchingFactorChangeAverage"].value == 0
    assert (
        measure(Countdown(b=1, plies=6), games=5, progress=False).ludii["DecisionMoves"].value == 0
    )
    # a draw counts 0 in Ludii's AdvantageP1, ½ in gamekit's first seat's points
    even = measure(Countdown(b=2, plies=2), games=400, seed=3, progress=False)
    assert even.ludii["AdvantageP1"].value < even.advantage.value
    assert even.ludii["Drawishness"].value == even.draws.value


def test_the_ludii_column_names_only_exact_matches() -> None:
    assert dict(design.LUDII) == {
        "balance": "Balance",
        "draws": "Drawishness",
        "length": "DurationMoves",
        "coverage": "BoardCoverageDefault",
        "pieces": "PieceNumberAverage",
    }
    m = measure(Countdown(), games=50, progress=False)
    ludii = {lu for _, lu, _ in m.rows() if lu}
    assert {"Balance", "DurationMoves", "Completion", "Timeouts"} <= ludii
    assert "DurationTurns" not in {lu for what, lu, _ in m.rows() if "plies" in what}


def test_simultaneous_intervals_are_wider_and_say_so() -> None:
    m = measure(Countdown(), games=200, progress=False)
    wide = m.simultaneous()
    assert wide.z > 3 and "hold all at once" in repr(wide)
    assert wide.seat_gap.low < m.seat_gap.low and wide.seat_gap.value == m.seat_gap.value
    assert m.intervals >= 15


# ---------------------------------------------------------------------------------------
# compare: differences on common seeds, never "no difference"
# ---------------------------------------------------------------------------------------


def test_compare_finds_a_real_difference_and_says_which_way() -> None:
    c = compare(
        Lines(shape="square", size=3, line=3),
        Lines(shape="square", size=4, line=3),
        measure="length",
        games=300,
        progress=False,
    )
    assert c.difference.low > 0 and c.verdict.startswith("B is higher by")
    assert c.games == 300 and "plies" in c.verdict
    d = compare(Countdown(b=4), Countdown(b=2), measure="branching", games=50, progress=False)
    assert d.difference == Interval(-2.0, -2.0, -2.0)
    assert d.verdict.startswith("B is lower by 2.00 moves")


def test_compare_says_cannot_tell_when_the_interval_holds_zero() -> None:
    c = compare(Countdown(b=4), Countdown(b=5), measure="first", games=200, progress=False)
    assert c.difference.low < 0 < c.difference.high
    assert c.verdict.startswith("cannot tell at 200 games: the difference lies between −")
    assert "points" in c.verdict


def test_compare_two_line_ups_and_identical_settings() -> None:
    c = compare("random", ["beginner", "random"], rules=TIC_TAC_TOE, games=300, progress=False)
    assert c.difference.low > 0 and "higher" in c.verdict
    same = compare(FirstWins(k=2), FirstWins(k=5), games=20, progress=False)
    # every pair agreed, yet 20 games cannot rule out a small difference either way
    assert same.difference.value == 0.0 and same.difference.low < 0 < same.difference.high
    assert same.verdict == "A and B gave the same result in every one of the 20 paired games"


@pytest.mark.parametrize("measure_name", [q for q in design.QUANTITIES if q != "score"])
def test_compare_never_says_no_difference(measure_name: str) -> None:
    for b in (Countdown(b=4), Countdown(b=5), Countdown(b=1)):
        c = compare(Countdown(b=4), b, measure=measure_name, games=60, progress=False)
        assert "no difference" not in c.verdict and "same" not in c.verdict.replace(
            "the same result in every one", ""
        )


def test_compare_scores_of_a_game_played_alone() -> None:
    from gamekit import roaster

    c = compare(
        "random", "beginner", rules=roaster.Rules(), measure="score", games=40, progress=False
    )
    assert c.difference.low > 0 and c.verdict.startswith("B is higher by")
    assert "score points" in c.verdict
    with pytest.raises(ValueError, match="keeps no scores"):
        compare(Countdown(b=4), Countdown(b=5), measure="score", games=10, progress=False)


def test_compare_a_way_of_ending() -> None:
    c = compare(Countdown(b=4), Countdown(b=1), measure="ending:tie", games=40, progress=False)
    assert c.b == Interval(c.b.low, 1.0, 1.0) and c.difference.low > 0  # b=1: always a tie
    assert c.verdict.startswith("B is higher by") and "points" in c.verdict
    with pytest.raises(ValueError, match="not a way this game ends; its endings are total, tie"):
        compare(Countdown(b=4), Countdown(b=1), measure="ending:line", games=10)


def test_verdict_words() -> None:
    assert design.verdict(Interval(0.024, 0.045, 0.066), "first", 1000) == (
        "B is higher by 4.5 points (2.4–6.6), from 1,000 paired games"
    )
    assert design.verdict(Interval(-0.012, 0.009, 0.03), "first", 1000) == (
        "cannot tell at 1,000 games: the difference lies between −1.2 and +3.0 points"
    )
    assert design.verdict(Interval(-3.0, -2.0, -1.0), "length", 50).startswith(
        "B is lower by 2.0 plies (1.0–3.0)"
    )


# ---------------------------------------------------------------------------------------
# Skill, luck, restricted play
# ---------------------------------------------------------------------------------------


def test_skill_trace_rows() -> None:
    trace = skill_trace(TIC_TAC_TOE, levels=("random", "beginner"), games=200, progress=False)
    assert len(trace) == 1
    step = trace[0]
    assert (step.higher, step.lower, step.games) == ("beginner", "random", 200)
    assert step.share.low > 0.5  # looking one move ahead beats random play
    assert "beginner over random" in repr(step)


def test_skill_on_a_game_of_pure_chance_is_even() -> None:
    step = skill_trace(CoinFlip(), levels=("random", "beginner"), games=300, progress=False)[0]
    assert _holds(step.share, 0.5)


def test_restricted_play_where_the_value_of_freedom_is_known() -> None:
    # kept to 0 in Countdown (3 numbers each from 0-3): it can only draw, when the free
    # player also plays 0 three times (1/64), for half a point: 1/128 of the points
    only_zero = design.allow(lambda state, move: str(move) == "0")
    r = restricted(Countdown(b=4, plies=6), only_zero, games=400, progress=False)
    assert _holds(r.share, 1 / 128)
    assert "the freedom is worth" in r.verdict


def test_luck_needs_chance() -> None:
    with pytest.raises(ValueError, match="no chance"):
        luck(TIC_TAC_TOE, games=10, progress=False)
    with pytest.raises(ValueError, match="fix one deal"):
        luck(CoinFlip(seed=4), games=10, progress=False)


# ---------------------------------------------------------------------------------------
# Bad input: a clear error naming the argument, nothing half-run
# ---------------------------------------------------------------------------------------


def test_bad_input_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="games must be from 2 to 100000000"):
        measure(TIC_TAC_TOE, games=0)
    with pytest.raises(TypeError, match="games must be a whole number"):
        measure(TIC_TAC_TOE, games=2.5)
    with pytest.raises(TypeError, match="rules must be the rules of a registered game"):
        measure("tic-tac-toe")
    with pytest.raises(ValueError, match="unknown level 'grandmaster'"):
        measure(TIC_TAC_TOE, players="grandmaster")
    with pytest.raises(ValueError, match="one player per seat"):
        measure(TIC_TAC_TOE, players=["random"])
    with pytest.raises(ValueError, match="measure must be one of"):
        compare(TIC_TAC_TOE, TIC_TAC_TOE, measure="fun")
    with pytest.raises(TypeError, match="rules="):
        compare("random", "beginner")
    with pytest.raises(ValueError, match="levels must name two levels"):
        skill_trace(TIC_TAC_TOE, levels=("random",))


def test_a_player_of_another_game_is_refused_before_any_game() -> None:
    coffee_move = PolicyPlayer(lambda state: coffee.Rules().start().legal_moves()[0])
    with pytest.raises(ValueError, match=r"players\[0\] .* cannot play lines-test"):
        measure(TIC_TAC_TOE, players=[coffee_move, "random"], games=10)


def test_a_restriction_that_leaves_no_move_is_refused() -> None:
    nothing = design.allow(lambda state, move: False)
    with pytest.raises(ValueError, match="leaves no legal move"):
        restricted(TIC_TAC_TOE, nothing, games=10, progress=False)
    with pytest.raises(ValueError, match="random or the beginner"):
        restricted(TIC_TAC_TOE, nothing, player="club", games=10, progress=False)
    with pytest.raises(TypeError, match="restriction must be a function"):
        restricted(TIC_TAC_TOE, 3, games=10, progress=False)


# ---------------------------------------------------------------------------------------
# Pictures
# ---------------------------------------------------------------------------------------


def test_report_and_fingerprint_draw_every_panel() -> None:
    a = measure(TIC_TAC_TOE, games=60, progress=False)
    b = measure(Countdown(), games=60, progress=False)
    fig = design.report(a)
    assert [ax.get_title() for ax in fig.axes] == [
        "Who wins",
        "How long a game lasts",
        "Moves to choose from",
        "How games end",
    ]
    both = design.fingerprint([a, b], names=["tic-tac-toe", "countdown"])
    assert len(both.axes) == 6
    assert [t.get_text() for t in both.axes[0].get_yticklabels()] == ["tic-tac-toe", "countdown"]
    with pytest.raises(TypeError, match="measures must come from"):
        design.report("a table")
    assert math.isfinite(a.length.value)


def test_the_design_pictures_carry_their_numbers_in_words() -> None:
    a = measure(TIC_TAC_TOE, games=60, progress=False)
    words = design.report(a)._gamekit_alt
    assert words.startswith("Four charts of lines-test") and "black wins" in words
    both = design.fingerprint([a, measure(Countdown(), games=60, progress=False)], names=["x", "y"])
    assert (
        both._gamekit_alt.startswith("Design fingerprints")
        and "x: first seat's points" in both._gamekit_alt
    )
