"""Tests of gamekit.stats: intervals checked against values computed by hand."""

from __future__ import annotations

import math

import matplotlib
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamekit import coffee, hextiles, roaster
from gamekit.coffee.openings import opening_shares, play_openings
from gamekit.design.panel import experiment_panel, plot_shares
from gamekit.errors import InvalidNotationError
from gamekit.players import PolicyPlayer, RandomPlayer
from gamekit.sim import play_many
from gamekit.stats import (
    Z95,
    Interval,
    error_bars,
    head_to_head,
    mean_interval,
    share,
    simultaneous_z,
    wilson,
)

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after choosing the backend)

# Wilson 95 % intervals, from the closed form (Wilson 1927) worked by hand:
# (successes, n, low, high).
WILSON = [
    (6, 6, 0.6097, 1.0),
    (0, 10, 0.0, 0.2775),
    (50, 100, 0.4038, 0.5962),
    (520, 1000, 0.4890, 0.5508),
]


@pytest.mark.parametrize(("k", "n", "low", "high"), WILSON)
def test_wilson_matches_worked_values(k, n, low, high):
    got = wilson(k, n)
    assert math.isclose(got.low, low, abs_tol=5e-4)
    assert math.isclose(got.high, high, abs_tol=5e-4)
    assert got.value == k / n


@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_stays_within_zero_and_one_and_holds_the_share(kn):
    k, n = kn
    got = wilson(k, n)
    assert 0.0 <= got.low <= got.value <= got.high <= 1.0


@pytest.mark.parametrize(
    ("args", "error", "words"),
    [
        ((1, 0), ValueError, "at least one game"),
        ((5, 3), ValueError, "cannot exceed"),
        ((-1, 3), ValueError, "0 or more"),
        ((1.5, 3), TypeError, "whole number"),
        ((True, 3), TypeError, "whole number"),
    ],
)
def test_wilson_refuses_counts_that_make_no_share(args, error, words):
    with pytest.raises(error, match=words):
        wilson(*args)


def test_a_mean_interval_is_mean_plus_or_minus_z_standard_errors():
    got = mean_interval([10, 12, 14, 16])
    half = 1.959963984540054 * math.sqrt(20 / 3) / 2
    assert got == Interval(13 - half, 13.0, 13 + half)
    with pytest.raises(ValueError, match="at least two"):
        mean_interval([3])


def test_an_interval_reads_as_percentages():
    assert wilson(1, 2).percent(0) == "50 % (9–91 %)"
    assert wilson(1, 2).excludes(0.95) and not wilson(1, 2).excludes(0.5)


# --- helpers of the design lessons ------------------------------------------------------


def test_a_share_of_flags_is_the_wilson_interval_of_their_count():
    hits = np.array([True, False, True, True, False])
    assert share(hits) == wilson(3, 5)
    assert share([True] * 6) == wilson(6, 6)
    with pytest.raises(ValueError, match="True/False"):
        share(np.array([1, 0, 1]))
    with pytest.raises(ValueError, match="at least one game"):
        share(np.array([], dtype=bool))


def test_error_bars_are_the_distances_to_both_ends_in_percent():
    bars = error_bars([Interval(0.4, 0.5, 0.7), Interval(0.0, 0.0, 0.25)])
    assert bars.shape == (2, 2)
    assert np.allclose(bars, [[10, 0], [20, 25]])
    assert error_bars([]).shape == (2, 0)
    with pytest.raises(TypeError, match="Interval"):
        error_bars([(0.1, 0.2, 0.3)])


def test_many_intervals_at_once_need_a_wider_z():
    assert math.isclose(simultaneous_z(1), Z95, rel_tol=1e-9)
    assert simultaneous_z(10) < simultaneous_z(100) < simultaneous_z(1000)
    assert simultaneous_z(5, level=0.99) > simultaneous_z(5)
    with pytest.raises(ValueError, match="from 1 to"):
        simultaneous_z(0)
    with pytest.raises(ValueError, match="between 0 and 1"):
        simultaneous_z(3, level=1.5)
    with pytest.raises(TypeError, match="whole number"):
        simultaneous_z(2.5)


def _first_move(state):
    return state.legal_moves()[0]


