//! `delve test`: every transcript under the given paths is replayed and what
//! it shows is compared with its snapshot, the file beside it named like it
//! with `.snap` for `.txt`. Transcripts replay in parallel; the report lists
//! them in path order and ends with one line of counts.

use crate::cli::TestArgs;
use crate::repl::replay;
use crate::transcript::FIRST_LINE;
use crate::usage::UsageError;
use anyhow::{bail, Result};
use owo_colors::OwoColorize;
use rayon::prelude::*;
use similar::TextDiff;
use std::io::Write;
use std::path::{Path, PathBuf};

/// What became of one transcript.
enum Verdict {
    Passed,
    /// No snapshot yet: the output to read before accepting it.
    New {
        output: String,
        accepted: bool,
    },
    Changed {
        diff: String,
        accepted: bool,
    },
    /// The script failed while replaying (or the game did not start).
    Failed {
        reason: String,
        diff: Option<String>,
    },
}

pub(crate) fn command(args: &TestArgs) -> Result<()> {
    let mut out = anstream::stdout();
    let roots = if args.paths.is_empty() {
        vec![PathBuf::from(".")]
    } else {
        args.paths.clone()
    };
    let transcripts = find(&roots)?;
    // Each replay runs a script: on threads with a script's stack.
    let pool = rayon::ThreadPoolBuilder::new()
        .stack_size(crate::threads::STACK)
        .build()
        .map_err(crate::threads::no_pool)?;
    let verdicts: Vec<Verdict> = pool.install(|| {
        transcripts
            .par_iter()
            .map(|path| judge(path, args.accept))
            .collect()
    });
    let (mut passed, mut failed, mut new, mut updated) = (0, 0, 0, 0);
    for (path, verdict) in transcripts.iter().zip(&verdicts) {
        let shown = path.display();
        let stored = || format!(": snapshot stored in {}", snapshot_of(path).display());
        match verdict {
            Verdict::Passed => {
                passed += 1;
                writeln!(out, "{}  {shown}", "ok     ".green())?;
            }
            Verdict::New { output, accepted } => {
                new += 1;
                if *accepted {
                    writeln!(out, "{}  {shown}{}", "new    ".yellow(), stored())?;
                } else {
                    writeln!(out, "{}  {shown}", "new    ".yellow())?;
                    write!(out, "{}", paint(&diff("", output, path)))?;
                }
            }
            Verdict::Changed { diff, accepted } => match accepted {
                true => {
                    updated += 1;
                    writeln!(out, "{}  {shown}{}", "updated".yellow(), stored())?;
                }
                false => {
                    failed += 1;
                    writeln!(out, "{}  {shown}", "FAILED ".red().bold())?;
                    write!(out, "{}", paint(diff))?;
                }
            },
            Verdict::Failed { reason, diff } => {
                failed += 1;
                writeln!(out, "{}  {shown}: {reason}", "FAILED ".red().bold())?;
                if let Some(diff) = diff {
                    write!(out, "{}", paint(diff))?;
                }
            }
        }
    }
    let again = again(&args.paths);
    if new > 0 && !args.accept {
        writeln!(
            out,
            "{} no snapshot yet: read what {} above; if it is right, `{again} --accept` stores it.",
            transcripts_have(new),
            if new == 1 { "it shows" } else { "they show" }
        )?;
    }
    let mut summary = format!("{passed} passed, {failed} failed");
    if new > 0 {
        summary += &format!(", {new} new");
    }
    if updated > 0 {
        summary += &format!(", {updated} updated");
    }
    writeln!(out, "{summary}")?;
    let stored = if args.accept { new + updated } else { 0 };
    if stored > 0 {
        writeln!(
            out,
            "Stored {stored} snapshot{}: `{again}` now checks against {}.",
            if stored == 1 { "" } else { "s" },
            if stored == 1 { "it" } else { "them" }
        )?;
    }
    match (failed, new > 0 && !args.accept) {
        (0, false) => Ok(()),
        (0, true) => bail!("{} no snapshot yet", transcripts_have(new)),
        (failed, _) => bail!(
            "{failed} transcript{} failed",
            if failed == 1 { "" } else { "s" }
        ),
    }
}

/// `1 transcript has`, `2 transcripts have`.
fn transcripts_have(n: usize) -> String {
    if n == 1 {
        "1 transcript has".to_string()
    } else {
        format!("{n} transcripts have")
    }
}

/// The command that tests the same paths again, as the person can type it.
fn again(paths: &[PathBuf]) -> String {
    let mut command = "delve test".to_string();
    for path in paths {
        command.push(' ');
        command += &path.display().to_string();
    }
    command
}

