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
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from types import MappingProxyType
from typing import Any, ClassVar, Protocol, TypeVar, overload, runtime_checkable

from gamekit.errors import ContractError, InvalidNotationError, shown
from gamekit.grids import Grid

__all__ = [
    "FrozenMap",
    "MAX_SEED",
    "Move",
    "Outcome",
    "State",
    "Rules",
    "register",
    "games",
    "shipped_games",
    "known_games",
    "rules_class",
    "game_of",
    "lineage",
    "player_index",
    "Facts",
    "facts",
    "part",
    "KIT_PARTS",
    "KitPart",
    "Notation",
    "on_grid",
    "own_part",
    "PART_KINDS",
    "occupancy_of",
]

#: Seeds of games with chance are whole numbers from 0 to this (numpy's SeedSequence takes
#: any, but a record must stay a readable number).
MAX_SEED = 2**128 - 1

#: "No default given" for :func:`part`.
_MISSING: Any = object()

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
#: What a game's registered name may be: lower-case words of letters and digits joined by
#: single hyphens (``"coffee"``, ``"coffee-no-vertical"``).
GAME_NAME = re.compile(r"[a-z][a-z0-9]*(?:-[a-z0-9]+)*")

#: gamekit's own games, and the package each lives in: imported on first use, so
#: ``import gamekit`` stays light. The one place the kit names its games.
_SHIPPED = {
    "coffee": "gamekit.coffee",
    "gipf": "gamekit.gipf",
    "hextiles": "gamekit.hextiles",
    "roaster": "gamekit.roaster",
}

#: The parts a game may declare when it registers (see :class:`Facts`).
PART_KINDS = ("picture", "board", "strategy", "puzzles", "words", "guide", "examples")


@dataclass(frozen=True)
class Facts:
    """What a game says about itself when it registers, in one place: its ``title`` (as a
    player reads it), its ``move`` class (with ``parse``), whether a decision begins a turn
    (``turn_starts(state)``; a GIPF turn is a push and the removals after it), the name of
    the rules method that sets up a made-up position (``setup``), and its parts: a
    ``picture`` module (``draw(state, **highlight)``, optionally ``png_bytes``), a
    ``board`` class, a ``strategy`` (:class:`gamekit.players.Strategy`), its ``puzzles``
    (a tuple of :class:`gamekit.puzzles.Puzzle`), its ``words`` (a module with
    ``position_words(state)``) and its ``guide`` (a module with the ``OBJECTIVES`` and
    ``RULES`` of a guided first game, see :mod:`gamekit.guide`), and its ``examples`` for
    the kit's tests (:class:`gamekit.examples.Examples`). A board game may also say which cells hold a piece
    (``occupancy(state)`` -> the occupied cells, as a set or a bitmask, and how many cells
    the board has), which :mod:`gamekit.design` measures board coverage by. A part is the object itself or where it lives,
    ``"module"`` or ``"module:name"``, loaded on first use. A part not given is inherited
    from the game a variant extends, or provided by the kit (see :func:`part`).

    >>> facts("gipf").title, facts("gipf").setup
    ('GIPF', 'setup')
    """

    title: str
    move: type | None = None
    turn_starts: Callable[[Any], bool] | None = None
    setup: str | None = None
    occupancy: Callable[[Any], tuple[Any, int]] | None = None
    picture: Any = None
    board: Any = None
    strategy: Any = None
    puzzles: Any = None
    words: Any = None
    guide: Any = None
    examples: Any = None


_FACTS: dict[str, Facts] = {}

R = TypeVar("R", bound=type)


@overload
def register(rules_class: R, /, **facts: Any) -> R: ...


@overload
def register(rules_class: None = None, /, **facts: Any) -> Callable[[R], R]: ...


