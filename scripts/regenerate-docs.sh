#!/usr/bin/env bash
# Rewrites every number the README and docs/ print that the program computes: the generated
# tables, the facts of docs/facts.toml and the console sessions (tests/docs/main.rs says how), from
# the binary built now. `--heavy` also runs the slow ones (a few minutes). Review with `git diff`.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--heavy" ]; then
    export BOARDPATH_DOCS_HEAVY=1
elif [ $# -gt 0 ]; then
    echo "usage: bash scripts/regenerate-docs.sh [--heavy]" >&2
    exit 2
fi
BOARDPATH_DOCS_REGENERATE=1 cargo test --release --test docs
# A second run checks that the rewritten pages now agree (and fails on what needs a person).
cargo test --release --test docs
