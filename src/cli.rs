//! The command line, as clap reads it.

mod solve_args;
mod values;
pub(crate) use solve_args::{BudgetArgs, SolveArgs};
pub(crate) use values::{ShardOf, Sweep};

use crate::session::open::Setting;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(
    name = "delve",
    version = env!("DELVE_VERSION_TEXT"),
    about = "Play solo card games whose rules are Rhai scripts",
    long_about = "Play solo card games whose rules are Rhai scripts.\n\n\
        Without a command, delve opens its REPL: `list` shows the games, `play GAME` starts one.",
    after_help = "Examples (GAME is a name from `delve list`):\n  delve list\n  \
        delve play GAME --seed 7\n  delve play GAME --opt KEY=VALUE\n  \
        delve play my-variant.rhai\n  delve resume\n  delve stats\n  delve replay session.txt\n\n\
        Environment:\n  \
        DELVE_GAMES       folders of rulesets searched before the built-in ones\n  \
        DELVE_HISTORY     the REPL's line history (else history in the state folder)\n  \
        XDG_STATE_HOME    holds the state folder: autosaves, history (~/.local/state)\n  \
        XDG_DATA_HOME     holds the statistics' folder (~/.local/share)\n  \
        DELVE_MAX_MEMORY  the most memory delve may hold in all, in MiB (2048)\n  \
        NO_COLOR          no colours"
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
    /// Replay every transcript under the paths and compare with its snapshot
    Test(TestArgs),
    /// Print a ruleset's script, or list the rule functions a variant may override
    #[command(
        after_help = "Examples (GAME is a name from `delve list`):\n  delve source GAME\n  \
        delve source GAME --functions\n  delve source GAME > my-copy.rhai"
    )]
    Source {
        /// A ruleset name from `delve list`, or a path to a .rhai file
        game: String,
        /// List the functions with the first line of the comment above each
        #[arg(long)]
        functions: bool,
    },
    /// Bring back an unfinished game played in the REPL (each is saved after every choice)
    #[command(
        long_about = "Brings back an unfinished game played in the REPL: each game is saved \
            after every choice, in a file of its own, so games in two terminals never replace \
            each other. With one unfinished game it is resumed; with several they are listed, \
            and `resume N` at the prompt (or `delve resume N`) picks one. A game you leave \
            for another (`play`, `load`, `new`) stays saved; `--forget` removes those you no \
            longer want.",
        after_help = "Examples:\n  delve resume\n  delve resume 2\n  delve resume --all\n  delve resume --forget 2\n  \
            delve resume --forget finished"
    )]
    Resume {
        /// Which game: its number in the list, or its name
        #[arg(conflicts_with = "forget")]
        which: Option<String>,
        /// List every unfinished game, not only the newest (to pick one with `resume N`)
        #[arg(long, conflicts_with_all = ["which", "forget"])]
        all: bool,
        /// Remove a saved game instead: N or NAME as listed, `finished` (every game that
        /// ended) or `browser` (every game started in the browser)
        #[arg(long, value_name = "N|NAME|finished|browser")]
        forget: Option<String>,
        /// Keep saving the game and count it in the statistics even when input is piped
        #[arg(long)]
        keep: bool,
    },
    /// Games played and won, streaks and scores, per ruleset and options
    #[command(
        long_about = "Games played and won, how the others ended, win rate, current and best \
            winning streak, best and mean score (a score in text such as 3/41 by its last \
            number, as sim counts it), for each ruleset and set of options you have played \
            in the REPL.\n\n\
            A game counts once, when it first ends; games played by sim, check, replay, \
            test or over --json do not count, nor do piped games unless played with --keep.",
        after_help = "Examples:\n  delve stats\n  delve stats GAME\n  delve stats --json"
    )]
    Stats {
        /// Only this ruleset (a name from `delve list`, or a script's path)
        game: Option<String>,
        /// Print JSON instead of a table
        #[arg(long)]
        json: bool,
    },
    /// Play many games with a bot and report win rate, scores and speed
    Sim(Box<SimArgs>),
    /// Is a deal winnable by a player who knows every card? Search it, and write the winning line
    Solve(Box<SolveArgs>),
    /// Play random games checking every invariant; names the seed that breaks one
    Check(CheckArgs),
    /// Pool the shard files of a `sim` run into its report, or say how far it has got
    Pool(PoolArgs),
    /// Play in a web browser: a local server for one page that draws the table
    Serve(ServeArgs),
    /// Print the shell's completion script for delve's commands and flags
    #[command(
        long_about = "Prints a script that makes the shell complete delve's commands, flags \
            and their values as you type. Load it from the shell's start-up file.",
        after_help = "Examples (each line in the shell's start-up file):\n  \
            source <(delve completions bash)       in ~/.bashrc\n  \
            source <(delve completions zsh)        in ~/.zshrc, after compinit\n  \
            delve completions fish | source        in ~/.config/fish/config.fish"
    )]
    Completions {
        /// The shell
        shell: clap_complete::Shell,
    },
    /// Print delve's manual page (roff), for `man`
    #[command(after_help = "Examples:\n  delve man | man -l -\n  \
            delve man > ~/.local/share/man/man1/delve.1")]
    Man,
}

