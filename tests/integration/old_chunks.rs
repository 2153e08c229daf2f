//! The figures' chunks made before shard files (`docs/figures/`) are
//! `delve sim --json --each` runs, pooled by `docs/figures/pool_chunks.py`:
//! two halves pooled by it say what one run over all the seeds says.

use crate::delve;
use std::path::Path;
use std::process::Command;

fn sim(seed: &str, games: &str, json: bool) -> String {
    run(&["--vs-bot", "heuristic"], seed, games, json)
}

/// `delve sim clear-the-dungeon` with `bots`, on `games` seeds from `seed`.
fn run(bots: &[&str], seed: &str, games: &str, json: bool) -> String {
    let mut args = vec!["sim", "clear-the-dungeon"];
    args.extend(bots);
    args.extend(["--seed", seed, "--games", games, "--jobs", "2"]);
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

/// What `docs/figures/pool_chunks.py` prints for `args`; `None` where there is no
/// python3 outside CI.
fn pool(args: &[&Path]) -> Option<String> {
    let pool = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/figures/pool_chunks.py");
    let output = match Command::new("python3").arg(pool).args(args).output() {
        Ok(output) => output,
        Err(e) if std::env::var_os("CI").is_none() => {
            eprintln!("skipped: no python3 ({e})");
            return None;
        }
        Err(e) => panic!("python3: {e}"),
    };
    assert!(output.status.success(), "{output:?}");
    Some(String::from_utf8(output.stdout).unwrap())
}

/// The two halves of seeds 0-59 as compared runs, in `dir`.
fn halves(dir: &Path) -> [std::path::PathBuf; 2] {
    [("0", "30"), ("30", "30")].map(|(seed, games)| {
        let path = dir.join(format!("from-{seed}.json"));
        std::fs::write(&path, sim(seed, games, true)).unwrap();
        path
    })
}

#[test]
fn two_pooled_halves_give_the_whole_runs_differences() {
    let dir = tempfile::tempdir().unwrap();
    let [first, second] = halves(dir.path());
    let Some(pooled) = pool(&[&first, &second]) else {
        return;
    };
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
fn halves_pooled_against_a_one_bot_run_pair_on_the_seeds_both_have() {
    let dir = tempfile::tempdir().unwrap();
    let [first, second] = halves(dir.path());
    // The heuristic bot alone on seeds 20-99: paired with the halves'
    // first configuration (the random bot) on 20-59 only.
    let heuristic = dir.path().join("heuristic.json");
    std::fs::write(&heuristic, run(&["--bot", "heuristic"], "20", "80", true)).unwrap();
    let against = Path::new("--against");
    let Some(pooled) = pool(&[against, &heuristic, &first, &second]) else {
        return;
    };
    let overlap = run(&["--vs-bot", "heuristic"], "20", "40", false);
    assert!(pooled.starts_with("40 seeds, 20-59\n"), "{pooled}");
    assert!(pooled.contains("(heuristic bot)"), "{pooled}");
    for start in ["win rate difference", "mean score difference"] {
        assert_eq!(
            figure(&pooled, start),
            figure(&overlap, start),
            "{pooled}\n{overlap}"
        );
    }
}
