"""The guided first games (gamekit.guide and each game's guide part): every objective is
recognised on a worked example and not before, the board ticks objectives off and says so,
and bad input is refused in words."""

from __future__ import annotations

import html

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
    assert reached_along(rules, ["c3|"], "black") == []
    # Black's d2 d3 d4 on the d column: d1 and d5 would each finish a line of 4
    moves = ["d3|", "d6|", "d2|", "d7|", "d4|"]
    assert winning_cells(rules.replay(moves), "black") == {"d1", "d5"}
    assert reached_along(rules, moves[:-1], "black") == []
    assert reached_along(rules, moves, "black") == ["two-threats"]
    assert reached_along(rules, moves, "orange") == []  # not Orange's threats


def test_a_block_is_recognised_only_when_the_rod_chosen_keeps_the_computer_off_its_cell() -> None:
    rules = guide.first_rules("coffee")
    start = rules.replay(["g3/", "d3|", "d6/", "e6|", "e5|"])  # Black threatens f4
    assert start.to_move == "orange" and winning_cells(start, "black") == {"f4"}
    o = next(o for o in guide.objectives("coffee") if o.id == "block")
    verdicts = {}
    for m in start.legal_moves():
        after = start.play(m)
        verdicts[str(m)] = o.reached(Step(start, m, after, "orange", [start, after], 0))
        others = [
            start.play(k) for k in start.legal_moves() if k.cell == m.cell and k.axis != m.axis
        ]
        chose = "f4" not in after.legal_cells() and any("f4" in a.legal_cells() for a in others)
        assert verdicts[str(m)] == (chose and m.cell != "f4"), m
    assert any(verdicts.values()) and not all(verdicts.values())
    # the same move is no block for Black, who did not make it
    m = next(k for k, v in verdicts.items() if v)
    after = start.play(m)
    assert not o.reached(Step(start, coffee.Move.parse(m), after, "black", [start, after], 0))
    # and with no threat there is nothing to block
    quiet = rules.start().play("c3|")
    m = quiet.legal_moves()[0]
    assert not o.reached(Step(quiet, m, quiet.play(m), "orange", [quiet, quiet.play(m)], 0))


def test_coffees_guided_board_points_out_the_computers_threat() -> None:
    from gamekit.coffee.guide import threat

    board = guide.first_game("coffee", opponent=None, computer_plays=())
    board.set_guide(guide.objectives("coffee"), seat="orange")
    heard: list[str] = []
    say = board.view.say
    board.view.say = lambda text: (heard.append(text), say(text))
    board.play_moves(["g3/", "d3|", "d6/", "e6|"])
    assert "Watch out" not in board.objectives_panel.value
    board.play_moves(["e5|"])  # Black now threatens f4, and Orange is to move
    words = threat(board.state, "orange")
    assert "f4" in words and html.escape(words) in board.objectives_panel.value
    assert sum(words in h for h in heard) == 1  # said once
    board._refresh()
    assert sum(words in h for h in heard) == 1  # not again for the same position
    assert threat(board.state, "black") == ""  # Black is not to move


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


def test_gipf_taking_a_gipf_piece_of_the_computers_is_recognised_for_the_learner_only() -> None:
    rules = guide.first_rules("gipf")
    before = rules.replay(
        ["c1-d2", "a1-b2", "h6-h5", "a2-b3", "b6-b5", "d1-e2", "a2-b2", "a3-b4", "c1-c2",
         "g1-g2", "d8-e8", "b1-c2", "g1-f2", "i3-h3", "g7-g6", "c1-c2"]
    )  # fmt: skip
    seat = before.to_move
    other = "black" if seat == "white" else "white"
    o = next(o for o in guide.objectives("gipf") if o.id == "capture-gipf")
    verdicts = {}
    for m in before.legal_moves():
        after = before.play(m)
        took = len(after.gipf_pieces(other)) < len(before.gipf_pieces(other))
        verdicts[str(m)] = o.reached(Step(before, m, after, seat, [before, after], 0))
        assert verdicts[str(m)] == took, m
    assert verdicts["xc2-c6"] and not all(verdicts.values())
    m = gipf.Move.parse("xc2-c6")
    after = before.play(m)
    assert not o.reached(Step(before, m, after, other, [before, after], 0))  # not the learner's


