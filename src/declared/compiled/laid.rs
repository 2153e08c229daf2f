//! A board laid back onto the host's table: each card where the board has
//! it, with its facing, and the counts into their named state. A game
//! played out on boards ends so on the table, as if the host had played
//! every move, and the run's report shows where the cards lie.

use super::board::{card_of, is_up, Board};
use super::Compiled;
use crate::game::pile::Placed;
use crate::game::table::{Table, Value};
use crate::script::move_kind::standard;

impl Compiled {
    /// Lays `board` on `table`, the table of the position it was made from
    /// (the same cards, each placed card kept with what it carries).
    pub(crate) fn lay(&self, board: &Board, table: &mut Table) {
        let mut by_card: Vec<Vec<Placed>> = vec![Vec::new(); 52];
        for pile in 0..table.piles().len() {
            for placed in table.pile_mut(pile).take_all() {
                let (rank, suit) =
                    standard(&placed.card).expect("a compiled game's cards are standard");
                by_card[usize::from(suit * 13 + rank - 1)].push(placed);
            }
        }
        for pile in 0..board.pile_count() {
            let cards = board.pile(pile).iter().map(|&byte| {
                let placed = by_card[usize::from(card_of(byte))]
                    .pop()
                    .expect("a board holds the cards of its table");
                Placed {
                    face_up: is_up(byte),
                    ..placed
                }
            });
            let cards: Vec<Placed> = cards.collect();
            table.pile_mut(pile).refill(cards.into_iter());
        }
        for (index, name) in self.counts.iter().enumerate() {
            table
                .state
                .insert(name.clone(), Value::Int(i64::from(board.count(index))));
        }
    }
}
