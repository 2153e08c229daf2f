//! The JSON-lines protocol for programs (docs/protocol.md): one object per
//! line out, one answer or command per line in. Version 2 opens with `hello`,
//! sends the view and the table with every prompt, and replies `ok` or
//! `error` to every line; `--protocol 1` keeps version 1's stream. Whatever
//! a client sends, the game stays where it was unless the line was an answer
//! or a command that moves it. The commands are the session's own
//! (`session::command`), so they do what the REPL's do.

mod request;
pub(crate) mod wire;

use crate::files::{self, Kind, Replace};
use crate::game::decision::Offer;
use crate::lines::read_line;
use crate::session::command::{self, Command, Failure};
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
    /// Stay after `end` (version 2): the client may still undo, restart,
    /// deal anew, load, or quit.
    pub keep_open: bool,
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
            for event in session.news() {
                emit(out, &wire::say(event, v2))?;
            }
        }
        let options = match session.standing() {
            Standing::Ended(outcome) => {
                let end = if v2 {
                    wire::end(&session, outcome, settings.reveal)
                } else {
                    json!({"type": "end", "outcome": outcome.result,
                           "score": outcome.score, "summary": outcome.summary})
                };
                emit(out, &end)?;
                if !(v2 && settings.keep_open) {
                    return Ok(());
                }
                Vec::new()
            }
            Standing::Asking(prompt) => {
                let message = if v2 {
                    wire::prompt(&session, prompt, settings.reveal)
                } else {
                    json!({"type": "prompt", "question": prompt.question, "options": prompt.options})
                };
                emit(out, &message)?;
                prompt.options.clone()
            }
        };
        news = false;
        let line = match read_line(&mut input) {
            None => return Ok(()),
            Some(Ok(line)) => line,
            Some(Err(bad)) => {
                let message = format!("{bad}: send an index, a key or a label");
                emit(out, &json!({"type": "error", "message": message}))?;
                continue;
            }
        };
        let (reply, moved) = reply(&mut session, &line, &options, v2);
        news = moved;
        let quit = reply["command"] == "quit" && reply["type"] == "ok";
        let is_error = reply["type"] == "error";
        if v2 || is_error {
            let mut reply = reply;
            if !v2 {
                if let Value::Object(fields) = &mut reply {
                    fields.remove("command");
                }
            }
            emit(out, &reply)?;
        }
        if quit {
            return Ok(());
        }
    }
}

/// Acts on one line from the client: the reply, and whether the game moved
/// so that what it said is news.
fn reply(session: &mut Session, line: &str, options: &[Offer], v2: bool) -> (Value, bool) {
    let mut news = false;
    let reply = match request::parse(line, options, v2) {
        Request::Quit => json!({"type": "ok", "command": "quit"}),
        Request::Usage(name, why) => error(name, &why, None),
        Request::Unknown(text) => {
            let message = if options.is_empty() {
                format!(
                    "`{text}` is no command, and the game is over: send {}",
                    request::COMMANDS
                )
            } else if v2 {
                format!(
                    "`{text}` is not an option: send its index (0 to {}), key or label, or a command ({})",
                    options.len() - 1,
                    request::COMMANDS
                )
            } else {
                format!(
                    "`{text}` is not an option: send its index (0 to {}), key or label, or undo",
                    options.len() - 1
                )
            };
            error("choose", &message, None)
        }
        Request::Act(Command::Save {
            file,
            replace: Replace::Nothing,
            ..
        }) if files::holds_same_kind(&file.path, Kind::Save) => {
            let shown = &file.shown;
            let message = format!(
                "can not save to {shown}: it is a delve save already; `save --replace {shown}` replaces it"
            );
            error("save", &message, None)
        }
        Request::Act(act) => {
            let name = act.name();
            // A game that starts again, or a step on, tells its story.
            let tells = matches!(
                act,
                Command::Choose(_)
                    | Command::Restart
                    | Command::New(_)
                    | Command::Load(_)
                    | Command::Reload
            );
            match command::apply(session, act) {
                Ok(effect) => {
                    news = tells && effect.moved;
                    let mut ok = json!({"type": "ok", "command": name});
                    for (field, value) in effect.fields {
                        ok[field] = value;
                    }
                    if matches!(name, "rules" | "options" | "log") {
                        ok["text"] = json!(effect.message);
                    }
                    ok
                }
                Err(Failure::Refused(message)) => error(name, &message, None),
                Err(Failure::Script { message, kind, .. }) => error(name, &message, kind),
            }
        }
    };
    (reply, news)
}

fn error(command: &str, message: &str, kind: Option<crate::script::error::ErrorKind>) -> Value {
    let mut error = json!({"type": "error", "message": message, "command": command});
    if let Some(kind) = kind {
        // A script's failure says what kind: parse, runtime, limit, ...
        error["kind"] = json!(kind);
    }
    error
}

fn emit(out: &mut impl Write, value: &Value) -> io::Result<()> {
    writeln!(out, "{value}")?;
    out.flush()
}
