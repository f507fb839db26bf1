//! The exact solver: every state once, in decreasing order of progress, each state's no-move rolls
//! and three-tries cycle solved in closed form; then the distribution of turns, turn by turn.
//!
//! Within a turn, a position is visited with `f` failed rolls so far (`f < T`, `T` the tries, 1 when
//! a piece is on the track). With `p` the chance of a roll that cannot move and ends the try, `q`
//! the chance of one that cannot move but gives another roll, and `A` the expected cost of one roll
//! (its own cost plus, for the rolls that move, the chosen move and the successor's value),
//! `C_f = A + q C_0 + p C_{f+1}` and `C_{T-1} = A + q C_0 + p (tau + C_0)`, `tau` the cost of a new
//! turn. Unrolled: `C_0 = (A S + p^T tau) / (1 - q S - p^T)` with `S = 1 + p + ... + p^(T-1)`, and the
//! value at the start of a turn is `tau + C_0`. Successors have more pips, so they are already known.

use super::state::{DiceMove, DiceState, MAX_FACES, Model};
use super::{DiceError, DiceObjective, DicePolicy};
use crate::cancel;

/// Codes in the policy table beside a move's from-step.
pub const NO_MOVE: u8 = 255;
/// The policy enters a waiting piece.
pub const ENTER: u8 = 254;
/// The policy passes (only with `may_pass`).
pub const PASS: u8 = 253;

/// Relative tolerance under which two expectations count as tied.
const TIE: f64 = 1e-12;

/// Turns beyond which the distribution stops even if its tail is not yet below the threshold.
pub(crate) const MAX_TURNS: usize = 1_000_000;

/// The exact expectations of one policy, from every state.
#[derive(Clone, Debug)]
pub struct Exact {
    /// Every state, in index order.
    pub states: Vec<DiceState>,
    /// State indices in increasing order of progress.
    pub order: Vec<u32>,
    /// Expected turns from the start of a turn in each state.
    pub turns: Vec<f64>,
    /// Expected rolls from each state.
    pub rolls: Vec<f64>,
    /// Expected distance (board units) from each state.
    pub distance: Vec<f64>,
    /// `choice[state * faces + face]`: the from-step of the piece moved, [`ENTER`] or [`NO_MOVE`];
    /// for the random policy, the first legal move (the policy draws among all of them).
    pub choice: Vec<u8>,
    transitions: Option<Transitions>,
}

/// The per-turn transitions of a policy, for the distribution of turns. States are numbered by
/// their rank in order of progress, so a turn is one sequential sweep whose successors lie a few
/// pip levels ahead: far better for the cache than the colex index.
#[derive(Clone, Debug, Default)]
struct Transitions {
    /// Rank in order of progress of each state index.
    rank: Vec<u32>,
    /// Each rank's edges: `succ[range[r].0..range[r].1]` (laid out in solving order).
    range: Vec<(u32, u32)>,
    /// Successor rank, with [`BONUS`] and [`DONE`] flags.
    succ: Vec<u32>,
    /// Mass moved along the edge per unit of mass arriving fresh in the state.
    weight: Vec<f64>,
    /// Mass that ends the turn in the state itself (failed tries), by rank.
    stay: Vec<f64>,
}

const BONUS: u32 = 1 << 31;
const DONE: u32 = 1 << 30;

fn code(mv: &DiceMove) -> u8 {
    match mv.action {
        super::state::Action::Enter => ENTER,
        super::state::Action::Step { from, .. } => from as u8,
    }
}

/// Whether `a` is less than `b` beyond the tie tolerance, `None` when tied.
fn less(a: f64, b: f64) -> Option<bool> {
    if a == b || (a - b).abs() <= TIE * a.abs().max(b.abs()) {
        None
    } else {
        Some(a < b)
    }
}

