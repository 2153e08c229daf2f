//! The player's statistics: for each ruleset and set of options, games
//! played and won, how the others ended, the winning streak and scores.
//! Kept in one JSON file in the data folder, rewritten atomically whenever a
//! game played at the REPL first reaches its end. Many delve processes may
//! end games at once: each update reads, changes and writes the file while
//! holding an advisory lock on `stats.lock` beside it, and readers never see
//! a partial file (it is replaced by a rename). Games from sim, check,
//! replay, test and the JSON protocol never reach it; the REPL records at a
//! terminal, or with `--keep`.

use crate::files::{self, Kind, Replace};
use crate::run::Outcome;
use crate::session::places;
use crate::session::Session;
use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

const FORMAT: &str = "delve-stats";
const VERSION: u32 = 1;

#[derive(Serialize, Deserialize, Default)]
struct Book {
    format: String,
    version: u32,
    records: Vec<Record>,
}

/// One ruleset with one set of options.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub(crate) struct Record {
    /// The catalog name, or a script's full path.
    pub game: String,
    /// Every option's value as text, by name.
    pub options: BTreeMap<String, String>,
    pub played: u64,
    pub won: u64,
    /// Wins in a row up to the last game.
    pub streak: u64,
    pub best_streak: u64,
    /// The best numeric score (games scoring in text are not in it): the
    /// highest, or the lowest where the ruleset counts what is left.
    pub best_score: Option<f64>,
    /// Whether the ruleset's lower score is the better (its objective).
    #[serde(default)]
    pub lower_is_better: bool,
    pub score_total: f64,
    /// Games with a score (a text score by its last number, as `sim` counts).
    pub scored: u64,
    /// Games by how they ended (`win`, `loss`, `survived`...).
    #[serde(default)]
    pub results: BTreeMap<String, u64>,
    /// Games begun and left unfinished (their autosaves), counted when the
    /// statistics are shown, never kept in the file.
    #[serde(skip)]
    pub unfinished: u64,
}

impl Record {
    fn new(game: String, options: BTreeMap<String, String>) -> Record {
        Record {
            game,
            options,
            played: 0,
            won: 0,
            streak: 0,
            best_streak: 0,
            best_score: None,
            lower_is_better: false,
            score_total: 0.0,
            scored: 0,
            results: BTreeMap::new(),
            unfinished: 0,
        }
    }

    fn add(&mut self, outcome: &Outcome) {
        // Counts stop at their largest value rather than wrap to 0.
        self.played = self.played.saturating_add(1);
        *self.results.entry(outcome.result.clone()).or_default() += 1;
        if outcome.is_win() {
            self.won = self.won.saturating_add(1);
            self.streak = self.streak.saturating_add(1);
            self.best_streak = self.best_streak.max(self.streak);
        } else {
            self.streak = 0;
        }
        if let Some(score) = outcome.score_number() {
            self.scored = self.scored.saturating_add(1);
            self.score_total += score;
            self.best_score = Some(self.best_score.map_or(score, |b| self.better(b, score)));
        }
    }

    /// Another record of the same game and options, added in. Which
    /// games came last is not kept, so the streak is the longer one.
    fn join(&mut self, other: Record) {
        self.played = self.played.saturating_add(other.played);
        self.won = self.won.saturating_add(other.won);
        self.streak = self.streak.max(other.streak);
        self.best_streak = self.best_streak.max(other.best_streak);
        self.best_score = match (self.best_score, other.best_score) {
            (Some(a), Some(b)) => Some(self.better(a, b)),
            (a, b) => a.or(b),
        };
        self.score_total += other.score_total;
        self.scored = self.scored.saturating_add(other.scored);
        for (result, count) in other.results {
            let kept = self.results.entry(result).or_default();
            *kept = kept.saturating_add(count);
        }
    }

    /// The better of two scores by the ruleset's order.
    fn better(&self, a: f64, b: f64) -> f64 {
        if self.lower_is_better {
            a.min(b)
        } else {
            a.max(b)
        }
    }

    pub(crate) fn win_rate(&self) -> f64 {
        if self.played == 0 {
            0.0
        } else {
            self.won as f64 / self.played as f64
        }
    }

