//! An mc hint as every front end shows it: in words, the verdict (which
//! option or group of options to take, and how sure that is, or why the
//! ruleset's bot's choice is kept), then each option best first with its
//! figures and how it stands against the best over the same worlds; as
//! data, the same figures. The page's Hint shows the verdict, its Odds the
//! verdict and the table: one answer from one set of worlds.

use crate::run::mc::{alike_with, Alike, Difference, Estimate, Estimates, Kind, Measure};
use crate::run::BotChoice;
use crate::script::api::text::plural;
use crate::script::negligible::Negligible;
use crate::script::objective::Objective;
use serde_json::{json, Map, Value};

/// The hint in words: what was played, the verdict, each option, and how
/// long it took. `bot` is the ruleset's bot's choice here, with its reason.
pub(super) fn text(estimates: &Estimates, bot: Option<&BotChoice>) -> String {
    let mut text = format!(
        "hint (Monte Carlo over {} worlds of {} tried{}, by what the ruleset plays for: {}; no face-down card was looked at):",
        estimates.worlds,
        estimates.tried,
        if estimates.cut_short {
            ", cut short"
        } else {
            ""
        },
        estimates.objective,
    );
    text += &format!("\n  {}", verdict(estimates, bot));
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
    if let Some(why) = estimates.replays_because {
        text += &format!("\n  (worlds replay your game, not copy it: {why})");
    }
    text
}

/// The hint as data, for the protocol: the option to take, the verdict's
/// kind, then the same figures as the words.
pub(super) fn fields(estimates: &Estimates, bot: Option<&BotChoice>) -> Map<String, Value> {
    let rows: Vec<Value> = estimates
        .options
        .iter()
        .map(|e| Value::Object(hint_row(e, estimates)))
        .collect();
    let mut fields = option_fields(suggested(estimates));
    let more = [
        ("method", json!("mc")),
        ("verdict", json!(verdict(estimates, bot))),
        ("answered", json!(estimates.answered)),
        ("kind", json!(estimates.kind.map(Kind::word))),
        (
            "negligible",
            estimates
                .negligible
                .map_or(Value::Null, |n| json!({ "wins": n.wins, "score": n.score })),
        ),
        ("objective", json!(estimates.objective.word())),
        ("better_score", json!(estimates.objective.better_score())),
        ("options", Value::Array(rows)),
        ("worlds", json!(estimates.worlds)),
        ("tried", json!(estimates.tried)),
        ("cut_short", json!(estimates.cut_short)),
        ("too_close_to_call", json!(!estimates.answered)),
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
        (
            "replays_because",
            estimates
                .replays_because
                .map_or(Value::Null, |why| json!(why)),
        ),
        (
            "bot",
            bot.map_or(Value::Null, |b| json!({ "index": b.index, "why": b.why })),
        ),
    ];
    for (name, value) in more {
        fields.insert(name.into(), value);
    }
    fields
}

/// The option to take.
fn suggested(estimates: &Estimates) -> &Estimate {
    estimates
        .options
        .iter()
        .find(|e| e.index == estimates.suggested)
        .expect("the suggestion is one of the options")
}

/// An option as every message names one: its index, key and label.
fn option_fields(e: &Estimate) -> Map<String, Value> {
    let mut fields = Map::new();
    fields.insert("index".into(), json!(e.index));
    fields.insert("key".into(), json!(e.key));
    fields.insert("label".into(), json!(e.label));
    fields
}

/// One option of an mc hint as data: its figures, its group, and against
/// the best.
fn hint_row(e: &Estimate, estimates: &Estimates) -> Map<String, Value> {
    let mut row = option_fields(e);
    row.insert("win_rate".into(), json!(e.win_rate()));
    row.insert("margin".into(), json!(e.margin()));
    row.insert("mean_score".into(), json!(e.mean_score()));
    row.insert("games".into(), json!(e.games));
    row.insert("suggested".into(), json!(e.index == estimates.suggested));
    row.insert("group".into(), json!(e.group));
    let (_, how) = alike_with(e, &estimates.options);
    row.insert(
        "alike".into(),
        how.map_or(Value::Null, |h| json!(alike_word(h))),
    );
    let versus = e.versus_best.map(|d| {
        let (mean, low, high) = counted(&d, estimates.objective);
        json!({
            "measure": match d.measure {
                Measure::Wins => "wins",
                Measure::Score => "score",
            },
            "mean": mean,
            "low": low,
            "high": high,
            "worlds": d.worlds,
            "surely_worse": d.surely_worse() || e.games < estimates.worlds,
            "same": d.same,
        })
    });
    row.insert("versus_best".into(), versus.unwrap_or(Value::Null));
    row
}

fn alike_word(how: Alike) -> &'static str {
    match how {
        Alike::Position => "position",
        Alike::Results => "results",
    }
}

