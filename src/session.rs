//! A session: ruleset, options, deal and the choices made. Every change
//! (a choice, undo, redo, restart, a new deal, reload) runs the script again
//! from the start; a change whose run fails is rolled back, so the session
//! always stands at its last good state.

use crate::decider::{Choice, Prompt};
use crate::script::{Deal, Outcome, Ruleset, Run, RunEnd, RunPlan, ScriptError};
use crate::table::Table;
use rhai::{Dynamic, Map};
use std::rc::Rc;

pub struct Session {
    pub ruleset: Rc<Ruleset>,
    pub options: Map,
    pub deal: Deal,
    /// Undone choices, the next to redo last.
    redo: Vec<Choice>,
    run: Run,
}

/// The session's standing: a question to answer, or the game's end.
pub enum Standing<'a> {
    Asking(&'a Prompt),
    Ended(&'a Outcome),
}

impl Session {
    /// Starts a game; fails if the script fails before its first decision.
    pub fn start(ruleset: Rc<Ruleset>, options: Map, deal: Deal) -> Result<Session, ScriptError> {
        Session::resume(ruleset, options, deal, Vec::new())
    }

    /// Starts a game and replays `choices` as far as they still fit.
    pub fn resume(
        ruleset: Rc<Ruleset>,
        options: Map,
        deal: Deal,
        choices: Vec<Choice>,
    ) -> Result<Session, ScriptError> {
        let run = ruleset.run(RunPlan::new(options.clone(), deal.clone(), choices));
        if let RunEnd::Failed(error) = run.end {
            return Err(error);
        }
        Ok(Session {
            ruleset,
            options,
            deal,
            redo: Vec::new(),
            run,
        })
    }

    pub fn standing(&self) -> Standing<'_> {
        match &self.run.end {
            RunEnd::Asking(prompt) => Standing::Asking(prompt),
            RunEnd::Ended(outcome) => Standing::Ended(outcome),
            RunEnd::Failed(_) => unreachable!("a failed run is never kept"),
        }
    }

    pub fn prompt(&self) -> Option<&Prompt> {
        match &self.run.end {
            RunEnd::Asking(prompt) => Some(prompt),
            _ => None,
        }
    }

    pub fn table(&self) -> &Table {
        &self.run.table
    }

    pub fn run(&self) -> &Run {
        &self.run
    }

    pub fn choices(&self) -> &[Choice] {
        &self.run.choices
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes option `index` of the current prompt.
    pub fn choose(&mut self, index: usize) -> Result<(), ScriptError> {
        let Some(prompt) = self.prompt() else {
            return Err(ScriptError::plain(
                "the game is over: there is nothing to choose".into(),
            ));
        };
        let choice = Choice {
            index,
            key: prompt.options[index].key.clone(),
        };
        let mut choices = self.run.choices.clone();
        choices.push(choice);
        self.replace(choices)?;
        self.redo.clear();
        Ok(())
    }

    /// Takes back the last choice; false when there is none.
    pub fn undo(&mut self) -> Result<bool, ScriptError> {
        let mut choices = self.run.choices.clone();
        let Some(last) = choices.pop() else {
            return Ok(false);
        };
        self.replace(choices)?;
        self.redo.push(last);
        Ok(true)
    }

    /// Makes the last undone choice again; false when there is none.
    pub fn redo(&mut self) -> Result<bool, ScriptError> {
        let Some(next) = self.redo.last().cloned() else {
            return Ok(false);
        };
        let mut choices = self.run.choices.clone();
        choices.push(next);
        self.replace(choices)?;
        self.redo.pop();
        Ok(true)
    }

    /// The same deal from its start; the choices can be redone one by one.
    pub fn restart(&mut self) -> Result<(), ScriptError> {
        let taken = self.run.choices.clone();
        self.replace(Vec::new())?;
        // Redo pops from the end: after the old redo stack, the last choice
        // first, so the first choice comes out first.
        self.redo.extend(taken.into_iter().rev());
        Ok(())
    }

    /// A fresh deal from another seed, with the same ruleset and options.
    pub fn new_deal(&mut self, seed: u64) -> Result<(), ScriptError> {
        let old = std::mem::replace(&mut self.deal, Deal { seed, stack: None });
        if let Err(error) = self.replace(Vec::new()) {
            self.deal = old;
            return Err(error);
        }
        self.redo.clear();
        Ok(())
    }

    /// Swaps in a reloaded ruleset and replays the choices as far as they fit.
    pub fn reload(&mut self, ruleset: Rc<Ruleset>) -> Result<(), ScriptError> {
        let mut options = ruleset.default_options();
        for (name, value) in &self.options {
            if options.contains_key(name.as_str()) {
                options.insert(name.clone(), value.clone());
            }
        }
        let plan = RunPlan::new(options.clone(), self.deal.clone(), self.run.choices.clone());
        let run = ruleset.run(plan);
        if let RunEnd::Failed(error) = run.end {
            return Err(error);
        }
        self.ruleset = ruleset;
        self.options = options;
        self.run = run;
        self.redo.clear();
        Ok(())
    }

    /// Runs `choices`; keeps the new run only if it did not fail.
    fn replace(&mut self, choices: Vec<Choice>) -> Result<(), ScriptError> {
        let plan = RunPlan::new(self.options.clone(), self.deal.clone(), choices);
        let run = self.ruleset.run(plan);
        if let RunEnd::Failed(error) = run.end {
            return Err(error);
        }
        self.run = run;
        Ok(())
    }

    /// What the ruleset's own bot would choose now: `None` when it has no bot.
    pub fn hint(&self) -> Option<Result<String, ScriptError>> {
        let prompt = self.prompt()?;
        if !self.ruleset.has_fn("bot", 2) {
            return None;
        }
        let mut plan = RunPlan::new(
            self.options.clone(),
            self.deal.clone(),
            self.run.choices.clone(),
        );
        plan.script_bot = true;
        plan.bot_turns = 1;
        plan.record_events = false;
        let run = self.ruleset.run(plan);
        if let RunEnd::Failed(error) = run.end {
            return Some(Err(error));
        }
        let index = run.choices.get(self.run.choices.len())?.index;
        Some(Ok(prompt.options[index].label.clone()))
    }

    /// The table as the player sees it: the script's view, if it has one.
    pub fn view(&self) -> Option<Result<String, ScriptError>> {
        self.ruleset.view(&self.run.table, &self.options)
    }

    pub fn option_text(&self, name: &str) -> String {
        self.options
            .get(name)
            .map(Dynamic::to_string)
            .unwrap_or_default()
    }
}
