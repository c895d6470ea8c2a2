"""The fuzz and property harness (issue #12): one set of strategies and checks for every
game in the registry, run by ``tests/test_fuzz.py``.

Every game gets the same treatment, through :func:`gamekit.games`:

- **notation**: random text and near-valid notation (real legal moves' notation, mutated)
  into ``Move.parse``, ``state.why_illegal`` and ``state.play``: only gamekit's own errors
  may escape, ``why_illegal`` and ``play`` agree, and a refused move changes nothing;
- **games**: seeded random legal games, checking the contract, every legal move, and the
  game's own invariants (its examples, :mod:`gamekit.examples`) after every move;
- **records**: saved games tampered with in every way: only ``InvalidRecordError`` escapes;
- **arguments**: junk values for every public function's arguments (:data:`CALLS`): only a
  ``ValueError`` or ``TypeError`` with a message escapes, and quickly.

Each game's adapter is made from the examples it declares in its own folder (a variety of
rules, invariants, the words of its notation, how random games pick their moves): a game
that declares none is fuzzed all the same (default rules, no extra invariants, notation
words taken from its legal moves).

Each target counts the inputs it tried in :data:`TRIED`; ``make fuzz`` prints the table.
:data:`NOTES` collects weaker findings that do not fail a test (an error message that does
not name the bad argument), printed with the table.

>>> adapter("gipf").max_plies, adapter("lines-test").max_plies
(300, 400)
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import importlib
import json
import math
import os
import pickle
import re
import signal
import tempfile
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from hypothesis import settings
from hypothesis import strategies as st
from suite import GAMES
from suite import examples as game_examples

import gamekit
from gamekit import GamekitError, IllegalMoveError, InvalidNotationError, InvalidRecordError
from gamekit.game import FrozenMap

# ---------------------------------------------------------------------------------------
# Counting what was tried
# ---------------------------------------------------------------------------------------

#: Inputs tried, per target (``"notation/coffee"``, ``"arguments/sim.play_many"`` ...).
TRIED: Counter[str] = Counter()
#: Weaker findings that do not fail a test, per kind: a few examples of each.
NOTES: defaultdict[str, list[str]] = defaultdict(list)
_NOTE_COUNTS: Counter[str] = Counter()


def examples(weight: float, **options: Any) -> settings:
    """Settings for a target whose examples cost ``weight`` times the usual: the current
    profile's ``max_examples`` scaled by ``weight`` (the "ci" profile of ``make test``, or
    the "fuzz" profile's chunk size under ``make fuzz``)."""
    count = max(1, round(settings.default.max_examples * weight))
    return settings(max_examples=count, **options)


def tried(target: str) -> None:
    """Count one input tried by ``target``."""
    TRIED[target] += 1


def note(kind: str, example: str) -> None:
    """Remember a weaker finding (kept: the first 5 different examples of each kind)."""
    _NOTE_COUNTS[kind] += 1
    if len(NOTES[kind]) < 5 and example not in NOTES[kind]:
        NOTES[kind].append(example)


def summary() -> list[str]:
    """The table ``make fuzz`` prints: inputs tried per target, then the notes."""
    if not TRIED:
        return []
    width = max(len(t) for t in TRIED)
    lines = [f"{'target':<{width}}  inputs tried"]
    for target in sorted(TRIED):
        lines.append(f"{target:<{width}}  {TRIED[target]:>12,}")
    lines.append(f"{'total':<{width}}  {sum(TRIED.values()):>12,}")
    for kind in sorted(NOTES):
        lines.append("")
        lines.append(f"note: {kind} ({_NOTE_COUNTS[kind]} inputs), for example:")
        lines.extend(f"  {example}" for example in NOTES[kind])
    return lines


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def short(value: Any, limit: int = 120) -> str:
    """``repr(value)`` cut to ``limit`` characters (never raises)."""
    try:
        text = repr(value)
    except Exception as err:  # deep nesting, 5,000-digit ints ...
        text = f"<{type(value).__name__}: repr fails with {type(err).__name__}>"
    return text if len(text) <= limit else text[: limit - 15] + f"... ({len(text)} chars)"


# ---------------------------------------------------------------------------------------
# Time limits (so a hang is a finding, not a stuck test run)
# ---------------------------------------------------------------------------------------


class TookTooLong(Exception):  # noqa: N818 - it is a finding, named as one
    """A call did not return within its time limit."""


@contextlib.contextmanager
def time_limit(seconds: float, what: str) -> Iterator[None]:
    """Raise :class:`TookTooLong` in the block after ``seconds`` (main thread, Unix only;
    elsewhere no limit)."""
    usable = hasattr(signal, "setitimer") and _main_thread()
    if not usable:
        yield
        return

    def _alarm(signum, frame):
        raise TookTooLong(f"{what} did not return within {seconds:g} s")

    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _main_thread() -> bool:
    import threading

    return threading.current_thread() is threading.main_thread()


#: How long one call may take before it counts as a hang.
CALL_SECONDS = float(os.environ.get("GAMEKIT_FUZZ_CALL_SECONDS", "5"))


# ---------------------------------------------------------------------------------------
# The games
# ---------------------------------------------------------------------------------------

#: The games gamekit ships (the registry's one list), and any the suite adds
#: (``GAMEKIT_TEST_GAMES``); each must be in the registry.
SHIPPED = GAMES


def game_names() -> list[str]:
    """Every game to fuzz: the registry's games whose rules gamekit defines, and the shipped
    ones even if not registered (their tests then fail on the registry check, and still
    fuzz the engine). Variants that other tests or lessons register are left out, so that
    the tests collected do not depend on which test modules were imported first."""
    names = [
        name
        for name, cls in gamekit.games().items()
        if cls.__module__ == "gamekit" or cls.__module__.startswith("gamekit.")
    ]
    return names + [n for n in SHIPPED if n not in names]


def rules_class(name: str) -> type:
    """The registered ``Rules`` class of ``name`` (a shipped game not registered yet: its
    module's ``Rules``)."""
    registered = gamekit.games()
    if name in registered:
        return registered[name]
    module = importlib.import_module(f"gamekit.{name}")
    return module.Rules


def move_class(rules: Any) -> Any:
    """The game's move class (whose ``parse`` reads notation): its own, or the kit's
    (a move is its notation)."""
    return gamekit.game.part(rules, "move")


def has_chance(rules_cls: type) -> bool:
    """Whether the game has chance: the contract gives such games a ``seed`` option."""
    names = (
        {f.name for f in dataclasses.fields(rules_cls)}
        if dataclasses.is_dataclass(rules_cls)
        else set()
    )
    return "seed" in names


