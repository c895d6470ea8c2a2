"""Many games in a row, fast: results as numpy arrays, a progress bar, and parallel runs.

>>> from gamekit import coffee
>>> from gamekit.players import RandomPlayer
>>> res = play_many(coffee.Rules(board="square", size=5), [RandomPlayer(), RandomPlayer()],
...                 games=20, seed=1, progress=False)
>>> res
<Results coffee square5 n=4: 20 games, seats won 11/9, mean length 22.1>
>>> res.winner[:4], res.length[:4], res.ended[:4]
(array([1, 1, 0, 0]), array([22, 24, 23, 21]), array(['line', 'line', 'line', 'line'], dtype='<U12'))

Each game gets its own seed from ``numpy.random.SeedSequence(seed).spawn(games)``: the game
starts with ``rules.start(seed=...)`` (a whole number drawn from it: a game of chance whose
rules leave ``seed=None`` deals anew each game, while rules with a fixed seed replay their
one deal on purpose), and each player is re-seeded from it. So the results do not depend on
how the games are split between chunks or processes.

Players: ``players[k]`` is the player who begins in ``rules.seats[k]`` (Coffee: 0 is Black,
who moves first; GIPF: 0 is White; Hex Tiles: ``"player k+1"``). In Coffee with the pie rule,
a swap exchanges the seats, and player 0 goes on as Orange: ``winner`` is always a player
(:func:`gamekit.game.player_index`), and ``winner_colour`` the seat that won.

The simulation reads only the contract of :mod:`gamekit.game`: ``rules.seats``,
``rules.start(seed=...)``, ``state.to_move``, ``state.legal_moves()``, ``state.play()``,
``state.swapped`` and ``state.outcome`` (``winners``, ``ending``, ``scores``).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

import numpy as np

from gamekit.checks import check_state, whole
from gamekit.errors import shown
from gamekit.game import Rules, State, game_of, occupancy_of, player_index
from gamekit.playing import Player, RandomPlayer, strategy

__all__ = ["Results", "play_many", "play_one", "ending", "random_games"]

#: A game's own seed (for ``rules.start(seed=...)``) is drawn below this bound.
_SEED_BOUND = 2**32


@dataclass(frozen=True, eq=False)
class Results:
    """What :func:`play_many` found, one entry per game, in the order of the seeds.

    - ``winner``: the player who won alone (an index into ``players``; ``-1``: no single
      winner: a draw, a shared win, or a game stopped after ``max_plies``);
    - ``winner_colour``: the seat that won as the game names it (``"black"``, ``"white"``,
      ``"player 2"``), ``""`` for none;
    - ``length``: moves played (decisions inside a turn count, a swap counts);
    - ``ended``: how it ended, in one word (:func:`ending`: a word of ``rules.endings``, or
      ``"unfinished"``);
    - ``branching``: legal moves before each move, shape ``(games, longest game)``, padded
      with 0;
    - ``score``: the score that does not depend on who won, where the game has one (the
      solo total of Coffee Roaster), else NaN;
    - ``scores``: each player's final score, shape ``(games, seats)`` (column ``k`` is
      ``players[k]``), NaN where the game keeps no scores;
    - ``coverage``: the share of the board's cells that held a piece at some point of the
      game, and ``pieces``: the mean number of pieces on the board over its positions (the
      start and the end included), when :func:`play_many` was asked to (``board=True``);
      NaN for a game without a board of cells (:func:`gamekit.game.occupancy_of`);
    - ``watched``: what ``watch`` (see :func:`play_many`) said of each game, one row per
      game, or ``None``;
    - ``turns``: turns played (a turn is a player's run of decisions: it ends when another
      player is to move), NaN where not counted;
    - ``pairing``: how game ``k`` was drawn from the seed (``"games from seed 0"`` for
      :func:`play_many`, Coffee's batch engine says its own), or ``None`` if unknown. Two
      results hold paired games only if their ``pairing`` is the same (see
      :func:`gamekit.design.compare_results`).
    """

    game: str
    rules: object
    winner: np.ndarray
    winner_colour: np.ndarray
    length: np.ndarray
    ended: np.ndarray
    branching: np.ndarray
    score: np.ndarray | None = None
    scores: np.ndarray | None = None
    coverage: np.ndarray | None = None
    pieces: np.ndarray | None = None
    watched: np.ndarray | None = None
    turns: np.ndarray | None = None
    pairing: str | None = None

    def __post_init__(self) -> None:
        for name in ("score", "coverage", "pieces", "turns"):
            if getattr(self, name) is None:
                object.__setattr__(self, name, np.full(len(self.winner), np.nan))
        if self.scores is None:
            seats = len(_seats(self.rules))
            object.__setattr__(self, "scores", np.full((len(self.winner), seats), np.nan))

    @property
    def games(self) -> int:
        """How many games were played."""
        return len(self.winner)

    @property
    def seats(self) -> tuple[str, ...]:
        """The game's seats, in turn order (``rules.seats``)."""
        return _seats(self.rules)

    def __repr__(self) -> str:
        name = getattr(self.rules, "name", "")
        n = getattr(self.rules, "n", None)
        label = f"{self.game} {name}" + (f" n={n}" if isinstance(n, int) else "")
        count = len(self.seats) or max(2, int(self.winner.max(initial=-1)) + 1)
        if count == 1:
            score = cast(np.ndarray, self.score)  # __post_init__ fills it in
            mean = float(np.nanmean(score)) if np.isfinite(score).any() else math.nan
            middle = f"mean score {mean:.1f}"
        else:
            middle = "seats won " + "/".join(
                str(int((self.winner == k).sum())) for k in range(count)
            )
        length = f"{self.length.mean():.1f}" if self.games else "-"
        return f"<Results {label.strip()}: {self.games} games, {middle}, mean length {length}>"

    def _need_games(self, what: str) -> None:
        if self.games == 0:
            raise ValueError(f"there are no games: {what} needs at least one")

    def win_rate(self, seat: int = 0) -> tuple[float, float]:
        """The share of games won by player ``seat`` (an index into ``players``) and its
        standard error; a game with no single winner counts half.

        Raises:
            TypeError: ``seat`` is not a whole number.
            ValueError: there are no games, or ``seat`` is not a player of the game.
        """
        seat = whole(seat, "seat", 0)
        count = len(self.seats)
        if count and seat >= count:
            raise ValueError(f"seat must be a player from 0 to {count - 1}, not {shown(seat)}")
        self._need_games("a win rate")
        score = (self.winner == seat) + 0.5 * (self.winner == -1)
        p = float(score.mean())
        return p, float(np.sqrt(max(p * (1 - p), 1e-12) / self.games))

    def share(self, ended: str) -> tuple[float, float]:
        """The share of games that ended in way ``ended`` and its standard error.

        Raises:
            TypeError: ``ended`` is not text.
            ValueError: there are no games, or ``ended`` is not a way this game ends.
        """
        if not isinstance(ended, str):
            raise TypeError(f"ended must be the name of an ending, not {shown(ended)}")
        known = getattr(type(self.rules), "endings", None)
        if known is not None and ended not in (*known, "unfinished"):
            words = ", ".join((*known, "unfinished"))
            raise ValueError(f"{self.game} games end in one of {words}, not {shown(ended)}")
        self._need_games("a share")
        p = float((self.ended == ended).mean())
        return p, float(np.sqrt(p * (1 - p) / self.games))

    def mean_branching(self) -> np.ndarray:
        """Each game's mean number of legal moves per move."""
        mean: np.ndarray = self.branching.sum(axis=1) / np.maximum(self.length, 1)
        return mean

    @classmethod
    def concat(cls, parts: Sequence[Results]) -> Results:
        """The games of several results of the same game, in order.

        Raises:
            ValueError: ``parts`` is empty.
        """
        parts = list(parts)
        if not parts:
            raise ValueError("parts must hold at least one Results to join")
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
            scores=np.concatenate([p.scores for p in parts]),
            coverage=np.concatenate([p.coverage for p in parts]),
            pieces=np.concatenate([p.pieces for p in parts]),
            watched=None
            if any(p.watched is None for p in parts)
            else np.concatenate([p.watched for p in parts]),
            turns=np.concatenate([p.turns for p in parts]),
            pairing=parts[0].pairing if len({p.pairing for p in parts}) == 1 else None,
        )


