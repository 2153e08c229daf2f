//! The search of a ruleset that judges its positions (`fn value()`): best
//! first. Every position met and not yet searched waits, packed small
//! (`runtime/packed.rs`), in a frontier ordered by the ruleset's judgement
//! of it; the best is taken (of equals, the one met last, so that a line
//! of even positions is followed as depth first would), the lone options
//! from it taken, and each option of its decision played on a copy. The
//! positions they lead to that were never met join the frontier. A
//! depth-first search in the same order would follow its first choice to
//! the bottom before it looked at a better position one decision up; best
//! first always goes on from the best position it knows.
//!
//! Memory is bounded: the table of positions met (the budget's `table`),
//! a step back to where each came from (8 bytes each), and the frontier,
//! at most the budget's `copies` (256 MiB), counting each waiting
//! position's packed copy and each frame the copies share (pile names,
//! named state) once. Frames no copy holds any more are let go first; a
//! frontier that outgrows its bound then loses its worst positions: the
//! search goes on, but can then prove nothing.

use super::super::advance::{reach, Reached};
use super::super::protocol::{hook, read_only};
use super::super::runtime::{Packed, Packer, Snapshot};
use super::super::steps::apply;
use super::super::Stop;
use super::ledger::Tally;
use super::line;
use super::waiting::{taken, Step, Waiting};
use super::Shared;
use crate::game::decision::Choice;
use crate::script::host::{Fallible, Host, Mode};
use rhai::{Dynamic, NativeCallContext};
use std::collections::{BinaryHeap, HashSet};
use std::hash::BuildHasherDefault;

/// What a waiting position costs beside its packed copy.
const WAITING_BYTES: usize = std::mem::size_of::<Waiting<Packed>>();

pub(super) struct BestFirst {
    prefix: Vec<Choice>,
    book: Packer,
    frontier: BinaryHeap<Waiting<Packed>>,
    /// What the waiting positions hold of their own (their frames are
    /// the book's).
    frontier_bytes: usize,
    /// The most the frontier and its frames may hold.
    bound: usize,
    /// The frontier lost positions to its bound: no proof is possible.
    pruned: bool,
    /// Keys of the positions met (keys are hashes already).
    seen: HashSet<u64, BuildHasherDefault<KeyHasher>>,
    /// For each position met, the one it came from and the option taken
    /// there: the way back to the first decision, for a winning line.
    steps: Vec<Step>,
    /// The first decision, where every line starts.
    root: Snapshot,
    met: u64,
}

impl BestFirst {
    /// The search from the first decision (the position the run holds),
    /// at `key`.
    pub(super) fn new(rt: &Shared, prefix: &[Choice], key: u64, bound: usize) -> BestFirst {
        let mut book = Packer::default();
        let packed = rt.borrow().pack(&mut book);
        let mut search = BestFirst {
            prefix: prefix.to_vec(),
            book,
            frontier: BinaryHeap::new(),
            frontier_bytes: 0,
            bound,
            pruned: false,
            seen: HashSet::default(),
            steps: vec![Step::ROOT],
            root: rt.borrow().snapshot(),
            met: 0,
        };
        search.seen.insert(key);
        search.wait(&mut 0, Waiting::root(packed));
        search
    }

    /// Whether nothing was left out for want of memory.
    pub(super) fn complete(&self) -> bool {
        !self.pruned
    }

