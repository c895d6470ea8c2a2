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

:data:`PUZZLES` holds them by game, each game's in teaching order (levels 1 to 5): a game
lists its own in its ``puzzles`` part (``gamekit.coffee.puzzles`` ...), built with
:func:`define`, and adds the goals only it has with :func:`add_goals`. ``answers()`` gives
the moves that meet the goal, the one right set of cells (a ``frozenset``) or the best
choices. The goals (:data:`GOALS`) every game has: ``legal`` (a legal move, within the
task's ``focus``), ``win`` (the mover wins before the turn is over), ``safe`` (afterwards
the opponent cannot win in their turn) and ``perfect`` (a win against any defence, by full
search: tiny boards only).

>>> from gamekit import puzzles
>>> p = puzzles.get("coffee-block-1")
>>> p.game, p.kind, p.goal, p.level
('coffee', 'move', 'block', 2)
>>> [str(m) for m in p.answers()]
['c4|']
>>> p.check("c4|").right
True
>>> p.check("c4-")
Grade(right=False, message='After c4-, Black still has 6 legal moves.', hint='Try each direction for your rod: which one leaves Black a single empty cell, with every line through it full?')
>>> p.check("a1|").message
'a1| is not allowed: a1 already holds an Orange stone.'
"""

from __future__ import annotations

import importlib
import inspect
import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from gamekit.errors import InvalidNotationError
from gamekit.errors import shown as shown
from gamekit.game import FrozenMap, facts, game_of, games, lineage, own_part, part
from gamekit.goals import (  # noqa: F401  (the goals' names, where programs found them)
    CELL_GOALS,
    CHOICE_GOALS,
    GOAL_GAMES,
    GOALS,
    MOVE_GOALS,
    PAIR_CELL,
    PERFECT_LIMIT,
    CellGoal,
    ChoiceGoal,
    MoveGoal,
    PerfectSearchError,
    Turn,
    add_goals,
    after_move,
    as_sentence,
    can_force,
    cell_label,
    first_sentence,
    lost,
    move_class_of,
    move_parts,
    other_seat,
    perfect_winner,
    turn_continues,
    who,
    winning_replies,
    won,
)
from gamekit.text import join_words, plural

__all__ = [
    "KINDS",
    "GOALS",
    "Grade",
    "Puzzle",
    "Attempts",
    "PUZZLES",
    "get",
    "puzzle",
    "define",
    "add_goals",
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
# Puzzles
# ---------------------------------------------------------------------------------------

_ID = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)+")  # a game name may hold digits


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
    ``setup``/``arrange``, or the start) and then ``moves``; or a ``position`` given as it
    is (a state of the game, see :func:`puzzle`). ``focus`` narrows the task to
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
    position: Any = None
    _memo: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not _ID.fullmatch(self.id):
            raise ValueError(
                "id must be words joined by hyphens, the game's name first, such as "
                f"'{game_of(self.rules) if _is_rules(self.rules) else 'mygame'}-win-1', not {shown(self.id)}"
            )
        if game_of(self.rules) != self.game:
            raise ValueError(f"{self.id}: rules of {game_of(self.rules)!r}, not {self.game!r}")
        if isinstance(self.level, bool) or self.level not in (1, 2, 3, 4, 5):
            raise ValueError(f"{self.id}: level must be 1 to 5, not {shown(self.level)}")
        if self.kind not in KINDS:
            raise ValueError(f"{self.id}: kind must be one of {', '.join(KINDS)}")
        _load_goals(self.rules)
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
        goals: dict[str, MoveGoal | CellGoal | ChoiceGoal] = {
            **MOVE_GOALS,
            **CELL_GOALS,
            **CHOICE_GOALS,
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
        if state is None and self.position is not None:
            state = self._memo["start"] = self.position
        if state is None:
            if self.setup is None:
                state = self.rules.start()
            else:
                state = getattr(self.rules, str(facts(self.rules).setup))(**self.setup)
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
        >>> from gamekit import coffee
        >>> p.in_focus(coffee.Move("c4", "-")), p.in_focus("a1-")
        (True, False)

        Raises:
            InvalidNotationError: ``move`` is text that is no move of the game.
        """
        if isinstance(move, str):
            move = move_class_of(self.start()).parse(move)
        return not self.focus or set(self.focus) <= move_parts(move)

    _in_focus = in_focus

    def _verdicts(self) -> dict[Any, tuple[Any, str]]:
        """Every legal move in focus with the goal's verdict on it (move puzzles)."""
        if "verdicts" not in self._memo:
            s = self.start()
            judge = MOVE_GOALS[self.goal].judge
            self._memo["verdicts"] = {
                m: judge(self, s, m) for m in s.legal_moves() if self._in_focus(m)
            }
        return self._memo["verdicts"]

    def _best(self) -> Any:
        return max((v for v, _ in self._verdicts().values()), default=None)

    def _values(self) -> dict[str, tuple[float, str]]:
        if "values" not in self._memo:
            self._memo["values"] = CHOICE_GOALS[self.goal].values(self, self.start())
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
            return (CELL_GOALS[self.goal].cells(self, self.start()),)
        if self.kind == "choice":
            values = self._values()
            top = max(v for v, _ in values.values())
            return tuple(c for c in self.choices if values[c][0] >= top - 1e-9)
        goal = MOVE_GOALS[self.goal]
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
            cells = sorted(answers[0], key=cell_order)
            return f"The {plural(len(cells), self.noun)}: {join_words(cells)}."
        if self.kind == "choice":
            words = [self._values()[c][1] for c in answers]
            return f"The answer: {join_words(list(answers), 'or')}. " + " ".join(
                as_sentence(w) for w in words
            )
        listed = [str(m) for m in answers]
        shown = listed[:12]
        more = f" (and {len(listed) - 12} more)" if len(listed) > 12 else ""
        if len(listed) == 1:
            why = self._verdicts()[answers[0]][1]
            return f"The answer: {listed[0]}. {as_sentence(why, answers[0])}"
        return f"Every right answer: {join_words(shown, 'or')}{more}."

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
        return Grade(False, as_sentence(message, move), self.hint)

    def turn_goes_on(self, state: Any) -> bool:
        """Whether, in ``state`` (reached from the start by the answer's move), the mover's
        turn goes on with a decision of theirs that the goal judges too: GIPF's removals
        after the push of a ``win`` or ``safe`` puzzle. A board then lets the learner
        finish the turn before it checks the whole turn.

        >>> p = get("gipf-win-1")
        >>> p.turn_goes_on(p.start().play("a1-b2")), p.turn_goes_on(p.start().play("e1-e2"))
        (True, False)
        """
        if self.kind != "move" or not MOVE_GOALS[self.goal].whole_turn:
            return False
        return turn_continues(state) and state.to_move == self.start().to_move

    def _check_move(self, answer: Any) -> Grade:
        state = self.start()
        move_class = move_class_of(state)
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
            return self._wrong(first_sentence(str(err)))
        if reason is not None:
            return self._wrong(first_sentence(reason), move)
        if not self._in_focus(move):
            return self._wrong(f"{move} is allowed, but the task asks for {self.about}", move)
        goal = MOVE_GOALS[self.goal]
        known = self._verdicts().get(move)
        verdict, words = known if known is not None else goal.judge(self, state, move)
        right = verdict == self._best() if goal.best else bool(verdict)
        if right and len(moves) > 1:
            rest = self._rest_of_turn(state, moves)
            if rest is not None:
                return self._wrong(rest)
            if goal.whole_turn:
                verdict, words = goal.judge(self, state, Turn(moves))
                right, move = bool(verdict), Turn(moves)
        if right:
            best = " No move does better." if goal.best else ""
            return Grade(True, "Right! " + as_sentence(words, move) + best)
        better = " Another move does better." if goal.best else ""
        return self._wrong(as_sentence(words, move) + better, move)

    def _rest_of_turn(self, state: Any, moves: list[Any]) -> str | None:
        """Why the moves after the first do not finish its turn (``None`` if they do)."""
        seat = state.to_move
        state = state.play(moves[0])
        for m in moves[1:]:
            if not turn_continues(state) or state.to_move != seat:
                return f"{m} is not part of {who(seat)}'s turn: it is over after {moves[0]}"
            try:
                reason = state.why_illegal(m)
            except InvalidNotationError as err:
                reason = str(err)
            if reason is not None:
                return first_sentence(reason)
            state = state.play(m)
        return None

    @property
    def noun(self) -> str:
        """What a player calls the places a cells puzzle asks to click (its goal's
        :attr:`~gamekit.goals.CellGoal.noun`): "cell", or a game's own word.

        >>> get("coffee-legal-cells-1").noun, get("gipf-pushed-1").noun
        ('cell', 'spot')
        """
        return CELL_GOALS[self.goal].noun if self.kind == "cells" else "cell"

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
        goal = CELL_GOALS[self.goal]
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
        goal = CELL_GOALS[self.goal]
        given: set[str] = set()
        for item in answer:
            if not isinstance(item, str | tuple | list):
                raise TypeError(f"a cell is named by text such as 'c3', not {type(item).__name__}")
            cell = goal.normalise(item)
            if cell is None:
                return self._wrong(f"{shown(item)} is not a {self.noun} name")
            given.add(cell)
        state = self.start()
        right = self.answers()[0]
        if given == right:
            if len(right) == 1:  # "All 1 cell." said nothing a learner would say
                return Grade(True, f"Right! The one {self.noun}: {next(iter(right))}.")
            return Grade(True, f"Right! All {plural(len(right), self.noun)}.")
        missing = len(right - given)
        extra = sorted(given - right, key=cell_order)
        parts = []
        if missing:
            parts.append(f"{plural(missing, self.noun + ' is', self.noun + 's are')} missing")
        if extra:
            why = "; ".join(goal.why_not(self, state, c).rstrip(".") for c in extra[:4])
            more = f" (and {len(extra) - 4} more)" if len(extra) > 4 else ""
            noun = plural(len(extra), self.noun + " does", self.noun + "s do")
            parts.append(f"{noun} not belong: {why}{more}")
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
                f"{shown(answer)} is not one of the choices: {join_words(list(self.choices), 'or')}"
            )
        values = self._values()
        if choice in self.answers():
            shown_ = values if CHOICE_GOALS[self.goal].compare else {choice: values[choice]}
            words = "; ".join(w for _, w in shown_.values())
            return Grade(True, "Right! " + as_sentence(words))
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
            raise NotImplementedError(
                f"the board of {self.game!r} ({board_class.__name__}) takes no puzzle"
            )
        return board_class(puzzle=self, **options)


