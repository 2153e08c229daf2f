//! The time the current thread has spent on a CPU. A step's time limit
//! counts this rather than wall time, so a game on a busy machine, or a run
//! suspended and resumed, plays the same as on an idle one.

use std::time::Duration;

/// The CPU time this thread has used so far.
#[cfg(unix)]
pub(crate) fn thread_time() -> Duration {
    use nix::time::{clock_gettime, ClockId};
    // Without the clock (no known unix lacks it) only the operation limit holds.
    clock_gettime(ClockId::CLOCK_THREAD_CPUTIME_ID).map_or(Duration::ZERO, Duration::from)
}

/// Elsewhere, wall time since the first call: a suspended run may then
/// meet the limit, as it did everywhere before.
#[cfg(not(unix))]
pub(crate) fn thread_time() -> Duration {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed()
}

#[cfg(all(test, unix))]
mod tests {
    use super::thread_time;
    use std::time::Duration;

    #[test]
    fn work_counts_and_sleep_does_not() {
        let start = thread_time();
        let mut x = 1u64;
        for _ in 0..20_000_000 {
            x = std::hint::black_box(x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1));
        }
        let worked = thread_time();
        assert!(worked > start, "work took no CPU time");
        std::thread::sleep(Duration::from_millis(300));
        let slept = thread_time().saturating_sub(worked);
        assert!(
            slept < Duration::from_millis(100),
            "a sleep counted {slept:?}"
        );
    }
}
