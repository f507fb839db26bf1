//! `boardpath reproduce`: the paper's numbers next to ours, exit 1 on any mismatch.

use super::Error;
use super::Format;
use super::out;
use boardpath::board::{Board, embedded};
use boardpath::paper::reproduce;
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
        Format::Text => {
            let w = rows
                .iter()
                .map(|r| r.what.chars().count())
                .max()
                .unwrap_or(0);
            let mut text =
                String::from("Seewald (2023) vs boardpath, standard board, player black\n\n");
            text += &format!("{:<w$}  {:>12}  {:>12}\n", "", "paper", "boardpath");
            for r in &rows {
                let mark = if r.matches { "ok" } else { "MISMATCH" };
                text += &format!("{:<w$}  {:>12}  {:>12}  {mark}\n", r.what, r.paper, r.ours);
            }
            out::print(&text)?;
        }
    }
    let bad = rows.iter().filter(|r| !r.matches).count();
    if bad > 0 {
        return Err(Error::Mismatch(format!(
            "{bad} of {} numbers differ from the paper",
            rows.len()
        )));
    }
    Ok(())
}
