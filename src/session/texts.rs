//! A game's texts that every front end shows the same: the line that opens
//! it, its rules, its options with their values and what they allow, the log
//! of what was said and chosen, and what undo and redo moved.

use super::Session;
use crate::run::Event;
use crate::script::Ruleset;

/// The line that opens a game: which game, which deal, which options differ.
pub(crate) fn header(session: &Session) -> String {
    let declared = &session.ruleset.declared;
    let mut text = format!("{}, seed {}", declared.title, session.deal.seed);
    if let Some(deal) = &session.deal.stack {
        text += &format!(", deal {}", deal.origin);
    }
    let changed: Vec<String> = declared
        .options
        .iter()
        .filter(|o| session.option_text(&o.name) != o.default.to_string())
        .map(|o| format!("{}={}", o.name, session.option_text(&o.name)))
        .collect();
    if !changed.is_empty() {
        text += &format!(" ({})", changed.join(", "));
    }
    text + ". Type help for commands."
}

/// A ruleset's title and rules text, as `rules` prints them.
pub(crate) fn rules_text(ruleset: &Ruleset) -> String {
    format!("{}\n\n{}", ruleset.declared.title, ruleset.declared.rules)
}

/// The options with their values, defaults and meaning.
pub(crate) fn options_text(session: &Session) -> String {
    let options = &session.ruleset.declared.options;
    if options.is_empty() {
        return format!("{} has no options.", session.ruleset.name());
    }
    let lines: Vec<String> = options
        .iter()
        .map(|o| {
            let allowed = match (&o.range, o.allowed.is_empty()) {
                (_, false) => format!(" [{}]", o.allowed.join(", ")),
                (Some(range), true) => format!(" [{} to {}]", range.start(), range.end()),
                (None, true) => String::new(),
            };
            format!(
                "  {} = {} (default {}){allowed}: {}",
                o.name,
                session.option_text(&o.name),
                o.default,
                o.help
            )
        })
        .collect();
    format!(
        "Options (set them with `play GAME --opt KEY=VALUE`):\n{}",
        lines.join("\n")
    )
}

/// Everything said and chosen so far, choices numbered.
pub(crate) fn log_text(session: &Session) -> String {
    let mut lines = Vec::new();
    let mut decision = 0;
    for event in session.events() {
        match event {
            Event::Say(_) | Event::Took { .. } => {
                lines.push(format!("     {}", event.text()));
            }
            Event::Chose { label, .. } => {
                decision += 1;
                lines.push(format!("{decision:>3}. → {label}"));
            }
        }
    }
    if lines.is_empty() {
        "Nothing has happened yet.".into()
    } else {
        lines.join("\n")
    }
}

/// `Undone: discard 7♥.`, or for several the first and last taken back.
pub(crate) fn undone_text(labels: &[String], at_start: bool) -> String {
    let end = if at_start {
        " Back at the start of this deal."
    } else {
        ""
    };
    match labels {
        [] => format!("Undone.{end}"),
        [one] => format!("Undone: {one}.{end}"),
        [first, .., last] => format!(
            "Undone {} choices, from {last} back to {first}.{end}",
            labels.len()
        ),
    }
}

/// `Redone: discard 7♥.`, and how many are left to redo.
pub(crate) fn redone_text(labels: &[String], left: usize) -> String {
    let rest = if left > 0 {
        format!(" ({left} more to redo)")
    } else {
        String::new()
    };
    match labels {
        [] => format!("Redone.{rest}"),
        [one] => format!("Redone: {one}.{rest}"),
        [first, .., last] => format!(
            "Redone {} choices, from {first} to {last}.{rest}",
            labels.len()
        ),
    }
}
