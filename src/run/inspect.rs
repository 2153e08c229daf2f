//! What `delve check` looks at in each decision, as a player would meet it:
//! the table drawn by `fn view` and told by `fn status`, every option's label and key (no two the
//! same within one prompt, or an answer could not tell them apart), and the
//! ruleset's bot behind `hint` (`fn bot`, or `fn rate` on each option). A
//! failure is a script error of kind `Prompt`, placed at the decision; the
//! bot runs on a copy of its random stream, so looking changes no game.
//! In a game of positions, what it declares of its positions is tested
//! there too (`inspect/declarations.rs`), on copies put back after, and
//! where its turn compiles, the compiled game against the host's
//! (`inspect/compiled.rs`).

mod compiled;
mod declarations;

use super::protocol::{ask_bot, build_prompt, read_only, script_error};
use super::{Answerer, Runtime};
use crate::script::error::{ErrorKind, HostFault};
use crate::script::host::{Asked, BotFn, Fallible, Host, Mode};
use rhai::{Dynamic, EvalAltResult, NativeCallContext};
use std::cell::RefCell;
use std::rc::Rc;

type Shared = Rc<RefCell<Runtime>>;

/// Looks at the decision `asked` before the protocol answers it; an error
/// if a player could not read it.
pub(super) fn inspect(ctx: &NativeCallContext, rt: &Shared, asked: &Asked) -> Fallible<()> {
    let prompt =
        build_prompt(ctx, rt, asked).map_err(|e| unreadable(rt, "label", "a label", &e))?;
    let keys: Vec<&String> = prompt.options.iter().map(|o| &o.key).collect();
    same_twice("key", &keys)?;
    let labels: Vec<&String> = prompt.options.iter().map(|o| &o.label).collect();
    same_twice("label", &labels)?;
    let wiring = rt.borrow().wiring().clone();
    if wiring.has_view {
        read_only(rt, Mode::View("view()"), || {
            ctx.call_fn::<Dynamic>("view", ())
        })
        .map(drop)
        .map_err(|e| unreadable(rt, "view", "view()", &e))?;
    }
    if wiring.has_status {
        let value = read_only(rt, Mode::View("status()"), || {
            ctx.call_fn::<Dynamic>("status", ())
        })
        .map_err(|e| unreadable(rt, "status", "status()", &e))?;
        crate::script::status::read(&value, &wiring.places.main)
            .map_err(|e| HostFault::boxed(ErrorKind::Prompt, e.message))?;
    }
    if wiring.has_faces {
        let value = read_only(rt, Mode::View("faces()"), || {
            ctx.call_fn::<Dynamic>("faces", ())
        })
        .map_err(|e| unreadable(rt, "faces", "faces()", &e))?;
        crate::script::face::read(&value, &wiring.places.main)
            .map_err(|e| HostFault::boxed(ErrorKind::Prompt, e.message))?;
    }
    // When the bot answers, it is asked anyway.
    let bot_answers = rt.borrow().answerer() == Answerer::ScriptBot;
    if let (Some(bot), false) = (wiring.bot, bot_answers) {
        let stream = rt.borrow().bot_stream();
        let picked = ask_bot(ctx, rt, asked);
        rt.borrow_mut().set_bot_stream(stream);
        let function = match bot {
            BotFn::Bot => "bot",
            BotFn::Rate => "rate",
        };
        picked.map_err(|e| unreadable(rt, function, "the bot (hint)", &e))?;
    }
    declarations::check(ctx, rt)?;
    compiled::check(ctx, rt, asked.options)
}

/// Two options of one prompt with the same key or label: an error naming both.
fn same_twice(what: &str, texts: &[&String]) -> Fallible<()> {
    for (i, text) in texts.iter().enumerate() {
        if let Some(j) = texts[..i].iter().position(|earlier| earlier == text) {
            return Err(HostFault::boxed(
                ErrorKind::Prompt,
                format!(
                    "options {} and {} have the same {what} `{text}`: a player can not tell them apart",
                    j + 1,
                    i + 1
                ),
            ));
        }
    }
    Ok(())
}

/// A failure of `function` while a player reads the decision.
fn unreadable(
    rt: &Shared,
    function: &str,
    what: &str,
    error: &EvalAltResult,
) -> Box<EvalAltResult> {
    let error = script_error(rt, function, error);
    HostFault::boxed(
        ErrorKind::Prompt,
        format!("{what} fails at this decision: {}", error.message),
    )
}
