"""The class store as a JupyterHub service: on a school's hub nobody moves for anybody else.

On a hub, students have JupyterLab and can run any Python in their own kernel, so no
student's kernel holds the class's database or its password. The hub starts this service
(``classroom/jupyterhub_config.py``): it alone opens the store (``class.db`` in the hub's
private folder, or ``CLASS_DB``), and a student's kernel asks it through
:class:`gamekit.store.remote.HubStore`, sending its server's own hub token. The service asks
the hub who owns the token and acts as that student and no other: a student plays under
their login name, sits, moves and reads their puzzles as themselves only, and reads a table
only where they sit (or one still waiting for a player, which the class's list shows). The
store then decides as ever: the seat, the turn, the rules.

:func:`act` is the whole of what a caller may do (the web part only finds out who calls):

>>> import tempfile
>>> from gamekit.store.store import ClassStore
>>> store = ClassStore(folder=tempfile.mkdtemp(), seed=1)
>>> code = store.new_class("7B")
>>> act(store, Caller("ada"), "join", {"class_code": code})["nickname"]
'ada'
>>> act(store, Caller("ada"), "join", {"class_code": code, "nickname": "bo"})
Traceback (most recent call last):
...
gamekit.store.store.StoreError: on this hub you play as ada, your login name, not as 'bo'
>>> act(store, Caller("ada"), "new_class", {"name": "8C"})
Traceback (most recent call last):
...
gamekit.store.store.StoreError: only the teacher makes a class
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import sys
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlparse

from tornado import web

from gamekit.errors import shown
from gamekit.store.experiments import deal_round, experiment, experiments_of, new_experiment
from gamekit.store.store import ClassStore, StoreError, Student, TableInfo
from gamekit.store.wire import to_json

__all__ = ["Caller", "act", "hub_identify", "main", "make_app"]

#: The service's name in the hub's configuration (its address is /services/class-store/).
NAME = "class-store"


@dataclass(frozen=True)
class Caller:
    """Who calls, as the hub says: a login ``name``, and whether they are the hub's admin
    (the teacher)."""

    name: str
    admin: bool = False


def _check_name(caller: Caller, nickname: Any) -> None:
    if nickname is not None and str(nickname).strip().lower() != caller.name.lower():
        raise StoreError(
            f"on this hub you play as {caller.name}, your login name, not as {shown(nickname, 30)}"
        )


def _me(store: ClassStore, caller: Caller, class_code: Any, nickname: Any = None) -> Student:
    """The caller as a student of ``class_code`` (a nickname sent must be their own)."""
    _check_name(caller, nickname)
    try:
        return store.back(class_code, caller.name)
    except StoreError as error:
        if str(error).startswith("nobody is called"):
            raise StoreError(f"you ({caller.name}) have not joined class {class_code}") from None
        raise


def _teacher(caller: Caller) -> None:
    if not caller.admin:
        raise StoreError("only the teacher sees the whole class")


def _number(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise StoreError(f"an experiment is named by its number, not {shown(value)}")
    return value


class _Calls:
    """What a caller may ask; each method takes the store, the caller and the call's
    arguments by name, and answers what the store's own method does."""

    def __init__(self) -> None:
        #: (login name, class code, table code) of tables the caller was found seated at
        #: (a seat, once taken, stays its student's): a board asks four times a second.
        self._seated: set[tuple[str, str, str]] = set()

    def _readable(self, store: ClassStore, caller: Caller, class_code: Any, code: Any) -> None:
        if caller.admin:  # the teacher sees every table
            return
        key = (caller.name.lower(), str(class_code).strip().upper(), str(code).strip().upper())
        if key in self._seated:
            return
        me = _me(store, caller, class_code)
        info = store.table(class_code, code)
        if me.nickname in info.seated:
            self._seated.add(key)
        elif not info.waiting:
            raise StoreError(f"table {info.code} is not yours to see: you are not seated there")

    # -- the class ----------------------------------------------------------------------------
    def new_class(self, store: ClassStore, caller: Caller, name: Any) -> str:
        if not caller.admin:
            raise StoreError("only the teacher makes a class")
        return store.new_class(name)

    def students(self, store: ClassStore, caller: Caller, class_code: Any) -> list[str]:
        _teacher(caller)
        return store.students(class_code)

    def join(
        self, store: ClassStore, caller: Caller, class_code: Any, nickname: Any = None
    ) -> Student:
        _check_name(caller, nickname)
        try:
            return store.back(class_code, caller.name)  # the hub knows them: back is joining
        except StoreError as error:
            if not str(error).startswith("nobody is called"):
                raise
        return store.join(class_code, caller.name)

    def back(
        self, store: ClassStore, caller: Caller, class_code: Any, nickname: Any = None
    ) -> Student:
        return _me(store, caller, class_code, nickname)

    def classes(self, store: ClassStore, caller: Caller) -> list[tuple[str, str]]:
        _teacher(caller)
        return store.classes()

    def class_progress(self, store: ClassStore, caller: Caller, class_code: Any) -> Any:
        _teacher(caller)
        return store.class_progress(class_code)

    def tables(self, store: ClassStore, caller: Caller, class_code: Any) -> list[TableInfo]:
        _teacher(caller)
        return store.tables(class_code)

    def erase_class(self, store: ClassStore, caller: Caller, class_code: Any) -> None:
        _teacher(caller)
        store.erase_class(class_code)
        self._seated.clear()

    # -- experiments (the teacher's) ----------------------------------------------------------
    def new_experiment(
        self, store: ClassStore, caller: Caller, class_code: Any, game: Any, settings: Any,
        name: Any = None,
    ) -> Any:  # fmt: skip
        _teacher(caller)
        if not isinstance(settings, list) or not all(
            isinstance(x, list) and len(x) == 2 for x in settings
        ):
            raise StoreError(
                f"an experiment's settings are two (label, rules) pairs, not {shown(settings)}"
            )
        return new_experiment(store, class_code, game, [(x[0], x[1]) for x in settings], name)

    def deal_round(
        self, store: ClassStore, caller: Caller, class_code: Any, experiment_id: Any,
        nicknames: Any = None,
    ) -> Any:  # fmt: skip
        _teacher(caller)
        return deal_round(store, class_code, _number(experiment_id), nicknames)

    def experiments_of(self, store: ClassStore, caller: Caller, class_code: Any) -> Any:
        _teacher(caller)
        return experiments_of(store, class_code)

    def experiment(
        self, store: ClassStore, caller: Caller, class_code: Any, experiment_id: Any
    ) -> Any:
        _teacher(caller)
        return experiment(store, class_code, _number(experiment_id))

    # -- tables -------------------------------------------------------------------------------
    def open_table(
        self, store: ClassStore, caller: Caller, class_code: Any, nickname: Any, game: Any,
        options: Any = None,
    ) -> TableInfo:  # fmt: skip
        if options is not None and not isinstance(options, Mapping):
            raise StoreError(f"a table's settings are names and values, not {shown(options)}")
        return store.open_table(_me(store, caller, class_code, nickname), game, options)

    def table(self, store: ClassStore, caller: Caller, class_code: Any, code: Any) -> TableInfo:
        self._readable(store, caller, class_code, code)
        return store.table(class_code, code)

    def open_tables(self, store: ClassStore, caller: Caller, class_code: Any) -> list[TableInfo]:
        _me(store, caller, class_code)
        return store.open_tables(class_code)

    def sit(
        self, store: ClassStore, caller: Caller, class_code: Any, nickname: Any, code: Any
    ) -> int:
        return store.sit(_me(store, caller, class_code, nickname), code)

    def leave(
        self, store: ClassStore, caller: Caller, class_code: Any, nickname: Any, code: Any
    ) -> None:
        store.leave(_me(store, caller, class_code, nickname), code)

    def close_table(
        self, store: ClassStore, caller: Caller, class_code: Any, nickname: Any, code: Any
    ) -> None:
        store.close_table(_me(store, caller, class_code, nickname), code)

    def play(
        self,
        store: ClassStore,
        caller: Caller,
        class_code: Any,
        nickname: Any,
        code: Any,
        move: Any,
    ) -> Any:
        return store.play(_me(store, caller, class_code, nickname), code, move)

    def ask_undo(
        self, store: ClassStore, caller: Caller, class_code: Any, nickname: Any, code: Any
    ) -> int:
        return store.ask_undo(_me(store, caller, class_code, nickname), code)

    def answer_undo(
        self, store: ClassStore, caller: Caller, class_code: Any, nickname: Any, code: Any,
        accept: Any,
    ) -> int:  # fmt: skip
        if not isinstance(accept, bool):
            raise StoreError(f"an answer is yes or no (true or false), not {shown(accept)}")
        return store.answer_undo(_me(store, caller, class_code, nickname), code, accept)

    def moves(
        self, store: ClassStore, caller: Caller, class_code: Any, code: Any, since: Any = 0
    ) -> Any:
        self._readable(store, caller, class_code, code)
        return store.moves(class_code, code, since)

    def version(self, store: ClassStore, caller: Caller, class_code: Any, code: Any) -> Any:
        self._readable(store, caller, class_code, code)
        return store.version(class_code, code)

    def assignment(self, store: ClassStore, caller: Caller, class_code: Any, nickname: Any) -> Any:
        return store.assignment(_me(store, caller, class_code, nickname))

    # -- puzzles ------------------------------------------------------------------------------
    def record_try(
        self, store: ClassStore, caller: Caller, class_code: Any, nickname: Any, puzzle: Any,
        right: Any, hint: Any = False,
    ) -> None:  # fmt: skip
        if not isinstance(right, bool) or not isinstance(hint, bool):
            raise StoreError("a try is right or wrong (true or false), and a hint seen or not")
        store.record_try(_me(store, caller, class_code, nickname), puzzle, right, hint)

    def progress(self, store: ClassStore, caller: Caller, class_code: Any, nickname: Any) -> Any:
        return store.progress(_me(store, caller, class_code, nickname))


