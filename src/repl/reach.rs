//! Which files the REPL's commands may touch. A person at the prompt names
//! any file; a transcript, which may come from a stranger, reaches only a
//! scratch folder of its own and plays rulesets only by catalog name.

use crate::script::catalog;
use std::path::PathBuf;

#[derive(Clone, Debug)]
pub(crate) enum Files {
    /// Any path, as typed (`~/` for the home folder).
    Anywhere,
    /// Plain file names inside this folder, and no ruleset by path.
    Within(PathBuf),
}

impl Files {
    /// The file a typed name stands for, or why it may not be used.
    pub(crate) fn resolve(&self, typed: &str) -> Result<PathBuf, String> {
        match self {
            Files::Anywhere => Ok(crate::session::places::expand_home(typed)),
            Files::Within(dir) => {
                let plain = !typed.is_empty()
                    && !typed.contains(['/', '\\'])
                    && typed != ".."
                    && typed != ".";
                if plain {
                    Ok(dir.join(typed))
                } else {
                    Err(format!(
                    "a transcript reads and writes only plain file names in a scratch folder of its own, not `{typed}`"
                ))
                }
            }
        }
    }

    /// Whether `play GAME` may start this ruleset.
    pub(crate) fn may_play(&self, game: &str) -> Result<(), String> {
        match self {
            Files::Within(_) if catalog::is_path(game) => Err(format!(
                "a transcript plays only rulesets by name (as `delve list` shows them), not the path `{game}`"
            )),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transcript_reaches_only_plain_names_in_its_folder() {
        let files = Files::Within(PathBuf::from("/scratch"));
        assert_eq!(
            files.resolve("game.json"),
            Ok(PathBuf::from("/scratch/game.json"))
        );
        for outside in ["../x", "/etc/passwd", "a/b", "..", ""] {
            assert!(files.resolve(outside).is_err(), "{outside}");
        }
        assert!(files.may_play("some-ruleset").is_ok());
        assert!(files.may_play("../../etc/passwd").is_err());
        assert!(files.may_play("mine.rhai").is_err());
    }

    #[test]
    fn a_person_names_any_file() {
        assert_eq!(
            Files::Anywhere.resolve("../x.json"),
            Ok(PathBuf::from("../x.json"))
        );
        assert!(Files::Anywhere.may_play("mine.rhai").is_ok());
    }
}
