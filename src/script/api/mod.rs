//! The functions a ruleset script calls during a game: cards, piles,
//! counters, options, randomness, and the three verbs `ask`, `say`, `end`.
//! Every one works on the run's `Runtime`, which refuses changes to the game
//! from a bot, a view or the top level; none knows any game.

mod cards;
mod counters;
mod moves;
mod piles;
mod verbs;

use super::runtime::Runtime;
use crate::card::Card;
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
    match value.clone().try_cast::<Card>() {
        Some(card) => card.to_string(),
        None => value.to_string(),
    }
}

pub(crate) fn register(engine: &mut Engine, rt: &Shared) {
    cards::register(engine, rt);
    piles::register(engine, rt);
    moves::register(engine, rt);
    counters::register(engine, rt);
    verbs::register(engine, rt);
}
