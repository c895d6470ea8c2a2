"""Coffee Roaster's rules engine: the options (:class:`Rules`) and the positions
(:class:`State`), the roasting rounds and the cup test as moves.

The bag is a seeded random source (see :mod:`gamekit.roaster.bag`); the moves are tables of
small checks and changes (:mod:`gamekit.roaster.effects` for the roasting rounds,
:mod:`gamekit.roaster.cup` for the cup test); the notation is :mod:`gamekit.roaster.notation`.

>>> from gamekit import roaster
>>> state = roaster.Rules(card="jamaica-blue-mountain", seed=3).start()
>>> state.phase, [str(m) for m in state.legal_moves()]
('draw', ['draw'])
>>> state = state.play("draw")
>>> state.phase, sum(state.drawn.values()) + state.removed.get("moisture", 0)
('effects', 9)
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar, cast

import numpy as np

from gamekit.errors import IllegalMoveError
from gamekit.game import MAX_SEED, FrozenMap, register
from gamekit.options import check_options
from gamekit.pictured import Pictured
from gamekit.roaster import cup as _cup
from gamekit.roaster import effects as _effects
from gamekit.roaster.bag import ZERO, Counts, as_dict, counts, minus, plus
from gamekit.roaster.cards import (
    BOARDS,
    CARDS,
    CUP_EFFECTS,
    FLAVORS,
    INSTANT_EFFECTS,
    TOKEN_NAMES,
    TOKENS,
    Board,
    Card,
    Score,
    _show,
    score,
)
from gamekit.roaster.notation import ACTIONS, FLAVOR_EFFECTS, PHASES, Move, token_order
from gamekit.values import Value
from gamekit.variants import BLOCKED, Variants

__all__ = ["GAME", "ENDINGS", "Rules", "State", "Move", "Outcome", "PHASES", "ACTIONS"]

GAME = "roaster"

#: Every move: its checks and its change, by action.
MOVES: FrozenMap[str, _effects.Action] = _effects.MOVES | _cup.MOVES
#: The moves worth checking in each phase (``legal_moves`` keeps those that pass).
CANDIDATES = _effects.CANDIDATES | _cup.CANDIDATES


#: How a game ends (``Outcome.ending``); see :class:`Rules`.
ENDINGS = ("stopped", "forced", "bag-empty")


def _seed(value: Any, what: str) -> int:
    """A seed as an ``int``: a whole number from 0 to :data:`MAX_SEED`."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{what} must be a whole number of 0 or more, not {_show(value)}")
    if not 0 <= int(value) <= MAX_SEED:
        raise ValueError(f"{what} must be from 0 to 2**128 - 1, not {_show(value)}")
    return int(value)


@dataclass(frozen=True)
class Outcome:
    """The end of a game: the cup's :class:`~gamekit.roaster.cards.Score`, how the game
    ended (``ending``, a word of :attr:`Rules.endings`) and a sentence (``reason``).

    Coffee Roaster is a solo game with no opponent to beat: ``winners`` is always empty
    (``winner`` is ``None``), and the result is the score, ``scores["roaster"]`` (also
    ``total``).

    >>> state = Rules(seed=3).arrange({}, bag={"bean2": 3}, phase="decide").play("stop")
    >>> while state.outcome is None:
    ...     state = state.play("cup")
    >>> o = state.outcome
    >>> o.ending, o.winners, o.scores
    ('bag-empty', (), FrozenMap({'roaster': -7}))
    >>> o.reason
    'the bag ran out before the cup was full: the cup scores -7'
    """

    score: Score
    reason: str
    ending: str = "stopped"

    def __post_init__(self) -> None:
        if self.ending not in (*ENDINGS, BLOCKED):
            raise ValueError(
                f"ending must be one of {', '.join(ENDINGS)} (or {BLOCKED!r}, in a variant), "
                f"not {_show(self.ending)}"
            )

    @property
    def total(self) -> int:
        """The cup's score."""
        return self.score.total

    @property
    def winner(self) -> None:
        """``None``: a solo game has no winner."""
        return None

    @property
    def winners(self) -> tuple[str, ...]:
        """``()``: a solo game has no winner (there is no opponent)."""
        return ()

    @property
    def scores(self) -> FrozenMap[str, int]:
        """The score by seat: ``{"roaster": total}``."""
        return FrozenMap({"roaster": self.score.total})


# ---------------------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------------------


