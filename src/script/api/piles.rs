//! Piles for scripts: making and finding them, reading them, turning
//! cards over, creating cards in setup and shuffling.

use super::{fail, Fallible, Shared};
use crate::game::card::Card;
use crate::game::pile::Placed;
use crate::script::host::{check_name, limit, Host};
use crate::script::limits::MAX_PILES;
use rhai::{Array, Dynamic, Engine, FnPtr, NativeCallContext};

/// A handle on one pile of the table; scripts hold these, the table holds cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PileRef(pub(super) usize);

fn pile_named(rt: &dyn Host, name: &str) -> Fallible<PileRef> {
    rt.may_read("pile")?;
    if let Some(i) = rt.table().pile_index(name) {
        Ok(PileRef(i))
    } else {
        let names: Vec<&str> = rt.table().piles().iter().map(|p| p.name.as_str()).collect();
        fail(format!(
            "no pile named `{name}` (piles: {})",
            names.join(", ")
        ))
    }
}

/// The pile named `name`, a space and `number`, found without building its
/// name (a lookup in a loop would allocate every time).
pub(super) fn numbered_pile(
    table: &crate::game::table::Table,
    name: &str,
    number: i64,
) -> Option<usize> {
    let mut digits = [0u8; 20];
    let mut n = number.unsigned_abs();
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    let digits = &digits[at..];
    table.piles().iter().position(|p| {
        let pile = p.name.as_bytes();
        let sign = usize::from(number < 0);
        pile.len() == name.len() + 1 + sign + digits.len()
            && pile.starts_with(name.as_bytes())
            && pile[name.len()] == b' '
            && (sign == 0 || pile[name.len() + 1] == b'-')
            && pile.ends_with(digits)
    })
}

pub(super) fn cards_of(array: Array) -> Fallible<Vec<Card>> {
    array
        .into_iter()
        .map(|d| {
            let type_name = super::kind_of(&d);
            d.try_cast::<Card>()
                .ok_or_else(|| format!("expected a card, found {type_name}").into())
        })
        .collect()
}

/// The pile's cards bottom to top; `()` for one a bot may not see.
pub(super) fn cards_seen(rt: &dyn Host, p: PileRef) -> Array {
    let placed = rt.table().pile(p.0).placed();
    rt.charge(placed.len() as u64);
    placed
        .iter()
        .map(|pl| {
            if rt.sees(pl) {
                Dynamic::from(pl.card.clone())
            } else {
                Dynamic::UNIT
            }
        })
        .collect()
}

/// How many items pass `test`.
fn count(ctx: &NativeCallContext, items: Array, test: &FnPtr) -> Fallible<i64> {
    let mut n = 0;
    for item in items {
        if test.call_within_context::<bool>(ctx, (item,))? {
            n += 1;
        }
    }
    Ok(n)
}

pub(super) fn register<H: Host>(engine: &mut Engine, rt: &Shared<H>) {
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
            let name = check_name("pile", name)?;
            let mut rt = r.borrow_mut();
            rt.charge(rt.table().piles().len() as u64 / 8);
            let table = rt.table_mut("new_pile")?;
            if table.pile_index(name).is_none() && table.piles().len() >= MAX_PILES {
                return Err(limit(format!("a table holds at most {MAX_PILES} piles")));
            }
            Ok(PileRef(table.add_pile(name, face_up)))
        },
    );
    let r = rt.clone();
    engine.register_fn("pile", move |name: &str| pile_named(&*r.borrow(), name));
    // `pile("column", 2)` finds "column 2": numbered piles without building
    // the name in the script, which costs a dozen operations per lookup.
    let r = rt.clone();
    engine.register_fn("pile", move |name: &str, number: i64| {
        let rt = r.borrow();
        rt.may_read("pile")?;
        match numbered_pile(rt.table(), name, number) {
            Some(i) => Ok(PileRef(i)),
            // Not there: the error lists the piles.
            None => pile_named(&*rt, &format!("{name} {number}")),
        }
    });
    reading(engine, rt);
    ends(engine, rt);
    facing(engine, rt);
    content(engine, rt);
}

