//! The vectorised environment: N games of the engine stepped together in one call, numpy arrays
//! in and out (`boardpath.envs` builds Gymnasium's and PettingZoo's environments on it).
//!
//! Each game waits at a decision of an agent: the die is rolled (the engine's [`Roller`], seeded
//! per game), the legal moves are known, and the observation, action mask and legal action ids
//! are written into the batch's arrays. `step` plays one action per game, then rolls and plays
//! on (the opponents' policies, for seats no agent plays) up to each game's next decision; a game
//! that ends is started anew in the same call (auto-reset), its last observation kept apart.

use crate::errors::{GameError, argument, guard};
use crate::game::{Game, GameState};
use boardpath::board::Board;
use boardpath::game::action::{PASS, action_id, num_distinct_actions};
use boardpath::game::policy::{self, Policy, PolicyError};
use boardpath::game::tournament::{MAX_ROLLS, game_rng};
use boardpath::game::{
    self as engine, Move, Roller, State, apply, legal_moves, returns, uniform_index,
};
use boardpath::random::SplitMix64;
use numpy::{PyArray1, PyArray2, PyArrayDyn, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::sync::Arc;

/// Entries of the observation per piece (see [`LABELS`]).
pub const PER_PIECE: usize = 6;
/// What each entry of a piece means, in order.
const PIECE_LABELS: [&str; PER_PIECE] = ["waiting", "track", "goal", "progress", "tile", "safe"];
/// The entries after the pieces.
const GLOBAL_LABELS: [&str; 4] = ["roll", "entry_roll", "rolls_again", "tries"];
/// OpenSpiel's player id of a finished game.
const TERMINAL: i64 = -4;

/// A policy for a seat no agent plays: any of the library's but a `file:` policy (refused).
type Opponent = Box<dyn Policy>;

/// The policy `name` for game player `player`, built by [`policy::by_name`]; a policy file is
/// refused (it reads a file while the environment steps).
fn opponent(
    name: &str,
    board: &Board,
    game: &engine::Game,
    player: usize,
) -> Result<Opponent, PolicyError> {
    policy::check_name(name)?;
    if name.starts_with("file:") {
        return Err(PolicyError(format!(
            "policy \"{name}\": a policy file cannot play in an environment (valid: {}, \
             optimal, optimal:TABLE)",
            policy::NAMES.join(", ")
        )));
    }
    policy::by_name(name, board, game, player)
}

/// Which players the caller's actions play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Agents {
    /// Every player: each decision of each game is the caller's (self-play, PettingZoo).
    All,
    /// One seat, the same in every game; opponents' policies play the others.
    Seat(usize),
    /// One seat drawn anew for each game from the game's generator.
    RandomSeat,
}

/// When a game that ended starts anew (Gymnasium's autoreset modes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Autoreset {
    /// In the step that ends it: its row holds the new game, `final_obs` the last position.
    SameStep,
    /// In the next step, which ignores the game's action: its row holds the last position.
    NextStep,
    /// Never by itself: it stays over (action -1) until `reset`.
    Disabled,
}

impl Autoreset {
    fn parse(name: &str) -> PyResult<Autoreset> {
        match name {
            "same_step" => Ok(Autoreset::SameStep),
            "next_step" => Ok(Autoreset::NextStep),
            "disabled" => Ok(Autoreset::Disabled),
            _ => Err(argument(format!(
                "autoreset \"{name}\": expected \"same_step\", \"next_step\" or \"disabled\""
            ))),
        }
    }
}

/// Who decides: the agents, the opponents' policies, whether forced moves are asked.
struct Control {
    agents: Agents,
    /// `policies[l][p]`: the policy of player `p` when the agent sits at `l` (None: the agent's
    /// seat); rows only for the seats the agent can take.
    policies: Vec<Vec<Option<Opponent>>>,
    /// Plays a decision with one legal action (a pass or a forced move) without asking.
    auto_forced: bool,
}

impl Control {
    #[inline]
    fn is_agent(&self, learner: usize, p: usize) -> bool {
        self.agents == Agents::All || p == learner
    }
}

/// One game of the batch.
struct Slot {
    state: State,
    /// The roll of the decision waiting; 0 once the game is over.
    roll: u32,
    /// The game's generator: seeds its dice at each start, draws the seat and the policies' choices.
    rng: SplitMix64,
    dice: Roller,
    /// The legal moves of the decision waiting (empty: the pass).
    moves: Vec<Move>,
    /// The agent's seat (seat modes); 0 when every player is an agent.
    learner: usize,
    /// The player who moved last (whose view the final observation of a self-play game takes).
    last: usize,
    over: bool,
    truncated: bool,
}

impl Slot {
    /// The index into `moves` of `action` (None: the legal pass), or None twice when it is not legal.
    #[inline]
    fn find(&self, action: i64) -> Option<Option<usize>> {
        if self.moves.is_empty() {
            return (action == PASS as i64).then_some(None);
        }
        let i = self
            .moves
            .iter()
            .position(|m| action_id(m) as i64 == action)?;
        Some(Some(i))
    }

    /// The legal action ids of the decision waiting, for messages.
    fn legal(&self) -> Vec<usize> {
        if self.moves.is_empty() {
            vec![PASS]
        } else {
            self.moves.iter().map(action_id).collect()
        }
    }

