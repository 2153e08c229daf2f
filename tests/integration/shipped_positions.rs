//! The shipped rulesets written as games of positions: a hint's worlds go
//! on from copies of the position, not from replays of the game, and a
//! house rule that wraps the deal (`fn setup`) still changes it before the
//! first turn begins (`fn begin`).

use crate::delve;

/// The protocol's mc hint at the first decision of `game` on seed 3.
fn mc_hint(game: &str) -> serde_json::Value {
    let out = delve()
        .args(["play", game, "--seed", "3", "--json"])
        .write_stdin("hint mc\n")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    text.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find(|v| v["method"] == "mc")
        .unwrap_or_else(|| panic!("{game}: no mc hint in {text}"))
}

#[test]
fn the_dungeon_games_that_were_stories_make_their_worlds_from_copies() {
    for game in [
        "clear-the-dungeon",
        "clear-the-dungeon-hard",
        "clear-the-dungeon-v1.0",
        "tomb-of-four-kings",
        "tomb-of-four-kings-torchlight",
    ] {
        let hint = mc_hint(game);
        assert_eq!(hint["worlds_from"], "copies", "{game}: {hint}");
        assert_eq!(hint["peeked"], false, "{game}");
    }
}

#[test]
fn a_house_rule_that_changes_the_deal_changes_it_before_the_first_draw() {
    let dir = tempfile::tempdir().unwrap();
    let rule = dir.path().join("three-power-cards.rhai");
    std::fs::write(
        &rule,
        "// extends: clear-the-dungeon\n\
         title(\"Three power cards\");\n\
         fn setup() {\n\
             base::setup();\n\
             let power = pile(\"power deck\");\n\
             while power.len > 3 { power.retire(power.top); }\n\
         }\n",
    )
    .unwrap();
    let out = delve()
        .arg("play")
        .arg(&rule)
        .args(["--seed", "5", "--json"])
        .write_stdin("")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    // The first turn draws from the three cards the house rule left, so it
    // draws the last of the power deck.
    assert!(
        text.contains("You draw the last of the power deck:"),
        "{text}"
    );
}
