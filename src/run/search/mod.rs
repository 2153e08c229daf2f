//! The solver of a game of positions (`script/shape.rs`): a search over
//! copies of positions, with no replay. Each decision on the line is a
//! frame holding a copy of where the game stood; an option is tried by
//! putting the copy back and applying it (`advance.rs`). A table of the
//! positions seen, keyed by the whole state the host holds
//! (`runtime/position.rs`: in this shape it is all of it, so a proof of
//! "not winnable" rests on nothing the host can not see), keeps any
//! position from being searched twice. The options are tried in the
//! order of the ruleset's judgement of positions (`fn value()`),
//! depth first; or else of its bot, in passes of a limited discrepancy
//! search (0, 1, 2, 4, ... departures from that order, then any number):
//! a good bot's line with a few changes anywhere comes before many deep
//! ones, and a pass that refused no departure searched everything. The host's
//! engine runs the search in slices of a few milliseconds, so that
//! progress is told between them.

mod frame;
mod start;

use super::advance::Reached;
use super::budget::Meter;
use super::verdict::{better, Budget, Halt, Line, Progress, Solved, Verdict};
use super::{Answerer, Deal, Outcome, Plan, Program, Runtime};
use crate::game::decision::Choice;
use crate::script::declare::Options;
use crate::script::error::ErrorKind;
use crate::script::host::{Asked, Fallible, Host};
use crate::script::ScriptError;
use frame::{Frame, Leads};
use rhai::{Dynamic, NativeCallContext};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::time::{Duration, Instant};

type Shared = Rc<RefCell<Runtime>>;

/// How long one slice of the search runs before it tells its progress.
const SLICE: Duration = Duration::from_millis(50);

/// Departures allowed past this many make a pass unlimited.
const MOST_LIMITED: u32 = 32;

