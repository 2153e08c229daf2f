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

use super::piles::cards_seen;
use super::{fail, Fallible, Host, PileRef, Shared};
use crate::game::card::{Card, Prop, Suit};
use crate::script::host::limit;
use crate::script::limits::{MAX_ITEMS, MAX_OPERATIONS};
use rhai::{Array, Dynamic, Engine, Map};

/// The keys a pattern may hold.
const PATTERN_KEYS: &str = "rank, value, value_at_least, value_at_most, suit, red, face, joker";
/// The keys a rules map may hold.
const RULE_KEYS: &str = "joker_value, joker_any_suit, value_prop, values";

/// How a card's value and suit are read.
#[derive(Default)]
struct Rules {
    /// What a joker is worth; without it a joker has no value.
    joker_value: Option<i64>,
    /// A joker matches every suit.
    joker_any_suit: bool,
    /// The property that is a custom card's value.
    value_prop: Option<String>,
    /// Each card's value, in the cards' order, as the script reckons it
    /// (`()` for none): a variant's own value rule then holds here too.
    values: Option<Vec<Option<i64>>>,
}

/// The conditions of one pattern; an absent one (or `()`) always holds.
#[derive(Default)]
struct Pattern {
    rank: Option<i64>,
    value: Option<i64>,
    value_at_least: Option<i64>,
    value_at_most: Option<i64>,
    suit: Option<Suit>,
    red: Option<bool>,
    face: Option<bool>,
    joker: Option<bool>,
}

fn int(key: &str, value: &Dynamic) -> Fallible<Option<i64>> {
    if value.is_unit() {
        return Ok(None);
    }
    match value.as_int() {
        Ok(n) => Ok(Some(n)),
        Err(found) => fail(format!("`{key}` is a number, not {found}")),
    }
}

fn flag(key: &str, value: &Dynamic) -> Fallible<Option<bool>> {
    if value.is_unit() {
        return Ok(None);
    }
    match value.as_bool() {
        Ok(b) => Ok(Some(b)),
        Err(found) => fail(format!("`{key}` is true or false, not {found}")),
    }
}

fn rules_of(map: &Map) -> Fallible<Rules> {
    let mut rules = Rules::default();
    for (key, value) in map {
        match key.as_str() {
            "joker_value" => rules.joker_value = int(key, value)?,
            "joker_any_suit" => rules.joker_any_suit = flag(key, value)?.unwrap_or(false),
            "value_prop" if value.is_unit() => {}
            "value_prop" => match value.clone().into_string() {
                Ok(name) => rules.value_prop = Some(name),
                Err(found) => return fail(format!("`value_prop` is text, not {found}")),
            },
            "values" => match value.read_lock::<Array>() {
                Some(values) => {
                    rules.values = Some(
                        values
                            .iter()
                            .map(|v| int("values", v))
                            .collect::<Fallible<_>>()?,
                    );
                }
                None => {
                    return fail(format!(
                        "`values` is an array of numbers, one a card, not {value}"
                    ))
                }
            },
            other => {
                return fail(format!(
                    "no rule `{other}` for matching cards (rules: {RULE_KEYS})"
                ))
            }
        }
    }
    Ok(rules)
}

impl Rules {
    /// The value of the `i`th card.
    fn value(&self, i: usize, card: &Card) -> Option<i64> {
        match &self.values {
            Some(values) => values.get(i).copied().flatten(),
            None => value_of(card, self),
        }
    }

    /// Refuses `values` that are not one a card.
    fn check_count(&self, cards: usize) -> Fallible<()> {
        match &self.values {
            Some(values) if values.len() != cards => fail(format!(
                "`values` is one number a card, in their order: {} for {cards} cards",
                values.len()
            )),
            _ => Ok(()),
        }
    }
}

fn pattern_of(map: &Map) -> Fallible<Pattern> {
    let mut pattern = Pattern::default();
    for (key, value) in map {
        match key.as_str() {
            "rank" => pattern.rank = int(key, value)?,
            "value" => pattern.value = int(key, value)?,
            "value_at_least" => pattern.value_at_least = int(key, value)?,
            "value_at_most" => pattern.value_at_most = int(key, value)?,
            "red" => pattern.red = flag(key, value)?,
            "face" => pattern.face = flag(key, value)?,
            "joker" => pattern.joker = flag(key, value)?,
            "suit" if value.is_unit() => {}
            "suit" => {
                let text = value.clone().into_string().unwrap_or_default();
                match Suit::parse(&text) {
                    Some(suit) => pattern.suit = Some(suit),
                    None => {
                        return fail(format!(
                            "`suit` is one of ♠ ♥ ♦ ♣ (or S H D C), not {value}"
                        ))
                    }
                }
            }
            other => {
                return fail(format!(
                    "no condition `{other}` in a card pattern (conditions: {PATTERN_KEYS})"
                ))
            }
        }
    }
    Ok(pattern)
}

