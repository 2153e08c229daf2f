//! What a watched decision digests of the named state (`world.rs`): where
//! the ruleset shows its state through `fn view` or `fn status`, their
//! text, not the state itself, for that is all the player reads of it. A
//! world reads them only where its state is not the real game's (the same
//! state shows the same), so its replay costs no view where it agrees.

use super::{hook, read_only, Shared};
use crate::script::error::passes_through;
use crate::script::host::{Fallible, Host, Mode};
use rhai::{Dynamic, NativeCallContext};

/// What the player reads of the named state at a watched decision, where
/// the ruleset shows it through `fn view` or `fn status`: their text. A
/// state they do not show is not seen, so a world may hold another (a coin
/// kept out of sight). `None` where the plain table lists every state, or
/// there is none.
pub(super) fn told_state(ctx: &NativeCallContext, rt: &Shared) -> Fallible<Option<String>> {
    let (has_view, has_status, stateless) = {
        let rt = rt.borrow();
        let wiring = rt.wiring();
        (
            wiring.has_view,
            wiring.has_status,
            rt.table().state.is_empty(),
        )
    };
    if stateless || !(has_view || has_status) {
        return Ok(None);
    }
    let mut told = String::new();
    let hooks = [
        (has_view, "view", "view()"),
        (has_status, "status", "status()"),
    ];
    for (_, name, reader) in hooks.into_iter().filter(|(has, _, _)| *has) {
        let shown = read_only(rt, Mode::View(reader), || {
            hook::<Dynamic>(ctx, rt, name, ())
        });
        match shown {
            Ok(text) => told.push_str(&text.to_string()),
            Err(error) if passes_through(&error) => return Err(error),
            // A hook that fails shows its failure, which is what is seen.
            Err(error) => told.push_str(&error.to_string()),
        }
        told.push('\0');
    }
    Ok(Some(told))
}
