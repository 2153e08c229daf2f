//! `delve check`'s test of what a game of positions declares of its
//! positions (`script/position_rules.rs`): families of `interchangeable`
//! piles, `unordered` piles and `bookkeeping` state. A search keys
//! positions by them, so a false one makes two positions that play
//! differently one, and can prove a winnable game lost. At each decision
//! looked at, two piles of each family that hold different cards are
//! swapped on a copy (each unordered pile's cards turned end for end, each
//! bookkeeping state given other values), and every option is applied
//! there: where the declaration holds, the options lead to the same
//! positions (by the key) and the same ends as from the real table. The
//! game is then put back as it was.

use super::super::protocol::{hook, read_only};
use super::super::steps::options_of;
use super::super::{Runtime, Stop};
use crate::game::table::{Table, Value};
use crate::script::error::{passes_through, ErrorKind, HostFault};
use crate::script::host::{Fallible, Host, Mode};
use crate::script::position_rules::PositionRules;
use rhai::{Dynamic, NativeCallContext};
use std::cell::RefCell;
use std::rc::Rc;

type Shared = Rc<RefCell<Runtime>>;

/// Where an option leads from a position.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Led {
    /// A position, by its key.
    At(u64),
    /// The game's end: its outcome and score.
    Ended(String),
    /// The rules failed.
    Failed,
}

/// An error of kind `Declaration` where one is false at this decision.
pub(in crate::run) fn check(ctx: &NativeCallContext, rt: &Shared) -> Fallible<()> {
    let rules = {
        let host = rt.borrow();
        if !host.wiring().positions {
            return Ok(());
        }
        host.wiring().position.clone()
    };
    if rules.interchangeable.is_empty()
        && rules.unordered.is_empty()
        && rules.bookkeeping.is_empty()
    {
        return Ok(());
    }
    let saved = rt.borrow_mut().set_aside();
    let real = rt.borrow().table().clone();
    let put = |change: &dyn Fn(&mut Table)| rt.borrow_mut().put_back_changed(&saved, change);
    let found = false_declaration(ctx, rt, &rules, &real, &put);
    rt.borrow_mut().end_trial(saved);
    match found? {
        Some(why) => Err(HostFault::boxed(ErrorKind::Declaration, why)),
        None => Ok(()),
    }
}

/// Puts the real position back, its table changed as the function says.
type PutBack<'a> = dyn Fn(&dyn Fn(&mut Table)) + 'a;

/// What is false of the declarations at the table `real`, if anything.
fn false_declaration(
    ctx: &NativeCallContext,
    rt: &Shared,
    rules: &PositionRules,
    real: &Table,
    put: &PutBack,
) -> Fallible<Option<String>> {
    let leads = leads_from(ctx, rt, &|| put(&|_| {}))?;
    for family in &rules.interchangeable {
        let Some((a, b)) = differing_pair(real, rules, family) else {
            continue;
        };
        if leads_from(ctx, rt, &|| put(&|table| swap(table, a, b)))? != leads {
            let (a, b) = (&real.pile(a).name, &real.pile(b).name);
            return Ok(Some(format!(
                "interchangeable(\"{family}\") is false here: with the cards of `{a}` and `{b}` swapped, the options lead to other positions or ends, so a search that takes the two for one position could prove a winnable game lost"
            )));
        }
    }
    for pile in (0..real.piles().len()).filter(|&p| turns_over(real, rules, p)) {
        if leads_from(ctx, rt, &|| put(&|table| reverse(table, pile)))? != leads {
            let name = &real.pile(pile).name;
            let declared = rules.unordered_as(name).unwrap_or(name);
            return Ok(Some(format!(
                "unordered(\"{declared}\") is false here: with the cards of `{name}` in the other order, the options lead to other positions or ends, so a search that takes the two orders for one position could prove a winnable game lost"
            )));
        }
    }
    for name in &rules.bookkeeping {
        let Some(value) = real.state.get(name) else {
            continue;
        };
        for other in others(value) {
            let changed = |table: &mut Table| {
                table.state.insert(name.clone(), other.clone());
            };
            if leads_from(ctx, rt, &|| put(&changed))? != leads {
                return Ok(Some(format!(
                    "bookkeeping(\"{name}\") is false here: with `{name}` at {other} instead of {value}, the options lead to other positions or ends, so a search that leaves it out of a position could prove a winnable game lost"
                )));
            }
        }
    }
    Ok(None)
}

