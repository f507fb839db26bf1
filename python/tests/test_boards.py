"""Boards from Python: embedded, from files, from strings; tiles and players as data; errors with
their line and column."""

import copy
import pathlib
import threading

import pytest

import boardpath

BOARDS_DIR = pathlib.Path(__file__).resolve().parents[2] / "boards"


def test_embedded_boards_are_listed_in_order():
    assert boardpath.boards() == ["maedn", "maedn-official", "maedn-6", "ludo", "parcheesi"]
    assert boardpath.Board.embedded() == boardpath.boards()


def test_standard_board_as_data(maedn):
    # `boardpath boards maedn --format json`: 40 track tiles, four players of four pieces.
    assert maedn.name == "Mensch ärgere Dich nicht"
    assert maedn.short_name == "maedn"
    assert maedn.origin == "embedded:maedn"
    assert maedn.track_length == 40 == len(maedn.track)
    assert [p.name for p in maedn.players] == ["black", "yellow", "green", "red"]
    black = maedn.players[0]
    assert (black.start, black.track_steps, black.pieces, black.goal_tiles) == (0, 40, 4, 4)
    assert [g.letter for g in black.goal] == ["a", "b", "c", "d"]
    assert maedn.track[0].index == 0
    assert maedn.rules.die == [1, 2, 3, 4, 5, 6]
    assert maedn.rules.to_dict() == {
        "die": [1, 2, 3, 4, 5, 6],
        "metric": "euclidean",
        "rounding": "per-move",
        "goal_mode": "slots",
        "moves_in_goal": False,
    }
    assert len(maedn.sha256) == 64


def test_embedded_hash_is_the_files_hash(maedn):
    import hashlib

    text = (BOARDS_DIR / "maedn.toml").read_bytes()
    assert maedn.sha256 == hashlib.sha256(text).hexdigest()


def test_to_dict_is_the_boards_json_fields(maedn):
    d = maedn.to_dict()
    assert list(d) == [
        "short_name", "origin", "sha256", "name", "description", "source", "unit", "scale",
        "grid", "rules", "rules_text", "track_length", "track", "players",
    ]
    d["name"] = "changed"
    assert maedn.name == "Mensch ärgere Dich nicht"  # a copy


def test_load_from_path_and_from_toml_agree(maedn):
    path = BOARDS_DIR / "maedn.toml"
    from_file = boardpath.Board.load(path)
    assert from_file.origin == str(path)
    assert from_file.short_name is None
    from_text = boardpath.Board.from_toml(path.read_text(), name="mine.toml")
    assert from_text.origin == "mine.toml"
    assert from_text.sha256 == maedn.sha256
    assert boardpath.solve(from_text).total == 83047


def test_board_written_in_python():
    # tests/boards/hand.toml, small enough to solve by hand: the loop (0,0) (100,0) (100,100)
    # (0,100), goal a (0,200) then b (100,250), die [1, 3]. Enter: 100 + round(141.42) = 241.
    # Piece to b: 0>1>2>b by 1, 1, 3 = 100 + 100 + 150; piece to a: 0>3>a by 3, 1 = 100 + 100.
    text = """
[board]
name = "hand"
[rules]
die = [1, 3]
[track]
tiles = [[0, 0], [100, 0], [100, 100], [0, 100]]
[[players]]
name = "solo"
start = 0
base = [[0, -100], [100, -100]]
goal = [[0, 200], [100, 250]]
"""
    board = boardpath.Board.from_toml(text, name="hand.toml")
    assert (board.name, board.track_length) == ("hand", 4)
    s = boardpath.solve(board)
    assert (s.total, s.enter) == (791, 241)
    assert [(p.goal, p.length, p.rolls) for p in s.pieces] == [("b", 350, [1, 1, 3]), ("a", 200, [3, 1])]
    assert [st.track for st in s.pieces[0].stops] == [0, 1, 2, None]
    assert s.pieces[0].stops[-1].goal == "b"
    assert (s.pieces[0].stops[-1].x, s.pieces[0].stops[-1].y) == (100, 250)


