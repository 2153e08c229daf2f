//! The targets of a declared kind of move and whether a card fits one:
//! the top cards of a family of piles (`NAME 1`, `NAME 2`, ...), what each
//! one's stack holds, and the value rules of the ruleset, each asked once
//! per card and game. `move_list.rs` makes the moves from them.

use super::piles::numbered_pile;
use super::{fail, Fallible, Host, Shared};
use crate::game::card::Card;
use crate::script::error::{describe, innermost, passes_through, ErrorKind, HostFault};
use crate::script::host::{fault, Mode};
use crate::script::move_kind::{MoveKind, Onto};
use crate::script::suggest::nearest;
use rhai::{Dynamic, NativeCallContext};

/// A pile a card goes onto: its number, its top card, and what its stack
/// holds when a fit reads it.
pub(super) struct Target {
    pub(super) number: i64,
    pub(super) card: Card,
    stack_len: usize,
    /// The stack's values summed, and the target's value (only read by a
    /// kind whose fits have a `reach`).
    stack_sum: i64,
    value: Option<i64>,
}

/// A pile by its name; a name no pile has is an error with the nearest.
pub(super) fn pile_index(rt: &dyn Host, name: &str) -> Fallible<usize> {
    if let Some(i) = rt.table().pile_index(name) {
        return Ok(i);
    }
    let names: Vec<&str> = rt.table().piles().iter().map(|p| p.name.as_str()).collect();
    let hint = nearest(name, names.iter().copied())
        .map_or(String::new(), |n| format!(": did you mean `{n}`?"));
    fail(format!("no pile named `{name}`{hint}"))
}

/// The targets of `onto`: the piles `NAME 1`, `NAME 2`, ... with a top card.
pub(super) fn targets<H: Host>(
    rt: &Shared<H>,
    ctx: &NativeCallContext,
    kind: &MoveKind,
    onto: &Onto,
) -> Fallible<Vec<Target>> {
    let reaches = kind.fits.iter().any(|f| f.reach.is_some());
    let mut found = Vec::new();
    for number in 1.. {
        let Some((card, stack)) = target_piles(&*rt.borrow(), onto, number)? else {
            break;
        };
        let Some(card) = card else { continue };
        if let Some(only) = &onto.only {
            if !call_rule::<bool>(rt, ctx, only, Dynamic::from(number))? {
                continue;
            }
        }
        let mut target = Target {
            number,
            card,
            stack_len: 0,
            stack_sum: 0,
            value: None,
        };
        if let Some(stack) = stack {
            let cards = if reaches {
                let host = rt.borrow();
                let placed = host.table().pile(stack).placed();
                placed
                    .iter()
                    .map(|p| host.seen(p))
                    .collect::<Fallible<Vec<_>>>()?
            } else {
                Vec::new()
            };
            target.stack_len = rt.borrow().table().pile(stack).len();
            for card in &cards {
                target.stack_sum += value_of(rt, ctx, kind.value.as_deref(), card)?.unwrap_or(0);
            }
        }
        if reaches {
            let rule = kind.target_value.as_deref().or(kind.value.as_deref());
            target.value = value_of(rt, ctx, rule, &target.card)?;
        }
        found.push(target);
    }
    Ok(found)
}

/// Pile `number` of the family: its top card (if any) and its stack's pile;
/// none past the last. The first pile and every stack must exist.
fn target_piles(
    rt: &dyn Host,
    onto: &Onto,
    number: i64,
) -> Fallible<Option<(Option<Card>, Option<usize>)>> {
    let table = rt.table();
    let Some(index) = numbered_pile(table, &onto.family, number) else {
        if number == 1 {
            pile_index(rt, &format!("{} 1", onto.family))?;
        }
        return Ok(None);
    };
    let Some(top) = table.pile(index).placed().last() else {
        return Ok(Some((None, None)));
    };
    let stack = match &onto.stack {
        Some(name) => Some(
            numbered_pile(table, name, number)
                .map_or_else(|| pile_index(rt, &format!("{name} {number}")), Ok)?,
        ),
        None => None,
    };
    Ok(Some((Some(rt.seen(top)?), stack)))
}

/// Whether `card` may go onto `target`, by the fit its stack's length picks.
pub(super) fn fits<H: Host>(
    rt: &Shared<H>,
    ctx: &NativeCallContext,
    kind: &MoveKind,
    card: &Card,
    target: &Target,
) -> Fallible<bool> {
    if kind.fits.is_empty() {
        return Ok(true);
    }
    let Some(fit) = kind.fits.get(target.stack_len) else {
        return Ok(false);
    };
    if fit.same_suit {
        let suited = (kind.joker_any_suit && card.is_joker())
            || (card.suit().is_some() && card.suit() == target.card.suit());
        if !suited {
            return Ok(false);
        }
    }
    if let Some(plus) = fit.reach {
        let (Some(value), Some(needed)) = (
            value_of(rt, ctx, kind.value.as_deref(), card)?,
            target.value,
        ) else {
            return Ok(false);
        };
        if value + target.stack_sum + plus < needed {
            return Ok(false);
        }
    }
    Ok(true)
}

/// A card's value: by the ruleset's rule, asked once per card and game, or
/// else its rank (a joker has none).
fn value_of<H: Host>(
    rt: &Shared<H>,
    ctx: &NativeCallContext,
    rule: Option<&str>,
    card: &Card,
) -> Fallible<Option<i64>> {
    let Some(rule) = rule else {
        return Ok(card.rank().map(i64::from));
    };
    if let Some(known) = rt.borrow().known_value(rule, card) {
        return Ok(Some(known));
    }
    let value = call_rule::<i64>(rt, ctx, rule, Dynamic::from(card.clone()))?;
    rt.borrow_mut().keep_value(rule, card, value);
    Ok(Some(value))
}

/// One of the ruleset's functions a declaration names, run read-only; its
/// error is placed in its own file, and a value of the wrong kind named.
fn call_rule<T: rhai::Variant + Clone>(
    rt: &Shared<impl Host>,
    ctx: &NativeCallContext,
    name: &str,
    arg: Dynamic,
) -> Fallible<T> {
    let before = rt
        .borrow_mut()
        .enter(Mode::View("a rule a move kind names"));
    let result = ctx.call_fn::<Dynamic>(name, (arg,));
    rt.borrow_mut().enter(before);
    let value = result.map_err(|e| {
        // Stops and bounds pass through as they are: a rerun must meet them
        // so, and a loop of calls is told with every call it passed.
        // A bound the host counts (a loop of calls too deep) passes too, so
        // it is told with every call it passed.
        if passes_through(&e) || describe(innermost(&e)).0 == ErrorKind::Limit {
            return e;
        }
        let places = rt.borrow().wiring().places.clone();
        HostFault::placed(places.hook_error(name, &e))
    })?;
    let kind = crate::script::api::kind_of(&value);
    value.try_cast::<T>().ok_or_else(|| {
        let wanted = if std::any::type_name::<T>() == "bool" {
            "true or false"
        } else {
            "a whole number"
        };
        fault(format!(
            "{name}() gave {kind}, where the moves need {wanted}"
        ))
    })
}
