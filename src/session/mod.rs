//! A session: ruleset, options, deal and the choices made, with its game
//! kept alive on its own thread (`LiveRun`). A choice is one step of that
//! run; undo, redo, restart, a new deal and reload start a fresh run that
//! replays. A step that fails (a script error, an interrupt) leaves the
//! session where it was: the run is restarted at the last good state.

pub(crate) mod autosave;
pub(crate) mod command;
mod mc_hint;
mod odds;
pub(crate) mod open;
pub(crate) mod places;
pub(crate) mod record_book;
pub(crate) mod refusal;
pub(crate) mod save;
mod search_hint;
pub(crate) mod texts;

use crate::game::decision::{Choice, Prompt};
use crate::game::table::Table;
use crate::run::live::LiveRun;
use crate::run::{
    Answerer, BotChoice, Deal, Divergence, Event, Outcome, Plan, Report, RuleValues, Stop,
};
use crate::script::declare::Options;
use crate::script::face::Faces;
use crate::script::layout::Layout;
use crate::script::status::Status;
use crate::script::{Ruleset, ScriptError};
use std::sync::Arc;

pub struct Session {
    pub ruleset: Arc<Ruleset>,
    pub options: Options,
    pub deal: Deal,
    choices: Vec<Choice>,
    events: Vec<Event>,
    table: Table,
    /// Asking or ended: a failed run is never kept.
    stop: Stop,
    view: Option<Result<String, ScriptError>>,
    layout: Option<Result<Layout, ScriptError>>,
    status: Option<Result<Status, ScriptError>>,
    faces: Option<Result<Faces, ScriptError>>,
    diverged: Option<Divergence>,
    /// Undone choices, the next to redo last.
    redo: Vec<Choice>,
    live: LiveRun,
    /// The last odds worked out, for the decision they were worked out at.
    odds: Option<odds::Kept>,
    /// The values the ruleset's rules gave cards this game.
    values: RuleValues,
}

