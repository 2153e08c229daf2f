//! Every transcript in tests/sessions/ replayed by the same library function
//! that `delve replay` and `delve test` use; the output, which is what a
//! person would have seen, is snapshotted (insta keeps the snapshots, so
//! `cargo insta review` works for contributors).

use delve::replay;
use rayon::prelude::*;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// What a person would have seen of a transcript, as snapshotted.
fn seen(path: &Path) -> String {
    match replay(path) {
        Ok(replayed) if replayed.script_errors > 0 => format!(
            "{}\n[script errors: {}]\n",
            replayed.output, replayed.script_errors
        ),
        Ok(replayed) => replayed.output,
        Err(error) => format!("[does not start: {error:#}]\n"),
    }
}

#[test]
fn transcripts_replay_as_snapshotted() {
    // The replays (most of the test's time) on every core first; insta
    // then compares each with its snapshot, one file after another.
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sessions");
    let files: Vec<PathBuf> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt"))
        .collect();
    let outputs: HashMap<PathBuf, String> = files
        .par_iter()
        .map(|path| (path.canonicalize().unwrap(), seen(path)))
        .collect();
    insta::glob!(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests"),
        "sessions/*.txt",
        |path| {
            let seen = outputs
                .get(&path.canonicalize().unwrap())
                .unwrap_or_else(|| panic!("{} was not replayed", path.display()));
            insta::assert_snapshot!(seen);
        }
    );
}

/// A snapshot a person reviews in a minute: a long game is split into parts
/// (`# quiet: N` plays the earlier part without showing it).
#[test]
fn every_snapshot_is_short_enough_to_read() {
    let folder = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/integration/snapshots");
    let mut seen = 0;
    for entry in std::fs::read_dir(folder).unwrap() {
        let path = entry.unwrap().path();
        let lines = std::fs::read_to_string(&path).unwrap().lines().count();
        assert!(lines <= 600, "{} has {lines} lines", path.display());
        seen += 1;
    }
    assert!(seen > 40, "only {seen} snapshots");
}
