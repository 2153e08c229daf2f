//! Playing a transcript back through the REPL: what a person would have
//! seen. `delve replay`, `delve test` and the project's own snapshot tests
//! all produce a transcript's output here, so they can not disagree. File
//! commands in a transcript reach only a scratch folder of its own. The
//! output of a transcript's quiet lines (`# quiet: N`) is left out: it
//! begins with what the Nth line brought.

use super::input::{Echoed, Line, LineSource, Words};
use super::reach::Files;
use super::Repl;
use crate::transcript::Transcript;
use anyhow::Result;
use std::cell::Cell;
use std::io::Write;
use std::path::Path;
use std::rc::Rc;

/// A transcript's output, without colour, and how often its script failed.
pub struct Replayed {
    pub output: String,
    pub script_errors: usize,
}

/// Replays `transcript` into `out`; returns how many script errors it met.
/// A rejected answer or command is not one: testing bad input is a use of
/// transcripts.
pub(crate) fn replay_into(transcript: &Transcript, out: &mut dyn Write) -> Result<usize> {
    let session = transcript.spec.open()?;
    let scratch = tempfile::tempdir()?;
    if transcript.quiet > 0 {
        writeln!(
            out,
            "({} lines played without showing; this part begins with what the last brought)",
            transcript.quiet
        )?;
    }
    let open = Rc::new(Cell::new(transcript.quiet == 0));
    let input = Opening {
        lines: Echoed::new(transcript.lines.clone().into_iter()),
        quiet: transcript.quiet,
        open: open.clone(),
    };
    let mut gate = Gate { out, open };
    let mut repl = Repl::new(Some(session), Box::new(input), &mut gate);
    repl.set_files(Files::Within(scratch.path().to_path_buf()));
    repl.set_played_back();
    repl.run()?;
    Ok(repl.script_errors())
}

/// The output, let through once the quiet lines are read.
struct Gate<'a> {
    out: &'a mut dyn Write,
    open: Rc<Cell<bool>>,
}

impl Write for Gate<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if self.open.get() {
            self.out.write(bytes)
        } else {
            Ok(bytes.len())
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

/// The transcript's lines, opening the gate once the quiet ones are read.
struct Opening<I: Iterator<Item = String>> {
    lines: Echoed<I>,
    quiet: usize,
    open: Rc<Cell<bool>>,
}

impl<I: Iterator<Item = String>> LineSource for Opening<I> {
    fn read(&mut self, prompt: &str, words: &Words, out: &mut dyn Write) -> Line {
        let line = self.lines.read(prompt, words, out);
        if self.quiet > 0 {
            self.quiet -= 1;
            self.open.set(self.quiet == 0);
        }
        line
    }
}

/// Replays the transcript at `path` as plain text.
pub fn replay(path: &Path) -> Result<Replayed> {
    let transcript = Transcript::read(path)?;
    let mut plain = anstream::StripStream::new(Vec::new());
    let script_errors = replay_into(&transcript, &mut plain)?;
    plain.flush()?;
    let output = String::from_utf8_lossy(&plain.into_inner()).into_owned();
    Ok(Replayed {
        output,
        script_errors,
    })
}
