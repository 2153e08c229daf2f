//! A decision of a solver's run (`Answerer::Solver`): the position is told
//! to the search, which stops the run there or goes on with the ruleset's
//! bot's pick first. The solver reads everything, face-down cards included
//! (its run is the real game, replayed): that is its question, and why it
//! answers only `delve solve`, `sim --bot solver` and `play --winnable`,
//! never a hint or another bot.

use super::{ask_bot, build_prompt, Shared};
use crate::run::Stop;
use crate::script::host::{fault, halt, Asked, Fallible, Host};

/// The option the solver's run takes here, or a halt where the search
/// stops it (the run then stops as if asking, with the prompt).
pub(super) fn answer(ctx: &rhai::NativeCallContext, rt: &Shared, asked: &Asked) -> Fallible<usize> {
    let Some(steering) = rt.borrow().steering() else {
        return Err(fault("the solver's run has no search to steer it".into()));
    };
    let prompt = build_prompt(ctx, rt, asked)?;
    let position = rt.borrow().position(&prompt);
    if !steering.meet(position) {
        rt.borrow_mut().set_stop(Stop::Asking(prompt));
        return Err(halt());
    }
    // The ruleset's bot orders the search: its pick is tried first, so a
    // good bot finds a win on the first lines.
    let first = if rt.borrow().wiring().bot.is_some() {
        ask_bot(ctx, rt, asked)?
    } else {
        0
    };
    let keys = prompt.options.into_iter().map(|o| o.key).collect();
    steering.expand(keys, first);
    Ok(first)
}
