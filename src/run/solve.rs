//! The solver: is this deal winnable, by a player who knows every card and
//! every random number to come? Since a run is the same given its seed and
//! choices, a search over choice sequences already has that knowledge; it
//! reads face-down cards because the real game is what it replays. It is a
//! depth-first search in which each probe is one run: it replays the line
//! so far with a new option at its deepest open decision, then goes on by
//! itself (the ruleset's bot's pick first) until the game ends or it meets
//! a position seen before (`steer.rs`, `runtime/position.rs`), so one run
//! explores a whole new line and no position is searched twice in a pass.
//! The passes are a limited discrepancy search: the first plays the bot's
//! line alone, pass k every line that leaves the bot k - 1 times at most,
//! so a few good departures anywhere are tried before many deep ones; a
//! pass that never had to refuse a departure searched every line. Never
//! used by a hint or another bot: it peeks (docs/solver.md).

mod probe;

use super::budget::Meter;
pub(crate) use super::budget::{MAX_COPY_BYTES, REPLAYS_PER_NODE};
use super::steer::Steering;
use super::verdict::better;
pub(crate) use super::verdict::{Budget, Halt, Line, Progress, Solved, Verdict};
use super::{play, Answerer, Deal, Plan, Program, Stop};
use crate::game::decision::Choice;
use crate::script::cancel::Cancel;
use crate::script::declare::Options;
use crate::script::error::ErrorKind;
use crate::script::shape::Shape;
use crate::script::ScriptError;
use probe::{Frame, Probe};
use std::sync::{Arc, Mutex, PoisonError};

/// The most positions the table of those seen holds (a hash and a count,
/// about 72 MB in all with the table's room): a search that fills it stops.
pub(crate) const MAX_POSITIONS: usize = 3_500_000;

/// The most the line being searched may hold of its decisions' option
/// keys (each decision keeps them all, to take the next option): past it
/// the search stops, not known. With the table's 107 MB at most, this is
/// what a search holds beside the run it plays (docs/solver.md).
pub(crate) const MAX_LINE_BYTES: usize = 64 << 20;

/// Searches the game from `prefix` (the choices of a saved game, or none),
/// within `budget`, and stopped too when `stop` is (a caller's deadline, a
/// client gone). `progress` hears how far it has got after every run.
pub(crate) fn solve(
    program: &Program,
    options: &Options,
    deal: &Deal,
    prefix: &[Choice],
    budget: Budget,
    stop: &Cancel,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Solved, ScriptError> {
    let meter = Meter::new(&budget, stop);
    // A step that runs long stops once the search's time is up.
    let stop = meter.stop().clone();
    stop.over(|| search(program, options, deal, prefix, budget, meter, progress))
}

fn search(
    program: &Program,
    options: &Options,
    deal: &Deal,
    prefix: &[Choice],
    budget: Budget,
    meter: Meter,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Solved, ScriptError> {
    if program.ruleset().shape == Shape::Positions {
        return super::search::solve(program, options, deal, prefix, budget, meter, progress);
    }
    let started = meter.started();
    let objective = program.ruleset().declared.objective;
    let probe = Arc::new(Mutex::new(Probe::new(budget, meter)));
    let steering = Steering(probe.clone());
    let lock = || probe.lock().unwrap_or_else(PoisonError::into_inner);
    let mut stats = Progress {
        passes: 1,
        ..Progress::default()
    };
    let (mut win, mut best): (Option<Line>, Option<Line>) = (None, None);
    let mut path: Vec<Frame> = Vec::new();
    // Departures from the bot on the line, and whether this pass left an
    // option untaken for want of them (then it proved nothing).
    let (mut used, mut declined) = (0, false);
    let mut halted;
    lock().pass(0);
    let exhausted = loop {
        let mut choices = prefix.to_vec();
        choices.extend(path.iter().map(Frame::choice));
        lock().start_run(choices.len(), used, path.iter().map(Frame::bytes).sum());
        let mut plan = Plan::new(options.clone(), deal.clone(), choices, Answerer::Solver);
        plan.record_events = false;
        plan.check_cards = false;
        plan.steering = Some(steering.clone());
        let report = play(program, plan);
        stats.probes += 1;
        if report.diverged.is_some() {
            return Err(ScriptError::new(
                ErrorKind::Runtime,
                "a line replayed differently: the ruleset does not play the same from the same choices".into(),
            ));
        }
        let mut probe = lock();
        path.append(&mut probe.fresh);
        stats.deepest = stats.deepest.max(prefix.len() + path.len());
        match report.stop {
            Stop::Ended(outcome) => {
                let line = || Line {
                    choices: prefix
                        .iter()
                        .cloned()
                        .chain(path.iter().map(Frame::choice))
                        .collect(),
                    outcome: outcome.clone(),
                };
                if better(&outcome, best.as_ref().map(|b| &b.outcome), objective) {
                    best = Some(line());
                    stats.best_score = outcome.score_number();
                }
                if outcome.is_win() && win.is_none() {
                    win = Some(line());
                }
            }
            // Stopped at a position seen before, or by the budget.
            Stop::Asking(_) => {}
            // A step stopped by the search's time, or its caller.
            Stop::Failed(error) if error.kind == ErrorKind::Interrupted => {
                probe.halted = Some(probe.spent().unwrap_or(Halt::Interrupted));
            }
            // The host's own cap on a game's decisions.
            Stop::Failed(error) if error.kind == ErrorKind::TooLong => stats.too_deep += 1,
            Stop::Failed(error) => return Err(error),
        }
        if std::mem::take(&mut probe.too_deep) {
            stats.too_deep += 1;
        }
        stats.nodes = probe.nodes();
        stats.replays = probe.replays();
        stats.positions = probe.positions();
        stats.seconds = started.elapsed().as_secs_f64();
        halted = probe.halted;
        drop(probe);
        progress(&stats);
        if halted.is_some() || (win.is_some() && !budget.best) {
            break false;
        }
        // Back to the deepest decision with an option this pass may take.
        let limit = lock().limit;
        probe::backtrack(&mut path, &mut used, limit, &mut declined);
        if path.is_empty() {
            if !declined {
                break true;
            }
            // The next pass allows one departure more.
            lock().pass(limit + 1);
            stats.passes = limit + 2;
            declined = false;
        }
    };
    let verdict = match (&win, exhausted && stats.too_deep == 0) {
        (Some(_), _) => Verdict::Winnable,
        (None, true) => Verdict::NotWinnable,
        (None, false) => Verdict::Unknown,
    };
    Ok(Solved {
        verdict,
        halted,
        win,
        best,
        exhausted,
        stats,
    })
}

#[cfg(test)]
mod tests;