/// Where each option of the position `at` puts back leads, in order of
/// the leads (the options of a swapped table come in another order).
fn leads_from(ctx: &NativeCallContext, rt: &Shared, at: &dyn Fn()) -> Fallible<Vec<Led>> {
    at();
    let listed = options_of(ctx, rt);
    let options = match (listed, ended(rt)) {
        (_, Some(led)) => return Ok(vec![led]),
        (Ok((_, options)), None) => options,
        (Err(error), None) if passes_through(&error) => return Err(error),
        (Err(_), None) => return Ok(vec![Led::Failed]),
    };
    let mut leads = Vec::with_capacity(options.len());
    for option in options {
        at();
        let applied = read_only(rt, Mode::Play, || {
            hook::<Dynamic>(ctx, rt, "apply", (option,))
        });
        leads.push(match (applied, ended(rt)) {
            (_, Some(led)) => led,
            (Ok(_), None) => Led::At(rt.borrow().key()),
            (Err(error), None) if passes_through(&error) => return Err(error),
            (Err(_), None) => Led::Failed,
        });
    }
    leads.sort_unstable();
    Ok(leads)
}

/// How the rules stopped the game just now, if they did.
fn ended(rt: &Shared) -> Option<Led> {
    match rt.borrow_mut().take_stop()? {
        Stop::Ended(outcome) => Some(Led::Ended(format!("{} {}", outcome.result, outcome.score))),
        _ => Some(Led::Failed),
    }
}

/// The first two piles of `family` that hold different cards.
fn differing_pair(table: &Table, rules: &PositionRules, family: &str) -> Option<(usize, usize)> {
    let wanted = rules.interchangeable.iter().position(|f| f == family)?;
    let members: Vec<usize> = (0..table.piles().len())
        .filter(|&i| rules.family_of(&table.pile(i).name) == Some(wanted))
        .collect();
    members.iter().enumerate().find_map(|(n, &a)| {
        members[n + 1..]
            .iter()
            .find(|&&b| table.pile(a).placed() != table.pile(b).placed())
            .map(|&b| (a, b))
    })
}

/// Piles `a` and `b` with their cards swapped.
fn swap(table: &mut Table, a: usize, b: usize) {
    let cards_of_a = table.pile_mut(a).take_all();
    let cards_of_b = table.pile_mut(b).take_all();
    table.pile_mut(a).refill(cards_of_b.into_iter());
    table.pile_mut(b).refill(cards_of_a.into_iter());
}

/// Whether pile `p` is declared unordered and holds cards that lie
/// otherwise end for end.
fn turns_over(table: &Table, rules: &PositionRules, p: usize) -> bool {
    let pile = table.pile(p);
    let placed = pile.placed();
    rules.is_unordered(&pile.name) && placed.iter().ne(placed.iter().rev())
}

/// Pile `p` with its cards turned end for end.
fn reverse(table: &mut Table, p: usize) {
    let mut cards = table.pile_mut(p).take_all();
    cards.reverse();
    table.pile_mut(p).refill(cards.into_iter());
}

/// Other values a bookkeeping state could hold as well: a count at none
/// and one more, a flag turned over, text emptied or filled.
fn others(value: &Value) -> Vec<Value> {
    let candidates = match value {
        Value::Int(n) => vec![Value::Int(0), Value::Int(n.saturating_add(1))],
        Value::Bool(b) => vec![Value::Bool(!b)],
        Value::Text(text) if text.is_empty() => vec![Value::Text("x".into())],
        Value::Text(_) => vec![Value::Text(String::new())],
        Value::Card(_) | Value::Nothing => Vec::new(),
    };
    candidates.into_iter().filter(|v| v != value).collect()
}