    /// Whose view the observation takes: the agent to decide, or after the end the agent's seat
    /// (the last mover when every player is an agent).
    fn viewer(&self, agents: Agents) -> usize {
        match (self.over, agents) {
            (false, _) => self.state.to_move(),
            (true, Agents::All) => self.last,
            (true, _) => self.learner,
        }
    }
}

/// Rolls and plays `slot` on until an agent decides, the game ends, or the engine's roll limit is
/// reached (the game is then truncated).
fn advance(game: &engine::Game, ctl: &Control, slot: &mut Slot) -> Result<(), PolicyError> {
    let faces = game.faces();
    for _ in 0..MAX_ROLLS {
        let roll = faces[slot.dice.face()];
        legal_moves(game, &slot.state, roll, &mut slot.moves);
        let p = slot.state.to_move();
        let mv = if ctl.is_agent(slot.learner, p) {
            if !(ctl.auto_forced && slot.moves.len() <= 1) {
                slot.roll = roll;
                return Ok(());
            }
            slot.moves.first().copied()
        } else if slot.moves.is_empty() {
            None
        } else {
            let policy = ctl.policies[slot.learner][p]
                .as_ref()
                .expect("every seat but the agent's has a policy");
            let i = policy.choose(game, &slot.state, roll, &slot.moves, &mut slot.rng)?;
            Some(slot.moves[i])
        };
        apply(game, &mut slot.state, roll, mv.as_ref());
        slot.last = p;
        if mv.is_some() && slot.state.has_won(game, p) {
            slot.over = true;
            slot.roll = 0;
            return Ok(());
        }
    }
    slot.over = true;
    slot.truncated = true;
    slot.roll = 0;
    Ok(())
}

/// Starts a new game in `slot`: every piece at its start, fresh dice, the seat drawn if it is.
fn new_game(game: &engine::Game, ctl: &Control, slot: &mut Slot) -> Result<(), PolicyError> {
    slot.state = State::initial(game);
    slot.dice.reseed(&mut slot.rng);
    slot.learner = match ctl.agents {
        Agents::All => 0,
        Agents::Seat(s) => s,
        Agents::RandomSeat => uniform_index(&mut slot.rng, game.players()),
    };
    slot.last = 0;
    slot.over = false;
    slot.truncated = false;
    advance(game, ctl, slot)
}

/// The observation's size and order (see the labels).
#[derive(Clone, Copy, Debug)]
struct Layout {
    players: usize,
    pieces: usize,
    size: usize,
    actions: usize,
    /// Legal actions at most: one per piece (or the pass).
    max_legal: usize,
}

impl Layout {
    fn new(game: &engine::Game) -> Layout {
        let (players, pieces) = (game.players(), game.pieces());
        Layout {
            players,
            pieces,
            size: players * pieces * PER_PIECE + GLOBAL_LABELS.len(),
            actions: num_distinct_actions(game),
            max_legal: pieces.max(1),
        }
    }

    /// Each entry's name: `p{j}.piece{i}.{what}` (player `j` seats after the viewer, its `i`-th
    /// piece by progress), then the roll's entries.
    fn labels(&self) -> Vec<String> {
        let mut out = Vec::with_capacity(self.size);
        for j in 0..self.players {
            for i in 0..self.pieces {
                out.extend(PIECE_LABELS.iter().map(|w| format!("p{j}.piece{i}.{w}")));
            }
        }
        out.extend(GLOBAL_LABELS.iter().map(|w| w.to_string()));
        out
    }
}

/// Each piece's observation row, looked up: `rows[(viewer * players + j) * stride + s + 1]` for a
/// piece on step `s` of the player `j` seats after `viewer` (in the order of play) seen by
/// `viewer` (index 0 of a block: waiting). Blocks by the seat counted from the viewer, so that an
/// observation reads the viewer's blocks in order.
struct Rows6 {
    stride: usize,
    rows: Vec<[f32; PER_PIECE]>,
}

impl Rows6 {
    fn new(game: &engine::Game) -> Rows6 {
        let n = game.players();
        let stride = 1 + (0..n).map(|p| game.steps(p)).max().unwrap_or(0);
        let len = game.track_len();
        let mut rows = vec![[0.0; PER_PIECE]; n * n * stride];
        for viewer in 0..n {
            let origin = game.start(viewer);
            for j in 0..n {
                let q = (viewer + j) % n;
                let block = &mut rows[(viewer * n + j) * stride..][..stride];
                block[0] = [1.0, 0.0, 0.0, 0.0, 0.0, 0.0];
                let steps = game.steps(q);
                for s in 0..steps {
                    let progress = (s + 1) as f32 / steps as f32;
                    block[s + 1] = match game.tile(q, s as u32) {
                        Some(t) => {
                            // Its tile counted from the viewer's start tile.
                            let seen = (t + len - origin) % len;
                            let safe = f32::from(u8::from(game.is_safe(t)));
                            [0.0, 1.0, 0.0, progress, seen as f32 / len as f32, safe]
                        }
                        None => [0.0, 0.0, 1.0, progress, 0.0, 0.0],
                    };
                }
            }
        }
        Rows6 { stride, rows }
    }

    /// The block of the player `j` seats after `viewer` (of `n`), seen by `viewer`.
    fn block(&self, viewer: usize, n: usize, j: usize) -> &[[f32; PER_PIECE]] {
        &self.rows[(viewer * n + j) * self.stride..][..self.stride]
    }
}

