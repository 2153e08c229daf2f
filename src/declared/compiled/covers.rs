//! A count that strands a card where the cards alone would not: in a pile
//! no card leaves, each card is covered at most once, so the cards that
//! must go onto such piles need as many distinct cards to go onto (each one
//! they may go onto, still to come or on top now). Where the build reads
//! only some of a card (ranks alone, up or down), cards that go onto
//! the same cards, and cards that take the same cards, are one class each,
//! and the count is a flow between a dozen classes: a few hundred steps.
//!
//! Sound by what it leaves out: a card covered by one that does not need
//! to go (a stock's card dealt onto it) is not counted as spent, a card
//! may be counted as going onto itself, and what lies under what is not
//! read (`stranded.rs` reads that).

/// The classes of one set of exits, resolved once.
pub(super) struct Covers {
    /// Each class of cards going onto the targets: its cards as a mask, and
    /// the classes of cards it may go onto (bit `j` for `under[j]`).
    over: Vec<(u64, u32)>,
    /// Each class of cards that may be gone onto: its cards.
    under: Vec<u64>,
}

/// More classes than this, and the count is not made (a build by suit
/// and rank has 52).
const MOST_CLASSES: usize = 16;

impl Covers {
    /// The classes of `onto` (`onto[c]`: bit `u` set where card `c` may
    /// go onto card `u`); none past `MOST_CLASSES`.
    pub(super) fn of(onto: &[u64]) -> Option<Covers> {
        let takers = |u: usize| -> u64 {
            (0..52)
                .filter(|&c| onto[c] & (1 << u) != 0)
                .fold(0, |mask, c| mask | 1 << c)
        };
        let under = classes((0..52).map(takers))?;
        let over = classes((0..52).map(|c| onto[c]))?
            .into_iter()
            .map(|cards| {
                let first = cards.trailing_zeros() as usize;
                let goes = under
                    .iter()
                    .enumerate()
                    .filter(|(_, &u)| onto[first] & u != 0)
                    .fold(0u32, |bits, (j, _)| bits | 1 << j);
                (cards, goes)
            })
            .collect();
        Some(Covers { over, under })
    }

    /// Whether the cards of `going` can not each go onto a distinct one of
    /// `onto_able` (the cards that may ever be gone onto).
    pub(super) fn short(&self, going: u64, onto_able: u64) -> bool {
        let mut count = Count {
            want: [0; MOST_CLASSES],
            have: [0; MOST_CLASSES],
            flow: [[0; MOST_CLASSES]; MOST_CLASSES],
        };
        for (i, &(cards, _)) in self.over.iter().enumerate() {
            count.want[i] = (cards & going).count_ones();
        }
        for (j, &cards) in self.under.iter().enumerate() {
            count.have[j] = (cards & onto_able).count_ones();
        }
        // Most cards find room at once: counted greedily first, the paths
        // that move what is counted only for what is left.
        for (i, &(_, goes)) in self.over.iter().enumerate() {
            let mut goes = goes;
            while goes != 0 && count.want[i] > 0 {
                let j = goes.trailing_zeros() as usize;
                goes &= goes - 1;
                let taken = count.want[i].min(count.have[j]);
                count.flow[i][j] += taken;
                count.want[i] -= taken;
                count.have[j] -= taken;
            }
        }
        for i in 0..self.over.len() {
            while count.want[i] > 0 {
                if !count.augment(self, i) {
                    return true;
                }
            }
        }
        false
    }
}

/// The count under way: the cards each class still wants to go onto, the
/// cards each class still has to spare, and how many of each class going
/// are counted onto each class gone onto.
struct Count {
    want: [u32; MOST_CLASSES],
    have: [u32; MOST_CLASSES],
    flow: [[u32; MOST_CLASSES]; MOST_CLASSES],
}

