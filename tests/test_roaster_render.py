"""Tests of gamekit.roaster.picture: the Coffee Roaster table as a matplotlib figure."""

from __future__ import annotations

import random

import pytest
from matplotlib.figure import Figure

from gamekit import roaster
from gamekit.render import show
from gamekit.roaster.picture import (
    LAYERS,
    SHAPES,
    TOKEN_LOOK,
    RoasterView,
    draw,
    layout,
    png_bytes,
    score_marks,
    slot_tokens,
    styles,
)

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def played(seed: int = 5, card: str = "jamaica-blue-mountain", side: str = "standard"):
    state = roaster.Rules(card=card, side=side, seed=seed).start()
    pick = random.Random(seed)
    while state.outcome is None:
        legal = state.legal_moves()
        stay = [m for m in legal if m.action == "continue"]
        state = state.play(stay[0] if stay and pick.random() < 0.8 else pick.choice(legal))
    return state


def test_every_token_has_its_own_shape_or_colour_and_flavors_differ_in_shape():
    looks = {(shape, face) for shape, face, _ in TOKEN_LOOK.values()}
    assert len(looks) == len(TOKEN_LOOK) == len(roaster.TOKENS)
    flavor_shapes = {TOKEN_LOOK[t][0] for t in ("body", "acidity", "aroma", "wild", "sweetness")}
    assert len(flavor_shapes) == 5
    assert TOKEN_LOOK["bean0"][0] not in flavor_shapes and TOKEN_LOOK["moisture"][0] == "tridown"


def test_draw_gives_a_fixed_size_figure_and_show_finds_the_renderer():
    state = roaster.Rules(seed=3).start().play("draw")
    fig = draw(state)
    assert isinstance(fig, Figure) and fig.get_size_inches().tolist() == [10.0, 7.0]
    assert isinstance(show(state), Figure)
    assert state._repr_png_().startswith(PNG_MAGIC)


def test_styles_give_one_entry_per_shape_of_every_layer():
    state = roaster.Rules(seed=3).start().play("draw")
    view = RoasterView(state.rules)
    look = styles(state)
    assert set(look) == set(LAYERS)
    for name, style in look.items():
        assert len(style.face) == len(view.drawing.layers[name].get_paths())


def test_each_drawn_token_shows_in_a_drawn_slot_with_its_shape():
    state = roaster.Rules(seed=3).start().play("draw")
    look = styles(state)
    lay = layout(state.rules)
    shown = slot_tokens(state)
    assert sum(1 for s in shown if s.startswith("drawn:")) == sum(state.drawn.values())
    for slot, token in shown.items():
        shape, face, _ = TOKEN_LOOK[token]
        i = lay.index(slot)
        assert look[shape].face[i] == face
        others = [k for k in SHAPES if k != shape]
        assert all(look[k].face[i] == "none" for k in others)


def test_a_bean_carries_its_roast_level_as_a_digit():
    state = roaster.Rules(seed=3).arrange({"bean3": 1})
    i = layout(state.rules).index("drawn:0")
    segments = styles(state)["levels"].face[7 * i : 7 * i + 7]
    assert sum(1 for f in segments if f != "none") == 5  # a 3 lights a, b, c, d and g


def test_updating_a_view_recolours_in_place_without_new_artists():
    state = roaster.Rules(seed=3).start()
    view = RoasterView(state.rules)
    view.update(state)
    before = len(view.figure.axes[0].get_children())
    after_state = state.play("draw")
    view.update(after_state, selected=["drawn:0"], attempt="drawn:1")
    assert len(view.figure.axes[0].get_children()) == before
    rings = view.drawing.current("rings")
    lay = layout(state.rules)
    assert rings.edge[lay.index("drawn:0")] != "none" and rings.edge[lay.index("drawn:1")] != "none"


def test_peek_false_hides_the_bag():
    state = roaster.Rules(seed=3).start()
    assert any(f != "#f3f0ea" for f in styles(state)["bag"].face)
    assert all(f == "#f3f0ea" for f in styles(state, peek=False)["bag"].face)


def test_an_unlocked_cup_effect_and_a_used_instant_effect_are_tinted():
    state = roaster.Rules(seed=3).arrange(
        {}, pairs={"select": ["acidity", "acidity"]}, instant={"more": ["aroma"]}
    )
    effects = [e for e, _, _ in state.pairs]
    boxes = styles(state)["boxes"]
    assert boxes.face[5 + effects.index("select")] == "#c6ead6"
    assert boxes.face[1] == "#dddddd" and boxes.face[0] != "#dddddd"


def test_score_marks_point_at_the_cup_tokens_of_each_step():
    state = played()
    cup = state.cup
    roast = score_marks(state, 0)
    assert all(cup[int(s.split(":")[1])].startswith("bean") for s in roast)
    bad = score_marks(state, 3)
    assert all(cup[int(s.split(":")[1])] in (None, "hard", "burnt", "smoke", "defect") for s in bad)


