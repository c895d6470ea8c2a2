"""A guided first game: a whole game against the computer's beginner level (a solo game on
its own) with a few objectives that the board checks and ticks off as the learner reaches
them ("Capture a piece", "Win by a line").

A game declares its objectives in its ``guide`` part (``gamekit.coffee.guide`` ...): a
module with ``OBJECTIVES``, a tuple of :class:`Objective`, and ``RULES``, the rules of the
first game. An objective says in words what to do and how it is recognised: ``reached``
looks at one :class:`Step` of the game (the state before a move, the move, the state after,
the learner's seat and the states so far) and says whether that step reaches it. A guide may
also say what the computer threatens, with ``threat(state, seat)`` (words, or "" when
nothing): the board shows and says it when the learner is to move. A
:class:`Guide` follows a game step by step and remembers which objectives were reached, in
order; an objective once reached stays reached (taking the move back does not undo it).

>>> from gamekit import guide
>>> g = guide.Guide(guide.objectives("coffee"), "black")
>>> [o.id for o in g.objectives]
['block', 'two-threats', 'win-line']
>>> g
<Guide: 0 of 3 objectives reached>
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from gamekit.errors import shown
from gamekit.game import game_of, part, rules_class

__all__ = ["Objective", "Step", "Guide", "objectives", "first_rules", "first_game"]


class Step(NamedTuple):
    """One move of a game, as an objective looks at it: the state ``before`` it, the
    ``move`` (the game's Move), the state ``after``, the learner's ``seat``, and where it
    stands in the game: ``states`` gives the states up to ``after`` (``states[0]`` is the
    start; read only when asked, a board rebuilds some); ``at`` is the move's number, from 0."""

    before: Any
    move: Any
    after: Any
    seat: str
    game_states: Sequence[Any]
    at: int

    @property
    def states(self) -> Sequence[Any]:
        """The game's states from the start up to ``after``."""
        return self.game_states[: self.at + 2]

    @property
    def start(self) -> Any:
        """The position the game started from."""
        return self.game_states[0]

    @property
    def mine(self) -> bool:
        """Whether the learner made this move."""
        return bool(self.before.to_move == self.seat)

    @property
    def won(self) -> bool:
        """Whether the game ended with this move and the learner among the winners."""
        o = self.after.outcome
        return o is not None and self.seat in o.winners


@dataclass(frozen=True)
class Objective:
    """Something to do in a first game: ``id``, ``text`` (what to do, in words), ``hint``
    (how to go about it) and ``reached(step)``, whether a :class:`Step` reaches it.

    >>> o = Objective("win", "Win the game.", lambda step: step.won, "Make a line.")
    >>> o
    Objective('win')
    """

    id: str
    text: str
    reached: Callable[[Step], bool]
    hint: str = ""

    def __post_init__(self) -> None:
        order = "the order is Objective(id, text, reached, hint)"
        if not callable(self.reached):
            raise TypeError(
                "an objective's reached is a function of a step (true when it is reached), "
                f"not {shown(self.reached)}; {order}"
            )
        for name in ("id", "text", "hint"):
            value = getattr(self, name)
            if not isinstance(value, str):
                raise TypeError(f"an objective's {name} is text, not {shown(value)}; {order}")

    def __repr__(self) -> str:
        return f"Objective({self.id!r})"


class Guide:
    """The objectives of one game and which of them the learner has reached.

    :meth:`follow` reads the game so far (its states and moves) and ticks off what the new
    moves reach; it returns the objectives reached just now.

    Raises:
        ValueError: no objectives, or two with one id.
        TypeError: an objective that is not an :class:`Objective`, or a seat that is not text.
    """

    def __init__(self, objectives: Sequence[Objective], seat: str) -> None:
        found = tuple(objectives)
        if not found:
            raise ValueError("a guide needs at least one objective")
        for o in found:
            if not isinstance(o, Objective):
                raise TypeError(f"objectives must be guide.Objective, not {shown(o)}")
        if len({o.id for o in found}) != len(found):
            raise ValueError("two objectives have the same id")
        if not isinstance(seat, str):
            raise TypeError(f"seat must be the learner's seat as text, not {shown(seat)}")
        self.objectives = found
        self.seat = seat
        self.reached: list[str] = []
        self._seen = 0  # the moves already looked at

    def __repr__(self) -> str:
        k, n = len(self.reached), len(self.objectives)
        return f"<Guide: {k} of {n} objective{'s' if n != 1 else ''} reached>"

    @property
    def done(self) -> bool:
        """Whether every objective is reached."""
        return len(self.reached) == len(self.objectives)

    def follow(
        self,
        states: Sequence[Any],
        moves: Sequence[Any],
        by_computer: Sequence[bool] | None = None,
    ) -> list[Objective]:
        """Look at the moves not seen yet (``states[i + 1]`` follows ``moves[i]`` from
        ``states[i]``) and tick off what they reach; the objectives reached just now, in
        the guide's order. After moves were taken back only the moves played since count.
        A move the computer made at the learner's seat (``by_computer[i]``, when the learner
        handed their seat to it) reaches nothing: the objectives are the learner's own. The
        computer's moves at its own seats are looked at when the learner's own last move
        before it was the learner's (not handed over), since one may end a game the learner
        wins (a Hex Tiles game ends on the last player's move); an objective about the
        learner's moves asks ``step.mine``.
        """
        if len(states) != len(moves) + 1:
            raise ValueError("states must hold the start and one state after each move")
        self._seen = min(self._seen, len(moves))
        move_class: Any = part(states[0], "move")
        new: list[Objective] = []
        for i in range(self._seen, len(moves)):
            if self._computers(by_computer, i) and not self._learners_own(states, by_computer, i):
                continue
            move = moves[i]
            if isinstance(move, str):
                move = move_class.parse(move)
            step = Step(states[i], move, states[i + 1], self.seat, states, i)
            for o in self.objectives:
                if o.id not in self.reached and o.reached(step):
                    self.reached.append(o.id)
                    new.append(o)
        self._seen = len(moves)
        return new

    @staticmethod
    def _computers(by_computer: Sequence[bool] | None, i: int) -> bool:
        return by_computer is not None and i < len(by_computer) and bool(by_computer[i])

    def _learners_own(
        self, states: Sequence[Any], by_computer: Sequence[bool] | None, i: int
    ) -> bool:
        """Whether the computer's move ``i`` counts for the learner: made at another seat,
        after a move the learner made themselves at theirs."""
        if states[i].to_move == self.seat:
            return False
        for j in range(i - 1, -1, -1):
            if states[j].to_move == self.seat:
                return not self._computers(by_computer, j)
        return False

    def words(self) -> str:
        """Where the learner stands, in words.

        >>> Guide(objectives("coffee"), "black").words()[:40]
        '0 of 3 objectives reached. Still to do: '
        """
        n = len(self.objectives)
        todo = [o.text.rstrip(".") for o in self.objectives if o.id not in self.reached]
        head = f"{len(self.reached)} of {n} objective{'s' if n != 1 else ''} reached."
        if not todo:
            return head + " Every objective is reached: well played!"
        return f"{head} Still to do: {'; '.join(todo)}."


def objectives(game: Any) -> tuple[Objective, ...]:
    """The objectives of ``game``'s guided first game (its ``guide`` part).

    Raises:
        TypeError: ``game`` is not a registered game, or it has no guided first game.
    """
    module = part(game, "guide", None)
    if module is None:
        raise TypeError(f"{_name(game)} has no guided first game (no guide part)")
    return tuple(module.OBJECTIVES)


def first_rules(game: Any) -> Any:
    """The rules of ``game``'s guided first game (its guide's ``RULES``, else the game's
    own defaults)."""
    module = part(game, "guide", None)
    found = getattr(module, "RULES", None)
    return found if found is not None else rules_class(_name(game))()


def first_game(game: str, seed: int | None = 0, **options: Any) -> Any:
    """``game``'s board for a guided first game: the guide's rules, the learner on the first
    seat against the beginner level (a solo game alone), and the objectives beside the
    board, ticked off as they are reached. ``options`` go to the board (``width=``).

    >>> board = first_game("coffee")
    >>> board.guide
    <Guide: 0 of 3 objectives reached>

    Raises:
        TypeError: ``game`` is not a registered game's name, or it has no guided game.
    """
    if not isinstance(game, str):
        raise TypeError(f"game must be a registered game's name, not {shown(game)}")
    rules = first_rules(game)
    board_class = part(game, "board")
    seats = tuple(rules.seats)
    if len(seats) > 1:
        options.setdefault("opponent", "beginner")
        options.setdefault("computer_plays", seats[1:])
    board = board_class(rules, seed=seed, **options)
    board.set_guide(objectives(game))
    return board


def _name(game: Any) -> str:
    return game if isinstance(game, str) else game_of(game)
