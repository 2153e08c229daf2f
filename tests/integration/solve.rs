//! `delve solve`, `sim --bot solver` and `play --winnable`, on the fixture
//! `tests/sessions/games/pairs.rhai`: three of the spades ace to six face
//! down, take two that make seven. Seeds 4, 5 and 7 deal such a pair; 0 to
//! 3 and 6 do not, and the solver proves it. Every file goes to a temporary
//! folder (a transcript names its script from beside it, so the fixture is
//! copied there).

use crate::delve;
use predicates::prelude::*;
use std::path::{Path, PathBuf};

const PAIRS: &str = "tests/sessions/games/pairs.rhai";

/// A temporary folder holding a copy of the fixture; the copy's path.
fn beside_a_copy() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("pairs.rhai");
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join(PAIRS);
    std::fs::copy(fixture, &script).unwrap();
    (dir, script)
}

/// `delve solve` with `args` and `--json`, which must succeed: its answer.
fn solved(args: &[&str]) -> serde_json::Value {
    crate::solved(args, std::time::Duration::from_mins(5))
}

#[test]
fn seeds_with_a_pair_are_winnable_and_the_others_proven_not() {
    for (seed, verdict) in [
        ("0", "not_winnable"),
        ("3", "not_winnable"),
        ("4", "winnable"),
        ("5", "winnable"),
        ("6", "not_winnable"),
        ("7", "winnable"),
    ] {
        let answer = solved(&[PAIRS, "--seed", seed]);
        assert_eq!(answer["verdict"], verdict, "seed {seed}: {answer}");
        if verdict == "not_winnable" {
            assert_eq!(answer["exhausted"], true, "seed {seed}: {answer}");
        }
    }
}

#[test]
fn a_proof_says_what_it_rests_on() {
    // A story's key leaves out what its script keeps in variables; a game
    // of positions' key is its whole state.
    let story = solved(&[PAIRS, "--seed", "0"]);
    assert_eq!(story["proof"], "piles_and_named_state", "{story}");
    let road = "tests/scripts/positions/thousand-ways.rhai";
    let positions = solved(&[road, "--seed", "0", "--opt", "turns=2"]);
    assert_eq!(positions["verdict"], "not_winnable", "{positions}");
    assert_eq!(positions["proof"], "whole_state", "{positions}");
    let winnable = solved(&[PAIRS, "--seed", "4"]);
    assert_eq!(winnable["proof"], serde_json::Value::Null, "{winnable}");
    delve()
        .args(["solve", PAIRS, "--seed", "3"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "it rests on a story: the proof holds if the ruleset keeps",
        ));
}

#[test]
fn the_best_score_of_an_unwinnable_deal_is_its_highest_pair() {
    // No two of seed 0's cards make 7; the two highest make 10.
    let answer = solved(&[PAIRS, "--seed", "0", "--best"]);
    assert_eq!(answer["verdict"], "not_winnable", "{answer}");
    assert_eq!(answer["best_score"], 10, "{answer}");
}

#[test]
fn where_the_lower_score_is_better_the_best_is_the_lowest_pair() {
    // Seed 0 deals 2, 4 and 6 (no pair makes 7; the highest makes 10): a
    // ruleset that counts a lower sum the better finds 2 + 4.
    let (_dir, script) = beside_a_copy();
    let text = std::fs::read_to_string(&script).unwrap();
    let lower = text.replacen(
        "\nfn play()",
        "\nobjective(\"win\", \"lower\");\n\nfn play()",
        1,
    );
    assert_ne!(
        text, lower,
        "the fixture has a `fn play()` to declare before"
    );
    std::fs::write(&script, lower).unwrap();
    let answer = solved(&[script.to_str().unwrap(), "--seed", "0", "--best"]);
    assert_eq!(answer["verdict"], "not_winnable", "{answer}");
    assert_eq!(answer["best_score"], 6, "{answer}");
}

#[test]
fn the_winning_line_is_a_transcript_that_replays_to_the_win() {
    let (dir, script) = beside_a_copy();
    let line = dir.path().join("win.txt");
    let output = delve()
        .args(["solve", script.to_str().unwrap(), "--seed", "4", "--line"])
        .arg(&line)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let said = String::from_utf8(output.stdout).unwrap();
    assert!(
        said.contains("winnable: a line of 2 decisions wins"),
        "{said}"
    );
    assert!(said.contains("a player who peeks"), "{said}");
    let replayed = delve().arg("replay").arg(&line).output().unwrap();
    assert!(replayed.status.success(), "{replayed:?}");
    let shown = String::from_utf8(replayed.stdout).unwrap();
    assert!(shown.contains("Game over: win, score 7."), "{shown}");

    // A deal with no win writes no line, and says so.
    let none = dir.path().join("none.txt");
    delve()
        .args(["solve", script.to_str().unwrap(), "--seed", "0", "--line"])
        .arg(&none)
        .assert()
        .success()
        .stderr(predicates::str::contains("No transcript written"));
    assert!(!none.exists());
}

