"""Moving over a board with the arrow keys: which place each arrow leads to.

A board lists the places a click can act on (its *targets*: cells, dots, token slots) with
their centres in the picture's own units (y grows downwards, as on the screen).
:func:`arrow_map` says, for each place and each arrow key, where the cursor goes: the nearest
place in that direction, preferring the straightest. On a hexagonal board an arrow that
points between two neighbours (right, on a board whose columns run up and down) has two
answers: the plain key takes one, the key with Shift the other, so both of the grid's own
directions are reachable, and Right then Left comes back where it started (at an edge, where
one of the two is missing, Right takes the other and Shift+Left comes back).

>>> from gamekit.grids import square, hexhex
>>> g = square(3)
>>> keys = arrow_map({g.label(i): (x, -y) for i, (x, y) in enumerate(g.centres)})
>>> keys["b2"]["ArrowUp"], keys["b2"]["ArrowRight"], keys["a1"].get("ArrowLeft")
('b3', 'c2', None)
>>> h = hexhex(2)
>>> keys = arrow_map({h.label(i): (x, -y) for i, (x, y) in enumerate(h.centres)})
>>> keys["b2"]["ArrowRight"], keys["b2"]["Shift+ArrowRight"], keys["c2"]["ArrowLeft"]
('c2', 'c1', 'b2')
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from gamekit.grids import Grid

__all__ = ["ARROWS", "arrow_map", "cursor_radius", "grid_places", "start_target"]

#: The arrow keys and the way each points on the screen (y downwards).
ARROWS: dict[str, tuple[float, float]] = {
    "ArrowRight": (1.0, 0.0),
    "ArrowLeft": (-1.0, 0.0),
    "ArrowUp": (0.0, -1.0),
    "ArrowDown": (0.0, 1.0),
}

#: How far from the arrow's own direction a place may lie and still be "that way".
_WIDEST = math.radians(50)


def _cost(dx: float, dy: float, ux: float, uy: float) -> float | None:
    """How far a step of (dx, dy) is from "one step along (ux, uy)" (None: not that way)."""
    dist = math.hypot(dx, dy)
    if dist == 0:
        return None
    cos = (dx * ux + dy * uy) / dist
    if cos < math.cos(_WIDEST):
        return None
    return dist * (1.0 + 2.0 * (1.0 - cos))


def arrow_map(points: Mapping[str, tuple[float, float]]) -> dict[str, dict[str, str]]:
    """For each place, the place each arrow key leads to (keys ``ArrowUp`` … and
    ``Shift+ArrowUp`` …; an arrow with nowhere to go is left out). ``points`` maps a place's
    name to its centre, y downwards. See the module's example."""
    names = list(points)
    out: dict[str, dict[str, str]] = {}
    for name in names:
        px, py = points[name]
        moves: dict[str, str] = {}
        for key, (ux, uy) in ARROWS.items():
            best: list[tuple[float, float, str]] = []
            for other in names:
                ox, oy = points[other]
                cost = _cost(ox - px, oy - py, ux, uy)
                if cost is None:
                    continue
                # Which side of the arrow the place lies on: it splits a tie between two.
                side = ux * (oy - py) - uy * (ox - px)
                best.append((cost, side, other))
            if not best:
                continue
            least = min(c for c, _, _ in best)
            tied = sorted((s, o) for c, s, o in best if c <= least * (1 + 1e-3))
            moves[key] = tied[0][1]
            moves["Shift+" + key] = tied[-1][1]
        out[name] = moves
    return out


def grid_places(grid: Grid) -> dict[str, tuple[float, float]]:
    """Every cell of ``grid`` as a place for the ring: label -> centre in drawing units
    (what a board on a grid returns as its keyboard targets).

    >>> from gamekit.grids import square
    >>> grid_places(square(3))["b2"]
    (1.0, 1.0)
    """
    return {grid.label(i): (float(x), float(y)) for i, (x, y) in enumerate(grid.centres)}


def cursor_radius(points: Mapping[str, tuple[float, float]]) -> float:
    """A ring's radius that fits round one place without reaching its neighbours: a little
    under half the smallest distance between two places (1.0 for a single place).

    >>> cursor_radius({"a": (0, 0), "b": (2, 0), "c": (0, 5)})
    0.9
    """
    xy = list(points.values())
    gaps = [math.dist(p, q) for i, p in enumerate(xy) for q in xy[i + 1 :] if p != q]
    return round(0.45 * min(gaps), 6) if gaps else 1.0


def start_target(points: Mapping[str, tuple[float, float]]) -> str | None:
    """Where the cursor starts: the place nearest the middle of them all (``None`` if there
    are none).

    >>> start_target({"a1": (0, 0), "b1": (1, 0), "c1": (2, 0)})
    'b1'
    """
    if not points:
        return None
    xs = [x for x, _ in points.values()]
    ys = [y for _, y in points.values()]
    mx, my = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    return min(points, key=lambda n: (math.dist(points[n], (mx, my)), n))
