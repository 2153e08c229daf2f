//! Why a card can not go onto a target of a kind declared with `onto`
//! and `fits` (a card onto a pile's top card, counted in the stack paired
//! with it): the card is not where the kind takes cards from, the stack
//! holds all it may, the card is not of the target's suit, or its value
//! with the stack's falls short of the target's. Every word comes from
//! the declaration and the values its rules gave cards this game, so the
//! host says why without knowing the game.

use super::{face_up, in_family, names_pile, top, Place, Rules};
use crate::game::card::Card;
use crate::game::table::Table;
use crate::script::declare::OptionValue;
use crate::script::move_kind::{Fit, MoveKind, Onto};

/// A pile `card` may go onto: its kind, the pile's number in the kind's
/// family and its top card.
struct Target<'a> {
    kind: &'a MoveKind,
    onto: &'a Onto,
    number: usize,
    card: Card,
}

/// Why no `onto` kind takes `card` to `place`, or `None` where `place`
/// is no target of one, or nothing the declarations say stands in the way.
pub(super) fn why_not(rules: &Rules, table: &Table, card: &Card, place: &Place) -> Option<String> {
    let target = target(rules.kinds, table, place)?;
    let Some((from, depth)) = face_up(table, card) else {
        return Some(format!("there is no face-up {card} on the table"));
    };
    if let Some(why) = not_a_source(rules, table, &target, card, from, depth) {
        return Some(why);
    }
    let stack: Vec<Card> = match &target.onto.stack {
        Some(family) => {
            let index = table.pile_index(&format!("{family} {}", target.number))?;
            let placed = table.pile(index).placed();
            if placed.iter().any(|p| !p.face_up) {
                return None;
            }
            placed.iter().map(|p| p.card.clone()).collect()
        }
        None => Vec::new(),
    };
    let kind = target.kind;
    if kind.fits.is_empty() {
        return None;
    }
    let Some(fit) = kind.fits.get(stack.len()) else {
        return Some(format!(
            "{} holds {} already: no more go onto {}",
            target.onto.stack.as_deref().map_or_else(
                || target.card.to_string(),
                |family| format!("{family} {}", target.number)
            ),
            counted(stack.len(), "card"),
            target.card
        ));
    };
    off_suit(kind, fit, &target.card, card, stack.len())
        .or_else(|| short(rules, kind, fit, &target, card, &stack))
}

/// The target `place` names: the pile whose top card it is, or a pile of
/// an `onto` kind's family or of its stack's, by name.
fn target<'a>(kinds: &'a [MoveKind], table: &Table, place: &Place) -> Option<Target<'a>> {
    kinds.iter().find_map(|kind| {
        let onto = kind.onto.as_ref()?;
        let number = table.piles().iter().find_map(|pile| {
            let number = match place {
                Place::Onto(under) => top(pile)
                    .filter(|t| t.face_up && t.card == **under)
                    .and(number_in(&pile.name, &onto.family))?,
                Place::Named(words) if names_pile(words, &pile.name) => {
                    number_in(&pile.name, &onto.family).or_else(|| {
                        number_in(&pile.name, onto.stack.as_deref().unwrap_or_default())
                    })?
                }
                Place::Named(_) => return None,
            };
            Some(number)
        })?;
        let pile = table.pile(table.pile_index(&format!("{} {number}", onto.family))?);
        let card = top(pile).filter(|t| t.face_up)?.card.clone();
        Some(Target {
            kind,
            onto,
            number,
            card,
        })
    })
}

/// The number of pile `name` in `family` (`3` of `column 3`).
fn number_in(name: &str, family: &str) -> Option<usize> {
    if family.is_empty() || !in_family(name, &[family.to_string()]) {
        return None;
    }
    name.rsplit_once(' ')?.1.parse().ok()
}

