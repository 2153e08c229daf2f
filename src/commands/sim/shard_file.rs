//! Reading a shard file back, trusting nothing in it: a regular file under
//! its cap, each line at most 64 KiB, a header of this version of delve
//! whose seeds are the shard it names, each seed once and in order, and the
//! `end` line that only a whole shard has. Whatever is wrong is said with
//! its line and field; the caller names the file.

use super::shard::{End, Header, Played, Record, ShardOf, FORMAT};
use crate::lines::read_line;
use crate::read::{excerpt, reader, Kind};
use crate::script::limits::MAX_DECISIONS;
use std::path::Path;

/// A whole shard: its header, a record per seed in order, its end.
#[derive(Debug)]
pub(crate) struct ShardFile {
    pub header: Header,
    pub records: Vec<Record>,
    pub end: End,
}

/// The version of delve that writes shards and pools them.
pub(crate) const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The shard in `path`, or what is wrong with it.
pub(crate) fn read(path: &Path) -> Result<ShardFile, String> {
    let mut lines = reader(path, Kind::Shard).map_err(|e| e.to_string())?;
    let mut next = |number: usize| -> Result<Option<String>, String> {
        match read_line(&mut lines) {
            None => Ok(None),
            Some(Ok(line)) => Ok(Some(line)),
            Some(Err(bad)) => Err(format!("line {number}: {bad}")),
        }
    };
    let first = next(1)?.ok_or("it is empty, not a delve shard")?;
    let header = header(&first)?;
    let (_, count) = header.seeds_of_shard();
    let mut records = Vec::new();
    let mut number = 1;
    let end = loop {
        number += 1;
        let Some(line) = next(number)? else {
            return Err(format!(
                "it stops after line {} without its `end` line: the shard was cut short, and does not pool",
                number - 1
            ));
        };
        let value: serde_json::Value = serde_json::from_str(&line)
            .map_err(|e| format!("line {number} is not a whole line of JSON (cut short?): {e}"))?;
        if let Some(end) = value.get("end") {
            break serde_json::from_value::<End>(end.clone())
                .map_err(|e| format!("line {number} (the `end` line): {e}"))?;
        }
        let record: Record =
            serde_json::from_value(value).map_err(|e| format!("line {number}: {e}"))?;
        let sides = std::iter::once(("a", &record.a)).chain(record.b.as_ref().map(|b| ("b", b)));
        for (side, played) in sides {
            possible(played)
                .map_err(|(field, why)| format!("line {number}, field `{side}.{field}`: {why}"))?;
        }
        let expected = header.seeds[0] + records.len() as u64;
        if records.len() as u64 >= count {
            return Err(format!(
                "line {number}: more games than the header's {count} seeds"
            ));
        }
        if record.seed != expected {
            return Err(format!(
                "line {number}: seed {} where seed {expected} belongs (each seed of the shard once, in order)",
                record.seed
            ));
        }
        if record.b.is_some() != header.b.is_some() {
            return Err(format!(
                "line {number}: {} compared game, as the header's field `b` says",
                if header.b.is_some() { "no" } else { "a" }
            ));
        }
        records.push(record);
    };
    while let Some(line) = next(number + 1)? {
        number += 1;
        if !line.trim().is_empty() {
            return Err(format!("line {number}: more after the `end` line"));
        }
    }
    let sides = 1 + usize::from(header.b.is_some());
    if end.games != records.len() as u64 || end.games != count {
        return Err(format!(
            "its `end` line counts {} games, its lines {}, its header's seeds {count}",
            end.games,
            records.len()
        ));
    }
    if end.seconds.len() != sides || end.seconds.iter().any(|s| !s.is_finite() || *s < 0.0) {
        return Err(format!(
            "its `end` line's `seconds` is not {sides} time{} in seconds",
            if sides == 1 { "" } else { "s" }
        ));
    }
    Ok(ShardFile {
        header,
        records,
        end,
    })
}

