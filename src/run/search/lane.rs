//! One order of a search on boards (`boards.rs`): its frontier of boards
//! waiting, best first. A search runs more lanes once the first has met
//! some positions, alike but for how they break ties among positions
//! judged equal (the first takes the last met, as depth first would; each
//! other takes them in an order of their keys of its own, a shuffle of
//! them): an order's luck shows in its longest searches, and different
//! orders' unlucky deals are mostly not the same; one more goes depth
//! first in the rules' own order of moves, blind to the judgement, which
//! wins deals the judgement leads away from. The lanes share the
//! table of positions met, so each position is searched once, by the lane
//! that met it first.
//!
//! Where the rules turn cards up, a third lane searches from the start
//! again keeping only the moves that advance (`compiled/detour.rs`): it
//! finds wins the complete lanes would reach late, and proves nothing, so
//! it keeps a table of its own and the complete lanes still meet every
//! position.

use super::best_first::KeyHasher;
use super::waiting::Waiting;
use crate::declared::compiled::Board;
use std::collections::{BinaryHeap, HashSet};
use std::hash::BuildHasherDefault;

/// The positions a search has met, by key.
pub(super) type Met = HashSet<u64, BuildHasherDefault<KeyHasher>>;

/// What a waiting board costs beside its bytes.
const WAITING_BYTES: usize = std::mem::size_of::<Waiting<Board>>();

/// How a lane orders the boards waiting.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Order {
    /// Best first; of boards judged equal, the last met.
    LastMet,
    /// Best first; of boards judged equal, by their keys mixed with this.
    Shuffled(u64),
    /// Deepest first, the judgement not asked: of the boards of one
    /// depth, those of the board searched last, in the order the rules
    /// list their moves (as the field's solvers of columns scan).
    DepthFirst,
}

pub(super) struct Lane {
    order: Order,
    frontier: BinaryHeap<Waiting<Board>>,
    frontier_bytes: usize,
    /// Some waiting boards were let go: it can prove nothing.
    pruned: bool,
    /// A narrowed lane's own table of positions met (it leaves moves out).
    own: Option<Met>,
    /// Boards searched from this lane, and boards met since the last.
    popped: u64,
    pushed: u64,
}

impl Lane {
    /// A lane whose first board waiting is `root`.
    pub(super) fn new(root: Waiting<Board>, order: Order) -> Lane {
        let mut lane = Lane {
            order,
            frontier: BinaryHeap::new(),
            frontier_bytes: 0,
            pruned: false,
            own: None,
            popped: 0,
            pushed: 0,
        };
        lane.wait(root);
        lane
    }

    /// A lane that keeps to the moves that advance, from `root` (keyed
    /// `key`), with a table of its own.
    pub(super) fn narrowed(root: Waiting<Board>, key: u64) -> Lane {
        let mut lane = Lane::new(root, Order::LastMet);
        lane.own = Some(Met::from_iter([key]));
        lane
    }

    /// Whether it keeps to the moves that advance.
    pub(super) fn is_narrowed(&self) -> bool {
        self.own.is_some()
    }

    /// Whether `key` is met for the first time by this lane: in its own
    /// table if it has one, else in the table the lanes share.
    pub(super) fn first_met(&mut self, key: u64, shared: &mut Met) -> bool {
        self.own.as_mut().unwrap_or(shared).insert(key)
    }

    /// The positions its own table holds.
    pub(super) fn own_met(&self) -> usize {
        self.own.as_ref().map_or(0, HashSet::len)
    }

    /// Whether no board waits.
    pub(super) fn is_empty(&self) -> bool {
        self.frontier.is_empty()
    }

    /// The bytes its waiting boards hold.
    pub(super) fn bytes(&self) -> usize {
        self.frontier_bytes
    }

    /// Whether it kept every board it was given (a narrowed lane leaves
    /// moves out, but keeps no table the others read: it takes nothing
    /// from their proof).
    pub(super) fn complete(&self) -> bool {
        !self.pruned || self.is_narrowed()
    }

    /// The best board waiting.
    pub(super) fn pop(&mut self) -> Option<Waiting<Board>> {
        let waiting = self.frontier.pop()?;
        self.frontier_bytes -= waiting.position.size() + WAITING_BYTES;
        self.popped += 1;
        self.pushed = 0;
        Some(waiting)
    }

    /// The board waiting nearest the first decision (of those, the best):
    /// where another order parts from this one's earliest choices.
    pub(super) fn pop_shallowest(&mut self) -> Option<Waiting<Board>> {
        let mut boards = std::mem::take(&mut self.frontier).into_vec();
        let at =
            (0..boards.len()).min_by_key(|&i| (boards[i].depth, std::cmp::Reverse(&boards[i])))?;
        let waiting = boards.swap_remove(at);
        self.frontier = boards.into();
        self.frontier_bytes -= waiting.position.size() + WAITING_BYTES;
        Some(waiting)
    }

    /// A board met for the first time, keyed `key`, kept waiting.
    pub(super) fn wait_new(&mut self, mut waiting: Waiting<Board>, key: u64) {
        match self.order {
            Order::LastMet => {}
            Order::Shuffled(salt) => {
                // Any fixed mixing of key and salt is a shuffle; a
                // multiply spreads keys that differ in few bits.
                waiting.met = (key ^ salt).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            }
            Order::DepthFirst => {
                waiting.value = i64::from(waiting.depth);
                let first_listed_first = 0xF_FFFF - self.pushed.min(0xF_FFFF);
                waiting.met = self.popped << 20 | first_listed_first;
                self.pushed += 1;
            }
        }
        self.wait(waiting);
    }

    fn wait(&mut self, waiting: Waiting<Board>) {
        self.frontier_bytes += waiting.position.size() + WAITING_BYTES;
        self.frontier.push(waiting);
    }

    /// Keeps the best boards of the frontier, three quarters of its bytes.
    pub(super) fn prune(&mut self) {
        self.pruned = true;
        let most = self.frontier_bytes / 4 * 3;
        let mut kept = Vec::with_capacity(self.frontier.len());
        let mut bytes = 0;
        while let Some(waiting) = self.frontier.pop() {
            let size = waiting.position.size() + WAITING_BYTES;
            if bytes + size > most {
                break;
            }
            bytes += size;
            kept.push(waiting);
        }
        self.frontier = kept.into();
        self.frontier_bytes = bytes;
    }
}
