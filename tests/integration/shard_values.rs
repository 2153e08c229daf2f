//! What a shard file may hold: values no run could have played (more
//! decisions than a game takes, more left to the rollout player than
//! taken) are refused when the file is read, naming file, line and field;
//! and every score a ruleset can give (a 401-digit text, sums past the
//! largest float) pools to what the single run prints.

use crate::delve;
use std::path::Path;

/// `delve` with `args`: its exit code, stdout and stderr.
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let output = delve().args(args).output().unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// The JSON with `games_per_second` left out: the machine's pace.
fn without_speed(json: &str) -> serde_json::Value {
    let mut value: serde_json::Value = serde_json::from_str(json).unwrap();
    value.as_object_mut().unwrap().remove("games_per_second");
    value
}

/// Shards of `args` in `dir`, `n` of them, each written.
fn shards(dir: &Path, args: &[&str], n: u64) {
    for k in 0..n {
        let spec = format!("{k}/{n}");
        let mut all = args.to_vec();
        all.extend(["--out", dir.to_str().unwrap(), "--shard", &spec]);
        let (code, _, err) = run(&all);
        assert_eq!(code, Some(0), "{err}");
    }
}

#[test]
fn every_score_a_ruleset_can_give_pools_to_the_single_runs_figures() {
    let script = "tests/scripts/huge-scores.rhai";
    let args = ["sim", script, "--games", "60", "--json", "--each"];
    let (code, single, err) = run(&args);
    assert_eq!(code, Some(0), "{err}");
    let dir = tempfile::tempdir().unwrap();
    shards(dir.path(), &args[..4], 3);
    let (code, pooled, err) = run(&["pool", "--json", "--each", dir.path().to_str().unwrap()]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(without_speed(&pooled), without_speed(&single));
    // The games took every score: a 401-digit one counts as none, and the
    // sum of those near the largest float is past it (no mean in JSON).
    let value = without_speed(&single);
    let each = value["each"].as_array().unwrap();
    assert!(each.iter().any(|g| g["score"].is_null()), "{single}");
    assert!(each.iter().any(|g| g["score"] == -5.0), "{single}");
    assert!(
        each.iter()
            .any(|g| g["score"].as_f64().is_some_and(|s| s > 1e308)),
        "{single}"
    );
    assert!(value["mean_score"].is_null(), "{single}");
}

#[test]
fn a_shard_line_no_run_could_have_played_is_refused_by_file_line_and_field() {
    let dir = tempfile::tempdir().unwrap();
    shards(
        dir.path(),
        &[
            "sim",
            "clear-the-dungeon",
            "--bot",
            "heuristic",
            "--games",
            "6",
        ],
        1,
    );
    let file = dir.path().join("shard-0-of-1.jsonl");
    let text = std::fs::read_to_string(&file).unwrap();
    let line: &str = text.lines().nth(2).unwrap();
    let decisions = serde_json::from_str::<serde_json::Value>(line).unwrap()["a"]["decisions"]
        .as_u64()
        .unwrap();
    for (edited, field) in [
        (
            line.replacen(
                &format!("\"decisions\":{decisions}"),
                "\"decisions\":18446744073709550536",
                1,
            ),
            "a.decisions",
        ),
        (
            line.replacen(
                &format!("\"decisions\":{decisions}"),
                &format!("\"decisions\":{decisions},\"fell_back\":{}", decisions + 1),
                1,
            ),
            "a.fell_back",
        ),
    ] {
        assert_ne!(edited, line);
        std::fs::write(&file, text.replacen(line, &edited, 1)).unwrap();
        let (code, _, err) = run(&["pool", file.to_str().unwrap()]);
        assert_eq!(code, Some(1), "{err}");
        assert!(
            err.contains(&format!("shard-0-of-1.jsonl: line 3, field `{field}`")),
            "{err}"
        );
        // `--status` counts no such shard either.
        let (_, status, _) = run(&["pool", "--status", dir.path().to_str().unwrap()]);
        assert!(
            status.contains("not counted") && status.contains(field),
            "{status}"
        );
    }
}
