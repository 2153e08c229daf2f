//! A machine that will not start another thread (here an address-space
//! limit, `ulimit -v`, on the child process) is the machine's shortage, and
//! delve says so: `check` never reports it as a rule the game broke nor
//! writes a failing game's transcript for it, and `sim` names the cause.
//! The limits run from less than delve needs to start to more than these
//! games need, so both ends are met.

use std::path::Path;
use std::process::Command;

const SAYS: &str = "the machine has no room for another thread";

/// `delve ARGS` under an address-space limit of `kb` KiB: exit code and
/// all it printed.
fn limited(kb: u64, args: &[&str]) -> (Option<i32>, String) {
    let home = tempfile::tempdir().unwrap();
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kb} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_delve"))
        .args(args)
        .env("HOME", home.path())
        .env("XDG_STATE_HOME", home.path().join("state"))
        .env("XDG_DATA_HOME", home.path().join("data"))
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    let mut text = String::from_utf8_lossy(&output.stdout).into_owned();
    text += &String::from_utf8_lossy(&output.stderr);
    (output.status.code(), text)
}

#[test]
fn check_and_sim_tell_a_thread_the_machine_refused_as_its_shortage() {
    let pocket = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/sessions/games/pocket.rhai")
        .display()
        .to_string();
    let out = tempfile::tempdir().unwrap();
    let out_dir = out.path().display().to_string();
    let (mut short, mut enough) = (0, 0);
    // 1.0 to 4.0 GiB by quarters: a debug build needs some 1.2 to start.
    for quarter in 4..=16u64 {
        let kb = quarter << 18;
        let (code, text) = limited(kb, &["check", &pocket, "--games", "10", "--out", &out_dir]);
        assert!(!text.contains("breaks"), "{kb} KiB: {text}");
        match code {
            Some(0) => enough += 1,
            _ if text.contains(SAYS) => short += 1,
            // Too little even to start: the allocator's own failure.
            _ => assert!(text.contains("memory allocation"), "{kb} KiB: {text}"),
        }
        let (code, text) = limited(
            kb,
            &["sim", &pocket, "--games", "40", "--jobs", "8", "--json"],
        );
        assert!(
            code == Some(0) || text.contains(SAYS) || text.contains("memory allocation"),
            "{kb} KiB: {text}"
        );
    }
    assert!(short > 0 && enough > 0, "{short} short, {enough} enough");
    assert_eq!(std::fs::read_dir(out.path()).unwrap().count(), 0);
}
