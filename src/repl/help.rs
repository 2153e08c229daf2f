//! The REPL's help: the list of commands, and one command's help with its
//! examples made from a real ruleset (the texts are in `manual.rs`).

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
        let topic = super::command::named(topic).unwrap_or(topic);
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
        for command in COMMANDS {
            let name = command.name;
            let text = help(Some(name));
            assert!(text.contains("Example"), "help {name}: {text}");
        }
    }
}
