"""A small TD agent on 2-piece Mensch ärgere Dich nicht, trained from the vectorised environment
and graded as it learns. Needs nothing but numpy (matplotlib for the figure).

    pip install ./python matplotlib
    python examples/python/td_agent.py [--games 60000] [--envs 256] [--eval 4000] [--out td.png]

The agent is linear Q-learning over the environment's observation: Q(s, a) = W[a] . [obs, 1] for
each action id a, the greedy action among the legal ones (the mask), epsilon-greedy while it
learns. It trains in `--envs` games at once (`boardpath.envs.VecEnv`, its seat drawn per game,
the other seat the random policy), every update one numpy expression over the batch.

Every `--games / 10` training games it is graded with exploration off, over `--eval` games on
each side of the board (seats alternating): its win rate against the random policy and against the
optimal policy (the exact two-player solution, which `VecEnv` plays as an opponent), with 95%
Wilson intervals. Exact grading (the win probability computed over every position) comes from the
exact game's policy evaluation; until the Python package exposes it, the grade is by play.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np

from boardpath.envs import VecEnv


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of k successes in n trials."""
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


class LinearQ:
    """Q(s, a) = W[a] . [obs, 1], one row of weights per action id."""

    def __init__(self, observation_size: int, actions: int, rng: np.random.Generator) -> None:
        self.w = np.zeros((actions, observation_size + 1))
        self.rng = rng

    def values(self, obs: np.ndarray) -> np.ndarray:
        return np.hstack([obs, np.ones((len(obs), 1))]) @ self.w.T

    def act(self, obs: np.ndarray, mask: np.ndarray, epsilon: float = 0.0) -> np.ndarray:
        q = np.where(mask, self.values(obs), -np.inf)
        greedy = q.argmax(axis=1)
        if epsilon == 0.0:
            return greedy
        # A uniformly random legal action where exploring (one per game, from the mask).
        noise = np.where(mask, self.rng.random(mask.shape), -1.0)
        explore = self.rng.random(len(obs)) < epsilon
        return np.where(explore, noise.argmax(axis=1), greedy)

    def best(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return np.where(mask, self.values(obs), -np.inf).max(axis=1)

    def update(self, obs, actions, targets, alpha: float) -> None:
        x = np.hstack([obs, np.ones((len(obs), 1))])
        error = targets - np.einsum("ij,ij->i", x, self.w[actions])
        np.add.at(self.w, actions, alpha * error[:, None] * x)


def random_legal(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action per game."""
    return np.where(mask, rng.random(mask.shape), -1.0).argmax(axis=1)


def grade(agent, opponent: str, games: int, seed: int) -> tuple[int, int]:
    """Greedy play of `agent` (None: the random policy) against `opponent` until `games` games
    end, the agent's seat drawn per game: (wins, games)."""
    env = VecEnv("maedn", 2, pieces=2, num_envs=min(games, 512), agents="random", opponents=opponent, seed=seed)
    out, wins, ended = env.reset(), 0, 0
    rng = np.random.default_rng(seed)
    while ended < games:
        actions = random_legal(out.mask, rng) if agent is None else agent.act(out.obs, out.mask)
        out = env.step(actions)
        wins += int((out.reward[out.terminated] > 0).sum())
        ended += int(out.terminated.sum())
    return wins, ended


def train(args) -> tuple[list[dict], float]:
    rng = np.random.default_rng(args.seed)
    wins, n = grade(None, "optimal", args.eval, seed=9_999)
    baseline = wins / n
    print(f"the random policy against the optimal policy: {baseline:.3f} of {n} games")
    env = VecEnv("maedn", 2, pieces=2, num_envs=args.envs, agents="random", opponents="random", seed=args.seed)
    agent = LinearQ(env.observation_size, env.num_actions, rng)
    out = env.reset()
    games, checkpoints, rows = 0, [args.games * k // 10 for k in range(11)], []
    start = time.perf_counter()
    while True:
        if games >= checkpoints[len(rows)]:
            row = {"games": games}
            for opponent in ("random", "optimal"):
                wins, n = grade(agent, opponent, args.eval, seed=10_000 + len(rows))
                lo, hi = wilson(wins, n)
                row[opponent] = (wins / n, lo, hi)
            rows.append(row)
            print(f"{games:7d} training games  vs random {row['random'][0]:.3f} [{row['random'][1]:.3f}, {row['random'][2]:.3f}]"
                  f"  vs optimal {row['optimal'][0]:.3f} [{row['optimal'][1]:.3f}, {row['optimal'][2]:.3f}]"
                  f"  ({time.perf_counter() - start:.0f} s)", flush=True)
            if len(rows) == len(checkpoints):
                return rows, baseline
        epsilon = max(0.02, 0.2 * (1 - games / args.games))
        actions = agent.act(out.obs, out.mask, epsilon)
        obs = out.obs.copy()
        out = env.step(actions)
        # Q-learning: the game's return where it ended, else the best value of the agent's next
        # decision (the opponent's moves and the dice in between).
        targets = np.where(out.terminated, out.reward, agent.best(out.obs, out.mask))
        # A step size that shrinks as it learns (a constant one keeps the weights wandering).
        agent.update(obs, actions, targets, args.alpha / (1 + 4 * games / args.games))
        games += int(out.terminated.sum())


def plot(rows: list[dict], baseline: float, out: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x = [r["games"] for r in rows]
    fig, ax = plt.subplots(figsize=(7, 4))
    for opponent, colour in (("random", "tab:blue"), ("optimal", "tab:red")):
        p = [r[opponent][0] for r in rows]
        ax.fill_between(x, [r[opponent][1] for r in rows], [r[opponent][2] for r in rows], color=colour, alpha=0.2)
        ax.plot(x, p, "o-", color=colour, label=f"against the {opponent} policy")
    ax.axhline(0.5, color="grey", lw=0.8, ls="--")
    ax.axhline(baseline, color="tab:red", lw=0.8, ls=":", label="the random policy against the optimal policy")
    ax.set_xlabel("training games")
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title("Linear Q-learning, Mensch ärgere Dich nicht, 2 pieces a side")
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    print(f"figure: {out}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=60_000, help="training games")
    ap.add_argument("--envs", type=int, default=256, help="games stepped together")
    ap.add_argument("--eval", type=int, default=4_000, help="games of each grade")
    ap.add_argument("--alpha", type=float, default=0.01, help="learning rate")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default=None, help="the figure (PNG; needs matplotlib)")
    args = ap.parse_args()
    rows, baseline = train(args)
    if args.out:
        plot(rows, baseline, args.out)


if __name__ == "__main__":
    main()
