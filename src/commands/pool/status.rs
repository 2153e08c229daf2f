//! `delve pool --status DIR`: how far a sharded run has got. Only whole
//! shards are in the folder (each is written at once when its games are
//! done), so it counts those, the games they hold of the run's, and the time
//! left at their own pace; a file that is no shard of the run is named.

use crate::commands::sim::shard_file::{self, ShardFile};
use anyhow::Result;
use std::io::Write;
use std::path::Path;

pub(super) fn command(dir: &Path) -> Result<()> {
    let files = super::shards_in(dir)?;
    let mut out = anstream::stdout();
    let mut done: Vec<ShardFile> = Vec::new();
    let mut problems = Vec::new();
    for path in &files {
        match shard_file::read(path) {
            Err(why) => problems.push(format!("{}: {why}", path.display())),
            Ok(shard) => match done
                .first()
                .and_then(|f| shard_file::difference(&shard.header, &f.header))
            {
                Some((field, theirs, mine)) => problems.push(format!(
                    "{}: another run's shard (field `{field}` is {theirs}, not {mine})",
                    path.display()
                )),
                None if done.iter().any(|d| d.header.shard == shard.header.shard) => problems.push(
                    format!("{}: shard {} again", path.display(), shard.header.shard),
                ),
                None => done.push(shard),
            },
        }
    }
    if let Some(first) = done.first() {
        let run = first.header.run;
        let games: u64 = done.iter().map(|s| s.end.games).sum();
        let seconds: f64 = done.iter().flat_map(|s| &s.end.seconds).sum();
        writeln!(
            out,
            "{}: {} of {} shards done, {games} of {} games ({:.1}%)",
            dir.display(),
            done.len(),
            run.shards,
            run.games,
            100.0 * games as f64 / run.games as f64
        )?;
        let left = run.games - games;
        if left == 0 {
            writeln!(out, "complete: `delve pool {}` pools it", dir.display())?;
        } else if games > 0 {
            let pace = seconds / games as f64;
            writeln!(
                out,
                "time left: about {} of shard time at the done shards' pace ({:.3} s a game), shared among the shards that run at once",
                duration(pace * left as f64),
                pace
            )?;
        }
    } else {
        writeln!(out, "{}: no whole shard yet", dir.display())?;
    }
    for problem in &problems {
        writeln!(out, "not counted: {problem}")?;
    }
    Ok(())
}

/// `42 s`, `12 min`, `3.5 h`: a time left as people read it.
fn duration(seconds: f64) -> String {
    if seconds < 120.0 {
        format!("{seconds:.0} s")
    } else if seconds < 2.0 * 3600.0 {
        format!("{:.0} min", seconds / 60.0)
    } else {
        format!("{:.1} h", seconds / 3600.0)
    }
}
