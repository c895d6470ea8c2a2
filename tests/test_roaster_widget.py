"""Tests of gamekit.roaster.board: the playable Coffee Roaster table, driven headlessly the
way a learner clicks it (methods and browser-like click messages)."""

from __future__ import annotations

import html
import random
import re
import xml.etree.ElementTree as ET

import pytest

from gamekit import Record, roaster
from gamekit.puzzles import PUZZLES
from gamekit.roaster.board import _template, cup_forecast
from gamekit.roaster.picture import layout, slot_tokens
from gamekit.widgets import RoasterBoard
from gamekit.widgets.view import svg_point


def send(view, content) -> None:
    msg = {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    view.comm.handle_msg(msg)


def browser_click(board: RoasterBoard, slot: str) -> None:
    """A click in the browser on the centre of ``slot``."""
    _, transform = _template(board.rules)
    lay = layout(board.rules)
    x, y = lay.centres[lay.index(slot)]
    sx, sy = svg_point(transform, x, y)
    send(board.view, {"type": "click", "x": sx, "y": sy})


def slot_of(board: RoasterBoard, token: str, area: str = "drawn", skip=()) -> str:
    for slot, t in slot_tokens(board.state).items():
        if t == token and slot.startswith(area + ":") and slot not in skip:
            return slot
    raise AssertionError(f"no {token} in {area}")


def arranged_board(drawn, **kw) -> RoasterBoard:
    board = RoasterBoard(roaster.Rules(seed=2))
    board._states = [board.rules.arrange(drawn, **kw)]
    board._refresh()
    return board


def test_the_repr_is_stable_and_the_bundle_carries_it():
    board = RoasterBoard(roaster.Rules(seed=3))
    assert repr(board) == "<RoasterBoard jamaica-blue-mountain standard seed=3: 0 moves, draw>"
    assert board._repr_mimebundle_()[0]["text/plain"] == repr(board)


def test_only_the_buttons_of_the_current_step_are_enabled():
    board = RoasterBoard(roaster.Rules(seed=3))
    assert [n for n, b in board.buttons.items() if not b.disabled] == ["draw"]
    board.press("draw")
    assert [n for n, b in board.buttons.items() if not b.disabled] == ["roast"]


def test_a_refused_button_says_why_and_changes_nothing():
    board = RoasterBoard(roaster.Rules(seed=3))
    board.press("stop")
    assert "now is the step 'draw'" in board.message and board.record.moves == ()
    assert "b3261e" in board.message_line.value


def test_clicking_tokens_then_an_instant_slot_plays_the_effect():
    board = arranged_board({"aroma": 1, "bean0": 2})
    browser_click(board, slot_of(board, "aroma"))
    assert len(board.selected) == 1
    browser_click(board, "instant:more:0")
    assert board.record.moves == ("more aroma",)
    assert board.state.used("more") and board.selected == []


def test_an_instant_slot_clicked_with_the_wrong_tokens_is_refused_with_the_reason():
    board = arranged_board({"aroma": 1, "bean3": 1})
    board.click(slot_of(board, "bean3"))
    board.click("instant:remove:0")
    assert "Remove's slot takes any flavor" in board.message
    assert board.attempt == "instant:remove:0" and board.record.moves == ()


def test_clicking_a_flavor_token_beans_and_a_pair_plays_a_flavor_effect():
    board = arranged_board({"acidity": 1, "bean4": 2})
    pair = board.state.free_pairs("acidity")[0]
    board.click(slot_of(board, "acidity"))
    board.click(slot_of(board, "bean4"))
    board.click(slot_of(board, "bean4", skip=board.selected))
    board.click(f"pair:{pair}:0")
    assert board.record.moves == (f"preserve acidity bean4 bean4 for {pair}",)


def test_a_spread_with_two_ways_offers_a_choice():
    board = arranged_board({"aroma": 1, "bean4": 1})
    pair = board.state.free_pairs("aroma")[0]
    board.click(slot_of(board, "aroma"))
    board.click(slot_of(board, "bean4"))
    board.click(f"pair:{pair}:0")
    assert [str(m) for m in board.choices] == [
        f"spread aroma bean4 -> bean1 bean3 for {pair}",
        f"spread aroma bean4 -> bean2 bean2 for {pair}",
    ]
    assert len(board.choice_box.children) == 2
    board.choose(1)
    assert board.record.moves[-1].startswith("spread aroma bean4 -> bean2 bean2")


def test_a_flavor_effect_on_a_pair_of_another_colour_is_refused():
    board = arranged_board({"body": 1, "bean1": 2})
    wrong = next(e for e, c, _ in board.state.pairs if c == "aroma")
    for slot in [slot_of(board, "body"), "drawn:0", "drawn:1"]:
        if slot not in board.selected:
            board.click(slot)
    board.click(f"pair:{wrong}:0")
    assert "take aroma, not body" in board.message and board.record.moves == ()


def test_two_of_five_is_chosen_by_clicking_two_tokens_set_aside():
    board = arranged_board({"acidity": 1}, bag={"smoke": 2, "bean2": 3})
    board.click("drawn:0")
    board.click("instant:five:0")
    assert board.state.phase == "two-of-five"
    board.click(slot_of(board, "smoke", "aside"))
    assert board.state.phase == "two-of-five" and "Choose 1 more" in board.message
    board.click(slot_of(board, "smoke", "aside", skip=board.selected))
    assert board.record.moves[-1] == "discard smoke smoke"


def test_the_cup_test_is_played_by_clicking_cup_and_tray():
    board = arranged_board({}, bag={"bean2": 20}, phase="decide")
    board.press("stop")
    board.click("tray")
    board.click("cup:0")
    assert board.state.tray == ("bean2",) and board.state.cup[0] == "bean2"


def test_undo_redo_and_new_game():
    board = RoasterBoard(roaster.Rules(seed=3))
    board.press("draw")
    board.undo()
    assert board.record.moves == () and not board.redo_button.disabled
    board.redo()
    assert board.record.moves == ("draw",)
    board.new_game(card="zambia-kasama-aa", side="beginner", seed=9)
    assert board.rules == roaster.Rules(card="zambia-kasama-aa", side="beginner", seed=9)
    assert board.record.moves == ()


def test_a_saved_game_continues_where_it_stopped():
    rec = Record(roaster.Rules(seed=3), ["draw", "roast"])
    board = RoasterBoard(record=rec)
    assert board.state.phase == "decide"
    with pytest.raises(ValueError):
        RoasterBoard(roaster.Rules(seed=4), record=rec)


def test_peeking_can_be_turned_off():
    board = RoasterBoard(roaster.Rules(seed=3))
    assert "In the bag (27 tokens)" in board.bag_line.value
    board.peek_toggle.value = False
    assert "hidden" in board.bag_line.value


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_games_played_by_clicks_and_buttons_end_with_the_score_step_by_step(seed):
    board = RoasterBoard(roaster.Rules(card="practice-ii-beginner", seed=seed))
    pick = random.Random(seed)
    for _ in range(400):
        state = board.state
        if state.outcome is not None:
            break
        legal = state.legal_moves()
        actions = {m.action for m in legal}
        if state.phase == "cup":
            board.click(pick.choice(["cup", "tray"]) if "tray" in actions else "cup")
        elif state.phase in ("select", "two-of-five", "exchange-choose", "return-two"):
            move = pick.choice(legal)
            area = "drawn" if state.phase == "return-two" else "aside"
            for t in move.tokens:
                board.click(slot_of(board, t, area, skip=board.selected))
        elif "continue" in actions and pick.random() < 0.75:
            board.press("continue")
        elif state.phase == "effects" and pick.random() < 0.3:
            effect = [m for m in legal if m.action in ("more", "remove")]
            if effect:
                m = effect[0]
                board.click(
                    slot_of(board, m.tokens[0], "drawn")
                    if m.tokens[0] in state.drawn
                    else slot_of(board, m.tokens[0], "reserve")
                )
                board.click(f"instant:{m.action}:0")
            else:
                board.press("roast")
        else:
            board.type_move(str(pick.choice(legal)))
        assert board._ok, board.message
    over = board.state.outcome
    assert over is not None
    panel = board.score_panel.value
    assert not board.next_step_button.disabled and panel.count('class="gk-step"') == 1
    for _ in range(5):
        board.next_step()
    panel = board.score_panel.value
    assert panel.count('class="gk-step"') == 5 and f"= {over.total}." in panel
    assert repr(board).endswith(f"scored {over.total}>")
    assert Record.from_json(board.record.to_json()).final() == board.state


SVG = "{http://www.w3.org/2000/svg}"
NAMESPACES = {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}


def layer_groups(svg: str) -> dict:
    root = ET.fromstring(svg)
    return {
        g.get("id")[len("layer-") :]: g
        for g in root.iter(f"{SVG}g")
        if g.get("id", "").startswith("layer-")
    }


@pytest.mark.parametrize("side", ["standard", "beginner"])
def test_the_template_has_one_path_per_style_entry_in_every_layer(side):
    board = RoasterBoard(roaster.Rules(side=side, seed=5))
    layers = layer_groups(board.view.svg)
    assert set(layers) == set(board.view.styles)
    for name, style in board.view.styles.items():
        count = len(layers[name].findall(f"{SVG}path"))
        assert count == len(layers[name]), name
        assert {k: len(v) for k, v in style.items()} == dict.fromkeys(
            ("face", "edge", "width"), count
        )


def test_the_template_works_offline_and_runs_no_script():
    svg = RoasterBoard(roaster.Rules(seed=5)).view.svg
    assert "<script" not in svg.lower() and "javascript:" not in svg.lower()
    assert not re.search(r"\son\w+\s*=", svg)
    assert set(re.findall(r"https?://[^\s\"'<>)]+", svg)) <= NAMESPACES


# ---------------------------------------------------------------------------------------
# What a newcomer reads: goal, card panel, forecast, words, banner, the seed box
# ---------------------------------------------------------------------------------------

TOKEN_IDS = re.compile(r"\b(bean[0-4]|hard|burnt|defect)\b(?! bean)")


def test_the_goal_line_and_the_lesson_link_are_on_the_table():
    board = RoasterBoard(roaster.Rules(seed=3))
    assert "best total" in board.goal_line.value
    assert "How to play: lesson 10" in board.goal_line.value


def test_the_turn_line_says_the_round_and_what_to_do_in_words():
    board = RoasterBoard(roaster.Rules(seed=3))
    assert board.turn_text() == "Round 1"
    assert "Round 1</b>: draw this round&#x27;s tokens" in board.turn_line.value
    board.press("draw")
    assert "use drawn tokens for effects, then roast" in board.turn_line.value


def test_the_card_panel_shows_the_roast_table_with_the_best_total_and_the_wanted_flavors():
    board = RoasterBoard(roaster.Rules(card="jamaica-blue-mountain", seed=3))
    panel = board.score_panel.value
    card = board.rules.card
    assert card.name in panel and board.score_panel.layout.display is None
    for total, points in card.roast_table.items():
        assert f">{total}<br>{points}</td>" in panel
    assert 'border:2px solid #009e73;">14<br>10</td>' in panel  # the optimum, marked
    assert "Flavors wanted</b>: 1 acidity, 2 aroma" in panel
    assert "If the cup test began now</b>: about" in panel


def test_the_cup_forecast_is_the_same_for_the_same_state_and_follows_the_bag():
    state = roaster.Rules(seed=3).start()
    assert cup_forecast(state) == cup_forecast(state)
    mean, low, high, beans = cup_forecast(state)
    assert low <= mean <= high
    roasted = roaster.Rules(seed=3).arrange({}, bag={"bean3": 4, "bean2": 1, "aroma": 5})
    assert cup_forecast(roasted)[3] == pytest.approx(14.0)  # 4 × 3 + 2: the whole bag
    with pytest.raises(ValueError, match="game is over"):
        cup_forecast(
            roaster.Rules(seed=3)
            .arrange({}, bag={"bean2": 3}, phase="decide")
            .play("stop")
            .play("cup")
            .play("cup")
            .play("cup")
        )


def test_the_log_tells_each_action_in_words_without_token_ids():
    board = arranged_board({"bean1": 2, "body": 1})
    board.click(slot_of(board, "body"))
    board.click(slot_of(board, "bean1"))
    board.click(slot_of(board, "bean1", skip=board.selected))
    board.click("pair:select:0")  # seed 2: the Select pair takes body
    entry = board.move_log[-1]
    assert entry.notation.startswith("concentrate body bean1 bean1")
    assert entry.words.startswith("You use Concentrate (pay a body token into the")
    assert "2 level-1 beans" in entry.words
    assert not TOKEN_IDS.search(entry.words)
    assert f">{entry.notation}</td>" in board.log_view.value


def test_a_refused_effect_is_explained_in_words_not_notation():
    board = arranged_board({"bean0": 2, "body": 1})
    board.type_move("concentrate body bean0 bean0 for tray")
    assert not board._ok
    assert board.message.startswith(
        "Use Concentrate (pay a body token into the Cardboard tray pair) on 2 level-0 beans "
        "is not allowed"
    )
    assert "bean0" not in board.message


def test_the_bag_line_names_tokens_in_words():
    board = RoasterBoard(roaster.Rules(seed=3))
    assert "13 level-0 beans" in board.bag_line.value and "bean0" not in board.bag_line.value


def test_the_final_banner_gives_the_score_its_parts_and_the_title_it_reaches():
    state = roaster.Rules(seed=3).arrange({}, bag={"bean2": 3}, phase="decide")
    board = RoasterBoard(record=Record(state.rules, []))
    board._states = [state]  # a short game, from an arranged position
    for move in ("stop", "cup", "cup", "cup"):
        board.type_move(move)
    over = board.state.outcome
    assert over is not None
    text, tone = board.banner_text()
    assert text.startswith(f"Your cup scores {over.total}: {roaster.title(over.total)}.")
    assert "Roast " in text and "penalties" in text
    assert "20 or more would make you a Junior roaster" in text
    assert tone == "neutral" and "#1b5e20" not in board.banner.value
    assert board.banner.layout.display is None
    assert board.turn_text() == "Game over"


def test_rules_without_a_seed_are_dealt_by_the_boards_own_generator():
    a = RoasterBoard(roaster.Rules(), seed=5)
    b = RoasterBoard(roaster.Rules(), seed=5)
    assert a.rules.seed == b.rules.seed < 10**9  # no 128-bit seed for the box to clamp
    assert a.seed_choice.value == a.rules.seed
    a.new_game()
    assert a.rules.seed != b.rules.seed  # New game: a new deal
    a.seed_choice.value = 1234  # a typed seed: that deal
    a._new_from_controls()
    assert a.rules.seed == 1234
    c = RoasterBoard(roaster.Rules(seed=3), seed=5)
    assert c.rules.seed == 3


def test_every_roaster_setting_and_button_says_what_it_does():
    board = RoasterBoard(roaster.Rules(seed=3))
    stack, controls = [board.widget], []
    while stack:
        node = stack.pop()
        if hasattr(node, "tooltip") and hasattr(node, "description") and node.description:
            controls.append(node)
        stack.extend(getattr(node, "children", ()))
    assert len(controls) > 12
    assert [c.description for c in controls if not c.tooltip] == []
    labels = [label for label, _ in board.card_choice.options]
    assert "Jamaica Blue Mountain No.1 (beginner)" in labels  # names, not slugs


@pytest.mark.parametrize("seed, error", [(-1, ValueError), ("1", TypeError), (True, TypeError)])
def test_a_bad_board_seed_is_refused_with_its_name(seed, error):
    with pytest.raises(error, match="seed must be"):
        RoasterBoard(roaster.Rules(), seed=seed)


# -- effects a learner can learn from the board (issue #21) ------------------------------------


def test_the_effects_legend_names_every_effect_with_its_rule_and_each_pair_with_its_colour():
    from gamekit.roaster.board import effects_legend
    from gamekit.roaster.effects import EFFECT_NAMES, EFFECT_RULES

    rules = roaster.Rules(seed=1)
    text = html.unescape(re.sub("<[^>]+>", "", effects_legend(rules)))
    for effect, name in EFFECT_NAMES.items():
        assert name in text and EFFECT_RULES[effect] in text, effect
    for effect, colour, _ in rules.start().pairs:
        taken = "any flavor" if colour == "any" else colour
        assert f"{roaster.TOKEN_NAMES[effect]} (takes {taken})" in text
    assert "then a free slot of a pair that takes its colour" in text


def test_choosing_a_flavor_token_says_what_it_does_and_rings_what_it_can_use():
    from gamekit import puzzles
    from gamekit.roaster.picture import slot_tokens

    board = puzzles.get("roaster-make-1").board()
    body = next(s for s, t in slot_tokens(board.state).items() if t == "body")
    board.click(body)
    assert "A body token pays for Concentrate: two roasted beans (level 1–3)" in board.message
    assert "ringed in violet" in board.message
    usable = board._usable()
    shown = slot_tokens(board.state)
    assert {shown[s] for s in usable if s.startswith("drawn:")} == {"bean1", "bean2"}
    assert {s.split(":")[1] for s in usable if s.startswith("pair:")} == {
        "tray",
        "select",
        "exchange",
    }
    board.clear()
    assert board._usable() == []


ROASTER_NOTATION = re.compile(
    r"\bbean[0-4]\b|\b(concentrate|preserve|spread|five|more|new|remove) (body|acidity|aroma|wild)"
    r"|\bfor (exchange|select|extra-bean|sweetness|tray)\b|->"
)


@pytest.mark.parametrize("pid", [p.id for p in PUZZLES["roaster"] if p.kind == "move"])
def test_a_roaster_puzzle_verdict_speaks_in_words(pid):
    """The review met "preserve acidity bean4 for extra-bean is not allowed": verdicts,
    answers and refusals on a puzzle board name effects, tokens and pairs in words."""
    from gamekit import puzzles

    p = puzzles.get(pid)
    board = p.board()
    state = p.start()
    wrong = [m for m in state.legal_moves() if m not in p.answers() and p.in_focus(m)]
    texts = [board._in_words(p.solution())]
    for move in (p.answers()[0], *wrong[:1]):
        board.try_again()
        board.type_move(str(move))
        texts += [board.message, board.feedback_text()]
    for text in texts:
        assert not ROASTER_NOTATION.search(text), text


def test_choices_that_read_alike_start_with_what_differs():
    """Two Spread choices read the same once cut short (the review): each button starts with
    the beans it makes, the whole move in its tooltip."""
    from gamekit import puzzles

    board = puzzles.get("roaster-slot-1").board()
    for slot, token in slot_tokens(board.state).items():
        if token in ("bean4", "aroma") and slot.startswith("drawn:"):
            board.click(slot)
    board.click("pair:sweetness:0")
    labels = [b.description for b in board.choice_box.children]
    assert labels == ["…making a level-1 bean and a level-3 bean", "…making 2 level-2 beans"]
    assert all(b.tooltip.startswith("Use Spread") for b in board.choice_box.children)


def test_the_board_gives_the_chance_of_smoke_when_the_player_decides_but_not_in_a_puzzle():
    from gamekit import puzzles
    from gamekit.roaster.odds import smoke_chance

    board = RoasterBoard(roaster.Rules(card="jamaica-blue-mountain", seed=1))
    assert "If you roast on" not in board.score_html()  # not the time to decide
    board.type_move("draw")
    board.type_move("roast")
    assert board.state.phase == "decide" and smoke_chance(board.state) is not None
    assert "If you roast on" in board.score_html()
    stop = puzzles.get("roaster-stop-3")  # stop or roast on? the chance would tell
    assert stop.start().phase == "decide" and smoke_chance(stop.start())
    assert "If you roast on" not in stop.board().score_html()
