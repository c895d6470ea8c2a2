"""Game records: the rules plus the moves, saved as JSON and replayed move by move.

A record names its game (``gamekit.game.game_of(rules)``) and finds the game's rules again
through the registry (``gamekit.game.rules_class``), so every registered game, variants
included, saves and loads the same way.

>>> from gamekit import coffee, Record
>>> rec = Record(coffee.Rules(board="square", size=5), ["c3|", "c1-"])
>>> Record.from_json(rec.to_json()) == rec
True
>>> rec.final()
<coffee.State square5 n=4, 2 stones, black to move>

Reading is strict, because a record may come from anywhere: text over
:data:`MAX_RECORD_SIZE`, bytes that are not UTF-8, JSON that is not valid, nested deeper than
a record can be, a number too long, an entry that a record does not have, a value of the
wrong kind, or an illegal move, each raise :class:`~gamekit.errors.InvalidRecordError` with
a sentence saying what is wrong.

>>> Record.from_json('{"game": "coffee", "rules": {}, "moves": [], "players": 2}')
Traceback (most recent call last):
...
gamekit.errors.InvalidRecordError: the game record has an entry 'players' that records do not have; its entries are format, game, rules, moves
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamekit.errors import InvalidRecordError
from gamekit.errors import shown as _show
from gamekit.game import Rules, State, game_of, games, known_games, rules_class

__all__ = [
    "Record",
    "GAMES",
    "FORMAT",
    "MAX_RECORD_SIZE",
    "MAX_MOVES",
    "MAX_MOVE_CHARS",
    "MAX_DEPTH",
    "MAX_DIGITS",
]

#: The record format this gamekit writes and reads.
FORMAT = 1
#: The longest record read: characters of JSON text, or bytes of a file.
MAX_RECORD_SIZE = 1_000_000
#: The most moves a record may hold.
MAX_MOVES = 100_000
#: The longest notation of one move in a record.
MAX_MOVE_CHARS = 200
#: How deeply a record's JSON may nest objects and lists (a record needs 3 or 4 levels).
MAX_DEPTH = 32
#: The most digits of a whole number in a record (a 128-bit seed has 39).
MAX_DIGITS = 100
#: The entries of a record, in the order :meth:`Record.to_dict` writes them.
_ENTRIES = ("format", "game", "rules", "moves")
#: The errors a game's ``Rules.from_dict`` may raise on bad options.
_OPTION_ERRORS = (TypeError, ValueError, LookupError, ArithmeticError, AttributeError)


class _GameNames(Mapping[str, str]):
    """Game name -> the module of its ``Rules``: a read-only, live view of the registry
    (:func:`gamekit.game.games`), kept for code written when records had their own table."""

    def __getitem__(self, name: str) -> str:
        return games()[name].__module__

    def __iter__(self) -> Iterator[str]:
        return iter(games())

    def __len__(self) -> int:
        return len(games())

    def __repr__(self) -> str:
        return f"<the games gamekit knows: {', '.join(self)}>"


#: The games a record may name (a read-only view of :func:`gamekit.game.games`).
GAMES: Mapping[str, str] = _GameNames()


def _cut(text: str, width: int = 500) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


# ---------------------------------------------------------------------------------------
# Reading JSON safely
# ---------------------------------------------------------------------------------------


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise InvalidRecordError(
            f"the game record holds a number of {digits:,} digits; numbers in a record have "
            f"at most {MAX_DIGITS}"
        )
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise InvalidRecordError(f"the game record holds the number {_show(text)}, too large")
    return value


def _parse_constant(name: str) -> float:
    raise InvalidRecordError(f"the game record holds {name}, which is not a number JSON allows")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise InvalidRecordError(f"the game record has the entry {_show(key)} twice")
        out[key] = value
    return out


def _check_depth(data: Any) -> None:
    """Refuse data nested deeper than :data:`MAX_DEPTH` (walked without recursion)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth > MAX_DEPTH:
                raise InvalidRecordError(
                    f"the game record is nested more than {MAX_DEPTH} levels deep; a record "
                    "is an object of a few levels"
                )
            items = value.values() if isinstance(value, dict) else value
            stack.extend((item, depth + 1) for item in items)


def _read_json(text: str) -> Any:
    """``json.loads`` for untrusted text: every failure is an :class:`InvalidRecordError`."""
    if len(text) > MAX_RECORD_SIZE:
        raise InvalidRecordError(
            f"the game record is {len(text):,} characters long; gamekit reads records of at "
            f"most {MAX_RECORD_SIZE:,}"
        )
    try:
        data = json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
            object_pairs_hook=_object,
        )
    except InvalidRecordError:
        raise
    except RecursionError:
        raise InvalidRecordError(
            f"the game record is nested more than {MAX_DEPTH} levels deep; a record is an "
            "object of a few levels"
        ) from None
    except ValueError as err:  # json.JSONDecodeError is one
        raise InvalidRecordError(f"the game record is not valid JSON: {_cut(str(err))}") from None
    _check_depth(data)
    return data


