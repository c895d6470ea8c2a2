"""JupyterHub for a school (classroom/jupyterhub_config.py), as ``make hub`` starts it: on
127.0.0.1, anyone logs in (JupyterHub's DummyAuthenticator), every student gets a server of
their own holding their own copy of the lessons and apps; as root (CI), under an account of
the computer's own per student (gamekit.hub.StudentSpawner), which the last test tries to
get out of, with Python in a student's kernel.

Two students log in, each in a browser of their own; each opens lesson 01 in JupyterLab, runs
it and plays a move on its last board, then opens the Coffee app as a Voilà page and plays a
move there. The students' folders are theirs (one's work is not in the other's). Then the hub
is stopped, and with it every process it started: its proxy, the students' servers and their
kernels. Needs configurable-http-proxy in classroom/node_modules (``make hub-install``)."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from conftest import ROOT, free_port, keep_offline, wait_for_http
from test_lessons import stored_boards

CONFIG = ROOT / "classroom" / "jupyterhub_config.py"
PROXY = ROOT / "classroom" / "node_modules" / ".bin" / "configurable-http-proxy"
STUDENTS = ("ada", "blaise")
TEACHER = "teacher"
LESSON = "01_coffee_rules.ipynb"  # its last board is a free game with a move box


def descendants(pid: int) -> set[int]:
    """Every process started by ``pid``, and by those, down the tree."""
    found: set[int] = set()
    todo = [pid]
    while todo:
        out = subprocess.run(["pgrep", "-P", str(todo.pop())], capture_output=True, text=True)
        for child in map(int, out.stdout.split()):
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().split(") ")[-1][:1] != "Z"


def open_to_students(path: Path) -> list[tuple[Path, int]]:
    """Let other accounts cross every folder on the way to ``path`` (o+x, as a school's
    computer has it; a temporary folder or a CI checkout may be closed); returns the modes
    changed, to put back."""
    changed = []
    for folder in [*reversed(path.resolve().parents), path.resolve()]:
        mode = folder.stat().st_mode
        if not mode & 0o001:
            changed.append((folder, mode & 0o7777))
            folder.chmod((mode & 0o7777) | 0o011)
    return changed


def remove_accounts(names) -> None:
    """Remove the students' system accounts a hub run as root made (gk-NAME)."""
    from gamekit.hub import system_name

    for name in names:
        subprocess.run(["userdel", system_name(name)], capture_output=True)


@contextlib.contextmanager
def hub(work: Path, settings: dict[str, str] | None = None):
    """Start the hub with its state and the students' folders in ``work`` (and ``settings``,
    the hub's variables, such as a class password and a teacher); yield (base URL, the
    processes it started so far, refreshed as students arrive: a set)."""
    if not PROXY.exists():
        pytest.fail("no configurable-http-proxy: run `make hub-install` (npm) first")
    port = free_port()
    jupyterhub = str(Path(sys.executable).with_name("jupyterhub"))
    command = [
        jupyterhub, "-f", str(CONFIG), f"--JupyterHub.hub_port={free_port()}",
        f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{free_port()}",
    ]  # fmt: skip
    env = {
        **os.environ, "HUB_PORT": str(port), "HUB_STATE": str(work / "state"),
        "HUB_HOMES": str(work / "homes"), "HUB_CLASS_PORT": str(free_port()),
    }  # fmt: skip
    env.pop("HUB_PASSWORD", None)
    env.pop("HUB_TEACHER", None)
    env.update(settings or {})
    from gamekit.hub import interpreter

    python = interpreter(Path(jupyterhub).with_name("jupyterhub-singleuser")).parent
    opened = open_to_students(ROOT) + open_to_students(work) + open_to_students(python)
    with open(work / "hub.log", "w") as log:
        proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, cwd=work, env=env)
        started: set[int] = set()
        try:
            base = f"http://127.0.0.1:{port}"
            wait_for_http(base + "/hub/login", 90)
            yield base, started, proc
        finally:
            started |= descendants(proc.pid)
            proc.terminate()
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and any(alive(p) for p in started):
                time.sleep(0.5)
            left = sorted(p for p in started if alive(p))
            for p in left:
                os.kill(p, 9)
            for folder, mode in reversed(opened):
                folder.chmod(mode)
            if os.geteuid() == 0:
                remove_accounts([*STUDENTS, TEACHER])
            assert not left, f"the hub left {len(left)} processes running: {left}"
            assert proc.returncode is not None