/// The files in `dir` that `delve pool DIR` reads as shards (`*.jsonl`),
/// by name: perhaps none.
pub(crate) fn files_in(dir: &Path) -> std::io::Result<Vec<std::path::PathBuf>> {
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(dir)?
        .filter_map(|entry| Some(entry.ok()?.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    Ok(files)
}

/// The header of the shard in `path` alone (its first line), or what is
/// wrong with it: enough to tell whose run a file is, at a shard's start.
pub(crate) fn read_header(path: &Path) -> Result<Header, String> {
    let mut lines = reader(path, Kind::Shard).map_err(|e| e.to_string())?;
    match read_line(&mut lines) {
        None => Err("it is empty, not a delve shard".into()),
        Some(Err(bad)) => Err(format!("line 1: {bad}")),
        Some(Ok(line)) => header(&line),
    }
}

/// Refuses a game no run could have played, so that no sum of a pool
/// passes what a run's own could reach: more decisions than a game may
/// take, more of them left to the rollout player than it took, a score
/// that is no finite number.
fn possible(played: &Played) -> Result<(), (&'static str, String)> {
    if played.decisions > MAX_DECISIONS {
        return Err((
            "decisions",
            format!(
                "{} decisions, and a game takes at most {MAX_DECISIONS}",
                played.decisions
            ),
        ));
    }
    if played.fell_back > played.decisions {
        return Err((
            "fell_back",
            format!(
                "{} decisions left to the rollout player, of the game's {}",
                played.fell_back, played.decisions
            ),
        ));
    }
    if played.score.is_some_and(|s| !s.is_finite()) {
        return Err(("score", "not a finite number".into()));
    }
    Ok(())
}

/// The header on the first line, of this version, naming its own seeds.
fn header(line: &str) -> Result<Header, String> {
    let value: serde_json::Value = serde_json::from_str(line)
        .map_err(|_| "it is not a delve shard (its first line is not JSON)".to_string())?;
    if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(format!(
            "it is not a delve shard (its first line has no \"format\": \"{FORMAT}\")"
        ));
    }
    let version = value.get("version").and_then(|v| v.as_str()).unwrap_or("");
    if version != VERSION {
        return Err(format!(
            "field `version`: it was played by delve {}, and this is delve {VERSION}; shards pool only with the version that played them",
            excerpt(version)
        ));
    }
    let header: Header =
        serde_json::from_value(value).map_err(|e| format!("line 1 (the header): {e}"))?;
    let run = header.run;
    if run.games == 0 || run.first_seed.checked_add(run.games - 1).is_none() {
        return Err("field `run`: its seeds are none or pass 2^64 - 1".into());
    }
    if run.shards == 0 || run.shards > run.games || header.shard >= run.shards {
        return Err(format!(
            "field `shard`: {} is no shard of {} over {} games",
            header.shard, run.shards, run.games
        ));
    }
    let (first, count) = header.seeds_of_shard();
    if header.seeds != [first, count] {
        return Err(format!(
            "field `seeds`: shard {} of {} holds {count} seeds from {first}, not {} from {}",
            header.shard, run.shards, header.seeds[1], header.seeds[0]
        ));
    }
    Ok(header)
}

impl Header {
    /// The first seed and the number of seeds its shard of its run holds.
    pub(crate) fn seeds_of_shard(&self) -> (u64, u64) {
        ShardOf {
            index: self.shard,
            count: self.run.shards,
        }
        .seeds(self.run.first_seed, self.run.games)
    }
}

/// Why two shards are not of one run: the first field where their headers
/// differ (the shard and its seeds aside), each one's value as a person
/// reads it, and what a difference in that field comes from.
#[derive(Debug)]
pub(crate) struct Difference {
    pub field: String,
    /// The value in the first header given, then in the second.
    pub first: String,
    pub second: String,
}

impl Difference {
    /// What makes that field differ, where it is not plain from its name.
    pub(crate) fn cause(&self) -> &'static str {
        if self.field.ends_with("ruleset_digest") {
            " (the ruleset's files differ: its digest covers every byte of them, a comment's too)"
        } else if self.field.starts_with("run.") {
            " (another --seed, --games or number of shards)"
        } else {
            ""
        }
    }
}

/// The first field where two headers of one run differ, or none.
pub(crate) fn difference(first: &Header, second: &Header) -> Option<Difference> {
    let as_value = |h: &Header| {
        let mut value = serde_json::to_value(h).unwrap_or_default();
        if let Some(map) = value.as_object_mut() {
            map.remove("shard");
            map.remove("seeds");
        }
        value
    };
    let (field, x, y) = first_difference(&as_value(first), &as_value(second), "")?;
    Some(Difference {
        first: shown(&field, &x),
        second: shown(&field, &y),
        field,
    })
}

/// A value of a header's field, short: a whole side (present in one
/// header, absent in the other) as its command line says it.
fn shown(field: &str, value: &serde_json::Value) -> String {
    if field == "b" {
        let side = serde_json::from_value::<super::shard::Side>(value.clone());
        return match (value, side) {
            (serde_json::Value::Null, _) => "none (no --vs, --vs-opt or --vs-bot)".into(),
            (_, Ok(side)) => excerpt(&format!(
                "`{}` ({} bot)",
                std::iter::once(side.game)
                    .chain(side.opts)
                    .collect::<Vec<_>>()
                    .join(" "),
                side.bot.name
            )),
            (_, Err(_)) => excerpt(&value.to_string()),
        };
    }
    excerpt(&value.to_string())
}

fn first_difference(
    x: &serde_json::Value,
    y: &serde_json::Value,
    path: &str,
) -> Option<(String, serde_json::Value, serde_json::Value)> {
    if x == y {
        return None;
    }
    if let (Some(a), Some(b)) = (x.as_object(), y.as_object()) {
        let null = serde_json::Value::Null;
        for key in a.keys().chain(b.keys()) {
            let inner = if path.is_empty() {
                key.clone()
            } else {
                format!("{path}.{key}")
            };
            let found = first_difference(
                a.get(key).unwrap_or(&null),
                b.get(key).unwrap_or(&null),
                &inner,
            );
            if found.is_some() {
                return found;
            }
        }
    }
    Some((path.to_string(), x.clone(), y.clone()))
}
