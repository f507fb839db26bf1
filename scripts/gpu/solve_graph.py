#!/usr/bin/env python3
"""Solves a game graph written by `boardpath solve-game --export-graph DIR` with certified bounds,
on a GPU (CuPy, one CUDA thread a position), with NumPy (the reference, for small graphs), or with
the GPU kernel's own source compiled for the CPU (`--backend emulate`, to check it without a GPU).

Both iterate a lower and an upper bound on every position's win probability for the player to
move, layer by layer in the graph's solving order, from 0 and 1, until every position's bounds
are at most --gap apart: a move to the other player takes the other kind of bound (`1 - upper`
into the lower, `1 - lower` into the upper), a roll is worth its best move (or their mean where
the graph says the mover picks at random), a position the probability-weighted sum of its rolls.
The update is monotone, so any order keeps both bounds valid: the GPU updates in place, threads
reading whatever their successors' bounds hold (both bounds of a position side by side), NumPy all positions from the previous sweep (Jacobi).
A position whose bounds are within half the gap is not updated again.

    python3 scripts/gpu/solve_graph.py DIR [--backend cupy|numpy|emulate] [--table FILE] [--json OUT]

`--table FILE` compares every value with a table written by `solve-game --out FILE` (one JSON
header line, then a little-endian u32 per position: round(v * (2^32 - 1))).
"""

import argparse
import json
import os
import sys
import tempfile
import time

import numpy as np

KERNEL = r"""
extern "C" __global__ void sweep(
    const unsigned long long* __restrict__ offsets,
    const unsigned char* __restrict__ counts,
    const unsigned char* __restrict__ means,
    const unsigned int* __restrict__ outcomes,
    const double* __restrict__ probs,
    double2* bounds,
    long long first, long long n, int rolls, double freeze)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    long long p = first + i;
    double2 own = bounds[p];
    double l0 = own.x, h0 = own.y;
    if (h0 - l0 <= freeze) return;
    unsigned long long k = offsets[p];
    const unsigned char* c = counts + p * rolls;
    unsigned int mean = means[p];
    double L = 0.0, H = 0.0;
    for (int r = 0; r < rolls; r++) {
        int m = c[r];
        bool avg = (mean >> r) & 1;
        double l = avg ? 0.0 : -1.0, h = avg ? 0.0 : -1.0;
        for (int t = 0; t < m; t++, k++) {
            unsigned int x = outcomes[k];
            unsigned int j = x >> 2;
            double a, b;
            switch (x & 3) {
                case 0: a = 1.0; b = 1.0; break;
                case 1: a = 0.0; b = 0.0; break;
                case 2: { double2 s = bounds[j]; a = s.x; b = s.y; } break;
                default: { double2 s = bounds[j]; a = 1.0 - s.y; b = 1.0 - s.x; } break;
            }
            if (avg) { l += a; h += b; } else { l = fmax(l, a); h = fmax(h, b); }
        }
        if (avg) { l /= m; h /= m; }
        L += probs[r] * l;
        H += probs[r] * h;
    }
    bounds[p] = make_double2(fmax(l0, L), fmin(h0, H));
}
"""

FORMAT = "boardpath.game-graph/1"


def load(directory):
    """The graph's header and its four arrays (memory-mapped)."""
    with open(f"{directory}/graph.json", encoding="utf-8") as f:
        header = json.load(f)
    if header.get("format") != FORMAT:
        sys.exit(f"{directory}/graph.json: format {header.get('format')!r}, expected {FORMAT!r}")
    n, rolls = header["positions"], header["rolls"]
    arrays = {
        "offsets": np.memmap(f"{directory}/offsets.u64", dtype="<u8", mode="r"),
        "counts": np.memmap(f"{directory}/counts.u8", dtype="u1", mode="r"),
        "means": np.memmap(f"{directory}/means.u8", dtype="u1", mode="r"),
        "outcomes": np.memmap(f"{directory}/outcomes.u32", dtype="<u4", mode="r"),
    }
    expected = {"offsets": n + 1, "counts": n * rolls, "means": n, "outcomes": header["outcomes"]}
    for name, want in expected.items():
        if len(arrays[name]) != want:
            sys.exit(f"{directory}: {name} holds {len(arrays[name])} entries, expected {want}")
    return header, arrays


