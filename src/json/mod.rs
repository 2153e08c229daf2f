//! The JSON-lines protocol for programs (docs/protocol.md): one object per
//! line out, one answer or command per line in. Version 2 opens with `hello`,
//! sends the view and the table with every prompt, and replies `ok` or
//! `error` to every line; `--protocol 1` keeps version 1's stream. Whatever
//! a client sends, the game stays where it was unless the line was an answer
//! or a command that moves it.

mod request;
pub(crate) mod wire;

use crate::repl::input::read_line;
use crate::run::Event;
use crate::session::{Session, Standing};
use request::Request;
use serde_json::{json, Value};
use std::io::{self, BufRead, Write};

/// How a client wants the stream.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Settings {
    /// 1 or 2.
    pub protocol: u32,
    /// Show face-down cards in the table (for test drivers; a player's front
    /// end leaves it off).
    pub reveal: bool,
}

pub(crate) fn serve(
    mut session: Session,
    mut input: impl BufRead,
    out: &mut impl Write,
    settings: Settings,
) -> io::Result<()> {
    let v2 = settings.protocol >= 2;
    if v2 {
        emit(out, &wire::hello(&session))?;
    }
    let mut news = true;
    loop {
        if news {
            for text in says_since_last_choice(&session) {
                emit(out, &json!({"type": "say", "text": text}))?;
            }
        }
        let prompt = match session.standing() {
            Standing::Ended(outcome) => {
                let end = if v2 {
                    wire::end(&session, outcome, settings.reveal)
                } else {
                    json!({"type": "end", "outcome": outcome.result,
                           "score": outcome.score, "summary": outcome.summary})
                };
                return emit(out, &end);
            }
            Standing::Asking(prompt) => prompt.clone(),
        };
        let message = if v2 {
            wire::prompt(&session, &prompt, settings.reveal)
        } else {
            json!({"type": "prompt", "question": prompt.question, "options": prompt.options})
        };
        emit(out, &message)?;
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
        let request = request::parse(&line, &prompt.options, v2);
        let command = request.command();
        news = matches!(request, Request::Answer(_) | Request::Restart);
        match perform(&mut session, request, prompt.options.len()) {
            Ok(done) if v2 => {
                let mut ok = json!({"type": "ok", "command": command});
                if let Value::Object(fields) = done {
                    for (name, value) in fields {
                        ok[name] = value;
                    }
                }
                emit(out, &ok)?;
            }
            Ok(_) => {}
            Err((message, kind)) => {
                news = false;
                let mut error = json!({"type": "error", "message": message});
                if v2 {
                    error["command"] = json!(command);
                }
                if let Some(kind) = kind {
                    // A script's failure says what kind: parse, runtime, limit, ...
                    error["kind"] = json!(kind);
                }
                emit(out, &error)?;
            }
        }
    }
}

type Refusal = (String, Option<crate::script::error::ErrorKind>);

/// Does what the line asks; gives the `ok` reply's extra fields.
fn perform(session: &mut Session, request: Request, count: usize) -> Result<Value, Refusal> {
    let script = |e: crate::script::ScriptError| (format!("script error: {e}"), Some(e.kind));
    let plain = |m: &str| (m.to_string(), None);
    match request {
        Request::Answer(index) => {
            let offer = session.prompt().map(|p| p.options[index].clone());
            session.choose(index).map_err(script)?;
            let offer = offer.unwrap_or_default();
            Ok(json!({"index": index, "key": offer.key, "label": offer.label}))
        }
        Request::Undo => {
            if session.undo().map_err(script)? {
                Ok(Value::Null)
            } else {
                Err(plain("there is nothing to undo"))
            }
        }
        Request::Redo => {
            if session.redo().map_err(script)? {
                Ok(Value::Null)
            } else {
                Err(plain("there is nothing to redo"))
            }
        }
        Request::Restart => session.restart().map(|()| Value::Null).map_err(script),
        Request::Hint => match session.hint_index() {
            None => Err(plain("this ruleset has no bot of its own to ask")),
            Some(Err(e)) => Err(script(e)),
            Some(Ok(index)) => {
                let offer = session.prompt().map(|p| p.options[index].clone());
                let offer = offer.unwrap_or_default();
                Ok(json!({"index": index, "key": offer.key, "label": offer.label}))
            }
        },
        Request::Save(path) if path.is_empty() => Err(plain("usage: save PATH")),
        Request::Save(request) => match crate::save::protocol_save(session, &request) {
            Ok(path) => Ok(json!({"path": path})),
            Err(e) => Err((format!("{e:#}"), None)),
        },
        Request::Unknown(text) => Err((
            format!(
                "`{text}` is not an option: send its index (0 to {}), key or label, or a command (undo, redo, hint, restart, save PATH)",
                count.saturating_sub(1)
            ),
            None,
        )),
    }
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
