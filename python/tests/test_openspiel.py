"""boardpath as an OpenSpiel game: loaded through pyspiel, OpenSpiel's random-simulation test on 2
and 4 players, the same legal moves as OpenSpiel's own maedn on replayed games, and OpenSpiel's
MCTS bot beating the random bot."""

import random

import numpy as np
import pytest

from conftest import required

pyspiel = required("pyspiel")
import boardpath  # noqa: E402
import boardpath.openspiel  # noqa: E402,F401  registers "boardpath"


def test_load_game_any_board():
    game = pyspiel.load_game("boardpath", {"board": "ludo", "players": 4})
    assert game.num_players() == 4
    assert game.get_type().short_name == "boardpath"
    assert game.max_chance_outcomes() == 6
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 6
    # A 6 must bring a piece in.
    state.apply_action(5)
    assert state.current_player() == 0 and state.legal_actions() == [1]
    assert state.action_to_string(0, 1) == "enter"


@pytest.mark.parametrize("players", [2, 4])
def test_openspiel_random_simulation(players):
    game = pyspiel.load_game("boardpath", {"board": "maedn", "players": players})
    pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)


@pytest.mark.parametrize("board", ["ludo", "parcheesi", "maedn-6"])
def test_openspiel_random_simulation_other_boards(board):
    players = {"ludo": 4, "parcheesi": 4, "maedn-6": 6}[board]
    game = pyspiel.load_game("boardpath", {"board": board, "players": players, "rules": "ludo"})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_legal_moves_as_openspiels_maedn(players):
    # Replay random games in both at once: the same chance outcome and the same action in each,
    # and at every node the same player, legal actions, chance outcomes and returns.
    ours = pyspiel.load_game("boardpath", {"board": "maedn", "players": players})
    theirs = pyspiel.load_game("maedn", {"players": players})
    assert ours.num_distinct_actions() == theirs.num_distinct_actions() == 45
    rng = random.Random(players)
    decisions = 0
    for _ in range(20):
        a, b = ours.new_initial_state(), theirs.new_initial_state()
        while not b.is_terminal():
            assert a.current_player() == b.current_player()
            if b.is_chance_node():
                assert a.chance_outcomes() == b.chance_outcomes()
                action = rng.randrange(6)
            else:
                assert a.legal_actions() == b.legal_actions(), str(b)
                action = rng.choice(b.legal_actions())
                decisions += 1
            a.apply_action(action)
            b.apply_action(action)
        assert a.is_terminal()
        assert a.returns() == b.returns()
    assert decisions > 1000


@pytest.mark.parametrize("jump_in_goal, at_least", [(True, 28), (False, 30)])
def test_mcts_beats_random(jump_in_goal, at_least):
    # OpenSpiel's MCTS bot (10 simulations a move, boardpath.openspiel.ProgressEvaluator at the
    # leaves) against OpenSpiel's uniform random bot: 2 players of 4 pieces on the standard board,
    # 40 games, seats alternating. A fair coin wins 28 or more of 40 with probability 0.008, 30 or
    # more with 0.001. (With random rollouts instead, a few hundred simulations barely beat
    # random: the dice decide most of a race, and the exact solver puts the random policy only
    # 0.65 expected turns behind the optimal one on this board.) Seeded: the games are the same
    # on every run. Measured when written: 32 and 37 wins.
    from open_spiel.python.algorithms import evaluate_bots, mcts

    params = {"board": "maedn", "players": 2, "jump_in_goal": jump_in_goal}
    game = pyspiel.load_game("boardpath", params)
    rng = np.random.RandomState(7)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=10, evaluator=boardpath.openspiel.ProgressEvaluator(), random_state=rng)
    games, wins = 40, 0
    for g in range(games):
        seat = g % 2
        bots = [None, None]
        bots[seat] = bot
        bots[1 - seat] = pyspiel.make_uniform_random_bot(1 - seat, g)
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        wins += returns[seat] > 0
    assert wins >= at_least, f"MCTS won {wins} of {games}"


def test_mcts_runs_on_ludo():
    from open_spiel.python.algorithms import evaluate_bots, mcts

    game = pyspiel.load_game("boardpath", {"board": "ludo", "players": 4, "rules": "ludo"})
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=5, evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    bots = [bot] + [pyspiel.make_uniform_random_bot(p, p) for p in range(1, 4)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert sorted(returns) == [-1.0, -1.0, -1.0, 3.0]


def test_observation_tensor():
    game = pyspiel.load_game("boardpath", {"board": "maedn", "players": 2})
    state = game.new_initial_state()
    state.apply_action(5)
    state.apply_action(1)  # enter
    obs = state.observation_tensor(0)
    # 2 players x (44 steps + waiting) counts, then the roll one-hot over 6 faces.
    assert len(obs) == 2 * 45 + 6
    pieces = np.array(obs[:90]).reshape(2, 45)
    assert pieces[0, 0] == 1 and pieces[0, 44] == 3 and pieces[1, 44] == 4
    assert sum(obs[90:]) == 0  # before the next roll
    assert "player 0" in state.observation_string(0)


def test_rules_in_the_command_line_s_syntax():
    # The board's own [game] rules by default, the command line's syntax otherwise.
    assert pyspiel.load_game("boardpath", {"board": "ludo", "players": 4}).engine.rules == "ludo"
    game = pyspiel.load_game("boardpath", {"board": "maedn", "rules": "openspiel,bonus-roll=false,tries=3"})
    assert game.engine.rules == "openspiel,bonus-roll=false,tries=3"
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
    with pytest.raises(boardpath.GameError, match='unknown switch "nope"'):
        pyspiel.load_game("boardpath", {"board": "maedn", "rules": "openspiel,nope=1"})


def test_serialize_and_deserialize_state():
    # OpenSpiel pickles a Python game's state: it works since GameState pickles.
    game = pyspiel.load_game("boardpath", {"board": "ludo", "players": 4, "rules": "ludo"})
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(150):
        state.apply_action(rng.choice(state.legal_actions()))
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.legal_actions() == state.legal_actions()
    assert again.history() == state.history()
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