@pytest.mark.parametrize("side", ["standard", "beginner"])
def test_finished_games_draw_with_their_score_and_the_png_is_deterministic(side):
    state = played(7, "practice-iii-expert", side)
    fig = draw(state)
    texts = " ".join(t.get_text() for t in fig.axes[0].texts)
    assert f"scores {state.outcome.total}" in texts and "5. Total" in texts
    assert png_bytes(state) == png_bytes(state)


def test_the_svg_keeps_every_layer_for_the_browser():
    view = RoasterView(roaster.Rules(seed=3), texts=False)
    svg = view.drawing.svg()
    for name in LAYERS:
        assert f'id="layer-{name}"' in svg


def test_a_click_point_finds_its_slot_or_area():
    lay = layout(roaster.Rules(seed=3))
    x, y = lay.centres[lay.index("drawn:5")]
    assert lay.slot_at(x + 0.1, y - 0.1) == "drawn:5"
    assert lay.slot_at(19.9, 0.1) is None
    x0, y0, x1, y1 = lay.tray_box
    assert lay.area_at((x0 + x1) / 2, y0 + 0.05) == "tray"


# -- the small pictures of the lessons: tokens, one move, the cup, a card -------------------

from gamekit.errors import InvalidNotationError  # noqa: E402
from gamekit.roaster.picture import (  # noqa: E402
    draw_card,
    draw_cup,
    draw_move,
    draw_tokens,
    flows,
    move_title,
)

RULES = roaster.Rules(seed=3)
#: One position and move for every effect of the roasting step (each must have a picture).
EFFECT_MOVES = {
    "wild": (RULES.arrange({"bean0": 2, "bean1": 1, "bean2": 2}), "wild bean0 bean1"),
    "more": (RULES.arrange({"aroma": 1, "bean1": 3}, bag={"moisture": 3, "bean2": 2}),
             "more aroma"),
    "new": (RULES.arrange({"body": 1, "hard": 1, "defect": 1, "bean2": 1}), "new body"),
    "five": (RULES.arrange({"acidity": 1}, bag={"smoke": 2, "defect": 1, "bean2": 4}),
             "five acidity"),
    "remove": (RULES.arrange({"aroma": 2, "burnt": 1, "smoke": 1, "bean3": 2}), "remove aroma"),
    "concentrate": (RULES.arrange({"body": 1, "bean1": 1, "bean3": 1, "bean2": 2}),
                    "concentrate body bean1 bean3 for tray"),
    "preserve": (RULES.arrange({"acidity": 1, "bean4": 2, "hard": 1}),
                 "preserve acidity bean4 bean4 for select"),
    "spread": (RULES.arrange({"aroma": 1, "bean4": 1, "bean1": 1}),
               "spread aroma bean4 -> bean2 bean2 for sweetness"),
}  # fmt: skip


def texts_of(fig) -> str:
    return " ".join(t.get_text() for t in fig.axes[0].texts)


def ringed(fig) -> list[str]:
    """The ring colours the picture shows (one per ringed token)."""
    rings = fig.axes[0].collections[-1]
    return [c for c in rings.get_edgecolor().tolist() if c[3] > 0]


@pytest.mark.parametrize("effect", list(EFFECT_MOVES))
def test_every_effect_has_a_picture_of_what_it_takes_and_where_each_token_goes(effect):
    state, move = EFFECT_MOVES[effect]
    fig = draw_move(state, move)
    words = texts_of(fig)
    assert isinstance(fig, Figure) and fig.get_size_inches()[0] == 9.0
    assert move_title(move) in words and "refused" not in words
    assert all(label in words for label, _ in flows(state, move))
    assert " ".join(state.play(move).events)[:40] in words.replace("\n", " ")
    assert ringed(fig), "the tokens the move uses are ringed"


def test_the_flows_of_a_move_account_for_every_token_it_touches():
    state, move = EFFECT_MOVES["concentrate"]
    told = dict(flows(state, move))
    assert told["paid: onto a slot of Cardboard tray"] == ["body"]
    assert told["out of the game"] == ["bean1", "bean3"]
    assert told["made, and put into the bag"] == ["bean4"]
    state, move = EFFECT_MOVES["more"]
    told = dict(flows(state, move))
    assert told["out of the game"] == ["moisture"]  # drawn by the effect, not replaced
    assert sorted(told["drawn from the bag"]) == ["bean2", "moisture"]


def test_two_new_tokens_shows_the_tokens_put_back_even_when_the_same_kind_comes_out_again():
    state = RULES.arrange({"body": 1, "hard": 1, "defect": 1, "bean2": 1}).play("new body")
    told = flows(state, "return hard defect")
    assert told[0] == ("put back into the bag", ["hard", "defect"])
    assert told[1][0] == "drawn from the bag" and len(told[1][1]) == 2


