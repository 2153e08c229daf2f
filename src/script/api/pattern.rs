//! What a card pattern and a rules map say, read from the script's maps:
//! the conditions a card must meet, and how its value and suit are read.
//! `patterns.rs` runs the matching with them.

use super::{fail, Fallible};
use crate::game::card::{Card, Prop, Suit};
use rhai::{Array, Dynamic, Map};

/// The keys a pattern may hold.
const PATTERN_KEYS: &str = "rank, value, value_at_least, value_at_most, suit, red, face, joker";
/// The keys a rules map may hold.
const RULE_KEYS: &str = "joker_value, joker_any_suit, value_prop, values";

/// How a card's value and suit are read.
#[derive(Default)]
pub(super) struct Rules {
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
pub(super) struct Pattern {
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

pub(super) fn rules_of(map: &Map) -> Fallible<Rules> {
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
    pub(super) fn value(&self, i: usize, card: &Card) -> Option<i64> {
        match &self.values {
            Some(values) => values.get(i).copied().flatten(),
            None => value_of(card, self),
        }
    }

    /// Refuses `values` that are not one a card.
    pub(super) fn check_count(&self, cards: usize) -> Fallible<()> {
        match &self.values {
            Some(values) if values.len() != cards => fail(format!(
                "`values` is one number a card, in their order: {} for {cards} cards",
                values.len()
            )),
            _ => Ok(()),
        }
    }
}

pub(super) fn pattern_of(map: &Map) -> Fallible<Pattern> {
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
    pub(super) fn holds(&self, card: &Card, value: Option<i64>, rules: &Rules) -> bool {
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
