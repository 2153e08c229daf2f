//! The program's allocator, counted per thread (`crates/counted-heap`), and
//! the bound on what one script call may come to hold. Rhai's size limits
//! weigh a value's items and texts but not a map's keys: 10,000 keys of
//! 64 KiB are one value of 640 MiB, and a few of them fill a machine. The
//! engine reads `grown` at every operation (an add of a thread-local cell
//! per allocation; a shared atomic counter cost 10% of a game's time and
//! two threads a third of their speed).

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
}

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
}
