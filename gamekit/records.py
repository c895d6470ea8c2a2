"""Game records: the rules plus the moves, saved as JSON and replayed move by move.

>>> from gamekit import coffee, Record
>>> rec = Record(coffee.Rules(board="square", size=5), ["c3|", "c1-"])
>>> Record.from_json(rec.to_json()) == rec
True
>>> rec.final()
<coffee.State square5 n=4, 2 stones, black to move>
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamekit.errors import GamekitError, InvalidRecordError

__all__ = ["Record", "GAMES"]

#: Game name in a record -> the module with its ``Rules`` (each game module has ``GAME``).
GAMES: dict[str, str] = {
    "coffee": "gamekit.coffee",
    "gipf": "gamekit.gipf",
    "hextiles": "gamekit.hextiles",
    "roaster": "gamekit.roaster",
}
FORMAT = 1


def _game_module(name: str):
    if not isinstance(name, str) or name not in GAMES:
        raise InvalidRecordError(
            f"unknown game {name!r} in the record; gamekit knows " + ", ".join(sorted(GAMES))
        )
    try:
        return importlib.import_module(GAMES[name])
    except ImportError:
        raise InvalidRecordError(f"this gamekit cannot play {name!r} games yet") from None


@dataclass(frozen=True, init=False)
class Record:
    """A game as its rules and its moves (notation strings), replayable and saveable."""

    rules: Any
    moves: tuple[str, ...]

    def __init__(self, rules: Any, moves: list | tuple = ()) -> None:
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "moves", tuple(str(m) for m in moves))

    def __repr__(self) -> str:
        return f"Record({self.rules!r}, {list(self.moves)!r})"

    @property
    def game(self) -> str:
        return importlib.import_module(type(self.rules).__module__).GAME

    def states(self) -> list:
        """Every state of the game: the start, then one per move.

        Raises :class:`InvalidRecordError` saying which move is illegal."""
        state = self.rules.start()
        out = [state]
        for k, move in enumerate(self.moves, start=1):
            try:
                state = state.play(move)
            except GamekitError as err:
                raise InvalidRecordError(
                    f"move {k} of the record, {move!r}, is illegal: {err}"
                ) from None
            out.append(state)
        return out

    def final(self):
        """The state after the last move."""
        return self.states()[-1]

    def played(self, move) -> Record:
        """This record with one more move (checked)."""
        self.final().play(move)
        return Record(self.rules, [*self.moves, str(move)])

    # -- JSON ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "rules": self.rules.to_dict(),
            "moves": list(self.moves),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1)

    @classmethod
    def from_dict(cls, data: Any, check: bool = True) -> Record:
        if not isinstance(data, dict):
            raise InvalidRecordError("a game record must be a JSON object")
        missing = [k for k in ("game", "rules", "moves") if k not in data]
        if missing:
            raise InvalidRecordError(f"the game record has no {missing[0]!r} entry")
        if data.get("format", FORMAT) != FORMAT:
            raise InvalidRecordError(
                f"record format {data.get('format')!r} is not one this gamekit reads ({FORMAT})"
            )
        module = _game_module(data["game"])
        try:
            rules = module.Rules.from_dict(data["rules"])
        except (TypeError, ValueError) as err:
            raise InvalidRecordError(f"the record's rules are not valid: {err}") from None
        moves = data["moves"]
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise InvalidRecordError("the record's moves must be a list of notation strings")
        record = cls(rules, moves)
        if check:
            record.states()
        return record

    @classmethod
    def from_json(cls, text: str) -> Record:
        """Read a record saved by :meth:`to_json`; every move is checked."""
        try:
            data = json.loads(text)
        except (TypeError, json.JSONDecodeError) as err:
            raise InvalidRecordError(f"the game record is not valid JSON: {err}") from None
        return cls.from_dict(data)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.to_json() + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        return cls.from_json(Path(path).read_text(encoding="utf-8"))