/// Solves `policy` exactly; `transitions` keeps what [`Exact::distribution`] needs.
pub fn solve(model: &Model, policy: DicePolicy, transitions: bool) -> Result<Exact, DiceError> {
    let states = model.enumerate();
    let n = states.len();
    if n != model.len() {
        return Err(DiceError::TooLarge {
            what: format!("enumerated {n} states, expected {}", model.len()),
        });
    }
    let order = by_pips(model, &states);
    let f = model.faces.len();
    let (mut et, mut er, mut ed) = (vec![0.0; n], vec![0.0; n], vec![0.0; n]);
    let mut choice = vec![NO_MOVE; n * f];
    let mut tr = transitions.then(|| Transitions::new(&order));
    let mut scratch = Scratch::default();
    for (k, &i) in order.iter().rev().enumerate() {
        if k % 4096 == 0 && cancel::requested() {
            return Err(DiceError::Cancelled);
        }
        let i = i as usize;
        let s = states[i];
        if model.finished(&s) {
            continue;
        }
        let row = &mut choice[i * f..(i + 1) * f];
        let face_cont = continuations(
            model,
            policy,
            &s,
            [&et[..], &er[..], &ed[..]],
            row,
            &mut scratch,
            transitions,
        );
        let tries = if model.tries_here(&s) {
            model.rules.tries
        } else {
            1
        };
        let mut pass = [false; MAX_FACES];
        let mut v = values(model, &face_cont, &pass, tries);
        if let (true, DicePolicy::Optimal(objective)) = (model.rules.may_pass, policy) {
            (pass, v) = passes(model, objective, &face_cont, tries, v);
            for face in 0..f {
                if pass[face] {
                    row[face] = PASS;
                }
            }
        }
        let Some(c0) = v.finite() else {
            et[i] = f64::INFINITY;
            er[i] = f64::INFINITY;
            ed[i] = f64::INFINITY;
            continue;
        };
        et[i] = 1.0 + c0[0];
        er[i] = c0[1];
        ed[i] = c0[2];
        if let Some(tr) = tr.as_mut() {
            tr.record(i, &scratch.out, &pass, &v);
        }
    }
    let transitions = tr;
    Ok(Exact {
        states,
        order,
        turns: et,
        rolls: er,
        distance: ed,
        choice,
        transitions,
    })
}

/// State indices in increasing order of pips, by a counting sort: successors always have more,
/// so solving in reverse finds every successor solved.
fn by_pips(model: &Model, states: &[DiceState]) -> Vec<u32> {
    let pips: Vec<usize> = states.iter().map(|s| model.pips(s)).collect();
    let max = pips.iter().copied().max().unwrap_or(0);
    let mut count = vec![0usize; max + 2];
    for &p in &pips {
        count[p + 1] += 1;
    }
    for i in 1..count.len() {
        count[i] += count[i - 1];
    }
    let mut order = vec![0u32; states.len()];
    for (i, &p) in pips.iter().enumerate() {
        order[count[p]] = i as u32;
        count[p] += 1;
    }
    order
}

/// Buffers reused from state to state, so that solving a state allocates little.
#[derive(Default)]
struct Scratch {
    moves: Vec<DiceMove>,
    /// Per move of the current face: successor index with [`BONUS`] and [`DONE`] flags.
    succ: Vec<u32>,
    /// Per move of the current face: its continuation (turns, rolls, distance).
    conts: Vec<[f64; 3]>,
    /// The state's chosen moves over all faces: (flagged successor, chance, face).
    out: Vec<(u32, f64, usize)>,
}

/// Per face of state `s`: the continuation of the move `policy` chooses (averaged for the random
/// policy), or none when no move is legal; `row` gets each face's choice. `values` are the turns,
/// rolls and distance of the states solved so far; with `transitions`, the chosen moves are left
/// in `scratch.out`.
#[inline]
fn continuations(
    model: &Model,
    policy: DicePolicy,
    s: &DiceState,
    [et, er, ed]: [&[f64]; 3],
    row: &mut [u8],
    scratch: &mut Scratch,
    transitions: bool,
) -> [Option<[f64; 3]>; MAX_FACES] {
    let Scratch {
        moves,
        succ,
        conts,
        out,
    } = scratch;
    let f = model.faces.len();
    let per_face = 1.0 / f as f64;
    let mut face_cont: [Option<[f64; 3]>; MAX_FACES] = [None; MAX_FACES];
    out.clear();
    for face in 0..f {
        model.moves(s, face, moves);
        if moves.is_empty() {
            continue;
        }
        conts.clear();
        succ.clear();
        for mv in moves.iter() {
            let j = model.index(&mv.next);
            let done = model.finished(&mv.next);
            let t = if done {
                0.0
            } else if model.bonus[face] {
                et[j] - 1.0
            } else {
                et[j]
            };
            conts.push([t, er[j], mv.cost + ed[j]]);
            let flags = if done { DONE } else { 0 } | if model.bonus[face] { BONUS } else { 0 };
            succ.push(j as u32 | flags);
        }
        let chosen = chosen(policy, moves, conts);
        row[face] = code(&moves[chosen[0]]);
        let w = 1.0 / chosen.len() as f64;
        let mut c = [0.0; 3];
        for &m in &chosen {
            for k in 0..3 {
                c[k] += w * conts[m][k];
            }
            if transitions {
                out.push((succ[m], w * per_face, face));
            }
        }
        face_cont[face] = Some(c);
    }
    face_cont
}

