//! The `[rules]` of a board: die faces, metric, rounding and goal mode, and command-line overrides.

use super::geometry::Metric;
pub use crate::text::parse_choice;
use crate::text::{name_in, thousands};
use serde::{Deserialize, Serialize};
use std::fmt;

/// How each move's length becomes a cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rounding {
    /// Each move's length is rounded half away from zero to a whole unit (the paper's choice).
    PerMove,
    /// No rounding: costs are floating point.
    Exact,
}

impl Rounding {
    /// Every rounding with its name in board files.
    pub const ALL: [(&'static str, Rounding); 2] =
        [("per-move", Rounding::PerMove), ("exact", Rounding::Exact)];

    /// The name used in board files.
    pub fn name(self) -> &'static str {
        name_in(&Rounding::ALL, self)
    }
}

/// How the goal tiles are filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GoalMode {
    /// One piece per goal tile, filled deepest first.
    Slots,
    /// Every piece ends on the last goal tile; goal tiles may be shared and passed through.
    Stack,
}

impl GoalMode {
    /// Every goal mode with its name in board files.
    pub const ALL: [(&'static str, GoalMode); 2] =
        [("slots", GoalMode::Slots), ("stack", GoalMode::Stack)];

    /// The name used in board files.
    pub fn name(self) -> &'static str {
        name_in(&GoalMode::ALL, self)
    }
}

/// The rules of one board: what a roll is and how a move is paid for.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BoardRules {
    /// Die faces, distinct and positive, in the order given.
    pub die: Vec<u32>,
    /// Length of one straight move.
    pub metric: Metric,
    /// Rounding of each move's length.
    pub rounding: Rounding,
    /// How goal tiles are filled.
    pub goal_mode: GoalMode,
    /// In `slots` mode: whether a piece may stop short of its target inside the goal and move on.
    pub moves_in_goal: bool,
}

impl Default for BoardRules {
    fn default() -> Self {
        BoardRules {
            die: vec![1, 2, 3, 4, 5, 6],
            metric: Metric::Euclidean,
            rounding: Rounding::PerMove,
            goal_mode: GoalMode::Slots,
            moves_in_goal: false,
        }
    }
}

impl fmt::Display for BoardRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let faces: Vec<String> = self.die.iter().map(u32::to_string).collect();
        write!(
            f,
            "die [{}], {}, {} rounding, {} goal",
            faces.join(", "),
            self.metric.name(),
            self.rounding.name(),
            self.goal_mode.name()
        )?;
        if self.goal_mode == GoalMode::Slots && self.moves_in_goal {
            write!(f, ", moves in goal")?;
        }
        Ok(())
    }
}

/// Rule values given on the command line, each replacing the board file's value when present.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RuleOverrides {
    /// Replacement die faces.
    pub die: Option<Vec<u32>>,
    /// Replacement metric.
    pub metric: Option<Metric>,
    /// Replacement rounding.
    pub rounding: Option<Rounding>,
    /// Replacement goal mode.
    pub goal_mode: Option<GoalMode>,
    /// Replacement for `moves_in_goal`.
    pub moves_in_goal: Option<bool>,
}

impl RuleOverrides {
    /// True when nothing is overridden.
    pub fn is_empty(&self) -> bool {
        *self == RuleOverrides::default()
    }

    /// `rules` with every overridden value replaced.
    pub fn apply(&self, rules: &BoardRules) -> BoardRules {
        BoardRules {
            die: self.die.clone().unwrap_or_else(|| rules.die.clone()),
            metric: self.metric.unwrap_or(rules.metric),
            rounding: self.rounding.unwrap_or(rules.rounding),
            goal_mode: self.goal_mode.unwrap_or(rules.goal_mode),
            moves_in_goal: self.moves_in_goal.unwrap_or(rules.moves_in_goal),
        }
    }
}

/// Checks die faces: at least one, each a positive integer, no duplicates.
pub fn check_die<T: Copy + Into<i128>>(faces: &[T]) -> Result<Vec<u32>, String> {
    if faces.is_empty() {
        return Err(
            "die has no faces; give at least one positive integer, e.g. [1, 2, 3, 4, 5, 6]".into(),
        );
    }
    let mut out = Vec::with_capacity(faces.len());
    for &f in faces {
        let f: i128 = f.into();
        if f <= 0 {
            return Err(format!(
                "die face {f} is not a positive integer; faces must be 1 to {}",
                u32::MAX
            ));
        }
        let f = u32::try_from(f)
            .map_err(|_| format!("die face {f} is too large; faces must be 1 to {}", u32::MAX))?;
        if out.contains(&f) {
            return Err(format!(
                "die face {f} appears twice; faces must be distinct"
            ));
        }
        out.push(f);
    }
    Ok(out)
}

/// The most faces one range `A-B` of [`parse_die_list`] may span: a typo such as `1-60000000`
/// stays an error instead of an allocation of millions of faces.
pub(crate) const MAX_RANGE_FACES: u64 = 100_000;

