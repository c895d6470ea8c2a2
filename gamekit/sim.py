"""Many games in a row, fast: results as numpy arrays, a progress bar, and parallel runs.

>>> from gamekit import coffee
>>> from gamekit.players import RandomPlayer
>>> res = play_many(coffee.Rules(board="square", size=5), [RandomPlayer(), RandomPlayer()],
...                 games=20, seed=1, progress=False)
>>> res
<Results coffee square5 n=4: 20 games, seats won 11/9, mean length 22.1>
>>> res.winner[:4], res.length[:4], res.ended[:4]
(array([1, 1, 0, 0]), array([22, 24, 23, 21]), array(['line', 'line', 'line', 'line'], dtype='<U12'))

Each game gets its own seed from ``numpy.random.SeedSequence(seed).spawn(games)``, and each
player is re-seeded from it, so the results do not depend on how the games are split
between processes.

Seats: ``players[k]`` plays the ``k``-th player of the game (Coffee: 0 is Black, who moves
first; GIPF: 0 is White; Hex Tiles: player number ``k``). In Coffee with the pie rule, a
swap exchanges colours, and seat 0 goes on as Orange: ``winner`` is always a seat, and
``winner_colour`` the colour that won.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from gamekit.players import Player, RandomPlayer

__all__ = ["Results", "play_many", "play_one", "ending", "random_games"]


@dataclass(frozen=True, eq=False)
class Results:
    """What :func:`play_many` found, one entry per game, in the order of the seeds.

    - ``winner``: the winning seat (``-1``: no single winner: a draw, a shared win, or a
      game stopped after ``max_plies``);
    - ``winner_colour``: the winner as the game names it (``"black"``, ``"white"``, ``"0"``),
      ``""`` for none;
    - ``length``: moves played (decisions inside a turn count, a swap counts);
    - ``ended``: how it ended, in one word (:func:`ending`);
    - ``branching``: legal moves before each move, shape ``(games, longest game)``, padded
      with 0;
    - ``score``: the final score where the game has one (Coffee Roaster's cup total), else
      NaN.
    """

    game: str
    rules: object
    winner: np.ndarray
    winner_colour: np.ndarray
    length: np.ndarray
    ended: np.ndarray
    branching: np.ndarray
    score: np.ndarray | None = None

    def __post_init__(self) -> None:
        if self.score is None:
            object.__setattr__(self, "score", np.full(len(self.winner), np.nan))

    @property
    def games(self) -> int:
        return len(self.winner)

    def __repr__(self) -> str:
        seats = max(2, int(self.winner.max(initial=-1)) + 1)
        won = "/".join(str(int((self.winner == k).sum())) for k in range(seats))
        name = getattr(self.rules, "name", "")
        n = getattr(self.rules, "n", None)
        label = f"{self.game} {name}" + (f" n={n}" if self.game == "coffee" else "")
        return (
            f"<Results {label.strip()}: {self.games} games, seats won {won}, "
            f"mean length {self.length.mean():.1f}>"
        )

    def win_rate(self, seat: int = 0) -> tuple[float, float]:
        """The share of games won by ``seat`` and its standard error (draws count half)."""
        score = (self.winner == seat) + 0.5 * (self.winner == -1)
        p = float(score.mean())
        return p, float(np.sqrt(max(p * (1 - p), 1e-12) / self.games))

    def share(self, ended: str) -> tuple[float, float]:
        """The share of games that ended in way ``ended`` and its standard error."""
        p = float((self.ended == ended).mean())
        return p, float(np.sqrt(p * (1 - p) / self.games))

    def mean_branching(self) -> np.ndarray:
        """Each game's mean number of legal moves per move."""
        return self.branching.sum(axis=1) / np.maximum(self.length, 1)

    @classmethod
    def concat(cls, parts: Sequence[Results]) -> Results:
        width = max(p.branching.shape[1] for p in parts)
        branching = np.concatenate(
            [np.pad(p.branching, ((0, 0), (0, width - p.branching.shape[1]))) for p in parts]
        )
        return cls(
            game=parts[0].game,
            rules=parts[0].rules,
            winner=np.concatenate([p.winner for p in parts]),
            winner_colour=np.concatenate([p.winner_colour for p in parts]),
            length=np.concatenate([p.length for p in parts]),
            ended=np.concatenate([p.ended for p in parts]),
            branching=branching,
            score=np.concatenate([p.score for p in parts]),
        )


def _game_name(rules) -> str:
    module = sys.modules.get(type(rules).__module__)
    return getattr(module, "GAME", None) or type(rules).__module__.rsplit(".", 1)[-1]


def _colours(rules) -> tuple | None:
    module = sys.modules.get(type(rules).__module__)
    colours = getattr(module, "COLOURS", None)
    return tuple(colours) if isinstance(colours, (tuple, list)) else None


def ending(state) -> str:
    """How a finished game ended, in one word: Coffee ``"line"`` or ``"blocked"``; GIPF
    ``"reserve"`` (a player had to push with none left) or ``"gipf"`` (no GIPF piece left);
    Hex Tiles ``"score"`` or ``"shared"``; ``"unfinished"`` if it has not ended; else the
    first word of the reason."""
    outcome = state.outcome
    if outcome is None:
        return "unfinished"
    game = _game_name(state.rules)
    reason = str(getattr(outcome, "reason", "")).lower()
    if game == "coffee":
        return "line" if outcome.line else "blocked"
    if game == "gipf":
        if "reserve" in reason:
            return "reserve"
        if "gipf" in reason:
            return "gipf"
    if game == "hextiles":
        return "shared" if outcome.winner is None else "score"
    if game == "roaster":
        return "cup"
    return reason.split()[0] if reason else "ended"


def _seat_of(state, colour, colours) -> int:
    """The seat playing ``colour`` now (``-1`` for ``None``)."""
    if colour is None:
        return -1
    if isinstance(colour, (int, np.integer)):
        return int(colour)
    if colours is None or colour not in colours:
        return 0  # a solo game
    seat = colours.index(colour)
    if getattr(state, "swapped", False):
        seat = 1 - seat
    return seat


def play_one(rules, players: Sequence[Player], max_plies: int = 10_000):
    """Play one game from ``rules.start()``; returns (final state, legal-move counts)."""
    colours = _colours(rules)
    state = rules.start()
    counts = []
    for _ in range(max_plies):
        if state.outcome is not None:
            break
        counts.append(len(state.legal_moves()))
        player = players[_seat_of(state, state.to_move, colours)]
        state = state.play(player.choose(state))
    return state, counts


def _play_chunk(rules, players, seeds, max_plies) -> Results:
    """Play one game per seed; ``rules`` is one rules object or a list, one per seed."""
    many = isinstance(rules, (list, tuple))
    rules_list = list(rules) if many else [rules] * len(seeds)
    rules = rules_list[0] if rules_list else rules
    colours = _colours(rules)
    winners, names, lengths, ended, rows, scores = [], [], [], [], [], []
    for seed, game_rules in zip(seeds, rules_list, strict=True):
        kids = seed.spawn(len(players))
        seated = [p.with_seed(k) for p, k in zip(players, kids, strict=True)]
        state, counts = play_one(game_rules, seated, max_plies)
        outcome = state.outcome
        colour = None if outcome is None else outcome.winner
        winners.append(_seat_of(state, colour, colours))
        names.append("" if colour is None else str(colour))
        lengths.append(len(counts))
        ended.append(ending(state))
        rows.append(counts)
        total = getattr(outcome, "total", None)
        scores.append(np.nan if total is None else float(total))
    width = max((len(r) for r in rows), default=0)
    branching = np.zeros((len(rows), width), dtype=np.int32)
    for k, r in enumerate(rows):
        branching[k, : len(r)] = r
    return Results(
        game=_game_name(rules),
        rules=rules,
        winner=np.array(winners, dtype=np.int64),
        winner_colour=np.array(names, dtype=str),
        length=np.array(lengths, dtype=np.int64),
        ended=np.array(ended, dtype="<U12") if ended else np.array([], dtype="<U12"),
        branching=branching,
        score=np.array(scores, dtype=float),
    )


def _progress_bar(progress, total: int, desc: str):
    if progress is False or progress is None:
        return None
    if progress == "auto" and total < 200:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit="game")


