//! `delve check`: random play, and the ruleset's own bot (or the one bot
//! `--bot` names: random, heuristic or mc), with every
//! invariant checked, and every decision looked at as a player meets it
//! (the view, each label and key, the bot behind `hint`). A failure names
//! the seed and the choices, as a transcript that `delve replay` plays back.
//! Configurations and runs of seeds are checked in parallel on every core.

mod checked;
mod configurations;
mod failed_games;

use crate::commands::bots::Bot;
use crate::commands::mc_bot::{self, McBot};
use crate::game::decision::Choice;
use crate::game::table::Table;
use crate::run::live::LiveRun;
use crate::run::Program;
use crate::run::{self, Answerer, Deal, Event, Plan, Report, Stop};
use crate::script::declare::Options;
use crate::script::error::ErrorKind;
use crate::script::ScriptError;
use crate::session::open::{options_for, Setting, UsageError};
use crate::session::save;
use crate::session::Session;
use anyhow::Result;
pub use checked::Checked;
pub use configurations::{configurations_of, every_configuration, Configuration};
pub(crate) use failed_games::{transcripts_folder, write_transcript};
use rayon::prelude::*;

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

/// What must match when the same game is reached twice.
#[derive(Debug, PartialEq)]
struct State {
    table: Table,
    events: Vec<Event>,
    stop: Stop,
}

impl State {
    fn of_report(report: &Report) -> State {
        State {
            table: report.table.clone(),
            events: report.events.clone(),
            stop: report.stop.clone(),
        }
    }

    fn of_session(session: &Session) -> State {
        let stop = match session.prompt() {
            Some(prompt) => Stop::Asking(prompt.clone()),
            None => match session.standing() {
                crate::session::Standing::Ended(outcome) => Stop::Ended(outcome.clone()),
                crate::session::Standing::Asking(_) => unreachable!("checked above"),
            },
        };
        State {
            table: session.table().clone(),
            events: session.events().to_vec(),
            stop,
        }
    }
}

/// A game played and checked: its report, and, if this game or the seed's
/// other reached the cap on decisions, that game (as a failure to replay).
struct Seen {
    report: Report,
    capped: Option<Failure>,
}

/// The game of one seed, for the checks that follow it.
struct Game<'a> {
    program: &'a Program,
    /// The one bot that plays, or none for a random game and one of the
    /// ruleset's own bot.
    bot: Option<Bot>,
    options: &'a Options,
    seed: u64,
    opts: &'a [Setting],
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

