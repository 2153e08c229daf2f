//! `delve sim --out DIR --shard K/N` writes shard files and `delve pool`
//! pools them into what one run over all their seeds prints: the same
//! `--json` object (but for `games_per_second`, the machine's pace), the
//! paired differences included. Shards that do not belong together, cut
//! short, of another version, or holding a seed twice are refused naming
//! the file and the field; a partial pool says so, and exits 3.

use crate::delve;
use std::path::{Path, PathBuf};

/// A compared run small enough for a debug build: the random bot against
/// the ruleset's own, 40 seeds from 5.
const RUN: [&str; 8] = [
    "sim",
    "clear-the-dungeon",
    "--vs-bot",
    "heuristic",
    "--seed",
    "5",
    "--games",
    "40",
];

/// `delve` with `args`, which must succeed: its stdout.
fn ok(args: &[&str]) -> String {
    let output = delve().args(args).output().unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    String::from_utf8(output.stdout).unwrap()
}

/// `delve` with `args`, which must fail with `code`: its stderr.
fn refused(args: &[&str], code: i32) -> String {
    let output = delve().args(args).output().unwrap();
    assert_eq!(output.status.code(), Some(code), "{args:?}: {output:?}");
    String::from_utf8(output.stderr).unwrap()
}

/// The run's shard `k` of `n` written into `dir`, with `more` arguments.
fn shard(dir: &Path, k: u64, n: u64, more: &[&str]) -> PathBuf {
    let spec = format!("{k}/{n}");
    let mut args = RUN.to_vec();
    args.extend(["--out", dir.to_str().unwrap(), "--shard", &spec]);
    args.extend(more);
    ok(&args);
    dir.join(format!("shard-{k}-of-{n}.jsonl"))
}

/// The JSON with each `games_per_second` set to 0: the one figure that
/// is the machine's, not the games'.
fn without_speed(json: &str) -> serde_json::Value {
    let mut value: serde_json::Value = serde_json::from_str(json).unwrap();
    for side in ["a", "b"] {
        if let Some(speed) = value
            .get_mut(side)
            .and_then(|s| s.get_mut("games_per_second"))
        {
            *speed = serde_json::json!(0);
        }
    }
    value
}

/// The JSON text with each `games_per_second` blanked, byte for byte else.
fn blank_speed(json: &str) -> String {
    let mut text = String::new();
    for (i, part) in json.split("\"games_per_second\":").enumerate() {
        if i > 0 {
            text.push_str("\"games_per_second\":0");
            text.push_str(
                part.trim_start_matches(|c: char| c.is_ascii_digit() || ".e+-".contains(c)),
            );
        } else {
            text.push_str(part);
        }
    }
    text
}

#[test]
fn shards_pool_into_the_single_runs_json_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    for k in [2, 0, 1] {
        shard(dir.path(), k, 3, &[]);
    }
    let mut whole = RUN.to_vec();
    whole.extend(["--json", "--each"]);
    let single = ok(&whole);
    let pooled = ok(&["pool", "--json", "--each", dir.path().to_str().unwrap()]);
    assert_eq!(blank_speed(&pooled), blank_speed(&single));
    assert_eq!(without_speed(&pooled), without_speed(&single));
    let value = without_speed(&pooled);
    assert_eq!(value["a"]["games"], 40);
    assert_eq!(value["a"]["each"][0]["seed"], 5);
    assert!(value["difference"]["ci95"].is_array(), "{pooled}");
    // The text names the same difference as one run's text.
    let text = ok(&["pool", dir.path().to_str().unwrap()]);
    let single_text = ok(&RUN);
    let line = |t: &str| {
        t.lines()
            .find(|l| l.starts_with("win rate difference"))
            .map(str::to_string)
    };
    assert_eq!(line(&text), line(&single_text), "{text}");
    assert!(line(&text).is_some(), "{text}");
}

