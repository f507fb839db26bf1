"""The real game from Python: setup, the roll as a chance event, legal moves, apply, returns."""

import copy
import random

import pytest

import boardpath


def test_setup():
    game = boardpath.Game("maedn", players=2)
    assert (game.players, game.pieces, game.seats, game.player_names) == (2, 4, [0, 2], ["black", "green"])
    assert game.faces == [1, 2, 3, 4, 5, 6] and game.num_distinct_actions == 45
    assert game.rules == "openspiel"
    assert game.steps(0) == 44 and game.track_steps(0) == 40
    assert game.tile(1, 0) == 20 and game.tile(1, 40) is None
    assert boardpath.Game(boardpath.Board.load("ludo"), players=4, rules="ludo").players == 4
    assert boardpath.Game().board_name == "Mensch ärgere Dich nicht"
    assert boardpath.Game("maedn", players=3, seating="adjacent").seats == [0, 1, 2]
    assert boardpath.Game("maedn", players=2, seating=[3, 1]).player_names == ["red", "yellow"]


def test_rules_in_the_command_line_s_syntax():
    game = boardpath.Game("maedn", rules="openspiel,bonus-roll=false,tries=3")
    assert game.rules == "openspiel,bonus-roll=false,tries=3"
    assert boardpath.Game("maedn", rules=game.rules).rules == game.rules
    # The board's own [game] rules by default; the keywords change one switch of them.
    assert boardpath.Game("ludo").rules == "ludo"
    assert boardpath.Board.load("ludo").game_rules == "ludo"
    assert boardpath.Board.load("maedn").game_rules is None
    assert boardpath.Game("maedn-official").rules == "schmidt"
    assert boardpath.Game("ludo", tries=2).rules == "ludo,tries=2"
    assert boardpath.Game("ludo", rules="schmidt", compulsory_capture=True).rules == "schmidt,compulsory-capture=true"
    # A bonus roll no more: a 6 hands the roll on.
    state = boardpath.Game("maedn", rules="openspiel,bonus-roll=false").new_initial_state()
    state.apply_action(5)  # rolls a 6
    state.apply_action(state.legal_actions()[0])
    assert state.is_chance_node()
    state.apply_action(0)
    assert state.current_player() == 1


@pytest.mark.parametrize(
    "kwargs, error, words",
    [
        (dict(rules=""), boardpath.GameError, 'rules "": no preset'),
        (dict(rules="openspiel,"), boardpath.GameError, "an empty switch"),
        (dict(rules="openspiel,tries=0"), boardpath.GameError, "tries=0: valid is 1 to 10"),
        (dict(rules="openspiel,tries=1,tries=1"), boardpath.GameError, "given twice"),
        (dict(rules="openspiel,jump=false"), boardpath.GameError, 'unknown switch "jump"'),
        (dict(rules="openspiel,enter-on=7"), boardpath.GameError, "the board's die [1, 2, 3, 4, 5, 6] has no such face"),
        (dict(tries=0), boardpath.ArgumentError, "tries 0: valid is 1 to 10"),
        (dict(tries=11), boardpath.ArgumentError, "tries 11: valid is 1 to 10"),
        (dict(tries=10**30), Exception, ""),
    ],
)
def test_bad_rules(kwargs, error, words):
    with pytest.raises(error) as e:
        boardpath.Game("maedn", **kwargs)
    assert words in str(e.value)


def test_bad_setup():
    with pytest.raises(boardpath.GameError, match="7 players"):
        boardpath.Game("maedn", players=7)
    with pytest.raises(boardpath.GameError, match="unknown rule set|rules"):
        boardpath.Game("maedn", rules="chess")
    with pytest.raises(boardpath.GameError, match="seated twice"):
        boardpath.Game("maedn", players=2, seating=[1, 1])
    with pytest.raises(boardpath.ArgumentError, match='unknown seating "round"'):
        boardpath.Game("maedn", seating="round")
    with pytest.raises(boardpath.GameError):
        boardpath.Game("maedn", pieces=9)


def test_first_turn():
    state = boardpath.Game("maedn").new_initial_state()
    assert state.current_player() == -1 and state.is_chance_node()
    assert state.chance_outcomes() == [(i, 1 / 6) for i in range(6)]
    state.apply_action(2)  # rolls a 3: nothing can move
    assert state.roll == 3 and state.current_player() == 0
    assert state.legal_actions() == [0] and state.legal_moves() == []
    state.apply_action(0)
    assert state.current_player() == -1 and state.to_move == 1
    state.apply_action(5)  # player 1 rolls a 6
    assert state.legal_moves() == [{"action": 1, "piece": 0, "from": None, "to": 0, "capture": None}]
    state.apply_action(1)
    assert state.pieces == [[None] * 4, [0, None, None, None]]
    assert state.to_move == 1  # a 6 rolls again
    assert state.returns() == [0.0, 0.0]


def test_illegal_actions_raise():
    state = boardpath.Game("maedn").new_initial_state()
    with pytest.raises(boardpath.GameError, match="chance outcome 6 does not exist"):
        state.apply_action(6)
    state.apply_action(5)
    with pytest.raises(boardpath.GameError, match=r"action 7 is not legal for player 0 after rolling 6 \(legal: 1\)"):
        state.apply_action(7)
    with pytest.raises(OverflowError):
        state.apply_action(-1)


def test_capture_and_state_from_steps():
    game = boardpath.Game("maedn", players=2)
    # Player 0 on step 5 (track tile 5); player 1 (start tile 20) on its step 27 = tile 7.
    state = game.state([[5, None, None, None], [27, None, None, None]], to_move=0, roll=2)
    moves = state.legal_moves()
    assert moves == [{"action": 7, "piece": 0, "from": 5, "to": 7, "capture": {"player": 1, "piece": 0, "step": 27, "tile": 7}}]
    state.apply_action(7)
    assert state.pieces == [[7, None, None, None], [None] * 4]
    with pytest.raises(boardpath.GameError):
        game.state([[5, 5, None, None], [None] * 4])


def test_random_games_end_with_a_winner_and_copies_are_independent():
    rng = random.Random(3)
    game = boardpath.Game("ludo", players=4, rules="ludo")
    for _ in range(5):
        state = game.new_initial_state()
        actions = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
            if actions == 50:
                snapshot = state.clone()
                frozen = str(snapshot)
        assert str(snapshot) == frozen and copy.deepcopy(snapshot) == snapshot
        w = state.winner()
        assert state.returns() == [3.0 if p == w else -1.0 for p in range(4)]
        assert state.current_player() == -4 and state.legal_actions() == []
        with pytest.raises(boardpath.GameError, match="the game is over"):
            state.apply_action(0)
