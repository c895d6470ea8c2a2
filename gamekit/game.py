"""The contract every game keeps, and the registry that generic code finds games through.

A game is three value types and two functions' worth of rules:

- ``Rules`` (a frozen dataclass of options) has ``game`` (its registered name), ``seats``
  (the players' names in turn order), ``endings`` (the words ``Outcome.ending`` may take),
  ``start(seed=None)``, ``replay(moves)``, ``to_dict()`` and ``from_dict()``.
- ``State`` is immutable and hashable: ``rules``, ``to_move`` (a seat name, ``None`` once
  the game is over), ``swapped`` (``True`` after a pie-rule swap: the player who began in
  ``seats[0]`` now plays ``seats[1]``), ``legal_moves()``, ``play(move)``,
  ``why_illegal(move)`` and ``outcome``.
- ``Move`` is a frozen value: ``str(move)`` is its notation, ``Move.parse(text)`` reads it.
- ``Outcome``: ``winners`` (seat names, empty for none), ``ending`` (a word from
  ``rules.endings``, for programs), ``scores`` (seat -> number, or ``None``) and ``reason``
  (a sentence, for people).

Chance is explicit. A game with chance has a ``seed`` option: a whole number fixes the deal;
``None`` means the deal comes from the ``seed`` given to ``start(seed=...)`` (which is what
:func:`gamekit.sim.play_many` does, one seed per game), or, with no seed at all, from fresh
entropy. The state's ``rules`` then carry the seed that was used, so a record of the game
replays the same deal. Games without chance accept ``start(seed=...)`` and ignore it.

Generic code (players, simulation, records, pictures, boards) reads only this contract.

>>> import gamekit
>>> list(gamekit.games())[:4]  # the shipped games first, then any variant registered
['coffee', 'gipf', 'hextiles', 'roaster']
>>> gamekit.games()["gipf"].seats
('white', 'black')
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, ClassVar, Protocol, TypeVar, runtime_checkable

from gamekit.errors import shown

__all__ = [
    "FrozenMap",
    "MAX_SEED",
    "Move",
    "Outcome",
    "State",
    "Rules",
    "register",
    "games",
    "known_games",
    "rules_class",
    "game_of",
    "lineage",
    "player_index",
]

#: Seeds of games with chance are whole numbers from 0 to this (numpy's SeedSequence takes
#: any, but a record must stay a readable number).
MAX_SEED = 2**128 - 1

K = TypeVar("K")
V = TypeVar("V")


class FrozenMap(Mapping[K, V]):
    """A read-only, hashable mapping that keeps its order: a dict that nobody can change.

    >>> m = FrozenMap({"black": 1, "orange": 0})
    >>> m["black"], len(m), hash(m) == hash(FrozenMap(black=1, orange=0))
    (1, 2, True)
    >>> m["white"] = 2
    Traceback (most recent call last):
    ...
    TypeError: 'FrozenMap' object does not support item assignment
    >>> bigger = m | {"white": 2}  # a new map; ``m`` is unchanged
    >>> dict(bigger), dict(m)
    ({'black': 1, 'orange': 0, 'white': 2}, {'black': 1, 'orange': 0})
    """

    __slots__ = ("_items", "_hash")
    _items: Mapping[K, V]
    _hash: int | None

    def __init__(self, items: Mapping[K, V] | Iterable[tuple[K, V]] = (), **kwargs: V) -> None:
        data = dict(items, **kwargs)  # type: ignore[arg-type]
        object.__setattr__(self, "_items", MappingProxyType(data))
        object.__setattr__(self, "_hash", None)

    def __getitem__(self, key: K) -> V:
        return self._items[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        known = self._hash
        if known is None:
            known = hash(frozenset(self._items.items()))  # equal maps, any order
            object.__setattr__(self, "_hash", known)
        return known

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Mapping):
            return dict(self._items) == dict(other)
        return NotImplemented

    def __or__(self, other: Mapping[K, V]) -> FrozenMap[K, V]:
        return FrozenMap({**self._items, **other})

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a FrozenMap cannot be changed")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("a FrozenMap cannot be changed")

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenMap, (dict(self._items),))

    def __repr__(self) -> str:
        return f"FrozenMap({dict(self._items)!r})"


# ---------------------------------------------------------------------------------------
# The contract, as Protocols (checked by mypy; runtime_checkable for the contract test)
# ---------------------------------------------------------------------------------------


@runtime_checkable
class Move(Protocol):
    """A move: ``str(move)`` is its notation; the game's ``Move.parse`` reads it back."""

    def __str__(self) -> str: ...

    def __hash__(self) -> int: ...


