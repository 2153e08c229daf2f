//! Hints answered by search where the player sees everything (docs/hints.md,
//! "Where nothing is hidden"): a win found names a move that still wins, a
//! position with no winning line says so before the worlds' verdict, and a
//! ruleset that hides a card, or draws a random number after the decision,
//! is answered by worlds alone.

use crate::delve;
use serde_json::Value;

fn positions(name: &str) -> String {
    format!("tests/scripts/positions/{name}.rhai")
}

/// The protocol's hint after `moves` (lines typed first), as data.
fn hint(game: &str, seed: &str, moves: &[String], then: &str) -> Value {
    let mut input = moves
        .iter()
        .fold(String::new(), |s, m| s + m.as_str() + "\n");
    input += "hint mc\n";
    input += then;
    let out = delve()
        .args(["play", game, "--seed", seed, "--json"])
        .write_stdin(input)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .find(|m| m["type"] == "ok" && m["command"] == "hint")
        .unwrap_or_else(|| panic!("no hint in {text}"))
}

/// The moves of a winning line of `game` on `seed`, as the solver finds
/// it (a transcript: one label a line).
fn winning_line(game: &str, seed: &str, dir: &std::path::Path) -> Vec<String> {
    let path = dir.join("win.txt");
    delve()
        .args(["solve", game, "--seed", seed, "--line"])
        .arg(&path)
        .assert()
        .success();
    let text = std::fs::read_to_string(&path).unwrap();
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_string)
        .collect()
}

/// Whether the solver proves the game saved at `save` winnable.
fn winnable_from(game: &str, save: &std::path::Path) -> Value {
    let out = delve()
        .args(["solve", game, "--load"])
        .arg(save)
        .arg("--json")
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn freecell_near_its_end_is_answered_by_search_with_a_move_that_still_wins() {
    let dir = tempfile::tempdir().unwrap();
    let line = winning_line("freecell", "2", dir.path());
    // Far enough along that the search settles well within its seconds.
    let played = &line[..line.len() - 20];
    let save = dir.path().join("after.json");
    let then = format!("save {}\n", save.display());
    let hinted = hint("freecell", "2", played, "");
    assert_eq!(hinted["method"], "search", "{hinted}");
    assert_eq!(hinted["search"]["settled"], "win", "{hinted}");
    assert_eq!(hinted["peeked"], false);
    let label = hinted["label"].as_str().unwrap();
    let verdict = hinted["verdict"].as_str().unwrap();
    assert!(
        verdict.contains(label) && verdict.contains("leads to a win"),
        "{verdict}"
    );
    // The hinted move, taken: the deal is still winnable from there.
    let mut input = played
        .iter()
        .fold(String::new(), |s, m| s + m.as_str() + "\n");
    input += &format!("{}\n{then}", hinted["key"].as_str().unwrap());
    let out = delve()
        .args(["play", "freecell", "--seed", "2"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(save.exists(), "{}", String::from_utf8_lossy(&out.stdout));
    let solved = winnable_from("freecell", &save);
    assert_eq!(solved["verdict"], "winnable", "{solved}");
}

#[test]
fn a_position_no_line_wins_says_so_and_the_worlds_rank_by_score() {
    let hinted = hint(&positions("no-high-card"), "3", &[], "");
    assert_eq!(hinted["method"], "mc", "{hinted}");
    assert_eq!(hinted["search"]["settled"], "no_win", "{hinted}");
    let verdict = hinted["verdict"].as_str().unwrap();
    assert!(verdict.starts_with("No line from here wins"), "{verdict}");
    // The highest card of the three scores the most: the worlds take it.
    let options = hinted["options"].as_array().unwrap();
    let best = options.iter().map(|o| o["mean_score"].as_f64().unwrap());
    let best = best.fold(f64::MIN, f64::max);
    assert_eq!(options[0]["mean_score"].as_f64(), Some(best));
    assert_eq!(hinted["index"], options[0]["index"]);
}

#[test]
fn a_shuffle_after_the_decision_is_never_looked_ahead_at() {
    // The search would play the shuffle out; it drew a number, so the
    // worlds answer, and they find even odds whatever the seed.
    for seed in ["1", "2", "3"] {
        let hinted = hint(&positions("shuffled-later"), seed, &[], "");
        assert_eq!(hinted["method"], "mc", "{hinted}");
        assert!(hinted.get("search").is_none(), "{hinted}");
        for option in hinted["options"].as_array().unwrap() {
            let rate = option["win_rate"].as_f64().unwrap();
            assert!((0.3..=0.7).contains(&rate), "{hinted}");
        }
    }
}

#[test]
fn a_face_down_card_leaves_the_hint_to_the_worlds() {
    for (game, seed) in [("klondike", "1"), (positions("colour-guess").as_str(), "4")] {
        let hinted = hint(game, seed, &[], "");
        assert_eq!(hinted["method"], "mc", "{game}: {hinted}");
        assert!(hinted.get("search").is_none(), "{game}: {hinted}");
    }
}