def register(rules_class: R | None = None, /, **facts: Any) -> R | Callable[[R], R]:
    """Add a game to the registry under ``rules_class.game``; returns the class, so it
    works as a decorator, bare (``@register``) or with the game's facts
    (``@register(title="Coffee", picture="gamekit.coffee.picture", ...)``, see
    :class:`Facts`). A subclass of a registered game's rules (a variant) gets every part it
    does not declare from the game it extends. ``check=True`` then plays a quick check of
    the contract with the rules made with no arguments (:func:`gamekit.check_game`, one
    game, no parts), and refuses the game, undoing its registration, if a promise is broken.

    >>> from dataclasses import dataclass
    >>> from gamekit import coffee
    >>> @register
    ... @dataclass(frozen=True)
    ... class Tiny(coffee.Rules):
    ...     game = "coffee-tiny"
    >>> rules_class("coffee-tiny") is Tiny, lineage(Tiny(size=3))
    (True, ('coffee-tiny', 'coffee'))
    """
    check = facts.pop("check", False)
    if not isinstance(check, bool):
        raise TypeError(f"check must be True or False, not {shown(check)}")
    if rules_class is None:
        return lambda cls: register(cls, check=check, **facts)
    if check:
        name = getattr(rules_class, "game", None)
        before = (_GAMES.get(name), _FACTS.get(name)) if isinstance(name, str) else (None, None)
        return _checked(register(rules_class, **facts), before)
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
            f"hyphens, such as 'five-in-a-row' or 'my-variant-2', not {shown(name)}"
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
    declared = _facts_of(name, rules_class, facts)
    _GAMES[name] = rules_class
    _FACTS[name] = declared
    return rules_class


#: ``gamekit.check_game``, installed by :mod:`gamekit.contract` when it loads (``import
#: gamekit`` loads it): the check sits above this contract (it plays boards and pictures),
#: so the registry is handed it rather than importing it.
_CONTRACT_CHECK: Callable[..., Any] | None = None


def install_contract_check(check: Callable[..., Any]) -> None:
    """Give ``register(check=True)`` the contract check to run (see ``_CONTRACT_CHECK``)."""
    global _CONTRACT_CHECK
    _CONTRACT_CHECK = check


def _checked(rules_class: R, before: tuple[Any, Any]) -> R:
    """The quick contract check of ``register(check=True)``: the game stays registered only
    if it passes; else the registry is as it was before (``before``: the name's class and
    facts then, or ``None``)."""
    if _CONTRACT_CHECK is None:  # pragma: no cover - `import gamekit` installs it
        raise RuntimeError("the contract check is not loaded: import gamekit first")
    check_game = _CONTRACT_CHECK
    name = rules_class.game  # type: ignore[attr-defined]

    def undo() -> None:
        if before[0] is None:
            _GAMES.pop(name, None)
            _FACTS.pop(name, None)
        else:
            _GAMES[name], _FACTS[name] = before

    try:
        check_game(rules_class(), games=1, parts=False)
    except ContractError:
        undo()
        raise
    except Exception as error:
        undo()
        raise ContractError(
            name, [f"register(check=True) makes the rules with no arguments: {error}"]
        ) from None
    return rules_class


def _facts_of(name: str, rules_class: type, given: dict[str, Any]) -> Facts:
    """The :class:`Facts` that ``register`` was given, checked; a variant's title is its
    game's with its own name."""
    unknown = sorted(set(given) - {f.name for f in fields(Facts)})
    if unknown:
        raise TypeError(
            f"register does not know the fact {unknown[0]!r}; a game may declare "
            + ", ".join(f.name for f in fields(Facts))
        )
    title = given.get("title")
    if title is None:
        parent = next((n for n in lineage(rules_class)[1:] if n in _FACTS), None)
        title = f"{_FACTS[parent].title} ({name})" if parent else name
    if not isinstance(title, str) or not title.strip():
        raise TypeError(f"a game's title is a few words of text, not {shown(title)}")
    turn_starts = given.get("turn_starts")
    if turn_starts is not None and not callable(turn_starts):
        raise TypeError(f"turn_starts must be a function of a state, not {shown(turn_starts)}")
    occupancy = given.get("occupancy")
    if occupancy is not None and not callable(occupancy):
        raise TypeError(f"occupancy must be a function of a state, not {shown(occupancy)}")
    move = given.get("move")
    if move is not None and not callable(getattr(move, "parse", None)):
        raise TypeError(f"a game's move class must have a parse method, not {shown(move)}")
    setup = given.get("setup")
    if setup is not None and not callable(getattr(rules_class, str(setup), None)):
        raise TypeError(f"{name!r} rules have no method {shown(setup)} to set up a position")
    return Facts(**{**given, "title": title})


