"""boardpath.envs.random_actions: a uniformly random legal action per row of a mask, drawn in
numpy. Uniform by exact counting (a generator whose numbers sweep [0, 1) evenly draws each legal
action of a row equally often, on every path of the draw), and by a chi-square test on the real
generator over the environment's own masks, which a draw biased to any legal action fails."""

from math import lcm, sqrt

import numpy as np
import pytest

import boardpath
import boardpath.envs._draw
from boardpath.envs import VecEnv, random_actions


class Sweep:
    """A stand-in for a numpy Generator whose `random(n)` gives the same number to every row,
    (t + 0.5) / steps for t = 0, 1, ..., steps - 1 in turn: an even sweep of [0, 1)."""

    def __init__(self, steps):
        self.steps, self.t = steps, 0

    def random(self, n):
        u = (self.t + 0.5) / self.steps
        self.t += 1
        return np.full(n, u)


def legal_sets(actions, rows, rng):
    """A mask of `rows` rows over `actions` ids with 0 to 6 legal actions each (the first and
    the last id among them), and each row's legal ids."""
    mask = np.zeros((rows, actions), bool)
    for i in range(rows):
        count = i % min(7, actions + 1)
        ids = rng.choice(actions, size=count, replace=False)
        if count >= 2:
            ids[:2] = [0, actions - 1]
        mask[i, ids] = True
    return mask


# 45 actions (the standard board) and 58 (Ludo) are read as 64-bit words; 64 and 70 are not, and
# take the draw through nonzero. 13 rows are no whole group of 8.
@pytest.mark.parametrize("actions, rows", [(45, 13), (45, 64), (58, 13), (16, 9), (3, 5), (64, 7), (70, 13)])
def test_every_legal_action_is_drawn_equally_often(actions, rows):
    mask = legal_sets(actions, rows, np.random.default_rng(actions))
    steps = lcm(*range(1, 7))  # every row's count divides it
    counts = np.zeros(mask.shape, int)
    rng = Sweep(steps)
    for _ in range(steps):
        drawn = random_actions(mask, rng)
        assert drawn.dtype == np.int64 and drawn.shape == (rows,)
        empty = ~mask.any(axis=1)
        assert (drawn[empty] == -1).all()
        counts[np.flatnonzero(~empty), drawn[~empty]] += 1
    # Each legal action of a row with c of them exactly steps / c times; no illegal one ever.
    legal = mask.sum(axis=1, keepdims=True)
    expected = np.where(mask, steps // np.maximum(legal, 1), 0)
    assert (counts == expected).all()


def chi_square_limit(dof):
    """The chi-square statistic a fair draw exceeds with probability 0.001 (Wilson and
    Hilferty's approximation, z = 3.09)."""
    return dof * (1 - 2 / (9 * dof) + 3.09 * sqrt(2 / (9 * dof))) ** 3


def test_the_draw_on_the_environments_masks_passes_a_chi_square_test_a_biased_draw_fails():
    # Four players' masks from the environment (after 50 moves a game, when pieces are out),
    # drawn from 400 times each with a seeded generator.
    env = VecEnv("maedn", players=4, num_envs=256, seed=5)
    rng = np.random.default_rng(5)
    out = env.reset()
    for _ in range(50):
        out = env.step(random_actions(out.mask, rng))
    statistic = {"fair": 0.0, "biased": 0.0}
    dof = 0
    for _ in range(20):
        mask = out.mask.copy()
        rows = np.arange(len(mask))
        first = mask.argmax(axis=1)
        counts = {"fair": np.zeros(mask.shape), "biased": np.zeros(mask.shape)}
        for _ in range(400):
            counts["fair"][rows, random_actions(mask, rng)] += 1
            # A draw that plays the first legal action one time in ten, else the fair draw.
            biased = np.where(rng.random(len(mask)) < 0.1, first, random_actions(mask, rng))
            counts["biased"][rows, biased] += 1
        legal = mask.sum(axis=1, keepdims=True)
        expected = np.where(mask, 400 / legal, 1)
        choices = legal[:, 0] > 1
        for name, c in counts.items():
            statistic[name] += float((((c - expected) ** 2 / expected) * mask)[choices].sum())
        dof += int((legal[choices] - 1).sum())
        for _ in range(5):
            out = env.step(random_actions(out.mask, rng))
    assert dof > 1000
    assert statistic["fair"] < chi_square_limit(dof)
    # The test's power: a draw that favours one legal action this little fails it.
    assert statistic["biased"] > chi_square_limit(dof)


def test_same_draw_on_every_path_and_with_a_seed(monkeypatch):
    # The word path (45 actions) and the nonzero path (70) pick the same k-th legal action.
    rng = np.random.default_rng(3)
    narrow = rng.random((40, 45)) < 0.1
    wide = np.zeros((40, 70), bool)
    wide[:, :45] = narrow
    assert (random_actions(narrow, np.random.default_rng(9)) == random_actions(wide, np.random.default_rng(9))).all()
    assert (random_actions(narrow, np.random.default_rng(9)) == random_actions(narrow, np.random.default_rng(9))).all()
    # numpy before 2.0 (no bitwise_count) takes every mask through nonzero: the same draw.
    words = random_actions(narrow, np.random.default_rng(9))
    monkeypatch.setattr(boardpath.envs._draw, "_COUNTS_BITS", False)
    assert (random_actions(narrow, np.random.default_rng(9)) == words).all()
    monkeypatch.undo()
    # Gymnasium's int8 mask draws as the bool one.
    assert (random_actions(narrow.astype(np.int8), np.random.default_rng(4)) == random_actions(narrow, np.random.default_rng(4))).all()


def test_draws_play_the_environment_and_bad_masks_are_refused():
    env = VecEnv("ludo", players=4, rules="ludo", num_envs=32, seed=2, autoreset="disabled")
    out = env.reset()
    rng = np.random.default_rng(2)
    for _ in range(300):
        actions = random_actions(out.mask, rng)
        assert ((actions == -1) == (out.to_move < 0)).all()
        out = env.step(actions)
    assert random_actions(np.zeros((0, 45), bool)).shape == (0,)
    assert (random_actions(np.zeros((3, 0), bool)) == -1).all()
    with pytest.raises(boardpath.ArgumentError, match="2-D array of bools"):
        random_actions(np.zeros(45, bool))
    with pytest.raises(boardpath.ArgumentError, match="dtype float64"):
        random_actions(np.zeros((2, 45)))
