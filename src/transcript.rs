//! Session transcripts: header lines `# game:`, `# seed:`, `# opt:` and
//! `# deal:` set up a game; every other line is typed at the REPL as a person
//! would type it. Later `#` lines are comments.

use crate::open::{GameSpec, UsageError};
use anyhow::{Context, Result};
use std::path::Path;

pub struct Transcript {
    pub spec: GameSpec,
    pub lines: Vec<String>,
}

impl Transcript {
    pub fn read(path: &Path) -> Result<Transcript> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("can not read transcript {}", path.display()))?;
        Transcript::parse(path, &text)
    }

    pub fn parse(path: &Path, text: &str) -> Result<Transcript> {
        let mut spec = GameSpec {
            seed: Some(0),
            ..GameSpec::default()
        };
        let mut lines = Vec::new();
        for (number, line) in text.lines().enumerate() {
            let Some(comment) = line.strip_prefix('#') else {
                lines.push(line.to_string());
                continue;
            };
            let Some((key, value)) = comment.split_once(':') else {
                continue;
            };
            let value = value.trim();
            let at = || format!("{} line {}", path.display(), number + 1);
            match key.trim() {
                "game" => spec.game = value.to_string(),
                "seed" => {
                    let seed = value
                        .parse()
                        .map_err(|_| UsageError(format!("{}: `{value}` is not a seed", at())))?;
                    spec.seed = Some(seed);
                }
                "opt" => spec.opts.push(value.to_string()),
                "deal" => spec.deal = Some(resolve(path, value)),
                _ => {}
            }
        }
        if spec.game.is_empty() {
            return Err(UsageError(format!("{}: no `# game: NAME` line", path.display())).into());
        }
        Ok(Transcript { spec, lines })
    }
}

/// A deal path as written: from the current folder, else beside the transcript.
fn resolve(transcript: &Path, deal: &str) -> std::path::PathBuf {
    let direct = Path::new(deal);
    if direct.exists() {
        return direct.to_path_buf();
    }
    transcript.parent().unwrap_or(Path::new(".")).join(deal)
}
