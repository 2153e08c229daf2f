//! Where a script's time goes: a debugger hook that counts every step Rhai
//! takes against the function it is in (its own steps) and against every
//! function on the call stack (its steps with the calls it makes), for
//! `delve sim --profile`. Counting slows a run down many times; the counts,
//! unlike seconds, are the same on any machine and under any load.

use rhai::debugger::{DebuggerCommand, DebuggerEvent};
use rhai::Engine;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// What the steps outside every function (the top level) are counted as.
pub(crate) const TOP_LEVEL: &str = "(top level)";

/// What a closure (Rhai names each `anon$HASH`) is counted as.
const CLOSURE: &str = "(a closure)";

fn shown(name: &str) -> &str {
    if name.starts_with("anon$") {
        CLOSURE
    } else {
        name
    }
}

/// One function's steps: its own, and with the functions it calls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Steps {
    pub own: u64,
    pub with_calls: u64,
}

/// The counts so far, by function name.
pub(crate) type Counts = Rc<RefCell<HashMap<String, Steps>>>;

/// Registers the counting hook (the engine's only debugger).
pub(crate) fn register(engine: &mut Engine) -> Counts {
    let counts: Counts = Rc::default();
    let keep = counts.clone();
    // Rhai marks this API volatile, not deprecated.
    #[allow(deprecated)]
    engine.register_debugger(
        |_, debugger| debugger,
        move |context, event, _, _, _| {
            if matches!(event, DebuggerEvent::Step) {
                let stack = context.global_runtime_state().debugger().call_stack();
                let mut counts = keep.borrow_mut();
                let mut seen: Vec<&str> = Vec::with_capacity(stack.len());
                for frame in stack {
                    // A recursive function counts a step once.
                    let name = shown(frame.fn_name.as_str());
                    if !seen.contains(&name) {
                        seen.push(name);
                        entry(&mut counts, name).with_calls += 1;
                    }
                }
                let own = stack
                    .last()
                    .map_or(TOP_LEVEL, |f| shown(f.fn_name.as_str()));
                let steps = entry(&mut counts, own);
                steps.own += 1;
                if stack.is_empty() {
                    steps.with_calls += 1;
                }
            }
            Ok(DebuggerCommand::StepInto)
        },
    );
    counts
}

/// A function's counts, made on its first step (a name is copied only then:
/// this runs at every step, and the call stack is at most 32 deep).
fn entry<'a>(counts: &'a mut HashMap<String, Steps>, name: &str) -> &'a mut Steps {
    if !counts.contains_key(name) {
        counts.insert(name.to_string(), Steps::default());
    }
    counts.get_mut(name).expect("inserted above")
}

/// The counts, most own steps first.
pub(crate) fn sorted(counts: &Counts) -> Vec<(String, Steps)> {
    let mut all: Vec<(String, Steps)> = counts
        .borrow()
        .iter()
        .map(|(name, steps)| (name.clone(), *steps))
        .collect();
    all.sort_by(|a, b| b.1.own.cmp(&a.1.own).then_with(|| a.0.cmp(&b.0)));
    all
}
