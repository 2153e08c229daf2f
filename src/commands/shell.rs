//! `delve completions SHELL` and `delve man`: what a shell's completion and
//! `man` read of delve's command line, made by clap's companion crates from
//! the one description of it in `cli.rs`, so they never fall behind.

use crate::cli::Cli;
use anyhow::Result;
use clap::CommandFactory;
use std::io::Write;

/// The completion script of `shell` on stdout.
pub(crate) fn completions(shell: clap_complete::Shell) -> Result<()> {
    // Made whole first: clap_complete panics on a failed write, and a
    // closed pipe (`| head`) is no error of delve's.
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "delve", &mut script);
    std::io::stdout().write_all(&script)?;
    Ok(())
}

/// The manual page, as roff, on stdout.
pub(crate) fn manual_page() -> Result<()> {
    clap_mangen::Man::new(Cli::command()).render(&mut std::io::stdout())?;
    Ok(())
}