_NAMES = {n for n in dir(_Calls) if not n.startswith("_")}


def act(
    store: ClassStore, caller: Caller, method: str, args: Any, calls: _Calls | None = None
) -> Any:
    """Do ``method`` with ``args`` (a dict of its arguments by name) as ``caller``; the
    answer as JSON's plain values. ``calls``: the service's own (it remembers who sits
    where), else a new one.

    Raises:
        StoreError: a call that is not one, arguments it does not take, or the store's
            refusal (the caller is not who the call names, not seated, not their turn ...).
    """
    if method not in _NAMES:
        raise StoreError(f"the class store has no call named {shown(method, 40)}")
    if not isinstance(args, dict):
        raise StoreError(f"a call's arguments are names and values, not {shown(args)}")
    try:
        answer = getattr(calls or _Calls(), method)(store, caller, **args)
    except TypeError as error:
        if "argument" not in str(error):
            raise
        raise StoreError(
            f"the call {method} does not take those arguments ({sorted(args)})"
        ) from None
    return to_json(answer)


Identify = Callable[[str], Awaitable["Caller | None"]]


class _Call(web.RequestHandler):
    """POST ``api/<call>`` with a JSON object of its arguments and ``Authorization: token
    <the hub token of the student's server>``; answers ``{"result": ...}`` or
    ``{"error": "words"}``. No cookie counts: a page cannot be made to call it for its
    student."""

    def initialize(self, store: ClassStore, identify: Identify, calls: _Calls) -> None:
        self.store, self.identify, self.calls = store, identify, calls

    def check_xsrf_cookie(self) -> None:  # only a token in the header identifies a caller
        return None

    async def post(self, method: str) -> None:
        found = re.fullmatch(
            r"(?:token|bearer)\s+(\S+)", self.request.headers.get("Authorization", ""), re.I
        )
        caller = await self.identify(found.group(1)) if found else None
        if caller is None:
            return self._answer(
                403, error="the hub does not know who you are: log in to the hub again"
            )
        try:
            args = json.loads(self.request.body or b"{}")
            result = act(self.store, caller, method, args, self.calls)
        except (json.JSONDecodeError, UnicodeDecodeError):
            return self._answer(400, error="a call to the class store is a JSON object")
        except StoreError as error:
            return self._answer(400, error=str(error))
        self._answer(200, result=result)

    def get(self, method: str) -> None:
        self._answer(405, error="the class store answers calls sent with POST")

    def _answer(self, status: int, **body: Any) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(json.dumps(body))


