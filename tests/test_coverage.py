"""Every interval the design lab prints holds its true value as often as it says (95 %).

The games here are drawn from stated chances (``design_games.Known``), so every measure's
truth is known exactly. Each measurement is repeated with new seeds and the share of runs
whose interval holds the truth (the coverage) must be at least 93 % (each coverage is
measured from 2,000 runs, so a coverage of 95 % lands above 93 % all but about 1 time in
10,000; the seeds are fixed, so the test gives the same answer every run).
"""

from __future__ import annotations

import numpy as np
import pytest
from design_games import Known

from gamekit import design
from gamekit.design import compare_results, measure
from gamekit.sim import Results

RUNS = 2000
LEAST = 0.93
MEASURES = (
    "a",
    "b",
    "advantage",
    "balance",
    "seat_gap",
    "draws",
    "completion",
    "length",
    "branching",
    "decisions",
    "coverage",
    "pieces",
)


def _interval(m: design.Measures, name: str):
    if name in ("a", "b"):
        return m.shares[name]
    return getattr(m, name)


def _coverage(rules: Known, games: int) -> dict[str, float]:
    truth = rules.truth()
    held = dict.fromkeys(MEASURES, 0)
    for run in range(RUNS):
        m = measure(rules, games=games, seed=10_000 + run, progress=False)
        for name in MEASURES:
            iv = _interval(m, name)
            held[name] += iv.low - 1e-12 <= truth[name] <= iv.high + 1e-12
    design.clear_cache()
    return {name: held[name] / RUNS for name in MEASURES}


@pytest.mark.slow
@pytest.mark.parametrize(
    "rules, games",
    [
        (Known(a=0.45, b=0.45), 200),  # a perfectly even game: balance's truth is 1
        (Known(a=0.45, b=0.45), 1000),  # more games must not make it worse
        (Known(a=0.55, b=0.35), 200),  # a biased one
        (Known(a=0.5, b=0.5, stop=1.0), 100),  # no draws, every game one ply long
    ],
    ids=["even-200", "even-1000", "biased-200", "fixed-length-100"],
)
def test_every_interval_of_measure_covers_its_truth(rules: Known, games: int) -> None:
    coverage = _coverage(rules, games)
    missed = {name: c for name, c in coverage.items() if c < LEAST}
    assert not missed, f"coverage below {LEAST:.0%}: {missed}"


def _paired(rng: np.random.Generator, games: int, cells: tuple[float, float, float, float]):
    """Two Results of paired games: per game a's and b's first seat won (both, a only, b
    only, neither, with the chances ``cells``); lengths that differ by a skewed amount."""
    kind = rng.choice(4, size=games, p=cells)
    first_a = (kind == 0) | (kind == 1)
    first_b = (kind == 0) | (kind == 2)
    length_a = 1 + rng.geometric(0.2, games)
    length_b = length_a + rng.geometric(0.5, games) - 1  # b adds 1 ply on average
    out = []
    for first, length in ((first_a, length_a), (first_b, length_b)):
        width = int(length.max())
        ply = np.arange(width)
        out.append(
            Results(
                game="known-test",
                rules=Known(),
                winner=np.where(first, 0, 1),
                winner_colour=np.where(first, "a", "b"),
                length=length,
                ended=np.full(games, "won"),
                branching=np.where(ply[None, :] < length[:, None], 1 + ply % 4, 0),
                pairing="paired by construction",
            )
        )
    return out


@pytest.mark.slow
@pytest.mark.parametrize("games", [50, 200, 1000])
@pytest.mark.parametrize(
    "cells",
    [(0.5, 0.0, 0.05, 0.45), (0.45, 0.05, 0.05, 0.45), (0.3, 0.0, 0.02, 0.68)],
    ids=["one-way", "both-ways", "rare-one-way"],
)
def test_paired_differences_cover_their_truth_in_small_samples(cells, games: int) -> None:
    rng = np.random.default_rng(games)
    truth = cells[2] - cells[1]
    held = 0
    held_length = 0
    for _ in range(RUNS):
        a, b = _paired(rng, games, cells)
        d = compare_results(a, b, "first").difference
        held += d.low - 1e-12 <= truth <= d.high + 1e-12
        dl = compare_results(a, b, "length").difference
        held_length += dl.low <= 1.0 <= dl.high
    assert held / RUNS >= LEAST, f"paired share: {held / RUNS:.3f}"
    if games >= 200:  # the normal interval of a mean needs some games on skewed data
        assert held_length / RUNS >= LEAST, f"paired length: {held_length / RUNS:.3f}"


def test_results_that_are_not_paired_games_are_refused_in_words() -> None:
    rng = np.random.default_rng(1)
    a, b = _paired(rng, 100, (0.5, 0.0, 0.05, 0.45))
    from dataclasses import replace

    with pytest.raises(ValueError, match="not paired games.*play_many from one seed"):
        compare_results(a, replace(b, pairing="games from seed 3"), "first")
    with pytest.raises(ValueError, match="not paired games"):
        compare_results(replace(a, pairing=None), replace(b, pairing=None), "first")
