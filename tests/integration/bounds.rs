//! Bounds under abuse: the seed range, statistics that do not add up or
//! reach the largest count, control characters and marks that turn text
//! backwards in a script's words, what a table of custom cards may weigh,
//! and messages in the script's own words.

use crate::{delve, delve_in};
use predicates::prelude::*;
use predicates::str::contains;
use std::path::Path;

fn script(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, format!("title(\"T\");\nfn play() {{\n{body}\n}}\n")).unwrap();
    path.display().to_string()
}

#[test]
fn every_command_takes_the_largest_seed() {
    let max = u64::MAX.to_string();
    for command in ["sim", "check"] {
        delve()
            .args([command, "clear-the-dungeon", "--seed", &max, "--games", "1"])
            .assert()
            .success();
        delve()
            .args([command, "clear-the-dungeon", "--seed", &max, "--games", "2"])
            .assert()
            .code(2)
            .stderr(contains(
                "--seed plus --games passes the largest seed (2^64 - 1)",
            ));
    }
    delve()
        .args(["play", "clear-the-dungeon", "--seed", &max])
        .write_stdin("quit\n")
        .assert()
        .success();
}

/// A statistics file holding one record of `game` with these counts.
fn stats(home: &Path, game: &str, played: u64, won: u64) -> std::path::PathBuf {
    let dir = home.join("data/delve");
    std::fs::create_dir_all(&dir).unwrap();
    let book = serde_json::json!({
        "format": "delve-stats", "version": 1,
        "records": [{
            "game": game, "options": {}, "played": played, "won": won, "streak": 0,
            "best_streak": 0, "best_score": null, "score_total": 0.0, "scored": 0
        }]
    });
    let path = dir.join("stats.json");
    std::fs::write(&path, book.to_string()).unwrap();
    path
}

#[test]
fn statistics_that_do_not_add_up_are_refused_and_kept() {
    let home = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let game = script(
        dir.path(),
        "one.rhai",
        "ask(\"Go?\", [\"on\"]); end(\"win\", 1, \"\");",
    );
    let full = std::fs::canonicalize(&game).unwrap().display().to_string();
    let path = stats(home.path(), &full, 1, 50);
    let before = std::fs::read_to_string(&path).unwrap();
    delve_in(home.path())
        .arg("stats")
        .assert()
        .failure()
        .stderr(contains("does not add up").and(contains("more games won than played")));
    delve_in(home.path())
        .args(["play", &game, "--seed", "1"])
        .write_stdin("1\nquit\n")
        .assert()
        .stdout(contains("Game over"));
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
}

#[test]
fn statistics_counters_stop_at_their_largest_value() {
    let home = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let game = script(
        dir.path(),
        "one.rhai",
        "ask(\"Go?\", [\"on\"]); end(\"loss\", 1, \"\");",
    );
    let full = std::fs::canonicalize(&game).unwrap().display().to_string();
    let path = stats(home.path(), &full, u64::MAX, 0);
    delve_in(home.path())
        .args(["play", &game, "--seed", "1"])
        .write_stdin("1\nquit\n")
        .assert()
        .success();
    let book: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(book["records"][0]["played"], serde_json::json!(u64::MAX));
}

#[test]
fn narration_shows_no_control_characters() {
    let dir = tempfile::tempdir().unwrap();
    let game = script(
        dir.path(),
        "cr.rhai",
        "new_pile(\"p\", \"up\");\nsay(\"first\\rover\\x1b[2Jwritten\\x07\");\nask(\"Go?\", [\"on\"]);\nend(\"win\", 1, \"done\\rgone\");",
    );
    let assert = delve()
        .args(["play", &game, "--seed", "1"])
        .write_stdin("1\n")
        .assert()
        .success()
        .stdout(contains("firstover[2Jwritten").and(contains("donegone")));
    let out = &assert.get_output().stdout;
    assert!(
        !out.iter().any(|b| *b == b'\r' || *b == 0x1b || *b == 0x07),
        "{}",
        String::from_utf8_lossy(out)
    );
}

