//! A loaded ruleset: its script compiled (a variant merged over its base), the
//! declarations its top level made (title, rules, options), and the engine
//! that runs its `play()` once per replay.

use super::api;
use super::catalog::{self, ScriptFile};
use super::declare::{self, Declarations, OptionSpec};
use super::error::ScriptError;
use super::functions::{rule_functions, RuleFn};
use super::runtime::{Divergence, Event, Outcome, Runtime, Stop};
use crate::deal::DealFile;
use crate::decider::{Choice, Decider, Prompt};
use crate::random::Random;
use crate::table::Table;
use anyhow::{bail, Result};
use rhai::{CallFnOptions, Dynamic, Engine, Map, Scope, AST};
use sha2::{Digest, Sha256};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// Operations a script may run between two decisions before it is stopped.
pub const MAX_OPERATIONS: u64 = 5_000_000;

/// How deep rule functions may call each other.
pub const MAX_CALL_DEPTH: usize = 32;

pub struct Ruleset {
    pub file: ScriptFile,
    /// The script and every base it extends, base first.
    pub sources: Vec<ScriptFile>,
    /// Every rule function, with the file that defines the one in force.
    pub functions: Vec<(String, RuleFn)>,
    pub hash: String,
    pub declared: Declarations,
    engine: Engine,
    ast: AST,
    runtime: Rc<RefCell<Runtime>>,
}

/// What a game needs besides its choices.
#[derive(Clone, Debug, Default)]
pub struct Deal {
    pub seed: u64,
    pub stack: Option<Rc<DealFile>>,
}

/// Where a run stopped.
#[derive(Clone, Debug)]
pub enum RunEnd {
    Asking(Prompt),
    Ended(Outcome),
    Failed(ScriptError),
}

/// One run of the script: the table and log as they stand where it stopped.
#[derive(Clone, Debug)]
pub struct Run {
    pub table: Table,
    pub events: Vec<Event>,
    pub choices: Vec<Choice>,
    pub end: RunEnd,
    pub diverged: Option<Divergence>,
}

/// How to run: the choices to replay and, past them, a bot to answer.
pub struct RunPlan {
    pub options: Map,
    pub deal: Deal,
    pub choices: Vec<Choice>,
    pub bot: Option<Box<dyn Decider>>,
    /// Let the script's `fn bot` answer past the replayed choices.
    pub script_bot: bool,
    /// How many decisions bots may take before the run pauses.
    pub bot_turns: usize,
    pub check_cards: bool,
    pub record_events: bool,
}

impl RunPlan {
    pub fn new(options: Map, deal: Deal, choices: Vec<Choice>) -> RunPlan {
        RunPlan {
            options,
            deal,
            choices,
            bot: None,
            script_bot: false,
            bot_turns: usize::MAX,
            check_cards: cfg!(debug_assertions),
            record_events: true,
        }
    }
}

impl Ruleset {
    /// Loads a ruleset by name or path.
    pub fn load(spec: &str) -> Result<Ruleset> {
        Ruleset::from_file(catalog::find(spec)?)
    }