/// Keys of steps: the step plus one, so that a waiting piece (WAITING + 1 wraps to 0) comes
/// after every other piece when sorted from the largest key.
#[inline(always)]
fn key(step: u32) -> u32 {
    step.wrapping_add(1)
}

/// Orders `a` and `b` descending.
#[inline(always)]
fn order(a: &mut u32, b: &mut u32) {
    let (x, y) = (*a, *b);
    *a = x.max(y);
    *b = x.min(y);
}

/// The keys of `own` (`K` pieces, 1 to 4), largest first: the optimal sorting networks, on
/// values in registers (a loop over a table of pairs would keep them in memory).
#[inline(always)]
fn sorted_keys<const K: usize>(own: &[u32; K]) -> [u32; K] {
    let mut k = own.map(key);
    match &mut k[..] {
        [a, b] => order(a, b),
        [a, b, c] => {
            order(a, b);
            order(b, c);
            order(a, b);
        }
        [a, b, c, d] => {
            order(a, b);
            order(c, d);
            order(a, c);
            order(b, d);
            order(b, c);
        }
        _ => {}
    }
    k
}

/// Writes the rows of every player's `K` pieces (1 to 4), players in the order of play from
/// `viewer`, each one's furthest first.
#[inline(always)]
fn write_players<const K: usize>(
    table: &Rows6,
    state: &State,
    viewer: usize,
    n: usize,
    pieces: &mut [[f32; PER_PIECE]],
) {
    let (own, _) = state.steps().as_chunks::<K>();
    let (rows, _) = pieces.as_chunks_mut::<K>();
    // The players from the viewer to the last, then from the first to the one before the viewer:
    // two plain runs, so that no seat is computed modulo the players.
    let (before, from) = own.split_at(viewer.min(own.len()));
    let mut blocks = &table.rows[viewer * n * table.stride..];
    for (rows, own) in rows.iter_mut().zip(from.iter().chain(before)) {
        let (block, rest) = blocks.split_at(table.stride);
        blocks = rest;
        for (o, kk) in rows.iter_mut().zip(sorted_keys(own)) {
            *o = block[kk as usize];
        }
    }
}

/// [`write_players`] for `N` players known when compiled (the usual 2 to 4 of 4 pieces): the
/// loop over the players unrolled, each one's block found from a constant stride.
#[inline(always)]
fn write_seats<const N: usize, const K: usize>(
    table: &Rows6,
    state: &State,
    viewer: usize,
    pieces: &mut [[f32; PER_PIECE]],
) {
    let own = state
        .steps()
        .as_chunks::<K>()
        .0
        .first_chunk::<N>()
        .expect("N players of K pieces");
    let rows = pieces
        .as_chunks_mut::<K>()
        .0
        .first_chunk_mut::<N>()
        .expect("rows for N players of K pieces");
    let stride = table.stride;
    let blocks = &table.rows[viewer * N * stride..][..N * stride];
    for (j, rows) in rows.iter_mut().enumerate() {
        let q = if viewer + j < N {
            viewer + j
        } else {
            viewer + j - N
        };
        let block = &blocks[j * stride..][..stride];
        for (o, kk) in rows.iter_mut().zip(sorted_keys(&own[q])) {
            *o = block[kk as usize];
        }
    }
}

/// Writes the rows of any number of pieces, furthest first: a piece's place is the number of
/// pieces before it (a larger key, or an equal one earlier).
fn write_ranked(own: &[u32], block: &[[f32; PER_PIECE]], rows: &mut [[f32; PER_PIECE]]) {
    for (i, &s) in own.iter().enumerate() {
        let mine = key(s);
        let place = own
            .iter()
            .enumerate()
            .map(|(j, &t)| usize::from(key(t) > mine || (key(t) == mine && j < i)))
            .sum::<usize>();
        rows[place] = block[mine as usize];
    }
}

/// The roll's entries' constants of a game, read once.
#[derive(Clone, Copy, Debug)]
struct RollEntries {
    /// 1 / the die's highest face.
    per_face: f32,
    /// 1 / the rolls a turn allows.
    per_try: f32,
    /// The roll that brings a piece in.
    enter_roll: u32,
    /// The face that gives another roll (when the rules give one).
    bonus_face: u32,
    bonus_roll: bool,
    three_bonus_forfeit: bool,
}

impl RollEntries {
    fn new(game: &engine::Game) -> RollEntries {
        let rules = &game.rules;
        RollEntries {
            per_face: 1.0 / game.bonus_face() as f32,
            per_try: 1.0 / f32::from(rules.tries.max(1)),
            enter_roll: game.enter_roll(),
            bonus_face: game.bonus_face(),
            bonus_roll: rules.bonus_roll,
            three_bonus_forfeit: rules.three_bonus_forfeit,
        }
    }

    /// The entries `roll`, `entry_roll`, `rolls_again` and `tries` of `state` with `roll` to play.
    #[inline(always)]
    fn of(&self, state: &State, roll: u32) -> [f32; 4] {
        let bonus = roll == self.bonus_face;
        let forfeit = self.three_bonus_forfeit && state.streak() >= 2;
        [
            roll as f32 * self.per_face,
            f32::from(u8::from(roll != 0 && roll == self.enter_roll)),
            f32::from(u8::from(roll != 0 && self.bonus_roll && bonus && !forfeit)),
            f32::from(state.tries()) * self.per_try,
        ]
    }
}

