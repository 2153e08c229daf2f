//! `delve sim GAME --sweep NAME=A..B`: each value played on the same seeds
//! as a plain run with `--opt NAME=VALUE` plays them, as a table, JSON and
//! an SVG chart; sharded with `--out`, the same figures.

use crate::delve;

/// `delve` with `args`, which must succeed: its stdout.
fn ok(args: &[&str]) -> String {
    let output = delve().args(args).output().unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

const SWEEP: [&str; 8] = [
    "sim",
    "clear-the-dungeon",
    "--games",
    "30",
    "--seed",
    "3",
    "--sweep",
    "damage_limit=5..6",
];

#[test]
fn a_sweep_plays_each_value_as_a_plain_run_does_and_draws_it() {
    let dir = tempfile::tempdir().unwrap();
    let chart = dir.path().join("curve.svg");
    let mut args = SWEEP.to_vec();
    args.extend([
        "--sweep-bot",
        "heuristic",
        "--sweep-bot",
        "random",
        "--json",
    ]);
    args.extend(["--chart", chart.to_str().unwrap()]);
    let json: serde_json::Value = serde_json::from_str(&ok(&args)).unwrap();
    let points = json["points"].as_array().unwrap();
    assert_eq!(points.len(), 4, "{json}");
    let mut plain_args = SWEEP[..6].to_vec();
    plain_args.extend(["--bot", "heuristic", "--opt", "damage_limit=6", "--json"]);
    let plain: serde_json::Value = serde_json::from_str(&ok(&plain_args)).unwrap();
    let six = &points[1];
    assert_eq!(
        (&six["value"], &six["bot"]),
        (&"6".into(), &"heuristic".into())
    );
    for figure in ["wins", "win_rate", "ci95", "mean_score"] {
        assert_eq!(six[figure], plain[figure], "{figure}: {json}\n{plain}");
    }
    let svg = std::fs::read_to_string(&chart).unwrap();
    assert!(svg.starts_with("<!-- a delve chart -->"), "{svg}");
    assert_eq!(svg.matches("<polyline").count(), 2, "{svg}");
    assert!(
        svg.contains("heuristic bot") && svg.contains("random bot"),
        "{svg}"
    );
    // The table has a row per value and bot.
    let mut text_args = SWEEP.to_vec();
    text_args.extend(["--bot", "heuristic"]);
    let table = ok(&text_args);
    assert!(table.contains("seeds 3 to 32"), "{table}");
    assert_eq!(
        table.lines().filter(|l| l.contains(" heuristic ")).count(),
        2,
        "{table}"
    );
}

#[test]
fn a_sweep_in_shards_gives_the_same_figures() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sweep");
    let mut whole = SWEEP.to_vec();
    whole.push("--json");
    let direct = ok(&whole);
    for shard in ["1/2", "0/2"] {
        let mut args = whole.clone();
        args.extend(["--out", out.to_str().unwrap(), "--shard", shard]);
        assert_eq!(ok(&args), "");
    }
    let mut args = whole.clone();
    args.extend(["--out", out.to_str().unwrap()]);
    let output = delve().args(&args).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    assert_eq!(String::from_utf8(output.stdout).unwrap(), direct);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.matches("already complete").count(), 4, "{stderr}");
    assert!(out.join("sweep.svg").is_file());
    // Each value's shards pool on their own as a plain run.
    let folder = out.join("random/01-damage_limit=6");
    let pooled: serde_json::Value =
        serde_json::from_str(&ok(&["pool", "--json", folder.to_str().unwrap()])).unwrap();
    assert_eq!(pooled["setup"], "clear-the-dungeon damage_limit=6");
}

#[test]
fn a_bad_sweep_is_a_bad_command_line() {
    for (sweep, said) in [
        ("damage_limit=6..5", "goes up"),
        ("nope=1..2", "no option `nope`"),
        ("damage_limit=99..100", "99"),
        ("damage_limit", "NAME=A..B"),
    ] {
        let output = delve()
            .args(["sim", "clear-the-dungeon", "--games", "2", "--sweep", sweep])
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{sweep}: {output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(said), "{sweep}: {stderr}");
    }
    // A chart is never written over a file that is not one.
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notes.svg");
    std::fs::write(&notes, "my drawing").unwrap();
    let output = delve()
        .args([
            "sim",
            "clear-the-dungeon",
            "--games",
            "2",
            "--sweep",
            "damage_limit=5",
        ])
        .args(["--chart", notes.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my drawing");
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a delve chart"));
}

#[test]
fn a_chart_that_could_not_be_written_is_said_before_any_game() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("no-such-folder/curve.svg");
    let out = dir.path().join("runs");
    // Where the chart under `--out` goes holds something else.
    std::fs::create_dir_all(out.join("sweep.svg")).unwrap();
    for (flag, path, said) in [
        ("--chart", &missing, "does not exist"),
        ("--out", &out, "sweep.svg"),
    ] {
        // As many games as would take hours: refused before the first.
        let output = delve()
            .args(["sim", "clear-the-dungeon", "--games", "100000000"])
            .args(["--sweep", "damage_limit=5..6", flag, path.to_str().unwrap()])
            .timeout(std::time::Duration::from_mins(1))
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{flag}: {output:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(flag) && stderr.contains(said), "{stderr}");
    }
}
