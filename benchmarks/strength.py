"""How strong the computer's levels are, measured: printed, never asserted.

For each game with two players (Coffee, GIPF, Hex Tiles) a table of each level of
:data:`gamekit.players.LEVEL_NAMES` against each lower one, and of the strongest against the
greedy player: games (half from each seat, on the same deals), wins and draws of the higher
level, its share with a Wilson 95 % interval (:func:`gamekit.stats.wilson`, a draw counting
half, rounded down), and the wall time. Then each level's time per move and playouts per move, measured
in games against the random player. For Coffee Roaster (played alone) the mean score of each
level per card, with a 95 % interval (:func:`gamekit.stats.mean_interval`).

    .venv/bin/python benchmarks/strength.py                    # everything: hours
    .venv/bin/python benchmarks/strength.py --games 20 --roaster-games 50 --only gipf
    .venv/bin/python benchmarks/strength.py --games 100 --strong-games 40   # fewer hours
    .venv/bin/python benchmarks/strength.py --adjacent   # each level against the next only

The levels think on the clock (``club`` and ``strong``), so their strength depends on the
machine and its load: the time table says how many playouts they made here. The games run
in ``--workers`` processes (:func:`gamekit.sim.play_many` with a ProcessPoolExecutor).
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import time
from typing import Any

import numpy as np

from gamekit import coffee, gipf, hextiles, roaster
from gamekit.players import LEVEL_NAMES, GreedyPlayer, Player, RandomPlayer, make_player
from gamekit.sim import play_many
from gamekit.stats import mean_interval, wilson

SEED = 15
#: The games with two players, as the boards start them.
GAMES = {
    "coffee": ("Coffee hex5 n=5", coffee.Rules(board="hex", size=5, n=5)),
    "gipf": ("GIPF standard", gipf.Rules(variant="standard")),
    "hextiles": ("Hex Tiles, 2 players", hextiles.Rules(players=2)),
}


def pairs(adjacent: bool = False) -> list[tuple[str, str]]:
    """(higher, lower) for each level against each lower one (only the one just below it
    if ``adjacent``), then the strongest against greedy."""
    out = [
        (hi, lo)
        for k, hi in enumerate(LEVEL_NAMES)
        for lo in LEVEL_NAMES[:k]
        if not adjacent or lo == LEVEL_NAMES[k - 1]
    ]
    return out + [(LEVEL_NAMES[-1], "greedy")]


def player(name: str) -> Player:
    return GreedyPlayer() if name == "greedy" else make_player(name)


def match(rules: Any, a: Player, b: Player, games: int, executor: Any) -> dict[str, Any]:
    """``a`` against ``b``: half the games with ``a`` in the first seat, half in the second,
    on the same deals (the same seeds)."""
    first = games - games // 2
    start = time.perf_counter()
    one = play_many(rules, [a, b], first, SEED, executor=executor, chunk=1, progress=False)
    two = play_many(rules, [b, a], games // 2, SEED, executor=executor, chunk=1, progress=False)
    wins = int((one.winner == 0).sum() + (two.winner == 1).sum())
    draws = int((one.winner == -1).sum() + (two.winner == -1).sum())
    share = wilson(wins + draws // 2, games)  # a draw (a shared win) counts half
    return {
        "games": games,
        "wins": wins,
        "draws": draws,
        "share": share,
        "as_first": int((one.winner == 0).sum()),
        "length": float(np.r_[one.length, two.length].mean()),
        "seconds": time.perf_counter() - start,
    }


def move_times(rules: Any, level: str, games: int) -> tuple[float, float, float]:
    """(mean, largest) seconds per move and mean playouts per move of ``level`` playing
    ``games`` games against the random player, from both seats, in this process."""
    times, playouts = [], []
    for g in range(games):
        me = make_player(level, seed=g)
        other = RandomPlayer(seed=g)
        seat = rules.seats[g % 2]
        state = rules.start(seed=g)
        while state.outcome is None:
            if state.to_move == seat:
                start = time.perf_counter()
                move = me.choose(state)
                times.append(time.perf_counter() - start)
                playouts.append(me.last_iterations)
            else:
                move = other.choose(state)
            state = state.play(move)
    return float(np.mean(times)), float(np.max(times)), float(np.mean(playouts))


def two_player_tables(
    name: str,
    games: int,
    strong_games: int,
    timing_games: int,
    executor: Any,
    adjacent: bool = False,
) -> None:
    label, rules = GAMES[name]
    print(f"\n## {label}\n", flush=True)
    print("| higher | lower | games | wins | draws | share (95 % interval) | 1st seat | "
          "length | minutes |")  # fmt: skip
    print("|---|---|---:|---:|---:|---|---:|---:|---:|")
    for hi, lo in pairs(adjacent):
        n = strong_games if hi == LEVEL_NAMES[-1] else games
        r = match(rules, player(hi), player(lo), n, executor)
        print(
            f"| {hi} | {lo} | {r['games']} | {r['wins']} | {r['draws']} | "
            f"{r['share'].percent()} | {r['as_first']}/{n - n // 2} | "
            f"{r['length']:.0f} | {r['seconds'] / 60:.1f} |",
            flush=True,
        )
    print(f"\nTime per move ({timing_games} games against random, one process):\n")
    print("| level | mean s/move | longest s | playouts/move |")
    print("|---|---:|---:|---:|")
    for level in LEVEL_NAMES:
        mean, most, playouts = move_times(rules, level, timing_games)
        print(f"| {level} | {mean:.3f} | {most:.3f} | {playouts:.0f} |", flush=True)


def roaster_table(games: int, executor: Any) -> None:
    print(f"\n## Coffee Roaster (alone): mean score per card over {games} games\n", flush=True)
    print("| card | " + " | ".join(LEVEL_NAMES) + " |")
    print("|---|" + "---|" * len(LEVEL_NAMES))
    pooled: dict[str, list[np.ndarray]] = {level: [] for level in LEVEL_NAMES}
    for card in roaster.CARDS:
        cells = []
        for level in LEVEL_NAMES:
            res = play_many(
                roaster.Rules(card=card), [make_player(level)], games, SEED,
                executor=executor, progress=False,
            )  # fmt: skip
            pooled[level].append(res.score)
            m = mean_interval(res.score)
            cells.append(f"{m.value:.2f} ({m.low:.2f}–{m.high:.2f})")
        print(f"| {card} | " + " | ".join(cells) + " |", flush=True)
    cells = []
    for level in LEVEL_NAMES:
        m = mean_interval(np.concatenate(pooled[level]))
        cells.append(f"{m.value:.2f} ({m.low:.2f}–{m.high:.2f})")
    print("| **all cards** | " + " | ".join(cells) + " |", flush=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pair (default 200)")
    parser.add_argument(
        "--strong-games",
        type=int,
        default=None,
        help="games per pair with the strongest level (default: as --games; it thinks longest)",
    )
    parser.add_argument("--roaster-games", type=int, default=500, help="games per card and level")
    parser.add_argument(
        "--adjacent",
        action="store_true",
        help="each level against the one just below it only (and the strongest against greedy)",
    )
    parser.add_argument("--timing-games", type=int, default=2, help="games for the time table")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument(
        "--only", default="coffee,gipf,hextiles,roaster", help="games, comma-separated"
    )
    args = parser.parse_args()
    only = [g.strip() for g in args.only.split(",") if g.strip()]
    unknown = set(only) - {*GAMES, "roaster"}
    if unknown:
        parser.error(f"--only: unknown game {sorted(unknown)[0]!r}")
    print(f"Levels: {', '.join(LEVEL_NAMES)}; seed {SEED}; {args.workers} processes", flush=True)
    total = time.perf_counter()
    pool = cf.ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for name in only:
            if name == "roaster":
                roaster_table(args.roaster_games, pool)
            else:
                strong = args.games if args.strong_games is None else args.strong_games
                two_player_tables(name, args.games, strong, args.timing_games, pool, args.adjacent)
    finally:
        if pool is not None:
            pool.shutdown()
    print(f"\ntotal {(time.perf_counter() - total) / 60:.1f} minutes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
