"""The kit reads only the contract: the generic modules name no game and import no game
module (the registry's one list of gamekit's own games aside). A game's knowledge lives in
its own package, declared where it registers."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from pathlib import Path

import pytest

import gamekit
from gamekit.game import shipped_games as _shipped

GAMES = _shipped()

ROOT = Path(gamekit.__file__).parent
#: The modules that must work for any game: they read only the contract.
GENERIC = [
    "game.py",
    "checks.py",
    "classroom.py",
    "values.py",
    "text.py",
    "players.py",
    "playing.py",
    "pictured.py",
    "plainwords.py",
    "contract.py",
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
    "design/panel.py",
    "hub.py",
]
#: A game named in code: its package (its name as a word) or its title, for every shipped game.
_NAMES = {n for g in GAMES for n in (g, gamekit.game.facts(g).title.lower())}
NAMED = re.compile(r"\b(" + "|".join(sorted(map(re.escape, _NAMES))) + r")\b", re.IGNORECASE)


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


def _layered() -> list[str]:
    """The modules and packages named in the import-linter layers (pyproject.toml)."""
    config = tomllib.loads((ROOT.parent / "pyproject.toml").read_text())
    contracts = config["tool"]["importlinter"]["contracts"]
    layers = next(c["layers"] for c in contracts if c["type"] == "layers")
    return [name.strip() for layer in layers for name in re.split(r"[|:]", layer)]


def test_every_module_of_the_kit_has_its_layer() -> None:
    """A new module must be placed in a layer (pyproject.toml), or import-linter would not
    check its imports."""
    named = set(_layered())
    rooms = {
        f"gamekit.{p.stem}" for p in ROOT.iterdir() if p.suffix == ".py" and p.stem != "__init__"
    } | {f"gamekit.{p.name}" for p in ROOT.iterdir() if (p / "__init__.py").exists()}
    assert sorted(rooms - named) == []
    assert sorted(named - rooms) == []


def test_no_module_of_the_kit_imports_itself_through_others() -> None:
    """No import circle anywhere, not even inside a game's folder: a game's helpers (its
    tables, moves, words) sit below its rules, and a helper that must know a state checks
    for the marker the state inherits (``coffee.moves.Position``) instead of importing it."""
    import grimp

    graph = grimp.build_graph("gamekit", exclude_type_checking_imports=True)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))
    circles = _strongly_connected(
        {m: graph.find_modules_directly_imported_by(m) for m in graph.modules}
    )
    assert [sorted(c) for c in circles] == []


def test_the_circle_check_finds_a_circle() -> None:
    found = _strongly_connected({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}})
    assert [sorted(c) for c in found] == [["a", "b", "c"]]


def _strongly_connected(edges: dict[str, set[str]]) -> list[set[str]]:
    """The import circles of ``edges`` (module -> the modules it imports): Tarjan's
    strongly connected components of more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(component)

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def _game_named_by(node: ast.AST, names: set[str]) -> str | None:
    """The shipped game an element of a literal collection stands for: its name as text,
    its module (``coffee``, ``coffee.Rules(...)``), or a ``pytest.param(..., id=name)``."""
    if isinstance(node, ast.Constant) and node.value in names:
        return str(node.value)
    if isinstance(node, ast.Call):
        for k in node.keywords:
            if k.arg == "id" and isinstance(k.value, ast.Constant) and k.value.value in names:
                return str(k.value.value)
        node = node.func
    while isinstance(node, ast.Attribute | ast.Call | ast.Subscript):
        node = node.func if isinstance(node, ast.Call) else node.value
    if isinstance(node, ast.Name) and node.id in names:
        return node.id
    return None


def hand_lists(source: str, names: set[str]) -> list[int]:
    """The lines of literal lists, tuples, sets and dicts (keys) in ``source`` that name
    three or more of the shipped games one by one."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.List | ast.Tuple | ast.Set):
            items = list(node.elts)
        elif isinstance(node, ast.Dict):
            items = [k for k in node.keys if k is not None]
        else:
            continue
        named = {_game_named_by(e, names) for e in items} - {None}
        if len(named) >= 3:
            found.append(node.lineno)
    return found


def test_the_hand_list_check_finds_a_list_of_games() -> None:
    names = set(GAMES)
    code = (
        'A = ("coffee", "gipf", "hextiles")\n'
        "B = {'coffee': 1, 'gipf': 2, 'roaster': 3}\n"
        "C = [coffee.Rules(), gipf.Rules(variant='basic'), hextiles.Rules()]\n"
        "D = ['coffee-win-1', 'gipf-row-1', 'hextiles-cells-1']\n"
    )
    assert hand_lists(code, names) == [1, 2, 3]


def test_the_tests_and_benchmarks_loop_over_the_registry_not_hand_lists() -> None:
    """A new shipped game is tested everywhere without editing tables: at most two
    hand-written lists of the shipped games are left in tests/ and benchmarks/."""
    names = set(GAMES)
    found = [
        f"{path.relative_to(ROOT.parent)}:{line}"
        for folder in ("tests", "benchmarks")
        for path in sorted((ROOT.parent / folder).rglob("*.py"))
        for line in hand_lists(path.read_text(), names)
    ]
    assert len(found) <= 2, found
