"""How much faster :func:`gamekit.sim.play_many` runs on a Dask cluster, printed (never
asserted): ``.venv/bin/python benchmarks/dask_speedup.py [GAMES]``.

The same seeded random Coffee games (hexhex 5, ``n`` = 5) are played three ways: in this
process, then on a local Dask cluster of one and of two worker processes (one thread each).
Each line gives games per second and the ratio to the in-process run, from the faster of
two timings (the machine's other load makes single timings noisy); the cluster runs are
timed after the workers have started, as on a cluster that is already up. The results are
checked to be the same games every time. Needs the ``cluster`` extra
(``pip install -e ".[cluster]"``); the numbers depend on the machine and its load.
"""

from __future__ import annotations

import os
import sys
import time

import numpy as np

from gamekit import coffee
from gamekit.players import RandomPlayer
from gamekit.sim import play_many

RULES = coffee.Rules(board="hex", size=5, n=5)
PLAYERS = [RandomPlayer(), RandomPlayer()]
SEED = 20240601


REPEATS = 2


def timed(games: int, executor=None):
    """The results and the faster of :data:`REPEATS` timings, in seconds."""
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        res = play_many(RULES, PLAYERS, games, seed=SEED, executor=executor, progress=False)
        best = min(best, time.perf_counter() - start)
    return res, best


def main(argv: list[str]) -> int:
    import distributed

    games = int(argv[0]) if argv else 4000
    print(f"{games} random games of Coffee {RULES.name} n={RULES.n}; {os.cpu_count()} CPUs")
    serial, seconds = timed(games)
    base = games / seconds
    print(f"in this process      {seconds:6.2f} s  {base:7.1f} games/s  x1.00")
    for workers in (1, 2):
        with (
            distributed.LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
            ) as cluster,
            distributed.Client(cluster) as client,
        ):
            client.wait_for_workers(workers)
            res, seconds = timed(games, client)
        same = all(
            np.array_equal(getattr(res, k), getattr(serial, k))
            for k in ("winner", "length", "branching")
        )
        rate = games / seconds
        print(
            f"Dask, {workers} worker{'s' if workers > 1 else ' '}     {seconds:6.2f} s  "
            f"{rate:7.1f} games/s  x{rate / base:.2f}  (same games: {same})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
