//! Where the REPL's lines come from: a terminal (rustyline, with completion
//! and history), or plain lines from a pipe or a transcript, echoed after
//! the prompt so the output reads like a session.

use crate::lines::{read_line, BadLine, MAX_LINE};
use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::error::ReadlineError;
use rustyline::history::FileHistory;
use rustyline::{Context, Editor, Helper, Highlighter, Hinter, Validator};
use std::io::{BufRead, Write};
use std::path::PathBuf;

pub(crate) enum Line {
    Text(String),
    /// A line that is not UTF-8 text: refused, and the prompt stays.
    NotText,
    /// A line longer than `MAX_LINE`: refused, and the prompt stays.
    TooLong,
    /// Ctrl-C: drop the line.
    Interrupted,
    End,
}

pub(crate) trait LineSource {
    /// Reads one line after printing `prompt`; `words` are what Tab completes.
    fn read(&mut self, prompt: &str, words: &Words, out: &mut dyn Write) -> Line;

    /// The width text is wrapped to: a terminal's, else 80 so that
    /// transcripts read the same everywhere.
    fn width(&mut self) -> usize {
        80
    }

    /// The screen's height in lines, where there is one (a terminal's); a
    /// pipe or a transcript has none, so nothing is left out for it.
    fn height(&mut self) -> Option<usize> {
        None
    }
}

/// What Tab completes at the REPL's prompt.
#[derive(Clone, Debug, Default)]
pub(crate) struct Words {
    /// The current question's option labels, for the whole line.
    pub labels: Vec<String>,
    /// The commands, for the first word.
    pub commands: Vec<String>,
    /// Ruleset names, after `play`, `rules` and `stats`.
    pub games: Vec<String>,
    /// Help topics, after `help`.
    pub topics: Vec<String>,
}

/// Lines from a pipe or a file, echoed as if typed.
pub(crate) struct Echoed<I: Iterator<Item = String>> {
    lines: I,
}

impl<I: Iterator<Item = String>> Echoed<I> {
    pub(crate) fn new(lines: I) -> Self {
        Echoed { lines }
    }
}

impl<I: Iterator<Item = String>> LineSource for Echoed<I> {
    fn read(&mut self, prompt: &str, _: &Words, out: &mut dyn Write) -> Line {
        match self.lines.next() {
            Some(line) if line.len() > MAX_LINE => {
                let start = crate::read::excerpt(&line);
                let _ = writeln!(out, "{prompt}{start} (a line longer than 64 KiB)");
                Line::TooLong
            }
            Some(line) => {
                let _ = writeln!(out, "{prompt}{line}");
                Line::Text(line)
            }
            None => Line::End,
        }
    }
}

/// Standard input that is not a terminal, read as bytes so that a line that
/// is not UTF-8 is one bad line, not the end of the input.
pub(crate) struct Piped<R: BufRead> {
    reader: R,
}

pub(crate) fn piped_stdin() -> Piped<std::io::StdinLock<'static>> {
    Piped {
        reader: std::io::stdin().lock(),
    }
}

impl<R: BufRead> LineSource for Piped<R> {
    fn read(&mut self, prompt: &str, _: &Words, out: &mut dyn Write) -> Line {
        match read_line(&mut self.reader) {
            Some(Ok(line)) => {
                let _ = writeln!(out, "{prompt}{line}");
                Line::Text(line)
            }
            Some(Err(BadLine::NotText)) => {
                let _ = writeln!(out, "{prompt}(a line that is not text)");
                Line::NotText
            }
            Some(Err(BadLine::TooLong { start })) => {
                let _ = writeln!(out, "{prompt}{start} (a line longer than 64 KiB)");
                Line::TooLong
            }
            None => Line::End,
        }
    }
}

/// Tab completion: option labels and commands for the whole line, then by
/// the command typed: games, help topics, or file names.
#[derive(Helper, Highlighter, Hinter, Validator, Default)]
struct Completion {
    words: Words,
    files: FilenameCompleter,
}

impl Completer for Completion {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        context: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let typed = &line[..pos];
        let Some((first, rest)) = typed.split_once(' ') else {
            let mut all = self.words.labels.clone();
            all.extend(self.words.commands.iter().cloned());
            return Ok((0, starting_with(&all, typed)));
        };
        let labels = starting_with(&self.words.labels, typed);
        if !labels.is_empty() {
            return Ok((0, labels));
        }
        let start = first.len() + 1;
        let choices = match super::command_line::named(first) {
            Some("load" | "save" | "record") => return self.files.complete(line, pos, context),
            Some("play") if rest.contains(['/', '.', '~']) => {
                return self.files.complete(line, pos, context)
            }
            Some("play" | "rules" | "stats") if !rest.contains(' ') => &self.words.games,
            Some("help") if !rest.contains(' ') => &self.words.topics,
            _ => return Ok((pos, Vec::new())),
        };
        Ok((start, starting_with(choices, rest)))
    }
}

