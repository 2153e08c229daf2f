//! `delve solve`: is the deal (or a saved game, from where it stands)
//! winnable by a player who knows every card? The search is `run::solve`;
//! this is its command line: the progress at a terminal, Ctrl-C, the
//! answer in words or JSON, and the winning line as a transcript.

use crate::cli::SolveArgs;
use crate::files::Replace;
use crate::run::solve::{self, Halt, Line, Progress, Solved, Verdict};
use crate::run::Program;
use crate::script::cancel::Cancel;
use crate::script::engine::INTERRUPT;
use crate::script::error::ErrorKind;
use crate::script::shape::Shape;
use crate::script::ScriptError;
use crate::session::{Session, Standing};
use crate::usage::UsageError;
use anyhow::{bail, Context, Result};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::time::Instant;

/// Solves the game `open` opens (a new deal, or a saved game) as `args`
/// say. The time budget counts from before it opens: the way to its first
/// decision (a saved game's choices, a ruleset's lone options) is spent
/// from the same seconds, and a game that does not come to it within them
/// is answered "not known".
pub(crate) fn command(args: &SolveArgs, open: impl FnOnce() -> Result<Session>) -> Result<()> {
    let budget = args.budget.budget(args.best)?;
    let within = Cancel::within(budget.time, None);
    let opening = Instant::now();
    let mut session = match within.over(open) {
        Ok(session) => session,
        Err(error) if within.why().is_some() && stopped(&error) => {
            return unopened(args, opening.elapsed().as_secs_f64());
        }
        Err(error) => return Err(error),
    };
    // A deal that ends before its first decision (a repetition rule may
    // end it at once) is the search's to settle: a game a player ended is
    // not.
    let played = !session.choices().is_empty();
    if let (true, Standing::Ended(outcome)) = (played, session.standing()) {
        bail!(
            "the game has already ended ({}, score {}): there is nothing to solve",
            outcome.result,
            outcome.score_text()
        );
    }
    // A line that could not be written is said before the search, not
    // after it.
    if let Some(path) = &args.line {
        crate::transcript::record::check(&session, path, &path.display().to_string(), LINE)
            .map_err(|e| UsageError(format!("--line: {e:#}")))?;
    }
    let program = Program::load(session.ruleset.file.clone())?;
    INTERRUPT.store(false, Ordering::Relaxed);
    // Ctrl-C stops the search, which then tells the best it found.
    let _ = ctrlc::set_handler(|| INTERRUPT.store(true, Ordering::Relaxed));
    let bar = spinner();
    let prefix = session.choices().to_vec();
    let before = opening.elapsed().as_secs_f64();
    let solved = solve::solve(
        &program,
        &session.options,
        &session.deal,
        &prefix,
        budget,
        &within,
        &mut |p| show(&bar, p),
    );
    bar.finish_and_clear();
    INTERRUPT.store(false, Ordering::Relaxed);
    let mut solved = solved?;
    // Its seconds are the budget's: from before the game opened.
    solved.stats.seconds += before;
    // The answer is printed whatever becomes of the file.
    let written = match (&args.line, line_of(&solved, args.best)) {
        (Some(path), Some(line)) => write_line(&mut session, line, prefix.len(), path).map(Some),
        _ => Ok(None),
    };
    let shown_line = written.as_ref().ok().cloned().flatten();
    let proof = Proof::of(program.ruleset().shape);
    let trusts = trusted(&program.ruleset().declared.position);
    let mut out = anstream::stdout();
    if args.json {
        let mut answer = json(&solved, proof, shown_line.as_deref());
        let proven = solved.verdict == Verdict::NotWinnable;
        answer["trusts"] = serde_json::json!(proven.then_some(&trusts));
        writeln!(out, "{answer}")?;
    } else {
        let name = session.ruleset.name();
        write!(
            out,
            "{}",
            words(
                &solved,
                proof,
                name,
                session.deal.seed,
                args.line.is_some(),
                shown_line.as_deref()
            )
        )?;
        if solved.verdict == Verdict::NotWinnable && !trusts.is_empty() {
            writeln!(
                out,
                "  it trusts what the ruleset declares of its positions: {} (`delve check` tests them)",
                trusts.join(", ")
            )?;
        }
    }
    let written = written?;
    if let (Some(path), None) = (&args.line, &written) {
        let what = if args.best { "line" } else { "win" };
        anstream::eprintln!(
            "No transcript written to {}: no {what} was found.",
            path.display()
        );
    }
    if solved.verdict == Verdict::Unknown && solved.exhausted {
        bail!(
            "{} line{} passed {} decisions without ending, so the deal is not proven unwinnable: \
             the game may never end under search (a counter that grows while nothing else \
             changes); --depth cuts lines later",
            solved.stats.too_deep,
            if solved.stats.too_deep == 1 { "" } else { "s" },
            args.budget.depth
        );
    }
    Ok(())
}

