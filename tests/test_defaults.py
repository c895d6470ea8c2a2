"""The registry owns every default (issue: the kit keeps its own promises): a part a game
does not declare comes from one table, ``game.KIT_PARTS``, through ``game.part``; every
caller (pictures, boards, puzzles, words, the guided game, the players) gets the same one,
and no other module decides a fallback of its own."""

from __future__ import annotations

import ast
import types
from dataclasses import dataclass
from pathlib import Path

import pytest
from outside_game import Lines

import gamekit
from gamekit import guide, plainwords, render, words
from gamekit.game import KIT_PARTS, Notation, on_grid, part
from gamekit.goals import move_class_of
from gamekit.guide import Objective
from gamekit.playing import PLAIN_STRATEGY, strategy
from gamekit.puzzles import puzzle
from gamekit.render import grid as grid_picture
from gamekit.widgets import GridBoard, board_for

ROOT = Path(gamekit.__file__).parent


def test_a_game_that_declares_nothing_gets_the_kits_parts_from_one_table() -> None:
    rules = Lines()
    assert part(rules, "picture") is grid_picture
    assert part(rules, "board") is GridBoard
    assert part(rules, "words") is plainwords
    assert part(rules, "move") is Notation
    assert part(rules, "strategy") is PLAIN_STRATEGY
    assert set(KIT_PARTS) == {"picture", "board", "words", "strategy", "move", "examples"}
    # and every caller reads that one answer
    state = rules.replay(["a1"])
    assert isinstance(board_for(rules), GridBoard)
    assert words.position_words(state) == plainwords.position_words(state)
    assert move_class_of(state) is Notation and strategy(state) is PLAIN_STRATEGY
    assert render.png(state).startswith(b"\x89PNG")


def test_a_declared_part_wins_over_the_kits() -> None:
    assert part("coffee", "board").__name__ == "CoffeeBoard"
    assert part("coffee", "move") is gamekit.coffee.Move
    assert part("coffee", "words").__name__ == "gamekit.coffee.words"


def test_a_grid_part_is_given_only_to_a_game_on_a_grid_and_the_refusal_says_why() -> None:
    @gamekit.register
    @dataclass(frozen=True)
    class NoGrid(Lines):
        game = "lines-test-defaults-nogrid"

        @property
        def grid(self):
            return None

    assert not on_grid(NoGrid()) and on_grid(Lines()) and on_grid("lines-test")
    with pytest.raises(TypeError, match="has no board: declare one.*its rules have no grid"):
        part(NoGrid(), "board")
    assert part(NoGrid(), "board", None) is None
    # the kit's words and move class suit every game
    assert part(NoGrid(), "words") is plainwords
    with pytest.raises(ValueError, match="a game's parts are picture, board"):
        part(Lines(), "sound")


def test_the_guided_game_of_a_game_without_a_board_gets_the_kits_board() -> None:
    """The outside game's guided first game failed ("declares no board") although the kit
    gives it a board everywhere else."""
    centre = Objective(
        "centre",
        "Put a stone on b2.",
        lambda step: str(step.move) == "b2",
        "The middle cell touches the most lines.",
    )
    with pytest.raises(TypeError, match="the order is Objective"):
        Objective("centre", "Put a stone on b2.", "The middle cell", lambda step: True)
    own = types.ModuleType("lines_guide")
    own.OBJECTIVES = (centre,)  # type: ignore[attr-defined]
    own.RULES = Lines(size=3)  # type: ignore[attr-defined]

    @gamekit.register(guide=own)
    @dataclass(frozen=True)
    class Guided(Lines):
        game = "lines-test-guided"

    board = guide.first_game("lines-test-guided")
    assert isinstance(board, GridBoard)
    board.click("b2")
    assert board.guide.reached == ["centre"]


def test_a_puzzle_on_a_game_without_a_move_class_reads_clicks_as_notation() -> None:
    state = Lines(size=3).replay(["a1", "b1", "a2", "b2"])
    asked = puzzle(state, "win", task="Win at once.", hint="Finish a line.")
    board = asked.board()
    assert isinstance(board, GridBoard)
    board.click("c2")
    assert board.grade is not None and not board.grade.right
    board.click("a3")
    assert board.grade.right


def _calls_with_a_default(source: str) -> list[str]:
    """``part(obj, kind, default)`` calls in ``source`` whose kind has a kit default."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "part"):
            continue
        kind = node.args[1] if len(node.args) > 1 else None
        has_default = len(node.args) > 2 or any(k.arg == "default" for k in node.keywords)
        if has_default and isinstance(kind, ast.Constant) and kind.value in KIT_PARTS:
            found.append(f"line {node.lineno}: part(..., {kind.value!r}, ...)")
    return found


def test_the_check_for_a_second_default_finds_one() -> None:
    assert _calls_with_a_default('x = part(s, "board", None)\ny = part(s, "guide", None)') == [
        "line 1: part(..., 'board', ...)"
    ]


@pytest.mark.parametrize(
    "module", sorted(str(p.relative_to(ROOT)) for p in ROOT.rglob("*.py") if p.name != "game.py")
)
def test_no_module_but_the_registry_decides_a_default_part(module: str) -> None:
    assert _calls_with_a_default((ROOT / module).read_text()) == []
