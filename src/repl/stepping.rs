//! A transcript taken up at the REPL: `load FILE` on a transcript (a
//! `--line` file from `delve solve`, or one `record` wrote) deals its game
//! and keeps its lines, and `step` types them a few at a time, each shown
//! as if typed, so a solver's line is followed a move at a time rather
//! than printed whole as `delve replay` does.

use super::{header, io, Repl};
use crate::transcript::Transcript;
use std::collections::VecDeque;
use std::path::Path;

/// The lines of a loaded transcript still to step through.
pub(super) struct Steps {
    lines: VecDeque<String>,
    /// How many it had, to say how far stepping has come.
    total: usize,
}

/// How many lines one `step` types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Count {
    Lines(usize),
    All,
}

/// Whether the file at `path` is a transcript (its first line names a
/// game). Only a regular file is opened: a pipe or a device is no
/// transcript, and is left to `load`'s own refusal.
pub(super) fn is_transcript(path: &Path) -> bool {
    if !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return false;
    }
    let mut head = [0u8; 64];
    let read = std::fs::File::open(path).and_then(|mut f| std::io::Read::read(&mut f, &mut head));
    read.is_ok_and(|n| head[..n].starts_with(crate::transcript::FIRST_LINE.as_bytes()))
}

impl Repl<'_> {
    /// `load FILE` of a transcript: its game dealt afresh, its lines kept
    /// for `step`. The game in progress is left as `play` leaves it.
    pub(super) fn load_transcript(&mut self, path: &Path, shown: &str) -> io::Result<()> {
        let transcript = match Transcript::read(path) {
            Ok(transcript) => transcript,
            Err(error) => return self.say(&format!("{error:#}")),
        };
        if let Err(refused) = self.files.may_play(&transcript.spec.game) {
            return self.say(&refused);
        }
        let session = match transcript.spec.open() {
            Ok(session) => session,
            Err(error) => return self.say(&format!("{error:#}")),
        };
        if !self.may_replace()? {
            return Ok(());
        }
        self.replaced()?;
        let lines: VecDeque<String> = transcript
            .lines
            .into_iter()
            .filter(|l| !l.trim().is_empty())
            .collect();
        let total = lines.len();
        self.say(&format!(
            "Loaded {shown}, a transcript of {total} line{}: {}\n`step` types its next line, `step N` the next N, `step all` the rest.",
            if total == 1 { "" } else { "s" },
            header(&session)
        ))?;
        self.session = Some(session);
        self.counted = false;
        self.changed = Some(true);
        self.steps = Some(Steps { lines, total });
        Ok(())
    }

    /// `step [N|all]`: the transcript's next lines, each typed as at the
    /// prompt; false once a line quits.
    pub(super) fn step(&mut self, count: Count) -> io::Result<bool> {
        let Some(steps) = self.steps.as_mut() else {
            self.say("there is no transcript to step through: `load FILE` takes one (a `delve solve --line` file, or one `record` wrote)")?;
            return Ok(true);
        };
        let wanted = match count {
            Count::Lines(n) => n,
            Count::All => steps.lines.len(),
        };
        let total = steps.total;
        let mut taken = Vec::new();
        while taken.len() < wanted {
            let Some(line) = steps.lines.pop_front() else {
                break;
            };
            taken.push((total - steps.lines.len(), line));
        }
        if taken.is_empty() {
            return self
                .say("the transcript is played to its end")
                .map(|()| true);
        }
        for (at, line) in taken {
            if let Some(news) = self.changed.take() {
                self.show(news)?;
            }
            writeln!(self.out, "(step {at} of {total}) > {line}")?;
            if !self.handle(&line)? {
                return Ok(false);
            }
        }
        if self.steps.as_ref().is_some_and(|s| s.lines.is_empty()) {
            self.say("That was the transcript's last line.")?;
        }
        Ok(true)
    }
}