/// What makes a group's options as good as each other, in words.
fn alike_text(how: Alike, worlds: usize) -> String {
    match how {
        Alike::Position => "they lead to the same position in every world".into(),
        Alike::Results => format!("the same result in each of the {worlds} worlds"),
    }
}

/// Options named as a list: "3. X", "3. X or 5. Y", "3. X, 5. Y or 2 others".
fn listed(options: &[&Estimate], or: &str) -> String {
    let named: Vec<String> = options.iter().map(|e| name(e)).collect();
    match named.len() {
        0 => String::new(),
        1 => named[0].clone(),
        2 => format!("{} {or} {}", named[0], named[1]),
        3 => format!("{}, {} {or} {}", named[0], named[1], named[2]),
        n => format!("{}, {} {or} {} others", named[0], named[1], n - 2),
    }
}

/// The verdict, opened by its kind ("Separated: take 3. …"); where there
/// is none, what to take all the same and why. `bot` is the ruleset's
/// bot's choice.
pub(crate) fn verdict(estimates: &Estimates, bot: Option<&BotChoice>) -> String {
    let finding = finding(estimates, bot);
    match estimates.kind {
        Some(kind) => format!("{}: {}", kind.title(), lowered(&finding)),
        None => finding,
    }
}

/// A sentence with its first letter small, to follow a colon.
fn lowered(sentence: &str) -> String {
    let mut chars = sentence.chars();
    chars.next().map_or(String::new(), |first| {
        first.to_lowercase().chain(chars).collect()
    })
}

/// What to take and how sure that is; where there is no verdict, what to
/// take all the same and why.
fn finding(estimates: &Estimates, bot: Option<&BotChoice>) -> String {
    let options = &estimates.options;
    let take = suggested(estimates);
    let (mut best, how) = alike_with(&options[0], options);
    best.insert(0, &options[0]);
    // The one to take named first.
    best.sort_by_key(|e| e.index != take.index);
    let worlds = estimates.worlds;
    let bots = bot.and_then(|b| options.iter().find(|e| e.index == b.index));
    let said = |e: &Estimate| match bot {
        Some(b) if b.index == e.index => match &b.why {
            Some(why) => format!(", the ruleset's bot's choice ({why})"),
            None => ", the ruleset's bot's choice".to_string(),
        },
        _ => String::new(),
    };
    if options.len() == 1 {
        return format!("Take {}.", name(take));
    }
    if let Some(negligible) = estimates.negligible.filter(|_| estimates.answered) {
        return negligibly_beaten(estimates, take, negligible, &said(take));
    }
    if estimates.answered {
        if best.len() == options.len() {
            let how = how.map_or(String::new(), |h| format!(": {}", alike_text(h, worlds)));
            return format!("Any option is as good{how}.");
        }
        let sure = format!("surely better than every other option (95%, {worlds} worlds)");
        let mut text = if best.len() == 1 {
            format!("Take {}{}: {sure}.", name(take), said(take))
        } else {
            let how = how.map_or(String::new(), |h| format!(" ({})", alike_text(h, worlds)));
            let mut text = format!("Take any of {}{how}: {sure}.", listed(&best, "or"));
            if !said(take).is_empty() {
                text += &format!(" {} is{}.", name(take), said(take).trim_start_matches(','));
            }
            text
        };
        if let Some(b) = bots.filter(|b| best.iter().all(|e| e.index != b.index)) {
            text += &format!(" The ruleset's bot would take {}, surely worse.", name(b));
        }
        return text;
    }
    // No verdict: the worlds could not tell the best from some others.
    let close: Vec<&Estimate> = options
        .iter()
        .skip(1)
        .filter(|e| {
            e.group != 0 && e.games == worlds && e.versus_best.is_some_and(|d| !d.surely_worse())
        })
        .collect();
    let leader = &options[0];
    let unsure = format!("No option is surely best after {worlds} worlds");
    if take.index != leader.index {
        let against = take.versus_best.map_or(String::new(), |d| {
            format!(" by {}", lead_over(d, estimates.objective))
        });
        return format!(
            "{unsure}: {} leads {}{}{against}, which the worlds can not tell from chance; take {}, as the bot would.",
            name(leader),
            name(take),
            said(take),
            name(take),
        );
    }
    let mut text = format!(
        "{unsure}: take {}{}, the best estimate; {} may be as good.",
        listed(&best, "or"),
        said(take),
        listed(&close, "or"),
    );
    if let Some(b) =
        bots.filter(|b| b.games < worlds || b.versus_best.is_some_and(|d| d.surely_worse()))
    {
        text += &format!(" The ruleset's bot would take {}, surely worse.", name(b));
    }
    text
}

