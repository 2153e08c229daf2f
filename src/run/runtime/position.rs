//! Where a run stands, as the solver tells positions apart: a hash of what
//! the host holds at a decision (every pile with its cards and their
//! facing, the named state, how far the random stream and the shuffles
//! have gone) and of the decision itself (the question, the option keys).
//! Two runs at the same hash play on alike, but for what a script keeps in
//! its own variables across a decision, which the host can not see
//! (docs/solver.md says what that means for a proof).

use super::Runtime;
use crate::game::decision::Prompt;
use crate::run::steer::Steering;
use std::hash::{Hash, Hasher};

impl Runtime {
    /// The position at `prompt`. The hasher has fixed keys, so a position
    /// hashes alike in every run and on every machine.
    pub(crate) fn position(&self, prompt: &Prompt) -> u64 {
        let mut hasher = std::hash::DefaultHasher::new();
        let table = &self.table;
        table.piles().hash(&mut hasher);
        table.state.hash(&mut hasher);
        self.random.position().hash(&mut hasher);
        self.shuffles.hash(&mut hasher);
        prompt.question.hash(&mut hasher);
        for option in &prompt.options {
            option.key.hash(&mut hasher);
        }
        hasher.finish()
    }

    /// The search steering this run, in a solver's run.
    pub(crate) fn steering(&self) -> Option<Steering> {
        self.steering.clone()
    }
}
