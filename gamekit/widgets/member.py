"""Who this kernel plays as in a class, and the puzzles counted for them.

A page (a kernel) joins its class once: by *Play a classmate* on a board, by *Your class*
in the puzzle app, or by :func:`join_class` in a lesson. From then on every puzzle try this
kernel grades is counted in the class store for that nickname (tries, wrong tries in a
row, hints seen, solved, solved at the first try), which the teacher's page reads. A
kernel that has joined no class counts nothing anywhere but the learner's own browser.

>>> import tempfile
>>> from gamekit import puzzles
>>> from gamekit.store import ClassStore
>>> store = ClassStore(folder=tempfile.mkdtemp(), seed=1)
>>> code = store.new_class("7B")
>>> join_class(code, "Ada", store=store)
Student(id=1, class_code='EUCJDR', nickname='Ada')
>>> board = puzzles.get("coffee-win-1").board()
>>> board.type_move("a1|")  # a wrong try: counted, and its hint shown
>>> store.progress(joined())["coffee-win-1"]
{'tries': 1, 'wrong_in_a_row': 1, 'hints': 1, 'solved': False, 'first_try': False}
>>> leave_class(); joined() is None
True
"""

from __future__ import annotations

import functools
import html
import os

import ipywidgets as w

from gamekit.store import ClassStore, HubStore, Store, StoreError, Student
from gamekit.text import upper_first

__all__ = [
    "JoinClass",
    "class_store",
    "count_try",
    "hub_login",
    "join_class",
    "joined",
    "joined_as",
    "leave_class",
]


def class_store() -> Store:
    """The class's store for this kernel, opened once: on a school's JupyterHub (whose
    students can run any Python, so no kernel may hold the database) the hub's class-store
    service, as the logged-in student; else the database itself (``CLASS_DB``, else
    ``class.db`` here), as ``make demo`` serves pages with no code.

    Raises:
        StoreError: on a hub that runs no class-store service.
    """
    if os.environ.get("JUPYTERHUB_USER"):
        return _hub_store()
    return _opened_store()


@functools.cache
def _opened_store() -> ClassStore:
    return ClassStore()


@functools.cache
def _hub_store() -> HubStore:
    url, token = os.environ.get("GAMEKIT_CLASS_SERVICE"), os.environ.get("JUPYTERHUB_API_TOKEN")
    if not url or not token:
        raise StoreError(
            "this school hub runs no class store, so there are no tables and no class puzzle "
            "counts here: its classroom/jupyterhub_config.py starts one"
        )
    return HubStore(url, token)


def hub_login() -> str | None:
    """The student's login name on a school's hub (where it is their nickname), else None."""
    return os.environ.get("JUPYTERHUB_USER") or None


class _Membership:
    """The kernel's one membership: the student and the store they joined in."""

    student: Student | None = None
    store: Store | None = None


_HERE = _Membership()


def join_class(
    class_code: str, nickname: str, *, back: bool = False, store: Store | None = None
) -> Student:
    """Join the class ``class_code`` as ``nickname`` (``back=True``: come back as a
    nickname that joined before, after a reload or on another computer); this kernel's
    puzzle tries count for that student from now on.

    Raises:
        StoreError: a wrong class code, a nickname that is not one or is taken (or, coming
            back, one nobody has in the class), or the store cannot be reached.
    """
    store = store if store is not None else class_store()
    student = store.back(class_code, nickname) if back else store.join(class_code, nickname)
    joined_as(student, store)
    return student


def joined_as(student: Student, store: Store) -> None:
    """Count this kernel's puzzle tries for ``student`` in ``store`` (what a board's Play
    a classmate panel does once the student has joined)."""
    _HERE.student, _HERE.store = student, store


def joined() -> Student | None:
    """The student this kernel plays as, or None (no class joined)."""
    return _HERE.student


def leave_class() -> None:
    """Count nothing more for anybody (the page's student leaves the class)."""
    _HERE.student, _HERE.store = None, None


