//! How the host runs its own loop inside a script's engine: a host function
//! (`DRIVE`) that hands the engine's call context to a closure the host
//! set just before. A game of positions is played so (the host calls
//! `setup`, `options` and `apply` from that loop), and so is a search over
//! copies of a position: every rule function is then called through the
//! one context, so the script's top level runs once, not once a call.
//! That once-run top level is refused where a `const` holds a closure
//! that captured a variable: the rules could keep state in it across
//! decisions, which no copy of a position and no key would hold.

use super::host::Fallible;
use rhai::{Dynamic, Engine, NativeCallContext};
use std::cell::RefCell;
use std::rc::Rc;

/// The host function's name. A script that calls it finds nothing to drive.
pub(crate) const DRIVE: &str = "__delve_drive";

/// What the host runs inside the engine.
pub(crate) type Driver = Box<dyn FnOnce(&NativeCallContext) -> Fallible<Dynamic>>;

/// The closure the next call of `DRIVE` runs, set by `Program::drive`.
#[derive(Clone, Default)]
pub(crate) struct DriverSlot(Rc<RefCell<Option<Driver>>>);

impl DriverSlot {
    pub(crate) fn set(&self, driver: Driver) {
        *self.0.borrow_mut() = Some(driver);
    }

    fn take(&self) -> Option<Driver> {
        self.0.borrow_mut().take()
    }
}

/// The ruleset's script with one more statement, the call of `DRIVE`, after
/// its top level: what `Program::drive` evaluates.
pub(crate) fn driving(engine: &Engine, ast: &rhai::AST) -> rhai::AST {
    let call = engine
        .compile(format!("{DRIVE}()"))
        .expect("the call of the host's driver compiles");
    ast.merge(&call)
}

pub(crate) fn register(engine: &mut Engine, slot: &DriverSlot) {
    let slot = slot.clone();
    engine.register_fn(DRIVE, move |ctx: NativeCallContext| -> Fallible<Dynamic> {
        let driver = slot
            .take()
            .ok_or_else(|| Box::<rhai::EvalAltResult>::from("delve: nothing to drive"))?;
        if let Some(name) = keeping_constant(&ctx) {
            return Err(super::host::fault(format!(
                "`{name}` holds a closure that captured a variable (or nests deeper than delve looks): a game of positions keeps its whole state on the table (piles and named state), where a copy of a position, a search and a hint see it, and a closure kept in a constant could change state across decisions that none of them sees; keep what changes in named state (new_state)"
            )));
        }
        driver(&ctx)
    });
}

/// How deep a constant is looked into; one nested deeper is refused too.
const DEEPEST: usize = 1_000;

/// The first top-level constant (or variable of an imported module) that
/// holds a closure with captured variables, anywhere inside it.
fn keeping_constant(ctx: &NativeCallContext) -> Option<String> {
    let global = ctx.global_runtime_state();
    if let Some(constants) = &global.constants {
        let constants = constants.borrow();
        let found = constants.iter().find(|(_, v)| holds_captures(v, 0));
        if let Some((name, _)) = found {
            return Some(name.to_string());
        }
    }
    ctx.iter_imports().find_map(|(module, m)| {
        m.iter_var()
            .find(|(_, v)| holds_captures(v, 0))
            .map(|(name, _)| format!("{module}::{name}"))
    })
}

/// Whether a value holds, at any depth, a function with a captured
/// (shared) variable, or nests deeper than `DEEPEST` (past which it is
/// not looked into).
fn holds_captures(value: &Dynamic, depth: usize) -> bool {
    if value.is_shared() || depth > DEEPEST {
        return true;
    }
    if let Some(f) = value.read_lock::<rhai::FnPtr>() {
        return f.iter_curry().any(|v| holds_captures(v, depth + 1));
    }
    if let Some(items) = value.read_lock::<rhai::Array>() {
        return items.iter().any(|v| holds_captures(v, depth + 1));
    }
    if let Some(map) = value.read_lock::<rhai::Map>() {
        return map.values().any(|v| holds_captures(v, depth + 1));
    }
    false
}