def _prefer(word: str, chance: float) -> Callable[[list, np.random.Generator], Any]:
    """Pick a legal move whose notation starts with ``word`` with probability ``chance``
    (so random games get further), else any legal move."""

    def pick(legal: list, rng: np.random.Generator) -> Any:
        some = [m for m in legal if str(m).startswith(word)]
        if some and rng.random() < chance:
            return some[int(rng.integers(len(some)))]
        return legal[int(rng.integers(len(legal)))]

    return pick


def _uniform(legal: list, rng: np.random.Generator) -> Any:
    return legal[int(rng.integers(len(legal)))]


@dataclass(frozen=True)
class Adapter:
    """What the harness knows of one game beyond the contract."""

    #: Rules worth fuzzing (small boards, every variant), from a seedless registry class.
    rules: Callable[[type], st.SearchStrategy]
    #: Asserts the game's own invariants on a state reached by ``moves``.
    invariants: Callable[[Any, Sequence[str]], None] = lambda state, moves: None
    #: Words and symbols of the notation, for near-valid mutations.
    words: tuple[str, ...] = ()
    #: How random games pick a move.
    pick: Callable[[list, np.random.Generator], Any] = _uniform
    #: Plies at most in one random game.
    max_plies: int = 400
    #: Whether ``child`` (after a move from ``state``) is still part of the same turn, which
    #: ``play`` may take as one text (a GIPF push and the removals it causes).
    continues: Callable[[Any, Any], bool] = lambda state, child: child.to_move == state.to_move


def _default_rules(cls: type) -> st.SearchStrategy:
    return st.builds(cls)


