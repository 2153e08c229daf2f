//! Before delve compiles: the shipped rulesets are built into the binary,
//! so a change to one rebuilds it; and `delve --version` names the commit
//! it was built from where the build can tell (a git checkout with git
//! installed), else the version alone (a tarball, a crate download).

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=games");
    let version = env!("CARGO_PKG_VERSION");
    let text = match commit() {
        Some(commit) => format!("{version} (commit {commit})"),
        None => version.to_string(),
    };
    println!("cargo:rustc-env=DELVE_VERSION_TEXT={text}");
}

/// The checked-out commit, short; none unless this package's folder is the
/// top of a git checkout (a tarball unpacked inside someone's own
/// repository names no commit of theirs). Edits not yet committed are not
/// told: telling them would mean rerunning this script on every change.
fn commit() -> Option<String> {
    let here = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR")?);
    let top = git(&here, &["rev-parse", "--show-toplevel"])?;
    if std::fs::canonicalize(&top).ok()? != std::fs::canonicalize(&here).ok()? {
        return None;
    }
    // Build again when the checkout moves to another commit: HEAD, and the
    // branch it names (a file only until git packs it).
    let mut watched = vec!["HEAD".to_string()];
    watched.extend(git(&here, &["symbolic-ref", "-q", "HEAD"]));
    for name in watched {
        if let Some(path) = git(&here, &["rev-parse", "--git-path", &name]) {
            let path = here.join(path);
            if path.exists() {
                println!("cargo:rerun-if-changed={}", path.display());
            }
        }
    }
    git(&here, &["rev-parse", "--short=12", "HEAD"])
}

/// What `git ARGS` prints in `dir`, trimmed; none if git is missing or fails.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let output = Command::new("git")
        .args(args)
        .current_dir(dir)
        .env_remove("GIT_DIR")
        .output()
        .ok()?;
    if !output.status.success() {
        return None;
    }
    Some(String::from_utf8(output.stdout).ok()?.trim().to_string())
}