/// A pile's top and bottom card, or `()`: a card the reader may not see
/// (face down, to a bot) is not there.
fn ends<H: Host>(engine: &mut Engine, rt: &Shared<H>) {
    // The top card or nothing: `if p.peek() == () { ... }`.
    let r = rt.clone();
    engine.register_fn("peek", move |p: &mut PileRef| -> Dynamic {
        let rt = r.borrow();
        card_or_unit(&*rt, rt.table().pile(p.0).nth_from_top(0))
    });
    // The bottom card or nothing, for a pile whose first card is what it
    // is (a slot with things laid on it): one call, not four.
    let r = rt.clone();
    engine.register_fn("peek_bottom", move |p: &mut PileRef| -> Dynamic {
        let rt = r.borrow();
        card_or_unit(&*rt, rt.table().pile(p.0).placed().first())
    });
}

/// The card, if there is one and the reader sees it; else `()`.
pub(super) fn card_or_unit<H: Host>(rt: &H, placed: Option<&Placed>) -> Dynamic {
    match placed {
        Some(placed) if rt.sees(placed) => Dynamic::from(placed.card.clone()),
        _ => Dynamic::UNIT,
    }
}

/// What a pile holds, read without changing it.
fn reading<H: Host>(engine: &mut Engine, rt: &Shared<H>) {
    let r = rt.clone();
    engine.register_get("name", move |p: &mut PileRef| {
        r.borrow().table().pile(p.0).name.clone()
    });
    // Both `pile.len` and `pile.len()`, as Rhai arrays allow.
    let r = rt.clone();
    let len = move |p: &mut PileRef| r.borrow().table().pile(p.0).len() as i64;
    engine
        .register_get("len", len.clone())
        .register_fn("len", len);
    let r = rt.clone();
    let is_empty = move |p: &mut PileRef| r.borrow().table().pile(p.0).is_empty();
    engine
        .register_get("is_empty", is_empty.clone())
        .register_fn("is_empty", is_empty);
    let r = rt.clone();
    engine.register_get("cards", move |p: &mut PileRef| -> Array {
        cards_seen(&*r.borrow(), *p)
    });
    let r = rt.clone();
    engine.register_fn(
        "from_top",
        move |p: &mut PileRef, depth: i64| -> Fallible<Card> {
            let rt = r.borrow();
            let pile = rt.table().pile(p.0);
            match usize::try_from(depth)
                .ok()
                .and_then(|d| pile.nth_from_top(d))
            {
                Some(placed) => rt.seen(placed),
                None => fail(format!(
                    "pile `{}` has {} cards: none at depth {depth}",
                    pile.name,
                    pile.len()
                )),
            }
        },
    );
    // `p.cards()` as well as `p.cards`, as `len` has both.
    let r = rt.clone();
    engine.register_fn("cards", move |p: &mut PileRef| -> Array {
        cards_seen(&*r.borrow(), *p)
    });
    // How many cards of the pile pass a test: `p.count(|c| c.is_face)`.
    let r = rt.clone();
    engine.register_fn(
        "count",
        move |ctx: NativeCallContext, p: &mut PileRef, test: FnPtr| -> Fallible<i64> {
            let cards = cards_seen(&*r.borrow(), *p);
            count(&ctx, cards, &test)
        },
    );
    engine.register_fn(
        "count",
        |ctx: NativeCallContext, items: &mut Array, test: FnPtr| -> Fallible<i64> {
            count(&ctx, items.clone(), &test)
        },
    );
    let r = rt.clone();
    engine.register_get("top", move |p: &mut PileRef| -> Fallible<Card> {
        let rt = r.borrow();
        let pile = rt.table().pile(p.0);
        match pile.nth_from_top(0) {
            Some(placed) => rt.seen(placed),
            None => fail(format!("pile `{}` is empty: it has no top card", pile.name)),
        }
    });
    let r = rt.clone();
    engine.register_fn("contains", move |p: &mut PileRef, card: Card| {
        let rt = r.borrow();
        let pile = rt.table().pile(p.0);
        rt.charge(pile.len() as u64 / 4);
        pile.placed()
            .iter()
            .any(|pl| pl.card == card && rt.sees(pl))
    });
    let r = rt.clone();
    engine.register_fn(
        "is_face_up",
        move |p: &mut PileRef, card: Card| -> Fallible<bool> {
            let rt = r.borrow();
            let pile = rt.table().pile(p.0);
            rt.charge(pile.len() as u64 / 4);
            // A reader blind to face-down cards gets false for one as for
            // a card not there: an error would tell them apart.
            if rt.blind() {
                return Ok(pile.placed().iter().any(|pl| pl.face_up && pl.card == card));
            }
            match pile.position(&card) {
                Some(i) => Ok(pile.placed()[i].face_up),
                None => fail(format!("{card} is not in pile `{}`", pile.name)),
            }
        },
    );
}

