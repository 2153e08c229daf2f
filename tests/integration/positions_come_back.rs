//! The repetition rule of a game of positions counts every position the
//! game has been in, its deal's first: a position there for the third time
//! ends the game, whether a move made it first or the deal did.

use crate::delve;
use serde_json::Value;

/// The decisions of `back-and-forth` answered `move` each time until it
/// ends: how many moves were made, and the end.
fn moves_to_the_end() -> (usize, Value) {
    let out = delve()
        .args([
            "play",
            "tests/scripts/positions/back-and-forth.rhai",
            "--json",
        ])
        .write_stdin("move\n".repeat(10))
        .output()
        .unwrap();
    let messages: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let prompts = messages.iter().filter(|m| m["type"] == "prompt").count();
    let end = messages
        .into_iter()
        .find(|m| m["type"] == "end")
        .expect("an end");
    (prompts, end)
}

#[test]
fn the_deals_position_counts_as_the_first_time_it_is_there() {
    // Left (the deal), right, left, right, left: the deal's position for
    // the third time after four moves (uncounted, it would take five).
    let (moves, end) = moves_to_the_end();
    assert_eq!(moves, 4, "{end}");
    assert_eq!(end["outcome"], "loss");
    assert_eq!(end["summary"], "The same position came back a third time.");
}
