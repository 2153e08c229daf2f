//! Every bound of the sandbox in one place. A script may come from a
//! stranger: none of these can be passed, and passing one is an error of
//! kind `limit` with the script's place, which leaves the game where it was.
//! docs/scripting.md lists them for rule authors.

use std::time::Duration;

/// Operations a script may run between two decisions. Host calls are
/// charged in proportion to their work (see `Runtime::charge`).
pub(crate) const MAX_OPERATIONS: u64 = 5_000_000;

/// CPU time a script may run between two decisions: the backstop for an
/// operation whose cost grows with its data (a rule never comes near it).
/// CPU time, so that a game's outcome never depends on the machine's load.
pub(crate) const MAX_STEP_TIME: Duration = Duration::from_secs(10);

/// The most memory one call of a script (a whole game's `play()`, a bot's
/// choice, a view) may come to hold, in bytes, as the allocator counts it on
/// the call's thread (heap.rs): some 12 times what a shipped game's
/// simulation holds in all. The check comes after each operation, and one
/// operation can copy a map as large as this (Rhai weighs no map keys), so
/// a call may briefly hold twice as much. Each call has its own bound: `sim
/// --jobs N` or N games served may hold N times as much, within
/// `MAX_PROCESS_MEMORY` in all.
pub(crate) const MAX_HEAP: usize = 256 << 20;

// The most memory delve as a whole may hold when a script call begins (2
// GiB, or `DELVE_MAX_MEMORY` MiB) is `heap::MAX_PROCESS_MEMORY`, beside the
// allocator's count that tells when to read it: a value that holds itself
// (a closure stored in the map it captures) is never freed, so each run of
// such a script leaks up to `MAX_HEAP`.

/// How deep rule functions may call each other.
pub(crate) const MAX_CALL_DEPTH: usize = 32;

/// The longest text a script may build, in bytes.
pub(crate) const MAX_STRING: usize = 64 * 1024;

/// The most items an array or map may hold.
pub(crate) const MAX_ITEMS: usize = 10_000;

/// The most variables a script may have in scope at once.
pub(crate) const MAX_VARIABLES: usize = 1_000;

/// The longest name of a pile, a state or a custom card, in characters.
pub(crate) const MAX_NAME: usize = 100;

/// The longest question, option label or option key, in characters.
pub(crate) const MAX_TEXT: usize = 1_000;

/// The most options one decision may offer.
pub(crate) const MAX_OPTIONS: usize = 1_000;

/// The most piles, named states and cards a table may hold.
pub(crate) const MAX_PILES: usize = 1_000;
pub(crate) const MAX_STATES: usize = 1_000;
pub(crate) const MAX_CARDS: usize = 10_000;

/// What the properties of all the custom cards in play may weigh together,
/// in bytes (names and texts; 8 for a number or true/false): the table the
/// host sends with every prompt stays a few MB at most.
pub(crate) const MAX_PROPS_IN_PLAY: usize = 1 << 20;

/// The most cards a game may create in all, retired ones included: a game
/// that makes new cards every turn still ends within bounds.
pub(crate) const MAX_MADE: usize = 1_000_000;

/// The most narration (`say`) between two decisions, and in a whole game, in bytes.
pub(crate) const MAX_SAID_PER_STEP: usize = 1 << 20;
pub(crate) const MAX_SAID_PER_GAME: usize = 16 << 20;

/// The most decisions a game may take: past it a game that does not end
/// stops with an error (`ErrorKind::TooLong`), which `sim` and `check`
/// count as a game of the run rather than stop at.
pub(crate) const MAX_DECISIONS: usize = 20_000;
