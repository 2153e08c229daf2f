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
         --opt KEY=VALUE sets one of the ruleset's options (`options` lists them once a\n\
         game is on); repeat it for more. At a terminal, a game in progress is only\n\
         replaced after you say yes.\n\
         Examples: play {game}\n          play {game} 7\n          play {game} 7 --opt {opt}\n          \
         play my-variant.rhai",
    ),
    (
        "resume",
        "Brings back an unfinished game: delve saves each game after every choice, so it\n\
         survives quitting, a closed terminal or a crash. With one unfinished game, `resume`\n\
         brings it back; with several it lists them, and `resume N` (or its name) picks one.\n\
         From the shell: `delve resume`.\n\
         Examples: resume\n          resume 2",
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
        "Takes back your last choice and says which it was; undo again to go further\n\
         back. With a number it takes back that many choices at once, and `undo all`\n\
         goes back to the start of the deal. `redo` makes them again.\n\
         Examples: undo\n          undo 3\n          undo all",
    ),
    (
        "redo",
        "Makes the last undone choice again; with a number that many, and `redo all`\n\
         every undone choice. A new choice of your own clears what is left to redo.\n\
         Examples: redo\n          redo all",
    ),
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
         `~/` stands for your home folder. At a terminal, replacing a file asks first.\n\
         You need not save to keep a game: it is saved as you play (see `resume`).\n\
         Examples: save dungeon.json\n          save ~/games/dungeon.json",
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
        "Loads a saved game, replaying its choices; if the script changed since, they\n\
         replay as far as they still fit. From the shell: `delve play --load FILE`.\n\
         Example: load dungeon.json",
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
        "stats",
        "Your games of each ruleset and set of options: played, won, win rate, the\n\
         current and best winning streak, the best and mean score. A game counts once,\n\
         when it first ends. From the shell: `delve stats [GAME] [--json]`.\n\
         Examples: stats\n          stats {game}",
    ),
    (
        "quit",
        "Leaves delve (also `exit`, `q` or Ctrl-D). The game is saved as you play, so\n\
         `delve resume` brings it back; at a terminal you are asked first.\nExample: quit",
    ),
];

/// What `help` explains, for Tab.
pub(crate) fn topics() -> Vec<String> {
    COMMANDS.iter().map(|(n, _, _)| n.to_string()).collect()
}

pub(crate) fn help(topic: Option<&str>) -> String {
    let line = |(name, args, text): &(&str, &str, &str)| {
        let call = format!("{name} {args}");
        if call.len() > 18 {
            format!("  {call}\n  {:<18} {text}", "")
        } else {
            format!("  {call:<18} {text}")
        }
    };
    if let Some(topic) = topic {
        let topic = super::command::named(topic).unwrap_or(topic);
        match COMMANDS.iter().find(|(n, _, _)| *n == topic) {
            Some(command) => {
                let details = DETAILS
                    .iter()
                    .find(|(n, _)| *n == topic)
                    .map_or("", |(_, d)| d);
                // Examples name a real ruleset, whichever comes first, and
                // one of its options when it has any.
                let game = catalog::names().into_iter().next().unwrap_or("GAME".into());
                let opt = crate::run::Program::load_named(&game)
                    .ok()
                    .and_then(|p| {
                        p.ruleset()
                            .declared
                            .options
                            .first()
                            .map(|o| format!("{}={}", o.name, o.default))
                    })
                    .unwrap_or_else(|| "KEY=VALUE".into());
                let details = details.replace("{game}", &game).replace("{opt}", &opt);
                format!("{}\n\n{details}", line(command))
            }
            None => match super::command::suggest(topic) {
                Some(near) => {
                    format!("no command `{topic}`: did you mean `{near}`? (`help` lists them)")
                }
                None => format!("no command `{topic}`; `help` lists them"),
            },
        }
    } else {
        let mut text = String::from(
            "Answer a question with the option's number, its label, or its first whole\n\
             words when no other label starts with them (cards may be typed as 7h, TD,\n\
             QS). Tab completes labels, commands, games and file names.\n\
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
