//! Rulesets as Rhai scripts: finding them (`catalog`), what they declare,
//! compiling them into a sandboxed engine (`program`, `engine`, `resolver`),
//! the API they call (`api`) on the run they are part of (`host`, a trait the
//! run implements), and errors placed in their files.

pub(crate) mod api;
pub(crate) mod base_calls;
pub(crate) mod bot_reads;
pub(crate) mod cancel;
pub(crate) mod catalog;
pub(crate) mod clock;
pub(crate) mod declare;
pub(crate) mod drive;
pub(crate) mod engine;
pub(crate) mod error;
pub(crate) mod face;
pub(crate) mod functions;
pub(crate) mod host;
pub(crate) mod layout;
pub(crate) mod limits;
pub(crate) mod merge;
pub(crate) mod move_kind;
pub(crate) mod negligible;
pub(crate) mod objective;
pub(crate) mod option_values;
pub(crate) mod position_rules;
pub(crate) mod profile;
pub(crate) mod program;
pub(crate) mod resolver;
pub(crate) mod ruleset;
pub(crate) mod shape;
pub(crate) mod status;
pub(crate) mod successors;
pub(crate) mod suggest;
pub(crate) mod turn_rules;

pub(crate) use error::ScriptError;
pub(crate) use program::Program;
pub(crate) use ruleset::Ruleset;
