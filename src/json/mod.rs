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
use crate::session::refusal;
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
    let (mut conversation, opening) = Conversation::open(&session, settings);
    for message in &opening {
        emit(out, message)?;
    }
    while !conversation.finished() {
        let line = match read_line(&mut input) {
            None => return Ok(()),
            Some(line) => line.map_err(|bad| bad.to_string()),
        };
        for message in &conversation.answer(&mut session, line) {
            emit(out, message)?;
        }
    }
    Ok(())
}

/// A client's conversation with one game, as the messages to send: first
/// the opening, then for each line the reply and where the game stands.
/// The JSON-lines loop speaks it; so can any front end that speaks the
/// protocol one line at a time.
pub(crate) struct Conversation {
    settings: Settings,
    /// The options of the prompt last sent (none once the game is over).
    options: Vec<Offer>,
    finished: bool,
}

impl Conversation {
    /// `hello` (version 2), what the game said so far, and its prompt or end.
    pub(crate) fn open(session: &Session, settings: Settings) -> (Conversation, Vec<Value>) {
        let mut conversation = Conversation {
            settings,
            options: Vec::new(),
            finished: false,
        };
        let mut messages = Vec::new();
        if settings.protocol >= 2 {
            messages.push(wire::hello(session));
        }
        conversation.standing(session, true, &mut messages);
        (conversation, messages)
    }

    /// Whether the conversation is over: the client quit, or the game ended
    /// and the client did not ask to stay (`--keep-open`).
    pub(crate) fn finished(&self) -> bool {
        self.finished
    }

    /// The messages for one line from the client (or the reason it could
    /// not be read): the reply, then, unless it quit, the news if the game
    /// moved and the prompt or the end again.
    pub(crate) fn answer(
        &mut self,
        session: &mut Session,
        line: Result<String, String>,
    ) -> Vec<Value> {
        let v2 = self.settings.protocol >= 2;
        let mut messages = Vec::new();
        let moved = match line {
            Err(bad) => {
                let message = format!("{bad}: send an index, a key or a label");
                messages.push(json!({"type": "error", "message": message}));
                false
            }
            Ok(line) => {
                let (mut reply, moved) = reply(session, &line, &self.options, v2);
                let quit = reply["command"] == "quit" && reply["type"] == "ok";
                if v2 || reply["type"] == "error" {
                    if !v2 {
                        if let Value::Object(fields) = &mut reply {
                            fields.remove("command");
                        }
                    }
                    messages.push(reply);
                }
                if quit {
                    self.finished = true;
                    return messages;
                }
                moved
            }
        };
        self.standing(session, moved, &mut messages);
        messages
    }

    /// The news (if `news`), then the prompt or the end.
    fn standing(&mut self, session: &Session, news: bool, messages: &mut Vec<Value>) {
        let v2 = self.settings.protocol >= 2;
        if news {
            messages.extend(session.news().iter().map(|event| wire::say(event, v2)));
        }
        match session.standing() {
            Standing::Ended(outcome) => {
                messages.push(if v2 {
                    wire::end(session, outcome, self.settings.reveal)
                } else {
                    json!({"type": "end", "outcome": outcome.result,
                           "score": outcome.score, "summary": outcome.summary})
                });
                self.options.clear();
                self.finished = !(v2 && self.settings.keep_open);
            }
            Standing::Asking(prompt) => {
                messages.push(if v2 {
                    wire::prompt(session, prompt, self.settings.reveal)
                } else {
                    let options: Vec<Value> = prompt
                        .options
                        .iter()
                        .map(|o| json!({"key": o.key, "label": o.label}))
                        .collect();
                    json!({"type": "prompt", "question": prompt.question, "options": options})
                });
                self.options.clone_from(&prompt.options);
            }
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
        Request::Why(typed) => {
            match refusal::explain(session.prompt(), session.table(), &session.rules(), &typed) {
                Ok((text, known)) => {
                    json!({"type": "ok", "command": "why", "text": text, "known": known})
                }
                Err(message) => error("why", &message, None),
            }
        }
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
