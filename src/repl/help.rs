//! The REPL's help: the list of commands, and for each one what it does
//! with an example.

use super::command::COMMANDS;
use crate::script::catalog;

/// What each command does, at more length than its line in the list, with
/// an example.
const DETAILS: &[(&str, &str)] = &[
    (
        "help",
        "Lists the commands, or explains one.\nExample: help undo",
    ),
    (
        "list",
        "Lists every ruleset and variant you can play, one line each.\nExample: list",
    ),
    (
        "play",
        "Starts a game of a ruleset from `list`, or of a script file you name by its path.\n\
         A seed picks the deal; without one you get a fresh deal and its seed is shown.\n\
         Examples: play {game}\n          play {game} 7\n          play my-variant.rhai",
    ),
    (
        "rules",
        "Prints the rules of the game in progress, or of the ruleset you name.\n\
         Example: rules {game}",
    ),
    (
        "options",
        "Lists the game's options with their values, defaults and meaning.\nExample: options",
    ),
    (
        "show",
        "Shows the table and the question again.\nExample: show",
    ),
    (
        "undo",
        "Takes back your last choice; undo again to go further back.\nExample: undo",
    ),
    ("redo", "Makes the last undone choice again.\nExample: redo"),
    (
        "restart",
        "Goes back to the start of the same deal; `redo` steps through your choices again.\n\
         Example: restart",
    ),
    (
        "new",
        "Deals a new game: the next seed, or the seed you give.\nExample: new 42",
    ),
    (
        "save",
        "Saves the game to a file (JSON): the ruleset, options, deal and your choices.\n\
         Example: save dungeon.json",
    ),
    (
        "record",
        "Writes the game so far as a transcript: the header lines that set up the same\n\
         game (game, seed, options, deal), then one answer per line. `delve replay FILE`\n\
         plays it back, and `delve test` replays every transcript in a folder and compares\n\
         what it shows with the snapshot stored beside it (`delve test --accept` stores it).\n\
         Answers are written by key, so the transcript still replays after options are\n\
         reordered or relabelled.\nExample: record tests/first-turn.txt",
    ),
    (
        "load",
        "Loads a saved game, replaying its choices.\nExample: load dungeon.json",
    ),
    (
        "reload",
        "Reads the script again and replays your choices as far as they still fit: for\n\
         rule authors changing a rule while they play.\nExample: reload",
    ),
    (
        "log",
        "Shows everything said and chosen in this game so far.\nExample: log",
    ),
    (
        "hint",
        "Asks the ruleset's own bot what it would choose now.\nExample: hint",
    ),
    (
        "quit",
        "Leaves delve (Ctrl-D does the same).\nExample: quit",
    ),
];

pub(crate) fn help(topic: Option<&str>) -> String {
    let line = |(name, args, text): &(&str, &str, &str)| {
        let call = format!("{name} {args}");
        format!("  {call:<18} {text}")
    };
    if let Some(topic) = topic {
        match COMMANDS.iter().find(|(n, _, _)| *n == topic) {
            Some(command) => {
                let details = DETAILS
                    .iter()
                    .find(|(n, _)| *n == topic)
                    .map_or("", |(_, d)| d);
                // Examples name a real ruleset, whichever comes first.
                let game = catalog::names().into_iter().next().unwrap_or("GAME".into());
                let details = details.replace("{game}", &game);
                format!("{}\n\n{details}", line(command))
            }
            None => format!("no command `{topic}`; `help` lists them"),
        }
    } else {
        let mut text = String::from(
            "Answer a question with the option's number, its label, or enough of the\n\
             label to tell it apart (cards may be typed as 7h, TD, QS). Tab completes.\n\
             Commands (`help COMMAND` tells more):\n",
        );
        let lines: Vec<String> = COMMANDS.iter().map(line).collect();
        text += &lines.join("\n");
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_has_details_with_an_example() {
        for (name, _, _) in COMMANDS {
            let text = help(Some(name));
            assert!(text.contains("Example"), "help {name}: {text}");
        }
    }
}