/// Turning cards face up or down.
fn facing<H: Host>(engine: &mut Engine, rt: &Shared<H>) {
    for (name, up) in [("turn_up", true), ("turn_down", false)] {
        let r = rt.clone();
        engine.register_fn(name, move |p: &mut PileRef, card: Card| -> Fallible<()> {
            let mut rt = r.borrow_mut();
            let pile = rt.table_mut(name)?.pile_mut(p.0);
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
        engine.register_fn(name, move |p: &mut PileRef| -> Fallible<()> {
            r.borrow_mut()
                .table_mut(name)?
                .pile_mut(p.0)
                .set_all_faces(up);
            Ok(())
        });
    }
}

/// Shuffling a pile (cards come and go in `lifecycle`).
fn content<H: Host>(engine: &mut Engine, rt: &Shared<H>) {
    let r = rt.clone();
    engine.register_fn("shuffle", move |p: &mut PileRef| -> Fallible<()> {
        let mut rt = r.borrow_mut();
        let pile = rt.table_mut("shuffle")?.pile_mut(p.0);
        let name = pile.name.clone();
        let before = pile.take_all();
        let mut cards: Vec<Card> = before.iter().map(|pl| pl.card.clone()).collect();
        rt.charge(cards.len() as u64 * 2);
        let outcome = rt.shuffle(&mut cards, &name);
        // The cards go back whatever happened: a failed stacked shuffle
        // must not lose any, nor turn one over.
        let pile = rt.table_mut("shuffle")?.pile_mut(p.0);
        match outcome {
            Ok(nth) => {
                pile.set_shuffled(cards, nth, &before);
                let earlier: Vec<usize> = before
                    .iter()
                    .filter(|placed| !placed.face_up)
                    .filter_map(|placed| placed.origin.as_ref().map(|o| o.shuffle))
                    .collect();
                rt.link_shuffles(nth, &earlier);
                Ok(())
            }
            Err(e) => {
                for placed in before {
                    pile.push_placed(placed);
                }
                Err(e.to_string().into())
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::numbered_pile;
    use crate::game::table::Table;

    #[test]
    fn a_numbered_pile_is_found_as_its_built_name_would_be() {
        let mut table = Table::default();
        for name in [
            "column 1",
            "column 12",
            "column -3",
            "columns 1",
            "column 2",
        ] {
            table.add_pile(name, true);
        }
        for (name, number) in [
            ("column", 1),
            ("column", 12),
            ("column", -3),
            ("columns", 1),
            ("column", 2),
        ] {
            assert_eq!(
                numbered_pile(&table, name, number),
                table.pile_index(&format!("{name} {number}")),
                "{name} {number}"
            );
        }
        assert_eq!(numbered_pile(&table, "column", 3), None);
        assert_eq!(numbered_pile(&table, "column", 0), None);
        assert_eq!(numbered_pile(&table, "colum", 1), None);
    }
}