def log_in(page, base: str, name: str, password: str = "any password") -> None:
    page.goto(f"{base}/hub/login")
    page.locator("#username_input").fill(name)
    page.locator("#password_input").fill(password)
    page.locator("#login_submit").click()
    # The hub starts the student's server, then JupyterLab opens at the start page.
    page.wait_for_url(f"**/user/{name}/lab/**", timeout=180_000)
    page.wait_for_selector(".jp-Notebook", timeout=120_000)


def run_all(page) -> None:
    page.locator(".jp-Notebook:visible").click()  # the lesson just opened, not the start page
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()


def play_in_box(page, move: str) -> None:
    """Type ``move`` in the last board's move box and wait until the log shows it."""
    box = page.locator("input[placeholder*='type a move']").last
    box.scroll_into_view_if_needed()
    box.fill(move)
    box.press("Enter")
    log = page.locator(".gamekit-log").last
    page.wait_for_function(
        "([el, m]) => el.innerText.includes(m)", arg=[log.element_handle(), move[:2]],
        timeout=60_000,
    )  # fmt: skip


def test_two_students_log_in_and_each_plays_in_a_lesson_and_an_app(browser, screenshots):
    work = Path(tempfile.mkdtemp(prefix="gamekit-hub-"))
    with hub(work) as (base, started, proc):
        contexts = []
        try:
            for name in STUDENTS:
                ctx = browser.new_context(viewport={"width": 1280, "height": 800})
                ctx.set_default_timeout(60_000)
                contexts.append(ctx)
                outside = keep_offline(ctx)
                page = ctx.new_page()
                log_in(page, base, name)
                assert f"/user/{name}/lab/tree/notebooks/00_start_here.ipynb" in page.url
                home = work / "homes" / name
                assert (home / "notebooks" / LESSON).is_file()
                assert (home / "apps" / "coffee.ipynb").is_file()

                page.goto(f"{base}/user/{name}/lab/tree/notebooks/{LESSON}")
                page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=120_000)
                # The kernel is started and idle (the status bar says so), then run it all.
                page.locator(".jp-StatusBar-Widget").filter(has_text="(ipykernel) | Idle").wait_for(
                    timeout=120_000
                )
                run_all(page)
                _, boards = stored_boards(LESSON)  # every board drawn: the lesson has run
                page.wait_for_function(
                    "(n) => document.querySelectorAll('.gamekit-board[data-paints] svg').length"
                    " >= n", arg=boards, timeout=180_000,
                )  # fmt: skip
                play_in_box(page, "e5|")
                page.screenshot(path=str(screenshots / f"hub_{name}_lesson.png"))
                page.keyboard.press("Control+s")  # the student's copy is saved

                page.goto(f"{base}/user/{name}/voila/render/apps/coffee.ipynb")
                page.wait_for_selector(".gamekit-board[data-paints] svg", timeout=120_000)
                play_in_box(page, "e5|")
                page.screenshot(path=str(screenshots / f"hub_{name}_app.png"))
                assert outside == []
                started |= descendants(proc.pid)
            # Each student has a server of their own.
            servers = [p for p in started if "jupyterhub-singleuser" in _cmdline(p)]
            assert len(servers) >= len(STUDENTS), [_cmdline(p) for p in started]
            first = json.loads((work / "homes" / STUDENTS[0] / "notebooks" / LESSON).read_text())
            assert any(c.get("execution_count") for c in first["cells"] if "outputs" in c)
            # Each saved their own copy, not a shared file.
            a, b = (work / "homes" / n / "notebooks" / LESSON for n in STUDENTS)
            assert not a.samefile(b)
        except Exception:
            for k, ctx in enumerate(contexts):
                for pg in ctx.pages:
                    pg.screenshot(path=str(screenshots / f"FAILED-hub-{k}.png"))
            raise
        finally:
            for ctx in contexts:
                ctx.close()
    shutil.rmtree(work, ignore_errors=True)


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


#: Run in a student's kernel: what of the hub's, another student's and the lessons' code it
#: can read or change (a word per try: READ, LISTED, WRITTEN, or the error's name).
ESCAPE = """
import json, os
def attempt(what, path):
    try:
        if what == "read":
            open(path, "rb").read(1)
            return "READ"
        if what == "list":
            os.listdir(path)
            return "LISTED"
        open(path, "a").close()
        return "WRITTEN"
    except Exception as error:
        return type(error).__name__
print(json.dumps({
    "uid": os.getuid(),
    "secret": attempt("read", STATE + "/jupyterhub_cookie_secret"),
    "database": attempt("read", STATE + "/jupyterhub.sqlite"),
    "other folder": attempt("list", HOMES + "/blaise"),
    "other lesson": attempt("read", HOMES + "/blaise/notebooks/01_coffee_rules.ipynb"),
    "lessons code": attempt("write", ROOT + "/gamekit/__init__.py"),
    "own lesson": attempt("read", os.path.expanduser("~/notebooks/01_coffee_rules.ipynb")),
}))
"""

