//! Rule sets and their switches; which board players sit at the table.

use super::GameError;
use serde::Serialize;

/// A named rule set: a preset of [`Rules`] switches (sources in `docs/game.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum RuleSet {
    /// Exactly OpenSpiel's `maedn` (`open_spiel/games/maedn/maedn.cc`).
    Openspiel,
    /// The official rules printed by Schmidt Spiele, as far as sources say.
    Schmidt,
    /// Ludo as commonly played.
    Ludo,
}

impl RuleSet {
    /// Every rule set's name, as [`RuleSet::name`] gives it.
    pub const NAMES: [&'static str; 3] = ["openspiel", "schmidt", "ludo"];

    /// The rule set called `name` (one of [`RuleSet::NAMES`]).
    pub fn parse(name: &str) -> Result<RuleSet, GameError> {
        match name {
            "openspiel" => Ok(RuleSet::Openspiel),
            "schmidt" => Ok(RuleSet::Schmidt),
            "ludo" => Ok(RuleSet::Ludo),
            _ => Err(GameError::UnknownRules {
                name: name.to_string(),
            }),
        }
    }

    /// Its name in output and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Openspiel => "openspiel",
            RuleSet::Schmidt => "schmidt",
            RuleSet::Ludo => "ludo",
        }
    }

    /// Its switches.
    pub fn rules(self) -> Rules {
        match self {
            RuleSet::Openspiel => Rules::openspiel(),
            RuleSet::Schmidt => Rules::schmidt(),
            RuleSet::Ludo => Rules::ludo(),
        }
    }
}

/// The rules of a game, each a switch. Start from a preset ([`Rules::openspiel`], [`RuleSet::rules`])
/// and change fields; new switches are added with the presets' behaviour unchanged.
///
/// "The entry roll" is [`Rules::enter_on`], or the die's highest face (6 on a standard die) when
/// that is `None`; "the bonus roll" is the die's highest face.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[non_exhaustive]
pub struct Rules {
    /// The preset these switches started from.
    pub set: RuleSet,
    /// The roll that brings a waiting piece onto its start tile; `None`: the die's highest face.
    pub enter_on: Option<u32>,
    /// Rolling the die's highest face gives the same player another roll (after its move or pass).
    pub bonus_roll: bool,
    /// While pieces wait, a piece of the player's own on its start tile must move on first, unless
    /// an own piece blocks that move (OpenSpiel, Schmidt).
    pub clear_start: bool,
    /// With the entry roll, a waiting piece and a start tile not blocked by an own piece, entering
    /// is the only legal move.
    pub must_enter: bool,
    /// Rolls a player gets in one turn while none of its pieces on the board can move at all and
    /// pieces wait (Schmidt: 3); 1 means one roll, then pass.
    pub tries: u8,
    /// When some legal move captures, only capturing moves are legal (a disputed house rule).
    pub compulsory_capture: bool,
    /// The board's safe tiles (`safe` key of a player or the track) protect the pieces on them:
    /// no capture there, and pieces of different players may share them.
    pub safe_tiles: bool,
    /// A piece may pass over other pieces inside its goal (OpenSpiel, Schmidt); when false it may
    /// not jump over an own piece in the goal.
    pub jump_in_goal: bool,
    /// The game starts with each player's first piece on its start tile, the rest waiting
    /// (Schmidt's printed rules); otherwise every piece starts waiting.
    pub first_piece_out: bool,
    /// A third bonus roll in a row (three 6s) ends the turn at once, without a move (Ludo).
    pub three_bonus_forfeit: bool,
}

impl Rules {
    /// OpenSpiel's `maedn`: enter on a 6 (compulsory), a 6 rolls again, the start tile must be
    /// cleared, one roll per turn, no compulsory capture, jumps inside the goal.
    pub fn openspiel() -> Rules {
        Rules {
            set: RuleSet::Openspiel,
            enter_on: None,
            bonus_roll: true,
            clear_start: true,
            must_enter: true,
            tries: 1,
            compulsory_capture: false,
            safe_tiles: false,
            jump_in_goal: true,
            first_piece_out: false,
            three_bonus_forfeit: false,
        }
    }

