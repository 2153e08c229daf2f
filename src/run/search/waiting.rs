//! What a best-first search keeps of a position waiting in its frontier
//! and of the way back to it, whatever the position is held as (a packed
//! copy of the run, `best_first.rs`; a compiled board, `boards.rs`): its
//! judgement, the order it was met in (of equal judgements the last met
//! comes first, so a line of even positions is followed as depth first
//! would), and a step back to the position it came from.

use std::cmp::Ordering;

/// A position waiting to be searched.
pub(super) struct Waiting<P> {
    pub(super) value: i64,
    /// The order it was met in: of equal values, the last met first.
    pub(super) met: u64,
    pub(super) node: u32,
    pub(super) depth: u32,
    pub(super) position: P,
}

impl<P> Waiting<P> {
    /// The first decision's position, where every line starts.
    pub(super) fn root(position: P) -> Waiting<P> {
        Waiting {
            value: 0,
            met: 0,
            node: 0,
            depth: 0,
            position,
        }
    }
}

/// For each position met, the one it came from and the option taken
/// there: the way back to the first decision, for a winning line.
#[derive(Clone, Copy)]
pub(super) struct Step {
    pub(super) from: u32,
    pub(super) option: u32,
}

impl Step {
    /// The first decision's own step, which leads nowhere back.
    pub(super) const ROOT: Step = Step {
        from: u32::MAX,
        option: 0,
    };
}

/// The options taken from the first decision to `node`'s position, then
/// `option` of its decision if it is one.
pub(super) fn taken(steps: &[Step], node: u32, option: Option<usize>) -> Vec<usize> {
    let mut taken: Vec<usize> = option.into_iter().collect();
    let mut at = node;
    while at != 0 {
        let step = steps[at as usize];
        taken.push(step.option as usize);
        at = step.from;
    }
    taken.reverse();
    taken
}

impl<P> PartialEq for Waiting<P> {
    fn eq(&self, other: &Waiting<P>) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl<P> Eq for Waiting<P> {}

impl<P> PartialOrd for Waiting<P> {
    fn partial_cmp(&self, other: &Waiting<P>) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<P> Ord for Waiting<P> {
    fn cmp(&self, other: &Waiting<P>) -> Ordering {
        (self.value, self.met).cmp(&(other.value, other.met))
    }
}