def count_try(puzzle: str, right: bool, hint: bool = False) -> str:
    """Count a try at ``puzzle`` (or, with ``hint``, a hint seen) for the student this
    kernel joined as. Returns "" when counted or when no class was joined, else what went
    wrong in words: a fault of the store never stops a puzzle."""
    student, store = _HERE.student, _HERE.store
    if student is None or store is None:
        return ""
    try:
        store.record_try(student, puzzle, right, hint=hint)
    except StoreError as error:
        return f"Your try was not counted for your class: {error}."
    return ""


def class_boxes() -> tuple[w.Text, w.Text]:
    """The two boxes a student joins a class with: its code and a nickname (Play a classmate
    and Your class show the same two)."""
    narrow = {"description_width": "90px"}
    boxes = (
        w.Text(description="Class code", placeholder="from your teacher", style=narrow,
               layout=w.Layout(width="260px")),
        w.Text(description="Nickname", placeholder="a name, not your full name", style=narrow,
               layout=w.Layout(width="260px")),
    )  # fmt: skip
    login = hub_login()
    if login is not None:  # on a hub the student plays as their login name, no other
        boxes[1].value, boxes[1].disabled = login, True
        boxes[1].tooltip = "on your school's hub you play under your login name"
    return boxes


def status_html(text: str, ok: bool) -> str:
    """A class panel's status line: what happened, in green, or a refusal marked ✗ in red
    (a polite live region, so a screen reader says it)."""
    colour, mark = ("#14532d", "") if ok else ("#991b1b", "✗ ")
    return (
        f'<div role="status" aria-live="polite" style="font-size:14px;color:{colour}">'
        f"{mark}{html.escape(text)}</div>"
    )


class JoinClass:
    """*Your class*: the class code and a nickname, to count this page's puzzles for the
    teacher (the puzzle app shows it above its ladder; a lesson may display it too).
    Join the class, or Come back as a nickname that joined before.

    >>> import tempfile
    >>> from gamekit.store import ClassStore
    >>> store = ClassStore(folder=tempfile.mkdtemp(), seed=2)
    >>> code = store.new_class("7B")
    >>> panel = JoinClass(store)
    >>> panel.join(code, "Bo"); panel.said
    'You are Bo in class BCCMFZ: your puzzles count for your class.'
    >>> panel.join(code, "Bo"); panel.said
    'The nickname Bo is taken in this class: choose another, or if it is yours, come back as it.'
    >>> leave_class()
    """

    def __init__(self, store: Store | None = None) -> None:
        self._store = store
        self.class_box, self.nick_box = class_boxes()
        self.join_button = w.Button(description="Join the class", layout=w.Layout(width="auto"),
                                    tooltip="count your puzzles for your class as this nickname")  # fmt: skip
        self.back_button = w.Button(description="Come back", layout=w.Layout(width="auto"),
                                    tooltip="you joined before with this nickname")  # fmt: skip
        self.status = w.HTML()
        self.said = ""
        self.join_button.on_click(lambda _b: self.join(self.class_box.value, self.nick_box.value))
        self.back_button.on_click(
            lambda _b: self.join(self.class_box.value, self.nick_box.value, back=True)
        )
        self.widget = w.VBox(
            [
                w.HTML("<b>Your class</b> <small>(only if your teacher gave you a code)</small>"),
                w.HBox(
                    [self.class_box, self.nick_box, self.join_button, self.back_button],
                    layout=w.Layout(flex_flow="row wrap", align_items="center"),
                ),  # fmt: skip
                self.status,
            ]
        )
        self.widget.add_class("gamekit-join-class")
        self._say("Not in a class: your progress stays in this browser.", True)

    def __repr__(self) -> str:
        who = joined()
        return f"<JoinClass: {who.nickname if who else 'no class'}>"

    def join(self, class_code: str, nickname: str, back: bool = False) -> None:
        """Join (or, with ``back``, come back to) the class; a refusal is said, in words."""
        try:
            student = join_class(class_code, nickname, back=back, store=self._store)
        except StoreError as error:
            return self._say(upper_first(str(error)) + ".", False)
        self.class_box.disabled = self.nick_box.disabled = True
        self.join_button.disabled = self.back_button.disabled = True
        self._say(
            f"You are {student.nickname} in class {student.class_code}: your puzzles count "
            "for your class.",
            True,
        )

    def _say(self, text: str, ok: bool) -> None:
        self.said = text
        self.status.value = status_html(text, ok)
