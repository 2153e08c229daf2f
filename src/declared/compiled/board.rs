//! A declared game's position as a few bytes: every pile's cards, one byte
//! a card (its rank and suit, and whether it lies face up), the piles one
//! after another, and the counts the moves spend. Copied, compared and
//! hashed as one slice, so that a search keeps millions of them.

/// A card byte's mark for lying face up.
pub(crate) const UP: u8 = 0x80;

/// The card of a byte, without its facing: suit × 13 + rank − 1.
pub(crate) fn card_of(byte: u8) -> u8 {
    byte & !UP
}

/// A card's rank (1 ace to 13 king) from its byte.
pub(crate) fn rank_of(byte: u8) -> u8 {
    card_of(byte) % 13 + 1
}

pub(crate) fn is_up(byte: u8) -> bool {
    byte & UP != 0
}

/// The bytes: first, for each pile, where its cards end (the first pile's
/// begin at 0); then the cards, bottom to top, pile after pile; then each
/// count, two bytes.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Board {
    bytes: Box<[u8]>,
    piles: u8,
    cards: u8,
}

impl Board {
    /// A board of these piles (their cards as bytes) and counts.
    pub(crate) fn new(piles: &[Vec<u8>], counts: &[i16]) -> Board {
        let cards: usize = piles.iter().map(Vec::len).sum();
        let mut bytes = Vec::with_capacity(piles.len() + cards + 2 * counts.len());
        let mut end = 0;
        for pile in piles {
            end += pile.len();
            bytes.push(end as u8);
        }
        for pile in piles {
            bytes.extend_from_slice(pile);
        }
        for count in counts {
            bytes.extend_from_slice(&count.to_le_bytes());
        }
        Board {
            bytes: bytes.into_boxed_slice(),
            piles: piles.len() as u8,
            cards: cards as u8,
        }
    }

    /// Every card on the board.
    pub(crate) fn card_count(&self) -> usize {
        usize::from(self.cards)
    }

    /// Whether no card lies on the board twice (two decks' worth, or a
    /// card a script made twice).
    pub(crate) fn cards_distinct(&self) -> bool {
        let mut seen = 0u64;
        (0..self.pile_count()).all(|pile| {
            self.pile(pile).iter().all(|&card| {
                let bit = 1u64 << card_of(card);
                let first = seen & bit == 0;
                seen |= bit;
                first
            })
        })
    }

    fn bounds(&self, pile: usize) -> (usize, usize) {
        let start = if pile == 0 {
            0
        } else {
            usize::from(self.bytes[pile - 1])
        };
        (start, usize::from(self.bytes[pile]))
    }

    pub(crate) fn pile_count(&self) -> usize {
        usize::from(self.piles)
    }

    /// The counts' bytes, to compare.
    pub(crate) fn counts(&self) -> &[u8] {
        &self.bytes[usize::from(self.piles) + usize::from(self.cards)..]
    }

    /// A pile's cards, bottom to top.
    pub(crate) fn pile(&self, pile: usize) -> &[u8] {
        let (start, end) = self.bounds(pile);
        let base = usize::from(self.piles);
        &self.bytes[base + start..base + end]
    }

    pub(crate) fn len(&self, pile: usize) -> usize {
        let (start, end) = self.bounds(pile);
        end - start
    }

    pub(crate) fn top(&self, pile: usize) -> Option<u8> {
        self.pile(pile).last().copied()
    }

    pub(crate) fn count(&self, index: usize) -> i16 {
        let at = usize::from(self.piles) + usize::from(self.cards) + 2 * index;
        i16::from_le_bytes([self.bytes[at], self.bytes[at + 1]])
    }

    pub(crate) fn set_count(&mut self, index: usize, value: i16) {
        let at = usize::from(self.piles) + usize::from(self.cards) + 2 * index;
        self.bytes[at..at + 2].copy_from_slice(&value.to_le_bytes());
    }

    /// The top `count` cards of `from` put on `to`, in their order and
    /// facing.
    pub(crate) fn carry(&mut self, from: usize, to: usize, count: usize) {
        let base = usize::from(self.piles);
        let (_, from_end) = self.bounds(from);
        let (_, to_end) = self.bounds(to);
        let lifted = from_end - count;
        if to > from {
            // The run passes over the piles between, to `to`'s top.
            self.bytes[base + lifted..base + to_end].rotate_left(count);
            for end in &mut self.bytes[from..to] {
                *end -= count as u8;
            }
        } else {
            self.bytes[base + to_end..base + from_end].rotate_right(count);
            for end in &mut self.bytes[to..from] {
                *end += count as u8;
            }
        }
    }

    /// The top card of `pile` turned face up or down.
    pub(crate) fn set_top_face(&mut self, pile: usize, up: bool) {
        let (_, end) = self.bounds(pile);
        let at = usize::from(self.piles) + end - 1;
        if up {
            self.bytes[at] |= UP;
        } else {
            self.bytes[at] &= !UP;
        }
    }

    /// What a search keeps of it: its bytes.
    pub(crate) fn size(&self) -> usize {
        self.bytes.len() + std::mem::size_of::<Board>()
    }
}

#[cfg(test)]
mod tests {
    use super::{Board, UP};

    fn piles(board: &Board, n: usize) -> Vec<Vec<u8>> {
        (0..n).map(|p| board.pile(p).to_vec()).collect()
    }

    #[test]
    fn a_run_carried_either_way_keeps_every_other_card_where_it_was() {
        let start = vec![vec![1, 2, 3], vec![], vec![4 | UP], vec![5, 6]];
        let mut board = Board::new(&start, &[7]);
        board.carry(0, 3, 2);
        assert_eq!(
            piles(&board, 4),
            vec![vec![1], vec![], vec![4 | UP], vec![5, 6, 2, 3]]
        );
        board.carry(3, 1, 3);
        assert_eq!(
            piles(&board, 4),
            vec![vec![1], vec![6, 2, 3], vec![4 | UP], vec![5]]
        );
        board.set_top_face(1, true);
        assert_eq!(board.top(1), Some(3 | UP));
        assert_eq!(board.count(0), 7);
        board.set_count(0, -1);
        assert_eq!(board.count(0), -1);
        assert_eq!(board.card_count(), 6);
    }
}
