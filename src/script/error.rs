//! A script's failure, told as `file:line:column: what went wrong`, with the
//! chain of rule functions that led there, and a kind that the program
//! decides on (`check` names the broken invariant by it, the JSON protocol
//! reports it) without searching the message.

mod rings;

use super::limits::{MAX_CALL_DEPTH, MAX_ITEMS, MAX_STRING};
use rhai::{EvalAltResult, ParseError, Position};
use rings::Frame;
use serde::Serialize;
use std::collections::HashMap;
use std::fmt;

/// What sort of failure: the one thing callers branch on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ErrorKind {
    /// The script does not compile.
    Parse,
    /// A rule failed while running (a wrong call, a missing pile, a throw).
    Runtime,
    /// A sandbox limit: operations, depth, sizes.
    Limit,
    /// A card was lost or copied.
    Conservation,
    /// The game does not end: `play()` returned without an end.
    NoEnding,
    /// The game reached the host's cap on decisions without ending: a
    /// ruleset whose games may go on for ever (`sim` and `check` count
    /// such games rather than stop at them).
    TooLong,
    /// The person interrupted a slow step.
    Interrupted,
    /// A decision a player could not read or get a hint for: `fn view`,
    /// a label or the bot failed, or two options share a key or a label.
    /// Only `delve check` looks for it.
    Prompt,
    /// What a game of positions declares of its positions (`interchangeable`,
    /// `bookkeeping`) is false at a decision. Only `delve check` looks for it.
    Declaration,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptError {
    pub kind: ErrorKind,
    pub message: String,
    /// What went wrong, when Rhai lost where (some limits): a traced rerun
    /// of the same game can still place it (`placed_at`).
    pub(crate) unplaced: Option<String>,
}

/// A failure raised by the host inside a script call, carrying its kind
/// through Rhai (as the payload of a runtime error).
#[derive(Clone, Debug)]
pub(crate) struct HostFault {
    pub kind: ErrorKind,
    pub message: String,
    /// The message already names its place (an error of a function the
    /// host called from inside another), so none is put before it.
    pub placed: bool,
}

impl HostFault {
    pub(crate) fn boxed(kind: ErrorKind, message: String) -> Box<EvalAltResult> {
        let fault = HostFault {
            kind,
            message,
            placed: false,
        };
        EvalAltResult::ErrorRuntime(rhai::Dynamic::from(fault), Position::NONE).into()
    }

    /// A script error, whole, carried out through the script that led to it.
    pub(crate) fn placed(error: ScriptError) -> Box<EvalAltResult> {
        let fault = HostFault {
            kind: error.kind,
            message: error.message,
            placed: true,
        };
        EvalAltResult::ErrorRuntime(rhai::Dynamic::from(fault), Position::NONE).into()
    }
}

impl ScriptError {
    pub fn new(kind: ErrorKind, message: String) -> ScriptError {
        ScriptError {
            kind,
            message: short_words(message),
            unplaced: None,
        }
    }

    /// The same error, placed where a traced rerun found it.
    pub(crate) fn placed_at(self, origin: &str, position: Position) -> ScriptError {
        let Some(what) = &self.unplaced else {
            return self;
        };
        let place = locate(origin, position);
        // A loop through `base::` keeps its lead and its calls; only the
        // place where the limit was reached is new.
        if let Some((lead, rest)) = self.message.split_once(REACHED) {
            let calls = rest.split_once(')').map_or("", |(_, calls)| calls);
            return ScriptError::new(self.kind, format!("{lead}{REACHED}{place}){calls}"));
        }
        ScriptError::new(self.kind, format!("{place}: {what}"))
    }

    pub fn from_parse(origin: &str, error: &ParseError) -> ScriptError {
        let ParseError(kind, position) = error;
        ScriptError::new(
            ErrorKind::Parse,
            format!("{}: {kind}", locate(origin, *position)),
        )
    }

    /// Follows the error through the functions it passed, to where it arose.
    /// `file_of` names the file that defines a rule function (Rhai does not
    /// keep it for functions of a merged script); `origin` is where the
    /// outermost code lives.
    pub fn from_eval(
        origin: &str,
        error: &EvalAltResult,
        file_of: &dyn Fn(&str) -> Option<String>,
    ) -> ScriptError {
        let mut origin = origin.to_string();
        let mut calls = Vec::new();
        let mut error = error;
        while let EvalAltResult::ErrorInFunctionCall(name, source, inner, position) = error {
            calls.push(Frame {
                name: super::base_calls::demangle(name),
                place: locate(&origin, *position),
            });
            origin = match file_of(name) {
                Some(file) => file,
                None if !source.is_empty() => source.clone(),
                None => origin,
            };
            error = inner;
        }
        let (kind, what) = describe(error);
        let what = super::base_calls::demangle(&what);
        // Rhai loses the place of these two; a quick traced rerun finds it.
        let lost = matches!(
            error,
            EvalAltResult::ErrorStackOverflow(_) | EvalAltResult::ErrorDataTooLarge(..)
        );
        let unplaced = (lost && error.position().is_none()).then(|| what.clone());
        calls.reverse();
        // Too deep, whether Rhai or a host call that ran out of depth says so.
        let ring = (what == too_deep())
            .then(|| rings::through_base(&calls))
            .flatten();
        let mut message = if let Some(ring) = ring {
            // The author's `base::` call first; where the limit broke after.
            let at = locate(&origin, error.position());
            format!("{ring}: {what}{REACHED}{at})")
        } else if is_placed(error) {
            what
        } else {
            format!("{}: {what}", locate(&origin, error.position()))
        };
        // Deep recursion repeats one call, or a ring of calls, many times:
        // say it once, with a count.
        message += &rings::folded(&calls);
        ScriptError {
            kind,
            message: short_words(message),
            unplaced,
        }
    }
}

