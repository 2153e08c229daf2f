//! What took the place of a rule function a ruleset no longer has, as its
//! top level declares it: `replaced("old_rule", "new_rule()", "why")`.
//! A ruleset's rule functions are the interface its house rules are written
//! against; a house rule written before one of them went away, and that
//! still defines it, is told what to write instead, not only the nearest
//! name the ruleset has now.

use rhai::{Engine, EvalAltResult};
use std::cell::RefCell;
use std::rc::Rc;

/// A rule function that is gone, and what took its place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Successor {
    /// The function's name, as a house rule would define it.
    pub gone: String,
    /// What a house rule writes instead: a function, a declaration.
    pub instead: String,
    /// Why it changed, in one sentence.
    pub why: String,
}

/// The longest successor or reason: a short line of text.
const LONGEST: usize = 300;

type Fallible<T> = Result<T, Box<EvalAltResult>>;

pub(crate) fn register(engine: &mut Engine, declared: &Rc<RefCell<Vec<Successor>>>) {
    let d = declared.clone();
    engine.register_fn(
        "replaced",
        move |gone: &str, successor: &str, why: &str| -> Fallible<()> {
            let successor = successor.trim();
            let why = why.trim();
            if !is_name(gone) {
                return Err(format!(
                    "replaced(\"{gone}\", ...): the first argument is the name of the rule function that is gone, such as \"old_rule\""
                )
                .into());
            }
            for (what, text) in [("what took its place", successor), ("why", why)] {
                if text.is_empty() || text.contains('\n') || text.chars().count() > LONGEST {
                    return Err(format!(
                        "replaced(\"{gone}\", ...): {what} is one line of at most {LONGEST} characters"
                    )
                    .into());
                }
            }
            let mut declared = d.borrow_mut();
            // The top level runs again before each run: the same
            // declaration then replaces itself.
            declared.retain(|s| s.gone != gone);
            declared.push(Successor {
                gone: gone.to_string(),
                instead: successor.to_string(),
                why: why.to_string(),
            });
            Ok(())
        },
    );
}

/// A name a function could have.
fn is_name(text: &str) -> bool {
    let mut chars = text.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// What a variant that defines `name` is told, where its base declared
/// that function gone.
pub(crate) fn told(successors: &[Successor], name: &str, base_name: &str) -> Option<String> {
    let s = successors.iter().find(|s| s.gone == name)?;
    Some(format!(
        "{base_name} no longer has `{name}`; in its place: {} ({}); \
         `delve source {base_name} --functions` lists the rules a house rule may replace",
        s.instead, s.why
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_a_word_of_letters_digits_and_underscores() {
        assert!(is_name("old_rule"));
        assert!(is_name("_x2"));
        assert!(!is_name(""));
        assert!(!is_name("2x"));
        assert!(!is_name("old rule"));
        assert!(!is_name("fn old()"));
    }

    #[test]
    fn the_successor_is_told_only_for_the_name_that_is_gone() {
        let gone = [Successor {
            gone: "old".into(),
            instead: "`new()`".into(),
            why: "it reads better".into(),
        }];
        let told_old = told(&gone, "old", "base").unwrap();
        assert!(
            told_old
                .starts_with("base no longer has `old`; in its place: `new()` (it reads better)"),
            "{told_old}"
        );
        assert_eq!(told(&gone, "other", "base"), None);
    }
}
