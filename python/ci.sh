#!/usr/bin/env bash
# CI for the Python package (issue 19), run by .ci/run after the cargo tests: the README's install
# command (`pip install ./python`) into a fresh virtual environment with every test requirement
# from PyPI, clippy on the bindings crate, the README's one-line check, pytest (the suite and the
# docstrings' examples) and the example script. Each missing piece fails with what to install.
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-python3}
if ! command -v "$python" >/dev/null; then
    echo "error: the Python package needs Python 3.9 or later: install python3 (Debian: apt-get install python3 python3-venv)" >&2
    exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if ! "$python" -m venv "$work/venv"; then
    echo "error: '$python -m venv' failed: install the venv module (Debian: apt-get install python3-venv)" >&2
    exit 1
fi
py="$work/venv/bin/python"
"$py" -m pip install -q --upgrade pip
if ! "$py" -m pip install -q maturin pytest numpy pandas open-spiel matplotlib gymnasium pettingzoo; then
    echo "error: could not install the Python test requirements from PyPI: pip install maturin pytest numpy pandas open-spiel matplotlib gymnasium pettingzoo" >&2
    exit 1
fi
# The documented install command, exactly as a researcher runs it.
"$py" -m pip install -q ./python
PYO3_PYTHON="$py" cargo clippy -p boardpath-python --all-targets -- -D warnings
(cd "$work" && "$py" -c "import boardpath; print(boardpath.solve('maedn').total)")
# pytest as docs/python.md gives it, from python/ and from the root, against the installed package
# (the sources in python/python/ are not importable from either); CI=true makes pandas, OpenSpiel,
# matplotlib, Gymnasium and PettingZoo required, not skipped.
cargo build --release --bin boardpath -q
export BOARDPATH_BIN="$PWD/target/release/boardpath"
(cd python && "$py" -m pytest -q -p no:cacheprovider)
"$py" -m pytest -q -p no:cacheprovider
"$py" examples/python/compare_methods.py maedn "$work/compare.png"
test -s "$work/compare.png"
# examples/python/td_agent.py runs in the suite above (tests/test_examples.py, on a small board:
# its exact grades on maedn take minutes).
