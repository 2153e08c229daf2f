//! The three verbs of a game: `ask` a decision (replayed, answered by a
//! bot, or paused for a person), `say` narration, `end` the game.

use super::{fail, halt, text_of, Fallible, Shared};
use crate::decider::{Offer, Prompt};
use crate::script::runtime::{Outcome, Runtime, Stop, MAX_DECISIONS};
use rhai::{Array, Dynamic, Engine, ImmutableString, Map, NativeCallContext};

/// Reads the options given to `ask`: each a label, or a map with `label` and `key`.
fn offers(options: &Array) -> Fallible<Vec<Offer>> {
    if options.is_empty() {
        return fail("ask needs at least one option".into());
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
                Ok(Offer { key, label })
            } else {
                let label = text_of(o);
                Ok(Offer {
                    key: label.clone(),
                    label,
                })
            }
        })
        .collect()
}

fn check_cards(rt: &Runtime) -> Fallible<()> {
    if rt.check_cards {
        rt.table.check_conservation()?;
    }
    Ok(())
}

pub(super) fn register(engine: &mut Engine, rt: &Shared) {
    let r = rt.clone();
    engine.register_fn("say", move |text: Dynamic| {
        r.borrow_mut().say(text_of(&text))
    });
    let r = rt.clone();
    engine.register_fn(
        "ask",
        move |ctx: NativeCallContext, question: ImmutableString, options: Array| -> Fallible<i64> {
            let prompt = Prompt {
                question: question.to_string(),
                options: offers(&options)?,
            };
            {
                let mut rt = r.borrow_mut();
                check_cards(&rt)?;
                if rt.choices.len() >= MAX_DECISIONS {
                    return fail(format!(
                        "the game took more than {MAX_DECISIONS} decisions without ending"
                    ));
                }
                if let Some(index) = rt.next_replayed(&prompt) {
                    rt.record_choice(&prompt, index);
                    return Ok(index as i64);
                }
                if rt.bot_turns == 0 || (rt.bot.is_none() && !rt.script_bot) {
                    rt.stop = Some(Stop::Asking(prompt));
                    return Err(halt());
                }
                rt.bot_turns -= 1;
                if let Some(bot) = rt.bot.as_mut() {
                    let index = bot.decide(&prompt);
                    rt.record_choice(&prompt, index);
                    return Ok(index as i64);
                }
                rt.hide_face_down = true;
            }
            // The script's own bot answers, seeing only what the player sees.
            let picked = ctx.call_fn::<i64>("bot", (question, options));
            let mut rt = r.borrow_mut();
            rt.hide_face_down = false;
            let picked = picked?;
            let Some(index) = usize::try_from(picked)
                .ok()
                .filter(|&i| i < prompt.options.len())
            else {
                let count = prompt.options.len();
                return fail(format!(
                    "bot() chose {picked}: there are {count} options, 0 to {}",
                    count - 1
                ));
            };
            rt.record_choice(&prompt, index);
            Ok(index as i64)
        },
    );
    let r = rt.clone();
    engine.register_fn(
        "end",
        move |outcome: &str, score: Dynamic, summary: &str| -> Fallible<()> {
            let mut rt = r.borrow_mut();
            check_cards(&rt)?;
            let score = if let Ok(n) = score.as_int() {
                serde_json::Value::from(n)
            } else {
                serde_json::Value::from(score.to_string())
            };
            rt.stop = Some(Stop::Ended(Outcome {
                outcome: outcome.to_string(),
                score,
                summary: summary.to_string(),
            }));
            Err(halt())
        },
    );
}