/// The session's standing: a question to answer, or the game's end.
pub enum Standing<'a> {
    Asking(&'a Prompt),
    Ended(&'a Outcome),
}

impl Session {
    /// Starts a game on `live` (a loaded ruleset) and replays `choices` as
    /// far as they still fit; fails if the script fails before it stops.
    pub fn begin(
        live: LiveRun,
        ruleset: Arc<Ruleset>,
        options: Options,
        deal: Deal,
        choices: Vec<Choice>,
    ) -> Result<Session, ScriptError> {
        let mut session = Session {
            ruleset,
            options,
            deal,
            choices: Vec::new(),
            events: Vec::new(),
            table: Table::default(),
            stop: Stop::Asking(Prompt::default()),
            view: None,
            layout: None,
            status: None,
            faces: None,
            diverged: None,
            redo: Vec::new(),
            live,
            odds: None,
            values: RuleValues::new(),
        };
        let report = session.live.start(session.plan(choices));
        session.replace(report)?;
        Ok(session)
    }

    /// A run of `choices`, under the stop over this thread's work if there
    /// is one (a listing's, a solver's), up to its first decision.
    fn plan(&self, choices: Vec<Choice>) -> Plan {
        let mut plan = Plan::new(
            self.options.clone(),
            self.deal.clone(),
            choices,
            Answerer::Person,
        );
        plan.stop = crate::script::cancel::current();
        plan
    }

    pub fn standing(&self) -> Standing<'_> {
        match &self.stop {
            Stop::Asking(prompt) => Standing::Asking(prompt),
            Stop::Ended(outcome) => Standing::Ended(outcome),
            Stop::Failed(_) => unreachable!("a failed run is never kept"),
        }
    }

    pub fn prompt(&self) -> Option<&Prompt> {
        match &self.stop {
            Stop::Asking(prompt) => Some(prompt),
            _ => None,
        }
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    /// What a refusal reads besides the table: the declared moves, the
    /// options and the values the rules gave cards this game.
    pub(crate) fn rules(&self) -> refusal::Rules<'_> {
        refusal::Rules {
            kinds: &self.ruleset.declared.moves,
            options: &self.options,
            values: &self.values,
        }
    }

    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub fn choices(&self) -> &[Choice] {
        &self.choices
    }

    /// Where the last replay (load, reload) stopped fitting, if it did.
    pub fn diverged(&self) -> Option<&Divergence> {
        self.diverged.as_ref()
    }

    /// The table as the player sees it: the script's view, if it has one.
    pub fn view(&self) -> Option<&Result<String, ScriptError>> {
        self.view.as_ref()
    }

    /// Where the script would like its piles drawn, if it has `fn layout`.
    pub(crate) fn layout(&self) -> Option<&Result<Layout, ScriptError>> {
        self.layout.as_ref()
    }

    /// The faces of the custom cards, if it has `fn faces`.
    pub(crate) fn faces(&self) -> Option<&Result<Faces, ScriptError>> {
        self.faces.as_ref()
    }

    /// What the player reads beside the cards, if it has `fn status`.
    pub(crate) fn status(&self) -> Option<&Result<Status, ScriptError>> {
        self.status.as_ref()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes option `index` of the current prompt: one step of the live run.
    pub fn choose(&mut self, index: usize) -> Result<(), ScriptError> {
        if self.prompt().is_none() {
            return Err(over("choose"));
        }
        self.resume()?;
        if self.prompt().is_none() {
            return Err(over("choose"));
        }
        let report = self.live.answer(index);
        if let Stop::Failed(error) = report.stop {
            self.recover();
            return Err(error);
        }
        self.choices.extend(report.choices);
        self.events.extend(report.events);
        self.table = report.table;
        self.stop = report.stop;
        self.view = report.view;
        self.layout = report.layout;
        self.status = report.status;
        self.faces = report.faces;
        self.values = report.values;
        self.diverged = None;
        self.redo.clear();
        Ok(())
    }

    /// Takes back the last choice; false when there is none.
    pub fn undo(&mut self) -> Result<bool, ScriptError> {
        let mut choices = self.choices.clone();
        let Some(last) = choices.pop() else {
            return Ok(false);
        };
        self.rerun(choices)?;
        self.redo.push(last);
        Ok(true)
    }

    /// Makes the last undone choice again; false when there is none.
    pub fn redo(&mut self) -> Result<bool, ScriptError> {
        let Some(next) = self.redo.last().cloned() else {
            return Ok(false);
        };
        let mut choices = self.choices.clone();
        choices.push(next);
        self.rerun(choices)?;
        self.redo.pop();
        Ok(true)
    }

    /// Takes back up to `n` choices in one replay; how many it took back.
    pub fn undo_many(&mut self, n: usize) -> Result<usize, ScriptError> {
        let keep = self.choices.len().saturating_sub(n);
        let undone = self.choices[keep..].to_vec();
        if undone.is_empty() {
            return Ok(0);
        }
        self.rerun(self.choices[..keep].to_vec())?;
        // Redo pops from the end: the earliest undone choice goes last.
        self.redo.extend(undone.iter().rev().cloned());
        Ok(undone.len())
    }

    /// Makes up to `n` undone choices again in one replay; how many.
    pub fn redo_many(&mut self, n: usize) -> Result<usize, ScriptError> {
        let count = n.min(self.redo.len());
        if count == 0 {
            return Ok(0);
        }
        let rest = self.redo.len() - count;
        let mut choices = self.choices.clone();
        choices.extend(self.redo[rest..].iter().rev().cloned());
        self.rerun(choices)?;
        self.redo.truncate(rest);
        Ok(count)
    }

    /// The labels of the choices made, in order.
    pub(crate) fn chosen_labels(&self) -> Vec<String> {
        self.events
            .iter()
            .filter_map(|e| match e {
                Event::Chose { label, .. } => Some(label.clone()),
                Event::Say(_) | Event::Took { .. } => None,
            })
            .collect()
    }

    /// What the game said since the last choice: the news before a question.
    pub(crate) fn news(&self) -> &[Event] {
        let start = self
            .events
            .iter()
            .rposition(Event::is_choice)
            .map_or(0, |i| i + 1);
        &self.events[start..]
    }

    /// How many undone choices `redo` can make again.
    pub fn redo_len(&self) -> usize {
        self.redo.len()
    }

    /// The same deal from its start; the choices can be redone one by one.
    pub fn restart(&mut self) -> Result<(), ScriptError> {
        let taken = self.choices.clone();
        self.rerun(Vec::new())?;
        // Redo pops from the end: after the old redo stack, the last choice
        // first, so the first choice comes out first.
        self.redo.extend(taken.into_iter().rev());
        Ok(())
    }

    /// A fresh deal from another seed, with the same ruleset and options.
    pub fn new_deal(&mut self, seed: u64) -> Result<(), ScriptError> {
        let old = std::mem::replace(&mut self.deal, Deal { seed, stack: None });
        if let Err(error) = self.rerun(Vec::new()) {
            self.deal = old;
            return Err(error);
        }
        self.redo.clear();
        Ok(())
    }

    /// Swaps in a reloaded ruleset (on its own `live` run) and replays the
    /// choices as far as they fit; options it no longer declares are dropped.
    pub fn reload(&mut self, live: LiveRun, ruleset: Arc<Ruleset>) -> Result<(), ScriptError> {
        let mut options = ruleset.declared.defaults();
        for (name, value) in &self.options {
            let fits = ruleset.option(name).is_some_and(|o| o.check(value).is_ok());
            if fits {
                options.insert(name.clone(), value.clone());
            }
        }
        let next = Session::begin(
            live,
            ruleset,
            options,
            self.deal.clone(),
            self.choices.clone(),
        )?;
        *self = next;
        Ok(())
    }

    /// What the ruleset's own bot would choose now, and why if it says:
    /// `None` when it has no bot or there is no decision.
    pub fn bot_choice(&mut self) -> Option<Result<BotChoice, ScriptError>> {
        self.prompt()?;
        if !self.ruleset.has_bot() {
            return None;
        }
        Some(self.live.hint())
    }

    /// Ends the session, keeping its thread for another game of the same ruleset.
    pub fn into_live(self) -> LiveRun {
        self.live
    }

    pub fn option_text(&self, name: &str) -> String {
        self.options
            .get(name)
            .map(ToString::to_string)
            .unwrap_or_default()
    }

    /// Runs `choices` from the start; keeps the new run only if it did not fail.
    fn rerun(&mut self, choices: Vec<Choice>) -> Result<(), ScriptError> {
        let report = self.live.start(self.plan(choices));
        if let Stop::Failed(error) = report.stop {
            self.recover();
            return Err(error);
        }
        self.replace(report)
    }

    /// Takes a fresh run's report as the whole state.
    fn replace(&mut self, report: Report) -> Result<(), ScriptError> {
        if let Stop::Failed(error) = report.stop {
            return Err(error);
        }
        self.choices = report.choices;
        self.events = report.events;
        self.table = report.table;
        self.stop = report.stop;
        self.view = report.view;
        self.layout = report.layout;
        self.status = report.status;
        self.faces = report.faces;
        self.values = report.values;
        self.diverged = report.diverged;
        Ok(())
    }

    /// A run whose recovery failed (`recover`) is started again before the
    /// next step, so that step meets the cause again, not a missing run;
    /// started, it is the state again (its view replaces the error shown).
    pub(crate) fn resume(&mut self) -> Result<(), ScriptError> {
        if self.live.is_asking() || self.prompt().is_none() {
            return Ok(());
        }
        let report = self.live.start(self.plan(self.choices.clone()));
        self.replace(report)
    }

    /// After a failed step the run is gone: start it again at the last good
    /// state, which replays to the same place as before.
    fn recover(&mut self) {
        let report = self.live.start(self.plan(self.choices.clone()));
        if let Stop::Failed(error) = &report.stop {
            // The same choices failed now and not before: nothing sensible
            // is left to show but the error.
            self.view = Some(Err(error.clone()));
        }
    }
}

fn over(what: &str) -> ScriptError {
    ScriptError::new(
        crate::script::error::ErrorKind::Runtime,
        format!("the game is over: there is nothing to {what}"),
    )
}
