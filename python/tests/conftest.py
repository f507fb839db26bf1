"""Shared fixtures: the reference numbers are those of the command line's JSON (see each test)."""

import os
import sys
import threading

import pytest


def pytest_report_header(config):
    import boardpath

    return f"boardpath {boardpath.VERSION} (commit {boardpath.COMMIT}) from {boardpath.__file__}"


@pytest.fixture(scope="session")
def maedn():
    import boardpath

    return boardpath.Board.load("maedn")


def required(module: str):
    """Imports `module`; without it the test is skipped, except under CI, where it fails with
    what to install."""
    try:
        return __import__(module)
    except ImportError:
        hint = {"pyspiel": "open-spiel", "matplotlib": "matplotlib", "pandas": "pandas"}.get(
            module, module
        )
        message = f"{module} is not installed: pip install {hint}"
        if os.environ.get("CI"):
            pytest.fail(message + " (required where CI is set)")
        # Also called at a module's top (test_openspiel.py): skip the whole module then.
        pytest.skip(message, allow_module_level=True)


@pytest.fixture(scope="session")
def cli():
    """Runs the `boardpath` command line (BOARDPATH_BIN, or the release build of this checkout)
    and returns its JSON document's results; the Python results must equal them field for field."""
    import json
    import pathlib
    import subprocess

    binary = os.environ.get("BOARDPATH_BIN") or str(
        pathlib.Path(__file__).resolve().parents[2] / "target" / "release" / "boardpath"
    )
    if not os.path.exists(binary):
        message = f"{binary} not built: cargo build --release (or set BOARDPATH_BIN)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)

    def run(*args):
        out = subprocess.run([binary, *args, "--format", "json"], check=True, capture_output=True, text=True)
        return json.loads(out.stdout)["results"]

    run.binary = binary
    return run


def runs_beside(call, attempts=50):
    """Whether another Python thread ran while `call()` ran in this one, over up to `attempts`
    calls: how a test sees that `call` releases the GIL, whatever the machine's speed or load.

    The switch interval is raised meanwhile, so that Python never takes the GIL from this thread on
    its own: with the GIL held through a call the other thread cannot count at all, and the count
    after it equals the count before it exactly. Released, the other thread counts as soon as the
    system schedules it; the call is repeated until it has, so a call too short for one chance, or
    a machine too busy to give one, delays the answer and does not change it."""
    ticks = 0
    done = threading.Event()

    def count():
        nonlocal ticks
        # Each wait releases the GIL: this thread never keeps it from the caller.
        while not done.wait(0.0005):
            ticks += 1

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    counter = threading.Thread(target=count)
    counter.start()
    try:
        for _ in range(attempts):
            before = ticks
            call()
            if ticks > before:
                return True
        return False
    finally:
        done.set()
        counter.join()
        sys.setswitchinterval(interval)
