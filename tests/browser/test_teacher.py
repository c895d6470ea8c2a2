"""The teacher's page (apps/teacher.ipynb) as `make demo` serves it (its own server, with the
pool of pages made ahead): without the teacher's secret in its address it is "for the
teacher only" and shows nothing of the class, and a student's page never carries the
secret; with it, the teacher sees the room, and a student who joins and opens a table shows
up there by itself."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from conftest import keep_offline, served
from test_accessibility import axe_problems

from gamekit.store import ClassStore

SECRET = "the-teachers-secret-for-this-test"
ROOM = [
    sys.executable,
    "-m",
    "gamekit.classroom",
    "serve",
    "{dir}",
    "--no-browser",
    "--port={port}",
]


@pytest.fixture(scope="module")
def demo():
    """make demo's server on a copy of apps/, with a class store; (base URL, class code)."""
    made: dict[str, str] = {}

    def setup(work: Path) -> None:
        store = ClassStore(f"sqlite:///{work / 'class.db'}", seed=12)
        made["code"] = store.new_class("7B")
        store.close()

    env = {
        "CLASS_DB": "sqlite:///{work}/class.db", "GAMEKIT_TEACHER_SECRET": SECRET,
        "DEMO_IP": "127.0.0.1",
    }  # fmt: skip
    with served("apps", ROOM, "/", env=env, setup=setup) as base:
        yield base, made["code"]


def test_without_the_secret_the_teachers_page_shows_nothing_of_the_class(
    browser, demo, screenshots
):
    base, code = demo
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    ctx.set_default_timeout(90_000)
    keep_offline(ctx)
    try:
        student = ctx.new_page()
        student.goto(f"{base}/voila/render/coffee.ipynb")
        student.wait_for_selector(".gamekit-classmate")
        assert SECRET not in student.content()
        panel = student.locator(".gamekit-classmate")
        panel.get_by_label("Class code").fill(code)
        panel.get_by_label("Nickname").fill("Zed")
        panel.get_by_role("button", name="Join the class").click()
        student.wait_for_function("() => document.body.innerText.includes('You are Zed in class')")
        for query in ("", "?teacher=", "?teacher=a-guess", f"?teacher={SECRET[:-1]}"):
            page = ctx.new_page()
            page.goto(f"{base}/voila/render/teacher.ipynb{query}")
            page.wait_for_selector(".gamekit-teacher-closed")
            text = page.inner_text("body")
            assert "For the teacher only" in text and "Zed" not in text and code not in text
            assert page.locator(".gamekit-teacher").count() == 0
            page.close()
        student.screenshot(path=str(screenshots / "teacher_student_page.png"))
    finally:
        ctx.close()


def test_the_teacher_sees_the_room_and_it_keeps_up_by_itself(browser, demo, screenshots):
    base, code = demo
    teacher_ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    student_ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    for ctx in (teacher_ctx, student_ctx):
        ctx.set_default_timeout(90_000)
        keep_offline(ctx)
    try:
        teacher = teacher_ctx.new_page()
        teacher.goto(f"{base}/voila/render/teacher.ipynb?teacher={SECRET}")
        teacher.wait_for_selector(".gamekit-teacher")
        assert "The teacher's room" in teacher.inner_text("body")
        assert f"7B ({code})" in teacher.locator(
            ".gamekit-teacher select"
        ).first.inner_text().replace("\xa0", " ")
        student = student_ctx.new_page()
        student.goto(f"{base}/voila/render/coffee.ipynb")
        student.wait_for_selector(".gamekit-classmate")
        panel = student.locator(".gamekit-classmate")
        panel.get_by_label("Class code").fill(code)
        panel.get_by_label("Nickname").fill("Ada")
        panel.get_by_role("button", name="Join the class").click()
        student.wait_for_function("() => document.body.innerText.includes('You are Ada in class')")
        panel.get_by_role("button", name="Open a table").click()
        table = student.locator(".gamekit-table-code").inner_text().strip()
        # the teacher's page shows it without a reload (it looks every second)
        teacher.wait_for_function(
            "(t) => document.body.innerText.includes(`Table ${t}`)", arg=table, timeout=15_000
        )
        text = teacher.inner_text(".gamekit-teacher")
        assert "Ada" in text and "Waiting for a player" in text
        pictures = teacher.locator(".gamekit-teacher-table img")
        assert len(pictures.first.get_attribute("alt").split()) >= 5
        assert axe_problems(teacher) == []
        teacher.screenshot(path=str(screenshots / "teacher_room.png"), full_page=True)
    finally:
        teacher_ctx.close()
        student_ctx.close()


