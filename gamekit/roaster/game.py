"""Coffee Roaster's rules engine: the roasting rounds and the cup test as moves.

The bag is a seeded random source. A state keeps the bag as a count per token (in
:data:`TOKENS` order) plus the rules' ``seed`` and a draw counter: draw number ``k`` takes
its tokens with ``numpy.random.default_rng([seed, k])`` from the bag's tokens in that order.
So a state stays immutable and hashable, and the same seed and moves give the same game.

>>> from gamekit import roaster
>>> state = roaster.Rules(card="jamaica-blue-mountain", seed=3).start()
>>> state.phase, [str(m) for m in state.legal_moves()]
('draw', ['draw'])
>>> state = state.play("draw")
>>> state.phase, sum(state.drawn.values()) + state.removed.get("moisture", 0)
('effects', 9)
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from gamekit.errors import IllegalMoveError, InvalidNotationError
from gamekit.options import check_options
from gamekit.roaster.cards import (
    BEANS,
    BOARDS,
    CARDS,
    CUP_EFFECTS,
    FLAVORS,
    TOKEN_NAMES,
    TOKENS,
    Board,
    Card,
    Score,
    level,
    score,
)

__all__ = ["GAME", "Rules", "State", "Move", "Outcome", "PHASES", "ACTIONS"]

GAME = "roaster"

#: The steps of a game, in order; ``state.phase`` is one of them.
PHASES = {
    "draw": "raise the temperature is done: draw the tokens",
    "effects": "use drawn tokens for effects, then roast",
    "return-two": "Two new tokens: choose 2 drawn tokens to put back",
    "two-of-five": "Two of five: choose the 2 tokens to remove",
    "decide": "roast another round or stop",
    "cup": "put the drawn token in the cup or on the tray",
    "select": "Select: keep one of the two drawn tokens for this cup slot",
    "exchange": "Exchange: return 2 cup tokens, or be done",
    "exchange-choose": "Exchange: keep 2 of the new tokens",
    "over": "the game is over: read the score",
}
#: The moves each phase takes.
ACTIONS = {
    "draw": ("draw",),
    "effects": (
        "wild",
        "more",
        "new",
        "five",
        "remove",
        "concentrate",
        "preserve",
        "spread",
        "roast",
    ),
    "return-two": ("return",),
    "two-of-five": ("discard",),
    "decide": ("continue", "stop"),
    "cup": ("cup", "tray"),
    "select": ("keep",),
    "exchange": ("exchange", "done"),
    "exchange-choose": ("keep",),
    "over": (),
}
_INSTANT = ("wild", "more", "new", "five", "remove")
_FLAVOR_EFFECT = {"concentrate": "body", "preserve": "acidity", "spread": "aroma"}
_EFFECT_WORDS = {
    "wild": "wild flavor",
    "more": "Two more tokens",
    "new": "Two new tokens",
    "five": "Two of five",
    "remove": "Remove",
    "concentrate": "Concentrate",
    "preserve": "Preserve",
    "spread": "Spread",
}
_T = {t: i for i, t in enumerate(TOKENS)}
_N = len(TOKENS)
_ZERO = (0,) * _N


# ---------------------------------------------------------------------------------------
# Counts (tuples in TOKENS order)
# ---------------------------------------------------------------------------------------


def _counts(tokens: Iterable[str]) -> tuple[int, ...]:
    out = [0] * _N
    for t in tokens:
        out[_T[t]] += 1
    return tuple(out)


def _plus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _minus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    out = tuple(x - y for x, y in zip(a, b, strict=True))
    assert min(out) >= 0, "took a token that is not there"
    return out


def _has(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return all(x >= y for x, y in zip(a, b, strict=True))


def _names(c: tuple[int, ...]) -> list[str]:
    return [t for t, k in zip(TOKENS, c, strict=True) for _ in range(k)]


def _as_dict(c: tuple[int, ...]) -> dict[str, int]:
    return {t: k for t, k in zip(TOKENS, c, strict=True) if k}


def _say(tokens: Iterable[str]) -> str:
    c = Counter(tokens)
    if not c:
        return "nothing"
    parts = []
    for t in TOKENS:
        if c[t]:
            name = TOKEN_NAMES[t]
            parts.append(
                f"{c[t]} {name}"
                + (
                    "s"
                    if c[t] > 1
                    and not name.endswith("s")
                    and t not in ("moisture", "smoke", "acidity", "body", "aroma")
                    else ""
                )
            )
    return ", ".join(parts)


def _join(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


# ---------------------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------------------

_ALL_ACTIONS = sorted({a for acts in ACTIONS.values() for a in acts})
_WORD = re.compile(r"^[a-z0-9-]+$")


@dataclass(frozen=True, slots=True)
class Move:
    """One decision: an action, the tokens it uses, what a Spread makes and the cup effect
    whose slots take the flavor token. ``str(move)`` is its notation:

    ``draw``, ``roast``, ``continue``, ``stop``, ``cup``, ``tray``, ``done``;
    ``wild bean0`` (a bean on the wild flavor's slots), ``more aroma`` / ``new body`` /
    ``five acidity`` / ``remove wild`` (an instant effect and the token paid);
    ``concentrate body bean1 bean2 for sweetness``, ``preserve acidity bean4 bean3 for
    select``, ``spread aroma bean4 -> bean1 bean3 for tray``; ``return hard bean2``,
    ``discard smoke defect``, ``keep bean3``, ``exchange hard burnt``, ``keep bean2 aroma``.

    >>> m = Move.parse("spread aroma bean4 -> bean3 bean1 for tray")
    >>> m
    Move.parse('spread aroma bean4 -> bean1 bean3 for tray')
    >>> m.action, m.tokens, m.into, m.pair
    ('spread', ('aroma', 'bean4'), ('bean1', 'bean3'), 'tray')
    """

    action: str
    tokens: tuple[str, ...] = ()
    into: tuple[str, ...] = ()
    pair: str | None = None

    def __post_init__(self) -> None:
        toks = tuple(self.tokens)
        if self.action in _FLAVOR_EFFECT and toks:
            toks = (toks[0], *sorted(toks[1:], key=_order))
        else:
            toks = tuple(sorted(toks, key=_order))
        object.__setattr__(self, "tokens", toks)
        object.__setattr__(self, "into", tuple(sorted(self.into, key=_order)))

    @classmethod
    def parse(cls, text: str | Move) -> Move:
        """Read a move's notation (see the class docstring)."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise InvalidNotationError(
                f"{text!r} is not a Coffee Roaster move: give a Move or text such as 'draw', "
                "'more aroma' or 'concentrate body bean1 bean2 for sweetness'"
            )
        words = text.strip().lower().split()
        if not words:
            raise InvalidNotationError("'' is not a Coffee Roaster move: the text is empty")
        action, rest = words[0], words[1:]
        if action not in _ALL_ACTIONS:
            raise InvalidNotationError(
                f"{text!r} is not a Coffee Roaster move: it starts with {action!r}; a move "
                "starts with one of " + ", ".join(_ALL_ACTIONS)
            )
        pair = None
        if "for" in rest:
            k = rest.index("for")
            if k != len(rest) - 2:
                raise InvalidNotationError(
                    f"{text!r} is not a Coffee Roaster move: 'for' is followed by one cup "
                    "effect, at the end (" + ", ".join(CUP_EFFECTS) + ")"
                )
            pair = rest[-1]
            if pair not in CUP_EFFECTS:
                raise InvalidNotationError(
                    f"{text!r} is not a Coffee Roaster move: {pair!r} is not a cup effect; "
                    "they are " + ", ".join(CUP_EFFECTS)
                )
            rest = rest[:k]
        into: list[str] = []
        if "->" in rest:
            k = rest.index("->")
            rest, into = rest[:k], rest[k + 1 :]
        for t in (*rest, *into):
            if t not in _T:
                raise InvalidNotationError(
                    f"{text!r} is not a Coffee Roaster move: {t!r} is not a token; tokens are "
                    + ", ".join(TOKENS)
                )
        return cls(action, tuple(rest), tuple(into), pair)

    def __str__(self) -> str:
        out = " ".join([self.action, *self.tokens])
        if self.into:
            out += " -> " + " ".join(self.into)
        if self.pair:
            out += f" for {self.pair}"
        return out

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


