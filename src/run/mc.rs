//! Determinized Monte Carlo: each option of the current decision played out
//! in many worlds the player can not tell from the real game (`world.rs`),
//! by a rollout policy (the random bot or the ruleset's own). The real game
//! is run only to learn what the player saw; no world reads a face-down
//! card of it. The worlds are drawn from the settings' seed alone, in
//! order, so an estimate is the same on any machine and for any `--jobs`.
//! An option surely worse after a few worlds is played in no more of them.
//! A person's hint plays on until its verdict (`judge.rs`), on every core
//! (`cores.rs`); a bot's decision plays a fixed number of worlds on its
//! own thread and takes an option by the bot's own rule (`pick.rs`).

use super::pick::Played;
use super::world::{Sight, Watch};
use super::{play, Answerer, Deal, Outcome, Plan, Program, Stop};
use crate::game::decision::{Choice, Prompt};
use crate::script::declare::Options;
use crate::script::shape::Shape;
use std::sync::Arc;
use std::time::Duration;

mod alike;
mod anytime;
mod compare;
mod copies;
mod cores;
mod failure;
mod gather;
mod judge;
mod margin;
mod playout;
use crate::script::negligible::Negligible;
use crate::script::objective::Objective;
pub(crate) use alike::Alike;
pub(crate) use compare::{Difference, Measure};
pub(crate) use cores::estimate_on_cores;
pub(crate) use failure::Failure;
use gather::gather;
#[cfg(test)]
use gather::{rank, MOST_WORLDS};
pub(crate) use judge::{alike_with, Kind, FEWEST_WORLDS};
use playout::play_world;

/// How hard to look.
#[derive(Clone, Debug)]
pub(crate) struct Settings {
    /// Worlds accepted per estimate; every option is played once in each.
    pub worlds: usize,
    /// Who plays after the option: the random bot or the ruleset's own.
    pub rollout: Answerer,
    pub seed: u64,
    /// Stop early after this long: on one thread (the mc bot) once it has
    /// a world; on every core (a hint, `cores.rs`) every world still
    /// playing is called off then, the first too.
    pub budget: Option<Duration>,
    /// Stop playing an option once it is surely worse
    /// (`pick::drop_the_surely_worse`).
    pub prune: bool,
    /// Stop once every other option is left: a bot needs only the choice,
    /// a person reading a hint also the winner's figures.
    pub settle: bool,
    /// A person's hint: past `worlds`, play on until the verdict (the best
    /// group surely better than every other option still played) or the
    /// budget's end, leaving options and naming the one to take by the
    /// hint's rule (`judge.rs`), not the bot's.
    pub until_separated: bool,
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
            until_separated: false,
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
    /// Each accepted world's result, in the order of the worlds, its score
    /// as ranked (`Objective::ranked`: higher is better).
    played: Vec<Played>,
    /// The key of the position each accepted world came to after this
    /// option (none where the world was a replay, or the game ended).
    keys: Vec<Option<u64>>,
    /// This option minus the best one, over the same worlds (none for the
    /// best itself).
    pub versus_best: Option<Difference>,
    /// Its group of options alike (0: the best's), once ranked.
    pub group: usize,
    /// How it is alike with the others of its group, if it has others.
    pub alike: Option<Alike>,
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

/// The options best first by estimate, the one to take, and how many
/// worlds were tried and accepted.
#[derive(Clone, Debug)]
pub(crate) struct Estimates {
    pub options: Vec<Estimate>,
    /// The index of the option to take (`pick.rs`), not always the first.
    pub suggested: usize,
    pub worlds: usize,
    pub tried: usize,
    /// Cut short (Ctrl-C or the time budget): the best so far.
    pub cut_short: bool,
    /// How long the worlds took, and on how many threads.
    pub elapsed: Duration,
    pub cores: usize,
    /// Its worlds were made from copies of the position, not by replays.
    pub from_copies: bool,
    /// Why a game of positions' worlds replayed, where they did.
    pub replays_because: Option<&'static str>,
    /// What the ranking is by.
    pub objective: Objective,
    /// The verdict is that no option beats the one to take by more than
    /// these margins, which the ruleset counts as nothing.
    pub negligible: Option<Negligible>,
    /// A verdict: the best group is surely better than every other option
    /// (or there is no other).
    pub answered: bool,
    /// Which kind of verdict it is; none without one.
    pub kind: Option<Kind>,
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
    /// In a game of positions whose hidden cards all came from shuffles
    /// (or that deals them afresh itself), the position to make worlds
    /// from with no replay.
    copy: Option<Box<copies::Copyable>>,
    /// Why a game of positions' worlds replay, where they do.
    replays_because: Option<&'static str>,
    /// What the ruleset's player plays for.
    objective: Objective,
    /// The difference between options it counts as nothing.
    negligible: Negligible,
}

impl Moment {
    /// The keys of the player's options, in order.
    fn keys(&self) -> Vec<String> {
        self.prompt.options.iter().map(|o| o.key.clone()).collect()
    }

    /// Whether its worlds are made from copies of the position.
    pub(crate) fn copied(&self) -> bool {
        self.copy.is_some()
    }

    /// Whether the player sees everything here: a game of positions with
    /// no face-down card the player has not seen (the host's own account,
    /// as its worlds deal them), so every world would be this very game.
    pub(crate) fn hides_nothing(&self) -> bool {
        self.copy.as_ref().is_some_and(|c| c.unseen.is_empty())
    }
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
                let mut replays_because = None;
                let copy = (program.ruleset().shape == Shape::Positions)
                    .then(|| {
                        let host = program.host().borrow();
                        let unseen = host
                            .unseen_places(&watched.sight)
                            .map_err(|why| replays_because = Some(why))
                            .ok()?;
                        Some(Box::new(copies::Copyable {
                            position: host.position_now(),
                            unseen,
                        }))
                    })
                    .flatten();
                Ok(Looked::At(Moment {
                    choices: choices.to_vec(),
                    prompt,
                    sight: watched.sight,
                    copy,
                    replays_because,
                    objective: program.ruleset().declared.objective,
                    negligible: program.ruleset().declared.negligible,
                }))
            }
            Stop::Ended(outcome) => Ok(Looked::Ended(outcome)),
            Stop::Failed(error) => Err(Failure::Script(error)),
        }
    }
}

/// Estimates every option of the decision at `moment` on this thread;
/// `stop` is polled between playouts (Ctrl-C), and `progress` told of each
/// world.
pub(crate) fn estimate(
    program: &Program,
    options: &Options,
    moment: &Moment,
    settings: &Settings,
    stop: &dyn Fn() -> bool,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Estimates, Failure> {
    let mut w = 0;
    gather(moment, settings, stop, progress, &mut |alive| {
        let seed = world_seed(settings.seed, moment.choices.len(), w);
        w += 1;
        Ok(world(program, options, moment, settings, seed, alive, stop))
    })
}

/// World `seed` of an estimate: from a copy of the position where the
/// moment has one, else by a replay of the real game's choices.
fn world(
    program: &Program,
    options: &Options,
    moment: &Moment,
    settings: &Settings,
    seed: u64,
    alive: &[bool],
    stop: &dyn Fn() -> bool,
) -> playout::World {
    if moment.copy.is_some() {
        copies::play_world(program, options, moment, settings, seed, alive, stop)
    } else {
        play_world(program, options, moment, settings, seed, alive, stop)
    }
}

#[cfg(test)]
mod tests;
