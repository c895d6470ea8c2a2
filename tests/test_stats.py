"""Tests of gamekit.stats: intervals checked against values computed by hand."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamekit.stats import Interval, mean_interval, wilson

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
