//! What a client may send, one line each: an answer (the option's 0-based
//! index, its key or its label, bare or as a JSON string) or a command
//! (`undo [N|all]`, `redo [N|all]`, `hint`, `why CARD PLACE`, `restart`, `new [SEED]`,
//! `save PATH`, `load PATH`, `rules`, `options`, `log`, `quit`). A bare
//! line that starts with a command word is the command; a JSON string is
//! always an answer, so an option labelled `undo` can still be chosen as
//! `"undo"`. Version 1 knows only answers and `undo`.

use crate::files::Replace;
use crate::game::decision::Offer;
use crate::session::command::{Command, Named, Steps};
use serde_json::Value;
use std::path::PathBuf;

#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Request {
    /// A command for the game (a choice included).
    Act(Command),
    /// End the session.
    Quit,
    /// A command word with arguments it does not take: the command and why.
    Usage(&'static str, String),
    /// `why CARD PLACE`: why no option carries the card there (the rest).
    Why(String),
    /// Neither an option nor a command: the text, to name in the error.
    Unknown(String),
}

/// The commands of version 2, as the error for an unknown line lists them.
pub(crate) const COMMANDS: &str =
    "undo [N|all], redo [N|all], hint [mc], why CARD PLACE, restart, new [SEED], save [--replace] PATH, load PATH, rules, options, log, quit";

/// Reads one line; `v2` is false in protocol 1, where only `undo` was a command.
pub(crate) fn parse(line: &str, options: &[Offer], v2: bool) -> Request {
    let line = line.trim();
    if line == "undo" {
        return Request::Act(Command::Undo(Steps::Count(1)));
    }
    if v2 {
        if let Some(request) = command(line) {
            return request;
        }
    }
    let text = match serde_json::from_str::<Value>(line) {
        Ok(Value::Number(n)) => {
            return n
                .as_u64()
                .and_then(|i| usize::try_from(i).ok())
                .filter(|&i| i < options.len())
                .map_or_else(
                    || Request::Unknown(line.to_string()),
                    |i| Request::Act(Command::Choose(i)),
                );
        }
        Ok(Value::String(s)) => s,
        _ => line.to_string(),
    };
    options
        .iter()
        .position(|o| o.key == text)
        .or_else(|| options.iter().position(|o| o.label == text))
        .map_or(Request::Unknown(text), |i| Request::Act(Command::Choose(i)))
}

/// A version 2 command, if the line's first word names one.
fn command(line: &str) -> Option<Request> {
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    let rest = rest.trim();
    let name: &'static str = match word {
        "undo" => "undo",
        "redo" => "redo",
        "hint" => "hint",
        "restart" => "restart",
        "new" => "new",
        "save" => "save",
        "load" => "load",
        "rules" => "rules",
        "options" => "options",
        "log" => "log",
        "quit" => "quit",
        "why" => "why",
        _ => return None,
    };
    let usage = |why: &str| Some(Request::Usage(name, why.to_string()));
    let act = |command| Some(Request::Act(command));
    match (name, rest) {
        ("undo", _) => steps(rest).map_or_else(
            || usage("undo takes a number above 0 or `all`"),
            |s| act(Command::Undo(s)),
        ),
        ("redo", _) => steps(rest).map_or_else(
            || usage("redo takes a number above 0 or `all`"),
            |s| act(Command::Redo(s)),
        ),
        ("new", "") => act(Command::New(None)),
        ("new", seed) => seed.parse().map_or_else(
            |_| usage(&format!("a seed is a whole number, not `{seed}`")),
            |s| act(Command::New(Some(s))),
        ),
        ("save", "" | "--replace") => usage("usage: save [--replace] PATH"),
        ("load", "") => usage("usage: load PATH"),
        ("save", path) => {
            let (replace, path) = match path.strip_prefix("--replace") {
                Some(rest) if rest.starts_with(char::is_whitespace) => {
                    (Replace::SameKind, rest.trim())
                }
                _ => (Replace::Nothing, path),
            };
            act(Command::Save {
                file: named(path),
                counted: false,
                replace,
            })
        }
        ("load", path) => act(Command::Load(named(path))),
        ("hint", "mc") => act(Command::HintMc),
        ("why", "") => usage("usage: why CARD PLACE (`why 9d 10c`, `why 4h foundation`)"),
        ("why", typed) => Some(Request::Why(typed.to_string())),
        (_, more) if !more.is_empty() => usage(&format!("{name} takes nothing after it")),
        ("hint", _) => act(Command::Hint),
        ("restart", _) => act(Command::Restart),
        ("rules", _) => act(Command::Rules),
        ("options", _) => act(Command::Options),
        ("log", _) => act(Command::Log),
        _ => Some(Request::Quit),
    }
}

