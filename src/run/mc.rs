//! Determinized Monte Carlo: each option of the current decision played out
//! in many worlds the player can not tell from the real game (`world.rs`),
//! by a rollout policy (the random bot or the ruleset's own). The real game
//! is run only to learn what the player saw; no world reads a face-down
//! card of it. The worlds are drawn from the settings' seed alone, in
//! order, so an estimate is the same on any machine and for any `--jobs`.
//! An option surely worse after a few worlds is played in no more of them.

use super::pick::{clearly_better, drop_the_surely_worse, Played};
use super::world::{Sight, Watch};
use super::{play, Answerer, Deal, Outcome, Plan, Program, Report, Stop};
use crate::game::decision::{Choice, Prompt};
use crate::script::declare::Options;
use crate::script::error::ErrorKind;
use std::sync::Arc;
use std::time::{Duration, Instant};

mod failure;
pub(crate) use failure::Failure;

/// How hard to look.
#[derive(Clone, Debug)]
pub(crate) struct Settings {
    /// Worlds accepted per estimate; every option is played once in each.
    pub worlds: usize,
    /// Who plays after the option: the random bot or the ruleset's own.
    pub rollout: Answerer,
    pub seed: u64,
    /// Stop early (with at least one world) after this long.
    pub budget: Option<Duration>,
    /// Stop playing an option once it is surely worse
    /// (`pick::drop_the_surely_worse`).
    pub prune: bool,
    /// Stop once every other option is left: a bot needs only the choice,
    /// a person reading a hint also the winner's figures.
    pub settle: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            worlds: 24,
            rollout: Answerer::RandomBot,
            seed: 0,
            budget: None,
            prune: true,
            settle: false,
        }
    }
}

/// The normal quantile of a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// One option's results over the worlds.
#[derive(Clone, Debug, Default)]
pub(crate) struct Estimate {
    pub index: usize,
    pub key: String,
    pub label: String,
    pub games: usize,
    pub wins: usize,
    score_sum: f64,
    scored: usize,
    /// Each accepted world's result, in the order of the worlds.
    played: Vec<Played>,
}

impl Estimate {
    pub(crate) fn win_rate(&self) -> f64 {
        self.wins as f64 / self.games.max(1) as f64
    }

    pub(crate) fn mean_score(&self) -> Option<f64> {
        (self.scored > 0).then(|| self.score_sum / self.scored as f64)
    }

    /// Half the width of the win rate's 95% Wilson interval, which stays
    /// honest at a rate of 0 or 1 over few worlds (24 wins of 24: ± 7).
    pub(crate) fn margin(&self) -> f64 {
        let n = self.games.max(1) as f64;
        let p = self.win_rate();
        let z2 = Z95 * Z95;
        Z95 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / (1.0 + z2 / n)
    }
}

/// The options best first, and how many worlds were tried and accepted.
#[derive(Clone, Debug)]
pub(crate) struct Estimates {
    pub options: Vec<Estimate>,
    pub worlds: usize,
    pub tried: usize,
    /// Cut short (Ctrl-C or the time budget): the best so far.
    pub cut_short: bool,
}

/// The prompt the player faces now, and what they have seen so far (for
/// the tests, which look at worlds alone).
#[cfg(test)]
pub(crate) fn sight(
    program: &Program,
    options: &Options,
    deal: &Deal,
    choices: &[Choice],
) -> Result<(Prompt, Arc<Sight>), Failure> {
    let moment = Moment::look(program, options, deal, choices)?;
    Ok((moment.prompt, moment.sight))
}

