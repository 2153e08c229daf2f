//! A bot's reason for its choice (`because`): the REPL's `hint` and the
//! protocol's show it, a rating bot's is the one it gave for the option it
//! chose, a bad one is refused with its place, and every shipped ruleset's
//! bot gives one.

use crate::delve;
use serde_json::Value;

/// Two options; the bot rates the second higher and says why for each.
const REASONED: &str = r#"
title("Reasoned");
fn play() {
    new_pile("p", "up");
    choose("Which?", [#{ key: "a", label: "left" }, #{ key: "b", label: "right" }]);
    end("win", 1, "Done.");
}
fn rate(option) {
    if option.key == "a" { because("left is the long way"); 1 } else { because("right is shorter"); 2 }
}
"#;

/// Plays `source` (saved as `game.rhai`) with `args` and `input`; the output.
fn played(source: &str, args: &[&str], input: &str) -> std::process::Output {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.rhai"), source).unwrap();
    delve()
        .current_dir(dir.path())
        .args(["play", "game.rhai", "--seed", "1"])
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap()
}

fn text(output: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// The protocol's `ok` to a line.
fn protocol_ok(source: &str, line: &str) -> Value {
    let output = played(source, &["--json"], &format!("{line}\n"));
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|m| m["type"] == "ok" || m["type"] == "error")
        .expect("an answer to the line")
}

#[test]
fn the_plain_hint_says_why_the_bot_chose_its_option() {
    let shown = text(&played(REASONED, &[], "hint\n"));
    assert!(shown.contains("hint: right (right is shorter)"), "{shown}");
    let ok = protocol_ok(REASONED, "hint");
    assert_eq!(ok["label"], "right");
    assert_eq!(ok["why"], "right is shorter");
}

#[test]
fn a_bot_that_gives_no_reason_gets_a_plain_hint() {
    let silent = REASONED.replace("because(\"right is shorter\"); ", "");
    let shown = text(&played(&silent, &[], "hint\n"));
    assert!(shown.contains("hint: right\n"), "{shown}");
    assert!(protocol_ok(&silent, "hint").get("why").is_none());
}

#[test]
fn a_reason_is_one_short_line_given_by_a_bot_alone() {
    for (source, expected) in [
        (
            REASONED.replace("\"right is shorter\"", "\"right\\nis shorter\""),
            "one short sentence on one line",
        ),
        (
            REASONED.replace("\"right is shorter\"", "\"r\".pad(300, '!')"),
            "at most 200 characters",
        ),
        (
            REASONED.replace("new_pile(\"p\", \"up\");", "because(\"why not\");"),
            "only `fn rate` and `fn bot` may give one",
        ),
    ] {
        let ok = protocol_ok(&source, "hint");
        let message = ok["message"].as_str().unwrap_or_default();
        assert!(message.contains(expected), "{ok}");
    }
}

#[test]
fn every_shipped_rulesets_bot_says_why() {
    for game in [
        "clear-the-dungeon",
        "tomb-of-four-kings",
        "mythic-dungeon-crawler",
        "dungeon-solitaire",
        "freecell",
        "golf",
        "black-hole",
        "klondike",
    ] {
        let output = delve()
            .args(["play", game, "--seed", "2", "--json"])
            .write_stdin("hint\n")
            .output()
            .unwrap();
        let ok: Value = String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .find(|m| m["type"] == "ok")
            .unwrap_or_else(|| panic!("{game}: no answer to hint"));
        let why = ok["why"].as_str().unwrap_or_default();
        assert!(why.len() > 10, "{game}: {ok}");
    }
}
