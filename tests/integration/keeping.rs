//! No session replaces another's unfinished game: each REPL keeps its game
//! in an autosave of its own (a game left for another keeps its own too),
//! `resume` offers the unfinished ones and `resume --forget` removes them,
//! and a piped run writes neither autosaves nor statistics unless asked
//! (`--keep`).

use crate::delve_in;
use predicates::prelude::*;
use predicates::str::contains;
use std::path::Path;

/// Every file under `dir`, as paths from it (none when it is missing).
fn files_under(dir: &Path) -> Vec<String> {
    walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| !e.file_type().is_dir())
        .map(|e| e.path().strip_prefix(dir).unwrap().display().to_string())
        .collect()
}

#[test]
fn a_piped_game_keeps_out_of_the_players_folders_unless_asked() {
    let home = tempfile::tempdir().unwrap();
    delve_in(home.path())
        .args(["play", "clear-the-dungeon", "--seed", "1"])
        .args(["--opt", "damage_limit=1"])
        .write_stdin("9h on ks\ndiscard 10c\n")
        .assert()
        .success()
        .stdout(contains("Your games of").not());
    assert_eq!(files_under(home.path()), Vec::<String>::new());
    delve_in(home.path())
        .arg("resume")
        .assert()
        .code(2)
        .stderr(contains("there is no game to resume"));
    // Asked, it counts and keeps.
    delve_in(home.path())
        .args(["play", "clear-the-dungeon", "--seed", "1", "--keep"])
        .args(["--opt", "damage_limit=1"])
        .write_stdin("9h on ks\ndiscard 10c\n")
        .assert()
        .success()
        .stdout(contains("Your games of clear-the-dungeon: played 1"));
    delve_in(home.path())
        .args(["play", "clear-the-dungeon", "--json", "--keep"])
        .assert()
        .code(2);
}

#[test]
fn two_sessions_keep_two_games_and_resume_offers_both() {
    let home = tempfile::tempdir().unwrap();
    // A game in progress, as a person leaves it at a terminal...
    delve_in(home.path())
        .args(["play", "tomb-of-four-kings", "--seed", "9", "--keep"])
        .write_stdin("1\n")
        .assert()
        .success();
    // ...and another session's game: the first is not replaced.
    delve_in(home.path())
        .args(["play", "clear-the-dungeon", "--seed", "9", "--keep"])
        .write_stdin("1\n")
        .assert()
        .success();
    delve_in(home.path())
        .arg("resume")
        .write_stdin("")
        .assert()
        .success()
        .stdout(
            contains("Unfinished games (`resume N` brings one back):")
                .and(contains(
                    "1. Clear the Dungeon, seed 9: 1 choice made, saved",
                ))
                .and(contains(
                    "2. Tomb of Four Kings, seed 9: 1 choice made, saved",
                )),
        );
    // Each game has a file of its own, named for `resume NAME`.
    let games = home.path().join("state/delve/games");
    let tomb = files_under(&games)
        .into_iter()
        .find(|f| {
            Path::new(f).extension() == Some("json".as_ref())
                && std::fs::read_to_string(games.join(f))
                    .unwrap()
                    .contains("tomb-of-four-kings")
        })
        .unwrap();
    let name = tomb.strip_suffix(".json").unwrap();
    // Chosen by number from the shell, by name at the prompt.
    delve_in(home.path())
        .args(["resume", "2"])
        .write_stdin("log\n")
        .assert()
        .success()
        .stdout(contains("Resumed your game.").and(contains("Tomb of Four Kings, seed 9.")));
    delve_in(home.path())
        .write_stdin(format!("resume\nresume {name}\nlog\n"))
        .assert()
        .success()
        .stdout(
            contains("Unfinished games")
                .and(contains("Resumed Tomb of Four Kings, seed 9."))
                .and(contains("  1. → ")),
        );
    delve_in(home.path())
        .args(["resume", "nosuch"])
        .assert()
        .code(2)
        .stderr(contains("there is no unfinished game `nosuch` to resume"));
}

