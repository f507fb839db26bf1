//! Rule sets and their switches; which board players sit at the table.

use super::GameError;
use crate::board::Board;
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

/// The rule syntax's examples and grammar, for messages.
const SYNTAX: &str = "PRESET[,SWITCH=VALUE...], e.g. openspiel,bonus-roll=false,tries=3";

/// A switch's value: which kind it takes.
#[derive(Clone, Copy)]
enum Kind {
    /// `true` or `false`.
    Bool,
    /// A die face (1 or more) or `highest`.
    Face,
    /// A whole number of rolls, 1 to [`Rules::MAX_TRIES`].
    Tries,
}

impl Kind {
    /// The values a switch of this kind takes, in words.
    fn valid(self) -> String {
        match self {
            Kind::Bool => "true or false".into(),
            Kind::Face => "a face of the die (a whole number, 1 or more) or highest".into(),
            Kind::Tries => format!("1 to {}", Rules::MAX_TRIES),
        }
    }
}

impl Rules {
    /// The most rolls a turn may give under [`Rules::tries`] (Schmidt's rules give 3; more than a
    /// handful changes nothing a table plays, and each try is state the exact solver carries).
    pub const MAX_TRIES: u8 = 10;

    /// Every switch of the rule syntax (`PRESET[,SWITCH=VALUE...]`), in the order
    /// [`Rules::describe`] writes them: its name and what it does.
    pub const SWITCHES: [(&'static str, &'static str); 10] = [
        (
            "enter-on",
            "the roll that brings a waiting piece onto its start tile: a face of the die, or highest",
        ),
        (
            "bonus-roll",
            "the die's highest face gives the same player another roll, after its move or pass",
        ),
        (
            "clear-start",
            "while pieces wait, an own piece on the start tile must move first, unless an own piece blocks it",
        ),
        (
            "must-enter",
            "with the entry roll, a waiting piece and a start tile free of own pieces, entering is the only legal move",
        ),
        (
            "tries",
            "rolls per turn while nothing can move and no own piece is on the track: 1 to 10",
        ),
        (
            "compulsory-capture",
            "when some move captures, only capturing moves are legal",
        ),
        (
            "safe-tiles",
            "the board's safe tiles ([track] safe) protect the pieces on them; players may share them",
        ),
        (
            "jump-in-goal",
            "a piece may pass over own pieces inside its goal",
        ),
        (
            "first-piece-out",
            "each player starts with its first piece on its start tile",
        ),
        (
            "three-bonus-forfeit",
            "a third bonus roll in a row ends the turn without a move",
        ),
    ];

    /// The kind of value switch `name` (one of [`Rules::SWITCHES`]) takes, if it is one.
    fn kind(name: &str) -> Option<Kind> {
        Some(match name {
            "enter-on" => Kind::Face,
            "tries" => Kind::Tries,
            "bonus-roll"
            | "clear-start"
            | "must-enter"
            | "compulsory-capture"
            | "safe-tiles"
            | "jump-in-goal"
            | "first-piece-out"
            | "three-bonus-forfeit" => Kind::Bool,
            _ => return None,
        })
    }

    /// The names of every switch, comma-separated, for messages.
    fn switch_names() -> String {
        Rules::SWITCHES.map(|(n, _)| n).join(", ")
    }

