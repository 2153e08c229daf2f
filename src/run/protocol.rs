//! The decision protocol, the heart of a run. At each `choose` (or `ask`):
//! the next replayed choice is taken if it still fits; a lone option is
//! taken and said, when the game's `lone_option` says so; otherwise the
//! answerer answers: a bot on the spot (the ruleset's `fn bot`, or the
//! option its `fn rate` rates highest, or a uniform pick), or the person
//! through the live run's link, or else the run stops and hands back the
//! prompt. Labels and keys are built only when someone reads them.

mod solver;
mod told;

use super::Runtime;
use super::{Answerer, BotChoice, Event, Link, Reply, Request, Stop};
use crate::game::decision::{Offer, Prompt};
use crate::script::api::{carried, text_of};
use crate::script::error::{passes_through, ErrorKind, HostFault};
use crate::script::host::{fault, halt, limit, Asked, BotFn, Fallible, Host, Mode};
use crate::script::limits::{MAX_OPTIONS, MAX_TEXT};
use crate::script::ScriptError;
use rhai::{Dynamic, EvalAltResult, Map, NativeCallContext};
use std::cell::RefCell;
use std::rc::Rc;

type Shared = Rc<RefCell<Runtime>>;

/// Answers one decision; the index of the option taken.
pub(crate) fn decide(ctx: &NativeCallContext, rt: &Shared, asked: &Asked) -> Fallible<usize> {
    let count = asked.options.len();
    if count == 0 {
        return Err(fault("a decision needs at least one option".into()));
    }
    if count > MAX_OPTIONS {
        return Err(limit(format!(
            "a decision offers at most {MAX_OPTIONS} options, not {count}"
        )));
    }
    rt.borrow().may_decide(asked.verb)?;
    let mut prompt = None;
    // A lone option taken is no decision: it is not recorded, so undo never
    // lands on it, and a replay takes it again the same way.
    if count == 1 && rt.borrow().takes_lone_option() {
        if rt.borrow().records_events() {
            let offered = build_prompt(ctx, rt, asked)?;
            let only = &offered.options[0];
            rt.borrow_mut().tell(Event::Took {
                question: offered.question.clone(),
                key: only.key.clone(),
                label: only.label.clone(),
            })?;
        }
        return Ok(0);
    }
    if rt.borrow().watching() {
        let offered = prompt.insert(build_prompt(ctx, rt, asked)?);
        let wanted = rt.borrow().wants_told();
        let told = if wanted {
            told::told_state(ctx, rt)?
        } else {
            None
        };
        if !rt.borrow_mut().saw(offered, told.as_deref()) {
            rt.borrow_mut().set_stop(Stop::Failed(ScriptError::new(
                ErrorKind::Runtime,
                "this world shows what the player did not see".into(),
            )));
            return Err(halt());
        }
        if rt.borrow_mut().take_redeal() {
            redeal_unseen(ctx, rt)?;
        }
    }
    if rt.borrow().replaying() {
        if prompt.is_none() {
            prompt = Some(build_prompt(ctx, rt, asked)?);
        }
        let offered = prompt.as_ref().expect("built");
        // A search counts the decisions it replays against its budget.
        let steering = rt.borrow().steering();
        if let Some(steering) = steering.filter(|_| replaying_for_search(rt)) {
            if !steering.replay() {
                rt.borrow_mut().set_stop(Stop::Asking(offered.clone()));
                return Err(halt());
            }
        }
        let replayed = rt.borrow_mut().next_replayed(offered);
        if let Some(index) = replayed {
            return record(ctx, rt, asked, prompt.as_ref(), index);
        }
    }
    let answerer = rt.borrow().answerer();
    let index = match answerer {
        Answerer::RandomBot => rt.borrow_mut().random_pick(count),
        Answerer::ScriptBot => ask_bot(ctx, rt, asked)?,
        Answerer::Solver => solver::answer(ctx, rt, asked)?,
        Answerer::Person => {
            let offered = prompt.get_or_insert(build_prompt(ctx, rt, asked)?);
            let link = rt.borrow().link();
            if let Some(link) = link {
                wait_for_person(ctx, rt, &link, asked, offered)?
            } else {
                rt.borrow_mut().set_stop(Stop::Asking(offered.clone()));
                return Err(halt());
            }
        }
    };
    record(ctx, rt, asked, prompt.as_ref(), index)
}

/// Whether this run's replayed decisions count against a search's budget
/// (a solver's run; a person's or a bot's replay costs nothing).
fn replaying_for_search(rt: &Shared) -> bool {
    rt.borrow().answerer() == Answerer::Solver
}

/// A world at the player's moment: the ruleset deals afresh what the
/// player has not seen, reading no face-down card, and may change nothing
/// the player sees.
pub(super) fn redeal_unseen(ctx: &NativeCallContext, rt: &Shared) -> Fallible<()> {
    let before = super::world::shown(rt.borrow().table());
    // It sees face-down cards as the player does: as nothing.
    read_only(rt, Mode::Redeal, || {
        hook::<Dynamic>(ctx, rt, "redeal_unseen", ()).map(|_| ())
    })?;
    if super::world::shown(rt.borrow().table()) != before {
        return Err(fault(
            "`redeal_unseen` changed what the player sees: it may only deal afresh what lies face down"
                .into(),
        ));
    }
    Ok(())
}

