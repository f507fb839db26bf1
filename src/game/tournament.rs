//! Tournaments: many seeded games of one policy per seat, played in parallel (rayon) with a
//! generator per game, summed in a fixed order, so a seed gives the same numbers on any number
//! of threads.

use super::action::{PASS, action_id};
use super::distance::Distances;
use super::fast::RandomEngine;
use super::policy::{Policy, PolicyError};
use super::record::Turn;
use super::{Game, Move, Roller, State, apply, legal_moves};
use crate::board::Board;
use crate::random::SplitMix64;
use rayon::prelude::*;
use serde::Serialize;

/// The most games one tournament plays (the command line refuses more before starting).
pub const MAX_GAMES: u64 = 100_000_000;

/// Rolls after which a game is stopped unfinished (it counts as a game without a winner).
pub const MAX_ROLLS: u64 = 1_000_000;

/// Games per parallel task: each task sums its games in order, tasks are summed in order.
const CHUNK: u64 = 256;

/// What one seat did, summed over games.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SeatSums {
    /// Games won.
    pub wins: u64,
    /// Turns taken (a turn: the rolls of one player until the next player rolls).
    pub turns: u64,
    /// Rolls made.
    pub rolls: u64,
    /// Moves made (rolls that were not passes).
    pub moves: u64,
    /// Opponents' pieces this seat captured.
    pub captures_made: u64,
    /// Pieces of this seat captured by opponents.
    pub captures_suffered: u64,
    /// Distance of this seat's moves (entering included).
    pub moved: f64,
    /// Squares of each game's `moved`, for the interval.
    pub moved_sq: f64,
    /// Distance of this seat's captured pieces carried back to their waiting tiles.
    pub carried: f64,
    /// Squares of each game's `moved + carried`.
    pub total_sq: f64,
}

/// What a tournament measured.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Sums {
    /// Games played.
    pub games: u64,
    /// Games stopped after [`MAX_ROLLS`] rolls without a winner.
    pub unfinished: u64,
    /// Rolls over all games and seats.
    pub rolls: u64,
    /// Per seat, in order of play.
    pub seats: Vec<SeatSums>,
}

impl Sums {
    fn new(players: usize) -> Sums {
        Sums {
            seats: vec![SeatSums::default(); players],
            ..Sums::default()
        }
    }

    fn add(&mut self, o: &Sums) {
        self.games += o.games;
        self.unfinished += o.unfinished;
        self.rolls += o.rolls;
        for (a, b) in self.seats.iter_mut().zip(&o.seats) {
            a.wins += b.wins;
            a.turns += b.turns;
            a.rolls += b.rolls;
            a.moves += b.moves;
            a.captures_made += b.captures_made;
            a.captures_suffered += b.captures_suffered;
            a.moved += b.moved;
            a.moved_sq += b.moved_sq;
            a.carried += b.carried;
            a.total_sq += b.total_sq;
        }
    }
}

/// The generator of game `g` of a tournament seeded `seed`: independent of the thread it runs on.
pub fn game_rng(seed: u64, g: u64) -> SplitMix64 {
    SplitMix64::new(SplitMix64::new(seed ^ g.wrapping_mul(0xD1B5_4A32_D192_ED03)).next_u64())
}

/// Plays one game from the start with `policies[p]` for player `p`, adding it to `sums`.
pub fn play_game(
    game: &Game,
    distances: &Distances,
    policies: &[&dyn Policy],
    rng: &mut SplitMix64,
    sums: &mut Sums,
) -> Result<(), PolicyError> {
    play_one(game, distances, policies, rng, sums, None)
}

/// [`play_game`] that also returns the game's every roll and move (for a game record): the same
/// draws from `rng`, so game `g` of a [`tournament`] seeded `seed` is recorded by this with
/// [`game_rng`]`(seed, g)`.
pub fn record_game(
    game: &Game,
    distances: &Distances,
    policies: &[&dyn Policy],
    rng: &mut SplitMix64,
) -> Result<Vec<Turn>, PolicyError> {
    let mut turns = Vec::new();
    let mut sums = Sums::new(game.players());
    play_one(game, distances, policies, rng, &mut sums, Some(&mut turns))?;
    Ok(turns)
}

