"""Tests of gamekit.roaster: Coffee Roaster's cards, cup scoring and rules engine, checked
against the rules digest (docs/rules/coffee_roaster.md) and the rulebook's worked examples."""

from __future__ import annotations

import pickle
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit import IllegalMoveError, InvalidNotationError, Record, roaster
from gamekit.roaster import Card, Move, Rules, score

# ---------------------------------------------------------------------------------------
# Reference data
# ---------------------------------------------------------------------------------------

# The rulebook's worked examples (seed 003, "Scoring"; the digest's "Worked examples"):
# Gina's cup (three level-2, one level-3, two level-4 beans) on Zambia Kasama AA, whose
# optimum 16 scores 10: total roast level 17, 6 roast points. Joey's cup: two aroma and
# Sweetness standing in for the missing acidity on a card wanting aroma 2 + acidity 1:
# 6 flavor points; three level-2 beans: skill 1; one burnt bean: -1; in all 12.
GINA_BEANS = ["bean2", "bean2", "bean2", "bean3", "bean4", "bean4"]
JOEY_FLAVORS = ["aroma", "aroma", "sweetness"]
WORKED_TOTAL = 12

# Skill points by the largest group of beans of one level (digest, "Skill score").
SKILL = [(2, 0), (3, 1), (4, 2), (5, 3), (6, 4), (7, 5), (8, 5), (9, 5)]
# Flavor points by matching tokens (digest, "Flavor score").
FLAVOR = [(0, 0), (1, 1), (2, 3), (3, 6), (4, 10)]
# Penalty per token (digest, "Penalties").
PENALTY = [("hard", 1), ("burnt", 1), ("smoke", 1), ("defect", 2)]
# Jamaica Blue Mountain No.1, first edition (digest, "The coffee card").
JAMAICA_BAG = {
    "bean0": 13,
    "hard": 3,
    "moisture": 3,
    "defect": 1,
    "body": 2,
    "acidity": 2,
    "aroma": 3,
}
JAMAICA_TABLE = {11: 4, 12: 4, 13: 6, 14: 10, 15: 7, 16: 6, 17: 4, 18: 4}

CARD = Card(
    name="My card",
    difficulty="beginner",
    roast_class=1,
    bag={"bean0": 13, "hard": 3, "moisture": 3, "defect": 1, "body": 2, "acidity": 2, "aroma": 3},
    flavors={"aroma": 2, "acidity": 1},
    roast_table={14: 10, 15: 7, 13: 6},
    needs_sweetness=False,
)
PROPERTY = settings(max_examples=25, deadline=None)


def cup_of(*parts: list[str]) -> list[str]:
    return [t for p in parts for t in p]


# ---------------------------------------------------------------------------------------
# Cards and data files
# ---------------------------------------------------------------------------------------


def test_jamaica_blue_mountain_has_the_first_edition_bag_and_roast_table():
    card = roaster.CARDS["jamaica-blue-mountain"]
    assert dict(card.bag) == JAMAICA_BAG
    assert dict(card.roast_table) == JAMAICA_TABLE
    assert card.optimum == 14 and card.moisture == 3


def test_zambia_kasama_scores_10_at_its_optimum_16_and_6_at_17():
    card = roaster.CARDS["zambia-kasama-aa"]
    assert card.optimum == 16
    assert card.roast_table[16] == 10 and card.roast_table[17] == 6


def test_every_other_shipped_card_is_named_as_a_practice_card_of_our_own():
    for cid, card in roaster.CARDS.items():
        if cid not in ("jamaica-blue-mountain", "zambia-kasama-aa"):
            assert card.name.startswith("Practice card") and card.ours == ("all",)


def test_the_shipped_cards_cover_every_class_and_difficulty_for_the_challenge():
    have = {(c.roast_class, c.difficulty) for c in roaster.CARDS.values()}
    assert have == {(k, d) for k in (1, 2, 3) for d in ("beginner", "advanced", "expert")}


def test_a_card_is_hashable_and_its_tables_cannot_change():
    assert hash(CARD) == hash(Card.from_dict(CARD.to_dict()))
    with pytest.raises(TypeError):
        CARD.bag["bean0"] = 1


@pytest.mark.parametrize(
    "change, words",
    [
        ({"difficulty": "easy"}, "difficulty"),
        ({"roast_class": 4}, "roast_class"),
        ({"bag": {"beans": 3}}, "cannot hold 'beans'"),
        ({"bag": {"bean0": -1}}, "from 0 to 99"),
        ({"bag": {}}, "at least one token"),
        ({"flavors": {"aroma": 5}}, "1 to 4"),
        ({"flavors": {"sweetness": 1}}, "needs_sweetness=True"),
        ({"roast_table": {14: 11}}, "from 0 to 10"),
        ({"roast_table": {}}, "roast_table"),
    ],
)
def test_a_card_with_a_bad_value_is_refused_with_a_reason(change, words):
    data = {**CARD.to_dict(), **change}
    data.pop("id")
    with pytest.raises(ValueError, match=words):
        Card.from_dict(data)


def test_a_card_that_needs_sweetness_lists_it_among_its_flavors():
    card = roaster.CARDS["practice-iii-expert"]
    assert card.needs_sweetness and card.flavors["sweetness"] == 1


def test_both_board_sides_load_with_smoke_2_and_3_on_the_standard_side():
    std = roaster.BOARDS["standard"]
    assert sorted(s for _, s in std.track if s) == [2, 3]
    assert std.tray == 3 and std.tray_extra == 2 and not std.reserve
    beg = roaster.BOARDS["beginner"]
    assert beg.reserve and beg.tray_extra == 3
    assert roaster.Board.from_dict(std.to_dict()) == std


def test_a_bad_board_is_refused_with_a_reason():
    data = roaster.BOARDS["standard"].to_dict()
    with pytest.raises(ValueError, match="pairs"):
        roaster.Board.from_dict({**data, "pairs": ["body"]})
    with pytest.raises(ValueError, match="Select"):
        roaster.Board.from_dict({**data, "select_slots": [10]})


def test_the_data_files_are_in_the_package():
    from importlib import resources

    root = resources.files("gamekit.roaster").joinpath("data")
    assert {p.name for p in root.iterdir()} >= {"cards.json", "boards.json", "titles.json"}


def test_titles_rise_with_the_total_and_the_top_one_is_meister():
    assert roaster.title(-50) == roaster.TITLES[0][1]
    assert "Meister" in roaster.title(1000)


# ---------------------------------------------------------------------------------------
# Scoring
# ---------------------------------------------------------------------------------------


def test_the_worked_example_total_roast_level_17_scores_6_on_zambia_kasama():
    s = score(GINA_BEANS, roaster.CARDS["zambia-kasama-aa"])
    assert s.roast == 6 and "= 17" in s.steps[0]


def test_the_worked_example_two_aroma_and_sweetness_for_acidity_score_6():
    s = score(JOEY_FLAVORS, CARD)
    assert s.flavor == 6 and "Sweetness standing in" in s.steps[1]


