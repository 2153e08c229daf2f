//! The functions a ruleset script calls during a game: cards, piles,
//! state, options, randomness, text, and the verbs `choose` (or `ask`),
//! `say` and `end`.
//! Every one works on the run through the `Host` trait, which refuses changes
//! to the game from a bot, a view or the top level; none knows any game.

mod builds;
mod bulk;
mod cards;
mod carries;
mod grid;
mod growth;
mod lifecycle;
mod measures;
mod move_list;
mod moves;
mod pattern;
mod patterns;
mod piles;
mod state;
mod targets;
pub(crate) mod text;
mod verbs;

pub(crate) use super::host::Fallible;
use super::host::Host;
use super::limits::MAX_ITEMS;
use rhai::{Dynamic, Engine};
use std::cell::RefCell;
use std::rc::Rc;

pub(crate) use builds::piles_named;
pub(crate) use carries::carried;

/// Every legal move of the declared kinds (or of one), as
/// `declared_moves()` lists them for a script: what the host offers where
/// it lists a game's options itself (`src/declared/`).
pub(crate) fn declared_moves<H: Host>(
    rt: &Shared<H>,
    ctx: &rhai::NativeCallContext,
    only: Option<&str>,
) -> Fallible<rhai::Array> {
    move_list::listed(rt, ctx, only)
}
pub(crate) use piles::PileRef;

type Shared<H> = Rc<RefCell<H>>;

fn fail<T>(message: String) -> Fallible<T> {
    Err(message.into())
}

/// The place in the scripts of a host call, as a number: its line and
/// column. Not its file: a ruleset's files are merged into one script that
/// names a single one of them, and a file's path would make a world's
/// numbers depend on where the ruleset was found. Calls at the same line
/// and column of two files share a stream, which costs only some pairing.
fn site_of(context: &rhai::NativeCallContext) -> u64 {
    let at = context.call_position();
    let (line, column) = (at.line().unwrap_or(0), at.position().unwrap_or(0));
    ((line as u64) << 32) | column as u64
}

/// A number of things a script asks one call for (`what`: "piles",
/// "steps"): 0 or more, and at most the bound on a list, so one call's
/// work stays bounded whatever it is charged.
fn count_of(n: i64, what: &str) -> Fallible<usize> {
    match usize::try_from(n) {
        Ok(n) if n > MAX_ITEMS => Err(super::host::limit(format!(
            "{n} {what} are more than the {MAX_ITEMS} one call may take"
        ))),
        Ok(n) => Ok(n),
        Err(_) => fail(format!("a number of {what} is 0 or more, not {n}")),
    }
}

/// A value as a person reads it: cards in their notation.
pub(crate) fn text_of(value: &Dynamic) -> String {
    match value.read_lock::<crate::game::card::Card>() {
        Some(card) => card.to_string(),
        None => value.to_string(),
    }
}

/// What a value is, in the words of the scripting guide (`a card`, `a
/// list`), for messages: never the host's own type names.
pub(crate) fn kind_of(value: &Dynamic) -> &'static str {
    if value.is_unit() {
        "nothing (())"
    } else if value.is_int() {
        "a number"
    } else if value.is_bool() {
        "true/false"
    } else if value.is_string() || value.is_char() {
        "text"
    } else if value.is_array() {
        "a list"
    } else if value.is_map() {
        "a map"
    } else if value.is::<crate::game::card::Card>() {
        "a card"
    } else if value.is::<PileRef>() {
        "a pile"
    } else if value.is_fnptr() {
        "a function"
    } else {
        "a value of another kind"
    }
}

pub(crate) fn register<H: Host>(engine: &mut Engine, rt: &Shared<H>) {
    builds::register(engine, rt);
    bulk::register(engine, rt);
    cards::register(engine, rt);
    grid::register(engine, rt);
    lifecycle::register(engine, rt);
    move_list::register(engine, rt);
    measures::register(engine, rt);
    piles::register(engine, rt);
    moves::register(engine, rt);
    patterns::register(engine, rt);
    state::register(engine, rt);
    text::register(engine);
    growth::register(engine);
    verbs::register(engine, rt);
}
