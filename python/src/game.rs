//! The real game: a board and rules set up for 2 to 6 players ([`Game`]), and a position with
//! the roll as a chance event ([`GameState`]), in OpenSpiel's terms (player ids, action ids,
//! chance outcomes, returns) so that `boardpath.openspiel` can hand it to pyspiel.

use crate::board::board_arg;
use crate::errors::{GameError, argument, guard};
use boardpath::board::Board;
use boardpath::game::action::{ENTER, PASS, num_distinct_actions};
use boardpath::game::{
    self as engine, GameConfig, Move, Rules, Seating, State, WAITING, chance_outcomes,
    legal_actions, move_for_action, returns,
};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::sync::Arc;

/// OpenSpiel's player id of a chance node.
const CHANCE: i64 = -1;
/// OpenSpiel's player id of a terminal state.
const TERMINAL: i64 = -4;

fn game_error(e: &engine::GameError) -> PyErr {
    GameError::new_err(e.to_string())
}

/// The arguments `Game(...)` was called with, for pickling: positional (board, players, rules,
/// pieces, seating) and the rule switches by keyword.
fn given(
    py: Python<'_>,
    [board, seating]: [Option<&Bound<'_, PyAny>>; 2],
    (players, rules, pieces): (usize, Option<&str>, Option<usize>),
    switches: (Option<bool>, Option<i64>, Option<bool>, Option<bool>),
) -> PyResult<(Py<PyTuple>, Py<PyDict>)> {
    let none = || py.None().into_bound(py);
    let positional = PyTuple::new(
        py,
        [
            board.map_or_else(none, |b| b.clone()),
            players.into_pyobject(py)?.into_any(),
            rules.into_pyobject(py)?.into_any(),
            pieces.into_pyobject(py)?.into_any(),
            seating.map_or_else(none, |s| s.clone()),
        ],
    )?;
    let keywords = PyDict::new(py);
    keywords.set_item("jump_in_goal", switches.0)?;
    keywords.set_item("tries", switches.1)?;
    keywords.set_item("bonus_roll", switches.2)?;
    keywords.set_item("compulsory_capture", switches.3)?;
    Ok((positional.unbind(), keywords.unbind()))
}

/// A board set up for play: players, pieces, rules and seats. Players are numbered in the order
/// of play; player `p` sits at board player `seats[p]`.
///
/// >>> import boardpath
/// >>> game = boardpath.Game("maedn", players=2)
/// >>> game.seats, game.player_names, game.num_distinct_actions
/// ([0, 2], ['black', 'green'], 45)
#[pyclass(frozen, module = "boardpath")]
pub struct Game {
    game: Arc<engine::Game>,
    board: Arc<Board>,
    /// The constructor's arguments, positional and keyword, for pickling.
    args: (Py<PyTuple>, Py<PyDict>),
}

#[pymethods]
impl Game {
    /// Sets up `board` (a Board, an embedded name or a path; default `maedn`) for `players`
    /// players under `rules`, written as on the command line, `PRESET[,SWITCH=VALUE...]` (e.g.
    /// `openspiel,bonus-roll=false,tries=3`; default: the board's `[game] rules`, else
    /// `openspiel`); `pieces` per player (default: every piece); `seating` `spread` (two players
    /// sit opposite, as OpenSpiel), `adjacent`, or a list of board player indices in the order of
    /// play. `jump_in_goal`, `tries`, `bonus_roll`, `compulsory_capture` change one switch of
    /// those rules (`docs/game.md`).
    #[new]
    #[pyo3(signature = (board=None, players=2, rules=None, pieces=None, seating=None, *, jump_in_goal=None, tries=None, bonus_roll=None, compulsory_capture=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        board: Option<&Bound<'_, PyAny>>,
        players: usize,
        rules: Option<&str>,
        pieces: Option<usize>,
        seating: Option<&Bound<'_, PyAny>>,
        jump_in_goal: Option<bool>,
        tries: Option<i64>,
        bonus_roll: Option<bool>,
        compulsory_capture: Option<bool>,
    ) -> PyResult<Game> {
        let args = given(
            py,
            [board, seating],
            (players, rules, pieces),
            (jump_in_goal, tries, bonus_roll, compulsory_capture),
        )?;
        let board = match board {
            Some(b) => board_arg(py, b)?,
            None => crate::board::load(boardpath::board::embedded::DEFAULT)
                .map_err(|e| crate::errors::board_error(py, &e))?,
        };
        let mut rules = Rules::for_board(&board, rules).map_err(|e| game_error(&e))?;
        if let Some(j) = jump_in_goal {
            rules.jump_in_goal = j;
        }
        if let Some(t) = tries {
            rules.tries = u8::try_from(t)
                .ok()
                .filter(|t| (1..=Rules::MAX_TRIES).contains(t))
                .ok_or_else(|| {
                    argument(format!(
                        "tries {t}: valid is 1 to {} rolls per turn",
                        Rules::MAX_TRIES
                    ))
                })?;
        }
        if let Some(b) = bonus_roll {
            rules.bonus_roll = b;
        }
        if let Some(c) = compulsory_capture {
            rules.compulsory_capture = c;
        }
        let seating = match seating {
            None => Seating::Spread,
            Some(s) => match s.extract::<String>() {
                Ok(name) if name == "spread" => Seating::Spread,
                Ok(name) if name == "adjacent" => Seating::Adjacent,
                Ok(name) => {
                    return Err(argument(format!(
                        "unknown seating \"{name}\"; expected \"spread\", \"adjacent\" or a list of board player indices"
                    )));
                }
                Err(_) => Seating::Seats(s.extract().map_err(|_| {
                    argument("seating must be \"spread\", \"adjacent\" or a list of board player indices")
                })?),
            },
        };
        let config = GameConfig {
            players,
            pieces,
            rules,
            seating,
        };
        let game = guard(|| Ok(engine::Game::new(&board, &config)))?.map_err(|e| game_error(&e))?;
        Ok(Game {
            game: Arc::new(game),
            board,
            args,
        })
    }

    /// Number of players.
    #[getter]
    fn players(&self) -> usize {
        self.game.players()
    }

    /// Pieces per player.
    #[getter]
    fn pieces(&self) -> usize {
        self.game.pieces()
    }

    /// The board player each player sits at, in the order of play.
    #[getter]
    fn seats(&self) -> Vec<usize> {
        self.game.seats().to_vec()
    }

    /// The board's names of the players, in the order of play.
    #[getter]
    fn player_names(&self) -> Vec<String> {
        self.game
            .seats()
            .iter()
            .map(|&s| self.board.players[s].name.clone())
            .collect()
    }

    /// The board's full name.
    #[getter]
    fn board_name(&self) -> String {
        self.game.board.clone()
    }

    /// The rules: the preset's name, plus every switch that differs from it.
    #[getter]
    fn rules(&self) -> String {
        self.game.rules.describe()
    }

    /// The die's faces, ascending: chance outcome `i` rolls `faces[i]`.
    #[getter]
    fn faces(&self) -> Vec<u32> {
        self.game.faces().to_vec()
    }

    /// Action ids in use: 0 passes, 1 brings a piece in, `2 + s` moves the piece on the mover's
    /// relative step `s` (OpenSpiel maedn's 45 on the standard board).
    #[getter]
    fn num_distinct_actions(&self) -> usize {
        num_distinct_actions(&self.game)
    }

    /// Steps of player `p`'s race: `track_steps(p)` track tiles, then its goal tiles.
    fn steps(&self, p: usize) -> PyResult<usize> {
        self.check_player(p)?;
        Ok(self.game.steps(p))
    }

    /// Track tiles player `p`'s pieces visit before turning into the goal.
    fn track_steps(&self, p: usize) -> PyResult<usize> {
        self.check_player(p)?;
        Ok(self.game.track_steps(p))
    }

    /// The board track index of player `p`'s relative step `step`, None for a goal tile.
    fn tile(&self, p: usize, step: u32) -> PyResult<Option<usize>> {
        self.check_player(p)?;
        if step as usize >= self.game.steps(p) {
            return Err(argument(format!(
                "step {step} is past player {p}'s last goal tile (steps 0 to {})",
                self.game.steps(p) - 1
            )));
        }
        Ok(self.game.tile(p, step))
    }

    /// The start of a game: every piece waiting, player 0 about to roll (a chance node).
    fn new_initial_state(slf: &Bound<'_, Self>) -> GameState {
        let me = slf.get();
        GameState::from_parts(slf, State::initial(&me.game), None)
    }

    /// The position of a short position id (`GameState.position_id()`, `boardpath review`'s and
    /// the play page's ids), about to roll; GameError for an id that is not one of this game's.
    fn state_from_id(slf: &Bound<'_, Self>, id: &str) -> PyResult<GameState> {
        let state = boardpath::game::record::parse_position_id(&slf.borrow().game, id)
            .map_err(|e| game_error(&e))?;
        Ok(GameState::from_parts(slf, state, None))
    }

    /// A position from plain steps: `pieces[p][i]` is the step of player `p`'s piece `i` (None:
    /// waiting), `to_move` about to roll, or to move after `roll` when it is given.
    #[pyo3(signature = (pieces, to_move=0, roll=None))]
    fn state(
        slf: &Bound<'_, Self>,
        pieces: Vec<Vec<Option<u32>>>,
        to_move: usize,
        roll: Option<u32>,
    ) -> PyResult<GameState> {
        slf.get().state_at(slf, pieces, to_move, roll, (0, 0))
    }

    /// Pickles as its constructor's arguments (a board given by name or path is loaded again).
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let py = slf.py();
        let newobj = py.import("copyreg")?.getattr("__newobj_ex__")?;
        let (args, kwargs) = &slf.get().args;
        let call = PyTuple::new(
            py,
            [
                slf.get_type().into_any(),
                args.bind(py).clone().into_any(),
                kwargs.bind(py).clone().into_any(),
            ],
        )?;
        Ok((newobj, call))
    }

    /// The position `state` builds, with the turn's tries and streak: what a pickled
    /// `GameState` is rebuilt from.
    #[pyo3(signature = (pieces, to_move, roll, tries, streak))]
    fn _restore(
        slf: &Bound<'_, Self>,
        pieces: Vec<Vec<Option<u32>>>,
        to_move: usize,
        roll: Option<u32>,
        tries: u8,
        streak: u8,
    ) -> PyResult<GameState> {
        slf.get()
            .state_at(slf, pieces, to_move, roll, (tries, streak))
    }

    fn __repr__(&self) -> String {
        format!(
            "Game({:?}, players={}, pieces={}, rules={:?})",
            self.game.board,
            self.game.players(),
            self.game.pieces(),
            self.game.rules.describe()
        )
    }
}

