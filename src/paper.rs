//! The paper's reported numbers, and a side-by-side reproduction of them (`boardpath reproduce`).

use crate::board::{Board, embedded, goal_label};
use crate::race::Race;
use crate::solve::{Method, PlayerSolution, PlayerSolveError, solve_race};
use serde::Serialize;

/// A version of the paper. The numbers of its section 4.2 differ between the two, because the
/// code changed between them: Listing 9's `tiles_left--` arrived in the author's repository
/// (ErikSeewald/MaeDn-Analysis) on 2023-08-13, and with it the final text's call count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Version {
    /// The preprint of 13 August 2023 (`../shared/references/seewald-2023-shortest-physical-path.md`),
    /// written while the published code had no `tiles_left--` (repository commits up to 65758c8,
    /// 2023-08-11): method `bnb-paper/bitboard`.
    Preprint,
    /// The final text, `Tex/MaeDnAnalysis.tex` in the author's repository (section 4.2 changed in
    /// c96631e, 2023-08-13; unchanged at HEAD 8ff5764, 2024-03-26), describing the published
    /// `brute_forcer.c` with Listing 9's `tiles_left--`: method `bnb-listing/bitboard`.
    Final,
}

impl Version {
    /// Both versions, oldest first.
    pub const ALL: [Version; 2] = [Version::Preprint, Version::Final];

    /// How the version is cited in tables.
    pub fn label(self) -> &'static str {
        match self {
            Version::Preprint => "preprint (Aug 2023)",
            Version::Final => "final (repository)",
        }
    }

    /// The method that runs the search this version describes.
    pub fn method(self) -> &'static str {
        match self {
            Version::Preprint => "bnb-paper/bitboard",
            Version::Final => "bnb-listing/bitboard",
        }
    }

    /// Calls of `handle_piece` with the `min_units_per_tile` bound, as this version reports them.
    pub fn calls(self) -> u64 {
        match self {
            Version::Preprint => CALLS_PREPRINT,
            Version::Final => CALLS_FINAL,
        }
    }

    /// Calls cut short at once by the bound (Listing 9's early return), if this version reports
    /// them.
    pub fn cut_short(self) -> Option<u64> {
        match self {
            Version::Preprint => None,
            Version::Final => Some(CUT_SHORT_FINAL),
        }
    }
}

/// Total movement reported in section 4.1 of both versions, in units.
pub const TOTAL: u64 = 83047;
/// The same on a 36 cm board, as printed.
pub const TOTAL_CM: f64 = 298.9692;
/// Movement to bring the four pieces onto the start tile (section 3.1).
pub const ENTER: u64 = 12143;
/// The pieces filling goal tiles d, c, b, a (figures 8-11).
pub const PIECES: [u64; 4] = [19462, 17315, 16812, 17315];
/// Calls of `handle_piece` without the `min_units_per_tile` bound (section 4.2 of both versions).
pub(crate) const CALLS_NONE: u64 = 660_449_985;
/// Calls of `handle_piece` with the bound, in the preprint (code without `tiles_left--`).
pub(crate) const CALLS_PREPRINT: u64 = 14_282_614;
/// Calls of `handle_piece` with the bound, in the final version (code with `tiles_left--`).
pub(crate) const CALLS_FINAL: u64 = 18_526_851;
/// Of [`CALLS_FINAL`], the calls "immediately cut short" (final version, section 4.2).
pub(crate) const CUT_SHORT_FINAL: u64 = 15_422_842;

/// A number in the comparison: a count or length, or centimetres to four decimals.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum Amount {
    /// Calls, nodes or units.
    Count(u64),
    /// Centimetres.
    Cm(f64),
}

impl std::fmt::Display for Amount {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Amount::Count(n) => write!(f, "{n}"),
            Amount::Cm(cm) => write!(f, "{cm:.4}"),
        }
    }
}

