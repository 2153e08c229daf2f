//! The seam between the solver's search (`solve.rs`) and the decision
//! protocol: at every decision past the replayed choices of a solver's run,
//! the protocol tells the search where the game stands (a hash of what the
//! host holds) and the search says whether to go on from there, and learns
//! the options and the ruleset's bot's pick. A trait here, so that neither
//! the protocol nor the search imports the other.

use std::sync::{Arc, Mutex, PoisonError};

/// What the search does with a decision the run has come to.
pub(crate) trait Steer: Send {
    /// The run has come to a decision at `position` (the host's state, the
    /// question and the option keys, hashed): true to go on from it, false
    /// to stop the run there (seen before, the budget spent, too deep).
    fn meet(&mut self, position: u64) -> bool;
    /// The run replays a decision of its line on the way back to it: true
    /// to go on, false to stop the run there (the budget spent).
    fn replay(&mut self) -> bool;
    /// The decision the run goes on from: its option keys, and the option
    /// taken first (the ruleset's bot's), which the run then takes.
    fn expand(&mut self, keys: Vec<String>, first: usize);
}

/// A search shared with the run it steers (a plan is cloned and may cross
/// threads, so the search sits behind a lock; only one run uses it at once).
#[derive(Clone)]
pub(crate) struct Steering(pub Arc<Mutex<dyn Steer>>);

impl Steering {
    pub(crate) fn meet(&self, position: u64) -> bool {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .meet(position)
    }

    pub(crate) fn replay(&self) -> bool {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .replay()
    }

    pub(crate) fn expand(&self, keys: Vec<String>, first: usize) {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .expand(keys, first);
    }
}

impl std::fmt::Debug for Steering {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Steering")
    }
}
