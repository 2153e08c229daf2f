//! Protocol 2's commands beyond a choice, on a fixture game: each line gets
//! what the session layer gives the REPL too, and a session that asked for
//! it stays open after the end.

use crate::delve;
use serde_json::Value;

/// A lone option first, then one real choice, then the end.
const LONE: &str = r#"
title("Lone");
about("A lone option, then a real choice");
rules("Go on, then pick a or b.");
fn play() {
    new_pile("p", "up");
    choose("Only way", [#{ key: "go", label: "go on" }]);
    choose("Pick", [#{ key: "a", label: "a" }, #{ key: "b", label: "b" }]);
    end("win", 1, "Done.");
}
"#;

/// Runs the fixture with `lines` sent; every message the host wrote.
fn session(extra: &[&str], lines: &str) -> Vec<Value> {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("lone.rhai");
    std::fs::write(&script, LONE).unwrap();
    let output = delve()
        .current_dir(dir.path())
        .args(["play", "lone.rhai", "--seed", "3", "--json"])
        .args(extra)
        .write_stdin(lines)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn of_type<'a>(messages: &'a [Value], kind: &str) -> Vec<&'a Value> {
    messages.iter().filter(|m| m["type"] == kind).collect()
}

#[test]
fn a_lone_option_taken_is_said_with_what_was_taken() {
    let messages = session(&[], "");
    let say = of_type(&messages, "say")[0];
    assert_eq!(say["text"], "Only way: go on (the only choice).");
    assert_eq!(say["took"]["key"], "go");
    assert_eq!(say["took"]["question"], "Only way");
}

#[test]
fn hello_carries_the_rules_and_what_each_option_allows() {
    let messages = session(&[], "");
    let hello = &messages[0];
    assert_eq!(hello["about"], "A lone option, then a real choice");
    assert_eq!(hello["rules"], "Go on, then pick a or b.");
    let spec = &hello["option_specs"][0];
    assert_eq!(spec["name"], "lone_option");
    assert_eq!(spec["allowed"], serde_json::json!(["take", "ask"]));
}

#[test]
fn prompts_say_where_the_game_is_in_its_history() {
    let messages = session(&[], "0\nundo\n");
    let prompts = of_type(&messages, "prompt");
    assert_eq!(prompts[0]["choices"], 0);
    assert_eq!(prompts[0]["can_undo"], false);
    let end = of_type(&messages, "end")[0];
    assert_eq!(end["choices"], 1);
    assert_eq!(end["can_undo"], true);
}

#[test]
fn a_refusal_reads_as_at_the_repl() {
    let messages = session(&[], "undo\nredo\n");
    let errors = of_type(&messages, "error");
    assert_eq!(errors[0]["message"], "There is nothing to undo.");
    assert_eq!(errors[1]["message"], "There is nothing to redo.");
    let repl = delve()
        .args(["play", "docs/examples/higher-or-lower.rhai", "--seed", "1"])
        .write_stdin("undo\n")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&repl.stdout).contains("There is nothing to undo."));
}

#[test]
fn texts_come_in_the_ok_and_wrong_arguments_get_a_usage() {
    let messages = session(&[], "rules\noptions\nlog\nundo 0\nhint now\nload\n");
    let oks = of_type(&messages, "ok");
    assert_eq!(oks[0]["text"], "Lone\n\nGo on, then pick a or b.");
    assert!(oks[1]["text"]
        .as_str()
        .unwrap()
        .contains("lone_option = take"));
    assert!(oks[2]["text"]
        .as_str()
        .unwrap()
        .contains("(the only choice)"));
    let errors = of_type(&messages, "error");
    let commands: Vec<&Value> = errors.iter().map(|e| &e["command"]).collect();
    assert_eq!(commands, ["undo", "hint", "load"]);
}

#[test]
fn a_game_saved_and_loaded_over_the_protocol_comes_back() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.json");
    let file = file.display();
    let lines = format!("0\nsave {file}\nnew 9\nload {file}\nquit\n");
    let messages = session(&["--keep-open"], &lines);
    let oks: Vec<&str> = of_type(&messages, "ok")
        .iter()
        .map(|m| m["command"].as_str().unwrap())
        .collect();
    assert_eq!(
        oks,
        ["choose", "save", "new", "load", "quit"],
        "{messages:?}"
    );
    let last = &messages[messages.len() - 2];
    assert_eq!(last["type"], "end", "the loaded game is at its end again");
}

#[test]
fn without_keep_open_the_end_ends_the_session() {
    let messages = session(&[], "0\nundo\n");
    assert_eq!(messages.last().unwrap()["type"], "end");
}

#[test]
fn with_keep_open_a_game_over_can_be_undone_and_quit() {
    let messages = session(&["--keep-open"], "0\nundo\n1\nquit\nundo\n");
    let kinds: Vec<&str> = messages
        .iter()
        .map(|m| m["type"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        ["hello", "say", "prompt", "ok", "end", "ok", "prompt", "ok", "end", "ok"]
    );
    assert_eq!(messages.last().unwrap()["command"], "quit");
    assert_eq!(messages[8]["choices"], 1);
}
