//! Turning a game into text for a person: the table (the script's own view or
//! a plain listing of piles and state), the numbered options, the end.
//! Red suits are painted red; the output stream drops colour where `NO_COLOR`
//! is set or the output is not a terminal.

use crate::game::decision::Prompt;
use crate::game::table::Table;
use crate::run::Outcome;
use crate::script::status::{turns_text, Line};
use crate::script::ScriptError;
use crate::session::Session;
use owo_colors::OwoColorize;
use std::fmt::Write;

/// The table as the player sees it (the script's view, else every pile),
/// unpainted, and the view's error if it failed. What the ruleset declares a player reads (`fn status`) follows it; where
/// it declares that, its other named state is not shown, and without a
/// view the status is the whole table.
pub(crate) fn table(session: &Session) -> (String, Option<&ScriptError>) {
    let declared = session.status().is_some();
    let (mut text, mut failed) = match session.view() {
        Some(Ok(view)) => (printable(view.trim_end()), None),
        Some(Err(error)) => {
            let text = format!(
                "(the script's view failed: {error})\n{}",
                plain_table(session.table(), !declared)
            );
            (text.trim_end().to_string(), Some(error))
        }
        // A ruleset that declares what a player reads and draws no view
        // has said all it shows in its status.
        None if declared => (String::new(), None),
        None => (
            plain_table(session.table(), true).trim_end().to_string(),
            None,
        ),
    };
    match session.status() {
        Some(Ok(lines)) => {
            let told = status_text(lines);
            if !told.is_empty() {
                if !text.is_empty() {
                    text.push('\n');
                }
                text.push_str(&told);
            }
        }
        Some(Err(error)) => {
            let _ = write!(text, "\n(the script's status failed: {error})");
            failed = failed.or(Some(error));
        }
        None => {}
    }
    (text, failed)
}

/// The status lines that say something, names in one column.
fn status_text(lines: &[Line]) -> String {
    let told: Vec<&Line> = lines.iter().filter(|l| !l.text.is_empty()).collect();
    let width = told
        .iter()
        .map(|l| l.name.chars().count())
        .max()
        .unwrap_or(0);
    told.iter()
        .map(|l| format!("{:width$}  {}", l.name, l.text))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every pile, face-down cards as a count, then the state (if `with_state`).
pub(crate) fn plain_table(table: &Table, with_state: bool) -> String {
    let mut out = String::new();
    let width = table
        .piles()
        .iter()
        .map(|p| p.name.chars().count())
        .max()
        .unwrap_or(0);
    for pile in table.piles() {
        let up: Vec<String> = pile
            .placed()
            .iter()
            .filter(|p| p.face_up)
            .map(|p| p.card.to_string())
            .collect();
        let down = pile.len() - up.len();
        let mut parts = Vec::new();
        if down > 0 {
            parts.push(format!("[{down} face down]"));
        }
        if !up.is_empty() {
            parts.push(up.join(" "));
        }
        if parts.is_empty() {
            parts.push("-".into());
        }
        let _ = writeln!(out, "{:width$}  {}", pile.name, parts.join(" "));
    }
    if with_state && !table.state.is_empty() {
        let state: Vec<String> = table
            .state
            .iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect();
        let _ = writeln!(out, "{}", state.join(" · "));
    }
    out
}

/// The question and its numbered options, unpainted (so it can be wrapped).
pub(crate) fn prompt_text(prompt: &Prompt) -> String {
    // A question that ends in its own mark (`what now?`) gets no colon.
    let colon = if prompt.question.ends_with(['?', ':', '!', '.']) {
        ""
    } else {
        ":"
    };
    let mut out = format!("{}{colon}\n", printable(&prompt.question));
    for (i, option) in prompt.options.iter().enumerate() {
        let _ = writeln!(out, "{:>4}. {}", i + 1, printable(&option.label));
    }
    out
}

/// The question and its options with red suits painted.
pub(crate) fn prompt(prompt: &Prompt) -> String {
    paint_suits(&prompt_text(prompt))
}

pub(crate) fn outcome(outcome: &Outcome) -> String {
    let headline = format!(
        "Game over: {}, score {}.",
        outcome.result,
        outcome.score_text()
    );
    let headline = if outcome.is_win() {
        headline.green().bold().to_string()
    } else {
        headline.bold().to_string()
    };
    format!("{headline}\n{}", paint_suits(&printable(&outcome.summary)))
}

/// A script's text as the screen shows it: without control characters
/// (line ends and tabs kept), so that a carriage return or an escape
/// sequence can not overwrite or restyle what was written before it, nor
/// the marks that turn text backwards.
pub(crate) fn printable(text: &str) -> String {
    text.chars()
        .filter(|&c| (!c.is_control() || c == '\n' || c == '\t') && !turns_text(c))
        .collect()
}

/// Paints every ♥ and ♦ card (rank and suit) and the red joker red.
pub(crate) fn paint_suits(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut word = String::new();
    for ch in text.chars() {
        if ch.is_alphanumeric() {
            word.push(ch);
            continue;
        }
        match ch {
            '♥' | '♦' => {
                let start = word
                    .trim_end_matches(|c| "0123456789AJQK".contains(c))
                    .len();
                let (before, rank) = word.split_at(start);
                out.push_str(before);
                let _ = write!(out, "{}", format!("{rank}{ch}").red());
            }
            _ => {
                flush_word(&mut out, &word);
                out.push(ch);
            }
        }
        word.clear();
    }
    flush_word(&mut out, &word);
    out
}

fn flush_word(out: &mut String, word: &str) {
    if word == "RJ" {
        let _ = write!(out, "{}", word.red());
    } else {
        out.push_str(word);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strip(s: &str) -> String {
        let mut out = Vec::new();
        let mut stream = anstream::StripStream::new(&mut out);
        std::io::Write::write_all(&mut stream, s.as_bytes()).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn red_cards_are_painted_and_text_is_kept() {
        let text = "10♥ on K♠, discard Q♦ and RJ";
        let painted = paint_suits(text);
        assert_eq!(strip(&painted), text);
        assert!(painted.contains(&"10♥".red().to_string()));
        assert!(painted.contains(&"Q♦".red().to_string()));
        assert!(painted.contains(&"RJ".red().to_string()));
        assert!(!painted.contains(&"K♠".red().to_string()));
    }
}
