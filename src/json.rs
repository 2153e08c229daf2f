//! The JSON-lines protocol for programs: one object per line out (`say`,
//! `prompt`, `end`, `error`), one answer per line in (an option's 0-based
//! index, its key or its label; or `undo`). A bad answer changes nothing.

use crate::repl::input::read_line;
use crate::run::Event;
use crate::session::{Session, Standing};
use serde_json::{json, Value};
use std::io::{self, BufRead, Write};

pub(crate) fn serve(
    mut session: Session,
    mut input: impl BufRead,
    out: &mut impl Write,
) -> io::Result<()> {
    let mut news = true;
    loop {
        if news {
            for text in says_since_last_choice(&session) {
                emit(out, &json!({"type": "say", "text": text}))?;
            }
        }
        let prompt = match session.standing() {
            Standing::Ended(outcome) => {
                let end = json!({
                    "type": "end",
                    "outcome": outcome.result,
                    "score": outcome.score,
                    "summary": outcome.summary,
                });
                return emit(out, &end);
            }
            Standing::Asking(prompt) => prompt.clone(),
        };
        emit(
            out,
            &json!({"type": "prompt", "question": prompt.question, "options": prompt.options}),
        )?;
        let line = match read_line(&mut input) {
            None => return Ok(()),
            Some(Ok(line)) => line,
            Some(Err(())) => {
                news = false;
                let message = "that line is not text (UTF-8): send an index, a key or a label";
                emit(out, &json!({"type": "error", "message": message}))?;
                continue;
            }
        };
        let line = line.trim();
        news = false;
        let result = if line == "undo" {
            match session.undo() {
                Ok(true) => Ok(()),
                Ok(false) => Err(("there is nothing to undo".to_string(), None)),
                Err(e) => Err((format!("script error: {e}"), Some(e.kind))),
            }
        } else {
            match pick(line, &prompt.options) {
                Some(index) => {
                    news = true;
                    session
                        .choose(index)
                        .map_err(|e| (format!("script error: {e}"), Some(e.kind)))
                }
                None => Err((
                    format!(
                        "`{line}` is not an option: send its index (0 to {}), key or label, or undo",
                        prompt.options.len() - 1
                    ),
                    None,
                )),
            }
        };
        if let Err((message, kind)) = result {
            news = false;
            let mut error = json!({"type": "error", "message": message});
            if let Some(kind) = kind {
                // A script's failure says what kind: parse, runtime, limit, ...
                error["kind"] = json!(kind);
            }
            emit(out, &error)?;
        }
    }
}

/// An answer: a number is an index; text (bare or a JSON string) a key or label.
fn pick(line: &str, options: &[crate::decision::Offer]) -> Option<usize> {
    let text = match serde_json::from_str::<Value>(line) {
        Ok(Value::Number(n)) => {
            return n
                .as_u64()
                .map(|i| i as usize)
                .filter(|&i| i < options.len())
        }
        Ok(Value::String(s)) => s,
        _ => line.to_string(),
    };
    options
        .iter()
        .position(|o| o.key == text)
        .or_else(|| options.iter().position(|o| o.label == text))
}

fn says_since_last_choice(session: &Session) -> Vec<String> {
    let events = session.events();
    let start = events
        .iter()
        .rposition(|e| matches!(e, Event::Chose { .. }))
        .map_or(0, |i| i + 1);
    events[start..]
        .iter()
        .filter_map(|e| match e {
            Event::Say(text) => Some(text.clone()),
            Event::Chose { .. } => None,
        })
        .collect()
}

fn emit(out: &mut impl Write, value: &Value) -> io::Result<()> {
    writeln!(out, "{value}")?;
    out.flush()
}
