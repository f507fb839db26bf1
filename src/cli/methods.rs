//! `boardpath methods`: the method catalogue, as a table, markdown (the README's) or JSON.

use super::Error;
use super::out;
use boardpath::solve::{METHODS, Method, MethodObjective, Skip};
use clap::{Args, ValueEnum};
use serde_json::json;
use std::fmt::Write;

/// Arguments of `methods`.
#[derive(Args)]
pub struct MethodsArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = MethodsFormat::Text)]
    pub format: MethodsFormat,
}

/// The `--format` values of `methods`.
#[derive(Clone, Copy, Default, ValueEnum)]
pub enum MethodsFormat {
    /// Aligned columns.
    #[default]
    Text,
    /// A markdown table (the README's).
    Markdown,
    /// A JSON array, one object per method.
    Json,
}

fn minimises(m: &Method) -> &'static str {
    match m.minimises {
        MethodObjective::Length => "length",
        MethodObjective::Rolls => "rolls",
    }
}

fn by_default(m: &Method) -> &'static str {
    match m.skip {
        Skip::Never => "yes",
        Skip::OffPaperBoard(_) => "paper board",
        Skip::Always(_) => "no",
    }
}

/// Runs `methods`.
pub fn run(args: &MethodsArgs) -> Result<(), Error> {
    let yes = |b: bool| if b { "yes" } else { "no" };
    let mut text = String::new();
    match args.format {
        MethodsFormat::Json => {
            let rows: Vec<serde_json::Value> = METHODS
                .iter()
                .map(|m| {
                    json!({
                        "name": m.name,
                        "algorithm": m.algorithm,
                        "encoding": m.encoding,
                        "minimises": m.minimises,
                        "exact": m.exact,
                        "options": m.describe(),
                        "compare_by_default": by_default(m),
                        "summary": m.summary,
                    })
                })
                .collect();
            text = out::json_document("methods", [], rows)?;
        }
        MethodsFormat::Markdown => {
            let _ = writeln!(
                text,
                "| method | algorithm | encoding | minimises | exact | compare runs it | what it is |"
            );
            let _ = writeln!(text, "|---|---|---|---|---|---|---|");
            for m in METHODS {
                let _ = writeln!(
                    text,
                    "| `{}` | {} | {} | {} | {} | {} | {} |",
                    m.name,
                    m.describe(),
                    m.encoding.name(),
                    minimises(m),
                    yes(m.exact),
                    by_default(m),
                    m.summary
                );
            }
        }
        MethodsFormat::Text => {
            let w = METHODS.iter().map(|m| m.name.len()).max().unwrap_or(6);
            let _ = writeln!(
                text,
                "{:w$}  {:9}  {:9}  {:5}  {:11}  options",
                "method", "encoding", "minimises", "exact", "compare"
            );
            for m in METHODS {
                let _ = writeln!(
                    text,
                    "{:w$}  {:9}  {:9}  {:5}  {:11}  {}",
                    m.name,
                    m.encoding.name(),
                    minimises(m),
                    yes(m.exact),
                    by_default(m),
                    m.describe()
                );
            }
        }
    }
    out::print(&text)
}
