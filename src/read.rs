//! Every file delve reads comes through here. It must be a regular file (a
//! folder, a device or a named pipe is refused at once, never waited on),
//! and it is read with a cap fitting its kind, so a huge file costs a clear
//! error, not the machine's memory. Files named inside other files (a
//! transcript's game and deal, a script's `extends:`) must also lie in the
//! naming file's own folder or below it: `inside` says whether one does.

use std::fs::File;
use std::io::{self, Read};
use std::path::{Component, Path, PathBuf};

/// What a file holds, which sets how large it may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// A ruleset, a variant or a library script.
    Script,
    /// A session transcript.
    Transcript,
    /// What a transcript showed, stored beside it by `delve test`.
    Snapshot,
    /// A saved game or the autosave.
    Save,
    /// A deal file.
    Deal,
    /// The statistics file.
    Stats,
    /// The REPL's line history.
    History,
    /// A shard of a `delve sim` run (`--shard K/N`): a line per game.
    Shard,
}

const KIB: u64 = 1024;
const MIB: u64 = 1024 * KIB;

impl Kind {
    /// The largest file of this kind delve reads (documented in docs/scripting.md).
    pub(crate) fn cap(self) -> u64 {
        match self {
            Kind::Script | Kind::Transcript | Kind::Save | Kind::Stats => 4 * MIB,
            Kind::Snapshot => 16 * MIB,
            Kind::Deal => 64 * KIB,
            Kind::History => MIB,
            // About 100 bytes a game: two million compared games.
            Kind::Shard => 256 * MIB,
        }
    }

    fn what(self) -> &'static str {
        match self {
            Kind::Script => "a script",
            Kind::Transcript => "a transcript",
            Kind::Snapshot => "a snapshot",
            Kind::Save => "a save",
            Kind::Deal => "a deal file",
            Kind::Stats => "the statistics file",
            Kind::History => "the line history",
            Kind::Shard => "a shard file",
        }
    }
}

/// `4 MiB`, `64 KiB`: a cap as people read it.
fn size(bytes: u64) -> String {
    if bytes.is_multiple_of(MIB) {
        format!("{} MiB", bytes / MIB)
    } else {
        format!("{} KiB", bytes / KIB)
    }
}

fn too_large(kind: Kind) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!(
            "it is larger than {}, the most {} may be",
            size(kind.cap()),
            kind.what()
        ),
    )
}

fn not_regular() -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        "it is not a regular file (a folder, a device or a named pipe)",
    )
}

/// Opens a regular file for reading without ever waiting on it: the kind of
/// file is checked before opening, and a named pipe put there in between
/// opens without blocking and is refused by the second check.
fn open(path: &Path, kind: Option<Kind>) -> io::Result<File> {
    let before = std::fs::metadata(path)?;
    if !before.is_file() {
        return Err(not_regular());
    }
    if let Some(kind) = kind.filter(|k| before.len() > k.cap()) {
        return Err(too_large(kind));
    }
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path)?;
    if !file.metadata()?.is_file() {
        return Err(not_regular());
    }
    Ok(file)
}

/// The whole text of a file of `kind`: a regular file, UTF-8, within the cap.
/// The error says what is wrong; callers add which file it is.
pub(crate) fn text(path: &Path, kind: Kind) -> io::Result<String> {
    let file = open(path, Some(kind))?;
    let mut bytes = Vec::new();
    // One byte past the cap tells a file that grew since it was checked.
    file.take(kind.cap() + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > kind.cap() {
        return Err(too_large(kind));
    }
    String::from_utf8(bytes)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "it is not UTF-8 text"))
}

/// A regular file of `kind` within its cap, to read a line at a time
/// (`lines::read_line` caps each line): no more than the cap is ever read,
/// even from a file that grows meanwhile.
pub(crate) fn reader(path: &Path, kind: Kind) -> io::Result<impl io::BufRead> {
    let file = open(path, Some(kind))?;
    Ok(io::BufReader::new(file.take(kind.cap())))
}

/// Whether `path` is a regular file of `kind` within its cap (for a file
/// another library reads itself, such as the line history).
pub(crate) fn check(path: &Path, kind: Kind) -> io::Result<()> {
    open(path, Some(kind)).map(drop)
}

