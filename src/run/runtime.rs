//! The state of one run of a ruleset script: the table, the random streams,
//! the choices to replay, who answers past them, and what the run produced
//! since it last reported. The API functions that scripts call read and
//! change it through the script layer's `Host` trait; the engine owns it
//! behind `Rc<RefCell>`.

mod aside;
mod draws;
mod history;
mod hosting;
mod packed;
mod position;
mod reason;
mod snapshot;
mod world_copy;

pub(crate) use history::{History, LONE_CYCLE};
pub(crate) use packed::{Packed, Packer};
use reason::Reason;
pub(crate) use snapshot::Snapshot;
pub(crate) use world_copy::{Position, Unseen};

use super::world::{Watched, Watcher};
use super::{Answerer, Divergence, Event, Link, Plan, Report, Stop};
use crate::game::card::Card;
use crate::game::deal::DealFile;
use crate::game::decision::{Choice, Prompt};
use crate::game::random::Random;
use crate::game::table::Table;
use crate::script::declare::{OptionValue, Options, LONE_OPTION};
use crate::script::error::{ErrorKind, HostFault};
use crate::script::host::{limit, Fallible, Host, Mode, Wiring};
use crate::script::limits::{MAX_DECISIONS, MAX_SAID_PER_GAME, MAX_SAID_PER_STEP};
use crate::script::ScriptError;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;

pub struct Runtime {
    table: Table,
    random: Random,
    /// Bots draw from their own stream, so the game's never depends on them.
    bot_random: Random,
    deal: Option<Arc<DealFile>>,
    /// The deal's seed: a ruleset with deal numbers deals that number.
    seed: u64,
    shuffles: usize,
    /// The group of each shuffle so far: shuffles that mixed face-down
    /// cards of earlier ones share their group, as what the player can not
    /// tell apart (`world_copy.rs`).
    shuffle_groups: Vec<usize>,
    options: rhai::Map,
    /// Choices to replay, and how many have been used.
    replay: Vec<Choice>,
    replayed: usize,
    answerer: Answerer,
    /// A decision with one option is taken and said, not asked.
    take_lone_option: bool,
    link: Option<Rc<Link>>,
    mode: Mode,
    record_events: bool,
    checks: Checks,
    /// Decisions taken this run, replayed or new.
    decisions: usize,
    /// What happened since the run last reported.
    news: Vec<Event>,
    /// Bytes said since the last decision, and in the whole run.
    said_in_step: usize,
    said_in_game: usize,
    taken: Vec<Choice>,
    /// Every choice of this run, kept for a traced rerun.
    made: Vec<Choice>,
    stop: Option<Stop>,
    /// A live run abandoned for another: the plan to start next.
    restart: Option<Plan>,
    diverged: Option<Divergence>,
    wiring: Wiring,
    /// What the player sees, when watched (hints, worlds).
    watcher: Option<Watcher>,
    /// A world at the player's moment must call `fn redeal_unseen`.
    redeal_due: bool,
    /// Cards' values by the rule that reckoned them, this run (declared
    /// moves): a ruleset names one or two rules, found faster in a list
    /// than by hashing their names.
    values: RuleValues,
    /// The search a solver's run tells its decisions (`run/solve.rs`).
    steering: Option<crate::run::steer::Steering>,
    /// The positions a game of positions has been through.
    history: History,
    /// Labels built or not whatever else says (a search's copies list
    /// none; a world checks its first options by them).
    labels: Option<bool>,
    /// Where a copy a bot tried a move on ended (`ended()`), or `()`.
    trial_end: rhai::Dynamic,
    /// Why the bot chose as it did, in its own words (`because`).
    reason: Reason,
    /// Numbers and shuffles drawn from the game's stream this run (not the
    /// bots'): a hint's search keeps its answer only if it drew none
    /// (`draws.rs`). No snapshot holds it, so a restore never lowers it.
    drawn: u64,
    /// Numbers the rules drew this run (not shuffles, not a bot's): what
    /// they made may lie hidden where no copy can draw it again
    /// (`world_copy.rs`).
    rolled: u64,
}

