//! Playing a transcript back through the REPL: what a person would have
//! seen. `delve replay`, `delve test` and the project's own snapshot tests
//! all produce a transcript's output here, so they can not disagree. File
//! commands in a transcript reach only a scratch folder of its own.

use super::input::Echoed;
use super::reach::Files;
use super::Repl;
use crate::transcript::Transcript;
use anyhow::Result;
use std::io::Write;
use std::path::Path;

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
    let input = Echoed::new(transcript.lines.clone().into_iter());
    let mut repl = Repl::new(Some(session), Box::new(input), out);
    repl.set_files(Files::Within(scratch.path().to_path_buf()));
    repl.run()?;
    Ok(repl.script_errors())
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