/// At most `limit` bytes from the start of a regular file of any size, as
/// text (lossy): `None` when it is no regular file or can not be read.
pub(crate) fn head(path: &Path, limit: u64) -> Option<String> {
    let file = open(path, None).ok()?;
    let mut bytes = Vec::new();
    file.take(limit).read_to_end(&mut bytes).ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// The file that `name`, written inside a file in `folder`, stands for, if
/// it is in that folder or below it: a relative path without `..`, that no
/// symlink leads out of the folder. Otherwise why not, for the caller to
/// complete with how to use the file on purpose.
pub(crate) fn inside(folder: &Path, name: &str) -> Result<PathBuf, String> {
    let path = Path::new(name);
    let plain = !name.is_empty()
        && path
            .components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir));
    if !plain {
        return Err(format!(
            "`{}` is not a file in its folder or below it (named without `..`)",
            excerpt(name)
        ));
    }
    let joined = folder.join(path);
    // A file that is not there is refused by the read that follows, naming it.
    let Ok(target) = std::fs::canonicalize(&joined) else {
        return Ok(joined);
    };
    // The folder of `t.txt` is ``: the working folder.
    let folder = if folder.as_os_str().is_empty() {
        Path::new(".")
    } else {
        folder
    };
    let Ok(home) = std::fs::canonicalize(folder) else {
        return Err(format!("can not find the folder of `{}`", excerpt(name)));
    };
    if target.starts_with(&home) {
        Ok(joined)
    } else {
        Err(format!(
            "`{}` leads out of its folder through a symlink",
            excerpt(name)
        ))
    }
}

/// At most 60 characters of `text`, for quoting a file the person did not
/// name: enough to recognise, never a whole line of a stranger's file.
pub(crate) fn excerpt(text: &str) -> String {
    const MOST: usize = 60;
    match text.char_indices().nth(MOST) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_over_its_cap_is_refused_naming_the_cap() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("deal.txt");
        std::fs::write(&path, "A".repeat(64 * 1024 + 1)).unwrap();
        let error = text(&path, Kind::Deal).unwrap_err().to_string();
        assert!(error.contains("larger than 64 KiB"), "{error}");
        std::fs::write(&path, "AS\n").unwrap();
        assert_eq!(text(&path, Kind::Deal).unwrap(), "AS\n");
    }

    #[test]
    fn a_folder_or_device_is_no_regular_file() {
        let dir = tempfile::tempdir().unwrap();
        let error = text(dir.path(), Kind::Save).unwrap_err().to_string();
        assert!(error.contains("not a regular file"), "{error}");
        #[cfg(unix)]
        {
            let error = text(Path::new("/dev/zero"), Kind::Script).unwrap_err();
            assert!(error.to_string().contains("not a regular file"), "{error}");
        }
    }

    #[test]
    fn names_inside_a_file_stay_in_its_folder() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("deals")).unwrap();
        std::fs::write(dir.path().join("deals/d.txt"), "AS").unwrap();
        assert_eq!(
            inside(dir.path(), "deals/d.txt"),
            Ok(dir.path().join("deals/d.txt"))
        );
        for outside in ["../x", "/etc/passwd", "deals/../../x", ""] {
            assert!(inside(dir.path(), outside).is_err(), "{outside}");
        }
        #[cfg(unix)]
        {
            let elsewhere = tempfile::tempdir().unwrap();
            std::fs::write(elsewhere.path().join("secret"), "x").unwrap();
            let link = dir.path().join("link.txt");
            std::os::unix::fs::symlink(elsewhere.path().join("secret"), link).unwrap();
            let error = inside(dir.path(), "link.txt").unwrap_err();
            assert!(error.contains("symlink"), "{error}");
            std::os::unix::fs::symlink("deals/d.txt", dir.path().join("near.txt")).unwrap();
            assert!(inside(dir.path(), "near.txt").is_ok());
        }
    }

    #[test]
    fn an_excerpt_is_short() {
        assert_eq!(excerpt("root:x"), "root:x");
        assert_eq!(excerpt(&"é".repeat(100)).chars().count(), 61);
    }
}
