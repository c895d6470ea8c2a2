"""GIPF, the abstract game by Kris Burm: rules engine.

Two players, White (moves first) and Black, push pieces from the 24 dots on the edge of the
board into the 37 spots of the play area. Four or more pieces of one colour in a line make a
*row*: the row and every piece touching it along that line (its *extensions*) leave the
board; the row's owner gets his own pieces back and captures the opponent's. A player who
must push with an empty reserve loses, and in the standard and tournament games so does a
player with no GIPF piece (two pieces stacked) left on the board. The rules follow
``docs/rules/gipf.md``.

Removals are decisions, and so they are moves too: after a push that makes a row, the state
is in the ``"remove"`` phase and ``legal_moves()`` lists every way to remove one row.

>>> from gamekit import gipf
>>> state = gipf.Rules(variant="standard").start()
>>> state
<gipf.State standard: white to push, reserves 12/12, captured 0/0>
>>> len(state.legal_moves())
42
>>> state = state.play("e1-e2").play("b6-b5").play("e1-e2").play("c7-c6").play("e1-e2")
>>> state.phase, state.to_move
('remove', 'white')
>>> [str(m) for m in state.legal_moves()]
['xe2-e5', 'xe2-e5 keep e5']
>>> state.play("xe2-e5 keep e5").reserve("white")
12
"""

from __future__ import annotations

import numbers
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from gamekit.errors import IllegalMoveError, InvalidNotationError, OffBoardError  # noqa: F401
from gamekit.errors import shown as _show
from gamekit.game import register
from gamekit.gipf.moves import (  # noqa: F401  (the package's names)
    _CELL,
    _PUSH,
    MAX_TEXT,
    Move,
    Position,
    Push,
    Removal,
    Row,
    _bad,
    _between,
    _check_length,
    _getter,
    _labels,
    _moves_in,
    _point,
    _removal_spots,
    _Tables,
    _tables,
    _trusted,
)
from gamekit.gipf.outcome import ENDINGS, Outcome
from gamekit.gipf.playing import Playing, _settle
from gamekit.gipf.refusals import Refusals
from gamekit.gipf.rows import (  # noqa: F401  (the package's names)
    _find_rows,
    _removal_choices,
    _row_signs,
    _rows_on,
    _still_a_row,
)
from gamekit.gipf.setup import checked_setup
from gamekit.gipf.tables import (  # noqa: F401  (the package's names)
    _CHOICES,
    _DOT,
    _OTHER,
    _PUSHES_BY_FULL,
    _SIGN,
    _SPOT,
    _SPOT_LIST,
    COLOURS,
    DOTS,
    GAME,
    GRID,
    SPOTS,
    VARIANTS,
    _colour_of,
    _join,
    _label,
    _ring,
    ring,
)
from gamekit.options import check_options
from gamekit.pictured import Pictured
from gamekit.values import Value
from gamekit.variants import BLOCKED, Variants

__all__ = [
    "Rules",
    "State",
    "Move",
    "Push",
    "Removal",
    "Row",
    "Outcome",
    "COLOURS",
    "VARIANTS",
    "ENDINGS",
    "SPOTS",
    "DOTS",
    "LINES",
    "ring",
]


# ---------------------------------------------------------------------------------------
# Rules
# ---------------------------------------------------------------------------------------

_START = {"white": ("b5", "e2", "h5"), "black": ("b2", "e8", "h2")}


