//! What delve may write over: only a regular file that already holds what it
//! is about to write (a save over a save, a transcript over a transcript),
//! or nothing at all. This module tells which case a path is in, by its
//! metadata (never following a link) and the first bytes of its text.

use std::fs;
use std::io::{self, Read};
use std::path::Path;

/// The kinds of file delve writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A saved game or an autosave: JSON starting with `"format": "delve-save"`.
    Save,
    /// A session transcript: its first line starts with `# game:`.
    Transcript,
    /// What `delve test` stored for a transcript: its first line is the
    /// game's header as the REPL prints it (`Title, seed N...`).
    Snapshot,
    /// A deal file written beside a transcript: cards, one shuffle a line.
    Deal,
    /// The statistics: JSON starting with `"format": "delve-stats"`.
    Stats,
    /// A shard of a `delve sim` run: JSON lines, the first starting with
    /// `"format": "delve-shard"`.
    Shard,
    /// A sweep's chart: SVG whose first line is `CHART_FIRST_LINE`.
    Chart,
}

impl Kind {
    /// What a person calls a file of this kind.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Save => "a delve save",
            Kind::Transcript => "a delve transcript",
            Kind::Snapshot => "a delve snapshot",
            Kind::Deal => "a deal file",
            Kind::Stats => "a delve statistics file",
            Kind::Shard => "a delve shard file",
            Kind::Chart => "a delve chart",
        }
    }

    /// Whether `head`, the start of a file, is one of this kind.
    fn recognises(self, head: &str) -> bool {
        match self {
            Kind::Save => json_format_is(head, "delve-save"),
            Kind::Stats => json_format_is(head, "delve-stats"),
            Kind::Shard => json_format_is(head, "delve-shard"),
            Kind::Chart => head.starts_with(CHART_FIRST_LINE),
            Kind::Transcript => head.starts_with(TRANSCRIPT_FIRST_LINE),
            Kind::Snapshot => head
                .lines()
                .next()
                .is_some_and(|line| line.contains(", seed ") && line.ends_with('.')),
            Kind::Deal => crate::game::deal::DealFile::parse("", head).is_ok(),
        }
    }
}

/// Which of delve's kinds of file `text` (a file's start, or the whole of
/// a small one) is, if any: for an error that says what a file is.
pub(crate) fn kind_of(text: &str) -> Option<Kind> {
    [
        Kind::Save,
        Kind::Stats,
        Kind::Shard,
        Kind::Chart,
        Kind::Transcript,
        Kind::Snapshot,
        Kind::Deal,
    ]
    .into_iter()
    .find(|kind| kind.recognises(text))
}

/// The first line of every transcript names its game: how a transcript is
/// told from any other text file (`transcript::FIRST_LINE`).
pub(crate) const TRANSCRIPT_FIRST_LINE: &str = "# game:";

/// The first line of every chart delve draws.
pub(crate) const CHART_FIRST_LINE: &str = "<!-- a delve chart -->";

/// How much of a file is read to tell its kind (a deal file is read whole
/// up to this size; a larger one is not taken for one).
const HEAD: u64 = 64 * 1024;

/// What is at a path delve is about to write.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// Nothing: the file will be created.
    Nothing,
    /// A regular file of the kind to be written.
    Same,
    /// A regular file holding something else: replaced only after a yes.
    Other,
}

/// What is at `path`, or why nothing may be written there (a folder, a
/// link, a pipe, a device, a file that can not be read to check it).
pub(crate) fn found(path: &Path, kind: Kind) -> Result<Found, String> {
    let meta = match fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Found::Nothing),
        Err(e) => return Err(format!("can not look at it: {e}")),
    };
    let file_type = meta.file_type();
    if file_type.is_symlink() {
        return Err(
            "it is a symbolic link; delve replaces only a regular file, never through a link"
                .into(),
        );
    }
    if file_type.is_dir() {
        return Err("it is a folder".into());
    }
    if !file_type.is_file() {
        return Err(format!(
            "it is {}, not a regular file",
            special_name(file_type)
        ));
    }
    let mut head = Vec::new();
    fs::File::open(path)
        .and_then(|file| file.take(HEAD).read_to_end(&mut head))
        .map_err(|e| format!("can not read it to check that it is {}: {e}", kind.name()))?;
    let whole = meta.len() <= HEAD;
    let text = String::from_utf8_lossy(&head);
    let same = if kind == Kind::Deal && !whole {
        false
    } else {
        kind.recognises(&text)
    };
    Ok(if same { Found::Same } else { Found::Other })
}

