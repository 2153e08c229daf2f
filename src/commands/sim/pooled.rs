//! Shards pooled into the run they are parts of: every file checked to
//! belong with the first (each differing field named), each shard once
//! (a seed in two files is named), the games put back in seed order and
//! printed by `printed.rs` as one run over those seeds prints them. A pool
//! that lacks shards says which seeds it misses, prints the figures of
//! those it holds, and ends as `Incomplete` (exit code 3).

use super::printed::{self, Printing, Side};
use super::shard::{Header, ShardOf};
use super::shard_file::{self, ShardFile};
use super::{Game, Outcome, Setup};
use crate::commands::bots::Bot;
use crate::incomplete::Incomplete;
use crate::script::objective::Objective;
use anyhow::{anyhow, bail, Result};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::PathBuf;

/// How the pooled run is printed (as `sim` takes them).
pub(crate) struct Wanted {
    pub json: bool,
    pub each: bool,
}

/// Shards pooled: each configuration's games in seed order.
pub(crate) struct Pooled {
    pub a: (Setup, Bot, Outcome),
    pub b: Option<(Setup, Bot, Outcome)>,
    /// The seed of each game.
    pub seeds: Vec<u64>,
    pub shards: usize,
    /// What a pool that misses shards says of itself.
    pub partial: Option<Partial>,
}

/// Reads the shard files and prints the run they pool into.
pub(crate) fn pool(files: &[PathBuf], wanted: &Wanted, out: &mut impl Write) -> Result<()> {
    let pooled = gather(files)?;
    if let Some(partial) = pooled.partial.as_ref().filter(|_| !wanted.json) {
        writeln!(out, "{}\n", partial.said)?;
    }
    let seed_of = |i: usize| pooled.seeds[i];
    let speed = format!(
        "{} shard{}, each at its own pace",
        pooled.shards,
        if pooled.shards == 1 { "" } else { "s" }
    );
    let printing = Printing {
        json: wanted.json,
        each: wanted.each,
        seeds: &seed_of,
        speed: &speed,
        partial: pooled.partial.as_ref().map(|p| p.json.clone()),
    };
    let b = pooled.b.as_ref().map(side);
    printed::print(out, &side(&pooled.a), b.as_ref(), &printing)?;
    // Printed, and said last on stderr with its own exit code, so a job
    // script notices the missing shards.
    match pooled.partial {
        Some(partial) => Err(Incomplete(partial.said).into()),
        None => Ok(()),
    }
}

fn side((setup, bot, outcome): &(Setup, Bot, Outcome)) -> Side<'_> {
    Side {
        setup,
        bot: *bot,
        outcome,
    }
}

/// Reads the shard files, checks that they are parts of one run, and puts
/// their games back in seed order.
pub(crate) fn gather(files: &[PathBuf]) -> Result<Pooled> {
    let mut shards: BTreeMap<u64, (PathBuf, ShardFile)> = BTreeMap::new();
    let mut first: Option<(PathBuf, Header)> = None;
    for path in files {
        let shard = shard_file::read(path).map_err(|why| anyhow!("{}: {why}", path.display()))?;
        if let Some((first_path, header)) = &first {
            if let Some(d) = shard_file::difference(&shard.header, header) {
                bail!(
                    "{}: field `{}` is {}, but {} in {}{}: shards pool only with shards of the same run \
                     (remove the other run's files from the folder, or name the files to pool)",
                    path.display(),
                    d.field,
                    d.first,
                    d.second,
                    first_path.display(),
                    d.cause()
                );
            }
        } else {
            first = Some((path.clone(), shard.header.clone()));
        }
        let index = shard.header.shard;
        if let Some((other, _)) = shards.get(&index) {
            let [from, count] = shard.header.seeds;
            bail!(
                "{}: seeds {from} to {} (shard {index} of {}) are in {} too: each seed pools once",
                path.display(),
                from + count - 1,
                shard.header.run.shards,
                other.display()
            );
        }
        shards.insert(index, (path.clone(), shard));
    }
    let Some((first_path, header)) = first else {
        bail!("no shard files to pool");
    };
    let named = |side: &super::shard::Side, field: &str| {
        side.setup_and_bot()
            .map_err(|why| anyhow!("{}: field `{field}`: {why}", first_path.display()))
    };
    let records = || shards.values().flat_map(|(_, s)| &s.records);
    let outcome = |side: usize| Outcome {
        games: records()
            .filter_map(|r| if side == 0 { Some(r.a) } else { r.b })
            .map(Game::from)
            .collect(),
        seconds: shards.values().map(|(_, s)| s.end.seconds[side]).sum(),
        objective: [Some(&header.a), header.b.as_ref()][side]
            .and_then(|s| s.objective.as_deref())
            .and_then(Objective::from_spec)
            .unwrap_or_default(),
    };
    let (setup_a, bot_a) = named(&header.a, "a")?;
    let b = match &header.b {
        Some(side) => {
            let (setup, bot) = named(side, "b")?;
            Some((setup, bot, outcome(1)))
        }
        None => None,
    };
    Ok(Pooled {
        a: (setup_a, bot_a, outcome(0)),
        b,
        seeds: records().map(|r| r.seed).collect(),
        shards: shards.len(),
        partial: missing(&header, &shards),
    })
}

/// How many ranges of missing seeds a partial pool lists by name.
const SHOWN: usize = 10;

/// What a partial pool says, in words and in its JSON.
pub(crate) struct Partial {
    pub said: String,
    pub json: serde_json::Value,
}

/// The seeds of the run that no shard holds, as ranges of whole shards.
fn missing<T>(header: &Header, held: &BTreeMap<u64, T>) -> Option<Partial> {
    let run = header.run;
    let seeds = |index| {
        ShardOf {
            index,
            count: run.shards,
        }
        .seeds(run.first_seed, run.games)
    };
    // Each gap between the shards held is one range of missing shards.
    let mut gaps = Vec::new();
    let mut next = 0;
    for &index in held.keys().chain(std::iter::once(&run.shards)) {
        if index > next {
            let (from, _) = seeds(next);
            let (last_from, last_count) = seeds(index - 1);
            gaps.push((next, index - 1, from, last_from + last_count - 1));
        }
        next = index + 1;
    }
    if gaps.is_empty() {
        return None;
    }
    let missing_seeds: u64 = gaps.iter().map(|g| g.3 - g.2 + 1).sum();
    let holds = run.games - missing_seeds;
    let mut listed: Vec<String> = gaps
        .iter()
        .take(SHOWN)
        .map(|&(k0, k1, from, to)| {
            let which = if k0 == k1 {
                format!("shard {k0}")
            } else {
                format!("shards {k0}-{k1}")
            };
            format!("{from}-{to} ({which})")
        })
        .collect();
    if gaps.len() > SHOWN {
        listed.push(format!("and {} more ranges", gaps.len() - SHOWN));
    }
    let said = format!(
        "a partial pool: {} of {} shards, {holds} of {} seeds; missing seeds {}",
        held.len(),
        run.shards,
        run.games,
        listed.join(", ")
    );
    let ranges: Vec<[u64; 2]> = gaps.iter().map(|g| [g.2, g.3]).collect();
    let json = serde_json::json!({ "seeds": holds, "of": run.games, "missing": ranges });
    Some(Partial { said, json })
}
