//! `delve source GAME`: a ruleset's script as delve reads it (the copy built
//! into the binary for a shipped game), its parts after it, so the whole
//! saved to one file plays the same; or with `--functions` the rule
//! functions a variant may replace, each with the first line of its comment,
//! the kinds of move it declares, and the rules it no longer has.

use crate::run::Program;
use crate::script::catalog;
use anyhow::Result;
use std::fmt::Write;

pub(crate) fn describe(game: &str, functions: bool) -> Result<String> {
    if !functions {
        let script = catalog::find(game)?;
        let mut text = String::new();
        for (i, file) in std::iter::once(&script)
            .chain(&catalog::parts_of(&script)?)
            .enumerate()
        {
            if i > 0 {
                let _ = writeln!(text, "\n// ---- part {} ----\n", file.origin);
            }
            text += &file.text;
            if !text.ends_with('\n') {
                text.push('\n');
            }
        }
        return Ok(text);
    }
    let program = Program::load_named(game)?;
    let ruleset = program.ruleset();
    let public: Vec<_> = ruleset
        .functions
        .iter()
        .filter(|(_, f)| !f.private)
        .collect();
    let width = public
        .iter()
        .map(|(_, f)| f.signature().chars().count())
        .max()
        .unwrap_or(0);
    let mut text = format!(
        "The rule functions of {}. A variant (a script whose first line is \
         `// extends: {}`) replaces one by defining a function of the same name \
         and parameters (and may call the one it replaces as `base::NAME(args)`); \
         a helper of its own is written `private fn`; a `const` it declares again \
         (`const NAME = value;`) replaces the base's, in the base's rules too.\n",
        ruleset.name(),
        ruleset.name()
    );
    let mut file = "";
    for (origin, f) in public {
        if origin != file {
            file = origin;
            let _ = writeln!(text, "\n{origin}:");
        }
        let mut marks = Vec::new();
        if let Some(below) = &f.replaces {
            marks.push(format!("replaces {below}'s"));
        }
        marks.extend(
            f.calls_base
                .iter()
                .map(|name| format!("calls base::{name}")),
        );
        let mut tail = f.summary.clone();
        if !marks.is_empty() {
            tail = format!("{tail} [{}]", marks.join(", "));
        }
        let line = format!("  {:width$}  {}", f.signature(), tail.trim_start());
        let _ = writeln!(text, "{}", line.trim_end());
    }
    text += &move_kinds(&ruleset.declared.moves);
    text += &gone(&ruleset.gone);
    Ok(text)
}

/// The rule functions the ruleset says it no longer has, each with what
/// took its place: what a house rule written before must change.
fn gone(gone: &[crate::script::successors::Successor]) -> String {
    if gone.is_empty() {
        return String::new();
    }
    let mut text =
        "\nRules it no longer has (a variant that defines one is told what took its place):\n"
            .to_string();
    for s in gone {
        let _ = writeln!(
            text,
            "  {}: in its place, {} ({})",
            s.gone, s.instead, s.why
        );
    }
    text
}

/// The kinds of move the ruleset declares, in the order the host lists
/// them, each with where it is declared and how a move of it reads.
fn move_kinds(kinds: &[crate::script::move_kind::MoveKind]) -> String {
    if kinds.is_empty() {
        return String::new();
    }
    let mut text = "\nThe kinds of move it declares, listed by the host in this order (a variant \
        changes one with `change_move_kind(NAME, #{...})`, drops one with \
        `drop_move_kind(NAME)`, adds one with `move_kind(NAME, #{...})`):\n"
        .to_string();
    let width = kinds
        .iter()
        .map(|k| k.name.chars().count())
        .max()
        .unwrap_or(0);
    for kind in kinds {
        let label = kind
            .label
            .as_ref()
            .map_or(String::new(), |l| format!(", reads \"{l}\""));
        let _ = writeln!(
            text,
            "  {:width$}  declared at {}{label}",
            kind.name, kind.place
        );
    }
    text
}
