//! How far a long run of games has got, on stderr: a bar at a terminal
//! (indicatif's), a plain line every few seconds elsewhere (a log, a pipe,
//! a batch job's output file, where a bar would draw nothing), nothing
//! with `--quiet`. Workers count their games from any thread.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often a plain progress line may be printed, at most.
pub(crate) const EVERY: Duration = Duration::from_secs(5);

/// Where progress goes: decided once, for the whole command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shown {
    /// A bar that redraws itself, at a terminal.
    Bar,
    /// A line every few seconds on stderr.
    Lines,
    Nothing,
}

impl Shown {
    /// A bar where stderr is a terminal, else lines; nothing when quiet.
    pub(crate) fn on_stderr(quiet: bool) -> Shown {
        if quiet {
            Shown::Nothing
        } else if std::io::stderr().is_terminal() {
            Shown::Bar
        } else {
            Shown::Lines
        }
    }
}

/// The progress of `total` games.
pub(crate) struct Progress {
    what: String,
    total: u64,
    done: AtomicU64,
    started: Instant,
    bar: Option<ProgressBar>,
    /// When the last plain line was printed (lines only).
    last_line: Option<Mutex<Instant>>,
    /// Where the plain lines go (stderr; a test's buffer).
    sink: fn(&str),
}

impl Progress {
    pub(crate) fn new(total: u64, what: &str, shown: Shown) -> Progress {
        let bar = (shown == Shown::Bar).then(|| {
            let bar = ProgressBar::new(total);
            let style = ProgressStyle::with_template(
                "{msg} {bar:40} {pos}/{len} games, {per_sec}, {eta} left",
            )
            .unwrap_or_else(|_| ProgressStyle::default_bar());
            bar.set_style(style);
            bar.set_message(what.to_string());
            bar
        });
        let now = Instant::now();
        Progress {
            what: what.to_string(),
            total,
            done: AtomicU64::new(0),
            started: now,
            bar,
            last_line: (shown == Shown::Lines).then(|| Mutex::new(now)),
            sink: |line| anstream::eprintln!("{line}"),
        }
    }

    /// One more game done.
    pub(crate) fn inc(&self) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(bar) = &self.bar {
            bar.inc(1);
        }
        let Some(last) = &self.last_line else {
            return;
        };
        // A worker that finds another printing goes on with its games.
        let Ok(mut last) = last.try_lock() else {
            return;
        };
        let now = Instant::now();
        if now.duration_since(*last) >= EVERY && done < self.total {
            *last = now;
            (self.sink)(&self.line(done, now.duration_since(self.started)));
        }
    }

    /// The plain line after `done` games in `elapsed`.
    fn line(&self, done: u64, elapsed: Duration) -> String {
        let seconds = elapsed.as_secs_f64();
        let rate = done as f64 / seconds.max(1e-9);
        let left = (self.total - done) as f64 / rate.max(1e-12);
        format!(
            "{}: {done} of {} games ({:.0}%), {}, about {} left",
            self.what,
            self.total,
            100.0 * done as f64 / self.total.max(1) as f64,
            pace(rate),
            duration(left)
        )
    }

    /// The run is over: the bar goes (the report follows).
    pub(crate) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Games a second as a person reads them: whole games above 10 a second,
/// else with the seconds a game takes, so a slow bot's speed is never
/// printed as 0.
pub(crate) fn pace(games_per_second: f64) -> String {
    if games_per_second >= 10.0 || games_per_second <= 0.0 || !games_per_second.is_finite() {
        return format!("{games_per_second:.0} games/s");
    }
    // Two significant digits: 3.4, 0.41, 0.0052.
    let digits = (1 - games_per_second.log10().floor() as i32).max(1) as usize;
    format!(
        "{games_per_second:.digits$} games/s ({} a game)",
        duration(1.0 / games_per_second)
    )
}

/// `0.4 s`, `42 s`, `12 min`, `3.5 h`: a time as people read it.
pub(crate) fn duration(seconds: f64) -> String {
    if seconds < 10.0 {
        format!("{seconds:.1} s")
    } else if seconds < 120.0 {
        format!("{seconds:.0} s")
    } else if seconds < 2.0 * 3600.0 {
        format!("{:.0} min", seconds / 60.0)
    } else {
        format!("{:.1} h", seconds / 3600.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[test]
    fn a_slow_speed_is_told_with_the_time_a_game_takes() {
        assert_eq!(pace(2400.4), "2400 games/s");
        assert_eq!(pace(12.6), "13 games/s");
        assert_eq!(pace(3.44), "3.4 games/s (0.3 s a game)");
        assert_eq!(pace(0.41), "0.41 games/s (2.4 s a game)");
        assert_eq!(pace(1.0 / 187.0), "0.0053 games/s (3 min a game)");
        assert_eq!(pace(0.0), "0 games/s");
    }

    static PRINTED: AtomicUsize = AtomicUsize::new(0);

    #[test]
    fn plain_lines_come_at_most_every_few_seconds_and_say_how_far() {
        let mut progress = Progress::new(10, "sim x", Shown::Lines);
        progress.sink = |line| {
            assert!(line.starts_with("sim x: "), "{line}");
            PRINTED.fetch_add(1, Ordering::Relaxed);
        };
        for _ in 0..5 {
            progress.inc();
        }
        assert_eq!(PRINTED.load(Ordering::Relaxed), 0, "none before {EVERY:?}");
        // As if the last line were long ago: the next game prints one, and
        // the one after it none.
        let mut last = progress.last_line.as_ref().unwrap().lock().unwrap();
        *last = last.checked_sub(EVERY).unwrap();
        drop(last);
        progress.inc();
        progress.inc();
        assert_eq!(PRINTED.load(Ordering::Relaxed), 1);
        let line = progress.line(4, Duration::from_secs(10));
        assert_eq!(
            line,
            "sim x: 4 of 10 games (40%), 0.40 games/s (2.5 s a game), about 15 s left"
        );
    }

    #[test]
    fn quiet_shows_nothing() {
        assert_eq!(Shown::on_stderr(true), Shown::Nothing);
        let progress = Progress::new(3, "x", Shown::Nothing);
        progress.inc();
        assert!(progress.bar.is_none() && progress.last_line.is_none());
    }
}
