//! `boardpath completions SHELL`: a completion script for the shell, generated from the command
//! line's own definition by clap_complete, so it knows every command and option.

use super::Error;
use super::out;
use clap::Args;
use clap_complete::Shell;

/// Arguments of `completions`.
#[derive(Args)]
pub struct CompletionsArgs {
    /// The shell to complete in.
    #[arg(value_enum)]
    pub shell: Shell,
}

/// Prints the completion script of `command` (the whole `boardpath` command line) for the shell.
pub fn run(args: &CompletionsArgs, mut command: clap::Command) -> Result<(), Error> {
    let name = command.get_name().to_string();
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, name, &mut script);
    let script = String::from_utf8(script).map_err(|e| Error::Internal(e.to_string()))?;
    out::print(&script)
}
