"""What a GIPF move does: a push slides the line and may make rows, a removal takes a row
and its extensions off the board (the remover gets his own pieces back and captures the
others), and then the next decision, the next push or the end (:class:`Playing`, which
:class:`gamekit.gipf.State` inherits).

>>> from gamekit import gipf
>>> start = gipf.Rules(variant="basic").start()
>>> start.reserve("white"), start.play("e1-e2").reserve("white")
(12, 11)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from gamekit.gipf.moves import Push, _tables
from gamekit.gipf.outcome import Outcome
from gamekit.gipf.rows import _row_signs
from gamekit.gipf.tables import _OTHER, _SIGN, COLOURS

if TYPE_CHECKING:
    from gamekit.gipf.moves import Removal


class Playing:
    """The moves of a GIPF position applied: each returns the new state."""

    __slots__ = ()
    _board: tuple[int, ...]
    _reserve: tuple[int, int]
    _captured: tuple[int, int]
    _rights: tuple[str, str] | None
    _pusher: str | None
    _cache: dict[str, Any]
    rules: Any
    to_move: str | None
    phase: str
    last: Any

    if TYPE_CHECKING:

        def _idx(self, colour: str) -> int: ...
        def _occupied(self) -> int: ...
        def _full(self) -> int: ...
        def _rows(self) -> list[tuple[int, int, tuple[int, ...], tuple]]: ...
        def _resolve(self, m: Removal) -> Removal | None: ...

    def _apply_push(self, m: Push, line: tuple[int, ...] = (), along: int = -1) -> Any:
        """The state after the legal push ``m``; ``line`` (its spots in push order) and
        ``along`` (the index of its line) are looked up when not given."""
        t = _tables()
        if not line:
            line, along = t.by_label[(m.dot, m.entry)]
        old = self._board
        board = list(old)
        k = 0
        while old[line[k]]:
            k += 1
        for j in range(k, 0, -1):
            board[line[j]] = old[line[j - 1]]
        colour = self.to_move
        assert colour is not None  # nobody pushes once the game is over
        sign = _SIGN[colour]
        board[line[0]] = sign * (2 if m.gipf else 1)
        # No row stood before the push (rows are removed at once): a new one lies along the
        # push, or across it through a spot that changed colour.
        found = _row_signs(board, (along,))
        cross = t.cross
        for j in range(k + 1):
            spot = line[j]
            v = board[spot]
            was = old[spot]
            if was and (v > 0) == (was > 0):
                continue  # the same colour as before
            for n, back, ahead in cross[spot]:
                if n == along or n in found:
                    continue
                run = 1
                for other in back:
                    if board[other] * v > 0:
                        run += 1
                    else:
                        break
                for other in ahead:
                    if board[other] * v > 0:
                        run += 1
                    else:
                        break
                if run >= 4:
                    found[n] = 1 if v > 0 else -1
        w, b = self._reserve
        if sign > 0:
            w -= 2 if m.gipf else 1
        else:
            b -= 2 if m.gipf else 1
        rights = self._rights
        if rights is not None:
            kind = "gipf" if m.gipf else "single"
            rights = (kind, rights[1]) if sign > 0 else (rights[0], kind)
        after = _settle(
            type(self),
            self.rules,
            tuple(board),
            (w, b),
            self._captured,
            colour,
            rights,
            m.plain,
            found=found,
        )
        # the spots and full lines follow from this state's: the gap is filled
        gap = line[k]
        occupied = self._occupied() | 1 << gap
        full = self._full()
        for n in t.lines_at[gap]:
            bits = t.line_bits[n]
            if occupied & bits == bits:
                full |= 1 << n
        after._cache["occupied"] = occupied
        after._cache["full"] = full
        return after

    def _apply_removal(self, taken: tuple[int, ...]) -> Any:
        board = list(self._board)
        reserve, captured = list(self._reserve), list(self._captured)
        assert self.to_move is not None and self._pusher is not None  # the remove phase
        me = self._idx(self.to_move)
        sign = _SIGN[self.to_move]
        for s in taken:
            v = board[s]
            board[s] = 0
            if v * sign > 0:
                reserve[me] += abs(v)
            else:
                captured[1 - me] += abs(v)
        board_t = tuple(board)
        # A player with no GIPF piece left loses at once (not in the basic game).
        if self.rules.variant != "basic":
            lost = []
            for colour in COLOURS:
                c = self._idx(colour)
                if self._rights is not None and self._rights[c] == "first":
                    continue
                if 2 * _SIGN[colour] not in board_t:
                    lost.append(colour)
            if lost:
                if len(lost) == 2:
                    winner = self.to_move
                    reason = (
                        f"{self.to_move.capitalize()} took the last GIPF pieces of both "
                        f"players in one removal, and so wins"
                    )
                else:
                    winner = _OTHER[lost[0]]
                    reason = f"{lost[0].capitalize()} has no GIPF piece left on the board"
                outcome = Outcome(winner, reason, "last-gipf")
                return type(self)._make(  # type: ignore[attr-defined]
                    self.rules,
                    board_t,
                    (reserve[0], reserve[1]),
                    (captured[0], captured[1]),
                    self.to_move,
                    self.phase,
                    self._pusher,
                    self._rights,
                    outcome,
                    self.last,
                )
        # Removing pieces makes no new row: only the lines that held rows can hold them.
        after = _settle(
            type(self),
            self.rules,
            board_t,
            (reserve[0], reserve[1]),
            (captured[0], captured[1]),
            self._pusher,
            self._rights,
            self.last,
            {k for k, _sign, _seg, _row in self._rows()},
        )
        after._cache["occupied"] = self._occupied() & ~sum(1 << s for s in taken)
        lines_at = _tables().lines_at
        after._cache["full"] = self._full() & ~sum({1 << n for s in taken for n in lines_at[s]})
        return after


def _settle(
    cls: Any,
    rules: Any,
    board: tuple[int, ...],
    reserve: tuple[int, int],
    captured: tuple[int, int],
    pusher: str,
    rights: tuple[str, str] | None,
    last: Push | None,
    lines: Iterable[int] | None = None,
    found: dict[int, int] | None = None,
) -> Any:
    """After a push or a removal (``cls``: the state class): the next decision (the pusher's rows first, then the
    opponent's), or the opponent's push, or the end of the game. ``lines``: the only
    lines where a row may stand (all of them if not given); ``found``: the rows (line ->
    sign of an owner), if the caller has found them already."""
    if found is None:
        found = _row_signs(board, range(len(_tables().lines)) if lines is None else lines)
    if found:
        decider = pusher if _SIGN[pusher] in found.values() else _OTHER[pusher]
        state = cls._make(
            rules, board, reserve, captured, decider, "remove", pusher, rights, None, last
        )
        state._cache["row_lines"] = sorted(found)  # every row stands on one of these
        return state
    nxt = _OTHER[pusher]
    outcome = None
    if reserve[0 if nxt == "white" else 1] == 0:
        outcome = Outcome(
            pusher, f"{nxt.capitalize()} must push but has no piece left in reserve", "no-reserve"
        )
    return cls._make(rules, board, reserve, captured, nxt, "push", None, rights, outcome, last)
