"""The faces give one answer: for each job, Python's call returns the numbers the command line's
``--format json`` prints for the same question. ``tests/faces.rs`` holds the library's call and
the workbench server to the same command lines, so the four agree. What a run measures of itself
(seconds, threads, a method's timing) is left out."""

import pathlib

import boardpath

# What a run measures of itself, not what the question fixes.
RUN = ("seconds", "threads", "time")


def without(value, keys=RUN):
    """``value`` without the fields named ``keys``, at any depth."""
    if isinstance(value, dict):
        return {k: without(v, keys) for k, v in value.items() if k not in keys}
    if isinstance(value, list):
        return [without(v, keys) for v in value]
    return value


def test_solve(cli):
    python = [s.to_dict() for s in boardpath.solve("ludo", method="bnb/bitboard", player="all")]
    assert len(python) == 4
    assert python == cli("solve", "ludo", "--player", "all", "--method", "bnb/bitboard")


def test_compare(cli):
    methods = ["dp/step", "bnb/bitboard", "astar/step"]
    python = boardpath.compare("maedn", player="all", methods=methods, repeat=1).to_dict()
    printed = cli("compare", "maedn", "--player", "all", "--method", ",".join(methods), "--repeat", "1")
    assert len(python["rows"]) == 12
    assert without(python) == without(printed)


def test_dice(cli):
    # Python analyses one player a call; the command line all four in one document.
    names = [p.name for p in boardpath.Board.load("maedn").players]
    python = [boardpath.dice("maedn", player=name).to_dict() for name in names]
    assert python == cli("dice", "maedn", "--player", "all")


def test_play(cli):
    policies = "front,rear,aggressive,random"
    python = boardpath.play("maedn", players=4, policies=policies, games=2000, seed=7).to_dict()
    printed = cli("play", "maedn", "--players", "4", "--policy", policies, "--games", "2000", "--seed", "7")
    assert python["games"] == 2000
    assert without(python) == without(printed)


def test_solve_game(cli):
    for board, rules in [("maedn", "openspiel"), ("ludo", "ludo")]:
        python = boardpath.solve_game(board, pieces=1, rules=rules)
        printed = cli("solve-game", board, "--pieces", "1", "--rules", rules)
        fields = ("board", "rules", "pieces", "positions", "first_player_wins", "residual", "sweeps")
        assert {f: getattr(python, f) for f in fields} == {f: printed[f] for f in fields}, board


def test_sweep(cli):
    kw = dict(player="all", metric=["euclidean", "manhattan"], die=["1-6", [7]], methods=["dp/step", "bnb/bitboard"], repeat=1)
    python = boardpath.sweep(["maedn", "ludo"], threads=2, **kw).to_dict()
    printed = cli("sweep", "maedn", "ludo", "--player", "all", "--metric", "euclidean,manhattan", "--die", "1-6",
                  "--die", "7", "--method", "dp/step,bnb/bitboard", "--repeat", "1", "--threads", "2")
    assert len(python["rows"]) == 64 and python["rows"][8]["status"] == "invalid"
    assert without(python) == without(printed)


def test_evaluate_strategies(cli):
    # The command line asks one of the three questions a run.
    ring = str(pathlib.Path(__file__).resolve().parents[2] / "tests" / "boards" / "ring16.toml")
    asked = [
        (("--policy", "front,random"), dict(policy="front,random")),
        (("--exploitability", "rear"), dict(exploitability="rear")),
        (("--matrix", "random,aggressive"), dict(matrix=["random", "aggressive"])),
    ]
    for option, kw in asked:
        python = boardpath.evaluate_strategies(ring, pieces=2, **kw)
        printed = cli("solve-game", ring, "--pieces", "2", *option)
        assert without(python) == without(printed), option
    assert len(python["pairs"]) == 4
