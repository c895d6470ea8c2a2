"""Speed figures for gamekit, printed (never asserted): ``make bench``.

- random Coffee games per second with the rules engine (:mod:`gamekit.coffee`), each move
  picked uniformly from ``state.legal_moves()`` with a seeded numpy ``Generator``, plus the
  mean game length and how the games ended (a line of ``n`` or a blocked player);
- perft(3) on hexhex 5 (57,456 move sequences, ``docs/rules/coffee.md``) in leaf nodes per
  second;
- random Coffee games per second with the numpy batch engine (:mod:`gamekit.coffee.batch`,
  one process);
- random games per second for every other game present (GIPF, Hex Tiles), through
  :func:`gamekit.sim.play_many` with :class:`~gamekit.players.RandomPlayer`;
- the GIPF engine against a plain reference engine written for checking
  (``benchmarks/gipf_reference.py``): first that they agree decision by decision on random
  games, then the random-game rate of each in the same run, and their ratio;
- :func:`gamekit.design.measure` over 10,000 random games of Coffee (hexhex 5, its batch
  engine), GIPF and Hex Tiles, on one core: seconds per measurement (the targets are 10 s
  for Coffee and 60 s for the others);
- the time per move of each computer level (:data:`gamekit.players.LEVEL_NAMES`) in each
  game, with the playouts per move of the levels that search.

The whole run takes two or three minutes; the numbers depend on the machine and its load.
``benchmarks/strength.py`` (hours) measures how often each level beats the ones below.
"""

from __future__ import annotations

import importlib
import platform
import random
import time
from dataclasses import dataclass

import gipf_reference  # benchmarks/gipf_reference.py, beside this file
import numpy as np

from gamekit import __version__, coffee
from gamekit.coffee.batch import play_random
from gamekit.perft import perft
from gamekit.players import LEVEL_NAMES, RandomPlayer, RolloutPlayer, make_opponent
from gamekit.sim import play_many