/// Nothing (one), a number above 0, or `all`.
fn steps(text: &str) -> Option<Steps> {
    match text {
        "" => Some(Steps::Count(1)),
        "all" => Some(Steps::All),
        n => n.parse().ok().filter(|n| *n > 0).map(Steps::Count),
    }
}

fn named(path: &str) -> Named {
    Named {
        path: PathBuf::from(path),
        shown: path.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn offers() -> Vec<Offer> {
        [("a", "discard 7♥"), ("undo", "take it back")]
            .iter()
            .map(|(k, l)| Offer {
                key: (*k).into(),
                label: (*l).into(),
                carries: None,
            })
            .collect()
    }

    fn choose(i: usize) -> Request {
        Request::Act(Command::Choose(i))
    }

    #[test]
    fn reads_an_index_a_key_a_label_or_a_quoted_one() {
        let o = offers();
        assert_eq!(parse("0", &o, true), choose(0));
        assert_eq!(parse("a", &o, true), choose(0));
        assert_eq!(parse("discard 7♥", &o, true), choose(0));
        assert_eq!(parse("\"undo\"", &o, true), choose(1));
        assert_eq!(parse("2", &o, true), Request::Unknown("2".into()));
        assert_eq!(parse("-1", &o, true), Request::Unknown("-1".into()));
    }

    #[test]
    fn a_bare_command_word_is_the_command() {
        let o = offers();
        assert_eq!(
            parse("undo", &o, true),
            Request::Act(Command::Undo(Steps::Count(1)))
        );
        assert_eq!(
            parse("undo 3", &o, true),
            Request::Act(Command::Undo(Steps::Count(3)))
        );
        assert_eq!(
            parse("redo all", &o, true),
            Request::Act(Command::Redo(Steps::All))
        );
        assert_eq!(
            parse("save /tmp/x.json", &o, true),
            Request::Act(Command::Save {
                file: named("/tmp/x.json"),
                counted: false,
                replace: Replace::Nothing,
            })
        );
        assert_eq!(
            parse("save --replace x.json", &o, true),
            Request::Act(Command::Save {
                file: named("x.json"),
                counted: false,
                replace: Replace::SameKind,
            })
        );
        assert_eq!(parse("hint", &o, true), Request::Act(Command::Hint));
        assert_eq!(
            parse("new 5", &o, true),
            Request::Act(Command::New(Some(5)))
        );
        assert_eq!(parse("quit", &o, true), Request::Quit);
    }

    #[test]
    fn a_command_with_the_wrong_arguments_says_so() {
        let o = offers();
        assert!(matches!(
            parse("undo 0", &o, true),
            Request::Usage("undo", _)
        ));
        assert!(matches!(
            parse("hint me", &o, true),
            Request::Usage("hint", _)
        ));
        assert!(matches!(parse("load", &o, true), Request::Usage("load", _)));
        assert!(matches!(parse("new x", &o, true), Request::Usage("new", _)));
    }

    #[test]
    fn protocol_1_knows_only_undo() {
        let o = offers();
        assert_eq!(parse("redo", &o, false), Request::Unknown("redo".into()));
        assert_eq!(
            parse("undo", &o, false),
            Request::Act(Command::Undo(Steps::Count(1)))
        );
    }
}
