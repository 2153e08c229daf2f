//! One order of a search on boards (`boards.rs`): its frontier of boards
//! waiting, best first. A search runs two lanes once the first has met
//! some positions, alike but for how they break ties among positions
//! judged equal (the first takes the last met, as depth first would; the
//! second takes them in the order of their keys, a shuffle of them): an
//! order's luck shows in its longest searches, and the two orders' unlucky
//! deals are mostly not the same. The lanes share the table of positions
//! met, so each position is searched once, by the lane that met it first.

use super::waiting::Waiting;
use crate::declared::compiled::Board;
use std::collections::BinaryHeap;

/// What a waiting board costs beside its bytes.
const WAITING_BYTES: usize = std::mem::size_of::<Waiting<Board>>();

pub(super) struct Lane {
    /// Ties broken by the positions' keys, not by the order met.
    shuffled: bool,
    frontier: BinaryHeap<Waiting<Board>>,
    frontier_bytes: usize,
    /// The most bytes its frontier may hold.
    bound: usize,
    /// Some waiting boards were let go: it can prove nothing.
    pruned: bool,
}

impl Lane {
    /// A lane whose first board waiting is `root`, its frontier held to
    /// `bound` bytes.
    pub(super) fn new(root: Waiting<Board>, bound: usize, shuffled: bool) -> Lane {
        let mut lane = Lane {
            shuffled,
            frontier: BinaryHeap::new(),
            frontier_bytes: 0,
            bound,
            pruned: false,
        };
        lane.wait(root);
        lane
    }

    /// The bytes its waiting boards hold.
    pub(super) fn bytes(&self) -> usize {
        self.frontier_bytes
    }

    /// Whether it kept every board it was given.
    pub(super) fn complete(&self) -> bool {
        !self.pruned
    }

    /// The best board waiting.
    pub(super) fn pop(&mut self) -> Option<Waiting<Board>> {
        let waiting = self.frontier.pop()?;
        self.frontier_bytes -= waiting.position.size() + WAITING_BYTES;
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
        if self.shuffled {
            waiting.met = key;
        }
        self.wait(waiting);
    }

    fn wait(&mut self, waiting: Waiting<Board>) {
        self.frontier_bytes += waiting.position.size() + WAITING_BYTES;
        self.frontier.push(waiting);
        if self.frontier_bytes > self.bound {
            self.prune();
        }
    }

    /// Keeps the best boards of the frontier, three quarters of its bound.
    fn prune(&mut self) {
        self.pruned = true;
        let mut kept = Vec::with_capacity(self.frontier.len());
        let mut bytes = 0;
        while let Some(waiting) = self.frontier.pop() {
            let size = waiting.position.size() + WAITING_BYTES;
            if bytes + size > self.bound / 4 * 3 {
                break;
            }
            bytes += size;
            kept.push(waiting);
        }
        self.frontier = kept.into();
        self.frontier_bytes = bytes;
    }
}
