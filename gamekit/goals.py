"""What a puzzle asks for, and how an answer is judged: the goals.

A goal takes an answer of one kind: a ``move`` (the generic ``legal``, ``win``, ``safe`` and
``perfect``, or a game's own), ``cells`` (click every cell where ...) or a ``choice`` (a
button). A game adds its own with :func:`add_goals` where it declares its puzzles; every goal
judges through the engine, so a puzzle accepts every answer that meets it.

>>> sorted(g for g, kind in GOALS.items() if kind == "move")[:4]
['best-score', 'best-take', 'block', 'closed']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from gamekit.errors import shown
from gamekit.game import facts, games, own_part, part
from gamekit.text import plural

if TYPE_CHECKING:
    from gamekit.puzzles import Puzzle


# ---------------------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------------------


def who(seat: str | None) -> str:
    """A seat as a sentence shows it: ``"black"`` -> ``"Black"``."""
    seat = seat or "nobody"
    return seat[:1].upper() + seat[1:]


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def first_sentence(text: str) -> str:
    """The first sentence of an engine's refusal: the move and the rule it breaks (later
    sentences may list what *is* possible, which could give a puzzle's answer away)."""
    return _SENTENCE_END.split(text.strip(), maxsplit=1)[0]


def as_sentence(text: str, move: object = None) -> str:
    """``text`` as a sentence: a capital (unless it starts with a move's notation, which
    keeps its case: ``c4|``, ``place 111000 at (0,1) turn 2``) and a full stop."""
    text = text.strip()
    first = text.split(" ", 1)[0]
    notation = move is not None and text.startswith(str(move))
    if first.isalpha() and not notation:
        text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def other_seat(state: Any, seat: str) -> str:
    """The seat that plays after ``seat`` in a two-player game."""
    seats = state.rules.seats
    return seats[(seats.index(seat) + 1) % len(seats)]


def won(state: Any, seat: str) -> bool:
    o = state.outcome
    return o is not None and tuple(o.winners) == (seat,)


def lost(state: Any, seat: str) -> bool:
    o = state.outcome
    return o is not None and seat not in o.winners


def move_class_of(state: Any) -> Any:
    """The game's move class (its ``move`` part): what a "move" answer may be, besides its
    notation; for a game without one, the kit's :class:`gamekit.game.Notation`."""
    return part(state, "move")


def turn_continues(state: Any) -> bool:
    """Whether the turn of the player who moved last still goes on in ``state`` (GIPF:
    rows wait to be removed, which belongs to the turn of the push that made them): the
    game's ``turn_starts`` fact, read the other way round."""
    starts = facts(state).turn_starts
    return state.outcome is None and starts is not None and not starts(state)


def can_force(state: Any, seat: str, reached: Callable[[Any], bool]) -> bool:
    """Whether ``seat`` can make sure that, when the turn under way is over, ``reached``
    holds: ``seat`` picks its own decisions, the other player's come out as they may."""
    if not turn_continues(state):
        return reached(state)
    results = (can_force(state.play(m), seat, reached) for m in state.legal_moves())
    return any(results) if state.to_move == seat else all(results)


def winning_replies(state: Any) -> list[Any]:
    """The moves of the player to move after which they win before their turn is over."""
    if state.outcome is not None:
        return []
    seat = state.to_move
    return [
        m for m in state.legal_moves() if can_force(state.play(m), seat, lambda t: won(t, seat))
    ]


#: The most positions a "perfect" puzzle may search (a few seconds at most).
PERFECT_LIMIT = 200_000


class PerfectSearchError(ValueError):
    """A "perfect" search cannot answer: too many positions, or an ending without a single
    winner (perfect play then needs values, not a winner)."""


def perfect_winner(state: Any, memo: dict[Any, str], limit: int | None = None) -> str:
    """The seat that wins ``state`` with perfect play (two players, no draws): a full
    search, for tiny boards only. With ``limit``, at most that many positions in ``memo``.

    Raises:
        PerfectSearchError: more than ``limit`` positions, or a position that ends without
            a single winner (a draw or a shared win), said in words.
    """
    known = memo.get(state)
    if known is not None:
        return known
    if limit is not None and len(memo) >= limit:
        raise PerfectSearchError(
            f"the engine would have to search more than {limit:,} positions to play this one "
            "perfectly; choose a position nearer the end of the game, or the goal 'win'"
        )
    o = state.outcome
    if o is not None:
        if len(tuple(o.winners)) != 1:
            raise PerfectSearchError(
                "'perfect' judges games that end with one winner, but from this position a "
                f"game can end without one ({o.reason}); choose the goal 'win' or 'safe'"
            )
        winner = o.winners[0]
    else:
        me = state.to_move
        winner = other_seat(state, me)
        for m in state.legal_moves():
            if perfect_winner(state.play(m), memo, limit) == me:
                winner = me
                break
    memo[state] = winner
    return winner


