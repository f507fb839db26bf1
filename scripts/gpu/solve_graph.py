#!/usr/bin/env python3
"""Solves a game graph written by `boardpath solve-game --export-graph DIR` with certified bounds,
on a GPU (CuPy, one CUDA thread a position), with NumPy (the reference, for small graphs), or with
the GPU kernel's own source compiled for the CPU (`--backend emulate`, to check it without a GPU).

Both iterate a lower and an upper bound on every position's win probability for the player to
move, layer by layer in the graph's solving order, from 0 and 1, until every position's bounds
are at most --gap apart: a move to the other player takes the other kind of bound (`1 - upper`
into the lower, `1 - lower` into the upper), a roll is worth its best move (or their mean where
the graph says the mover picks at random), a position the probability-weighted sum of its rolls;
a position's self-loops and the partner its pass leads to (passes.u8) are solved in closed form,
as the CPU solver solves them. The update is monotone, so any order keeps both bounds valid: the
kernel updates in place, bucket after bucket of descending sweep key (keys.u32, the CPU solver's
order, so that one sweep settles every race), threads reading whatever their successors' bounds
hold (both bounds of a position side by side); NumPy updates a whole layer from the previous
sweep (Jacobi, in rank order). A position whose bounds are within half the gap is not updated
again.

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
// A position's bounds split as rest + stay * v(p) + pass * (1 - v(partner)): stay is the chance
// of rolls whose only move keeps the position, pass of rolls whose only move hands the partner
// the turn; rest holds both kinds of bound (the CPU solver's split, docs/game-solve.md).
struct Split { double lo, hi, stay, pass; };

__device__ static struct Split split_of(
    const unsigned long long* __restrict__ offsets,
    const unsigned char* __restrict__ counts,
    const unsigned char* __restrict__ means,
    const unsigned int* __restrict__ outcomes,
    const double* __restrict__ probs,
    const double2* bounds,
    long long p, long long partner, int rolls)
{
    struct Split s = {0.0, 0.0, 0.0, 0.0};
    unsigned long long k = offsets[p];
    const unsigned char* c = counts + p * rolls;
    unsigned int mean = means[p];
    for (int r = 0; r < rolls; r++) {
        int m = c[r];
        if (m == 1) {
            unsigned int x = outcomes[k];
            long long j = x >> 2;
            if ((x & 3) == 2 && j == p) { s.stay += probs[r]; k++; continue; }
            if ((x & 3) == 3 && j == partner) { s.pass += probs[r]; k++; continue; }
        }
        bool avg = (mean >> r) & 1;
        double l = avg ? 0.0 : -1.0, h = avg ? 0.0 : -1.0;
        for (int t = 0; t < m; t++, k++) {
            unsigned int x = outcomes[k];
            unsigned int j = x >> 2;
            double a, b;
            switch (x & 3) {
                case 0: a = 1.0; b = 1.0; break;
                case 1: a = 0.0; b = 0.0; break;
                case 2: { double2 v = bounds[j]; a = v.x; b = v.y; } break;
                default: { double2 v = bounds[j]; a = 1.0 - v.y; b = 1.0 - v.x; } break;
            }
            if (avg) { l += a; h += b; } else { l = fmax(l, a); h = fmax(h, b); }
        }
        if (avg) { l /= m; h /= m; }
        s.lo += probs[r] * l;
        s.hi += probs[r] * h;
    }
    return s;
}

// The position a pass leads to (the first roll of passes.u8 whose only move hands the turn
// over), or -1.
__device__ static long long partner_of(
    const unsigned long long* __restrict__ offsets,
    const unsigned char* __restrict__ counts,
    const unsigned char* __restrict__ passes,
    const unsigned int* __restrict__ outcomes,
    long long p, int rolls)
{
    unsigned long long k = offsets[p];
    const unsigned char* c = counts + p * rolls;
    for (int r = 0; r < rolls; r++) {
        if (((passes[p] >> r) & 1) && c[r] == 1 && (outcomes[k] & 3) == 3) return outcomes[k] >> 2;
        k += c[r];
    }
    return -1;
}

// One thread a position of order[first .. first + n] (one bucket of a sweep key), in place: its
// self-loops and its pass partner solved in closed form (v(p) = a1 - b1 v(q), v(q) = a2 - b2 v(p)),
// the lower bound of p from the upper of q.
extern "C" __global__ void sweep(
    const unsigned int* __restrict__ order,
    const unsigned long long* __restrict__ offsets,
    const unsigned char* __restrict__ counts,
    const unsigned char* __restrict__ means,
    const unsigned char* __restrict__ passes,
    const unsigned int* __restrict__ outcomes,
    const double* __restrict__ probs,
    double2* bounds,
    long long first, long long n, int rolls, double freeze)
{
    long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    long long p = order[first + i];
    double2 own = bounds[p];
    if (own.y - own.x <= freeze) return;
    long long q = partner_of(offsets, counts, passes, outcomes, p, rolls);
    struct Split s = split_of(offsets, counts, means, outcomes, probs, bounds, p, q, rolls);
    if (s.stay >= 1.0) return;
    double keep = 1.0 - s.stay;
    double lo = (s.lo + s.pass) / keep, hi = (s.hi + s.pass) / keep, b1 = s.pass / keep;
    if (q >= 0) {
        struct Split t = split_of(offsets, counts, means, outcomes, probs, bounds, q, p, rolls);
        if (t.stay >= 1.0) {
            double2 v = bounds[q];
            lo -= b1 * v.y;
            hi -= b1 * v.x;
        } else {
            double keep2 = 1.0 - t.stay;
            double a2lo = (t.lo + t.pass) / keep2, a2hi = (t.hi + t.pass) / keep2;
            double d = 1.0 - b1 * (t.pass / keep2);
            double l = (lo - b1 * a2hi) / d, h = (hi - b1 * a2lo) / d;
            lo = l;
            hi = h;
        }
    }
    bounds[p] = make_double2(fmax(own.x, lo), fmin(own.y, hi));
}
"""

