//! The verbs of a game: `choose` an option (or `ask` for its index),
//! answered by the run (the host's decision); `say` narration; `end` the game;
//! and a bot's `because`, its reason for a choice.

use super::{text_of, Fallible, Host, Shared};
use crate::script::host::Asked;
use rhai::{Array, Dynamic, Engine, ImmutableString, NativeCallContext};

pub(super) fn register<H: Host>(engine: &mut Engine, rt: &Shared<H>) {
    let r = rt.clone();
    engine.register_fn("say", move |text: Dynamic| -> Fallible<()> {
        r.borrow_mut().say(text_of(&text))
    });
    // A bot's reason for what it chooses, which a hint shows.
    let r = rt.clone();
    // Checked where it is given, kept only when a person asks the bot
    // (rollouts call a bot at every decision: no text is built for them).
    engine.register_fn("because", move |why: Dynamic| -> Fallible<()> {
        match why.read_lock::<rhai::ImmutableString>() {
            Some(text) => r.borrow_mut().because(reason(text.as_str())?),
            None => r.borrow_mut().because(reason(&text_of(&why))?),
        }
    });
    // `choose(question, options)` gives back the option taken itself.
    let r = rt.clone();
    engine.register_fn(
        "choose",
        move |ctx: NativeCallContext,
              question: ImmutableString,
              options: Array|
              -> Fallible<Dynamic> {
            let asked = Asked {
                verb: "choose",
                question: &question,
                options: &options,
            };
            let index = H::decide(&r, &ctx, &asked)?;
            Ok(options[index].clone())
        },
    );
    // `ask(question, options)`, version 1's form: the index of the option taken.
    let r = rt.clone();
    engine.register_fn(
        "ask",
        move |ctx: NativeCallContext, question: ImmutableString, options: Array| -> Fallible<i64> {
            let asked = Asked {
                verb: "ask",
                question: &question,
                options: &options,
            };
            H::decide(&r, &ctx, &asked).map(|index| index as i64)
        },
    );
    // A bot's look ahead: `after(option, "judge")` plays the option on a
    // copy and gives what `fn judge()` says there.
    let r = rt.clone();
    engine.register_fn(
        "after",
        move |ctx: NativeCallContext, option: Dynamic, judge: &str| -> Fallible<Dynamic> {
            H::after(&r, &ctx, option, judge)
        },
    );
    let r = rt.clone();
    engine.register_fn(
        "apply_declared",
        move |ctx: NativeCallContext, option: Dynamic| -> Fallible<()> {
            H::apply_declared(&r, &ctx, option)
        },
    );
    let r = rt.clone();
    engine.register_fn("ended", move || -> Dynamic { r.borrow().trial_end() });
    let r = rt.clone();
    engine.register_fn("repeats", move || -> i64 { r.borrow().repeats() });
    let r = rt.clone();
    engine.register_fn(
        "end",
        move |outcome: &str, score: Dynamic, summary: &str| -> Fallible<()> {
            let score = if let Ok(n) = score.as_int() {
                serde_json::Value::from(n)
            } else {
                serde_json::Value::from(score.to_string())
            };
            r.borrow_mut().end(outcome, score, summary)
        },
    );
}

/// The most characters a bot's reason may have: a short sentence.
pub(crate) const MAX_REASON: usize = 200;

/// A bot's reason as a hint shows it: one short line of text.
fn reason(why: &str) -> Fallible<&str> {
    let why = why.trim();
    let length = why.chars().count();
    if why.is_empty() || why.contains('\n') || length > MAX_REASON {
        return Err(crate::script::host::fault(format!(
            "because(text) takes one short sentence on one line, at most {MAX_REASON} characters (this one: {length}{})",
            if why.contains('\n') { ", on more than one line" } else { "" }
        )));
    }
    Ok(why)
}