/// Parses one die written as comma-separated faces and ranges, e.g. `1,2,3,4,5,6`, `1-8` or
/// `1-4,6` ([`die_text`] writes this form).
pub fn parse_die_list(text: &str) -> Result<Vec<u32>, String> {
    let mut faces = Vec::new();
    for part in text.split(',') {
        let part = part.trim();
        if part.is_empty() && text.trim().is_empty() {
            break;
        }
        // A leading minus is a negative face (refused below), not a range.
        match part.get(1..).and_then(|rest| rest.find('-')).map(|i| i + 1) {
            Some(dash) => {
                let (lo, hi) = (face(&part[..dash], part)?, face(&part[dash + 1..], part)?);
                if lo > hi {
                    return Err(format!(
                        "die range \"{part}\" is empty; write the lower face first, e.g. {hi}-{lo}"
                    ));
                }
                if hi.abs_diff(lo) >= MAX_RANGE_FACES {
                    return Err(format!(
                        "die range \"{part}\" spans more than {} faces, the most a range may span",
                        thousands(MAX_RANGE_FACES)
                    ));
                }
                faces.extend(lo..=hi);
            }
            None => faces.push(face(part, part)?),
        }
    }
    check_die(&faces)
}

/// One face of a die list (`part` is the item it appears in, for the message).
fn face(text: &str, part: &str) -> Result<i64, String> {
    let text = text.trim();
    let digits = text.strip_prefix('-').unwrap_or(text);
    // Digits past i64: say which way the face is out of range, not that it is no number.
    if !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && text.parse::<i64>().is_err()
    {
        let why = if digits.len() < text.len() {
            "is not a positive integer"
        } else {
            "is too large"
        };
        return Err(format!(
            "die face {text} {why}; faces must be 1 to {}",
            u32::MAX
        ));
    }
    text.parse().map_err(|_| {
        format!(
            "die face \"{part}\" is not an integer or a range; give faces like 1,2,3,4,5,6 or 1-6"
        )
    })
}

/// Die faces as [`parse_die_list`] reads them, runs of three or more consecutive faces as ranges:
/// `1-6`, `1-4,6`, `2,4,6`.
pub fn die_text(faces: &[u32]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < faces.len() {
        let mut j = i;
        while j + 1 < faces.len() && faces[j + 1] == faces[j].wrapping_add(1) {
            j += 1;
        }
        if j >= i + 2 {
            parts.push(format!("{}-{}", faces[i], faces[j]));
        } else {
            parts.extend(faces[i..=j].iter().map(u32::to_string));
        }
        i = j + 1;
    }
    parts.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn die_checks() {
        assert_eq!(check_die(&[6, 1, 3]).unwrap(), vec![6, 1, 3]);
        assert!(check_die::<i64>(&[]).unwrap_err().contains("no faces"));
        assert!(check_die(&[0]).unwrap_err().contains("positive"));
        assert!(check_die(&[-2]).unwrap_err().contains("positive"));
        assert!(check_die(&[2, 2]).unwrap_err().contains("twice"));
        assert_eq!(parse_die_list("1, 2,8").unwrap(), vec![1, 2, 8]);
        assert!(parse_die_list("1,x").unwrap_err().contains("\"x\""));
        assert!(parse_die_list("").unwrap_err().contains("no faces"));
    }

    #[test]
    fn die_ranges() {
        assert_eq!(parse_die_list("1-8").unwrap(), (1..=8).collect::<Vec<_>>());
        assert_eq!(parse_die_list("1-4, 6").unwrap(), vec![1, 2, 3, 4, 6]);
        assert_eq!(parse_die_list("3-3").unwrap(), vec![3]);
        assert!(parse_die_list("6-1").unwrap_err().contains("1-6"));
        assert!(parse_die_list("1-6,1-8").unwrap_err().contains("twice"));
        assert!(parse_die_list("-2").unwrap_err().contains("positive"));
        assert!(parse_die_list("0-3").unwrap_err().contains("positive"));
        assert!(parse_die_list("1-x").unwrap_err().contains("\"1-x\""));
        let e = parse_die_list("1-100000000").unwrap_err();
        assert!(e.contains("more than 100,000 faces"), "{e}");
        let e = parse_die_list("-9223372036854775808-9223372036854775807").unwrap_err();
        assert!(e.contains("more than 100,000 faces"), "{e}");
        assert!(parse_die_list("1-100000").is_ok());
    }

    #[test]
    fn die_text_reads_back() {
        for (faces, text) in [
            (vec![1, 2, 3, 4, 5, 6], "1-6"),
            (vec![1, 2, 3, 4, 6], "1-4,6"),
            (vec![2, 4, 6], "2,4,6"),
            (vec![1, 2, 5, 6, 7], "1,2,5-7"),
            (vec![6, 1, 3], "6,1,3"),
            (vec![4], "4"),
        ] {
            assert_eq!(die_text(&faces), text);
            assert_eq!(parse_die_list(text).unwrap(), faces);
        }
    }

    #[test]
    fn choices_list_valid_values() {
        let e = parse_choice("metric", "taxi", &Metric::ALL).unwrap_err();
        assert!(
            e.contains("\"euclidean\", \"manhattan\", \"chebyshev\""),
            "{e}"
        );
    }
}