def _words(*groups: Sequence[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(w for g in groups for w in g))


def _variety(cls: type, variety: Callable[[Any], Any]) -> st.SearchStrategy:
    """The game's ``variety(pick)`` as a hypothesis strategy: each ``pick`` draws one of
    the options it is given."""

    @st.composite
    def rules(draw: Any) -> Any:
        return cls(**variety(lambda options: draw(st.sampled_from(list(options)))))

    return rules()


GENERIC = Adapter(_default_rules)


@functools.cache
def adapter(name: str) -> Adapter:
    """The adapter of game ``name``, from the examples it declares in its own folder
    (:mod:`gamekit.examples`; the generic adapter for what it leaves out)."""
    ex = game_examples(name)
    return Adapter(
        (lambda cls: _variety(cls, ex.variety)) if ex.variety else _default_rules,
        (lambda state, moves: ex.invariants(state, moves)) if ex.invariants else GENERIC.invariants,
        pick=_prefer(*ex.prefer) if ex.prefer else _uniform,
        max_plies=ex.max_plies,
        continues=ex.continues or GENERIC.continues,
    )


@functools.cache
def words(name: str) -> tuple[str, ...]:
    """The notation's words and symbols for game ``name``, plus every token of a few
    positions' legal moves."""
    notation = game_examples(name).notation
    extra = notation() if notation is not None else ()
    seen: list[str] = []
    cls = rules_class(name)
    try:
        states = walk(cls(), 0, 40)[0]
    except Exception:  # the games check reports it; here the words need not be complete
        states = ()
    for state in states[::5]:
        for m in state.legal_moves():
            seen.extend(re.findall(r"\w+|[^\w\s]", str(m)))
    return _words(extra, seen, ("", " ", "  "))


# ---------------------------------------------------------------------------------------
# Random legal games
# ---------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def walk(rules: Any, seed: int, plies: int) -> tuple[tuple[Any, ...], tuple[str, ...]]:
    """The states (start first) and moves of a random game of ``rules`` dealt with
    ``start(seed=seed)``, ``plies`` moves at most, moves picked by the game's adapter with
    ``numpy.random.default_rng(seed)``."""
    pick = adapter(_name_of(rules)).pick
    rng = np.random.default_rng(seed)
    state = rules.start(seed=seed)
    states, moves = [state], []
    for _ in range(plies):
        if state.outcome is not None:
            break
        move = pick(state.legal_moves(), rng)
        state = state.play(move)
        states.append(state)
        moves.append(str(move))
    return tuple(states), tuple(moves)


def _name_of(rules: Any) -> str:
    name = getattr(type(rules), "game", None)
    if isinstance(name, str):
        return name
    return type(rules).__module__.split(".")[1]


# ---------------------------------------------------------------------------------------
# Checks on states
# ---------------------------------------------------------------------------------------


def check_frozen(obj: Any, what: str) -> None:
    """``obj`` refuses setattr and delattr, on its fields and on new names."""
    for name in ("rules", "to_move", "_fuzz"):
        try:
            setattr(obj, name, None)
        except AttributeError:
            pass
        else:
            raise AssertionError(f"{what} let setattr change {name!r}")
    for name in ("rules", "to_move", "_fuzz"):
        try:
            delattr(obj, name)
        except AttributeError:
            pass
        else:
            raise AssertionError(f"{what} let delattr remove {name!r}")


def check_value(obj: Any, what: str) -> None:
    """``obj`` is hashable, equal to its pickled copy (same hash), and its repr has no
    memory address."""
    h = hash(obj)
    back = pickle.loads(pickle.dumps(obj))
    assert back == obj, f"{what} is not equal to its pickled copy"
    assert hash(back) == h, f"{what}'s pickled copy has another hash"
    text = repr(obj)
    assert "0x" not in text, f"{what}'s repr shows a memory address: {text}"


def check_outcome(state: Any) -> None:
    """The contract's Outcome: winners (seats), ending (a word of ``rules.endings``), scores
    (a FrozenMap seat -> number, or None), reason (a sentence)."""
    rules, outcome = state.rules, state.outcome
    seats = tuple(rules.seats)
    winners = outcome.winners
    assert isinstance(winners, tuple), f"winners must be a tuple, not {winners!r}"
    assert all(w in seats for w in winners), f"winners {winners} are not seats {seats}"
    assert len(set(winners)) == len(winners), winners
    endings = type(rules).endings
    assert outcome.ending in endings, f"ending {outcome.ending!r} is not one of {endings}"
    scores = outcome.scores
    if scores is not None:
        assert isinstance(scores, FrozenMap), f"scores must be a FrozenMap, not {scores!r}"
        assert set(scores) <= set(seats), f"scores {scores} name no seat of {seats}"
        for v in scores.values():
            assert isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(
                v, bool
            ), f"a score must be a number, not {v!r}"
    assert isinstance(outcome.reason, str) and outcome.reason.strip(), outcome.reason
    hash(outcome)
    assert "0x" not in repr(outcome), repr(outcome)


def check_state(state: Any) -> None:
    """The contract on one state: seats and turn, outcome, immutability, hash, pickle,
    repr."""
    rules = state.rules
    seats = rules.seats
    assert isinstance(seats, tuple) and seats and all(isinstance(s, str) for s in seats), seats
    assert isinstance(state.swapped, bool), f"swapped must be a bool, not {state.swapped!r}"
    legal = state.legal_moves()
    if state.outcome is None:
        assert state.to_move in seats, f"to_move {state.to_move!r} is not a seat of {seats}"
        assert legal, f"{state!r}: the game goes on but there is no legal move"
    else:
        assert state.to_move is None, f"the game is over but to_move is {state.to_move!r}"
        assert not legal, f"{state!r}: the game is over but moves are legal: {legal[:3]}"
        check_outcome(state)
    check_value(state, f"{type(state).__module__}.State")
    check_value(rules, f"{type(rules).__module__}.Rules")
    copy = pickle.loads(pickle.dumps(state))
    assert [str(m) for m in copy.legal_moves()] == [str(m) for m in legal], (
        "a pickled copy lists other legal moves"
    )
    assert copy.outcome == state.outcome, "a pickled copy has another outcome"
    before = pickle.dumps(state)
    check_frozen(state, f"{type(state).__module__}.State")
    assert pickle.loads(before) == state, "a refused setattr/delattr changed the state"


def check_legal_moves(state: Any) -> None:
    """Every legal move plays, as a Move and as its notation (the same state); its notation
    reads back to it; ``why_illegal`` finds nothing wrong with it; notations are unique."""
    Move = move_class(state.rules)
    legal = state.legal_moves()
    texts = [str(m) for m in legal]
    assert len(set(texts)) == len(texts), f"a notation is listed twice: {Counter(texts)}"
    for m, text in zip(legal, texts, strict=True):
        assert text and text == text.strip(), f"bad notation {text!r}"
        assert Move.parse(text) == m, f"{text!r} reads back as {Move.parse(text)!r}, not {m!r}"
        assert state.why_illegal(m) is None, f"{text}: {state.why_illegal(m)}"
        assert state.why_illegal(text) is None, f"{text}: {state.why_illegal(text)}"
        child = state.play(m)
        assert child == state.play(text), f"{text!r} and its Move give different states"
        assert "0x" not in repr(m), repr(m)
        hash(m)


def check_game(name: str, rules: Any, seed: int, every: int = 1) -> int:
    """Play a random legal game and check everything after every move (the legal moves
    one by one at every ``every``-th state); returns the number of plies."""
    cls = type(rules)
    ad = adapter(name)
    first = rules.start(seed=seed)
    assert first == rules.start(seed=seed), "the same seed gave two different starts"
    if has_chance(cls) and getattr(rules, "seed", None) is None:
        assert first.rules.seed == seed, (
            f"start(seed={seed}) must deal with that seed and say so in state.rules, "
            f"not {first.rules!r}"
        )
    elif not has_chance(cls):
        assert rules.start(seed=seed + 1) == first, "a game without chance used the seed"
    states, moves = walk(rules, seed, ad.max_plies)
    for k, state in enumerate(states):
        check_state(state)
        ad.invariants(state, moves[:k])
        if k % every == 0:
            check_legal_moves(state)
    final = states[-1]
    assert final.rules.replay(moves) == final, "replaying the moves gave another state"
    saved = json.loads(json.dumps(final.rules.to_dict()))
    assert cls.from_dict(saved) == final.rules, f"{final.rules!r} does not read back"
    record = gamekit.Record(final.rules, list(moves))
    again = gamekit.Record.from_json(record.to_json())
    assert again == record, "a record did not read back equal"
    assert again.final() == final, "a saved game replayed to another state"
    return len(moves)


# ---------------------------------------------------------------------------------------
# Notation: random text and near-valid mutations
# ---------------------------------------------------------------------------------------

#: Characters mutations draw from, besides the notation's own.
ODD_CHARS = (
    " ",
    "\t",
    "\n",
    "\r",
    "\x00",
    "\u00a0",  # no-break space
    "\u200b",  # zero-width space
    "\u2212",  # minus sign
    "\uff5c",  # fullwidth vertical line
    "\uff15",  # fullwidth 5
    "\u0663",  # Arabic-Indic 3: \d matches it
    "\u00b2",  # superscript 2
    "\u0130",  # İ: lower() makes two characters
    "\u00df",  # ß
    "\ud800",  # a lone surrogate
    "\U0001f600",
    "é",
    "_",
    "+",
    "*",
    ".",
    "?",
    "#",
    "'",
    '"',
    "\\",
    "{",
    "}",
    "[",
    "]",
)
NUMBERS = (
    "0",
    "00",
    "-0",
    "-1",
    "+1",
    "1_0",
    "1e9",
    "99",
    "100",
    "2147483648",
    "18446744073709551617",
    "9" * 50,
    "9" * 5000,
    "\u0663",
    "\uff15",
)


@st.composite
def mutated(draw: st.DrawFn, base: str, vocab: Sequence[str]) -> str:
    """``base`` after one to four random edits: characters inserted, deleted or replaced,
    words inserted, dropped or swapped, numbers made huge, case, whitespace, unicode,
    repetition up to 10,000 characters."""
    text = base
    chars = st.one_of(
        st.sampled_from(ODD_CHARS),
        st.sampled_from(sorted(set("".join(vocab)) or {"a"})),
        st.characters(codec=None),
    )
    for _ in range(draw(st.integers(1, 4), label="edits")):
        op = draw(
            st.sampled_from(
                (
                    "insert",
                    "delete",
                    "replace",
                    "word",
                    "drop-word",
                    "swap-words",
                    "number",
                    "case",
                    "space",
                    "repeat",
                    "truncate",
                    "double",
                )
            ),
            label="edit",
        )
        n = len(text)
        at = draw(st.integers(0, n), label="at")
        if op == "insert":
            text = text[:at] + draw(chars) + text[at:]
        elif op == "delete" and n:
            text = text[: min(at, n - 1)] + text[min(at, n - 1) + 1 :]
        elif op == "replace" and n:
            i = min(at, n - 1)
            text = text[:i] + draw(chars) + text[i + 1 :]
        elif op == "word":
            w = draw(st.sampled_from(list(vocab) or [""]))
            sep = draw(st.sampled_from(("", " ")))
            text = text[:at] + sep + w + sep + text[at:]
        elif op in ("drop-word", "swap-words"):
            parts = text.split(" ")
            if len(parts) > 1:
                i = draw(st.integers(0, len(parts) - 1))
                if op == "drop-word":
                    del parts[i]
                else:
                    j = draw(st.integers(0, len(parts) - 1))
                    parts[i], parts[j] = parts[j], parts[i]
                text = " ".join(parts)
        elif op == "number":
            runs = list(re.finditer(r"\d+", text))
            new = draw(st.sampled_from(NUMBERS))
            if runs:
                r = runs[draw(st.integers(0, len(runs) - 1))]
                text = text[: r.start()] + new + text[r.end() :]
            else:
                text = text[:at] + new + text[at:]
        elif op == "case":
            text = draw(st.sampled_from((text.upper(), text.title(), text.swapcase())))
        elif op == "space":
            ws = draw(st.sampled_from((" ", "  ", "\t", "\n", "\u00a0", "\u3000", " " * 5000)))
            text = draw(st.sampled_from((ws + text, text + ws, text[:at] + ws + text[at:])))
        elif op == "repeat":
            text = (text or "x") * (10_000 // max(1, len(text)) + 1)
            text = text[:10_000]
        elif op == "truncate":
            text = text[:at]
        elif op == "double":
            text = text + draw(st.sampled_from(("", " ", ",", ";"))) + base
    return text


class _Other:
    """An object that is neither text nor a move (and whose str() lies)."""

    def __str__(self) -> str:
        return "e5|"

    def __repr__(self) -> str:
        return "_Other()"


#: Non-text things passed as moves.
NOT_TEXT = (
    None,
    0,
    1,
    -1,
    2**64,
    1.5,
    float("nan"),
    True,
    b"e5|",
    bytearray(b"done"),
    ["e5|"],
    ("draw",),
    {"move": "done"},
    set(),
    _Other(),
    np.int64(3),
    np.str_("e5|"),
)


#: Inputs every game's ``play`` is tried with in ``make test`` too.
CLASSIC_NOTATION: tuple[Any, ...] = (
    *NOT_TEXT,
    "",
    " ",
    "\x00",
    "\ud800",
    "\u0663",
    "\u0130",
    "x" * 10_000,
    "9" * 5000,
    "e5|" * 3334,
    "e5| e5|",
    "swap",
    "SWAP ",
    "done",
    "draw",
    "take 111000",
    "place 111000 at (0,1) turn 0",
    "place 111000 at (99999999999999999999,1) turn 99999999999999999999",
    "e1-e2",
    "Ge1-e2",
    "e1-e2 xe2-e5",
    "xe2-e5 keep e5",
    "x",
    "continue",
    "roast",
    "spread aroma bean4 -> bean1 bean3 for tray",
)


@st.composite
def notation_case(draw: st.DrawFn, name: str) -> tuple[Any, int, int, Any]:
    """(rules, seed, plies, text): a position of a random game of ``name`` and an input to
    play there: random text, a mutated legal move (of this position or a near one), a
    legal move of another position, or a thing that is not text at all."""
    rules = draw(adapter(name).rules(rules_class(name)), label="rules")
    seed = draw(st.integers(0, 2**32 - 1), label="seed")
    plies = draw(st.integers(0, 60), label="plies")
    states = walk(rules, seed, plies)[0]
    near = states[draw(st.integers(0, len(states) - 1), label="near")]
    base_moves = [str(m) for m in near.legal_moves()] or [
        str(m) for s in states[-2:] for m in s.legal_moves()
    ]
    vocab = words(name)
    kind = draw(
        st.sampled_from(("mutated", "mutated", "mutated", "text", "legal", "not-text", "joined")),
        label="kind",
    )
    if kind == "text":
        text: Any = draw(st.text(st.characters(codec=None), max_size=30))
    elif kind == "not-text":
        text = draw(st.sampled_from(NOT_TEXT))
    elif kind == "legal" or not base_moves:
        text = draw(st.sampled_from(base_moves or list(vocab)))
    elif kind == "joined":  # two moves in one string, as a GIPF push and its removal
        seq = walk(rules, seed, plies + 2)[1][plies : plies + 2]
        text = " ".join(seq) if seq else draw(st.sampled_from(base_moves))
    else:
        text = draw(mutated(draw(st.sampled_from(base_moves)), vocab))
    return rules, seed, plies, text


def _attempt(fn: Callable[[], Any], what: str) -> tuple[bool, Any]:
    """(True, result) or (False, the GamekitError); any other exception is a finding."""
    try:
        with time_limit(CALL_SECONDS, what):
            return True, fn()
    except GamekitError as err:
        assert str(err).strip(), f"{what} raised {type(err).__name__} with no message"
        return False, err
    except Exception as err:
        raise AssertionError(
            f"{what} let {type(err).__name__} escape: {short(str(err), 300)}"
        ) from err


@functools.lru_cache(maxsize=64)
def _children(state: Any) -> frozenset:
    return frozenset(state.play(m) for m in state.legal_moves())


def _reachable(state: Any, target: Any, depth: int = 3) -> bool:
    """Whether legal moves lead from ``state`` to ``target`` within one turn: one move, or
    up to ``depth`` moves that the game's adapter says make one turn (a GIPF push and the
    removals it causes, which ``play`` takes as one text)."""
    continues = adapter(_name_of(state.rules)).continues
    frontier = {state}
    for _ in range(depth):
        after = set()
        for s in frontier:
            kids = _children(s)
            if target in kids:
                return True
            after |= {k for k in kids if k.outcome is None and continues(s, k)}
        frontier = after
    return False


def check_notation(state: Any, text: Any) -> None:
    """Everything that may happen when ``text`` is played on ``state``; see the module
    docstring."""
    Move = move_class(state.rules)
    blob, h = pickle.dumps(state), hash(state)
    legal = [str(m) for m in state.legal_moves()]
    shown = short(text, 80)
    ok_parse, parsed = _attempt(lambda: Move.parse(text), f"Move.parse({shown})")
    ok_why, why = _attempt(lambda: state.why_illegal(text), f"why_illegal({shown})")
    ok_play, played = _attempt(lambda: state.play(text), f"play({shown})")
    assert state == pickle.loads(blob) and hash(state) == h, f"play({shown}) changed the state"
    assert [str(m) for m in state.legal_moves()] == legal, f"play({shown}) changed legal_moves"
    if ok_parse:
        assert "0x" not in repr(parsed), repr(parsed)
        again = Move.parse(str(parsed))
        assert again == parsed, f"{shown} reads as {parsed!r}, whose notation reads as {again!r}"
        same = _attempt(lambda: state.why_illegal(parsed), f"why_illegal({parsed!r})")
        assert same[0] == ok_why and (not ok_why or same[1] == why), (
            f"why_illegal({shown}) and why_illegal of its Move {parsed!r} differ: "
            f"{why!r} / {same[1]!r}"
        )
    if ok_why and why is None:
        assert ok_play, f"why_illegal({shown}) found nothing wrong, but play raised: {played}"
        assert _reachable(state, played), f"play({shown}) reached a state no legal turn reaches"
    elif ok_why:
        assert isinstance(why, str) and why.strip(), f"why_illegal({shown}) returned {why!r}"
        assert not ok_play, f"why_illegal({shown}) said {why!r}, but play accepted it"
        assert isinstance(played, IllegalMoveError), (
            f"why_illegal({shown}) gave a reason but play raised {type(played).__name__}"
        )
        assert str(played) == why, f"play({shown}) says {str(played)!r}, why_illegal {why!r}"
    else:
        assert not ok_play, (
            f"why_illegal({shown}) raised {type(why).__name__} ({why}), but play accepted it"
        )
        assert type(played) is type(why) and str(played) == str(why), (
            f"why_illegal({shown}) raised {type(why).__name__}: {why}; "
            f"play raised {type(played).__name__}: {played}"
        )
    if not ok_parse:
        assert isinstance(parsed, InvalidNotationError), (
            f"Move.parse({shown}) raised {type(parsed).__name__}, not InvalidNotationError"
        )


# ---------------------------------------------------------------------------------------
# Junk values (recipes: small to print, built in the test)
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Special:
    """A value too big or too odd for hypothesis to print: built by :func:`build`."""

    name: str

    def __repr__(self) -> str:
        return f"Special({self.name!r})"


@functools.cache  # built once: deep structures are slow to build and to free
def _deep_list(depth: int = 100_000) -> list:
    x: list = []
    for _ in range(depth):
        x = [x]
    return x


@functools.cache
def _deep_dict(depth: int = 100_000) -> dict:
    x: dict = {}
    for _ in range(depth):
        x = {"a": x}
    return x


def _loop() -> list:
    x: list = []
    x.append(x)
    return x


SPECIALS: dict[str, Callable[[], Any]] = {
    "5000-digit int": lambda: 10**5000 + 7,
    "-5000-digit int": lambda: -(10**5000),
    "100,000-deep list": _deep_list,
    "100,000-deep dict": _deep_dict,
    "a list holding itself": _loop,
    "10,000 characters": lambda: "x" * 10_000,
    "1,000,000 characters": lambda: "x" * 1_000_000,
    "object()": object,
    "a function": lambda: lambda: None,
    "an iterator": lambda: iter([1, 2, 3]),
    "numpy array": lambda: np.arange(3),
    "numpy nan": lambda: np.float64("nan"),
    "numpy int": lambda: np.int64(3),
    "numpy bool": lambda: np.bool_(True),
    "frozenset": lambda: frozenset({1, 2}),
    "complex": lambda: 1 + 2j,
    "Ellipsis": lambda: ...,
    "type": lambda: int,
}


def build(recipe: Any) -> Any:
    """The value a junk recipe stands for (recipes inside a dict are built too)."""
    if isinstance(recipe, Special):
        return SPECIALS[recipe.name]()
    if type(recipe) is dict:
        return {k: build(v) for k, v in recipe.items()}
    return recipe


def junk(max_int: int | None = None, max_float: float | None = None) -> st.SearchStrategy:
    """Junk argument values (recipes for :func:`build`): wrong types, negatives, nan, inf,
    huge numbers, text, lists, dicts, odd objects. ``max_int`` / ``max_float``: larger
    numbers are left out (for arguments where they are valid but slow, like a number of
    games)."""
    ints = st.integers(-(2**70), 2**70)
    floats = st.floats(allow_nan=True, allow_infinity=True)
    specials = list(SPECIALS)
    if max_int is not None:
        ints = st.integers(-(2**70), max_int)
        specials = [s for s in specials if s != "5000-digit int"]
    if max_float is not None:
        floats = st.one_of(
            st.floats(max_value=max_float, allow_nan=False, allow_infinity=False),
            st.sampled_from((math.inf, -math.inf, math.nan)),
        )
    small = st.integers(-3, 3 if max_int is None else min(3, max_int))
    return st.one_of(
        st.none(),
        st.booleans(),
        small,
        ints,
        floats,
        st.sampled_from((-1, 0, 2**31, 2**63, -(2**63)))
        if max_int is None
        else st.sampled_from((-1, 0, -(2**63))),
        st.text(max_size=12),
        st.sampled_from(("", " ", "nan", "inf", "-1", "1e999", "None", "true")),
        st.binary(max_size=8),
        st.lists(st.integers(-2, 2) | st.text(max_size=3), max_size=3),
        st.dictionaries(st.text(max_size=4), st.integers(-2, 2) | st.none(), max_size=3),
        st.tuples(st.integers(0, 3), st.integers(0, 3)),
        st.sampled_from(specials).map(Special),
    )


#: Junk every argument is tried with in ``make test`` too (as recipes).
CLASSIC_JUNK: tuple[Any, ...] = (
    None,
    True,
    -1,
    0,
    2.5,
    2**64,
    math.nan,
    math.inf,
    -math.inf,
    "",
    "x",
    "1",
    [],
    {},
    (1, 2),
    b"x",
    Special("5000-digit int"),
    Special("100,000-deep list"),
    Special("100,000-deep dict"),
    Special("object()"),
    Special("numpy nan"),
    Special("numpy array"),
)


def _too_big(value: Any, limit: float) -> bool:
    if value == Special("5000-digit int"):
        return True
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return math.isfinite(value) and value > limit
    return False


# ---------------------------------------------------------------------------------------
# Bad arguments: a table of public functions
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Call:
    """A public function, the valid arguments it is called with, and the arguments to junk.

    ``limits`` bounds the numbers tried for arguments whose big values are valid but slow
    (a number of games, a time budget): larger ones are left out, not refused."""

    name: str
    #: Called with the arguments; may do more (a player chooses a move once).
    fn: Callable[..., Any]
    #: Valid arguments (a function: built on first use).
    valid: Callable[[], dict[str, Any]]
    #: The arguments to junk.
    args: tuple[str, ...] = ("seed",)
    #: Per argument, the largest number worth trying.
    limits: dict[str, float] = field(default_factory=dict)
    #: Per argument, more junk to try besides :func:`junk` (lists of junk, odd dicts).
    extra: dict[str, st.SearchStrategy] = field(default_factory=dict)
    #: The values :meth:`classic` tries (default: :data:`CLASSIC_JUNK` within the limits).
    classics: Callable[[], list[Any]] | None = None
    #: Exceptions allowed out.
    allowed: tuple[type[BaseException], ...] = (ValueError, TypeError)
    #: Checks a result returned for junk input (junk that happens to be valid).
    result: Callable[[Any, dict[str, Any]], None] = lambda result, kwargs: None

    def junk(self, arg: str) -> st.SearchStrategy:
        """The junk tried for ``arg``."""
        limit = self.limits.get(arg)
        base = junk(max_int=None if limit is None else int(limit), max_float=limit)
        return base | self.extra[arg] if arg in self.extra else base

    def classic(self, arg: str) -> list[Any]:
        """:data:`CLASSIC_JUNK` less the numbers above ``arg``'s limit."""
        if self.classics is not None:
            return self.classics()
        limit = self.limits.get(arg)
        if limit is None:
            return list(CLASSIC_JUNK)
        return [v for v in CLASSIC_JUNK if not _too_big(v, limit)]

    def __repr__(self) -> str:
        return f"Call({self.name!r})"


@functools.cache
def _small_coffee_state() -> Any:
    """A Coffee position with a few legal moves left (players choose quickly)."""
    from gamekit import coffee

    states = walk(coffee.Rules(board="square", size=4), 3, 6)[0]
    return states[-1] if states[-1].outcome is None else states[-2]


@functools.cache
def _results() -> Any:
    from gamekit import coffee
    from gamekit.players import RandomPlayer
    from gamekit.sim import play_many

    return play_many(
        coffee.Rules(board="square", size=4), [RandomPlayer(), RandomPlayer()], 4, progress=False
    )


def _play_many(**kw: Any) -> Any:
    from gamekit.sim import play_many

    return play_many(**kw)


def _valid_play_many() -> dict[str, Any]:
    from gamekit import coffee
    from gamekit.players import RandomPlayer

    return {
        "rules": coffee.Rules(board="square", size=4),
        "players": [RandomPlayer(), RandomPlayer()],
        "games": 2,
        "seed": 0,
        "executor": None,
        "progress": False,
        "chunk": None,
        "max_plies": 10_000,
    }


def _player(kind: str) -> Callable[..., Any]:
    def make_and_choose(**kw: Any) -> Any:
        from gamekit import players

        player = getattr(players, kind)(**kw)
        repr(player)
        return player.choose(_small_coffee_state())

    make_and_choose.__name__ = kind
    return make_and_choose


def _perft(**kw: Any) -> Any:
    from gamekit.perft import perft

    return perft(**kw)


def _play_random(**kw: Any) -> Any:
    from gamekit.coffee import batch as coffee_batch

    return coffee_batch.play_random(**kw)


def _chance(**kw: Any) -> Any:
    from gamekit import roaster

    return roaster.chance_of_at_least(**kw)


def _probability(result: Any, kw: dict[str, Any]) -> None:
    assert isinstance(result, float) and 0.0 <= result <= 1.0, f"a chance of {result!r}"
    at_least = kw.get("at_least")
    if isinstance(at_least, int) and not isinstance(at_least, bool) and at_least <= 0:
        assert math.isclose(result, 1.0), f"the chance of at least {at_least} is 1, not {result}"


def _challenge_card(**kw: Any) -> Any:
    from gamekit import roaster

    return roaster.challenge_card(**kw)


def _win_rate(**kw: Any) -> Any:
    return _results().win_rate(**kw)


def _class_game() -> Any:
    """A class's own game (tic-tac-toe written against the contract only)."""
    from outside_game import Lines

    return Lines(shape="square", size=3, line=3)


def _measure(**kw: Any) -> Any:
    from gamekit import design

    return design.measure(**kw, progress=False)


def _valid_measure() -> dict[str, Any]:
    return {"rules": _class_game(), "players": "random", "games": 10, "seed": 0, "lead": False}


def _puzzle(**kw: Any) -> Any:
    from gamekit import puzzles

    made = puzzles.puzzle(**kw)
    made.answers()  # a puzzle accepted answers
    return made


def _valid_puzzle() -> dict[str, Any]:
    state = _class_game().replay(["a1", "b1", "a2", "b2"])
    return {"state": state, "goal": "win", "task": "Win now.", "hint": "A line of three."}


def _guided(**kw: Any) -> Any:
    from gamekit import guide

    board = guide.first_game(**kw)
    board.computer_plays = tuple(board.rules.seats)
    assert board.guide is not None and board.guide.reached == [], "the computer ticked one"
    return board


_DEMO_KEYS = ("DEMO_POOL", "DEMO_CLASS", "DEMO_MAX", "DEMO_CULL", "DEMO_REFILL", "DEMO_IP")
_HUB_KEYS = (
    "HUB_IP",
    "HUB_PORT",
    "HUB_IDLE",
    "HUB_PASSWORD",
    "HUB_TEACHER",
    "HUB_TEACHER_PASSWORD",
)


def _settings_text() -> st.SearchStrategy:
    numbers = st.integers(-(10**6), 10**12).map(str) | st.floats().map(str)
    return numbers | st.text(max_size=12) | st.sampled_from(("coffee:20", "chess:1", "0.0.0.0"))


def _room(**kw: Any) -> Any:
    from pathlib import Path

    from gamekit.classroom import room_settings

    apps = Path(__file__).resolve().parents[1] / "apps"
    room = room_settings(kw["environ"], apps, free=8 * 2**30)
    assert room.room_size + room.pool * 5 <= room.kernels_fit, "more kernels than fit"
    return room


def _hub(**kw: Any) -> Any:
    from gamekit.hub import hub_settings

    found = hub_settings(kw["environ"], root=True)
    if found.ip not in ("127.0.0.1", "localhost", "::1"):
        assert found.password is not None, "a hub on a network without a password"
    return found


def _rules_call(name: str) -> Call:
    cls = rules_class(name)
    fields = [f.name for f in dataclasses.fields(cls)] if dataclasses.is_dataclass(cls) else []

    def make(**kw: Any) -> Any:
        rules = cls(**kw)
        _usable(rules)
        return rules

    return Call(f"{name}.Rules", make, dict, tuple(fields))


def _usable(rules: Any) -> None:
    """Rules that were accepted work: repr, a start, a save that reads back equal."""
    assert "0x" not in repr(rules), repr(rules)
    hash(rules)
    rules.start(seed=0)
    saved = json.loads(json.dumps(rules.to_dict()))
    assert type(rules).from_dict(saved) == rules, f"{rules!r} does not read back from its save"


def _from_dict_call(name: str) -> Call:
    cls = rules_class(name)

    def from_dict(data: Any) -> Any:
        rules = cls.from_dict(data)
        _usable(rules)
        return rules

    return Call(
        f"{name}.Rules.from_dict",
        from_dict,
        lambda: {"data": cls().to_dict()},
        ("data",),
        extra={"data": rules_data(cls)},
        classics=lambda: _classic_data(cls),
        allowed=(ValueError,),
    )


def _classic_data(cls: type) -> list[Any]:
    """Every option of a valid save replaced by each classic junk value, an unknown option,
    and junk instead of the whole dict."""
    valid = cls().to_dict()
    out: list[Any] = list(CLASSIC_JUNK)
    for key in valid:
        out += [{**valid, key: value} for value in CLASSIC_JUNK]
    out += [{**valid, "colour": "red"}, {**valid, 5: 5}]
    return out


def _start_call(name: str) -> Call:
    cls = rules_class(name)

    def start(seed: Any) -> Any:
        return cls().start(seed=seed)

    return Call(f"{name}.Rules.start", start, lambda: {"seed": 0}, ("seed",))


def _replay_call(name: str) -> Call:
    cls = rules_class(name)

    def replay(moves: Any) -> Any:
        return cls().replay(moves)

    moves = st.lists(junk(), max_size=3)
    return Call(
        f"{name}.Rules.replay", replay, lambda: {"moves": []}, ("moves",), extra={"moves": moves}
    )


def rules_data(cls: type) -> st.SearchStrategy:
    """Junk rules dicts: a valid save with one option junked, renamed or added, or junk
    instead of a dict."""
    valid = cls().to_dict()
    keys = sorted(valid) or ["x"]

    @st.composite
    def data(draw: st.DrawFn) -> Any:
        how = draw(st.sampled_from(("junk-value", "junk-value", "new-key", "rename", "whole")))
        out: dict[Any, Any] = dict(valid)
        if how == "whole":
            return draw(junk())
        key = draw(st.sampled_from(keys))
        if how == "junk-value":
            out[key] = draw(junk())
        elif how == "new-key":
            out[draw(st.text(max_size=8) | st.integers() | st.none())] = draw(junk())
        else:
            out[key + draw(st.sampled_from(("_", "s", " ", "X")))] = out.pop(key, None)
        return out

    return data()


def calls() -> list[Call]:
    """Every public function whose bad arguments are fuzzed."""
    from gamekit import roaster  # noqa: F401 - checks the module imports

    table = [
        Call(
            "sim.play_many",
            _play_many,
            _valid_play_many,
            ("rules", "players", "games", "seed", "executor", "progress", "chunk", "max_plies"),
            limits={"games": 50, "chunk": 50, "max_plies": 10_000},
            extra={"players": st.lists(junk(), max_size=3)},
        ),
        Call("sim.Results.win_rate", _win_rate, lambda: {"seat": 0}, ("seat",)),
        Call(
            "players.MCTSPlayer",
            _player("MCTSPlayer"),
            lambda: {"iterations": 30, "seed": 0},
            ("iterations", "seconds", "c", "max_playout", "seed"),
            limits={"iterations": 500, "seconds": 0.5},
        ),
        Call("players.RandomPlayer", _player("RandomPlayer"), lambda: {"seed": 0}),
        Call("players.GreedyPlayer", _player("GreedyPlayer"), lambda: {"seed": 0}),
        Call(
            "perft.perft",
            _perft,
            lambda: {"state": _small_coffee_state(), "depth": 2},
            ("state", "depth"),
            limits={"depth": 3},
        ),
        Call(
            "coffee_batch.play_random",
            _play_random,
            lambda: {"rules": _small_coffee_state().rules, "games": 3, "seed": 0, "batch": 64},
            ("rules", "games", "seed", "batch"),
            limits={"games": 100},
        ),
        Call(
            "roaster.chance_of_at_least",
            _chance,
            lambda: {"bag": {"bean4": 3, "bean2": 7}, "token": "bean4", "draws": 4, "at_least": 1},
            ("bag", "token", "draws", "at_least"),
            extra={"bag": st.dictionaries(st.sampled_from(("bean4", "x")), junk(), max_size=2)},
            result=_probability,
        ),
        Call(
            "roaster.challenge_card",
            _challenge_card,
            lambda: {"roast_class": 1, "difficulty": "beginner"},
            ("roast_class", "difficulty"),
        ),
        Call(
            "design.measure (a class's game)",
            _measure,
            _valid_measure,
            ("rules", "players", "games", "seed", "lead", "max_plies", "playouts"),
            limits={"games": 30, "max_plies": 500, "playouts": 8},
        ),
        Call(
            "puzzles.puzzle (a class's game)",
            _puzzle,
            _valid_puzzle,
            ("state", "goal", "task", "hint", "level", "id"),
        ),
        Call(
            "guide.first_game",
            _guided,
            lambda: {"game": "coffee"},
            ("game",),
            extra={"game": st.sampled_from((*GAMES, "chess", "COFFEE"))},
        ),
        Call(
            "classroom.room_settings",
            _room,
            lambda: {"environ": {}},
            ("environ",),
            extra={"environ": st.dictionaries(st.sampled_from(_DEMO_KEYS), _settings_text())},
        ),
        Call(
            "hub.hub_settings",
            _hub,
            lambda: {"environ": {}},
            ("environ",),
            extra={"environ": st.dictionaries(st.sampled_from(_HUB_KEYS), _settings_text())},
        ),
    ]
    for name in game_names():
        table += [_rules_call(name), _from_dict_call(name), _start_call(name), _replay_call(name)]
    return table


@st.composite
def bad_arguments(draw: st.DrawFn, call: Call) -> dict[str, Any]:
    """Valid arguments for ``call`` with one to all of them replaced by junk recipes."""
    names = list(call.args)
    chosen = draw(st.lists(st.sampled_from(names), min_size=1, max_size=len(names), unique=True))
    return {n: draw(call.junk(n), label=n) for n in chosen}


def check_call(call: Call, recipes: dict[str, Any]) -> None:
    """Call with the junk: only the allowed errors escape, each with a message (a weaker
    finding when the message names none of the junk arguments), within the time limit."""
    kwargs = {**call.valid(), **{k: build(v) for k, v in recipes.items()}}
    what = f"{call.name}({', '.join(f'{k}={short(v, 160)}' for k, v in recipes.items())})"
    try:
        with time_limit(CALL_SECONDS, what):
            result = call.fn(**kwargs)
    except call.allowed as err:
        message = str(err)
        assert message.strip(), f"{what} raised {type(err).__name__} with no message"
        if not any(_names(message, k) for k in recipes):
            note(
                "an error message that names none of the bad arguments",
                _cut(f"{what}: {type(err).__name__}: {message}", 200),
            )
        return
    except Exception as err:
        raise AssertionError(
            f"{what} let {type(err).__name__} escape: {short(str(err), 300)}"
        ) from err
    call.result(result, kwargs)


def _names(message: str, argument: str) -> bool:
    """Whether ``message`` names ``argument`` (``max_plies``: also "max plies"; ``players``:
    also "player")."""
    words = {argument, argument.replace("_", " ")}
    words |= {w.removesuffix("s") for w in words if len(w) > 3}
    return any(w in message for w in words)


# ---------------------------------------------------------------------------------------
# Tampered records
# ---------------------------------------------------------------------------------------


def json_junk() -> st.SearchStrategy:
    """JSON-like junk values, and a few recipes that JSON cannot hold."""
    leaves = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.floats(),
        st.text(max_size=10),
        st.sampled_from((2**64, -(2**63), 1e308, -0.0, "", "coffee", "gipf")),
    )
    tree = st.recursive(
        leaves,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
        max_leaves=6,
    )
    return st.one_of(tree, st.sampled_from(list(SPECIALS)).map(Special))


def _paths(data: Any, prefix: tuple = ()) -> list[tuple]:
    """Every path (a tuple of keys/indices) into a JSON tree, the root included."""
    out = [prefix]
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*prefix, i))
    return out