def _decode(raw: bytes) -> str:
    if len(raw) > MAX_RECORD_SIZE:
        raise InvalidRecordError(
            f"the game record is over {MAX_RECORD_SIZE:,} bytes long; gamekit reads records "
            f"of at most {MAX_RECORD_SIZE:,}"
        )
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise InvalidRecordError(
            f"the game record is not UTF-8 text: byte {err.start} cannot be read"
        ) from None


# ---------------------------------------------------------------------------------------
# Records
# ---------------------------------------------------------------------------------------


#: A replayed record keeps every this many positions (and the start and the last): what a
#: board holds of a long game (:mod:`gamekit.widgets.history` rebuilds the others).
KEEP_EVERY = 256
#: Records longer than this remember the moves they checked, position by position.
_LONG = 1000
_SEEN_MOST = 50_000


@dataclass(frozen=True, init=False)
class Record:
    """A game as its rules and its moves (notation strings), replayable and saveable.

    ``rules`` are a registered game's rules. For a game with chance they should be the
    rules of the game's state (``state.rules``), which carry the seed of the deal; rules
    that leave the seed to chance (``seed=None``) are fixed to a fresh deal when the record
    has no moves yet, and refused when it has some (nobody knows on which deal they were
    played).

    >>> from gamekit import coffee
    >>> Record(coffee.Rules(), ["e5|"]).game
    'coffee'

    Raises:
        TypeError: ``rules`` are not a registered game's rules, or ``moves`` is not a
            sequence of moves (a single text is not one).
        ValueError: the rules leave the deal to chance and there are moves.
    """

    rules: Rules
    moves: tuple[str, ...]

    def __init__(self, rules: Any, moves: Iterable[Any] = ()) -> None:
        try:
            game_of(rules)
        except TypeError:
            raise TypeError(
                f"rules must be a game's rules (the Rules of a game in gamekit.games()), not {_show(rules)}"
            ) from None
        if isinstance(moves, str | bytes) or not isinstance(moves, Iterable):
            raise TypeError(
                f"moves must be a sequence of moves, such as ['e5|', 'e1/'], not {_show(moves)}"
            )
        texts = tuple(str(m) for m in moves)
        if getattr(rules, "seed", 0) is None:
            if texts:
                raise ValueError(
                    "these rules leave the deal to chance (seed=None), so nobody knows the deal "
                    "the moves were played on: give the rules of the game's state "
                    "(state.rules), which carry the seed"
                )
            rules = rules.start().rules
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "moves", texts)

    def __repr__(self) -> str:
        return f"Record({self.rules!r}, {list(self.moves)!r})"

    def __getstate__(self) -> dict[str, Any]:
        return {"rules": self.rules, "moves": self.moves}  # not the remembered positions

    @property
    def game(self) -> str:
        """The registered name of the record's game (``"coffee"``, ``"gipf"``, ...)."""
        return game_of(self.rules)

    def states(self) -> list[State]:
        """Every state of the game: the start, then one per move.

        Raises:
            InvalidRecordError: a move is illegal or not notation (the message says which
                move and why).
        """
        return list(self._played(every=1).values())

    def _replay(self) -> dict[int, State]:
        """The positions a board keeps of the game (every :data:`KEEP_EVERY`-th, the start
        and the last, by index), remembered: the check of :meth:`from_dict`, :meth:`final`
        and a board opened on the record replay the moves once between them.

        Raises:
            InvalidRecordError: as :meth:`states`.
        """
        kept: dict[int, State] | None = self.__dict__.get("_kept")
        if kept is None:
            kept = self.__dict__["_kept"] = self._played(KEEP_EVERY)
        return kept

    def _played(self, every: int) -> dict[int, State]:
        """Play the moves: the start, every ``every``-th state and the last, by index."""
        state = self.rules.start()
        out = {0: state}
        last = len(self.moves)
        # A very long record can only be a game that goes round in circles (GIPF's can): a
        # move already checked from the same position leads where it led before.
        seen: dict[tuple[State, Any], State] | None = {} if last > _LONG else None
        for k, move in enumerate(self.moves, start=1):
            known = None if seen is None or not isinstance(move, str) else seen.get((state, move))
            if known is not None:
                state = known
            else:
                try:
                    after = state.play(move)
                except (ValueError, TypeError) as err:  # GamekitError is a ValueError
                    raise InvalidRecordError(
                        f"move {k} of the record, {_show(move)}, is illegal: {_cut(str(err))}"
                    ) from None
                if seen is not None and isinstance(move, str) and len(seen) < _SEEN_MOST:
                    seen[(state, move)] = after
                state = after
            if k % every == 0 or k == last:
                out[k] = state
        return out

    def final(self) -> State:
        """The state after the last move.

        Raises:
            InvalidRecordError: as :meth:`states`.
        """
        return self._replay()[len(self.moves)]

    def played(self, move: Any) -> Record:
        """This record with one more move (checked).

        Raises:
            IllegalMoveError, InvalidNotationError: as the game's ``State.play``.
        """
        self.final().play(move)
        return Record(self.rules, [*self.moves, str(move)])

    # -- JSON ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready dict: format, game, rules and moves."""
        return {
            "format": FORMAT,
            "game": self.game,
            "rules": self.rules.to_dict(),
            "moves": list(self.moves),
        }

    def to_json(self) -> str:
        """The record as JSON text (:meth:`from_json` reads it back)."""
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_dict(cls, data: Any, check: bool = True) -> Record:
        """Read a record from :meth:`to_dict`; with ``check`` (the default) every move is
        replayed and checked.

        Raises:
            InvalidRecordError: ``data`` is not a record: an entry is missing, unknown or of
                the wrong kind, the game is unknown, its rules are not valid, or a move is
                illegal.
            TypeError: ``check`` is not ``True`` or ``False``.
        """
        if not isinstance(check, bool):
            raise TypeError(f"check must be True or False, not {_show(check)}")
        if not isinstance(data, Mapping):
            raise InvalidRecordError(
                f"a game record must be a JSON object, not {type(data).__name__}"
            )
        for key in data:
            if key not in _ENTRIES:
                raise InvalidRecordError(
                    f"the game record has an entry {_show(key)} that records do not have; "
                    "its entries are " + ", ".join(_ENTRIES)
                )
        missing = [k for k in _ENTRIES[1:] if k not in data]
        if missing:
            raise InvalidRecordError(f"the game record has no {missing[0]!r} entry")
        version = data.get("format", FORMAT)
        if isinstance(version, bool) or not isinstance(version, int) or version != FORMAT:
            raise InvalidRecordError(
                f"record format {_show(version)} is not one this gamekit reads ({FORMAT})"
            )
        rules = _read_rules(data["game"], data["rules"])
        moves = _read_moves(data["moves"])
        try:
            record = cls(rules, moves)
        except ValueError as err:
            raise InvalidRecordError(f"the record's rules are not valid: {err}") from None
        if check:
            record._replay()  # every move checked; the positions a board needs remembered
        return record

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """Read a record saved by :meth:`to_json` (text, or UTF-8 bytes); every move is
        checked.

        Raises:
            InvalidRecordError: the text is too long, not UTF-8, not JSON, or not a valid
                record (see :meth:`from_dict`).
            TypeError: ``text`` is neither text nor bytes.
        """
        if isinstance(text, bytes | bytearray | memoryview):
            text = _decode(bytes(text))
        elif not isinstance(text, str):
            raise TypeError(
                f"text must be a record's JSON text (str or bytes), not {type(text).__name__}; "
                "Record.from_dict reads a dict"
            )
        return cls.from_dict(_read_json(text))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the record to ``path`` as UTF-8 JSON.

        Raises:
            TypeError: ``path`` is not a path.
            OSError: the file cannot be written.
        """
        Path(_path(path)).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Record:
        """Read a record saved by :meth:`save`; every move is checked.

        Raises:
            InvalidRecordError: the file is not a valid record (see :meth:`from_json`).
            TypeError: ``path`` is not a path.
            OSError: the file cannot be read (missing, a folder, no permission).
        """
        with open(_path(path), "rb") as file:
            raw = file.read(MAX_RECORD_SIZE + 1)
        return cls.from_json(_decode(raw))


def _path(path: object) -> str | os.PathLike[str]:
    if not isinstance(path, str | os.PathLike):
        raise TypeError(f"path must be a file's path (text or a Path), not {_show(path)}")
    return path


def _read_rules(game: Any, options: Any) -> Any:
    """The rules of the record's ``game`` from its ``options``, found through the registry."""
    try:
        if not isinstance(game, str):
            raise ValueError(game)
        cls: type[Rules] = rules_class(game)
    except ValueError:
        raise InvalidRecordError(
            f"unknown game {_show(game)} in the record; gamekit knows {known_games()}"
        ) from None
    if not isinstance(options, Mapping):
        raise InvalidRecordError(
            f"the record's rules must be a JSON object of options, not {_show(options)}"
        )
    try:
        return cls.from_dict(options)
    except _OPTION_ERRORS as err:
        raise InvalidRecordError(f"the record's rules are not valid: {_cut(str(err))}") from None
    except RecursionError:
        raise InvalidRecordError("the record's rules are nested too deeply") from None


def _read_moves(moves: Any) -> list[str]:
    if not isinstance(moves, list | tuple) or not all(isinstance(m, str) for m in moves):
        raise InvalidRecordError("the record's moves must be a list of notation strings")
    if len(moves) > MAX_MOVES:
        raise InvalidRecordError(
            f"the record has {len(moves):,} moves; a record holds at most {MAX_MOVES:,}"
        )
    for k, move in enumerate(moves, start=1):
        if len(move) > MAX_MOVE_CHARS:
            raise InvalidRecordError(
                f"move {k} of the record is {len(move):,} characters long; a move's notation "
                f"has at most {MAX_MOVE_CHARS}"
            )
    return list(moves)
