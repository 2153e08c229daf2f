//! The solver's budgets hold whatever the ruleset: on
//! `tests/scripts/thousand-ways.rhai`, whose search meets forty decisions
//! and then only replays them (a thousand ways each, every way but the
//! first ending the game at once), `--seconds` ends `solve` and `sim --bot
//! solver` on time, `--replays` (by default 100 times `--nodes`) ends a
//! search that meets nothing new, and `play --winnable` passes each deal
//! after its two seconds. Before these bounds, each ran for hours. The
//! same road as a game of positions (`tests/scripts/positions/`), searched
//! on copies, keeps to its budgets too, inside a decision's thousand
//! options as well as between decisions.

use crate::delve;
use std::time::{Duration, Instant};

const WAYS: &str = "tests/scripts/thousand-ways.rhai";

/// Long enough for any of these on a loaded machine; far shorter than
/// the hours they took unbounded.
const AT_MOST: Duration = Duration::from_mins(1);

const WAYS_AS_POSITIONS: &str = "tests/scripts/positions/thousand-ways.rhai";

/// `delve solve WAYS ARGS --json`, which must succeed: its answer.
fn solved(args: &[&str]) -> serde_json::Value {
    solved_in(WAYS, args)
}

fn solved_in(script: &str, args: &[&str]) -> serde_json::Value {
    crate::solved(&[&[script], args].concat(), AT_MOST)
}

#[test]
fn the_time_budget_ends_a_search_that_only_replays() {
    let started = Instant::now();
    let answer = solved(&["--seed", "0", "--nodes", "20000", "--seconds", "1"]);
    assert_eq!(answer["halted"], "time", "{answer}");
    let seconds = answer["seconds"].as_f64().unwrap();
    assert!((1.0..1.5).contains(&seconds), "{answer}");
    // Loading and printing on top of the second, on a loaded machine.
    assert!(started.elapsed() < Duration::from_secs(20));
    // The decisions met stayed far below their budget: they stop nothing.
    assert!(answer["nodes"].as_u64().unwrap() < 100, "{answer}");
}

#[test]
fn decisions_replayed_have_a_budget_of_their_own() {
    let answer = solved(&["--seed", "0", "--nodes", "20000", "--replays", "300"]);
    assert_eq!(answer["halted"], "replays", "{answer}");
    assert_eq!(answer["replays"], 301, "{answer}");
    // Unsaid, it is 100 times --nodes: 2,000 here, on a road of five turns.
    let answer = solved(&["--seed", "0", "--opt", "turns=5", "--nodes", "20"]);
    assert_eq!(answer["halted"], "replays", "{answer}");
    assert_eq!(answer["replays"], 2001, "{answer}");
}

#[test]
fn sim_with_the_solver_keeps_to_its_seconds_a_deal() {
    let output = delve()
        .args([
            "sim", WAYS, "--bot", "solver", "--games", "2", "--seed", "0",
        ])
        .args(["--seconds", "1", "--jobs", "1", "--json"])
        .timeout(AT_MOST)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(report["solver_unknown"], 2, "{report}");
}

#[test]
fn winnable_deals_pass_each_seed_after_its_two_seconds() {
    let output = delve()
        .args(["play", WAYS, "--winnable", "--seed", "0"])
        .write_stdin("quit\n")
        .timeout(AT_MOST)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let shown = String::from_utf8(output.stdout).unwrap();
    assert!(
        shown.contains("Seed 4 is winnable") && shown.contains("it passed over 4 seeds"),
        "{shown}"
    );
}

#[test]
fn a_search_on_copies_keeps_to_its_decisions_within_one_expansion() {
    let answer = solved_in(WAYS_AS_POSITIONS, &["--seed", "0", "--nodes", "20000"]);
    assert_eq!(answer["halted"], "nodes", "{answer}");
    // A decision's thousand options are applied together, then counted.
    let nodes = answer["nodes"].as_u64().unwrap();
    assert!((20_000..=21_000).contains(&nodes), "{answer}");
    // Unbounded, the same search proves the road (no six) leads nowhere.
    let answer = solved_in(WAYS_AS_POSITIONS, &["--seed", "0", "--nodes", "1000000"]);
    assert_eq!(answer["verdict"], "not_winnable", "{answer}");
}

#[test]
fn a_search_on_copies_stops_on_time_inside_a_slow_decision() {
    let started = Instant::now();
    let answer = solved_in(
        WAYS_AS_POSITIONS,
        &["--seed", "0", "--opt", "slow=true", "--seconds", "1"],
    );
    assert_eq!(answer["halted"], "time", "{answer}");
    let seconds = answer["seconds"].as_f64().unwrap();
    assert!((1.0..1.5).contains(&seconds), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[test]
fn the_time_budget_holds_before_the_first_decision() {
    // A chain of lone options never comes to a decision: the game's way
    // there is spent from the same second, and the answer is "not known".
    let started = Instant::now();
    let answer = solved_in(
        "tests/scripts/positions/lone-options.rhai",
        &["--seed", "0", "--seconds", "1"],
    );
    assert_eq!(answer["verdict"], "unknown", "{answer}");
    assert_eq!(answer["halted"], "time", "{answer}");
    let seconds = answer["seconds"].as_f64().unwrap();
    assert!((1.0..3.0).contains(&seconds), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(20));
}
