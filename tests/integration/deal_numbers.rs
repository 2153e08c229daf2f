//! A ruleset that declares `deal_numbers(...)` (issue 53): every place a
//! seed enters takes only the scheme's numbers and says which they are; a
//! fresh deal and a run of games pick among them; a variant keeps its
//! base's numbering; a deal file still stacks a numbered deal; and the
//! Monte Carlo bot's worlds do not see the face-down cards of one.

use crate::delve;
use predicates::str::contains;
use serde_json::{json, Value};

const MICROSOFT: &str = "tests/scripts/deals/freecell-deal.rhai";
const PYSOLFC: &str = "tests/scripts/deals/klondike-deal.rhai";
/// A variant of `PYSOLFC` that asks the colour of the stock's face-down top.
const GUESS: &str = "tests/scripts/deals/klondike-guess.rhai";

const MICROSOFT_RANGE: &str = "Microsoft's deal numbers (1 to 2147483647)";
const PYSOLFC_RANGE: &str = "PySolFC's deal numbers (1 to 18446744073709551615)";

/// The protocol's messages for `input` in a game of `script`.
fn messages(args: &[&str], input: &str) -> Vec<Value> {
    let output = delve()
        .args(args)
        .args(["--json", "--reveal"])
        .write_stdin(input)
        .output()
        .unwrap();
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The tables of the prompts of a game of `script` from `seed`, then
/// after each line of `input`.
fn tables(script: &str, seed: &str, input: &str) -> Vec<Value> {
    messages(&["play", script, "--seed", seed], input)
        .into_iter()
        .filter(|m| m["type"] == "prompt")
        .map(|m| m["table"].clone())
        .collect()
}

#[test]
fn a_seed_that_is_no_deal_number_is_a_bad_command_line_naming_the_numbers() {
    for (args, says) in [
        (vec!["play", MICROSOFT, "--seed", "0"], MICROSOFT_RANGE),
        (
            vec!["play", MICROSOFT, "--seed", "2147483648"],
            MICROSOFT_RANGE,
        ),
        (vec!["play", PYSOLFC, "--seed", "0"], PYSOLFC_RANGE),
        (
            vec!["play", MICROSOFT, "--seed", "0", "--winnable"],
            MICROSOFT_RANGE,
        ),
        (vec!["solve", MICROSOFT, "--seed", "0"], MICROSOFT_RANGE),
        (
            vec!["sim", MICROSOFT, "--seed", "0", "--games", "1"],
            MICROSOFT_RANGE,
        ),
        (
            vec!["check", MICROSOFT, "--seed", "0", "--games", "1"],
            MICROSOFT_RANGE,
        ),
        (
            vec!["sim", MICROSOFT, "--seed", "2147483600", "--games", "100"],
            "seeds 2147483600 to 2147483699 (--seed and --games) pass the last deal",
        ),
    ] {
        delve()
            .args(&args)
            .write_stdin("")
            .assert()
            .code(2)
            .stderr(contains(says));
    }
}

#[test]
fn a_transcript_or_a_new_deal_out_of_range_is_refused_and_the_game_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    // A transcript plays a script from its own folder.
    std::fs::copy(MICROSOFT, dir.path().join("deal.rhai")).unwrap();
    let transcript = dir.path().join("zero.txt");
    std::fs::write(&transcript, "# game: deal.rhai\n# seed: 0\n1\n").unwrap();
    delve()
        .arg("replay")
        .arg(&transcript)
        .assert()
        .code(2)
        .stderr(contains(MICROSOFT_RANGE));
    let said = messages(&["play", MICROSOFT, "--seed", "7"], "new 0\n");
    let error = said.iter().find(|m| m["type"] == "error").unwrap();
    assert!(error["message"].as_str().unwrap().contains(MICROSOFT_RANGE));
    // The refused line changed nothing: the same prompt again.
    let prompts: Vec<&Value> = said.iter().filter(|m| m["type"] == "prompt").collect();
    assert_eq!(prompts.len(), 2);
    assert_eq!(prompts[0], prompts[1]);
}

