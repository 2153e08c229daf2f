//! Golden deals, as pysol-cards 0.24 prints them (`DEALS_MS` and
//! `DEALS_PYSOLFC`), each the 52 cards in the order dealt, and the checks
//! of what a numbered deal refuses.

use super::DealNumbers::{self, Microsoft, Pysolfc};
use crate::game::card::Card;
use crate::game::random::Random;

/// The cards of deal `number` in the order dealt (top first), from a deck
/// made in an order of its own: the deal must not depend on it.
fn dealt(numbers: DealNumbers, number: u64) -> String {
    let mut cards = Card::deck(0);
    Random::new(number).shuffle(&mut cards);
    numbers.deal(number, &mut cards, "deck").unwrap();
    let top_first: Vec<String> = cards.iter().rev().map(ToString::to_string).collect();
    top_first.join(" ")
}

#[test]
fn microsofts_deals_are_the_fields() {
    for (number, golden) in [
        (1, MS_1),
        (617, MS_617),
        (11982, MS_11982),
        ((1 << 31) - 1, MS_LAST),
    ] {
        assert_eq!(dealt(Microsoft, number), golden, "deal {number}");
    }
}

#[test]
fn pysolfcs_deals_are_microsofts_to_32000_and_pythons_above() {
    assert_eq!(dealt(Pysolfc, 1), MS_1);
    for (number, golden) in [
        (32_000, FC_32000),
        (32_001, FC_32001),
        (1_000_000, FC_1000000),
        (1 << 32, FC_2_TO_32),
        (u64::MAX, FC_LAST),
    ] {
        assert_eq!(dealt(Pysolfc, number), golden, "deal {number}");
    }
}

#[test]
fn deal_one_lays_its_first_column_as_every_player_knows_it() {
    // Dealt in turn to eight columns, the first gets cards 1, 9, 17, ...
    let cards: Vec<String> = dealt(Microsoft, 1)
        .split(' ')
        .step_by(8)
        .map(String::from)
        .collect();
    assert_eq!(cards, ["J♦", "K♦", "2♠", "4♣", "3♠", "6♦", "6♠"]);
}

#[test]
fn a_number_out_of_range_is_refused_with_the_range() {
    assert_eq!(
        Microsoft.check(0),
        Err("seed 0 is not one of Microsoft's deal numbers (1 to 2147483647)".into())
    );
    assert!(Microsoft.check(1 << 31).is_err());
    assert!(Pysolfc.check(0).is_err());
    assert!(Pysolfc.check(u64::MAX).is_ok());
    let mut cards = Card::deck(0);
    assert!(Microsoft.deal(0, &mut cards, "deck").is_err());
}

#[test]
fn only_one_standard_deck_is_dealt() {
    let refused = |mut cards: Vec<Card>| Microsoft.deal(1, &mut cards, "stock").unwrap_err();
    assert_eq!(
        refused(Card::deck(1)),
        "Microsoft's deal numbers deal one standard deck of 52 cards: pile `stock` holds 53 cards"
    );
    let mut twin = Card::deck(0);
    twin[51] = twin[0].clone();
    assert!(refused(twin).ends_with("holds A♠ twice"));
    let mut joker = Card::deck(1);
    joker.remove(0);
    assert!(refused(joker).ends_with("holds RJ"));
}

#[test]
fn fresh_and_next_numbers_stay_in_range() {
    for numbers in [Microsoft, Pysolfc] {
        for _ in 0..100 {
            let fresh = numbers.fresh();
            assert!(numbers.check(fresh).is_ok() && u32::try_from(fresh).is_ok());
        }
        let last = *numbers.range().end();
        assert_eq!(numbers.next(last), 1);
        assert_eq!(numbers.next(7), 8);
    }
}

#[test]
fn names_are_read_back_and_a_wrong_one_lists_the_known() {
    assert_eq!(DealNumbers::named("microsoft"), Ok(Some(Microsoft)));
    assert_eq!(DealNumbers::named("pysolfc"), Ok(Some(Pysolfc)));
    assert_eq!(DealNumbers::named("seeds"), Ok(None));
    assert_eq!(
        DealNumbers::named("ms"),
        Err("deal_numbers: `ms` is no numbering of deals (known: microsoft, pysolfc, or seeds for delve's own)".into())
    );
}

