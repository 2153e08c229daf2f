//! Cards made and retired during play, and custom cards that carry
//! properties: every invariant still holds, the protocol shows them, and a
//! misspelt property is an error that names the nearest.

use assert_cmd::Command;
use predicates::str::contains;
use serde_json::Value;

fn delve() -> Command {
    let mut command = Command::cargo_bin("delve").unwrap();
    command
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .envs(crate::isolated_env());
    command
}

#[test]
fn cards_made_and_retired_in_play_keep_every_invariant() {
    delve()
        .args(["check", "tests/scripts/made-in-play.rhai", "--games", "40"])
        .assert()
        .success()
        .stdout(contains("every invariant held"));
}

#[test]
fn the_table_shows_properties_and_counts_retired_cards() {
    let output = delve()
        .args([
            "play",
            "tests/scripts/made-in-play.rhai",
            "--seed",
            "1",
            "--json",
        ])
        .write_stdin("1\n0\n")
        .output()
        .unwrap();
    let prompts: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|m| m["type"] == "prompt")
        .collect();
    let offer = &prompts[0]["table"]["piles"][0];
    assert_eq!(offer["name"], "offer");
    assert_eq!(
        offer["cards"][1],
        serde_json::json!({"name": "tall 1", "props": {"exits": "NS", "lit": false, "power": 2}, "face_up": true})
    );
    // Two rounds in: two tiles kept, the two others retired.
    assert_eq!(prompts[2]["table"]["retired"], 2);
    assert_eq!(
        prompts[2]["table"]["piles"][1]["cards"][0]["name"],
        "tall 1"
    );
}

#[test]
fn a_misspelt_property_names_the_nearest() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("typo.rhai");
    std::fs::write(
        &script,
        r#"title("Typo");
fn play() {
    new_pile("p", "up");
    let c = custom_card("x", #{ power: 3 });
    pile("p").create([c]);
    say(`${c.powr}`);
    choose("Go?", ["go"]);
    end("win", 0, "");
}"#,
    )
    .unwrap();
    delve()
        .args(["play", script.to_str().unwrap(), "--seed", "1"])
        .write_stdin("")
        .assert()
        .stderr(contains("no property `powr`: did you mean `power`?"));
}

#[test]
fn a_card_made_again_after_it_retired_is_conserved() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("back.rhai");
    std::fs::write(
        &script,
        r#"title("Back");
fn play() {
    new_pile("p", "up");
    let c = custom_card("x", #{ power: 3 });
    pile("p").create([c]);
    choose("Go?", ["go", "stop"]);
    retire(c);
    pile("p").create([c]);
    retire(c);
    choose("Again?", ["go", "stop"]);
    end("win", 0, "");
}"#,
    )
    .unwrap();
    // Made twice and retired twice: fine; the check agrees.
    delve()
        .args(["check", script.to_str().unwrap(), "--games", "3"])
        .assert()
        .success();
}

#[test]
fn a_shuffle_keeps_face_down_cards_face_down() {
    use predicates::prelude::PredicateBooleanExt;
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("pair.rhai"),
        "title(\"Pair\");\nfn play() {\n    let pair = new_pile(\"pair\", \"up\");\n    \
         pair.create([card(\"AS\"), card(\"KH\")]);\n    pair.turn_all_down();\n    \
         pair.shuffle();\n    ask(\"Which is the ace?\", [\"bottom\", \"top\"]);\n    \
         end(\"win\", 0, \"done\");\n}\n",
    )
    .unwrap();
    crate::delve()
        .current_dir(dir.path())
        .args([
            "play",
            "pair.rhai",
            "--seed",
            "1",
            "--opt",
            "lone_option=ask",
        ])
        .write_stdin("")
        .assert()
        .stdout(
            predicates::str::contains("Which is the ace?")
                .and(predicates::str::contains("A♠").not())
                .and(predicates::str::contains("K♥").not()),
        );
}