/// Replays one transcript and compares; with `accept`, stores what it shows.
fn judge(path: &Path, accept: bool) -> Verdict {
    let replayed = match replay::replay(path) {
        Ok(replayed) => replayed,
        Err(error) => {
            return Verdict::Failed {
                reason: format!("{error:#}"),
                diff: None,
            }
        }
    };
    let snapshot = snapshot_of(path);
    let stored = match stored_snapshot(path, &snapshot) {
        Ok(stored) => stored,
        Err(reason) => return Verdict::Failed { reason, diff: None },
    };
    if replayed.script_errors > 0 {
        let n = replayed.script_errors;
        return Verdict::Failed {
            reason: format!(
                "the script failed {n} time{}",
                if n == 1 { "" } else { "s" }
            ),
            diff: stored
                .filter(|s| *s != replayed.output)
                .map(|s| diff(&s, &replayed.output, path)),
        };
    }
    let store = || {
        use crate::files::{Kind, Replace};
        crate::files::write(
            &snapshot,
            replayed.output.as_bytes(),
            Kind::Snapshot,
            Replace::SameKind,
        )
        .map_err(|e| anyhow::anyhow!("can not write {}: {e}", snapshot.display()))
    };
    match stored {
        Some(stored) if stored == replayed.output => Verdict::Passed,
        Some(stored) => {
            let diff = diff(&stored, &replayed.output, path);
            match accept.then(store) {
                Some(Err(error)) => Verdict::Failed {
                    reason: format!("{error:#}"),
                    diff: Some(diff),
                },
                written => Verdict::Changed {
                    diff,
                    accepted: written.is_some(),
                },
            }
        }
        None => match accept.then(store) {
            Some(Err(error)) => Verdict::Failed {
                reason: format!("{error:#}"),
                diff: None,
            },
            written => Verdict::New {
                output: replayed.output,
                accepted: written.is_some(),
            },
        },
    }
}

/// The snapshot stored beside a transcript, if there is one: a regular file
/// in the transcript's folder (not a symlink out of it), within its cap.
fn stored_snapshot(transcript: &Path, snapshot: &Path) -> Result<Option<String>, String> {
    let refused = |why: String| format!("can not read {}: {why}", snapshot.display());
    if std::fs::symlink_metadata(snapshot).is_err() {
        return Ok(None);
    }
    let folder = transcript.parent().unwrap_or(Path::new(""));
    let name = snapshot.file_name().unwrap_or_default().to_string_lossy();
    crate::read::inside(folder, &name).map_err(refused)?;
    crate::read::text(snapshot, crate::read::Kind::Snapshot)
        .map(Some)
        .map_err(|e| refused(e.to_string()))
}

/// `NAME.snap` beside `NAME.txt`.
pub(crate) fn snapshot_of(transcript: &Path) -> PathBuf {
    transcript.with_extension("snap")
}

fn diff(old: &str, new: &str, transcript: &Path) -> String {
    let snapshot = snapshot_of(transcript);
    let old_name = format!("{} (stored)", snapshot.display());
    let new_name = format!("{} (now)", transcript.display());
    TextDiff::from_lines(old, new)
        .unified_diff()
        .context_radius(3)
        .header(&old_name, &new_name)
        .to_string()
}

/// Added lines green, removed lines red, hunk headers cyan.
fn paint(diff: &str) -> String {
    diff.lines()
        .map(|line| {
            if line.starts_with("+++") || line.starts_with("---") {
                line.bold().to_string()
            } else if line.starts_with('+') {
                line.green().to_string()
            } else if line.starts_with('-') {
                line.red().to_string()
            } else if line.starts_with("@@") {
                line.cyan().to_string()
            } else {
                line.to_string()
            }
        })
        .map(|line| line + "\n")
        .collect()
}

/// Every transcript under the roots, sorted; a root that is a file must be
/// one. Hidden folders and `target` folders are not searched.
fn find(roots: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    for root in roots {
        if root.is_file() {
            if !is_transcript(root) {
                return Err(UsageError(format!(
                    "{} is not a transcript: its first line must be `{FIRST_LINE} NAME`",
                    root.display()
                ))
                .into());
            }
            found.push(root.clone());
            continue;
        }
        if !root.is_dir() {
            return Err(UsageError(format!("{}: no such file or folder", root.display())).into());
        }
        let walk = walkdir::WalkDir::new(root)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| e.depth() == 0 || !skipped_folder(e));
        for entry in walk.flatten() {
            let path = entry.path();
            if entry.file_type().is_file() && is_transcript(path) {
                found.push(path.to_path_buf());
            }
        }
    }
    if found.is_empty() {
        let roots: Vec<String> = roots.iter().map(|r| r.display().to_string()).collect();
        return Err(UsageError(format!(
            "no transcripts under {}: a transcript is a .txt file whose first line is `{FIRST_LINE} NAME`",
            roots.join(", ")
        ))
        .into());
    }
    Ok(found)
}

fn skipped_folder(entry: &walkdir::DirEntry) -> bool {
    let name = entry.file_name().to_string_lossy();
    entry.file_type().is_dir() && (name.starts_with('.') || name == "target")
}

fn is_transcript(path: &Path) -> bool {
    if path.extension().is_none_or(|e| e != "txt") {
        return false;
    }
    // At most one short line: a large file that is no transcript costs
    // nothing, and a named pipe is not waited on.
    crate::read::head(path, 256).is_some_and(|first| first.starts_with(FIRST_LINE))
}
