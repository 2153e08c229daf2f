//! Games of two decks: twin cards (two 5♥) make moves that would read
//! alike, and each then says where it goes from or to, so a player, a
//! transcript and the protocol tell them apart; `delve check` holds the
//! compiled game, on whose boards twins are one card, to the host's, on a
//! fixture and on the shipped games of two decks.

use crate::delve;
use serde_json::Value;
use std::path::Path;

fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/scripts/positions")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

/// The labels of the first prompt of a game of `script`.
fn first_labels(script: &str) -> Vec<String> {
    let output = delve()
        .args(["play", script, "--seed", "1", "--json"])
        .args(["--opt", "lone_option=ask"])
        .write_stdin("quit\n")
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let prompt: Value = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|m| m["type"] == "prompt")
        .expect("a prompt");
    prompt["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["label"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn moves_of_twin_cards_say_where_they_go() {
    assert_eq!(
        first_labels(&fixture("twin-cards.rhai")),
        [
            "5♥ on 6♠ (from column 1 to column 3)",
            "5♥ on 6♠ (from column 1 to column 4)",
            "5♥ on 6♠ (from column 2 to column 3)",
            "5♥ on 6♠ (from column 2 to column 4)",
        ]
    );
}

#[test]
fn a_label_says_only_the_pile_that_tells_twins_apart() {
    // After 5♥ from column 1 onto column 3, the 5♥ of columns 2 and 3
    // may each go onto column 4's 6♠: only where they come from differs.
    // The one A♠ on top reads as it is.
    let output = delve()
        .args(["play", &fixture("twin-cards.rhai"), "--seed", "1", "--json"])
        .args(["--opt", "lone_option=ask"])
        .write_stdin("0\nquit\n")
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let prompts: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|m| m["type"] == "prompt")
        .collect();
    let labels: Vec<&str> = prompts[1]["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["label"].as_str().unwrap())
        .collect();
    assert!(labels.contains(&"A♠ home"), "{labels:?}");
    assert!(labels.contains(&"5♥ on 6♠ (from column 2)"), "{labels:?}");
    assert!(labels.contains(&"5♥ on 6♠ (from column 3)"), "{labels:?}");
}

#[test]
fn the_compiled_game_plays_twins_as_the_host_does() {
    let text = checked(&fixture("twin-cards.rhai"));
    assert!(text.contains("every invariant held"), "{text}");
}

#[test]
fn the_shipped_games_of_two_decks_hold_every_invariant() {
    for game in ["der-katzenschwanz", "die-schlange"] {
        let text = checked(game);
        assert!(
            text.contains(&format!("{game}: 3 games, every invariant held")),
            "{text}"
        );
    }
}

/// What `delve check` says of a few games of `script`, which must pass.
fn checked(script: &str) -> String {
    let output = delve()
        .args(["check", script, "--games", "3"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout).to_string()
        + &*String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{text}");
    text
}
