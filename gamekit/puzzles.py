"""Graded puzzles whose answers the rules engines compute.

A :class:`Puzzle` is a position, a task in plain words and a *goal* that the engine can
judge. ``answers()`` lists **every** answer that meets the goal (computed by the engine,
not one answer the author had in mind), and ``check(answer)`` grades an answer with a
:class:`Grade`: right or not, a message in words (a refusal names the rule, a wrong move
says what it leads to) and a hint that nudges without giving the answer away.
:class:`Attempts` counts the tries at one puzzle, offers the hint after the first wrong one
and reveals the answer when asked or after three wrong tries.

There are three kinds of answer:

- ``"move"``: a move (a ``Move`` of the game or its notation);
- ``"cells"``: a collection of cell names, which must be the whole set the goal asks for;
- ``"choice"``: one of the puzzle's ``choices``, judged by a stated rule (perfect play on
  a tiny board, or the better expected score computed exactly from the bag).

:data:`PUZZLES` holds them by game, each game's in teaching order (levels 1 to 5).
``answers()`` gives the moves that meet the goal, the one right set of cells (a
``frozenset``) or the best choices. The goals (:data:`GOALS`):

- any game: ``legal`` (a legal move, within the task's ``focus``), ``win`` (the mover wins
  before the turn is over), ``safe`` (afterwards the opponent cannot win in their turn);
- Coffee: ``legal-cells``, ``block`` (the opponent is left no legal move), ``perfect``
  (a win against any defence, by full search: tiny boards only), ``verdict`` (does the
  player to move win, or are they blocked?), ``pie`` (swap or keep, by perfect play);
- GIPF: ``pushed`` (the spots a push moves), ``row``, ``two-rows``, ``gift`` (a push that
  hands the opponent a row), ``removal`` (capture the most), ``survive`` (do not lose);
- Hex Tiles: ``tile-cells`` (where a tile fits), ``best-score``, ``closed`` (the whole
  outer border marked), ``best-take`` (the market tile that can score most);
- Coffee Roaster: ``keep-out`` (no drawn token of the ``target`` kinds is roasted),
  ``make`` (an effect makes the ``target`` beans), ``expected-score`` (the choice with the
  better expected cup score, exact over the bag, each token to the cup or the tray as is
  best; "roast again" means one more round with no effects, then a stop).

>>> from gamekit import puzzles
>>> p = puzzles.get("coffee-block-1")
>>> p.game, p.kind, p.goal, p.level
('coffee', 'move', 'block', 2)
>>> [str(m) for m in p.answers()]
['c4|']
>>> p.check("c4|").right
True
>>> p.check("c4-")
Grade(right=False, message='After c4-, Black still has 6 legal moves.', hint="A player is stuck when the rod's line has one empty cell left and a stone there would fill every line through it.")
>>> p.check("a1|").message
'a1| is not allowed: a1 already holds an Orange stone.'
"""

from __future__ import annotations

import inspect
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from math import comb
from typing import Any, NamedTuple

from gamekit import coffee, gipf, hextiles, roaster
from gamekit.errors import InvalidNotationError
from gamekit.errors import shown as _show
from gamekit.game import FrozenMap, game_of, lineage, part, player_index

__all__ = [
    "KINDS",
    "GOALS",
    "Grade",
    "Puzzle",
    "Attempts",
    "PUZZLES",
    "get",
]

#: The kinds of answer a puzzle takes.
KINDS = ("move", "cells", "choice")


# ---------------------------------------------------------------------------------------
# Grades
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Grade:
    """The verdict on one answer: ``right``, a ``message`` in plain words (which never gives
    the answer away when the answer is wrong) and a ``hint`` (a nudge, empty when right).
    A grade is true when the answer is right.

    >>> g = Grade(False, "a1| is not allowed: a1 is not on the rod's line.", "Follow the rod.")
    >>> bool(g), g.hint
    (False, 'Follow the rod.')
    """

    right: bool
    message: str
    hint: str = ""

    def __bool__(self) -> bool:
        return self.right


# ---------------------------------------------------------------------------------------
# Small helpers
# ---------------------------------------------------------------------------------------


def _who(seat: str | None) -> str:
    """A seat as a sentence shows it: ``"black"`` -> ``"Black"``."""
    seat = seat or "nobody"
    return seat[:1].upper() + seat[1:]


def _plural(k: int, word: str, words: str | None = None) -> str:
    return f"{k} {word if k == 1 else (words or word + 's')}"


def _join(words: list[str], last: str = "and") -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def _first_sentence(text: str) -> str:
    """The first sentence of an engine's refusal: the move and the rule it breaks (later
    sentences may list what *is* possible, which could give a puzzle's answer away)."""
    return _SENTENCE_END.split(text.strip(), maxsplit=1)[0]


def _sentence(text: str, move: object = None) -> str:
    """``text`` as a sentence: a capital (unless it starts with a move's notation, which
    keeps its case: ``c4|``, ``place 111000 at (0,1) turn 2``) and a full stop."""
    text = text.strip()
    first = text.split(" ", 1)[0]
    notation = move is not None and text.startswith(str(move))
    if first.isalpha() and not notation:
        text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _other(state: Any, seat: str) -> str:
    """The seat that plays after ``seat`` in a two-player game."""
    seats = state.rules.seats
    return seats[(seats.index(seat) + 1) % len(seats)]


def _won(state: Any, seat: str) -> bool:
    o = state.outcome
    return o is not None and tuple(o.winners) == (seat,)


def _lost(state: Any, seat: str) -> bool:
    o = state.outcome
    return o is not None and seat not in o.winners


#: Per game: whether the turn of the player who moved last still goes on (GIPF: rows wait
#: to be removed, which belongs to the turn of the push that made them).
_TURN_GOES_ON: dict[str, Callable[[Any], bool]] = {
    "gipf": lambda s: s.phase == "remove",
}


def _for_game(table: Mapping[str, Any], state: Any, default: Any = None) -> Any:
    for name in lineage(state):
        if name in table:
            return table[name]
    return default


def _can_force(state: Any, seat: str, reached: Callable[[Any], bool]) -> bool:
    """Whether ``seat`` can make sure that, when the turn under way is over, ``reached``
    holds: ``seat`` picks its own decisions, the other player's come out as they may."""
    goes_on = _for_game(_TURN_GOES_ON, state, lambda s: False)
    if state.outcome is not None or not goes_on(state):
        return reached(state)
    results = (_can_force(state.play(m), seat, reached) for m in state.legal_moves())
    return any(results) if state.to_move == seat else all(results)


def _winning_replies(state: Any) -> list[Any]:
    """The moves of the player to move after which they win before their turn is over."""
    if state.outcome is not None:
        return []
    seat = state.to_move
    return [
        m for m in state.legal_moves() if _can_force(state.play(m), seat, lambda t: _won(t, seat))
    ]


def _perfect_winner(state: Any, memo: dict[Any, str]) -> str:
    """The seat that wins ``state`` with perfect play (two players, no draws): a full
    search, for tiny boards only."""
    known = memo.get(state)
    if known is not None:
        return known
    o = state.outcome
    if o is not None:
        winner = o.winners[0]
    else:
        me = state.to_move
        winner = _other(state, me)
        for m in state.legal_moves():
            if _perfect_winner(state.play(m), memo) == me:
                winner = me
                break
    memo[state] = winner
    return winner


def _parts(move: Any) -> set[str]:
    """The words a move is made of (its notation, cell, dot, tile pattern, action ...),
    which a puzzle's ``focus`` is matched against."""
    out = {str(move)}
    for name in ("cell", "axis", "dot", "entry", "pattern", "action", "kind"):
        value = getattr(move, name, None)
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, tuple) and len(value) == 2:
            out.add(hextiles.cell_text(value))
    return out


# ---------------------------------------------------------------------------------------
# Goals: what an answer must achieve, judged by the engine
# ---------------------------------------------------------------------------------------


class _MoveGoal(NamedTuple):
    """A goal for a move: ``judge(puzzle, state, move)`` gives (``met`` or a value, words).
    With ``best`` the value is a number and the answers are the moves of the highest. With
    ``whole_turn`` the goal is met (or not) when the mover's turn is over (GIPF: after the
    removals that follow a push), so ``judge`` also takes a :class:`_Turn`, the answer's
    move and the moves that finish the turn."""

    judge: Callable[[Puzzle, Any, Any], tuple[Any, str]]
    best: bool = False
    needs: tuple[str, ...] = ()  # the puzzle's fields the goal reads
    whole_turn: bool = False


class _Turn(tuple):
    """A move and the mover's moves that finish its turn, shown as one text."""

    def __str__(self) -> str:
        return " ".join(str(m) for m in self)


def _after(state: Any, move: Any) -> Any:
    """``state`` after ``move``, or after each move of a :class:`_Turn`."""
    for m in move if isinstance(move, _Turn) else (move,):
        state = state.play(m)
    return state


class _CellGoal(NamedTuple):
    """A goal for a set of cells: the right set, and why a cell outside it is not in it."""

    cells: Callable[[Puzzle, Any], frozenset[str]]
    why_not: Callable[[Puzzle, Any, str], str]
    normalise: Callable[[Any], str | None]
    #: Whether a (normalised) cell is one the puzzle's board shows, to be chosen.
    on_board: Callable[[Any, str], bool]
    needs: tuple[str, ...] = ()


class _ChoiceGoal(NamedTuple):
    """A goal for a choice: each choice's value (higher is better) and its words."""

    values: Callable[[Puzzle, Any], dict[str, tuple[float, str]]]
    needs: tuple[str, ...] = ()


