//! Where delve keeps what it remembers between runs, by the XDG base
//! directory rules: the game in progress and the line history in the state
//! folder (`$XDG_STATE_HOME/delve`, else `~/.local/state/delve`), the
//! statistics in the data folder (`$XDG_DATA_HOME/delve`, else
//! `~/.local/share/delve`). A relative XDG path is ignored, as the rules say.

use std::path::{Path, PathBuf};

/// `$XDG_STATE_HOME/delve`, else `~/.local/state/delve`; `None` without a home.
pub(crate) fn state_dir() -> Option<PathBuf> {
    base("XDG_STATE_HOME", ".local/state").map(|d| d.join("delve"))
}

/// `$XDG_DATA_HOME/delve`, else `~/.local/share/delve`; `None` without a home.
pub(crate) fn data_dir() -> Option<PathBuf> {
    base("XDG_DATA_HOME", ".local/share").map(|d| d.join("delve"))
}

fn base(variable: &str, under_home: &str) -> Option<PathBuf> {
    std::env::var_os(variable)
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| home().map(|h| h.join(under_home)))
}

fn home() -> Option<PathBuf> {
    std::env::var_os("HOME")
        .map(PathBuf::from)
        .filter(|p| !p.as_os_str().is_empty())
}

/// A file name as a person types it, with a leading `~` or `~/` standing
/// for their home folder (as a shell would read it).
pub(crate) fn expand_home(typed: &str) -> PathBuf {
    let rest = if typed == "~" {
        Some("")
    } else {
        typed.strip_prefix("~/")
    };
    match (rest, home()) {
        (Some(rest), Some(home)) => home.join(rest),
        _ => PathBuf::from(typed),
    }
}

/// Creates `file`'s folder (and its parents) if it is missing.
pub(crate) fn make_parent(file: &Path) -> std::io::Result<()> {
    match file.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => std::fs::create_dir_all(dir),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tilde_stands_for_home_only_at_the_start() {
        let Some(home) = home() else { return };
        assert_eq!(expand_home("~/games/x.json"), home.join("games/x.json"));
        assert_eq!(expand_home("~"), home);
        assert_eq!(expand_home("a/~/b"), PathBuf::from("a/~/b"));
        assert_eq!(expand_home("~other/x"), PathBuf::from("~other/x"));
    }
}
