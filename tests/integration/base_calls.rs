//! `base::NAME(args)` in a variant calls the function it replaced: a rule
//! that wraps its base's, a chain of two variants, and the load errors of a
//! `base::` with nothing below it or naming what the base lacks.

use crate::delve;
use predicates::prelude::*;
use predicates::str::contains;
use std::fs;
use std::path::Path;

const GREETER: &str = "title(\"Greeter\");
// Greets someone.
fn greet(who) { say(`hello ${who}`); }
fn play() {
    greet(\"you\");
    ask(\"Go?\", [\"yes\"]);
    end(\"win\", 1, \"done\");
}
";

const LOUDER: &str = "// extends: greeter.rhai
fn greet(who) {
    say(\"before\");
    base::greet(who);
    say(\"after\");
}
";

const LOUDEST: &str = "// extends: louder.rhai
fn greet(who) { base::greet(`${who}!`); say(\"last\"); }
";

fn folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [
        ("greeter.rhai", GREETER),
        ("louder.rhai", LOUDER),
        ("loudest.rhai", LOUDEST),
    ] {
        fs::write(dir.path().join(name), text).unwrap();
    }
    dir
}

fn play(dir: &Path, game: &str) -> assert_cmd::assert::Assert {
    delve()
        .current_dir(dir)
        .args(["play", game, "--seed", "1"])
        .write_stdin("")
        .assert()
}

#[test]
fn a_variant_wraps_the_rule_it_replaces() {
    let dir = folder();
    play(dir.path(), "louder.rhai")
        .success()
        .stdout(contains("before\nhello you\nafter\n"));
}

#[test]
fn a_variant_of_a_variant_calls_the_rule_below_it() {
    let dir = folder();
    play(dir.path(), "loudest.rhai")
        .success()
        .stdout(contains("before\nhello you!\nafter\nlast\n"));
    delve()
        .current_dir(dir.path())
        .args(["source", "loudest.rhai", "--functions"])
        .assert()
        .success()
        .stdout(contains(
            "greet(who)  [replaces louder.rhai's, calls base::greet]",
        ));
}

#[test]
fn base_in_a_ruleset_that_extends_nothing_is_a_load_error() {
    let dir = folder();
    fs::write(
        dir.path().join("alone.rhai"),
        "fn play() {\n    base::play();\n}\n",
    )
    .unwrap();
    play(dir.path(), "alone.rhai").code(1).stderr(contains(
        "alone.rhai:2:5: `base::play` calls the rule a variant replaced, but this ruleset extends none",
    ));
}

#[test]
fn base_naming_a_function_the_base_lacks_is_a_load_error_with_the_nearest_name() {
    let dir = folder();
    fs::write(
        dir.path().join("typo.rhai"),
        "// extends: greeter.rhai\nfn greet(who) {\n    base::gret(who);\n}\n",
    )
    .unwrap();
    play(dir.path(), "typo.rhai").code(1).stderr(
        contains("typo.rhai:3:5: `base::gret`: the base has no function `gret`")
            .and(contains("did you mean `base::greet`?")),
    );
}

#[test]
fn an_error_in_the_rule_called_through_base_is_placed_in_its_own_file() {
    let dir = folder();
    fs::write(
        dir.path().join("strict.rhai"),
        "title(\"Strict\");\nfn greet(who) {\n    say(`hello ${who.len()}`);\n}\nfn play() { greet(\"you\"); }\n",
    )
    .unwrap();
    fs::write(
        dir.path().join("wrong.rhai"),
        "// extends: strict.rhai\nfn greet(who) {\n    base::greet(7);\n}\n",
    )
    .unwrap();
    play(dir.path(), "wrong.rhai")
        .code(1)
        .stderr(contains("strict.rhai:3:").and(contains("in base::greet() at wrong.rhai:3:5")));
}

#[test]
fn base_with_the_wrong_number_of_arguments_is_a_load_error_naming_the_parameters() {
    let dir = folder();
    fs::write(
        dir.path().join("wrong.rhai"),
        "// extends: greeter.rhai\nfn greet(who) {\n    say(`${base::greet(who, 2)}`);\n}\n",
    )
    .unwrap();
    play(dir.path(), "wrong.rhai").code(1).stderr(
        contains("wrong.rhai:3:12: `base::greet` takes 1 argument (who); 2 given")
            .and(contains("Go?").not()),
    );
}

#[test]
fn base_naming_the_variants_own_helper_says_to_call_it_without_base() {
    let dir = folder();
    fs::write(
        dir.path().join("helper.rhai"),
        "// extends: greeter.rhai\nprivate fn shout(who) { `${who}!` }\nfn greet(who) {\n    base::greet(base::shout(who));\n}\n",
    )
    .unwrap();
    play(dir.path(), "helper.rhai").code(1).stderr(contains(
        "helper.rhai:4:17: `base::shout`: `shout` is this variant's own `private fn shout(who)`, \
         not a rule of the base: call it as `shout(…)`, without `base::`",
    ));
}

#[test]
fn a_rule_that_calls_back_into_itself_through_base_is_named_at_the_authors_call() {
    let dir = folder();
    fs::write(
        dir.path().join("loop.rhai"),
        "// extends: clear-the-dungeon\nfn turn() {\n    let power = pile(\"power deck\");\n    if !power.is_empty { base::begin(); }\n}\n",
    )
    .unwrap();
    play(dir.path(), "loop.rhai").code(1).stderr(
        contains(
            "the game failed before its first decision: loop.rhai:4:26: `turn` calls \
             `base::begin`, which calls `turn` again, without end: rule functions call \
             each other more than 32 deep (the limit was reached at loop.rhai:4:9)",
        )
        .and(contains("  in turn() at games/clear-the-dungeon.rhai:"))
        .and(contains(
            "  in base::begin() at loop.rhai:4:26 (these 2 calls 15 times)",
        ))
        .and(contains("could not start").not()),
    );
}

#[test]
fn a_variants_const_changes_the_bases_constant_as_delve_source_says() {
    let dir = folder();
    fs::write(
        dir.path().join("three.rhai"),
        "// extends: clear-the-dungeon\nconst COLUMNS = 3;\n",
    )
    .unwrap();
    play(dir.path(), "three.rhai")
        .success()
        .stdout(contains("column 3:").and(contains("column 4:").not()));
    delve()
        .current_dir(dir.path())
        .args(["source", "three.rhai", "--functions"])
        .assert()
        .success()
        .stdout(contains(
            "a `const` it declares again (`const NAME = value;`) replaces the base's, in the base's rules too",
        ));
}