def _seats(rules: Any) -> tuple[str, ...]:
    seats = getattr(rules, "seats", ())
    return tuple(seats) if isinstance(seats, (tuple, list)) else ()


def ending(state: Any) -> str:
    """How a game ended, in one word: its ``outcome.ending`` (a word of the rules'
    ``endings``: Coffee ``"line"`` or ``"blocked"``, …), or ``"unfinished"`` if it has not
    ended.

    >>> from gamekit import coffee
    >>> ending(coffee.Rules().start())
    'unfinished'

    Raises:
        TypeError: ``state`` is not a game position.
    """
    check_state(state)
    outcome = state.outcome
    return "unfinished" if outcome is None else str(outcome.ending)


# ---------------------------------------------------------------------------------------
# Checking arguments
# ---------------------------------------------------------------------------------------


def _check_rules(rules: Any, argument: str = "rules") -> str:
    """The game name of ``rules``, if they are the rules of a registered game."""
    try:
        return game_of(rules)
    except TypeError:
        raise TypeError(
            f"{argument} must be the rules of a game (the Rules of a game in gamekit.games()), "
            f"not {shown(rules)}"
        ) from None


def _check_players(players: Any, rules: Any) -> list[Player]:
    """``players`` as a list, one :class:`~gamekit.players.Player` per seat of ``rules``."""
    if isinstance(players, (str, bytes, Player)) or not isinstance(players, Sequence):
        raise TypeError(f"players must be a list of players, one per seat, not {shown(players)}")
    checked: list[Player] = list(players)
    for player in checked:
        if not isinstance(player, Player):
            raise TypeError(f"players must be gamekit.players.Player objects, not {shown(player)}")
    seats = rules.seats
    if len(checked) != len(seats):
        raise ValueError(
            f"give one player per seat: {game_of(rules)} has {len(seats)} "
            f"({', '.join(seats)}), not {len(checked)}"
        )
    return checked