def make_app(store: ClassStore, identify: Identify, prefix: str = "/") -> web.Application:
    """The service's web application: ``{prefix}api/<call>`` (see :class:`_Call`)."""
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    return web.Application(
        [
            (
                re.escape(prefix) + r"api/(\w+)",
                _Call,
                {"store": store, "identify": identify, "calls": _Calls()},
            )
        ]
    )


def hub_identify() -> Identify:
    """Who owns a token, as the hub says (through JupyterHub's ``HubAuth``, from the
    service's environment): a user's name and whether they are the hub's admin."""
    from urllib.parse import quote

    from jupyterhub.services.auth import HubAuth
    from tornado.httpclient import AsyncHTTPClient

    auth = HubAuth(cache_max_age=60)
    admins: dict[str, bool] = {}

    async def is_admin(name: str) -> bool:
        """Whether the hub makes ``name`` its admin (the teacher): asked of the hub with
        the service's own token, which its role lets read users' names (``read:users:name``
        in classroom/jupyterhub_config.py)."""
        if name not in admins:
            answer = await AsyncHTTPClient().fetch(
                f"{auth.api_url.rstrip('/')}/users/{quote(name)}",
                headers={"Authorization": f"token {auth.api_token}"},
                raise_error=False,
            )
            admins[name] = answer.code == 200 and bool(json.loads(answer.body).get("admin"))
        return admins[name]

    async def identify(token: str) -> Caller | None:
        try:
            model = await auth.user_for_token(token, sync=False)
            if not model or model.get("kind", "user") != "user" or not model.get("name"):
                return None
            name = str(model["name"])
            return Caller(name, bool(model["admin"]) if "admin" in model else await is_admin(name))
        except Exception:  # the hub refused or could not be reached: nobody is known
            return None

    return identify


