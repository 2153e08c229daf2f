//! Moving cards between piles: every move keeps each card on the table.

use super::{fail, Fallible, Host, PileRef, Shared};
use crate::game::card::Card;
use crate::game::pile::Placed;
use crate::game::table::Table;
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

fn take_top(table: &mut Table, from: PileRef) -> Fallible<Placed> {
    let pile = table.pile_mut(from.0);
    match pile.pop() {
        Some(placed) => Ok(placed),
        None => fail(format!("pile `{}` is empty: no card to move", pile.name)),
    }
}

/// The pile that holds `card` (the first, in the order piles were made, for
/// a custom card that exists more than once), and where in it.
pub(super) fn find(table: &Table, card: &Card) -> Option<(PileRef, usize)> {
    table
        .piles()
        .iter()
        .enumerate()
        .find_map(|(i, pile)| pile.position(card).map(|at| (PileRef(i), at)))
}

fn not_on_table(card: &Card) -> Box<rhai::EvalAltResult> {
    format!("{card} is not on the table").into()
}

/// Moves keep every card on the table: a card lands with the facing of the
/// pile it lands on.
pub(super) fn register<H: Host>(engine: &mut Engine, rt: &Shared<H>) {
    from_anywhere(engine, rt);
    dealing(engine, rt);
    let r = rt.clone();
    engine.register_fn(
        "move_top",
        move |from: &mut PileRef, to: PileRef| -> Fallible<Card> {
            let mut rt = r.borrow_mut();
            let table = rt.table_mut("move_top")?;
            let placed = take_top(table, *from)?;
            let card = placed.card.clone();
            table.pile_mut(to.0).push_moved(placed);
            Ok(card)
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
                let placed = take(table, *from, &card)?;
                let target = table.pile_mut(to.0);
                if under {
                    target.insert_moved_under(placed);
                } else {
                    target.push_moved(placed);
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
                target.push_moved(placed);
            }
            Ok(())
        },
    );
}

/// `move(card, to)`, `move_under(card, to)`, `turn_up(card)`, `turn_down(card)`:
/// the card is found wherever it lies.
fn from_anywhere<H: Host>(engine: &mut Engine, rt: &Shared<H>) {
    for (name, under) in [("move", false), ("move_under", true)] {
        let r = rt.clone();
        engine.register_fn(name, move |card: Card, to: PileRef| -> Fallible<()> {
            let mut rt = r.borrow_mut();
            rt.charge(rt.table().card_count() as u64 / 8);
            let table = rt.table_mut(name)?;
            let (from, _) = find(table, &card).ok_or_else(|| not_on_table(&card))?;
            let placed = take(table, from, &card)?;
            let target = table.pile_mut(to.0);
            if under {
                target.insert_moved_under(placed);
            } else {
                target.push_moved(placed);
            }
            Ok(())
        });
    }
    for (name, up) in [("turn_up", true), ("turn_down", false)] {
        let r = rt.clone();
        engine.register_fn(name, move |card: Card| -> Fallible<()> {
            let mut rt = r.borrow_mut();
            rt.charge(rt.table().card_count() as u64 / 8);
            let table = rt.table_mut(name)?;
            let (pile, at) = find(table, &card).ok_or_else(|| not_on_table(&card))?;
            table.pile_mut(pile.0).set_face(at, up);
            Ok(())
        });
    }
}

/// `p.deal(to, n)` and `p.move_top(to, n)`: the top `n` cards onto `to`,
/// one at a time (so their order turns over), as an array; `p.deal(piles,
/// n)`: onto each pile of the list in turn, round after round;
/// `p.turn_top_up()`.
fn dealing<H: Host>(engine: &mut Engine, rt: &Shared<H>) {
    // `p.move_top(to, n)` is the same as `p.deal(to, n)`; each names itself.
    for (name, verb) in [("deal", "deal"), ("move_top", "move")] {
        let r = rt.clone();
        engine.register_fn(
            name,
            move |from: &mut PileRef, to: PileRef, n: i64| -> Fallible<Array> {
                let mut rt = r.borrow_mut();
                rt.charge(n.max(0) as u64);
                let table = rt.table_mut(name)?;
                let available = table.pile(from.0).len() as i64;
                if n < 0 || n > available {
                    let pile = &table.pile(from.0).name;
                    return fail(format!(
                        "can not {verb} {n} cards from pile `{pile}` of {available}"
                    ));
                }
                let mut dealt = Array::new();
                for _ in 0..n {
                    let placed = take_top(table, *from)?;
                    dealt.push(Dynamic::from(placed.card.clone()));
                    table.pile_mut(to.0).push_moved(placed);
                }
                Ok(dealt)
            },
        );
    }
    // A tableau dealt as a dealer deals it: a card to each pile in turn.
    let r = rt.clone();
    engine.register_fn(
        "deal",
        move |from: &mut PileRef, to: Array, n: i64| -> Fallible<Array> {
            let piles = super::bulk::piles_of(&to)?;
            let mut rt = r.borrow_mut();
            rt.charge(n.max(0) as u64);
            let table = rt.table_mut("deal")?;
            let available = table.pile(from.0).len() as i64;
            if piles.is_empty() || n < 0 || n > available {
                let pile = &table.pile(from.0).name;
                return fail(format!(
                    "can not deal {n} cards from pile `{pile}` of {available} to {} piles",
                    piles.len()
                ));
            }
            let mut dealt = Array::new();
            for &to in piles.iter().cycle().take(n as usize) {
                let placed = take_top(table, *from)?;
                dealt.push(Dynamic::from(placed.card.clone()));
                table.pile_mut(to).push_moved(placed);
            }
            Ok(dealt)
        },
    );
    let r = rt.clone();
    engine.register_fn("turn_top_up", move |p: &mut PileRef| -> Fallible<()> {
        let mut rt = r.borrow_mut();
        let pile = rt.table_mut("turn_top_up")?.pile_mut(p.0);
        match pile.len() {
            0 => fail(format!("pile `{}` is empty: it has no top card", pile.name)),
            n => {
                pile.set_face(n - 1, true);
                Ok(())
            }
        }
    });
}
