"""Objects that travel: boards, games, positions and the environments survive pickle and a process
pool (what multiprocessing, Ray and Dask do with them)."""

import pickle
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

import boardpath
from boardpath.envs import VecEnv


def play_from(state):
    """In a worker: the position's legal actions and text, and the game's seats."""
    return state.legal_actions(), str(state), state.tries, state.streak


def vector_rows(env):
    """In a worker: the first observations of a vector environment after a seeded reset."""
    return env.reset(seed=env.seed).obs


def test_board_pickles_by_origin():
    for name in ("maedn", "ludo"):
        board = boardpath.Board.load(name)
        again = pickle.loads(pickle.dumps(board))
        assert again.name == board.name and again.sha256 == board.sha256 and again.track_length == board.track_length


def board_fields(board):
    """In a worker: what identifies a board, and its first solve's total."""
    return board.name, board.sha256, board.track_length, boardpath.solve(board).total, board.rules


def test_boards_from_text_and_with_changed_rules_pickle_and_cross_a_process_pool():
    text = boardpath.Board.embedded_toml("maedn").replace('name = "Mensch', 'name = "My Mensch')
    from_text = boardpath.Board.from_toml(text, name="mine.toml")
    changed = from_text.with_rules(metric="manhattan", die=[1, 2, 3, 4, 5])
    loaded = boardpath.Board.load("ludo").with_rules(moves_in_goal=False)
    boards = [from_text, changed, loaded]
    for board in boards:
        again = pickle.loads(pickle.dumps(board))
        assert board_fields(again) == board_fields(board)
    assert pickle.loads(pickle.dumps(changed)).rules.metric == "manhattan"
    # A game on a board from text travels with it.
    game = boardpath.Game(from_text, players=2)
    assert repr(pickle.loads(pickle.dumps(game))) == repr(game)
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(board_fields, boards))
    assert results == [board_fields(b) for b in boards]
    assert results[0][0] == "My Mensch ärgere Dich nicht"


def test_game_and_state_pickle():
    game = boardpath.Game("ludo", players=4, rules="ludo", jump_in_goal=False)
    again = pickle.loads(pickle.dumps(game))
    assert repr(again) == repr(game) and again.seats == game.seats and again.rules == game.rules
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(200):
        state.apply_action(int(rng.choice(state.legal_actions())))
    copy = pickle.loads(pickle.dumps(state))
    assert (copy.pieces, copy.to_move, copy.roll, copy.tries, copy.streak) == (state.pieces, state.to_move, state.roll, state.tries, state.streak)
    assert copy.legal_actions() == state.legal_actions() and str(copy) == str(state)
    # The copy plays on exactly as the original.
    for _ in range(50):
        if state.is_terminal():
            break
        a = int(rng.choice(state.legal_actions()))
        state.apply_action(a)
        copy.apply_action(a)
        assert str(copy) == str(state)


def test_objects_cross_a_process_pool():
    game = boardpath.Game("maedn", players=3)
    state = game.state([[5, None, None, None], [None] * 4, [12, 3, None, None]], to_move=2, roll=4)
    env = VecEnv("maedn", 2, num_envs=4, seed=21)
    with ProcessPoolExecutor(max_workers=2) as pool:
        legal, text, tries, streak = pool.submit(play_from, state).result()
        rows = pool.submit(vector_rows, env).result()
    assert (legal, text, tries, streak) == (state.legal_actions(), str(state), state.tries, state.streak)
    assert np.array_equal(rows, VecEnv("maedn", 2, num_envs=4, seed=21).reset(seed=21).obs)


def test_gymnasium_and_pettingzoo_envs_pickle():
    from conftest import required

    gymnasium = required("gymnasium")
    required("pettingzoo")
    import boardpath.envs  # noqa: F401  registers boardpath/Race-v0
    from boardpath.envs import RaceEnv, RaceVectorEnv, race_v0

    single = pickle.loads(pickle.dumps(RaceEnv(board="ludo", players=4, rules="ludo", opponents="front")))
    obs, info = single.reset(seed=2)
    assert obs.shape == (100,) and info["action_mask"].shape == (58,)
    vector = pickle.loads(pickle.dumps(RaceVectorEnv(num_envs=8, players=2)))
    obs, info = vector.reset(seed=2)
    assert obs.shape == (8, 52) and isinstance(vector, gymnasium.vector.VectorEnv)
    aec = pickle.loads(pickle.dumps(race_v0.env(players=3)))
    aec.reset(seed=2)
    assert aec.agent_selection == "player_0"


def test_solutions_and_records_pickle():
    solution = boardpath.solve("maedn")
    again = pickle.loads(pickle.dumps(solution))
    assert type(again) is boardpath.Solution and again == solution
    assert (again.total, again.enter, [p.length for p in again.pieces]) == (solution.total, solution.enter, [p.length for p in solution.pieces])
    rules = boardpath.Board.load("ludo").rules
    assert pickle.loads(pickle.dumps(rules)) == rules
    with ProcessPoolExecutor(max_workers=1) as pool:
        assert pool.submit(solution_total, solution).result() == solution.total


def solution_total(solution):
    """In a worker: a field of a solution read there."""
    return solution.total