/// Whether a game failed to open because the work's stop was due.
fn stopped(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        cause
            .downcast_ref::<ScriptError>()
            .is_some_and(|e| e.kind == ErrorKind::Interrupted)
    })
}

/// The answer when the time ran out before the game's first decision:
/// not known, with nothing searched.
fn unopened(args: &SolveArgs, seconds: f64) -> Result<()> {
    let solved = Solved {
        verdict: Verdict::Unknown,
        halted: Some(Halt::Time),
        win: None,
        best: None,
        exhausted: false,
        stats: Progress {
            seconds,
            ..Progress::default()
        },
    };
    let mut out = anstream::stdout();
    if args.json {
        writeln!(out, "{}", json(&solved, Proof::WholeState, None))?;
    } else {
        let game = match (&args.game.game, &args.game.load) {
            (_, Some(load)) => load.display().to_string(),
            (Some(game), None) => game.clone(),
            (None, None) => String::new(),
        };
        writeln!(
            out,
            "{game}: not known: the time ran out (--seconds) before the game's first decision\n  {seconds:.2} s"
        )?;
    }
    Ok(())
}

/// What `--line` may replace: a transcript, else nothing.
const LINE: Replace = Replace::SameKind;

/// Plays `line` past the first `from` choices into `session` and writes it
/// to `path` as a transcript; the path as shown.
fn write_line(session: &mut Session, line: &Line, from: usize, path: &Path) -> Result<String> {
    for choice in &line.choices[from..] {
        session.choose(choice.index)?;
    }
    let shown = path.display().to_string();
    crate::transcript::record::write(session, path, &shown, LINE)
        .context("the answer above stands; only the transcript was not written")?;
    Ok(shown)
}

/// The line a transcript is written of: the win (with `best`, the best line).
fn line_of(solved: &Solved, best: bool) -> Option<&Line> {
    if best {
        solved.best.as_ref()
    } else {
        solved.win.as_ref()
    }
}

/// A spinner on stderr at a terminal (indicatif draws nothing elsewhere).
fn spinner() -> ProgressBar {
    let bar = ProgressBar::new_spinner();
    let style = ProgressStyle::with_template("{spinner} solving: {msg} ({elapsed})")
        .unwrap_or_else(|_| ProgressStyle::default_spinner());
    bar.set_style(style);
    bar
}

fn show(bar: &ProgressBar, progress: &Progress) {
    // Every run reports; a message every 64 runs is plenty for the eye.
    if progress.probes % 64 == 1 {
        bar.set_message(format!(
            "{} decisions met, {} replayed, {} positions, deepest line {}{}",
            progress.nodes,
            progress.replays,
            progress.positions,
            progress.deepest,
            progress
                .best_score
                .map_or_else(String::new, |s| format!(", best score {s}"))
        ));
        bar.tick();
    }
}

/// The declarations a search of positions trusts, as the ruleset wrote
/// them: two positions they make alike are searched once, so a false one
/// could make a "not winnable" wrong (docs/solver.md).
fn trusted(rules: &crate::script::position_rules::PositionRules) -> Vec<String> {
    let families = rules.interchangeable.iter();
    let interchangeable = families.map(|f| format!("interchangeable(\"{f}\")"));
    let unordered = rules
        .unordered
        .iter()
        .map(|p| format!("unordered(\"{p}\")"));
    let states = rules.bookkeeping.iter();
    let bookkeeping = states.map(|s| format!("bookkeeping(\"{s}\")"));
    interchangeable
        .chain(unordered)
        .chain(bookkeeping)
        .collect()
}

/// What a "not winnable" rests on: the key of a position is the whole
/// state in a game of positions; in a story it leaves out what the script
/// keeps in its own variables across a decision (docs/solver.md).
#[derive(Clone, Copy)]
enum Proof {
    WholeState,
    PilesAndNamedState,
}

impl Proof {
    fn of(shape: Shape) -> Proof {
        match shape {
            Shape::Positions => Proof::WholeState,
            Shape::Story => Proof::PilesAndNamedState,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Proof::WholeState => "whole_state",
            Proof::PilesAndNamedState => "piles_and_named_state",
        }
    }

