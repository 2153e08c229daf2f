//! The `delve` command: parses the command line, runs it, and turns errors
//! into exit codes (0 fine, 1 a game or script error, 2 a bad command line)
//! in this one place. Output cut short by a closed pipe (`delve replay … |
//! head`) is not an error.

use clap::Parser;
use delve::{Cli, UsageError};
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match delve::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            anstream::eprintln!("delve: {error:#}");
            let usage = error.is::<UsageError>();
            ExitCode::from(if usage { 2 } else { 1 })
        }
    }
}

fn broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

// Rhai boxes every custom value (cards, piles), so a run allocates on most
// operations; mimalloc makes simulation about 5% faster than the system malloc.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
