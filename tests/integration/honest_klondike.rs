//! Fairness on Klondike as it ships (games/klondike.rhai): its face-down
//! columns and stock come from one numbered shuffle, and neither its bot
//! nor a Monte Carlo hint may learn a card that lies face down. The guess
//! (tests/scripts/positions/klondike-guess.rhai) is Klondike's own deal and
//! draws, then a question on the stock's next card: honest play wins about
//! half, and a hint is the same whichever card it is.

use crate::delve;
use serde_json::Value;

const GUESS: &str = "tests/scripts/positions/klondike-guess.rhai";

/// A deal, top card first: the seven columns take the first 28 cards, the
/// stock the rest (the 29th is its top). The fourth card of the stock (JD)
/// is the one asked after three draws; none drawn or face up goes home.
const RED_NEXT: &str = "5H AC 6D JS 2C QS AS 7H 2H QC 4H 9S KD 6C 8D 7C QH 4D 10H KS 9H 5C 5D \
    3D JC KC 8S 10C 6H 10D 2S JD 4C 3H 8C AD 2D 6S 3S AH 7D 9C QD JH 7S 9D 5S 4S 3C KH 10S 8H\n";

/// The same deal with the stock's fourth card (JD) and the face-down
/// bottom card of column 6 (AC) swapped: the table shows the same cards.
fn black_next() -> String {
    RED_NEXT
        .replacen("AC", "@", 1)
        .replacen("JD", "AC", 1)
        .replace('@', "JD")
}

/// What the protocol answers to `input` in `script` on `deal`.
fn answers(script: &str, deal: &str, input: &str) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stacked.deal");
    std::fs::write(&path, deal).unwrap();
    let out = delve()
        .args(["play", script, "--seed", "1", "--json", "--deal"])
        .arg(&path)
        .write_stdin(input)
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The hint the protocol gives for `input`'s last `hint`, without the time
/// it took (the one figure that may differ from run to run).
fn hint(script: &str, deal: &str, input: &str) -> Value {
    let mut hint = answers(script, deal, input)
        .into_iter()
        .rfind(|m| m["command"] == "hint")
        .expect("a hint");
    hint.as_object_mut().unwrap().remove("seconds");
    hint
}

#[test]
fn the_deals_differ_only_where_no_one_can_see() {
    let first_table = |deal: &str| {
        let prompt = answers(GUESS, deal, "")
            .into_iter()
            .find(|m| m["type"] == "prompt")
            .expect("the guess");
        (prompt["question"].clone(), prompt["table"].clone())
    };
    let (question, red) = first_table(RED_NEXT);
    assert!(
        question.as_str().unwrap().contains("next card"),
        "{question}"
    );
    assert_eq!(red, first_table(&black_next()).1);
    // The cards do differ, face down: the answer that wins differs.
    let end = |deal: &str| answers(GUESS, deal, "red\n").pop().unwrap()["outcome"].clone();
    assert_eq!(end(RED_NEXT), "win");
    assert_eq!(end(&black_next()), "loss");
}

#[test]
fn a_monte_carlo_hint_on_klondike_is_the_same_whatever_lies_face_down() {
    let red = hint(GUESS, RED_NEXT, "hint mc\n");
    assert_eq!(red["peeked"], false, "{red}");
    assert_eq!(red["worlds_from"], "copies", "{red}");
    assert_eq!(red, hint(GUESS, &black_next(), "hint mc\n"));
}

#[test]
fn the_klondike_bot_hints_the_same_whatever_lies_face_down() {
    // Klondike itself: the bot's hint at the deal and after three moves
    // (the first option each time), on both deals.
    let input = "hint\n0\nhint\n0\nhint\n0\nhint\n";
    let hints = |deal: &str| -> Vec<Value> {
        answers("games/klondike.rhai", deal, input)
            .into_iter()
            .filter(|m| m["command"] == "hint")
            .collect()
    };
    let red = hints(RED_NEXT);
    assert_eq!(red.len(), 4, "{red:?}");
    assert_eq!(red, hints(&black_next()));
}

#[test]
fn the_mc_bot_wins_a_klondike_guess_about_half_the_time() {
    let out = delve()
        .args([
            "sim", GUESS, "--bot", "mc", "--games", "200", "--worlds", "8",
        ])
        .arg("--json")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
    let rate = summary["win_rate"].as_f64().unwrap();
    assert!(
        (0.35..=0.65).contains(&rate),
        "honest play wins about 1/2, not {rate}"
    );
}
