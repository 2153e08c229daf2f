//! What a `delve sim` run prints from its games: one configuration's
//! figures, or two on the same seeds with their paired differences, as text
//! or as one JSON object. `sim` and `pool` both print through here, so that
//! shards pooled print exactly what one run over their seeds prints.

use super::summary::{each, report, summarize};
use super::{Outcome, Setup};
use crate::commands::bots::Bot;
use crate::commands::tally;
use anyhow::Result;
use std::io::Write;

/// One configuration and its games, in seed order.
pub(crate) struct Side<'a> {
    pub setup: &'a Setup,
    pub bot: Bot,
    pub outcome: &'a Outcome,
}

/// How the figures are printed.
pub(crate) struct Printing<'a> {
    pub json: bool,
    /// With `json`: each game by its seed (`--each`).
    pub each: bool,
    /// The seed of each game, in the order of the outcomes' games.
    pub seeds: &'a dyn Fn(usize) -> u64,
    /// How the games were played, for the text's speed line ("2 jobs").
    pub speed: &'a str,
    /// Said of a pooled run that misses seeds: in the JSON as `partial`.
    pub partial: Option<serde_json::Value>,
}

/// Prints the figures of `a`, and of `b` with the paired differences.
pub(crate) fn print(
    out: &mut impl Write,
    a: &Side,
    b: Option<&Side>,
    printing: &Printing,
) -> Result<()> {
    let summary = |side: &Side| {
        let mut summary = summarize(side.setup, side.bot, side.outcome);
        summary.each = (printing.json && printing.each).then(|| {
            each(
                side.outcome,
                (0..side.outcome.games.len()).map(printing.seeds),
            )
        });
        summary
    };
    let first = summary(a);
    let Some(b) = b else {
        if !printing.json {
            write!(out, "{}", report(&first, printing.speed))?;
        } else if let Some(partial) = &printing.partial {
            let mut json = serde_json::to_value(&first)?;
            json["partial"] = partial.clone();
            writeln!(out, "{json}")?;
        } else {
            writeln!(out, "{}", serde_json::to_string(&first)?)?;
        }
        return Ok(());
    };
    let second = summary(b);
    let wins = |o: &Outcome| {
        o.games
            .iter()
            .map(|g| f64::from(u8::from(g.win)))
            .collect::<Vec<_>>()
    };
    let (difference, (low, high)) = tally::paired_difference(&wins(a.outcome), &wins(b.outcome));
    // Scores pair only where both games of a seed have one.
    let (scores_a, scores_b): (Vec<f64>, Vec<f64>) = a
        .outcome
        .games
        .iter()
        .zip(&b.outcome.games)
        .filter_map(|(x, y)| Some((x.score?, y.score?)))
        .unzip();
    let scored = !scores_a.is_empty();
    let (score_difference, (score_low, score_high)) =
        tally::paired_difference(&scores_a, &scores_b);
    // Which is better by what the first ruleset's player plays for: its
    // measure's interval clear of 0.
    let to_score = a.outcome.objective.score_alone() && scored;
    let (by_low, by_high) = if to_score && a.outcome.objective.lower() {
        (-score_high, -score_low)
    } else if to_score {
        (score_low, score_high)
    } else {
        (low, high)
    };
    let better = if by_low > 0.0 {
        Some("first")
    } else if by_high < 0.0 {
        Some("second")
    } else {
        None
    };
    if printing.json {
        let mut difference = serde_json::json!({ "win_rate": difference, "ci95": [low, high] });
        if scored {
            difference["mean_score"] = serde_json::json!(score_difference);
            difference["mean_score_ci95"] = serde_json::json!([score_low, score_high]);
        }
        difference["by"] = serde_json::json!(if to_score { "score" } else { "win" });
        difference["better"] = serde_json::json!(better);
        let mut json = serde_json::json!({ "a": first, "b": second, "difference": difference });
        if let Some(partial) = &printing.partial {
            json["partial"] = partial.clone();
        }
        writeln!(out, "{json}")?;
    } else {
        write!(
            out,
            "{}\n{}",
            report(&first, printing.speed),
            report(&second, printing.speed)
        )?;
        let wins_line = format!("win rate difference (first minus second, same seeds): {:+.1} points (95% CI {:+.1} to {:+.1})",
            100.0 * difference,
            100.0 * low,
            100.0 * high
        );
        let score_line = scored.then(|| format!("mean score difference (first minus second, same seeds): {score_difference:+.2} (95% CI {score_low:+.2} to {score_high:+.2})"));
        // What the ruleset plays for first.
        let lines: Vec<String> = if to_score {
            score_line.into_iter().chain([wins_line]).collect()
        } else {
            [wins_line].into_iter().chain(score_line).collect()
        };
        writeln!(out)?;
        for line in lines {
            writeln!(out, "{line}")?;
        }
        let measure = if to_score { "score" } else { "wins" };
        writeln!(
            out,
            "better by what the ruleset plays for ({measure}): {}",
            better.unwrap_or("neither, at 95%")
        )?;
    }
    Ok(())
}

/// `2 jobs`, `1 job`: the speed line's note for a run on threads.
pub(crate) fn jobs_text(jobs: usize) -> String {
    format!("{jobs} job{}", if jobs == 1 { "" } else { "s" })
}