/// The moves `policy` plays among `moves` (continuations `conts`): all of them for the random
/// policy, else the one it picks.
fn chosen(policy: DicePolicy, moves: &[DiceMove], conts: &[[f64; 3]]) -> Vec<usize> {
    match policy {
        DicePolicy::Random => (0..moves.len()).collect(),
        DicePolicy::Front => vec![argbest(moves, |a, b| a.from_key() > b.from_key())],
        DicePolicy::Rear => vec![argbest(moves, |a, b| a.from_key() < b.from_key())],
        DicePolicy::Optimal(objective) => {
            let mut best = 0;
            for m in 1..moves.len() {
                if lex_less(objective, conts[m], conts[best]) {
                    best = m;
                }
            }
            vec![best]
        }
    }
}

/// The faces on which to pass, and the state's values with them, by policy iteration on this
/// state alone: pass on a roll when staying beats its move. Starts from `v`, the values without
/// passes.
fn passes(
    model: &Model,
    objective: DiceObjective,
    face_cont: &[Option<[f64; 3]>; MAX_FACES],
    tries: usize,
    mut v: Values,
) -> ([bool; MAX_FACES], Values) {
    let f = model.faces.len();
    let mut pass = [false; MAX_FACES];
    for _ in 0..=2 * f {
        let mut next = [false; MAX_FACES];
        for face in 0..f {
            if let Some(c) = face_cont[face] {
                let stay = [
                    v.c0[0] + if model.bonus[face] { 0.0 } else { 1.0 },
                    v.c0[1],
                    v.c0[2],
                ];
                next[face] = lex_less(objective, stay, c);
            }
        }
        if next == pass {
            break;
        }
        pass = next;
        v = values(model, face_cont, &pass, tries);
    }
    (pass, v)
}

impl Transitions {
    /// Empty transitions for states solved in `order`, each state's rank its place there.
    fn new(order: &[u32]) -> Transitions {
        let n = order.len();
        let mut rank = vec![0u32; n];
        for (r, &i) in order.iter().enumerate() {
            rank[i as usize] = r as u32;
        }
        Transitions {
            rank,
            range: vec![(0, 0); n],
            stay: vec![0.0; n],
            ..Transitions::default()
        }
    }

    /// Records state `i`'s moves `out` (those not passed on) and its staying mass, from its
    /// values `v`.
    fn record(&mut self, i: usize, out: &[(u32, f64, usize)], pass: &[bool], v: &Values) {
        let (sum, pt, q, u) = (v.sum, v.pt, v.q, v.u);
        // Fresh arrivals visit the position 1/(1 - q S) times in all at f = 0 (q counting
        // passes on a face that rolls again), S/(1 - q S) in all over f; each visit rolls once.
        let visits = sum / (1.0 - q * sum);
        let begin = self.succ.len() as u32;
        for &(s, w, face) in out {
            if pass[face] {
                continue;
            }
            let j = self.rank[(s & !(BONUS | DONE)) as usize];
            self.succ.push(j | (s & (BONUS | DONE)));
            self.weight.push(w * visits);
        }
        let r = self.rank[i] as usize;
        self.range[r] = (begin, self.succ.len() as u32);
        self.stay[r] = (pt + u * sum) / (1.0 - q * sum);
    }
}

/// Whether continuation `a` beats `b` for `objective`: the primary value, then the tie-break.
fn lex_less(objective: DiceObjective, a: [f64; 3], b: [f64; 3]) -> bool {
    let (k1, k2) = match objective {
        DiceObjective::Turns => (0, 2),
        DiceObjective::Rolls => (1, 2),
        DiceObjective::Distance => (2, 0),
    };
    less(a[k1], b[k1]).or_else(|| less(a[k2], b[k2])) == Some(true)
}