@register(
    title="GIPF",
    move=Move,
    turn_starts=lambda state: state.phase == "push",
    setup="setup",
    occupancy=lambda state: state.occupied(),
    picture="gamekit.gipf.picture",
    board="gamekit.gipf.board:GipfBoard",
    strategy="gamekit.gipf.strategy:STRATEGY",
    puzzles="gamekit.gipf.puzzles:PUZZLES",
    words="gamekit.gipf.words",
    guide="gamekit.gipf.guide",
    examples="gamekit.gipf.examples:EXAMPLES",
)
@dataclass(frozen=True)
class Rules(Variants):
    """The options of a GIPF game: ``variant`` is ``"basic"``, ``"standard"`` (the default)
    or ``"tournament"``; ``start()`` gives the opening position. The seats are ``"white"``
    (who pushes first) and ``"black"``. GIPF has no chance: ``start(seed=...)`` ignores
    the seed.

    A game ends in one of two ways, the ``ending`` of its :class:`Outcome`:

    - ``"no-reserve"``: after a push and its removals, the player to push has no piece
      left in reserve, and loses;
    - ``"last-gipf"`` (standard and tournament games): a removal leaves a player with no
      GIPF piece on the board, and he loses at once (in the tournament game only once he
      has placed one). When one removal takes the last GIPF pieces of both players, the
      player who removed wins (a project decision, ``docs/rules/gipf.md``).

    >>> Rules(variant="basic")
    gipf.Rules(variant='basic')
    >>> Rules.game, Rules.seats, Rules.endings
    ('gipf', ('white', 'black'), ('no-reserve', 'last-gipf'))
    >>> Rules(variant="blitz")
    Traceback (most recent call last):
    ...
    ValueError: variant must be 'basic', 'standard' or 'tournament', not 'blitz'

    Raises:
        ValueError: for an unknown variant.
    """

    game: ClassVar[str] = "gipf"
    endings: ClassVar[tuple[str, ...]] = ENDINGS
    seats: ClassVar[tuple[str, ...]] = COLOURS

    variant: str = "standard"

    def __post_init__(self) -> None:
        if not (isinstance(self.variant, str) and self.variant in VARIANTS):
            raise ValueError(
                "variant must be 'basic', 'standard' or 'tournament', not " + _show(self.variant)
            )

    def __repr__(self) -> str:
        return f"gipf.Rules(variant={self.variant!r})"

    @property
    def name(self) -> str:
        return self.variant

    @property
    def pieces(self) -> int:
        """Pieces per player (a GIPF piece counts two): 15 in the basic game, else 18."""
        return 15 if self.variant == "basic" else 18

    def start(self, seed: int | None = None) -> State:
        """The opening position, White to push. GIPF has no chance: ``seed`` is accepted
        (as every game's ``start`` accepts it) and not used.

        >>> Rules().start(seed=7) == Rules().start()
        True

        Raises:
            TypeError: if ``seed`` is neither ``None`` nor a whole number.
        """
        if seed is not None and not isinstance(seed, numbers.Integral):
            raise TypeError(
                f"seed must be a whole number or None (GIPF has no chance and does not use "
                f"it), not {_show(seed)}"
            )
        board = [0] * len(GRID)
        if self.variant != "tournament":
            size = 2 if self.variant == "standard" else 1
            for colour, spots in _START.items():
                for s in spots:
                    board[GRID.index(s)] = size * _SIGN[colour]
        reserve = 18 if self.variant == "tournament" else 12
        rights = ("first", "first") if self.variant == "tournament" else None
        return State._make(
            self, tuple(board), (reserve, reserve), (0, 0), "white", "push", None, rights, None
        )

    def replay(self, moves: Iterable[Move | str]) -> State:
        """The position after playing ``moves`` one after the other from the start (each a
        :class:`Move` or its notation, as :meth:`State.play` takes them).

        >>> Rules(variant="basic").replay(["e1-e2", "e9-e8"])
        <gipf.State basic: white to push, reserves 11/11, captured 0/0>

        Raises:
            TypeError: if ``moves`` is one move or text rather than a sequence of moves.
            IllegalMoveError, InvalidNotationError: for the first move that cannot be
                played, as :meth:`State.play` raises them.
        """
        if isinstance(moves, (str, bytes, Move)) or not isinstance(moves, Iterable):
            raise TypeError(
                "moves must be a sequence of moves such as ['e1-e2', 'b6-b5'], not "
                f"{type(moves).__name__} {moves!r:.40}"
            )
        state = self.start()
        for move in moves:
            state = state.play(move)
        return state

    def setup(
        self,
        pieces: Mapping[str, str],
        *,
        to_move: str = "white",
        captured: tuple[int, int] = (0, 0),
        may_place_gipf: Iterable[str] | str = (),
    ) -> State:
        """A position to push from, for lessons and tests: ``pieces`` maps spots to
        ``"white"``, ``"black"``, ``"white gipf"`` or ``"black gipf"`` (or ``W``, ``B``,
        ``WG``, ``BG``); ``to_move`` pushes next. Each reserve holds what is neither on the
        board nor in ``captured`` (White's and Black's pieces taken by the opponent, a GIPF
        piece counting two). In the tournament game the colours in ``may_place_gipf`` may
        still place GIPF pieces (one of them with none on the board has yet to place his
        first, and must); in the other games ``may_place_gipf`` stays empty.

        >>> state = Rules(variant="basic").setup({"e2": "B", "e4": "B", "e5": "B", "e6": "B"})
        >>> state.reserve("white"), state.reserve("black")
        (15, 11)
        >>> Rules().setup({}, captured=(-5, 0))
        Traceback (most recent call last):
        ...
        ValueError: captured must be two whole numbers from 0 to 18 (White's and Black's pieces taken), not (-5, 0)

        Raises:
            TypeError: if ``pieces`` is not a mapping, or a spot or piece is not text.
            ValueError: for a spot outside the play area, an unknown piece, a GIPF piece in
                the basic game, more pieces than a player has, a row of four standing, a
                standard or tournament player with no GIPF piece (he has lost already) or
                more than the three of the standard game, or a bad ``to_move``,
                ``captured`` or ``may_place_gipf``.
        """
        board, reserve, rights = checked_setup(self, pieces, to_move, captured, may_place_gipf)
        return _settle(
            State,
            self,
            tuple(board),
            (reserve[0], reserve[1]),
            (captured[0], captured[1]),
            _OTHER[to_move],
            rights,
            None,
        )

    # -- saving -------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {"variant": self.variant}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rebuild rules from :meth:`to_dict`; an unknown option is a ``ValueError``."""
        return cls(**check_options(data, ("variant",), "GIPF"))