impl Game {
    /// A position from plain steps (see `state`); `turn`: the tries and streak of the player to
    /// roll.
    fn state_at(
        &self,
        slf: &Bound<'_, Self>,
        pieces: Vec<Vec<Option<u32>>>,
        to_move: usize,
        roll: Option<u32>,
        turn: (u8, u8),
    ) -> PyResult<GameState> {
        if pieces.len() != self.game.players() {
            return Err(argument(format!(
                "{} players' pieces given, the game has {}",
                pieces.len(),
                self.game.players()
            )));
        }
        let steps: Vec<u32> = pieces
            .iter()
            .flatten()
            .map(|s| s.unwrap_or(WAITING))
            .collect();
        let state = State::from_steps(&self.game, &steps, to_move)
            .map_err(|e| game_error(&e))?
            .with_turn(turn.0, turn.1);
        if let Some(r) = roll
            && !self.game.faces().contains(&r)
        {
            return Err(argument(format!(
                "roll {r} is not a face of the die {:?}",
                self.game.faces()
            )));
        }
        Ok(GameState::from_parts(slf, state, roll))
    }

    /// The compiled game and its board, for the environments.
    pub(crate) fn parts(&self) -> (Arc<engine::Game>, Arc<Board>) {
        (self.game.clone(), self.board.clone())
    }