def _check_seed(seed: Any) -> int | None:
    if seed is None:
        return None
    return whole(seed, "seed", 0)


def _check_progress(progress: Any) -> bool | str:
    if progress is None:  # as False
        return False
    if isinstance(progress, bool):
        return progress
    if isinstance(progress, str) and progress == "auto":
        return "auto"
    raise ValueError(f"progress must be True, False or 'auto', not {shown(progress)}")


def _game_seed(seed: np.random.SeedSequence) -> int:
    """The whole number a game starts from (``rules.start(seed=...)``), drawn from its
    seed sequence without spawning (the players' seeds are spawned from it)."""
    return int(seed.generate_state(1, np.uint64)[0] % _SEED_BOUND)


# ---------------------------------------------------------------------------------------
# Playing
# ---------------------------------------------------------------------------------------


@dataclass
class _Game:
    """One game as it was played: its end, the legal-move counts before each move, the
    turns, what the board held, and every position when someone watches."""

    state: State
    counts: list[int]
    turns: int = 0
    coverage: float = math.nan
    pieces: float = math.nan
    positions: list[State] | None = None


def _occupancy(rules: Rules) -> Callable[[Any], tuple[Any, int]] | None:
    """The game's occupancy reader, if its start position can be read by it."""
    reader = occupancy_of(rules)
    if reader is None:
        return None
    try:
        reader(rules.start(seed=0))
    except (TypeError, AttributeError, ValueError):
        return None
    return reader


def _count(occupied: Any) -> int:
    return occupied.bit_count() if isinstance(occupied, int) else len(occupied)


