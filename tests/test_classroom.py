"""The school hub's copy of the lessons for each student (gamekit.classroom.give_lessons), and
the hub's configuration as JupyterHub reads it. The hub itself, with two students in a
browser, is tests/browser/test_hub.py."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gamekit.classroom import give_lessons

ROOT = Path(__file__).resolve().parents[1]


def test_a_student_gets_every_lesson_app_and_rules_sheet_and_nothing_else(tmp_path):
    copied = {p.relative_to(tmp_path).as_posix() for p in give_lessons(tmp_path, ROOT)}
    lessons = {f"notebooks/{p.name}" for p in (ROOT / "notebooks").glob("*.ipynb")}
    apps = {f"apps/{p.name}" for p in (ROOT / "apps").glob("*.ipynb")}
    assert lessons | apps <= copied
    assert "docs/rules/coffee.md" in copied  # lessons link to ../docs/rules/
    assert not [p for p in copied if ".jupyter" in p or "checkpoints" in p or p.endswith(".cfg")]


def test_a_students_work_is_never_overwritten_and_a_new_lesson_still_arrives(tmp_path):
    give_lessons(tmp_path, ROOT)
    mine = tmp_path / "notebooks" / "01_coffee_rules.ipynb"
    mine.write_text(json.dumps({"cells": [], "mine": True}))
    (tmp_path / "notebooks" / "02_coffee_illegal_moves.ipynb").unlink()  # added to the course
    again = give_lessons(tmp_path, ROOT)
    assert again == [tmp_path / "notebooks" / "02_coffee_illegal_moves.ipynb"]
    assert json.loads(mine.read_text())["mine"] is True


def test_a_wrong_source_folder_is_refused_in_words(tmp_path):
    with pytest.raises(FileNotFoundError, match="no lessons in"):
        give_lessons(tmp_path / "home", tmp_path)
    assert not (tmp_path / "home").exists()


def test_the_hub_configuration_loads_and_names_what_a_school_needs(tmp_path, monkeypatch):
    from traitlets.config import PyFileConfigLoader

    monkeypatch.setenv("HUB_STATE", str(tmp_path / "state"))
    monkeypatch.setenv("HUB_HOMES", str(tmp_path / "homes"))
    monkeypatch.delenv("HUB_PASSWORD", raising=False)
    monkeypatch.delenv("HUB_TEACHER", raising=False)
    config = PyFileConfigLoader("jupyterhub_config.py", str(ROOT / "classroom")).load_config()
    assert config.JupyterHub.ip == "127.0.0.1"
    assert config.JupyterHub.authenticator_class == "dummy"
    if os.geteuid() == 0:  # as root: an account of the computer's own per student
        assert config.JupyterHub.spawner_class == "gamekit.hub.StudentSpawner"
        assert config.StudentSpawner.homes == str(tmp_path / "homes")
    else:
        assert config.JupyterHub.spawner_class == "simple"
        assert config.SimpleLocalProcessSpawner.home_dir_template == str(
            tmp_path / "homes/{username}"
        )
    assert Path(config.ConfigurableHTTPProxy.command[0]).name == "configurable-http-proxy"
    assert config.Spawner.default_url == "/lab/tree/notebooks/00_start_here.ipynb"
    assert (tmp_path / "state").stat().st_mode & 0o777 == 0o700  # the hub's alone

    monkeypatch.setenv("HUB_PASSWORD", "coffee-and-gipf")
    monkeypatch.setenv("HUB_IP", "0.0.0.0")
    if os.geteuid() == 0:
        config = PyFileConfigLoader("jupyterhub_config.py", str(ROOT / "classroom")).load_config()
        assert config.JupyterHub.authenticator_class == "shared-password"
        assert config.SharedPasswordAuthenticator.user_password == "coffee-and-gipf"
        assert config.JupyterHub.ip == "0.0.0.0"
    else:  # on a network, students must not share the hub's account
        with pytest.raises(SystemExit, match="does not run as root"):
            PyFileConfigLoader("jupyterhub_config.py", str(ROOT / "classroom")).load_config()


def test_a_students_server_configuration_loads_its_lessons_settings():
    from traitlets.config import PyFileConfigLoader

    config = PyFileConfigLoader("student_server_config.py", str(ROOT / "classroom")).load_config()
    assert config.VoilaConfiguration.template == "gamekit"
    assert config.FileContentsManager.pre_save_hook == "gamekit.lab.strip_live_views"
    assert config.ServerApp.tornado_settings == {"mathjax_url": None, "mathjax_config": None}
    assert (Path(config.LabApp.app_settings_dir) / "overrides.json").is_file()


def test_the_command_line_gives_lessons_and_prints_the_address(tmp_path, capsys):
    from gamekit.classroom import main

    main(["give", str(tmp_path / "ada"), str(ROOT)])
    assert (tmp_path / "ada" / "apps" / "coffee.ipynb").is_file()
    main(["address", "127.0.0.1", "8866"])
    assert "http://127.0.0.1:8866/" in capsys.readouterr().out
    with pytest.raises(SystemExit) as refused:
        main(["give", str(tmp_path / "bob"), str(tmp_path / "nowhere")])
    assert refused.value.code == 2
    assert "no lessons in" in capsys.readouterr().err


def test_the_room_is_full_at_its_size_counting_pages_being_opened(monkeypatch):
    from gamekit.classroom import RoomKernelManager

    room = RoomKernelManager()
    in_use = [0]
    monkeypatch.setattr(room, "kernels_in_use", lambda: in_use[0])
    assert room.room_size == 0 and not room.room_is_full()  # no cap unless set
    in_use[0] = 500
    assert not room.room_is_full()
    room.room_size, in_use[0] = 3, 2
    assert not room.room_is_full()
    room.opening = 1  # a page being opened takes the last seat
    assert room.room_is_full()
    room.opening, in_use[0] = 0, 3
    assert room.room_is_full()


def test_the_room_counts_students_kernels_not_the_pool_nor_one_being_shut_down():
    import asyncio
    from types import SimpleNamespace

    from gamekit.classroom import RoomKernelManager

    room = RoomKernelManager()
    kernel = {name: SimpleNamespace(shutting_down=False) for name in ("ada", "pool", "leaving")}
    room._kernels.update(kernel)
    loop = asyncio.new_event_loop()
    waiting = loop.create_future()
    waiting.set_result({"kernel_id": "pool"})
    room._pools = {"coffee.ipynb": [waiting]}  # as Voilà keeps its started kernels
    assert room.pool_kernel_ids() == {"pool"}
    assert room.kernels_in_use() == 2  # ada, and leaving until the culler lets it go
    kernel["leaving"].shutting_down = True  # culled: its seat is free at once
    assert room.kernels_in_use() == 1
    loop.close()


def test_a_kernel_handed_from_the_pool_counts_idle_from_then():
    from datetime import UTC, datetime, timedelta
    from types import SimpleNamespace

    from gamekit.classroom import RoomKernelManager

    room = RoomKernelManager()
    long_ago = datetime.now(UTC) - timedelta(hours=1)  # waited an hour in the pool
    kernel = {name: SimpleNamespace(last_activity=long_ago) for name in ("taken", "other")}
    room._kernels.update(kernel)
    before = datetime.now(UTC)
    room.restart_idle_clock(["taken", "gone"])  # a kernel no longer there is passed over
    assert kernel["taken"].last_activity >= before
    assert kernel["other"].last_activity == long_ago


def test_make_demo_reads_the_room_size_from_demo_max(monkeypatch):
    from traitlets.config import PyFileConfigLoader

    monkeypatch.setenv("DEMO_MAX", "12")
    config = PyFileConfigLoader("voila.py", str(ROOT / "apps" / ".jupyter")).load_config()
    assert config.RoomKernelManager.room_size == 12
    monkeypatch.delenv("DEMO_MAX")
    config = PyFileConfigLoader("voila.py", str(ROOT / "apps" / ".jupyter")).load_config()
    assert config.RoomKernelManager.room_size == 30


def test_demo_class_starts_the_class_app_ahead_and_delays_refills(monkeypatch):
    from traitlets.config import PyFileConfigLoader

    apps = str(ROOT / "apps" / ".jupyter")
    monkeypatch.delenv("DEMO_CLASS", raising=False)
    monkeypatch.delenv("DEMO_REFILL", raising=False)
    config = PyFileConfigLoader("voila.py", apps).load_config()
    assert "kernel_pools_config" not in config.VoilaKernelManager
    assert config.VoilaKernelManager.fill_delay == 1
    monkeypatch.setenv("DEMO_CLASS", "gipf:12")
    config = PyFileConfigLoader("voila.py", apps).load_config()
    assert config.VoilaKernelManager.kernel_pools_config == {
        "default": {"pool_size": 1},
        "gipf.ipynb": {"pool_size": 12},
    }
    assert config.VoilaKernelManager.fill_delay == 90
    monkeypatch.setenv("DEMO_REFILL", "30")
    assert PyFileConfigLoader("voila.py", apps).load_config().VoilaKernelManager.fill_delay == 30


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("coffee", "like coffee:20"),
        ("coffee:0", "like coffee:20"),
        ("coffee:many", "like coffee:20"),
        ("chess:20", "there is no app 'chess'; the apps are coffee, gipf"),
    ],
)
def test_a_wrong_demo_class_stops_the_server_with_the_reason(monkeypatch, value, words):
    from traitlets.config import PyFileConfigLoader

    from gamekit.classroom import class_pool

    with pytest.raises(ValueError, match=words):
        class_pool(value, ROOT / "apps")
    monkeypatch.setenv("DEMO_CLASS", value)
    with pytest.raises(SystemExit, match=f"make demo: DEMO_CLASS={value!r}"):
        PyFileConfigLoader("voila.py", str(ROOT / "apps" / ".jupyter")).load_config()


def test_serve_adds_the_apps_settings_and_template_unless_given(tmp_path):
    from gamekit.classroom import serve_arguments

    apps = ROOT / "apps"
    args, settings = serve_arguments([str(apps), "--port=9000"])
    assert settings == apps / ".jupyter"
    assert args == [
        str(apps), "--port=9000", "--template=gamekit", f"--Voila.config_file_paths={settings}"
    ]  # fmt: skip
    args, _ = serve_arguments(["--template=lab", str(apps)])  # a teacher's own choice stays
    assert args == ["--template=lab", str(apps), f"--Voila.config_file_paths={settings}"]
    assert serve_arguments([str(tmp_path), "--port=9000"]) == ([str(tmp_path), "--port=9000"], None)
