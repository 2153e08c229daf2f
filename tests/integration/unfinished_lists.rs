//! The unfinished games a player is offered, and their statistics: the
//! list says when it stops at the newest and `resume --all` lists every
//! one; a game opened and left before any choice fills no place in it; the
//! statistics count the games left unfinished beside those won and lost,
//! and the page's dialog reads as a player reads: the ruleset's title, its
//! options in words, the mean score.

use crate::browser::{click, pick_first, shows, start, until, with_browser};
use crate::delve_in;
use crate::serve::{pocket, Server};
use fantoccini::Locator;
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

#[test]
fn statistics_count_the_games_left_unfinished() {
    let home = tempfile::tempdir().unwrap();
    leave(home.path(), 1, "1\n");
    leave(home.path(), 2, "1\n");
    let output = delve_in(home.path()).arg("stats").output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert!(
        text.contains("played 0, won 0 (0%), unfinished 2"),
        "{text}"
    );
    let output = delve_in(home.path())
        .args(["stats", "--json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["records"][0]["unfinished"], 2, "{json}");
}

#[test]
fn the_pages_statistics_read_in_words() {
    let home = tempfile::tempdir().unwrap();
    let server = Server::start(home.path(), &[&pocket()]);
    with_browser(async |client| {
        start(client, &server, &pocket(), &[("rounds", "1")]).await;
        while !shows(client, "[data-state='ended']").await {
            pick_first(client).await;
        }
        click(client, "#show-stats").await;
        until(client, ":has(#dialog[open] #dialog-body table)").await;
        let table = client
            .find(Locator::Css("#dialog-body table"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert!(table.contains("Pocket"), "{table}");
        assert!(!table.contains("pocket.rhai"), "{table}");
        assert!(table.contains("How many guesses: 1"), "{table}");
        assert!(table.contains("The ace ranks above the six: no"), "{table}");
        assert!(!table.contains("rounds="), "{table}");
        assert!(table.contains("mean score"), "{table}");
        assert!(table.contains("unfinished"), "{table}");
    });
}
