//! A decision on the line a depth-first search is on (`passes.rs`): where
//! each of its options leads (a packed copy of the position it comes to,
//! `runtime/packed.rs`, with its frame shared through the search's
//! packer), worked out at once and ordered best first by the ruleset's bot
//! (`fn rate`, highest first, or the pick of `fn bot` first); else as
//! offered. What a decision's copies hold is counted as they are made, and
//! a decision whose copies would pass the room left is not kept.

use super::super::advance::{advance, Reached};
use super::super::protocol::{ask_bot, hook, read_only};
use super::super::runtime::{Packed, Packer};
use super::super::{Outcome, Runtime};
use crate::script::host::{Asked, BotFn, Fallible, Host, Mode};
use rhai::{Array, ImmutableString, NativeCallContext};
use std::cell::RefCell;
use std::rc::Rc;

type Shared = Rc<RefCell<Runtime>>;

pub(super) struct Frame {
    /// Where each option leads, in the order they are tried.
    children: Vec<Child>,
    /// What its copies hold of their own, in bytes (their frames are the
    /// packer's).
    pub(super) bytes: usize,
    /// How many children have been taken; the last of them is on the line.
    tried: usize,
}

/// Where one option of a decision leads.
pub(super) struct Child {
    pub(super) option: usize,
    pub(super) leads: Leads,
}

pub(super) enum Leads {
    Ended(Outcome),
    Decision {
        packed: Packed,
        key: u64,
        question: ImmutableString,
        options: Array,
    },
    /// Nowhere new: a cycle of lone options.
    Nowhere,
}

impl Frame {
    /// The decision at the position the host holds now: every option
    /// played on a copy, and the children ordered. None (the position put
    /// back) if its copies and the frames `book` keeps would hold more
    /// than `room` bytes.
    pub(super) fn expand(
        ctx: &NativeCallContext,
        rt: &Shared,
        (question, options): (&ImmutableString, &Array),
        book: &mut Packer,
        room: usize,
    ) -> Fallible<Option<Frame>> {
        let here = rt.borrow().pack(book);
        let mut children = Vec::with_capacity(options.len());
        let mut bytes = here.size();
        for (option, chosen) in options.iter().enumerate() {
            rt.borrow_mut().unpack(&here, book);
            rt.borrow().wiring().decided.set(true);
            let leads = match advance(ctx, rt, chosen.clone())? {
                Reached::Ended(outcome) => Leads::Ended(outcome),
                Reached::Cycle => Leads::Nowhere,
                Reached::Decision { question, options } => {
                    let packed = rt.borrow().pack(book);
                    bytes += packed.size()
                        + question.len()
                        + options.len() * std::mem::size_of::<rhai::Dynamic>();
                    Leads::Decision {
                        packed,
                        key: rt.borrow().key(),
                        question,
                        options,
                    }
                }
            };
            children.push(Child { option, leads });
            if bytes + book.frame_bytes() > room && bytes + book.sweep() > room {
                rt.borrow_mut().unpack(&here, book);
                return Ok(None);
            }
        }
        rt.borrow_mut().unpack(&here, book);
        let order = by_bot(ctx, rt, question, options)?;
        let mut children: Vec<Option<Child>> = children.into_iter().map(Some).collect();
        let children = order
            .into_iter()
            .map(|i| children[i].take().expect("each once"))
            .collect();
        Ok(Some(Frame {
            children,
            bytes,
            tried: 0,
        }))
    }

    /// Whether an option is left to take.
    pub(super) fn open(&self) -> bool {
        self.tried < self.children.len()
    }

    /// Whether the option now on the line leaves the order (a departure,
    /// which a pass of the search allows only so many times).
    pub(super) fn departs(&self) -> bool {
        self.tried > 1
    }

    /// Whether the next option to take would be a departure.
    pub(super) fn next_departs(&self) -> bool {
        self.tried >= 1
    }

    /// Takes the next child.
    pub(super) fn take(&mut self) -> &Child {
        self.tried += 1;
        &self.children[self.tried - 1]
    }

    /// The option now on the line.
    pub(super) fn current(&self) -> usize {
        self.children[self.tried - 1].option
    }

    /// How many children lead to a decision, an end, or nowhere.
    pub(super) fn len(&self) -> usize {
        self.children.len()
    }

    /// Starts again from the first option (a new pass).
    pub(super) fn rewind(&mut self) {
        self.tried = 0;
    }
}

/// Highest rating first; the first of equals first.
fn by_rating(values: &[i64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(values[i]));
    order
}

/// By the ruleset's bot: `fn rate`, highest first (the first of equals
/// first), or the pick of `fn bot` first; else as offered. The bot reads
/// what a player sees; it only orders the search.
fn by_bot(
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
            return Ok(by_rating(&ratings));
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
