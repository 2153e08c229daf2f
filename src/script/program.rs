//! A ruleset compiled into a sandboxed engine, ready to run: its variant
//! merged over its bases, its imports resolved, its top level run once (in
//! declaration mode, so it can not touch the game) to learn what it
//! declares. A program lives on one thread; runs reuse it.

use super::api;
use super::catalog::ScriptFile;
use super::declare::{self, Declarations};
use super::drive::{self, Driver, DriverSlot};
use super::engine;
use super::error::{Places, ScriptError};
use super::host::{BotFn, Host, Mode, Wiring};
use super::merge::{self, Merged};
use super::position_rules::RepetitionEnd;
use super::profile;
use super::resolver::{Imports, Resolver};
use super::ruleset::{self, Level, Ruleset};
use super::suggest;
use anyhow::{bail, Result};
use rhai::debugger::{DebuggerCommand, DebuggerEvent};
use rhai::{CallFnOptions, Dynamic, Engine, Position, Scope, AST};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

/// `H` is the run's state that the script's calls act on (see `Host`).
/// Outside the crate a program is only ever `run::Program`, whose state the
/// crate makes, so the bound may stay private.
#[allow(private_bounds)]
pub struct Program<H: Host> {
    ruleset: Arc<Ruleset>,
    engine: Engine,
    ast: AST,
    host: Rc<RefCell<H>>,
    /// A traced program's last place reached: (rule function, position).
    trace: Option<Rc<RefCell<Place>>>,
    /// A profiled program's steps by function.
    profile: Option<profile::Counts>,
    /// What the host runs in the engine next (`drive`), and the script
    /// that calls it after the top level.
    driver: DriverSlot,
    driving: AST,
}

/// What a program's one debugger hook watches, if anything.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Watch {
    Nothing,
    /// The last place reached, to place an error.
    Trace,
    /// The steps of each function.
    Profile,
}

/// Where a traced program last was: the rule function and the position.
pub(crate) type Place = Option<(String, Position)>;

#[allow(private_bounds)]
impl<H: Host> Program<H> {
    /// Loads a ruleset by name or path.
    pub fn load_named(spec: &str) -> Result<Program<H>> {
        Program::load(super::catalog::find(spec)?)
    }

    pub fn load(file: ScriptFile) -> Result<Program<H>> {
        Program::load_with(file, Watch::Nothing)
    }

    /// A program whose every step is traced: slow, and only for placing an
    /// error Rhai reported without a place (`run` reruns the game on it).
    pub(crate) fn load_traced(file: ScriptFile) -> Result<Program<H>> {
        Program::load_with(file, Watch::Trace)
    }

    /// A program that counts its steps by function (`profile`): slow.
    pub fn load_profiled(file: ScriptFile) -> Result<Program<H>> {
        Program::load_with(file, Watch::Profile)
    }

    fn load_with(file: ScriptFile, watch: Watch) -> Result<Program<H>> {
        let levels = ruleset::with_bases(&file)?;
        let sources: Vec<ScriptFile> = levels.iter().flat_map(Level::files).cloned().collect();
        let wiring = Wiring::default();
        let host = Rc::new(RefCell::new(H::fresh(wiring.clone())));
        let declared = Rc::new(RefCell::new(Declarations {
            options: declare::host_options(),
            ..Declarations::default()
        }));
        let imports = Rc::new(Imports::default());
        let mut engine = Engine::new();
        engine::configure(&mut engine, &wiring.decided, &wiring.charged);
        engine.set_module_resolver(Resolver(imports.clone()));
        api::register(&mut engine, &host);
        let driver = DriverSlot::default();
        drive::register(&mut engine, &driver);
        let trace = (watch == Watch::Trace).then(|| trace(&mut engine));
        declare::register(&mut engine, &declared);
        let positions = Rc::new(RefCell::new(super::position_rules::PositionRules::default()));
        super::position_rules::register(&mut engine, &positions);
        let turn = Rc::new(RefCell::new(super::turn_rules::TurnRules::default()));
        super::turn_rules::register(&mut engine, &turn);
        let gone = Rc::new(RefCell::new(Vec::new()));
        super::successors::register(&mut engine, &gone);

        let places = Places {
            main: file.origin.clone(),
            known: suggest::known_names(sources.iter().map(|s| s.text.as_str())).into(),
            ..Places::default()
        };
        let Merged {
            ast,
            functions,
            places,
        } = merge::levels(&engine, &levels, places, &gone)?;
        still_there(&gone.borrow(), &functions, &file.origin)?;
        imports.close();
        let shape = super::shape::of(&functions, &file.origin)?;
        let mut declared = checked(declared.borrow().clone(), &file.origin)?;
        declared.rules = super::move_kind::words::filled(&declared.rules, &declared.moves);
        declared.position = positions.borrow().clone();
        declared.turn = turn.borrow().clone();
        if shape == super::shape::Shape::Positions {
            let has = |name: &str, arity: usize| {
                functions
                    .iter()
                    .any(|(_, f)| f.name == name && f.params.len() == arity)
            };
            super::shape::check_declared(
                &declared,
                !has("options", 0),
                !has("apply", 1),
                &file.origin,
            )?;
        }
        let defined: Vec<(&str, usize)> = functions
            .iter()
            .map(|(_, f)| (f.name.as_str(), f.params.len()))
            .collect();
        let options: Vec<&str> = declared.options.iter().map(|o| o.name.as_str()).collect();
        super::move_kind::check_names(&declared.moves, &defined, &options)
            .map_err(anyhow::Error::msg)?;
        check_repetition(&declared, &defined, &file.origin)?;
        let imported = imports.files();
        let ruleset = Ruleset {
            hash: ruleset::hash(&sources, &imported),
            file,
            sources,
            imports: imported,
            functions,
            declared,
            shape,
            gone: gone.borrow().clone(),
        };
        *host.borrow_mut() = H::fresh(wired(wiring, places, &ruleset));
        // Only after the top levels have run: their declarations are no game.
        let profile = (watch == Watch::Profile).then(|| profile::register(&mut engine));
        let driving = drive::driving(&engine, &ast);
        Ok(Program {
            ruleset: Arc::new(ruleset),
            engine,
            ast,
            host,
            trace,
            profile,
            driving,
            driver,
        })
    }

