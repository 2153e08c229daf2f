//! Where rulesets are found: folders named in `DELVE_GAMES` first, then the
//! shipped games built into the binary (so a save's hash does not depend on
//! the folder delve runs in), or any path to a `.rhai` file. Library
//! scripts, which rulesets `import` by name, live in a `lib/` folder beside
//! the games, on disk or built in, and are found the same way. A ruleset's
//! parts (say, its bot) are the scripts of a folder named as the ruleset,
//! beside it: `NAME.rhai` and `NAME/bot.rhai`.

use crate::read::{self, Kind};
use crate::usage::UsageError;
use anyhow::{bail, Context, Result};
use include_dir::{include_dir, Dir};
use std::path::{Path, PathBuf};

static BUILT_IN: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/games");

/// A script's text and where it came from.
#[derive(Clone, Debug)]
pub struct ScriptFile {
    /// The name `delve list` shows, or the path as given.
    pub name: String,
    /// Shown in error messages: a path, or `games/NAME.rhai` for a built-in copy.
    pub origin: String,
    /// On disk, for `reload` and for resolving relative `extends:` paths.
    pub path: Option<PathBuf>,
    pub text: String,
}

/// The folders searched for rulesets before the built-in ones, first match
/// wins (`DELVE_GAMES=games` plays the source tree's, for rule authors).
fn folders() -> Vec<PathBuf> {
    std::env::var_os("DELVE_GAMES")
        .map(|v| std::env::split_paths(&v).collect())
        .unwrap_or_default()
}

/// The folder of library scripts, beside the games.
const LIBRARY: &str = "lib";

/// A library script by name: `import "cards" as cards;` reads `lib/cards.rhai`.
pub(crate) fn library(name: &str) -> Result<ScriptFile> {
    let plain = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if plain {
        for dir in folders() {
            let path = dir.join(LIBRARY).join(format!("{name}.rhai"));
            if path.is_file() {
                // A library script is a file of the library folder, not a
                // symlink out of it.
                let library = dir.join(LIBRARY);
                read::inside(&library, &format!("{name}.rhai")).map_err(|why| {
                    anyhow::anyhow!(
                        "library script {}: {why}; a library script must be a file of {}",
                        path.display(),
                        library.display()
                    )
                })?;
                let mut file = read_path(&path)?;
                file.name = name.to_string();
                return Ok(file);
            }
        }
        if let Some(file) = BUILT_IN.get_file(format!("{LIBRARY}/{name}.rhai")) {
            return Ok(ScriptFile {
                name: name.to_string(),
                origin: format!("games/{LIBRARY}/{name}.rhai"),
                path: None,
                text: file.contents_utf8().unwrap_or_default().to_string(),
            });
        }
    }
    let mut known: Vec<String> = BUILT_IN
        .get_dir(LIBRARY)
        .map(|d| d.files().filter_map(|f| stem(f.path())).collect())
        .unwrap_or_default();
    for dir in folders() {
        if let Ok(entries) = std::fs::read_dir(dir.join(LIBRARY)) {
            known.extend(entries.flatten().filter_map(|e| stem(&e.path())));
        }
    }
    known.sort();
    known.dedup();
    bail!(
        "no library script named `{name}`: a script imports a library script by its name ({})",
        if known.is_empty() {
            "there are none".to_string()
        } else {
            format!("the library: {}", known.join(", "))
        }
    )
}

/// Every ruleset name available, sorted.
pub fn names() -> Vec<String> {
    let mut names: Vec<String> = BUILT_IN.files().filter_map(|f| stem(f.path())).collect();
    for dir in folders() {
        if let Ok(entries) = std::fs::read_dir(dir) {
            names.extend(entries.flatten().filter_map(|e| stem(&e.path())));
        }
    }
    names.sort();
    names.dedup();
    names
}

fn stem(path: &Path) -> Option<String> {
    if path.extension()? != "rhai" {
        return None;
    }
    Some(path.file_stem()?.to_str()?.to_string())
}

/// Finds a ruleset by name, or reads it from a path ending in `.rhai`.
pub(crate) fn find(spec: &str) -> Result<ScriptFile> {
    find_from(spec, None)
}

/// Whether a ruleset is named by a path rather than a catalog name.
pub(crate) fn is_path(spec: &str) -> bool {
    is_script_file(spec) || spec.contains('/')
}

fn is_script_file(name: &str) -> bool {
    Path::new(name)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("rhai"))
}

/// Like `find`, but a path is read from `base` (a transcript's folder), and
/// only a file in that folder or below it; the file keeps the spelling it
/// was given, so messages read the same from any working directory.
pub(crate) fn find_from(spec: &str, base: Option<&Path>) -> Result<ScriptFile> {
    if is_path(spec) {
        let path = match base {
            Some(base) => read::inside(base, spec).map_err(|why| {
                UsageError(format!(
                    "`# game: {}` is refused: {why}. A transcript plays a script by path only from its own folder or below; to play that script on purpose, name it on the command line: `delve play PATH`",
                    read::excerpt(spec)
                ))
            })?,
            None => PathBuf::from(spec),
        };
        let mut file = read_path(&path)?;
        file.name = spec.to_string();
        file.origin = spec.to_string();
        return Ok(file);
    }
    for dir in folders() {
        let path = dir.join(format!("{spec}.rhai"));
        if path.is_file() {
            let mut file = read_path(&path)?;
            file.name = spec.to_string();
            return Ok(file);
        }
    }
    if let Some(file) = BUILT_IN.get_file(format!("{spec}.rhai")) {
        return Ok(ScriptFile {
            name: spec.to_string(),
            origin: format!("games/{spec}.rhai"),
            path: None,
            text: file.contents_utf8().unwrap_or_default().to_string(),
        });
    }
    Err(UsageError(unknown_message(spec)).into())
}

