//! What an option carries where, in the protocol (docs/protocol.md): the
//! host fills it in for the moves a ruleset declares (a card onto a
//! target, into its stack, `into` a pile; a build's run; a draw made `at`
//! the stock), a script says it
//! for its own options with `carries`, and a `carries` that names a card
//! not face up, or a pile not on the table, fails the decision with a
//! message, so a face-down card's name never reaches a player that way.

use crate::delve;
use serde_json::{json, Value};
use std::fs;
use std::path::Path;

/// The first prompt of `delve play GAME --json ARGS`, run in `dir`.
fn first_prompt(dir: &Path, game: &str, args: &[&str]) -> Value {
    let output = delve()
        .current_dir(dir)
        .args(["play", game, "--json"])
        .args(args)
        .write_stdin("quit\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    text.lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|m| m["type"] == "prompt" || m["type"] == "error")
        .unwrap_or_else(|| panic!("no prompt: {text}"))
}

/// Each option's label with what it carries: `[label, cards, from, to,
/// targets]` (null where it carries none of it).
fn carried(prompt: &Value) -> Vec<Value> {
    prompt["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| json!([o["label"], o["cards"], o["from"], o["to"], o["targets"]]))
        .collect()
}

#[test]
fn a_declared_move_carries_its_card_to_the_pile_it_goes_to() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let prompt = first_prompt(here, "clear-the-dungeon", &["--seed", "1"]);
    let options = carried(&prompt);
    // A placement goes to the monster's attack pile, and may be put on the
    // monster too; a discard goes into the damage pile.
    assert!(
        options.contains(&json!([
            "9♥ on K♥",
            ["9♥"],
            "hand",
            "attack 2",
            ["attack 2", "column 2"]
        ])),
        "{options:#?}"
    );
    assert!(
        options.contains(&json!(["discard 2♥", ["2♥"], "hand", "damage", ["damage"]])),
        "{options:#?}"
    );
    assert_eq!(options.len(), 12);
    // Version 1's stream is as it was: options of key and label alone.
    let old = first_prompt(
        here,
        "clear-the-dungeon",
        &["--seed", "1", "--protocol", "1"],
    );
    for option in old["options"].as_array().unwrap() {
        let keys: Vec<&String> = option.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["key", "label"], "{option}");
    }
}

#[test]
fn a_move_of_no_card_is_made_at_the_pile_its_kind_names() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let prompt = first_prompt(here, "klondike", &["--seed", "1"]);
    let options = carried(&prompt);
    assert!(
        options.contains(&json!(["draw", null, null, null, ["stock"]])),
        "{options:#?}"
    );
}

#[test]
fn a_build_move_carries_its_run_and_an_empty_pile_of_a_family_takes_it_anywhere() {
    let script =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scripts/positions/little-freecell.rhai");
    let prompt = first_prompt(Path::new("."), &script.to_string_lossy(), &["--seed", "15"]);
    let options = carried(&prompt);
    // A run of two onto a card; a card to the first empty free cell, which
    // either empty free cell takes.
    assert!(
        options.contains(&json!([
            "3♠ 2♥ on 4♥",
            ["3♠", "2♥"],
            "column 2",
            "column 3",
            ["column 3"]
        ])),
        "{options:#?}"
    );
    assert!(
        options.contains(&json!([
            "2♥ to a free cell",
            ["2♥"],
            "column 2",
            "free cell 1",
            ["free cell 1", "free cell 2"]
        ])),
        "{options:#?}"
    );
}

/// A story that offers one option carrying `carries` (script text), over a
/// table of a face-up 7♥ in `hand`, a face-down K♠ in `deck` and an empty
/// `pit`.
fn carrying(carries: &str) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let script = format!(
        r#"title("carrying");
variant_default("lone_option", "ask");
fn play() {{
    new_pile("hand", "up").create([card("7H")]);
    new_pile("deck", "down").create([card("KS")]);
    new_pile("pit", "up");
    choose("Which?", [#{{ label: "this", carries: {carries} }}, #{{ label: "that" }}]);
    end("win", 0, "done");
}}
"#
    );
    fs::write(dir.path().join("carrying.rhai"), script).unwrap();
    first_prompt(dir.path(), "carrying.rhai", &["--seed", "1"])
}

#[test]
fn a_scripts_own_option_says_what_it_carries_where() {
    let prompt = carrying(r#"#{ card: card("7H"), to: "pit" }"#);
    assert_eq!(
        carried(&prompt),
        [
            json!(["this", ["7♥"], "hand", "pit", ["pit"]]),
            json!(["that", null, null, null, null])
        ]
    );
    // A step into a place carries only where it goes; a pile's handle is
    // as good as its name.
    let prompt = carrying(r#"#{ to: pile("pit"), onto: "hand" }"#);
    assert_eq!(
        carried(&prompt)[0],
        json!(["this", null, null, "pit", ["pit", "hand"]])
    );
}

#[test]
fn a_carries_that_names_a_hidden_card_or_a_missing_pile_fails_with_why() {
    let cases = [
        (
            r#"#{ card: card("KS") }"#,
            "names a card that lies face up nowhere on the table (card 1 of 1)",
        ),
        (
            r#"#{ card: card("7H"), from: "deck" }"#,
            "names a card that lies face up nowhere in `deck` (card 1 of 1)",
        ),
        (
            r#"#{ card: card("7H"), to: "moat" }"#,
            "has `to` naming no pile on the table: `moat`",
        ),
        (r#"#{ cards: "7H" }"#, "has `cards` that is text"),
        (r#"#{ card: card("7H"), goes: "pit" }"#, "has no key `goes`"),
        (r#"[card("7H")]"#, "an option's `carries` is a list"),
    ];
    for (carries, said) in cases {
        let error = carrying(carries);
        assert_eq!(error["type"], "error", "{carries}: {error}");
        let message = error["message"].as_str().unwrap();
        assert!(message.contains(said), "{carries}: {message}");
        assert!(
            message.contains("carrying.rhai:"),
            "{carries}: no place in {message}"
        );
        // The face-down K♠ is never named, nor any card the option names.
        assert!(!message.contains("K♠"), "{message}");
        assert!(!message.contains("7♥"), "{message}");
    }
}

#[test]
fn into_and_at_are_refused_where_they_say_nothing() {
    let cases = [
        (
            r#"change_move_kind("place", #{ into: "damage" });"#,
            "`into` names the one pile a move's `cards` go into, where it goes `onto` none",
        ),
        (
            r#"change_move_kind("discard", #{ at: "hand" });"#,
            "`at` names the pile a click makes a move of no card at",
        ),
    ];
    for (body, said) in cases {
        let dir = tempfile::tempdir().unwrap();
        let house = format!("// extends: clear-the-dungeon\n{body}\n");
        fs::write(dir.path().join("house.rhai"), house).unwrap();
        let output = delve()
            .current_dir(dir.path())
            .args(["play", "house.rhai", "--seed", "1"])
            .write_stdin("quit\n")
            .output()
            .unwrap();
        let out = String::from_utf8_lossy(&output.stderr);
        assert!(out.contains(said), "{body}: {out}");
    }
}