def test_the_worked_example_three_level_2_beans_give_skill_1():
    assert score(["bean2"] * 3, CARD).skill == 1


def test_the_worked_example_one_burnt_bean_costs_1():
    burnt = score(["burnt", "aroma"] + ["bean0"] * 8, CARD)
    clean = score(["aroma"] + ["bean0"] * 9, CARD)
    assert clean.penalty - burnt.penalty == 1


def test_the_worked_examples_together_score_12():
    cup = cup_of(GINA_BEANS, ["burnt"], JOEY_FLAVORS)
    s = score(cup, roaster.CARDS["zambia-kasama-aa"])
    assert (s.roast, s.flavor, s.skill, s.penalty, s.total) == (6, 6, 1, -1, WORKED_TOTAL)
    assert len(s.steps) == 5 and s.steps[-1] == "5. Total: 6 + 6 + 1 - 1 = 12."


@pytest.mark.parametrize("same, points", SKILL)
def test_skill_points_follow_the_largest_group_of_one_level(same, points):
    cup = ["bean3"] * same + ["aroma"] + ["bean1", "bean2"][: max(0, 9 - same)]
    assert score(cup[:10], CARD).skill == points


def test_skill_ignores_hard_burnt_and_defect_beans():
    assert score(["hard"] * 3 + ["burnt"] * 3 + ["defect"] * 3 + ["aroma"], CARD).skill == 0


@pytest.mark.parametrize("matching, points", FLAVOR)
def test_flavor_points_follow_the_number_of_matching_tokens(matching, points):
    card = Card(name="Four", difficulty="expert", roast_class=2, bag={"bean0": 5},
                flavors={"aroma": 2, "body": 2}, roast_table={10: 10})  # fmt: skip
    cup = (["aroma", "body", "aroma", "body"])[:matching]
    assert score(cup, card).flavor == points


def test_flavor_tokens_beyond_what_the_card_lists_score_nothing_more():
    assert score(["aroma"] * 5 + ["acidity"] * 3, CARD).flavor == 6
    assert score(["aroma"] * 5, CARD).flavor == 3


def test_the_wild_flavor_stands_in_for_any_missing_flavor():
    assert score(["wild", "aroma"], CARD).flavor == 3
    assert score(["wild", "aroma", "acidity", "aroma"], CARD).flavor == 6


def test_sweetness_counts_only_as_itself_on_a_card_that_lists_it():
    card = roaster.CARDS["practice-iii-expert"]  # body 2, aroma 1, sweetness 1
    assert score(["body", "body", "aroma", "sweetness"], card).flavor == 10
    assert score(["body", "body", "sweetness"], card).flavor == 6
    assert score(["body", "body", "aroma"], card).flavor == 6


def test_a_flavor_the_card_does_not_list_scores_nothing_but_avoids_the_minus_3():
    s = score(["body"] + ["bean0"] * 9, CARD)
    assert s.flavor == 0 and s.penalty == 0 and "none matches" in s.steps[1]


@pytest.mark.parametrize("token, cost", PENALTY)
def test_each_bad_token_in_the_cup_costs_its_penalty(token, cost):
    base = ["aroma"] + ["bean0"] * 9
    assert score([token] + base[:9], CARD).penalty == -cost


def test_a_cup_without_any_flavor_token_costs_3():
    assert score(["bean0"] * 10, CARD).penalty == -3
    assert score(["bean0"] * 9 + ["sweetness"], CARD).penalty == 0
    assert score(["bean0"] * 9 + ["wild"], CARD).penalty == 0


@pytest.mark.parametrize("filled", [0, 1, 5, 9, 10])
def test_a_cup_with_any_empty_slot_costs_5_once_however_many_are_empty(filled):
    # the rulebook: "컵에 한 칸이라도 빈칸이 있는 경우, 감점 5점" (issue #10)
    cup = (["aroma"] + ["bean0"] * 9)[:filled]
    s = score(cup, CARD)
    flavorless = 3 if filled == 0 else 0
    empty = 5 if filled < 10 else 0
    assert s.penalty == -(empty + flavorless)


def test_a_total_outside_the_roast_table_scores_0_and_extra_bean_adds_its_value():
    assert score(["bean4"] * 5, CARD).roast == 0  # 20 is not on the card
    assert score(["bean4"] * 3, CARD, extra_bean=2).roast == 10  # 12 + 2 = 14
    assert "Extra bean 2" in score(["bean4"] * 3, CARD, extra_bean=2).steps[0]


def test_score_refuses_what_cannot_be_in_a_cup():
    for cup, words in [(["coffee"], "not a token"), (["moisture"], "moisture"),
                       (["bean0"] * 11, "10 slots"), (["sweetness"] * 2, "one Sweetness")]:  # fmt: skip
        with pytest.raises(ValueError, match=words):
            score(cup, CARD)


# ---------------------------------------------------------------------------------------
# Moves and notation
# ---------------------------------------------------------------------------------------

NOTATIONS = [
    "draw", "roast", "continue", "stop", "cup", "tray", "done", "wild bean0", "wild bean0 bean1",
    "more aroma", "new body", "five wild", "remove acidity", "return hard bean2",
    "discard defect smoke", "keep bean3", "keep bean2 aroma", "exchange hard burnt",
    "concentrate body bean1 bean2 for sweetness", "preserve acidity bean3 bean4 for select",
    "spread aroma bean4 -> bean1 bean3 for tray",
]  # fmt: skip


@pytest.mark.parametrize("text", NOTATIONS)
def test_notation_round_trips(text):
    m = Move.parse(text)
    assert str(m) == text and eval(repr(m)) == m


def test_notation_is_read_in_any_token_order():
    assert str(Move.parse("Preserve ACIDITY bean4 bean3 for select")) == (
        "preserve acidity bean3 bean4 for select"
    )


@pytest.mark.parametrize(
    "text, words",
    [("", "empty"), ("bake", "starts with 'bake'"), ("wild bean9", "'bean9' is not a token"),
     ("preserve acidity bean1 bean2 for cake", "not a cup effect"),
     ("preserve acidity for select bean1", "'for' is followed"), (42, "give a Move")],
)  # fmt: skip
def test_malformed_notation_raises_invalid_notation_error(text, words):
    with pytest.raises(InvalidNotationError, match=words):
        Move.parse(text)


# ---------------------------------------------------------------------------------------
# Rules, states, records
# ---------------------------------------------------------------------------------------


def test_rules_round_trip_through_a_dict_with_shipped_and_custom_cards():
    for rules in (
        Rules(card="zambia-kasama-aa", side="beginner", seed=7),
        Rules(card=CARD, seed=3),
    ):
        assert Rules.from_dict(rules.to_dict()) == rules


def test_rules_refuse_bad_options():
    with pytest.raises(ValueError, match="side"):
        Rules(side="expert")
    with pytest.raises(ValueError, match="seed"):
        Rules(seed=-1)
    with pytest.raises(ValueError, match="unknown Coffee Roaster option"):
        Rules.from_dict({"card": "jamaica-blue-mountain", "colour": "red"})


