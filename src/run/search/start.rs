//! Where a search starts: the game set up, the choices of a saved game
//! replayed (by key, as a save loads), and the first decision past them,
//! or the end if the game ended on the way.

use super::super::advance::{reach, Reached};
use super::super::protocol::build_prompt;
use super::super::steps::{apply, set_up};
use super::super::{Runtime, Stop};
use crate::script::host::{fault, Asked, Fallible, Host};
use rhai::NativeCallContext;
use std::cell::RefCell;
use std::rc::Rc;

type Shared = Rc<RefCell<Runtime>>;

pub(super) fn root(ctx: &NativeCallContext, rt: &Shared) -> Fallible<Reached> {
    if let Err(error) = set_up(ctx, rt) {
        return match rt.borrow_mut().take_stop() {
            Some(Stop::Ended(outcome)) => Ok(Reached::Ended(outcome)),
            _ => Err(error),
        };
    }
    loop {
        let reached = reach(ctx, rt)?;
        let Reached::Decision { question, options } = &reached else {
            return Ok(reached);
        };
        if !rt.borrow().replaying() {
            return Ok(reached);
        }
        let asked = Asked {
            verb: "options",
            question,
            options,
        };
        let prompt = build_prompt(ctx, rt, &asked)?;
        let Some(index) = rt.borrow_mut().next_replayed(&prompt) else {
            return Err(fault(
                "a choice of the saved game is no longer offered: the ruleset does not play the same from the same choices".into(),
            ));
        };
        rt.borrow().wiring().decided.set(true);
        if let Err(error) = apply(ctx, rt, options[index].clone()) {
            return match rt.borrow_mut().take_stop() {
                Some(Stop::Ended(outcome)) => Ok(Reached::Ended(outcome)),
                _ => Err(error),
            };
        }
    }
}