/// What an observation needs, built once per game: its layout and every piece's rows.
pub(crate) struct Observer {
    layout: Layout,
    table: Rows6,
    roll: RollEntries,
}

impl Observer {
    /// The observer of `game`.
    pub(crate) fn new(game: &engine::Game) -> Observer {
        Observer {
            layout: Layout::new(game),
            table: Rows6::new(game),
            roll: RollEntries::new(game),
        }
    }

    /// Entries of an observation.
    pub(crate) fn size(&self) -> usize {
        self.layout.size
    }

    /// Writes the observation of `state` (with `roll` to play; 0: none) seen by game player
    /// `viewer` into `out` (`size()` entries). Players in the order of play from the viewer;
    /// each one's pieces sorted from the furthest along to the waiting ones; every entry in
    /// `[0, 1]`.
    #[inline]
    pub(crate) fn write(&self, state: &State, roll: u32, viewer: usize, out: &mut [f32]) {
        let (layout, table) = (&self.layout, &self.table);
        let (n, k) = (layout.players, layout.pieces);
        let (pieces, globals) = out.as_chunks_mut::<PER_PIECE>();
        // One loop per piece count, so that each player's pieces sort in registers.
        match k {
            4 if n == 2 => write_seats::<2, 4>(table, state, viewer, pieces),
            4 if n == 4 => write_seats::<4, 4>(table, state, viewer, pieces),
            1 => write_players::<1>(table, state, viewer, n, pieces),
            2 => write_players::<2>(table, state, viewer, n, pieces),
            3 => write_players::<3>(table, state, viewer, n, pieces),
            4 => write_players::<4>(table, state, viewer, n, pieces),
            _ => {
                for j in 0..n {
                    let (q, block) = ((viewer + j) % n, table.block(viewer, n, j));
                    write_ranked(state.pieces_of(q), block, &mut pieces[j * k..(j + 1) * k]);
                }
            }
        }
        globals.copy_from_slice(&self.roll.of(state, roll));
    }
}

/// The observation of `state` (with `roll` to play; 0: none) seen by `viewer`, for one position.
pub(crate) fn observation(
    game: &engine::Game,
    state: &State,
    roll: u32,
    viewer: usize,
) -> Vec<f32> {
    let observer = Observer::new(game);
    let mut out = vec![0.0; observer.size()];
    observer.write(state, roll, viewer, &mut out);
    out
}

/// The batch's outputs as mutable slices, one row per game.
struct Rows<'a> {
    obs: &'a mut [f32],
    mask: &'a mut [bool],
    legal: &'a mut [i64],
    to_move: &'a mut [i64],
    roll: &'a mut [i64],
    reward: &'a mut [f32],
    terminated: &'a mut [bool],
    truncated: &'a mut [bool],
    final_obs: &'a mut [f32],
}

/// The N games and how they are played.
struct Core {
    game: Arc<engine::Game>,
    /// The observation's layout and rows.
    obs: Observer,
    ctl: Control,
    autoreset: Autoreset,
    slots: Vec<Slot>,
}

impl Core {
    /// Width of a reward row: every player's return when all are agents, else the agent's.
    fn reward_width(&self) -> usize {
        if self.ctl.agents == Agents::All {
            self.obs.layout.players
        } else {
            1
        }
    }

    /// Writes game `i`'s decision (or its end) into row `i` of `rows`.
    fn write(&self, i: usize, rows: &mut Rows<'_>) {
        let l = &self.obs.layout;
        rows.mask[i * l.actions..(i + 1) * l.actions].fill(false);
        rows.legal[i * l.max_legal..(i + 1) * l.max_legal].fill(-1);
        self.write_cleared(i, rows);
    }

    /// [`Core::write`] into a row whose mask is all false and legal ids all -1 (a step clears
    /// every row at once, in two bulk writes rather than two per game).
    #[inline(always)]
    fn write_cleared(&self, i: usize, rows: &mut Rows<'_>) {
        let (l, slot) = (&self.obs.layout, &self.slots[i]);
        let d = l.size;
        let viewer = slot.viewer(self.ctl.agents);
        self.obs.write(
            &slot.state,
            slot.roll,
            viewer,
            &mut rows.obs[i * d..(i + 1) * d],
        );
        rows.roll[i] = i64::from(slot.roll);
        if slot.over {
            rows.to_move[i] = TERMINAL;
            return;
        }
        rows.to_move[i] = viewer as i64;
        let mask = &mut rows.mask[i * l.actions..(i + 1) * l.actions];
        let legal = &mut rows.legal[i * l.max_legal..(i + 1) * l.max_legal];
        if slot.moves.is_empty() {
            mask[PASS] = true;
            legal[0] = PASS as i64;
        }
        for (m, id) in slot.moves.iter().zip(legal) {
            let a = action_id(m);
            mask[a] = true;
            *id = a as i64;
        }
    }

    /// Writes game `i`'s returns (ended, not truncated) into its reward row, zeros otherwise.
    fn write_reward(&self, i: usize, rows: &mut Rows<'_>) {
        let w = self.reward_width();
        rows.reward[i * w..(i + 1) * w].fill(0.0);
        self.write_returns(i, rows);
    }