/// A verdict of negligible differences: no option beats the one to take
/// by the ruleset's margin, and the leader, where it is another, by how much.
fn negligibly_beaten(
    estimates: &Estimates,
    take: &Estimate,
    negligible: Negligible,
    said: &str,
) -> String {
    let mut text = format!(
        "Take {}{said}: no other option beats it by more than {} (95%, {} worlds): less is negligible to this ruleset",
        name(take),
        margins(negligible, estimates.objective),
        estimates.worlds,
    );
    let leader = &estimates.options[0];
    if let Some(d) = take.versus_best.filter(|_| leader.index != take.index) {
        text += &format!(
            "; {} leads it by {}",
            name(leader),
            lead_over(d, estimates.objective)
        );
    }
    text + "."
}

/// How far the leader leads an option, in words: the option's difference
/// from the best (`versus_best`), turned round.
fn lead_over(d: Difference, objective: Objective) -> String {
    difference(&Difference { mean: -d.mean, ..d }, objective)
}

/// A ruleset's negligible margins in words, in the measures its objective
/// compares by.
fn margins(negligible: Negligible, objective: Objective) -> String {
    let points = |n: f64, of: &str| format!("{} of {of}", plural(n.round() as i64, "point"));
    let wins = negligible.wins.map(|w| points(100.0 * w, "win rate"));
    let score = negligible.score.map(|s| points(s, "score"));
    match (objective.score_alone(), wins, score) {
        (true, _, Some(score)) => score,
        (false, Some(wins), Some(score)) => format!("{wins} (or {score} where they win alike)"),
        (false, Some(wins), None) => wins,
        (_, _, Some(score)) => format!("{score} where they win alike"),
        (_, _, None) => "nothing".to_string(),
    }
}

/// One option's line.
pub(crate) fn row(e: &Estimate, estimates: &Estimates) -> String {
    let score = e
        .mean_score()
        .map_or(String::new(), |m| format!(", mean score {m:.1}"));
    let first = estimates.options.iter().find(|o| o.group == e.group);
    let versus = if e.games < estimates.worlds {
        // A left option's few worlds say little more than that it was left.
        format!(" (surely worse: left after {} worlds)", e.games)
    } else if let Some(first) = first.filter(|f| f.index != e.index) {
        let (_, how) = alike_with(e, &estimates.options);
        match how {
            Some(Alike::Position) => {
                format!("; the same position as {} in every world", name(first))
            }
            _ => format!("; the same result as {} in every world", name(first)),
        }
    } else {
        match e.versus_best {
            Some(d) if d.surely_worse() => {
                format!(
                    "; against the best {}, surely worse",
                    difference(&d, estimates.objective)
                )
            }
            Some(d) => format!("; against the best {}", difference(&d, estimates.objective)),
            None => String::new(),
        }
    };
    let marker = if e.index == estimates.suggested {
        "  ← take this"
    } else {
        ""
    };
    format!(
        "\n  {}: win {:.0}% ± {:.0}{score}{versus}{marker}",
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
/// score where the two won alike in every world (or score is all that counts).
fn difference(d: &Difference, objective: Objective) -> String {
    if d.margin.is_infinite() {
        return "(too few worlds to compare)".to_string();
    }
    if d.same {
        return "the same in every world".to_string();
    }
    let (mean, low, high) = counted(d, objective);
    match d.measure {
        Measure::Wins => format!(
            "{} points ({} to {})",
            signed(100.0 * mean, 0),
            signed(100.0 * low, 0),
            signed(100.0 * high, 0)
        ),
        Measure::Score => format!(
            "score {} ({} to {})",
            signed(mean, 2),
            signed(low, 2),
            signed(high, 2)
        ),
    }
}

/// A number with its sign, to `decimals` places; one that rounds to zero
/// has none ("-0 points" would read as a loss).
fn signed(x: f64, decimals: usize) -> String {
    let text = format!("{x:+.decimals$}");
    if text[1..].chars().all(|c| c == '0' || c == '.') {
        text[1..].to_string()
    } else {
        text
    }
}

/// A difference and its interval as the ruleset counts: a score where a
/// lower one is better is turned back from its ranking.
fn counted(d: &Difference, objective: Objective) -> (f64, f64, f64) {
    if d.measure == Measure::Score && objective.lower() {
        (-d.mean, -d.mean - d.margin, -d.mean + d.margin)
    } else {
        (d.mean, d.mean - d.margin, d.mean + d.margin)
    }
}

#[cfg(test)]
mod tests {
    use super::signed;

    #[test]
    fn a_number_that_rounds_to_zero_has_no_sign() {
        assert_eq!(signed(-0.0004, 2), "0.00");
        assert_eq!(signed(-0.4, 0), "0");
        assert_eq!(signed(0.0, 0), "0");
        assert_eq!(signed(-0.6, 0), "-1");
        assert_eq!(signed(13.2, 0), "+13");
        assert_eq!(signed(-0.51, 2), "-0.51");
    }
}