FORMAT = "boardpath.game-graph/2"


def load(directory):
    """The graph's header and its six arrays (memory-mapped)."""
    with open(f"{directory}/graph.json", encoding="utf-8") as f:
        header = json.load(f)
    if header.get("format") != FORMAT:
        sys.exit(f"{directory}/graph.json: format {header.get('format')!r}, expected {FORMAT!r}")
    n, rolls = header["positions"], header["rolls"]
    arrays = {
        "offsets": np.memmap(f"{directory}/offsets.u64", dtype="<u8", mode="r"),
        "counts": np.memmap(f"{directory}/counts.u8", dtype="u1", mode="r"),
        "means": np.memmap(f"{directory}/means.u8", dtype="u1", mode="r"),
        "passes": np.memmap(f"{directory}/passes.u8", dtype="u1", mode="r"),
        "keys": np.memmap(f"{directory}/keys.u32", dtype="<u4", mode="r"),
        "outcomes": np.memmap(f"{directory}/outcomes.u32", dtype="<u4", mode="r"),
    }
    expected = {"offsets": n + 1, "counts": n * rolls, "means": n, "passes": n, "keys": n, "outcomes": header["outcomes"]}
    for name, want in expected.items():
        if len(arrays[name]) != want:
            sys.exit(f"{directory}: {name} holds {len(arrays[name])} entries, expected {want}")
    return header, arrays


