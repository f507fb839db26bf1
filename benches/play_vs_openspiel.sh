#!/usr/bin/env bash
# Games per second per core, side by side in one run: OpenSpiel's C++ maedn engine
# (pyspiel.evaluate_bots with uniform random bots, whole games) against `boardpath play` with the
# random policy under the same rules (openspiel, two players opposite / four players), one thread.
#
#   bash benches/play_vs_openspiel.sh            # needs python3 with open-spiel (see below)
#   OPENSPIEL_PYTHON=/path/venv/bin/python bash benches/play_vs_openspiel.sh
#   BIN=/tmp/other/boardpath bash benches/play_vs_openspiel.sh   # another build, not rebuilt
#
# Both sides are timed in CPU seconds (user + system), which other work on a shared machine
# disturbs far less than the wall clock. OpenSpiel is timed inside Python around the
# evaluate_bots loop only (its import and game load are not counted); boardpath is timed as a
# whole process (start-up, board load and output included; getrusage of the child), so the ratio
# is, if anything, in OpenSpiel's favour. The two alternate three times and the best of each is
# kept, because other work on the machine only ever slows a run down.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${OPENSPIEL_PYTHON:-python3}
if ! "$PY" -c 'import pyspiel' 2>/dev/null; then
    echo "SKIPPED: $PY cannot import pyspiel; python3 -m venv V && V/bin/pip install open-spiel, then OPENSPIEL_PYTHON=V/bin/python" >&2
    exit 1
fi
if [ -z "${BIN:-}" ]; then
    cargo build --release --quiet
    BIN=target/release/boardpath
fi
OS_GAMES=${OS_GAMES:-4000}
BP_GAMES=${BP_GAMES:-200000}
printf '%-8s %14s %14s %8s\n' players openspiel/s boardpath/s ratio
for n in 2 4; do
    os_best=0
    bp_best=0
    for _ in 1 2 3; do
        os=$("$PY" - "$n" "$OS_GAMES" <<'PYEOF'
import sys, time, pyspiel
n, games = int(sys.argv[1]), int(sys.argv[2])
game = pyspiel.load_game("maedn", {"players": n})
bots = [pyspiel.make_uniform_random_bot(i, 1000 + i) for i in range(n)]
t = time.process_time()
for g in range(games):
    pyspiel.evaluate_bots(game.new_initial_state(), bots, g)
print(games / (time.process_time() - t))
PYEOF
)
        bp=$("$PY" - "$BIN" "$n" "$BP_GAMES" <<'PYEOF'
import resource, subprocess, sys
binary, n, games = sys.argv[1], sys.argv[2], int(sys.argv[3])
subprocess.run([binary, "play", "maedn", "--players", n, "--policy", "random", "--games", str(games),
                "--seed", "1", "--threads", "1", "--format", "csv"], check=True, stdout=subprocess.DEVNULL)
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(games / (usage.ru_utime + usage.ru_stime))
PYEOF
)
        os_best=$(echo "if ($os > $os_best) $os else $os_best" | bc -l)
        bp_best=$(echo "if ($bp > $bp_best) $bp else $bp_best" | bc -l)
    done
    printf '%-8s %14.0f %14.0f %7.1fx\n' "$n" "$os_best" "$bp_best" "$(echo "$bp_best / $os_best" | bc -l)"
done
