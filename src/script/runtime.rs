//! The state of one run of a ruleset script: the table, the random source,
//! the choices to replay, and what the run produced. The API functions that
//! scripts call read and change it; the engine owns it behind `Rc<RefCell>`.

use crate::card::Card;
use crate::deal::DealFile;
use crate::decider::{Choice, Decider, Prompt};
use crate::pile::Placed;
use crate::random::Random;
use crate::table::Table;
use std::cell::Cell;
use std::rc::Rc;

/// Something the game said or did, in order; the log and transcripts show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Say(String),
    Chose { question: String, label: String },
}

/// How a game ended, as the script's `end(outcome, score, summary)` put it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub outcome: String,
    /// A number, or text when a game scores in another shape (e.g. `3/41`).
    pub score: serde_json::Value,
    pub summary: String,
}

impl Outcome {
    pub fn is_win(&self) -> bool {
        self.outcome == "win"
    }

    pub fn score_text(&self) -> String {
        match &self.score {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        }
    }
}

/// Why the script stopped running.
#[derive(Clone, Debug)]
pub enum Stop {
    /// At a decision past the replayed choices, with no bot to answer it.
    Asking(Prompt),
    Ended(Outcome),
}

/// A replayed choice that no longer fits (the script changed): its position
/// and the key that was not offered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Divergence {
    pub at: usize,
    pub key: String,
}

/// Most decisions a game may take: a bound that makes an endless game an error.
pub const MAX_DECISIONS: usize = 20_000;

pub struct Runtime {
    pub table: Table,
    pub random: Random,
    pub deal: Option<Rc<DealFile>>,
    pub shuffles: usize,
    pub options: rhai::Map,
    /// Choices to replay, and how many have been used.
    pub replay: Vec<Choice>,
    pub replayed: usize,
    /// Every choice taken this run, replayed or new.
    pub choices: Vec<Choice>,
    pub events: Vec<Event>,
    pub record_events: bool,
    pub stop: Option<Stop>,
    pub diverged: Option<Divergence>,
    pub bot: Option<Box<dyn Decider>>,
    /// The script's `fn bot` answers decisions past the replayed ones.
    pub script_bot: bool,
    /// How many decisions a bot may still take (a hint takes one).
    pub bot_turns: usize,
    /// While a bot decides, face-down cards are hidden from the script.
    pub hide_face_down: bool,
    /// Check card conservation at every decision and at the end.
    pub check_cards: bool,
    /// Set by each decision; the operation counter starts again from there.
    /// Shared with the engine's progress callback, which runs on every operation.
    pub decided: Rc<Cell<bool>>,
}

impl Runtime {
    pub fn new() -> Runtime {
        Runtime {
            table: Table::default(),
            random: Random::new(0),
            deal: None,
            shuffles: 0,
            options: rhai::Map::new(),
            replay: Vec::new(),
            replayed: 0,
            choices: Vec::new(),
            events: Vec::new(),
            record_events: true,
            stop: None,
            diverged: None,
            bot: None,
            script_bot: false,
            bot_turns: usize::MAX,
            hide_face_down: false,
            check_cards: cfg!(debug_assertions),
            decided: Rc::new(Cell::new(true)),
        }
    }

    /// A fresh runtime for the next run, still wired to the engine's callback.
    pub fn reset(&mut self) {
        let decided = self.decided.clone();
        *self = Runtime::new();
        decided.set(true);
        self.decided = decided;
    }

    /// Cards may be created only while setting up: before the first decision.
    pub fn in_setup(&self) -> bool {
        self.choices.is_empty()
    }

    /// Whether the script may see this card now: not face down while a bot decides.
    pub fn sees(&self, placed: &Placed) -> bool {
        placed.face_up || !self.hide_face_down
    }

    pub fn seen(&self, placed: &Placed) -> Result<Card, Box<rhai::EvalAltResult>> {
        match self.sees(placed) {
            true => Ok(placed.card.clone()),
            false => Err("a bot sees only what the player sees: this card is face down".into()),
        }
    }

    pub fn say(&mut self, text: String) {
        if self.record_events {
            self.events.push(Event::Say(text));
        }
    }

    /// The next choice to replay for `prompt`, matched by key so a save still
    /// loads after options were reordered; records where replay stops fitting.
    pub fn next_replayed(&mut self, prompt: &Prompt) -> Option<usize> {
        let choice = self.replay.get(self.replayed)?;
        let fits = |i: usize| prompt.options.get(i).is_some_and(|o| o.key == choice.key);
        let index = if fits(choice.index) {
            Some(choice.index)
        } else {
            prompt.options.iter().position(|o| o.key == choice.key)
        };
        match index {
            Some(index) => {
                self.replayed += 1;
                Some(index)
            }
            None => {
                self.diverged = Some(Divergence {
                    at: self.replayed,
                    key: choice.key.clone(),
                });
                self.replay.truncate(self.replayed);
                None
            }
        }
    }

    pub fn record_choice(&mut self, prompt: &Prompt, index: usize) {
        let option = &prompt.options[index];
        self.choices.push(Choice {
            index,
            key: option.key.clone(),
        });
        if self.record_events {
            self.events.push(Event::Chose {
                question: prompt.question.clone(),
                label: option.label.clone(),
            });
        }
        self.decided.set(true);
    }
}

impl Default for Runtime {
    fn default() -> Self {
        Runtime::new()
    }
}
