//! Rulesets as Rhai scripts: finding them, loading them (variants over their
//! base), the API they call, and running them with replayed choices.

pub mod api;
pub mod catalog;
pub mod declare;
pub mod error;
pub mod functions;
pub mod ruleset;
pub mod runtime;

pub use error::ScriptError;
pub use ruleset::{Deal, Ruleset, Run, RunEnd, RunPlan};
pub use runtime::{Event, Outcome};
