"""Load a board, solve it, compare every method into a pandas DataFrame and plot nodes and time.

    pip install ./python pandas matplotlib
    python examples/python/compare_methods.py [BOARD] [OUT.png]

BOARD is an embedded board's name or a board file (default: maedn); the chart goes to OUT.png
(default: compare.png). CI runs this script.
"""

import sys

import matplotlib

matplotlib.use("Agg")  # no display needed
import matplotlib.pyplot as plt

import boardpath


def main(board_name: str = "maedn", out: str = "compare.png") -> None:
    board = boardpath.Board.load(board_name)
    print(f"{board.name}: {board.track_length} track tiles, players {', '.join(p.name for p in board.players)}")
    print(f"rules: {board.rules_text}")

    best = boardpath.solve(board)
    print(f"least total movement for {best.player}: {best.total} {best.unit} ({best.method})")
    for piece in best.pieces:
        print(f"  piece to goal {piece.goal}: {piece.length} in rolls {piece.rolls}")

    # Every method the catalogue runs by default, timed with 3 samples each.
    df = boardpath.compare(board, repeat=3).to_pandas()
    ran = df[df.status == "ok"].copy()
    ran["time_ms"] = ran.time_median_ns / 1e6
    print(ran[["method", "length", "optimal", "nodes", "time_ms"]].to_string(index=False))
    assert (ran[ran.exact & ran.optimal.notna()].optimal).all(), "an exact method missed the optimum"

    ran = ran.sort_values("time_ms")
    fig, (left, right) = plt.subplots(1, 2, figsize=(12, 0.3 * len(ran) + 1.5), sharey=True)
    left.barh(ran.method, ran.nodes, color="tab:blue")
    left.set_xscale("log")
    left.set_xlabel("nodes expanded")
    right.barh(ran.method, ran.time_ms, color="tab:orange")
    right.set_xscale("log")
    right.set_xlabel("median time per solve (ms)")
    fig.suptitle(f"{board.name}, player {best.player} (optimum {best.total} {best.unit}): work and time per method")
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    print(f"wrote {out}")


if __name__ == "__main__":
    main(*sys.argv[1:3])
