"""The class store's answers as JSON, between the hub's class-store service and a student's
kernel (:mod:`gamekit.store.service`, :mod:`gamekit.store.remote`): a student, a table, a
stored move, each a plain dict, and back.

>>> from gamekit.store.store import Student
>>> to_json(Student(3, "EUCJDR", "Ada"))
{'kind': 'student', 'id': 3, 'class_code': 'EUCJDR', 'nickname': 'Ada'}
>>> from_json(to_json(Student(3, "EUCJDR", "Ada")))
Student(id=3, class_code='EUCJDR', nickname='Ada')
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from gamekit.store.store import (
    Assignment,
    Experiment,
    ExperimentGame,
    Played,
    Setting,
    StoreError,
    Student,
    TableInfo,
)

__all__ = ["from_json", "to_json"]


def to_json(value: Any) -> Any:
    """``value`` (a student, a table, a stored move, or lists, dicts, tuples and plain
    values of them) as JSON's plain values."""
    if isinstance(value, Student):
        return {"kind": "student", "id": value.id, "class_code": value.class_code,
                "nickname": value.nickname}  # fmt: skip
    if isinstance(value, Played):
        return {"kind": "played", "ply": value.ply, "seat": value.seat, "move": value.move,
                "over": value.over}  # fmt: skip
    if isinstance(value, TableInfo):
        return {
            "kind": "table",
            "code": value.code,
            "game": value.game,
            "options": dict(value.options),
            "seated": list(value.seated),
            "present": list(value.present),
            "moves": value.moves,
            "closed": value.closed,
            "touched": value.touched.isoformat(),
            "undo_asked": None if value.undo_asked is None else list(value.undo_asked),
        }
    if isinstance(value, Assignment):
        return {"kind": "assignment", "table": value.table, "experiment": value.experiment,
                "game": value.game, "label": value.label, "seat": value.seat,
                "against": value.against}  # fmt: skip
    if isinstance(value, ExperimentGame):
        return {"kind": "experiment_game", "table": value.table, "setting": value.setting,
                "round": value.round, "seated": list(value.seated), "moves": value.moves,
                "winners": None if value.winners is None else list(value.winners)}  # fmt: skip
    if isinstance(value, Experiment):
        return {"kind": "experiment", "id": value.id, "name": value.name, "game": value.game,
                "settings": [{"label": x.label, "rules": dict(x.rules)} for x in value.settings],
                "rounds": value.rounds,
                "games": [to_json(g) for g in value.games]}  # fmt: skip
    if isinstance(value, datetime):
        return {"kind": "time", "iso": value.isoformat()}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    return value


def from_json(value: Any) -> Any:
    """What :func:`to_json` gave, made again (lists stay lists).

    Raises:
        StoreError: an answer that is not one the store gives.
    """
    try:
        if isinstance(value, list):
            return [from_json(v) for v in value]
        if not isinstance(value, dict):
            return value
        kind = value.get("kind")
        if kind == "student":
            return Student(int(value["id"]), str(value["class_code"]), str(value["nickname"]))
        if kind == "played":
            return Played(int(value["ply"]), int(value["seat"]), str(value["move"]),
                          bool(value["over"]))  # fmt: skip
        if kind == "table":
            asked = value["undo_asked"]
            return TableInfo(
                code=str(value["code"]),
                game=str(value["game"]),
                options=dict(value["options"]),
                seated=tuple(value["seated"]),
                present=tuple(bool(p) for p in value["present"]),
                moves=int(value["moves"]),
                closed=bool(value["closed"]),
                touched=datetime.fromisoformat(value["touched"]),
                undo_asked=None if asked is None else (int(asked[0]), int(asked[1])),
            )
        if kind == "assignment":
            return Assignment(*(str(value[k]) for k in
                                ("table", "experiment", "game", "label", "seat", "against")))  # fmt: skip
        if kind == "experiment":
            settings = [Setting(str(x["label"]), dict(x["rules"])) for x in value["settings"]]
            return Experiment(
                int(value["id"]), str(value["name"]), str(value["game"]),
                (settings[0], settings[1]), int(value["rounds"]),
                tuple(from_json(g) for g in value["games"]),
            )  # fmt: skip
        if kind == "experiment_game":
            return ExperimentGame(
                str(value["table"]), int(value["setting"]), int(value["round"]),
                tuple(str(n) for n in value["seated"]), int(value["moves"]),
                None if value["winners"] is None else tuple(int(k) for k in value["winners"]),
            )  # fmt: skip
        if kind == "time":
            return datetime.fromisoformat(value["iso"])
        return {k: from_json(v) for k, v in value.items()}
    except (KeyError, TypeError, ValueError, IndexError) as error:
        raise StoreError(f"the class store's answer could not be read ({error})") from None
