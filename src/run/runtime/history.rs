//! The positions a game has been through, for a game of positions: how
//! often each came back (a ruleset's repetition rule), and those passed
//! since the last decision a player made (lone options taken one after
//! another, where a position that comes back is a cycle).

use std::collections::{HashMap, HashSet};

/// Why a game that came back through lone options alone fails.
pub(crate) const LONE_CYCLE: &str = "a cycle of lone options: the game came back to a position it left with no choice \
     to make on the way, so it would go round for ever (a rule should offer a choice or end the game)";

#[derive(Clone, Debug, Default)]
pub(crate) struct History {
    times: HashMap<u64, u32>,
    since_choice: HashSet<u64>,
}

impl History {
    /// Counts one more visit of `key`; how many there have been.
    pub(crate) fn count(&mut self, key: u64) -> u32 {
        let times = self.times.entry(key).or_insert(0);
        *times += 1;
        *times
    }

    /// How many visits of `key` were counted.
    pub(crate) fn times(&self, key: u64) -> u32 {
        self.times.get(&key).copied().unwrap_or(0)
    }

    /// A player chose: the chain of lone options starts again.
    pub(crate) fn chosen(&mut self) {
        self.since_choice.clear();
    }

    /// A lone option led to `key`: false if the chain was there before.
    pub(crate) fn forced(&mut self, key: u64) -> bool {
        self.since_choice.insert(key)
    }
}