    fn words(self) -> &'static str {
        match self {
            Proof::WholeState => "a game of positions: each position's key is its whole state",
            Proof::PilesAndNamedState => {
                "a story: the proof holds if the ruleset keeps in piles and named state all                  its future depends on, nothing in its own variables across a decision                  (docs/solver.md, \"What a proof rests on\")"
            }
        }
    }
}

/// The answer in words.
/// `asked` is whether `--line` was given; `written`, the transcript written.
fn words(
    solved: &Solved,
    proof: Proof,
    game: &str,
    seed: u64,
    asked: bool,
    written: Option<&str>,
) -> String {
    let stats = &solved.stats;
    let mut text = format!(
        "{game}, seed {seed}, searched by the solver (it reads face-down cards and the rules' random numbers: a player who peeks)\n"
    );
    let how_far = format!(
        "{} decisions met, {} replayed, {} runs, {} passes, deepest line {} decisions, {:.2} s",
        stats.nodes, stats.replays, stats.probes, stats.passes, stats.deepest, stats.seconds
    );
    text += &match (solved.verdict, &solved.win) {
        (Verdict::Winnable, Some(win)) => format!(
            "winnable: a line of {} decisions wins ({}, score {}: {})\n  {how_far}\n",
            win.choices.len(),
            win.outcome.result,
            win.outcome.score_text(),
            win.outcome.summary
        ),
        (Verdict::NotWinnable, _) => {
            format!(
                "not winnable: every line was searched\n  {how_far}\n  it rests on {}\n",
                proof.words()
            )
        }
        _ => format!(
            "not known: {}\n  {how_far}\n",
            match solved.halted {
                Some(Halt::Nodes) => "the budget of decisions ran out (--nodes)",
                Some(Halt::Replays) => "the budget of decisions replayed ran out (--replays)",
                Some(Halt::Line) => "the line searched came to hold as many option keys as it may",
                Some(Halt::Copies) => "the copies of positions on the line searched came to hold as much memory as they may",
                Some(Halt::Called) => "the search was called off",
                Some(Halt::Time) => "the time ran out (--seconds)",
                Some(Halt::Cpu) => "the CPU time ran out (--cpu-seconds)",
                Some(Halt::Table) => "the table of positions seen is full",
                Some(Halt::Interrupted) => "stopped by Ctrl-C",
                None => "some lines were cut at the depth cap (--depth)",
            }
        ),
    };
    if let Some(best) = &solved.best {
        let stats = &solved.stats;
        let every_line = solved.exhausted && stats.too_deep == 0 && stats.stranded == 0;
        let proven = if every_line {
            " (the best there is)"
        } else if stats.stranded > 0 {
            " (lines past a card that can never move were let go: --best follows them)"
        } else {
            ""
        };
        text += &format!(
            "  best found: {}, score {}{proven}\n",
            best.outcome.result,
            best.outcome.score_text()
        );
    }
    match written {
        Some(path) => text += &format!("  the line: {path} (`delve replay {path}` plays it)\n"),
        None if solved.win.is_some() && !asked => {
            text += "  --line FILE writes the line as a transcript for `delve replay`\n";
        }
        None => {}
    }
    text
}

/// The answer as one JSON object.
fn json(solved: &Solved, proof: Proof, written: Option<&str>) -> serde_json::Value {
    let stats = &solved.stats;
    serde_json::json!({
        "verdict": match solved.verdict {
            Verdict::Winnable => "winnable",
            Verdict::NotWinnable => "not_winnable",
            Verdict::Unknown => "unknown",
        },
        "halted": solved.halted.map(Halt::name),
        "proof": (solved.verdict == Verdict::NotWinnable).then(|| proof.name()),
        "exhausted": solved.exhausted,
        "win_decisions": solved.win.as_ref().map(|w| w.choices.len()),
        "best_result": solved.best.as_ref().map(|b| b.outcome.result.clone()),
        "best_score": solved.best.as_ref().map(|b| b.outcome.score.clone()),
        "nodes": stats.nodes,
        "replays": stats.replays,
        "runs": stats.probes,
        "positions": stats.positions,
        "deepest": stats.deepest,
        "too_deep": stats.too_deep,
        "stranded": stats.stranded,
        "seconds": stats.seconds,
        "passes": stats.passes,
        "line": written,
    })
}