    /// Where a traced program last was, in which file.
    pub(crate) fn last_place(&self) -> Option<(String, Position)> {
        let (function, position) = self.trace.as_ref()?.borrow().clone()?;
        let places = self.host.borrow().wiring().places.clone();
        let file = places
            .file_of(&function)
            .unwrap_or_else(|| places.main.clone());
        Some((file, position))
    }

    /// A profiled program's steps by function so far, most first, each
    /// with the file that defines it.
    pub fn profile(&self) -> Option<Vec<(String, Option<String>, profile::Steps)>> {
        let places = self.host.borrow().wiring().places.clone();
        Some(
            profile::sorted(self.profile.as_ref()?)
                .into_iter()
                .map(|(name, steps)| {
                    let file = places.file_of(&name);
                    (name, file, steps)
                })
                .collect(),
        )
    }

    pub fn ruleset(&self) -> &Arc<Ruleset> {
        &self.ruleset
    }

    /// The rules a variant replaces that its base's bot reads (`bot_reads.rs`).
    pub(crate) fn replaced_rules_the_bot_reads(&self) -> Vec<super::bot_reads::Reading> {
        super::bot_reads::replaced_rules_read(&self.ast, &self.ruleset.functions)
    }

    /// The run's state the script's calls act on.
    pub(crate) fn host(&self) -> &Rc<RefCell<H>> {
        &self.host
    }

    /// Calls a rule function with no arguments. The top level runs first
    /// (it only declares), so its `const`s are there as `global::NAME`.
    pub fn call(&self, function: &str) -> Result<Dynamic, ScriptError> {
        let options = CallFnOptions::new().eval_ast(true);
        crate::heap::metered(|| {
            self.engine.call_fn_with_options::<Dynamic>(
                options,
                &mut Scope::new(),
                &self.ast,
                function,
                (),
            )
        })
        .map_err(|e| self.host.borrow().wiring().places.error(function, &e))
    }

    /// Runs `driver` inside the engine, after the top level (so its
    /// `const`s are there): the host's own loop, calling rule functions
    /// through the context it is given. Its errors are placed as `call`'s.
    pub(crate) fn drive(&self, driver: Driver) -> Result<Dynamic, ScriptError> {
        self.driver.set(driver);
        crate::heap::metered(|| {
            self.engine
                .eval_ast_with_scope::<Dynamic>(&mut Scope::new(), &self.driving)
        })
        .map_err(|e| self.host.borrow().wiring().places.error("play", &e))
    }

    /// The script's own picture of the table as it stands, if it has a view.
    pub fn view(&self) -> Option<Result<String, ScriptError>> {
        if !self.ruleset.has_fn("view", 0) {
            return None;
        }
        let before = self.host.borrow_mut().enter(Mode::View("view()"));
        let view = self.call("view").map(|v| v.to_string());
        self.host.borrow_mut().enter(before);
        Some(view)
    }

    /// The script's layout hint for the table as it stands, if it gives one.
    pub fn layout(&self) -> Option<Result<super::layout::Layout, ScriptError>> {
        if !self.ruleset.has_fn("layout", 0) {
            return None;
        }
        let before = self.host.borrow_mut().enter(Mode::View("layout()"));
        let value = self.call("layout");
        self.host.borrow_mut().enter(before);
        Some(value.and_then(|v| {
            super::layout::read(&v, &self.ruleset.file.origin, self.host.borrow().table())
        }))
    }

