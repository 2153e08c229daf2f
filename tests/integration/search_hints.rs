//! Hints answered by search where the player sees everything (docs/hints.md,
//! "Where nothing is hidden"): a win found names a move that still wins, a
//! position with no winning line names the first move of the best end, a
//! search that did not settle names the ruleset's bot's move, never worlds;
//! and a ruleset that hides a card, or draws a random number after the
//! decision, is answered by worlds alone.

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
    // Far enough along that the search settles well within its seconds,
    // even in a debug build on a loaded machine.
    let played = &line[..line.len() - 12];
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
fn a_position_no_line_wins_names_the_first_move_of_the_best_end_without_worlds() {
    let hinted = hint(&positions("no-high-card"), "3", &[], "");
    assert_eq!(hinted["method"], "search", "{hinted}");
    assert_eq!(hinted["search"]["settled"], "no_win", "{hinted}");
    assert_eq!(hinted["kind"], "best_end", "{hinted}");
    assert!(hinted.get("options").is_none() && hinted.get("worlds").is_none());
    let verdict = hinted["verdict"].as_str().unwrap();
    assert!(verdict.starts_with("No line wins: take"), "{verdict}");
    // The highest card of the three scores the most: its rank is the best
    // end's score, and the search names it.
    let rank = |label: &str| match &label[..1] {
        "T" => 10,
        digit => digit.parse::<i64>().unwrap(),
    };
    let label = hinted["label"].as_str().unwrap();
    assert_eq!(
        hinted["search"]["best_score"].as_str(),
        Some(rank(label).to_string().as_str()),
        "{hinted}"
    );
    let shown = hinted_table("no-high-card", "3");
    let cards = shown.iter().map(|l| rank(l));
    assert_eq!(cards.max(), Some(rank(label)), "{shown:?}");
}

/// The labels of the first decision's options, as the protocol offers them.
fn hinted_table(name: &str, seed: &str) -> Vec<String> {
    let out = delve()
        .args(["play", &positions(name), "--seed", seed, "--json"])
        .write_stdin("")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let asked = text
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .find(|m| m["options"].is_array())
        .unwrap_or_else(|| panic!("no decision in {text}"));
    let options = asked["options"].as_array().unwrap().iter();
    options
        .map(|o| o["label"].as_str().unwrap().to_string())
        .collect()
}

/// Where nothing is hidden every world would be this one game: FreeCell's
/// deal 617 (which the solver wins) and Black Hole's deal 1 (which no line
/// wins) are answered by a search that names a move, never by worlds, and
/// asked again (the page's Odds after its Hint) give the same move. In
/// words too, no world is counted.
#[test]
fn freecell_and_black_hole_name_a_move_without_worlds() {
    for (game, seed) in [("freecell", "617"), ("black-hole", "1")] {
        let out = delve()
            .args(["play", game, "--seed", seed, "--json"])
            .write_stdin("hint mc\nhint mc\n")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        let hints: Vec<Value> = text
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter(|m| m["type"] == "ok" && m["command"] == "hint")
            .collect();
        assert_eq!(hints.len(), 2, "{game}: {text}");
        let hinted = &hints[0];
        assert_eq!(hints[1], *hinted, "{game}: the second answer is the first");
        assert_eq!(hinted["method"], "search", "{game}: {hinted}");
        assert!(hinted.get("options").is_none(), "{game}: {hinted}");
        assert!(hinted.get("worlds").is_none(), "{game}: {hinted}");
        let verdict = hinted["verdict"].as_str().unwrap();
        let label = hinted["label"].as_str().unwrap();
        assert!(verdict.contains(label), "{game}: {verdict}");
        assert!(!verdict.contains("world"), "{game}: {verdict}");
        match hinted["search"]["settled"].as_str().unwrap() {
            "win" => assert_eq!(hinted["kind"], "winning_line", "{game}: {hinted}"),
            "no_win" => assert_eq!(hinted["kind"], "best_end", "{game}: {hinted}"),
            _ => {
                // Not settled in time (a slow build): the ruleset's bot's
                // move, with its reason.
                assert_eq!(hinted["answered"], false, "{game}: {hinted}");
                assert!(verdict.starts_with("Not settled: "), "{verdict}");
                assert_eq!(hinted["index"], hinted["bot"]["index"], "{hinted}");
                let why = hinted["bot"]["why"].as_str().unwrap();
                assert!(verdict.contains(why), "{verdict}");
            }
        }
        if game == "black-hole" {
            assert_eq!(hinted["search"]["settled"], "no_win", "{hinted}");
        }
        let words = delve()
            .args(["play", game, "--seed", seed])
            .write_stdin("hint mc\n")
            .output()
            .unwrap();
        let words = String::from_utf8_lossy(&words.stdout);
        let flat = |t: &str| t.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            flat(&words).contains("no worlds are played"),
            "{game}: {words}"
        );
        // (Its own search, which may settle in time or not on this machine.)
        let kinds = [
            "A winning line: take",
            "No line wins: take",
            "Not settled: ",
        ];
        assert!(
            kinds.iter().any(|k| flat(&words).contains(k)),
            "{game}: {words}"
        );
        assert!(!words.contains("Any option is as good"), "{game}: {words}");
    }
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