def cell_order(cell: str) -> tuple[Any, ...]:
    """Board order for labels (``b2`` before ``b10``) and Hex Tiles cells."""
    m = re.fullmatch(r"([a-z])([0-9]+)", cell)
    if m:
        return (0, m.group(1), int(m.group(2)))
    m = PAIR_CELL.fullmatch(cell)
    if m:
        return (1, int(m.group(1)), int(m.group(2)))
    return (2, cell)


# ---------------------------------------------------------------------------------------
# Attempts
# ---------------------------------------------------------------------------------------


class Attempts:
    """The tries at one puzzle, as a board's puzzle mode keeps them: it counts the tries,
    offers the hint after the first wrong one, and reveals the answer when asked
    (:meth:`reveal`) or after ``reveal_after`` wrong tries: 3, or 1 for a question of two
    choices, which a second guess would otherwise always pass. A puzzle is ``solved`` by a
    right try made before its answer was shown.

    >>> a = Attempts(get("coffee-block-1"))
    >>> a.hint
    ''
    >>> a.check("a1|").right, a.tries, a.hint != ""
    (False, 1, True)

    Raises:
        TypeError: ``puzzle`` is not a :class:`Puzzle`, or ``reveal_after`` not a whole number.
        ValueError: ``reveal_after`` is below 1.
    """

    def __init__(self, puzzle: Puzzle, reveal_after: int | None = None) -> None:
        if not isinstance(puzzle, Puzzle):
            raise TypeError(
                f"puzzle must be a Puzzle (see puzzles.get), not {type(puzzle).__name__}"
            )
        if reveal_after is None:
            reveal_after = 1 if puzzle.kind == "choice" and len(puzzle.choices) == 2 else 3
        if isinstance(reveal_after, bool) or not isinstance(reveal_after, int):
            raise TypeError(f"reveal_after must be a whole number, not {shown(reveal_after)}")
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
        """Grade one try (as :meth:`Puzzle.check`) and count it; the wrong try that reveals
        the answer (the third, or the first of two choices) ends its message with it.

        Raises:
            TypeError: as :meth:`Puzzle.check` (such a try is not counted).
        """
        grade = self.puzzle.check(answer)
        self.tries += 1
        if grade.right:
            if self.revealed and not self.solved:  # right, but with the answer in sight
                return Grade(True, grade.message + " (The answer was shown: find it yourself "
                             "another day to count it solved.)", grade.hint)  # fmt: skip
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