def test_the_marker_starts_on_the_space_for_the_cards_moisture():
    state = Rules(card=CARD, seed=3).start()
    assert state.space == roaster.BOARDS["standard"].start[3]
    assert state.phase == "draw" and state.bag == {t: k for t, k in CARD.bag.items()}


def test_the_beginner_side_puts_one_flavor_of_each_kind_beside_the_board():
    state = Rules(card=CARD, side="beginner", seed=3).start()
    assert state.reserve == {"body": 1, "acidity": 1, "aroma": 1}
    assert state.bag_size == sum(CARD.bag.values()) - 3


def test_the_cup_effects_are_shuffled_onto_their_places_by_the_seed():
    orders = {tuple(e for e, _, _ in Rules(seed=s).start().pairs) for s in range(20)}
    assert len(orders) > 3
    assert all(sorted(o) == sorted(roaster.CUP_EFFECTS) for o in orders)


def test_drawing_takes_the_spaces_count_and_removes_moisture():
    state = Rules(card=CARD, seed=3).start().play("draw")
    draw = roaster.BOARDS["standard"].track[state.space][0]
    assert sum(state.drawn.values()) + state.removed.get("moisture", 0) == draw
    assert "moisture" not in state.drawn


def test_a_state_is_immutable_hashable_and_pickles():
    state = Rules(seed=5).start().play("draw")
    assert state == Rules(seed=5).start().play("draw")
    assert hash(state) == hash(Rules(seed=5).start().play("draw"))
    assert pickle.loads(pickle.dumps(state)) == state
    with pytest.raises(AttributeError):
        state.phase = "over"


def test_roasting_raises_every_drawn_bean_one_level_and_returns_the_tokens():
    state = Rules(seed=1).arrange(
        {"hard": 1, "bean0": 1, "bean3": 1, "bean4": 1, "burnt": 1, "defect": 1, "aroma": 1},
        bag={},
    )
    after = state.play("roast")
    assert after.bag == {"bean0": 1, "bean1": 1, "bean4": 1, "burnt": 2, "defect": 1, "aroma": 1}
    assert after.phase == "decide" and after.drawn == {}


def test_continuing_moves_the_marker_and_smoke_goes_into_the_bag():
    track = roaster.BOARDS["standard"].track
    k = next(i for i, (_, s) in enumerate(track) if s)
    state = Rules(seed=1).arrange({}, bag={"bean0": 5}, phase="decide", space=k - 1)
    after = state.play("continue")
    assert after.space == k and after.bag["smoke"] == track[k][1] and after.phase == "draw"


def test_on_the_last_space_the_roasting_must_stop():
    last = len(roaster.BOARDS["standard"].track) - 1
    state = Rules(seed=1).arrange({}, bag={"bean0": 5}, phase="decide", space=last)
    assert [str(m) for m in state.legal_moves()] == ["stop"]
    assert "last space of the thermometer" in state.why_illegal("continue")


def test_a_move_of_another_step_is_refused_naming_the_step():
    with pytest.raises(IllegalMoveError, match="roast is not allowed: now is the step 'draw'"):
        Rules(seed=1).start().play("roast")


def test_a_draw_from_an_empty_bag_draws_nothing():
    state = Rules(seed=1).arrange({}, bag={}, phase="draw").play("draw")
    assert state.drawn == {} and state.phase == "effects"


# ---------------------------------------------------------------------------------------
# Effects: a legal and an illegal use each
# ---------------------------------------------------------------------------------------


def arranged(drawn, **kw):
    kw.setdefault("bag", {"bean0": 10, "bean1": 3})
    return Rules(card=CARD, seed=2).arrange(drawn, **kw)


def test_the_wild_flavor_costs_a_level_0_and_a_level_1_bean_over_several_rounds():
    state = arranged({"bean0": 1, "bean2": 1})
    once = state.play("wild bean0")
    assert once.instant_slots["wild"] == ("bean0",) and "wild" not in once.drawn
    assert "free slots take 1 level-1 bean" in once.why_illegal("wild bean0")
    later = once._with(drawn=arranged({"bean1": 1})._drawn)
    done = later.play("wild bean1")
    assert done.drawn == {"wild": 1} and done.used("wild")
    assert "used at most once a game" in done.why_illegal("wild bean1")
    assert "not 1 level-2 bean" in state.why_illegal("wild bean2")


def test_two_more_tokens_draws_two_and_needs_two_in_the_bag():
    state = arranged({"aroma": 1, "bean0": 2})
    after = state.play("more aroma")
    assert sum(after.drawn.values()) + after.removed.get("moisture", 0) == 4
    assert after.instant_slots["more"] == ("aroma",)
    short = arranged({"aroma": 1}, bag={"bean0": 1})
    assert "at least 2 tokens in the bag" in short.why_illegal("more aroma")


def test_two_new_tokens_puts_two_back_and_draws_two():
    state = arranged({"body": 1, "hard": 1, "defect": 1}, bag={"bean2": 5})
    after = state.play("new body")
    assert after.phase == "return-two"
    assert "exactly 2 drawn tokens" in after.why_illegal("return hard")
    done = after.play("return defect hard")
    assert done.drawn == {"bean2": 2} and done.bag["defect"] == 1 and done.phase == "effects"
    few = arranged({"body": 1, "hard": 1})
    assert "after paying you would have 1 drawn token" in few.why_illegal("new body")


def test_two_of_five_removes_exactly_two_and_returns_three():
    state = arranged({"acidity": 1}, bag={"smoke": 2, "bean2": 3})
    aside = state.play("five acidity")
    assert aside.phase == "two-of-five" and aside.aside == {"bean2": 3, "smoke": 2}
    assert "remove exactly 2" in aside.why_illegal("discard smoke")
    done = aside.play("discard smoke smoke")
    assert done.bag == {"bean2": 3} and done.removed["smoke"] == 2
    short = arranged({"acidity": 1}, bag={"bean0": 4})
    assert "at least 5 tokens in the bag" in short.why_illegal("five acidity")


def test_remove_takes_drawn_burnt_smoke_and_defect_beans_out_of_the_game():
    state = arranged({"aroma": 1, "burnt": 2, "smoke": 1, "defect": 1, "bean3": 1})
    after = state.play("remove aroma")
    assert after.drawn == {"bean3": 1}
    assert after.removed == {"burnt": 2, "defect": 1, "smoke": 1}
    assert "Remove's slot takes any flavor" in state.why_illegal("remove bean3")


def test_each_instant_effect_is_used_once_and_before_flavor_effects():
    state = arranged({"aroma": 2, "body": 1, "bean1": 2})
    after = state.play("more aroma")
    assert "used at most once" in after.why_illegal("more aroma")
    flavored = state.play("concentrate body bean1 bean1 for " + _free(state, "body"))
    assert "instant effects come before flavor effects" in flavored.why_illegal("more aroma")
    next_round = flavored.play("roast")._with(phase="effects", drawn=arranged({"aroma": 1})._drawn)
    assert next_round.why_illegal("more aroma") is None