#: Start a kernel on the student's own server and run code in it, as JupyterLab does (its
#: REST API and websocket, with the page's own login), returning what it printed.
RUN_IN_KERNEL = """
async ([base, user, code]) => {
  const xsrf = (document.cookie.split('; ').find(c => c.startsWith('_xsrf=')) || '').slice(6);
  const headers = {'Content-Type': 'application/json'};
  if (xsrf) headers['X-XSRFToken'] = decodeURIComponent(xsrf);
  const made = await fetch(`${base}/user/${user}/api/kernels`, {method: 'POST', headers, body: '{}'});
  const kernel = await made.json();
  const ws = new WebSocket(`${base.replace('http', 'ws')}/user/${user}/api/kernels/${kernel.id}/channels`);
  await new Promise((ok, no) => { ws.onopen = ok; ws.onerror = no; });
  // A kernel just started may answer on its shell channel before its output channel is
  // subscribed (the reply comes, the printed text is lost): ask again until it prints.
  const run = (n) => {
    const id = 'escape-' + n + '-' + Date.now();
    const text = [];
    const done = new Promise(ok => {
      ws.onmessage = (event) => {
        const msg = JSON.parse(event.data);
        if (msg.parent_header.msg_id !== id) return;
        if (msg.msg_type === 'stream') text.push(msg.content.text);
        if (msg.msg_type === 'error') text.push(msg.content.ename + ': ' + msg.content.evalue);
        if (msg.msg_type === 'execute_reply') setTimeout(() => ok(text.join('')), 500);
      };
    });
    ws.send(JSON.stringify({
      header: {msg_id: id, username: user, session: id, msg_type: 'execute_request', version: '5.3',
               date: new Date().toISOString()},
      parent_header: {}, metadata: {}, buffers: [], channel: 'shell',
      content: {code, silent: false, store_history: false, user_expressions: {}, allow_stdin: false},
    }));
    return done;
  };
  let printed = '';
  for (let n = 0; n < 20 && !printed.trim(); n++) {
    printed = await run(n);
    if (!printed.trim()) await new Promise(ok => setTimeout(ok, 1000));
  }
  ws.close();
  return printed;
}
"""


@pytest.mark.skipif(os.geteuid() != 0, reason="an account per student needs the hub run as root")
def test_a_student_with_python_cannot_read_the_hub_or_another_student_or_change_the_code(
    browser, screenshots
):
    work = Path(tempfile.mkdtemp(prefix="gamekit-hub-"))
    with hub(work) as (base, started, proc):
        contexts = []
        try:
            pages = {}
            for name in STUDENTS:
                ctx = browser.new_context(viewport={"width": 1280, "height": 800})
                ctx.set_default_timeout(60_000)
                contexts.append(ctx)
                keep_offline(ctx)
                pages[name] = page = ctx.new_page()
                log_in(page, base, name)
            started |= descendants(proc.pid)
            # every student's server runs under an account of its own, not the hub's (root)
            servers = {p for p in started if "jupyterhub-singleuser" in _cmdline(p)}
            owners = {Path(f"/proc/{p}").stat().st_uid for p in servers}
            assert len(owners) == len(STUDENTS) and 0 not in owners, owners
            code = (
                f"STATE = {str(work / 'state')!r}\nHOMES = {str(work / 'homes')!r}\n"
                f"ROOT = {str(ROOT)!r}\n" + ESCAPE
            )
            printed = pages["ada"].evaluate(RUN_IN_KERNEL, [base, "ada", code])
            assert printed.strip(), "the student's kernel printed nothing in 20 tries"
            found = json.loads(printed.strip().splitlines()[-1])
            assert found["uid"] != 0 and found["uid"] in owners
            assert found["own lesson"] == "READ"
            for what in ("secret", "database", "other folder", "other lesson", "lessons code"):
                assert found[what] == "PermissionError", (what, found)
            pages["ada"].screenshot(path=str(screenshots / "hub_escape_ada.png"))
        except Exception:
            for k, ctx in enumerate(contexts):
                for pg in ctx.pages:
                    pg.screenshot(path=str(screenshots / f"FAILED-hub-escape-{k}.png"))
            print((work / "hub.log").read_text()[-4000:])
            raise
        finally:
            for ctx in contexts:
                ctx.close()
    shutil.rmtree(work, ignore_errors=True)


