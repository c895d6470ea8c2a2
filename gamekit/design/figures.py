"""Pictures of measurements: one game's dashboard, and several games side by side.

>>> from gamekit import coffee
>>> from gamekit.design import measure
>>> m = measure(coffee.Rules(board="square", size=4), games=100, progress=False)
>>> fig = report(m)
>>> [ax.get_title() for ax in fig.axes]
['Who wins', 'How long a game lasts', 'Moves to choose from', 'How games end']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from gamekit.design.measures import Measures
from gamekit.errors import shown
from gamekit.stats import Interval, error_bars

__all__ = ["report", "fingerprint"]

#: Okabe–Ito blue and vermillion, told apart by people with any colour vision.
_BAR = "#0072B2"
_MARK = "#D55E00"


def _check(measures: Any) -> Measures:
    if not isinstance(measures, Measures):
        raise TypeError(f"measures must come from gamekit.design.measure, not {shown(measures)}")
    return measures


def report(measures: Measures) -> Any:
    """One game's design dashboard (a matplotlib figure): the share of wins from each
    seat and of games without a single winner, the histogram of lengths, the number of
    legal moves at each ply, and how games end; every bar with its 95 % interval.

    Raises:
        TypeError: ``measures`` is not a :class:`Measures`.
    """
    import matplotlib.pyplot as plt

    m = _check(measures)
    fig, axes = plt.subplots(2, 2, figsize=(10, 6.4))
    shares = {f"{seat} wins": i for seat, i in m.shares.items()}
    shares["no single winner"] = m.draws
    _bars(axes[0, 0], shares, "Who wins", reference=1 / max(len(m.shares), 1))
    ax = axes[0, 1]
    top = int(m.lengths.max(initial=0))
    ax.hist(m.lengths, bins=np.arange(0, top + 2) - 0.5 if top < 60 else 30, color=_BAR)
    ax.axvline(m.length.value, color=_MARK, linestyle="--", linewidth=1.5)
    ax.set_title("How long a game lasts", fontsize=10)
    ax.set_xlabel(f"plies (dashed: the mean, {m.length.value:.1f})")
    ax.set_ylabel("games")
    ax = axes[1, 0]
    curve = m.branching_curve
    if m.results is not None:  # where fewer than 20 games go on, the mean is mostly noise
        going = (m.results.branching > 0).sum(axis=0)
        curve = curve[: max(1, int((going >= min(20, m.games)).sum()))]
    ax.plot(
        np.arange(1, len(curve) + 1), curve, color=_BAR, marker="." if len(curve) < 40 else None
    )
    ax.set_title("Moves to choose from", fontsize=10)
    ax.set_xlabel("ply (the mean over the games still going, while 20 or more are)")
    ax.set_ylabel("legal moves, on average")
    ax.set_ylim(bottom=0)
    _bars(axes[1, 1], dict(m.endings), "How games end", reference=None)
    fig.suptitle(m._title(), fontsize=10)
    fig.tight_layout()
    plt.close(fig)
    seats = "; ".join(f"{seat} wins {i.percent()}" for seat, i in m.shares.items())
    _describe(
        fig,
        f"Four charts of {m._title()}. Who wins: {seats}; no single winner "
        f"{m.draws.percent()}. Length: {m.length.value:.1f} plies on average, from "
        f"{int(m.lengths.min())} to {int(m.lengths.max())}. Legal moves per decision: "
        f"{m.branching.value:.1f} on average. How games end: "
        + "; ".join(f"{e} {i.percent()}" for e, i in m.endings.items())
        + ".",
    )
    return fig


def _describe(fig: Any, words: str) -> None:
    """Give ``fig`` its text alternative (a notebook stores it with the picture)."""
    from gamekit.render import describe

    describe(fig, words)


def _bars(ax: Any, shares: dict[str, Interval], title: str, reference: float | None) -> None:
    labels = list(shares)
    items = list(shares.values())
    rows = np.arange(len(items))[::-1]
    ax.barh(rows, [100 * i.value for i in items], xerr=error_bars(items), capsize=4, color=_BAR)
    for row, item in zip(rows, items, strict=True):
        ax.text(
            min(100 * item.high + 2, 101), row, f"{100 * item.value:.1f} %", va="center", fontsize=8
        )
    if reference is not None:
        ax.axvline(100 * reference, color="grey", linestyle="--", linewidth=1)
    ax.set_yticks(rows, labels)
    ax.set_xlim(0, 115)
    ax.set_xticks(range(0, 101, 20))
    ax.set_xlabel("% of games (bars: 95 % intervals)")
    ax.set_title(title, fontsize=10)


#: The panels of a fingerprint: (title, how to read a measurement, scale, unit).
_PANELS: tuple[tuple[str, str, float, str], ...] = (
    ("First seat's points", "advantage", 100.0, "%"),
    ("Games without a single winner", "draws", 100.0, "%"),
    ("Length", "length", 1.0, "plies"),
    ("Legal moves per decision", "branching", 1.0, "moves"),
    ("Decisions with a choice", "decisions", 100.0, "%"),
    ("Board cells used", "coverage", 100.0, "%"),
)


def _drawn(m: Measures, name: str) -> bool:
    """Whether a fingerprint draws measure ``name`` of ``m`` (a game played alone has no
    first seat to favour and no draws; a game without a board, no cells used)."""
    if getattr(m, name) is None:
        return False
    return not (name in ("advantage", "draws") and len(m.shares) == 1)


def fingerprint(
    measures: Sequence[Measures], names: Sequence[str] | None = None, simultaneous: bool = False
) -> Any:
    """Several measurements side by side (a matplotlib figure): one panel per measure,
    one row per game, each value with its 95 % interval, so a class sees how the games
    differ in shape. A game without a board shows no dot for board cells, a game played
    alone none for the first seat's points and for draws. Of many 95 % intervals about 1
    in 20 misses its true value; ``simultaneous=True`` draws them wide enough to hold all at
    once 95 times in 100 (:meth:`Measures.simultaneous`), for reading the picture as a whole.

    Raises:
        TypeError: an item is not a :class:`Measures`; ``names`` not one per item.
    """
    import matplotlib.pyplot as plt

    items = [_check(m) for m in measures]
    if not items:
        raise ValueError("give at least one measurement to draw")
    if not isinstance(simultaneous, bool):
        raise TypeError(f"simultaneous must be True or False, not {shown(simultaneous)}")
    if simultaneous:
        count = sum(1 for m in items for panel in _PANELS if _drawn(m, panel[1]))
        items = [m.simultaneous(count=count) for m in items]
    labels = list(names) if names is not None else [m.label for m in items]
    if len(labels) != len(items):
        raise TypeError(f"names must give one name per measurement ({len(items)})")
    fig, axes = plt.subplots(2, 3, figsize=(11, 1.2 + 0.5 * len(items) * 2))
    rows = np.arange(len(items))[::-1]
    for ax, (title, name, scale, unit) in zip(axes.flat, _PANELS, strict=True):
        for row, m in zip(rows, items, strict=True):
            value = getattr(m, name)
            if not _drawn(m, name):
                continue  # a game played alone has no first seat to favour, no draws
            low, high = scale * (value.value - value.low), scale * (value.high - value.value)
            ax.errorbar(
                scale * value.value,
                row,
                xerr=[[max(low, 0)], [max(high, 0)]],
                fmt="o",
                color=_BAR,
                ecolor=_MARK,
                capsize=4,
            )
        ax.set_yticks(rows, labels, fontsize=8)
        ax.set_ylim(-0.7, len(items) - 0.3)
        ax.set_title(title, fontsize=10)
        ax.set_xlabel(unit)
        ax.grid(axis="x", alpha=0.3)
    bars = (
        f"bars: intervals that hold all at once 95 times in 100, z = {items[0].z:.2f}"
        if simultaneous
        else "bars: 95 % intervals"
    )
    fig.suptitle(f"Design fingerprints (dots: value; {bars})", fontsize=10)
    fig.tight_layout()
    plt.close(fig)
    lines = []
    for label, m in zip(labels, items, strict=True):
        parts = [
            f"length {m.length.value:.1f} plies",
            f"{m.branching.value:.1f} legal moves per decision",
        ]
        if len(m.shares) > 1:
            parts.insert(0, f"first seat's points {m.advantage.percent()}")
        if m.coverage is not None:
            parts.append(f"board cells used {m.coverage.percent()}")
        lines.append(f"{label}: " + ", ".join(parts))
    width = "all its intervals holding at once 95 times in 100" if simultaneous else "95 %"
    _describe(
        fig,
        f"Design fingerprints, each value with its interval ({width}). " + "; ".join(lines) + ".",
    )
    return fig
