//! The worlds of an estimate added up: each world's outcomes added to the
//! options still played, the options surely worse left, and at the end the
//! options ranked best first and the one to take named.

use super::super::pick::{clearly_better, drop_the_surely_worse, Played};
use super::playout::World;
use super::{compare, too_many_rejected, unplayed, Estimate, Estimates, Failure, Moment, Settings};
use crate::run::Outcome;
use std::time::Instant;

/// The most worlds a hint plays while its leader is not yet separated
/// from the others: two options that are truly alike never separate, and
/// at this many the paired difference is known to a few points. A costly
/// ruleset meets the hint's time budget first; a cheap one ends here, the
/// same on any machine.
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
    let least = settings.worlds.max(1);
    let most = if settings.until_separated {
        MOST_WORLDS.max(least)
    } else {
        least
    };
    while accepted < most && tried < most * 20 {
        if accepted >= least && separated(&estimates, &alive) {
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
            World::Accepted { results, bot_took } => {
                base = base.or(bot_took);
                add_world(&mut estimates, results, &alive);
                accepted += 1;
                if settings.prune {
                    let played: Vec<&[Played]> = estimates.iter().map(|e| &e.played[..]).collect();
                    drop_the_surely_worse(&played, &mut alive, base);
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
    let suggested = rank(&mut estimates, base);
    Ok(Estimates {
        options: estimates,
        suggested,
        worlds: accepted,
        tried,
        cut_short,
        elapsed: started.elapsed(),
        cores: 1,
        from_copies: moment.copied(),
    })
}

/// Whether, of the options still played, the one leading is surely better
/// than each other (a paired difference at 95%); an option left as surely
/// worse than the ruleset's bot's choice needs no more worlds.
fn separated(estimates: &[Estimate], alive: &[bool]) -> bool {
    let live = || {
        estimates
            .iter()
            .zip(alive)
            .filter(|(_, &a)| a)
            .map(|(e, _)| e)
    };
    let Some(leader) = live().max_by(|a, b| by_estimate(a, b).reverse()) else {
        return true;
    };
    live()
        .filter(|e| e.index != leader.index)
        .all(|e| compare::against(&e.played, &leader.played).surely_worse())
}

/// Adds one world's outcomes to the estimates of the options still played.
fn add_world(estimates: &mut [Estimate], results: Vec<Option<Outcome>>, alive: &[bool]) {
    let live = estimates.iter_mut().zip(results).zip(alive);
    for ((e, outcome), _) in live.filter(|(_, &alive)| alive) {
        let outcome = outcome.expect("every live option played in the world");
        let played = Played {
            win: outcome.is_win(),
            score: outcome.score_number(),
        };
        e.games += 1;
        e.wins += usize::from(played.win);
        if let Some(score) = played.score {
            e.score_sum += score;
            e.scored += 1;
        }
        e.played.push(played);
    }
}

/// Best first: by win rate, then mean score, then the order offered.
fn by_estimate(a: &Estimate, b: &Estimate) -> std::cmp::Ordering {
    b.win_rate()
        .total_cmp(&a.win_rate())
        .then(
            b.mean_score()
                .unwrap_or(0.0)
                .total_cmp(&a.mean_score().unwrap_or(0.0)),
        )
        .then(a.index.cmp(&b.index))
}

/// Orders the options best first by estimate (those left as surely worse
/// last, whatever their few worlds gave them), compares each with the best
/// world by world, and names the one to take: the ruleset's bot's, unless
/// others did clearly better in the same worlds (then the best of those),
/// or without a bot the best.
pub(super) fn rank(estimates: &mut [Estimate], base: Option<usize>) -> usize {
    let every = estimates.iter().map(|e| e.games).max().unwrap_or(0);
    estimates.sort_by(|a, b| {
        (b.games == every)
            .cmp(&(a.games == every))
            .then(by_estimate(a, b))
    });
    let best = estimates[0].played.clone();
    for e in estimates.iter_mut().skip(1) {
        e.versus_best = Some(compare::against(&e.played, &best));
    }
    let Some(at) = base.and_then(|base| estimates.iter().position(|e| e.index == base)) else {
        return estimates[0].index;
    };
    let better = estimates[..at]
        .iter()
        .position(|e| clearly_better(&e.played, &estimates[at].played));
    estimates[better.unwrap_or(at)].index
}