def _free(state, flavor):
    return state.free_pairs(flavor)[0]


def test_concentrate_joins_two_beans_of_level_1_to_3_summing_to_at_most_4():
    state = arranged({"body": 1, "bean1": 1, "bean3": 1, "bean2": 2, "bean4": 1, "bean0": 1})
    pair = _free(state, "body")
    after = state.play(f"concentrate body bean1 bean3 for {pair}")
    assert after.bag["bean4"] == 1 and after.removed == {"bean1": 1, "bean3": 1}
    assert "body" in dict((e, t) for e, _, t in after.pairs)[pair]
    assert "sum to at most 4" in state.why_illegal(f"concentrate body bean2 bean3 for {pair}")
    assert "level 1 to 3" in state.why_illegal(f"concentrate body bean0 bean1 for {pair}")
    assert "level 1 to 3" in state.why_illegal(f"concentrate body bean4 bean0 for {pair}")
    assert "paid with a body token" in state.why_illegal(
        f"concentrate aroma bean1 bean3 for {pair}"
    )


def test_preserve_puts_exactly_two_beans_back_never_hard_defect_or_burnt():
    state = arranged({"acidity": 1, "bean4": 2, "hard": 1, "burnt": 1})
    pair = _free(state, "acidity")
    after = state.play(f"preserve acidity bean4 bean4 for {pair}")
    assert after.bag["bean4"] == 2 and "bean4" not in after.drawn
    assert "never takes hard" in state.why_illegal(f"preserve acidity bean4 hard for {pair}")
    assert "never takes hard" in state.why_illegal(f"preserve acidity bean4 burnt for {pair}")
    assert "exactly two beans" in state.why_illegal(f"preserve acidity bean4 for {pair}")


def test_spread_splits_a_bean_of_level_2_to_4_into_two_lower_ones():
    state = arranged({"aroma": 1, "bean4": 1, "bean1": 1})
    pair = _free(state, "aroma")
    after = state.play(f"spread aroma bean4 -> bean2 bean2 for {pair}")
    assert after.bag["bean2"] == 2 and after.removed == {"bean4": 1}
    assert "-> bean1 bean3 or -> bean2 bean2" in state.why_illegal(
        f"spread aroma bean4 -> bean0 bean4 for {pair}"
    )
    assert "level 2 to 4" in state.why_illegal(f"spread aroma bean1 -> bean0 bean1 for {pair}")


def test_the_wild_flavor_pays_for_any_flavor_effect():
    state = arranged({"wild": 1, "bean2": 2})
    assert state.why_illegal(f"preserve wild bean2 bean2 for {_free(state, 'acidity')}") is None


def test_a_flavor_effect_needs_a_free_slot_of_its_colour():
    pairs = roaster.BOARDS["standard"].pairs
    start = Rules(card=CARD, seed=2).start()
    effects = [e for e, _, _ in start.pairs]
    full = {
        e: ["body", "body"] for e, c in zip(effects, pairs, strict=True) if c in ("body", "any")
    }
    state = arranged({"body": 1, "bean1": 2}, pairs=full)
    assert "no free slot" in state.why_illegal(f"concentrate body bean1 bean1 for {effects[0]}")
    aroma_pair = next(e for e, c in zip(effects, pairs, strict=True) if c == "aroma")
    state = arranged({"body": 1, "bean1": 2})
    assert "take aroma, not body" in state.why_illegal(
        f"concentrate body bean1 bean1 for {aroma_pair}"
    )
    assert "say which cup effect" in state.why_illegal("concentrate body bean1 bean1")


def test_two_flavor_tokens_on_a_pair_unlock_its_cup_effect():
    pair = _free(arranged({}), "aroma")
    state = arranged({"aroma": 1, "bean2": 1}, pairs={pair: ["aroma"]})
    assert state.unlocked == ()
    after = state.play(f"spread aroma bean2 -> bean1 bean1 for {pair}")
    assert after.unlocked == (pair,) and "unlocked" in after.events[-1]


# ---------------------------------------------------------------------------------------
# The cup test
# ---------------------------------------------------------------------------------------


def test_the_cup_test_fills_the_cup_token_by_token_with_a_tray_of_3():
    state = Rules(card=CARD, seed=4).arrange({}, bag={"bean2": 20}, phase="decide").play("stop")
    assert state.phase == "cup" and state.aside == {"bean2": 1}
    for _ in range(3):
        state = state.play("tray")
    assert "tray's 3 slots are full" in state.why_illegal("tray")
    while state.outcome is None:
        state = state.play("cup")
    assert state.cup_tokens() == ["bean2"] * 10 and len(state.tray) == 3


def test_sweetness_fills_its_slot_and_the_cup_takes_one_token_fewer():
    state = (
        Rules(card=CARD, seed=4)
        .arrange({}, bag={"bean2": 20}, phase="decide", pairs={"sweetness": ["body", "body"]})
        .play("stop")
    )
    assert state.cup[roaster.BOARDS["standard"].sweetness_slot - 1] == "sweetness"
    while state.outcome is None:
        state = state.play("cup")
    assert state.cup_tokens().count("bean2") == 9 and state.bag["bean2"] == 11


def test_the_cardboard_tray_adds_slots_and_extra_bean_adds_to_the_roast():
    state = Rules(card=CARD, seed=4).arrange(
        {}, bag={"bean1": 20}, phase="decide",
        pairs={"tray": ["acidity", "wild"], "extra-bean": ["aroma", "aroma"]},
    ).play("stop")  # fmt: skip
    assert state.tray_size == 5
    while state.outcome is None:
        state = state.play("cup")
    assert "Extra bean 2" in state.score.steps[0] and "= 12" in state.score.steps[0]


def test_select_draws_two_for_its_slots_and_returns_the_other():
    state = (
        Rules(card=CARD, seed=4)
        .arrange(
            {}, bag={"bean1": 10, "aroma": 10}, phase="decide", pairs={"select": ["body", "body"]}
        )
        .play("stop")
    )
    seen = 0
    while state.outcome is None:
        if state.phase == "select":
            seen += 1
            assert sum(state.aside.values()) == 2
            assert "keep 1 of the 2" in state.why_illegal("keep")
            state = state.play(state.legal_moves()[0])
        else:
            state = state.play("cup")
    assert seen == len(roaster.BOARDS["standard"].select_slots)
    assert state.bag_size == 20 - 10