fn play_one(
    game: &Game,
    distances: &Distances,
    policies: &[&dyn Policy],
    rng: &mut SplitMix64,
    sums: &mut Sums,
    mut record: Option<&mut Vec<Turn>>,
) -> Result<(), PolicyError> {
    let n = game.players();
    let faces = game.faces();
    let mut state = State::initial(game);
    let mut moves: Vec<Move> = Vec::with_capacity(8);
    let mut moved = [0.0f64; super::MAX_PLAYERS];
    let mut carried = [0.0f64; super::MAX_PLAYERS];
    let mut last: Option<usize> = None;
    let mut rolls = 0u64;
    let mut dice = Roller::new(rng, faces.len());
    let winner = loop {
        if rolls == MAX_ROLLS {
            break None;
        }
        let p = state.to_move();
        let seat = &mut sums.seats[p];
        if last != Some(p) {
            seat.turns += 1;
            last = Some(p);
        }
        let roll = faces[dice.face()];
        rolls += 1;
        seat.rolls += 1;
        legal_moves(game, &state, roll, &mut moves);
        if moves.is_empty() {
            apply(game, &mut state, roll, None);
            if let Some(r) = record.as_deref_mut() {
                r.push(Turn { roll, action: PASS });
            }
            continue;
        }
        // Asked even for a forced move: a table that names another move is an error to report.
        let i = policies[p].choose(game, &state, roll, &moves, rng)?;
        let m = moves[i];
        if let Some(r) = record.as_deref_mut() {
            r.push(Turn {
                roll,
                action: action_id(&m),
            });
        }
        seat.moves += 1;
        moved[p] += distances.of_move(p, &m, roll);
        if let Some(c) = m.capture {
            seat.captures_made += 1;
            sums.seats[c.player].captures_suffered += 1;
            carried[c.player] += distances.of_carry(c.player, c.piece, c.tile);
        }
        apply(game, &mut state, roll, Some(&m));
        if state.has_won(game, p) {
            break Some(p);
        }
    };
    finish(sums, n, winner, rolls, &moved, &carried);
    Ok(())
}

/// [`play_game`] with every seat on the random policy, on the dedicated [`RandomEngine`]: the same
/// draws from `rng`, the same moves and the same sums, several times faster.
fn play_random_game(engine: &RandomEngine, n: usize, rng: &mut SplitMix64, sums: &mut Sums) {
    let g = engine.play(rng, MAX_ROLLS);
    for (p, s) in sums.seats.iter_mut().enumerate().take(n) {
        s.turns += g.turns[p];
        s.rolls += g.seat_rolls[p];
        s.moves += g.moves[p];
        s.captures_made += g.captures_made[p];
        s.captures_suffered += g.captures_suffered[p];
    }
    finish(sums, n, g.winner, g.rolls, &g.moved, &g.carried);
}

/// Adds one game's winner, rolls and distances to `sums`.
fn finish(
    sums: &mut Sums,
    n: usize,
    winner: Option<usize>,
    rolls: u64,
    moved: &[f64],
    carried: &[f64],
) {
    sums.games += 1;
    sums.rolls += rolls;
    match winner {
        Some(w) => sums.seats[w].wins += 1,
        None => sums.unfinished += 1,
    }
    for p in 0..n {
        let s = &mut sums.seats[p];
        s.moved += moved[p];
        s.moved_sq += moved[p] * moved[p];
        s.carried += carried[p];
        let t = moved[p] + carried[p];
        s.total_sq += t * t;
    }
}

/// Plays games `0..games` seeded `seed` in parallel; `tick(k)` is called after every chunk of
/// `k` games (for progress). The first policy error stops it, and so does a stop requested
/// through [`crate::cancel`] (checked before each chunk of games; an error then).
pub fn tournament(
    game: &Game,
    distances: &Distances,
    policies: &[&dyn Policy],
    games: u64,
    seed: u64,
    tick: &(dyn Fn(u64) + Sync),
) -> Result<Sums, PolicyError> {
    let chunks = games.div_ceil(CHUNK);
    let engine = policies
        .iter()
        .all(|p| p.is_uniform_random())
        .then(|| RandomEngine::new(game, distances))
        .flatten();
    let parts: Vec<Sums> = (0..chunks)
        .into_par_iter()
        .map(|c| {
            if crate::cancel::requested() {
                return Err(PolicyError(
                    "the tournament was stopped before its end (a stop was requested)".into(),
                ));
            }
            let mut sums = Sums::new(game.players());
            let end = games.min((c + 1) * CHUNK);
            for g in c * CHUNK..end {
                let mut rng = game_rng(seed, g);
                match &engine {
                    Some(e) => play_random_game(e, game.players(), &mut rng, &mut sums),
                    None => play_game(game, distances, policies, &mut rng, &mut sums)?,
                }
            }
            tick(end - c * CHUNK);
            Ok(sums)
        })
        .collect::<Result<_, PolicyError>>()?;
    let mut total = Sums::new(game.players());
    for part in &parts {
        total.add(part);
    }
    Ok(total)
}

/// The Wilson score interval (95%) of `k` successes in `n` trials: `(low, high)`.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let (k, n) = (k as f64, n as f64);
    let p = k / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// A mean with its 95% interval (normal approximation) from `n` samples' sum and sum of squares.