def _play(
    rules: Rules,
    players: Sequence[Player],
    max_plies: int,
    seed: int | None,
    occupancy: Callable[[Any], tuple[Any, int]] | None = None,
    keep: bool = False,
) -> _Game:
    state = rules.start(seed=seed)
    seats = tuple(rules.seats)
    counts: list[int] = []
    positions = [state] if keep else None
    covered: Any = None
    on_board = cells = turns = 0
    last = -1
    for _ in range(max_plies + 1):
        if occupancy is not None:
            occupied, cells = occupancy(state)
            covered = occupied if covered is None else covered | occupied
            on_board += _count(occupied)
        if state.outcome is not None or len(counts) == max_plies:
            break
        moves = state.legal_moves()
        if not isinstance(moves, (list, tuple)):
            raise TypeError(
                f"{game_of(rules)}: legal_moves() must return a list of moves, not "
                f"{type(moves).__name__} (a generator or a set has no order or length to draw from)"
            )
        if not moves:
            raise ValueError(
                f"{game_of(rules)}: a position has no legal move but its outcome is None; "
                f"when the player to move has no move, the game must end (give the position an "
                f"outcome): {shown(state, 120)}"
            )
        counts.append(len(moves))
        if state.to_move not in seats:
            raise ValueError(
                f"{game_of(rules)}: to_move is {shown(state.to_move)}, not one of the rules' "
                f"seats ({', '.join(map(str, seats))})"
            )
        mover = player_index(state, state.to_move)
        turns += mover != last
        last = mover
        state = state.play(players[mover].choose(state))
        if positions is not None:
            positions.append(state)
    _check_outcome(rules, state)
    game = _Game(state, counts, turns, positions=positions)
    if occupancy is not None and cells:
        game.coverage = _count(covered) / cells
        game.pieces = on_board / (len(counts) + 1)
    return game


def _check_outcome(rules: Any, state: Any) -> None:
    """A game's outcome as the contract promises it: ``winners`` a tuple of the rules'
    seats, ``ending`` one of the rules' ``endings``; a clear error otherwise (a class's game
    that writes ``Outcome(me, ...)`` for ``Outcome((me,), ...)`` would count every game as
    won by nobody)."""
    outcome = state.outcome
    if outcome is None:
        return
    game = game_of(rules)
    winners = getattr(outcome, "winners", None)
    seats = tuple(rules.seats)
    if not isinstance(winners, (tuple, list)):
        raise TypeError(
            f"{game}: Outcome.winners must be a tuple of seats, such as ({seats[0]!r},) (mind "
            f"the comma), or () for nobody; it is {shown(winners)}"
        )
    strangers = [w for w in winners if w not in seats]
    if strangers:
        raise ValueError(
            f"{game}: Outcome.winners holds {shown(strangers[0])}, which is not a seat of the "
            f"rules ({', '.join(map(str, seats))})"
        )
    endings = tuple(getattr(type(rules), "endings", ()) or ())
    ending_word = getattr(outcome, "ending", None)
    if endings and ending_word not in endings:
        raise ValueError(
            f"{game}: Outcome.ending is {shown(ending_word)}, which is not one of the rules' "
            f"endings ({', '.join(map(str, endings))}); add it to endings or use one of them"
        )


def play_one(
    rules: Any, players: Sequence[Player], max_plies: int = 10_000, seed: int | None = None
) -> tuple[State, list[int]]:
    """Play one game from ``rules.start(seed=seed)``, ``players[k]`` beginning in
    ``rules.seats[k]``; returns (final state, legal-move counts before each move).

    >>> from gamekit import coffee
    >>> state, counts = play_one(coffee.Rules(size=3), [RandomPlayer(1), RandomPlayer(2)])
    >>> counts[0], state.outcome is not None
    (57, True)

    Raises:
        TypeError: ``rules`` are not a game's rules, ``players`` not a list of players,
            ``max_plies`` or ``seed`` not a whole number.
        ValueError: not one player per seat; ``max_plies`` below 1; ``seed`` negative.
    """
    _check_rules(rules)
    players = _check_players(players, rules)
    max_plies = whole(max_plies, "max_plies", 1)
    game = _play(rules, players, max_plies, _check_seed(seed))
    return game.state, game.counts