def numpy_split(arrays, probs, lo, hi, first, end):
    """Each position's bounds split as the kernel splits them (rest, stay, pass; see KERNEL),
    with the partner its pass leads to, all from the bounds as they stand (a Jacobi sweep)."""
    rolls = len(probs)
    n = end - first
    o0, o1 = int(arrays["offsets"][first]), int(arrays["offsets"][end])
    out = np.asarray(arrays["outcomes"][o0:o1])
    kind, j = out & 3, (out >> 2).astype(np.int64)
    a = np.select([kind == 0, kind == 1, kind == 2], [1.0, 0.0, lo[j]], 1.0 - hi[j])
    b = np.select([kind == 0, kind == 1, kind == 2], [1.0, 0.0, hi[j]], 1.0 - lo[j])
    counts = np.asarray(arrays["counts"][first * rolls : end * rolls]).astype(np.int64)
    starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    bits = np.arange(rolls)
    mean = ((np.asarray(arrays["means"][first:end])[:, None] >> bits) & 1).reshape(-1).astype(bool)
    passes = ((np.asarray(arrays["passes"][first:end])[:, None] >> bits) & 1).astype(bool)
    l = np.where(mean, np.add.reduceat(a, starts) / counts, np.maximum.reduceat(a, starts))
    h = np.where(mean, np.add.reduceat(b, starts) / counts, np.maximum.reduceat(b, starts))
    # Each roll's first move, for the rolls with one move: a self-loop, or a pass.
    single = (counts == 1).reshape(n, rolls)
    kind1, j1 = kind[starts].reshape(n, rolls), j[starts].reshape(n, rolls)
    own = np.arange(first, end)[:, None]
    stay = single & (kind1 == 2) & (j1 == own)
    passing = passes & single & (kind1 == 3)
    has = passing.any(axis=1)
    partner = np.where(has, j1[np.arange(n), passing.argmax(axis=1)], -1)
    paired = single & (kind1 == 3) & (j1 == partner[:, None]) & has[:, None]
    rest = ~(stay | paired)
    return {
        "lo": (l.reshape(n, rolls) * probs * rest).sum(axis=1),
        "hi": (h.reshape(n, rolls) * probs * rest).sum(axis=1),
        "stay": (probs * stay).sum(axis=1),
        "pass": (probs * paired).sum(axis=1),
        "partner": partner,
    }


def numpy_sweep(arrays, probs, lo, hi, first, end, freeze):
    """One Jacobi sweep of positions first..end with the kernel's closed form; the largest gap and
    the positions updated."""
    s = numpy_split(arrays, probs, lo, hi, first, end)
    q = s["partner"]
    paired = q >= 0
    # A pass leads to the position with the sides swapped, which passes back or not at all, so
    # the partner's split towards p is its own split; the graphs boardpath writes keep a pass in
    # its layer.
    inside = (q >= first) & (q < end)
    back = s["partner"][np.where(inside, q - first, 0)]
    odd = paired & (~inside | ((back != -1) & (back != np.arange(first, end))))
    if odd.any():
        raise SystemExit(f"layer {first}..{end}: {int(odd.sum())} passes lead outside the layer or to a position that passes elsewhere; the NumPy reference cannot pair them")
    keep = 1.0 - s["stay"]
    live = keep > 0.0
    keep = np.where(live, keep, 1.0)
    a1lo, a1hi = (s["lo"] + s["pass"]) / keep, (s["hi"] + s["pass"]) / keep
    b1 = s["pass"] / keep
    t = np.where(paired, q - first, 0)
    a2lo, a2hi = a1lo[t], a1hi[t]
    b2 = b1[t]
    # The partner's own stay covering every roll: its bounds as they stand.
    frozen_partner = paired & ~live[t]
    d = np.where(paired & ~frozen_partner, 1.0 - b1 * b2, 1.0)
    qlo, qhi = lo[np.where(paired, q, first)], hi[np.where(paired, q, first)]
    new_lo = np.where(frozen_partner, a1lo - b1 * qhi, np.where(paired, (a1lo - b1 * a2hi) / d, a1lo))
    new_hi = np.where(frozen_partner, a1hi - b1 * qlo, np.where(paired, (a1hi - b1 * a2lo) / d, a1hi))
    old = hi[first:end] - lo[first:end]
    active = (old > freeze) & live
    lo[first:end] = np.where(active, np.maximum(lo[first:end], new_lo), lo[first:end])
    hi[first:end] = np.where(active, np.minimum(hi[first:end], new_hi), hi[first:end])
    return float((hi[first:end] - lo[first:end]).max()), int((old > freeze).sum())


# The kernel compiled as C for the CPU (`--backend emulate`): CUDA's names for what C spells
# otherwise, and a loop over the positions in place of the grid.
C_PRELUDE = r"""
#include <math.h>
#include <stdbool.h>
typedef struct { double x, y; } double2;
static double2 make_double2(double x, double y) { double2 d = {x, y}; return d; }
static struct { long long x; } blockIdx, blockDim, threadIdx;
#define __global__
#define __device__
#define __restrict__ restrict
"""