    /// Writes the returns of game `i` into its reward row (zeros) if it ended with a winner.
    #[inline]
    fn write_returns(&self, i: usize, rows: &mut Rows<'_>) {
        let slot = &self.slots[i];
        if !slot.over || slot.truncated {
            return;
        }
        let w = self.reward_width();
        let row = &mut rows.reward[i * w..(i + 1) * w];
        let r = returns(&self.game, &slot.state);
        if w == 1 {
            row[0] = r[slot.learner] as f32;
        } else {
            for (o, v) in row.iter_mut().zip(r) {
                *o = v as f32;
            }
        }
    }

    /// Checks every action before any is played: a legal action id for each game waiting, -1 for
    /// each game over (when games are not reset by themselves). Writes into `choices` each game's
    /// choice: the index of its move in its legal moves, -1 for the pass (or a game over).
    fn check(&self, actions: &[i64], choices: &mut Vec<i64>) -> PyResult<()> {
        if actions.len() != self.slots.len() {
            return Err(argument(format!(
                "actions has {} entries; the environment steps {} games (one action each)",
                actions.len(),
                self.slots.len()
            )));
        }
        choices.clear();
        for (i, (slot, &a)) in self.slots.iter().zip(actions).enumerate() {
            if slot.over {
                if a != -1 && self.autoreset == Autoreset::Disabled {
                    return Err(GameError::new_err(format!(
                        "game {i}: action {a}, but the game is over; reset it (or pass -1 for it)"
                    )));
                }
                choices.push(-1);
            } else if let Some(choice) = slot.find(a) {
                choices.push(choice.map_or(-1, |j| j as i64));
            } else {
                let legal: Vec<String> = slot.legal().iter().map(|a| a.to_string()).collect();
                return Err(GameError::new_err(format!(
                    "game {i}: action {a} is not legal for player {} after rolling {} (legal: {})",
                    slot.state.to_move(),
                    slot.roll,
                    legal.join(", ")
                )));
            }
        }
        Ok(())
    }

    /// Plays the `choices` [`Core::check`] returned and writes every game's next decision into
    /// `rows`: the flags, rewards, masks and legal ids cleared for all games at once, then each
    /// game's own.
    fn step(&mut self, choices: &[i64], rows: &mut Rows<'_>) -> Result<(), PolicyError> {
        rows.terminated.fill(false);
        rows.truncated.fill(false);
        rows.reward.fill(0.0);
        rows.mask.fill(false);
        rows.legal.fill(-1);
        let game = self.game.clone();
        for (i, &choice) in choices.iter().enumerate() {
            let slot = &mut self.slots[i];
            if slot.over {
                if self.autoreset == Autoreset::NextStep {
                    // Its action is ignored: the new game starts.
                    new_game(&game, &self.ctl, slot)?;
                } else {
                    // Over until a reset: it stays terminal, its reward already paid.
                    rows.terminated[i] = !slot.truncated;
                    rows.truncated[i] = slot.truncated;
                }
                self.write_cleared(i, rows);
                continue;
            }
            let mv = usize::try_from(choice).ok().map(|j| slot.moves[j]);
            let (p, roll) = (slot.state.to_move(), slot.roll);
            apply(&game, &mut slot.state, roll, mv.as_ref());
            slot.last = p;
            if mv.is_some() && slot.state.has_won(&game, p) {
                slot.over = true;
                slot.roll = 0;
            } else {
                advance(&game, &self.ctl, slot)?;
            }
            self.finish(i, rows)?;
        }
        Ok(())
    }

    /// After game `i`'s step (its row cleared): its reward and end flags, the final observation
    /// and a new game when it ended and games reset by themselves, then its row.
    fn finish(&mut self, i: usize, rows: &mut Rows<'_>) -> Result<(), PolicyError> {
        let slot = &self.slots[i];
        if slot.over {
            self.write_returns(i, rows);
            rows.terminated[i] = !slot.truncated;
            rows.truncated[i] = slot.truncated;
            if self.autoreset == Autoreset::SameStep {
                let d = self.obs.layout.size;
                let viewer = slot.viewer(self.ctl.agents);
                let out = &mut rows.final_obs[i * d..(i + 1) * d];
                self.obs.write(&slot.state, 0, viewer, out);
                let game = self.game.clone();
                new_game(&game, &self.ctl, &mut self.slots[i])?;
            }
        }
        self.write_cleared(i, rows);
        Ok(())
    }

    /// Starts new games in the slots `which` (reseeded from `seed` first when given: game `i`'s
    /// generator is the tournaments' `game_rng(seed, i)`), writing their rows.
    fn reset(
        &mut self,
        which: &[usize],
        seed: Option<u64>,
        rows: &mut Rows<'_>,
    ) -> Result<(), PolicyError> {
        let game = self.game.clone();
        for &i in which {
            let slot = &mut self.slots[i];
            if let Some(s) = seed {
                slot.rng = game_rng(s, i as u64);
            }
            new_game(&game, &self.ctl, slot)?;
            rows.terminated[i] = false;
            rows.truncated[i] = false;
            self.write_reward(i, rows);
            self.write(i, rows);
        }
        Ok(())
    }
}