    pub fn from_file(file: ScriptFile) -> Result<Ruleset> {
        let mut sources = vec![file.clone()];
        while let Some(base) = catalog::base_of(sources.last().unwrap())? {
            if sources.iter().any(|s| s.origin == base.origin) || sources.len() > 8 {
                bail!("{}: variants extend each other in a circle", file.origin);
            }
            sources.push(base);
        }
        sources.reverse();

        let runtime = Rc::new(RefCell::new(Runtime::new()));
        let declared = Rc::new(RefCell::new(Declarations::default()));
        let mut engine = Engine::new();
        configure(&mut engine, &runtime);
        api::register(&mut engine, &runtime);
        declare::register(&mut engine, &declared);

        let mut ast = AST::empty();
        let mut functions: Vec<(String, RuleFn)> = Vec::new();
        for (i, source) in sources.iter().enumerate() {
            let mut part = engine
                .compile(&source.text)
                .map_err(|e| ScriptError::from_parse(&source.origin, &e))?;
            part.set_source(source.origin.as_str());
            let defined = rule_functions(&part, &source.text);
            if i > 0 {
                let base = functions.iter().map(|(_, f)| f);
                check_replacements(&defined, base, &source.origin, &sources[i - 1].name)?;
            }
            functions.retain(|(_, old)| {
                !defined
                    .iter()
                    .any(|new| new.name == old.name && new.params.len() == old.params.len())
            });
            functions.extend(defined.into_iter().map(|f| (source.origin.clone(), f)));
            ast = ast.merge(&part);
        }
        engine
            .run_ast(&ast)
            .map_err(|e| ScriptError::from_eval(&file.origin, &e))?;
        if !defines(&ast, "play", 0) {
            bail!(
                "{}: a ruleset needs a `fn play()`: the game starts there",
                file.origin
            );
        }
        let declared = declared.borrow().clone();
        declared.check(&file.origin)?;

        let mut hasher = Sha256::new();
        for source in &sources {
            hasher.update(source.text.as_bytes());
        }
        let hash = format!("{:x}", hasher.finalize())[..16].to_string();
        Ok(Ruleset {
            file,
            sources,
            functions,
            hash,
            declared,
            engine,
            ast,
            runtime,
        })
    }

    /// Whether the script defines `fn NAME` with `arity` parameters.
    pub fn has_fn(&self, name: &str, arity: usize) -> bool {
        defines(&self.ast, name, arity)
    }

    pub fn name(&self) -> &str {
        &self.file.name
    }

    pub fn option(&self, name: &str) -> Option<&OptionSpec> {
        self.declared.options.iter().find(|o| o.name == name)
    }

    /// The options at their defaults, as a game reads them.
    pub fn default_options(&self) -> Map {
        self.declared
            .options
            .iter()
            .map(|o| (o.name.as_str().into(), o.default.clone()))
            .collect()
    }

    /// Plays `play()` from the start, replaying the plan's choices.
    pub fn run(&self, plan: RunPlan) -> Run {
        {
            let mut rt = self.runtime.borrow_mut();
            rt.reset();
            rt.random = Random::new(plan.deal.seed);
            rt.deal = plan.deal.stack;
            rt.options = plan.options;
            rt.replay = plan.choices;
            rt.bot = plan.bot;
            rt.script_bot = plan.script_bot;
            rt.bot_turns = plan.bot_turns;
            rt.check_cards = plan.check_cards;
            rt.record_events = plan.record_events;
        }
        let result = self.call("play");
        let mut rt = self.runtime.borrow_mut();
        let end = match (rt.stop.take(), result) {
            (Some(Stop::Asking(prompt)), _) => RunEnd::Asking(prompt),
            (Some(Stop::Ended(outcome)), _) => RunEnd::Ended(outcome),
            (None, Err(error)) => RunEnd::Failed(error),
            (None, Ok(_)) => RunEnd::Failed(ScriptError::plain(format!(
                "{}: play() returned without calling end(outcome, score, summary)",
                self.file.origin
            ))),
        };
        Run {
            table: std::mem::take(&mut rt.table),
            events: std::mem::take(&mut rt.events),
            choices: std::mem::take(&mut rt.choices),
            end,
            diverged: rt.diverged.take(),
        }
    }

    /// The script's own picture of `table`, if it has a `fn view()`.
    pub fn view(&self, table: &Table, options: &Map) -> Option<Result<String, ScriptError>> {
        if !self.has_fn("view", 0) {
            return None;
        }
        {
            let mut rt = self.runtime.borrow_mut();
            rt.reset();
            rt.table = table.clone();
            rt.options = options.clone();
        }
        Some(self.call("view").map(|v| v.to_string()))
    }

    fn call(&self, function: &str) -> Result<Dynamic, ScriptError> {
        // The top level runs first, so `const`s are there as `global::NAME`;
        // its declarations only repeat what loading recorded.
        let options = CallFnOptions::new().eval_ast(true);
        self.engine
            .call_fn_with_options::<Dynamic>(options, &mut Scope::new(), &self.ast, function, ())
            .map_err(|e| ScriptError::from_eval(&self.file.origin, &e))
    }
}

