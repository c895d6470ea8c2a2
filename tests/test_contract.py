"""Every registered game, and the variant written in lesson 15, kept to one contract
(:mod:`gamekit.game`): random games to the end in which every listed move plays and every
other move is refused with the sentence ``why_illegal`` gives; immutable, hashable,
picklable states; records, ``replay`` and ``to_dict``/``from_dict`` that round-trip;
endings from the game's own vocabulary; and ``play_many`` with every level of player.

In the spirit of OpenSpiel's ``random_sim_test`` and pgx's ``api_test``. Per-game tests
keep what is specific to a game."""

from __future__ import annotations

import dataclasses
import json
import pickle
import sys
import types
from collections.abc import Mapping
from pathlib import Path

import numpy as np
import pytest
from outside_game import Lines
from suite import GAMES, examples

import gamekit
import gamekit.gipf
import gamekit.hextiles
import gamekit.roaster
from gamekit import IllegalMoveError, InvalidNotationError, Record, game
from gamekit.players import LEVELS, make_player
from gamekit.sim import play_many
from gamekit.variants import Variants

VARIANT_LESSON = Path(__file__).parent.parent / "notebooks" / "15_design_a_variant.ipynb"


def small(cls: type) -> object:
    """``cls`` (a game's rules class, or a variant's) on its game's small example, so that
    whole random games are quick."""
    return cls(**examples(game.lineage(cls)[-1]).small)


def variant_rules() -> list:
    """The rules of the variants that lesson 15 writes, run from the lesson's cells tagged
    ``variant`` (the lesson is the only place they are written), each with small options."""
    if not VARIANT_LESSON.exists():
        return []
    nb = json.loads(VARIANT_LESSON.read_text(encoding="utf-8"))
    # run as a module of its own, so that its classes pickle as a notebook's do
    module = sys.modules.setdefault("lesson15_variants", types.ModuleType("lesson15_variants"))
    namespace = module.__dict__
    for cell in nb["cells"]:
        if cell["cell_type"] == "code" and "variant" in cell.get("metadata", {}).get("tags", []):
            exec(compile("".join(cell["source"]), str(VARIANT_LESSON), "exec"), namespace)
    registered = gamekit.games()
    variants = [
        cls
        for cls in namespace.values()
        if isinstance(cls, type) and registered.get(getattr(cls, "game", None)) is cls
    ]
    # each variant on the small board of the game it extends
    return [small(cls) for cls in variants]


# -- one variant of every game, through the same hook (extra_rule) --------------------------------


def _variant(name: str) -> type:
    """A variant of ``name`` with the extra rule its examples give (``variant_rule``),
    registered as ``<name>-contract-variant``."""
    rule = examples(name).variant_rule

    def extra_rule(self, state, move):
        return rule(state, move)

    cls = type(
        f"{name.title()}ContractVariant",
        (gamekit.rules_class(name),),
        {"game": f"{name}-contract-variant", "extra_rule": extra_rule, "__module__": __name__},
    )
    made = gamekit.register(dataclasses.dataclass(frozen=True)(cls))
    globals()[cls.__name__] = made  # found by pickle, as a class written here would be
    return made


#: A variant of every game that takes one, through the one hook (extra_rule).
VARIANTABLE = [g for g in GAMES if issubclass(gamekit.rules_class(g), Variants)]
GAME_VARIANTS = tuple(_variant(g) for g in VARIANTABLE if examples(g).variant_rule)


def all_rules() -> list:
    registered = gamekit.games()
    shipped = [small(registered[name]) for name in GAMES]
    ours = [small(cls) for cls in GAME_VARIANTS]
    return shipped + ours + [Lines()] + variant_rules()


RULES = all_rules()
IDS = [game.game_of(r) for r in RULES]


def random_game(rules, seed: int, max_plies: int = 400):
    """One random game (uniform over ``legal_moves()``): its states, the start first, and
    its moves."""
    rng = np.random.default_rng(seed)
    state = rules.start(seed=seed)
    states, moves = [state], []
    for _ in range(max_plies):
        if state.outcome is not None:
            break
        legal = state.legal_moves()
        assert legal, f"{state!r} is not over but has no legal move"
        moves.append(legal[rng.integers(len(legal))])
        state = state.play(moves[-1])
        states.append(state)
    return states, moves


@pytest.fixture(scope="module", params=RULES, ids=IDS)
def played(request):
    """(rules, the states of two random games, the moves of the first)."""
    rules = request.param
    first, moves = random_game(rules, 1)
    second, _ = random_game(rules, 2)
    return rules, first + second, (first, moves)


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_gamekit_check_game_passes_every_registered_game(rules):
    """The public check a game's author runs (gamekit.check_game) on every game here."""
    assert gamekit.check_game(rules, parts=False) is None


