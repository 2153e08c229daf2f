//! The sandbox around a script: bounded work and time between two
//! decisions, bounded call depth and sizes, no `eval`, no file access but
//! the catalog's library, and a Ctrl-C (or a search's stop, `cancel`) that
//! stops a slow step. Breaking a
//! bound is an error with a place (limits.rs lists them).

use super::clock::thread_time;
use super::error::{ErrorKind, HostFault};
use super::limits::{
    MAX_CALL_DEPTH, MAX_HEAP, MAX_ITEMS, MAX_OPERATIONS, MAX_STEP_TIME, MAX_STRING, MAX_VARIABLES,
};
use rhai::{Dynamic, Engine};
use std::cell::Cell;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Set by Ctrl-C; every engine's progress callback checks it, so a slow
/// step stops with an error instead of the process dying.
pub(crate) static INTERRUPT: AtomicBool = AtomicBool::new(false);

/// Sets the limits and the callbacks that enforce them. `decided` is set at
/// every decision, which starts the count of operations (and of the work
/// host calls were `charged`) and the clock again.
pub(crate) fn configure(engine: &mut Engine, decided: &Rc<Cell<bool>>, charged: &Rc<Cell<u64>>) {
    // Code from a string would be placed nowhere, and no rule needs it.
    engine.disable_symbol("eval");
    // `f.curry(x)` copies every value already curried into the new function:
    // curried into itself, a function doubles at each step, and Rhai's size
    // checks count nothing inside a function. No rule needs it (a closure
    // captures by sharing, not by copy). `load_error` says why.
    engine.disable_symbol("curry");
    engine
        .set_max_call_levels(MAX_CALL_DEPTH + 8)
        .set_max_expr_depths(64, 32)
        .set_max_string_size(MAX_STRING)
        .set_max_array_size(MAX_ITEMS)
        .set_max_map_size(MAX_ITEMS)
        .set_max_variables(MAX_VARIABLES)
        // Interning pays off for few distinct strings; labels are many, and a
        // full interner rescans itself on every insert.
        .set_max_strings_interned(0)
        .set_strict_variables(true)
        .set_fail_on_invalid_map_property(true);
    engine.on_print(|text| eprintln!("{text}"));
    engine.on_debug(|text, _, pos| eprintln!("debug {pos}: {text}"));
    // The progress callback runs on every operation: cells only, no borrow.
    // At a limit it only notes the fault; the next variable access raises it
    // as an error, which Rhai reports with its place (it would report a
    // termination without one). A hard stop a little later catches a loop
    // that touches no variable (the traced rerun does not: it would take as
    // long again). The step's clock is the thread's CPU time, read first at
    // the step's first check (a few thousand operations in), not at the
    // decision: most steps never reach one, and the read is a system call.
    let (decided, mark) = (decided.clone(), Cell::new(0u64));
    let (charged, started) = (charged.clone(), Cell::new(None::<Duration>));
    let pending: Rc<Cell<Option<Stopped>>> = Rc::new(Cell::new(None));
    let noted = pending.clone();
    engine.on_progress(move |ops| {
        if decided.replace(false) {
            mark.set(ops);
            charged.set(0);
            noted.set(None);
            started.set(None);
        }
        let spent = ops.saturating_sub(mark.get()) + charged.get();
        if spent > MAX_OPERATIONS {
            noted.set(Some(Stopped::Operations));
            return (spent > MAX_OPERATIONS + MAX_OPERATIONS / 10)
                .then(|| Stopped::Operations.fault());
        }
        // Every operation, for one can copy a map of 10,000 long keys: the
        // count is a thread-local read.
        // Noted, it is raised at the next variable access, with its place;
        // a script that goes on growing without one is stopped at twice the
        // bound.
        let grown = crate::heap::grown();
        if grown > MAX_HEAP {
            if let Some(held) = crate::heap::process_over_bound() {
                return Some(Dynamic::from(process_full(held)));
            }
            noted.set(Some(Stopped::Memory));
            return (grown > 2 * MAX_HEAP).then(|| Stopped::Memory.fault());
        }
        // Every 4096 operations: a Ctrl-C, or a step that takes too long.
        if ops % 4096 == 0 {
            let now = thread_time();
            let began = started.get().unwrap_or(now);
            started.set(Some(began));
            let elapsed = now.saturating_sub(began);
            let why = if INTERRUPT.load(Ordering::Relaxed) {
                Stopped::Interrupted
            } else if super::cancel::due() {
                Stopped::Called
            } else if elapsed > MAX_STEP_TIME {
                Stopped::Time
            } else {
                return None;
            };
            let late = noted.replace(Some(why)).is_some();
            return late.then(|| why.fault());
        }
        None
    });
    // Rhai marks this API volatile, not deprecated.
    #[allow(deprecated)]
    engine.on_var(move |_, _, context| {
        if let Some(why) = pending.take() {
            return Err(why.error());
        }
        if context.call_level() > MAX_CALL_DEPTH {
            return Err(HostFault::boxed(
                ErrorKind::Limit,
                format!("rule functions call each other more than {MAX_CALL_DEPTH} deep"),
            ));
        }
        Ok(None)
    });
}

/// Why the engine stops a script that has not reached its next decision.
#[derive(Clone, Copy, Debug)]
enum Stopped {
    Operations,
    Time,
    Memory,
    Interrupted,
    /// The stop over the thread's work is due (`cancel`).
    Called,
}

impl Stopped {
    fn fault_of(self) -> HostFault {
        let (kind, message) = match self {
            Stopped::Operations => (ErrorKind::Limit, too_many_operations_text()),
            Stopped::Time => (
                ErrorKind::Limit,
                format!(
                    "the script ran {} CPU-seconds without a decision",
                    MAX_STEP_TIME.as_secs()
                ),
            ),
            Stopped::Memory => (
                ErrorKind::Limit,
                format!(
                    "the script came to hold more than {} MiB of memory (a map's keys count too)",
                    MAX_HEAP >> 20
                ),
            ),
            Stopped::Interrupted => (ErrorKind::Interrupted, "interrupted (Ctrl-C)".into()),
            Stopped::Called => (
                ErrorKind::Interrupted,
                "stopped: the work's time ran out, or it was called off".into(),
            ),
        };
        HostFault {
            kind,
            message,
            placed: false,
        }
    }

    /// As a placed error, raised at a variable access.
    fn error(self) -> Box<rhai::EvalAltResult> {
        let fault = self.fault_of();
        HostFault::boxed(fault.kind, fault.message)
    }

    /// As a termination token, for the hard stop.
    fn fault(self) -> Dynamic {
        Dynamic::from(self.fault_of())
    }
}

/// Why no script runs while the process is past its bound: the cause is
/// in an earlier run or view, so the message names no place in this one.
fn process_full(held: usize) -> HostFault {
    HostFault {
        kind: ErrorKind::Limit,
        message: format!(
            "delve holds {} MiB in all, more than its bound of {} MiB: a script may have kept memory it can no longer reach (a closure stored in a value it captures is never freed), or too many large games run at once; no script runs while delve holds as much (starting it again frees what was kept; {} sets the bound in MiB)",
            held >> 20,
            crate::heap::process_bound() >> 20,
            crate::heap::BOUND_VARIABLE
        ),
        placed: true,
    }
}

fn too_many_operations_text() -> String {
    format!("the script ran {MAX_OPERATIONS} operations without a decision (an endless loop?)")
}
