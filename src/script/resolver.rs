//! `import` for scripts: only library scripts the catalog knows by name,
//! never a path. Every import is resolved while the ruleset loads (the
//! script is compiled self-contained), so each imported file is part of the
//! ruleset's hash and nothing is read from disk during a game. An import
//! that leads back to itself is an error, not an endless recursion.

use super::catalog::{self, ScriptFile};
use super::error::{load_error, HostFault};
use rhai::{Engine, EvalAltResult, Module, ModuleResolver, Position, Scope, Shared};
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;

/// The library scripts a ruleset has imported, shared with the engine's resolver.
#[derive(Default)]
pub(crate) struct Imports {
    /// Each imported file with the module it made, by name.
    loaded: RefCell<BTreeMap<String, (ScriptFile, Shared<Module>)>>,
    /// The imports being resolved now, outermost first.
    resolving: RefCell<Vec<String>>,
    /// Set once the ruleset has loaded: no file is read after that.
    closed: Cell<bool>,
}

impl Imports {
    /// Every file imported, in name order (for the ruleset's hash).
    pub(crate) fn files(&self) -> Vec<ScriptFile> {
        self.loaded
            .borrow()
            .values()
            .map(|(file, _)| file.clone())
            .collect()
    }

    pub(crate) fn close(&self) {
        self.closed.set(true);
    }
}

pub(crate) struct Resolver(pub Rc<Imports>);

impl ModuleResolver for Resolver {
    fn resolve(
        &self,
        engine: &Engine,
        _source: Option<&str>,
        name: &str,
        pos: Position,
    ) -> Result<Shared<Module>, Box<EvalAltResult>> {
        let imports = &self.0;
        if let Some((_, module)) = imports.loaded.borrow().get(name) {
            return Ok(module.clone());
        }
        let fail = |message: String| -> Box<EvalAltResult> {
            let fault = HostFault::boxed(super::error::ErrorKind::Parse, message);
            EvalAltResult::ErrorInModule(name.to_string(), fault, pos).into()
        };
        if imports.closed.get() {
            return Err(fail(format!(
                "`import \"{name}\"` must name a library script in a string, so it can be read when the ruleset loads"
            )));
        }
        if imports.resolving.borrow().iter().any(|n| n == name) {
            let mut chain = imports.resolving.borrow().clone();
            chain.push(name.to_string());
            return Err(fail(format!(
                "library scripts import each other in a circle: {}",
                chain.join(" → ")
            )));
        }
        let file = catalog::library(name).map_err(|e| fail(format!("{e:#}")))?;
        imports.resolving.borrow_mut().push(name.to_string());
        let module = compile(engine, &file);
        imports.resolving.borrow_mut().pop();
        let module: Shared<Module> = module
            .map_err(|e| EvalAltResult::ErrorInModule(name.to_string(), e, pos))?
            .into();
        imports
            .loaded
            .borrow_mut()
            .insert(name.to_string(), (file, module.clone()));
        Ok(module)
    }
}

/// Compiles a library script and runs its top level (which only declares),
/// with any error placed in that script.
fn compile(engine: &Engine, file: &ScriptFile) -> Result<Module, Box<EvalAltResult>> {
    let placed = |e: &EvalAltResult| {
        let error = load_error(file, e);
        HostFault::boxed(error.kind, error.message)
    };
    let mut ast = engine
        .compile_into_self_contained(&Scope::new(), &file.text)
        .map_err(|e| placed(&e))?;
    ast.set_source(file.origin.as_str());
    crate::heap::metered(|| Module::eval_ast_as_new(Scope::new(), &ast, engine))
        .map_err(|e| placed(&e))
}