def test_rules_name_their_game_seats_and_endings(played):
    rules, _, _ = played
    assert gamekit.games()[game.game_of(rules)] is type(rules)
    assert isinstance(rules, game.Rules)
    assert rules.seats and all(isinstance(s, str) for s in rules.seats)
    assert len(set(rules.seats)) == len(rules.seats)
    assert rules.endings and all(isinstance(e, str) and e for e in rules.endings)


def test_every_listed_move_plays_and_every_other_is_refused_with_its_sentence(played):
    rules, states, _ = played
    seen: dict[str, object] = {}
    for state in states[::3]:
        if state.outcome is not None:
            continue
        legal = state.legal_moves()
        texts = {str(m) for m in legal}
        for move in legal:
            seen.setdefault(str(move), move)
            assert state.why_illegal(move) is None
            assert state.why_illegal(str(move)) is None
            after = state.play(move)
            assert after == state.play(str(move))
        for text in list(seen)[:60]:
            if text in texts:
                continue
            reason = state.why_illegal(text)
            assert isinstance(reason, str) and reason, text
            with pytest.raises((IllegalMoveError, InvalidNotationError)) as refused:
                state.play(text)
            assert str(refused.value) == reason


def test_states_are_immutable_hashable_and_picklable(played):
    rules, states, _ = played
    for state in states[:: max(1, len(states) // 8)]:
        assert isinstance(state, game.State)
        copy = pickle.loads(pickle.dumps(state))
        assert copy == state and hash(copy) == hash(state)
        assert type(state.rules) is type(rules)
        with pytest.raises((AttributeError, TypeError)):
            state.rules = rules
        with pytest.raises((AttributeError, TypeError)):
            del state.rules
        assert "0x" not in repr(state)
        assert state.to_move is None or state.to_move in rules.seats
        assert isinstance(state.swapped, bool)


def test_a_finished_game_ends_in_the_games_own_words(played):
    rules, states, _ = played
    finished = [s for s in states if s.outcome is not None]
    assert finished, "two random games should reach an end"
    for state in finished:
        outcome = state.outcome
        assert isinstance(outcome, game.Outcome)
        assert state.to_move is None
        assert state.legal_moves() == [] or list(state.legal_moves()) == []
        assert outcome.ending in rules.endings
        assert set(outcome.winners) <= set(rules.seats)
        assert isinstance(outcome.reason, str) and outcome.reason
        if outcome.scores is not None:
            assert isinstance(outcome.scores, Mapping)
            assert set(outcome.scores) <= set(rules.seats)
            hash(outcome)


def test_replay_records_and_options_round_trip(played):
    rules, _, (states, moves) = played
    used = states[0].rules  # with the seed the game was dealt from
    assert used.replay(moves) == states[-1]
    assert type(used).from_dict(used.to_dict()) == used
    record = Record(used, moves)
    again = Record.from_json(record.to_json())
    assert again == record and again.final() == states[-1]
    assert again.game == game.game_of(rules)


def test_every_position_has_a_picture_and_words(played):
    """pgx's last step: every game is drawn (its own picture, or the grid picture) and said
    in words, at its start and its end."""
    from gamekit import render
    from gamekit.words import position_words

    _, states, (first, _) = played
    for state in (first[0], first[-1]):
        assert render.png(state).startswith(b"\x89PNG")
        assert position_words(state).endswith(".")


def test_every_game_plays_a_random_game_on_its_board_by_typed_moves(played):
    """Each game's board (its own, or the grid board) plays a random game's moves typed
    into its move box, and ends where the rules end."""
    from gamekit.widgets import board_for

    rules, _, (first, moves) = played
    board = board_for(rules)
    if board.state != first[0]:  # a board deals its own game: replay the board's deal
        first = [board.state]
        rng = np.random.default_rng(5)
        moves = []
        for _ in range(60):
            if first[-1].outcome is not None:
                break
            legal = first[-1].legal_moves()
            moves.append(legal[rng.integers(len(legal))])
            first.append(first[-1].play(moves[-1]))
    for k, move in enumerate(moves[:60]):
        board.type_move(str(move))
        assert board.state == first[k + 1], (str(move), board.message)
    assert len(board.move_log) == min(len(moves), 60)


def test_a_seedless_game_with_chance_deals_from_the_seed_it_is_given():
    for rules in RULES:
        if not any(f.name == "seed" for f in dataclasses.fields(rules)):
            continue
        free = dataclasses.replace(rules, seed=None)
        assert free.start(seed=5) == free.start(seed=5)
        assert free.start(seed=5).rules.seed == 5
        fixed = dataclasses.replace(rules, seed=3)
        assert fixed.start(seed=5) == fixed.start(seed=9), "a fixed seed wins over start's"


@pytest.mark.parametrize("level", sorted(LEVELS))
@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_play_many_with_every_level(rules, level):
    player = make_player(level, seed=1, iterations=8)  # a small search: this tests the contract
    seats = len(rules.seats)
    results = play_many(rules, [player] * seats, games=2, seed=4, progress=False)
    assert results.games == 2
    assert set(results.ended) <= set(rules.endings) | {"unfinished"}


def test_the_four_games_and_the_lessons_variant_are_registered():
    assert set(GAMES) <= set(gamekit.games())
    assert [game.game_of(r) for r in variant_rules()] == ["coffee-no-repeat"]


# -- a variant whose rule leaves no move ends the game: the player to move loses ---------------


@pytest.mark.parametrize("base", VARIANTABLE)
def test_a_variant_that_refuses_every_move_ends_the_game_blocked(base) -> None:
    rules_class = gamekit.rules_class(base)

    @dataclasses.dataclass(frozen=True)
    class Nothing(rules_class):
        game = f"{base}-contract-nothing"

        def extra_rule(self, state, move):
            return f"{move} is not allowed: this variant allows nothing"

    rules = small(Nothing)
    assert rules.endings[-1] == "blocked" and not rules.plain and rules_class().plain
    state = rules.start(seed=1)
    outcome = state.outcome
    assert outcome is not None and outcome.ending == "blocked" and state.to_move is None
    assert state.legal_moves() == []
    assert "allows nothing" in outcome.reason
    if len(rules.seats) == 2:  # a game for two: the player to move loses
        assert outcome.winners and rules.seats[0] not in outcome.winners
    assert small(rules_class).start(seed=1).outcome is None


@pytest.mark.parametrize("variant", GAME_VARIANTS, ids=lambda v: v.game)
def test_a_variant_refuses_exactly_what_its_rule_refuses_in_its_own_words(variant) -> None:
    rules, original = small(variant), small(variant.__mro__[1])
    refused = 0
    for seed in range(6):
        _, moves = random_game(rules, seed, max_plies=80)
        state, plain = rules.start(seed=seed), original.start(seed=seed)
        for move in moves:
            ours = {str(m) for m in state.legal_moves()}
            for m in plain.legal_moves():
                reason = state.why_illegal(str(m))
                if str(m) in ours:
                    assert reason is None
                else:
                    assert reason is not None and "is not allowed" in reason, (str(m), reason)
                    assert rules.extra_rule(state, m), str(m)  # the variant's own rule
                    refused += 1
            state, plain = state.play(move), plain.play(move)
    assert refused, f"{variant.game}: its rule never refused a move"


# -- a variant's rule that does not answer as a rule must: a clear error, nothing changed ------


@pytest.mark.parametrize("base", VARIANTABLE)
@pytest.mark.parametrize(
    "answer, words",
    [
        (lambda state, move: 1 / 0, "failed on"),
        (lambda state, move: "", "must return None"),
        (lambda state, move: True, "must return None"),
        (lambda state, move: state.legal_moves() and None, "asked for the legal moves"),
    ],
    ids=["raises", "empty text", "True", "asks for the legal moves"],
)
def test_a_variant_rule_that_answers_wrongly_is_named_and_changes_nothing(base, answer, words):
    from gamekit.errors import VariantRuleError
    from gamekit.widgets import board_for

    rules_class = gamekit.rules_class(base)

    @dataclasses.dataclass(frozen=True)
    class Wrong(rules_class):
        game = f"{base}-contract-wrong"

        def extra_rule(self, state, move):
            return answer(state, move)

    plain = small(rules_class).start(seed=2)
    first = plain.legal_moves()[0]
    with pytest.raises(VariantRuleError, match=words):
        small(Wrong).start(seed=2).legal_moves()
    with pytest.raises(VariantRuleError, match=words):
        small(Wrong).start(seed=2).why_illegal(str(first))
    with pytest.raises(VariantRuleError, match=words):  # a board says so in the same words
        board = board_for(small(Wrong))
        board.type_move(str(board.state.legal_moves()[0]))
    assert plain == small(rules_class).start(seed=2)  # the game's own rules untouched
