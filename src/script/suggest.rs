//! "Did you mean": the nearest known name to one a script used but nothing
//! defines. Known names are the host's own functions and properties (read
//! from the source of the API that registers them, so the list can not
//! drift), Rhai's everyday built-ins, and every word of the ruleset's own
//! files (its functions and the keys of its maps).

use rhai::EvalAltResult;
use std::collections::BTreeSet;

/// The files that register what scripts call.
const API: &[&str] = &[
    include_str!("api/cards.rs"),
    include_str!("api/lifecycle.rs"),
    include_str!("api/moves.rs"),
    include_str!("api/piles.rs"),
    include_str!("api/state.rs"),
    include_str!("api/text.rs"),
    include_str!("api/verbs.rs"),
    include_str!("declare.rs"),
];

/// Rhai's own functions a ruleset is likely to reach for.
const BUILT_IN: &[&str] = &[
    "all",
    "chars",
    "clear",
    "contains",
    "drain",
    "ends_with",
    "extract",
    "filter",
    "find",
    "index_of",
    "insert",
    "is_empty",
    "keys",
    "len",
    "map",
    "max",
    "min",
    "pad",
    "pop",
    "push",
    "range",
    "reduce",
    "remove",
    "replace",
    "retain",
    "reverse",
    "shift",
    "some",
    "sort",
    "split",
    "starts_with",
    "sub_string",
    "to_lower",
    "to_string",
    "to_upper",
    "trim",
    "truncate",
    "type_of",
    "values",
    "abs",
    "print",
    "debug",
    "throw",
    "parse_int",
    "to_int",
    "append",
];

/// The names the host registers: the string after each `register_fn(`,
/// `register_get(` or `register_set(` in the API's source.
fn host_names() -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for source in API {
        for marker in ["register_fn(", "register_get(", "register_set("] {
            for (at, _) in source.match_indices(marker) {
                let rest = source[at + marker.len()..].trim_start();
                if let Some(rest) = rest.strip_prefix('"') {
                    if let Some(end) = rest.find('"') {
                        names.insert(rest[..end].to_string());
                    }
                }
            }
        }
    }
    names.extend(BUILT_IN.iter().map(|s| (*s).to_string()));
    names
}

/// The names known: the host's and the ruleset's functions first (how
/// many), then every other word the ruleset's texts use.
#[derive(Debug)]
pub(crate) struct Known {
    pub names: Vec<String>,
    pub functions: usize,
}

impl Default for Known {
    fn default() -> Known {
        Known {
            names: host_names().into_iter().collect(),
            functions: usize::MAX,
        }
    }
}

/// Every name a script's texts use, with the host's.
pub(crate) fn known_names<'a>(texts: impl IntoIterator<Item = &'a str> + Clone) -> Known {
    let mut callable = host_names();
    for text in texts.clone() {
        // The ruleset's own functions: the word after each `fn`.
        let mut words = text.split_whitespace();
        while let Some(word) = words.next() {
            if word == "fn" {
                if let Some(name) = words.next().and_then(|w| w.split('(').next()) {
                    callable.insert(name.to_string());
                }
            }
        }
    }
    let mut names = BTreeSet::new();
    for text in texts {
        let words = text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'));
        names.extend(
            words
                .filter(|w| w.len() > 1 && !w.starts_with(|c: char| c.is_ascii_digit()))
                .filter(|w| !callable.contains(*w))
                .map(str::to_string),
        );
    }
    let functions = callable.len();
    Known {
        names: callable.into_iter().chain(names).collect(),
        functions,
    }
}

/// The name a "not found" error is about, and what it is.
fn missing(error: &EvalAltResult) -> Option<(&str, &str)> {
    match error {
        EvalAltResult::ErrorFunctionNotFound(signature, _) => {
            let name = signature.split([' ', '(']).next()?;
            Some((name, "function"))
        }
        EvalAltResult::ErrorPropertyNotFound(name, _) => Some((name.as_str(), "property")),
        _ => None,
    }
}

/// What to add to an error about a name nothing defines.
pub(crate) fn hint(error: &EvalAltResult, known: &Known) -> Option<String> {
    let (name, what) = missing(error)?;
    let name = name.rsplit("::").next().unwrap_or(name);
    let functions = &known.names[..known.functions.min(known.names.len())];
    if what == "function" && functions.iter().any(|k| k == name) {
        return Some(format!(
            "there is a `{name}`, but not for these arguments: check their number and kinds"
        ));
    }
    nearest(name, known.names.iter().map(String::as_str))
        .map(|best| format!("did you mean `{best}`?"))
}

/// How alike two names are, 0 to 1 (Jaro-Winkler). A name longer than any
/// typo of a real one is like nothing: the measure's work grows with the
/// product of the lengths, and a script's or a file's name may be 64 KiB.
pub(crate) fn likeness(a: &str, b: &str) -> f64 {
    const LONGEST: usize = 100;
    if a.len() > LONGEST || b.len() > LONGEST {
        return 0.0;
    }
    strsim::jaro_winkler(a, b)
}

/// The known name nearest to `name`, when it is near enough to be a typo.
pub(crate) fn nearest<'a>(name: &str, known: impl Iterator<Item = &'a str>) -> Option<&'a str> {
    known
        .filter(|k| *k != name)
        .map(|k| (likeness(name, k), k))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, k)| k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_misspelt_host_function_or_map_key_finds_its_name() {
        let known = known_names(["fn deal(a) {}\nlet m = #{ card: 1 }; p.shufle();"]);
        assert!(known.names.iter().any(|k| k == "shuffle"));
        let not_found = |name: &str| {
            EvalAltResult::ErrorFunctionNotFound(format!("{name} (Pile)"), rhai::Position::NONE)
        };
        assert_eq!(
            hint(&not_found("shufle"), &known).as_deref(),
            Some("did you mean `shuffle`?")
        );
        let property = EvalAltResult::ErrorPropertyNotFound("crad".into(), rhai::Position::NONE);
        assert_eq!(
            hint(&property, &known).as_deref(),
            Some("did you mean `card`?")
        );
        assert_eq!(hint(&not_found("zzzzqqq"), &known), None);
        assert_eq!(
            hint(&not_found("deal"), &known).as_deref(),
            Some("there is a `deal`, but not for these arguments: check their number and kinds")
        );
    }
}
