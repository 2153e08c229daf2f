//! The command line, as clap reads it.

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "delve",
    version,
    about = "Play solo card games whose rules are Rhai scripts",
    long_about = "Play solo card games whose rules are Rhai scripts.\n\n\
        Without a command, delve opens its REPL: `list` shows the games, `play GAME` starts one.",
    after_help = "Examples:\n  delve list\n  delve play clear-the-dungeon --seed 7\n  \
        delve play clear-the-dungeon --opt damage_limit=0\n  delve play my-variant.rhai\n  \
        delve replay tests/sessions/clear-the-dungeon-win.txt"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the rulesets and variants, one line each
    List,
    /// Play a game in the REPL (or over JSON lines with --json)
    Play(PlayArgs),
    /// Run a session transcript and print what a person would have seen
    Replay {
        /// A transcript: `# game:`, `# seed:`, `# opt:`, `# deal:` lines, then typed lines
        file: PathBuf,
    },
}

#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// A ruleset name from `delve list`, or a path to a .rhai file
    pub game: String,
    /// The deal's seed (default: a fresh one, shown when the game starts)
    #[arg(long)]
    pub seed: Option<u64>,
    /// A deal file fixing the order of the script's shuffles
    #[arg(long, value_name = "FILE")]
    pub deal: Option<PathBuf>,
    /// Set a ruleset option; repeat for more (`delve play GAME` then `options` lists them)
    #[arg(long = "opt", value_name = "KEY=VALUE")]
    pub opts: Vec<String>,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Speak the JSON-lines protocol on stdin/stdout instead of the REPL
    #[arg(long)]
    pub json: bool,
}
