//! Hostile scripts: each file in tests/scripts/hostile/ is a script that
//! tries something a script must not do, or that the sandbox must bound,
//! with its expectations in its header: `// run:` the delve command (the
//! script's path goes after the first word), `// input:` lines to type,
//! `// exit:` the exit code, `// env:` a `NAME=VALUE` to set, `// refuse:`
//! lines that must not appear, and `// expect:` lines that must appear in what
//! delve printed. Every one must end within a minute, and (where /proc
//! tells) with its memory's high-water mark under 640 MiB, and none may
//! print a Rust panic: what a script does wrong is a script error.

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const MAX_SECONDS: u64 = 60;
// The engine stops a script call once it holds 256 MiB (limits.rs), one
// operation late (which may copy as much again), plus the allocator's slack.
const MAX_MEMORY_KB: u64 = 640 * 1024;

struct Expectation {
    args: Vec<String>,
    env: Vec<(String, String)>,
    input: String,
    exit: i32,
    expected: Vec<String>,
    refused: Vec<String>,
}

fn read(script: &Path) -> Expectation {
    let text = std::fs::read_to_string(script).unwrap();
    let field = |name: &str| {
        text.lines()
            .filter_map(|l| l.strip_prefix(&format!("// {name}: ")))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let run = field("run");
    let words: Vec<String> = run
        .first()
        .unwrap_or_else(|| panic!("{}: no `// run:` line", script.display()))
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let name = script.file_name().unwrap().to_string_lossy().into_owned();
    let mut args = vec![words[0].clone(), name];
    args.extend(words[1..].iter().cloned());
    Expectation {
        args,
        env: field("env")
            .iter()
            .map(|pair| {
                let (name, value) = pair.split_once('=').expect("`// env: NAME=VALUE`");
                (name.to_string(), value.to_string())
            })
            .collect(),
        input: field("input").join("\n") + "\n",
        exit: field("exit").first().map_or(0, |e| e.parse().unwrap()),
        expected: field("expect"),
        refused: field("refuse"),
    }
}

/// What a run printed, how it exited, and its memory's high-water mark.
struct Finished {
    printed: String,
    code: Option<i32>,
    peak_kb: Option<u64>,
}

fn run(dir: &Path, expectation: &Expectation) -> Finished {
    let out = tempfile::NamedTempFile::new().unwrap();
    let shared = out.reopen().unwrap();
    // The player's folders stay untouched: state and data go to a scratch home.
    let home = tempfile::tempdir().unwrap();
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("delve"))
        .current_dir(dir)
        .args(&expectation.args)
        .env("NO_COLOR", "1")
        .env("DELVE_HISTORY", "/dev/null")
        .env("HOME", home.path())
        .env("XDG_STATE_HOME", home.path().join("state"))
        .env("XDG_DATA_HOME", home.path().join("data"))
        .env_remove("DELVE_GAMES")
        .env_remove("DELVE_MAX_MEMORY")
        .envs(expectation.env.iter().map(|(n, v)| (n, v)))
        .stdin(Stdio::piped())
        // One open file for both, so what each writes follows the other's.
        .stdout(shared.try_clone().unwrap())
        .stderr(shared)
        .spawn()
        .unwrap();
    let _ = child
        .stdin
        .take()
        .unwrap()
        .write_all(expectation.input.as_bytes());
    let started = Instant::now();
    let mut peak_kb = None;
    let status = loop {
        if let Some(kb) = high_water_mark(child.id()) {
            peak_kb = Some(kb);
        }
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(MAX_SECONDS) {
            child.kill().unwrap();
            panic!("{:?} ran more than {MAX_SECONDS} s", expectation.args);
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Finished {
        printed: std::fs::read_to_string(out.path()).unwrap_or_default(),
        code: status.code(),
        peak_kb,
    }
}

/// The peak resident memory of a running process, from /proc (Linux only).
fn high_water_mark(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn every_hostile_script_ends_with_its_message_in_bounded_time_and_memory() {
    let dir = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/scripts/hostile"
    ));
    let mut scripts: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rhai"))
        .collect();
    scripts.sort();
    assert!(scripts.len() >= 25, "the hostile suite lost its scripts");
    for script in &scripts {
        check(script, MAX_MEMORY_KB);
    }
}

/// A script whose every game, or every view of a live game, leaks stops
/// delve's runs at the process's bound (set to 512 MiB by `DELVE_MAX_MEMORY`
/// in their headers, for speed), with at most a call's worth beyond it
/// (256 MiB, as much again for one operation late) and the allocator's
/// slack.
#[test]
fn scripts_that_leak_at_every_run_or_view_stop_at_the_bound_of_the_whole_process() {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/scripts"));
    for name in ["leaks-at-every-run.rhai", "leaks-in-its-view.rhai"] {
        check(&dir.join(name), (512 + 512 + 256) * 1024);
    }
}

/// Runs a script as its header says and holds it to its expectations and
/// to a high-water mark below `max_kb`.
fn check(script: &Path, max_kb: u64) {
    let expectation = read(script);
    let finished = run(script.parent().unwrap(), &expectation);
    let name = script.file_name().unwrap().to_string_lossy();
    let printed = &finished.printed;
    assert_eq!(
        finished.code,
        Some(expectation.exit),
        "{name}: exit code; it printed:\n{printed}"
    );
    // Text is wrapped to the screen: compare with lines run together.
    let flat = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
    for expected in &expectation.expected {
        assert!(
            flat(printed).contains(&flat(expected)),
            "{name} should print `{expected}`; it printed:\n{printed}"
        );
    }
    for refused in &expectation.refused {
        assert!(
            !flat(printed).contains(&flat(refused)),
            "{name} should not print `{refused}`; it printed:\n{printed}"
        );
    }
    assert!(
        !printed.contains("panicked"),
        "{name} made delve panic:\n{printed}"
    );
    if let Some(kb) = finished.peak_kb {
        assert!(kb < max_kb, "{name} used {kb} KiB");
    }
}
