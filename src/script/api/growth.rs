//! Text functions whose result can be thousands of times their arguments:
//! Rhai checks a text's size only once it is built, so `s.replace("", t)`
//! on two long texts would take gigabytes first. These check the size the
//! result will have before they build it, and fail as Rhai's limit does.

use crate::script::limits::MAX_STRING;
use rhai::{Engine, EvalAltResult, ImmutableString, Position};

type Fallible<T> = Result<T, Box<EvalAltResult>>;

/// The error a text over the size limit gives (worded in `error.rs`).
pub(super) fn too_long() -> Box<EvalAltResult> {
    EvalAltResult::ErrorDataTooLarge("Length of string".into(), Position::NONE).into()
}

/// `text` with every `find` replaced, unless the result would be too long.
fn replaced(text: &mut ImmutableString, find: &str, with: &str) -> Fallible<()> {
    let places = if find.is_empty() {
        text.chars().count() + 1
    } else {
        text.matches(find).count()
    };
    let longest = text.len() + places.saturating_mul(with.len());
    if longest > MAX_STRING {
        return Err(too_long());
    }
    if places > 0 {
        *text = text.replace(find, with).into();
    }
    Ok(())
}

/// Replaces Rhai's own `replace` for a text or a character replaced by a
/// text (registered functions come before Rhai's packages).
pub(super) fn register(engine: &mut Engine) {
    engine
        .register_fn(
            "replace",
            |text: &mut ImmutableString, find: &str, with: &str| replaced(text, find, with),
        )
        .register_fn(
            "replace",
            |text: &mut ImmutableString, find: char, with: &str| {
                replaced(text, &find.to_string(), with)
            },
        );
}
