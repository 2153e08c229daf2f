//! Where the REPL's lines come from: a terminal (rustyline, with completion
//! and history), or plain lines from a pipe or a transcript, echoed after
//! the prompt so the output reads like a session.

use rustyline::completion::{Completer, Pair};
use rustyline::error::ReadlineError;
use rustyline::history::FileHistory;
use rustyline::{Context, Editor, Helper, Highlighter, Hinter, Validator};
use std::io::{BufRead, Write};
use std::path::PathBuf;

pub(crate) enum Line {
    Text(String),
    /// Ctrl-C: drop the line.
    Interrupted,
    End,
}

pub(crate) trait LineSource {
    /// Reads one line after printing `prompt`; `words` are what Tab completes.
    fn read(&mut self, prompt: &str, words: &[String], out: &mut dyn Write) -> Line;
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
    fn read(&mut self, prompt: &str, _: &[String], out: &mut dyn Write) -> Line {
        match self.lines.next() {
            Some(line) => {
                let _ = writeln!(out, "{prompt}{line}");
                Line::Text(line)
            }
            None => Line::End,
        }
    }
}

/// Standard input that is not a terminal.
pub(crate) fn piped_stdin() -> Echoed<impl Iterator<Item = String>> {
    Echoed::new(std::io::stdin().lock().lines().map_while(Result::ok))
}

/// Tab completion over the current options' labels and the commands.
#[derive(Helper, Highlighter, Hinter, Validator, Default)]
struct Words {
    words: Vec<String>,
}

impl Completer for Words {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let typed = line[..pos].to_lowercase();
        let pairs = self
            .words
            .iter()
            .filter(|w| w.to_lowercase().starts_with(&typed))
            .map(|w| Pair {
                display: w.clone(),
                replacement: w.clone(),
            })
            .collect();
        Ok((0, pairs))
    }
}

/// A terminal: line editing, Tab completion, history kept between runs.
pub(crate) struct Terminal {
    editor: Editor<Words, FileHistory>,
    history: Option<PathBuf>,
}

impl Terminal {
    pub(crate) fn new() -> rustyline::Result<Terminal> {
        let mut editor = Editor::new()?;
        editor.set_helper(Some(Words::default()));
        let history = history_path();
        if let Some(path) = &history {
            let _ = editor.load_history(path);
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
    fn read(&mut self, prompt: &str, words: &[String], out: &mut dyn Write) -> Line {
        let _ = out.flush();
        if let Some(helper) = self.editor.helper_mut() {
            helper.words = words.to_vec();
        }
        match self.editor.readline(prompt) {
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
}

/// `DELVE_HISTORY`, else the XDG state folder, else `~/.local/state`.
fn history_path() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("DELVE_HISTORY") {
        return Some(PathBuf::from(path));
    }
    let state = std::env::var_os("XDG_STATE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/state")))?;
    Some(state.join("delve/history"))
}
