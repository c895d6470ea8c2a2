"""The guided first games (gamekit.guide and each game's guide part): every objective is
recognised on a worked example and not before, the board ticks objectives off and says so,
and bad input is refused in words."""

from __future__ import annotations

import pytest
from suite import GAMES as SUITE

from gamekit import coffee, gipf, guide, hextiles, roaster
from gamekit.coffee.guide import winning_cells
from gamekit.game import facts
from gamekit.guide import Guide, Objective, Step
from gamekit.players import make_player

#: The games with a guided first game (a guide part).
GAMES = tuple(g for g in SUITE if facts(g).guide is not None)


def reached_along(rules, moves, seat) -> list[str]:
    """The objectives of ``rules``' game that ``moves`` reach for ``seat``, in order."""
    states = [rules.start()]
    for m in moves:
        states.append(states[-1].play(m))
    g = Guide(guide.objectives(rules), seat)
    g.follow(states, [str(m) for m in moves])
    return g.reached


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_three_to_five_objectives_with_words_and_a_tip(game: str) -> None:
    found = guide.objectives(game)
    assert 3 <= len(found) <= 5
    for o in found:
        assert o.text.endswith(".") and len(o.text.split()) >= 4 and o.hint
    assert guide.first_rules(game).game == game


def test_a_guide_is_refused_in_words_for_bad_input() -> None:
    with pytest.raises(ValueError, match="at least one objective"):
        Guide([], "black")
    with pytest.raises(TypeError, match="guide.Objective"):
        Guide(["win"], "black")
    o = Objective("win", "Win the game.", lambda step: step.won)
    with pytest.raises(ValueError, match="same id"):
        Guide([o, o], "black")
    with pytest.raises(TypeError, match="seat"):
        Guide([o], 1)
    with pytest.raises(ValueError, match="one state after each move"):
        Guide([o], "black").follow([coffee.Rules().start()], ["e5|"])
    with pytest.raises(TypeError, match="registered game's name"):
        guide.first_game(coffee.Rules())
    board = guide.first_game("coffee")
    with pytest.raises(ValueError, match="black, orange"):
        board.set_guide([o], seat="white")


def test_coffee_winning_cells_are_where_a_stone_completes_a_line_of_n() -> None:
    s = guide.first_rules("coffee").replay(["g3/", "d3|", "d6/", "e6|", "e5|"])
    assert winning_cells(s, "black") == {"f4"}  # d6 e5 _ g3 along the rising diagonal
    assert winning_cells(s, "orange") == set()


def test_coffee_objectives_on_a_worked_game() -> None:
    rules = guide.first_rules("coffee")
    # Black lays the rod along f's column at once: Orange's line f1..f7 is empty, 7 cells
    assert reached_along(rules, ["c3|"], "black") == []
    # a line with two empty cells left: Orange may choose only between them
    moves = ["a1|", "a2|", "a3|"]
    s = rules.replay(moves)
    assert s.legal_cells() == ["a4"]
    assert reached_along(rules, moves, "black") == ["few-cells"]
    assert reached_along(rules, moves, "orange") == ["few-cells"]  # a2| left Black a3 and a4


def test_a_block_is_recognised_only_when_the_computer_had_a_cell_to_finish_its_line() -> None:
    rules = guide.first_rules("coffee")
    start = rules.replay(["g3/", "d3|", "d6/", "e6|", "e5|"])  # Black threatens f4
    assert start.to_move == "orange" and winning_cells(start, "black") == {"f4"}
    o = next(o for o in guide.objectives("coffee") if o.id == "block")
    verdicts = {}
    for m in start.legal_moves():
        after = start.play(m)
        verdicts[str(m)] = o.reached(Step(start, m, after, "orange", [start, after], 0))
        # a block: Black's next line misses f4 (Orange cannot take f4: not on its line)
        assert verdicts[str(m)] == ("f4" not in after.legal_cells()), m
    assert any(verdicts.values()) and not all(verdicts.values())
    # the same move is no block for Black, who did not make it
    m = next(k for k, v in verdicts.items() if v)
    after = start.play(m)
    assert not o.reached(Step(start, coffee.Move.parse(m), after, "black", [start, after], 0))
    # and with no threat there is nothing to block
    quiet = rules.start().play("c3|")
    m = quiet.legal_moves()[0]
    assert not o.reached(Step(quiet, m, quiet.play(m), "orange", [quiet, quiet.play(m)], 0))


def test_gipf_objectives_row_capture_and_keep_on_the_puzzle_positions() -> None:
    from gamekit import puzzles

    keep = puzzles.get("gipf-keep-1").start()
    seat = keep.to_move
    move = gipf.Move.parse("xe2-e5 keep e5")
    after = keep.play(move)
    step = Step(keep, move, after, seat, [keep, after], 0)
    found = {o.id for o in guide.objectives("gipf") if o.reached(step)}
    assert "keep-gipf" in found
    other = Step(keep, move, after, "black" if seat == "white" else "white", [keep, after], 0)
    assert not any(o.reached(other) for o in guide.objectives("gipf"))  # not the learner's


