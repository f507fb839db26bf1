//! The play page's API: a game against the perfect opponent, the exact win probability after
//! every roll and move, hints, and the review of a game.
//!
//! The server keeps no game: every request carries the game record so far
//! (`boardpath.game-record/1`), which the engine replays (at most [`MAX_TURNS`] turns, so a
//! request's work is bounded), so concurrent games cannot interfere. The exact values of a game
//! (board, rules, pieces) are solved once, on a thread of their own with its progress readable
//! (`202` answers carry it), or read at start from `serve --table FILE`; then every look-up is a
//! rank and an index.
//!
//! - `POST /api/game/state` `{"record": R, "roll": N?, "bot": "optimal"?}`: the position after
//!   the record's turns: where every piece stands, the mover's win probability, and with a roll
//!   every legal move with its value, the best, and the move the named bot makes.
//! - `POST /api/game/review` `{"record": R}`: the review of every turn (as `boardpath review
//!   --format json` gives it, without schema and provenance).

use boardpath::board::{Board, Point};
use boardpath::game::action::{PASS, action_id};
use boardpath::game::policy::optimal::{self, MAX_SOLVE_AT_START, Optimal};
use boardpath::game::policy::{self, NAMES};
use boardpath::game::record::{GameRecord, Replay, parse_position_id, position_id};
use boardpath::game::review::{MoveValue, Thresholds, best, review};
use boardpath::game::{Game, GameConfig, Move, State, WAITING, legal_moves};
use boardpath::random::SplitMix64;
use serde::Serialize;
use serde_json::{Value, json};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The most turns a record sent to the server may hold: a 2-piece game takes about 60.
pub const MAX_TURNS: usize = 10_000;

/// A game's exact values: ready, being solved (progress 0 to 1 as `f64` bits), or failed.
#[derive(Clone)]
enum Values {
    Ready(Arc<Optimal>),
    Solving(Arc<AtomicU64>),
    Failed(String),
}

/// The play page's state: the solved games (and those read from `serve --table`) and the one
/// being solved.
pub struct Games {
    values: Mutex<Vec<(String, Values)>>,
}

/// An answer: its status and JSON body.
pub struct Answer {
    /// HTTP status.
    pub status: u16,
    /// The JSON body.
    pub body: Value,
}

fn refuse(status: u16, message: impl Into<String>) -> Answer {
    Answer {
        status,
        body: json!([{ "message": message.into() }]),
    }
}

impl Games {
    /// No game solved yet.
    pub fn new() -> Games {
        Games {
            values: Mutex::new(Vec::new()),
        }
    }

    /// Reads `serve --table FILE` once at start (standard board, openspiel rules, the pieces its
    /// header names), refusing one that does not match with what it holds and what was asked.
    pub fn check_table(path: &str) -> Result<Arc<Optimal>, String> {
        let board = Board::load("maedn").map_err(|e| e.to_string())?;
        let pieces = optimal::table_pieces(path).map_err(|e| e.to_string())?;
        let config = GameConfig {
            pieces: Some(pieces),
            ..GameConfig::new(2)
        };
        let game = Game::new(&board, &config).map_err(|e| e.to_string())?;
        let optimal = Optimal::new(&board, &game, Some(path)).map_err(|e| e.to_string())?;
        Ok(Arc::new(optimal))
    }

