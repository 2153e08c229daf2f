//! The table: every pile and every named value of a game's state, the one
//! state the host renders, hashes and checks. It also remembers which cards
//! are in play (created and not retired), so it can prove that none was lost
//! or copied since.

use crate::game::card::Card;
use crate::game::pile::Pile;
use std::collections::BTreeMap;
use std::fmt;
use std::sync::Arc;

/// A value of the game's state.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Int(i64),
    Bool(bool),
    Text(String),
    Card(Card),
    Nothing,
}

impl Value {
    /// What it holds on the heap, in bytes.
    fn held_bytes(&self) -> usize {
        match self {
            Value::Text(text) => text.capacity(),
            Value::Card(card) => card.props_size(),
            Value::Int(_) | Value::Bool(_) | Value::Nothing => 0,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::Bool(b) => write!(f, "{b}"),
            Value::Text(text) => f.write_str(text),
            Value::Card(card) => write!(f, "{card}"),
            Value::Nothing => f.write_str("-"),
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Table {
    /// Piles in the order the script made them: the order they are shown in.
    piles: Vec<Pile>,
    /// Named values the script keeps on the table: hit points, a flag, a
    /// name, a card, or nothing.
    pub state: BTreeMap<String, Value>,
    /// Every card in play (created and not yet retired), with how many of
    /// each: a count, so that creating a card costs the same however many
    /// there are. Shared between copies until one creates or retires a
    /// card: a search copies tables far more often than cards come and go.
    live: Arc<BTreeMap<Card, usize>>,
    /// How many cards were created in the whole game, and how many of them
    /// retired: a game that makes and retires cards at every turn is bounded
    /// by the first, and the second lets a reader trace every card.
    made: usize,
    retired: usize,
    /// What the properties of the cards in play weigh (`Card::props_size`).
    props_size: usize,
}

impl Table {
    pub fn piles(&self) -> &[Pile] {
        &self.piles
    }

    pub fn pile_index(&self, name: &str) -> Option<usize> {
        self.piles.iter().position(|p| p.name == name)
    }

    /// Adds a pile; returns the index of the existing one if the name is taken.
    pub fn add_pile(&mut self, name: &str, face_up: bool) -> usize {
        if let Some(index) = self.pile_index(name) {
            index
        } else {
            self.piles.push(Pile::new(name, face_up));
            self.piles.len() - 1
        }
    }

    pub fn pile(&self, index: usize) -> &Pile {
        &self.piles[index]
    }

    pub fn pile_mut(&mut self, index: usize) -> &mut Pile {
        &mut self.piles[index]
    }

    /// Records new cards as part of the game; the caller puts them in a pile.
    pub fn create(&mut self, cards: &[Card]) {
        let live = Arc::make_mut(&mut self.live);
        for card in cards {
            *live.entry(card.clone()).or_insert(0) += 1;
            self.props_size += card.props_size();
        }
        self.made += cards.len();
    }

    /// Takes a card out of play for good; the caller has taken it off its pile.
    pub fn retire(&mut self, card: &Card) {
        let live = Arc::make_mut(&mut self.live);
        if let Some(n) = live.get_mut(card) {
            self.props_size -= card.props_size();
            *n -= 1;
            if *n == 0 {
                live.remove(card);
            }
        }
        self.retired += 1;
    }

    /// How many cards are in play.
    pub fn card_count(&self) -> usize {
        self.made - self.retired
    }

    /// How many cards were created in the whole game, retired ones included.
    pub fn made_count(&self) -> usize {
        self.made
    }

    /// What the properties of the cards in play weigh, in bytes.
    pub fn props_size(&self) -> usize {
        self.props_size
    }

    /// How many cards were retired.
    pub fn retired_count(&self) -> usize {
        self.retired
    }

    /// Whether `other` is this table but for where its cards lie: the same
    /// piles (names and facings, in order), named state and cards in play.
    pub(crate) fn same_frame(&self, other: &Table) -> bool {
        self.made == other.made
            && self.retired == other.retired
            && self.props_size == other.props_size
            && self.piles.len() == other.piles.len()
            && self
                .piles
                .iter()
                .zip(&other.piles)
                .all(|(a, b)| a.face_up == b.face_up && a.name == b.name)
            && self.state == other.state
            && (Arc::ptr_eq(&self.live, &other.live) || self.live == other.live)
    }

    /// Hashes what `same_frame` compares, and nothing of the cards' places.
    pub(crate) fn hash_frame(&self, state: &mut impl std::hash::Hasher) {
        use std::hash::Hash;
        (self.made, self.retired, self.props_size).hash(state);
        for pile in &self.piles {
            (&pile.name, pile.face_up).hash(state);
        }
        self.state.hash(state);
        self.live.hash(state);
    }

    /// What the table holds on the heap but for its cards' places, in
    /// bytes, roughly: its piles and their names, its named state, and
    /// the cards in play with their properties (shared between copies
    /// until one makes or retires a card, counted here whole). For a
    /// search's bound on the copies it keeps.
    pub(crate) fn frame_bytes(&self) -> usize {
        const ENTRY: usize = 64;
        let piles: usize = self
            .piles
            .iter()
            .map(|p| std::mem::size_of::<Pile>() + p.name.len())
            .sum();
        let state: usize = self
            .state
            .iter()
            .map(|(name, value)| ENTRY + name.len() + value.held_bytes())
            .sum();
        piles + state + self.live.len() * ENTRY + self.props_size
    }

    /// This table with every pile emptied: what `same_frame` compares.
    pub(crate) fn frame(&self) -> Table {
        Table {
            piles: self
                .piles
                .iter()
                .map(|p| Pile::new(&p.name, p.face_up))
                .collect(),
            state: self.state.clone(),
            live: self.live.clone(),
            made: self.made,
            retired: self.retired,
            props_size: self.props_size,
        }
    }

    /// Becomes `frame` (a table's `frame()`), unless it is that already
    /// but for its cards: each pile is then left as it is, for the caller
    /// to refill.
    pub(crate) fn set_frame(&mut self, frame: &Table) {
        if !self.same_frame(frame) {
            self.clone_from(frame);
        }
    }

    /// Checks that the piles hold exactly the cards in play: none lost, none
    /// copied. Names what differs.
    pub(crate) fn check_conservation(&self) -> Result<(), String> {
        let mut held: BTreeMap<&Card, usize> = BTreeMap::new();
        for card in self.piles.iter().flat_map(Pile::cards) {
            *held.entry(card).or_insert(0) += 1;
        }
        let created: BTreeMap<&Card, usize> = self.live.iter().map(|(c, n)| (c, *n)).collect();
        if held == created {
            return Ok(());
        }
        let missing = difference(&created, &held);
        let extra = difference(&held, &created);
        let mut problems = Vec::new();
        if !missing.is_empty() {
            problems.push(format!("not on the table: {}", names(&missing)));
        }
        if !extra.is_empty() {
            problems.push(format!(
                "more than once or never created: {}",
                names(&extra)
            ));
        }
        Err(format!("cards not conserved: {}", problems.join("; ")))
    }
}

/// The cards of `a` not matched one for one in `b`.
fn difference<'a>(a: &BTreeMap<&'a Card, usize>, b: &BTreeMap<&Card, usize>) -> Vec<&'a Card> {
    let mut rest = Vec::new();
    for (&card, &n) in a {
        let matched = b.get(card).copied().unwrap_or(0);
        rest.extend(std::iter::repeat_n(card, n.saturating_sub(matched)));
    }
    rest
}

fn names(cards: &[&Card]) -> String {
    cards
        .iter()
        .map(std::string::ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn table_with_deck() -> Table {
        let mut table = Table::default();
        let deck = table.add_pile("deck", false);
        let cards = vec![card("AS"), card("2S"), card("3S")];
        table.create(&cards);
        table.pile_mut(deck).set_cards(cards);
        table
    }

    #[test]
    fn moving_cards_between_piles_conserves_them() {
        let mut table = table_with_deck();
        let hand = table.add_pile("hand", true);
        let top = table.pile_mut(0).pop().unwrap();
        table.pile_mut(hand).push_placed(top);
        assert_eq!(table.check_conservation(), Ok(()));
    }

    #[test]
    fn a_card_taken_and_not_put_back_is_named() {
        let mut table = table_with_deck();
        table.pile_mut(0).pop();
        let error = table.check_conservation().unwrap_err();
        assert_eq!(error, "cards not conserved: not on the table: 3♠");
    }

    #[test]
    fn a_copied_card_is_named() {
        let mut table = table_with_deck();
        table.pile_mut(0).push(card("AS"));
        let error = table.check_conservation().unwrap_err();
        assert!(
            error.contains("more than once or never created: A♠"),
            "{error}"
        );
    }

    #[test]
    fn a_retired_card_is_out_of_play_and_counted() {
        let mut table = table_with_deck();
        let top = table.pile_mut(0).pop().unwrap();
        table.retire(&top.card);
        assert_eq!(table.check_conservation(), Ok(()));
        assert_eq!((table.card_count(), table.retired_count()), (2, 1));
        // Putting it back after retiring it is a copy.
        table.pile_mut(0).push_placed(top);
        assert!(table.check_conservation().is_err());
    }

    #[test]
    fn adding_a_pile_twice_returns_the_first() {
        let mut table = Table::default();
        let a = table.add_pile("a", true);
        assert_eq!(table.add_pile("a", false), a);
        assert_eq!(table.piles().len(), 1);
    }
}
