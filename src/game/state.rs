//! The compact game state: every piece's step, the player to roll, the tries used.

use super::{Game, GameError};

/// A piece's relative step (see [`Game`]); [`WAITING`] for a piece on its waiting tile.
pub type PieceStep = u32;

/// The step of a piece that waits off the board.
pub const WAITING: PieceStep = PieceStep::MAX;

/// The most pieces a [`State`] holds, all players together.
pub const MAX_PIECES: usize = 32;

/// A position between rolls: each piece's step, player-major (player `p`'s piece `i` is entry
/// `p * pieces + i`), and the player who rolls next. A piece keeps its index for the whole game,
/// so piece `i` always returns to waiting tile `i` of its owner's base. `Copy`, 136 bytes,
/// comparable and hashable; two states that differ only in the order of one player's pieces are
/// the same position ([`State::canonical`] sorts them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct State {
    steps: [PieceStep; MAX_PIECES],
    players: u8,
    pieces: u8,
    to_move: u8,
    tries: u8,
    streak: u8,
}

impl State {
    /// The start of a game: every piece waiting (under [`Rules::first_piece_out`](super::Rules::first_piece_out) each
    /// player's piece 0 on its start tile), player 0 to roll.
    pub fn initial(game: &Game) -> State {
        let mut state = State::empty(game);
        if game.rules.first_piece_out {
            for p in 0..game.players() {
                state.set_step(p, 0, 0);
            }
        }
        state
    }

    /// Every piece waiting, player 0 to roll.
    fn empty(game: &Game) -> State {
        let mut steps = [0; MAX_PIECES];
        steps[..game.players() * game.pieces()].fill(WAITING);
        State {
            steps,
            players: game.players() as u8,
            pieces: game.pieces() as u8,
            to_move: 0,
            tries: 0,
            streak: 0,
        }
    }

    /// The state with these steps (player-major, `players * pieces` of them) and `to_move` to
    /// roll, first roll of its turn. Refuses a step past a player's goal, two own pieces on one
    /// tile and two players' pieces on one track tile (unless it is safe).
    pub fn from_steps(
        game: &Game,
        steps: &[PieceStep],
        to_move: usize,
    ) -> Result<State, GameError> {
        let (n, k) = (game.players(), game.pieces());
        if steps.len() != n * k {
            return Err(GameError::State(format!(
                "{} given, {} x {} need {}",
                crate::text::plural(steps.len(), "step", "steps"),
                crate::text::plural(n, "player", "players"),
                crate::text::plural(k, "piece", "pieces"),
                n * k
            )));
        }
        if to_move >= n {
            return Err(GameError::State(format!(
                "player {to_move} to move, but the players are 0 to {}",
                n - 1
            )));
        }
        let mut state = State::empty(game);
        state.steps[..n * k].copy_from_slice(steps);
        state.to_move = to_move as u8;
        state.check(game)?;
        Ok(state)
    }

    /// The state with these steps (player-major), `to_move` to roll with `tries` and `streak`
    /// used, unchecked: for rankings that only build positions of the game.
    pub(crate) fn from_parts(
        game: &Game,
        steps: &[PieceStep],
        to_move: usize,
        tries: u8,
        streak: u8,
    ) -> State {
        let mut state = State::empty(game);
        state.steps[..steps.len()].copy_from_slice(steps);
        state.set_turn(to_move, tries, streak);
        state
    }

