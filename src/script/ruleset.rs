//! A ruleset as the rest of delve knows it: its script files (a variant and
//! the bases it extends, the library scripts they import), its rule
//! functions, the hash that saves rely on, and what its top level declared.
//! It is plain data, so a session may hold it while its game runs on
//! another thread; `Program` is the same ruleset compiled into an engine.

use super::catalog::{self, ScriptFile};
use super::declare::{Declarations, OptionSpec};
use super::functions::RuleFn;
use super::successors::Successor;
use anyhow::{bail, Result};
use sha2::{Digest, Sha256};

#[derive(Clone, Debug)]
pub struct Ruleset {
    pub file: ScriptFile,
    /// The script and every base it extends, base first, each followed by
    /// its parts.
    pub sources: Vec<ScriptFile>,
    /// The library scripts they import, by name.
    pub imports: Vec<ScriptFile>,
    /// Every rule function, with the file that defines the one in force.
    pub functions: Vec<(String, RuleFn)>,
    /// Of every source and import: a save of a changed script says so.
    pub hash: String,
    pub declared: Declarations,
    /// A story (`fn play()`) or a game of positions.
    pub shape: super::shape::Shape,
    /// The rule functions it no longer has, and what took their place.
    pub(crate) gone: Vec<Successor>,
}

impl Ruleset {
    pub fn name(&self) -> &str {
        &self.file.name
    }

    /// Whether the script defines `fn NAME` with `arity` parameters.
    pub fn has_fn(&self, name: &str, arity: usize) -> bool {
        self.functions
            .iter()
            .any(|(_, f)| f.name == name && f.params.len() == arity)
    }

    /// Whether it has a bot of its own: `fn bot(question, options)` or `fn rate(option)`.
    pub(crate) fn has_bot(&self) -> bool {
        self.has_fn("bot", 2) || self.has_fn("rate", 1)
    }

    pub fn option(&self, name: &str) -> Option<&OptionSpec> {
        self.declared.option(name)
    }

    /// Whether `seed` deals a game of it: any seed does, unless it declared
    /// deal numbers; the message names the ruleset and the numbers.
    pub(crate) fn check_seed(&self, seed: u64) -> Result<(), String> {
        match self.declared.deal_numbers {
            Some(numbers) => numbers
                .check(seed)
                .map_err(|why| format!("{}: {why}", self.name())),
            None => Ok(()),
        }
    }

    /// The seeds `first` to `first + games - 1`, checked: the last of them.
    pub(crate) fn check_seeds(&self, first: u64, games: u64) -> Result<u64, String> {
        self.check_seed(first)?;
        let last = crate::usage::last_seed(first, games).map_err(|e| e.0)?;
        self.check_seed(last).map_err(|why| {
            format!("seeds {first} to {last} (--seed and --games) pass the last deal: {why}")
        })?;
        Ok(last)
    }

    /// A fresh deal's seed, short enough to type back in.
    pub(crate) fn fresh_seed(&self) -> u64 {
        match self.declared.deal_numbers {
            Some(numbers) => numbers.fresh(),
            None => u64::from(rand::random::<u32>()),
        }
    }

    /// The first seed of a run of games that names none.
    pub(crate) fn first_seed(&self) -> u64 {
        self.declared
            .deal_numbers
            .map_or(0, |numbers| *numbers.range().start())
    }

    /// The seed of the deal after `seed`'s.
    pub(crate) fn next_seed(&self, seed: u64) -> u64 {
        match self.declared.deal_numbers {
            Some(numbers) => numbers.next(seed),
            None => seed.wrapping_add(1),
        }
    }
}

/// One level of a ruleset: a script and its parts, which see each other's
/// functions as if they were one file.
#[derive(Clone, Debug)]
pub(crate) struct Level {
    pub script: ScriptFile,
    pub parts: Vec<ScriptFile>,
}

impl Level {
    /// The script, then its parts.
    pub(crate) fn files(&self) -> impl Iterator<Item = &ScriptFile> {
        std::iter::once(&self.script).chain(&self.parts)
    }
}

