//! delve: plays solo card games whose rules are Rhai scripts loaded at run
//! time. The host knows cards, piles, decisions and sessions; every game rule
//! lives in a script under `games/`.

pub mod card;
pub mod check;
pub mod cli;
pub mod deal;
pub mod decision;
pub mod files;
pub mod json;
pub mod open;
pub mod pile;
pub mod random;
pub mod render;
pub mod repl;
pub mod run;
pub mod save;
pub mod script;
pub mod session;
pub mod sim;
pub mod snapshots;
pub mod source;
pub mod stats;
pub mod table;
pub mod transcript;
pub mod usage;