def _get(data: Any, path: tuple) -> Any:
    for k in path:
        data = data[k]
    return data


@st.composite
def tampered(draw: st.DrawFn, data: dict) -> tuple[Any, list[str]]:
    """A record's JSON object after one to four edits (a recipe tree; and what was done):
    a value replaced by junk, a key deleted, renamed or added, keys reordered, a value
    wrapped in a list or object, a move mutated."""
    data = json.loads(json.dumps(data))
    done: list[str] = []
    for _ in range(draw(st.integers(1, 4), label="edits")):
        paths = _paths(data)
        path = draw(st.sampled_from(paths), label="path")
        op = draw(
            st.sampled_from(("junk", "delete", "rename", "add", "reorder", "wrap", "move")),
            label="op",
        )
        if path == ():
            if op == "junk":
                data = draw(json_junk())
                done.append("the whole record replaced")
            continue
        parent, key = _get(data, path[:-1]), path[-1]
        value = parent[key]
        if op == "junk":
            parent[key] = draw(json_junk())
        elif op == "delete":
            del parent[key]
        elif op == "rename" and isinstance(parent, dict):
            parent[key + draw(st.sampled_from(("_", "s", " ", "X", "\u0000")))] = parent.pop(key)
        elif op == "add" and isinstance(parent, dict):
            parent[draw(st.text(max_size=8))] = draw(json_junk())
        elif op == "add" and isinstance(parent, list):
            parent.insert(draw(st.integers(0, len(parent))), draw(json_junk()))
        elif op == "reorder" and isinstance(value, dict):
            items = list(value.items())
            order = draw(st.permutations(range(len(items))))
            parent[key] = {items[i][0]: items[i][1] for i in order}
        elif op == "reorder" and isinstance(value, list):
            parent[key] = draw(st.permutations(value))
        elif op == "wrap":
            parent[key] = draw(st.sampled_from(([value], {"value": value})))
        elif op == "move" and isinstance(value, str):
            parent[key] = draw(mutated(value, ("x", "-", " ", "swap", "done", "9")))
        done.append(f"{op} at {'/'.join(map(str, path))}")
    return data, done


