"""benchmarks/strength.py keeps a record it can resume and report from (the figures it
prints are measured, never asserted)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).parent.parent / "benchmarks" / "strength.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300
    )


def test_record_resumes_and_reports(tmp_path: Path) -> None:
    record = tmp_path / "games.jsonl"
    common = ["--only", "coffee", "--pairs", "beginner:random", "--timing-games", "0"]
    first = run(*common, "--games", "3", "--workers", "1", "--record", str(record))
    assert first.returncode == 0, first.stderr
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    assert sorted(g["i"] for g in lines) == [0, 1, 2]
    assert [g["hi_seat"] for g in sorted(lines, key=lambda g: g["i"])] == [0, 1, 0]
    assert {g["result"] for g in lines} <= {"win", "loss", "draw"}
    # a longer run plays only the games the record lacks
    more = run(*common, "--games", "4", "--workers", "1", "--record", str(record))
    assert more.returncode == 0, more.stderr
    assert "(1 games of Coffee" in more.stdout
    assert len(record.read_text().splitlines()) == 4
    report = run("--report", str(record), "--only", "coffee")
    assert report.returncode == 0, report.stderr
    assert "| beginner | random | 4 |" in report.stdout


def test_corrupt_record_and_unknown_level_are_named(tmp_path: Path) -> None:
    record = tmp_path / "games.jsonl"
    good = {"game": "coffee", "hi": "club", "lo": "random", "i": 0, "hi_seat": 0}
    good |= {"result": "win", "length": 40, "seconds": 1.0}
    record.write_text(json.dumps(good) + "\nnot json\n")
    bad = run("--report", str(record))
    assert bad.returncode != 0
    assert "line 2: not a game record" in bad.stderr
    unknown = run("--only", "coffee", "--pairs", "strong:novice", "--games", "1")
    assert unknown.returncode != 0
    assert "unknown level 'novice'" in unknown.stderr
    record.write_text('{"game": "coffee", "hi": "club"}\n')
    short = run("--report", str(record))
    assert "line 1: not a game record (no hi_seat, i, length, lo, result, seconds)" in short.stderr
