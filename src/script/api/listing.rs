//! The moves of the kinds a ruleset declared (`script/move_kind.rs`),
//! listed by the host: `declared_moves()` gives every legal move of every
//! kind, in the order declared, and `declared_moves(kind)` those of one.
//! Each move is a plain map (`act`, `card`, and the target's fields) with
//! its `label`, so a bot reads it as it read the script's own, and a
//! decision runs no script to find its options but the value rules, each
//! asked once per card and game. Charged like `matches`: per pair checked
//! and per move listed.

use super::piles::numbered_pile;
use super::{fail, text_of, Fallible, Host, Shared};
use crate::game::card::Card;
use crate::game::table::Value;
use crate::script::error::{describe, innermost, ErrorKind, HostFault};
use crate::script::host::{fault, limit, Mode};
use crate::script::limits::{MAX_ITEMS, MAX_OPERATIONS};
use crate::script::move_kind::{MoveKind, Onto, Source};
use crate::script::suggest::nearest;
use rhai::{Array, Dynamic, Engine, EvalAltResult, Map, NativeCallContext};

pub(super) fn register<H: Host>(engine: &mut Engine, rt: &Shared<H>) {
    let r = rt.clone();
    engine.register_fn(
        "declared_moves",
        move |ctx: NativeCallContext| -> Fallible<Array> { listed(&r, &ctx, None) },
    );
    let r = rt.clone();
    engine.register_fn(
        "declared_moves",
        move |ctx: NativeCallContext, kind: &str| -> Fallible<Array> {
            listed(&r, &ctx, Some(kind))
        },
    );
}

/// A pile a card goes onto: its number, its top card, and what its stack
/// holds when a fit reads it.
struct Target {
    number: i64,
    card: Card,
    stack_len: usize,
    /// The stack's values summed, and the target's value (only read by a
    /// kind whose fits have a `reach`).
    stack_sum: i64,
    value: Option<i64>,
}

fn listed<H: Host>(rt: &Shared<H>, ctx: &NativeCallContext, only: Option<&str>) -> Fallible<Array> {
    rt.borrow().may_read("declared_moves")?;
    let kinds = rt.borrow().wiring().moves.clone();
    if kinds.is_empty() {
        return fail("declared_moves(): the ruleset declares no kind of move (`move_kind(name, #{...})` at its top level)".into());
    }
    if let Some(name) = only {
        if !kinds.iter().any(|k| k.name == name) {
            let names: Vec<&str> = kinds.iter().map(|k| k.name.as_str()).collect();
            let hint = nearest(name, names.iter().copied())
                .map_or(String::new(), |n| format!(": did you mean `{n}`?"));
            return fail(format!(
                "no kind of move `{name}` is declared{hint} (declared: {})",
                names.join(", ")
            ));
        }
    }
    let mut moves = Array::new();
    for kind in kinds
        .iter()
        .filter(|k| only.is_none_or(|name| k.name == name))
    {
        list_kind(rt, ctx, kind, &mut moves).map_err(|e| placed(kind, e))?;
    }
    rt.borrow().charge(moves.len() as u64);
    Ok(moves)
}

/// A fault of a declaration names the kind and where it was declared.
fn placed(kind: &MoveKind, error: Box<rhai::EvalAltResult>) -> Box<rhai::EvalAltResult> {
    match *error {
        rhai::EvalAltResult::ErrorRuntime(ref value, _) if value.is_string() => fault(format!(
            "the moves of `{}` (declared at {}): {}",
            kind.name, kind.place, value
        )),
        _ => error,
    }
}

fn list_kind<H: Host>(
    rt: &Shared<H>,
    ctx: &NativeCallContext,
    kind: &MoveKind,
    moves: &mut Array,
) -> Fallible<()> {
    if !option_on(&*rt.borrow(), kind.when.as_deref())? {
        return Ok(());
    }
    if let Some(name) = &kind.when_empty {
        if !rt
            .borrow()
            .table()
            .pile(pile_index(&*rt.borrow(), name)?)
            .is_empty()
        {
            return Ok(());
        }
    }
    if let Some(name) = &kind.while_left {
        if !left(&*rt.borrow(), name)? {
            return Ok(());
        }
    }
    if kind.sources.is_empty() {
        let mut found = Map::new();
        found.insert("act".into(), kind.name.clone().into());
        return push(moves, kind, None, found);
    }
    let targets = match &kind.onto {
        Some(onto) => Some(targets(rt, ctx, kind, onto)?),
        None => None,
    };
    for source in &kind.sources {
        if !option_on(&*rt.borrow(), source.when.as_deref())? {
            continue;
        }
        let cards = cards_from(&*rt.borrow(), source)?;
        let pairs = cards.len() as u64 * targets.as_ref().map_or(0, |t| t.len() as u64);
        if pairs > MAX_OPERATIONS {
            return Err(limit(format!(
                "listing `{}` would check {pairs} card and pile pairs, more than the {MAX_OPERATIONS} operations a step may run",
                kind.name
            )));
        }
        rt.borrow().charge(pairs);
        for card in cards {
            let Some(targets) = &targets else {
                let mut found = Map::new();
                found.insert("act".into(), kind.name.clone().into());
                found.insert("card".into(), Dynamic::from(card));
                push(moves, kind, Some(source), found)?;
                continue;
            };
            for target in targets {
                if !fits(rt, ctx, kind, &card, target)? {
                    continue;
                }
                let onto = kind.onto.as_ref().expect("targets come from `onto`");
                let mut found = Map::new();
                found.insert("act".into(), kind.name.clone().into());
                found.insert("card".into(), Dynamic::from(card.clone()));
                if let Some(field) = &onto.number_field {
                    found.insert(field.as_str().into(), target.number.into());
                }
                if let Some(field) = &onto.card_field {
                    found.insert(field.as_str().into(), Dynamic::from(target.card.clone()));
                }
                push(moves, kind, Some(source), found)?;
            }
        }
    }
    Ok(())
}

