//! The command line of `delve solve`, and the solver's budget that `sim
//! --bot solver` takes too.

use super::GameArgs;
use crate::run::solve::{Budget, MAX_COPY_BYTES, MAX_LINE_BYTES, MAX_POSITIONS, REPLAYS_PER_NODE};
use crate::usage::UsageError;
use clap::Args;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Args, Debug)]
#[command(
    long_about = "Tells whether a deal can be won by a player who knows every card, face down \
        too, and every random number the rules will draw: it searches the decisions (the \
        ruleset's bot's pick first), each position once. It answers winnable (with the \
        winning line, which --line writes as a transcript that `delve replay` plays to the \
        win), not winnable (every line searched), or not known within the budget (how far \
        it got). A game that scores gets its best score found; --best searches on past the \
        first win for the highest. Ctrl-C stops the search and tells the best found so far.\n\n\
        The solver peeks: it never gives hints and no bot plays with it. docs/solver.md \
        tells how it searches and what a proof rests on.",
    after_help = "Examples (GAME is a name from `delve list`):\n  delve solve GAME --seed 7\n  \
        delve solve GAME --seed 7 --line win.txt && delve replay win.txt\n  \
        delve solve GAME --seed 7 --best --seconds 60\n  \
        delve solve --load saved.json          from where a saved game stands\n  \
        delve solve GAME --deal stacked.txt --opt KEY=VALUE --nodes 100000"
)]
pub struct SolveArgs {
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub budget: BudgetArgs,
    /// Search on past the first win for the best score, and follow every line where none
    /// wins (without it, lines past a card that can never move are let go)
    #[arg(long)]
    pub best: bool,
    /// Write the winning line (with --best, the best line found) as a transcript to FILE
    #[arg(long, value_name = "FILE")]
    pub line: Option<PathBuf>,
    /// Print one JSON object instead of the answer in words
    #[arg(long)]
    pub json: bool,
}

/// How far the solver may search, per deal.
#[derive(Args, Debug, Clone, Copy)]
pub struct BudgetArgs {
    /// The solver: at most this many decisions met per deal (each new or seen again)
    /// [default: 1000000, or no limit but --seconds or --cpu-seconds where given]
    #[arg(long, value_parser = at_least_one_node)]
    pub nodes: Option<u64>,
    /// The solver: at most this many decisions replayed per deal, on the way back to the
    /// lines it searches [default: 100 times --nodes]
    #[arg(long, value_parser = at_least_one_node)]
    pub replays: Option<u64>,
    /// The solver: at most this many seconds per deal
    #[arg(long, value_parser = positive_seconds)]
    pub seconds: Option<f64>,
    /// The solver: at most this many seconds of CPU time per deal (its thread's; the
    /// machine's load does not change where it stops, as it does --seconds')
    #[arg(long, value_parser = positive_seconds, value_name = "SECONDS")]
    pub cpu_seconds: Option<f64>,
    /// The solver: a line longer than this many decisions is cut (and the deal then not
    /// proven unwinnable)
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=20_000))]
    pub depth: u32,
    /// The solver: the memory a deal's search may keep, in MiB: its table of positions met
    /// and the copies it searches from each grow to about this, and a search that fills
    /// them stops, not settled (with --jobs, per job; at most half of what delve may hold)
    #[arg(long, value_name = "MIB", default_value_t = DEFAULT_MEMORY_MIB,
          value_parser = clap::value_parser!(u64).range(1..=MOST_MEMORY_MIB))]
    pub memory: u64,
}

/// The memory a search keeps by default, in MiB: `MAX_COPY_BYTES`, with
/// its table of `MAX_POSITIONS` beside it.
const DEFAULT_MEMORY_MIB: u64 = (MAX_COPY_BYTES >> 20) as u64;

/// The most `--memory` may say (64 GiB), a bound on what a typo asks for;
/// `budget` holds it to half of what delve may hold in all.
const MOST_MEMORY_MIB: u64 = 64 << 10;

impl BudgetArgs {
    /// The budget these say; refused where `--memory` does not fit twice (a
    /// table and copies) in what delve may hold in all (`heap::process_bound`):
    /// past that, every script call, the line's replay among them, is refused.
    pub(crate) fn budget(self, best: bool) -> Result<Budget, UsageError> {
        let bound_mib = (crate::heap::process_bound() >> 20) as u64;
        if self.memory.saturating_mul(2) > bound_mib {
            return Err(UsageError(format!(
                "--memory {}: a search may hold about twice that, more than the {bound_mib} MiB delve may hold in all: give at most {}, or raise {}",
                self.memory,
                bound_mib / 2,
                crate::heap::BOUND_VARIABLE
            )));
        }
        // A search on compiled boards meets a million decisions in about a
        // second: where a time is given, it alone bounds the search.
        let timed = self.seconds.is_some() || self.cpu_seconds.is_some();
        let nodes = self
            .nodes
            .unwrap_or(if timed { u64::MAX } else { DEFAULT_NODES });
        Ok(Budget {
            nodes,
            replays: self
                .replays
                .unwrap_or_else(|| nodes.saturating_mul(REPLAYS_PER_NODE)),
            time: self.seconds.map(Duration::from_secs_f64),
            cpu: self.cpu_seconds.map(Duration::from_secs_f64),
            table: self.scaled(MAX_POSITIONS),
            line_bytes: MAX_LINE_BYTES,
            depth: self.depth as usize,
            copies: self.scaled(MAX_COPY_BYTES),
            best,
            wins_only: !best,
        })
    }

    /// `default` (a bound of the default memory), scaled to `--memory`.
    fn scaled(self, default: usize) -> usize {
        let scaled = default as u128 * u128::from(self.memory) / u128::from(DEFAULT_MEMORY_MIB);
        usize::try_from(scaled).unwrap_or(usize::MAX).max(1)
    }
}

/// The decisions a search meets where neither `--nodes` nor `--seconds` is given.
const DEFAULT_NODES: u64 = 1_000_000;

fn at_least_one_node(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("a budget of 0 searches nothing: give at least 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("`{text}` is not a whole number of decisions")),
    }
}

/// The longest time budget (115 days): a `Duration` holds it, and a
/// search that should never stop for time leaves `--seconds` out.
const MOST_SECONDS: f64 = 1e7;

fn positive_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= MOST_SECONDS => Ok(s),
        Ok(s) if s.is_nan() => Err(format!("`{text}` is not a number of seconds")),
        Ok(s) if s > MOST_SECONDS => Err(format!(
            "`{text}` seconds is more than the most, {MOST_SECONDS:.0} (115 days): leave \
             --seconds out for no time budget"
        )),
        Ok(_) => Err("a budget of 0 searches nothing: give a time above 0 seconds".into()),
        Err(_) => Err(format!("`{text}` is not a number of seconds")),
    }
}
