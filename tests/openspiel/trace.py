#!/usr/bin/env python3
"""Plays random games of OpenSpiel's `maedn` through pyspiel and writes every decision.

The output (gzip-compressed text, one line per game) is replayed move for move by
`tests/openspiel.rs` through boardpath's engine (`openspiel` rules, board `maedn`). Format, version 1:

    # boardpath maedn trace v1 ...                     (comment lines start with '#')
    G <players> <opposite 0|1> <game index>            (a game header)
    <decision> <decision> ...                          (the game's decisions, on the next line)

Before each decision OpenSpiel rolled the die; a decision is

    <player><roll>                                     legal actions [0] (pass), chosen 0, no change
    <player><roll>:<legal>:<chosen>:<changes>          otherwise

where <legal> is OpenSpiel's legal action ids joined by '.', <chosen> the action played and
<changes> what that did to OpenSpiel's own state, read back from its observation tensor:
`f=v` entries joined by '.', field f (0-39 common, 40-55 goal fields as in maedn.h) now holding
v (0 empty, else player + 1), and `o<p>=n` when player p now has n pieces out.
The first player to roll and the turn order are OpenSpiel's; the replay checks both.

Usage: trace.py OUT.gz --games N --seed S [--configs 2o,2a,3,4]
"""

import argparse
import gzip
import os
import random
import sys

import pyspiel

NUM_COMMON = 40
GOAL_PER_PLAYER = 4
NUM_FIELDS = 56


def position(players, opposite, player):
    """maedn.h PlayerToPosition: which quarter of the board a player sits at."""
    if players == 2 and opposite and player in (1, 2):
        return 3 - player
    return player


def snapshot(state, players, opposite):
    """OpenSpiel's board_ (56 owners) and out_ (4 counts), decoded from player 0's tensor."""
    t = state.observation_tensor(0)
    board = [0] * NUM_FIELDS
    it = 0
    for i in range(NUM_COMMON):  # player 0 sits at position 0: relative = absolute
        cell = t[it:it + 4]
        it += 4
        board[i] = next((k + 1 for k in range(4) if cell[k]), 0)
    for p in range(4):
        pos = position(players, opposite, p)
        for i in range(GOAL_PER_PLAYER):
            cell = t[it:it + 4]
            it += 4
            board[NUM_COMMON + GOAL_PER_PLAYER * pos + i] = next(
                (k + 1 for k in range(4) if cell[k]), 0)
    out = [int(x) for x in t[it:it + 4]]
    return board, out


def expected_change(board, out, players, opposite, player, roll, action):
    """The plain effect of an action (no capture), applied to board/out in place: enter puts a
    piece on the start field, a move empties its field and fills the one `roll` on."""
    pos = position(players, opposite, player)

    def absolute(rel):
        if rel < NUM_COMMON:
            return (rel + 10 * pos) % NUM_COMMON
        return GOAL_PER_PLAYER * pos + rel

    if action == 1:
        board[absolute(0)] = player + 1
        out[player] -= 1
    elif action >= 2:
        board[absolute(action - 2)] = 0
        board[absolute(action - 2 + roll)] = player + 1


def play(game, players, opposite, rng):
    state = game.new_initial_state()
    board, out = snapshot(state, players, opposite)
    decisions = []
    while not state.is_terminal():
        assert state.is_chance_node()
        outcome = rng.randrange(6)
        state.apply_action(outcome)
        roll = outcome + 1
        player = state.current_player()
        legal = state.legal_actions()
        chosen = rng.choice(legal)
        state.apply_action(chosen)
        nboard, nout = snapshot(state, players, opposite)
        expect_board, expect_out = list(board), list(out)
        expected_change(expect_board, expect_out, players, opposite, player, roll, chosen)
        changes = [f"{f}={nboard[f]}" for f in range(NUM_FIELDS) if nboard[f] != expect_board[f]]
        changes += [f"o{p}={nout[p]}" for p in range(4) if nout[p] != expect_out[p]]
        text = f"{player}{roll}"
        if legal != [0]:
            text += ":" + ".".join(map(str, legal))
            if len(legal) > 1 or changes:
                text += ":" + str(chosen)
        if changes:
            text += ":" + ".".join(changes)
        decisions.append(text)
        board, out = nboard, nout
    returns = state.returns()
    winner = max(range(players), key=lambda p: returns[p])
    return decisions, winner


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("--games", type=int, default=2000, help="games per configuration")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--configs", default="2o,2a,3,4",
                    help="2o: 2 players opposite, 2a: adjacent, 3, 4")
    args = ap.parse_args()
    if args.games < 1:
        sys.exit("--games must be at least 1")
    rng = random.Random(args.seed)
    tmp = args.out + ".tmp"
    with gzip.open(tmp, "wt", compresslevel=9) as f:
        f.write(f"# boardpath maedn trace v1, open_spiel {getattr(pyspiel, '__version__', '?')}, "
                f"seed {args.seed}, {args.games} games per config\n")
        for config in args.configs.split(","):
            players = int(config[0])
            opposite = not config.endswith("a")
            game = pyspiel.load_game("maedn", {"players": players, "twoPlayersOpposite": opposite})
            for i in range(args.games):
                decisions, winner = play(game, players, opposite, rng)
                f.write(f"G {players} {int(opposite)} {i} W{winner}\n{' '.join(decisions)}\n")
    os.replace(tmp, args.out)


if __name__ == "__main__":
    main()
