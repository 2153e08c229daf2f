//! A pile: a named, ordered stack of cards, each lying face up or face down.
//! Index 0 is the bottom; the last card is the top.

use crate::game::card::Card;

#[derive(Clone, Debug)]
pub struct Placed {
    pub card: Card,
    pub face_up: bool,
    /// Where the card lay when a shuffle last left it; not part of what
    /// the card is (two placed cards are equal without it).
    pub origin: Option<Origin>,
}

/// A card's place in the result of one shuffle of the game. It follows the
/// card from pile to pile, never shown, so that the player's sight of a
/// card can be pinned to the place it came from even where the shuffle held
/// an equal twin (determinized worlds, `run/world.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Origin {
    pub shuffle: usize,
    pub place: usize,
}

impl PartialEq for Placed {
    fn eq(&self, other: &Placed) -> bool {
        self.card == other.card && self.face_up == other.face_up
    }
}

impl Eq for Placed {}

impl std::hash::Hash for Placed {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.card.hash(state);
        self.face_up.hash(state);
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Pile {
    pub name: String,
    /// How cards put on this pile lie unless the script says otherwise.
    pub face_up: bool,
    cards: Vec<Placed>,
}

impl Pile {
    pub fn new(name: &str, face_up: bool) -> Pile {
        Pile {
            name: name.to_string(),
            face_up,
            cards: Vec::new(),
        }
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Cards bottom to top.
    pub fn placed(&self) -> &[Placed] {
        &self.cards
    }

    pub fn cards(&self) -> impl DoubleEndedIterator<Item = &Card> + ExactSizeIterator {
        self.cards.iter().map(|p| &p.card)
    }

    /// The card `depth` places below the top (0 = the top card).
    pub fn nth_from_top(&self, depth: usize) -> Option<&Placed> {
        self.cards
            .len()
            .checked_sub(depth + 1)
            .map(|i| &self.cards[i])
    }

    pub fn position(&self, card: &Card) -> Option<usize> {
        self.cards.iter().position(|p| &p.card == card)
    }

    /// Puts a card on top, lying as the pile's default facing.
    pub fn push(&mut self, card: Card) {
        let face_up = self.face_up;
        self.cards.push(Placed {
            card,
            face_up,
            origin: None,
        });
    }

    /// Puts a card moved from another pile on top, lying as this pile's
    /// default facing and keeping where it came from.
    pub fn push_moved(&mut self, placed: Placed) {
        let face_up = self.face_up;
        self.cards.push(Placed { face_up, ..placed });
    }

    /// `push_moved` at the bottom.
    pub fn insert_moved_under(&mut self, placed: Placed) {
        let face_up = self.face_up;
        self.cards.insert(0, Placed { face_up, ..placed });
    }

    pub fn push_placed(&mut self, placed: Placed) {
        self.cards.push(placed);
    }

    pub fn insert(&mut self, index: usize, card: Card) {
        let face_up = self.face_up;
        self.cards.insert(
            index,
            Placed {
                card,
                face_up,
                origin: None,
            },
        );
    }

    pub fn pop(&mut self) -> Option<Placed> {
        self.cards.pop()
    }

    pub fn remove(&mut self, index: usize) -> Placed {
        self.cards.remove(index)
    }

    pub fn take_all(&mut self) -> Vec<Placed> {
        std::mem::take(&mut self.cards)
    }

    /// Replaces the content, bottom to top.
    pub fn set_cards(&mut self, cards: Vec<Card>) {
        let face_up = self.face_up;
        self.cards = cards
            .into_iter()
            .map(|card| Placed {
                card,
                face_up,
                origin: None,
            })
            .collect();
    }

    /// Replaces the content with the result of the game's shuffle `nth`,
    /// bottom to top, each card knowing its place in it. Each card keeps
    /// the facing it had (`faces`, the pile before the shuffle), as cards
    /// shuffled on a table do: a face-down card is not shown by a shuffle.
    pub fn set_shuffled(&mut self, cards: Vec<Card>, nth: usize, faces: &[Placed]) {
        let mut facing: std::collections::HashMap<&Card, Vec<bool>> =
            std::collections::HashMap::new();
        // Twins share their facings, taken bottom first.
        for placed in faces.iter().rev() {
            facing.entry(&placed.card).or_default().push(placed.face_up);
        }
        let face_up = self.face_up;
        self.cards = cards
            .into_iter()
            .enumerate()
            .map(|(place, card)| Placed {
                face_up: facing.get_mut(&card).and_then(Vec::pop).unwrap_or(face_up),
                card,
                origin: Some(Origin {
                    shuffle: nth,
                    place,
                }),
            })
            .collect();
    }

    /// Replaces the content, bottom to top, keeping the memory it had.
    pub fn refill(&mut self, cards: impl Iterator<Item = Placed>) {
        self.cards.clear();
        self.cards.extend(cards);
    }

    /// Puts `card` where another lay, with its facing and place (a world
    /// dealing afresh what the player has not seen).
    pub fn replace_card(&mut self, index: usize, card: Card) -> Card {
        std::mem::replace(&mut self.cards[index].card, card)
    }

    pub fn set_face(&mut self, index: usize, face_up: bool) {
        self.cards[index].face_up = face_up;
    }

    pub fn set_all_faces(&mut self, face_up: bool) {
        for placed in &mut self.cards {
            placed.face_up = face_up;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn the_top_is_the_last_card_pushed() {
        let mut pile = Pile::new("deck", false);
        pile.push(card("AS"));
        pile.push(card("2S"));
        assert_eq!(pile.nth_from_top(0).unwrap().card, card("2S"));
        assert_eq!(pile.nth_from_top(1).unwrap().card, card("AS"));
        assert!(pile.nth_from_top(2).is_none());
        assert_eq!(pile.pop().unwrap().card, card("2S"));
        assert_eq!(pile.len(), 1);
    }

    #[test]
    fn cards_lie_as_the_pile_default_until_turned() {
        let mut pile = Pile::new("column", false);
        pile.push(card("KH"));
        pile.push(card("QH"));
        assert!(!pile.placed()[1].face_up);
        pile.set_face(1, true);
        assert!(pile.placed()[1].face_up);
        assert!(!pile.placed()[0].face_up);
        pile.set_all_faces(true);
        assert!(pile.placed().iter().all(|p| p.face_up));
    }

    #[test]
    fn insert_and_remove_keep_the_order_of_the_rest() {
        let mut pile = Pile::new("row", true);
        pile.set_cards(vec![card("AS"), card("3S")]);
        pile.insert(1, card("2S"));
        let order: Vec<String> = pile.cards().map(std::string::ToString::to_string).collect();
        assert_eq!(order, ["A♠", "2♠", "3♠"]);
        assert_eq!(pile.remove(0).card, card("AS"));
        assert_eq!(pile.position(&card("3S")), Some(1));
        assert_eq!(pile.take_all().len(), 2);
        assert!(pile.is_empty());
    }

    #[test]
    fn a_shuffle_keeps_each_cards_facing() {
        let mut pile = Pile::new("pair", true);
        pile.set_cards(vec![card("AS"), card("3S"), card("3S")]);
        pile.set_face(0, false);
        pile.set_face(2, false);
        let before = pile.take_all();
        pile.set_shuffled(vec![card("3S"), card("AS"), card("3S")], 1, &before);
        let faces: Vec<bool> = pile.placed().iter().map(|p| p.face_up).collect();
        // The ace stays down; of the twins, one is up and one down.
        assert!(!faces[1]);
        assert_eq!(faces.iter().filter(|&&up| up).count(), 1);
    }
}