@pytest.mark.parametrize(
    "state, move",
    [
        (RULES.arrange({}, bag={"bean1": 3, "moisture": 1}, phase="draw"), "draw"),
        (RULES.start().play("draw"), "roast"),
        (RULES.arrange({}, phase="decide", space=5), "continue"),
    ],
)
def test_the_steps_of_a_round_have_pictures_too(state, move):
    fig = draw_move(state, move)
    assert move_title(move) in texts_of(fig) and flows(state, move)


def test_the_cup_effects_select_and_exchange_have_pictures():
    rules = roaster.Rules(card="zambia-kasama-aa", seed=4)
    both = rules.arrange({}, bag={"bean2": 8, "bean4": 3, "aroma": 3}, phase="decide",
                         pairs={"select": ["body", "body"], "exchange": ["body", "aroma"]})  # fmt: skip
    at_select = both.play("stop").play("cup").play("cup")
    keep = at_select.legal_moves()[0]
    assert "into the cup" in dict(flows(at_select, keep))
    assert draw_move(at_select, keep)
    full = at_select
    while full.phase != "exchange":
        full = full.play(full.legal_moves()[0])
    swap = next(m for m in full.legal_moves() if m.action == "exchange")
    told = dict(flows(full, swap))
    assert told["put back into the bag"] == list(swap.tokens)
    assert len(told["drawn from the bag, set aside"]) == 3
    assert "Exchange" in texts_of(draw_move(full, swap))


def test_a_refused_move_is_drawn_as_attempted_in_red_and_nothing_moves():
    state = RULES.arrange({"body": 1, "bean2": 2, "bean3": 1})
    fig = draw_move(state, "concentrate body bean2 bean3 for tray")  # 2 + 3 is over 4
    assert "refused" in texts_of(fig) and "nothing moves" in texts_of(fig)
    assert len(ringed(fig)) == 3  # the body token and the two beans named


def test_draw_move_refuses_what_is_not_a_state_or_a_move():
    with pytest.raises(TypeError, match="roaster.State"):
        draw_move("draw", "draw")
    with pytest.raises(InvalidNotationError):
        draw_move(RULES.start(), "fly away")


ZAMBIA_CUP = ["bean2"] * 3 + ["bean3", "bean4", "bean4", "burnt", "aroma", "aroma", "sweetness"]


def test_the_cup_picture_shows_the_score_step_by_step_and_rings_a_steps_tokens():
    rules = roaster.Rules(card="zambia-kasama-aa", seed=4)
    state = rules.arrange({}, bag={}, phase="over", cup=ZAMBIA_CUP,
                          pairs={"sweetness": ["aroma", "body"]})  # fmt: skip
    fig = draw_cup(state, step=2)
    words = texts_of(fig)
    assert "5. Total: 6 + 6 + 1 - 1 = 12." in words
    assert len(ringed(fig)) == 3  # the three level-2 beans of the skill step
    with pytest.raises(ValueError, match="step must be"):
        draw_cup(state, step=7)


def test_the_cup_picture_shows_unlocked_cup_effects_and_the_bigger_tray():
    state = RULES.arrange({}, phase="cup", aside={"smoke": 1}, cup=["bean2"] * 3,
                          pairs={"extra-bean": ["aroma", "body"], "tray": ["body", "body"],
                                 "select": ["acidity", "acidity"]})  # fmt: skip
    words = texts_of(draw_cup(state))
    assert "Extra" in words and "+2" in words
    assert "tray: 5 slots" in words and "drawn: where does it go?" in words


def test_the_card_picture_shows_the_bag_the_flavors_the_table_and_what_is_ours():
    card = roaster.CARDS["zambia-kasama-aa"]
    words = texts_of(draw_card(card, total=17))
    assert card.name in words and "this cup: 17" in words and "our choice" in words
    assert all(str(k) in words for k in card.roast_table)
    with pytest.raises(TypeError, match="roaster.Card"):
        draw_card(42)


def test_draw_tokens_names_each_token_and_refuses_unknown_ones():
    fig = draw_tokens([("flavor tokens", ["body", "acidity", "aroma", "wild"])], names=True)
    assert "wild\nflavor" in texts_of(fig) or "wild flavor" in texts_of(fig)
    with pytest.raises(ValueError, match="not a token"):
        draw_tokens([("x", ["coffee"])])
    with pytest.raises(ValueError, match="label, tokens"):
        draw_tokens(["body"])


def test_the_small_pictures_are_the_same_on_every_run():
    state, move = EFFECT_MOVES["spread"]
    a, b = draw_move(state, move), draw_move(state, move)
    from gamekit.render.board import figure_png

    assert figure_png(a) == figure_png(b)
