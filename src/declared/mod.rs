//! The host running what a ruleset declares. A game of positions that
//! declares its kinds of move and its turn (`script/turn_rules.rs`) and
//! leaves out `fn options()` or `fn apply(option)` has them done here, in
//! Rust: the options are the declared moves (none left: the game is lost,
//! in its declared words), and a move is its cards carried or dealt, then
//! what follows by itself (face-down tops turned up, safe cards sent home)
//! and the win. A search, a world or a playout then runs no script for a
//! step; script functions still run where a ruleset defines them.

mod autoplay;
pub(crate) mod compiled;
mod effects;
mod ending;

pub(crate) use ending::{repeated, said};

use crate::script::api::declared_moves;
use crate::script::host::{fault, Fallible, Host};
use rhai::{Array, Dynamic, Map, NativeCallContext};
use std::cell::RefCell;
use std::rc::Rc;

type Shared<H> = Rc<RefCell<H>>;

/// The options of the position the host holds: every declared move, or
/// (none left) the game's end.
pub(crate) fn options<H: Host>(rt: &Shared<H>, ctx: &NativeCallContext) -> Fallible<Array> {
    let moves = declared_moves(rt, ctx, None)?;
    if moves.is_empty() {
        let mut host = rt.borrow_mut();
        return ending::stuck(&mut *host).map(|()| Array::new());
    }
    Ok(moves)
}

/// Makes a move of a declared kind, then what follows it by itself, and
/// ends the game if it is won.
pub(crate) fn apply<H: Host>(
    rt: &Shared<H>,
    ctx: &NativeCallContext,
    option: &Dynamic,
) -> Fallible<()> {
    let Some(chosen) = option.read_lock::<Map>().map(|m| m.clone()) else {
        return Err(fault(format!(
            "the host applies only the moves of declared kinds, not {}: a ruleset whose options are its own defines `fn apply(option)`",
            option.type_name()
        )));
    };
    let act = chosen
        .get("act")
        .and_then(|a| a.clone().into_immutable_string().ok())
        .unwrap_or_default();
    let kinds = rt.borrow().wiring().moves.clone();
    let Some(kind) = kinds.iter().find(|k| k.name == act.as_str()) else {
        return Err(fault(format!(
            "the host applies only the moves of declared kinds: `{act}` is none of them"
        )));
    };
    if kind.build.is_some() {
        effects::carry(&mut *rt.borrow_mut(), &chosen)?;
    } else if let Some(deals) = &kind.deals {
        effects::deal(&mut *rt.borrow_mut(), deals)?;
    }
    if let Some(state) = &kind.spends {
        effects::spend(&mut *rt.borrow_mut(), state)?;
    }
    follow(rt, ctx)?;
    ending::if_won(&mut *rt.borrow_mut())
}

/// What follows any move by itself: tops turned up, then safe cards home
/// (each followed by the tops it uncovers turned up).
fn follow<H: Host>(rt: &Shared<H>, ctx: &NativeCallContext) -> Fallible<()> {
    effects::turn_up(&mut *rt.borrow_mut())?;
    autoplay::send_home(rt, ctx)
}