    /// The best position waiting, searched: its decision, and each
    /// option's position met.
    pub(super) fn step(
        &mut self,
        ctx: &NativeCallContext,
        rt: &Shared,
        tally: &mut Tally,
    ) -> Fallible<()> {
        if tally.spent(self.seen.len()) {
            return Ok(());
        }
        let Some(waiting) = self.frontier.pop() else {
            tally.exhaust();
            return Ok(());
        };
        self.frontier_bytes -= waiting.position.size() + WAITING_BYTES;
        rt.borrow_mut().unpack(&waiting.position, &self.book);
        rt.borrow().wiring().decided.set(true);
        let options = match reach(ctx, rt)? {
            Reached::Decision { options, .. } => options,
            Reached::Ended(outcome) => {
                return tally.ended(outcome, || self.line(ctx, rt, waiting.node, None));
            }
            Reached::Cycle => return Ok(()),
        };
        let depth = self.prefix.len() + waiting.depth as usize;
        if tally.too_deep(depth) {
            return Ok(());
        }
        let here = rt.borrow().pack(&mut self.book);
        for (index, option) in options.into_iter().enumerate() {
            if tally.done || tally.spent(self.seen.len()) || tally.meet() {
                return Ok(());
            }
            if index > 0 {
                rt.borrow_mut().unpack(&here, &self.book);
            }
            self.tried(ctx, rt, tally, &waiting, index, option)?;
        }
        tally.stats.positions = self.seen.len();
        Ok(())
    }

    /// One option of `from`'s decision played from the position the run
    /// holds: an end, or a position met.
    fn tried(
        &mut self,
        ctx: &NativeCallContext,
        rt: &Shared,
        tally: &mut Tally,
        from: &Waiting<Packed>,
        index: usize,
        option: Dynamic,
    ) -> Fallible<()> {
        rt.borrow().wiring().decided.set(true);
        if let Err(error) = apply(ctx, rt, option) {
            let stop = rt.borrow_mut().take_stop();
            return match stop {
                Some(Stop::Ended(outcome)) => {
                    tally.ended(outcome, || self.line(ctx, rt, from.node, Some(index)))
                }
                Some(other) => {
                    rt.borrow_mut().set_stop(other);
                    Err(error)
                }
                None => Err(error),
            };
        }
        let key = rt.borrow().key();
        if !self.seen.insert(key) {
            return Ok(());
        }
        let value = read_only(rt, Mode::Bot, || hook::<i64>(ctx, rt, "value", ()))?;
        let node = self.steps.len() as u32;
        self.steps.push(Step {
            from: from.node,
            option: index as u32,
        });
        self.met += 1;
        let packed = rt.borrow().pack(&mut self.book);
        self.wait(
            &mut tally.stats.held,
            Waiting {
                value,
                met: self.met,
                node,
                depth: from.depth + 1,
                position: packed,
            },
        );
        Ok(())
    }

    /// What the frontier holds: its positions and the frames the book keeps.
    fn held(&self) -> usize {
        self.frontier_bytes + self.book.frame_bytes()
    }

    /// Puts a position in the frontier, within its bound; `most` is the
    /// most it has held.
    fn wait(&mut self, most: &mut usize, waiting: Waiting<Packed>) {
        self.frontier_bytes += waiting.position.size() + WAITING_BYTES;
        self.frontier.push(waiting);
        if self.held() > self.bound {
            self.book.sweep();
        }
        if self.held() > self.bound {
            self.prune();
        }
        *most = (*most).max(self.held());
    }

    /// Keeps the best positions of the frontier that, with their frames,
    /// hold three quarters of its bound; lets go of the frames of the rest.
    fn prune(&mut self) {
        self.pruned = true;
        let mut kept = Vec::with_capacity(self.frontier.len());
        let mut frames = HashSet::new();
        let (mut own, mut bytes) = (0, 0);
        while let Some(waiting) = self.frontier.pop() {
            let size = waiting.position.size() + WAITING_BYTES;
            let frame = waiting.position.frame_bytes_once(&mut frames);
            if bytes + size + frame > self.bound / 4 * 3 {
                break;
            }
            own += size;
            bytes += size + frame;
            kept.push(waiting);
        }
        self.frontier = kept.into();
        self.frontier_bytes = own;
        self.book.sweep();
    }

    /// The choices from the start to `node`'s position, then `option` of
    /// its decision if it is one.
    fn line(
        &self,
        ctx: &NativeCallContext,
        rt: &Shared,
        node: u32,
        option: Option<usize>,
    ) -> Fallible<Vec<Choice>> {
        let taken = taken(&self.steps, node, option);
        line::choices(ctx, rt, &self.prefix, &self.root, &taken)
    }
}

/// The keys of positions are hashes already: hashed again, they would
/// only cost.
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}