/// The words that begin with `typed`, whatever its case.
fn starting_with(words: &[String], typed: &str) -> Vec<Pair> {
    let typed = typed.to_lowercase();
    words
        .iter()
        .filter(|w| w.to_lowercase().starts_with(&typed))
        .map(|w| Pair {
            display: w.clone(),
            replacement: w.clone(),
        })
        .collect()
}

/// A terminal: line editing, Tab completion, history kept between runs.
pub(crate) struct Terminal {
    editor: Editor<Completion, FileHistory>,
    history: Option<PathBuf>,
}

impl Terminal {
    pub(crate) fn new() -> rustyline::Result<Terminal> {
        let mut editor = Editor::new()?;
        editor.set_helper(Some(Completion::default()));
        let history = history_path();
        if let Some(path) = &history {
            // A history that is no regular file within its cap is not read.
            if crate::read::check(path, crate::read::Kind::History).is_ok() {
                let _ = editor.load_history(path);
            }
        }
        Ok(Terminal { editor, history })
    }

    fn save_history(&mut self) {
        if let Some(path) = &self.history {
            if let Some(dir) = path.parent() {
                let _ = std::fs::create_dir_all(dir);
            }
            let _ = self.editor.save_history(path);
        }
    }
}

impl LineSource for Terminal {
    fn read(&mut self, prompt: &str, words: &Words, out: &mut dyn Write) -> Line {
        let _ = out.flush();
        if let Some(helper) = self.editor.helper_mut() {
            helper.words = words.clone();
        }
        match self.editor.readline(prompt) {
            Ok(line) if line.len() > MAX_LINE => Line::TooLong,
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = self.editor.add_history_entry(line.as_str());
                    self.save_history();
                }
                Line::Text(line)
            }
            Err(ReadlineError::Interrupted) => Line::Interrupted,
            Err(_) => Line::End,
        }
    }

    fn width(&mut self) -> usize {
        self.editor
            .dimensions()
            .map_or(80, |(columns, _)| columns.clamp(20, 200))
    }

    fn height(&mut self) -> Option<usize> {
        self.editor.dimensions().map(|(_, rows)| rows.max(10))
    }
}

/// `DELVE_HISTORY`, else `history` in the state folder.
fn history_path() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("DELVE_HISTORY") {
        return Some(PathBuf::from(path));
    }
    crate::session::places::state_dir().map(|d| d.join("history"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustyline::history::MemHistory;

    fn complete(line: &str, words: Words) -> (usize, Vec<String>) {
        let completion = Completion {
            words,
            files: FilenameCompleter::new(),
        };
        let history = MemHistory::new();
        let (start, pairs) = completion
            .complete(line, line.len(), &Context::new(&history))
            .unwrap();
        (start, pairs.into_iter().map(|p| p.replacement).collect())
    }

    fn words() -> Words {
        Words {
            labels: vec!["discard 7♥".into(), "7♥ on J♠".into()],
            commands: vec!["play".into(), "help".into(), "undo".into()],
            games: vec!["crypt-crawl".into(), "tower-siege".into()],
            topics: vec!["undo".into(), "play".into()],
        }
    }

    #[test]
    fn tab_completes_labels_commands_games_and_topics() {
        assert_eq!(complete("pl", words()), (0, vec!["play".into()]));
        assert_eq!(complete("disc", words()), (0, vec!["discard 7♥".into()]));
        assert_eq!(
            complete("discard ", words()),
            (0, vec!["discard 7♥".into()])
        );
        assert_eq!(
            complete("play cr", words()),
            (5, vec!["crypt-crawl".into()])
        );
        assert_eq!(
            complete("rules T", words()),
            (6, vec!["tower-siege".into()])
        );
        assert_eq!(complete("help u", words()), (5, vec!["undo".into()]));
        assert_eq!(complete("undo 3", words()).1, Vec::<String>::new());
    }

    #[test]
    fn tab_completes_file_names_after_file_commands() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("kept-game.json"), "").unwrap();
        let line = format!("load {}/kept", dir.path().display());
        let (_, found) = complete(&line, words());
        let whole = dir.path().join("kept-game.json").display().to_string();
        assert_eq!(found, vec![whole]);
    }
}
