//! Cards for scripts: building decks, reading a card and its properties,
//! picking at random.

use super::{fail, text_of, Fallible, Host, Shared};
use crate::game::card::{Card, Prop, Props, Suit};
use crate::script::host::check_name;
use crate::script::limits::{MAX_STRING, MAX_TEXT};
use rhai::{Array, Dynamic, Engine, Map, NativeCallContext};

/// The most properties one custom card may carry.
const MAX_PROPS: usize = 64;

/// What every card answers itself (`card.rank`): a property by one of these
/// names could never be read, so none may have one.
const BUILT_IN: [&str; 7] = [
    "rank", "suit", "is_joker", "is_red", "is_face", "name", "props",
];

/// A map of numbers, true/false and text as a card's properties.
fn props_of(name: &str, map: Map) -> Fallible<Props> {
    if map.len() > MAX_PROPS {
        return fail(format!("a card carries at most {MAX_PROPS} properties"));
    }
    let mut props = std::collections::BTreeMap::new();
    for (key, value) in map {
        check_name("property", &key)?;
        if BUILT_IN.contains(&key.as_str()) {
            return fail(format!(
                "card `{name}` can not have a property named `{key}`: `card.{key}` is every card's own (the built-in names: {}); name it otherwise",
                BUILT_IN.join(", ")
            ));
        }
        let prop = if let Some(n) = value.clone().try_cast::<i64>() {
            Prop::Int(n)
        } else if let Some(b) = value.clone().try_cast::<bool>() {
            Prop::Bool(b)
        } else if value.is_string() {
            let text = value.into_string().unwrap_or_default();
            if text.chars().count() > MAX_TEXT {
                return fail(format!(
                    "property `{key}` of card `{name}` is longer than {MAX_TEXT} characters"
                ));
            }
            Prop::Text(text)
        } else {
            return fail(format!(
                "property `{key}` of card `{name}` is {}: a property is a number, true/false or text",
                super::kind_of(&value)
            ));
        };
        props.insert(key.to_string(), prop);
    }
    Ok(Props::new(props))
}

pub(crate) fn prop_to_dynamic(prop: &Prop) -> Dynamic {
    match prop {
        Prop::Int(n) => (*n).into(),
        Prop::Bool(b) => (*b).into(),
        Prop::Text(t) => t.clone().into(),
    }
}

/// A card's own field (`rank`, `suit`, `is_red`, ...) as its getter gives
/// it, for a standard card or a joker; else its property `name`.
pub(super) fn read_field(card: &Card, name: &str) -> Fallible<Dynamic> {
    if card.props().is_none() {
        match name {
            "rank" => return Ok(i64::from(card.rank().unwrap_or(0)).into()),
            "suit" => return Ok(card.suit().map_or("", Suit::symbol).into()),
            "is_red" => return Ok(card.is_red().into()),
            "is_joker" => return Ok(card.is_joker().into()),
            "is_face" => return Ok(card.rank().is_some_and(|r| r > 10).into()),
            "name" => return Ok(card.to_string().into()),
            _ => {}
        }
    }
    read_prop(card, name)
}

/// A property read from a card (`c.exits`, `c["exits"]`); a name the card
/// lacks is an error that names the nearest it has.
pub(super) fn read_prop(card: &Card, name: &str) -> Fallible<Dynamic> {
    let Some(props) = card.props() else {
        const OWN: &[&str] = &["rank", "suit", "is_joker", "is_red", "is_face", "name"];
        let hint = match crate::script::suggest::nearest(name, OWN.iter().copied()) {
            Some(near) => format!("did you mean `{near}`?"),
            None => format!("a card has {}", OWN.join(", ")),
        };
        return fail(format!(
            "{card} is not a custom card: it has no property `{name}`: {hint}"
        ));
    };
    if let Some(prop) = props.get(name) {
        return Ok(prop_to_dynamic(prop));
    }
    let nearest = props
        .keys()
        .max_by(|a, b| {
            crate::script::suggest::likeness(name, a)
                .total_cmp(&crate::script::suggest::likeness(name, b))
        })
        .filter(|n| crate::script::suggest::likeness(name, n) > 0.7);
    let known = props
        .keys()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(", ");
    match nearest {
        Some(near) => fail(format!(
            "card {card} has no property `{name}`: did you mean `{near}`?"
        )),
        None if known.is_empty() => fail(format!("card {card} has no properties")),
        None => fail(format!(
            "card {card} has no property `{name}` (it has: {known})"
        )),
    }
}