    fn check_player(&self, p: usize) -> PyResult<()> {
        if p < self.game.players() {
            Ok(())
        } else {
            Err(argument(format!(
                "player {p} does not exist (players 0 to {})",
                self.game.players() - 1
            )))
        }
    }
}

/// A position of a [`Game`]: every piece's step and the player to roll; after a roll, the roll
/// too. In OpenSpiel's terms the roll is a chance node (`current_player() == -1`, outcome `i`
/// rolls `game.faces[i]`), then the roller picks an action; `returns()` are `players - 1` for
/// the winner and -1 for everyone else.
#[pyclass(module = "boardpath")]
#[derive(Clone)]
pub struct GameState {
    game: Arc<engine::Game>,
    state: State,
    roll: Option<u32>,
    /// The Python `Game` it belongs to, for pickling.
    owner: Arc<Py<Game>>,
    /// The actions applied to this object, each with what takes it back: a roll (None) or a
    /// move, with the roll it was made after.
    history: Vec<(usize, Option<(u32, engine::Undo)>)>,
}

impl GameState {
    /// The state `state` of `game`, with `roll` made (None: before the roll).
    pub(crate) fn from_parts(
        owner: &Bound<'_, Game>,
        state: State,
        roll: Option<u32>,
    ) -> GameState {
        GameState {
            game: owner.get().game.clone(),
            state,
            roll,
            owner: Arc::new(owner.clone().unbind()),
            history: Vec::new(),
        }
    }
}

