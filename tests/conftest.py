"""Hypothesis profiles for the whole suite, and the fuzzing session (``make fuzz``).

- ``ci`` (the default, ``make test``): few examples, derandomized (the same examples every
  run, so CI is deterministic), no deadline.
- ``fuzz`` (``GAMEKIT_FUZZ_MINUTES=10``, which ``make fuzz`` sets): the hypothesis targets of
  ``tests/test_fuzz.py`` share the minutes. Each runs chunk after chunk of examples (sized to
  fit the time left), every chunk seeded from ``GAMEKIT_FUZZ_SEED`` (random unless given,
  printed at the end), with a 2 s deadline per example; at the end the inputs tried per
  target are printed (also with ``-v`` in a plain run).

``HYPOTHESIS_PROFILE=name`` or ``--hypothesis-profile=name`` chooses a profile too.
"""

from __future__ import annotations

import os
import random
import sys
import time

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import seed as hypothesis_seed

settings.register_profile(
    "ci",
    max_examples=10,
    derandomize=True,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "fuzz",
    max_examples=50,  # per chunk; chunks repeat until the target's share of the minutes
    deadline=2000,
    print_blob=True,
    report_multiple_bugs=False,  # shrink the first failure only: minutes stay minutes
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

FUZZ_MINUTES = float(os.environ.get("GAMEKIT_FUZZ_MINUTES") or 0)
FUZZ_SEED = int(os.environ.get("GAMEKIT_FUZZ_SEED") or random.SystemRandom().getrandbits(32))
settings.load_profile("fuzz" if FUZZ_MINUTES else os.environ.get("HYPOTHESIS_PROFILE", "ci"))

_share: dict[str, float] = {}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "fuzz: a fuzz target (tests/test_fuzz.py)")


def pytest_report_header(config: pytest.Config) -> list[str]:
    if not FUZZ_MINUTES:
        return []
    return [
        f"fuzzing for {FUZZ_MINUTES:g} minutes, seed {FUZZ_SEED} "
        f"(GAMEKIT_FUZZ_SEED={FUZZ_SEED} draws the same seeds again)"
    ]


def pytest_collection_finish(session: pytest.Session) -> None:
    """Share the minutes among the fuzz targets selected (after ``-k`` and the like)."""
    targets = [
        item
        for item in session.items
        if item.get_closest_marker("fuzz") is not None
        and hasattr(getattr(item, "obj", None), "hypothesis")
    ]
    for item in targets:
        _share[item.nodeid] = FUZZ_MINUTES * 60 / max(1, len(targets))


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """Under ``make fuzz``, run a fuzz target chunk after chunk until its time is up."""
    fn = pyfuncitem.obj
    if not FUZZ_MINUTES or pyfuncitem.nodeid not in _share or not hasattr(fn, "hypothesis"):
        return None
    kwargs = {name: pyfuncitem.funcargs[name] for name in pyfuncitem._fixtureinfo.argnames}
    base = fn._hypothesis_internal_use_settings
    old_seed = getattr(fn, "_hypothesis_internal_use_seed", None)
    start = time.monotonic()
    end = start + _share[pyfuncitem.nodeid]
    chunk, size, done = 0, min(base.max_examples, 10), 0
    try:
        while True:
            fn._hypothesis_internal_use_settings = settings(base, max_examples=size)
            hypothesis_seed(f"{FUZZ_SEED}/{pyfuncitem.nodeid}/{chunk}")(fn)
            try:
                fn(**kwargs)
            except BaseException as err:
                err.add_note(
                    f"fuzz chunk {chunk} of {pyfuncitem.nodeid}: "
                    f"GAMEKIT_FUZZ_SEED={FUZZ_SEED} draws the same seeds again"
                )
                raise
            chunk, done = chunk + 1, done + size
            now = time.monotonic()
            if now >= end:
                break
            # the next chunk: as many examples as fit in the time left, the profile's at most
            each = (now - start) / done
            size = int(min(base.max_examples, (end - now) / each))
            if size < min(10, base.max_examples):
                break  # a chunk this small is not worth starting
    finally:
        fn._hypothesis_internal_use_settings = base
        fn._hypothesis_internal_use_seed = old_seed
    return True


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    """The inputs tried per target (under ``make fuzz``, or with ``-v``)."""
    if not (FUZZ_MINUTES or config.option.verbose > 0):
        return
    fuzzing = sys.modules.get("fuzzing")
    if fuzzing is None:
        return
    lines = fuzzing.summary()
    if lines:
        terminalreporter.section("fuzzing: inputs tried per target")
        for line in lines:
            terminalreporter.write_line(line)
        if FUZZ_MINUTES:
            terminalreporter.write_line(
                f"\n{FUZZ_MINUTES:g} minutes with seed {FUZZ_SEED}: "
                f"make fuzz FUZZ_SEED={FUZZ_SEED} draws the same seeds again"
            )
