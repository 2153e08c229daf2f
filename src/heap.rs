//! The program's allocator, counted per thread (`crates/counted-heap`), and
//! the bound on what one script call may come to hold. Rhai's size limits
//! weigh a value's items and texts but not a map's keys: 10,000 keys of
//! 64 KiB are one value of 640 MiB, and a few of them fill a machine. The
//! engine reads `grown` at every operation (an add of a thread-local cell
//! per allocation; a shared atomic counter cost 10% of a game's time and
//! two threads a third of their speed).
//!
//! A value that holds itself (a closure stored in the map it captures) is
//! never freed: Rhai counts references. Each run, or each view of a live
//! game, may leak up to the bound of a call, so the process's own size is
//! read too, at the start of a call and after a view, whenever this
//! thread's count has moved a lot since the last look.

use std::cell::Cell;
use std::sync::OnceLock;

// Rhai boxes every custom value (cards, piles), so a run allocates on most
// operations; mimalloc makes simulation about 5% faster than the system
// malloc.
#[global_allocator]
static HEAP: counted_heap::Counted<mimalloc::MiMalloc> = counted_heap::Counted(mimalloc::MiMalloc);

thread_local! {
    // What this thread held when its outermost script call began, and how
    // many calls deep it is.
    static BASE: Cell<isize> = const { Cell::new(0) };
    static DEPTH: Cell<usize> = const { Cell::new(0) };
    // This thread's count when it last read the process's size (`NEVER`:
    // a thread's first call looks, for a short-lived thread's leaks are
    // never 64 MiB on their own), and what it read.
    static LOOKED: Cell<isize> = const { Cell::new(NEVER) };
    static HELD: Cell<usize> = const { Cell::new(0) };
}

/// The most memory delve as a whole may hold (resident) when a script call
/// begins or a live game's view has been shown, unless `DELVE_MAX_MEMORY`
/// says otherwise (`script/limits.rs` lists it with the other bounds). Each
/// run of a script that leaks may leave up to a call's bound behind; past
/// this, every call is at once over its own bound, while delve holds as
/// much. Read where `memory-stats` can (Linux, macOS, Windows, FreeBSD);
/// elsewhere it reads nothing, and there is no such bound.
pub(crate) const MAX_PROCESS_MEMORY: usize = 2 << 30;

/// The variable that sets that bound, in MiB: higher for many large games
/// at once, lower for a small machine.
pub(crate) const BOUND_VARIABLE: &str = "DELVE_MAX_MEMORY";

/// The least it may be set to (one call's bound, `limits::MAX_HEAP`) and
/// the most (1 TiB, which a `usize` of 64 bits holds in bytes).
const LEAST_BOUND_MIB: usize = 256;
const MOST_BOUND_MIB: usize = 1 << 20;

static BOUND: OnceLock<usize> = OnceLock::new();

/// Reads `DELVE_MAX_MEMORY` once, at the start; a value that is no number
/// of MiB, or too small to run one call, is refused.
pub(crate) fn set_bound_from_environment() -> Result<(), String> {
    let Some(value) = std::env::var_os(BOUND_VARIABLE) else {
        return Ok(());
    };
    let text = value.to_string_lossy();
    let bytes = text
        .trim()
        .parse::<usize>()
        .ok()
        .filter(|mib| (LEAST_BOUND_MIB..=MOST_BOUND_MIB).contains(mib))
        .and_then(|mib| mib.checked_mul(1 << 20));
    match bytes {
        Some(bytes) => {
            let _ = BOUND.set(bytes);
            Ok(())
        }
        None => Err(format!(
            "{BOUND_VARIABLE} is the most memory delve may hold in all, in MiB, from {LEAST_BOUND_MIB} to {MOST_BOUND_MIB}: not `{}`",
            crate::read::excerpt(&text)
        )),
    }
}

/// The bound on what delve holds in all, in bytes.
pub(crate) fn process_bound() -> usize {
    BOUND.get().copied().unwrap_or(MAX_PROCESS_MEMORY)
}

/// How far this thread's count moves between two reads of the process's
/// size: a leak shows there first, and a read costs a file's read.
const LOOK_EVERY: usize = 64 << 20;

/// `LOOKED` before a thread's first read.
const NEVER: isize = isize::MIN;

