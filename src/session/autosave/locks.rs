//! The advisory locks that keep two sessions from playing one autosave: a
//! session holds the lock on the game's `.lock` beside it while it plays.
//! A lock file is removed by the session that lets go of it, while it still
//! holds the lock, and a claim counts only when the file it locked is still
//! the one at that path: so removing one never lets two sessions hold the
//! same game (one locking the removed file, the other a new one).

use std::fs::File;
use std::path::{Path, PathBuf};

/// The lock file beside an autosave.
pub(super) fn lock_of(autosave: &Path) -> PathBuf {
    autosave.with_extension("lock")
}

/// The advisory lock on an autosave's `.lock`, if no other session holds it.
pub(super) fn claim(autosave: &Path) -> Option<File> {
    let path = lock_of(autosave);
    // A lock file removed between opening and locking is opened again.
    for _ in 0..3 {
        let file = std::fs::OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(false)
            .open(&path)
            .ok()?;
        file.try_lock().ok()?;
        if same_file(&file, &path) {
            return Some(file);
        }
    }
    None
}

/// Whether another session holds an autosave's lock (a missing `.lock`
/// is held by no one, and is not made by looking).
pub(super) fn held_elsewhere(autosave: &Path) -> bool {
    std::fs::OpenOptions::new()
        .write(true)
        .open(lock_of(autosave))
        .is_ok_and(|file| matches!(file.try_lock(), Err(std::fs::TryLockError::WouldBlock)))
}

/// Lets go of a claim, removing its lock file first, while it is held.
pub(super) fn release(autosave: &Path, claim: File) {
    let _ = std::fs::remove_file(lock_of(autosave));
    drop(claim);
}

/// Removes the lock files in `folder` that no session holds: those left by
/// sessions before this version, or by one that was killed.
pub(super) fn sweep(folder: &Path) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for path in entries.flatten().map(|e| e.path()) {
        if path.extension().is_none_or(|e| e != "lock") {
            continue;
        }
        let unheld = std::fs::OpenOptions::new()
            .write(true)
            .open(&path)
            .ok()
            .filter(|file| file.try_lock().is_ok() && same_file(file, &path));
        if let Some(file) = unheld {
            let _ = std::fs::remove_file(&path);
            drop(file);
        }
    }
}

/// Whether the open `file` is the file now at `path`.
fn same_file(file: &File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), std::fs::metadata(path)) {
            (Ok(open), Ok(there)) => open.dev() == there.dev() && open.ino() == there.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = (file, path);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_released_claim_leaves_no_lock_file_and_a_held_one_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let game = dir.path().join("game-1.json");
        let held = claim(&game).unwrap();
        assert!(claim(&game).is_none(), "one session at a time");
        assert!(held_elsewhere(&game));
        let stale = dir.path().join("game-2.lock");
        std::fs::write(&stale, "").unwrap();
        sweep(dir.path());
        assert!(!stale.exists(), "an unheld lock file is removed");
        assert!(lock_of(&game).exists(), "a held one stays");
        release(&game, held);
        assert!(!lock_of(&game).exists());
        assert!(!held_elsewhere(&game));
        assert!(claim(&game).is_some());
    }
}