def test_exchange_returns_two_cup_tokens_and_keeps_two_of_three_new():
    state = (
        Rules(card=CARD, seed=4)
        .arrange({}, bag={"bean1": 14}, phase="decide", pairs={"exchange": ["body", "body"]})
        .play("stop")
    )
    while state.phase == "cup":
        state = state.play("cup")
    assert state.phase == "exchange" and state.bag == {"bean1": 4}
    assert "exactly 2 cup tokens" in state.why_illegal("exchange bean1")
    assert "holds 10 level-1 beans, not 1 level-1 bean, 1 aroma" in state.why_illegal(
        "exchange bean1 aroma"
    )
    state = state.play("exchange bean1 bean1")
    assert state.aside == {"bean1": 3} and state.phase == "exchange-choose"
    state = state.play("keep bean1 bean1")
    assert state.outcome is not None and state.cup_tokens() == ["bean1"] * 10
    assert state.bag == {"bean1": 4}


def test_moisture_drawn_in_the_cup_test_is_removed_and_another_drawn():
    state = Rules(card=CARD, seed=4).arrange({}, bag={"moisture": 5, "bean2": 2}, phase="decide")
    state = state.play("stop")
    while state.outcome is None:
        state = state.play("cup")
    assert state.cup_tokens() == ["bean2", "bean2"] and state.removed["moisture"] == 5
    assert state.score.penalty == -5 - 3  # 8 empty slots (-5 once), no flavor token (-3)


# ---------------------------------------------------------------------------------------
# Whole games (hypothesis)
# ---------------------------------------------------------------------------------------


def _lump(counts: dict[str, int]) -> Counter:
    """Counts with every bean (hard to burnt) as one kind: roasting changes levels only."""
    out: Counter = Counter()
    for t, k in counts.items():
        out["bean" if t in ("hard", "burnt") or t.startswith("bean") else t] += k
    return out


def random_game(card: str, side: str, seed: int, choice_seed: int, check=None):
    rules = Rules(card=card, side=side, seed=seed)
    state = rules.start()
    pick = random.Random(choice_seed)
    moves = []
    while state.outcome is None:
        legal = state.legal_moves()
        assert legal, f"no legal move in phase {state.phase}"
        # lean towards roasting on, so games reach the later spaces and the smoke
        stay = [m for m in legal if m.action == "continue"]
        move = stay[0] if stay and pick.random() < 0.8 else pick.choice(legal)
        state = state.play(move)
        moves.append(str(move))
        if check:
            check(rules, state)
        assert len(moves) < 500
    return rules, moves, state


games = st.tuples(
    st.sampled_from(sorted(roaster.CARDS)),
    st.sampled_from(["standard", "beginner"]),
    st.integers(0, 10_000),
    st.integers(0, 10_000),
)


@PROPERTY
@given(games)
def test_tokens_are_conserved_except_those_the_rules_add_or_remove(game):
    def check(rules, state):
        expected = _lump(dict(rules.card.bag)) + _lump(state.created)
        assert _lump(state.token_count()) == expected

    random_game(*game, check=check)


@PROPERTY
@given(games)
def test_every_game_reaches_a_score_and_the_same_seed_gives_the_same_game(game):
    rules, moves, final = random_game(*game)
    assert isinstance(final.outcome.total, int) and final.legal_moves() == []
    assert rules.replay(moves) == final
    assert Record.from_json(Record(rules, moves).to_json()).final() == final


@PROPERTY
@given(games)
def test_every_legal_move_is_accepted_and_why_illegal_agrees(game):
    def check(rules, state):
        for m in state.legal_moves():
            assert state.why_illegal(m) is None
            assert Move.parse(str(m)) == m

    random_game(*game, check=check)


def test_different_seeds_give_different_draws():
    draws = {tuple(sorted(Rules(seed=s).start().play("draw").drawn.items())) for s in range(10)}
    assert len(draws) > 5


def test_the_roast_challenge_follows_the_scores_and_gives_a_title():
    ch = roaster.Challenge()
    assert ch.next_card().roast_class == 1 and ch.next_card().difficulty == "beginner"
    assert roaster.Challenge(expert_start=True).next_card().difficulty == "expert"
    ch = ch.scored(9)
    assert ch.next_card().difficulty == "beginner" and ch.next_card().roast_class == 2
    assert ch.scored(15).next_card().difficulty == "expert"
    done = ch.scored(12).scored(20)
    assert done.done and done.title == roaster.title(41)
    with pytest.raises(ValueError):
        done.next_card()


def test_a_whole_challenge_runs_with_a_player():
    first = lambda s: s.legal_moves()[0]  # noqa: E731
    ch = roaster.Challenge().run(first, seed=1)
    assert ch.done and len(ch.scores) == 3 and ch.title


# ---------------------------------------------------------------------------------------
# Odds, helpers
# ---------------------------------------------------------------------------------------


def test_the_odds_of_the_next_draw_follow_the_bag():
    state = Rules(card=CARD, seed=1).start()
    odds = roaster.next_token_odds(state)
    assert odds["bean0"] == pytest.approx(13 / 27) and sum(odds.values()) == pytest.approx(1)
    assert roaster.next_token_odds({}) == {}


def test_the_draw_distribution_is_hypergeometric_and_matches_seeded_draws():
    bag = dict(CARD.bag)
    p = roaster.draw_distribution(bag, "moisture", 9)
    assert p.sum() == pytest.approx(1) and len(p) == 10 and p[4:].sum() == 0
    seen = Counter(
        Rules(card=CARD, seed=s).start().play("draw").removed.get("moisture", 0) for s in range(400)
    )
    assert seen[0] / 400 == pytest.approx(p[0], abs=0.08)
    assert roaster.chance_of_at_least(bag, "moisture", 9, 1) == pytest.approx(1 - p[0])


def test_arrange_refuses_a_flavor_token_on_a_pair_of_another_colour():
    rules = Rules(card=CARD, seed=4)
    colour = {e: c for e, c, _ in rules.start().pairs}
    wrong = next(e for e, c in colour.items() if c == "body")
    with pytest.raises(ValueError, match="take body flavor tokens"):
        rules.arrange({}, pairs={wrong: ["aroma"]})


def test_the_simple_player_finishes_every_card_on_both_sides():
    for cid in roaster.CARDS:
        for side in ("standard", "beginner"):
            state = Rules(card=cid, side=side, seed=2).start()
            while state.outcome is None:
                state = state.play(roaster.simple_player(state))
            assert state.round <= 5


def test_the_intermediate_title_allows_an_expert_start():
    low = min(m for m, _, inter in roaster.TITLES if inter)
    assert roaster.Challenge.intermediate_title(low)
    assert not roaster.Challenge.intermediate_title(low - 1)


# ---------------------------------------------------------------------------------------
# The contract (issue #11)
# ---------------------------------------------------------------------------------------


def test_the_rules_are_registered_as_roaster_with_one_seat_and_three_endings():
    import gamekit

    assert gamekit.games()["roaster"] is Rules
    assert Rules.game == "roaster" and Rules.seats == ("roaster",) == Rules().seats
    assert Rules.endings == ("stopped", "forced", "bag-empty") == roaster.ENDINGS
    assert roaster.GAME == "roaster"