#: Run in a student's kernel (after SETUP's names): what the hub's class store lets them do,
#: each try a word of what came back (the answer, or the refusal's words).
CLASS_TRIES = """
import json, os
from gamekit.store import Student
from gamekit.widgets.member import class_store
def attempt(action):
    try:
        return repr(action())
    except Exception as error:
        return type(error).__name__ + ": " + str(error)
store = class_store()
found = {"store": repr(store)}
"""


def in_kernel(page, base: str, user: str, code: str) -> dict:
    printed = page.evaluate(RUN_IN_KERNEL, [base, user, code])
    assert printed.strip(), f"{user}'s kernel printed nothing in 20 tries"
    return json.loads(printed.strip().splitlines()[-1])


def test_on_the_hub_students_play_at_tables_through_the_class_store_and_nobody_moves_for_another(
    browser, screenshots
):
    """The hub's class-store service holds the class's database; a student's kernel reaches
    it with its own hub token, as its login name: with Python in ada's kernel, she cannot
    join as blaise, move for his seat, read his puzzles, or open the database herself."""
    from gamekit.store import ClassStore

    work = Path(tempfile.mkdtemp(prefix="gamekit-hub-"))
    with hub(work) as (base, started, proc):
        contexts = []
        try:
            pages = {}
            for name in STUDENTS:
                ctx = browser.new_context(viewport={"width": 1280, "height": 800})
                ctx.set_default_timeout(60_000)
                contexts.append(ctx)
                keep_offline(ctx)
                pages[name] = page = ctx.new_page()
                log_in(page, base, name)
            wait_for_file(work / "state" / "class.db", 60)  # the service made the store
            teacher = ClassStore(folder=work / "state")  # as the teacher does, on the hub's machine
            code = teacher.new_class("7B")
            setup = f"CODE = {code!r}\nSTATE = {str(work / 'state')!r}\n" + CLASS_TRIES
            blaise = in_kernel(pages["blaise"], base, "blaise", setup + """
me = store.join(CODE)
table = store.open_table(me, "coffee", {"board": "square", "size": 4, "n": 3})
found.update(me=me.nickname, table=table.code)
print(json.dumps(found))
""")  # fmt: skip
            assert blaise["store"].startswith("HubStore(at http://127.0.0.1:"), blaise
            assert blaise["me"] == "blaise"
            table = blaise["table"]
            ada = in_kernel(pages["ada"], base, "ada", setup + f"""
found["env"] = sorted(k for k in os.environ if "CLASS_DB" in k or "PASSWORD" in k)
found["as blaise"] = attempt(lambda: store.join(CODE, "blaise"))
me = store.join(CODE)
found["me"] = me.nickname
found["sit"] = attempt(lambda: store.sit(me, {table!r}))
him = Student(me.id, CODE, "blaise")
found["his move"] = attempt(lambda: store.play(him, {table!r}, "b2|"))
found["out of turn"] = attempt(lambda: store.play(me, {table!r}, "b2|"))
found["his puzzles"] = attempt(lambda: store.progress(him))
found["database"] = attempt(lambda: open(STATE + "/class.db", "rb").read(1))
found["moves"] = attempt(lambda: store.moves(CODE, {table!r}))
print(json.dumps(found))
""")  # fmt: skip
            assert ada["store"] == blaise["store"] and ada["me"] == "ada" and ada["env"] == []
            assert ada["as blaise"].startswith("StoreError: on this hub you play as ada"), ada
            assert ada["sit"] == "1", ada
            assert ada["his move"].startswith("StoreError: on this hub you play as ada"), ada
            assert ada["out of turn"].startswith("StoreError: it is blaise's turn"), ada
            assert ada["his puzzles"].startswith("StoreError: on this hub you play as ada"), ada
            assert ada["moves"] == "[]", ada
            if os.geteuid() == 0:  # an account per student: the hub's folder is not hers
                assert ada["database"].startswith("PermissionError"), ada
            # blaise moves; ada's kernel sees it through the service
            moved = in_kernel(pages["blaise"], base, "blaise", setup + f"""
found["move"] = attempt(lambda: store.play(store.join(CODE), {table!r}, "b2|"))
print(json.dumps(found))
""")  # fmt: skip
            assert moved["move"].startswith("Played(ply=0, seat=0, move='b2|'"), moved
            seen = in_kernel(pages["ada"], base, "ada", setup + f"""
found["to move"] = attempt(lambda: store.state(CODE, {table!r}).to_move)
print(json.dumps(found))
""")  # fmt: skip
            assert seen["to move"] != "'black'", seen
            assert [m.move for m in teacher.moves(code, table)] == ["b2|"]
            assert teacher.progress(teacher.back(code, "blaise")) == {}
            # On the pages: each opens the Coffee app, joins by the class code alone (the
            # nickname is their login, fixed), ada opens a table, blaise sits, a move crosses.
            for name, page in pages.items():
                page.goto(f"{base}/user/{name}/voila/render/apps/coffee.ipynb")
                page.wait_for_selector(".gamekit-board[data-paints] svg", timeout=120_000)
                panel = page.locator(".gamekit-classmate")
                nickname = panel.get_by_label("Nickname")
                assert nickname.input_value() == name and nickname.is_disabled()
                panel.get_by_label("Class code").fill(code)
                panel.get_by_role("button", name="Join the class").click()
                page.wait_for_function(
                    "(n) => document.body.innerText.includes(`You are ${n} in class`)", arg=name
                )
            ada_page, blaise_page = pages["ada"], pages["blaise"]
            ada_page.locator(".gamekit-classmate").get_by_role(
                "button", name="Open a table"
            ).click()
            new_table = ada_page.locator(".gamekit-table-code").inner_text().strip()
            panel = blaise_page.locator(".gamekit-classmate")
            panel.get_by_label("Table code").fill(new_table)
            panel.get_by_role("button", name="Sit down").click()
            ada_page.wait_for_function(
                "() => document.body.innerText.includes('Your turn')", timeout=20_000
            )
            box = ada_page.get_by_placeholder("type a move")
            box.fill("e5|")
            box.press("Enter")
            blaise_page.wait_for_function(
                "() => document.body.innerText.includes('Your turn')", timeout=20_000
            )
            assert [m.move for m in teacher.moves(code, new_table)] == ["e5|"]
            teacher.close()
            blaise_page.screenshot(path=str(screenshots / "hub_class_table_blaise.png"))
        except Exception:
            for k, ctx in enumerate(contexts):
                for pg in ctx.pages:
                    pg.screenshot(path=str(screenshots / f"FAILED-hub-class-{k}.png"))
            print((work / "hub.log").read_text()[-4000:])
            raise
        finally:
            for ctx in contexts:
                ctx.close()
    shutil.rmtree(work, ignore_errors=True)


