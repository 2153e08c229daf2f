//! `delve sim ... --out DIR`: a run kept as shard files in a folder. With
//! `--shard K/N` it plays that shard alone (one task of a job array);
//! without, every shard of `--shards N` one after the other, then prints
//! the pooled report. A shard already complete in the folder is skipped, so
//! a run cut short goes on where it stopped; each is written whole through
//! `files.rs` (a temporary file renamed), so a shard killed midway leaves
//! nothing that pools.

use super::pooled::{pool, Wanted};
use super::shard::{self, Header, Run, ShardOf, Side, FORMAT};
use super::shard_file::{self, VERSION};
use super::Configured;
use crate::cli::SimArgs;
use crate::files::{self, Kind, Replace};
use crate::usage::UsageError;
use anyhow::{anyhow, Result};
use std::path::Path;

/// Shards of a run cut by `--out` alone: about 1,000 games each.
const GAMES_PER_SHARD: u64 = 1000;

pub(super) fn command(args: &SimArgs, configured: &Configured, dir: &Path) -> Result<()> {
    let run = run_of(args, configured.first_seed, dir)?;
    let files = play_shards(configured, dir, run, args.shard)?;
    if args.shard.is_some() {
        return Ok(());
    }
    let wanted = Wanted {
        json: args.json,
        each: args.each,
    };
    pool(&files, &wanted, &mut anstream::stdout())
}

/// The run a command line cuts into shards in `dir`: `--shard K/N`,
/// `--shards N`, else as many as the shards already in `dir` say (so that
/// `--out DIR` after a job array pools its shards), else one per 1,000 games.
pub(super) fn run_of(args: &SimArgs, first_seed: u64, dir: &Path) -> Result<Run, UsageError> {
    let shards = args
        .shard
        .map(|s| s.count)
        .or(args.shards)
        .or_else(|| cut_in(dir))
        .unwrap_or_else(|| args.games.div_ceil(GAMES_PER_SHARD));
    if shards > args.games {
        return Err(UsageError(format!(
            "{shards} shards of {} games: a shard would have no seeds (at most one shard a game)",
            args.games
        )));
    }
    Ok(Run {
        first_seed,
        games: args.games,
        shards,
    })
}

/// N, where the shard files in `dir` are all named `shard-K-of-N.jsonl`
/// with one N.
fn cut_in(dir: &Path) -> Option<u64> {
    let mut found = None;
    for entry in std::fs::read_dir(dir).ok()? {
        let name = entry.ok()?.file_name();
        let Some(n) = name
            .to_str()
            .and_then(|n| {
                n.strip_prefix("shard-")?
                    .strip_suffix(".jsonl")?
                    .split_once("-of-")
            })
            .and_then(|(_, n)| n.parse::<u64>().ok())
        else {
            continue;
        };
        if found.is_some_and(|f| f != n) {
            return None;
        }
        found = Some(n);
    }
    found
}

/// Plays shard `only`, or every shard of the run, into `dir`, skipping
/// those already complete; the files of all the run's shards.
pub(super) fn play_shards(
    configured: &Configured,
    dir: &Path,
    run: Run,
    only: Option<ShardOf>,
) -> Result<Vec<std::path::PathBuf>> {
    let shards = run.shards;
    writable(dir)?;
    let header_of = |shard: ShardOf| {
        let (first, count) = shard.seeds(run.first_seed, run.games);
        Header {
            format: FORMAT.into(),
            version: VERSION.into(),
            run,
            shard: shard.index,
            seeds: [first, count],
            a: side(&configured.first),
            b: configured.second.as_ref().map(side),
        }
    };
    only_this_run(
        dir,
        &header_of(only.unwrap_or(ShardOf {
            index: 0,
            count: shards,
        })),
    )?;
    let all = (0..shards).map(|index| ShardOf {
        index,
        count: shards,
    });
    let which: Vec<ShardOf> = match only {
        Some(one) => vec![one],
        None => all.clone().collect(),
    };
    for shard in which {
        let header = header_of(shard);
        let [first, count] = header.seeds;
        let path = shard.path_in(dir);
        let what = format!(
            "shard {} of {shards} (seeds {first} to {})",
            shard.index,
            first + count - 1
        );
        if complete(&path, &header)? {
            anstream::eprintln!("{what}: already complete in {}", path.display());
            continue;
        }
        let label = format!("shard {}/{shards} ", shard.index);
        let (a, b) = configured.play(first, count, &label)?;
        let text = shard::text(&header, &a, b.as_ref())?;
        files::write(&path, text.as_bytes(), Kind::Shard, Replace::SameKind)
            .map_err(|e| anyhow!("{}: {e}", path.display()))?;
        anstream::eprintln!("{what}: written to {}", path.display());
    }
    Ok(all.map(|shard| shard.path_in(dir)).collect())
}

fn side((setup, loaded, bot): &(super::Setup, super::Loaded, crate::commands::bots::Bot)) -> Side {
    Side::of(setup, loaded, *bot)
}

/// Creates the folder if need be and makes sure a file can be written in
/// it before any game is played.
fn writable(dir: &Path) -> Result<()> {
    let unwritable = |why: String| UsageError(format!("--out {}: {why}", dir.display()));
    std::fs::create_dir_all(dir)
        .map_err(|e| unwritable(format!("can not make the folder: {e}")))?;
    tempfile::Builder::new()
        .prefix(".delve-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|e| unwritable(format!("can not write in it: {e}")))?;
    Ok(())
}

/// Refuses, before any game is played, a folder that `delve pool DIR`
/// would refuse once every shard was: one holding a shard of another run
/// (another `--vs`, options, bot, seeds or scripts) or a `*.jsonl` file
/// that is no shard. Only each file's first line is read.
fn only_this_run(dir: &Path, mine: &Header) -> Result<()> {
    let files = shard_file::files_in(dir)
        .map_err(|e| UsageError(format!("--out {}: {e}", dir.display())))?;
    for path in files {
        let shown = path.display();
        let theirs = shard_file::read_header(&path).map_err(|why| {
            UsageError(format!(
                "{shown}: {why}; `delve pool` reads every *.jsonl file of the folder: \
                 move it away, or choose another --out"
            ))
        })?;
        if let Some(d) = shard_file::difference(&theirs, mine) {
            return Err(UsageError(format!(
                "{shown} is a shard of another run (field `{}` is {} there, {} here{}): \
                 the folder's shards would not pool; remove that run's shards from {} \
                 to play this one there, or choose another --out",
                d.field,
                d.first,
                d.second,
                d.cause(),
                dir.display()
            ))
            .into());
        }
    }
    Ok(())
}

/// Whether `path` already holds this shard, whole. A file there that is
/// another run's shard (one written since `only_this_run` looked), or no
/// whole shard, is never played over.
fn complete(path: &Path, header: &Header) -> Result<bool> {
    if std::fs::symlink_metadata(path).is_err() {
        return Ok(false);
    }
    let shown = path.display();
    let found = shard_file::read(path)
        .map_err(|why| anyhow!("{shown}: {why}; remove it to play this shard again"))?;
    if found.header.shard != header.shard {
        return Err(UsageError(format!(
            "{shown} holds shard {}, not {}: remove it to play this shard there",
            found.header.shard, header.shard
        ))
        .into());
    }
    if let Some(d) = shard_file::difference(&found.header, header) {
        return Err(UsageError(format!(
            "{shown} is a shard of another run (field `{}` is {} there, {} here{}): \
             remove it to play this shard there, or choose another --out",
            d.field,
            d.first,
            d.second,
            d.cause()
        ))
        .into());
    }
    Ok(true)
}