/// A rule's values by card, hashed with `ahash` rather than the standard
/// `SipHash`: a lookup is on every card a listing reads (`SipHash` cost 442
/// instructions a lookup), and the keys are the run's own cards.
pub(crate) type CardValues = HashMap<Card, i64, ahash::RandomState>;

/// Every value a rule gave a card this run, by the rule's name: what a
/// refusal reads to say a card falls short (`session/refusal/stacked.rs`).
pub(crate) type RuleValues = Vec<(String, CardValues)>;

/// What a run checks as it goes, beyond the rules themselves.
#[derive(Clone, Copy, Debug)]
struct Checks {
    /// Card conservation at every decision and at the end.
    cards: bool,
    /// Each new decision looked at as a player meets it (`inspect`).
    decisions: bool,
}

impl Runtime {
    pub(crate) fn new(wiring: Wiring) -> Runtime {
        Runtime {
            table: Table::default(),
            random: Random::new(0),
            bot_random: Random::new(0),
            deal: None,
            seed: 0,
            shuffles: 0,
            shuffle_groups: Vec::new(),
            options: rhai::Map::new(),
            replay: Vec::new(),
            replayed: 0,
            answerer: Answerer::Person,
            take_lone_option: true,
            link: None,
            mode: Mode::TopLevel,
            record_events: true,
            checks: Checks {
                cards: cfg!(debug_assertions),
                decisions: false,
            },
            decisions: 0,
            news: Vec::new(),
            said_in_step: 0,
            said_in_game: 0,
            taken: Vec::new(),
            made: Vec::new(),
            stop: None,
            restart: None,
            diverged: None,
            wiring,
            watcher: None,
            redeal_due: false,
            values: Vec::new(),
            steering: None,
            history: History::default(),
            labels: None,
            trial_end: rhai::Dynamic::UNIT,
            reason: Reason::default(),
            drawn: 0,
            rolled: 0,
        }
    }

    /// A fresh run of `plan`, still wired to the engine's callback.
    pub(crate) fn begin(&mut self, plan: Plan, link: Option<Rc<Link>>) {
        *self = Runtime::new(self.wiring.clone());
        self.wiring.decided.set(true);
        self.random = Random::new(plan.deal.seed);
        self.bot_random = Random::new(plan.deal.seed ^ 0x05EE_DB07);
        self.deal = plan.deal.stack;
        self.seed = plan.deal.seed;
        self.set_options(&plan.options);
        self.replay = plan.choices;
        self.answerer = plan.answerer;
        self.link = link;
        self.record_events = plan.record_events;
        self.checks = Checks {
            cards: plan.check_cards,
            decisions: plan.inspect,
        };
        self.mode = Mode::Play;
        self.watcher = Watcher::new(plan.watch, self.wiring.has_redeal, plan.deal.seed);
        self.redeal_due = false;
        self.steering = plan.steering;
    }

    /// The ruleset's options as the game was set up with them (a world made
    /// from a copy takes them here, for it begins no run).
    pub(crate) fn set_options(&mut self, options: &Options) {
        self.options = options
            .iter()
            .map(|(k, v)| (k.as_str().into(), v.to_dynamic()))
            .collect();
        self.take_lone_option = !matches!(
            options.get(LONE_OPTION),
            Some(OptionValue::Text(policy)) if policy == "ask"
        );
    }

    /// Whether a world has just reached the player's moment in a ruleset
    /// that deals afresh what the player has not seen (`fn redeal_unseen`):
    /// true once.
    pub(crate) fn take_redeal(&mut self) -> bool {
        std::mem::take(&mut self.redeal_due)
    }

    pub(crate) fn watching(&self) -> bool {
        self.watcher
            .as_ref()
            .is_some_and(|w| !w.rejected && (!w.is_world() || w.in_past()))
    }

