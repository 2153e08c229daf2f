//! Games of two decks: twin cards (two 5♥) make moves that would read
//! alike, and each then says where it goes from or to, so a player, a
//! transcript and the protocol tell them apart; `delve check` holds the
//! compiled game, on whose boards twins are one card, to the host's (the
//! shipped games of two decks are checked so in the lab, .ci/run, a
//! table of 104 cards being slow to read at every decision of a debug
//! build), and the solver wins a deal of two decks on those boards.

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
fn the_solver_wins_a_deal_of_two_decks_with_all_104_cards_home() {
    // Deal 2 of Die Schlange: a search on compiled boards, where twins
    // are one card, whose line the run plays again to the end.
    let output = delve()
        .args([
            "solve",
            "die-schlange",
            "--seed",
            "2",
            "--seconds",
            "60",
            "--json",
        ])
        .output()
        .unwrap();
    let answer: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(answer["verdict"], "winnable", "{answer}");
    assert_eq!(answer["best_score"], 104, "{answer}");
}

/// What `delve check` says of a few seeds of `script`, which must pass.
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
