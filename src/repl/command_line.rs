//! Reading a REPL command from a line: its name (or a short form, or a
//! near miss to suggest) and its arguments.

use super::manual::COMMANDS;
use crate::session::open::Setting;

/// Every command with its arguments and a line of help, in help order.
pub(crate) use crate::session::command::Steps;

/// What `play` starts: a ruleset, a seed, `KEY=VALUE` options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PlayArgs {
    pub game: String,
    pub seed: Option<u64>,
    pub opts: Vec<Setting>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Command {
    Help(Option<String>),
    List,
    Play(PlayArgs),
    Resume(Option<String>),
    Rules(Option<String>),
    Options,
    Show,
    /// Every option of the question, listed (a short screen counts them).
    Moves,
    /// The next lines of a loaded transcript.
    Step(super::stepping::Count),
    Undo(Steps),
    Redo(Steps),
    Restart,
    New(Option<u64>),
    Save(String),
    Record(String),
    Load(String),
    Reload,
    Log,
    Hint,
    HintMc,
    Stats(Option<String>),
    Quit,
}

impl Command {
    /// Whether it puts another game in the place of the one in progress
    /// (which a loaded transcript's lines no longer fit).
    pub(crate) fn replaces_game(&self) -> bool {
        matches!(
            self,
            Command::Play(_) | Command::Resume(_) | Command::New(_) | Command::Load(_)
        )
    }
}

/// The command a word names: its own name or a short form.
pub(crate) fn named(word: &str) -> Option<&'static str> {
    match word.to_lowercase().as_str() {
        "exit" | "q" => Some("quit"),
        "?" => Some("help"),
        other => COMMANDS.iter().find(|c| c.name == other).map(|c| c.name),
    }
}

/// The command a mistyped word most likely meant, if one is close.
pub(crate) fn suggest(word: &str) -> Option<&'static str> {
    let word = word.to_lowercase();
    if word.chars().count() < 2 {
        return None;
    }
    // A word longer than a name by more than the distance allowed is no
    // near miss of it: measured, a 64 KiB word would cost a table of 64 Ki
    // cells for every command.
    let length = word.chars().count();
    COMMANDS
        .iter()
        .filter(|c| length <= c.name.len() + 2)
        .map(|c| (strsim::damerau_levenshtein(&word, c.name), c.name))
        .filter(|(distance, name)| *distance <= name.len().div_ceil(3).clamp(1, 2))
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, name)| name)
}

/// Reads a command; `None` when the first word names no command.
pub(crate) fn parse(input: &str) -> Option<Result<Command, String>> {
    let mut words = input.split_whitespace();
    let name = named(words.next()?)?;
    let args: Vec<&str> = words.collect();
    let usage = || {
        let args = COMMANDS.iter().find(|c| c.name == name).unwrap().args;
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
        ("play", [game, rest @ ..]) => match play_args(game, rest) {
            Ok(play) => Command::Play(play),
            Err(e) => return Some(Err(format!("{e} ({})", usage()))),
        },
        ("new", rest @ ([] | [_])) => match seed(rest.first()) {
            Ok(s) => Command::New(s),
            Err(e) => return Some(Err(e)),
        },
        ("undo", rest @ ([] | [_])) => match steps(rest.first()) {
            Some(s) => Command::Undo(s),
            None => return Some(Err(usage())),
        },
        ("redo", rest @ ([] | [_])) => match steps(rest.first()) {
            Some(s) => Command::Redo(s),
            None => return Some(Err(usage())),
        },
        ("save", [file]) => Command::Save(file.to_string()),
        ("record", [file]) => Command::Record(file.to_string()),
        ("load", [file]) => Command::Load(file.to_string()),
        ("list", []) => Command::List,
        ("resume", []) => Command::Resume(None),
        ("resume", [which]) => Command::Resume(Some(which.to_string())),
        ("rules", []) => Command::Rules(None),
        ("rules", [game]) => Command::Rules(Some(game.to_string())),
        ("options", []) => Command::Options,
        ("show", []) => Command::Show,
        ("moves", []) => Command::Moves,
        ("step", []) => Command::Step(super::stepping::Count::Lines(1)),
        ("step", ["all"]) => Command::Step(super::stepping::Count::All),
        ("step", [n]) => match n.parse::<usize>() {
            Ok(n) if n > 0 => Command::Step(super::stepping::Count::Lines(n)),
            _ => {
                return Some(Err(format!(
                    "step takes a number above 0 or `all`, not `{n}`"
                )))
            }
        },
        ("restart", []) => Command::Restart,
        ("reload", []) => Command::Reload,
        ("log", []) => Command::Log,
        ("hint", []) => Command::Hint,
        ("hint", ["mc"]) => Command::HintMc,
        ("stats", []) => Command::Stats(None),
        ("stats", [game]) => Command::Stats(Some(game.to_string())),
        ("quit", []) => Command::Quit,
        _ => return Some(Err(usage())),
    };
    Some(Ok(command))
}

