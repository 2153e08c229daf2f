//! A shard checks its folder when it starts: a folder that holds another
//! run's shard (another `--vs`, options, seeds or scripts) or a `*.jsonl`
//! that is no shard would make `delve pool` refuse it after every shard
//! was played, so the shard refuses first, naming the file, the field, and
//! what to do. A script's digest covers its comments too, and says so.

use crate::delve;
use std::path::Path;

/// `delve` with `args`: its exit code and stderr.
fn run(args: &[&str]) -> (Option<i32>, String) {
    let output = delve().args(args).output().unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// Shard `k` of 2 of a small run into `dir`, with `more` arguments.
fn shard(dir: &Path, game: &str, k: u64, more: &[&str]) -> (Option<i32>, String) {
    let spec = format!("{k}/2");
    let mut args = vec!["sim", game, "--games", "6", "--out"];
    args.extend([dir.to_str().unwrap(), "--shard", &spec]);
    args.extend(more);
    run(&args)
}

#[test]
fn a_shard_of_another_run_refuses_the_folder_before_any_game() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(shard(dir.path(), "clear-the-dungeon", 0, &[]).0, Some(0));
    for (more, field) in [
        (vec!["--vs-opt", "reserve=false"], "field `b`"),
        (vec!["--opt", "jokers=false"], "field `a.opts`"),
        (vec!["--seed", "9"], "field `run.first_seed`"),
        (vec!["--bot", "heuristic"], "field `a.bot.name`"),
    ] {
        let (code, error) = shard(dir.path(), "clear-the-dungeon", 1, &more);
        assert_eq!(code, Some(2), "{more:?}: {error}");
        assert!(
            error.contains("shard-0-of-2.jsonl is a shard of another run") && error.contains(field),
            "{more:?}: {error}"
        );
        assert!(
            error.contains("remove that run's shards") && error.contains("choose another --out"),
            "{error}"
        );
        assert!(!dir.path().join("shard-1-of-2.jsonl").exists());
    }
    // A file that is no shard is named, and so is what to do with it.
    std::fs::write(dir.path().join("notes.jsonl"), "{\"mine\": 1}\n").unwrap();
    let (code, error) = shard(dir.path(), "clear-the-dungeon", 1, &[]);
    assert_eq!(code, Some(2), "{error}");
    assert!(
        error.contains("notes.jsonl: it is not a delve shard") && error.contains("move it away"),
        "{error}"
    );
}

#[test]
fn a_comment_changes_a_scripts_digest_and_the_refusal_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("house.rhai");
    std::fs::write(&script, "// extends: clear-the-dungeon\n").unwrap();
    let out = dir.path().join("run");
    let game = script.to_str().unwrap();
    assert_eq!(shard(&out, game, 0, &[]).0, Some(0));
    std::fs::write(&script, "// extends: clear-the-dungeon\n// A comment.\n").unwrap();
    let (code, error) = shard(&out, game, 1, &[]);
    assert_eq!(code, Some(2), "{error}");
    assert!(
        error.contains("field `a.ruleset_digest`") && error.contains("a comment's too"),
        "{error}"
    );
}

#[test]
fn a_shard_header_names_the_rollout_the_mc_bot_played_with() {
    let dir = tempfile::tempdir().unwrap();
    for (game, rollout) in [
        ("clear-the-dungeon", "heuristic"),
        ("tests/scripts/colour-guess.rhai", "random"),
    ] {
        let out = dir.path().join(rollout);
        // One game, one world a decision: the header is what is looked at.
        let (code, error) = run(&[
            "sim",
            game,
            "--games",
            "1",
            "--bot",
            "mc",
            "--worlds",
            "1",
            "--out",
            out.to_str().unwrap(),
            "--shard",
            "0/1",
        ]);
        assert_eq!(code, Some(0), "{error}");
        let text = std::fs::read_to_string(out.join("shard-0-of-1.jsonl")).unwrap();
        let header: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        assert_eq!(header["a"]["bot"]["mc"]["rollout"], rollout, "{game}");
    }
}