/// How far past its start a call over the process's bound is put: past any
/// call's own bound, so the engine's check of `grown`, made at every
/// operation anyway, stops it, at no cost to a call that is not over.
const OVER: isize = isize::MAX >> 2;

/// Runs a script call, counting what it comes to hold from its start; a
/// call made inside another counts with it.
pub(crate) fn metered<T>(call: impl FnOnce() -> T) -> T {
    let _depth = Depth::enter();
    call()
}

/// One level of script calls on this thread, left when dropped (a panic
/// that unwinds through a call leaves it too).
struct Depth;

impl Depth {
    fn enter() -> Depth {
        let depth = DEPTH.get();
        if depth == 0 {
            BASE.set(counted_heap::thread_net());
            look();
        }
        DEPTH.set(depth + 1);
        Depth
    }
}

impl Drop for Depth {
    fn drop(&mut self) {
        DEPTH.set(DEPTH.get() - 1);
    }
}

/// Runs `work`, whose growth on this thread goes to another thread (a
/// report sent to a session, which frees it there): it does not count as
/// the script call's.
pub(crate) fn handed_off<T>(work: impl FnOnce() -> T) -> T {
    let before = counted_heap::thread_net();
    let result = work();
    BASE.set(BASE.get() + (counted_heap::thread_net() - before));
    // What `work` leaked counts nowhere else: a live game's view, shown at
    // every decision, could leak a call's bound each time.
    look();
    result
}

/// Reads what the process holds if this thread's count has moved far since
/// it last did (or it never did, or that was over the bound); over it, puts
/// the current call past its own bound.
fn look() {
    let net = counted_heap::thread_net();
    let looked = LOOKED.get();
    let bound = process_bound();
    let over = HELD.get() > bound;
    if looked == NEVER || net.abs_diff(looked) >= LOOK_EVERY || over {
        LOOKED.set(net);
        HELD.set(memory_stats::memory_stats().map_or(0, |m| m.physical_mem));
    }
    if HELD.get() > bound {
        BASE.set(net - OVER);
    }
}

/// The bytes this thread's outermost script call has come to hold.
pub(crate) fn grown() -> usize {
    debug_assert!(DEPTH.get() > 0, "script code ran outside a metered call");
    usize::try_from(counted_heap::thread_net() - BASE.get()).unwrap_or(0)
}

/// What the whole process held (resident) at this thread's last look, if
/// that was over the bound (`process_bound`).
pub(crate) fn process_over_bound() -> Option<usize> {
    let held = HELD.get();
    (held > process_bound()).then_some(held)
}

/// What the whole process holds (resident) now, read afresh, if that is
/// over the bound: a server tells a request that failed for it that it is
/// short of memory, not that the request was bad.
pub(crate) fn process_over_bound_now() -> Option<usize> {
    let held = memory_stats::memory_stats().map_or(0, |m| m.physical_mem);
    (held > process_bound()).then_some(held)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_counts_from_its_start_and_one_inside_it_counts_with_it() {
        let held = vec![0u8; 1 << 20];
        metered(|| {
            assert!(grown() < 1 << 16, "what was held before the call counted");
            let block = std::hint::black_box(vec![1u8; 1 << 20]);
            metered(|| assert!(grown() >= 1 << 20, "the inner call began afresh"));
            drop(block);
        });
        drop(held);
    }

    #[test]
    fn what_a_call_hands_off_does_not_count_as_its_own() {
        metered(|| {
            let sent = handed_off(|| std::hint::black_box(vec![1u8; 1 << 20]));
            assert!(grown() < 1 << 16, "the handed-off block counted");
            drop(sent);
        });
    }

    // Where `memory-stats` reads the process's size.
    #[cfg(any(
        target_os = "linux",
        target_os = "macos",
        target_os = "windows",
        target_os = "freebsd"
    ))]
    #[test]
    fn a_threads_first_call_reads_what_the_process_holds() {
        std::thread::spawn(|| {
            metered(|| {
                let held = HELD.get();
                assert!(held > 1 << 20, "read {held} bytes");
                assert_eq!(process_over_bound(), None);
                assert!(grown() < 1 << 16);
            });
        })
        .join()
        .unwrap();
    }
}
