//! The game of one seed in `delve check`: played by a bot, replayed from
//! its choices, then undone, redone, saved and loaded at a point the seed
//! picks; each step compared with what it must equal, and a broken
//! invariant told as a failure with a transcript that replays it.

use super::{Broken, Failure};
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
use crate::session::open::Setting;
use crate::session::save;
use crate::session::Session;

/// What must match when the same game is reached twice.
#[derive(Debug, PartialEq)]
pub(super) struct State {
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
pub(super) struct Seen {
    pub(super) report: Report,
    pub(super) capped: Option<Failure>,
}

/// The game of one seed, for the checks that follow it.
pub(super) struct Game<'a> {
    pub(super) program: &'a Program,
    /// The one bot that plays, or none for a random game and one of the
    /// ruleset's own bot.
    pub(super) bot: Option<Bot>,
    pub(super) options: &'a Options,
    pub(super) seed: u64,
    pub(super) opts: &'a [Setting],
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
                "what the ruleset declares of its positions holds (interchangeable, unordered, bookkeeping)"
            }
            _ => "no script error",
        };
        self.fail(invariant, error.message.clone(), choices)
    }

    /// The seed's games, each checked; the random one's (or the one bot's)
    /// is the one the session checks go on with.
    pub(super) fn played(&self) -> Result<Seen, Failure> {
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
    pub(super) fn session_moves(
        &self,
        live: LiveRun,
        choices: &[Choice],
    ) -> Result<LiveRun, Broken> {
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
