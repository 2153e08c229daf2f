//! A script's failure, told as `file:line:column: what went wrong`, with the
//! chain of rule functions that led there.

use rhai::{EvalAltResult, ParseError, Position};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    pub message: String,
}

impl ScriptError {
    pub fn plain(message: String) -> ScriptError {
        ScriptError { message }
    }

    pub fn from_parse(origin: &str, error: &ParseError) -> ScriptError {
        let ParseError(kind, position) = error;
        ScriptError::plain(format!("{}: {kind}", locate(origin, *position)))
    }

    /// Follows the error through the functions it passed, to where it arose.
    pub fn from_eval(origin: &str, error: &EvalAltResult) -> ScriptError {
        let mut origin = origin.to_string();
        let mut calls = Vec::new();
        let mut error = error;
        while let EvalAltResult::ErrorInFunctionCall(name, source, inner, position) = error {
            calls.push(format!("{name}() at {}", locate(&origin, *position)));
            if !source.is_empty() {
                origin = source.clone();
            }
            error = inner;
        }
        let what = match error {
            EvalAltResult::ErrorTerminated(token, _) => token.to_string(),
            EvalAltResult::ErrorRuntime(value, _) => value.to_string(),
            other => {
                // Rhai appends ` (line x, position y)`; the location leads instead.
                let text = other.to_string();
                let suffix = format!(" ({})", other.position());
                text.strip_suffix(&suffix).unwrap_or(&text).to_string()
            }
        };
        let mut message = format!("{}: {what}", locate(&origin, error.position()));
        calls.reverse();
        // Deep recursion repeats one line many times: say it once, with a count.
        let mut i = 0;
        while i < calls.len() {
            let same = calls[i..].iter().take_while(|c| **c == calls[i]).count();
            message += &format!("\n  in {}", calls[i]);
            if same > 1 {
                message += &format!(" ({same} times)");
            }
            i += same;
        }
        ScriptError::plain(message)
    }
}

fn locate(origin: &str, position: Position) -> String {
    match (position.line(), position.position()) {
        (Some(line), Some(column)) => format!("{origin}:{line}:{column}"),
        (Some(line), None) => format!("{origin}:{line}"),
        _ => origin.to_string(),
    }
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ScriptError {}
