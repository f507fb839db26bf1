"""PettingZoo's face of the engine: ``race_v0``, an ``AECEnv`` of 2 to 6 players on any board.

In the style of PettingZoo's classic games: agents ``player_0`` ... (the order of play), each
observation a dict of ``observation`` (``Box(0, 1, (players * pieces * 6 + 4,), float32)``, the
position seen by that agent) and ``action_mask`` (int8 over OpenSpiel's action ids; zeros for an
agent not to move). The die is rolled inside the environment (seeded by ``reset(seed=...)``),
so ``agent_selection`` is always an agent with a decision; a 6 (the bonus roll) selects the same
agent again. Rewards: OpenSpiel's returns when the game ends (``players - 1`` for the winner, -1
for each other player), else 0. ``env()`` wraps ``raw_env`` as the classic games are wrapped: an
illegal action ends the game with -1 for the agent that made it (``TerminateIllegalWrapper``).

>>> from boardpath.envs import race_v0
>>> env = race_v0.env(board="maedn", players=4)
>>> env.reset(seed=1)
>>> env.agent_selection, env.possible_agents
('player_0', ['player_0', 'player_1', 'player_2', 'player_3'])
>>> obs, reward, termination, truncation, info = env.last()
>>> obs["observation"].shape, obs["action_mask"].shape
((100,), (45,))

No ``parallel_env``: one agent moves at a time and which one moves next depends on the dice (a
bonus roll moves the same agent again), so there is no step in which all agents act together.
Needs ``pip install pettingzoo``.
"""

from __future__ import annotations

from typing import Any, Dict, Optional

try:
    from gymnasium import spaces
    from gymnasium.utils import EzPickle
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as e:  # pragma: no cover - depends on the environment
    raise ImportError(
        "boardpath.envs.race_v0 needs PettingZoo, which boardpath does not install: pip install pettingzoo"
    ) from e

import numpy as np

from . import _checks
from .vector import VecEnv

__all__ = ["env", "raw_env"]


def env(**kwargs: Any) -> AECEnv:
    """``raw_env(**kwargs)`` wrapped as PettingZoo's classic games are: an illegal action ends the
    game (-1 for its agent), an action outside the space raises, calls out of order raise."""
    e = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv, EzPickle):
    """The race game as an ``AECEnv``: ``board`` (a name, path or ``boardpath.Board``),
    ``players`` (2 to 6), ``pieces`` (per player; None: the board's), ``rules`` (``openspiel``,
    ``schmidt``, ``ludo``), ``seating`` (``spread``, ``adjacent`` or board player indices) as
    ``boardpath.Game`` takes them; ``auto_forced``: decisions with one legal action are played
    without asking the agent. An illegal action raises ``boardpath.GameError`` (``env()`` turns it
    into a loss)."""

    metadata = {"render_modes": ["ansi"], "name": "race_v0", "is_parallelizable": False}

    def __init__(
        self,
        board: Any = "maedn",
        players: int = 2,
        pieces: Optional[int] = None,
        rules: str = "openspiel",
        seating: Any = None,
        auto_forced: bool = False,
        render_mode: Optional[str] = None,
    ) -> None:
        EzPickle.__init__(self, board, players, pieces, rules, seating, auto_forced, render_mode)
        super().__init__()
        self.render_mode = _checks.render_mode(render_mode, self.metadata["render_modes"])
        self._env = VecEnv(
            board, players, pieces, rules, seating=seating, num_envs=1, agents="all", seed=0,
            autoreset="disabled", auto_forced=auto_forced, copy=False,
        )
        n = self._env.players
        self.possible_agents = [f"player_{p}" for p in range(n)]
        self.agents = self.possible_agents[:]
        self._index = {a: p for p, a in enumerate(self.possible_agents)}
        box = spaces.Box(0.0, 1.0, shape=(self._env.observation_size,), dtype=np.float32)
        mask = spaces.Box(0, 1, shape=(self._env.num_actions,), dtype=np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": box, "action_mask": mask}) for a in self.agents}
        self.action_spaces = {a: spaces.Discrete(self._env.num_actions) for a in self.agents}
        self._seeded = False

    @property
    def game(self):
        """The ``boardpath.Game`` played."""
        return self._env.game

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        p = self._index[agent]
        last = self._env.last
        mask = np.zeros(self._env.num_actions, np.int8)
        if last is not None and last.to_move[0] == p:
            mask[:] = last.mask[0]
        return {"observation": self._env.observe(0, p), "action_mask": mask}

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        seed = _checks.optional_seed(seed)
        if seed is None and not self._seeded:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0])
        self._seeded = True
        out = self._env.reset(seed=seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[int(out.to_move[0])]
        self._set_infos(out)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        mover = self._index[agent]
        a = _checks.action(action, self._env.num_actions)
        out = self._env.step(np.array([a], dtype=np.int64))
        self.rewards = {a: 0.0 for a in self.agents}
        if out.terminated[0] or out.truncated[0]:
            for a in self.agents:
                self.rewards[a] = float(out.reward[0, self._index[a]])
                self.terminations[a] = bool(out.terminated[0])
                self.truncations[a] = bool(out.truncated[0])
            self.agent_selection = self.possible_agents[mover]
        else:
            self.agent_selection = self.possible_agents[int(out.to_move[0])]
        self._set_infos(out)
        self._accumulate_rewards()

    def _set_infos(self, out) -> None:
        for a in self.agents:
            self.infos[a] = {"roll": int(out.roll[0]) if out.to_move[0] == self._index[a] else 0}

    def render(self) -> Optional[str]:
        if self.render_mode == "ansi":
            return str(self._env.state(0))
        return None

    def game_state(self):
        """The position as a ``boardpath.GameState``."""
        return self._env.state(0)

    def close(self) -> None:
        pass
