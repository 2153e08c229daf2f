//! `delve check`'s test of the compiled game (`declared/compiled/`): where
//! a game's whole turn is declared, the solver lists and plays it on
//! boards in Rust, apart from the host's declared turn that a person plays.
//! At each decision looked at, the compiled listing must name the options
//! the host offers, in their order, and each option played on a board
//! must come to the table (or the end) the host's move comes to. Any
//! difference is a fault of the host, named with the option.

use super::super::protocol::read_only;
use super::super::steps::apply;
use super::super::{Runtime, Stop};
use crate::declared::compiled::{Compiled, Ended};
use crate::script::error::{ErrorKind, HostFault};
use crate::script::host::{Fallible, Host, Mode};
use rhai::{Dynamic, Map, NativeCallContext};
use std::cell::RefCell;
use std::rc::Rc;

type Shared = Rc<RefCell<Runtime>>;

/// An error of kind `Declaration` where the compiled game and the host's
/// declared turn part at this decision, `options` its options.
pub(in crate::run) fn check(
    ctx: &NativeCallContext,
    rt: &Shared,
    options: &[Dynamic],
) -> Fallible<()> {
    let compiled = {
        let host = rt.borrow();
        if !host.wiring().positions {
            return Ok(());
        }
        let Ok(rules) = Compiled::of(&*host) else {
            return Ok(());
        };
        let Ok(board) = rules.board(&*host) else {
            return Ok(());
        };
        (rules, board)
    };
    let (rules, board) = compiled;
    let mut moves = Vec::new();
    rules.moves(&board, &mut moves);
    let table = rt.borrow().table().clone();
    let name = |pile: u8| table.pile(usize::from(pile)).name.clone();
    let listed: Vec<(String, String, String, i64)> = moves
        .iter()
        .map(|m| {
            let (from, to) = if m.count == 0 {
                (String::new(), String::new())
            } else {
                (name(m.from), name(m.to))
            };
            (
                rules.kind_name(*m).to_string(),
                from,
                to,
                i64::from(m.count),
            )
        })
        .collect();
    let offered: Vec<(String, String, String, i64)> = options.iter().map(described).collect();
    if listed != offered {
        return Err(fault(format!(
            "the compiled game lists {listed:?} where the host offers {offered:?}"
        )));
    }
    let saved = rt.borrow_mut().set_aside();
    let mut found = Ok(());
    for (option, &mv) in options.iter().zip(&moves) {
        rt.borrow_mut().put_back_changed(&saved, &|_| {});
        let mut played = board.clone();
        let ended = rules.play(&mut played, mv, &mut Vec::new());
        let applied = read_only(rt, Mode::Play, || apply(ctx, rt, option.clone()));
        let stop = rt.borrow_mut().take_stop();
        let agrees = match (ended, stop, applied) {
            (Some(ended), Some(Stop::Ended(outcome)), _) => {
                let (result, score) = match ended {
                    Ended::Won(s) => ("win", s),
                    Ended::Lost(s) | Ended::Repeated(s) => ("loss", s),
                };
                outcome.result == result && outcome.score == score
            }
            (None, None, Ok(())) => rules.board(&*rt.borrow()).is_ok_and(|b| b == played),
            _ => false,
        };
        if !agrees {
            found = Err(fault(format!(
                "the compiled game and the host's declared turn part after option {:?}",
                described(option)
            )));
            break;
        }
    }
    rt.borrow_mut().end_trial(saved);
    found
}

/// An option as the compiled listing names it: kind, piles, cards.
fn described(option: &Dynamic) -> (String, String, String, i64) {
    let map = option
        .read_lock::<Map>()
        .map(|m| m.clone())
        .unwrap_or_default();
    let text = |field: &str| {
        map.get(field)
            .and_then(|v| v.clone().into_string().ok())
            .unwrap_or_default()
    };
    let count = map.get("count").and_then(|c| c.as_int().ok()).unwrap_or(0);
    (text("act"), text("from"), text("to"), count)
}

fn fault(message: String) -> Box<rhai::EvalAltResult> {
    HostFault::boxed(ErrorKind::Declaration, message)
}
