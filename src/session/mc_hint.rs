//! An mc hint as every front end shows it: in words, which option to take
//! and why, then each option best first with its figures and how far it
//! stands from the best over the same worlds; as data, the same figures.

use super::command::{option_fields, over, Effect, Failure, STAYS};
use super::Session;
use crate::run::mc::{Difference, Estimate, Estimates, Measure};
use serde_json::{json, Map, Value};

/// Each option's estimated win rate and mean score over worlds the player
/// can not tell apart, best first.
pub(super) fn hint_mc(session: &mut Session) -> Result<Effect, Failure> {
    if session.prompt().is_none() {
        return Err(Failure::Refused(over("hint")));
    }
    // A person waits: worlds until the best is told from the others, at
    // most a few seconds, then the best so far.
    let mut settings = crate::run::mc::Settings {
        budget: Some(std::time::Duration::from_secs(5)),
        until_separated: true,
        ..crate::run::mc::Settings::default()
    };
    if session.ruleset.has_bot() {
        settings.rollout = crate::run::Answerer::ScriptBot;
    }
    let estimates = session.hint_mc(&settings).map_err(|e| match e {
        crate::run::mc::Failure::Script(error) => Failure::Script {
            message: format!("script error in a world of the hint: {error}"),
            kind: Some(error.kind),
            note: STAYS,
        },
        other => Failure::Refused(format!("no hint: {other}")),
    })?;
    let mut text = format!(
        "hint (Monte Carlo over {} worlds of {} tried{}; no face-down card was looked at):",
        estimates.worlds,
        estimates.tried,
        if estimates.cut_short {
            ", cut short"
        } else {
            ""
        }
    );
    let verdict = verdict(&estimates);
    text += &format!("\n  {verdict}");
    let mut rows = Vec::new();
    for e in &estimates.options {
        text += &row(e, &estimates);
        rows.push(Value::Object(hint_row(e, &estimates)));
    }
    text += &format!(
        "\n  ({:.1} s on {} {})",
        estimates.elapsed.as_secs_f64(),
        estimates.cores,
        if estimates.cores == 1 {
            "core"
        } else {
            "cores"
        }
    );
    let suggested = estimates
        .options
        .iter()
        .find(|e| e.index == estimates.suggested)
        .expect("the suggestion is one of the options");
    let mut effect = Effect::said(text);
    effect.fields = option_fields(suggested.index, &suggested.key, &suggested.label);
    effect.fields.insert("method".into(), json!("mc"));
    effect.fields.insert("options".into(), Value::Array(rows));
    effect
        .fields
        .insert("worlds".into(), json!(estimates.worlds));
    effect.fields.insert("tried".into(), json!(estimates.tried));
    effect
        .fields
        .insert("cut_short".into(), json!(estimates.cut_short));
    effect.fields.insert("peeked".into(), json!(false));
    effect.fields.insert(
        "too_close_to_call".into(),
        json!(estimates.too_close_to_call()),
    );
    effect
        .fields
        .insert("seconds".into(), json!(estimates.elapsed.as_secs_f64()));
    effect.fields.insert("cores".into(), json!(estimates.cores));
    effect.fields.insert("verdict".into(), json!(verdict));
    Ok(effect)
}

/// One option of an mc hint as data: its figures, and against the best.
fn hint_row(
    e: &crate::run::mc::Estimate,
    estimates: &crate::run::mc::Estimates,
) -> Map<String, Value> {
    let mut row = option_fields(e.index, &e.key, &e.label);
    row.insert("win_rate".into(), json!(e.win_rate()));
    row.insert("margin".into(), json!(e.margin()));
    row.insert("mean_score".into(), json!(e.mean_score()));
    row.insert("games".into(), json!(e.games));
    row.insert("suggested".into(), json!(e.index == estimates.suggested));
    let versus = e.versus_best.map(|d| {
        json!({
            "measure": match d.measure {
                crate::run::mc::Measure::Wins => "wins",
                crate::run::mc::Measure::Score => "score",
            },
            "mean": d.mean,
            "low": d.mean - d.margin,
            "high": d.mean + d.margin,
            "worlds": d.worlds,
            "surely_worse": d.surely_worse(),
        })
    });
    row.insert("versus_best".into(), versus.unwrap_or(Value::Null));
    row
}

/// The line that says what to take and how sure that is.
pub(crate) fn verdict(estimates: &Estimates) -> String {
    let best = &estimates.options[0];
    let suggested = estimates
        .options
        .iter()
        .find(|e| e.index == estimates.suggested)
        .expect("the suggestion is one of the options");
    if suggested.index != best.index {
        let against = suggested.versus_best.map_or(String::new(), |d| {
            format!(": {} against it", difference(&d))
        });
        return format!(
            "Take {}: the ruleset's bot's choice, since {}, the best estimate, did not do clearly better in the same worlds{against}.",
            name(suggested),
            name(best),
        );
    }
    let close: Vec<String> = estimates
        .options
        .iter()
        .skip(1)
        .filter(|e| e.games == estimates.worlds && e.versus_best.is_some_and(|d| !d.surely_worse()))
        .map(name)
        .collect();
    if close.is_empty() {
        let others = if estimates.options.len() > 1 {
            ", surely better than every other option over the same worlds (95%)"
        } else {
            ""
        };
        format!("Take {}{others}.", name(best))
    } else {
        // The closest first (they are ranked so); a long list says little more.
        let named = match close.len() {
            1 => close[0].clone(),
            2 => format!("{} or {}", close[0], close[1]),
            n => format!("{}, {} or {} others", close[0], close[1], n - 2),
        };
        format!(
            "Too close to call: {} leads, but the worlds can not tell it from {named}.",
            name(best),
        )
    }
}

/// One option's line.
pub(crate) fn row(e: &Estimate, estimates: &Estimates) -> String {
    let score = e
        .mean_score()
        .map_or(String::new(), |m| format!(", mean score {m:.1}"));
    // An option surely worse is no longer played: say over how few.
    let left = if e.games < estimates.worlds {
        format!(" (surely worse: left after {} worlds)", e.games)
    } else {
        String::new()
    };
    // A left option's few worlds say little more than that it was left.
    let versus = match e.versus_best {
        Some(d) if left.is_empty() => format!("; against the best {}", difference(&d)),
        _ => String::new(),
    };
    let marker = if e.index == estimates.suggested {
        "  ← take this"
    } else {
        ""
    };
    format!(
        "\n  {}: win {:.0}% ± {:.0}{score}{left}{versus}{marker}",
        name(e),
        100.0 * e.win_rate(),
        100.0 * e.margin()
    )
}

/// An option as the player chooses it: its number and label.
fn name(e: &Estimate) -> String {
    format!("{}. {}", e.index + 1, e.label)
}

/// A paired difference and its 95% interval, in points of win rate or in
/// score where the two won alike in every world.
fn difference(d: &Difference) -> String {
    if d.margin.is_infinite() {
        return "(too few worlds to compare)".to_string();
    }
    if d.mean == 0.0 && d.margin == 0.0 {
        return "the same in every world".to_string();
    }
    match d.measure {
        Measure::Wins => format!(
            "{:+.0} points ({:+.0} to {:+.0})",
            100.0 * d.mean,
            100.0 * (d.mean - d.margin),
            100.0 * (d.mean + d.margin)
        ),
        Measure::Score => format!(
            "as many wins, score {:+.2} ({:+.2} to {:+.2})",
            d.mean,
            d.mean - d.margin,
            d.mean + d.margin
        ),
    }
}
