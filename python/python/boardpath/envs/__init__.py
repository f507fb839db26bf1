"""Environments for learning agents on every board: Gymnasium, PettingZoo, and a vectorised
environment stepped in Rust.

- ``VecEnv`` (numpy only): N games stepped together in one call; numpy actions in, observations,
  masks, rewards and terminations out; auto-reset; seeded. ``random_actions(mask, rng)`` draws a
  uniformly random legal action per game from a batch's mask.
- ``boardpath/Race-v0`` (Gymnasium; registered by ``import boardpath.envs``): one seat against
  fixed opponents, ``RaceEnv``; ``gymnasium.make_vec(..., vectorization_mode="vector_entry_point")``
  gives ``RaceVectorEnv``, stepped by ``VecEnv``.
- ``race_v0`` (PettingZoo): ``race_v0.env(board=..., players=..., pieces=..., rules=...)``, an
  ``AECEnv`` for 2 to 6 players.

Observations are the same for every board size (``docs/python.md``, "Environments"): per player
from the observer on, per piece from the furthest along, 6 entries in [0, 1], then 4 for the roll.
Actions are OpenSpiel's ids: 0 passes, 1 brings a piece in, ``2 + s`` moves the piece on the
mover's relative step ``s``.

>>> import boardpath.envs
>>> env = boardpath.envs.VecEnv("ludo", players=4, rules="ludo", num_envs=2, seed=1)
>>> env.observation_size, env.num_actions
(100, 58)
>>> env.labels[:3], env.labels[-4:]
(['p0.piece0.waiting', 'p0.piece0.track', 'p0.piece0.goal'], ['roll', 'entry_roll', 'rolls_again', 'tries'])
"""

from __future__ import annotations

import importlib
from typing import Any

from ._draw import random_actions
from .vector import GLOBAL_ENTRIES, PER_PIECE, PIECE_ENTRIES, Batch, VecEnv

__all__ = [
    "VecEnv",
    "Batch",
    "random_actions",
    "PIECE_ENTRIES",
    "PER_PIECE",
    "GLOBAL_ENTRIES",
    "ENV_ID",
    "RaceEnv",
    "RaceVectorEnv",
    "race_v0",
]

#: Gymnasium's id of the one-seat environment.
ENV_ID = "boardpath/Race-v0"


def _register() -> None:
    """Registers ``boardpath/Race-v0`` with Gymnasium, where Gymnasium is installed."""
    try:
        import gymnasium
    except ImportError:
        return
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(
            id=ENV_ID,
            entry_point="boardpath.envs._gymnasium:RaceEnv",
            vector_entry_point="boardpath.envs._gymnasium:RaceVectorEnv",
        )


_register()


def __getattr__(name: str) -> Any:
    # Gymnasium's and PettingZoo's classes are imported on first use: `import boardpath.envs`
    # needs neither package.
    if name in ("RaceEnv", "RaceVectorEnv"):
        return getattr(importlib.import_module("._gymnasium", __name__), name)
    if name == "race_v0":
        return importlib.import_module(".race_v0", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
