//! Session transcripts: header lines `# game:`, `# seed:`, `# opt:` and
//! `# deal:` set up a game; every other line is typed at the REPL as a person
//! would type it. `# quiet: N` plays the first N typed lines without showing
//! them, so a long game splits into windows that each show a stretch of it.
//! Later `#` lines are comments. Relative paths in the header
//! are read from the transcript's own folder first, so a folder of
//! transcripts replays the same from anywhere.

pub(crate) mod record;

use crate::session::open::{GameSpec, UsageError};
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};

pub(crate) struct Transcript {
    pub spec: GameSpec,
    pub lines: Vec<String>,
    /// How many of the first lines are played without being shown.
    pub quiet: usize,
}

/// The first line of every transcript names its game: how `delve test`
/// tells a transcript from any other text file.
pub(crate) const FIRST_LINE: &str = crate::file_kind::TRANSCRIPT_FIRST_LINE;

impl Transcript {
    pub(crate) fn read(path: &Path) -> Result<Transcript> {
        let text = crate::read::text(path, crate::read::Kind::Transcript)
            .with_context(|| format!("can not read transcript {}", path.display()))?;
        Transcript::parse(path, &text)
    }

    pub(crate) fn parse(path: &Path, text: &str) -> Result<Transcript> {
        let mut spec = GameSpec {
            base: path.parent().map(Path::to_path_buf),
            first_unless_seeded: true,
            ..GameSpec::default()
        };
        let mut lines = Vec::new();
        let mut quiet = 0;
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
                    let seed = value.parse().map_err(|_| {
                        UsageError(format!(
                            "{}: `{}` is not a seed",
                            at(),
                            crate::read::excerpt(value)
                        ))
                    })?;
                    spec.seed = Some(seed);
                }
                "opt" => {
                    let setting = value.parse().map_err(|_| {
                        UsageError(format!(
                            "{}: `{}` is not KEY=VALUE",
                            at(),
                            crate::read::excerpt(value)
                        ))
                    })?;
                    spec.opts.push(setting);
                }
                "quiet" => {
                    quiet = value.parse().map_err(|_| {
                        UsageError(format!("{}: `{value}` is not a number of lines", at()))
                    })?;
                }
                "deal" => spec.deal = Some(PathBuf::from(value)),
                _ => {}
            }
        }
        if spec.game.is_empty() {
            return Err(UsageError(format!("{}: no `# game: NAME` line", path.display())).into());
        }
        if quiet > lines.len() {
            return Err(UsageError(format!(
                "{}: `# quiet: {quiet}` but the transcript has {} lines to type",
                path.display(),
                lines.len()
            ))
            .into());
        }
        Ok(Transcript { spec, lines, quiet })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_sets_up_the_game_and_the_rest_is_typed() {
        let text = "# game: my-rule.rhai\n# seed: 7\n# opt: jokers=false\n# a comment\n1\nundo\n";
        let t = Transcript::parse(Path::new("tests/x/t.txt"), text).unwrap();
        assert_eq!(t.spec.game, "my-rule.rhai");
        assert_eq!(t.spec.seed, Some(7));
        assert_eq!(t.spec.opts, ["jokers=false".parse().unwrap()]);
        assert_eq!(t.spec.base.as_deref(), Some(Path::new("tests/x")));
        assert_eq!(t.lines, ["1", "undo"]);
        assert_eq!(t.quiet, 0);
    }

    #[test]
    fn quiet_lines_are_counted_and_checked() {
        let t = Transcript::parse(Path::new("t.txt"), "# game: g\n# quiet: 1\n1\n2\n").unwrap();
        assert_eq!(t.quiet, 1);
        for (text, error) in [
            (
                "# game: g\n# quiet: many\n1\n",
                "`many` is not a number of lines",
            ),
            (
                "# game: g\n# quiet: 2\n1\n",
                "`# quiet: 2` but the transcript has 1 lines",
            ),
        ] {
            let found = Transcript::parse(Path::new("t.txt"), text).err().unwrap();
            assert!(found.to_string().contains(error), "{found}");
        }
    }

    #[test]
    fn a_transcript_without_a_game_is_refused() {
        let error = Transcript::parse(Path::new("t.txt"), "1\n").err().unwrap();
        assert!(
            error.to_string().contains("no `# game: NAME` line"),
            "{error}"
        );
    }
}
