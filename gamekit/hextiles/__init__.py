"""Hex Tiles: each player grows a figure of hexagonal tiles whose marked sides must face
outward, then scores its tiles and its longest marked border. Rules engine.

The rules follow ``docs/rules/hextiles.md``; every choice the seed left open is an option
of :class:`Rules` (see its docstring).

Sides and turns
---------------
Tiles are flat-topped hexagons on the axial grid of :mod:`gamekit.grids`. Side ``i`` of a tile
faces ``HEX_DIRECTIONS[i]``, counted **clockwise from the top**: 0 up, 1 up-right,
2 down-right, 3 down, 4 down-left, 5 up-left. A tile is written as six digits, digit ``i``
being ``1`` when side ``i`` is marked: ``"111000"`` has sides 0, 1 and 2 (up, up-right,
down-right) marked. Turning a tile by ``k`` moves
the mark on side ``i`` to side ``i + k`` (clockwise, mod 6); six turns give the tile back.

Cells are axial ``(q, r)``: ``q`` counts columns to the right, ``r`` counts up a column. Every
figure starts from a blank starter tile on ``(0, 0)``; in notation a cell is ``(q,r)``.

Players and chance
------------------
The players are the seats ``"player 1"``, ``"player 2"`` … (``Rules.seats``);
``State.to_move`` names one, and ``State.player`` is its number from 0. The pool is shuffled
with the rules' ``seed``; with ``seed=None`` (the default) every ``start()`` deals anew, and
the state's rules carry the seed that was used, so a record replays the same deal.

>>> from gamekit import hextiles
>>> tile = hextiles.Tile.from_marks("111000")
>>> tile.value, tile.colour, tile.rotated(1)
(3, 'yellow', Tile.from_marks('011100'))
>>> fig = hextiles.Figure.start().place(hextiles.Tile.from_marks("111110"), (0, 1), 4)
>>> hextiles.score(fig)
Score(tiles=5, border=5, closed=False, total=10)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any, ClassVar, cast

import numpy as np

from gamekit.checks import whole
from gamekit.errors import IllegalMoveError, InvalidNotationError  # noqa: F401  (for users)
from gamekit.game import MAX_SEED, FrozenMap, register
from gamekit.grids import HEX_DIRECTIONS
from gamekit.hextiles.figure import (  # noqa: F401  (the package's names)
    _CHILDREN,
    _CHILDREN_KEPT,
    _NO_NEED,
    Conflict,
    Figure,
    Score,
    _height,
    _longest_run,
    _walk,
    ranking,
    score,
)
from gamekit.hextiles.notation import (  # noqa: F401  (the package's names)
    _DONE,
    _KINDS,
    _MOVE_HELP,
    _MOVE_SET,
    _PLACE,
    _TAKE,
    Move,
    _move_tile,
)
from gamekit.hextiles.outcome import ENDINGS, Outcome
from gamekit.hextiles.refusals import Refusals
from gamekit.hextiles.tiles import (  # noqa: F401  (the package's names)
    _CELL_HELP,
    _FIT,
    _INTEGER,
    _PATTERN_ORDER,
    _SIDES,
    _TILE_HELP,
    _TILES,
    _TILES_BY_MASK,
    _TURN_ON,
    BLANK,
    COLOURS,
    GAME,
    MAX_NOTATION_CHARS,
    PATTERN_NAMES,
    PATTERNS,
    SIDE_NAMES,
    Cell,
    Tile,
    _as_cell,
    _canonical,
    _every_turn_bits,
    _fit,
    _fit_bits,
    _flag,
    _is_flag,
    _join,
    _mask_of,
    _orientations,
    _parse_cell,
    _pattern_tuple,
    _rot,
    _show,
    _step,
    _text,
    _turn,
    _turns,
    cell_text,
)
from gamekit.options import check_options
from gamekit.pictured import Pictured
from gamekit.values import Value
from gamekit.variants import BLOCKED, Variants

__all__ = [
    "Conflict",
    "Tile",
    "PATTERNS",
    "PATTERN_NAMES",
    "COLOURS",
    "BLANK",
    "SIDE_NAMES",
    "HEX_DIRECTIONS",
    "LEFTOVER_RULES",
    "MAX_NOTATION_CHARS",
    "Figure",
    "Score",
    "score",
    "ranking",
    "Rules",
    "State",
    "Move",
    "Outcome",
    "cell_text",
]


# ---------------------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------------------

LEFTOVER_RULES = ("first", "pool", "discard")


def _seed(value: object, name: str = "seed") -> int | None:
    """A seed: ``None`` or a whole number, 0 or more."""
    if value is None:
        return None
    seed = whole(value, name, None)
    if not 0 <= seed <= MAX_SEED:
        raise ValueError(f"{name} must be from 0 to 2**128 - 1, not {_show(seed)}")
    return seed


@register(
    title="Hex Tiles",
    move=Move,
    picture="gamekit.hextiles.picture",
    board="gamekit.hextiles.board:HexTilesBoard",
    strategy="gamekit.hextiles.strategy:STRATEGY",
    puzzles="gamekit.hextiles.puzzles:PUZZLES",
    words="gamekit.hextiles.words",
    guide="gamekit.hextiles.guide",
    examples="gamekit.hextiles.examples:EXAMPLES",
)
@dataclass(frozen=True)
class Rules(Variants):
    """The options of a Hex Tiles game; ``start()`` deals the first market.

    - ``players``: 2 to 4; the seats are ``"player 1"`` … ``"player N"`` (:attr:`seats`).
    - ``seed``: the pool is shuffled with ``numpy.random.default_rng(seed)``. ``None``
      (default): each :meth:`start` deals anew, from ``start(seed=...)`` or fresh entropy,
      and the state's ``rules`` carry the seed used. A whole number fixes the deal.
    - ``copies``: copies of each pattern in the pool (default 2 for 2 players, 3 for 3–4).
    - ``patterns``: which patterns the tile set holds (six-digit strings; default all 12).
    - ``leftover``: where the market's leftover tile goes: ``"first"`` (to the first player,
      default), ``"pool"`` (back into the pool, which is then reshuffled) or ``"discard"``.
    - ``marked_contact``: ``False`` (default): every shared edge is unmarked on both sides;
      ``True``: a marked side may touch a marked side (never an unmarked one).

    A game ends (``Outcome.ending``, the words of :attr:`endings`) with ``"pool-empty"``
    when the pool cannot fill a market (after the last, short market is played out), or
    with ``"no-room"`` when no player's figure has room for another tile of the set.

    >>> Rules(players=2, seed=7)
    hextiles.Rules(players=2, seed=7, copies=2, patterns=None, leftover='first', marked_contact=False)
    >>> len(Rules(players=3).tile_set()), Rules(players=3).seats
    (36, ('player 1', 'player 2', 'player 3'))
    >>> Rules().start(seed=5).rules.seed, Rules().start(seed=5) == Rules(seed=5).start()
    (5, True)

    Raises:
        ValueError: an option's value is not allowed (the message names the option and
            what it may be).
    """

    game: ClassVar[str] = "hextiles"
    endings: ClassVar[tuple[str, ...]] = ENDINGS

    players: int = 2
    seed: int | None = None
    copies: int | None = None
    patterns: tuple[str, ...] | None = None
    leftover: str = "first"
    marked_contact: bool = False

    def __post_init__(self) -> None:
        for name in ("players", "seed", "copies"):
            value = getattr(self, name)
            if value is None and name != "players":
                continue
            if isinstance(value, bool) or not isinstance(value, int | np.integer):
                raise ValueError(f"{name} must be a whole number, not {_show(value)}")
            object.__setattr__(self, name, int(value))
        if not 2 <= self.players <= 4:
            raise ValueError(f"players must be from 2 to 4, not {_show(self.players)}")
        if self.seed is not None:
            _seed(self.seed)
        copies = self.copies
        if copies is None:
            copies = 2 if self.players == 2 else 3
            object.__setattr__(self, "copies", copies)
        if not 1 <= copies <= 20:
            raise ValueError(f"copies (of each pattern) must be from 1 to 20, not {_show(copies)}")
        if self.patterns is not None:
            chosen = []
            for t in _pattern_tuple(self.patterns):
                if not 1 <= t.value <= 5:
                    raise ValueError(
                        f"patterns must be tiles with 1 to 5 marked sides (the tile set has "
                        f"no blank tile and no tile with six marks), not {t.marks}"
                    )
                if t.pattern.marks not in chosen:
                    chosen.append(t.pattern.marks)
            if not chosen:
                raise ValueError("patterns must name at least one pattern")
            object.__setattr__(self, "patterns", tuple(sorted(chosen, key=_pattern_key)))
        if not isinstance(self.leftover, str) or self.leftover not in LEFTOVER_RULES:
            raise ValueError(
                f"leftover must be 'first', 'pool' or 'discard', not {_show(self.leftover)}"
            )
        object.__setattr__(self, "marked_contact", _flag(self.marked_contact, "marked_contact"))

    def __repr__(self) -> str:
        return (
            f"hextiles.Rules(players={self.players}, seed={self.seed}, copies={self.copies}, "
            f"patterns={self.patterns!r}, leftover={self.leftover!r}, "
            f"marked_contact={self.marked_contact})"
        )

    @property
    def seats(self) -> tuple[str, ...]:
        """The players in turn order: ``("player 1", "player 2", ...)``."""
        return _SEATS[self.players]

    @property
    def tile_patterns(self) -> tuple[Tile, ...]:
        """The patterns in the tile set."""
        if self.patterns is None:
            return PATTERNS
        return tuple(_TILES[p] for p in self.patterns)

    def tile_set(self) -> list[Tile]:
        """Every tile of the pool before shuffling (a new list)."""
        return [p for p in self.tile_patterns for _ in range(cast(int, self.copies))]

    @property
    def market_size(self) -> int:
        """Tiles in a full market: one more than the players."""
        return self.players + 1

    def start(self, seed: int | None = None) -> State:
        """The pool shuffled, the first market drawn, Player 1 first to take.

        The deal comes from the rules' ``seed``; if that is ``None``, from ``seed`` here, or
        with no seed at all from fresh entropy. The state's ``rules`` carry the seed used.

        >>> Rules(players=2, seed=7).start().market
        ('101000', '101010', '111010')

        Raises:
            TypeError: ``seed`` is neither ``None`` nor a whole number.
            ValueError: ``seed`` is below 0.
        """
        seed = _seed(seed)
        rules = self
        if self.seed is None:
            if seed is None:
                seed = int(cast(int, np.random.SeedSequence().entropy))
            rules = dataclasses.replace(self, seed=seed)
        bag = [t.marks for t in rules.tile_set()]
        order = np.random.default_rng(rules.seed).permutation(len(bag))
        pool = tuple(bag[i] for i in order)
        figure = Figure.start(rules.marked_contact)
        return State._new_round(
            rules,
            figures=(figure,) * rules.players,
            reserves=((),) * rules.players,
            pool=pool,
            first=0,
            round_no=1,
        )

    def replay(self, moves: Iterable[Move | str], seed: int | None = None) -> State:
        """The position after playing ``moves`` one after the other from :meth:`start`
        (``seed`` as there: give the seed of the deal the moves were played on).

        >>> Rules(seed=7).replay(["take 101000", "done"])
        <hextiles.State 2 players, round 1, pool 21, Player 2 to take>

        Raises:
            TypeError: ``moves`` is not a sequence of moves (a single text is not), or
                ``seed`` is not a whole number.
            IllegalMoveError, InvalidNotationError: as :meth:`State.play`, for the first
                move that fails.
        """
        if isinstance(moves, str | bytes) or not isinstance(moves, Iterable):
            raise TypeError(
                "moves must be a sequence of moves, such as ['take 111000', 'done'], not "
                f"{_show(moves)}"
            )
        state = self.start(seed)
        for move in moves:
            state = state.play(move)
        return state

    # -- saving -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready dict (:meth:`from_dict` reads it back)."""
        return {
            "players": self.players,
            "seed": self.seed,
            "copies": self.copies,
            "patterns": None if self.patterns is None else list(self.patterns),
            "leftover": self.leftover,
            "marked_contact": self.marked_contact,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rebuild rules from :meth:`to_dict`.

        >>> Rules.from_dict({"players": 3, "seed": 1}).copies
        3

        Raises:
            ValueError: ``data`` is not a mapping of option names, names an unknown option,
                or an option's value is not allowed.
        """
        known = ("players", "seed", "copies", "patterns", "leftover", "marked_contact")
        return cls(**check_options(data, known, "Hex Tiles"))


_SEATS = {n: tuple(f"player {i + 1}" for i in range(n)) for n in range(2, 5)}


@cache
def _set_bits(patterns: tuple[str, ...] | None) -> int:
    """Every orientation of the patterns of a tile set (``Rules.patterns``) as bits."""
    tiles = PATTERNS if patterns is None else [_TILES[p] for p in patterns]
    return _every_turn_bits(tuple(t.mask for t in tiles))


def _pattern_key(p: str) -> int:
    return _PATTERN_ORDER[p]


def _reseeded(rules: Rules, seed: int) -> Rules:
    """``rules`` with the seed ``seed`` (0 to 2**63 - 1: nothing to check)."""
    if type(rules) is not Rules:  # a variant may check more
        return dataclasses.replace(rules, seed=seed)
    new = object.__new__(Rules)
    new.__dict__.update(rules.__dict__)
    new.__dict__["seed"] = seed
    return new


@lru_cache(maxsize=4096)
def _take_moves(market: tuple[str, ...]) -> tuple[Move, ...]:
    """The take moves of a market, in its order."""
    return tuple(Move._checked("take", p, None, None) for p in dict.fromkeys(market))


# ---------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------


def _display(seat: str) -> str:
    """A seat as a sentence shows it: ``"Player 1"``."""
    return seat[:1].upper() + seat[1:]


class State(Pictured, Value, Refusals):
    """A Hex Tiles position: every figure and reserve, the pool, the market, whose turn.

    Immutable and hashable; build one with :meth:`Rules.start`. A round: the first player
    has filled the market; each player in turn (from the first) takes one tile (compulsory
    while the market has tiles), may place reserve tiles before or after, and says
    ``done``. Taken tiles go to the reserve, so "place it or keep it" is a ``place`` move or
    nothing. Then the leftover tile goes to the first player, who gets one more step to
    place tiles (rule ``leftover="first"``).

    Players are numbered from 0 in ``figures``, ``reserves``, ``first`` and :attr:`player`;
    :attr:`to_move` and the outcome name them by seat (``"player 1"`` …).

    >>> state = Rules(players=2, seed=7).start()
    >>> state
    <hextiles.State 2 players, round 1, pool 21, Player 1 to take>
    >>> state.market, state.to_move, state.player
    (('101000', '101010', '111010'), 'player 1', 0)
    """

    _immutable = "a hextiles.State is immutable; play() returns a new state"
    __slots__ = (
        "rules",
        "figures",
        "reserves",
        "pool",
        "market",
        "first",
        "round_no",
        "step",
        "taken",
        "short",
        "over",
        "_cache",
    )

    rules: Rules
    figures: tuple[Figure, ...]
    reserves: tuple[tuple[str, ...], ...]
    pool: tuple[str, ...]
    market: tuple[str, ...]
    first: int
    round_no: int
    step: int
    taken: bool
    short: bool
    over: bool
    _cache: dict[str, Any]

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise TypeError("a hextiles.State comes from Rules(...).start(), then play()")

    @classmethod
    def _make(cls, **fields: Any) -> State:
        return _state(*[fields[name] for name in _FIELDS], cls=cls)

    @classmethod
    def _new_round(
        cls,
        rules: Rules,
        figures: tuple[Figure, ...],
        reserves: tuple[tuple[str, ...], ...],
        pool: tuple[str, ...],
        first: int,
        round_no: int,
    ) -> State:
        n = rules.market_size
        drawn = tuple(sorted(pool[:n], key=_pattern_key))
        return _state(
            rules, figures, reserves, pool[n:], drawn, first, round_no, 0, False,
            len(drawn) < n, not drawn, cls=cls,
        )  # fmt: skip

    def _replace(self, **changes: Any) -> State:
        return _state(*[changes.get(name, getattr(self, name)) for name in _FIELDS])

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, ({name: getattr(self, name) for name in _FIELDS},))

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in _FIELDS)

    def __repr__(self) -> str:
        head = f"<hextiles.State {self.rules.players} players, round {self.round_no}, pool {len(self.pool)}"
        o = self.outcome
        if o is not None:
            if o.winner is None:
                tail = "shared win: " + _join([_display(w) for w in o.winners])
            else:
                tail = f"{_display(o.winner)} won"
        else:
            doing = "to take" if self.must_take else "to place or end the turn"
            tail = f"{self.player_name(self._mover)} {doing}"
        return f"{head}, {tail}>"

    # -- reading -------------------------------------------------------------------------
    @staticmethod
    def player_name(i: int) -> str:
        """Player number ``i`` (from 0) as sentences show it: ``"Player 1"``.

        Raises:
            TypeError: ``i`` is not a whole number.
        """
        return f"Player {whole(i, 'i', None) + 1}"

    @property
    def _mover(self) -> int:
        """The player whose turn it is, or was when the game ended (0 = player 1)."""
        n = self.rules.players
        return (self.first + self.step) % n if self.step < n else self.first

    @property
    def to_move(self) -> str | None:
        """The seat whose turn it is (``"player 1"`` …); ``None`` once the game is over."""
        return None if self.outcome is not None else self.rules.seats[self._mover]

    @property
    def player(self) -> int | None:
        """The number (from 0) of the player whose turn it is; ``None`` once the game is
        over."""
        return None if self.outcome is not None else self._mover

    @property
    def swapped(self) -> bool:
        """Always ``False``: Hex Tiles has no pie rule."""
        return False

    @property
    def leftover_step(self) -> bool:
        """Whether this is the first player's extra step with the leftover tile."""
        return self.step >= self.rules.players

    @property
    def must_take(self) -> bool:
        """Whether the player to move still has to take a market tile."""
        return not self.leftover_step and not self.taken and bool(self.market)

    def _index(self, player: int | str | None) -> int:
        """A player given by number (from 0) or seat name; ``None`` is the player to move
        (once the game is over, the last first player)."""
        if player is None:
            return self._mover
        seats = self.rules.seats
        if isinstance(player, str):
            if player in seats:
                return seats.index(player)
        elif isinstance(player, int | np.integer) and not isinstance(player, bool):
            if 0 <= player < len(seats):
                return int(player)
        raise ValueError(
            f"player must be a number from 0 to {len(seats) - 1} or a seat name "
            f"({', '.join(map(repr, seats))}), not {_show(player)}"
        )

    def figure(self, player: int | str | None = None) -> Figure:
        """The figure of ``player`` (a number from 0 or a seat name; default the player to
        move).

        Raises:
            ValueError: ``player`` names no player of this game.
        """
        return self.figures[self._index(player)]

    def reserve(self, player: int | str | None = None) -> tuple[str, ...]:
        """The reserve tiles of ``player`` (as :meth:`figure`).

        Raises:
            ValueError: ``player`` names no player of this game.
        """
        return self.reserves[self._index(player)]

    def scores(self) -> list[Score]:
        """Every player's score now (a new list)."""
        return [score(f) for f in self.figures]

    def redeal(self, rng: np.random.Generator | int | None = None) -> State:
        """This position as the players see it, with what nobody can see dealt anew.

        The tiles still in the pool are shuffled into a new order with ``rng`` (a numpy
        ``Generator`` or a seed), and the rules get a new ``seed`` drawn from it (the seed
        decides the pool's order and its later reshuffles). Everything a player sees stays:
        figures, reserves, market, round, whose turn, and which tiles are in the pool; the
        new order depends on nothing else (not on the old order).
        A computer player that searches ahead plays on from redealt positions, so it
        cannot know which tiles the next markets will hold (determinization).

        >>> state = Rules(seed=7).start()
        >>> other = state.redeal(1)
        >>> other.market == state.market, sorted(other.pool) == sorted(state.pool)
        (True, True)
        >>> other.pool == state.pool
        False

        Raises:
            TypeError: ``rng`` is not a numpy ``Generator``, a whole number or ``None``.
            ValueError: ``rng`` is a negative number.
        """
        if not isinstance(rng, np.random.Generator):
            if rng is not None and (isinstance(rng, bool) or not isinstance(rng, int | np.integer)):
                raise TypeError(
                    f"rng must be a numpy Generator, a whole number or None, not {_show(rng)}"
                )
            rng = np.random.default_rng(_seed(rng, "rng"))
        pool = sorted(self.pool, key=_pattern_key)  # what anyone knows of it: its tiles
        order = rng.permutation(len(pool)).tolist()
        rules = _reseeded(self.rules, int(rng.integers(2**63)))
        new = _state(
            rules, self.figures, self.reserves, tuple([pool[i] for i in order]), self.market,
            self.first, self.round_no, self.step, self.taken, self.short, self.over,
        )  # fmt: skip
        if "outcome" in self._cache:  # the order of the pool does not end a game
            new._cache["outcome"] = self._cache["outcome"]
        return new

    # -- rules -----------------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        cache = self._cache
        if "outcome" not in cache:
            cache["outcome"] = found = self._compute_outcome()
            if found is None and not self.rules.plain:  # while asked, the game goes on
                cache["outcome"] = self._blocked()
        outcome: Outcome | None = cache["outcome"]
        return outcome

    def _blocked(self) -> Outcome | None:
        """The end of a variant's game whose rule refuses every move Hex Tiles allows here:
        the player to move loses, the others share the win."""
        refusals = [self.rules._variant(self, m) for m in self._base_legal()]
        if any(r is None for r in refusals):
            return None
        p = self._mover
        seats = self.rules.seats
        totals = [s.total for s in self.scores()]
        why = f"for example {refusals[0]}" if refusals else "none is left"
        return Outcome(
            winners=tuple(s for i, s in enumerate(seats) if i != p),
            reason=f"{self.player_name(p)} has no move this variant allows ({why}), and loses",
            ending=BLOCKED,
            scores=FrozenMap(zip(seats, totals, strict=True)),
        )

    def _compute_outcome(self) -> Outcome | None:
        bits = _set_bits(self.rules.patterns)
        if not self.over:
            for f in self.figures:
                if f._room(bits):
                    return None
        if self.over:
            why, ending = "the pool could not fill a market", "pool-empty"
        elif not any(f._room(bits) for f in self.figures):
            why, ending = "no player's figure has room for another tile", "no-room"
        else:
            return None
        seats = self.rules.seats
        scores = tuple(self.scores())
        winners = ranking(scores)
        table = "; ".join(f"{self.player_name(i)} {s.total}" for i, s in enumerate(scores))
        if len(winners) == 1:
            w = winners[0]
            tops = [i for i, s in enumerate(scores) if s.total == scores[w].total]
            res = f"{self.player_name(w)} wins"
            if len(tops) > 1:
                res += f" on the tie-break (fewer tiles: {scores[w].tile_count})"
        else:
            res = "shared win for " + _join([self.player_name(i) for i in winners])
        return Outcome(
            winners=tuple(seats[i] for i in winners),
            reason=f"The game is over: {why}. Scores: {table}. {res}",
            ending=ending,
            scores=FrozenMap(zip(seats, (s.total for s in scores), strict=True)),
            breakdown=scores,
        )

    def _legal(self) -> list[Move]:
        cache = self._cache
        out: list[Move] | None = cache.get("legal")
        if out is not None:
            return out
        out = []
        if self.outcome is None:
            out = self._base_legal()
            if not self.rules.plain:
                out = [m for m in out if self.rules._variant(self, m) is None]
        cache["legal"] = out
        return out

    def _base_legal(self) -> list[Move]:
        """The moves Hex Tiles' own rules allow (the game going on)."""
        p = self._mover
        out = list(self.figures[p]._place_moves(self.reserves[p]))
        if self.step < self.rules.players and not self.taken:  # may take
            out.extend(_take_moves(self.market) if self.market else [_DONE])
        else:
            out.append(_DONE)
        return out

    def legal_moves(self) -> list[Move]:
        """Every legal move: placements (by pattern, then cell, then turn), then takes,
        then ``done`` (a new list; empty once the game is over)."""
        return list(self._legal())

    def why_illegal(self, move: Move | str) -> str | None:
        """``None`` if ``move`` is legal here, else the sentence :meth:`play` would raise.

        Raises:
            InvalidNotationError: ``move`` is not a move's notation.
        """
        return self._problem(Move.parse(move))

    def _problem(self, m: Move) -> str | None:
        """Why ``m`` is refused here: by Hex Tiles' rules, then by a variant's own rule."""
        reason = self._base_problem(m)
        if reason is None and not self.rules.plain:
            reason = self.rules._variant(self, m)
        return reason

    def play(self, move: Move | str) -> State:
        """The state after ``move``.

        >>> Rules(seed=7).start().play("take 101000").reserve(0)
        ('101000',)

        Raises:
            IllegalMoveError: the rules forbid ``move`` here (the message names the rule).
            InvalidNotationError: ``move`` is not a move's notation.
        """
        m = Move.parse(move)
        reason = self._problem(m)
        if reason is not None:
            raise IllegalMoveError(reason, move=m)
        return self._apply(m)

    def _apply(self, m: Move) -> State:
        new = self._next(m)
        if new.figures is self.figures and not new.over and "outcome" in self._cache:
            if self._cache["outcome"] is None:  # and nothing that ends a game has changed
                new._cache["outcome"] = None
        return new

    def _next(self, m: Move) -> State:
        p = self._mover
        kind = m.kind
        if kind == "place":
            pattern = cast(str, m.pattern)
            reserves = list(self.reserves)
            held = list(reserves[p])
            held.remove(pattern)
            reserves[p] = tuple(held)
            figures = list(self.figures)
            mask = _rot(_TILES[pattern].mask, cast(int, m.turn))
            figures[p] = figures[p]._placed(cast(Cell, m.cell), mask)
            return _state(
                self.rules, tuple(figures), tuple(reserves), self.pool, self.market, self.first,
                self.round_no, self.step, self.taken, self.short, self.over,
            )  # fmt: skip
        if kind == "take":
            pattern = cast(str, m.pattern)
            market = list(self.market)
            market.remove(pattern)
            reserves = list(self.reserves)
            reserves[p] = tuple(sorted((*reserves[p], pattern), key=_pattern_key))
            return _state(
                self.rules, self.figures, tuple(reserves), self.pool, tuple(market), self.first,
                self.round_no, self.step, True, self.short, self.over,
            )  # fmt: skip
        # done
        n = self.rules.players
        if self.step < n - 1:
            return _state(
                self.rules, self.figures, self.reserves, self.pool, self.market, self.first,
                self.round_no, self.step + 1, False, self.short, self.over,
            )  # fmt: skip
        if self.step == n - 1 and self.market:
            leftover = self.rules.leftover
            if leftover == "first":
                reserves = list(self.reserves)
                f = self.first
                reserves[f] = tuple(sorted((*reserves[f], *self.market), key=_pattern_key))
                return self._replace(step=n, market=(), reserves=tuple(reserves), taken=True)
            if leftover == "pool":
                pool = list(self.pool) + list(self.market)
                seed = cast(int, self.rules.seed)  # start() always sets it
                order = np.random.default_rng([seed, self.round_no]).permutation(len(pool))
                return self._end_round(pool=tuple(pool[i] for i in order))
            return self._end_round(pool=self.pool)
        return self._end_round(pool=self.pool)

    def _end_round(self, pool: tuple[str, ...]) -> State:
        if self.short:
            return self._replace(market=(), pool=pool, over=True, step=0, taken=False)
        return State._new_round(
            self.rules,
            self.figures,
            self.reserves,
            pool,
            (self.first + 1) % self.rules.players,
            self.round_no + 1,
        )


def _rebuild(fields: dict[str, Any]) -> State:
    return State._make(**fields)


#: The fields of a :class:`State` (its slots but the cache), in order.
_FIELDS: tuple[str, ...] = State.__slots__[:-1]
_SET = tuple(State.__dict__[name].__set__ for name in State.__slots__)


def _state(
    rules: Rules,
    figures: tuple[Figure, ...],
    reserves: tuple[tuple[str, ...], ...],
    pool: tuple[str, ...],
    market: tuple[str, ...],
    first: int,
    round_no: int,
    step: int,
    taken: bool,
    short: bool,
    over: bool,
    *,
    cls: type[State] = State,
) -> State:
    """A state of these fields (checked by the caller), with an empty cache."""
    new = object.__new__(cls)
    s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11 = _SET
    s0(new, rules)
    s1(new, figures)
    s2(new, reserves)
    s3(new, pool)
    s4(new, market)
    s5(new, first)
    s6(new, round_no)
    s7(new, step)
    s8(new, taken)
    s9(new, short)
    s10(new, over)
    s11(new, {})
    return new
