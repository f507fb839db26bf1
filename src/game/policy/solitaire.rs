//! Solitaire-optimal: the exact one-player policy of `boardpath dice` (fewest expected turns),
//! played as if the opponents were not there.

use super::{Policy, PolicyError, front_most};
use crate::board::Board;
use crate::dice::exact::{self, ENTER};
use crate::dice::state::{DiceState, Model};
use crate::dice::{DiceObjective, DicePolicy, DiceRules, Start};
use crate::game::{Game, Move, State, WAITING};
use crate::random::SplitMix64;

/// The move the one-player solution of this seat's race makes in the same position of its own
/// pieces. Where that move is not legal in the game (it never is illegal in the race alone, but
/// an opponent's rules can differ), it moves the front-most piece.
#[derive(Debug)]
pub struct Solitaire {
    model: Model,
    choice: Vec<u8>,
}

impl Solitaire {
    /// Solves game player `player`'s race alone under the game's rules (entry roll, tries,
    /// jumps in the goal) with the game's pieces per player.
    pub fn new(board: &Board, game: &Game, player: usize) -> Result<Solitaire, PolicyError> {
        let seat = game.seats()[player];
        let mut alone = board.clone();
        alone.players[seat].base.truncate(game.pieces());
        // The one-player model allows moves inside the goal whatever the board says (jumps are
        // its own rule); saying so here also keeps the board's slots check (one goal tile per
        // piece) from refusing fewer pieces than goal tiles, which the model accepts: it is done
        // when every piece stands on a goal tile, the game's end.
        alone.rules.moves_in_goal = true;
        let rules = DiceRules {
            start: Start::Waiting,
            enter_faces: Some(vec![game.enter_roll()]),
            no_goal_jump: !game.rules.jump_in_goal,
            tries: game.rules.tries.max(1) as usize,
            may_pass: false,
        };
        let fail = |e: &dyn std::fmt::Display| {
            PolicyError(format!(
                "policy solitaire for player {player}: cannot solve its race alone: {e}"
            ))
        };
        let model = Model::new(&alone, seat, &rules).map_err(|e| fail(&e))?;
        let solved = exact::solve(&model, DicePolicy::Optimal(DiceObjective::Turns), false)
            .map_err(|e| fail(&e))?;
        Ok(Solitaire {
            model,
            choice: solved.choice,
        })
    }

    /// The race's position of player `p`'s pieces in `state`.
    fn position(&self, game: &Game, state: &State, p: usize) -> DiceState {
        let last = (game.steps(p) - 1) as u32;
        let mut s = DiceState {
            mask: 0,
            waiting: 0,
            home: 0,
        };
        for &step in state.pieces_of(p) {
            if step == WAITING {
                s.waiting += 1;
            } else if self.model.stack && step == last {
                s.home += 1;
            } else {
                s.mask |= 1u128 << step;
            }
        }
        s
    }
}

impl Policy for Solitaire {
    fn name(&self) -> String {
        "solitaire".into()
    }

    fn choose(
        &self,
        game: &Game,
        state: &State,
        roll: u32,
        moves: &[Move],
        _: &mut SplitMix64,
    ) -> Result<usize, PolicyError> {
        let f = self.model.faces.len();
        let Some(face) = self.model.faces.iter().position(|&x| x == roll) else {
            return Ok(front_most(moves));
        };
        let s = self.position(game, state, state.to_move());
        let want = self.choice[self.model.index(&s) * f + face];
        let found = moves.iter().position(|m| {
            if want == ENTER {
                m.enters()
            } else {
                m.from != WAITING && m.from == want as u32
            }
        });
        Ok(found.unwrap_or_else(|| front_most(moves)))
    }
}