/// Why the card, lying in pile `from` under `depth` others, is not one
/// the kind carries: none of its sources (on now) holds it there.
fn not_a_source(
    rules: &Rules,
    table: &Table,
    target: &Target,
    card: &Card,
    from: usize,
    depth: usize,
) -> Option<String> {
    let pile = &table.pile(from).name;
    let sources: Vec<_> = target
        .kind
        .sources
        .iter()
        .filter(|s| s.when.as_deref().is_none_or(|name| option_on(rules, name)))
        .collect();
    let carried = sources
        .iter()
        .any(|s| in_family(pile, std::slice::from_ref(&s.pile)) && (!s.top_only || depth == 0));
    if carried {
        return None;
    }
    let places: Vec<String> = sources
        .iter()
        .map(|s| {
            if s.top_only {
                format!("the top of {}", s.pile)
            } else {
                s.pile.clone()
            }
        })
        .collect();
    Some(format!(
        "{card} lies in {pile}: a card goes onto {} only from {}",
        target.card,
        if places.is_empty() {
            "nowhere now".to_string()
        } else {
            places.join(" or ")
        }
    ))
}

fn option_on(rules: &Rules, name: &str) -> bool {
    match rules.options.get(name) {
        Some(OptionValue::Bool(on)) => *on,
        Some(OptionValue::Int(n)) => *n != 0,
        _ => true,
    }
}

/// Why `card` is of no suit the fit wants on `under`.
fn off_suit(kind: &MoveKind, fit: &Fit, under: &Card, card: &Card, held: usize) -> Option<String> {
    if !fit.same_suit || (kind.joker_any_suit && card.is_joker()) {
        return None;
    }
    let suit = under.suit();
    if suit.is_some() && card.suit() == suit {
        return None;
    }
    let wanted = match suit {
        Some(suit) if kind.joker_any_suit => format!("a {} (or a joker)", suit.symbol()),
        Some(suit) => format!("a {}", suit.symbol()),
        None => "of its suit, and it has none".to_string(),
    };
    Some(format!(
        "the {} card onto {under} must be {wanted}, not {card}",
        ordinal(held + 1)
    ))
}

/// Why `card`'s value with the stack's falls short of the target's; none
/// where it reaches, or a value was never reckoned (nothing is guessed).
fn short(
    rules: &Rules,
    kind: &MoveKind,
    fit: &Fit,
    target: &Target,
    card: &Card,
    stack: &[Card],
) -> Option<String> {
    let plus = fit.reach?;
    let worth = |rule: Option<&str>, card: &Card| match rule {
        None => card.rank().map(i64::from),
        Some(rule) => rules
            .values
            .iter()
            .find(|(name, _)| name == rule)
            .and_then(|(_, values)| values.get(card).copied()),
    };
    let value = worth(kind.value.as_deref(), card)?;
    let needed = worth(
        kind.target_value.as_deref().or(kind.value.as_deref()),
        &target.card,
    )?;
    let held: Vec<i64> = stack
        .iter()
        .map(|c| worth(kind.value.as_deref(), c))
        .collect::<Option<_>>()?;
    let mut terms = held.clone();
    terms.push(value);
    if plus != 0 {
        terms.push(plus);
    }
    let sum: i64 = terms.iter().sum();
    if sum >= needed {
        return None;
    }
    let sum_text = if terms.len() == 1 {
        sum.to_string()
    } else {
        let shown: Vec<String> = terms.iter().map(ToString::to_string).collect();
        format!("{} = {sum}", shown.join(" + "))
    };
    let with = match (&target.onto.stack, stack) {
        (_, []) | (None, _) => String::new(),
        (Some(family), _) => {
            let cards: Vec<String> = stack.iter().map(ToString::to_string).collect();
            format!(" with {family} {}'s {},", target.number, cards.join(" "))
        }
    };
    Some(format!(
        "{card} counts {value}, and{with} {sum_text} does not reach {}'s {needed}",
        target.card
    ))
}

fn ordinal(n: usize) -> String {
    const WORDS: [&str; 10] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
    ];
    WORDS
        .get(n.wrapping_sub(1))
        .map_or_else(|| format!("{n}th"), ToString::to_string)
}

fn counted(n: usize, thing: &str) -> String {
    format!("{n} {thing}{}", if n == 1 { "" } else { "s" })
}
