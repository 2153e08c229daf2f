//! A transcript uploaded to a page (a `delve solve --line` file, or one
//! `record` wrote): its game is dealt afresh and its lines kept, and the
//! page's Step button types the next one as the REPL's `step` does, so a
//! solver's line is followed a move at a time. A transcript from a page
//! plays only a ruleset the server offers and names no deal file: a
//! request never makes the server read a file.

use crate::session::open::GameSpec;
use crate::transcript::{Transcript, FIRST_LINE};
use serde_json::{json, Value};
use std::path::Path;

/// The most lines an uploaded transcript may have to step through: a
/// solver's line is a few hundred, and a game holds its lines while it is
/// held (32 games at most), so a flood of tiny lines is refused.
const MOST_LINES: usize = 20_000;

/// The lines of a loaded transcript, and how many are typed so far.
pub(super) struct Steps {
    lines: Vec<String>,
    done: usize,
}

/// Whether an uploaded text is a transcript (its first line names a game)
/// rather than a save.
pub(super) fn is_transcript(text: &str) -> bool {
    text.starts_with(FIRST_LINE)
}

/// The game an uploaded transcript deals and its lines to step through,
/// or why it is refused; `offers` says which rulesets the page may play.
pub(super) fn read(text: &str, offers: impl Fn(&str) -> bool) -> Result<(GameSpec, Steps), String> {
    let transcript = Transcript::parse(Path::new("the uploaded transcript"), text)
        .map_err(|e| format!("{e:#}"))?;
    let mut spec = transcript.spec;
    if !offers(&spec.game) {
        return Err(format!(
            "the uploaded transcript plays `{}`, which is no ruleset here (the start page lists them)",
            crate::read::excerpt(&spec.game)
        ));
    }
    if spec.deal.is_some() {
        return Err(
            "the uploaded transcript names a deal file (`# deal:`): the server reads no file a page names; play it at a terminal, `delve play GAME --deal FILE`"
                .into(),
        );
    }
    // Nothing is looked up beside the upload: it has no folder.
    spec.base = None;
    let lines: Vec<String> = transcript
        .lines
        .into_iter()
        .filter(|l| !l.trim().is_empty())
        .collect();
    if lines.len() > MOST_LINES {
        return Err(format!(
            "the uploaded transcript has {} lines to type: a page steps through {MOST_LINES} at most",
            lines.len()
        ));
    }
    Ok((spec, Steps { lines, done: 0 }))
}

impl Steps {
    /// The next line to type, numbered from 1; none past the last.
    pub(super) fn next(&mut self) -> Option<(usize, String)> {
        let line = self.lines.get(self.done)?.clone();
        self.done += 1;
        Some((self.done, line))
    }

    /// What the page is told: how far stepping has come (`done` of `of`),
    /// with the line just typed, if one was.
    pub(super) fn message(&self, typed: Option<&str>) -> Value {
        let mut message = json!({"type": "steps", "done": self.done, "of": self.lines.len()});
        if let Some(line) = typed {
            message["line"] = json!(line);
        }
        message
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transcript_is_read_with_its_lines_and_refused_with_a_deal_file() {
        let text = "# game: patience\n# seed: 3\n\n1\nundo\n";
        let (spec, mut steps) = read(text, |name| name == "patience").unwrap();
        assert_eq!((spec.game.as_str(), spec.seed), ("patience", Some(3)));
        assert_eq!(steps.next(), Some((1, "1".to_string())));
        assert_eq!(steps.message(Some("1"))["done"], 1);
        assert_eq!(steps.next(), Some((2, "undo".to_string())));
        assert_eq!(steps.next(), None);
        let Err(other) = read(text, |_| false) else {
            panic!("a ruleset not offered is refused")
        };
        assert!(
            other.contains("plays `patience`, which is no ruleset here"),
            "{other}"
        );
        let Err(dealt) = read("# game: patience\n# deal: /etc/passwd\n1\n", |_| true) else {
            panic!("a deal file is refused")
        };
        assert!(dealt.contains("names a deal file"), "{dealt}");
        let flood = format!("# game: patience\n{}", "1\n".repeat(MOST_LINES + 1));
        let Err(long) = read(&flood, |_| true) else {
            panic!("a flood of lines is refused")
        };
        assert!(long.contains("20001 lines to type"), "{long}");
    }
}