def wait_for_file(path: Path, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists():
        assert time.monotonic() < deadline, f"{path} did not appear in {seconds} s"
        time.sleep(0.5)


def test_on_the_hub_the_teachers_page_is_the_admins_only(browser, screenshots):
    """With a class password and a teacher (HUB_TEACHER, the hub's admin), the teacher's
    page on the teacher's own server shows the room, and makes a class there; the same page
    on a student's server says it is the teacher's only and shows nothing of the class."""
    work = Path(tempfile.mkdtemp(prefix="gamekit-hub-"))
    secrets = {"HUB_PASSWORD": "class-password-7b", "HUB_TEACHER": TEACHER,
               "HUB_TEACHER_PASSWORD": "the-teachers-own-password-of-40-letters"}  # fmt: skip
    with hub(work, secrets) as (base, started, proc):
        contexts = []
        try:
            pages = {}
            for name, password in (
                (TEACHER, secrets["HUB_TEACHER_PASSWORD"]),
                ("ada", secrets["HUB_PASSWORD"]),
            ):
                ctx = browser.new_context(viewport={"width": 1280, "height": 800})
                ctx.set_default_timeout(120_000)
                contexts.append(ctx)
                keep_offline(ctx)
                pages[name] = page = ctx.new_page()
                log_in(page, base, name, password)
                page.goto(f"{base}/user/{name}/voila/render/apps/teacher.ipynb")
            teacher, ada = pages[TEACHER], pages["ada"]
            teacher.wait_for_selector(".gamekit-teacher", timeout=120_000)
            room = teacher.locator(".gamekit-teacher")
            room.get_by_label("New class").fill("7B")
            room.get_by_role("button", name="Make the class").click()
            teacher.wait_for_function("() => document.body.innerText.includes('Class 7B made')")
            ada.wait_for_selector(".gamekit-teacher-closed", timeout=120_000)
            text = ada.inner_text("body")
            assert "For the teacher only" in text and "7B" not in text, text
            assert ada.locator(".gamekit-teacher").count() == 0
            teacher.screenshot(path=str(screenshots / "hub_teacher_room.png"))
            ada.screenshot(path=str(screenshots / "hub_teacher_page_of_a_student.png"))
        except Exception:
            for k, ctx in enumerate(contexts):
                for pg in ctx.pages:
                    pg.screenshot(path=str(screenshots / f"FAILED-hub-teacher-{k}.png"))
            print((work / "hub.log").read_text()[-4000:])
            raise
        finally:
            for ctx in contexts:
                ctx.close()
    shutil.rmtree(work, ignore_errors=True)
