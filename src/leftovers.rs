//! The temporary files a writer of delve left behind when it was killed
//! between creating one and renaming it into place (`files::write`): found
//! and removed on a later write into the same folder, so a folder that is
//! written to often does not fill with them.
//!
//! Only delve's own pattern is touched (`.delve-` and six letters or digits
//! and `.tmp`, a regular file), and only a file no live process is writing:
//! every writer holds an exclusive advisory lock on its temporary file from
//! just after creating it until the rename, and the system drops the lock
//! of a process that dies. A file must also be a minute old, so the instant
//! between another writer's create and its lock is never mistaken for a
//! leftover.

use std::fs;
use std::path::Path;
use std::time::{Duration, SystemTime};

/// What the temporary files are named: `PREFIX`, `RANDOM` letters or
/// digits, `SUFFIX` (the `tempfile` crate's scheme, as `files` asks it).
pub(crate) const PREFIX: &str = ".delve-";
pub(crate) const SUFFIX: &str = ".tmp";
pub(crate) const RANDOM: usize = 6;

/// A file younger than this may be a writer's that has not locked it yet.
const SETTLED: Duration = Duration::from_mins(1);

/// Removes the leftovers in `dir`; how many. Nothing here is an error of
/// the write that asks: a file that can not be read or removed stays.
pub(crate) fn remove_in(dir: &Path) -> usize {
    let Ok(entries) = fs::read_dir(dir) else {
        return 0;
    };
    entries
        .flatten()
        .filter(|entry| entry.file_name().to_str().is_some_and(is_own_name))
        .filter(|entry| is_abandoned(&entry.path()))
        .filter(|entry| fs::remove_file(entry.path()).is_ok())
        .count()
}

/// Whether `name` is one `files::write` makes.
fn is_own_name(name: &str) -> bool {
    name.strip_prefix(PREFIX)
        .and_then(|rest| rest.strip_suffix(SUFFIX))
        .is_some_and(|random| {
            random.len() == RANDOM && random.bytes().all(|b| b.is_ascii_alphanumeric())
        })
}

/// A regular file, settled, whose lock nobody holds.
fn is_abandoned(path: &Path) -> bool {
    let Ok(meta) = fs::symlink_metadata(path) else {
        return false;
    };
    let settled = meta
        .modified()
        .ok()
        .and_then(|at| SystemTime::now().duration_since(at).ok())
        .is_some_and(|age| age >= SETTLED);
    if !meta.file_type().is_file() || !settled {
        return false;
    }
    let mut open = fs::OpenOptions::new();
    open.read(true);
    #[cfg(unix)]
    {
        // Never follow a link put there meanwhile, nor wait on a pipe.
        use std::os::unix::fs::OpenOptionsExt;
        open.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    // The lock is let go when the file closes, before it is removed: a
    // writer can not take it up again, for none opens a file it did not
    // create.
    open.open(path).is_ok_and(|file| file.try_lock().is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn aged(path: &Path) {
        let file = fs::File::options().write(true).open(path).unwrap();
        file.set_modified(SystemTime::now() - Duration::from_hours(2))
            .unwrap();
    }

    #[test]
    fn only_its_own_settled_unlocked_files_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let at = |name: &str| dir.path().join(name);
        for name in [
            ".delve-Ab12Cd.tmp",
            ".delve-Held12.tmp",
            ".delve-Fresh1.tmp",
            ".delve-notes.tmp",
            ".delve-Ab12Cd.tmp.bak",
            "other.tmp",
        ] {
            fs::write(at(name), "x").unwrap();
            if name != ".delve-Fresh1.tmp" {
                aged(&at(name));
            }
        }
        let held = fs::File::open(at(".delve-Held12.tmp")).unwrap();
        held.lock().unwrap();
        assert_eq!(remove_in(dir.path()), 1);
        assert!(!at(".delve-Ab12Cd.tmp").exists());
        for kept in [
            ".delve-Held12.tmp",
            ".delve-Fresh1.tmp",
            ".delve-notes.tmp",
            ".delve-Ab12Cd.tmp.bak",
            "other.tmp",
        ] {
            assert!(at(kept).exists(), "{kept}");
        }
        drop(held);
        assert_eq!(remove_in(dir.path()), 1);
    }
}