def numpy_sweep(arrays, probs, lo, hi, first, end, freeze):
    """One Jacobi sweep of positions first..end; the largest gap and the positions updated."""
    rolls = len(probs)
    o0, o1 = int(arrays["offsets"][first]), int(arrays["offsets"][end])
    out = np.asarray(arrays["outcomes"][o0:o1])
    kind, j = out & 3, (out >> 2).astype(np.int64)
    a = np.select([kind == 0, kind == 1, kind == 2], [1.0, 0.0, lo[j]], 1.0 - hi[j])
    b = np.select([kind == 0, kind == 1, kind == 2], [1.0, 0.0, hi[j]], 1.0 - lo[j])
    counts = np.asarray(arrays["counts"][first * rolls : end * rolls]).astype(np.int64)
    starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    mean = (np.asarray(arrays["means"][first:end])[:, None] >> np.arange(rolls)) & 1
    mean = mean.reshape(-1).astype(bool)
    l = np.where(mean, np.add.reduceat(a, starts) / counts, np.maximum.reduceat(a, starts))
    h = np.where(mean, np.add.reduceat(b, starts) / counts, np.maximum.reduceat(b, starts))
    new_lo = (l.reshape(-1, rolls) * probs).sum(axis=1)
    new_hi = (h.reshape(-1, rolls) * probs).sum(axis=1)
    old = hi[first:end] - lo[first:end]
    active = old > freeze
    lo[first:end] = np.where(active, np.maximum(lo[first:end], new_lo), lo[first:end])
    hi[first:end] = np.where(active, np.minimum(hi[first:end], new_hi), hi[first:end])
    return float((hi[first:end] - lo[first:end]).max()), int(active.sum())


# The kernel compiled as C for the CPU (`--backend emulate`): CUDA's names for what C spells
# otherwise, and a loop over the positions in place of the grid.
C_PRELUDE = r"""
#include <math.h>
#include <stdbool.h>
typedef struct { double x, y; } double2;
static double2 make_double2(double x, double y) { double2 d = {x, y}; return d; }
static struct { long long x; } blockIdx, blockDim, threadIdx;
#define __global__
#define __restrict__ restrict
"""

C_DRIVER = r"""
void run(const unsigned long long* offsets, const unsigned char* counts, const unsigned char* means,
         const unsigned int* outcomes, const double* probs, double2* bounds,
         long long first, long long n, int rolls, double freeze)
{
    blockDim.x = 1;
    threadIdx.x = 0;
    for (long long i = 0; i < n; i++) {
        blockIdx.x = i;
        sweep(offsets, counts, means, outcomes, probs, bounds, first, n, rolls, freeze);
    }
}
"""


def emulated_kernel(workdir):
    """The CUDA kernel's source compiled by the C compiler (`cc`), for checking it without a GPU:
    the positions run one after another, in place, as one thread a block would run them."""
    import ctypes
    import subprocess

    source = os.path.join(workdir, "kernel.c")
    library = os.path.join(workdir, "kernel.so")
    with open(source, "w", encoding="utf-8") as f:
        f.write(C_PRELUDE + KERNEL.replace('extern "C" ', "") + C_DRIVER)
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-o", library, source, "-lm"], check=True)
    run = ctypes.CDLL(library).run
    run.argtypes = [ctypes.c_void_p] * 6 + [ctypes.c_longlong, ctypes.c_longlong, ctypes.c_int, ctypes.c_double]
    run.restype = None
    return run


def kernel_sweeper(header, arrays, backend, probs, freeze, workdir):
    """The kernel's bounds (both of a position side by side: one 16-byte read a successor), a
    sweep of positions first..end, and the seconds the upload took: on the GPU with CuPy, or
    compiled for the CPU."""
    n, rolls = header["positions"], len(probs)
    if backend == "cupy":
        import cupy as cp

        started = time.perf_counter()
        dev = {name: cp.asarray(np.asarray(a)) for name, a in arrays.items()}
        dprobs = cp.asarray(probs)
        bounds = cp.zeros((n, 2), dtype=cp.float64)
        bounds[:, 1] = 1.0
        cp.cuda.Device().synchronize()
        upload = time.perf_counter() - started
        kernel = cp.RawKernel(KERNEL, "sweep")

        def sweep(first, end):
            threads = 256
            blocks = (end - first + threads - 1) // threads
            args = (dev["offsets"], dev["counts"], dev["means"], dev["outcomes"], dprobs, bounds)
            kernel((blocks,), (threads,), args + (np.int64(first), np.int64(end - first), np.int32(rolls), np.float64(freeze)))

        return bounds, sweep, upload
    run = emulated_kernel(workdir)
    host = {name: np.ascontiguousarray(np.asarray(a)) for name, a in arrays.items()}
    bounds = np.zeros((n, 2))
    bounds[:, 1] = 1.0
    pointers = [host[k].ctypes.data for k in ("offsets", "counts", "means", "outcomes")]
    pointers += [probs.ctypes.data, bounds.ctypes.data]

    def sweep(first, end):
        run(*pointers, first, end - first, rolls, freeze)

    return bounds, sweep, 0.0


