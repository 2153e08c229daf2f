//! The solver of a game of positions (`script/shape.rs`): a search over
//! copies of positions, with no replay. A table of the positions seen,
//! keyed by the whole state the host holds (`runtime/position.rs`: in this
//! shape it is all of it, so a proof of "not winnable" rests on nothing the
//! host can not see), keeps any position from being searched twice. A
//! ruleset that judges its positions (`fn value()`) is searched best first
//! (`best_first.rs`); any other depth first in the order of its bot, in
//! passes that allow more and more departures from it (`passes.rs`). The
//! host's engine runs the search in slices of a few milliseconds, so that
//! progress is told between them.

mod best_first;
mod boards;
mod children;
mod frame;
mod hint;
mod lane;
mod ledger;
mod line;
mod passes;
mod start;
#[cfg(test)]
mod tests;
mod waiting;

use super::advance::Reached;
use super::budget::Meter;
use super::verdict::{Budget, Progress, Solved};
use super::{Answerer, Deal, Plan, Program, Runtime};
use crate::game::decision::Choice;
use crate::script::declare::Options;
use crate::script::error::ErrorKind;
use crate::script::host::{Fallible, Host};
use crate::script::ScriptError;
use best_first::BestFirst;
use boards::Boards;
use ledger::Tally;
use passes::Passes;
use rhai::{Dynamic, NativeCallContext};
use std::cell::RefCell;
use std::rc::Rc;
use std::time::{Duration, Instant};

pub(crate) use hint::{from_here, Searched, Settled};

type Shared = Rc<RefCell<Runtime>>;

/// How long one slice of the search runs before it tells its progress.
const SLICE: Duration = Duration::from_millis(50);

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
    let (solved, _) = search(
        program, options, deal, prefix, budget, meter, None, progress,
    )?;
    Ok(solved)
}

/// The search of `solve`, its game's random streams seeded afresh from
/// `fresh` once it stands at its first decision, where given; with the
/// numbers it drew from the game's stream from there.
#[allow(clippy::too_many_arguments)]
fn search(
    program: &Program,
    options: &Options,
    deal: &Deal,
    prefix: &[Choice],
    budget: Budget,
    meter: Meter,
    fresh: Option<u64>,
    progress: &mut dyn FnMut(&Progress),
) -> Result<(Solved, u64), ScriptError> {
    let mut plan = Plan::new(
        options.clone(),
        deal.clone(),
        prefix.to_vec(),
        Answerer::Solver,
    );
    plan.record_events = false;
    plan.check_cards = false;
    program.host().borrow_mut().begin(plan, None);
    let search = Rc::new(RefCell::new(Search {
        tally: Tally::new(budget, meter, program.ruleset().declared.objective),
        order: None,
    }));
    let (s, rt) = (search.clone(), program.host().clone());
    let prefix = prefix.to_vec();
    run(program, &search, move |ctx| {
        let root = start::root(ctx, &rt)?;
        if let Some(seed) = fresh {
            rt.borrow_mut().reseed(seed);
        }
        rt.borrow_mut().force_labels(Some(false));
        s.borrow_mut().begin(ctx, &rt, &prefix, root)
    })?;
    while !search.borrow().tally.done {
        let (s, rt) = (search.clone(), program.host().clone());
        run(program, &search, move |ctx| s.borrow_mut().slice(ctx, &rt))?;
        let mut search = search.borrow_mut();
        search.tally.stats.seconds = search.tally.started.elapsed().as_secs_f64();
        progress(&search.tally.stats);
    }
    let mut search = Rc::try_unwrap(search)
        .ok()
        .expect("the slices have ended")
        .into_inner();
    // Stopped in its first piece, the search has told no time yet.
    search.tally.stats.seconds = search.tally.started.elapsed().as_secs_f64();
    let complete = match &search.order {
        Some(Order::BestFirst(best)) => best.complete(),
        Some(Order::Boards(boards)) => boards.complete(),
        _ => true,
    };
    let drawn = program.host().borrow().drawn();
    Ok((search.tally.solved(complete), drawn))
}

/// Runs a piece of the search in the engine. A script call stopped there
/// (the search's time is up inside a long step, or its caller called it
/// off) halts the search as a spent budget does, rather than failing it.
fn run(
    program: &Program,
    search: &Rc<RefCell<Search>>,
    work: impl FnOnce(&NativeCallContext) -> Fallible<()> + 'static,
) -> Result<(), ScriptError> {
    match program.drive(Box::new(move |ctx| work(ctx).map(|()| Dynamic::UNIT))) {
        Ok(_) => Ok(()),
        Err(error) if error.kind == ErrorKind::Interrupted => {
            search.borrow_mut().tally.interrupted();
            Ok(())
        }
        Err(error) => Err(error),
    }
}

struct Search {
    tally: Tally,
    order: Option<Order>,
}

/// The order a search goes in.
enum Order {
    Passes(Passes),
    BestFirst(BestFirst),
    Boards(Box<Boards>),
}

impl Search {
    /// The search from where the game stands: its first decision, or its end.
    fn begin(
        &mut self,
        ctx: &NativeCallContext,
        rt: &Shared,
        prefix: &[Choice],
        root: Reached,
    ) -> Fallible<()> {
        match root {
            Reached::Cycle => self.tally.exhaust(),
            Reached::Ended(outcome) => {
                self.tally.ended(outcome, || Ok(prefix.to_vec()))?;
                self.tally.exhaust();
            }
            Reached::Decision { question, options } => {
                let key = rt.borrow().key();
                let judged = rt.borrow().wiring().has_value;
                let compiled = (!judged)
                    .then(|| Boards::new(rt, prefix, key, self.tally.budget.copies))
                    .flatten();
                self.order = Some(if let Some(boards) = compiled {
                    Order::Boards(Box::new(boards))
                } else if judged {
                    Order::BestFirst(BestFirst::new(rt, prefix, key, self.tally.budget.copies))
                } else {
                    let tally = &mut self.tally;
                    Order::Passes(Passes::new(
                        ctx,
                        rt,
                        tally,
                        prefix,
                        key,
                        (&question, &options),
                    )?)
                });
            }
        }
        Ok(())
    }

    /// Searches on for a slice of time, or to the end.
    fn slice(&mut self, ctx: &NativeCallContext, rt: &Shared) -> Fallible<()> {
        let until = Instant::now() + SLICE;
        let Some(order) = self.order.as_mut() else {
            return Ok(());
        };
        while !self.tally.done && Instant::now() < until {
            match order {
                Order::Passes(passes) => passes.step(ctx, rt, &mut self.tally)?,
                Order::BestFirst(best) => best.step(ctx, rt, &mut self.tally)?,
                Order::Boards(boards) => boards.step(ctx, rt, &mut self.tally)?,
            }
        }
        Ok(())
    }
}
