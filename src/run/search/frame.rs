//! A decision on the line a search is on: the position as the host held it
//! there (a copy), its question and options, the order the options are
//! tried in (the ruleset's bot's, best first), and how far through them.

use super::super::protocol::{ask_bot, hook, read_only};
use super::super::runtime::Snapshot;
use super::super::Runtime;
use crate::script::host::{Asked, BotFn, Fallible, Host, Mode};
use rhai::{Array, ImmutableString, NativeCallContext};
use std::cell::RefCell;
use std::rc::Rc;

type Shared = Rc<RefCell<Runtime>>;

pub(super) struct Frame {
    pub(super) snapshot: Snapshot,
    pub(super) question: ImmutableString,
    pub(super) options: Array,
    order: Vec<usize>,
    /// How many options have been taken; the last of them is on the line.
    tried: usize,
}

impl Frame {
    pub(super) fn new(
        ctx: &NativeCallContext,
        rt: &Shared,
        question: ImmutableString,
        options: Array,
    ) -> Fallible<Frame> {
        let order = order(ctx, rt, &question, &options)?;
        Ok(Frame {
            snapshot: rt.borrow().snapshot(),
            question,
            options,
            order,
            tried: 0,
        })
    }

    /// Whether an option is left to take.
    pub(super) fn open(&self) -> bool {
        self.tried < self.order.len()
    }

    /// Whether the option now on the line leaves the bot's order (a
    /// departure, which a pass of the search allows only so many times).
    pub(super) fn departs(&self) -> bool {
        self.tried > 1
    }

    /// Whether the next option to take would be a departure.
    pub(super) fn next_departs(&self) -> bool {
        self.tried >= 1
    }

    /// Takes the next option: its index among the options.
    pub(super) fn take(&mut self) -> usize {
        self.tried += 1;
        self.order[self.tried - 1]
    }

    /// The option now on the line.
    pub(super) fn current(&self) -> usize {
        self.order[self.tried - 1]
    }

    /// Starts again from the first option (a new pass).
    pub(super) fn rewind(&mut self) {
        self.tried = 0;
    }
}

/// The order to try the options in: by the ruleset's `fn rate`, highest
/// first (the first of equals first), or its `fn bot`'s pick first, else
/// as offered. The bot reads what a player sees; it only orders the search.
fn order(
    ctx: &NativeCallContext,
    rt: &Shared,
    question: &ImmutableString,
    options: &Array,
) -> Fallible<Vec<usize>> {
    let mut order: Vec<usize> = (0..options.len()).collect();
    if options.len() < 2 {
        return Ok(order);
    }
    let bot = rt.borrow().wiring().bot;
    match bot {
        None => return Ok(order),
        Some(BotFn::Bot) => {}
        Some(BotFn::Rate) => {
            let ratings = read_only(rt, Mode::Bot, || {
                options
                    .iter()
                    .map(|option| hook::<i64>(ctx, rt, "rate", (option.clone(),)))
                    .collect::<Fallible<Vec<i64>>>()
            })?;
            order.sort_by_key(|&i| std::cmp::Reverse(ratings[i]));
            return Ok(order);
        }
    }
    let asked = Asked {
        verb: "options",
        question,
        options,
    };
    let first = ask_bot(ctx, rt, &asked)?;
    order.remove(first);
    order.insert(0, first);
    Ok(order)
}