    /// The faces of the custom cards, if the script gives them.
    pub fn faces(&self) -> Option<Result<super::face::Faces, ScriptError>> {
        if !self.ruleset.has_fn("faces", 0) {
            return None;
        }
        let before = self.host.borrow_mut().enter(Mode::View("faces()"));
        let value = self.call("faces");
        self.host.borrow_mut().enter(before);
        Some(value.and_then(|v| super::face::read(&v, &self.ruleset.file.origin)))
    }

    /// What the player reads beside the cards, if the script declares it.
    pub fn status(&self) -> Option<Result<super::status::Status, ScriptError>> {
        if !self.ruleset.has_fn("status", 0) {
            return None;
        }
        let before = self.host.borrow_mut().enter(Mode::View("status()"));
        let value = self.call("status");
        self.host.borrow_mut().enter(before);
        Some(value.and_then(|v| super::status::read(&v, &self.ruleset.file.origin)))
    }
}

/// Registers a debugger that keeps the last place each step reached.
fn trace(engine: &mut Engine) -> Rc<RefCell<Place>> {
    let last = Rc::new(RefCell::new(None));
    let keep = last.clone();
    // Rhai marks this API volatile, not deprecated.
    #[allow(deprecated)]
    engine.register_debugger(
        |_, debugger| debugger,
        move |context, event, _, _, position| {
            if matches!(event, DebuggerEvent::Step) && !position.is_none() {
                let function = context
                    .global_runtime_state()
                    .debugger()
                    .call_stack()
                    .last()
                    .map_or_else(String::new, |frame| frame.fn_name.to_string());
                *keep.borrow_mut() = Some((function, position));
            }
            Ok(DebuggerCommand::StepInto)
        },
    );
    last
}

/// A ruleset may not say a rule function is gone that it still defines: a
/// house rule replacing it would be refused for no reason.
fn still_there(
    gone: &[super::successors::Successor],
    functions: &[(String, super::functions::RuleFn)],
    origin: &str,
) -> Result<()> {
    for s in gone {
        // A private helper is no rule a house rule replaces: any level may
        // have one of that name.
        let defined = functions
            .iter()
            .find(|(_, f)| !f.private && f.name == s.gone);
        if let Some((file, f)) = defined {
            bail!(
                "{origin}: replaced(\"{}\", ...) says `{}` is gone, but {file}:{} defines `fn {}`: \
                 declare a rule gone only once it is",
                s.gone,
                s.gone,
                f.line,
                f.signature()
            );
        }
    }
    Ok(())
}

/// The declarations, checked, with the host's own options after the ruleset's.
fn checked(mut declared: Declarations, origin: &str) -> Result<Declarations> {
    declared.check(origin)?;
    let own: Vec<String> = declare::host_options()
        .into_iter()
        .map(|o| o.name)
        .collect();
    declared.options.sort_by_key(|o| own.contains(&o.name));
    Ok(declared)
}

/// What the host needs to know of a loaded ruleset: its places and hooks.
fn wired(wiring: Wiring, places: Places, ruleset: &Ruleset) -> Wiring {
    Wiring {
        places: Rc::new(places),
        has_view: ruleset.has_fn("view", 0),
        has_layout: ruleset.has_fn("layout", 0),
        has_status: ruleset.has_fn("status", 0),
        has_faces: ruleset.has_fn("faces", 0),
        bot: if ruleset.has_fn("bot", 2) {
            Some(BotFn::Bot)
        } else if ruleset.has_fn("rate", 1) {
            Some(BotFn::Rate)
        } else {
            None
        },
        has_label: ruleset.has_fn("label", 1),
        has_redeal: ruleset.has_fn("redeal_unseen", 0),
        has_value: ruleset.has_fn("value", 0),
        has_begin: ruleset.has_fn("begin", 0),
        positions: ruleset.shape == super::shape::Shape::Positions,
        moves: ruleset.declared.moves.clone().into(),
        position: Rc::new(ruleset.declared.position.clone()),
        turn: Rc::new(ruleset.declared.turn.clone()),
        host_lists: !ruleset.has_fn("options", 0),
        host_applies: !ruleset.has_fn("apply", 1),
        deal_numbers: ruleset.declared.deal_numbers,
        ..wiring
    }
}

/// A repetition rule that can end a game: its function is the ruleset's,
/// or its declared words have a score to say.
fn check_repetition(
    declared: &Declarations,
    defined: &[(&str, usize)],
    origin: &str,
) -> Result<()> {
    match declared.position.repetition.as_ref().map(|r| &r.end) {
        Some(RepetitionEnd::Rule(rule)) if !defined.contains(&(rule.as_str(), 0)) => bail!(
            "{origin}: repetition(..., \"{rule}\") names no `fn {rule}()` of the ruleset: it ends the game when a position comes back"
        ),
        Some(RepetitionEnd::Lost(_)) if declared.turn.score.is_none() => bail!(
            "{origin}: repetition(..., #{{ lost: ... }}) scores the game as `score_is` says, and the ruleset declares no score_is"
        ),
        _ => Ok(()),
    }
}
