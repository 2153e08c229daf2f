//! The unfinished games a player is offered, and their statistics: the
//! list says when it stops at the newest and `resume --all` lists every
//! one; a game opened and left before any choice fills no place in it.

use crate::delve_in;
use std::path::Path;

/// A game of `seed` left at a terminal after `lines`.
fn leave(home: &Path, seed: u32, lines: &str) {
    delve_in(home)
        .args([
            "play",
            "clear-the-dungeon",
            "--seed",
            &seed.to_string(),
            "--keep",
        ])
        .write_stdin(lines)
        .assert()
        .success();
}

fn listed(home: &Path, args: &[&str]) -> String {
    let output = delve_in(home)
        .arg("resume")
        .args(args)
        .write_stdin("")
        .output()
        .unwrap();
    // Words, not the lines they were wrapped to.
    let text = String::from_utf8(output.stdout).unwrap();
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn the_list_says_where_it_stops_and_all_lists_every_game() {
    let home = tempfile::tempdir().unwrap();
    for seed in 1..=14 {
        leave(home.path(), seed, "1\n");
    }
    // Opened and left before a choice: newest, but nothing to take up.
    leave(home.path(), 100, "");
    leave(home.path(), 101, "");
    let newest = listed(home.path(), &[]);
    assert_eq!(newest.matches(": 1 choice made").count(), 12, "{newest}");
    assert!(!newest.contains("0 choices"), "{newest}");
    assert!(
        newest.contains(
            "These are the 12 newest; 2 older saved games are not looked at: `delve resume --all` lists every one."
        ),
        "{newest}"
    );
    let every = listed(home.path(), &["--all"]);
    assert_eq!(every.matches(": 1 choice made").count(), 14, "{every}");
    assert!(every.contains("14. Clear the Dungeon, seed 1:"), "{every}");
    assert!(!every.contains("older saved"), "{every}");
}
