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
    .venv/bin/python benchmarks/strength.py --only gipf --pairs strong:club --games 200 \
        --record benchmarks/records/strength.jsonl     # resumable: adds only missing games
    .venv/bin/python benchmarks/strength.py --report benchmarks/records/strength.jsonl

With ``--record FILE`` every finished game is appended to FILE (one JSON line: game, pair,
game number, the higher level's seat, the result, length, seconds, commit), and games the
file already holds are not played again: a run of hours can stop and go on later, and the
tables can be printed again from the record (``--report``). Game ``i`` of a pair is played
on deal ``i // 2``, the higher level in the first seat when ``i`` is even.

The levels think on the clock (``club`` and ``strong``), so their strength depends on the
machine and its load: the time table says how many playouts they made here. The games run
in ``--workers`` processes (:func:`gamekit.sim.play_many` with a ProcessPoolExecutor).
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import json
import subprocess
import time
from pathlib import Path
from typing import Any

import numpy as np
from tqdm import tqdm

from gamekit import roaster
from gamekit.examples import example_rules, examples
from gamekit.game import facts, shipped_games
from gamekit.players import LEVEL_NAMES, GreedyPlayer, Player, RandomPlayer, make_opponent
from gamekit.sim import play_many
from gamekit.stats import mean_interval, wilson

SEED = 15


def _label(game: str, rules: object) -> str:
    """``Coffee (board hex, size 5, n 5)``: the game's title and its example's options."""
    options = ", ".join(f"{k} {v}" for k, v in examples(game).board.items())
    return f"{facts(game).title} ({options})" if options else facts(game).title


#: The games with more than one player, on the rules their boards are tried on (each game's
#: board example, gamekit.examples).
GAMES = {
    game: (_label(game, rules), rules)
    for game in shipped_games()
    if len((rules := example_rules(game, "board")).seats) > 1
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


def player(name: str, seed: int | None = None) -> Player:
    """The player a board's computer menu gives for level ``name`` (the same factory,
    :func:`gamekit.players.make_opponent`), or the greedy player."""
    if name == "greedy":
        return GreedyPlayer(seed=seed)
    made = make_opponent(name, seed)
    assert made is not None
    return made


def play_game(name: str, hi: str, lo: str, i: int) -> dict[str, Any]:
    """Game ``i`` of ``hi`` against ``lo`` in game ``name``: deal ``i // 2``, ``hi`` in the
    first seat when ``i`` is even. Returns its record line."""
    _, rules = GAMES[name]
    first = i % 2 == 0
    seated = [player(hi), player(lo)] if first else [player(lo), player(hi)]
    start = time.perf_counter()
    res = play_many(rules, seated, 1, SEED * 1_000_000 + i // 2, progress=False)
    winner = int(res.winner[0])
    hi_seat = 0 if first else 1
    return {
        "game": name,
        "hi": hi,
        "lo": lo,
        "i": i,
        "hi_seat": hi_seat,
        "result": "draw" if winner == -1 else ("win" if winner == hi_seat else "loss"),
        "length": int(res.length[0]),
        "seconds": round(time.perf_counter() - start, 2),
        "commit": COMMIT,
    }


def _commit() -> str:
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True, text=True, check=True, cwd=Path(__file__).parent,
        )  # fmt: skip
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


COMMIT = _commit()


#: What each line of a record holds (and ``commit``, the code that played it).
RECORD_KEYS = {"game", "hi", "lo", "i", "hi_seat", "result", "length", "seconds"}


def read_record(path: Path | None) -> list[dict[str, Any]]:
    """The games of a record file (none if it does not exist yet)."""
    if path is None or not path.exists():
        return []
    games = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path}, line {number}: not a game record"
        try:
            game = json.loads(line)
        except json.JSONDecodeError as error:
            raise SystemExit(f"{where} ({error.msg})") from None
        missing = RECORD_KEYS - set(game) if isinstance(game, dict) else RECORD_KEYS
        if missing:
            raise SystemExit(f"{where} (no {', '.join(sorted(missing))})")
        games.append(game)
    return games


def play_pairs(
    name: str,
    wanted: list[tuple[str, str]],
    games: int,
    strong_games: int,
    executor: Any,
    record: Path | None,
    done: list[dict[str, Any]],
) -> None:
    """Play the games of each pair that ``done`` lacks (``games`` a pair, ``strong_games``
    with the strongest level), appending each to ``done`` and to ``record`` as it ends."""
    have = {(g["game"], g["hi"], g["lo"], g["i"]) for g in done}
    todo = [
        (name, hi, lo, i)
        for hi, lo in wanted
        for i in range(strong_games if hi == LEVEL_NAMES[-1] else games)
        if (name, hi, lo, i) not in have
    ]
    if not todo:
        return
    print(f"({len(todo)} games of {GAMES[name][0]} to play)", flush=True)
    if executor is None:
        results = (play_game(*job) for job in todo)
    else:
        futures = [executor.submit(play_game, *job) for job in todo]
        results = (f.result() for f in cf.as_completed(futures))
    for line in tqdm(results, total=len(todo), desc=name, mininterval=30, leave=False):
        done.append(line)
        if record is not None:
            with record.open("a") as out:
                out.write(json.dumps(line) + "\n")


def pair_table(name: str, wanted: list[tuple[str, str]], done: list[dict[str, Any]]) -> None:
    """The table of ``wanted`` pairs of game ``name`` from the games in ``done``."""
    print(f"\n## {GAMES[name][0]}\n", flush=True)
    print("| higher | lower | games | wins | draws | share (95 % interval) | won as 1st | "
          "length | s/game |")  # fmt: skip
    print("|---|---|---:|---:|---:|---|---:|---:|---:|")
    for hi, lo in wanted:
        mine = [g for g in done if (g["game"], g["hi"], g["lo"]) == (name, hi, lo)]
        if not mine:
            continue
        n = len(mine)
        wins = sum(g["result"] == "win" for g in mine)
        draws = sum(g["result"] == "draw" for g in mine)
        firsts = [g for g in mine if g["hi_seat"] == 0]
        first_wins = sum(g["result"] == "win" for g in firsts)
        share = wilson(wins + draws // 2, n)  # a draw (a shared win) counts half
        length = np.mean([g["length"] for g in mine])
        seconds = np.mean([g["seconds"] for g in mine])
        print(
            f"| {hi} | {lo} | {n} | {wins} | {draws} | {share.percent()} | "
            f"{first_wins}/{len(firsts)} | {length:.0f} | {seconds:.1f} |",
            flush=True,
        )


def move_times(rules: Any, level: str, games: int) -> tuple[float, float, float]:
    """(mean, largest) seconds per move and mean playouts per move of ``level`` playing
    ``games`` games against the random player, from both seats, in this process."""
    times, playouts = [], []
    for g in range(games):
        me = player(level, seed=g)
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


def time_table(name: str, timing_games: int) -> None:
    _, rules = GAMES[name]
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
                roaster.Rules(card=card), [player(level)], games, SEED,
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


def parse_pairs(text: str | None, adjacent: bool) -> list[tuple[str, str]]:
    """The pairs of ``--pairs`` (``hi:lo,hi:lo``), or :func:`pairs`."""
    if text is None:
        return pairs(adjacent)
    out = []
    for item in text.split(","):
        hi, _, lo = item.strip().partition(":")
        for level in (hi, lo):
            if level not in (*LEVEL_NAMES, "greedy"):
                raise SystemExit(
                    f"--pairs: unknown level {level!r} in {item.strip()!r}; the levels are "
                    + ", ".join((*LEVEL_NAMES, "greedy"))
                )
        out.append((hi, lo))
    return out


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
    parser.add_argument(
        "--pairs", default=None, help="only these pairs, e.g. strong:club,strong:greedy"
    )
    parser.add_argument(
        "--record", type=Path, default=None, help="append each game to this JSON-lines file, "
        "and play only the games it lacks"
    )  # fmt: skip
    parser.add_argument(
        "--report", type=Path, default=None, help="print the tables of this record; play nothing"
    )
    parser.add_argument(
        "--timing-games", type=int, default=2, help="games for the time table (0: none)"
    )
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--only", default=",".join(shipped_games()), help="games, comma-separated")
    args = parser.parse_args()
    only = [g.strip() for g in args.only.split(",") if g.strip()]
    unknown = set(only) - set(shipped_games())
    if unknown:
        parser.error(f"--only: unknown game {sorted(unknown)[0]!r}")
    wanted = parse_pairs(args.pairs, args.adjacent)
    if args.report is not None:
        done = read_record(args.report)
        print(f"{len(done)} games in {args.report}")
        for name in [n for n in only if n in GAMES]:
            pair_table(name, pairs() if args.pairs is None else wanted, done)
        return 0
    print(f"Levels: {', '.join(LEVEL_NAMES)}; seed {SEED}; {args.workers} processes", flush=True)
    total = time.perf_counter()
    done = read_record(args.record)
    pool = cf.ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        for name in only:
            if name == "roaster":
                roaster_table(args.roaster_games, pool)
                continue
            strong = args.games if args.strong_games is None else args.strong_games
            play_pairs(name, wanted, args.games, strong, pool, args.record, done)
            pair_table(name, wanted, done)
            if args.timing_games:
                time_table(name, args.timing_games)
    finally:
        if pool is not None:
            pool.shutdown()
    print(f"\ntotal {(time.perf_counter() - total) / 60:.1f} minutes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
