//! Writing a session as a transcript (the REPL's `record`): the header that
//! sets up the same game, then one answer per choice. Answers are written by
//! key where the REPL reads a key back as that option, so the transcript
//! still replays after options are reordered or relabelled.

use crate::files::{self, Kind, Replace};
use crate::session::open::Setting;
use crate::session::Session;
use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};

/// Writes the session so far to `path` (and, for a deal that exists only in
/// a save, the deal beside it); returns how many choices it holds. The
/// transcript replaces what `replace` allows; the deal beside it replaces
/// only a deal file. Folders are not made: like `save`, `record` writes in
/// a folder that exists. Messages name the file `shown`, as the person typed it.
pub(crate) fn write(
    session: &Session,
    path: &Path,
    shown: &str,
    replace: Replace,
) -> Result<usize> {
    check(session, path, shown, replace)?;
    let dir = folder_of(path);
    let beside = path.with_extension("deal");
    let changed: Vec<Setting> = session
        .ruleset
        .declared
        .options
        .iter()
        .map(|o| Setting {
            key: o.name.clone(),
            value: session.option_text(&o.name),
        })
        .filter(|s| {
            let option = session.ruleset.option(&s.key);
            option.is_some_and(|o| s.value != o.default.to_string())
        })
        .collect();
    let mut text = header(&game_line(session, &dir), session.deal.seed, &changed);
    if let Some(deal) = &session.deal.stack {
        // A deal file outside the transcript's folder would be refused when
        // it replays (`crate::read::inside`): its text is written beside it.
        let near = deal
            .path
            .as_ref()
            .map(|file| relative_to(&dir, file))
            .filter(|p| crate::read::inside(&dir, &p.to_string_lossy()).is_ok());
        let deal_path = if let Some(near) = near {
            near
        } else {
            files::write(&beside, deal.text.as_bytes(), Kind::Deal, Replace::SameKind)
                .with_context(|| {
                    format!(
                        "can not write the deal beside {shown} to {}",
                        beside.display()
                    )
                })?;
            beside.file_name().map(PathBuf::from).unwrap_or(beside)
        };
        text += &format!("# deal: {}\n", deal_path.display());
    }
    text += &format!("# recorded by delve {}\n", env!("CARGO_PKG_VERSION"));
    let answers = answers(session);
    for answer in &answers {
        text += answer;
        text.push('\n');
    }
    files::write(path, text.as_bytes(), Kind::Transcript, replace)
        .with_context(|| format!("can not record to {shown}"))?;
    Ok(answers.len())
}

/// Whether `write` could write the session to `path`, said before any
/// work that leads to it (`delve solve --line` checks before it searches):
/// the folder exists, the script is reachable from there, and neither the
/// transcript nor a deal beside it would replace what it may not.
pub(crate) fn check(session: &Session, path: &Path, shown: &str, replace: Replace) -> Result<()> {
    let dir = folder_of(path);
    if !dir.is_dir() {
        bail!(
            "can not record to {shown}: the folder {} {}",
            dir.display(),
            if dir.exists() {
                "is not a folder"
            } else {
                "does not exist"
            }
        );
    }
    // Both files are checked before either is written, so a refusal writes nothing.
    if let Some(refused) = unreachable_script(session, path, shown) {
        bail!(refused);
    }
    files::check(path, Kind::Transcript, replace)
        .with_context(|| format!("can not record to {shown}"))?;
    let beside = path.with_extension("deal");
    let deal_beside = session.deal.stack.as_ref().filter(|d| d.path.is_none());
    if deal_beside.is_some() {
        files::check(&beside, Kind::Deal, Replace::SameKind).with_context(|| {
            format!(
                "can not write the deal beside {shown} to {}",
                beside.display()
            )
        })?;
    }
    Ok(())
}

/// The lines that set up a game: its ruleset, seed and options as set. Every
/// transcript delve writes (`record`, `delve check`'s failing games) opens so.
pub(crate) fn header(game: &str, seed: u64, settings: &[Setting]) -> String {
    let mut text = format!("{} {game}\n# seed: {seed}\n", super::FIRST_LINE);
    for setting in settings {
        text += &format!("# opt: {setting}\n");
    }
    text
}

/// Why a transcript at `path` could not name the game's script, if it could
/// not: `delve test` and `delve replay` read a script named in a transcript
/// only from the transcript's folder or below it (`crate::read::inside`), so
/// a transcript elsewhere would be written only to be refused. The message
/// says where to record instead: beside the script.
pub(crate) fn unreachable_script(session: &Session, path: &Path, shown: &str) -> Option<String> {
    let file = &session.ruleset.file;
    let script = file
        .path
        .as_ref()
        .filter(|_| crate::script::catalog::is_path(&file.name))?;
    let dir = folder_of(path);
    let named = relative_to(&dir, script);
    crate::read::inside(&dir, &named.to_string_lossy()).err()?;
    let transcript = path
        .file_name()
        .map_or_else(|| shown.into(), |n| n.to_string_lossy());
    let beside = Path::new(&file.name).with_file_name(transcript.as_ref());
    Some(format!(
        "can not record to {shown}: a transcript may name only a script in its own folder or below it, \
         and {} is not there, so `delve test` and `delve replay` would refuse it; \
         record beside the script (`record {}`) or in a folder that holds it",
        file.name,
        beside.display()
    ))
}

/// The folder a file at `path` is in (`.` for a bare file name).
fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The game as the header names it: a catalog name, or the script's path
/// from the transcript's folder.
fn game_line(session: &Session, dir: &Path) -> String {
    let file = &session.ruleset.file;
    match &file.path {
        Some(script) if crate::script::catalog::is_path(&file.name) => {
            relative_to(dir, script).display().to_string()
        }
        _ => file.name.clone(),
    }
}

/// `target` as seen from `dir`, or absolute when no relative path exists.
fn relative_to(dir: &Path, target: &Path) -> PathBuf {
    let target = std::fs::canonicalize(target).unwrap_or_else(|_| target.to_path_buf());
    std::fs::canonicalize(dir)
        .ok()
        .and_then(|dir| pathdiff::diff_paths(&target, dir))
        .unwrap_or(target)
}

/// One line per choice: its key, unless the REPL would read the key as
/// something else (a number, a comment, blank space); then its label, or
/// failing that its number.
fn answers(session: &Session) -> Vec<String> {
    let labels = session.chosen_labels();
    session
        .choices()
        .iter()
        .zip(&labels)
        .map(|(choice, label)| {
            [choice.key.as_str(), label.as_str()]
                .into_iter()
                .find(|text| typed_back_as_itself(text))
                .map_or_else(|| (choice.index + 1).to_string(), str::to_string)
        })
        .collect()
}

fn typed_back_as_itself(text: &str) -> bool {
    !text.is_empty()
        && text.trim() == text
        && !text.starts_with('#')
        && !text.contains('\n')
        && text.parse::<u64>().is_err()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_that_would_read_as_numbers_or_comments_are_not_written() {
        assert!(typed_back_as_itself("7♥ on J♠"));
        assert!(typed_back_as_itself("A1"));
        assert!(!typed_back_as_itself("12"));
        assert!(!typed_back_as_itself("# x"));
        assert!(!typed_back_as_itself(" padded"));
        assert!(!typed_back_as_itself(""));
    }
}
