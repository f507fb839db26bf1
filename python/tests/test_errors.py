"""Errors: every one a boardpath.Error with the command line's message; no panic reaches Python
as anything but InternalError."""

import subprocess
import sys

import pytest

import boardpath
from boardpath import _native


def test_hierarchy():
    for cls in (boardpath.BoardError, boardpath.SolveError, boardpath.DiceError, boardpath.GameError, boardpath.ArgumentError, boardpath.InternalError):
        assert issubclass(cls, boardpath.Error) and issubclass(cls, Exception)
    assert boardpath.BoardError.__module__ == "boardpath"
    assert boardpath.BoardError.__name__ == "BoardError"


def test_a_panic_becomes_internal_error():
    with pytest.raises(boardpath.InternalError, match=r"internal error \(please report\): boom"):
        _native._panic_for_tests("boom")
    # The interpreter goes on.
    assert boardpath.solve("maedn").total == 83047


def test_message_is_the_clis(cli, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[board]\nname = "x"\nunit = 3\n')
    with pytest.raises(boardpath.BoardError) as e:
        boardpath.Board.load(bad)
    out = subprocess.run([cli.binary, "solve", str(bad)], capture_output=True, text=True)
    assert out.returncode == 1
    assert out.stderr.strip() == f"error: {e.value}"
    assert str(e.value).startswith(f"{bad}:3:8: ")


def test_no_traceback_from_rust_on_bad_input(tmp_path):
    # Bad input is an exception with one message: nothing printed on standard error.
    code = "import boardpath\ntry:\n    boardpath.solve('nope')\nexcept boardpath.Error as e:\n    print(type(e).__name__)\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert out.stdout.strip() == "BoardError" and out.stderr == ""
