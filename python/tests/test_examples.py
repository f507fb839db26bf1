"""The examples run: `examples/python/td_agent.py` trains its agent a little on a small board and
grades it exactly (the untrained agent plays the first legal action, so its first grade is that
strategy's exact worth); the figure is written where matplotlib is present."""

import os
import re
import subprocess
import sys

import pytest

import boardpath

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
RING16 = os.path.join(ROOT, "tests", "boards", "ring16.toml")
TD_AGENT = os.path.join(ROOT, "examples", "python", "td_agent.py")


def test_the_td_agent_trains_and_is_graded_exactly(tmp_path):
    pytest.importorskip("numpy")
    have_plot = True
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            raise
        have_plot = False
    figure = tmp_path / "td.png"
    args = [sys.executable, TD_AGENT, "--board", RING16, "--at", "0,60", "--envs", "8"]
    run = subprocess.run(args + (["--out", str(figure)] if have_plot else []),
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr
    rows = re.findall(r"^\s*(\d+) training games\s+against optimal: ([\d.]+) first, ([\d.]+) second"
                      r".*exploitability ([\d.]+)", run.stdout, re.M)
    assert len(rows) == 2 and rows[0][0] == "0" and int(rows[1][0]) >= 60, run.stdout
    s = boardpath.Strategies(RING16, pieces=2)
    first_legal = boardpath.vectorised(lambda steps, rolls, masks: masks.argmax(axis=1))
    assert float(rows[0][1]) == pytest.approx(s.pair(first_legal, "optimal")["first_player_wins"], abs=6e-5)
    assert all(0 <= float(r[3]) <= 1 for r in rows)
    if have_plot:
        assert figure.stat().st_size > 0