    /// Whether the decision to come must digest the text of the ruleset's
    /// view and status (`world.rs`, `Watcher::wants_told`).
    pub(crate) fn wants_told(&self) -> bool {
        let shows_state =
            (self.wiring.has_view || self.wiring.has_status) && !self.table.state.is_empty();
        self.watcher
            .as_ref()
            .is_some_and(|w| w.wants_told(&self.table, shows_state))
    }

    /// A decision put to the player, when watched (`told`: what the
    /// ruleset's view and status show of its named state, where they show
    /// it): false if this world
    /// shows something the real game did not. Once a world is past the
    /// player's moment, its playout keeps no events.
    pub(crate) fn saw(&mut self, prompt: &Prompt, told: Option<&str>) -> bool {
        let Some(watcher) = self.watcher.as_mut() else {
            return true;
        };
        let from = watcher.digested(self.news.len()).min(self.news.len());
        let said: Vec<String> = self.news[from..].iter().map(Event::text).collect();
        let fits = watcher.saw(&said, prompt, &self.table, told);
        if fits && !watcher.in_past() && watcher.is_world() {
            self.record_events = false;
            self.redeal_due = self.wiring.has_redeal;
        }
        fits
    }

    /// The random bot's pick: uniform, from the bots' stream.
    pub(crate) fn random_pick(&mut self, count: usize) -> usize {
        self.bot_random.below(count)
    }

    /// Before a decision or the end: the rules are playing, the cards are
    /// all there, the game has not gone on too long, and the work it is
    /// part of is not due to stop (`script::cancel`: the engine reads that
    /// every few thousand operations, which a playout of short steps may
    /// take thousands of decisions to reach).
    pub(crate) fn may_decide(&self, what: &str) -> Fallible<()> {
        self.may_change(what)?;
        if crate::script::cancel::due() {
            return Err(HostFault::boxed(
                ErrorKind::Interrupted,
                "stopped: the work's time ran out, or it was called off".into(),
            ));
        }
        if self.checks.cards {
            self.table
                .check_conservation()
                .map_err(|e| HostFault::boxed(ErrorKind::Conservation, e))?;
        }
        if self.decisions >= MAX_DECISIONS {
            return Err(HostFault::boxed(
                ErrorKind::TooLong,
                format!("the game took more than {MAX_DECISIONS} decisions without ending"),
            ));
        }
        Ok(())
    }

    /// Whether replayed choices are still to come.
    pub(crate) fn replaying(&self) -> bool {
        self.replayed < self.replay.len()
    }

    pub(crate) fn takes_lone_option(&self) -> bool {
        self.take_lone_option
    }

    /// Whether each decision past the replay is looked at as a player would.
    pub(crate) fn inspects(&self) -> bool {
        self.checks.decisions && !self.replaying()
    }

    /// The bots' random stream, to put back after a bot ran only to be looked at.
    pub(crate) fn bot_stream(&self) -> Random {
        self.bot_random.clone()
    }

    pub(crate) fn set_bot_stream(&mut self, stream: Random) {
        self.bot_random = stream;
    }

    pub(crate) fn records_events(&self) -> bool {
        self.record_events
    }

    /// Records a choice by its index alone (a simulation, which never reads
    /// a key or a label).
    pub(crate) fn record_index(&mut self, index: usize) {
        let choice = Choice {
            index,
            key: String::new(),
        };
        self.made.push(choice.clone());
        self.taken.push(choice);
        self.decisions += 1;
        self.said_in_step = 0;
        self.wiring.decided.set(true);
    }

    /// Decisions taken this run, replayed or new (lone options are none).
    pub(crate) fn decisions(&self) -> usize {
        self.decisions
    }

    /// Lists options with labels or without, whatever else says; `None`:
    /// as the run needs them.
    pub(crate) fn force_labels(&mut self, labels: Option<bool>) {
        self.labels = labels;
    }

    pub(crate) fn history_mut(&mut self) -> &mut History {
        &mut self.history
    }

    pub(crate) fn answerer(&self) -> Answerer {
        self.answerer
    }