    /// Schmidt Spiele's printed rules: OpenSpiel's, but the first piece starts on the start
    /// tile, and three tries while no piece is on the track.
    pub fn schmidt() -> Rules {
        Rules {
            set: RuleSet::Schmidt,
            tries: 3,
            first_piece_out: true,
            ..Rules::openspiel()
        }
    }

    /// Ludo as commonly played: enter on a 6, a 6 rolls again but a third 6 in a row ends the
    /// turn, safe tiles protect, no obligation to clear the start tile or to enter.
    pub fn ludo() -> Rules {
        Rules {
            set: RuleSet::Ludo,
            clear_start: false,
            must_enter: false,
            safe_tiles: true,
            three_bonus_forfeit: true,
            ..Rules::openspiel()
        }
    }

    /// The name for output: the preset, plus every switch that differs from it.
    pub fn describe(&self) -> String {
        let base = self.set.rules();
        let mut parts = vec![self.set.name().to_string()];
        let mut flag = |name: &str, here: String, there: String| {
            if here != there {
                parts.push(format!("{name}={here}"));
            }
        };
        let on = |e: Option<u32>| e.map_or("highest".to_string(), |f| f.to_string());
        flag("enter-on", on(self.enter_on), on(base.enter_on));
        let b = |v: bool| v.to_string();
        flag("bonus-roll", b(self.bonus_roll), b(base.bonus_roll));
        flag("clear-start", b(self.clear_start), b(base.clear_start));
        flag("must-enter", b(self.must_enter), b(base.must_enter));
        flag("tries", self.tries.to_string(), base.tries.to_string());
        flag(
            "compulsory-capture",
            b(self.compulsory_capture),
            b(base.compulsory_capture),
        );
        flag("safe-tiles", b(self.safe_tiles), b(base.safe_tiles));
        flag("jump-in-goal", b(self.jump_in_goal), b(base.jump_in_goal));
        flag(
            "first-piece-out",
            b(self.first_piece_out),
            b(base.first_piece_out),
        );
        flag(
            "three-bonus-forfeit",
            b(self.three_bonus_forfeit),
            b(base.three_bonus_forfeit),
        );
        parts.join(",")
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::openspiel()
    }
}

/// Which of the board's players take part.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Seating {
    /// Spread round the board: game player `i` of `n` sits at board player `i * B / n` (rounded
    /// down) of `B`. Two players sit opposite (OpenSpiel's default `twoPlayersOpposite=true`);
    /// three on a 4-player board take 0, 1, 2 as OpenSpiel does.
    Spread,
    /// Board players `0..n`, side by side (OpenSpiel's `twoPlayersOpposite=false`).
    Adjacent,
    /// These board players, in this order of play.
    Seats(Vec<usize>),
}

impl Seating {
    /// The board players (indices into `board.players`) of `players` game players, in order of play.
    pub fn seats(&self, players: usize, board_players: usize) -> Result<Vec<usize>, GameError> {
        let seats: Vec<usize> = match self {
            Seating::Spread => (0..players)
                .map(|i| i * board_players / players.max(1))
                .collect(),
            Seating::Adjacent => (0..players).collect(),
            Seating::Seats(s) => s.clone(),
        };
        if seats.len() != players {
            return Err(GameError::Seats(format!(
                "{} seats listed for {players} players",
                seats.len()
            )));
        }
        for (i, &s) in seats.iter().enumerate() {
            if s >= board_players {
                return Err(GameError::Seats(format!(
                    "board player {s} does not exist (valid: 0 to {})",
                    board_players.saturating_sub(1)
                )));
            }
            if seats[..i].contains(&s) {
                return Err(GameError::Seats(format!(
                    "board player {s} is seated twice"
                )));
            }
        }
        Ok(seats)
    }
}