def test_roaster_stop_odds_counts_a_stop_when_smoke_was_likely_and_none_had_come_out() -> None:
    from gamekit.roaster.odds import smoke_chance

    rules = roaster.Rules(card="jamaica-blue-mountain", seed=1)
    risky = rules.arrange({}, bag={"bean2": 6, "smoke": 6}, phase="decide", space=3)
    safe = rules.arrange({}, bag={"bean2": 40, "smoke": 1}, phase="decide", space=3)
    smoky = rules.arrange({"smoke": 1, "bean2": 7}, bag={"bean2": 5}, phase="effects", space=3)
    assert smoke_chance(risky) >= 0.5 > smoke_chance(safe)
    o = next(o for o in guide.objectives("roaster") if o.id == "stop-odds")
    stop = roaster.Move.parse("stop")

    def stopped(state, path=()):
        return o.reached(
            Step(
                state, stop, state.play(stop), "player", [*path, state, state.play(stop)], len(path)
            )
        )

    assert stopped(risky) and not stopped(safe)  # early, while smoke was unlikely: no
    assert not stopped(risky, [smoky])  # a smoke token had come out already
    cont = roaster.Move.parse("continue")
    assert not o.reached(
        Step(risky, cont, risky.play(cont), "player", [risky, risky.play(cont)], 0)
    )


def test_roaster_preserve_needs_a_level_4_bean_and_preserve() -> None:
    o = next(o for o in guide.objectives("roaster") if o.id == "preserve-4")
    p4 = roaster.Move.parse("preserve acidity bean4 bean2 for select")
    p2 = roaster.Move.parse("preserve acidity bean2 bean2 for select")
    spread = roaster.Move.parse("spread aroma bean4 -> bean1 bean3 for select")
    state = roaster.Rules(seed=1).start()
    assert o.reached(Step(state, p4, state, "player", [state, state], 0))
    assert not o.reached(Step(state, p2, state, "player", [state, state], 0))
    assert not o.reached(Step(state, spread, state, "player", [state, state], 0))


def test_hextiles_run_and_score_read_the_learners_figure() -> None:
    from gamekit import puzzles
    from gamekit.hextiles.guide import RUN, SCORE

    by_id = {o.id: o for o in guide.objectives("hextiles")}
    late = puzzles.get("hextiles-run-1").start()  # Player 1's border run is 13
    m = late.legal_moves()[0]
    after = late.play(m)
    assert hextiles.score(after.figure(0)).border >= RUN
    mine = Step(late, m, after, "player 1", [late, after], 0)
    theirs = Step(late, m, after, "player 2", [late, after], 0)
    assert by_id["run"].reached(mine) and not by_id["run"].reached(theirs)
    assert not by_id["score"].reached(mine)  # the game goes on
    early = hextiles.Rules(players=2, seed=4).start()
    m = early.legal_moves()[0]
    step = Step(early, m, early.play(m), "player 1", [early, early.play(m)], 0)
    assert not by_id["run"].reached(step)
    # a whole game: "score" is reached at its end, by the figure's total, on anyone's move
    rules = hextiles.Rules(players=2, seed=4)
    players = [make_player("club", 1), make_player("club", 2)]
    states, moves = [rules.start()], []
    while states[-1].outcome is None:
        k = list(rules.seats).index(states[-1].to_move)
        moves.append(str(players[k].choose(states[-1])))
        states.append(states[-1].play(moves[-1]))
    for seat in rules.seats:
        g = Guide([by_id["score"], by_id["win"]], seat)
        g.follow(states, moves, [s.to_move != seat for s in states[:-1]])  # the other: a computer
        total = hextiles.score(states[-1].figure(list(rules.seats).index(seat))).total
        assert ("score" in g.reached) == (total >= SCORE), (seat, total)
        assert ("win" in g.reached) == (seat in states[-1].outcome.winners), seat
    assert states[-2].to_move == "player 2"  # the game ended on Player 2's move


@pytest.mark.parametrize("game", GAMES)
def test_a_guided_game_on_the_board_ticks_objectives_off_and_says_so(game: str) -> None:
    """A whole guided game on the board, the learner's moves chosen by a computer level:
    the ticks the board shows are those a Guide finds along the same moves, each reached
    objective is heard once in the live region, and taking moves back keeps the ticks."""
    board = guide.first_game(game)
    assert board.objectives_panel.layout.display is None
    assert "0 of" in board.objectives_panel.value and "to do" in board.objectives_panel.value
    learner = make_player("club" if game != "gipf" else "beginner", 3 if game != "gipf" else 6)
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


def test_gipfs_guided_board_points_out_a_row_the_computer_could_make() -> None:
    from gamekit.gipf.guide import threat

    rules = guide.first_rules("gipf")
    state = rules.replay(["f8-e8", "g1-f2", "a2-b3", "d1-d2", "h6-g6"])
    assert state.to_move == "black"
    words = threat(state, "black")
    assert words.startswith("Watch out: on its turn the computer could make a row (")
    listed = words.split("(")[1].split(")")[0].replace(" …", "").split(", ")
    white = rules.setup(state.pieces(), to_move="white")
    for push in listed:  # each push named makes White a row
        after = white.play(push)
        assert after.phase == "remove" and any(r.owner == "white" for r in after.rows())
    assert threat(state, "white") == ""  # White is not to push
    assert threat(rules.start(), "white") == ""  # nothing threatens at the start
