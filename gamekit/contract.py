"""Check a game against gamekit's contract, as a game's author would: random games played
through it, every promise tried (pgx's ``api_test`` and OpenSpiel's random simulation test
do this for their games).

:func:`check_game` plays a few random games and checks, position by position:

- the rules name their game, seats and endings;
- every listed move plays, as the move and as its notation, and ``why_illegal`` allows it;
- a move that is not listed is refused by ``why_illegal`` with a sentence, and ``play``
  raises the very same sentence (a board shows the one and the engine the other);
- states are immutable, hashable, equal after a copy (pickle) and after a replay, and their
  ``repr`` shows no memory address;
- an ended game says who won with a tuple of its seats and ends in one of its ``endings``;
- ``replay``, ``to_dict``/``from_dict`` and a saved :class:`~gamekit.records.Record` round-trip;
- its picture draws and its words say the position, the board for it plays typed moves;
- conventions a part relies on: an ``extra_rule`` on rules that do not inherit
  :class:`~gamekit.variants.Variants` would be ignored; puzzles need the game's ``move``.

It raises one :class:`ContractError` listing everything broken, each in words naming the
method, with the position and the move that show it.

>>> from gamekit import coffee
>>> check_game(coffee.Rules(board="square", size=4, n=3), games=1)
"""

from __future__ import annotations

import pickle
from collections.abc import Mapping
from typing import Any

import numpy as np

from gamekit.errors import ContractError, IllegalMoveError, InvalidNotationError, shown
from gamekit.game import facts, game_of, install_contract_check

__all__ = ["ContractError", "check_game"]

#: How many moves from other positions are tried as refused moves, per position.
_TRIED = 40