/// The script and the bases it extends (`// extends:`), base first, each
/// with its parts.
pub(crate) fn with_bases(file: &ScriptFile) -> Result<Vec<Level>> {
    let mut scripts = vec![file.clone()];
    while let Some(base) = catalog::base_of(scripts.last().expect("not empty"))? {
        if scripts.iter().any(|s| s.origin == base.origin) || scripts.len() > 8 {
            bail!("{}: variants extend each other in a circle", file.origin);
        }
        scripts.push(base);
    }
    scripts.reverse();
    scripts
        .into_iter()
        .map(|script| {
            let parts = catalog::parts_of(&script)?;
            Ok(Level { script, parts })
        })
        .collect()
}

/// Refuses a function that two files of one level both define: neither
/// would replace the other, so one of them would silently never run.
pub(crate) fn check_twice(
    defined: &[RuleFn],
    level: &[(String, RuleFn)],
    origin: &str,
) -> Result<()> {
    for f in defined {
        let arity = f.params.len();
        if let Some((other, g)) = level
            .iter()
            .find(|(_, g)| g.name == f.name && g.params.len() == arity)
        {
            bail!(
                "{origin}:{}: `fn {}` is defined twice in one ruleset: also at {other}:{} \
                 (the parts of a ruleset are one script; a variant replaces a function)",
                f.line,
                f.signature(),
                g.line
            );
        }
    }
    Ok(())
}

/// A short hash of every file the ruleset is made of.
pub(crate) fn hash(sources: &[ScriptFile], imports: &[ScriptFile]) -> String {
    let mut hasher = Sha256::new();
    for file in sources.iter().chain(imports) {
        hasher.update(file.text.as_bytes());
        hasher.update([0]);
    }
    format!("{:x}", hasher.finalize())[..16].to_string()
}

/// Functions the host calls: a variant may add them without a base's.
pub(crate) const HOOKS: &[&str] = &[
    "play",
    "setup",
    "begin",
    "options",
    "apply",
    "view",
    "layout",
    "status",
    "faces",
    "bot",
    "rate",
    "label",
    "redeal_unseen",
    "value",
];

/// A variant's public functions must each replace one of its base's (or be
/// a hook): a misspelt name or a wrong arity would otherwise be a rule that
/// silently never runs.
pub(crate) fn check_replacements(
    defined: &[RuleFn],
    base: &[&RuleFn],
    gone: &[Successor],
    origin: &str,
    base_name: &str,
) -> Result<()> {
    for f in defined.iter().filter(|f| !f.private) {
        let arity = f.params.len();
        if base
            .iter()
            .any(|b| b.name == f.name && b.params.len() == arity)
        {
            continue;
        }
        let place = format!("{origin}:{}", f.line);
        // A rule the base says is gone, hook or not: what took its place.
        if let Some(told) = super::successors::told(gone, &f.name, base_name) {
            bail!(
                "{place}: `fn {}` replaces no function of {base_name}: {told}",
                f.signature()
            );
        }
        if HOOKS.contains(&f.name.as_str()) {
            continue;
        }
        let same_name: Vec<&RuleFn> = base.iter().copied().filter(|b| b.name == f.name).collect();
        let hint = if let [b, ..] = same_name.as_slice() {
            format!(
                "{base_name}'s {} takes {} (`{}`)",
                b.name,
                count(b.params.len(), "parameter"),
                b.signature()
            )
        } else {
            let nearest = base.iter().filter(|b| !b.private).max_by(|a, b| {
                crate::script::suggest::likeness(&f.name, &a.name)
                    .total_cmp(&crate::script::suggest::likeness(&f.name, &b.name))
            });
            match nearest {
                Some(b) => format!("did you mean `{}`?", b.signature()),
                None => format!("{base_name} defines no functions"),
            }
        };
        bail!(
            "{place}: `fn {}` replaces no function of {base_name}: {hint} \
             (a new helper in a variant is written `private fn`)",
            f.signature()
        );
    }
    Ok(())
}

fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}
