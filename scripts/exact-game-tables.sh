#!/usr/bin/env bash
# The exact two-player game on every embedded board, under every rule switch, and the exact worth
# of the named strategies: the runs behind docs/game-solve.md's tables, written to
# docs/runs/exact-game.md (command, output and /usr/bin/time -v of each). Takes about an hour of
# CPU on a 2-core machine. Usage: bash scripts/exact-game-tables.sh [PATH-TO-BOARDPATH]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-target/release/boardpath}
out=docs/runs/exact-game.md
tmp=$(mktemp)
trap 'rm -f "$tmp" "$tmp.err"' EXIT
{
  echo "# The exact game on every board, every rule, and the worth of strategies: the runs on record"
  echo
  echo "Written by \`bash scripts/exact-game-tables.sh\` at commit \`$(git rev-parse --short HEAD)\`"
  echo "(release build), $(date -u '+%Y-%m-%d %H:%M UTC'), on $(nproc) cores ($(uname -m)), other work"
  echo "running beside it. Each run: the command, its standard output, its CPU time and peak memory."
  echo
} > "$tmp.head"
run() {
  local args="$*"
  /usr/bin/time -v "$bin" $args > "$tmp" 2> "$tmp.err"
  {
    echo "## boardpath $args"
    echo
    echo '```'
    cat "$tmp"
    echo '```'
    echo
    echo "CPU $(grep 'User time' "$tmp.err" | awk '{print $4}') s user + $(grep 'System time' "$tmp.err" | awk '{print $4}') s system, peak $(grep 'Maximum resident' "$tmp.err" | awk '{print $6}') KB"
    echo
  } >> "$tmp.head"
  cp "$tmp.head" "$out.partial"
}
for k in 1 2; do
  for board in maedn maedn-official ludo parcheesi maedn-6; do
    run solve-game $board --pieces $k
  done
done
for switch in bonus-roll=false must-enter=false tries=3 compulsory-capture=true jump-in-goal=false \
  first-piece-out=true three-bonus-forfeit=true enter-on=5 clear-start=false; do
  run solve-game maedn --pieces 2 --rules openspiel,$switch
done
run solve-game maedn --pieces 2 --rules schmidt
run solve-game maedn --pieces 2 --rules ludo
for p in random front rear aggressive defensive solitaire; do
  run solve-game maedn --pieces 2 --exploitability $p
done
run solve-game maedn --pieces 2 --matrix named
mv "$tmp.head" "$out"
rm -f "$out.partial"