#[test]
fn a_saved_game_is_solved_from_where_it_stands() {
    let (dir, script) = beside_a_copy();
    let script = script.to_str().unwrap();
    // Seed 4 is winnable, and stays so after taking `a`, but not after `b`.
    for (first, verdict) in [("a", "winnable"), ("b", "not_winnable")] {
        let save = dir.path().join(format!("after-{first}.json"));
        let saved = delve()
            .args(["play", script, "--seed", "4"])
            .write_stdin(format!("{first}\nsave {}\nquit\n", save.display()))
            .output()
            .unwrap();
        assert!(saved.status.success(), "{saved:?}");
        let answer = solved(&[script, "--load", save.to_str().unwrap()]);
        assert_eq!(answer["verdict"], verdict, "after {first}: {answer}");
    }
}

#[test]
fn a_budget_too_small_leaves_the_deal_unknown_and_says_how_far_it_got() {
    let answer = solved(&[PAIRS, "--seed", "0", "--nodes", "3"]);
    assert_eq!(answer["verdict"], "unknown", "{answer}");
    assert_eq!(answer["halted"], "nodes", "{answer}");
    assert!(answer["nodes"].as_u64().unwrap() >= 3, "{answer}");
}

#[test]
fn a_budget_of_zero_is_a_bad_command_line() {
    for budget in [["--nodes", "0"], ["--seconds", "0"]] {
        delve()
            .args(["solve", PAIRS, "--seed", "1"])
            .args(budget)
            .assert()
            .code(2)
            .stderr(predicates::str::contains("a budget of 0 searches nothing"));
    }
}

#[test]
fn a_line_that_could_not_be_written_is_said_before_the_search() {
    let dir = tempfile::tempdir().unwrap();
    let other = dir.path().join("notes.txt");
    std::fs::write(&other, "my notes").unwrap();
    let link = dir.path().join("link.txt");
    std::os::unix::fs::symlink(&other, &link).unwrap();
    let missing = dir.path().join("no-such-folder/win.txt");
    for (file, said) in [
        (&other, "not a delve transcript"),
        (&link, "link"),
        (&missing, "does not exist"),
    ] {
        // A search that would run for an hour: refused before it.
        delve()
            .args(["solve", "mythic-dungeon-crawler", "--seed", "1"])
            .args(["--seconds", "3600", "--line", file.to_str().unwrap()])
            .timeout(std::time::Duration::from_mins(1))
            .assert()
            .code(2)
            .stderr(predicates::str::contains("--line").and(predicates::str::contains(said)));
    }
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "my notes");
}

/// A folder that is there but takes no new file (Linux's `/proc`).
#[cfg(target_os = "linux")]
#[test]
fn the_answer_is_printed_when_the_line_can_not_be_written_after_all() {
    delve()
        .args(["solve", "clear-the-dungeon", "--seed", "10001"])
        .args(["--line", "/proc/self/win.txt"])
        .assert()
        .code(1)
        .stdout(predicates::str::contains("winnable: a line of"))
        .stderr(predicates::str::contains(
            "the answer above stands; only the transcript was not written",
        ));
}

#[test]
fn a_time_budget_past_the_most_or_not_a_number_is_told_as_such() {
    for (seconds, said) in [
        ("1e8", "more than the most, 10000000"),
        ("inf", "more than the most, 10000000"),
        ("nan", "`nan` is not a number of seconds"),
        ("0.0", "a budget of 0 searches nothing"),
    ] {
        delve()
            .args(["solve", PAIRS, "--seed", "1", "--seconds", seconds])
            .assert()
            .code(2)
            .stderr(predicates::str::contains(said));
    }
}

#[test]
fn a_game_that_never_ends_under_search_is_an_error_not_a_proof() {
    delve()
        .args(["solve", PAIRS, "--seed", "0", "--opt", "endless=true"])
        .args(["--depth", "20"])
        .assert()
        .code(1)
        .stdout(predicates::str::contains("not known"))
        .stderr(predicates::str::contains(
            "passed 20 decisions without ending, so the deal is not proven unwinnable",
        ));
}

#[test]
fn a_deal_lost_before_its_first_decision_is_not_winnable_not_nothing_to_solve() {
    // Klondike's draw-three deal 10 comes back to its first position by
    // lone stock turns alone: the repetition rule ends it at once.
    let answer = solved(&["klondike", "--opt", "draw=3", "--seed", "10"]);
    assert_eq!(answer["verdict"], "not_winnable", "{answer}");
    assert_eq!(answer["exhausted"], true, "{answer}");
}

#[test]
fn a_save_of_another_ruleset_and_an_unknown_game_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("dungeon.json");
    delve()
        .args(["play", "clear-the-dungeon", "--seed", "4"])
        .write_stdin(format!("save {}\nquit\n", save.display()))
        .assert()
        .success();
    delve()
        .args(["solve", "tomb-of-four-kings", "--load"])
        .arg(&save)
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "is a game of clear-the-dungeon, not of tomb-of-four-kings",
        ));
    delve()
        .args(["solve", "no-such-game", "--seed", "1"])
        .assert()
        .failure()
        .stderr(predicates::str::contains("no ruleset named `no-such-game`"));
}