def test_head_to_head_plays_half_of_the_games_from_each_seat():
    # The same fixed plan on both sides plays the same game every time: one seat always
    # wins, so a player who sits there in exactly half of the games wins exactly half.
    rules = coffee.Rules(board="square", size=4)
    plan = PolicyPlayer(_first_move)
    got = head_to_head(rules, plan, plan, 10, seed=1)
    assert got.value == 0.5 and got == wilson(5, 10)
    assert head_to_head(rules, plan, plan, 7, seed=1).value in (3 / 7, 4 / 7)


def test_head_to_head_plays_each_deal_from_both_seats():
    # The same plan on both sides: on each deal one seat wins, and the player sits there in
    # exactly one of the two halves, so every deal without a shared win counts one win.
    rules = hextiles.Rules(players=2)
    plan = PolicyPlayer(_first_move)
    deals = play_many(rules, [plan, plan], 10, seed=1, progress=False)
    undecided = int((deals.winner == -1).sum())
    assert head_to_head(rules, plan, plan, 20, seed=1) == wilson(10 - undecided, 20)


def test_head_to_head_refuses_solo_games_and_too_few_games():
    with pytest.raises(ValueError, match="two players"):
        head_to_head(roaster.Rules(seed=1), RandomPlayer(), RandomPlayer(), 10)
    with pytest.raises(ValueError, match="2 or more"):
        head_to_head(coffee.Rules(), RandomPlayer(), RandomPlayer(), 1)


def test_opening_shares_cover_every_first_move_and_ignore_the_pie_rule():
    rules = coffee.Rules(board="hex", size=3)
    shares = opening_shares(rules, 50, seed=3)
    assert list(shares) == [str(m) for m in rules.start().legal_moves()]
    assert all(s.low <= s.value <= s.high for s in shares.values())
    assert opening_shares(coffee.Rules(board="hex", size=3, pie_rule=True), 50, seed=3) == shares
    wide = opening_shares(rules, 50, seed=3, z=3.0)  # the same games, wider intervals
    for move, interval in shares.items():
        assert wide[move].value == interval.value
        assert wide[move].low <= interval.low and wide[move].high >= interval.high
    with pytest.raises(TypeError, match="coffee.Rules"):
        opening_shares("hex3", 50)
    with pytest.raises(ValueError, match="1 or more"):
        opening_shares(rules, 0)
    with pytest.raises(ValueError, match="at most 64 cells"):
        opening_shares(coffee.Rules(board="hex", size=6, pie_rule=True), 10)


def _swapped(results):
    """Per game: whether the first player ended up as Orange (there was a swap)."""
    return (results.winner == 0) == (results.winner_colour == "orange")


def test_orange_swaps_exactly_when_the_estimated_share_is_above_half():
    rules = coffee.Rules(board="hex", size=3, pie_rule=True)
    shares = opening_shares(rules, 100, seed=1)
    strongest = max(shares, key=lambda m: shares[m].value)
    weakest = min(shares, key=lambda m: shares[m].value)
    assert shares[strongest].value > 0.5 > shares[weakest].value
    assert _swapped(play_openings(rules, 20, strongest, shares, seed=2)).all()
    assert not _swapped(play_openings(rules, 20, weakest, shares, seed=2)).any()
    assert _swapped(play_openings(rules, 20, "strongest", shares, seed=2)).all()
    # Without the pie rule nobody swaps, whatever the estimate.
    plain = coffee.Rules(board="hex", size=3)
    assert not _swapped(play_openings(plain, 20, "strongest", shares, seed=2)).any()


def test_the_fairest_opening_is_the_estimate_closest_to_half():
    rules = coffee.Rules(board="hex", size=3, pie_rule=True)
    shares = opening_shares(rules, 100, seed=1)
    fairest = min(shares, key=lambda m: abs(shares[m].value - 0.5))
    a = play_openings(rules, 10, "fairest", shares, seed=4)
    b = play_openings(rules, 10, fairest, shares, seed=4)
    assert (a.winner == b.winner).all() and (a.length == b.length).all()


