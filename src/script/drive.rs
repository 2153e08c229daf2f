//! How the host runs its own loop inside a script's engine: a host function
//! (`DRIVE`) that hands the engine's call context to a closure the host
//! set just before. A game of positions is played so (the host calls
//! `setup`, `options` and `apply` from that loop), and so is a search over
//! copies of a position: every rule function is then called through the
//! one context, so the script's top level runs once, not once a call.

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
        driver(&ctx)
    });
}