@register(
    title="Coffee Roaster",
    move=Move,
    setup="arrange",
    picture="gamekit.roaster.picture",
    board="gamekit.roaster.board:RoasterBoard",
    strategy="gamekit.roaster.strategy:STRATEGY",
    puzzles="gamekit.roaster.puzzles:PUZZLES",
    words="gamekit.roaster.words",
    guide="gamekit.roaster.guide",
    examples="gamekit.roaster.examples:EXAMPLES",
)
@dataclass(frozen=True)
class Rules(Variants):
    """A game's options: the coffee ``card`` (a :class:`Card`, a shipped card's id, or a
    card's data), the board ``side`` (``"standard"`` or ``"beginner"``), the bag's ``seed``,
    and optionally a ``board`` with other printed numbers than the side's shipped ones.

    ``seed`` fixes the deal (the cup effects' places and every draw). ``None`` (the
    default) leaves it open: ``start(seed=...)`` then deals with the seed it is given (as
    :func:`gamekit.sim.play_many` does, one per game), or with fresh entropy if it is given
    none; the started state's ``rules`` carry the seed used, so a record of the game
    replays the same deal.

    Coffee Roaster is a solo game: one seat, ``"roaster"``. The game ends when the cup test
    is over; ``Outcome.ending`` says how (:attr:`endings`):

    - ``"stopped"``: the player chose to stop roasting, and the cup test filled the cup;
    - ``"forced"``: the round marker was on the thermometer's last space, so the roasting
      had to stop, and the cup test filled the cup;
    - ``"bag-empty"``: the bag ran out before the cup was full (the cup loses 5 points for
      its empty slots), however the roasting stopped.

    Raises:
        ValueError: an option of the wrong type or value (the message names it).

    >>> Rules(card="jamaica-blue-mountain", seed=3)
    roaster.Rules(card='jamaica-blue-mountain', side='standard', seed=3)
    >>> Rules().start(seed=3) == Rules(seed=3).start()
    True
    >>> Rules(card="no-such-coffee")
    Traceback (most recent call last):
    ...
    ValueError: no shipped card has the id 'no-such-coffee'; the ids are jamaica-blue-mountain, zambia-kasama-aa, practice-i-advanced, practice-i-expert, practice-ii-beginner, practice-ii-expert, practice-iii-beginner, practice-iii-advanced, practice-iii-expert
    """

    game: ClassVar[str] = "roaster"
    endings: ClassVar[tuple[str, ...]] = ENDINGS
    #: The players' names: one, the roaster (a solo game).
    seats: ClassVar[tuple[str, ...]] = ("roaster",)

    card: Card | str = "jamaica-blue-mountain"
    side: str = "standard"
    seed: int | None = None
    board: Board | None = None

    def __post_init__(self) -> None:
        card = self.card
        if isinstance(card, str):
            if card not in CARDS:
                raise ValueError(
                    f"no shipped card has the id {_show(card)}; the ids are " + ", ".join(CARDS)
                )
            card = CARDS[card]
        elif isinstance(card, Mapping):
            card = Card.from_dict(card)
        elif not isinstance(card, Card):
            raise ValueError(
                f"card must be a roaster.Card, a card id or a card's data, not {_show(card)}"
            )
        object.__setattr__(self, "card", card)
        if not isinstance(self.side, str) or self.side not in BOARDS:
            raise ValueError(f"side must be 'standard' or 'beginner', not {_show(self.side)}")
        if self.seed is not None:
            object.__setattr__(self, "seed", _seed(self.seed, "seed"))
        board = self.board
        if board is None:
            board = BOARDS[self.side]
        elif isinstance(board, Mapping):
            board = Board.from_dict(board, name="custom")
        elif not isinstance(board, Board):
            raise ValueError(f"board must be a roaster.Board or a board's data, not {_show(board)}")
        object.__setattr__(self, "board", board)

    # ``card`` and ``board`` as __post_init__ leaves them: a Card (from an id or data) and a
    # Board (the side's when None), for the code that reads them.
    @property
    def _card(self) -> Card:
        return cast(Card, self.card)

    @property
    def _board(self) -> Board:
        return cast(Board, self.board)

    def __repr__(self) -> str:
        card = self._card.id if CARDS.get(self._card.id) == self.card else self.card
        text = f"roaster.Rules(card={card!r}, side={self.side!r}, seed={self.seed}"
        if self.board != BOARDS[self.side]:
            text += f", board={self.board!r}"
        return text + ")"

    def start(self, seed: int | None = None) -> State:
        """The game before the first draw: the card's tokens in the bag, the cup effects
        shuffled onto their places, the round marker on the card's moisture space.

        ``seed`` deals the game if the rules' own ``seed`` is ``None`` (no seed at all:
        fresh entropy); rules with a seed ignore it. The state's ``rules`` carry the seed
        used.

        Raises:
            ValueError: ``seed`` is not a whole number of 0 or more (or ``None``).

        >>> Rules().start(seed=7).rules.seed, Rules(seed=1).start(seed=7).rules.seed
        (7, 1)
        """
        if seed is not None:
            seed = _seed(seed, "seed")
        rules = self
        if self.seed is None:
            if seed is None:
                seed = int(np.random.SeedSequence().entropy)  # type: ignore[arg-type]
            rules = replace(self, seed=seed)
        return rules._deal()

    def _deal(self) -> State:
        """The start of the game dealt with ``self.seed`` (a whole number here)."""
        board = self._board
        bag = counts(t for t, k in self._card.bag.items() for _ in range(k))
        reserve = ZERO
        if board.reserve:
            reserve = counts(f for f in FLAVORS if bag[TOKENS.index(f)])
            bag = minus(bag, reserve)
        rng = np.random.default_rng([cast(int, self.seed), 0])
        effects = [CUP_EFFECTS[i] for i in rng.permutation(len(CUP_EFFECTS))]
        pairs = tuple((e, ()) for e in effects)
        space = board.start_space(self._card.moisture)
        return State._make(
            self,
            phase="draw",
            round=1,
            space=space,
            bag=bag,
            drawn=ZERO,
            aside=ZERO,
            reserve=reserve,
            instant=tuple(() for _ in INSTANT_EFFECTS),
            pairs=pairs,
            cup=(None,) * board.cup_slots,
            tray=(),
            removed=ZERO,
            created=ZERO,
            draws=1,
            flavor_round=False,
            exchanged=False,
            events=(
                f"Setup: {sum(bag)} tokens in the bag; the round marker starts on space "
                f"{space + 1} (the card has {self._card.moisture} moisture).",
            ),
        )

    def arrange(
        self,
        drawn: Mapping[str, int] | None = None,
        bag: Mapping[str, int] | None = None,
        *,
        phase: str = "effects",
        pairs: Mapping[str, Iterable[str]] | None = None,
        instant: Mapping[str, Iterable[str]] | None = None,
        cup: Iterable[str | None] = (),
        tray: Iterable[str] = (),
        aside: Mapping[str, int] | None = None,
        space: int | None = None,
        round: int = 1,
    ) -> State:
        """A made-up position for a lesson or a test: the tokens ``drawn`` this round, the
        ``bag`` (default: the card's bag less the drawn tokens, as far as it has them),
        flavor tokens on the ``pairs`` by cup effect, tokens on the ``instant`` effects'
        slots, a part-filled ``cup`` and so on. It skips the moves that would lead there
        (rules without a seed deal the cup effects' places from fresh entropy).

        Raises:
            ValueError: an argument that no position has (the message names it).

        >>> s = Rules(seed=1).arrange({"bean2": 2, "body": 1}, pairs={"tray": ["body"]})
        >>> s.phase, s.drawn, s.unlocked
        ('effects', {'bean2': 2, 'body': 1}, ())
        """
        if not isinstance(phase, str) or phase not in PHASES:
            raise ValueError(f"phase must be one of {', '.join(PHASES)}, not {_show(phase)}")
        board = self._board
        start = self.start()
        d = _tally(drawn, "drawn")
        if bag is None:
            b = tuple(max(0, x - y) for x, y in zip(start._bag, d, strict=True))
        else:
            b = _tally(bag, "bag")
        on_pairs = _groups(pairs, "pairs", CUP_EFFECTS)
        new_pairs = tuple((e, on_pairs.get(e, ())) for e, _ in start._pairs)
        for (e, toks), colour in zip(new_pairs, board.pairs, strict=True):
            for t in toks:
                if t != "wild" and (t not in FLAVORS or colour not in (t, "any")):
                    raise ValueError(
                        f"the slots of {TOKEN_NAMES[e]} take {colour} flavor tokens, not {_show(t)}"
                    )
            if len(toks) > 2:
                raise ValueError(f"the slots of {TOKEN_NAMES[e]} hold 2 tokens, not {len(toks)}")
        on_instant = _groups(instant, "instant", INSTANT_EFFECTS)
        for e, toks in on_instant.items():
            if len(toks) > len(board.instant_costs[e]):
                raise ValueError(
                    f"instant: the slots of {_show(e)} hold {len(board.instant_costs[e])} tokens, "
                    f"not {len(toks)}"
                )
        slots = tuple(
            tuple(sorted(on_instant.get(e, ()), key=token_order)) for e in INSTANT_EFFECTS
        )
        cup_list = list(_tokens(cup, "cup", empty=True))
        if len(cup_list) > board.cup_slots:
            raise ValueError(f"cup: the cup has {board.cup_slots} slots, not {len(cup_list)}")
        cup_list += [None] * (board.cup_slots - len(cup_list))
        if space is not None:
            last = len(board.track) - 1
            if isinstance(space, bool) or not isinstance(space, numbers.Integral):
                raise ValueError(f"space must be a whole number, not {_show(space)}")
            if not 0 <= space <= last:
                raise ValueError(f"space must be from 0 to {last}, not {space}")
        if isinstance(round, bool) or not isinstance(round, numbers.Integral) or round < 1:
            raise ValueError(f"round must be a whole number of 1 or more, not {_show(round)}")
        return start._with(
            phase=phase,
            round=int(round),
            space=start.space if space is None else int(space),
            bag=b,
            drawn=d,
            aside=_tally(aside, "aside"),
            reserve=start._reserve,
            pairs=new_pairs,
            instant=slots,
            cup=tuple(cup_list),
            tray=_tokens(tray, "tray"),
            events=("A position arranged for this example.",),
        )

    def replay(self, moves: Iterable[Move | str]) -> State:
        """The state after playing ``moves`` (Moves or notation) from :meth:`start` (rules
        without a seed deal from fresh entropy: replay a game with its state's ``rules``).

        Raises:
            TypeError: ``moves`` is not a list (or other iterable) of moves.
            InvalidNotationError: a move that is not Coffee Roaster notation.
            IllegalMoveError: a move the rules forbid where it is played.

        >>> Rules(seed=3).replay(["draw", "roast"]).phase
        'decide'
        """
        if isinstance(moves, (str, bytes, Mapping)) or not isinstance(moves, Iterable):
            raise TypeError(f"moves must be a list of moves, not {_show(moves)}")
        state = self.start()
        for move in moves:
            state = state.play(move)
        return state

    def to_dict(self) -> dict[str, Any]:
        """The options as JSON-ready data (a shipped card by its id, a custom card or
        board in full); :meth:`from_dict` reads them back."""
        card = self._card.id if CARDS.get(self._card.id) == self.card else self._card.to_dict()
        out: dict[str, Any] = {"card": card, "side": self.side, "seed": self.seed}
        if self.board != BOARDS[self.side]:
            out["board"] = self._board.to_dict()
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rebuild rules from :meth:`to_dict`.

        Raises:
            ValueError: not a JSON object, an unknown option, or an option (or a field of
                the card or board data) of the wrong type or value, naming it.

        >>> Rules.from_dict({"card": "zambia-kasama-aa", "seed": 4})
        roaster.Rules(card='zambia-kasama-aa', side='standard', seed=4)
        """
        return cls(**check_options(data, ("card", "side", "seed", "board"), "Coffee Roaster"))


def _tally(data: Any, what: str) -> Counts:
    """``{token: count}`` (or ``None``: no tokens) as counts."""
    if data is None:
        return ZERO
    if not isinstance(data, Mapping):
        raise ValueError(f"{what} must map token names to counts, not {_show(data)}")
    out = [0] * len(TOKENS)
    for t, k in data.items():
        if not isinstance(t, str) or t not in TOKENS:
            raise ValueError(f"{what} names {_show(t)}, which is not a token")
        if isinstance(k, bool) or not isinstance(k, numbers.Integral) or not 0 <= int(k) <= 999:
            raise ValueError(f"{what}: the count of {t} must be from 0 to 999, not {_show(k)}")
        out[TOKENS.index(t)] += int(k)
    return tuple(out)


def _tokens(data: Any, what: str, empty: bool = False) -> tuple[Any, ...]:
    """A list of token names (and ``None`` for an empty slot if ``empty``) as a tuple."""
    if isinstance(data, (str, bytes, Mapping)) or not isinstance(data, Iterable):
        raise ValueError(f"{what} must be a list of token names, not {_show(data)}")
    out = tuple(data)
    for t in out:
        if (t is None and empty) or (isinstance(t, str) and t in TOKENS):
            continue
        raise ValueError(f"{what} holds {_show(t)}, which is not a token")
    return out


def _groups(data: Any, what: str, places: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """``{place: [token, ...]}`` (or ``None``) with every place one of ``places``."""
    if data is None:
        return {}
    if not isinstance(data, Mapping):
        raise ValueError(f"{what} must map places to lists of tokens, not {_show(data)}")
    out = {}
    for place, toks in data.items():
        if not isinstance(place, str) or place not in places:
            raise ValueError(f"{what} names {_show(place)}; the places are " + ", ".join(places))
        out[place] = _tokens(toks, f"{what}[{_show(place)}]")
    return out


# ---------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------

_FIELDS = (
    "rules",
    "phase",
    "round",
    "space",
    "_bag",
    "_drawn",
    "_aside",
    "_reserve",
    "_instant",
    "_pairs",
    "cup",
    "tray",
    "_removed",
    "_created",
    "_draws",
    "_flavor_round",
    "exchanged",
)


class State(Pictured, Value):
    """A Coffee Roaster position. Immutable and hashable; ``events`` (what the last move
    did, in words) is not part of its identity.

    Make one with ``Rules(...).start()`` and ``state.play(move)``. The one seat,
    ``"roaster"``, is ``to_move`` until the game is over (then ``None``); ``swapped`` is
    always ``False`` (there is no pie rule).
    """

    _immutable = "a roaster.State is immutable; play() returns a new state"
    __slots__ = (*_FIELDS, "events", "_cache")

    rules: Rules
    phase: str
    round: int
    space: int
    cup: tuple[str | None, ...]
    tray: tuple[str, ...]
    exchanged: bool
    events: tuple[str, ...]
    _bag: Counts
    _drawn: Counts
    _aside: Counts
    _reserve: Counts
    _instant: tuple[tuple[str, ...], ...]  # the tokens on each instant effect's slots
    _pairs: tuple[tuple[str, tuple[str, ...]], ...]  # (cup effect, tokens on its slots)
    _removed: Counts
    _created: Counts
    _draws: int
    _flavor_round: bool
    _cache: dict[str, Any]

    @classmethod
    def _make(cls, rules: Rules, **kw: Any) -> State:
        self = object.__new__(cls)
        set_ = object.__setattr__
        set_(self, "rules", rules)
        set_(self, "events", kw.pop("events", ()))
        for name in _FIELDS[1:]:
            set_(self, name, kw.pop(name.lstrip("_")))
        if kw:
            raise TypeError(f"a roaster.State has no field {sorted(kw)[0]!r}")
        set_(self, "_cache", {})
        return self

    def _with(self, **kw: Any) -> State:
        data = {name.lstrip("_"): getattr(self, name) for name in _FIELDS[1:]}
        data.update(kw)
        return State._make(self.rules, **data)

    def __reduce__(self) -> tuple[Any, ...]:
        data = {name.lstrip("_"): getattr(self, name) for name in _FIELDS[1:]}
        return (_rebuild, (self.rules, data, self.events))

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in _FIELDS)

    def __repr__(self) -> str:
        tail = f"scored {self.outcome.total}" if self.outcome is not None else f"{self.phase}"
        return (
            f"<roaster.State {self.rules._card.id} {self.rules.side} seed={self.rules.seed}: "
            f"round {self.round}, {sum(self._bag)} in the bag, {tail}>"
        )

    # -- reading ---------------------------------------------------------------------------
    @property
    def to_move(self) -> str | None:
        """``"roaster"`` (the one seat) while the game goes on, ``None`` once it is over."""
        return None if self.outcome is not None else "roaster"

    @property
    def swapped(self) -> bool:
        """``False``: Coffee Roaster has no pie rule."""
        return False

    @property
    def board(self) -> Board:
        return self.rules._board

    @property
    def _seed(self) -> int:
        """The seed of the deal: a started game's rules always have one."""
        return cast(int, self.rules.seed)

    @property
    def bag(self) -> dict[str, int]:
        """What is in the bag, by token (the real game hides it: this is a peek)."""
        return as_dict(self._bag)

    @property
    def bag_size(self) -> int:
        return sum(self._bag)

    @property
    def drawn(self) -> dict[str, int]:
        """The tokens drawn this round and not yet used or put back."""
        return as_dict(self._drawn)

    @property
    def aside(self) -> dict[str, int]:
        """Tokens drawn by Two of five, Select, Exchange or the cup test, waiting for a
        decision."""
        return as_dict(self._aside)

    @property
    def reserve(self) -> dict[str, int]:
        """Beginner side: the flavor tokens beside the board, usable every round."""
        return as_dict(self._reserve)

    @property
    def removed(self) -> dict[str, int]:
        """Tokens out of the game (moisture, effects' removals, beans back to the box)."""
        return as_dict(self._removed)

    @property
    def created(self) -> dict[str, int]:
        """Tokens that came into play after setup: smoke, the wild flavor, beans made by
        Concentrate and Spread."""
        return as_dict(self._created)

    @property
    def instant_slots(self) -> dict[str, tuple[str, ...]]:
        """The tokens on each instant effect's slots (an effect is used when they are
        full)."""
        return dict(zip(INSTANT_EFFECTS, self._instant, strict=True))

    @property
    def pairs(self) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
        """The five pairs of flavor slots: (cup effect, slot colour, flavor tokens on it)."""
        return tuple(
            (e, colour, toks)
            for (e, toks), colour in zip(self._pairs, self.board.pairs, strict=True)
        )

    @property
    def unlocked(self) -> tuple[str, ...]:
        """The cup effects whose two slots are filled."""
        return tuple(e for e, toks in self._pairs if len(toks) >= 2)

    @property
    def marker(self) -> tuple[int, int]:
        """(draw, smoke) printed on the thermometer space of the round marker."""
        return self.board.track[self.space]

    @property
    def tray_size(self) -> int:
        extra = self.board.tray_extra if "tray" in self.unlocked else 0
        return self.board.tray + extra

    def used(self, effect: str) -> bool:
        """Whether an instant effect has been used (its slots are full).

        Raises:
            ValueError: ``effect`` is not an instant effect (wild, more, new, five, remove).

        >>> Rules(seed=1).start().used("more")
        False
        """
        if not isinstance(effect, str) or effect not in INSTANT_EFFECTS:
            raise ValueError(
                f"effect must be an instant effect ({', '.join(INSTANT_EFFECTS)}), "
                f"not {_show(effect)}"
            )
        i = INSTANT_EFFECTS.index(effect)
        return len(self._instant[i]) >= len(self._cost(effect))

    def _cost(self, effect: str) -> tuple[str, ...]:
        return tuple(self.board.instant_costs[effect])

    def cup_tokens(self) -> list[str]:
        """The tokens in the cup, slot by slot (empty slots left out)."""
        return [t for t in self.cup if t is not None]

    def token_count(self) -> dict[str, int]:
        """Every token in play or removed, wherever it is (for checking conservation)."""
        total = plus(self._bag, self._drawn)
        for c in (self._aside, self._reserve, self._removed):
            total = plus(total, c)
        board = [t for toks in self._instant for t in toks]
        board += [t for _, toks in self._pairs for t in toks]
        board += [t for t in self.cup if t is not None and t != "sweetness"]
        board += list(self.tray)
        return as_dict(plus(total, counts(board)))

    # -- the end ---------------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        """``None`` until the cup is tested; then the score and how the game ended (in a
        variant, also when its rule leaves no move: the cup scores as it stands)."""
        if self.phase != "over":
            if self.rules.plain:
                return None
            if "blocked" not in self._cache:
                self._cache["blocked"] = None  # while the rule is asked, the game goes on
                self._cache["blocked"] = self._blocked()
            blocked: Outcome | None = self._cache["blocked"]
            return blocked
        if "outcome" not in self._cache:
            extra = self.board.extra_bean if "extra-bean" in self.unlocked else 0
            s = score(self.cup_tokens(), self.rules._card, extra_bean=extra, slots=len(self.cup))
            if None in self.cup:
                ending, how = "bag-empty", "the bag ran out before the cup was full"
            elif self.space >= len(self.board.track) - 1:
                ending = "forced"
                how = "the round marker reached the thermometer's last space, so roasting stopped"
            else:
                ending, how = "stopped", "the roaster stopped roasting and filled the cup"
            self._cache["outcome"] = Outcome(s, f"{how}: the cup scores {s.total}", ending)
        outcome: Outcome = self._cache["outcome"]
        return outcome

    def _blocked(self) -> Outcome | None:
        """The end of a variant's game whose rule refuses every move Coffee Roaster allows."""
        allowed = [m for m in CANDIDATES[self.phase](self) if self._base_problem(m) is None]
        refusals = [self.rules._variant(self, m) for m in allowed]
        if any(r is None for r in refusals):
            return None
        extra = self.board.extra_bean if "extra-bean" in self.unlocked else 0
        s = score(self.cup_tokens(), self.rules._card, extra_bean=extra, slots=len(self.cup))
        why = f"for example {refusals[0]}" if refusals else "none is left"
        return Outcome(
            s, f"the variant's rule leaves no move ({why}): the cup scores {s.total}", BLOCKED
        )

    @property
    def score(self) -> Score | None:
        """The cup's score once the game is over."""
        o = self.outcome
        return None if o is None else o.score

    # -- legal moves -------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move, sorted by notation.

        >>> [str(m) for m in Rules(seed=1).start().play("draw").legal_moves()][-3:]
        ['remove body', 'roast', 'wild bean0']
        """
        if "legal" not in self._cache:
            found = CANDIDATES[self.phase](self)
            moves = {str(m): m for m in found if self._problem(m) is None}
            self._cache["legal"] = [moves[k] for k in sorted(moves)]
        return list(self._cache["legal"])

    def why_illegal(self, move: Move | str) -> str | None:
        """``None`` if ``move`` is legal, else the reason in plain words (the sentence
        :meth:`play` raises).

        Raises:
            InvalidNotationError: ``move`` is not a Move nor Coffee Roaster notation.

        >>> Rules(seed=1).start().why_illegal("stop")
        "stop is not allowed: now is the step 'draw' (the temperature is raised: draw the tokens), where the moves are: draw."
        """
        return self._problem(Move.parse(move))

    def _problem(self, m: Move) -> str | None:
        """Why ``m`` is refused: by Coffee Roaster's rules, then by a variant's own rule."""
        reason = self._base_problem(m)
        if reason is None and not self.rules.plain:
            reason = self.rules._variant(self, m)
        return reason

    def _base_problem(self, m: Move) -> str | None:
        phase = self.phase
        bad = f"{m} is not allowed: "
        outcome = self.outcome  # not None exactly when the phase is "over"
        if outcome is not None:
            return bad + f"the game is over ({outcome.reason})."
        if m.action not in ACTIONS[phase]:
            return (
                bad
                + f"now is the step '{phase}' ({PHASES[phase]}), where the moves are: "
                + ", ".join(ACTIONS[phase])
                + "."
            )
        if (m.into or m.pair) and m.action not in FLAVOR_EFFECTS:
            return bad + "only Concentrate, Preserve and Spread take '->' or 'for'."
        for check in MOVES[m.action].checks:
            reason = check(self, m)
            if reason is not None:
                return bad + reason
        return None

    def free_pairs(self, flavor: str) -> list[str]:
        """The cup effects whose pair of slots can take a ``flavor`` token now.

        Raises:
            ValueError: ``flavor`` is not body, acidity or aroma.
        """
        if not isinstance(flavor, str) or flavor not in FLAVORS:
            raise ValueError(f"flavor must be body, acidity or aroma, not {_show(flavor)}")
        return [e for e, colour, toks in self.pairs if colour in (flavor, "any") and len(toks) < 2]

    # -- playing ---------------------------------------------------------------------------
    def play(self, move: Move | str) -> State:
        """The state after ``move`` (a :class:`Move` or its notation); this state never
        changes.

        Raises:
            IllegalMoveError: the rules forbid the move here (the message names the rule).
            InvalidNotationError: ``move`` is not a Move nor Coffee Roaster notation.

        >>> Rules(seed=1).start().play("roast")
        Traceback (most recent call last):
        ...
        gamekit.errors.IllegalMoveError: roast is not allowed: now is the step 'draw' (the temperature is raised: draw the tokens), where the moves are: draw.
        """
        m = Move.parse(move)
        reason = self._problem(m)
        if reason is not None:
            raise IllegalMoveError(reason, move=m)
        return MOVES[m.action].apply(self, m)


def _rebuild(rules: Rules, data: dict[str, Any], events: tuple[str, ...]) -> State:
    return State._make(rules, events=events, **data)