pub(crate) fn mean_interval(n: u64, sum: f64, squares: f64) -> (f64, f64, f64) {
    if n == 0 {
        return (0.0, 0.0, 0.0);
    }
    let nf = n as f64;
    let mean = sum / nf;
    let var = if n > 1 {
        ((squares - sum * mean) / (nf - 1.0)).max(0.0)
    } else {
        0.0
    };
    let half = 1.959_963_984_540_054 * (var / nf).sqrt();
    (mean, mean - half, mean + half)
}

/// One seat's results.
#[derive(Clone, Debug, Serialize)]
pub struct Seat {
    /// Seat in order of play, from 0.
    pub seat: usize,
    /// The board player sitting there.
    pub player: String,
    /// Its policy.
    pub policy: String,
    /// Games won.
    pub wins: u64,
    /// Wins per game.
    pub win_rate: f64,
    /// Wilson 95% interval of the win rate.
    pub win_low: f64,
    /// Upper end.
    pub win_high: f64,
    /// Mean turns per game.
    pub turns: f64,
    /// Mean rolls per game.
    pub rolls: f64,
    /// Mean moves per game.
    pub moves: f64,
    /// Mean captures made per game.
    pub captures_made: f64,
    /// Mean captures suffered per game.
    pub captures_suffered: f64,
    /// Mean distance of its moves per game (board units).
    pub moved: f64,
    /// Mean distance its captured pieces are carried back per game.
    pub carried: f64,
    /// Mean distance its pieces travel per game: `moved + carried`.
    pub distance: f64,
    /// 95% interval of `distance` (normal approximation).
    pub distance_low: f64,
    /// Upper end.
    pub distance_high: f64,
}

/// The results of `play`.
#[derive(Clone, Debug, Serialize)]
pub struct PlayReport {
    /// Board name.
    pub board: String,
    /// Length unit of the distances.
    pub unit: String,
    /// Rules in force (preset and changed switches).
    pub rules: String,
    /// Players at the table.
    pub players: usize,
    /// Pieces per player.
    pub pieces: usize,
    /// Games played.
    pub games: u64,
    /// Seed.
    pub seed: u64,
    /// Games stopped without a winner after the roll limit.
    pub unfinished: u64,
    /// Mean rolls per game, all players.
    pub rolls_per_game: f64,
    /// Mean distance per game, all players' pieces.
    pub distance_per_game: f64,
    /// Share of that distance that is captured pieces carried back.
    pub carried_share: f64,
    /// Per seat.
    pub seats: Vec<Seat>,
    /// Wall-clock seconds of the games (not part of the numbers a seed fixes).
    pub seconds: f64,
    /// Threads used.
    pub threads: usize,
}

impl PlayReport {
    /// The report of a tournament's `sums`: per-game means, the Wilson interval of each win rate
    /// and the normal interval of each distance (what `boardpath play` prints, and the Python
    /// package's `play`).
    pub fn new(
        board: &Board,
        game: &Game,
        policies: &[&dyn Policy],
        sums: &Sums,
        seed: u64,
        seconds: f64,
        threads: usize,
    ) -> PlayReport {
        let n = sums.games;
        let per = |x: f64| x / n as f64;
        let seats: Vec<Seat> = sums
            .seats
            .iter()
            .enumerate()
            .map(|(p, s)| {
                let (low, high) = wilson(s.wins, n);
                let (d, dl, dh) = mean_interval(n, s.moved + s.carried, s.total_sq);
                Seat {
                    seat: p,
                    player: board.players[game.seats()[p]].name.clone(),
                    policy: policies[p].name(),
                    wins: s.wins,
                    win_rate: per(s.wins as f64),
                    win_low: low,
                    win_high: high,
                    turns: per(s.turns as f64),
                    rolls: per(s.rolls as f64),
                    moves: per(s.moves as f64),
                    captures_made: per(s.captures_made as f64),
                    captures_suffered: per(s.captures_suffered as f64),
                    moved: per(s.moved),
                    carried: per(s.carried),
                    distance: d,
                    distance_low: dl,
                    distance_high: dh,
                }
            })
            .collect();
        let total: f64 = seats.iter().map(|s| s.distance).sum();
        let carried: f64 = seats.iter().map(|s| s.carried).sum();
        PlayReport {
            board: board.name.clone(),
            unit: board.unit.clone(),
            rules: game.rules.describe(),
            players: game.players(),
            pieces: game.pieces(),
            games: n,
            seed,
            unfinished: sums.unfinished,
            rolls_per_game: per(sums.rolls as f64),
            distance_per_game: total,
            carried_share: if total > 0.0 { carried / total } else { 0.0 },
            seats,
            seconds,
            threads,
        }
    }
}