/// One line of the comparison.
#[derive(Clone, Debug, Serialize)]
pub struct PaperRow {
    /// The versions of the paper that report this number (both, for section 4.1).
    pub versions: Vec<Version>,
    /// What is compared.
    pub what: String,
    /// The method that computed ours.
    pub method: String,
    /// The paper's value, when the paper reports one.
    pub paper: Option<Amount>,
    /// Ours, computed now.
    pub ours: Amount,
    /// Whether they are equal (as printed: centimetres to four decimals); `None` when the paper
    /// does not report the number.
    pub matches: Option<bool>,
}

fn row(
    versions: &[Version],
    what: impl Into<String>,
    method: &str,
    paper: Option<Amount>,
    ours: Amount,
) -> PaperRow {
    PaperRow {
        versions: versions.to_vec(),
        what: what.into(),
        method: method.to_string(),
        matches: paper.map(|p| p.to_string() == ours.to_string()),
        paper,
        ours,
    }
}

/// The rows of one search by `method`: its calls (the row's label and the paper's count), those
/// cut short (the paper's count, if it reports one), and the total it found.
fn search_rows(
    versions: &[Version],
    method: &str,
    s: &PlayerSolution<u64>,
    (what, calls): (&str, Option<Amount>),
    cut_short: Option<Amount>,
) -> [PaperRow; 3] {
    let count = |n: u64| Some(Amount::Count(n));
    [
        row(versions, what, method, calls, Amount::Count(s.nodes)),
        row(
            versions,
            "  of which cut short",
            method,
            cut_short,
            Amount::Count(s.cut_short),
        ),
        row(
            versions,
            "  total found",
            method,
            count(TOTAL),
            Amount::Count(s.total),
        ),
    ]
}

/// Solves the embedded standard board with the graph and with the bit-board under each version's
/// search, and lines up every number each version of the paper reports against ours, the calls cut
/// short by the bound included (a row the version does not report has no paper value). The
/// 660-million-call run (`bnb-none/bitboard`, half a second in a release build) is left out unless
/// `with_unbounded`.
pub fn reproduce(with_unbounded: bool) -> Result<Vec<PaperRow>, PlayerSolveError> {
    let board: Board = match embedded::embedded(embedded::DEFAULT) {
        Some(Ok(b)) => b,
        _ => {
            return Err(PlayerSolveError::internal(
                "the embedded standard board does not load",
            ));
        }
    };
    let race = Race::<u64>::new(&board, 0)?;
    let budget = u64::MAX;
    let both = &Version::ALL;
    let reference = "petgraph-dijkstra/graph";
    let graph = solve_race(&board, &race, Method::find(reference)?, budget)?;
    let count = |n: u64| Some(Amount::Count(n));
    let mut rows = vec![
        row(
            both,
            "total (units)",
            reference,
            count(TOTAL),
            Amount::Count(graph.total),
        ),
        row(
            both,
            "total (cm, 36 cm board)",
            reference,
            Some(Amount::Cm(TOTAL_CM)),
            Amount::Cm(graph.total_cm.unwrap_or(f64::NAN)),
        ),
        row(
            both,
            "enter: pieces onto the start tile",
            reference,
            count(ENTER),
            Amount::Count(graph.enter),
        ),
    ];
    for (p, &expected) in graph.pieces.iter().zip(&PIECES) {
        rows.push(row(
            both,
            format!("piece into goal tile {}", goal_label(p.target)),
            reference,
            count(expected),
            Amount::Count(p.length),
        ));
    }
    if with_unbounded {
        let method = "bnb-none/bitboard";
        let s = solve_race(&board, &race, Method::find(method)?, budget)?;
        let calls = ("calls, no bound", count(CALLS_NONE));
        rows.extend(search_rows(both, method, &s, calls, None));
    }
    for version in Version::ALL {
        let method = version.method();
        let s = solve_race(&board, &race, Method::find(method)?, budget)?;
        let calls = ("calls, 193 units per tile bound", count(version.calls()));
        let cut_short = version.cut_short().map(Amount::Count);
        rows.extend(search_rows(&[version], method, &s, calls, cut_short));
    }
    Ok(rows)
}
