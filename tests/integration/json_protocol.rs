//! The JSON-lines protocol, driven as a program would drive it: a child
//! process, one answer per prompt.

use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};

struct Client {
    child: Child,
    stdin: ChildStdin,
    lines: std::io::Lines<BufReader<std::process::ChildStdout>>,
}

impl Client {
    fn start(args: &[&str]) -> Client {
        let mut child = Command::new(assert_cmd::cargo::cargo_bin("delve"))
            .args(["play"])
            .args(args)
            .arg("--json")
            .envs(crate::isolated_env())
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let lines = BufReader::new(child.stdout.take().unwrap()).lines();
        Client {
            child,
            stdin,
            lines,
        }
    }

    fn next(&mut self) -> Value {
        let line = self.lines.next().expect("a line").unwrap();
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("not JSON: {line}: {e}"))
    }

    /// The next message that is not narration.
    fn unsaid(&mut self) -> Value {
        loop {
            let message = self.next();
            if message["type"] != "say" {
                return message;
            }
        }
    }

    /// The next prompt (or end, or error), skipping narration, `hello` and
    /// the `ok` that confirms a line.
    fn prompt(&mut self) -> Value {
        loop {
            let message = self.next();
            if !["say", "hello", "ok"].contains(&message["type"].as_str().unwrap()) {
                return message;
            }
        }
    }

    fn send(&mut self, answer: &str) {
        writeln!(self.stdin, "{answer}").unwrap();
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
}

/// A prompt without what changes with undo and redo alone.
fn without_history(mut prompt: Value) -> Value {
    for field in ["choices", "can_undo", "can_redo"] {
        prompt.as_object_mut().unwrap().remove(field);
    }
    prompt
}

#[test]
fn a_prompt_lists_question_and_options_with_keys_and_labels() {
    let mut client = Client::start(&["clear-the-dungeon", "--seed", "1"]);
    let prompt = client.prompt();
    assert_eq!(prompt["type"], "prompt");
    assert_eq!(prompt["question"], "Play a card");
    assert_eq!(prompt["options"][0]["label"], "9♥ on K♠");
    assert_eq!(prompt["options"][0]["key"], "9♥ on K♠");
    assert_eq!(prompt["options"].as_array().unwrap().len(), 12);
}

#[test]
fn a_bad_answer_gets_an_error_and_the_same_prompt() {
    let mut client = Client::start(&["clear-the-dungeon", "--seed", "1"]);
    let first = client.prompt();
    for bad in ["12", "discard 7♣", "", "-1"] {
        client.send(bad);
        let error = client.next();
        assert_eq!(error["type"], "error", "answer {bad:?}");
        assert!(error["message"].as_str().unwrap().contains("not an option"));
        assert_eq!(client.prompt(), first);
    }
}

#[test]
fn answers_by_index_key_or_label_and_undo() {
    let mut client = Client::start(&["clear-the-dungeon", "--seed", "1"]);
    let first = client.prompt();
    client.send("0");
    let second = client.prompt();
    assert_eq!(second["options"][0]["label"], "10♣ on K♠");
    client.send("undo");
    let undone = client.prompt();
    assert_eq!(undone["can_redo"], true);
    assert_eq!(without_history(undone), without_history(first));
    client.send("\"9♥ on K♠\"");
    assert_eq!(client.prompt(), second);
    client.send("discard 10♣");
    let third = client.prompt();
    assert_eq!(third["options"][0]["label"], "2♥ on J♥");
}

#[test]
fn a_game_played_to_its_end_reports_outcome_score_and_summary() {
    let mut client = Client::start(&["clear-the-dungeon", "--seed", "3"]);
    let end = loop {
        let message = client.prompt();
        if message["type"] == "end" {
            break message;
        }
        let last = message["options"].as_array().unwrap().len() - 1;
        client.send(&last.to_string());
    };
    assert_eq!(end["outcome"], "loss");
    assert_eq!(end["score"], 0);
    assert!(end["summary"]
        .as_str()
        .unwrap()
        .contains("damage pile reached 7"));
    // A game over shows its whole table: the cards still face down in the
    // power deck and the columns are there to read, without --reveal.
    let piles = end["table"]["piles"].as_array().unwrap();
    let cards: Vec<&Value> = piles
        .iter()
        .flat_map(|p| p["cards"].as_array().unwrap())
        .collect();
    let deck = piles.iter().find(|p| p["name"] == "power deck").unwrap();
    assert!(!deck["cards"].as_array().unwrap().is_empty(), "{end}");
    assert!(
        cards
            .iter()
            .all(|c| c["face_up"] == true && c["name"].is_string()),
        "{end}"
    );
}