# ---------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------


class State(Pictured, Value, Refusals, Playing, Position):
    """A GIPF position: the spots, both reserves, the captured pieces, who acts and in which
    phase, and (tournament) who may still place GIPF pieces. Immutable and hashable; two
    states are equal exactly when these are equal (the moves that led there do not count).
    States come from :meth:`Rules.start`, :meth:`Rules.setup` and :meth:`play`.

    ``to_move`` is the colour to act (push, or remove a row in the ``"remove"`` phase), and
    ``None`` once the game is over; ``swapped`` is always ``False`` (GIPF has no pie rule).
    """

    _immutable = "a gipf.State is immutable; play() returns a new state"
    __slots__ = (
        "rules",
        "_board",
        "_reserve",
        "_captured",
        "to_move",
        "phase",
        "_pusher",
        "_rights",
        "_outcome",
        "last",
        "_cache",
    )

    rules: Rules
    _board: tuple[int, ...]
    _reserve: tuple[int, int]
    _captured: tuple[int, int]
    to_move: str | None
    phase: str
    _pusher: str | None
    _rights: tuple[str, str] | None
    _outcome: Outcome | None
    last: Push | None
    _cache: dict[str, Any]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError(
            "a gipf.State is not built directly: use Rules().start(), Rules().setup(...) or "
            "state.play(move)"
        )

    @classmethod
    def _make(
        cls,
        rules: Rules,
        board: tuple[int, ...],
        reserve: tuple[int, int],
        captured: tuple[int, int],
        to_move: str | None,
        phase: str,
        pusher: str | None,
        rights: tuple[str, str] | None,
        outcome: Outcome | None,
        last: Push | None = None,
    ) -> State:
        if outcome is not None:
            to_move = None  # nobody acts once the game is over
        self = object.__new__(cls)
        # the slots' own setters: quicker than object.__setattr__ by name
        s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10 = _SLOT_SETTERS
        s0(self, rules)
        s1(self, board)
        s2(self, reserve)
        s3(self, captured)
        s4(self, to_move)
        s5(self, phase)
        s6(self, pusher)
        s7(self, rights)
        s8(self, outcome)
        s9(self, last)
        s10(self, {})
        if outcome is None and not rules.plain:  # a variant may leave the mover no move
            blocked = self._blocked()
            if blocked is not None:
                s4(self, None)
                s8(self, blocked)
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (State._make, self._key()[:9] + (self.last,))

    @property
    def swapped(self) -> bool:
        """``False``: GIPF has no pie rule, so nobody ever changes seats."""
        return False

    # -- identity -----------------------------------------------------------------------
    def _key(self) -> tuple:
        return (
            self.rules,
            self._board,
            self._reserve,
            self._captured,
            self.to_move,
            self.phase,
            self._pusher,
            self._rights,
            self._outcome,
        )

    def __repr__(self) -> str:
        w, b = self._reserve
        cw, cb = self._captured
        if self._outcome is not None:
            tail = f"{self._outcome.winner} won"
        else:
            tail = f"{self.to_move} to {self.phase}"
        return f"<gipf.State {self.rules.variant}: {tail}, reserves {w}/{b}, captured {cw}/{cb}>"

    # -- reading the position ------------------------------------------------------------
    @property
    def grid(self):
        """The 61 points of the board (:func:`gamekit.grids.hexhex` of side 5)."""
        return GRID

    @property
    def board(self) -> tuple[int, ...]:
        """The board as numbers, one per point of :attr:`grid` in its order: 0 empty (every
        dot is), 1 a White piece, 2 a White GIPF piece, -1 and -2 Black's (a quick read for
        players; :meth:`pieces` names them).

        >>> board = Rules(variant="basic").start().board
        >>> board[GRID.index("b5")], board[GRID.index("b2")], board[GRID.index("e5")]
        (1, -1, 0)
        """
        return self._board

    @staticmethod
    def _idx(colour: str) -> int:
        """0 for White, 1 for Black; a ValueError for anything else."""
        if isinstance(colour, str):
            if colour == "white":
                return 0
            if colour == "black":
                return 1
        raise ValueError(f"colour must be 'white' or 'black', not {_show(colour)}")

    def reserve(self, colour: str) -> int:
        """How many pieces ``colour`` has left to push in.

        >>> Rules().start().reserve("white")
        12

        Raises:
            ValueError: if ``colour`` is not ``"white"`` or ``"black"`` (so for the other
                colour methods).
        """
        return self._reserve[self._idx(colour)]

    def captured(self, colour: str) -> int:
        """How many of ``colour``'s pieces the opponent has captured (out of the game; a
        GIPF piece counts two)."""
        return self._captured[self._idx(colour)]

    def piece_at(self, spot: str) -> str | None:
        """What stands on ``spot``: ``None``, ``"white"``, ``"black"``, ``"white gipf"`` or
        ``"black gipf"``.

        >>> Rules().start().piece_at("e2")
        'white gipf'

        Raises:
            TypeError: if ``spot`` is not text; :class:`~gamekit.errors.OffBoardError` (a
                ValueError) for a point the board lacks.
        """
        if not isinstance(spot, str):
            raise TypeError(f"spot must be a point label such as 'e5', not {_show(spot)}")
        if not GRID.has(spot):
            raise OffBoardError(f"the GIPF board has no point {_show(spot)}")
        v = self._board[GRID.index(spot)]
        if v == 0:
            return None
        return _colour_of(v) + (" gipf" if abs(v) == 2 else "")

    def occupied(self) -> tuple[frozenset[int], int]:
        """The spots that hold a piece (as board indices) and the number of spots of the
        play area (37): what :mod:`gamekit.design` measures board coverage by.

        >>> Rules().start().occupied()[1]
        37
        """
        return frozenset(i for i, v in enumerate(self._board) if v), len(SPOTS)

    def pieces(self, colour: str | None = None) -> dict[str, str]:
        """Every occupied spot and what stands there (see :meth:`piece_at`), in board
        order; only ``colour``'s if given."""
        if colour is not None:
            self._idx(colour)
        out = {}
        for i, v in enumerate(self._board):
            if v and (colour is None or _colour_of(v) == colour):
                out[_label(i)] = _colour_of(v) + (" gipf" if abs(v) == 2 else "")
        return out

    def on_board(self, colour: str) -> int:
        """``colour``'s pieces on the board, a GIPF piece counted as two."""
        s = 1 - 2 * self._idx(colour)
        return sum(abs(v) for v in self._board if v * s > 0)

    def gipf_pieces(self, colour: str) -> list[str]:
        """The spots of ``colour``'s GIPF pieces."""
        s = 1 - 2 * self._idx(colour)
        return [_label(i) for i, v in enumerate(self._board) if v == 2 * s]

    def may_place_gipf(self, colour: str) -> bool:
        """Whether ``colour`` may still put a GIPF piece on the board (tournament game,
        until his first single piece)."""
        k = self._idx(colour)
        return self._rights is not None and self._rights[k] != "single"

    @property
    def pusher(self) -> str | None:
        """In the remove phase, the player whose push made the rows."""
        return self._pusher

    # -- rows -----------------------------------------------------------------------------
    def rows(self) -> list[Row]:
        """The rows standing now (in the remove phase: the ones the player to act may
        take, then the others), each with its segment and GIPF pieces."""
        found = [(sign, seg, row) for _k, sign, seg, row in self._rows()]
        out = []
        for sign, seg, row in found:
            out.append(
                Row(
                    owner=_colour_of(sign),
                    segment=tuple(_label(s) for s in seg),
                    row=tuple(_label(s) for s in row),
                    gipf=tuple(_label(s) for s in seg if abs(self._board[s]) == 2),
                )
            )
        out.sort(key=lambda r: (r.owner != self.to_move, [GRID.index(s) for s in r.segment]))
        return out

    def _occupied(self) -> int:
        """The spots that hold a piece, as bits (``1 << spot``)."""
        found = self._cache.get("occupied")
        if found is None:
            board = self._board
            found = 0
            for i in _SPOT_LIST:
                if board[i]:
                    found |= 1 << i
            self._cache["occupied"] = found
        return found

    def _rows(self) -> list[tuple[int, int, tuple[int, ...], tuple]]:
        """The rows standing (as :func:`_rows_on` gives them), found once."""
        found = self._cache.get("rows")
        if found is None:
            lines = self._cache.get("row_lines")
            found = _rows_on(self._board, range(len(_tables().lines)) if lines is None else lines)
            self._cache["rows"] = found
        return found

    def _choices(self) -> dict[Removal, tuple[int, ...]]:
        """The removal moves open now, each with the grid indices it takes. Keep/take
        combinations that take the same pieces (possible only where rows cross) come once."""
        found: dict[Removal, tuple[int, ...]] | None = self._cache.get("choices")
        if found is not None:
            return found
        out: dict[Removal, tuple[int, ...]] = {}
        if self.phase == "remove" and self._outcome is None:
            assert self.to_move is not None  # set while the game goes on
            sign = _SIGN[self.to_move]
            board = self._board
            # the choices follow from the player's segments and the pieces on them alone
            mine = tuple(
                (seg, tuple([board[s] for s in seg]))
                for _k, owner, seg, _row in self._rows()
                if owner == sign
            )
            known = _CHOICES.get(mine)
            if known is None:
                known = _removal_choices(board, mine)
                if len(_CHOICES) > 100_000:
                    _CHOICES.clear()
                _CHOICES[mine] = known
            out = known
        self._cache["choices"] = out
        return out

    def _resolve(self, m: Removal) -> Removal | None:
        """The legal removal ``m`` stands for (the same one, or the one taking the same
        pieces when ``m`` was written as a list of spots), or ``None``."""
        choices = self._choices()
        if m in choices:
            return m
        want = {GRID.index(s) for s in m.taken}
        for move, taken in choices.items():
            if set(taken) == want:
                return move
        return None

    # -- pushes ---------------------------------------------------------------------------
    @staticmethod
    def _push_line(m: Push) -> tuple[int, ...] | None:
        return _tables().entries.get((GRID.index(m.dot), GRID.index(m.entry)))

    def pushed_spots(self, move: Push | str) -> list[str]:
        """The spots whose pieces a push moves on (the entry spot up to the first gap, the
        gap not included); empty when the entry spot is free.

        >>> Rules().start().pushed_spots("e1-e2")
        ['e2']

        Raises:
            IllegalMoveError: if ``move`` is not a push from a dot into the play area;
            InvalidNotationError: for malformed notation.
        """
        m = Move.parse(move)
        line = self._push_line(m) if isinstance(m, Push) else None
        if line is None:
            raise IllegalMoveError(f"{m} is not a push from a dot into the play area")
        out = []
        for s in line:
            if not self._board[s]:
                break
            out.append(_label(s))
        return out

    def official(self, move: Push | str) -> str:
        """A push in the official notation: ``dot-end`` (``e1-e4``: the furthest moved
        piece reaches e4), or the bare entry spot when nothing else moves (``e2``). A
        removal is written as it is.

        >>> Rules().start().official("e1-e2"), Rules().start().official("d1-d2")
        ('e1-e3', 'd2')

        Raises:
            IllegalMoveError: if the push cannot be played here (the sentence
                :meth:`why_illegal` gives): a push that is not played has no official form.
            InvalidNotationError: for malformed notation.
        """
        m = Move.parse(move)
        if not isinstance(m, Push):
            return str(m)
        m = m.plain  # the official form is computed, not checked
        reason = self._problem(m)
        if reason is not None:
            raise IllegalMoveError(reason, move=m)
        moved = self.pushed_spots(m)
        g = "G" if m.gipf else ""
        if not moved:
            return f"{g}{m.entry}"
        line = self._push_line(m)
        assert line is not None  # _problem refused every push without a line
        end = line[len(moved)]  # the line is not full (_problem refused that too)
        return f"{g}{m.dot}-{_label(end)}"

    def _push_key(self) -> tuple[tuple[bool, ...], int]:
        """(the kinds of piece the player to move may push now: False single, True GIPF;
        the full lines as bits). A push is legal when its kind is allowed and its line is
        not full (and the game is in the push phase)."""
        found = self._cache.get("push_key")
        if found is not None:
            return found
        c = 0 if self.to_move == "white" else 1
        reserve = self._reserve[c]
        rights = None if self._rights is None else self._rights[c]
        kinds: tuple[bool, ...] = ()
        if rights is not None and rights != "single":
            if rights == "gipf" and reserve >= 1:
                kinds = (False,)
            if reserve >= 2:
                kinds += (True,)
        elif reserve >= 1:
            kinds = (False,)
        found = self._cache["push_key"] = (kinds, self._full() if kinds else 0)
        return found

    def _full(self) -> int:
        """The full lines (no empty spot), as bits (``1 << line index``)."""
        found = self._cache.get("full")
        if found is None:
            occupied = self._occupied()
            found = 0
            for k, bits in enumerate(_tables().line_bits):
                if occupied & bits == bits:
                    found |= 1 << k
            self._cache["full"] = found
        return found

    def _pushes(self) -> list[Push]:
        """The legal pushes (a list shared by the states with the same key: not to change)."""
        found = self._cache.get("pushes")
        if found is None:
            key = self._push_key()
            found = _PUSHES_BY_FULL.get(key)
            if found is None:
                kinds, full = key
                pushes = _tables().by_kinds[kinds] if kinds else ()
                found = [push for k, push in pushes if not full >> k & 1]
                if len(_PUSHES_BY_FULL) > 100_000:
                    _PUSHES_BY_FULL.clear()
                _PUSHES_BY_FULL[key] = found
            self._cache["pushes"] = found
        return found

    # -- moves ----------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move: pushes in board order (dot, then entry; a single before a GIPF
        piece) in the push phase, removals sorted by notation in the remove phase; nothing
        once the game is over."""
        if self._outcome is not None:
            return []
        if self.rules.plain:
            return list(self._base_moves())
        return [m for m in self._base_moves() if self.rules._variant(self, m) is None]

    def _base_moves(self) -> list[Move]:
        """The moves GIPF's own rules allow (the game going on)."""
        if self.phase == "remove":
            return list(self._choices())
        return list(self._pushes())

    @property
    def outcome(self) -> Outcome | None:
        """``None`` while the game goes on; else who won and why (in a variant, also a
        player whom its rule leaves no move: that player loses)."""
        return self._outcome

    def _blocked(self) -> Outcome | None:
        """The end of a variant's game whose rule refuses every move GIPF allows here."""
        moves = self._base_moves()
        refusals = [self.rules._variant(self, m) for m in moves]
        if any(r is None for r in refusals):
            return None
        assert self.to_move is not None
        why = f"for example {refusals[0]}" if refusals else "none is left"
        return Outcome(
            _OTHER[self.to_move],
            f"{self.to_move.capitalize()} has no move this variant allows ({why}), and loses",
            BLOCKED,
        )

    def why_illegal(self, move: Move | str) -> str | None:
        """``None`` if ``move`` is legal, else the reason in plain words (the same sentence
        :meth:`play` raises).

        >>> Rules().start().why_illegal("e1-e2") is None
        True

        Raises:
            InvalidNotationError: for malformed notation (OffBoardError for a point the
                board lacks).
        """
        state = self
        for m in _moves_in(move):
            reason = state._problem(m)
            if reason is not None:
                return reason
            state = state._apply(m)
        return None

    def _problem(self, m: Move) -> str | None:
        """Why ``m`` is refused here: by GIPF's rules, then by a variant's own rule."""
        reason = self._base_problem(m)
        if reason is None and not self.rules.plain:
            reason = self.rules._variant(self, m)
        return reason

    def play(self, move: Move | str) -> State:
        """The state after ``move`` (a :class:`Move` or its notation; a push followed by
        its removals, like ``"e1-e2 xe2-e7"``, plays them all). Never changes this state.

        Raises:
            IllegalMoveError: naming the rule the move breaks.
            InvalidNotationError: for malformed notation (and text over ``MAX_TEXT``
                characters); OffBoardError, both kinds at once, for a point the board lacks.

        >>> Rules(variant="basic").start().play("e2-e3")
        Traceback (most recent call last):
        ...
        gamekit.errors.IllegalMoveError: e2-e3 is not allowed: e2 is a spot of the play area, not a dot. A piece is put on one of the 24 dots around the edge and pushed in from there.
        """
        fast = _tables().push_run.get(id(move)) if self.rules.plain else None
        if fast is not None:  # one of the pushes legal_moves() lists (the very object)
            push, run, along = fast
            if self._may_push(along, push.gipf):
                return self._apply_push(push, run, along)
        elif (
            type(move) is Removal
            and self.rules.plain
            and self._outcome is None
            and self.phase == "remove"
        ):
            taken = self._choices().get(move)
            if taken is not None:  # one of the removals legal_moves() lists
                return self._apply_removal(taken)
        state = self
        info = _tables().push_info
        for m in _moves_in(move):
            known = info.get(id(m)) if self.rules.plain else None  # a push legal_moves() lists
            if known is None or not state._may_push(*known):
                reason = state._problem(m)
                if reason is not None:
                    raise IllegalMoveError(reason, move=m)
            state = state._apply(m)
        return state

    def _may_push(self, line: int, gipf: bool) -> bool:
        """Whether a push along line ``line`` (an index) of a GIPF piece or not is legal."""
        if self._outcome is not None or self.phase != "push":
            return False
        kinds, full = self._push_key()
        return gipf in kinds and not full >> line & 1

    def _apply(self, m: Move) -> State:
        """The state after ``m``, which :meth:`_problem` has found legal."""
        if isinstance(m, Removal):
            chosen = self._resolve(m)
            assert chosen is not None  # _problem refused every removal not open now
            return self._apply_removal(self._choices()[chosen])
        assert isinstance(m, Push)  # Move.parse returns nothing else
        return self._apply_push(m)


#: The setters of State's slots, in the order of ``State._make``'s arguments (the order of
#: ``__slots__``).
_SLOT_SETTERS: tuple[Callable[[State, Any], None], ...] = tuple(
    State.__dict__[name].__set__ for name in State.__slots__
)


#: The 21 lines of spots (pieces slide and rows form along them), each a tuple of indices
#: into :data:`GRID` in the grid's axis order.
LINES: tuple[tuple[int, ...], ...] = _tables().lines
