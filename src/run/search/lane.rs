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
//! A search that goes on long enough starts two lanes apart, from the
//! first decision again, each with a table of its own: depth first in the
//! rules' order and in its reverse. A depth-first line's luck is in its
//! first choices, which the shared lane no longer has (another lane met
//! them first); they prove nothing.
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
    /// Depth first as `DepthFirst`, the rules' moves taken last listed
    /// first.
    DepthFirstBackwards,
}

pub(super) struct Lane {
    order: Order,
    frontier: BinaryHeap<Waiting<Board>>,
    frontier_bytes: usize,
    /// Some waiting boards were let go: it can prove nothing.
    pruned: bool,
    /// A table of positions met of its own, where it leaves moves out or
    /// searches again what the others meet: it proves nothing.
    own: Option<Met>,
    /// Whether it keeps to the moves that advance.
    narrowed: bool,
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
            narrowed: false,
            popped: 0,
            pushed: 0,
        };
        lane.wait(root);
        lane
    }

    /// A lane that keeps to the moves that advance, from `root` (keyed
    /// `key`), with a table of its own.
    pub(super) fn narrowed(root: Waiting<Board>, key: u64) -> Lane {
        let mut lane = Lane::apart(root, key, Order::LastMet);
        lane.narrowed = true;
        lane
    }

    /// A lane from `root` (keyed `key`) with a table of its own: it meets
    /// again what the others met, in its order.
    pub(super) fn apart(root: Waiting<Board>, key: u64, order: Order) -> Lane {
        let mut lane = Lane::new(root, order);
        lane.own = Some(Met::from_iter([key]));
        lane
    }

    /// Whether it keeps to the moves that advance.
    pub(super) fn is_narrowed(&self) -> bool {
        self.narrowed
    }

    /// Whether its emptying is part of a proof: it shares the table.
    pub(super) fn proves(&self) -> bool {
        self.own.is_none()
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

    /// Whether it kept every board it was given (a lane with a table of
    /// its own may let boards go: it takes nothing from the others'
    /// proof).
    pub(super) fn complete(&self) -> bool {
        !self.pruned || !self.proves()
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
            Order::DepthFirst | Order::DepthFirstBackwards => {
                // Deeper first; then the children of the board searched
                // last; then by the place the rules list their moves in.
                waiting.value = i64::from(waiting.depth);
                let listed = self.pushed.min(0xF_FFFF);
                let place = if self.order == Order::DepthFirst {
                    0xF_FFFF - listed
                } else {
                    listed
                };
                waiting.met = self.popped << 20 | place;
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

#[cfg(test)]
mod tests {
    use super::*;

    fn board(node: u32, depth: u32, value: i64) -> Waiting<Board> {
        Waiting {
            value,
            met: 0,
            node,
            depth,
            position: Board::new(&[], &[]),
        }
    }

    /// The nodes a depth-first lane searches when the root's children are
    /// 1, 2, 3 (listed so, judged best last) and the first it searches
    /// has children 4 and 5.
    fn searched(order: Order) -> Vec<u32> {
        let mut lane = Lane::new(board(0, 0, 0), order);
        let mut nodes = vec![lane.pop().unwrap().node];
        for (node, value) in [(1, 0), (2, 5), (3, 9)] {
            lane.wait_new(board(node, 1, value), u64::from(node));
        }
        let first = lane.pop().unwrap();
        nodes.push(first.node);
        for node in [4, 5] {
            lane.wait_new(board(node, 2, 0), u64::from(node));
        }
        while let Some(next) = lane.pop() {
            nodes.push(next.node);
        }
        nodes
    }

    #[test]
    fn depth_first_takes_the_rules_order_and_goes_deep_before_the_siblings() {
        assert_eq!(searched(Order::DepthFirst), [0, 1, 4, 5, 2, 3]);
    }

    #[test]
    fn depth_first_backwards_takes_the_last_listed_first() {
        assert_eq!(searched(Order::DepthFirstBackwards), [0, 3, 5, 4, 2, 1]);
    }

    #[test]
    fn a_lane_apart_proves_nothing_and_a_narrowed_one_is_apart() {
        let shared = Lane::new(board(0, 0, 0), Order::LastMet);
        let apart = Lane::apart(board(0, 0, 0), 7, Order::DepthFirst);
        let narrowed = Lane::narrowed(board(0, 0, 0), 7);
        assert!(shared.proves() && !shared.is_narrowed());
        assert!(!apart.proves() && !apart.is_narrowed());
        assert!(!narrowed.proves() && narrowed.is_narrowed());
        let mut met = Met::from_iter([7]);
        let mut apart = apart;
        assert!(
            !apart.first_met(7, &mut met),
            "its own table holds its root"
        );
        assert!(apart.first_met(8, &mut met));
        assert!(!met.contains(&8), "the shared table is not written");
    }
}
