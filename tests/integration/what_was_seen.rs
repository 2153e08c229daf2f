//! What a player has seen, and nothing more, is what a bot or a hint knows
//! (issue 65, docs/hints.md "What you have seen"): a card is seen where it
//! lay face up at a decision or was said, a random number through what it
//! showed, named state through what the view and status show of it. Each
//! attack of `tests/scripts/unseen/` is a coin toss for honest play, and is
//! won at about that rate (at most 58% of 400 games) by the mc bot, or the
//! ruleset's own bot where the attack is a host function that told too
//! much.

use crate::delve;
use serde_json::Value;

fn unseen(name: &str) -> String {
    format!("tests/scripts/unseen/{name}.rhai")
}

/// The win rate of `games` games of `script` by `bot` (its worlds for mc).
fn win_rate(script: &str, bot: &str, games: &str) -> f64 {
    let args = [script, "--bot", bot, "--games", games, "--worlds", "8"];
    crate::simulated(&args)["win_rate"].as_f64().unwrap()
}

/// Asserts `bot` wins `script` at a coin toss's rate over 400 games.
fn a_coin_toss(name: &str, bot: &str) {
    let rate = win_rate(&unseen(name), bot, "400");
    assert!(
        (0.42..=0.58).contains(&rate),
        "{name} by {bot}: honest play wins half, not {rate}"
    );
}

/// The protocol's messages of a game of `script` on `seed` after `input`.
fn messages(script: &str, seed: &str, input: &str) -> Vec<Value> {
    let out = delve()
        .args(["play", script, "--seed", seed, "--json"])
        .write_stdin(input)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .collect()
}

#[test]
fn cards_swapped_face_down_by_a_random_number_are_not_followed() {
    a_coin_toss("swapped-face-down", "mc");
}

#[test]
fn cards_turned_up_and_down_again_with_nothing_said_were_not_seen() {
    a_coin_toss("glimpsed-in-apply", "mc");
}

#[test]
fn a_hint_after_a_swap_by_a_random_number_says_why_its_worlds_replay() {
    let script = unseen("swapped-face-down");
    let mut named = 0;
    for seed in 1..=12 {
        let seed = seed.to_string();
        let found = messages(&script, &seed, "0\nhint mc\n");
        let hint = found
            .iter()
            .find(|m| m["type"] == "ok" && m["command"] == "hint")
            .unwrap_or_else(|| panic!("no hint in {found:?}"));
        // Not "you see every card here": the search may not answer.
        assert_eq!(hint["method"], "mc", "{hint}");
        assert_eq!(hint["worlds_from"], "replays", "{hint}");
        let why = hint["replays_because"].as_str().unwrap();
        assert!(why.contains("random numbers"), "{why}");
        // The option hinted, taken: it names the ace only by luck.
        let take = hint["index"].as_u64().unwrap();
        let end = messages(&script, &seed, &format!("0\n{take}\n"));
        named += usize::from(end.iter().any(|m| m["outcome"] == "win"));
    }
    assert!(named < 12, "the hint named the ace in all 12 games");
}

#[test]
fn named_state_nothing_shows_is_not_seen_in_a_story() {
    a_coin_toss("unshown-coin", "mc");
}

#[test]
fn named_state_nothing_shows_is_not_seen_in_a_game_of_positions() {
    a_coin_toss("unshown-coin-positions", "mc");
}

#[test]
fn named_state_the_status_shows_is_seen() {
    // The same coin, shown: the worlds keep it, and the mc bot wins.
    let dir = tempfile::tempdir().unwrap();
    let source = std::fs::read_to_string(unseen("unshown-coin")).unwrap();
    let shown = source.replace(r#"text: `${get("tosses")}`"#, r#"text: `${get("coin")}`"#);
    assert_ne!(source, shown);
    let script = dir.path().join("shown-coin.rhai");
    std::fs::write(&script, shown).unwrap();
    let rate = win_rate(script.to_str().unwrap(), "mc", "40");
    assert!(rate > 0.95, "a coin the player sees is known: {rate}");
}

#[test]
fn is_face_up_tells_a_bot_a_face_down_card_no_more_than_one_not_there() {
    a_coin_toss("facing-tells", "heuristic");
}

#[test]
fn depth_of_finds_no_face_down_twin_for_a_bot() {
    a_coin_toss("twin-depth-tells", "heuristic");
}
