//! Undo and redo of several choices at once, and the sentence that says
//! what moved (`Undone: discard 7♥.`).

use super::command::Steps;
use super::Reply;
use crate::run::Event;
use crate::script::ScriptError;
use crate::session::Session;

/// `undo N` or `undo all`: what it took back.
pub(super) fn undo_many(session: &mut Session, steps: Steps, moved: &mut bool) -> Reply {
    let labels = chosen_labels(session);
    match session.undo_many(count(steps)) {
        Ok(0) => Reply::Done("There is nothing to undo.".into()),
        Ok(n) => {
            *moved = true;
            let undone = &labels[labels.len().saturating_sub(n)..];
            Reply::Done(undone_text(undone, session.choices().is_empty()))
        }
        Err(error) => Reply::ScriptFailed(format!(
            "script error: {error}\n(the game stays where it was)"
        )),
    }
}

/// `redo N` or `redo all`: what it made again.
pub(super) fn redo_many(session: &mut Session, steps: Steps, moved: &mut bool) -> Reply {
    match session.redo_many(count(steps)) {
        Ok(0) => Reply::Done("There is nothing to redo.".into()),
        Ok(n) => {
            *moved = true;
            let labels = chosen_labels(session);
            let redone = &labels[labels.len().saturating_sub(n)..];
            Reply::Done(redone_text(redone, session.redo_len()))
        }
        Err(error) => Reply::ScriptFailed(format!(
            "script error: {error}\n(the game stays where it was)"
        )),
    }
}

pub(super) fn count(steps: Steps) -> usize {
    match steps {
        Steps::All => usize::MAX,
        Steps::Count(n) => n,
    }
}

/// The labels of the choices made, in order.
pub(super) fn chosen_labels(session: &Session) -> Vec<String> {
    session
        .events()
        .iter()
        .filter_map(|e| match e {
            Event::Chose { label, .. } => Some(label.clone()),
            Event::Say(_) => None,
        })
        .collect()
}

/// `Undone: discard 7♥.`, or for several the first and last taken back.
pub(super) fn undone_text(labels: &[String], at_start: bool) -> String {
    let end = if at_start {
        " Back at the start of this deal."
    } else {
        ""
    };
    match labels {
        [] => format!("Undone.{end}"),
        [one] => format!("Undone: {one}.{end}"),
        [first, .., last] => format!(
            "Undone {} choices, from {last} back to {first}.{end}",
            labels.len()
        ),
    }
}

/// `Redone: discard 7♥.`, and how many are left to redo.
pub(super) fn redone_text(labels: &[String], left: usize) -> String {
    let rest = if left > 0 {
        format!(" ({left} more to redo)")
    } else {
        String::new()
    };
    match labels {
        [] => format!("Redone.{rest}"),
        [one] => format!("Redone: {one}.{rest}"),
        [first, .., last] => format!(
            "Redone {} choices, from {first} to {last}.{rest}",
            labels.len()
        ),
    }
}

/// The message of a step that reruns the game: done, nothing to do, or failed.
pub(super) fn step(
    result: Result<bool, ScriptError>,
    moved: &mut bool,
    done: &str,
    nothing: &str,
) -> Reply {
    match result {
        Ok(true) => {
            *moved = true;
            Reply::Done(done.to_string())
        }
        Ok(false) => Reply::Done(nothing.to_string()),
        Err(error) => Reply::ScriptFailed(format!(
            "script error: {error}\n(the game stays where it was)"
        )),
    }
}
