//! What a command-line tool is expected to have: completions for each
//! shell and a manual page, both made from the one description of the
//! command line; `--version` naming the commit where the build knew it;
//! progress that a pipe can read, and none with `--quiet`.

use crate::delve;

/// `delve` with `args`, which must succeed: its stdout and stderr.
fn ok(args: &[&str]) -> (String, String) {
    let output = delve().args(args).output().unwrap();
    assert!(output.status.success(), "{args:?}: {output:?}");
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn every_shell_gets_completions_naming_the_commands() {
    for (shell, mark) in [
        ("bash", "complete -F _delve"),
        ("zsh", "#compdef delve"),
        ("fish", "complete -c delve"),
        ("powershell", "Register-ArgumentCompleter"),
        ("elvish", "edit:completion:arg-completer[delve]"),
    ] {
        let (script, _) = ok(&["completions", shell]);
        assert!(script.contains(mark), "{shell}: {script}");
        for command in ["sim", "pool", "completions", "man"] {
            assert!(script.contains(command), "{shell} lacks {command}");
        }
    }
    let output = delve().args(["completions", "tcsh"]).output().unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
}

#[test]
fn bash_loads_the_completions_as_the_readme_says_and_completes_a_command() {
    let delve = assert_cmd::cargo::cargo_bin("delve");
    // The README's line, `source <(delve completions bash)`, then a Tab
    // after `delve po`.
    let Ok(output) = std::process::Command::new("bash")
        .arg("-c")
        .arg(
            "source <(\"$DELVE\" completions bash)\n\
             COMP_WORDS=(delve po); COMP_CWORD=1; _delve delve po delve; echo \"${COMPREPLY[@]}\"",
        )
        .env("DELVE", &delve)
        .envs(crate::isolated_env())
        .output()
    else {
        eprintln!("no bash: skipped");
        return;
    };
    let offered = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{output:?}");
    assert_eq!(offered.trim(), "pool", "{output:?}");
}

#[test]
fn the_manual_page_is_roff_with_every_command() {
    let (page, _) = ok(&["man"]);
    assert!(page.contains(".TH delve 1"), "{page}");
    for command in ["sim", "pool", "serve", "completions"] {
        assert!(page.contains(command), "{command}: {page}");
        // Told in this page, not as a page of its own no one installs.
        assert!(
            page.contains(&format!("delve help {command}")),
            "{command}: {page}"
        );
    }
    assert!(!page.contains("delve\\-play(1)"), "{page}");
}

/// What bash offers after the words typed, as the README loads it.
fn bash_offers(words: &str) -> Option<String> {
    let delve = assert_cmd::cargo::cargo_bin("delve");
    let count = words.split(' ').count() - 1;
    let script = format!(
        "source <(\"$DELVE\" completions bash)\n\
         COMP_WORDS=({words}); COMP_CWORD={count}; _delve delve \"${{COMP_WORDS[-1]}}\" \"${{COMP_WORDS[-2]}}\"; \
         echo \"${{COMPREPLY[@]}}\""
    );
    let output = std::process::Command::new("bash")
        .arg("-c")
        .arg(script)
        .env("DELVE", &delve)
        .envs(crate::isolated_env())
        .output()
        .ok()?;
    assert!(output.status.success(), "{output:?}");
    Some(String::from_utf8_lossy(&output.stdout).trim().to_string())
}

#[test]
fn a_ruleset_completes_to_its_name_and_a_bot_to_the_bots() {
    let Some(games) = bash_offers("delve play fre") else {
        eprintln!("no bash: skipped");
        return;
    };
    assert_eq!(games, "freecell");
    let bots = bash_offers("delve sim freecell --bot ''").unwrap();
    assert_eq!(bots, "random heuristic mc solver");
}

#[test]
fn the_version_names_the_commit_of_a_git_checkout() {
    let (version, _) = ok(&["--version"]);
    let version = version.trim();
    let plain = format!("delve {}", env!("CARGO_PKG_VERSION"));
    // What git says of this checkout, if it is one and git is here (a
    // tarball's build prints the version alone).
    let root = env!("CARGO_MANIFEST_DIR");
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .current_dir(root)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let top = git(&["rev-parse", "--show-toplevel"]);
    let checkout =
        top.is_some_and(|t| std::fs::canonicalize(t).ok() == std::fs::canonicalize(root).ok());
    match git(&["rev-parse", "--short=12", "HEAD"]).filter(|_| checkout) {
        Some(commit) => assert_eq!(version, format!("{plain} (commit {commit})")),
        None => assert_eq!(version, plain),
    }
}

#[test]
fn a_long_run_piped_says_how_far_it_has_got_every_few_seconds() {
    use std::io::BufRead;
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("delve"))
        .args([
            "sim",
            "clear-the-dungeon",
            "--games",
            "1000000",
            "--jobs",
            "1",
        ])
        .envs(crate::isolated_env())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    let first = std::io::BufReader::new(child.stderr.take().unwrap())
        .lines()
        .next();
    child.kill().unwrap();
    child.wait().unwrap();
    let line = first.unwrap().unwrap();
    // One line, plain text (no bar's escape codes), after about 5 s.
    assert!(
        line.starts_with("clear-the-dungeon (random bot): ")
            && line.contains(" of 1000000 games ("),
        "{line}"
    );
    assert!(
        line.contains(" games/s") && line.ends_with(" left"),
        "{line}"
    );
    assert!(!line.contains('\u{1b}'), "{line:?}");
    assert!(
        started.elapsed() >= std::time::Duration::from_secs(4),
        "{line}"
    );
}
