//! delve: plays solo card games whose rules are Rhai scripts loaded at run
//! time. The host knows cards, piles, decisions and sessions; every game rule
//! lives in a script under `games/`.
//!
//! The library is the program's body. Its public face is small on purpose:
//! `run` for the `delve` binary, and what the integration tests and the
//! benches drive (a ruleset compiled, a run or a session of it, the checks
//! and the transcript replay). Everything else is the crate's own.

mod app;
mod cli;
mod commands;
mod declared;
mod file_kind;
mod files;
#[cfg(test)]
mod fuzz;
mod game;
mod heap;
mod incomplete;
mod json;
mod leftovers;
mod lines;
mod read;
mod render;
mod repl;
mod run;
mod script;
mod serve;
mod session;
mod threads;
mod transcript;
mod usage;

// The `delve` binary.
pub use app::run;
pub use cli::Cli;
pub use incomplete::Incomplete;
pub use usage::UsageError;

// The integration tests and the benches.
pub use commands::bots::Bot;
pub use commands::check::{
    check, check_all, configurations_of, every_configuration, Checked, Configuration, Failure,
};
pub use game::decision::Choice;
pub use repl::replay::{replay, Replayed};
pub use repl::screen::on_screen;
pub use run::live::LiveRun;
pub use run::Program;
pub use run::{play, Answerer, Deal, Plan, Report, Stop};
pub use script::catalog::names as ruleset_names;
pub use session::open::{options_for, GameSpec, Setting};
pub use session::Session;
