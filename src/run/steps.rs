//! The game loop of a ruleset of positions (`script/shape.rs`): the host
//! calls `setup()` (and `begin()`, where the ruleset has one), then at every decision `options()` (which only reads
//! the table, and may end the game when no move is left), asks the
//! decision as the protocol asks any (`protocol::decide`: replay, a lone
//! option taken, a bot, the person), and `apply(option)`. Between two
//! decisions no script runs, so the position is all the host holds. A
//! position that comes back ends the game by the ruleset's repetition
//! rule, and one that comes back through lone options alone is a cycle
//! no choice can leave: an error that says so.

use super::protocol::{hook, read_only};
use super::Runtime;
use crate::script::host::{fault, Asked, Fallible, Host, Mode};
use crate::script::position_rules::RepetitionEnd;
use rhai::{Array, Dynamic, ImmutableString, Map, NativeCallContext};
use std::cell::RefCell;
use std::rc::Rc;

type Shared = Rc<RefCell<Runtime>>;

/// The question a decision asks when `options()` gives a plain list.
pub(crate) const YOUR_MOVE: &str = "Your move";

/// Plays the game from its setup; it returns only by an error or a halt
/// (the game's end, a pause at the person's decision). The deal's position
/// is the game's first: a repetition rule counts it like any other.
pub(super) fn play(ctx: &NativeCallContext, rt: &Shared) -> Fallible<Dynamic> {
    set_up(ctx, rt)?;
    let key = rt.borrow().key();
    rt.borrow_mut().history_mut().count(key);
    if let Some(ended) = super::board_play::played_out(rt) {
        return ended;
    }
    play_on(ctx, rt)
}

/// The game's first position: `setup()`, then `begin()` where the ruleset
/// has one. A house rule that wraps `setup` to change the deal so changes it
/// before the first turn begins, as the rules' own setup would have.
pub(crate) fn set_up(ctx: &NativeCallContext, rt: &Shared) -> Fallible<()> {
    hook::<Dynamic>(ctx, rt, "setup", ()).map(drop)?;
    if rt.borrow().wiring().has_begin {
        hook::<Dynamic>(ctx, rt, "begin", ()).map(drop)?;
    }
    Ok(())
}

/// Plays on from the position the host holds, decision after decision,
/// until the game ends (a halt) or fails.
pub(super) fn play_on(ctx: &NativeCallContext, rt: &Shared) -> Fallible<Dynamic> {
    loop {
        step(ctx, rt)?;
    }
}

/// One decision: the options of the position, the answer, the option
/// applied, and what the position's coming back means.
fn step(ctx: &NativeCallContext, rt: &Shared) -> Fallible<()> {
    let (question, options) = options_of(ctx, rt)?;
    let asked = Asked {
        verb: "options",
        question: &question,
        options: &options,
    };
    let before = rt.borrow().decisions();
    let index = Runtime::decide(rt, ctx, &asked)?;
    let lone = rt.borrow().decisions() == before;
    applied(ctx, rt, options[index].clone(), lone)
}

/// `apply(option)`, then what the position's coming back means (`lone`:
/// the option was the only one, taken with no decision).
pub(super) fn applied(
    ctx: &NativeCallContext,
    rt: &Shared,
    option: Dynamic,
    lone: bool,
) -> Fallible<()> {
    apply(ctx, rt, option)?;
    came_back(ctx, rt, lone)
}

/// `apply(option)`: the ruleset's, or (where it declares its moves and
/// leaves applying them to the host) the host's own (`src/declared/`).
pub(crate) fn apply(ctx: &NativeCallContext, rt: &Shared, option: Dynamic) -> Fallible<()> {
    if rt.borrow().wiring().host_applies {
        return crate::declared::apply(rt, ctx, &option);
    }
    hook::<Dynamic>(ctx, rt, "apply", (option,)).map(drop)
}

/// What `options()` gives: a list of options (the question is "Your
/// move"), or a map with the `question` and its `options`.
pub(crate) fn options_of(
    ctx: &NativeCallContext,
    rt: &Shared,
) -> Fallible<(ImmutableString, Array)> {
    if rt.borrow().wiring().host_lists {
        let options = read_only(rt, Mode::Options, || crate::declared::options(rt, ctx))?;
        return Ok((YOUR_MOVE.into(), options));
    }
    let value = read_only(rt, Mode::Options, || {
        hook::<Dynamic>(ctx, rt, "options", ())
    })?;
    let (question, options) = if value.is_array() {
        (YOUR_MOVE.into(), value.cast::<Array>())
    } else if let Some(map) = value.read_lock::<Map>() {
        let question = map
            .get("question")
            .and_then(|q| q.clone().into_immutable_string().ok());
        let options = map
            .get("options")
            .and_then(|o| o.read_lock::<Array>().map(|a| a.clone()));
        match (question, options) {
            (Some(q), Some(o)) => (q, o),
            _ => return Err(fault(
                "options() gave a map without a text `question` and a list `options`: it gives the options as a list, or #{ question: \"...\", options: [...] }".into(),
            )),
        }
    } else {
        return Err(fault(format!(
            "options() gave {}: it gives the options as a list, or #{{ question: \"...\", options: [...] }}",
            crate::script::api::kind_of(&value)
        )));
    };
    if options.is_empty() {
        return Err(fault(
            "options() gave no options and the game goes on: where no move is left, a rule ends the game (`end`, or options() itself)".into(),
        ));
    }
    Ok((question, options))
}

/// After a move: counts the position in the game's history, ends the game
/// by the ruleset's repetition rule when it has come back often enough,
/// and refuses a cycle of lone options (nothing a player could choose
/// would ever leave it).
fn came_back(ctx: &NativeCallContext, rt: &Shared, lone: bool) -> Fallible<()> {
    let rules = rt.borrow().wiring().position.clone();
    if rules.repetition.is_none() && !lone {
        rt.borrow_mut().history_mut().chosen();
        return Ok(());
    }
    let key = rt.borrow().key();
    let times = rt.borrow_mut().history_mut().count(key);
    if let Some(repetition) = rules.repetition.as_ref().filter(|r| times >= r.times) {
        let rule = match &repetition.end {
            RepetitionEnd::Lost(says) => {
                return crate::declared::repeated(&mut *rt.borrow_mut(), says)
            }
            RepetitionEnd::Rule(rule) => rule,
        };
        hook::<Dynamic>(ctx, rt, rule, ()).map(drop)?;
        return Err(fault(format!(
            "the position came back {times} times and {rule}() did not end the game: the repetition rule must end it"
        )));
    }
    if !lone {
        rt.borrow_mut().history_mut().chosen();
    } else if rules.repetition.is_none() && !rt.borrow_mut().history_mut().forced(key) {
        return Err(fault(super::LONE_CYCLE.into()));
    }
    Ok(())
}