@runtime_checkable
class Outcome(Protocol):
    """How a game ended."""

    @property
    def winners(self) -> tuple[str, ...]: ...

    @property
    def ending(self) -> str: ...

    @property
    def scores(self) -> Mapping[str, float] | None: ...

    @property
    def reason(self) -> str: ...


@runtime_checkable
class State(Protocol):
    """A position: immutable, hashable; equal states are the same position."""

    @property
    def rules(self) -> Rules: ...

    @property
    def to_move(self) -> str | None: ...

    @property
    def swapped(self) -> bool: ...

    @property
    def outcome(self) -> Outcome | None: ...

    def legal_moves(self) -> Sequence[Move]: ...

    def play(self, move: Any) -> State: ...

    def why_illegal(self, move: Any) -> str | None: ...

    def __hash__(self) -> int: ...


@runtime_checkable
class Rules(Protocol):
    """A game's options, and where its games start."""

    game: ClassVar[str]
    endings: ClassVar[tuple[str, ...]]

    @property
    def seats(self) -> tuple[str, ...]: ...

    def start(self, seed: int | None = None) -> State: ...

    def replay(self, moves: Iterable[Any]) -> State: ...

    def to_dict(self) -> dict[str, Any]: ...

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules: ...


# ---------------------------------------------------------------------------------------
# The registry
# ---------------------------------------------------------------------------------------

_GAMES: dict[str, type] = {}
#: Where each shipped game lives; imported on first use so ``import gamekit`` stays light.
#: What a game's registered name may be: lower-case words of letters and digits joined by
#: single hyphens (``"coffee"``, ``"coffee-no-vertical"``).
GAME_NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")

_SHIPPED = {
    "coffee": "gamekit.coffee",
    "gipf": "gamekit.gipf",
    "hextiles": "gamekit.hextiles",
    "roaster": "gamekit.roaster",
}
#: Optional parts of a game, found by game name along the rules class's bases.
_PARTS: dict[str, dict[str, str]] = {
    "render": {name: f"gamekit.render.{name}" for name in _SHIPPED},
    "board": {
        "coffee": "gamekit.widgets.coffee:CoffeeBoard",
        "gipf": "gamekit.widgets.gipf:GipfBoard",
        "hextiles": "gamekit.widgets.hextiles:HexTilesBoard",
        "roaster": "gamekit.widgets.roaster:RoasterBoard",
    },
}

R = TypeVar("R", bound=type)


def register(rules_class: R) -> R:
    """Add a game to the registry under ``rules_class.game``; returns the class, so it
    works as a decorator. A subclass of a registered game's rules (a variant) gets its
    pictures and board from the game it extends.

    >>> from dataclasses import dataclass
    >>> from gamekit import coffee
    >>> @register
    ... @dataclass(frozen=True)
    ... class Tiny(coffee.Rules):
    ...     game = "coffee-tiny"
    >>> rules_class("coffee-tiny") is Tiny, lineage(Tiny(size=3))
    (True, ('coffee-tiny', 'coffee'))
    """
    if not isinstance(rules_class, type):
        raise TypeError(
            "register takes a game's Rules class (the class itself, not one of its rules "
            f"objects), not {shown(rules_class)}"
        )
    name = getattr(rules_class, "game", None)
    if not isinstance(name, str) or not name:
        raise TypeError(
            f"{rules_class.__qualname__} has no game name: give the class a `game` string"
        )
    if not GAME_NAME.fullmatch(name):
        raise ValueError(
            f"a game's name is lower-case words of letters a-z and digits joined by single "
            f"hyphens, such as 'coffee-no-vertical', not {shown(name)}"
        )
    for attribute in ("seats", "endings", "start", "replay", "to_dict", "from_dict"):
        if not hasattr(rules_class, attribute):
            raise TypeError(f"{name!r} rules lack {attribute!r}, which every game must have")
    known = _GAMES.get(name)
    shipped = _SHIPPED.get(name)
    module = rules_class.__module__
    if shipped is not None and module != shipped and not module.startswith(shipped + "."):
        raise ValueError(
            f"{name!r} is one of gamekit's own games and cannot be replaced; give your "
            f"game a name of its own, such as '{name}-mine'"
        )
    if known is not None and known is not rules_class and _where(known) != _where(rules_class):
        raise ValueError(
            f"another game is registered as {name!r} already ({_where(known)}); a class "
            "replaces it only when it is the same class defined again (same module and name)"
        )
    _GAMES[name] = rules_class
    return rules_class


