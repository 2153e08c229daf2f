//! A game of positions moved on from where the host holds it, with no
//! replay: an option applied, then the lone options that follow taken as a
//! game takes them (`lone_option=take`), up to the next decision or the
//! end. The search, the Monte Carlo worlds on copies and a bot that tries
//! a move all go on from a copy of a position through here.

use super::steps::{apply, options_of};
use super::{Outcome, Runtime, Stop};
use crate::script::host::Fallible;
use rhai::{Array, Dynamic, ImmutableString, NativeCallContext};
use std::cell::RefCell;
use std::collections::HashSet;
use std::rc::Rc;

type Shared = Rc<RefCell<Runtime>>;

/// Where a move led.
pub(crate) enum Reached {
    /// A decision, with its question and options.
    Decision {
        question: ImmutableString,
        options: Array,
    },
    Ended(Outcome),
    /// Lone options led back to a position they passed: the line goes
    /// round for ever with no choice to leave it (a game's repetition rule
    /// would end it; a search has nothing to find there).
    Cycle,
}

/// Plays `option` from the position the host holds, then on to the next
/// decision or the end.
pub(crate) fn advance(ctx: &NativeCallContext, rt: &Shared, option: Dynamic) -> Fallible<Reached> {
    match apply(ctx, rt, option) {
        Ok(()) => reach(ctx, rt),
        Err(error) => ended(rt, error),
    }
}

/// The next decision from the position the host holds (taking lone
/// options), or the end.
pub(crate) fn reach(ctx: &NativeCallContext, rt: &Shared) -> Fallible<Reached> {
    let mut passed: HashSet<u64> = HashSet::new();
    loop {
        let (question, options) = match options_of(ctx, rt) {
            Ok(found) => found,
            Err(error) => return ended(rt, error),
        };
        if options.len() > 1 || !rt.borrow().takes_lone_option() {
            return Ok(Reached::Decision { question, options });
        }
        // A lone option is no decision: taken, as a game takes it.
        if !passed.insert(rt.borrow().key()) {
            return Ok(Reached::Cycle);
        }
        let only = options.into_iter().next().expect("one option");
        if let Err(error) = apply(ctx, rt, only) {
            return ended(rt, error);
        }
    }
}

/// An error from a rule: the game's end if the rule ended it, else the error.
fn ended(rt: &Shared, error: Box<rhai::EvalAltResult>) -> Fallible<Reached> {
    match rt.borrow_mut().take_stop() {
        Some(Stop::Ended(outcome)) => Ok(Reached::Ended(outcome)),
        Some(other) => {
            rt.borrow_mut().set_stop(other);
            Err(error)
        }
        None => Err(error),
    }
}
