//! A compiled position's key, as the host keys a game of positions
//! (`run/runtime/position.rs`): every pile's cards and facing, the piles of
//! an interchangeable family as a set, and the counts; of a pile no move
//! takes from and no rule reads below its top (a foundation, a hole), its
//! length and what its top takes (`alike`), since nothing else of it
//! changes what follows. Two boards with one
//! key play on alike, so a search meets each once.

use super::board::Board;
use super::Compiled;
use std::hash::{BuildHasher, Hash, Hasher};

/// Fixed seeds: a key is the same in every run of one build.
fn seeds() -> ahash::RandomState {
    ahash::RandomState::with_seeds(
        0x9E37_79B9_7F4A_7C15,
        0xBF58_476D_1CE4_E5B9,
        0x94D0_49BB_1331_11EB,
        0x2545_F491_4F6C_DD1D,
    )
}

impl Compiled {
    pub(crate) fn key(&self, board: &Board) -> u64 {
        let seeds = seeds();
        let mut hasher = seeds.build_hasher();
        let piles = self.up.len();
        for pile in 0..piles {
            if self.in_family[pile] {
                continue;
            }
            if self.sinks[pile] {
                let top = board
                    .top(pile)
                    .map(|c| self.alike[usize::from(super::board::card_of(c))]);
                (board.len(pile), top).hash(&mut hasher);
            } else {
                board.pile(pile).hash(&mut hasher);
            }
        }
        for family in &self.families {
            // A set of piles: the sum of their hashes, which no order of
            // the piles changes (sorting the hashes cost a fifth of a
            // search's time where seventeen piles are one family).
            let set = family.iter().fold(0u64, |sum, &pile| {
                sum.wrapping_add(seeds.hash_one(board.pile(usize::from(pile))))
            });
            set.hash(&mut hasher);
        }
        for count in 0..self.counts.len() {
            board.count(count).hash(&mut hasher);
        }
        hasher.finish()
    }
}