def build_tree(tree: Any) -> Any:
    """A recipe tree (:func:`tampered`) with its recipes built."""
    if isinstance(tree, Special):
        return build(tree)
    if isinstance(tree, dict):
        return {k: build_tree(v) for k, v in tree.items()}
    if isinstance(tree, list):
        return [build_tree(v) for v in tree]
    return tree


#: Text-level tampering: what is done to the JSON text (or its bytes).
TEXT_EDITS = (
    "as is",
    "truncate",
    "insert",
    "delete",
    "bytes",
    "non-utf-8 bytes",
    "utf-16",
    "bom",
    "5000-digit number",
    "huge exponent",
    "deep nesting",
    "deep nesting in rules",
    "nan",
    "duplicate keys",
    "enormous text",
    "trailing junk",
)


def text_record(text: str, edit: str, at: int, char: str) -> str | bytes:
    """The JSON text ``text`` after a text-level ``edit`` (see :data:`TEXT_EDITS`)."""
    at = min(at, len(text))
    if edit == "truncate":
        return text[:at]
    if edit == "insert":
        return text[:at] + char + text[at:]
    if edit == "delete":
        return text[:at] + text[at + 1 :]
    if edit == "bytes":
        return text.encode("utf-8")
    if edit == "non-utf-8 bytes":
        raw = text.encode("utf-8")
        return raw[:at] + b"\xff\xfe\xc3(" + raw[at:]
    if edit == "utf-16":
        return text.encode("utf-16")
    if edit == "bom":
        return "\ufeff" + text
    if edit == "5000-digit number":
        return text.replace('"format": 1', '"format": ' + "9" * 5000, 1)
    if edit == "huge exponent":
        return text.replace('"format": 1', '"format": 1e99999', 1)
    if edit == "deep nesting":
        return "[" * 100_000 + "]" * 100_000
    if edit == "deep nesting in rules":
        return re.sub(
            r'"rules": \{', '"rules": ' + "[" * 100_000 + "]" * 100_000 + ', "x": {', text
        )
    if edit == "nan":
        return text.replace('"format": 1', '"format": NaN', 1)
    if edit == "duplicate keys":
        return text.replace("{", '{"game": "gipf", ', 1)
    if edit == "enormous text":
        return text.replace('"moves": [', '"moves": ["' + "x" * 1_000_000 + '", ', 1)
    if edit == "trailing junk":
        return text + char
    return text