/// Records the choice: its key and label too when the run keeps events
/// (a simulation keeps only the index, and never builds a label).
fn record(
    ctx: &NativeCallContext,
    rt: &Shared,
    asked: &Asked,
    prompt: Option<&Prompt>,
    index: usize,
) -> Fallible<usize> {
    if !rt.borrow().records_events() {
        rt.borrow_mut().record_index(index);
        return Ok(index);
    }
    let built;
    let prompt = if let Some(prompt) = prompt {
        prompt
    } else {
        built = build_prompt(ctx, rt, asked)?;
        &built
    };
    rt.borrow_mut().record_choice(prompt, index);
    Ok(index)
}

/// The prompt as a person reads it. An option's label is its `label` field,
/// else what the ruleset's `fn label(option)` says, else the option as
/// text; its key is its `key` field, else its label.
pub(crate) fn build_prompt(
    ctx: &NativeCallContext,
    rt: &Shared,
    asked: &Asked,
) -> Fallible<Prompt> {
    let has_label_fn = rt.borrow().wiring().has_label;
    let mut options = Vec::with_capacity(asked.options.len());
    for option in asked.options {
        let map = option.read_lock::<Map>();
        let field = |name: &str| map.as_ref().and_then(|m| m.get(name)).map(text_of);
        let label = match field("label") {
            Some(label) => label,
            None if has_label_fn => read_only(rt, Mode::View("label()"), || {
                hook::<Dynamic>(ctx, rt, "label", (option.clone(),))
            })
            .map(|l| text_of(&l))?,
            None if map.is_some() => {
                return Err(fault(
                    "an option map needs a `label` field, or the ruleset a `fn label(option)`"
                        .into(),
                ))
            }
            None => text_of(option),
        };
        let key = field("key").unwrap_or_else(|| label.clone());
        // The label first: a key that defaults to it is the same text.
        let label = short("an option label", label)?;
        let carries = carried(&*rt.borrow(), option)?;
        options.push(Offer {
            key: short("an option key", key)?,
            label,
            carries,
        });
    }
    let question = short("a question", asked.question.to_string())?;
    rt.borrow().charge(options.len() as u64 * 4);
    Ok(Prompt { question, options })
}

/// Text a person reads at a prompt, within the limit.
fn short(what: &str, text: String) -> Fallible<String> {
    let length = text.chars().count();
    if length > MAX_TEXT {
        return Err(limit(format!(
            "{what} has at most {MAX_TEXT} characters, not {length}"
        )));
    }
    Ok(text)
}

/// The ruleset's bot, in read-only mode: `fn bot(question, options)` picks
/// an index, or else `fn rate(option)` rates each and the highest wins
/// (the first of equals).
/// The bot's reason (`because`) is left with the run, for a hint to take;
/// a rating bot's is the one it gave while rating the option it chose.
pub(super) fn ask_bot(ctx: &NativeCallContext, rt: &Shared, asked: &Asked) -> Fallible<usize> {
    let count = asked.options.len();
    rt.borrow_mut().take_reason();
    if rt.borrow().wiring().bot != Some(BotFn::Bot) {
        return read_only(rt, Mode::Bot, || {
            let mut best = (0, i64::MIN, None);
            for (i, option) in asked.options.iter().enumerate() {
                let rating = hook::<i64>(ctx, rt, "rate", (option.clone(),))?;
                let why = rt.borrow_mut().take_reason();
                if rating > best.1 {
                    best = (i, rating, why);
                }
            }
            rt.borrow_mut().keep_reason(best.2);
            Ok(best.0)
        });
    }
    let picked = read_only(rt, Mode::Bot, || {
        hook::<i64>(
            ctx,
            rt,
            "bot",
            (asked.question.clone(), asked.options.clone()),
        )
    })?;
    usize::try_from(picked)
        .ok()
        .filter(|&i| i < count)
        .ok_or_else(|| {
            fault(format!(
                "bot() chose {picked}: there are {count} options, 0 to {}",
                count - 1
            ))
        })
}

/// Runs `f` with the script in `mode`, restoring the mode after.
pub(crate) fn read_only<T>(rt: &Shared, mode: Mode, f: impl FnOnce() -> T) -> T {
    let before = rt.borrow_mut().enter(mode);
    let result = f();
    rt.borrow_mut().enter(before);
    result
}