#[test]
fn a_script_error_says_its_kind_and_the_prompt_stays() {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scripts/fails-on-third-choice.rhai"
    );
    let mut client = Client::start(&[script, "--seed", "1"]);
    client.prompt();
    client.send("0");
    client.prompt();
    client.send("0");
    let third = client.prompt();
    client.send("0");
    let error = client.next();
    assert_eq!(error["type"], "error");
    assert_eq!(error["kind"], "runtime");
    assert!(
        error["message"].as_str().unwrap().contains("no pile named"),
        "{error}"
    );
    assert_eq!(client.prompt(), third);
}

#[test]
fn hello_opens_and_every_line_gets_ok_or_error() {
    let mut client = Client::start(&["clear-the-dungeon", "--seed", "1"]);
    let hello = client.next();
    assert_eq!(hello["type"], "hello");
    assert_eq!(hello["protocol"], 2);
    assert_eq!(hello["game"], "clear-the-dungeon");
    assert_eq!(hello["seed"], 1);
    assert_eq!(hello["options"]["damage_limit"], 7);
    let first = client.prompt();
    assert_eq!(first["options"][0]["index"], 0);
    client.send("hint");
    let hint = client.next();
    assert_eq!(hint["type"], "ok");
    assert_eq!(hint["command"], "hint");
    assert!(hint["label"].is_string());
    assert_eq!(client.prompt(), first, "a hint moves nothing");
    client.send("redo");
    let refused = client.next();
    assert_eq!(
        (refused["type"].as_str(), refused["command"].as_str()),
        (Some("error"), Some("redo"))
    );
    assert_eq!(client.prompt(), first, "an error resends the same prompt");
    client.send("0");
    let ok = client.next();
    assert_eq!(ok["command"], "choose");
    assert_eq!(ok["label"], first["options"][0]["label"]);
    let second = client.prompt();
    client.send("restart");
    client.prompt();
    client.send("redo");
    assert_eq!(client.prompt(), second);
}

#[test]
fn the_table_hides_face_down_cards_unless_revealed() {
    let cards = |prompt: &Value, pile: &str| -> Vec<Value> {
        let piles = prompt["table"]["piles"].as_array().unwrap();
        let pile = piles.iter().find(|p| p["name"] == pile).unwrap();
        pile["cards"].as_array().unwrap().clone()
    };
    let mut hidden = Client::start(&["clear-the-dungeon", "--seed", "1"]);
    let prompt = hidden.prompt();
    let deck = cards(&prompt, "power deck");
    assert_eq!(deck.len(), 39);
    assert!(deck
        .iter()
        .all(|c| c == &serde_json::json!({"face_up": false})));
    assert_eq!(cards(&prompt, "hand").len(), 3);
    assert!(cards(&prompt, "hand")[0]["name"].is_string());
    assert!(prompt["view"].as_str().unwrap().contains("column 1"));
    assert_eq!(prompt["table"]["state"]["defeated"], 0);

    let mut revealed = Client::start(&["clear-the-dungeon", "--seed", "1", "--reveal"]);
    let deck = cards(&revealed.prompt(), "power deck");
    assert!(deck
        .iter()
        .all(|c| c["name"].is_string() && c["face_up"] == false));
}

#[test]
fn protocol_1_is_the_old_stream() {
    let mut client = Client::start(&["clear-the-dungeon", "--seed", "1", "--protocol", "1"]);
    let first = client.unsaid();
    assert_eq!(first["type"], "prompt", "no hello in version 1");
    assert!(first.get("table").is_none() && first["options"][0].get("index").is_none());
    client.send("0");
    assert_eq!(client.unsaid()["type"], "prompt", "no ok in version 1");
}

#[test]
fn a_game_that_does_not_load_says_so_in_json() {
    let output = Command::new(assert_cmd::cargo::cargo_bin("delve"))
        .args(["play", "no-such-game", "--json"])
        .envs(crate::isolated_env())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let line = String::from_utf8(output.stdout).unwrap();
    let error: Value = serde_json::from_str(line.trim()).unwrap();
    assert_eq!(error["type"], "error");
    assert_eq!(error["kind"], "load");
    assert!(error["message"].as_str().unwrap().contains("no-such-game"));
}
