//! The threads delve runs scripts on: the stack each reserves, and a thread
//! the machine will not start, told as the machine's shortage (memory,
//! address space, processes) and never as a fault of the rules or of the
//! request. `check` does not count it as a broken invariant, `serve`
//! answers 503, `sim` and the REPL say so.

use std::fmt;
use std::io;
use std::thread::{Builder, JoinHandle, Scope, ScopedJoinHandle};

/// The stack a script's thread reserves. The sandbox bounds call depth
/// (32 rule calls, expressions 64 deep), but a value may nest as deep as
/// the item bound allows (10,000), and Rhai compares, prints and copies
/// nested values by recursion. Measured on a debug build, comparing two
/// lists nested 9,000 deep took 16-17 MiB (about 1.9 KiB a level), printing
/// one 16, a map nested as deep 12; a script can not nest much deeper within
/// its ten CPU-seconds a step. 32 MiB is twice that with room; a thread
/// touches only the pages it uses, but the whole reserve counts against an
/// address-space limit (`ulimit -v`).
pub(crate) const STACK: usize = 32 << 20;

/// A thread the system refused to start.
#[derive(Debug)]
pub(crate) struct NoThread(io::Error);

impl fmt::Display for NoThread {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the machine has no room for another thread ({}): it is short of memory, of \
             address space (ulimit -v) or of processes (ulimit -u), not a fault of the game; \
             close other games or programs, or raise the limit",
            self.0
        )
    }
}

impl std::error::Error for NoThread {}

/// Whether `error` is, at any depth, a thread the machine would not start.
pub(crate) fn is_no_thread(error: &anyhow::Error) -> bool {
    error
        .chain()
        .any(<dyn std::error::Error + 'static>::is::<NoThread>)
}

fn builder(name: &str) -> Builder {
    Builder::new().name(name.into()).stack_size(STACK)
}

/// Starts `work` on a script's thread named `name`.
pub(crate) fn spawn<T: Send + 'static>(
    name: &str,
    work: impl FnOnce() -> T + Send + 'static,
) -> Result<JoinHandle<T>, NoThread> {
    builder(name).spawn(work).map_err(NoThread)
}

/// Starts `work` on a script's thread within `scope`.
pub(crate) fn spawn_scoped<'scope, T: Send + 'scope>(
    scope: &'scope Scope<'scope, '_>,
    name: &str,
    work: impl FnOnce() -> T + Send + 'scope,
) -> Result<ScopedJoinHandle<'scope, T>, NoThread> {
    builder(name).spawn_scoped(scope, work).map_err(NoThread)
}

/// What a pool that could not start its threads says.
pub(crate) fn no_pool(error: impl fmt::Display) -> NoThread {
    NoThread(io::Error::other(format!("the pool of threads: {error}")))
}