    /// Keeps the values read from `serve --table` for every game on the standard board with its
    /// pieces.
    pub fn preload(&self, optimal: Arc<Optimal>) {
        let board = Board::load("maedn").expect("the embedded board loads");
        let key = key(&board, optimal.game());
        self.lock().push((key, Values::Ready(optimal)));
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<(String, Values)>> {
        self.values.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The answer to `POST /api/game/{what}` with `body`.
    pub fn answer(self: &Arc<Self>, what: &str, body: &[u8]) -> Answer {
        let request: Value = match serde_json::from_slice(body) {
            Ok(v) => v,
            Err(e) => {
                return refuse(
                    400,
                    format!(
                        "line {}, column {}: the body is not JSON: {e}",
                        e.line(),
                        e.column()
                    ),
                );
            }
        };
        let result = match what {
            "state" => self.state(&request),
            "review" => self.review(&request),
            other => Err(refuse(
                404,
                format!(
                    "no such endpoint: /api/game/{other}; there are /api/game/state and /api/game/review"
                ),
            )),
        };
        result.unwrap_or_else(|a| a)
    }

    /// The record of a request, replayed.
    fn replay(request: &Value) -> Result<Replay, Answer> {
        let record = request
            .get("record")
            .ok_or_else(|| refuse(400, "the request has no \"record\" (a game record: {\"format\": \"boardpath.game-record/1\", \"turns\": [...]})"))?;
        let turns = record
            .get("turns")
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        if turns > MAX_TURNS {
            return Err(refuse(
                413,
                format!("the record has {turns} turns; this server replays at most {MAX_TURNS}"),
            ));
        }
        let record = GameRecord::parse(&record.to_string()).map_err(|e| refuse(400, e.0))?;
        if record.players != 2 {
            return Err(refuse(
                422,
                format!(
                    "\"players\" is {}; the play page plays two-player games (the exact solution is for 2)",
                    record.players
                ),
            ));
        }
        record.replay().map_err(|e| refuse(422, e.0))
    }

    /// The exact values of `replay`'s game, or a `202` answer while they are being solved.
    fn optimal(self: &Arc<Self>, replay: &Replay) -> Result<Arc<Optimal>, Answer> {
        let game = &replay.game;
        let key = key(&replay.board, game);
        let mut values = self.lock();
        match values
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.clone())
        {
            Some(Values::Ready(o)) => return Ok(o),
            Some(Values::Solving(p)) => return Err(solving(&p, game)),
            Some(Values::Failed(why)) => return Err(refuse(422, why)),
            None => {}
        }
        if let Some((_, Values::Solving(_))) =
            values.iter().find(|(_, v)| matches!(v, Values::Solving(_)))
        {
            return Err(refuse(
                503,
                "another game is being solved; try again when it is done",
            ));
        }
        // A table's game (serve --table) is among the values already.
        if game.pieces() > MAX_SOLVE_AT_START {
            return Err(refuse(
                422,
                format!(
                    "{} pieces a side are not solved at start (1 or {MAX_SOLVE_AT_START} are); \
                     start the server with a table: `boardpath solve-game --pieces {} --out FILE`, \
                     then `boardpath serve --table FILE`",
                    game.pieces(),
                    game.pieces()
                ),
            ));
        }
        let progress = Arc::new(AtomicU64::new(0f64.to_bits()));
        values.push((key.clone(), Values::Solving(progress.clone())));
        drop(values);
        self.spawn_solve(key, replay.board.clone(), game.clone(), progress.clone());
        Err(solving(&progress, game))
    }

    /// Solves a game on its own thread, keeping the values (or why they failed) under `key`.
    fn spawn_solve(
        self: &Arc<Self>,
        key: String,
        board: Board,
        game: Game,
        progress: Arc<AtomicU64>,
    ) {
        let games = Arc::clone(self);
        std::thread::spawn(move || {
            let report = |f: f64| progress.store(f.to_bits(), Ordering::Relaxed);
            let result = Optimal::with_progress(&board, &game, None, &report);
            let done = match result {
                Ok(o) => Values::Ready(Arc::new(o)),
                Err(e) => Values::Failed(e.to_string()),
            };
            let mut values = games.lock();
            if let Some(entry) = values.iter_mut().find(|(k, _)| *k == key) {
                entry.1 = done;
            }
        });
    }

    /// `POST /api/game/state`.
    fn state(self: &Arc<Self>, request: &Value) -> Result<Answer, Answer> {
        let replay = Self::replay(request)?;
        let rules = replay.game.rules.describe();
        let roll = match request.get("roll") {
            None | Some(Value::Null) => None,
            Some(r) => Some(roll_of(r, &replay.game)?),
        };
        let state = match request.get("position").and_then(Value::as_str) {
            Some(id) => {
                parse_position_id(&replay.game, id).map_err(|e| refuse(422, e.to_string()))?
            }
            None => replay.end,
        };
        let mut body = json!({
            "board": geometry(&replay.board, &replay.game),
            "rules": rules,
            "faces": replay.game.faces(),
            "pieces": replay.game.pieces(),
            "position": position_id(&state),
            "to_move": state.to_move(),
            "winner": state.winner(&replay.game),
            "turns": replay.plies.len(),
            "at": pieces_at(&replay.board, &replay.game, &state),
            "policies": NAMES,
        });
        if state.is_terminal(&replay.game) {
            return Ok(Answer { status: 200, body });
        }
        let optimal = self.optimal(&replay)?;
        body["value"] = json!(optimal.value(&state));
        if let Some(roll) = roll {
            let mut moves = Vec::new();
            legal_moves(&replay.game, &state, roll, &mut moves);
            let options = options(&replay, &optimal, &state, roll, &moves);
            let best_action = best_of(&options).action;
            body["roll"] = json!(roll);
            body["best_action"] = json!(best_action);
            body["options"] = json!(options);
            if let Some(bot) = request.get("bot").and_then(Value::as_str) {
                let chosen = bot_action(bot, best_action, &replay, &state, roll, &moves)?;
                body["bot_action"] = json!(chosen);
            }
        }
        Ok(Answer { status: 200, body })
    }

    /// `POST /api/game/review`.
    fn review(self: &Arc<Self>, request: &Value) -> Result<Answer, Answer> {
        let replay = Self::replay(request)?;
        let optimal = self.optimal(&replay)?;
        let r = review(&replay, &optimal, &Thresholds::default());
        Ok(Answer {
            status: 200,
            body: serde_json::to_value(&r).expect("a review is plain data"),
        })
    }
}

/// The 202 answer of a game being solved.
fn solving(progress: &AtomicU64, game: &Game) -> Answer {
    Answer {
        status: 202,
        body: json!({
            "solving": f64::from_bits(progress.load(Ordering::Relaxed)),
            "pieces": game.pieces(),
            "message": format!("solving the game with {} pieces a side...", game.pieces()),
        }),
    }
}

/// One legal move on the page: its action, value, piece and where it goes.
#[derive(Serialize)]
struct PageOption {
    action: usize,
    value: f64,
    piece: Option<usize>,
    from: Option<[f64; 2]>,
    to: Option<[f64; 2]>,
    capture: bool,
}

/// The first option of the largest value, as the review picks it.
fn best_of(options: &[PageOption]) -> MoveValue {
    let values: Vec<MoveValue> = options
        .iter()
        .map(|o| MoveValue {
            action: o.action,
            value: o.value,
        })
        .collect();
    best(&values)
}

/// Every legal move (`moves`, the engine's for `roll`; a pass when there is none) with the
/// mover's win probability after it, ascending by action.
fn options(
    replay: &Replay,
    optimal: &Optimal,
    state: &State,
    roll: u32,
    moves: &[Move],
) -> Vec<PageOption> {
    let game = &replay.game;
    let p = state.to_move();
    if moves.is_empty() {
        return vec![PageOption {
            action: PASS,
            value: optimal.value_after(state, roll, None),
            piece: None,
            from: None,
            to: None,
            capture: false,
        }];
    }
    let mut out: Vec<PageOption> = moves
        .iter()
        .map(|m| PageOption {
            action: action_id(m),
            value: optimal.value_after(state, roll, Some(m)),
            piece: Some(m.piece),
            from: Some(at(&replay.board, game, p, m.piece, m.from)),
            to: Some(at(&replay.board, game, p, m.piece, m.to)),
            capture: m.capture.is_some(),
        })
        .collect();
    out.sort_by_key(|o| o.action);
    out
}

/// The action `name` (a policy name, or `optimal`: `best_action`) makes after `roll`, choosing
/// among `moves`.
fn bot_action(
    name: &str,
    best_action: usize,
    replay: &Replay,
    state: &State,
    roll: u32,
    moves: &[Move],
) -> Result<usize, Answer> {
    if name == "optimal" {
        return Ok(best_action);
    }
    if !NAMES.contains(&name) {
        return Err(refuse(
            400,
            format!(
                "bot \"{name}\" is not a policy; valid: optimal, {}",
                NAMES.join(", ")
            ),
        ));
    }
    if moves.is_empty() {
        return Ok(PASS);
    }
    let game = &replay.game;
    let bot = policy::by_name(name, &replay.board, game, state.to_move())
        .map_err(|e| refuse(422, e.to_string()))?;
    // Seeded by the game so far: the same record gets the same move.
    let mut rng = SplitMix64::new(replay.plies.len() as u64 * 7 + u64::from(roll));
    let i = bot
        .choose(game, state, roll, moves, &mut rng)
        .map_err(|e| refuse(500, e.to_string()))?;
    Ok(action_id(&moves[i]))
}

/// A roll from the request, checked against the die.
fn roll_of(r: &Value, game: &Game) -> Result<u32, Answer> {
    r.as_u64()
        .and_then(|r| u32::try_from(r).ok())
        .filter(|r| game.faces().contains(r))
        .ok_or_else(|| {
            refuse(
                422,
                format!("\"roll\" {r} is not a face of the die ({:?})", game.faces()),
            )
        })
}

/// The key of a game's values: the board file, the seats taken, the rules and the pieces.
fn key(board: &Board, game: &Game) -> String {
    format!(
        "{}|{:?}|{}|{}",
        board.sha256,
        game.seats(),
        game.rules.describe(),
        game.pieces()
    )
}

/// Where piece `i` of seat `p` on `step` is drawn.
fn at(board: &Board, game: &Game, p: usize, i: usize, step: u32) -> [f64; 2] {
    let player = &board.players[game.seats()[p]];
    let point: Point = if step == WAITING {
        player.base[i]
    } else if let Some(t) = game.tile(p, step) {
        board.track[t]
    } else {
        player.goal[step as usize - game.track_steps(p)]
    };
    [point.x, point.y]
}

/// Every piece of every seat: its step (`null` waiting) and where it is drawn.
fn pieces_at(board: &Board, game: &Game, state: &State) -> Value {
    (0..game.players())
        .map(|p| {
            state
                .pieces_of(p)
                .iter()
                .enumerate()
                .map(|(i, &s)| {
                    json!({
                        "step": (s != WAITING).then_some(s),
                        "at": at(board, game, p, i, s),
                    })
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The board as the page draws it: track tiles, safe tiles, and each seat's base and goal.
fn geometry(board: &Board, game: &Game) -> Value {
    let xy = |p: &Point| [p.x, p.y];
    json!({
        "name": board.name,
        "track": board.track.iter().map(xy).collect::<Vec<_>>(),
        "safe": board.safe,
        "seats": game.seats().iter().map(|&s| {
            let pl = &board.players[s];
            json!({
                "name": pl.name,
                "color": pl.color,
                "start": xy(&board.track[pl.start]),
                "base": pl.base.iter().map(xy).collect::<Vec<_>>(),
                "goal": pl.goal.iter().map(xy).collect::<Vec<_>>(),
            })
        }).collect::<Vec<_>>(),
        "others": board.players.iter().enumerate().filter(|(i, _)| !game.seats().contains(i)).map(|(_, pl)| json!({
            "color": pl.color,
            "base": pl.base.iter().map(xy).collect::<Vec<_>>(),
            "goal": pl.goal.iter().map(xy).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}