def _legal(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    return True, f"{m} is allowed"


def _win(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    me = s.to_move
    after = _after(s, m)
    if _can_force(after, me, lambda t: _won(t, me)):
        if after.outcome is not None:
            return True, f"after {m}, {_who(me)} wins: {after.outcome.reason}"
        return True, f"after {m}, {_who(me)} can finish the turn with a win whatever happens"
    if after.outcome is not None:
        return False, f"after {m} the game ends, but not with a win for {_who(me)}"
    if after.to_move != me:
        k = len(after.legal_moves())
        return False, (
            f"after {m} the game goes on: {_who(after.to_move)} still has "
            f"{_plural(k, 'legal move')}"
        )
    return False, f"after {m}, {_who(me)} cannot make sure of a win this turn"


def _block(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    me = s.to_move
    after = s.play(m)
    o = after.outcome
    if o is not None and o.ending == "blocked" and _won(after, me):
        return True, f"after {m}, {o.reason}"
    if o is not None:
        return False, f"{m} ends the game ({o.reason}), but not by leaving the opponent no move"
    k = len(after.legal_moves())
    return False, f"after {m}, {_who(after.to_move)} still has {_plural(k, 'legal move')}"


def _safe(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    me = s.to_move
    after = _after(s, m)
    threat: list[str] = []

    def holds(t: Any) -> bool:
        if t.outcome is not None:
            return not _lost(t, me)
        for reply in _winning_replies(t):
            threat.append(_win_reason(t.play(reply), t.to_move))
            return False
        return True

    if _can_force(after, me, holds):
        return True, f"after {m}, {_who(_other(s, me))} has no way to win in the next turn"
    if after.outcome is not None:
        return False, f"{m} loses at once: {after.outcome.reason}"
    how = f" ({threat[0]})" if threat else ""
    return False, f"after {m}, {_who(_other(s, me))} could win in the next turn{how}"


def _win_reason(state: Any, seat: str) -> str:
    """How ``seat`` wins from ``state`` before the turn is over, in words."""
    while state.outcome is None:
        moves = [
            m
            for m in state.legal_moves()
            if _can_force(state.play(m), seat, lambda t: _won(t, seat))
        ]
        state = state.play(moves[0] if moves else state.legal_moves()[0])
    return state.outcome.reason


def _perfect(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    me = s.to_move
    memo = p._memo.setdefault("perfect", {})
    winner = _perfect_winner(s.play(m), memo)
    if winner == me:
        return True, f"after {m}, {_who(me)} wins against any defence"
    return False, f"after {m}, {_who(winner)} wins with perfect play"


def _rows_after(s: Any, m: Any) -> tuple[Any, list[Any]]:
    after = s.play(m)
    return after, list(after.rows()) if after.outcome is None else []


def _row_words(rows: list[Any]) -> str:
    return _join([f"{r.row[0]}–{r.row[-1]}" for r in rows])


def _row(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    me = s.to_move
    _, rows = _rows_after(s, m)
    mine = [r for r in rows if r.owner == me]
    if mine:
        return True, f"after {m}, {_who(me)} has a row of four: {_row_words(mine)}"
    return False, f"after {m}, no row of four {me} pieces stands"


def _two_rows(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    me = s.to_move
    _, rows = _rows_after(s, m)
    mine = [r for r in rows if r.owner == me]
    if len(mine) >= 2:
        return True, f"after {m}, {_who(me)} has two rows at once: {_row_words(mine)}"
    if mine:
        return False, f"after {m}, {_who(me)} has one row ({_row_words(mine)}), not two"
    return False, f"after {m}, no row of four {me} pieces stands"


def _gift(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    me = s.to_move
    opp = _other(s, me)
    after, rows = _rows_after(s, m)
    theirs = [r for r in rows if r.owner == opp]
    if theirs:
        caught = {x for r in theirs for x in r.segment if after.piece_at(x).startswith(me)}
        capture = f", capturing {_plural(len(caught), f'{me} piece')}" if caught else ""
        return True, (
            f"after {m}, {_who(opp)} has a row ({_row_words(theirs)}), which {_who(opp)} "
            f"removes{capture}"
        )
    return False, f"after {m}, no row of four {opp} pieces stands"


def _removal(p: Puzzle, s: Any, m: Any) -> tuple[float, str]:
    opp = _other(s, s.to_move)
    after = s.play(m)
    taken = after.captured(opp) - s.captured(opp)
    words = f"{m} captures {_plural(taken, f'{opp} piece')}"
    if after.outcome is not None:
        words += f", and the game ends: {after.outcome.reason}"
    return taken, words


def _survive(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    me = s.to_move
    after = s.play(m)
    if _lost(after, me):
        return False, f"after {m} the game is over: {after.outcome.reason}, so {_who(me)} loses"
    return True, f"after {m} the game goes on for {_who(me)}"


def _score_words(sc: hextiles.Score) -> str:
    doubled = ", doubled because the whole outer border is marked" if sc.closed else ""
    return f"{sc.total} (tiles {sc.tiles} + border {sc.border}{doubled})"


def _best_score(p: Puzzle, s: Any, m: Any) -> tuple[float, str]:
    after = s.play(m)
    sc = hextiles.score(after.figure(s.player))
    return sc.total, f"after {m} the figure scores {_score_words(sc)}"


def _closed(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    after = s.play(m)
    fig = after.figure(s.player)
    sc = hextiles.score(fig)
    if sc.closed:
        return True, f"after {m} every edge of the outer border is marked: {_score_words(sc)}"
    open_edges = sum(1 for edge in sc.outer if not fig.marked_edge(edge))
    return False, (
        f"after {m}, {_plural(open_edges, 'edge')} of the outer border "
        f"{'is' if open_edges == 1 else 'are'} still unmarked"
    )


def _best_reach(figure: Any, pattern: str) -> int:
    """The best total ``figure`` can reach by placing one tile of ``pattern`` (its own
    total if the tile fits nowhere)."""
    best = hextiles.score(figure).total
    for cell, turn in figure.legal_placements(pattern):
        best = max(best, hextiles.score(figure.place(pattern, cell, turn)).total)
    return best


def _best_take(p: Puzzle, s: Any, m: Any) -> tuple[float, str]:
    value = _best_reach(s.figure(), m.pattern)
    tile = hextiles.Tile.from_marks(m.pattern)
    return value, (
        f"with the {tile.colour} tile {m.pattern}, the best the figure can score after placing "
        f"it is {value}"
    )


def _drawn_after(s: Any, m: Any) -> dict[str, int]:
    """The drawn tokens that roasting would roast after ``m``: roasting now roasts the
    tokens drawn now."""
    return s.drawn if m.action == "roast" else s.play(m).drawn


def _keep_out(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    left = {t: k for t, k in _drawn_after(s, m).items() if t in p.target}
    if not left:
        words = _join([roaster.TOKEN_NAMES[t] for t in p.target], "or")
        return True, f"after {m} no {words} is left among the drawn tokens"
    listed = _join([_plural(k, roaster.TOKEN_NAMES[t]) for t, k in left.items()])
    return False, f"after {m} the drawn tokens still hold {listed}"


def _make(p: Puzzle, s: Any, m: Any) -> tuple[bool, str]:
    if m.action == "roast":
        return False, "roasting uses no effect, so it makes no new bean"
    before, after = Counter(s.created), Counter(s.play(m).created)
    made = after - before
    want = Counter(p.target)
    words = _join([_plural(k, roaster.TOKEN_NAMES[t]) for t, k in want.items()])
    if not want - made:
        return True, f"{m} makes {words}"
    got = _join([_plural(k, roaster.TOKEN_NAMES[t]) for t, k in made.items()]) or "no new bean"
    return False, f"{m} makes {got}, not {words}"


_MOVE_GOALS: dict[str, _MoveGoal] = {
    "legal": _MoveGoal(_legal),
    "win": _MoveGoal(_win, whole_turn=True),
    "block": _MoveGoal(_block),
    "safe": _MoveGoal(_safe, whole_turn=True),
    "perfect": _MoveGoal(_perfect),
    "row": _MoveGoal(_row),
    "two-rows": _MoveGoal(_two_rows),
    "gift": _MoveGoal(_gift),
    "removal": _MoveGoal(_removal, best=True),
    "survive": _MoveGoal(_survive),
    "best-score": _MoveGoal(_best_score, best=True),
    "closed": _MoveGoal(_closed),
    "best-take": _MoveGoal(_best_take, best=True),
    "keep-out": _MoveGoal(_keep_out, needs=("target",)),
    "make": _MoveGoal(_make, needs=("target",)),
}


# -- cells ---------------------------------------------------------------------------------


def _label(cell: Any) -> str | None:
    """A cell label such as ``c3`` (lower case, no spaces), or ``None`` if it is not one."""
    if not isinstance(cell, str) or len(cell) > 12:
        return None
    text = cell.strip().lower()
    return text if re.fullmatch(r"[a-z][0-9]{1,2}", text) else None


_HEX_CELL = re.compile(r"\(?\s*(-?[0-9]{1,4})\s*,\s*(-?[0-9]{1,4})\s*\)?")


def _tile_cell(cell: Any) -> str | None:
    """A Hex Tiles cell as ``(q,r)`` text, from text or a pair of whole numbers."""
    if isinstance(cell, str) and len(cell) <= 40:
        m = _HEX_CELL.fullmatch(cell.strip())
        return f"({int(m.group(1))},{int(m.group(2))})" if m else None
    if isinstance(cell, tuple | list) and len(cell) == 2:
        if all(isinstance(x, int) and not isinstance(x, bool) and abs(x) < 10**4 for x in cell):
            return hextiles.cell_text((int(cell[0]), int(cell[1])))
    return None


def _near_figure(s: Any, cell: str) -> bool:
    """A Hex Tiles cell of the figure or touching it: the cells its board draws."""
    fig = s.figure()
    near = set(fig.cells()) | set(fig.frontier())
    return cell in {hextiles.cell_text(c) for c in near}


def _coffee_cells(p: Puzzle, s: Any) -> frozenset[str]:
    return frozenset(s.legal_cells())


def _coffee_why_not(p: Puzzle, s: Any, cell: str) -> str:
    if not s.grid.has(cell):
        return f"{cell} is not a cell of this board"
    return _first_sentence(s.why_cell_illegal(cell) or f"{cell} is allowed")


def _tile_cells(p: Puzzle, s: Any) -> frozenset[str]:
    fig = s.figure()
    return frozenset(hextiles.cell_text(c) for c, _ in fig.legal_placements(p.focus[0]))


def _tile_why_not(p: Puzzle, s: Any, cell: str) -> str:
    fig = s.figure()
    tile = hextiles.Tile.from_marks(p.focus[0])
    if cell in fig:
        return f"{cell} already holds a tile"
    if cell not in {hextiles.cell_text(c) for c in fig.frontier()}:
        return f"{cell} does not touch the figure"
    return (
        f"no turn of the {tile.colour} tile fits on {cell}: a marked side would touch a tile, "
        "or a neighbour shows a mark toward it"
    )


def _pushed_cells(p: Puzzle, s: Any) -> frozenset[str]:
    return frozenset(s.pushed_spots(p.focus[0]))


def _pushed_why_not(p: Puzzle, s: Any, cell: str) -> str:
    if not gipf.GRID.has(cell):
        return f"the board has no point {cell}"
    if cell in gipf.DOTS:
        return f"{cell} is a dot, where no piece stays"
    if s.piece_at(cell) is None:
        return f"{cell} is empty"
    return f"the piece on {cell} does not move: a push stops at the first empty spot"


_CELL_GOALS: dict[str, _CellGoal] = {
    "legal-cells": _CellGoal(
        _coffee_cells, _coffee_why_not, _label, lambda s, c: bool(s.grid.has(c))
    ),
    "tile-cells": _CellGoal(_tile_cells, _tile_why_not, _tile_cell, _near_figure, needs=("focus",)),
    "pushed": _CellGoal(
        _pushed_cells,
        _pushed_why_not,
        _label,
        lambda s, c: bool(gipf.GRID.has(c)),
        needs=("focus",),
    ),  # fmt: skip
}


# -- choices ---------------------------------------------------------------------------------


def _pie(p: Puzzle, s: Any) -> dict[str, tuple[float, str]]:
    """Perfect play: the responder swaps when Black's first stone wins, and keeps Orange
    otherwise (Coffee has no draws)."""
    memo: dict[Any, str] = {}
    me = s.to_move
    responder = player_index(s, me)
    swapped = s.play(coffee.Move.swap())
    swap_wins = player_index(swapped, _perfect_winner(swapped, memo)) == responder
    keep_wins = any(
        player_index(t, _perfect_winner(t, memo)) == responder
        for m in s.legal_moves()
        if not m.is_swap
        for t in [s.play(m)]
    )
    first = s.rod
    return {
        "swap": (
            float(swap_wins),
            f"after a swap, the player who swaps takes over the stone on {first.cell} and "
            + ("wins" if swap_wins else "loses")
            + " with perfect play",
        ),
        "keep": (
            float(keep_wins),
            "playing on as Orange, the player who replies "
            + ("wins" if keep_wins else "loses")
            + " with perfect play",
        ),
    }


def _verdict(p: Puzzle, s: Any) -> dict[str, tuple[float, str]]:
    """Does the player to move win at once, or have they no legal move?"""
    me = s.to_move
    wins = _winning_replies(s)
    legal = s.legal_moves()
    if wins:
        won = f"{_who(me)} wins: {s.play(wins[0]).outcome.reason}"
    else:
        won = f"no move wins at once for {_who(me)}"
    stuck = (
        f"{_who(me)} has no legal move"
        if not legal
        else f"{_who(me)} is not blocked: {_plural(len(legal), 'legal move')}"
    )
    return {"wins": (float(bool(wins)), won), "blocked": (float(not legal), stuck)}


def _roaster_values(p: Puzzle, s: Any) -> dict[str, tuple[float, str]]:
    out: dict[str, tuple[float, str]] = {}
    for label, move in zip(p.choices, p.moves_of_choices, strict=True):
        value = _expected(s, move)
        out[label] = (
            value,
            f"{_roaster_choice_words(move)} gives an expected cup score of {value:.2f}",
        )
    return out


def _roaster_choice_words(move: str) -> str:
    return {
        "cup": "putting the token in the cup",
        "tray": "putting the token on the tray",
        "stop": "stopping now",
        "continue": "roasting one more round (no effects) and then stopping",
    }[move]


_CHOICE_GOALS: dict[str, _ChoiceGoal] = {
    "pie": _ChoiceGoal(_pie),
    "verdict": _ChoiceGoal(_verdict),
    "expected-score": _ChoiceGoal(_roaster_values, needs=("moves_of_choices",)),
}

#: Every goal, by the kind of answer it takes.
GOALS: FrozenMap[str, str] = FrozenMap(
    {
        **{g: "move" for g in _MOVE_GOALS},
        **{g: "cells" for g in _CELL_GOALS},
        **{g: "choice" for g in _CHOICE_GOALS},
    }
)


# ---------------------------------------------------------------------------------------
# Coffee Roaster: exact expected cup scores
# ---------------------------------------------------------------------------------------

_TOKENS = roaster.TOKENS


def _counts(tokens: Mapping[str, int]) -> tuple[int, ...]:
    return tuple(tokens.get(t, 0) for t in _TOKENS)


class _CupTest:
    """The expected score of a cup test, every token going to the cup or the tray as is
    best: an exact expectimax over the bag's tokens, remembered across the positions of
    one question. The game's Select and Exchange are not modelled (a puzzle that uses
    this keeps them locked)."""

    def __init__(self, s: Any) -> None:
        self.card = s.rules.card
        self.slots = len(s.cup)
        self.extra = s.board.extra_bean if "extra-bean" in s.unlocked else 0
        self.memo: dict[tuple[Any, ...], float] = {}
        self.scores: dict[tuple[int, ...], float] = {}
        self.moisture = _TOKENS.index("moisture")

    def score(self, cup: tuple[int, ...]) -> float:
        known = self.scores.get(cup)
        if known is None:
            tokens = [t for t, k in zip(_TOKENS, cup, strict=True) for _ in range(k)]
            s = roaster.score(tokens, self.card, extra_bean=self.extra, slots=self.slots)
            known = self.scores[cup] = float(s.total)
        return known

    def value(self, bag: tuple[int, ...], cup: tuple[int, ...], tray_left: int) -> float:
        """From a bag, a cup (counts by token) and the tray's free slots."""
        key = (bag, cup, tray_left)
        known = self.memo.get(key)
        if known is not None:
            return known
        dry = sum(bag) - bag[self.moisture]
        if sum(cup) >= self.slots or dry == 0:
            result = self.score(cup)
        else:
            result = 0.0
            for i, k in enumerate(bag):
                if not k or i == self.moisture:
                    continue  # moisture leaves the game and another token is drawn
                rest = bag[:i] + (k - 1,) + bag[i + 1 :]
                best = self.value(rest, cup[:i] + (cup[i] + 1,) + cup[i + 1 :], tray_left)
                if tray_left:
                    best = max(best, self.value(rest, cup, tray_left - 1))
                result += k / dry * best
        self.memo[key] = result
        return result


def _hypergeometric(bag: tuple[int, ...], n: int) -> Iterable[tuple[tuple[int, ...], float]]:
    """Every multiset of ``n`` tokens drawn at once from ``bag`` (all of it if it holds
    fewer), with its chance."""
    total = sum(bag)
    n = min(n, total)
    ways = comb(total, n)
    kinds = [i for i, k in enumerate(bag) if k]

    def rec(j: int, left: int, taken: list[int], weight: int) -> Iterable[tuple[Any, int]]:
        if j == len(kinds):
            if left == 0:
                yield tuple(taken), weight
            return
        i = kinds[j]
        rest = sum(bag[x] for x in kinds[j + 1 :])
        for k in range(max(0, left - rest), min(bag[i], left) + 1):
            taken[i] = k
            yield from rec(j + 1, left - k, taken, weight * comb(bag[i], k))
        taken[i] = 0

    for drawn, weight in rec(0, n, [0] * len(bag), 1):
        yield drawn, weight / ways


def _expected(s: Any, move: str) -> float:
    """The expected cup score after ``move`` ("cup", "tray", "stop" or "continue"), the
    engine playing each step it can: a "continue" is one more round with no effects, then
    a stop."""
    if set(s.unlocked) & {"select", "exchange"}:
        raise ValueError("the expected score does not model Select or Exchange")
    test = _CupTest(s)
    tray_left = s.tray_size - len(s.tray)
    if move in ("cup", "tray"):
        in_cup = Counter(s.cup_tokens())
        if move == "cup":
            in_cup += Counter(s.aside)
        else:
            tray_left -= 1
        return test.value(_counts(s.bag), _counts(in_cup), tray_left)
    cup = _counts({"sweetness": 1} if "sweetness" in s.unlocked else {})
    if move == "stop":
        return test.value(_counts(Counter(s.bag) + Counter(s.reserve)), cup, tray_left)
    hotter = s.play("continue")  # the engine moves the marker and adds its smoke
    bag = _counts(hotter.bag)
    expected = 0.0
    for drawn, chance in _hypergeometric(bag, hotter.marker[0]):
        kept = {t: k for t, k in zip(_TOKENS, drawn, strict=True) if k and t != "moisture"}
        left = {t: b - d for t, b, d in zip(_TOKENS, bag, drawn, strict=True) if b - d}
        roasted = s.rules.arrange(kept, left, phase="effects", space=hotter.space).play("roast")
        after = _counts(Counter(roasted.bag) + Counter(s.reserve))
        expected += chance * test.value(after, cup, tray_left)
    return expected


# ---------------------------------------------------------------------------------------
# Puzzles
# ---------------------------------------------------------------------------------------

#: How each game builds a made-up position from ``Puzzle.setup`` (its rules' method).
_SETUP = {"gipf": "setup", "roaster": "arrange"}

_ID = re.compile(r"[a-z]+(-[a-z0-9]+)+")


def _frozen(value: Any) -> Any:
    """``value`` with every dict made a :class:`~gamekit.game.FrozenMap` and every list a
    tuple, all the way down."""
    if isinstance(value, Mapping):
        return FrozenMap({k: _frozen(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    return value


@dataclass(frozen=True, eq=False)
class Puzzle:
    """A graded task on one position.

    ``id`` names it (``"coffee-block-1"``), ``game`` is the registered game, ``level`` 1
    (a rule drill) to 5 (a decision), ``kind`` the kind of answer (:data:`KINDS`), ``goal``
    what the answer must achieve (:data:`GOALS`), ``task`` and ``hint`` say it in words.
    The position is ``rules`` set up with ``setup`` (keyword arguments of the rules'
    ``setup``/``arrange``, or the start) and then ``moves``. ``focus`` narrows the task to
    moves or cells made of those words (a cell, a dot, a tile pattern, an action), which
    ``about`` says in words; ``target`` is the goal's own detail (tokens to keep out of
    the roast, beans to make); ``choices`` are a choice puzzle's labels.

    >>> p = get("coffee-win-1")
    >>> p
    Puzzle('coffee-win-1', level=2, kind='move', goal='win')
    >>> sorted({m.cell for m in p.answers()})
    ['c4']

    Raises:
        ValueError: a field that no puzzle has (the message names it).
        TypeError: ``rules`` are not a registered game's rules.
    """

    id: str
    game: str
    level: int
    kind: str
    goal: str
    task: str
    hint: str
    rules: Any
    moves: tuple[str, ...] = ()
    setup: Mapping[str, Any] | None = None
    focus: tuple[str, ...] = ()
    about: str = ""
    target: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    moves_of_choices: tuple[str, ...] = ()
    _memo: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not _ID.fullmatch(self.id):
            raise ValueError(f"id must look like 'coffee-block-1', not {_show(self.id)}")
        if game_of(self.rules) != self.game:
            raise ValueError(f"{self.id}: rules of {game_of(self.rules)!r}, not {self.game!r}")
        if isinstance(self.level, bool) or self.level not in (1, 2, 3, 4, 5):
            raise ValueError(f"{self.id}: level must be 1 to 5, not {_show(self.level)}")
        if self.kind not in KINDS:
            raise ValueError(f"{self.id}: kind must be one of {', '.join(KINDS)}")
        if GOALS.get(self.goal) != self.kind:
            known = ", ".join(g for g, k in GOALS.items() if k == self.kind)
            raise ValueError(f"{self.id}: a {self.kind} puzzle's goal is one of {known}")
        for name in ("task", "hint"):
            if not isinstance(getattr(self, name), str) or not getattr(self, name).strip():
                raise ValueError(f"{self.id}: {name} must be a sentence")
        if (self.kind == "choice") != bool(self.choices):
            raise ValueError(f"{self.id}: a choice puzzle, and only one, has choices")
        if self.moves_of_choices and len(self.moves_of_choices) != len(self.choices):
            raise ValueError(f"{self.id}: moves_of_choices names one move per choice")
        if self.focus and not self.about:
            raise ValueError(f"{self.id}: a puzzle with a focus says it in words (about)")
        if self.setup is not None:  # shared by every board of the puzzle: nobody changes it
            object.__setattr__(self, "setup", _frozen(self.setup))
        goals: dict[str, _MoveGoal | _CellGoal | _ChoiceGoal] = {
            **_MOVE_GOALS,
            **_CELL_GOALS,
            **_CHOICE_GOALS,
        }
        spec = goals[self.goal]
        for name in spec.needs:
            if not getattr(self, name):
                raise ValueError(f"{self.id}: a {self.goal!r} puzzle needs {name}")

    def __repr__(self) -> str:
        return f"Puzzle({self.id!r}, level={self.level}, kind={self.kind!r}, goal={self.goal!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Puzzle) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)

    # -- the position ----------------------------------------------------------------------
    def start(self) -> Any:
        """The position of the puzzle: a ``State`` of its game (the same one each time).

        >>> get("coffee-win-1").start().to_move
        'black'

        Raises:
            IllegalMoveError: the puzzle's moves do not fit its rules (a puzzle made wrong).
        """
        state = self._memo.get("start")
        if state is None:
            if self.setup is None:
                state = self.rules.start()
            else:
                state = getattr(self.rules, _SETUP[self.game])(**self.setup)
            for move in self.moves:
                state = state.play(move)
            self._memo["start"] = state
        return state

    # -- the answers ----------------------------------------------------------------------
    def in_focus(self, move: Any) -> bool:
        """Whether ``move`` is of the kind the task asks for (its ``focus``: a cell, a dot,
        a tile, an action …); every move is when the puzzle has no focus. A board does
        not count a try outside the focus, it says what the task asks for (``about``).

        >>> p = get("coffee-rod-1")
        >>> p.in_focus(coffee.Move("c4", "-")), p.in_focus("a1-")
        (True, False)

        Raises:
            InvalidNotationError: ``move`` is text that is no move of the game.
        """
        if isinstance(move, str):
            move = _for_game(_MOVE_CLASSES, self.start()).parse(move)
        return not self.focus or set(self.focus) <= _parts(move)

    _in_focus = in_focus

    def _verdicts(self) -> dict[Any, tuple[Any, str]]:
        """Every legal move in focus with the goal's verdict on it (move puzzles)."""
        if "verdicts" not in self._memo:
            s = self.start()
            judge = _MOVE_GOALS[self.goal].judge
            self._memo["verdicts"] = {
                m: judge(self, s, m) for m in s.legal_moves() if self._in_focus(m)
            }
        return self._memo["verdicts"]

    def _best(self) -> Any:
        return max((v for v, _ in self._verdicts().values()), default=None)

    def _values(self) -> dict[str, tuple[float, str]]:
        if "values" not in self._memo:
            self._memo["values"] = _CHOICE_GOALS[self.goal].values(self, self.start())
        return self._memo["values"]

    def answers(self) -> tuple[Any, ...]:
        """Every answer that meets the goal, computed by the engine: the moves (in the
        order of ``legal_moves()``), the one right set of cells (a ``frozenset``), or the
        best choices.

        >>> sorted(get("coffee-legal-cells-1").answers()[0])
        ['b1', 'b2', 'b4', 'b5']
        """
        if "answers" not in self._memo:
            self._memo["answers"] = self._compute_answers()
        return self._memo["answers"]

    def _compute_answers(self) -> tuple[Any, ...]:
        if self.kind == "cells":
            return (_CELL_GOALS[self.goal].cells(self, self.start()),)
        if self.kind == "choice":
            values = self._values()
            top = max(v for v, _ in values.values())
            return tuple(c for c in self.choices if values[c][0] >= top - 1e-9)
        goal = _MOVE_GOALS[self.goal]
        verdicts = self._verdicts()
        if goal.best:
            top = self._best()
            return tuple(m for m, (v, _) in verdicts.items() if v == top)
        return tuple(m for m, (ok, _) in verdicts.items() if ok)

    def solution(self) -> str:
        """The answers in words (what :meth:`Attempts.reveal` shows).

        >>> get("coffee-pie-2").solution()
        'The answer: keep. Playing on as Orange, the player who replies wins with perfect play.'
        """
        answers = self.answers()
        if self.kind == "cells":
            cells = sorted(answers[0], key=_cell_order)
            return f"The {_plural(len(cells), 'cell')}: {_join(cells)}."
        if self.kind == "choice":
            words = [self._values()[c][1] for c in answers]
            return f"The answer: {_join(list(answers), 'or')}. " + " ".join(
                _sentence(w) for w in words
            )
        listed = [str(m) for m in answers]
        shown = listed[:12]
        more = f" (and {len(listed) - 12} more)" if len(listed) > 12 else ""
        if len(listed) == 1:
            why = self._verdicts()[answers[0]][1]
            return f"The answer: {listed[0]}. {_sentence(why, answers[0])}"
        return f"Every right answer: {_join(shown, 'or')}{more}."

    # -- grading -----------------------------------------------------------------------------
    def check(self, answer: Any) -> Grade:
        """Grade ``answer``: a move (a ``Move`` or its notation) for a ``"move"`` puzzle, a
        collection of cell names for ``"cells"``, one of ``choices`` for ``"choice"``.

        A move puzzle also takes a whole turn, a list of moves: the answer's move, then the
        mover's moves that finish its turn (GIPF's removals after a push). The first move
        is graded as alone; when it is right, the rest must be legal moves of the same
        turn, and a goal judged at the end of the turn (``win``, ``safe``) is judged where
        the turn ends.

        >>> p = get("coffee-block-1")
        >>> p.check("a1|").right
        False
        >>> get("gipf-win-1").check(["a1-b2", "xb2-h5 keep f5"]).message
        'After a1-b2 xb2-h5 keep f5 the game goes on: Black still has 42 legal moves.'

        Raises:
            TypeError: ``answer`` is not of the kind the puzzle takes (a malformed or wrong
                answer of the right type is graded wrong, with a message, instead).
        """
        if self.kind == "cells":
            return self._check_cells(answer)
        if self.kind == "choice":
            return self._check_choice(answer)
        return self._check_move(answer)

    def _wrong(self, message: str, move: object = None) -> Grade:
        return Grade(False, _sentence(message, move), self.hint)

    def turn_goes_on(self, state: Any) -> bool:
        """Whether, in ``state`` (reached from the start by the answer's move), the mover's
        turn goes on with a decision of theirs that the goal judges too: GIPF's removals
        after the push of a ``win`` or ``safe`` puzzle. A board then lets the learner
        finish the turn before it checks the whole turn.

        >>> p = get("gipf-win-1")
        >>> p.turn_goes_on(p.start().play("a1-b2")), p.turn_goes_on(p.start().play("e1-e2"))
        (True, False)
        """
        if self.kind != "move" or not _MOVE_GOALS[self.goal].whole_turn:
            return False
        goes_on = _for_game(_TURN_GOES_ON, state, lambda s: False)
        return state.outcome is None and goes_on(state) and state.to_move == self.start().to_move

    def _check_move(self, answer: Any) -> Grade:
        state = self.start()
        move_class = _for_game(_MOVE_CLASSES, state)
        if isinstance(answer, str | move_class):
            given = [answer]
        elif (
            isinstance(answer, list | tuple)
            and answer
            and all(isinstance(a, str | move_class) for a in answer)
        ):
            given = list(answer)  # a whole turn: the answer's move, then the rest of the turn
        else:
            raise TypeError(
                f"answer must be a {self.game} move (a Move or its notation as text), or a "
                f"whole turn as a list of them, not {type(answer).__name__}"
            )
        try:
            moves = [move_class.parse(a) for a in given]
            move = moves[0]
            reason = state.why_illegal(move)
        except InvalidNotationError as err:
            return self._wrong(_first_sentence(str(err)))
        if reason is not None:
            return self._wrong(_first_sentence(reason), move)
        if not self._in_focus(move):
            return self._wrong(f"{move} is allowed, but the task asks for {self.about}", move)
        goal = _MOVE_GOALS[self.goal]
        known = self._verdicts().get(move)
        verdict, words = known if known is not None else goal.judge(self, state, move)
        right = verdict == self._best() if goal.best else bool(verdict)
        if right and len(moves) > 1:
            rest = self._rest_of_turn(state, moves)
            if rest is not None:
                return self._wrong(rest)
            if goal.whole_turn:
                verdict, words = goal.judge(self, state, _Turn(moves))
                right, move = bool(verdict), _Turn(moves)
        if right:
            best = " No move does better." if goal.best else ""
            return Grade(True, "Right! " + _sentence(words, move) + best)
        better = " Another move does better." if goal.best else ""
        return self._wrong(_sentence(words, move) + better, move)

    def _rest_of_turn(self, state: Any, moves: list[Any]) -> str | None:
        """Why the moves after the first do not finish its turn (``None`` if they do)."""
        seat = state.to_move
        goes_on = _for_game(_TURN_GOES_ON, state, lambda s: False)
        state = state.play(moves[0])
        for m in moves[1:]:
            if state.outcome is not None or not goes_on(state) or state.to_move != seat:
                return f"{m} is not part of {_who(seat)}'s turn: it is over after {moves[0]}"
            try:
                reason = state.why_illegal(m)
            except InvalidNotationError as err:
                reason = str(err)
            if reason is not None:
                return _first_sentence(reason)
            state = state.play(m)
        return None

    def cell(self, name: Any) -> str | None:
        """The cell ``name`` names, as this cells puzzle writes it (``"c3"``, ``"(0,-1)"``),
        if its board shows that cell; ``None`` if ``name`` names no cell of the board (a
        typo such as ``"f1"`` on a board of side 5) or the puzzle is not answered with cells.

        >>> p = get("coffee-legal-cells-1")
        >>> p.cell(" B2"), p.cell("f1"), p.cell("(0,1)")
        ('b2', None, None)
        """
        if self.kind != "cells":
            return None
        goal = _CELL_GOALS[self.goal]
        cell = goal.normalise(name) if isinstance(name, str | tuple | list) else None
        if cell is None or not goal.on_board(self.start(), cell):
            return None
        return cell

    def _check_cells(self, answer: Any) -> Grade:
        if isinstance(answer, str | bytes | Mapping) or not isinstance(answer, Iterable):
            raise TypeError(
                "answer must be a collection of cell names, such as {'c3', 'd4'}, not "
                f"{type(answer).__name__}"
            )
        goal = _CELL_GOALS[self.goal]
        given: set[str] = set()
        for item in answer:
            if not isinstance(item, str | tuple | list):
                raise TypeError(f"a cell is named by text such as 'c3', not {type(item).__name__}")
            cell = goal.normalise(item)
            if cell is None:
                return self._wrong(f"{_show(item)} is not a cell name")
            given.add(cell)
        state = self.start()
        right = self.answers()[0]
        if given == right:
            return Grade(True, f"Right! All {_plural(len(right), 'cell')}.")
        missing = len(right - given)
        extra = sorted(given - right, key=_cell_order)
        parts = []
        if missing:
            parts.append(f"{_plural(missing, 'cell is', 'cells are')} missing")
        if extra:
            why = "; ".join(goal.why_not(self, state, c).rstrip(".") for c in extra[:4])
            more = f" (and {len(extra) - 4} more)" if len(extra) > 4 else ""
            parts.append(f"{_plural(len(extra), 'cell does', 'cells do')} not belong: {why}{more}")
        return self._wrong("Not quite: " + ", and ".join(parts))

    def _check_choice(self, answer: Any) -> Grade:
        if not isinstance(answer, str):
            raise TypeError(
                f"answer must be one of the choices ({', '.join(self.choices)}) as text, not "
                f"{type(answer).__name__}"
            )
        choice = " ".join(answer.lower().split())
        if choice not in self.choices:
            return self._wrong(
                f"{_show(answer)} is not one of the choices: {_join(list(self.choices), 'or')}"
            )
        values = self._values()
        if choice in self.answers():
            words = "; ".join(w for _, w in values.values())
            return Grade(True, "Right! " + _sentence(words))
        return self._wrong(f"Not quite: {values[choice][1]}")

    # -- the board ----------------------------------------------------------------------------
    def board(self, **options: Any) -> Any:
        """The game's clickable board in puzzle mode, showing this puzzle: the task on top,
        the position on the board, the answer made on it as in a game (or its cells
        clicked, or a choice's button pressed), graded with the hint after a wrong try and
        the answer on request or after three wrong tries (see
        :mod:`gamekit.widgets.puzzle`). ``options`` go to the board (``width=...``).

        >>> board = get("gipf-row-1").board()
        >>> board.click("a5"); board.click("b5")
        >>> board.grade.right
        True

        Raises:
            TypeError, ValueError: an option the board refuses (no ``rules``, ``record`` or
                opponent: the puzzle decides the position, and no computer plays).
            NotImplementedError: the game's board has no puzzle mode.
        """
        board_class = part(self.start(), "board")
        try:
            takes = "puzzle" in inspect.signature(board_class).parameters
        except (TypeError, ValueError):
            takes = False
        if not takes:
            raise NotImplementedError("puzzle mode arrives with the boards issue")
        return board_class(puzzle=self, **options)


#: Each game's move class (what a "move" answer may be, besides its notation).
_MOVE_CLASSES = {
    "coffee": coffee.Move,
    "gipf": gipf.Move,
    "hextiles": hextiles.Move,
    "roaster": roaster.Move,
}


def _cell_order(cell: str) -> tuple[Any, ...]:
    """Board order for labels (``b2`` before ``b10``) and Hex Tiles cells."""
    m = re.fullmatch(r"([a-z])([0-9]+)", cell)
    if m:
        return (0, m.group(1), int(m.group(2)))
    m = _HEX_CELL.fullmatch(cell)
    if m:
        return (1, int(m.group(1)), int(m.group(2)))
    return (2, cell)


# ---------------------------------------------------------------------------------------
# Attempts
# ---------------------------------------------------------------------------------------


class Attempts:
    """The tries at one puzzle, as a board's puzzle mode keeps them: it counts the tries,
    offers the hint after the first wrong one, and reveals the answer when asked
    (:meth:`reveal`) or after ``reveal_after`` wrong tries.

    >>> a = Attempts(get("coffee-block-1"))
    >>> a.hint
    ''
    >>> a.check("a1|").right, a.tries, a.hint != ""
    (False, 1, True)

    Raises:
        TypeError: ``puzzle`` is not a :class:`Puzzle`, or ``reveal_after`` not a whole number.
        ValueError: ``reveal_after`` is below 1.
    """

    def __init__(self, puzzle: Puzzle, reveal_after: int = 3) -> None:
        if not isinstance(puzzle, Puzzle):
            raise TypeError(
                f"puzzle must be a Puzzle (see puzzles.get), not {type(puzzle).__name__}"
            )
        if isinstance(reveal_after, bool) or not isinstance(reveal_after, int):
            raise TypeError(f"reveal_after must be a whole number, not {_show(reveal_after)}")
        if reveal_after < 1:
            raise ValueError(f"reveal_after must be 1 or more, not {reveal_after}")
        self.puzzle = puzzle
        self.reveal_after = reveal_after
        self.tries = 0
        self.wrong = 0
        self.solved = False
        self.revealed = False

    def __repr__(self) -> str:
        return (
            f"Attempts({self.puzzle.id!r}, tries={self.tries}, wrong={self.wrong}, "
            f"solved={self.solved}, revealed={self.revealed})"
        )

    @property
    def hint(self) -> str:
        """The puzzle's hint once a try was wrong; empty before."""
        return self.puzzle.hint if self.wrong else ""

    def check(self, answer: Any) -> Grade:
        """Grade one try (as :meth:`Puzzle.check`) and count it; the third wrong try's
        message ends with the answer.

        Raises:
            TypeError: as :meth:`Puzzle.check` (such a try is not counted).
        """
        grade = self.puzzle.check(answer)
        self.tries += 1
        if grade.right:
            self.solved = True
            return grade
        self.wrong += 1
        message = grade.message
        if self.wrong >= self.reveal_after and not self.solved:
            message += " " + self.reveal()
        return Grade(False, message, self.hint)

    def reveal(self) -> str:
        """The answer in words; the puzzle counts as revealed from now on."""
        self.revealed = True
        return self.puzzle.solution()

    def reset(self) -> None:
        """Start again: no tries, nothing revealed."""
        self.tries = self.wrong = 0
        self.solved = self.revealed = False


# ---------------------------------------------------------------------------------------
# The puzzles
# ---------------------------------------------------------------------------------------


def _moves(text: str) -> tuple[str, ...]:
    """A move list written as one text: moves apart by spaces, or by ``;`` when a move has
    spaces of its own (Hex Tiles)."""
    return tuple(m.strip() for m in (text.split(";") if ";" in text else text.split()))


def _puzzle(
    ident: str, level: int, goal: str, rules: Any, moves: str = "", **fields: Any
) -> Puzzle:
    """A puzzle whose game comes from its rules and whose kind from its goal."""
    return Puzzle(
        id=ident,
        game=game_of(rules),
        level=level,
        kind=GOALS[goal],
        goal=goal,
        rules=rules,
        moves=_moves(moves),
        **fields,
    )


_SQ3 = coffee.Rules(board="square", size=3)
_SQ3_PIE = coffee.Rules(board="square", size=3, pie_rule=True)
_SQ5 = coffee.Rules(board="square", size=5)
_HEX4 = coffee.Rules(board="hex", size=4)
_HEX5 = coffee.Rules(board="hex", size=5)

_COFFEE = (
    _puzzle(
        "coffee-legal-cells-1",
        1,
        "legal-cells",
        _SQ5,
        "b3|",
        task="Orange to move. The rod lies along column b: click every cell where Orange may "
        "put a stone.",
        hint="The stone goes on an empty cell of the rod's line, on either side of the last stone.",
    ),
    _puzzle(
        "coffee-rod-1",
        1,
        "legal",
        _SQ5,
        r"b4| b2| b3- e3\ c5- d5/ a2| a4- d4- e4-",
        task="Black to move: put the stone on c4 and lay the rod along a direction that "
        "leaves Orange an empty cell to play.",
        hint="Look at each line through c4: after the stone, which lines still have an empty cell?",
        focus=("c4",),
        about="a stone on c4",
    ),
    _puzzle(
        "coffee-rod-2",
        2,
        "legal",
        _SQ5,
        r"c4/ b3| b1/ d3| d5| d2-",
        task="Black to move: put the stone on a2 and lay the rod along a direction that leaves "
        "Orange an empty cell to play.",
        hint="Follow each of the four lines through a2 to the edge: which still has an empty "
        "cell once a2 is taken?",
        focus=("a2",),
        about="a stone on a2",
    ),
    _puzzle(
        "coffee-legal-cells-2",
        2,
        "legal-cells",
        _HEX5,
        r"a5\ b5\ c5\ g3\ i1/ e1\ d1\ b1/ e4\ h1/ f1/ g1| g6|",
        task="Orange to move on column g, where three stones already stand: click every cell "
        "where Orange may put a stone.",
        hint="Stones in between do not block: the stone may land anywhere along the rod's line.",
    ),
    _puzzle(
        "coffee-gap-1",
        2,
        "win",
        _HEX5,
        r"d4\ e4/ h4| h3\ c6| c1| c3/ a1/ b2/ i5/ f5\ e6|",
        task="Black to move on the hexagon of 5, where five in a row wins: win at once.",
        hint="A winning row must be unbroken, and a stone may fill a gap in the middle of a row.",
    ),
    _puzzle(
        "coffee-win-1",
        2,
        "win",
        _SQ5,
        r"e2/ d1- e1| e4| e3/ c1\ a3- b3- d3| d5- b5/ a4-",
        task="Black to move: win at once with a line of four.",
        hint="Count Black's stones along each line through the empty cells of the rod's line.",
    ),
    _puzzle(
        "coffee-block-1",
        2,
        "block",
        _SQ5,
        r"a4| a1- b1- e1- d1| d3\ e2| e3- c3- b3\ c2- b2- d2\ b4/ c5/ a3| a2/",
        task="Orange to move: leave Black no legal move, and win.",
        hint="A player is stuck when the rod's line has one empty cell left and a stone there "
        "would fill every line through it.",
    ),
    _puzzle(
        "coffee-exception-1",
        3,
        "verdict",
        _SQ5,
        r"a2- d2- e2\ b5/ a4- d4\ c5- e5| e4\ d5- a5| a3- c3/ b2/ a1- e1| e3/ c1- b1- d1| "
        r"d3- b3| b4- c4|",
        task="Black to move. c2 is the only empty cell on the rod's line, and a stone there "
        "fills every line through it, so no rod could follow. Is Black blocked, or does Black "
        "win?",
        hint="A stone that completes a line of four wins at once, whatever the rod does.",
        choices=("blocked", "wins"),
    ),
    _puzzle(
        "coffee-safe-1",
        4,
        "safe",
        _SQ5,
        r"b4\ c3- b3- e3/ c1\ a3/ c5| c2/ b1/ d3| d4- a4\ d1/ e2- a2|",
        task="Orange to move. Orange cannot win now: play a move after which Black cannot win "
        "at once either.",
        hint="For each move, look at the line the rod gives Black: could a Black stone there "
        "complete four, or leave Orange stuck?",
    ),
    _puzzle(
        "coffee-win-2",
        4,
        "win",
        _HEX4,
        r"e4/ b2| b1| b4\ a4| a2| a3| a1\ c1/ d2| d6/ e6| e1/ g1\ d4/ c3| c6/ b5\ g2/ e2\ d3| "
        r"d7\ f5| f1\ b3/",
        task="Orange to move: win now. No line of four is in reach.",
        hint="The other way to win: leave Black a rod line with one empty cell that fills "
        "every line through it.",
    ),
    _puzzle(
        "coffee-perfect-1",
        5,
        "perfect",
        _SQ3,
        task="A 3×3 board where three in a row wins. Black moves first: choose an opening "
        "after which Black wins against any defence.",
        hint="The centre is not always best: think about which rods leave Orange a short line.",
    ),
    _puzzle(
        "coffee-pie-1",
        5,
        "pie",
        _SQ3_PIE,
        "b1/",
        task="A 3×3 board with the pie rule: Black opened on b1 with the rod along '/'. Orange "
        "may swap (take over Black's stone and seat) or keep Orange. Which wins with perfect "
        "play?",
        hint="Swap exactly when Black's first stone wins for Black against any defence.",
        choices=("swap", "keep"),
    ),
    _puzzle(
        "coffee-pie-2",
        5,
        "pie",
        _SQ3_PIE,
        "b2|",
        task="A 3×3 board with the pie rule: Black opened in the centre, b2, with the rod "
        "along '|'. Orange may swap or keep Orange. Which wins with perfect play?",
        hint="A centre stone looks strong; check what its rod leaves Orange.",
        choices=("swap", "keep"),
    ),
)

_GIPF_STANDARD = gipf.Rules(variant="standard")
_GIPF = (
    _puzzle(
        "gipf-legal-1",
        1,
        "legal",
        gipf.Rules(variant="basic"),
        "b1-b2 b6-b5",
        task="Basic GIPF, White to push. Line b is full. Push a piece in from the dot b1.",
        hint="A dot on the edge has two lines into the board; a push into a full line is refused.",
        focus=("b1",),
        about="a push from b1",
    ),
    _puzzle(
        "gipf-pushed-1",
        1,
        "pushed",
        _GIPF_STANDARD,
        task="White pushes e1-e2. Click every spot whose piece moves.",
        hint="A push moves the pieces in front of it one spot on, as far as the first empty spot.",
        setup={
            "pieces": {
                "b5": "WG",
                "e2": "WG",
                "h5": "WG",
                "b2": "BG",
                "e8": "BG",
                "h2": "BG",
                "e3": "B",
                "e4": "W",
                "e6": "W",
                "e7": "B",
            }
        },
        focus=("e1-e2",),
        about="the push e1-e2",
    ),
    _puzzle(
        "gipf-pushed-2",
        1,
        "pushed",
        gipf.Rules(variant="basic"),
        task="Basic GIPF: White pushes e1-e2. Click every spot whose piece moves.",
        hint="Follow line e up from e2: every piece moves one spot on, until the first empty spot.",
        setup={
            "pieces": {
                "b5": "W",
                "h5": "W",
                "b2": "B",
                "h2": "B",
                "e2": "W",
                "e3": "B",
                "e4": "W",
                "e5": "B",
                "e7": "W",
                "e8": "B",
            }
        },
        focus=("e1-e2",),
        about="the push e1-e2",
    ),
    _puzzle(
        "gipf-legal-2",
        2,
        "legal",
        _GIPF_STANDARD,
        task="White to push a piece in from the dot d1. Find the push the rules allow.",
        hint="A dot that is not a corner has two lines into the board; count the empty spots "
        "on each.",
        setup={
            "pieces": {
                "b5": "WG",
                "e2": "WG",
                "h5": "WG",
                "b2": "BG",
                "e8": "BG",
                "h2": "BG",
                "d2": "W",
                "d3": "W",
                "d4": "B",
                "d5": "W",
                "d6": "B",
                "d7": "B",
                "f2": "B",
            }
        },
        focus=("d1",),
        about="a push from d1",
    ),
    _puzzle(
        "gipf-row-1",
        2,
        "row",
        _GIPF_STANDARD,
        task="White to push: make a row of four white pieces.",
        hint="A push shifts a whole line: look for a white piece that a push would move into "
        "place, not only for an empty spot to fill.",
        setup={
            "pieces": {
                "b5": "WG",
                "c5": "W",
                "d5": "W",
                "e2": "WG",
                "e3": "B",
                "e4": "W",
                "h5": "WG",
                "b2": "BG",
                "h2": "BG",
                "e8": "BG",
                "d4": "B",
                "c3": "W",
            }
        },
    ),
    _puzzle(
        "gipf-capture-1",
        2,
        "removal",
        _GIPF_STANDARD,
        "e1-e2",
        task="White has made a row on line e. Remove it so that White captures as many black "
        "pieces as possible.",
        hint="Black's pieces touching the row go too, but a GIPF piece among them stays if "
        "you say so.",
        setup={
            "pieces": {
                "b5": "WG",
                "h5": "WG",
                "b2": "BG",
                "h2": "BG",
                "e3": "W",
                "e4": "W",
                "e5": "W",
                "e6": "BG",
                "e7": "B",
                "e8": "B",
            }
        },
    ),
    _puzzle(
        "gipf-gift-1",
        3,
        "gift",
        _GIPF_STANDARD,
        task="White to push. Find a push that would hand Black a row, so that you know to "
        "avoid it.",
        hint="Black has three in a line with a gap at the end: which push moves a black piece "
        "into that gap?",
        setup={
            "pieces": {
                "b3": "B",
                "c4": "B",
                "d5": "B",
                "e2": "WG",
                "e3": "W",
                "e4": "B",
                "e5": "B",
                "c6": "W",
                "d6": "B",
                "b2": "BG",
                "h2": "BG",
                "e8": "BG",
                "b5": "WG",
                "h5": "WG",
                "g4": "W",
            }
        },
    ),
    _puzzle(
        "gipf-two-rows-2",
        3,
        "two-rows",
        gipf.Rules(variant="basic"),
        task="Basic GIPF, White to push: make two rows of four at once. They need not touch.",
        hint="A push moves several pieces at once: which line carries two white pieces into "
        "the gaps of two lines of three?",
        setup={
            "pieces": {
                "h5": "W",
                "h2": "B",
                "g6": "B",
                "f2": "B",
                "e8": "W",
                "e7": "B",
                "e6": "W",
                "d6": "W",
                "c5": "W",
                "b4": "W",
                "d4": "W",
                "c3": "W",
                "b2": "W",
            }
        },
    ),
    _puzzle(
        "gipf-keep-1",
        3,
        "survive",
        _GIPF_STANDARD,
        "e1-e2",
        task="White has made a row, e2 to e5, that holds White's only GIPF piece. Remove it "
        "without losing the game.",
        hint="In the standard game a player with no GIPF piece on the board loses at once.",
        setup={
            "pieces": {
                "b2": "BG",
                "h2": "BG",
                "e8": "BG",
                "e3": "W",
                "e4": "W",
                "e5": "WG",
                "c5": "B",
            }
        },
    ),
    _puzzle(
        "gipf-cross-1",
        3,
        "removal",
        gipf.Rules(variant="basic"),
        "e1-e2",
        task="Basic GIPF. White's push made two rows that cross on e5. Taking one breaks the "
        "other: remove the one that captures more black pieces.",
        hint="Each row goes with every piece that touches it along its own line: count the "
        "black pieces at the ends of each.",
        setup={
            "pieces": {
                "b5": "W",
                "h5": "W",
                "h2": "B",
                "e2": "W",
                "e3": "W",
                "e4": "W",
                "f5": "W",
                "g5": "W",
                "e6": "B",
                "e7": "B",
                "b2": "B",
                "c3": "B",
                "d4": "B",
            }
        },
    ),
    _puzzle(
        "gipf-two-rows-1",
        4,
        "two-rows",
        _GIPF_STANDARD,
        task="White to push: make two rows of four at once.",
        hint="Find the empty spot where two lines of three white pieces meet.",
        setup={
            "pieces": {
                "b2": "W",
                "c2": "W",
                "d2": "W",
                "e3": "W",
                "e4": "W",
                "e5": "W",
                "h5": "WG",
                "b5": "WG",
                "h2": "BG",
                "e8": "BG",
                "c6": "BG",
                "f3": "B",
                "g4": "B",
            }
        },
    ),
    _puzzle(
        "gipf-win-1",
        4,
        "win",
        _GIPF_STANDARD,
        task="White to push: win this turn. Black has a single GIPF piece left.",
        hint="A row takes its extensions with it: pieces of either colour that touch it along "
        "the line.",
        setup={
            "pieces": {
                "b5": "WG",
                "h5": "WG",
                "c3": "W",
                "d4": "W",
                "e5": "W",
                "f5": "BG",
                "g5": "B",
                "e8": "B",
            }
        },
    ),
    _puzzle(
        "gipf-trap-1",
        5,
        "safe",
        gipf.Rules(variant="tournament"),
        task="Tournament GIPF, White to push. White's only GIPF piece stands on e5, and White "
        "may still bring in GIPF pieces. Push so that Black cannot win next turn.",
        hint="Look at what Black's push from e9 would do to e5; and remember that a single "
        "piece now ends your right to bring in GIPF pieces.",
        setup={
            "pieces": {"e5": "WG", "e6": "B", "e7": "B", "e8": "B", "b2": "BG", "c3": "W"},
            "may_place_gipf": ("white",),
        },
    ),
)

#: The opening moves of a Hex Tiles game (seed 4) that the first puzzles stop in.
_HEX_ROUND_1 = "take 111100; place 111100 at (0,1) turn 4; done; take 110110; done"
_HEX_ROUND_2 = (
    f"{_HEX_ROUND_1}; place 100000 at (1,-1) turn 2; done; take 110100; done; take 111000"
)
_HEX_ROUND_4 = (
    f"{_HEX_ROUND_2}; place 111000 at (1,0) turn 0; done; done; take 111100; "
    "place 111100 at (1,-2) turn 2; done; take 111000; done; done; take 110100; done; "
    "take 111110"
)
_HEX_SEED_4 = hextiles.Rules(players=2, seed=4)
#: A Hex Tiles game (seed 80) played on to round 5, where Player 1 must take a tile.
_HEX_ROUND_5 = (
    "take 110010; place 110010 at (-1,0) turn 2; done; take 110000; "
    "place 110000 at (-1,0) turn 2; done; place 100000 at (-2,0) turn 2; done; "
    "take 111100; place 111100 at (-2,0) turn 2; done; take 110100; "
    "place 110100 at (-2,-1) turn 1; done; place 100000 at (-2,1) turn 4; done; "
    "take 111010; place 111010 at (-2,-2) turn 1; done; take 101010; "
    "place 101010 at (-3,2) turn 1; done; place 100100 at (-3,-2) turn 2; done; "
    "take 111110; place 111110 at (-4,2) turn 2; done; take 111100; "
    "place 111100 at (-3,-3) turn 1; done; place 110010 at (-3,3) turn 4; done"
)
_HEX_SEED_80 = hextiles.Rules(players=2, seed=80)
#: Seed 4 again: Player 1 keeps the leftover red tile of round 1 and is to take in round 2.
_HEX_KEPT = f"{_HEX_ROUND_1}; done; take 110100; done"
#: A Hex Tiles game (seed 32) in round 4: Player 1's figure has one cell left with room.
_HEX_SEED_32 = hextiles.Rules(players=2, seed=32)
_HEX_ROOM = (
    "take 110110; place 110110 at (-1,0) turn 2; done; take 111010; "
    "place 111010 at (1,0) turn 1; done; place 110100 at (-2,0) turn 5; done; take 111110; "
    "place 111110 at (1,1) turn 4; done; take 111110; place 111110 at (-3,0) turn 2; done; "
    "place 110010 at (-1,1) turn 0; done; take 111100; place 111100 at (1,-1) turn 0; done; "
    "take 111000; place 111000 at (-2,2) turn 5; done; place 110100 at (0,1) turn 4; done; "
    "take 111100; place 111100 at (0,-1) turn 1; done"
)
_HEXTILES = (
    _puzzle(
        "hextiles-cells-1",
        1,
        "tile-cells",
        _HEX_SEED_4,
        _HEX_ROUND_1,
        task="Player 1 has a red tile (one marked side). Click every cell of Player 1's "
        "figure where it fits.",
        hint="A cell is dead for good when a neighbouring tile shows a marked side toward it.",
        focus=("100000",),
        about="the red tile",
    ),
    _puzzle(
        "hextiles-cells-2",
        2,
        "tile-cells",
        _HEX_SEED_4,
        _HEX_ROUND_1,
        task="Player 1's figure again: where could a brown tile (five marked sides) go? Click "
        "every cell where it fits.",
        hint="A brown tile has one blank side, so it needs a cell with a single neighbour.",
        focus=("111110",),
        about="the brown tile",
    ),
    _puzzle(
        "hextiles-turn-1",
        2,
        "legal",
        _HEX_SEED_4,
        _HEX_ROUND_2,
        task="Player 1 to place the yellow tile (three marks in a row) on (0,-1), outlined in "
        "orange: turn it so that it fits.",
        hint="Every side that touches a tile must be blank; the marks face empty cells.",
        focus=("111000", "(0,-1)"),
        about="the yellow tile on (0,-1)",
    ),
    _puzzle(
        "hextiles-reserve-1",
        2,
        "legal",
        _HEX_SEED_4,
        _HEX_KEPT,
        task="Player 1 kept the red tile left over from round 1 and has not taken a tile yet "
        "this turn. Place the red tile on the figure now, before taking.",
        hint="Reserve tiles may be placed at any moment of your own turn: choose the red "
        "tile in your reserve, turn it, and click a cell where it fits.",
        focus=("place",),
        about="placing the red tile from the reserve",
    ),
    _puzzle(
        "hextiles-room-1",
        2,
        "tile-cells",
        _HEX_SEED_32,
        _HEX_ROOM,
        task="Player 1's figure is filling up. Does it still have room? Click every cell "
        "where a red tile (one marked side) could still go.",
        hint="A red tile fits wherever any tile fits: on an empty cell that no neighbour "
        "shows a mark toward, with at least one side left free for its mark.",
        focus=("100000",),
        about="the red tile",
    ),
    _puzzle(
        "hextiles-best-1",
        3,
        "best-score",
        _HEX_SEED_4,
        _HEX_ROUND_2,
        task="Player 1 to place the yellow tile: put it where the figure scores most.",
        hint="The score is the tiles' marks plus the longest unbroken run of marked border "
        "edges: make a run longer.",
        focus=("place",),
        about="a placement",
    ),
    _puzzle(
        "hextiles-best-2",
        4,
        "best-score",
        _HEX_SEED_4,
        _HEX_ROUND_4,
        task="Player 1 holds a yellow and a brown tile: place one of them where the figure "
        "scores most.",
        hint="Count both parts: the tile's marks, and how the longest marked run of the "
        "border grows.",
        focus=("place",),
        about="a placement",
    ),
    _puzzle(
        "hextiles-closed-1",
        4,
        "closed",
        hextiles.Rules(players=2, seed=0, patterns=("100000", "110000", "111000"), copies=8),
        "take 111000; place 111000 at (0,1) turn 5; done; take 100000; done; "
        "place 111000 at (1,0) turn 0; done; take 100000; done; take 110000; done; done; "
        "take 111000; place 111000 at (1,-1) turn 1; done; take 100000; done; "
        "place 111000 at (0,-1) turn 2; done; take 100000; done; take 111000; "
        "place 111000 at (-1,0) turn 3; done; done; take 111000",
        task="A practice set of red, blue and yellow tiles. Player 1 to move: place a tile so "
        "that every edge of the figure's outer border is marked (the border then counts "
        "double).",
        hint="Fill the gap in the ring around the starter with a tile whose marks all face "
        "outward.",
    ),
    _puzzle(
        "hextiles-take-1",
        5,
        "best-take",
        _HEX_SEED_80,
        _HEX_ROUND_5,
        task="Player 1 must take a market tile. Take the one that lets the figure score most "
        "once it is placed.",
        hint="A tile's marks count only where it fits: try each tile on the figure.",
        focus=("take",),
        about="taking a market tile",
    ),
    _puzzle(
        "hextiles-best-3",
        5,
        "best-score",
        _HEX_SEED_80,
        f"{_HEX_ROUND_5}; take 111000",
        task="Player 1 has taken the yellow tile: place it where the figure scores most.",
        hint="The border scores only its longest run of marked edges: find the one place "
        "where a tile makes that run longer.",
        focus=("place",),
        about="a placement",
    ),
)

_JAMAICA = roaster.Rules(card="jamaica-blue-mountain", seed=1)
_EIGHT_IN_THE_CUP = ["bean2", "bean2", "bean3", "bean1", "bean2", "aroma", "acidity", "bean3"]
_ROASTER = (
    _puzzle(
        "roaster-keep-out-1",
        1,
        "keep-out",
        _JAMAICA,
        task="Round 1, effects step. You drew a level-4 bean, which burns when you roast. Use "
        "one effect so that no level-4 bean is left among the drawn tokens.",
        hint="Preserve puts two beans back unroasted; Spread splits a bean into two lower ones.",
        setup={"drawn": {"bean4": 1, "bean2": 2, "bean1": 1, "acidity": 1, "aroma": 1, "hard": 1}},
        target=("bean4",),
    ),
    _puzzle(
        "roaster-remove-1",
        2,
        "keep-out",
        _JAMAICA,
        task="You drew a burnt bean, a smoke and a defect bean. Use one effect so that none of "
        "them goes back into the bag when you roast.",
        hint="One instant effect takes every burnt bean, smoke and defect bean you drew out "
        "of the game.",
        setup={"drawn": {"burnt": 1, "smoke": 1, "defect": 1, "bean3": 2, "body": 1, "aroma": 1}},
        target=("burnt", "smoke", "defect"),
    ),
    _puzzle(
        "roaster-keep-out-2",
        2,
        "keep-out",
        _JAMAICA,
        task="You drew two level-4 beans. Use one effect so that neither of them burns when "
        "you roast.",
        hint="Spread saves only one bean; which effect handles two?",
        setup={"drawn": {"bean4": 2, "bean3": 1, "bean0": 2, "acidity": 1, "aroma": 1}},
        target=("bean4",),
    ),
    _puzzle(
        "roaster-wild-1",
        2,
        "make",
        _JAMAICA,
        task="Round 1, effects step. Use the beans you drew to make the wild flavor token "
        "this round.",
        hint="Look at the wild flavor's two slots on the left of the roast board: which beans "
        "do they take?",
        setup={"drawn": {"bean0": 2, "bean1": 1, "bean2": 2, "aroma": 1}},
        target=("wild",),
    ),
    _puzzle(
        "roaster-make-1",
        3,
        "make",
        _JAMAICA,
        task="Use one flavor effect to make a level-3 bean for the bag.",
        hint="Concentrate adds two levels together; Spread splits one level into two.",
        setup={"drawn": {"bean1": 1, "bean2": 1, "bean4": 1, "bean0": 2, "body": 1, "aroma": 1}},
        target=("bean3",),
    ),
    _puzzle(
        "roaster-slot-1",
        3,
        "keep-out",
        _JAMAICA,
        task="You drew a level-4 bean. On the right of the roast board the yellow pair and "
        "both grey pairs are full. Use one effect so that no level-4 bean is left among the "
        "drawn tokens.",
        hint="A flavor effect needs a free slot that takes its token's colour. Which of your "
        "flavor tokens still has one?",
        setup={
            "drawn": {"bean4": 1, "bean1": 2, "acidity": 1, "aroma": 1},
            "pairs": {
                "extra-bean": ["acidity", "acidity"],
                "select": ["body", "aroma"],
                "exchange": ["acidity", "body"],
            },
        },
        target=("bean4",),
    ),
    _puzzle(
        "roaster-cup-1",
        3,
        "expected-score",
        _JAMAICA,
        task="Cup test on Jamaica Blue Mountain (best roast total 14). Eight cup slots are "
        "filled and a smoke token is drawn; the tray is empty. Cup or tray? Choose the better "
        "expected score, every later token going to the cup or the tray as is best.",
        hint="A smoke token costs a point in the cup; what could come out of the bag instead?",
        setup={
            "bag": {"bean2": 2, "bean3": 1, "aroma": 1, "smoke": 1},
            "phase": "cup",
            "cup": _EIGHT_IN_THE_CUP,
            "aside": {"smoke": 1},
        },
        choices=("cup", "tray"),
        moves_of_choices=("cup", "tray"),
    ),
    _puzzle(
        "roaster-cup-3",
        3,
        "expected-score",
        _JAMAICA,
        task="Cup test on Jamaica Blue Mountain. Eight cup slots are filled, a smoke token is "
        "drawn, and the bag holds one last token, a level-2 bean; the tray is empty. Cup or "
        "tray? Choose the better expected score.",
        hint="Count what each choice costs: a smoke token in the cup, or a cup with a slot "
        "left empty.",
        setup={
            "bag": {"bean2": 1},
            "phase": "cup",
            "cup": _EIGHT_IN_THE_CUP,
            "aside": {"smoke": 1},
        },
        choices=("cup", "tray"),
        moves_of_choices=("cup", "tray"),
    ),
    _puzzle(
        "roaster-cup-2",
        4,
        "expected-score",
        _JAMAICA,
        task="Cup test on Jamaica Blue Mountain (best roast total 14). Eight cup slots are "
        "filled, their beans adding up to 13, and a level-1 bean is drawn; the tray has 2 "
        "free slots. Cup or tray? Choose the better expected score.",
        hint="Add the bean's level to the cup's total and look at the roast table; then look "
        "at what else the bag holds.",
        setup={
            "bag": {"hard": 1, "burnt": 1, "bean4": 1, "bean2": 2},
            "phase": "cup",
            "cup": _EIGHT_IN_THE_CUP,
            "tray": ["smoke"],
            "aside": {"bean1": 1},
        },
        choices=("cup", "tray"),
        moves_of_choices=("cup", "tray"),
    ),
    _puzzle(
        "roaster-stop-1",
        5,
        "expected-score",
        _JAMAICA,
        task="Jamaica Blue Mountain (best roast total 14). The bag holds 11 tokens: four "
        "level-1 beans, three level-2 beans, a hard bean, two aroma and one acidity. The next "
        "round draws 10 of them. Stop now, or roast one more round (no effects) and then "
        "stop? Choose the better expected cup score.",
        hint="Add up the levels of the ten best tokens now, and again after one more roast.",
        setup={
            "bag": {"bean1": 4, "bean2": 3, "aroma": 2, "acidity": 1, "hard": 1},
            "phase": "decide",
            "space": 3,
        },
        choices=("stop", "roast again"),
        moves_of_choices=("stop", "continue"),
    ),
    _puzzle(
        "roaster-stop-2",
        5,
        "expected-score",
        _JAMAICA,
        task="Jamaica Blue Mountain (best roast total 14). The bag holds 11 tokens: two "
        "level-1, three level-2 and two level-3 beans, a hard bean, two aroma and one "
        "acidity. The next round draws 10 of them. Stop now, or roast one more round (no "
        "effects) and then stop? Choose the better expected cup score.",
        hint="Add up the levels now: is the total already where the roast table pays most?",
        setup={
            "bag": {"bean1": 2, "bean2": 3, "bean3": 2, "aroma": 2, "acidity": 1, "hard": 1},
            "phase": "decide",
            "space": 3,
        },
        choices=("stop", "roast again"),
        moves_of_choices=("stop", "continue"),
    ),
    _puzzle(
        "roaster-stop-3",
        5,
        "expected-score",
        _JAMAICA,
        task="Jamaica Blue Mountain (best roast total 14). The bag holds 11 tokens: one "
        "level-0, one level-1, four level-2 and two level-3 beans, two aroma and one acidity. "
        "The next space of the thermometer draws 11 tokens and brings 2 smoke. Stop now, or "
        "roast one more round (no effects) and then stop? Choose the better expected cup "
        "score.",
        hint="Add up the levels of the beans now; the cup holds 10 tokens, and the tray can "
        "keep one bean out. Then think what one more round adds.",
        setup={
            "bag": {"bean0": 1, "bean1": 1, "bean2": 4, "bean3": 2, "aroma": 2, "acidity": 1},
            "phase": "decide",
            "space": 5,
            "round": 4,
        },
        choices=("stop", "roast again"),
        moves_of_choices=("stop", "continue"),
    ),
)

#: Every puzzle by game, each game's in teaching order (level 1 first).
PUZZLES: FrozenMap[str, tuple[Puzzle, ...]] = FrozenMap(
    {"coffee": _COFFEE, "gipf": _GIPF, "hextiles": _HEXTILES, "roaster": _ROASTER}
)


def get(puzzle_id: str) -> Puzzle:
    """The puzzle named ``puzzle_id``.

    >>> get("coffee-block-1").game
    'coffee'

    Raises:
        TypeError: ``puzzle_id`` is not text.
        ValueError: no puzzle has that id (the message lists the ids of its game).
    """
    if not isinstance(puzzle_id, str):
        raise TypeError(f"puzzle_id must be text such as 'coffee-block-1', not {_show(puzzle_id)}")
    for puzzles in PUZZLES.values():
        for p in puzzles:
            if p.id == puzzle_id:
                return p
    game = puzzle_id.split("-")[0]
    near = [p.id for p in PUZZLES.get(game, ())] or [p.id for ps in PUZZLES.values() for p in ps]
    raise ValueError(f"no puzzle has the id {_show(puzzle_id)}; the ids are {', '.join(near)}")
