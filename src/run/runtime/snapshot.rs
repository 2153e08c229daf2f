//! A copy of where a game of positions stands: the table, the random
//! stream and the counts a run keeps of its game. In that shape it is the
//! whole state (between two decisions no script runs), so a search or a
//! world goes on from a copy with no replay of the choices that led there.
//! Saves, undo and transcripts stay lists of choices: copies are for search.

use super::Runtime;
use crate::game::pile::{Pile, Placed};
use crate::game::random::Random;
use crate::game::table::Table;

#[derive(Clone, Debug)]
pub(crate) struct Snapshot {
    pub(crate) table: Table,
    random: Random,
    shuffles: usize,
    shuffle_groups: Vec<usize>,
    decisions: usize,
    said_in_game: usize,
}

impl Runtime {
    /// A copy of the game where it stands.
    pub(crate) fn snapshot(&self) -> Snapshot {
        Snapshot {
            table: self.table.clone(),
            random: self.random.clone(),
            shuffles: self.shuffles,
            shuffle_groups: self.shuffle_groups.clone(),
            decisions: self.decisions,
            said_in_game: self.said_in_game,
        }
    }

    /// Puts the game back where `snapshot` stood, with no stop pending
    /// (what the run has told since its last report stays).
    pub(crate) fn restore(&mut self, snapshot: &Snapshot) {
        self.table.clone_from(&snapshot.table);
        self.random.clone_from(&snapshot.random);
        self.shuffles = snapshot.shuffles;
        self.shuffle_groups.clone_from(&snapshot.shuffle_groups);
        self.decisions = snapshot.decisions;
        self.said_in_game = snapshot.said_in_game;
        self.said_in_step = 0;
        self.stop = None;
    }
}

impl Snapshot {
    /// What a snapshot holds, in bytes, roughly: for a search's bound on
    /// memory.
    pub(crate) fn size(&self) -> usize {
        let cards: usize = self.table.piles().iter().map(Pile::len).sum();
        std::mem::size_of::<Snapshot>()
            + self.table.frame_bytes()
            + cards * std::mem::size_of::<Placed>()
    }
}