/// `undo`, `undo 3`, `undo all`: none for anything else (0 included).
fn steps(word: Option<&&str>) -> Option<Steps> {
    match word {
        None => Some(Steps::Count(1)),
        Some(w) if w.eq_ignore_ascii_case("all") => Some(Steps::All),
        Some(w) => w.parse().ok().filter(|n| *n > 0).map(Steps::Count),
    }
}

/// `play GAME [SEED] [--seed N] [--opt K=V | --opt=K=V]...`
fn play_args(game: &str, rest: &[&str]) -> Result<PlayArgs, String> {
    let mut play = PlayArgs {
        game: game.to_string(),
        seed: None,
        opts: Vec::new(),
    };
    let mut words = rest.iter();
    let set_seed = |play: &mut PlayArgs, text: &str| -> Result<(), String> {
        let seed = text
            .parse()
            .map_err(|_| format!("a seed is a whole number, not `{text}`"))?;
        if play.seed.replace(seed).is_some() {
            return Err("one seed at most".into());
        }
        Ok(())
    };
    while let Some(word) = words.next() {
        if let Some(setting) = word.strip_prefix("--opt=") {
            play.opts.push(setting.parse()?);
        } else if *word == "--opt" {
            let setting = words.next().ok_or("--opt takes KEY=VALUE")?;
            play.opts.push(setting.parse()?);
        } else if let Some(seed) = word.strip_prefix("--seed=") {
            set_seed(&mut play, seed)?;
        } else if *word == "--seed" {
            let seed = words.next().ok_or("--seed takes a number")?;
            set_seed(&mut play, seed)?;
        } else if word.starts_with("--") {
            return Err(format!("`play` takes --opt and --seed, not `{word}`"));
        } else {
            set_seed(&mut play, word)?;
        }
    }
    Ok(play)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(game: &str, seed: Option<u64>, opts: &[&str]) -> Command {
        Command::Play(PlayArgs {
            game: game.into(),
            seed,
            opts: opts.iter().map(|o| o.parse().unwrap()).collect(),
        })
    }

    #[test]
    fn commands_read_their_arguments() {
        assert_eq!(parse("undo"), Some(Ok(Command::Undo(Steps::Count(1)))));
        assert_eq!(parse("undo 3"), Some(Ok(Command::Undo(Steps::Count(3)))));
        assert_eq!(parse("redo ALL"), Some(Ok(Command::Redo(Steps::All))));
        assert_eq!(parse("new 7"), Some(Ok(Command::New(Some(7)))));
        assert_eq!(parse("PLAY x 3"), Some(Ok(play("x", Some(3), &[]))));
        assert_eq!(parse("exit"), Some(Ok(Command::Quit)));
    }

    #[test]
    fn play_takes_options_and_a_seed_in_any_order() {
        assert_eq!(
            parse("play g --opt a=1 5 --opt=b=2"),
            Some(Ok(play("g", Some(5), &["a=1", "b=2"])))
        );
        assert_eq!(parse("play g --seed 9"), Some(Ok(play("g", Some(9), &[]))));
        assert!(matches!(parse("play g 1 2"), Some(Err(e)) if e.contains("one seed")));
        assert!(matches!(parse("play g --opt"), Some(Err(e)) if e.contains("KEY=VALUE")));
        assert!(matches!(parse("play g --fast"), Some(Err(e)) if e.contains("--fast")));
    }

    #[test]
    fn a_word_that_is_no_command_is_not_read() {
        assert_eq!(parse("delve deeper"), None);
        assert_eq!(parse(""), None);
    }

    #[test]
    fn every_command_in_the_manual_is_read_by_its_name() {
        for command in COMMANDS {
            assert_eq!(named(command.name), Some(command.name));
            let line = format!("{} {}", command.name, command.args);
            let needs_args = command.args.split_whitespace().any(|a| !a.starts_with('['));
            if !needs_args {
                assert!(matches!(parse(command.name), Some(Ok(_))), "{line}");
            }
        }
    }

    #[test]
    fn a_near_miss_is_named() {
        assert_eq!(suggest("udno"), Some("undo"));
        assert_eq!(suggest("hlep"), Some("help"));
        assert_eq!(suggest("quti"), Some("quit"));
        assert_eq!(suggest("xyzzy"), None);
        assert_eq!(suggest("s"), None);
    }

    #[test]
    fn wrong_arguments_show_the_usage() {
        assert_eq!(parse("save"), Some(Err("usage: save FILE".into())));
        assert_eq!(
            parse("undo twice"),
            Some(Err("usage: undo [N | all]".into()))
        );
        assert_eq!(parse("undo 0"), Some(Err("usage: undo [N | all]".into())));
        assert_eq!(
            parse("new x"),
            Some(Err("a seed is a whole number, not `x`".into()))
        );
    }
}