C_DRIVER = r"""
void run(const unsigned int* order, const unsigned long long* offsets, const unsigned char* counts,
         const unsigned char* means, const unsigned char* passes, const unsigned int* outcomes,
         const double* probs, double2* bounds, long long first, long long n, int rolls,
         double freeze)
{
    blockDim.x = 1;
    threadIdx.x = 0;
    for (long long i = 0; i < n; i++) {
        blockIdx.x = i;
        sweep(order, offsets, counts, means, passes, outcomes, probs, bounds, first, n, rolls, freeze);
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
    run.argtypes = [ctypes.c_void_p] * 8 + [ctypes.c_longlong, ctypes.c_longlong, ctypes.c_int, ctypes.c_double]
    run.restype = None
    return run


def sweep_order(keys, first, end):
    """Positions first..end in the CPU solver's order, by descending sweep key (rank order within
    a key), and where each key's bucket starts and ends in it."""
    k = np.asarray(keys[first:end]).astype(np.int64)
    by = np.argsort(-k, kind="stable")
    order = (by + first).astype(np.uint32)
    sorted_keys = k[by]
    cuts = np.flatnonzero(np.diff(sorted_keys)) + 1
    edges = np.concatenate(([0], cuts, [end - first])).astype(np.int64)
    return order, [(a, b) for a, b in zip(edges[:-1].tolist(), edges[1:].tolist()) if b > a]


def kernel_sweeper(header, arrays, backend, probs, freeze, workdir):
    """The kernel's bounds (both of a position side by side: one 16-byte read a successor), a
    sweep of positions first..end (bucket after bucket of descending sweep key, a launch each, so
    that one sweep settles every race as on the CPU), and the seconds the upload took: on the GPU
    with CuPy, or compiled for the CPU."""
    n, rolls = header["positions"], len(probs)
    orders = {}

    def order_of(first, end, upload):
        if (first, end) not in orders:
            order, buckets = sweep_order(arrays["keys"], first, end)
            orders.clear()
            orders[(first, end)] = (upload(order), buckets)
        return orders[(first, end)]

    if backend == "cupy":
        import cupy as cp

        started = time.perf_counter()
        dev = {name: cp.asarray(np.asarray(a)) for name, a in arrays.items() if name != "keys"}
        dprobs = cp.asarray(probs)
        bounds = cp.zeros((n, 2), dtype=cp.float64)
        bounds[:, 1] = 1.0
        cp.cuda.Device().synchronize()
        upload = time.perf_counter() - started
        kernel = cp.RawKernel(KERNEL, "sweep")

        def sweep(first, end):
            order, buckets = order_of(first, end, cp.asarray)
            threads = 256
            args = (order, dev["offsets"], dev["counts"], dev["means"], dev["passes"], dev["outcomes"], dprobs, bounds)
            for a, b in buckets:
                blocks = (b - a + threads - 1) // threads
                kernel((blocks,), (threads,), args + (np.int64(a), np.int64(b - a), np.int32(rolls), np.float64(freeze)))

        return bounds, sweep, upload
    run = emulated_kernel(workdir)
    host = {name: np.ascontiguousarray(np.asarray(a)) for name, a in arrays.items()}
    bounds = np.zeros((n, 2))
    bounds[:, 1] = 1.0
    pointers = [host[k].ctypes.data for k in ("offsets", "counts", "means", "passes", "outcomes")]
    pointers += [probs.ctypes.data, bounds.ctypes.data]

    def sweep(first, end):
        order, buckets = order_of(first, end, np.ascontiguousarray)
        for a, b in buckets:
            run(order.ctypes.data, *pointers, a, b - a, rolls, freeze)

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
        # Whole or not at all: written beside, then renamed over.
        partial = f"{args.json}.{os.getpid()}.tmp"
        with open(partial, "w", encoding="utf-8") as f:
            json.dump(report, f, indent=2)
        os.replace(partial, args.json)


if __name__ == "__main__":
    main()
