//! An estimate's worlds played on every core, for a person waiting on a
//! hint. The real game is replayed once, for the moment the worlds start
//! from (what the player saw, and the position to copy); each worker loads
//! the ruleset into an engine of its own (an engine stays on its thread),
//! then takes the next world's number from a shared counter. The results are gathered in the order of the
//! worlds, and each world plays the options still played when it was
//! taken, which are all those still played when it is gathered: so
//! without a time budget the estimate equals the one made on one thread,
//! world for world. Once the budget is spent, the worlds still playing
//! are called off inside their steps, the first on each core too: a
//! costly ruleset's world may take seconds, which a hint's budget would
//! otherwise pass by as much. The budget counts from the stop over the
//! calling thread where there is one (a hint's, from when it was asked),
//! so the replay to the decision and the loading are spent from it too.

use super::playout::World;
use super::{gather, world, world_seed, Estimates, Failure, Moment, Settings};
use crate::game::decision::Choice;
use crate::run::{Deal, Program};
use crate::script::cancel::{self, Cancel};
use crate::script::catalog::ScriptFile;
use crate::script::declare::Options;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::Mutex;

/// What the workers share: the next world to take, the options still
/// played, whether the estimate is done, and its stop.
struct Shared {
    next: AtomicUsize,
    alive: Mutex<Vec<bool>>,
    done: AtomicBool,
    /// Due when the budget is spent (or the caller's stop is): every world
    /// still playing is called off inside its step.
    cut: Cancel,
}

/// The decision after `choices`, estimated on `cores` threads of its own.
#[allow(clippy::too_many_arguments)]
pub(crate) fn estimate_on_cores(
    file: &ScriptFile,
    options: &Options,
    deal: &Deal,
    choices: &[Choice],
    settings: &Settings,
    cores: usize,
    stop: &(dyn Fn() -> bool + Sync),
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Estimates, Failure> {
    let cut = Cancel::within(settings.budget, cancel::current().as_ref());
    let program = Program::load(file.clone()).map_err(|e| Failure::Load(format!("{e:#}")))?;
    let moment = cut.over(|| Moment::look(&program, options, deal, choices))?;
    let shared = Shared {
        next: AtomicUsize::new(0),
        alive: Mutex::new(vec![true; moment.prompt.options.len()]),
        done: AtomicBool::new(false),
        cut,
    };
    let cores = cores.max(1);
    let moment = &moment;
    std::thread::scope(|scope| {
        let (sender, receiver) = channel();
        for _ in 0..cores {
            let sender = sender.clone();
            let shared = &shared;
            let started = std::thread::Builder::new()
                .name("delve-world".into())
                .stack_size(crate::threads::STACK)
                .spawn_scoped(scope, move || {
                    work(file, options, moment, settings, shared, stop, &sender);
                });
            if let Err(e) = started {
                shared.done.store(true, Ordering::Relaxed);
                return Err(Failure::Load(format!(
                    "can not start a thread for the worlds (the machine's resources, not the rules): {e}"
                )));
            }
        }
        drop(sender);
        let mut gathered = InOrder {
            receiver,
            early: BTreeMap::new(),
            next: 0,
        };
        let due = || stop() || shared.cut.why().is_some();
        let result = gather(moment, settings, &due, progress, &mut |alive| {
            alive.clone_into(&mut shared.alive.lock().expect("no worker panics holding it"));
            gathered.next_world()
        });
        shared.done.store(true, Ordering::Relaxed);
        result.map(|mut estimates| {
            estimates.cores = cores;
            estimates
        })
    })
}

/// One worker: its own engine, then worlds of `moment` until the estimate
/// is done or no longer listening.
fn work(
    file: &ScriptFile,
    options: &Options,
    moment: &Moment,
    settings: &Settings,
    shared: &Shared,
    stop: &(dyn Fn() -> bool + Sync),
    sender: &Sender<Result<(usize, World), Failure>>,
) {
    let program = match Program::load(file.clone()) {
        Ok(program) => program,
        Err(e) => {
            let _ = sender.send(Err(Failure::Load(format!("{e:#}"))));
            return;
        }
    };
    while !shared.done.load(Ordering::Relaxed) {
        let w = shared.next.fetch_add(1, Ordering::Relaxed);
        let alive = shared
            .alive
            .lock()
            .expect("no worker panics holding it")
            .clone();
        let seed = world_seed(settings.seed, moment.choices.len(), w);
        let cut = &shared.cut;
        let due = || stop() || cut.why().is_some();
        let world = cut.over(|| world(&program, options, moment, settings, seed, &alive, &due));
        if sender.send(Ok((w, world))).is_err() {
            return;
        }
    }
}

/// The workers' worlds, handed on in the order of their numbers.
struct InOrder {
    receiver: Receiver<Result<(usize, World), Failure>>,
    early: BTreeMap<usize, World>,
    next: usize,
}

impl InOrder {
    fn next_world(&mut self) -> Result<World, Failure> {
        loop {
            if let Some(world) = self.early.remove(&self.next) {
                self.next += 1;
                return Ok(world);
            }
            match self.receiver.recv() {
                Ok(Ok((w, world))) => {
                    self.early.insert(w, world);
                }
                Ok(Err(failure)) => return Err(failure),
                Err(_) => return Err(Failure::Load("every worker of the estimate stopped".into())),
            }
        }
    }
}
