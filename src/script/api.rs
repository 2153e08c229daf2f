//! The functions a ruleset script calls during a game: cards, piles,
//! counters, options, randomness, and the three verbs `ask`, `say`, `end`.
//! Every one works on the run's `Runtime`; none knows any game.

use super::runtime::{Outcome, Runtime, Stop, MAX_DECISIONS};
use crate::card::{Card, Suit};
use crate::deal;
use crate::decider::{Offer, Prompt};
use rhai::{
    Array, Dynamic, Engine, EvalAltResult, ImmutableString, Map, NativeCallContext, Position,
};
use std::cell::RefCell;
use std::rc::Rc;

type Shared = Rc<RefCell<Runtime>>;
type Fallible<T> = Result<T, Box<EvalAltResult>>;

/// A handle on one pile of the table; scripts hold these, the table holds cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PileRef(usize);

/// Stops the script without an error the script could catch: the runtime's
/// `stop` says why.
fn halt() -> Box<EvalAltResult> {
    EvalAltResult::ErrorTerminated(Dynamic::UNIT, Position::NONE).into()
}

fn fail<T>(message: String) -> Fallible<T> {
    Err(message.into())
}

/// A value as a person reads it: cards in their notation.
fn text_of(value: &Dynamic) -> String {
    match value.clone().try_cast::<Card>() {
        Some(card) => card.to_string(),
        None => value.to_string(),
    }
}

pub fn register(engine: &mut Engine, rt: &Shared) {
    register_cards(engine, rt);
    register_piles(engine, rt);
    register_moves(engine, rt);
    register_counters(engine, rt);
    register_verbs(engine, rt);
}

fn register_cards(engine: &mut Engine, rt: &Shared) {
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
        .register_fn("custom_card", |name: &str| Card::Custom {
            name: name.to_string(),
        })
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
        Ok(r.borrow_mut().random.below(n as usize) as i64)
    });
}

fn pile_named(rt: &Runtime, name: &str) -> Fallible<PileRef> {
    match rt.table.pile_index(name) {
        Some(i) => Ok(PileRef(i)),
        None => {
            let names: Vec<&str> = rt.table.piles().iter().map(|p| p.name.as_str()).collect();
            fail(format!(
                "no pile named `{name}` (piles: {})",
                names.join(", ")
            ))
        }
    }
}

fn cards_of(array: Array) -> Fallible<Vec<Card>> {
    array
        .into_iter()
        .map(|d| {
            let type_name = d.type_name();
            d.try_cast::<Card>()
                .ok_or_else(|| format!("expected a card, found {type_name}").into())
        })
        .collect()
}

