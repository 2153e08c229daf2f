//! A line a search found, as a save keeps it: the options taken from the
//! search's first decision, played again on a copy of it with the labels
//! on, so that each choice carries the key a transcript types.

use super::super::advance::{advance, Reached};
use super::super::protocol::build_prompt;
use super::super::runtime::Snapshot;
use super::super::steps::options_of;
use super::super::Runtime;
use crate::game::decision::Choice;
use crate::script::host::{fault, Asked, Fallible, Host};
use std::cell::RefCell;
use std::rc::Rc;

type Shared = Rc<RefCell<Runtime>>;

/// The choices of `prefix` (a saved game's), then those of the options
/// `taken` from the decision at `root`, one a decision; the run is left
/// where it stood.
pub(super) fn choices(
    ctx: &rhai::NativeCallContext,
    rt: &Shared,
    prefix: &[Choice],
    root: &Snapshot,
    taken: &[usize],
) -> Fallible<Vec<Choice>> {
    let now = rt.borrow().snapshot();
    rt.borrow_mut().force_labels(Some(true));
    rt.borrow_mut().restore(root);
    let mut choices = prefix.to_vec();
    let played = play(ctx, rt, taken, &mut choices);
    rt.borrow_mut().restore(&now);
    rt.borrow_mut().force_labels(Some(false));
    played.map(|()| choices)
}

fn play(
    ctx: &rhai::NativeCallContext,
    rt: &Shared,
    taken: &[usize],
    choices: &mut Vec<Choice>,
) -> Fallible<()> {
    for (n, &index) in taken.iter().enumerate() {
        let (question, options) = options_of(ctx, rt)?;
        let asked = Asked {
            verb: "options",
            question: &question,
            options: &options,
        };
        let prompt = build_prompt(ctx, rt, &asked)?;
        choices.push(Choice {
            index,
            key: prompt.options[index].key.clone(),
        });
        rt.borrow().wiring().decided.set(true);
        let reached = advance(ctx, rt, options[index].clone())?;
        if n + 1 < taken.len() && !matches!(reached, Reached::Decision { .. }) {
            return Err(fault(
                "the search's line does not play the same again: the ruleset's options or moves depend on something the position does not hold".into(),
            ));
        }
    }
    Ok(())
}
