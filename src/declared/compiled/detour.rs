//! Which moves advance a game whose rules turn face-down cards up: what a
//! search that only looks for a win may keep to (`run/search/lane.rs`'s
//! narrowed lane). There the way to a win is turning cards up, emptying
//! piles and sending cards home; a move that only shifts cards from one
//! pile that takes cards to another, and does none of these, is mostly a
//! detour. Leaving them out can miss a win, never make one: a win found
//! is played again through the rules, so a narrowed search needs no
//! proof, and can give none. A card taken back from home is no detour: it
//! may go home again.

use super::board::{card_of, is_up, Board};
use super::{Action, Compiled, Move};

impl Compiled {
    /// Whether a search may keep to the moves that advance: where the
    /// rules turn face-down cards up and have a kind of move home.
    pub(crate) fn narrows(&self) -> bool {
        !self.turn_up.is_empty() && self.judge.home.is_some()
    }

    /// Whether `mv` may be left out of a narrowed search that made it from
    /// `before` (whose moves are `moves`) and reached `after`: it carries
    /// cards from a pile cards are built on to one that is not home, and
    /// turns up no card, empties no pile and lets no new card go home.
    pub(crate) fn detour(
        &self,
        mv: Move,
        before: &Board,
        moves: &[Move],
        after: &Board,
        scratch: &mut Vec<Move>,
    ) -> bool {
        let Some((from, to)) = self.carried(mv) else {
            return false;
        };
        let Some((home, homes)) = &self.judge.home else {
            return false;
        };
        if homes.contains(&to) || !self.built_on(from) {
            return false;
        }
        if self.face_down(after) < self.face_down(before) {
            return false;
        }
        let empty = |board: &Board| {
            (0..board.pile_count())
                .filter(|&p| board.len(p) == 0)
                .count()
        };
        if empty(after) > empty(before) {
            return false;
        }
        // Only the moves home tell which cards may go home.
        scratch.clear();
        super::legal_moves::moves_of(*home, &self.kinds[*home], after, scratch);
        let going_home = |board: &Board, moves: &[Move]| {
            moves
                .iter()
                .filter(|m| usize::from(m.kind) == *home)
                .fold(0u64, |mask, m| {
                    let cards = board.pile(usize::from(m.from));
                    mask | 1 << card_of(cards[cards.len() - usize::from(m.count)])
                })
        };
        going_home(after, scratch) & !going_home(before, moves) == 0
    }

    /// Whether some kind of move builds cards onto the pile.
    fn built_on(&self, pile: u8) -> bool {
        self.kinds.iter().any(|kind| match &kind.action {
            Action::Build(builds) => builds.targets.contains(&pile),
            _ => false,
        })
    }

    /// The face-down cards of the piles whose tops turn up.
    fn face_down(&self, board: &Board) -> usize {
        self.turn_up
            .iter()
            .map(|&p| {
                board
                    .pile(usize::from(p))
                    .iter()
                    .filter(|&&c| !is_up(c))
                    .count()
            })
            .sum()
    }
}