    /// Parses a rule set written `PRESET[,SWITCH=VALUE...]`: a preset ([`RuleSet::NAMES`]), then
    /// any switches of [`Rules::SWITCHES`] changed from it, e.g. `openspiel,bonus-roll=false,tries=3`.
    /// Booleans are `true` or `false`; `enter-on` is a face of the die (checked against the die when
    /// the game is set up) or `highest`; `tries` is 1 to [`Rules::MAX_TRIES`]. Spaces around items
    /// are ignored. What [`Rules::describe`] writes parses back to the same rules.
    ///
    /// Refused, naming the offending part and what is valid: an empty text or item (a trailing
    /// comma), an unknown preset or switch, a value the switch cannot take, a switch without a
    /// value or given twice.
    ///
    /// ```
    /// use boardpath::game::Rules;
    /// let rules = Rules::parse("openspiel,bonus-roll=false,tries=3").unwrap();
    /// assert!(!rules.bonus_roll && rules.tries == 3);
    /// assert_eq!(Rules::parse(&rules.describe()).unwrap(), rules);
    /// assert!(Rules::parse("openspiel,tries=0").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Rules, GameError> {
        let fail = |why: String| GameError::Rules {
            text: text.to_string(),
            why,
        };
        let mut items = text.split(',').map(str::trim);
        let preset = items.next().unwrap_or_default();
        if preset.is_empty() {
            return Err(fail(format!(
                "no preset; write {SYNTAX} (presets: {})",
                RuleSet::NAMES.join(", ")
            )));
        }
        if let Some((name, _)) = preset.split_once('=') {
            return Err(fail(format!(
                "\"{preset}\" comes first, but the first item names the preset ({}); write {}",
                RuleSet::NAMES.join(", "),
                if Rules::kind(name.trim()).is_some() {
                    format!("PRESET[,SWITCH=VALUE...], e.g. openspiel,{preset}")
                } else {
                    SYNTAX.to_string()
                }
            )));
        }
        let set = RuleSet::parse(preset)?;
        let mut rules = set.rules();
        let mut seen: Vec<&str> = Vec::new();
        for item in items {
            if item.is_empty() {
                return Err(fail(format!(
                    "an empty switch (a comma too many?); after the preset give SWITCH=VALUE, one of {}",
                    Rules::switch_names()
                )));
            }
            let Some((name, value)) = item.split_once('=').map(|(n, v)| (n.trim(), v.trim()))
            else {
                let why = if RuleSet::NAMES.contains(&item) {
                    format!("\"{item}\" is a preset; give one preset, first, then SWITCH=VALUE")
                } else if let Some(kind) = Rules::kind(item) {
                    format!(
                        "switch \"{item}\" needs a value: {item}=VALUE, VALUE {}",
                        kind.valid()
                    )
                } else {
                    format!(
                        "\"{item}\" is not SWITCH=VALUE; the switches are {}",
                        Rules::switch_names()
                    )
                };
                return Err(fail(why));
            };
            let Some(kind) = Rules::kind(name) else {
                return Err(fail(format!(
                    "unknown switch \"{name}\" (valid: {})",
                    Rules::switch_names()
                )));
            };
            if seen.contains(&name) {
                return Err(fail(format!(
                    "switch \"{name}\" is given twice; give each switch once"
                )));
            }
            seen.push(name);
            rules.set(name, kind, value).map_err(fail)?;
        }
        Ok(rules)
    }

    /// Sets switch `name` of kind `kind` to `value`, or says why it cannot take it.
    fn set(&mut self, name: &str, kind: Kind, value: &str) -> Result<(), String> {
        match kind {
            Kind::Bool => {
                let v = match value {
                    "true" => true,
                    "false" => false,
                    _ => return Err(format!("{name}={value}: valid is {}", kind.valid())),
                };
                *match name {
                    "bonus-roll" => &mut self.bonus_roll,
                    "clear-start" => &mut self.clear_start,
                    "must-enter" => &mut self.must_enter,
                    "compulsory-capture" => &mut self.compulsory_capture,
                    "safe-tiles" => &mut self.safe_tiles,
                    "jump-in-goal" => &mut self.jump_in_goal,
                    "first-piece-out" => &mut self.first_piece_out,
                    _ => &mut self.three_bonus_forfeit,
                } = v;
            }
            Kind::Face => {
                self.enter_on = match value {
                    "highest" => None,
                    _ => Some(
                        value
                            .parse::<u32>()
                            .ok()
                            .filter(|&f| f >= 1 && value.bytes().all(|b| b.is_ascii_digit()))
                            .ok_or_else(|| format!("{name}={value}: valid is {}", kind.valid()))?,
                    ),
                };
            }
            Kind::Tries => {
                self.tries = value
                    .parse::<u8>()
                    .ok()
                    .filter(|t| (1..=Rules::MAX_TRIES).contains(t))
                    .filter(|_| value.bytes().all(|b| b.is_ascii_digit()))
                    .ok_or_else(|| format!("{name}={value}: valid is {}", kind.valid()))?;
            }
        }
        Ok(())
    }

    /// The rules a game on `board` is played under: `command_line` (the rule syntax of
    /// [`Rules::parse`]) if given, else the board file's `[game] rules`, else [`Rules::openspiel`].
    /// An error in the board's rules names the file, line and column of its `rules` key.
    ///
    /// ```
    /// use boardpath::board::Board;
    /// use boardpath::game::Rules;
    /// let ludo = Board::load("ludo").unwrap();
    /// assert_eq!(Rules::for_board(&ludo, None).unwrap(), Rules::ludo());
    /// assert_eq!(Rules::for_board(&ludo, Some("openspiel")).unwrap(), Rules::openspiel());
    /// ```
    pub fn for_board(board: &Board, command_line: Option<&str>) -> Result<Rules, GameError> {
        if let Some(text) = command_line {
            return Rules::parse(text)?
                .on_die(&board.rules.die)
                .map_err(|why| GameError::Rules {
                    text: text.to_string(),
                    why,
                });
        }
        let Some(written) = &board.game_rules else {
            return Ok(Rules::openspiel());
        };
        Rules::parse(&written.text)
            .and_then(|r| {
                r.on_die(&board.rules.die).map_err(|why| GameError::Rules {
                    text: written.text.clone(),
                    why,
                })
            })
            .map_err(|e| {
                GameError::BoardRules(crate::board::Diagnostic {
                    origin: board.origin.clone(),
                    position: written.position,
                    message: format!(
                        "game.rules \"{}\": {}",
                        written.text,
                        match e {
                            GameError::Rules { why, .. } => why,
                            e => e.to_string(),
                        }
                    ),
                })
            })
    }

    /// These rules, if their entry roll is a face of `die` (the board's faces), else why not.
    fn on_die(self, die: &[u32]) -> Result<Rules, String> {
        match self.enter_on {
            Some(face) if !die.contains(&face) => {
                let mut faces = die.to_vec();
                faces.sort_unstable();
                Err(format!(
                    "enter-on={face}: the board's die {faces:?} has no such face; valid: one of its faces, or highest"
                ))
            }
            _ => Ok(self),
        }
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
