"""``VecEnv``: N games of the engine stepped together in Rust, numpy arrays in and out.

Needs nothing but numpy. Gymnasium's ``RaceVectorEnv`` and PettingZoo's ``race_v0`` are built on
it; use it directly for the most speed (self-play, batched agents).

>>> import numpy as np
>>> from boardpath.envs import VecEnv
>>> env = VecEnv("maedn", players=2, num_envs=3, seed=7)
>>> out = env.reset(seed=7)
>>> out.obs.shape, out.mask.shape, out.legal.shape
((3, 52), (3, 45), (3, 4))
>>> bool(np.all(out.mask.sum(axis=1) >= 1))        # every game waits at a decision
True
>>> out = env.step(out.legal[:, 0])                 # the first legal action of each game
>>> out.to_move.shape, out.reward.shape             # reward: every player's return
((3,), (3, 2))
"""

from __future__ import annotations

import secrets
from typing import Any, List, NamedTuple, Optional, Sequence, Union

import numpy as np

from .. import Game, GameState
from .._native import NativeVecEnv
from . import _checks

__all__ = ["VecEnv", "Batch", "PER_PIECE", "PIECE_ENTRIES", "GLOBAL_ENTRIES", "random_seed"]

#: Observation entries per piece, in order (see ``docs/python.md``, "Environments").
PIECE_ENTRIES = ("waiting", "track", "goal", "progress", "tile", "safe")
PER_PIECE = len(PIECE_ENTRIES)
#: Observation entries after the pieces.
GLOBAL_ENTRIES = ("roll", "entry_roll", "rolls_again", "tries")


def random_seed() -> int:
    """A fresh 64-bit seed from the operating system."""
    return secrets.randbits(64)


class Batch(NamedTuple):
    """What ``VecEnv.reset`` and ``VecEnv.step`` return, one row per game (N games, D
    observation entries, A action ids, K = most legal actions of a decision, P players)."""

    #: (N, D) float32: each game's position seen by the player to decide (after a game ended
    #: and was not reset in the same step: by the agent's seat, or the last mover in self-play).
    obs: np.ndarray
    #: (N, A) bool: the legal action ids of the decision waiting (all False once a game is over).
    mask: np.ndarray
    #: (N, K) int64: the same legal action ids, ascending, padded with -1.
    legal: np.ndarray
    #: (N,) int64: the player to decide; -4 for a game that is over.
    to_move: np.ndarray
    #: (N,) int64: the roll the player to decide made; 0 for a game that is over.
    roll: np.ndarray
    #: (N, P) float32 (every player an agent) or (N,) (the agent's seat): OpenSpiel's returns
    #: (players - 1 for the winner, -1 for the others) in the step a game ended, else 0.
    reward: np.ndarray
    #: (N,) bool: a game ended with a winner in this step.
    terminated: np.ndarray
    #: (N,) bool: a game was stopped in this step: the engine's roll limit (1,000,000) passed
    #: between two of the caller's decisions.
    truncated: np.ndarray
    #: (N, D) float32: the last position of the games that ended in this step, where they were
    #: reset in the same step (autoreset "same_step"); other rows are stale.
    final_obs: np.ndarray


def _game(board: Any, players: int, pieces: Optional[int], rules: str, seating: Any) -> Game:
    if isinstance(board, Game):
        return board
    # Whole numbers here; their ranges, which depend on the board, the engine checks.
    players = _checks.whole("players", players, 0)
    pieces = None if pieces is None else _checks.whole("pieces", pieces, 0)
    return Game(board, players=players, rules=rules, pieces=pieces, seating=seating)


