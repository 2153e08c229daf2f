//! The functions a ruleset script calls during a game: cards, piles,
//! state, options, randomness, text, and the verbs `choose` (or `ask`),
//! `say` and `end`.
//! Every one works on the run's `Runtime`, which refuses changes to the game
//! from a bot, a view or the top level; none knows any game.

mod cards;
mod lifecycle;
mod moves;
mod piles;
mod state;
mod text;
mod verbs;

use super::runtime::Runtime;
use rhai::{Dynamic, Engine, EvalAltResult};
use std::cell::RefCell;
use std::rc::Rc;

pub(crate) use piles::PileRef;

type Shared = Rc<RefCell<Runtime>>;
type Fallible<T> = Result<T, Box<EvalAltResult>>;

fn fail<T>(message: String) -> Fallible<T> {
    Err(message.into())
}

/// A value as a person reads it: cards in their notation.
fn text_of(value: &Dynamic) -> String {
    crate::run::protocol::text_of(value)
}

pub(crate) fn register(engine: &mut Engine, rt: &Shared) {
    cards::register(engine, rt);
    lifecycle::register(engine, rt);
    piles::register(engine, rt);
    moves::register(engine, rt);
    state::register(engine, rt);
    text::register(engine);
    verbs::register(engine, rt);
}
