//! The REPL's commands: their names, what they take, and their help.

/// Every command with its arguments and a line of help, in help order.
pub(crate) const COMMANDS: &[(&str, &str, &str)] = &[
    ("help", "[COMMAND]", "this list, or the help of one command"),
    ("list", "", "the rulesets and variants you can play"),
    (
        "play",
        "GAME [SEED]",
        "start a game: a name from `list` or a path to a .rhai file",
    ),
    (
        "rules",
        "[GAME]",
        "the rules of the current game, or of any ruleset",
    ),
    (
        "options",
        "",
        "the current game's options, their values and meaning",
    ),
    ("show", "", "the table and the question again"),
    (
        "undo",
        "",
        "take back the last choice (as often as you like)",
    ),
    ("redo", "", "make an undone choice again"),
    (
        "restart",
        "",
        "the same deal from the start (redo steps forward again)",
    ),
    (
        "new",
        "[SEED]",
        "a new deal: the next seed, or the one given",
    ),
    ("save", "FILE", "save the game to a JSON file"),
    (
        "record",
        "FILE",
        "write the game so far as a transcript, for `delve test`",
    ),
    ("load", "FILE", "load a saved game"),
    (
        "reload",
        "",
        "re-read the script and replay your choices (for rule authors)",
    ),
    ("log", "", "everything said and chosen in this game so far"),
    ("hint", "", "what the ruleset's own bot would choose"),
    ("quit", "", "leave delve (also Ctrl-D)"),
];

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Command {
    Help(Option<String>),
    List,
    Play(String, Option<u64>),
    Rules(Option<String>),
    Options,
    Show,
    Undo,
    Redo,
    Restart,
    New(Option<u64>),
    Save(String),
    Record(String),
    Load(String),
    Reload,
    Log,
    Hint,
    Quit,
}

/// Reads a command; `None` when the first word names no command.
pub(crate) fn parse(input: &str) -> Option<Result<Command, String>> {
    let mut words = input.split_whitespace();
    let name = words.next()?.to_lowercase();
    let args: Vec<&str> = words.collect();
    let name = match name.as_str() {
        "exit" | "q" => "quit",
        "?" => "help",
        other => COMMANDS.iter().find(|(n, _, _)| *n == other)?.0,
    };
    let usage = || {
        let (_, args, _) = COMMANDS.iter().find(|(n, _, _)| *n == name).unwrap();
        format!("usage: {name} {args}").trim_end().to_string()
    };
    let seed = |text: Option<&&str>| -> Result<Option<u64>, String> {
        text.map(|s| {
            s.parse::<u64>()
                .map_err(|_| format!("a seed is a whole number, not `{s}`"))
        })
        .transpose()
    };
    let command = match (name, args.as_slice()) {
        ("help", []) => Command::Help(None),
        ("help", [topic]) => Command::Help(Some(topic.to_string())),
        ("play", [game]) => Command::Play(game.to_string(), None),
        ("play", [game, s]) => match seed(Some(s)) {
            Ok(s) => Command::Play(game.to_string(), s),
            Err(e) => return Some(Err(e)),
        },
        ("new", rest @ ([] | [_])) => match seed(rest.first()) {
            Ok(s) => Command::New(s),
            Err(e) => return Some(Err(e)),
        },
        ("save", [file]) => Command::Save(file.to_string()),
        ("record", [file]) => Command::Record(file.to_string()),
        ("load", [file]) => Command::Load(file.to_string()),
        ("list", []) => Command::List,
        ("rules", []) => Command::Rules(None),
        ("rules", [game]) => Command::Rules(Some(game.to_string())),
        ("options", []) => Command::Options,
        ("show", []) => Command::Show,
        ("undo", []) => Command::Undo,
        ("redo", []) => Command::Redo,
        ("restart", []) => Command::Restart,
        ("reload", []) => Command::Reload,
        ("log", []) => Command::Log,
        ("hint", []) => Command::Hint,
        ("quit", []) => Command::Quit,
        _ => return Some(Err(usage())),
    };
    Some(Ok(command))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_read_their_arguments() {
        assert_eq!(parse("undo"), Some(Ok(Command::Undo)));
        assert_eq!(parse("new 7"), Some(Ok(Command::New(Some(7)))));
        assert_eq!(
            parse("PLAY x 3"),
            Some(Ok(Command::Play("x".into(), Some(3))))
        );
        assert_eq!(parse("exit"), Some(Ok(Command::Quit)));
    }

    #[test]
    fn a_word_that_is_no_command_is_not_read() {
        assert_eq!(parse("delve deeper"), None);
        assert_eq!(parse(""), None);
    }

    #[test]
    fn wrong_arguments_show_the_usage() {
        assert_eq!(parse("save"), Some(Err("usage: save FILE".into())));
        assert_eq!(parse("undo twice"), Some(Err("usage: undo".into())));
        assert_eq!(
            parse("new x"),
            Some(Err("a seed is a whole number, not `x`".into()))
        );
    }
}
