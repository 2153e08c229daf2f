//! The three verbs of a game: `ask` a decision (answered by the run's
//! decision protocol), `say` narration, `end` the game.

use super::{fail, text_of, Fallible, Shared};
use crate::decision::{Offer, Prompt};
use crate::run::protocol::{self, halt, Asked};
use crate::run::{Outcome, Stop};
use crate::script::limits::{MAX_OPTIONS, MAX_TEXT};
use crate::script::runtime::limit;
use rhai::{Array, Dynamic, Engine, ImmutableString, Map, NativeCallContext};

/// Reads the options given to `ask`: each a label, or a map with `label` and `key`.
fn offers(options: &Array) -> Fallible<Vec<Offer>> {
    if options.is_empty() {
        return fail("ask needs at least one option".into());
    }
    if options.len() > MAX_OPTIONS {
        return Err(limit(format!(
            "a decision offers at most {MAX_OPTIONS} options, not {}",
            options.len()
        )));
    }
    options
        .iter()
        .map(|o| {
            if let Some(map) = o.read_lock::<Map>() {
                let label = map.get("label").map(text_of);
                let Some(label) = label else {
                    return fail("an option map needs a `label`".into());
                };
                let key = map.get("key").map_or_else(|| label.clone(), text_of);
                Ok(Offer {
                    key: short("option key", key)?,
                    label: short("option label", label)?,
                })
            } else {
                let label = short("option label", text_of(o))?;
                Ok(Offer {
                    key: label.clone(),
                    label,
                })
            }
        })
        .collect()
}

/// Text a person reads at a prompt, within the limit.
fn short(what: &str, text: String) -> Fallible<String> {
    let length = text.chars().count();
    if length > MAX_TEXT {
        return Err(limit(format!(
            "an {what} has at most {MAX_TEXT} characters, not {length}"
        )));
    }
    Ok(text)
}

pub(super) fn register(engine: &mut Engine, rt: &Shared) {
    let r = rt.clone();
    engine.register_fn("say", move |text: Dynamic| -> Fallible<()> {
        r.borrow_mut().say(text_of(&text))
    });
    let r = rt.clone();
    engine.register_fn(
        "ask",
        move |ctx: NativeCallContext, question: ImmutableString, options: Array| -> Fallible<i64> {
            let prompt = Prompt {
                question: short("ask question", question.to_string())?,
                options: offers(&options)?,
            };
            let size: usize = prompt
                .options
                .iter()
                .map(|o| o.label.len() + o.key.len())
                .sum();
            r.borrow().charge((prompt.options.len() + size / 16) as u64);
            let asked = Asked {
                prompt,
                question: &question,
                options: &options,
            };
            protocol::decide(&ctx, &r, &asked).map(|index| index as i64)
        },
    );
    let r = rt.clone();
    engine.register_fn(
        "end",
        move |outcome: &str, score: Dynamic, summary: &str| -> Fallible<()> {
            let mut rt = r.borrow_mut();
            rt.may_decide("end")?;
            let score = if let Ok(n) = score.as_int() {
                serde_json::Value::from(n)
            } else {
                serde_json::Value::from(score.to_string())
            };
            rt.set_stop(Stop::Ended(Outcome {
                result: outcome.to_string(),
                score,
                summary: summary.to_string(),
            }));
            Err(halt())
        },
    );
}
