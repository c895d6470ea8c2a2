"""Hardening round 3 (issue #40): the design lab, puzzles on any game, make demo's settings
and the school hub refuse what is unsafe or cannot be answered, in words, and lose nothing.
One test (or a few) per finding; each failed before its fix."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from gamekit import coffee, puzzles
from gamekit.classroom import room_settings
from gamekit.hub import hub_settings, keep_private, reachable, system_name

ROOT = Path(__file__).resolve().parents[1]
APPS = ROOT / "apps"
GB = 2**30


# -- a "perfect" puzzle the engine cannot answer ------------------------------------------


def test_a_perfect_puzzle_from_a_position_too_large_is_refused_in_words_and_soon() -> None:
    begin = time.perf_counter()
    with pytest.raises(ValueError, match="more than 200,000 positions.*nearer the end"):
        puzzles.puzzle(coffee.Rules(board="square", size=4).start(), "perfect", task="t", hint="h")
    assert time.perf_counter() - begin < 60  # bounded (a few seconds), not a search for minutes


def test_a_perfect_puzzle_on_a_game_with_draws_is_refused_in_words() -> None:
    from outside_game import Lines

    with pytest.raises(ValueError, match="end with one winner.*'win' or 'safe'"):
        puzzles.puzzle(Lines(shape="square", size=3, line=3).start(), "perfect", task="t", hint="h")


def test_a_perfect_puzzle_that_can_be_answered_answers_at_once() -> None:
    state = coffee.Rules(board="square", size=4, n=3).replay(["a3|", "a4|", "a2\\", "b1-"])
    p = puzzles.puzzle(state, "perfect", task="Black to win.", hint="Three in a row.")
    begin = time.perf_counter()
    answers = p.answers()
    assert answers and time.perf_counter() - begin < 5
    assert all(p.check(m).right for m in answers)


# -- make demo's settings -----------------------------------------------------------------


@pytest.mark.parametrize(
    "environ, words",
    [
        ({"DEMO_CLASS": "coffee:10000"}, "asks for 10000 students, more than the room holds"),
        ({"DEMO_POOL": "10000"}, "DEMO_POOL=10000: give a whole number from 0 to 10"),
        ({"DEMO_MAX": "-1"}, "DEMO_MAX=-1: give a whole number from 1 to 1000"),
        ({"DEMO_MAX": "many"}, "DEMO_MAX='many' is not a whole number"),
        ({"DEMO_CULL": "0"}, "DEMO_CULL=0: give a whole number from 10"),
        ({"DEMO_CULL": "nan"}, "DEMO_CULL='nan' is not a whole number"),
        ({"DEMO_REFILL": "nan"}, "DEMO_REFILL=nan: give seconds from 0 to 3600"),
        ({"DEMO_REFILL": "soon"}, "DEMO_REFILL='soon' is not a number"),
        ({"DEMO_MAX": "1000"}, "about 55 fit"),
        ({"DEMO_CLASS": "coffee:50", "DEMO_MAX": "50"}, "could start 104 kernels"),
    ],
)
def test_make_demo_refuses_settings_that_are_not_numbers_or_do_not_fit(environ, words) -> None:
    with pytest.raises(ValueError, match=words):
        room_settings(environ, APPS, free=8 * GB)


def test_make_demo_takes_settings_that_fit() -> None:
    room = room_settings({"DEMO_CLASS": "coffee:20", "DEMO_MAX": "20"}, APPS, free=8 * GB)
    assert room.room_class == ("coffee.ipynb", 20) and room.room_size == 20 and room.refill == 90


# -- the school hub -----------------------------------------------------------------------

STRONG = "x" * 32


@pytest.mark.parametrize(
    "environ, words",
    [
        ({"HUB_IP": "0.0.0.0"}, "without HUB_PASSWORD anyone could log in"),
        ({"HUB_IP": "10.1.2.3", "HUB_PASSWORD": "short"}, "8 characters or more"),
        ({"HUB_TEACHER": "ms-lee"}, "anyone who types the teacher's name"),
        ({"HUB_TEACHER": "ms-lee", "HUB_PASSWORD": "coffee-and-gipf"}, "HUB_TEACHER_PASSWORD"),
        (
            {
                "HUB_TEACHER": "ms-lee",
                "HUB_PASSWORD": "coffee-and-gipf",
                "HUB_TEACHER_PASSWORD": "short",
            },
            "32 characters or more",
        ),
        ({"HUB_PORT": "eighty"}, "HUB_PORT='eighty' is not a whole number"),
        ({"HUB_PORT": "-1"}, "HUB_PORT=-1: give a whole number from 1 to 65535"),
        ({"HUB_IDLE": "0"}, "HUB_IDLE=0: give a whole number from 60"),
    ],
)
def test_the_hub_refuses_settings_that_would_let_anyone_in(environ, words) -> None:
    with pytest.raises(ValueError, match=words):
        hub_settings(environ, root=True)


def test_a_hub_on_the_network_needs_an_account_per_student() -> None:
    network = {"HUB_IP": "0.0.0.0", "HUB_PASSWORD": "coffee-and-gipf"}
    with pytest.raises(ValueError, match="does not run as root.*hub's own account"):
        hub_settings(network, root=False)
    assert hub_settings(network, root=True).separate_accounts
    teacher = {**network, "HUB_TEACHER": "ms-lee", "HUB_TEACHER_PASSWORD": STRONG}
    assert hub_settings(teacher, root=True).teacher == "ms-lee"


def test_students_get_accounts_of_their_own_names() -> None:
    assert system_name("ada") == "gk-ada"
    assert system_name("a.b") != system_name("a-b")  # two names, two accounts
    assert all(len(system_name(n)) <= 32 for n in ("x" * 200, "Zoë", "ада"))


def test_the_hubs_state_is_its_own(tmp_path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    (state / "jupyterhub_cookie_secret").write_text("secret")
    keep_private(state)
    assert state.stat().st_mode & 0o777 == 0o700
    assert (state / "jupyterhub_cookie_secret").stat().st_mode & 0o777 == 0o600


def test_reachable_names_the_folder_closed_to_others() -> None:
    import shutil
    import tempfile

    top = Path(tempfile.mkdtemp())  # in /tmp, which every account may cross
    try:
        top.chmod(0o755)
        closed = top / "closed"
        inner = closed / "inner"
        inner.mkdir(parents=True)
        assert reachable(inner) is None
        closed.chmod(0o700)
        assert reachable(inner) == closed
    finally:
        shutil.rmtree(top)