class _Found:
    """The problems found so far, each said once (the first position that shows it)."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self._kinds: set[str] = set()

    def add(self, kind: str, words: str) -> None:
        if kind not in self._kinds:
            self._kinds.add(kind)
            self.problems.append(words)


def _where(state: Any) -> str:
    return shown(state, 160)


def check_game(
    rules: Any, games: int = 2, seed: int = 0, max_plies: int = 400, parts: bool = True
) -> None:
    """Check ``rules`` (a registered game's rules) against the contract with ``games``
    random games from ``seed`` (each at most ``max_plies`` moves); ``parts=False`` leaves out
    the picture, the words and the board (a quick check). Returns ``None`` when every
    promise holds.

    Raises:
        ContractError: the promises broken, each in words with the position and move that
            show it (also when the rules are not a registered game's).
    """
    from gamekit.checks import whole

    games = whole(games, "games", 1, 1000)
    seed = whole(seed, "seed", 0)
    max_plies = whole(max_plies, "max_plies", 1, 100_000)
    try:
        game = game_of(rules)
    except TypeError as error:
        raise ContractError(type(rules).__name__, [f"rules: {error}"]) from None
    found = _Found()
    _check_rules(rules, found)
    seen: dict[str, Any] = {}
    played: list[tuple[list[Any], list[Any]]] = []
    for g in range(games):
        try:
            states, moves = _random_game(rules, seed + g, max_plies, found, seen)
        except _Stop:
            break
        played.append((states, moves))
    for states, moves in played:
        _check_states(rules, states, found)
        _check_round_trips(rules, states, moves, found)
    if parts and played:
        _check_parts(rules, played[0], found)
    _check_conventions(rules, found)
    if found.problems:
        raise ContractError(game, found.problems)


class _Stop(Exception):
    """A random game cannot go on (the problem is recorded)."""


def _check_rules(rules: Any, found: _Found) -> None:
    seats = getattr(rules, "seats", None)
    if not (isinstance(seats, tuple) and seats and all(isinstance(s, str) for s in seats)):
        found.add("seats", f"Rules.seats must be a tuple of seat names, not {shown(seats)}")
    elif len(set(seats)) != len(seats):
        found.add("seats", f"Rules.seats names a seat twice: {seats}")
    endings = getattr(type(rules), "endings", None)
    if not (
        isinstance(endings, tuple) and endings and all(isinstance(e, str) and e for e in endings)
    ):
        found.add("endings", f"Rules.endings must be a tuple of words, not {shown(endings)}")


def _random_game(
    rules: Any, seed: int, max_plies: int, found: _Found, seen: dict[str, Any]
) -> tuple[list[Any], list[Any]]:
    """One random game, each position checked as it comes; (states, moves)."""
    rng = np.random.default_rng(seed)
    try:
        state = rules.start(seed=seed)
    except Exception as error:
        found.add("start", f"Rules.start(seed={seed}) failed: {type(error).__name__}: {error}")
        raise _Stop from None
    states, moves = [state], []
    for _ in range(max_plies):
        if state.outcome is not None:
            break
        legal = _listed(state, found)
        if not legal:
            raise _Stop
        _check_position(state, legal, found, seen)
        move = legal[int(rng.integers(len(legal)))]
        try:
            state = state.play(move)
        except Exception as error:
            found.add(
                "play",
                f"State.play({move!s}) raised {type(error).__name__} ({error}) for a move "
                f"legal_moves() lists, in {_where(state)}",
            )
            raise _Stop from None
        states.append(state)
        moves.append(move)
    return states, moves


def _listed(state: Any, found: _Found) -> list[Any]:
    try:
        legal = state.legal_moves()
    except Exception as error:
        found.add("legal", f"State.legal_moves() raised {type(error).__name__}: {error}")
        return []
    if not isinstance(legal, list):
        found.add(
            "legal-list",
            f"State.legal_moves() must return a list, not {type(legal).__name__}, in "
            f"{_where(state)}",
        )
        legal = list(legal)
    if not legal:
        found.add(
            "no-moves",
            "State.legal_moves() is empty but State.outcome is None: a game whose player has "
            f"no move must end, in {_where(state)}",
        )
    return legal


def _check_position(state: Any, legal: list[Any], found: _Found, seen: dict[str, Any]) -> None:
    texts = {str(m) for m in legal}
    for move in legal:
        seen.setdefault(str(move), move)
        for given in (move, str(move)):
            reason = state.why_illegal(given)
            if reason is not None:
                found.add(
                    "allowed",
                    f"State.why_illegal({given!r}) refuses a move legal_moves() lists "
                    f"({reason!r}), in {_where(state)}",
                )
        try:
            if state.play(move) != state.play(str(move)):
                found.add(
                    "notation",
                    f"State.play({str(move)!r}) and State.play of the move itself lead to "
                    f"different positions, in {_where(state)}",
                )
        except Exception as error:
            found.add(
                "notation",
                f"State.play({str(move)!r}) (a listed move's notation) raised "
                f"{type(error).__name__}: {error}, in {_where(state)}",
            )
    for text in [t for t in seen if t not in texts][:_TRIED]:
        reason = state.why_illegal(text)
        if not (isinstance(reason, str) and reason.strip()):
            found.add(
                "refusal",
                f"State.why_illegal({text!r}) must give a sentence for a move legal_moves() "
                f"does not list, not {shown(reason)}, in {_where(state)}",
            )
            continue
        try:
            state.play(text)
        except (IllegalMoveError, InvalidNotationError) as refused:
            if str(refused) != reason:
                found.add(
                    "sentence",
                    f"State.why_illegal({text!r}) says {reason!r} but State.play({text!r}) "
                    f"raises {str(refused)!r}: the board shows the one and the engine the "
                    f"other; make play raise the sentence why_illegal gives, in "
                    f"{_where(state)}",
                )
        except Exception as error:
            found.add(
                "refused-error",
                f"State.play({text!r}) must raise IllegalMoveError with the sentence "
                f"why_illegal gives, not {type(error).__name__} ({error}), in {_where(state)}",
            )
        else:
            found.add(
                "refused-played",
                f"State.play({text!r}) played a move that why_illegal refuses ({reason!r}), "
                f"in {_where(state)}",
            )


def _reachable(cls: type) -> bool:
    """Whether ``cls`` can be found by its module and name (pickle finds classes so); a
    class being registered by its decorator cannot be yet."""
    import sys

    found: Any = sys.modules.get(cls.__module__)
    for part in cls.__qualname__.split("."):
        found = getattr(found, part, None)
    return found is cls


def _check_states(rules: Any, states: list[Any], found: _Found) -> None:
    seats = tuple(getattr(rules, "seats", ()) or ())
    reachable = _reachable(type(rules)) and _reachable(type(states[0]))
    for state in states[:: max(1, len(states) // 8)] + states[-1:]:
        try:
            hash(state)
            if reachable:  # a class being registered by its decorator has no name yet
                copy = pickle.loads(pickle.dumps(state))
                if copy != state or hash(copy) != hash(state):
                    found.add(
                        "pickle", f"a State is not equal to its copy (pickle): {_where(state)}"
                    )
        except Exception as error:
            found.add(
                "pickle", f"a State cannot be copied or hashed: {type(error).__name__}: {error}"
            )
        try:
            state.rules = rules
        except (AttributeError, TypeError):
            pass
        else:
            found.add(
                "frozen", "a State can be changed (state.rules = ...): states must be immutable"
            )
        if "0x" in repr(state):
            found.add("repr", f"a State's repr shows a memory address: {_where(state)}")
        if state.to_move is not None and state.to_move not in seats:
            found.add(
                "to-move",
                f"State.to_move is {shown(state.to_move)}, not a seat, in {_where(state)}",
            )
    last = states[-1]
    outcome = last.outcome
    if outcome is None:
        return
    winners = getattr(outcome, "winners", None)
    if not isinstance(winners, tuple):
        found.add(
            "winners",
            f"Outcome.winners must be a tuple of seats such as ({seats[0]!r},) (mind the "
            f"comma) or () for nobody, not {shown(winners)}"
            if seats
            else "Outcome.winners",
        )
    elif not set(winners) <= set(seats):
        found.add("winners", f"Outcome.winners holds {winners}, not all seats of {seats}")
    if getattr(outcome, "ending", None) not in tuple(getattr(type(rules), "endings", ()) or ()):
        found.add(
            "ending",
            f"Outcome.ending {shown(getattr(outcome, 'ending', None))} is not one of the rules' "
            "endings",
        )
    if not (isinstance(getattr(outcome, "reason", None), str) and outcome.reason):
        found.add("reason", "Outcome.reason must say in words why the game ended")
    scores = getattr(outcome, "scores", None)
    if scores is not None and not isinstance(scores, Mapping):
        found.add(
            "scores",
            f"Outcome.scores must be a mapping of seat to score or None, not {shown(scores)}",
        )
    if last.to_move is not None:
        found.add(
            "over-to-move",
            f"State.to_move must be None once the game is over, not {shown(last.to_move)}",
        )
    if list(last.legal_moves()):
        found.add("over-moves", "State.legal_moves() must be empty once the game is over")


def _check_round_trips(rules: Any, states: list[Any], moves: list[Any], found: _Found) -> None:
    from gamekit.records import Record

    used = states[0].rules  # with the seed the game was dealt from
    try:
        if used.replay([str(m) for m in moves]) != states[-1]:
            found.add("replay", "Rules.replay(moves) does not reach the position the moves reached")
    except Exception as error:
        found.add("replay", f"Rules.replay(moves) raised {type(error).__name__}: {error}")
    try:
        if type(used).from_dict(used.to_dict()) != used:
            found.add("to-dict", "Rules.from_dict(rules.to_dict()) gives other rules")
    except Exception as error:
        found.add("to-dict", f"Rules.to_dict/from_dict failed: {type(error).__name__}: {error}")
    try:
        record = Record(used, [str(m) for m in moves])
        if Record.from_json(record.to_json()).final() != states[-1]:
            found.add("record", "a saved Record does not read back to the same position")
    except Exception as error:
        found.add("record", f"a Record of a random game failed: {type(error).__name__}: {error}")


def _check_parts(rules: Any, played: tuple[list[Any], list[Any]], found: _Found) -> None:
    """The parts every game has (its own or the kit's): picture, words, board."""
    states, moves = played
    try:
        from gamekit import render

        if not render.png(states[-1]).startswith(b"\x89PNG"):
            found.add("picture", "the game's picture does not draw a PNG")
    except Exception as error:
        found.add("picture", f"the game's picture failed: {type(error).__name__}: {error}")
    try:
        from gamekit.words import position_words

        if not position_words(states[0]).endswith("."):
            found.add("words", "the game's words do not say the position in a sentence")
    except Exception as error:
        found.add("words", f"the game's words failed: {type(error).__name__}: {error}")
    try:
        from gamekit.widgets import board_for

        board = board_for(rules)
        if board.state == states[0]:
            for k, move in enumerate(moves[:20]):
                board.type_move(str(move))
                if board.state != states[k + 1]:
                    found.add(
                        "board",
                        f"the board did not play the typed move {str(move)!r}: {board.message}",
                    )
                    break
    except ImportError:
        pass  # no widgets installed: no board to check
    except Exception as error:
        found.add("board", f"the game's board failed: {type(error).__name__}: {error}")


def _check_conventions(rules: Any, found: _Found) -> None:
    """What a part relies on without the contract saying so."""
    from gamekit.variants import Variants

    own = any("extra_rule" in vars(base) for base in type(rules).__mro__)
    if own and not isinstance(rules, Variants):
        found.add(
            "extra-rule",
            "the rules define extra_rule but do not inherit gamekit.variants.Variants, so the "
            "rule would be ignored: subclass a game's Rules, or Variants",
        )
    declared = facts(rules)
    if declared.puzzles is not None and not callable(getattr(declared.move, "parse", None)):
        found.add(
            "move",
            "the game declares puzzles, whose boards read answers with the game's move class: "
            "register it with move=YourMove (a class with parse)",
        )


install_contract_check(check_game)
