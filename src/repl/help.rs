//! The REPL's help: the list of commands, and one command's help with its
//! examples made from a real ruleset (the texts are in `manual.rs`). Prose
//! is written a paragraph to a line, for `wrap_columns` to fit the screen;
//! only the list's columns and the examples are laid out here.

use super::manual::{Manual, COMMANDS};
use crate::script::catalog;

/// What `help` explains, for Tab.
pub(crate) fn topics() -> Vec<String> {
    COMMANDS.iter().map(|c| c.name.to_string()).collect()
}

pub(crate) fn help(topic: Option<&str>) -> String {
    let line = |command: &Manual| {
        let (call, text) = (
            format!("{} {}", command.name, command.args),
            command.summary,
        );
        if call.len() > 18 {
            format!("  {call}\n  {:<18} {text}", "")
        } else {
            format!("  {call:<18} {text}")
        }
    };
    if let Some(topic) = topic {
        let topic = super::command_line::named(topic).unwrap_or(topic);
        match COMMANDS.iter().find(|c| c.name == topic) {
            Some(command) => {
                let details = command.details;
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
            None => match super::command_line::suggest(topic) {
                Some(near) => {
                    format!("no command `{topic}`: did you mean `{near}`? (`help` lists them)")
                }
                None => format!("no command `{topic}`; `help` lists them"),
            },
        }
    } else {
        let mut text = String::from(
            "Answer a question with the option's number, its label, or its first whole \
             words when no other label starts with them (cards may be typed as 7h, TD, \
             QS). Where a move carries a card, type the card and where it goes: the card it \
             goes onto (8c 9h) or words of the pile's name (8c foundation, 8c cell, 8c \
             column 3), or the card alone when it has one move; when that fits several \
             moves, delve lists them and asks. Tab completes labels, commands, games and \
             file names.\n\
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
        for command in COMMANDS {
            let name = command.name;
            let text = help(Some(name));
            assert!(text.contains("Example"), "help {name}: {text}");
        }
    }

    /// Each command's help, wrapped to any width, fills its lines: no line
    /// of prose ends where the next one's first word would still have fit
    /// (as text broken at fixed places did), and none is too long.
    #[test]
    fn a_commands_help_fills_the_width_it_is_wrapped_to() {
        for width in [60, 80, 100, 120] {
            for command in COMMANDS {
                let text = super::super::wrap::wrap_columns(&help(Some(command.name)), width);
                // The details, after the command's line and a blank one.
                let lines: Vec<&str> = text.lines().skip_while(|l| !l.is_empty()).skip(1).collect();
                for pair in lines.windows(2) {
                    let (line, next) = (pair[0], pair[1]);
                    assert!(line.chars().count() <= width, "{width}: {line}");
                    if next.starts_with(' ') || next.starts_with("Example") {
                        continue;
                    }
                    let word = next.split(' ').next().unwrap_or_default();
                    assert!(
                        line.chars().count() + 1 + word.chars().count() > width,
                        "help {} at {width} columns breaks early:\n{line}\n{next}",
                        command.name
                    );
                }
            }
        }
    }
}