#[test]
fn out_plays_every_shard_and_a_second_run_skips_the_complete_ones() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let mut args = RUN.to_vec();
    args.extend(["--out", out.to_str().unwrap(), "--shards", "2", "--json"]);
    let first = ok(&args);
    std::fs::remove_file(out.join("shard-1-of-2.jsonl")).unwrap();
    let output = delve().args(&args).output().unwrap();
    assert!(output.status.success(), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("shard 0 of 2 (seeds 5 to 24): already complete"),
        "{stderr}"
    );
    assert!(
        stderr.contains("shard 1 of 2 (seeds 25 to 44): written"),
        "{stderr}"
    );
    let again = String::from_utf8(output.stdout).unwrap();
    assert_eq!(without_speed(&again), without_speed(&first));
    // No temporary file is left beside the shards.
    let names: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    // A shard of another run in the folder is never played over.
    let mut other = args.clone();
    other.extend(["--vs-opt", "reserve=false"]);
    let error = refused(&other, 2);
    assert!(
        error.contains("another run") && error.contains("b.opts"),
        "{error}"
    );
}

#[test]
fn shards_that_do_not_belong_together_are_refused_naming_file_and_field() {
    let dir = tempfile::tempdir().unwrap();
    let zero = shard(dir.path(), 0, 2, &[]);
    let other = tempfile::tempdir().unwrap();
    let one = shard(other.path(), 1, 2, &["--vs-opt", "jokers=false"]);
    let error = refused(&["pool", zero.to_str().unwrap(), one.to_str().unwrap()], 1);
    assert!(error.contains(one.to_str().unwrap()), "{error}");
    assert!(error.contains("field `b.opts`"), "{error}");
    // Another ruleset (its digest) or another version of delve.
    let text = std::fs::read_to_string(&zero).unwrap();
    for (field, from, to) in [
        (
            "a.ruleset_digest",
            "\"ruleset_digest\":\"",
            "\"ruleset_digest\":\"0",
        ),
        ("version", "\"version\":\"", "\"version\":\"9."),
    ] {
        let edited = dir.path().join("edited.json");
        std::fs::write(&edited, text.replacen(from, to, 1)).unwrap();
        let error = refused(
            &["pool", zero.to_str().unwrap(), edited.to_str().unwrap()],
            1,
        );
        assert!(error.contains(edited.to_str().unwrap()), "{error}");
        assert!(error.contains(&format!("field `{field}`")), "{error}");
    }
}

#[test]
fn a_shard_cut_short_or_holding_a_seed_twice_never_pools() {
    let dir = tempfile::tempdir().unwrap();
    let zero = shard(dir.path(), 0, 2, &[]);
    let text = std::fs::read_to_string(&zero).unwrap();
    let bad = dir.path().join("bad.json");
    let pool_bad = |contents: &str| {
        std::fs::write(&bad, contents).unwrap();
        refused(&["pool", bad.to_str().unwrap()], 1)
    };
    // A truncated last line, and a file that lost its last line whole.
    let error = pool_bad(&text[..text.len() - 5]);
    assert!(
        error.contains("bad.json") && error.contains("cut short"),
        "{error}"
    );
    let last_line = text.trim_end().rfind('\n').unwrap() + 1;
    let without_end = &text[..last_line];
    let error = pool_bad(without_end);
    assert!(error.contains("without its `end` line"), "{error}");
    // The same seed twice in one file, then in two.
    let twice = text.replacen("{\"seed\":6,", "{\"seed\":5,", 1);
    let error = pool_bad(&twice);
    assert!(
        error.contains("line 3: seed 5 where seed 6 belongs"),
        "{error}"
    );
    let copy = dir.path().join("copy.json");
    std::fs::copy(&zero, &copy).unwrap();
    let error = refused(&["pool", zero.to_str().unwrap(), copy.to_str().unwrap()], 1);
    assert!(
        error.contains("seeds 5 to 24 (shard 0 of 2)") && error.contains("copy.json"),
        "{error}"
    );
    // No shard at all.
    let error = pool_bad("my notes\n");
    assert!(error.contains("not a delve shard"), "{error}");
}

