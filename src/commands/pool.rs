//! `delve pool`: the shard files of a `sim` run (`--out DIR --shard K/N`),
//! named one by one or by their folder, pooled into the report one run over
//! their seeds prints (`sim/pooled.rs`); `--status DIR` says how far a run
//! has got instead (`pool/run_status.rs`).

use crate::cli::PoolArgs;
use crate::commands::sim::pooled::{pool, Wanted};
use crate::commands::sim::shard_file;
use crate::usage::UsageError;
use anyhow::Result;
use std::path::{Path, PathBuf};

mod run_status;

pub(crate) fn command(args: &PoolArgs) -> Result<()> {
    if let Some(dir) = &args.status {
        return run_status::command(dir);
    }
    let mut files = Vec::new();
    for path in &args.paths {
        files.extend(shard_files(path)?);
    }
    let wanted = Wanted {
        json: args.json,
        each: args.each,
    };
    pool(&files, &wanted, &mut anstream::stdout())
}

/// The file, or the shard files (`*.jsonl`) in the folder, by name; a
/// path that is not there, or a folder without one, is a bad command line.
pub(crate) fn shard_files(path: &Path) -> Result<Vec<PathBuf>, UsageError> {
    let shown = path.display();
    let meta = std::fs::metadata(path).map_err(|e| UsageError(format!("{shown}: {e}")))?;
    if !meta.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let files = shards_in(path)?;
    if files.is_empty() {
        return Err(UsageError(format!(
            "{shown}: no shard files (*.jsonl) in this folder"
        )));
    }
    Ok(files)
}

/// The shard files (`*.jsonl`) in a folder, by name: perhaps none.
pub(crate) fn shards_in(dir: &Path) -> Result<Vec<PathBuf>, UsageError> {
    shard_file::files_in(dir).map_err(|e| UsageError(format!("{}: {e}", dir.display())))
}
