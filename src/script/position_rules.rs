//! What a ruleset says of its positions, beyond its piles, at its top
//! level: piles that are interchangeable (any free cell is as good as
//! another), piles whose order no rule reads (a heap of cleared cards),
//! named state kept only for the record (a move counter), and
//! what ends a game whose position keeps coming back (a rule function, or
//! declared: lost, in the ruleset's words). A search keys a
//! position by all the host holds, so that two positions alike for these
//! rules are searched once.

use super::move_kind::Template;
use rhai::{Engine, EvalAltResult, Map};
use std::cell::RefCell;
use std::rc::Rc;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PositionRules {
    /// Families of numbered piles (`cell 1`, `cell 2`, ...) whose order
    /// does not matter: a position is the same whichever of them holds what.
    pub interchangeable: Vec<String>,
    /// Piles (by name, or by family of numbered piles) whose cards' order
    /// does not matter: a position is the same whatever order they lie in.
    pub unordered: Vec<String>,
    /// Named state that is no part of a position.
    pub bookkeeping: Vec<String>,
    pub repetition: Option<Repetition>,
}

/// A position that comes back `times` times in one game ends it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repetition {
    pub times: u32,
    pub end: RepetitionEnd,
}

/// How the repetition ends the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RepetitionEnd {
    /// The host calls the ruleset's function, which must end the game (and
    /// score it): `repetition(3, "stalemate")`.
    Rule(String),
    /// Lost, scored as the declared score, said in these words:
    /// `repetition(3, #{ lost: "..." })`. A game so declared ends by itself
    /// in Rust, a playout on boards included.
    Lost(Template),
}

impl PositionRules {
    /// The family a pile's name puts it in, if it is interchangeable.
    pub(crate) fn family_of(&self, pile: &str) -> Option<usize> {
        let family = family_name(pile)?;
        self.interchangeable.iter().position(|f| f == family)
    }

    /// Whether a pile's cards are declared to lie in no order that matters.
    pub(crate) fn is_unordered(&self, pile: &str) -> bool {
        self.unordered_as(pile).is_some()
    }

    /// The name under which a pile is declared unordered, if it is: its
    /// own, or its family's.
    pub(crate) fn unordered_as(&self, pile: &str) -> Option<&str> {
        if self.unordered.is_empty() {
            return None;
        }
        let family = family_name(pile);
        (self.unordered.iter().map(String::as_str))
            .find(|&name| name == pile || Some(name) == family)
    }
}

/// The family of a numbered pile (`cell` of `cell 2`).
fn family_name(pile: &str) -> Option<&str> {
    let (family, number) = pile.rsplit_once(' ')?;
    (!number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())).then_some(family)
}

type Fallible<T> = Result<T, Box<EvalAltResult>>;

/// Registers the declarations, which the top levels (base first) add to `declared`.
pub(crate) fn register(engine: &mut Engine, declared: &Rc<RefCell<PositionRules>>) {
    let d = declared.clone();
    engine.register_fn("interchangeable", move |family: &str| -> Fallible<()> {
        let rules = &mut *d.borrow_mut();
        if !rules.interchangeable.iter().any(|f| f == family) {
            rules.interchangeable.push(family.to_string());
        }
        Ok(())
    });
    let d = declared.clone();
    engine.register_fn("unordered", move |pile: &str| {
        let rules = &mut *d.borrow_mut();
        if !rules.unordered.iter().any(|p| p == pile) {
            rules.unordered.push(pile.to_string());
        }
    });
    let d = declared.clone();
    engine.register_fn("bookkeeping", move |state: &str| {
        let rules = &mut *d.borrow_mut();
        if !rules.bookkeeping.iter().any(|s| s == state) {
            rules.bookkeeping.push(state.to_string());
        }
    });
    let d = declared.clone();
    engine.register_fn(
        "repetition",
        move |times: i64, rule: &str| -> Fallible<()> {
            d.borrow_mut().repetition = Some(Repetition {
                times: repetition_times(times)?,
                end: RepetitionEnd::Rule(rule.to_string()),
            });
            Ok(())
        },
    );
    let d = declared.clone();
    engine.register_fn(
        "repetition",
        move |times: i64, end: Map| -> Fallible<()> {
            const WHAT: &str = "repetition";
            let says = match end.get("lost") {
                Some(says) if end.len() == 1 => says.clone().into_string().map_err(|found| {
                    format!("{WHAT}(..., #{{ lost: ... }}): the words are text, not {found}")
                })?,
                _ => {
                    return Err(format!(
                        "{WHAT} takes the name of a function that ends the game, or #{{ lost: \"words\" }} (lost, with the declared score)"
                    )
                    .into())
                }
            };
            let says = super::turn_rules::end_words(&says, WHAT)?;
            d.borrow_mut().repetition = Some(Repetition {
                times: repetition_times(times)?,
                end: RepetitionEnd::Lost(says),
            });
            Ok(())
        },
    );
}

fn repetition_times(times: i64) -> Fallible<u32> {
    match u32::try_from(times) {
        Ok(times @ 2..=1000) => Ok(times),
        _ => Err(format!(
            "repetition({times}, ...): a position comes back 2 to 1000 times, not {times}"
        )
        .into()),
    }
}

#[cfg(test)]
mod tests {
    use super::PositionRules;

    #[test]
    fn a_pile_is_unordered_by_its_own_name_or_its_familys() {
        let rules = PositionRules {
            unordered: vec!["attack".into(), "cleared".into()],
            ..PositionRules::default()
        };
        for pile in ["attack", "attack 1", "attack 12", "cleared"] {
            assert!(rules.is_unordered(pile), "{pile}");
        }
        for pile in ["attack x", "attacks 1", "attack ", "cleared 1 2", "damage"] {
            assert!(!rules.is_unordered(pile), "{pile}");
        }
    }
}