def test_seedless_rules_deal_from_the_seed_start_is_given_and_record_it():
    free = Rules(card=CARD)
    assert free.seed is None
    assert free.start(seed=5) == free.start(seed=5) == Rules(card=CARD, seed=5).start()
    assert free.start(seed=5).rules.seed == 5
    assert free.start(seed=5) != free.start(seed=6)
    fixed = Rules(card=CARD, seed=3)
    assert fixed.start(seed=5) == fixed.start(seed=9) == fixed.start()


def test_seedless_rules_with_no_seed_at_all_deal_from_fresh_entropy_and_say_which():
    first, second = Rules().start(), Rules().start()
    assert isinstance(first.rules.seed, int) and first.rules.seed != second.rules.seed
    assert first.rules.start() == first  # the seed used replays the same deal
    saved = Record(first.rules, ["draw"])
    assert Record.from_json(saved.to_json()).final() == first.play("draw")


@pytest.mark.parametrize("seed", [-1, 1.5, "3", True, [3], 2**128])
def test_start_refuses_a_seed_that_is_not_a_whole_number_of_0_or_more(seed):
    with pytest.raises(ValueError, match="seed"):
        Rules().start(seed=seed)


def test_a_state_names_the_roaster_to_move_until_the_end_and_never_swaps():
    state = Rules(seed=3).start()
    assert state.to_move == "roaster" and state.swapped is False
    while state.outcome is None:
        state = state.play(roaster.simple_player(state))
    assert state.to_move is None and state.swapped is False


def _finish(state):
    while state.outcome is None:
        state = state.play("cup")
    return state


def test_a_game_stopped_by_choice_ends_stopped_with_the_score_by_seat_and_no_winner():
    state = _finish(
        Rules(card=CARD, seed=4).arrange({}, bag={"bean2": 20}, phase="decide").play("stop")
    )
    outcome = state.outcome
    assert outcome.ending == "stopped" and "stopped roasting" in outcome.reason
    assert outcome.winners == () and outcome.winner is None
    assert outcome.scores == roaster.game.FrozenMap({"roaster": outcome.total})
    assert (
        isinstance(outcome.scores, roaster.game.FrozenMap) and outcome.score.total == outcome.total
    )


def test_a_game_stopped_on_the_last_space_of_the_thermometer_ends_forced():
    last = len(roaster.BOARDS["standard"].track) - 1
    state = Rules(card=CARD, seed=4).arrange({}, bag={"bean2": 20}, phase="decide", space=last)
    outcome = _finish(state.play("stop")).outcome
    assert outcome.ending == "forced" and "last space" in outcome.reason


def test_a_game_whose_bag_runs_out_before_the_cup_is_full_ends_bag_empty():
    state = Rules(card=CARD, seed=4).arrange({}, bag={"bean2": 4}, phase="decide")
    outcome = _finish(state.play("stop")).outcome
    assert outcome.ending == "bag-empty" and "bag ran out" in outcome.reason
    assert outcome.score.penalty == -5 - 3


@pytest.mark.parametrize(
    "make",
    [
        lambda: Rules(seed=1).start().play("draw"),
        lambda: Rules(seed=1),
        lambda: CARD,
        lambda: roaster.BOARDS["standard"],
        lambda: score(["bean2"], CARD),
        lambda: Move.parse("more aroma"),
        lambda: (
            _finish(
                Rules(card=CARD, seed=4).arrange({}, bag={"bean2": 3}, phase="decide").play("stop")
            ).outcome
        ),
        lambda: roaster.Challenge((3,)),
    ],
    ids=["State", "Rules", "Card", "Board", "Score", "Move", "Outcome", "Challenge"],
)
def test_no_value_lets_an_attribute_be_deleted_or_set(make):
    value = make()
    before = hash(value)
    name = (
        "rules"
        if isinstance(value, roaster.State)
        else next(iter(type(value).__dataclass_fields__))
    )
    with pytest.raises(AttributeError):
        delattr(value, name)
    with pytest.raises(AttributeError):
        setattr(value, name, None)
    assert hash(value) == before and "0x" not in repr(value)


# ---------------------------------------------------------------------------------------
# Hardening (issue #12)
# ---------------------------------------------------------------------------------------


def _costly(slots: int) -> roaster.Board:
    data = roaster.BOARDS["standard"].to_dict()
    data["instant_costs"] = {**data["instant_costs"], "more": ["body"] * slots}
    return roaster.Board.from_dict(data)


@pytest.mark.parametrize("slots", [13, 20])
def test_an_instant_effect_of_many_slots_is_checked_by_counting_not_by_trying_every_order(slots):
    rules = Rules(card=CARD, seed=2, board=_costly(slots))
    state = rules.arrange({"body": slots - 1, "wild": 1, "bean0": 2})
    pay = "more " + " ".join(["body"] * (slots - 1) + ["wild"])
    assert state.why_illegal(pay) is None
    assert pay in [str(m) for m in state.legal_moves()]
    refused = state.why_illegal("more " + " ".join(["acidity"] + ["body"] * (slots - 1)))
    assert "slots take body" in refused


def test_a_two_move_record_with_a_13_slot_cost_reads_back_quickly():
    rules = Rules(card=CARD, seed=2, board=_costly(13))
    text = Record(rules, ["draw", "roast"]).to_json()
    assert Record.from_json(text).final().phase == "decide"


def test_board_numbers_outside_sane_bounds_are_refused_naming_the_field():
    data = roaster.BOARDS["standard"].to_dict()
    bad = [
        ({"instant_costs": {**data["instant_costs"], "more": ["any"] * 21}}, "instant_costs"),
        ({"instant_costs": {**data["instant_costs"], "more": "any"}}, "instant_costs"),
        ({"instant_costs": {**data["instant_costs"], "cake": ["any"]}}, "instant effect"),
        ({"track": [{"draw": 8}] * 31}, "1 to 30 spaces"),
        ({"track": [{"draw": 8, "smoke": 0, "fire": 1}]}, "space 1"),
        ({"track": [8]}, "space 1"),
        ({"start": [1, 2]}, "start"),
        ({"select_slots": 3}, "select_slots"),
        ({"select_slots": [3, 3]}, "select_slots"),
        ({"pairs": "body"}, "pairs"),
        ({"tray": 1.5}, "tray"),
        ({"name": {"a": 1}}, "name"),
    ]
    for change, words in bad:
        # a value of the wrong type is a TypeError (gamekit.checks.whole), a wrong value a ValueError
        with pytest.raises((ValueError, TypeError), match=words):
            roaster.Board.from_dict({**data, **change})


