//! Cards for scripts: building decks, reading a card, picking at random.

use super::{fail, text_of, Fallible, Shared};
use crate::card::{Card, Suit};
use crate::script::runtime::check_name;
use rhai::{Array, Dynamic, Engine};

pub(super) fn register(engine: &mut Engine, rt: &Shared) {
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
        .register_fn("join", |items: Array, separator: &str| {
            items
                .iter()
                .map(text_of)
                .collect::<Vec<_>>()
                .join(separator)
        })
        .register_fn("custom_card", |name: &str| -> Fallible<Card> {
            Ok(Card::Custom {
                name: check_name("card", name)?.to_string(),
            })
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
    engine.register_fn("random", move |n: i64| -> Fallible<i64> {
        if n <= 0 {
            return fail(format!("random(n) needs n > 0, not {n}"));
        }
        Ok(r.borrow_mut().random_below(n as usize)? as i64)
    });
}