#[test]
fn an_ended_game_is_not_offered_and_a_resumed_game_stays_in_its_file() {
    let home = tempfile::tempdir().unwrap();
    delve_in(home.path())
        .args(["play", "clear-the-dungeon", "--seed", "1", "--keep"])
        .write_stdin("9h on ks\n")
        .assert()
        .success();
    let games = home.path().join("state/delve/games");
    let before = files_under(&games);
    // The game alone: its session removed the lock it held while it played.
    assert_eq!(before.len(), 1, "{before:?}");
    let game = before
        .iter()
        .find(|f| Path::new(f).extension() == Some("json".as_ref()))
        .unwrap();
    // Resumed and played on with --keep: saved in the same file, not a new one.
    delve_in(home.path())
        .args(["resume", "--keep"])
        .write_stdin("10c on ks\n")
        .assert()
        .success();
    assert_eq!(files_under(&games), before);
    let saved = std::fs::read_to_string(games.join(game)).unwrap();
    let json: serde_json::Value = serde_json::from_str(&saved).unwrap();
    assert_eq!(json["choices"].as_array().unwrap().len(), 2);
    // Lost at once in another game: that one is not offered.
    delve_in(home.path())
        .args(["play", "clear-the-dungeon", "--seed", "1", "--keep"])
        .args(["--opt", "damage_limit=1"])
        .write_stdin("discard 2h\n")
        .assert()
        .success();
    delve_in(home.path())
        .arg("resume")
        .write_stdin("log\n")
        .assert()
        .success()
        .stdout(contains("Resumed your game.").and(contains("  2. → 10♣ on K♠")));
}