    pub(crate) fn mean_score(&self) -> Option<f64> {
        (self.scored > 0).then(|| self.score_total / self.scored as f64)
    }

    /// `damage_limit=3, jokers=true`: the options as one line.
    fn options_text(&self) -> String {
        self.options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// One line: `played 12, won 4 (33%), streak 1 (best 2), best score 9, mean 2.5`.
    pub(crate) fn summary(&self) -> String {
        let mut text = format!(
            "played {}, won {} ({:.0}%)",
            self.played,
            self.won,
            self.win_rate() * 100.0
        );
        for (result, count) in &self.results {
            if result != "win" && result != "loss" {
                let _ = write!(text, ", {result} {count}");
            }
        }
        if self.unfinished > 0 {
            let _ = write!(text, ", unfinished {}", self.unfinished);
        }
        let _ = write!(text, ", streak {} (best {})", self.streak, self.best_streak);
        if let (Some(best), Some(mean)) = (self.best_score, self.mean_score()) {
            let lower = if self.lower_is_better {
                " (lower is better)"
            } else {
                ""
            };
            let _ = write!(text, ", best score {best}, mean score {mean:.1}{lower}");
        }
        text
    }
}

/// The statistics file: `stats.json` in the data folder.
pub(crate) fn default_path() -> Option<PathBuf> {
    places::data_dir().map(|d| d.join("stats.json"))
}

fn read(path: &Path) -> Result<Book> {
    let text = match crate::read::text(path, crate::read::Kind::Stats) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Ok(Book {
                format: FORMAT.into(),
                version: VERSION,
                records: Vec::new(),
            })
        }
        Err(e) => return Err(e).with_context(|| format!("can not read {}", path.display())),
    };
    let book: Book = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a delve statistics file", path.display()))?;
    if book.format != FORMAT || book.version != VERSION {
        bail!(
            "{} is not a version {VERSION} delve statistics file",
            path.display()
        );
    }
    adds_up(&book).with_context(|| {
        format!(
            "{} does not add up: it is left as it is (mend it, or move it away to start afresh)",
            path.display()
        )
    })?;
    let records = without_host_options(book.records);
    Ok(Book { records, ..book })
}

/// Whether every record's counts can have come from games played: no more
/// wins, scores or streaks than games, no streak beyond the best one.
fn adds_up(book: &Book) -> Result<()> {
    for r in &book.records {
        let broken = if r.won > r.played {
            Some("more games won than played")
        } else if r.scored > r.played {
            Some("more games scored than played")
        } else if r.streak > r.won || r.best_streak > r.won {
            Some("a winning streak longer than the games won")
        } else if r.streak > r.best_streak {
            Some("a winning streak longer than the best one")
        } else if !r.score_total.is_finite() || r.best_score.is_some_and(|b| !b.is_finite()) {
            Some("a score that is not a number")
        } else {
            None
        };
        if let Some(broken) = broken {
            let options = match r.options_text() {
                text if text.is_empty() => String::new(),
                text => format!(" ({})", crate::read::excerpt(&text)),
            };
            bail!(
                "the record of {}{options} has {broken}",
                crate::read::excerpt(&r.game)
            );
        }
    }
    Ok(())
}

/// The ruleset and options a session's statistics are kept under: the
/// game's options, not the host's (`lone_option` changes how a game is
/// asked, not the game).
pub(crate) fn identity(session: &Session) -> (String, BTreeMap<String, String>) {
    let options = session
        .ruleset
        .declared
        .options
        .iter()
        .filter(|o| !is_host_option(&o.name))
        .map(|o| (o.name.clone(), session.option_text(&o.name)))
        .collect();
    (crate::session::save::game_of(session), options)
}

fn is_host_option(name: &str) -> bool {
    crate::script::declare::host_options()
        .iter()
        .any(|o| o.name == name)
}

/// The records kept, before host options left their keys, under one that
/// held one: each joins the record of its game and other options.
fn without_host_options(records: Vec<Record>) -> Vec<Record> {
    let mut joined: Vec<Record> = Vec::with_capacity(records.len());
    for mut record in records {
        record.options.retain(|name, _| !is_host_option(name));
        match joined
            .iter_mut()
            .find(|r| r.game == record.game && r.options == record.options)
        {
            Some(kept) => kept.join(record),
            None => joined.push(record),
        }
    }
    joined
}

