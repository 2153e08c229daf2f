//! The search of a ruleset that does not judge its positions: depth first
//! in the order of its bot, in passes of a limited discrepancy search (0,
//! 1, 2, 4, ... departures from that order, then any number). A good bot's
//! line with a few changes anywhere comes before many deep ones, and a pass
//! that refused no departure searched everything. Each decision on the
//! line is a frame holding a packed copy of its position (`frame.rs`); an
//! option is tried by putting the copy back and playing it. What the
//! line's copies hold, with the frames they share, is held to the budget's
//! `copies`: a line that would hold more halts the search.

use super::super::runtime::{Packer, Snapshot};
use super::frame::{Frame, Leads, NO_ORDER};
use super::ledger::Tally;
use super::line;
use super::Shared;
use crate::game::decision::Choice;
use crate::script::host::Fallible;
use rhai::{Array, ImmutableString, NativeCallContext};
use std::collections::HashMap;

/// A position searched: in which pass, with how many departures then still
/// allowed, and the order of its options (kept for the next passes, which
/// meet it again).
struct Met {
    pass: u32,
    allowed: u32,
    order: u64,
}

/// Departures allowed past this many make a pass unlimited.
const MOST_LIMITED: u32 = 32;

pub(super) struct Passes {
    prefix: Vec<Choice>,
    /// Each position searched, in this pass or an earlier one.
    seen: HashMap<u64, Met>,
    /// How many passes came before this one.
    pass: u32,
    /// The decisions of the line, the first one the search's root.
    path: Vec<Frame>,
    /// Departures on the line, and allowed in this pass.
    used: u32,
    limit: u32,
    /// This pass left an option untaken for want of departures.
    declined: bool,
    /// The first decision, and its key, kept for the next pass.
    root: Option<Frame>,
    root_key: u64,
    /// Where the first decision stands, where every line starts.
    start: Snapshot,
    /// What packs the line's copies, and keeps the frames they share.
    book: Packer,
    /// What the line's frames hold of their own.
    line_bytes: usize,
}

impl Passes {
    /// The search from the first decision, at `key`.
    pub(super) fn new(
        ctx: &NativeCallContext,
        rt: &Shared,
        tally: &mut Tally,
        prefix: &[Choice],
        key: u64,
        (question, options): (&ImmutableString, &Array),
    ) -> Fallible<Passes> {
        let mut passes = Passes {
            prefix: prefix.to_vec(),
            seen: HashMap::new(),
            pass: 0,
            path: Vec::new(),
            used: 0,
            limit: 0,
            declined: false,
            root: None,
            root_key: key,
            start: rt.borrow().snapshot(),
            book: Packer::default(),
            line_bytes: 0,
        };
        let known = passes.met(key, passes.limit);
        passes.expand(ctx, rt, tally, (key, known), (question, options.clone()))?;
        Ok(passes)
    }

    /// The decision at the position the run holds, put on the line if
    /// its copies fit in what the budget leaves; else the search halts.
    fn expand(
        &mut self,
        ctx: &NativeCallContext,
        rt: &Shared,
        tally: &mut Tally,
        (key, known): (u64, u64),
        asked: (&ImmutableString, Array),
    ) -> Fallible<()> {
        let room = tally.budget.copies.saturating_sub(self.line_bytes);
        let Some(frame) = Frame::expand(ctx, rt, asked, &mut self.book, (room, known))? else {
            tally.out_of_copies();
            return Ok(());
        };
        if known == NO_ORDER {
            if let Some(met) = self.seen.get_mut(&key) {
                met.order = frame.packed_order();
            }
        }
        self.line_bytes += frame.bytes;
        let held = self.line_bytes + self.book.frame_bytes();
        tally.stats.held = tally.stats.held.max(held);
        self.path.push(frame);
        Ok(())
    }

    /// One move of the search: the next option of the deepest decision
    /// tried, or that decision left.
    pub(super) fn step(
        &mut self,
        ctx: &NativeCallContext,
        rt: &Shared,
        tally: &mut Tally,
    ) -> Fallible<()> {
        if tally.spent(self.seen.len()) {
            return Ok(());
        }
        let Some(top) = self.path.last_mut() else {
            self.next_pass(tally);
            return Ok(());
        };
        let above = self.used - u32::from(top.departs());
        if !top.open() || (top.next_departs() && above >= self.limit) {
            self.declined |= top.open();
            self.used = above;
            let left = self.path.pop();
            self.line_bytes -= left.as_ref().map_or(0, |f| f.bytes);
            if self.path.is_empty() {
                self.root = left;
            }
            return Ok(());
        }
        let departs = top.next_departs();
        self.used = above + u32::from(departs);
        let leads = top.take(ctx, rt, &self.book)?;
        tally.meet();
        match leads {
            Leads::Nowhere => Ok(()),
            Leads::Ended(outcome) => tally.ended(outcome, || self.line(ctx, rt)),
            Leads::Decision {
                key,
                question,
                options,
            } => self.reached(ctx, rt, tally, key, &question, options),
        }
    }

    /// A decision the line has come to: searched from here, unless it was
    /// searched before with as many departures left (or is further up
    /// this line), or the line is too deep.
    fn reached(
        &mut self,
        ctx: &NativeCallContext,
        rt: &Shared,
        tally: &mut Tally,
        key: u64,
        question: &ImmutableString,
        options: Array,
    ) -> Fallible<()> {
        let depth = self.prefix.len() + self.path.len();
        if tally.too_deep(depth) {
            return Ok(());
        }
        let left = self.limit.saturating_sub(self.used);
        let pass = self.pass;
        if self
            .seen
            .get(&key)
            .is_some_and(|met| met.pass == pass && met.allowed >= left)
        {
            return Ok(());
        }
        let known = self.met(key, left);
        tally.stats.positions = self.seen.len();
        self.expand(ctx, rt, tally, (key, known), (question, options))
    }

    /// Position `key` searched in this pass with `allowed` departures left.
    /// The order of its options kept from an earlier pass, if any.
    fn met(&mut self, key: u64, allowed: u32) -> u64 {
        let pass = self.pass;
        let met = (self.seen.entry(key))
            .and_modify(|met| (met.pass, met.allowed) = (pass, allowed))
            .or_insert(Met {
                pass,
                allowed,
                order: NO_ORDER,
            });
        met.order
    }

    /// The choices from the start to the option now tried.
    fn line(&self, ctx: &NativeCallContext, rt: &Shared) -> Fallible<Vec<Choice>> {
        let taken: Vec<usize> = self.path.iter().map(Frame::current).collect();
        line::choices(ctx, rt, &self.prefix, &self.start, &taken)
    }

    /// Every line of this pass searched: done if it refused no departure,
    /// else the next pass allows more.
    fn next_pass(&mut self, tally: &mut Tally) {
        if !self.declined || self.limit == u32::MAX {
            tally.exhaust();
            return;
        }
        self.limit = match self.limit {
            0 => 1,
            n if n >= MOST_LIMITED => u32::MAX,
            n => n * 2,
        };
        tally.stats.passes += 1;
        self.declined = false;
        self.used = 0;
        self.pass += 1;
        self.met(self.root_key, self.limit);
        if let Some(mut root) = self.root.take() {
            root.rewind();
            self.line_bytes += root.bytes;
            self.path.push(root);
        }
    }
}
