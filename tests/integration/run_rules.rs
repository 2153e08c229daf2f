//! What a run is, as a kind of move declares it (`runs`): any face-up card
//! with whatever lies on it (`"face up"`), cards each on the one under it
//! by a rule of the run's own (`builds`), and runs of one length only
//! (`length`). The host lists them, a player reads why one is refused, and
//! `delve check` holds the compiled game the solver searches to the same
//! options and positions.

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

/// The labels of each prompt of a game of `script` answered by `input`
/// (a line each, the protocol's).
fn prompts(script: &str, input: &str) -> Vec<Vec<String>> {
    let output = delve()
        .args(["play", &fixture(script), "--seed", "1", "--json"])
        .args(["--opt", "lone_option=ask"])
        .write_stdin(input)
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let messages: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    messages
        .iter()
        .filter(|m| m["type"] == "prompt")
        .map(|m| {
            m["options"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| o["label"].as_str().unwrap().to_string())
                .collect()
        })
        .collect()
}

#[test]
fn any_face_up_card_moves_with_what_lies_on_it_where_the_kind_says_so() {
    let labels = prompts("face-up-runs.rhai", "A♣ home\nquit\n");
    // 8♥ 2♣ 5♦ are in no order, yet move as one: only 8♥ must fit 9♣.
    assert_eq!(labels[0], ["A♣ home", "8♥ 2♣ 5♦ on 9♣"]);
    // Once column 3 is empty, a king takes what lies on it there.
    assert_eq!(labels[1], ["8♥ 2♣ 5♦ on 9♣", "K♠ 9♣ to an empty column"]);
}

#[test]
fn the_compiled_game_lists_and_makes_such_runs_as_the_host_does() {
    let output = delve()
        .args(["check", &fixture("face-up-runs.rhai"), "--games", "4"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout).to_string()
        + &*String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{text}");
    assert!(text.contains("every invariant held"), "{text}");
}
