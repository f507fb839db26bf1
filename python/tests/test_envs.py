"""The environments (boardpath.envs): the vectorised environment's games are the engine's games
(replayed move for move in boardpath.GameState with the same rolls and actions), its observations
are the documented layout (recomputed here from the position alone), Gymnasium's and PettingZoo's
checkers pass, seeded runs reproduce, and bad input raises one clear exception."""

import pickle

import numpy as np
import pytest

import boardpath
from boardpath.envs import GLOBAL_ENTRIES, PIECE_ENTRIES, VecEnv, random_actions

CONFIGS = [
    ("maedn", 2, "openspiel"),
    ("maedn", 4, "openspiel"),
    ("ludo", 4, "ludo"),
    ("maedn", 3, "schmidt"),
]


def safe_tiles(board):
    """The board file's safe track tiles, read from its TOML (not from boardpath)."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    return set(tomllib.loads(boardpath.Board.embedded_toml(board)).get("track", {}).get("safe", []))


def expected_observation(game, state, viewer, track_len, safe, rules_safe):
    """The observation docs/python.md describes, computed from the position alone."""
    n = game.players
    highest = max(game.faces)
    out = []
    for j in range(n):
        q = (viewer + j) % n
        steps = game.steps(q)
        for s in sorted(state.pieces[q], key=lambda s: -1 if s is None else s, reverse=True):
            if s is None:
                out += [1, 0, 0, 0, 0, 0]
            elif s < game.track_steps(q):
                t = game.tile(q, s)
                seen = (t - game.tile(viewer, 0)) % track_len
                out += [0, 1, 0, (s + 1) / steps, seen / track_len, float(rules_safe and t in safe)]
            else:
                out += [0, 0, 1, (s + 1) / steps, 0, 0]
    roll = state.roll or 0
    forfeit = game.rules.startswith("ludo") and state.streak >= 2
    out += [roll / highest, float(roll == highest), float(roll == highest and not forfeit), state.tries / (3 if game.rules == "schmidt" else 1)]
    return np.array(out, np.float32)


@pytest.mark.parametrize("board, players, rules", CONFIGS)
def test_vector_games_are_the_engines_games(board, players, rules):
    # Every decision of 8 games at once, replayed in boardpath.GameState: the same player, legal
    # actions (mask and list), observation, and at the end the same returns.
    n = 8
    env = VecEnv(board, players, rules=rules, num_envs=n, seed=11)
    game, faces = env.game, env.game.faces
    track_len = boardpath.Board.load(board).track_length
    safe, rules_safe = safe_tiles(board), rules == "ludo"
    out = env.reset(seed=11)

    def start(i):
        s = game.new_initial_state()
        s.apply_action(faces.index(out.roll[i]))
        return s

    replicas = [start(i) for i in range(n)]
    rng = np.random.default_rng(5)
    games = decisions = 0
    while games < 12:
        for i, r in enumerate(replicas):
            assert out.to_move[i] == r.current_player() and out.roll[i] == r.roll
            assert list(np.flatnonzero(out.mask[i])) == r.legal_actions()
            assert list(out.legal[i][out.legal[i] >= 0]) == r.legal_actions()
            assert env.state(i) == r
            want = expected_observation(game, r, r.current_player(), track_len, safe, rules_safe)
            np.testing.assert_allclose(out.obs[i], want, rtol=1e-6)
        actions = random_actions(out.mask, rng)
        movers = out.to_move.copy()
        for r, a in zip(replicas, actions):
            r.apply_action(int(a))
        decisions += n
        out = env.step(actions)
        for i in range(n):
            if out.terminated[i]:
                assert replicas[i].is_terminal() and list(out.reward[i]) == replicas[i].returns()
                want = expected_observation(game, replicas[i], movers[i], track_len, safe, rules_safe)
                np.testing.assert_allclose(out.final_obs[i], want, rtol=1e-6)
                games += 1
                replicas[i] = start(i)
            else:
                assert not replicas[i].is_terminal() and not out.reward[i].any()
                replicas[i].apply_action(faces.index(out.roll[i]))
    assert decisions > 1000
    assert not out.truncated.any()


def test_observation_layout_and_ranges():
    env = VecEnv("ludo", 4, rules="ludo", num_envs=64, seed=3, copy=False)
    assert env.observation_size == 4 * 4 * 6 + 4 == len(env.labels)
    assert env.labels[:6] == [f"p0.piece0.{e}" for e in PIECE_ENTRIES]
    assert tuple(env.labels[-4:]) == GLOBAL_ENTRIES
    # The same length on every board: players x pieces x 6 + 4.
    assert VecEnv("maedn", 4).observation_size == VecEnv("parcheesi", 4, rules="ludo").observation_size
    out, rng = env.reset(), np.random.default_rng(1)
    seen = np.zeros(env.observation_size, bool)
    for _ in range(300):
        for obs in (out.obs, out.final_obs[out.terminated]):
            assert ((obs >= 0) & (obs <= 1)).all()
            seen |= (obs > 0).any(axis=0)
        out = env.step(random_actions(out.mask, rng))
    # Over 300 x 64 decisions every entry has been used (safe tiles included, and the viewer's
    # last piece in the goal at the end), but two kinds: another player's last piece in the goal
    # (the game ends when all of one player's pieces are home, and its final observation is the
    # winner's), and tries (Ludo gives one roll a turn).
    unused = [label for label, s in zip(env.labels, seen) if not s]
    assert unused == [f"p{j}.piece3.goal" for j in (1, 2, 3)] + ["tries"], unused
    # Schmidt's three tries while no piece is on the track: the rolls used, 0, 1/3, 2/3.
    env = VecEnv("maedn", 2, rules="schmidt", num_envs=64, seed=3, copy=False)
    out, tries = env.reset(), set()
    for _ in range(100):
        tries |= set(np.round(out.obs[:, -1] * 3).astype(int))
        out = env.step(random_actions(out.mask, rng))
    assert tries == {0, 1, 2}


def test_seeded_runs_reproduce_and_seeds_differ():
    def run(seed):
        env = VecEnv("maedn", 2, num_envs=16, seed=seed)
        out, rng, rows = env.reset(seed=seed), np.random.default_rng(0), []
        for _ in range(200):
            rows.append((out.obs.copy(), out.roll.copy(), out.reward.copy()))
            out = env.step(random_actions(out.mask, rng))
        return rows

    a, b, c = run(5), run(5), run(6)
    assert all(all(np.array_equal(x, y) for x, y in zip(ra, rb)) for ra, rb in zip(a, b))
    assert not all(np.array_equal(ra[1], rc[1]) for ra, rc in zip(a, c))


def test_seat_against_opponents():
    env = VecEnv("maedn", 2, num_envs=32, agents=1, opponents="front", seed=2)
    out, rng, ended = env.reset(), np.random.default_rng(0), 0
    rewards = []
    for _ in range(400):
        assert (out.to_move == 1).all() and out.reward.shape == (32,)
        out = env.step(random_actions(out.mask, rng))
        rewards += list(out.reward[out.terminated])
        ended += out.terminated.sum()
    assert ended > 20 and set(rewards) == {-1.0, 1.0}
    # Random seats: both seats are drawn over the games, and each game's decisions are its seat's.
    env = VecEnv("maedn", 4, num_envs=64, agents="random", opponents=["random", "rear", "aggressive", "defensive"], seed=2)
    out = env.reset()
    assert set(env.seats) == {0, 1, 2, 3} and (out.to_move == env.seats).all()


def test_optimal_opponent_where_solved():
    env = VecEnv("maedn", 2, pieces=1, num_envs=4, agents=0, opponents="optimal", seed=1)
    out = env.step(env.reset().legal[:, 0])
    assert out.obs.shape == (4, 2 * 1 * 6 + 4)
    with pytest.raises(boardpath.ArgumentError, match="no exact solution for 4 players"):
        VecEnv("maedn", 4, agents=0, opponents="optimal")


def test_auto_forced_asks_only_real_choices():
    env = VecEnv("maedn", 2, num_envs=32, seed=4, auto_forced=True)
    out, rng = env.reset(), np.random.default_rng(0)
    for _ in range(100):
        assert (out.mask.sum(axis=1) >= 2).all()
        out = env.step(random_actions(out.mask, rng))


def test_autoreset_modes():
    rng = np.random.default_rng(0)
    env = VecEnv("maedn", 2, pieces=1, num_envs=4, autoreset="disabled", seed=1)
    out = env.reset()
    while not out.terminated.any():
        actions = np.where(out.to_move >= 0, random_actions(out.mask, rng), -1)
        out = env.step(actions)
    i = int(np.flatnonzero(out.terminated)[0])
    assert out.to_move[i] == -4 and not out.mask[i].any() and env.state(i).is_terminal()
    bad = np.where(out.to_move >= 0, random_actions(out.mask, rng), -1)
    bad[i] = 0
    with pytest.raises(boardpath.GameError, match=f"game {i}: action 0, but the game is over"):
        env.step(bad)
    out = env.reset(indices=[i])
    assert out.to_move[i] >= 0 and not env.state(i).is_terminal()
    # next_step: the step after the end ignores the action and starts a new game.
    env = VecEnv("maedn", 2, pieces=1, num_envs=4, autoreset="next_step", seed=1)
    out = env.reset()
    while not out.terminated.any():
        out = env.step(random_actions(out.mask, rng))
    ended = out.terminated.copy()
    out = env.step(np.where(ended, 99, random_actions(out.mask, rng)))
    assert (out.to_move[ended] >= 0).all() and not out.terminated[ended].any()


def test_bad_input_raises_clearly():
    env = VecEnv("maedn", 2, num_envs=3, seed=1, copy=False)
    out = env.reset()
    before = (out.obs.copy(), out.mask.copy(), [str(env.state(i)) for i in range(3)])
    illegal = out.legal[:, 0].copy()
    illegal[1] = 44
    with pytest.raises(boardpath.GameError, match=r"game 1: action 44 is not legal for player 0 after rolling \d \(legal: "):
        env.step(illegal)
    # Nothing moved: every action is checked before any is played.
    assert np.array_equal(out.obs, before[0]) and [str(env.state(i)) for i in range(3)] == before[2]
    with pytest.raises(boardpath.ArgumentError, match=r"shape \(3,\).*got shape \(2,\)"):
        env.step(np.zeros(2, np.int64))
    with pytest.raises(boardpath.ArgumentError, match=r"shape \(3,\).*got shape \(3, 1\)"):
        env.step(np.zeros((3, 1), np.int64))
    with pytest.raises(boardpath.ArgumentError, match="integer action ids.*dtype float64"):
        env.step(np.zeros(3))
    with pytest.raises(boardpath.ArgumentError, match="integer action ids.*dtype <U1"):
        env.step(["a", "b", "c"])
    with pytest.raises(boardpath.GameError, match="action -5 is not legal"):
        env.step(np.array([-5, 0, 0]))
    with pytest.raises(boardpath.BoardError):
        VecEnv("no-such-board")
    with pytest.raises(boardpath.GameError, match="chess"):
        VecEnv("maedn", rules="chess")
    with pytest.raises(boardpath.GameError, match="7 players"):
        VecEnv("maedn", 7)
    with pytest.raises(boardpath.ArgumentError, match="num_envs"):
        VecEnv("maedn", num_envs=0)
    with pytest.raises(boardpath.ArgumentError, match="seat 2 does not exist"):
        VecEnv("maedn", 2, agents=2)
    with pytest.raises(boardpath.ArgumentError, match='unknown policy "best"'):
        VecEnv("maedn", 2, agents=0, opponents="best")
    with pytest.raises(boardpath.ArgumentError, match="a policy file cannot play"):
        VecEnv("maedn", 2, agents=0, opponents="file:x.txt")
    with pytest.raises(boardpath.ArgumentError, match="3 policies; the game has 2 players"):
        VecEnv("maedn", 2, agents=0, opponents=["random"] * 3)
    with pytest.raises(boardpath.ArgumentError, match='autoreset "later"'):
        VecEnv("maedn", autoreset="later")
    with pytest.raises(boardpath.ArgumentError, match="seed"):
        VecEnv("maedn", seed=-1)
    with pytest.raises(boardpath.ArgumentError, match="game 5 does not exist"):
        env.state(5)
    for call in (lambda: env.state(-1), lambda: env.observe(-1, 0), lambda: env.reset(indices=[-1])):
        with pytest.raises(boardpath.ArgumentError, match=r"game -1 does not exist \(games 0 to 2\)"):
            call()
    with pytest.raises(boardpath.ArgumentError, match="player 2 does not exist"):
        env.observe(0, 2)
    with pytest.raises(boardpath.ArgumentError, match="action 9223372036854775813 does not exist"):
        env.step(np.array([2**63 + 5, 0, 0], dtype=np.uint64))
    with pytest.raises(boardpath.ArgumentError, match="players must be a whole number.*got 2.5"):
        VecEnv("maedn", 2.5)
    with pytest.raises(boardpath.ArgumentError, match="pieces must be a whole number.*got -1"):
        VecEnv("maedn", 2, pieces=-1)
    with pytest.raises(boardpath.ArgumentError, match="autoreset 1: expected"):
        VecEnv("maedn", autoreset=1)
    # More games than memory holds: numpy's refusal, not an abort of the interpreter.
    with pytest.raises((MemoryError, ValueError)):
        VecEnv("maedn", 2, num_envs=2**44)


def test_vector_env_pickles():
    env = VecEnv("maedn", 2, num_envs=4, seed=9)
    copy = pickle.loads(pickle.dumps(env))
    assert copy.seed == 9 and copy.num_envs == 4
    assert np.array_equal(copy.reset(seed=9).obs, env.reset(seed=9).obs)


# -- Gymnasium ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def gym():
    from conftest import required

    gymnasium = required("gymnasium")
    import boardpath.envs  # noqa: F401  registers boardpath/Race-v0

    return gymnasium


@pytest.mark.parametrize("kwargs", [dict(), dict(players=4), dict(board="ludo", players=4, rules="ludo"), dict(seat="random", opponents="front")])
def test_gymnasium_check_env(gym, kwargs):
    from gymnasium.utils.env_checker import check_env

    env = gym.make("boardpath/Race-v0", **kwargs)
    check_env(env.unwrapped)


def gym_episode(env, seed, rng):
    obs, info = env.reset(seed=seed)
    rows = [obs]
    while True:
        mask = info["action_mask"]
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        rows.append(obs)
        if terminated or truncated:
            return np.array(rows), reward


def test_gymnasium_seeded_runs_reproduce(gym):
    env = gym.make("boardpath/Race-v0", players=2, opponents="random")
    a, ra = gym_episode(env, 3, np.random.default_rng(0))
    b, rb = gym_episode(env, 3, np.random.default_rng(0))
    c, _ = gym_episode(env, 4, np.random.default_rng(0))
    assert np.array_equal(a, b) and ra == rb and ra in (-1.0, 1.0)
    assert not (len(a) == len(c) and np.array_equal(a, c))


def test_gymnasium_illegal_action(gym):
    env = gym.make("boardpath/Race-v0").unwrapped
    obs, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    with pytest.raises(boardpath.GameError, match="the game is over"):
        env.step(0)
    strict = gym.make("boardpath/Race-v0", illegal="raise").unwrapped
    obs, info = strict.reset(seed=1)
    with pytest.raises(boardpath.GameError, match=f"action {illegal} is not legal"):
        strict.step(illegal)
    with pytest.raises(boardpath.ArgumentError, match="action 45 does not exist"):
        strict.step(45)


def test_gymnasium_bad_input_raises_clearly(gym):
    from boardpath.envs import RaceEnv, RaceVectorEnv

    with pytest.raises(boardpath.BoardError, match="no-such-board"):
        gym.make("boardpath/Race-v0", board="no-such-board")
    with pytest.raises(boardpath.GameError, match='unknown rules "chess"'):
        gym.make("boardpath/Race-v0", rules="chess")
    with pytest.raises(boardpath.ArgumentError, match='illegal "maybe"'):
        RaceEnv(illegal="maybe")
    with pytest.raises(boardpath.ArgumentError, match='render_mode "human"'):
        RaceEnv(render_mode="human")
    with pytest.raises(boardpath.ArgumentError, match="seat 5 does not exist"):
        RaceEnv(seat=5)
    env = RaceEnv(illegal="raise")
    env.reset(seed=1)
    for action in (1.5, np.array([1, 2]), "1"):
        with pytest.raises(boardpath.ArgumentError, match="one integer action id"):
            env.step(action)
    with pytest.raises(boardpath.ArgumentError, match="seed must be a whole number.*got -1"):
        env.reset(seed=-1)
    vector = RaceVectorEnv(num_envs=4)
    obs, info = vector.reset(seed=1)
    actions = info["action_mask"].argmax(axis=1)
    actions[1] = 44
    with pytest.raises(boardpath.GameError, match="game 1: action 44 is not legal"):
        vector.step(actions)
    with pytest.raises(boardpath.ArgumentError, match=r"shape \(4,\).*got shape \(3,\)"):
        vector.step(np.zeros(3, np.int64))
    with pytest.raises(boardpath.ArgumentError, match="dtype float64"):
        vector.step(np.zeros(4))
    with pytest.raises(boardpath.ArgumentError, match="reset_mask must be a bool array of shape"):
        vector.reset(options={"reset_mask": [True, False]})
    with pytest.raises(boardpath.ArgumentError, match='autoreset_mode "never"'):
        RaceVectorEnv(num_envs=2, autoreset_mode="never")
    with pytest.raises(boardpath.ArgumentError, match='autoreset_mode "Disabled"'):
        RaceVectorEnv(num_envs=2, autoreset_mode=gym.vector.AutoresetMode.DISABLED)
    with pytest.raises(boardpath.ArgumentError, match="num_envs must be a whole number 1 or more; got 0"):
        RaceVectorEnv(num_envs=0)


def test_make_vec_steps_in_rust(gym):
    from boardpath.envs import RaceVectorEnv

    envs = gym.make_vec("boardpath/Race-v0", num_envs=16, vectorization_mode="vector_entry_point", players=2)
    assert isinstance(envs.unwrapped, RaceVectorEnv)
    obs, info = envs.reset(seed=3)
    assert obs.shape == (16, 52) and info["action_mask"].shape == (16, 45) and info["action_mask"].dtype == np.int8
    assert envs.observation_space.shape == (16, 52) and envs.single_action_space.n == 45
    # Game 0 of the vector env seeded 3 is the single env seeded 3, action for action.
    single = gym.make("boardpath/Race-v0", players=2).unwrapped
    s_obs, s_info = single.reset(seed=3)
    rng, ended = np.random.default_rng(1), 0
    steps = 0
    while True:
        assert np.array_equal(obs[0], s_obs)
        assert np.array_equal(info["action_mask"][0], s_info["action_mask"])
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in info["action_mask"]])
        obs, reward, terminated, truncated, info = envs.step(actions)
        s_obs, s_reward, s_term, _, s_info = single.step(int(actions[0]))
        assert (reward[0], terminated[0]) == (s_reward, s_term)
        steps += 1
        if s_term:
            break
    assert steps > 20 and np.array_equal(obs[0], s_obs)
    # Next-step autoreset (Gymnasium's default): the step after the end starts game 0 anew.
    assert envs.metadata["autoreset_mode"].value == "NextStep"
    obs, reward, terminated, truncated, info = envs.step(np.zeros(16, np.int64) + info["action_mask"].argmax(axis=1))
    assert not terminated[0] and info["action_mask"][0].any()


# -- PettingZoo --------------------------------------------------------------------------------


@pytest.mark.parametrize("kwargs", [dict(), dict(players=4), dict(board="ludo", players=4, rules="ludo"), dict(board="maedn-6", players=6)])
def test_pettingzoo_api_test(kwargs):
    import warnings

    from conftest import required

    required("pettingzoo")
    from pettingzoo.test import api_test

    from boardpath.envs import race_v0

    with warnings.catch_warnings():
        # PettingZoo suggests Box observations; the classic games' dict (observation,
        # action_mask) is what it asks of them.
        warnings.simplefilter("ignore")
        api_test(race_v0.env(**kwargs), num_cycles=1000)


def test_pettingzoo_game_is_the_engines_game():
    from conftest import required

    required("pettingzoo")
    from boardpath.envs import race_v0

    env = race_v0.env(board="maedn", players=3)
    env.reset(seed=8)
    game = env.unwrapped.game
    replica = game.new_initial_state()
    rng = np.random.default_rng(0)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        if termination or truncation:
            assert replica.is_terminal() and reward == replica.returns()[int(agent[-1])]
            env.step(None)
            continue
        replica.apply_action(game.faces.index(info["roll"]))
        assert agent == f"player_{replica.current_player()}"
        assert list(np.flatnonzero(obs["action_mask"])) == replica.legal_actions()
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        replica.apply_action(action)
        env.step(action)
    assert replica.is_terminal()


def test_pettingzoo_bad_input_raises_clearly():
    from conftest import required

    required("pettingzoo")
    from boardpath.envs import race_v0

    with pytest.raises(boardpath.BoardError, match="nope"):
        race_v0.env(board="nope")
    with pytest.raises(boardpath.GameError, match='unknown rules "chess"'):
        race_v0.env(rules="chess")
    with pytest.raises(boardpath.ArgumentError, match='render_mode "human"'):
        race_v0.env(render_mode="human")
    raw = race_v0.raw_env()
    raw.reset(seed=1)
    with pytest.raises(boardpath.GameError, match="action 44 is not legal"):
        raw.step(44)
    for action in (1.5, np.array([1, 2])):
        with pytest.raises(boardpath.ArgumentError, match="one integer action id"):
            raw.step(action)
    with pytest.raises(boardpath.ArgumentError, match="seed must be a whole number"):
        raw.reset(seed=-3)
    # Wrapped as the classic games: an illegal action ends the game, a loss for its agent; an
    # action for the game that ended is refused.
    env = race_v0.env()
    env.reset(seed=1)
    env.step(44)
    assert all(env.terminations.values()) and env.rewards["player_0"] == -1
    with pytest.raises(ValueError, match="only valid action is None"):
        env.step(0)


def test_pettingzoo_env_pickles():
    from conftest import required

    required("pettingzoo")
    from boardpath.envs import race_v0

    env = pickle.loads(pickle.dumps(race_v0.raw_env(board="ludo", players=4, rules="ludo")))
    env.reset(seed=1)
    assert env.possible_agents == [f"player_{p}" for p in range(4)]


def test_docstring_examples():
    import doctest

    from conftest import required

    import boardpath.envs
    import boardpath.envs._draw
    import boardpath.envs.vector

    modules = [boardpath.envs, boardpath.envs.vector, boardpath.envs._draw]
    required("pettingzoo")
    from boardpath.envs import race_v0

    modules.append(race_v0)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    for module in modules:
        result = doctest.testmod(module, optionflags=flags)
        assert result.failed == 0 and result.attempted >= 3, module.__name__


def test_game_state_history_undo_and_observation():
    game = boardpath.Game("ludo", players=4, rules="ludo")
    state, rng = game.new_initial_state(), np.random.default_rng(3)
    seen, actions = [], []
    while not state.is_terminal() and len(actions) < 400:
        seen.append((str(state), state.legal_actions(), state.tries, state.streak))
        a = int(rng.choice(state.legal_actions()))
        state.apply_action(a)
        actions.append(a)
    assert state.history() == actions
    for a, before in zip(reversed(actions), reversed(seen)):
        assert state.undo_action() == a
        assert (str(state), state.legal_actions(), state.tries, state.streak) == before
    assert state == game.new_initial_state() and state.history() == []
    with pytest.raises(boardpath.GameError, match="no action to undo"):
        state.undo_action()
    # The position's observation is the environments' (numpy, float32).
    env = VecEnv(game, num_envs=4, seed=5)
    out = env.reset()
    for _ in range(30):
        out = env.step(random_actions(out.mask, rng))
    for i in range(4):
        s = env.state(i)
        assert s.observation().dtype == np.float32
        assert np.array_equal(s.observation(), out.obs[i])
        for p in range(4):
            assert np.array_equal(s.observation(p), env.observe(i, p))
    with pytest.raises(boardpath.ArgumentError, match="player 4 does not exist"):
        env.state(0).observation(4)