def test_a_class_experiment_from_the_teachers_page_to_two_students_pages(
    browser, demo, screenshots
):
    """The teacher makes a class, sets up "pie rule off" against "pie rule on" and deals a
    round; each student's Coffee page shows its next game by itself and starts it with one
    click; a move crosses; the teacher's page counts the game going on."""
    import re

    base, _ = demo
    contexts = [browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(3)]
    for ctx in contexts:
        ctx.set_default_timeout(90_000)
        keep_offline(ctx)
    try:
        teacher = contexts[0].new_page()
        teacher.goto(f"{base}/voila/render/teacher.ipynb?teacher={SECRET}")
        room = teacher.locator(".gamekit-teacher")
        room.wait_for()
        room.get_by_label("New class").fill("8C")
        room.get_by_role("button", name="Make the class").click()
        teacher.wait_for_function("() => document.body.innerText.includes('Class 8C made')")
        code = re.search(r"its code is ([A-Z]{6})", teacher.inner_text("body")).group(1)
        pages = {}
        for name, ctx in zip(("Cy", "Di"), contexts[1:], strict=True):
            page = ctx.new_page()
            page.goto(f"{base}/voila/render/coffee.ipynb")
            page.wait_for_selector(".gamekit-classmate")
            panel = page.locator(".gamekit-classmate")
            panel.get_by_label("Class code").fill(code)
            panel.get_by_label("Nickname").fill(name)
            panel.get_by_role("button", name="Join the class").click()
            page.wait_for_function(
                "(n) => document.body.innerText.includes(`You are ${n} in class`)", arg=name
            )
            pages[name] = page
        lab = teacher.locator(".gamekit-experiments")
        lab.get_by_label("Game").select_option(label="Coffee")
        small = "board=square, size=4, n=3, pie_rule="
        lab.get_by_label("its options").first.fill(small + "false")
        lab.get_by_label("its options").last.fill(small + "true")
        lab.get_by_label("Setting A").fill("pie rule off")
        lab.get_by_label("Setting B").fill("pie rule on")
        lab.get_by_role("button", name="Set up the experiment").click()
        teacher.wait_for_function(
            "() => document.body.innerText.includes('Experiment set up: pie rule off against "
            "pie rule on')"
        )
        lab.get_by_role("button", name="Deal the next round").click()
        teacher.wait_for_function("() => document.body.innerText.includes('Round dealt: 1 game')")
        for name, page in pages.items():  # each page shows it by itself, then one click
            page.wait_for_function(
                "() => document.body.innerText.includes('Your next game: Coffee, pie rule off')",
                timeout=20_000,
            )
            other = "Di" if name == "Cy" else "Cy"
            assert f"against {other}" in page.inner_text(".gamekit-classmate")
            page.get_by_role("button", name="Start my next game").click()
            page.wait_for_function("() => document.body.innerText.includes('You sit at table')")
        first = next(p for p in pages.values() if "(Black)" in p.inner_text(".gamekit-classmate"))
        second = next(p for p in pages.values() if p is not first)
        box = first.get_by_placeholder("type a move")
        box.fill("b2|")
        box.press("Enter")
        second.wait_for_function(
            "() => document.body.innerText.includes('Your turn')", timeout=20_000
        )
        teacher.wait_for_function(
            "() => document.body.innerText.includes('1 move: Cy') || "
            "document.body.innerText.includes('1 move: Di')",
            timeout=15_000,
        )
        assert "no game has ended yet" in teacher.inner_text(".gamekit-experiments")
        assert axe_problems(teacher) == []
        first.screenshot(path=str(screenshots / "experiment_student.png"))
        teacher.screenshot(path=str(screenshots / "experiment_teacher.png"), full_page=True)
    finally:
        for ctx in contexts:
            ctx.close()
