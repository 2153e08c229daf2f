//! Moving cards between piles: every move keeps each card on the table.

use super::{fail, Fallible, PileRef, Shared};
use crate::card::Card;
use crate::pile::Placed;
use crate::table::Table;
use rhai::{Array, Dynamic, Engine};

/// Takes `card` out of pile `from`, or says where it is not.
fn take(table: &mut Table, from: PileRef, card: &Card) -> Fallible<Placed> {
    // (A search of the pile: its caller is charged for it.)
    let pile = table.pile_mut(from.0);
    match pile.position(card) {
        Some(i) => Ok(pile.remove(i)),
        None => fail(format!("{card} is not in pile `{}`", pile.name)),
    }
}

fn take_top(table: &mut Table, from: PileRef) -> Fallible<Card> {
    let pile = table.pile_mut(from.0);
    match pile.pop() {
        Some(placed) => Ok(placed.card),
        None => fail(format!("pile `{}` is empty: no card to move", pile.name)),
    }
}

/// Moves keep every card on the table: a card lands with the facing of the
/// pile it lands on.
pub(super) fn register(engine: &mut Engine, rt: &Shared) {
    let r = rt.clone();
    engine.register_fn(
        "move_top",
        move |from: &mut PileRef, to: PileRef| -> Fallible<Card> {
            let mut rt = r.borrow_mut();
            let table = rt.table_mut("move_top")?;
            let card = take_top(table, *from)?;
            table.pile_mut(to.0).push(card.clone());
            Ok(card)
        },
    );
    let r = rt.clone();
    engine.register_fn(
        "move_top",
        move |from: &mut PileRef, to: PileRef, n: i64| -> Fallible<Array> {
            let mut rt = r.borrow_mut();
            rt.charge(n.max(0) as u64);
            let table = rt.table_mut("move_top")?;
            let available = table.pile(from.0).len() as i64;
            if n < 0 || n > available {
                let name = &table.pile(from.0).name;
                return fail(format!(
                    "can not move {n} cards from pile `{name}` of {available}"
                ));
            }
            let mut moved = Array::new();
            for _ in 0..n {
                let card = take_top(table, *from)?;
                table.pile_mut(to.0).push(card.clone());
                moved.push(Dynamic::from(card));
            }
            Ok(moved)
        },
    );
    // `move` puts the card on top of `to`, `move_under` at its bottom.
    for (name, under) in [("move", false), ("move_under", true)] {
        let r = rt.clone();
        engine.register_fn(
            name,
            move |from: &mut PileRef, card: Card, to: PileRef| -> Fallible<()> {
                let mut rt = r.borrow_mut();
                rt.charge(rt.table().pile(from.0).len() as u64 / 4);
                let table = rt.table_mut(name)?;
                take(table, *from, &card)?;
                let target = table.pile_mut(to.0);
                if under {
                    target.insert(0, card);
                } else {
                    target.push(card);
                }
                Ok(())
            },
        );
    }
    let r = rt.clone();
    engine.register_fn(
        "move_all",
        move |from: &mut PileRef, to: PileRef| -> Fallible<()> {
            let mut rt = r.borrow_mut();
            rt.charge(rt.table().pile(from.0).len() as u64);
            let table = rt.table_mut("move_all")?;
            let cards = table.pile_mut(from.0).take_all();
            let target = table.pile_mut(to.0);
            for placed in cards {
                target.push(placed.card);
            }
            Ok(())
        },
    );
}
