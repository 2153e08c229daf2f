//! One world of an estimate: the real game's choices replayed with what the
//! player has not seen dealt afresh, then each option still played, each
//! followed by the rollout player to the end. A world counts for every
//! option or for none, so options are judged on the same worlds.

use super::super::world::Watch;
use super::super::{play, Answerer, Deal, Outcome, Plan, Program, Report, Stop};
use super::{Moment, Settings};
use crate::game::decision::Choice;
use crate::script::declare::Options;
use crate::script::error::ErrorKind;
use crate::script::ScriptError;

/// What one world gave.
pub(super) enum World {
    /// The player could have told it from the real game: left out.
    Rejected,
    /// A playout never ended (a rollout player lost in a world its author
    /// never met): left out too, for it tells nothing of the options.
    Endless,
    /// Each option's outcome (`None` for one no longer played), the key of
    /// the position each came to (where the world knows it: one made from
    /// a copy; else empty), and the option the ruleset's bot took there,
    /// when it rolls out.
    Accepted {
        results: Vec<Option<Outcome>>,
        keys: Vec<Option<u64>>,
        bot_took: Option<usize>,
    },
    /// Ctrl-C came during a playout.
    Stopped,
    Failed(ScriptError),
}

/// Plays world `seed` at `moment` for every option `alive` says is still
/// played.
pub(super) fn play_world(
    program: &Program,
    options: &Options,
    moment: &Moment,
    settings: &Settings,
    seed: u64,
    alive: &[bool],
    stop: &dyn Fn() -> bool,
) -> World {
    let mut results: Vec<Option<Outcome>> = vec![None; alive.len()];
    let mut bot_took = None;
    // With the ruleset's bot rolling out, its own game from here is the
    // rollout of the option it takes, and tells which that is.
    let runs = (settings.rollout == Answerer::ScriptBot)
        .then_some(None)
        .into_iter()
        .chain((0..alive.len()).map(Some));
    for option in runs {
        let mut path = moment.choices.clone();
        if let Some(i) = option {
            if bot_took == Some(i) || !alive[i] {
                continue;
            }
            path.push(Choice {
                index: i,
                key: moment.prompt.options[i].key.clone(),
            });
        }
        let report = run(program, options, seed, path, settings, moment);
        if report.watched.as_ref().is_some_and(|w| w.rejected) {
            return World::Rejected;
        }
        match report.stop {
            Stop::Ended(outcome) => {
                let i = match option {
                    Some(i) => i,
                    // An accepted world came to the player's decision, so
                    // the bot made a choice there.
                    None => match report.choices.get(moment.choices.len()) {
                        Some(taken) => *bot_took.insert(taken.index),
                        None => return World::Rejected,
                    },
                };
                results[i] = Some(outcome);
            }
            Stop::Failed(_) if stop() => return World::Stopped,
            Stop::Failed(error) if error.kind == ErrorKind::TooLong => return World::Endless,
            Stop::Failed(error) => return World::Failed(error),
            Stop::Asking(_) => unreachable!("a bot answers every decision"),
        }
    }
    World::Accepted {
        results,
        keys: Vec::new(),
        bot_took,
    }
}

/// One run of a world: the real game's choices (and an option), then the
/// rollout player.
fn run(
    program: &Program,
    options: &Options,
    seed: u64,
    path: Vec<Choice>,
    settings: &Settings,
    moment: &Moment,
) -> Report {
    let mut plan = Plan::new(
        options.clone(),
        Deal { seed, stack: None },
        path,
        settings.rollout,
    );
    plan.check_cards = false;
    plan.watch = Watch::World(moment.sight.clone());
    play(program, plan)
}
