"""A sixth game runs through the whole generic suite with no edit to it: a throw-away game
(``tests/sixth_game.py``: its rules and its examples, nothing else) is added with
``GAMEKIT_TEST_GAMES`` and the generic tests run on it as on gamekit's own games: the
contract, words, records, players, boards, pictures and the fuzzers."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).parent

#: The generic test modules: each loops over the suite's games (tests/suite.py).
GENERIC = [
    "test_contract.py",
    "test_check_game.py",
    "test_words.py",
    "test_records.py",
    "test_players.py",
    "test_board_levels.py",
    "test_sim.py",
    "test_alt_text.py",
    "test_widgets.py",
    "test_hardening.py",
    "test_fuzz.py",
]


@pytest.fixture(scope="module")
def sixth_run() -> str:
    environ = dict(os.environ, GAMEKIT_TEST_GAMES="sixth_game", MPLBACKEND="Agg")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rA", "-p", "no:cacheprovider", "-k", "corners"]
        + [str(TESTS / m) for m in GENERIC],
        cwd=TESTS.parent,
        env=environ,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    return done.stdout


def test_every_generic_module_runs_on_a_sixth_game_and_passes(sixth_run: str) -> None:
    passed = re.findall(r"^PASSED tests/(\w+\.py)::", sixth_run, re.MULTILINE)
    assert set(passed) == set(GENERIC), sorted(set(GENERIC) - set(passed))
    assert len(passed) >= 40
    assert not re.search(r"^(FAILED|ERROR) ", sixth_run, re.MULTILINE)


def test_without_the_setting_the_suite_runs_on_gamekits_own_games_only() -> None:
    from suite import GAMES

    import gamekit

    assert GAMES[: len(gamekit.game.shipped_games())] == gamekit.game.shipped_games()
    if not os.environ.get("GAMEKIT_TEST_GAMES"):
        assert GAMES == gamekit.game.shipped_games() and "corners-sixth" not in GAMES