#[test]
fn a_fresh_deal_and_the_next_deal_are_deal_numbers() {
    for _ in 0..3 {
        let hello = &messages(&["play", MICROSOFT], "")[0];
        let seed = hello["seed"].as_u64().unwrap();
        assert!((1..=2_147_483_647).contains(&seed), "{hello}");
    }
    // After the last number, the first.
    let last = tables(MICROSOFT, "2147483647", "new\n");
    assert_eq!(last[1], tables(MICROSOFT, "1", "")[0]);
}

#[test]
fn a_run_of_games_without_a_seed_starts_at_the_first_deal_number() {
    let out = delve()
        .args(["sim", MICROSOFT, "--games", "3", "--json", "--each"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
    let seeds: Vec<u64> = summary["each"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["seed"].as_u64().unwrap())
        .collect();
    assert_eq!(seeds, [1, 2, 3]);
    delve()
        .args(["check", PYSOLFC, "--games", "2"])
        .assert()
        .success()
        .stdout(contains("every invariant held"));
}

#[test]
fn a_variant_keeps_its_bases_numbering() {
    delve()
        .args(["play", GUESS, "--seed", "0"])
        .assert()
        .code(2)
        .stderr(contains(PYSOLFC_RANGE));
    assert_eq!(
        tables(GUESS, "617", "")[0],
        tables(PYSOLFC, "617", "")[0],
        "the variant deals its base's deal 617"
    );
}

#[test]
fn a_deal_file_stacks_a_numbered_deal() {
    let dir = tempfile::tempdir().unwrap();
    let deal = dir.path().join("deal.txt");
    std::fs::write(&deal, "KS QS\n").unwrap();
    let out = delve()
        .args(["play", MICROSOFT, "--seed", "1", "--deal"])
        .arg(&deal)
        .write_stdin("")
        .output()
        .unwrap();
    let shown = String::from_utf8(out.stdout).unwrap();
    // The two listed cards are dealt first, then deal 1 as it goes on
    // (J♦, 2♦, 9♥ ... with the two taken out).
    assert!(shown.contains("column 1  K♠ 7♣ "), "{shown}");
    assert!(shown.contains("column 2  Q♠ 5♥ "), "{shown}");
    assert!(shown.contains("column 3  J♦ K♦ "), "{shown}");
}

#[test]
fn the_mc_bot_can_not_read_a_face_down_card_of_a_numbered_deal() {
    // A bot that saw the stock's top would win every game; the worlds deal
    // what lies face down afresh, so the mc bot wins about half.
    let out = delve()
        .args([
            "sim", GUESS, "--bot", "mc", "--games", "200", "--worlds", "8",
        ])
        .arg("--json")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
    let rate = summary["win_rate"].as_f64().unwrap();
    assert!(
        (0.35..=0.65).contains(&rate),
        "honest play wins about 1/2, not {rate}"
    );
}

#[test]
fn the_pages_start_form_refuses_a_seed_that_is_no_deal_number() {
    let home = tempfile::tempdir().unwrap();
    let script = std::fs::canonicalize(MICROSOFT).unwrap();
    let script = script.to_str().unwrap();
    let server = crate::serve::Server::start(home.path(), &[script]);
    let game = server
        .ruleset_names()
        .into_iter()
        .find(|name| name.contains("freecell-deal"))
        .unwrap();
    let (status, reply) = server.post("/session", &json!({"game": game, "seed": 0}));
    assert_eq!(status, 400, "{reply}");
    assert!(
        reply["message"].as_str().unwrap().contains(MICROSOFT_RANGE),
        "{reply}"
    );
    let (status, reply) = server.post("/session", &json!({"game": game, "seed": 1}));
    assert_eq!(status, 200, "{reply}");
}