def facts(obj: Any) -> Facts:
    """The :class:`Facts` of a game, given its name, its rules or one of its states; a
    fact its own registration left out is read from the game it extends.

    >>> facts("coffee").title
    'Coffee'
    """
    names = lineage(rules_class(obj)) if isinstance(obj, str) else lineage(obj)
    _load_shipped_of(names)
    found = [_FACTS[n] for n in names if n in _FACTS]
    if not found:
        raise TypeError(f"{names[0]!r} is not a registered game")
    merged = {f.name: getattr(found[0], f.name) for f in fields(Facts)}
    for more in found[1:]:
        for key, value in merged.items():
            if value is None:
                merged[key] = getattr(more, key)
    return Facts(**merged)


def _load_shipped_of(names: Sequence[str]) -> None:
    for n in names:
        if n in _SHIPPED and n not in _FACTS:
            importlib.import_module(_SHIPPED[n])


def _where(cls: type) -> str:
    """Where a class is defined: ``module.QualifiedName``."""
    return f"{cls.__module__}.{cls.__qualname__}"


def _load_shipped() -> None:
    for module in _SHIPPED.values():
        importlib.import_module(module)


def shipped_games() -> tuple[str, ...]:
    """The names of gamekit's own games, in their order: the registry's one list of them.

    >>> shipped_games()
    ('coffee', 'gipf', 'hextiles', 'roaster')
    """
    return tuple(_SHIPPED)


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


class Notation:
    """The move class of a game that declares none (the kit's ``move`` part): a move is
    its notation, as typed (the rules read it, and refuse it in their own words).

    >>> Notation.parse("  a1 ")
    'a1'

    Raises:
        InvalidNotationError: ``text`` is not text.
    """

    @staticmethod
    def parse(text: str) -> str:
        if not isinstance(text, str):
            raise InvalidNotationError(f"a move is written as text, not {shown(text)}")
        return text.strip()


def on_grid(obj: Any) -> bool:
    """Whether ``obj`` (a game's name, rules or one of its states) is of a *game on a grid*:
    its rules have a ``grid`` (a :class:`gamekit.grids.Grid`) and its states ``pieces`` (a
    mapping from cell to piece). The kit draws such a game, makes its board and says its
    positions when the game declares none of its own.

    >>> on_grid("coffee"), on_grid(3)
    (False, False)
    """
    if isinstance(obj, str):
        try:
            obj = rules_class(obj)()
        except Exception:  # rules that need arguments, or no game of that name
            return False
    rules = getattr(obj, "rules", obj)
    if not isinstance(getattr(rules, "grid", None), Grid):
        return False
    state = obj if obj is not rules else None
    if state is None:
        start = getattr(rules, "start", None)
        if not callable(start):
            return False
        try:
            state = start()
        except Exception:  # a learner's rules may refuse: then it is no game on a grid
            return False
    return isinstance(getattr(state, "pieces", None), Mapping)


def _grid_lack(obj: Any) -> str:
    rules = rules_class(obj)() if isinstance(obj, str) else getattr(obj, "rules", obj)
    if not isinstance(getattr(rules, "grid", None), Grid):
        return "its rules have no grid (a gamekit.grids Grid)"
    return "its states have no pieces (a mapping cell label -> seat)"


@dataclass(frozen=True)
class KitPart:
    """The kit's own part of one kind, for a game that declares none: ``where`` it lives
    (``"module"`` or ``"module:name"``), which games it ``suits``, and what a game it does
    not suit is told (``advice``: how to get one)."""

    where: str
    suits: Callable[[Any], bool]
    advice: str


def _always(obj: Any) -> bool:
    return True


#: The one table of the kit's defaults: for each kind of part, what a game that declares
#: none gets. :func:`part` reads it; no other module decides a fallback.
KIT_PARTS: Mapping[str, KitPart] = MappingProxyType(
    {
        "picture": KitPart(
            "gamekit.render.grid",
            on_grid,
            "declare one when it registers (register(picture=...)), or make it a game on a "
            "grid to be drawn as a board of pieces",
        ),
        "board": KitPart(
            "gamekit.widgets.grid:GridBoard",
            on_grid,
            "declare one when it registers (register(board=...)), or make it a game on a grid",
        ),
        "words": KitPart("gamekit.plainwords", _always, ""),
        "strategy": KitPart("gamekit.playing:PLAIN_STRATEGY", _always, ""),
        "move": KitPart("gamekit.game:Notation", _always, ""),
        "examples": KitPart("gamekit.examples:PLAIN", _always, ""),
    }
)

