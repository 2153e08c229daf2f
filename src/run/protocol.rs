//! The decision protocol, the heart of a run: at each `ask` the next
//! replayed choice is taken if it still fits; past the replayed choices the
//! answerer answers (a bot on the spot; a person through the live run's
//! link, or else the run stops and hands back the prompt).

use super::{Answerer, Link, Reply, Report, Request, Stop};
use crate::decision::Prompt;
use crate::script::runtime::{Mode, Runtime};
use crate::script::ScriptError;
use rhai::{Array, Dynamic, EvalAltResult, ImmutableString, NativeCallContext, Position};
use std::cell::RefCell;
use std::rc::Rc;

type Shared = Rc<RefCell<Runtime>>;
type Fallible<T> = Result<T, Box<EvalAltResult>>;

/// What `ask` was given: the prompt as the host reads it, and the script's
/// own values, which a bot receives as they are.
pub(crate) struct Asked<'a> {
    pub prompt: Prompt,
    pub question: &'a ImmutableString,
    pub options: &'a Array,
}

/// Stops the script without an error the script could catch: the runtime's
/// stop (or a pending restart) says why.
#[allow(clippy::unnecessary_box_returns)] // Rhai's error type is boxed
pub(crate) fn halt() -> Box<EvalAltResult> {
    EvalAltResult::ErrorTerminated(Dynamic::UNIT, Position::NONE).into()
}

/// Answers one decision; the index of the option taken.
pub(crate) fn decide(ctx: &NativeCallContext, rt: &Shared, asked: &Asked) -> Fallible<usize> {
    let prompt = &asked.prompt;
    {
        let mut rt = rt.borrow_mut();
        rt.may_decide("ask")?;
        if let Some(index) = rt.next_replayed(prompt) {
            rt.record_choice(prompt, index);
            return Ok(index);
        }
    }
    let answerer = rt.borrow().answerer();
    let index = match answerer {
        Answerer::RandomBot => rt.borrow_mut().random_pick(prompt.options.len()),
        Answerer::ScriptBot => ask_bot(ctx, rt, asked)?,
        Answerer::Person => {
            let link = rt.borrow().link();
            if let Some(link) = link {
                wait_for_person(ctx, rt, &link, asked)?
            } else {
                rt.borrow_mut().set_stop(Stop::Asking(prompt.clone()));
                return Err(halt());
            }
        }
    };
    rt.borrow_mut().record_choice(prompt, index);
    Ok(index)
}

/// The ruleset's `fn bot`, in read-only mode; its pick checked.
fn ask_bot(ctx: &NativeCallContext, rt: &Shared, asked: &Asked) -> Fallible<usize> {
    let picked = read_only(rt, Mode::Bot, || {
        ctx.call_fn::<i64>("bot", (asked.question.clone(), asked.options.clone()))
    })?;
    let count = asked.prompt.options.len();
    usize::try_from(picked)
        .ok()
        .filter(|&i| i < count)
        .ok_or_else(|| {
            crate::script::runtime::fault(format!(
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
) -> Fallible<usize> {
    let view = has_view(rt).then(|| {
        read_only(rt, Mode::View, || ctx.call_fn::<Dynamic>("view", ()))
            .map(|v| v.to_string())
            .map_err(|e| script_error(rt, "view", &e))
    });
    let report = {
        let mut rt = rt.borrow_mut();
        let (choices, events, diverged) = rt.take_news();
        Report {
            choices,
            events,
            table: rt.table().clone(),
            stop: Stop::Asking(asked.prompt.clone()),
            view,
            diverged,
        }
    };
    if link.reports.send(Reply::Stopped(Box::new(report))).is_err() {
        return Err(halt());
    }
    loop {
        match link.requests.recv() {
            Ok(Request::Answer(index)) if index < asked.prompt.options.len() => return Ok(index),
            Ok(Request::Answer(index)) => {
                return Err(crate::script::runtime::fault(format!(
                    "the host answered option {index} of {}",
                    asked.prompt.options.len()
                )))
            }
            Ok(Request::Hint) => {
                let hint = ask_bot(ctx, rt, asked).map_err(|e| script_error(rt, "bot", &e));
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

fn has_view(rt: &Shared) -> bool {
    rt.borrow().wiring().has_view
}

/// An error of a script function called from the host, placed in its file.
fn script_error(rt: &Shared, function: &str, error: &EvalAltResult) -> ScriptError {
    rt.borrow().wiring().places.error(function, error)
}
