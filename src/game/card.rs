//! Cards as values: the standard 52, the two jokers, and named custom cards
//! that may carry properties, with the notation every interface shares
//! (`10♥`, `QS`, `RJ`).

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// A value of a custom card's property: what a rule reads back (exits,
/// an object, a strength), never decoded from the card's name.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Prop {
    Int(i64),
    Bool(bool),
    Text(String),
}

/// A custom card's properties by name. Shared, because cards are copied
/// often and their properties never change: a changed card is a new card.
pub(crate) type Props = Arc<BTreeMap<String, Prop>>;

/// The four French suits, in the order a fresh deck is built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Spades,
    Hearts,
    Diamonds,
    Clubs,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    pub fn symbol(self) -> &'static str {
        match self {
            Suit::Spades => "♠",
            Suit::Hearts => "♥",
            Suit::Diamonds => "♦",
            Suit::Clubs => "♣",
        }
    }

    pub fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    pub(crate) fn parse(s: &str) -> Option<Suit> {
        Some(match s {
            "♠" | "S" | "s" => Suit::Spades,
            "♥" | "H" | "h" => Suit::Hearts,
            "♦" | "D" | "d" => Suit::Diamonds,
            "♣" | "C" | "c" => Suit::Clubs,
            _ => return None,
        })
    }
}

/// A card. Standard ranks run 1 (ace) to 13 (king).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Card {
    Standard {
        rank: u8,
        suit: Suit,
    },
    /// `red` tells the red joker from the black one: they are distinct cards.
    Joker {
        red: bool,
    },
    /// A non-standard card (a tile, a card of a custom deck), known by its
    /// name and its properties: two are the same card when both agree.
    Custom {
        name: String,
        props: Props,
    },
}

impl Card {
    pub fn standard(rank: u8, suit: Suit) -> Card {
        debug_assert!((1..=13).contains(&rank));
        Card::Standard { rank, suit }
    }

    /// The 52 standard cards, suit by suit, ace to king, then `jokers` jokers
    /// (red first).
    pub fn deck(jokers: usize) -> Vec<Card> {
        let mut cards: Vec<Card> = Suit::ALL
            .iter()
            .flat_map(|&suit| (1..=13).map(move |rank| Card::standard(rank, suit)))
            .collect();
        cards.extend(
            [true, false]
                .into_iter()
                .take(jokers)
                .map(|red| Card::Joker { red }),
        );
        cards
    }

    pub fn rank(&self) -> Option<u8> {
        match self {
            Card::Standard { rank, .. } => Some(*rank),
            _ => None,
        }
    }

    pub fn suit(&self) -> Option<Suit> {
        match self {
            Card::Standard { suit, .. } => Some(*suit),
            _ => None,
        }
    }

    /// A custom card without properties.
    pub fn named(name: &str) -> Card {
        Card::Custom {
            name: name.to_string(),
            props: Props::default(),
        }
    }

    /// A custom card's properties (none for a standard card or a joker).
    pub fn props(&self) -> Option<&BTreeMap<String, Prop>> {
        match self {
            Card::Custom { props, .. } => Some(props),
            _ => None,
        }
    }

    /// What a card's properties weigh against the budget of cards in play:
    /// the bytes of their names and texts, 8 for a number or true/false.
    pub fn props_size(&self) -> usize {
        self.props()
            .into_iter()
            .flatten()
            .fold(0, |sum, (name, prop)| {
                sum + name.len()
                    + match prop {
                        Prop::Text(text) => text.len(),
                        Prop::Int(_) | Prop::Bool(_) => 8,
                    }
            })
    }

    pub fn is_joker(&self) -> bool {
        matches!(self, Card::Joker { .. })
    }

    pub fn is_red(&self) -> bool {
        match self {
            Card::Standard { suit, .. } => suit.is_red(),
            Card::Joker { red } => *red,
            Card::Custom { .. } => false,
        }
    }

    /// Whether `pattern`, as read from input, names this card. `JK` names
    /// either joker; everything else names exactly one card.
    pub fn matches(&self, pattern: &CardPattern) -> bool {
        match pattern {
            CardPattern::Exact(card) => card == self,
            CardPattern::AnyJoker => self.is_joker(),
        }
    }
}