fn register_piles(engine: &mut Engine, rt: &Shared) {
    engine.register_type_with_name::<PileRef>("Pile");
    engine.register_fn("==", |a: PileRef, b: PileRef| a == b);
    let r = rt.clone();
    engine.register_fn(
        "new_pile",
        move |name: &str, facing: &str| -> Fallible<PileRef> {
            let face_up = match facing {
                "up" => true,
                "down" => false,
                other => return fail(format!("a pile lies \"up\" or \"down\", not \"{other}\"")),
            };
            Ok(PileRef(r.borrow_mut().table.add_pile(name, face_up)))
        },
    );
    let r = rt.clone();
    engine.register_fn("pile", move |name: &str| pile_named(&r.borrow(), name));
    let r = rt.clone();
    engine.register_get("name", move |p: &mut PileRef| {
        r.borrow().table.pile(p.0).name.clone()
    });
    // Both `pile.len` and `pile.len()`, as Rhai arrays allow.
    let r = rt.clone();
    let len = move |p: &mut PileRef| r.borrow().table.pile(p.0).len() as i64;
    engine
        .register_get("len", len.clone())
        .register_fn("len", len);
    let r = rt.clone();
    let is_empty = move |p: &mut PileRef| r.borrow().table.pile(p.0).is_empty();
    engine
        .register_get("is_empty", is_empty.clone())
        .register_fn("is_empty", is_empty);
    let r = rt.clone();
    engine.register_get("cards", move |p: &mut PileRef| -> Array {
        let rt = r.borrow();
        let placed = rt.table.pile(p.0).placed().iter();
        placed
            .map(|pl| match rt.sees(pl) {
                true => Dynamic::from(pl.card.clone()),
                false => Dynamic::UNIT,
            })
            .collect()
    });
    let r = rt.clone();
    engine.register_fn(
        "from_top",
        move |p: &mut PileRef, depth: i64| -> Fallible<Card> {
            let rt = r.borrow();
            let pile = rt.table.pile(p.0);
            match usize::try_from(depth).ok().and_then(|d| pile.from_top(d)) {
                Some(placed) => rt.seen(placed),
                None => fail(format!(
                    "pile `{}` has {} cards: none at depth {depth}",
                    pile.name,
                    pile.len()
                )),
            }
        },
    );
    let r = rt.clone();
    engine.register_get("top", move |p: &mut PileRef| -> Fallible<Card> {
        let rt = r.borrow();
        let pile = rt.table.pile(p.0);
        match pile.from_top(0) {
            Some(placed) => rt.seen(placed),
            None => fail(format!("pile `{}` is empty: it has no top card", pile.name)),
        }
    });
    let r = rt.clone();
    engine.register_fn("contains", move |p: &mut PileRef, card: Card| {
        let rt = r.borrow();
        let pile = rt.table.pile(p.0);
        pile.placed()
            .iter()
            .any(|pl| pl.card == card && rt.sees(pl))
    });
    let r = rt.clone();
    engine.register_fn(
        "is_face_up",
        move |p: &mut PileRef, card: Card| -> Fallible<bool> {
            let rt = r.borrow();
            let pile = rt.table.pile(p.0);
            match pile.position(&card) {
                Some(i) => Ok(pile.placed()[i].face_up),
                None => fail(format!("{card} is not in pile `{}`", pile.name)),
            }
        },
    );
    for (name, up) in [("turn_up", true), ("turn_down", false)] {
        let r = rt.clone();
        engine.register_fn(name, move |p: &mut PileRef, card: Card| -> Fallible<()> {
            let mut rt = r.borrow_mut();
            let pile = rt.table.pile_mut(p.0);
            match pile.position(&card) {
                Some(i) => {
                    pile.set_face(i, up);
                    Ok(())
                }
                None => fail(format!("{card} is not in pile `{}`", pile.name)),
            }
        });
    }
    for (name, up) in [("turn_all_up", true), ("turn_all_down", false)] {
        let r = rt.clone();
        engine.register_fn(name, move |p: &mut PileRef| {
            r.borrow_mut().table.pile_mut(p.0).set_all_faces(up)
        });
    }
    let r = rt.clone();
    engine.register_fn(
        "create",
        move |p: &mut PileRef, cards: Array| -> Fallible<()> {
            let cards = cards_of(cards)?;
            let mut rt = r.borrow_mut();
            if !rt.in_setup() {
                return fail(
                    "cards can be created only during setup, before the first decision".into(),
                );
            }
            rt.table.create(&cards);
            let pile = rt.table.pile_mut(p.0);
            for card in cards {
                pile.push(card);
            }
            Ok(())
        },
    );
    let r = rt.clone();
    engine.register_fn("shuffle", move |p: &mut PileRef| -> Fallible<()> {
        let mut guard = r.borrow_mut();
        let rt = &mut *guard;
        let pile = rt.table.pile_mut(p.0);
        let mut cards: Vec<Card> = pile.take_all().into_iter().map(|pl| pl.card).collect();
        let name = pile.name.clone();
        let outcome = deal::shuffle(
            &mut cards,
            rt.shuffles,
            rt.deal.as_deref(),
            &mut rt.random,
            &name,
        );
        rt.shuffles += 1;
        rt.table.pile_mut(p.0).set_cards(cards);
        outcome.map_err(|e| e.to_string().into())
    });
}

