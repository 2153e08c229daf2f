//! Version 1's forms still work, each with a test of its own: a script in
//! version 1's API, a save whose options are `KEY=VALUE` text, and (in
//! `json_protocol.rs`) the protocol's version 1 stream.

use crate::delve;
use predicates::prelude::*;
use predicates::str::contains;
use std::path::Path;

fn script(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scripts")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn a_script_in_version_1_forms_plays_to_its_end() {
    delve()
        .args(["play", &script("version-1.rhai"), "--seed", "4"])
        .write_stdin("1\n")
        .assert()
        .success()
        .stdout(contains("cards left in the deck.").and(contains("You kept")));
}

#[test]
fn a_version_1_save_with_text_options_loads_to_the_same_table() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.json");
    let played = delve()
        .args([
            "play",
            "clear-the-dungeon",
            "--seed",
            "5",
            "--opt",
            "damage_limit=3",
        ])
        .write_stdin(format!("1\n1\nsave {}\nshow\n", file.display()))
        .output()
        .unwrap();
    let played = String::from_utf8(played.stdout).unwrap();
    let mut save: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    save["version"] = 1.into();
    save["options"] = serde_json::json!(["damage_limit=3"]);
    let old = dir.path().join("old.json");
    std::fs::write(&old, save.to_string()).unwrap();
    let loaded = delve()
        .args(["play", "--load", old.to_str().unwrap()])
        .write_stdin("show\n")
        .output()
        .unwrap();
    let loaded = String::from_utf8(loaded.stdout).unwrap();
    let last_table = |text: &str| {
        let at = text.rfind("column 1:").expect("a table");
        text[at..].split("> ").next().unwrap().to_string()
    };
    assert!(
        last_table(&loaded).contains("of 3"),
        "the text option took effect"
    );
    assert_eq!(last_table(&played), last_table(&loaded));
}

#[test]
fn set_without_new_state_says_what_changed_since_version_1() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("old-set.rhai");
    std::fs::write(
        &file,
        "title(\"Old set\");\nfn play() {\n    set(\"score\", 1);\n    end(\"win\", 0, \"done\");\n}\n",
    )
    .unwrap();
    delve()
        .args(["play", file.to_str().unwrap()])
        .write_stdin("")
        .assert()
        .failure()
        .stderr(contains("make one with new_state(\"score\", value)"));
}
