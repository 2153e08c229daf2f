//! `delve sim --json --each` lists every game by seed, and
//! `benches/pool.py` pools such runs over different seeds: two halves
//! pooled say what one run over all the seeds says.

use crate::delve;
use std::path::Path;
use std::process::Command;

fn sim(seed: &str, games: &str, json: bool) -> String {
    let mut args = vec![
        "sim",
        "clear-the-dungeon",
        "--vs-bot",
        "heuristic",
        "--seed",
        seed,
        "--games",
        games,
        "--jobs",
        "2",
    ];
    if json {
        args.extend(["--json", "--each"]);
    }
    let output = delve().args(&args).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// The text after the first `: ` of the line that starts with `start`.
fn figure<'a>(text: &'a str, start: &str) -> &'a str {
    let line = text
        .lines()
        .find(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no `{start}` line in:\n{text}"));
    line.split_once(": ").unwrap().1
}

#[test]
fn two_pooled_halves_give_the_whole_runs_differences() {
    let dir = tempfile::tempdir().unwrap();
    let halves = [("0", "30"), ("30", "30")].map(|(seed, games)| {
        let path = dir.path().join(format!("from-{seed}.json"));
        std::fs::write(&path, sim(seed, games, true)).unwrap();
        path
    });
    let pool = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/pool.py");
    let output = match Command::new("python3").arg(pool).args(&halves).output() {
        Ok(output) => output,
        Err(e) if std::env::var_os("CI").is_none() => {
            eprintln!("skipped: no python3 ({e})");
            return;
        }
        Err(e) => panic!("python3: {e}"),
    };
    assert!(output.status.success(), "{output:?}");
    let pooled = String::from_utf8(output.stdout).unwrap();
    let whole = sim("0", "60", false);
    assert!(pooled.starts_with("60 seeds, 0-59\n"), "{pooled}");
    for start in ["win rate difference", "mean score difference"] {
        assert_eq!(
            figure(&pooled, start),
            figure(&whole, start),
            "{pooled}\n{whole}"
        );
    }
}

#[test]
fn each_needs_json() {
    delve()
        .args(["sim", "clear-the-dungeon", "--games", "2", "--each"])
        .assert()
        .failure()
        .stderr(predicates::str::contains("--json"));
}
