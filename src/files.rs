//! Writing the files delve keeps or a person asked for (saves, autosaves,
//! statistics, recorded transcripts, snapshots) so that nothing is ever
//! half-written or written where it should not be: the text goes to a new
//! temporary file with a unique name, created exclusively in the target's
//! folder (the `tempfile` crate), is synced, and is then renamed over the
//! target, and the folder is synced so the rename survives a crash. Only a
//! regular file already of the same kind is replaced (see `file_kind`).
//! The temporary file is locked while it is written, and a write first
//! removes what killed writers left in its folder (see `leftovers`).

pub(crate) use crate::file_kind::Kind;
use crate::file_kind::{found, not_of_kind, Found};
use crate::leftovers;
use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// What may stand at the target before writing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Replace {
    /// Nothing: the file is created, never replaced.
    Nothing,
    /// Nothing, or a regular file of the same kind.
    SameKind,
    /// Any regular file (a person said yes to replacing it).
    AnyFile,
}

/// Writes `bytes` to `path` as a file of `kind`, replacing what is there
/// only as `replace` allows. The error says why in words that do not name
/// the file: the caller names it as the person typed it.
pub(crate) fn write(path: &Path, bytes: &[u8], kind: Kind, replace: Replace) -> io::Result<()> {
    let existing = check(path, kind, replace)?;
    let dir = folder_of(path);
    leftovers::remove_in(&dir);
    let mut builder = tempfile::Builder::new();
    builder
        .prefix(leftovers::PREFIX)
        .rand_bytes(leftovers::RANDOM)
        .suffix(leftovers::SUFFIX);
    #[cfg(unix)]
    {
        // Read and write for everyone the umask allows, as a plain create
        // gives (a temporary file is otherwise private to its owner).
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut temp = builder.tempfile_in(&dir).map_err(|e| in_folder(&dir, &e))?;
    // Held until the file is renamed (or removed): while it is, no later
    // write takes the file for a dead writer's. Where the system has no
    // such locks, no file is ever taken for one (`leftovers`).
    let _ = temp.as_file().lock();
    temp.write_all(bytes)?;
    if existing {
        // A replaced file keeps its mode (a shared save stays shared).
        if let Ok(old) = fs::metadata(path) {
            temp.as_file().set_permissions(old.permissions())?;
        }
    }
    temp.as_file().sync_all()?;
    if replace == Replace::Nothing {
        temp.persist_noclobber(path).map_err(|e| {
            if e.error.kind() == io::ErrorKind::AlreadyExists {
                refused("it was created meanwhile; nothing was replaced".into())
            } else {
                e.error
            }
        })?;
    } else {
        temp.persist(path).map_err(|e| e.error)?;
    }
    sync_folder(&dir)
}

/// What `write` would do at `path`: `Ok(true)` to replace a file,
/// `Ok(false)` to create one, or the refusal.
pub(crate) fn check(path: &Path, kind: Kind, replace: Replace) -> io::Result<bool> {
    match (found(path, kind).map_err(refused)?, replace) {
        (Found::Nothing, _) => Ok(false),
        (Found::Same, Replace::Nothing) => Err(refused("it exists already".into())),
        (Found::Other, Replace::Nothing | Replace::SameKind) => Err(refused(not_of_kind(kind))),
        (Found::Same, _) | (Found::Other, Replace::AnyFile) => Ok(true),
    }
}

/// Refuses a path whose folder is not there (or is no folder): what a
/// command checks before long work that ends by writing the file.
pub(crate) fn check_folder(path: &Path) -> io::Result<()> {
    let dir = folder_of(path);
    if dir.is_dir() {
        return Ok(());
    }
    let why = if dir.exists() {
        "is not a folder"
    } else {
        "does not exist"
    };
    Err(io::Error::new(
        io::ErrorKind::NotFound,
        format!("the folder {} {why}", dir.display()),
    ))
}

/// Whether the path holds a regular file of another kind: a person may be
/// asked before it is replaced.
pub(crate) fn holds_other_file(path: &Path, kind: Kind) -> bool {
    found(path, kind) == Ok(Found::Other)
}

/// Whether the path holds a regular file of this kind.
pub(crate) fn holds_same_kind(path: &Path, kind: Kind) -> bool {
    found(path, kind) == Ok(Found::Same)
}

/// An error that is a refusal, not a failure of the system.
fn refused(why: String) -> io::Error {
    io::Error::new(io::ErrorKind::AlreadyExists, why)
}

/// The folder a file is written in (`.` for a bare name).
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// A failure to create the temporary file, said about the folder.
fn in_folder(dir: &Path, error: &io::Error) -> io::Error {
    let why = match error.kind() {
        io::ErrorKind::NotFound => "does not exist".to_string(),
        io::ErrorKind::PermissionDenied => "can not be written in (permission denied)".into(),
        _ => format!("can not be written in: {error}"),
    };
    io::Error::new(error.kind(), format!("the folder {} {why}", dir.display()))
}

/// Makes a rename in `dir` durable (where the system can sync a folder).
fn sync_folder(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        fs::File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAVE: &[u8] = b"{\n  \"format\": \"delve-save\"\n}\n";

    #[test]
    fn a_write_replaces_its_own_kind_and_leaves_nothing_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.json");
        write(&path, SAVE, Kind::Save, Replace::SameKind).unwrap();
        write(
            &path,
            b"{\"format\": \"delve-save\", \"x\": 2}",
            Kind::Save,
            Replace::SameKind,
        )
        .unwrap();
        assert!(fs::read_to_string(&path).unwrap().contains("\"x\": 2"));
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn another_file_is_replaced_only_when_a_person_said_so() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("notes.txt");
        fs::write(&path, "my notes").unwrap();
        let error = write(&path, SAVE, Kind::Save, Replace::SameKind).unwrap_err();
        assert!(error.to_string().contains("not a delve save"), "{error}");
        assert_eq!(fs::read_to_string(&path).unwrap(), "my notes");
        let error = write(&path, SAVE, Kind::Save, Replace::Nothing).unwrap_err();
        assert!(error.to_string().contains("not a delve save"), "{error}");
        write(&path, SAVE, Kind::Save, Replace::AnyFile).unwrap();
        assert_eq!(fs::read(&path).unwrap(), SAVE);
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_mode_and_a_new_one_follows_the_umask() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("shared.json");
        fs::write(&path, SAVE).unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640)).unwrap();
        write(&path, SAVE, Kind::Save, Replace::SameKind).unwrap();
        let mode = fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        let fresh = dir.path().join("fresh.json");
        fs::write(dir.path().join("plain"), "").unwrap();
        write(&fresh, SAVE, Kind::Save, Replace::SameKind).unwrap();
        let plain = fs::metadata(dir.path().join("plain"))
            .unwrap()
            .permissions();
        let mode = fs::metadata(&fresh).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, plain.mode() & 0o777);
    }

    #[test]
    fn a_write_into_a_missing_folder_fails_and_leaves_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("no/such/game.json");
        let error = write(&path, SAVE, Kind::Save, Replace::SameKind).unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::NotFound);
        assert!(error.to_string().contains("does not exist"), "{error}");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
    }
}
