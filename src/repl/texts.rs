//! The REPL's longer texts built from a session or the catalog: the header,
//! the options, the log, the rules, the list of rulesets, and reloading a
//! script with what it says.

use crate::render;
use crate::run::live::LiveRun;
use crate::run::Event;
use crate::run::Program;
use crate::script::{catalog, Ruleset};
use crate::session::Session;

/// A ruleset's title and rules text, as `rules` prints them.
pub(super) fn rules_text(ruleset: &Ruleset) -> String {
    format!("{}\n\n{}", ruleset.declared.title, ruleset.declared.rules)
}

pub(super) fn reload(session: &mut Session) -> Result<String, String> {
    let (live, ruleset) = catalog::reread(&session.ruleset.file)
        .and_then(LiveRun::load)
        .map_err(|e| format!("{e:#}\n(the game goes on with the script as it was)"))?;
    let wanted = session.choices().len();
    session
        .reload(live, ruleset)
        .map_err(|e| format!("script error: {e}\n(the game goes on with the script as it was)"))?;
    let mut message = format!(
        "Reloaded {}: replayed {} of {wanted} choices.",
        session.ruleset.name(),
        session.choices().len()
    );
    if let Some(d) = session.diverged() {
        message += &format!(" Choice {} (`{}`) is no longer offered.", d.at + 1, d.key);
    }
    Ok(message)
}

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

pub(super) fn options_text(session: &Session) -> String {
    let options = &session.ruleset.declared.options;
    if options.is_empty() {
        return format!("{} has no options.", session.ruleset.name());
    }
    let lines: Vec<String> = options
        .iter()
        .map(|o| {
            let allowed = if o.allowed.is_empty() {
                String::new()
            } else {
                format!(" [{}]", o.allowed.join(", "))
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

pub(super) fn log_text(session: &Session) -> String {
    let mut lines = Vec::new();
    let mut decision = 0;
    for event in session.events() {
        match event {
            Event::Say(text) => lines.push(format!(
                "     {}",
                render::paint_suits(&render::printable(text))
            )),
            Event::Chose { label, .. } => {
                decision += 1;
                let label = render::printable(label);
                lines.push(format!("{decision:>3}. → {}", render::paint_suits(&label)));
            }
        }
    }
    if lines.is_empty() {
        "Nothing has happened yet.".into()
    } else {
        lines.join("\n")
    }
}

/// One line per ruleset: its name and what it is; a broken one says why.
pub(crate) fn listing() -> String {
    let names = catalog::names();
    let width = names.iter().map(String::len).max().unwrap_or(0);
    names
        .iter()
        .map(|name| match Program::load_named(name) {
            Ok(p) => format!("{name:width$}  {}", p.ruleset().declared.about),
            Err(e) => format!(
                "{name:width$}  (does not load: {})",
                e.to_string().lines().next().unwrap_or("")
            ),
        })
        .collect::<Vec<_>>()
        .join("\n")
}