/// `sim --bot solver` says what each deal's search cost (the field's
/// tables give a deal's time and positions a second): each deal's
/// positions are the ones `delve solve` meets on it, its CPU time is its
/// own, and the run's median and deals within a CPU-second are read from
/// them.
#[test]
fn sim_with_the_solver_tells_each_deals_cpu_time_and_positions() {
    let report = crate::simulated(&[
        "freecell", "--bot", "solver", "--games", "3", "--seed", "1", "--nodes", "100000",
        "--jobs", "1", "--each",
    ]);
    let each = report["each"].as_array().unwrap();
    let mut seconds = Vec::new();
    for game in each {
        let seed = game["seed"].to_string();
        let alone = crate::solved(
            &["freecell", "--seed", &seed, "--nodes", "100000"],
            std::time::Duration::from_mins(1),
        );
        assert_eq!(game["positions"], alone["positions"], "{report} {alone}");
        let cpu = game["cpu_seconds"].as_f64().unwrap();
        assert!(cpu > 0.0 && cpu < 60.0, "{report}");
        seconds.push(cpu);
    }
    seconds.sort_by(f64::total_cmp);
    let cost = &report["solver_search"];
    assert_eq!(
        cost["median_cpu_seconds"].as_f64(),
        Some(seconds[1]),
        "{report}"
    );
    assert_eq!(
        cost["max_cpu_seconds"].as_f64(),
        Some(seconds[2]),
        "{report}"
    );
    let within = seconds.iter().filter(|&&s| s <= 1.0).count();
    assert_eq!(cost["settled_within_a_second"], within, "{report}");
    // A bot that searches nothing says no cost.
    let report = crate::simulated(&["freecell", "--games", "1", "--each"]);
    assert_eq!(report.get("solver_search"), None, "{report}");
    assert_eq!(report["each"][0].get("cpu_seconds"), None, "{report}");
}

#[test]
fn sim_counts_the_winnable_deals_as_a_ceiling_marked_as_peeking() {
    let output = delve()
        .args([
            "sim", PAIRS, "--bot", "solver", "--games", "8", "--seed", "0", "--json",
        ])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(json["bot"], "solver", "{json}");
    assert_eq!(json["wins"], 3, "{json}");
    assert_eq!(json["solver_unknown"], 0, "{json}");
    let text = delve()
        .args([
            "sim", PAIRS, "--bot", "solver", "--games", "8", "--nodes", "3",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(text.contains("a player who peeks"), "{text}");
    assert!(text.contains("not settled within the budget"), "{text}");
    // The share lies between the deals proven winnable and those with
    // the ones not settled.
    let settled = text.lines().find(|l| l.contains("settled ")).unwrap();
    let numbers: Vec<usize> = settled
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    assert_eq!(numbers.iter().sum::<usize>(), 8, "{text}");
    assert!(text.contains("of deals are winnable (95% CI"), "{text}");
}

#[test]
fn the_solver_plays_nowhere_but_sim_solve_and_winnable_deals() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("shards");
    let out = out.to_str().unwrap();
    for args in [
        vec!["check", PAIRS, "--bot", "solver", "--games", "1"],
        vec![
            "sim", PAIRS, "--bot", "mc", "--vs-bot", "solver", "--out", out,
        ],
    ] {
        delve()
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicates::str::contains("solver"));
    }
}

#[test]
fn play_winnable_deals_the_next_seed_the_solver_proves() {
    let output = delve()
        .args(["play", PAIRS, "--winnable", "--seed", "0"])
        .write_stdin("quit\n")
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let shown = String::from_utf8(output.stdout).unwrap();
    assert!(shown.contains("Seed 4 is winnable"), "{shown}");
    assert!(shown.contains("Pairs, seed 4."), "{shown}");
}

#[test]
fn the_browser_start_form_deals_winnable_seeds_when_asked() {
    let home = tempfile::tempdir().unwrap();
    let pairs = Path::new(env!("CARGO_MANIFEST_DIR")).join(PAIRS);
    let pairs = pairs.to_str().unwrap();
    let server = crate::serve::Server::start(home.path(), &[pairs]);
    let start = serde_json::json!({"game": pairs, "seed": 0, "winnable": true});
    let (status, search) = server.post("/session", &start);
    assert_eq!(status, 202, "{search}");
    let path = format!("/search/{}", search["search"].as_str().unwrap());
    let found = loop {
        let (status, reply) = server.get(&path);
        assert_eq!(status, 200, "{reply}");
        if reply["done"] == true {
            break reply;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    let opening = found["messages"].as_array().unwrap();
    assert_eq!(opening[0]["type"], "hello");
    assert_eq!(opening[0]["seed"], 4, "{opening:?}");
    let said = crate::serve::last(opening, "say")["text"].as_str().unwrap();
    assert!(said.starts_with("Seed 4 is winnable"), "{said}");
    // Without the box, the seed is dealt as given.
    let (_, opening) = server.start_game(&serde_json::json!({"game": pairs, "seed": 0}));
    assert_eq!(opening[0]["seed"], 0, "{opening:?}");
}
