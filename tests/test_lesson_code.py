"""The rules lessons (every lesson named for a game) show no code: a learner reads words and
pictures and answers on the boards; every code cell's source is hidden (its output stays).
The design lessons and lesson 16, for programmers, show theirs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from suite import GAMES

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
RULES_LESSONS = sorted(
    p for p in NOTEBOOKS.glob("*.ipynb") if any(f"_{game}_" in p.name for game in GAMES)
)


def test_every_game_has_rules_lessons() -> None:
    assert len(RULES_LESSONS) >= 17


@pytest.mark.parametrize("lesson", RULES_LESSONS, ids=lambda p: p.stem)
def test_a_rules_lesson_shows_no_code(lesson: Path) -> None:
    cells = json.loads(lesson.read_text(encoding="utf-8"))["cells"]
    shown = [
        k
        for k, cell in enumerate(cells)
        if cell["cell_type"] == "code"
        and not cell.get("metadata", {}).get("jupyter", {}).get("source_hidden")
    ]
    assert not shown, f"{lesson.name}: code cells {shown} show their code"
