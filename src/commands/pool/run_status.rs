//! `delve pool --status DIR`: how far a sharded run has got. Only whole
//! shards are in the folder (each is written at once when its games are
//! done), so it counts those, the games they hold of the run's, and the time
//! left at their own pace; a file that is no shard of the run is named.

use crate::commands::progress::duration;
use crate::commands::sim::shard::Header;
use crate::commands::sim::shard_file::{self, ShardFile};
use anyhow::Result;
use std::collections::HashSet;
use std::io::Write;
use std::path::Path;

pub(super) fn command(dir: &Path) -> Result<()> {
    let files = super::shards_in(dir)?;
    let mut out = anstream::stdout();
    let mut done = Done::default();
    let mut problems = Vec::new();
    for path in &files {
        match shard_file::read(path) {
            Err(why) => problems.push(format!("{}: {why}", path.display())),
            Ok(shard) => {
                if let Err(why) = done.add(&shard) {
                    problems.push(format!("{}: {why}", path.display()));
                }
            }
        }
    }
    if let Some(run) = done.first.as_ref().map(|h| h.run) {
        let games = done.games;
        writeln!(
            out,
            "{}: {} of {} shards done, {games} of {} games ({:.1}%)",
            dir.display(),
            done.shards.len(),
            run.shards,
            run.games,
            100.0 * games as f64 / run.games as f64
        )?;
        let seconds = done.seconds;
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

/// The whole shards of one run counted so far: each is checked against
/// the first and looked up among those seen, so 100,000 shards cost
/// 100,000 checks, not one per pair, and only their tallies are kept.
#[derive(Default)]
struct Done {
    first: Option<Header>,
    shards: HashSet<u64>,
    games: u64,
    seconds: f64,
}

impl Done {
    /// Counts `shard`, or says why it does not count.
    fn add(&mut self, shard: &ShardFile) -> Result<(), String> {
        let header = &shard.header;
        if let Some(d) = self
            .first
            .as_ref()
            .and_then(|first| shard_file::difference(header, first))
        {
            return Err(format!(
                "another run's shard (field `{}` is {}, not {}{})",
                d.field,
                d.first,
                d.second,
                d.cause()
            ));
        }
        if !self.shards.insert(header.shard) {
            return Err(format!("shard {} again", header.shard));
        }
        self.first.get_or_insert_with(|| header.clone());
        // Each shard's games are at most its run's, which fit in a u64.
        self.games = self.games.saturating_add(shard.end.games);
        self.seconds += shard.end.seconds.iter().sum::<f64>();
        Ok(())
    }
}
