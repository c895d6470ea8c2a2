"""gamekit.check_game: a game's author checks their game against the contract, as pgx's
api_test and OpenSpiel's random simulation test let their authors do. Every shipped game and
the outside game pass; a game that breaks a promise gets one error listing each broken
promise in words, with the method, the position and the move."""

from __future__ import annotations

import dataclasses

import pytest
from outside_game import Lines, Outcome, Position
from suite import GAMES, example_rules, examples

import gamekit
from gamekit import ContractError, check_game, coffee
from gamekit.errors import IllegalMoveError


@pytest.mark.parametrize(
    "rules",
    [
        *(example_rules(game) for game in GAMES),
        *(
            gamekit.rules_class(game)(**dict(rules))
            for game in GAMES
            for rules, _ in examples(game).boards.values()
        ),
        coffee.Rules(board="hex", size=3, pie_rule=True),
        Lines(),
    ],
    ids=repr,
)
def test_the_shipped_games_and_an_outside_game_keep_every_promise(rules) -> None:
    assert check_game(rules) is None


def _keep(cls, state):
    """``state`` as a ``cls`` (Position.play makes a plain Position)."""
    return cls(**{f.name: getattr(state, f.name) for f in dataclasses.fields(state)})


@dataclasses.dataclass(frozen=True)
class _OtherWords(Position):
    def play(self, move):
        if self.why_illegal(move) is not None:
            raise IllegalMoveError(f"{move} is taken")  # not the sentence why_illegal gives
        return _keep(type(self), super().play(move))


@gamekit.register
@dataclasses.dataclass(frozen=True)
class OtherWords(Lines):
    game = "other-words-test"

    def start(self, seed=None):
        return _OtherWords(self, gamekit.game.FrozenMap(), "black", None)


def test_a_refusal_in_other_words_than_why_illegal_is_reported_with_the_move() -> None:
    with pytest.raises(ContractError) as found:
        check_game(OtherWords(), parts=False)
    message = str(found.value)
    assert "other-words-test breaks" in message
    assert "State.why_illegal(" in message and "says" in message and "raises" in message
    assert "is taken" in message and "already holds" in message
    assert len(found.value.problems) == 1


@dataclasses.dataclass(frozen=True)
class _NoComma(Position):
    def play(self, move):
        after = _keep(type(self), super().play(move))
        if after.outcome is not None and after.outcome.winners:
            won = Outcome(after.outcome.winners[0], "line", "won")  # the tuple's comma forgotten
            return dataclasses.replace(after, outcome=won)
        return after


@gamekit.register
@dataclasses.dataclass(frozen=True)
class NoComma(Lines):
    game = "no-comma-test"

    def start(self, seed=None):
        return _NoComma(self, gamekit.game.FrozenMap(), "black", None)

    def extra_rule(self, state, move):  # ignored: these rules do not inherit Variants
        return "never"


def test_several_broken_promises_are_listed_in_one_error() -> None:
    with pytest.raises(ContractError) as found:
        check_game(NoComma(), games=4, parts=False)
    problems = "\n".join(found.value.problems)
    assert "Outcome.winners must be a tuple of seats" in problems and "mind the comma" in problems
    assert "extra_rule but do not inherit gamekit.variants.Variants" in problems
    assert len(found.value.problems) >= 2


def test_what_is_no_registered_game_is_refused_in_words() -> None:
    with pytest.raises(ContractError, match="rules"):
        check_game(object())
    with pytest.raises(ValueError, match="games must be from 1 to 1000"):
        check_game(Lines(), games=0)


def test_register_checks_a_game_when_asked_and_refuses_a_broken_one() -> None:
    @gamekit.register(check=True)
    @dataclasses.dataclass(frozen=True)
    class CheckedLines(Lines):  # checked while its decorator runs, before it has a name
        game = "checked-lines-test"

    assert gamekit.games()["checked-lines-test"] is CheckedLines

    with pytest.raises(ContractError, match="mind the comma"):

        @gamekit.register(check=True)
        @dataclasses.dataclass(frozen=True)
        class Broken(NoComma):
            game = "broken-comma-test"

    assert "broken-comma-test" not in gamekit.games()  # refused: not registered
    with pytest.raises(ContractError):
        gamekit.register(NoComma, check=True)
    assert gamekit.games()["no-comma-test"] is NoComma  # as it was before the check
