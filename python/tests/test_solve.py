"""solve and methods: the same numbers as `boardpath solve --format json` (83047 on the paper's
board), field for field."""

import pytest

import boardpath
from conftest import runs_beside


def test_the_papers_number():
    s = boardpath.solve("maedn")
    assert s.total == 83047
    assert isinstance(s.total, int)
    assert s.enter == 12143
    assert [p.length for p in s.pieces] == [19462, 17315, 16812, 17315]
    assert [p.goal for p in s.pieces] == ["d", "c", "b", "a"]
    assert s.method == "petgraph-dijkstra/graph"
    assert s.player == "black" and s.unit == "units"
    assert s.total_cm == pytest.approx(298.9692, abs=1e-4)


@pytest.mark.parametrize("method", ["dp/step", "dijkstra/bitboard", "astar/graph", "bnb/bitboard"])
def test_methods_agree_on_the_optimum(method):
    assert boardpath.solve("maedn", method=method).total == 83047


def test_same_document_as_the_cli(cli):
    for method in ["petgraph-dijkstra/graph", "bnb/bitboard"]:
        assert [boardpath.solve("maedn", method=method).to_dict()] == cli("solve", "maedn", "--method", method)
    every = boardpath.solve("ludo", player="all")
    assert [s.to_dict() for s in every] == cli("solve", "ludo", "--player", "all")
    exact = boardpath.solve("maedn", rounding="exact", metric="manhattan")
    assert [exact.to_dict()] == cli("solve", "maedn", "--rounding", "exact", "--metric", "manhattan")
    assert isinstance(exact.total, float)


def test_bitboard_pieces_carry_the_papers_value():
    s = boardpath.solve("maedn", method="dp/bitboard")
    assert all(p.bitboard.startswith("0x") for p in s.pieces)
    assert boardpath.solve("maedn").pieces[0].bitboard is None


def test_players_by_name_and_all():
    yellow = boardpath.solve("maedn", player="yellow")
    assert yellow.player == "yellow" and yellow.total == 83047  # the board is symmetric
    every = boardpath.solve("parcheesi", player="all")
    assert [s.player for s in every] == [p.name for p in boardpath.Board.load("parcheesi").players]


def test_bad_player_method_and_budget():
    with pytest.raises(boardpath.SolveError, match='no player "white".*black, yellow, green, red'):
        boardpath.solve("maedn", player="white")
    with pytest.raises(boardpath.SolveError, match='unknown method "fast"; expected one of dp/step'):
        boardpath.solve("maedn", method="fast")
    with pytest.raises(boardpath.SolveError, match="gave up on piece 1 after 10 nodes"):
        boardpath.solve("maedn", method="dp/step", budget=10)
    with pytest.raises(boardpath.ArgumentError, match="board must be a Board"):
        boardpath.solve(42)
    with pytest.raises(OverflowError):
        boardpath.solve("maedn", budget=-1)


def test_unsolvable_board_is_an_exception():
    # A die of 7s on a 40-tile loop: no piece can land on its goal tile.
    with pytest.raises(boardpath.SolveError, match="cannot"):
        boardpath.solve("maedn", die=[7])


def test_methods_catalogue():
    ms = boardpath.methods()
    names = [m.name for m in ms]
    assert names[0] == "dp/step" and "petgraph-dijkstra/graph" in names and len(set(names)) == len(names)
    dp = ms[0]
    assert (dp.algorithm, dp.encoding, dp.minimises, dp.exact) == ("dp", "step", "length", True)
    assert {m.compare_by_default for m in ms} <= {"yes", "no", "paper board"}


def test_methods_same_as_the_cli(cli):
    assert [m.to_dict() for m in boardpath.methods()] == cli("methods")


def test_solve_releases_the_gil():
    # A branch-and-bound search of a few hundred milliseconds lets another Python thread run.
    assert runs_beside(lambda: boardpath.solve("maedn", method="bnb-paper/bitboard"))