const MS_1: &str = "J♦ 2♦ 9♥ J♣ 5♦ 7♥ 7♣ 5♥ K♦ K♣ 9♠ 5♠ A♦ Q♣ K♥ 3♥ 2♠ K♠ 9♦ Q♦ J♠ A♠ A♥ 3♣ 4♣ 5♣ 10♠ Q♥ 4♥ A♣ 4♦ 7♠ 3♠ 10♦ 4♠ 10♥ 8♥ 2♣ J♥ 7♦ 6♦ 8♠ 8♦ Q♠ 6♣ 3♦ 8♣ 10♣ 6♠ 9♣ 2♥ 6♥";
const MS_617: &str = "7♦ A♦ 5♣ 3♠ 5♠ 8♣ 2♦ A♥ 10♦ 7♠ Q♦ A♣ 6♦ 8♥ A♠ K♥ 10♥ Q♣ 3♥ 9♦ 6♠ 8♦ 3♦ 10♣ K♦ 5♥ 9♠ 3♣ 8♠ 7♥ 4♦ J♠ 4♣ Q♠ 9♣ 9♥ 7♣ 6♥ 2♣ 2♠ 4♠ 10♠ 2♥ 5♦ J♣ 6♣ J♥ Q♥ J♦ K♠ K♣ 4♥";
const MS_11982: &str = "A♥ A♠ 4♥ A♣ 2♦ 6♠ 10♠ J♠ 3♦ 3♥ Q♠ Q♣ 8♠ 7♥ A♦ K♠ K♦ 6♥ 5♠ 4♦ 9♥ J♥ 9♠ 3♣ J♣ 5♦ 5♣ 8♣ 9♦ 10♦ K♥ 7♣ 6♣ 2♣ 10♥ Q♥ 6♦ 10♣ 4♠ 7♠ J♦ 7♦ 8♥ 9♣ 2♥ Q♦ 4♣ 5♥ K♣ 8♦ 2♠ 3♠";
const MS_LAST: &str = "9♠ 2♥ 7♣ 5♥ 4♣ 6♦ 3♦ 4♠ J♥ 10♣ 10♦ Q♠ 3♠ K♥ 8♦ J♣ 7♠ 6♣ 3♥ 8♠ K♦ 10♠ 9♦ 4♦ 5♠ A♦ 10♥ 3♣ 2♣ A♥ 2♦ 9♥ 5♦ Q♥ 8♣ 6♥ 6♠ Q♦ 4♥ J♠ 5♣ J♦ A♠ Q♣ A♣ K♣ 2♠ K♠ 7♦ 9♣ 7♥ 8♥";
const FC_32000: &str = "Q♦ 8♦ Q♠ 4♥ 2♣ J♣ 2♦ 10♥ 3♠ J♦ 7♣ 9♦ K♦ 5♣ 5♦ 6♦ 8♣ 9♥ 5♠ 4♣ 5♥ A♣ K♠ 7♥ J♥ 7♦ 6♠ 9♣ 3♣ 9♠ 10♦ Q♥ 3♦ 7♠ 2♥ A♦ A♠ J♠ K♥ 8♠ 6♥ 8♥ 10♠ 6♣ 4♦ Q♣ K♣ 4♠ 10♣ 2♠ 3♥ A♥";
const FC_32001: &str = "4♣ A♣ J♦ 8♥ 5♠ 6♠ 6♦ K♥ J♣ 4♠ 7♥ 10♣ J♥ 2♦ 3♦ J♠ 7♠ 2♥ 10♦ 8♠ 9♣ A♠ 3♣ 4♥ Q♦ 10♠ Q♣ 2♣ 10♥ 8♦ 2♠ A♥ 9♦ K♦ 9♠ 5♣ Q♥ 5♦ 5♥ Q♠ 6♣ 7♦ A♦ 6♥ 3♥ K♠ 4♦ K♣ 3♠ 8♣ 9♥ 7♣";
const FC_1000000: &str = "10♦ A♦ 8♦ 7♣ 7♥ 3♠ K♠ K♦ 10♣ 4♣ 4♠ 4♦ Q♣ 3♥ Q♦ 6♦ 5♥ 2♠ J♦ 9♣ 5♦ 7♠ 6♠ 9♥ 3♣ J♠ 6♥ 2♥ 8♣ 6♣ 4♥ K♥ Q♠ 10♠ 7♦ 5♠ A♥ J♥ 8♠ 3♦ 8♥ 9♠ K♣ 5♣ Q♥ 2♣ 10♥ J♣ 9♦ A♠ 2♦ A♣";
const FC_2_TO_32: &str = "6♣ 9♠ A♣ 4♥ K♥ 3♠ K♠ 8♠ 7♣ 10♥ 2♦ 6♦ A♠ 2♠ 4♦ K♦ 7♥ 5♣ 5♥ J♠ 5♠ J♣ 3♥ 6♥ Q♠ 2♥ 7♦ 9♦ J♦ 4♠ 8♣ A♥ J♥ 4♣ 5♦ Q♦ 3♣ 2♣ 6♠ A♦ 9♥ 10♣ 8♦ 10♠ 10♦ Q♣ 9♣ 8♥ 7♠ Q♥ 3♦ K♣";
const FC_LAST: &str = "2♣ 5♠ J♣ 5♥ 6♦ Q♦ 8♥ 7♦ 7♥ 6♥ 7♠ J♥ 4♣ K♣ 10♣ 9♠ Q♣ J♦ 3♦ 8♠ 10♥ 5♣ 3♠ 7♣ 9♦ 3♥ 3♣ Q♠ 10♦ A♣ 8♦ 4♥ 9♣ A♠ J♠ 2♦ 6♠ 4♠ K♦ A♥ 4♦ A♦ 2♠ K♥ K♠ 10♠ 2♥ 9♥ 5♦ Q♥ 6♣ 8♣";
