"""boardpath.review: a game record's review, the same as the command line's, and bad records."""

import json
import os
import subprocess

import pytest

import boardpath

RECORD = {
    "format": "boardpath.game-record/1",
    "pieces": 1,
    "turns": [
        {"roll": 6, "action": 1},
        {"roll": 4, "action": 2},
        {"roll": 3, "action": 0},
        {"roll": 6, "action": 6},
        {"roll": 2, "action": 12},
        {"roll": 5, "action": 0},
    ],
}


def test_review_matches_the_command_line(tmp_path):
    r = boardpath.review(RECORD)
    assert len(r.turns) == 6 and r.winner is None
    # 0.523984913793504: seat 0's exact chance with one piece a side (docs/game-solve.md).
    assert abs(r.start_value - 0.523984913793504) < 1e-12
    assert r.turns[0].best_action == 1 and r.turns[0].judgement == "forced"
    assert abs(r.turns[1].position_value - r.turns[0].value) < 1e-15
    binary = os.environ.get("BOARDPATH_BIN")
    if binary is None:
        pytest.skip("BOARDPATH_BIN is not set: the command line is not compared")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(RECORD))
    out = subprocess.run([binary, "review", str(path), "--format", "json"], capture_output=True, check=True)
    cli = json.loads(out.stdout)["results"]
    assert [t["action"] for t in cli["turns"]] == [t.action for t in r.turns]
    for a, b in zip(cli["turns"], r.to_dict()["turns"]):
        assert abs(a["value"] - b["value"]) < 1e-12 and a["judgement"] == b["judgement"]


def test_review_takes_json_text_and_refuses_bad_records():
    assert boardpath.review(json.dumps(RECORD)).end == boardpath.review(RECORD).end
    bad = dict(RECORD, turns=[{"roll": 6, "action": 1}, {"roll": 3, "action": 9}])
    with pytest.raises(boardpath.GameError, match="turn 2: move: action 9 is not legal"):
        boardpath.review(bad)
    with pytest.raises(boardpath.GameError, match="roll 8 is not a face"):
        boardpath.review(dict(RECORD, turns=[{"roll": 8, "action": 0}]))
    with pytest.raises(boardpath.GameError, match="not a game record"):
        boardpath.review("{")
    with pytest.raises(boardpath.ArgumentError, match="do not decrease"):
        boardpath.review(RECORD, inaccuracy=0.2, mistake=0.1)


def test_position_ids_travel_between_python_the_review_and_the_game():
    game = boardpath.Game("maedn", players=2, pieces=1)
    r = boardpath.review(RECORD)
    state = game.state_from_id(r.end)
    assert state.position_id() == r.end
    assert state.to_move == 0 and state.pieces == [[12], [None]]
    assert game.new_initial_state().position_id() == r.turns[0].position
    with pytest.raises(boardpath.GameError, match="not one of a-z, 2-7"):
        game.state_from_id("no!")
