"""`solve_game`: the exact two-player game (`boardpath solve-game`) on 1 piece a side, the same
win probability as the command line's JSON, and value look-ups checked by hand."""

import pytest

import boardpath


@pytest.fixture(scope="module")
def one():
    return boardpath.solve_game("maedn", pieces=1)


def test_first_player_wins_as_the_cli(one, cli):
    doc = cli("solve-game", "maedn", "--pieces", "1")
    assert one.first_player_wins == doc["first_player_wins"]
    assert one.positions == doc["positions"] == 1641
    assert round(one.first_player_wins, 9) == 0.523984914
    # Checked by the certificate, not by where the bounds happen to meet: the largest gap within
    # the solve's 1e-10, and the midpoints' residual at most that gap (an update moves no value
    # further than its successors' error).
    assert one.gap <= 1e-10 and one.residual <= one.gap and one.pieces == 1
    # The certified bounds, the CLI's, at most 1e-9 apart around the value.
    assert (one.lower, one.upper, one.gap) == (
        doc["first_player_lower"],
        doc["first_player_upper"],
        doc["gap"],
    )
    assert one.lower <= one.first_player_wins <= one.upper and one.upper - one.lower <= 1e-9
    # The CLI's chosen positions, looked up from Python: the start, then one side's piece brought in.
    assert [c["mover_wins"] for c in doc["chosen"]] == [
        one.value([None], [None]),
        one.value([None], [0]),
        one.value([0], [None]),
    ]


def test_values_by_hand(one):
    # The mover's piece on the last track tile: a roll of 1 to 4 reaches a goal tile and wins now,
    # so at least 4/6; a 5 or 6 cannot move, then the opponent (waiting) needs three tries for a 6.
    v = one.value([39], [None])
    assert 4 / 6 < v < 1
    # Already in the goal with a piece waiting for the opponent is not a position (a side home).
    with pytest.raises(boardpath.GameError):
        one.value([40], [None])
    # Two pieces on one tile: the opponent's tile 0 is the mover's tile 20.
    with pytest.raises(boardpath.GameError):
        one.value([20], [0])


def test_bad_arguments(one):
    with pytest.raises(boardpath.ArgumentError, match="pieces 0"):
        boardpath.solve_game("maedn", pieces=0)
    with pytest.raises(boardpath.ArgumentError, match="pieces 4"):
        boardpath.solve_game("maedn", pieces=4)
    with pytest.raises(boardpath.ArgumentError, match="2 pieces given"):
        one.value([None, None], [None])
    with pytest.raises(boardpath.ArgumentError, match="step 44"):
        one.value([44], [None])
    # Any board two can play is solved (test_strategies.py); one with a single player is not.
    import os

    hand = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "boards", "hand.toml")
    with pytest.raises(boardpath.GameError, match="players"):
        boardpath.solve_game(hand, pieces=1)