/// Holds the advisory lock on the statistics beside `path` until dropped.
fn lock(path: &Path) -> Result<std::fs::File> {
    let lock = path.with_extension("lock");
    let file = std::fs::OpenOptions::new()
        .create(true)
        .write(true)
        .truncate(false)
        .open(&lock)
        .and_then(|file| file.lock().map(|()| file))
        .with_context(|| format!("can not lock the statistics with {}", lock.display()))?;
    Ok(file)
}

/// Adds an ended game to the file at `path`; gives its updated record.
pub(crate) fn add(path: &Path, session: &Session, outcome: &Outcome) -> Result<Record> {
    places::make_parent(path)
        .with_context(|| format!("can not write the statistics to {}", path.display()))?;
    let _locked = lock(path)?;
    let mut book = read(path)?;
    let (game, options) = identity(session);
    let found = book
        .records
        .iter()
        .position(|r| r.game == game && r.options == options);
    let index = found.unwrap_or_else(|| {
        book.records.push(Record::new(game, options));
        book.records.len() - 1
    });
    book.records[index].lower_is_better = session.ruleset.declared.objective.lower();
    book.records[index].add(outcome);
    let record = book.records[index].clone();
    let text = serde_json::to_string_pretty(&book)? + "\n";
    files::write(path, text.as_bytes(), Kind::Stats, Replace::SameKind)
        .with_context(|| format!("can not write the statistics to {}", path.display()))?;
    Ok(record)
}

/// The records of `game` (every game when `None`), sorted by game and
/// options, with the games left unfinished (each by its ruleset and options) counted beside how the
/// others ended: a player who leaves every losing game does not read a
/// record of wins alone.
pub(crate) fn records_beside(
    path: &Path,
    game: Option<&str>,
    unfinished: &[(String, BTreeMap<String, String>)],
) -> Result<Vec<Record>> {
    let mut records = read(path)?.records;
    for (name, options) in unfinished {
        let found = records
            .iter()
            .position(|r| r.game == *name && r.options == *options);
        let index = found.unwrap_or_else(|| {
            records.push(Record::new(name.clone(), options.clone()));
            records.len() - 1
        });
        records[index].unfinished += 1;
    }
    if let Some(game) = game {
        let full = std::fs::canonicalize(game)
            .ok()
            .filter(|_| crate::script::catalog::is_path(game))
            .map(|p| p.display().to_string());
        records.retain(|r| r.game == game || Some(&r.game) == full.as_ref());
    }
    records.sort_by(|a, b| (&a.game, a.options_text()).cmp(&(&b.game, b.options_text())));
    Ok(records)
}

/// The records as `delve stats` prints them.
pub(crate) fn text(records: &[Record], game: Option<&str>) -> String {
    if records.is_empty() {
        return match game {
            Some(game) => format!("No games of {game} played yet."),
            None => {
                "No games played yet: statistics count the games you finish in the REPL at a terminal (or with --keep).".into()
            }
        };
    }
    let mut out = String::new();
    for record in records {
        let _ = writeln!(out, "{} ({})", record.game, record.options_text());
        let _ = writeln!(out, "  {}", record.summary());
    }
    out.trim_end().to_string()
}

/// The records as `delve stats --json` prints them.
pub(crate) fn json(records: &[Record]) -> serde_json::Value {
    let records: Vec<serde_json::Value> = records
        .iter()
        .map(|r| {
            serde_json::json!({
                "game": r.game,
                "options": r.options,
                "played": r.played,
                "won": r.won,
                "win_rate": r.win_rate(),
                "streak": r.streak,
                "best_streak": r.best_streak,
                "best_score": r.best_score,
                "mean_score": r.mean_score(),
                "results": r.results,
                "unfinished": r.unfinished,
                "lower_is_better": r.lower_is_better,
            })
        })
        .collect();
    serde_json::json!({ "records": records })
}

#[cfg(test)]
mod tests;
