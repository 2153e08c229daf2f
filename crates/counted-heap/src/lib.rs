//! A global allocator that wraps another and counts, on each thread, the
//! bytes that thread has allocated less those it has freed. delve reads the
//! count at every script operation to bound what one run may hold (Rhai's
//! own limits do not weigh a map's keys). A shared atomic counter cost 10%
//! of a single game's time and two threads hammering it a third of their
//! speed; a thread's own counter costs one add of a thread-local cell.
//!
//! Memory freed on another thread than the one that allocated it lowers
//! that other thread's count: the counts are for measuring what happens on
//! one thread between two readings, not what each thread owns.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;

thread_local! {
    // Const-initialised and without a destructor, so on targets with native
    // thread-locals (Linux, macOS, Windows) reading it never allocates and
    // works while a thread is being torn down. Where std falls back to OS
    // keys, the first access would allocate, and reenter the allocator.
    static NET: Cell<isize> = const { Cell::new(0) };
}

/// Wraps an allocator; counts what it hands out and takes back.
pub struct Counted<A>(pub A);

/// The bytes this thread has allocated less those it has freed.
pub fn thread_net() -> isize {
    NET.try_with(Cell::get).unwrap_or(0)
}

fn count(change: isize) {
    let _ = NET.try_with(|net| net.set(net.get().wrapping_add(change)));
}

#[allow(clippy::cast_possible_wrap)]
fn signed(bytes: usize) -> isize {
    bytes as isize
}

// SAFETY: every method passes its arguments, with the caller's promises
// about them, to the wrapped allocator unchanged, and only counts sizes.
unsafe impl<A: GlobalAlloc> GlobalAlloc for Counted<A> {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's promises about `layout` hold for the inner call.
        let block = unsafe { self.0.alloc(layout) };
        if !block.is_null() {
            count(signed(layout.size()));
        }
        block
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as for `alloc`.
        let block = unsafe { self.0.alloc_zeroed(layout) };
        if !block.is_null() {
            count(signed(layout.size()));
        }
        block
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        // SAFETY: `block` came from this allocator with `layout`, as promised.
        unsafe { self.0.dealloc(block, layout) };
        count(-signed(layout.size()));
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's promises about `block`, `layout` and
        // `new_size` hold for the inner call.
        let moved = unsafe { self.0.realloc(block, layout, new_size) };
        if !moved.is_null() {
            count(signed(new_size).wrapping_sub(signed(layout.size())));
        }
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[global_allocator]
    static HEAP: Counted<std::alloc::System> = Counted(std::alloc::System);

    #[test]
    fn a_thread_counts_what_it_holds() {
        let before = thread_net();
        let block = vec![0u8; 1 << 20];
        assert!(thread_net() - before >= 1 << 20);
        drop(block);
        assert!(thread_net() - before < 1024);
    }

    #[test]
    fn a_block_freed_on_another_thread_lowers_that_threads_count() {
        let before = thread_net();
        let block = std::thread::spawn(|| vec![0u8; 1 << 20]).join().unwrap();
        let after_join = thread_net();
        drop(block);
        assert!(thread_net() - after_join <= -(1 << 20));
        assert!(
            after_join - before < 1 << 16,
            "the other thread's block counted here"
        );
    }
}
