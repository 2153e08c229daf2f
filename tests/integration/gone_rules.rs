//! Rule functions a ruleset no longer has: a house rule written against an
//! older ruleset that still defines one is told what took its place, as
//! the ruleset declares it (`replaced(gone, successor, why)`), and a
//! ruleset can not call a rule gone that it still defines.

use crate::delve;
use predicates::prelude::*;
use predicates::str::contains;
use std::path::Path;

fn write(dir: &Path, name: &str, text: &str) {
    std::fs::write(dir.join(name), text).unwrap();
}

/// Plays `game` in `dir` with no answers.
fn play(dir: &Path, game: &str) -> assert_cmd::assert::Assert {
    delve()
        .current_dir(dir)
        .args(["play", game, "--seed", "1"])
        .write_stdin("")
        .assert()
}

#[test]
fn a_house_rule_replacing_a_rule_that_is_gone_is_told_what_took_its_place() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "old.rhai",
        "// extends: clear-the-dungeon\ntitle(\"Old\");\nfn awake_monsters() { [] }\n",
    );
    play(dir.path(), "old.rhai").code(1).stderr(
        contains(
            "old.rhai:3: `fn awake_monsters()` replaces no function of clear-the-dungeon: \
             clear-the-dungeon no longer has `awake_monsters`; in its place: the kind of move \
             `place`, changed with `change_move_kind(\"place\", #{ ... })` (which monsters",
        )
        .and(contains("did you mean").not()),
    );
    // A story's entry over the game of positions it became.
    write(
        dir.path(),
        "story.rhai",
        "// extends: clear-the-dungeon\ntitle(\"Story\");\nfn play() { setup(); }\n",
    );
    play(dir.path(), "story.rhai").code(1).stderr(contains(
        "clear-the-dungeon no longer has `play`; in its place: `setup()`, `begin()`, `options()` and `apply(move)`",
    ));
    // Tomb of Four Kings' question between two delve turns.
    write(
        dir.path(),
        "deeper.rhai",
        "// extends: tomb-of-four-kings\ntitle(\"Deeper\");\nfn go_deeper() { true }\n",
    );
    play(dir.path(), "deeper.rhai").code(1).stderr(contains(
        "tomb-of-four-kings no longer has `go_deeper`; in its place: `options()` at the phase `deeper`",
    ));
    // FreeCell's highest card home of each suit, gone with two decks
    // (a reviewer's find: it was dropped without a word).
    write(
        dir.path(),
        "tops.rhai",
        "// extends: freecell\ntitle(\"Tops\");\nfn home_tops() { #{} }\n",
    );
    play(dir.path(), "tops.rhai").code(1).stderr(contains(
        "freecell no longer has `home_tops`; in its place: `goes_home(card)`",
    ));
    // A helper of the house rule's own may have the old name.
    write(
        dir.path(),
        "helper.rhai",
        "// extends: clear-the-dungeon\ntitle(\"Helper\");\nprivate fn awake_monsters() { [] }\n",
    );
    play(dir.path(), "helper.rhai").success();
}

#[test]
fn the_rule_functions_listed_end_with_the_rules_that_are_gone() {
    delve()
        .args(["source", "clear-the-dungeon-hard", "--functions"])
        .assert()
        .success()
        .stdout(
            contains("Rules it no longer has")
                .and(contains(
                    "\n  awake_monsters: in its place, the kind of move `place`",
                ))
                .and(contains("\n  play_a_card: in its place, `options()`")),
        );
}

const BASE: &str = "title(\"Base\");
replaced(\"old_rule\", \"`new_rule(card)`\", \"it takes the card now\");
fn new_rule(card) { card }
fn play() { end(\"win\", 0, \"done\"); }
";

#[test]
fn any_ruleset_may_say_what_took_a_rules_place() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "base.rhai", BASE);
    write(
        dir.path(),
        "house.rhai",
        "// extends: base.rhai\ntitle(\"House\");\nfn old_rule() { 1 }\n",
    );
    play(dir.path(), "house.rhai").code(1).stderr(contains(
        "house.rhai:3: `fn old_rule()` replaces no function of base.rhai: base.rhai no longer \
         has `old_rule`; in its place: `new_rule(card)` (it takes the card now)",
    ));
    // The base plays as ever.
    play(dir.path(), "base.rhai").success();
}

#[test]
fn a_rule_said_to_be_gone_must_be_gone() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "still.rhai",
        &format!("{BASE}fn old_rule() {{ 1 }}\n"),
    );
    play(dir.path(), "still.rhai").code(1).stderr(contains(
        "replaced(\"old_rule\", ...) says `old_rule` is gone, but still.rhai:5 defines `fn old_rule()`",
    ));
    for (call, problem) in [
        (
            "replaced(\"old rule\", \"x\", \"y\");",
            "the first argument is the name of the rule function that is gone",
        ),
        (
            "replaced(\"old\", \"\", \"y\");",
            "what took its place is one line of at most 300 characters",
        ),
        (
            "replaced(\"old\", \"x\", \"two\\nlines\");",
            "why is one line of at most 300 characters",
        ),
    ] {
        write(
            dir.path(),
            "bad.rhai",
            &format!("title(\"Bad\");\n{call}\nfn play() {{ end(\"win\", 0, \"done\"); }}\n"),
        );
        play(dir.path(), "bad.rhai")
            .code(1)
            .stderr(contains("bad.rhai:2").and(contains(problem)));
    }
}