def test_the_shared_card_and_board_tables_cannot_be_changed_in_place():
    cards, boards = roaster.CARDS, roaster.BOARDS
    state = Rules(seed=1).start()
    before = hash(state)
    jamaica = roaster.CARDS["jamaica-blue-mountain"]
    table = jamaica.bag
    table |= {"bean0": 1}  # a new map for this name only
    assert table["bean0"] == 1 and jamaica.bag["bean0"] == 13
    names = roaster.CARDS
    names |= {"mine": CARD}
    assert "mine" not in roaster.CARDS and roaster.CARDS is cards and roaster.BOARDS is boards
    for frozen in (jamaica.bag, jamaica.flavors, jamaica.roast_table, roaster.CARDS,
                   roaster.BOARDS, roaster.BOARDS["standard"].start,
                   roaster.BOARDS["standard"].instant_costs, roaster.TOKEN_NAMES,
                   roaster.PHASES, roaster.ACTIONS):  # fmt: skip
        with pytest.raises(TypeError):
            frozen["x"] = 1
        with pytest.raises((TypeError, AttributeError)):
            frozen.update({"x": 1})
    assert isinstance(roaster.BOARDS["standard"].instant_costs["more"], tuple)
    with pytest.raises(AttributeError):
        jamaica.bag |= {"bean0": 1}
    assert hash(state) == before and jamaica.bag["bean0"] == 13


def test_equal_cards_hash_alike_whatever_order_their_tables_were_given_in():
    a = CARD
    b = Card(name="My card", difficulty="beginner", roast_class=1,
             bag=dict(reversed(list(CARD.bag.items()))), flavors={"acidity": 1, "aroma": 2},
             roast_table={13: 6, 15: 7, 14: 10})  # fmt: skip
    assert a == b and hash(a) == hash(b)


def _saved(**change):
    rules = Rules(card=CARD, seed=2, board=_costly(2))
    data = Record(rules, ["draw"]).to_dict()
    for where, value in change.items():
        part, key = where.split("__")
        data["rules"][part][key] = value
    return data


@pytest.mark.parametrize(
    "where, value, words",
    [
        ("card__id", {"an": "object"}, "id"),
        ("card__id", "Not An Id!", "id"),
        ("card__name", 42, "name"),
        ("card__ours", "all", "ours"),
        ("card__colour", "red", "unknown card field 'colour'"),
        ("card__bag", [1, 2], "the bag"),
        ("card__roast_class", 2.0, "roast_class"),
        ("board__name", {"an": "object"}, "name"),
        ("board__cup_slots", "10", "cup_slots"),
        ("board__extra", 1, "unknown board field 'extra'"),
    ],
)
def test_a_record_with_a_corrupt_card_or_board_is_refused_naming_the_field(where, value, words):
    import json

    from gamekit import InvalidRecordError

    with pytest.raises(InvalidRecordError, match=words):
        Record.from_json(json.dumps(_saved(**{where: value})))


def test_a_card_given_as_data_needs_every_field():
    with pytest.raises(ValueError, match="a card needs the field 'name'"):
        Rules(card={})
    with pytest.raises(ValueError, match="needs the field 'track'"):
        roaster.Board.from_dict({"name": "x"})


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: Rules(side=["standard"]), "side"),
        (lambda: Rules(card=3), "card"),
        (lambda: Rules(board="standard"), "board"),
        (lambda: Rules(seed=1.5), "seed"),
        (lambda: Rules.from_dict({"card": "jamaica-blue-mountain", "seed": "3"}), "seed"),
        (lambda: roaster.chance_of_at_least({"bean4": 3}, "bean4", 2, at_least=-1), "at_least"),
        (lambda: roaster.chance_of_at_least({"bean4": 3}, "bean4", -2), "draws"),
        (lambda: roaster.draw_distribution({"bean4": 3}, "coffee", 2), "token"),
        (lambda: roaster.draw_distribution({"beans": 3}, "bean4", 2), "bag"),
        (lambda: roaster.draw_distribution({"bean4": -3}, "bean4", 2), "bag"),
        (lambda: roaster.next_token_odds({"bean4": 2**70}), "bag"),
        (lambda: roaster.challenge_card(1, "easy"), "difficulty"),
        (lambda: roaster.challenge_card(4, "beginner"), "roast_class"),
        (lambda: roaster.Challenge((1, 2, 3, 4)), "3 games"),
        (lambda: roaster.Challenge().scored(9).scored(9).scored(9).scored(9), "over"),
        (lambda: roaster.simple_player(Rules(seed=1).start(), stop_round=-1), "stop_round"),
        (lambda: score(["bean2"], CARD, slots=0), "slots"),
        (lambda: score(["bean2"], CARD, extra_bean=-1), "extra_bean"),
        (lambda: CARD.optimum and roaster.BOARDS["standard"].start_space(-1), "moisture"),
        (lambda: Rules(seed=1).arrange({"coffee": 1}), "drawn"),
        (lambda: Rules(seed=1).arrange({}, phase=["draw"]), "phase"),
        (lambda: Rules(seed=1).arrange({}, space=99), "space"),
        (lambda: Rules(seed=1).arrange({}, cup=["bean2"] * 11), "cup"),
        (lambda: Rules(seed=1).arrange({}, instant={"cake": ["aroma"]}), "instant"),
    ],
)
def test_a_bad_argument_is_refused_up_front_with_a_value_error_naming_it(call, words):
    with pytest.raises(ValueError, match=words):
        call()


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: score(["bean2"], "jamaica-blue-mountain"), "card"),
        (lambda: score("bean2", CARD), "cup"),
        (lambda: roaster.chance_of_at_least(None, "bean4", 2), "bag"),
        (lambda: roaster.chance_of_at_least({"bean4": 3}, 4, 2), "token"),
        (lambda: roaster.title("high"), "total"),
        (lambda: roaster.challenge_card("1", "beginner"), "roast_class"),
        (lambda: Rules(seed=1).replay(None), "moves"),
        (lambda: roaster.Challenge().run("not a player"), "player"),
    ],
)
def test_an_argument_of_the_wrong_type_is_refused_with_a_type_error_naming_it(call, words):
    with pytest.raises(TypeError, match=words):
        call()


def test_a_whole_number_beyond_any_limit_is_named_without_printing_its_digits():
    with pytest.raises(
        ValueError,
        match="seed must be from 0 to 2\\*\\*128 - 1, not a whole number of about [0-9]+ digits",
    ):
        Rules(seed=10**4999)


@pytest.mark.parametrize(
    "args",
    [("return", ("foo", "bar")), ("bake",), ("keep", "bean2"), ("keep", ("bean2",), 5),
     ("spread", ("aroma", "bean4"), ("bean2", "bean2"), "cake"), (["draw"],),
     ("more", ("aroma",) * 41)],
)  # fmt: skip
def test_a_move_built_by_hand_checks_its_fields(args):
    with pytest.raises(InvalidNotationError):
        Move(*args)


def test_notation_text_longer_than_200_characters_is_refused_early():
    with pytest.raises(InvalidNotationError, match="at most 200"):
        Move.parse("draw " * 50)
    with pytest.raises(InvalidNotationError, match="at most 200"):
        Rules(seed=1).start().why_illegal("x" * 10_000)


hand_moves = st.builds(
    Move,
    st.sampled_from(sorted({a for acts in roaster.ACTIONS.values() for a in acts})),
    st.lists(st.sampled_from(roaster.TOKENS), max_size=4).map(tuple),
    st.lists(st.sampled_from(roaster.TOKENS), max_size=3).map(tuple),
    st.none() | st.sampled_from(roaster.CUP_EFFECTS),
)