def main(argv: list[str] | None = None) -> int:
    """Run the service as the hub starts it: its address from ``JUPYTERHUB_SERVICE_URL``,
    its path from ``JUPYTERHUB_SERVICE_PREFIX``, the store from ``CLASS_DB`` or
    ``--folder``."""
    parser = argparse.ArgumentParser(prog="python -m gamekit.store.service", description=__doc__)
    parser.add_argument("--folder", default=None, help="the folder of class.db (default: here)")
    args = parser.parse_args(argv)
    where = urlparse(os.environ.get("JUPYTERHUB_SERVICE_URL", "http://127.0.0.1:10101"))
    try:
        store = ClassStore(folder=args.folder)
    except StoreError as error:
        print(f"gamekit class store: {error}", file=sys.stderr)
        return 2
    app = make_app(store, hub_identify(), os.environ.get("JUPYTERHUB_SERVICE_PREFIX", "/"))

    async def serve() -> None:
        app.listen(where.port or 80, address=where.hostname or "127.0.0.1")
        print(f"gamekit class store: {store!r}, at {where.geturl()}", flush=True)
        await asyncio.Event().wait()

    asyncio.run(serve())
    return 0  # pragma: no cover (it serves until the hub stops it)


if __name__ == "__main__":
    sys.exit(main())
