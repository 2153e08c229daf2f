//! Cards matched against patterns given as data (`matches`, `matching`):
//! the pairs found, in order, with jokers and custom cards read by the
//! rules map; a wrong pattern is an error with its place. The sandbox's
//! bounds on them are in tests/scripts/hostile/matches-*.rhai.

use assert_cmd::Command;
use predicates::str::contains;

fn delve() -> Command {
    let mut command = Command::cargo_bin("delve").unwrap();
    command.current_dir(env!("CARGO_MANIFEST_DIR"));
    command
        .env("NO_COLOR", "1")
        .env("DELVE_HISTORY", "/dev/null");
    command
}

#[test]
fn matches_gives_every_pair_card_by_card_with_the_target_and_its_card() {
    let output = delve()
        .args(["play", "tests/scripts/matching-cards.rhai", "--seed", "1"])
        .write_stdin("")
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let said: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("7♥"))
        .take_while(|l| !l.starts_with("p "))
        .collect();
    assert_eq!(
        said,
        [
            r#"7♥ high ["at", "card"]"#,
            r#"7♥ any ["at", "card"]"#,
            r#"J♠ high ["at", "card"]"#,
            r#"J♠ spades ["at", "card"]"#,
            r#"J♠ any ["at", "card"]"#,
            r#"2♣ any ["at", "card"]"#,
            r#"RJ high ["at", "card"]"#,
            r#"RJ spades ["at", "card"]"#,
            r#"RJ any ["at", "card"]"#,
            r#"BJ high ["at", "card"]"#,
            r#"BJ spades ["at", "card"]"#,
            r#"BJ any ["at", "card"]"#,
            // Without rules a joker has no value and no suit.
            "plain: 8",
            "red: 7♥ RJ",
            "face or not: 7♥ 2♣",
            // A custom card's value is the property the rules name.
            "strong: b",
            // Values the script reckons, one a card, stand for the cards'.
            "ace high: A♥ 9♦",
            "pile: 2♣",
            "pile m: 12",
        ]
    );
}

fn fails_with(script_body: &str, message: &str) {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("wrong.rhai");
    std::fs::write(
        &script,
        format!(
            "title(\"Wrong\");\nfn play() {{\n    {script_body}\n    end(\"win\", 0, \"\");\n}}\n"
        ),
    )
    .unwrap();
    delve()
        .args(["play", script.to_str().unwrap(), "--seed", "1"])
        .write_stdin("")
        .assert()
        .failure()
        .stderr(contains(message));
}

#[test]
fn a_wrong_pattern_or_rule_is_an_error_with_its_place() {
    fails_with(
        r#"[card("7♥")].matching(#{ colour: "red" });"#,
        "wrong.rhai:3:18: no condition `colour` in a card pattern (conditions: rank,",
    );
    fails_with(
        r#"[card("7♥")].matching(#{ suit: "x" });"#,
        "wrong.rhai:3:18: `suit` is one of ♠ ♥ ♦ ♣ (or S H D C), not x",
    );
    fails_with(
        r#"[card("7♥")].matching(#{ rank: "7" });"#,
        "`rank` is a number, not string",
    );
    fails_with(
        r#"[card("7♥")].matches([#{ pattern: #{} }], #{ jokers: 10 });"#,
        "no rule `jokers` for matching cards (rules: joker_value, joker_any_suit, value_prop, values)",
    );
    fails_with(
        r#"[card("7♥"), card("8♥")].matching(#{}, #{ values: [7] });"#,
        "`values` is one number a card, in their order: 1 for 2 cards",
    );
    fails_with(
        r#"new_pile("p", "up").matching(#{}, #{ values: [] });"#,
        "`values` goes with an array of cards",
    );
    fails_with(
        r#"[card("7♥")].matches([#{ at: 1 }]);"#,
        "target 0 has no `pattern` (a map of conditions)",
    );
    fails_with(
        r#"[card("7♥")].matches([3]);"#,
        "target 0 is i64: a target is a map with a `pattern`",
    );
    fails_with(r"[3].matching(#{});", "expected a card, found i64");
}
