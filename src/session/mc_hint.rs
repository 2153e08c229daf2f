//! An mc hint as every front end shows it: in words, which option to take
//! and why, then each option best first with its figures and how far it
//! stands from the best over the same worlds; as data, the same figures.

use crate::run::mc::{Difference, Estimate, Estimates, Measure};
use serde_json::{json, Map, Value};

/// The hint in words: what was played, what to take, each option, and
/// how long it took.
pub(super) fn text(estimates: &Estimates) -> String {
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
    text += &format!("\n  {}", verdict(estimates));
    for e in &estimates.options {
        text += &row(e, estimates);
    }
    let cores = if estimates.cores == 1 {
        "core"
    } else {
        "cores"
    };
    text += &format!(
        "\n  ({:.1} s on {} {cores})",
        estimates.elapsed.as_secs_f64(),
        estimates.cores,
    );
    text
}

/// The hint as data, for the protocol: the option to take, then the same
/// figures as the words.
pub(super) fn fields(estimates: &Estimates) -> Map<String, Value> {
    let suggested = estimates
        .options
        .iter()
        .find(|e| e.index == estimates.suggested)
        .expect("the suggestion is one of the options");
    let rows: Vec<Value> = estimates
        .options
        .iter()
        .map(|e| Value::Object(hint_row(e, estimates)))
        .collect();
    let mut fields = option_fields(suggested);
    let more = [
        ("method", json!("mc")),
        ("verdict", json!(verdict(estimates))),
        ("options", Value::Array(rows)),
        ("worlds", json!(estimates.worlds)),
        ("tried", json!(estimates.tried)),
        ("cut_short", json!(estimates.cut_short)),
        ("too_close_to_call", json!(estimates.too_close_to_call())),
        ("seconds", json!(estimates.elapsed.as_secs_f64())),
        ("cores", json!(estimates.cores)),
        ("peeked", json!(false)),
        (
            "worlds_from",
            json!(if estimates.from_copies {
                "copies"
            } else {
                "replays"
            }),
        ),
    ];
    for (name, value) in more {
        fields.insert(name.into(), value);
    }
    fields
}

/// An option as every message names one: its index, key and label.
fn option_fields(e: &Estimate) -> Map<String, Value> {
    let mut fields = Map::new();
    fields.insert("index".into(), json!(e.index));
    fields.insert("key".into(), json!(e.key));
    fields.insert("label".into(), json!(e.label));
    fields
}

/// One option of an mc hint as data: its figures, and against the best.
fn hint_row(e: &Estimate, estimates: &Estimates) -> Map<String, Value> {
    let mut row = option_fields(e);
    row.insert("win_rate".into(), json!(e.win_rate()));
    row.insert("margin".into(), json!(e.margin()));
    row.insert("mean_score".into(), json!(e.mean_score()));
    row.insert("games".into(), json!(e.games));
    row.insert("suggested".into(), json!(e.index == estimates.suggested));
    let versus = e.versus_best.map(|d| {
        json!({
            "measure": match d.measure {
                Measure::Wins => "wins",
                Measure::Score => "score",
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