    fn check(&self, game: &Game) -> Result<(), GameError> {
        let k = game.pieces();
        let mut tiles: Vec<(usize, usize)> = Vec::new();
        for p in 0..game.players() {
            let own = self.pieces_of(p);
            for (i, &s) in own.iter().enumerate() {
                if s == WAITING {
                    continue;
                }
                if s as usize >= game.steps(p) {
                    return Err(GameError::State(format!(
                        "player {p} piece {i} at step {s}, but its steps are 0 to {} (or waiting)",
                        game.steps(p) - 1
                    )));
                }
                if own[..i].contains(&s) {
                    return Err(GameError::State(format!(
                        "player {p} has two pieces on step {s}"
                    )));
                }
                if let Some(t) = game.tile(p, s) {
                    if let Some(&(q, _)) = tiles.iter().find(|&&(q, u)| u == t && q != p)
                        && !game.is_safe(t)
                    {
                        return Err(GameError::State(format!(
                            "players {q} and {p} both have a piece on track tile {t}, which is not safe"
                        )));
                    }
                    tiles.push((p, t));
                }
            }
            debug_assert_eq!(own.len(), k);
        }
        Ok(())
    }

    /// Player `p`'s pieces' steps, by piece index.
    #[inline]
    pub fn pieces_of(&self, p: usize) -> &[PieceStep] {
        let k = self.pieces as usize;
        &self.steps[p * k..(p + 1) * k]
    }

    /// Every piece's step, player-major.
    #[inline]
    pub fn steps(&self) -> &[PieceStep] {
        &self.steps[..self.players as usize * self.pieces as usize]
    }

    /// The step of player `p`'s piece `i`.
    #[inline]
    pub fn step(&self, p: usize, i: usize) -> PieceStep {
        self.steps[p * self.pieces as usize + i]
    }

    #[inline]
    pub(crate) fn set_step(&mut self, p: usize, i: usize, step: PieceStep) {
        self.steps[p * self.pieces as usize + i] = step;
    }

    /// The player who rolls next.
    #[inline]
    pub fn to_move(&self) -> usize {
        self.to_move as usize
    }

    /// Rolls already used in this turn without a move (counts toward [`super::Rules::tries`]).
    #[inline]
    pub fn tries(&self) -> u8 {
        self.tries
    }

    /// Bonus rolls (the die's highest face) this player has rolled in a row in this turn
    /// (counts toward [`super::Rules::three_bonus_forfeit`]).
    #[inline]
    pub fn streak(&self) -> u8 {
        self.streak
    }

    /// The same position with `tries` rolls used and `streak` bonus rolls in a row in the turn of
    /// the player to roll: the rest of the turn state, for positions built with
    /// [`State::from_steps`].
    pub fn with_turn(mut self, tries: u8, streak: u8) -> State {
        self.tries = tries;
        self.streak = streak;
        self
    }

    #[inline]
    pub(crate) fn set_turn(&mut self, to_move: usize, tries: u8, streak: u8) {
        self.to_move = to_move as u8;
        self.tries = tries;
        self.streak = streak;
    }

    /// The same position with each player's pieces sorted by step (waiting last): one
    /// representative of the positions that differ only in which piece is which.
    pub fn canonical(&self) -> State {
        let mut s = *self;
        let k = self.pieces as usize;
        for p in 0..self.players as usize {
            s.steps[p * k..(p + 1) * k].sort_unstable();
        }
        s
    }

    /// Pieces of player `p` on goal tiles.
    #[inline]
    pub fn home(&self, game: &Game, p: usize) -> usize {
        let t = game.track_steps(p) as PieceStep;
        self.pieces_of(p)
            .iter()
            .filter(|&&s| s != WAITING && s >= t)
            .count()
    }

    /// Pieces of player `p` waiting.
    #[inline]
    pub fn waiting(&self, p: usize) -> usize {
        self.pieces_of(p).iter().filter(|&&s| s == WAITING).count()
    }

    /// Whether player `p` has every piece on a goal tile.
    #[inline]
    pub fn has_won(&self, game: &Game, p: usize) -> bool {
        let t = game.track_steps(p) as PieceStep;
        self.pieces_of(p).iter().all(|&s| s != WAITING && s >= t)
    }

    /// The player with every piece home, if any: the game is over.
    pub fn winner(&self, game: &Game) -> Option<usize> {
        (0..game.players()).find(|&p| self.has_won(game, p))
    }

    /// Whether the game is over.
    pub fn is_terminal(&self, game: &Game) -> bool {
        self.winner(game).is_some()
    }
}