/// Adds a move with its label: its source's, else its kind's.
fn push(
    moves: &mut Array,
    kind: &MoveKind,
    source: Option<&Source>,
    mut found: Map,
) -> Fallible<()> {
    if moves.len() >= MAX_ITEMS {
        return Err(limit(format!(
            "the declared moves are more than {MAX_ITEMS}"
        )));
    }
    let template = source
        .and_then(|s| s.label.as_ref())
        .or(kind.label.as_ref());
    if let Some(template) = template {
        let label = template.fill(|field| found.get(field).map(text_of).unwrap_or_default());
        found.insert("label".into(), label.into());
    }
    moves.push(found.into());
    Ok(())
}

/// Whether an option a kind or source depends on is on (no option: yes).
fn option_on(rt: &dyn Host, name: Option<&str>) -> Fallible<bool> {
    let Some(name) = name else { return Ok(true) };
    let Some(value) = rt.option(name) else {
        let names = rt.option_names();
        let hint = nearest(name, names.iter().map(String::as_str))
            .map_or(String::new(), |n| format!(": did you mean `{n}`?"));
        return fail(format!("`when` names no option `{name}`{hint}"));
    };
    Ok(value
        .as_bool()
        .unwrap_or_else(|_| value.as_int().is_ok_and(|n| n != 0)))
}

/// Whether a named state counts any uses left.
fn left(rt: &dyn Host, name: &str) -> Fallible<bool> {
    match rt.table().state.get(name) {
        Some(Value::Int(n)) => Ok(*n > 0),
        Some(other) => fail(format!(
            "`while_left` reads state `{name}`, which holds {other}, not a number"
        )),
        None => {
            let hint = nearest(name, rt.table().state.keys().map(String::as_str))
                .map_or(String::new(), |n| format!(": did you mean `{n}`?"));
            fail(format!("`while_left` names no state `{name}`{hint}"))
        }
    }
}

fn pile_index(rt: &dyn Host, name: &str) -> Fallible<usize> {
    if let Some(i) = rt.table().pile_index(name) {
        return Ok(i);
    }
    let names: Vec<&str> = rt.table().piles().iter().map(|p| p.name.as_str()).collect();
    let hint = nearest(name, names.iter().copied())
        .map_or(String::new(), |n| format!(": did you mean `{n}`?"));
    fail(format!("no pile named `{name}`{hint}"))
}

/// The cards a source offers, bottom to top, as the rules see them.
fn cards_from(rt: &dyn Host, source: &Source) -> Fallible<Vec<Card>> {
    let pile = rt.table().pile(pile_index(rt, &source.pile)?);
    let placed = pile.placed();
    let offered = if source.top_only {
        placed.last().map_or(&placed[..0], std::slice::from_ref)
    } else {
        placed
    };
    rt.charge(offered.len() as u64);
    offered.iter().map(|p| rt.seen(p)).collect()
}

/// The targets of `onto`: the piles `NAME 1`, `NAME 2`, ... with a top card.
fn targets<H: Host>(
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
fn fits<H: Host>(
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
    let before = rt.borrow_mut().enter(Mode::View);
    let result = ctx.call_fn::<Dynamic>(name, (arg,));
    rt.borrow_mut().enter(before);
    let value = result.map_err(|e| {
        // Stops and bounds pass through as they are: a rerun must meet them
        // so, and a loop of calls is told with every call it passed.
        let inner = innermost(&e);
        let passes = matches!(
            inner,
            EvalAltResult::ErrorTerminated(..)
                | EvalAltResult::ErrorStackOverflow(..)
                | EvalAltResult::ErrorDataTooLarge(..)
        ) || describe(inner).0 == ErrorKind::Limit;
        if passes {
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
