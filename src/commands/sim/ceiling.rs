//! One deal of `sim --bot solver`: solved within the budget, won if
//! proven winnable. The solver peeks, so its wins are a ceiling beside the
//! other bots, never a player's result (docs/solver.md).

use crate::run::solve::{solve, Budget, Verdict};
use crate::run::{Deal, Program};
use crate::script::cancel::Cancel;
use crate::script::clock::thread_time;
use crate::script::declare::Options;

/// What one deal's search cost: the CPU time of the thread that searched
/// it (the game's start included, as a process's rusage would count it)
/// and the distinct positions it met.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Searched {
    pub cpu_seconds: f64,
    pub positions: usize,
}

/// One deal of `sim --bot solver`: won if proven winnable, its score the
/// best found (a search for a win, which lets go lines past a stranded
/// card: a lost deal's best end may lie there); a deal not settled within
/// the budget counts as not won and is told apart as unknown.
pub(super) fn ceiling(
    program: &Program,
    options: &Options,
    seed: u64,
    budget: Budget,
) -> Result<super::Game, String> {
    let deal = Deal { seed, stack: None };
    let started = thread_time();
    let solved = solve(
        program,
        options,
        &deal,
        &[],
        budget,
        &Cancel::default(),
        &mut |_| {},
    )
    .map_err(|e| format!("{} seed {seed}: {e}", program.ruleset().name()))?;
    let searched = Searched {
        cpu_seconds: thread_time().saturating_sub(started).as_secs_f64(),
        positions: solved.stats.positions,
    };
    let best = solved.best.as_ref();
    Ok(super::Game {
        win: solved.verdict == Verdict::Winnable,
        score: best.and_then(|b| b.outcome.score_number()),
        decisions: best.map_or(0, |b| b.choices.len()),
        fell_back: 0,
        unknown: solved.verdict == Verdict::Unknown,
        capped: false,
        searched: Some(searched),
    })
}
