"""A class of simulated students playing each other at tables on ``make demo`` (loopback only).

Starts ``make demo``'s Voilà (``python -m gamekit.classroom serve``, the room's settings) with
a class store of its own (``CLASS_DB``, a SQLite file) and a class in it, then ``--students``
students (each a fresh context of one headless Chromium) open the Coffee app in pairs: the
first of a pair joins the class under *Play a classmate* and opens a table, the second joins
and sits at it by its code, and they play a whole game through the pages' own move box,
each waiting until the other's move shows on its own page. Meanwhile the run kills three
students' kernels (their pages reload and sit down again, as a student would) and restarts
the server once (every page reloads and sits down again); the games go on.

It prints, each alone on a line: ``relay p90: X s`` (a move typed on one page until it shows
on the other), ``teacher p90: X s`` (a move stored until the teacher's page, open all
through the run, shows it; the class's newest move, looked at every 2 s), ``moves
lost: N`` (moves a page showed as played that the store does not hold at the end), ``games
finished: N``; then the median relay, the seats taken again, and the server's memory.

Run: ``make bench-class`` or ``.venv/bin/python benchmarks/class_tables.py [--students 30]
[--seed 1]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

from classroom_load import free_port, machine_cpu, processes, tree_cpu

ROOT = Path(__file__).resolve().parents[1]
ROOM = [sys.executable, "-m", "gamekit.classroom", "serve"]
#: ms between a waiting page's checks. A check reads text as the DOM holds it (textContent):
#: thirty pages asking ten times a second for their laid-out text (innerText, which lays the
#: page out again) took a share of this machine that no student's page takes.
POLL = 100
MY_TURN = (
    "() => { const t = document.querySelector('.gamekit-turn');"
    " return !!t && (t.textContent.includes('Your turn') || t.textContent.includes('Game over')); }"
)


class Server:
    """make demo's Voilà on a port, restartable."""

    def __init__(self, work: Path, env: dict[str, str]) -> None:
        self.work, self.env, self.port = work, env, free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        where = [str(self.work / "apps"), "--no-browser", f"--port={self.port}"]
        self.proc = subprocess.Popen(
            [*ROOM, *where], env=self.env, cwd=self.work,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        for _ in range(180):
            try:
                urllib.request.urlopen(self.base + "/", timeout=5)
                return
            except OSError:
                time.sleep(0.5)
        raise RuntimeError("the server did not start")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()


class Student:
    """One student's page: opens the app, joins, sits, plays; reloads and sits down again
    when its page stops answering."""

    def __init__(self, browser, server: Server, class_code: str, nickname: str) -> None:
        self.browser, self.server, self.class_code, self.nickname = (
            browser, server, class_code, nickname,
        )  # fmt: skip
        self.table = ""
        self.context = self.page = None
        self.rejoined = 0

    async def open(self) -> None:
        if self.context is not None:
            await self.context.close()
        self.context = await self.browser.new_context(
            viewport={"width": 1280, "height": 800}, reduced_motion="reduce"
        )
        self.page = await self.context.new_page()
        for _ in range(20):
            answer = await self.page.goto(
                f"{self.server.base}/voila/render/coffee.ipynb", timeout=120_000
            )
            if answer is not None and answer.status == 200:
                break
            await asyncio.sleep(3)
        await self.page.wait_for_selector(".gamekit-classmate", timeout=120_000)

    async def join(self, table: str = "") -> None:
        panel = self.page.locator(".gamekit-classmate")
        await panel.get_by_label("Class code").fill(self.class_code)
        await panel.get_by_label("Nickname").fill(self.nickname)
        if table:
            await panel.get_by_label("Table code").fill(table)
        await panel.get_by_role("button", name="Join the class").click()
        words = "You sit at table" if table else f"You are {self.nickname} in class"
        await self.page.wait_for_function(
            f"() => document.body.textContent.includes({words!r})", polling=POLL, timeout=120_000
        )

    async def open_table(self) -> str:
        panel = self.page.locator(".gamekit-classmate")
        await panel.get_by_role("button", name="Open a table").click()
        code = self.page.locator(".gamekit-table-code")
        await code.wait_for(timeout=120_000)
        self.table = (await code.inner_text()).strip()
        return self.table

    async def sit(self, table: str) -> None:
        self.table = table
        panel = self.page.locator(".gamekit-classmate")
        await panel.get_by_label("Table code").fill(table)
        await panel.get_by_role("button", name="Sit down").click()
        await self.page.wait_for_function(
            "() => document.body.textContent.includes('You sit at table')",
            polling=POLL, timeout=120_000,
        )  # fmt: skip

    async def again(self) -> None:
        """The page stopped answering (its kernel killed, the server restarted): reload,
        and sit down again with the same nickname and table code."""
        for _ in range(10):
            try:
                await self.open()
                await self.join(self.table)
                self.rejoined += 1
                return
            except Exception:
                await asyncio.sleep(3)
        raise RuntimeError(f"{self.nickname} could not sit down again")

    async def play(self, move: str) -> None:
        box = self.page.get_by_placeholder("type a move")
        await box.fill(move)
        await box.press("Enter")

    async def wait_my_turn(self, seconds: float) -> None:
        await self.page.wait_for_function(MY_TURN, polling=POLL, timeout=seconds * 1000)


async def pair(
    browser,
    server: Server,
    class_code: str,
    k: int,
    out: dict,
    store_url: str,
    seed: int,
    delay: float,
) -> None:
    from gamekit.store import ClassStore

    black, orange = (
        Student(browser, server, class_code, f"Ann{k}"),
        Student(browser, server, class_code, f"Bob{k}"),
    )
    out["students"] += [black, orange]
    try:
        await asyncio.sleep(delay)  # a class arrives over a minute, not at one instant
        await black.open()
        await orange.open()
        await black.join()
        table = await black.open_table()
        await orange.join()
        await orange.sit(table)
        out["seated"] += 1
        if out["seated"] == out["pairs"]:
            out["all seated"].set()
        store = ClassStore(store_url)
        rules = store.state(class_code, table).rules
        rng = random.Random(seed * 1000 + k)
        seats = {"black": black, "orange": orange}
        while True:
            stored = [m.move for m in store.moves(class_code, table)]
            state = rules.replay(stored)  # the store's game is the game
            if state.outcome is not None:
                break
            mover = seats[state.to_move]
            other = orange if mover is black else black
            try:
                await mover.wait_my_turn(20)
            except Exception:
                await mover.again()
                continue
            legal = state.legal_moves()
            move = str(legal[rng.randrange(len(legal))])
            t0 = time.monotonic()
            await mover.play(move)
            held = False
            for _ in range(100):  # the store holds it, or the page said it was played
                held = len(store.moves(class_code, table)) > len(stored)
                if held:
                    break
                await asyncio.sleep(0.1)
            if not held:
                shown = await mover.page.evaluate(
                    "(m) => [...document.querySelectorAll('.gamekit-log tr[title]')]"
                    ".some(r => r.title === m)",  # a row's notation is in its tooltip
                    move,
                )
                out["lost"] += bool(shown)
                await mover.again()
                continue
            try:
                await other.wait_my_turn(30)
                out["relay"].append(time.monotonic() - t0)
            except Exception:
                await other.again()
        out["finished"] += 1
        store.close()
    except Exception as error:  # counted, not hidden
        out["failed"].append(f"pair {k}: {type(error).__name__}: {str(error)[:120]}")


async def faults(server: Server, out: dict, after: float) -> None:
    """Once every pair sits at its table: kill three students' kernels, then restart the
    server once, while the games go on."""
    try:
        await asyncio.wait_for(out["all seated"].wait(), 300)
    except TimeoutError:
        pass  # a pair that never sat down is counted as failed; the faults come all the same
    await asyncio.sleep(after)
    kernels = subprocess.run(["pgrep", "-f", "ipykernel_launcher"], capture_output=True, text=True)
    pids = [int(p) for p in kernels.stdout.split()]
    for pid in random.Random(3).sample(pids, min(3, len(pids))):
        subprocess.run(["kill", "-9", str(pid)])
        out["killed"] += 1
    await asyncio.sleep(after)
    out["cpu before restart"] = tree_cpu(server.proc.pid)
    server.stop()
    server.start()
    out["restarts"] += 1


TEACHER_SECRET = "the-benchmark-teachers-secret"


async def teacher(browser, server: Server, store_url: str, class_code: str, out: dict) -> None:
    """The teacher's page open all through the run: every 2 s, the class's newest stored
    move (its table and count, and when it was stored) is waited for on the page; the time
    from its storing until the page shows it is one ``teacher`` sample. Through a restart,
    the page is opened again (a sample waiting then is dropped, not counted)."""
    from sqlalchemy import func, select

    from gamekit.store import ClassStore
    from gamekit.store.schema import game_tables, moves

    store = ClassStore(store_url)
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    page = await context.new_page()
    address = f"/voila/render/teacher.ipynb?teacher={TEACHER_SECRET}"

    async def opened() -> None:
        for _ in range(20):
            try:
                await page.goto(server.base + address, timeout=120_000)
                await page.wait_for_selector(".gamekit-teacher", timeout=120_000)
                return
            except Exception:
                await asyncio.sleep(3)

    await opened()
    newest = (
        select(game_tables.c.code, func.count(moves.c.ply), func.max(moves.c.made))
        .join(moves, moves.c.table_id == game_tables.c.id)
        .group_by(game_tables.c.code)
        .order_by(func.max(moves.c.made).desc())
        .limit(1)
    )
    last: tuple[str, int] | None = None
    while True:
        await asyncio.sleep(2.0)
        with store.reader.connect() as db:
            row = db.execute(newest).first()
        if row is None:
            continue
        code, count, made = row
        if (code, count) == last:
            continue  # no new move since the last look (a game over, a pause): nothing to time
        last = (code, count)
        made = made if made.tzinfo else made.replace(tzinfo=UTC)
        words = f"Table {code}: Coffee, {count} moves or more"
        try:  # that many moves or more: the next ones may have come meanwhile
            await page.wait_for_function(
                "([t, n]) => { const text = document.body.textContent;"
                " const head = 'Table ' + t + ': Coffee, '; const at = text.indexOf(head);"
                " return at >= 0 && parseInt(text.slice(at + head.length)) >= n; }",
                arg=[code, count], polling=POLL, timeout=30_000,
            )  # fmt: skip
            out["teacher"].append((datetime.now(UTC) - made).total_seconds())
        except Exception as error:  # counted: a look the page did not answer in 30 s
            out["teacher missed"].append(f"{words}: {type(error).__name__}")
            if os.environ.get("BENCH_SHOTS"):
                await page.screenshot(
                    path=f"{os.environ['BENCH_SHOTS']}/teacher-miss.png", full_page=True
                )
            await opened()


async def class_run(
    server: Server, students: int, class_code: str, store_url: str, seed: int, with_faults: bool
):
    from playwright.async_api import async_playwright

    out: dict = {
        "relay": [], "teacher": [], "teacher missed": [], "lost": 0, "finished": 0, "failed": [], "students": [],
        "killed": 0, "restarts": 0, "seated": 0, "pairs": students // 2,
        "all seated": asyncio.Event(),
    }  # fmt: skip
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path="/usr/bin/chromium")
        trouble = asyncio.ensure_future(
            faults(server, out, 15.0) if with_faults else asyncio.sleep(0)
        )
        watching = asyncio.ensure_future(teacher(browser, server, store_url, class_code, out))
        rng = random.Random(seed)
        await asyncio.gather(
            *(
                pair(browser, server, class_code, k, out, store_url, seed, rng.uniform(0, 60))
                for k in range(students // 2)
            )
        )
        trouble.cancel()
        watching.cancel()
        if watching.done() and not watching.cancelled() and watching.exception() is not None:
            out["failed"].append(f"the teacher's page: {watching.exception()!r}")
        await browser.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--students", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-faults", action="store_true", help="no kernels killed, no server restart")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    from gamekit.store import ClassStore

    work = Path(tempfile.mkdtemp(prefix="gamekit-class-"))
    shutil.copytree(ROOT / "apps", work / "apps")
    store_url = f"sqlite:///{work / 'class.db'}"
    store = ClassStore(store_url, seed=args.seed)
    class_code = store.new_class("bench")
    env = {**os.environ, "CLASS_DB": store_url, "DEMO_MAX": str(args.students + 10),
           "GAMEKIT_TEACHER_SECRET": TEACHER_SECRET,
           "DEMO_POOL": "1", "DEMO_CLASS": f"coffee:{args.students}"}  # fmt: skip
    server = Server(work, env)
    server.start()
    seen, still = -1, 0  # the class's pages start ahead: wait until the kernels hold still
    while still < 3:
        time.sleep(10)
        count = processes(server.proc.pid)[0]
        seen, still = count, (still + 1 if count == seen else 0)
    try:
        cpu0, busy0, t0 = tree_cpu(server.proc.pid), machine_cpu(), time.monotonic()
        out = asyncio.run(
            class_run(server, args.students, class_code, store_url, args.seed, not args.no_faults)
        )
        span = time.monotonic() - t0
        # (the server restarted once: its CPU before the restart is counted from its start)
        cpu, busy = (
            tree_cpu(server.proc.pid) + out.get("cpu before restart", 0.0) - cpu0,
            (machine_cpu() - busy0),
        )
        lost = out["lost"]
        relay = sorted(out["relay"])
        p90 = (
            relay[min(len(relay) - 1, int(round(0.9 * (len(relay) - 1))))]
            if relay
            else float("nan")
        )
        kernels, mb = processes(server.proc.pid)
        print(f"relay p90: {p90:.2f} s")
        seen = sorted(out["teacher"])
        t90 = seen[min(len(seen) - 1, int(round(0.9 * (len(seen) - 1))))] if seen else float("nan")
        print(f"teacher p90: {t90:.2f} s")
        print(f"moves lost: {lost}")
        print(f"games finished: {out['finished']}")
        print(
            f"relay median: {statistics.median(relay):.2f} s over {len(relay)} moves"
            if relay
            else "relay: no moves"
        )
        print(
            f"teacher median: {statistics.median(seen):.2f} s over {len(seen)} looks "
            f"({len(out['teacher missed'])} not shown within 30 s)"
            if seen
            else "teacher: no looks"
        )
        for why in out["teacher missed"][:3]:
            print(f"    teacher's page missed {why}")
        print(f"students: {args.students}; kernels killed: {out['killed']}; server restarts: "
              f"{out['restarts']}; pages that sat down again: "
              f"{sum(s.rejoined for s in out['students'])}")  # fmt: skip
        print(f"server now: {kernels} kernels, {mb:.0f} MB")
        print(f"CPU over the {span:.0f} s: server and kernels {cpu:.0f} s, everything else (the "
              f"students' browsers) {max(busy - cpu, 0):.0f} s, of {os.cpu_count() * span:.0f} "
              "core-seconds")  # fmt: skip
        for why in out["failed"][:5]:
            print(f"    {why}")
    finally:
        server.stop()
        store.close()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