/// Searches the game from `prefix` (the choices of a saved game, or none)
/// on copies of its positions, within what `meter` allows (a copy
/// replays nothing: it counts decisions met); `progress` hears how far it
/// has got.
pub(crate) fn solve(
    program: &Program,
    options: &Options,
    deal: &Deal,
    prefix: &[Choice],
    budget: Budget,
    meter: Meter,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Solved, ScriptError> {
    let mut plan = Plan::new(
        options.clone(),
        deal.clone(),
        prefix.to_vec(),
        Answerer::Solver,
    );
    plan.record_events = false;
    plan.check_cards = false;
    program.host().borrow_mut().begin(plan, None);
    let search = Rc::new(RefCell::new(Search::new(budget, meter, prefix)));
    let (s, rt) = (search.clone(), program.host().clone());
    let begun = program.drive(Box::new(move |ctx| {
        let root = start::root(ctx, &rt)?;
        rt.borrow_mut().force_labels(Some(false));
        s.borrow_mut().begin(ctx, &rt, root)?;
        Ok(Dynamic::UNIT)
    }));
    search.borrow_mut().unless_stopped(begun)?;
    while !search.borrow().done {
        let (s, rt) = (search.clone(), program.host().clone());
        let sliced = program.drive(Box::new(move |ctx| {
            s.borrow_mut().slice(ctx, &rt)?;
            Ok(Dynamic::UNIT)
        }));
        let mut search = search.borrow_mut();
        search.unless_stopped(sliced)?;
        search.stats.seconds = search.started.elapsed().as_secs_f64();
        progress(&search.stats);
    }
    let seconds = search.borrow().started.elapsed().as_secs_f64();
    search.borrow_mut().stats.seconds = seconds;
    let search = Rc::try_unwrap(search)
        .ok()
        .expect("the slices have ended")
        .into_inner();
    Ok(search.solved())
}

struct Search {
    budget: Budget,
    meter: Meter,
    started: Instant,
    prefix: Vec<Choice>,
    /// Each position searched, with the departures then still allowed.
    seen: HashMap<u64, u32>,
    /// The decisions of the line, the first one the search's root.
    path: Vec<Frame>,
    /// Departures on the line, and allowed in this pass.
    used: u32,
    limit: u32,
    /// This pass left an option untaken for want of departures.
    declined: bool,
    /// The first decision, and its key, kept for the next pass.
    root: Option<Frame>,
    root_key: u64,
    stats: Progress,
    win: Option<Line>,
    best: Option<Line>,
    halted: Option<Halt>,
    exhausted: bool,
    done: bool,
}

impl Search {
    fn new(budget: Budget, meter: Meter, prefix: &[Choice]) -> Search {
        Search {
            budget,
            meter,
            started: Instant::now(),
            prefix: prefix.to_vec(),
            seen: HashMap::new(),
            path: Vec::new(),
            used: 0,
            limit: 0,
            declined: false,
            root: None,
            root_key: 0,
            stats: Progress {
                passes: 1,
                ..Progress::default()
            },
            win: None,
            best: None,
            halted: None,
            exhausted: false,
            done: false,
        }
    }

    /// The search from where the game stands: its first decision, or its end.
    /// A ruleset that judges positions (`fn value()`) is searched depth
    /// first, best child first, from the start: its judgement orders every
    /// decision on its own merits, where a bot's order is worth most near
    /// its own line.
    fn begin(&mut self, ctx: &NativeCallContext, rt: &Shared, root: Reached) -> Fallible<()> {
        if rt.borrow().wiring().has_value {
            self.limit = u32::MAX;
        }
        match root {
            Reached::Cycle => {
                self.exhausted = true;
                self.done = true;
            }
            Reached::Ended(outcome) => {
                self.ended(ctx, rt, outcome)?;
                self.exhausted = true;
                self.done = true;
            }
            Reached::Decision { question, options } => {
                self.root_key = rt.borrow().key();
                self.seen.insert(self.root_key, self.limit);
                let frame = Frame::expand(ctx, rt, &question, &options)?;
                self.met(frame.len());
                self.path.push(frame);
            }
        }
        Ok(())
    }

    /// Searches on for a slice of time, or to the end.
    fn slice(&mut self, ctx: &NativeCallContext, rt: &Shared) -> Fallible<()> {
        let until = Instant::now() + SLICE;
        while !self.done && Instant::now() < until {
            self.step(ctx, rt)?;
        }
        Ok(())
    }

    /// One move of the search: the next option of the deepest decision
    /// tried, or that decision left.
    fn step(&mut self, ctx: &NativeCallContext, rt: &Shared) -> Fallible<()> {
        if let Some(halt) = self.spent() {
            self.halted = Some(halt);
            self.done = true;
            return Ok(());
        }
        let Some(top) = self.path.last_mut() else {
            self.next_pass();
            return Ok(());
        };
        let above = self.used - u32::from(top.departs());
        if !top.open() || (top.next_departs() && above >= self.limit) {
            self.declined |= top.open();
            self.used = above;
            let left = self.path.pop();
            if self.path.is_empty() {
                self.root = left;
            }
            return Ok(());
        }
        let departs = top.next_departs();
        self.used = above + u32::from(departs);
        let child = top.take();
        match &child.leads {
            Leads::Nowhere => Ok(()),
            Leads::Ended(outcome) => {
                let outcome = outcome.clone();
                self.ended(ctx, rt, outcome)
            }
            Leads::Decision {
                snapshot,
                key,
                question,
                options,
            } => {
                let (key, question, options) = (*key, question.clone(), options.clone());
                rt.borrow_mut().restore(snapshot);
                self.reached(ctx, rt, key, &question, &options)
            }
        }
    }

    /// A decision the line has come to: searched from here, unless it was
    /// searched before with as many departures left (or is further up
    /// this line), or the line is too deep.
    fn reached(
        &mut self,
        ctx: &NativeCallContext,
        rt: &Shared,
        key: u64,
        question: &rhai::ImmutableString,
        options: &rhai::Array,
    ) -> Fallible<()> {
        let depth = self.prefix.len() + self.path.len();
        self.stats.deepest = self.stats.deepest.max(depth + 1);
        if depth >= self.budget.depth {
            self.stats.too_deep += 1;
            return Ok(());
        }
        let left = self.limit.saturating_sub(self.used);
        if self.seen.get(&key).is_some_and(|&allowed| allowed >= left) {
            return Ok(());
        }
        self.seen.insert(key, left);
        self.stats.positions = self.seen.len();
        let frame = Frame::expand(ctx, rt, question, options)?;
        self.met(frame.len());
        self.path.push(frame);
        Ok(())
    }

    /// A line that ended: the win or the best so far, if it is one.
    fn ended(&mut self, ctx: &NativeCallContext, rt: &Shared, outcome: Outcome) -> Fallible<()> {
        self.stats.probes += 1;
        let is_best = better(&outcome, self.best.as_ref().map(|b| &b.outcome));
        let wins = outcome.is_win() && self.win.is_none();
        if !is_best && !wins {
            return Ok(());
        }
        let line = Line {
            choices: self.line(ctx, rt)?,
            outcome,
        };
        if is_best {
            self.stats.best_score = line.outcome.score_number();
            self.best = Some(line.clone());
        }
        if wins {
            self.win = Some(line);
            if !self.budget.best {
                self.done = true;
            }
        }
        Ok(())
    }

    /// The choices from the start to the option now tried: each with its
    /// key, as a save keeps it.
    fn line(&self, ctx: &NativeCallContext, rt: &Shared) -> Fallible<Vec<Choice>> {
        let mut choices = self.prefix.clone();
        let now = rt.borrow().snapshot();
        rt.borrow_mut().force_labels(Some(true));
        for frame in &self.path {
            rt.borrow_mut().restore(&frame.snapshot);
            // Listed again, with the labels a save keys its choices by.
            let (question, options) = super::steps::options_of(ctx, rt)?;
            let asked = Asked {
                verb: "options",
                question: &question,
                options: &options,
            };
            let prompt = super::protocol::build_prompt(ctx, rt, &asked)?;
            let index = frame.current();
            choices.push(Choice {
                index,
                key: prompt.options[index].key.clone(),
            });
        }
        rt.borrow_mut().restore(&now);
        rt.borrow_mut().force_labels(Some(false));
        Ok(choices)
    }

    /// Every line of this pass searched: done if it refused no departure,
    /// else the next pass allows more.
    fn next_pass(&mut self) {
        if !self.declined || self.limit == u32::MAX {
            self.exhausted = true;
            self.done = true;
            return;
        }
        self.limit = match self.limit {
            0 => 1,
            n if n >= MOST_LIMITED => u32::MAX,
            n => n * 2,
        };
        self.stats.passes += 1;
        self.declined = false;
        self.used = 0;
        self.seen.clear();
        self.seen.insert(self.root_key, self.limit);
        if let Some(mut root) = self.root.take() {
            root.rewind();
            self.path.push(root);
        }
    }

    /// A script step stopped by the search's time or its caller (inside
    /// a decision's expansion: the budget holds there too) ends the search
    /// with why; any other error is the ruleset's.
    fn unless_stopped(&mut self, done: Result<Dynamic, ScriptError>) -> Result<(), ScriptError> {
        match done {
            Ok(_) => Ok(()),
            Err(error) if error.kind == ErrorKind::Interrupted => {
                self.halted = Some(self.meter.spent().unwrap_or(Halt::Interrupted));
                self.done = true;
                Ok(())
            }
            Err(error) => Err(error),
        }
    }

    /// Counts the decisions an expanded frame met (each option applied).
    fn met(&mut self, options: usize) {
        for _ in 0..options {
            self.meter.meet();
        }
        self.stats.nodes = self.meter.nodes();
    }

    fn spent(&self) -> Option<Halt> {
        if let Some(halt) = self.meter.spent() {
            Some(halt)
        } else if self.seen.len() >= self.budget.table {
            Some(Halt::Table)
        } else {
            None
        }
    }

    fn solved(self) -> Solved {
        let proven = self.exhausted && self.stats.too_deep == 0 && self.halted.is_none();
        let verdict = match (&self.win, proven) {
            (Some(_), _) => Verdict::Winnable,
            (None, true) => Verdict::NotWinnable,
            (None, false) => Verdict::Unknown,
        };
        Solved {
            verdict,
            halted: self.halted,
            win: self.win,
            best: self.best,
            exhausted: self.exhausted && self.halted.is_none(),
            stats: self.stats,
        }
    }
}