/// A policy error (a table that cannot be read, a policy that cannot choose) as `GameError`.
fn policy_error(e: &PolicyError) -> PyErr {
    GameError::new_err(e.to_string())
}

/// The persistent output arrays of a batch (returned by every call, overwritten by the next).
struct Arrays {
    obs: Py<PyArray2<f32>>,
    mask: Py<PyArray2<bool>>,
    legal: Py<PyArray2<i64>>,
    to_move: Py<PyArray1<i64>>,
    roll: Py<PyArray1<i64>>,
    reward: Py<PyArrayDyn<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    final_obs: Py<PyArray2<f32>>,
}

impl Arrays {
    /// The arrays of `n` games, zeros; numpy's MemoryError (naming the size) where they do not
    /// fit, rather than an abort of the process.
    fn new(py: Python<'_>, n: usize, layout: &Layout, reward: &[usize]) -> PyResult<Arrays> {
        let np = py.import("numpy")?;
        let zeros = |shape: &[usize], dtype: &str| -> PyResult<Bound<'_, PyAny>> {
            np.call_method1("zeros", (PyTuple::new(py, shape)?, dtype))
        };
        let cast =
            |e: pyo3::CastIntoError<'_>| crate::errors::InternalError::new_err(e.to_string());
        Ok(Arrays {
            obs: zeros(&[n, layout.size], "float32")?
                .cast_into()
                .map_err(cast)?
                .unbind(),
            mask: zeros(&[n, layout.actions], "bool")?
                .cast_into()
                .map_err(cast)?
                .unbind(),
            legal: zeros(&[n, layout.max_legal], "int64")?
                .cast_into()
                .map_err(cast)?
                .unbind(),
            to_move: zeros(&[n], "int64")?.cast_into().map_err(cast)?.unbind(),
            roll: zeros(&[n], "int64")?.cast_into().map_err(cast)?.unbind(),
            reward: zeros(reward, "float32")?
                .cast_into()
                .map_err(cast)?
                .unbind(),
            terminated: zeros(&[n], "bool")?.cast_into().map_err(cast)?.unbind(),
            truncated: zeros(&[n], "bool")?.cast_into().map_err(cast)?.unbind(),
            final_obs: zeros(&[n, layout.size], "float32")?
                .cast_into()
                .map_err(cast)?
                .unbind(),
        })
    }

    /// Runs `f` on the arrays as slices (refused while numpy or another call holds one of them
    /// for writing), then returns them as a tuple.
    fn with<'py>(
        &self,
        py: Python<'py>,
        f: impl FnOnce(&mut Rows<'_>) -> PyResult<()>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let busy = |_| argument("the environment's output arrays are in use by another call");
        let not_contiguous = |_| argument("the environment's output arrays are not contiguous");
        let (obs, mask, legal) = (self.obs.bind(py), self.mask.bind(py), self.legal.bind(py));
        let (to_move, roll, reward) = (
            self.to_move.bind(py),
            self.roll.bind(py),
            self.reward.bind(py),
        );
        let (term, trunc, fin) = (
            self.terminated.bind(py),
            self.truncated.bind(py),
            self.final_obs.bind(py),
        );
        {
            let mut w = (
                obs.try_readwrite().map_err(busy)?,
                mask.try_readwrite().map_err(busy)?,
                legal.try_readwrite().map_err(busy)?,
                to_move.try_readwrite().map_err(busy)?,
                roll.try_readwrite().map_err(busy)?,
                reward.try_readwrite().map_err(busy)?,
                term.try_readwrite().map_err(busy)?,
                trunc.try_readwrite().map_err(busy)?,
                fin.try_readwrite().map_err(busy)?,
            );
            let mut rows = Rows {
                obs: w.0.as_slice_mut().map_err(not_contiguous)?,
                mask: w.1.as_slice_mut().map_err(not_contiguous)?,
                legal: w.2.as_slice_mut().map_err(not_contiguous)?,
                to_move: w.3.as_slice_mut().map_err(not_contiguous)?,
                roll: w.4.as_slice_mut().map_err(not_contiguous)?,
                reward: w.5.as_slice_mut().map_err(not_contiguous)?,
                terminated: w.6.as_slice_mut().map_err(not_contiguous)?,
                truncated: w.7.as_slice_mut().map_err(not_contiguous)?,
                final_obs: w.8.as_slice_mut().map_err(not_contiguous)?,
            };
            guard(|| f(&mut rows))?;
        }
        PyTuple::new(
            py,
            [
                obs.as_any(),
                mask.as_any(),
                legal.as_any(),
                to_move.as_any(),
                roll.as_any(),
                reward.as_any(),
                term.as_any(),
                trunc.as_any(),
                fin.as_any(),
            ],
        )
    }
}

/// `num_envs` games of `game` stepped together in Rust (the engine of `boardpath.envs`; see
/// `docs/python.md`, "Environments"). `agents`: `"all"` (every decision is the caller's), a seat
/// (player index) or `"random"` (a seat drawn per game); the other seats play `opponents` (a
/// policy name, or one per player in the order of play, the agent's entry unused). Each call
/// returns `(obs, mask, legal, to_move, roll, reward, terminated, truncated, final_obs)`, the same
/// arrays every time, overwritten by the next call.
#[pyclass(module = "boardpath._native")]
pub struct NativeVecEnv {
    core: Core,
    arrays: Arrays,
    /// Each game's choice in the step being played ([`Core::check`]), kept between steps.
    choices: Vec<i64>,
    /// The constructor's arguments, for pickling.
    args: Py<PyTuple>,
}