def _is_rules(rules: Any) -> bool:
    try:
        game_of(rules)
    except TypeError:
        return False
    return True


def _load_goals(rules: Any) -> None:
    """Load the puzzles module of the game ``rules`` belong to (or of the game it extends),
    which adds its goals; a module being loaded (building its own puzzles) is left alone."""
    where = facts(rules).puzzles
    if isinstance(where, str):
        importlib.import_module(where.partition(":")[0])


def _moves(text: str) -> tuple[str, ...]:
    """A move list written as one text: moves apart by spaces, or by ``;`` when a move has
    spaces of its own (Hex Tiles)."""
    return tuple(m.strip() for m in (text.split(";") if ";" in text else text.split()))


def define(ident: str, level: int, goal: str, rules: Any, moves: str = "", **fields: Any) -> Puzzle:
    """A puzzle of a game's list (its puzzles module builds them so): its game comes from
    its rules, its kind from its goal, its ``moves`` are one text (apart by spaces, or by
    ``;`` when a move has spaces of its own).

    >>> from gamekit import coffee
    >>> define("coffee-mine-1", 1, "legal", coffee.Rules(), "e5|", task="Play.", hint="Any.")
    Puzzle('coffee-mine-1', level=1, kind='move', goal='legal')
    """
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


def _own_puzzles(game: str) -> tuple[Puzzle, ...]:
    """The puzzles ``game`` declares itself (a variant does not repeat its game's)."""
    found = own_part(game, "puzzles")
    return tuple(found) if found is not None else ()