def check_record_load(load: Callable[[], Any], what: str) -> None:
    """``load()`` gives a record or raises ``InvalidRecordError``; a record that loads
    replays to a hashable, picklable state, and saves and reads back equal."""
    try:
        with time_limit(CALL_SECONDS * 4, what):
            record = load()
    except InvalidRecordError as err:
        assert str(err).strip(), f"{what} raised InvalidRecordError with no message"
        return
    except Exception as err:
        raise AssertionError(
            f"{what} let {type(err).__name__} escape: {short(str(err), 300)}"
        ) from err
    final = record.final()
    check_value(final, "the loaded record's final state")
    again = gamekit.Record.from_json(record.to_json())
    assert again == record, "a loaded record does not save and read back equal"


def record_loaders(payload: Any) -> list[tuple[str, Callable[[], Any]]]:
    """Ways to read ``payload`` (a Python object, JSON text or bytes) as a record."""
    Record = gamekit.Record
    out: list[tuple[str, Callable[[], Any]]] = []
    if isinstance(payload, (str, bytes)):
        out.append(("Record.from_json", lambda: Record.from_json(payload)))
        out.append(("Record.load", lambda: _load_file(payload)))
    else:
        out.append(("Record.from_dict", lambda: Record.from_dict(payload)))
    return out


def _load_file(payload: str | bytes) -> Any:
    with tempfile.TemporaryDirectory(prefix="gamekit-fuzz-") as folder:
        path = Path(folder) / "record.json"
        if isinstance(payload, str):
            path.write_bytes(payload.encode("utf-8", "surrogatepass"))
        else:
            path.write_bytes(payload)
        return gamekit.Record.load(path)


@functools.lru_cache(maxsize=128)
def record_of(name: str, rules: Any, seed: int, plies: int) -> dict:
    """A real record's JSON object: a random game of ``name`` cut at ``plies`` moves."""
    states, moves = walk(rules, seed, plies)
    return json.loads(gamekit.Record(states[-1].rules, list(moves)).to_json())
