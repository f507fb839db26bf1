"""The exact game on any board and rules from Python (`solve_game(rules=...)`) and the exact worth
of strategies (`Strategies`): the same numbers as the command line's JSON, a strategy given by name,
as a callable and vectorised giving the same worth, and refusals."""

import os

import pytest

import boardpath

RING16 = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "boards", "ring16.toml")


def test_any_board_and_rules_as_the_cli(cli):
    for board, rules in [("ludo", None), ("maedn", "openspiel,bonus-roll=false"), ("parcheesi", None)]:
        args = ["solve-game", board, "--pieces", "1"] + (["--rules", rules] if rules else [])
        doc = cli(*args)
        s = boardpath.solve_game(board, pieces=1, rules=rules)
        assert s.first_player_wins == doc["first_player_wins"], board
        assert s.positions == doc["positions"] and s.rules == doc["rules"]
        assert s.value([None], [None]) == s.first_player_wins


def test_a_bad_switch_is_refused_with_the_cli_message():
    with pytest.raises(boardpath.GameError, match='unknown switch "tris"'):
        boardpath.solve_game("maedn", pieces=1, rules="openspiel,tris=3")


@pytest.fixture(scope="module")
def ring():
    return boardpath.Strategies(RING16, pieces=2)


def test_pair_and_exploitability_as_the_cli(ring, cli):
    doc = cli("solve-game", RING16, "--pieces", "2", "--policy", "front,random")
    w = ring.pair("front", "random")
    assert w["first_player_wins"] == doc["pairs"][0]["first_player_wins"]
    assert ring.value() == doc["first_player_wins"]
    e = ring.exploitability("optimal")
    assert abs(e["exploitability"]) < 1e-9 and e["value"] == ring.value()


def front(mover, other, roll, legal):
    # The front-most piece has the highest action id (2 + its step; entering is 1).
    return max(legal)


def test_a_callable_and_a_vectorised_callable_grade_as_the_named_policy(ring):
    np = pytest.importorskip("numpy")
    named = ring.pair("front", "random")["first_player_wins"]
    called = ring.pair(front, "random")["first_player_wins"]
    last = boardpath.vectorised(
        lambda steps, rolls, masks: masks.shape[1] - 1 - np.argmax(masks[:, ::-1], axis=1)
    )
    batched = ring.pair(last, "random")["first_player_wins"]
    assert abs(named - called) < 1e-12 and abs(named - batched) < 1e-12
    # As the second player too, and against the optimal policy.
    assert abs(
        ring.pair("optimal", front)["first_player_wins"]
        - ring.pair("optimal", "front")["first_player_wins"]
    ) < 1e-12


def test_a_strategy_that_names_an_illegal_action_is_refused(ring):
    with pytest.raises(boardpath.GameError, match="not one of the legal"):
        ring.pair(lambda m, o, roll, legal: 44, "random")
    with pytest.raises(boardpath.GameError, match='unknown strategy "frnt"'):
        ring.pair("frnt", "random")
    with pytest.raises(boardpath.ArgumentError, match="a name .* or a callable"):
        ring.pair(3, "random")