@pytest.mark.parametrize(
    ("kwargs", "error", "words"),
    [
        ({"opening": "a1"}, InvalidNotationError, "not a Coffee move"),
        ({"opening": "swap"}, ValueError, "legal first move"),
        ({"opening": 3}, TypeError, "opening must be"),
        ({"opening": "fairest", "shares": None}, ValueError, "shares is needed"),
        ({"shares": {}}, ValueError, "every legal first move"),
        ({"swap_above": 2}, ValueError, "between 0 and 1"),
    ],
)
def test_play_openings_refuses_what_it_cannot_play(kwargs, error, words):
    rules = coffee.Rules(board="hex", size=3)
    shares = {str(m): wilson(1, 2) for m in rules.start().legal_moves()}
    args = {"opening": "random", "shares": shares} | kwargs
    with pytest.raises(error, match=words):
        play_openings(rules, 4, **args)
    with pytest.raises(ValueError, match="shares is needed"):
        play_openings(coffee.Rules(board="hex", size=3, pie_rule=True), 4)


def test_plot_shares_draws_one_bar_per_share_with_its_interval():
    ax = plot_shares({"a": wilson(3, 10), "b": wilson(9, 10)}, title="two")
    assert [t.get_text() for t in ax.get_yticklabels()] == ["a", "b"]
    assert ax.get_title() == "two"
    assert [t.get_text() for t in ax.texts] == ["30.0 %", "90.0 %"]
    plt.close(ax.figure)
    with pytest.raises(TypeError, match="map labels"):
        plot_shares([wilson(1, 2)])


def test_the_button_of_an_experiment_panel_runs_it_with_the_controls_values(capsys):
    import ipywidgets as widgets

    seen = []

    def run(games, pie_rule):
        seen.append((games, pie_rule))
        if games > 500:
            raise ValueError("games must be 500 at most here")

    games = widgets.IntSlider(value=100, max=1000)
    panel = experiment_panel(run, games=games, pie_rule=widgets.Checkbox(value=True))
    button = panel.children[0].children[-1]
    button.click()
    games.value = 900
    button.click()  # refused: the sentence is printed, no traceback
    assert seen == [(100, True), (900, True)]
    assert "500 at most" in capsys.readouterr().out


def test_an_experiment_panel_refuses_what_is_not_a_control():
    import ipywidgets as widgets

    with pytest.raises(TypeError, match="ipywidgets control"):
        experiment_panel(print, games=100)
    with pytest.raises(TypeError, match="function"):
        experiment_panel(3, games=widgets.IntSlider())


# -- the difference of two shares: Newcombe's interval (Newcombe 1998, method 10) ---------------


def test_a_difference_of_shares_matches_newcombes_worked_example() -> None:
    from gamekit.stats import difference

    d = difference([True] * 48 + [False] * 32, [True] * 56 + [False] * 14)  # 56/70 − 48/80
    assert round(d.value, 4) == 0.2
    assert (round(d.low, 4), round(d.high, 4)) == (0.0524, 0.3339)
    assert d.known and "rose" in d.words()


def test_a_difference_whose_interval_holds_zero_says_it_cannot_tell() -> None:
    from gamekit.stats import difference

    d = difference([True, False] * 500, [True] * 510 + [False] * 490)
    assert not d.known
    assert d.words("Black's share").endswith(
        "cannot tell at 1,000 games each whether Black's share changed"
    )
    with pytest.raises(ValueError):
        difference([], [True])


def test_the_charts_moved_to_the_design_lab_are_still_found_in_stats() -> None:
    import gamekit.stats

    assert gamekit.stats.plot_shares is plot_shares
    assert gamekit.stats.experiment_panel is experiment_panel
    with pytest.raises(AttributeError, match="no attribute 'drawing'"):
        gamekit.stats.drawing  # noqa: B018


def test_lesson_13s_wilson_interval_worked_by_hand() -> None:
    """The numbers lesson 13 works by hand: 53 wins in 100 games, and 111 intervals."""
    import math
    from statistics import NormalDist

    from gamekit.stats import simultaneous_z, wilson

    z, n, p = 1.96, 100, 0.53
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert (round(centre, 4), round(half, 4)) == (0.5289, 0.096)
    interval = wilson(53, 100)
    assert round(interval.low, 3) == round(centre - half, 3) == 0.433
    assert round(interval.high, 3) == round(centre + half, 3) == 0.625
    assert round(1 - 0.95**111, 3) == 0.997 and round(0.95**111, 4) == 0.0034
    assert round(simultaneous_z(111), 2) == round(NormalDist().inv_cdf(1 - 0.05 / 222), 2) == 3.51
