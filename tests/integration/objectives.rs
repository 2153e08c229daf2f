//! What a ruleset's player plays for (`objective`) and what difference it
//! counts as negligible (`negligible`): declared at its top level, kept by
//! its variants, refused when misspelt, and what hints and `sim` read their
//! figures by.

use crate::delve;
use serde_json::Value;

fn summary(args: &[&str]) -> Value {
    let out = delve()
        .arg("sim")
        .args(args)
        .arg("--json")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_ruleset_plays_to_win_unless_it_says_score_and_its_variants_keep_it() {
    for (game, objective, better) in [
        ("clear-the-dungeon", "win", "higher"),
        ("tomb-of-four-kings", "score", "higher"),
        ("tomb-of-four-kings-torchlight", "score", "higher"),
        ("mythic-dungeon-crawler-easy", "score", "higher"),
        ("golf", "win", "lower"),
        ("black-hole", "win", "lower"),
    ] {
        let figures = summary(&[game, "--games", "2"]);
        assert_eq!(figures["objective"], objective, "{game}");
        assert_eq!(figures["better_score"], better, "{game}");
    }
}

/// Two ends, three cards left or eight; the bot would keep eight.
const FEWEST: &str = r#"
title("Fewest");
objective("win", "lower");
fn play() {
    new_pile("p", "up");
    let kept = choose("Keep how many?", [#{ key: "three", label: "three" }, #{ key: "eight", label: "eight" }]);
    end("loss", if kept.key == "three" { 3 } else { 8 }, "Done.");
}
fn rate(option) { if option.key == "eight" { 1 } else { 0 } }
"#;

#[test]
fn where_a_lower_score_is_better_the_hint_takes_the_lower() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.rhai"), FEWEST).unwrap();
    let out = delve()
        .current_dir(dir.path())
        .args(["play", "game.rhai", "--seed", "1", "--json"])
        .write_stdin("hint mc\n")
        .output()
        .unwrap();
    let hint = first_ok(&out.stdout);
    assert_eq!(hint["key"], "three", "{hint}");
    assert_eq!(hint["better_score"], "lower", "{hint}");
    let eight = &hint["options"][1];
    assert_eq!(
        eight["mean_score"], 8.0,
        "scores are told as counted: {hint}"
    );
    assert_eq!(eight["versus_best"]["surely_worse"], true, "{hint}");
}

#[test]
fn a_misspelt_objective_is_refused_with_the_two_there_are() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("game.rhai"),
        "title(\"Points\");\nobjective(\"points\");\nfn play() { end(\"win\", 1, \"Done.\"); }\n",
    )
    .unwrap();
    let out = delve()
        .current_dir(dir.path())
        .args(["sim", "game.rhai", "--games", "1"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("`points` is no objective"), "{said}");
    assert!(said.contains("\"score\""), "{said}");
}

#[test]
fn sim_compares_two_sides_by_what_the_ruleset_plays_for() {
    // Tomb of Four Kings plays for its score: the score's difference comes
    // first, and decides which side is better.
    let out = delve()
        .args([
            "sim",
            "tomb-of-four-kings",
            "--games",
            "200",
            "--bot",
            "heuristic",
        ])
        .args(["--vs-bot", "random"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let score = text.find("mean score difference").expect("a score line");
    let wins = text.find("win rate difference").expect("a wins line");
    assert!(score < wins, "{text}");
    assert!(
        text.contains("better by what the ruleset plays for (score): first"),
        "{text}"
    );
    let figures = summary(&[
        "tomb-of-four-kings",
        "--games",
        "200",
        "--bot",
        "heuristic",
        "--vs-bot",
        "random",
    ]);
    assert_eq!(figures["difference"]["by"], "score");
    assert_eq!(figures["difference"]["better"], "first");
}

/// Two ways to score: the same roll, and a coin's point more for the lucky
/// way; a point counts for nothing.
const CLOSE: &str = r#"
title("Close");
objective("score");
negligible(#{ score: 1 });
fn play() {
    new_pile("p", "up");
    let way = choose("Which way?", [#{ key: "steady", label: "steady" }, #{ key: "lucky", label: "lucky" }]);
    let roll = random(10);
    let bonus = if way.key == "lucky" { random(2) } else { 0 };
    end("loss", roll + bonus, "Done.");
}
"#;

/// The first message of type `ok` among a JSON-lines transcript.
fn first_ok(stdout: &[u8]) -> Value {
    String::from_utf8_lossy(stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .find(|m| m["type"] == "ok")
        .expect("the hint's answer")
}

#[test]
fn a_difference_the_ruleset_counts_as_negligible_is_a_verdict_in_words_and_data() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("game.rhai"), CLOSE).unwrap();
    let run = |json: bool| {
        let mut command = delve();
        command
            .current_dir(dir.path())
            .args(["play", "game.rhai", "--seed", "1"]);
        if json {
            command.arg("--json");
        }
        command.write_stdin("hint mc\n").output().unwrap()
    };
    let hint = first_ok(&run(true).stdout);
    assert_eq!(hint["answered"], true, "{hint}");
    assert_eq!(hint["kind"], "within_margin", "{hint}");
    assert_eq!(hint["key"], "lucky", "{hint}");
    assert_eq!(hint["negligible"]["score"], 1.0, "{hint}");
    // Half a point apart on average: not surely apart when the hint
    // answers, and steady surely not a point better.
    let steady = &hint["options"][1]["versus_best"];
    assert_eq!(steady["surely_worse"], false, "{hint}");
    assert!(steady["high"].as_f64().unwrap() < 1.0, "{hint}");
    // The REPL wraps its lines: read them as one.
    let words = String::from_utf8_lossy(&run(false).stdout).to_string();
    let words = words.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(
            "Within the negligible margin: take 2. lucky: no other option beats it by more than 1 point of score (95%,"
        ),
        "{words}"
    );
    assert!(
        words.contains("less is negligible to this ruleset"),
        "{words}"
    );
    // Misspelt, it is refused with the measures there are.
    std::fs::write(
        dir.path().join("game.rhai"),
        CLOSE.replace("#{ score: 1 }", "#{ points: 1 }"),
    )
    .unwrap();
    let refused = run(false);
    assert!(!refused.status.success());
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("`points` is no measure"), "{said}");
}

/// docs/hints.md's table of what each shipped ruleset plays for names every
/// base ruleset (not a variant, `// extends:`), and each plays for what it
/// says: wins (the fewest cards left where it says so) or its score.
#[test]
fn the_docs_say_what_every_shipped_ruleset_plays_for_and_it_does() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/hints.md")).unwrap();
    let section = doc
        .split("## What a player plays for")
        .nth(1)
        .and_then(|rest| rest.split("\n## ").next())
        .expect("docs/hints.md says what a player plays for");
    let said: Vec<(String, String)> = section
        .lines()
        .filter_map(|l| l.strip_prefix("| `"))
        .map(|l| {
            let cells: Vec<&str> = l.split(" | ").collect();
            (cells[0].trim_end_matches('`').to_string(), cells[1].into())
        })
        .collect();
    let mut bases: Vec<String> = std::fs::read_dir(root.join("games"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rhai"))
        .filter(|p| {
            !std::fs::read_to_string(p)
                .unwrap()
                .starts_with("// extends:")
        })
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    bases.sort();
    let named: Vec<&String> = said.iter().map(|(game, _)| game).collect();
    assert_eq!(named, bases.iter().collect::<Vec<_>>(), "{section}");
    for (game, plays_for) in &said {
        let (objective, better) = match plays_for.as_str() {
            "wins" => ("win", "higher"),
            "wins, the fewest cards left" => ("win", "lower"),
            "score" => ("score", "higher"),
            other => panic!("{game}: plays for {other}?"),
        };
        let figures = summary(&[game, "--games", "1"]);
        assert_eq!(figures["objective"], objective, "{game}");
        assert_eq!(figures["better_score"], better, "{game}");
    }
}
