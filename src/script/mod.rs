//! Rulesets as Rhai scripts: finding them (`catalog`), what they declare,
//! compiling them into a sandboxed engine (`program`, `engine`, `resolver`),
//! the API they call (`api`), the state of a run (`runtime`), and errors
//! placed in their files.

pub mod api;
pub mod catalog;
pub mod declare;
pub mod engine;
pub mod error;
pub mod functions;
pub mod program;
pub mod resolver;
pub mod ruleset;
pub mod runtime;

pub use error::ScriptError;
pub use program::Program;
pub use ruleset::Ruleset;
