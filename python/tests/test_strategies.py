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


def test_a_strategy_on_observations_sees_what_the_environment_shows(ring):
    """Every decision the environment asks of a player (more than one legal action) reaches a
    vectorised strategy on observations with the same observation and mask: an agent trained on
    the environment is graded on exactly what it saw there."""
    np = pytest.importorskip("numpy")
    from boardpath.envs import VecEnv

    seen = set()

    @boardpath.vectorised(observation=True)
    def record(obs, masks):
        assert obs.dtype == np.float32 and masks.dtype == bool and len(obs) == len(masks)
        seen.update(o.tobytes() + m.tobytes() for o, m in zip(obs, masks))
        return masks.argmax(axis=1)

    fixed = ring.fix(record)
    env = VecEnv(RING16, players=2, pieces=2, num_envs=64, agents="all", seed=3)
    out, rng, asked = env.reset(seed=3), np.random.default_rng(3), 0
    for _ in range(300):
        for o, m in zip(out.obs, out.mask):
            if m.sum() > 1:
                assert o.tobytes() + m.tobytes() in seen
                asked += 1
        out = env.step(np.where(out.mask, rng.random(out.mask.shape), -1).argmax(axis=1))
    assert asked > 1000
    # Fixed once, it grades as the named policy it equals (the first legal action: the rearmost
    # piece, entering first), from either seat, without being asked again.
    n = len(seen)
    assert ring.pair(fixed, "random")["first_player_wins"] == pytest.approx(
        ring.pair(boardpath.vectorised(lambda s, r, m: m.argmax(axis=1)), "random")["first_player_wins"],
        abs=1e-12,
    )
    assert len(seen) == n and ring.exploitability(fixed)["exploitability"] > 0


def test_a_fixed_strategy_belongs_to_its_game(ring):
    other = boardpath.Strategies("maedn", pieces=1)
    with pytest.raises(boardpath.ArgumentError, match="fixed for another Strategies"):
        other.pair(ring.fix("front"), "random")
    with pytest.raises(boardpath.ArgumentError, match='expected "steps" or "observation"'):
        f = lambda s, r, m: m.argmax(axis=1)  # noqa: E731
        f.__boardpath_vectorised__ = "obs"
        ring.pair(f, "random")


def test_evaluate_strategies_agrees_with_strategies_and_refuses_as_the_cli(ring):
    r = boardpath.evaluate_strategies(RING16, pieces=2, policy=["front", "random"], matrix="named")
    # The job's numbers are the interactive class's: one game, one solver.
    assert r["first_player_wins"] == ring.value() and r["positions"] == ring.positions
    assert r["pairs"][0]["first_player_wins"] == ring.pair("front", "random")["first_player_wins"]
    assert len(r["pairs"]) == 1 + 7 * 7
    with pytest.raises(boardpath.ArgumentError, match='policy: unknown strategy "frnt"'):
        boardpath.evaluate_strategies(RING16, pieces=2, policy="random,frnt")
    with pytest.raises(boardpath.ArgumentError, match="two strategies .* 3 given"):
        boardpath.evaluate_strategies(RING16, pieces=2, policy="random,front,rear")
    with pytest.raises(boardpath.GameError, match="evaluating strategies holds"):
        boardpath.evaluate_strategies(RING16, pieces=2, policy="random,front", memory=1)