/// `num_envs` games of `game`, over until reset, game `i` drawing from `game_rng(seed, i)`;
/// MemoryError where they do not fit.
fn new_slots(
    game: &engine::Game,
    layout: &Layout,
    num_envs: usize,
    seed: u64,
) -> PyResult<Vec<Slot>> {
    let mut slots = Vec::new();
    slots.try_reserve_exact(num_envs).map_err(|_| {
        pyo3::exceptions::PyMemoryError::new_err(format!(
            "num_envs {num_envs}: not enough memory for that many games"
        ))
    })?;
    slots.extend((0..num_envs).map(|i| Slot {
        state: State::initial(game),
        roll: 0,
        rng: game_rng(seed, i as u64),
        dice: Roller::new(&mut SplitMix64::new(0), game.faces().len()),
        moves: Vec::with_capacity(layout.max_legal),
        learner: 0,
        last: 0,
        over: true,
        truncated: false,
    }));
    Ok(slots)
}

/// The agents argument: `"all"`, `"random"` or a seat.
fn agents_arg(agents: &Bound<'_, PyAny>, players: usize) -> PyResult<Agents> {
    if let Ok(s) = agents.extract::<String>() {
        return match s.as_str() {
            "all" => Ok(Agents::All),
            "random" => Ok(Agents::RandomSeat),
            _ => Err(argument(format!(
                "agents \"{s}\": expected \"all\", \"random\" or a seat 0 to {}",
                players - 1
            ))),
        };
    }
    match agents.extract::<i64>() {
        Ok(s) if (0..players as i64).contains(&s) => Ok(Agents::Seat(s as usize)),
        Ok(s) => Err(argument(format!(
            "seat {s} does not exist (seats 0 to {})",
            players - 1
        ))),
        Err(_) => Err(argument(format!(
            "agents must be \"all\", \"random\" or a seat 0 to {}, not {}",
            players - 1,
            agents.repr()?
        ))),
    }
}

/// Every player's policy name from the opponents argument: one name, or one per player.
fn opponent_names(opponents: &Bound<'_, PyAny>, players: usize) -> PyResult<Vec<String>> {
    if let Ok(s) = opponents.extract::<String>() {
        return Ok(vec![s; players]);
    }
    let names: Vec<String> = opponents
        .extract()
        .map_err(|_| argument("opponents must be a policy name or a list of one per player"))?;
    if names.len() != players {
        return Err(argument(format!(
            "opponents lists {} policies; the game has {players} players (one per player, the \
             agent's entry unused)",
            names.len()
        )));
    }
    Ok(names)
}

/// The opponents' policies of every seat the agent can take.
fn build_policies(
    board: &Board,
    game: &engine::Game,
    agents: Agents,
    names: &[String],
) -> PyResult<Vec<Vec<Option<Opponent>>>> {
    let n = game.players();
    let mut rows: Vec<Vec<Option<Opponent>>> = (0..n).map(|_| Vec::new()).collect();
    let seats: Vec<usize> = match agents {
        Agents::All => return Ok(rows),
        Agents::Seat(s) => vec![s],
        Agents::RandomSeat => (0..n).collect(),
    };
    for l in seats {
        for (p, name) in names.iter().enumerate() {
            let policy = if p == l {
                None
            } else {
                let built = guard(|| Ok(opponent(name, board, game, p)))?;
                Some(built.map_err(|e| argument(e.to_string()))?)
            };
            rows[l].push(policy);
        }
    }
    Ok(rows)
}

