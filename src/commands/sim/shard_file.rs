//! Reading a shard file back, trusting nothing in it: a regular file under
//! its cap, each line at most 64 KiB, a header of this version of delve
//! whose seeds are the shard it names, each seed once and in order, and the
//! `end` line that only a whole shard has. Whatever is wrong is said with
//! its line and field; the caller names the file.

use super::shard::{End, Header, Record, ShardOf, FORMAT};
use crate::lines::read_line;
use crate::read::{excerpt, reader, Kind};
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

/// The first field where two headers of one run differ (the shard and its
/// seeds aside), with each one's value: why two shards do not pool.
pub(crate) fn difference(mine: &Header, theirs: &Header) -> Option<(String, String, String)> {
    let as_value = |h: &Header| {
        let mut value = serde_json::to_value(h).unwrap_or_default();
        if let Some(map) = value.as_object_mut() {
            map.remove("shard");
            map.remove("seeds");
        }
        value
    };
    first_difference(&as_value(mine), &as_value(theirs), "")
}

fn first_difference(
    x: &serde_json::Value,
    y: &serde_json::Value,
    path: &str,
) -> Option<(String, String, String)> {
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
    let shown = |v: &serde_json::Value| excerpt(&v.to_string());
    Some((path.to_string(), shown(x), shown(y)))
}