SEED = 20240601
#: Boards for random games: (board, size, n, games).
GAMES = [
    ("hex", 5, 5, 1000),
    ("square", 5, 4, 3000),
    ("square", 7, 5, 1000),
]
#: Boards for the batch engine: (board, size, n, games).
BATCH = [
    ("hex", 5, 5, 30_000),
    ("square", 5, 4, 30_000),
    ("square", 7, 5, 15_000),
]
#: Other games, when their modules are present: (label, module, rules options, games).
OTHERS = [
    ("gipf basic", "gamekit.gipf", {"variant": "basic"}, 100),
    ("gipf standard", "gamekit.gipf", {"variant": "standard"}, 100),
    ("hextiles 2p", "gamekit.hextiles", {"players": 2, "seed": 1}, 40),
    ("hextiles 4p", "gamekit.hextiles", {"players": 4, "seed": 1}, 20),
]
#: perft reference (docs/rules/coffee.md, "Reference figures").
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
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(games):
        state = random_game(rules, rng)
        lengths.append(state.stone_count)
        blocked += not state.outcome.line
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    lines = games - blocked
    return (
        f"{rules.name:<8} n={n}  {games:>5} games in {seconds:5.2f} s = {games / seconds:7.1f} "
        f"games/s (per CPU second {games / cpu:6.1f})  mean length {np.mean(lengths):5.1f}  "
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


def bench_batch(board: str, size: int, n: int, games: int) -> str:
    rules = coffee.Rules(board=board, size=size, n=n)
    play_random(rules, 100, seed=SEED)  # tables and first-call costs
    start, cpu = time.perf_counter(), time.process_time()
    batch = play_random(rules, games, seed=SEED)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    lines = int(batch.line.sum())
    return (
        f"{rules.name:<8} n={n} {games:>6} games in {seconds:5.2f} s = {games / seconds:8.0f} "
        f"games/s (per CPU second {games / cpu:6.0f})  mean length "
        f"{batch.length.mean():5.1f}  line {100 * lines / games:.0f}%  black won "
        f"{100 * (batch.winner == 0).mean():.1f}%"
    )


def other_games():
    """(label, rules, games) for each other game whose module is present."""
    for label, module, options, games in OTHERS:
        try:
            mod = importlib.import_module(module)
        except ImportError:
            continue
        yield label, mod.Rules(**options), games


def bench_other(label: str, rules, games: int) -> str:
    seats = getattr(rules, "players", 2)
    start, cpu = time.perf_counter(), time.process_time()
    res = play_many(rules, [RandomPlayer()] * seats, games, seed=SEED, progress=False)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return (
        f"{label:<14} {games:>4} games in {seconds:5.2f} s = {games / seconds:7.1f} games/s "
        f"(per CPU second {games / cpu:6.1f})  mean length {res.length.mean():5.1f}  "
        f"mean choices {res.branching.sum() / max(res.length.sum(), 1):5.1f}"
    )


def bench_reference(variant: str = "standard", seconds: float = 4.0, checked: int = 20) -> str:
    """Random ``variant`` games a second with :mod:`gamekit.gipf` and with the plain
    reference engine, after checking on ``checked`` games that they agree."""
    agree = sum(gipf_reference.agrees(variant, seed) for seed in range(checked))
    if agree != checked:
        return f"THE REFERENCE DISAGREES with gamekit.gipf on {checked - agree} of {checked} games"
    gipf = importlib.import_module("gamekit.gipf")
    rules = gipf.Rules(variant=variant)

    def engine(rng: random.Random) -> int:
        state, count = rules.start(), 0
        while state.outcome is None:
            moves = state.legal_moves()
            state = state.play(moves[rng.randrange(len(moves))])
            count += 1
        return count

    rates = []
    for play in (engine, lambda rng: gipf_reference.random_game(variant, rng)):
        rng, games, start = random.Random(SEED), 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            play(rng)
            games += 1
        rates.append(games / (time.perf_counter() - start))
    return (
        f"gipf {variant}: agrees on {checked}/{checked} random games; random games a second: "
        f"engine {rates[0]:.0f}, reference {rates[1]:.0f}: {rates[0] / rates[1]:.1f}x"
    )


def bench_levels(label: str, rules, moves: int = 4, plies: int = 8) -> list[str]:
    """Mean and longest time per move of each level, and its playouts (or, for an
    alpha-beta level, positions looked at; for a rollout level, rollouts) per move, from a position ``plies`` random moves
    into the game (the level plays one seat, random moves the other)."""
    rng = np.random.default_rng(SEED)
    start = rules.start(seed=SEED)
    for _ in range(plies):
        legal = start.legal_moves()
        start = start.play(legal[rng.integers(len(legal))])
    out = []
    for level in LEVEL_NAMES:
        player, other = make_opponent(level, SEED), RandomPlayer(seed=SEED)  # as on a board
        seat, state = start.to_move, start
        times, playouts = [], []
        while state.outcome is None and len(times) < moves:
            if state.to_move == seat:
                begin = time.perf_counter()
                move = player.choose(state)
                times.append(time.perf_counter() - begin)
                searcher = player.player_for(state)
                # Monte Carlo levels count playouts (rollout levels, rollouts); alpha-beta
                # levels, positions looked at
                playouts.append(getattr(searcher, "last_nodes", player.last_iterations))
            else:
                move = other.choose(state)
            state = state.play(move)
        searcher = player.player_for(start)
        work = "playouts"
        if hasattr(searcher, "last_nodes"):
            work = f"positions (depth {searcher.depth})"
        elif isinstance(searcher, RolloutPlayer):
            work = f"rollouts ({searcher.turns} turns)"
        out.append(
            f"{label:<20} {level:<9} {np.mean(times):6.3f} s a move (longest {max(times):5.3f} "
            f"s), {np.mean(playouts):6.0f} {work} a move, {len(times)} moves"
        )
    return out


#: Ten GIPF moves (basic game) that bring the start position back (tests/test_hardening.py).
GIPF_CYCLE = [
    "a2-b3",
    "a1-b2",
    "a2-b3",
    "a1-b2",
    "a2-b3",
    "a1-b2",
    "xb2-e5",
    "a2-b3",
    "xb3-e6",
    "a1-b2",
]


def _measured() -> list[tuple[str, str, dict]]:
    from gamekit.examples import example_rules, examples
    from gamekit.game import shipped_games

    out = []
    for game in shipped_games():
        options = dict(examples(game).board)
        if len(example_rules(game, "board").seats) > 1:
            label = " ".join([game, *(f"{k}={v}" for k, v in options.items())])
            out.append((label, game, options))
    return out


#: Measurements timed: (label, game, rules options), every game for two or more on the
#: rules its boards are tried on (its board example); 10,000 random games each.
MEASURED = _measured()


def bench_measure(label: str, game: str, options: dict, games: int = 10_000) -> str:
    """Seconds for gamekit.design.measure over ``games`` random games, one core."""
    import gamekit
    from gamekit import design

    rules = gamekit.games()[game](**options)
    design.clear_cache()
    start = time.perf_counter()
    m = design.measure(rules, games=games, seed=SEED, progress=False)
    seconds = time.perf_counter() - start
    return (
        f"{label:<16} {games:,} games in {seconds:5.1f} s ({games / seconds:,.0f} games/s); "
        f"first seat {m.shares[rules.seats[0]].percent()}, length {m.length.value:.1f}"
    )


@dataclass(frozen=True)
class NoEdgeStart(coffee.Rules):
    """A class's variant (lesson 15's kind): the first stone may not go on the a or i file."""

    game = "coffee-no-edge-start-bench"

    def extra_rule(self, state, move):
        first = state.stone_count == 0 and str(move)[0] in "ai"
        return first and "the first stone may not go on the a or i file"


def bench_variants(games: int = 10_000) -> list[str]:
    """10,000 random hexhex-5 games measured with design.measure: Coffee, Coffee with the
    pie rule, and a variant with an extra_rule, each timed in the same run; the ratios to
    the plain time (target: at most 25)."""
    from gamekit import design

    times = {}
    for label, rules in (
        ("plain", coffee.Rules()),
        ("pie rule", coffee.Rules(pie_rule=True)),
        ("extra_rule", NoEdgeStart()),
    ):
        design.clear_cache()
        start = time.perf_counter()
        design.measure(rules, games=games, seed=SEED, progress=False)
        times[label] = time.perf_counter() - start
    plain = times["plain"]
    return [
        f"{label:<10} {games:,} games {seconds:6.2f} s, {seconds / plain:5.1f}x plain"
        + ("" if label == "plain" else " (target <= 25x)")
        for label, seconds in times.items()
    ]


def bench_long_record(moves: int = 100_000, clicks: int = 20) -> list[str]:
    """A legal GIPF record of ``moves`` moves (a cycle repeated): the time to read it
    (every move checked), to open it on a board, and of a click (Python only, no browser),
    with what the board keeps and sends. Targets (issue #22): open under 1 s, a click
    under 50 ms."""
    import json
    import statistics

    from gamekit import gipf
    from gamekit.records import Record
    from gamekit.widgets import GipfBoard

    text = json.dumps(Record(gipf.Rules(variant="basic"), (GIPF_CYCLE * moves)[:moves]).to_dict())
    begin = time.perf_counter()
    record = Record.from_json(text)
    read = time.perf_counter() - begin
    begin = time.perf_counter()
    board = GipfBoard(record=record)
    opened = time.perf_counter() - begin
    times = []
    for k in range(clicks):  # a push from a3 and its undo, in turn
        begin = time.perf_counter()
        if k % 2 == 0:
            board.click("a3")
            board.click("b4")
        else:
            board.undo()
        times.append(time.perf_counter() - begin)
    return [
        f"{moves:,}-move GIPF record ({len(text) / 1e6:.2f} MB): read and checked {read:.2f} s, "
        f"opened on a board {opened:.2f} s (target < 1 s)",
        f"a click or undo: median {1000 * statistics.median(times):.1f} ms, longest "
        f"{1000 * max(times):.1f} ms (target < 50 ms); the board keeps "
        f"{len(board._states.kept())} positions, its log sends {len(board.log_view.value):,} "
        "characters",
    ]


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
    print("Random Coffee games, batch engine (numpy, one process):")
    for board, size, n, games in BATCH:
        print("  " + bench_batch(board, size, n, games), flush=True)
    others = list(other_games())
    if others:
        print("Random games, other games (rules engine through gamekit.sim.play_many):")
        for label, rules, games in others:
            print("  " + bench_other(label, rules, games), flush=True)
    if any(label.startswith("gipf") for label, _, _ in others):
        print("GIPF engine against the plain reference engine (same run):")
        print("  " + bench_reference("standard"), flush=True)
    print("Design measures (gamekit.design.measure, random play, one core):")
    for label, game, options in MEASURED:
        print("  " + bench_measure(label, game, options), flush=True)
    print("Coffee variants through the batch engine (design.measure, same run):")
    for line in bench_variants():
        print("  " + line, flush=True)
    print("Time per move of each computer level:")
    levels = [("coffee hex5 n=5", coffee.Rules(board="hex", size=5, n=5))]
    levels += [(label, rules) for label, rules, _ in others if label.endswith(("standard", "2p"))]
    for label, rules in levels:
        for line in bench_levels(label, rules):
            print("  " + line, flush=True)
    print("A very long record on a board (GIPF games can cycle):")
    for line in bench_long_record():
        print("  " + line, flush=True)
    print(f"total {time.perf_counter() - total:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
