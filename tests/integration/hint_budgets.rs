//! A hint keeps to its budget (five seconds of wall time, docs/hints.md)
//! counted from when it is asked: on `tests/scripts/positions/slow-worlds.rhai`,
//! whose world takes half a minute, the hint says within its seconds that
//! no world was played out, where before the first world on each core ran
//! to its end and the replay to the decision was not counted.

use crate::delve;
use std::time::{Duration, Instant};

const SLOW: &str = "tests/scripts/positions/slow-worlds.rhai";

#[test]
fn a_hint_whose_worlds_are_slow_answers_within_its_budget() {
    let started = Instant::now();
    let out = delve()
        .args(["play", SLOW, "--seed", "1", "--json"])
        .write_stdin("hint mc\n")
        .timeout(Duration::from_mins(3))
        .output()
        .unwrap();
    let took = started.elapsed();
    let text = String::from_utf8_lossy(&out.stdout);
    let refused = text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find(|v| v["type"] == "error")
        .unwrap_or_else(|| panic!("no refusal in {text}"));
    let message = refused["message"].as_str().unwrap();
    assert!(
        message.contains("not one world was played out within the hint's 5 seconds"),
        "{message}"
    );
    // The setup's second or so to open the game, the hint's five, and
    // room for a loaded machine; a world alone takes half a minute.
    assert!(took < Duration::from_secs(15), "took {took:?}");
}
