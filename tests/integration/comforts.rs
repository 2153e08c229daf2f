//! What a player keeps between runs: the game in progress (autosaved after
//! every choice, brought back by `delve resume`), saves loaded from the
//! command line, and statistics that only real games change. Each test
//! keeps its state and data in a folder of its own.

use crate::delve_in;
use predicates::prelude::*;
use predicates::str::contains;
use serde_json::Value;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The autosaves: one file per game in `games/` of the state folder.
fn autosaves(home: &Path) -> Vec<String> {
    std::fs::read_dir(home.join("state/delve/games"))
        .into_iter()
        .flatten()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|name| Path::new(name).extension() == Some("json".as_ref()))
        .collect()
}

fn choices_saved(home: &Path) -> usize {
    let saved = autosaves(home);
    let [one] = saved.as_slice() else { return 0 };
    std::fs::read_to_string(home.join("state/delve/games").join(one))
        .ok()
        .and_then(|text| serde_json::from_str::<Value>(&text).ok())
        .and_then(|json| json["choices"].as_array().map(Vec::len))
        .unwrap_or(0)
}

#[test]
fn a_killed_game_is_resumed_where_it_was() {
    let home = tempfile::tempdir().unwrap();
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("delve"))
        .args(["play", "clear-the-dungeon", "--seed", "1", "--keep"])
        .env("NO_COLOR", "1")
        .env("DELVE_HISTORY", "/dev/null")
        .env("HOME", home.path())
        .env("XDG_STATE_HOME", home.path().join("state"))
        .env("XDG_DATA_HOME", home.path().join("data"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    // The pipe stays open: delve waits for more, as at a terminal.
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"9h on ks\n10c on ks\n").unwrap();
    stdin.flush().unwrap();
    let start = Instant::now();
    while choices_saved(home.path()) < 2 {
        assert!(
            start.elapsed() < Duration::from_mins(1),
            "no autosave with two choices appeared"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    drop(stdin);
    let saved = autosaves(home.path());
    assert!(
        saved.len() == 1
            && saved[0].starts_with("game-")
            && Path::new(&saved[0]).extension() == Some("json".as_ref()),
        "{saved:?}"
    );
    delve_in(home.path())
        .arg("resume")
        .write_stdin("log\n")
        .assert()
        .success()
        .stdout(
            contains("Resumed your game.")
                .and(contains("Clear the Dungeon, seed 1."))
                .and(contains("1. → 9♥ on K♠"))
                .and(contains("2. → 10♣ on K♠"))
                .and(contains("K♠ (power 13) ← 9♥ 10♣")),
        );
}

#[test]
fn resume_in_the_repl_and_without_a_saved_game() {
    let home = tempfile::tempdir().unwrap();
    delve_in(home.path())
        .arg("resume")
        .assert()
        .code(2)
        .stderr(contains("there is no game to resume"));
    delve_in(home.path())
        .write_stdin("resume\n")
        .assert()
        .success()
        .stdout(contains("there is no game to resume"));
    delve_in(home.path())
        .args(["play", "clear-the-dungeon", "--seed", "2", "--keep"])
        .write_stdin("1\nquit\n")
        .assert()
        .success();
    delve_in(home.path())
        .write_stdin("resume\nlog\n")
        .assert()
        .success()
        .stdout(contains("Resumed Clear the Dungeon, seed 2.").and(contains("  1. → ")));
}

fn stats(home: &Path) -> Value {
    let output = delve_in(home).args(["stats", "--json"]).output().unwrap();
    assert!(output.status.success());
    serde_json::from_slice(&output.stdout).unwrap()
}

#[test]
fn statistics_count_real_games_once_and_nothing_else() {
    let home = tempfile::tempdir().unwrap();
    assert_eq!(stats(home.path())["records"], serde_json::json!([]));
    delve_in(home.path())
        .arg("stats")
        .assert()
        .success()
        .stdout(contains("No games played yet"));
    // A loss at the first discard; undone and lost again: it counts once.
    delve_in(home.path())
        .args(["play", "clear-the-dungeon", "--seed", "1", "--keep"])
        .args(["--opt", "damage_limit=1"])
        .write_stdin("discard 2h\nundo\ndiscard 9h\n")
        .assert()
        .success()
        .stdout(contains(
            "Your games of clear-the-dungeon: played 1, won 0 (0%), streak 0 (best 0)",
        ));
    let before = stats(home.path());
    let record = &before["records"][0];
    assert_eq!(record["game"], "clear-the-dungeon");
    assert_eq!(record["options"]["damage_limit"], "1");
    assert_eq!(record["played"], 1);
    assert_eq!(record["won"], 0);
    assert_eq!(record["win_rate"], 0.0);
    assert_eq!(record["best_score"], 0.0);
    // The ended game is not offered to resume (so it can not count again).
    delve_in(home.path())
        .args(["resume", "--keep"])
        .write_stdin("show\n")
        .assert()
        .code(2)
        .stderr(contains("there is no game to resume"));
    // Nor do simulations, checks, replays, tests or the JSON protocol.
    delve_in(home.path())
        .args(["sim", "clear-the-dungeon", "--games", "20"])
        .assert()
        .success();
    delve_in(home.path())
        .args([
            "check",
            "clear-the-dungeon",
            "--opt",
            "jokers=true",
            "--games",
            "3",
        ])
        .assert()
        .success();
    delve_in(home.path())
        .args([
            "replay",
            "tests/sessions/clear-the-dungeon-loss-on-damage.txt",
        ])
        .assert()
        .success();
    delve_in(home.path())
        .args(["play", "clear-the-dungeon", "--seed", "1", "--json"])
        .args(["--opt", "damage_limit=1"])
        .write_stdin("11\n")
        .output()
        .unwrap();
    assert_eq!(stats(home.path()), before);
    // Another option set is another record; `stats GAME` picks a ruleset.
    delve_in(home.path())
        .args(["play", "clear-the-dungeon", "--seed", "1", "--keep"])
        .args(["--opt", "damage_limit=1", "--opt", "jokers=false"])
        .write_stdin("discard 2h\n")
        .assert()
        .success();
    assert_eq!(stats(home.path())["records"].as_array().unwrap().len(), 2);
    delve_in(home.path())
        .args(["stats", "clear-the-dungeon"])
        .assert()
        .success()
        .stdout(
            contains("clear-the-dungeon (damage_limit=1, jokers=false,").and(contains(
                "  played 1, won 0 (0%), streak 0 (best 0), best score 0, mean score 0.0",
            )),
        );
    delve_in(home.path())
        .args(["stats", "tomb-of-four-kings"])
        .assert()
        .success()
        .stdout(contains("No games of tomb-of-four-kings played yet."));
}

#[test]
fn play_load_opens_a_save_from_the_command_line() {
    let home = tempfile::tempdir().unwrap();
    let save = home.path().join("game.json");
    delve_in(home.path())
        .args(["play", "clear-the-dungeon", "--seed", "1"])
        .write_stdin(format!("9h on ks\nsave {}\n", save.display()))
        .assert()
        .success();
    delve_in(home.path())
        .args(["play", "--load", save.to_str().unwrap()])
        .write_stdin("log\n")
        .assert()
        .success()
        .stdout(contains("Loaded ").and(contains("1. → 9♥ on K♠")));
    delve_in(home.path())
        .args([
            "play",
            "clear-the-dungeon",
            "--load",
            save.to_str().unwrap(),
        ])
        .write_stdin("")
        .assert()
        .success();
    delve_in(home.path())
        .args([
            "play",
            "tomb-of-four-kings",
            "--load",
            save.to_str().unwrap(),
        ])
        .assert()
        .code(2)
        .stderr(contains(
            "is a game of clear-the-dungeon, not of tomb-of-four-kings",
        ));
    delve_in(home.path())
        .args(["play", "--load", save.to_str().unwrap(), "--seed", "3"])
        .assert()
        .code(2);
    delve_in(home.path()).args(["play"]).assert().code(2);
}

#[test]
fn a_relative_script_is_saved_by_its_full_path() {
    let home = tempfile::tempdir().unwrap();
    let here = home.path().join("rules");
    std::fs::create_dir(&here).unwrap();
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/games/clear-the-dungeon.rhai"),
        here.join("mine.rhai"),
    )
    .unwrap();
    delve_in(home.path())
        .current_dir(&here)
        .args(["play", "mine.rhai", "--seed", "1", "--keep"])
        .write_stdin("1\nsave game.json\n")
        .assert()
        .success();
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(here.join("game.json")).unwrap()).unwrap();
    let full = std::fs::canonicalize(here.join("mine.rhai")).unwrap();
    assert_eq!(json["game"], full.display().to_string());
    // From elsewhere, naming the script as it is saved.
    delve_in(home.path())
        .current_dir(home.path())
        .args(["play", full.to_str().unwrap(), "--load", "rules/game.json"])
        .write_stdin("log\n")
        .assert()
        .success()
        .stdout(contains("  1. → "));
    // And the autosave, which is delve's own, brings it back from anywhere.
    delve_in(home.path())
        .current_dir("/")
        .arg("resume")
        .write_stdin("log\n")
        .assert()
        .success()
        .stdout(contains("  1. → "));
}

#[test]
fn a_tilde_names_the_home_folder() {
    let home = tempfile::tempdir().unwrap();
    delve_in(home.path())
        .env("HOME", home.path())
        .args(["play", "clear-the-dungeon", "--seed", "1"])
        .write_stdin("1\nsave ~/kept.json\nload ~/kept.json\n")
        .assert()
        .success()
        .stdout(contains("Saved to ~/kept.json.").and(contains("Loaded ~/kept.json")));
    assert!(home.path().join("kept.json").exists());
}

#[test]
fn bad_counts_and_option_values_are_usage_errors() {
    let home = tempfile::tempdir().unwrap();
    delve_in(home.path())
        .args(["sim", "clear-the-dungeon", "--games", "0"])
        .assert()
        .code(2);
    delve_in(home.path())
        .args(["play", "clear-the-dungeon", "--opt", "damage_limit=-3"])
        .assert()
        .code(2)
        .stderr(contains("damage_limit").and(contains("from 0 to 52, not -3")));
    delve_in(home.path())
        .args(["sim", "clear-the-dungeon", "--opt", "damage_limit=53"])
        .assert()
        .code(2);
}
