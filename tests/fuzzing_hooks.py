"""The variant hook and the registry under fuzz (issue #22).

- **variant hook**: a Coffee variant whose ``extra_rule`` answers what hypothesis draws (a
  sentence, ``None``, ``False``, junk, an exception, a question back to the engine) for
  some moves and allows the others. Listing, checking and playing moves, saving and
  loading a record and a board's move may refuse only with gamekit's errors
  (``VariantRuleError`` names the hook), and a refused move changes nothing.
- **registry**: ``gamekit.register`` given junk, instances, look-alike names and other
  classes under taken names refuses with a ``TypeError`` or ``ValueError``; afterwards the
  shipped games are still themselves and their saved games load.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

import gamekit
from gamekit import coffee, gipf
from gamekit.errors import GamekitError
from gamekit.records import Record

#: What a drawn rule answers for the moves it speaks about.
ANSWERS: tuple[Any, ...] = (
    None,
    False,
    "no such move in this variant",
    "  padded sentence  ",
    "",
    " ",
    True,
    0,
    5,
    ["no"],
    b"no",
    "x" * 10_000,
)
#: What else a drawn rule may do instead of answering.
ACTIONS = ("answer", "raise", "ask legal moves", "ask why_illegal", "ask outcome")

_names = itertools.count()


def variant(cells: frozenset[str], action: str, answer: Any) -> coffee.Rules:
    """Rules of a new registered Coffee variant whose rule does ``action`` on moves to
    ``cells`` and allows every other move."""

    def rule(state: coffee.State, move: coffee.Move) -> Any:
        if move.cell not in cells:
            return None
        if action == "raise":
            raise RuntimeError("the rule broke")
        if action == "ask legal moves":
            return None if state.legal_moves() else "none"
        if action == "ask why_illegal":
            return state.why_illegal(move)
        if action == "ask outcome":
            return None if state.outcome is None else "over"
        return answer

    @dataclass(frozen=True)
    class Drawn(coffee.Rules):
        game = f"coffee-fuzzed-{next(_names)}"

        def extra_rule(self, state, move):
            return rule(state, move)

    gamekit.register(Drawn)
    return Drawn(board="square", size=4)


@st.composite
def variant_case(draw: st.DrawFn) -> tuple[frozenset[str], str, Any, int]:
    labels = coffee.Rules(board="square", size=4).grid.labels
    cells = frozenset(draw(st.sets(st.sampled_from(labels), max_size=6), label="cells"))
    action = draw(st.sampled_from(ACTIONS), label="action")
    answer = draw(st.sampled_from(ANSWERS), label="answer")
    plies = draw(st.integers(0, 10), label="plies")
    return cells, action, answer, plies


def _only_ours(call, what: str) -> Any:
    """``call()``; a gamekit error is fine (returned as ``None``), anything else fails."""
    try:
        return call()
    except GamekitError as err:
        assert str(err).strip() and len(str(err)) < 2000, f"{what}: message {str(err)[:80]!r}"
        return None
    except Exception as err:
        raise AssertionError(f"{what} raised {type(err).__name__}: {err}") from err


def check_variant(cells: frozenset[str], action: str, answer: Any, plies: int) -> None:
    """Play ``plies`` moves of the drawn variant by hand, a board beside it: nothing but
    gamekit's errors, nothing changed by a refusal, records that load or refuse cleanly."""
    from gamekit.widgets import CoffeeBoard

    rules = variant(cells, action, answer)
    board = _only_ours(lambda: CoffeeBoard(rules), "CoffeeBoard(variant)")
    state = rules.start()
    moves: list[str] = []
    for ply in range(plies):
        legal = _only_ours(state.legal_moves, "legal_moves")
        if not legal:
            break
        for move in (legal[ply % len(legal)], *(f"{c}|" for c in sorted(cells)[:2])):
            before = state
            reason = _only_ours(lambda m=move, s=state: s.why_illegal(m), f"why_illegal({move})")
            after = _only_ours(lambda m=move, s=state: s.play(m), f"play({move})")
            assert state == before
            if after is not None and reason is None:
                state = after
                moves.append(str(move))
                break
        if board is not None:
            _only_ours(lambda: board.type_move(moves[-1]) if moves else None, "board move")
            assert not board.computer.to_move()
    if moves:
        record = Record(rules, moves)
        loaded = _only_ours(lambda: Record.from_json(record.to_json()), "Record.from_json")
        if loaded is not None:
            assert loaded.final() == state
    import ipywidgets

    ipywidgets.Widget.close_all()  # boards live until closed


#: Names ``register`` must refuse (look-alikes of shipped names, odd characters).
BAD_NAMES = ("", "COFFEE", " coffee", "coffee ", "coffee\x00", "cof fee", "coffee--x",
             "-coffee", "coffee-", "café", "gipf\n", 5, None, b"coffee")  # fmt: skip


@st.composite
def registry_case(draw: st.DrawFn) -> tuple[str, Any]:
    kind = draw(st.sampled_from(["junk", "instance", "bad name", "shipped name", "taken"]))
    name = draw(st.sampled_from(BAD_NAMES), label="name") if kind == "bad name" else None
    return kind, name


def check_registry(kind: str, name: Any) -> None:
    """``register`` refuses the drawn case with a TypeError or ValueError, and the shipped
    games are unchanged."""
    shipped = {n: gamekit.games()[n] for n in gamekit.game.shipped_games()}
    if kind == "junk":
        target: Any = name or 42
    elif kind == "instance":
        target = coffee.Rules()
    else:
        game = {"bad name": name, "shipped name": "gipf", "taken": "coffee-taken-fuzz"}[kind]

        def make() -> type:
            @dataclass(frozen=True)
            class Rules(coffee.Rules):
                pass

            Rules.game = game  # type: ignore[misc]
            return Rules

        if kind == "taken":
            gamekit.register(_taken())
        target = make()
    try:
        gamekit.register(target)
    except (TypeError, ValueError) as err:
        assert str(err).strip() and " at 0x" not in str(err), f"{kind}: {err!r}"
    else:
        raise AssertionError(f"register accepted {kind} {name!r}")
    for n, cls in shipped.items():
        assert gamekit.games()[n] is cls, f"{kind} {name!r} replaced {n}"
    Record.from_json(Record(gipf.Rules(), ["e1-e2"]).to_json())


_TAKEN: list[type] = []


def _taken() -> type:
    """One class registered as ``coffee-taken-fuzz`` (the same one every time)."""
    if not _TAKEN:

        @dataclass(frozen=True)
        class Taken(coffee.Rules):
            game = "coffee-taken-fuzz"

        _TAKEN.append(Taken)
    return _TAKEN[0]
