"""Gymnasium's face of the engine: ``boardpath/Race-v0``, one seat against fixed opponents.

``import boardpath.envs`` registers the id; ``gymnasium.make("boardpath/Race-v0", ...)`` gives a
``RaceEnv`` and ``gymnasium.make_vec("boardpath/Race-v0", num_envs=N,
vectorization_mode="vector_entry_point", ...)`` a ``RaceVectorEnv`` stepping all N games in Rust.
Needs ``pip install gymnasium``.
"""

from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Tuple, Union

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.utils import EzPickle
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space
except ImportError as e:  # pragma: no cover - depends on the environment
    raise ImportError(
        "boardpath's Gymnasium environments need Gymnasium, which boardpath does not install: "
        "pip install gymnasium"
    ) from e

import numpy as np

from .. import GameError
from . import _checks
from .vector import VecEnv

__all__ = ["RaceEnv", "RaceVectorEnv", "ENV_ID"]

ENV_ID = "boardpath/Race-v0"

_ILLEGAL = ("lose", "raise")


def _spaces(env: VecEnv) -> Tuple[spaces.Box, spaces.Discrete]:
    obs = spaces.Box(0.0, 1.0, shape=(env.observation_size,), dtype=np.float32)
    return obs, spaces.Discrete(env.num_actions)