#[pymethods]
impl NativeVecEnv {
    #[new]
    #[pyo3(signature = (game, num_envs, agents, opponents, seed, autoreset="same_step", auto_forced=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &Bound<'_, Game>,
        num_envs: usize,
        agents: &Bound<'_, PyAny>,
        opponents: &Bound<'_, PyAny>,
        seed: u64,
        autoreset: &str,
        auto_forced: bool,
    ) -> PyResult<NativeVecEnv> {
        if num_envs == 0 {
            return Err(argument("num_envs must be 1 or more"));
        }
        let args = PyTuple::new(
            py,
            [
                game.as_any().clone(),
                num_envs.into_pyobject(py)?.into_any(),
                agents.clone(),
                opponents.clone(),
                seed.into_pyobject(py)?.into_any(),
                autoreset.into_pyobject(py)?.into_any(),
                auto_forced.into_pyobject(py)?.to_owned().into_any(),
            ],
        )?
        .unbind();
        let autoreset = Autoreset::parse(autoreset)?;
        let (engine, board) = game.get().parts();
        let n = engine.players();
        let agents = agents_arg(agents, n)?;
        let names = opponent_names(opponents, n)?;
        let policies = build_policies(&board, &engine, agents, &names)?;
        let layout = Layout::new(&engine);
        let reward: Vec<usize> = match agents {
            Agents::All => vec![num_envs, n],
            _ => vec![num_envs],
        };
        // The arrays first: the largest allocation, refused by numpy where it does not fit.
        let arrays = Arrays::new(py, num_envs, &layout, &reward)?;
        let slots = new_slots(&engine, &layout, num_envs, seed)?;
        let ctl = Control {
            agents,
            policies,
            auto_forced,
        };
        let core = Core {
            obs: Observer::new(&engine),
            game: engine,
            ctl,
            autoreset,
            slots,
        };
        let mut env = NativeVecEnv {
            core,
            arrays,
            choices: Vec::with_capacity(num_envs),
            args,
        };
        env.reset(py, None, None)?;
        Ok(env)
    }

    /// Starts new games (all, or the games `indices`), reseeded from `seed` when it is given
    /// (game `i` then plays as game `i` of a tournament seeded `seed` draws its generator).
    #[pyo3(signature = (seed=None, indices=None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<u64>,
        indices: Option<Vec<usize>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let n = self.core.slots.len();
        let which = indices.unwrap_or_else(|| (0..n).collect());
        if let Some(&bad) = which.iter().find(|&&i| i >= n) {
            return Err(argument(format!(
                "game {bad} does not exist (games 0 to {})",
                n - 1
            )));
        }
        let core = &mut self.core;
        self.arrays.with(py, |rows| {
            core.reset(&which, seed, rows).map_err(|e| policy_error(&e))
        })
    }

    /// Plays one action per game (a 1-D int64 array of `num_envs` legal action ids; -1 for a
    /// game that is over when games do not reset by themselves) and returns every game's next
    /// decision. Every action is checked before any is played: an illegal one raises GameError
    /// naming the game and the legal actions, and leaves every game as it was.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        // Checked into `choices` (and the borrow of the array ended) before any output is
        // written, so that the actions may be a view of this environment's own outputs
        // (`legal[:, 0]`), which the step then overwrites.
        {
            let array: PyReadonlyArray1<'py, i64> = actions.extract().map_err(|_| {
                argument(format!(
                    "actions must be a 1-D numpy array of int64 with one action per game ({} \
                     games), not {}",
                    self.core.slots.len(),
                    describe(actions)
                ))
            })?;
            match array.as_slice() {
                Ok(actions) => self.core.check(actions, &mut self.choices)?,
                // A strided view (`legal[:, 0]`): its entries copied out first.
                Err(_) => self
                    .core
                    .check(&array.as_array().to_vec(), &mut self.choices)?,
            }
        }
        let (core, choices) = (&mut self.core, &self.choices);
        self.arrays.with(py, |rows| {
            core.step(choices, rows).map_err(|e| policy_error(&e))
        })
    }

    /// Game `i`'s observation as player `player` sees it (a new array).
    fn observe<'py>(
        &self,
        py: Python<'py>,
        i: usize,
        player: usize,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let slot = self.slot(i)?;
        let l = &self.core.obs.layout;
        if player >= l.players {
            return Err(argument(format!(
                "player {player} does not exist (players 0 to {})",
                l.players - 1
            )));
        }
        let mut out = vec![0.0f32; l.size];
        self.core
            .obs
            .write(&slot.state, slot.roll, player, &mut out);
        Ok(PyArray1::from_vec(py, out))
    }

    /// Game `i`'s position as a `GameState` (after the roll while a decision waits).
    fn state(&self, py: Python<'_>, i: usize) -> PyResult<GameState> {
        let slot = self.slot(i)?;
        let roll = (!slot.over).then_some(slot.roll);
        let game = self.args.bind(py).get_item(0)?;
        Ok(GameState::from_parts(
            game.cast::<Game>()?,
            slot.state,
            roll,
        ))
    }

    /// Each game's agent seat (the seat modes), -1 where every player is an agent.
    #[getter]
    fn seats<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let all = self.core.ctl.agents == Agents::All;
        let v = self
            .core
            .slots
            .iter()
            .map(|s| if all { -1 } else { s.learner as i64 })
            .collect();
        PyArray1::from_vec(py, v)
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.core.slots.len()
    }

    /// Entries of an observation.
    #[getter]
    fn observation_size(&self) -> usize {
        self.core.obs.layout.size
    }

    /// Action ids (the mask's width).
    #[getter]
    fn num_actions(&self) -> usize {
        self.core.obs.layout.actions
    }

    /// Legal actions at most in one decision (the width of `legal`).
    #[getter]
    fn max_legal(&self) -> usize {
        self.core.obs.layout.max_legal
    }

    /// Each observation entry's name.
    #[getter]
    fn labels(&self) -> Vec<String> {
        self.core.obs.layout.labels()
    }

    /// Pickles as its constructor's arguments: the copy's games restart from the seed.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, Bound<'py, PyTuple>) {
        let args = slf.borrow().args.bind(slf.py()).clone();
        (slf.get_type().into_any(), args)
    }
}

impl NativeVecEnv {
    fn slot(&self, i: usize) -> PyResult<&Slot> {
        let n = self.core.slots.len();
        self.core
            .slots
            .get(i)
            .ok_or_else(|| argument(format!("game {i} does not exist (games 0 to {})", n - 1)))
    }
}

/// A value's type, and dtype and shape when it is an array, for messages.
fn describe(x: &Bound<'_, PyAny>) -> String {
    let ty = x
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into());
    match (x.getattr("dtype"), x.getattr("shape")) {
        (Ok(d), Ok(s)) => format!("{ty} of dtype {d} and shape {s}"),
        _ => ty,
    }
}
