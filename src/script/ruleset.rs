//! A loaded ruleset: its script compiled (a variant merged over its base), the
//! declarations its top level made (title, rules, options), and the engine
//! that runs its `play()` once per replay.

use super::api;
use super::catalog::{self, ScriptFile};
use super::declare::{self, Declarations, OptionSpec};
use super::error::ScriptError;
use super::runtime::{Divergence, Event, Outcome, Runtime, Stop};
use crate::deal::DealFile;
use crate::decider::{Choice, Decider, Prompt};
use crate::random::Random;
use crate::table::Table;
use anyhow::{bail, Result};
use rhai::debugger::{DebuggerCommand, DebuggerEvent};
use rhai::{CallFnOptions, Dynamic, Engine, EvalAltResult, Map, Position, Scope, AST};
use sha2::{Digest, Sha256};
use std::cell::RefCell;
use std::rc::Rc;

/// Operations a script may run between two decisions before it is stopped.
pub const MAX_OPERATIONS: u64 = 5_000_000;

pub struct Ruleset {
    pub file: ScriptFile,
    /// The script and every base it extends, base first.
    pub sources: Vec<ScriptFile>,
    pub hash: String,
    pub declared: Declarations,
    engine: Engine,
    ast: AST,
    runtime: Rc<RefCell<Runtime>>,
    trace: Trace,
}

/// Rhai loses the place of a broken limit; a traced rerun finds it.
#[derive(Clone, Default)]
struct Trace {
    on: Rc<std::cell::Cell<bool>>,
    last: Rc<RefCell<Option<(String, Position)>>>,
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
        let trace = Trace::default();
        configure(&mut engine, &runtime);
        register_trace(&mut engine, &trace);
        api::register(&mut engine, &runtime);
        declare::register(&mut engine, &declared);

        let mut ast = AST::empty();
        for source in &sources {
            let mut part = engine
                .compile(&source.text)
                .map_err(|e| ScriptError::from_parse(&source.origin, &e))?;
            part.set_source(source.origin.as_str());
            ast = ast.merge(&part);
        }
        engine
            .run_ast(&ast)
            .map_err(|e| ScriptError::from_eval(&file.origin, &e))?;
        if !ast
            .iter_functions()
            .any(|f| f.name == "play" && f.params.is_empty())
        {
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
            hash,
            declared,
            engine,
            ast,
            runtime,
            trace,
        })
    }

    /// Whether the script defines `fn NAME` with `arity` parameters.
    pub fn has_fn(&self, name: &str, arity: usize) -> bool {
        self.ast
            .iter_functions()
            .any(|f| f.name == name && f.params.len() == arity)
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
        let script_bot = plan.script_bot;
        let (options, deal) = (plan.options.clone(), plan.deal.clone());
        let mut run = self.run_once(plan);
        let lost = self.runtime.borrow_mut().lost.take();
        if let Some(error) = lost {
            run.end = RunEnd::Failed(self.place(&error, options, deal, &run, script_bot));
        }
        run
    }

    /// Reruns a run that broke a limit, tracing it, to tell where it broke.
    fn place(
        &self,
        error: &EvalAltResult,
        options: Map,
        deal: Deal,
        run: &Run,
        script_bot: bool,
    ) -> ScriptError {
        let mut plan = RunPlan::new(options, deal, run.choices.clone());
        plan.script_bot = script_bot;
        plan.bot_turns = 1;
        self.trace.on.set(true);
        self.run_once(plan);
        self.trace.on.set(false);
        self.runtime.borrow_mut().lost = None;
        ScriptError::placed(
            &self.file.origin,
            error,
            self.trace.last.borrow_mut().take(),
        )
    }

    fn run_once(&self, plan: RunPlan) -> Run {
        {
            let mut rt = self.runtime.borrow_mut();
            *rt = Runtime::new();
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
        if !self
            .ast
            .iter_functions()
            .any(|f| f.name == "view" && f.params.is_empty())
        {
            return None;
        }
        {
            let mut rt = self.runtime.borrow_mut();
            *rt = Runtime::new();
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
            .map_err(|e| {
                let error = ScriptError::from_eval(&self.file.origin, &e);
                let mut rt = self.runtime.borrow_mut();
                // A halt by `ask` or `end` is no error; `stop` says why.
                if rt.stop.is_none() && ScriptError::lost_its_place(&e) {
                    rt.lost = Some(e);
                }
                error
            })
    }
}

/// While tracing, Rhai's debugger reports every step; the last place is kept.
fn register_trace(engine: &mut Engine, trace: &Trace) {
    let (on, last) = (trace.on.clone(), trace.last.clone());
    // Rhai marks this API volatile, not deprecated.
    #[allow(deprecated)]
    engine.register_debugger(
        |_, debugger| debugger,
        // Called once as a run starts; stepping on only while tracing.
        move |_, event, _, source, position| {
            if !on.get() {
                return Ok(DebuggerCommand::Continue);
            }
            if matches!(event, DebuggerEvent::Step) && !position.is_none() {
                *last.borrow_mut() = Some((source.unwrap_or_default().to_string(), position));
            }
            Ok(DebuggerCommand::StepInto)
        },
    );
}

/// The sandbox: bounded work between decisions, depth, and sizes.
fn configure(engine: &mut Engine, runtime: &Rc<RefCell<Runtime>>) {
    engine
        .set_max_call_levels(32)
        .set_max_expr_depths(64, 32)
        .set_max_string_size(64 * 1024)
        .set_max_array_size(10_000)
        .set_max_map_size(10_000)
        .set_strict_variables(true)
        .set_fail_on_invalid_map_property(true);
    engine.on_print(|text| eprintln!("{text}"));
    engine.on_debug(|text, _, pos| eprintln!("debug {pos}: {text}"));
    let rt = runtime.clone();
    engine.on_progress(move |ops| {
        let mut rt = rt.try_borrow_mut().ok()?;
        if rt.decided {
            rt.decided = false;
            rt.ops_mark = ops;
        }
        (ops - rt.ops_mark > MAX_OPERATIONS).then(|| {
            Dynamic::from(format!(
                "the script ran {MAX_OPERATIONS} operations without a decision (an endless loop?)"
            ))
        })
    });
}
