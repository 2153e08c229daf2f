//! The one integration-test binary: each module is one interface of delve.

mod base_calls;
mod bot_reasons;
mod bounds;
mod browser;
mod carried_moves;
mod check;
mod cli;
mod comforts;
mod copy_search;
mod custom_cards;
mod deal_numbers;
mod declared_moves;
mod declared_turns;
mod docs;
mod error_places;
mod field_deals;
mod gone_rules;
mod grid;
mod hands;
mod hint_budgets;
mod honest_copies;
mod honest_hints;
mod honest_klondike;
mod hostile;
mod hostile_files;
mod imports;
mod json_protocol;
mod keeping;
mod layers;
mod links;
mod many_piles;
mod objectives;
mod old_chunks;
mod old_forms;
mod option_errors;
mod parts;
mod patterns;
mod pile_ends;
mod pooled_runs;
mod positions_come_back;
mod profile;
mod protocol_commands;
mod protocol_doc;
mod random_play;
mod refusals;
mod rule_authors;
mod run_rules;
mod saves;
mod script_stacks;
mod search_hints;
mod serve;
mod serve_bounds;
mod serve_browser;
mod serve_carrying;
mod serve_fit;
mod serve_memory;
mod serve_phone;
mod serve_searches;
mod serve_status;
mod serve_stepping;
mod serve_unfinished;
mod sessions;
mod shard_folders;
mod shard_values;
mod shell;
mod shipped_positions;
mod short_of_threads;
mod short_screens;
mod solve;
mod solver_budgets;
mod stepping;
mod sweeps;
mod trying_moves;
mod two_decks;
mod unfinished_lists;
mod unknowing_bots;
mod what_was_seen;
mod whole_state;
mod writes;

/// The `delve` binary, without colour and without touching the user's
/// history, autosave or statistics: each command gets a folder of its own
/// for them in cargo's scratch folder for tests, so parallel tests never
/// share an autosave (a test that reads them back uses `delve_in`).
pub fn delve() -> assert_cmd::Command {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let home = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("home-{}-{n}", std::process::id()));
    delve_in(&home)
}

/// `delve solve ARGS --json`, which must answer within `time` and succeed:
/// its answer.
pub fn solved(args: &[&str], time: std::time::Duration) -> serde_json::Value {
    let output = delve()
        .arg("solve")
        .args(args)
        .arg("--json")
        .timeout(time)
        .output()
        .unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    serde_json::from_slice(&output.stdout).unwrap()
}

/// `delve sim ARGS --json`, which must succeed: its summary.
pub fn simulated(args: &[&str]) -> serde_json::Value {
    let output = delve()
        .arg("sim")
        .args(args)
        .arg("--json")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).unwrap()
}

/// The output of a field tool run through python3 (`comparing` says what it
/// checks, `installs` how CI gets it): none, said, when python3 or the tool
/// is missing (its exit code 3), which fails under CI; else its output,
/// which must be a success.
pub fn oracle_output(
    output: std::io::Result<std::process::Output>,
    comparing: &str,
    installs: &str,
) -> Option<std::process::Output> {
    let missing = match &output {
        Err(e) => Some(format!("no python3 ({e})")),
        Ok(o) if o.status.code() == Some(3) => Some(String::from_utf8_lossy(&o.stderr).into()),
        Ok(_) => None,
    };
    if let Some(why) = missing {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must compare {comparing}: {why} ({installs})"
        );
        eprintln!("skipped: {comparing}: {why}");
        return None;
    }
    let output = output.unwrap();
    assert!(output.status.success(), "{output:?}");
    Some(output)
}

/// The `delve` binary keeping its state and statistics under `home` (which
/// is its home folder too).
pub fn delve_in(home: &std::path::Path) -> assert_cmd::Command {
    let mut command = assert_cmd::Command::cargo_bin("delve").unwrap();
    command
        .env("NO_COLOR", "1")
        .env("DELVE_HISTORY", "/dev/null")
        .env("HOME", home)
        .env("XDG_STATE_HOME", home.join("state"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env_remove("DELVE_GAMES")
        .env_remove("DELVE_MAX_MEMORY")
        .current_dir(env!("CARGO_MANIFEST_DIR"));
    command
}

/// A home, state and data folder of its own in cargo's scratch folder for
/// tests, for a test that spawns delve itself: `.envs(isolated_env())`.
pub fn isolated_env() -> Vec<(&'static str, std::path::PathBuf)> {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let home = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("spawned-{}-{n}", std::process::id()));
    vec![
        ("HOME", home.clone()),
        ("XDG_STATE_HOME", home.join("state")),
        ("XDG_DATA_HOME", home.join("data")),
        ("DELVE_HISTORY", std::path::PathBuf::from("/dev/null")),
    ]
}