#: What :func:`part` resolves: the declared parts, and the move class.
RESOLVED_KINDS = (*PART_KINDS, "move")


def part(obj: Any, kind: str, default: Any = _MISSING) -> Any:
    """The ``kind`` part (one of :data:`PART_KINDS`, or ``"move"``, the move class) of the
    game ``obj`` belongs to: its own, or the one of the game it extends, loaded from its
    ``"module:name"`` on first use; else the kit's (:data:`KIT_PARTS`) where it suits the
    game. Without any: ``default`` if given, else a ``TypeError`` that says what is missing
    and how to give it.

    >>> part("gipf", "board").__name__
    'GipfBoard'
    """
    if kind not in RESOLVED_KINDS:
        raise ValueError(f"a game's parts are {', '.join(RESOLVED_KINDS)}, not {shown(kind)}")
    where = getattr(facts(obj), kind)
    if where is not None:
        return _loaded(where)
    kit = KIT_PARTS.get(kind)
    if kit is not None and kit.suits(obj):
        return _loaded(kit.where)
    if default is not _MISSING:
        return default
    name = obj if isinstance(obj, str) else game_of(obj)
    if kit is not None and kit.suits is on_grid:
        raise TypeError(f"the game {name!r} has no {kind}: {kit.advice}: {_grid_lack(obj)}")
    raise TypeError(f"the game {name!r} declares no {kind} when it registers")


def occupancy_of(rules: Any) -> Callable[[Any], tuple[Any, int]] | None:
    """How to read which cells of a position hold a piece, for the game of ``rules``: its
    ``occupancy`` fact, or for a game with a ``grid`` whose states have ``pieces`` (a
    mapping from cell to piece), those cells; ``None`` for a game without a board of cells.

    >>> from gamekit import coffee
    >>> occupied, cells = occupancy_of(coffee.Rules(size=3))(coffee.Rules(size=3).start())
    >>> occupied, cells
    (0, 19)
    """
    own = facts(rules).occupancy
    if own is not None:
        return own
    grid = getattr(rules, "grid", None)
    if grid is None or not callable(getattr(grid, "__len__", None)):
        return None
    return _grid_occupancy


def _grid_occupancy(state: Any) -> tuple[Any, int]:
    pieces = getattr(state, "pieces", None)
    if not isinstance(pieces, Mapping):
        raise TypeError("a grid game's positions must have pieces (a mapping from cell to piece)")
    return frozenset(pieces), len(state.rules.grid)


def own_part(name: str, kind: str) -> Any:
    """The ``kind`` part that the game registered as ``name`` declared itself (not one it
    inherits from the game it extends), loaded; ``None`` if it declared none.

    >>> len(own_part("coffee", "puzzles")) > 0, own_part("coffee", "board").__name__
    (True, 'CoffeeBoard')
    """
    if kind not in PART_KINDS:
        raise ValueError(f"a game's parts are {', '.join(PART_KINDS)}, not {shown(kind)}")
    rules_class(name)
    where = getattr(_FACTS[name], kind) if name in _FACTS else None
    return _loaded(where)


def _loaded(where: Any) -> Any:
    """A part given as ``"module"`` or ``"module:name"``, loaded; anything else as it is."""
    if isinstance(where, str):
        module, _, attribute = where.partition(":")
        loaded = importlib.import_module(module)
        return getattr(loaded, attribute) if attribute else loaded
    return where


def __getattr__(name: str) -> Any:
    """``Pictured`` lives above this contract, which draws nothing
    (:class:`gamekit.pictured.Pictured`); states written when it lived here still find it."""
    if name == "Pictured":
        return importlib.import_module("gamekit.pictured").Pictured
    raise AttributeError(f"module 'gamekit.game' has no attribute {name!r}")


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