/// Functions the host calls: a variant may add them without a base's.
pub const HOOKS: &[&str] = &["play", "view", "bot"];

/// A variant's public functions must each replace one of its base's (or be
/// a hook): a misspelt name or a wrong arity would otherwise be a rule that
/// silently never runs.
fn check_replacements<'a>(
    defined: &[RuleFn],
    base: impl Iterator<Item = &'a RuleFn> + Clone,
    origin: &str,
    base_name: &str,
) -> Result<()> {
    for f in defined.iter().filter(|f| !f.private) {
        let arity = f.params.len();
        if HOOKS.contains(&f.name.as_str())
            || base
                .clone()
                .any(|b| b.name == f.name && b.params.len() == arity)
        {
            continue;
        }
        let place = format!("{origin}:{}", f.line);
        let same_name: Vec<&RuleFn> = base.clone().filter(|b| b.name == f.name).collect();
        let hint = match same_name.as_slice() {
            [b, ..] => format!(
                "{base_name}'s {} takes {} (`{}`)",
                b.name,
                count(b.params.len(), "parameter"),
                b.signature()
            ),
            [] => {
                let nearest = base.clone().filter(|b| !b.private).max_by(|a, b| {
                    strsim::jaro_winkler(&f.name, &a.name)
                        .total_cmp(&strsim::jaro_winkler(&f.name, &b.name))
                });
                match nearest {
                    Some(b) => format!("did you mean `{}`?", b.signature()),
                    None => format!("{base_name} defines no functions"),
                }
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

fn defines(ast: &AST, name: &str, arity: usize) -> bool {
    ast.iter_functions()
        .any(|f| f.name == name && f.params.len() == arity)
}

/// The sandbox: bounded work between decisions, depth, and sizes.
fn configure(engine: &mut Engine, runtime: &Rc<RefCell<Runtime>>) {
    engine
        .set_max_call_levels(MAX_CALL_DEPTH + 8)
        .set_max_expr_depths(64, 32)
        .set_max_string_size(64 * 1024)
        .set_max_array_size(10_000)
        .set_max_map_size(10_000)
        // Interning pays off for few distinct strings; labels are many, and a
        // full interner rescans itself on every insert.
        .set_max_strings_interned(0)
        .set_strict_variables(true)
        .set_fail_on_invalid_map_property(true);
    engine.on_print(|text| eprintln!("{text}"));
    engine.on_debug(|text, _, pos| eprintln!("debug {pos}: {text}"));
    // The progress callback runs on every operation: cells only, no borrow.
    // Past the limit it only raises a flag; the next variable access turns
    // it into an error, which Rhai reports with its place (it would report a
    // termination at the outermost call). A hard stop 10% later catches a
    // loop that touches no variable.
    let (decided, mark) = (runtime.borrow().decided.clone(), Cell::new(0u64));
    let over = Rc::new(Cell::new(false));
    let flag = over.clone();
    engine.on_progress(move |ops| {
        if decided.replace(false) {
            mark.set(ops);
            flag.set(false);
        }
        let spent = ops.saturating_sub(mark.get());
        if spent > MAX_OPERATIONS {
            flag.set(true);
        }
        (spent > MAX_OPERATIONS + MAX_OPERATIONS / 10).then(|| Dynamic::from(too_many_operations()))
    });
    // Rhai marks this API volatile, not deprecated.
    #[allow(deprecated)]
    engine.on_var(move |_, _, context| {
        if over.replace(false) {
            return Err(too_many_operations().into());
        }
        if context.call_level() > MAX_CALL_DEPTH {
            return Err(
                format!("rule functions call each other more than {MAX_CALL_DEPTH} deep").into(),
            );
        }
        Ok(None)
    });
}

fn too_many_operations() -> String {
    format!("the script ran {MAX_OPERATIONS} operations without a decision (an endless loop?)")
}
