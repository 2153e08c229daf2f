//! The game's random stream made fresh for a hint's search, and the count
//! of what is drawn from it: a search from the player's position may not
//! use a number the player has not seen, so it starts from a stream seeded
//! anew (as a world's is) and its answer counts only if it drew nothing
//! at all (`session/search_hint.rs`).

use super::Runtime;
use crate::game::random::Random;

impl Runtime {
    /// The game's stream and the bots' seeded from `seed`, as a world's
    /// are, and the count of numbers drawn set to none.
    pub(crate) fn reseed(&mut self, seed: u64) {
        self.random = Random::new(seed);
        self.bot_random = Random::new(seed ^ 0x05EE_DB07);
        self.drawn = 0;
    }

    /// Numbers and shuffles drawn from the game's stream since the run
    /// began or was reseeded.
    pub(crate) fn drawn(&self) -> u64 {
        self.drawn
    }
}
