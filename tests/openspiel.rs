//! Move for move against OpenSpiel: replays random games of OpenSpiel's `maedn`, recorded by
//! `tests/openspiel/trace.py` through pyspiel, through boardpath's engine (`openspiel` rules,
//! board `maedn`), asserting at every decision the same player to move, the same legal actions
//! and the same successor (OpenSpiel's 56 fields and pieces out), and the same winner.
//!
//! The committed fixture `tests/openspiel/maedn.trace.gz` holds 2,000 games each of 2 players
//! opposite, 2 adjacent, 3 and 4 players. `BOARDPATH_OPENSPIEL_TRACE=FILE` replays another trace
//! instead (`.ci/run` makes a fresh one from the real package each run).

use boardpath::board::Board;
use boardpath::game::{
    self, Game, GameConfig, Seating, State, WAITING, action::num_distinct_actions, apply,
};
use flate2::read::GzDecoder;
use std::io::{BufRead, BufReader};

const NUM_COMMON: usize = 40;
const GOAL_PER_PLAYER: usize = 4;
const NUM_FIELDS: usize = 56;

/// maedn.h `PlayerToPosition`.
fn position(players: usize, opposite: bool, player: usize) -> usize {
    if players == 2 && opposite && (player == 1 || player == 2) {
        3 - player
    } else {
        player
    }
}

/// maedn.cc `RelPosToAbsPos`.
fn absolute(rel: usize, pos: usize) -> usize {
    if rel < NUM_COMMON {
        (rel + 10 * pos) % NUM_COMMON
    } else {
        GOAL_PER_PLAYER * pos + rel
    }
}

/// OpenSpiel's state as the trace tells it: `board_` (owner + 1 per field) and `out_`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Spiel {
    board: [u8; NUM_FIELDS],
    out: [u8; 4],
}

/// The engine's state in OpenSpiel's layout.
fn as_spiel(game: &Game, state: &State, opposite: bool) -> Spiel {
    let n = game.players();
    let mut s = Spiel {
        board: [0; NUM_FIELDS],
        out: [0; 4],
    };
    for p in 0..n {
        let pos = position(n, opposite, p);
        for &step in state.pieces_of(p) {
            if step == WAITING {
                s.out[p] += 1;
            } else {
                let f = absolute(step as usize, pos);
                assert_eq!(s.board[f], 0, "two pieces on field {f}");
                s.board[f] = p as u8 + 1;
            }
        }
    }
    s
}

struct Decision {
    player: usize,
    roll: u32,
    legal: Vec<usize>,
    chosen: usize,
    changes: Vec<(String, u8)>,
}

fn parse_decision(text: &str) -> Result<Decision, String> {
    let b = text.as_bytes();
    if b.len() < 2 {
        return Err(format!("decision \"{text}\" too short"));
    }
    let digit = |c: u8| {
        (c as char)
            .to_digit(10)
            .ok_or(format!("bad digit in \"{text}\""))
    };
    let player = digit(b[0])? as usize;
    let roll = digit(b[1])?;
    let mut parts = text[2..].split(':').skip(1);
    let legal: Vec<usize> = match parts.next() {
        None => vec![0],
        Some(l) => l
            .split('.')
            .map(|a| a.parse().map_err(|_| format!("bad action in \"{text}\"")))
            .collect::<Result<_, _>>()?,
    };
    let chosen = match parts.next() {
        Some(c) => c
            .parse()
            .map_err(|_| format!("bad chosen action in \"{text}\""))?,
        None if legal.len() == 1 => legal[0],
        None => return Err(format!("no chosen action in \"{text}\"")),
    };
    let changes = match parts.next() {
        None => Vec::new(),
        Some(c) => c
            .split('.')
            .map(|kv| {
                let (k, v) = kv
                    .split_once('=')
                    .ok_or(format!("bad change in \"{text}\""))?;
                Ok((
                    k.to_string(),
                    v.parse().map_err(|_| format!("bad value in \"{text}\""))?,
                ))
            })
            .collect::<Result<_, String>>()?,
    };
    Ok(Decision {
        player,
        roll,
        legal,
        chosen,
        changes,
    })
}

