//! The search's side of a solver's run: the positions seen (a table of
//! hashes, capped, each with how many departures from the ruleset's bot
//! were still allowed when it was searched), the budget (`budget::Meter`,
//! told of every decision met or replayed), and the decisions the run went
//! on from, each with the order its options are tried in (the bot's pick
//! first, then the others as offered) and what their keys weigh.

use super::super::budget::Meter;
use super::super::steer::Steer;
use super::{Budget, Halt};
use crate::game::decision::Choice;
use std::collections::HashMap;

/// A decision on the line being searched, and how far through its options.
pub(super) struct Frame {
    keys: Vec<String>,
    /// The ruleset's bot's pick, tried first.
    first: usize,
    /// How many of its options have been taken, the last of them now.
    tried: usize,
}

impl Frame {
    /// The option taken `nth` (from 0): the bot's, then the rest in order.
    fn nth(&self, nth: usize) -> usize {
        match nth {
            0 => self.first,
            n if n - 1 < self.first => n - 1,
            n => n,
        }
    }

    /// The choice this decision now takes on the line.
    pub(super) fn choice(&self) -> Choice {
        let index = self.nth(self.tried - 1);
        Choice {
            index,
            key: self.keys[index].clone(),
        }
    }

    /// Whether an option is left to take.
    pub(super) fn open(&self) -> bool {
        self.tried < self.keys.len()
    }

    /// Moves on to the next option.
    pub(super) fn advance(&mut self) {
        self.tried += 1;
    }

    /// Whether the line leaves the ruleset's bot here (a discrepancy).
    pub(super) fn deviates(&self) -> bool {
        self.tried > 1
    }

    /// What the decision holds of its option keys, in bytes.
    pub(super) fn bytes(&self) -> usize {
        weight(&self.keys)
    }
}

/// What option keys take in memory: their text and each one's place.
fn weight(keys: &[String]) -> usize {
    keys.iter()
        .map(|k| k.capacity() + std::mem::size_of::<String>())
        .sum::<usize>()
        + std::mem::size_of::<Frame>()
}

/// Goes back up `path` to the deepest decision with an option a pass
/// allowing `limit` departures from the bot may still take, and takes it;
/// `path` is empty when there is none. `used` counts the departures on
/// the path; `declined` is set when an option is left for want of them.
pub(super) fn backtrack(path: &mut Vec<Frame>, used: &mut u32, limit: u32, declined: &mut bool) {
    while let Some(frame) = path.last_mut() {
        let above = *used - u32::from(frame.deviates());
        if frame.open() && (frame.deviates() || above < limit) {
            *used += u32::from(!frame.deviates());
            frame.advance();
            return;
        }
        *declined |= frame.open();
        *used = above;
        path.pop();
    }
}

/// The search as the runs it steers see it.
pub(super) struct Probe {
    /// Each position searched, with the departures from the bot then allowed.
    seen: HashMap<u64, u32>,
    /// The departures allowed on a line in this pass of the search.
    pub limit: u32,
    /// The departures on the line of the run now playing.
    pub used: u32,
    budget: Budget,
    meter: Meter,
    /// Decisions on the line of the run now playing.
    depth: usize,
    /// What the line of the run now playing holds of option keys.
    line_bytes: usize,
    /// The decisions this run went on from, in order.
    pub fresh: Vec<Frame>,
    /// Why the search must stop, once it must.
    pub halted: Option<Halt>,
    /// This run was stopped at the depth cap.
    pub too_deep: bool,
}

impl Probe {
    pub(super) fn new(budget: Budget, meter: Meter) -> Probe {
        Probe {
            seen: HashMap::new(),
            limit: 0,
            used: 0,
            budget,
            meter,
            depth: 0,
            line_bytes: 0,
            fresh: Vec::new(),
            halted: None,
            too_deep: false,
        }
    }

    /// A run begins on a line of `depth` decisions, `used` of them leaving
    /// the bot, whose decisions hold `line_bytes` of option keys.
    pub(super) fn start_run(&mut self, depth: usize, used: u32, line_bytes: usize) {
        self.depth = depth;
        self.used = used;
        self.line_bytes = line_bytes;
    }

    pub(super) fn nodes(&self) -> u64 {
        self.meter.nodes()
    }

    pub(super) fn replays(&self) -> u64 {
        self.meter.replays()
    }

    /// Positions in the table of those seen.
    pub(super) fn positions(&self) -> usize {
        self.seen.len()
    }

    /// A new pass allowing `limit` departures from the bot on a line: the
    /// positions of the last are forgotten, since their searches may have
    /// been cut short by its smaller limit.
    pub(super) fn pass(&mut self, limit: u32) {
        self.seen.clear();
        self.limit = limit;
    }

    /// Why the search must stop now, if it must.
    pub(super) fn spent(&self) -> Option<Halt> {
        self.meter.spent().or_else(|| self.full())
    }

    /// The table of positions, or the line's keys, at their bound.
    fn full(&self) -> Option<Halt> {
        if self.seen.len() >= self.budget.table {
            Some(Halt::Table)
        } else if self.line_bytes >= self.budget.line_bytes {
            Some(Halt::Line)
        } else {
            None
        }
    }
}

impl Steer for Probe {
    fn meet(&mut self, position: u64) -> bool {
        if let Some(halt) = self.meter.meet().or_else(|| self.full()) {
            self.halted = Some(halt);
            return false;
        }
        if self.depth >= self.budget.depth {
            self.too_deep = true;
            return false;
        }
        // A position searched before with as many departures allowed (or
        // being searched, further up this line) holds nothing new: every
        // line through it again ends as those did.
        let left = self.limit.saturating_sub(self.used);
        match self.seen.get(&position) {
            Some(&allowed) if allowed >= left => false,
            _ => {
                self.seen.insert(position, left);
                true
            }
        }
    }

    fn replay(&mut self) -> bool {
        if let Some(halt) = self.meter.replay() {
            self.halted = Some(halt);
            return false;
        }
        true
    }

    fn expand(&mut self, keys: Vec<String>, first: usize) {
        self.line_bytes += weight(&keys);
        self.fresh.push(Frame {
            keys,
            first,
            tried: 1,
        });
        self.depth += 1;
    }
}
