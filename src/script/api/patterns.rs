//! Matching cards against patterns given as data, in the host: the loop of
//! "which of these cards may go on which of these targets" is most of a
//! rule's work, and run by the interpreter it costs a script operation per
//! comparison. A pattern is a map of conditions on a card (rank, value,
//! suit, colour, face, joker); the rules map says how a card's value and
//! suit are read (what a joker is worth, whether it is every suit, which
//! property of a custom card is its value, or each card's value as the
//! script's own rule reckons it). The host knows no game: the script says
//! what matches.
//!
//! `cards.matches(targets, rules)`: for each card, in order, each target (a
//! map with a `pattern`) it matches, as the target's map without `pattern`
//! and with `card` set. `cards.matching(pattern, rules)`: the cards that
//! match one pattern. Both are charged against the step's operation budget
//! per pair checked and per result, and bounded in size.

use super::pattern::{pattern_of, rules_of};
use super::piles::cards_seen;
use super::{fail, Fallible, Host, PileRef, Shared};
use crate::game::card::Card;
use crate::script::host::limit;
use crate::script::limits::{MAX_ITEMS, MAX_OPERATIONS};
use rhai::{Array, Dynamic, Engine, Map};

/// Refuses a call that would check more pairs than a whole step may run,
/// before doing any of the work; else charges it.
fn charge_pairs(rt: &dyn Host, cards: usize, targets: usize) -> Fallible<()> {
    let pairs = (cards as u64).saturating_mul(targets as u64);
    if pairs > MAX_OPERATIONS {
        return Err(limit(format!(
            "matching {cards} cards against {targets} patterns is more than the {MAX_OPERATIONS} operations a step may run"
        )));
    }
    rt.charge(pairs);
    Ok(())
}

fn too_many() -> Box<rhai::EvalAltResult> {
    limit(format!("matching cards gave more than {MAX_ITEMS} results"))
}

/// Every (card, target) pair that matches, card by card, as the target's
/// map without its pattern and with the card.
fn matches(rt: &dyn Host, cards: &Array, targets: &Array, rules: &Map) -> Fallible<Array> {
    let rules = rules_of(rules)?;
    let cards = cards_in(cards)?;
    rules.check_count(cards.len())?;
    charge_pairs(rt, cards.len(), targets.len())?;
    let mut compiled = Vec::with_capacity(targets.len());
    for (i, target) in targets.iter().enumerate() {
        let Some(map) = target.read_lock::<Map>() else {
            return fail(format!(
                "target {i} is {}: a target is a map with a `pattern`",
                target.type_name()
            ));
        };
        let pattern = {
            let Some(pattern) = map.get("pattern") else {
                return fail(format!("target {i} has no `pattern` (a map of conditions)"));
            };
            let Some(pattern) = pattern.read_lock::<Map>() else {
                return fail(format!(
                    "the `pattern` of target {i} is {}: a map",
                    pattern.type_name()
                ));
            };
            pattern_of(&pattern)?
        };
        compiled.push((pattern, map));
    }
    let mut found = Array::new();
    for (i, card) in cards.iter().enumerate() {
        let value = rules.value(i, card);
        for (pattern, target) in &compiled {
            if pattern.holds(card, value, &rules) {
                if found.len() >= MAX_ITEMS {
                    return Err(too_many());
                }
                found.push(result_of(target, card).into());
            }
        }
    }
    rt.charge(found.len() as u64);
    Ok(found)
}

/// A match: the target's map without its pattern, and with the card. Built
/// only for the pairs that match, so a target no card fits is never copied.
fn result_of(target: &Map, card: &Card) -> Map {
    let mut result: Map = target
        .iter()
        .filter(|(key, _)| key.as_str() != "pattern")
        .map(|(key, value)| (key.clone(), value.clone()))
        .collect();
    result.insert("card".into(), Dynamic::from(Card::clone(card)));
    result
}

/// The cards that match one pattern, in order.
fn matching(rt: &dyn Host, cards: &Array, pattern: &Map, rules: &Map) -> Fallible<Array> {
    let rules = rules_of(rules)?;
    let pattern = pattern_of(pattern)?;
    let cards = cards_in(cards)?;
    rules.check_count(cards.len())?;
    charge_pairs(rt, cards.len(), 1)?;
    Ok(cards
        .iter()
        .enumerate()
        .filter(|(i, card)| pattern.holds(card, rules.value(*i, card), &rules))
        .map(|(_, card)| Dynamic::from(Card::clone(card)))
        .collect())
}

pub(super) fn register<H: Host>(engine: &mut Engine, rt: &Shared<H>) {
    let r = rt.clone();
    engine.register_fn(
        "matches",
        move |cards: &mut Array, targets: Array, rules: Map| -> Fallible<Array> {
            matches(&*r.borrow(), cards, &targets, &rules)
        },
    );
    let r = rt.clone();
    engine.register_fn(
        "matches",
        move |cards: &mut Array, targets: Array| -> Fallible<Array> {
            matches(&*r.borrow(), cards, &targets, &Map::new())
        },
    );
    let r = rt.clone();
    engine.register_fn(
        "matches",
        move |p: &mut PileRef, targets: Array, rules: Map| -> Fallible<Array> {
            no_values(&rules)?;
            let rt = r.borrow();
            let cards = visible(cards_seen(&*rt, *p));
            matches(&*rt, &cards, &targets, &rules)
        },
    );
    let r = rt.clone();
    engine.register_fn(
        "matching",
        move |cards: &mut Array, pattern: Map, rules: Map| -> Fallible<Array> {
            matching(&*r.borrow(), cards, &pattern, &rules)
        },
    );
    let r = rt.clone();
    engine.register_fn(
        "matching",
        move |cards: &mut Array, pattern: Map| -> Fallible<Array> {
            matching(&*r.borrow(), cards, &pattern, &Map::new())
        },
    );
    let r = rt.clone();
    engine.register_fn(
        "matching",
        move |p: &mut PileRef, pattern: Map, rules: Map| -> Fallible<Array> {
            no_values(&rules)?;
            let rt = r.borrow();
            let cards = visible(cards_seen(&*rt, *p));
            matching(&*rt, &cards, &pattern, &rules)
        },
    );
}

/// A pile's cards are matched as a bot may see them, so values given one a
/// card could fall on the wrong ones: `values` goes with an array of cards.
fn no_values(rules: &Map) -> Fallible<()> {
    if rules.contains_key("values") {
        return fail(
            "`values` goes with an array of cards (`p.cards.matches(...)`), not a pile".to_string(),
        );
    }
    Ok(())
}

/// The cards of an array, read in place (an item that is no card is an error).
fn cards_in(items: &Array) -> Fallible<Vec<rhai::DynamicReadLock<'_, Card>>> {
    items
        .iter()
        .map(|d| {
            d.read_lock::<Card>()
                .ok_or_else(|| format!("expected a card, found {}", d.type_name()).into())
        })
        .collect()
}

/// A pile's cards as a bot may see them: face-down ones left out.
fn visible(cards: Array) -> Array {
    cards.into_iter().filter(|c| !c.is_unit()).collect()
}