/// Why a file that is not one of its own kind is left alone.
pub(crate) fn not_of_kind(kind: Kind) -> String {
    let told_by = match kind {
        Kind::Save => " (its JSON starts with \"format\": \"delve-save\")",
        Kind::Stats => " (its JSON starts with \"format\": \"delve-stats\")",
        Kind::Shard => " (its first line starts with {\"format\": \"delve-shard\")",
        Kind::Chart => " (its first line is `<!-- a delve chart -->`)",
        Kind::Transcript => " (its first line starts with `# game:`)",
        Kind::Snapshot => " (its first line is the game's header, `Title, seed N.`)",
        Kind::Deal => "",
    };
    format!(
        "it is a file but not {}{told_by}; delve replaces only a file of its own kind",
        kind.name()
    )
}

#[cfg(unix)]
fn special_name(file_type: fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if file_type.is_fifo() {
        "a named pipe"
    } else if file_type.is_char_device() || file_type.is_block_device() {
        "a device"
    } else if file_type.is_socket() {
        "a socket"
    } else {
        "something special"
    }
}

#[cfg(not(unix))]
fn special_name(_: fs::FileType) -> &'static str {
    "something special"
}

/// `{ "format": "NAME"` at the start of a JSON text, with any spacing: how
/// delve writes its own files (the format is always the first key).
fn json_format_is(text: &str, name: &str) -> bool {
    let mut rest = text.trim_start();
    for token in ["{", "\"format\"", ":", &format!("\"{name}\"")] {
        match rest.strip_prefix(token) {
            Some(after) => rest = after.trim_start(),
            None => return false,
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_are_told_by_their_first_bytes() {
        assert!(Kind::Save.recognises("{\n  \"format\": \"delve-save\",\n"));
        assert!(Kind::Save.recognises("{\"format\":\"delve-save\"}"));
        assert!(!Kind::Save.recognises("{\"format\": \"delve-stats\"}"));
        assert!(!Kind::Save.recognises("my notes"));
        assert!(Kind::Stats.recognises("{ \"format\" : \"delve-stats\" }"));
        assert!(Kind::Transcript.recognises("# game: x\n1\n"));
        assert!(!Kind::Transcript.recognises("notes\n# game: x\n"));
        assert!(Kind::Snapshot.recognises("Game, seed 2. Type help for commands.\n"));
        assert!(!Kind::Snapshot.recognises("notes\n"));
        assert!(Kind::Deal.recognises("# a deal\nAS 2H\n"));
        assert!(!Kind::Deal.recognises("shopping list: milk\n"));
    }

    #[test]
    fn a_path_is_nothing_the_same_kind_another_file_or_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x");
        assert_eq!(found(&path, Kind::Transcript), Ok(Found::Nothing));
        fs::write(&path, "# game: g\n").unwrap();
        assert_eq!(found(&path, Kind::Transcript), Ok(Found::Same));
        assert_eq!(found(&path, Kind::Save), Ok(Found::Other));
        let refused = found(dir.path(), Kind::Save).unwrap_err();
        assert!(refused.contains("folder"), "{refused}");
        #[cfg(unix)]
        {
            let link = dir.path().join("link");
            std::os::unix::fs::symlink(&path, &link).unwrap();
            let refused = found(&link, Kind::Transcript).unwrap_err();
            assert!(refused.contains("symbolic link"), "{refused}");
            let refused = found(Path::new("/dev/null"), Kind::Save).unwrap_err();
            assert!(refused.contains("a device"), "{refused}");
        }
    }
}