/// What OpenSpiel's state became after `d`: the plain effect of the action (trace.py's
/// `expected_change`) plus the recorded changes beyond it (captures).
fn spiel_after(before: &Spiel, d: &Decision, players: usize, opposite: bool) -> Spiel {
    let mut s = before.clone();
    let pos = position(players, opposite, d.player);
    let me = d.player as u8 + 1;
    match d.chosen {
        0 => {}
        1 => {
            s.board[absolute(0, pos)] = me;
            s.out[d.player] -= 1;
        }
        a => {
            s.board[absolute(a - 2, pos)] = 0;
            s.board[absolute(a - 2 + d.roll as usize, pos)] = me;
        }
    }
    for (k, v) in &d.changes {
        if let Some(p) = k.strip_prefix('o') {
            s.out[p.parse::<usize>().unwrap()] = *v;
        } else {
            s.board[k.parse::<usize>().unwrap()] = *v;
        }
    }
    s
}

/// Replays one game; returns its decisions.
fn replay(
    board: &Board,
    players: usize,
    opposite: bool,
    winner: usize,
    line: &str,
    what: &str,
) -> usize {
    let seating = if opposite {
        Seating::Spread
    } else {
        Seating::Adjacent
    };
    let config = GameConfig {
        seating,
        ..GameConfig::new(players)
    };
    let game = Game::new(board, &config).unwrap();
    for p in 0..players {
        assert_eq!(
            game.seats()[p],
            position(players, opposite, p),
            "{what}: seat of {p}"
        );
    }
    assert_eq!(num_distinct_actions(&game), 45);
    let mut state = State::initial(&game);
    let mut spiel = as_spiel(&game, &state, opposite);
    let mut count = 0;
    for (i, text) in line.split(' ').enumerate() {
        let at = format!("{what}, decision {i} \"{text}\"");
        let d = parse_decision(text).unwrap_or_else(|e| panic!("{at}: {e}"));
        assert!(
            state.winner(&game).is_none(),
            "{at}: the engine's game is over"
        );
        assert_eq!(state.to_move(), d.player, "{at}: player to move");
        let legal = game::legal_actions(&game, &state, d.roll);
        assert_eq!(legal, d.legal, "{at}: legal actions");
        let mv = game::move_for_action(&game, &state, d.roll, d.chosen)
            .unwrap_or_else(|e| panic!("{at}: {e}"));
        apply(&game, &mut state, d.roll, mv.as_ref());
        spiel = spiel_after(&spiel, &d, players, opposite);
        assert_eq!(as_spiel(&game, &state, opposite), spiel, "{at}: successor");
        count += 1;
    }
    assert_eq!(state.winner(&game), Some(winner), "{what}: winner");
    count
}

#[test]
fn engine_replays_openspiel_maedn_move_for_move() {
    let fresh = std::env::var("BOARDPATH_OPENSPIEL_TRACE").ok();
    let path = fresh.clone().unwrap_or_else(|| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/openspiel/maedn.trace.gz"
        )
        .to_string()
    });
    let file = std::fs::File::open(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let board = Board::load("maedn").unwrap();
    let mut lines = BufReader::new(GzDecoder::new(file)).lines();
    // Games and decisions per configuration: 2 opposite, 2 adjacent, 3, 4.
    let mut games = [0usize; 4];
    let mut decisions = [0usize; 4];
    while let Some(line) = lines.next() {
        let line = line.unwrap();
        if line.starts_with('#') {
            continue;
        }
        let head: Vec<&str> = line.split(' ').collect();
        assert!(head.len() == 5 && head[0] == "G", "bad header \"{line}\"");
        let players: usize = head[1].parse().unwrap();
        let opposite = head[2] == "1";
        let winner: usize = head[4].trim_start_matches('W').parse().unwrap();
        let moves = lines.next().expect("a game line after its header").unwrap();
        let what = format!(
            "{path}: {players} players, opposite {opposite}, game {}",
            head[3]
        );
        let config = match (players, opposite) {
            (2, true) => 0,
            (2, false) => 1,
            (3, _) => 2,
            _ => 3,
        };
        decisions[config] += replay(&board, players, opposite, winner, &moves, &what);
        games[config] += 1;
    }
    println!("replayed {games:?} games, {decisions:?} decisions (2 opposite, 2 adjacent, 3, 4)");
    let least = if fresh.is_some() { 1 } else { 2000 };
    assert!(
        games.iter().all(|&g| g >= least),
        "{path}: games per configuration {games:?}, want at least {least} each"
    );
}
