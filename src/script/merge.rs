//! How a ruleset's files become one program: level by level, base first,
//! each script followed by its parts; what each function replaces, the
//! `base::` copies a variant calls, and each file's top level run once to
//! learn what it declares.

use super::base_calls;
use super::catalog::ScriptFile;
use super::error::{load_error, Places};
use super::functions::{rule_functions, RuleFn};
use super::ruleset::{self, check_replacements, Level};
use super::successors::Successor;
use anyhow::{bail, Result};
use rhai::{Engine, Scope, AST};
use std::cell::RefCell;

/// The ruleset's files merged: what runs, and what is known of it.
pub(crate) struct Merged {
    pub ast: AST,
    /// Every rule function in force, with the file that defines it.
    pub functions: Vec<(String, RuleFn)>,
    pub places: Places,
}

/// Merges every level over the ones below it.
/// `gone` is what the levels' top levels declare no longer there
/// (`replaced`), read as each level is checked against those below.
pub(crate) fn levels(
    engine: &Engine,
    levels: &[Level],
    places: Places,
    gone: &RefCell<Vec<Successor>>,
) -> Result<Merged> {
    let mut merged = Merged {
        ast: AST::empty(),
        functions: Vec::new(),
        places,
    };
    for (index, level) in levels.iter().enumerate() {
        let functions = merged.functions.clone();
        let successors = gone.borrow().clone();
        let below = Below {
            index,
            functions: &functions,
            gone: &successors,
            name: index.checked_sub(1).map(|b| levels[b].script.name.as_str()),
        };
        // What this level's files define so far: no two may define one function.
        let mut own: Vec<(String, RuleFn)> = Vec::new();
        for source in level.files() {
            let is_part = source.origin != level.script.origin;
            merged.file(engine, source, is_part, &below, &mut own)?;
        }
    }
    Ok(merged)
}

/// What lies below a level: its number, the functions in force there, the
/// ones its rulesets declared gone, and the name of the ruleset it extends
/// (none for the bottom one).
struct Below<'a> {
    index: usize,
    functions: &'a [(String, RuleFn)],
    gone: &'a [Successor],
    name: Option<&'a str>,
}

impl Merged {
    /// Merges one file of a level over what is there.
    fn file(
        &mut self,
        engine: &Engine,
        source: &ScriptFile,
        is_part: bool,
        below: &Below<'_>,
        own: &mut Vec<(String, RuleFn)>,
    ) -> Result<()> {
        let i = below.index;
        let (text, mut calls) = base_calls::rewrite(&source.text, i);
        if let (Some(call), true) = (calls.first(), is_part) {
            bail!(
                "{}:{}: a part of a ruleset calls no `base::` function; \
                 the ruleset's own script (a variant) may",
                source.origin,
                call.line
            );
        }
        let mut part = engine
            .compile_into_self_contained(&Scope::new(), &text)
            .map_err(|e| load_error(source, &e))?;
        part.set_source(source.origin.as_str());
        base_calls::count_arguments(&part, i, &mut calls);
        let mut defined = rule_functions(&part, &source.text);
        ruleset::check_twice(&defined, own, &source.origin)?;
        mark_replacements(&mut defined, below.functions, &calls);
        if let Some(base_name) = below.name {
            let base: Vec<&RuleFn> = below.functions.iter().map(|(_, f)| f).collect();
            check_replacements(&defined, &base, below.gone, &source.origin, base_name)?;
        }
        self.functions.retain(|(_, old)| {
            !defined
                .iter()
                .any(|new| new.name == old.name && new.params.len() == old.params.len())
        });
        // What `base::` names is what lies below, before this file replaces it.
        let (copies, names) = base_calls::provide(&self.ast, &calls, i, &source.origin, &defined)?;
        for (copy, name) in names {
            self.places.same_as(copy, &name);
        }
        for f in &defined {
            self.places
                .files
                .insert(f.name.clone(), source.origin.clone());
            self.places.lines.insert(f.name.clone(), f.line);
        }
        own.extend(defined.iter().map(|f| (source.origin.clone(), f.clone())));
        self.functions
            .extend(defined.into_iter().map(|f| (source.origin.clone(), f)));
        self.ast = self.ast.merge(&copies).merge(&part);
        // This file's top level, with every function so far: it declares.
        let top = self
            .ast
            .clone_functions_only()
            .merge(&part.clone_statements_only());
        let origin = Places {
            main: source.origin.clone(),
            ..self.places.clone()
        };
        crate::heap::metered(|| engine.run_ast(&top))
            .map_err(|e| origin.placed(&source.origin, &e))?;
        Ok(())
    }
}

/// Marks each function of a file with the one it replaces (if any) and
/// the `base::` calls it makes (each call belongs to the function defined
/// last above it).
fn mark_replacements(
    defined: &mut [RuleFn],
    below: &[(String, RuleFn)],
    calls: &[base_calls::BaseCall],
) {
    for f in defined.iter_mut() {
        f.replaces = below
            .iter()
            .find(|(_, old)| old.name == f.name && old.params.len() == f.params.len())
            .map(|(origin, _)| origin.clone());
    }
    for call in calls {
        let owner = defined
            .iter_mut()
            .filter(|f| f.line > 0 && f.line <= call.line)
            .max_by_key(|f| f.line);
        if let Some(f) = owner {
            if !f.calls_base.contains(&call.name) {
                f.calls_base.push(call.name.clone());
            }
        }
    }
}