def test_roaster_stop_early_counts_only_while_no_smoke_came_out_of_the_bag() -> None:
    rules = roaster.Rules(card="jamaica-blue-mountain", seed=1)
    calm = rules.arrange({}, bag={"bean2": 12}, phase="decide", space=3)
    smoky = rules.arrange({"smoke": 1, "bean2": 7}, bag={"bean2": 5}, phase="effects", space=3)
    o = next(o for o in guide.objectives("roaster") if o.id == "stop-early")
    stop = roaster.Move.parse("stop")
    assert o.reached(Step(calm, stop, calm.play(stop), "player", [calm, calm.play(stop)], 0))
    path = [smoky, calm]
    assert not o.reached(Step(calm, stop, calm.play(stop), "player", [*path, calm.play(stop)], 1))


def test_roaster_preserve_needs_a_level_4_bean_and_preserve() -> None:
    o = next(o for o in guide.objectives("roaster") if o.id == "preserve-4")
    p4 = roaster.Move.parse("preserve acidity bean4 bean2 for select")
    p2 = roaster.Move.parse("preserve acidity bean2 bean2 for select")
    spread = roaster.Move.parse("spread aroma bean4 -> bean1 bean3 for select")
    state = roaster.Rules(seed=1).start()
    assert o.reached(Step(state, p4, state, "player", [state, state], 0))
    assert not o.reached(Step(state, p2, state, "player", [state, state], 0))
    assert not o.reached(Step(state, spread, state, "player", [state, state], 0))


def test_hextiles_run_and_ten_tiles_read_the_learners_figure() -> None:
    from gamekit import puzzles
    from gamekit.hextiles.guide import RUN

    by_id = {o.id: o for o in guide.objectives("hextiles")}
    late = puzzles.get("hextiles-run-1").start()  # Player 1's border run is 13
    m = late.legal_moves()[0]
    after = late.play(m)
    assert hextiles.score(after.figure(0)).border >= RUN and len(after.figure(0)) == 7
    mine = Step(late, m, after, "player 1", [late, after], 0)
    theirs = Step(late, m, after, "player 2", [late, after], 0)
    assert by_id["run"].reached(mine) and not by_id["ten-tiles"].reached(mine)  # 7 tiles
    assert not by_id["run"].reached(theirs)
    early = hextiles.Rules(players=2, seed=4).start()
    m = early.legal_moves()[0]
    step = Step(early, m, early.play(m), "player 1", [early, early.play(m)], 0)
    assert not by_id["run"].reached(step) and not by_id["ten-tiles"].reached(step)
    place = hextiles.Move.parse("place 111000 at (0,-1) turn 2")
    turned = puzzles.get("hextiles-turn-1").start()
    step = Step(turned, place, turned.play(place), "player 1", [turned, turned.play(place)], 0)
    assert by_id["three-marks"].reached(step)


@pytest.mark.parametrize("game", GAMES)
def test_a_guided_game_on_the_board_ticks_objectives_off_and_says_so(game: str) -> None:
    """A whole guided game on the board, the learner's moves chosen by a computer level:
    the ticks the board shows are those a Guide finds along the same moves, each reached
    objective is heard once in the live region, and taking moves back keeps the ticks."""
    board = guide.first_game(game)
    assert board.objectives_panel.layout.display is None
    assert "0 of" in board.objectives_panel.value and "to do" in board.objectives_panel.value
    learner = make_player("club" if game != "gipf" else "beginner", 3)
    heard: list[str] = []
    say = board.view.say
    board.view.say = lambda text: (heard.append(text), say(text))  # every line the log region gets
    for _ in range(400):
        if board.state.outcome is not None:
            break
        board.type_move(str(learner.choose(board.state)))
        assert board._ok, board.message
    reached = list(board.guide.reached)
    assert reached, game  # the proxy learner reaches at least one objective
    again = Guide(guide.objectives(game), board.guide.seat)
    again.follow(board._states, board._moves)
    assert again.reached == reached
    told = [h for h in heard if "Objective reached" in h]
    assert sum(h.count("Objective reached") for h in told) == len(reached)
    for o in guide.objectives(game):
        done = o.id in reached
        assert (f"{o.text} <small>(done)</small>" in _plain(board.objectives_panel.value)) == done
    board.undo()
    assert board.guide.reached == reached  # a reached objective stays reached


def _plain(value: str) -> str:
    import html

    return html.unescape(value)


def test_the_first_rules_of_each_game() -> None:
    assert guide.first_rules("coffee") == coffee.Rules(size=4)
    assert guide.first_rules("gipf") == gipf.Rules(variant="standard")
    assert guide.first_rules("roaster").seed == 79


def test_the_roaster_deal_brings_a_level_4_bean_and_preserve_before_any_smoke() -> None:
    """What lesson 11 says of the guided deal: drawing and roasting each round, a level-4
    bean and an acidity token come out together in round 5, before any smoke is drawn."""
    state = guide.first_rules("roaster").start()
    smoke = False
    while not any(m.action == "preserve" and "bean4" in m.tokens for m in state.legal_moves()):
        smoke = smoke or bool(state.drawn.get("smoke"))
        actions = {m.action for m in state.legal_moves()}
        state = state.play(next(a for a in ("draw", "roast", "continue") if a in actions))
        assert state.round <= 5
    assert state.round == 5 and not smoke and not state.drawn.get("smoke")