/// Takes `card` out of pile `from`, or says where it is not.
fn take(rt: &mut Runtime, from: PileRef, card: &Card) -> Fallible<crate::pile::Placed> {
    let pile = rt.table.pile_mut(from.0);
    match pile.position(card) {
        Some(i) => Ok(pile.remove(i)),
        None => fail(format!("{card} is not in pile `{}`", pile.name)),
    }
}

fn take_top(rt: &mut Runtime, from: PileRef) -> Fallible<Card> {
    let pile = rt.table.pile_mut(from.0);
    match pile.pop() {
        Some(placed) => Ok(placed.card),
        None => fail(format!("pile `{}` is empty: no card to move", pile.name)),
    }
}

/// Moves keep every card on the table: a card lands with the facing of the
/// pile it lands on.
fn register_moves(engine: &mut Engine, rt: &Shared) {
    let r = rt.clone();
    engine.register_fn(
        "move_top",
        move |from: &mut PileRef, to: PileRef| -> Fallible<Card> {
            let mut rt = r.borrow_mut();
            let card = take_top(&mut rt, *from)?;
            rt.table.pile_mut(to.0).push(card.clone());
            Ok(card)
        },
    );
    let r = rt.clone();
    engine.register_fn(
        "move_top",
        move |from: &mut PileRef, to: PileRef, n: i64| -> Fallible<Array> {
            let mut rt = r.borrow_mut();
            let available = rt.table.pile(from.0).len() as i64;
            if n < 0 || n > available {
                let name = &rt.table.pile(from.0).name;
                return fail(format!(
                    "can not move {n} cards from pile `{name}` of {available}"
                ));
            }
            let mut moved = Array::new();
            for _ in 0..n {
                let card = take_top(&mut rt, *from)?;
                rt.table.pile_mut(to.0).push(card.clone());
                moved.push(Dynamic::from(card));
            }
            Ok(moved)
        },
    );
    let r = rt.clone();
    engine.register_fn(
        "move",
        move |from: &mut PileRef, card: Card, to: PileRef| -> Fallible<()> {
            let mut rt = r.borrow_mut();
            take(&mut rt, *from, &card)?;
            rt.table.pile_mut(to.0).push(card);
            Ok(())
        },
    );
    let r = rt.clone();
    engine.register_fn(
        "move_under",
        move |from: &mut PileRef, card: Card, to: PileRef| -> Fallible<()> {
            let mut rt = r.borrow_mut();
            take(&mut rt, *from, &card)?;
            rt.table.pile_mut(to.0).insert(0, card);
            Ok(())
        },
    );
    let r = rt.clone();
    engine.register_fn("move_all", move |from: &mut PileRef, to: PileRef| {
        let mut rt = r.borrow_mut();
        let cards = rt.table.pile_mut(from.0).take_all();
        let target = rt.table.pile_mut(to.0);
        for placed in cards {
            target.push(placed.card);
        }
    });
}

fn register_counters(engine: &mut Engine, rt: &Shared) {
    let r = rt.clone();
    engine.register_fn("get", move |name: &str| -> Fallible<i64> {
        let rt = r.borrow();
        match rt.table.counters.get(name) {
            Some(v) => Ok(*v),
            None => {
                let names: Vec<&str> = rt.table.counters.keys().map(String::as_str).collect();
                fail(format!(
                    "no counter named `{name}` (counters: {})",
                    names.join(", ")
                ))
            }
        }
    });
    let r = rt.clone();
    engine.register_fn("set", move |name: &str, value: i64| {
        r.borrow_mut()
            .table
            .counters
            .insert(name.to_string(), value);
    });
    let r = rt.clone();
    engine.register_fn("add", move |name: &str, delta: i64| -> Fallible<i64> {
        let mut rt = r.borrow_mut();
        match rt.table.counters.get_mut(name) {
            Some(v) => {
                *v += delta;
                Ok(*v)
            }
            None => fail(format!(
                "no counter named `{name}`: set it before adding to it"
            )),
        }
    });
    let r = rt.clone();
    engine.register_fn("opt", move |name: &str| -> Fallible<Dynamic> {
        let rt = r.borrow();
        match rt.options.get(name) {
            Some(v) => Ok(v.clone()),
            None => {
                let names: Vec<&str> = rt.options.keys().map(|k| k.as_str()).collect();
                fail(format!(
                    "no option named `{name}` (options: {})",
                    names.join(", ")
                ))
            }
        }
    });
}

