"""A room of simulated students on ``make demo`` (loopback only, bounded in count and time).

Starts Voilà as ``make demo`` does (``python -m gamekit.classroom serve`` with the room's
settings, ``apps/.jupyter/voila.py``: idle kernels freed after 60 s with no page, a pool of
started kernels per app, at most DEMO_MAX students' kernels) on 127.0.0.1, then for each class size
N: N students (each a fresh context of one headless Chromium) arrive at random moments within
``--arrive`` seconds, open the Coffee app, click a cell and its rod (the board's own
click-to-repaint time), play moves against the computer at its default level (the time until
its answer is in the log), and close the page. It prints, for each N:

- page load: from the request to a painted board (median, 90th percentile);
- click to repaint (median, p90), and the computer's reply (median, p90);
- kernels alive and the server's memory (its own and its kernels', RSS) with the students
  on their pages, and one and two minutes after they left;
- sessions broken (a page that never loaded, or a wait of a minute that ran out), students
  told the room is full, and computer replies missing, each with its reason;
- the CPU seconds the server and its kernels used while the class was on, against the rest
  of the machine (mostly the students' browsers).

The simulated students' browser runs on the same machine as the server, so a large class
measures the server and the browsers together: on a small machine that is pessimistic.

Run: ``make bench-classroom`` or ``.venv/bin/python benchmarks/classroom_load.py
[--students 1 5 10 20] [--moves 3] [--arrive 60] [--pool 1] [--class coffee:20] [--max 30]
[--plain]``
(``--plain``: Voilà as it was before the room's settings, for comparison). Each class size takes about
three minutes (the two minutes after is the point).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VOILA = str(Path(sys.executable).with_name("voila"))
ROOM = [sys.executable, "-m", "gamekit.classroom", "serve"]  # make demo's Voilà
#: The student's moves: legal one after another against the app's computer (club, seeded the
#: same in every page, so it answers the same way).
LINE = ["e5/", "f6|", "g3|", "g6|", "e6/"]
#: How often (ms) a waiting student's page checks for what it waits for. Playwright's default,
#: every animation frame, would make twenty waiting pages a load of their own on the machine.
POLL = 50
#: Corner cells of the hexagon of 5, tried when a move of LINE lands on a taken cell.
PROBES = ["a1|", "i5|", "e1|", "e9|", "a5|", "i1|"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


TICK = os.sysconf("SC_CLK_TCK")


def tree_cpu(root: int) -> float:
    """CPU seconds used so far by ``root`` and every process under it, finished ones
    included (a finished child's time is in its parent's cutime/cstime once reaped)."""
    todo, total = [root], 0
    while todo:
        pid = todo.pop()
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(f) for f in fields[11:15])  # utime, stime, cutime, cstime
        out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True)
        todo.extend(int(p) for p in out.stdout.split())
    return total / TICK


def machine_cpu() -> float:
    """CPU seconds the whole machine has been busy (all cores), from /proc/stat."""
    user, nice, system, _idle, _iowait, irq, softirq, steal = map(
        int, Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:9]
    )
    return (user + nice + system + irq + softirq + steal) / TICK


def processes(server: int) -> tuple[int, float]:
    """(kernels, MB of memory) of the server process ``server`` and its kernels (RSS)."""
    children = subprocess.run(["pgrep", "-P", str(server)], capture_output=True, text=True)
    pids = [server, *(int(p) for p in children.stdout.split())]
    kernels, rss = 0, 0
    for pid in pids:
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        kernels += b"ipykernel" in cmdline
        rss += next(  # (a process ending now has no memory line left)
            (int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS")),
            0,
        )
    return kernels, rss / 1024


def quantiles(values: list[float]) -> str:
    if not values:
        return "—"
    values = sorted(values)
    p90 = values[min(len(values) - 1, int(round(0.9 * (len(values) - 1))))]
    return f"{statistics.median(values):.2f} / {p90:.2f}"


async def student(browser, base: str, moves: int, delay: float, out: dict) -> None:
    """One student: arrive after ``delay`` s, open the Coffee app, click, play, leave."""
    await asyncio.sleep(delay)
    # Reduced motion: a page's "Running ..." spinner turns on each student's own computer; here
    # twenty would turn on the server's two cores (the page template honours the setting).
    context = await browser.new_context(
        viewport={"width": 1280, "height": 800}, reduced_motion="reduce"
    )
    page = await context.new_page()
    try:
        start = time.monotonic()
        answer = await page.goto(f"{base}/voila/render/coffee.ipynb", timeout=300_000)
        if answer is not None and answer.status == 503:
            out["full"].append(time.monotonic() - start)
            return
        await page.wait_for_function(
            "() => document.querySelector('.gamekit-board[data-paints] svg') !== null",
            polling=POLL, timeout=300_000,
        )  # fmt: skip
        out["load"].append(time.monotonic() - start)
        board = page.locator(".gamekit-board").first
        box = page.locator("input[placeholder*='type a move']").first
        for k in range(moves):
            state = await page.evaluate(
                "() => [...document.querySelectorAll('.gamekit-log tr')].length"
            )
            # a click on a shape: the board's own click-to-repaint time
            before = await board.get_attribute("data-paints")
            cell = page.locator(".gamekit-board svg g#layer-cells path").nth(30 + 7 * k)
            where = await cell.bounding_box()
            x, y = where["x"] + where["width"] / 2, where["y"] + where["height"] / 2
            await page.mouse.click(x, y)  # as a student clicks: whatever lies on top answers
            await page.wait_for_function(
                f"() => document.querySelector('.gamekit-board').dataset.paints !== '{before}'",
                polling=POLL,
                timeout=60_000,
            )
            out["click"].append(float(await board.get_attribute("data-latency")) / 1000)
            await page.mouse.click(x, y)  # the same cell again: the choice is let go
            # a move typed, then the computer's answer in the log. The computer's answers
            # may differ from page to page (it thinks against the clock on a busy machine),
            # so a refused move is followed by one on the line the refusal names; a move on a
            # taken cell by a corner (which is played, or refused with the line named).
            tries = [LINE[k % len(LINE)], *PROBES]
            t0 = None
            while tries:
                text = tries.pop(0)
                t0 = time.monotonic()
                await box.fill(text)
                await box.press("Enter")
                await page.wait_for_function(  # the move in the log, or its own refusal
                    f"() => document.querySelectorAll('.gamekit-log tr').length > {state}"
                    " || document.querySelector('.gamekit-message').innerText"
                    f".startsWith({text!r} + ' is not allowed')",
                    polling=POLL,
                    timeout=60_000,
                )
                message = await page.locator(".gamekit-message").inner_text()
                if "is not allowed" not in message:
                    break  # played
                if "line:" in message:
                    cells = message.split("line:", 1)[1].replace(" or ", ", ").strip(" .")
                    tries = [f"{c.strip()}{rod}" for c in cells.split(",") for rod in "|/\\"]
            try:
                await page.wait_for_function(
                    f"() => document.querySelectorAll('.gamekit-log tr').length >= {state + 2}",
                    polling=POLL,
                    timeout=60_000,
                )
                out["reply"].append(time.monotonic() - t0)
            except Exception:  # no answer within a minute: counted, not hidden
                message = await page.locator(".gamekit-message").inner_text()
                out["missing"].append(f"{text}: {message}")
    except Exception as err:  # a page that never loaded, or a wait that ran out: counted
        out["failed"].append(repr(err)[:120])
    finally:
        await context.close()


async def room(base: str, students: int, moves: int, arrive: float, server: int) -> dict:
    from playwright.async_api import async_playwright

    out: dict = {"load": [], "click": [], "reply": [], "failed": [], "missing": [], "full": []}
    rng = random.Random(students)
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path="/usr/bin/chromium")
        delays = sorted(rng.uniform(0, arrive) for _ in range(students))
        peak = [0, 0.0]

        async def watch() -> None:
            while True:
                k, mb = processes(server)
                peak[0], peak[1] = max(peak[0], k), max(peak[1], mb)
                await asyncio.sleep(1)

        watcher = asyncio.ensure_future(watch())
        await asyncio.gather(*(student(browser, base, moves, d, out) for d in delays))
        watcher.cancel()
        await browser.close()
    out["during"] = tuple(peak)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--students", type=int, nargs="+", default=[1, 5, 10, 20])
    ap.add_argument("--moves", type=int, default=3, choices=range(1, len(LINE) + 1))
    ap.add_argument("--arrive", type=float, default=60.0, help="seconds over which they arrive")
    ap.add_argument("--pool", type=int, default=1)
    ap.add_argument("--max", type=int, default=30, help="DEMO_MAX, the room's size")
    ap.add_argument("--class", dest="klass", help="DEMO_CLASS, e.g. coffee:20")
    ap.add_argument("--refill", type=float, help="DEMO_REFILL, seconds before a pool refill")
    ap.add_argument("--server-log", type=Path, help="keep the server's log in this file")
    ap.add_argument("--after", type=float, nargs="+", default=[60.0, 120.0])
    ap.add_argument(
        "--plain", action="store_true", help="Voilà without the room's settings (before them)"
    )
    args = ap.parse_args()

    work = Path(tempfile.mkdtemp(prefix="gamekit-room-"))
    shutil.copytree(ROOT / "apps", work / "apps")
    port = free_port()
    env = {**os.environ, "DEMO_POOL": str(args.pool), "DEMO_MAX": str(args.max)}
    if args.klass:
        env["DEMO_CLASS"] = args.klass
    if args.refill is not None:
        env["DEMO_REFILL"] = str(args.refill)
    where = [str(work / "apps"), "--no-browser", f"--port={port}"]
    if args.plain:  # plain Voilà with the page template only (found through JUPYTER_PATH)
        env["JUPYTER_PATH"] = str(work / "apps/.jupyter")
        command = [VOILA, *where, "--template=gamekit"]
    else:  # make demo's: the room's settings from apps/.jupyter
        command = [*ROOM, *where]
    log = open(args.server_log, "w") if args.server_log else subprocess.DEVNULL
    server = subprocess.Popen(command, env=env, cwd=work, stdout=log,
                              stderr=subprocess.STDOUT)  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(base + "/", timeout=5)
                break
            except OSError:
                time.sleep(1)
        # The pool starts and renders its apps: wait until the number of kernels holds still.
        seen, still = -1, 0
        while still < 3:
            time.sleep(10)
            count = processes(server.pid)[0]
            seen, still = count, (still + 1 if count == seen else 0)
        time.sleep(15)
        setting = (
            "plain (no pool, no culling)"
            if args.plain
            else f"pool {args.pool} per app"
            + (f" and {args.klass} (DEMO_CLASS)" if args.klass else "")
            + f", room of {args.max}"
        )
        kernels, mb = processes(server.pid)
        print(f"Voilà on {base}, {setting}; at rest: {kernels} kernels, {mb:.0f} MB")
        print("N | page load s (median / p90) | click to repaint s | computer reply s | "
              "kernels, MB during | " + " | ".join(f"after {a:.0f} s" for a in args.after)
              + " | sessions broken | told the room is full | replies missing")  # fmt: skip
        for n in args.students:
            cpu0, busy0, t0 = tree_cpu(server.pid), machine_cpu(), time.monotonic()
            out = asyncio.run(room(base, n, args.moves, args.arrive if n > 1 else 0, server.pid))
            span = time.monotonic() - t0
            cpu, busy = tree_cpu(server.pid) - cpu0, machine_cpu() - busy0
            after = []
            waited = 0.0
            for a in args.after:
                time.sleep(a - waited)
                waited = a
                k, mb = processes(server.pid)
                after.append(f"{k}, {mb:.0f}")
            k, mb = out["during"]
            print(f"{n} | {quantiles(out['load'])} | {quantiles(out['click'])} | "
                  f"{quantiles(out['reply'])} | {k}, {mb:.0f} | " + " | ".join(after)
                  + f" | {len(out['failed'])} | {len(out['full'])} | {len(out['missing'])}",
                  flush=True)  # fmt: skip
            print(f"    CPU over the {span:.0f} s of the class: server and kernels {cpu:.0f} s,"
                  f" everything else (the students' browsers) {max(busy - cpu, 0):.0f} s,"
                  f" of {os.cpu_count() * span:.0f} core-seconds")  # fmt: skip
            for why in out["failed"][:3] + out["missing"][:3]:
                print(f"    {why}")
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