def move_parts(move: Any) -> set[str]:
    """The words a move is made of (its notation, cell, dot, tile pattern, action ...),
    which a puzzle's ``focus`` is matched against."""
    out = {str(move)}
    for name in ("cell", "axis", "dot", "entry", "pattern", "action", "kind"):
        value = getattr(move, name, None)
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, tuple) and len(value) == 2:
            out.add(f"({value[0]},{value[1]})")
    return out


# ---------------------------------------------------------------------------------------
# Goals: what an answer must achieve, judged by the engine
# ---------------------------------------------------------------------------------------


class MoveGoal(NamedTuple):
    """A goal for a move: ``judge(puzzle, state, move)`` gives (``met`` or a value, words).
    With ``best`` the value is a number and the answers are the moves of the highest. With
    ``whole_turn`` the goal is met (or not) when the mover's turn is over (GIPF: after the
    removals that follow a push), so ``judge`` also takes a :class:`Turn`, the answer's
    move and the moves that finish the turn."""

    judge: Callable[[Puzzle, Any, Any], tuple[Any, str]]
    best: bool = False
    needs: tuple[str, ...] = ()  # the puzzle's fields the goal reads
    whole_turn: bool = False


class Turn(tuple):
    """A move and the mover's moves that finish its turn, shown as one text."""

    def __str__(self) -> str:
        return " ".join(str(m) for m in self)


def after_move(state: Any, move: Any) -> Any:
    """``state`` after ``move``, or after each move of a :class:`Turn`."""
    for m in move if isinstance(move, Turn) else (move,):
        state = state.play(m)
    return state


class CellGoal(NamedTuple):
    """A goal for a set of cells: the right set, and why a cell outside it is not in it."""

    cells: Callable[[Puzzle, Any], frozenset[str]]
    why_not: Callable[[Puzzle, Any, str], str]
    normalise: Callable[[Any], str | None]
    #: Whether a (normalised) cell is one the puzzle's board shows, to be chosen.
    on_board: Callable[[Any, str], bool]
    needs: tuple[str, ...] = ()
    #: What a player calls the places clicked ("cell"; GIPF's "spot", a token on the table).
    noun: str = "cell"


class ChoiceGoal(NamedTuple):
    """A goal for a choice: each choice's value (higher is better) and its words."""

    values: Callable[[Puzzle, Any], dict[str, tuple[float, str]]]
    needs: tuple[str, ...] = ()
    #: Whether a right answer is explained by every choice's words (two choices' expected
    #: scores side by side), or by the right choice's alone (a question with one right
    #: number, whose other choices are only slips).
    compare: bool = True