def play_many(
    rules,
    players: Sequence[Player],
    games: int,
    seed: int | None = 0,
    executor=None,
    progress: bool | str = "auto",
    chunk: int | None = None,
    max_plies: int = 10_000,
) -> Results:
    """Play ``games`` games of ``rules`` between ``players`` (one per seat) and return
    :class:`Results`. ``rules`` may also be a list with one rules object per game (for
    example ``[roaster.Rules(seed=k) for k in range(100)]``: a new bag each game).

    ``executor``: anything with ``submit(fn, *args)`` returning futures with ``result()``
    (``concurrent.futures.ProcessPoolExecutor``, a Dask ``distributed.Client`` …); the
    games go out in chunks of ``chunk`` games. ``progress``: ``True`` shows a tqdm bar,
    ``False`` none, ``"auto"`` one for 200 games or more. A game not over after
    ``max_plies`` moves is stopped and counted as ``"unfinished"``.
    """
    if games < 0:
        raise ValueError(f"games must be 0 or more, not {games}")
    players = list(players)
    seeds = np.random.SeedSequence(seed).spawn(games)
    if isinstance(rules, (list, tuple)):
        if len(rules) != games:
            raise ValueError(f"give one rules object per game: {len(rules)} for {games} games")
        rules = list(rules)
        first = rules[0] if rules else None
    else:
        first = rules
    label = f"{_game_name(first)} {getattr(first, 'name', '')}"
    bar = _progress_bar(progress, games, label)
    try:
        if executor is None:
            size = chunk or max(1, min(50, games // 20 or 1))
            parts = []
            for start in range(0, games, size):
                part = seeds[start : start + size]
                parts.append(_play_chunk(_part(rules, start, size), players, part, max_plies))
                if bar is not None:
                    bar.update(len(part))
        else:
            size = chunk or max(1, -(-games // 32))
            futures = [
                (
                    executor.submit(
                        _play_chunk, _part(rules, s, size), players, seeds[s : s + size], max_plies
                    ),
                    n,
                )
                for s in range(0, games, size)
                for n in [len(seeds[s : s + size])]
            ]
            parts = []
            for future, n in futures:
                parts.append(future.result())
                if bar is not None:
                    bar.update(n)
    finally:
        if bar is not None:
            bar.close()
    if not parts:
        return _play_chunk(first, players, [], max_plies)
    return Results.concat(parts)


def _part(rules, start: int, size: int):
    return rules[start : start + size] if isinstance(rules, list) else rules


def random_games(rules, games: int, seed: int | None = 0, progress: bool | str = "auto"):
    """Random games (every legal move equally likely): with the batch engine for Coffee
    without the pie rule (:mod:`gamekit.coffee_batch`), else with :func:`play_many` and
    :class:`~gamekit.players.RandomPlayer`."""
    if _game_name(rules) == "coffee" and not rules.pie_rule:
        from gamekit import coffee_batch

        if coffee_batch.supports(rules):
            return coffee_batch.play_random(rules, games, seed=seed).results()
    colours = _colours(rules)
    seats = len(colours) if colours else getattr(rules, "players", 2)
    return play_many(rules, [RandomPlayer()] * seats, games, seed, progress=progress)
