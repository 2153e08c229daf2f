//! The sandbox around a script: bounded work between two decisions, bounded
//! call depth and sizes, no file access but the catalog's library, and a
//! Ctrl-C that stops a slow step. Breaking a bound is an error with a place.

use super::error::{ErrorKind, HostFault};
use crate::run::live::INTERRUPT;
use rhai::{Dynamic, Engine};
use std::cell::Cell;
use std::rc::Rc;
use std::sync::atomic::Ordering;

/// Operations a script may run between two decisions before it is stopped.
pub(crate) const MAX_OPERATIONS: u64 = 5_000_000;

/// How deep rule functions may call each other.
pub(crate) const MAX_CALL_DEPTH: usize = 32;

/// The longest text a script may build, in bytes.
pub(crate) const MAX_STRING: usize = 64 * 1024;

/// The most items an array or map may hold.
pub(crate) const MAX_ITEMS: usize = 10_000;

/// Sets the limits and the callbacks that enforce them; `decided` is set at
/// every decision, which starts the operation count again.
pub(crate) fn configure(engine: &mut Engine, decided: &Rc<Cell<bool>>) {
    engine
        .set_max_call_levels(MAX_CALL_DEPTH + 8)
        .set_max_expr_depths(64, 32)
        .set_max_string_size(MAX_STRING)
        .set_max_array_size(MAX_ITEMS)
        .set_max_map_size(MAX_ITEMS)
        // Interning pays off for few distinct strings; labels are many, and a
        // full interner rescans itself on every insert.
        .set_max_strings_interned(0)
        .set_strict_variables(true)
        .set_fail_on_invalid_map_property(true);
    engine.on_print(|text| eprintln!("{text}"));
    engine.on_debug(|text, _, pos| eprintln!("debug {pos}: {text}"));
    // The progress callback runs on every operation: cells only, no borrow.
    // Past the limit it only raises a flag; the next variable access turns
    // it into an error, which Rhai reports with its place (it would report a
    // termination without one). A hard stop 10% later catches a loop that
    // touches no variable.
    let (decided, mark) = (decided.clone(), Cell::new(0u64));
    let over = Rc::new(Cell::new(false));
    let flag = over.clone();
    engine.on_progress(move |ops| {
        if decided.replace(false) {
            mark.set(ops);
            flag.set(false);
        }
        if INTERRUPT.load(Ordering::Relaxed) {
            let fault = HostFault {
                kind: ErrorKind::Interrupted,
                message: "interrupted (Ctrl-C)".into(),
            };
            return Some(Dynamic::from(fault));
        }
        let spent = ops.saturating_sub(mark.get());
        if spent > MAX_OPERATIONS {
            flag.set(true);
        }
        (spent > MAX_OPERATIONS + MAX_OPERATIONS / 10).then(too_many_operations)
    });
    // Rhai marks this API volatile, not deprecated.
    #[allow(deprecated)]
    engine.on_var(move |_, _, context| {
        if over.replace(false) {
            return Err(HostFault::boxed(
                ErrorKind::Limit,
                too_many_operations_text(),
            ));
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

fn too_many_operations_text() -> String {
    format!("the script ran {MAX_OPERATIONS} operations without a decision (an endless loop?)")
}

fn too_many_operations() -> Dynamic {
    Dynamic::from(HostFault {
        kind: ErrorKind::Limit,
        message: too_many_operations_text(),
    })
}