fn rank_name(rank: u8) -> &'static str {
    const NAMES: [&str; 13] = [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    ];
    NAMES[usize::from(rank - 1)]
}

fn parse_rank(s: &str) -> Option<u8> {
    Some(match s.to_ascii_uppercase().as_str() {
        "A" | "1" => 1,
        "T" | "10" => 10,
        "J" => 11,
        "Q" => 12,
        "K" => 13,
        n => match n.parse::<u8>() {
            Ok(v @ 2..=9) => v,
            _ => return None,
        },
    })
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Standard { rank, suit } => write!(f, "{}{}", rank_name(*rank), suit.symbol()),
            Card::Joker { red: true } => f.write_str("RJ"),
            Card::Joker { red: false } => f.write_str("BJ"),
            Card::Custom { name, .. } => f.write_str(name),
        }
    }
}

/// What a person may write for a card: one exact card, or `JK` for either joker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CardPattern {
    Exact(Card),
    AnyJoker,
}

#[derive(Debug, PartialEq, Eq)]
pub struct CardParseError(pub String);

impl fmt::Display for CardParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a card (write e.g. A♠, 10H, TD, QC, RJ, BJ or JK)",
            crate::read::excerpt(&self.0)
        )
    }
}

impl std::error::Error for CardParseError {}

impl FromStr for CardPattern {
    type Err = CardParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let error = || CardParseError(s.to_string());
        match s.to_ascii_uppercase().as_str() {
            "RJ" => return Ok(CardPattern::Exact(Card::Joker { red: true })),
            "BJ" => return Ok(CardPattern::Exact(Card::Joker { red: false })),
            "JK" => return Ok(CardPattern::AnyJoker),
            _ => {}
        }
        // The suit is the last character, whether a letter or a symbol.
        let (split, _) = s.char_indices().last().ok_or_else(error)?;
        let suit = Suit::parse(&s[split..]).ok_or_else(error)?;
        let rank = parse_rank(&s[..split]).ok_or_else(error)?;
        Ok(CardPattern::Exact(Card::standard(rank, suit)))
    }
}

impl FromStr for Card {
    type Err = CardParseError;

    /// Reads one exact card; `JK` is refused because it names two.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.parse::<CardPattern>()? {
            CardPattern::Exact(card) => Ok(card),
            CardPattern::AnyJoker => Err(CardParseError(s.to_string())),
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
    fn prints_the_notation_of_the_design() {
        let printed: Vec<String> = ["AS", "10H", "QD", "KC", "RJ", "BJ"]
            .iter()
            .map(|s| card(s).to_string())
            .collect();
        assert_eq!(printed, ["A♠", "10♥", "Q♦", "K♣", "RJ", "BJ"]);
    }

    #[test]
    fn reads_ascii_symbols_and_ten_as_t() {
        assert_eq!(card("TH"), card("10♥"));
        assert_eq!(card("th"), card("10h"));
        assert_eq!(card("A♠"), Card::standard(1, Suit::Spades));
        assert_eq!(card("kc"), Card::standard(13, Suit::Clubs));
    }

    #[test]
    fn every_printed_card_reads_back() {
        for c in Card::deck(2) {
            assert_eq!(card(&c.to_string()), c);
        }
    }

    #[test]
    fn jk_matches_either_joker_but_is_not_one_card() {
        let jk: CardPattern = "JK".parse().unwrap();
        assert!(Card::Joker { red: true }.matches(&jk));
        assert!(Card::Joker { red: false }.matches(&jk));
        assert!(!card("JS").matches(&jk));
        assert!("JK".parse::<Card>().is_err());
    }

    #[test]
    fn rejects_what_is_not_a_card() {
        for bad in ["", "11H", "1", "ZS", "AX", "0S", "10", "♥"] {
            assert!(bad.parse::<CardPattern>().is_err(), "{bad} parsed");
        }
        let message = "11H".parse::<Card>().unwrap_err().to_string();
        assert!(message.contains("`11H` is not a card"), "{message}");
    }

    #[test]
    fn a_deck_holds_each_card_once() {
        let deck = Card::deck(2);
        assert_eq!(deck.len(), 54);
        let mut unique = deck.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 54);
        assert_eq!(Card::deck(1).len(), 53);
    }
}