/// The same script read again (for `reload`): from its file if it has one,
/// keeping the name it was given, else found again by name.
pub(crate) fn reread(file: &ScriptFile) -> Result<ScriptFile> {
    match &file.path {
        Some(path) => Ok(ScriptFile {
            text: read::text(path, Kind::Script)
                .with_context(|| format!("can not read ruleset {}", file.origin))?,
            ..file.clone()
        }),
        None => find(&file.name),
    }
}

fn read_path(path: &Path) -> Result<ScriptFile> {
    let text = read::text(path, Kind::Script)
        .with_context(|| format!("can not read ruleset {}", path.display()))?;
    Ok(ScriptFile {
        name: path.display().to_string(),
        origin: path.display().to_string(),
        path: Some(path.to_path_buf()),
        text,
    })
}

fn unknown_message(spec: &str) -> String {
    let all = names();
    let mut near: Vec<(f64, &String)> = all
        .iter()
        .map(|n| (crate::script::suggest::likeness(spec, n), n))
        .filter(|(score, n)| *score > 0.75 || n.contains(spec))
        .collect();
    near.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut message = format!("no ruleset named `{}`", crate::read::excerpt(spec));
    if near.is_empty() {
        message += &format!("; the rulesets are: {}", all.join(", "));
    } else {
        let names: Vec<&str> = near.iter().take(3).map(|(_, n)| n.as_str()).collect();
        let (last, rest) = names.split_last().expect("near is not empty");
        let choices = match rest {
            [] => last.to_string(),
            _ => format!("{} or {last}", rest.join(", ")),
        };
        message += &format!("; did you mean {choices}?");
    }
    message + " (`delve list` shows them all)"
}

/// The most parts a ruleset may have: a bound on what a folder can load.
const MOST_PARTS: usize = 16;

/// A ruleset's parts: the `.rhai` files of the folder named as its script,
/// beside it (on disk, or built in), by name. They are of one ruleset with
/// it: each sees the others' functions, and none may define one twice.
pub(crate) fn parts_of(file: &ScriptFile) -> Result<Vec<ScriptFile>> {
    let mut parts = match &file.path {
        Some(path) => parts_on_disk(&path.with_extension(""))?,
        None => BUILT_IN
            .get_dir(&file.name)
            .map(|dir| {
                dir.files()
                    .filter(|f| is_script_file(&f.path().to_string_lossy()))
                    .map(|f| ScriptFile {
                        name: format!("{}/{}", file.name, stem(f.path()).unwrap_or_default()),
                        origin: format!("games/{}", f.path().display()),
                        path: None,
                        text: f.contents_utf8().unwrap_or_default().to_string(),
                    })
                    .collect()
            })
            .unwrap_or_default(),
    };
    parts.sort_by(|a, b| a.origin.cmp(&b.origin));
    if parts.len() > MOST_PARTS {
        bail!(
            "{}: a ruleset has at most {MOST_PARTS} parts, and its folder holds {} scripts",
            file.origin,
            parts.len()
        );
    }
    if let Some(part) = parts.iter().find(|p| extends(&p.text).is_some()) {
        bail!(
            "{}: a part of a ruleset extends nothing; the ruleset's own script names its base",
            part.origin
        );
    }
    Ok(parts)
}

fn parts_on_disk(folder: &Path) -> Result<Vec<ScriptFile>> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Ok(Vec::new());
    };
    let mut parts = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().to_string();
        if !is_script_file(&name) {
            continue;
        }
        if parts.len() == MOST_PARTS {
            bail!(
                "{}: a ruleset has at most {MOST_PARTS} parts",
                folder.display()
            );
        }
        // A part is a file of the folder, not a symlink out of it.
        let path = read::inside(folder, &name).map_err(|why| {
            anyhow::anyhow!(
                "part {}: {why}; a part must be a file of {}",
                folder.join(&name).display(),
                folder.display()
            )
        })?;
        parts.push(read_path(&path)?);
    }
    Ok(parts)
}

/// The base named on a leading comment line `// extends: NAME`.
fn extends(text: &str) -> Option<&str> {
    text.lines()
        .take_while(|l| l.trim().is_empty() || l.trim_start().starts_with("//"))
        .find_map(|l| l.trim_start_matches('/').trim().strip_prefix("extends:"))
        .map(str::trim)
}

/// The base a variant names on a leading comment line `// extends: NAME`,
/// resolved beside the variant when it is a path.
pub(crate) fn base_of(file: &ScriptFile) -> Result<Option<ScriptFile>> {
    let Some(base) = extends(&file.text) else {
        return Ok(None);
    };
    if is_path(base) {
        // A variant names its base by path only in its own folder or below.
        let dir = file.path.as_deref().and_then(Path::parent);
        let found = match dir {
            Some(dir) => read::inside(dir, base),
            None => Err("a built-in script extends only rulesets by name".to_string()),
        };
        let path = found.map_err(|why| {
            anyhow::anyhow!(
                "{}: `extends: {}` is refused: {why}. A script extends a ruleset by name, or a script in its own folder or below; to play that file on purpose, name it on the command line: `delve play PATH`",
                file.origin,
                read::excerpt(base)
            )
        })?;
        return read_path(&path).map(Some);
    }
    match find(base) {
        Ok(found) => Ok(Some(found)),
        Err(e) => bail!("{}: `extends: {base}`: {e}", file.origin),
    }
}
