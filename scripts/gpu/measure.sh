#!/usr/bin/env bash
# The GPU and many-core measurements of docs/game-solve.md ("On a GPU"), on a machine with an
# NVIDIA GPU, CuPy and the release binary: the 2-piece graph solved on the GPU and checked against
# the CPU solver's table, the update's cost on 2 to 16 threads, the 2-piece solve on 1 to 16
# threads, and the 3-piece graph written on every core and solved on the GPU.
#
#   cargo build --release && bash scripts/gpu/measure.sh OUTDIR
#
# OUTDIR receives log.txt and the GPU solver's reports (gpu2.json, gpu3.json). The graphs (9.4 GB
# for 3 pieces) go to $WORK, by default /dev/shm/boardpath-gpu where it has room, else /tmp.
set -u -o pipefail
out=${1:?usage: measure.sh OUTDIR}
bin=${BOARDPATH_BIN:-target/release/boardpath}
if [ -z "${WORK:-}" ]; then
  WORK=/tmp/boardpath-gpu
  if [ "$(df --output=avail -B1G /dev/shm 2>/dev/null | tail -1)" -ge 24 ] 2>/dev/null; then
    WORK=/dev/shm/boardpath-gpu
  fi
fi
export PYTHONUNBUFFERED=1
mkdir -p "$out" "$WORK"
timed() { /usr/bin/time -f "%e s wall, %U s user, %S s system, %M kB max RSS" "$@"; }
command -v /usr/bin/time >/dev/null || timed() { time "$@"; }
{
  echo "## machine"
  nproc
  nvidia-smi -L
  python3 -c "import cupy; print('cupy', cupy.__version__)"
  free -g | head -2
  echo "## 2 pieces: the graph, the CPU solver's table, the graph solved on the GPU"
  "$bin" solve-game --pieces 2 --export-graph "$WORK/g2" 2>/dev/null
  "$bin" solve-game --pieces 2 --out "$WORK/t2.bin" 2>/dev/null | sed -n 3,6p
  python3 scripts/gpu/solve_graph.py "$WORK/g2" --table "$WORK/t2.bin" --json "$out/gpu2.json"
  echo "## the cost of an update in the 3-piece largest layer, on 2 to 16 threads"
  for t in 2 4 8 16; do
    echo "threads $t"
    "$bin" solve-game --pieces 3 --plan --measure --threads "$t" 2>/dev/null |
      grep -E "^(cost of an update|threads) "
  done
  echo "## the 2-piece solve on 1 to 16 threads"
  for t in 1 2 4 8 16; do
    echo "threads $t"
    timed "$bin" solve-game --pieces 2 --threads "$t" 2>&1 | grep -E "^(sweeps|time) |wall"
  done
  echo "## 3 pieces: the graph written on every core, then solved on the GPU"
  timed "$bin" solve-game --pieces 3 --export-graph "$WORK/g3" 2>&1 | grep -v "^graph: "
  du -sb "$WORK/g3"
  python3 scripts/gpu/solve_graph.py "$WORK/g3" --json "$out/gpu3.json"
} 2>&1 | tee "$out/log.txt"