#[test]
fn a_partial_pool_says_it_is_partial_and_which_seeds_it_misses() {
    let dir = tempfile::tempdir().unwrap();
    shard(dir.path(), 1, 4, &[]);
    let folder = dir.path().to_str().unwrap();
    // Printed, and exit 3: a job script tells a partial pool from a whole one.
    let partial = |args: &[&str]| {
        let output = delve().args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(3), "{args:?}: {output:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.starts_with("delve: a partial pool: 1 of 4 shards"),
            "{stderr}"
        );
        String::from_utf8(output.stdout).unwrap()
    };
    let text = partial(&["pool", folder]);
    assert!(text.starts_with("a partial pool: 1 of 4 shards, 10 of 40 seeds; missing seeds 5-14 (shard 0), 25-44 (shards 2-3)"), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&partial(&["pool", "--json", folder])).unwrap();
    assert_eq!(json["partial"]["seeds"], 10);
    assert_eq!(
        json["partial"]["missing"],
        serde_json::json!([[5, 14], [25, 44]])
    );
    let status = ok(&["pool", "--status", folder]);
    assert!(
        status.contains("1 of 4 shards done, 10 of 40 games (25.0%)"),
        "{status}"
    );
    assert!(status.contains("time left"), "{status}");
}

#[test]
fn bad_shard_arguments_are_a_bad_command_line() {
    // The arguments after `sim clear-the-dungeon --games 4`, and what the
    // error must name.
    let cases = [
        ("--out unused --shard 4/4", "--shard"),
        ("--out unused --shard 0/0", "--shard"),
        ("--out unused --shard 1", "--shard"),
        ("--out unused --shard x/2", "--shard"),
        ("--shard 0/2", "--out"),
        ("--out unused --shard 0/5", "no seeds"),
    ];
    for (more, named) in cases {
        let mut args = vec!["sim", "clear-the-dungeon", "--games", "4"];
        args.extend(more.split(' '));
        let error = refused(&args, 2);
        assert!(error.contains(named), "{more}: {error}");
    }
    // A folder that can not be made (its parent is a file), even by root.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("file");
    std::fs::write(&file, "x").unwrap();
    let out = file.join("run");
    let error = refused(
        &[
            "sim",
            "clear-the-dungeon",
            "--games",
            "4",
            "--out",
            out.to_str().unwrap(),
        ],
        2,
    );
    assert!(
        error.contains("--out") && error.contains("file/run"),
        "{error}"
    );
    let error = refused(&["pool", dir.path().join("none").to_str().unwrap()], 2);
    assert!(error.contains("none"), "{error}");
    let error = refused(&["pool", dir.path().to_str().unwrap()], 2);
    assert!(error.contains("no shard files"), "{error}");
}

#[test]
fn a_shard_killed_midway_leaves_nothing_that_pools() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("run");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("delve"))
        .args([
            "sim",
            "clear-the-dungeon",
            "--bot",
            "heuristic",
            "--games",
            "100000",
        ])
        .args([
            "--jobs",
            "1",
            "--out",
            out.to_str().unwrap(),
            "--shard",
            "0/1",
        ])
        .envs(crate::isolated_env())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    child.kill().unwrap();
    child.wait().unwrap();
    let status = ok(&["pool", "--status", out.to_str().unwrap()]);
    assert!(
        status.contains("no whole shard yet") || status.is_empty(),
        "{status}"
    );
    let error = refused(&["pool", out.to_str().unwrap()], 2);
    assert!(error.contains("no shard files"), "{error}");
}

#[test]
fn each_needs_json() {
    delve()
        .args(["sim", "clear-the-dungeon", "--games", "2", "--each"])
        .assert()
        .failure()
        .stderr(predicates::str::contains("--json"));
}