impl Game<'_> {
    fn deal(&self) -> Deal {
        Deal {
            seed: self.seed,
            stack: None,
        }
    }

    /// A run that checks cards; a game played afresh (no choices to
    /// replay) also looks at every decision as a player would.
    fn plan(&self, choices: Vec<Choice>, answerer: Answerer) -> Plan {
        let fresh = choices.is_empty();
        let mut plan = Plan::new(self.options.clone(), self.deal(), choices, answerer);
        plan.check_cards = true;
        plan.inspect = fresh;
        plan
    }

    fn fail(&self, invariant: &'static str, detail: String, choices: &[Choice]) -> Failure {
        Failure {
            game: self.program.ruleset().name().to_string(),
            opts: self.opts.to_vec(),
            seed: self.seed,
            invariant,
            detail,
            transcript: transcript(self.program.ruleset().name(), self.seed, self.opts, choices),
        }
    }

    fn script_failed(&self, error: &ScriptError, choices: &[Choice]) -> Failure {
        let invariant = match error.kind {
            ErrorKind::Conservation => "cards are conserved",
            ErrorKind::NoEnding | ErrorKind::TooLong => "the game ends",
            ErrorKind::Prompt => "a player can read every decision (view, labels, keys, hint)",
            ErrorKind::Declaration => {
                "what the ruleset declares of its positions holds (interchangeable, bookkeeping)"
            }
            _ => "no script error",
        };
        self.fail(invariant, error.message.clone(), choices)
    }

    /// The seed's games, each checked; the random one's (or the one bot's)
    /// is the one the session checks go on with.
    fn played(&self) -> Result<Seen, Failure> {
        match self.bot {
            None => {
                let mut random = self.random_play()?;
                if self.program.ruleset().has_bot() {
                    let own = self.own_bot()?;
                    random.capped = random.capped.or(own.capped);
                }
                Ok(random)
            }
            Some(Bot::Random) => self.random_play(),
            Some(Bot::Heuristic) => self.own_bot(),
            Some(Bot::Mc(mc)) => self.mc_play(mc),
            Some(Bot::Solver(_)) => unreachable!("`Bot::chosen` refuses the solver for check"),
        }
    }

    /// A game by the random bot ends without error, and its choices replay it.
    fn random_play(&self) -> Result<Seen, Failure> {
        let played = run::play(self.program, self.plan(Vec::new(), Answerer::RandomBot));
        self.ended(played, "the same choices replay the same game")
    }

    /// The ruleset's own bot: its game ends, and replaying its choices gives
    /// the same game (a bot only reads).
    fn own_bot(&self) -> Result<Seen, Failure> {
        let played = run::play(self.program, self.plan(Vec::new(), Answerer::ScriptBot));
        self.ended(
            played,
            "a game of the ruleset's bot replays from its choices",
        )
    }

    /// A game of the Monte Carlo bot ends without error, and its choices
    /// replay it.
    fn mc_play(&self, bot: McBot) -> Result<Seen, Failure> {
        let game = mc_bot::play(self.program, self.options, self.seed, bot)
            .map_err(|message| self.fail("the game ends", message, &[]))?;
        let played = run::play(self.program, self.plan(game.choices, Answerer::Person));
        self.ended(played, "a game of the mc bot replays from its choices")
    }

    /// A game that ended, checked to replay from its choices (`invariant`);
    /// one that reached the cap on decisions is kept aside, not replayed
    /// (20,000 decisions more say nothing new).
    fn ended(&self, played: Report, invariant: &'static str) -> Result<Seen, Failure> {
        match &played.stop {
            Stop::Ended(_) => {
                self.replays(&played, invariant)?;
                Ok(Seen {
                    report: played,
                    capped: None,
                })
            }
            Stop::Failed(error) if error.kind == ErrorKind::TooLong => Ok(Seen {
                capped: Some(self.script_failed(error, &played.choices)),
                report: played,
            }),
            Stop::Failed(error) => Err(self.script_failed(error, &played.choices)),
            Stop::Asking(_) => Err(self.fail(
                "the game ends",
                "the bot stopped answering".into(),
                &played.choices,
            )),
        }
    }

    fn replays(&self, played: &Report, invariant: &'static str) -> Result<(), Failure> {
        let again = run::play(
            self.program,
            self.plan(played.choices.clone(), Answerer::Person),
        );
        match differs(&State::of_report(played), &State::of_report(&again)) {
            Some(difference) => Err(self.fail(invariant, difference, &played.choices)),
            None => Ok(()),
        }
    }

    /// Undo, redo and save at a point that depends on the seed; returns the
    /// live run for the next game.
    fn session_moves(&self, live: LiveRun, choices: &[Choice]) -> Result<LiveRun, Broken> {
        let at = match choices.len() {
            0 => 0,
            n => (self.seed as usize).wrapping_mul(7919) % n,
        };
        let prefix = &choices[..at];
        let error = |e: ScriptError| Broken::from(self.script_failed(&e, prefix));
        let ruleset = self.program.ruleset().clone();
        let mut session = Session::begin(
            live,
            ruleset,
            self.options.clone(),
            self.deal(),
            prefix.to_vec(),
        )
        .map_err(error)?;
        let before = State::of_session(&session);
        if session.undo().map_err(error)? {
            session.redo().map_err(error)?;
        }
        if let Some(difference) = differs(&before, &State::of_session(&session)) {
            return Err(self
                .fail(
                    "undo then redo returns to the same state",
                    difference,
                    prefix,
                )
                .into());
        }
        let saved = "a save loads back to the same state";
        let dir = tempfile::tempdir().map_err(|e| Broken::Machine(e.into()))?;
        let path = dir.path().join("check.json");
        let trusted = self.program.ruleset().file.path.clone();
        let loaded = save::save_to(
            &session,
            false,
            &path,
            "check.json",
            crate::files::Replace::Nothing,
        )
        .and_then(|()| save::load(&path, "check.json", trusted.as_deref()))
        .map_err(|e| {
            if crate::threads::is_no_thread(&e) {
                Broken::Machine(e)
            } else {
                self.fail(saved, format!("{e:#}"), prefix).into()
            }
        })?;
        if let Some(difference) = differs(&before, &State::of_session(&loaded.session)) {
            return Err(self.fail(saved, difference, prefix).into());
        }
        Ok(session.into_live())
    }
}

/// What differs between two states that should be the same, if anything.
fn differs(a: &State, b: &State) -> Option<String> {
    if a.table != b.table {
        return Some("the table differs".into());
    }
    if a.events != b.events {
        let at = a
            .events
            .iter()
            .zip(&b.events)
            .position(|(x, y)| x != y)
            .unwrap_or(a.events.len().min(b.events.len()));
        return Some(format!(
            "the log differs from entry {}: {:?} against {:?}",
            at + 1,
            a.events.get(at),
            b.events.get(at)
        ));
    }
    if a.stop != b.stop {
        return Some(format!(
            "the end differs: {:?} against {:?}",
            a.stop, b.stop
        ));
    }
    None
}

/// A transcript of the choices, by number as a person would type them.
fn transcript(game: &str, seed: u64, opts: &[Setting], choices: &[Choice]) -> String {
    let mut text = crate::transcript::record::header(game, seed, opts);
    for choice in choices {
        text += &format!("{}\n", choice.index + 1);
    }
    text
}
