//! The program's allocator, counted per thread (`crates/counted-heap`), and
//! the bound on what one script call may come to hold. Rhai's size limits
//! weigh a value's items and texts but not a map's keys: 10,000 keys of
//! 64 KiB are one value of 640 MiB, and a few of them fill a machine. The
//! engine reads `grown` at every operation (an add of a thread-local cell
//! per allocation; a shared atomic counter cost 10% of a game's time and
//! two threads a third of their speed).
//!
//! A value that holds itself (a closure stored in the map it captures) is
//! never freed: Rhai counts references. Each run may leak up to the bound
//! of a call, so the process's own size is read too, at the start of a
//! call, whenever this thread's count has moved a lot since the last look.

use std::cell::Cell;

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
    // This thread's count when it last read the process's size (none yet:
    // a thread's first call looks, for a short-lived thread's leaks are
    // never 64 MiB on their own), and what it read.
    static LOOKED: Cell<isize> = const { Cell::new(isize::MIN) };
    static HELD: Cell<usize> = const { Cell::new(0) };
}

/// The most memory delve as a whole may hold (resident) when a script call
/// begins (`script/limits.rs` lists it with the other bounds). Each run of
/// a script that leaks may leave up to a call's bound behind; past this,
/// every call is at once over its own bound, and no script runs until delve
/// starts again. Read where the system tells (Linux, macOS, Windows).
pub(crate) const MAX_PROCESS_MEMORY: usize = 2 << 30;

/// How far this thread's count moves between two reads of the process's
/// size: a leak shows there first, and a read costs a file's read.
const LOOK_EVERY: usize = 64 << 20;

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
            let net = counted_heap::thread_net();
            BASE.set(net);
            let looked = LOOKED.get();
            let over = HELD.get() > MAX_PROCESS_MEMORY;
            if looked == isize::MIN || net.abs_diff(looked) >= LOOK_EVERY || over {
                LOOKED.set(net);
                HELD.set(memory_stats::memory_stats().map_or(0, |m| m.physical_mem));
            }
            // Over the bound, the call has grown past any call's bound from
            // its start: the engine's check, which reads `grown` anyway,
            // stops it, at no cost to a call that is not.
            if HELD.get() > MAX_PROCESS_MEMORY {
                BASE.set(net - (isize::MAX >> 2));
            }
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
    result
}

/// The bytes this thread's outermost script call has come to hold.
pub(crate) fn grown() -> usize {
    debug_assert!(DEPTH.get() > 0, "script code ran outside a metered call");
    usize::try_from(counted_heap::thread_net() - BASE.get()).unwrap_or(0)
}

/// What the whole process held (resident) when this thread's outermost
/// call began, as last read, if that was over `MAX_PROCESS_MEMORY`.
pub(crate) fn process_over_bound() -> Option<usize> {
    let held = HELD.get();
    (held > MAX_PROCESS_MEMORY).then_some(held)
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
