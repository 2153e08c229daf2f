//! A script error names the file, line and function where the author wrote
//! it, also in a variant's hooks that the host calls while the base's game
//! asks (`rate`, `label`, `view`); a name nothing defines gets the nearest
//! one the host or the ruleset knows.

use crate::delve;
use std::fs;

/// Everything delve printed, on either stream, for a variant of Clear the
/// Dungeon whose body is `body`, run by `args`.
fn run_variant(body: &str, args: &[&str], input: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let text = format!("// extends: clear-the-dungeon\n{body}");
    fs::write(dir.path().join("house.rhai"), text).unwrap();
    let output = delve()
        .current_dir(dir.path())
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    String::from_utf8_lossy(&output.stdout).to_string() + &*String::from_utf8_lossy(&output.stderr)
}

fn check(body: &str) -> String {
    run_variant(body, &["check", "house.rhai", "--games", "1"], "")
}

#[test]
fn a_hook_returning_the_wrong_kind_is_placed_at_the_variants_function() {
    let out = check("fn rate(move) { \"high\" }\n");
    assert!(
        out.contains("house.rhai:2: rate() returned string `high`, where the host needs a whole number\n  in rate()"),
        "{out}"
    );
    // The decision is the base's; the error is the variant's own.
    assert!(!out.contains("clear-the-dungeon.rhai:124:18"), "{out}");
}

#[test]
fn an_error_in_a_variants_view_is_placed_in_the_view_with_the_nearest_method() {
    let body = "fn view() {\n    let d = pile(\"hand\");\n    d.shufle()\n}\n";
    let out = run_variant(body, &["play", "house.rhai", "--seed", "1"], "");
    // The table's lines are wrapped to the screen: read them run together.
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "house.rhai:4:7: Function not found: shufle (Pile): did you mean `shuffle`? in view()"
        ),
        "{out}"
    );
    assert!(!out.contains("house.rhai:124"), "{out}");
}

#[test]
fn a_misspelt_key_of_an_option_in_a_label_names_the_key() {
    // A move the variant declares without a label is labelled by its `fn label`.
    let out = check(
        "move_kind(\"bury\", #{ cards: [\"hand\"] });\nfn label(move) {\n    `${move.crad}`\n}\n",
    );
    assert!(
        out.contains(
            "house.rhai:4:13: Property not found: crad: did you mean `card`?\n  in label()"
        ),
        "{out}"
    );
}

#[test]
fn a_misspelt_card_property_names_the_property() {
    let out = check("fn rate(move) {\n    if move.card.rnak > 3 { 1 } else { 2 }\n}\n");
    assert!(
        out.contains("has no property `rnak`: did you mean `rank`?"),
        "{out}"
    );
    assert!(out.contains("house.rhai:3:17:"), "{out}");
}