class VecEnv:
    """``num_envs`` games of one board stepped together in Rust.

    ``board`` is a board name, path or ``boardpath.Board`` (or a ``boardpath.Game``, which then
    fixes players, pieces, rules and seating); ``rules`` a rule set (``openspiel``, ``schmidt``,
    ``ludo``). ``agents``: ``"all"`` (every decision of every game is the caller's: self-play, one
    action per game per step whoever is to move), a seat (the caller plays that player in every
    game) or ``"random"`` (a seat drawn for each game); the other seats play ``opponents``, a
    policy of the library (``random``, ``front``, ``rear``, ``aggressive``, ``defensive``,
    ``solitaire``, ``optimal`` where the game is solved, ``optimal:TABLE``) or a list of one per
    player. ``auto_forced``: decisions with one legal action (a pass, a forced move) are played
    without asking. ``autoreset``: ``"same_step"`` (a game that ends starts anew in the same step;
    its last observation in ``final_obs``), ``"next_step"`` (in the next step, which ignores its
    action) or ``"disabled"`` (it stays over until ``reset``; its action must be -1).
    ``seed``: game ``i`` draws from the tournaments' generator ``game_rng(seed, i)``; None draws a
    seed from the system. ``copy``: return copies (False: the same arrays each call, overwritten
    by the next, the fastest).
    """

    def __init__(
        self,
        board: Any = "maedn",
        players: int = 2,
        pieces: Optional[int] = None,
        rules: str = "openspiel",
        *,
        seating: Any = None,
        num_envs: int = 1,
        agents: Union[str, int] = "all",
        opponents: Union[str, Sequence[str]] = "random",
        seed: Optional[int] = None,
        autoreset: str = "same_step",
        auto_forced: bool = False,
        copy: bool = True,
    ) -> None:
        self._args = dict(
            board=board, players=players, pieces=pieces, rules=rules, seating=seating,
            num_envs=num_envs, agents=agents, opponents=opponents, seed=seed, autoreset=autoreset,
            auto_forced=auto_forced, copy=copy,
        )
        self.game = _game(board, players, pieces, rules, seating)
        num_envs = _checks.whole("num_envs", num_envs, 1)
        if not isinstance(opponents, str):
            opponents = list(opponents)
        autoreset = _checks.choice("autoreset", autoreset, ("same_step", "next_step", "disabled"))
        self.seed = random_seed() if seed is None else _checks.seed(seed)
        self._native = NativeVecEnv(
            self.game, num_envs, agents, opponents, self.seed, autoreset, bool(auto_forced)
        )
        self.copy = bool(copy)
        self.autoreset = autoreset
        self._last: Optional[Batch] = None

    # -- sizes --------------------------------------------------------------------------------
    @property
    def num_envs(self) -> int:
        """Games stepped together."""
        return self._native.num_envs

    @property
    def players(self) -> int:
        return self.game.players

    @property
    def observation_size(self) -> int:
        """Entries of one observation: players x pieces x 6, then 4."""
        return self._native.observation_size

    @property
    def num_actions(self) -> int:
        """Action ids (OpenSpiel's: 0 passes, 1 enters, ``2 + s`` moves the piece on step ``s``)."""
        return self._native.num_actions

    @property
    def max_legal(self) -> int:
        """Legal actions at most in one decision: the width of ``legal``."""
        return self._native.max_legal

    @property
    def labels(self) -> List[str]:
        """Each observation entry's name (``p{j}.piece{i}.{entry}``, then the roll's)."""
        return self._native.labels

    @property
    def seats(self) -> np.ndarray:
        """Each game's agent seat now (-1 where every player is an agent)."""
        return self._native.seats

    # -- play ---------------------------------------------------------------------------------
    def reset(self, seed: Optional[int] = None, indices: Optional[Sequence[int]] = None) -> Batch:
        """Starts new games (every one, or the games ``indices``); ``seed`` reseeds them first."""
        if indices is not None:
            indices = [_checks.index("game", i, self.num_envs) for i in indices]
        out = self._native.reset(_checks.optional_seed(seed), indices)
        return self._batch(out)

    def step(self, actions: Any) -> Batch:
        """Plays one action id per game (-1 for a game that is over under autoreset
        ``"disabled"``; ignored for one under ``"next_step"``) and returns each game's next
        decision. An illegal action raises ``GameError`` naming the game, the action and the legal
        ones, before any game moves; a wrong shape or type raises ``ArgumentError``."""
        return self._batch(self._native.step(_checks.actions(actions, self.num_envs)))

    def _batch(self, out: tuple) -> Batch:
        if self.copy:
            out = tuple(np.array(x) for x in out)
        self._last = Batch(*out)
        return self._last

    @property
    def last(self) -> Optional[Batch]:
        """What the last ``reset`` or ``step`` returned."""
        return self._last

    def observe(self, i: int, player: int) -> np.ndarray:
        """Game ``i``'s observation as ``player`` sees it (a new array)."""
        i = _checks.index("game", i, self.num_envs)
        return self._native.observe(i, _checks.index("player", player, self.players))

    def state(self, i: int) -> GameState:
        """Game ``i``'s position as a ``boardpath.GameState`` (after the roll while a decision
        waits), to inspect it or play on from it with the engine."""
        return self._native.state(_checks.index("game", i, self.num_envs))

    def __reduce__(self):
        # Rebuilt from the constructor's arguments with the seed it drew: the copy's games start
        # anew, as after `reset(seed=env.seed)`.
        return (_rebuild, (dict(self._args, seed=self.seed),))

    def __repr__(self) -> str:
        return f"VecEnv({self.game!r}, num_envs={self.num_envs})"


def _rebuild(kwargs: dict) -> "VecEnv":
    board, players, pieces, rules = (kwargs.pop(k) for k in ("board", "players", "pieces", "rules"))
    return VecEnv(board, players, pieces, rules, **kwargs)