#[derive(Args, Debug)]
#[command(
    long_about = "Starts a web server on this computer only (127.0.0.1) and prints its \
        address: open it in a browser to play any ruleset with the cards drawn. The page \
        needs nothing from the network. Each game is saved after every step in the state \
        folder, as the REPL's are, so reloading the page or restarting the server finds it \
        again (`delve resume` shows it too). docs/serve.md tells more.",
    after_help = "Examples (GAME is a name from `delve list`):\n  delve serve\n  \
        delve serve GAME\n  delve serve my-variant.rhai --port 8080\n  \
        delve serve --port 0          any free port"
)]
pub struct ServeArgs {
    /// The ruleset the page offers first: a name from `delve list`, or a path to a .rhai
    /// file (which the page may then play)
    pub game: Option<String>,
    /// The port on 127.0.0.1 (0: any free port)
    #[arg(long, default_value_t = 8017)]
    pub port: u16,
    /// The most games held at once; a new one past that closes the one idle longest
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub games: u16,
    /// Close a game idle this many seconds (its autosave stays)
    #[arg(long, value_name = "SECONDS", default_value_t = 1800, value_parser = clap::value_parser!(u64).range(1..=604_800))]
    pub idle: u64,
}

#[derive(Args, Debug)]
#[command(
    after_help = "Examples (GAME is a name from `delve list`):\n  delve sim GAME --games 10000\n  \
    delve sim GAME --games 10000 --bot heuristic --vs-opt KEY=VALUE\n  \
    delve sim GAME --games 10000 --vs OTHER-GAME --json\n  \
    delve sim GAME --games 1000 --bot mc --vs-bot heuristic\n  \
    delve sim GAME --games 20 --bot heuristic --profile\n  \
    delve sim GAME --games 10000 --bot heuristic --out runs/x --shard 3/8\n  \
    delve sim GAME --games 10000 --bot heuristic --out runs/x\n  \
    delve sim GAME --games 10000 --bot heuristic --sweep KEY=3..10 --chart curve.svg"
)]
pub struct SimArgs {
    /// A ruleset name from `delve list`, or a path to a .rhai file
    pub game: String,
    /// Set a ruleset option; repeat for more
    #[arg(long = "opt", value_name = "KEY=VALUE")]
    pub opts: Vec<Setting>,
    /// How many games: seeds S to S+N-1
    #[arg(long, default_value_t = 1000, value_parser = at_least_one)]
    pub games: u64,
    /// The first seed (default: the ruleset's first, 0 or its first deal number)
    #[arg(long)]
    pub seed: Option<u64>,
    /// Who plays: `random` (uniform among the options), `heuristic` (the script's own bot),
    /// `mc` (Monte Carlo over worlds the player can not tell apart, never peeking) or
    /// `solver` (a player who peeks at every card: the winnable share, a ceiling)
    #[arg(long, default_value = "random")]
    pub bot: String,
    #[command(flatten)]
    pub mc: McArgs,
    #[command(flatten)]
    pub solver: BudgetArgs,
    /// Worker threads, 1 to 256 (default: one per core); results do not depend on it
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub jobs: Option<u16>,
    /// Print one JSON object instead of the report
    #[arg(long)]
    pub json: bool,
    /// With --json: each game's seed, win and score too
    #[arg(long, requires = "json")]
    pub each: bool,
    /// Compare with another ruleset on the same seeds
    #[arg(long, value_name = "GAME")]
    pub vs: Option<String>,
    /// Options of the compared configuration (with or without --vs)
    #[arg(long = "vs-opt", value_name = "KEY=VALUE")]
    pub vs_opts: Vec<Setting>,
    /// The bot of the compared configuration (default: --bot), e.g. `--bot mc --vs-bot heuristic`
    #[arg(long = "vs-bot", value_name = "BOT")]
    pub vs_bot: Option<String>,
    #[command(flatten)]
    pub progress: ProgressArgs,
    /// Count the script's steps by function and show where they go (one job; slow)
    #[arg(long, conflicts_with = "out")]
    pub profile: bool,
    /// Keep the run as shard files in DIR (made if need be): each shard is written
    /// whole when its games are played, a shard already there is skipped, and the
    /// pooled report is printed (docs/distributed.md)
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
    /// With --out: play only shard K of N (0 to N-1; the seeds cut in N blocks), as
    /// one task of a job array; `delve pool DIR` pools the shards
    #[arg(long, value_name = "K/N", requires = "out")]
    pub shard: Option<ShardOf>,
    /// Play the run once for each value of a ruleset option, on the same seeds: NAME=A..B
    /// (whole numbers) or NAME=V1,V2,...; prints a table of win rates and their 95% CI
    #[arg(long, value_name = "NAME=VALUES", conflicts_with_all = ["vs", "vs_opts", "vs_bot", "each", "profile"])]
    pub sweep: Option<Sweep>,
    /// With --sweep: a bot to sweep with, one line of the chart each; repeat for more
    /// (default: --bot)
    #[arg(long = "sweep-bot", value_name = "BOT", requires = "sweep")]
    pub sweep_bots: Vec<String>,
    /// With --sweep: write the chart (win rate and its 95% CI against the value, a line
    /// per bot) as SVG to FILE (with --out: DIR/sweep.svg unless given)
    #[arg(long, value_name = "FILE", requires = "sweep")]
    pub chart: Option<PathBuf>,
    /// With --out and no --shard: cut the run in N shards (default: one per 1,000 games)
    #[arg(long, value_name = "N", requires = "out", conflicts_with = "shard",
          value_parser = clap::value_parser!(u64).range(1..))]
    pub shards: Option<u64>,
}