pub(super) fn register<H: Host>(engine: &mut Engine, rt: &Shared<H>) {
    engine
        .register_type_with_name::<Card>("Card")
        .register_get("rank", |c: &mut Card| i64::from(c.rank().unwrap_or(0)))
        .register_get("suit", |c: &mut Card| {
            c.suit().map_or("", Suit::symbol).to_string()
        })
        .register_get("is_joker", |c: &mut Card| c.is_joker())
        .register_get("is_red", |c: &mut Card| c.is_red())
        .register_get("is_face", |c: &mut Card| c.rank().is_some_and(|r| r > 10))
        .register_get("name", |c: &mut Card| c.to_string())
        .register_fn("to_string", |c: &mut Card| c.to_string())
        .register_fn("to_debug", |c: &mut Card| c.to_string())
        .register_fn("==", |a: Card, b: Card| a == b)
        .register_fn("!=", |a: Card, b: Card| a != b)
        .register_fn("card", |name: &str| -> Fallible<Card> {
            name.parse::<Card>().map_err(|e| e.to_string().into())
        })
        .register_fn(
            "join",
            |items: Array, separator: &str| -> Fallible<String> {
                // Checked as it grows: a long separator between many items
                // would otherwise take gigabytes before Rhai's size check.
                let mut text = String::new();
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        text.push_str(separator);
                    }
                    text.push_str(&text_of(item));
                    if text.len() > MAX_STRING {
                        return Err(super::growth::too_long());
                    }
                }
                Ok(text)
            },
        )
        .register_fn("custom_card", |name: &str| -> Fallible<Card> {
            Ok(Card::named(check_name("card", name)?))
        })
        .register_fn("custom_card", |name: &str, props: Map| -> Fallible<Card> {
            let name = check_name("card", name)?;
            Ok(Card::Custom {
                name: name.to_string(),
                props: props_of(name, props)?,
            })
        })
        // `c.exits` falls back to this indexer when no getter has the name.
        .register_indexer_get(|c: &mut Card, name: &str| read_prop(c, name))
        .register_get("props", |c: &mut Card| -> Map {
            c.props()
                .into_iter()
                .flatten()
                .map(|(k, v)| (k.as_str().into(), prop_to_dynamic(v)))
                .collect()
        })
        // The 52 cards, suit by suit (♠ ♥ ♦ ♣), ace to king.
        .register_fn("standard_deck", || -> Array {
            Card::deck(0).into_iter().map(Dynamic::from).collect()
        })
        // The red joker and the black joker.
        .register_fn("jokers", || -> Array {
            vec![
                Dynamic::from(Card::Joker { red: true }),
                Dynamic::from(Card::Joker { red: false }),
            ]
        })
        // Version 1's form, still read: the deck with 0 to 2 jokers.
        .register_fn("standard_deck", |jokers: i64| -> Fallible<Array> {
            if !(0..=2).contains(&jokers) {
                return fail(format!(
                    "standard_deck takes 0, 1 or 2 jokers, not {jokers}"
                ));
            }
            Ok(Card::deck(jokers as usize)
                .into_iter()
                .map(Dynamic::from)
                .collect())
        });
    let r = rt.clone();
    engine.register_fn(
        "random",
        move |context: NativeCallContext, n: i64| -> Fallible<i64> {
            if n <= 0 {
                return fail(format!("random(n) needs n > 0, not {n}"));
            }
            let site = super::site_of(&context);
            Ok(r.borrow_mut().random_below(n as usize, site)? as i64)
        },
    );
}