#[pymethods]
impl GameState {
    /// The player to act: -1 (chance) before the roll, -4 when the game is over.
    fn current_player(&self) -> i64 {
        if self.state.is_terminal(&self.game) {
            TERMINAL
        } else if self.roll.is_none() {
            CHANCE
        } else {
            self.state.to_move() as i64
        }
    }

    /// Whether the game is over (a player has every piece home).
    fn is_terminal(&self) -> bool {
        self.state.is_terminal(&self.game)
    }

    /// Whether the die is to be rolled.
    fn is_chance_node(&self) -> bool {
        self.roll.is_none() && !self.is_terminal()
    }

    /// The player who rolls (or rolled) now.
    #[getter]
    fn to_move(&self) -> usize {
        self.state.to_move()
    }

    /// The roll the player to move has made, None before it.
    #[getter]
    fn roll(&self) -> Option<u32> {
        self.roll
    }

    /// `(outcome, probability)` of the roll: outcome `i` rolls `game.faces[i]`; empty unless a
    /// chance node.
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        if self.is_chance_node() {
            chance_outcomes(&self.game)
        } else {
            Vec::new()
        }
    }

    /// The legal actions, ascending: the chance outcomes at a chance node, `[0]` (pass) when no
    /// piece can move, none when the game is over.
    fn legal_actions(&self) -> Vec<usize> {
        match self.roll {
            _ if self.is_terminal() => Vec::new(),
            None => (0..self.game.faces().len()).collect(),
            Some(roll) => legal_actions(&self.game, &self.state, roll),
        }
    }

    /// The legal moves after the roll, as dicts: `action`, `piece`, `from` (None: waiting),
    /// `to`, and `capture` (the `player`, `piece`, `step` and track `tile` sent back, or None).
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let Some(roll) = self.roll else {
            return Ok(Vec::new());
        };
        let mut moves = Vec::new();
        engine::legal_moves(&self.game, &self.state, roll, &mut moves);
        moves.iter().map(|m| move_dict(py, m)).collect()
    }

    /// Plays `action`: a chance outcome at a chance node (rolls `game.faces[action]`), else a
    /// legal action after the roll. Raises GameError for anything else.
    fn apply_action(&mut self, action: usize) -> PyResult<()> {
        if self.is_terminal() {
            return Err(GameError::new_err(format!(
                "action {action}: the game is over"
            )));
        }
        match self.roll {
            None => {
                let faces = self.game.faces();
                let face = faces.get(action).ok_or_else(|| {
                    GameError::new_err(format!(
                        "chance outcome {action} does not exist (outcomes 0 to {} roll {faces:?})",
                        faces.len() - 1
                    ))
                })?;
                self.roll = Some(*face);
                self.history.push((action, None));
            }
            Some(roll) => {
                let mv = move_for_action(&self.game, &self.state, roll, action)
                    .map_err(|e| game_error(&e))?;
                let undo = engine::apply(&self.game, &mut self.state, roll, mv.as_ref());
                self.roll = None;
                self.history.push((action, Some((roll, undo))));
            }
        }
        Ok(())
    }

    /// The actions applied to this object since it was made (chance outcomes and moves, in
    /// OpenSpiel's ids); a position built by `Game.state`, read from an environment or
    /// unpickled starts with none.
    fn history(&self) -> Vec<usize> {
        self.history.iter().map(|&(a, _)| a).collect()
    }

    /// The position's short id (one word of letters and digits; `Game.state_from_id` reads it
    /// back), the id `boardpath review --position` and the play page take. The roll, if made, is
    /// not part of it.
    fn position_id(&self) -> String {
        boardpath::game::record::position_id(&self.state)
    }

    /// Takes back the last action of `history()` and returns it; GameError when there is none.
    fn undo_action(&mut self) -> PyResult<usize> {
        let (action, undo) = self.history.pop().ok_or_else(|| {
            GameError::new_err("no action to undo: this state's history is empty")
        })?;
        match undo {
            None => self.roll = None,
            Some((roll, undo)) => {
                engine::undo(&mut self.state, &undo);
                self.roll = Some(roll);
            }
        }
        Ok(action)
    }

    /// The position as `player` sees it (default: the player to move), as a numpy array: the
    /// observation of `boardpath.envs` (docs/python.md, "Observations").
    #[pyo3(signature = (player=None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        player: Option<usize>,
    ) -> PyResult<Bound<'py, numpy::PyArray1<f32>>> {
        let viewer = player.unwrap_or_else(|| self.state.to_move());
        if viewer >= self.game.players() {
            return Err(argument(format!(
                "player {viewer} does not exist (players 0 to {})",
                self.game.players() - 1
            )));
        }
        let roll = self.roll.unwrap_or(0);
        Ok(numpy::PyArray1::from_vec(
            py,
            crate::env::observation(&self.game, &self.state, roll, viewer),
        ))
    }

    /// Each player's return: `players - 1` for the winner, -1 for the others; zeros before the end.
    fn returns(&self) -> Vec<f64> {
        returns(&self.game, &self.state)
    }

    /// The winner, None while the game goes on.
    fn winner(&self) -> Option<usize> {
        self.state.winner(&self.game)
    }

    /// `pieces[p][i]`: the relative step of player `p`'s piece `i`, None while it waits.
    #[getter]
    fn pieces(&self) -> Vec<Vec<Option<u32>>> {
        (0..self.game.players())
            .map(|p| {
                self.state
                    .pieces_of(p)
                    .iter()
                    .map(|&s| (s != WAITING).then_some(s))
                    .collect()
            })
            .collect()
    }

    /// Rolls the player to move already used this turn without moving (rule `tries`).
    #[getter]
    fn tries(&self) -> u8 {
        self.state.tries()
    }

    /// Bonus rolls (the die's highest face) the player to move has rolled in a row this turn
    /// (read by rule `three_bonus_forfeit`).
    #[getter]
    fn streak(&self) -> u8 {
        self.state.streak()
    }

    /// A copy to explore from.
    fn clone(&self) -> GameState {
        Clone::clone(self)
    }

    fn __copy__(&self) -> GameState {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> GameState {
        Clone::clone(self)
    }

    /// Pickles as its game and position (every piece's step, the player to move, the roll, the
    /// turn's tries and streak).
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
        let restore = self.owner.bind(py).getattr("_restore")?;
        let args = (
            self.pieces(),
            self.state.to_move(),
            self.roll,
            self.state.tries(),
            self.state.streak(),
        )
            .into_pyobject(py)?;
        Ok((restore, args))
    }

    fn __eq__(&self, other: &GameState) -> bool {
        Arc::ptr_eq(&self.game, &other.game) && self.state == other.state && self.roll == other.roll
    }

    /// An action in words: `roll 6` for a chance outcome, `pass`, `enter` or `move 12>18`.
    fn action_to_string(&self, action: usize) -> String {
        match self.roll {
            None => match self.game.faces().get(action) {
                Some(f) => format!("roll {f}"),
                None => format!("outcome {action}"),
            },
            Some(roll) => match action {
                PASS => "pass".into(),
                ENTER => "enter".into(),
                a => {
                    let from = a - 2;
                    format!("move {from}>{}", from + roll as usize)
                }
            },
        }
    }

    /// The position in words: one line per player (steps; `w` waiting), the player to move and
    /// the roll.
    fn __str__(&self) -> String {
        let mut lines: Vec<String> = (0..self.game.players())
            .map(|p| {
                let steps: Vec<String> = self
                    .state
                    .pieces_of(p)
                    .iter()
                    .map(|&s| {
                        if s == WAITING {
                            "w".into()
                        } else {
                            s.to_string()
                        }
                    })
                    .collect();
                format!("player {p}: {}", steps.join(" "))
            })
            .collect();
        lines.push(match (self.winner(), self.roll) {
            (Some(w), _) => format!("player {w} has won"),
            (None, None) => format!("player {} to roll", self.state.to_move()),
            (None, Some(r)) => format!("player {} rolled {r}", self.state.to_move()),
        });
        lines.join("\n")
    }

    fn __repr__(&self) -> String {
        format!("<GameState\n{}>", self.__str__())
    }
}

/// One legal move as a dict.
fn move_dict<'py>(py: Python<'py>, m: &Move) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("action", boardpath::game::action::action_id(m))?;
    d.set_item("piece", m.piece)?;
    d.set_item("from", (!m.enters()).then_some(m.from))?;
    d.set_item("to", m.to)?;
    match m.capture {
        Some(c) => {
            let cd = PyDict::new(py);
            cd.set_item("player", c.player)?;
            cd.set_item("piece", c.piece)?;
            cd.set_item("step", c.step)?;
            cd.set_item("tile", c.tile)?;
            d.set_item("capture", cd)?;
        }
        None => d.set_item("capture", py.None())?,
    }
    Ok(d)
}
