//! The worlds of an estimate added up: each world's outcomes added to the
//! options still played, the options surely worse left, and at the end the
//! options ranked best first and the one to take named: by the hint's
//! verdict for a person (`judge.rs`), by the bot's own rule for the mc bot
//! (`pick.rs`).

use super::super::pick::{clearly_better, drop_the_surely_worse, Played};
use super::judge;
use super::playout::World;
use super::{too_many_rejected, unplayed, Estimate, Estimates, Failure, Moment, Settings};
use crate::run::Outcome;
use crate::script::objective::Objective;
use std::time::Instant;

/// The most worlds a hint plays while it has no verdict: two options that
/// are truly alike never separate, and at this many a paired difference is
/// known to a few points. A costly ruleset meets the hint's time budget
/// first; a cheap one ends here, the same on any machine (the fairness
/// tests compare two such answers whole). 5,000 gave a few more verdicts
/// by the negligible margins, for a longer wait (docs/hints.md).
pub(super) const MOST_WORLDS: usize = 1_000;

/// Adds worlds from `next_world` (world 0, 1, ... in order, each played for
/// the options still played) until the settings are met; then ranks.
pub(super) fn gather(
    moment: &Moment,
    settings: &Settings,
    stop: &dyn Fn() -> bool,
    progress: &mut dyn FnMut(usize, usize),
    next_world: &mut dyn FnMut(&[bool]) -> Result<World, Failure>,
) -> Result<Estimates, Failure> {
    // The budget counts the worlds alone: the real game's replay
    // (`Moment::look`), whose time could depend on its face-down cards, is
    // done before.
    let started = Instant::now();
    let mut estimates = unplayed(&moment.prompt);
    let (mut tried, mut accepted, mut cut_short, mut endless) = (0, 0, false, 0);
    let mut base = None;
    // Options still played: one surely worse than the bot's choice (or,
    // with random rollouts, than the leader) is left at the worlds it had.
    let mut alive = vec![true; estimates.len()];
    let objective = moment.objective;
    let hint = settings.until_separated;
    let least = settings.worlds.max(1);
    let most = if hint { MOST_WORLDS.max(least) } else { least };
    while accepted < most && tried < most * 20 {
        if hint
            && accepted >= least
            && judge::settled(&estimates, &alive, objective, moment.negligible, base)
        {
            break;
        }
        // Past the first few tries, a ruleset that gives its hidden cards
        // away is told at once, not after every try a full estimate allows.
        if too_many_rejected(tried, accepted) {
            break;
        }
        if accepted == 0 && stop() {
            return Err(Failure::Stopped);
        }
        if accepted > 0 && (stop() || settings.budget.is_some_and(|b| started.elapsed() > b)) {
            cut_short = true;
            break;
        }
        tried += 1;
        match next_world(&alive)? {
            World::Rejected => {}
            World::Endless => endless += 1,
            World::Stopped if accepted == 0 => return Err(Failure::Stopped),
            World::Stopped => {
                cut_short = true;
                break;
            }
            World::Failed(error) => return Err(Failure::Script(error)),
            World::Accepted {
                results,
                keys,
                bot_took,
            } => {
                base = base.or(bot_took);
                add_world(&mut estimates, results, &keys, &alive, objective);
                accepted += 1;
                if settings.prune && hint {
                    judge::prune(&estimates, &mut alive, objective, base);
                } else if settings.prune {
                    let played: Vec<&[Played]> = estimates.iter().map(|e| &e.played[..]).collect();
                    drop_the_surely_worse(&played, &mut alive, base, objective);
                }
                progress(accepted, tried);
                if settings.settle && alive.iter().filter(|&&a| a).count() == 1 {
                    break;
                }
            }
        }
    }
    if accepted == 0 || too_many_rejected(tried, accepted) {
        return Err(Failure::Rejected {
            tried,
            accepted,
            randoms: moment.sight.drew_randoms(),
            endless,
        });
    }
    let ranked = if hint {
        judge::rank_for_hint(&mut estimates, objective, moment.negligible, base)
    } else {
        judge::Ranked {
            suggested: rank(&mut estimates, base, objective),
            answered: false,
            by_negligible: false,
            kind: None,
        }
    };
    Ok(Estimates {
        options: estimates,
        suggested: ranked.suggested,
        worlds: accepted,
        tried,
        cut_short,
        elapsed: started.elapsed(),
        cores: 1,
        from_copies: moment.copied(),
        replays_because: moment.replays_because,
        objective,
        negligible: ranked.by_negligible.then_some(moment.negligible),
        answered: ranked.answered,
        kind: ranked.kind,
    })
}

/// Adds one world's outcomes to the estimates of the options still played.
fn add_world(
    estimates: &mut [Estimate],
    results: Vec<Option<Outcome>>,
    keys: &[Option<u64>],
    alive: &[bool],
    objective: Objective,
) {
    let live = estimates.iter_mut().zip(results).zip(alive).enumerate();
    for (i, ((e, outcome), _)) in live.filter(|(_, (_, &alive))| alive) {
        let outcome = outcome.expect("every live option played in the world");
        let score = outcome.score_number();
        // Results are compared as ranked: a better score is a higher one.
        let played = Played {
            win: outcome.is_win(),
            score: score.map(|s| objective.ranked(s)),
        };
        e.games += 1;
        e.wins += usize::from(played.win);
        if let Some(score) = score {
            e.score_sum += score;
            e.scored += 1;
        }
        e.played.push(played);
        e.keys.push(keys.get(i).copied().flatten());
    }
}

/// Orders the options best first by estimate (those left as surely worse
/// last, whatever their few worlds gave them) and names the one the mc bot
/// takes: the ruleset's bot's, unless others did clearly better in the
/// same worlds (then the best of those), or without a bot the best.
pub(super) fn rank(estimates: &mut [Estimate], base: Option<usize>, objective: Objective) -> usize {
    let every = estimates.iter().map(|e| e.games).max().unwrap_or(0);
    estimates.sort_by(|a, b| {
        (b.games == every)
            .cmp(&(a.games == every))
            .then(judge::order(a, b, objective, None))
    });
    let Some(at) = base.and_then(|base| estimates.iter().position(|e| e.index == base)) else {
        return estimates[0].index;
    };
    let better = estimates[..at]
        .iter()
        .position(|e| clearly_better(&e.played, &estimates[at].played, objective));
    estimates[better.unwrap_or(at)].index
}