def _where(cls: type) -> str:
    """Where a class is defined: ``module.QualifiedName``."""
    return f"{cls.__module__}.{cls.__qualname__}"


def _load_shipped() -> None:
    for module in _SHIPPED.values():
        importlib.import_module(module)


def games() -> Mapping[str, type]:
    """The registered games, name -> ``Rules`` class, shipped games first."""
    _load_shipped()
    shipped = {name: _GAMES[name] for name in _SHIPPED}
    return MappingProxyType(shipped | {k: v for k, v in _GAMES.items() if k not in shipped})


def known_games(most: int = 8) -> str:
    """The registered games' names for a message: gamekit's own first, then the others,
    at most ``most`` of them named ("coffee, gipf, hextiles, roaster and 3 more").

    >>> known_games().startswith("coffee, gipf, hextiles, roaster")
    True
    """
    names = list(games())
    if len(names) <= most:
        return ", ".join(names)
    return ", ".join(names[:most]) + f" and {len(names) - most} more"


def rules_class(name: str) -> type:
    """The ``Rules`` class registered as ``name``; a ``ValueError`` names the known ones."""
    if name not in _GAMES and name in _SHIPPED:
        _load_shipped()
    try:
        return _GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(
            f"no game is registered as {shown(name)}; gamekit knows {known_games()}"
        ) from None


def game_of(obj: Any) -> str:
    """The registered name of the game that ``obj`` (rules or a state) belongs to."""
    rules = getattr(obj, "rules", obj)
    name = getattr(type(rules), "game", None)
    if not isinstance(name, str):
        raise TypeError(f"{type(obj).__name__} objects belong to no registered game")
    return name


def lineage(obj: Any) -> tuple[str, ...]:
    """The game names along the rules class's bases, the game's own first: a variant of
    Coffee gives ``("my-variant", "coffee")``."""
    rules = getattr(obj, "rules", obj)
    cls = rules if isinstance(rules, type) else type(rules)
    names: list[str] = []
    for base in cls.__mro__:
        name = base.__dict__.get("game")
        if isinstance(name, str) and name not in names:
            names.append(name)
    if not names:
        raise TypeError(f"{cls.__name__} objects belong to no registered game")
    return tuple(names)


def part(obj: Any, kind: str) -> Any:
    """The ``kind`` ("render" module or "board" class) of the game ``obj`` belongs to,
    inherited from the game a variant extends."""
    table = _PARTS[kind]
    for name in lineage(obj):
        where = table.get(name)
        if where is not None:
            module, _, attribute = where.partition(":")
            loaded = importlib.import_module(module)
            return getattr(loaded, attribute) if attribute else loaded
    raise TypeError(f"gamekit has no {kind} for {game_of(obj)!r} games")


def player_index(state: State, seat: str | None) -> int:
    """Which player (0 for the one who began in ``seats[0]``) plays ``seat`` now; ``-1``
    for ``None``. After a pie-rule swap the two players have exchanged seats."""
    if seat is None:
        return -1
    seats = state.rules.seats
    index = seats.index(seat)
    if state.swapped and len(seats) == 2:
        index = 1 - index
    return index
