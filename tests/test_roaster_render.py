"""Tests of gamekit.render.roaster: the Coffee Roaster table as a matplotlib figure."""

from __future__ import annotations

import random

import pytest
from matplotlib.figure import Figure

from gamekit import roaster
from gamekit.render import show
from gamekit.render.roaster import (
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
