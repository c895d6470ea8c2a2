"""Coffee Roaster's moves as values and as text: the steps of a game, the moves each step
takes, and :class:`Move` with its notation (``str(move)`` writes it, ``Move.parse`` reads it).

>>> Move.parse("Preserve ACIDITY bean4 bean3 for select")
Move.parse('preserve acidity bean3 bean4 for select')
>>> ACTIONS["decide"]
('continue', 'stop')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from gamekit.errors import InvalidNotationError
from gamekit.game import FrozenMap
from gamekit.roaster.cards import CUP_EFFECTS, TOKENS, _show

__all__ = ["PHASES", "ACTIONS", "FLAVOR_EFFECTS", "Move", "token_order"]

#: The steps of a game, in order; ``state.phase`` is one of them.
PHASES: FrozenMap[str, str] = FrozenMap(
    {
        "draw": "the temperature is raised: draw the tokens",
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
)
#: The moves each phase takes.
ACTIONS: FrozenMap[str, tuple[str, ...]] = FrozenMap(
    {
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
)
#: The flavor effects and the flavor token that pays for each.
FLAVOR_EFFECTS: FrozenMap[str, str] = FrozenMap(
    {"concentrate": "body", "preserve": "acidity", "spread": "aroma"}
)

_ALL_ACTIONS = tuple(sorted({a for acts in ACTIONS.values() for a in acts}))
_INDEX = {t: i for i, t in enumerate(TOKENS)}
#: The longest notation text read (a move is a few words; anything longer is refused early).
MAX_LENGTH = 200
#: The most tokens one move names (a real move names 1 to 3; this only bounds odd input).
MAX_TOKENS = 40


def token_order(token: str) -> int:
    """Where ``token`` comes in :data:`~gamekit.roaster.cards.TOKENS` (the order moves and
    counts list tokens in)."""
    return _INDEX.get(token, len(TOKENS))


def _tokens(value: Any, field: str, action: Any) -> tuple[str, ...]:
    """``value`` as a tuple of token names, or an ``InvalidNotationError`` naming ``field``."""
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise InvalidNotationError(
            f"a Coffee Roaster move's {field} are a tuple of token names, not {_show(value)}"
        )
    out = tuple(value)
    for t in out:
        if not isinstance(t, str) or t not in _INDEX:
            raise InvalidNotationError(
                f"{_show(t)} in the {field} of a {_show(action)} move is not a token; tokens are "
                + ", ".join(TOKENS)
            )
    if len(out) > MAX_TOKENS:
        raise InvalidNotationError(
            f"a Coffee Roaster move names at most {MAX_TOKENS} {field}, not {len(out)}"
        )
    return out


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

    A move checks its fields when it is made: the action is one of the game's, the tokens
    are token names, ``pair`` is a cup effect or ``None``. Whether it is legal is the
    state's business (:meth:`State.why_illegal`).

    Raises:
        InvalidNotationError: a field that no move has (naming the field).

    >>> m = Move.parse("spread aroma bean4 -> bean3 bean1 for tray")
    >>> m
    Move.parse('spread aroma bean4 -> bean1 bean3 for tray')
    >>> m.action, m.tokens, m.into, m.pair
    ('spread', ('aroma', 'bean4'), ('bean1', 'bean3'), 'tray')
    >>> Move("return", ("foo", "bar"))
    Traceback (most recent call last):
    ...
    gamekit.errors.InvalidNotationError: 'foo' in the tokens of a 'return' move is not a token; tokens are hard, bean0, bean1, bean2, bean3, bean4, burnt, defect, moisture, smoke, body, acidity, aroma, wild, sweetness
    """

    action: str
    tokens: tuple[str, ...] = ()
    into: tuple[str, ...] = ()
    pair: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.action, str) or self.action not in _ALL_ACTIONS:
            raise InvalidNotationError(
                f"{_show(self.action)} is not a Coffee Roaster action; the actions are "
                + ", ".join(_ALL_ACTIONS)
            )
        toks = _tokens(self.tokens, "tokens", self.action)
        into = _tokens(self.into, "beans made", self.action)
        if self.pair is not None and (
            not isinstance(self.pair, str) or self.pair not in CUP_EFFECTS
        ):
            raise InvalidNotationError(
                f"a move's pair is a cup effect ({', '.join(CUP_EFFECTS)}) or None, "
                f"not {_show(self.pair)}"
            )
        if self.action in FLAVOR_EFFECTS and toks:
            toks = (toks[0], *sorted(toks[1:], key=token_order))
        else:
            toks = tuple(sorted(toks, key=token_order))
        object.__setattr__(self, "tokens", toks)
        object.__setattr__(self, "into", tuple(sorted(into, key=token_order)))

    @classmethod
    def parse(cls, text: str | Move) -> Move:
        """Read a move's notation (see the class docstring); a :class:`Move` is returned as
        it is.

        Raises:
            InvalidNotationError: text that is not a move (empty, too long, an unknown
                action, token or cup effect), or something that is neither text nor a Move.

        >>> Move.parse("keep bean2 aroma").tokens
        ('bean2', 'aroma')
        """
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise InvalidNotationError(
                f"{_show(text)} is not a Coffee Roaster move: give a Move or text such as 'draw', "
                "'more aroma' or 'concentrate body bean1 bean2 for sweetness'"
            )
        if len(text) > MAX_LENGTH:
            raise InvalidNotationError(
                f"{text[:40]!r}... is not a Coffee Roaster move: the text has {len(text)} "
                f"characters, and a move is at most {MAX_LENGTH}"
            )
        words = text.strip().lower().split()
        if not words:
            raise InvalidNotationError("'' is not a Coffee Roaster move: the text is empty")
        action, rest = words[0], words[1:]
        if action not in _ALL_ACTIONS:
            raise InvalidNotationError(
                f"{_show(text)} is not a Coffee Roaster move: it starts with {_show(action)}; a move "
                "starts with one of " + ", ".join(_ALL_ACTIONS)
            )
        pair = None
        if "for" in rest:
            k = rest.index("for")
            if k != len(rest) - 2:
                raise InvalidNotationError(
                    f"{_show(text)} is not a Coffee Roaster move: 'for' is followed by one cup "
                    "effect, at the end (" + ", ".join(CUP_EFFECTS) + ")"
                )
            pair = rest[-1]
            if pair not in CUP_EFFECTS:
                raise InvalidNotationError(
                    f"{_show(text)} is not a Coffee Roaster move: {_show(pair)} is not a cup effect; "
                    "they are " + ", ".join(CUP_EFFECTS)
                )
            rest = rest[:k]
        into: list[str] = []
        if "->" in rest:
            k = rest.index("->")
            rest, into = rest[:k], rest[k + 1 :]
        for t in (*rest, *into):
            if t not in _INDEX:
                raise InvalidNotationError(
                    f"{_show(text)} is not a Coffee Roaster move: {_show(t)} is not a token; tokens are "
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
