"""Speed figures for gamekit, printed (never asserted): ``make bench``.

- random Coffee games per second with the rules engine (:mod:`gamekit.coffee`), each move
  picked uniformly from ``state.legal_moves()`` with a seeded numpy ``Generator``, plus the
  mean game length and how the games ended (a line of ``n`` or a blocked player);
- perft(3) on hexhex 5 (57,456 move sequences, ``shared/rules/coffee.md``) in leaf nodes per
  second.

The whole run takes well under a minute; the numbers depend on the machine.
"""

from __future__ import annotations

import platform
import time

import numpy as np

from gamekit import __version__, coffee
from gamekit.perft import perft

SEED = 20240601
#: Boards for random games: (board, size, n, games).
GAMES = [
    ("hex", 5, 5, 1000),
    ("square", 5, 4, 3000),
    ("square", 7, 5, 1000),
]
#: perft reference (shared/rules/coffee.md, "Reference figures").
PERFT = ("hex", 5, 3, 57_456)


def random_game(rules: coffee.Rules, rng: np.random.Generator) -> coffee.State:
    """Play one game to its end, each move chosen uniformly among the legal ones."""
    state = rules.start()
    while state.outcome is None:
        moves = state.legal_moves()
        state = state.play(moves[rng.integers(len(moves))])
    return state


def bench_games(board: str, size: int, n: int, games: int) -> str:
    rules = coffee.Rules(board=board, size=size, n=n)
    rng = np.random.default_rng(SEED)
    lengths, blocked = [], 0
    start = time.perf_counter()
    for _ in range(games):
        state = random_game(rules, rng)
        lengths.append(state.stone_count)
        blocked += not state.outcome.line
    seconds = time.perf_counter() - start
    lines = games - blocked
    return (
        f"{rules.name:<8} n={n}  {games:>5} games in {seconds:5.2f} s = {games / seconds:7.1f} "
        f"games/s  {sum(lengths) / seconds:8.0f} moves/s  mean length {np.mean(lengths):5.1f}  "
        f"line {lines} ({100 * lines / games:.0f}%)  blocked {blocked} "
        f"({100 * blocked / games:.0f}%)"
    )


def bench_perft(board: str, size: int, depth: int, expected: int) -> str:
    state = coffee.Rules(board=board, size=size).start()
    start = time.perf_counter()
    nodes = perft(state, depth)
    seconds = time.perf_counter() - start
    check = "ok" if nodes == expected else f"EXPECTED {expected:,}"
    return (
        f"perft({depth}) {board}{size}: {nodes:,} nodes ({check}) in {seconds:5.2f} s = "
        f"{nodes / seconds:,.0f} nodes/s"
    )


def main() -> int:
    print(
        f"gamekit {__version__}, Python {platform.python_version()}, numpy {np.__version__}, "
        f"{platform.machine()}; seed {SEED}"
    )
    total = time.perf_counter()
    print("Random Coffee games (uniform over state.legal_moves()):")
    for board, size, n, games in GAMES:
        print("  " + bench_games(board, size, n, games), flush=True)
    print("Perft:")
    print("  " + bench_perft(*PERFT), flush=True)
    print(f"total {time.perf_counter() - total:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