def _load_puzzles() -> None:
    """Load every registered game's puzzles (and with them its goals)."""
    for game in games():
        _own_puzzles(game)


class _Puzzles(Mapping[str, tuple[Puzzle, ...]]):
    """Every puzzle by game, each game's in teaching order: read from each registered
    game's ``puzzles`` fact, loaded on first use."""

    def _all(self) -> dict[str, tuple[Puzzle, ...]]:
        out = {}
        for game in games():
            found = _own_puzzles(game)
            if found:
                out[game] = found
        return out

    def __getitem__(self, game: str) -> tuple[Puzzle, ...]:
        return self._all()[game]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())

    def __repr__(self) -> str:
        return "PUZZLES(" + ", ".join(f"{g}: {len(p)}" for g, p in self._all().items()) + ")"


#: Every puzzle by game, each game's in teaching order (level 1 first).
PUZZLES: Mapping[str, tuple[Puzzle, ...]] = _Puzzles()


_made: dict[str, int] = {}


def puzzle(
    state: Any,
    goal: str = "win",
    *,
    task: str,
    hint: str,
    id: str | None = None,
    level: int = 1,
    moves: Iterable[Any] | None = None,
    **fields: Any,
) -> Puzzle:
    """A puzzle on any position of any registered game: ``state`` as it is (or, with
    ``moves``, the position those moves reach from the game's start, which a record of
    the board can hold), a ``goal`` the engine judges (``"legal"``, ``"win"``, ``"safe"``,
    ``"perfect"``, or one of the game's own), the ``task`` and a ``hint`` in words. Its
    ``id`` is the game's name, the goal and a number unless given; ``fields`` are the
    other :class:`Puzzle` fields (``focus``, ``about``, ``target`` …). ``board()`` shows it.

    >>> from gamekit import coffee
    >>> state = coffee.Rules(board="square", size=4, n=3).replay(["a3|", "a4|", "a2\\\\", "b1-"])
    >>> p = puzzle(state, "win", task="Black to play and win.", hint="Three in a row.")
    >>> p, sorted({m.cell for m in p.answers()})
    (Puzzle('coffee-win-1', level=1, kind='move', goal='win'), ['a1'])

    Raises:
        TypeError: ``state`` is no position of a registered game.
        ValueError: a goal of no kind, a field a puzzle refuses, or ``moves`` that do not
            reach ``state``.
    """
    if not callable(getattr(state, "legal_moves", None)):
        raise TypeError(f"state must be a position of a registered game, not {shown(state)}")
    game = game_of(state)
    _load_goals(state.rules)
    own = set(lineage(state.rules))
    usable = [g for g in GOALS if GOAL_GAMES.get(g) in (None, *own)]
    if goal not in usable:
        owner = GOAL_GAMES.get(goal) if isinstance(goal, str) else None
        whose = f" ({shown(goal)} is a goal of {owner}'s puzzles)" if owner else ""
        raise ValueError(
            f"goal must be one of {', '.join(usable)} for {game}, not {shown(goal)}{whose}"
        )
    if id is None:
        _made[f"{game}-{goal}"] = number = _made.get(f"{game}-{goal}", 0) + 1
        id = f"{game}-{goal}-{number}"
    played: tuple[str, ...] = ()
    position = state
    if moves is not None:
        played = tuple(str(m) for m in moves)
        if state.rules.replay(played) != state:
            raise ValueError("moves must lead from the game's start to state")
        position = None
    made = Puzzle(
        id=id,
        game=game,
        level=level,
        kind=GOALS[goal],
        goal=goal,
        task=task,
        hint=hint,
        rules=state.rules,
        moves=played,
        position=position,
        **fields,
    )
    if goal == "perfect":
        _can_search(made, state)
    return made