/// A card's value under the rules: its rank, a joker's given value, a
/// custom card's named number property; `None` when it has none.
fn value_of(card: &Card, rules: &Rules) -> Option<i64> {
    match card {
        Card::Standard { rank, .. } => Some(i64::from(*rank)),
        Card::Joker { .. } => rules.joker_value,
        Card::Custom { props, .. } => match rules.value_prop.as_ref().and_then(|p| props.get(p)) {
            Some(Prop::Int(n)) => Some(*n),
            _ => None,
        },
    }
}

impl Pattern {
    fn holds(&self, card: &Card, value: Option<i64>, rules: &Rules) -> bool {
        let number = |wanted: Option<i64>, test: fn(i64, i64) -> bool| match wanted {
            None => true,
            Some(w) => value.is_some_and(|v| test(v, w)),
        };
        let rank = card.rank().map(i64::from);
        self.rank.is_none_or(|r| rank == Some(r))
            && number(self.value, |v, w| v == w)
            && number(self.value_at_least, |v, w| v >= w)
            && number(self.value_at_most, |v, w| v <= w)
            && self
                .suit
                .is_none_or(|s| card.suit() == Some(s) || (rules.joker_any_suit && card.is_joker()))
            && self.red.is_none_or(|r| card.is_red() == r)
            && self.face.is_none_or(|f| rank.is_some_and(|r| r > 10) == f)
            && self.joker.is_none_or(|j| card.is_joker() == j)
    }
}

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
        let Some(pattern) = map.get("pattern") else {
            return fail(format!("target {i} has no `pattern` (a map of conditions)"));
        };
        let Some(pattern) = pattern.read_lock::<Map>() else {
            return fail(format!(
                "the `pattern` of target {i} is {}: a map",
                pattern.type_name()
            ));
        };
        let mut rest = map.clone();
        rest.remove("pattern");
        compiled.push((pattern_of(&pattern)?, rest));
    }
    let mut found = Array::new();
    for (i, card) in cards.iter().enumerate() {
        let value = rules.value(i, card);
        for (pattern, rest) in &compiled {
            if pattern.holds(card, value, &rules) {
                if found.len() >= MAX_ITEMS {
                    return Err(too_many());
                }
                let mut result = rest.clone();
                result.insert("card".into(), Dynamic::from(Card::clone(card)));
                found.push(result.into());
            }
        }
    }
    rt.charge(found.len() as u64);
    Ok(found)
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

#[cfg(test)]
mod tests {
    use super::{pattern_of, rules_of, value_of};
    use crate::game::card::Card;
    use rhai::{Dynamic, Map};

    fn map(pairs: &[(&str, Dynamic)]) -> Map {
        pairs
            .iter()
            .map(|(k, v)| ((*k).into(), v.clone()))
            .collect()
    }

    fn holds(card: &str, pattern: &[(&str, Dynamic)], rules: &[(&str, Dynamic)]) -> bool {
        let card: Card = card.parse().unwrap();
        let rules = rules_of(&map(rules)).unwrap();
        let pattern = pattern_of(&map(pattern)).unwrap();
        pattern.holds(&card, value_of(&card, &rules), &rules)
    }

    #[test]
    fn conditions_all_hold_and_unit_means_any() {
        let at_least_7 = [("value_at_least", Dynamic::from(7_i64))];
        assert!(holds("7H", &at_least_7, &[]));
        assert!(!holds("6H", &at_least_7, &[]));
        let hearts_face = [("suit", Dynamic::from("♥")), ("face", Dynamic::from(true))];
        assert!(holds("QH", &hearts_face, &[]));
        assert!(!holds("QS", &hearts_face, &[]));
        assert!(!holds("9H", &hearts_face, &[]));
        assert!(holds(
            "2C",
            &[("suit", Dynamic::UNIT), ("rank", Dynamic::UNIT)],
            &[]
        ));
        assert!(holds(
            "KD",
            &[
                ("rank", Dynamic::from(13_i64)),
                ("red", Dynamic::from(true))
            ],
            &[]
        ));
    }

    #[test]
    fn a_joker_is_read_by_the_rules() {
        let spades = [("suit", Dynamic::from("S"))];
        let high = [("value_at_least", Dynamic::from(10_i64))];
        assert!(!holds("RJ", &spades, &[]));
        assert!(!holds("RJ", &high, &[]));
        let rules = [
            ("joker_value", Dynamic::from(10_i64)),
            ("joker_any_suit", Dynamic::from(true)),
        ];
        assert!(holds("RJ", &spades, &rules));
        assert!(holds("BJ", &high, &rules));
        assert!(holds("BJ", &[("joker", Dynamic::from(true))], &[]));
    }

    #[test]
    fn a_custom_card_has_the_value_of_the_named_property() {
        let mut props = std::collections::BTreeMap::new();
        props.insert("power".to_string(), crate::game::card::Prop::Int(4));
        let troll = Card::Custom {
            name: "troll".into(),
            props: crate::game::card::Props::new(props),
        };
        let rules = rules_of(&map(&[("value_prop", Dynamic::from("power"))])).unwrap();
        assert_eq!(value_of(&troll, &rules), Some(4));
        assert_eq!(value_of(&troll, &rules_of(&Map::new()).unwrap()), None);
    }
}
