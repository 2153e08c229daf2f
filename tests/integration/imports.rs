//! Library scripts: a ruleset imports them by name from a `lib/` folder
//! beside the games; a path is no name, an import circle is an error, and
//! an imported file is part of the ruleset's hash (a save notices it).

use crate::delve;
use predicates::prelude::*;
use predicates::str::contains;
use std::fs;
use std::path::Path;

const GAME: &str = r#"import "helpers" as h;
title("Doubler");
fn play() {
    new_pile("deck", "down");
    ask("Pick", ["a", "b"]);
    end("win", h::double(21), "done");
}
"#;

fn folder(lib: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("lib")).unwrap();
    for (name, text) in lib {
        fs::write(dir.path().join("lib").join(format!("{name}.rhai")), text).unwrap();
    }
    fs::write(dir.path().join("doubler.rhai"), GAME).unwrap();
    dir
}

fn play(dir: &Path, input: &str) -> assert_cmd::assert::Assert {
    delve()
        .env("DELVE_GAMES", dir)
        .current_dir(dir)
        .args(["play", "doubler", "--seed", "1"])
        .write_stdin(input)
        .assert()
}

#[test]
fn a_ruleset_imports_a_library_script_by_name() {
    let dir = folder(&[("helpers", "fn double(x) { x * 2 }")]);
    play(dir.path(), "1\n")
        .success()
        .stdout(contains("Game over: win, score 42."));
}

#[test]
fn library_scripts_that_import_each_other_in_a_circle_are_refused() {
    let dir = folder(&[
        ("helpers", "import \"other\" as o;\nfn double(x) { x * 2 }"),
        ("other", "import \"helpers\" as h;\nfn triple(x) { x * 3 }"),
    ]);
    play(dir.path(), "1\n").code(1).stderr(contains(
        "library scripts import each other in a circle: helpers → other → helpers",
    ));
}

#[test]
fn an_imported_file_is_part_of_the_ruleset_hash() {
    let dir = folder(&[("helpers", "fn double(x) { x * 2 }")]);
    let save = dir.path().join("game.json");
    play(dir.path(), &format!("save {}\n", save.display())).success();
    fs::write(
        dir.path().join("lib/helpers.rhai"),
        "fn double(x) { x + x }",
    )
    .unwrap();
    play(dir.path(), &format!("load {}\n", save.display()))
        .success()
        .stdout(contains(
            "The script of doubler changed since this game was saved",
        ));
}

#[test]
fn a_library_script_can_not_touch_the_table_when_it_loads() {
    let dir = folder(&[(
        "helpers",
        "new_pile(\"sneaky\", \"up\");\nfn double(x) { x * 2 }",
    )]);
    play(dir.path(), "1\n")
        .code(1)
        .stderr(contains("the top level only declares").and(contains("`new_pile`")));
}
