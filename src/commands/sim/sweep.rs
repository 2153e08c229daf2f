//! `delve sim GAME --sweep NAME=A..B`: the run played once for each value of
//! an option, and for each bot of `--sweep-bot`, all on the same seeds, so
//! the values are compared game for game. Prints a table of win rates with
//! their 95% intervals (or JSON) and draws them as an SVG chart
//! (`sweep_chart.rs`), one line per bot, where a designer sees a rule tip
//! the game. With `--out DIR` each value and bot is a run of shard files
//! in a folder of its own, so a sweep shards, resumes and runs as a job
//! array like a plain run.

use super::out_dir::{play_shards, run_of};
use super::pooled::gather;
use super::summary::Results;
use super::sweep_chart::{self, Point};
use super::{Configured, Outcome, Setup};
use crate::cli::{SimArgs, Sweep};
use crate::commands::bots::Bot;
use crate::files::{self, Kind, Replace};
use crate::session::open::Setting;
use anyhow::{anyhow, Result};
use std::io::Write;

pub(super) fn command(args: &SimArgs, sweep: &Sweep, jobs: usize) -> Result<()> {
    let bot_names = if args.sweep_bots.is_empty() {
        vec![args.bot.clone()]
    } else {
        args.sweep_bots.clone()
    };
    // Every configuration loads before any plays: a bad value fails at once.
    let mut configured = Vec::new();
    for name in &bot_names {
        let bot = Bot::chosen(name, &args.mc)?;
        for value in &sweep.values {
            let mut opts = args.opts.clone();
            opts.retain(|o| o.key != sweep.name);
            opts.push(Setting {
                key: sweep.name.clone(),
                value: value.clone(),
            });
            let setup = Setup {
                game: args.game.clone(),
                opts,
            };
            let loaded = setup.load(bot, false)?;
            let first_seed = loaded.first_seed(args.seed, args.games)?;
            configured.push((
                value.clone(),
                Configured {
                    first: (setup, loaded, bot),
                    second: None,
                    jobs,
                    first_seed,
                    shown: super::Shown::on_stderr(args.progress.quiet),
                },
            ));
        }
    }
    // A chart that could not be written is said before any game is played:
    // the one named (its folder must be there), or the one under `--out`
    // (whose folder the run makes).
    let chart = args
        .chart
        .clone()
        .or_else(|| args.out.as_ref().map(|dir| dir.join("sweep.svg")))
        .filter(|_| args.shard.is_none());
    if let Some(path) = &chart {
        let named = args.chart.is_some();
        let flag = if named { "--chart" } else { "--out" };
        let folder = if named {
            files::check_folder(path)
        } else {
            Ok(())
        };
        folder
            .and_then(|()| files::check(path, Kind::Chart, Replace::SameKind))
            .map_err(|e| crate::usage::UsageError(format!("{flag} {}: {e}", path.display())))?;
    }
    let mut points = Vec::new();
    for (index, (value, config)) in configured.iter().enumerate() {
        let bot = config.first.2;
        let outcome = match &args.out {
            Some(dir) => {
                let folder = dir.join(bot.name()).join(format!(
                    "{:02}-{}",
                    index % sweep.values.len(),
                    plain(&format!("{}={value}", sweep.name))
                ));
                let run = run_of(args, config.first_seed, &folder)?;
                let files = play_shards(config, &folder, run, args.shard)?;
                if args.shard.is_some() {
                    continue;
                }
                gather(&files)?.a.2
            }
            None => config.play(config.first_seed, args.games, "")?.0,
        };
        points.push(point(value, bot, &outcome));
    }
    if args.shard.is_some() {
        return Ok(());
    }
    // Every value deals from the same first seed: one ruleset.
    let first_seed = configured.first().map_or(0, |(_, c)| c.first_seed);
    let mut out = anstream::stdout();
    if args.json {
        let opts: Vec<String> = args.opts.iter().map(ToString::to_string).collect();
        let json = serde_json::json!({ "sweep": sweep.name, "game": args.game, "opts": opts,
            "first_seed": first_seed, "games": args.games, "points": points });
        writeln!(out, "{json}")?;
    } else {
        write!(out, "{}", table(args, first_seed, sweep, &points))?;
    }
    if let Some(path) = chart {
        write_chart(&path, args, sweep, &points)?;
        anstream::eprintln!("the chart: {}", path.display());
    }
    Ok(())
}

fn point(value: &str, bot: Bot, outcome: &Outcome) -> Point {
    let results = Results::of(outcome);
    Point {
        value: value.to_string(),
        bot: bot.name(),
        games: results.games,
        wins: results.wins,
        win_rate: results.win_rate,
        ci95: results.ci95,
        mean_score: results.mean_score,
    }
}

/// The sweep as text: a row per value and bot.
fn table(args: &SimArgs, first_seed: u64, sweep: &Sweep, points: &[Point]) -> String {
    let last = first_seed + (args.games - 1);
    let mut text = format!(
        "{} by {}, seeds {} to {last} (the same for every value)\n  {:>10}  {:<10} {:>8} {:>8} {:>9}  95% CI         mean score\n",
        args.game, sweep.name, first_seed, "value", "bot", "games", "wins", "win rate"
    );
    let pct = |x: f64| format!("{:.1}%", 100.0 * x);
    for p in points {
        text += &format!(
            "  {:>10}  {:<10} {:>8} {:>8} {:>9}  {:<14} {}\n",
            crate::read::excerpt(&p.value),
            p.bot,
            p.games,
            p.wins,
            pct(p.win_rate),
            format!("{}–{}", pct(p.ci95[0]), pct(p.ci95[1])),
            p.mean_score.map(|m| format!("{m:.2}")).unwrap_or_default()
        );
    }
    text
}

fn write_chart(
    path: &std::path::Path,
    args: &SimArgs,
    sweep: &Sweep,
    points: &[Point],
) -> Result<()> {
    let title = format!(
        "{}: win rate by {} ({} games a point, 95% CI)",
        args.game, sweep.name, args.games
    );
    let svg = sweep_chart::svg(&title, &sweep.name, &sweep.values, points);
    files::write(path, svg.as_bytes(), Kind::Chart, Replace::SameKind)
        .map_err(|e| anyhow!("{}: {e}", path.display()))
}

/// A name for a folder: letters, digits, `=`, `.`, `_` and `-` kept, the
/// rest `_`.
fn plain(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "=._-".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}
