//! `boardpath reproduce`: the paper's numbers next to ours, exit 1 on any mismatch.

use super::Error;
use super::Format;
use super::out;
use boardpath::board::{Board, embedded};
use boardpath::paper::{PaperRow, Version, reproduce};
use clap::Args;

/// Arguments of `reproduce`.
#[derive(Args)]
pub struct ReproduceArgs {
    /// Skip the 660-million-call run without a bound (a few seconds).
    #[arg(long)]
    pub quick: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// Runs `reproduce`.
pub fn run(a: &ReproduceArgs) -> Result<(), Error> {
    let rows = reproduce(!a.quick)?;
    match a.format {
        Format::Json => out::print(&out::json_document(
            "reproduce",
            [&Board::load(embedded::DEFAULT)?],
            &rows,
        )?)?,
        Format::Text => out::print(&text(&rows))?,
    }
    let reported = rows.iter().filter(|r| r.matches.is_some()).count();
    let bad = rows.iter().filter(|r| r.matches == Some(false)).count();
    if bad > 0 {
        return Err(Error::Mismatch(format!(
            "{bad} of {reported} reported numbers differ from the paper"
        )));
    }
    Ok(())
}

/// The rows as a table, one block per version and method, in the order of the rows.
fn text(rows: &[PaperRow]) -> String {
    let w = rows
        .iter()
        .map(|r| r.what.chars().count())
        .max()
        .unwrap_or(0)
        + 2;
    let mut text = format!(
        "Seewald, \"The shortest physical path to victory in Mensch ärgere Dich nicht\"\n\
         standard board, player black; the preprint (13 August 2023) and the final version\n\
         (Tex/MaeDnAnalysis.tex, ErikSeewald/MaeDn-Analysis) differ in section 4.2 only\n\n\
         {:<w$}  {:>12}  {:>12}\n",
        "", "paper", "boardpath"
    );
    let mut block: Option<(&[Version], &str)> = None;
    for r in rows {
        if block != Some((&r.versions, &r.method)) {
            block = Some((&r.versions, &r.method));
            let versions: Vec<&str> = r.versions.iter().map(|v| v.label()).collect();
            let who = if r.versions.len() == Version::ALL.len() {
                "both versions".to_string()
            } else {
                versions.join(", ")
            };
            text += &format!("{who}, {}\n", r.method);
        }
        let (paper, mark) = match (&r.paper, r.matches) {
            (Some(p), Some(true)) => (p.to_string(), "ok"),
            (Some(p), _) => (p.to_string(), "MISMATCH"),
            (None, _) => ("—".to_string(), "(not reported)"),
        };
        let what = format!("  {}", r.what);
        let pad = " ".repeat(12usize.saturating_sub(paper.chars().count()));
        text += &format!(
            "{what:<w$}  {pad}{paper}  {:>12}  {mark}\n",
            r.ours.to_string()
        );
    }
    text
}
