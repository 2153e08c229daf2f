//! docs/protocol.md's example session, run: the command after `$`, the
//! client's lines after `>`, and every host line after `<` must be what
//! delve writes, message for message.

use serde_json::Value;
use std::io::Write;
use std::process::{Command, Stdio};

#[test]
fn the_protocol_documents_example_session_is_what_delve_prints() {
    let root = env!("CARGO_MANIFEST_DIR");
    let doc = std::fs::read_to_string(format!("{root}/docs/protocol.md")).unwrap();
    let session = doc
        .split("```text\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("docs/protocol.md has a ```text example session");
    let mut command = None;
    let mut sent = String::new();
    let mut expected = Vec::new();
    for line in session.lines() {
        if let Some(c) = line.strip_prefix("$ delve ") {
            command = Some(c.split_whitespace().map(String::from).collect::<Vec<_>>());
        } else if let Some(answer) = line.strip_prefix("> ") {
            sent.push_str(answer);
            sent.push('\n');
        } else if let Some(message) = line.strip_prefix("< ") {
            expected.push(serde_json::from_str::<Value>(message).unwrap());
        }
    }
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("delve"))
        .args(command.expect("a `$ delve ...` line"))
        .envs(crate::isolated_env())
        .current_dir(root)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(sent.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let actual: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(expected.len() > 10, "the example shows a whole game");
    for (i, (want, got)) in expected.iter().zip(&actual).enumerate() {
        assert_eq!(got, want, "message {} differs", i + 1);
    }
    assert_eq!(actual.len(), expected.len());
}

/// A ruleset may end with a word of its own and score in text: the host
/// sends both as they are, and docs/protocol.md says a client may meet them.
#[test]
fn an_end_with_its_own_outcome_and_a_text_score_is_sent_and_documented() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("text-score.rhai");
    std::fs::write(
        &script,
        "title(\"Text score\");\nfn play() { end(\"survived\", \"0/17\", \"Out alive.\"); }\n",
    )
    .unwrap();
    let output = Command::new(assert_cmd::cargo::cargo_bin("delve"))
        .args(["play", &script.display().to_string(), "--json"])
        .envs(crate::isolated_env())
        .output()
        .unwrap();
    let end = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|m| m["type"] == "end")
        .expect("the game ends");
    assert_eq!(end["outcome"], "survived");
    assert_eq!(end["score"], "0/17");
    let doc =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/protocol.md")).unwrap();
    let row = doc
        .lines()
        .find(|l| l.starts_with("| `end` |"))
        .expect("the end message's row");
    assert!(row.contains("a number or a string"), "{row}");
    for said in ["`survived`", "Count only", "must not assume a number"] {
        assert!(doc.contains(said), "docs/protocol.md should say {said}");
    }
}
