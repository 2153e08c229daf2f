//! A Monte Carlo world made from a copy of the player's position in a game
//! of positions, with no replay: the face-down cards the player has not
//! seen (since the shuffle that last placed them) dealt afresh among the
//! places they lie in, and every random number to come drawn afresh (a
//! stream per place in the scripts, as a replayed world draws them). What
//! lies face up, the named state and every card seen stay as they are, so
//! the world shows what the player saw by construction.

use super::{History, Runtime, Snapshot};
use crate::game::random::Random;
use crate::run::world::{Sight, Watch, Watcher};
use crate::run::Answerer;
use crate::script::host::Mode;
use std::sync::Arc;

/// The player's position, as worlds are made from it.
#[derive(Clone, Debug)]
pub(crate) struct Position {
    pub(crate) snapshot: Snapshot,
    pub(crate) history: History,
}

/// The places, (pile, index), of the face-down cards a world deals afresh.
pub(crate) type Unseen = Vec<(usize, usize)>;

impl Runtime {
    /// Where the game stands, to make worlds from.
    pub(crate) fn position_now(&self) -> Position {
        Position {
            snapshot: self.snapshot(),
            history: self.history.clone(),
        }
    }

    /// The places of the face-down cards the player has not seen, or none
    /// if some face-down card came from no shuffle (the rules made it, so
    /// only a replay or the ruleset's own `fn redeal_unseen` can say what
    /// else it could be).
    pub(crate) fn unseen_places(&self, sight: &Sight) -> Option<Unseen> {
        let mut places = Vec::new();
        for (p, pile) in self.table.piles().iter().enumerate() {
            for (i, placed) in pile.placed().iter().enumerate() {
                if placed.face_up {
                    continue;
                }
                match &placed.origin {
                    Some(origin) if sight.saw(origin) => {}
                    Some(_) => places.push((p, i)),
                    None if self.wiring.has_redeal => {}
                    None => return None,
                }
            }
        }
        Some(places)
    }

    /// Puts the game at `snapshot` as a world of seed `seed` plays it on:
    /// its random numbers its own, its rollout player `rollout`, nothing
    /// kept but the outcome.
    pub(crate) fn enter_world(&mut self, position: &Position, seed: u64, rollout: Answerer) {
        self.restore(&position.snapshot);
        self.history = position.history.clone();
        self.random = Random::new(seed);
        self.bot_random = Random::new(seed ^ 0x05EE_DB07);
        self.answerer = rollout;
        self.record_events = false;
        self.replay.clear();
        self.replayed = 0;
        self.mode = Mode::Play;
        self.steering = None;
        self.labels = None;
        self.redeal_due = false;
        let empty = Watch::World(Arc::new(Sight::default()));
        self.watcher = Watcher::new(empty, self.wiring.has_redeal, seed);
    }

    /// Deals the cards at `unseen` afresh among those places, from `random`.
    /// They are put in order first: the world may depend on which cards
    /// the player has not seen, never on where they really lie.
    pub(crate) fn deal_unseen(&mut self, unseen: &Unseen, random: &mut Random) {
        let mut cards: Vec<_> = unseen
            .iter()
            .map(|&(p, i)| self.table.pile(p).placed()[i].card.clone())
            .collect();
        cards.sort_unstable();
        random.shuffle(&mut cards);
        for (&(p, i), card) in unseen.iter().zip(cards) {
            self.table.pile_mut(p).replace_card(i, card);
        }
    }
}