/// The message with every word of more than 200 characters cut to its
/// start: a script need not be the person's own (a transcript names it),
/// and an error quotes no more of it than a short excerpt.
fn short_words(message: String) -> String {
    const LONGEST: usize = 200;
    if !message.split(' ').any(|w| w.chars().nth(LONGEST).is_some()) {
        return message;
    }
    message
        .split(' ')
        .map(|w| {
            if w.chars().nth(LONGEST).is_some() {
                crate::read::excerpt(w)
            } else {
                w.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether the error is a fault whose message already names its place.
fn is_placed(error: &EvalAltResult) -> bool {
    match error {
        EvalAltResult::ErrorRuntime(value, _) | EvalAltResult::ErrorTerminated(value, _) => {
            value.read_lock::<HostFault>().is_some_and(|f| f.placed)
        }
        _ => false,
    }
}

/// The error where it arose, inside every function call it passed.
/// Whether an error of a script function the host called must reach the
/// run as it is, unplaced: the run's own stop, or a bound (a stack too deep,
/// a value too large) that a rerun has to meet at the same step.
pub(crate) fn passes_through(error: &EvalAltResult) -> bool {
    matches!(
        innermost(error),
        EvalAltResult::ErrorTerminated(..)
            | EvalAltResult::ErrorStackOverflow(..)
            | EvalAltResult::ErrorDataTooLarge(..)
    )
}

pub(crate) fn innermost(mut error: &EvalAltResult) -> &EvalAltResult {
    while let EvalAltResult::ErrorInFunctionCall(_, _, inner, _) = error {
        error = inner;
    }
    error
}

/// The kind and the text of the innermost error.
pub(crate) fn describe(error: &EvalAltResult) -> (ErrorKind, String) {
    match error {
        EvalAltResult::ErrorRuntime(value, _) => match value.read_lock::<HostFault>() {
            Some(fault) => (fault.kind, fault.message.clone()),
            None => (ErrorKind::Runtime, value.to_string()),
        },
        EvalAltResult::ErrorTerminated(token, _) => match token.read_lock::<HostFault>() {
            Some(fault) => (fault.kind, fault.message.clone()),
            None => (ErrorKind::Limit, token.to_string()),
        },
        EvalAltResult::ErrorStackOverflow(_) => (ErrorKind::Limit, too_deep()),
        EvalAltResult::ErrorDataTooLarge(what, _) => (ErrorKind::Limit, too_large(what)),
        EvalAltResult::ErrorTooManyOperations(_)
        | EvalAltResult::ErrorTooManyModules(_)
        | EvalAltResult::ErrorTooManyVariables(_) => (ErrorKind::Limit, plain(error)),
        other => (ErrorKind::Runtime, plain(other)),
    }
}

/// Where a loop through `base::` reached the depth limit, after its lead.
const REACHED: &str = " (the limit was reached at ";

/// What the call depth limit says.
fn too_deep() -> String {
    format!("rule functions call each other more than {MAX_CALL_DEPTH} deep")
}

/// Rhai's size limits, told with the limit.
fn too_large(what: &str) -> String {
    if what.starts_with("Length of string") {
        format!("a text grew longer than {} KiB", MAX_STRING >> 10)
    } else if what.starts_with("Size of array") {
        format!("an array grew past {MAX_ITEMS} items")
    } else if what.starts_with("Size of object map") {
        format!("a map grew past {MAX_ITEMS} items")
    } else {
        format!("{what} too large")
    }
}

/// Rhai's text without the ` (line x, position y)` it appends: the place
/// leads the message instead.
fn plain(error: &EvalAltResult) -> String {
    let text = error.to_string();
    let suffix = format!(" ({})", error.position());
    text.strip_suffix(&suffix).unwrap_or(&text).to_string()
}

/// `file:line:column`, or as much of it as is known.
pub(crate) fn locate(origin: &str, position: Position) -> String {
    match (position.line(), position.position()) {
        (Some(line), Some(column)) => format!("{origin}:{line}:{column}"),
        (Some(line), None) => format!("{origin}:{line}"),
        _ => origin.to_string(),
    }
}

/// Which file defines each rule function, so an error in a merged script
/// (a variant over its base) is placed in the right file.
#[derive(Clone, Debug, Default)]
pub(crate) struct Places {
    /// The ruleset's own file: where top-level code is placed.
    pub main: String,
    pub files: HashMap<String, String>,
    /// Every name the ruleset and the host know, for "did you mean".
    pub known: std::rc::Rc<super::suggest::Known>,
    /// The line each rule function starts on, in its file.
    pub lines: HashMap<String, usize>,
}

impl Places {
    pub(crate) fn file_of(&self, function: &str) -> Option<String> {
        self.files.get(function).cloned()
    }

    pub(crate) fn line_of(&self, function: &str) -> Option<usize> {
        self.lines.get(function).copied()
    }

    /// `copy` (a function copied under another name) is placed as `name`.
    pub(crate) fn same_as(&mut self, copy: String, name: &str) {
        if let Some(line) = self.line_of(name) {
            self.lines.insert(copy.clone(), line);
        }
        if let Some(file) = self.file_of(name) {
            self.files.insert(copy, file);
        }
    }

    /// An error of `function`, called from the host.
    pub(crate) fn error(&self, function: &str, error: &EvalAltResult) -> ScriptError {
        let origin = self.file_of(function).unwrap_or_else(|| self.main.clone());
        let mut placed = self.placed(&origin, error);
        // An error right in the function the host called: name it too.
        if !matches!(error, EvalAltResult::ErrorInFunctionCall(..)) && !is_placed(error) {
            placed.message += &format!("\n  in {}()", super::base_calls::demangle(function));
        }
        placed
    }

    /// An error of a function the host called from inside a host function
    /// (`label`, `rate`, `bot`, `view` while the game asks): placed in the
    /// function's own file, not at the call that led the host there.
    pub(crate) fn hook_error(&self, function: &str, error: &EvalAltResult) -> ScriptError {
        match error {
            EvalAltResult::ErrorInFunctionCall(name, _, inner, _) if name == function => {
                self.error(function, inner)
            }
            _ => self.error(function, error),
        }
    }

    /// An error of code in `origin`, with a "did you mean" when it names
    /// what nothing defines.
    pub(crate) fn placed(&self, origin: &str, error: &EvalAltResult) -> ScriptError {
        let mut placed = ScriptError::from_eval(origin, error, &|f| self.file_of(f));
        if let Some(hint) = super::suggest::hint(innermost(error), &self.known) {
            let end = placed.message.find('\n').unwrap_or(placed.message.len());
            placed.message.insert_str(end, &format!(": {hint}"));
        }
        placed
    }
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ScriptError {}

/// A compile error, or an import that failed while compiling, placed in
/// `source` (an import's own error is placed in the imported file).
pub(crate) fn load_error(
    source: &super::catalog::ScriptFile,
    error: &rhai::EvalAltResult,
) -> ScriptError {
    let origin = source.origin.as_str();
    match error {
        rhai::EvalAltResult::ErrorParsing(_, position) if names_curry(&source.text, *position) => {
            ScriptError::new(
                ErrorKind::Parse,
                format!(
                    "{}: `curry` is not available to rules: a function curried into itself doubles at each step, past every size limit",
                    locate(origin, *position)
                ),
            )
        }
        rhai::EvalAltResult::ErrorParsing(kind, position) => {
            let parse = rhai::ParseError(Box::new(kind.clone()), *position);
            ScriptError::from_parse(origin, &parse)
        }
        rhai::EvalAltResult::ErrorInModule(name, inner, position) => {
            // Rhai resolves imports before it knows their place: find it.
            let position = if position.is_none() {
                import_position(&source.text, name)
            } else {
                *position
            };
            let (kind, what) = describe(inner);
            let place = locate(origin, position);
            ScriptError::new(kind, format!("{place}: `import \"{name}\"`: {what}"))
        }
        other => ScriptError::from_eval(origin, other, &|_| None),
    }
}

/// Whether the word at `position` is `curry`, which the engine disables
/// (Rhai's own message after a dot only says it expected a property).
fn names_curry(text: &str, position: rhai::Position) -> bool {
    let (Some(line), Some(column)) = (position.line(), position.position()) else {
        return false;
    };
    text.lines().nth(line - 1).is_some_and(|l| {
        let rest: String = l.chars().skip(column - 1).take(5).collect();
        rest == "curry"
    })
}

/// Where `import "NAME"` stands in a script's text.
fn import_position(text: &str, name: &str) -> rhai::Position {
    let wanted = format!("\"{name}\"");
    text.lines()
        .enumerate()
        .find_map(|(i, line)| {
            let column = line.find(&wanted)?;
            let code = !line.trim_start().starts_with("//");
            (code && line.contains("import"))
                .then(|| rhai::Position::new((i + 1) as u16, (column + 1) as u16))
        })
        .unwrap_or(rhai::Position::NONE)
}