def _legal(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    return True, f"{m} is allowed"


def _win(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    me = s.to_move
    after = after_move(s, m)
    if can_force(after, me, lambda t: won(t, me)):
        if after.outcome is not None:
            return True, f"after {m}, {who(me)} wins: {after.outcome.reason}"
        return True, f"after {m}, {who(me)} can finish the turn with a win whatever happens"
    if after.outcome is not None:
        return False, f"after {m} the game ends, but not with a win for {who(me)}"
    if after.to_move != me:
        k = len(after.legal_moves())
        return False, (
            f"after {m} the game goes on: {who(after.to_move)} still has {plural(k, 'legal move')}"
        )
    return False, f"after {m}, {who(me)} cannot make sure of a win this turn"


def _safe(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    me = s.to_move
    after = after_move(s, m)
    threat: list[str] = []

    def holds(t: Any) -> bool:
        if t.outcome is not None:
            return not lost(t, me)
        for reply in winning_replies(t):
            threat.append(_win_reason(t.play(reply), t.to_move))
            return False
        return True

    if can_force(after, me, holds):
        return True, f"after {m}, {who(other_seat(s, me))} has no way to win in the next turn"
    if after.outcome is not None:
        return False, f"{m} loses at once: {after.outcome.reason}"
    how = f" ({threat[0]})" if threat else ""
    return False, f"after {m}, {who(other_seat(s, me))} could win in the next turn{how}"


def _win_reason(state: Any, seat: str) -> str:
    """How ``seat`` wins from ``state`` before the turn is over, in words."""
    while state.outcome is None:
        moves = [
            m for m in state.legal_moves() if can_force(state.play(m), seat, lambda t: won(t, seat))
        ]
        state = state.play(moves[0] if moves else state.legal_moves()[0])
    return state.outcome.reason


def _perfect(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    me = s.to_move
    memo = p._memo.setdefault("perfect", {})
    winner = perfect_winner(s.play(m), memo)
    if winner == me:
        return True, f"after {m}, {who(me)} wins against any defence"
    return False, f"after {m}, {who(winner)} wins with perfect play"


#: The goals, by kind of answer and name: the kit's own here, each game's added by its
#: puzzles module (:func:`add_goals`).
MOVE_GOALS: dict[str, MoveGoal] = {
    "legal": MoveGoal(_legal),
    "win": MoveGoal(_win, whole_turn=True),
    "safe": MoveGoal(_safe, whole_turn=True),
    "perfect": MoveGoal(_perfect),
}
CELL_GOALS: dict[str, CellGoal] = {}
CHOICE_GOALS: dict[str, ChoiceGoal] = {}


#: The game whose own goal a name is (the kit's goals have none: any game may use them).
GOAL_GAMES: dict[str, str] = {}


def add_goals(
    move: Mapping[str, MoveGoal] | None = None,
    cells: Mapping[str, CellGoal] | None = None,
    choice: Mapping[str, ChoiceGoal] | None = None,
    game: str | None = None,
) -> None:
    """Add a game's own goals (a game's puzzles module calls this before its puzzles):
    ``move``, ``cells`` and ``choice`` goals by name, the goals of ``game`` (its puzzles
    only may use them; ``None``: any game). A name is one goal: adding another goal under a
    name already taken is refused.

    Raises:
        TypeError: a goal of the wrong type for its kind.
        ValueError: a name already taken by another goal.
    """
    tables: tuple[tuple[dict[str, Any], Mapping[str, Any] | None, type], ...] = (
        (MOVE_GOALS, move, MoveGoal),
        (CELL_GOALS, cells, CellGoal),
        (CHOICE_GOALS, choice, ChoiceGoal),
    )
    for table, given, kind in tables:
        for name, goal in (given or {}).items():
            if not isinstance(goal, kind):
                raise TypeError(f"the goal {name!r} must be a {kind.__name__}, not {shown(goal)}")
            known = MOVE_GOALS.get(name) or CELL_GOALS.get(name) or CHOICE_GOALS.get(name)
            if known is not None and known != goal:
                raise ValueError(f"another goal is called {name!r} already")
            table[name] = goal
            if game is not None:
                GOAL_GAMES[name] = game


def cell_label(cell: Any) -> str | None:
    """A cell label such as ``c3`` (lower case, no spaces), or ``None`` if it is not one."""
    if not isinstance(cell, str) or len(cell) > 12:
        return None
    text = cell.strip().lower()
    return text if re.fullmatch(r"[a-z][0-9]{1,2}", text) else None


PAIR_CELL = re.compile(r"\(?\s*(-?[0-9]{1,4})\s*,\s*(-?[0-9]{1,4})\s*\)?")


class _Goals(Mapping[str, str]):
    """Every goal's name -> the kind of answer it takes, the games' goals included (their
    puzzles modules are loaded on first use)."""

    def _all(self) -> dict[str, str]:
        for game in games():  # a game's puzzles module adds its goals as it loads
            own_part(game, "puzzles")
        return {
            **{g: "move" for g in MOVE_GOALS},
            **{g: "cells" for g in CELL_GOALS},
            **{g: "choice" for g in CHOICE_GOALS},
        }

    def __getitem__(self, goal: str) -> str:
        for table, kind in (
            (MOVE_GOALS, "move"),
            (CELL_GOALS, "cells"),
            (CHOICE_GOALS, "choice"),
        ):
            if goal in table:
                return kind
        return self._all()[goal]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __repr__(self) -> str:
        return f"GOALS({self._all()!r})"


#: Every goal, by the kind of answer it takes.
GOALS: Mapping[str, str] = _Goals()
