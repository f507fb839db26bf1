"""A small TD agent on 2-piece Mensch ärgere Dich nicht, trained from the vectorised environment
and graded exactly as it learns. Needs nothing but numpy (matplotlib for the figure).

    pip install ./python matplotlib
    python examples/python/td_agent.py [--at 0,1000,6000,40000] [--envs 256] [--out td.png]

The agent is linear Q-learning over the environment's observation: Q(s, a) = W[a] . [obs, 1] for
each action id a, the greedy action among the legal ones (the mask), epsilon-greedy while it
learns. It trains in `--envs` games at once (`boardpath.envs.VecEnv`, its seat drawn per game,
the other seat the random policy), every update one numpy expression over the batch.

After each number of training games in `--at` (0: before it has played; it trains up to the
last) its greedy policy is graded exactly by `boardpath.Strategies`: asked once for its move in every
decision of the game, on the same observation the environment gives it
(`boardpath.vectorised(observation=True)`), then solved over every position: its win probability
against the optimal policy from each seat, and its exploitability (what it gives away against a
best response, the mean over the two seats). No game is sampled: the numbers are exact.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import boardpath
from boardpath.envs import VecEnv


class LinearQ:
    """Q(s, a) = W[a] . [obs, 1], one row of weights per action id."""

    def __init__(self, observation_size: int, actions: int, rng: np.random.Generator) -> None:
        self.w = np.zeros((actions, observation_size + 1))
        self.rng = rng

    def values(self, obs: np.ndarray) -> np.ndarray:
        return np.hstack([obs, np.ones((len(obs), 1))]) @ self.w.T

    def act(self, obs: np.ndarray, mask: np.ndarray, epsilon: float = 0.0) -> np.ndarray:
        """The greedy legal action of each row (ties to the lowest id), or where exploring (with
        probability `epsilon`) a uniformly random legal one."""
        q = np.where(mask, self.values(obs), -np.inf)
        greedy = q.argmax(axis=1)
        if epsilon == 0.0:
            return greedy
        noise = np.where(mask, self.rng.random(mask.shape), -1.0)
        explore = self.rng.random(len(obs)) < epsilon
        return np.where(explore, noise.argmax(axis=1), greedy)

    def best(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return np.where(mask, self.values(obs), -np.inf).max(axis=1)

    def update(self, obs, actions, targets, alpha: float) -> None:
        x = np.hstack([obs, np.ones((len(obs), 1))])
        error = targets - np.einsum("ij,ij->i", x, self.w[actions])
        np.add.at(self.w, actions, alpha * error[:, None] * x)


def grade(strategies: boardpath.Strategies, agent: LinearQ) -> dict:
    """The agent's greedy policy graded exactly: against the optimal policy from each seat, and
    against a best response (its exploitability)."""

    @boardpath.vectorised(observation=True)
    def greedy(obs: np.ndarray, masks: np.ndarray) -> np.ndarray:
        return agent.act(obs, masks)

    # Asked once for every decision of both seats; the four solves below reuse its answers.
    fixed = strategies.fix(greedy)
    e = strategies.exploitability(fixed)
    return {
        "optimal_as_first": strategies.pair(fixed, "optimal")["first_player_wins"],
        "optimal_as_second": strategies.pair("optimal", fixed)["second_player_wins"],
        "exploitability": e["exploitability"],
        "br_as_first": e["as_first"],
        "br_as_second": e["as_second"],
    }


def train(args) -> tuple[list[dict], float]:
    start = time.perf_counter()
    strategies = boardpath.Strategies(args.board, pieces=args.pieces)
    value = strategies.value()
    print(f"{args.board}, {args.pieces} pieces a side: {strategies.positions:,} positions; the "
          f"first player wins {value:.6f} under optimal play ({time.perf_counter() - start:.0f} s)",
          flush=True)
    rng = np.random.default_rng(args.seed)
    env = VecEnv(args.board, 2, pieces=args.pieces, num_envs=args.envs, agents="random",
                 opponents="random", seed=args.seed)
    agent = LinearQ(env.observation_size, env.num_actions, rng)
    out = env.reset()
    games, at, rows = 0, args.at, []
    while True:
        if games >= at[len(rows)]:
            row = {"games": games, **grade(strategies, agent)}
            rows.append(row)
            print(f"{games:7d} training games  against optimal: {row['optimal_as_first']:.4f} "
                  f"first, {row['optimal_as_second']:.4f} second  against a best response: "
                  f"{row['br_as_first']:.4f}, {row['br_as_second']:.4f}  exploitability "
                  f"{row['exploitability']:.4f}  ({time.perf_counter() - start:.0f} s)", flush=True)
            if len(rows) == len(at):
                return rows, value
        total = at[-1]
        epsilon = max(0.02, 0.2 * (1 - games / total))
        actions = agent.act(out.obs, out.mask, epsilon)
        obs = out.obs.copy()
        out = env.step(actions)
        # Q-learning: the game's return where it ended, else the best value of the agent's next
        # decision (the opponent's moves and the dice in between).
        targets = np.where(out.terminated, out.reward, agent.best(out.obs, out.mask))
        # A step size that shrinks as it learns (a constant one keeps the weights wandering).
        agent.update(obs, actions, targets, args.alpha / (1 + 4 * games / total))
        games += int(out.terminated.sum())


def games_list(text: str) -> list[int]:
    """`--at`: whole numbers, ascending, the last above 0."""
    try:
        at = [int(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected whole numbers separated by commas") from None
    if at != sorted(at) or at[0] < 0 or at[-1] < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: expected ascending numbers from 0, the last above 0")
    return at


def plot(rows: list[dict], value: float, out: str, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    x = [r["games"] for r in rows]
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    for seat, ceiling, colour in (("first", value, "tab:blue"), ("second", 1 - value, "tab:orange")):
        left.plot(x, [r[f"optimal_as_{seat}"] for r in rows], "o-", color=colour,
                  label=f"the agent as the {seat} player")
        left.axhline(ceiling, color=colour, lw=0.8, ls=":",
                     label=f"the optimal policy as the {seat} player ({ceiling:.3f})")
    # Most is learnt in the first games: a scale linear up to the first grade after 0, then
    # logarithmic.
    for ax in (left, right):
        ax.set_xscale("symlog", linthresh=max(x[1], 1))
        ax.set_xlim(0, x[-1] * 1.2)
    left.set_xlabel("training games")
    left.set_ylabel("win probability against the optimal policy")
    left.legend(fontsize=8)
    right.plot(x, [r["exploitability"] for r in rows], "o-", color="tab:red")
    right.set_ylim(bottom=0)
    right.set_xlabel("training games")
    right.set_ylabel("exploitability (mean loss to a best response)")
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(out, dpi=100)
    print(f"figure: {out}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--at", type=games_list, default=[0, 1_000, 6_000, 40_000],
                    help="training games at which to grade, ascending (it trains up to the last)")
    ap.add_argument("--envs", type=int, default=256, help="games stepped together")
    ap.add_argument("--alpha", type=float, default=0.01, help="learning rate")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--board", default="maedn", help="a board name or file (two players)")
    ap.add_argument("--pieces", type=int, default=2, help="pieces a side")
    ap.add_argument("--out", default=None, help="the figure (PNG; needs matplotlib)")
    args = ap.parse_args()
    rows, value = train(args)
    if args.out:
        title = f"Linear Q-learning on {args.board}, {args.pieces} pieces a side, graded exactly"
        plot(rows, value, args.out, title)


if __name__ == "__main__":
    main()