/// Reads the options given to `ask`: each a label, or a map with `label` and `key`.
fn offers(options: &Array) -> Fallible<Vec<Offer>> {
    if options.is_empty() {
        return fail("ask needs at least one option".into());
    }
    options
        .iter()
        .map(|o| {
            if let Some(map) = o.read_lock::<Map>() {
                let label = map.get("label").map(text_of);
                let Some(label) = label else {
                    return fail("an option map needs a `label`".into());
                };
                let key = map.get("key").map_or_else(|| label.clone(), text_of);
                Ok(Offer { key, label })
            } else {
                let label = text_of(o);
                Ok(Offer {
                    key: label.clone(),
                    label,
                })
            }
        })
        .collect()
}

fn check_cards(rt: &Runtime) -> Fallible<()> {
    if rt.check_cards {
        rt.table.check_conservation()?;
    }
    Ok(())
}

fn register_verbs(engine: &mut Engine, rt: &Shared) {
    let r = rt.clone();
    engine.register_fn("say", move |text: Dynamic| {
        r.borrow_mut().say(text_of(&text))
    });
    let r = rt.clone();
    engine.register_fn(
        "ask",
        move |ctx: NativeCallContext, question: ImmutableString, options: Array| -> Fallible<i64> {
            let prompt = Prompt {
                question: question.to_string(),
                options: offers(&options)?,
            };
            {
                let mut rt = r.borrow_mut();
                check_cards(&rt)?;
                if rt.choices.len() >= MAX_DECISIONS {
                    return fail(format!(
                        "the game took more than {MAX_DECISIONS} decisions without ending"
                    ));
                }
                if let Some(index) = rt.next_replayed(&prompt) {
                    rt.record_choice(&prompt, index);
                    return Ok(index as i64);
                }
                if rt.bot_turns == 0 || (rt.bot.is_none() && !rt.script_bot) {
                    rt.stop = Some(Stop::Asking(prompt));
                    return Err(halt());
                }
                rt.bot_turns -= 1;
                if let Some(bot) = rt.bot.as_mut() {
                    let index = bot.decide(&prompt);
                    rt.record_choice(&prompt, index);
                    return Ok(index as i64);
                }
                rt.hide_face_down = true;
            }
            // The script's own bot answers, seeing only what the player sees.
            let picked = ctx.call_fn::<i64>("bot", (question, options));
            let mut rt = r.borrow_mut();
            rt.hide_face_down = false;
            let picked = picked?;
            let Some(index) = usize::try_from(picked)
                .ok()
                .filter(|&i| i < prompt.options.len())
            else {
                let count = prompt.options.len();
                return fail(format!(
                    "bot() chose {picked}: there are {count} options, 0 to {}",
                    count - 1
                ));
            };
            rt.record_choice(&prompt, index);
            Ok(index as i64)
        },
    );
    let r = rt.clone();
    engine.register_fn(
        "end",
        move |outcome: &str, score: Dynamic, summary: &str| -> Fallible<()> {
            let mut rt = r.borrow_mut();
            check_cards(&rt)?;
            let score = if let Ok(n) = score.as_int() {
                serde_json::Value::from(n)
            } else {
                serde_json::Value::from(score.to_string())
            };
            rt.stop = Some(Stop::Ended(Outcome {
                outcome: outcome.to_string(),
                score,
                summary: summary.to_string(),
            }));
            Err(halt())
        },
    );
}
