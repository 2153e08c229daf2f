//! `delve check`: random play, and the ruleset's own bot (or the one bot
//! `--bot` names: random, heuristic or mc), with every
//! invariant checked, and every decision looked at as a player meets it
//! (the view, each label and key, the bot behind `hint`). A failure names
//! the seed and the choices, as a transcript that `delve replay` plays back.
//! Configurations and runs of seeds are checked in parallel on every core.

mod checked;
mod configurations;
mod failed_games;
mod seed_game;

use crate::commands::bots::Bot;
use crate::run::live::LiveRun;
use crate::run::Program;
use crate::run::{Report, Stop};
use crate::script::error::ErrorKind;
use crate::session::open::{options_for, Setting, UsageError};
use anyhow::Result;
pub use checked::Checked;
pub use configurations::{configurations_of, every_configuration, Configuration};
pub(crate) use failed_games::{transcripts_folder, write_transcript};
use rayon::prelude::*;
use seed_game::Game;

/// A broken invariant, with what it takes to see it again.
#[derive(Debug)]
pub struct Failure {
    /// The ruleset and options of the game, as checked.
    pub game: String,
    pub opts: Vec<Setting>,
    pub seed: u64,
    pub invariant: &'static str,
    pub detail: String,
    /// The transcript that replays the game up to the failure.
    pub transcript: String,
}

/// Why the session checks of a seed stopped: an invariant the rules broke,
/// or the machine (a thread it would not start), which says nothing of
/// the rules and is no failure of theirs.
enum Broken {
    Rules(Box<Failure>),
    Machine(anyhow::Error),
}

impl From<Failure> for Broken {
    fn from(failure: Failure) -> Broken {
        Broken::Rules(Box::new(failure))
    }
}

/// Checks `games` games from seed `first`, played by `bot` (or none: a
/// random game and one of the ruleset's own bot); the first failure stops it.
pub fn check(
    game: &str,
    opts: &[Setting],
    first: u64,
    games: u64,
    bot: Option<Bot>,
) -> Result<Checked> {
    let program = Program::load_named(game)?;
    if let Some(bot) = bot {
        bot.plays(program.ruleset(), game)?;
    }
    let options = options_for(program.ruleset(), opts)?;
    let (mut live, _) = LiveRun::load(program.ruleset().file.clone())?;
    let mut checked = Checked::default();
    if games == 0 {
        return Ok(checked);
    }
    let last = program
        .ruleset()
        .check_seeds(first, games)
        .map_err(UsageError)?;
    for seed in first..=last {
        let game = Game {
            program: &program,
            bot,
            options: &options,
            seed,
            opts,
        };
        let seen = match game.played() {
            Ok(seen) => seen,
            Err(failure) => {
                checked.failure = Some(failure);
                return Ok(checked);
            }
        };
        if let Some(capped) = seen.capped {
            checked.capped += 1;
            checked.first_capped.get_or_insert(capped);
        }
        // Undo, redo and save are tried on a game that ended.
        if capped(&seen.report) {
            continue;
        }
        live = match game.session_moves(live, &seen.report.choices) {
            Ok(live) => live,
            Err(Broken::Rules(failure)) => {
                checked.failure = Some(*failure);
                return Ok(checked);
            }
            Err(Broken::Machine(error)) => return Err(error),
        };
    }
    Ok(checked)
}

/// Whether the game stopped at the cap on decisions.
fn capped(report: &Report) -> bool {
    matches!(&report.stop, Stop::Failed(error) if error.kind == ErrorKind::TooLong)
}

/// Checks each configuration on seeds `first..first + games` (without
/// `first`, from each ruleset's first seed), on every core; for each, in
/// order, its first failure (by seed) or none, and its games that reached
/// the cap. A configuration none of whose games ended fails "the game ends".
pub fn check_all(
    configurations: &[Configuration],
    first: Option<u64>,
    games: u64,
    bot: Option<Bot>,
) -> Result<Vec<Checked>> {
    let firsts = first_seeds(configurations, first, games)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .stack_size(crate::threads::STACK)
        .build()
        .map_err(crate::threads::no_pool)?;
    // Enough runs of seeds to keep every core busy, even for one configuration.
    let wanted = pool.current_num_threads() * 2;
    let parts = wanted.div_ceil(configurations.len().max(1)) as u64;
    let size = games.div_ceil(parts).max(1);
    let mut runs = Vec::new();
    for (at, configuration) in configurations.iter().enumerate() {
        // By offset from the first seed, so the last seed may be 2^64 - 1.
        let mut offset = 0;
        while offset < games {
            let count = size.min(games - offset);
            runs.push((at, configuration, firsts[at] + offset, count));
            offset += count;
        }
    }
    let found: Vec<(usize, Checked)> = pool.install(|| {
        runs.par_iter()
            .map(|(at, (game, opts), start, count)| {
                check(game, opts, *start, *count, bot).map(|checked| (*at, checked))
            })
            .collect::<Result<_>>()
    })?;
    // Runs are in seed order within a configuration: the first found is the lowest seed's.
    let mut checked: Vec<Checked> = configurations.iter().map(|_| Checked::default()).collect();
    for (at, found) in found {
        checked[at].then(found);
    }
    for one in &mut checked {
        if one.failure.is_none() && games > 0 && one.capped == games {
            one.failure = one.first_capped.take();
        }
    }
    Ok(checked)
}

/// Each configuration's first seed: `first`, else its ruleset's first;
/// every seed of the run checked to deal a game of it.
fn first_seeds(
    configurations: &[Configuration],
    first: Option<u64>,
    games: u64,
) -> Result<Vec<u64>> {
    let mut known: Vec<(&str, u64)> = Vec::new();
    let mut firsts = Vec::with_capacity(configurations.len());
    for (game, _) in configurations {
        if let Some(&(_, seed)) = known.iter().find(|(g, _)| g == game) {
            firsts.push(seed);
            continue;
        }
        let program = Program::load_named(game)?;
        let ruleset = program.ruleset();
        let seed = first.unwrap_or_else(|| ruleset.first_seed());
        ruleset.check_seeds(seed, games).map_err(UsageError)?;
        known.push((game, seed));
        firsts.push(seed);
    }
    Ok(firsts)
}

/// For each ruleset whose own bot plays in the check and reads rules its
/// variant replaces, what to tell of it (`bots::unknowing_bot`): the
/// invariants hold whoever plays, but the bot's games judge no rule.
pub(crate) fn unknowing_bots(configurations: &[Configuration], bot: Option<Bot>) -> Vec<String> {
    if !matches!(bot, None | Some(Bot::Heuristic)) {
        return Vec::new();
    }
    let mut games: Vec<&str> = configurations.iter().map(|(g, _)| g.as_str()).collect();
    games.dedup();
    games
        .into_iter()
        .filter_map(|game| {
            let program = Program::load_named(game).ok()?;
            crate::commands::bots::unknowing_bot(&program, game)
        })
        .collect()
}