@PROPERTY
@given(st.integers(0, 1000), st.integers(0, 40), st.lists(hand_moves, min_size=5, max_size=20))
def test_any_well_formed_move_is_either_played_or_refused_with_the_reason_and_changes_nothing(
    seed, plies, moves
):
    state = Rules(card=CARD, seed=seed).start()
    pick = random.Random(seed)
    for _ in range(plies):
        if state.outcome is not None:
            break
        state = state.play(pick.choice(state.legal_moves()))
    before = pickle.dumps(state)
    for m in moves:
        reason = state.why_illegal(m)
        if reason is None:
            assert str(m) in [str(x) for x in state.legal_moves()]
            state.play(m)
        else:
            with pytest.raises(IllegalMoveError, match="not allowed"):
                state.play(m)
    assert pickle.loads(before) == state


@pytest.mark.parametrize("phase", list(roaster.PHASES))
def test_every_move_in_an_arranged_position_of_any_phase_is_played_or_refused(phase):
    state = Rules(card=CARD, seed=1).arrange({}, bag={"bean2": 3}, phase=phase)
    for action in sorted({a for acts in roaster.ACTIONS.values() for a in acts}):
        reason = state.why_illegal(Move(action))
        if reason is None:
            state.play(Move(action))
        else:
            with pytest.raises(IllegalMoveError):
                state.play(Move(action))


def test_every_action_has_one_row_of_checks_and_one_change():
    from gamekit.roaster.game import CANDIDATES, MOVES

    actions = {a for acts in roaster.ACTIONS.values() for a in acts}
    assert set(MOVES) == actions and set(CANDIDATES) == set(roaster.PHASES)
    assert all(callable(c) for row in MOVES.values() for c in row.checks)


# ---------------------------------------------------------------------------------------
# The policies of gamekit.roaster.challenge
# ---------------------------------------------------------------------------------------

_SMALL_CARD = Card(
    name="Small test card",
    difficulty="beginner",
    roast_class=1,
    bag={"bean1": 3, "bean2": 1, "hard": 1, "defect": 1, "aroma": 1},
    flavors={"aroma": 1, "body": 1},
    roast_table={3: 4, 4: 6, 5: 10},
)


def _small_rules() -> Rules:
    board = roaster.BOARDS["standard"].to_dict()
    board.update(cup_slots=4, sweetness_slot=4, select_slots=[], tray=1)
    return Rules(card=_SMALL_CARD, seed=1, board=board)


@pytest.mark.parametrize(("cup", "room"), [([], 1), ([], 0), (["bean1"], 1), (["aroma"], 0)])
def test_the_odds_policys_cup_value_is_the_exact_mean_over_every_draw_order(cup, room):
    import itertools

    from gamekit.roaster.cards import PENALTIES as _PENALTY
    from gamekit.roaster.odds import cup_value as _cup_value

    state = _small_rules().arrange({}, bag=dict(_SMALL_CARD.bag), phase="decide")
    bag = dict(_SMALL_CARD.bag)
    for t in cup:
        bag[t] -= 1
    tokens = [t for t, n in bag.items() for _ in range(n)]
    totals = []
    for order in itertools.permutations(tokens):  # every order, each as likely
        filled, free = list(cup), room
        for t in order:
            if len(filled) == 4:
                break
            if t in _PENALTY and free:
                free -= 1  # the tray takes a bad token while it has room
            else:
                filled.append(t)
        totals.append(score(filled, _SMALL_CARD, slots=4).total)
    exact = sum(totals) / len(totals)
    assert _cup_value(state, bag, list(cup), room) == pytest.approx(exact)


def test_the_card_target_follows_the_cards_roast_table():
    from gamekit.roaster.challenge import card_target

    targets = {c: card_target(Rules(card=c).start(seed=1)) for c in roaster.CARDS}
    # Jamaica's optimum 14 over about 6.5 beans in the cup: about level 2 a bean, less the
    # hard beans that count 0 in the bag's average
    assert targets["jamaica-blue-mountain"] == pytest.approx(14 * 20 / (10 * 16))
    assert targets["practice-ii-beginner"] > targets["jamaica-blue-mountain"]
    assert targets["practice-iii-expert"] == 0.0  # 21 is out of reach: stop at once
    state = Rules(card="practice-iii-expert", seed=4).start()
    while state.phase != "decide":
        state = state.play(roaster.roast_level_player(state))
    assert roaster.roast_level_player(state) == "stop"
    assert roaster.roast_level_player(state, target=9.0) == "continue"


def test_the_odds_policy_keeps_a_bean_off_the_cup_that_would_overshoot_the_roast():
    from gamekit.roaster.challenge import odds_player

    # the cup holds level 5 in all, the best roast total: one more level-2 bean would
    # cost the 10 roast points, while a flavor token can still come from the bag
    rules = _small_rules()
    cup = ["bean1", "bean2", "bean2"]
    bag = {"aroma": 3, "bean2": 1}
    state = rules.arrange({}, bag=bag, phase="cup", cup=cup, aside={"bean2": 1})
    assert [str(m) for m in state.legal_moves()] == ["cup", "tray"]
    assert odds_player(state) == "tray"
    # with no room on the tray left, the bean goes in the cup
    full = rules.arrange({}, bag=bag, phase="cup", cup=cup, aside={"bean2": 1}, tray=["hard"])
    assert odds_player(full) == "cup"


def test_the_policies_make_a_ladder_on_practice_card_ii_expert():
    from gamekit.players import PolicyPlayer
    from gamekit.roaster.challenge import odds_player
    from gamekit.sim import play_many

    rules = Rules(card="practice-ii-expert")
    means = [
        play_many(rules, [PolicyPlayer(p, seed=1)], 40, 3, progress=False).score.mean()
        for p in (roaster.simple_player, roaster.roast_level_player, odds_player)
    ]
    assert means[0] < means[1] < means[2]


def test_the_roast_ladder_and_the_penalties_are_stated_once() -> None:
    from gamekit.roaster import cards

    assert list(cards.ROASTS_TO) == ["hard", "bean0", "bean1", "bean2", "bean3", "bean4"]
    assert cards.ROASTS_TO["bean4"] == "burnt" and cards.PENALTIES["defect"] == 2
    state = Rules(seed=1).arrange({"hard": 1, "bean4": 1, "aroma": 1}).play("roast")
    assert "2 beans went up one level" in state.events[0]  # hard and level 4: aroma stays


def test_a_cup_can_score_below_zero_as_lesson_11_says():
    card = roaster.Rules(card="jamaica-blue-mountain", seed=1).card
    s = roaster.cards.score(["hard", "hard", "burnt", "smoke", "defect"], card)
    assert (s.roast, s.flavor, s.skill, s.penalty, s.total) == (0, 0, 0, -14, -14)
