"""The class store as a student's kernel reaches it on a school's hub: through the hub's
class-store service (:mod:`gamekit.store.service`), never the database itself.

:class:`HubStore` answers what :class:`gamekit.store.ClassStore` answers, so a board, *Play
a classmate* and the puzzle counts work the same on a hub; each call goes to the service
with the student's server's hub token, and the service acts as that student only. The
kernel holds no database address and no password (the hub gives its students' servers
``GAMEKIT_CLASS_SERVICE``, the service's address, and nothing else).

>>> HubStore("http://127.0.0.1:1/services/class-store/", token="t")
HubStore(at http://127.0.0.1:1/services/class-store/)
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from gamekit.errors import shown
from gamekit.store.store import (
    Experiment,
    ExperimentGame,
    Played,
    StoreError,
    Student,
    TableInfo,
    start_of,
)
from gamekit.store.wire import from_json

__all__ = ["HubStore"]


class HubStore:
    """The class store through the hub's service at ``url`` (ending in ``/``), calling with
    ``token`` (``JUPYTERHUB_API_TOKEN`` in a student's kernel); ``timeout`` in seconds.

    Raises (every method):
        StoreError: the service's refusal in its words, or the service cannot be reached.
    """

    def __init__(self, url: str, token: str, timeout: float = 10.0) -> None:
        self.url = url if url.endswith("/") else url + "/"
        self._token = token
        self.timeout = float(timeout)
        self._lock = threading.Lock()
        #: table code -> (the moves a position was replayed from, that position)
        self._states: dict[str, tuple[tuple[str, ...], Any]] = {}

    def __repr__(self) -> str:
        return f"HubStore(at {self.url})"

    def _call(self, method: str, **args: Any) -> Any:
        request = urllib.request.Request(
            f"{self.url}api/{method}",
            data=json.dumps(args).encode(),
            method="POST",
            headers={"Authorization": f"token {self._token}", "Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as answer:
                body = json.loads(answer.read())
        except urllib.error.HTTPError as error:
            try:
                words = json.loads(error.read())["error"]
            except (ValueError, KeyError, TypeError):
                words = f"the class store answered {error.code} {error.reason}"
            raise StoreError(str(words)) from None
        except (urllib.error.URLError, OSError, ValueError) as error:
            reason = getattr(error, "reason", error)
            raise StoreError(
                f"the hub's class store cannot be reached ({reason}): ask your teacher whether "
                "it runs"
            ) from None
        if not isinstance(body, dict) or "result" not in body:
            raise StoreError("the class store's answer could not be read")
        return from_json(body["result"])

    @staticmethod
    def _who(student: Any) -> dict[str, str]:
        if not isinstance(student, Student):
            raise StoreError(f"a student is one that joined the class, not {shown(student)}")
        return {"class_code": student.class_code, "nickname": student.nickname}

    # -- the class ----------------------------------------------------------------------------
    def new_class(self, name: str) -> str:
        """Make a class (the teacher only); its code."""
        return str(self._call("new_class", name=name))

    def join(self, class_code: str, nickname: str | None = None) -> Student:
        """Join ``class_code`` under the student's login name (``nickname``, if given,
        must be it); coming back is joining again."""
        return self._student(self._call("join", class_code=class_code, nickname=nickname))

    def back(self, class_code: str, nickname: str | None = None) -> Student:
        """The student, back in a class they joined before."""
        return self._student(self._call("back", class_code=class_code, nickname=nickname))

    @staticmethod
    def _student(found: Any) -> Student:
        if not isinstance(found, Student):
            raise StoreError("the class store's answer could not be read")
        return found

    def students(self, class_code: str) -> list[str]:
        """The class's nicknames (the teacher only)."""
        return list(self._call("students", class_code=class_code))

    # -- tables -------------------------------------------------------------------------------
    def open_table(
        self, student: Student, game: str, options: Mapping[str, Any] | None = None
    ) -> TableInfo:
        """Open a table of ``game`` and sit ``student`` in its first seat."""
        given = None if options is None else dict(options)
        return self._table(self._call("open_table", **self._who(student), game=game, options=given))

    def table(self, class_code: str, code: str) -> TableInfo:
        """The table ``code`` (one the student sits at, or one waiting for a player)."""
        return self._table(self._call("table", class_code=class_code, code=code))

    @staticmethod
    def _table(found: Any) -> TableInfo:
        if not isinstance(found, TableInfo):
            raise StoreError("the class store's answer could not be read")
        return found

    def open_tables(self, class_code: str) -> list[TableInfo]:
        """The class's tables with a free seat, the newest first."""
        return [self._table(t) for t in self._call("open_tables", class_code=class_code)]

    def sit(self, student: Student, code: str) -> int:
        """Sit at table ``code``; the seat."""
        return int(self._call("sit", **self._who(student), code=code))

    def leave(self, student: Student, code: str) -> None:
        """Leave table ``code`` for now (the seat stays the student's)."""
        self._call("leave", **self._who(student), code=code)

    def close_table(self, student: Student, code: str) -> None:
        """Close table ``code`` (its game over, or abandoned)."""
        self._call("close_table", **self._who(student), code=code)

    def play(self, student: Student, code: str, move: str) -> Played:
        """Play ``move`` at table ``code`` (the service and the store decide)."""
        played = self._call("play", **self._who(student), code=code, move=move)
        if not isinstance(played, Played):
            raise StoreError("the class store's answer could not be read")
        return played

    def ask_undo(self, student: Student, code: str) -> int:
        """Ask the table to take back the student's last move; how many moves."""
        return int(self._call("ask_undo", **self._who(student), code=code))

    def answer_undo(self, student: Student, code: str, accept: bool) -> int:
        """Answer a classmate's request to take moves back."""
        return int(self._call("answer_undo", **self._who(student), code=code, accept=accept))

    def moves(self, class_code: str, code: str, since: int = 0) -> list[Played]:
        """The moves of table ``code`` from ply ``since`` on."""
        found = self._call("moves", class_code=class_code, code=code, since=since)
        return [p for p in found if isinstance(p, Played)]

    def version(self, class_code: str, code: str) -> tuple[int, datetime]:
        """How many moves table ``code`` holds and when anything last happened there."""
        count, when = self._call("version", class_code=class_code, code=code)
        return int(count), when

    def state(self, class_code: str, code: str) -> Any:
        """The position at table ``code`` now, replayed here from its stored moves."""
        info = self.table(class_code, code)
        played = tuple(p.move for p in self.moves(class_code, code))
        with self._lock:
            known = self._states.get(info.code)
        if known is not None and played[: len(known[0])] == known[0]:
            ply, state = len(known[0]), known[1]
        else:
            ply, state = 0, start_of(info.game, info.options)
        for move in played[ply:]:
            state = state.play(move)
        with self._lock:
            self._states[info.code] = (played, state)
        return state

    def assignment(self, student: Student) -> Any:
        """The student's next game in the class's experiments, or None."""
        return self._call("assignment", **self._who(student))

    # -- the teacher's (the hub's admin) -----------------------------------------------------
    def classes(self) -> list[tuple[str, str]]:
        """Every class: (code, name), the newest first."""
        return [(str(c), str(n)) for c, n in self._call("classes")]

    def tables(self, class_code: str) -> list[TableInfo]:
        """Every table of the class, the newest first."""
        return [self._table(t) for t in self._call("tables", class_code=class_code)]

    def class_progress(self, class_code: str) -> dict[str, dict[str, dict[str, Any]]]:
        """Every student's puzzles, by nickname."""
        return dict(self._call("class_progress", class_code=class_code))

    def erase_class(self, class_code: str) -> None:
        """Erase the class and everything in it."""
        self._call("erase_class", class_code=class_code)

    def new_experiment(
        self, class_code: str, game: str, settings: Any, name: str | None = None
    ) -> Experiment:
        """Set up a class experiment (see :mod:`gamekit.store.experiments`)."""
        pairs = [[label, dict(rules)] for label, rules in settings]
        return self._experiment(self._call("new_experiment", class_code=class_code, game=game,
                                           settings=pairs, name=name))  # fmt: skip

    def deal_round(
        self, class_code: str, experiment_id: int, nicknames: Any = None
    ) -> list[ExperimentGame]:
        """Deal the experiment's next round."""
        given = None if nicknames is None else [str(n) for n in nicknames]
        found = self._call("deal_round", class_code=class_code, experiment_id=experiment_id,
                           nicknames=given)  # fmt: skip
        return [g for g in found if isinstance(g, ExperimentGame)]

    def experiments_of(self, class_code: str) -> list[Experiment]:
        """The class's experiments, the newest first."""
        return [self._experiment(e) for e in self._call("experiments_of", class_code=class_code)]

    def experiment(self, class_code: str, experiment_id: int) -> Experiment:
        """The experiment with its games as they stand."""
        return self._experiment(
            self._call("experiment", class_code=class_code, experiment_id=experiment_id)
        )

    @staticmethod
    def _experiment(found: Any) -> Experiment:
        if not isinstance(found, Experiment):
            raise StoreError("the class store's answer could not be read")
        return found

    # -- puzzles ------------------------------------------------------------------------------
    def record_try(self, student: Student, puzzle: str, right: bool, hint: bool = False) -> None:
        """Count a try at ``puzzle`` (or a hint seen) for the student."""
        self._call("record_try", **self._who(student), puzzle=puzzle, right=right, hint=hint)

    def progress(self, student: Student) -> dict[str, dict[str, Any]]:
        """The student's own puzzles."""
        return dict(self._call("progress", **self._who(student)))

    def close(self) -> None:
        """Nothing to let go of (each call is its own)."""