def _play_chunk(
    rules: Any,
    players: Sequence[Player],
    seeds: Sequence[np.random.SeedSequence],
    max_plies: int,
    watch: Callable[[list[State]], Sequence[float]] | None = None,
    board: bool = False,
) -> Results:
    """Play one game per seed; ``rules`` is one rules object or a list, one per seed."""
    many = isinstance(rules, (list, tuple))
    rules_list = list(rules) if many else [rules] * len(seeds)
    first = rules_list[0] if rules_list else rules
    seat_count = len(first.seats)
    occupancy = _occupancy(first) if board else None
    winners, names, lengths, ended, rows, watched, turns = [], [], [], [], [], [], []
    score, scores = [], np.full((len(seeds), seat_count), np.nan)
    coverage, pieces = np.full(len(seeds), np.nan), np.full(len(seeds), np.nan)
    for g, (seed, game_rules) in enumerate(zip(seeds, rules_list, strict=True)):
        game_seed = _game_seed(seed)
        kids = seed.spawn(len(players))
        seated = [p.with_seed(k) for p, k in zip(players, kids, strict=True)]
        game = _play(game_rules, seated, max_plies, game_seed, occupancy, watch is not None)
        state, counts = game.state, game.counts
        outcome = state.outcome
        won = () if outcome is None else tuple(outcome.winners)
        winners.append(player_index(state, won[0]) if len(won) == 1 else -1)
        names.append(won[0] if len(won) == 1 else "")
        lengths.append(len(counts))
        turns.append(game.turns)
        ended.append(ending(state))
        rows.append(counts)
        coverage[g], pieces[g] = game.coverage, game.pieces
        if watch is not None:
            watched.append(np.asarray(watch(cast(list[State], game.positions)), dtype=float))
        table = None if outcome is None else outcome.scores
        for seat, value in (table or {}).items():
            scores[g, player_index(state, seat)] = float(value)
        score.append(scores[g, 0] if seat_count == 1 else np.nan)
    width = max((len(r) for r in rows), default=0)
    branching = np.zeros((len(rows), width), dtype=np.int32)
    for k, r in enumerate(rows):
        branching[k, : len(r)] = r
    return Results(
        game=game_of(first),
        rules=first,
        winner=np.array(winners, dtype=np.int64),
        winner_colour=np.array(names, dtype=str) if names else np.array([], dtype="<U1"),
        length=np.array(lengths, dtype=np.int64),
        ended=np.array(ended, dtype=f"<U{max([12, *map(len, ended)])}"),
        branching=branching,
        score=np.array(score, dtype=float),
        scores=scores,
        coverage=coverage,
        pieces=pieces,
        watched=(np.stack(watched) if watched else np.zeros((0, 0))) if watch else None,
        turns=np.array(turns, dtype=float),
    )


def _progress_bar(progress: bool | str, total: int, desc: str) -> Any:
    """A tqdm bar, or ``None`` for no bar."""
    if progress is False or progress is None:
        return None
    if progress == "auto" and total < 200:
        return None
    from tqdm.auto import tqdm

    return tqdm(total=total, desc=desc, unit="game")


