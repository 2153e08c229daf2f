//! Fairness of Monte Carlo worlds made from copies of a position (a game of
//! positions, `tests/scripts/positions/`): the same guessing games as
//! `honest_hints.rs`, written as positions. Their worlds are made with no
//! replay, and must still know nothing the player did not see: the mc bot
//! wins what honest play wins, and a hint is the same whatever lies face
//! down. Where a face-down card came from the rules' own random number
//! (no shuffle), a copy can not say what else it could be: those worlds
//! replay, as a story's do.

use crate::delve;
use std::ops::RangeInclusive;

/// Each twin, where its worlds come from, and what honest play wins.
const TWINS: [(&str, &str, RangeInclusive<f64>); 7] = [
    ("colour-guess", "copies", 0.35..=0.65),
    ("vault-guess", "copies", 0.35..=0.65),
    ("random-card-guess", "replays", 0.35..=0.65),
    ("random-card-redeal", "copies", 0.35..=0.65),
    // Of the three cards left, the twin is one: "no" wins 2 in 3.
    ("twin-guess", "copies", 0.55..=0.78),
    // One card shown of two red and two black: the other colour wins 2 in 3.
    ("colour-count", "copies", 0.55..=0.78),
    // Two decks shuffled apart: a world deals each deck's unseen cards
    // among that deck's places only, as the player knows them apart.
    ("two-decks", "copies", 1.0..=1.0),
];

fn script(name: &str) -> String {
    format!("tests/scripts/positions/{name}.rhai")
}

/// The protocol's mc hint at the first decision of `name` on `seed`.
fn mc_hint(name: &str, seed: &str, deal: Option<&str>) -> serde_json::Value {
    let dir = tempfile::tempdir().unwrap();
    let mut command = delve();
    command.args(["play", &script(name), "--seed", seed, "--json"]);
    if let Some(deal) = deal {
        let path = dir.path().join("stacked.deal");
        std::fs::write(&path, deal).unwrap();
        command.arg("--deal").arg(&path);
    }
    let out = command.write_stdin("hint mc\n").output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find(|v| v["method"] == "mc")
        .unwrap_or_else(|| panic!("no mc hint in {text}"))
}

#[test]
fn worlds_are_made_from_copies_where_every_hidden_card_came_from_a_shuffle() {
    for (name, from, _) in &TWINS {
        let hint = mc_hint(name, "4", None);
        assert_eq!(hint["worlds_from"], *from, "{name}: {hint}");
        assert_eq!(hint["peeked"], false, "{name}");
    }
}

#[test]
fn the_mc_bot_on_copies_wins_what_honest_play_wins() {
    for (name, _, range) in TWINS {
        let script = script(name);
        let args = [&script, "--bot", "mc", "--games", "200", "--worlds", "8"];
        let summary = crate::simulated(&args);
        let rate = summary["win_rate"].as_f64().unwrap();
        assert!(
            range.contains(&rate),
            "{name}: honest play wins {range:?}, not {rate}"
        );
    }
}

#[test]
fn a_hint_from_copies_is_the_same_whatever_lies_face_down() {
    // The 2♣ is turned up in both; the face-down top card differs.
    let without_time = |mut hint: serde_json::Value| {
        hint.as_object_mut().unwrap().remove("seconds");
        hint
    };
    let red = without_time(mc_hint("colour-guess", "1", Some("2♣ A♥\n")));
    let black = without_time(mc_hint("colour-guess", "5", Some("2♣ A♠\n")));
    assert_eq!(red["worlds_from"], "copies");
    assert_eq!(red, black);
}
