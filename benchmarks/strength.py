"""How strong the computer players are: win rates of MCTS against random and greedy
players, each pairing played from both seats. Printed, never asserted.

    .venv/bin/python benchmarks/strength.py            # Coffee hex5 n=5, GIPF basic
    .venv/bin/python benchmarks/strength.py --games 10 --workers 2

Takes minutes (MCTS plays hundreds of playouts per move); ``make bench`` does not run it.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import importlib
import time

from gamekit import coffee
from gamekit.players import DEFAULT_ITERATIONS, GreedyPlayer, MCTSPlayer, RandomPlayer
from gamekit.sim import play_many


def match(rules, a, b, games: int, seed: int, executor) -> tuple[float, float, int]:
    """``a``'s score against ``b`` over ``games`` games, half from each seat: (share, standard
    error, games)."""
    half = games // 2
    first = play_many(rules, [a, b], half, seed, executor=executor, chunk=1, progress=False)
    second = play_many(
        rules, [b, a], games - half, seed + 1, executor=executor, chunk=1, progress=False
    )
    wins = (first.winner == 0).sum() + (second.winner == 1).sum()
    draws = (first.winner == -1).sum() + (second.winner == -1).sum()
    p = (wins + 0.5 * draws) / games
    return float(p), float((p * (1 - p) / games) ** 0.5), games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per pairing")
    parser.add_argument("--workers", type=int, default=1, help="processes")
    parser.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    parser.add_argument("--gipf-iterations", type=int, default=100)
    parser.add_argument("--skip-gipf", action="store_true")
    parser.add_argument("--skip-coffee", action="store_true")
    args = parser.parse_args()
    games = [("coffee hex5 n=5", coffee.Rules(board="hex", size=5, n=5), args.iterations)]
    if args.skip_coffee:
        games = []
    if not args.skip_gipf:
        try:
            gipf = importlib.import_module("gamekit.gipf")
            games.append(("gipf basic", gipf.Rules(variant="basic"), args.gipf_iterations))
        except ImportError:
            pass
    pool = cf.ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for name, rules, iterations in games:
            mcts = MCTSPlayer(iterations=iterations)
            for label, a, b in [
                ("greedy vs random", GreedyPlayer(), RandomPlayer()),
                (f"mcts({iterations}) vs random", mcts, RandomPlayer()),
                (f"mcts({iterations}) vs greedy", mcts, GreedyPlayer()),
            ]:
                start = time.perf_counter()
                p, se, n = match(rules, a, b, args.games, 7, pool)
                print(
                    f"{name:<16} {label:<24} {100 * p:5.1f}% ± {100 * se:4.1f} over {n} games "
                    f"({time.perf_counter() - start:5.1f} s)",
                    flush=True,
                )
    finally:
        if pool is not None:
            pool.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