impl Count {
    /// One more path from class `i` to a class with cards to spare,
    /// through classes whose cards are already counted, sent as much as it
    /// allows: false if there is none.
    fn augment(&mut self, covers: &Covers, i: usize) -> bool {
        // A breadth-first search over the classes going: from each, to the
        // classes it may go onto, and from a spent one back to the classes
        // counted onto it.
        let mut from_over = [usize::MAX; MOST_CLASSES];
        let mut from_under = [usize::MAX; MOST_CLASSES];
        let mut queue = [0usize; MOST_CLASSES];
        let (mut head, mut tail) = (0, 1);
        queue[0] = i;
        from_over[i] = i;
        while head < tail {
            let a = queue[head];
            head += 1;
            let mut goes = covers.over[a].1;
            while goes != 0 {
                let j = goes.trailing_zeros() as usize;
                goes &= goes - 1;
                if from_under[j] != usize::MAX {
                    continue;
                }
                from_under[j] = a;
                if self.have[j] > 0 {
                    self.send(i, j, &from_over, &from_under);
                    return true;
                }
                let counted = (0..covers.over.len()).filter(|&b| self.flow[b][j] > 0);
                for b in counted {
                    if from_over[b] == usize::MAX {
                        from_over[b] = j;
                        queue[tail] = b;
                        tail += 1;
                    }
                }
            }
        }
        false
    }

    /// Sends as much as the path found allows, from `i` to `j`: each class
    /// on the way moves that many of its cards from the class it was
    /// counted onto to the next.
    fn send(&mut self, i: usize, j: usize, from_over: &[usize], from_under: &[usize]) {
        let mut amount = self.want[i].min(self.have[j]);
        let mut over = from_under[j];
        while over != i {
            let back = from_over[over];
            amount = amount.min(self.flow[over][back]);
            over = from_under[back];
        }
        let (mut under, mut over) = (j, from_under[j]);
        loop {
            self.flow[over][under] += amount;
            if over == i {
                break;
            }
            let back = from_over[over];
            self.flow[over][back] -= amount;
            under = back;
            over = from_under[under];
        }
        self.want[i] -= amount;
        self.have[j] -= amount;
    }
}

/// The distinct values of `masks`, each the mask of the cards (by their
/// place in the list) that have it; none past `MOST_CLASSES`.
fn classes(masks: impl Iterator<Item = u64>) -> Option<Vec<u64>> {
    let mut values: Vec<(u64, u64)> = Vec::new();
    for (card, mask) in masks.enumerate() {
        match values.iter_mut().find(|(v, _)| *v == mask) {
            Some((_, cards)) => *cards |= 1 << card,
            None => values.push((mask, 1 << card)),
        }
    }
    (values.len() <= MOST_CLASSES).then(|| values.into_iter().map(|(_, cards)| cards).collect())
}

#[cfg(test)]
mod tests {
    use super::Covers;

    /// Builds a rank up or down, round the corner from king to ace.
    fn neighbours() -> Vec<u64> {
        (0..52)
            .map(|c: usize| {
                (0..52)
                    .filter(|&u: &usize| {
                        let (a, b) = (c % 13, u % 13);
                        (a + 1) % 13 == b || (b + 1) % 13 == a
                    })
                    .fold(0u64, |m, u| m | 1 << u)
            })
            .collect()
    }

    fn cards(list: &[usize]) -> u64 {
        list.iter().fold(0, |m, &c| m | 1 << c)
    }

    #[test]
    fn ranks_make_thirteen_classes_each_side() {
        let covers = Covers::of(&neighbours()).unwrap();
        assert_eq!((covers.over.len(), covers.under.len()), (13, 13));
    }

    #[test]
    fn three_sixes_can_not_all_go_onto_one_five_and_one_seven() {
        let covers = Covers::of(&neighbours()).unwrap();
        // Sixes are 5, 18, 31 (rank 6 of three suits); a five is 4, a
        // seven 6.
        let sixes = cards(&[5, 18, 31]);
        assert!(covers.short(sixes, cards(&[4, 6])));
        assert!(!covers.short(sixes, cards(&[4, 6, 19])));
        // What each six goes onto may itself be going: a chain 5-6-7-6.
        let chain = cards(&[5, 6, 18]);
        assert!(!covers.short(chain, cards(&[4, 5, 6, 18])));
    }

    #[test]
    fn a_card_spent_on_one_class_is_moved_to_make_room_for_another() {
        let covers = Covers::of(&neighbours()).unwrap();
        // An ace (counted first) and a three both go onto the two; the ace
        // may go onto the king instead: the count must move it there.
        let going = cards(&[0, 2]);
        assert!(!covers.short(going, cards(&[14, 25])));
        assert!(covers.short(going, cards(&[14])));
        // A six and an eight both go onto the seven; the six may go onto
        // the five instead.
        let going = cards(&[5, 7]);
        assert!(!covers.short(going, cards(&[6, 4])));
        assert!(covers.short(going, cards(&[6])));
    }
}
