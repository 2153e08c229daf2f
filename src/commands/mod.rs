//! The subcommands with more to them than opening a game, one file each,
//! named as the command: `check`, `sim` (with its arithmetic in `tally.rs`
//! and `--profile` in `profile_report.rs`; `progress.rs` how far a run has got),
//! `source`, `test` and `pool` (shards of a sim run pooled); `bots.rs` is who plays sim's and check's games, `mc`
//! the Monte Carlo bot, `solve` the solver's command (`delve solve`)
//! and `winnable` (`play --winnable`); `shell` the completions and the
//! manual page. `app.rs` dispatches to them.

pub(crate) mod bots;
pub(crate) mod check;
pub(crate) mod mc_bot;
pub(crate) mod pool;
pub(crate) mod profile_report;
pub(crate) mod progress;
pub(crate) mod shell;
pub(crate) mod sim;
pub(crate) mod solve_command;
pub(crate) mod source;
pub(crate) mod tally;
pub(crate) mod test;
pub(crate) mod winnable;
