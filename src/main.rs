//! The `delve` command: parses the command line, runs it, and turns errors
//! into exit codes (0 fine, 1 a game or script error, 2 a bad command line,
//! 3 a pool of shards that misses some) in this one place. Output cut short by a closed pipe (`delve replay … |
//! head`) is not an error.

use clap::Parser;
use delve::{Cli, Incomplete, UsageError};
use std::process::ExitCode;

fn main() -> ExitCode {
    quiet_caught_sort_panics();
    let cli = Cli::parse();
    match delve::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) if broken_pipe(&error) => ExitCode::SUCCESS,
        Err(error) => {
            anstream::eprintln!("delve: {error:#}");
            if error.is::<Incomplete>() {
                return ExitCode::from(Incomplete::EXIT_CODE);
            }
            let usage = error.is::<UsageError>();
            ExitCode::from(if usage { 2 } else { 1 })
        }
    }
}

/// A script's `sort` with a comparer that is no order makes Rust's sort panic;
/// Rhai catches that panic and reports a script error with its place, but the
/// default hook would print the panic first, as if delve had failed. Every
/// other panic is a bug of delve's and is printed as before.
fn quiet_caught_sort_panics() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info.payload_as_str().unwrap_or_default();
        if !message.contains("does not correctly implement a total order") {
            default(info);
        }
    }));
}

fn broken_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|e| {
        e.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