#[derive(Args, Debug)]
#[command(
    long_about = "Pools the shard files of a run (`delve sim ... --out DIR --shard K/N`) into \
        the report one run over all their seeds prints: with --json, the same object byte for \
        byte but for `games_per_second` (the shards' own pace). Shards of another run, \
        version or ruleset are refused, naming the file and the field; a seed in two files \
        is refused; a pool that misses shards says which seeds it misses and reports those \
        it holds.",
    after_help = "Examples:\n  delve pool runs/reserve/\n  delve pool --json runs/reserve/\n  \
        delve pool runs/a/shard-0-of-2.jsonl runs/b/shard-1-of-2.jsonl\n  \
        delve pool --status runs/reserve/"
)]
pub struct PoolArgs {
    /// Shard files, or folders whose `*.jsonl` files are shards
    #[arg(required_unless_present = "status")]
    pub paths: Vec<PathBuf>,
    /// Print one JSON object instead of the report, as `sim --json` does
    #[arg(long)]
    pub json: bool,
    /// With --json: each game's seed, win and score too
    #[arg(long, requires = "json")]
    pub each: bool,
    /// How far the run in DIR has got: shards and games done, and the time left at
    /// the pace of the shards done
    #[arg(long, value_name = "DIR", conflicts_with_all = ["paths", "json", "each"])]
    pub status: Option<PathBuf>,
}

#[derive(Args, Debug)]
#[command(
    long_about = "Replays every transcript under the paths and compares what it shows with \
        the snapshot stored beside it.\n\n\
        A transcript is a file ending in .txt whose first line is `# game: NAME` (as \
        `record` in the REPL writes them); its snapshot is the file of the same name \
        ending in .snap. A missing or different snapshot fails with a diff, and so does \
        a transcript whose script fails. Paths in a transcript's header are read from \
        its own folder first.",
    after_help = "Examples:\n  delve test                 every transcript under this folder\n  \
        delve test tests/ more.txt\n  \
        delve test --accept        store what each transcript shows as its snapshot\n\n\
        Exit status: 0 when every transcript passes, 1 when any fails or is new, 2 for a bad command line."
)]
pub struct TestArgs {
    /// Transcript files, or folders searched for them (default: the current folder)
    pub paths: Vec<PathBuf>,
    /// Write each new or changed snapshot instead of failing (a file already at the
    /// snapshot's name is replaced only if it is a snapshot)
    #[arg(long)]
    pub accept: bool,
}

/// Whether a long run says how far it has got.
#[derive(Args, Debug)]
pub struct ProgressArgs {
    /// No progress on stderr (else a bar at a terminal, and a line every few seconds
    /// where stderr is a file or a pipe)
    #[arg(long, short)]
    pub quiet: bool,
}

