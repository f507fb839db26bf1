"""`scripts/gpu/solve_graph.py`, the outside solver of `solve-game --export-graph`: its NumPy
reference, and the GPU kernel's own source compiled for the CPU (`--backend emulate`), each solve
the exported 1-piece graph to the value and bounds of the command line's own solver and agree with
its value table position by position; a directory of another format is refused with what it holds
and what was expected."""

import json
import os
import shutil
import subprocess
import sys

import pytest

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
SOLVER = os.path.join(ROOT, "scripts", "gpu", "solve_graph.py")


@pytest.mark.parametrize("backend", ["numpy", "emulate"])
def test_the_exported_graph_solves_to_the_command_lines_value(cli, tmp_path, backend):
    pytest.importorskip("numpy")
    if backend == "emulate" and shutil.which("cc") is None:
        message = "NO C COMPILER (cc): the GPU kernel's source is not checked on the CPU"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    graph, table, report = tmp_path / "g1", tmp_path / "t1.bin", tmp_path / "r.json"
    subprocess.run([cli.binary, "solve-game", "--pieces", "1", "--export-graph", str(graph)], check=True, capture_output=True)
    subprocess.run([cli.binary, "solve-game", "--pieces", "1", "--out", str(table)], check=True, capture_output=True)
    expected = cli("solve-game", "--pieces", "1")
    subprocess.run(
        [sys.executable, SOLVER, str(graph), "--backend", backend, "--table", str(table), "--json", str(report)],
        check=True,
        capture_output=True,
    )
    got = json.loads(report.read_text())
    assert got["positions"] == expected["positions"] == 1641
    # Two certified intervals around one value overlap, and each is at most 1e-10 wide.
    assert got["lower"] <= expected["first_player_upper"] and expected["first_player_lower"] <= got["upper"]
    assert got["upper"] - got["lower"] <= 1e-10
    assert abs(got["first_player_wins"] - 0.523984914) < 1e-9
    # Every position: the table's stored value is within its error, the bounds' middle within its gap.
    assert got["table_max_difference"] < 2e-10
    assert got["sweeps"] == sum(layer["sweeps"] for layer in got["layers"])
    # Passes solved in closed form with their partners (passes.u8), as the CPU solver does: the
    # Jacobi sweeps of NumPy take 119 (171 without); the emulated kernel, in place by descending
    # sweep key (keys.u32) as the CPU solver goes (13 sweeps, 14,737 updates), takes 12 (146 in
    # rank order without the closed form).
    assert (got["sweeps"], got["updates"]) == {"numpy": (119, 143994), "emulate": (12, 14318)}[backend]


def test_a_directory_of_another_format_is_refused(tmp_path):
    pytest.importorskip("numpy")
    (tmp_path / "graph.json").write_text(json.dumps({"format": "something/9"}))
    out = subprocess.run([sys.executable, SOLVER, str(tmp_path), "--backend", "numpy"], capture_output=True, text=True)
    assert out.returncode == 1
    assert "something/9" in out.stderr and "boardpath.game-graph/2" in out.stderr


@pytest.mark.parametrize("name", ["passes.u8", "keys.u32"])
def test_a_short_array_is_refused_with_its_length(cli, tmp_path, name):
    pytest.importorskip("numpy")
    graph = tmp_path / "g1"
    subprocess.run([cli.binary, "solve-game", "--pieces", "1", "--export-graph", str(graph)], check=True, capture_output=True)
    path = graph / name
    data = path.read_bytes()
    width = 4 if name.endswith("u32") else 1
    path.write_bytes(data[: len(data) - 3 * width])
    out = subprocess.run([sys.executable, SOLVER, str(graph), "--backend", "numpy"], capture_output=True, text=True)
    assert out.returncode == 1
    stem = name.split(".")[0]
    assert f"{stem} holds 1638 entries, expected 1641" in out.stderr, out.stderr
