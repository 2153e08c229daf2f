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
use std::hash::{BuildHasher, Hash, Hasher};

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

/// The hasher of a position's key: fixed seeds, so a key is the same in
/// every run of one build.
fn key_hasher() -> ahash::RandomState {
    ahash::RandomState::with_seeds(
        0x243F_6A88_85A3_08D3,
        0x1319_8A2E_0370_7344,
        0xA409_3822_299F_31D0,
        0x082E_FA98_EC4E_6C89,
    )
}

impl Runtime {
    /// The key of a game of positions where it stands: everything the host
    /// holds that its future depends on, which in that shape is all of it
    /// (no script runs between two decisions). Every pile with its cards
    /// and their facing (the piles of an interchangeable family as a set,
    /// in whatever order), the named state but its bookkeeping, and how
    /// far the random stream and the shuffles have gone.
    pub(crate) fn key(&self) -> u64 {
        let rules = &self.wiring.position;
        let seeds = key_hasher();
        let mut hasher = seeds.build_hasher();
        let mut families: Vec<Vec<u64>> = vec![Vec::new(); rules.interchangeable.len()];
        for pile in self.table.piles() {
            if let Some(family) = rules.family_of(&pile.name) {
                families[family].push(seeds.hash_one(pile.placed()));
            } else {
                pile.name.hash(&mut hasher);
                pile.placed().hash(&mut hasher);
            }
        }
        for mut family in families {
            family.sort_unstable();
            family.hash(&mut hasher);
        }
        for (name, value) in &self.table.state {
            if !rules.bookkeeping.contains(name) {
                (name, value).hash(&mut hasher);
            }
        }
        self.random.position().hash(&mut hasher);
        self.shuffles.hash(&mut hasher);
        hasher.finish()
    }
}
