//! Where `delve check` keeps a failing game: its transcript in a file (a
//! game that never ends runs to thousands of choices, too many for a
//! terminal), in a folder the person names or a new temporary one.

use super::Failure;
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};

/// The folder for failing games' transcripts: `named` (made if missing),
/// else a new temporary folder that stays after delve exits.
pub(crate) fn transcripts_folder(named: Option<&Path>) -> Result<PathBuf> {
    match named {
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("can not make the folder {}", dir.display()))?;
            Ok(dir.to_path_buf())
        }
        None => Ok(tempfile::Builder::new()
            .prefix("delve-check-")
            .tempdir()
            .context("can not make a temporary folder for the transcript")?
            .keep()),
    }
}

/// Writes the failure's transcript into `dir`, named after its ruleset,
/// options and seed; returns its path.
pub(crate) fn write_transcript(dir: &Path, failure: &Failure) -> Result<PathBuf> {
    let path = dir.join(file_name(failure));
    // Only a transcript of an earlier check is replaced, never another file.
    crate::files::write(
        &path,
        failure.transcript.as_bytes(),
        crate::file_kind::Kind::Transcript,
        crate::files::Replace::SameKind,
    )
    .with_context(|| format!("can not write the transcript {}", path.display()))?;
    Ok(path)
}

/// `GAME[-KEY=VALUE...]-seed-N.txt`, with only characters safe in a file name.
fn file_name(failure: &Failure) -> String {
    let game = Path::new(&failure.game)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut name = game;
    for opt in &failure.opts {
        name.push('-');
        name.push_str(&opt.to_string());
    }
    let safe: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || "-_=.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{safe}-seed-{}.txt", failure.seed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transcript_is_named_after_its_game_options_and_seed() {
        let failure = Failure {
            game: "tests/scripts/odd game.rhai".into(),
            opts: vec!["mode=a/b".parse().unwrap()],
            seed: 7,
            invariant: "the game ends",
            detail: String::new(),
            transcript: "# game: x\n".into(),
        };
        assert_eq!(file_name(&failure), "odd_game-mode=a_b-seed-7.txt");
        let dir = tempfile::tempdir().unwrap();
        let path = write_transcript(dir.path(), &failure).unwrap();
        assert_eq!(std::fs::read_to_string(path).unwrap(), "# game: x\n");
    }
}