#[test]
fn no_script_text_turns_the_terminal_backwards() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bidi.rhai");
    // Right-to-left override, right-to-left mark, left-to-right isolate.
    std::fs::write(
        &path,
        "title(\"T\");\nfn play() {\nnew_pile(\"p\", \"up\");\nsay(\"said\\u202Ebackwards\");\n\
         ask(\"Go\\u200F?\", [\"on\\u2066ward\"]);\nend(\"win\", 1, \"done\");\n}\n\
         fn status() { [#{ name: \"health\", text: \"12\\u202E of 20\" }] }\n",
    )
    .unwrap();
    let assert = delve()
        .args(["play", path.to_str().unwrap(), "--seed", "1"])
        .write_stdin("quit\n")
        .assert()
        .success()
        .stdout(contains("saidbackwards").and(contains("12 of 20")));
    let out = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    assert!(out.contains("onward"), "{out}");
    for mark in ['\u{202E}', '\u{200F}', '\u{2066}'] {
        assert!(!out.contains(mark), "{mark:?} reached the terminal: {out}");
    }
}

#[test]
fn messages_about_values_use_the_scripts_words() {
    let dir = tempfile::tempdir().unwrap();
    for (body, expected) in [
        (
            "custom_card(\"x\", #{ a: [1] })",
            "property `a` of card `x` is a list",
        ),
        (
            "custom_card(\"x\", #{ a: standard_deck()[0] })",
            "property `a` of card `x` is a card",
        ),
        (
            "custom_card(\"x\", #{ a: #{} })",
            "property `a` of card `x` is a map",
        ),
        ("new_state(\"s\", [1])", "not a list"),
        ("pile(\"p\").create([1])", "expected a card, found a number"),
    ] {
        let game = script(
            dir.path(),
            "t.rhai",
            &format!("new_pile(\"p\", \"up\");\n{body};\nask(\"q\", [\"a\"]);"),
        );
        delve()
            .args(["play", &game, "--seed", "1"])
            .assert()
            .failure()
            .stderr(
                contains(expected)
                    .and(contains("delve::").not())
                    .and(contains("array").not()),
            );
    }
}

#[test]
fn a_property_a_built_in_getter_would_hide_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["rank", "name", "suit", "props"] {
        let body = format!(
            "new_pile(\"p\", \"up\");\ncustom_card(\"x\", #{{ {name}: 3 }});\nask(\"q\", [\"a\"]);"
        );
        let game = script(dir.path(), "t.rhai", &body);
        delve()
            .args(["play", &game, "--seed", "1"])
            .assert()
            .failure()
            .stderr(contains(format!(
                "card `x` can not have a property named `{name}`"
            )));
    }
}

/// Cards with 64 properties of 1,000 characters each, `count` of them.
fn heavy(count: usize) -> String {
    format!(
        "new_pile(\"p\", \"up\");\nlet t = \"y\"; t.pad(1000, \"y\");\nlet m = #{{}};\n\
         for i in 0..64 {{ m[`p${{i}}`] = t; }}\nlet cards = [];\n\
         for i in 0..{count} {{ cards.push(custom_card(`c${{i}}`, m)); }}\n\
         pile(\"p\").create(cards);\nask(\"q\", [\"a\", \"b\"]);\nend(\"win\", 1, \"\");"
    )
}

#[test]
fn the_properties_of_cards_in_play_have_one_budget() {
    let dir = tempfile::tempdir().unwrap();
    let game = script(dir.path(), "heavy.rhai", &heavy(20));
    delve()
        .args(["play", &game, "--seed", "1"])
        .assert()
        .failure()
        .stderr(contains(
            "the custom cards in play carry at most 1 MiB of properties in all",
        ));
    // Just under the budget, a prompt line stays far under a few MB.
    let game = script(dir.path(), "heavy.rhai", &heavy(15));
    let assert = delve()
        .args(["play", &game, "--seed", "1", "--json"])
        .write_stdin("")
        .assert()
        .success();
    let out = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
    assert!(
        out.contains("\"type\":\"prompt\""),
        "{}",
        &out[..out.len().min(300)]
    );
    let longest = out.lines().map(str::len).max().unwrap();
    assert!(longest < 2 << 20, "a prompt line of {longest} bytes");
}