def _can_search(p: Puzzle, state: Any) -> None:
    """Refuse a "perfect" puzzle the engine cannot answer: not two players, a position
    whose games can end without a single winner, or too many positions to search (the
    search done here is kept: the puzzle then answers at once)."""
    if len(tuple(state.rules.seats)) != 2:
        raise ValueError(
            "the goal 'perfect' is for games of two players: a win against any defence; "
            f"{game_of(state)} has {len(tuple(state.rules.seats))} seats"
        )
    if state.outcome is not None:
        raise ValueError(f"the game is over in this position ({state.outcome.reason})")
    try:
        memo = p._memo.setdefault("perfect", {})
        for move in state.legal_moves():
            perfect_winner(state.play(move), memo, PERFECT_LIMIT)
    except PerfectSearchError as problem:
        raise ValueError(f"a 'perfect' puzzle here cannot be answered: {problem}") from None


def get(puzzle_id: str) -> Puzzle:
    """The puzzle named ``puzzle_id``.

    >>> get("coffee-block-1").game
    'coffee'

    Raises:
        TypeError: ``puzzle_id`` is not text.
        ValueError: no puzzle has that id (the message lists the ids of its game).
    """
    if not isinstance(puzzle_id, str):
        example = next((ps[0].id for ps in PUZZLES.values()), "mygame-win-1")
        raise TypeError(f"puzzle_id must be text such as {example!r}, not {shown(puzzle_id)}")
    for puzzles in PUZZLES.values():
        for p in puzzles:
            if p.id == puzzle_id:
                return p
    game = puzzle_id.split("-")[0]
    near = [p.id for p in PUZZLES.get(game, ())] or [p.id for ps in PUZZLES.values() for p in ps]
    raise ValueError(f"no puzzle has the id {shown(puzzle_id)}; the ids are {', '.join(near)}")
