"""The kit reads only the contract: the generic modules name no game and import no game
module (the registry's one list of gamekit's own games aside). A game's knowledge lives in
its own package, declared where it registers."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import gamekit

ROOT = Path(gamekit.__file__).parent
#: The modules that must work for any game: they read only the contract.
GENERIC = [
    "game.py",
    "checks.py",
    "classroom.py",
    "values.py",
    "text.py",
    "players.py",
    "search.py",
    "levels.py",
    "puzzles.py",
    "goals.py",
    "guide.py",
    "sim.py",
    "records.py",
    "stats.py",
    "perft.py",
    "render/__init__.py",
    "render/board.py",
    "render/grid.py",
    "words.py",
    "widgets/grid.py",
    "widgets/base.py",
    "widgets/computer.py",
    "widgets/panel.py",
    "widgets/history.py",
    "widgets/view.py",
    "widgets/keys.py",
    "widgets/puzzle.py",
    "widgets/ladder.py",
    "widgets/objectives.py",
    "design/__init__.py",
    "design/arguments.py",
    "design/measures.py",
    "design/compare.py",
    "design/skill.py",
    "design/figures.py",
    "design/ludii.py",
    "design/lead.py",
    "hub.py",
]
GAMES = ("coffee", "gipf", "hextiles", "roaster")
#: A game named in code: its package, its name as a word, its title.
NAMED = re.compile(r"\b(coffee|gipf|hextiles|roaster|hex tiles)\b", re.IGNORECASE)


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes (they may show a game as an example, run as doctests)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def naming_games(source: str) -> list[str]:
    """Where ``source`` names a game outside its docstrings and comments: an import of a game
    module, a name, an attribute or a text constant."""
    tree = ast.parse(source)
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            words = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            words = [node.module or ""] + [a.name for a in node.names]
        elif isinstance(node, ast.Name):
            words = [node.id]
        elif isinstance(node, ast.Attribute):
            words = [node.attr]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in docs:
                continue
            words = [node.value]
        else:
            continue
        for word in words:
            if NAMED.search(word.replace("_", " ").replace(".", " ")):
                found.append(f"line {node.lineno}: {word[:60]!r}")
    return found


def test_the_check_finds_a_game_named_in_code_but_not_in_a_docstring() -> None:
    code = '"""Plays Coffee."""\nfrom gamekit import gipf\nx = "hextiles"\nif game == "roaster": pass\n'
    assert [f.split(":")[0] for f in naming_games(code)] == ["line 2", "line 3", "line 4"]
    assert naming_games('"""Coffee, GIPF, Hex Tiles."""\nx = 1\n') == []


@pytest.mark.parametrize("module", GENERIC)
def test_a_generic_module_names_no_game(module: str) -> None:
    source = (ROOT / module).read_text()
    if module == "game.py":  # the registry's one list of gamekit's own games
        start = source.index("_SHIPPED = {")
        end = source.index("}", start) + 1
        source = source[:start] + "_SHIPPED = {}" + source[end:]
    assert naming_games(source) == []


def test_each_game_declares_its_parts_where_it_registers() -> None:
    for game in GAMES:
        facts = gamekit.game.facts(game)
        assert facts.title and facts.move is not None
        for kind in gamekit.game.PART_KINDS:
            where = getattr(facts, kind)
            if where is not None:
                assert where.startswith(f"gamekit.{game}."), (game, kind, where)
                assert gamekit.game.part(game, kind) is not None
