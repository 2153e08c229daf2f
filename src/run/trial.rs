//! A bot that tries a move (`after(option, "judge")`), in a game of
//! positions: the option is applied on a copy of the table and the bot's
//! function `judge` asked there, so a bot judges a move by what it does
//! under the rules as written (a house rule's too) instead of working the
//! rules out again. What the player has not seen is dealt afresh in the
//! copy first (from the bot's own stream), and the rules' random numbers
//! there are the bot's, so trying a move shows nothing the player could
//! not know; then the table is put back as it was.

use super::protocol::{hook, read_only, redeal_unseen};
use super::Runtime;
use crate::script::host::{fault, Fallible, Host, Mode};
use rhai::{Dynamic, NativeCallContext};
use std::cell::RefCell;
use std::rc::Rc;

type Shared = Rc<RefCell<Runtime>>;

pub(super) fn after(
    ctx: &NativeCallContext,
    rt: &Shared,
    option: Dynamic,
    judge: &str,
) -> Fallible<Dynamic> {
    let (mode, positions) = {
        let host = rt.borrow();
        (host.mode(), host.wiring().positions)
    };
    if mode != Mode::Bot {
        return Err(fault(
            "after(option, judge) is for a bot (fn rate or fn bot): it tries a move on a copy"
                .into(),
        ));
    }
    if !positions {
        return Err(fault(
            "after(option, judge) needs a game of positions (fn setup, fn options, fn apply): a story's table can not be copied".into(),
        ));
    }
    let saved = rt.borrow_mut().begin_trial()?;
    if rt.borrow().wiring().has_redeal {
        if let Err(error) = redeal_unseen(ctx, rt) {
            rt.borrow_mut().end_trial(saved);
            return Err(error);
        }
    }
    let applied = read_only(rt, Mode::Play, || super::steps::apply(ctx, rt, option));
    let judged = match applied {
        Ok(()) => Ok(()),
        // The move ended the game: the judge may ask `ended()`.
        Err(_) if rt.borrow_mut().trial_over() => Ok(()),
        Err(error) => Err(error),
    }
    .and_then(|()| read_only(rt, Mode::Bot, || hook::<Dynamic>(ctx, rt, judge, ())));
    rt.borrow_mut().end_trial(saved);
    judged
}