def _order(t: str) -> int:
    return _T.get(t, _N)


@dataclass(frozen=True)
class Outcome:
    """The end of a game: the cup's :class:`~gamekit.roaster.cards.Score` and a sentence."""

    score: Score
    reason: str
    winner: str | None = None

    @property
    def total(self) -> int:
        return self.score.total


# ---------------------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rules:
    """A game's options: the coffee ``card`` (a :class:`Card` or a shipped card's id), the
    board ``side`` (``"standard"`` or ``"beginner"``), the bag's ``seed``, and optionally a
    ``board`` with other printed numbers than the side's shipped ones.

    >>> Rules(card="jamaica-blue-mountain", seed=3)
    roaster.Rules(card='jamaica-blue-mountain', side='standard', seed=3)
    >>> Rules(card="no-such-coffee")
    Traceback (most recent call last):
    ...
    ValueError: no shipped card has the id 'no-such-coffee'; the ids are jamaica-blue-mountain, zambia-kasama-aa, practice-i-advanced, practice-i-expert, practice-ii-beginner, practice-ii-expert, practice-iii-beginner, practice-iii-advanced, practice-iii-expert
    """

    card: Card | str = "jamaica-blue-mountain"
    side: str = "standard"
    seed: int = 0
    board: Board | None = None

    def __post_init__(self) -> None:
        card = self.card
        if isinstance(card, str):
            if card not in CARDS:
                raise ValueError(
                    f"no shipped card has the id {card!r}; the ids are " + ", ".join(CARDS)
                )
            object.__setattr__(self, "card", CARDS[card])
        elif isinstance(card, Mapping):
            object.__setattr__(self, "card", Card.from_dict(card))
        elif not isinstance(card, Card):
            raise ValueError(f"card must be a roaster.Card or a card id, not {card!r}")
        if self.side not in BOARDS:
            raise ValueError(f"side must be 'standard' or 'beginner', not {self.side!r}")
        seed = self.seed
        if isinstance(seed, np.integer):
            seed = int(seed)
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ValueError(f"seed must be a whole number of 0 or more, not {self.seed!r}")
        object.__setattr__(self, "seed", seed)
        board = self.board
        if board is None:
            board = BOARDS[self.side]
        elif isinstance(board, Mapping):
            board = Board.from_dict(board, name="custom")
        elif not isinstance(board, Board):
            raise ValueError(f"board must be a roaster.Board, not {board!r}")
        object.__setattr__(self, "board", board)

    def __repr__(self) -> str:
        card = self.card.id if CARDS.get(self.card.id) == self.card else self.card
        text = f"roaster.Rules(card={card!r}, side={self.side!r}, seed={self.seed}"
        if self.board != BOARDS[self.side]:
            text += f", board={self.board!r}"
        return text + ")"

    def start(self) -> State:
        """The game before the first draw: the card's tokens in the bag, the cup effects
        shuffled onto their places, the round marker on the card's moisture space."""
        board = self.board
        bag = _counts(t for t, k in self.card.bag.items() for _ in range(k))
        reserve = _ZERO
        if board.reserve:
            reserve = _counts(f for f in FLAVORS if bag[_T[f]])
            bag = _minus(bag, reserve)
        rng = np.random.default_rng([self.seed, 0])
        effects = [CUP_EFFECTS[i] for i in rng.permutation(len(CUP_EFFECTS))]
        pairs = tuple((e, ()) for e in effects)
        space = board.start_space(self.card.moisture)
        return State._make(
            self,
            phase="draw",
            round=1,
            space=space,
            bag=bag,
            drawn=_ZERO,
            aside=_ZERO,
            reserve=reserve,
            instant=tuple(() for _ in _INSTANT),
            pairs=pairs,
            cup=(None,) * board.cup_slots,
            tray=(),
            removed=_ZERO,
            created=_ZERO,
            draws=1,
            flavor_round=False,
            exchanged=False,
            events=(
                f"Setup: {sum(bag)} tokens in the bag; the round marker starts on space {space + 1} (the card has {self.card.moisture} moisture).",
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
        slots, a part-filled ``cup`` and so on. It skips the moves that would lead there.

        >>> s = Rules(seed=1).arrange({"bean2": 2, "body": 1}, pairs={"tray": ["body"]})
        >>> s.phase, s.drawn, s.unlocked
        ('effects', {'bean2': 2, 'body': 1}, ())
        """
        if phase not in PHASES:
            raise ValueError(f"phase must be one of {', '.join(PHASES)}, not {phase!r}")
        start = self.start()
        d = _counts(t for t, k in (drawn or {}).items() for _ in range(k))
        if bag is None:
            b = tuple(max(0, x - y) for x, y in zip(start._bag, d, strict=True))
        else:
            b = _counts(t for t, k in bag.items() for _ in range(k))
        pair_tokens = dict(pairs or {})
        for e in pair_tokens:
            if e not in CUP_EFFECTS:
                raise ValueError(f"{e!r} is not a cup effect; they are " + ", ".join(CUP_EFFECTS))
        new_pairs = tuple((e, tuple(pair_tokens.get(e, ()))) for e, _ in start._pairs)
        for (e, toks), colour in zip(new_pairs, self.board.pairs, strict=True):
            for t in toks:
                if t != "wild" and (t not in FLAVORS or colour not in (t, "any")):
                    raise ValueError(
                        f"the slots of {TOKEN_NAMES[e]} take {colour} flavor tokens, not {t!r}"
                    )
            if len(toks) > 2:
                raise ValueError(f"the slots of {TOKEN_NAMES[e]} hold 2 tokens, not {len(toks)}")
        inst = dict(instant or {})
        slots = tuple(tuple(sorted(inst.get(e, ()), key=_order)) for e in _INSTANT)
        cup_list = list(cup) + [None] * (self.board.cup_slots - len(list(cup)))
        if len(cup_list) != self.board.cup_slots:
            raise ValueError(f"the cup has {self.board.cup_slots} slots")
        return start._with(
            phase=phase,
            round=round,
            space=start.space if space is None else space,
            bag=b,
            drawn=d,
            aside=_counts(t for t, k in (aside or {}).items() for _ in range(k)),
            reserve=start._reserve,
            pairs=new_pairs,
            instant=slots,
            cup=tuple(cup_list),
            tray=tuple(tray),
            events=("A position arranged for this example.",),
        )

    def replay(self, moves: Iterable[Move | str]) -> State:
        """The state after playing ``moves`` from the start."""
        state = self.start()
        for move in moves:
            state = state.play(move)
        return state

    def to_dict(self) -> dict[str, Any]:
        card = self.card.id if CARDS.get(self.card.id) == self.card else self.card.to_dict()
        out: dict[str, Any] = {"card": card, "side": self.side, "seed": self.seed}
        if self.board != BOARDS[self.side]:
            out["board"] = self.board.to_dict()
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rebuild rules from :meth:`to_dict`; an unknown option is a ``ValueError``."""
        return cls(**check_options(data, ("card", "side", "seed", "board"), "Coffee Roaster"))


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


class State:
    """A Coffee Roaster position. Immutable and hashable; ``events`` (what the last move
    did, in words) is not part of its identity.

    Make one with ``Rules(...).start()`` and ``state.play(move)``.
    """

    __slots__ = (*_FIELDS, "events", "_cache")

    rules: Rules
    phase: str
    round: int
    space: int
    cup: tuple[str | None, ...]
    tray: tuple[str, ...]
    exchanged: bool
    events: tuple[str, ...]
    to_move = "player"

    @classmethod
    def _make(cls, rules: Rules, **kw: Any) -> State:
        self = object.__new__(cls)
        set_ = object.__setattr__
        set_(self, "rules", rules)
        set_(self, "events", kw.pop("events", ()))
        for name in _FIELDS[1:]:
            set_(self, name, kw.pop(name.lstrip("_")))
        assert not kw, kw
        set_(self, "_cache", {})
        return self

    def _with(self, **kw: Any) -> State:
        data = {name.lstrip("_"): getattr(self, name) for name in _FIELDS[1:]}
        data.update(kw)
        return State._make(self.rules, **data)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a roaster.State is immutable; play() returns a new state")

    def __reduce__(self):
        data = {name.lstrip("_"): getattr(self, name) for name in _FIELDS[1:]}
        return (_rebuild, (self.rules, data, self.events))

    def _key(self) -> tuple:
        return tuple(getattr(self, name) for name in _FIELDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        tail = f"scored {self.outcome.total}" if self.outcome is not None else f"{self.phase}"
        return (
            f"<roaster.State {self.rules.card.id} {self.rules.side} seed={self.rules.seed}: "
            f"round {self.round}, {sum(self._bag)} in the bag, {tail}>"
        )

    def _repr_png_(self) -> bytes:
        from gamekit.render.roaster import png_bytes

        return png_bytes(self)

    # -- reading ---------------------------------------------------------------------------
    @property
    def board(self) -> Board:
        return self.rules.board

    @property
    def bag(self) -> dict[str, int]:
        """What is in the bag, by token (the real game hides it: this is a peek)."""
        return _as_dict(self._bag)

    @property
    def bag_size(self) -> int:
        return sum(self._bag)

    @property
    def drawn(self) -> dict[str, int]:
        """The tokens drawn this round and not yet used or put back."""
        return _as_dict(self._drawn)

    @property
    def aside(self) -> dict[str, int]:
        """Tokens drawn by Two of five, Select, Exchange or the cup test, waiting for a
        decision."""
        return _as_dict(self._aside)

    @property
    def reserve(self) -> dict[str, int]:
        """Beginner side: the flavor tokens beside the board, usable every round."""
        return _as_dict(self._reserve)

    @property
    def removed(self) -> dict[str, int]:
        """Tokens out of the game (moisture, effects' removals, beans back to the box)."""
        return _as_dict(self._removed)

    @property
    def created(self) -> dict[str, int]:
        """Tokens that came into play after setup: smoke, the wild flavor, beans made by
        Concentrate and Spread."""
        return _as_dict(self._created)

    @property
    def instant_slots(self) -> dict[str, tuple[str, ...]]:
        """The tokens on each instant effect's slots (an effect is used when they are
        full)."""
        return dict(zip(_INSTANT, self._instant, strict=True))

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
        """Whether an instant effect has been used (its slots are full)."""
        i = _INSTANT.index(effect)
        return len(self._instant[i]) >= len(self._cost(effect))

    def _cost(self, effect: str) -> tuple[str, ...]:
        return tuple(self.board.instant_costs[effect])

    def cup_tokens(self) -> list[str]:
        """The tokens in the cup, slot by slot (empty slots left out)."""
        return [t for t in self.cup if t is not None]

    def token_count(self) -> dict[str, int]:
        """Every token in play or removed, wherever it is (for checking conservation)."""
        total = _plus(self._bag, self._drawn)
        for c in (self._aside, self._reserve, self._removed):
            total = _plus(total, c)
        board = [t for toks in self._instant for t in toks]
        board += [t for _, toks in self._pairs for t in toks]
        board += [t for t in self.cup if t is not None and t != "sweetness"]
        board += list(self.tray)
        return _as_dict(_plus(total, _counts(board)))

    # -- the end ---------------------------------------------------------------------------
    @property
    def outcome(self) -> Outcome | None:
        """``None`` until the cup is tested; then the score."""
        if self.phase != "over":
            return None
        if "outcome" not in self._cache:
            extra = self.board.extra_bean if "extra-bean" in self.unlocked else 0
            s = score(self.cup_tokens(), self.rules.card, extra_bean=extra, slots=len(self.cup))
            self._cache["outcome"] = Outcome(s, f"the cup scores {s.total}")
        return self._cache["outcome"]

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
            moves = {str(m): m for m in self._candidates() if self._problem(m) is None}
            self._cache["legal"] = [moves[k] for k in sorted(moves)]
        return list(self._cache["legal"])

    def _candidates(self) -> Iterable[Move]:
        phase = self.phase
        drawn = sorted(set(_names(self._drawn)), key=_order)
        aside = sorted(set(_names(self._aside)), key=_order)
        if phase == "draw":
            yield Move("draw")
        elif phase == "decide":
            yield Move("continue")
            yield Move("stop")
        elif phase == "cup":
            yield Move("cup")
            yield Move("tray")
        elif phase == "exchange":
            yield Move("done")
            cup = [t for t in self.cup if t not in (None, "sweetness")]
            for a, b in itertools.combinations_with_replacement(sorted(set(cup), key=_order), 2):
                yield Move("exchange", (a, b))
        elif phase in ("select", "exchange-choose", "two-of-five", "return-two"):
            pool = drawn if phase == "return-two" else aside
            k = {"select": 1, "exchange-choose": 2, "two-of-five": 2, "return-two": 2}[phase]
            k = min(k, sum(self._drawn if phase == "return-two" else self._aside))
            action = {
                "select": "keep",
                "exchange-choose": "keep",
                "two-of-five": "discard",
                "return-two": "return",
            }[phase]
            for combo in itertools.combinations_with_replacement(pool, k):
                yield Move(action, combo)
        elif phase == "effects":
            yield Move("roast")
            payers = sorted(
                set(_names(_plus(self._drawn, self._reserve))) & {*FLAVORS, "wild"}, key=_order
            )
            beans = [t for t in drawn if t in BEANS]
            for k in (1, 2):
                for combo in itertools.combinations_with_replacement(
                    [t for t in drawn if t in (*BEANS, "hard")], k
                ):
                    yield Move("wild", combo)
            for effect in ("more", "new", "five", "remove"):
                n = len(self._cost(effect))
                for combo in itertools.combinations_with_replacement(payers, n):
                    yield Move(effect, combo)
            pairs = [e for e, _ in self._pairs]
            for effect in _FLAVOR_EFFECT:
                for payer in payers:
                    for pair in pairs:
                        if effect == "spread":
                            for b in beans:
                                for parts in _splits(level(b) or 0):
                                    yield Move(effect, (payer, b), parts, pair)
                        else:
                            for combo in itertools.combinations_with_replacement(beans, 2):
                                yield Move(effect, (payer, *combo), (), pair)

    def why_illegal(self, move: Move | str) -> str | None:
        """``None`` if ``move`` is legal, else the reason in plain words (the sentence
        :meth:`play` raises). Malformed notation raises ``InvalidNotationError``."""
        return self._problem(Move.parse(move))

    def _problem(self, m: Move) -> str | None:
        phase = self.phase
        bad = f"{m} is not allowed: "
        if phase == "over":
            return bad + f"the game is over ({self.outcome.reason})."
        if m.action not in ACTIONS[phase]:
            return (
                bad
                + f"now is the step '{phase}' ({PHASES[phase]}), where the moves are: "
                + ", ".join(ACTIONS[phase])
                + "."
            )
        if (m.into or m.pair) and m.action not in _FLAVOR_EFFECT:
            return bad + "only Concentrate, Preserve and Spread take '->' or 'for'."
        a = m.action
        if a in ("draw", "roast", "stop", "done", "cup", "tray", "continue") and m.tokens:
            return bad + f"'{a}' takes no tokens."
        if a == "continue" and self.space >= len(self.board.track) - 1:
            return (
                bad
                + "the round marker is on the last space of the thermometer, so the roasting must stop."
            )
        if a == "tray" and len(self.tray) >= self.tray_size:
            return (
                bad + f"the tray's {self.tray_size} slots are full, so the token goes in the cup."
            )
        if phase in ("select", "exchange-choose", "two-of-five", "return-two"):
            return self._choice_problem(m, bad)
        if a == "exchange":
            cup = Counter(t for t in self.cup if t not in (None, "sweetness"))
            if len(m.tokens) != 2:
                return bad + "Exchange always returns exactly 2 cup tokens."
            if not _has(_counts(cup.elements()), _counts(m.tokens)):
                stays = " (Sweetness stays in its slot)" if "sweetness" in self.cup else ""
                held = _say(cup.elements())
                return bad + f"the cup holds {held}{stays}, not {_say(m.tokens)}."
            return None
        if phase == "effects" and a != "roast":
            return self._effect_problem(m, bad)
        return None

    def _choice_problem(self, m: Move, bad: str) -> str | None:
        phase = self.phase
        pool = self._drawn if phase == "return-two" else self._aside
        want = {"select": 1, "exchange-choose": 2, "two-of-five": 2, "return-two": 2}[phase]
        k = min(want, sum(pool))
        what = {
            "select": "keep 1 of the 2 drawn tokens for this Select slot",
            "exchange-choose": "keep 2 of the new tokens",
            "two-of-five": "remove exactly 2 of the tokens set aside",
            "return-two": "put exactly 2 drawn tokens back in the bag",
        }[phase]
        if len(m.tokens) != k:
            return bad + f"you must {what}, so the move names {k} token{'s' if k != 1 else ''}."
        if not _has(pool, _counts(m.tokens)):
            return bad + f"the tokens to choose from are {_say(_names(pool))}."
        return None

    def _effect_problem(self, m: Move, bad: str) -> str | None:
        a = m.action
        words = _EFFECT_WORDS[a]
        have = _plus(self._drawn, self._reserve)
        if a in _INSTANT:
            if self.used(a):
                return (
                    bad
                    + f"{words} has been used already, and each instant effect is used at most once a game."
                )
            if self._flavor_round:
                return (
                    bad
                    + "instant effects come before flavor effects, and a flavor effect was already used this round."
                )
        if a == "wild":
            free = Counter(self._cost("wild"))
            free.subtract(self._instant[0])
            if not m.tokens:
                return bad + "name the bean(s) to place on the wild flavor's slots."
            need = Counter(m.tokens)
            if any(need[t] > free[t] for t in need):
                open_ = [t for t in free.elements()]
                return (
                    bad + f"the wild flavor's free slots take {_say(open_)}, not {_say(m.tokens)}."
                )
            if not _has(self._drawn, _counts(m.tokens)):
                return bad + f"you drew {_say(_names(self._drawn))}: no {_say(m.tokens)} to place."
            return None
        if a in ("more", "new", "five", "remove"):
            cost = self._cost(a)
            if len(m.tokens) != len(cost):
                return (
                    bad
                    + f"{words} is paid with {len(cost)} flavor token{'s' if len(cost) > 1 else ''} ({', '.join(cost)}), named after the effect."
                )
            if not _fits(m.tokens, cost):
                return (
                    bad
                    + f"{words}'s slot{'s take' if len(cost) > 1 else ' takes'} {_join(['any flavor' if c == 'any' else c for c in cost])} (the wild flavor counts as any), not {_say(m.tokens)}."
                )
            if not _has(have, _counts(m.tokens)):
                return bad + f"you have {_say(_names(have))} to pay with, not {_say(m.tokens)}."
            if a == "more" and sum(self._bag) < 2:
                return (
                    bad
                    + f"Two more tokens needs at least 2 tokens in the bag, and it holds {sum(self._bag)}."
                )
            if a == "five" and sum(self._bag) < 5:
                return (
                    bad
                    + f"Two of five needs at least 5 tokens in the bag, and it holds {sum(self._bag)}."
                )
            if a == "new":
                rest = _minus(self._drawn, _pay_from(self._drawn, m.tokens))
                if sum(rest) < 2:
                    return (
                        bad
                        + f"Two new tokens puts 2 drawn tokens back, and after paying you would have {sum(rest)} drawn token{'s' if sum(rest) != 1 else ''}."
                    )
            return None
        # flavor effects
        flavor = _FLAVOR_EFFECT[a]
        if not m.tokens:
            return bad + f"name the flavor token that pays for {words} first ({flavor} or wild)."
        payer, beans = m.tokens[0], list(m.tokens[1:])
        if payer not in (flavor, "wild"):
            return (
                bad
                + f"{words} is paid with a {flavor} token (or the wild flavor), not {TOKEN_NAMES.get(payer, payer)}."
            )
        if not _has(have, _counts([payer])):
            return bad + f"you have no {TOKEN_NAMES[payer]} token to pay with."
        free = self.free_pairs(flavor)
        if not free:
            return (
                bad
                + f"no free slot on the right of the roast board takes {flavor}, so {words} cannot be used."
            )
        if m.pair is None:
            return (
                bad
                + f"say which cup effect's slots take the {flavor} token: 'for "
                + "' or 'for ".join(free)
                + "'."
            )
        if m.pair not in free:
            colour = dict((e, c) for e, c, _ in self.pairs)[m.pair]
            taken = len(dict((e, t) for e, _, t in self.pairs)[m.pair])
            why = "are full" if taken >= 2 else f"take {colour}, not {flavor}"
            return (
                bad
                + f"the slots of {TOKEN_NAMES[m.pair]} {why}; free ones for {flavor}: "
                + ", ".join(free)
                + "."
            )
        after_pay = _minus(self._drawn, _pay_from(self._drawn, (payer,)))
        if a == "concentrate":
            if len(beans) != 2 or m.into:
                return (
                    bad
                    + "Concentrate turns exactly two beans into one: 'concentrate body bean1 bean2 for ...'."
                )
            if any(b not in ("bean1", "bean2", "bean3") for b in beans):
                return bad + "Concentrate takes only beans of roast level 1 to 3."
            total = sum(level(b) or 0 for b in beans)
            if total > 4:
                return (
                    bad
                    + f"Concentrate works only if the two levels sum to at most 4, and {' + '.join(b[-1] for b in beans)} = {total}."
                )
        elif a == "preserve":
            if len(beans) != 2 or m.into:
                return bad + "Preserve puts exactly two beans back in the bag, unroasted."
            for b in beans:
                if b not in BEANS:
                    return (
                        bad
                        + f"Preserve never takes hard, defect or burnt beans ({TOKEN_NAMES.get(b, b)} given): only beans of level 0 to 4."
                    )
        else:  # spread
            if len(beans) != 1:
                return (
                    bad
                    + "Spread splits exactly one bean: 'spread aroma bean4 -> bean2 bean2 for ...'."
                )
            b = beans[0]
            if b not in ("bean2", "bean3", "bean4"):
                return bad + "Spread takes only a bean of roast level 2 to 4."
            options = [" ".join(p) for p in _splits(level(b) or 0)]
            if " ".join(m.into) not in options:
                return (
                    bad
                    + f"Spread turns a {TOKEN_NAMES[b]} into two beans of lower levels that sum to {level(b)}: -> "
                    + " or -> ".join(options)
                    + "."
                )
        if not _has(after_pay, _counts(beans)):
            return (
                bad
                + f"the drawn beans are {_say(t for t in _names(after_pay) if t in BEANS or t in ('hard', 'burnt', 'defect')) or 'none'}: no {_say(beans)} among them."
            )
        return None

    def free_pairs(self, flavor: str) -> list[str]:
        """The cup effects whose pair of slots can take a ``flavor`` token now."""
        return [e for e, colour, toks in self.pairs if colour in (flavor, "any") and len(toks) < 2]

    # -- playing ---------------------------------------------------------------------------
    def play(self, move: Move | str) -> State:
        """The state after ``move`` (a :class:`Move` or its notation). Raises
        ``IllegalMoveError`` naming the rule, and never changes this state.

        >>> Rules(seed=1).start().play("roast")
        Traceback (most recent call last):
        ...
        gamekit.errors.IllegalMoveError: roast is not allowed: now is the step 'draw' (raise the temperature is done: draw the tokens), where the moves are: draw.
        """
        m = Move.parse(move)
        reason = self._problem(m)
        if reason is not None:
            raise IllegalMoveError(reason)
        return getattr(self, "_do_" + m.action)(m)

    # drawing ---------------------------------------------------------------------------
    def _take(
        self, bag: tuple[int, ...], n: int, draws: int
    ) -> tuple[tuple[int, ...], list[str], int]:
        """Draw ``n`` tokens (all if fewer): (bag after, tokens drawn, draws counter)."""
        pool = _names(bag)
        n = min(n, len(pool))
        if n == 0:
            return bag, [], draws
        rng = np.random.default_rng([self.rules.seed, draws])
        picked = [pool[i] for i in rng.permutation(len(pool))[:n]]
        return _minus(bag, _counts(picked)), picked, draws + 1

    def _take_dry(self, bag, n, draws, removed):
        """Draw until ``n`` tokens that are not moisture (moisture leaves the game)."""
        got: list[str] = []
        moist = 0
        while len(got) < n and sum(bag):
            bag, picked, draws = self._take(bag, n - len(got), draws)
            for t in picked:
                if t == "moisture":
                    moist += 1
                else:
                    got.append(t)
        removed = _plus(removed, _counts(["moisture"] * moist))
        return bag, got, draws, removed, moist

    # the moves ----------------------------------------------------------------------------
    def _do_draw(self, m: Move) -> State:
        n = self.marker[0]
        bag, picked, draws = self._take(self._bag, n, self._draws)
        moist = picked.count("moisture")
        kept = [t for t in picked if t != "moisture"]
        events = [f"Round {self.round}: drew {len(picked)} of {n} tokens: {_say(picked)}."]
        if moist:
            events.append(f"{moist} moisture removed from the game.")
        return self._with(
            phase="effects",
            bag=bag,
            drawn=_counts(kept),
            removed=_plus(self._removed, _counts(["moisture"] * moist)),
            draws=draws,
            events=tuple(events),
        )

    def _pay(self, tokens: Iterable[str]) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Take payment tokens from the drawn tokens first, then from the reserve."""
        drawn, reserve = self._drawn, self._reserve
        for t in tokens:
            i = _T[t]
            if drawn[i]:
                drawn = _minus(drawn, _counts([t]))
            else:
                reserve = _minus(reserve, _counts([t]))
        return drawn, reserve

    def _place_instant(self, effect: str, tokens: tuple[str, ...]) -> tuple:
        i = _INSTANT.index(effect)
        slots = list(self._instant)
        slots[i] = tuple(sorted((*slots[i], *tokens), key=_order))
        return tuple(slots)

    def _do_wild(self, m: Move) -> State:
        drawn = _minus(self._drawn, _counts(m.tokens))
        instant = self._place_instant("wild", m.tokens)
        created = self._created
        events = [f"{_say(m.tokens)} placed on the wild flavor's slots."]
        if len(instant[0]) >= len(self._cost("wild")):
            drawn = _plus(drawn, _counts(["wild"]))
            created = _plus(created, _counts(["wild"]))
            events.append("Both slots are full: the wild flavor token joins your drawn tokens.")
        return self._with(drawn=drawn, instant=instant, created=created, events=tuple(events))

    def _do_more(self, m: Move) -> State:
        drawn, reserve = self._pay(m.tokens)
        bag, picked, draws = self._take(self._bag, 2, self._draws)
        moist = picked.count("moisture")
        kept = [t for t in picked if t != "moisture"]
        events = [f"Two more tokens: drew {_say(picked)}."]
        if moist:
            events.append(f"{moist} moisture removed and not replaced.")
        return self._with(
            drawn=_plus(drawn, _counts(kept)),
            reserve=reserve,
            bag=bag,
            draws=draws,
            removed=_plus(self._removed, _counts(["moisture"] * moist)),
            instant=self._place_instant("more", m.tokens),
            events=tuple(events),
        )

    def _do_new(self, m: Move) -> State:
        drawn, reserve = self._pay(m.tokens)
        return self._with(
            drawn=drawn,
            reserve=reserve,
            phase="return-two",
            instant=self._place_instant("new", m.tokens),
            events=("Two new tokens: choose 2 drawn tokens to put back in the bag.",),
        )

    def _do_return(self, m: Move) -> State:
        bag = _plus(self._bag, _counts(m.tokens))
        drawn = _minus(self._drawn, _counts(m.tokens))
        bag, picked, draws = self._take(bag, 2, self._draws)
        moist = picked.count("moisture")
        kept = [t for t in picked if t != "moisture"]
        events = [f"Put back {_say(m.tokens)}, shook the bag and drew {_say(picked)}."]
        if moist:
            events.append(f"{moist} moisture removed and not replaced.")
        return self._with(
            phase="effects",
            bag=bag,
            drawn=_plus(drawn, _counts(kept)),
            draws=draws,
            removed=_plus(self._removed, _counts(["moisture"] * moist)),
            events=tuple(events),
        )

    def _do_five(self, m: Move) -> State:
        drawn, reserve = self._pay(m.tokens)
        bag, picked, draws = self._take(self._bag, 5, self._draws)
        moist = picked.count("moisture")
        kept = [t for t in picked if t != "moisture"]
        events = [f"Two of five: set aside {_say(picked)}."]
        if moist:
            events.append(f"{moist} moisture removed and not replaced.")
        state = self._with(
            drawn=drawn,
            reserve=reserve,
            bag=bag,
            draws=draws,
            aside=_counts(kept),
            removed=_plus(self._removed, _counts(["moisture"] * moist)),
            instant=self._place_instant("five", m.tokens),
            phase="two-of-five" if kept else "effects",
            events=tuple(events),
        )
        return state

    def _do_discard(self, m: Move) -> State:
        aside = _minus(self._aside, _counts(m.tokens))
        return self._with(
            phase="effects",
            aside=_ZERO,
            bag=_plus(self._bag, aside),
            removed=_plus(self._removed, _counts(m.tokens)),
            events=(
                f"Removed {_say(m.tokens)} from the game; {_say(_names(aside))} went back into the bag.",
            ),
        )

    def _do_remove(self, m: Move) -> State:
        drawn, reserve = self._pay(m.tokens)
        gone = _counts(t for t in _names(drawn) if t in ("burnt", "smoke", "defect"))
        return self._with(
            drawn=_minus(drawn, gone),
            reserve=reserve,
            removed=_plus(self._removed, gone),
            instant=self._place_instant("remove", m.tokens),
            events=(f"Remove: {_say(_names(gone))} left the game.",),
        )

    def _flavor(
        self, m: Move, bag_add: list[str], boxed: list[str], made: list[str], text: str
    ) -> State:
        payer, beans = m.tokens[0], m.tokens[1:]
        drawn, reserve = self._pay([payer])
        drawn = _minus(drawn, _counts(beans))
        pairs = tuple(
            (e, tuple((*toks, payer)) if e == m.pair else toks) for e, toks in self._pairs
        )
        events = [text]
        if len(dict(pairs)[m.pair]) >= 2:
            events.append(
                f"Both slots of {TOKEN_NAMES[m.pair]} are full: it is unlocked for the cup test."
            )
        return self._with(
            drawn=drawn,
            reserve=reserve,
            bag=_plus(self._bag, _counts(bag_add)),
            removed=_plus(self._removed, _counts(boxed)),
            created=_plus(self._created, _counts(made)),
            pairs=pairs,
            flavor_round=True,
            events=tuple(events),
        )

    def _do_concentrate(self, m: Move) -> State:
        beans = list(m.tokens[1:])
        made = f"bean{sum(level(b) or 0 for b in beans)}"
        return self._flavor(
            m,
            [made],
            beans,
            [made],
            f"Concentrate: {_say(beans)} became one {TOKEN_NAMES[made]}, now in the bag.",
        )

    def _do_preserve(self, m: Move) -> State:
        beans = list(m.tokens[1:])
        return self._flavor(
            m, beans, [], [], f"Preserve: {_say(beans)} went back into the bag unroasted."
        )

    def _do_spread(self, m: Move) -> State:
        b = m.tokens[1]
        return self._flavor(
            m,
            list(m.into),
            [b],
            list(m.into),
            f"Spread: the {TOKEN_NAMES[b]} became {_say(m.into)}, now in the bag.",
        )

    def _do_roast(self, m: Move) -> State:
        up = {
            "hard": "bean0",
            "bean0": "bean1",
            "bean1": "bean2",
            "bean2": "bean3",
            "bean3": "bean4",
            "bean4": "burnt",
        }
        before = _names(self._drawn)
        after = [up.get(t, t) for t in before]
        roasted = sum(1 for t in before if t in up)
        return self._with(
            phase="decide",
            drawn=_ZERO,
            bag=_plus(self._bag, _counts(after)),
            flavor_round=False,
            events=(
                f"Roast: {roasted} bean{'s' if roasted != 1 else ''} went up one level; every drawn token went back into the bag.",
            ),
        )

    def _do_continue(self, m: Move) -> State:
        space = self.space + 1
        smoke = self.board.track[space][1]
        events = [f"The round marker moves to space {space + 1}."]
        if smoke:
            events.append(
                f"It lands on {smoke} smoke token{'s' if smoke > 1 else ''}: into the bag."
            )
        return self._with(
            phase="draw",
            round=self.round + 1,
            space=space,
            bag=_plus(self._bag, _counts(["smoke"] * smoke)),
            created=_plus(self._created, _counts(["smoke"] * smoke)),
            events=tuple(events),
        )

    def _do_stop(self, m: Move) -> State:
        cup = list(self.cup)
        events = ["Roasting stopped: the cup test begins."]
        if self._reserve != _ZERO:
            events.append(f"The reserve's {_say(_names(self._reserve))} went into the bag.")
        if "sweetness" in self.unlocked:
            cup[self.board.sweetness_slot - 1] = "sweetness"
            events.append(f"Sweetness fills cup slot {self.board.sweetness_slot}.")
        state = self._with(
            phase="cup",
            cup=tuple(cup),
            bag=_plus(self._bag, self._reserve),
            reserve=_ZERO,
            events=tuple(events),
        )
        return state._next_cup_draw(list(events))

    def _next_slot(self) -> int | None:
        for i, t in enumerate(self.cup):
            if t is None:
                return i
        return None

    def _next_cup_draw(self, events: list[str]) -> State:
        slot = self._next_slot()
        if slot is None:
            if "exchange" in self.unlocked and not self.exchanged:
                events.append(
                    "The cup is full. Exchange is unlocked: return 2 cup tokens, or be done."
                )
                return self._with(phase="exchange", events=tuple(events))
            events.append("The cup is full: the game is over.")
            return self._with(phase="over", events=tuple(events))
        select = "select" in self.unlocked and (slot + 1) in self.board.select_slots
        k = 2 if select else 1
        bag, got, draws, removed, moist = self._take_dry(self._bag, k, self._draws, self._removed)
        if moist:
            events.append(f"{moist} moisture drawn and removed.")
        if not got:
            events.append("The bag is empty: the game is over.")
            return self._with(
                phase="over", bag=bag, draws=draws, removed=removed, events=tuple(events)
            )
        if select:
            events.append(f"Select (cup slot {slot + 1}): drew {_say(got)}; keep one.")
        else:
            events.append(f"Drew {_say(got)} for cup slot {slot + 1}: cup or tray?")
        return self._with(
            phase="select" if select else "cup",
            bag=bag,
            draws=draws,
            removed=removed,
            aside=_counts(got),
            events=tuple(events),
        )

    def _do_cup(self, m: Move) -> State:
        token = _names(self._aside)[0]
        slot = self._next_slot()
        cup = list(self.cup)
        cup[slot] = token
        state = self._with(cup=tuple(cup), aside=_ZERO)
        return state._next_cup_draw(
            [f"{TOKEN_NAMES[token].capitalize()} into cup slot {slot + 1}."]
        )

    def _do_tray(self, m: Move) -> State:
        token = _names(self._aside)[0]
        state = self._with(tray=(*self.tray, token), aside=_ZERO)
        return state._next_cup_draw([f"{TOKEN_NAMES[token].capitalize()} onto the tray."])

    def _do_keep(self, m: Move) -> State:
        rest = _minus(self._aside, _counts(m.tokens))
        cup = list(self.cup)
        for t in m.tokens:
            cup[cup.index(None)] = t
        text = f"Kept {_say(m.tokens)} for the cup; {_say(_names(rest))} went back into the bag."
        state = self._with(cup=tuple(cup), aside=_ZERO, bag=_plus(self._bag, rest))
        if self.phase == "exchange-choose":
            return state._with(phase="over", exchanged=True, events=(text, "The game is over."))
        return state._next_cup_draw([text])

    def _do_exchange(self, m: Move) -> State:
        cup = list(self.cup)
        for t in m.tokens:
            # the last slot holding that token is emptied
            i = len(cup) - 1 - cup[::-1].index(t)
            cup[i] = None
        bag = _plus(self._bag, _counts(m.tokens))
        bag, got, draws, removed, moist = self._take_dry(bag, 3, self._draws, self._removed)
        events = [f"Exchange: returned {_say(m.tokens)} and drew {_say(got)}."]
        if moist:
            events.append(f"{moist} moisture drawn and removed.")
        return self._with(
            phase="exchange-choose",
            cup=tuple(cup),
            bag=bag,
            draws=draws,
            removed=removed,
            aside=_counts(got),
            exchanged=True,
            events=tuple(events),
        )

    def _do_done(self, m: Move) -> State:
        return self._with(phase="over", events=("No exchange: the game is over.",))


def _rebuild(rules: Rules, data: dict, events: tuple) -> State:
    return State._make(rules, events=events, **data)


def _splits(lvl: int) -> list[tuple[str, str]]:
    """The ways Spread splits a bean of level ``lvl`` into two lower ones (each 1 or more)."""
    return [(f"bean{a}", f"bean{lvl - a}") for a in range(1, lvl // 2 + 1) if lvl >= 2]


def _fits(tokens: tuple[str, ...], slots: tuple[str, ...]) -> bool:
    """Whether the flavor tokens fill the slots (``any`` takes every flavor, wild fits all)."""
    if len(tokens) != len(slots):
        return False
    for perm in itertools.permutations(tokens):
        if all(
            t in (*FLAVORS, "wild") and (s == "any" or t == s or t == "wild")
            for t, s in zip(perm, slots, strict=True)
        ):
            return True
    return False


def _pay_from(drawn: tuple[int, ...], tokens: Iterable[str]) -> tuple[int, ...]:
    """The part of ``tokens`` that comes out of the drawn tokens (the rest is the reserve's)."""
    left = list(drawn)
    out = []
    for t in tokens:
        if left[_T[t]]:
            left[_T[t]] -= 1
            out.append(t)
    return _counts(out)