/// The mc bot's worlds a decision by default: the settings of the figures
/// the README gives (docs/figures.md), a game of the README's first
/// ruleset in about 5 CPU-seconds. A hint plays more (`run::mc::Settings`),
/// until the best is told apart: a person waits for one decision, a run for
/// thousands.
pub(crate) const MC_WORLDS: usize = 8;

/// The Monte Carlo bot's settings, for `--bot mc`.
#[derive(Args, Debug)]
pub struct McArgs {
    /// The mc bot: worlds per decision (every option is played out once in each)
    #[arg(long, default_value_t = MC_WORLDS as u64, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub worlds: u64,
    /// The mc bot: who plays a world out, `random` or `heuristic` (the script's own bot);
    /// by default the script's own bot where it has one, else random
    #[arg(long, value_name = "random|heuristic")]
    pub rollout: Option<String>,
    /// The mc bot: at most this many milliseconds a decision (at least one world);
    /// results then depend on the machine's speed
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub budget_ms: Option<u64>,
    /// The mc bot: play every option in every world, even one already surely worse than
    /// the bot's choice or the leader (slower; how figures before 2026-11-25 were made)
    #[arg(long)]
    pub no_prune: bool,
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// A ruleset name or path; without it, every shipped ruleset and option value
    pub game: Option<String>,
    /// Set a ruleset option; repeat for more
    #[arg(long = "opt", value_name = "KEY=VALUE")]
    pub opts: Vec<Setting>,
    /// Games per configuration
    #[arg(long, default_value_t = 200, value_parser = at_least_one)]
    pub games: u64,
    /// The first seed (default: the ruleset's first, 0 or its first deal number)
    #[arg(long)]
    pub seed: Option<u64>,
    /// Folder for a failing game's transcript (default: a new temporary folder)
    #[arg(long, value_name = "DIR")]
    pub out: Option<std::path::PathBuf>,
    /// Who plays the checked games: `random`, `heuristic` or `mc` (default: a random
    /// game and a game of the ruleset's own bot, where it has one, each seed)
    #[arg(long)]
    pub bot: Option<String>,
    #[command(flatten)]
    pub mc: McArgs,
}

#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// A ruleset name from `delve list`, or a path to a .rhai file
    /// (with --load: the script a save names by path, if it does)
    #[arg(required_unless_present = "load")]
    pub game: Option<String>,
    /// Load a saved game (from `save` in the REPL) instead of dealing a new one
    #[arg(long, value_name = "FILE", conflicts_with_all = ["seed", "deal", "opts"])]
    pub load: Option<PathBuf>,
    /// The deal's seed, or its deal number where the ruleset deals numbered deals (default:
    /// a fresh one, shown when the game starts)
    #[arg(long)]
    pub seed: Option<u64>,
    /// A deal file fixing the order of the script's shuffles
    #[arg(long, value_name = "FILE")]
    pub deal: Option<PathBuf>,
    /// Set a ruleset option; repeat for more (`delve play GAME` then `options` lists them)
    #[arg(long = "opt", value_name = "KEY=VALUE")]
    pub opts: Vec<Setting>,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub wire: WireArgs,
    /// Autosave the game and count it in the statistics even when input is piped
    /// (at a terminal they always are; piped and scripted runs leave them alone)
    #[arg(long, conflicts_with = "json")]
    pub keep: bool,
    /// Deal the next seed (from --seed, else a fresh one) that the solver proves winnable
    /// within a small budget; it says so and gives no hints
    #[arg(long, conflicts_with_all = ["json", "load", "deal"])]
    pub winnable: bool,
}

/// How a program is spoken to instead of a person.
#[derive(Args, Debug)]
pub struct WireArgs {
    /// Speak the JSON-lines protocol on stdin/stdout instead of the REPL (docs/protocol.md)
    #[arg(long)]
    pub json: bool,
    /// With --json: which protocol version to speak (1 is the stream before `hello`)
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=2), requires = "json")]
    pub protocol: u32,
    /// With --json: show face-down cards in the table too (for test drivers, not players)
    #[arg(long, requires = "json")]
    pub reveal: bool,
    /// With --json (protocol 2): stay after `end` for undo, restart, new, load or quit
    #[arg(long, requires = "json")]
    pub keep_open: bool,
}

/// A count of games: a whole number from 1 up.
fn at_least_one(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("play at least one game".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("`{text}` is not a whole number of games")),
    }
}
