"""Every boardpath board as an OpenSpiel game: ``import boardpath.openspiel`` registers the Python
game ``boardpath`` with pyspiel (OpenSpiel's API for games written in Python).

>>> import pyspiel, boardpath.openspiel
>>> game = pyspiel.load_game("boardpath", {"board": "ludo", "players": 4})
>>> game.num_players(), game.num_distinct_actions()
(4, 58)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), state.chance_outcomes()[5]
(True, (5, 0.16666666666666666))

Parameters: ``board`` (an embedded board's name or a board file), ``players`` (2 to 6),
``rules`` (as ``--rules``: ``PRESET[,SWITCH=VALUE...]``, e.g. ``openspiel,tries=3``; presets
``openspiel``: exactly OpenSpiel's ``maedn``, ``schmidt``, ``ludo``; empty, the default: the
board's ``[game] rules``, else ``openspiel``), ``pieces``
(per player; 0: every piece), ``seating`` (``spread``: two players sit opposite, as
OpenSpiel's default; ``adjacent``) and ``jump_in_goal`` (False: a piece may not pass an own piece
inside the goal). On the standard board under ``openspiel`` rules the action
ids, chance outcomes and returns are those of OpenSpiel's own ``maedn``: 0 passes, 1 brings a
piece in, ``2 + s`` moves the piece on the mover's relative step ``s``; the roll is a chance node
with outcome ``i`` rolling face ``i + 1``; the winner gets ``players - 1``, every other player -1.

The moves are the Rust engine's (``boardpath.GameState``); this module is the thin pyspiel face
of it. Needs ``pip install open-spiel``.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

try:
    import pyspiel
except ImportError as e:  # pragma: no cover - depends on the environment
    raise ImportError(
        "boardpath.openspiel needs OpenSpiel, which boardpath does not install: pip install open-spiel"
    ) from e

import numpy as np

from . import Game, GameState

__all__ = ["GAME_TYPE", "BoardpathGame", "BoardpathState", "MAX_GAME_LENGTH", "ProgressEvaluator"]

#: A bound OpenSpiel asks for; the game itself has none (a game with many passes can be longer in
#: principle). Random 4-player games on the embedded boards stay well within it.
MAX_GAME_LENGTH = 10_000

_DEFAULTS: Dict[str, Any] = {
    "board": "maedn",
    "players": 2,
    "rules": "",
    "pieces": 0,
    "seating": "spread",
    "jump_in_goal": True,
}

GAME_TYPE = pyspiel.GameType(
    short_name="boardpath",
    long_name="boardpath race board game (any board file: Mensch ärgere Dich nicht, Ludo, ...)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.PERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


class BoardpathGame(pyspiel.Game):
    """The pyspiel game of one board, rule set and number of players."""

    def __init__(self, params: Optional[Dict[str, Any]] = None) -> None:
        p = dict(_DEFAULTS)
        p.update(params or {})
        self.engine = Game(
            p["board"],
            players=int(p["players"]),
            rules=p["rules"] or None,
            pieces=int(p["pieces"]) or None,
            seating=p["seating"],
            # Only a change from the preset (every preset jumps in the goal today).
            jump_in_goal=None if p["jump_in_goal"] else False,
        )
        n = self.engine.players
        info = pyspiel.GameInfo(
            num_distinct_actions=self.engine.num_distinct_actions,
            max_chance_outcomes=len(self.engine.faces),
            num_players=n,
            min_utility=-1.0,
            max_utility=float(n - 1),
            utility_sum=0.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(GAME_TYPE, info, p)

    def new_initial_state(self) -> "BoardpathState":
        """Every piece waiting, player 0 about to roll."""
        return BoardpathState(self, self.engine.new_initial_state())

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "BoardpathObserver":
        """The whole position (the game has perfect information)."""
        return BoardpathObserver(self, params)


class BoardpathState(pyspiel.State):
    """A position; the moves are those of ``boardpath.GameState``."""

    def __init__(self, game: BoardpathGame, native: GameState) -> None:
        super().__init__(game)
        self.native = native

    def current_player(self) -> int:
        return self.native.current_player()

    def _legal_actions(self, player: int) -> List[int]:
        return self.native.legal_actions()

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        return self.native.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.native.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.native.action_to_string(action)

    def is_terminal(self) -> bool:
        return self.native.is_terminal()

    def returns(self) -> List[float]:
        return self.native.returns()

    def __str__(self) -> str:
        return str(self.native)


class BoardpathObserver:
    """The position as a tensor and a string: for each player (in the order of play, starting
    with the observer), how many of its pieces stand on each relative step and how many wait; the
    roll (one-hot over the faces, zero before the roll)."""

    def __init__(self, game: BoardpathGame, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        eng = game.engine
        self._n = eng.players
        self._steps = max(eng.steps(p) for p in range(self._n))
        self._faces = list(eng.faces)
        pieces = (self._n, self._steps + 1)
        size = pieces[0] * pieces[1] + len(self._faces)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {
            "pieces": self.tensor[: pieces[0] * pieces[1]].reshape(pieces),
            "roll": self.tensor[pieces[0] * pieces[1] :],
        }

    def set_from(self, state: BoardpathState, player: int) -> None:
        self.tensor.fill(0)
        native = state.native
        for i, own in enumerate(native.pieces):
            row = (i - player) % self._n
            for s in own:
                self.dict["pieces"][row, self._steps if s is None else s] += 1
        if native.roll is not None:
            self.dict["roll"][self._faces.index(native.roll)] = 1

    def string_from(self, state: BoardpathState, player: int) -> str:
        return str(state.native)


class ProgressEvaluator:
    """A leaf evaluator for OpenSpiel's MCTS bot (``open_spiel.python.algorithms.mcts``) without
    rollouts: each player's progress, as a zero-sum value in the returns' range.

    Progress weighs each piece's share of its race squared, so that a step of a piece near home
    counts more than a step of one just out: every move adds the roll to the sum of steps, and
    plain progress could not tell the moves apart. The square prefers bringing pieces home one by
    one, which leaves fewer pieces exposed on the track and, where pieces may not jump in the goal,
    fills the goal from the deepest tile. Random rollouts of a race game are long and noisy; this
    is cheap.
    """

    def __init__(self, scale: float = 4.0) -> None:
        self.scale = scale

    def evaluate(self, state: BoardpathState) -> "np.ndarray":
        if state.is_terminal():
            return np.array(state.returns())
        eng = state.get_game().engine
        done = np.array(
            [
                sum(0.0 if s is None else ((s + 1) / eng.steps(p)) ** 2 for s in own) / len(own)
                for p, own in enumerate(state.native.pieces)
            ]
        )
        # Ahead of the others' mean by the whole race is a sure win (n - 1), behind a sure loss.
        value = np.tanh(self.scale * (done - done.mean())) * (eng.players - 1)
        return value - value.mean()

    def prior(self, state: BoardpathState) -> List[Tuple[int, float]]:
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


pyspiel.register_game(GAME_TYPE, BoardpathGame)