class RaceEnv(gymnasium.Env, EzPickle):
    """One seat of a race game against fixed opponents.

    Arguments: ``board``, ``players``, ``pieces``, ``rules``, ``seating`` as ``boardpath.Game``
    takes them; ``seat`` (the agent's player, or ``"random"``: drawn for each game);
    ``opponents`` (a policy name of the library, or one per player); ``auto_forced`` (decisions with
    one legal action are played without asking); ``illegal``: what an action outside the mask
    does: ``"lose"`` (the game ends at once as a loss, return -1, ``info["illegal_action"]``, the
    convention of PettingZoo's classic games, so that ``check_env``'s unmasked samples are
    answered) or ``"raise"`` (``GameError``, the game unchanged).

    Observation: ``Box(0, 1, (players * pieces * 6 + 4,), float32)``, the position seen by the
    agent (``docs/python.md``, "Environments"). Actions: ``Discrete(num_distinct_actions)``,
    OpenSpiel's ids; the legal ones in ``info["action_mask"]`` (int8, for
    ``action_space.sample(mask=...)``). Reward: the agent's OpenSpiel return when the game ends
    (``players - 1`` for a win, -1 for a loss), else 0. A game stopped at the engine's roll limit
    (1,000,000 rolls between two decisions of the agent) is truncated.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        board: Any = "maedn",
        players: int = 2,
        pieces: Optional[int] = None,
        rules: str = "openspiel",
        seating: Any = None,
        seat: Union[int, str] = 0,
        opponents: Union[str, Sequence[str]] = "random",
        auto_forced: bool = False,
        illegal: str = "lose",
        render_mode: Optional[str] = None,
    ) -> None:
        EzPickle.__init__(
            self, board, players, pieces, rules, seating, seat, opponents, auto_forced, illegal, render_mode
        )
        self.illegal = _checks.choice("illegal", illegal, _ILLEGAL)
        self.render_mode = _checks.render_mode(render_mode, self.metadata["render_modes"])
        self._env = VecEnv(
            board, players, pieces, rules, seating=seating, num_envs=1, agents=seat,
            opponents=opponents, seed=0, autoreset="disabled", auto_forced=auto_forced, copy=False,
        )
        self.observation_space, self.action_space = _spaces(self._env)
        self._seeded = False
        self._over = True
        self._obs = np.zeros(self._env.observation_size, np.float32)

    @property
    def game(self):
        """The ``boardpath.Game`` played."""
        return self._env.game

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None):
        seed = _checks.optional_seed(seed)
        super().reset(seed=seed)
        if seed is None and not self._seeded:
            seed = int(self.np_random.integers(0, 2**63))
        self._seeded = True
        out = self._env.reset(seed=seed)
        self._over = False
        return self._observe(out), self._info(out)

    def step(self, action: Any):
        if self._over:
            raise GameError(f"action {action!r}, but the game is over: call reset()")
        a = _checks.action(action, self.action_space.n)
        last = self._env.last
        if not last.mask[0, a]:
            if self.illegal == "raise":
                legal = ", ".join(str(x) for x in np.flatnonzero(last.mask[0]))
                raise GameError(
                    f"action {a} is not legal for player {last.to_move[0]} after rolling {last.roll[0]} (legal: {legal})"
                )
            self._over = True
            info = self._info(last)
            info["illegal_action"] = True
            info["action_mask"] = np.zeros_like(info["action_mask"])
            return self._obs.copy(), -1.0, True, False, info
        out = self._env.step(np.array([a], dtype=np.int64))
        terminated, truncated = bool(out.terminated[0]), bool(out.truncated[0])
        self._over = terminated or truncated
        return self._observe(out), float(out.reward[0]), terminated, truncated, self._info(out)

    def _observe(self, out) -> np.ndarray:
        self._obs = out.obs[0].copy()
        return self._obs.copy()

    def _info(self, out) -> Dict[str, Any]:
        return {
            "action_mask": out.mask[0].astype(np.int8),
            "seat": int(self._env.seats[0]),
            "roll": int(out.roll[0]),
        }

    def render(self) -> Optional[str]:
        if self.render_mode == "ansi":
            return str(self._env.state(0))
        return None

    def game_state(self):
        """The position as a ``boardpath.GameState``."""
        return self._env.state(0)


class RaceVectorEnv(VectorEnv):
    """``num_envs`` games of ``RaceEnv`` stepped together in Rust: numpy in and out, no Python per
    game. The arguments of ``RaceEnv`` (but ``illegal``: an illegal action raises ``GameError``
    naming the game and leaves every game unchanged), plus ``autoreset_mode`` (``"next_step"``,
    Gymnasium's default, or ``"same_step"``: the ended games' last observations in
    ``info["final_obs"]``, where ``info["_final_obs"]``) and ``copy`` (False: the same arrays each
    step, overwritten by the next). ``info["action_mask"]`` holds every game's legal actions as one
    (num_envs, num_actions) int8 array; ``info["seat"]`` each game's agent seat; ``info["roll"]``
    each game's roll. ``reset(seed=s)`` seeds game ``i`` as game ``i`` of a tournament seeded
    ``s``; ``options={"reset_mask": mask}`` resets only those games.
    """

    def __init__(
        self,
        num_envs: int = 1,
        board: Any = "maedn",
        players: int = 2,
        pieces: Optional[int] = None,
        rules: str = "openspiel",
        seating: Any = None,
        seat: Union[int, str] = 0,
        opponents: Union[str, Sequence[str]] = "random",
        auto_forced: bool = False,
        autoreset_mode: Union[str, AutoresetMode] = "next_step",
        copy: bool = True,
        render_mode: Optional[str] = None,
    ) -> None:
        modes = {"next_step": AutoresetMode.NEXT_STEP, "same_step": AutoresetMode.SAME_STEP}
        if isinstance(autoreset_mode, AutoresetMode):
            # Gymnasium's own values name the same modes.
            autoreset_mode = {m: name for name, m in modes.items()}.get(autoreset_mode, autoreset_mode.value)
        mode = modes[_checks.choice("autoreset_mode", autoreset_mode, list(modes))]
        self._env = VecEnv(
            board, players, pieces, rules, seating=seating, num_envs=num_envs, agents=seat,
            opponents=opponents, seed=0, auto_forced=auto_forced, copy=copy,
            autoreset="next_step" if mode == AutoresetMode.NEXT_STEP else "same_step",
        )
        self.metadata = {"autoreset_mode": mode, "render_modes": []}
        self.num_envs = self._env.num_envs
        self.render_mode = _checks.render_mode(render_mode, self.metadata["render_modes"])
        self.single_observation_space, self.single_action_space = _spaces(self._env)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self._seeded = False

    @property
    def vec(self) -> VecEnv:
        """The ``boardpath.envs.VecEnv`` underneath."""
        return self._env

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None):
        seed = _checks.optional_seed(seed)
        super().reset(seed=seed)
        if seed is None and not self._seeded:
            seed = int(self._np_random.integers(0, 2**63))
        self._seeded = True
        indices = None
        if options and "reset_mask" in options:
            indices = _checks.reset_mask(options["reset_mask"], self.num_envs)
        out = self._env.reset(seed=seed, indices=indices)
        return out.obs, self._info(out)

    def step(self, actions: Any):
        out = self._env.step(_checks.actions(actions, self.num_envs))
        info = self._info(out)
        if self.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP:
            ended = out.terminated | out.truncated
            info["final_obs"] = out.final_obs
            info["_final_obs"] = ended
        return out.obs, out.reward, out.terminated, out.truncated, info

    def _info(self, out) -> Dict[str, Any]:
        return {"action_mask": out.mask.view(np.int8), "seat": self._env.seats, "roll": out.roll}
