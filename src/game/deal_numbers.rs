//! The field's own deal numbers. A ruleset that declares
//! `deal_numbers("microsoft")` or `deal_numbers("pysolfc")` takes its seed
//! as the number of a deal as those programs number them: the seed must be
//! one of the scheme's numbers, and the game's first shuffle lays a standard
//! deck exactly as that deal does, whatever order the script made the cards
//! in. The result lies bottom to top, so that the card the scheme deals
//! first is the top: a script that deals from the top deals in the
//! scheme's order. PySolFC's numbers also deal two or more whole decks,
//! as its games of two decks deal them.

mod mersenne;
mod microsoft;

use crate::game::card::{Card, Suit};
use std::ops::RangeInclusive;

/// A numbering of deals, as a ruleset declares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DealNumbers {
    /// Microsoft's numbers, 1 to 2^31 - 1, each dealt by the C runtime's
    /// `rand()`.
    Microsoft,
    /// PySolFC's numbers: up to 32,000 dealt as Microsoft's, above by
    /// Python's Mersenne Twister (what pysol-cards calls `DEALS_PYSOLFC`;
    /// its old default above 32,000, old PySol's, is another numbering).
    Pysolfc,
}

/// The name of the host's own seeds, which a variant may declare to deal
/// by seeds again.
pub(crate) const SEEDS: &str = "seeds";

/// PySolFC deals its numbers up to this one as Microsoft's.
const PYSOLFC_MICROSOFT_UP_TO: u64 = 32_000;

/// A fresh deal's number is at most this, short enough to type back in.
const FRESH_AT_MOST: u64 = u32::MAX as u64;

impl DealNumbers {
    const ALL: [DealNumbers; 2] = [DealNumbers::Microsoft, DealNumbers::Pysolfc];

    /// The numbering `name` declares: `None` for the host's own seeds.
    pub(crate) fn named(name: &str) -> Result<Option<DealNumbers>, String> {
        if name == SEEDS {
            return Ok(None);
        }
        DealNumbers::ALL
            .into_iter()
            .find(|n| n.name() == name)
            .map(Some)
            .ok_or_else(|| {
                let names: Vec<&str> = DealNumbers::ALL.iter().map(|n| n.name()).collect();
                format!(
                    "deal_numbers: `{name}` is no numbering of deals (known: {}, or {SEEDS} for delve's own)",
                    names.join(", ")
                )
            })
    }

    /// As a ruleset declares it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            DealNumbers::Microsoft => "microsoft",
            DealNumbers::Pysolfc => "pysolfc",
        }
    }

    /// As a person reads it.
    fn shown(self) -> &'static str {
        match self {
            DealNumbers::Microsoft => "Microsoft's",
            DealNumbers::Pysolfc => "PySolFC's",
        }
    }

    /// Every number the scheme deals. PySolFC numbers deals up to 10^20;
    /// a seed is 64 bits, so delve deals its numbers up to 2^64 - 1.
    pub(crate) fn range(self) -> RangeInclusive<u64> {
        match self {
            DealNumbers::Microsoft => 1..=(1 << 31) - 1,
            DealNumbers::Pysolfc => 1..=u64::MAX,
        }
    }

    /// Whether `seed` is one of the scheme's numbers; the message says
    /// which are.
    pub(crate) fn check(self, seed: u64) -> Result<(), String> {
        let range = self.range();
        if range.contains(&seed) {
            return Ok(());
        }
        Err(format!(
            "seed {seed} is not one of {} deal numbers ({} to {})",
            self.shown(),
            range.start(),
            range.end()
        ))
    }

    /// A random number of the scheme, short enough to type back in.
    pub(crate) fn fresh(self) -> u64 {
        let range = self.range();
        rand::random_range(*range.start()..=(*range.end()).min(FRESH_AT_MOST))
    }

    /// The number after `seed`, back to the first past the last.
    pub(crate) fn next(self, seed: u64) -> u64 {
        let range = self.range();
        match seed.checked_add(1) {
            Some(next) if range.contains(&next) => next,
            _ => *range.start(),
        }
    }

    /// Lays `cards`, whole standard decks in any order (one for
    /// Microsoft's numbers, one or more for PySolFC's), as deal `number`
    /// does, bottom to top: the first card dealt is the top one.
    pub(crate) fn deal(self, number: u64, cards: &mut Vec<Card>, pile: &str) -> Result<(), String> {
        self.check(number)?;
        let decks = self.whole_decks(cards, pile)?;
        let mut deck = cards.clone();
        let microsoft = self == DealNumbers::Microsoft || number <= PYSOLFC_MICROSOFT_UP_TO;
        if microsoft && decks == 1 {
            deck.sort_by_key(microsoft_place);
        } else {
            // PySol lays its decks one after another, each clubs to
            // diamonds: a card's copies are alike, so the n-th copy of
            // each card makes the n-th deck.
            deck.sort_by_key(pysol_place);
            deck = (0..decks)
                .flat_map(|copy| deck.iter().skip(copy).step_by(decks).cloned())
                .collect();
        }
        if microsoft {
            // Within the range checked above: at most 2^31 - 1. PySolFC
            // shuffles several decks with the same generator, as laid.
            microsoft::shuffle(number as u32, &mut deck);
        } else {
            mersenne::shuffle(number, &mut deck);
        }
        *cards = deck;
        Ok(())
    }

    /// How many whole standard decks `cards` are (each of the 52 cards
    /// as many times): one for Microsoft's numbers, one or more for
    /// PySolFC's.
    fn whole_decks(self, cards: &[Card], pile: &str) -> Result<usize, String> {
        let deals = match self {
            DealNumbers::Microsoft => "one standard deck of 52 cards",
            DealNumbers::Pysolfc => "whole standard decks of 52 cards",
        };
        let refuse = |what: String| {
            Err(format!(
                "{} deal numbers deal {deals}: pile `{pile}` holds {what}",
                self.shown()
            ))
        };
        let decks = cards.len() / 52;
        let whole = cards.len().is_multiple_of(52) && decks >= 1;
        if !whole || (self == DealNumbers::Microsoft && decks > 1) {
            return refuse(format!("{} cards", cards.len()));
        }
        let mut seen = [0usize; 52];
        for card in cards {
            if card.rank().is_none() {
                return refuse(card.to_string());
            }
            let copies = &mut seen[pysol_place(card)];
            *copies += 1;
            if *copies > decks {
                let times = if decks == 1 {
                    "twice".to_string()
                } else {
                    format!("{} times", *copies)
                };
                return refuse(format!("{card} {times}"));
            }
        }
        Ok(decks)
    }
}

/// A card's place in a deck as PySol makes one: clubs, spades, hearts,
/// diamonds, each ace to king. Only for standard cards.
fn pysol_place(card: &Card) -> usize {
    let suit = match card.suit() {
        Some(Suit::Clubs) => 0,
        Some(Suit::Spades) => 1,
        Some(Suit::Hearts) => 2,
        _ => 3,
    };
    suit * 13 + usize::from(card.rank().unwrap_or(1) - 1)
}

/// A card's place in Microsoft's deck: ace to king, each rank clubs,
/// diamonds, hearts, spades. Only for standard cards.
fn microsoft_place(card: &Card) -> usize {
    let suit = match card.suit() {
        Some(Suit::Clubs) => 0,
        Some(Suit::Diamonds) => 1,
        Some(Suit::Hearts) => 2,
        _ => 3,
    };
    usize::from(card.rank().unwrap_or(1) - 1) * 4 + suit
}

#[cfg(test)]
mod tests;
