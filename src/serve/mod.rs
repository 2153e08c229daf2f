//! `delve serve`: play any ruleset in a browser. A local web server (on
//! 127.0.0.1 only) serves one page built into the binary, and the page
//! speaks protocol 2 (docs/protocol.md) over HTTP: one POST per line, and
//! the reply is what `delve play --json` prints for that line. Each game is
//! a `Session` with its autosave, as at the REPL. docs/serve.md tells what
//! it promises.

mod connections;
mod game;
mod guard;
mod held;
mod line_steps;
mod page;
mod reply;
mod requests;
mod rulesets;
mod searches;
mod searching;
mod server;
mod sessions;
mod work;

use std::time::Duration;

/// How `delve serve` was asked to run.
pub(crate) struct Settings {
    /// The ruleset the page offers first (a name, or a script's path that
    /// the page may then play).
    pub game: Option<String>,
    /// 0: any free port.
    pub port: u16,
    /// The most games held at once.
    pub sessions: usize,
    /// A game idle this long is closed (its autosave stays).
    pub idle: Duration,
}

/// Serves until the process is stopped.
pub(crate) fn run(settings: &Settings) -> anyhow::Result<()> {
    server::run(settings)
}
