//! A ruleset split into parts: `NAME.rhai` and the scripts of the folder
//! `NAME/` beside it are one ruleset, each seeing the others' functions; a
//! variant replaces a part's function like any other; a function defined
//! twice, a part that extends or calls `base::`, and a part that leaves its
//! folder are load errors that name the files.

use crate::delve;
use predicates::prelude::*;
use predicates::str::contains;
use std::fs;
use std::path::Path;

const RULES: &str = "title(\"Split\");
// Says how the game went.
fn verdict(n) { if n > 1 { \"big\" } else { \"small\" } }
fn play() {
    let n = choose(\"How many?\", [1, 2]);
    say(verdict(n));
    end(\"win\", n, \"done\");
}
";

const BOT: &str = "// The bot: it reads the rulebook's verdict.
fn rate(option) { if verdict(option) == \"big\" { 10 } else { 0 } }
";

fn folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("split.rhai"), RULES).unwrap();
    fs::create_dir(dir.path().join("split")).unwrap();
    fs::write(dir.path().join("split/bot.rhai"), BOT).unwrap();
    dir
}

fn delve_at(dir: &Path) -> assert_cmd::Command {
    let mut command = delve();
    command.current_dir(dir);
    command
}

#[test]
fn a_part_sees_the_rulebook_and_the_rulebook_its_part() {
    let dir = folder();
    // The bot in the part rates with the rulebook's function: it takes 2.
    delve_at(dir.path())
        .args(["sim", "split.rhai", "--games", "3", "--bot", "heuristic"])
        .assert()
        .success()
        .stdout(contains("wins       3 of 3").and(contains("mean 2.00")));
    delve_at(dir.path())
        .args(["play", "split.rhai", "--seed", "1"])
        .write_stdin("hint\n")
        .assert()
        .success()
        .stdout(contains("hint: 2\n"));
}

#[test]
fn source_shows_the_parts_after_the_script() {
    let dir = folder();
    delve_at(dir.path())
        .args(["source", "split.rhai"])
        .assert()
        .success()
        .stdout(contains(format!(
            "{RULES}\n// ---- part split/bot.rhai ----\n\n{BOT}"
        )));
    delve_at(dir.path())
        .args(["source", "split.rhai", "--functions"])
        .assert()
        .success()
        .stdout(contains("split/bot.rhai:\n  rate(option)  The bot"));
}

#[test]
fn a_variant_replaces_a_function_of_a_part() {
    let dir = folder();
    fs::write(
        dir.path().join("timid.rhai"),
        "// extends: split.rhai\nfn rate(option) { -option }\n",
    )
    .unwrap();
    delve_at(dir.path())
        .args(["sim", "timid.rhai", "--games", "2", "--bot", "heuristic"])
        .assert()
        .success()
        .stdout(contains("mean 1.00"));
}

/// A part `split/NAME` with `text` makes the ruleset fail to load with `message`.
fn refused(part: &str, text: &str, message: &str) {
    let dir = folder();
    fs::write(dir.path().join("split").join(part), text).unwrap();
    delve_at(dir.path())
        .args(["play", "split.rhai"])
        .assert()
        .failure()
        .stderr(contains(message));
}

#[test]
fn a_function_defined_twice_names_both_places() {
    refused(
        "more.rhai",
        "\nfn verdict(n) { \"same\" }\n",
        "more.rhai:2: `fn verdict(n)` is defined twice in one ruleset: also at split.rhai:3",
    );
}

#[test]
fn a_part_neither_extends_nor_calls_base() {
    refused(
        "odd.rhai",
        "// extends: other\n",
        "odd.rhai: a part of a ruleset extends nothing",
    );
    refused(
        "odd.rhai",
        "private fn louder(n) { base::verdict(n) }\n",
        "odd.rhai:1: a part of a ruleset calls no `base::` function",
    );
}

#[cfg(unix)]
#[test]
fn a_part_is_a_file_of_its_folder() {
    let dir = folder();
    let outside = tempfile::tempdir().unwrap();
    fs::write(outside.path().join("far.rhai"), "private fn far() { 1 }\n").unwrap();
    std::os::unix::fs::symlink(
        outside.path().join("far.rhai"),
        dir.path().join("split/far.rhai"),
    )
    .unwrap();
    delve_at(dir.path())
        .args(["play", "split.rhai"])
        .assert()
        .failure()
        .stderr(contains("a part must be a file of"));
}