def solve(header, arrays, backend, gap, max_sweeps, workdir):
    """Bounds for every position, layer by layer; what each layer took."""
    n = header["positions"]
    probs = np.array(header["roll_probabilities"], dtype=np.float64)
    freeze = gap / 2
    reports = []
    if backend == "numpy":
        upload = 0.0
        lo, hi = np.zeros(n), np.ones(n)
    else:
        bounds, sweep, upload = kernel_sweeper(header, arrays, backend, probs, freeze, workdir)
    solve_started = time.perf_counter()
    for first, end in header["layers"]:
        layer_started = time.perf_counter()
        sweeps = updates = 0
        worst = 1.0
        while True:
            if sweeps == max_sweeps:
                sys.exit(f"layer {first}..{end}: bounds {worst:e} apart after {sweeps} sweeps")
            if backend == "numpy":
                worst, active = numpy_sweep(arrays, probs, lo, hi, first, end, freeze)
                updates += active
            else:
                updates += int((bounds[first:end, 1] - bounds[first:end, 0] > freeze).sum())
                sweep(first, end)
                worst = float((bounds[first:end, 1] - bounds[first:end, 0]).max())
            sweeps += 1
            if worst <= gap:
                break
        reports.append(
            {
                "positions": end - first,
                "sweeps": sweeps,
                "updates": updates,
                "gap": worst,
                "seconds": time.perf_counter() - layer_started,
            }
        )
    if backend == "cupy":
        import cupy as cp

        cp.cuda.Device().synchronize()
        bounds = cp.asnumpy(bounds)
    if backend != "numpy":
        lo, hi = bounds[:, 0], bounds[:, 1]
    seconds = time.perf_counter() - solve_started
    return lo, hi, reports, upload, seconds


def compare(table, lo, hi):
    """The largest difference between the bounds' middles and a value table's stored values."""
    with open(table, "rb") as f:
        line = f.readline()
        head = json.loads(line)
        stored = np.fromfile(f, dtype="<u4")
    if len(stored) != len(lo):
        sys.exit(f"{table}: {len(stored)} values, the graph has {len(lo)} positions")
    values = stored.astype(np.float64) / 4294967295.0
    return float(np.abs((lo + hi) / 2 - values).max()), head


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("graph", help="the directory solve-game --export-graph wrote")
    parser.add_argument(
        "--backend",
        choices=["cupy", "numpy", "emulate"],
        default="cupy",
        help="cupy: the kernel on the GPU; numpy: Jacobi sweeps (the reference); emulate: the "
        "kernel's source compiled by the C compiler and run on the CPU, to check it without a GPU",
    )
    parser.add_argument("--gap", type=float, default=1e-10, help="bounds at most this apart")
    parser.add_argument("--max-sweeps", type=int, default=100000)
    parser.add_argument("--table", help="a value table to compare every value with")
    parser.add_argument("--json", help="write the report here as JSON")
    args = parser.parse_args()
    loaded = time.perf_counter()
    header, arrays = load(args.graph)
    if args.backend == "cupy":
        # Read the arrays into memory before the clock of the upload starts.
        arrays = {name: np.array(a) for name, a in arrays.items()}
    loaded = time.perf_counter() - loaded
    with tempfile.TemporaryDirectory() as workdir:
        lo, hi, reports, upload, seconds = solve(header, arrays, args.backend, args.gap, args.max_sweeps, workdir)
    s = header["start"]
    updates = sum(r["updates"] for r in reports)
    report = {
        "game": header["game"],
        "backend": args.backend,
        "positions": header["positions"],
        "first_player_wins": (lo[s] + hi[s]) / 2,
        "lower": float(lo[s]),
        "upper": float(hi[s]),
        "gap": max(r["gap"] for r in reports),
        "sweeps": sum(r["sweeps"] for r in reports),
        "updates": updates,
        "read_seconds": loaded,
        "upload_seconds": upload,
        "solve_seconds": seconds,
        "nanoseconds_an_update": seconds / max(updates, 1) * 1e9,
        "layers": reports,
    }
    if args.backend == "cupy":
        import cupy as cp

        report["device"] = cp.cuda.runtime.getDeviceProperties(0)["name"].decode()
    if args.table:
        diff, head = compare(args.table, lo, hi)
        report["table_max_difference"] = diff
        report["table_first_player_wins"] = head["first_player_wins"]
    print(
        f"{report['game']}: first player wins {report['first_player_wins']:.12f} "
        f"in [{report['lower']:.12f}, {report['upper']:.12f}], "
        f"{report['sweeps']} sweeps, {updates} updates, {seconds:.2f} s "
        f"({report['nanoseconds_an_update']:.2f} ns an update) on {args.backend}"
    )
    for i, r in enumerate(reports):
        print(
            f"  layer {i + 1}: {r['positions']} positions, {r['sweeps']} sweeps, "
            f"{r['updates']} updates, gap {r['gap']:.1e}, {r['seconds']:.2f} s"
        )
    if "table_max_difference" in report:
        print(f"  largest difference from the table: {report['table_max_difference']:.2e}")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=2)


if __name__ == "__main__":
    main()