/// A state's values within a turn (`C_0` for turns, rolls, distance) for one choice of passes,
/// with the chances that go into them.
struct Values {
    c0: [f64; 3],
    denom: f64,
    /// `S = 1 + p + ... + p^(T-1)`.
    sum: f64,
    /// `p^T`.
    pt: f64,
    /// Chance of a roll that stays and rolls again (no move, or a pass, on the highest face).
    q: f64,
    /// Chance of a pass that ends the turn.
    u: f64,
}

impl Values {
    fn finite(&self) -> Option<[f64; 3]> {
        (self.denom > 1e-15 && self.c0.iter().all(|x| x.is_finite())).then_some(self.c0)
    }
}

/// The closed form of the module docs, with passes: a pass on the highest face rolls again like a
/// roll that cannot move, any other pass ends the turn at once (`u`), whatever the tries left.
fn values(model: &Model, face_cont: &[Option<[f64; 3]>], pass: &[bool], tries: usize) -> Values {
    let per_face = 1.0 / model.faces.len() as f64;
    let (mut a, mut p, mut q, mut u) = ([0.0, 1.0, 0.0], 0.0, 0.0, 0.0);
    for face in 0..model.faces.len() {
        match face_cont[face] {
            Some(c) if !pass[face] => {
                for k in 0..3 {
                    a[k] += per_face * c[k];
                }
            }
            Some(_) if !model.bonus[face] => u += per_face,
            None if !model.bonus[face] => p += per_face,
            _ => q += per_face,
        }
    }
    let pt = p.powi(tries as i32);
    let sum: f64 = (0..tries).map(|k| p.powi(k as i32)).sum();
    let denom = 1.0 - (q + u) * sum - pt;
    let tau = [1.0, 0.0, 0.0];
    let c0 = std::array::from_fn(|k| ((a[k] + u * tau[k]) * sum + pt * tau[k]) / denom);
    Values {
        c0,
        denom,
        sum,
        pt,
        q,
        u,
    }
}

/// The first move that no other beats under `better`.
fn argbest(moves: &[DiceMove], better: impl Fn(&DiceMove, &DiceMove) -> bool) -> usize {
    let mut best = 0;
    for m in 1..moves.len() {
        if better(&moves[m], &moves[best]) {
            best = m;
        }
    }
    best
}

impl Exact {
    /// `P(T = n)` for `n = 1, 2, ...` (index `n - 1`) from `start`, until the remaining mass is
    /// below `tail`; `None` when solved without transitions or the tail never gets that low.
    pub fn distribution(&self, start: usize, tail: f64) -> Option<Vec<f64>> {
        let tr = self.transitions.as_ref()?;
        if !self.turns.get(start)?.is_finite() {
            return None;
        }
        let n = self.states.len();
        let mut cur = vec![0.0; n];
        let mut next = vec![0.0; n];
        cur[*tr.rank.get(start)? as usize] = 1.0;
        let mut out = Vec::new();
        let mut remaining = 1.0;
        while remaining >= tail {
            if out.len() >= MAX_TURNS {
                return None;
            }
            let mut done = 0.0;
            for i in 0..n {
                let m = cur[i];
                cur[i] = 0.0;
                // Masses this small (all of them together under 1e-240) only cost time: their
                // products become subnormal floats, which are slow.
                if m < 1e-250 {
                    continue;
                }
                let (a, b) = (tr.range[i].0 as usize, tr.range[i].1 as usize);
                for e in a..b {
                    let s = tr.succ[e];
                    let mass = m * tr.weight[e];
                    let j = (s & !(BONUS | DONE)) as usize;
                    if s & DONE != 0 {
                        done += mass;
                    } else if s & BONUS != 0 {
                        // Another roll this turn: processed later, as it has more pips.
                        cur[j] += mass;
                    } else {
                        next[j] += mass;
                    }
                }
                next[i] += m * tr.stay[i];
            }
            out.push(done);
            std::mem::swap(&mut cur, &mut next);
            remaining = cur.iter().sum();
        }
        Some(out)
    }
}
