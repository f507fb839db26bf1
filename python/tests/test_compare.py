"""compare and sweep: rows as `boardpath compare/sweep --format json`, and data frames."""

import pytest

import boardpath

from conftest import required

TIMING = ("time",)


def without_time(rows):
    """Rows without their timings (measured anew on every run)."""
    return [{k: v for k, v in r.items() if k not in TIMING} for r in rows]


def test_compare_rows():
    table = boardpath.compare("maedn", methods=["dp/step", "bnb-paper/bitboard", "bfs/step"], repeat=1)
    assert len(table) == 3 and table.mismatches == []
    dp, bnb, bfs = table
    assert (dp.method, dp.length, dp.excess, dp.optimal, dp.nodes) == ("dp/step", 83047, 0, True, 160)
    assert (bnb.length, bnb.nodes) == (83047, 14282614)
    assert bfs.status == "ok" and bfs.rolls == bfs.fewest_rolls
    assert dp.time["samples"] >= 1 and dp.time["median_ns"] > 0
    assert table[0] == dp and table[1:] == [bnb, bfs]
    assert dp.rules.metric == "euclidean"


def test_compare_same_rows_as_the_cli(cli):
    py = boardpath.compare(["maedn", "ludo"], methods=["dp/step", "astar/graph"], repeat=1)
    doc = cli("compare", "maedn", "ludo", "--method", "dp/step,astar/graph", "--repeat", "1")
    assert without_time(py.to_dict()["rows"]) == without_time(doc["rows"])
    assert py.mismatches == doc["mismatches"] == []


def test_compare_default_selection_skips_like_the_cli():
    rows = boardpath.compare("ludo", repeat=1)
    skipped = [r for r in rows if r.status == "skipped"]
    assert skipped and all("skipped by default" in r.note for r in skipped)
    assert {r.length for r in rows if r.status == "ok" and r.exact and r.method.split("/")[0] not in ("bfs", "bit-bfs")} == {
        boardpath.solve("ludo").total
    }


def test_compare_with_rule_overrides_and_board_objects(maedn):
    rows = boardpath.compare(maedn, methods=["dp/step"], repeat=1, metric="chebyshev")
    assert rows[0].board == "maedn" and rows[0].rules.metric == "chebyshev"
    assert rows[0].length == boardpath.solve("maedn", metric="chebyshev").total


def test_compare_bad_arguments():
    with pytest.raises(boardpath.ArgumentError, match="repeat 0 is out of range"):
        boardpath.compare("maedn", repeat=0)
    with pytest.raises(boardpath.SolveError, match='unknown method "nope"'):
        boardpath.compare("maedn", methods=["nope"])
    with pytest.raises(boardpath.SolveError, match='no player "white"'):
        boardpath.compare("maedn", player="white")


def test_sweep_rows_in_the_clis_order(cli):
    kw = dict(metric=["euclidean", "manhattan"], die=["1-6", [1, 2, 3, 4, 5, 6, 7, 8]], methods=["dp/step"], repeat=1)
    rows = boardpath.sweep("maedn", **kw)
    assert [(r.rules.metric, len(r.rules.die), r.length) for r in rows][:2] == [("euclidean", 6, 83047), ("euclidean", 8, rows[1].length)]
    assert [r.rules.metric for r in rows] == ["euclidean", "euclidean", "manhattan", "manhattan"]
    doc = cli("sweep", "maedn", "--metric", "euclidean,manhattan", "--die", "1-6", "--die", "1-8", "--method", "dp/step", "--repeat", "1")
    assert without_time(rows.to_dict()["rows"]) == without_time(doc["rows"])


def test_sweep_invalid_combination_is_a_row():
    # slots mode on Parcheesi-like boards with fewer goal tiles than pieces is invalid; on the
    # standard board a die of only 7s cannot finish.
    rows = boardpath.sweep("maedn", die=[[7]], methods=["dp/step"], repeat=1)
    assert rows[0].status == "invalid" and rows[0].note.startswith("invalid:")


def test_sweep_bad_axes():
    with pytest.raises(boardpath.ArgumentError, match="metric lists manhattan twice"):
        boardpath.sweep("maedn", metric=["manhattan", "manhattan"])
    with pytest.raises(boardpath.ArgumentError, match='unknown rounding "up"'):
        boardpath.sweep("maedn", rounding=["up"])
    with pytest.raises(boardpath.ArgumentError, match="threads must be 1 to 1024"):
        boardpath.sweep("maedn", threads=0)


def test_sweep_same_rows_whatever_the_threads():
    kw = dict(goal_mode=["slots", "stack"], rounding=["per-move", "exact"], methods=["dp/step"], repeat=1)
    one = boardpath.sweep(["maedn", "ludo"], threads=1, **kw)
    two = boardpath.sweep(["maedn", "ludo"], threads=2, **kw)
    assert without_time(one.to_dicts()) == without_time(two.to_dicts())
    assert len(one) == 2 * 2 * 2


def test_to_pandas():
    pandas = required("pandas")
    table = boardpath.compare(["maedn", "ludo"], methods=["dp/step", "astar/step"], repeat=1)
    df = table.to_pandas()
    assert isinstance(df, pandas.DataFrame)
    assert len(df) == 4
    for column in ["board", "method", "length", "optimal", "nodes", "rules_metric", "rules_die", "time_median_ns", "note"]:
        assert column in df.columns, column
    assert df.loc[df.board == "maedn", "length"].tolist() == [83047, 83047]
    assert df.rules_die.iloc[0] == "1 2 3 4 5 6"
    pivot = df.pivot(index="board", columns="method", values="nodes")
    assert pivot.loc["maedn", "dp/step"] == 160
