//! Moves a ruleset declares once (`move_kind`) and the host lists: a
//! mistake in a declaration is refused at the author's line with the
//! nearest name, a pile that does not exist is named at the first listing,
//! and a variant adds, changes or drops one kind of move with one line.

use crate::delve;
use std::fs;

/// What `delve play house.rhai --seed 1` prints (both streams) for a variant
/// of Clear the Dungeon whose body is `body`, given `input`.
fn play_variant(body: &str, input: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("house.rhai"),
        format!("// extends: clear-the-dungeon\n{body}\n"),
    )
    .unwrap();
    let output = delve()
        .current_dir(dir.path())
        .args(["play", "house.rhai", "--seed", "1"])
        .write_stdin(input)
        .output()
        .unwrap();
    String::from_utf8_lossy(&output.stdout).to_string() + &*String::from_utf8_lossy(&output.stderr)
}

#[test]
fn a_mistake_in_a_declaration_is_named_at_its_line_with_the_nearest_name() {
    let cases = [
        (
            r#"move_kind("bury", #{ cards: ["hand"], lable: "bury {card}" });"#,
            "house.rhai:2:1: move_kind(\"bury\"): a move kind has no key `lable`: did you mean `label`?",
        ),
        (
            r#"move_kind("bury", #{ cards: ["hand"], label: "bury {crad}" });"#,
            "the label names `{crad}`, which a `bury` move has not: did you mean `card`?",
        ),
        (
            r#"change_move_kind("place", #{ value: "valu_of" });"#,
            "house.rhai:2: move_kind(\"place\"): the ruleset has no `fn valu_of` of 1 argument: did you mean `value_of`?",
        ),
        (
            r#"change_move_kind("place", #{ cards: [#{ top_of: "damage", when: "reserv" }] });"#,
            "house.rhai:2: move_kind(\"place\"): `when` names no option `reserv`: did you mean `reserve`?",
        ),
        (
            r#"change_move_kind("bury", #{ label: "x" });"#,
            "house.rhai:2:1: change_move_kind: no kind of move `bury` is declared (declared: place, discard, give up)",
        ),
        (
            r#"move_kind("bury", #{ cards: ["hnad"], label: "bury {card}" });"#,
            "the moves of `bury` (declared at house.rhai:2): no pile named `hnad`: did you mean `hand`?",
        ),
    ];
    for (body, said) in cases {
        let out = play_variant(body, "quit\n");
        assert!(out.contains(said), "{body}\n{out}");
    }
}

#[test]
fn a_variant_adds_changes_or_drops_one_kind_of_move() {
    let base = play_variant("", "quit\n");
    assert!(base.contains("discard 9♥"), "{base}");
    let dropped = play_variant(r#"drop_move_kind("discard");"#, "quit\n");
    assert!(!dropped.contains("discard 9♥"), "{dropped}");
    let relabelled = play_variant(
        r#"change_move_kind("discard", #{ label: "throw away {card}" });"#,
        "quit\n",
    );
    assert!(relabelled.contains("throw away 9♥"), "{relabelled}");
    let added = play_variant(
        r#"move_kind("hold", #{ cards: ["hand"], label: "hold {card}" });"#,
        "quit\n",
    );
    // The new kind comes after the base's, each hand card once.
    let discard = added.find("discard 2♥").expect("the base's moves");
    let hold = added.find("hold 9♥").expect("the added kind");
    assert!(discard < hold, "{added}");
}

#[test]
fn the_kinds_of_move_are_listed_with_their_places_for_a_rule_author() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("house.rhai"),
        "// extends: clear-the-dungeon\nmove_kind(\"hold\", #{ cards: [\"hand\"], label: \"hold {card}\" });\n",
    )
    .unwrap();
    let output = delve()
        .current_dir(dir.path())
        .args(["source", "house.rhai", "--functions"])
        .output()
        .unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    let place = text.find("  place    declared at games/clear-the-dungeon.rhai:");
    let hold = text.find("  hold     declared at house.rhai:2, reads \"hold {card}\"");
    assert!(place.is_some() && hold.is_some() && place < hold, "{text}");
}
