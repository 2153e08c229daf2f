//! What a client may send, one line each: an answer (the option's 0-based
//! index, its key or its label, bare or as a JSON string) or a command
//! (`undo`, `redo`, `hint`, `restart`, `save PATH`). A bare word that names a
//! command is the command; a JSON string is always an answer, so an option
//! labelled `undo` can still be chosen as `"undo"`.

use crate::decision::Offer;
use serde_json::Value;

#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Request {
    Answer(usize),
    Undo,
    Redo,
    Hint,
    Restart,
    Save(String),
    /// Neither an option nor a command: the text, to name in the error.
    Unknown(String),
}

impl Request {
    /// The command's name, as the `ok` and `error` replies give it.
    pub(crate) fn command(&self) -> &'static str {
        match self {
            Request::Answer(_) | Request::Unknown(_) => "choose",
            Request::Undo => "undo",
            Request::Redo => "redo",
            Request::Hint => "hint",
            Request::Restart => "restart",
            Request::Save(_) => "save",
        }
    }
}

/// Reads one line; `commands` is false in protocol 1, where only `undo` was a command.
pub(crate) fn parse(line: &str, options: &[Offer], commands: bool) -> Request {
    let line = line.trim();
    match (line, commands) {
        ("undo", _) => return Request::Undo,
        ("redo", true) => return Request::Redo,
        ("hint", true) => return Request::Hint,
        ("restart", true) => return Request::Restart,
        _ => {}
    }
    if commands {
        if let Some(path) = line.strip_prefix("save ") {
            return Request::Save(path.trim().to_string());
        }
    }
    let text = match serde_json::from_str::<Value>(line) {
        Ok(Value::Number(n)) => {
            return n
                .as_u64()
                .and_then(|i| usize::try_from(i).ok())
                .filter(|&i| i < options.len())
                .map_or_else(|| Request::Unknown(line.to_string()), Request::Answer);
        }
        Ok(Value::String(s)) => s,
        _ => line.to_string(),
    };
    options
        .iter()
        .position(|o| o.key == text)
        .or_else(|| options.iter().position(|o| o.label == text))
        .map_or(Request::Unknown(text), Request::Answer)
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
            })
            .collect()
    }

    #[test]
    fn reads_an_index_a_key_a_label_or_a_quoted_one() {
        let o = offers();
        assert_eq!(parse("0", &o, true), Request::Answer(0));
        assert_eq!(parse("a", &o, true), Request::Answer(0));
        assert_eq!(parse("discard 7♥", &o, true), Request::Answer(0));
        assert_eq!(parse("\"undo\"", &o, true), Request::Answer(1));
        assert_eq!(parse("2", &o, true), Request::Unknown("2".into()));
        assert_eq!(parse("-1", &o, true), Request::Unknown("-1".into()));
    }

    #[test]
    fn a_bare_command_word_is_the_command() {
        let o = offers();
        assert_eq!(parse("undo", &o, true), Request::Undo);
        assert_eq!(
            parse("save /tmp/x.json", &o, true),
            Request::Save("/tmp/x.json".into())
        );
        assert_eq!(parse("hint", &o, true), Request::Hint);
    }

    #[test]
    fn protocol_1_knows_only_undo() {
        let o = offers();
        assert_eq!(parse("redo", &o, false), Request::Unknown("redo".into()));
        assert_eq!(parse("undo", &o, false), Request::Undo);
    }
}
