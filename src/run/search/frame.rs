//! A decision on the line a depth-first search is on (`passes.rs`): a
//! packed copy of its position (`runtime/packed.rs`, its frame shared
//! through the search's packer) and its options, ordered best first by the
//! ruleset's bot (`fn rate`, highest first, or the pick of `fn bot` first;
//! else as offered). An option is played when the search takes it, from
//! the copy put back: most lines of a pass leave a decision after its first
//! option (no departure left to take another), so the others are never
//! played. A decision whose copy would pass the room left is not kept.

use super::super::advance::{advance, Reached};
use super::super::protocol::{ask_bot, hook, read_only};
use super::super::runtime::{Packed, Packer};
use super::super::{Outcome, Runtime};
use crate::script::host::{Asked, BotFn, Fallible, Host, Mode};
use rhai::{Array, ImmutableString, NativeCallContext};
use std::cell::RefCell;
use std::rc::Rc;

type Shared = Rc<RefCell<Runtime>>;

/// A decision's order of options packed in a word, four bits an option,
/// for a search that meets the decision again; `NO_ORDER` where it has
/// fewer than two options or more than sixteen (no order of two or more
/// options packs to it).
pub(super) const NO_ORDER: u64 = u64::MAX;

pub(super) struct Frame {
    /// The decision's position.
    here: Packed,
    options: Array,
    /// The options, by their place in `options`, in the order they are tried.
    order: Vec<usize>,
    /// What its copy holds of its own, in bytes (its frame is the packer's).
    pub(super) bytes: usize,
    /// How many options have been taken; the last of them is on the line.
    tried: usize,
}

/// Where an option of a decision led: the run then stands there.
pub(super) enum Leads {
    Ended(Outcome),
    Decision {
        key: u64,
        question: ImmutableString,
        options: Array,
    },
    /// Nowhere new: a cycle of lone options.
    Nowhere,
}

impl Frame {
    /// The decision at the position the host holds now, its options
    /// ordered (as `known` packs them, where it was ordered before). None
    /// if its copy and the frames `book` keeps would hold more than `room`
    /// bytes.
    pub(super) fn expand(
        ctx: &NativeCallContext,
        rt: &Shared,
        (question, options): (&ImmutableString, Array),
        book: &mut Packer,
        (room, known): (usize, u64),
    ) -> Fallible<Option<Frame>> {
        let here = rt.borrow().pack(book);
        let bytes = here.size() + options.len() * std::mem::size_of::<rhai::Dynamic>();
        if bytes + book.frame_bytes() > room && bytes + book.sweep() > room {
            return Ok(None);
        }
        let order = match unpacked(known, options.len()) {
            Some(order) => order,
            None => by_bot(ctx, rt, question, &options)?,
        };
        Ok(Some(Frame {
            here,
            options,
            order,
            bytes,
            tried: 0,
        }))
    }

    /// The order of its options in a word (`NO_ORDER` where none is kept).
    pub(super) fn packed_order(&self) -> u64 {
        packed(&self.order)
    }

    /// Whether an option is left to take.
    pub(super) fn open(&self) -> bool {
        self.tried < self.order.len()
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

    /// Takes the next option: plays it from the decision's position, where
    /// the run then stands.
    pub(super) fn take(
        &mut self,
        ctx: &NativeCallContext,
        rt: &Shared,
        book: &Packer,
    ) -> Fallible<Leads> {
        self.tried += 1;
        let chosen = self.options[self.current()].clone();
        rt.borrow_mut().unpack(&self.here, book);
        rt.borrow().wiring().decided.set(true);
        Ok(match advance(ctx, rt, chosen)? {
            Reached::Ended(outcome) => Leads::Ended(outcome),
            Reached::Cycle => Leads::Nowhere,
            Reached::Decision { question, options } => Leads::Decision {
                key: rt.borrow().key(),
                question,
                options,
            },
        })
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

/// An order of options in a word, four bits an option.
fn packed(order: &[usize]) -> u64 {
    if !(2..=16).contains(&order.len()) {
        return NO_ORDER;
    }
    let nibbles = order.iter().enumerate();
    nibbles.fold(0, |word, (n, &option)| word | (option as u64) << (4 * n))
}

/// The order `known` packs for a decision of `len` options, if it is one:
/// each option once. (Two positions whose keys meet by chance could hand one
/// the other's order; an order that is not one of these options is asked
/// for again, so no option goes untried.)
fn unpacked(known: u64, len: usize) -> Option<Vec<usize>> {
    if known == NO_ORDER || !(2..=16).contains(&len) {
        return None;
    }
    let order: Vec<usize> = (0..len)
        .map(|n| (known >> (4 * n) & 0xF) as usize)
        .collect();
    let each = order.iter().fold(0u32, |seen, &option| seen | 1 << option);
    (each == (1u32 << len) - 1).then_some(order)
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

#[cfg(test)]
mod tests {
    use super::{packed, unpacked, NO_ORDER};

    #[test]
    fn an_order_comes_back_as_it_was_packed_and_only_for_its_own_options() {
        let sixteen: Vec<usize> = (0..16).rev().collect();
        assert_eq!(unpacked(packed(&sixteen), 16), Some(sixteen));
        let three = packed(&[2, 0, 1]);
        assert_eq!(unpacked(three, 3), Some(vec![2, 0, 1]));
        // Met again with other options (two keys that met by chance): not
        // each option once, so asked for again.
        assert_eq!(unpacked(three, 5), None);
        assert_eq!(unpacked(packed(&[4, 0, 1, 2, 3]), 3), None);
        assert_eq!(packed(&[0]), NO_ORDER);
        assert_eq!(unpacked(NO_ORDER, 16), None);
    }
}