/// A live run: report the prompt, then serve the person's requests until
/// an answer (or a new run) comes.
fn wait_for_person(
    ctx: &NativeCallContext,
    rt: &Shared,
    link: &Link,
    asked: &Asked,
    prompt: &Prompt,
) -> Fallible<usize> {
    // The report goes to the session's thread, which frees it: it is not
    // memory the script holds.
    let sent = crate::heap::handed_off(|| {
        let has_view = rt.borrow().wiring().has_view;
        let view = has_view.then(|| {
            read_only(rt, Mode::View("view()"), || {
                hook::<Dynamic>(ctx, rt, "view", ())
            })
            .map(|v| v.to_string())
            .map_err(|e| script_error(rt, "view", &e))
        });
        let has_layout = rt.borrow().wiring().has_layout;
        let layout = has_layout.then(|| {
            let origin = rt.borrow().wiring().places.main.clone();
            read_only(rt, Mode::View("layout()"), || {
                hook::<Dynamic>(ctx, rt, "layout", ())
            })
            .map_err(|e| script_error(rt, "layout", &e))
            .and_then(|v| crate::script::layout::read(&v, &origin, rt.borrow().table()))
        });
        let has_status = rt.borrow().wiring().has_status;
        let status = has_status.then(|| {
            let origin = rt.borrow().wiring().places.main.clone();
            read_only(rt, Mode::View("status()"), || {
                hook::<Dynamic>(ctx, rt, "status", ())
            })
            .map_err(|e| script_error(rt, "status", &e))
            .and_then(|v| crate::script::status::read(&v, &origin))
        });
        let has_faces = rt.borrow().wiring().has_faces;
        let faces = has_faces.then(|| {
            let origin = rt.borrow().wiring().places.main.clone();
            read_only(rt, Mode::View("faces()"), || {
                hook::<Dynamic>(ctx, rt, "faces", ())
            })
            .map_err(|e| script_error(rt, "faces", &e))
            .and_then(|v| crate::script::face::read(&v, &origin))
        });
        let mut report = rt.borrow_mut().report(Stop::Asking(prompt.clone()), view);
        report.layout = layout;
        report.status = status;
        report.faces = faces;
        report.values.clone_from(rt.borrow().values());
        // The work that started the run (its first decision) is done: the
        // person's answers are not under its stop.
        crate::script::cancel::lift();
        link.reports.send(Reply::Stopped(Box::new(report)))
    });
    if sent.is_err() {
        return Err(halt());
    }
    loop {
        match link.requests.recv() {
            Ok(Request::Answer(index)) if index < prompt.options.len() => return Ok(index),
            Ok(Request::Answer(index)) => {
                return Err(fault(format!(
                    "the host answered option {index} of {}",
                    prompt.options.len()
                )))
            }
            Ok(Request::Hint) => {
                rt.borrow_mut().explain(true);
                let hint = ask_bot(ctx, rt, asked);
                rt.borrow_mut().explain(false);
                let hint = hint
                    .map(|index| BotChoice {
                        index,
                        why: rt.borrow_mut().take_reason(),
                    })
                    .map_err(|e| script_error(rt, "bot", &e));
                if link.reports.send(Reply::Hint(hint)).is_err() {
                    return Err(halt());
                }
            }
            Ok(Request::Start(plan)) => {
                rt.borrow_mut().set_restart(*plan);
                return Err(halt());
            }
            // The person has gone: end the run quietly.
            Err(_) => return Err(halt()),
        }
    }
}

/// An error of a script function called from the host, placed in its file.
pub(super) fn script_error(rt: &Shared, function: &str, error: &EvalAltResult) -> ScriptError {
    rt.borrow().wiring().places.hook_error(function, error)
}

/// Calls the ruleset's `name` (a hook: `label`, `rate`, `bot`, `view`) from
/// inside a host function. Its error is placed in its own file and
/// function, not at the `choose` that led the host there; a value of the
/// wrong kind names the function that returned it. Stops and limits that a
/// rerun must see as they are pass through unchanged.
pub(super) fn hook<T: rhai::Variant + Clone>(
    ctx: &NativeCallContext,
    rt: &Shared,
    name: &str,
    args: impl rhai::FuncArgs,
) -> Fallible<T> {
    let value = ctx.call_fn::<Dynamic>(name, args).map_err(|e| {
        if passes_through(&e) {
            e
        } else {
            HostFault::placed(script_error(rt, name, &e))
        }
    })?;
    // `is` is false for `Dynamic` itself, which any value is.
    if std::any::TypeId::of::<T>() == std::any::TypeId::of::<Dynamic>() || value.is::<T>() {
        return Ok(value.cast::<T>());
    }
    let places = rt.borrow().wiring().places.clone();
    let file = places.file_of(name).unwrap_or_else(|| places.main.clone());
    let line = places
        .line_of(name)
        .map_or(String::new(), |l| format!(":{l}"));
    let wanted = if std::any::type_name::<T>() == "i64" {
        "a whole number"
    } else {
        std::any::type_name::<T>()
    };
    let (kind, shown) = (value.type_name(), text_of(&value));
    Err(HostFault::placed(ScriptError::new(
        ErrorKind::Runtime,
        format!("{file}{line}: {name}() returned {kind} `{shown}`, where the host needs {wanted}\n  in {name}()"),
    )))
}
