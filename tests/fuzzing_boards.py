"""The boards under fuzz (issue #22): random walks of a learner's actions, sensible and
junk, on every free board and every puzzle board, as a notebook drives them.

A walk is a list of actions, each a public board method with its arguments: the moves a
learner could make (a legal move typed, a cell clicked, a button), half-moves and their
controls, the computer menus, undo/redo/new game, and the same methods given junk (wrong
types, huge numbers, 100,000-character text, cells off the board). After every action
:func:`check_board` holds the board to its invariants:

- only a ``ValueError`` or ``TypeError`` (gamekit's errors are ``ValueError``s) escapes, with
  a short message in words (no memory address, no 100,000-character echo), and the game on
  the board is as it was;
- the record replays to the board's position (on a puzzle board whose position is set up,
  the record is refused in words instead);
- one log entry per move;
- the computer is never left to move, and no person's action plays a move for it.

``tests/test_fuzz.py`` draws the walks with hypothesis: a few in ``make test``, for minutes
under ``make fuzz``.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st
from suite import GAMES, examples

import gamekit
from gamekit import puzzles
from gamekit.game import FrozenMap
from gamekit.records import Record

#: Junk given to any argument: wrong types, odd numbers, huge text and numbers.
JUNK: tuple[Any, ...] = (
    None,
    True,
    -1,
    7,
    2.5,
    math.nan,
    10**5000,
    "",
    " ",
    "x" * 100_000,
    "f1",
    "g72",
    "(0,1)",
    "(99999,-99999)",
    "e1-e2 e1-e2",
    "\x00",
    [],
    {},
    (1, 2),
    b"e5|",
    object(),
)


def _free_board(game: str, rules: dict[str, Any], options: dict[str, Any]) -> Callable[[], Any]:
    return lambda: _widgets().board_for(gamekit.rules_class(game)(**rules), **options)


def _free_boards() -> dict[str, Callable[[], Any]]:
    """Every game's board on its board example, and the more boards its examples name
    (``<game>-<name>``; an empty name replaces the first)."""
    out: dict[str, Callable[[], Any]] = {}
    for game in GAMES:
        ex = examples(game)
        out[game] = _free_board(game, dict(ex.board), {})
        for name, (rules, options) in ex.boards.items():
            out[f"{game}-{name}" if name else game] = _free_board(game, dict(rules), dict(options))
    return out


#: The free boards fuzzed: (name, factory). Computer levels that answer at once (random,
#: beginner), so a walk of dozens of actions stays quick.
FREE_BOARDS: FrozenMap[str, Callable[[], Any]] = FrozenMap(_free_boards())

#: Every puzzle, by id.
PUZZLE_IDS: tuple[str, ...] = tuple(p.id for ps in puzzles.PUZZLES.values() for p in ps)


def _widgets():
    import gamekit.widgets as widgets

    return widgets


def close(board: Any) -> None:
    """Close every widget made so far: ipywidgets keeps each one alive until it is closed,
    and a long fuzz run makes tens of thousands of boards."""
    import ipywidgets

    ipywidgets.Widget.close_all()


def make_board(name: str) -> Any:
    """A fresh board: a free board of :data:`FREE_BOARDS` or the board of a puzzle id."""
    if name in FREE_BOARDS:
        return FREE_BOARDS[name]()
    return puzzles.get(name).board()


# ---------------------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Action:
    """One public board method with its arguments (``attribute``: a setter)."""

    method: str
    args: tuple[Any, ...] = ()
    attribute: bool = False

    def __call__(self, board: Any) -> Any:
        if self.attribute:
            return setattr(board, self.method, self.args[0])
        return getattr(board, self.method)(*self.args)

    def __repr__(self) -> str:
        args = ", ".join(_short(a) for a in self.args)
        return f"board.{self.method} = {args}" if self.attribute else f"board.{self.method}({args})"


def _short(value: Any) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return "<huge int>"
    text = repr(value) if not isinstance(value, str) or len(value) < 40 else "<long text>"
    return text if len(text) < 60 else text[:57] + "..."


#: The methods of each kind of board, with how to draw their arguments: ``None`` takes no
#: argument; a name says which sensible values to draw (:func:`sensible`).
_METHODS: dict[str, dict[str, str | None]] = {
    "common": {
        "undo": None,
        "redo": None,
        "type_move": "move",
        "click": "cell",
        "_on_pick": "target",  # Enter with the keyboard's ring on a place
        "hints": "bool",
        "opponent": "opponent",
        "computer_plays": "seat",
        "new_game": None,
        "play_moves": "moves",
    },
    "puzzle": {
        "check": None,
        "toggle_cell": "cell",
        "choose_answer": "choice",
        "show_answer": None,
        "try_again": None,
    },
}
_SETTERS = {"hints", "opponent", "computer_plays"}


def methods(board: Any) -> dict[str, str | None]:
    """The fuzzed methods of ``board`` (its own, the shared ones, the puzzle panel's)."""
    out = dict(_METHODS["common"]) | dict(examples(board.state).board_actions)
    if getattr(board, "puzzle", None) is not None:
        out |= _METHODS["puzzle"]
        for name in ("opponent", "computer_plays", "new_game"):
            out.pop(name, None)  # refused on a puzzle board: tried with junk only
    return out


def _cells(board: Any) -> list[str]:
    state = board.state
    grid = getattr(state, "grid", None)
    if callable(grid):
        grid = grid()
    labels = list(getattr(grid, "labels", ()) or ())
    places = examples(state).places
    if not labels and places is not None:
        labels = list(places(board))
    return labels or ["a1"]


def sensible(board: Any, kind: str | None, data: st.DataObject) -> tuple[Any, ...]:
    """Arguments a learner could give for ``kind`` in the board's position now."""
    state = board.state
    draw = data.draw
    if kind is None:
        return ()
    if kind in ("move", "moves"):
        legal = [str(m) for m in state.legal_moves()] or ["e5|"]
        move = draw(st.sampled_from(legal[:200]), label="move")
        return ([move],) if kind == "moves" else (move,)
    if kind == "cell":
        return (draw(st.sampled_from(_cells(board)), label="cell"),)
    if kind == "bool":
        return (draw(st.booleans(), label="on"),)
    if kind == "opponent":
        return (draw(st.sampled_from([None, "nobody", "random", "beginner"]), label="level"),)
    if kind == "seat":
        return (draw(st.sampled_from(list(state.rules.seats)), label="seat"),)
    if kind == "axis":
        return (draw(st.sampled_from(["|", "-", "/", "\\"]), label="axis"),)
    if kind == "pattern":
        tiles = [str(t) for t in (*getattr(state, "market", ()), "100000", "111000")]
        return (draw(st.sampled_from(tiles), label="pattern"),)
    if kind == "turn":
        return (draw(st.sampled_from([1, -1, 2, 3]), label="k"),)
    if kind == "target":
        places = sorted(getattr(getattr(board, "view", None), "_points", {})) or ["a1"]
        return (draw(st.sampled_from(places), label="target"),)
    if kind == "key":
        return (
            draw(st.sampled_from(["r", "l", "k", "e", "Enter", "ArrowRight", "q"]), label="key"),
        )
    if kind == "player":
        return (draw(st.sampled_from([None, 0, 1]), label="player"),)
    if kind == "button":
        return (
            draw(st.sampled_from(["draw", "roast", "continue", "stop", "cup", "tray", "done"])),
        )
    if kind == "index":
        return (draw(st.integers(0, 3), label="k"),)
    if kind == "choice":
        choices = list(getattr(getattr(board, "puzzle", None), "choices", ())) or ["keep"]
        return (draw(st.sampled_from(choices), label="choice"),)
    raise AssertionError(f"no sensible arguments for {kind}")


@st.composite
def action(draw: st.DrawFn, board: Any, data: st.DataObject) -> Action:
    """One action on ``board``: mostly what a learner would do, sometimes junk."""
    table = methods(board)
    name = draw(st.sampled_from(sorted(table)), label="method")
    kind = table[name]
    junk = kind is not None and draw(st.integers(0, 4), label="junk?") == 0
    if junk:
        args: tuple[Any, ...] = (draw(st.sampled_from(JUNK), label="junk"),)
    else:
        args = sensible(board, kind, data)
    return Action(name, args, attribute=name in _SETTERS)


def junk_actions(board: Any) -> list[Action]:
    """Every method of ``board`` that takes an argument, with every junk value."""
    table = _METHODS["common"] | dict(examples(board.state).board_actions) | _METHODS["puzzle"]
    out = []
    for name, kind in sorted(table.items()):
        if kind is None or not hasattr(board, name):
            continue
        out += [Action(name, (value,), attribute=name in _SETTERS) for value in JUNK]
    return out


# ---------------------------------------------------------------------------------------
# Invariants
# ---------------------------------------------------------------------------------------


#: Python's own error words: a board method's refusal must name its argument instead.
_PYTHONS_OWN = re.compile(
    r"not supported between instances|object is not iterable|has no attribute|"
    r"positional argument|Exceeds the limit|object is not subscriptable|unhashable type"
)


def _snapshot(board: Any) -> tuple:
    return tuple(board._moves), board.state, tuple(board._redo)


def run(board: Any, act: Action) -> None:
    """Do ``act`` on ``board`` and check :func:`check_board` (and, if it raised, that the
    error is a documented one and the game unchanged)."""
    before = _snapshot(board)
    seats_before = board.computer_plays, board.computer_player
    moves_before = len(board._moves)
    try:
        act(board)
    except (ValueError, TypeError) as err:
        message = str(err)
        assert message.strip(), f"{act!r}: {type(err).__name__} with no message"
        assert not _PYTHONS_OWN.search(message), f"{act!r}: Python's own words: {message!r}"
        assert len(message) <= 600, f"{act!r}: a {len(message):,}-character message"
        assert " at 0x" not in message, f"{act!r}: a memory address in {message!r}"
        assert _snapshot(board) == before, f"{act!r} raised {message!r} and changed the game"
    except Exception as err:  # anything else is a finding
        raise AssertionError(f"{act!r} raised {type(err).__name__}: {err}") from err
    check_board(board, act, moves_before, seats_before)


def check_board(board: Any, act: Any, moves_before: int, seats_before: tuple) -> None:
    """The board's invariants after ``act`` (see the module's description)."""
    n = len(board._moves)
    assert len(board._states) == n + 1, f"{act!r}: {n} moves but {len(board._states)} states"
    assert len(board.move_log) == n, f"{act!r}: {len(board.move_log)} log entries for {n} moves"
    assert not board.computer.to_move(), f"{act!r}: the computer is left to move"
    assert not board.computer.thinking, f"{act!r}: the computer is still 'thinking'"
    message = str(board.message)
    assert len(message) <= 1000, f"{act!r}: a {len(message):,}-character message line"
    assert " at 0x" not in message, f"{act!r}: a memory address in the message {message!r}"
    if (board.computer_plays, board.computer_player) == seats_before:
        for k in range(moves_before, n):  # each new move made where the computer is to move
            if board.computer.plays(board._states[k].to_move, board._states[k]):
                assert board._by_computer[k], f"{act!r}: a person moved for the computer"
    puzzle = getattr(board, "puzzle", None)
    if puzzle is not None and puzzle.setup is not None:
        try:
            _ = board.record
        except ValueError as err:
            assert "keep the puzzle's id" in str(err)
        else:
            raise AssertionError(f"{act!r}: a set-up puzzle's board saved a record")
        return
    record = board.record
    loaded = Record.from_json(record.to_json())
    assert loaded.moves == record.moves
    assert loaded.final() == board.state, f"{act!r}: the record does not replay to the board"