    pub(crate) fn link(&self) -> Option<Rc<Link>> {
        self.link.clone()
    }

    /// The next choice to replay for `prompt`, matched by key so a save still
    /// loads after options were reordered; records where replay stops fitting.
    pub(crate) fn next_replayed(&mut self, prompt: &Prompt) -> Option<usize> {
        let choice = self.replay.get(self.replayed)?;
        let fits = |i: usize| prompt.options.get(i).is_some_and(|o| o.key == choice.key);
        let index = if fits(choice.index) {
            Some(choice.index)
        } else {
            prompt.options.iter().position(|o| o.key == choice.key)
        };
        if let Some(index) = index {
            self.replayed += 1;
            Some(index)
        } else {
            self.diverged = Some(Divergence {
                at: self.replayed,
                key: choice.key.clone(),
            });
            self.replay.truncate(self.replayed);
            None
        }
    }

    pub(crate) fn record_choice(&mut self, prompt: &Prompt, index: usize) {
        let option = &prompt.options[index];
        let choice = Choice {
            index,
            key: option.key.clone(),
        };
        self.made.push(choice.clone());
        self.taken.push(choice);
        self.decisions += 1;
        self.said_in_step = 0;
        if self.record_events {
            self.news.push(Event::Chose {
                question: prompt.question.clone(),
                label: option.label.clone(),
            });
        }
        self.wiring.decided.set(true);
    }

    /// Why the run stopped, set just before the script is halted.
    pub(crate) fn set_stop(&mut self, stop: Stop) {
        self.stop = Some(stop);
    }

    pub(crate) fn take_stop(&mut self) -> Option<Stop> {
        self.stop.take()
    }

    pub(crate) fn set_restart(&mut self, plan: Plan) {
        self.restart = Some(plan);
    }

    pub(crate) fn take_restart(&mut self) -> Option<Plan> {
        self.restart.take()
    }

    /// Every choice of this run so far, replayed or new.
    pub(crate) fn made(&self) -> Vec<Choice> {
        self.made.clone()
    }

    /// Turns every card face up: a game that has ended shows its whole
    /// table, so a player sees what lay hidden and why it ended so.
    pub(crate) fn show_whole_table(&mut self) {
        for index in 0..self.table.piles().len() {
            self.table.pile_mut(index).set_all_faces(true);
        }
    }

    /// The report of a stop: what happened since the last one (choices,
    /// events, divergence) and the table as it stands.
    pub(crate) fn report(
        &mut self,
        stop: Stop,
        view: Option<Result<String, ScriptError>>,
    ) -> Report {
        Report {
            choices: std::mem::take(&mut self.taken),
            events: std::mem::take(&mut self.news),
            table: self.table.clone(),
            stop,
            view,
            layout: None,
            status: None,
            faces: None,
            diverged: self.diverged.take(),
            watched: self.watcher.take().map(Watched::from),
            values: RuleValues::new(),
        }
    }

    /// The values the ruleset's rules gave cards so far this run.
    pub(crate) fn values(&self) -> &RuleValues {
        &self.values
    }

    /// Keeps what the game said (or the lone option it took), within the
    /// bounds on how much a game may say.
    pub(crate) fn tell(&mut self, event: Event) -> Fallible<()> {
        self.may_change("say")?;
        let len = event.text().len();
        self.charge(len as u64 / 16);
        self.said_in_step += len;
        self.said_in_game += len;
        if self.said_in_step > MAX_SAID_PER_STEP || self.said_in_game > MAX_SAID_PER_GAME {
            return Err(limit(format!(
                "a game may say at most {} KiB between two decisions and {} MiB in all",
                MAX_SAID_PER_STEP >> 10,
                MAX_SAID_PER_GAME >> 20
            )));
        }
        if let Some(watcher) = self.watcher.as_mut() {
            watcher.glimpse(&self.table);
        }
        if self.record_events {
            self.news.push(event);
        }
        Ok(())
    }
}
