//! Golden deals, as pysol-cards 0.24 prints them (`DEALS_MS` and
//! `DEALS_PYSOLFC`), each the 52 cards (or two decks' 104) in the order
//! dealt, and the checks of what a numbered deal refuses.

use super::DealNumbers::{self, Microsoft, Pysolfc};
use crate::game::card::Card;
use crate::game::random::Random;

/// The cards of deal `number` in the order dealt (top first), from a deck
/// made in an order of its own: the deal must not depend on it.
fn dealt(numbers: DealNumbers, number: u64) -> String {
    dealt_decks(numbers, number, 1)
}

/// As `dealt`, of `decks` standard decks made one after another.
fn dealt_decks(numbers: DealNumbers, number: u64, decks: usize) -> String {
    let mut cards: Vec<Card> = (0..decks).flat_map(|_| Card::deck(0)).collect();
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
fn two_decks_are_dealt_as_pysolfc_deals_them() {
    // Up to 32,000 too, two decks are not Microsoft's deck: PySol lays them
    // in its own order, deck after deck, and shuffles with the C
    // runtime's generator.
    for (number, golden) in [
        (1, TWO_1),
        (32_000, TWO_32000),
        (32_001, TWO_32001),
        (1 << 32, TWO_2_TO_32),
        (u64::MAX, TWO_LAST),
    ] {
        assert_eq!(dealt_decks(Pysolfc, number, 2), golden, "deal {number}");
    }
}

#[test]
fn microsofts_numbers_deal_one_deck_only() {
    let mut cards: Vec<Card> = [Card::deck(0), Card::deck(0)].concat();
    assert_eq!(
        Microsoft.deal(1, &mut cards, "deck").unwrap_err(),
        "Microsoft's deal numbers deal one standard deck of 52 cards: pile `deck` holds 104 cards"
    );
}

#[test]
fn several_decks_must_be_whole() {
    let refused = |mut cards: Vec<Card>| Pysolfc.deal(40_000, &mut cards, "deck").unwrap_err();
    let two = || [Card::deck(0), Card::deck(0)].concat();
    let mut thrice = two();
    thrice[51] = thrice[0].clone();
    assert_eq!(
        refused(thrice),
        "PySolFC's deal numbers deal whole standard decks of 52 cards: pile `deck` holds A♠ 3 times"
    );
    let mut short = two();
    short.pop();
    assert!(refused(short).ends_with("holds 103 cards"));
    let mut joker = two();
    joker[103] = Card::Joker { red: true };
    assert!(refused(joker).ends_with("holds RJ"));
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
fn only_whole_standard_decks_are_dealt() {
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
const TWO_1: &str = "3♦ 5♥ J♣ K♥ 5♠ 5♥ K♣ K♣ 8♦ J♦ A♠ 8♣ 6♣ 6♥ 10♣ 8♦ 4♣ J♠ Q♣ 4♥ K♦ 2♥ 10♦ 8♠ A♣ 7♣ 2♥ A♦ 9♥ 8♠ 7♦ 9♠ 8♥ J♥ 4♦ 2♦ 6♥ 10♥ 8♣ 2♠ 3♠ 9♣ 7♦ 4♠ 8♥ 10♥ A♥ J♣ 4♥ 7♥ Q♠ Q♣ 7♣ 3♠ Q♥ 9♠ 2♠ Q♥ 3♣ A♠ 4♠ K♠ 6♦ 10♦ 9♣ 9♦ J♠ 4♦ 5♣ 6♣ A♦ J♥ 6♠ 3♣ J♦ 10♣ A♥ Q♠ 2♣ 9♥ 3♥ 7♠ 5♣ 9♦ K♠ 5♦ 10♠ Q♦ 7♠ 6♦ 10♠ K♦ Q♦ 7♥ 3♦ 2♣ K♥ 5♦ 3♥ 2♦ 4♣ 5♠ 6♠ A♣";
const TWO_32000: &str = "7♦ 3♣ 3♠ A♠ 8♠ A♦ K♦ 3♣ 8♣ 9♦ 7♣ 6♠ 7♥ 4♥ A♦ 8♠ Q♠ K♦ J♦ 3♦ 6♠ 9♠ J♠ 5♦ 9♣ 10♣ J♠ K♥ J♥ Q♠ 10♦ 6♥ 4♥ A♥ 2♠ 6♣ 2♥ 2♣ 9♠ K♥ 2♦ A♣ Q♣ 8♥ 5♠ A♠ 8♦ 4♣ 8♦ 5♥ 10♥ K♣ 10♠ 2♣ 6♣ K♣ J♦ 10♣ 9♦ 7♠ 9♣ 7♥ Q♦ 5♣ 7♠ 5♦ 6♥ 8♣ 7♦ J♣ 2♦ A♣ K♠ 10♥ 5♣ Q♦ A♥ 10♦ 3♥ 4♠ 9♥ 6♦ Q♥ 4♦ Q♣ 2♠ K♠ 5♥ 7♣ 3♥ 2♥ 5♠ J♣ 10♠ 4♠ 4♣ 6♦ Q♥ 9♥ 3♠ 4♦ J♥ 3♦ 8♥";
const TWO_32001: &str = "8♣ A♣ J♦ 4♠ 10♥ K♥ 5♦ 5♥ 10♠ 9♦ 8♠ 7♦ 6♦ 2♦ K♠ 4♣ 10♦ 10♦ 6♥ 2♣ K♥ J♥ 9♣ K♦ 2♣ A♠ 8♥ 6♣ J♣ 9♣ 9♦ Q♣ 10♣ K♣ 7♣ 8♠ 4♠ 7♦ J♠ 4♥ 3♥ 6♣ 5♠ 8♣ 3♠ Q♦ 4♦ 6♠ A♣ 3♦ 9♠ 2♥ 6♠ 8♦ A♠ 5♠ Q♠ 7♠ 7♣ 2♠ J♦ 7♥ A♥ 5♦ 7♥ 5♥ 8♦ A♦ Q♠ 9♥ A♥ 3♦ A♦ Q♦ 2♦ 6♦ 4♣ 9♥ 2♥ J♥ 10♠ 4♦ 3♣ Q♥ K♣ Q♣ 3♣ 10♣ J♣ K♦ 8♥ 10♥ Q♥ 5♣ 6♥ 9♠ 7♠ J♠ 3♥ 3♠ 2♠ K♠ 4♥ 5♣";
const TWO_2_TO_32: &str = "Q♣ 5♦ 2♣ 10♣ 3♥ 7♥ 2♣ Q♦ A♠ K♠ Q♥ 8♦ 6♥ 9♥ 6♥ 2♠ 2♥ J♣ Q♠ 9♣ 9♦ 4♥ 4♦ 3♦ 7♠ 8♠ 8♥ 2♦ A♣ 3♣ A♥ K♦ 6♠ K♦ Q♠ 3♥ 9♥ 6♣ 5♠ A♠ K♠ 5♣ K♣ 10♦ 9♦ Q♥ 2♦ J♠ 8♥ 4♠ 8♣ 6♠ 4♦ 7♦ 3♣ 5♣ 2♠ 4♣ 10♦ 8♣ 5♦ K♥ J♦ 4♥ 10♣ A♣ A♦ Q♣ 7♠ 9♣ 3♦ 5♠ J♦ 3♠ K♣ 5♥ 9♠ J♣ 7♣ 6♦ 10♥ J♥ A♦ 8♠ A♥ 4♣ 10♠ 7♥ J♠ 6♦ 5♥ K♥ 10♠ 3♠ 6♣ 2♥ 7♦ 4♠ 9♠ 10♥ 8♦ J♥ Q♦ 7♣";
const TWO_LAST: &str = "3♣ 9♥ 9♠ J♣ A♦ J♥ 7♠ 8♠ 6♠ 5♠ 6♦ 4♥ 8♣ 5♥ J♠ A♣ 2♥ K♠ J♦ J♥ 6♥ Q♣ 5♦ 7♠ 4♣ 6♠ 7♣ Q♠ A♠ 2♣ 7♣ 2♥ 6♥ 10♦ 5♠ A♥ 6♣ 4♠ 9♣ Q♦ 9♣ 2♠ 4♥ 8♦ 10♦ A♣ 4♣ 2♦ 3♥ 10♥ J♣ J♦ 5♦ 9♦ 5♥ 5♣ 3♥ A♥ K♥ 10♥ K♦ 9♦ Q♥ 6♣ 4♠ 8♦ 9♠ 3♣ Q♣ 3♦ 3♦ 4♦ Q♠ 4♦ K♣ 8♠ 10♠ A♠ 5♣ 7♥ 3♠ K♥ Q♥ 2♠ 8♣ K♠ K♣ J♠ 10♠ 10♣ 6♦ 2♦ 2♣ 10♣ 7♦ 8♥ 3♠ 7♥ Q♦ K♦ 9♥ 7♦ 8♥ A♦";
