//! Saved games: they load back to the same place, survive a changed script
//! as far as its choices still fit, and a broken file changes nothing.

use crate::delve;
use predicates::prelude::*;
use predicates::str::contains;

fn table_after(input: &str) -> String {
    let output = delve()
        .args(["play", "clear-the-dungeon", "--seed", "5"])
        .write_stdin(input)
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let last = text.rfind("column 1:").expect("a table");
    text[last..].split("> ").next().unwrap().to_string()
}

#[test]
fn a_save_loads_back_to_the_same_table() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.json");
    let saved = table_after(&format!("1\n1\n1\nsave {}\nshow\n", file.display()));
    let loaded = table_after(&format!("load {}\nshow\n", file.display()));
    assert_eq!(saved, loaded);
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        names,
        ["game.json"],
        "no temporary file is left beside the save"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(json["version"], 2);
    assert_eq!(json["options"]["damage_limit"], 7, "options are typed JSON");
    assert_eq!(json["game"], "clear-the-dungeon");
    assert_eq!(json["choices"].as_array().unwrap().len(), 3);
}

#[test]
fn a_save_of_a_changed_script_replays_as_far_as_it_fits() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("mine.rhai");
    let original = std::fs::read_to_string("games/clear-the-dungeon.rhai").unwrap();
    std::fs::write(&script, &original).unwrap();
    let save = dir.path().join("game.json");
    delve()
        .args(["play", script.to_str().unwrap(), "--seed", "3"])
        .write_stdin(format!("discard 3♦\ndiscard 2♦\nsave {}\n", save.display()))
        .assert()
        .success();
    // Offer no discard of a 2 any more: the first choice still fits, the second not.
    let changed = original.replace(
        "options: moves() }",
        "options: moves().filter(|m| m.act != \"discard\" || m.card.rank != 2) }",
    );
    assert_ne!(changed, original);
    std::fs::write(&script, changed).unwrap();
    delve()
        .args(["play", script.to_str().unwrap(), "--seed", "3"])
        .write_stdin(format!("load {}\nlog\n", save.display()))
        .assert()
        .success()
        .stdout(
            contains("changed since this game was saved")
                .and(contains(
                    "Replayed 1 of 2 choices: choice 2 (`discard 2♦`) is no longer offered there.",
                ))
                .and(contains("  1. → discard 3♦")),
        );
}

#[test]
fn a_corrupt_save_is_refused_and_the_game_stays() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("broken.json");
    std::fs::write(&file, "{\"format\": \"delve-save\", \"version\": 1, \"gam").unwrap();
    delve()
        .args(["play", "clear-the-dungeon", "--seed", "1"])
        .write_stdin(format!("1\nload {}\nlog\n", file.display()))
        .assert()
        .success()
        .stdout(contains("is not a delve save file").and(contains("  1. → 9♥ on K♠")));
}

#[test]
fn a_save_that_names_a_script_by_path_runs_it_only_when_the_player_named_it() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("mine.rhai");
    std::fs::copy(
        concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scripts/house-rule.rhai"),
        &script,
    )
    .unwrap();
    let save = dir.path().join("game.json");
    delve()
        .args(["play", script.to_str().unwrap(), "--seed", "4"])
        .write_stdin(format!("1\nsave {}\n", save.display()))
        .assert()
        .success();
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&save).unwrap()).unwrap();
    assert_eq!(
        json["game"],
        std::fs::canonicalize(&script)
            .unwrap()
            .display()
            .to_string(),
        "a script given by path is saved by its full path"
    );
    // From another folder, playing the same script: it loads.
    let elsewhere = tempfile::tempdir().unwrap();
    delve()
        .current_dir(elsewhere.path())
        .args(["play", script.to_str().unwrap(), "--seed", "9"])
        .write_stdin(format!("load {}\nlog\n", save.display()))
        .assert()
        .success()
        .stdout(contains("Loaded").and(contains("  1. →")));
    // A stranger's save pointing at another path: refused, nothing runs.
    let forged = dir.path().join("forged.json");
    let text = std::fs::read_to_string(&save)
        .unwrap()
        .replace(json["game"].as_str().unwrap(), "/etc/passwd");
    std::fs::write(&forged, text).unwrap();
    let output = delve()
        .args(["play", "clear-the-dungeon", "--seed", "1"])
        .write_stdin(format!("load {}\n", forged.display()))
        .output()
        .unwrap();
    assert!(output.status.success());
    // The REPL wraps long messages: read them as one line.
    let said = String::from_utf8(output.stdout)
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        said.contains(
            "plays the script /etc/passwd; a save runs a script by path only when you name it yourself"
        ),
        "{said}"
    );
}