/// A seed for world `w` of decision `at`, spread by splitmix64.
fn world_seed(seed: u64, at: usize, w: usize) -> u64 {
    let mut z = seed ^ ((at as u64) << 32) ^ (w as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Whether over 95% of the worlds tried were told apart from the real
/// game, once enough were tried to say so.
fn too_many_rejected(tried: usize, accepted: usize) -> bool {
    tried >= 40 && accepted * 20 < tried
}

/// Each option of the decision, played in no world yet.
fn unplayed(prompt: &Prompt) -> Vec<Estimate> {
    let options = prompt.options.iter().enumerate();
    options
        .map(|(index, offer)| Estimate {
            index,
            key: offer.key.clone(),
            label: offer.label.clone(),
            ..Estimate::default()
        })
        .collect()
}

/// The real game at the player's decision, replayed once for the prompt
/// and for what the player has seen there.
pub(crate) struct Moment {
    choices: Vec<Choice>,
    pub prompt: Prompt,
    sight: Arc<Sight>,
}

/// The real game after some choices: at a decision, or over.
pub(crate) enum Looked {
    At(Moment),
    Ended(Outcome),
}

impl Moment {
    /// Replays the real game to the decision after `choices`
    /// (`Failure::Over` if it has ended there).
    pub(crate) fn look(
        program: &Program,
        options: &Options,
        deal: &Deal,
        choices: &[Choice],
    ) -> Result<Moment, Failure> {
        match Moment::replay(program, options, deal, choices)? {
            Looked::At(moment) => Ok(moment),
            Looked::Ended(_) => Err(Failure::Over),
        }
    }

    /// Replays the real game after `choices`, watching what the player sees.
    pub(crate) fn replay(
        program: &Program,
        options: &Options,
        deal: &Deal,
        choices: &[Choice],
    ) -> Result<Looked, Failure> {
        let mut plan = Plan::new(
            options.clone(),
            deal.clone(),
            choices.to_vec(),
            Answerer::Person,
        );
        plan.watch = Watch::Record;
        plan.check_cards = false;
        let report = play(program, plan);
        match report.stop {
            Stop::Asking(prompt) => {
                let watched = report.watched.expect("a watched run says what it saw");
                Ok(Looked::At(Moment {
                    choices: choices.to_vec(),
                    prompt,
                    sight: watched.sight,
                }))
            }
            Stop::Ended(outcome) => Ok(Looked::Ended(outcome)),
            Stop::Failed(error) => Err(Failure::Script(error)),
        }
    }
}

/// Estimates every option of the decision at `moment`; `stop` is polled
/// between playouts (Ctrl-C), and `progress` told of each world.
pub(crate) fn estimate(
    program: &Program,
    options: &Options,
    moment: &Moment,
    settings: &Settings,
    stop: &dyn Fn() -> bool,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Estimates, Failure> {
    let Moment {
        choices,
        prompt,
        sight,
    } = moment;
    // The budget counts the worlds alone: the real game's replay
    // (`Moment::look`), whose time could depend on its face-down cards, is
    // done before.
    let started = Instant::now();
    let mut estimates = unplayed(prompt);
    let (mut tried, mut accepted, mut cut_short, mut endless) = (0, 0, false, 0);
    let mut base = None;
    // Options still played: one surely worse than the bot's choice (or,
    // with random rollouts, than the leader) is left at the worlds it had.
    let mut alive = vec![true; estimates.len()];
    let most_tries = settings.worlds.max(1) * 20;
    'worlds: while accepted < settings.worlds.max(1) && tried < most_tries {
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
        let seed = world_seed(settings.seed, choices.len(), tried);
        tried += 1;
        // A world counts for every option or for none, so each option is
        // judged on the same worlds (common random numbers). With the
        // ruleset's bot rolling out, its own game from here is the rollout
        // of the option it takes, and tells which that is.
        let mut results: Vec<Option<Outcome>> = vec![None; estimates.len()];
        let mut bot_took = None;
        let runs = (settings.rollout == Answerer::ScriptBot)
            .then_some(None)
            .into_iter()
            .chain((0..estimates.len()).map(Some));
        for option in runs {
            let mut path = choices.clone();
            if let Some(i) = option {
                if bot_took == Some(i) || !alive[i] {
                    continue;
                }
                path.push(Choice {
                    index: i,
                    key: estimates[i].key.clone(),
                });
            }
            let report = world(program, options, seed, path, settings, sight);
            if report.watched.as_ref().is_some_and(|w| w.rejected) {
                continue 'worlds;
            }
            match report.stop {
                Stop::Ended(outcome) => {
                    let i = match option {
                        Some(i) => i,
                        // An accepted world came to the player's decision,
                        // so the bot made a choice there.
                        None => match report.choices.get(choices.len()) {
                            Some(taken) => *bot_took.insert(taken.index),
                            None => continue 'worlds,
                        },
                    };
                    results[i] = Some(outcome);
                }
                Stop::Failed(_) if stop() => {
                    if accepted == 0 {
                        return Err(Failure::Stopped);
                    }
                    cut_short = true;
                    break 'worlds;
                }
                // A playout that never ends (a rollout player that wanders
                // in a world its author never met) tells nothing of the
                // options: the world is left out, as a rejected one is.
                Stop::Failed(error) if error.kind == ErrorKind::NoEnding => {
                    endless += 1;
                    continue 'worlds;
                }
                Stop::Failed(error) => return Err(Failure::Script(error)),
                Stop::Asking(_) => unreachable!("a bot answers every decision"),
            }
        }
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
    if accepted == 0 || too_many_rejected(tried, accepted) {
        return Err(Failure::Rejected {
            tried,
            accepted,
            randoms: sight.drew_randoms(),
            endless,
        });
    }
    rank(&mut estimates, base);
    Ok(Estimates {
        options: estimates,
        worlds: accepted,
        tried,
        cut_short,
    })
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

/// One run of a world: the real game's choices (and an option), then the
/// rollout player.
fn world(
    program: &Program,
    options: &Options,
    seed: u64,
    path: Vec<Choice>,
    settings: &Settings,
    sight: &Arc<Sight>,
) -> Report {
    let mut plan = Plan::new(
        options.clone(),
        Deal { seed, stack: None },
        path,
        settings.rollout,
    );
    plan.check_cards = false;
    plan.watch = Watch::World(sight.clone());
    play(program, plan)
}

/// Orders the options for the player: the one to take first (the ruleset's
/// bot's, unless others are clearly better: then the best of those), then
/// the others best first, by win rate, then mean score; the options left as
/// surely worse come last, whatever their few worlds gave them.
fn rank(estimates: &mut [Estimate], base: Option<usize>) {
    let every = estimates.iter().map(|e| e.games).max().unwrap_or(0);
    estimates.sort_by(|a, b| {
        (b.games == every)
            .cmp(&(a.games == every))
            .then(b.win_rate().total_cmp(&a.win_rate()))
            .then(
                b.mean_score()
                    .unwrap_or(0.0)
                    .total_cmp(&a.mean_score().unwrap_or(0.0)),
            )
            .then(a.index.cmp(&b.index))
    });
    let Some(base) = base else {
        return;
    };
    let Some(at) = estimates.iter().position(|e| e.index == base) else {
        return;
    };
    let better = estimates[..at]
        .iter()
        .position(|e| clearly_better(&e.played, &estimates[at].played));
    let first = better.unwrap_or(at);
    estimates[..=first].rotate_right(1);
}

#[cfg(test)]
mod tests;