#[test]
fn a_game_being_played_is_not_resumed_by_another_session() {
    let home = tempfile::tempdir().unwrap();
    let mut playing = std::process::Command::new(assert_cmd::cargo::cargo_bin("delve"))
        .args(["play", "clear-the-dungeon", "--seed", "1", "--keep"])
        .env("NO_COLOR", "1")
        .env("DELVE_HISTORY", "/dev/null")
        .env("HOME", home.path())
        .env("XDG_STATE_HOME", home.path().join("state"))
        .env("XDG_DATA_HOME", home.path().join("data"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // The pipe stays open: the session goes on, as at a terminal.
    let mut stdin = playing.stdin.take().unwrap();
    std::io::Write::write_all(&mut stdin, b"9h on ks\n").unwrap();
    let games = home.path().join("state/delve/games");
    let start = std::time::Instant::now();
    // A save's temporary file (`.delve-*.tmp`) may hold the choice before
    // it is renamed into place: only the game's own file counts.
    let one_choice_saved = || {
        files_under(&games)
            .iter()
            .filter(|f| !f.starts_with(".delve-"))
            .any(|f| {
                std::fs::read_to_string(games.join(f))
                    .ok()
                    .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
                    .is_some_and(|j| j["choices"].as_array().is_some_and(|c| c.len() == 1))
            })
    };
    while !one_choice_saved() {
        assert!(start.elapsed() < std::time::Duration::from_mins(1));
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    delve_in(home.path())
        .args(["resume", "--keep"])
        .write_stdin("")
        .assert()
        .success()
        .stdout(contains("1 choice made").and(contains("being played in another session")));
    delve_in(home.path())
        .args(["resume", "1", "--keep"])
        .assert()
        .code(2)
        .stderr(contains("is being played in another session"));
    playing.kill().unwrap();
    playing.wait().unwrap();
    drop(stdin);
    delve_in(home.path())
        .args(["resume", "--keep"])
        .write_stdin("log\n")
        .assert()
        .success()
        .stdout(contains("Resumed your game.").and(contains("1. → 9♥ on K♠")));
}

#[test]
fn a_game_left_for_another_stays_resumable_until_forgotten() {
    let home = tempfile::tempdir().unwrap();
    delve_in(home.path())
        .args(["play", "clear-the-dungeon", "--seed", "1", "--keep"])
        .write_stdin("9h on ks\nplay tomb-of-four-kings 9\n1\n")
        .assert()
        .success()
        .stdout(
            contains("The game you left is saved: `resume game-")
                .and(contains("can not be resumed").not()),
        );
    let games = home.path().join("state/delve/games");
    let files = files_under(&games);
    assert_eq!(files.len(), 2, "two games, no lock left: {files:?}");
    assert!(
        files
            .iter()
            .all(|f| Path::new(f).extension() == Some("json".as_ref())),
        "{files:?}"
    );
    delve_in(home.path())
        .arg("resume")
        .write_stdin("")
        .assert()
        .success()
        .stdout(
            contains("1. Tomb of Four Kings, seed 9: 1 choice made")
                .and(contains("2. Clear the Dungeon, seed 1: 1 choice made"))
                .and(contains("`delve resume --forget N` forgets it.")),
        );
    // A game that ended, and one from the browser, are forgotten by kind.
    delve_in(home.path())
        .args(["play", "clear-the-dungeon", "--seed", "1", "--keep"])
        .args(["--opt", "damage_limit=1"])
        .write_stdin("discard 2h\n")
        .assert()
        .success();
    let tomb = files
        .iter()
        .find(|f| {
            std::fs::read_to_string(games.join(f))
                .unwrap()
                .contains("tomb-of-four-kings")
        })
        .unwrap();
    std::fs::copy(games.join(tomb), games.join("web-1-1.json")).unwrap();
    for (which, said) in [
        ("finished", "Forgot 1 finished game."),
        ("browser", "Forgot 1 browser game."),
        ("browser", "There is no browser game to forget."),
        ("2", "Forgot Clear the Dungeon, seed 1 (game-"),
    ] {
        delve_in(home.path())
            .args(["resume", "--forget", which])
            .assert()
            .success()
            .stdout(contains(said));
    }
    assert_eq!(files_under(&games), std::slice::from_ref(tomb));
    delve_in(home.path())
        .args(["resume", "--forget", "7"])
        .assert()
        .code(2)
        .stderr(contains("there is no unfinished game `7` to forget"));
}

/// The one autosave under `games`, whose name starts with `prefix`.
fn autosave_in(games: &Path, prefix: &str) -> std::path::PathBuf {
    let found: Vec<_> = std::fs::read_dir(games)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with(prefix))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    found[0].clone()
}

#[test]
fn an_autosave_that_does_not_load_is_listed_with_why_and_can_be_forgotten() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("state/delve/games");
    // A game whose script is gone since, one cut short, and a good one.
    let gone = home.path().join("gone.rhai");
    std::fs::copy(crate::serve::pocket(), &gone).unwrap();
    delve_in(home.path())
        .args(["play", gone.to_str().unwrap(), "--seed", "3", "--keep"])
        .write_stdin("1\n")
        .assert()
        .success();
    std::fs::remove_file(&gone).unwrap();
    std::fs::write(games.join("game-1-1.json"), "{\"format\": \"delve-sa").unwrap();
    delve_in(home.path())
        .args(["play", "tomb-of-four-kings", "--seed", "9", "--keep"])
        .write_stdin("1\n")
        .assert()
        .success();
    delve_in(home.path())
        .arg("resume")
        .write_stdin("")
        .assert()
        .success()
        .stdout(
            contains("Tomb of Four Kings, seed 9: 1 choice made")
                .and(contains("(game-1-1) does not load"))
                .and(contains("game-1-1 is not a delve save"))
                .and(contains("gone.rhai")),
        );
    delve_in(home.path())
        .args(["resume", "game-1-1"])
        .assert()
        .failure()
        .stderr(contains("game-1-1 can not be resumed").and(contains("--forget game-1-1")));
    delve_in(home.path())
        .args(["resume", "--forget", "game-1-1"])
        .assert()
        .success()
        .stdout(contains("Forgot game-1-1, which did not load."));
    assert!(!games.join("game-1-1.json").exists());
}

#[test]
fn a_forgotten_game_leaves_no_lock_file() {
    let home = tempfile::tempdir().unwrap();
    let games = home.path().join("state/delve/games");
    for seed in ["1", "2"] {
        delve_in(home.path())
            .args(["play", "tomb-of-four-kings", "--seed", seed, "--keep"])
            .write_stdin("1\n")
            .assert()
            .success();
    }
    let first = std::fs::read_dir(&games).unwrap().next().unwrap().unwrap();
    std::fs::copy(first.path(), games.join("web-1-1.json")).unwrap();
    // What a session killed while playing leaves beside each game.
    for game in std::fs::read_dir(&games).unwrap().flatten() {
        std::fs::write(game.path().with_extension("lock"), "").unwrap();
    }
    delve_in(home.path())
        .args(["resume", "--forget", "browser"])
        .assert()
        .success()
        .stdout(contains("Forgot 1 browser game."));
    delve_in(home.path())
        .args(["resume", "--forget", "1"])
        .assert()
        .success()
        .stdout(contains("Forgot Tomb of Four Kings"));
    let left = files_under(&games);
    assert_eq!(left.len(), 2, "one game and its lock: {left:?}");
    let kept = autosave_in(&games, "game-");
    assert!(kept.with_extension("lock").exists(), "{left:?}");
}
