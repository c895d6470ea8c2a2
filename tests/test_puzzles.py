"""Tests of gamekit.puzzles: every puzzle's answers are what an independent brute force over
the engine finds, every answer is graded right, other moves are graded wrong without giving
the answer away, and Attempts counts, hints and reveals."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from functools import cache

import pytest
from suite import GAMES

from gamekit import coffee, gipf, hextiles, puzzles, roaster
from gamekit.game import own_part
from gamekit.puzzles import PUZZLES, Attempts, Grade, Puzzle

ALL = [p for ps in PUZZLES.values() for p in ps]
IDS = [p.id for p in ALL]

# The answers, worked out from the pictures and the rules (docs/rules/*.md) and confirmed
# by the brute-force checks below. None: the set is too long to list (see its own test).
_KEEP_OUT_1 = {
    f"preserve acidity {b} bean4 for {pair}"
    for b in ("bean1", "bean2")
    for pair in ("exchange", "extra-bean", "select")
} | {
    f"spread aroma bean4 -> {split} for {pair}"
    for split in ("bean1 bean3", "bean2 bean2")
    for pair in ("exchange", "select", "sweetness")
}
ANSWERS: dict[str, set[str] | None] = {
    "coffee-legal-cells-1": {"b1", "b2", "b4", "b5"},
    "coffee-rod-1": {"c4|", "c4\\"},
    "coffee-rod-2": {"a2|", "a2-"},  # both diagonals through a2 are full once a2 is taken
    "coffee-legal-cells-2": {"g2", "g4", "g5", "g7"},
    "coffee-gap-1": {"e5|", "e5/", "e5\\"},  # fills the gap of b2 c3 d4 _ f5
    "coffee-win-1": {"c4|", "c4-", "c4/", "c4\\"},
    "coffee-block-1": {"c4|"},
    "coffee-exception-1": {"wins"},
    "coffee-safe-1": {"a1|", "a5-"},
    "coffee-win-2": {"d5|"},
    "coffee-perfect-1": {"b2|"},
    "coffee-pie-1": {"swap"},
    "coffee-pie-2": {"keep"},
    "gipf-legal-1": {"b1-c2"},
    "gipf-pushed-1": {"e2", "e3", "e4"},
    "gipf-pushed-2": {"e2", "e3", "e4", "e5"},
    "gipf-legal-2": {"d1-e2"},
    "gipf-two-rows-2": {"e9-e8"},
    "gipf-cross-1": {"xb2-h5"},
    "gipf-row-1": {"a5-b5", "e1-e2"},
    "gipf-capture-1": {"xe2-e8"},
    "gipf-gift-1": {"b6-c6", "e1-e2"},
    "gipf-keep-1": {"xe2-e5 keep e5"},
    "gipf-two-rows-1": {"a2-b2", "d1-e2", "e1-e2", "f1-e2"},
    "gipf-win-1": {"a1-b2", "a2-b2", "b1-b2"},
    "gipf-trap-1": None,
    "gipf-removed-1": {"e2", "e3", "e4", "e5", "e6"},  # the row e2-e5 and Black's e6 beyond it
    "gipf-keep-2": {"xe2-e5 keep e5", "xe5-h5 keep e5"},  # keep the GIPF piece at the crossing
    "gipf-gift-2": {"b6-c6"},  # shoves d6 onto e6: White's column e3-e6
    "hextiles-cells-1": {"(-1,0)", "(0,-1)", "(1,-1)", "(1,0)"},
    "hextiles-cells-2": {"(-1,0)"},
    "hextiles-turn-1": {"place 111000 at (0,-1) turn 2", "place 111000 at (0,-1) turn 3"},
    "hextiles-reserve-1": {
        f"place 100000 at {cell} turn {k}"
        for cell, turns in [("(-1,0)", "02345"), ("(0,-1)", "12345"), ("(1,-1)", "01234")]
        + [("(1,0)", "0123")]
        for k in turns
    },
    "hextiles-room-1": {"(0,2)"},
    "hextiles-best-1": {"place 111000 at (1,0) turn 0"},
    "hextiles-best-2": {"place 111110 at (-1,0) turn 2"},
    "hextiles-closed-1": {"place 111000 at (-1,1) turn 4"},
    "hextiles-take-1": {"take 111000"},
    "hextiles-best-3": {"place 111000 at (-4,-2) turn 3"},
    "hextiles-score-1": {"28"},
    "hextiles-run-1": {"13"},
    "hextiles-doubled-1": {"no"},  # one gap left in the ring of yellow tiles
    "roaster-keep-out-1": _KEEP_OUT_1,
    "roaster-remove-1": {"remove aroma", "remove body"},
    "roaster-keep-out-2": {
        f"preserve acidity bean4 bean4 for {pair}" for pair in ("exchange", "extra-bean", "select")
    },
    "roaster-make-1": {
        f"concentrate body bean1 bean2 for {pair}" for pair in ("exchange", "select", "tray")
    }
    | {
        f"spread aroma bean4 -> bean1 bean3 for {pair}"
        for pair in ("exchange", "select", "sweetness")
    },
    "roaster-cup-1": {"tray"},
    "roaster-cup-2": {"cup"},
    "roaster-stop-1": {"roast again"},
    "roaster-stop-2": {"stop"},
    "roaster-wild-1": {"wild bean0 bean1"},
    "roaster-slot-1": {
        f"spread aroma bean4 -> {split} for sweetness" for split in ("bean1 bean3", "bean2 bean2")
    },
    "roaster-cup-3": {"cup"},  # a smoke costs 1 in the cup; an empty slot costs 5
    "roaster-stop-3": {"stop"},
    # the cup 2 2 3 smoke aroma 1 hard 3 acidity defect: slots 4, 7 and 10 cost points;
    # roast 11 -> 4, flavor 2 matching -> 3, skill none, penalties 1 + 1 + 2: 3 in all
    "roaster-costs-1": {"cup:3", "cup:6", "cup:9"},
    "roaster-score-1": {"3"},
    "roaster-flavor-1": {"6"},  # aroma, wild for the other aroma, Sweetness for acidity: 3
    "roaster-skill-1": {"2"},  # four level-2 beans; the three level-1 beans do not add
    "roaster-roast-1": {"10"},  # 3 x 2 + 3 x 1 + 3 + Extra bean 2 = 14 -> 10
    # hard, two level-0, level-3 and level-4 beans roast; burnt, defect and aroma do not
    "roaster-roasting-1": {"drawn:0", "drawn:1", "drawn:2", "drawn:3", "drawn:4"},
    "roaster-draws-1": {"10"},  # space 4 -> space 5: draw 10
    "roaster-draws-2": {"10"},  # space 6 draws 11 and adds 2 smoke to a bag of 8
}


def shown(answers: tuple) -> set[str]:
    """The answers as text: a cells puzzle's one set, else each answer's notation."""
    if answers and isinstance(answers[0], frozenset):
        return set(answers[0])
    return {str(a) for a in answers}


# ---------------------------------------------------------------------------------------
# The brute force: each goal checked straight on the engine, without the puzzles module
# ---------------------------------------------------------------------------------------


def turn_can_reach(state, seat, good) -> bool:
    """GIPF: whether ``seat`` can make ``good`` hold once the rows waiting to be removed are
    gone (``seat`` chooses its own removals, the other player's come as they may)."""
    if state.outcome is not None or getattr(state, "phase", "push") != "remove":
        return good(state)
    results = [turn_can_reach(state.play(m), seat, good) for m in state.legal_moves()]
    return any(results) if state.to_move == seat else all(results)


def won(state, seat) -> bool:
    return state.outcome is not None and tuple(state.outcome.winners) == (seat,)


def wins_next_turn(state) -> bool:
    """Whether the player to move can win before their turn is over."""
    seat = state.to_move
    return any(
        turn_can_reach(state.play(m), seat, lambda t: won(t, seat)) for m in state.legal_moves()
    )


@cache
def mover_wins(state) -> bool:
    """Perfect play, Coffee: whether the player to move wins (no draws in Coffee)."""
    if state.outcome is not None:
        return False  # the player who just moved won
    return any(not mover_wins(state.play(m)) for m in state.legal_moves())


def in_focus(p: Puzzle, m) -> bool:
    if not p.focus:
        return True
    if p.game == "coffee":
        return m.cell in p.focus
    if p.game == "gipf":
        return getattr(m, "dot", None) in p.focus
    if p.game == "hextiles":
        words = {m.kind, m.pattern, hextiles.cell_text(m.cell) if m.cell else None}
        return set(p.focus) <= words
    return m.action in p.focus


def tile_fits(figure, pattern) -> set[str]:
    return {
        hextiles.cell_text(cell)
        for cell in figure.frontier()
        for turn in range(6)
        if figure.why_illegal(pattern, cell, turn) is None
    }


def best_after_placing(figure, pattern) -> int:
    best = hextiles.score(figure).total
    for cell in figure.frontier():
        for turn in range(6):
            if figure.why_illegal(pattern, cell, turn) is None:
                best = max(best, hextiles.score(figure.place(pattern, cell, turn)).total)
    return best


ROAST = {
    "hard": "bean0",
    "bean0": "bean1",
    "bean1": "bean2",
    "bean2": "bean3",
    "bean3": "bean4",
    "bean4": "burnt",
}


@cache
def cup_test(card, bag: tuple[str, ...], cup: tuple[str, ...], tray_left: int) -> float:
    """The expected cup score, token by token (bag and cup sorted), each token to the cup
    or the tray as is best."""
    dry = [t for t in bag if t != "moisture"]
    if len(cup) == 10 or not dry:
        return roaster.score(list(cup), card).total
    total = 0.0
    for token, k in Counter(dry).items():
        rest = list(dry)
        rest.remove(token)
        best = cup_test(card, tuple(rest), tuple(sorted((*cup, token))), tray_left)
        if tray_left:
            best = max(best, cup_test(card, tuple(rest), cup, tray_left - 1))
        total += k / len(dry) * best
    return total


def expected(card, bag: list[str], cup: list[str], tray_left: int) -> float:
    return cup_test(card, tuple(sorted(bag)), tuple(sorted(cup)), tray_left)


def tokens(counts: dict[str, int]) -> list[str]:
    return [t for t, k in counts.items() for _ in range(k)]


@cache
def roaster_values(p: Puzzle) -> dict[str, float]:
    s = p.start()
    card = s.rules.card
    tray_left = s.tray_size - len(s.tray)
    bag = tokens(s.bag)
    if p.choices == ("cup", "tray"):
        waiting = tokens(s.aside)
        return {
            "cup": expected(card, bag, s.cup_tokens() + waiting, tray_left),
            "tray": expected(card, bag, s.cup_tokens(), tray_left - 1),
        }
    draw, smoke = s.board.track[s.space + 1]
    bag += ["smoke"] * smoke
    outcomes = []
    for picked in itertools.combinations(range(len(bag)), min(draw, len(bag))):
        roasted = [ROAST.get(bag[i], bag[i]) for i in picked if bag[i] != "moisture"]
        rest = [t for i, t in enumerate(bag) if i not in picked]
        outcomes.append(expected(card, roasted + rest, [], tray_left))
    return {
        "stop": expected(card, bag[: len(bag) - smoke], [], tray_left),
        "roast again": sum(outcomes) / len(outcomes),
    }


def brute_force(p: Puzzle) -> set[str]:
    """The answers of ``p``'s goal, found straight on the engine."""
    s = p.start()
    me = s.to_move
    legal = [m for m in s.legal_moves() if in_focus(p, m)]
    after = {m: s.play(m) for m in legal}
    goal = p.goal
    if goal == "legal-cells":
        return {m.cell for m in s.legal_moves()}
    if goal == "tile-cells":
        return tile_fits(s.figure(), p.focus[0])
    if goal == "pushed":
        line = ["e2", "e3", "e4", "e5", "e6", "e7", "e8"]  # the line e1-e2 pushes along
        assert p.focus == ("e1-e2",)
        return set(itertools.takewhile(lambda spot: s.piece_at(spot), line))
    if goal == "removed":  # the mover's one row, with its extensions
        return {x for r in s.rows() if r.owner == s.to_move for x in r.segment}
    if goal == "still-row":
        return {
            str(m)
            for m, t in after.items()
            if t.to_move == me and any(r.owner == me for r in t.rows())
        }
    if goal == "legal":
        return {str(m) for m in legal}
    if goal == "win":
        return {str(m) for m, t in after.items() if turn_can_reach(t, me, lambda u: won(u, me))}
    if goal == "block":
        return {
            str(m)
            for m, t in after.items()
            if won(t, me) and not t.outcome.line and not t.legal_moves()
        }
    if goal == "safe":
        return {
            str(m)
            for m, t in after.items()
            if turn_can_reach(
                t,
                me,
                lambda u: won(u, me) if u.outcome is not None else not wins_next_turn(u),
            )
        }
    if goal == "perfect":
        return {str(m) for m, t in after.items() if not mover_wins(t)}
    if goal in ("row", "two-rows", "gift"):
        owner = me if goal != "gift" else ("black" if me == "white" else "white")
        need = 2 if goal == "two-rows" else 1
        return {str(m) for m, t in after.items() if sum(r.owner == owner for r in t.rows()) >= need}
    if goal == "removal":
        opp = "black" if me == "white" else "white"
        taken = {m: t.captured(opp) for m, t in after.items()}
        return {str(m) for m, k in taken.items() if k == max(taken.values())}
    if goal == "survive":
        return {str(m) for m, t in after.items() if t.outcome is None or me in t.outcome.winners}
    if goal == "best-score":
        totals = {m: hextiles.score(t.figure(s.player)).total for m, t in after.items()}
        return {str(m) for m, v in totals.items() if v == max(totals.values())}
    if goal == "closed":
        return {str(m) for m, t in after.items() if hextiles.score(t.figure(s.player)).closed}
    if goal == "best-take":
        reach = {m: best_after_placing(s.figure(), m.pattern) for m in legal}
        return {str(m) for m, v in reach.items() if v == max(reach.values())}
    if goal == "keep-out":

        def left(m):
            drawn = s.drawn if m.action == "roast" else after[m].drawn
            return sum(drawn.get(t, 0) for t in p.target)

        return {str(m) for m in legal if left(m) == 0}
    if goal == "make":
        want = Counter(p.target)
        return {
            str(m) for m, t in after.items() if not want - (Counter(t.created) - Counter(s.created))
        }
    if goal == "verdict":
        wins = any(won(t, me) for t in (s.play(m) for m in s.legal_moves()))
        return {"wins"} if wins else {"blocked"}
    if goal == "pie":
        swapped = s.play("swap")
        swap_wins = not mover_wins(swapped)  # the first player moves on as Orange
        keep_wins = any(not mover_wins(s.play(m)) for m in s.legal_moves() if not m.is_swap)
        assert swap_wins != keep_wins  # no draws: exactly one choice wins
        return {"swap"} if swap_wins else {"keep"}
    if goal == "figure-score":  # the score itself is checked against the rulebook elsewhere
        return {str(hextiles.score(s.figure()).total)}
    if goal == "doubled":
        return {"yes" if hextiles.score(s.figure()).closed else "no"}
    if goal == "border-run":
        return {str(hextiles.score(s.figure()).border)}
    if goal == "cup-costs":
        bad = {"hard", "burnt", "smoke", "defect"}
        return {f"cup:{i}" for i, t in enumerate(s.cup) if t in bad}
    if goal == "roast-changes":
        from gamekit.roaster.picture import slot_tokens

        beans = {"hard", "bean0", "bean1", "bean2", "bean3", "bean4"}
        return {k for k, t in slot_tokens(s).items() if k.startswith("drawn:") and t in beans}
    if goal == "next-draw":  # play the round on and count what comes out of the bag
        return {str(sum(s.play("continue").play("draw").drawn.values()))}
    if goal == "cup-score":  # the score itself is checked against the rulebook elsewhere
        return {str(getattr(s.score, p.target[0]))}
    if goal == "expected-score":
        values = roaster_values(p)
        return {c for c, v in values.items() if v >= max(values.values()) - 1e-9}
    raise AssertionError(f"no brute force for the goal {goal!r}")


@pytest.mark.parametrize("p", ALL, ids=IDS)
def test_each_puzzle_has_answers_and_they_are_the_brute_force_ones(p: Puzzle) -> None:
    answers = p.answers()
    assert answers
    assert shown(answers) == brute_force(p)
    if ANSWERS[p.id] is not None:
        assert shown(answers) == ANSWERS[p.id]


def test_the_tournament_trap_is_escaped_by_a_gipf_piece_or_by_breaking_blacks_line() -> None:
    p = puzzles.get("gipf-trap-1")
    gipf_pushes = {str(m) for m in p.start().legal_moves() if m.gipf}
    assert shown(p.answers()) == gipf_pushes | {"d8-e8", "f8-e8"}


def test_the_two_separate_rows_do_not_touch_and_both_are_removed_one_after_the_other() -> None:
    after = puzzles.get("gipf-two-rows-2").start().play("e9-e8")
    first, second = (set(r.segment) for r in after.rows())
    assert not first & second
    grid = gipf.GRID
    touching = {grid.label(n) for s in first for n in grid.neighbours(grid.index(s))}
    assert not touching & second  # no piece of one row is next to a piece of the other
    then = after.play(after.legal_moves()[0])
    assert then.phase == "remove" and then.to_move == "white" and len(then.rows()) == 1


def test_the_crossing_rows_puzzle_breaks_the_other_row_whichever_white_takes() -> None:
    state = puzzles.get("gipf-cross-1").start()
    assert {r.row[0] for r in state.rows()} == {"e2", "e5"} and len(state.legal_moves()) == 2
    for removal in state.legal_moves():
        assert state.play(removal).phase == "push"  # the other row is broken


@pytest.mark.parametrize(
    "pid",
    [
        "roaster-cup-1",
        "roaster-cup-2",
        "roaster-cup-3",
        "roaster-stop-1",
        "roaster-stop-2",
        "roaster-stop-3",
    ],
)
def test_a_roaster_choice_says_the_expected_scores_of_both_choices_when_right(pid: str) -> None:
    p = puzzles.get(pid)
    values = roaster_values(p)
    message = p.check(p.answers()[0]).message
    for value in values.values():
        assert f"{value:.2f}" in message


# ---------------------------------------------------------------------------------------
# Grading
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("p", ALL, ids=IDS)
def test_every_answer_is_graded_right(p: Puzzle) -> None:
    for answer in p.answers():
        grade = p.check(answer)
        assert grade.right, grade.message
        assert grade.message.startswith("Right!")
        assert grade.hint == ""
        if p.kind == "move":
            assert p.check(str(answer)).right  # its notation as well


def wrong_moves(p: Puzzle, limit: int = 12) -> list:
    right = set(p.answers())
    others = [m for m in p.start().legal_moves() if m not in right]
    step = max(1, len(others) // limit)
    return others[::step][:limit]


def illegal_tries(p: Puzzle) -> list[str]:
    """Moves the rules refuse here, for a task whose every legal move is right."""
    s = p.start()
    tries = [f"{cell}{axis}" for cell in s.rod_line() for axis in s.grid.axes]
    return [t for t in tries if s.why_illegal(t) is not None]


MOVE_PUZZLES = [p for p in ALL if p.kind == "move"]


@pytest.mark.parametrize("p", MOVE_PUZZLES, ids=[p.id for p in MOVE_PUZZLES])
def test_other_legal_moves_are_graded_wrong_without_giving_the_answer_away(p: Puzzle) -> None:
    notations = shown(p.answers())
    moves = wrong_moves(p)
    if not moves:  # every legal move is right: the task is to find a legal one
        assert p.goal == "legal"
        moves = [m for m in illegal_tries(p) if p.check(m).message]
    for m in moves:
        grade = p.check(m)
        assert not grade.right
        assert grade.message and grade.hint
        told = grade.message.replace(str(m), "")  # the try itself may hold an answer's text
        for answer in notations:
            assert answer not in told, (m, grade.message)
            assert answer not in grade.hint


@pytest.mark.parametrize("p", ALL, ids=IDS)
def test_hints_and_tasks_never_hold_an_answer(p: Puzzle) -> None:
    if p.kind == "move":
        for answer in shown(p.answers()):
            assert answer not in p.hint
            assert answer not in p.task


@pytest.mark.parametrize("p", ALL, ids=IDS)
def test_each_task_says_who_is_to_move(p: Puzzle) -> None:
    seat = p.start().to_move
    if p.game != "roaster":  # the solo game has one player, "you"
        assert seat[:1].upper() + seat[1:] in p.task


def test_an_illegal_move_is_refused_with_the_rule_in_words() -> None:
    grade = puzzles.get("coffee-block-1").check("a1|")
    assert grade == Grade(
        False, "a1| is not allowed: a1 already holds an Orange stone.", grade.hint
    )
    assert grade.hint


def test_a_refusal_keeps_only_the_rule_and_not_what_would_be_allowed() -> None:
    # The engine would add "Lay the rod along | or \\ instead.", which is this puzzle's answer.
    grade = puzzles.get("coffee-rod-1").check("c4-")
    assert "instead" not in grade.message
    assert "c4- is not allowed" in grade.message


def test_a_legal_move_outside_the_task_says_what_the_task_asks_for() -> None:
    p = puzzles.get("gipf-legal-1")
    assert p.check("c1-c2").message == "c1-c2 is allowed, but the task asks for a push from b1."


def test_a_wrong_move_says_where_it_leads() -> None:
    assert puzzles.get("coffee-block-1").check("c4-").message == (
        "After c4-, Black still has 6 legal moves."
    )
    message = puzzles.get("gipf-keep-1").check("xe2-e5").message
    assert "White has no GIPF piece left on the board" in message
    message = puzzles.get("hextiles-best-1").check("place 111000 at (0,-1) turn 2").message
    assert "scores" in message and "Another move does better" in message


def test_a_gipf_push_in_the_official_form_is_graded_like_the_plain_one() -> None:
    p = puzzles.get("gipf-row-1")
    official = p.start().official("e1-e2")
    assert official != "e1-e2"
    assert p.check(official).right


@pytest.mark.parametrize(
    "pid, answer",
    [
        ("coffee-block-1", "zz"),
        ("coffee-block-1", ""),
        ("coffee-block-1", "k9|"),
        ("gipf-row-1", "e1-x9"),
        ("hextiles-best-1", "place 1111111 at (0,1) turn 0"),
        ("roaster-keep-out-1", "preserve nothing"),
    ],
)
def test_malformed_notation_is_graded_wrong_with_a_message(pid: str, answer: str) -> None:
    grade = puzzles.get(pid).check(answer)
    assert not grade.right
    assert grade.message and grade.hint


@pytest.mark.parametrize(
    "pid, answer",
    [
        ("coffee-block-1", 42),
        ("coffee-block-1", None),
        ("coffee-block-1", gipf.Move.parse("e1-e2")),
        ("coffee-legal-cells-1", "b1"),
        ("coffee-legal-cells-1", 5),
        ("coffee-legal-cells-1", {5}),
        ("coffee-legal-cells-1", {"b1": True}),
        ("coffee-pie-1", 1),
        ("coffee-pie-1", ["swap"]),
    ],
)
def test_an_answer_of_the_wrong_type_is_a_type_error(pid: str, answer: object) -> None:
    with pytest.raises(TypeError):
        puzzles.get(pid).check(answer)


def test_a_move_answer_may_be_a_move_of_the_game() -> None:
    assert puzzles.get("coffee-block-1").check(coffee.Move("c4", "|")).right
    assert puzzles.get("hextiles-take-1").check(hextiles.Move.take("111000")).right
    assert puzzles.get("roaster-remove-1").check(roaster.Move.parse("remove body")).right


def test_cells_must_be_the_whole_set_and_missing_ones_are_counted_not_named() -> None:
    p = puzzles.get("coffee-legal-cells-1")
    grade = p.check(["b1", "b2", "b4"])
    assert grade.message == "Not quite: 1 cell is missing."
    assert "b5" not in grade.message
    grade = p.check({"b1", "b2", "b4", "b5", "a1"})
    assert (
        grade.message
        == "Not quite: 1 cell does not belong: a1 is not allowed: a1 is not on the rod's line."
    )
    assert p.check(set()).message == "Not quite: 4 cells are missing."
    assert p.check(["B1 ", "b2", "b4", "b5", "b4"]).right  # case, spaces and repeats


def test_cells_that_are_not_cell_names_are_graded_wrong() -> None:
    assert puzzles.get("coffee-legal-cells-1").check({"zz"}).message == "'zz' is not a cell name."
    assert not puzzles.get("gipf-pushed-1").check({"j5"}).right


def test_hex_tiles_cells_may_be_pairs_or_text() -> None:
    p = puzzles.get("hextiles-cells-1")
    assert p.check({(-1, 0), "(0,-1)", " ( 1 , -1 ) ", "(1,0)"}).right
    grade = puzzles.get("hextiles-cells-2").check({(-1, 0), (0, -1), (0, 0)})
    assert "(0,0) already holds a tile" in grade.message
    assert "no turn of the brown tile fits on (0,-1)" in grade.message


def test_the_room_puzzle_cells_are_where_any_tile_of_the_set_fits() -> None:
    # A red tile has five blank sides, so it fits wherever any tile fits: the cells where
    # it fits are the figure's room (the end of the game when no figure has any).
    p = puzzles.get("hextiles-room-1")
    figure = p.start().figure()
    anywhere = set().union(*(tile_fits(figure, t.marks) for t in hextiles.PATTERNS))
    assert anywhere == set(p.answers()[0]) and figure.has_room()
    assert len(figure.frontier()) > 3 * len(anywhere)


def test_reserve_tiles_may_be_placed_before_taking() -> None:
    p = puzzles.get("hextiles-reserve-1")
    s = p.start()
    assert s.must_take and s.reserve() == ("100000",)
    after = s.play(p.answers()[0])
    assert after.must_take and after.reserve() == ()
    message = p.check("take " + s.market[0]).message
    assert "the task asks for placing the red tile from the reserve" in message


def test_a_choice_is_one_of_the_labels_in_any_case() -> None:
    p = puzzles.get("coffee-pie-1")
    assert p.choices == ("swap", "keep")
    assert p.check("  Swap ").right
    grade = p.check("maybe")
    assert grade.message == "'maybe' is not one of the choices: swap or keep."
    assert not p.check("keep").right


def test_the_pie_rule_choice_explains_perfect_play() -> None:
    message = puzzles.get("coffee-pie-2").check("keep").message
    assert message == (
        "Right! After a swap, the player who swaps takes over the stone on b2 and loses with "
        "perfect play; playing on as Orange, the player who replies wins with perfect play."
    )


def test_the_gap_puzzle_is_won_in_the_middle_of_the_row_not_at_its_end() -> None:
    # docs/rules/coffee.md, "End": the winning row is unbroken, so the gap must be filled.
    p = puzzles.get("coffee-gap-1")
    line = p.start().play("e5|").outcome.line
    assert line == ("b2", "c3", "d4", "e5", "f5") and line.index("e5") not in (0, len(line) - 1)


def test_the_rod_puzzle_on_a2_refuses_both_diagonals_with_the_rule() -> None:
    p = puzzles.get("coffee-rod-2")
    for move in ("a2/", "a2\\"):
        assert "would have no empty cell left" in p.check(move).message


def test_the_winning_exception_is_a_win_not_a_block() -> None:
    p = puzzles.get("coffee-exception-1")
    assert p.check("blocked").message == "Not quite: Black is not blocked: 4 legal moves."
    assert "Black made a line of 4" in p.check("wins").message


# ---------------------------------------------------------------------------------------
# Attempts
# ---------------------------------------------------------------------------------------


def test_attempts_offer_the_hint_after_the_first_wrong_try() -> None:
    p = puzzles.get("coffee-block-1")
    a = Attempts(p)
    assert a.hint == ""
    grade = a.check("c4-")
    assert not grade.right and grade.hint == p.hint == a.hint
    assert (a.tries, a.wrong, a.solved, a.revealed) == (1, 1, False, False)


def test_attempts_reveal_the_answer_after_three_wrong_tries() -> None:
    p = puzzles.get("coffee-block-1")
    a = Attempts(p)
    first = a.check("c4-")
    second = a.check("d5-")
    assert "c4|" not in first.message + second.message and not a.revealed
    third = a.check("a1|")
    assert third.message.endswith(p.solution())
    assert p.solution().startswith("The answer: c4|.") and a.revealed


def test_attempts_reveal_when_asked() -> None:
    a = Attempts(puzzles.get("coffee-win-1"))
    assert a.reveal() == "Every right answer: c4|, c4-, c4/ or c4\\."
    assert a.revealed and a.tries == 0


def test_a_right_try_solves_and_is_counted() -> None:
    a = Attempts(puzzles.get("gipf-keep-1"))
    a.check("xe2-e5")
    grade = a.check("xe2-e5 keep e5")
    assert grade.right and a.solved and (a.tries, a.wrong) == (2, 1)
    assert repr(a) == "Attempts('gipf-keep-1', tries=2, wrong=1, solved=True, revealed=False)"
    a.reset()
    assert repr(a) == "Attempts('gipf-keep-1', tries=0, wrong=0, solved=False, revealed=False)"


def test_a_try_of_the_wrong_type_is_refused_and_not_counted() -> None:
    a = Attempts(puzzles.get("coffee-block-1"))
    with pytest.raises(TypeError):
        a.check(3.5)
    assert a.tries == 0


def test_attempts_can_reveal_sooner_or_later() -> None:
    p = puzzles.get("coffee-pie-1")
    a = Attempts(p, reveal_after=1)
    assert a.check("keep").message.endswith(
        "The answer: swap. After a swap, the player who swaps takes over the stone on b1 and "
        "wins with perfect play."
    )
    with pytest.raises(ValueError, match="reveal_after"):
        Attempts(p, reveal_after=0)
    with pytest.raises(TypeError, match="reveal_after"):
        Attempts(p, reveal_after="3")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="puzzle must be a Puzzle"):
        Attempts("coffee-pie-1")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------
# The collection
# ---------------------------------------------------------------------------------------


def test_each_game_has_a_ladder_of_at_least_eight_puzzles_ending_in_decisions() -> None:
    assert set(PUZZLES) == {g for g in GAMES if own_part(g, "puzzles")}
    for game, ladder in PUZZLES.items():
        levels = [p.level for p in ladder]
        assert len(ladder) >= 8, game
        assert levels == sorted(levels), game
        assert levels[0] == 1 and levels[-1] == 5, game
        assert all(p.game == game and p.id.startswith(game + "-") for p in ladder)


def test_puzzle_ids_are_unique_and_found_by_get() -> None:
    assert len(set(IDS)) == len(IDS)
    for p in ALL:
        assert puzzles.get(p.id) is p


def test_an_unknown_id_is_a_value_error_naming_the_known_ones() -> None:
    with pytest.raises(ValueError, match="no puzzle has the id 'coffee-nope'.*coffee-block-1"):
        puzzles.get("coffee-nope")
    with pytest.raises(TypeError):
        puzzles.get(3)


def test_repr_is_stable() -> None:
    p = puzzles.get("coffee-block-1")
    assert repr(p) == "Puzzle('coffee-block-1', level=2, kind='move', goal='block')"
    assert repr(Grade(True, "Right!")) == "Grade(right=True, message='Right!', hint='')"


def test_a_puzzle_starts_from_the_same_position_every_time() -> None:
    for p in ALL:
        fresh = dataclasses.replace(p)  # a new puzzle, nothing remembered
        assert fresh.start() == p.start()
        # only a question about a finished cup starts from a finished game
        assert (fresh.start().outcome is None) != (p.goal in ("cup-costs", "cup-score"))


def test_grades_and_puzzles_cannot_be_changed() -> None:
    grade = Grade(False, "no", "try")
    with pytest.raises(dataclasses.FrozenInstanceError):
        grade.right = True  # type: ignore[misc]
    assert not grade and Grade(True, "yes")
    with pytest.raises(dataclasses.FrozenInstanceError):
        puzzles.get("coffee-block-1").level = 3  # type: ignore[misc]


def test_each_kind_and_goal_is_known() -> None:
    assert puzzles.KINDS == ("move", "cells", "choice")
    for p in ALL:
        assert puzzles.GOALS[p.goal] == p.kind


@pytest.mark.parametrize(
    "change, words",
    [
        ({"id": "Bad id"}, "id must be words joined by hyphens"),
        ({"level": 6}, "level must be 1 to 5"),
        ({"kind": "guess"}, "kind must be one of"),
        ({"goal": "pie"}, "goal is one of"),
        ({"hint": " "}, "hint must be a sentence"),
        ({"choices": ("a", "b")}, "has choices"),
        ({"focus": ("c4",)}, "says it in words"),
        ({"game": "gipf"}, "rules of 'coffee'"),
    ],
)
def test_a_puzzle_with_a_bad_field_is_refused(change: dict, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        dataclasses.replace(puzzles.get("coffee-block-1"), **change)


@pytest.mark.parametrize(
    "pid, field",
    [
        ("roaster-make-1", "target"),
        ("hextiles-cells-1", "focus"),
        ("roaster-cup-1", "moves_of_choices"),
    ],
)
def test_a_puzzle_without_what_its_goal_reads_is_refused(pid: str, field: str) -> None:
    p = puzzles.get(pid)
    blank = {field: (), "about": p.about} if field != "focus" else {"focus": (), "about": ""}
    with pytest.raises(ValueError, match=f"needs {field}"):
        dataclasses.replace(p, **blank)


def test_a_hex_tiles_puzzle_shows_the_tile_its_task_says_a_player_has() -> None:
    """The lessons audit found a task about a brown tile over a picture whose reserve held a
    red one (the puzzle reused another's position): every task that says a player has or
    has taken a tile must show that tile, of that colour, in the mover's reserve."""
    import re

    from gamekit.hextiles import COLOURS
    from gamekit.hextiles import puzzles as hex_puzzles

    claims = 0
    for puzzle in hex_puzzles.PUZZLES:
        said = re.search(r"Player (\d) has (?:taken )?an? (\w+) tile", puzzle.task)
        if said is None:
            continue
        claims += 1
        state = puzzle.start()
        player, colour = int(said.group(1)), said.group(2)
        assert state.to_move == f"player {player}", puzzle.id
        tile = puzzle.focus[0]
        assert tile in state.reserves[player - 1], (puzzle.id, tile, state.reserves)
        assert COLOURS[tile.count("1")] == colour, (puzzle.id, tile, colour)
    assert claims >= 2


def test_no_try_at_coffees_perfect_play_puzzle_answers_a_pie_puzzle_after_it() -> None:
    """A wrong try at the perfect-play puzzle says who wins after the move tried; none of
    those positions may be one a pie puzzle later in the ladder asks about ("Black opened
    b2|: swap or keep?" was answered by trying b2| as an opening)."""
    perfect = puzzles.get("coffee-perfect-1")
    start = perfect.start()

    def look(state) -> tuple:
        return tuple(sorted((c, state.stone_at(c)) for c in state.grid.labels)), str(state.rod)

    told = {look(start.play(m)) for m in start.legal_moves()}
    for pid in ("coffee-pie-1", "coffee-pie-2"):
        assert look(puzzles.get(pid).start()) not in told, pid