def play_many(
    rules: Any,
    players: Sequence[Player],
    games: int,
    seed: int | None = 0,
    executor: Any = None,
    progress: bool | str = "auto",
    chunk: int | None = None,
    max_plies: int = 10_000,
    watch: Callable[[list[State]], Sequence[float]] | None = None,
    board: bool = False,
) -> Results:
    """Play ``games`` games of ``rules`` between ``players`` (one per seat: ``players[k]``
    begins in ``rules.seats[k]``) and return :class:`Results`. ``rules`` may also be a list
    with one rules object of the same game per game (for example
    ``[roaster.Rules(seed=k) for k in range(100)]``: a new bag each game; with
    ``roaster.Rules()``, whose seed is ``None``, each game gets a new bag from ``seed``).

    ``executor``: anything with ``submit(fn, *args)`` returning futures with ``result()``
    (``concurrent.futures.ProcessPoolExecutor``, a Dask ``distributed.Client`` …); the
    games go out in chunks of ``chunk`` games. ``progress``: ``True`` shows a tqdm bar,
    ``False`` none, ``"auto"`` one for 200 games or more. A game not over after
    ``max_plies`` moves is stopped and counted as ``"unfinished"``. ``watch``, if given, is
    called with each game's positions (start to end) and returns the same number of
    numbers for every game: ``Results.watched`` holds them, one row per game (it must be
    picklable to go to an ``executor``). ``board=True`` also measures the board of each
    game (``Results.coverage`` and ``Results.pieces``; it costs some speed).

    Raises:
        TypeError: ``rules`` are not a game's rules (or a list of them), ``players`` not a
            list of :class:`~gamekit.players.Player`, ``games``, ``seed``, ``chunk`` or
            ``max_plies`` not a whole number, ``executor`` without ``submit``.
        ValueError: not one player per seat; ``games`` or ``seed`` negative; ``chunk`` or
            ``max_plies`` below 1; a list of rules not one per game or of several games;
            ``progress`` not ``True``, ``False`` or ``"auto"``.
    """
    games = whole(games, "games", 0)
    seed = _check_seed(seed)
    if chunk is not None:
        chunk = whole(chunk, "chunk", 1)
    max_plies = whole(max_plies, "max_plies", 1)
    progress = _check_progress(progress)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError(f"executor must have a submit(fn, *args) method, not {shown(executor)}")
    if not isinstance(board, bool):
        raise TypeError(f"board must be True or False, not {shown(board)}")
    if watch is not None and not callable(watch):
        raise TypeError(f"watch must be a function of a game's positions, not {shown(watch)}")
    if isinstance(rules, (list, tuple)):
        if len(rules) != games:
            raise ValueError(f"give one rules object per game: {len(rules)} for {games} games")
        rules = list(rules)
        names = {_check_rules(r, "each of rules") for r in rules}
        if len(names) > 1:
            raise ValueError(f"rules must all be of one game, not of {', '.join(sorted(names))}")
        first = rules[0] if rules else None
        if first is None:
            raise ValueError("give at least one rules object (or one rules object, not a list)")
    else:
        _check_rules(rules)
        first = rules
    players = _check_players(players, first)
    for other in rules if isinstance(rules, list) else ():
        _check_players(players, other)
    seeds = np.random.SeedSequence(seed).spawn(games)
    label = f"{game_of(first)} {getattr(first, 'name', '')}"
    bar = _progress_bar(progress, games, label)
    try:
        if executor is None:
            size = chunk or max(1, min(50, games // 20 or 1))
            parts = []
            for start in range(0, games, size):
                part = seeds[start : start + size]
                parts.append(
                    _play_chunk(_part(rules, start, size), players, part, max_plies, watch, board)
                )
                if bar is not None:
                    bar.update(len(part))
        else:
            size = chunk or max(1, -(-games // 32))
            futures = [
                (
                    executor.submit(
                        _play_chunk,
                        _part(rules, s, size),
                        players,
                        seeds[s : s + size],
                        max_plies,
                        watch,
                        board,
                    ),
                    n,
                )
                for s in range(0, games, size)
                for n in [len(seeds[s : s + size])]
            ]
            for future, _ in futures:
                if not callable(getattr(future, "result", None)):
                    raise TypeError(
                        "executor.submit must return a future (something with a result() "
                        f"method), not a {type(future).__name__}"
                    )
            parts = []
            for future, n in futures:
                parts.append(future.result())
                if bar is not None:
                    bar.update(n)
    finally:
        if bar is not None:
            bar.close()
    played = (
        Results.concat(parts) if parts else _play_chunk(first, players, [], max_plies, watch, board)
    )
    return dataclasses.replace(
        played, pairing=f"games from seed {seed}" if seed is not None else None
    )


def _part(rules: Any, start: int, size: int) -> Any:
    return rules[start : start + size] if isinstance(rules, list) else rules


def random_games(
    rules: Any, games: int, seed: int | None = 0, progress: bool | str = "auto"
) -> Results:
    """Random games (every legal move equally likely): with the game's own faster way
    where its strategy has one (``Strategy.random_games``: Coffee's batch engine), else
    with :func:`play_many` and one :class:`~gamekit.players.RandomPlayer` per seat.

    Raises:
        TypeError, ValueError: as :func:`play_many` does for these arguments.
    """
    _check_rules(rules)
    games = whole(games, "games", 0)
    seed = _check_seed(seed)
    progress = _check_progress(progress)
    faster = strategy(rules).random_games
    if faster is not None:
        played = faster(rules, games, seed)
        if played is not None:
            return cast(Results, played)
    players = [RandomPlayer() for _ in rules.seats]
    return play_many(rules, players, games, seed, progress=progress)