def test_bad_toml_raises_with_line_and_column():
    with pytest.raises(boardpath.BoardError) as e:
        boardpath.Board.from_toml("[board]\nname = \n", name="broken.toml")
    assert str(e.value).startswith("broken.toml:2:")
    origin, line, column, message = e.value.diagnostics[0]
    assert (origin, line) == ("broken.toml", 2)
    assert column is not None and message


def test_invalid_board_lists_every_problem_with_its_place():
    # Yellow's start tile moved off the track: the error names that line.
    text = (BOARDS_DIR / "maedn.toml").read_text().replace("start = 10", "start = 400", 1)
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "start = 400" in l)
    with pytest.raises(boardpath.BoardError) as e:
        boardpath.Board.from_toml(text, name="long.toml")
    assert any(d[1] == line for d in e.value.diagnostics), e.value.diagnostics
    assert f"long.toml:{line}:" in str(e.value)
    assert isinstance(e.value, boardpath.Error)


def test_unknown_board_and_missing_file():
    with pytest.raises(boardpath.BoardError, match="not an embedded board; embedded boards are: maedn"):
        boardpath.Board.load("no-such-board")
    with pytest.raises(boardpath.BoardError, match="cannot read board file"):
        boardpath.Board.load("/no/such/dir/board.toml")


def test_not_utf8_is_refused_with_its_place(tmp_path):
    p = tmp_path / "bin.toml"
    p.write_bytes(b"[board]\nname = \"\xff\"\n")
    with pytest.raises(boardpath.BoardError, match=r"bin.toml:2:\d+: byte 0xff"):
        boardpath.Board.load(p)


def test_with_rules_and_bad_rule_values(maedn):
    assert maedn.with_rules(metric="manhattan", die="1-8").rules.die == list(range(1, 9))
    assert maedn.with_rules(die=[1, 2, 3]).rules.die == [1, 2, 3]
    assert maedn.rules.metric == "euclidean"  # unchanged
    with pytest.raises(boardpath.ArgumentError, match='unknown metric "taxi"; expected one of'):
        maedn.with_rules(metric="taxi")
    with pytest.raises(boardpath.ArgumentError, match="die face 0 is not a positive integer"):
        maedn.with_rules(die=[0, 1])
    with pytest.raises(boardpath.ArgumentError, match="die has no faces"):
        maedn.with_rules(die=[])
    with pytest.raises(boardpath.ArgumentError, match="die must be a list of faces"):
        maedn.with_rules(die=1.5)
    with pytest.raises(boardpath.ArgumentError, match='die range "6-1" is empty'):
        maedn.with_rules(die="6-1")


def test_records_are_read_only_and_compare_by_value(maedn):
    p = maedn.players[0]
    with pytest.raises(AttributeError, match="read-only"):
        p.name = "white"
    with pytest.raises(AttributeError, match="has no field 'colour'"):
        p.colour
    assert p == boardpath.Board.load("maedn").players[0]
    assert p != maedn.players[1]
    assert boardpath.Board.load("maedn") == maedn
    assert "name" in dir(p)
    assert copy.deepcopy(p.to_dict()) == p.to_dict()


def test_a_records_repr_shows_its_plain_fields_and_short_lists(maedn):
    # As docs/python.md shows it: the goal tile's grid cell too.
    assert repr(maedn.players[0].goal[0]) == "GoalTile(letter='a', x=5020.0, y=8320.0, cell=[5, 9])"
    assert repr(maedn.rules) == (
        "Rules(die=[1, 2, 3, 4, 5, 6], metric='euclidean', rounding='per-move', "
        "goal_mode='slots', moves_in_goal=False)"
    )
    # Nested records (the players' tiles) are left to their own reprs.
    assert repr(maedn.players[0]).startswith("Player(name='black', ")
    assert "base=" not in repr(maedn.players[0])


def test_board_loading_from_threads():
    found = []
    threads = [threading.Thread(target=lambda: found.append(boardpath.Board.load("ludo").name)) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(found) == 4 and len(set(found)) == 1
